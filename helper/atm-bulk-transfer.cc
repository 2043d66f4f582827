/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-bulk-transfer.h"

#include "tcp-era-presets.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBulkTransfer");

NS_OBJECT_ENSURE_REGISTERED(AtmBulkTransfer);

TypeId
AtmBulkTransfer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmBulkTransfer")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmBulkTransfer>()
            .AddAttribute("Tsdu",
                          "Bytes per application write of the sender (ttcp -l, netperf -m).",
                          UintegerValue(16384),
                          MakeUintegerAccessor(&AtmBulkTransfer::m_tsdu),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxBytes",
                          "Bytes to transfer; the simulation stops when they have arrived and "
                          "the goodput is counted over the transfer (0: greedy until the end "
                          "of the simulation, counted after Warmup).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmBulkTransfer::m_maxBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("StartTime",
                          "Earliest start of the transfer.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmBulkTransfer::m_startTime),
                          MakeTimeChecker())
            .AddAttribute("StartJitter",
                          "The transfer starts at StartTime + U[0, StartJitter).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmBulkTransfer::m_startJitter),
                          MakeTimeChecker())
            .AddAttribute("Warmup",
                          "With MaxBytes 0: bytes received before this time are not counted.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmBulkTransfer::m_warmup),
                          MakeTimeChecker())
            .AddAttribute("Port",
                          "The TCP port of the receiver's PacketSink.",
                          UintegerValue(5001),
                          MakeUintegerAccessor(&AtmBulkTransfer::m_port),
                          MakeUintegerChecker<uint16_t>());
    return tid;
}

AtmBulkTransfer::AtmBulkTransfer()
{
    NS_LOG_FUNCTION(this);
}

AtmBulkTransfer::~AtmBulkTransfer()
{
    NS_LOG_FUNCTION(this);
}

void
AtmBulkTransfer::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_writer = nullptr;
    m_sink = nullptr;
    m_probe = nullptr;
    m_completion = nullptr;
    m_tracer = nullptr;
    Object::DoDispose();
}

void
AtmBulkTransfer::CheckInstalled(const char* what) const
{
    NS_ABORT_MSG_IF(!m_sink, "AtmBulkTransfer::" << what << ": call Install() first");
}

void
AtmBulkTransfer::SetTracer(Ptr<AtmFlowTracer> tracer, uint32_t flow)
{
    NS_LOG_FUNCTION(this << tracer << flow);
    NS_ABORT_MSG_IF(m_sink, "AtmBulkTransfer::SetTracer: call it before Install()");
    NS_ABORT_MSG_IF(!tracer || !tracer->IsOpen(),
                    "AtmBulkTransfer::SetTracer: give an open AtmFlowTracer");
    m_tracer = tracer;
    m_flow = flow;
}

void
AtmBulkTransfer::Install(Ptr<Node> sender, Ptr<Node> receiver, Ipv4Address receiverAddress)
{
    NS_LOG_FUNCTION(this << sender << receiver << receiverAddress);
    NS_ABORT_MSG_IF(m_sink, "AtmBulkTransfer::Install: already installed; one transfer per object");
    NS_ABORT_MSG_IF(m_startJitter.IsStrictlyNegative(),
                    "AtmBulkTransfer: attribute StartJitter " << m_startJitter.As(Time::MS)
                                                              << " is negative; give 0 or more");
    NS_ABORT_MSG_IF(m_startTime.IsStrictlyNegative(),
                    "AtmBulkTransfer: attribute StartTime " << m_startTime.As(Time::S)
                                                            << " is negative; give 0 or more");
    NS_ABORT_MSG_IF(m_tsdu == 0,
                    "AtmBulkTransfer: attribute Tsdu is 0 bytes; give the bytes per write, >= 1");
    const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
    // The draw comes from a stream of its own, created here: a transfer started at a fixed time
    // draws all the same, so that adding StartJitter changes nothing else.
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    m_start = m_startTime +
              NanoSeconds(static_cast<int64_t>(
                  jitter->GetValue(0, static_cast<double>(m_startJitter.GetNanoSeconds()))));

    m_probe = Create<AtmTcpFlowProbe>();
    m_writer = CreateObject<AtmTtcpWriter>();
    m_writer->SetAttribute("Remote", AddressValue(InetSocketAddress(receiverAddress, m_port)));
    m_writer->SetAttribute("Protocol", TypeIdValue(factory));
    m_writer->SetAttribute("Tsdu", UintegerValue(m_tsdu));
    m_writer->SetAttribute("MaxBytes", UintegerValue(m_maxBytes));
    // The probe counts the connection from its first segment: it attaches as soon as the
    // writer's socket exists (the callback keeps the probe alive).
    m_writer->TraceConnectWithoutContext("SocketCreated",
                                         MakeCallback(&AtmTcpFlowProbe::Attach, m_probe));
    if (m_tracer)
    {
        // The same instant for the tracer: no event of its own (the callback holds it).
        m_writer->TraceConnectWithoutContext(
            "SocketCreated",
            MakeCallback(&AtmFlowTracer::AddTcpSender, m_tracer, m_flow));
    }
    sender->AddApplication(m_writer);
    m_writer->SetStartTime(m_start);

    PacketSinkHelper sinkHelper(factory.GetName(),
                                InetSocketAddress(Ipv4Address::GetAny(), m_port));
    ApplicationContainer sinkApp = sinkHelper.Install(receiver);
    sinkApp.Start(Seconds(0));
    m_sink = DynamicCast<PacketSink>(sinkApp.Get(0));
    m_completion = Create<Completion>();
    m_completion->maxBytes = m_maxBytes;
    m_sink->TraceConnectWithoutContext(
        "Rx",
        MakeBoundCallback(&AtmBulkTransfer::SinkRx,
                          m_completion,
                          static_cast<const PacketSink*>(PeekPointer(m_sink))));
    if (m_maxBytes == 0 && m_warmup.IsStrictlyPositive())
    {
        Simulator::Schedule(m_warmup, &AtmBulkTransfer::RecordWarmup, Ptr<AtmBulkTransfer>(this));
    }
}

void
AtmBulkTransfer::SinkRx(Ptr<Completion> completion,
                        const PacketSink* sink,
                        Ptr<const Packet> /* packet */,
                        const Address& /* from */)
{
    if (completion->maxBytes > 0 && completion->done == Time::Max() &&
        sink->GetTotalRx() >= completion->maxBytes)
    {
        completion->done = Simulator::Now();
        Simulator::Stop();
    }
}

void
AtmBulkTransfer::RecordWarmup()
{
    m_atWarmup = m_sink->GetTotalRx();
}

Time
AtmBulkTransfer::GetStart() const
{
    CheckInstalled("GetStart");
    return m_start;
}

Ptr<AtmTtcpWriter>
AtmBulkTransfer::GetWriter() const
{
    CheckInstalled("GetWriter");
    return m_writer;
}

Ptr<PacketSink>
AtmBulkTransfer::GetSink() const
{
    CheckInstalled("GetSink");
    return m_sink;
}

Ptr<AtmTcpFlowProbe>
AtmBulkTransfer::GetProbe() const
{
    CheckInstalled("GetProbe");
    return m_probe;
}

void
AtmBulkTransfer::Finish()
{
    CheckInstalled("Finish");
    const Time end = Simulator::Now();
    m_received = m_sink->GetTotalRx();
    m_completed = m_maxBytes > 0 && m_completion->done != Time::Max();
    m_seconds = (end - m_warmup).GetSeconds();
    uint64_t counted = m_received - m_atWarmup;
    if (m_maxBytes > 0)
    {
        m_seconds = ((m_completed ? m_completion->done : end) - m_start).GetSeconds();
        counted = m_received;
    }
    m_goodputMbps = m_seconds > 0 ? counted * 8.0 / m_seconds / 1e6 : 0.0;
}

double
AtmBulkTransfer::GetGoodputMbps() const
{
    return m_goodputMbps;
}

uint64_t
AtmBulkTransfer::GetBytesReceived() const
{
    return m_received;
}

bool
AtmBulkTransfer::IsCompleted() const
{
    return m_completed;
}

double
AtmBulkTransfer::GetTransferSeconds() const
{
    return m_seconds;
}

void
AtmBulkTransfer::AddTransfer(AtmJsonLine& json) const
{
    json.Add("startMs", m_start.GetSeconds() * 1e3)
        .Add("goodputMbps", m_goodputMbps)
        .Add("bytesReceived", m_received)
        .Add("completed", m_completed)
        .Add("transferSeconds", m_seconds);
}

void
AtmBulkTransfer::AddTcp(AtmJsonLine& json) const
{
    CheckInstalled("AddTcp");
    json.Add("dataSegmentsSent", m_probe->GetDataSegmentsSent())
        .Add("retransmissions", m_probe->GetRetransmissions())
        .Add("retransmissionPercent",
             AtmMetrics::RetransmissionPercent(m_probe->GetRetransmissions(),
                                               m_probe->GetDataSegmentsSent()))
        .Add("timeouts", m_probe->GetTimeouts())
        .Add("meanRttMs", m_probe->GetMeanRtt().GetSeconds() * 1e3);
}

} // namespace ns3
