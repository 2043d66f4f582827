/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-monitor.h"

#include "atm-pvc-helper.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortMonitor");

AtmPortMonitor::AtmPortMonitor(Ptr<AtmDevice> device, Time start)
    : m_device(device),
      m_port(device->GetOutputPort()),
      m_start(start),
      m_stop(start),
      m_measuring(start.IsZero())
{
    NS_LOG_FUNCTION(this << device << start);
    m_port->TraceConnectWithoutContext("CellEnqueue",
                                       MakeCallback(&AtmPortMonitor::OnArrival, this));
    m_port->TraceConnectWithoutContext("CellDrop", MakeCallback(&AtmPortMonitor::OnDrop, this));
    m_port->TraceConnectWithoutContext("CellsInQueue",
                                       MakeCallback(&AtmPortMonitor::OnLevel, this));
    Simulator::Schedule(start - Simulator::Now(), &AtmPortMonitor::Begin, this);
}

void
AtmPortMonitor::AddVc(uint32_t vc, uint32_t group)
{
    NS_LOG_FUNCTION(this << vc << group);
    m_groupOfVc.resize(std::max<size_t>(m_groupOfVc.size(), vc + 1), UINT32_MAX);
    m_groupOfVc[vc] = group;
    m_cells.resize(std::max<size_t>(m_cells.size(), group + 1), 0);
    m_tagged.resize(m_cells.size(), 0);
}

void
AtmPortMonitor::AddPvc(const AtmPvc& pvc, uint32_t group)
{
    for (const auto& [device, vc] : pvc.forward)
    {
        if (device == m_device)
        {
            AddVc(vc, group);
        }
    }
}

void
AtmPortMonitor::Begin()
{
    m_device->GetOutputPort(); // the counters as of now (arrivals are stored lazily)
    m_arrivedBefore = m_port->GetStats().cellsArrived;
    for (const auto& [text, reason] : m_reasons)
    {
        m_dropsBefore[text] = m_port->GetDropCount(reason);
    }
    m_measuring = true;
}

void
AtmPortMonitor::Stop()
{
    m_device->GetOutputPort(); // the counters as of the end
    OnLevel(m_level, m_level);
    m_stop = Simulator::Now();
}

void
AtmPortMonitor::OnArrival(const AtmCell& cell)
{
    if (m_measuring && cell.vc < m_groupOfVc.size() && m_groupOfVc[cell.vc] != UINT32_MAX)
    {
        const uint32_t g = m_groupOfVc[cell.vc];
        ++m_cells[g];
        m_tagged[g] += cell.clp ? 1 : 0;
    }
}

void
AtmPortMonitor::OnDrop(const AtmCell& cell, const char* reason)
{
    OnArrival(cell);
    m_reasons.emplace(reason, reason);
}

void
AtmPortMonitor::OnLevel(uint32_t, uint32_t newValue)
{
    const Time now = Simulator::Now();
    if (now >= m_start)
    {
        m_area += m_level * (now - std::max(m_since, m_start)).GetSeconds();
        m_max = std::max(m_max, newValue);
    }
    m_level = newValue;
    m_since = now;
}

uint64_t
AtmPortMonitor::GetCells(uint32_t group) const
{
    return group < m_cells.size() ? m_cells[group] : 0;
}

uint64_t
AtmPortMonitor::GetTaggedCells(uint32_t group) const
{
    return group < m_tagged.size() ? m_tagged[group] : 0;
}

double
AtmPortMonitor::GetMeanOccupancy() const
{
    const double seconds = (m_stop - m_start).GetSeconds();
    return seconds > 0 ? m_area / seconds : 0.0;
}

uint32_t
AtmPortMonitor::GetMaxOccupancy() const
{
    return m_max;
}

std::map<std::string, uint64_t>
AtmPortMonitor::GetDropsByReason() const
{
    std::map<std::string, uint64_t> drops;
    for (const auto& [text, reason] : m_reasons)
    {
        const auto before = m_dropsBefore.find(text);
        drops[text] =
            m_port->GetDropCount(reason) - (before == m_dropsBefore.end() ? 0 : before->second);
    }
    return drops;
}

uint64_t
AtmPortMonitor::GetCellsArrived() const
{
    return m_port->GetStats().cellsArrived - m_arrivedBefore;
}

uint64_t
AtmPortMonitor::GetCellsDropped() const
{
    uint64_t dropped = 0;
    for (const auto& [text, count] : GetDropsByReason())
    {
        dropped += count;
    }
    return dropped;
}

double
AtmPortMonitor::GetCellLossRatio() const
{
    const uint64_t arrived = GetCellsArrived();
    return arrived ? static_cast<double>(GetCellsDropped()) / arrived : 0.0;
}

} // namespace ns3
