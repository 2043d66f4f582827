/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "per-cell-virtual-spacing-cell-scheduler.h"

#include "atm-virtual-spacing.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PerCellVirtualSpacingCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(PerCellVirtualSpacingCellScheduler);

TypeId
PerCellVirtualSpacingCellScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PerCellVirtualSpacingCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<PerCellVirtualSpacingCellScheduler>()
            .AddAttribute(
                "BestEffortWeight",
                "The weight, in cells/s, of a VC without MCR. Must be positive.",
                DoubleValue(1.0),
                MakeDoubleAccessor(&PerCellVirtualSpacingCellScheduler::m_bestEffortWeight),
                MakeDoubleChecker<double>(1e-9));
    return tid;
}

PerCellVirtualSpacingCellScheduler::PerCellVirtualSpacingCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

PerCellVirtualSpacingCellScheduler::~PerCellVirtualSpacingCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

double
PerCellVirtualSpacingCellScheduler::GetVcWeight(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "PerCellVirtualSpacingCellScheduler: unknown VC " << vc);
    return 1.0 / m_vcs[vc].spacing;
}

double
PerCellVirtualSpacingCellScheduler::GetVcSpacingTime(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "PerCellVirtualSpacingCellScheduler: unknown VC " << vc);
    return m_vcs[vc].vs;
}

double
PerCellVirtualSpacingCellScheduler::GetSpacingTime() const
{
    return m_spacingTime;
}

double
PerCellVirtualSpacingCellScheduler::GetHeadStamp(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size() || m_queues[queue].head == NONE,
                    "PerCellVirtualSpacingCellScheduler: queue " << queue << " unknown or empty");
    return m_records[m_queues[queue].head].stamp;
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    m_queues.emplace_back();
    m_backlogged.Resize(queue + 1);
    // One record per buffer place: the port never holds more than K cells. The pool only grows
    // here, at configuration time; new records join the free list.
    const uint32_t k = state.GetBufferCells();
    for (auto i = static_cast<uint32_t>(m_records.size()); i < k; ++i)
    {
        m_records.emplace_back();
        m_records.back().next = m_free;
        m_free = i;
    }
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    if (m_vcs.size() <= vc)
    {
        m_vcs.resize(vc + 1);
    }
    m_vcs[vc].spacing = 1.0 / AtmMcrWeight(state, vc, m_bestEffortWeight);
    m_vcs[vc].queue = state.GetVcQueue(vc);
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_backlogged.PushBack(queue);
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    NS_ASSERT(m_queues[queue].head == NONE);
    m_backlogged.Remove(queue);
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyEnqueued(const AtmPortState& state, uint32_t vc)
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(),
                    "PerCellVirtualSpacingCellScheduler: a cell of VC "
                        << vc << " but the VC was not notified by NotifyVcAdded()");
    NS_ABORT_MSG_IF(m_free == NONE,
                    "PerCellVirtualSpacingCellScheduler: more than "
                        << m_records.size()
                        << " cells stored; the pool is sized from the port's buffer K at "
                           "NotifyQueueAdded(), set K before adding queues");
    VcEntry& v = m_vcs[vc];
    const uint32_t r = m_free;
    Record& rec = m_records[r];
    m_free = rec.next;
    rec.undo = v.vs;
    v.vs = std::max(m_spacingTime, v.vs) + v.spacing;
    rec.stamp = v.vs;
    rec.seq = m_seq++;
    rec.vc = vc;
    QueueList& q = m_queues[v.queue];
    rec.next = NONE;
    rec.prev = q.tail;
    if (q.tail != NONE)
    {
        m_records[q.tail].next = r;
    }
    else
    {
        q.head = r;
    }
    q.tail = r;
    rec.vcPrev = v.newest;
    v.newest = r;
    ++v.cells;
}

void
PerCellVirtualSpacingCellScheduler::Release(uint32_t r, uint32_t queue)
{
    QueueList& q = m_queues[queue];
    Record& rec = m_records[r];
    if (rec.prev != NONE)
    {
        m_records[rec.prev].next = rec.next;
    }
    else
    {
        q.head = rec.next;
    }
    if (rec.next != NONE)
    {
        m_records[rec.next].prev = rec.prev;
    }
    else
    {
        q.tail = rec.prev;
    }
    rec.prev = NONE;
    rec.vcPrev = NONE;
    rec.next = m_free;
    m_free = r;
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyPurged(const AtmPortState& state, uint32_t vc)
{
    VcEntry& v = m_vcs[vc];
    NS_ASSERT_MSG(v.cells > 0, "PerCellVirtualSpacingCellScheduler: purge of VC " << vc);
    const uint32_t r = v.newest;
    v.vs = m_records[r].undo;
    --v.cells;
    v.newest = (v.cells == 0) ? NONE : m_records[r].vcPrev;
    Release(r, v.queue);
}

std::optional<uint32_t>
PerCellVirtualSpacingCellScheduler::DoSelectQueue(const AtmPortState& state, Time /* now */)
{
    uint32_t best = AtmQueueIdList::NONE;
    const Record* bestHead = nullptr;
    for (uint32_t q = m_backlogged.Front(); q != AtmQueueIdList::NONE; q = m_backlogged.Next(q))
    {
        if (!state.GetQueueMaySend(q))
        {
            continue;
        }
        const Record& head = m_records[m_queues[q].head];
        if (bestHead == nullptr || head.stamp < bestHead->stamp ||
            (head.stamp == bestHead->stamp && head.seq < bestHead->seq))
        {
            best = q;
            bestHead = &head;
        }
    }
    if (best == AtmQueueIdList::NONE)
    {
        return std::nullopt;
    }
    return best;
}

void
PerCellVirtualSpacingCellScheduler::DoNotifyServed(uint32_t queue)
{
    const uint32_t r = m_queues[queue].head;
    NS_ASSERT(r != NONE);
    const Record& rec = m_records[r];
    m_spacingTime = rec.stamp;
    VcEntry& v = m_vcs[rec.vc];
    --v.cells;
    if (v.cells == 0)
    {
        v.newest = NONE;
    }
    Release(r, queue);
}

} // namespace ns3
