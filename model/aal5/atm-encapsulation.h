/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ENCAPSULATION_H
#define ATM_ENCAPSULATION_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Multiprotocol encapsulation over AAL5 (RFC 2684, formerly RFC 1483).
 *
 * - LLC_SNAP ("LlcSnap", the RFC 1577/2225 default): the CPCS-SDU starts with the 8-byte header
 *   AA AA 03 00 00 00 followed by the EtherType (08 00 IPv4, 86 DD IPv6, 08 06 ARP); ns-3's
 *   LlcSnapHeader writes exactly these bytes.
 * - VC_MUX ("VcMux", also called NULL encapsulation): nothing is added; the VC carries a single
 *   protocol, configured on both ends.
 *
 * The encapsulation header is part of the CPCS-SDU, so it counts towards the cells of a packet:
 * CellsForIpPacket(ip, mode) = Aal5::CellsForSdu(ip + GetHeaderBytes(mode)).
 */
class AtmEncapsulation
{
  public:
    /**
     * @brief Encapsulation mode of a VC.
     */
    enum Mode
    {
        LLC_SNAP, //!< 8-byte LLC/SNAP header (RFC 2684 section 5)
        VC_MUX    //!< no header, one protocol per VC (RFC 2684 section 6)
    };

    AtmEncapsulation() = delete;

    /**
     * @param mode the encapsulation
     * @return the bytes added in front of the network-layer packet (8 or 0)
     */
    static uint32_t GetHeaderBytes(Mode mode);

    /**
     * @brief Add the encapsulation header.
     * @param p the network-layer packet, modified in place
     * @param mode the encapsulation
     * @param etherType the protocol (0x0800 IPv4, 0x86DD IPv6, 0x0806 ARP); ignored for VC_MUX
     */
    static void Add(Ptr<Packet> p, Mode mode, uint16_t etherType);

    /**
     * @brief Remove the encapsulation header.
     *
     * For LLC_SNAP the packet must start with AA AA 03 00 00 00; otherwise (or if it is shorter
     * than 8 bytes) it is left untouched and false is returned. For VC_MUX nothing is removed and
     * the protocol is the one configured for the VC.
     *
     * @param p the CPCS-SDU, modified in place
     * @param mode the encapsulation
     * @param vcMuxEtherType the protocol configured for a VC_MUX VC
     * @param etherType if not null, receives the protocol of the packet
     * @return true on success
     */
    static bool Remove(Ptr<Packet> p, Mode mode, uint16_t vcMuxEtherType, uint16_t* etherType);

    /**
     * @brief Cells needed to carry one network-layer packet.
     * @param ipBytes the IP datagram length in bytes
     * @param mode the encapsulation
     * @return Aal5::CellsForSdu(ipBytes + GetHeaderBytes(mode))
     */
    static uint32_t CellsForIpPacket(uint32_t ipBytes, Mode mode);

    /**
     * @param mode the encapsulation
     * @return "LlcSnap" or "VcMux"
     */
    static std::string ToString(Mode mode);

    /**
     * @brief Parse a mode name (as used by attributes and command lines).
     *
     * Aborts on any other name, listing the valid ones.
     *
     * @param name "LlcSnap" or "VcMux"
     * @return the mode
     */
    static Mode FromString(const std::string& name);
};

} // namespace ns3

#endif // ATM_ENCAPSULATION_H
