/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHAPER_H
#define ATM_SHAPER_H

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmShaper: base class of traffic shapers (the spacing rule of one shaped flow).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of shapers (TEN34): the spacing rule of one shaped flow of cells — a
 *        VC, the VCs of a VP, or a whole output port — on one link.
 *
 * A shaper only computes times; AtmShapingGate applies them. After each cell of the flow
 * starts on the link (NotifySent(), with the start of its slot), GetEarliestStart() says when
 * the flow's next cell may start at the earliest; the gate holds the flow's queues until the
 * first slot of the link's exact cell clock at or after that time. Shapers see slot starts of
 * that clock (AtmCellClock), so a rule computed on exact rates never drifts against the link.
 *
 * A shaper of an adapter's VC may also read the buffer its cells come from, the VC's frame
 * queue at the adapter (AtmNetDevice::SetVcShaper() provides it): its backlog in cells
 * (GetBacklogCells(), through SetBacklogCallback()) and each frame entering it (NotifyArrival()).
 * A shaper that owns that buffer says how large it is (GetBufferCells()); the adapter then refuses
 * frames that would overflow it. Shapers that need none of this ignore it.
 *
 * Subclasses: PcrShaper (spacing at PCR), VbrShaper (dual GCRA: bursts at PCR up to MBS, SCR in
 * the long run), PacketTrainShaper (per-cell spacing R and inter-PDU gap I of 1990s adapters),
 * GfrShaper (a rate between MCR and PCR that follows the backlog and the arrival rate).
 * A shaper belongs to one flow of one link; it holds no random state and schedules nothing.
 */
class AtmShaper : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmShaper();
    ~AtmShaper() override;

    /**
     * @brief Bind the shaper to its link (the gate does it when the flow is added).
     * @param clock the link's cell clock
     */
    void Attach(const AtmCellClock& clock);

    /**
     * @return the earliest time the flow's next cell may start (Time::Min() if at once)
     */
    Time GetEarliestStart() const;

    /**
     * @brief A cell of the flow started on the link.
     * @param cell the cell
     * @param slotStart the start of its slot (not before GetEarliestStart())
     */
    void NotifySent(const AtmCell& cell, Time slotStart);

    /// @return the cells of the flow sent so far
    uint64_t GetCellsSent() const;

    /// Returns the cells waiting in the buffer the flow's cells come from.
    typedef Callback<uint32_t> BacklogCallback;

    /**
     * @brief Give the shaper the backlog of the buffer it drains (an adapter does it for a VC).
     * @param backlog the callback (null: GetBacklogCells() is 0)
     */
    void SetBacklogCallback(BacklogCallback backlog);

    /**
     * @brief Cells of the flow entered the buffer it drains: a whole frame, when it was queued.
     * @param cells the frame's cells
     * @param now the instant (not before the previous arrival or sent cell)
     */
    void NotifyArrival(uint32_t cells, Time now);

    /// @return the size in cells of the buffer the shaper owns at the adapter (0: none)
    uint32_t GetBufferCells() const;

  protected:
    void DoDispose() override;

    /// @return the link's clock (valid after Attach())
    const AtmCellClock& GetClock() const;

    /// @return the backlog of the buffer the flow drains, in cells (0 without a callback)
    uint32_t GetBacklogCells() const;

  private:
    /**
     * @brief Hook for Attach(): read the clock (e.g. the slot length). Default: nothing.
     * @param clock the link's clock
     */
    virtual void DoAttach(const AtmCellClock& clock);
    /**
     * @return the earliest start of the next cell (Time::Min() if at once)
     */
    virtual Time DoGetEarliestStart() const = 0;
    /**
     * @brief Update the rule's state for a sent cell.
     * @param cell the cell
     * @param slotStart the start of its slot
     */
    virtual void DoNotifySent(const AtmCell& cell, Time slotStart) = 0;
    /**
     * @brief Hook for NotifyArrival(). Default: nothing.
     * @param cells the frame's cells
     * @param now the instant
     */
    virtual void DoNotifyArrival(uint32_t cells, Time now);
    /**
     * @brief Hook for GetBufferCells(). Default: 0 (the shaper owns no buffer).
     * @return the buffer in cells
     */
    virtual uint32_t DoGetBufferCells() const;

    BacklogCallback m_backlog; //!< the backlog of the drained buffer, or null
    AtmCellClock m_clock;      //!< the link's clock
    bool m_attached{false};    //!< Attach() was called
    uint64_t m_cellsSent{0};   //!< cells sent
};

} // namespace ns3

#endif // ATM_SHAPER_H
