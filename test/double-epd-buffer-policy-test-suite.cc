/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/double-epd-buffer-policy.h"
#include "ns3/double.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of DoubleEpdBufferPolicy (O. Bonaventure, PhD thesis, 1998, ch. 7.2.1) on hand-built port
 * states: the thresholds LBO and HBO from cells or fractions of K (BON's LAN values 6144 and
 * 7168 of 8192, LBO = 0), the decision for every occupancy Q on first cells of eligible and
 * non-eligible PDUs (CLP = 1, and CLP = 0 marked NOT_ELIGIBLE by a GFR.1 switch), PDUs in
 * progress continuing above both thresholds until the buffer is full and then PPD, and a
 * driven sequence in which the excess traffic is refused while the eligible traffic passes.
 * The aborts on LBO >= HBO, HBO >= K and fractions out of range end the process; they are
 * death tests (test/gtest).
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param lbo LBO in cells (0: LboFraction 0)
 * @param hbo HboCells
 * @return a Double-EPD policy
 */
Ptr<DoubleEpdBufferPolicy>
MakeDoubleEpd(uint32_t lbo, uint32_t hbo)
{
    Ptr<DoubleEpdBufferPolicy> policy = CreateObject<DoubleEpdBufferPolicy>();
    policy->SetAttribute("LboCells", UintegerValue(lbo));
    if (lbo == 0)
    {
        policy->SetAttribute("LboFraction", DoubleValue(0.0));
    }
    policy->SetAttribute("HboCells", UintegerValue(hbo));
    return policy;
}

/**
 * @param vc the VC
 * @param index the cell's index in its PDU
 * @param count the PDU's cells
 * @return a CLP = 0 cell that a GFR.1 switch's F-GCRA found not eligible
 */
AtmCell
MarkedCell(uint32_t vc, uint16_t index, uint16_t count)
{
    AtmCell cell = MakePduCell(vc, index, count, false);
    cell.flags |= AtmCell::NOT_ELIGIBLE;
    return cell;
}

/**
 * @param k K
 * @param nVcs VCs, one queue each
 * @param cells cells on VC 0
 * @return the state (every VC IDLE)
 */
AtmPortState
FilledState(uint32_t k, uint32_t nVcs, uint32_t cells)
{
    std::vector<uint32_t> perVc(nVcs, 0);
    perVc[0] = cells;
    return MakeOccupiedState(k, perVc);
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Defaults and both thresholds from cells or fractions, including LBO = 0.
 */
class DoubleEpdThresholdValueTestCase : public TestCase
{
  public:
    DoubleEpdThresholdValueTestCase()
        : TestCase("Double-EPD defaults (HboFraction 0.875, LboFraction 0.75: BON's LAN 7168 and "
                   "6144 of 8192) and LBO, HBO = ...Cells, else floor(...Fraction x K); "
                   "LboFraction 0 gives LBO = 0")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DoubleEpdBufferPolicy> policy = CreateObject<DoubleEpdBufferPolicy>();
        DoubleValue hbo;
        DoubleValue lbo;
        policy->GetAttribute("HboFraction", hbo);
        policy->GetAttribute("LboFraction", lbo);
        NS_TEST_ASSERT_MSG_EQ(hbo.Get(), 0.875, "HboFraction default");
        NS_TEST_ASSERT_MSG_EQ(lbo.Get(), 0.75, "LboFraction default");
        NS_TEST_ASSERT_MSG_EQ(policy->IsFrameAware(), true, "frame-aware");
        NS_TEST_ASSERT_MSG_EQ(policy->GetHboCells(8192), 7168U, "BON LAN HBO");
        NS_TEST_ASSERT_MSG_EQ(policy->GetLboCells(8192), 6144U, "BON LAN LBO");
        // 0.875 x 20 = 17.5, 0.75 x 20 = 15
        NS_TEST_ASSERT_MSG_EQ(policy->GetHboCells(20), 17U, "K = 20");
        NS_TEST_ASSERT_MSG_EQ(policy->GetLboCells(20), 15U, "K = 20");
        policy->SetAttribute("LboFraction", DoubleValue(0.0));
        NS_TEST_ASSERT_MSG_EQ(policy->GetLboCells(8192), 0U, "LBO = 0 (BON's collapse case)");
        // BON's internetwork: K = 16000, HBO 15000, LBO 2000, in cells.
        policy->SetAttribute("HboCells", UintegerValue(15000));
        policy->SetAttribute("LboCells", UintegerValue(2000));
        NS_TEST_ASSERT_MSG_EQ(policy->GetHboCells(16000), 15000U, "cells override");
        NS_TEST_ASSERT_MSG_EQ(policy->GetLboCells(16000), 2000U, "cells override");
    }
};

/**
 * @ingroup atm-tests
 * @brief For every Q from 0 to K: first cells of eligible PDUs are refused iff Q >= HBO, of
 *        non-eligible PDUs iff Q >= LBO; cells inside a PDU are accepted iff Q < K, else PPD.
 */
class DoubleEpdDecisionTableTestCase : public TestCase
{
  public:
    /**
     * @param k K
     * @param lbo LboCells
     * @param hbo HboCells
     */
    DoubleEpdDecisionTableTestCase(uint32_t k, uint32_t lbo, uint32_t hbo)
        : TestCase("Double-EPD with K=" + std::to_string(k) + ", LBO=" + std::to_string(lbo) +
                   ", HBO=" + std::to_string(hbo) +
                   ": for every Q, eligible first cells refused with HIGH_THRESHOLD iff Q >= HBO, "
                   "CLP=1 and NOT_ELIGIBLE first cells with LOW_THRESHOLD iff Q >= LBO, cells "
                   "inside a PDU accepted iff Q < K, else BUFFER_FULL with the EOM kept"),
          m_k(k),
          m_lbo(lbo),
          m_hbo(hbo)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DoubleEpdBufferPolicy> policy = MakeDoubleEpd(m_lbo, m_hbo);
        const AtmAdmitDecision accept = AtmAdmitDecision::Accept();
        const AtmAdmitDecision high =
            AtmAdmitDecision::DropFrame(DoubleEpdBufferPolicy::HIGH_THRESHOLD, false);
        const AtmAdmitDecision low =
            AtmAdmitDecision::DropFrame(DoubleEpdBufferPolicy::LOW_THRESHOLD, false);
        const AtmAdmitDecision full =
            AtmAdmitDecision::DropFrame(DoubleEpdBufferPolicy::BUFFER_FULL, true);
        for (uint32_t q = 0; q <= m_k; ++q)
        {
            AtmPortState s = FilledState(m_k, 3, q);
            s.SetFrameState(1, AtmFrameState::ACCEPT);
            const AtmAdmitDecision eligible = q >= m_hbo ? high : accept;
            const AtmAdmitDecision excess = q >= m_lbo ? low : accept;
            const AtmAdmitDecision inPdu = q < m_k ? accept : full;
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 5)),
                                  eligible,
                                  "eligible first cell, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 1)),
                                  eligible,
                                  "eligible single-cell PDU, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 5, true)),
                                  excess,
                                  "CLP=1 first cell, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MarkedCell(0, 0, 5)),
                                  excess,
                                  "CLP=0 first cell marked NOT_ELIGIBLE (GFR.1), Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 2, 5, true)),
                                  inPdu,
                                  "CLP=1 middle cell of an accepted PDU, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 4, 5)),
                                  inPdu,
                                  "EOM of an accepted PDU, Q=" << q);
        }
    }

    uint32_t m_k;   //!< K
    uint32_t m_lbo; //!< LBO
    uint32_t m_hbo; //!< HBO
};

/**
 * @ingroup atm-tests
 * @brief Driven as the port drives it: between LBO and HBO the excess PDUs are refused whole
 *        (nothing of them queued, EOM dropped) while an eligible PDU is stored whole.
 */
class DoubleEpdSequenceTestCase : public TestCase
{
  public:
    DoubleEpdSequenceTestCase()
        : TestCase("Double-EPD between LBO and HBO: a CLP=1 PDU and a NOT_ELIGIBLE PDU are "
                   "dropped whole (5 + 5 cells, nothing queued), an eligible PDU of 5 cells is "
                   "stored whole; above HBO it is refused too")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DoubleEpdBufferPolicy> policy = MakeDoubleEpd(4, 12);
        AtmPortState s = MakePerVcState(20, 3);
        PolicyDriver port(policy, s);
        // Six cells of VC 0 (eligible, one PDU in progress): Q = 6, between LBO and HBO.
        for (uint16_t i = 0; i < 6; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 30)).accepted, true, "VC 0 cell");
        }
        uint32_t stored = 0;
        for (uint16_t i = 0; i < 5; ++i)
        {
            stored += port.Offer(MakePduCell(1, i, 5, true)).accepted ? 1 : 0;
            stored += port.Offer(MarkedCell(2, i, 5)).accepted ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(stored, 0U, "excess PDUs refused whole, EOMs included");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 6U, "only VC 0's cells queued");
        for (uint16_t i = 0; i < 5; ++i)
        {
            stored += port.Offer(MakePduCell(1, i, 5)).accepted ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(stored, 5U, "eligible PDU stored whole at Q = 6 < HBO");
        // VC 0 continues above HBO (inside its PDU): Q reaches 12.
        for (uint16_t i = 6; i < 7; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 30)).accepted, true, "VC 0 cell");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 12U, "Q = HBO");
        const PolicyDriver::Outcome refused = port.Offer(MakePduCell(2, 0, 5));
        NS_TEST_ASSERT_MSG_EQ(
            refused.decision,
            AtmAdmitDecision::DropFrame(DoubleEpdBufferPolicy::HIGH_THRESHOLD, false),
            "eligible PDU refused at Q = HBO");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "port state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-double-epd-buffer-policy test suite.
 */
class DoubleEpdBufferPolicyTestSuite : public TestSuite
{
  public:
    DoubleEpdBufferPolicyTestSuite()
        : TestSuite("atm-double-epd-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new DoubleEpdThresholdValueTestCase(), ATM_TEST_QUICK);
        AddTestCase(new DoubleEpdDecisionTableTestCase(20, 15, 17), ATM_TEST_QUICK);
        AddTestCase(new DoubleEpdDecisionTableTestCase(10, 0, 5), ATM_TEST_QUICK);
        AddTestCase(new DoubleEpdDecisionTableTestCase(8, 6, 7), ATM_TEST_QUICK);
        AddTestCase(new DoubleEpdDecisionTableTestCase(8, 4, 4), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static DoubleEpdBufferPolicyTestSuite g_doubleEpdBufferPolicyTestSuite;
