/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * libFuzzer target: AtmCellHeader::Deserialize() and the HEC (ITU-T I.361 layout, I.432 HEC).
 *
 * Input: byte 0 selects the format (bit 0: NNI), bytes 1-5 are the received header octets, the
 * rest is fed to Crc8I432(). Properties, for every input:
 * - the HEC verdict equals that of a bit-serial CRC-8 written here from I.432 (generator
 *   x^8 + x^2 + x + 1, preset 0, remainder XORed with 0x55), independent of the model's table;
 * - the fields are those of the octets (the bit layout of I.361, read independently);
 * - Serialize() after Deserialize() reproduces octets 1-4 and writes the computed HEC, which
 *   equals the received one exactly when IsHecOk();
 * - a header built with the setters from the parsed fields serializes to the same 4 octets and
 *   has a good HEC; IsEndOfPdu() agrees with AtmCell's rule; Print() names the verdict.
 */

#include "atm-fuzz-check.h"

#include "ns3/atm-cell-header.h"
#include "ns3/atm-cell.h"
#include "ns3/buffer.h"

#include <cstddef>
#include <cstdint>
#include <sstream>

using namespace ns3;

namespace
{

/**
 * @brief Bit-serial CRC-8 of I.432 (generator 0x07, preset 0, non-reflected, coset 0x55).
 * @param data the bytes
 * @param n their number
 * @return the HEC
 */
uint8_t
ReferenceHec(const uint8_t* data, size_t n)
{
    uint8_t crc = 0;
    for (size_t i = 0; i < n; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const bool in = ((data[i] >> bit) & 1) != 0;
            const bool top = (crc & 0x80) != 0;
            crc = static_cast<uint8_t>(crc << 1);
            if (in != top)
            {
                crc ^= 0x07;
            }
        }
    }
    return crc ^ 0x55;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 1 + AtmCellHeader::SIZE)
    {
        return 0;
    }
    const bool nni = (data[0] & 1) != 0;
    const uint8_t* in = data + 1;

    Buffer buffer;
    buffer.AddAtStart(AtmCellHeader::SIZE);
    buffer.Begin().Write(in, AtmCellHeader::SIZE);

    AtmCellHeader h;
    h.SetFormat(nni ? AtmCellHeader::NNI : AtmCellHeader::UNI);
    ATM_FUZZ_CHECK(h.Deserialize(buffer.Begin()) == AtmCellHeader::SIZE);

    // The HEC verdict, against the independent CRC.
    const uint8_t expectedHec = ReferenceHec(in, 4);
    ATM_FUZZ_CHECK(AtmCellHeader::ComputeHec(in) == expectedHec);
    ATM_FUZZ_CHECK(h.IsHecOk() == (in[4] == expectedHec));
    ATM_FUZZ_CHECK(h.GetHec() == in[4]);

    // The fields, read from the I.361 bit layout.
    const uint32_t word = (uint32_t(in[0]) << 24) | (uint32_t(in[1]) << 16) |
                          (uint32_t(in[2]) << 8) | uint32_t(in[3]);
    ATM_FUZZ_CHECK(h.GetFormat() == (nni ? AtmCellHeader::NNI : AtmCellHeader::UNI));
    ATM_FUZZ_CHECK(h.GetGfc() == (nni ? 0 : word >> 28));
    ATM_FUZZ_CHECK(h.GetVpi() == (nni ? word >> 20 : (word >> 20) & 0xFF));
    ATM_FUZZ_CHECK(h.GetVci() == ((word >> 4) & 0xFFFF));
    ATM_FUZZ_CHECK(h.GetPti() == ((word >> 1) & 0x7));
    ATM_FUZZ_CHECK(h.GetClp() == ((word & 1) != 0));

    // Round trip through Serialize().
    Buffer out;
    out.AddAtStart(h.GetSerializedSize());
    ATM_FUZZ_CHECK(h.GetSerializedSize() == AtmCellHeader::SIZE);
    h.Serialize(out.Begin());
    uint8_t written[AtmCellHeader::SIZE];
    out.Begin().Read(written, AtmCellHeader::SIZE);
    for (int i = 0; i < 4; ++i)
    {
        ATM_FUZZ_CHECK(written[i] == in[i]);
    }
    ATM_FUZZ_CHECK(written[4] == expectedHec);
    ATM_FUZZ_CHECK((written[4] == in[4]) == h.IsHecOk());

    // The same header built field by field.
    AtmCellHeader built;
    if (nni)
    {
        built.SetFormat(AtmCellHeader::NNI);
    }
    else
    {
        built.SetGfc(h.GetGfc());
    }
    built.SetVpi(h.GetVpi());
    built.SetVci(h.GetVci());
    built.SetPti(h.GetPti());
    built.SetClp(h.GetClp());
    uint8_t rebuilt[AtmCellHeader::SIZE];
    built.WriteBytes(rebuilt);
    for (int i = 0; i < 4; ++i)
    {
        ATM_FUZZ_CHECK(rebuilt[i] == in[i]);
    }
    ATM_FUZZ_CHECK(rebuilt[4] == expectedHec && built.IsHecOk() && built.GetHec() == expectedHec);

    // End of PDU: the same rule as the data path's AtmCell.
    AtmCell cell;
    cell.pti = h.GetPti();
    ATM_FUZZ_CHECK(h.IsEndOfPdu() == cell.IsEndOfPdu());

    std::ostringstream text;
    h.Print(text);
    const std::string s = text.str();
    const std::string verdict = h.IsHecOk() ? " ok" : " BAD";
    ATM_FUZZ_CHECK(s.size() > verdict.size() &&
                   s.compare(s.size() - verdict.size(), verdict.size(), verdict) == 0);

    // The CRC over the rest of the input, any length.
    const uint8_t* rest = data + 1 + AtmCellHeader::SIZE;
    const size_t restSize = size - 1 - AtmCellHeader::SIZE;
    ATM_FUZZ_CHECK(AtmCellHeader::Crc8I432(rest, static_cast<uint32_t>(restSize)) ==
                   ReferenceHec(rest, restSize));
    return 0;
}
