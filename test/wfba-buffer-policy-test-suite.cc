/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/fba-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/wfba-buffer-policy.h"

#include <cmath>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of WfbaBufferPolicy (Heinanen and Kilkki's weighted FBA, eq. 8.6 of O. Bonaventure's
 * thesis, 1998) on hand-built port states: with equal MCRs it decides exactly as FBA for every
 * occupancy; with MCRs 1000 and 3000 cells/s the hand-computed bound X_0 <= 36 at X = 90; a VC
 * without MCR is refused above R whenever it holds a cell; and the port state's O(1) sum of the
 * active VCs' MCRs follows enqueues and departures.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param k K
 * @param mcrs each VC's MCR in cells/s (0: UBR, no contract parameters)
 * @param cells each VC's cells in the buffer
 * @return the state, one queue per VC, every VC IDLE
 */
AtmPortState
WeightedState(uint32_t k, const std::vector<double>& mcrs, const std::vector<uint32_t>& cells)
{
    AtmPortState s(k);
    for (size_t i = 0; i < mcrs.size(); ++i)
    {
        const uint32_t q = s.AddQueue(AtmServiceCategory::GFR);
        if (mcrs[i] > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(
                        AtmConformance::GFR_2,
                        AtmCellRate(100000),
                        AtmCellRate(static_cast<uint64_t>(std::llround(mcrs[i] * 1000)), 1000),
                        10,
                        10),
                    q);
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, q);
        }
        for (uint32_t c = 0; c < cells[i]; ++c)
        {
            s.OnEnqueue(static_cast<uint32_t>(i));
        }
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Equal MCRs: WFBA is FBA.
 */
class WfbaEqualsFbaTestCase : public TestCase
{
  public:
    WfbaEqualsFbaTestCase()
        : TestCase("WFBA with three equal MCRs decides as FBA (same R = 0.8 K, Z = 0.8) on the "
                   "first cell of every VC for every split of X = 0..40 cells over the VCs, K = 40")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WfbaBufferPolicy> wfba = CreateObject<WfbaBufferPolicy>();
        Ptr<FbaBufferPolicy> fba = CreateObject<FbaBufferPolicy>();
        uint32_t refusals = 0;
        for (uint32_t a = 0; a <= 40; ++a)
        {
            for (uint32_t b = 0; a + b <= 40; ++b)
            {
                for (uint32_t c = 0; a + b + c <= 40; c += 3)
                {
                    const AtmPortState s = WeightedState(40, {2000, 2000, 2000}, {a, b, c});
                    for (uint32_t vc = 0; vc < 3; ++vc)
                    {
                        const AtmAdmitDecision w = wfba->Admit(s, vc, MakePduCell(vc, 0, 4));
                        const AtmAdmitDecision f = fba->Admit(s, vc, MakePduCell(vc, 0, 4));
                        NS_TEST_ASSERT_MSG_EQ(w.action,
                                              f.action,
                                              "X_i = " << a << "," << b << "," << c << " vc "
                                                       << vc);
                        refusals += w.reason == WfbaBufferPolicy::OVER_WEIGHTED_SHARE ? 1 : 0;
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(refusals, 100U, "the rule was exercised");
    }
};

/**
 * @ingroup atm-tests
 * @brief The weighted bound, hand-computed.
 */
class WfbaWeightedBoundTestCase : public TestCase
{
  public:
    WfbaWeightedBoundTestCase()
        : TestCase("WFBA, K = 100, R = 80, Z = 0.8, MCRs 1000 and 3000, X = 90: VC 0 may hold "
                   "0.8 x 90 x 0.25 x 2 = 36 cells (refused at 37), VC 1 108 (never refused); "
                   "at X = 80 = R nothing is refused; a VC with MCR 0 is refused above R once it "
                   "holds a cell")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WfbaBufferPolicy> p = CreateObject<WfbaBufferPolicy>();
        const AtmAdmitDecision refused =
            AtmAdmitDecision::DropFrame(WfbaBufferPolicy::OVER_WEIGHTED_SHARE, false);
        const AtmAdmitDecision accept = AtmAdmitDecision::Accept();
        for (uint32_t x0 = 1; x0 <= 89; ++x0)
        {
            const AtmPortState s = WeightedState(100, {1000, 3000}, {x0, 90 - x0});
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                                  (x0 <= 36 ? accept : refused),
                                  "VC 0, X_0=" << x0);
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)), accept, "VC 1, X_0=" << x0);
        }
        const AtmPortState atR = WeightedState(100, {1000, 3000}, {79, 1});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(atR, 0, MakePduCell(0, 0, 2)), accept, "X = R");
        const AtmPortState be = WeightedState(100, {1000, 0}, {80, 1});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(be, 1, MakePduCell(1, 0, 2)), refused, "MCR 0 above R");
        const AtmPortState beEmpty = WeightedState(100, {1000, 0}, {81, 0});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(beEmpty, 1, MakePduCell(1, 0, 2)),
                              accept,
                              "MCR 0 without a cell queued");
        const AtmPortState noMcr = WeightedState(100, {0, 0}, {81, 1});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(noMcr, 1, MakePduCell(1, 0, 2)), refused, "W = 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief The port state's active MCR sum.
 */
class WfbaActiveMcrSumTestCase : public TestCase
{
  public:
    WfbaActiveMcrSumTestCase()
        : TestCase(
              "AtmPortState::GetActiveMcrMilli() adds a VC's MCR (in millicells per s) when its "
              "first cell is queued and removes it when its last cell leaves; "
              "CheckInvariants() recomputes it")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = WeightedState(100, {1000, 2500.5, 0}, {0, 0, 0});
        NS_TEST_ASSERT_MSG_EQ(s.GetActiveMcrMilli(), 0U, "nothing active");
        s.OnEnqueue(1);
        s.OnEnqueue(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetActiveMcrMilli(), 2500500U, "VC 1 active (2500.5 cells/s)");
        s.OnEnqueue(0);
        s.OnEnqueue(2);
        NS_TEST_ASSERT_MSG_EQ(s.GetActiveMcrMilli(), 3500500U, "VC 0 and the MCR-0 VC 2 too");
        s.OnDequeue(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetActiveMcrMilli(), 3500500U, "VC 1 still holds a cell");
        s.OnDequeue(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetActiveMcrMilli(), 1000000U, "VC 1 left");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-wfba-buffer-policy test suite.
 */
class WfbaBufferPolicyTestSuite : public TestSuite
{
  public:
    WfbaBufferPolicyTestSuite()
        : TestSuite("atm-wfba-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new WfbaEqualsFbaTestCase, ATM_TEST_QUICK);
        AddTestCase(new WfbaWeightedBoundTestCase, ATM_TEST_QUICK);
        AddTestCase(new WfbaActiveMcrSumTestCase, ATM_TEST_QUICK);
    }
};

static WfbaBufferPolicyTestSuite g_wfbaBufferPolicyTestSuite; //!< registers the suite
