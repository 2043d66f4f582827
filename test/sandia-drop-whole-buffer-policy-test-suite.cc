/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-output-port.h"
#include "ns3/enum.h"
#include "ns3/pointer.h"
#include "ns3/sandia-drop-tail-buffer-policy.h"
#include "ns3/sandia-drop-whole-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <optional>
#include <random>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of SandiaDropWholeBufferPolicy (SANDIA drop-whole) on hand-built port states driven by
 * PolicyDriver, and through a real AtmOutputPort in QueueMode PER_VC: the purge of the PDU's
 * queued head and the discard through its EOM, the physical limit first, per-VC accounting after
 * departures, VCs independent of each other, single-cell PDUs, the port's headSent fallback, and
 * SANDIA's claim that no cell of a damaged PDU reaches the link.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Short name of the policy class.
using DropWhole = SandiaDropWholeBufferPolicy;

/**
 * @param vcCells VcBufferCells
 * @return a configured policy
 */
Ptr<DropWhole>
MakePolicy(uint32_t vcCells)
{
    Ptr<DropWhole> p = CreateObject<DropWhole>();
    p->SetAttribute("VcBufferCells", UintegerValue(vcCells));
    return p;
}

/// @param reason a drop reason @return the DROP_AND_PURGE_TAIL decision with that reason
AtmAdmitDecision
Purge(const char* reason)
{
    return AtmAdmitDecision::DropAndPurgeTail(reason);
}

/**
 * @param policy the buffer policy
 * @param bufferCells K
 * @return a PER_VC port running @p policy
 */
Ptr<AtmOutputPort>
MakePort(Ptr<AtmBufferPolicy> policy, uint32_t bufferCells)
{
    Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
    port->SetAttribute("BufferCells", UintegerValue(bufferCells));
    port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
    port->SetAttribute("BufferPolicy", PointerValue(policy));
    return port;
}

/// Records a port's CellDrop and FrameDrop traces.
struct DropRecorder
{
    std::vector<const char*> reasons; //!< reason of each CellDrop
    uint32_t frameDrops{0};           //!< FrameDrop events
    const char* frameReason{nullptr}; //!< reason of the last FrameDrop

    /**
     * @param cell the dropped cell
     * @param reason its reason
     */
    void Cell(const AtmCell& cell, const char* reason)
    {
        reasons.push_back(reason);
    }

    /**
     * @param vc the VC
     * @param reason the reason
     */
    void Frame(uint32_t vc, const char* reason)
    {
        ++frameDrops;
        frameReason = reason;
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief The per-VC limit condemns the whole PDU while the physical buffer has room.
 */
class DropWholeVcLimitTestCase : public TestCase
{
  public:
    DropWholeVcLimitTestCase()
        : TestCase("Drop-whole answers the cell that finds the VC's queue full with "
                   "DROP_AND_PURGE_TAIL and reason VC_QUEUE_FULL while X < K: the PDU's queued "
                   "cells are purged back to the previous PDU's EOM and the rest is dropped")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(5), s);
        port.Offer(MakePduCell(0, 0, 2));
        port.Offer(MakePduCell(0, 1, 2)); // P: complete, ends with its EOM
        for (uint16_t i = 0; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(0, i, 6));
            NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "Q" << i);
        }
        NS_TEST_ASSERT_MSG_LT(s.GetCellsInBuffer(), s.GetBufferCells(), "the buffer has room");
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 3, 6));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::VC_QUEUE_FULL), "Q3 at X_v = V");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 3, "Q0..Q2 purged");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 2, "P kept, its EOM included");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_ALL, "discard");
        for (uint16_t i = 4; i < 6; ++i)
        {
            const PolicyDriver::Outcome rest = port.Offer(MakePduCell(0, i, 6));
            NS_TEST_ASSERT_MSG_EQ(rest.consulted, false, "Q" << i << " is the port's");
            NS_TEST_ASSERT_MSG_EQ(rest.accepted, false, "Q" << i << " dropped, EOM included");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "Q over");
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "R0");
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "R1");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "P and R");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The physical buffer refuses first: same action, reason BUFFER_FULL.
 */
class DropWholePhysicalLimitTestCase : public TestCase
{
  public:
    DropWholePhysicalLimitTestCase()
        : TestCase("Drop-whole answers X = K below the per-VC limit with DROP_AND_PURGE_TAIL and "
                   "reason BUFFER_FULL, purging only that VC's PDU; VC_QUEUE_FULL wins when both "
                   "limits hold")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(6, 2);
        PolicyDriver port(MakePolicy(256), s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(1, i, 10));
            port.Offer(MakePduCell(0, i, 5));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 6, "X = K");
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 3, 5));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::BUFFER_FULL), "X_v = 3 < 256");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 3, "VC 0's PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 3, "VC 1 untouched");
        r = port.Offer(MakePduCell(0, 4, 5));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "EOM dropped");
        r = port.Offer(MakePduCell(1, 3, 10));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              AtmAdmitDecision::Accept(),
                              "VC 1 goes on in the freed room");

        AtmPortState t = MakePerVcState(4, 2);
        PolicyDriver both(MakePolicy(2), t);
        both.Offer(MakePduCell(0, 0, 1));
        both.Offer(MakePduCell(0, 0, 1));
        both.Offer(MakePduCell(1, 0, 1));
        both.Offer(MakePduCell(1, 0, 1));
        r = both.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Purge(DropWhole::VC_QUEUE_FULL), "X_v = V and X = K");
    }
};

/**
 * @ingroup atm-tests
 * @brief An EOM that overflows removes the whole PDU; an overflowing first cell leaves nothing.
 */
class DropWholeEomAndFirstCellTestCase : public TestCase
{
  public:
    DropWholeEomAndFirstCellTestCase()
        : TestCase("Drop-whole: an EOM finding the VC's queue full purges the whole PDU and the "
                   "VC is IDLE; a first cell finding it full purges nothing and the rest of the "
                   "PDU, EOM included, is dropped even after room frees up")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 1);
        PolicyDriver port(MakePolicy(4), s);
        port.Offer(MakePduCell(0, 0, 1)); // a previous single-cell PDU
        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(0, i, 4));
        }
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(eom.decision, Purge(DropWhole::VC_QUEUE_FULL), "EOM at X_v = V");
        NS_TEST_ASSERT_MSG_EQ(eom.purged, 3, "the PDU's three queued cells");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 1, "the previous PDU stays");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");

        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(0, 0, 1));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "full of complete PDUs");
        const PolicyDriver::Outcome first = port.Offer(MakePduCell(0, 0, 5));
        NS_TEST_ASSERT_MSG_EQ(first.decision, Purge(DropWhole::VC_QUEUE_FULL), "first cell");
        NS_TEST_ASSERT_MSG_EQ(first.purged, 0, "nothing of this PDU was queued");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_ALL, "discard");
        for (int i = 0; i < 4; ++i)
        {
            port.Depart(0);
        }
        for (uint16_t i = 1; i < 5; ++i)
        {
            r = port.Offer(MakePduCell(0, i, 5));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "c" << i);
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 0, "nothing of the PDU queued");
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "next PDU");
    }
};

/**
 * @ingroup atm-tests
 * @brief Departures free the VC's places; the purge counts only the current PDU's queued cells.
 */
class DropWholeDeparturesTestCase : public TestCase
{
  public:
    DropWholeDeparturesTestCase()
        : TestCase("Drop-whole counts the VC's queue after departures: cells of a PDU accepted "
                   "after the previous PDU left are purged together, and each departure admits "
                   "one more single-cell PDU")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 1);
        PolicyDriver port(MakePolicy(4), s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(0, i, 3)); // P
        }
        r = port.Offer(MakePduCell(0, 0, 5));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "Q0, X_v = 3");
        r = port.Offer(MakePduCell(0, 1, 5));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Purge(DropWhole::VC_QUEUE_FULL), "Q1 at X_v = 4");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 3, "Q0 purged, P kept");
        for (uint16_t i = 2; i < 5; ++i)
        {
            port.Offer(MakePduCell(0, i, 5));
        }
        port.Depart(0);
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 1, "P's EOM is left");
        for (uint16_t i = 0; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(0, i, 6));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "R" << i);
        }
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 3, 6));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::VC_QUEUE_FULL), "R3 at X_v = 4");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 3, "R0..R2");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 1, "P's EOM");
        port.Offer(MakePduCell(0, 4, 6));
        port.Offer(MakePduCell(0, 5, 6));
        for (int i = 0; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(0, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "single " << i);
        }
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "X_v = V");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "one departure");
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "full again");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief One VC's overflow neither purges nor refuses another VC's cells.
 */
class DropWholeTwoVcsTestCase : public TestCase
{
  public:
    DropWholeTwoVcsTestCase()
        : TestCase("Drop-whole keeps accepting a VC with room while another VC's queue is full "
                   "and purges only the overflowing VC's cells")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(3), s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(0, i, 8));
        }
        r = port.Offer(MakePduCell(1, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "VC 1 while VC 0 is full");
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 3, 8));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::VC_QUEUE_FULL), "VC 0 overflows");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 3, "VC 0's three cells");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 1, "VC 1 untouched");
        for (uint16_t i = 1; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(1, i, 3));
            NS_TEST_ASSERT_MSG_EQ(r.decision,
                                  AtmAdmitDecision::Accept(),
                                  "VC 1 cell " << i << " while VC 0 discards");
            r = port.Offer(MakePduCell(0, 3 + i, 8));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "VC 0");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 0, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 3, "VC 1 complete");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief A single-cell PDU refused at the limit purges nothing and starts no discard.
 */
class DropWholeSingleCellTestCase : public TestCase
{
  public:
    DropWholeSingleCellTestCase()
        : TestCase("Drop-whole accepts single-cell PDUs while X_v < V; one refused at X_v = V "
                   "purges no previous PDU and leaves the VC IDLE")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 1);
        PolicyDriver port(MakePolicy(2), s);
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "X_v = 0");
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "X_v = 1");
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::VC_QUEUE_FULL), "X_v = V");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 0, "complete PDUs are never purged");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 2, "X_v");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "no discard state");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "the next PDU is consulted");
    }
};

/**
 * @ingroup atm-tests
 * @brief Through a port: exactly the PDU's queued cells are purged, with the traces' reasons.
 */
class DropWholePortPurgeTestCase : public TestCase
{
  public:
    DropWholePortPurgeTestCase()
        : TestCase("Drop-whole in a PER_VC AtmOutputPort purges the PDU's queued cells, not the "
                   "previous PDU nor another VC, drops the rest with VC_QUEUE_FULL, one FrameDrop")
    {
    }

  private:
    void DoRun() override
    {
        std::string out; // cells sent, checked once
        Ptr<AtmOutputPort> port = MakePort(MakePolicy(5), 64);
        const uint32_t v0 = port->AddVc(AtmServiceCategory::UBR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::UBR);
        DropRecorder rec;
        port->TraceConnectWithoutContext("CellDrop", MakeCallback(&DropRecorder::Cell, &rec));
        port->TraceConnectWithoutContext("FrameDrop", MakeCallback(&DropRecorder::Frame, &rec));
        for (uint16_t i = 0; i < 3; ++i)
        {
            port->Receive(MakePduCell(v0, i, 3), v0); // P
            port->Receive(MakePduCell(v1, i, 9), v1);
        }
        port->Receive(MakePduCell(v0, 0, 5), v0);
        port->Receive(MakePduCell(v1, 3, 9), v1);
        port->Receive(MakePduCell(v0, 1, 5), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 5, "X_v = V");
        port->Receive(MakePduCell(v0, 2, 5), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v0), 3, "P only");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(v1), 4, "VC 1 untouched");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 2, "Q0, Q1");
        port->Receive(MakePduCell(v0, 3, 5), v0);
        port->Receive(MakePduCell(v0, 4, 5), v0);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, DropWhole::VC_QUEUE_FULL),
                              5,
                              "Q2, two purged, Q3 and the EOM");
        NS_TEST_ASSERT_MSG_EQ(rec.reasons.size(), 5, "five CellDrop events");
        for (const char* r : rec.reasons)
        {
            NS_TEST_ASSERT_MSG_EQ(r, DropWhole::VC_QUEUE_FULL, "CellDrop reason (pointer)");
        }
        NS_TEST_ASSERT_MSG_EQ(rec.frameDrops, 1, "one FrameDrop");
        NS_TEST_ASSERT_MSG_EQ(rec.frameReason, DropWhole::VC_QUEUE_FULL, "FrameDrop reason");
        port->Receive(MakePduCell(v0, 0, 1), v0);
        out = DrainIndices(port, v0);
        NS_TEST_ASSERT_MSG_EQ(out, "0 1 2 0", "P, then the next PDU");
        const AtmPortVcStats& st = port->GetVcStats(v0);
        NS_TEST_ASSERT_MSG_EQ(st.cellsArrived, st.cellsDeparted + st.cellsDropped, "ledger");
        NS_TEST_ASSERT_MSG_EQ(st.cellsAccepted, st.cellsDeparted + st.cellsPurged, "accepted");
    }
};

/**
 * @ingroup atm-tests
 * @brief Through a port: a PDU whose head already left falls back to drop-tail (this model's
 *        choice).
 */
class DropWholePortHeadSentTestCase : public TestCase
{
  public:
    DropWholePortHeadSentTestCase()
        : TestCase("Drop-whole in a PER_VC AtmOutputPort: a PDU longer than V whose head left "
                   "falls back to drop-tail (nothing purged, EOM kept even at X_v = V); an "
                   "overflowing EOM of such a PDU is lost; without a sent head the purge runs")
    {
    }

  private:
    void DoRun() override
    {
        std::string out; // cells sent, checked once
        Ptr<AtmOutputPort> port = MakePort(MakePolicy(4), 64);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        port->Receive(MakePduCell(vc, 0, 8), vc);
        const std::optional<AtmCell> head = port->Dequeue(Seconds(0));
        NS_TEST_ASSERT_MSG_EQ((head && head->index == 0), true, "the head leaves");
        for (uint16_t i = 1; i < 8; ++i)
        {
            port->Receive(MakePduCell(vc, i, 8), vc);
            if (i == 5)
            {
                NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc),
                                      AtmFrameState::DROP_PPD,
                                      "drop-tail fallback");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 0, "nothing purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 5, "cells 1..4 and the EOM: V + 1");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, DropWhole::VC_QUEUE_FULL), 2, "5, 6");
        out = DrainIndices(port);
        NS_TEST_ASSERT_MSG_EQ(out, "1 2 3 4 7", "the PDU minus 5 and 6");

        // The overflowing cell is the EOM itself: it is dropped and nothing is purged, so the
        // receiver will merge cells 0..4 with the next PDU.
        port->Receive(MakePduCell(vc, 0, 6), vc);
        port->Dequeue(Seconds(0));
        for (uint16_t i = 1; i < 6; ++i)
        {
            port->Receive(MakePduCell(vc, i, 6), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(vc), AtmFrameState::IDLE, "EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 0, "nothing purged");
        out = DrainIndices(port);
        NS_TEST_ASSERT_MSG_EQ(out, "1 2 3 4", "no EOM on the link");

        // No cell of this PDU has left: the purge applies.
        for (uint16_t i = 0; i < 5; ++i)
        {
            port->Receive(MakePduCell(vc, i, 5), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).cellsPurged, 4, "cells 0..3 purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 0, "whole PDU gone");
        const AtmPortVcStats& st = port->GetVcStats(vc);
        NS_TEST_ASSERT_MSG_EQ(st.cellsArrived, st.cellsDeparted + st.cellsDropped, "ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief SANDIA's claim: the link carries no cell of a damaged PDU, so dropped cells equal the
 * cells of lost PDUs (cell-drop rate = retransmission rate, raw = effective utilisation).
 */
class DropWholeSandiaClaimTestCase : public TestCase
{
  public:
    DropWholeSandiaClaimTestCase()
        : TestCase("Drop-whole in a PER_VC AtmOutputPort with PDUs of at most V cells: every PDU "
                   "leaves whole or not at all, dropped cells = cells of lost PDUs; drop-tail on "
                   "the same stream sends cells of damaged PDUs")
    {
    }

  private:
    /// Per-PDU record.
    struct Pdu
    {
        uint16_t count{0};    //!< cells
        uint16_t departed{0}; //!< cells sent
    };

    /// Result of one run.
    struct Result
    {
        uint32_t pdus{0};         //!< PDUs offered
        uint32_t lost{0};         //!< PDUs of which no cell left
        uint32_t partial{0};      //!< PDUs of which some but not all cells left
        uint64_t lostCells{0};    //!< cells of the lost PDUs
        uint64_t droppedCells{0}; //!< the port's cellsDropped
        uint64_t bufferFull{0};   //!< drops with BUFFER_FULL
    };

    /**
     * @param policy the policy
     * @return what happened to each PDU of a fixed random stream
     */
    static Result Run(Ptr<AtmBufferPolicy> policy)
    {
        const uint32_t nVcs = 3;
        const uint32_t vcCells = 8;
        Ptr<AtmOutputPort> port = MakePort(policy, nVcs * vcCells);
        for (uint32_t v = 0; v < nVcs; ++v)
        {
            port->AddVc(AtmServiceCategory::UBR);
        }
        std::vector<Pdu> pdus;
        auto depart = [&]() {
            if (const std::optional<AtmCell> c = port->Dequeue(Seconds(0)))
            {
                ++pdus[c->vpi].departed;
            }
        };
        std::mt19937 rng(11);
        std::vector<uint16_t> current(nVcs, 0); // PDU id of each VC's current PDU
        std::vector<uint16_t> next(nVcs, 0);    // next cell index
        auto offer = [&](uint32_t v) {
            if (next[v] == 0)
            {
                current[v] = static_cast<uint16_t>(pdus.size());
                pdus.push_back(Pdu{static_cast<uint16_t>(1 + rng() % vcCells), 0});
            }
            AtmCell c = MakePduCell(v, next[v], pdus[current[v]].count);
            c.vpi = current[v];
            port->Receive(c, v);
            next[v] = c.IsEndOfPdu() ? 0 : static_cast<uint16_t>(next[v] + 1);
        };
        for (uint32_t step = 0; step < 20000; ++step)
        {
            if (rng() % 100 < 55)
            {
                offer(rng() % nVcs);
            }
            else
            {
                depart();
            }
        }
        for (uint32_t v = 0; v < nVcs; ++v)
        {
            while (next[v] != 0)
            {
                offer(v);
            }
        }
        while (port->GetCellsInQueue() > 0)
        {
            depart();
        }
        Result r;
        for (const Pdu& p : pdus)
        {
            ++r.pdus;
            r.lost += p.departed == 0 ? 1 : 0;
            r.partial += (p.departed > 0 && p.departed < p.count) ? 1 : 0;
            r.lostCells += p.departed == 0 ? p.count : 0;
        }
        r.droppedCells = port->GetStats().cellsDropped;
        r.bufferFull = port->GetDropCount(DropWhole::BUFFER_FULL);
        return r;
    }

    void DoRun() override
    {
        const Result whole = Run(MakePolicy(8));
        NS_TEST_ASSERT_MSG_LT(whole.pdus, 65536U, "PDU ids fit the VPI field");
        NS_TEST_ASSERT_MSG_GT(whole.lost, 50U, "the stream overloads the VCs");
        NS_TEST_ASSERT_MSG_EQ(whole.partial, 0, "no damaged PDU reaches the link");
        NS_TEST_ASSERT_MSG_EQ(whole.droppedCells, whole.lostCells, "drops = lost PDUs' cells");
        NS_TEST_ASSERT_MSG_EQ(whole.bufferFull, 0, "K = 3 V: only per-VC overflows");

        Ptr<SandiaDropTailBufferPolicy> tail = CreateObject<SandiaDropTailBufferPolicy>();
        tail->SetAttribute("VcBufferCells", UintegerValue(8));
        const Result dropTail = Run(tail);
        NS_TEST_ASSERT_MSG_GT(dropTail.partial, 0U, "drop-tail sends heads and EOMs");
        NS_TEST_ASSERT_MSG_GT(dropTail.droppedCells, 0U, "drop-tail drops");
    }
};

/**
 * @ingroup atm-tests
 * @brief TypeId, attribute default, short name.
 */
class DropWholeAttributesTestCase : public TestCase
{
  public:
    DropWholeAttributesTestCase()
        : TestCase("Drop-whole is ns3::SandiaDropWholeBufferPolicy, short name drop-whole, "
                   "frame-aware, VcBufferCells 256 by default and at least 1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DropWhole> p = CreateObject<DropWhole>();
        NS_TEST_ASSERT_MSG_EQ(p->GetInstanceTypeId().GetName(),
                              "ns3::SandiaDropWholeBufferPolicy",
                              "TypeId");
        NS_TEST_ASSERT_MSG_EQ(AtmBufferPolicyFactory::Resolve("drop-whole"),
                              DropWhole::GetTypeId(),
                              "short name");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "frame-aware");
        UintegerValue v;
        p->GetAttribute("VcBufferCells", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), 256, "VcBufferCells default");
        NS_TEST_ASSERT_MSG_EQ(p->SetAttributeFailSafe("VcBufferCells", UintegerValue(0)),
                              false,
                              "VcBufferCells >= 1");
        AtmPortState s = MakePerVcState(1000, 1);
        PolicyDriver port(p, s);
        for (uint16_t i = 0; i < 256; ++i)
        {
            port.Offer(MakePduCell(0, i, 300));
        }
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 256, 300));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(DropWhole::VC_QUEUE_FULL), "the 257th");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 256, "all 256 purged");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-sandia-drop-whole-buffer-policy test suite.
 */
class SandiaDropWholeBufferPolicyTestSuite : public TestSuite
{
  public:
    SandiaDropWholeBufferPolicyTestSuite()
        : TestSuite("atm-sandia-drop-whole-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new DropWholeVcLimitTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholePhysicalLimitTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeEomAndFirstCellTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeDeparturesTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeTwoVcsTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeSingleCellTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholePortPurgeTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholePortHeadSentTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeSandiaClaimTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropWholeAttributesTestCase, ATM_TEST_QUICK);
    }
};

static SandiaDropWholeBufferPolicyTestSuite
    g_sandiaDropWholeBufferPolicyTestSuite; //!< static instance registering the suite
