/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_H
#define AAL5_H

#include <cstdint>
#include <ostream>
#include <vector>

/**
 * @defgroup atm ATM (cell-level)
 *
 * Cell-level simulation of ATM networks underneath ns-3's IPv4/TCP stack: the 53-byte cell and its
 * 5-byte header (ITU-T I.361, HEC per I.432), AAL5 CPCS/SAR and reassembly (ITU-T I.363.5),
 * LLC/SNAP and VC-multiplexed encapsulation (RFC 2684), and, on top of them, adapters, links,
 * switches, traffic contracts, buffer management and schedulers. See the manual (doc/).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The arithmetic of the AAL5 Common Part Convergence Sublayer (ITU-T I.363.5).
 *
 * A CPCS-PDU is the CPCS-SDU (1..65535 bytes, including any LLC/SNAP header), a zero pad of
 * 0..47 bytes and an 8-byte trailer, so that its length is a multiple of the 48-byte cell payload:
 *
 * @verbatim
   | CPCS-SDU (1..65535 B) | PAD (0..47 B, zeros) | CPCS-UU (1) | CPI (1) | LEN (2) | CRC-32 (4) |
   @endverbatim
 *
 * LEN is the SDU length (big-endian); the CRC-32 (big-endian) covers every byte before it. The
 * segmentation and reassembly sublayer (SAR) cuts the PDU into 48-byte cell payloads without any
 * per-cell overhead and marks the last cell through the ATM-user-to-ATM-user bit of its PTI.
 *
 * This class only holds static functions and constants; Aal5Frame, Aal5Segmenter and
 * Aal5Reassembler build the data path on top of it.
 */
class Aal5
{
  public:
    static constexpr uint32_t CELL_PAYLOAD_BYTES = 48; //!< payload bytes carried by one cell
    static constexpr uint32_t TRAILER_BYTES = 8;       //!< CPCS-PDU trailer: UU, CPI, LEN, CRC-32
    static constexpr uint32_t MAX_SDU_BYTES = 65535;   //!< largest CPCS-SDU (16-bit LEN field)
    static constexpr uint32_t MAX_CELLS = 1366;        //!< cells of the largest CPCS-PDU

    /**
     * @brief Outcome of the receiver's checks on a reassembled CPCS-PDU, in the order checked.
     */
    enum class Result
    {
        OK,           //!< LEN and CRC-32 consistent: the SDU may be delivered
        LENGTH_ERROR, //!< size not a multiple of 48, LEN zero (abort) or inconsistent with size
        CRC_ERROR     //!< LEN plausible but the CRC-32 does not match
    };

    Aal5() = delete;

    /**
     * @brief CRC-32 of AAL5 (CRC-32/BZIP2).
     *
     * Generator 0x04C11DB7, register preset to all ones, bits processed most significant first
     * (non-reflected), result complemented. The check value over the ASCII string "123456789" is
     * 0xFC891918.
     *
     * @param data the bytes (may be null when length is 0)
     * @param length number of bytes
     * @return the CRC-32 as transmitted in the trailer (read big-endian)
     */
    static uint32_t Crc32(const uint8_t* data, uint32_t length);

    /**
     * @brief Number of cells needed to carry one CPCS-SDU: ceil((sduBytes + 8) / 48).
     *
     * Aborts for 0 bytes or more than MAX_SDU_BYTES.
     *
     * @param sduBytes CPCS-SDU length in bytes, including any LLC/SNAP header (1..65535)
     * @return the number of cells of the CPCS-PDU (1..1366)
     */
    static uint32_t CellsForSdu(uint32_t sduBytes);

    /**
     * @brief Number of zero pad bytes between the SDU and the trailer.
     * @param sduBytes CPCS-SDU length in bytes (1..65535)
     * @return 48 * CellsForSdu(sduBytes) - sduBytes - 8, in 0..47
     */
    static uint32_t PadBytes(uint32_t sduBytes);

    /**
     * @brief Build the bytes of a CPCS-PDU: SDU, zero pad, UU, CPI, LEN and CRC-32.
     * @param sdu the CPCS-SDU bytes
     * @param length SDU length in bytes (1..65535, aborts otherwise)
     * @param uu the CPCS user-to-user indication (transparent, default 0)
     * @param cpi the common part indicator (0 in I.363.5)
     * @return the CPCS-PDU, 48 * CellsForSdu(length) bytes
     */
    static std::vector<uint8_t> BuildCpcsPdu(const uint8_t* sdu,
                                             uint32_t length,
                                             uint8_t uu = 0,
                                             uint8_t cpi = 0);

    /**
     * @brief Run the receiver's checks on a reassembled CPCS-PDU.
     *
     * In this order: the size is a non-zero multiple of 48, else LENGTH_ERROR; LEN is not zero
     * (an aborted PDU), not larger than size - 8 and leaves a pad of at most 47 bytes, else
     * LENGTH_ERROR; the CRC-32 matches, else CRC_ERROR.
     *
     * @param pdu the reassembled bytes
     * @param size number of bytes
     * @param sduLength if not null, receives the SDU length on OK and 0 otherwise
     * @return the outcome
     */
    static Result CheckCpcsPdu(const uint8_t* pdu, uint32_t size, uint32_t* sduLength);

    /**
     * @brief Name of a check result, for logs and examples.
     * @param result the result
     * @return "OK", "LENGTH_ERROR" or "CRC_ERROR"
     */
    static const char* ToString(Result result);
};

/**
 * @ingroup atm
 * @brief Print an Aal5::Result by name.
 * @param os the stream
 * @param result the result
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, Aal5::Result result);

} // namespace ns3

#endif // AAL5_H
