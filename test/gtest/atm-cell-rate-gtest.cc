/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the link cell rate (AtmCellRate parsing) and the exact cell clock
 * (AtmCellClock), without the ns-3 test framework or the simulator. Oracles: fractions reduced by
 * hand from the sources' link rates (BON, JAIN, SANDIA, TEN34, CRC), and slot times computed by
 * hand at nanosecond resolution.
 */

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <string>

using ns3::AtmCellClock;
using ns3::AtmCellRate;
using ns3::Time;

namespace
{

TEST(AtmCellRateParse, GivesTheExactPresetRates)
{
    const AtmCellRate oc3c = AtmCellRate::Parse("OC3c"); // 149760000/424
    EXPECT_EQ(oc3c.GetNumerator(), 18720000U);
    EXPECT_EQ(oc3c.GetDenominator(), 53U);
    EXPECT_NEAR(oc3c.GetCellsPerSecond(), 353207.5471698, 1e-6);
    EXPECT_EQ(AtmCellRate::Parse("sandia"), AtmCellRate(4000000, 11));
    EXPECT_EQ(AtmCellRate::Parse("E3"), AtmCellRate(80000));
    EXPECT_EQ(AtmCellRate::Parse("2E3"), AtmCellRate(160000)); // a preset, not 2000
    EXPECT_EQ(AtmCellRate::Parse("DS3"), AtmCellRate(96000));
    EXPECT_EQ(AtmCellRate::Parse("T3"), AtmCellRate(5625000, 53));
}

TEST(AtmCellRateParse, ReadsNumbersCellTimesAndBitRatesExactly)
{
    EXPECT_EQ(AtmCellRate::Parse("353207.5"), AtmCellRate(706415, 2));
    EXPECT_EQ(AtmCellRate::Parse("18720000/53"), AtmCellRate::Parse("OC3c"));
    EXPECT_EQ(AtmCellRate::Parse("12.5us"), AtmCellRate(80000));
    EXPECT_EQ(AtmCellRate::Parse("2.75us"), AtmCellRate(4000000, 11));
    EXPECT_EQ(AtmCellRate::Parse("149.76Mbps"), AtmCellRate::Parse("OC3c"));
    EXPECT_EQ(AtmCellRate::Parse("34368kbps"), AtmCellRate(4296000, 53));
    EXPECT_EQ(AtmCellRate::Parse("13.824Mbps@payload"), AtmCellRate(36000));
    EXPECT_EQ(AtmCellRate::Parse("OC3c").ToString(), "18720000/53");
    EXPECT_EQ(AtmCellRate::Parse("353207.5").ToString(), "353207.5");
}

TEST(AtmCellRateParse, RefusesInvalidStringsWithoutAborting)
{
    for (const char* text : {"", "OC3", "0", "-1", "1e6", "155MBps", "80000@payload", "1."})
    {
        AtmCellRate r(7);
        std::string error;
        EXPECT_FALSE(AtmCellRate::TryParse(text, &r, &error)) << text;
        EXPECT_EQ(r, AtmCellRate(7)) << text;
        EXPECT_NE(error.find("accepted forms"), std::string::npos) << error;
    }
}

TEST(AtmCellRateDeathTest, AbortsNamingTheStringAndTheAcceptedForms)
{
    EXPECT_DEATH(AtmCellRate::Parse("OC3"), "'OC3' is not a cell rate: .*accepted forms");
    EXPECT_DEATH(AtmCellRate::Parse("-80000"), "must be positive");
    EXPECT_DEATH(AtmCellRate(0, 1), "not a positive rate");
    EXPECT_DEATH(AtmCellRate().GetCellTime(), "not configured");
}

TEST(AtmCellClockSlots, PlacesOc3cSlotsAsComputedByHand)
{
    ASSERT_EQ(Time::GetResolution(), Time::NS);
    const AtmCellClock clock(AtmCellRate::Parse("OC3c"));
    // 424 / 149.76e6 s = 2831.196581 ns per cell, rounded half up.
    EXPECT_EQ(clock.GetSlotStart(0).GetTimeStep(), 0);
    EXPECT_EQ(clock.GetSlotStart(1).GetTimeStep(), 2831);
    EXPECT_EQ(clock.GetSlotStart(2).GetTimeStep(), 5662);
    EXPECT_EQ(clock.GetSlotStart(3).GetTimeStep(), 8494);
    EXPECT_EQ(clock.GetSlotStart(18720000), ns3::Seconds(53));
    EXPECT_EQ(clock.GetSlotAtOrAfter(Time(8494)), 3U);
    EXPECT_EQ(clock.GetSlotAtOrAfter(Time(8495)), 4U);
    EXPECT_EQ(clock.GetSlotsIn(Time(), ns3::Seconds(53)), 18720000U);
}

TEST(AtmCellClockSlots, RoundsHalfUpAndHonoursTheOrigin)
{
    const AtmCellClock half(AtmCellRate::Parse("2.5ns"));
    EXPECT_EQ(half.GetSlotStart(1).GetTimeStep(), 3);
    EXPECT_EQ(half.GetSlotStart(3).GetTimeStep(), 8);
    const AtmCellClock sandia(AtmCellRate::Parse("Sandia"), Time(1000));
    EXPECT_EQ(sandia.GetSlotStart(4).GetTimeStep(), 1000 + 4 * 2750);
    EXPECT_EQ(sandia.GetSlotAtOrAfter(Time(999)), 0U);
    EXPECT_EQ(sandia.GetSlotAtOrAfter(Time(1001)), 1U);
}

TEST(AtmCellClockDeathTest, AbortsWithoutARateAndOnOverflow)
{
    EXPECT_DEATH(AtmCellClock{AtmCellRate()}, "not configured");
    EXPECT_DEATH(AtmCellClock().GetSlotStart(1), "clock without a rate");
    // k x den x U = (2^64 - 1)^2 x 1e9 does not fit 128 bits.
    EXPECT_DEATH(AtmCellClock(AtmCellRate(1, UINT64_MAX)).GetSlotStart(UINT64_MAX),
                 "overflows 128-bit arithmetic");
    // One cell per second: slot 10^10 is 10^19 ns, beyond a 64-bit Time.
    EXPECT_DEATH(AtmCellClock(AtmCellRate(1)).GetSlotStart(10000000000ULL),
                 "beyond the range of ns-3's 64-bit Time");
}

} // namespace
