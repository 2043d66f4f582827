/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup atm-tests
 * Tests of TailDropBufferPolicy (SANDIA) on hand-built port states: accept iff X < K, the drop
 * reason, and frame-unawareness.
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief Every cell is accepted while X < K, whatever its position in the PDU, VC or CLP.
 */
class TailDropAcceptTestCase : public TestCase
{
  public:
    /// @param bufferCells K
    TailDropAcceptTestCase(uint32_t bufferCells)
        : TestCase("Tail drop accepts first, middle, last and CLP=1 cells whenever X < K (K=" +
                   std::to_string(bufferCells) + ")"),
          m_k(bufferCells)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TailDropBufferPolicy> policy = CreateObject<TailDropBufferPolicy>();
        AtmPortState s = MakePerVcState(m_k, 2);
        const AtmCell cells[] = {MakePduCell(1, 0, 3),
                                 MakePduCell(1, 1, 3),
                                 MakePduCell(1, 2, 3),
                                 MakePduCell(1, 0, 1, true)};
        for (uint32_t x = 0; x < m_k; ++x)
        {
            // All occupancy on VC 0: a per-VC share plays no role in tail drop.
            for (const AtmCell& c : cells)
            {
                const AtmAdmitDecision d = policy->Admit(s, c.vc, c);
                NS_TEST_ASSERT_MSG_EQ(d.action,
                                      AtmAdmitDecision::ACCEPT,
                                      "X=" << x << " K=" << m_k << " cell " << c);
                NS_TEST_ASSERT_MSG_EQ((d.reason == nullptr), true, "an accept carries no reason");
            }
            s.OnEnqueue(0);
        }
    }

    uint32_t m_k; //!< K
};

/**
 * @ingroup atm-tests
 * @brief At X == K every cell is dropped alone, with reason BUFFER_FULL.
 */
class TailDropFullTestCase : public TestCase
{
  public:
    /// @param bufferCells K
    TailDropFullTestCase(uint32_t bufferCells)
        : TestCase("Tail drop refuses each cell with DROP_CELL and reason BUFFER_FULL when X = K "
                   "(K=" +
                   std::to_string(bufferCells) + ")"),
          m_k(bufferCells)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TailDropBufferPolicy> policy = CreateObject<TailDropBufferPolicy>();
        AtmPortState s = MakePerVcState(m_k, 2);
        for (uint32_t x = 0; x < m_k; ++x)
        {
            s.OnEnqueue(x % 2);
        }
        for (const AtmCell& c : {MakePduCell(0, 0, 4), MakePduCell(1, 3, 4), MakePduCell(1, 0, 1)})
        {
            const AtmAdmitDecision d = policy->Admit(s, c.vc, c);
            NS_TEST_ASSERT_MSG_EQ(d.action, AtmAdmitDecision::DROP_CELL, "cell " << c);
            NS_TEST_ASSERT_MSG_EQ((d.reason == TailDropBufferPolicy::BUFFER_FULL),
                                  true,
                                  "the reason is the class constant (pointer identity)");
            NS_TEST_ASSERT_MSG_EQ(d.keepEom, false, "no frame action");
        }
    }

    uint32_t m_k; //!< K
};

/**
 * @ingroup atm-tests
 * @brief Tail drop declares itself frame-unaware and keeps accepting the rest of a damaged PDU.
 */
class TailDropFrameUnawareTestCase : public TestCase
{
  public:
    TailDropFrameUnawareTestCase()
        : TestCase("Tail drop is frame-unaware: after dropping a middle cell it accepts the "
                   "following cells of the same PDU once room frees up")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TailDropBufferPolicy> policy = CreateObject<TailDropBufferPolicy>();
        NS_TEST_ASSERT_MSG_EQ(policy->IsFrameAware(), false, "IsFrameAware()");
        AtmPortState s = MakePerVcState(3, 2);
        PolicyDriver port(policy, s);
        // VC 1 fills the buffer with one cell; VC 0 sends a 5-cell PDU.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 2)).accepted, true, "VC 1 cell 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 5)).accepted, true, "cell 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 5)).accepted, true, "cell 1");
        const PolicyDriver::Outcome lost = port.Offer(MakePduCell(0, 2, 5));
        NS_TEST_ASSERT_MSG_EQ(lost.accepted, false, "cell 2 finds X = K = 3");
        NS_TEST_ASSERT_MSG_EQ((lost.decision.reason == TailDropBufferPolicy::BUFFER_FULL),
                              true,
                              "reason BUFFER_FULL");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::ACCEPT, "no frame discard");
        port.Depart(1);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 3, 5)).accepted,
                              true,
                              "cell 3 of the damaged PDU is still accepted");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 4, 5)).accepted,
                              false,
                              "the EOM finds the buffer full again");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "EOM ends the PDU");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-tail-drop-buffer-policy test suite.
 */
class TailDropBufferPolicyTestSuite : public TestSuite
{
  public:
    TailDropBufferPolicyTestSuite()
        : TestSuite("atm-tail-drop-buffer-policy", ATM_SUITE_UNIT)
    {
        for (uint32_t k : {1U, 7U, 256U})
        {
            AddTestCase(new TailDropAcceptTestCase(k), ATM_TEST_QUICK);
            AddTestCase(new TailDropFullTestCase(k), ATM_TEST_QUICK);
        }
        AddTestCase(new TailDropFrameUnawareTestCase, ATM_TEST_QUICK);
    }
};

static TailDropBufferPolicyTestSuite
    g_tailDropBufferPolicyTestSuite; //!< static instance registering the suite
