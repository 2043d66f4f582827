/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CRC10_H
#define ATM_CRC10_H

#include <cstddef>
#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCrc10: the CRC-10 of OAM and resource-management cell payloads.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The CRC-10 that protects the 48-byte payload of OAM cells (ITU-T I.610) and of ABR
 *        resource-management cells (ATM Forum Traffic Management 4.0, af-tm-0056.000, RM-cell
 *        fields): generator polynomial x^10 + x^9 + x^5 + x^4 + x + 1.
 *
 * The CRC occupies the last 10 bits of the payload (the two low bits of byte 46 and byte 47).
 * The sender computes the remainder of the payload, read most significant bit first, with
 * those 10 bits set to zero, and writes it there; the receiver divides the whole payload,
 * CRC included, and finds a remainder of zero. No initial value, no final inversion.
 */
class AtmCrc10
{
  public:
    /// The generator polynomial, bit i = coefficient of x^i.
    static constexpr uint16_t POLYNOMIAL = 0x633;

    /**
     * @brief The remainder of a bit string divided by the generator polynomial.
     * @param data the bytes, each read from its most significant bit
     * @param size number of bytes
     * @return the 10-bit remainder
     */
    static uint16_t Remainder(const uint8_t* data, size_t size);

    /**
     * @brief Write the CRC-10 of a cell payload into its last 10 bits (which are overwritten;
     *        the six bits above them in byte 46 are kept).
     * @param payload the 48 payload bytes
     */
    static void Insert(uint8_t payload[48]);

    /**
     * @param payload the 48 payload bytes, CRC-10 included
     * @return true if the CRC-10 matches the payload
     */
    static bool Check(const uint8_t payload[48]);
};

} // namespace ns3

#endif // ATM_CRC10_H
