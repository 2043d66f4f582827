/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_FRAME_H
#define AAL5_FRAME_H

#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One AAL5 CPCS-PDU in flight: the record that all of its cells reference.
 *
 * Cells are metadata; frames carry the truth. A frame holds the CPCS-SDU as an ns-3
 * Packet (already encapsulated, i.e. with its LLC/SNAP header if any), the trailer's UU and CPI
 * fields and a unique id. Its cells (AtmCell) hold a reference to it plus their index, so a
 * receiver can tell whether a reassembled unit consists of all the cells of exactly one frame
 * without touching bytes. The real CPCS-PDU bytes (SDU, pad, trailer, CRC-32) are built only on
 * demand, for pcap output and for the reassembler's byte-verification mode.
 *
 * The frame is reference-counted because its cells outlive the queues that created them. It is
 * allocated once per PDU; nothing is allocated per cell.
 */
class Aal5Frame : public SimpleRefCount<Aal5Frame>
{
  public:
    /**
     * @brief Create the record of one CPCS-PDU.
     *
     * Aborts for a null or empty packet and for packets above Aal5::MAX_SDU_BYTES.
     *
     * @param cpcsSdu the CPCS-SDU (with its encapsulation header); the frame keeps this packet,
     *        which must not be modified afterwards
     * @param uu the CPCS user-to-user indication (transparent, default 0)
     * @param cpi the common part indicator (0 in I.363.5)
     */
    explicit Aal5Frame(Ptr<const Packet> cpcsSdu, uint8_t uu = 0, uint8_t cpi = 0);

    /**
     * @return a unique id (1, 2, 3, ... over the whole program run)
     */
    uint64_t GetId() const;
    /**
     * @return the CPCS-SDU packet
     */
    Ptr<const Packet> GetSdu() const;
    /**
     * @return the CPCS-SDU length in bytes (the trailer's LEN field)
     */
    uint32_t GetSduBytes() const;
    /**
     * @return the number of cells of the CPCS-PDU, Aal5::CellsForSdu(GetSduBytes())
     */
    uint32_t GetCellCount() const;
    /**
     * @return the CPCS-UU field
     */
    uint8_t GetUu() const;
    /**
     * @return the CPI field
     */
    uint8_t GetCpi() const;

    /**
     * @brief Whether the frame is known to be corrupted.
     *
     * Set by a component that forwards a frame without checking it (e.g. a router configured not
     * to check the CRC-32 of a reassembled PDU); every receiver that checks the CRC-32 must then
     * discard it. Cells of a corrupted frame report a payload bit error in their cell 0 (see
     * AtmCell::IsPayloadCorrupted()).
     *
     * @return true if the frame's content is corrupted
     */
    bool IsCorrupted() const;
    /**
     * @brief Mark the frame corrupted (or not).
     * @param corrupted the new state
     */
    void SetCorrupted(bool corrupted);

    /**
     * @brief The CPCS-PDU bytes (SDU, zero pad, UU, CPI, LEN, CRC-32), built on first use.
     * @return 48 * GetCellCount() bytes
     */
    const std::vector<uint8_t>& GetCpcsPduBytes() const;
    /**
     * @return the CRC-32 of the trailer (builds the PDU bytes on first use)
     */
    uint32_t GetCrc32() const;

  private:
    uint64_t m_id;                           //!< unique id
    Ptr<const Packet> m_sdu;                 //!< the CPCS-SDU
    uint32_t m_sduBytes;                     //!< SDU length in bytes
    uint16_t m_cellCount;                    //!< cells of the CPCS-PDU
    uint8_t m_uu;                            //!< CPCS-UU
    uint8_t m_cpi;                           //!< CPI
    bool m_corrupted;                        //!< content known to be corrupted
    mutable std::vector<uint8_t> m_pduBytes; //!< lazily built CPCS-PDU bytes (empty until used)
};

} // namespace ns3

#endif // AAL5_FRAME_H
