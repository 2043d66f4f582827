/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * AtmEricaPlus (ERICA+, ATM Forum/95-1346 and /96-1172; queue control functions as analysed by
 * Vandalore et al., arXiv cs/9809041): the queue control function f(Q) against hand-computed
 * values, the target ABR capacity it gives from the queue at an interval's end, and the loop it
 * closes through a switch at full utilisation with a queue near its target.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-erica-plus.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief f(Q) with a 1.15, b 1.05, QDLF 0.5, T0 1 ms on 100,000 cells/s of ABR bandwidth
 *        (Q0 = 100 cells): f(0) = a, f(50) = 115 / 107.5, f(Q0) = 1, f(300) = 105 / 115, f(5000)
 *        = max(0.5, 105 / 350) = 0.5; with 90,000 cells/s Q0 = 90 and f(90) = 1; no ABR
 *        bandwidth gives 0; a = 1.5 gives f(0) = 1.5; T0 0.1 ms (Q0 = 10) and Q = 300 hit the
 *        floor (10.5 / 25 = 0.42 < QDLF).
 */
class AtmEricaPlusQueueControlTestCase : public TestCase
{
  public:
    AtmEricaPlusQueueControlTestCase()
        : TestCase("ERICA+ queue control function: a-curve, b-curve, QDLF floor, Q0 = T0 x ABR")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmEricaPlus> e = CreateObject<AtmEricaPlus>();
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(0, 100000), 1.15, 1e-12, "f(0) = a");
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(50, 100000),
                                  115 / 107.5,
                                  1e-12,
                                  "a-curve");
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(100, 100000), 1, 1e-12, "f(Q0) = 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(300, 100000),
                                  105.0 / 115,
                                  1e-12,
                                  "b-curve");
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(5000, 100000), 0.5, 1e-12, "QDLF");
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(90, 90000), 1, 1e-12, "Q0 = 90");
        NS_TEST_ASSERT_MSG_EQ(e->GetQueueControlFactor(0, 0), 0, "no ABR bandwidth");
        e->SetAttribute("QueueControlA", DoubleValue(1.5));
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(0, 100000), 1.5, 1e-12, "a = 1.5");
        e->SetAttribute("TargetQueueDelay", TimeValue(MicroSeconds(100)));
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(300, 100000), 0.5, 1e-12, "floor");
        e->SetAttribute("QueueDrainLimitFactor", DoubleValue(0.4));
        NS_TEST_ASSERT_MSG_EQ_TOL(e->GetQueueControlFactor(300, 100000),
                                  10.5 / 25,
                                  1e-12,
                                  "below a lower floor");
    }
};

/**
 * @ingroup atm-tests
 * @brief The target capacity from the queue at each interval's end, on the ERICA bench (100,000
 *        cells/s, 1 ms intervals, VCs 0-3 ABR, VC 4 CBR). Interval 0: 100 ABR cells (25 per VC,
 *        CCR 25,000 on VC 0), the last at 975 us with 302 cells buffered: 2.5 slots later 300
 *        remain, f = 105 / 115, ABRCap 91,304.35, z = 1.0952 (underload), ER = FairShare =
 *        VCShare = 22,826.09 (U = 0.9 plays no part). Interval 1: 8 CBR cells only, the last at
 *        1875 us: 290 cells at 2 ms, Q0 = T0 x 92,000 = 92, f = 96.6 / 106.5, ABRCap = f x
 *        92,000. Idle until 10 ms: the queue has drained, f(0) = 1.15, ABRCap = 115,000.
 */
class AtmEricaPlusCapacityTestCase : public TestCase
{
  public:
    AtmEricaPlusCapacityTestCase()
        : TestCase("ERICA+ target ABR capacity from the queue at the interval's end")
    {
    }

  private:
    void DoRun() override
    {
        EricaBench b(0.9, CreateObject<AtmEricaPlus>());
        b.Feed(0, 25, Time(0), 25000);
        b.Feed(1, 25, Time(0));
        b.Feed(2, 25, Time(0));
        b.Feed(3, 24, Time(0));
        for (uint32_t i = 0; i < 302; ++i)
        {
            b.state.OnEnqueue(0);
        }
        b.Feed(3, 1, MicroSeconds(975));
        const double er0 = b.erica->ComputeEr(0, MicroSeconds(1500));
        NS_TEST_ASSERT_MSG_EQ(b.erica->GetQueueAtIntervalEnd(), 300U, "2 slots drained");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetAbrCapacity(), 100000 * 105.0 / 115, 1e-6, "ABRCap");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(), 1.15 / 1.05, 1e-12, "z");
        NS_TEST_ASSERT_MSG_EQ_TOL(er0, 100000 * 105.0 / 115 / 4, 1e-6, "ER = FairShare");
        b.Feed(4, 8, MilliSeconds(1));
        const double er1 = b.erica->ComputeEr(0, MicroSeconds(2500));
        NS_TEST_ASSERT_MSG_EQ(b.erica->GetQueueAtIntervalEnd(), 290U, "12 slots drained");
        const double cap1 = 92000 * 96.6 / 106.5;
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetAbrCapacity(), cap1, 1e-6, "ABRCap with CBR");
        NS_TEST_ASSERT_MSG_EQ_TOL(er1, cap1, 1e-6, "no ABR cell: one VC, ER = ABRCap");
        b.erica->ComputeEr(0, MicroSeconds(10500));
        NS_TEST_ASSERT_MSG_EQ(b.erica->GetQueueAtIntervalEnd(), 0U, "drained");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetAbrCapacity(), 115000, 1e-6, "f(0) = a");
    }
};

/**
 * @ingroup atm-tests
 * @brief The loop ERICA+ closes through a switch (the fan-in of the ERICA and EFCI suites: two
 *        greedy ABR sources, 100,000 cells/s links, a 1000-cell bottleneck port; 1 ms intervals,
 *        T0 1 ms, so Q0 = 100 cells): unlike ERICA at U = 0.9 the link is used fully, each VC
 *        delivering half of 100,000 x 31/32 data cells/s in the second 100 ms (within 5 %;
 *        measured 48,390 and 48,380 of 48,438), with no loss and a queue held near Q0 (time
 *        average 139 cells, largest 189). The cell ledgers of both directions of both PVCs hold
 *        (RM cells are offered in data cells' slots and counted where the end system takes
 *        them).
 */
class AtmEricaPlusClosedLoopTestCase : public TestCase
{
  public:
    AtmEricaPlusClosedLoopTestCase()
        : TestCase("ERICA+ through a switch: full utilisation, queue near its target, no loss")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmEricaPlus> e = CreateObject<AtmEricaPlus>();
        e->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(1)));
        AbrFanIn net(e);
        net.Run(MilliSeconds(200), MilliSeconds(100));
        NS_TEST_ASSERT_MSG_EQ(net.GetBottleneck()->GetStats().cellsDropped, 0U, "no loss");
        for (uint32_t i = 0; i < 2; ++i)
        {
            const double rate = static_cast<double>(net.GetDelivered(i, true)) / 0.1;
            NS_TEST_ASSERT_MSG_EQ_TOL(rate, 50000 * 31.0 / 32, 2500, "VC " << i << " cells/s");
        }
        const double meanQueue = net.GetMeanQueueSinceSample();
        NS_TEST_ASSERT_MSG_GT(meanQueue, 25, "a standing queue (Q0 = 100)");
        NS_TEST_ASSERT_MSG_LT(meanQueue, 300, "near Q0");
        NS_TEST_ASSERT_MSG_LT(net.GetMaxQueue(), 1000U, "never full");
        // Cell conservation with RM cells in both directions, stopped with cells in flight.
        for (uint32_t i = 0; i < 2; ++i)
        {
            for (bool forward : {true, false})
            {
                const AtmVcLedger l = AtmPvcHelper::GetLedger(net.GetPvc(i), forward);
                NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "VC " << i << " " << forward << ": " << l);
                NS_TEST_ASSERT_MSG_GT(l.rmDelivered, 0U, "RM cells counted");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The ERICA+ suite.
 */
class AtmEricaPlusTestSuite : public TestSuite
{
  public:
    AtmEricaPlusTestSuite()
        : TestSuite("atm-erica-plus", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmEricaPlusQueueControlTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaPlusCapacityTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaPlusClosedLoopTestCase, ATM_TEST_QUICK);
    }
};

static AtmEricaPlusTestSuite g_atmEricaPlusTestSuite; //!< static instance registering the suite
