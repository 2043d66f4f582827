/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "priority-cell-scheduler.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/string.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PriorityCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(PriorityCellScheduler);

namespace
{
/// Levels above this are a configuration mistake (and would size the level table needlessly).
constexpr uint32_t MAX_LEVEL = 63;
} // namespace

TypeId
PriorityCellScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PriorityCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<PriorityCellScheduler>()
            .AddAttribute("QueuePriorities",
                          "Priority level of each queue id, whitespace-separated, 0 highest "
                          "(e.g. \"0 1 1\"). Empty: by the queue's service category (CBR 0, "
                          "rt-VBR 1, nrt-VBR 2, ABR/GFR 3, UBR 4).",
                          StringValue(""),
                          MakeStringAccessor(&PriorityCellScheduler::SetQueuePriorities,
                                             &PriorityCellScheduler::GetQueuePriorities),
                          MakeStringChecker());
    return tid;
}

PriorityCellScheduler::PriorityCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

PriorityCellScheduler::~PriorityCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
PriorityCellScheduler::GetDefaultLevel(AtmServiceCategory category)
{
    switch (category)
    {
    case AtmServiceCategory::CBR:
        return 0;
    case AtmServiceCategory::RT_VBR:
        return 1;
    case AtmServiceCategory::NRT_VBR:
        return 2;
    case AtmServiceCategory::ABR:
    case AtmServiceCategory::GFR:
        return 3;
    case AtmServiceCategory::UBR:
        return 4;
    }
    return 4;
}

uint32_t
PriorityCellScheduler::GetLevel(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_levelOf.size(),
                    "PriorityCellScheduler: GetLevel(" << queue << ") for a queue never added");
    return m_levelOf[queue];
}

void
PriorityCellScheduler::SetQueuePriorities(std::string priorities)
{
    NS_ABORT_MSG_IF(!m_levelOf.empty(),
                    "PriorityCellScheduler: QueuePriorities set after queues were added; "
                    "configure the scheduler before attaching it to a port");
    std::istringstream in(priorities);
    std::vector<uint32_t> levels;
    std::string token;
    while (in >> token)
    {
        uint32_t level = 0;
        std::istringstream tokenIn(token);
        const bool ok = static_cast<bool>(tokenIn >> level) && tokenIn.eof() &&
                        token.find('-') == std::string::npos;
        NS_ABORT_MSG_IF(!ok || level > MAX_LEVEL,
                        "PriorityCellScheduler: QueuePriorities=\""
                            << priorities << "\" has the entry \"" << token
                            << "\"; give whitespace-separated integers 0.." << MAX_LEVEL);
        levels.push_back(level);
    }
    m_prioritiesText = priorities;
    m_configured = levels;
}

std::string
PriorityCellScheduler::GetQueuePriorities() const
{
    return m_prioritiesText;
}

void
PriorityCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    uint32_t level = GetDefaultLevel(state.GetQueueServiceCategory(queue));
    if (!m_configured.empty())
    {
        NS_ABORT_MSG_IF(queue >= m_configured.size(),
                        "PriorityCellScheduler: QueuePriorities=\""
                            << m_prioritiesText << "\" gives " << m_configured.size()
                            << " levels but the port adds queue " << queue
                            << "; give one level per queue");
        level = m_configured[queue];
    }
    m_levelOf.push_back(level);
    if (m_levels.size() <= level)
    {
        m_levels.resize(level + 1);
    }
    // Every level's list accepts every queue id, so the lists never reallocate per cell.
    for (AtmQueueIdList& list : m_levels)
    {
        list.Resize(queue + 1);
    }
}

void
PriorityCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_levels[m_levelOf[queue]].PushBack(queue);
}

void
PriorityCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_levels[m_levelOf[queue]].Remove(queue);
}

std::optional<uint32_t>
PriorityCellScheduler::DoSelectQueue(const AtmPortState& state, Time now)
{
    for (const AtmQueueIdList& list : m_levels)
    {
        const uint32_t q = list.FirstEligible(state);
        if (q != AtmQueueIdList::NONE)
        {
            return q;
        }
    }
    return std::nullopt;
}

} // namespace ns3
