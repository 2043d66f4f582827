/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "weighted-round-robin-cell-scheduler.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WeightedRoundRobinCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(WeightedRoundRobinCellScheduler);

TypeId
WeightedRoundRobinCellScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WeightedRoundRobinCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<WeightedRoundRobinCellScheduler>()
            .AddAttribute("MaxQuantumCells",
                          "The quantum, in cells per turn, of the queue with the largest MCR "
                          "weight; the others are scaled to it and rounded (at least 1).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&WeightedRoundRobinCellScheduler::m_maxQuantum),
                          MakeUintegerChecker<uint32_t>(1, 1000000))
            .AddAttribute("BestEffortWeight",
                          "The weight, in cells/s, of a queue whose VCs have no MCR. Must be "
                          "positive.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&WeightedRoundRobinCellScheduler::m_bestEffortWeight),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("QueueQuanta",
                          "Explicit quanta, cells per turn, of the queue ids 0, 1, ...: "
                          "whitespace-separated positive integers (e.g. \"1 4 2\"); queues beyond "
                          "the list take theirs from the MCRs.",
                          StringValue(""),
                          MakeStringAccessor(&WeightedRoundRobinCellScheduler::SetQueueQuantaText,
                                             &WeightedRoundRobinCellScheduler::GetQueueQuantaText),
                          MakeStringChecker());
    return tid;
}

WeightedRoundRobinCellScheduler::WeightedRoundRobinCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

WeightedRoundRobinCellScheduler::~WeightedRoundRobinCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
WeightedRoundRobinCellScheduler::GetQuantum(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_quantum.size(),
                    "WeightedRoundRobinCellScheduler: unknown queue " << queue);
    return m_quantum[queue];
}

void
WeightedRoundRobinCellScheduler::SetQueueQuantaText(std::string text)
{
    std::istringstream in(text);
    std::vector<uint32_t> quanta;
    std::string token;
    while (in >> token)
    {
        uint32_t w = 0;
        std::istringstream tokenIn(token);
        const bool ok = static_cast<bool>(tokenIn >> w) && tokenIn.eof() &&
                        token.find('-') == std::string::npos && w >= 1 && w <= 1000000;
        NS_ABORT_MSG_IF(!ok,
                        "WeightedRoundRobinCellScheduler: QueueQuanta=\""
                            << text << "\" has the entry \"" << token
                            << "\"; give whitespace-separated integers 1..1000000");
        quanta.push_back(w);
    }
    m_quantaCfg = quanta;
    m_quantaText = std::move(text);
    ComputeQuanta();
}

std::string
WeightedRoundRobinCellScheduler::GetQueueQuantaText() const
{
    return m_quantaText;
}

void
WeightedRoundRobinCellScheduler::ComputeQuanta()
{
    const auto n = static_cast<uint32_t>(m_mcr.size());
    double rMax = 0;
    for (uint32_t q = 0; q < n; ++q)
    {
        if (q >= m_quantaCfg.size())
        {
            rMax = std::max(rMax, m_mcr[q] > 0 ? m_mcr[q] : m_bestEffortWeight);
        }
    }
    for (uint32_t q = 0; q < n; ++q)
    {
        if (q < m_quantaCfg.size())
        {
            m_quantum[q] = m_quantaCfg[q];
            continue;
        }
        const double r = m_mcr[q] > 0 ? m_mcr[q] : m_bestEffortWeight;
        const double scaled = std::floor(m_maxQuantum * r / rMax + 0.5);
        m_quantum[q] = std::max<uint32_t>(1, static_cast<uint32_t>(scaled));
    }
}

void
WeightedRoundRobinCellScheduler::DoNotifyQueueAdded(const AtmPortState& /* state */, uint32_t queue)
{
    m_mcr.push_back(0.0);
    m_quantum.push_back(1);
    m_left.push_back(0);
    m_ring.Resize(queue + 1);
    ComputeQuanta();
}

void
WeightedRoundRobinCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    m_mcr[state.GetVcQueue(vc)] += state.GetVcMcr(vc);
    ComputeQuanta();
}

void
WeightedRoundRobinCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_left[queue] = m_quantum[queue];
    m_ring.PushBack(queue);
}

void
WeightedRoundRobinCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_ring.Remove(queue);
}

std::optional<uint32_t>
WeightedRoundRobinCellScheduler::DoSelectQueue(const AtmPortState& state, Time /* now */)
{
    const uint32_t q = m_ring.FirstEligible(state);
    if (q == AtmQueueIdList::NONE)
    {
        return std::nullopt;
    }
    return q;
}

void
WeightedRoundRobinCellScheduler::DoNotifyServed(uint32_t queue)
{
    if (m_left[queue] > 1)
    {
        --m_left[queue];
        return;
    }
    m_left[queue] = m_quantum[queue];
    m_ring.MoveToBack(queue);
}

} // namespace ns3
