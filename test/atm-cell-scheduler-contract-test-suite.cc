/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-cell-scheduler.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <deque>
#include <iterator>
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
 * attributes and in the non-default modes listed in SchedulerSetups(), on long random sequences
 * of arrivals, purges, may-send changes (credits, shaping) and slots, with every notification of
 * the calling protocol (NotifyEnqueued() and NotifyPurged() included).
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

/**
 * Drive @p scheduler as a port would over @p steps random events: cell arrivals on random VCs
 * (several VCs share some queues; queues of every service category; some VCs with a GFR contract
 * and an MCR, some with an ABR MCR, the rest without), purges of a VC's newest cell, may-send
 * toggles (credits, shaping), and slots whose start advances by 10 us per step. Every
 * notification of the calling protocol is made, NotifyEnqueued() and NotifyPurged() included,
 * and cells leave their queue in FIFO order. The oracle for eligibility is recomputed from the
 * state's raw per-queue fields.
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
        if (vc % 3 == 0)
        {
            state.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                AtmCellRate(100000),
                                                AtmCellRate(1000 * (vc + 1)),
                                                32,
                                                32),
                        q);
        }
        else if (vc % 5 == 1)
        {
            state.AddVc(AtmTrafficContract::Abr(AtmCellRate(100000), AtmCellRate(5000)), q);
        }
        else
        {
            state.AddVc(state.GetQueueServiceCategory(q), q);
        }
    }
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        scheduler->NotifyQueueAdded(state, q);
    }
    for (uint32_t vc = 0; vc < state.GetNVcs(); ++vc)
    {
        scheduler->NotifyVcAdded(state, vc);
    }
    std::vector<std::deque<uint32_t>> fifo(nQueues); // per queue: VCs of its cells, oldest first
    for (uint32_t step = 0; step < steps; ++step)
    {
        const Time now = MicroSeconds(10 * step);
        state.SetNow(now);
        const uint32_t r = rng() % 21;
        if (r < 9)
        {
            const uint32_t vc = rng() % state.GetNVcs();
            if (state.GetCellsInBuffer() < state.GetBufferCells())
            {
                const uint32_t q = state.GetVcQueue(vc);
                if (state.OnEnqueue(vc))
                {
                    scheduler->NotifyBacklogged(q);
                }
                fifo[q].push_back(vc);
                scheduler->NotifyEnqueued(state, vc);
            }
        }
        else if (r < 10)
        {
            const uint32_t vc = rng() % state.GetNVcs();
            const uint32_t q = state.GetVcQueue(vc);
            for (auto it = fifo[q].rbegin(); it != fifo[q].rend(); ++it)
            {
                if (*it == vc)
                {
                    fifo[q].erase(std::next(it).base());
                    const bool emptied = state.OnDequeue(vc);
                    scheduler->NotifyPurged(state, vc);
                    if (emptied)
                    {
                        scheduler->NotifyEmptied(q);
                    }
                    break;
                }
            }
        }
        else if (r < 12)
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
            const std::optional<uint32_t> sel = scheduler->SelectQueue(state, now);
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
            const uint32_t vc = fifo[*sel].front();
            fifo[*sel].pop_front();
            const bool emptied = state.OnDequeue(vc);
            scheduler->NotifyServed(*sel);
            if (emptied)
            {
                scheduler->NotifyEmptied(*sel);
            }
            ++log.served;
        }
    }
    return log;
}

/// A scheduler configuration the contract is checked in: a TypeId and attribute values.
struct SchedulerSetup
{
    TypeId tid;                                                  //!< the scheduler
    std::vector<std::pair<std::string, std::string>> attributes; //!< (name, value) to set
    std::string name;                                            //!< for messages
};

/**
 * @return every registered constructible scheduler with default attributes, plus the
 *         non-default configurations that change a scheduler's selection rule (one line each:
 *         a new mode of a scheduler gets a line here)
 */
std::vector<SchedulerSetup>
SchedulerSetups()
{
    std::vector<SchedulerSetup> setups;
    for (const TypeId& tid : ConstructibleSubclasses(AtmCellScheduler::GetTypeId()))
    {
        setups.push_back({tid, {}, tid.GetName()});
    }
    const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
        extra = {
            {"ns3::VirtualSpacingCellScheduler", {{"TieRule", "First"}}},
            {"ns3::FlexibleRuCellScheduler", {{"WorkConserving", "false"}}},
            {"ns3::FlexibleRuCellScheduler", {{"ClampRToRealTime", "true"}}},
            {"ns3::FlexibleRuCellScheduler", {{"Grouping", "ByWeight"}}},
            {"ns3::FlexibleRuCellScheduler",
             {{"Grouping", "Explicit"}, {"QueueGroups", "0 0 1 1 1"}, {"GroupWeights", "3 1"}}},
            {"ns3::WeightedRoundRobinCellScheduler", {{"QueueQuanta", "1 3 2"}}},
        };
    for (const auto& [name, attributes] : extra)
    {
        std::string label = name;
        for (const auto& [attribute, value] : attributes)
        {
            label += " " + attribute + "=" + value;
        }
        setups.push_back({TypeId::LookupByName(name), attributes, label});
    }
    return setups;
}

/// @param setup a configuration @return a fresh instance of it
Ptr<AtmCellScheduler>
Make(const SchedulerSetup& setup)
{
    ObjectFactory factory;
    factory.SetTypeId(setup.tid);
    for (const auto& [attribute, value] : setup.attributes)
    {
        factory.Set(attribute, StringValue(value));
    }
    return factory.Create<AtmCellScheduler>();
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
        NS_TEST_ASSERT_MSG_EQ(
            error,
            "one of fifo rr priority gr vs-queue vs ru wrr or the TypeId name of an "
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
        const std::vector<SchedulerSetup> setups = SchedulerSetups();
        NS_TEST_ASSERT_MSG_GT(setups.size(), 0U, "no AtmCellScheduler subclass is registered");
        for (const SchedulerSetup& setup : setups)
        {
            for (uint32_t seed : {1U, 2U, 3U})
            {
                Ptr<AtmCellScheduler> scheduler = Make(setup);
                // A non-work-conserving scheduler sends less (R alone: at the MCRs only).
                const uint32_t enough = scheduler->IsWorkConserving() ? 1000 : 100;
                const SchedulerRunLog log = RandomRun(scheduler, seed, 20000);
                NS_TEST_ASSERT_MSG_EQ(log.badSelections, 0U, setup.name << " seed " << seed);
                NS_TEST_ASSERT_MSG_GT(log.served,
                                      enough,
                                      setup.name << ": enough cells sent, seed " << seed);
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
        for (const SchedulerSetup& setup : SchedulerSetups())
        {
            Ptr<AtmCellScheduler> s = Make(setup);
            if (!s->IsWorkConserving())
            {
                continue;
            }
            ++checked;
            for (uint32_t seed : {4U, 5U})
            {
                const SchedulerRunLog log = RandomRun(s, seed, 20000);
                NS_TEST_ASSERT_MSG_EQ(log.idleWhileEligible, 0U, setup.name << " seed " << seed);
                s = Make(setup);
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
        for (const SchedulerSetup& setup : SchedulerSetups())
        {
            const SchedulerRunLog a = RandomRun(Make(setup), 9, 20000);
            const SchedulerRunLog b = RandomRun(Make(setup), 9, 20000);
            NS_TEST_ASSERT_MSG_EQ((a.selections == b.selections), true, setup.name);
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
                        "vs-queue, vs, ru, wrr): the short name and the TypeId name both create an "
                        "object of exactly that TypeId, which this suite checks once"),
                    ATM_TEST_QUICK);
        AddTestCase(new SchedulerUnknownNameTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerSelectsEligibleTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerWorkConservingTestCase, ATM_TEST_QUICK);
        AddTestCase(new SchedulerDeterminismTestCase, ATM_TEST_QUICK);
    }
};

static CellSchedulerContractTestSuite
    g_cellSchedulerContractTestSuite; //!< static instance registering the suite
