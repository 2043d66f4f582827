/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "virtual-spacing-cell-scheduler.h"

#include "atm-ns3-compat.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VirtualSpacingCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(VirtualSpacingCellScheduler);

TypeId
VirtualSpacingCellScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VirtualSpacingCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<VirtualSpacingCellScheduler>()
            .AddAttribute("BestEffortWeight",
                          "The weight, in cells/s, of a queue whose VCs have no MCR. Must be "
                          "positive.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&VirtualSpacingCellScheduler::m_bestEffortWeight),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("TieRule",
                          "Which queue among those with the smallest finish tag is served: Last "
                          "(highest id, BON Fig. 8.28) or First (lowest id, Fig. 8.31).",
                          EnumValue(TIE_LAST),
                          ATM_MAKE_ENUM_ACCESSOR(TieRule, &VirtualSpacingCellScheduler::m_tieRule),
                          MakeEnumChecker(TIE_LAST, "Last", TIE_FIRST, "First"));
    return tid;
}

VirtualSpacingCellScheduler::VirtualSpacingCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

VirtualSpacingCellScheduler::~VirtualSpacingCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

double
VirtualSpacingCellScheduler::GetWeight(uint32_t queue) const
{
    return m_mcr[queue] > 0 ? m_mcr[queue] : m_bestEffortWeight;
}

void
VirtualSpacingCellScheduler::DoNotifyQueueAdded(const AtmPortState& /* state */, uint32_t queue)
{
    m_mcr.push_back(0.0);
    m_finish.push_back(0.0);
    m_position.push_back(std::numeric_limits<uint32_t>::max());
    m_backlogged.reserve(queue + 1);
}

void
VirtualSpacingCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    m_mcr[state.GetVcQueue(vc)] += state.GetVcMcr(vc);
}

void
VirtualSpacingCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_finish[queue] = m_vtime + 1.0 / GetWeight(queue);
    m_position[queue] = static_cast<uint32_t>(m_backlogged.size());
    m_backlogged.push_back(queue);
}

void
VirtualSpacingCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    // Swap-remove: the order of m_backlogged does not matter (ties are broken by queue id).
    const uint32_t i = m_position[queue];
    const uint32_t last = m_backlogged.back();
    m_backlogged[i] = last;
    m_position[last] = i;
    m_backlogged.pop_back();
    m_position[queue] = std::numeric_limits<uint32_t>::max();
}

std::optional<uint32_t>
VirtualSpacingCellScheduler::DoSelectQueue(const AtmPortState& state, Time /* now */)
{
    std::optional<uint32_t> best;
    for (uint32_t q : m_backlogged)
    {
        if (!state.GetQueueMaySend(q))
        {
            continue;
        }
        if (!best || m_finish[q] < m_finish[*best] ||
            (m_finish[q] == m_finish[*best] && ((m_tieRule == TIE_LAST) ? q > *best : q < *best)))
        {
            best = q;
        }
    }
    return best;
}

void
VirtualSpacingCellScheduler::DoNotifyServed(uint32_t queue)
{
    m_vtime = m_finish[queue];
    m_finish[queue] = m_vtime + 1.0 / GetWeight(queue);
}

} // namespace ns3
