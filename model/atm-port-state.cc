/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-state.h"

#include "ns3/abort.h"
#include "ns3/assert.h"

#include <cmath>

namespace ns3
{

const char*
ToString(AtmFrameState state)
{
    switch (state)
    {
    case AtmFrameState::IDLE:
        return "IDLE";
    case AtmFrameState::ACCEPT:
        return "ACCEPT";
    case AtmFrameState::DROP_PPD:
        return "DROP_PPD";
    case AtmFrameState::DROP_ALL:
        return "DROP_ALL";
    }
    return "invalid";
}

std::ostream&
operator<<(std::ostream& os, AtmFrameState state)
{
    return os << ToString(state);
}

AtmPortState::AtmPortState(uint32_t bufferCells)
    : m_bufferCells(bufferCells)
{
}

void
AtmPortState::SetBufferCells(uint32_t bufferCells)
{
    NS_ABORT_MSG_IF(bufferCells < m_cells,
                    "AtmPortState: BufferCells=" << bufferCells << " is below the " << m_cells
                                                 << " cells already buffered; resize before "
                                                    "cells arrive");
    m_bufferCells = bufferCells;
}

uint32_t
AtmPortState::AddQueue(AtmServiceCategory category)
{
    Queue q;
    q.category = category;
    m_queues.push_back(q);
    return static_cast<uint32_t>(m_queues.size() - 1);
}

uint32_t
AtmPortState::AddVc(AtmServiceCategory category, uint32_t queue)
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(),
                    "AtmPortState: AddVc names queue " << queue << " but the port has "
                                                       << m_queues.size()
                                                       << " queues; call AddQueue() first");
    Vc vc;
    vc.queue = queue;
    vc.category = category;
    m_vcs.push_back(vc);
    m_contracts.emplace_back();
    m_mcrMilli.push_back(0);
    return static_cast<uint32_t>(m_vcs.size() - 1);
}

uint32_t
AtmPortState::AddVc(const AtmTrafficContract& contract, uint32_t queue)
{
    const uint32_t vc = AddVc(contract.GetCategory(), queue);
    m_contracts[vc] = contract;
    m_mcrMilli[vc] =
        static_cast<uint64_t>(std::llround(contract.GetMcr().GetCellsPerSecond() * 1000.0));
    return vc;
}

bool
AtmPortState::OnEnqueue(uint32_t vc, bool eligible)
{
    NS_ASSERT_MSG(vc < m_vcs.size(), "AtmPortState: unknown VC " << vc);
    NS_ASSERT_MSG(m_cells < m_bufferCells,
                  "AtmPortState: enqueue with X=" << m_cells << " >= K=" << m_bufferCells);
    Vc& v = m_vcs[vc];
    Queue& q = m_queues[v.queue];
    if (v.cells == 0)
    {
        ++m_activeVcs;
        m_activeMcrMilli += m_mcrMilli[vc];
    }
    const bool wasEmpty = (q.cells == 0);
    m_eligibleQueues += (wasEmpty && q.maySend) ? 1 : 0;
    ++v.cells;
    ++q.cells;
    ++m_cells;
    v.nonEligibleCells += eligible ? 0 : 1;
    m_nonEligibleCells += eligible ? 0 : 1;
    // Local consequences of the identities (the full check is O(V + Q), see CheckInvariants).
    NS_ASSERT(v.cells <= q.cells && q.cells <= m_cells && m_activeVcs <= m_vcs.size());
    return wasEmpty;
}

bool
AtmPortState::OnDequeue(uint32_t vc, bool eligible)
{
    NS_ASSERT_MSG(vc < m_vcs.size(), "AtmPortState: unknown VC " << vc);
    Vc& v = m_vcs[vc];
    Queue& q = m_queues[v.queue];
    NS_ASSERT_MSG(v.cells > 0, "AtmPortState: dequeue from VC " << vc << " which has no cell");
    NS_ASSERT(q.cells >= v.cells && m_cells >= q.cells);
    NS_ASSERT_MSG(eligible || v.nonEligibleCells > 0,
                  "AtmPortState: dequeue of a non-eligible cell from VC " << vc
                                                                          << " which has none");
    v.nonEligibleCells -= eligible ? 0 : 1;
    m_nonEligibleCells -= eligible ? 0 : 1;
    NS_ASSERT_MSG(v.purgeablePdus <= v.nonEligibleCells,
                  "AtmPortState: VC " << vc << " left with " << v.purgeablePdus
                                      << " whole non-eligible PDUs but " << v.nonEligibleCells
                                      << " non-eligible cells");
    --v.cells;
    --q.cells;
    --m_cells;
    if (v.cells == 0)
    {
        --m_activeVcs;
        m_activeMcrMilli -= m_mcrMilli[vc];
    }
    const bool nowEmpty = (q.cells == 0);
    m_eligibleQueues -= (nowEmpty && q.maySend) ? 1 : 0;
    return nowEmpty;
}

void
AtmPortState::AddPurgeablePdu(uint32_t vc)
{
    NS_ASSERT_MSG(vc < m_vcs.size(), "AtmPortState: unknown VC " << vc);
    Vc& v = m_vcs[vc];
    NS_ASSERT_MSG(v.purgeablePdus < v.nonEligibleCells,
                  "AtmPortState: VC " << vc << " cannot hold " << v.purgeablePdus + 1
                                      << " whole non-eligible PDUs with " << v.nonEligibleCells
                                      << " non-eligible cells");
    ++v.purgeablePdus;
}

void
AtmPortState::RemovePurgeablePdu(uint32_t vc)
{
    NS_ASSERT_MSG(vc < m_vcs.size(), "AtmPortState: unknown VC " << vc);
    Vc& v = m_vcs[vc];
    NS_ASSERT_MSG(v.purgeablePdus > 0,
                  "AtmPortState: VC " << vc << " has no whole non-eligible PDU to remove");
    --v.purgeablePdus;
}

void
AtmPortState::SetFrameState(uint32_t vc, AtmFrameState state)
{
    NS_ASSERT_MSG(vc < m_vcs.size(), "AtmPortState: unknown VC " << vc);
    m_vcs[vc].frameState = state;
}

void
AtmPortState::SetQueueMaySend(uint32_t queue, bool maySend)
{
    NS_ASSERT_MSG(queue < m_queues.size(), "AtmPortState: unknown queue " << queue);
    Queue& q = m_queues[queue];
    if (q.cells > 0 && q.maySend != maySend)
    {
        if (maySend)
        {
            ++m_eligibleQueues;
        }
        else
        {
            --m_eligibleQueues;
        }
    }
    q.maySend = maySend;
}

bool
AtmPortState::CheckInvariants() const
{
    std::vector<uint64_t> queueCells(m_queues.size(), 0);
    uint64_t cells = 0;
    uint32_t active = 0;
    uint64_t activeMcr = 0;
    uint64_t nonEligible = 0;
    for (uint32_t i = 0; i < m_vcs.size(); ++i)
    {
        const Vc& v = m_vcs[i];
        if (v.queue >= m_queues.size() || v.nonEligibleCells > v.cells ||
            v.purgeablePdus > v.nonEligibleCells)
        {
            return false;
        }
        nonEligible += v.nonEligibleCells;
        queueCells[v.queue] += v.cells;
        cells += v.cells;
        active += (v.cells > 0) ? 1 : 0;
        activeMcr += (v.cells > 0) ? m_mcrMilli[i] : 0;
    }
    uint32_t eligible = 0;
    for (uint32_t i = 0; i < m_queues.size(); ++i)
    {
        if (queueCells[i] != m_queues[i].cells)
        {
            return false;
        }
        eligible += (m_queues[i].cells > 0 && m_queues[i].maySend) ? 1 : 0;
    }
    return cells == m_cells && m_cells <= m_bufferCells && active == m_activeVcs &&
           activeMcr == m_activeMcrMilli && eligible == m_eligibleQueues &&
           nonEligible == m_nonEligibleCells;
}

} // namespace ns3
