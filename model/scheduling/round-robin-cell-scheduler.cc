/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-robin-cell-scheduler.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoundRobinCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(RoundRobinCellScheduler);

TypeId
RoundRobinCellScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoundRobinCellScheduler")
                            .SetParent<AtmCellScheduler>()
                            .SetGroupName("Atm")
                            .AddConstructor<RoundRobinCellScheduler>();
    return tid;
}

RoundRobinCellScheduler::RoundRobinCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

RoundRobinCellScheduler::~RoundRobinCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
RoundRobinCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    m_ring.Resize(queue + 1);
}

void
RoundRobinCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_ring.PushBack(queue);
}

void
RoundRobinCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_ring.Remove(queue);
}

std::optional<uint32_t>
RoundRobinCellScheduler::DoSelectQueue(const AtmPortState& state, Time now)
{
    const uint32_t q = m_ring.FirstEligible(state);
    if (q == AtmQueueIdList::NONE)
    {
        return std::nullopt;
    }
    return q;
}

void
RoundRobinCellScheduler::DoNotifyServed(uint32_t queue)
{
    // Rotating only the served queue leaves passed-over (ineligible) queues at the front, so they
    // do not lose their turn; the served queue waits behind every other backlogged queue.
    m_ring.MoveToBack(queue);
}

} // namespace ns3
