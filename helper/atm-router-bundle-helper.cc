/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-router-bundle-helper.h"

#include "ns3/aal5-reassembler.h"
#include "ns3/abort.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/boolean.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/random-variable-stream.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRouterBundleHelper");

namespace
{
constexpr uint32_t MAX_PAIRS = 128;   //!< sinks on 10.(128 + i).0.0/16
constexpr uint32_t MAX_HOSTS = 16383; //!< /30 access links in a /16
constexpr uint32_t ROUTER_FRAMES = 3; //!< largest frames the routers' adapters hold

/// @return "a.b.0.0" for a /16 base
std::string
Base16(uint32_t a, uint32_t b)
{
    std::ostringstream s;
    s << a << '.' << b << ".0.0";
    return s.str();
}

/// Set pair @p i's entry of @p v, growing it with @p fill for the pairs not set yet.
template <typename T>
void
SetPairValue(std::vector<T>& v, uint32_t i, const T& value, const T& fill)
{
    if (v.size() <= i)
    {
        v.resize(i + 1, fill);
    }
    v[i] = value;
}
} // namespace

AtmRouterBundleHelper::AtmRouterBundleHelper()
    : m_accessRate("10Mbps"),
      m_accessDelay(MicroSeconds(10)),
      m_routerLinkRate("E3"),
      m_backboneRate("E3"),
      m_backboneDelay(MilliSeconds(10)),
      m_routerDelays({MilliSeconds(15)}),
      m_tcp(TcpEraPresets::ForSource("bon-internetwork"))
{
}

void
AtmRouterBundleHelper::CheckNotInstalled(const char* what) const
{
    NS_ABORT_MSG_IF(m_installed,
                    "AtmRouterBundleHelper::" << what
                                              << " after Install(): configure the helper first");
}

void
AtmRouterBundleHelper::SetRouterPairs(uint32_t n)
{
    CheckNotInstalled("SetRouterPairs");
    NS_ABORT_MSG_IF(n < 1 || n > MAX_PAIRS,
                    "AtmRouterBundleHelper::SetRouterPairs: " << n << " router pairs; 1 to "
                                                              << MAX_PAIRS << " are possible");
    m_pairs = n;
}

void
AtmRouterBundleHelper::SetSourcesPerRouter(uint32_t k)
{
    CheckNotInstalled("SetSourcesPerRouter");
    NS_ABORT_MSG_IF(k < 1 || k > MAX_HOSTS,
                    "AtmRouterBundleHelper::SetSourcesPerRouter: " << k << " hosts; 1 to "
                                                                   << MAX_HOSTS << " are possible");
    m_hosts = k;
}

void
AtmRouterBundleHelper::SetAccessLink(const AtmCellRate& rate, Time delay)
{
    CheckNotInstalled("SetAccessLink");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmRouterBundleHelper::SetAccessLink: negative delay " << delay.As(Time::US));
    m_accessRate = rate;
    m_accessDelay = delay;
}

void
AtmRouterBundleHelper::SetRouterLinkRate(const AtmCellRate& rate)
{
    CheckNotInstalled("SetRouterLinkRate");
    m_routerLinkRate = rate;
}

void
AtmRouterBundleHelper::SetPeerLinkRate(uint32_t i, const AtmCellRate& rate)
{
    CheckNotInstalled("SetPeerLinkRate");
    SetPairValue(m_peerLinkRates, i, rate, AtmCellRate());
}

void
AtmRouterBundleHelper::SetBackbone(const AtmCellRate& rate, Time delay)
{
    CheckNotInstalled("SetBackbone");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmRouterBundleHelper::SetBackbone: negative delay " << delay.As(Time::MS));
    m_backboneRate = rate;
    m_backboneDelay = delay;
}

void
AtmRouterBundleHelper::SetRouterDelays(const std::vector<Time>& delays)
{
    CheckNotInstalled("SetRouterDelays");
    NS_ABORT_MSG_IF(delays.empty(),
                    "AtmRouterBundleHelper::SetRouterDelays: no delay given; give one per "
                    "router pair or one for all");
    m_routerDelays = delays;
}

void
AtmRouterBundleHelper::SetContract(uint32_t i, const AtmTrafficContract& contract)
{
    CheckNotInstalled("SetContract");
    SetPairValue(m_contracts, i, contract, AtmTrafficContract::Ubr());
}

void
AtmRouterBundleHelper::SetShaped(uint32_t i, bool shaped)
{
    CheckNotInstalled("SetShaped");
    SetPairValue(m_shaped, i, static_cast<int8_t>(shaped ? 1 : 0), static_cast<int8_t>(-1));
}

void
AtmRouterBundleHelper::SetRouterBufferBytes(uint32_t bytes)
{
    CheckNotInstalled("SetRouterBufferBytes");
    m_routerBufferBytes = bytes;
}

void
AtmRouterBundleHelper::SetRouterChecksCrc(bool check)
{
    CheckNotInstalled("SetRouterChecksCrc");
    m_checkCrc = check;
}

void
AtmRouterBundleHelper::SetUniPolicing(bool upc)
{
    CheckNotInstalled("SetUniPolicing");
    m_upc = upc;
}

void
AtmRouterBundleHelper::SetRandomTickPhase(bool on)
{
    CheckNotInstalled("SetRandomTickPhase");
    m_randomTickPhase = on;
}

void
AtmRouterBundleHelper::SetTcp(const TcpEraPresets& tcp)
{
    CheckNotInstalled("SetTcp");
    m_tcp = tcp;
}

AtmHelper&
AtmRouterBundleHelper::GetAtmHelper()
{
    return m_atm;
}

AtmPvcHelper&
AtmRouterBundleHelper::GetPvcHelper()
{
    return m_pvcs;
}

Time
AtmRouterBundleHelper::GetRouterDelay(uint32_t i) const
{
    return m_routerDelays.size() == 1 ? m_routerDelays[0] : m_routerDelays[i];
}

AtmRouterBundleTopology
AtmRouterBundleHelper::Install()
{
    CheckNotInstalled("Install");
    NS_ABORT_MSG_IF(m_routerDelays.size() != 1 && m_routerDelays.size() != m_pairs,
                    "AtmRouterBundleHelper: " << m_routerDelays.size() << " router delays for "
                                              << m_pairs
                                              << " router pairs; give one per pair or one "
                                                 "for all");
    NS_ABORT_MSG_IF(m_peerLinkRates.size() > m_pairs,
                    "AtmRouterBundleHelper: a peer link rate for pair "
                        << m_peerLinkRates.size() - 1 << " but only " << m_pairs
                        << " router pairs");
    NS_ABORT_MSG_IF(m_contracts.size() > m_pairs,
                    "AtmRouterBundleHelper: a contract for pair "
                        << m_contracts.size() - 1 << " but only " << m_pairs << " router pairs");
    NS_ABORT_MSG_IF(m_shaped.size() > m_pairs,
                    "AtmRouterBundleHelper: SetShaped for pair "
                        << m_shaped.size() - 1 << " but only " << m_pairs << " router pairs");
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        NS_ABORT_MSG_IF(GetRouterDelay(i) < m_backboneDelay,
                        "AtmRouterBundleHelper: router delay "
                            << GetRouterDelay(i).As(Time::MS) << " of pair " << i
                            << " is below the backbone's " << m_backboneDelay.As(Time::MS)
                            << "; it is the whole one-way delay from router to peer router");
    }
    m_installed = true;
    AtmRouterBundleTopology t;

    // Nodes, switches and links.
    t.switches.Create(2);
    t.routers.Create(m_pairs);
    t.peers.Create(m_pairs);
    m_atm.InstallSwitch(t.switches);
    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_backboneRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_backboneDelay));
    t.backbone = DynamicCast<AtmDevice>(m_atm.Install(t.switches.Get(0), t.switches.Get(1)).Get(0));
    std::vector<std::vector<Ptr<NetDevice>>> srcNic(m_pairs), routerAcc(m_pairs);
    std::vector<std::vector<Ptr<NetDevice>>> sinkNic(m_pairs), peerAcc(m_pairs);
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        const Time half = (GetRouterDelay(i) - m_backboneDelay) / 2;
        m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_routerLinkRate));
        m_atm.SetChannelAttribute("Delay", TimeValue(half));
        // The routers' backbone adapters hold a few frames; the backlog waits in the queue disc.
        m_atm.SetTrafficControl(m_routerBufferBytes > 0);
        const NetDeviceContainer up = m_atm.Install(t.routers.Get(i), t.switches.Get(0));
        t.routerOut.push_back(DynamicCast<AtmNetDevice>(up.Get(0)));
        t.routerPorts.push_back(DynamicCast<AtmSwitchPort>(up.Get(1)));
        t.routerPorts.back()->SetAttribute("Upc", BooleanValue(m_upc)); // before the PVCs
        m_atm.SetTrafficControl(false);
        if (i < m_peerLinkRates.size() && m_peerLinkRates[i].GetCellsPerSecond() > 0)
        {
            m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_peerLinkRates[i]));
        }
        if (m_routerBufferBytes > 0)
        {
            const uint32_t largest = t.routerOut.back()->GetMtu() +
                                     AtmEncapsulation::GetHeaderBytes(AtmEncapsulation::LLC_SNAP);
            t.routerOut.back()->SetAttribute("TxQueueBytes",
                                             UintegerValue(ROUTER_FRAMES * largest));
        }
        t.peerIn.push_back(
            DynamicCast<AtmNetDevice>(m_atm.Install(t.switches.Get(1), t.peers.Get(i)).Get(1)));
        t.peerIn.back()->GetReassembler()->SetAttribute("CheckCrc", BooleanValue(m_checkCrc));
        m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_accessRate));
        m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
        t.sources.emplace_back(m_hosts);
        t.sinks.emplace_back(m_hosts);
        for (uint32_t j = 0; j < m_hosts; ++j)
        {
            NetDeviceContainer a = m_atm.Install(t.sources[i].Get(j), t.routers.Get(i));
            srcNic[i].push_back(a.Get(0));
            routerAcc[i].push_back(a.Get(1));
            NetDeviceContainer b = m_atm.Install(t.peers.Get(i), t.sinks[i].Get(j));
            peerAcc[i].push_back(b.Get(0));
            sinkNic[i].push_back(b.Get(1));
        }
    }

    // IP: stacks, the routers' queue discs (before the addresses, or Ipv4AddressHelper would
    // install its default one), addresses, routes.
    InternetStackHelper internet;
    internet.Install(t.routers);
    internet.Install(t.peers);
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        internet.Install(t.sources[i]);
        internet.Install(t.sinks[i]);
    }
    if (m_routerBufferBytes > 0)
    {
        TrafficControlHelper tch;
        tch.SetRootQueueDisc("ns3::FifoQueueDisc",
                             "MaxSize",
                             StringValue(std::to_string(m_routerBufferBytes) + "B"));
        for (uint32_t i = 0; i < m_pairs; ++i)
        {
            t.routerQueues.Add(tch.Install(t.routerOut[i]).Get(0));
        }
    }
    Ipv4AddressHelper vcNet("192.168.0.0", "255.255.255.252");
    Ipv4StaticRoutingHelper routing;
    t.sinkAddresses.resize(m_pairs);
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        NetDeviceContainer vcDevices;
        vcDevices.Add(t.routerOut[i]);
        vcDevices.Add(t.peerIn[i]);
        const Ipv4InterfaceContainer vc = vcNet.Assign(vcDevices);
        vcNet.NewNetwork();
        Ipv4AddressHelper src(Base16(10, i).c_str(), "255.255.255.252");
        Ipv4AddressHelper dst(Base16(10, 128 + i).c_str(), "255.255.255.252");
        for (uint32_t j = 0; j < m_hosts; ++j)
        {
            const Ipv4InterfaceContainer a =
                src.Assign(NetDeviceContainer(srcNic[i][j], routerAcc[i][j]));
            src.NewNetwork();
            const Ipv4InterfaceContainer b =
                dst.Assign(NetDeviceContainer(peerAcc[i][j], sinkNic[i][j]));
            dst.NewNetwork();
            t.sinkAddresses[i].push_back(b.GetAddress(1));
            routing.GetStaticRouting(t.sources[i].Get(j)->GetObject<Ipv4>())
                ->SetDefaultRoute(a.GetAddress(1), 1);
            routing.GetStaticRouting(t.sinks[i].Get(j)->GetObject<Ipv4>())
                ->SetDefaultRoute(b.GetAddress(0), 1);
        }
        // VC-merge: everything for the peer's hosts on the one VC, and back.
        Ptr<Ipv4> r = t.routers.Get(i)->GetObject<Ipv4>();
        routing.GetStaticRouting(r)->AddNetworkRouteTo(Ipv4Address(Base16(10, 128 + i).c_str()),
                                                       Ipv4Mask("255.255.0.0"),
                                                       vc.GetAddress(1),
                                                       r->GetInterfaceForDevice(t.routerOut[i]));
        Ptr<Ipv4> p = t.peers.Get(i)->GetObject<Ipv4>();
        routing.GetStaticRouting(p)->AddNetworkRouteTo(Ipv4Address(Base16(10, i).c_str()),
                                                       Ipv4Mask("255.255.0.0"),
                                                       vc.GetAddress(0),
                                                       p->GetInterfaceForDevice(t.peerIn[i]));
    }

    // PVCs: each access link its own (UBR), each router pair its contract through s0 and s1.
    AtmPvcHelper access;
    access.SetContract(AtmTrafficContract::Ubr());
    const bool shaping = m_pvcs.IsShaping();
    const Time tolerance = m_pvcs.GetShapingTolerance();
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        m_pvcs.SetContract(i < m_contracts.size() ? m_contracts[i] : AtmTrafficContract::Ubr());
        m_pvcs.SetShaping(i < m_shaped.size() && m_shaped[i] >= 0 ? m_shaped[i] == 1 : shaping,
                          tolerance);
        t.pvcs.push_back(m_pvcs.Install(t.routerOut[i], t.peerIn[i]));
        for (uint32_t j = 0; j < m_hosts; ++j)
        {
            access.Install(srcNic[i][j], routerAcc[i][j]);
            access.Install(peerAcc[i][j], sinkNic[i][j]);
        }
    }
    m_pvcs.SetShaping(shaping, tolerance);

    // Each host's TCP, with its own timer phases: independent machines do not share a clock
    // (drawn only for a TCP on a tick grid, as AtmNSourceHelper does).
    Ptr<UniformRandomVariable> phase =
        m_randomTickPhase && m_tcp.UsesTickGrid() ? CreateObject<UniformRandomVariable>() : nullptr;
    for (uint32_t i = 0; i < m_pairs; ++i)
    {
        for (uint32_t j = 0; j < m_hosts; ++j)
        {
            for (Ptr<Node> host : {t.sources[i].Get(j), t.sinks[i].Get(j)})
            {
                TcpEraPresets tcp = m_tcp;
                if (phase)
                {
                    const double tickNs = static_cast<double>(tcp.GetTimerTick().GetNanoSeconds());
                    tcp.SetTickPhase(NanoSeconds(static_cast<int64_t>(phase->GetValue(0, tickNs))));
                    const double fastNs = static_cast<double>(tcp.GetDelAckTick().GetNanoSeconds());
                    if (fastNs > 0)
                    {
                        tcp.SetDelAckPhase(
                            NanoSeconds(static_cast<int64_t>(phase->GetValue(0, fastNs))));
                    }
                }
                tcp.Install(host);
            }
        }
    }
    NS_LOG_INFO(m_pairs << " router pairs of " << m_hosts << " hosts installed");
    return t;
}

} // namespace ns3
