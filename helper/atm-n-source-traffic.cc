/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-n-source-traffic.h"

#include "tcp-era-presets.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNSourceTraffic");

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

AtmNSourceTraffic::AtmNSourceTraffic()
{
}

void
AtmNSourceTraffic::SetTracer(Ptr<AtmFlowTracer> tracer)
{
    NS_LOG_FUNCTION(this << tracer);
    NS_ABORT_MSG_IF(m_installed, "AtmNSourceTraffic::SetTracer: call it before Install()");
    NS_ABORT_MSG_IF(!tracer || !tracer->IsOpen(),
                    "AtmNSourceTraffic::SetTracer: give an open AtmFlowTracer");
    m_tracer = tracer;
}

void
AtmNSourceTraffic::Install(const AtmNSourceTopology& topology,
                           Time start,
                           Time stop,
                           Time startJitter,
                           uint16_t port)
{
    NS_LOG_FUNCTION(this << start << stop << startJitter << port);
    NS_ABORT_MSG_IF(m_installed, "AtmNSourceTraffic::Install: already installed");
    NS_ABORT_MSG_IF(topology.sources.GetN() == 0 ||
                        topology.sourceTcp.size() != topology.sources.GetN(),
                    "AtmNSourceTraffic::Install: the topology has no flows; give the one "
                    "AtmNSourceHelper::Install() returned");
    NS_ABORT_MSG_IF(stop <= start,
                    "AtmNSourceTraffic::Install: stop "
                        << stop.As(Time::S) << " is not after start " << start.As(Time::S));
    NS_ABORT_MSG_IF(startJitter.IsStrictlyNegative(),
                    "AtmNSourceTraffic::Install: negative start jitter");
    m_installed = true;
    m_topology = topology;
    if (m_tracer)
    {
        // forwardPorts: s1's port to each destination (or to the shared one), then the trunk
        // port.
        for (uint32_t i = 0; i < topology.forwardPorts.size(); ++i)
        {
            const Ptr<AtmDevice>& dev = topology.forwardPorts[i];
            m_tracer->AddPort(dev == topology.trunk      ? std::string("sw0-trunk")
                              : dev == topology.sinkPort ? std::string("sw1-sink")
                                                         : "sw1-dst" + std::to_string(i),
                              dev->GetOutputPort());
        }
    }
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
    for (uint32_t i = 0; i < topology.sources.GetN(); ++i)
    {
        const Time at = start + (startJitter.IsStrictlyPositive()
                                     ? NanoSeconds(static_cast<int64_t>(
                                           jitter->GetValue(0, startJitter.GetNanoSeconds())))
                                     : Time());
        // Connections that end at one host (AtmNSourceHelper::SetSharedSink) differ by port.
        uint16_t flowPort = port;
        for (uint32_t j = 0; j < i; ++j)
        {
            flowPort += topology.sinks.Get(j) == topology.sinks.Get(i) ? 1 : 0;
        }
        BulkSendHelper source(factory, InetSocketAddress(topology.sinkAddresses[i], flowPort));
        source.SetAttribute("MaxBytes", UintegerValue(0));
        source.SetAttribute("SendSize", UintegerValue(topology.sourceTcp[i].GetSegmentSize()));
        ApplicationContainer app = source.Install(topology.sources.Get(i));
        app.Start(at);
        app.Stop(stop);
        m_sourceApps.Add(app);
        PacketSinkHelper sink(factory, InetSocketAddress(Ipv4Address::GetAny(), flowPort));
        ApplicationContainer sinkApp = sink.Install(topology.sinks.Get(i));
        sinkApp.Start(start);
        m_sinkApps.Add(sinkApp);
        m_probes.push_back(Create<AtmTcpFlowProbe>());
        // The socket exists once the application has started (same instant, scheduled first).
        Simulator::Schedule(at + NanoSeconds(1),
                            &AtmNSourceTraffic::AttachProbe,
                            m_probes.back(),
                            DynamicCast<BulkSendApplication>(app.Get(0)),
                            i,
                            m_tracer);
    }
    if (topology.vbrSource)
    {
        topology.vbrSource->SetStartTime(start);
        topology.vbrSource->SetStopTime(stop);
    }
}

void
AtmNSourceTraffic::AttachProbe(Ptr<AtmTcpFlowProbe> probe,
                               Ptr<BulkSendApplication> sender,
                               uint32_t flow,
                               Ptr<AtmFlowTracer> tracer)
{
    Ptr<Socket> socket = sender->GetSocket();
    NS_ABORT_MSG_IF(!socket,
                    "AtmNSourceTraffic: flow " << flow << " has no socket after its start");
    probe->Attach(socket);
    if (tracer)
    {
        tracer->AddTcpSender(flow, socket);
    }
}

void
AtmNSourceTraffic::CheckFlow(const char* what, uint32_t i) const
{
    NS_ABORT_MSG_IF(!m_installed, "AtmNSourceTraffic::" << what << ": call Install() first");
    NS_ABORT_MSG_IF(i >= m_topology.sources.GetN(),
                    "AtmNSourceTraffic::" << what << ": flow " << i << " of "
                                          << m_topology.sources.GetN() << " (use 0 ... "
                                          << m_topology.sources.GetN() - 1 << ")");
}

const AtmNSourceTopology&
AtmNSourceTraffic::GetTopology() const
{
    return m_topology;
}

Ptr<BulkSendApplication>
AtmNSourceTraffic::GetSourceApplication(uint32_t i) const
{
    CheckFlow("GetSourceApplication", i);
    return DynamicCast<BulkSendApplication>(m_sourceApps.Get(i));
}

Ptr<PacketSink>
AtmNSourceTraffic::GetSinkApplication(uint32_t i) const
{
    CheckFlow("GetSinkApplication", i);
    return DynamicCast<PacketSink>(m_sinkApps.Get(i));
}

Ptr<AtmTcpFlowProbe>
AtmNSourceTraffic::GetProbe(uint32_t i) const
{
    CheckFlow("GetProbe", i);
    return m_probes[i];
}

AtmNSourceResults
AtmNSourceTraffic::GetResults() const
{
    NS_ABORT_MSG_IF(!m_installed, "AtmNSourceTraffic::GetResults: call Install() first");
    const AtmNSourceTopology& t = m_topology;
    AtmNSourceResults r;
    const double elapsed = Simulator::Now().GetSeconds();
    uint64_t rttSamples = 0;
    double rttSumMs = 0;
    for (uint32_t i = 0; i < t.sources.GetN(); ++i)
    {
        const uint64_t bytes = GetSinkApplication(i)->GetTotalRx();
        r.goodputMbps.push_back(elapsed > 0 ? bytes * 8.0 / elapsed / 1e6 : 0.0);
        r.cellsSent += t.sourceDevices[i]->GetVcStats(t.pvcs[i].srcVc).cellsTx;
        const Ptr<AtmTcpFlowProbe> probe = m_probes[i];
        r.dataSegmentsSent += probe->GetDataSegmentsSent();
        r.retransmissions += probe->GetRetransmissions();
        r.timeouts += probe->GetTimeouts();
        rttSamples += probe->GetRttSamples();
        rttSumMs += probe->GetMeanRtt().GetSeconds() * 1e3 * probe->GetRttSamples();
        r.ledgersHold = r.ledgersHold && AtmPvcHelper::GetLedger(t.pvcs[i], true).Holds() &&
                        AtmPvcHelper::GetLedger(t.pvcs[i], false).Holds();
    }
    for (const Ptr<AtmDevice>& port : t.forwardPorts)
    {
        r.cellsDropped += port->GetOutputPort()->GetStats().cellsDropped;
    }
    if (t.vbrSource)
    {
        // The TCP flows' losses, without the VBR source's; the VBR source's share of the trunk.
        for (const auto& [dev, vc] : t.vbrPvc.forward)
        {
            if (DynamicCast<AtmSwitchPort>(dev))
            {
                r.vbrCellsDropped += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
            }
        }
        r.cellsDropped -= std::min(r.cellsDropped, r.vbrCellsDropped);
        r.vbrCellsDelivered =
            t.vbrPvc.dst->GetReassembler()->GetStats(t.vbrPvc.dstVc).cellsDelivered;
        r.ledgersHold = r.ledgersHold && AtmPvcHelper::GetLedger(t.vbrPvc, true).Holds();
        const uint64_t slots =
            t.trunk->GetTransmitter()->GetClock().GetSlotsIn(Time(), Simulator::Now());
        uint64_t vbrOnTrunk = 0;
        for (const auto& [dev, vc] : t.vbrPvc.forward)
        {
            if (dev == t.trunk)
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
    r.maxGoodputMbps = t.maxGoodputMbps * (1 - r.vbrShare);
    r.efficiency = AtmMetrics::Efficiency(r.goodputMbps, r.maxGoodputMbps);
    r.fairness = AtmMetrics::JainFairness(r.goodputMbps, t.expectedShares);
    r.cellLossRatio = AtmMetrics::CellLossRatio(r.cellsDropped, r.cellsSent);
    r.retransmissionPercent =
        AtmMetrics::RetransmissionPercent(r.retransmissions, r.dataSegmentsSent);
    r.meanRttMs = rttSamples ? rttSumMs / rttSamples : 0.0;
    const Ptr<AtmDevice> bottleneck = t.bottleneck ? t.bottleneck : t.trunk;
    r.rawUtilization = bottleneck->GetRawUtilization();
    r.effectiveUtilization = AtmPvcHelper::GetEffectiveUtilization(bottleneck, t.pvcs);
    return r;
}

} // namespace ns3
