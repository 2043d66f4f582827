/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_THRESHOLD_UTILS_H
#define ATM_THRESHOLD_UTILS_H

#include <cmath>
#include <cstdint>

/**
 * @file
 * @ingroup atm
 * The buffer threshold "ThresholdCells, or ThresholdFraction times K" of the frame-level buffer
 * policies (EpdBufferPolicy's T, AtmFairShareBufferPolicy's R for Selective Drop and FBA), with
 * one rounding rule.
 *
 * Rule. The fraction is read as an exact decimal of 6 places: f_u = round(fraction x 10^6)
 * millionths (AtmThresholdFractionToMicro()), and the threshold in cells is
 *
 * @verbatim
   T = ThresholdCells              if ThresholdCells > 0
   T = floor(f_u x K / 10^6)       otherwise
   @endverbatim
 *
 * computed in 64-bit integers (f_u <= 10^6 < 2^20 and K < 2^32: the product is exact). A fraction
 written with at most 6
 * decimals therefore gives the T of the decimal the user wrote, on every platform and for every
 * K: 0.57 x 100 = 57 (the double product is 56.99999999999999), 0.29 x 100 = 29, and 0.57 x
 * 10^8 = 57,000,000. Digits beyond the sixth are rounded away (1/3 is read as 0.333333). A
 * fraction is valid when 1 <= f_u <= 999,999 (AtmIsValidThresholdFraction()): then
 * 0 <= T < K for every K >= 1, so a fraction can never reach the buffer size; a small K can
 * still round T down to 0 (K = 1 at 0.8).
 *
 * Both forms come from the sources: R. Jain et al. state the Selective Drop threshold as a
 * fraction of the buffer, R = 0.8 K (ATM Forum contribution 98-0876R1; "Design Issues for
 * Traffic Management for the ATM UBR+ Service for TCP over Satellite Networks",
 * NASA/CR-1999-209158, 1999), O. Bonaventure's EPD reference as a cell count, T = 7168 of
 * K = 8192 cells (PhD thesis, Universite de Liege, 1998). Neither says how a fraction is
 * rounded to cells; the rule above is this module's choice.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief One, in the millionths in which threshold fractions are held.
 */
constexpr uint32_t ATM_THRESHOLD_MICRO = 1000000;

/**
 * @ingroup atm
 * @brief A threshold fraction as an exact decimal of 6 places.
 * @param fraction the fraction (a double as given to an attribute)
 * @return round(fraction x 10^6) (half away from zero), clamped to [0, 10^6]; a NaN gives 0
 */
inline uint32_t
AtmThresholdFractionToMicro(double fraction)
{
    if (!(fraction > 0.0))
    {
        return 0;
    }
    if (fraction >= 1.0)
    {
        return ATM_THRESHOLD_MICRO;
    }
    return static_cast<uint32_t>(std::llround(fraction * ATM_THRESHOLD_MICRO));
}

/**
 * @ingroup atm
 * @brief Whether a fraction is a usable threshold fraction: strictly between 0 and 1, also as
 *        the 6-place decimal the rule uses (1 <= AtmThresholdFractionToMicro() <= 999,999).
 * @param fraction the fraction
 * @return true if valid; then the threshold is below K for every K >= 1
 */
inline bool
AtmIsValidThresholdFraction(double fraction)
{
    const uint32_t micro = AtmThresholdFractionToMicro(fraction);
    return fraction > 0.0 && fraction < 1.0 && micro >= 1 && micro < ATM_THRESHOLD_MICRO;
}

/**
 * @ingroup atm
 * @brief The threshold in cells of a fraction of the buffer: floor(f_u x K / 10^6).
 * @param fractionMicro f_u, the fraction in millionths (at most 10^6)
 * @param bufferCells K
 * @return the threshold in cells; below K if fractionMicro < 10^6 and K >= 1
 */
inline constexpr uint32_t
AtmThresholdFromFraction(uint32_t fractionMicro, uint32_t bufferCells)
{
    return static_cast<uint32_t>(static_cast<uint64_t>(fractionMicro) * bufferCells /
                                 ATM_THRESHOLD_MICRO);
}

/**
 * @ingroup atm
 * @brief The threshold in cells of a policy with the attributes ThresholdCells and
 *        ThresholdFraction: the cell count if set, else the fraction of the buffer.
 * @param thresholdCells ThresholdCells (0: not set, use the fraction)
 * @param fractionMicro ThresholdFraction in millionths (AtmThresholdFractionToMicro())
 * @param bufferCells K
 * @return @p thresholdCells if nonzero, else AtmThresholdFromFraction(fractionMicro, K); the
 *         caller checks a cell count against K (it may be a configuration error)
 */
inline constexpr uint32_t
AtmThresholdCells(uint32_t thresholdCells, uint32_t fractionMicro, uint32_t bufferCells)
{
    return thresholdCells != 0 ? thresholdCells
                               : AtmThresholdFromFraction(fractionMicro, bufferCells);
}

} // namespace ns3

#endif // ATM_THRESHOLD_UTILS_H
