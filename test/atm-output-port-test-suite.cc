/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-output-port.h"
#include "ns3/ea98-buffer-policy.h"
#include "ns3/enum.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/fifo-cell-scheduler.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/priority-cell-scheduler.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/sandia-drop-whole-buffer-policy.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmOutputPort without a transmitter: ledger against traces, buffer limit, the frame
 * state machine driven by scripted decisions, SANDIA's drop-whole and its headSent edge case,
 * drop-from-front (ACCEPT_AND_PURGE_FRONT) and the PDUs it must never touch, the port against
 * the test model of it under random purges, scheduler integration, and RM cells (PTI 110), which
 * bypass the policy and the frame state machine and are never purged with a PDU.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @ingroup atm-tests
 * @brief Test-only buffer policy returning decisions from a script.
 *
 * Its TypeId has no constructor, so the contract suites (which instantiate every constructible
 * AtmBufferPolicy subclass) do not pick it up. When the script is empty it behaves as tail drop.
 */
class ScriptedBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason A.
    static constexpr char REASON_A[] = "Script: reason A";
    /// Drop reason B.
    static constexpr char REASON_B[] = "Script: reason B";
    /// Drop reason when the script is empty and the buffer is full.
    static constexpr char FULL[] = "Script: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::ScriptedBufferPolicy")
                                .SetParent<AtmBufferPolicy>()
                                .SetGroupName("Atm");
        return tid;
    }

    std::deque<AtmAdmitDecision> script; //!< decisions still to return, in order
    uint32_t consulted{0};               //!< Admit() calls seen
    uint32_t departures{0};              //!< NotifyDeparture() calls seen

  private:
    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        ++departures;
    }

    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        ++consulted;
        if (!script.empty())
        {
            const AtmAdmitDecision d = script.front();
            script.pop_front();
            return d;
        }
        return state.GetCellsInBuffer() < state.GetBufferCells() ? AtmAdmitDecision::Accept()
                                                                 : AtmAdmitDecision::DropCell(FULL);
    }
};

/**
 * @ingroup atm-tests
 * @brief Test-only cell scheduler that serves queues in FIFO order of backlog and records every
 * notification it receives as a word: "B<q>" backlogged, "E<vc>@<us>" enqueued (with the
 * state's GetNow() in microseconds), "S<q>" served, "P<vc>" purged, "X<q>" emptied.
 *
 * Its TypeId has no constructor, so the scheduler contract suite does not pick it up.
 */
class SpyCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::SpyCellScheduler")
                                .SetParent<AtmCellScheduler>()
                                .SetGroupName("Atm");
        return tid;
    }

    std::string log; //!< the notifications, space-separated

  private:
    /// @param word one notification
    void Add(const std::string& word)
    {
        log += (log.empty() ? "" : " ") + word;
    }

    void DoNotifyBacklogged(uint32_t queue) override
    {
        Add("B" + std::to_string(queue));
        m_order.push_back(queue);
    }

    void DoNotifyEmptied(uint32_t queue) override
    {
        Add("X" + std::to_string(queue));
        m_order.erase(std::find(m_order.begin(), m_order.end(), queue));
    }

    void DoNotifyEnqueued(const AtmPortState& state, uint32_t vc) override
    {
        Add("E" + std::to_string(vc) + "@" + std::to_string(state.GetNow().GetMicroSeconds()));
    }

    void DoNotifyPurged(const AtmPortState& state, uint32_t vc) override
    {
        Add("P" + std::to_string(vc));
    }

    void DoNotifyServed(uint32_t queue) override
    {
        Add("S" + std::to_string(queue));
    }

    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override
    {
        for (uint32_t q : m_order)
        {
            if (state.IsQueueEligible(q))
            {
                return q;
            }
        }
        return std::nullopt;
    }

    std::vector<uint32_t> m_order; //!< backlogged queues in backlog order
};

/**
 * @param s counters
 * @param queued cells in the buffer
 * @return true if arrived == departed + queued + dropped and accepted == departed + queued +
 *         purged
 */
bool
Conserved(const AtmPortVcStats& s, uint32_t queued)
{
    return s.cellsArrived == s.cellsDeparted + queued + s.cellsDropped &&
           s.cellsAccepted == s.cellsDeparted + queued + s.cellsPurged;
}

/// @return the queue mode's name
std::string
ModeName(AtmOutputPort::QueueMode mode)
{
    switch (mode)
    {
    case AtmOutputPort::SHARED:
        return "SHARED";
    case AtmOutputPort::PER_VC:
        return "PER_VC";
    case AtmOutputPort::PER_CLASS:
        return "PER_CLASS";
    }
    return "?";
}

/// @return the (vc, index) pairs printed as "vc.index vc.index ..."
std::string
Str(const std::vector<std::pair<uint32_t, uint16_t>>& v)
{
    std::string s;
    for (const auto& [vc, index] : v)
    {
        s += (s.empty() ? "" : " ") + std::to_string(vc) + "." + std::to_string(index);
    }
    return s;
}

/// @return the VC order of the departures, "0 1 2 ..."
std::string
VcOrder(const std::vector<std::pair<uint32_t, uint16_t>>& v)
{
    std::string s;
    for (const auto& entry : v)
    {
        s += (s.empty() ? "" : " ") + std::to_string(entry.first);
    }
    return s;
}

/// Drain a port completely. @param port the port @return the number of cells dequeued
uint32_t
Drain(Ptr<AtmOutputPort> port)
{
    uint32_t n = 0;
    while (port->Dequeue(Seconds(0)))
    {
        ++n;
    }
    return n;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Random frames on several VCs with tail drop: trace counts equal the port's counters
 * and the ledger holds per VC and per port after every step.
 */
class OutputPortLedgerTestCase : public TestCase
{
  public:
    /**
     * @param mode the queue mode
     * @param scheduler the scheduler's TypeId name
     */
    OutputPortLedgerTestCase(AtmOutputPort::QueueMode mode, std::string scheduler)
        : TestCase("Trace counts equal the port counters and cells are conserved per VC and per "
                   "port over random frames with tail drop (" +
                   ModeName(mode) + ", " + scheduler + ")"),
          m_mode(mode),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t K = 40;
        ObjectFactory f;
        f.SetTypeId(m_scheduler);
        Ptr<AtmOutputPort> port = MakeOutputPort(K, m_mode, nullptr, f.Create<AtmCellScheduler>());
        PortTraceCounter counter;
        counter.Attach(port);
        const AtmServiceCategory cats[] = {AtmServiceCategory::CBR,
                                           AtmServiceCategory::UBR,
                                           AtmServiceCategory::NRT_VBR,
                                           AtmServiceCategory::UBR,
                                           AtmServiceCategory::CBR,
                                           AtmServiceCategory::GFR};
        const uint32_t nVcs = 6;
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            NS_TEST_ASSERT_MSG_EQ(port->AddVc(cats[vc]), vc, "dense VC index");
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetNQueues(),
                              (m_mode == AtmOutputPort::SHARED   ? 1U
                               : m_mode == AtmOutputPort::PER_VC ? nVcs
                                                                 : 4U),
                              "queues created for the mode");
        std::vector<uint16_t> next(nVcs, 0);  // next cell index per VC
        std::vector<uint16_t> count(nVcs, 0); // cell count of the VC's current PDU
        uint32_t rng = 12345;
        auto rand = [&rng](uint32_t n) {
            rng ^= rng << 13;
            rng ^= rng >> 17;
            rng ^= rng << 5;
            return rng % n;
        };
        for (uint32_t step = 0; step < 5000; ++step)
        {
            const uint32_t arrivals = rand(4);
            for (uint32_t a = 0; a < arrivals; ++a)
            {
                const uint32_t vc = rand(nVcs);
                if (next[vc] == count[vc])
                {
                    next[vc] = 0;
                    count[vc] = static_cast<uint16_t>(1 + rand(12));
                }
                port->Receive(MakePduCell(vc, next[vc], count[vc]), vc);
                ++next[vc];
            }
            if (rand(4) != 0)
            {
                port->Dequeue(Seconds(0));
            }
            NS_TEST_ASSERT_MSG_LT_OR_EQ(port->GetCellsInQueue(), K, "never beyond BufferCells");
            NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
            CheckLedger(port, counter, nVcs);
            if (IsStatusFailure())
            {
                return;
            }
        }
        NS_TEST_ASSERT_MSG_GT(port->GetStats().cellsDropped, 0, "the run overloads the buffer");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(TailDropBufferPolicy::BUFFER_FULL),
                              port->GetStats().cellsDropped,
                              "every drop is a tail drop");
        const uint32_t queued = port->GetCellsInQueue();
        NS_TEST_ASSERT_MSG_EQ(Drain(port), queued, "draining returns every queued cell");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 0, "empty after draining");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0)).has_value(), false, "nothing left");
        CheckLedger(port, counter, nVcs);
        // Cells of one VC leave in the order they were stored.
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            std::vector<std::pair<uint32_t, uint16_t>> in;
            std::vector<std::pair<uint32_t, uint16_t>> out;
            for (const auto& e : counter.enqueues)
            {
                if (e.first == vc)
                {
                    in.push_back(e);
                }
            }
            for (const auto& e : counter.dequeues)
            {
                if (e.first == vc)
                {
                    out.push_back(e);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(Str(out), Str(in), "per-VC FIFO order of VC " << vc);
        }
    }

    /**
     * @param port the port
     * @param counter the trace counter
     * @param nVcs the number of VCs
     */
    void CheckLedger(Ptr<AtmOutputPort> port, const PortTraceCounter& counter, uint32_t nVcs)
    {
        uint64_t arrived = 0;
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            const AtmPortVcStats& s = port->GetVcStats(vc);
            const PortTraceCounter::Counts c = counter.Get(vc);
            NS_TEST_ASSERT_MSG_EQ(c.enqueued, s.cellsAccepted, "CellEnqueue count, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(c.dequeued, s.cellsDeparted, "CellDequeue count, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(c.dropped, s.cellsDropped, "CellDrop count, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(c.framesDropped, s.framesDropped, "FrameDrop count, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(Conserved(s, port->GetVcCellsInQueue(vc)),
                                  true,
                                  "ledger of VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, TailDropBufferPolicy::BUFFER_FULL),
                                  s.cellsDropped,
                                  "drops by reason, VC " << vc);
            arrived += s.cellsArrived;
        }
        const AtmPortVcStats& p = port->GetStats();
        NS_TEST_ASSERT_MSG_EQ(counter.total.enqueued, p.cellsAccepted, "CellEnqueue count");
        NS_TEST_ASSERT_MSG_EQ(counter.total.dequeued, p.cellsDeparted, "CellDequeue count");
        NS_TEST_ASSERT_MSG_EQ(counter.total.dropped, p.cellsDropped, "CellDrop count");
        NS_TEST_ASSERT_MSG_EQ(counter.total.framesDropped, p.framesDropped, "FrameDrop count");
        NS_TEST_ASSERT_MSG_EQ(Conserved(p, port->GetCellsInQueue()), true, "port ledger");
        NS_TEST_ASSERT_MSG_EQ(arrived, p.cellsArrived, "port arrivals = sum over VCs");
    }

    AtmOutputPort::QueueMode m_mode; //!< queue mode
    std::string m_scheduler;         //!< scheduler TypeId name
};

/**
 * @ingroup atm-tests
 * @brief Tail drop fills the buffer to exactly K cells and occupancy follows every step.
 */
class OutputPortOccupancyTestCase : public TestCase
{
  public:
    OutputPortOccupancyTestCase()
        : TestCase("The port stores at most BufferCells cells and its occupancy is exact after "
                   "arrivals, drops and departures")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = MakeOutputPort(5, AtmOutputPort::SHARED);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        NS_TEST_ASSERT_MSG_EQ(port->GetBufferPolicy()->GetInstanceTypeId(),
                              TailDropBufferPolicy::GetTypeId(),
                              "default policy is tail drop");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellScheduler()->GetInstanceTypeId(),
                              FifoCellScheduler::GetTypeId(),
                              "default scheduler is FIFO");
        for (uint16_t i = 0; i < 8; ++i)
        {
            port->Receive(MakePduCell(vc, i, 100), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 5, "K cells stored");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().cellsDropped, 3, "3 tail drops");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(TailDropBufferPolicy::BUFFER_FULL), 3, "reason");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->index, 0, "oldest first");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->index, 1, "oldest first");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 3, "two departed");
        for (uint16_t i = 8; i < 11; ++i)
        {
            port->Receive(MakePduCell(vc, i, 100), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 5, "full again");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().cellsDropped, 4, "one more drop");
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 5, "five cells drained");
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues), "0.0 0.1 0.2 0.3 0.4 0.8 0.9", "order");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 0, "empty");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0)).has_value(), false, "nothing to send");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "ledger");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().framesDropped, 1, "one damaged PDU");
    }
};

/**
 * @ingroup atm-tests
 * @brief The cell slab grows with the occupancy, not with the configured buffer, and never
 *        beyond it; cells stored in a grown slab keep their order.
 */
class OutputPortSlabOnDemandTestCase : public TestCase
{
  public:
    OutputPortSlabOnDemandTestCase()
        : TestCase("A 600,000-cell buffer holding 100 cells allocates 128 slots; a full 1000-cell "
                   "buffer allocates exactly 1000; FIFO order across the growth")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> big = MakeOutputPort(600000, AtmOutputPort::SHARED);
        const uint32_t vc = big->AddVc(AtmServiceCategory::UBR);
        NS_TEST_ASSERT_MSG_EQ(big->GetAllocatedCells(), 0, "nothing before the first cell");
        for (uint16_t i = 0; i < 100; ++i)
        {
            big->Receive(MakePduCell(vc, i, 1000), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(big->GetAllocatedCells(), 128, "64, then doubled once");
        NS_TEST_ASSERT_MSG_EQ(Drain(big), 100, "every cell back");
        for (uint16_t i = 100; i < 200; ++i)
        {
            big->Receive(MakePduCell(vc, i, 1000), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(big->GetAllocatedCells(), 128, "freed slots are reused");

        Ptr<AtmOutputPort> port = MakeOutputPort(1000, AtmOutputPort::SHARED);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v = port->AddVc(AtmServiceCategory::UBR);
        for (uint16_t i = 0; i < 1200; ++i)
        {
            port->Receive(MakePduCell(v, i, 2000), v);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 1000, "K cells stored");
        NS_TEST_ASSERT_MSG_EQ(port->GetAllocatedCells(), 1000, "capped at K, not 1024");
        for (uint16_t i = 0; i < 1000; ++i)
        {
            const std::optional<AtmCell> cell = port->Dequeue(Seconds(0));
            NS_TEST_ASSERT_MSG_EQ(cell.has_value(), true, "cell " << i);
            NS_TEST_ASSERT_MSG_EQ(cell->index, i, "FIFO order across the slab's growth");
        }
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief DROP_FRAME with keepEom: the rest of the PDU is dropped, its EOM kept when there is
 * room and dropped when the buffer is full.
 */
class OutputPortDropFrameKeepEomTestCase : public TestCase
{
  public:
    /// @param full true to fill the buffer before the EOM arrives
    explicit OutputPortDropFrameKeepEomTestCase(bool full)
        : TestCase(full ? "DROP_FRAME with keepEom drops the EOM too when the buffer is full"
                        : "DROP_FRAME with keepEom drops the middle cells with the original "
                          "reason and keeps the EOM when there is room"),
          m_full(full)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(m_full ? 2 : 10, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        policy->script = {AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::DropFrame(ScriptedBufferPolicy::REASON_A, true)};
        port->Receive(MakePduCell(v0, 0, 5), v0);
        port->Receive(MakePduCell(v0, 1, 5), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::DROP_PPD,
                              "keepEom leads to DROP_PPD");
        if (m_full)
        {
            port->Receive(MakePduCell(v1, 0, 3), v1); // fills K = 2 (script empty: accept)
        }
        port->Receive(MakePduCell(v0, 2, 5), v0);
        port->Receive(MakePduCell(v0, 3, 5), v0);
        port->Receive(MakePduCell(v0, 4, 5), v0); // EOM
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, (m_full ? 3U : 2U), "not consulted in DROP_PPD");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0), AtmFrameState::IDLE, "EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), (m_full ? 1U : 2U), "queued cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, ScriptedBufferPolicy::REASON_A),
                              (m_full ? 4U : 3U),
                              "every dropped cell carries the original reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsDropped, (m_full ? 4U : 3U), "drops");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1, "FrameDrop fires once");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].second,
                              ScriptedBufferPolicy::REASON_A,
                              "FrameDrop reason");
        for (const char* r : counter.dropReasons)
        {
            NS_TEST_ASSERT_MSG_EQ(r, ScriptedBufferPolicy::REASON_A, "CellDrop reason");
        }
        // The next PDU is offered to the policy afresh.
        port->Receive(MakePduCell(v0, 0, 1), v0);
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, (m_full ? 4U : 3U), "consulted in IDLE");
        Drain(port);
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                              std::string(m_full ? "0.0 1.0" : "0.0 0.4 0.0"),
                              "what left the port");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC ledger");
    }

    bool m_full; //!< buffer full when the EOM arrives
};

/**
 * @ingroup atm-tests
 * @brief DROP_FRAME without keepEom: the EOM is dropped too and the next PDU is admitted afresh.
 */
class OutputPortDropFrameAllTestCase : public TestCase
{
  public:
    OutputPortDropFrameAllTestCase()
        : TestCase("DROP_FRAME without keepEom drops the rest of the PDU including its EOM, then "
                   "the next PDU is admitted afresh")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_VC, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        policy->script = {AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::DropFrame(ScriptedBufferPolicy::REASON_B, false)};
        for (uint16_t i = 0; i < 4; ++i)
        {
            port->Receive(MakePduCell(vc, i, 4), vc);
            if (i == 1)
            {
                NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                                      AtmFrameState::DROP_ALL,
                                      "DROP_ALL after DROP_FRAME without keepEom");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc), AtmFrameState::IDLE, "EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 1, "only the first cell is queued");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, ScriptedBufferPolicy::REASON_B),
                              3,
                              "three drops with the original reason, EOM included");
        port->Receive(MakePduCell(vc, 0, 2), vc);
        port->Receive(MakePduCell(vc, 1, 2), vc);
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, 4, "the next PDU is offered cell by cell");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 3, "next PDU accepted");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1, "one damaged PDU");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().framesDropped, 1, "framesDropped");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 3), true, "VC ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief DROP_AND_PURGE_TAIL removes exactly the VC's queued cells of the current PDU.
 */
class OutputPortPurgeTailTestCase : public TestCase
{
  public:
    /// @param mode the queue mode
    explicit OutputPortPurgeTailTestCase(AtmOutputPort::QueueMode mode)
        : TestCase("DROP_AND_PURGE_TAIL removes exactly the VC's queued cells of the current PDU, "
                   "not other VCs' cells nor the previous PDU's EOM (" +
                   ModeName(mode) + ")"),
          m_mode(mode)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(20, m_mode, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        // VC 0: a complete 3-cell PDU; then VC 1 and VC 0's next PDU interleaved.
        port->Receive(MakePduCell(v0, 0, 3), v0);
        port->Receive(MakePduCell(v0, 1, 3), v0);
        port->Receive(MakePduCell(v0, 2, 3), v0);
        port->Receive(MakePduCell(v1, 0, 4), v1);
        port->Receive(MakePduCell(v0, 0, 6), v0);
        port->Receive(MakePduCell(v1, 1, 4), v1);
        port->Receive(MakePduCell(v0, 1, 6), v0);
        port->Receive(MakePduCell(v0, 2, 6), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 8, "all accepted");
        policy->script = {AtmAdmitDecision::DropAndPurgeTail(ScriptedBufferPolicy::REASON_B)};
        port->Receive(MakePduCell(v0, 3, 6), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 3, "previous PDU kept, EOM included");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v1), 2, "other VC untouched");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 5, "occupancy after the purge");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 3, "three cells purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::DROP_ALL,
                              "after the purge the rest of the PDU, EOM included, is dropped");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
        port->Receive(MakePduCell(v0, 4, 6), v0);
        port->Receive(MakePduCell(v0, 5, 6), v0); // EOM: dropped in DROP_ALL
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0), AtmFrameState::IDLE, "EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, ScriptedBufferPolicy::REASON_B),
                              6,
                              "arriving cell, 3 purged and 2 later cells, all with the reason");
        NS_TEST_ASSERT_MSG_EQ(counter.dropReasons.size(), 6, "six CellDrop events");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1, "FrameDrop fires once");
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, 9, "policy not consulted in DROP_ALL");
        // Storage stays usable: the next PDU goes in and everything drains in order.
        port->Receive(MakePduCell(v0, 0, 1), v0);
        port->Receive(MakePduCell(v1, 2, 4), v1);
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 7, "seven cells left");
        std::vector<std::pair<uint32_t, uint16_t>> out0;
        std::vector<std::pair<uint32_t, uint16_t>> out1;
        for (const auto& e : counter.dequeues)
        {
            (e.first == v0 ? out0 : out1).push_back(e);
        }
        NS_TEST_ASSERT_MSG_EQ(Str(out0), "0.0 0.1 0.2 0.0", "VC 0 departures");
        NS_TEST_ASSERT_MSG_EQ(Str(out1), "1.0 1.1 1.2", "VC 1 departures");
        if (m_mode == AtmOutputPort::SHARED)
        {
            NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                                  "0.0 0.1 0.2 1.0 1.1 0.0 1.2",
                                  "shared FIFO order with the purged cells unlinked");
        }
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC 0 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v1), 0), true, "VC 1 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
    }

    AtmOutputPort::QueueMode m_mode; //!< queue mode
};

/**
 * @ingroup atm-tests
 * @brief Drop-whole edge case (this model's choice): a PDU whose head already departed keeps its
 *        EOM.
 */
class OutputPortHeadSentTestCase : public TestCase
{
  public:
    OutputPortHeadSentTestCase()
        : TestCase("DROP_AND_PURGE_TAIL on a PDU whose head already departed falls back to "
                   "drop-tail and keeps the EOM")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(20, AtmOutputPort::PER_VC, policy);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        port->Receive(MakePduCell(vc, 0, 5), vc);
        port->Receive(MakePduCell(vc, 1, 5), vc);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->index, 0, "the head departs");
        policy->script = {AtmAdmitDecision::DropAndPurgeTail(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(vc, 2, 5), vc);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                              AtmFrameState::DROP_PPD,
                              "drop-tail fallback");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 0, "nothing purged");
        port->Receive(MakePduCell(vc, 3, 5), vc);
        port->Receive(MakePduCell(vc, 4, 5), vc); // EOM
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 2, "cell 1 and the EOM");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->index, 1, "cell 1");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->IsEndOfPdu(), true, "EOM kept");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, ScriptedBufferPolicy::REASON_A),
                              2,
                              "cell 2 (refused) and cell 3 (DROP_PPD) counted under REASON_A");
        // The next PDU: no head sent, so drop-whole purges and drops the EOM again.
        port->Receive(MakePduCell(vc, 0, 3), vc);
        policy->script = {AtmAdmitDecision::DropAndPurgeTail(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(vc, 1, 3), vc);
        port->Receive(MakePduCell(vc, 2, 3), vc);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 0, "whole PDU removed");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 1, "one purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).framesDropped, 2, "two damaged PDUs");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 0), true, "ledger");
    }
};

namespace
{

/**
 * @ingroup atm-tests
 * @brief Test-only cell scheduler: serves the backlogged queues in the order they became
 *        backlogged (as FifoCellScheduler) and logs every notification, "B<q>" backlogged,
 *        "E<q>" emptied, "S<q>" served, separated by spaces.
 *
 * Its TypeId has no constructor, so the scheduler contract suite does not pick it up.
 */
class LoggingCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::LoggingCellScheduler")
                                .SetParent<AtmCellScheduler>()
                                .SetGroupName("Atm");
        return tid;
    }

    std::string log; //!< the notifications, in order

  private:
    /**
     * @param what the event letter
     * @param queue the queue
     */
    void Note(char what, uint32_t queue)
    {
        log += (log.empty() ? "" : " ") + std::string(1, what) + std::to_string(queue);
    }

    void DoNotifyBacklogged(uint32_t queue) override
    {
        Note('B', queue);
        m_order.push_back(queue);
    }

    void DoNotifyEmptied(uint32_t queue) override
    {
        Note('E', queue);
        for (auto it = m_order.begin(); it != m_order.end(); ++it)
        {
            if (*it == queue)
            {
                m_order.erase(it);
                break;
            }
        }
    }

    void DoNotifyServed(uint32_t queue) override
    {
        Note('S', queue);
    }

    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override
    {
        for (uint32_t q : m_order)
        {
            if (state.IsQueueEligible(q))
            {
                return q;
            }
        }
        return std::nullopt;
    }

    std::deque<uint32_t> m_order; //!< backlogged queues, oldest first
};

/**
 * @param port a port
 * @param vc a VC
 * @return "X_i/non-eligible/whole" of the VC in the port's state, e.g. "5/3/1"
 */
std::string
Counts(Ptr<AtmOutputPort> port, uint32_t vc)
{
    const AtmPortState& s = port->GetState();
    return std::to_string(s.GetVcCells(vc)) + "/" + std::to_string(s.GetVcNonEligibleCells(vc)) +
           "/" + std::to_string(s.GetVcPurgeablePdus(vc));
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief ACCEPT_AND_PURGE_FRONT in a shared FIFO: the VC's oldest whole non-eligible PDU leaves
 *        from the middle of the FIFO, the other VCs' cells around it and the VC's newer PDUs
 *        stay, in order; ledgers, drop tables and traces count the purged cells.
 */
class OutputPortPurgeFrontTestCase : public TestCase
{
  public:
    OutputPortPurgeFrontTestCase()
        : TestCase("ACCEPT_AND_PURGE_FRONT removes the VC's oldest whole non-eligible PDU from the "
                   "middle of a shared FIFO, keeps the other VCs' cells and the VC's newer PDUs "
                   "in order, stores the arriving cell, and counts the purged cells in the "
                   "ledgers, the drop tables and the traces")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(30, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v2 = port->AddVc(AtmServiceCategory::GFR);
        // VC 0: P1 (3 cells, CLP = 1) and P2 (2 cells, CLP = 1), with VC 1 and 2 cells between.
        port->Receive(MakePduCell(v0, 0, 3, true), v0);
        port->Receive(MakePduCell(v1, 0, 4), v1);
        port->Receive(MakePduCell(v0, 1, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "2/2/0", "P1 incomplete: not whole yet");
        port->Receive(MakePduCell(v0, 2, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "3/3/1", "P1 complete: one whole PDU");
        port->Receive(MakePduCell(v2, 0, 1), v2);
        port->Receive(MakePduCell(v0, 0, 2, true), v0);
        port->Receive(MakePduCell(v1, 1, 4), v1);
        port->Receive(MakePduCell(v0, 1, 2, true), v0);
        port->Receive(MakePduCell(v1, 2, 4), v1);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "5/5/2", "P1 and P2 whole");
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v1), "3/0/0", "VC 1: eligible cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetNonEligibleCells(), 5U, "Q_CLP1");
        // P3 of VC 0 arrives: P1 goes from the front, P3's first cell enters.
        policy->script = {AtmAdmitDecision::AcceptAndPurgeFront(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v0, 0, 2, true), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 7U, "9 cells - 3 purged + 1 stored");
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "3/3/1", "P2 and P3's first cell; P2 whole");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::ACCEPT,
                              "the arriving PDU continues as an accepted one");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 3U, "P1's three cells purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, ScriptedBufferPolicy::REASON_A),
                              3U,
                              "purged cells under the decision's reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(ScriptedBufferPolicy::REASON_A), 3U, "port");
        NS_TEST_ASSERT_MSG_EQ(counter.dropReasons.size(), 3U, "three CellDrop events");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "one FrameDrop, for P1");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].first, v0, "FrameDrop VC");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].second,
                              ScriptedBufferPolicy::REASON_A,
                              "FrameDrop reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 3), true, "VC 0 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 7), true, "port ledger");
        // P3 completes (whole again: the purge damaged P1, not the arriving PDU); a single-cell
        // P4 then takes P2's place.
        port->Receive(MakePduCell(v0, 1, 2, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "4/4/2", "P2 and P3 whole");
        policy->script = {AtmAdmitDecision::AcceptAndPurgeFront(ScriptedBufferPolicy::REASON_B)};
        port->Receive(MakePduCell(v0, 0, 1, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "3/3/2", "P3 and P4 whole");
        port->Receive(MakePduCell(v1, 3, 4), v1);
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 2U, "one FrameDrop per purged PDU");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, ScriptedBufferPolicy::REASON_B), 2U, "P2");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).framesDropped, 2U, "framesDropped");
        // Five departures: P3's first cell leaves, so P3 is no longer whole.
        for (uint32_t i = 0; i < 5; ++i)
        {
            port->Dequeue(Seconds(0));
        }
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "2/2/1", "P3's tail and P4; only P4 whole");
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 3U, "three cells left");
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                              "1.0 2.0 1.1 1.2 0.0 0.1 0.0 1.3",
                              "the FIFO order, P1 and P2 unlinked");
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "0/0/0", "empty");
        const AtmPortVcStats& s0 = port->GetVcStats(v0);
        NS_TEST_ASSERT_MSG_EQ(s0.cellsArrived, 8U, "VC 0 arrived");
        NS_TEST_ASSERT_MSG_EQ(s0.cellsAccepted, 8U, "VC 0 accepted");
        NS_TEST_ASSERT_MSG_EQ(s0.cellsPurged, 5U, "VC 0 purged");
        NS_TEST_ASSERT_MSG_EQ(s0.cellsDropped, 5U, "VC 0 dropped (all purged)");
        NS_TEST_ASSERT_MSG_EQ(s0.cellsDeparted, 3U, "VC 0 departed");
        NS_TEST_ASSERT_MSG_EQ(counter.Get(v0).dropped, 5U, "VC 0 CellDrop traces");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v1), 0), true, "VC 1 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v2), 0), true, "VC 2 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().cellsArrived, 13U, "port arrived");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief A front purge that empties the VC's queue: the scheduler hears NotifyEmptied, then
 *        NotifyBacklogged for the arriving cell.
 */
class OutputPortPurgeFrontEmptiesQueueTestCase : public TestCase
{
  public:
    OutputPortPurgeFrontEmptiesQueueTestCase()
        : TestCase("ACCEPT_AND_PURGE_FRONT that empties a per-VC queue tells the scheduler the "
                   "queue emptied, then that the arriving cell backlogged it again")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<LoggingCellScheduler> scheduler = CreateObject<LoggingCellScheduler>();
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_VC, policy, scheduler);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::GFR);
        port->Receive(MakePduCell(v0, 0, 2, true), v0);
        port->Receive(MakePduCell(v0, 1, 2, true), v0);
        port->Receive(MakePduCell(v1, 0, 3), v1);
        NS_TEST_ASSERT_MSG_EQ(scheduler->log, "B0 B1", "both queues backlogged");
        policy->script = {AtmAdmitDecision::AcceptAndPurgeFront(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v0, 0, 1, true), v0);
        NS_TEST_ASSERT_MSG_EQ(scheduler->log,
                              "B0 B1 E0 B0",
                              "queue 0 emptied by the purge, then backlogged by the new cell");
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "1/1/1", "only the new single-cell PDU");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetQueueCells(0), 1U, "queue 0");
        // The scheduler's order now has queue 1 first.
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v1, "queue 1 first");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v0, "then queue 0");
        NS_TEST_ASSERT_MSG_EQ(scheduler->log, "B0 B1 E0 B0 S1 E1 S0 E0", "served and emptied");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 2U, "two purged");
    }
};

/**
 * @ingroup atm-tests
 * @brief The PDUs a front purge must never touch: one whose first cell has left, one whose EOM
 *        has not arrived, one that lost a cell (PPD) and eligible ones; a PDU tagged at entry
 *        (ACCEPT_TAGGED) is non-eligible and can be purged.
 */
class OutputPortPurgeFrontNeverTestCase : public TestCase
{
  public:
    OutputPortPurgeFrontNeverTestCase()
        : TestCase("ACCEPT_AND_PURGE_FRONT never purges a PDU whose first cell has left, whose "
                   "EOM has not arrived, which lost a cell or which is eligible; it purges the "
                   "oldest whole non-eligible PDU behind them, a tagged one included")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(40, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v2 = port->AddVc(AtmServiceCategory::GFR);
        // A (VC 0, CLP = 1): its first cell leaves before its EOM arrives.
        port->Receive(MakePduCell(v0, 0, 3, true), v0);
        port->Receive(MakePduCell(v0, 1, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->index, 0U, "A's first cell leaves");
        port->Receive(MakePduCell(v0, 2, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "2/2/0", "A: head sent, not whole");
        // B (VC 1, CLP = 1): its middle cell is dropped, its EOM kept (PPD).
        policy->script = {AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::DropFrame(ScriptedBufferPolicy::REASON_B, true)};
        port->Receive(MakePduCell(v1, 0, 3, true), v1);
        port->Receive(MakePduCell(v1, 1, 3, true), v1);
        port->Receive(MakePduCell(v1, 2, 3, true), v1);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v1), "2/2/0", "B: lost a cell, not whole");
        // C (VC 2, eligible) and D (VC 0, CLP = 1, EOM not yet arrived).
        port->Receive(MakePduCell(v2, 0, 2), v2);
        port->Receive(MakePduCell(v2, 1, 2), v2);
        port->Receive(MakePduCell(v0, 0, 3, true), v0);
        port->Receive(MakePduCell(v0, 1, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v2), "2/0/0", "C: eligible");
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "4/4/0", "D: no EOM yet");
        // E (VC 2): CLP = 0 cells tagged at entry, so non-eligible and whole.
        policy->script = {AtmAdmitDecision::AcceptTagged(), AtmAdmitDecision::AcceptTagged()};
        port->Receive(MakePduCell(v2, 0, 2), v2);
        port->Receive(MakePduCell(v2, 1, 2), v2);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v2), "4/2/1", "E: tagged, whole");
        // F (VC 2) takes E's place; C, older but eligible, stays.
        policy->script = {AtmAdmitDecision::AcceptAndPurgeFront(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v2, 0, 2, true), v2);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v2), "3/1/0", "C and F's first cell");
        // D completes; G (VC 0) takes D's place; A's remaining cells, older, stay.
        port->Receive(MakePduCell(v0, 2, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "5/5/1", "D whole");
        policy->script = {AtmAdmitDecision::AcceptAndPurgeFront(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v0, 0, 1, true), v0);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v0), "3/3/1", "A's two cells and G, whole");
        port->Receive(MakePduCell(v2, 1, 2, true), v2);
        NS_TEST_ASSERT_MSG_EQ(Counts(port, v2), "4/2/1", "F whole");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
        Drain(port);
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                              "0.0 0.1 0.2 1.0 1.2 2.0 2.1 2.0 0.0 2.1",
                              "A, B (damaged, delimited), C, F and G leave in FIFO order");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 3U, "D purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v1).cellsPurged, 0U, "B never purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v2).cellsPurged, 2U, "E purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).framesDropped, 1U, "D");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v1).framesDropped, 1U, "B");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v2).framesDropped, 1U, "E");
        for (uint32_t vc : {v0, v1, v2})
        {
            NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 0), true, "VC ledger " << vc);
            NS_TEST_ASSERT_MSG_EQ(Counts(port, vc), "0/0/0", "drained " << vc);
        }
    }
};

namespace
{

/**
 * @ingroup atm-tests
 * @brief Test-only policy making pseudo-random decisions of every kind, including the two
 *        purges (a front purge only for a VC with a whole non-eligible PDU).
 */
class RandomPurgePolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason of the purges and frame drops.
    static constexpr char REASON[] = "Random: decision";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::RandomPurgePolicy")
                                .SetParent<AtmBufferPolicy>()
                                .SetGroupName("Atm");
        return tid;
    }

    /// @param seed the generator's seed
    void Seed(uint32_t seed)
    {
        m_rng.seed(seed);
    }

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        const bool room = state.GetCellsInBuffer() < state.GetBufferCells();
        const uint32_t r = m_rng() % 20;
        if (r < 6 && room && state.GetVcPurgeablePdus(vc) > 0)
        {
            return AtmAdmitDecision::AcceptAndPurgeFront(REASON);
        }
        if (r < 7)
        {
            return AtmAdmitDecision::DropFrame(REASON, m_rng() % 2 == 0);
        }
        if (r < 8)
        {
            return AtmAdmitDecision::DropAndPurgeTail(REASON);
        }
        if (r < 9 && room)
        {
            return AtmAdmitDecision::AcceptTagged();
        }
        return room ? AtmAdmitDecision::Accept() : AtmAdmitDecision::DropFrame(REASON, true);
    }

    std::mt19937 m_rng; //!< the decisions' generator
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief The port and the test model of it (PolicyDriver) agree step by step on random
 *        decisions with both purges and random departures.
 */
class OutputPortPurgeModelTestCase : public TestCase
{
  public:
    /// @param mode the queue mode
    explicit OutputPortPurgeModelTestCase(AtmOutputPort::QueueMode mode)
        : TestCase("Over random PDUs, decisions of every kind with front and tail purges, and "
                   "departures, the port's per-VC cells, non-eligible cells and whole "
                   "non-eligible PDUs equal those of the test model, and its ledgers hold (" +
                   ModeName(mode) + ")"),
          m_mode(mode)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t K = 12;
        const uint32_t nVcs = 3;
        Ptr<RandomPurgePolicy> a = CreateObject<RandomPurgePolicy>();
        Ptr<RandomPurgePolicy> b = CreateObject<RandomPurgePolicy>();
        a->Seed(5);
        b->Seed(5);
        Ptr<AtmOutputPort> port = MakeOutputPort(K, m_mode, a);
        AtmPortState model = MakePerVcState(K, nVcs);
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            port->AddVc(AtmServiceCategory::GFR);
        }
        PolicyDriver driver(b, model);
        std::mt19937 rng(11);
        std::vector<uint16_t> next(nVcs, 0);
        std::vector<uint16_t> count(nVcs, 0);
        std::vector<bool> clp(nVcs, false);
        uint64_t frontPurges = 0;
        bool same = true;
        for (uint32_t step = 0; step < 20000 && same; ++step)
        {
            const uint32_t vc = rng() % nVcs;
            if (rng() % 10 < 6)
            {
                if (next[vc] == 0)
                {
                    count[vc] = static_cast<uint16_t>(1 + rng() % 5);
                    clp[vc] = rng() % 2 == 0;
                }
                const AtmCell cell = MakePduCell(vc, next[vc], count[vc], clp[vc]);
                const uint64_t purgedBefore = port->GetStats().cellsPurged;
                const PolicyDriver::Outcome out = driver.Offer(cell);
                port->Receive(cell, vc);
                same = same && port->GetStats().cellsPurged - purgedBefore == out.purged;
                frontPurges +=
                    (out.decision.action == AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT) ? 1 : 0;
                next[vc] = cell.IsEndOfPdu() ? 0 : static_cast<uint16_t>(next[vc] + 1);
            }
            else if (const std::optional<AtmCell> c = port->Dequeue(Seconds(0)))
            {
                driver.Depart(c->vc);
            }
            const AtmPortState& s = port->GetState();
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                same = same && s.GetVcCells(v) == model.GetVcCells(v) &&
                       s.GetVcNonEligibleCells(v) == model.GetVcNonEligibleCells(v) &&
                       s.GetVcPurgeablePdus(v) == model.GetVcPurgeablePdus(v) &&
                       s.GetFrameState(v) == model.GetFrameState(v) &&
                       Conserved(port->GetVcStats(v), s.GetVcCells(v));
            }
            same = same && s.CheckInvariants() && model.CheckInvariants();
            NS_TEST_ASSERT_MSG_EQ(same, true, "port and model differ at step " << step);
        }
        NS_TEST_ASSERT_MSG_GT(frontPurges, 100U, "the run exercises front purges");
        NS_TEST_ASSERT_MSG_GT(port->GetStats().cellsPurged, 200U, "and purged cells");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), port->GetCellsInQueue()), true, "ledger");
    }

    AtmOutputPort::QueueMode m_mode; //!< queue mode
};

/**
 * @ingroup atm-tests
 * @brief ACCEPT_TAGGED stores the cell with CLP = 1; ACCEPT leaves CLP alone.
 */
class OutputPortTaggingTestCase : public TestCase
{
  public:
    OutputPortTaggingTestCase()
        : TestCase("ACCEPT_TAGGED stores the cell with CLP set and ACCEPT leaves CLP unchanged")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(4, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t vc = port->AddVc(AtmServiceCategory::GFR);
        policy->script = {AtmAdmitDecision::AcceptTagged(), AtmAdmitDecision::Accept()};
        port->Receive(MakePduCell(vc, 0, 2), vc);
        port->Receive(MakePduCell(vc, 1, 2), vc);
        NS_TEST_ASSERT_MSG_EQ(counter.enqueuedClp.size(), 2, "two stored");
        NS_TEST_ASSERT_MSG_EQ(counter.enqueuedClp[0], true, "tagged in CellEnqueue");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->clp, true, "tagged cell");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->clp, false, "untagged cell");
        NS_TEST_ASSERT_MSG_EQ(policy->departures, 2, "NotifyDeparture per cell");
    }
};

/**
 * @ingroup atm-tests
 * @brief FrameDrop fires once per damaged PDU, also for cell drops of a frame-unaware policy.
 */
class OutputPortFrameDropOnceTestCase : public TestCase
{
  public:
    OutputPortFrameDropOnceTestCase()
        : TestCase("FrameDrop fires once per damaged PDU, at its first dropped cell, with that "
                   "cell's reason")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        policy->script = {AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::DropCell(ScriptedBufferPolicy::REASON_A),
                          AtmAdmitDecision::DropCell(ScriptedBufferPolicy::REASON_B),
                          AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::Accept(), // intact 2-cell PDU
                          AtmAdmitDecision::Accept(),
                          AtmAdmitDecision::DropCell(ScriptedBufferPolicy::REASON_B)};
        for (uint16_t i = 0; i < 4; ++i)
        {
            port->Receive(MakePduCell(vc, i, 4), vc);
            NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                                  (i == 3 ? AtmFrameState::IDLE : AtmFrameState::ACCEPT),
                                  "DROP_CELL stays in ACCEPT");
        }
        port->Receive(MakePduCell(vc, 0, 2), vc);
        port->Receive(MakePduCell(vc, 1, 2), vc);
        port->Receive(MakePduCell(vc, 0, 1), vc); // single-cell PDU dropped
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 2, "two damaged PDUs");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].second,
                              ScriptedBufferPolicy::REASON_A,
                              "first drop's reason");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[1].second,
                              ScriptedBufferPolicy::REASON_B,
                              "second drop's reason: the single-cell PDU's DROP_CELL");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().framesDropped, 2, "framesDropped");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(ScriptedBufferPolicy::REASON_A), 1, "A");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(ScriptedBufferPolicy::REASON_B), 2, "B");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 4, "4 cells stored");
    }
};

/**
 * @ingroup atm-tests
 * @brief Round robin over per-VC queues serves backlogged VCs one cell each in turn.
 */
class OutputPortRoundRobinTestCase : public TestCase
{
  public:
    OutputPortRoundRobinTestCase()
        : TestCase("Round robin over per-VC queues gives each backlogged VC one cell in turn")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = MakeOutputPort(100,
                                                 AtmOutputPort::PER_VC,
                                                 nullptr,
                                                 CreateObject<RoundRobinCellScheduler>());
        PortTraceCounter counter;
        counter.Attach(port);
        for (uint32_t vc = 0; vc < 3; ++vc)
        {
            port->AddVc(AtmServiceCategory::UBR);
        }
        const uint16_t cells[] = {4, 2, 3};
        for (uint32_t vc = 0; vc < 3; ++vc)
        {
            for (uint16_t i = 0; i < cells[vc]; ++i)
            {
                port->Receive(MakePduCell(vc, i, cells[vc]), vc);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 9, "all cells");
        NS_TEST_ASSERT_MSG_EQ(VcOrder(counter.dequeues), "0 1 2 0 1 2 0 2 0", "RR order");
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                              "0.0 1.0 2.0 0.1 1.1 2.1 0.2 2.2 0.3",
                              "cells in order within each VC");
    }
};

/**
 * @ingroup atm-tests
 * @brief Strict priority over per-class queues sends CBR before UBR.
 */
class OutputPortPriorityTestCase : public TestCase
{
  public:
    OutputPortPriorityTestCase()
        : TestCase("Strict priority over per-class queues sends every CBR cell before any UBR "
                   "cell")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = MakeOutputPort(100,
                                                 AtmOutputPort::PER_CLASS,
                                                 nullptr,
                                                 CreateObject<PriorityCellScheduler>());
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t u0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t c1 = port->AddVc(AtmServiceCategory::CBR);
        const uint32_t u2 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t c3 = port->AddVc(AtmServiceCategory::CBR);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetNQueues(), 2, "one queue per class");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetVcQueue(u2),
                              port->GetState().GetVcQueue(u0),
                              "the two UBR VCs share the UBR queue");
        port->Receive(MakePduCell(u0, 0, 2), u0);
        port->Receive(MakePduCell(u2, 0, 2), u2);
        port->Receive(MakePduCell(c1, 0, 2), c1);
        port->Receive(MakePduCell(u0, 1, 2), u0);
        port->Receive(MakePduCell(c3, 0, 1), c3);
        port->Receive(MakePduCell(c1, 1, 2), c1);
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 6, "all cells");
        NS_TEST_ASSERT_MSG_EQ(Str(counter.dequeues),
                              "1.0 3.0 1.1 0.0 2.0 0.1",
                              "CBR in arrival order, then UBR in arrival order");
    }
};

/**
 * @ingroup atm-tests
 * @brief A held queue is not served even when it holds cells.
 */
class OutputPortHeldQueueTestCase : public TestCase
{
  public:
    OutputPortHeldQueueTestCase()
        : TestCase("A held queue is not served until it is released")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_VC);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        port->Receive(MakePduCell(v0, 0, 1), v0);
        port->Receive(MakePduCell(v1, 0, 1), v1);
        port->SetQueueHeld(port->GetState().GetVcQueue(v0), true);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v1, "VC 0 held");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0)).has_value(), false, "only held cells");
        port->SetQueueHeld(port->GetState().GetVcQueue(v0), false);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v0, "released");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 0, "empty");
    }
};

/**
 * @ingroup atm-tests
 * @brief Test-only tail drop that claims one random stream and remembers which.
 */
class StreamPolicy : public AtmBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::atmtest::StreamPolicy").SetParent<AtmBufferPolicy>().SetGroupName("Atm");
        return tid;
    }

    int64_t stream{-1}; //!< the stream AssignStreams() gave (-1: none)

    int64_t AssignStreams(int64_t first) override
    {
        stream = first;
        return 1;
    }

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        return AtmAdmitDecision::Accept();
    }
};

/**
 * @ingroup atm-tests
 * @brief AssignStreams numbers the shared buffer's policy, then each class buffer's, one
 *        stream after the other, and counts the streams.
 */
class OutputPortAssignStreamsTestCase : public TestCase
{
  public:
    OutputPortAssignStreamsTestCase()
        : TestCase("AssignStreams numbers the shared and each class buffer's policy in turn")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = MakeOutputPort(100, AtmOutputPort::PER_CLASS);
        Ptr<StreamPolicy> shared = CreateObject<StreamPolicy>();
        Ptr<StreamPolicy> vbr = CreateObject<StreamPolicy>();
        port->SetAttribute("BufferPolicy", PointerValue(shared));
        port->SetClassBuffer(AtmServiceCategory::NRT_VBR, 50, vbr);
        port->AddVc(AtmServiceCategory::UBR);
        port->AddVc(AtmServiceCategory::NRT_VBR);
        NS_TEST_ASSERT_MSG_EQ(port->AssignStreams(7), 2, "two policies, one stream each");
        NS_TEST_ASSERT_MSG_EQ(shared->stream, 7, "the shared buffer's policy first");
        NS_TEST_ASSERT_MSG_EQ(vbr->stream, 8, "then the class buffer's");
    }
};

/**
 * @ingroup atm-tests
 * @brief The port tells its scheduler of every stored and every purged cell.
 */
class OutputPortSchedulerNotificationsTestCase : public TestCase
{
  public:
    OutputPortSchedulerNotificationsTestCase()
        : TestCase("The port calls NotifyEnqueued for every stored cell with its arrival instant "
                   "(after NotifyBacklogged), NotifyPurged for every purged cell (before "
                   "NotifyEmptied) and NotifyServed for every departure, in one shared FIFO")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<SpyCellScheduler> spy = CreateObject<SpyCellScheduler>();
        Ptr<AtmOutputPort> port = MakeOutputPort(20, AtmOutputPort::SHARED, policy, spy);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        port->Receive(MakePduCell(v0, 0, 3), v0, MicroSeconds(1));
        port->Receive(MakePduCell(v1, 0, 3), v1, MicroSeconds(2));
        port->Receive(MakePduCell(v1, 1, 3), v1, MicroSeconds(3));
        port->Receive(MakePduCell(v0, 1, 3), v0, MicroSeconds(4));
        // VC 1's PDU is refused with a purge: its two queued cells go, newest first.
        policy->script = {AtmAdmitDecision::DropAndPurgeTail(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v1, 2, 3), v1, MicroSeconds(5));
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(MicroSeconds(6))->vc, v0, "VC 0 first");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(MicroSeconds(7))->vc, v0, "VC 0 again");
        NS_TEST_ASSERT_MSG_EQ(spy->log,
                              "B0 E0@1 E1@2 E1@3 E0@4 P1 P1 S0 S0 X0",
                              "notifications in order");
        // A purge that empties the queue: NotifyPurged, then NotifyEmptied.
        spy->log.clear();
        // (VC 1: its last PDU ended with the EOM dropped above, so a new PDU starts.)
        port->Receive(MakePduCell(v1, 0, 2), v1, MicroSeconds(8));
        policy->script = {AtmAdmitDecision::DropAndPurgeTail(ScriptedBufferPolicy::REASON_A)};
        port->Receive(MakePduCell(v1, 1, 2), v1, MicroSeconds(9));
        NS_TEST_ASSERT_MSG_EQ(spy->log, "B0 E1@8 P1 X0", "purge that empties the queue");
    }
};

namespace
{

/**
 * @param vc the port-local VC
 * @param tag a number carried in the cell's CCR field, to recognise it when it leaves
 * @return a forward RM cell (PTI 110, CLP 0, no frame) of the VC
 */
AtmCell
MakeRmCell(uint32_t vc, uint16_t tag)
{
    AtmCell cell;
    cell.vc = vc;
    cell.index = 0;
    cell.count = 1;
    cell.vci = static_cast<uint16_t>(32 + vc);
    cell.pti = AtmRmFields::PTI;
    cell.rm.ccr = tag;
    return cell;
}

/**
 * @brief Drain a port completely.
 * @param port the port
 * @return the departures in order: "vc.index" for a cell of a PDU, "vc.R<tag>" for an RM cell
 */
std::string
DrainLabels(Ptr<AtmOutputPort> port)
{
    std::string s;
    while (const std::optional<AtmCell> c = port->Dequeue(Seconds(0)))
    {
        s += (s.empty() ? "" : " ") + std::to_string(c->vc) + "." +
             (c->IsResourceManagement() ? "R" + std::to_string(c->rm.ccr)
                                        : std::to_string(c->index));
    }
    return s;
}

/**
 * @param labels departures as DrainLabels() prints them
 * @param vc a VC
 * @return those of the VC, in order
 */
std::string
OfVc(const std::string& labels, uint32_t vc)
{
    const std::string prefix = std::to_string(vc) + ".";
    std::string s;
    for (size_t pos = 0; pos < labels.size();)
    {
        const size_t end = std::min(labels.find(' ', pos), labels.size());
        const std::string word = labels.substr(pos, end - pos);
        if (word.compare(0, prefix.size(), prefix) == 0)
        {
            s += (s.empty() ? "" : " ") + word;
        }
        pos = end + 1;
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief An RM cell arriving while EPD discards a PDU (DROP_ALL) is stored; the discard goes on.
 */
class OutputPortRmCellEpdDiscardTestCase : public TestCase
{
  public:
    OutputPortRmCellEpdDiscardTestCase()
        : TestCase("RM cells arriving while EPD discards a refused PDU (DROP_ALL) are stored; the "
                   "rest of the PDU, EOM included, is still dropped")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> epd = CreateObject<EpdBufferPolicy>();
        epd->SetAttribute("ThresholdCells", UintegerValue(3));
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_VC, epd);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        // VC 1 takes the buffer to T = 3; VC 0's next PDU is then refused whole.
        for (uint16_t i = 0; i < 3; ++i)
        {
            port->Receive(MakePduCell(v1, i, 3), v1);
        }
        port->Receive(MakePduCell(v0, 0, 4), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::DROP_ALL,
                              "EPD refused the PDU at its first cell");
        port->Receive(MakeRmCell(v0, 7), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 1U, "the RM cell is stored");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::DROP_ALL,
                              "the RM cell leaves the discard as it was");
        port->Receive(MakePduCell(v0, 1, 4), v0);
        port->Receive(MakeRmCell(v0, 8), v0);
        port->Receive(MakePduCell(v0, 2, 4), v0);
        port->Receive(MakePduCell(v0, 3, 4), v0); // EOM
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0), AtmFrameState::IDLE, "EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 2U, "only the two RM cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, EpdBufferPolicy::THRESHOLD),
                              4U,
                              "the PDU's four cells dropped under EPD's reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsDropped, 4U, "no RM cell dropped");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "one damaged PDU");
        NS_TEST_ASSERT_MSG_EQ(DrainLabels(port), "1.0 1.1 1.2 0.R7 0.R8", "departures");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC 0 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief An RM cell that finds no room is dropped with RM_CELL_NO_ROOM: a cell drop, no frame
 *        drop, the frame state untouched, the policy not consulted; class partitions count.
 */
class OutputPortRmCellNoRoomTestCase : public TestCase
{
  public:
    OutputPortRmCellNoRoomTestCase()
        : TestCase("An RM cell is stored iff its buffer has room, without consulting the policy; "
                   "without room it is dropped with RM_CELL_NO_ROOM, fires CellDrop but no "
                   "FrameDrop, and leaves the frame state (IDLE or ACCEPT) unchanged; the room of "
                   "a class partition is the partition's")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<ScriptedBufferPolicy> policy = CreateObject<ScriptedBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(2, AtmOutputPort::SHARED, policy);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        port->Receive(MakeRmCell(v0, 1), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 1U, "stored: there was room");
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, 0U, "the policy is not consulted");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::IDLE,
                              "not taken as the first cell of a PDU");
        port->Receive(MakePduCell(v1, 0, 3), v1); // X = K = 2
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, 1U, "data cells are offered to the policy");
        port->Receive(MakeRmCell(v0, 2), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 1U, "dropped: the buffer is full");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, AtmOutputPort::RM_CELL_NO_ROOM),
                              1U,
                              "VC drop count under RM_CELL_NO_ROOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(AtmOutputPort::RM_CELL_NO_ROOM), 1U, "port");
        NS_TEST_ASSERT_MSG_EQ(counter.dropReasons.size(), 1U, "one CellDrop");
        NS_TEST_ASSERT_MSG_EQ(counter.dropReasons[0],
                              AtmOutputPort::RM_CELL_NO_ROOM,
                              "CellDrop reason");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 0U, "no FrameDrop");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).framesDropped, 0U, "framesDropped");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0), AtmFrameState::IDLE, "IDLE");
        NS_TEST_ASSERT_MSG_EQ(policy->consulted, 1U, "still not consulted");
        // Inside a PDU (ACCEPT): the dropped RM cell does not damage the PDU.
        port->Receive(MakeRmCell(v1, 3), v1);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v1),
                              AtmFrameState::ACCEPT,
                              "VC 1's PDU goes on");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v1).framesDropped, 0U, "VC 1's PDU not damaged");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->IsResourceManagement(), true, "R1");
        NS_TEST_ASSERT_MSG_EQ(policy->departures, 0U, "the policy does not hear of it either");
        port->Receive(MakePduCell(v1, 1, 3), v1);
        port->Receive(MakePduCell(v1, 2, 3), v1); // no room for the EOM
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v1), 2U, "VC 1: cells 0 and 1");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v1).framesDropped, 1U, "the EOM found no room");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v1, AtmOutputPort::RM_CELL_NO_ROOM), 1U, "R3");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "FrameDrop for the EOM only");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].second,
                              ScriptedBufferPolicy::FULL,
                              "with the policy's reason");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC 0 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v1), 2), true, "VC 1 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 2), true, "port ledger");
        NS_TEST_ASSERT_MSG_EQ(Drain(port), 2U, "VC 1's two cells");
        NS_TEST_ASSERT_MSG_EQ(policy->departures, 2U, "NotifyDeparture for data cells only");

        // With a class partition the room is that of the VC's own buffer.
        Ptr<AtmOutputPort> parted = MakeOutputPort(4, AtmOutputPort::PER_CLASS);
        parted->SetClassBuffer(AtmServiceCategory::ABR, 1, nullptr);
        const uint32_t u = parted->AddVc(AtmServiceCategory::UBR);
        const uint32_t b = parted->AddVc(AtmServiceCategory::ABR);
        parted->Receive(MakePduCell(b, 0, 2), b); // the ABR buffer is full
        parted->Receive(MakeRmCell(b, 4), b);
        parted->Receive(MakeRmCell(u, 5), u);
        NS_TEST_ASSERT_MSG_EQ(parted->GetVcDropCount(b, AtmOutputPort::RM_CELL_NO_ROOM),
                              1U,
                              "no room in the ABR partition");
        NS_TEST_ASSERT_MSG_EQ(parted->GetVcCellsInQueue(u), 1U, "room in the shared buffer");
        NS_TEST_ASSERT_MSG_EQ(parted->GetPartitionCellsInQueue(AtmServiceCategory::UBR),
                              1U,
                              "counted in the shared buffer's occupancy");
        NS_TEST_ASSERT_MSG_EQ(parted->GetState().GetFrameState(b),
                              AtmFrameState::ACCEPT,
                              "ABR VC still in its PDU");
        NS_TEST_ASSERT_MSG_EQ(DrainLabels(parted), "1.0 0.R5", "departures");
    }
};

/**
 * @ingroup atm-tests
 * @brief SANDIA drop-whole purges the PDU's queued cells but not the RM cells among them.
 */
class OutputPortRmCellPurgeTailTestCase : public TestCase
{
  public:
    /// @param mode the queue mode
    explicit OutputPortRmCellPurgeTailTestCase(AtmOutputPort::QueueMode mode)
        : TestCase("SANDIA drop-whole (DROP_AND_PURGE_TAIL) purges the queued cells of the PDU but "
                   "not the RM cells queued between them or after them (" +
                   ModeName(mode) + ")"),
          m_mode(mode)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SandiaDropWholeBufferPolicy> sandia = CreateObject<SandiaDropWholeBufferPolicy>();
        sandia->SetAttribute("VcBufferCells", UintegerValue(5));
        Ptr<AtmOutputPort> port = MakeOutputPort(20, m_mode, sandia);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        // VC 0: P1 (2 cells) complete, then P2 with RM cells between and after its cells.
        port->Receive(MakePduCell(v0, 0, 2), v0);
        port->Receive(MakePduCell(v0, 1, 2), v0);
        port->Receive(MakePduCell(v0, 0, 4), v0);
        port->Receive(MakeRmCell(v0, 1), v0);
        port->Receive(MakePduCell(v1, 0, 2), v1);
        port->Receive(MakePduCell(v0, 1, 4), v0);
        port->Receive(MakeRmCell(v0, 2), v0); // stored beyond V: RM cells bypass the policy
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 6U, "P1, P2's two cells, two RM");
        port->Receive(MakePduCell(v0, 2, 4), v0); // X_0 = 6 >= V: drop-whole
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 2U, "P2's two queued cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 4U, "P1 and the RM cells stay");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v1), 1U, "VC 1 untouched");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(v0),
                              AtmFrameState::DROP_ALL,
                              "the rest of P2 goes");
        port->Receive(MakePduCell(v0, 3, 4), v0); // EOM dropped
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, SandiaDropWholeBufferPolicy::VC_QUEUE_FULL),
                              4U,
                              "P2's four cells");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "one damaged PDU");
        port->Receive(MakePduCell(v0, 0, 1), v0); // P3, X_0 = 4 < V
        port->Receive(MakePduCell(v1, 1, 2), v1);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
        const std::string all = DrainLabels(port);
        NS_TEST_ASSERT_MSG_EQ(OfVc(all, v0), "0.0 0.1 0.R1 0.R2 0.0", "VC 0 in arrival order");
        NS_TEST_ASSERT_MSG_EQ(OfVc(all, v1), "1.0 1.1", "VC 1 departures");
        if (m_mode == AtmOutputPort::SHARED)
        {
            NS_TEST_ASSERT_MSG_EQ(all, "0.0 0.1 0.R1 1.0 0.R2 0.0 1.1", "shared FIFO order");
        }
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC 0 ledger");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetStats(), 0), true, "port ledger");
    }

    AtmOutputPort::QueueMode m_mode; //!< queue mode
};

/**
 * @ingroup atm-tests
 * @brief Drop-from-front (Elloumi and Afifi's variant 1) purges a whole PDU but leaves the RM
 *        cells queued inside it.
 */
class OutputPortRmCellPurgeFrontTestCase : public TestCase
{
  public:
    OutputPortRmCellPurgeFrontTestCase()
        : TestCase("Drop-from-front (Ea98DropFromFrontBufferPolicy, ACCEPT_AND_PURGE_FRONT) "
                   "purges a whole non-eligible PDU but leaves the RM cells queued inside it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Ea98DropFromFrontBufferPolicy> ea98 = CreateObject<Ea98DropFromFrontBufferPolicy>();
        ea98->SetAttribute("LboCells", UintegerValue(4));
        ea98->SetAttribute("HboCells", UintegerValue(15));
        Ptr<AtmOutputPort> port = MakeOutputPort(20, AtmOutputPort::SHARED, ea98);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        // P1 (CLP = 1, 3 cells) with an RM cell after each of its first two cells.
        port->Receive(MakePduCell(v0, 0, 3, true), v0);
        port->Receive(MakeRmCell(v0, 1), v0);
        port->Receive(MakePduCell(v0, 1, 3, true), v0);
        port->Receive(MakeRmCell(v0, 2), v0);
        port->Receive(MakePduCell(v0, 2, 3, true), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetVcPurgeablePdus(v0), 1U, "P1 whole");
        // P2 (CLP = 1) arrives at Q = 5 >= LBO: P1 goes from the front.
        port->Receive(MakePduCell(v0, 0, 2, true), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 3U, "P1's three cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, Ea98BufferPolicy::FRONT_PURGE),
                              3U,
                              "under the front-purge reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 3U, "two RM cells and P2's first");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetVcNonEligibleCells(v0), 1U, "P2's first");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "FrameDrop for P1");
        port->Receive(MakePduCell(v0, 1, 2, true), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetVcPurgeablePdus(v0), 1U, "P2 whole");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().CheckInvariants(), true, "state identities");
        NS_TEST_ASSERT_MSG_EQ(DrainLabels(port), "0.R1 0.R2 0.0 0.1", "departures");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetVcPurgeablePdus(v0), 0U, "none left");
        NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(v0), 0), true, "VC 0 ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief Only a departing cell of the PDU itself marks its head as sent: drop-whole falls back
 *        to drop-tail after a real PDU cell left, not after an RM cell.
 */
class OutputPortRmCellHeadSentTestCase : public TestCase
{
  public:
    OutputPortRmCellHeadSentTestCase()
        : TestCase("An RM cell departing ahead of a PDU does not mark the PDU's head as sent "
                   "(drop-whole still purges it); a PDU cell departing ahead of a queued RM "
                   "cell does (drop-whole falls back to drop-tail, EOM kept)")
    {
    }

  private:
    /**
     * @param v SANDIA's VcBufferCells
     * @return a PER_VC port of 20 cells with drop-whole
     */
    static Ptr<AtmOutputPort> MakePort(uint32_t v)
    {
        Ptr<SandiaDropWholeBufferPolicy> sandia = CreateObject<SandiaDropWholeBufferPolicy>();
        sandia->SetAttribute("VcBufferCells", UintegerValue(v));
        return MakeOutputPort(20, AtmOutputPort::PER_VC, sandia);
    }

    void DoRun() override
    {
        // An RM cell leaves first: the PDU behind it has not started.
        {
            Ptr<AtmOutputPort> port = MakePort(2);
            const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
            port->Receive(MakeRmCell(vc, 1), vc);
            port->Receive(MakePduCell(vc, 0, 4), vc);
            NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->IsResourceManagement(),
                                  true,
                                  "the RM cell leaves");
            port->Receive(MakePduCell(vc, 1, 4), vc);
            port->Receive(MakePduCell(vc, 2, 4), vc); // X = 2 >= V
            NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 2U, "drop-whole purged");
            NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                                  AtmFrameState::DROP_ALL,
                                  "no drop-tail fallback");
            port->Receive(MakePduCell(vc, 3, 4), vc);
            NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 0U, "nothing of the PDU left");
            NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 0), true, "ledger");
        }
        // The PDU's first cell leaves with an RM cell queued behind it: its head is sent.
        {
            Ptr<AtmOutputPort> port = MakePort(3);
            const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
            port->Receive(MakePduCell(vc, 0, 5), vc);
            port->Receive(MakeRmCell(vc, 1), vc);
            port->Receive(MakePduCell(vc, 1, 5), vc);
            const std::optional<AtmCell> head = port->Dequeue(Seconds(0));
            NS_TEST_ASSERT_MSG_EQ((head && !head->IsResourceManagement() && head->index == 0),
                                  true,
                                  "the PDU's first cell leaves");
            port->Receive(MakePduCell(vc, 2, 5), vc);
            port->Receive(MakePduCell(vc, 3, 5), vc); // X = 3 >= V
            NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 0U, "nothing purged");
            NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                                  AtmFrameState::DROP_PPD,
                                  "drop-tail fallback");
            port->Receive(MakePduCell(vc, 4, 5), vc); // EOM kept
            NS_TEST_ASSERT_MSG_EQ(DrainLabels(port), "0.R1 0.1 0.2 0.4", "departures");
            NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 0), true, "ledger");
        }
        // The previous PDU's EOM leaves, RM and current PDU queued: the head is not sent.
        {
            Ptr<AtmOutputPort> port = MakePort(4);
            const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
            port->Receive(MakePduCell(vc, 0, 1), vc);
            port->Receive(MakeRmCell(vc, 1), vc);
            port->Receive(MakePduCell(vc, 0, 4), vc);
            port->Receive(MakePduCell(vc, 1, 4), vc);
            NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->IsEndOfPdu(),
                                  true,
                                  "the previous PDU leaves");
            port->Receive(MakePduCell(vc, 2, 4), vc);
            port->Receive(MakePduCell(vc, 3, 4), vc); // X = 4 >= V
            NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 3U, "the PDU purged whole");
            NS_TEST_ASSERT_MSG_EQ(DrainLabels(port), "0.R1", "the RM cell stays");
            NS_TEST_ASSERT_MSG_EQ(Conserved(port->GetVcStats(vc), 0), true, "ledger");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-output-port test suite.
 *
 * Not tested: a policy accepting at X >= K (the port aborts; aborts cannot be caught in a
 * TestCase) and changing BufferCells/QueueMode/plug-ins after the first VC (also an abort).
 */
class AtmOutputPortTestSuite : public TestSuite
{
  public:
    AtmOutputPortTestSuite()
        : TestSuite("atm-output-port", ATM_SUITE_UNIT)
    {
        AddTestCase(new OutputPortLedgerTestCase(AtmOutputPort::SHARED, "ns3::FifoCellScheduler"),
                    ATM_TEST_QUICK);
        AddTestCase(
            new OutputPortLedgerTestCase(AtmOutputPort::PER_VC, "ns3::RoundRobinCellScheduler"),
            ATM_TEST_QUICK);
        AddTestCase(
            new OutputPortLedgerTestCase(AtmOutputPort::PER_CLASS, "ns3::PriorityCellScheduler"),
            ATM_TEST_QUICK);
        AddTestCase(new OutputPortOccupancyTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortDropFrameKeepEomTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new OutputPortDropFrameKeepEomTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new OutputPortDropFrameAllTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeTailTestCase(AtmOutputPort::SHARED), ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeTailTestCase(AtmOutputPort::PER_VC), ATM_TEST_QUICK);
        AddTestCase(new OutputPortHeadSentTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeFrontTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeFrontEmptiesQueueTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeFrontNeverTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeModelTestCase(AtmOutputPort::SHARED), ATM_TEST_QUICK);
        AddTestCase(new OutputPortPurgeModelTestCase(AtmOutputPort::PER_VC), ATM_TEST_QUICK);
        AddTestCase(new OutputPortTaggingTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortFrameDropOnceTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortRoundRobinTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortPriorityTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortHeldQueueTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortAssignStreamsTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortSchedulerNotificationsTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortSlabOnDemandTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellEpdDiscardTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellNoRoomTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellPurgeTailTestCase(AtmOutputPort::SHARED), ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellPurgeTailTestCase(AtmOutputPort::PER_VC), ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellPurgeFrontTestCase, ATM_TEST_QUICK);
        AddTestCase(new OutputPortRmCellHeadSentTestCase, ATM_TEST_QUICK);
    }
};

static AtmOutputPortTestSuite g_atmOutputPortTestSuite; //!< static instance registering the suite
