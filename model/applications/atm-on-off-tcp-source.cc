/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-on-off-tcp-source.h"

#include "ns3/abort.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmOnOffTcpSource");

NS_OBJECT_ENSURE_REGISTERED(AtmOnOffTcpSource);

TypeId
AtmOnOffTcpSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmOnOffTcpSource")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmOnOffTcpSource>()
            .AddAttribute("Remote",
                          "The receiver's address and port (InetSocketAddress), e.g. a "
                          "PacketSink's.",
                          AddressValue(),
                          MakeAddressAccessor(&AtmOnOffTcpSource::m_peer),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The TypeId of the TCP socket factory (TcpEraSocketFactory for the "
                          "TCPs of TcpEraPresets); its sockets must be TcpSocketBases.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&AtmOnOffTcpSource::m_tid),
                          MakeTypeIdChecker())
            .AddAttribute("FileBytes",
                          "Bytes per file, >= 1 (BON ch. 7: \"10 MBytes\", read as 10,000,000; "
                          "the router scenarios: 1 MByte).",
                          UintegerValue(10000000),
                          MakeUintegerAccessor(&AtmOnOffTcpSource::m_fileBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Tsdu",
                          "Bytes per application write (ttcp -l), >= 1.",
                          UintegerValue(16384),
                          MakeUintegerAccessor(&AtmOnOffTcpSource::m_tsdu),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("IdleTime",
                          "The idle time in seconds, >= 0, drawn after each file between the "
                          "acknowledgement of its last byte and the next connection's SYN (BON "
                          "ch. 7: exponential of mean 0.1 s; a ConstantRandomVariable of 0 sends "
                          "the files back to back).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.1]"),
                          MakePointerAccessor(&AtmOnOffTcpSource::m_idle),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("MaxFiles",
                          "Files to send (0: no limit, until the application stops).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmOnOffTcpSource::m_maxFiles),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("SocketCreated",
                            "A connection's socket exists (bound, before its SYN): attach "
                            "per-connection probes here.",
                            MakeTraceSourceAccessor(&AtmOnOffTcpSource::m_socketCreatedTrace),
                            "ns3::AtmOnOffTcpSource::SocketTracedCallback")
            .AddTraceSource("FileDone",
                            "Every byte of a file was acknowledged: its number (from 0) and "
                            "its transfer time from the SYN.",
                            MakeTraceSourceAccessor(&AtmOnOffTcpSource::m_fileDoneTrace),
                            "ns3::AtmOnOffTcpSource::FileDoneTracedCallback")
            .AddTraceSource("Tx",
                            "Bytes the socket accepted in one Send(): a whole TSDU or a piece "
                            "of one.",
                            MakeTraceSourceAccessor(&AtmOnOffTcpSource::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmOnOffTcpSource::AtmOnOffTcpSource()
{
    NS_LOG_FUNCTION(this);
}

AtmOnOffTcpSource::~AtmOnOffTcpSource()
{
    NS_LOG_FUNCTION(this);
}

int64_t
AtmOnOffTcpSource::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    NS_ABORT_MSG_IF(!m_idle,
                    "AtmOnOffTcpSource::AssignStreams: attribute IdleTime is null; give a "
                    "RandomVariableStream");
    m_idle->SetStream(stream);
    return 1;
}

Ptr<Socket>
AtmOnOffTcpSource::GetSocket() const
{
    return m_socket;
}

uint32_t
AtmOnOffTcpSource::GetFilesStarted() const
{
    return static_cast<uint32_t>(m_startTimes.size());
}

uint32_t
AtmOnOffTcpSource::GetFilesCompleted() const
{
    return static_cast<uint32_t>(m_completionTimes.size());
}

uint64_t
AtmOnOffTcpSource::GetBytesAcked() const
{
    return m_bytesAcked;
}

uint64_t
AtmOnOffTcpSource::GetBytesWritten() const
{
    return m_bytesWrittenBefore + m_sosend.GetBytesWritten();
}

const std::vector<Time>&
AtmOnOffTcpSource::GetStartTimes() const
{
    return m_startTimes;
}

const std::vector<Time>&
AtmOnOffTcpSource::GetCompletionTimes() const
{
    return m_completionTimes;
}

const std::vector<Time>&
AtmOnOffTcpSource::GetIdleTimes() const
{
    return m_idleTimes;
}

void
AtmOnOffTcpSource::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_fileBytes == 0,
                    "AtmOnOffTcpSource: attribute FileBytes is 0 bytes; give the file size in "
                    "bytes, >= 1 (BON's workstations: 10000000)");
    NS_ABORT_MSG_IF(m_tsdu == 0,
                    "AtmOnOffTcpSource: attribute Tsdu is 0 bytes; give the bytes per write "
                    "(ttcp -l), >= 1");
    NS_ABORT_MSG_IF(!m_idle,
                    "AtmOnOffTcpSource: attribute IdleTime is null; give a RandomVariableStream "
                    "of seconds >= 0 (a ConstantRandomVariable of 0 for back-to-back files)");
    NS_ABORT_MSG_IF(m_peer.IsInvalid(),
                    "AtmOnOffTcpSource: attribute Remote is not set; give the receiver's "
                    "InetSocketAddress");
    Application::DoInitialize();
}

void
AtmOnOffTcpSource::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    Detach();
    m_socket = nullptr;
    m_idle = nullptr;
    Application::DoDispose();
}

void
AtmOnOffTcpSource::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_startTimes.empty(),
                    "AtmOnOffTcpSource: started twice; one source runs one series of files");
    StartFile();
}

void
AtmOnOffTcpSource::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_stopped = true;
    m_event.Cancel();
    if (m_attached)
    {
        // Stopped during a file: the connection is closed, the file stays incomplete.
        Detach();
        m_socket->Close();
    }
}

void
AtmOnOffTcpSource::StartFile()
{
    NS_LOG_FUNCTION(this);
    m_bytesWrittenBefore += m_sosend.GetBytesWritten();
    m_sosend.Reset(m_tsdu, m_fileBytes);
    m_connected = false;
    m_fileAcked = 0;
    m_socket = Socket::CreateSocket(GetNode(), m_tid);
    NS_ABORT_MSG_IF(!DynamicCast<TcpSocketBase>(m_socket),
                    "AtmOnOffTcpSource: attribute Protocol " << m_tid.GetName()
                                                             << " does not make TCP sockets; give "
                                                                "a TCP socket factory "
                                                                "(TcpSocketFactory, "
                                                                "TcpEraSocketFactory)");
    const int bound =
        Inet6SocketAddress::IsMatchingType(m_peer) ? m_socket->Bind6() : m_socket->Bind();
    NS_ABORT_MSG_IF(bound != 0, "AtmOnOffTcpSource: bind failed");
    m_socket->SetConnectCallback(MakeCallback(&AtmOnOffTcpSource::Connected, this),
                                 MakeCallback(&AtmOnOffTcpSource::Failed, this));
    m_socket->SetSendCallback(MakeCallback(&AtmOnOffTcpSource::SpaceFreed, this));
    m_socket->TraceConnectWithoutContext("HighestRxAck",
                                         MakeCallback(&AtmOnOffTcpSource::AckAdvanced, this));
    m_attached = true;
    m_startTimes.push_back(Simulator::Now());
    m_socketCreatedTrace(m_socket);
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) != 0,
                    "AtmOnOffTcpSource: connect to attribute Remote failed; give the receiver's "
                    "InetSocketAddress");
}

void
AtmOnOffTcpSource::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_connected = true;
    // The first data byte: the ACK number of the SYN-ACK, where the send buffer starts.
    m_lastAck = DynamicCast<TcpSocketBase>(socket)->GetTxBuffer()->HeadSequence();
    Fill();
}

void
AtmOnOffTcpSource::Failed(Ptr<Socket> socket)
{
    NS_ABORT_MSG("AtmOnOffTcpSource: the connection to attribute Remote failed (is a sink "
                 "listening there?)");
}

void
AtmOnOffTcpSource::SpaceFreed(Ptr<Socket> socket, uint32_t available)
{
    if (m_connected)
    {
        Fill();
    }
}

void
AtmOnOffTcpSource::Fill()
{
    m_sosend.Fill(m_socket, m_txTrace);
}

void
AtmOnOffTcpSource::AckAdvanced(SequenceNumber32 oldValue, SequenceNumber32 newValue)
{
    if (!m_connected || m_fileAcked == m_fileBytes || newValue <= m_lastAck)
    {
        return;
    }
    // Each step is below 2^31 (a window), so the 32-bit difference is exact; the sum is not
    // bounded by the sequence space.
    const uint64_t step = static_cast<uint32_t>(newValue - m_lastAck);
    m_lastAck = newValue;
    const uint64_t counted = std::min<uint64_t>(step, m_fileBytes - m_fileAcked);
    m_fileAcked += counted;
    m_bytesAcked += counted;
    if (m_fileAcked == m_fileBytes)
    {
        // Inside the socket's processing of this ACK: close and go on in an event of the same
        // instant, once the socket has finished with it.
        m_event = Simulator::ScheduleNow(&AtmOnOffTcpSource::FileAcked, this);
    }
}

void
AtmOnOffTcpSource::FileAcked()
{
    NS_LOG_FUNCTION(this);
    const Time now = Simulator::Now();
    Detach();
    m_socket->Close();
    const auto file = static_cast<uint32_t>(m_completionTimes.size());
    m_completionTimes.push_back(now);
    m_fileDoneTrace(file, now - m_startTimes[file]);
    if (m_stopped || (m_maxFiles > 0 && m_completionTimes.size() >= m_maxFiles))
    {
        return;
    }
    const double idle = m_idle->GetValue();
    NS_ABORT_MSG_IF(!(idle >= 0) || !std::isfinite(idle),
                    "AtmOnOffTcpSource: attribute IdleTime drew " << idle
                                                                  << " s; an idle time must be "
                                                                     "finite and >= 0 s (give a "
                                                                     "non-negative distribution)");
    const Time wait = Seconds(idle);
    m_idleTimes.push_back(wait);
    m_event = Simulator::Schedule(wait, &AtmOnOffTcpSource::StartFile, this);
}

void
AtmOnOffTcpSource::Detach()
{
    if (!m_attached)
    {
        return;
    }
    m_attached = false;
    m_connected = false;
    m_socket->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(),
                                 MakeNullCallback<void, Ptr<Socket>>());
    m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    m_socket->TraceDisconnectWithoutContext("HighestRxAck",
                                            MakeCallback(&AtmOnOffTcpSource::AckAdvanced, this));
}

} // namespace ns3
