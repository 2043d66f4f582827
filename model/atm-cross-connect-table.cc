/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cross-connect-table.h"

namespace ns3
{

AtmCrossConnectTable::VcRoute*
AtmCrossConnectTable::FindRoute(uint32_t inPort, uint16_t vpi, uint16_t vci)
{
    // Per cell. A VC entry wins over the VP entry of the same VPI (ITU-T I.311: a VPI either
    // terminates at the switch, its VCs switched one by one, or is switched as a whole).
    const uint64_t key = Key(inPort, vpi, vci);
    auto it = m_vcs.find(key);
    if (it != m_vcs.end())
    {
        return &it->second;
    }
    it = m_vpVcs.find(key);
    return it == m_vpVcs.end() ? nullptr : &it->second;
}

const AtmCrossConnectTable::VpRoute*
AtmCrossConnectTable::FindVp(uint32_t inPort, uint16_t vpi) const
{
    auto it = m_vps.find(Key(inPort, vpi, 0));
    return it == m_vps.end() ? nullptr : &it->second;
}

AtmCrossConnectTable::VpRoute*
AtmCrossConnectTable::FindVpForUpdate(uint32_t inPort, uint16_t vpi)
{
    auto it = m_vps.find(Key(inPort, vpi, 0));
    return it == m_vps.end() ? nullptr : &it->second;
}

AtmCrossConnectTable::VcRoute*
AtmCrossConnectTable::FindVc(uint32_t inPort, uint16_t vpi, uint16_t vci)
{
    auto it = m_vcs.find(Key(inPort, vpi, vci));
    return it == m_vcs.end() ? nullptr : &it->second;
}

const AtmCrossConnectTable::VcRoute*
AtmCrossConnectTable::FindVc(uint32_t inPort, uint16_t vpi, uint16_t vci) const
{
    auto it = m_vcs.find(Key(inPort, vpi, vci));
    return it == m_vcs.end() ? nullptr : &it->second;
}

AtmCrossConnectTable::VcRoute&
AtmCrossConnectTable::AddVc(uint32_t inPort, uint16_t inVpi, uint16_t inVci, const VcRoute& route)
{
    m_outLabels.insert(Key(route.outPort, route.outVpi, route.outVci));
    return m_vcs[Key(inPort, inVpi, inVci)] = route;
}

void
AtmCrossConnectTable::AddVp(uint32_t inPort, uint16_t inVpi, const VpRoute& route)
{
    m_vps[Key(inPort, inVpi, 0)] = route;
    m_outVps.insert(Key(route.outPort, route.outVpi, 0));
}

AtmCrossConnectTable::VcRoute&
AtmCrossConnectTable::AddVpVc(uint32_t inPort, uint16_t inVpi, uint16_t vci, const VcRoute& route)
{
    return m_vpVcs.emplace(Key(inPort, inVpi, vci), route).first->second;
}

bool
AtmCrossConnectTable::IsInLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const
{
    return m_vcs.count(Key(port, vpi, vci)) > 0 || m_vps.count(Key(port, vpi, 0)) > 0;
}

bool
AtmCrossConnectTable::IsOutLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const
{
    return m_outLabels.count(Key(port, vpi, vci)) > 0 || IsOutVpUsed(port, vpi);
}

bool
AtmCrossConnectTable::IsOutVpUsed(uint32_t port, uint16_t vpi) const
{
    return m_outVps.count(Key(port, vpi, 0)) > 0;
}

bool
AtmCrossConnectTable::FindOutVcOnVp(uint32_t port, uint16_t vpi, uint16_t* vci) const
{
    // Keys share their top 48 bits (port, VPI) exactly when they are on the same out VP.
    const uint64_t vp = Key(port, vpi, 0) >> 16;
    for (uint64_t key : m_outLabels)
    {
        if ((key >> 16) == vp)
        {
            *vci = static_cast<uint16_t>(key & 0xffff);
            return true;
        }
    }
    return false;
}

void
AtmCrossConnectTable::ForEachRoute(const std::function<void(VcRoute&)>& visit)
{
    for (auto* table : {&m_vcs, &m_vpVcs})
    {
        for (auto& entry : *table)
        {
            visit(entry.second);
        }
    }
}

void
AtmCrossConnectTable::ForEachVpVc(uint32_t inPort,
                                  uint16_t inVpi,
                                  const std::function<void(VcRoute&)>& visit)
{
    const uint64_t vp = Key(inPort, inVpi, 0) >> 16;
    for (auto& [key, route] : m_vpVcs)
    {
        if ((key >> 16) == vp)
        {
            visit(route);
        }
    }
}

void
AtmCrossConnectTable::Clear()
{
    m_vcs.clear();
    m_vps.clear();
    m_vpVcs.clear();
    m_outLabels.clear();
    m_outVps.clear();
}

} // namespace ns3
