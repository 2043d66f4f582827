/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_H
#define ATM_CELL_H

#include "atm-cell-header.h"

#include "ns3/aal5-frame.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One ATM cell as the model moves it: a small copyable value, not a Packet.
 *
 * A cell carries its header fields as plain values and, for AAL5 cells, a reference to the
 * Aal5Frame it was cut from plus its index in that frame. Its 48 payload bytes are not stored: they
 * are the bytes [48 * index, 48 * index + 48) of the frame's CPCS-PDU and are produced only when
 * asked for (CopyPayload(), Serialize()), for pcap output and byte-level verification. Copying a
 * cell copies a few words and increments the frame's reference count; it never allocates.
 *
 * A simulated bit error on the link is recorded in @c flags (PAYLOAD_CORRUPTED) instead of in
 * bytes; receivers that check the CRC-32 treat such a cell's PDU as a CRC error.
 *
 * GFR eligibility is switch-internal metadata, not a header field: a cell is eligible for the
 * MCR guarantee if its CLP is 0 and NOT_ELIGIBLE is clear (IsEligible()). Under GFR.2 the ingress
 * UPC tags the PDUs that are not eligible, so inside the network eligibility is CLP = 0; under
 * GFR.1 the network does not tag, and each switch's ingress runs an F-GCRA on the VC and sets
 * NOT_ELIGIBLE on the CLP = 0 cells of the PDUs that fail it (O. Bonaventure, PhD thesis,
 * Universite de Liege, 1998, ch. 7.2.1: a spare bit of the switch-internal header). Every
 * switch rewrites the bit at its ingress, so no switch acts on another switch's marking.
 *
 * Members are public and ordered to pack into 24 bytes on 64-bit platforms.
 */
class AtmCell
{
  public:
    /// @c flags bit: the payload suffered a (simulated) bit error on the way.
    static constexpr uint8_t PAYLOAD_CORRUPTED = 0x01;
    /// @c flags bit: a CLP = 0 cell of a PDU that the switch's GFR.1 eligibility test refused.
    static constexpr uint8_t NOT_ELIGIBLE = 0x02;

    /// A user-data cell (PTI 0) on VPI 0 / VCI 0 without a frame.
    AtmCell();

    /**
     * @return true for a user-data cell (PTI 0xx) whose ATM-user-to-ATM-user bit is set (PTI 1
     *         or 3): the last cell of an AAL5 CPCS-PDU
     */
    bool IsEndOfPdu() const
    {
        return (pti & 0x5) == 0x1;
    }

    /**
     * @return true for an ABR resource-management cell (PTI 110), whose payload is @c rm
     */
    bool IsResourceManagement() const
    {
        return pti == AtmRmFields::PTI;
    }

    /**
     * @return true if the payload bytes differ from the frame's: PAYLOAD_CORRUPTED is set, or the
     *         frame is marked corrupted (Aal5Frame::IsCorrupted()) and this is its cell 0
     */
    bool IsPayloadCorrupted() const
    {
        return (flags & PAYLOAD_CORRUPTED) != 0 || (index == 0 && frame && frame->IsCorrupted());
    }

    /**
     * @return true if the cell belongs to a PDU eligible for the GFR minimum cell rate: CLP = 0
     *         and NOT_ELIGIBLE clear (class description). Buffer policies that distinguish
     *         eligible from excess traffic (Double-EPD, per-VC thresholds) read this instead of
     *         the CLP bit, so the same policy serves GFR.1 and GFR.2 VCs.
     */
    bool IsEligible() const
    {
        return !clp && (flags & NOT_ELIGIBLE) == 0;
    }

    /**
     * @brief Build the wire header of this cell.
     *
     * Aborts if the VPI does not fit the format (above 255 at the UNI).
     *
     * @param format UNI or NNI
     * @return the header with VPI, VCI, PTI and CLP of this cell (GFC 0)
     */
    AtmCellHeader ToHeader(AtmCellHeader::Format format = AtmCellHeader::UNI) const;

    /**
     * @brief Produce the 48 payload bytes.
     *
     * For an AAL5 cell, the bytes [48 * index, 48 * index + 48) of the frame's CPCS-PDU; for a
     * resource-management cell, its fields with their CRC-10 (AtmRmFields::Serialize); for any
     * other cell without a frame, 48 zero bytes. When IsPayloadCorrupted(), bit 0 (the least
     * significant bit) of byte 0 is flipped: a single-bit error, which the CRC-32 (and an RM
     * cell's CRC-10) always detects and which never touches an AAL5 trailer (bytes 40-47 of a
     * frame's last cell), so the receiver's LEN check sees the true length.
     *
     * @param out 48 bytes
     */
    void CopyPayload(uint8_t out[48]) const;

    /**
     * @brief Produce the 53 bytes of the cell: header (HEC computed) and payload.
     * @param out 53 bytes
     * @param format UNI or NNI header
     */
    void Serialize(uint8_t out[53], AtmCellHeader::Format format = AtmCellHeader::UNI) const;

    Ptr<Aal5Frame> frame; //!< the AAL5 frame this cell belongs to (null for non-AAL5 cells)
    uint32_t vc;          //!< VC index at the port that holds or sent the cell (0 by default)
    uint16_t index;       //!< index of this cell in its frame (0 .. count - 1)
    uint16_t count;       //!< number of cells of the frame
    uint16_t vpi;         //!< Virtual Path Identifier (0..255 at a UNI, 0..4095 at an NNI)
    uint16_t vci;         //!< Virtual Channel Identifier
    uint8_t pti;          //!< Payload Type Identifier (0..7)
    bool clp;             //!< Cell Loss Priority (true = low priority)
    uint8_t flags;        //!< bit set of PAYLOAD_CORRUPTED, NOT_ELIGIBLE
    AtmRmFields rm;       //!< the ABR fields of a resource-management cell (PTI 110)
};

/**
 * @ingroup atm
 * @brief Print a cell for logs, e.g. "cell 1/32 pti=1 clp=0 frame=7 2/3 vc=0".
 * @param os the stream
 * @param cell the cell
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmCell& cell);

} // namespace ns3

#endif // ATM_CELL_H
