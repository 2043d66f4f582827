/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/per-cell-virtual-spacing-cell-scheduler.h"
#include "ns3/test.h"
#include "ns3/virtual-spacing-cell-scheduler.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of PerCellVirtualSpacingCellScheduler (Virtual Spacing, per-cell timestamp form, O.
 * Bonaventure's thesis, 1998, ch. 7.2.2) on hand-built states driven as the port drives them.
 * Oracles are stamps computed by hand; MCRs of 1, 2 and 4 cells/s keep every stamp an exact
 * binary fraction, so ties are exact. Cases where the per-cell and the per-queue form
 * (VirtualSpacingCellScheduler) agree and where they differ, the tie rule (arrival order), a
 * purge giving its stamps back (also from the middle of a shared queue), an idle VC restarting
 * from SpacingTime, held-back queues and BestEffortWeight.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param queueOfVc the queue of each VC (queues 0 .. max are created)
 * @param mcrs each VC's MCR in cells/s (0: a UBR VC without contract parameters)
 * @return the state, K = 1000
 */
AtmPortState
Build(const std::vector<uint32_t>& queueOfVc, const std::vector<uint64_t>& mcrs)
{
    AtmPortState s(1000);
    uint32_t nQueues = 0;
    for (uint32_t q : queueOfVc)
    {
        nQueues = std::max(nQueues, q + 1);
    }
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        s.AddQueue(AtmServiceCategory::GFR);
    }
    for (size_t v = 0; v < queueOfVc.size(); ++v)
    {
        if (mcrs[v] > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                            AtmCellRate(1000000),
                                            AtmCellRate(mcrs[v]),
                                            10,
                                            10),
                    queueOfVc[v]);
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, queueOfVc[v]);
        }
    }
    return s;
}

/// @param order queues served @return them as "0 1 1 ..."
std::string
Str(const std::vector<uint32_t>& order)
{
    return JoinIds(order);
}

/// @param last TieRule Last if true, else First @return a per-queue Virtual Spacing scheduler
Ptr<VirtualSpacingCellScheduler>
PerQueue(bool last)
{
    Ptr<VirtualSpacingCellScheduler> vs = CreateObject<VirtualSpacingCellScheduler>();
    vs->SetAttribute("TieRule",
                     EnumValue(last ? VirtualSpacingCellScheduler::TIE_LAST
                                    : VirtualSpacingCellScheduler::TIE_FIRST));
    return vs;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief One queue per VC: the two forms agree; ties go by arrival.
 */
class PerCellVsAgreesTestCase : public TestCase
{
  public:
    PerCellVsAgreesTestCase()
        : TestCase("Per-cell Virtual Spacing, one queue per VC with MCRs 2 and 1 cells per s: "
                   "stamps 0.5 1 1.5 2 and 1 2 3, order 0 0 1 0 0 1 1 with the ties at 1 s and 2 "
                   "s to the earlier arrival, the same as the per-queue form with TieRule First; "
                   "with VC 1's cells first the ties go to VC 1, as TieRule Last")
    {
    }

  private:
    void DoRun() override
    {
        for (bool vc0First : {true, false})
        {
            Ptr<PerCellVirtualSpacingCellScheduler> vs =
                CreateObject<PerCellVirtualSpacingCellScheduler>();
            AtmPortState s = Build({0, 1}, {2, 1});
            SchedulerDriver d(vs, s);
            NS_TEST_ASSERT_MSG_EQ(vs->GetVcWeight(0), 2.0, "r_0 from the contract");
            NS_TEST_ASSERT_MSG_EQ(vs->GetVcWeight(1), 1.0, "r_1 from the contract");
            if (vc0First)
            {
                d.Enqueue(0, 4);
                d.Enqueue(1, 3);
            }
            else
            {
                d.Enqueue(1, 3);
                d.Enqueue(0, 4);
            }
            NS_TEST_ASSERT_MSG_EQ(vs->GetVcSpacingTime(0), 2.0, "VS_0 after 4 cells: 4 x 0.5");
            NS_TEST_ASSERT_MSG_EQ(vs->GetVcSpacingTime(1), 3.0, "VS_1 after 3 cells: 3 x 1");
            NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(0), 0.5, "first stamp of VC 0");
            NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(1), 1.0, "first stamp of VC 1");
            const std::string expected = vc0First ? "0 0 1 0 0 1 1" : "0 1 0 0 1 0 1";
            NS_TEST_ASSERT_MSG_EQ(Str(d.Drain(100)), expected, "per-cell order");
            NS_TEST_ASSERT_MSG_EQ(vs->GetSpacingTime(), 3.0, "SpacingTime = last stamp served");

            // The per-queue form on the same arrivals: equal up to its tie rule.
            AtmPortState s2 = Build({0, 1}, {2, 1});
            SchedulerDriver d2(PerQueue(!vc0First), s2);
            d2.Enqueue(0, 4);
            d2.Enqueue(1, 3);
            NS_TEST_ASSERT_MSG_EQ(Str(d2.Drain(100)),
                                  expected,
                                  "per-queue form, TieRule " << (vc0First ? "First" : "Last"));
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Two VCs in one queue: the forms differ.
 */
class PerCellVsDiffersTestCase : public TestCase
{
  public:
    PerCellVsDiffersTestCase()
        : TestCase("Per-cell and per-queue Virtual Spacing differ when VCs share a queue: queue 0 "
                   "holds VCs of MCR 1 and 1 cells per s of which only one sends, queue 1 a VC "
                   "of MCR 2; per cell the sender is spaced by its own MCR (order 1 0 1 1 0 1 1 "
                   "0 1, share 1 to 2), per queue by the sum (alternation, share 1 to 1)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerCellVirtualSpacingCellScheduler> vs =
            CreateObject<PerCellVirtualSpacingCellScheduler>();
        AtmPortState s = Build({0, 0, 1}, {1, 1, 2});
        SchedulerDriver d(vs, s);
        d.Enqueue(0, 12);
        d.Enqueue(2, 12);
        // Stamps: VC 0 1, 2, 3, ...; VC 2 0.5, 1, 1.5, ...; ties to VC 0 (arrived first).
        const std::vector<uint32_t> order = d.Drain(12);
        NS_TEST_ASSERT_MSG_EQ(Str(std::vector<uint32_t>(order.begin(), order.begin() + 9)),
                              "1 0 1 1 0 1 1 0 1",
                              "per-cell order");
        NS_TEST_ASSERT_MSG_EQ(std::count(order.begin(), order.end(), 0U), 4, "4 of 12 to VC 0");

        AtmPortState s2 = Build({0, 0, 1}, {1, 1, 2});
        SchedulerDriver d2(PerQueue(false), s2);
        d2.Enqueue(0, 12);
        d2.Enqueue(2, 12);
        // Both queues weigh 2 cells/s: tags 0.5, 1, 1.5, ... on both sides, ties to queue 0.
        const std::vector<uint32_t> order2 = d2.Drain(12);
        NS_TEST_ASSERT_MSG_EQ(Str(order2), "0 1 0 1 0 1 0 1 0 1 0 1", "per-queue order");
    }
};

/**
 * @ingroup atm-tests
 * @brief Purged cells give their stamps back, also from the middle of a shared queue.
 */
class PerCellVsPurgeTestCase : public TestCase
{
  public:
    PerCellVsPurgeTestCase()
        : TestCase("Per-cell Virtual Spacing: purging a VC's newest cells gives their stamps back "
                   "(VS returns to its value before them) and removes exactly them, also from "
                   "the middle of a queue shared with another VC")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerCellVirtualSpacingCellScheduler> vs =
            CreateObject<PerCellVirtualSpacingCellScheduler>();
        // Queue 0: VC 0 (MCR 1) and VC 1 (MCR 4); queue 1: VC 2 (MCR 2).
        AtmPortState s = Build({0, 0, 1}, {1, 4, 2});
        SchedulerDriver d(vs, s);
        d.Enqueue(0, 1); // stamp 1
        d.Enqueue(1, 2); // 0.25, 0.5
        d.Enqueue(0, 1); // 2
        d.Enqueue(2, 3); // 0.5, 1, 1.5
        NS_TEST_ASSERT_MSG_EQ(d.Contents(0), "0 1 1 0", "queue 0 in arrival order");
        d.Purge(1); // VC 1's newest: the cell stamped 0.5, third in queue 0
        NS_TEST_ASSERT_MSG_EQ(vs->GetVcSpacingTime(1), 0.25, "VS_1 back to 0.25");
        d.Purge(1); // and 0.25
        NS_TEST_ASSERT_MSG_EQ(vs->GetVcSpacingTime(1), 0.0, "VS_1 back to 0");
        NS_TEST_ASSERT_MSG_EQ(d.Contents(0), "0 0", "only VC 0's cells left");
        d.Purge(2);
        NS_TEST_ASSERT_MSG_EQ(vs->GetVcSpacingTime(2), 1.0, "VS_2 back to 1");
        // Queue heads: 1 (VC 0) and 0.5 (VC 2): VC 2's 0.5 first, then the tie at 1 to VC 0
        // (arrived first), then VC 2's 1, then VC 0's 2.
        NS_TEST_ASSERT_MSG_EQ(Str(d.Drain(10)), "1 0 1 0", "order after the purges");
        NS_TEST_ASSERT_MSG_EQ(vs->GetSpacingTime(), 2.0, "last stamp served");
        // VC 1 was purged empty: its next cell starts from SpacingTime, not from its old stamps.
        d.Enqueue(1, 1);
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(0), 2.25, "max(2, 0) + 1/4");
        // A purge that empties the queue, then new cells.
        d.Purge(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueCells(0), 0U, "queue 0 empty");
        d.Enqueue(0, 1);
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(0), 3.0, "max(2, 2) + 1");
    }
};

/**
 * @ingroup atm-tests
 * @brief An idle VC restarts from SpacingTime; held queues; best-effort weight.
 */
class PerCellVsIdleTestCase : public TestCase
{
  public:
    PerCellVsIdleTestCase()
        : TestCase("Per-cell Virtual Spacing: a VC idle while others were served stamps its next "
                   "cell from SpacingTime (no credit for the idle past); a queue that may not "
                   "send is skipped and keeps its stamps; a VC without MCR weighs "
                   "BestEffortWeight")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PerCellVirtualSpacingCellScheduler> vs =
            CreateObject<PerCellVirtualSpacingCellScheduler>();
        vs->SetAttribute("BestEffortWeight", DoubleValue(0.5));
        AtmPortState s = Build({0, 1, 2}, {1, 1, 0});
        SchedulerDriver d(vs, s);
        NS_TEST_ASSERT_MSG_EQ(vs->GetVcWeight(2), 0.5, "BestEffortWeight");
        d.Enqueue(0, 5);
        NS_TEST_ASSERT_MSG_EQ(Str(d.Drain(5)), "0 0 0 0 0", "VC 0 alone up to stamp 5");
        d.Enqueue(1, 2);
        d.Enqueue(0, 2);
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(1), 6.0, "VC 1 from SpacingTime 5, not from 0");
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(0), 6.0, "VC 0 from 5 as well");
        s.SetQueueMaySend(1, false);
        NS_TEST_ASSERT_MSG_EQ(Str(d.Drain(1)), "0", "held queue 1 skipped at the tie");
        d.Enqueue(2, 1);
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(2), 8.0, "best effort: 6 + 1/0.5");
        s.SetQueueMaySend(1, true);
        NS_TEST_ASSERT_MSG_EQ(vs->GetHeadStamp(1), 6.0, "held queue kept its stamp");
        NS_TEST_ASSERT_MSG_EQ(Str(d.Drain(10)),
                              "1 1 0 2",
                              "6 (VC 1), 7 (VC 1, arrived before VC 0's 7), 7 (VC 0), 8");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-per-cell-virtual-spacing-cell-scheduler test suite.
 */
class PerCellVirtualSpacingCellSchedulerTestSuite : public TestSuite
{
  public:
    PerCellVirtualSpacingCellSchedulerTestSuite()
        : TestSuite("atm-per-cell-virtual-spacing-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new PerCellVsAgreesTestCase, ATM_TEST_QUICK);
        AddTestCase(new PerCellVsDiffersTestCase, ATM_TEST_QUICK);
        AddTestCase(new PerCellVsPurgeTestCase, ATM_TEST_QUICK);
        AddTestCase(new PerCellVsIdleTestCase, ATM_TEST_QUICK);
    }
};

static PerCellVirtualSpacingCellSchedulerTestSuite
    g_perCellVirtualSpacingCellSchedulerTestSuite; //!< static instance registering the suite
