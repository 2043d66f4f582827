/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_INT128_H
#define ATM_INT128_H

#include <cstdint>
#include <string>

/**
 * @file
 * @ingroup atm
 * The 128-bit integer types of the module's exact arithmetic and the few operations on them
 * that several classes need (greatest common divisor, magnitude, decimal digits).
 *
 * Exact rational arithmetic on 64-bit numerators and denominators (cell rates, cell clocks,
 * exact times, GCRA state, fair-share comparisons) needs products of two 64-bit values, which
 * fit 128 bits. The types are the `__int128` extension of GCC and Clang on 64-bit targets;
 * `__extension__` keeps `-Wpedantic` builds quiet. Header-only, no ns-3 dependency.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Signed 128-bit integer (GCC and Clang `__int128`).
 */
__extension__ typedef __int128 AtmInt128;

/**
 * @ingroup atm
 * @brief Unsigned 128-bit integer (GCC and Clang `unsigned __int128`).
 */
__extension__ typedef unsigned __int128 AtmUint128;

/**
 * @ingroup atm
 * @brief The largest AtmUint128, 2^128 - 1.
 */
constexpr AtmUint128 ATM_UINT128_MAX = ~static_cast<AtmUint128>(0);

/**
 * @ingroup atm
 * @brief The greatest common divisor by Euclid's algorithm.
 * @param a a value
 * @param b a value
 * @return gcd(a, b); gcd(a, 0) = a, so gcd(0, 0) = 0
 */
inline constexpr AtmUint128
AtmGcd(AtmUint128 a, AtmUint128 b)
{
    while (b != 0)
    {
        const AtmUint128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/**
 * @ingroup atm
 * @brief The absolute value as an unsigned integer, also for the most negative AtmInt128
 *        (whose magnitude, 2^127, has no signed representation).
 * @param x a value
 * @return |x|
 */
inline constexpr AtmUint128
AtmMagnitude(AtmInt128 x)
{
    return x < 0 ? static_cast<AtmUint128>(0) - static_cast<AtmUint128>(x)
                 : static_cast<AtmUint128>(x);
}

/**
 * @ingroup atm
 * @brief The decimal digits of an unsigned 128-bit value (standard streams print no 128-bit
 *        type).
 * @param x a value
 * @return its decimal form, e.g. "340282366920938463463374607431768211455"
 */
inline std::string
AtmUint128ToString(AtmUint128 x)
{
    std::string digits;
    do
    {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
        x /= 10;
    } while (x != 0);
    return digits;
}

/**
 * @ingroup atm
 * @brief The decimal digits of a signed 128-bit value, with a leading '-' when negative.
 * @param x a value
 * @return its decimal form, e.g. "-170141183460469231731687303715884105728"
 */
inline std::string
AtmInt128ToString(AtmInt128 x)
{
    const std::string digits = AtmUint128ToString(AtmMagnitude(x));
    return x < 0 ? "-" + digits : digits;
}

} // namespace ns3

#endif // ATM_INT128_H
