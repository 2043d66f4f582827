/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/enum.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/priority-cell-scheduler.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmSwitch: VC and VP cross-connects (label rewrite, precedence), unknown labels,
 * exact cell timing through the fabric, round robin and strict priority at a switch output
 * port, and "departures before arrivals" at a one-cell buffer.
 *
 * Every link is "Sandia": exactly 2.75 us = 2750 ns per cell, so slot k of every link starts at
 * 2750 k ns (all clocks have origin 0). Timing rules used in the derivations
 * (AtmCellTransmitter, AtmChannel):
 * - a cell complete at a port at time a departs at the first slot start strictly after a;
 * - a cell whose first bit leaves at the start of slot k is complete at the far end at
 *   start(k + 1) + Delay, and at the switch's output port SwitchingDelay later;
 * - a CellProbeDevice records each received cell with that far-end arrival time;
 * - cells injected at a probe at t = 0 leave in slots 1, 2, 3, ... (slot 0 starts at 0,
 *   not strictly after 0);
 * - cells complete at a port at the same instant are stored in the order of the port's
 *   transmitter inputs, i.e. of the in ports' first cross-connects to that out port.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One Sandia cell time in nanoseconds.
constexpr int64_t CELL_NS = 2750;

/**
 * @param k a slot index
 * @return the start of slot k of a Sandia link
 */
Time
SlotStart(int64_t k)
{
    return NanoSeconds(CELL_NS * k);
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief A VC cross-connect rewrites both labels, keeps the cell order and PTI, and the cells
 *        reach the far end at exactly the instants the slot rules give.
 */
class AtmSwitchVcCrossConnectTimingTestCase : public TestCase
{
  public:
    AtmSwitchVcCrossConnectTimingTestCase()
        : TestCase(
              "VC cross-connect in 0 VPI 0 VCI 100 to out 1 VPI 5 VCI 200 rewrites the labels "
              "and delivers 3 cells at exact times (links 1 ms and 2 ms, SwitchingDelay 10 us)")
    {
    }

  private:
    void DoRun() override
    {
        // The switch from a pre-configured helper (SwitchBench(const AtmHelper&)).
        AtmHelper atm;
        atm.SetSwitchAttribute("SwitchingDelay", TimeValue(MicroSeconds(10)));
        SwitchBench b(atm);
        TimeValue delay;
        b.Switch()->GetAttribute("SwitchingDelay", delay);
        NS_TEST_ASSERT_MSG_EQ(delay.Get(), MicroSeconds(10), "the helper's SwitchingDelay");
        const uint32_t in = b.AddPort(MilliSeconds(1));
        const uint32_t out = b.AddPort(MilliSeconds(2));
        const uint32_t outVc = b.Switch()->AddVcCrossConnect(in, 0, 100, out, 5, 200);
        NS_TEST_ASSERT_MSG_EQ(outVc, 0, "first VC of the out port");

        Ptr<CellProbeDevice> src = b.Probe(in);
        const uint32_t vc = src->AddVc();
        src->Inject(MakeCell(0, 100), vc, Seconds(0));
        src->Inject(MakeCell(0, 100), vc, Seconds(0));
        src->Inject(MakeCell(0, 100, true), vc, Seconds(0)); // EOM marks the last one
        Simulator::Run();

        // Source: cell i (1..3) leaves in slot i, complete at the switch at
        // start(i + 1) + 1 ms = 2750 (i + 1) + 1,000,000 ns, at the out port 10 us later:
        // a_i = 2750 (i + 1) + 1,010,000 = 2750 (i + 1 + 367) + 750 (1,010,000 = 367 x 2750 + 750).
        // a_i is 750 ns into slot i + 368, so the cell leaves in slot i + 369 and is complete at
        // the sink at start(i + 370) + 2 ms:
        //   i = 1: a = 1,015,500, slot 370 (1,017,500), sink 2750 x 371 + 2e6 = 3,020,250 ns
        //   i = 2: a = 1,018,250, slot 371 (1,020,250), sink 2750 x 372 + 2e6 = 3,023,000 ns
        //   i = 3: a = 1,021,000, slot 372 (1,023,000), sink 2750 x 373 + 2e6 = 3,025,750 ns
        const std::vector<Time> expected = {NanoSeconds(3020250),
                                            NanoSeconds(3023000),
                                            NanoSeconds(3025750)};
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 3, "three cells reach the sink");
        for (uint32_t i = 0; i < rx.size() && i < expected.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.vpi, 5, "rewritten VPI, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.vci, 200, "rewritten VCI, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.IsEndOfPdu(),
                                  (i == 2),
                                  "PTI kept, order kept, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(rx[i].arrival, expected[i], "arrival of cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetCellsSwitched(), 3, "cells switched");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetUnknownLabelDrops(), 0, "no unknown label");
        NS_TEST_ASSERT_MSG_EQ(b.Port(out)->GetCellsSent(), 3, "the out port sent 3 cells");
        NS_TEST_ASSERT_MSG_EQ(b.Probe(in)->GetReceived().size(), 0, "nothing flows back");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A VP cross-connect rewrites the VPI only, creates one VC record per VCI at the out port
 *        at the first cell of each VCI, and a VC entry on the same in VPI takes precedence.
 */
class AtmSwitchVpCrossConnectTestCase : public TestCase
{
  public:
    AtmSwitchVpCrossConnectTestCase()
        : TestCase("VP cross-connect in 0 VPI 7 to out 1 VPI 9 passes the VCI through with one out "
                   "VC record per VCI; a VC entry on VPI 7 VCI 40 takes precedence over it")
    {
    }

  private:
    void DoRun() override
    {
        SwitchBench b;
        const uint32_t in = b.AddPort(Seconds(0));
        const uint32_t outVp = b.AddPort(Seconds(0));
        const uint32_t outVc = b.AddPort(Seconds(0));
        b.Switch()->AddVpCrossConnect(in, 7, outVp, 9);
        b.Switch()->AddVcCrossConnect(in, 7, 40, outVc, 3, 77);

        NS_TEST_ASSERT_MSG_EQ(b.Out(outVp)->GetNVcs(), 0, "VP: no VC record before the first cell");
        NS_TEST_ASSERT_MSG_EQ(b.Out(outVc)->GetNVcs(), 1, "VC entry: its record at once");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->IsInLabelUsed(in, 7, 12345), true, "any VCI of VP 7");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->IsInLabelUsed(in, 8, 33), false, "VPI 8 is free");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->IsOutLabelUsed(outVp, 9, 12345),
                              true,
                              "any VCI of out VP 9");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->IsOutLabelUsed(outVc, 3, 77), true, "out label 3/77");

        Ptr<CellProbeDevice> src = b.Probe(in);
        const uint32_t vc = src->AddVc();
        src->Inject(MakeCell(7, 33), vc, Seconds(0));
        src->Inject(MakeCell(7, 34), vc, Seconds(0));
        src->Inject(MakeCell(7, 40), vc, Seconds(0));
        src->Inject(MakeCell(7, 33, true), vc, Seconds(0));
        Simulator::Run();

        const std::vector<CellProbeDevice::Rx>& vp = b.Probe(outVp)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(vp.size(), 3, "three cells on the VP");
        const uint16_t vcis[] = {33, 34, 33};
        for (uint32_t i = 0; i < vp.size() && i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(vp[i].cell.vpi, 9, "VPI rewritten, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(vp[i].cell.vci, vcis[i], "VCI passed through, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(vp[i].cell.IsEndOfPdu(), (i == 2), "order and PTI, cell " << i);
        }
        const std::vector<CellProbeDevice::Rx>& vcRx = b.Probe(outVc)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(vcRx.size(), 1, "7/40 follows the VC entry");
        if (!vcRx.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(vcRx[0].cell.vpi, 3, "VC entry's VPI");
            NS_TEST_ASSERT_MSG_EQ(vcRx[0].cell.vci, 77, "VC entry's VCI");
        }

        b.Port(outVp)->GetTransmitter()->Sync();
        Ptr<AtmOutputPort> p = b.Out(outVp);
        NS_TEST_ASSERT_MSG_EQ(p->GetNVcs(), 2, "one VC record per VCI (33, 34), none for 40");
        // Records in order of first cell: VCI 33 is VC 0, VCI 34 is VC 1.
        NS_TEST_ASSERT_MSG_EQ(p->GetVcStats(0).cellsDeparted, 2, "VCI 33: two cells");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcStats(1).cellsDeparted, 1, "VCI 34: one cell");
        NS_TEST_ASSERT_MSG_EQ(b.Out(outVc)->GetNVcs(), 1, "VC out port: its single record");
        NS_TEST_ASSERT_MSG_EQ(b.Out(outVc)->GetVcStats(0).cellsDeparted, 1, "VC out port: 1 cell");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetCellsSwitched(), 4, "cells switched");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetUnknownLabelDrops(), 0, "no unknown label");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A cell with no cross-connect is dropped at its arrival instant with UNKNOWN_LABEL;
 *        the next, known, cell passes.
 */
class AtmSwitchUnknownLabelTestCase : public TestCase
{
  public:
    AtmSwitchUnknownLabelTestCase()
        : TestCase("A cell on VPI 3 VCI 3 without a cross-connect is dropped once, at its arrival "
                   "instant, "
                   "with reason UNKNOWN_LABEL; the following known cell passes")
    {
    }

  private:
    /// One CellDrop event.
    struct Drop
    {
        Time at;            //!< Simulator::Now() when the trace fired
        uint32_t inPort;    //!< in port
        uint16_t vpi;       //!< cell VPI
        uint16_t vci;       //!< cell VCI
        const char* reason; //!< reason pointer
    };

    /**
     * @brief CellDrop sink.
     * @param inPort in port
     * @param cell the cell
     * @param reason the reason
     */
    void OnDrop(uint32_t inPort, const AtmCell& cell, const char* reason)
    {
        m_drops.push_back(Drop{Simulator::Now(), inPort, cell.vpi, cell.vci, reason});
    }

    /// Record the drop counter one nanosecond before the unknown cell arrives.
    void CheckBeforeArrival()
    {
        m_dropsBefore = m_switch->GetUnknownLabelDrops();
    }

    void DoRun() override
    {
        SwitchBench b;
        m_switch = b.Switch();
        const uint32_t in = b.AddPort(MilliSeconds(1));
        const uint32_t out = b.AddPort(MilliSeconds(1));
        b.Switch()->AddVcCrossConnect(in, 0, 100, out, 5, 200);
        b.Switch()->TraceConnectWithoutContext(
            "CellDrop",
            MakeCallback(&AtmSwitchUnknownLabelTestCase::OnDrop, this));

        Ptr<CellProbeDevice> src = b.Probe(in);
        const uint32_t vc = src->AddVc();
        src->Inject(MakeCell(3, 3), vc, Seconds(0));   // slot 1
        src->Inject(MakeCell(0, 100), vc, Seconds(0)); // slot 2
        // 3/3 leaves in slot 1 and is complete at the switch at start(2) + 1 ms = 1,005,500 ns.
        const Time unknownArrival = NanoSeconds(1005500);
        Simulator::Schedule(unknownArrival - NanoSeconds(1),
                            &AtmSwitchUnknownLabelTestCase::CheckBeforeArrival,
                            this);
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(m_dropsBefore, 0, "not counted before its arrival");
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetUnknownLabelDrops(), 1, "one unknown-label drop");
        NS_TEST_ASSERT_MSG_EQ(m_drops.size(), 1, "CellDrop fired once");
        if (!m_drops.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(m_drops[0].at, unknownArrival, "at the cell's arrival instant");
            NS_TEST_ASSERT_MSG_EQ(m_drops[0].inPort, in, "in port");
            NS_TEST_ASSERT_MSG_EQ(m_drops[0].vpi, 3, "the cell's VPI");
            NS_TEST_ASSERT_MSG_EQ(m_drops[0].vci, 3, "the cell's VCI");
            NS_TEST_ASSERT_MSG_EQ((m_drops[0].reason == AtmSwitch::UNKNOWN_LABEL),
                                  true,
                                  "reason is AtmSwitch::UNKNOWN_LABEL (pointer identity)");
        }
        // 0/100 leaves in slot 2, complete at the out port at start(3) + 1 ms = 1,008,250
        // = 366 x 2750 + 1750, so it leaves in slot 367 and reaches the sink at
        // start(368) + 1 ms = 1,012,000 + 1,000,000 = 2,012,000 ns.
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 1, "only the known cell reaches the sink");
        if (!rx.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(rx[0].cell.vpi, 5, "rewritten VPI");
            NS_TEST_ASSERT_MSG_EQ(rx[0].cell.vci, 200, "rewritten VCI");
            NS_TEST_ASSERT_MSG_EQ(rx[0].arrival, NanoSeconds(2012000), "arrival at the sink");
        }
        NS_TEST_ASSERT_MSG_EQ(b.Switch()->GetCellsSwitched(), 1, "cells switched");
        b.Port(out)->GetTransmitter()->Sync();
        NS_TEST_ASSERT_MSG_EQ(b.Out(out)->GetNVcs(), 1, "no VC record for the unknown label");
        NS_TEST_ASSERT_MSG_EQ(b.Out(out)->GetStats().cellsArrived, 1, "the out port saw 1 cell");
        m_switch = nullptr;
        m_drops.clear();
        Simulator::Destroy();
    }

    Ptr<AtmSwitch> m_switch;            //!< the switch under test
    std::vector<Drop> m_drops;          //!< recorded drops
    uint64_t m_dropsBefore{UINT64_MAX}; //!< counter 1 ns before the arrival
};

/**
 * @ingroup atm-tests
 * @brief Two saturating sources through a per-VC round-robin switch output with room for every
 *        cell: the output alternates exactly between the two VCs.
 */
class AtmSwitchRoundRobinAlternatesTestCase : public TestCase
{
  public:
    AtmSwitchRoundRobinAlternatesTestCase()
        : TestCase("Round robin at a switch output: two saturating inputs, no loss, the output "
                   "alternates A B A B for 1998 slots")
    {
    }

  private:
    void DoRun() override
    {
        SwitchBench b;
        const uint32_t inA = b.AddPort(Seconds(0));
        const uint32_t inB = b.AddPort(Seconds(0));
        const uint32_t out = b.AddPort(Seconds(0));
        Ptr<AtmOutputPort> op = b.Out(out);
        op->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        op->SetAttribute("CellScheduler", PointerValue(CreateObject<RoundRobinCellScheduler>()));
        op->SetAttribute("BufferCells", UintegerValue(4000)); // more than ever arrives
        const uint32_t vcA = b.Switch()->AddVcCrossConnect(inA, 0, 100, out, 1, 100);
        const uint32_t vcB = b.Switch()->AddVcCrossConnect(inB, 0, 100, out, 1, 200);
        for (uint32_t in : {inA, inB})
        {
            Ptr<CellProbeDevice> src = b.Probe(in);
            src->SetRefill(true);
            src->Inject(MakeCell(0, 100), src->AddVc(), Seconds(0));
        }
        // Stop half a slot after slot 2000 starts: slots 0..2000 of every link have run.
        Simulator::Stop(SlotStart(2000) + NanoSeconds(CELL_NS / 2));
        Simulator::Run();

        // Each source sends one cell per slot from slot 1 on; the cell of slot k is complete at
        // the out port at start(k + 1) (no delay) and so may leave at slot k + 2 at the earliest.
        // At slot s >= 3 the port stores A(s-2) then B(s-2) and sends one cell: A at slot 3 (A's
        // queue joined the ring first), B at 4, A at 5, ... The queue grows by one per slot and
        // never overflows 4000. Slots 3..2000: 1998 cells, A at odd slots, B at even slots; the
        // cell of slot s reaches the sink at start(s + 1).
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 1998, "one cell per slot 3..2000");
        uint32_t nA = 0;
        uint32_t nB = 0;
        bool alternates = true;
        bool onTime = true;
        for (uint32_t i = 0; i < rx.size(); ++i)
        {
            const uint16_t expectedVci = (i % 2 == 0) ? 100 : 200;
            alternates = alternates && rx[i].cell.vci == expectedVci;
            onTime = onTime && rx[i].arrival == SlotStart(i + 4);
            nA += rx[i].cell.vci == 100 ? 1 : 0;
            nB += rx[i].cell.vci == 200 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(alternates, true, "A B A B ... from the first cell");
        NS_TEST_ASSERT_MSG_EQ(onTime, true, "cell i reaches the sink at start(i + 4)");
        NS_TEST_ASSERT_MSG_EQ(nA, 999, "VC A's share");
        NS_TEST_ASSERT_MSG_EQ(nB, 999, "VC B's share");

        // Ledger at t = start(2000) + 1375 ns: cells complete at or before start(2000), i.e.
        // sent in slots 1..1999, have arrived: 1999 per VC, none dropped; 999 departed each.
        b.Port(out)->GetTransmitter()->Sync();
        const AtmPortVcStats& s = op->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.cellsArrived, 3998, "cells arrived");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDeparted, 1998, "cells departed");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDropped, 0, "no drop");
        NS_TEST_ASSERT_MSG_EQ(op->GetCellsInQueue(), 2000, "cells queued");
        NS_TEST_ASSERT_MSG_EQ(op->GetVcStats(vcA).cellsDeparted, 999, "A departed");
        NS_TEST_ASSERT_MSG_EQ(op->GetVcStats(vcB).cellsDeparted, 999, "B departed");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Two saturating sources into a 20-cell shared tail-drop buffer with per-VC round robin:
 *        the link stays busy, and neither VC is locked out.
 *
 * Every slot both inputs deliver a cell at the same instant and the buffer has room for one of
 * them. Simultaneous arrivals are stored in an order that rotates among the inputs
 * (AtmCellTransmitter), so the free place goes to A and B in turn: each VC keeps cells queued,
 * round robin alternates, and the drops are shared. (Stored in a fixed input order, the first
 * input would take every free place and lock the other VC out.)
 */
class AtmSwitchRoundRobinSharedBufferTestCase : public TestCase
{
  public:
    AtmSwitchRoundRobinSharedBufferTestCase()
        : TestCase("Round robin at a switch output with a 20-cell shared tail-drop buffer: the "
                   "link stays busy and simultaneous arrivals share the buffer (no lock-out)")
    {
    }

  private:
    void DoRun() override
    {
        SwitchBench b;
        const uint32_t inA = b.AddPort(Seconds(0));
        const uint32_t inB = b.AddPort(Seconds(0));
        const uint32_t out = b.AddPort(Seconds(0));
        Ptr<AtmOutputPort> op = b.Out(out);
        op->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        op->SetAttribute("CellScheduler", PointerValue(CreateObject<RoundRobinCellScheduler>()));
        op->SetAttribute("BufferCells", UintegerValue(20));
        const uint32_t vcA = b.Switch()->AddVcCrossConnect(inA, 0, 100, out, 1, 100);
        const uint32_t vcB = b.Switch()->AddVcCrossConnect(inB, 0, 100, out, 1, 200);
        for (uint32_t in : {inA, inB})
        {
            Ptr<CellProbeDevice> src = b.Probe(in);
            src->SetRefill(true);
            src->Inject(MakeCell(0, 100), src->AddVc(), Seconds(0));
        }
        Simulator::Stop(SlotStart(2000) + NanoSeconds(CELL_NS / 2));
        Simulator::Run();

        // The out port sends one cell per slot from slot 3 (cells from slot 1 complete at the
        // start of slot 2 and are stored before slot 3's departure) to slot 2000.
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 1998, "the link stays busy: one cell per slot 3..2000");
        uint32_t nA = 0;
        uint32_t nB = 0;
        bool onTime = true;
        for (uint32_t i = 0; i < rx.size(); ++i)
        {
            onTime = onTime && rx[i].arrival == SlotStart(i + 4);
            nA += rx[i].cell.vci == 100 ? 1 : 0;
            nB += rx[i].cell.vci == 200 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(onTime, true, "cell i leaves in slot i + 3");
        NS_TEST_ASSERT_MSG_EQ(nA + nB, 1998, "only the two VCs");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(std::max(nA, nB) - std::min(nA, nB),
                                    1,
                                    "A and B share the link");

        b.Port(out)->GetTransmitter()->Sync();
        const AtmPortVcStats& s = op->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.cellsArrived, 3998, "1999 cells per VC arrived");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDeparted, 1998, "cells departed");
        NS_TEST_ASSERT_MSG_EQ(op->GetCellsInQueue(), 20, "buffer full");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDropped, 3998 - 1998 - 20, "the rest was dropped");
        NS_TEST_ASSERT_MSG_EQ(op->GetDropCount(TailDropBufferPolicy::BUFFER_FULL),
                              s.cellsDropped,
                              "all drops are BUFFER_FULL");
        const AtmPortVcStats& a = op->GetVcStats(vcA);
        const AtmPortVcStats& bs = op->GetVcStats(vcB);
        NS_TEST_ASSERT_MSG_LT_OR_EQ(
            std::max(a.cellsDropped, bs.cellsDropped) - std::min(a.cellsDropped, bs.cellsDropped),
            1,
            "A and B share the drops: " << a.cellsDropped << " vs " << bs.cellsDropped);
        NS_TEST_ASSERT_MSG_GT(op->GetVcCellsInQueue(vcB), 0, "B is not locked out");
        NS_TEST_ASSERT_MSG_GT(op->GetVcCellsInQueue(vcA), 0, "A is not locked out");
        for (const AtmPortVcStats* v : {&a, &bs})
        {
            NS_TEST_ASSERT_MSG_EQ(v->cellsArrived, 1999, "arrived per VC");
        }
        NS_TEST_ASSERT_MSG_EQ(a.cellsArrived,
                              a.cellsDeparted + a.cellsDropped + op->GetVcCellsInQueue(vcA),
                              "A's ledger");
        NS_TEST_ASSERT_MSG_EQ(bs.cellsArrived,
                              bs.cellsDeparted + bs.cellsDropped + op->GetVcCellsInQueue(vcB),
                              "B's ledger");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Strict priority between classes at a switch output: once the CBR VC's cells arrive,
 *        the saturating UBR VC gets no slot.
 */
class AtmSwitchStrictPriorityTestCase : public TestCase
{
  public:
    AtmSwitchStrictPriorityTestCase()
        : TestCase("Strict priority at a switch output (PER_CLASS): a saturating CBR VC takes "
                   "every slot from its first cell on; UBR gets only the 5 slots before it")
    {
    }

  private:
    void DoRun() override
    {
        SwitchBench b;
        // The CBR source's link is 5 cell times longer, so UBR alone has the first 5 slots.
        const uint32_t inCbr = b.AddPort(NanoSeconds(5 * CELL_NS));
        const uint32_t inUbr = b.AddPort(Seconds(0));
        const uint32_t out = b.AddPort(Seconds(0));
        Ptr<AtmOutputPort> op = b.Out(out);
        op->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_CLASS));
        op->SetAttribute("CellScheduler", PointerValue(CreateObject<PriorityCellScheduler>()));
        // A buffer the run cannot fill: the test is about the service order. (With a small shared
        // tail-drop buffer, the backlogged UBR VC would also take buffer places from CBR: strict
        // priority orders departures, it does not reserve buffer space.)
        op->SetAttribute("BufferCells", UintegerValue(4000));
        // PCR = the link rate: allowed (CheckAgainstLink refuses only a PCR above it).
        const uint32_t vcCbr =
            b.Switch()->AddVcCrossConnect(inCbr,
                                          0,
                                          100,
                                          out,
                                          1,
                                          100,
                                          AtmTrafficContract::Cbr(AtmCellRate::Parse("Sandia")));
        const uint32_t vcUbr = b.Switch()->AddVcCrossConnect(inUbr, 0, 100, out, 1, 200);
        for (uint32_t in : {inCbr, inUbr})
        {
            Ptr<CellProbeDevice> src = b.Probe(in);
            src->SetRefill(true);
            src->Inject(MakeCell(0, 100), src->AddVc(), Seconds(0));
        }
        Simulator::Stop(SlotStart(2000) + NanoSeconds(CELL_NS / 2));
        Simulator::Run();

        // Both sources send one cell per slot from slot 1. UBR cell k is complete at the out
        // port at start(k + 1), may leave at slot k + 2; CBR cell k at start(k + 6), slot k + 7.
        // Slots 3..7: only UBR cells (U1..U5), each leaves in the slot after it arrived.
        // Slot 8: C1 and U6 (both complete at start(7)); CBR (level 0) before UBR (level 4).
        // From slot 8 on a CBR cell is stored before every slot's departure, so CBR takes every
        // slot: sink gets U x 5 (slots 3..7), then C (slots 8..2000, 1993 cells).
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 1998, "one cell per slot 3..2000");
        uint32_t nCbr = 0;
        uint32_t nUbr = 0;
        bool pattern = true;
        for (uint32_t i = 0; i < rx.size(); ++i)
        {
            const uint16_t expectedVci = i < 5 ? 200 : 100;
            pattern = pattern && rx[i].cell.vci == expectedVci && rx[i].arrival == SlotStart(i + 4);
            nCbr += rx[i].cell.vci == 100 ? 1 : 0;
            nUbr += rx[i].cell.vci == 200 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(pattern, true, "5 UBR cells, then CBR only");
        NS_TEST_ASSERT_MSG_EQ(nUbr, 5, "UBR cells");
        NS_TEST_ASSERT_MSG_EQ(nCbr, 1993, "CBR cells");
        if (rx.size() > 5)
        {
            NS_TEST_ASSERT_MSG_EQ(rx[4].arrival, NanoSeconds(22000), "last UBR: slot 7, start(8)");
            NS_TEST_ASSERT_MSG_EQ(rx[5].arrival, NanoSeconds(24750), "first CBR: slot 8, start(9)");
        }

        // No drop. At t = start(2000) + 1375 ns Sync stores C1994 and U1999.
        // CBR: arrived 1994 (complete at start(k + 6) <= start(2000)) = 1993 departed + 1 queued.
        // UBR: arrived 1999 = 5 departed + 1994 queued.
        b.Port(out)->GetTransmitter()->Sync();
        const AtmPortVcStats& c = op->GetVcStats(vcCbr);
        NS_TEST_ASSERT_MSG_EQ(c.cellsArrived, 1994, "CBR arrived");
        NS_TEST_ASSERT_MSG_EQ(c.cellsDeparted, 1993, "CBR departed");
        NS_TEST_ASSERT_MSG_EQ(c.cellsDropped, 0, "CBR dropped");
        NS_TEST_ASSERT_MSG_EQ(op->GetVcCellsInQueue(vcCbr), 1, "CBR queued");
        const AtmPortVcStats& u = op->GetVcStats(vcUbr);
        NS_TEST_ASSERT_MSG_EQ(u.cellsArrived, 1999, "UBR arrived");
        NS_TEST_ASSERT_MSG_EQ(u.cellsDeparted, 5, "UBR departed");
        NS_TEST_ASSERT_MSG_EQ(u.cellsDropped, 0, "UBR dropped");
        NS_TEST_ASSERT_MSG_EQ(op->GetVcCellsInQueue(vcUbr), 1994, "UBR queued");
        const AtmPortVcStats& s = op->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.cellsArrived,
                              s.cellsDeparted + s.cellsDropped + op->GetCellsInQueue(),
                              "port ledger");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief "Departures before arrivals" at a switch output with a one-cell buffer: a cell
 *        complete exactly at the start of the slot in which the buffered cell leaves is
 *        accepted; one complete a nanosecond earlier is dropped.
 */
class AtmSwitchDeparturesBeforeArrivalsTestCase : public TestCase
{
  public:
    /**
     * @param withEarlyCell also send a third cell that reaches the out port 1 ns before the
     *        slot start at which the buffered cell leaves
     */
    explicit AtmSwitchDeparturesBeforeArrivalsTestCase(bool withEarlyCell)
        : TestCase(withEarlyCell
                       ? "BufferCells = 1 at a switch output: a cell arriving 1 ns before the "
                         "buffered cell's departure slot is dropped, one arriving at that slot "
                         "start is accepted"
                       : "BufferCells = 1 at a switch output: a cell arriving exactly at the "
                         "start of the buffered cell's departure slot is accepted and leaves in "
                         "the next slot"),
          m_withEarlyCell(withEarlyCell)
    {
    }

  private:
    /**
     * @brief CellDequeue sink: the departure instant and whether the cell is B (the EOM).
     * @param cell the cell
     */
    void OnDequeue(const AtmCell& cell)
    {
        m_departures.emplace_back(Simulator::Now(), cell.IsEndOfPdu());
    }

    /**
     * @brief CellsInQueue sink.
     * @param oldValue previous X
     * @param newValue new X
     */
    void OnCellsInQueue(uint32_t oldValue, uint32_t newValue)
    {
        m_maxCells = std::max(m_maxCells, newValue);
    }

    void DoRun() override
    {
        SwitchBench b;
        b.Switch()->SetAttribute("SwitchingDelay", TimeValue(MicroSeconds(1)));
        const uint32_t in = b.AddPort(MilliSeconds(1));
        // The early cell's link: it leaves in slot 1 and must be complete at the out port at
        // 1,009,249 ns: start(2) + d + 1 us = 1,009,249, d = 1,002,749 ns.
        const uint32_t inEarly = b.AddPort(NanoSeconds(1002749));
        const uint32_t out = b.AddPort(MilliSeconds(2));
        Ptr<AtmOutputPort> op = b.Out(out);
        op->SetAttribute("BufferCells", UintegerValue(1));
        const uint32_t vcAB = b.Switch()->AddVcCrossConnect(in, 0, 100, out, 5, 200);
        const uint32_t vcEarly = b.Switch()->AddVcCrossConnect(inEarly, 0, 101, out, 5, 201);
        op->TraceConnectWithoutContext(
            "CellDequeue",
            MakeCallback(&AtmSwitchDeparturesBeforeArrivalsTestCase::OnDequeue, this));
        op->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeCallback(&AtmSwitchDeparturesBeforeArrivalsTestCase::OnCellsInQueue, this));

        Ptr<CellProbeDevice> src = b.Probe(in);
        const uint32_t vc = src->AddVc();
        src->Inject(MakeCell(0, 100), vc, Seconds(0));       // A: slot 1
        src->Inject(MakeCell(0, 100, true), vc, Seconds(0)); // B: slot 2
        if (m_withEarlyCell)
        {
            Ptr<CellProbeDevice> early = b.Probe(inEarly);
            early->Inject(MakeCell(0, 101), early->AddVc(), Seconds(0)); // C: slot 1
        }
        Simulator::Run();

        // A: leaves the source in slot 1, complete at the out port at start(2) + 1 ms + 1 us
        //    = 5,500 + 1,000,000 + 1,000 = 1,006,500 = start(366): leaves in slot 367
        //    (1,009,250), reaches the sink at start(368) + 2 ms = 3,012,000 ns.
        // B: slot 2, complete at the out port at 8,250 + 1,001,000 = 1,009,250 = start(367):
        //    exactly when A leaves. Slot 367 first stores what arrived strictly before it (A, and
        //    C, see below), sends A, and only then stores B: X = 0 < K = 1, accepted; B leaves in
        //    slot 368 (1,012,000), reaches the sink at start(369) + 2 ms = 3,014,750 ns.
        // C: complete at 1,009,249 while A holds the only place: dropped (BUFFER_FULL).
        NS_TEST_ASSERT_MSG_EQ(m_departures.size(), 2, "A and B leave the out port");
        if (m_departures.size() == 2)
        {
            NS_TEST_ASSERT_MSG_EQ(m_departures[0].first, NanoSeconds(1009250), "A: slot 367");
            NS_TEST_ASSERT_MSG_EQ(m_departures[0].second, false, "A first");
            NS_TEST_ASSERT_MSG_EQ(m_departures[1].first, NanoSeconds(1012000), "B: slot 368");
            NS_TEST_ASSERT_MSG_EQ(m_departures[1].second, true, "then B");
        }
        const std::vector<CellProbeDevice::Rx>& rx = b.Probe(out)->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 2, "A and B reach the sink");
        if (rx.size() == 2)
        {
            NS_TEST_ASSERT_MSG_EQ(rx[0].cell.IsEndOfPdu(), false, "A first");
            NS_TEST_ASSERT_MSG_EQ(rx[0].arrival, NanoSeconds(3012000), "A at the sink");
            NS_TEST_ASSERT_MSG_EQ(rx[1].cell.IsEndOfPdu(), true, "B second");
            NS_TEST_ASSERT_MSG_EQ(rx[1].arrival, NanoSeconds(3014750), "B at the sink");
        }
        NS_TEST_ASSERT_MSG_EQ(m_maxCells, 1, "never more than K = 1 cell");

        b.Port(out)->GetTransmitter()->Sync();
        const AtmPortVcStats& ab = op->GetVcStats(vcAB);
        NS_TEST_ASSERT_MSG_EQ(ab.cellsArrived, 2, "A and B arrived");
        NS_TEST_ASSERT_MSG_EQ(ab.cellsDropped, 0, "B is not dropped");
        NS_TEST_ASSERT_MSG_EQ(ab.cellsDeparted, 2, "A and B departed");
        const AtmPortVcStats& e = op->GetVcStats(vcEarly);
        const uint64_t early = m_withEarlyCell ? 1 : 0;
        NS_TEST_ASSERT_MSG_EQ(e.cellsArrived, early, "C arrived");
        NS_TEST_ASSERT_MSG_EQ(e.cellsDropped, early, "C dropped");
        NS_TEST_ASSERT_MSG_EQ(op->GetDropCount(TailDropBufferPolicy::BUFFER_FULL),
                              early,
                              "drops: C only");
        NS_TEST_ASSERT_MSG_EQ(op->GetStats().cellsDropped, early, "port drops");
        NS_TEST_ASSERT_MSG_EQ(op->GetCellsInQueue(), 0, "empty at the end");
        m_departures.clear();
        m_maxCells = 0;
        Simulator::Destroy();
    }

    bool m_withEarlyCell;                            //!< send C too
    std::vector<std::pair<Time, bool>> m_departures; //!< (instant, EOM) of departures
    uint32_t m_maxCells{0};                          //!< largest X seen
};

/**
 * @ingroup atm-tests
 * @brief The atm-switch test suite.
 */
class AtmSwitchTestSuite : public TestSuite
{
  public:
    AtmSwitchTestSuite()
        : TestSuite("atm-switch", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmSwitchVcCrossConnectTimingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchVpCrossConnectTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchUnknownLabelTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchRoundRobinAlternatesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchRoundRobinSharedBufferTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchStrictPriorityTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchDeparturesBeforeArrivalsTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new AtmSwitchDeparturesBeforeArrivalsTestCase(true), ATM_TEST_QUICK);
    }
};

static AtmSwitchTestSuite g_atmSwitchTestSuite; //!< static instance registering the suite
