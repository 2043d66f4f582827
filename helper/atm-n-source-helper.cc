/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-n-source-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNSourceHelper");

void
AtmNSourceResults::AddTo(AtmJsonLine& json) const
{
    json.Add("goodputMbps", goodputMbps)
        .Add("totalGoodputMbps", totalGoodputMbps)
        .Add("maxGoodputMbps", maxGoodputMbps)
        .Add("efficiency", efficiency)
        .Add("fairness", fairness)
        .Add("cellsSent", cellsSent)
        .Add("cellsDropped", cellsDropped)
        .Add("cellLossRatio", cellLossRatio)
        .Add("dataSegmentsSent", dataSegmentsSent)
        .Add("retransmissions", retransmissions)
        .Add("retransmissionPercent", retransmissionPercent)
        .Add("timeouts", timeouts)
        .Add("meanRttMs", meanRttMs)
        .Add("rawUtilization", rawUtilization)
        .Add("effectiveUtilization", effectiveUtilization)
        .Add("ledgersHold", ledgersHold)
        .Add("vbrShare", vbrShare)
        .Add("vbrCellsDelivered", vbrCellsDelivered)
        .Add("vbrCellsDropped", vbrCellsDropped);
}

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
AtmNSourceHelper::CheckInstalled(const char* what) const
{
    NS_ABORT_MSG_IF(!m_installed, "AtmNSourceHelper::" << what << ": call Install() first");
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

std::pair<Time, Time>
AtmNSourceHelper::GetTickPhases(uint32_t i) const
{
    CheckInstalled("GetTickPhases");
    NS_ABORT_MSG_IF(i >= m_n,
                    "AtmNSourceHelper::GetTickPhases: flow " << i << " of " << m_n << " (use 0 ... "
                                                             << m_n - 1 << ")");
    return m_tickPhases[i];
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

Ptr<AtmOnOffCellSource>
AtmNSourceHelper::GetVbrSource() const
{
    return m_vbrSource;
}

const AtmPvc&
AtmNSourceHelper::GetVbrPvc() const
{
    CheckInstalled("GetVbrPvc");
    NS_ABORT_MSG_IF(!m_vbr, "AtmNSourceHelper::GetVbrPvc: no VBR source (SetVbrSource)");
    return m_vbrPvc;
}

void
AtmNSourceHelper::Install()
{
    NS_LOG_FUNCTION(this);
    CheckNotInstalled("Install");
    m_installed = true;

    m_atm.SetSwitchPortAttribute("BufferCells", UintegerValue(m_bufferCells));
    if (m_perVc || m_credits > 0)
    {
        // Per-VC queues, round robin: SANDIA's AN2 switch (SPEC 4.1), and what credits need.
        m_atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
        m_atm.SetCellScheduler("ns3::RoundRobinCellScheduler");
    }
    m_atm.SetCreditFlowControl(m_credits);
    if (m_vbr)
    {
        // JAIN AF-424 Fig 1: a separate buffer per service category at every port; VBR before
        // UBR, with GR the UBR class's guaranteed share (GR 0: strict priority).
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

    m_sources.Create(m_n);
    m_sinks.Create(m_n);
    m_switches.Create(2);
    m_atm.InstallSwitch(m_switches);

    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_linkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
    NetDeviceContainer hostDevices;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        NetDeviceContainer in = m_atm.Install(m_sources.Get(i), m_switches.Get(0));
        m_srcDevices.push_back(DynamicCast<AtmNetDevice>(in.Get(0)));
    }
    for (uint32_t i = 0; i < m_n; ++i)
    {
        NetDeviceContainer out = m_atm.Install(m_switches.Get(1), m_sinks.Get(i));
        m_forwardPorts.push_back(DynamicCast<AtmDevice>(out.Get(0)));
        m_sinkDevices.push_back(DynamicCast<AtmNetDevice>(out.Get(1)));
    }
    m_atm.SetChannelAttribute(
        "CellRate",
        AtmCellRateValue(m_trunkRate.GetNumerator() ? m_trunkRate : m_linkRate));
    m_atm.SetChannelAttribute("Delay", TimeValue(m_trunkDelay));
    NetDeviceContainer trunk = m_atm.Install(m_switches.Get(0), m_switches.Get(1));
    m_trunk = DynamicCast<AtmDevice>(trunk.Get(0));
    m_forwardPorts.push_back(m_trunk);

    NodeContainer hosts(m_sources, m_sinks);
    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0");
    for (uint32_t i = 0; i < m_n; ++i)
    {
        addresses.Assign(NetDeviceContainer(m_srcDevices[i]));
    }
    for (uint32_t i = 0; i < m_n; ++i)
    {
        m_sinkIfs.Add(addresses.Assign(NetDeviceContainer(m_sinkDevices[i])));
    }
    // The random variable exists only when asked for, so that the default runs draw the same
    // streams as before the option existed.
    Ptr<UniformRandomVariable> phaseRv =
        m_randomTickPhase ? CreateObject<UniformRandomVariable>() : nullptr;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        TcpEraPresets src = GetFlowTcp(i);
        TcpEraPresets dst = GetFlowTcp(i);
        if (phaseRv)
        {
            const double tickNs = static_cast<double>(src.GetTimerTick().GetNanoSeconds());
            src.SetTickPhase(NanoSeconds(static_cast<int64_t>(phaseRv->GetValue(0, tickNs))));
            dst.SetTickPhase(NanoSeconds(static_cast<int64_t>(phaseRv->GetValue(0, tickNs))));
        }
        src.Install(m_sources.Get(i));
        dst.Install(m_sinks.Get(i));
        m_tickPhases.emplace_back(src.GetTickPhase(), dst.GetTickPhase());
    }
    if (m_cpuSend.IsStrictlyPositive() || m_cpuReceive.IsStrictlyPositive())
    {
        m_atm.InstallHostCpu(hosts, m_cpuSend, m_cpuReceive);
    }
    for (uint32_t i = 0; i < m_n; ++i)
    {
        m_pvcs.push_back(m_pvcHelper.Install(m_srcDevices[i], m_sinkDevices[i]));
    }
    if (m_vbr)
    {
        // The VBR host pair: same access links, no IP; a non-IP nrt-VBR PVC (VBR.1: PCR = the
        // link, SCR = its average, MBS = one ON period) fed by the on/off cell source.
        m_vbrHosts.Create(2);
        m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(m_linkRate));
        m_atm.SetChannelAttribute("Delay", TimeValue(m_accessDelay));
        Ptr<AtmNetDevice> src =
            DynamicCast<AtmNetDevice>(m_atm.Install(m_vbrHosts.Get(0), m_switches.Get(0)).Get(0));
        Ptr<AtmNetDevice> dst =
            DynamicCast<AtmNetDevice>(m_atm.Install(m_switches.Get(1), m_vbrHosts.Get(1)).Get(1));
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
        m_vbrPvc = vbrPvcs.Install(src, dst);
        m_vbrSource = CreateObject<AtmOnOffCellSource>();
        m_vbrSource->SetAttribute("OnTime", TimeValue(m_vbrOn));
        m_vbrSource->SetAttribute("OffTime", TimeValue(m_vbrOff));
        m_vbrHosts.Get(0)->AddApplication(m_vbrSource);
        m_vbrSource->Setup(src, m_vbrPvc.srcVc);
        dst->SetVcNonIp(m_vbrPvc.dstVc);
        m_vbrSource->SetStartTime(Seconds(0));
    }
}

void
AtmNSourceHelper::InstallBulkSend(Time start, Time stop, Time startJitter, uint16_t port)
{
    NS_LOG_FUNCTION(this << start << stop << startJitter << port);
    CheckInstalled("InstallBulkSend");
    NS_ABORT_MSG_IF(m_appsInstalled, "AtmNSourceHelper::InstallBulkSend: already installed");
    NS_ABORT_MSG_IF(stop <= start,
                    "AtmNSourceHelper::InstallBulkSend: stop "
                        << stop.As(Time::S) << " is not after start " << start.As(Time::S));
    NS_ABORT_MSG_IF(startJitter.IsStrictlyNegative(),
                    "AtmNSourceHelper::InstallBulkSend: negative start jitter");
    m_appsInstalled = true;
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
    for (uint32_t i = 0; i < m_n; ++i)
    {
        const Time at = start + (startJitter.IsStrictlyPositive()
                                     ? NanoSeconds(static_cast<int64_t>(
                                           jitter->GetValue(0, startJitter.GetNanoSeconds())))
                                     : Time());
        BulkSendHelper source(factory, InetSocketAddress(m_sinkIfs.GetAddress(i), port));
        source.SetAttribute("MaxBytes", UintegerValue(0));
        source.SetAttribute("SendSize", UintegerValue(GetFlowTcp(i).GetSegmentSize()));
        ApplicationContainer app = source.Install(m_sources.Get(i));
        app.Start(at);
        app.Stop(stop);
        m_sourceApps.Add(app);
        PacketSinkHelper sink(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sink.Install(m_sinks.Get(i));
        sinkApp.Start(start);
        m_sinkApps.Add(sinkApp);
        m_probes.push_back(Create<AtmTcpFlowProbe>());
        // The socket exists once the application has started (same instant, scheduled first).
        Simulator::Schedule(at + NanoSeconds(1), &AtmNSourceHelper::AttachProbe, this, i);
    }
    if (m_vbrSource)
    {
        m_vbrSource->SetStartTime(start);
        m_vbrSource->SetStopTime(stop);
    }
}

void
AtmNSourceHelper::AttachProbe(uint32_t i)
{
    Ptr<BulkSendApplication> app = DynamicCast<BulkSendApplication>(m_sourceApps.Get(i));
    Ptr<Socket> socket = app->GetSocket();
    NS_ABORT_MSG_IF(!socket, "AtmNSourceHelper: flow " << i << " has no socket after its start");
    m_probes[i]->Attach(socket);
}

uint32_t
AtmNSourceHelper::GetNSources() const
{
    return m_n;
}

NodeContainer
AtmNSourceHelper::GetSources() const
{
    return m_sources;
}

NodeContainer
AtmNSourceHelper::GetSinks() const
{
    return m_sinks;
}

NodeContainer
AtmNSourceHelper::GetSwitches() const
{
    return m_switches;
}

Ptr<AtmNetDevice>
AtmNSourceHelper::GetSourceDevice(uint32_t i) const
{
    CheckInstalled("GetSourceDevice");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetSourceDevice: flow " << i << " of " << m_n);
    return m_srcDevices[i];
}

Ptr<AtmNetDevice>
AtmNSourceHelper::GetSinkDevice(uint32_t i) const
{
    CheckInstalled("GetSinkDevice");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetSinkDevice: flow " << i << " of " << m_n);
    return m_sinkDevices[i];
}

Ipv4Address
AtmNSourceHelper::GetSinkAddress(uint32_t i) const
{
    CheckInstalled("GetSinkAddress");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetSinkAddress: flow " << i << " of " << m_n);
    return m_sinkIfs.GetAddress(i);
}

Ptr<AtmDevice>
AtmNSourceHelper::GetTrunkDevice() const
{
    CheckInstalled("GetTrunkDevice");
    return m_trunk;
}

const AtmPvc&
AtmNSourceHelper::GetPvc(uint32_t i) const
{
    CheckInstalled("GetPvc");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetPvc: flow " << i << " of " << m_n);
    return m_pvcs[i];
}

const AtmPvcHelper&
AtmNSourceHelper::GetPvcHelper() const
{
    return m_pvcHelper;
}

Ptr<PacketSink>
AtmNSourceHelper::GetSinkApplication(uint32_t i) const
{
    NS_ABORT_MSG_IF(!m_appsInstalled, "AtmNSourceHelper: call InstallBulkSend() first");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetSinkApplication: flow " << i << " of " << m_n);
    return DynamicCast<PacketSink>(m_sinkApps.Get(i));
}

Ptr<AtmTcpFlowProbe>
AtmNSourceHelper::GetProbe(uint32_t i) const
{
    NS_ABORT_MSG_IF(!m_appsInstalled, "AtmNSourceHelper: call InstallBulkSend() first");
    NS_ABORT_MSG_IF(i >= m_n, "AtmNSourceHelper::GetProbe: flow " << i << " of " << m_n);
    return m_probes[i];
}

double
AtmNSourceHelper::GetMaxGoodputMbps() const
{
    const AtmCellRate& trunk = m_trunkRate.GetNumerator() ? m_trunkRate : m_linkRate;
    const AtmEncapsulation::Mode mode = m_installed
                                            ? m_srcDevices[0]->GetVcEncapsulation(m_pvcs[0].srcVc)
                                            : AtmEncapsulation::LLC_SNAP;
    return AtmMetrics::MaxTcpGoodput(trunk.GetCellsPerSecond(),
                                     m_tcp.GetSegmentSize(),
                                     m_tcp.GetTimestamps() ? 12 : 0,
                                     mode) /
           1e6;
}

AtmNSourceResults
AtmNSourceHelper::GetResults() const
{
    CheckInstalled("GetResults");
    NS_ABORT_MSG_IF(!m_appsInstalled, "AtmNSourceHelper::GetResults: call InstallBulkSend() first");
    AtmNSourceResults r;
    const double elapsed = Simulator::Now().GetSeconds();
    uint64_t rttSamples = 0;
    double rttSumMs = 0;
    for (uint32_t i = 0; i < m_n; ++i)
    {
        const uint64_t bytes = GetSinkApplication(i)->GetTotalRx();
        r.goodputMbps.push_back(elapsed > 0 ? bytes * 8.0 / elapsed / 1e6 : 0.0);
        r.cellsSent += m_srcDevices[i]->GetVcStats(m_pvcs[i].srcVc).cellsTx;
        const Ptr<AtmTcpFlowProbe> probe = m_probes[i];
        r.dataSegmentsSent += probe->GetDataSegmentsSent();
        r.retransmissions += probe->GetRetransmissions();
        r.timeouts += probe->GetTimeouts();
        rttSamples += probe->GetRttSamples();
        rttSumMs += probe->GetMeanRtt().GetSeconds() * 1e3 * probe->GetRttSamples();
        r.ledgersHold = r.ledgersHold && AtmPvcHelper::GetLedger(m_pvcs[i], true).Holds() &&
                        AtmPvcHelper::GetLedger(m_pvcs[i], false).Holds();
    }
    for (const Ptr<AtmDevice>& port : m_forwardPorts)
    {
        r.cellsDropped += port->GetOutputPort()->GetStats().cellsDropped;
    }
    if (m_vbr)
    {
        // The TCP flows' losses, without the VBR source's; the VBR source's share of the trunk.
        for (const auto& [dev, vc] : m_vbrPvc.forward)
        {
            if (DynamicCast<AtmSwitchPort>(dev))
            {
                r.vbrCellsDropped += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
            }
        }
        r.cellsDropped -= std::min(r.cellsDropped, r.vbrCellsDropped);
        r.vbrCellsDelivered =
            m_vbrPvc.dst->GetReassembler()->GetStats(m_vbrPvc.dstVc).cellsDelivered;
        r.ledgersHold = r.ledgersHold && AtmPvcHelper::GetLedger(m_vbrPvc, true).Holds();
        const uint64_t slots =
            m_trunk->GetTransmitter()->GetClock().GetSlotsIn(Time(), Simulator::Now());
        uint64_t vbrOnTrunk = 0;
        for (const auto& [dev, vc] : m_vbrPvc.forward)
        {
            if (dev == m_trunk)
            {
                vbrOnTrunk = dev->GetOutputPort()->GetVcStats(vc).cellsDeparted;
            }
        }
        r.vbrShare = slots ? static_cast<double>(vbrOnTrunk) / slots : 0.0;
    }
    for (double x : r.goodputMbps)
    {
        r.totalGoodputMbps += x;
    }
    r.maxGoodputMbps = GetMaxGoodputMbps() * (1 - r.vbrShare);
    r.efficiency = AtmMetrics::Efficiency(r.goodputMbps, r.maxGoodputMbps);
    r.fairness = AtmMetrics::JainFairness(r.goodputMbps, m_shares);
    r.cellLossRatio = AtmMetrics::CellLossRatio(r.cellsDropped, r.cellsSent);
    r.retransmissionPercent =
        AtmMetrics::RetransmissionPercent(r.retransmissions, r.dataSegmentsSent);
    r.meanRttMs = rttSamples ? rttSumMs / rttSamples : 0.0;
    r.rawUtilization = m_trunk->GetRawUtilization();
    r.effectiveUtilization = m_pvcHelper.GetEffectiveUtilization(m_trunk);
    return r;
}

} // namespace ns3
