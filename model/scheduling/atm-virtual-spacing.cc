/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-virtual-spacing.h"

#include "ns3/abort.h"
#include "ns3/assert.h"

#include <cmath>
#include <sstream>

namespace ns3
{

void
AtmVirtualSpacing::Resize(uint32_t n)
{
    m_spacing.resize(n, 1.0);
    m_finish.resize(n, 0.0);
    m_position.resize(n, NONE);
    m_active.reserve(n);
}

void
AtmVirtualSpacing::Activate(uint32_t flow, double start)
{
    NS_ASSERT_MSG(flow < m_position.size() && m_position[flow] == NONE,
                  "AtmVirtualSpacing: flow " << flow << " unknown or already active");
    m_finish[flow] = start + m_spacing[flow];
    m_position[flow] = static_cast<uint32_t>(m_active.size());
    m_active.push_back(flow);
}

void
AtmVirtualSpacing::Deactivate(uint32_t flow)
{
    NS_ASSERT_MSG(flow < m_position.size() && m_position[flow] != NONE,
                  "AtmVirtualSpacing: flow " << flow << " unknown or not active");
    // Swap-remove: the order of m_active does not matter (ties are broken by id).
    const uint32_t i = m_position[flow];
    const uint32_t last = m_active.back();
    m_active[i] = last;
    m_position[last] = i;
    m_active.pop_back();
    m_position[flow] = NONE;
}

void
AtmVirtualSpacing::Serve(uint32_t flow)
{
    NS_ASSERT_MSG(flow < m_position.size() && m_position[flow] != NONE,
                  "AtmVirtualSpacing: served flow " << flow << " unknown or not active");
    m_vtime = m_finish[flow];
    m_finish[flow] = m_vtime + m_spacing[flow];
}

std::vector<double>
AtmParseWeightList(const std::string& text, const std::string& owner, const std::string& attribute)
{
    std::istringstream in(text);
    std::vector<double> weights;
    std::string token;
    while (in >> token)
    {
        double w = 0;
        std::istringstream tokenIn(token);
        const bool ok = static_cast<bool>(tokenIn >> w) && tokenIn.eof();
        NS_ABORT_MSG_IF(!ok || !std::isfinite(w) || w <= 0,
                        owner << ": " << attribute << "=\"" << text << "\" has the entry \""
                              << token
                              << "\"; give whitespace-separated positive numbers, one per id");
        weights.push_back(w);
    }
    return weights;
}

} // namespace ns3
