/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FIFO_CELL_SCHEDULER_H
#define FIFO_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief First-in first-out service of an output port's queues.
 *
 * With a single shared queue (queue 0, the FIFO output buffer of SANDIA, JAIN and BON's UBR
 * switches) this is plain FIFO: the queue sends whenever it holds cells and may send.
 *
 * With several queues it serves them in the order in which they became backlogged, each until it
 * is empty:
 * @verbatim
   order = list of backlogged queue ids, oldest first
   NotifyBacklogged(q): append q to order
   NotifyEmptied(q):    remove q from order
   SelectQueue():       the first q in order that is eligible (may send), else none
   @endverbatim
 * This is FIFO at queue granularity (the queue that has waited longest since it became
 * non-empty), not across individual cells of different queues, which would need a time stamp per
 * cell. A queue held back by credits or shaping keeps its place and is passed over until it may
 * send again. Work-conserving; O(1) per selection plus one step per queue passed over.
 * No attribute.
 */
class FifoCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    FifoCellScheduler();
    ~FifoCellScheduler() override;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;

    AtmQueueIdList m_order; //!< backlogged queues, in the order they became backlogged
};

} // namespace ns3

#endif // FIFO_CELL_SCHEDULER_H
