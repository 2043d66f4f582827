/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5-frame.h"

#include "aal5.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Aal5Frame");

namespace
{
/// Id of the next frame; 0 is never used, so it can stand for "no frame" in logs.
uint64_t g_nextFrameId = 1;
} // namespace

Aal5Frame::Aal5Frame(Ptr<const Packet> cpcsSdu, uint8_t uu, uint8_t cpi)
    : m_id(g_nextFrameId++),
      m_sdu(cpcsSdu),
      m_sduBytes(0),
      m_cellCount(0),
      m_uu(uu),
      m_cpi(cpi),
      m_corrupted(false)
{
    NS_ABORT_MSG_IF(!cpcsSdu, "Aal5Frame: null CPCS-SDU packet; pass the packet to send");
    m_sduBytes = cpcsSdu->GetSize();
    // CellsForSdu aborts for empty and oversized SDUs with a message naming the size.
    m_cellCount = static_cast<uint16_t>(Aal5::CellsForSdu(m_sduBytes));
    NS_LOG_LOGIC("frame " << m_id << ": " << m_sduBytes << " B, " << m_cellCount << " cells");
}

uint64_t
Aal5Frame::GetId() const
{
    return m_id;
}

Ptr<const Packet>
Aal5Frame::GetSdu() const
{
    return m_sdu;
}

uint32_t
Aal5Frame::GetSduBytes() const
{
    return m_sduBytes;
}

uint32_t
Aal5Frame::GetCellCount() const
{
    return m_cellCount;
}

uint8_t
Aal5Frame::GetUu() const
{
    return m_uu;
}

uint8_t
Aal5Frame::GetCpi() const
{
    return m_cpi;
}

bool
Aal5Frame::IsCorrupted() const
{
    return m_corrupted;
}

void
Aal5Frame::SetCorrupted(bool corrupted)
{
    m_corrupted = corrupted;
}

const std::vector<uint8_t>&
Aal5Frame::GetCpcsPduBytes() const
{
    if (m_pduBytes.empty())
    {
        std::vector<uint8_t> sdu(m_sduBytes);
        m_sdu->CopyData(sdu.data(), m_sduBytes);
        m_pduBytes = Aal5::BuildCpcsPdu(sdu.data(), m_sduBytes, m_uu, m_cpi);
    }
    return m_pduBytes;
}

uint32_t
Aal5Frame::GetCrc32() const
{
    const std::vector<uint8_t>& pdu = GetCpcsPduBytes();
    const uint8_t* crc = pdu.data() + pdu.size() - 4;
    return (static_cast<uint32_t>(crc[0]) << 24) | (static_cast<uint32_t>(crc[1]) << 16) |
           (static_cast<uint32_t>(crc[2]) << 8) | crc[3];
}

} // namespace ns3
