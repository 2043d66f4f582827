/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * AtmErica (ERICA, ATM Forum/96-1172; Kalyanaraman's thesis, ch. 6 and appendix C): the ER it
 * gives backward RM cells for hand-built load states on a 100,000 cells/s port with 1 ms
 * averaging intervals (rates in forward RM cells chosen exact in the 16-bit RM format), and the
 * loop it closes through a switch.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-erica.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief Overload (E1): U = 0.9, 10 CBR cells and 100 ABR cells of four VCs in 1 ms:
 *        ABRCap = 0.9 x 100,000 - 10,000 = 80,000 (U multiplies the link rate only), z = 1.25,
 *        FairShare = 20,000. A VC with CCR 40,000 gets 40,000 / 1.25 = 32,000; one with CCR
 *        10,000 gets FairShare, and a backward RM cell already carrying 15,000 keeps it (ER is
 *        only ever lowered).
 */
class AtmEricaOverloadTestCase : public TestCase
{
  public:
    AtmEricaOverloadTestCase()
        : TestCase("ERICA overload: ABRCap = U x link - CBR, VCShare = CCR over z, FairShare floor")
    {
    }

  private:
    void DoRun() override
    {
        EricaBench b(0.9);
        b.Feed(0, 40, Time(0), 40000);
        b.Feed(1, 20, Time(0), 10000);
        b.Feed(2, 20, Time(0));
        b.Feed(3, 20, Time(0));
        b.Feed(4, 10, Time(0));
        const Time t = MicroSeconds(1500);
        const double er0 = b.erica->ComputeEr(0, t);
        NS_TEST_ASSERT_MSG_EQ_TOL(er0, 32000, 1e-6, "VC with CCR 40,000");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetAbrCapacity(), 80000, 1e-6, "ABRCap");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(), 1.25, 1e-12, "z");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetActiveVcs(), 4, 1e-12, "active VCs");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetFairShare(), 20000, 1e-6, "FairShare");
        const double er1 = b.erica->ComputeEr(1, t);
        NS_TEST_ASSERT_MSG_EQ_TOL(er1, 20000, 1e-6, "VC with CCR 10,000");
        AtmRmFields brm;
        brm.Set(AtmRmFields::DIR, true);
        brm.er = AtmRmRate::Encode(15000);
        b.erica->ProcessBackwardRm(1, brm, t);
        NS_TEST_ASSERT_MSG_EQ(brm.er, AtmRmRate::Encode(15000), "never raised");
        brm.er = AtmRmRate::Encode(100000);
        b.erica->ProcessBackwardRm(0, brm, t);
        NS_TEST_ASSERT_MSG_EQ(brm.er, AtmRmRate::Encode(32000), "lowered to 32,000");
    }
};

/**
 * @ingroup atm-tests
 * @brief Underload, the max-min step and fair share first (E2): U = 0.9, 60 ABR cells of three
 *        VCs per 1 ms: ABRCap 90,000, z = 2/3, FairShare 30,000. In interval 1 the VC with CCR
 *        32,768 gets 49,152 (CCR / z; MaxAllocPrevious 0 after the start), which becomes
 *        MaxAllocPrevious for interval 2: there the VC with CCR 20,000 would get 49,152 but is
 *        below FairShare, so it gets 30,000; the VC with CCR 36,864 gets 55,296.
 */
class AtmEricaUnderloadTestCase : public TestCase
{
  public:
    AtmEricaUnderloadTestCase()
        : TestCase("ERICA underload: MaxAllocPrevious, fair share first, VCShare above it")
    {
    }

  private:
    void DoRun() override
    {
        EricaBench c(0.9);
        c.Feed(0, 20, Time(0), 20000);
        c.Feed(1, 20, Time(0), 36864);
        c.Feed(2, 20, Time(0), 32768);
        const double er2 = c.erica->ComputeEr(2, MicroSeconds(1000));
        NS_TEST_ASSERT_MSG_EQ_TOL(er2, 49152, 1e-6, "interval 1: CCR / z");
        NS_TEST_ASSERT_MSG_EQ_TOL(c.erica->GetLoadFactor(), 2.0 / 3, 1e-12, "z");
        c.Feed(0, 20, MilliSeconds(1), 20000);
        c.Feed(1, 20, MilliSeconds(1), 36864);
        c.Feed(2, 20, MilliSeconds(1), 32768);
        const Time t = MicroSeconds(2500);
        const double er3 = c.erica->ComputeEr(0, t);
        NS_TEST_ASSERT_MSG_EQ_TOL(er3, 30000, 1e-6, "fair share first");
        const double er4 = c.erica->ComputeEr(1, t);
        NS_TEST_ASSERT_MSG_EQ_TOL(er4, 55296, 1e-6, "CCR / z above it");
        const double er5 = c.erica->ComputeEr(2, t);
        NS_TEST_ASSERT_MSG_EQ_TOL(er5, 49152, 1e-6, "MaxAllocPrevious");
        c.erica->SetAttribute("FairShareFirst", BooleanValue(false));
        c.Feed(0, 20, MilliSeconds(2), 20000);
        c.Feed(1, 20, MilliSeconds(2), 36864);
        c.Feed(2, 20, MilliSeconds(2), 32768);
        const double er6 = c.erica->ComputeEr(0, MicroSeconds(3500));
        NS_TEST_ASSERT_MSG_EQ_TOL(er6, 55296, 1e-6, "without fair share first: MaxAllocPrevious");
    }
};

/**
 * @ingroup atm-tests
 * @brief Boundaries: with U = 1, 105 ABR cells in 1 ms (z = 1.05 <= 1.1) is underload and 120
 *        (z = 1.2) overload; CBR load at U x link leaves ABRCap 0 and ER 0; an idle interval
 *        leaves one active VC and ER = FairShare = ABRCap; OneFeedbackPerInterval reuses a VC's
 *        ER within the interval even after its CCR changed.
 */
class AtmEricaBoundaryTestCase : public TestCase
{
  public:
    AtmEricaBoundaryTestCase()
        : TestCase("ERICA boundaries: overload threshold, no ABR capacity, idle port, one "
                   "feedback per interval")
    {
    }

  private:
    void DoRun() override
    {
        {
            EricaBench b(1);
            b.Feed(0, 55, Time(0), 65536);
            b.Feed(1, 50, Time(0));
            // z = 1.05: underload; FairShare 50,000, VCShare 62,415.2, MaxAllocPrevious 0.
            const double er7 = b.erica->ComputeEr(0, MicroSeconds(1500));
            NS_TEST_ASSERT_MSG_EQ_TOL(er7, 65536 / 1.05, 1e-6, "z = 1.05");
        }
        {
            EricaBench b(1);
            b.Feed(0, 60, Time(0), 65536);
            b.Feed(1, 60, Time(0));
            const double er8 = b.erica->ComputeEr(0, MicroSeconds(1500));
            NS_TEST_ASSERT_MSG_EQ_TOL(er8, 65536 / 1.2, 1e-6, "z = 1.2");
        }
        {
            EricaBench b(0.9);
            b.Feed(0, 10, Time(0), 65536);
            b.Feed(4, 90, Time(0));
            const double er9 = b.erica->ComputeEr(0, MicroSeconds(1500));
            NS_TEST_ASSERT_MSG_EQ(er9, 0, "no capacity");
            AtmRmFields brm;
            brm.Set(AtmRmFields::DIR, true);
            brm.er = AtmRmRate::Encode(100000);
            b.erica->ProcessBackwardRm(0, brm, MicroSeconds(1600));
            NS_TEST_ASSERT_MSG_EQ(brm.er, 0, "ER 0");
        }
        {
            EricaBench b(0.9);
            b.Feed(0, 10, Time(0), 65536);
            // Intervals 1 and 2 idle: at 2.5 ms the last completed one (1) had no ABR cell.
            const double er10 = b.erica->ComputeEr(0, MicroSeconds(2500));
            NS_TEST_ASSERT_MSG_EQ_TOL(er10, 90000, 1e-6, "idle: FairShare = ABRCap");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetActiveVcs(), 1, 1e-12, "one VC counted");
        }
        {
            EricaBench b(0.9);
            b.Feed(0, 40, Time(0), 40000);
            b.Feed(1, 20, Time(0));
            b.Feed(2, 20, Time(0));
            b.Feed(3, 20, Time(0));
            b.Feed(4, 10, Time(0));
            const double er11 = b.erica->ComputeEr(0, MicroSeconds(1200));
            NS_TEST_ASSERT_MSG_EQ_TOL(er11, 32000, 1e-6, "first feedback");
            b.Feed(0, 1, MicroSeconds(1300), 8192); // a new CCR in the same interval
            const double er12 = b.erica->ComputeEr(0, MicroSeconds(1400));
            NS_TEST_ASSERT_MSG_EQ_TOL(er12, 32000, 1e-6, "the same interval: the same ER");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The averaging options (LoadAveragingWeight 0.5, ActiveVcDecay 0.25; U = 0.9, ABRCap
 *        90,000). Interval 0: 25 cells from each of VCs 0-3 (input 100,000, the first sample
 *        taken as is; N = 4). Interval 1: 25 cells from VCs 0 and 1 only: input 0.5 x 50,000 +
 *        0.5 x 100,000 = 75,000, z = 5/6, N = 2 + 2 x 0.25 = 2.5, FairShare 36,000. Then 12 idle
 *        intervals: the input halves each time (75,000 / 2^12) and N falls to its floor 1.
 */
class AtmEricaAveragingTestCase : public TestCase
{
  public:
    AtmEricaAveragingTestCase()
        : TestCase("ERICA averaging: input rate (alpha) and active VCs (decay) across intervals")
    {
    }

  private:
    void DoRun() override
    {
        EricaBench b(0.9);
        b.erica->SetAttribute("LoadAveragingWeight", DoubleValue(0.5));
        b.erica->SetAttribute("ActiveVcDecay", DoubleValue(0.25));
        for (uint32_t vc = 0; vc < 4; ++vc)
        {
            b.Feed(vc, 25, Time(0));
        }
        b.erica->ComputeEr(0, MicroSeconds(1500));
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(), 100000.0 / 90000, 1e-12, "z0");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetActiveVcs(), 4, 1e-12, "N0");
        b.Feed(0, 25, MilliSeconds(1));
        b.Feed(1, 25, MilliSeconds(1));
        b.erica->ComputeEr(0, MicroSeconds(2500));
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(), 75000.0 / 90000, 1e-12, "z1");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetActiveVcs(), 2.5, 1e-12, "N1");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetFairShare(), 36000, 1e-6, "FairShare1");
        b.erica->ComputeEr(0, MicroSeconds(14500));
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(),
                                  75000.0 / 4096 / 90000,
                                  1e-15,
                                  "z after 12 idle intervals");
        NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetActiveVcs(), 1, 1e-12, "N floor");
    }
};

/**
 * @ingroup atm-tests
 * @brief The per-VC CCR measurement option: U = 0.9, in 1 ms VC 0 sends 10 cells with CCR 80,000
 *        (a source below its ACR, as TCP in slow start) and VC 1 100 cells with CCR 20,000:
 *        ABRCap 90,000, z = 110,000 / 90,000 (overload), FairShare 45,000. From the CCR fields
 *        VC 0 gets 80,000 / z = 65,454.5 and VC 1 FairShare; with MeasuredCcr VC 0's measured
 *        10,000 cells/s gives 8181.8, so it gets FairShare, and VC 1's 100,000 gives 81,818.2.
 */
class AtmEricaMeasuredCcrTestCase : public TestCase
{
  public:
    AtmEricaMeasuredCcrTestCase()
        : TestCase("ERICA per-VC CCR measurement: VCShare from the rate measured at the port, "
                   "not the CCR field")
    {
    }

  private:
    void DoRun() override
    {
        const double z = 110000.0 / 90000;
        for (bool measured : {false, true})
        {
            EricaBench b(0.9);
            b.erica->SetAttribute("MeasuredCcr", BooleanValue(measured));
            b.Feed(0, 10, Time(0), 80000);
            b.Feed(1, 100, Time(0), 20000);
            const Time t = MicroSeconds(1500);
            const double er0 = b.erica->ComputeEr(0, t);
            const double er1 = b.erica->ComputeEr(1, t);
            NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetLoadFactor(), z, 1e-12, "z");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.erica->GetFairShare(), 45000, 1e-6, "FairShare");
            if (measured)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(er0, 45000, 1e-6, "measured 10,000: FairShare");
                NS_TEST_ASSERT_MSG_EQ_TOL(er1, 100000 / z, 1e-6, "measured 100,000 / z");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(er0, 80000 / z, 1e-6, "CCR field 80,000 / z");
                NS_TEST_ASSERT_MSG_EQ_TOL(er1, 45000, 1e-6, "CCR field 20,000: FairShare");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The loop closed by ERICA through a switch: A1, A2 -> switch -> B, every link 100,000
 *        cells/s and 100 us, one bidirectional ABR PVC from each Ai to B (PCR 100,000, MCR
 *        1000, ICR 5000 cells/s, RIF 1/16) with a greedy one-cell-SDU source; the port towards
 *        B runs AtmErica (U = 0.9, 1 ms intervals) and holds 1000 cells. The backward RM cells
 *        reach that port's ERICA through the pairing of the PVC's two directions and come back
 *        with ER near the fair share 45,000 cells/s: no cell is lost, the queue stays small,
 *        and each VC carries its half of 90 % of the link in the second 100 ms (within 10 %;
 *        forward RM cells take one in-rate cell in 32).
 */
class AtmEricaClosedLoopTestCase : public TestCase
{
  public:
    AtmEricaClosedLoopTestCase()
        : TestCase("ERICA through a switch: backward RM cells lowered to the fair share, no "
                   "loss, the bottleneck shared")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmErica> erica = CreateObject<AtmErica>();
        erica->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(1)));
        erica->SetAttribute("TargetUtilization", DoubleValue(0.9));
        AbrFanIn net(erica);
        net.Run(MilliSeconds(200), MilliSeconds(100));
        NS_TEST_ASSERT_MSG_EQ(net.GetBottleneck()->GetStats().cellsDropped, 0U, "no loss");
        NS_TEST_ASSERT_MSG_LT(net.GetMaxQueue(), 300U, "small queue");
        for (uint32_t i = 0; i < 2; ++i)
        {
            const double rate = static_cast<double>(net.GetDelivered(i, true)) / 0.1;
            NS_TEST_ASSERT_MSG_EQ_TOL(rate, 45000 * 31.0 / 32, 4500, "VC " << i << " cells/s");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The ERICA suite.
 */
class AtmEricaTestSuite : public TestSuite
{
  public:
    AtmEricaTestSuite()
        : TestSuite("atm-erica", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmEricaOverloadTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaUnderloadTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaBoundaryTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaAveragingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaMeasuredCcrTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEricaClosedLoopTestCase, ATM_TEST_QUICK);
    }
};

static AtmEricaTestSuite g_atmEricaTestSuite; //!< static instance registering the suite
