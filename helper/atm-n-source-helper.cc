/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-n-source-helper.h"

#include "atm-metrics.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/net-device-container.h"
#include "ns3/random-variable-stream.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNSourceHelper");

AtmNSourceHelper::AtmNSourceHelper()
    : m_linkRate("OC3c"),
      m_tcp(TcpEraPresets::ForSource("jain"))
{
    const AtmDelayPreset lan = AtmDelayPreset::Get("lan");
    m_accessDelay = lan.accessDelay;
    m_trunkDelay = lan.trunkDelay;
}

void
AtmNSourceHelper::CheckNotInstalled(const char* what) const
{
    NS_ABORT_MSG_IF(m_installed,
                    "AtmNSourceHelper::" << what
                                         << ": the topology is already installed; configure "
                                            "the helper before Install()");
}

void
AtmNSourceHelper::SetNSources(uint32_t n)
{
    CheckNotInstalled("SetNSources");
    NS_ABORT_MSG_IF(n == 0, "AtmNSourceHelper::SetNSources(0): need at least one source");
    m_n = n;
}

void
AtmNSourceHelper::SetLinkRate(const AtmCellRate& rate)
{
    CheckNotInstalled("SetLinkRate");
    NS_ABORT_MSG_IF(rate.GetNumerator() == 0,
                    "AtmNSourceHelper::SetLinkRate: zero cell rate; give a preset (OC3c), cells/s "
                    "or a bit rate");
    m_linkRate = rate;
    m_trunkRate = AtmCellRate();
}

void
AtmNSourceHelper::SetTrunkRate(const AtmCellRate& rate)
{
    CheckNotInstalled("SetTrunkRate");
    NS_ABORT_MSG_IF(rate.GetNumerator() == 0, "AtmNSourceHelper::SetTrunkRate: zero cell rate");
    m_trunkRate = rate;
}

void
AtmNSourceHelper::SetDelays(const AtmDelayPreset& preset)
{
    SetAccessDelay(preset.accessDelay);
    SetTrunkDelay(preset.trunkDelay);
}

void
AtmNSourceHelper::SetAccessDelay(Time delay)
{
    CheckNotInstalled("SetAccessDelay");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmNSourceHelper::SetAccessDelay(" << delay.As(Time::US)
                                                        << "): negative delay");
    m_accessDelay = delay;
}

void
AtmNSourceHelper::SetTrunkDelay(Time delay)
{
    CheckNotInstalled("SetTrunkDelay");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmNSourceHelper::SetTrunkDelay(" << delay.As(Time::US)
                                                       << "): negative delay");
    m_trunkDelay = delay;
}

void
AtmNSourceHelper::SetSharedSink(const AtmCellRate& rate, Time delay)
{
    CheckNotInstalled("SetSharedSink");
    NS_ABORT_MSG_IF(rate.GetNumerator() == 0,
                    "AtmNSourceHelper::SetSharedSink: zero cell rate for the destination's link");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmNSourceHelper::SetSharedSink: negative delay " << delay.As(Time::US));
    NS_ABORT_MSG_IF(!m_flowTcp.empty(),
                    "AtmNSourceHelper::SetSharedSink: SetFlowTcp() gave flow "
                        << m_flowTcp.begin()->first
                        << " a TCP of its own, but one shared destination host runs one TCP; "
                           "configure every flow with SetTcp()");
    m_sharedSink = true;
    m_sinkRate = rate;
    m_sinkDelay = delay;
}

void
AtmNSourceHelper::SetBufferCells(uint32_t cells)
{
    CheckNotInstalled("SetBufferCells");
    NS_ABORT_MSG_IF(cells == 0, "AtmNSourceHelper::SetBufferCells(0): a port needs >= 1 cell");
    m_bufferCells = cells;
}

void
AtmNSourceHelper::SetBufferPolicy(const std::string& type)
{
    CheckNotInstalled("SetBufferPolicy");
    m_atm.SetBufferPolicy(type);
}

void
AtmNSourceHelper::SetBufferPolicyAttribute(const std::string& name, const AttributeValue& value)
{
    CheckNotInstalled("SetBufferPolicyAttribute");
    m_atm.SetBufferPolicyAttribute(name, value);
}

void
AtmNSourceHelper::SetPerVcQueues(bool on)
{
    CheckNotInstalled("SetPerVcQueues");
    m_perVc = on;
}

void
AtmNSourceHelper::SetCreditFlowControl(uint32_t credits)
{
    CheckNotInstalled("SetCreditFlowControl");
    m_credits = credits;
}

void
AtmNSourceHelper::SetContract(const AtmTrafficContract& contract)
{
    CheckNotInstalled("SetContract");
    m_contract = contract;
}

void
AtmNSourceHelper::SetTcp(const TcpEraPresets& tcp)
{
    CheckNotInstalled("SetTcp");
    m_tcp = tcp;
}

void
AtmNSourceHelper::SetFlowTcp(uint32_t flow, const TcpEraPresets& tcp)
{
    CheckNotInstalled("SetFlowTcp");
    NS_ABORT_MSG_IF(flow >= m_n,
                    "AtmNSourceHelper::SetFlowTcp: flow " << flow << " of " << m_n
                                                          << " sources (call SetNSources first)");
    NS_ABORT_MSG_IF(m_sharedSink,
                    "AtmNSourceHelper::SetFlowTcp: with SetSharedSink() one destination host "
                    "runs one TCP for every flow; configure it with SetTcp()");
    m_flowTcp[flow] = tcp;
}

void
AtmNSourceHelper::SetHostCpu(Time sendCost, Time receiveCost)
{
    CheckNotInstalled("SetHostCpu");
    m_cpuSend = sendCost;
    m_cpuReceive = receiveCost;
}

void
AtmNSourceHelper::SetExpectedShares(const std::vector<double>& shares)
{
    CheckNotInstalled("SetExpectedShares");
    NS_ABORT_MSG_IF(!shares.empty() && shares.size() != m_n,
                    "AtmNSourceHelper::SetExpectedShares: " << shares.size() << " shares for "
                                                            << m_n << " flows");
    m_shares = shares;
}

AtmHelper&
AtmNSourceHelper::GetAtmHelper()
{
    return m_atm;
}

void
AtmNSourceHelper::SetRandomTickPhase(bool on)
{
    CheckNotInstalled("SetRandomTickPhase");
    m_randomTickPhase = on;
}

const TcpEraPresets&
AtmNSourceHelper::GetFlowTcp(uint32_t i) const
{
    auto it = m_flowTcp.find(i);
    return it == m_flowTcp.end() ? m_tcp : it->second;
}

void
AtmNSourceHelper::SetVbrSource(Time onTime, Time offTime)
{
    CheckNotInstalled("SetVbrSource");
    NS_ABORT_MSG_IF(!onTime.IsStrictlyPositive() || offTime.IsStrictlyNegative(),
                    "AtmNSourceHelper::SetVbrSource: ON " << onTime.As(Time::MS) << ", OFF "
                                                          << offTime.As(Time::MS)
                                                          << "; give ON > 0 and OFF >= 0");
    m_vbr = true;
    m_vbrOn = onTime;
    m_vbrOff = offTime;
}

void
AtmNSourceHelper::SetGuaranteedRate(double gr)
{
    CheckNotInstalled("SetGuaranteedRate");
    NS_ABORT_MSG_IF(!(gr >= 0 && gr <= 1),
                    "AtmNSourceHelper::SetGuaranteedRate: GR " << gr << " is not in [0, 1]");
    m_gr = gr;
}

void
AtmNSourceHelper::SetVbrBufferCells(uint32_t cells)
{
    CheckNotInstalled("SetVbrBufferCells");
    NS_ABORT_MSG_IF(cells == 0, "AtmNSourceHelper::SetVbrBufferCells: 0 cells; give >= 1");
    m_vbrBufferCells = cells;
}

AtmNSourceTopology
AtmNSourceHelper::Install()
{
    NS_LOG_FUNCTION(this);
    CheckNotInstalled("Install");
    m_installed = true;
    ConfigureAtmHelper();
    AtmNSourceTopology topology;
    InstallLinks(&topology);
    InstallHosts(&topology);
    AtmPvcHelper pvcs;
    if (m_contract)
    {
        pvcs.SetContract(*m_contract);
    }
    for (uint32_t i = 0; i < m_n; ++i)
    {
        topology.pvcs.push_back(pvcs.Install(topology.sourceDevices[i], topology.sinkDevices[i]));
    }
    if (m_vbr)
    {
        InstallVbrSource(&topology);
    }
    // C at the bottleneck's cell rate (the trunk's, or the shared destination's link if
    // slower), for the default TCP and the encapsulation the PVCs got.
    AtmCellRate trunk = m_trunkRate.GetNumerator() ? m_trunkRate : m_linkRate;
    topology.bottleneck = topology.trunk;
    if (m_sharedSink && m_sinkRate < trunk)
    {
        trunk = m_sinkRate;
        topology.bottleneck = topology.sinkPort;
    }
    const AtmEncapsulation::Mode mode =
        topology.sourceDevices[0]->GetVcEncapsulation(topology.pvcs[0].srcVc);
    topology.maxGoodputMbps = AtmMetrics::MaxTcpGoodput(trunk.GetCellsPerSecond(),
                                                        m_tcp.GetSegmentSize(),
                                                        m_tcp.GetTimestamps() ? 12 : 0,
                                                        mode) /
                              1e6;
    topology.expectedShares = m_shares;
    return topology;
}

void
AtmNSourceHelper::ConfigureAtmHelper()
{
    m_atm.SetSwitchPortAttribute("BufferCells", UintegerValue(m_bufferCells));
    if (m_perVc || m_credits > 0)
    {
        // Per-VC queues served round robin: SANDIA's AN2 switch, and what credits need (AN2's
        // credits are per VC and hop).
        m_atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
        m_atm.SetCellScheduler("ns3::RoundRobinCellScheduler");
    }
    m_atm.SetCreditFlowControl(m_credits);
    if (m_vbr)
    {
        // ATM Forum/97-0424 Fig 1: a separate buffer per service category at every port; VBR
        // before UBR, with GR the UBR class's guaranteed share (GR 0: strict priority).
        if (!(m_perVc || m_credits > 0))
        {
            m_atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_CLASS"));
        }
        m_atm.SetClassBuffer(AtmServiceCategory::NRT_VBR, m_vbrBufferCells, "tail");
        m_atm.SetCellScheduler("ns3::GuaranteedRateCellScheduler",
                               "GuaranteedRate",
                               DoubleValue(m_gr));
    }

    // The IP MTU must carry the largest segment (JAIN's GEO runs use MSS 9180 > 9180 - 40).
    uint32_t needMtu = 0;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        const TcpEraPresets& tcp = GetFlowTcp(i);
        needMtu = std::max(needMtu, tcp.GetSegmentSize() + 40 + (tcp.GetTimestamps() ? 12 : 0));
    }
    if (needMtu > 9180)
    {
        m_atm.SetDeviceAttribute("Mtu", UintegerValue(needMtu));
    }
}

void
AtmNSourceHelper::InstallLinks(AtmNSourceTopology* topology)
{
    topology->sources.Create(m_n);
    topology->sinks.Create(m_sharedSink ? 1 : m_n);
    for (uint32_t i = 1; m_sharedSink && i < m_n; ++i)
    {
        topology->sinks.Add(topology->sinks.Get(0));
    }
    topology->switches.Create(2);
    m_atm.InstallSwitch(topology->switches);

    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_linkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
    for (uint32_t i = 0; i < m_n; ++i)
    {
        NetDeviceContainer in = m_atm.Install(topology->sources.Get(i), topology->switches.Get(0));
        topology->sourceDevices.push_back(DynamicCast<AtmNetDevice>(in.Get(0)));
    }
    if (m_sharedSink)
    {
        m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_sinkRate));
        m_atm.SetChannelAttribute("Delay", TimeValue(m_sinkDelay));
        NetDeviceContainer out = m_atm.Install(topology->switches.Get(1), topology->sinks.Get(0));
        topology->sinkPort = DynamicCast<AtmDevice>(out.Get(0));
        topology->forwardPorts.push_back(topology->sinkPort);
        topology->sinkDevices.assign(m_n, DynamicCast<AtmNetDevice>(out.Get(1)));
    }
    for (uint32_t i = 0; !m_sharedSink && i < m_n; ++i)
    {
        NetDeviceContainer out = m_atm.Install(topology->switches.Get(1), topology->sinks.Get(i));
        topology->forwardPorts.push_back(DynamicCast<AtmDevice>(out.Get(0)));
        topology->sinkDevices.push_back(DynamicCast<AtmNetDevice>(out.Get(1)));
    }
    m_atm.SetChannelAttribute(
        "CellRate",
        AtmCellRateValue(m_trunkRate.GetNumerator() ? m_trunkRate : m_linkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_trunkDelay));
    NetDeviceContainer trunk = m_atm.Install(topology->switches.Get(0), topology->switches.Get(1));
    topology->trunk = DynamicCast<AtmDevice>(trunk.Get(0));
    topology->forwardPorts.push_back(topology->trunk);
}

void
AtmNSourceHelper::InstallHosts(AtmNSourceTopology* topology)
{
    // Each host once (a shared destination is sinks' every entry).
    NodeContainer hosts(topology->sources);
    hosts.Add(m_sharedSink ? NodeContainer(topology->sinks.Get(0)) : topology->sinks);
    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0");
    for (uint32_t i = 0; i < m_n; ++i)
    {
        addresses.Assign(NetDeviceContainer(topology->sourceDevices[i]));
    }
    for (uint32_t i = 0; i < m_n; ++i)
    {
        topology->sinkAddresses.push_back(
            m_sharedSink && i > 0
                ? topology->sinkAddresses.front()
                : addresses.Assign(NetDeviceContainer(topology->sinkDevices[i])).GetAddress(0));
    }
    // The random variable exists only where a phase matters (a TCP on a tick grid), so that
    // runs of grid-free TCPs (the sandia preset) draw the same streams either way.
    bool grid = false;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        grid = grid || GetFlowTcp(i).UsesTickGrid();
    }
    Ptr<UniformRandomVariable> phaseRv =
        m_randomTickPhase && grid ? CreateObject<UniformRandomVariable>() : nullptr;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        TcpEraPresets src = GetFlowTcp(i);
        TcpEraPresets dst = GetFlowTcp(i);
        if (phaseRv)
        {
            const double tickNs = static_cast<double>(src.GetTimerTick().GetNanoSeconds());
            src.SetTickPhase(NanoSeconds(static_cast<int64_t>(phaseRv->GetValue(0, tickNs))));
            dst.SetTickPhase(NanoSeconds(static_cast<int64_t>(phaseRv->GetValue(0, tickNs))));
            // The delayed-ACK grid (BSD's fast timeout) ticks from the same boot at its own
            // period; drawn only where delayed ACKs are on, so that runs without them draw
            // the same phases as before.
            for (TcpEraPresets* p : {&src, &dst})
            {
                const double fastNs = static_cast<double>(p->GetDelAckTick().GetNanoSeconds());
                if (fastNs > 0)
                {
                    p->SetDelAckPhase(
                        NanoSeconds(static_cast<int64_t>(phaseRv->GetValue(0, fastNs))));
                }
            }
        }
        src.Install(topology->sources.Get(i));
        if (m_sharedSink && i > 0)
        {
            dst = topology->sinkTcp.front(); // one host, one TCP (drawn for flow 0)
        }
        else
        {
            dst.Install(topology->sinks.Get(i));
        }
        topology->sourceTcp.push_back(src);
        topology->sinkTcp.push_back(dst);
    }
    if (m_cpuSend.IsStrictlyPositive() || m_cpuReceive.IsStrictlyPositive())
    {
        m_atm.InstallHostCpu(hosts, m_cpuSend, m_cpuReceive);
    }
}

void
AtmNSourceHelper::InstallVbrSource(AtmNSourceTopology* topology)
{
    // The VBR host pair: same access links, no IP; a non-IP nrt-VBR PVC (VBR.1: PCR = the
    // link, SCR = its average, MBS = one ON period) fed by the on/off cell source.
    NodeContainer& hosts = topology->vbrHosts;
    hosts.Create(2);
    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_linkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
    Ptr<AtmNetDevice> src =
        DynamicCast<AtmNetDevice>(m_atm.Install(hosts.Get(0), topology->switches.Get(0)).Get(0));
    Ptr<AtmNetDevice> dst =
        DynamicCast<AtmNetDevice>(m_atm.Install(topology->switches.Get(1), hosts.Get(1)).Get(1));
    const uint64_t period = static_cast<uint64_t>((m_vbrOn + m_vbrOff).GetNanoSeconds());
    const uint64_t on = static_cast<uint64_t>(m_vbrOn.GetNanoSeconds());
    const AtmCellRate scr(m_linkRate.GetNumerator() * on, m_linkRate.GetDenominator() * period);
    const double onCells = m_linkRate.GetCellsPerSecond() * m_vbrOn.GetSeconds();
    AtmPvcHelper vbrPvcs;
    vbrPvcs.SetContract(AtmTrafficContract::Vbr(AtmConformance::VBR_1,
                                                m_linkRate,
                                                Time(0),
                                                scr,
                                                static_cast<uint32_t>(onCells) + 1));
    topology->vbrPvc = vbrPvcs.Install(src, dst);
    Ptr<AtmOnOffCellSource> source = CreateObject<AtmOnOffCellSource>();
    source->SetAttribute("OnTime", TimeValue(m_vbrOn));
    source->SetAttribute("OffTime", TimeValue(m_vbrOff));
    hosts.Get(0)->AddApplication(source);
    source->Setup(src, topology->vbrPvc.srcVc);
    dst->SetVcNonIp(topology->vbrPvc.dstVc);
    source->SetStartTime(Seconds(0));
    topology->vbrSource = source;
}

} // namespace ns3
