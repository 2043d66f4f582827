/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLEXIBLE_RU_CELL_SCHEDULER_H
#define FLEXIBLE_RU_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-virtual-spacing.h"

#include "ns3/traced-callback.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::FlexibleRuCellScheduler: Bonaventure's flexible two-level scheduler, a reserved part (R,
 * non-work-conserving Virtual Spacing on the MCRs) and an unreserved part (U, work-conserving
 * Virtual Spacing on administrative weights, per queue or per group).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The flexible two-level R/U scheduler of BON ch. 8.4 (Figs 8.29 to 8.35): the R part
 * gives each queue its MCR and never more, the U part shares every slot R leaves (unreserved
 * and unused reserved bandwidth) by administrative weights W.
 *
 * @verbatim
   per queue j: MCR_j (cells/s; sum of its VCs' MCRs), F_R[j];  per U flow g: W_g, F_U[g]
   globals V_R, V_U (virtual times), time = the slot start `now`

   first cell in queue j (NotifyBacklogged + NotifyEnqueued, arrival instant t):
       if MCR_j > 0:  F_R[j] = V_R + 1/MCR_j            (ClampRToRealTime: max(V_R, t) + 1/MCR_j)
       g = group of j; if g had no backlogged queue: F_U[g] = V_U + 1/W_g
       append j to g's round-robin list
   each slot (SelectQueue(state, now)):
       s = argmin F_R over the backlogged queues with MCR > 0 that may send
       if s exists and F_R[s] <= now:  send s (R);  V_R = F_R[s];  F_R[s] += 1/MCR_s
       else if WorkConserving:
           g = argmin F_U over the groups with a queue that may send
           u = the first queue of g's list that may send
           send u (U);  V_U = F_U[g];  F_U[g] = V_U + 1/W_g;  move u to the back of g's list
       else: idle                                          (Fig 8.29: Virtual Spacing alone)
   @endverbatim
 * R never touches F_U and U never touches F_R. Ties go to the lowest id (Fig 8.31's strict
 * comparison). "F_R <= now" is the test of Fig 8.29's code; its prose says "timestamp >= real
 * time", which is inverted (the code is right: a queue is due once its tag is not in the future).
 * With greedy queues (always backlogged) queue i receives, per eq. 8.13,
 * Rate[i] = MCR[i] + U x W[i] / sum_j W[j], U = link rate - sum of the MCRs.
 *
 * Grouping (attribute "Grouping"):
 * - PerQueue (default): every queue is its own U flow with W_g = W_j (Fig 8.30).
 * - Explicit: queues are grouped by "QueueGroups" / SetQueueGroup() (a queue without a group is
 *   a group of its own); one U tag per group, round robin inside it (Figs 8.34 and 8.35, with
 *   two typos of Fig 8.34 fixed: the group tag advances by 1/Group[g].W, not 1/Group[g].F_U, and
 *   the queue j, not the group g, joins the tail of the group's list). Greedy rate (eq. 8.14):
 *   Rate[i] = MCR[i] + (1/N_g) x U x W_g / sum_k W_k, N_g the group's queues.
 * - ByWeight: queues of identical W form a group (the grouping of the efficient implementation
 *   after Bennett, Stephens and Zhang, where VCs of one weight share a list).
 * W_g is "GroupWeights" / SetGroupWeight() if given, else (our choice) the sum of its queues' W,
 * so that grouping by weight gives greedy queues the same rates as PerQueue (eq. 8.14 with
 * W_g = N_g W reduces to eq. 8.13).
 *
 * Weights (our choice where BON leaves the values to the operator): a VC's W is its entry in
 * "VcWeights" / SetVcWeight(), else "DefaultWeight" (default 1); a queue's W is its entry in
 * "QueueWeights" / SetQueueWeight(), else the sum of its VCs' W (DefaultWeight for a queue
 * without VCs). The default W = 1 for every VC gives "MCR plus an equal share of the rest", the
 * plainest of the GFR fairness criteria; weights proportional to the MCRs reproduce the
 * per-queue Virtual Spacing scheduler's sharing. Weights are unitless; U tags are in 1/W units.
 *
 * Time: R tags are seconds (1/MCR with the MCR in cells/s) compared with the slot start `now`
 * that SelectQueue() receives. The port's slot starts are the exact slot instants rounded to the
 * time resolution, so a tag up to half a time step after `now` counts as due (a tag due at the
 * exact slot start is never missed; R's long-run rate is unaffected since F_R advances by exactly
 * 1/MCR). After an idle period V_R may lie far behind real time: faithfully (ClampRToRealTime
 * false), a queue that becomes backlogged then gets back-to-back R service until F_R catches up
 * with real time; ClampRToRealTime starts its tag from max(V_R, arrival) instead (arrival =
 * state.GetNow() in NotifyEnqueued(), the cell's arrival instant at the port).
 *
 * Other choices: a queue that may not send is skipped by both parts and keeps its tags (and its
 * place in its group's list); NotifyServed() for a queue other than the one just selected counts
 * as a U service. IsWorkConserving() is the "WorkConserving" attribute. Trace source "Served"
 * (queue, true if by R) fires at each NotifyServed().
 *
 * Cost per selection: O(backlogged queues with an MCR) for R plus O(backlogged groups) for U,
 * plus one step per held-back queue skipped in a group's list; nothing is allocated per cell.
 * The efficient implementation of eq. 8.8 (a FIFO per weight, only heads compared) would save
 * the scans only for ports with many queues of few distinct weights; the reproductions have at
 * most a few tens of queues per port, where the scan of a contiguous array is as cheap and keeps
 * held-back queues simple; ByWeight grouping offers the O(distinct weights) U scan where it
 * pays.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998, ch. 8.4 (Figs 8.29 to 8.35,
 * eqs. 8.8, 8.13 and 8.14); Virtual Spacing after J. W. Roberts; sorted lists per weight after
 * J. C. R. Bennett, D. C. Stephens and H. Zhang.
 */
class FlexibleRuCellScheduler : public AtmCellScheduler
{
  public:
    /// How queues are grouped for the U part.
    enum Grouping
    {
        PER_QUEUE, //!< one U flow per queue (eq. 8.13)
        EXPLICIT,  //!< groups from QueueGroups / SetQueueGroup() (eq. 8.14)
        BY_WEIGHT, //!< queues of identical W share a group
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    FlexibleRuCellScheduler();
    ~FlexibleRuCellScheduler() override;

    /**
     * @brief Signature of "Served".
     * @param queue the queue served
     * @param reserved true if the R part served it, false for the U part
     */
    typedef void (*ServedTracedCallback)(uint32_t queue, bool reserved);

    bool IsWorkConserving() const override;

    /**
     * @brief Set a VC's administrative weight W (before the port adds its VCs, or any time
     *        while no queue is backlogged).
     * @param vc the VC index
     * @param weight W, positive
     */
    void SetVcWeight(uint32_t vc, double weight);

    /**
     * @brief Set a queue's administrative weight W, overriding the sum of its VCs' (same timing
     *        as SetVcWeight()).
     * @param queue the queue id
     * @param weight W, positive
     */
    void SetQueueWeight(uint32_t queue, double weight);

    /**
     * @brief Put a queue into a group (Grouping Explicit; same timing as SetVcWeight()).
     * @param queue the queue id
     * @param group any group id the caller chooses
     */
    void SetQueueGroup(uint32_t queue, uint32_t group);

    /**
     * @brief Set a group's weight W_g (Grouping Explicit; same timing as SetVcWeight()).
     * @param group the group id used in SetQueueGroup()
     * @param weight W_g, positive
     */
    void SetGroupWeight(uint32_t group, double weight);

    /**
     * @param queue a queue id
     * @return its W (the rule in the class description)
     */
    double GetQueueWeight(uint32_t queue) const;

    /**
     * @param queue a queue id
     * @return its MCR, the sum of its VCs' MCRs, cells/s (0: no R service)
     */
    double GetQueueMcr(uint32_t queue) const;

    /**
     * @param queue a queue id
     * @return the index of its U flow (0 .. GetNUFlows() - 1; with PerQueue the queue id)
     */
    uint32_t GetUFlow(uint32_t queue) const;

    /// @return the number of U flows (queues with PerQueue, groups otherwise)
    uint32_t GetNUFlows() const;

    /**
     * @param flow a U flow index
     * @return its weight W_g
     */
    double GetUFlowWeight(uint32_t flow) const;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyVcAdded(const AtmPortState& state, uint32_t vc) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    void DoNotifyEnqueued(const AtmPortState& state, uint32_t vc) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    /// @param text "VcWeights"
    void SetVcWeightsText(std::string text);
    /// @return "VcWeights"
    std::string GetVcWeightsText() const;
    /// @param text "QueueWeights"
    void SetQueueWeightsText(std::string text);
    /// @return "QueueWeights"
    std::string GetQueueWeightsText() const;
    /// @param text "QueueGroups"
    void SetQueueGroupsText(std::string text);
    /// @return "QueueGroups"
    std::string GetQueueGroupsText() const;
    /// @param text "GroupWeights"
    void SetGroupWeightsText(std::string text);
    /// @return "GroupWeights"
    std::string GetGroupWeightsText() const;

    /**
     * @brief Recompute every queue's W, its U flow and the U flows' weights from the
     *        configuration (configuration time: O(Q + V)). Aborts if a backlogged queue would
     *        change U flow.
     */
    void Rebuild();

    /**
     * @param flow a U flow
     * @param state the port state
     * @return the first queue of the flow's round-robin list that may send, or NONE
     */
    uint32_t FirstEligible(uint32_t flow, const AtmPortState& state) const;

    /// @param flow a U flow @param queue a queue to append to its list
    void PushBack(uint32_t flow, uint32_t queue);
    /// @param flow a U flow @param queue a queue of its list to remove
    void Remove(uint32_t flow, uint32_t queue);

    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max(); //!< null index

    /// Per-U-flow round-robin list ends.
    struct FlowList
    {
        uint32_t head{NONE}; //!< first queue
        uint32_t tail{NONE}; //!< last queue
    };

    // Attributes and configuration.
    double m_defaultWeight{1.0};           //!< "DefaultWeight"
    Grouping m_grouping{PER_QUEUE};        //!< "Grouping"
    bool m_clamp{false};                   //!< "ClampRToRealTime"
    bool m_workConserving{true};           //!< "WorkConserving"
    std::string m_vcWeightsText;           //!< "VcWeights" as set
    std::string m_queueWeightsText;        //!< "QueueWeights" as set
    std::string m_queueGroupsText;         //!< "QueueGroups" as set
    std::string m_groupWeightsText;        //!< "GroupWeights" as set
    std::vector<double> m_vcWeightCfg;     //!< per VC: configured W (0: DefaultWeight)
    std::vector<double> m_queueWeightCfg;  //!< per queue: configured W (0: from its VCs)
    std::vector<uint32_t> m_queueGroupCfg; //!< per queue: configured group (NONE: own group)
    std::vector<double> m_groupWeightCfg;  //!< per group id: configured W_g (0: sum of members)

    // Port structure learnt from the notifications.
    std::vector<double> m_queueMcr;    //!< per queue: sum of its VCs' MCRs, cells/s
    std::vector<uint32_t> m_vcQueue;   //!< per VC: its queue
    std::vector<double> m_queueWeight; //!< per queue: W (Rebuild())
    std::vector<uint32_t> m_flowOf;    //!< per queue: its U flow (Rebuild())
    std::vector<double> m_flowWeight;  //!< per U flow: W_g (Rebuild())

    // Scheduling state.
    AtmVirtualSpacing m_r;             //!< R tags (seconds) per queue, V_R
    AtmVirtualSpacing m_u;             //!< U tags (1/W units) per U flow, V_U
    std::vector<FlowList> m_lists;     //!< per U flow: its backlogged queues, in turn order
    std::vector<uint32_t> m_next;      //!< per queue: next queue in its flow's list
    std::vector<uint32_t> m_prev;      //!< per queue: previous queue in its flow's list
    std::vector<uint8_t> m_backlogged; //!< per queue: 1 while backlogged
    std::vector<uint8_t> m_fresh;      //!< per queue: backlogged, first cell not yet seen
    double m_halfStep{0.0};            //!< half the time resolution, s
    uint32_t m_selected{NONE};         //!< the queue SelectQueue() returned last
    bool m_selectedByR{false};         //!< whether R selected it

    TracedCallback<uint32_t, bool> m_servedTrace; //!< "Served"
};

} // namespace ns3

#endif // FLEXIBLE_RU_CELL_SCHEDULER_H
