/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RM_FIELDS_H
#define ATM_RM_FIELDS_H

#include <cstdint>
#include <ostream>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRmFields: the protocol fields of an ABR resource-management cell.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The fields of an ABR resource-management (RM) cell that the ATM Forum's ABR protocol
 *        uses (Traffic Management 4.0, af-tm-0056.000, section 5.10.3, Table 5-4), carried by
 *        an AtmCell as a small value.
 *
 * An RM cell of a VC connection travels on the VC's own VPI/VCI with PTI 110 (binary, 6); one of
 * a VP connection on VCI 6 with PTI 110. Its 48-byte payload (cell octets 6-53):
 *
 * | payload bytes | field | here |
 * |---|---|---|
 * | 0 | protocol ID | 1 (ABR) |
 * | 1 | message type: DIR (bit 7), BN (6), CI (5), NI (4), RA (3), reserved (2-0) | @c messageType
 * | | 2-3 | ER, explicit rate | @c er, AtmRmRate code | | 4-5 | CCR, current cell rate | @c ccr,
 * AtmRmRate code | | 6-7 | MCR, minimum cell rate | @c mcr, AtmRmRate code | | 8-11 | QL, queue
 * length | 0 (not used by ATM Forum ABR) | | 12-15 | SN, sequence number | 0 (not used by ATM Forum
 * ABR) | | 16-45 | reserved | 0x6A each | | 46-47 | six reserved bits (0), CRC-10 | AtmCrc10 |
 *
 * DIR is 0 for a forward RM cell (source to destination), 1 for a backward one; BN is 0 for a
 * cell the source generated (a backward one is its forward cell turned around) and 1 for one a
 * switch or the destination generated itself (backward explicit congestion notification); CI
 * (congestion indication) asks the source to decrease its rate; NI (no increase) forbids an
 * increase.
 */
class AtmRmFields
{
  public:
    static constexpr uint8_t PROTOCOL_ABR = 1;     //!< protocol ID of ATM Forum ABR
    static constexpr uint8_t DIR = 0x80;           //!< message type: 1 = backward
    static constexpr uint8_t BN = 0x40;            //!< message type: backward notification
    static constexpr uint8_t CI = 0x20;            //!< message type: congestion indication
    static constexpr uint8_t NI = 0x10;            //!< message type: no increase
    static constexpr uint8_t RA = 0x08;            //!< message type: request/acknowledge (unused)
    static constexpr uint8_t RESERVED_BYTE = 0x6A; //!< the value of the reserved payload bytes
    static constexpr uint8_t PTI = 6;              //!< the PTI of an RM cell (binary 110)
    static constexpr uint16_t VP_RM_VCI = 6;       //!< the VCI of a VP connection's RM cells

    /**
     * @param bit one of DIR, BN, CI, NI, RA
     * @return true if the bit is set in the message type
     */
    bool Has(uint8_t bit) const
    {
        return (messageType & bit) != 0;
    }

    /**
     * @param bit one of DIR, BN, CI, NI, RA
     * @param on set (true) or clear (false)
     */
    void Set(uint8_t bit, bool on)
    {
        messageType = static_cast<uint8_t>(on ? (messageType | bit) : (messageType & ~bit));
    }

    /**
     * @brief Write the 48-byte payload, CRC-10 included.
     * @param out 48 bytes
     */
    void Serialize(uint8_t out[48]) const;

    /**
     * @brief Read the fields from a 48-byte payload.
     * @param in 48 bytes
     * @param fields receives the fields (when the payload is valid)
     * @return false if the CRC-10 is wrong or the protocol ID is not ABR's
     */
    static bool Deserialize(const uint8_t in[48], AtmRmFields& fields);

    uint8_t messageType{0}; //!< DIR, BN, CI, NI, RA bits
    uint16_t er{0};         //!< explicit rate (AtmRmRate code)
    uint16_t ccr{0};        //!< current cell rate (AtmRmRate code)
    uint16_t mcr{0};        //!< minimum cell rate (AtmRmRate code)
};

/**
 * @param a fields
 * @param b fields
 * @return true if every field is equal
 */
bool operator==(const AtmRmFields& a, const AtmRmFields& b);

/**
 * @brief Print e.g. "FRM ER=353207 CCR=1000 MCR=1000" or "BRM BN CI ER=... ".
 * @param os the stream
 * @param rm the fields
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmRmFields& rm);

} // namespace ns3

#endif // ATM_RM_FIELDS_H
