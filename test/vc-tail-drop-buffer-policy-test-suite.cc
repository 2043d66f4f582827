/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/vc-tail-drop-buffer-policy.h"

/**
 * @file
 * @ingroup atm-tests
 * Tests of VcTailDropBufferPolicy, SANDIA's simple cell drop on per-VC queues: accept iff
 * X_v < V and X < K, cell by cell, with the reason of the limit that refused.
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief A VC is refused at X_v = V while other VCs are accepted; the physical limit K holds too.
 */
class VcTailDropLimitsTestCase : public TestCase
{
  public:
    /// @param vcBufferCells V
    VcTailDropLimitsTestCase(uint32_t vcBufferCells)
        : TestCase("vc-tail refuses a VC's cell at X_v = V=" + std::to_string(vcBufferCells) +
                   " (VC_QUEUE_FULL) and any cell at X = K (BUFFER_FULL), per-VC first"),
          m_v(vcBufferCells)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcTailDropBufferPolicy> policy = CreateObject<VcTailDropBufferPolicy>();
        policy->SetAttribute("VcBufferCells", UintegerValue(m_v));
        const uint32_t k = 2 * m_v + 1;
        AtmPortState s = MakePerVcState(k, 4);
        PolicyDriver port(policy, s);
        for (uint32_t i = 0; i < m_v; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 1000)).accepted,
                                  true,
                                  "VC 0 cell " << i << " with X_0 = " << i << " < V");
        }
        const PolicyDriver::Outcome full = port.Offer(MakePduCell(0, m_v, 1000));
        NS_TEST_ASSERT_MSG_EQ(full.accepted, false, "X_0 = V");
        NS_TEST_ASSERT_MSG_EQ((full.decision.reason == VcTailDropBufferPolicy::VC_QUEUE_FULL),
                              true,
                              "reason VC_QUEUE_FULL");
        NS_TEST_ASSERT_MSG_EQ(full.decision.action, AtmAdmitDecision::DROP_CELL, "cell drop");
        for (uint32_t i = 0; i < m_v; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, i, 1000)).accepted,
                                  true,
                                  "VC 1 is not limited by VC 0's queue");
        }
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1000)).accepted, true, "X = 2V < K");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), k, "buffer full");
        const PolicyDriver::Outcome both = port.Offer(MakePduCell(0, m_v + 1, 1000));
        NS_TEST_ASSERT_MSG_EQ((both.decision.reason == VcTailDropBufferPolicy::VC_QUEUE_FULL),
                              true,
                              "both limits hold: the per-VC one is named");
        const PolicyDriver::Outcome phys = port.Offer(MakePduCell(3, 0, 1000));
        NS_TEST_ASSERT_MSG_EQ(phys.accepted, false, "X = K, empty VC 3");
        NS_TEST_ASSERT_MSG_EQ((phys.decision.reason == VcTailDropBufferPolicy::BUFFER_FULL),
                              true,
                              "reason BUFFER_FULL");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }

    uint32_t m_v; //!< V
};

/**
 * @ingroup atm-tests
 * @brief Frame-unaware: after a refused middle cell, the rest of the PDU enters once there is room.
 */
class VcTailDropFrameUnawareTestCase : public TestCase
{
  public:
    VcTailDropFrameUnawareTestCase()
        : TestCase("vc-tail is frame-unaware: the cells after a refused one are accepted when "
                   "the VC's queue has room again, and it is registered as vc-tail")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcTailDropBufferPolicy> policy = CreateObject<VcTailDropBufferPolicy>();
        policy->SetAttribute("VcBufferCells", UintegerValue(2));
        NS_TEST_ASSERT_MSG_EQ(policy->IsFrameAware(), false, "IsFrameAware()");
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 4)).accepted, true, "cell 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 4)).accepted, true, "cell 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 2, 4)).accepted, false, "cell 2: X_0 = V");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::ACCEPT, "no frame discard");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 3, 4)).accepted, true, "the EOM enters");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "EOM ends the PDU");
        NS_TEST_ASSERT_MSG_EQ(AtmBufferPolicyFactory::Resolve("vc-tail").GetName(),
                              std::string("ns3::VcTailDropBufferPolicy"),
                              "short name");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-vc-tail-drop-buffer-policy test suite.
 */
class VcTailDropBufferPolicyTestSuite : public TestSuite
{
  public:
    VcTailDropBufferPolicyTestSuite()
        : TestSuite("atm-vc-tail-drop-buffer-policy", ATM_SUITE_UNIT)
    {
        for (uint32_t v : {1U, 5U, 256U})
        {
            AddTestCase(new VcTailDropLimitsTestCase(v), ATM_TEST_QUICK);
        }
        AddTestCase(new VcTailDropFrameUnawareTestCase, ATM_TEST_QUICK);
    }
};

static VcTailDropBufferPolicyTestSuite
    g_vcTailDropBufferPolicyTestSuite; //!< static instance registering the suite
