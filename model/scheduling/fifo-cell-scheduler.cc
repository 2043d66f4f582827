/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fifo-cell-scheduler.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FifoCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(FifoCellScheduler);

TypeId
FifoCellScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FifoCellScheduler")
                            .SetParent<AtmCellScheduler>()
                            .SetGroupName("Atm")
                            .AddConstructor<FifoCellScheduler>();
    return tid;
}

FifoCellScheduler::FifoCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

FifoCellScheduler::~FifoCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
FifoCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    m_order.Resize(queue + 1);
}

void
FifoCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_order.PushBack(queue);
}

void
FifoCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_order.Remove(queue);
}

std::optional<uint32_t>
FifoCellScheduler::DoSelectQueue(const AtmPortState& state, Time now)
{
    // A served queue stays at the front until it empties: exhaustive service in arrival order.
    const uint32_t q = m_order.FirstEligible(state);
    if (q == AtmQueueIdList::NONE)
    {
        return std::nullopt;
    }
    return q;
}

} // namespace ns3
