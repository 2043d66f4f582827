/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of RoundRobinCellScheduler (per-VC round robin, SANDIA) against hand-written service
 * orders.
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief N backlogged queues share N x M slots exactly, in cyclic order.
 */
class RoundRobinExactSharesTestCase : public TestCase
{
  public:
    /**
     * @param n number of queues
     * @param m cells per queue
     */
    RoundRobinExactSharesTestCase(uint32_t n, uint32_t m)
        : TestCase("Round robin serves each of " + std::to_string(n) +
                   " backlogged queues exactly " + std::to_string(m) + " times in " +
                   std::to_string(n * m) + " slots, in cyclic order"),
          m_n(n),
          m_m(m)
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(m_n * m_m, m_n);
        SchedulerDriver port(CreateObject<RoundRobinCellScheduler>(), s);
        for (uint32_t q = 0; q < m_n; ++q)
        {
            port.Enqueue(q, m_m);
        }
        const std::vector<uint32_t> served = port.Drain(m_n * m_m + 5);
        NS_TEST_ASSERT_MSG_EQ(served.size(), m_n * m_m, "every cell sent, then idle");
        std::vector<uint32_t> counts(m_n, 0);
        for (uint32_t i = 0; i < served.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(served[i], i % m_n, "slot " << i);
            ++counts[served[i]];
        }
        for (uint32_t q = 0; q < m_n; ++q)
        {
            NS_TEST_ASSERT_MSG_EQ(counts[q], m_m, "service count of queue " << q);
        }
    }

    uint32_t m_n; //!< queues
    uint32_t m_m; //!< cells per queue
};

/**
 * @ingroup atm-tests
 * @brief A queue that may not send is passed over and keeps its turn.
 */
class RoundRobinSkipsIneligibleTestCase : public TestCase
{
  public:
    RoundRobinSkipsIneligibleTestCase()
        : TestCase("Round robin passes over a queue that may not send and serves it first once "
                   "it may send again")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(100, 3);
        SchedulerDriver port(CreateObject<RoundRobinCellScheduler>(), s);
        for (uint32_t q = 0; q < 3; ++q)
        {
            port.Enqueue(q, 10);
        }
        s.SetQueueMaySend(0, false);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(4)), "1 2 1 2", "queue 0 held back");
        s.SetQueueMaySend(0, true);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(6)),
                              "0 1 2 0 1 2",
                              "queue 0 resumes at the front");
        s.SetQueueMaySend(0, false);
        s.SetQueueMaySend(1, false);
        s.SetQueueMaySend(2, false);
        NS_TEST_ASSERT_MSG_EQ(port.Slot().has_value(), false, "nothing eligible: idle slot");
    }
};

/**
 * @ingroup atm-tests
 * @brief A queue that becomes backlogged joins at the end of the current round.
 */
class RoundRobinJoinTestCase : public TestCase
{
  public:
    RoundRobinJoinTestCase()
        : TestCase("Round robin places a newly backlogged queue after the queues already waiting, "
                   "and drops an emptied queue from the rotation")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(100, 3);
        SchedulerDriver port(CreateObject<RoundRobinCellScheduler>(), s);
        port.Enqueue(0, 10);
        port.Enqueue(1, 2);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(1)), "0", "queue 0 first");
        port.Enqueue(2, 10); // rotation is now 1 0 2
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(7)),
                              "1 0 2 1 0 2 0",
                              "queue 1 empties after 2 cells");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-round-robin-cell-scheduler test suite.
 */
class RoundRobinCellSchedulerTestSuite : public TestSuite
{
  public:
    RoundRobinCellSchedulerTestSuite()
        : TestSuite("atm-round-robin-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new RoundRobinExactSharesTestCase(1, 4), ATM_TEST_QUICK);
        AddTestCase(new RoundRobinExactSharesTestCase(5, 7), ATM_TEST_QUICK);
        AddTestCase(new RoundRobinExactSharesTestCase(32, 16), ATM_TEST_QUICK);
        AddTestCase(new RoundRobinSkipsIneligibleTestCase, ATM_TEST_QUICK);
        AddTestCase(new RoundRobinJoinTestCase, ATM_TEST_QUICK);
    }
};

static RoundRobinCellSchedulerTestSuite
    g_roundRobinCellSchedulerTestSuite; //!< static instance registering the suite
