/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_QUEUE_ID_LIST_H
#define ATM_QUEUE_ID_LIST_H

#include "ns3/atm-port-state.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief An ordered set of queue ids as an intrusive doubly-linked list over arrays: O(1) push,
 * removal, move to the back and walk, no allocation after Resize().
 *
 * A helper for schedulers (composition, not inheritance: no scheduler derives from another).
 */
class AtmQueueIdList
{
  public:
    /// Marks "no queue" (end of list).
    static constexpr uint32_t NONE = 0xFFFFFFFFU;

    /**
     * @brief Allow queue ids 0 .. n-1 (configuration time only).
     * @param n number of queue ids
     */
    void Resize(uint32_t n);

    /// @return true if no id is in the list
    bool IsEmpty() const
    {
        return m_head == NONE;
    }

    /**
     * @param queue a queue id
     * @return true if the id is in the list
     */
    bool Contains(uint32_t queue) const
    {
        return m_in[queue] != 0;
    }

    /// @return the first id, or NONE
    uint32_t Front() const
    {
        return m_head;
    }

    /**
     * @param queue an id in the list
     * @return the id after it, or NONE
     */
    uint32_t Next(uint32_t queue) const
    {
        return m_next[queue];
    }

    /**
     * @brief Append an id that is not in the list.
     * @param queue the id
     */
    void PushBack(uint32_t queue);

    /**
     * @brief Remove an id that is in the list.
     * @param queue the id
     */
    void Remove(uint32_t queue);

    /**
     * @brief Move an id that is in the list to the back.
     * @param queue the id
     */
    void MoveToBack(uint32_t queue);

    /**
     * @brief The first id of the list that is eligible in a port state.
     * @param state the port state
     * @return the id, or NONE
     */
    uint32_t FirstEligible(const AtmPortState& state) const;

  private:
    std::vector<uint32_t> m_next; //!< successor of each id in the list
    std::vector<uint32_t> m_prev; //!< predecessor of each id in the list
    std::vector<uint8_t> m_in;    //!< 1 if the id is in the list
    uint32_t m_head{NONE};        //!< first id
    uint32_t m_tail{NONE};        //!< last id
};

} // namespace ns3

#endif // ATM_QUEUE_ID_LIST_H
