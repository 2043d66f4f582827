/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-scheduler.h"

#include "ns3/assert.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(AtmCellScheduler);

TypeId
AtmCellScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellScheduler").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmCellScheduler::AtmCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

AtmCellScheduler::~AtmCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCellScheduler::NotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    NS_LOG_FUNCTION(this << queue);
    NS_ASSERT_MSG(queue == m_backlogged.size() && queue < state.GetNQueues(),
                  GetInstanceTypeId().GetName()
                      << ": queue " << queue << " added out of order (expected "
                      << m_backlogged.size() << ")");
    m_backlogged.push_back(0);
    m_cells.push_back(0);
    DoNotifyQueueAdded(state, queue);
}

void
AtmCellScheduler::NotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    NS_ASSERT_MSG(vc < state.GetNVcs() && state.GetVcQueue(vc) < m_backlogged.size(),
                  GetInstanceTypeId().GetName()
                      << ": VC " << vc << " added before its queue was notified");
    DoNotifyVcAdded(state, vc);
}

void
AtmCellScheduler::NotifyBacklogged(uint32_t queue)
{
    NS_ASSERT_MSG(queue < m_backlogged.size() && m_backlogged[queue] == 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyBacklogged(" << queue << ") for an unknown or backlogged queue");
    m_backlogged[queue] = 1;
    DoNotifyBacklogged(queue);
}

void
AtmCellScheduler::NotifyEmptied(uint32_t queue)
{
    NS_ASSERT_MSG(queue < m_backlogged.size() && m_backlogged[queue] != 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyEmptied(" << queue << ") for an unknown or empty queue");
    NS_ASSERT_MSG(m_cells[queue] == 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyEmptied(" << queue << ") with " << m_cells[queue]
                      << " cells notified by NotifyEnqueued and not yet served or purged");
    m_backlogged[queue] = 0;
    DoNotifyEmptied(queue);
}

void
AtmCellScheduler::NotifyEnqueued(const AtmPortState& state, uint32_t vc)
{
    NS_ASSERT_MSG(vc < state.GetNVcs() && state.GetVcQueue(vc) < m_backlogged.size() &&
                      m_backlogged[state.GetVcQueue(vc)] != 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyEnqueued for VC " << vc
                      << " whose queue is unknown or was not notified backlogged");
    ++m_cells[state.GetVcQueue(vc)];
    DoNotifyEnqueued(state, vc);
}

void
AtmCellScheduler::NotifyPurged(const AtmPortState& state, uint32_t vc)
{
    NS_ASSERT_MSG(vc < state.GetNVcs() && state.GetVcQueue(vc) < m_backlogged.size() &&
                      m_cells[state.GetVcQueue(vc)] > 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyPurged for VC " << vc << " whose queue holds no notified cell");
    --m_cells[state.GetVcQueue(vc)];
    DoNotifyPurged(state, vc);
}

std::optional<uint32_t>
AtmCellScheduler::SelectQueue(const AtmPortState& state, Time now)
{
    NS_ASSERT_MSG(state.GetNQueues() == m_backlogged.size(),
                  GetInstanceTypeId().GetName()
                      << ": the port has " << state.GetNQueues() << " queues but "
                      << m_backlogged.size() << " were notified");
    const std::optional<uint32_t> q = DoSelectQueue(state, now);
    NS_ASSERT_MSG(!q || (*q < m_backlogged.size() && state.IsQueueEligible(*q)),
                  GetInstanceTypeId().GetName()
                      << ": selected queue " << *q << " which is empty or may not send");
    NS_ASSERT_MSG(q || !IsWorkConserving() || state.GetNEligibleQueues() == 0,
                  GetInstanceTypeId().GetName()
                      << ": work-conserving scheduler idle with " << state.GetNEligibleQueues()
                      << " eligible queues");
    return q;
}

void
AtmCellScheduler::NotifyServed(uint32_t queue)
{
    NS_ASSERT_MSG(queue < m_backlogged.size() && m_backlogged[queue] != 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyServed(" << queue << ") for an unknown or empty queue");
    NS_ASSERT_MSG(m_cells[queue] > 0,
                  GetInstanceTypeId().GetName()
                      << ": NotifyServed(" << queue
                      << ") but no cell of it was notified by NotifyEnqueued");
    --m_cells[queue];
    DoNotifyServed(queue);
}

bool
AtmCellScheduler::IsWorkConserving() const
{
    return true;
}

void
AtmCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
}

void
AtmCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
}

void
AtmCellScheduler::DoNotifyServed(uint32_t queue)
{
}

void
AtmCellScheduler::DoNotifyEnqueued(const AtmPortState& state, uint32_t vc)
{
}

void
AtmCellScheduler::DoNotifyPurged(const AtmPortState& state, uint32_t vc)
{
}

} // namespace ns3
