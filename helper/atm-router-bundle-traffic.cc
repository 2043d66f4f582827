/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-router-bundle-traffic.h"

#include "atm-pvc-helper.h"
#include "tcp-era-presets.h"

#include "ns3/abort.h"
#include "ns3/address.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/callback.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRouterBundleTraffic");

AtmRouterBundleTraffic::AtmRouterBundleTraffic()
{
}

void
AtmRouterBundleTraffic::SetTracer(Ptr<AtmFlowTracer> tracer)
{
    NS_LOG_FUNCTION(this << tracer);
    NS_ABORT_MSG_IF(m_installed, "AtmRouterBundleTraffic::SetTracer: call it before Install()");
    NS_ABORT_MSG_IF(!tracer || !tracer->IsOpen(),
                    "AtmRouterBundleTraffic::SetTracer: give an open AtmFlowTracer");
    m_tracer = tracer;
}

void
AtmRouterBundleTraffic::Install(const AtmRouterBundleTopology& topology,
                                uint64_t fileBytes,
                                Time startJitter,
                                Time measureFrom,
                                uint16_t port)
{
    NS_LOG_FUNCTION(this << fileBytes << startJitter << measureFrom << port);
    NS_ABORT_MSG_IF(m_installed, "AtmRouterBundleTraffic::Install: already installed");
    NS_ABORT_MSG_IF(topology.sources.empty() || topology.sources.size() != topology.sinks.size() ||
                        topology.pvcs.size() != topology.sources.size() ||
                        topology.peerIn.size() != topology.sources.size(),
                    "AtmRouterBundleTraffic::Install: the topology has no router pairs; give the "
                    "one AtmRouterBundleHelper::Install() returned");
    NS_ABORT_MSG_IF(fileBytes == 0,
                    "AtmRouterBundleTraffic::Install: fileBytes 0; give at least 1");
    NS_ABORT_MSG_IF(startJitter.IsStrictlyNegative(),
                    "AtmRouterBundleTraffic::Install: negative start jitter "
                        << startJitter.As(Time::S));
    NS_ABORT_MSG_IF(measureFrom.IsStrictlyNegative(),
                    "AtmRouterBundleTraffic::Install: negative measureFrom "
                        << measureFrom.As(Time::S));
    m_installed = true;
    m_topology = topology;
    m_measureFrom = measureFrom;
    Ptr<UniformRandomVariable> start = CreateObject<UniformRandomVariable>();
    const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
    const uint32_t pairs = topology.sources.size();
    for (uint32_t i = 0; i < pairs; ++i)
    {
        Ptr<PairState> state = Create<PairState>();
        state->peerIn = topology.peerIn[i];
        const uint32_t hosts = topology.sources[i].GetN();
        NS_ABORT_MSG_IF(topology.sinks[i].GetN() != hosts || topology.sinkAddresses.size() <= i ||
                            topology.sinkAddresses[i].size() != hosts,
                        "AtmRouterBundleTraffic::Install: pair " << i
                                                                 << " has unequal hosts and sinks");
        for (uint32_t j = 0; j < hosts; ++j)
        {
            PacketSinkHelper sinkHelper(factory.GetName(),
                                        InetSocketAddress(Ipv4Address::GetAny(), port));
            state->sinks.push_back(
                DynamicCast<PacketSink>(sinkHelper.Install(topology.sinks[i].Get(j)).Get(0)));
            Ptr<AtmOnOffTcpSource> source = CreateObject<AtmOnOffTcpSource>();
            source->SetAttribute(
                "Remote",
                AddressValue(InetSocketAddress(topology.sinkAddresses[i][j], port)));
            source->SetAttribute("Protocol", TypeIdValue(factory));
            source->SetAttribute("FileBytes", UintegerValue(fileBytes));
            source->SetAttribute(
                "IdleTime",
                PointerValue(CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                                                DoubleValue(0))));
            source->TraceConnectWithoutContext(
                "SocketCreated",
                MakeBoundCallback(&AtmRouterBundleTraffic::AddProbe, state));
            topology.sources[i].Get(j)->AddApplication(source);
            source->SetStartTime(NanoSeconds(
                static_cast<int64_t>(start->GetValue(0, startJitter.GetNanoSeconds()))));
        }
        m_pairs.push_back(state);
    }
    if (m_tracer)
    {
        m_tracer->AddPort("s0-backbone", topology.backbone->GetOutputPort());
        for (uint32_t i = 0; i < pairs; ++i)
        {
            const uint32_t hosts = topology.sources[i].GetN();
            for (uint32_t j = 0; j < hosts; ++j)
            {
                topology.sources[i].Get(j)->GetApplication(0)->TraceConnectWithoutContext(
                    "SocketCreated",
                    MakeCallback(&AtmFlowTracer::AddTcpConnection, m_tracer, i * hosts + j));
            }
        }
    }
    Simulator::Schedule(measureFrom, &AtmRouterBundleTraffic::MarkStart, m_pairs);
}

void
AtmRouterBundleTraffic::AddProbe(Ptr<PairState> state, Ptr<Socket> socket)
{
    state->probes.push_back(Create<AtmTcpFlowProbe>());
    state->probes.back()->Attach(socket);
}

void
AtmRouterBundleTraffic::MarkStart(std::vector<Ptr<PairState>> pairs)
{
    for (const Ptr<PairState>& p : pairs)
    {
        for (const Ptr<PacketSink>& s : p->sinks)
        {
            p->rxAtStart += s->GetTotalRx();
        }
        p->corruptedAtStart = p->peerIn->GetVcStats(0).framesRxCorrupted;
    }
}

void
AtmRouterBundleTraffic::CheckPair(const char* what, uint32_t pair) const
{
    NS_ABORT_MSG_IF(!m_installed, "AtmRouterBundleTraffic::" << what << ": call Install() first");
    NS_ABORT_MSG_IF(pair >= m_pairs.size(),
                    "AtmRouterBundleTraffic::" << what << ": pair " << pair
                                               << " out of range (0 .. " << m_pairs.size() - 1
                                               << ")");
}

uint32_t
AtmRouterBundleTraffic::GetNPairs() const
{
    return m_pairs.size();
}

Ptr<PacketSink>
AtmRouterBundleTraffic::GetSinkApplication(uint32_t pair, uint32_t host) const
{
    CheckPair("GetSinkApplication", pair);
    const std::vector<Ptr<PacketSink>>& sinks = m_pairs[pair]->sinks;
    NS_ABORT_MSG_IF(host >= sinks.size(),
                    "AtmRouterBundleTraffic::GetSinkApplication: host "
                        << host << " out of range (0 .. " << sinks.size() - 1 << ")");
    return sinks[host];
}

uint64_t
AtmRouterBundleTraffic::GetRxBytes(uint32_t pair) const
{
    CheckPair("GetRxBytes", pair);
    if (Simulator::Now() < m_measureFrom)
    {
        return 0;
    }
    uint64_t rx = 0;
    for (const Ptr<PacketSink>& s : m_pairs[pair]->sinks)
    {
        rx += s->GetTotalRx();
    }
    return rx - m_pairs[pair]->rxAtStart;
}

double
AtmRouterBundleTraffic::GetGoodputMbps(uint32_t pair) const
{
    CheckPair("GetGoodputMbps", pair);
    if (Simulator::Now() <= m_measureFrom)
    {
        // Not (now - measureFrom).GetSeconds(): ns-3.37's int64x64_t shifts a negative value
        // there (undefined behaviour, reported by UBSan).
        return 0.0;
    }
    return GetRxBytes(pair) * 8.0 / (Simulator::Now() - m_measureFrom).GetSeconds() / 1e6;
}

uint32_t
AtmRouterBundleTraffic::GetConnections(uint32_t pair) const
{
    CheckPair("GetConnections", pair);
    return m_pairs[pair]->probes.size();
}

uint64_t
AtmRouterBundleTraffic::SumOverProbes(const char* what,
                                      uint32_t pair,
                                      uint64_t (AtmTcpFlowProbe::*counter)() const) const
{
    CheckPair(what, pair);
    uint64_t n = 0;
    for (const Ptr<AtmTcpFlowProbe>& probe : m_pairs[pair]->probes)
    {
        n += ((*probe).*counter)();
    }
    return n;
}

uint64_t
AtmRouterBundleTraffic::GetRetransmissions(uint32_t pair) const
{
    return SumOverProbes("GetRetransmissions", pair, &AtmTcpFlowProbe::GetRetransmissions);
}

uint64_t
AtmRouterBundleTraffic::GetTimeouts(uint32_t pair) const
{
    return SumOverProbes("GetTimeouts", pair, &AtmTcpFlowProbe::GetTimeouts);
}

uint64_t
AtmRouterBundleTraffic::GetCorruptedPdus(uint32_t pair) const
{
    CheckPair("GetCorruptedPdus", pair);
    if (Simulator::Now() < m_measureFrom)
    {
        return 0;
    }
    const PairState& p = *m_pairs[pair];
    return p.peerIn->GetVcStats(0).framesRxCorrupted - p.corruptedAtStart;
}

uint64_t
AtmRouterBundleTraffic::GetRouterQueueDrops(uint32_t pair) const
{
    CheckPair("GetRouterQueueDrops", pair);
    return m_topology.routerQueues.GetN()
               ? m_topology.routerQueues.Get(pair)->GetStats().nTotalDroppedPackets
               : 0;
}

bool
AtmRouterBundleTraffic::LedgersHold() const
{
    NS_ABORT_MSG_IF(!m_installed, "AtmRouterBundleTraffic::LedgersHold: call Install() first");
    bool hold = true;
    for (const AtmPvc& pvc : m_topology.pvcs)
    {
        hold = hold && AtmPvcHelper::GetLedger(pvc).Holds() &&
               AtmPvcHelper::GetLedger(pvc, false).Holds();
    }
    return hold;
}

} // namespace ns3
