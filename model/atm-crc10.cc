/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-crc10.h"

namespace ns3
{

uint16_t
AtmCrc10::Remainder(const uint8_t* data, size_t size)
{
    // Long division one bit at a time: the register holds the remainder of the bits read so far;
    // reading bit b multiplies it by x and adds b, and a term x^10 is reduced by the polynomial.
    uint16_t remainder = 0;
    for (size_t i = 0; i < size; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const bool top = (remainder & 0x200) != 0;
            remainder = static_cast<uint16_t>(((remainder << 1) | ((data[i] >> bit) & 1)) & 0x3ff);
            if (top)
            {
                remainder ^= POLYNOMIAL & 0x3ff;
            }
        }
    }
    return remainder;
}

void
AtmCrc10::Insert(uint8_t payload[48])
{
    payload[46] &= 0xfc;
    payload[47] = 0;
    const uint16_t crc = Remainder(payload, 48);
    payload[46] |= static_cast<uint8_t>(crc >> 8);
    payload[47] = static_cast<uint8_t>(crc & 0xff);
}

bool
AtmCrc10::Check(const uint8_t payload[48])
{
    return Remainder(payload, 48) == 0;
}

} // namespace ns3
