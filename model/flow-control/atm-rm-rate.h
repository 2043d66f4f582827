/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RM_RATE_H
#define ATM_RM_RATE_H

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRmRate: the 16-bit floating-point rate format of ABR resource-management cells.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The rate format of the ER, CCR and MCR fields of ABR resource-management cells (ATM
 *        Forum Traffic Management 4.0, af-tm-0056.000, RM-cell rate format).
 *
 * Sixteen bits, most significant first: one reserved bit (0), a non-zero flag nz, a 5-bit
 * exponent e and a 9-bit mantissa m, for the rate
 *
 *     R = nz x 2^e x (1 + m / 512) cells/s,
 *
 * so 0 (nz = 0) or 1 to 2^31 x (1 + 511/512) = 4,290,772,992 cells/s in steps of 1/512 of a
 * power of two (0.2 % or finer).
 *
 * Encode() rounds down to the nearest representable rate (a rate below 1 cell/s becomes 0), so
 * a rate written into a cell never exceeds the rate it stands for: an explicit rate or a
 * current cell rate read back is at most the one written. The standard fixes the format, not
 * the rounding; rounding down is this model's choice. Decode() ignores the reserved bit.
 */
class AtmRmRate
{
  public:
    static constexpr uint16_t RESERVED = 0x8000; //!< the reserved bit (sent as 0)
    static constexpr uint16_t NZ = 0x4000;       //!< the non-zero flag
    static constexpr uint16_t MAX_CODE = 0x7fff; //!< nz = 1, e = 31, m = 511

    /**
     * @brief The code of the largest representable rate that does not exceed @p cellsPerSecond.
     *
     * Aborts with a message naming the value if it is negative, not a number, or above
     * GetMaxRate().
     *
     * @param cellsPerSecond the rate
     * @return the 16-bit code (reserved bit 0)
     */
    static uint16_t Encode(double cellsPerSecond);

    /**
     * @param code a 16-bit code (the reserved bit is ignored)
     * @return the rate in cells/s
     */
    static double Decode(uint16_t code);

    /**
     * @param cellsPerSecond a rate in [0, GetMaxRate()]
     * @return the rate as a cell would carry it: Decode(Encode(cellsPerSecond))
     */
    static double Quantize(double cellsPerSecond);

    /** @return the largest representable rate, 2^31 x (1 + 511/512) cells/s */
    static double GetMaxRate();
};

} // namespace ns3

#endif // ATM_RM_RATE_H
