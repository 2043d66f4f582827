/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/callback.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flexible-ru-cell-scheduler.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of FlexibleRuCellScheduler (O. Bonaventure's thesis, 1998, ch. 8.4, Figs 8.29 to 8.35)
 * on hand-built states driven as the port drives them, with a line of 1,000,000 cells/s: slot k
 * starts at k us and SelectQueue() is called once per slot. Greedy queues (topped up before every
 * slot) reach the rates of eq. 8.13 and, grouped, eq. 8.14 within 1 %; the R part alone never
 * exceeds the MCRs (exact slots checked by hand); a queue backlogged after an idle period gets
 * back-to-back R service unless ClampRToRealTime; weights and groups from the attributes.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Line rate of these tests, cells/s: one slot per microsecond.
constexpr double LINE = 1e6;

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

/// Counts of a run.
struct RunCounts
{
    std::vector<uint64_t> served; //!< per queue: cells sent
    std::vector<uint64_t> byR;    //!< per queue: cells sent by the R part
    uint64_t idle{0};             //!< slots without a selection
    bool rWithinMcr{true};        //!< R services of every queue <= MCR x t + 1 at every slot
    std::vector<std::string> log; //!< "slot:queue" of the first slots with a selection
};

/// Sink of the "Served" trace. @param byR per-queue R counts @param q queue @param r by R
void
CountReserved(std::vector<uint64_t>* byR, uint32_t q, bool r)
{
    if (r)
    {
        ++(*byR)[q];
    }
}

/**
 * @brief Run @p slots slots from @p first, topping every VC in @p greedy up to 2 cells before
 *        each slot (one VC per queue).
 * @param ru the scheduler
 * @param s the state
 * @param d its driver
 * @param greedy the VCs kept backlogged
 * @param first the first slot index (slot k starts at k us)
 * @param slots the number of slots
 * @param mcrs per queue MCR, for the R bound
 * @return the counts
 */
RunCounts
GreedyRun(Ptr<FlexibleRuCellScheduler> ru,
          AtmPortState& s,
          SchedulerDriver& d,
          const std::vector<uint32_t>& greedy,
          uint64_t first,
          uint64_t slots,
          const std::vector<uint64_t>& mcrs)
{
    RunCounts c;
    c.served.assign(s.GetNQueues(), 0);
    c.byR.assign(s.GetNQueues(), 0);
    ru->TraceConnectWithoutContext("Served", MakeBoundCallback(&CountReserved, &c.byR));
    for (uint64_t k = first; k < first + slots; ++k)
    {
        s.SetNow(MicroSeconds(k));
        for (uint32_t vc : greedy)
        {
            while (s.GetVcCells(vc) < 2)
            {
                d.Enqueue(vc);
            }
        }
        const std::optional<uint32_t> q = d.Slot(MicroSeconds(k));
        if (!q)
        {
            ++c.idle;
            continue;
        }
        ++c.served[*q];
        if (c.log.size() < 40)
        {
            c.log.push_back(std::to_string(k) + ":" + std::to_string(*q));
        }
        const double t = (k + 1) * 1e-6; // end of this slot
        for (uint32_t j = 0; j < s.GetNQueues(); ++j)
        {
            c.rWithinMcr = c.rWithinMcr && c.byR[j] <= mcrs[j] * t + 1;
        }
    }
    ru->TraceDisconnectWithoutContext("Served", MakeBoundCallback(&CountReserved, &c.byR));
    return c;
}

/// @param v strings @param n how many @return the first n joined by spaces
std::string
First(const std::vector<std::string>& v, size_t n)
{
    std::string out;
    for (size_t i = 0; i < n && i < v.size(); ++i)
    {
        out += (out.empty() ? "" : " ") + v[i];
    }
    return out;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Greedy rates, per queue (eq. 8.13).
 */
class RuGreedyRatesTestCase : public TestCase
{
  public:
    RuGreedyRatesTestCase()
        : TestCase("R and U, greedy queues with MCRs 100000 200000 0 300000 cells per s and W 1 1 "
                   "2 4 on a 1000000 cells per s line: rates MCR plus U x W over the sum of W "
                   "(BON eq. 8.13) 150000 250000 100000 500000 within 1 percent, R within the "
                   "MCRs, no idle slot")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
        ru->SetAttribute("VcWeights", StringValue("1 1 2 4"));
        const std::vector<uint64_t> mcrs = {100000, 200000, 0, 300000};
        AtmPortState s = McrQueues(mcrs);
        SchedulerDriver d(ru, s);
        NS_TEST_ASSERT_MSG_EQ(ru->GetQueueWeight(3), 4.0, "W from VcWeights");
        NS_TEST_ASSERT_MSG_EQ(ru->GetQueueMcr(1), 200000.0, "MCR from the contract");
        NS_TEST_ASSERT_MSG_EQ(ru->IsWorkConserving(), true, "work-conserving by default");
        const uint64_t slots = 200000;
        const RunCounts c = GreedyRun(ru, s, d, {0, 1, 2, 3}, 0, slots, mcrs);
        const double expected[] = {150000, 250000, 100000, 500000};
        for (uint32_t q = 0; q < 4; ++q)
        {
            const double rate = LINE * c.served[q] / slots;
            NS_TEST_ASSERT_MSG_EQ_TOL(rate / expected[q], 1.0, 0.01, "queue " << q);
            // R gives each queue its MCR: 20 ms at the MCR, within one cell.
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(c.byR[q]),
                                      mcrs[q] * slots / LINE,
                                      1.0,
                                      "R cells of queue " << q);
        }
        NS_TEST_ASSERT_MSG_EQ(c.idle, 0U, "work-conserving");
        NS_TEST_ASSERT_MSG_EQ(c.rWithinMcr, true, "R never ahead of the MCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief Greedy rates, per group (eq. 8.14), and grouping by weight.
 */
class RuGroupRatesTestCase : public TestCase
{
  public:
    RuGroupRatesTestCase()
        : TestCase("R and U per group: queues 0 1 2 in a group of weight 1 and queue 3 in one of "
                   "weight 3, MCRs 100000 0 0 200000, get MCR plus U x W_g over the sum of W_g "
                   "over the group's size (BON eq. 8.14) within 1 percent; grouping by identical "
                   "weight makes 2 groups and gives the per-queue rates of eq. 8.13")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
            ru->SetAttribute("Grouping", EnumValue(FlexibleRuCellScheduler::EXPLICIT));
            ru->SetAttribute("QueueGroups", StringValue("7 7 7 2"));
            ru->SetAttribute("GroupWeights", StringValue("0.5 1 3"));
            ru->SetGroupWeight(7, 1.0);
            const std::vector<uint64_t> mcrs = {100000, 0, 0, 200000};
            AtmPortState s = McrQueues(mcrs);
            SchedulerDriver d(ru, s);
            NS_TEST_ASSERT_MSG_EQ(ru->GetNUFlows(), 2U, "two groups");
            NS_TEST_ASSERT_MSG_EQ(ru->GetUFlow(1), ru->GetUFlow(0), "queues 0 and 1 together");
            NS_TEST_ASSERT_MSG_EQ(ru->GetUFlowWeight(ru->GetUFlow(0)), 1.0, "W of group 7");
            NS_TEST_ASSERT_MSG_EQ(ru->GetUFlowWeight(ru->GetUFlow(3)), 3.0, "W of group 2");
            const uint64_t slots = 240000;
            const RunCounts c = GreedyRun(ru, s, d, {0, 1, 2, 3}, 0, slots, mcrs);
            // U = 700000: group 7 gets 1/4 of it shared by 3 queues, group 2 gets 3/4.
            const double u = 700000;
            const double expected[] = {100000 + u / 4 / 3,
                                       u / 4 / 3,
                                       u / 4 / 3,
                                       200000 + u * 3 / 4};
            for (uint32_t q = 0; q < 4; ++q)
            {
                const double rate = LINE * c.served[q] / slots;
                NS_TEST_ASSERT_MSG_EQ_TOL(rate / expected[q], 1.0, 0.01, "queue " << q);
            }
            NS_TEST_ASSERT_MSG_EQ(c.rWithinMcr, true, "R never ahead of the MCR");
        }
        {
            Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
            ru->SetAttribute("Grouping", EnumValue(FlexibleRuCellScheduler::BY_WEIGHT));
            ru->SetAttribute("QueueWeights", StringValue("1 2 1 2"));
            const std::vector<uint64_t> mcrs = {100000, 0, 200000, 0};
            AtmPortState s = McrQueues(mcrs);
            SchedulerDriver d(ru, s);
            NS_TEST_ASSERT_MSG_EQ(ru->GetNUFlows(), 2U, "two weights, two groups");
            NS_TEST_ASSERT_MSG_EQ(ru->GetUFlow(2), ru->GetUFlow(0), "W 1 together");
            NS_TEST_ASSERT_MSG_EQ(ru->GetUFlowWeight(ru->GetUFlow(1)), 4.0, "W_g = 2 + 2");
            const uint64_t slots = 240000;
            const RunCounts c = GreedyRun(ru, s, d, {0, 1, 2, 3}, 0, slots, mcrs);
            const double u = 700000;
            const double expected[] = {100000 + u / 6, u * 2 / 6, 200000 + u / 6, u * 2 / 6};
            for (uint32_t q = 0; q < 4; ++q)
            {
                const double rate = LINE * c.served[q] / slots;
                NS_TEST_ASSERT_MSG_EQ_TOL(rate / expected[q], 1.0, 0.01, "queue " << q);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The R part alone (Fig. 8.29): exact slots, never above the MCR.
 */
class RuReservedOnlyTestCase : public TestCase
{
  public:
    RuReservedOnlyTestCase()
        : TestCase("Virtual Spacing alone (WorkConserving false, BON Fig. 8.29 with F <= time): "
                   "greedy queues of MCR 65536 and 131072 cells per s (exact binary spacings of "
                   "15.26 and 7.63 us) are sent at slots 8 16 17 23 31 32 39 46 (the ties at "
                   "15.26 and 30.52 us to the lower id), 6553 and 13107 cells in 100000 slots, a "
                   "queue without MCR never, the other slots idle")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
        ru->SetAttribute("WorkConserving", BooleanValue(false));
        NS_TEST_ASSERT_MSG_EQ(ru->IsWorkConserving(), false, "says it idles");
        const std::vector<uint64_t> mcrs = {65536, 131072, 0};
        AtmPortState s = McrQueues(mcrs);
        SchedulerDriver d(ru, s);
        const uint64_t slots = 100000;
        const RunCounts c = GreedyRun(ru, s, d, {0, 1, 2}, 0, slots, mcrs);
        // Tags j x 15.2587890625 us and j x 7.62939453125 us, each sent in the first slot that
        // starts at or after it; every tag of queue 0 ties with one of queue 1, which goes a
        // slot later.
        NS_TEST_ASSERT_MSG_EQ(First(c.log, 8),
                              "8:1 16:0 17:1 23:1 31:0 32:1 39:1 46:0",
                              "first R services");
        NS_TEST_ASSERT_MSG_EQ(c.served[0], 6553U, "queue 0: tags up to 99993.4 us");
        NS_TEST_ASSERT_MSG_EQ(c.served[1], 13107U, "queue 1: tags up to 99998.5 us");
        NS_TEST_ASSERT_MSG_EQ(c.served[2], 0U, "no MCR, no service");
        NS_TEST_ASSERT_MSG_EQ(c.idle, slots - 6553 - 13107, "the other slots idle");
        NS_TEST_ASSERT_MSG_EQ(c.rWithinMcr, true, "never ahead of the MCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief Idle, then backlogged: faithful catch-up burst, or clamped.
 */
class RuIdleThenBackloggedTestCase : public TestCase
{
  public:
    RuIdleThenBackloggedTestCase()
        : TestCase("A queue backlogged after an idle period: faithfully its R tag starts from "
                   "V_R (16 us) and it is R-served back to back (10 cells in slots 100 to 109); "
                   "with ClampRToRealTime from its arrival (100 us), every 4 slots from 104; "
                   "with U present the same R counts, U filling the rest")
    {
    }

  private:
    void DoRun() override
    {
        for (bool workConserving : {false, true})
        {
            for (bool clamp : {false, true})
            {
                Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
                ru->SetAttribute("WorkConserving", BooleanValue(workConserving));
                ru->SetAttribute("ClampRToRealTime", BooleanValue(clamp));
                const std::vector<uint64_t> mcrs = {250000, 250000};
                AtmPortState s = McrQueues(mcrs);
                SchedulerDriver d(ru, s);
                std::vector<uint64_t> byR(2, 0);
                ru->TraceConnectWithoutContext("Served", MakeBoundCallback(&CountReserved, &byR));
                // Queue 0: 4 cells at t = 0; without U they leave at 4, 8, 12, 16 us (V_R = 16).
                s.SetNow(MicroSeconds(0));
                d.Enqueue(0, 4);
                std::string first;
                for (uint64_t k = 0; k < 100; ++k)
                {
                    if (d.Slot(MicroSeconds(k)))
                    {
                        first += (first.empty() ? "" : " ") + std::to_string(k);
                    }
                }
                NS_TEST_ASSERT_MSG_EQ(first,
                                      std::string(workConserving ? "0 1 2 3" : "4 8 12 16"),
                                      "queue 0's 4 cells");
                // Queue 1: 10 cells arrive at 100 us.
                s.SetNow(MicroSeconds(100));
                d.Enqueue(1, 10);
                std::string slotsOf1;
                std::string rSlotsOf1;
                for (uint64_t k = 100; k < 150; ++k)
                {
                    const uint64_t before = byR[1];
                    const std::optional<uint32_t> q = d.Slot(MicroSeconds(k));
                    if (q)
                    {
                        slotsOf1 += (slotsOf1.empty() ? "" : " ") + std::to_string(k);
                    }
                    if (byR[1] > before)
                    {
                        rSlotsOf1 += (rSlotsOf1.empty() ? "" : " ") + std::to_string(k);
                    }
                }
                std::string label = std::string(workConserving ? "R+U" : "R only") +
                                    (clamp ? ", clamped" : ", faithful");
                if (workConserving)
                {
                    // U serves queue 0 at once, so V_R is 0 when queue 1 arrives: faithful tags
                    // 4 .. 40 us, all due; clamped 104 .. 140.
                    NS_TEST_ASSERT_MSG_EQ(slotsOf1,
                                          "100 101 102 103 104 105 106 107 108 109",
                                          label << ": work-conserving, back to back");
                    NS_TEST_ASSERT_MSG_EQ(rSlotsOf1,
                                          std::string(clamp ? "104 108"
                                                            : "100 101 102 103 104 105 106 "
                                                              "107 108 109"),
                                          label << ": R services");
                }
                else
                {
                    NS_TEST_ASSERT_MSG_EQ(
                        slotsOf1,
                        std::string(clamp ? "104 108 112 116 120 124 128 132 136 140"
                                          : "100 101 102 103 104 105 106 107 108 109"),
                        label);
                    NS_TEST_ASSERT_MSG_EQ(rSlotsOf1, slotsOf1, label << ": all by R");
                }
                ru->TraceDisconnectWithoutContext("Served",
                                                  MakeBoundCallback(&CountReserved, &byR));
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Weights and groups from the configuration; held queues.
 */
class RuConfigurationTestCase : public TestCase
{
  public:
    RuConfigurationTestCase()
        : TestCase("R and U configuration: a queue weighs the sum of its VCs' W (DefaultWeight, "
                   "VcWeights or SetVcWeight) unless QueueWeights or SetQueueWeight sets it; U "
                   "ties go to the lowest id; a held queue is skipped by R and U and keeps its "
                   "tags and its place in its group")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
        ru->SetAttribute("DefaultWeight", DoubleValue(0.5));
        ru->SetVcWeight(1, 3.0);
        // Queue 0: VCs 0 and 1; queue 1: VC 2; queue 2: VC 3 (QueueWeights sets 5).
        AtmPortState s(100);
        s.AddQueue(AtmServiceCategory::UBR);
        s.AddQueue(AtmServiceCategory::UBR);
        s.AddQueue(AtmServiceCategory::UBR);
        s.AddVc(AtmServiceCategory::UBR, 0);
        s.AddVc(AtmServiceCategory::UBR, 0);
        s.AddVc(AtmServiceCategory::UBR, 1);
        s.AddVc(AtmServiceCategory::UBR, 2);
        ru->SetQueueWeight(2, 5.0);
        SchedulerDriver d(ru, s);
        NS_TEST_ASSERT_MSG_EQ(ru->GetQueueWeight(0), 3.5, "0.5 + 3");
        NS_TEST_ASSERT_MSG_EQ(ru->GetQueueWeight(1), 0.5, "DefaultWeight");
        NS_TEST_ASSERT_MSG_EQ(ru->GetQueueWeight(2), 5.0, "set per queue");
        // Equal weights, no MCR: pure U, ties to the lowest id: round robin 0 1 0 1.
        ru->SetQueueWeight(0, 1.0);
        ru->SetQueueWeight(1, 1.0);
        d.Enqueue(0, 3);
        d.Enqueue(2, 3);
        d.Enqueue(3, 1);
        // U tags: queue 0 at 1, 2, 3; queue 1 (VC 2) at 1, 2, 3; queue 2 (VC 3) at 0.2.
        s.SetQueueMaySend(2, false);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(2)), "0 1", "tie to queue 0, then queue 1");
        s.SetQueueMaySend(2, true);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(1)), "2", "held queue kept its tag 0.2");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(d.Drain(10)), "0 1 0 1", "then alternation");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-flexible-ru-cell-scheduler test suite.
 */
class FlexibleRuCellSchedulerTestSuite : public TestSuite
{
  public:
    FlexibleRuCellSchedulerTestSuite()
        : TestSuite("atm-flexible-ru-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new RuGreedyRatesTestCase, ATM_TEST_QUICK);
        AddTestCase(new RuGroupRatesTestCase, ATM_TEST_QUICK);
        AddTestCase(new RuReservedOnlyTestCase, ATM_TEST_QUICK);
        AddTestCase(new RuIdleThenBackloggedTestCase, ATM_TEST_QUICK);
        AddTestCase(new RuConfigurationTestCase, ATM_TEST_QUICK);
    }
};

static FlexibleRuCellSchedulerTestSuite
    g_flexibleRuCellSchedulerTestSuite; //!< static instance registering the suite
