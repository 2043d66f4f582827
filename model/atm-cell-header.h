/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_HEADER_H
#define ATM_CELL_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The 5-byte ATM cell header (ITU-T I.361) in its UNI and NNI formats, with the HEC of
 * ITU-T I.432.
 *
 * @verbatim
           Octet 1            Octet 2               Octet 3      Octet 4                  Octet 5
   UNI  GFC(4) VPI(7..4)   VPI(3..0) VCI(15..12)   VCI(11..4)   VCI(3..0) PTI(3) CLP(1)   HEC
   NNI  VPI(11..4)         VPI(3..0) VCI(15..12)   VCI(11..4)   VCI(3..0) PTI(3) CLP(1)   HEC
   @endverbatim
 *
 * The HEC is a CRC-8 over octets 1-4 with generator x^8 + x^2 + x + 1, preset 0, XORed with the
 * coset 0x55 (CRC-8/I-432-1). Serialize() computes it; Deserialize() reads it, recomputes it and
 * records the outcome (IsHecOk()) while keeping the received value (GetHec()). A header built or
 * modified in memory has a correct HEC by construction: GetHec() returns the computed value and
 * IsHecOk() is true. This class only checks; the receiver's use of the HEC, the I.432.1 clause
 * 7.3.1 state machine that corrects a single-bit error in correction mode and discards the other
 * errored headers, is AtmHecReceiver, which a link with an error model runs per receiving end
 * (AtmChannel attribute ErrorModel).
 *
 * The format is not carried by the bytes: UNI and NNI headers differ only in how octet 1 is read,
 * so the receiver must know which interface it sits on and call SetFormat() before Deserialize().
 *
 * The model's data path does not build headers per cell (AtmCell holds the fields as plain
 * values); this class serves pcap output, byte-level verification and tests.
 */
class AtmCellHeader : public Header
{
  public:
    /**
     * @brief Header format: user-network or network-network interface.
     */
    enum Format
    {
        UNI, //!< 4-bit GFC, 8-bit VPI
        NNI  //!< 12-bit VPI, no GFC
    };

    static constexpr uint32_t SIZE = 5; //!< header size in bytes

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Create a UNI header with all fields zero.
    AtmCellHeader();

    /**
     * @brief Choose how octet 1 is laid out.
     *
     * Aborts when the current fields do not fit the new format (a VPI above 255 for UNI, a
     * non-zero GFC for NNI).
     *
     * @param format UNI or NNI
     */
    void SetFormat(Format format);
    /**
     * @return the header format
     */
    Format GetFormat() const;

    /**
     * @brief Set the Generic Flow Control field (UNI only).
     * @param gfc 0..15; a non-zero value aborts in NNI format
     */
    void SetGfc(uint8_t gfc);
    /**
     * @return the Generic Flow Control field (0 in NNI format)
     */
    uint8_t GetGfc() const;

    /**
     * @brief Set the Virtual Path Identifier.
     * @param vpi 0..255 (UNI) or 0..4095 (NNI); larger values abort
     */
    void SetVpi(uint16_t vpi);
    /**
     * @return the Virtual Path Identifier
     */
    uint16_t GetVpi() const;

    /**
     * @brief Set the Virtual Channel Identifier.
     * @param vci 0..65535 (0..31 are reserved for OAM, signalling and ILMI)
     */
    void SetVci(uint16_t vci);
    /**
     * @return the Virtual Channel Identifier
     */
    uint16_t GetVci() const;

    /**
     * @brief Set the Payload Type Identifier.
     * @param pti 0..7 (0-3 user data with the EFCI bit 1 and the AUU bit 0; 4-5 OAM F5; 6 RM;
     *        7 reserved); larger values abort
     */
    void SetPti(uint8_t pti);
    /**
     * @return the Payload Type Identifier
     */
    uint8_t GetPti() const;

    /**
     * @brief Set the Cell Loss Priority bit.
     * @param clp true = low priority (discarded first under congestion)
     */
    void SetClp(bool clp);
    /**
     * @return the Cell Loss Priority bit
     */
    bool GetClp() const;

    /**
     * @return the received HEC after Deserialize(), otherwise the HEC computed from the fields
     */
    uint8_t GetHec() const;
    /**
     * @return false only after a Deserialize() whose received HEC did not match the header octets
     */
    bool IsHecOk() const;
    /**
     * @return true for a user-data cell (PTI 0xx) with the ATM-user-to-ATM-user bit set (PTI 1 or
     *         3), which AAL5 uses to mark the last cell of a CPCS-PDU
     */
    bool IsEndOfPdu() const;

    /**
     * @brief Write the 5 header octets, HEC computed from the fields.
     * @param out 5 bytes
     */
    void WriteBytes(uint8_t out[SIZE]) const;
    /**
     * @brief Read 5 header octets in the current format and check the HEC.
     * @param in 5 bytes
     */
    void ReadBytes(const uint8_t in[SIZE]);

    /**
     * @brief The HEC of four header octets (CRC-8/I-432-1, coset 0x55 included).
     * @param header octets 1-4
     * @return the HEC octet
     */
    static uint8_t ComputeHec(const uint8_t header[4]);
    /**
     * @brief CRC-8/I-432-1: generator 0x07, preset 0, non-reflected, result XORed with 0x55.
     *
     * Its check value over the ASCII string "123456789" is 0xA1.
     *
     * @param data the bytes (may be null when length is 0)
     * @param length number of bytes
     * @return the CRC
     */
    static uint8_t Crc8I432(const uint8_t* data, uint32_t length);

    TypeId GetInstanceTypeId() const override;
    /**
     * @brief Print e.g. "UNI VPI=1 VCI=32 PTI=1 CLP=0 HEC=0xd3 ok" (a non-zero GFC is shown too;
     * "BAD" replaces "ok" when a received HEC did not check).
     * @param os the stream
     */
    void Print(std::ostream& os) const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;

  private:
    /**
     * @brief Pack the fields into octets 1-4.
     * @param out 4 bytes
     */
    void WriteOctets(uint8_t out[4]) const;

    Format m_format; //!< UNI or NNI
    uint8_t m_gfc;   //!< Generic Flow Control (UNI)
    uint16_t m_vpi;  //!< Virtual Path Identifier
    uint16_t m_vci;  //!< Virtual Channel Identifier
    uint8_t m_pti;   //!< Payload Type Identifier
    bool m_clp;      //!< Cell Loss Priority
    uint8_t m_hec;   //!< received HEC (valid while m_received)
    bool m_received; //!< fields come from ReadBytes() and were not modified since
    bool m_hecOk;    //!< the received HEC matched (valid while m_received)
};

} // namespace ns3

#endif // ATM_CELL_HEADER_H
