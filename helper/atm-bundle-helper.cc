/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-bundle-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/boolean.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device-container.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBundleHelper");

AtmBundleHelper::AtmBundleHelper()
    : m_accessRate("OC3c"),
      m_accessDelay(MicroSeconds(5)),
      m_trunkRate("E3"),
      m_rtt(MilliSeconds(20)),
      m_mode(AtmEncapsulation::LLC_SNAP),
      m_contract(AtmTrafficContract::Ubr(AtmCellRate())),
      m_tcp(TcpEraPresets::ForSource("bsd"))
{
}

void
AtmBundleHelper::CheckNotInstalled(const char* what) const
{
    NS_ABORT_MSG_IF(m_installed,
                    "AtmBundleHelper::" << what
                                        << ": the topology is already installed; configure "
                                           "the helper before Install()");
}

void
AtmBundleHelper::SetAccessRate(const AtmCellRate& rate)
{
    CheckNotInstalled("SetAccessRate");
    NS_ABORT_MSG_IF(rate.IsZero(), "AtmBundleHelper::SetAccessRate: zero cell rate");
    m_accessRate = rate;
}

void
AtmBundleHelper::SetAccessDelay(Time delay)
{
    CheckNotInstalled("SetAccessDelay");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmBundleHelper::SetAccessDelay(" << delay.As(Time::US)
                                                       << "): negative delay");
    m_accessDelay = delay;
}

void
AtmBundleHelper::SetTrunkRate(const AtmCellRate& rate)
{
    CheckNotInstalled("SetTrunkRate");
    NS_ABORT_MSG_IF(rate.IsZero(), "AtmBundleHelper::SetTrunkRate: zero cell rate");
    m_trunkRate = rate;
}

void
AtmBundleHelper::SetRtt(Time rtt)
{
    CheckNotInstalled("SetRtt");
    NS_ABORT_MSG_IF(rtt.IsStrictlyNegative(),
                    "AtmBundleHelper::SetRtt(" << rtt.As(Time::MS) << "): negative RTT");
    m_rtt = rtt;
}

void
AtmBundleHelper::SetBufferCells(uint32_t cells)
{
    CheckNotInstalled("SetBufferCells");
    NS_ABORT_MSG_IF(cells == 0, "AtmBundleHelper::SetBufferCells(0): a port needs >= 1 cell");
    m_bufferCells = cells;
}

void
AtmBundleHelper::SetMtu(uint32_t mtu)
{
    CheckNotInstalled("SetMtu");
    m_mtu = mtu;
}

void
AtmBundleHelper::SetEncapsulation(AtmEncapsulation::Mode mode)
{
    CheckNotInstalled("SetEncapsulation");
    m_mode = mode;
}

void
AtmBundleHelper::SetContract(const AtmTrafficContract& contract)
{
    CheckNotInstalled("SetContract");
    m_contract = contract;
}

void
AtmBundleHelper::SetShaping(bool on, Time tolerance)
{
    CheckNotInstalled("SetShaping");
    m_shaping = on;
    m_shaperTolerance = tolerance;
}

void
AtmBundleHelper::SetUpc(bool on, bool frameDiscard)
{
    CheckNotInstalled("SetUpc");
    m_upc = on;
    m_frameDiscard = frameDiscard;
}

void
AtmBundleHelper::SetVp(bool on)
{
    CheckNotInstalled("SetVp");
    m_vp = on;
}

uint64_t
AtmBundleTopology::GetCellsLost() const
{
    uint64_t lost = switches.Get(1)->GetObject<AtmSwitch>()->GetUpcDiscards();
    for (const AtmPvc& p : pvcs)
    {
        for (const auto* hops : {&p.forward, &p.backward})
        {
            for (const auto& [dev, vc] : *hops)
            {
                lost += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
            }
        }
    }
    return lost;
}

bool
AtmBundleTopology::LedgersHold() const
{
    for (const AtmPvc& p : pvcs)
    {
        if (!AtmPvcHelper::GetLedger(p, true).Holds() || !AtmPvcHelper::GetLedger(p, false).Holds())
        {
            return false;
        }
    }
    return true;
}

void
AtmBundleHelper::SetVcPerConnection(uint32_t connections)
{
    CheckNotInstalled("SetVcPerConnection");
    NS_ABORT_MSG_IF(connections == 0 || connections > 250,
                    "AtmBundleHelper::SetVcPerConnection(" << connections
                                                           << "): 1 to 250 PVCs (10.1.1.0 to "
                                                              "10.1.250.0, one subnet each)");
    m_connections = connections;
}

void
AtmBundleHelper::SetConnectionContract(const AtmTrafficContract& contract)
{
    CheckNotInstalled("SetConnectionContract");
    m_connectionContract = contract;
    m_connectionContractSet = true;
}

void
AtmBundleHelper::SetTcp(const TcpEraPresets& tcp)
{
    CheckNotInstalled("SetTcp");
    m_tcp = tcp;
}

AtmHelper&
AtmBundleHelper::GetAtmHelper()
{
    return m_atm;
}

bool
AtmBundleHelper::TryInstall(AtmBundleTopology* topology, std::string* refusal)
{
    NS_LOG_FUNCTION(this);
    CheckNotInstalled("Install");
    const Time innerDelay = (m_rtt / 2 - m_accessDelay * 2) / 2;
    NS_ABORT_MSG_IF(innerDelay.IsStrictlyNegative(),
                    "AtmBundleHelper: the RTT " << m_rtt.As(Time::MS)
                                                << " is shorter than four access delays of "
                                                << m_accessDelay.As(Time::US));
    m_installed = true;
    AtmBundleTopology& t = *topology;
    t = AtmBundleTopology();
    t.accessDelay = m_accessDelay;
    t.innerDelay = innerDelay;
    t.contract = m_contract;
    t.tcp = m_tcp;
    t.hosts.Create(2);
    t.switches.Create(3);
    m_atm.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
    m_atm.SetDeviceAttribute(
        "Encapsulation",
        StringValue(m_mode == AtmEncapsulation::LLC_SNAP ? "LlcSnap" : "VcMux"));
    m_atm.SetSwitchPortAttribute("BufferCells", UintegerValue(m_bufferCells));
    m_atm.InstallSwitch(t.switches);
    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_accessRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
    NetDeviceContainer left = m_atm.Install(t.hosts.Get(0), t.switches.Get(0));
    NetDeviceContainer right = m_atm.Install(t.switches.Get(2), t.hosts.Get(1));
    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_trunkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(innerDelay));
    NetDeviceContainer link01 = m_atm.Install(t.switches.Get(0), t.switches.Get(1));
    NetDeviceContainer link12 = m_atm.Install(t.switches.Get(1), t.switches.Get(2));
    // The network ingress: s1's port from s0 polices what arrives from s0.
    t.ingress = DynamicCast<AtmSwitchPort>(link01.Get(1));
    t.ingress->SetAttribute("Upc", BooleanValue(m_upc));
    t.ingress->SetAttribute("UpcFrameDiscard", BooleanValue(m_frameDiscard));
    t.forwardPorts = {DynamicCast<AtmDevice>(link01.Get(0)),
                      DynamicCast<AtmDevice>(link12.Get(0)),
                      DynamicCast<AtmDevice>(right.Get(0))};

    InternetStackHelper internet;
    internet.Install(t.hosts);
    NetDeviceContainer nics(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    t.interfaces = addresses.Assign(nics);
    t.nic[0] = DynamicCast<AtmNetDevice>(nics.Get(0));
    t.nic[1] = DynamicCast<AtmNetDevice>(nics.Get(1));
    m_tcp.Install(t.hosts);

    // One address pair per PVC: 10.1.1.x from the helper above, then 10.1.(k + 1).x added to
    // both interfaces (each its own subnet, so each host reaches the other's k-th address
    // through its k-th address's network route and the k-th PVC's ATMARP entry).
    t.addresses.emplace_back(t.interfaces.GetAddress(0), t.interfaces.GetAddress(1));
    for (uint32_t k = 1; k < m_connections; ++k)
    {
        const uint32_t net = (10u << 24) | (1u << 16) | ((k + 1) << 8);
        for (uint32_t h = 0; h < 2; ++h)
        {
            Ptr<Ipv4> ip = t.hosts.Get(h)->GetObject<Ipv4>();
            const int32_t ifIndex = ip->GetInterfaceForDevice(t.nic[h]);
            ip->AddAddress(
                static_cast<uint32_t>(ifIndex),
                Ipv4InterfaceAddress(Ipv4Address(net | (h + 1)), Ipv4Mask("255.255.255.0")));
        }
        t.addresses.emplace_back(Ipv4Address(net | 1), Ipv4Address(net | 2));
    }

    AtmPvcHelper pvcs;
    pvcs.SetContract(m_connectionContractSet ? m_connectionContract : m_contract);
    pvcs.SetEncapsulation(m_mode);
    if (m_vp)
    {
        pvcs.SetVpi(1);
        pvcs.SetVpCrossConnects(NodeContainer(t.switches.Get(1), t.switches.Get(2)), m_contract);
    }
    pvcs.SetShaping(m_shaping, m_shaperTolerance);
    for (uint32_t k = 0; k < m_connections; ++k)
    {
        pvcs.SetAddressIndices(k, k);
        AtmPvc pvc;
        if (!pvcs.TryInstall(nics.Get(0), nics.Get(1), t.switches, &pvc, refusal))
        {
            if (refusal && m_connections > 1)
            {
                *refusal = "PVC " + std::to_string(k) + " of " + std::to_string(m_connections) +
                           ": " + *refusal;
            }
            return false;
        }
        t.pvcs.push_back(pvc);
    }
    t.pvc = t.pvcs.front();
    return true;
}

AtmBundleTopology
AtmBundleHelper::Install()
{
    AtmBundleTopology t;
    std::string refusal;
    NS_ABORT_MSG_IF(!TryInstall(&t, &refusal),
                    "AtmBundleHelper::Install: the network refused the PVC: " << refusal);
    return t;
}

} // namespace ns3
