/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/weighted-round-robin-cell-scheduler.h"

#include <algorithm>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of WeightedRoundRobinCellScheduler on hand-built states driven as the port drives them:
 * quanta from MCRs (scaling, rounding halves up, at least 1 cell, best-effort queues), explicit
 * quanta, the exact order of a round and the served proportions of greedy queues, a queue
 * emptied during its turn, and a held queue keeping its place and the rest of its turn.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param mcrs each VC's MCR in cells/s (0: a UBR VC without contract parameters), one queue
 *        per VC
 * @return the state, K = 100000
 */
AtmPortState
McrQueues(const std::vector<uint64_t>& mcrs)
{
    AtmPortState s(100000);
    for (uint64_t mcr : mcrs)
    {
        const uint32_t q = s.AddQueue(AtmServiceCategory::GFR);
        if (mcr > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                            AtmCellRate(1000000),
                                            AtmCellRate(mcr),
                                            10,
                                            10),
                    q);
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, q);
        }
    }
    return s;
}

/**
 * @param maxQuantum MaxQuantumCells
 * @param quanta QueueQuanta
 * @return a scheduler
 */
Ptr<WeightedRoundRobinCellScheduler>
Make(uint32_t maxQuantum, const std::string& quanta = "")
{
    Ptr<WeightedRoundRobinCellScheduler> w = CreateObject<WeightedRoundRobinCellScheduler>();
    w->SetAttribute("MaxQuantumCells", UintegerValue(maxQuantum));
    w->SetAttribute("QueueQuanta", StringValue(quanta));
    return w;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Quanta from MCRs and explicit quanta.
 */
class WrrQuantaTestCase : public TestCase
{
  public:
    WrrQuantaTestCase()
        : TestCase("WRR quanta: MCRs 1000 2000 3500 cells per s with MaxQuantumCells 8 give 2 5 "
                   "8 (8 r over r_max rounded); 2.5 rounds up to 3; a queue without MCR gets 1; "
                   "QueueQuanta sets the listed queues and the rest scale among themselves")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<WeightedRoundRobinCellScheduler> w = Make(8);
            AtmPortState s = McrQueues({1000, 2000, 3500});
            SchedulerDriver d(w, s);
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(0), 2U, "8 x 1000 / 3500 = 2.29");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(1), 5U, "8 x 2000 / 3500 = 4.57");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(2), 8U, "the heaviest");
        }
        {
            Ptr<WeightedRoundRobinCellScheduler> w = Make(10);
            AtmPortState s = McrQueues({1000, 4000, 0});
            SchedulerDriver d(w, s);
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(0), 3U, "10 x 1000 / 4000 = 2.5, halves up");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(1), 10U, "the heaviest");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(2), 1U, "best effort: at least 1");
        }
        {
            Ptr<WeightedRoundRobinCellScheduler> w = Make(4, "7");
            AtmPortState s = McrQueues({500000, 1000, 2000});
            SchedulerDriver d(w, s);
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(0), 7U, "explicit");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(1), 2U, "4 x 1000 / 2000, queue 0 left out");
            NS_TEST_ASSERT_MSG_EQ(w->GetQuantum(2), 4U, "the heaviest of the rest");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Exact order of a round and the shares of greedy queues.
 */
class WrrOrderTestCase : public TestCase
{
  public:
    WrrOrderTestCase()
        : TestCase("WRR with quanta 2 5 8, all queues greedy: each round is 0 0 1 1 1 1 1 then 8 "
                   "times 2, and 15000 slots give exactly 2000 5000 8000 cells")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WeightedRoundRobinCellScheduler> w = Make(8);
        AtmPortState s = McrQueues({1000, 2000, 3500});
        SchedulerDriver d(w, s);
        d.Enqueue(0, 30000);
        d.Enqueue(1, 30000);
        d.Enqueue(2, 30000);
        const std::vector<uint32_t> order = d.Drain(15000);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(std::vector<uint32_t>(order.begin(), order.begin() + 17)),
                              "0 0 1 1 1 1 1 2 2 2 2 2 2 2 2 0 0",
                              "one round and the start of the next");
        NS_TEST_ASSERT_MSG_EQ(std::count(order.begin(), order.end(), 0U), 2000, "queue 0");
        NS_TEST_ASSERT_MSG_EQ(std::count(order.begin(), order.end(), 1U), 5000, "queue 1");
        NS_TEST_ASSERT_MSG_EQ(std::count(order.begin(), order.end(), 2U), 8000, "queue 2");
    }
};

/**
 * @ingroup atm-tests
 * @brief Emptied during a turn; held queue.
 */
class WrrTurnTestCase : public TestCase
{
  public:
    WrrTurnTestCase()
        : TestCase("WRR turns: a queue emptied during its turn loses the rest and starts a full "
                   "turn at the back when backlogged again; a held queue is skipped and keeps "
                   "its place and the rest of its turn")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<WeightedRoundRobinCellScheduler> w = Make(1, "3 2");
        AtmPortState s = McrQueues({0, 0});
        SchedulerDriver d(w, s);
        d.Enqueue(0, 2);
        d.Enqueue(1, 10);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(4)), "0 0 1 1", "queue 0 empties after 2 of 3");
        d.Enqueue(0, 10);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(5)), "1 1 0 0 0", "back in the ring, full turn");
        // Queue 1's turn: one cell, then held.
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(1)), "1", "queue 1 starts its turn");
        s.SetQueueMaySend(1, false);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(4)), "0 0 0 0", "queue 1 held: queue 0 only");
        s.SetQueueMaySend(1, true);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(4)),
                              "1 0 0 1",
                              "queue 1 first with its one cell left, then queue 0 ends the turn "
                              "it began while queue 1 was held");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-weighted-round-robin-cell-scheduler test suite.
 */
class WeightedRoundRobinCellSchedulerTestSuite : public TestSuite
{
  public:
    WeightedRoundRobinCellSchedulerTestSuite()
        : TestSuite("atm-weighted-round-robin-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new WrrQuantaTestCase, ATM_TEST_QUICK);
        AddTestCase(new WrrOrderTestCase, ATM_TEST_QUICK);
        AddTestCase(new WrrTurnTestCase, ATM_TEST_QUICK);
    }
};

static WeightedRoundRobinCellSchedulerTestSuite
    g_weightedRoundRobinCellSchedulerTestSuite; //!< static instance registering the suite
