/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * libFuzzer target: AtmRmFields::Deserialize(), the reader of an ABR resource-management cell's
 * 48-byte payload, and the RM-cell rate format (AtmRmRate).
 *
 * Properties, for every input (its first 48 bytes, zero-padded, are the payload; the next two
 * a rate code):
 * - Deserialize() accepts exactly the payloads whose CRC-10 (a bit-serial division written
 *   here) is right and whose protocol ID is 1, and then reads the fields of the TM 4.0 layout;
 * - a refused payload leaves the fields untouched;
 * - Serialize() of the fields read gives a payload that is accepted and reads back to the same
 *   fields;
 * - every rate code decodes to 0 or to a rate in [1, GetMaxRate()] that encodes back to it.
 */

#include "atm-fuzz-check.h"

#include "ns3/atm-rm-fields.h"
#include "ns3/atm-rm-rate.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace ns3;

namespace
{
/** @return the remainder of the 384 payload bits divided by x^10 + x^9 + x^5 + x^4 + x + 1 */
uint32_t
BitSerialCrc10(const uint8_t p[48])
{
    uint32_t r = 0;
    for (int i = 0; i < 384; ++i)
    {
        r = (r << 1) | ((p[i / 8] >> (7 - i % 8)) & 1);
        if (r & 0x400)
        {
            r ^= 0x633;
        }
    }
    return r;
}
} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    uint8_t payload[48] = {};
    std::memcpy(payload, data, size < 48 ? size : 48);
    AtmRmFields sentinel;
    sentinel.messageType = 0x58;
    sentinel.er = 1;
    AtmRmFields fields = sentinel;
    const bool ok = AtmRmFields::Deserialize(payload, fields);
    ATM_FUZZ_CHECK(ok == (BitSerialCrc10(payload) == 0 && payload[0] == 1));
    if (!ok)
    {
        ATM_FUZZ_CHECK(fields == sentinel);
    }
    else
    {
        ATM_FUZZ_CHECK(fields.messageType == (payload[1] & 0xf8));
        ATM_FUZZ_CHECK(fields.er == ((payload[2] << 8) | payload[3]));
        ATM_FUZZ_CHECK(fields.ccr == ((payload[4] << 8) | payload[5]));
        ATM_FUZZ_CHECK(fields.mcr == ((payload[6] << 8) | payload[7]));
        uint8_t again[48];
        fields.Serialize(again);
        ATM_FUZZ_CHECK(BitSerialCrc10(again) == 0);
        AtmRmFields back;
        ATM_FUZZ_CHECK(AtmRmFields::Deserialize(again, back));
        ATM_FUZZ_CHECK(back == fields);
    }
    if (size >= 50)
    {
        const uint16_t code = static_cast<uint16_t>((data[48] << 8) | data[49]);
        const double rate = AtmRmRate::Decode(code);
        ATM_FUZZ_CHECK(std::isfinite(rate) && rate >= 0 && rate <= AtmRmRate::GetMaxRate());
        if ((code & AtmRmRate::NZ) == 0)
        {
            ATM_FUZZ_CHECK(rate == 0);
        }
        else
        {
            ATM_FUZZ_CHECK(rate >= 1);
            ATM_FUZZ_CHECK(AtmRmRate::Encode(rate) == (code & AtmRmRate::MAX_CODE));
        }
    }
    return 0;
}
