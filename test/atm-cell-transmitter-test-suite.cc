/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/enum.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the line transmitter and the cell link: exact cell timing (first bit, last bit,
 * propagation), the long-run slot count of the exact clock, departures before arrivals, lazy
 * arrivals merged in time order, and no events on an idle link.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{
/// 2.75 us, the cell time of the "Sandia" rate, in ns.
constexpr int64_t SANDIA_NS = 2750;

/**
 * @ingroup atm-tests
 * @brief Test-only tail drop that records what the port state tells it: the instant of each
 *        admission decision and departure (AtmPortState::GetNow()) and the line's cell rate. Its
 * TypeId has no constructor, so the contract suites do not pick it up.
 */
class NowRecordingPolicy : public AtmBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::NowRecordingPolicy")
                                .SetParent<AtmBufferPolicy>()
                                .SetGroupName("Atm");
        return tid;
    }

    std::vector<Time> admitted;        //!< GetNow() at each Admit() (accepted or not)
    std::vector<uint16_t> admittedVci; //!< the VCI of the cell of each Admit()
    std::vector<Time> departed;        //!< GetNow() at each NotifyDeparture()
    AtmCellRate linkRate;              //!< GetLinkRate() at the last Admit()

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        admitted.push_back(state.GetNow());
        admittedVci.push_back(cell.vci);
        linkRate = state.GetLinkRate();
        if (state.GetCellsInBuffer() >= state.GetBufferCells())
        {
            return AtmAdmitDecision::DropCell("full"); // tail drop
        }
        return AtmAdmitDecision::Accept();
    }

    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        departed.push_back(state.GetNow());
    }
};
} // namespace

/**
 * @ingroup atm-tests
 * @brief A cell offered at t = 0 leaves at the first slot start after 0 (slot 1), its last bit
 *        leaves one cell time later and it is complete at the far end after the delay; cells
 *        queued behind it follow back to back.
 */
class AtmCellTimingTestCase : public TestCase
{
  public:
    AtmCellTimingTestCase()
        : TestCase("Cells leave in consecutive slots and arrive one cell time plus the delay "
                   "after their first bit")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Ptr<AtmChannel> ch = Connect(a, b, "Sandia", MilliSeconds(1));
        const uint32_t vc = a->AddVc();
        for (uint16_t i = 0; i < 3; ++i)
        {
            a->Inject(MakeCell(0, 40 + i), vc, Seconds(0));
        }
        Simulator::Run();
        const auto& rx = b->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 3, "three cells arrive");
        for (uint32_t i = 0; i < rx.size(); ++i)
        {
            // First bit at slot i + 1 (2750 (i + 1) ns), last bit one slot later, + 1 ms.
            const Time expected = NanoSeconds(SANDIA_NS * (i + 2)) + MilliSeconds(1);
            NS_TEST_ASSERT_MSG_EQ(rx[i].arrival, expected, "arrival of cell " << i);
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.vci, 40 + i, "FIFO order");
        }
        NS_TEST_ASSERT_MSG_EQ(ch->GetCellsTransmitted(0), 3, "channel counter of end 0");
        NS_TEST_ASSERT_MSG_EQ(a->GetTransmitter()->GetSlotEvents(),
                              3,
                              "one event per busy slot, none when idle");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A saturated link sends rate x T cells in T, to within one cell (exact cell clock).
 */
class AtmSlotCountTestCase : public TestCase
{
  public:
    /**
     * @param rate an AtmCellRate string
     * @param seconds the run length
     */
    AtmSlotCountTestCase(std::string rate, double seconds)
        : TestCase("A saturated " + rate + " link sends rate x T cells over T = " +
                   std::to_string(seconds) + " s, to within one cell"),
          m_rate(rate),
          m_seconds(seconds)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Connect(a, b, m_rate, Seconds(0));
        const uint32_t vc = a->AddVc();
        a->SetRefill(true);
        a->Inject(MakeCell(0, 32), vc, Seconds(0));
        Simulator::Stop(Seconds(m_seconds));
        Simulator::Run();
        const double expected = AtmCellRate::Parse(m_rate).GetCellsPerSecond() * m_seconds;
        const double sent = static_cast<double>(a->GetCellsSent());
        NS_TEST_ASSERT_MSG_LT_OR_EQ(std::fabs(sent - expected),
                                    1.0,
                                    "cells sent " << sent << " vs rate x T " << expected);
        NS_TEST_ASSERT_MSG_EQ(a->GetTransmitter()->GetSlotEvents(),
                              a->GetCellsSent(),
                              "exactly one event per cell on a busy link");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(a->GetTransmitter()->GetAllocatedEvents(),
                                    2U,
                                    "the slot events are reused, not allocated per slot");
        Simulator::Destroy();
    }

    std::string m_rate; //!< the rate
    double m_seconds;   //!< the run length
};

/**
 * @ingroup atm-tests
 * @brief Departures before arrivals (the model's same-instant order): with a one-cell buffer, a
 *        cell arriving exactly when the queued cell departs is accepted; one nanosecond earlier it
 *        is dropped.
 */
class AtmDeparturesFirstTestCase : public TestCase
{
  public:
    AtmDeparturesFirstTestCase()
        : TestCase("At a slot start the departure runs before a simultaneous arrival")
    {
    }

  private:
    /**
     * @param offsetNs arrival time of the second cell relative to slot 1's start
     * @param drops receives the cells dropped at the port
     * @return arrival time of the second cell at the far end (zero if lost)
     */
    Time Run(int64_t offsetNs, uint64_t* drops)
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        a->GetOutputPort()->SetAttribute("BufferCells", UintegerValue(1));
        Connect(a, b, "Sandia", Seconds(0));
        const uint32_t vc = a->AddVc();
        a->Inject(MakeCell(0, 32), vc, Seconds(0));
        a->Inject(MakeCell(0, 33), vc, NanoSeconds(SANDIA_NS + offsetNs));
        Simulator::Run();
        *drops = a->GetOutputPort()->GetStats().cellsDropped;
        Time second;
        for (const auto& rx : b->GetReceived())
        {
            if (rx.cell.vci == 33)
            {
                second = rx.arrival;
            }
        }
        Simulator::Destroy();
        return second;
    }

    void DoRun() override
    {
        uint64_t drops = 0;
        const Time t = Run(0, &drops);
        NS_TEST_ASSERT_MSG_EQ(drops, 0, "the departure at 2.75 us freed the one buffer slot");
        NS_TEST_ASSERT_MSG_EQ(t,
                              NanoSeconds(3 * SANDIA_NS),
                              "an arrival at slot 1's start leaves in slot 2");
        Run(-1, &drops);
        NS_TEST_ASSERT_MSG_EQ(drops, 1, "1 ns before the departure the buffer is full");
    }
};

/**
 * @ingroup atm-tests
 * @brief Arrivals announced out of time order on different inputs are stored in time order,
 *        and an idle link costs no events.
 */
class AtmArrivalMergeTestCase : public TestCase
{
  public:
    AtmArrivalMergeTestCase()
        : TestCase("Announced arrivals are merged in time order across inputs; an idle link "
                   "schedules nothing")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Ptr<NowRecordingPolicy> policy = CreateObject<NowRecordingPolicy>();
        a->GetOutputPort()->SetAttribute("BufferPolicy", PointerValue(policy));
        Connect(a, b, "Sandia", Seconds(0));
        const uint32_t vc = a->AddVc();
        Ptr<AtmCellTransmitter> tx = a->GetTransmitter();
        const uint32_t in0 = tx->AddInput();
        const uint32_t in1 = tx->AddInput();
        tx->Arrive(in0, MakeCell(0, 1), vc, MicroSeconds(100));
        tx->Arrive(in1, MakeCell(0, 2), vc, MicroSeconds(50));
        tx->Arrive(in0, MakeCell(0, 3), vc, Seconds(1));
        Simulator::Run();
        const auto& rx = b->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 3, "three cells");
        NS_TEST_ASSERT_MSG_EQ(rx[0].cell.vci, 2, "the earlier arrival leaves first");
        NS_TEST_ASSERT_MSG_EQ(rx[1].cell.vci, 1, "then the later one");
        NS_TEST_ASSERT_MSG_EQ(rx[2].cell.vci, 3, "a second later, the third");
        // 50 us is not a slot start: the cell leaves at slot ceil(50000 / 2750) = 19.
        NS_TEST_ASSERT_MSG_EQ(rx[0].arrival, NanoSeconds(20 * SANDIA_NS), "first cell timing");
        NS_TEST_ASSERT_MSG_EQ(tx->GetSlotEvents(), 3, "no event on the idle link");
        NS_TEST_ASSERT_MSG_EQ(tx->GetPendingCells(), 0, "nothing left announced");
        // The policy sees each cell at its arrival instant, although the port stores cells
        // lazily at the next slot, and each departure at its slot start; and the line's rate.
        NS_TEST_ASSERT_MSG_EQ(policy->admitted.size(), 3, "three admissions");
        NS_TEST_ASSERT_MSG_EQ(policy->admitted[0], MicroSeconds(50), "arrival instant 1");
        NS_TEST_ASSERT_MSG_EQ(policy->admitted[1], MicroSeconds(100), "arrival instant 2");
        NS_TEST_ASSERT_MSG_EQ(policy->admitted[2], Seconds(1), "arrival instant 3");
        NS_TEST_ASSERT_MSG_EQ(policy->departed.size(), 3, "three departures");
        NS_TEST_ASSERT_MSG_EQ(policy->departed[0], NanoSeconds(19 * SANDIA_NS), "slot 19 start");
        NS_TEST_ASSERT_MSG_EQ(policy->linkRate, AtmCellRate("Sandia"), "the line's cell rate");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Simultaneous arrivals on several inputs are stored in input order from a start that
 *        advances by one input with each new arrival instant, so that no input always gets
 *        the last free buffer place. Checked against a direct model of that rule (scan the
 *        inputs from the start, take the earliest; advance the start when the instant
 *        changes) on random announcements, some inputs with two cells at one instant.
 */
class AtmSimultaneousArrivalsTestCase : public TestCase
{
  public:
    AtmSimultaneousArrivalsTestCase()
        : TestCase("Simultaneous arrivals are stored in rotating input order (random "
                   "announcements against a direct model of the rule)")
    {
    }

  private:
    /// An announced cell of the model.
    struct Announced
    {
        int64_t at;   //!< arrival instant (ns)
        uint16_t vci; //!< its identity
    };

    void DoRun() override
    {
        uint64_t seed = 0x9e3779b97f4a7c15ULL;
        const auto next = [&seed]() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            return seed;
        };
        for (uint32_t round = 0; round < 20; ++round)
        {
            const uint32_t nInputs = 1 + round % 7;
            Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
            Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
            Ptr<NowRecordingPolicy> policy = CreateObject<NowRecordingPolicy>();
            a->GetOutputPort()->SetAttribute("BufferPolicy", PointerValue(policy));
            a->GetOutputPort()->SetAttribute("BufferCells", UintegerValue(100000));
            Connect(a, b, "Sandia", Seconds(0));
            const uint32_t vc = a->AddVc();
            Ptr<AtmCellTransmitter> tx = a->GetTransmitter();
            std::vector<std::vector<Announced>> model(nInputs);
            std::vector<uint32_t> inputs;
            for (uint32_t i = 0; i < nInputs; ++i)
            {
                inputs.push_back(tx->AddInput());
            }
            // Instants on a coarse grid so that many coincide; each input's in time order.
            uint16_t vci = 32;
            for (uint32_t i = 0; i < nInputs; ++i)
            {
                int64_t at = 1000;
                for (uint32_t c = 0; c < 40; ++c)
                {
                    at += 1000 * static_cast<int64_t>(next() % 3); // 0: same instant again
                    model[i].push_back(Announced{at, vci});
                    tx->Arrive(inputs[i], MakeCell(0, vci), vc, NanoSeconds(at));
                    ++vci;
                }
            }
            // The model: repeatedly the earliest first cell, ties to the first input scanned
            // from the start; the start advances when the instant changes.
            std::vector<uint16_t> expected;
            std::vector<size_t> head(nInputs, 0);
            uint32_t start = 0;
            int64_t last = -1;
            while (true)
            {
                uint32_t best = UINT32_MAX;
                for (uint32_t j = 0; j < nInputs; ++j)
                {
                    const uint32_t i = (start + j) % nInputs;
                    if (head[i] < model[i].size() &&
                        (best == UINT32_MAX || model[i][head[i]].at < model[best][head[best]].at))
                    {
                        best = i;
                    }
                }
                if (best == UINT32_MAX)
                {
                    break;
                }
                if (model[best][head[best]].at != last)
                {
                    last = model[best][head[best]].at;
                    start = (start + 1) % nInputs;
                }
                expected.push_back(model[best][head[best]].vci);
                ++head[best];
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(policy->admittedVci.size(),
                                  expected.size(),
                                  "round " << round << ": every cell stored");
            for (size_t c = 0; c < expected.size(); ++c)
            {
                NS_TEST_ASSERT_MSG_EQ(policy->admittedVci[c],
                                      expected[c],
                                      "round " << round << " (" << nInputs << " inputs): cell " << c
                                               << " in storing order");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The departure callback sees each cell at its slot start and its rewrite goes on the
 *        link, after the port let the cell go unchanged.
 */
class AtmDepartureCallbackTestCase : public TestCase
{
  public:
    AtmDepartureCallbackTestCase()
        : TestCase("The departure callback sees each cell at the start of its slot and may set "
                   "its CLP: the far end receives the rewritten cell, the port dequeued it as "
                   "it was")
    {
    }

  private:
    /// What the callback saw.
    struct Seen
    {
        std::vector<Time> starts; //!< the start passed with each cell

        /**
         * @param cell the departing cell (CLP set on odd VCIs)
         * @param start its slot start
         */
        void Departure(AtmCell& cell, Time start)
        {
            starts.push_back(start);
            NS_ASSERT(Simulator::Now() == start);
            cell.clp = (cell.vci % 2) == 1;
        }

        std::vector<bool> dequeuedClp; //!< CLP of each cell at the port's CellDequeue

        /// @param cell a cell the port let go
        void Dequeue(const AtmCell& cell)
        {
            dequeuedClp.push_back(cell.clp);
        }
    };

    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Connect(a, b, "Sandia", Seconds(0));
        const uint32_t vc = a->AddVc();
        Seen seen;
        a->GetTransmitter()->SetDepartureCallback(MakeCallback(&Seen::Departure, &seen));
        a->GetOutputPort()->TraceConnectWithoutContext("CellDequeue",
                                                       MakeCallback(&Seen::Dequeue, &seen));
        for (uint16_t vci = 32; vci < 36; ++vci)
        {
            a->Inject(MakeCell(0, vci), vc, Seconds(0));
        }
        Simulator::Run();
        const auto& rx = b->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 4, "four cells");
        NS_TEST_ASSERT_MSG_EQ(seen.starts.size(), 4, "the callback saw each");
        for (uint32_t i = 0; i < 4; ++i)
        {
            // Cell i starts in slot i + 1 and is complete one cell time later (no delay).
            NS_TEST_ASSERT_MSG_EQ(seen.starts[i], NanoSeconds((i + 1) * SANDIA_NS), "slot start");
            NS_TEST_ASSERT_MSG_EQ(rx[i].arrival, seen.starts[i] + NanoSeconds(SANDIA_NS), "timing");
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.clp, ((rx[i].cell.vci % 2) == 1), "rewritten CLP");
            NS_TEST_ASSERT_MSG_EQ(seen.dequeuedClp[i], false, "the port saw the queued cell");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A transmitter that defers its slots (AtmCellTransmitter::SetDeferral) takes exactly
 *        the decisions of one that runs each slot at its start, with far fewer events: random
 *        arrivals on three inputs announced 1 ns to 2 ms ahead (some at one instant), a small
 *        tail-drop buffer, two VCs under AN2 credits returned by the far end, the port read
 *        through the device at random instants during the run. With a trace sink on the port
 *        it runs one event per slot again.
 */
class AtmDeferredSlotsTestCase : public TestCase
{
  public:
    AtmDeferredSlotsTestCase()
        : TestCase("Deferred slots: the same admissions, departures, arrivals, credits and "
                   "counters as one event per slot, in far fewer events; none while traced")
    {
    }

  private:
    /// What one run produced.
    struct Outcome
    {
        std::vector<Time> admitted;        //!< GetNow() at each admission
        std::vector<uint16_t> admittedVci; //!< and the cell's VCI
        std::vector<Time> departed;        //!< GetNow() at each departure
        std::vector<Time> rxAt;            //!< arrival of each cell at the far end
        std::vector<uint16_t> rxVci;       //!< and its VCI
        std::vector<uint64_t> samples;     //!< counters read through the device during the run
        uint64_t cellsSent{0};             //!< AtmDevice::GetCellsSent at the end
        uint64_t slotEvents{0};            //!< slot events of the transmitter
        uint32_t dequeueSink{0};           //!< cells the CellDequeue sink saw (traced run)
        uint32_t offered{0};               //!< cells announced
    };

    /// @param seen counts a dequeued cell
    static void CountDequeue(uint32_t* seen, const AtmCell& /* cell */)
    {
        ++*seen;
    }

    /**
     * @param defer give the transmitter a 400 us deferral
     * @param traced connect a sink to the port's CellDequeue
     * @return what happened
     */
    static Outcome Run(bool defer, bool traced)
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Ptr<NowRecordingPolicy> policy = CreateObject<NowRecordingPolicy>();
        Ptr<AtmCreditFlowControl> credits = CreateObject<AtmCreditFlowControl>();
        credits->SetAttribute("InitialCredits", UintegerValue(100));
        a->GetOutputPort()->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        a->SetCreditFlowControl(credits);
        b->SetReturnCredits(true);
        Connect(a, b, "Sandia", MilliSeconds(1));
        a->GetOutputPort()->SetAttribute("BufferPolicy", PointerValue(policy));
        a->GetOutputPort()->SetAttribute("BufferCells", UintegerValue(24));
        const uint32_t vc0 = a->AddVc();
        const uint32_t vc1 = a->AddVc();
        Ptr<AtmCellTransmitter> tx = a->GetTransmitter();
        Outcome out;
        if (defer)
        {
            tx->SetDeferral([]() { return MicroSeconds(400); }, []() { return false; });
        }
        if (traced)
        {
            a->GetOutputPort()->TraceConnectWithoutContext(
                "CellDequeue",
                MakeBoundCallback(&CountDequeue, &out.dequeueSink));
        }
        // Three inputs announce bursts of cells, each input a fixed lead ahead of the arrival
        // (an upstream's link delay); arrival instants on a half-slot grid, so that many
        // coincide with each other and with slot starts.
        uint64_t seed = 0x2545f4914f6cdd1dULL;
        const auto next = [&seed]() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            return seed;
        };
        const Time leads[] = {NanoSeconds(1), MicroSeconds(300), MilliSeconds(2)};
        uint16_t vci = 32;
        for (uint32_t i = 0; i < 3; ++i)
        {
            const uint32_t input = tx->AddInput();
            int64_t at = 2100000; // ns: after the longest lead
            for (uint32_t burst = 0; burst < 60; ++burst)
            {
                const uint32_t cells = 1 + next() % 20;
                const uint32_t vc = (next() % 2) == 0 ? vc0 : vc1;
                for (uint32_t c = 0; c < cells; ++c)
                {
                    at += (SANDIA_NS / 2) * static_cast<int64_t>(next() % 3);
                    const Time arrival = NanoSeconds(at);
                    Simulator::Schedule(arrival - leads[i],
                                        &AtmCellTransmitter::Arrive,
                                        tx,
                                        input,
                                        MakeCell(0, vci++),
                                        vc,
                                        arrival);
                }
                at += SANDIA_NS * static_cast<int64_t>(next() % 200);
            }
        }
        // Read the port, the credits and the counters through the device at random instants.
        for (uint32_t s = 0; s < 40; ++s)
        {
            Simulator::Schedule(NanoSeconds(2000000 + static_cast<int64_t>(next() % 60000000)),
                                [a, credits, vc0, &out]() {
                                    const AtmPortVcStats& st = a->GetOutputPort()->GetStats();
                                    out.samples.push_back(st.cellsArrived);
                                    out.samples.push_back(st.cellsDeparted);
                                    out.samples.push_back(st.cellsDropped);
                                    out.samples.push_back(a->GetOutputPort()->GetCellsInQueue());
                                    out.samples.push_back(a->GetCellsSent());
                                    out.samples.push_back(credits->GetBalance(vc0));
                                });
        }
        Simulator::Run();
        out.admitted = policy->admitted;
        out.admittedVci = policy->admittedVci;
        out.departed = policy->departed;
        for (const auto& rx : b->GetReceived())
        {
            out.rxAt.push_back(rx.arrival);
            out.rxVci.push_back(rx.cell.vci);
        }
        out.offered = vci - 32u;
        out.cellsSent = a->GetCellsSent();
        out.slotEvents = tx->GetSlotEvents();
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        const Outcome slot = Run(false, false);
        const Outcome deferred = Run(true, false);
        const Outcome traced = Run(true, true);
        NS_TEST_ASSERT_MSG_GT(slot.cellsSent, 1000, "a busy link");
        NS_TEST_ASSERT_MSG_EQ(slot.offered, 1902, "the cells offered");
        NS_TEST_ASSERT_MSG_LT(slot.rxAt.size() + 100,
                              static_cast<size_t>(slot.offered),
                              "the small buffer drops cells");
        for (const Outcome* o : {&deferred, &traced})
        {
            const std::string what = o == &deferred ? "deferred" : "deferred but traced";
            NS_TEST_ASSERT_MSG_EQ(o->cellsSent, slot.cellsSent, what << ": cells sent");
            NS_TEST_ASSERT_MSG_EQ((o->admitted == slot.admitted), true, what << ": admissions");
            NS_TEST_ASSERT_MSG_EQ((o->admittedVci == slot.admittedVci),
                                  true,
                                  what << ": admitted cells");
            NS_TEST_ASSERT_MSG_EQ((o->departed == slot.departed), true, what << ": departures");
            NS_TEST_ASSERT_MSG_EQ((o->rxAt == slot.rxAt), true, what << ": arrival instants");
            NS_TEST_ASSERT_MSG_EQ((o->rxVci == slot.rxVci), true, what << ": cells received");
            NS_TEST_ASSERT_MSG_EQ((o->samples == slot.samples),
                                  true,
                                  what << ": counters read during the run");
        }
        // 400 us are about 145 slots: well under one event per ten busy slots.
        NS_TEST_ASSERT_MSG_LT(deferred.slotEvents * 10,
                              slot.slotEvents,
                              "deferred: " << deferred.slotEvents << " events vs "
                                           << slot.slotEvents);
        NS_TEST_ASSERT_MSG_EQ(traced.slotEvents, slot.slotEvents, "traced: one event per slot");
        NS_TEST_ASSERT_MSG_EQ(traced.dequeueSink, slot.cellsSent, "the sink saw every cell");
    }
};

/**
 * @ingroup atm-tests
 * @brief The cell transmitter and link test suite.
 */
class AtmCellTransmitterTestSuite : public TestSuite
{
  public:
    AtmCellTransmitterTestSuite()
        : TestSuite("atm-cell-transmitter", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCellTimingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSlotCountTestCase("OC3c", 0.25), ATM_TEST_QUICK);
        AddTestCase(new AtmSlotCountTestCase("DS3", 0.25), ATM_TEST_QUICK);
        AddTestCase(new AtmSlotCountTestCase("2.75us", 0.1), ATM_TEST_QUICK);
        AddTestCase(new AtmSlotCountTestCase("OC3c", 10), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmDeparturesFirstTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmArrivalMergeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSimultaneousArrivalsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDepartureCallbackTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferredSlotsTestCase, ATM_TEST_QUICK);
    }
};

static AtmCellTransmitterTestSuite
    g_atmCellTransmitterTestSuite; //!< static instance registering the suite
