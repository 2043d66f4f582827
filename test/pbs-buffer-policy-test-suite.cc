/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/callback.h"
#include "ns3/pbs-buffer-policy.h"
#include "ns3/pointer.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of PbsBufferPolicy (BON Fig. 6.1) on hand-built port states and on an
 * AtmOutputPort: each branch of the rule, threshold 0 and threshold K, per-cell (frame-unaware)
 * handling of partially tagged PDUs, EomReserveCells, and a port ledger in which a PDU loses
 * exactly its CLP=1 cells offered at or above the threshold. The abort on a threshold above K
 * ends the process; it is a googletest death test (atm-config-errors-gtest).
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// @return ACCEPT
AtmAdmitDecision
Accepted()
{
    return AtmAdmitDecision::Accept();
}

/// @return DROP_CELL(BUFFER_FULL)
AtmAdmitDecision
Full()
{
    return AtmAdmitDecision::DropCell(PbsBufferPolicy::BUFFER_FULL);
}

/// @return DROP_CELL(CLP_THRESHOLD)
AtmAdmitDecision
AboveThreshold()
{
    return AtmAdmitDecision::DropCell(PbsBufferPolicy::CLP_THRESHOLD);
}

/**
 * @param threshold ClpThresholdCells
 * @return a PBS policy
 */
Ptr<PbsBufferPolicy>
MakePbs(uint32_t threshold)
{
    Ptr<PbsBufferPolicy> policy = CreateObject<PbsBufferPolicy>();
    policy->SetAttribute("ClpThresholdCells", UintegerValue(threshold));
    return policy;
}

/**
 * @param k K
 * @param x cells to put in the buffer, all on VC 0 (VCs 0..2, one queue each)
 * @return the state, VC 1 in ACCEPT (inside a PDU), VCs 0 and 2 IDLE
 */
AtmPortState
StateAt(uint32_t k, uint32_t x)
{
    AtmPortState s = MakePerVcState(k, 3);
    for (uint32_t i = 0; i < x; ++i)
    {
        s.OnEnqueue(0);
    }
    s.SetFrameState(1, AtmFrameState::ACCEPT);
    return s;
}

/// Records the dropped cells of a port.
struct DropLog
{
    std::vector<uint16_t> indices;    //!< index of each dropped cell
    std::vector<const char*> reasons; //!< its reason
    std::vector<uint32_t> frameDrops; //!< VC of each FrameDrop event

    /**
     * @param cell the dropped cell
     * @param reason the reason
     */
    void Drop(const AtmCell& cell, const char* reason)
    {
        indices.push_back(cell.index);
        reasons.push_back(reason);
    }

    /**
     * @param vc the VC
     * @param reason the reason
     */
    void FrameDrop(uint32_t vc, const char* reason)
    {
        frameDrops.push_back(vc);
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief Defaults and reasons. (That the factory creates the policy as pbs and
 * ns3::PbsBufferPolicy and the contract suite enumerates it is checked for every short name by
 * atm-buffer-policy-contract.)
 */
class PbsDefaultsTestCase : public TestCase
{
  public:
    PbsDefaultsTestCase()
        : TestCase("PBS is frame-unaware, with ClpThresholdCells 0 by default and its two drop "
                   "reasons as documented")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PbsBufferPolicy> p = CreateObject<PbsBufferPolicy>();
        UintegerValue t;
        p->GetAttribute("ClpThresholdCells", t);
        NS_TEST_ASSERT_MSG_EQ(t.Get(), 0U, "ClpThresholdCells default");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), false, "PBS decides per cell (BON Fig. 6.1)");
        NS_TEST_ASSERT_MSG_EQ(std::string(PbsBufferPolicy::BUFFER_FULL),
                              "PBS: buffer full",
                              "reason text");
        NS_TEST_ASSERT_MSG_EQ(std::string(PbsBufferPolicy::CLP_THRESHOLD),
                              "PBS: CLP=1 cell at or above the threshold",
                              "reason text");
    }
};

/**
 * @ingroup atm-tests
 * @brief The three branches, hand-computed for K = 5, T = 3.
 */
class PbsBranchesTestCase : public TestCase
{
  public:
    PbsBranchesTestCase()
        : TestCase("PBS with K=5, T=3: X=K drops every cell with BUFFER_FULL; X<T accepts CLP=1; "
                   "T<=X<K accepts CLP=0 and drops CLP=1 with CLP_THRESHOLD")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PbsBufferPolicy> policy = MakePbs(3);
        // X = 2 < T: both CLPs enter, first, middle and last cells alike.
        AtmPortState below = StateAt(5, 2);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(below, 2, MakePduCell(2, 0, 4, true)),
                              Accepted(),
                              "X=2 < T: first cell, CLP=1, accepted");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(below, 1, MakePduCell(1, 2, 4, true)),
                              Accepted(),
                              "X=2 < T: middle cell, CLP=1, accepted");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(below, 1, MakePduCell(1, 3, 4, true)),
                              Accepted(),
                              "X=2 < T: EOM cell, CLP=1, accepted");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(below, 2, MakePduCell(2, 0, 1, false)),
                              Accepted(),
                              "X=2 < T: single-cell PDU, CLP=0, accepted");
        // X = 3 = T: only CLP=0.
        AtmPortState atT = StateAt(5, 3);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 2, MakePduCell(2, 0, 4, true)),
                              AboveThreshold(),
                              "first CLP=1 cell at X = T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 1, MakePduCell(1, 3, 4, true)),
                              AboveThreshold(),
                              "CLP=1 EOM at X = T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 1, MakePduCell(1, 2, 4, false)),
                              Accepted(),
                              "CLP=0 middle cell at X = T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 2, MakePduCell(2, 0, 1, false)),
                              Accepted(),
                              "CLP=0 single-cell PDU at X = T");
        // X = 4 = K - 1: still room for CLP=0.
        AtmPortState lastPlace = StateAt(5, 4);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(lastPlace, 1, MakePduCell(1, 1, 4, false)),
                              Accepted(),
                              "CLP=0 at X = K - 1");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(lastPlace, 1, MakePduCell(1, 1, 4, true)),
                              AboveThreshold(),
                              "CLP=1 at X = K - 1");
        // X = 5 = K: nothing, and the reason is the full buffer whatever the CLP.
        AtmPortState full = StateAt(5, 5);
        for (bool clp : {false, true})
        {
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(full, 2, MakePduCell(2, 0, 4, clp)),
                                  Full(),
                                  "first cell at X = K, CLP=" << clp);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(full, 1, MakePduCell(1, 3, 4, clp)),
                                  Full(),
                                  "EOM at X = K, CLP=" << clp);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Every X for a given (K, T): CLP=1 enters iff X < min(T, K), CLP=0 iff X < K.
 */
class PbsDecisionTableTestCase : public TestCase
{
  public:
    /**
     * @param k K
     * @param t ClpThresholdCells
     * @param clpLimit the highest X + 1 at which a CLP=1 cell enters (hand-computed min(T, K))
     */
    PbsDecisionTableTestCase(uint32_t k, uint32_t t, uint32_t clpLimit)
        : TestCase("PBS with K=" + std::to_string(k) + ", ClpThresholdCells=" + std::to_string(t) +
                   ": for every X, CLP=0 cells enter iff X < K and CLP=1 cells " +
                   (clpLimit == 0 ? std::string("never") : "iff X < " + std::to_string(clpLimit))),
          m_k(k),
          m_t(t),
          m_clpLimit(clpLimit)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PbsBufferPolicy> policy = MakePbs(m_t);
        Ptr<TailDropBufferPolicy> tail = CreateObject<TailDropBufferPolicy>();
        for (uint32_t x = 0; x <= m_k; ++x)
        {
            AtmPortState s = StateAt(m_k, x);
            const AtmAdmitDecision clp0 = (x < m_k) ? Accepted() : Full();
            const AtmAdmitDecision clp1 =
                (x < m_clpLimit) ? Accepted() : ((x < m_k) ? AboveThreshold() : Full());
            for (const AtmCell& c :
                 {MakePduCell(2, 0, 3), MakePduCell(1, 1, 3), MakePduCell(1, 2, 3)})
            {
                NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, c.vc, c), clp0, "CLP=0 x=" << x << " " << c);
                AtmCell tagged = c;
                tagged.clp = true;
                NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, tagged.vc, tagged),
                                      clp1,
                                      "CLP=1 x=" << x << " " << c);
                if (m_t == m_k)
                {
                    // VBR.1: the same actions as tail drop, CLP or not.
                    NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, tagged.vc, tagged).action,
                                          tail->Admit(s, tagged.vc, tagged).action,
                                          "T = K behaves as tail drop, x=" << x);
                }
            }
        }
    }

    uint32_t m_k;        //!< K
    uint32_t m_t;        //!< ClpThresholdCells
    uint32_t m_clpLimit; //!< min(T, K)
};

/**
 * @ingroup atm-tests
 * @brief Threshold 0: a CLP=1 cell never enters, even an empty buffer.
 */
class PbsThresholdZeroTestCase : public TestCase
{
  public:
    PbsThresholdZeroTestCase()
        : TestCase("PBS with ClpThresholdCells=0 never accepts a CLP=1 cell, even into an empty "
                   "buffer, while CLP=0 cells fill it to K")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PbsBufferPolicy> policy = MakePbs(0);
        AtmPortState s = MakePerVcState(4, 2);
        PolicyDriver port(policy, s);
        for (uint16_t i = 0; i < 6; ++i)
        {
            // VC 1: single-cell CLP=1 PDUs, offered between the CLP=0 cells of VC 0.
            const PolicyDriver::Outcome tagged = port.Offer(MakePduCell(1, 0, 1, true));
            NS_TEST_ASSERT_MSG_EQ(tagged.accepted, false, "CLP=1 at X=" << s.GetCellsInBuffer());
            NS_TEST_ASSERT_MSG_EQ(tagged.decision,
                                  (s.GetCellsInBuffer() < 4 ? AboveThreshold() : Full()),
                                  "reason at X=" << s.GetCellsInBuffer());
            port.Offer(MakePduCell(0, i, 6));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4U, "CLP=0 cells filled the buffer");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 0U, "no CLP=1 cell entered");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1, true)).decision,
                              AboveThreshold(),
                              "room again, still refused");
    }
};

/**
 * @ingroup atm-tests
 * @brief Per-cell handling of a partially tagged PDU on hand-built state.
 */
class PbsPartiallyTaggedPduTestCase : public TestCase
{
  public:
    PbsPartiallyTaggedPduTestCase()
        : TestCase("PBS drops single CLP=1 cells of a partially tagged PDU with DROP_CELL, the VC "
                   "stays in ACCEPT and the PDU's later CLP=0 cells and EOM still enter")
    {
    }

  private:
    void DoRun() override
    {
        // K = 6, T = 2; VC 0 holds 2 cells, so X = T from the start.
        Ptr<PbsBufferPolicy> policy = MakePbs(2);
        AtmPortState s = MakePerVcState(6, 2);
        PolicyDriver port(policy, s);
        port.Offer(MakePduCell(0, 0, 1));
        port.Offer(MakePduCell(0, 0, 1));
        const bool clp[] = {false, true, false, true, false};
        const bool expected[] = {true, false, true, false, true};
        for (uint16_t i = 0; i < 5; ++i)
        {
            const PolicyDriver::Outcome out = port.Offer(MakePduCell(1, i, 5, clp[i]));
            NS_TEST_ASSERT_MSG_EQ(out.consulted, true, "the policy sees every cell " << i);
            NS_TEST_ASSERT_MSG_EQ(out.accepted, expected[i], "cell " << i);
            NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1),
                                  (i < 4 ? AtmFrameState::ACCEPT : AtmFrameState::IDLE),
                                  "no frame discard after cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 3U, "the three CLP=0 cells of the PDU");
    }
};

/**
 * @ingroup atm-tests
 * @brief The base class's EomReserveCells applies to the room test.
 */
class PbsEomReserveTestCase : public TestCase
{
  public:
    PbsEomReserveTestCase()
        : TestCase("PBS with K=5, T=5, EomReserveCells=2: non-EOM cells find no room from X=3 "
                   "(BUFFER_FULL), EOM cells enter up to X=4")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PbsBufferPolicy> policy = MakePbs(5);
        policy->SetAttribute("EomReserveCells", UintegerValue(2));
        for (uint32_t x = 0; x <= 5; ++x)
        {
            AtmPortState s = StateAt(5, x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 1, 3)),
                                  (x < 3 ? Accepted() : Full()),
                                  "middle cell x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 2, 3, true)),
                                  (x < 5 ? Accepted() : Full()),
                                  "CLP=1 EOM x=" << x);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Port ledger: a partially tagged PDU loses exactly its CLP=1 cells offered at X >= T.
 */
class PbsPortLedgerTestCase : public TestCase
{
  public:
    PbsPortLedgerTestCase()
        : TestCase("On an AtmOutputPort with PBS (K=10, T=4) a PDU with CLP pattern 1 0 1 0 1 1 1 "
                   "0 loses exactly cells 2, 4 and 5 (CLP=1 at X >= T); cell 6 (CLP=1) enters "
                   "after departures; ledger and traces agree")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
        port->SetAttribute("BufferCells", UintegerValue(10));
        port->SetAttribute("BufferPolicy", PointerValue(MakePbs(4)));
        DropLog log;
        port->TraceConnectWithoutContext("CellDrop", MakeCallback(&DropLog::Drop, &log));
        port->TraceConnectWithoutContext("FrameDrop", MakeCallback(&DropLog::FrameDrop, &log));
        const uint32_t a = port->AddVc(AtmServiceCategory::NRT_VBR);
        const uint32_t b = port->AddVc(AtmServiceCategory::NRT_VBR);
        port->Receive(MakePduCell(a, 0, 1), a);
        port->Receive(MakePduCell(a, 0, 1), a);
        // X at arrival of cells 0..5: 2, 3, 4, 4, 5, 5 (T = 4).
        const bool clp[] = {true, false, true, false, true, true, true, false};
        for (uint16_t i = 0; i < 6; ++i)
        {
            port->Receive(MakePduCell(b, i, 8, clp[i]), b);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 5U, "VC a's 2 + cells 0, 1, 3");
        // The shared FIFO sends VC a's two cells and cell 0: X = 2 < T.
        for (uint32_t i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0)).has_value(), true, "departure " << i);
        }
        port->Receive(MakePduCell(b, 6, 8, clp[6]), b);
        port->Receive(MakePduCell(b, 7, 8, clp[7]), b);

        NS_TEST_ASSERT_MSG_EQ(
            JoinIds(std::vector<uint32_t>(log.indices.begin(), log.indices.end())),
            "2 4 5",
            "exactly the CLP=1 cells offered at X >= T");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(b, PbsBufferPolicy::CLP_THRESHOLD),
                              3U,
                              "all with CLP_THRESHOLD");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(PbsBufferPolicy::BUFFER_FULL), 0U, "no overflow");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(log.frameDrops), std::to_string(b), "one damaged PDU");
        const AtmPortVcStats& sb = port->GetVcStats(b);
        NS_TEST_ASSERT_MSG_EQ(sb.cellsArrived, 8U, "offered");
        NS_TEST_ASSERT_MSG_EQ(sb.cellsAccepted, 5U, "accepted");
        NS_TEST_ASSERT_MSG_EQ(sb.cellsDropped, 3U, "dropped");
        NS_TEST_ASSERT_MSG_EQ(sb.framesDropped, 1U, "framesDropped");
        NS_TEST_ASSERT_MSG_EQ(sb.cellsArrived,
                              sb.cellsDeparted + port->GetVcCellsInQueue(b) + sb.cellsDropped,
                              "VC ledger");
        const AtmPortVcStats& sp = port->GetStats();
        NS_TEST_ASSERT_MSG_EQ(sp.cellsArrived,
                              sp.cellsDeparted + port->GetCellsInQueue() + sp.cellsDropped,
                              "port ledger");
        NS_TEST_ASSERT_MSG_EQ(DrainIndices(port, b), "1 3 6 7", "the PDU's stored cells in order");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-pbs-buffer-policy test suite.
 */
class PbsBufferPolicyTestSuite : public TestSuite
{
  public:
    PbsBufferPolicyTestSuite()
        : TestSuite("atm-pbs-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new PbsDefaultsTestCase, ATM_TEST_QUICK);
        AddTestCase(new PbsBranchesTestCase, ATM_TEST_QUICK);
        // (K, T, min(T, K)): an inner threshold, T = 0, T = K (VBR.1), K = 1 at both ends.
        AddTestCase(new PbsDecisionTableTestCase(8, 5, 5), ATM_TEST_QUICK);
        AddTestCase(new PbsDecisionTableTestCase(8, 0, 0), ATM_TEST_QUICK);
        AddTestCase(new PbsDecisionTableTestCase(8, 8, 8), ATM_TEST_QUICK);
        AddTestCase(new PbsDecisionTableTestCase(1, 0, 0), ATM_TEST_QUICK);
        AddTestCase(new PbsDecisionTableTestCase(1, 1, 1), ATM_TEST_QUICK);
        AddTestCase(new PbsThresholdZeroTestCase, ATM_TEST_QUICK);
        AddTestCase(new PbsPartiallyTaggedPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new PbsEomReserveTestCase, ATM_TEST_QUICK);
        AddTestCase(new PbsPortLedgerTestCase, ATM_TEST_QUICK);
    }
};

static PbsBufferPolicyTestSuite
    g_pbsBufferPolicyTestSuite; //!< static instance registering the suite
