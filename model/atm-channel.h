/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CHANNEL_H
#define ATM_CHANNEL_H

#include "atm-cell-rate.h"
#include "atm-cell.h"

#include "ns3/atm-hec-receiver.h"
#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmChannel: a full-duplex ATM cell link between two devices.
 */

namespace ns3
{

class AtmDevice;
class AtmCellErrorModel;

/**
 * @ingroup atm
 * @brief A full-duplex cell link: exactly two AtmDevices, one cell per slot of the link's cell
 *        clock in each direction, plus a propagation delay.
 *
 * `CellRate` is the ATM-layer cell rate of both directions, exact (AtmCellRate: a preset such
 * as `OC3c`, cells/s, a cell time such as `2.75us`, or a bit rate). Each device builds its
 * transmitter's AtmCellClock from it when it attaches, so the rate is fixed once a device is
 * attached. A cell whose first bit leaves at the start of slot k is complete at the far end at
 * GetSlotStart(k + 1) + Delay.
 *
 * The channel schedules nothing: it hands each cell to the peer device with its arrival time,
 * and the peer processes arrivals lazily (AtmCellTransmitter, AtmNetDevice). With a positive
 * `Delay` this is also the lookahead a future MPI link needs.
 *
 * Faults (both off by default, and then free: one predictable branch per cell):
 * - an error model (`ErrorModel`, or SetErrorModel() for one direction): per cell an
 *   AtmCellErrorModel draws loss and header / payload bit errors; each receiving end runs the
 *   ITU-T I.432.1 HEC receiver (AtmHecReceiver), which corrects a single-bit header error in
 *   correction mode and discards the other errored headers; a payload error marks the cell
 *   AtmCell::PAYLOAD_CORRUPTED, so the destination's AAL5 CRC-32 discards its frame.
 * - outages (SetLinkDown()): a cell whose time on the wire, from its first bit leaving the
 *   sender to its last bit arriving, overlaps an outage is lost. Outages are known in advance,
 *   so the channel decides at Transmit() (no event at the outage's start or end, none per cell).
 *
 * Every lost cell is counted per direction and reason (GetCellsLost()) and per VC of the sender's
 * output port (GetVcCellsLost(), the PVC ledger's linkLost term), and traced ("CellLoss") when
 * it is sent, the instant the decision is made. Corrected headers and corrupted payloads are
 * counted (GetHecCorrected(), GetPayloadCorrupted()) and traced ("CellImpaired"). The devices
 * are not told: like a cable cut without OAM alarms, a link down is invisible to IP.
 */
class AtmChannel : public Channel
{
  public:
    /// Loss reason: the cell was on the wire while the link was down (SetLinkDown()).
    static constexpr char LINK_DOWN[] = "link: cell on the wire while the link was down";
    /// Loss reason: random cell loss (AtmCellErrorModel CellLossRatio).
    static constexpr char RANDOM_LOSS[] = "link: random cell loss";
    /// Loss reason: the HEC found a multi-bit header error in correction mode.
    static constexpr char HEC_MULTI_BIT[] = "HEC: multi-bit header error discarded";
    /// Loss reason: the HEC found a header error in detection mode.
    static constexpr char HEC_DETECTION_MODE[] = "HEC: errored header discarded in detection mode";
    /// Impairment: a single-bit header error corrected by the HEC; the cell goes on.
    static constexpr char HEC_CORRECTED[] = "HEC: single-bit header error corrected";
    /// Impairment: payload bit errors; the cell goes on marked AtmCell::PAYLOAD_CORRUPTED.
    static constexpr char PAYLOAD_ERROR[] = "link: payload bit error";

    /**
     * TracedCallback signature of "CellLoss" and "CellImpaired".
     * @param fromEnd the sending end (0 or 1)
     * @param cell the cell (cell.vc is its VC index at the sender's output port)
     * @param reason one of the constants above (compare by pointer)
     */
    typedef void (*CellFaultTracedCallback)(uint32_t fromEnd,
                                            const AtmCell& cell,
                                            const char* reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmChannel();
    ~AtmChannel() override;

    /**
     * @brief Attach a device (at most two).
     * @param device the device
     * @return its end index, 0 or 1
     */
    uint32_t Attach(Ptr<AtmDevice> device);

    /**
     * @brief Carry a cell to the other end: hand it to the peer device with its arrival times
     *        (first bit at @p firstBitSent + Delay, last bit at @p lastBitSent + Delay).
     *        Virtual so that a link whose ends live in different simulator partitions (ns-3's
     *        MPI: the peer on another rank) can send it there instead, as ns-3's
     *        PointToPointRemoteChannel overrides PointToPointChannel::TransmitStart. With faults
     *        set, the cell goes through TransmitFaulty() first; an override bypasses them unless
     *        it does the same.
     * @param from the sending device
     * @param cell the cell
     * @param firstBitSent when the cell's first bit leaves @p from (the start of its slot)
     * @param lastBitSent when the cell's last bit leaves @p from (the start of the next slot)
     */
    virtual void Transmit(Ptr<const AtmDevice> from,
                          const AtmCell& cell,
                          Time firstBitSent,
                          Time lastBitSent);

    /**
     * @param device one end
     * @return the other end (null if not attached yet)
     */
    Ptr<AtmDevice> GetPeer(Ptr<const AtmDevice> device) const;

    /// @return the cell rate of both directions
    AtmCellRate GetCellRate() const;
    /// @return the propagation delay
    Time GetDelay() const;
    /**
     * @param end 0 or 1
     * @return cells transmitted by that end
     */
    uint64_t GetCellsTransmitted(uint32_t end) const;

    /**
     * @param device an attached device
     * @return its end index, 0 or 1 (aborts if @p device is not attached)
     */
    uint32_t GetEndIndex(Ptr<const AtmDevice> device) const;

    /**
     * @brief Impair the cells sent from one end with @p model (null: none). The attribute
     *        `ErrorModel` sets both directions; one object may serve both (its draws are
     *        independent), each direction keeps its own HEC receiver.
     * @param fromEnd the sending end, 0 or 1
     * @param model the error model
     */
    void SetErrorModel(uint32_t fromEnd, Ptr<AtmCellErrorModel> model);
    /**
     * @param fromEnd the sending end, 0 or 1
     * @return the error model of that direction (null if none)
     */
    Ptr<AtmCellErrorModel> GetErrorModel(uint32_t fromEnd) const;
    /**
     * @brief Fix the random streams of the error models.
     * @param stream the first stream index
     * @return the number of streams used (one per distinct error model)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * @brief Take the link down (both directions) during [at, at + duration): every cell whose
     *        time on the wire overlaps it is lost (LINK_DOWN). Overlapping outages merge.
     *
     * The channel decides when a cell is sent, so an outage must be known before any cell that
     * could be on the wire at @p at is sent: call it before Simulator::Run(), or at least the
     * propagation delay plus one cell time ahead of @p at; an outage that would have to take back
     * cells already handed to the far end aborts, naming the earliest valid start.
     * @param at when the link goes down
     * @param duration how long it stays down (positive; Time::Max(): for good)
     */
    void SetLinkDown(Time at, Time duration);
    /**
     * @param t a time
     * @return true unless an outage covers @p t
     */
    bool IsUp(Time t) const;

    /**
     * @param fromEnd the sending end, 0 or 1
     * @return cells sent from that end and lost on the link, for every reason
     */
    uint64_t GetCellsLost(uint32_t fromEnd) const;
    /**
     * @param fromEnd the sending end, 0 or 1
     * @param reason LINK_DOWN, RANDOM_LOSS, HEC_MULTI_BIT or HEC_DETECTION_MODE (by pointer)
     * @return cells sent from that end and lost for that reason
     */
    uint64_t GetCellsLost(uint32_t fromEnd, const char* reason) const;
    /**
     * @param fromEnd the sending end, 0 or 1
     * @param vc a VC index at that end's output port (AtmCell::vc when sent)
     * @return cells of that VC lost on the link
     */
    uint64_t GetVcCellsLost(uint32_t fromEnd, uint32_t vc) const;
    /**
     * @param fromEnd the sending end, 0 or 1
     * @return headers of cells from that end corrected by the receiving HEC
     */
    uint64_t GetHecCorrected(uint32_t fromEnd) const;
    /**
     * @param fromEnd the sending end, 0 or 1
     * @return cells from that end delivered with payload bit errors
     */
    uint64_t GetPayloadCorrupted(uint32_t fromEnd) const;
    /**
     * @param fromEnd the sending end, 0 or 1
     * @return the HEC receiver at the other end (its mode and outcome counts)
     */
    const AtmHecReceiver& GetHecReceiver(uint32_t fromEnd) const;

    /**
     * @return true if a sink is connected to CellLoss or CellImpaired (the switch ports that
     *         send on the link then run each slot at its start: AtmSwitch "DeferSlots")
     */
    bool IsTraced() const;
    /**
     * @return true if an error model of the link also serves another link direction
     *         (AtmCellErrorModel::GetDirections): its draws then depend on the order in which
     *         the senders hand over their cells
     */
    bool HasSharedErrorModel() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

    /**
     * @param device an attached device
     * @return its end index, 0 or 1 (asserted attached)
     */
    uint32_t GetEndOf(Ptr<const AtmDevice> device) const;
    /**
     * @param end 0 or 1
     * @return the device at that end (null if not attached)
     */
    Ptr<AtmDevice> GetEnd(uint32_t end) const;
    /**
     * @brief Count a cell sent from one end (GetCellsTransmitted()); Transmit() does it.
     * @param end 0 or 1
     */
    void CountCell(uint32_t end);

    /**
     * @brief Apply the outages and the error model of the direction to one cell, then hand it
     *        to the far end unless it is lost (Transmit() when the link has faults).
     * @param end the sending end
     * @param cell the cell
     * @param firstBitSent when its first bit leaves
     * @param lastBitSent when its last bit leaves
     */
    void TransmitFaulty(uint32_t end, const AtmCell& cell, Time firstBitSent, Time lastBitSent);

  private:
    /// Loss reasons: LINK_DOWN, RANDOM_LOSS, HEC_MULTI_BIT, HEC_DETECTION_MODE (counter order).
    static constexpr uint32_t N_LOSS_REASONS = 4;

    /// An outage: the link is down in [down, up).
    struct Outage
    {
        Time down; //!< start
        Time up;   //!< end
    };

    /// The faults of one direction (cells sent from one end).
    struct Direction
    {
        Ptr<AtmCellErrorModel> errorModel;           //!< impairs the cells, or null
        AtmHecReceiver hec;                          //!< the receiving end's HEC
        Time lastBitSent{-1};                        //!< of the previous cell (gaps)
        std::size_t outage{0};                       //!< first outage not yet over
        std::array<uint64_t, N_LOSS_REASONS> lost{}; //!< cells lost by reason
        std::vector<uint64_t> lostByVc;              //!< cells lost by sender VC index
        uint64_t corrected{0};                       //!< headers corrected
        uint64_t corrupted{0};                       //!< payloads corrupted
    };

    /// @param rate the cell rate (refused once a device is attached)
    void SetCellRate(AtmCellRate rate);
    /// @param model "ErrorModel" of both directions
    void SetErrorModelBoth(Ptr<AtmCellErrorModel> model);
    /// @return "ErrorModel" (that of direction 0)
    Ptr<AtmCellErrorModel> GetErrorModelBoth() const;
    /// Recompute m_faulty.
    void UpdateFaulty();
    /**
     * @brief Count and trace a lost cell.
     * @param end the sending end
     * @param cell the cell
     * @param reason index of the reason (N_LOSS_REASONS order)
     */
    void Lose(uint32_t end, const AtmCell& cell, uint32_t reason);
    /**
     * @param end 0 or 1
     * @return the direction (aborts for another index)
     */
    const Direction& GetDirection(uint32_t end) const;
    /// @brief Let both ends' transmitters run their deferred slots up to now (getters).
    void SyncEnds() const;

    AtmCellRate m_rate;                      //!< "CellRate"
    Time m_delay;                            //!< "Delay"
    std::array<Ptr<AtmDevice>, 2> m_devices; //!< the ends
    std::array<uint64_t, 2> m_cells{0, 0};   //!< cells transmitted per end
    uint32_t m_nDevices{0};                  //!< attached ends
    bool m_faulty{false};                    //!< an error model or an outage is set
    std::array<Direction, 2> m_dir;          //!< faults by sending end
    std::vector<Outage> m_outages;           //!< sorted, disjoint
    TracedCallback<uint32_t, const AtmCell&, const char*> m_lossTrace;     //!< "CellLoss"
    TracedCallback<uint32_t, const AtmCell&, const char*> m_impairedTrace; //!< "CellImpaired"
};

} // namespace ns3

#endif // ATM_CHANNEL_H
