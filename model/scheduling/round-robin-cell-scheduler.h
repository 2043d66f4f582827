/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROUND_ROBIN_CELL_SCHEDULER_H
#define ROUND_ROBIN_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Cell-by-cell round robin among the backlogged queues (per-VC round robin, SANDIA).
 *
 * With one queue per VC this is the per-VC round robin among backlogged VCs of the SANDIA switch
 * model (C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP Performance in ATM Networks",
 * Sandia National Laboratories, 1994), which approximates the parallel iterative matching of the
 * AN2 switch; with one queue per class it is round robin between classes. Each eligible
 * backlogged queue sends one cell per round:
 * @verbatim
   ring = list of backlogged queue ids in turn order
   NotifyBacklogged(q): append q to ring              (its first turn is after every queue
                                                       already waiting)
   NotifyEmptied(q):    remove q from ring
   SelectQueue():       the first q in ring that is eligible (may send), else none
   NotifyServed(q):     move q to the back of ring
   @endverbatim
 * A queue passed over because it may not send (credits, shaping) is not moved, so it keeps its
 * place ahead of the queues served meanwhile and is served first once it may send again. With all
 * queues eligible, N backlogged queues are served in a fixed cyclic order, exactly once each per
 * N slots. Work-conserving; O(1) per selection plus one step per queue passed over. Random
 * arbitration among the backlogged queues (closer to AN2's matching) is not modelled. No
 * attribute.
 */
class RoundRobinCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RoundRobinCellScheduler();
    ~RoundRobinCellScheduler() override;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    AtmQueueIdList m_ring; //!< backlogged queues in turn order
};

} // namespace ns3

#endif // ROUND_ROBIN_CELL_SCHEDULER_H
