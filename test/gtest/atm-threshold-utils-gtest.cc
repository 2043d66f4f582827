/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the buffer-threshold rule of ns3/atm-threshold-utils.h (ThresholdCells,
 * or ThresholdFraction x K with the fraction an exact 6-place decimal), which EpdBufferPolicy and
 * AtmFairShareBufferPolicy (Selective Drop, FBA) share. Oracles: products worked out by hand, and
 * for the fractions used by the tests, examples and validation runs the floating-point rule EPD
 * used before (floor(f K + 1e-9)).
 */

#include "ns3/atm-threshold-utils.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>

using ns3::ATM_THRESHOLD_MICRO;
using ns3::AtmIsValidThresholdFraction;
using ns3::AtmThresholdCells;
using ns3::AtmThresholdFractionToMicro;
using ns3::AtmThresholdFromFraction;

namespace
{

static_assert(AtmThresholdFromFraction(800000, 10) == 8, "usable in constant expressions");
static_assert(AtmThresholdCells(7168, 800000, 8192) == 7168, "cells override the fraction");

TEST(AtmThresholdFractionToMicro, ReadsSixDecimalPlaces)
{
    EXPECT_EQ(AtmThresholdFractionToMicro(0.8), 800000U);
    EXPECT_EQ(AtmThresholdFractionToMicro(0.57), 570000U) << "0.57 x 1e6 = 569999.99999999994";
    EXPECT_EQ(AtmThresholdFractionToMicro(0.29), 290000U);
    EXPECT_EQ(AtmThresholdFractionToMicro(0.999999), 999999U);
    EXPECT_EQ(AtmThresholdFractionToMicro(1.0 / 3.0), 333333U) << "digits beyond 6 rounded away";
    EXPECT_EQ(AtmThresholdFractionToMicro(2.0 / 3.0), 666667U) << "to the nearest millionth";
    EXPECT_EQ(AtmThresholdFractionToMicro(0.000001), 1U);
}

TEST(AtmThresholdFractionToMicro, ClampsOutOfRangeValues)
{
    EXPECT_EQ(AtmThresholdFractionToMicro(0.0), 0U);
    EXPECT_EQ(AtmThresholdFractionToMicro(-0.5), 0U);
    EXPECT_EQ(AtmThresholdFractionToMicro(std::numeric_limits<double>::quiet_NaN()), 0U);
    EXPECT_EQ(AtmThresholdFractionToMicro(1.0), ATM_THRESHOLD_MICRO);
    EXPECT_EQ(AtmThresholdFractionToMicro(2.0), ATM_THRESHOLD_MICRO);
    EXPECT_EQ(AtmThresholdFractionToMicro(0.9999996), ATM_THRESHOLD_MICRO) << "rounds up to 1";
    EXPECT_EQ(AtmThresholdFractionToMicro(0.0000004), 0U) << "rounds down to 0";
}

TEST(AtmIsValidThresholdFraction, AcceptsOnlyFractionsStrictlyInsideZeroOne)
{
    for (double f : {0.8, 0.875, 0.57, 0.5, 0.29, 0.7, 0.999999, 0.000001, 1.0 / 3.0})
    {
        EXPECT_TRUE(AtmIsValidThresholdFraction(f)) << f;
    }
    for (double f : {0.0, 1.0, -0.1, 1.5, 0.9999996, 0.0000004})
    {
        EXPECT_FALSE(AtmIsValidThresholdFraction(f)) << f;
    }
    EXPECT_FALSE(AtmIsValidThresholdFraction(std::numeric_limits<double>::quiet_NaN()));
}

TEST(AtmThresholdFromFraction, FloorsTheExactProduct)
{
    EXPECT_EQ(AtmThresholdFromFraction(800000, 10), 8U);
    EXPECT_EQ(AtmThresholdFromFraction(800000, 8192), 6553U) << "6553.6";
    EXPECT_EQ(AtmThresholdFromFraction(875000, 8192), 7168U) << "BON's 7168 of 8192";
    EXPECT_EQ(AtmThresholdFromFraction(570000, 100), 57U) << "not 56 (double product 56.999...)";
    EXPECT_EQ(AtmThresholdFromFraction(290000, 100), 29U) << "not 28";
    EXPECT_EQ(AtmThresholdFromFraction(570000, 100000000), 57000000U) << "exact at large K";
    EXPECT_EQ(AtmThresholdFromFraction(800000, 1), 0U) << "a small K rounds down to 0";
    EXPECT_EQ(AtmThresholdFromFraction(999999, 1000000), 999999U);
    // 4294967295 x 0.999999 = 4294963000.03: no overflow at the largest K.
    EXPECT_EQ(AtmThresholdFromFraction(999999, 4294967295U), 4294963000U);
    EXPECT_EQ(AtmThresholdFromFraction(800000, 4294967295U), 3435973836U);
}

TEST(AtmThresholdFromFraction, StaysBelowTheBufferForEveryValidFraction)
{
    for (uint32_t micro : {1U, 500000U, 800000U, 999999U})
    {
        for (uint32_t k = 1; k <= 20000; ++k)
        {
            ASSERT_LT(AtmThresholdFromFraction(micro, k), k) << "micro " << micro << ", K " << k;
        }
    }
}

TEST(AtmThresholdCells, PrefersTheCellCount)
{
    EXPECT_EQ(AtmThresholdCells(0, 800000, 1000), 800U) << "0: the fraction";
    EXPECT_EQ(AtmThresholdCells(123, 800000, 1000), 123U) << "the cell count";
    EXPECT_EQ(AtmThresholdCells(5000, 800000, 1000), 5000U) << "returned as is: K is the caller's";
}

// The fractions of the tests, examples and validation runs (0.8 everywhere, 0.875, 0.57, 0.5,
// 0.29, 0.999999, 0.7): the rule gives the T of the floating-point form EPD used before,
// floor(f K + 1e-9), for every K up to 2 x 10^6 and at 2 x 10^7 (FBA's large-buffer test).
TEST(AtmThresholdCells, MatchesTheFormerEpdRuleOnTheFractionsInUse)
{
    for (double f : {0.8, 0.875, 0.57, 0.5, 0.29, 0.999999, 0.7})
    {
        const uint32_t micro = AtmThresholdFractionToMicro(f);
        for (uint32_t k = 1; k <= 2000000; ++k)
        {
            const auto old = static_cast<uint32_t>(std::floor(f * k + 1e-9));
            ASSERT_EQ(AtmThresholdCells(0, micro, k), old) << "fraction " << f << ", K " << k;
        }
        const uint32_t big = 20000000;
        EXPECT_EQ(AtmThresholdCells(0, micro, big),
                  static_cast<uint32_t>(std::floor(f * big + 1e-9)))
            << "fraction " << f << ", K " << big;
    }
}

} // namespace
