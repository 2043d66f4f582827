/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PRIORITY_CELL_SCHEDULER_H
#define PRIORITY_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Strict priority between the queues of an output port (JAIN AF-424, BON).
 *
 * Each queue has a priority level, 0 being the highest. A slot goes to the highest level that has
 * an eligible queue; within a level, queues are served first-in first-out in the order they became
 * backlogged, each until it is empty (as FifoCellScheduler):
 * @verbatim
   SelectQueue():
       for level = 0, 1, 2, ...:
           q = first eligible queue of level's FIFO of backlogged queues
           if q exists: return q
       return none
   @endverbatim
 *
 * Levels: by default a queue's level follows the service category it was created with
 * (AtmPortState::AddQueue()): CBR 0, rt-VBR 1, nrt-VBR 2, ABR and GFR 3, UBR 4, i.e. real-time
 * before non-real-time as in the per-class output-buffered switches of JAIN (AF-424, Fig. 1:
 * VBR strictly before UBR when GR = 0) and BON (Fig. 8.19). The attribute "QueuePriorities"
 * overrides this with one level per queue id, e.g. "0 1 1" for queue 0 above queues 1 and 2.
 * A lower-priority queue can starve; the guaranteed-rate variant of JAIN is a different class.
 * Work-conserving; O(levels) per selection plus one step per queue passed over.
 */
class PriorityCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PriorityCellScheduler();
    ~PriorityCellScheduler() override;

    /**
     * @brief The default level of a service category (0 is the highest).
     * @param category the category
     * @return CBR 0, rt-VBR 1, nrt-VBR 2, ABR 3, GFR 3, UBR 4
     */
    static uint32_t GetDefaultLevel(AtmServiceCategory category);

    /**
     * @param queue a queue id already notified
     * @return its priority level
     */
    uint32_t GetLevel(uint32_t queue) const;

  private:
    /**
     * @brief Setter of "QueuePriorities": parse and validate the list.
     * @param priorities whitespace-separated levels, one per queue id (empty: by category)
     */
    void SetQueuePriorities(std::string priorities);
    /// @return the "QueuePriorities" string
    std::string GetQueuePriorities() const;

    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;

    std::string m_prioritiesText;         //!< the attribute as given
    std::vector<uint32_t> m_configured;   //!< parsed "QueuePriorities" (empty: by category)
    std::vector<uint32_t> m_levelOf;      //!< level of each notified queue
    std::vector<AtmQueueIdList> m_levels; //!< per level, backlogged queues in FIFO order
};

} // namespace ns3

#endif // PRIORITY_CELL_SCHEDULER_H
