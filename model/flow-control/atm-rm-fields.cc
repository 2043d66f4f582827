/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rm-fields.h"

#include "ns3/atm-crc10.h"
#include "ns3/atm-rm-rate.h"

#include <cstring>

namespace ns3
{

namespace
{
/** Write a 16-bit value, most significant byte first. */
void
Put16(uint8_t* p, uint16_t v)
{
    p[0] = static_cast<uint8_t>(v >> 8);
    p[1] = static_cast<uint8_t>(v & 0xff);
}

/** @return the 16-bit value at @p p, most significant byte first */
uint16_t
Get16(const uint8_t* p)
{
    return static_cast<uint16_t>((p[0] << 8) | p[1]);
}
} // namespace

void
AtmRmFields::Serialize(uint8_t out[48]) const
{
    out[0] = PROTOCOL_ABR;
    out[1] = static_cast<uint8_t>(messageType & 0xf8); // the three low bits are reserved
    Put16(out + 2, er);
    Put16(out + 4, ccr);
    Put16(out + 6, mcr);
    std::memset(out + 8, 0, 8); // QL and SN
    std::memset(out + 16, RESERVED_BYTE, 30);
    out[46] = 0;
    out[47] = 0;
    AtmCrc10::Insert(out);
}

bool
AtmRmFields::Deserialize(const uint8_t in[48], AtmRmFields& fields)
{
    if (!AtmCrc10::Check(in) || in[0] != PROTOCOL_ABR)
    {
        return false;
    }
    fields.messageType = static_cast<uint8_t>(in[1] & 0xf8);
    fields.er = Get16(in + 2);
    fields.ccr = Get16(in + 4);
    fields.mcr = Get16(in + 6);
    return true;
}

bool
operator==(const AtmRmFields& a, const AtmRmFields& b)
{
    return a.messageType == b.messageType && a.er == b.er && a.ccr == b.ccr && a.mcr == b.mcr;
}

std::ostream&
operator<<(std::ostream& os, const AtmRmFields& rm)
{
    os << (rm.Has(AtmRmFields::DIR) ? "BRM" : "FRM");
    static const std::pair<uint8_t, const char*> bits[] = {{AtmRmFields::BN, "BN"},
                                                           {AtmRmFields::CI, "CI"},
                                                           {AtmRmFields::NI, "NI"},
                                                           {AtmRmFields::RA, "RA"}};
    for (const auto& b : bits)
    {
        if (rm.Has(b.first))
        {
            os << " " << b.second;
        }
    }
    os << " ER=" << AtmRmRate::Decode(rm.er) << " CCR=" << AtmRmRate::Decode(rm.ccr)
       << " MCR=" << AtmRmRate::Decode(rm.mcr);
    return os;
}

} // namespace ns3
