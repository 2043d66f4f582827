/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "virtual-spacing-cell-scheduler.h"

#include "atm-ns3-compat.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

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
    m_tags.Resize(queue + 1);
}

void
VirtualSpacingCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    m_mcr[state.GetVcQueue(vc)] += state.GetVcMcr(vc);
}

void
VirtualSpacingCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_tags.SetSpacing(queue, 1.0 / GetWeight(queue));
    m_tags.Activate(queue, m_tags.GetVirtualTime());
}

void
VirtualSpacingCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_tags.Deactivate(queue);
}

std::optional<uint32_t>
VirtualSpacingCellScheduler::DoSelectQueue(const AtmPortState& state, Time /* now */)
{
    const uint32_t q = m_tags.SelectMin([&state](uint32_t j) { return state.GetQueueMaySend(j); },
                                        m_tieRule == TIE_LAST);
    if (q == AtmVirtualSpacing::NONE)
    {
        return std::nullopt;
    }
    return q;
}

void
VirtualSpacingCellScheduler::DoNotifyServed(uint32_t queue)
{
    m_tags.Serve(queue);
}

} // namespace ns3
