/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-spims-initiator.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSpimsInitiator");

NS_OBJECT_ENSURE_REGISTERED(AtmSpimsInitiator);

TypeId
AtmSpimsInitiator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmSpimsInitiator")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmSpimsInitiator>()
            .AddAttribute("Remote",
                          "The responder's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&AtmSpimsInitiator::m_peer),
                          MakeAddressChecker())
            .AddAttribute("Local",
                          "The local address each run's socket binds to (InetSocketAddress, "
                          "port 0 for any; empty: any address): on a host with several "
                          "addresses it chooses the source address, and so the VC, of the "
                          "connection (AtmBundleHelper's VC-per-connection mode).",
                          AddressValue(),
                          MakeAddressAccessor(&AtmSpimsInitiator::m_local),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The TypeId of the TCP socket factory (TcpEraSocketFactory for the "
                          "TCPs of TcpEraPresets).",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&AtmSpimsInitiator::m_tid),
                          MakeTypeIdChecker())
            .AddAttribute("Spec",
                          "The measurement in SPIMS notation (AtmSpimsSpec): '<runs> "
                          "bulk_get|bulk_put <size>*<count> [<gap>]' or '<runs> rr "
                          "<request>,<response>*<count> [<gap>]', sizes in bytes and gaps in "
                          "seconds as constant(v), exp(mean) or bivalue(v1,v2,p).",
                          StringValue("1 rr 1000,1024*50"),
                          MakeStringAccessor(&AtmSpimsInitiator::SetSpecText,
                                             &AtmSpimsInitiator::GetSpecText),
                          MakeStringChecker())
            .AddTraceSource("SocketCreated",
                            "A run's socket exists (bound, not yet connected): attach "
                            "per-connection probes here.",
                            MakeTraceSourceAccessor(&AtmSpimsInitiator::m_socketCreatedTrace),
                            "ns3::AtmSpimsInitiator::SocketTracedCallback")
            .AddTraceSource("Transaction",
                            "An rr transaction completed: (run, index, request written to "
                            "response received).",
                            MakeTraceSourceAccessor(&AtmSpimsInitiator::m_transactionTrace),
                            "ns3::AtmSpimsInitiator::TransactionTracedCallback")
            .AddTraceSource("RunEnd",
                            "A run ended: (run, what this side measured).",
                            MakeTraceSourceAccessor(&AtmSpimsInitiator::m_runEndTrace),
                            "ns3::AtmSpimsInitiator::RunTracedCallback")
            .AddTraceSource("Done",
                            "Every run of the spec has ended.",
                            MakeTraceSourceAccessor(&AtmSpimsInitiator::m_doneTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Tx",
                            "Bytes the socket accepted in one Send().",
                            MakeTraceSourceAccessor(&AtmSpimsInitiator::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmSpimsInitiator::AtmSpimsInitiator()
{
    NS_LOG_FUNCTION(this);
}

AtmSpimsInitiator::~AtmSpimsInitiator()
{
    NS_LOG_FUNCTION(this);
}

void
AtmSpimsInitiator::SetSpec(const AtmSpimsSpec& spec)
{
    NS_ABORT_MSG_IF(m_socket || !m_runs.empty(),
                    "AtmSpimsInitiator: attribute Spec set while the measurement runs");
    m_spec = spec;
    m_sizes = m_spec.GetSize().CreateVariable();
    m_answers = m_spec.GetResponseSize().CreateVariable();
    m_gaps = m_spec.GetGap().CreateVariable();
}

void
AtmSpimsInitiator::SetSpecText(std::string text)
{
    AtmSpimsSpec spec;
    std::string error;
    NS_ABORT_MSG_IF(!AtmSpimsSpec::TryParse(text, &spec, &error),
                    "AtmSpimsInitiator: attribute Spec: " << error);
    SetSpec(spec);
}

std::string
AtmSpimsInitiator::GetSpecText() const
{
    return m_spec.ToString();
}

const AtmSpimsSpec&
AtmSpimsInitiator::GetSpec() const
{
    return m_spec;
}

const std::vector<AtmSpimsRun>&
AtmSpimsInitiator::GetRuns() const
{
    return m_runs;
}

bool
AtmSpimsInitiator::IsDone() const
{
    return m_done;
}

Ptr<Socket>
AtmSpimsInitiator::GetSocket() const
{
    return m_socket;
}

int64_t
AtmSpimsInitiator::AssignStreams(int64_t stream)
{
    m_sizes->SetStream(stream);
    m_gaps->SetStream(stream + 1);
    m_answers->SetStream(stream + 2);
    return 3;
}

void
AtmSpimsInitiator::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    if (!m_sizes)
    {
        SetSpec(m_spec);
    }
    Application::DoInitialize();
}

void
AtmSpimsInitiator::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_gapEvent.Cancel();
    m_socket = nullptr;
    m_sizes = nullptr;
    m_answers = nullptr;
    m_gaps = nullptr;
    Application::DoDispose();
}

void
AtmSpimsInitiator::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_runs.empty() || m_socket,
                    "AtmSpimsInitiator: started twice; one initiator runs its spec once");
    StartRun();
}

void
AtmSpimsInitiator::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_stopped = true;
    m_gapEvent.Cancel();
    if (m_socket && !m_closing)
    {
        m_closing = true;
        m_socket->Close();
    }
}

uint32_t
AtmSpimsInitiator::Bytes(double x, uint32_t minimum)
{
    const double r = std::round(x);
    if (!(r >= minimum))
    {
        return minimum;
    }
    return r > AtmSpimsSpec::MAX_SIZE ? static_cast<uint32_t>(AtmSpimsSpec::MAX_SIZE)
                                      : static_cast<uint32_t>(r);
}

void
AtmSpimsInitiator::StartRun()
{
    NS_LOG_FUNCTION(this << m_run);
    m_current = AtmSpimsRun();
    m_messagesDone = 0;
    m_closing = false;
    m_writing = NOTHING;
    m_socket = Socket::CreateSocket(GetNode(), m_tid);
    const int bound = !m_local.IsInvalid()                         ? m_socket->Bind(m_local)
                      : Inet6SocketAddress::IsMatchingType(m_peer) ? m_socket->Bind6()
                                                                   : m_socket->Bind();
    NS_ABORT_MSG_IF(bound != 0,
                    "AtmSpimsInitiator: bind failed"
                        << (m_local.IsInvalid() ? ""
                                                : " (attribute Local: is it an address of "
                                                  "this node?)"));
    m_socket->SetConnectCallback(MakeCallback(&AtmSpimsInitiator::Connected, this),
                                 MakeCallback(&AtmSpimsInitiator::ConnectionFailed, this));
    m_socket->SetSendCallback(MakeCallback(&AtmSpimsInitiator::SpaceFreed, this));
    m_socket->SetRecvCallback(MakeCallback(&AtmSpimsInitiator::Received, this));
    m_socket->SetCloseCallbacks(MakeCallback(&AtmSpimsInitiator::PeerClosed, this),
                                MakeCallback(&AtmSpimsInitiator::ErrorClosed, this));
    m_socketCreatedTrace(m_socket);
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) != 0,
                    "AtmSpimsInitiator: connect to attribute Remote failed; give the "
                    "responder's InetSocketAddress");
}

void
AtmSpimsInitiator::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_current.start = Simulator::Now();
    const std::vector<uint8_t> control = m_spec.GetControlMessage();
    m_writing = CONTROL;
    m_sosend.Reset(static_cast<uint32_t>(control.size()), control.size());
    m_sosend.SetPrefix(control);
    Write();
}

void
AtmSpimsInitiator::ConnectionFailed(Ptr<Socket> socket)
{
    NS_ABORT_MSG("AtmSpimsInitiator: the connection to attribute Remote failed (is an "
                 "AtmSpimsResponder listening there?)");
}

void
AtmSpimsInitiator::ErrorClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (!m_stopped)
    {
        NS_LOG_WARN("AtmSpimsInitiator: run " << m_run << "'s connection failed");
    }
}

void
AtmSpimsInitiator::SpaceFreed(Ptr<Socket> socket, uint32_t available)
{
    if (m_writing != NOTHING)
    {
        Write();
    }
}

void
AtmSpimsInitiator::Write()
{
    if (m_sosend.Fill(m_socket, m_txTrace))
    {
        WriteDone();
    }
}

void
AtmSpimsInitiator::WriteDone()
{
    const Writing was = m_writing;
    m_writing = NOTHING;
    if (was == CONTROL)
    {
        if (m_spec.InitiatorSends())
        {
            NextMessage();
        }
        return; // bulk_get: the responder sends now
    }
    if (was == MESSAGE)
    {
        ++m_messagesDone;
        if (m_messagesDone >= m_spec.GetCount())
        {
            m_closing = true;
            m_socket->Close(); // the responder measures; its close ends the run
            return;
        }
        const double gap = m_gaps->GetValue();
        m_gapEvent =
            Simulator::Schedule(Seconds(std::max(gap, 0.0)), &AtmSpimsInitiator::NextMessage, this);
    }
    // REQUEST: the response's bytes end it (Received()).
}

void
AtmSpimsInitiator::NextMessage()
{
    if (m_stopped || !m_socket)
    {
        return;
    }
    if (m_spec.GetType() == AtmSpimsSpec::RR)
    {
        const uint32_t request = Bytes(m_sizes->GetValue(), AtmSpimsSpec::MIN_REQUEST);
        m_answerSize = Bytes(m_answers->GetValue(), 1);
        m_answerLeft = m_answerSize;
        m_requestStart = Simulator::Now();
        if (m_messagesDone == 0)
        {
            m_current.start = m_requestStart;
        }
        m_current.bytes += request;
        m_writing = REQUEST;
        m_sosend.Reset(request, request);
        m_sosend.SetPrefix(AtmSpimsSpec::GetRequestHeader(request, m_answerSize));
    }
    else
    {
        const uint32_t size = Bytes(m_sizes->GetValue(), 1);
        m_current.bytes += size;
        m_writing = MESSAGE;
        m_sosend.Reset(size, size);
    }
    Write();
}

void
AtmSpimsInitiator::Received(Ptr<Socket> socket)
{
    Ptr<Packet> packet;
    Address from;
    while ((packet = socket->RecvFrom(from)))
    {
        const uint32_t n = packet->GetSize();
        if (n == 0)
        {
            continue;
        }
        const Time now = Simulator::Now();
        if (m_spec.GetType() == AtmSpimsSpec::BULK_GET)
        {
            m_current.bytes += n;
            m_current.end = now;
            continue;
        }
        if (m_spec.GetType() != AtmSpimsSpec::RR || m_answerLeft == 0)
        {
            NS_LOG_WARN("AtmSpimsInitiator: " << n << " unexpected bytes from the responder");
            continue;
        }
        const uint64_t taken = std::min<uint64_t>(n, m_answerLeft);
        m_answerLeft -= taken;
        m_current.responseBytes += taken;
        if (m_answerLeft > 0)
        {
            continue;
        }
        const Time duration = now - m_requestStart;
        m_current.transactions.push_back(duration);
        m_current.end = now;
        const uint32_t index = m_messagesDone++;
        m_transactionTrace(m_run, index, duration);
        if (m_messagesDone >= m_spec.GetCount())
        {
            m_closing = true;
            m_socket->Close();
            continue;
        }
        const double gap = m_gaps->GetValue();
        m_gapEvent =
            Simulator::Schedule(Seconds(std::max(gap, 0.0)), &AtmSpimsInitiator::NextMessage, this);
    }
}

void
AtmSpimsInitiator::PeerClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (!m_closing)
    {
        m_closing = true;
        socket->Close();
    }
    // In the socket's processing of the FIN: go on once it has finished with it.
    Simulator::ScheduleNow(&AtmSpimsInitiator::EndRun, this);
}

void
AtmSpimsInitiator::EndRun()
{
    NS_LOG_FUNCTION(this << m_run);
    if (!m_socket)
    {
        return;
    }
    m_socket->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(),
                                 MakeNullCallback<void, Ptr<Socket>>());
    m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    m_socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                                MakeNullCallback<void, Ptr<Socket>>());
    m_socket = nullptr;
    if (m_spec.GetType() == AtmSpimsSpec::BULK_PUT)
    {
        m_current.end = Simulator::Now();
        m_current.messages = m_messagesDone;
    }
    else
    {
        m_current.messages = m_spec.GetType() == AtmSpimsSpec::RR
                                 ? static_cast<uint32_t>(m_current.transactions.size())
                                 : m_spec.GetCount();
    }
    m_runs.push_back(m_current);
    m_runEndTrace(m_run, m_runs.back());
    ++m_run;
    if (m_stopped)
    {
        return;
    }
    if (m_run < m_spec.GetRuns())
    {
        StartRun();
        return;
    }
    m_done = true;
    m_doneTrace();
}

} // namespace ns3
