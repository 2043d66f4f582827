/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-cell-scheduler.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/test.h"

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * The contract every cell scheduler must satisfy (AtmCellScheduler class description), checked for
 * every registered TypeId derived from AtmCellScheduler that has a constructor, with default
 * attributes, on long random sequences of arrivals, may-send changes (credits, shaping) and slots.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// What a random run observed.
struct SchedulerRunLog
{
    std::vector<int64_t> selections; //!< selected queue per slot, -1 for none
    uint32_t badSelections{0};       //!< selections of an empty or held-back queue
    uint32_t idleWhileEligible{0};   //!< slots without selection while an eligible queue existed
    uint32_t served{0};              //!< cells sent
};

/// @return a fresh default-configured instance of @p tid
Ptr<AtmCellScheduler>
Make(TypeId tid)
{
    ObjectFactory factory;
    factory.SetTypeId(tid);
    return factory.Create<AtmCellScheduler>();
}

/**
 * Drive @p scheduler as a port would over @p steps random events: cell arrivals on random VCs
 * (several VCs share some queues; queues of every service category), may-send toggles, slots.
 * The oracle for eligibility is recomputed from the state's raw per-queue fields.
 */
SchedulerRunLog
RandomRun(Ptr<AtmCellScheduler> scheduler, uint32_t seed, uint32_t steps)
{
    SchedulerRunLog log;
    std::mt19937 rng(seed);
    const uint32_t nQueues = 7;
    AtmPortState state(60);
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        state.AddQueue(static_cast<AtmServiceCategory>(q % 6));
    }
    for (uint32_t vc = 0; vc < 11; ++vc)
    {
        const uint32_t q = vc % nQueues;
        state.AddVc(state.GetQueueServiceCategory(q), q);
    }
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        scheduler->NotifyQueueAdded(state, q);
    }
    for (uint32_t step = 0; step < steps; ++step)
    {
        const uint32_t r = rng() % 20;
        if (r < 9)
        {
            const uint32_t vc = rng() % state.GetNVcs();
            if (state.GetCellsInBuffer() < state.GetBufferCells() && state.OnEnqueue(vc))
            {
                scheduler->NotifyBacklogged(state.GetVcQueue(vc));
            }
        }
        else if (r < 11)
        {
            const uint32_t q = rng() % nQueues;
            state.SetQueueMaySend(q, !state.GetQueueMaySend(q));
        }
        else
        {
            bool anyEligible = false;
            for (uint32_t q = 0; q < nQueues; ++q)
            {
                anyEligible =
                    anyEligible || (state.GetQueueCells(q) > 0 && state.GetQueueMaySend(q));
            }
            const std::optional<uint32_t> sel = scheduler->SelectQueue(state, Seconds(step));
            log.selections.push_back(sel ? static_cast<int64_t>(*sel) : -1);
            if (!sel)
            {
                log.idleWhileEligible += anyEligible ? 1 : 0;
                continue;
            }
            if (*sel >= nQueues || state.GetQueueCells(*sel) == 0 || !state.GetQueueMaySend(*sel))
            {
                ++log.badSelections;
                continue;
            }
            for (uint32_t vc = 0; vc < state.GetNVcs(); ++vc)
            {
                if (state.GetVcQueue(vc) == *sel && state.GetVcCells(vc) > 0)
                {
                    const bool emptied = state.OnDequeue(vc);
                    scheduler->NotifyServed(*sel);
                    if (emptied)
                    {
                        scheduler->NotifyEmptied(*sel);
                    }
                    ++log.served;
                    break;
                }
            }
        }
    }
    return log;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief An unknown scheduler name is refused with the list of valid ones.
 */
class SchedulerUnknownNameTestCase : public TestCase
{
  public:
    SchedulerUnknownNameTestCase()
        : TestCase("AtmCellSchedulerFactory refuses an unknown name and lists the valid ones")
    {
    }

  private:
    void DoRun() override
    {
        TypeId tid;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(AtmCellSchedulerFactory::TryResolve("wfq", &tid, &error),
                              false,
                              "unknown name");
        NS_TEST_ASSERT_MSG_EQ(error,
                              "one of fifo rr priority gr vs-queue or the TypeId name of an "
                              "AtmCellScheduler subclass",
                              "the error lists the valid names");
    }
};

/**
 * @ingroup atm-tests
 * @brief Schedulers never select an empty or held-back queue.
 */
class SchedulerSelectsEligibleTestCase : public TestCase
{
  public:
    SchedulerSelectsEligibleTestCase()
        : TestCase("Every registered cell scheduler never selects an empty queue or one that may "
                   "not send")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<TypeId> types = ConstructibleSubclasses(AtmCellScheduler::GetTypeId());
        NS_TEST_ASSERT_MSG_GT(types.size(), 0U, "no AtmCellScheduler subclass is registered");
        for (const TypeId& tid : types)
        {
            for (uint32_t seed : {1U, 2U, 3U})
            {
                const SchedulerRunLog log = RandomRun(Make(tid), seed, 20000);
                NS_TEST_ASSERT_MSG_EQ(log.badSelections, 0U, tid.GetName() << " seed " << seed);
                NS_TEST_ASSERT_MSG_GT(log.served, 1000U, "enough cells sent, seed " << seed);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Work-conserving schedulers never idle while an eligible queue exists.
 */
class SchedulerWorkConservingTestCase : public TestCase
{
  public:
    SchedulerWorkConservingTestCase()
        : TestCase("Every registered work-conserving cell scheduler selects a queue whenever an "
                   "eligible one exists")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t checked = 0;
        for (const TypeId& tid : ConstructibleSubclasses(AtmCellScheduler::GetTypeId()))
        {
            Ptr<AtmCellScheduler> s = Make(tid);
            if (!s->IsWorkConserving())
            {
                continue;
            }
            ++checked;
            for (uint32_t seed : {4U, 5U})
            {
                const SchedulerRunLog log = RandomRun(s, seed, 20000);
                NS_TEST_ASSERT_MSG_EQ(log.idleWhileEligible, 0U, tid.GetName() << " seed " << seed);
                s = Make(tid);
            }
        }
        NS_TEST_ASSERT_MSG_GT(checked, 0U, "at least one work-conserving scheduler checked");
    }
};

/**
 * @ingroup atm-tests
 * @brief Selections depend only on the notifications and states seen.
 */
class SchedulerDeterminismTestCase : public TestCase
{
  public:
    SchedulerDeterminismTestCase()
        : TestCase("Every registered cell scheduler makes identical selections for identical "
                   "event sequences")
    {
    }

  private:
    void DoRun() override
    {
        for (const TypeId& tid : ConstructibleSubclasses(AtmCellScheduler::GetTypeId()))
        {
            const SchedulerRunLog a = RandomRun(Make(tid), 9, 20000);
            const SchedulerRunLog b = RandomRun(Make(tid), 9, 20000);
            NS_TEST_ASSERT_MSG_EQ((a.selections == b.selections), true, tid.GetName());
            NS_TEST_ASSERT_MSG_GT(a.selections.size(), 5000U, "enough slots compared");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-cell-scheduler-contract test suite.
 */
class CellSchedulerContractTestSuite : public TestSuite
{
  public:
    CellSchedulerContractTestSuite()
        : TestSuite("atm-cell-scheduler-contract", ATM_SUITE_UNIT)
    {
        AddTestCase(new ShortNamesTestCase<AtmCellSchedulerFactory, AtmCellScheduler>(
                        "For every short name of AtmCellSchedulerFactory (fifo, rr, priority, gr, "
                        "vs-queue): the short name and the TypeId name both create an object of "
                        "exactly that TypeId, which this suite checks once"),
                    ATM_TEST_QUICK);
        AddTestCase(new SchedulerUnknownNameTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerSelectsEligibleTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerWorkConservingTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerDeterminismTestCase, ATM_TEST_QUICK);
    }
};

static CellSchedulerContractTestSuite
    g_cellSchedulerContractTestSuite; //!< static instance registering the suite
