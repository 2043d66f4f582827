/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_REASSEMBLER_H
#define AAL5_REASSEMBLER_H

#include "aal5-frame.h"
#include "aal5.h"

#include "ns3/atm-cell.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <ostream>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Reassembly counters of one VC (or of all VCs, summed).
 *
 * PDU counters (framesDelivered, crcErrors, lengthErrors, oversize, timeouts) count events; cell
 * counters count cells. The ledger identity, per VC and in total, is
 * cellsReceived == cellsDelivered + cellsDiscarded + cells held in partial reassembly.
 */
struct Aal5ReassemblyStats
{
    uint64_t cellsReceived{0};   //!< cells handed to Receive()
    uint64_t framesDelivered{0}; //!< CPCS-SDUs delivered
    uint64_t cellsDelivered{0};  //!< cells of the delivered CPCS-PDUs
    uint64_t crcErrors{0};       //!< reassembled units discarded for a CRC-32 mismatch
    uint64_t lengthErrors{0};    //!< reassembled units discarded for an inconsistent LEN
    uint64_t oversize{0};        //!< partial units discarded for exceeding MaxSduBytes
    uint64_t timeouts{0};        //!< partial units discarded by the reassembly timer
    uint64_t cellsDiscarded{0};  //!< cells of all discarded units
    /// units that failed LEN or CRC-32 but were delivered (CheckCrc false); their cells are in
    /// cellsDelivered, the units are not in framesDelivered, crcErrors or lengthErrors
    uint64_t corruptedDelivered{0};

    /**
     * @brief Add another set of counters.
     * @param other the counters to add
     * @return this
     */
    Aal5ReassemblyStats& operator+=(const Aal5ReassemblyStats& other);
};

/**
 * @ingroup atm
 * @brief Print the counters as "key=value" pairs.
 * @param os the stream
 * @param stats the counters
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const Aal5ReassemblyStats& stats);

/**
 * @ingroup atm
 * @brief AAL5 reassembly on the receiving side, per VC (ITU-T I.363.5; BON, SANDIA, CRC).
 *
 * Cells of a VC accumulate until a cell with the end-of-PDU mark (PTI 1 or 3) arrives; then the
 * unit is checked as a real adapter checks the CPCS-PDU:
 *
 * @verbatim
   onCell(vc, cell):
       [timer] if partial(vc) and now > deadline(vc): discard partial (TIMEOUT)
       append cell to partial(vc)
       if cells(vc) > Aal5::CellsForSdu(MaxSduBytes): discard partial (OVERSIZE); return
       if cell is end of PDU:
           size = 48 * cells; len = LEN of the last cell's trailer
           if len == 0 or len > size - 8 or size - 8 - len > 47: discard (LENGTH_ERROR) [*]
           else if CRC-32 mismatch:                              discard (CRC_ERROR)    [*]
           else deliver the CPCS-SDU
       [*] with CheckCrc false: deliver the unit as a corrupted SDU instead
       else [timer] deadline(vc) = now + ReassemblyTimeout
   @endverbatim
 *
 * Consequences, as observed on real adapters (BON): a lost cell loses its PDU; a lost
 * end-of-PDU cell concatenates the rest of its PDU with the next PDU of the VC and both are lost
 * (one drop event covering both); a payload bit error is a CRC error.
 *
 * Two equivalent modes:
 * - metadata mode (default, the fast path): no bytes are touched. Per VC it keeps the first cell's
 *   frame, the next expected index, the cell count and a "consistent" flag (every cell from that
 *   frame, indices 0, 1, 2, ... contiguous, none corrupted). At the end-of-PDU cell it computes
 *   what the byte check would report: LEN is the SDU length of the end-of-PDU cell's frame, so
 *   the length test is exact; the CRC test passes iff the unit is consistent and holds all cells
 *   of its frame. A frame is therefore delivered iff all of its cells, and only its cells, arrived.
 * - byte mode (VerifyBytes = true): each cell's 48 payload bytes (AtmCell::CopyPayload()) are
 *   appended to a per-VC buffer and Aal5::CheckCpcsPdu() decides. This is what an adapter does;
 *   tests run both modes on the same random cell streams and require identical outcomes,
 *   reasons and counters. The modes can differ only where a mixed unit has a valid CRC-32 by
 *   coincidence: probability 2^-32 for distinct data, certain if different frames on a VC carry
 *   identical bytes (the byte mode then delivers, the metadata mode does not).
 *
 * CheckCrc false (BON's simulated VC-merge routers, which forwarded corrupted PDUs; Bonaventure's
 * thesis, App. B): a unit completed by an end-of-PDU cell that fails LEN or CRC-32 is delivered,
 * counted in corruptedDelivered and traced by CorruptedRx. Its SDU is the SDU of the frame of the
 * unit's first cell (so its encapsulation and IP headers can be routed) cut or padded to what a
 * receiver that skips the CRC passes up: LEN bytes after a CRC failure (LEN is consistent
 * then), 48 x cells - 8 after a LEN failure; never cut below 128 bytes (LLC/SNAP plus the
 * largest IP and TCP headers). It carries an Aal5CorruptedPduTag that an end system's device or an
 * AtmCorruptedPduErrorModel refuses. OVERSIZE and TIMEOUT still discard.
 * The optional reassembly timer (ReassemblyTimeout > 0; off by default because the adapters
 * measured in BON did not support it) is evaluated lazily, without any event per cell: a non-final
 * cell sets the VC's deadline to now + ReassemblyTimeout, and the deadline is only looked at when
 * the next cell of that VC arrives (a partial whose deadline has passed, now > deadline, is
 * discarded with TIMEOUT before the arriving cell starts a new PDU) or when ExpireStale() is called
 * (end-of-run accounting). A TIMEOUT drop is therefore reported at the arrival of the next cell,
 * not at the expiry instant; the outcome is the same.
 *
 * Statistics identity (asserted after every cell, and checked by the tests): per VC,
 * cellsReceived == cellsDelivered + cellsDiscarded + GetPartialCells(vc); the cells reported by
 * ReassemblyDrop sum to cellsDiscarded and FrameRx fires once per framesDelivered.
 *
 * VCs are identified by a dense per-receiver index (0, 1, 2, ...); per-VC state lives in a vector
 * grown on first use, and nothing is allocated per cell after that.
 */
class Aal5Reassembler : public Object
{
  public:
    // Drop reasons: compare them by pointer. They are inline arrays, not `constexpr const char*`:
    // such a pointer may refer to a different copy of the literal in each shared library, which
    // breaks pointer identity between libns3-atm and a program; an inline array is one object.

    /// Drop reason: the CRC-32 of a length-consistent unit does not match.
    static constexpr char CRC_ERROR[] = "AAL5: CRC-32 mismatch";
    /// Drop reason: LEN is zero or inconsistent with the reassembled size.
    static constexpr char LENGTH_ERROR[] = "AAL5: LEN inconsistent with reassembled size";
    /// Drop reason: the partial unit grew beyond CellsForSdu(MaxSduBytes) cells.
    static constexpr char OVERSIZE[] = "AAL5: reassembly exceeds MaxSduBytes";
    /// Drop reason: the reassembly timer expired on a partial unit.
    static constexpr char TIMEOUT[] = "AAL5: reassembly timer expired";

    /**
     * @brief Signature of the FrameRx trace source.
     * @param vc the VC index
     * @param sdu the delivered CPCS-SDU (with its encapsulation header)
     */
    typedef void (*FrameRxTracedCallback)(uint32_t vc, Ptr<const Packet> sdu);

    /**
     * @brief Signature of the CorruptedRx trace source.
     * @param vc the VC index
     * @param sdu the corrupted SDU delivered (tagged Aal5CorruptedPduTag)
     * @param cells cells of the unit
     * @param reason the check it failed: CRC_ERROR or LENGTH_ERROR (compare pointers)
     */
    typedef void (*CorruptedRxTracedCallback)(uint32_t vc,
                                              Ptr<const Packet> sdu,
                                              uint32_t cells,
                                              const char* reason);

    /**
     * @brief Signature of the ReassemblyDrop trace source.
     * @param vc the VC index
     * @param cells number of cells discarded
     * @param reason one of CRC_ERROR, LENGTH_ERROR, OVERSIZE, TIMEOUT (compare pointers)
     */
    typedef void (*ReassemblyDropTracedCallback)(uint32_t vc, uint32_t cells, const char* reason);

    /**
     * @brief Callback receiving each delivered CPCS-SDU: (VC index, a copy of the SDU packet, the
     * frame it came from).
     */
    typedef Callback<void, uint32_t, Ptr<Packet>, Ptr<const Aal5Frame>> RxCallback;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Create a reassembler with the default attributes (metadata mode, no timer).
    Aal5Reassembler();
    /// Destructor.
    ~Aal5Reassembler() override;

    /**
     * @brief Set the receiver of delivered CPCS-SDUs.
     * @param cb the callback (may be null: SDUs are then only traced)
     */
    void SetRxCallback(RxCallback cb);

    /**
     * @brief Process one received cell.
     * @param vc dense VC index of the cell at this receiver (0, 1, 2, ...)
     * @param cell the cell
     */
    void Receive(uint32_t vc, const AtmCell& cell);

    /**
     * @brief Process one cell that arrived at a known time, for receivers that batch their
     *        arrivals (an AtmNetDevice processes its inbox at each EOM arrival): the
     *        reassembly timer uses @p arrival instead of Simulator::Now(), so the outcome is
     *        the same as if the cell had been processed when it arrived.
     * @param vc dense VC index of the cell at this receiver
     * @param cell the cell
     * @param arrival when the cell's last bit arrived (not later than now)
     */
    void Receive(uint32_t vc, const AtmCell& cell, Time arrival);

    /**
     * @brief Apply the reassembly timer now to every VC: discard (TIMEOUT) each partial unit whose
     * deadline has passed. Does nothing when ReassemblyTimeout is 0.
     */
    void ExpireStale();

    /**
     * @param vc the VC index
     * @return cells held in partial reassembly on this VC
     */
    uint32_t GetPartialCells(uint32_t vc) const;

    /**
     * @param vc the VC index
     * @return the counters of this VC (all zero for a VC that has not received a cell)
     */
    const Aal5ReassemblyStats& GetStats(uint32_t vc) const;

    /**
     * @return the counters summed over all VCs
     */
    Aal5ReassemblyStats GetTotalStats() const;

    /**
     * @return the number of VC slots in use (highest VC index seen + 1)
     */
    uint32_t GetNVcs() const;

    /**
     * @return the CheckCrc attribute (false: units failing LEN or CRC-32 are delivered corrupted)
     */
    bool GetCheckCrc() const;

  protected:
    void DoDispose() override;

  private:
    /// Reassembly state of one VC.
    struct VcState
    {
        Ptr<Aal5Frame> frame;       //!< frame of the unit's first cell (metadata mode)
        uint32_t cells{0};          //!< cells in the partial unit
        uint32_t nextIndex{0};      //!< expected index of the next cell if consistent
        bool consistent{false};     //!< all cells of one frame, from index 0, contiguous, intact
        Time deadline;              //!< reassembly deadline of the partial unit
        std::vector<uint8_t> bytes; //!< payload bytes of the partial unit (byte mode)
        Aal5ReassemblyStats stats;  //!< counters
    };

    /**
     * @brief Get the state of a VC, growing the table on first use.
     * @param vc the VC index
     * @return the state
     */
    VcState& GetState(uint32_t vc);

    /**
     * @brief Check and deliver or discard the unit completed by an end-of-PDU cell.
     * @param vc the VC index
     * @param s its state
     * @param eom the end-of-PDU cell
     */
    void Complete(uint32_t vc, VcState& s, const AtmCell& eom);

    /**
     * @brief The outcome the byte check would report, computed from metadata.
     * @param s the VC state, the unit complete
     * @param eom the end-of-PDU cell
     * @return the outcome
     */
    Aal5::Result CheckMetadata(const VcState& s, const AtmCell& eom) const;

    /**
     * @brief Discard the partial unit of a VC.
     * @param vc the VC index
     * @param s its state
     * @param reason the drop reason
     */
    void Discard(uint32_t vc, VcState& s, const char* reason);

    /**
     * @brief Deliver a unit that failed a check as a corrupted SDU (CheckCrc false).
     * @param vc the VC index
     * @param s its state
     * @param reason CRC_ERROR or LENGTH_ERROR
     * @param sduBytes the SDU's size: LEN after a CRC failure, 48 x cells - 8 otherwise
     */
    void DeliverCorrupted(uint32_t vc, VcState& s, const char* reason, uint32_t sduBytes);

    /**
     * @brief Forget the partial unit of a VC (after delivery or discard).
     * @param s the VC state
     */
    static void Reset(VcState& s);

    /**
     * @brief Attribute setter of MaxSduBytes.
     * @param bytes the new value
     */
    void SetMaxSduBytes(uint32_t bytes);
    /**
     * @return the MaxSduBytes attribute
     */
    uint32_t GetMaxSduBytes() const;
    /**
     * @brief Attribute setter of VerifyBytes (aborts while a partial unit is held).
     * @param verify the new value
     */
    void SetVerifyBytes(bool verify);
    /**
     * @return the VerifyBytes attribute
     */
    bool GetVerifyBytes() const;

    std::vector<VcState> m_vcs; //!< per-VC state, indexed by VC
    Time m_timeout;             //!< ReassemblyTimeout (0 = disabled)
    uint32_t m_maxSduBytes;     //!< MaxSduBytes
    uint32_t m_maxCells;        //!< CellsForSdu(m_maxSduBytes)
    bool m_verifyBytes;         //!< VerifyBytes
    bool m_checkCrc{true};      //!< CheckCrc
    RxCallback m_rxCallback;    //!< receiver of delivered SDUs

    TracedCallback<uint32_t, Ptr<const Packet>> m_frameRxTrace;  //!< FrameRx
    TracedCallback<uint32_t, uint32_t, const char*> m_dropTrace; //!< ReassemblyDrop
    TracedCallback<uint32_t, Ptr<const Packet>, uint32_t, const char*>
        m_corruptedRxTrace; //!< CorruptedRx
};

} // namespace ns3

#endif // AAL5_REASSEMBLER_H
