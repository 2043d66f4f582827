/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SCHEDULER_H
#define ATM_CELL_SCHEDULER_H

#include "ns3/atm-port-state.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of cell schedulers: decides which queue of an output port sends in the next
 * cell slot (the port's second plug-in, chosen independently of its buffer policy).
 *
 * The port owns the queues and their cells; a scheduler keeps only its own bookkeeping of queue
 * ids, maintained from notifications, and reads eligibility (cells present and may-send flag,
 * AtmPortState::IsQueueEligible()) from the state. The port's calling protocol:
 * - NotifyQueueAdded(state, q) after each AtmPortState::AddQueue(), in queue-id order;
 * - NotifyVcAdded(state, v) after each AtmPortState::AddVc(), with the VC's contract in the
 *   state: where weighted schedulers learn a queue's weight (its VCs' MCRs);
 * - NotifyBacklogged(q) when queue q goes from 0 to 1 cell (AtmPortState::OnEnqueue() returns
 *   true), NotifyEmptied(q) when it goes back to 0 (AtmPortState::OnDequeue() returns true, also
 *   for cells purged by a buffer policy decision);
 * - NotifyEnqueued(state, vc) for every cell stored, after the state counted it and after
 *   NotifyBacklogged() if the cell made its queue backlogged; state.GetNow() is the cell's
 *   arrival instant. Schedulers that stamp cells (per-cell Virtual Spacing) or need the arrival
 *   time of a queue's first cell use it; the default does nothing;
 * - NotifyPurged(state, vc) for every stored cell removed without being sent (a buffer policy's
 *   DROP_AND_PURGE_TAIL): it is always the newest queued cell of @p vc; called after the state
 *   uncounted it and before NotifyEmptied() if the queue emptied. Default: nothing;
 * - in each transmit slot, SelectQueue(state, now); if it returns q the port dequeues the head
 *   (oldest) cell of q, then calls NotifyServed(q), then NotifyEmptied(q) if q became empty.
 *
 * Queues are FIFO: a scheduler that mirrors the cells of a queue (NotifyEnqueued() appends,
 * NotifyServed() removes the oldest, NotifyPurged() the VC's newest) stays in step with the port.
 * The base class counts the cells of each queue from these three notifications and asserts that
 * a queue is emptied exactly when that count returns to zero, so a driver that skips one of them
 * is caught.
 *
 * The public functions are non-virtual: they check the protocol and the result (NS_ASSERT) and
 * call the private virtual core. Contract of every scheduler (the "atm-cell-scheduler-contract"
 * suite checks it for every registered subclass):
 * - SelectQueue() never returns a queue that is empty or not allowed to send;
 * - if IsWorkConserving(), SelectQueue() returns a queue whenever an eligible queue exists;
 * - selections are a deterministic function of the notifications and states seen.
 *
 * Per selection the concrete schedulers of the module cost O(1) or O(priority levels), plus one
 * step per ineligible queue they skip; nothing is allocated after NotifyQueueAdded().
 */
class AtmCellScheduler : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellScheduler();
    ~AtmCellScheduler() override;

    /**
     * @brief A queue has been added to the port.
     * @param state the port state, which already holds the queue
     * @param queue the new queue id (equal to the number of queues notified before)
     */
    void NotifyQueueAdded(const AtmPortState& state, uint32_t queue);

    /**
     * @brief A VC has been added to the port (after its queue was notified).
     * @param state the port state, which already holds the VC and its contract
     *        (AtmPortState::GetVcContract(), GetVcQueue())
     * @param vc the new VC's index
     */
    void NotifyVcAdded(const AtmPortState& state, uint32_t vc);

    /**
     * @brief A queue received its first cell.
     * @param queue the queue id
     */
    void NotifyBacklogged(uint32_t queue);

    /**
     * @brief A queue lost its last cell.
     * @param queue the queue id
     */
    void NotifyEmptied(uint32_t queue);

    /**
     * @brief A cell was stored (class description: every cell, after NotifyBacklogged() if it
     *        made its queue backlogged).
     * @param state the port state, which already counts the cell; GetNow() is its arrival
     * @param vc the cell's VC (its queue is state.GetVcQueue(vc))
     */
    void NotifyEnqueued(const AtmPortState& state, uint32_t vc);

    /**
     * @brief The newest queued cell of a VC was removed without being sent (a purge; before
     *        NotifyEmptied() if its queue emptied).
     * @param state the port state, which no longer counts the cell
     * @param vc the cell's VC
     */
    void NotifyPurged(const AtmPortState& state, uint32_t vc);

    /**
     * @brief Choose the queue that sends in this slot.
     * @param state the port state
     * @param now the slot's start time
     * @return a queue that is eligible in @p state, or nothing (the slot stays idle)
     */
    std::optional<uint32_t> SelectQueue(const AtmPortState& state, Time now);

    /**
     * @brief The head cell of a queue has been sent (called before NotifyEmptied()).
     * @param queue the queue served (normally the one SelectQueue() returned)
     */
    void NotifyServed(uint32_t queue);

    /**
     * @return true (the default) if the scheduler never leaves a slot idle while an eligible
     *         queue exists
     */
    virtual bool IsWorkConserving() const;

  private:
    /**
     * @brief Hook for NotifyQueueAdded(): size per-queue bookkeeping. Default: nothing.
     * @param state the port state
     * @param queue the new queue id
     */
    virtual void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue);
    /**
     * @brief Hook for NotifyBacklogged().
     * @param queue the queue id
     */
    virtual void DoNotifyBacklogged(uint32_t queue) = 0;
    /**
     * @brief Hook for NotifyEmptied().
     * @param queue the queue id
     */
    virtual void DoNotifyEmptied(uint32_t queue) = 0;
    /**
     * @brief The selection (see SelectQueue()).
     * @param state the port state
     * @param now the slot's start time
     * @return an eligible queue, or nothing
     */
    virtual std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) = 0;
    /**
     * @brief Hook for NotifyVcAdded(). Default: nothing.
     * @param state the port state
     * @param vc the new VC
     */
    virtual void DoNotifyVcAdded(const AtmPortState& state, uint32_t vc);
    /**
     * @brief Hook for NotifyServed(). Default: nothing.
     * @param queue the queue served
     */
    virtual void DoNotifyServed(uint32_t queue);
    /**
     * @brief Hook for NotifyEnqueued(). Default: nothing.
     * @param state the port state
     * @param vc the cell's VC
     */
    virtual void DoNotifyEnqueued(const AtmPortState& state, uint32_t vc);
    /**
     * @brief Hook for NotifyPurged(). Default: nothing.
     * @param state the port state
     * @param vc the cell's VC
     */
    virtual void DoNotifyPurged(const AtmPortState& state, uint32_t vc);

    std::vector<uint8_t> m_backlogged; //!< per queue: 1 between NotifyBacklogged and NotifyEmptied
    std::vector<uint32_t> m_cells; //!< per queue: cells notified enqueued, not yet served/purged
};

} // namespace ns3

#endif // ATM_CELL_SCHEDULER_H
