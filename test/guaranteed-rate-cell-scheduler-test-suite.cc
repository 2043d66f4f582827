/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/guaranteed-rate-cell-scheduler.h"
#include "ns3/pointer.h"
#include "ns3/priority-cell-scheduler.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <random>
#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of GuaranteedRateCellScheduler (JAIN AF-424: GR for the UBR class): the measured
 * UBR share against GR with both classes backlogged (and the exact count floor(N x GR) that
 * integer credit gives), hand-written service orders (GR = 0.25 and 0.9, work conservation in
 * both directions, held queues, round robin inside the guaranteed class, priority order among
 * the other classes, another guaranteed category), GR = 0 against PriorityCellScheduler on a
 * random sequence, and a run through a real AtmOutputPort.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param gr GuaranteedRate
 * @return a scheduler with that rate and the other attributes at their defaults
 */
Ptr<GuaranteedRateCellScheduler>
MakeGr(double gr)
{
    Ptr<GuaranteedRateCellScheduler> s = CreateObject<GuaranteedRateCellScheduler>();
    s->SetAttribute("GuaranteedRate", DoubleValue(gr));
    return s;
}

/**
 * @param categories one queue with one VC per entry, in this order (queue id = VC index)
 * @param bufferCells K
 * @return the state
 */
AtmPortState
ClassState(const std::vector<AtmServiceCategory>& categories, uint32_t bufferCells = 1000)
{
    AtmPortState s(bufferCells);
    for (AtmServiceCategory c : categories)
    {
        s.AddVc(c, s.AddQueue(c));
    }
    return s;
}

/**
 * @param served queue ids, in service order
 * @param queue a queue id
 * @return how often @p queue occurs
 */
uint32_t
Count(const std::vector<uint32_t>& served, uint32_t queue)
{
    uint32_t n = 0;
    for (uint32_t q : served)
    {
        n += (q == queue) ? 1 : 0;
    }
    return n;
}

/**
 * @param value a number
 * @return it printed with the stream defaults ("0.1", "0.25", "1")
 */
std::string
Str(double value)
{
    std::ostringstream os;
    os << value;
    return os.str();
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Defaults, registration and the exact integer form of GR.
 */
class GrDefaultsTestCase : public TestCase
{
  public:
    GrDefaultsTestCase()
        : TestCase("GR scheduler defaults: GuaranteedRate 0, CreditCap 1, GuaranteedCategory UBR, "
                   "work-conserving, enumerated for the contract suite; GR held in parts per 1e9")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GuaranteedRateCellScheduler> s = CreateObject<GuaranteedRateCellScheduler>();
        DoubleValue gr;
        DoubleValue cap;
        StringValue category;
        s->GetAttribute("GuaranteedRate", gr);
        s->GetAttribute("CreditCap", cap);
        s->GetAttribute("GuaranteedCategory", category);
        NS_TEST_ASSERT_MSG_EQ(gr.Get(), 0.0, "GuaranteedRate default");
        NS_TEST_ASSERT_MSG_EQ(cap.Get(), 1.0, "CreditCap default (1)");
        NS_TEST_ASSERT_MSG_EQ(category.Get(), "UBR", "GuaranteedCategory default");
        NS_TEST_ASSERT_MSG_EQ(s->GetGuaranteedCategory(), AtmServiceCategory::UBR, "enum form");
        NS_TEST_ASSERT_MSG_EQ(s->IsWorkConserving(), true, "work-conserving");
        bool listed = false;
        for (const TypeId& t : ConstructibleSubclasses(AtmCellScheduler::GetTypeId()))
        {
            listed = listed || t == GuaranteedRateCellScheduler::GetTypeId();
        }
        NS_TEST_ASSERT_MSG_EQ(listed, true, "enumerated for atm-cell-scheduler-contract");
        // Decimal rates are exact in parts per 10^9.
        NS_TEST_ASSERT_MSG_EQ(MakeGr(0.1)->GetGuaranteedRateParts(), 100000000U, "0.1");
        NS_TEST_ASSERT_MSG_EQ(MakeGr(0.9)->GetGuaranteedRateParts(), 900000000U, "0.9");
        NS_TEST_ASSERT_MSG_EQ(MakeGr(1.0)->GetGuaranteedRateParts(),
                              GuaranteedRateCellScheduler::CREDIT_UNIT,
                              "1");
        s->SetAttribute("GuaranteedCategory", StringValue("nrt-VBR"));
        NS_TEST_ASSERT_MSG_EQ(s->GetGuaranteedCategory(),
                              AtmServiceCategory::NRT_VBR,
                              "ATM Forum name accepted");
    }
};

/**
 * @ingroup atm-tests
 * @brief With both classes permanently backlogged, UBR gets GR of the slots.
 */
class GrShareTestCase : public TestCase
{
  public:
    /**
     * @param gr GuaranteedRate
     * @param expectedUbr UBR cells in 10,000 slots, hand-computed floor(10,000 x GR)
     */
    GrShareTestCase(double gr, uint32_t expectedUbr)
        : TestCase("With VBR and UBR permanently backlogged and GR=" + Str(gr) + ", UBR gets " +
                   std::to_string(expectedUbr) +
                   " of 10,000 slots (within 1 % of GR, exactly floor(N x GR))"),
          m_gr(gr),
          m_expected(expectedUbr)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 10000;
        AtmPortState s = ClassState({AtmServiceCategory::RT_VBR, AtmServiceCategory::UBR}, 3 * n);
        Ptr<GuaranteedRateCellScheduler> gr = MakeGr(m_gr);
        SchedulerDriver port(gr, s);
        port.Enqueue(0, n + 1); // neither queue can empty within n slots
        port.Enqueue(1, n + 1);
        bool creditBelowOneCell = true;
        std::vector<uint32_t> served;
        for (uint32_t i = 0; i < n; ++i)
        {
            served.push_back(*port.Slot());
            creditBelowOneCell = creditBelowOneCell &&
                                 gr->GetCreditParts() < GuaranteedRateCellScheduler::CREDIT_UNIT;
        }
        const uint32_t ubr = Count(served, 1);
        const double share = static_cast<double>(ubr) / n;
        NS_TEST_ASSERT_MSG_EQ_TOL(share, m_gr, 0.01 * m_gr, "UBR share within 1 % of GR");
        NS_TEST_ASSERT_MSG_EQ(ubr, m_expected, "exact count: no floating-point drift");
        NS_TEST_ASSERT_MSG_EQ(Count(served, 0), n - m_expected, "VBR takes the rest");
        NS_TEST_ASSERT_MSG_EQ(creditBelowOneCell, true, "carried credit stays below one cell");
    }

    double m_gr;         //!< GR
    uint32_t m_expected; //!< expected UBR cells
};

/**
 * @ingroup atm-tests
 * @brief The exact service order for GR = 1/4 and GR = 9/10.
 */
class GrPatternTestCase : public TestCase
{
  public:
    GrPatternTestCase()
        : TestCase("GR=0.25 serves V V V U repeatedly; GR=0.9 serves V then nine U per ten slots "
                   "(capping the credit before comparing would "
                   "give U one slot in two)")
    {
    }

  private:
    void DoRun() override
    {
        {
            AtmPortState s = ClassState({AtmServiceCategory::RT_VBR, AtmServiceCategory::UBR});
            SchedulerDriver port(MakeGr(0.25), s);
            port.Enqueue(0, 20);
            port.Enqueue(1, 20);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(12)),
                                  "0 0 0 1 0 0 0 1 0 0 0 1",
                                  "credit 0.25, 0.5, 0.75, 1: every fourth slot is UBR");
        }
        {
            AtmPortState s = ClassState({AtmServiceCategory::RT_VBR, AtmServiceCategory::UBR});
            SchedulerDriver port(MakeGr(0.9), s);
            port.Enqueue(0, 40);
            port.Enqueue(1, 40);
            // Credit before each slot's payment: 0.9, 1.8, 1.7, ..., 1.0, then 0.9 again.
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(21)),
                                  "0 1 1 1 1 1 1 1 1 1 0 1 1 1 1 1 1 1 1 1 0",
                                  "nine UBR cells in every ten slots");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Unused capacity of either class goes to the other, and no credit is banked.
 */
class GrWorkConservingTestCase : public TestCase
{
  public:
    GrWorkConservingTestCase()
        : TestCase("GR is work-conserving: with VBR empty UBR gets every slot without banking "
                   "credit, with UBR empty VBR gets every slot and no credit accrues")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = ClassState({AtmServiceCategory::RT_VBR, AtmServiceCategory::UBR});
        Ptr<GuaranteedRateCellScheduler> gr = MakeGr(0.5);
        SchedulerDriver port(gr, s);
        port.Enqueue(1, 8);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(5)), "1 1 1 1 1", "VBR empty: UBR only");
        NS_TEST_ASSERT_MSG_EQ(gr->GetCreditParts(), 0U, "every UBR cell paid its credit");
        port.Enqueue(0, 8);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(4)),
                              "0 1 0 1",
                              "VBR returns: the alternation starts from zero credit");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(20)),
                              "0 1 0 0 0 0 0",
                              "UBR's last cell, then VBR gets every slot");
        NS_TEST_ASSERT_MSG_EQ(gr->GetCreditParts(), 0U, "no credit while UBR is empty");
    }
};

/**
 * @ingroup atm-tests
 * @brief Held (ineligible) queues are skipped and do not earn credit.
 */
class GrHeldQueueTestCase : public TestCase
{
  public:
    GrHeldQueueTestCase()
        : TestCase("GR skips held queues: a held VBR queue leaves every slot to UBR, a held UBR "
                   "queue earns no credit, and a held UBR queue among several keeps its turn")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        {
            AtmPortState s = ClassState({C::RT_VBR, C::UBR});
            Ptr<GuaranteedRateCellScheduler> gr = MakeGr(0.25);
            SchedulerDriver port(gr, s);
            port.Enqueue(0, 10);
            port.Enqueue(1, 10);
            s.SetQueueMaySend(0, false);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(3)), "1 1 1", "VBR held: UBR every slot");
            s.SetQueueMaySend(0, true);
            s.SetQueueMaySend(1, false);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(6)), "0 0 0 0 0 0", "UBR held: VBR only");
            NS_TEST_ASSERT_MSG_EQ(gr->GetCreditParts(), 0U, "no credit while held");
            s.SetQueueMaySend(1, true);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(4)), "0 0 0 1", "fresh GR = 1/4 cycle");
        }
        {
            // Three UBR queues (PER_VC), VBR empty: round robin; queue 2 held keeps its turn.
            AtmPortState s = ClassState({C::RT_VBR, C::UBR, C::UBR, C::UBR});
            SchedulerDriver port(MakeGr(0.5), s);
            port.Enqueue(1, 5);
            port.Enqueue(2, 5);
            port.Enqueue(3, 5);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(3)), "1 2 3", "one cell each");
            s.SetQueueMaySend(2, false);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(4)), "1 3 1 3", "queue 2 skipped");
            s.SetQueueMaySend(2, true);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(3)), "2 1 3", "queue 2 first on release");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Guaranteed slots rotate among several UBR queues; the other classes keep priority
 * order between them.
 */
class GrClassesTestCase : public TestCase
{
  public:
    GrClassesTestCase()
        : TestCase("GR=0.5 rotates its UBR slots round robin over three UBR queues, orders the "
                   "other classes CBR before nrt-VBR, and a GuaranteedCategory of ABR puts UBR "
                   "above it")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        {
            AtmPortState s = ClassState({C::RT_VBR, C::UBR, C::UBR, C::UBR});
            SchedulerDriver port(MakeGr(0.5), s);
            port.Enqueue(0, 10);
            port.Enqueue(1, 2);
            port.Enqueue(2, 2);
            port.Enqueue(3, 2);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(8)), "0 1 0 2 0 3 0 1", "UBR slots rotate");
        }
        {
            AtmPortState s = ClassState({C::UBR, C::NRT_VBR, C::CBR});
            SchedulerDriver port(MakeGr(0.5), s);
            port.Enqueue(0, 2);
            port.Enqueue(1, 2);
            port.Enqueue(2, 2);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(10)),
                                  "2 0 2 0 1 1",
                                  "CBR, then nrt-VBR once CBR is empty; UBR every other slot");
        }
        {
            AtmPortState s = ClassState({C::ABR, C::UBR});
            Ptr<GuaranteedRateCellScheduler> gr = MakeGr(0.25);
            gr->SetAttribute("GuaranteedCategory", StringValue("ABR"));
            SchedulerDriver port(gr, s);
            port.Enqueue(0, 10);
            port.Enqueue(1, 10);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(8)),
                                  "1 1 1 0 1 1 1 0",
                                  "ABR guaranteed a quarter, UBR above it");
        }
        {
            AtmPortState s = ClassState({C::CBR, C::UBR});
            SchedulerDriver port(MakeGr(1.0), s);
            port.Enqueue(0, 3);
            port.Enqueue(1, 3);
            NS_TEST_ASSERT_MSG_EQ(JoinIds(port.Drain(6)), "1 1 1 0 0 0", "GR=1: UBR first");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief CreditCap >= 1 does not change any decision.
 */
class GrCreditCapTestCase : public TestCase
{
  public:
    GrCreditCapTestCase()
        : TestCase("CreditCap 1 and 5 give identical decisions for GR=0.9 and GR=0.3 over 1,000 "
                   "backlogged slots (the cap applies to the carried credit, which stays below 1)")
    {
    }

  private:
    void DoRun() override
    {
        for (double rate : {0.9, 0.3})
        {
            std::vector<std::string> orders;
            for (double cap : {1.0, 5.0})
            {
                AtmPortState s =
                    ClassState({AtmServiceCategory::RT_VBR, AtmServiceCategory::UBR}, 3000);
                Ptr<GuaranteedRateCellScheduler> gr = MakeGr(rate);
                gr->SetAttribute("CreditCap", DoubleValue(cap));
                SchedulerDriver port(gr, s);
                port.Enqueue(0, 1001);
                port.Enqueue(1, 1001);
                orders.push_back(JoinIds(port.Drain(1000)));
            }
            NS_TEST_ASSERT_MSG_EQ(orders[0], orders[1], "GR=" << rate);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief GR = 0 decides exactly as PriorityCellScheduler.
 */
class GrZeroIsPriorityTestCase : public TestCase
{
  public:
    GrZeroIsPriorityTestCase()
        : TestCase("GR=0 selects the same queue as PriorityCellScheduler in every slot of a "
                   "20,000-event random sequence (arrivals on 11 VCs in 7 queues of every "
                   "category, one UBR queue, may-send toggles)")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t nQueues = 7;
        std::vector<AtmServiceCategory> categories;
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            categories.push_back(static_cast<AtmServiceCategory>(q % 6)); // queue 5 is UBR
        }
        AtmPortState a(60);
        AtmPortState b(60);
        for (AtmPortState* s : {&a, &b})
        {
            for (AtmServiceCategory c : categories)
            {
                s->AddQueue(c);
            }
            for (uint32_t vc = 0; vc < 11; ++vc)
            {
                s->AddVc(categories[vc % nQueues], vc % nQueues);
            }
        }
        SchedulerDriver gr(MakeGr(0.0), a);
        SchedulerDriver prio(CreateObject<PriorityCellScheduler>(), b);
        std::mt19937 rng(4242);
        uint32_t slots = 0;
        uint32_t differences = 0;
        uint32_t ubrServed = 0;
        for (uint32_t step = 0; step < 20000; ++step)
        {
            const uint32_t r = rng() % 20;
            if (r < 9)
            {
                const uint32_t vc = rng() % 11;
                if (a.GetCellsInBuffer() < a.GetBufferCells())
                {
                    gr.Enqueue(vc);
                    prio.Enqueue(vc);
                }
            }
            else if (r < 11)
            {
                const uint32_t q = rng() % nQueues;
                a.SetQueueMaySend(q, !a.GetQueueMaySend(q));
                b.SetQueueMaySend(q, !b.GetQueueMaySend(q));
            }
            else
            {
                const std::optional<uint32_t> x = gr.Slot();
                const std::optional<uint32_t> y = prio.Slot();
                differences += (x != y) ? 1 : 0;
                ubrServed += (x && *x == 5) ? 1 : 0;
                ++slots;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(differences,
                              0U,
                              "selections differ in some of " << slots << " slots");
        NS_TEST_ASSERT_MSG_GT(ubrServed, 100U, "UBR is served when the others are idle or held");
    }
};

/**
 * @ingroup atm-tests
 * @brief The scheduler inside an AtmOutputPort with per-class queues.
 */
class GrOutputPortTestCase : public TestCase
{
  public:
    GrOutputPortTestCase()
        : TestCase("An AtmOutputPort with PER_CLASS queues and GR=0.25, both VCs kept backlogged, "
                   "sends exactly 250 UBR cells in 1,000 Dequeue() calls; ledgers hold")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
        port->SetAttribute("BufferCells", UintegerValue(100));
        port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_CLASS));
        port->SetAttribute("CellScheduler", PointerValue(MakeGr(0.25)));
        const uint32_t vbr = port->AddVc(AtmServiceCategory::RT_VBR);
        const uint32_t ubr = port->AddVc(AtmServiceCategory::UBR);
        for (uint32_t i = 0; i < 20; ++i)
        {
            port->Receive(MakePduCell(vbr, 0, 1), vbr);
            port->Receive(MakePduCell(ubr, 0, 1), ubr);
        }
        uint32_t ubrSent = 0;
        for (uint32_t i = 0; i < 1000; ++i)
        {
            const std::optional<AtmCell> cell = port->Dequeue(Seconds(0));
            NS_TEST_ASSERT_MSG_EQ(cell.has_value(), true, "slot " << i);
            ubrSent += (cell->vc == ubr) ? 1 : 0;
            port->Receive(MakePduCell(cell->vc, 0, 1), cell->vc); // keep the class backlogged
        }
        NS_TEST_ASSERT_MSG_EQ(ubrSent, 250U, "GR x N UBR cells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vbr).cellsDeparted, 750U, "VBR takes the rest");
        for (uint32_t vc : {vbr, ubr})
        {
            const AtmPortVcStats& st = port->GetVcStats(vc);
            NS_TEST_ASSERT_MSG_EQ(st.cellsArrived,
                                  st.cellsDeparted + port->GetVcCellsInQueue(vc) + st.cellsDropped,
                                  "ledger of VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 20U, "still backlogged");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-guaranteed-rate-cell-scheduler test suite.
 */
class GuaranteedRateCellSchedulerTestSuite : public TestSuite
{
  public:
    GuaranteedRateCellSchedulerTestSuite()
        : TestSuite("atm-guaranteed-rate-cell-scheduler", ATM_SUITE_UNIT)
    {
        AddTestCase(new GrDefaultsTestCase, ATM_TEST_QUICK);
        // floor(10,000 x GR), by hand.
        AddTestCase(new GrShareTestCase(0.0, 0), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(0.1, 1000), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(0.25, 2500), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(0.5, 5000), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(0.9, 9000), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(0.3, 3000), ATM_TEST_QUICK);
        AddTestCase(new GrShareTestCase(1.0, 10000), ATM_TEST_QUICK);
        AddTestCase(new GrPatternTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrWorkConservingTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrHeldQueueTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrClassesTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrCreditCapTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrZeroIsPriorityTestCase, ATM_TEST_QUICK);
        AddTestCase(new GrOutputPortTestCase, ATM_TEST_QUICK);
    }
};

static GuaranteedRateCellSchedulerTestSuite
    g_guaranteedRateCellSchedulerTestSuite; //!< static instance registering the suite
