/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VIRTUAL_SPACING_CELL_SCHEDULER_H
#define VIRTUAL_SPACING_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-virtual-spacing.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::VirtualSpacingCellScheduler: Virtual Spacing in its per-queue form, queues weighted by
 * their VCs' MCRs.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Virtual Spacing (per-queue form, BON ch. 8.4 Figs 8.27 and 8.28; equivalent to SCFQ for
 * fixed-size packets): a work-conserving weighted fair scheduler whose weights r_j are the MCRs
 * of the queues' VCs, so that bandwidth left unused is shared in proportion to the MCRs.
 *
 * @verbatim
   per queue j: r_j (cells/s), finish tag F_j;  global Vtime (s), initially 0
   NotifyBacklogged(j):  F_j = Vtime + 1 / r_j                 // a cell arrives in an empty queue
   SelectQueue():        Fmin = min F_k over the backlogged queues that may send
                         TieRule Last (Fig. 8.28): the last such k (highest id) with F_k = Fmin
                         TieRule First (Fig. 8.31, strict <): the first (lowest id)
   NotifyServed(s):      Vtime = F_s;  F_s = Vtime + 1 / r_s   // (used only if s stays backlogged)
   @endverbatim
 *
 * r_j is the sum of the MCRs of the VCs in queue j, from their contracts in the port state
 * (NotifyVcAdded(); with one queue per VC, the VC's MCR); a queue whose VCs have no MCR weighs
 * `BestEffortWeight` cells/s, the implicit weight BON notes best-effort VCs need (default 1 cell/s,
 * this model's choice: such VCs get next to nothing while VCs with an MCR are backlogged, and
 * share equally among themselves). Tags are in seconds of virtual time (doubles; ties compare
 * exactly, so runs are deterministic). A backlogged queue that may not send (credits, shaping)
 * is skipped and keeps its tag. Cost: O(backlogged queues) per selection (the tags are kept by
 * AtmVirtualSpacing, shared with the other Virtual Spacing schedulers).
 *
 * With one queue per VC, the per-cell timestamp form of Virtual Spacing (every cell stamped
 * max(SpacingTime, last stamp of its VC) + 1/r on arrival, cells served in stamp order) gives
 * the same order up to ties: a backlogged VC's next stamp is its previous one plus 1/r either
 * way, and a VC that emptied restarts from the last served stamp. With several VCs per queue the
 * two differ: the per-cell form (PerCellVirtualSpacingCellScheduler, `vs`) spaces each VC's cells
 * by its own MCR, this form spaces a queue's cells by the sum of its VCs' MCRs whichever of them
 * sends.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998, ch. 7.2.2 and 8.4 (per-VC
 * threshold with Virtual Spacing); Virtual Spacing after J. W. Roberts.
 */
class VirtualSpacingCellScheduler : public AtmCellScheduler
{
  public:
    /// Which of several queues with the smallest tag is served.
    enum TieRule
    {
        TIE_LAST,  //!< the last (highest id): BON Fig. 8.28
        TIE_FIRST, //!< the first (lowest id): BON Fig. 8.31's strict comparison
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    VirtualSpacingCellScheduler();
    ~VirtualSpacingCellScheduler() override;

    /**
     * @param queue a queue id
     * @return r_j, the queue's weight in cells/s (BestEffortWeight if its VCs have no MCR)
     */
    double GetWeight(uint32_t queue) const;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyVcAdded(const AtmPortState& state, uint32_t vc) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    double m_bestEffortWeight{1.0}; //!< "BestEffortWeight", cells/s
    TieRule m_tieRule{TIE_LAST};    //!< "TieRule"
    std::vector<double> m_mcr;      //!< per queue: sum of its VCs' MCRs, cells/s
    AtmVirtualSpacing m_tags;       //!< per queue: F_j (seconds); Vtime; the backlogged queues
};

} // namespace ns3

#endif // VIRTUAL_SPACING_CELL_SCHEDULER_H
