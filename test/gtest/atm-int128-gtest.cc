/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the 128-bit helpers of ns3/atm-int128.h: AtmGcd, AtmMagnitude and
 * the decimal forms, at small hand-checked values and at the ends of the 128-bit ranges.
 * Oracles: values worked out by hand (2^64 = 18446744073709551616, 2^127 =
 * 170141183460469231731687303715884105728, 2^128 - 1 = 340282366920938463463374607431768211455)
 * and, for the gcd, the defining property checked by division.
 */

#include "ns3/atm-int128.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <string>

using ns3::ATM_UINT128_MAX;
using ns3::AtmGcd;
using ns3::AtmInt128;
using ns3::AtmInt128ToString;
using ns3::AtmMagnitude;
using ns3::AtmUint128;
using ns3::AtmUint128ToString;

namespace
{

/// 2^64 as an AtmUint128.
constexpr AtmUint128 TWO_64 = static_cast<AtmUint128>(1) << 64;

// The helpers are usable in constant expressions (as the conformance code's constants need).
static_assert(AtmGcd(12, 18) == 6, "gcd(12, 18) = 6 at compile time");
static_assert(AtmMagnitude(-5) == 5, "|-5| = 5 at compile time");
static_assert(sizeof(AtmInt128) == 16 && sizeof(AtmUint128) == 16, "128-bit types");
static_assert(static_cast<AtmInt128>(-1) < 0, "AtmInt128 is signed");
static_assert(ATM_UINT128_MAX + 1 == 0, "ATM_UINT128_MAX is 2^128 - 1");

TEST(AtmInt128Gcd, GivesHandComputedDivisors)
{
    EXPECT_TRUE(AtmGcd(12, 18) == 6);
    EXPECT_TRUE(AtmGcd(18, 12) == 6) << "symmetric";
    EXPECT_TRUE(AtmGcd(17, 5) == 1) << "coprime";
    EXPECT_TRUE(AtmGcd(149760000, 424) == 8) << "OC-3c's 149760000/424 reduces by 8 to 18720000/53";
    EXPECT_TRUE(AtmGcd(1000000000, 2750) == 250) << "Sandia's 2.75 us: 4000000/11";
}

TEST(AtmInt128Gcd, HandlesZeroOperands)
{
    EXPECT_TRUE(AtmGcd(0, 0) == 0) << "gcd(0, 0) = 0 by convention";
    EXPECT_TRUE(AtmGcd(7, 0) == 7) << "gcd(a, 0) = a";
    EXPECT_TRUE(AtmGcd(0, 7) == 7) << "gcd(0, b) = b";
}

TEST(AtmInt128Gcd, IsExactBeyond64Bits)
{
    // 2^64 * 3 and 2^64 * 5: the gcd 2^64 itself exceeds 64 bits.
    EXPECT_TRUE(AtmGcd(TWO_64 * 3, TWO_64 * 5) == TWO_64);
    // (2^64 - 1)^2 and (2^64 - 1) * 2^63: gcd is 2^64 - 1 (odd, coprime to 2^63).
    const AtmUint128 m = std::numeric_limits<uint64_t>::max();
    const AtmUint128 g = AtmGcd(m * m, m * (static_cast<AtmUint128>(1) << 63));
    EXPECT_TRUE(g == m) << AtmUint128ToString(g);
    // The largest value and a divisor of it: 2^128 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * ...
    EXPECT_TRUE(AtmGcd(ATM_UINT128_MAX, 65537) == 65537);
    // 2^128 - 1 = (2^64 - 1)(2^64 + 1).
    EXPECT_TRUE(AtmGcd(ATM_UINT128_MAX, TWO_64 - 1) == TWO_64 - 1);
    EXPECT_TRUE(AtmGcd(ATM_UINT128_MAX, TWO_64 + 1) == TWO_64 + 1);
}

TEST(AtmInt128Magnitude, IsTheAbsoluteValueAlsoForTheMostNegative)
{
    EXPECT_TRUE(AtmMagnitude(0) == 0);
    EXPECT_TRUE(AtmMagnitude(42) == 42);
    EXPECT_TRUE(AtmMagnitude(-42) == 42);
    const AtmInt128 lowest = static_cast<AtmInt128>(static_cast<AtmUint128>(1) << 127);
    EXPECT_TRUE(lowest < 0) << "-2^127";
    EXPECT_TRUE(AtmMagnitude(lowest) == static_cast<AtmUint128>(1) << 127) << "2^127";
}

TEST(AtmInt128ToString, PrintsDecimalDigits)
{
    EXPECT_EQ(AtmUint128ToString(0), "0");
    EXPECT_EQ(AtmUint128ToString(1234567890), "1234567890");
    EXPECT_EQ(AtmUint128ToString(TWO_64), "18446744073709551616");
    EXPECT_EQ(AtmUint128ToString(ATM_UINT128_MAX), "340282366920938463463374607431768211455");
    EXPECT_EQ(AtmInt128ToString(0), "0");
    EXPECT_EQ(AtmInt128ToString(-7), "-7");
    EXPECT_EQ(AtmInt128ToString(-static_cast<AtmInt128>(TWO_64)), "-18446744073709551616");
    const AtmInt128 lowest = static_cast<AtmInt128>(static_cast<AtmUint128>(1) << 127);
    EXPECT_EQ(AtmInt128ToString(lowest), "-170141183460469231731687303715884105728");
    EXPECT_EQ(AtmInt128ToString(static_cast<AtmInt128>(ATM_UINT128_MAX >> 1)),
              "170141183460469231731687303715884105727");
}

} // namespace
