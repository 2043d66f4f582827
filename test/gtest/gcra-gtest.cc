/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the GCRA family (ITU-T I.371, TM 4.0/4.1; BON) without the ns-3 test
 * framework: the exact time type, hand-computed burst tolerances (TEN34's FORE UPC contract), the
 * burst formulas, and death tests pinning the abort messages of invalid configurations (value and
 * fix named).
 */

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/dual-gcra.h"
#include "ns3/frame-gcra.h"
#include "ns3/gcra-leaky-bucket.h"
#include "ns3/gcra.h"
#include "ns3/gfr-token-bucket.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>

using namespace ns3;

namespace
{

/// @return a time of @p ns nanoseconds
Time
Ns(int64_t ns)
{
    return Time(ns);
}

TEST(GcraExactTime, HoldsCellTimesExactly)
{
    ASSERT_EQ(Time::GetResolution(), Time::NS);
    // 1/61000 s = 1e9/61000 = 1e6/61 ns; OC3c 53e9/18720000 = 331250/117 ns; E3 12500 ns.
    const AtmExactTime i61k = AtmExactTime::CellTime(AtmCellRate(61000));
    EXPECT_EQ(i61k.GetUnits(), 1000000);
    EXPECT_EQ(i61k.GetUnitsPerStep(), 61U);
    const AtmExactTime oc3 = AtmExactTime::CellTime(AtmCellRate(18720000, 53));
    EXPECT_EQ(oc3, AtmExactTime::FromUnits(331250, 117));
    EXPECT_EQ(AtmExactTime::CellTime(AtmCellRate(80000)), AtmExactTime(Ns(12500)));
    // 16393.44 ns: floor 16393, ceil 16394, round 16393; OC3c 2831.197: 2831, 2832, 2831.
    EXPECT_EQ(i61k.Floor(), Ns(16393));
    EXPECT_EQ(i61k.Ceil(), Ns(16394));
    EXPECT_EQ(i61k.Round(), Ns(16393));
    EXPECT_EQ(oc3.Round(), Ns(2831));
    EXPECT_EQ(oc3.Ceil(), Ns(2832));
    // Negative values round towards -infinity / +infinity; halves round up.
    EXPECT_EQ(AtmExactTime::FromUnits(-5, 2).Floor(), Ns(-3));
    EXPECT_EQ(AtmExactTime::FromUnits(-5, 2).Ceil(), Ns(-2));
    EXPECT_EQ(AtmExactTime::FromUnits(-5, 2).Round(), Ns(-2));
    EXPECT_EQ(AtmExactTime::FromUnits(5, 2).Round(), Ns(3));
    // 61 x (1/61000 s) = 1 ms exactly; the difference of two cell times, reduced.
    EXPECT_EQ(i61k * 61, AtmExactTime(MicroSeconds(1000)));
    EXPECT_EQ(i61k - oc3, AtmExactTime::FromUnits(1000000LL * 117 - 331250LL * 61, 7137));
    EXPECT_EQ(oc3 + oc3 - oc3, oc3);
    EXPECT_LT(oc3, i61k);
    EXPECT_GT(AtmExactTime(Ns(16394)), i61k);
    EXPECT_LE(AtmExactTime(Ns(16393)), i61k);
    EXPECT_EQ(AtmExactTime::FromUnits(6, 4), AtmExactTime::FromUnits(3, 2));
    EXPECT_EQ(AtmExactTime::FromUnits(0, 7).GetUnitsPerStep(), 1U);
    EXPECT_EQ(i61k.GetUnitsIn(122), 2000000);
    std::ostringstream os;
    os << i61k << ", " << AtmExactTime(Ns(-3));
    EXPECT_EQ(os.str(), "1000000/61 steps, -3 steps");
    EXPECT_NEAR(i61k.GetSeconds(), 1.0 / 61000, 1e-18);
}

TEST(GcraBurstTolerance, Ten34ForeUpcContractByHand)
{
    // TEN34's FORE UPC: PCR 15625 cells/s (64 us), SCR 5208 cells/s (1e9/5208 =
    // 125000000/651 = 192012.2888 ns), MBS 30:
    // tau_S = 29 (125000000/651 - 64000) = 29 x 83336000/651 = 2416744000/651 ns
    //       = 3712356.37 ns, rounded up to 3712357 ns.
    const AtmCellRate pcr(15625);
    const AtmCellRate scr(5208);
    EXPECT_EQ(Gcra::ExactBurstTolerance(pcr, scr, 30), AtmExactTime::FromUnits(2416744000LL, 651));
    EXPECT_EQ(Gcra::BurstTolerance(pcr, scr, 30), Ns(3712357));
    EXPECT_EQ(Gcra::BurstTolerance(pcr, scr, 30, MicroSeconds(100)), Ns(3812357));
    // MBS 1 or SCR = PCR: tau_S = tau_SCR.
    EXPECT_EQ(Gcra::BurstTolerance(pcr, scr, 1), Time(0));
    EXPECT_EQ(Gcra::BurstTolerance(pcr, pcr, 30, Ns(5)), Ns(5));
    // The same contract in a DualGcra keeps tau_S exact in a unit of 1/651 ns.
    const DualGcra d(pcr, Time(0), scr, 30);
    EXPECT_EQ(d.GetExactBurstTolerance(), AtmExactTime::FromUnits(2416744000LL, 651));
    EXPECT_EQ(d.GetBurstTolerance(), Ns(3712357));
    EXPECT_EQ(d.GetScrGcra().GetUnitsPerStep(), 651U);
    EXPECT_EQ(d.GetPcrGcra().GetUnitsPerStep(), 1U);
    EXPECT_EQ(d.GetUpdateMode(), DualGcra::BON);
}

TEST(GcraBurstFormulas, MaxBurstCellsAndAbsorbedBurst)
{
    // BON campaign 1: UPC 61000 cells/s (16393 ns), CDVT 101 us, cells spaced 15.50 us:
    // 1 + floor(101000 / 893) = 1 + 113 = 114.
    EXPECT_EQ(Gcra::MaxBurstCells(Ns(16393), MicroSeconds(101), Ns(15500)), 114U);
    EXPECT_EQ(Gcra::MaxBurstCells(Ns(100), Ns(300), Ns(0)), 4U);
    EXPECT_EQ(Gcra::MaxBurstCells(Ns(100), Ns(0), Ns(99)), 1U);
    EXPECT_EQ(Gcra::MaxBurstCells(Ns(100), Ns(0), Ns(100)), std::numeric_limits<uint32_t>::max());
    EXPECT_EQ(Gcra::MaxBurstCells(Ns(100), Seconds(1000), Ns(99)),
              std::numeric_limits<uint32_t>::max());
    // 16 cells drained every 4 us, filled every 2 us: 16 x 4 / 2 = 32 cells.
    EXPECT_DOUBLE_EQ(Gcra::MaxAbsorbedBurst(16, Ns(2000), Ns(4000)), 32.0);
    EXPECT_EQ(Gcra::MaxAbsorbedBurst(16, Ns(4000), Ns(2000)),
              std::numeric_limits<double>::infinity());
}

TEST(GcraDecisions, BothFormsAndTheFamilyAgreeOnAShortSequence)
{
    // GCRA(10 us, 3 us): 0 C (TAT 10), 5 N, 7 C (boundary, TAT 20), 16 N, 17 C (TAT 30).
    Gcra vs(MicroSeconds(10), MicroSeconds(3));
    GcraLeakyBucket lb(MicroSeconds(10), MicroSeconds(3));
    const int64_t at[] = {0, 5, 7, 16, 17};
    const bool expected[] = {true, false, true, false, true};
    for (int i = 0; i < 5; ++i)
    {
        EXPECT_EQ(vs.Conforms(MicroSeconds(at[i])), expected[i]) << at[i];
        EXPECT_EQ(lb.Conforms(MicroSeconds(at[i])), expected[i]) << at[i];
    }
    EXPECT_EQ(vs.GetTat(), MicroSeconds(30));
    EXPECT_EQ(vs.GetExactTat(), AtmExactTime(MicroSeconds(30)));
    EXPECT_EQ(lb.GetLastConformanceTime(), MicroSeconds(17));
    EXPECT_EQ(DualGcra::GetResultName(DualGcra::NON_CONFORMING_SCR),
              std::string("NON_CONFORMING_SCR"));
    GfrTokenBucket b(AtmCellRate(100000), 4);
    EXPECT_EQ(b.GetMbs(), 4U);
    EXPECT_EQ(b.GetTimerStart(), GfrTokenBucket::ON_ANY_CELL);
    EXPECT_TRUE(b.Arrive(Time(0), true, false));
    EXPECT_FALSE(b.Arrive(Ns(1), true, true)); // CLP=1 PDU
    EXPECT_EQ(b.GetTokens(), 3);
}

TEST(GcraDeathTest, ConfigurationErrorsNameTheValueAndTheFix)
{
    EXPECT_DEATH(Gcra().Conforms(Time(0)), "Gcra: used before it was configured; construct it");
    EXPECT_DEATH(Gcra(Time(0), Time(0)), "increment I = \\+0(\\.0)?ns is not positive; give I");
    EXPECT_DEATH(Gcra(Ns(10), Ns(-1)), "limit L = -1(\\.0)?ns is negative; give L >= 0");
    EXPECT_DEATH(Gcra(AtmCellRate(), Time(0)), "Gcra: the rate is not configured \\(zero\\)");
    EXPECT_DEATH(Gcra(AtmCellRate(80000), Ns(-2)), "Gcra \\(80000 cells/s\\): limit L = -2");
    EXPECT_DEATH(Gcra(AtmExactTime(), AtmExactTime()), "increment I = 0 steps .* not positive");
    EXPECT_DEATH(GcraLeakyBucket(Ns(-10), Time(0)), "GcraLeakyBucket: increment I = -10");
    EXPECT_DEATH(GcraLeakyBucket().Conforms(Time(0)), "GcraLeakyBucket: used before it was");
    EXPECT_DEATH(Gcra::BurstTolerance(AtmCellRate(2000), AtmCellRate(10000), 5),
                 "SCR = 10000 cells/s exceeds PCR = 2000 cells/s; give SCR <= PCR");
    EXPECT_DEATH(Gcra::BurstTolerance(AtmCellRate(10000), AtmCellRate(2000), 0),
                 "MBS = 0 cells; the maximum burst size is at least 1 cell");
    EXPECT_DEATH(Gcra::MaxBurstCells(Time(0), Time(0), Time(0)),
                 "I = \\+0(\\.0)?ns is not positive");
    EXPECT_DEATH(AtmExactTime::FromUnits(1, 0), "0 sub-steps per time step");
}

TEST(GcraDeathTest, DualGcraContractErrors)
{
    EXPECT_DEATH(DualGcra(AtmCellRate(2000), Time(0), AtmCellRate(10000), 5),
                 "DualGcra: SCR = 10000 cells/s exceeds PCR = 2000 cells/s; give SCR <= PCR");
    EXPECT_DEATH(DualGcra(AtmCellRate(10000), Time(0), AtmCellRate(2000), 0),
                 "MBS = 0 cells; the maximum burst size is at least 1 cell");
    EXPECT_DEATH(DualGcra(AtmCellRate(), Time(0), AtmCellRate(2000), 5),
                 "DualGcra: PCR is not configured \\(zero\\)");
    EXPECT_DEATH(DualGcra(AtmCellRate(10000), Time(0), AtmCellRate(), 5),
                 "DualGcra: SCR is not configured \\(zero\\)");
    EXPECT_DEATH(DualGcra(AtmCellRate(10000), Ns(-1), AtmCellRate(2000), 5),
                 "CDVT \\(tau_PCR\\) = -1(\\.0)?ns is negative");
    EXPECT_DEATH(DualGcra(AtmCellRate(10000), Time(0), AtmCellRate(2000), 5, Ns(-3)),
                 "tau_SCR = -3(\\.0)?ns is negative");
    EXPECT_DEATH(DualGcra(AtmCellRate(10000), Time(0), AtmCellRate(2000), Ns(-4)),
                 "burst tolerance tau_S = -4(\\.0)?ns is negative");
    EXPECT_DEATH(DualGcra().Police(Time(0), true, false),
                 "DualGcra: used before it was configured");
}

TEST(GcraDeathTest, GfrContractErrors)
{
    EXPECT_DEATH(FrameGcra(AtmCellRate(10000), AtmCellRate(2000), 5),
                 "FrameGcra: MCR = 10000 cells/s exceeds PCR = 2000 cells/s; give MCR <= PCR");
    EXPECT_DEATH(FrameGcra(AtmCellRate(2000), AtmCellRate(10000), 0), "MBS = 0 cells");
    EXPECT_DEATH(FrameGcra(AtmCellRate(), MicroSeconds(10)), "FrameGcra: MCR is not configured");
    EXPECT_DEATH(FrameGcra(AtmCellRate(2000), Ns(-1)), "tolerance f = -1(\\.0)?ns is negative");
    EXPECT_DEATH(FrameGcra(AtmCellRate(2000), AtmCellRate(10000), 5, Ns(-1)),
                 "tau_MCR = -1(\\.0)?ns is negative");
    EXPECT_DEATH(FrameGcra().Arrive(Time(0), true, false), "FrameGcra: used before it was");
    EXPECT_DEATH(GfrTokenBucket(AtmCellRate(), 5), "GfrTokenBucket: MCR is not configured");
    EXPECT_DEATH(GfrTokenBucket(AtmCellRate(2000), 0),
                 "MBS = 0 tokens; the bucket holds at least 1 cell");
    EXPECT_DEATH(GfrTokenBucket().Arrive(Time(0), true, false), "GfrTokenBucket: used before");
}

} // namespace
