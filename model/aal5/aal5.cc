/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <array>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Aal5");

namespace
{

/**
 * Byte-wise lookup table of the non-reflected CRC-32 with generator 0x04C11DB7: entry i is the
 * register after shifting the byte i through it from an all-zero state.
 * @return the 256-entry table
 */
constexpr std::array<uint32_t, 256>
MakeCrc32Table()
{
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i)
    {
        uint32_t reg = i << 24;
        for (int bit = 0; bit < 8; ++bit)
        {
            reg = (reg & 0x80000000U) ? (reg << 1) ^ 0x04C11DB7U : (reg << 1);
        }
        table[i] = reg;
    }
    return table;
}

/// CRC-32/BZIP2 table, built at compile time.
constexpr std::array<uint32_t, 256> CRC32_TABLE = MakeCrc32Table();

} // namespace

uint32_t
Aal5::Crc32(const uint8_t* data, uint32_t length)
{
    uint32_t crc = 0xFFFFFFFFU;
    for (uint32_t i = 0; i < length; ++i)
    {
        crc = (crc << 8) ^ CRC32_TABLE[((crc >> 24) ^ data[i]) & 0xFFU];
    }
    return crc ^ 0xFFFFFFFFU;
}

uint32_t
Aal5::CellsForSdu(uint32_t sduBytes)
{
    NS_ABORT_MSG_IF(sduBytes == 0,
                    "Aal5::CellsForSdu: an SDU of 0 bytes cannot be sent (LEN = 0 marks an "
                    "aborted CPCS-PDU); send at least 1 byte");
    NS_ABORT_MSG_IF(sduBytes > MAX_SDU_BYTES,
                    "Aal5::CellsForSdu: SDU of "
                        << sduBytes << " bytes exceeds the AAL5 maximum of " << MAX_SDU_BYTES
                        << "; segment at the IP layer (lower the MTU)");
    return (sduBytes + TRAILER_BYTES + CELL_PAYLOAD_BYTES - 1) / CELL_PAYLOAD_BYTES;
}

uint32_t
Aal5::PadBytes(uint32_t sduBytes)
{
    return CellsForSdu(sduBytes) * CELL_PAYLOAD_BYTES - sduBytes - TRAILER_BYTES;
}

std::vector<uint8_t>
Aal5::BuildCpcsPdu(const uint8_t* sdu, uint32_t length, uint8_t uu, uint8_t cpi)
{
    const uint32_t size = CellsForSdu(length) * CELL_PAYLOAD_BYTES;
    NS_ABORT_MSG_IF(sdu == nullptr,
                    "Aal5::BuildCpcsPdu: null SDU pointer for " << length << " bytes");
    std::vector<uint8_t> pdu(size, 0); // the pad stays zero (I.363.5)
    std::memcpy(pdu.data(), sdu, length);
    uint8_t* trailer = pdu.data() + size - TRAILER_BYTES;
    trailer[0] = uu;
    trailer[1] = cpi;
    trailer[2] = static_cast<uint8_t>(length >> 8);
    trailer[3] = static_cast<uint8_t>(length);
    const uint32_t crc = Crc32(pdu.data(), size - 4);
    trailer[4] = static_cast<uint8_t>(crc >> 24);
    trailer[5] = static_cast<uint8_t>(crc >> 16);
    trailer[6] = static_cast<uint8_t>(crc >> 8);
    trailer[7] = static_cast<uint8_t>(crc);
    return pdu;
}

Aal5::Result
Aal5::CheckCpcsPdu(const uint8_t* pdu, uint32_t size, uint32_t* sduLength)
{
    if (sduLength != nullptr)
    {
        *sduLength = 0;
    }
    if (size < CELL_PAYLOAD_BYTES || size % CELL_PAYLOAD_BYTES != 0)
    {
        return Result::LENGTH_ERROR;
    }
    const uint8_t* trailer = pdu + size - TRAILER_BYTES;
    const uint32_t len = (static_cast<uint32_t>(trailer[2]) << 8) | trailer[3];
    // LEN = 0 is the abort indication; the pad must be 0..47 bytes (I.363.5 §10.2).
    if (len == 0 || len > size - TRAILER_BYTES || size - TRAILER_BYTES - len > 47)
    {
        return Result::LENGTH_ERROR;
    }
    const uint32_t received = (static_cast<uint32_t>(trailer[4]) << 24) |
                              (static_cast<uint32_t>(trailer[5]) << 16) |
                              (static_cast<uint32_t>(trailer[6]) << 8) | trailer[7];
    if (Crc32(pdu, size - 4) != received)
    {
        return Result::CRC_ERROR;
    }
    if (sduLength != nullptr)
    {
        *sduLength = len;
    }
    return Result::OK;
}

const char*
Aal5::ToString(Result result)
{
    switch (result)
    {
    case Result::OK:
        return "OK";
    case Result::LENGTH_ERROR:
        return "LENGTH_ERROR";
    case Result::CRC_ERROR:
        return "CRC_ERROR";
    }
    return "?";
}

std::ostream&
operator<<(std::ostream& os, Aal5::Result result)
{
    return os << Aal5::ToString(result);
}

} // namespace ns3
