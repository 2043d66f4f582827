/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/fifo-cell-scheduler.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of FifoCellScheduler against hand-written service orders.
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief One shared queue fed by several VCs is served whenever it holds cells.
 */
class FifoSharedQueueTestCase : public TestCase
{
  public:
    FifoSharedQueueTestCase()
        : TestCase("FIFO serves a single shared queue of several VCs in every slot until it is "
                   "empty")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s(50);
        const uint32_t q = s.AddQueue();
        for (uint32_t vc = 0; vc < 4; ++vc)
        {
            s.AddVc(AtmServiceCategory::UBR, q);
        }
        SchedulerDriver port(CreateObject<FifoCellScheduler>(), s);
        port.Enqueue(2, 3);
        port.Enqueue(0, 2);
        const std::vector<uint32_t> served = port.Drain(10);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(served), "0 0 0 0 0", "five cells from queue 0, then idle");
        port.Enqueue(3, 1);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)), "0", "served again after refilling");
    }
};

/**
 * @ingroup atm-tests
 * @brief Several queues are served in the order they became backlogged, each until empty.
 */
class FifoBacklogOrderTestCase : public TestCase
{
  public:
    FifoBacklogOrderTestCase()
        : TestCase("FIFO serves queues in the order they became backlogged, each until empty, and "
                   "a refilled queue goes to the back")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(50, 3);
        SchedulerDriver port(CreateObject<FifoCellScheduler>(), s);
        port.Enqueue(2, 2);
        port.Enqueue(0, 3);
        port.Enqueue(1, 1);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(3)), "2 2 0", "queue 2 first, then queue 0");
        port.Enqueue(2, 1); // queue 2 backlogged again: behind 0 and 1
        port.Enqueue(0, 1); // queue 0 still backlogged: keeps its place
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)), "0 0 0 1 2", "order of becoming backlogged");
    }
};

/**
 * @ingroup atm-tests
 * @brief A held-back head queue keeps its place.
 */
class FifoSkipsIneligibleTestCase : public TestCase
{
  public:
    FifoSkipsIneligibleTestCase()
        : TestCase("FIFO passes over a queue that may not send and returns to it first once it "
                   "may send again")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(50, 3);
        SchedulerDriver port(CreateObject<FifoCellScheduler>(), s);
        port.Enqueue(0, 2);
        port.Enqueue(1, 2);
        port.Enqueue(2, 2);
        s.SetQueueMaySend(0, false);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(1)), "1", "queue 0 held back");
        s.SetQueueMaySend(0, true);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)), "0 0 1 2 2", "queue 0 kept its place");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-fifo-cell-scheduler test suite.
 */
class FifoCellSchedulerTestSuite : public TestSuite
{
  public:
    FifoCellSchedulerTestSuite()
        : TestSuite("atm-fifo-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new FifoSharedQueueTestCase, ATM_TEST_QUICK);
        AddTestCase(new FifoBacklogOrderTestCase, ATM_TEST_QUICK);
        AddTestCase(new FifoSkipsIneligibleTestCase, ATM_TEST_QUICK);
    }
};

static FifoCellSchedulerTestSuite
    g_fifoCellSchedulerTestSuite; //!< static instance registering the suite
