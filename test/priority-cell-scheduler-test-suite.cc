/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/priority-cell-scheduler.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of PriorityCellScheduler (strict priority: JAIN AF-424, BON) against hand-written service
 * orders.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// A state with one queue and one VC per listed category, in that order.
AtmPortState
PerClassState(const std::vector<AtmServiceCategory>& categories)
{
    AtmPortState s(100);
    for (AtmServiceCategory c : categories)
    {
        s.AddVc(c, s.AddQueue(c));
    }
    return s;
}
} // namespace

/**
 * @ingroup atm-tests
 * @brief The default order follows the service categories.
 */
class PriorityCategoryOrderTestCase : public TestCase
{
  public:
    PriorityCategoryOrderTestCase()
        : TestCase("Strict priority drains CBR, then rt-VBR, nrt-VBR, ABR and GFR (one level, "
                   "FIFO), then UBR, whatever the queue numbering")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        // Queue ids: 0 UBR, 1 GFR, 2 NRT_VBR, 3 CBR, 4 ABR, 5 RT_VBR.
        AtmPortState s = PerClassState({C::UBR, C::GFR, C::NRT_VBR, C::CBR, C::ABR, C::RT_VBR});
        SchedulerDriver port(CreateObject<PriorityCellScheduler>(), s);
        for (uint32_t vc = 0; vc < 6; ++vc)
        {
            port.Enqueue(vc, 2); // GFR (queue 1) becomes backlogged before ABR (queue 4)
        }
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(20)),
                              "3 3 5 5 2 2 1 1 4 4 0 0",
                              "CBR, rt-VBR, nrt-VBR, GFR then ABR in backlog order, UBR");
    }
};

/**
 * @ingroup atm-tests
 * @brief A higher class takes the very next slot.
 */
class PriorityPreemptionTestCase : public TestCase
{
  public:
    PriorityPreemptionTestCase()
        : TestCase("Strict priority serves a newly arrived CBR cell in the next slot, before "
                   "waiting UBR cells, and starves UBR while CBR is backlogged")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        AtmPortState s = PerClassState({C::UBR, C::CBR});
        SchedulerDriver port(CreateObject<PriorityCellScheduler>(), s);
        port.Enqueue(0, 5);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(2)), "0 0", "UBR alone");
        port.Enqueue(1, 3);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(2)), "1 1", "CBR first");
        port.Enqueue(1, 1);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)), "1 1 0 0 0", "UBR only once CBR is empty");
    }
};

/**
 * @ingroup atm-tests
 * @brief A held-back higher class yields to a lower one.
 */
class PriorityIneligibleTestCase : public TestCase
{
  public:
    PriorityIneligibleTestCase()
        : TestCase("Strict priority serves a lower class while the higher one may not send, and "
                   "returns to the higher class as soon as it may")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        AtmPortState s = PerClassState({C::CBR, C::UBR});
        SchedulerDriver port(CreateObject<PriorityCellScheduler>(), s);
        port.Enqueue(0, 3);
        port.Enqueue(1, 3);
        s.SetQueueMaySend(0, false);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(2)), "1 1", "CBR held back");
        s.SetQueueMaySend(0, true);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)), "0 0 0 1", "CBR resumes first");
    }
};

/**
 * @ingroup atm-tests
 * @brief QueuePriorities replaces the category order.
 */
class PriorityAttributeTestCase : public TestCase
{
  public:
    PriorityAttributeTestCase()
        : TestCase("QueuePriorities = 2 0 1 0 orders queues by the given levels, FIFO within "
                   "a level, ignoring their categories")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        AtmPortState s = PerClassState({C::CBR, C::UBR, C::UBR, C::UBR});
        Ptr<PriorityCellScheduler> sched = CreateObject<PriorityCellScheduler>();
        sched->SetAttribute("QueuePriorities", StringValue("2 0 1 0"));
        StringValue v;
        sched->GetAttribute("QueuePriorities", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), "2 0 1 0", "attribute read back");
        SchedulerDriver port(sched, s);
        NS_TEST_ASSERT_MSG_EQ(sched->GetLevel(0), 2U, "queue 0 level");
        NS_TEST_ASSERT_MSG_EQ(sched->GetLevel(3), 0U, "queue 3 level");
        port.Enqueue(0, 1);
        port.Enqueue(3, 2);
        port.Enqueue(2, 1);
        port.Enqueue(1, 2);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)),
                              "3 3 1 1 2 0",
                              "level 0 (queues 3 then 1 in backlog order), level 1, level 2");
    }
};

/**
 * @ingroup atm-tests
 * @brief The default levels are the documented ones.
 */
class PriorityDefaultLevelsTestCase : public TestCase
{
  public:
    PriorityDefaultLevelsTestCase()
        : TestCase("The default levels are CBR 0, rt-VBR 1, nrt-VBR 2, ABR 3, GFR 3, UBR 4")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::CBR), 0U, "CBR");
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::RT_VBR), 1U, "rt-VBR");
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::NRT_VBR), 2U, "nrt-VBR");
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::ABR), 3U, "ABR");
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::GFR), 3U, "GFR");
        NS_TEST_ASSERT_MSG_EQ(PriorityCellScheduler::GetDefaultLevel(C::UBR), 4U, "UBR");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-priority-cell-scheduler test suite.
 */
class PriorityCellSchedulerTestSuite : public TestSuite
{
  public:
    PriorityCellSchedulerTestSuite()
        : TestSuite("atm-priority-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new PriorityCategoryOrderTestCase, ATM_TEST_QUICK);
        AddTestCase(new PriorityPreemptionTestCase, ATM_TEST_QUICK);
        AddTestCase(new PriorityIneligibleTestCase, ATM_TEST_QUICK);
        AddTestCase(new PriorityAttributeTestCase, ATM_TEST_QUICK);
        AddTestCase(new PriorityDefaultLevelsTestCase, ATM_TEST_QUICK);
    }
};

static PriorityCellSchedulerTestSuite
    g_priorityCellSchedulerTestSuite; //!< static instance registering the suite
