/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_SENDER_H
#define AAL5_SENDER_H

#include "aal5-segmenter.h"

#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-pdu-tagger.h"
#include "ns3/atm-ring.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::Aal5Sender: the send side of an AAL5 adapter (frame queues, segmentation, staging).
 */

namespace ns3
{

class AtmCellTransmitter;

/**
 * @ingroup atm
 * @brief Send-side counters of one VC of an Aal5Sender (64-bit, since the start of the run).
 */
struct Aal5SenderVcStats
{
    uint64_t framesQueued{0}; //!< CPCS-SDUs accepted into the VC's frame queue (or pulled)
    uint64_t framesTx{0};     //!< CPCS-PDUs whose segmentation started
    uint64_t bytesTx{0};      //!< CPCS-SDU bytes of those PDUs
    uint64_t cellsTx{0};      //!< cells of the VC that left on the link
    uint64_t framesTagged{0}; //!< PDUs its PDU tagger sent with CLP = 1
    uint64_t rmCellsTx{0};    //!< of cellsTx, the ABR RM cells (forward and turned-around)
};

/**
 * @ingroup atm
 * @brief The send side of an AAL5 end-system adapter, symmetric to Aal5Reassembler: per-VC
 *        frame queues with byte limits, the segmentation (SAR) cursor of each VC, and the
 *        staging of each VC's next cell in the output port (ITU-T I.363.5: CPCS-PDU = SDU + pad
 *        + 8-byte trailer, segmented into 48-byte SAR-PDUs; the last cell carries PTI's
 *        end-of-PDU bit).
 *
 * Segmentation is lazy: a VC has at most one cell in the output port at a time (staged with
 * AtmCellTransmitter::Stage()), and the next cell of its PDU is produced when that one leaves
 * (NotifyCellSent()), so the port's scheduler (round robin between VCs by default) interleaves
 * the VCs cell by cell and a VC held by a gate (credits, shaping) costs nothing while held.
 * When a VC's PDU is done, its next SDU starts: from its frame queue, or, for a VC that carries
 * a cell-level traffic source instead of IP, from the source's pull callback
 * (SetFrameSource()).
 *
 * Frame queues take whole SDUs or refuse them (CheckEnqueue() names the limit), never single
 * cells: the limits are per adapter (all VCs together) and optionally per VC, in bytes of CPCS-SDU
 * waiting for segmentation, and per VC in cells of backlog (SetVcBufferCells(): a shaper's buffer,
 * where refusing whole frames is EPD at the adapter). The adapter that owns the sender
 * (AtmNetDevice) does everything IP: VC lookup, encapsulation, traces and counters of refusals.
 *
 * Per VC the sender also reports each SDU entering the frame queue (SetFrameQueuedCallback(), for
 * a shaper that measures the arrival rate), tells its backlog in cells (GetVcBacklogCells()), and
 * applies a PDU tagger (SetVcPduTagger()): PrepareDeparture(), which the adapter calls as each
 * cell starts on the link, has the tagger decide at the first cell of each PDU and sets CLP = 1 on
 * every cell of the PDUs it tags.
 *
 * A VC of an ABR end system (SetVcAbr()) decides at each departure what its in-rate cell is (ATM
 * Forum TM 4.0, section 5.10.4, rule 3; AtmAbrSource::SelectNext()): the staged data cell, or a
 * forward RM cell, or the backward RM cell its destination turned around. An RM cell takes the
 * departing cell's slot and the data cell is staged again, so the port never holds more than one
 * cell of the VC and the pacing gate sees every in-rate cell. A VC with nothing to send whose
 * destination has a backward RM cell waiting stages a placeholder that becomes that cell at its
 * departure (NotifyBackwardRmWaiting()).
 */
class Aal5Sender : public Object
{
  public:
    /// Refusal: the frame queues hold the adapter's limit already.
    static constexpr char QUEUE_FULL[] = "device frame queues full (TxQueueBytes)";
    /// Refusal: the VC's frame queue holds the per-VC limit already.
    static constexpr char VC_QUEUE_FULL[] = "VC frame queue full (VcTxQueueBytes)";
    /// Refusal: the SDU would exceed the AAL5 maximum of 65535 bytes.
    static constexpr char TOO_BIG[] = "CPCS-SDU above 65535 bytes";
    /// Refusal: the SDU's cells would exceed the VC's buffer in cells (whole frame refused: EPD).
    static constexpr char VC_BUFFER_FULL[] = "VC buffer full in cells (shaper buffer: whole frame "
                                             "refused)";

    /// The largest CPCS-SDU (ITU-T I.363.5: 16-bit Length field).
    static constexpr uint32_t MAX_SDU_BYTES = 65535;

    /**
     * Pulls the next SDU of a VC that carries a cell-level traffic source: returns a CPCS-SDU
     * (any bytes, 0..65535), or null when the source has nothing to send now (it then calls
     * Wake() when it has).
     */
    typedef Callback<Ptr<Packet>> FrameSourceCallback;

    /// Told when a PDU's segmentation starts: (VC, CPCS-SDU).
    typedef Callback<void, uint32_t, Ptr<const Packet>> FrameStartCallback;

    /// Told when an SDU enters a VC's frame queue (from the upper layer or a frame source):
    /// (VC, its cells).
    typedef Callback<void, uint32_t, uint32_t> FrameQueuedCallback;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Aal5Sender();
    ~Aal5Sender() override;

    /**
     * @brief Stage cells into this transmitter (the adapter's, known once it is attached).
     * @param tx the transmitter
     */
    void SetTransmitter(Ptr<AtmCellTransmitter> tx);
    /**
     * @brief Set the callback told when a PDU's segmentation starts.
     * @param cb the callback
     */
    void SetFrameStartCallback(FrameStartCallback cb);
    /**
     * @brief Set the callback told when an SDU enters a VC's frame queue.
     * @param cb the callback
     */
    void SetFrameQueuedCallback(FrameQueuedCallback cb);
    /**
     * @brief Set the byte limits of the frame queues.
     * @param totalBytes all frame queues together (at least 1)
     * @param vcBytes each VC's frame queue (0: only the total limit)
     */
    void SetQueueLimits(uint32_t totalBytes, uint32_t vcBytes);
    /// @return the limit of all frame queues together, in bytes
    uint32_t GetQueueLimit() const;
    /// @return the limit of each VC's frame queue, in bytes (0: none)
    uint32_t GetVcQueueLimit() const;

    /**
     * @brief Add a VC.
     * @param vpi the VPI of its cells
     * @param vci the VCI of its cells
     * @return its index (0, 1, ...; the same as the port's and the adapter's)
     */
    uint32_t AddVc(uint16_t vpi, uint16_t vci);
    /// @return the number of VCs
    uint32_t GetNVcs() const;

    /**
     * @brief Limit a VC's backlog in cells (GetVcBacklogCells()): an SDU whose cells would exceed
     *        it is refused whole (VC_BUFFER_FULL). Pulled frames of a frame source are not
     *        limited (the source is pulled only when the VC has nothing to send).
     * @param vc the VC
     * @param cells the limit (0: none, the default)
     */
    void SetVcBufferCells(uint32_t vc, uint32_t cells);
    /**
     * @param vc a VC
     * @return its backlog limit in cells (0: none)
     */
    uint32_t GetVcBufferCells(uint32_t vc) const;
    /**
     * @param vc a VC
     * @return its backlog: the cells of the SDUs in its frame queue plus the cells of its current
     *         PDU not yet handed to the output port (the VC's next cell, staged in the port or
     *         leaving, is not counted)
     */
    uint32_t GetVcBacklogCells(uint32_t vc) const;

    /**
     * @brief Give a VC a PDU tagger (attached by the caller), or none.
     * @param vc the VC
     * @param tagger the tagger (null: none)
     */
    void SetVcPduTagger(uint32_t vc, Ptr<AtmPduTagger> tagger);
    /**
     * @param vc a VC
     * @return its PDU tagger, or null
     */
    Ptr<AtmPduTagger> GetVcPduTagger(uint32_t vc) const;
    /// @return true if some VC has a PDU tagger (PrepareDeparture() must then see every cell)
    bool HasPduTaggers() const;
    /**
     * @brief A cell of this sender starts on the link: for a VC with a PDU tagger, the tagger
     *        decides at the PDU's first cell (start of its slot, cell count), and every cell of a
     *        tagged PDU leaves with CLP = 1. O(1); called for every cell by the adapter's
     *        transmitter (its departure callback) while HasPduTaggers().
     * @param cell the departing cell (its vc is the sender's VC index)
     * @param start the start of its slot
     */
    void PrepareDeparture(AtmCell& cell, Time start);

    /**
     * @brief Make a VC an ABR end system's (before its first cell): its in-rate cells follow
     *        @p source's rule 3 and @p destination's turned-around RM cells go out in rate.
     *        The caller paces the VC at the source's ACR (AbrShaper) and hands received RM
     *        cells to the two objects.
     * @param vc the VC
     * @param source its source behaviour (started at the VC's first cell opportunity)
     * @param destination its destination behaviour
     */
    void SetVcAbr(uint32_t vc, Ptr<AtmAbrSource> source, Ptr<AtmAbrDestination> destination);
    /**
     * @brief A backward RM cell waits at the VC's destination: if the VC has no cell in the
     *        output port, stage a placeholder for it (its departure sends the RM cell).
     * @param vc an ABR VC
     */
    void NotifyBackwardRmWaiting(uint32_t vc);
    /**
     * @return true if PrepareDeparture() must see every departing cell (a VC has a PDU tagger
     *         or is an ABR VC)
     */
    bool NeedsDeparture() const;

    /**
     * @brief Whether a VC's frame queue would take an SDU of @p bytes now.
     * @param vc the VC
     * @param bytes the CPCS-SDU size
     * @return null if it would, else the refusal (TOO_BIG, QUEUE_FULL, VC_QUEUE_FULL or
     *         VC_BUFFER_FULL)
     */
    const char* CheckEnqueue(uint32_t vc, uint32_t bytes) const;
    /**
     * @brief Queue an SDU (CheckEnqueue() must have accepted it) and start segmenting it if the
     *        VC is idle.
     * @param vc the VC
     * @param sdu the CPCS-SDU (with its encapsulation header)
     */
    void Enqueue(uint32_t vc, Ptr<Packet> sdu);

    /**
     * @brief Make a VC carry a cell-level traffic source: when the VC has nothing left to
     *        segment, the sender pulls the next SDU from @p source, so a greedy source keeps the
     *        VC busy without a frame queue and stops exactly when it returns null.
     * @param vc the VC
     * @param source the frame source
     */
    void SetFrameSource(uint32_t vc, FrameSourceCallback source);
    /**
     * @brief A frame source has something to send again: start segmenting if the VC is idle.
     * @param vc the VC
     */
    void Wake(uint32_t vc);

    /**
     * @brief The VC's staged cell left on the link: stage its next cell, or start its next PDU.
     *        Called once per cell by the adapter.
     * @param vc the VC
     */
    void NotifyCellSent(uint32_t vc);

    /// @return true once a cell was staged (configuration that must precede traffic is frozen)
    bool HasStarted() const;
    /**
     * @param vc a VC
     * @return its counters
     */
    const Aal5SenderVcStats& GetVcStats(uint32_t vc) const;
    /**
     * @param vc a VC
     * @return bytes waiting in its frame queue (not counting the PDU being segmented)
     */
    uint32_t GetVcQueueBytes(uint32_t vc) const;
    /**
     * @param vc a VC
     * @return cells of the PDU being segmented not yet staged
     */
    uint32_t GetVcUnsegmentedCells(uint32_t vc) const;
    /// @return bytes waiting in all frame queues
    uint32_t GetQueueBytes() const;

  protected:
    void DoDispose() override;

  private:
    /// Per-VC record.
    struct Vc
    {
        uint16_t vpi{0};                //!< VPI of its cells
        uint16_t vci{0};                //!< VCI of its cells
        AtmRing<Ptr<Packet>> queue;     //!< frame queue
        uint32_t queueBytes{0};         //!< bytes in the frame queue
        uint32_t queueCells{0};         //!< cells of the SDUs in the frame queue
        uint32_t bufferCells{0};        //!< backlog limit in cells (0: none)
        Ptr<AtmPduTagger> tagger;       //!< PDU tagger, or null
        bool pduTagged{false};          //!< the PDU on the link is tagged
        Aal5Segmenter cursor;           //!< PDU being segmented
        bool staged{false};             //!< a cell of the VC is in the output port
        FrameSourceCallback source;     //!< cell-level traffic source, or null
        Aal5SenderVcStats stats;        //!< counters
        Ptr<AtmAbrSource> abrSource;    //!< ABR source behaviour, or null
        Ptr<AtmAbrDestination> abrDest; //!< ABR destination behaviour, or null
        bool placeholder{false};        //!< the staged cell stands for a backward RM cell
        bool restage{false};            //!< an RM cell took the staged cell's slot
        AtmCell deferred;               //!< that staged cell, staged again when the RM cell left
    };

    /**
     * @param vc a VC index
     * @return its record (aborts if out of range)
     */
    Vc& GetVc(uint32_t vc);
    /**
     * @brief Put an SDU into a VC's frame queue (counters, callback).
     * @param vc the VC
     * @param sdu the SDU
     */
    void Push(uint32_t vc, Ptr<Packet> sdu);
    /**
     * @brief Pull the next SDU of a frame source into the VC's frame queue.
     * @param vc the VC
     * @return true if the source gave one
     */
    bool Pull(uint32_t vc);
    /**
     * @brief Start segmenting the VC's next PDU and stage its first cell.
     * @param vc the VC
     */
    void StartFrame(uint32_t vc);
    /**
     * @brief TM 4.0 rule 3 for a departing cell of an ABR VC: leave it, or turn it into a
     *        forward or backward RM cell (remembering the staged cell to stage it again).
     * @param v the VC's record
     * @param cell the departing cell, rewritten if an RM cell goes instead
     * @param start the start of its slot
     * @return true if @p cell is now an RM cell
     */
    bool PrepareAbr(Vc& v, AtmCell& cell, Time start);

    Ptr<AtmCellTransmitter> m_tx;            //!< where cells are staged
    FrameStartCallback m_frameStart;         //!< told at each PDU start
    FrameQueuedCallback m_frameQueued;       //!< told at each SDU queued
    std::vector<Vc> m_vcs;                   //!< per VC
    uint32_t m_queueLimit{16 * 1024 * 1024}; //!< all frame queues, bytes
    uint32_t m_vcQueueLimit{0};              //!< each frame queue, bytes (0: none)
    uint32_t m_queueBytes{0};                //!< bytes in all frame queues
    bool m_started{false};                   //!< a cell was staged
    uint32_t m_taggers{0};                   //!< VCs with a PDU tagger
    uint32_t m_abrVcs{0};                    //!< ABR VCs
};

} // namespace ns3

#endif // AAL5_SENDER_H
