/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-header.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <array>
#include <iomanip>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellHeader");

NS_OBJECT_ENSURE_REGISTERED(AtmCellHeader);

namespace
{

/**
 * Byte-wise lookup table of the non-reflected CRC-8 with generator x^8 + x^2 + x + 1 (0x07).
 * @return the 256-entry table
 */
constexpr std::array<uint8_t, 256>
MakeCrc8Table()
{
    std::array<uint8_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i)
    {
        uint32_t reg = i;
        for (int bit = 0; bit < 8; ++bit)
        {
            reg = (reg & 0x80U) ? ((reg << 1) ^ 0x07U) : (reg << 1);
        }
        table[i] = static_cast<uint8_t>(reg);
    }
    return table;
}

/// CRC-8 (generator 0x07) table, built at compile time.
constexpr std::array<uint8_t, 256> CRC8_TABLE = MakeCrc8Table();

/// The I.432 coset added to the HEC remainder (improves cell delineation on all-zero payloads).
constexpr uint8_t HEC_COSET = 0x55;

} // namespace

TypeId
AtmCellHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellHeader")
                            .SetParent<Header>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmCellHeader>();
    return tid;
}

AtmCellHeader::AtmCellHeader()
    : m_format(UNI),
      m_gfc(0),
      m_vpi(0),
      m_vci(0),
      m_pti(0),
      m_clp(false),
      m_hec(0),
      m_received(false),
      m_hecOk(true)
{
}

TypeId
AtmCellHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
AtmCellHeader::SetFormat(Format format)
{
    NS_ABORT_MSG_IF(format == UNI && m_vpi > 255,
                    "AtmCellHeader::SetFormat: VPI "
                        << m_vpi
                        << " does not fit the 8-bit UNI VPI (max 255); "
                           "use the NNI format or a smaller VPI");
    NS_ABORT_MSG_IF(format == NNI && m_gfc != 0,
                    "AtmCellHeader::SetFormat: GFC " << +m_gfc
                                                     << " has no place in an NNI header; set GFC 0 "
                                                        "first");
    m_format = format;
    m_received = false;
}

AtmCellHeader::Format
AtmCellHeader::GetFormat() const
{
    return m_format;
}

void
AtmCellHeader::SetGfc(uint8_t gfc)
{
    NS_ABORT_MSG_IF(gfc > 15,
                    "AtmCellHeader::SetGfc: GFC " << +gfc << " exceeds the 4-bit maximum of 15");
    NS_ABORT_MSG_IF(m_format == NNI && gfc != 0,
                    "AtmCellHeader::SetGfc: GFC " << +gfc
                                                  << " set on an NNI header, which has no GFC "
                                                     "field; use the UNI format or GFC 0");
    m_gfc = gfc;
    m_received = false;
}

uint8_t
AtmCellHeader::GetGfc() const
{
    return m_gfc;
}

void
AtmCellHeader::SetVpi(uint16_t vpi)
{
    const uint16_t limit = (m_format == UNI) ? 255 : 4095;
    NS_ABORT_MSG_IF(vpi > limit,
                    "AtmCellHeader::SetVpi: VPI "
                        << vpi << " exceeds the " << (m_format == UNI ? "UNI" : "NNI")
                        << " maximum of " << limit
                        << (m_format == UNI ? "; use the NNI format for VPIs up to "
                                              "4095"
                                            : "; use a VPI of 12 bits"));
    m_vpi = vpi;
    m_received = false;
}

uint16_t
AtmCellHeader::GetVpi() const
{
    return m_vpi;
}

void
AtmCellHeader::SetVci(uint16_t vci)
{
    m_vci = vci;
    m_received = false;
}

uint16_t
AtmCellHeader::GetVci() const
{
    return m_vci;
}

void
AtmCellHeader::SetPti(uint8_t pti)
{
    NS_ABORT_MSG_IF(pti > 7,
                    "AtmCellHeader::SetPti: PTI " << +pti << " exceeds the 3-bit maximum of 7");
    m_pti = pti;
    m_received = false;
}

uint8_t
AtmCellHeader::GetPti() const
{
    return m_pti;
}

void
AtmCellHeader::SetClp(bool clp)
{
    m_clp = clp;
    m_received = false;
}

bool
AtmCellHeader::GetClp() const
{
    return m_clp;
}

uint8_t
AtmCellHeader::GetHec() const
{
    if (m_received)
    {
        return m_hec;
    }
    uint8_t octets[4];
    WriteOctets(octets);
    return ComputeHec(octets);
}

bool
AtmCellHeader::IsHecOk() const
{
    return !m_received || m_hecOk;
}

bool
AtmCellHeader::IsEndOfPdu() const
{
    // PTI 0xx = user data; its low bit is the ATM-user-to-ATM-user indication (I.361 §2.2.4).
    return (m_pti & 0x4) == 0 && (m_pti & 0x1) != 0;
}

void
AtmCellHeader::WriteOctets(uint8_t out[4]) const
{
    if (m_format == UNI)
    {
        out[0] = static_cast<uint8_t>((m_gfc << 4) | (m_vpi >> 4));
    }
    else
    {
        out[0] = static_cast<uint8_t>(m_vpi >> 4);
    }
    out[1] = static_cast<uint8_t>(((m_vpi & 0x0F) << 4) | (m_vci >> 12));
    out[2] = static_cast<uint8_t>(m_vci >> 4);
    out[3] = static_cast<uint8_t>(((m_vci & 0x0F) << 4) | (m_pti << 1) | (m_clp ? 1 : 0));
}

void
AtmCellHeader::WriteBytes(uint8_t out[SIZE]) const
{
    WriteOctets(out);
    out[4] = ComputeHec(out);
}

void
AtmCellHeader::ReadBytes(const uint8_t in[SIZE])
{
    if (m_format == UNI)
    {
        m_gfc = in[0] >> 4;
        m_vpi = static_cast<uint16_t>(((in[0] & 0x0F) << 4) | (in[1] >> 4));
    }
    else
    {
        m_gfc = 0;
        m_vpi = static_cast<uint16_t>((in[0] << 4) | (in[1] >> 4));
    }
    m_vci = static_cast<uint16_t>(((in[1] & 0x0F) << 12) | (in[2] << 4) | (in[3] >> 4));
    m_pti = (in[3] >> 1) & 0x07;
    m_clp = (in[3] & 0x01) != 0;
    m_hec = in[4];
    m_hecOk = (ComputeHec(in) == in[4]);
    m_received = true;
}

uint8_t
AtmCellHeader::Crc8I432(const uint8_t* data, uint32_t length)
{
    uint8_t crc = 0;
    for (uint32_t i = 0; i < length; ++i)
    {
        crc = CRC8_TABLE[crc ^ data[i]];
    }
    return crc ^ HEC_COSET;
}

uint8_t
AtmCellHeader::ComputeHec(const uint8_t header[4])
{
    return Crc8I432(header, 4);
}

void
AtmCellHeader::Print(std::ostream& os) const
{
    os << (m_format == UNI ? "UNI" : "NNI");
    if (m_gfc != 0)
    {
        os << " GFC=" << +m_gfc;
    }
    const std::ios::fmtflags flags = os.flags();
    const char fill = os.fill();
    os << " VPI=" << m_vpi << " VCI=" << m_vci << " PTI=" << +m_pti << " CLP=" << (m_clp ? 1 : 0)
       << " HEC=0x" << std::hex << std::setw(2) << std::setfill('0') << +GetHec();
    os.flags(flags);
    os.fill(fill);
    os << (IsHecOk() ? " ok" : " BAD");
}

uint32_t
AtmCellHeader::GetSerializedSize() const
{
    return SIZE;
}

void
AtmCellHeader::Serialize(Buffer::Iterator start) const
{
    uint8_t bytes[SIZE];
    WriteBytes(bytes);
    start.Write(bytes, SIZE);
}

uint32_t
AtmCellHeader::Deserialize(Buffer::Iterator start)
{
    uint8_t bytes[SIZE];
    start.Read(bytes, SIZE);
    ReadBytes(bytes);
    return SIZE;
}

} // namespace ns3
