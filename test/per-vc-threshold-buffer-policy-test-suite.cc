/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/double.h"
#include "ns3/per-vc-threshold-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of PerVcThresholdBufferPolicy (O. Bonaventure, PhD thesis, 1998, ch. 7.2.2) on hand-built
 * port states: T_i from SetVcThreshold(), from VcThresholdCells and from the MBS of the VC's GFR
 * contract (0 without one); the decision for every (Q, Q_i) on first cells of eligible and
 * non-eligible PDUs; and a driven sequence in which, above HBO, a VC below its threshold still
 * gets a PDU in while a VC at its threshold and an excess PDU are refused.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param k K
 * @param mbs the MBS of VC 1's GFR.2 contract (VC 0 and 2 are UBR without contract parameters)
 * @return a state with three per-VC queues
 */
AtmPortState
GfrState(uint32_t k, uint32_t mbs)
{
    AtmPortState s(k);
    s.AddVc(AtmServiceCategory::UBR, s.AddQueue(AtmServiceCategory::UBR));
    const AtmTrafficContract gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                           AtmCellRate(10000),
                                                           AtmCellRate(1000),
                                                           mbs,
                                                           1);
    s.AddVc(gfr, s.AddQueue(AtmServiceCategory::GFR));
    s.AddVc(AtmServiceCategory::UBR, s.AddQueue(AtmServiceCategory::UBR));
    return s;
}

/**
 * @param lbo LboCells
 * @param hbo HboCells
 * @return the policy
 */
Ptr<PerVcThresholdBufferPolicy>
MakePolicy(uint32_t lbo, uint32_t hbo)
{
    Ptr<PerVcThresholdBufferPolicy> p = CreateObject<PerVcThresholdBufferPolicy>();
    p->SetAttribute("LboCells", UintegerValue(lbo));
    p->SetAttribute("HboCells", UintegerValue(hbo));
    return p;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Where T_i comes from.
 */
class PerVcThresholdValueTestCase : public TestCase
{
  public:
    PerVcThresholdValueTestCase()
        : TestCase("Per-VC threshold T_i: the VC's MBS by default (0 for a VC without contract "
                   "parameters), VcThresholdCells for every VC if set, SetVcThreshold() for one "
                   "VC above both; the global thresholds default to 0.875 and 0.75 of K")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerVcThresholdBufferPolicy> p = CreateObject<PerVcThresholdBufferPolicy>();
        const AtmPortState s = GfrState(8192, 40);
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 1), 40U, "MBS of the GFR contract");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 0), 0U, "no contract parameters: 0");
        NS_TEST_ASSERT_MSG_EQ(p->GetHboCells(8192), 7168U, "HBO default");
        NS_TEST_ASSERT_MSG_EQ(p->GetLboCells(8192), 6144U, "LBO default");
        p->SetAttribute("VcThresholdCells", UintegerValue(25));
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 1), 25U, "VcThresholdCells over MBS");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 0), 25U, "VcThresholdCells for every VC");
        p->SetVcThreshold(2, 7);
        p->SetVcThreshold(1, 0);
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 2), 7U, "SetVcThreshold");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 1), 0U, "SetVcThreshold(0) overrides too");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(s, 0), 25U, "other VCs unchanged");
    }
};

/**
 * @ingroup atm-tests
 * @brief For every Q and Q_i: the decision on first cells.
 */
class PerVcThresholdDecisionTableTestCase : public TestCase
{
  public:
    PerVcThresholdDecisionTableTestCase()
        : TestCase("Per-VC threshold with K=20, LBO=8, HBO=14, T_1=MBS=4: for every Q and Q_1, an "
                   "eligible first cell of VC 1 is refused with HIGH_THRESHOLD iff Q >= HBO and "
                   "Q_1 >= 4; an excess (CLP=1) first cell with LOW_THRESHOLD iff Q >= LBO; "
                   "VC 0 (T=0) is refused at HBO whatever its occupancy; at Q = K a PDU let in by "
                   "T_1 overflows (BUFFER_FULL, EOM kept)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerVcThresholdBufferPolicy> p = MakePolicy(8, 14);
        const AtmAdmitDecision accept = AtmAdmitDecision::Accept();
        const AtmAdmitDecision high =
            AtmAdmitDecision::DropFrame(PerVcThresholdBufferPolicy::HIGH_THRESHOLD, false);
        const AtmAdmitDecision low =
            AtmAdmitDecision::DropFrame(PerVcThresholdBufferPolicy::LOW_THRESHOLD, false);
        // A first cell let in by its VC's threshold at Q = K finds no room: PPD, as EPD.
        const AtmAdmitDecision full =
            AtmAdmitDecision::DropFrame(PerVcThresholdBufferPolicy::BUFFER_FULL, true);
        for (uint32_t q1 = 0; q1 <= 20; ++q1)
        {
            for (uint32_t q = q1; q <= 20; ++q)
            {
                AtmPortState s = GfrState(20, 4);
                for (uint32_t i = 0; i < q1; ++i)
                {
                    s.OnEnqueue(1);
                }
                for (uint32_t i = q1; i < q; ++i)
                {
                    s.OnEnqueue(2);
                }
                const AtmAdmitDecision eligible =
                    (q >= 14 && q1 >= 4) ? high : (q < 20 ? accept : full);
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 3)),
                                      eligible,
                                      "eligible, Q=" << q << " Q_1=" << q1);
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 3, true)),
                                      (q >= 8 ? low : accept),
                                      "CLP=1, Q=" << q << " Q_1=" << q1);
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 3)),
                                      (q >= 14 ? high : accept),
                                      "VC 0 (T = 0), Q=" << q);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief VC isolation above HBO, driven as the port drives it.
 */
class PerVcThresholdSequenceTestCase : public TestCase
{
  public:
    PerVcThresholdSequenceTestCase()
        : TestCase("Per-VC threshold above HBO: VC 2, filling the buffer, is refused its next PDU, "
                   "a CLP=1 PDU of VC 1 is refused, and VC 1 (2 cells queued, T_1 = 4) gets a "
                   "3-cell PDU in whole, continuing past T_1 inside the PDU")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerVcThresholdBufferPolicy> p = MakePolicy(8, 14);
        AtmPortState s = GfrState(20, 4);
        PolicyDriver port(p, s);
        // VC 1: one 2-cell PDU; VC 2: a 14-cell PDU that carries Q to 16 >= HBO.
        port.Offer(MakePduCell(1, 0, 2));
        port.Offer(MakePduCell(1, 1, 2));
        for (uint16_t i = 0; i < 14; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, i, 14)).accepted, true, "VC 2 PDU");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 16U, "Q above HBO");
        NS_TEST_ASSERT_MSG_EQ(
            port.Offer(MakePduCell(2, 0, 2)).decision,
            AtmAdmitDecision::DropFrame(PerVcThresholdBufferPolicy::HIGH_THRESHOLD, false),
            "VC 2 (no T) refused above HBO");
        port.Offer(MakePduCell(2, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 3, true)).accepted,
                              false,
                              "CLP=1 PDU refused above LBO");
        port.Offer(MakePduCell(1, 1, 3, true));
        port.Offer(MakePduCell(1, 2, 3, true));
        uint32_t in = 0;
        for (uint16_t i = 0; i < 3; ++i)
        {
            in += port.Offer(MakePduCell(1, i, 3)).accepted ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(in, 3U, "VC 1 below T_1: its PDU stored whole");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 5U, "Q_1 = 5, past T_1 inside the PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 19U, "Q");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "port state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-per-vc-threshold-buffer-policy test suite.
 */
class PerVcThresholdBufferPolicyTestSuite : public TestSuite
{
  public:
    PerVcThresholdBufferPolicyTestSuite()
        : TestSuite("atm-per-vc-threshold-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new PerVcThresholdValueTestCase, ATM_TEST_QUICK);
        AddTestCase(new PerVcThresholdDecisionTableTestCase, ATM_TEST_QUICK);
        AddTestCase(new PerVcThresholdSequenceTestCase, ATM_TEST_QUICK);
    }
};

static PerVcThresholdBufferPolicyTestSuite
    g_perVcThresholdBufferPolicyTestSuite; //!< static instance registering the suite
