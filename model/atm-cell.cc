/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell.h"

#include "ns3/aal5.h"
#include "ns3/log.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCell");

AtmCell::AtmCell()
    : frame(nullptr),
      vc(0),
      index(0),
      count(0),
      vpi(0),
      vci(0),
      pti(0),
      clp(false),
      flags(0),
      rm()
{
}

AtmCellHeader
AtmCell::ToHeader(AtmCellHeader::Format format) const
{
    AtmCellHeader header;
    header.SetFormat(format);
    header.SetVpi(vpi);
    header.SetVci(vci);
    header.SetPti(pti);
    header.SetClp(clp);
    return header;
}

void
AtmCell::CopyPayload(uint8_t out[48]) const
{
    if (frame)
    {
        const std::vector<uint8_t>& pdu = frame->GetCpcsPduBytes();
        const uint32_t offset = static_cast<uint32_t>(index) * Aal5::CELL_PAYLOAD_BYTES;
        NS_ABORT_MSG_IF(offset + Aal5::CELL_PAYLOAD_BYTES > pdu.size(),
                        "AtmCell::CopyPayload: cell index " << index << " is beyond frame "
                                                            << frame->GetId() << " of "
                                                            << frame->GetCellCount() << " cells");
        std::memcpy(out, pdu.data() + offset, Aal5::CELL_PAYLOAD_BYTES);
    }
    else if (IsResourceManagement())
    {
        rm.Serialize(out);
    }
    else
    {
        std::memset(out, 0, Aal5::CELL_PAYLOAD_BYTES);
    }
    if (IsPayloadCorrupted())
    {
        out[0] ^= 0x01;
    }
}

void
AtmCell::Serialize(uint8_t out[53], AtmCellHeader::Format format) const
{
    ToHeader(format).WriteBytes(out);
    CopyPayload(out + AtmCellHeader::SIZE);
}

std::ostream&
operator<<(std::ostream& os, const AtmCell& cell)
{
    os << "cell " << cell.vpi << "/" << cell.vci << " pti=" << +cell.pti
       << " clp=" << (cell.clp ? 1 : 0);
    if (cell.frame)
    {
        os << " frame=" << cell.frame->GetId() << " " << cell.index << "/" << cell.count;
    }
    if (cell.IsResourceManagement())
    {
        os << " " << cell.rm;
    }
    os << " vc=" << cell.vc;
    if (cell.IsPayloadCorrupted())
    {
        os << " corrupted";
    }
    return os;
}

} // namespace ns3
