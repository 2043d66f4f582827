/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WEIGHTED_ROUND_ROBIN_CELL_SCHEDULER_H
#define WEIGHTED_ROUND_ROBIN_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::WeightedRoundRobinCellScheduler: weighted round robin over the queues, integer quanta
 * from the VCs' MCRs or given per queue.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Weighted round robin (WRR): each backlogged queue j sends up to w_j cells per turn, w_j
 * a positive integer quantum, so that greedy queues share the link as w_j / sum w.
 *
 * @verbatim
   ring = backlogged queue ids in turn order;  per queue: quantum w_j, cells left in turn c_j
   NotifyBacklogged(q): append q to ring; c_q = w_q
   NotifyEmptied(q):    remove q from ring
   SelectQueue():       the first q in ring that may send
   NotifyServed(q):     c_q -= 1; if c_q == 0: c_q = w_q, move q to the back of ring
   @endverbatim
 * A turn is w_j consecutive cells (not interleaved); a queue that empties during its turn loses
 * the rest of it, and starts a full turn at the back of the ring when it is backlogged again. A
 * queue that may not send (credits, shaping) is skipped and keeps its place and the rest of its
 * turn, as in RoundRobinCellScheduler (with all quanta 1 the two schedulers are the same).
 *
 * Quanta. "QueueQuanta" (whitespace-separated positive integers, one per queue id) gives w_j
 * explicitly; a queue beyond that list takes its quantum from its weight r_j = the sum of its
 * VCs' MCRs in cells/s (or "BestEffortWeight" cells/s if none has an MCR, as for Virtual
 * Spacing), scaled so that the heaviest such queue gets "MaxQuantumCells" (M):
 * @verbatim
   w_j = max(1, round(M x r_j / r_max))     round: to nearest, halves up;  r_max = max r_k
   @endverbatim
 * so every w_j is within 1/2 cell of the exact proportion, the relative error of a share is at
 * most 1/(2 w_j), and a queue however light gets at least one cell per round. M (default 16) trades
 * precision against burst length: a turn sends up to M cells back to back. Example: MCRs 1000,
 * 2000 and 3500 cells/s with M = 8 give w = 2, 5 (4.571 rounded) and 8. Quanta are recomputed
 * whenever a VC or queue is added (configuration time).
 *
 * Cited by BON (ch. 8.4) among the schedulers of GFR switches; classical cell-level WRR. Cost:
 * O(1) per selection plus one step per held-back queue passed over; no allocation per cell.
 */
class WeightedRoundRobinCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    WeightedRoundRobinCellScheduler();
    ~WeightedRoundRobinCellScheduler() override;

    /**
     * @param queue a queue id
     * @return its quantum w_j, cells per turn
     */
    uint32_t GetQuantum(uint32_t queue) const;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyVcAdded(const AtmPortState& state, uint32_t vc) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    /// @param text "QueueQuanta"
    void SetQueueQuantaText(std::string text);
    /// @return "QueueQuanta"
    std::string GetQueueQuantaText() const;
    /// Recompute every quantum (configuration time, O(Q)).
    void ComputeQuanta();

    uint32_t m_maxQuantum{16};         //!< "MaxQuantumCells"
    double m_bestEffortWeight{1.0};    //!< "BestEffortWeight", cells/s
    std::string m_quantaText;          //!< "QueueQuanta" as set
    std::vector<uint32_t> m_quantaCfg; //!< explicit quanta, by queue id
    std::vector<double> m_mcr;         //!< per queue: sum of its VCs' MCRs, cells/s
    std::vector<uint32_t> m_quantum;   //!< per queue: w_j
    std::vector<uint32_t> m_left;      //!< per queue: c_j
    AtmQueueIdList m_ring;             //!< backlogged queues in turn order
};

} // namespace ns3

#endif // WEIGHTED_ROUND_ROBIN_CELL_SCHEDULER_H
