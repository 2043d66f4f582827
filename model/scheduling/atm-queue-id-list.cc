/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-queue-id-list.h"

#include "ns3/assert.h"

namespace ns3
{

void
AtmQueueIdList::Resize(uint32_t n)
{
    NS_ASSERT(n >= m_next.size());
    m_next.resize(n, NONE);
    m_prev.resize(n, NONE);
    m_in.resize(n, 0);
}

void
AtmQueueIdList::PushBack(uint32_t queue)
{
    NS_ASSERT_MSG(queue < m_in.size() && m_in[queue] == 0, "queue " << queue);
    m_in[queue] = 1;
    m_next[queue] = NONE;
    m_prev[queue] = m_tail;
    if (m_tail == NONE)
    {
        m_head = queue;
    }
    else
    {
        m_next[m_tail] = queue;
    }
    m_tail = queue;
}

void
AtmQueueIdList::Remove(uint32_t queue)
{
    NS_ASSERT_MSG(queue < m_in.size() && m_in[queue] != 0, "queue " << queue);
    const uint32_t prev = m_prev[queue];
    const uint32_t next = m_next[queue];
    if (prev == NONE)
    {
        m_head = next;
    }
    else
    {
        m_next[prev] = next;
    }
    if (next == NONE)
    {
        m_tail = prev;
    }
    else
    {
        m_prev[next] = prev;
    }
    m_in[queue] = 0;
    m_next[queue] = NONE;
    m_prev[queue] = NONE;
}

void
AtmQueueIdList::MoveToBack(uint32_t queue)
{
    if (queue != m_tail)
    {
        Remove(queue);
        PushBack(queue);
    }
}

uint32_t
AtmQueueIdList::FirstEligible(const AtmPortState& state) const
{
    uint32_t q = m_head;
    while (q != NONE && !state.IsQueueEligible(q))
    {
        q = m_next[q];
    }
    return q;
}

} // namespace ns3
