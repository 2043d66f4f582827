/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-www-client.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmWwwClient");

NS_OBJECT_ENSURE_REGISTERED(AtmWwwClient);

TypeId
AtmWwwClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmWwwClient")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmWwwClient>()
            .AddAttribute("Remote",
                          "The server's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&AtmWwwClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The TypeId of the TCP socket factory (TcpEraSocketFactory for the "
                          "TCPs of TcpEraPresets).",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&AtmWwwClient::m_tid),
                          MakeTypeIdChecker())
            .AddAttribute(
                "RequestSize",
                "Bytes of one request message, >= 8 (JAIN: 128).",
                UintegerValue(128),
                MakeUintegerAccessor(&AtmWwwClient::SetRequestSize, &AtmWwwClient::GetRequestSize),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute("BatchInterval",
                          "Seconds from one batch's start to the next's (JAIN: 10).",
                          StringValue("ns3::ConstantRandomVariable[Constant=10.0]"),
                          MakePointerAccessor(&AtmWwwClient::m_interval),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Gap",
                          "Seconds between the GETs of a batch (JAIN: 100 to 500 ms, taken "
                          "as uniform).",
                          StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.5]"),
                          MakePointerAccessor(&AtmWwwClient::m_gap),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("GetsMean",
                          "Mean of the Poisson law of the GETs per batch (JAIN: 5).",
                          DoubleValue(5),
                          MakeDoubleAccessor(&AtmWwwClient::m_getsMean),
                          MakeDoubleChecker<double>())
            .AddAttribute("GetsMin",
                          "The fewest GETs in a batch: the Poisson law is restricted to "
                          "[GetsMin, GetsMax] by conditioning (JAIN: 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmWwwClient::m_getsMin),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("GetsMax",
                          "The most GETs in a batch (JAIN: 9).",
                          UintegerValue(9),
                          MakeUintegerAccessor(&AtmWwwClient::m_getsMax),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ClassProbabilities",
                          "Probabilities of the file-size classes 0, 1, ... (class k: sizes "
                          "j x 10^k x BaseSize, j = 1 ... 9), numbers separated by blanks or "
                          "commas, summing to 1 (JAIN: 0.2 0.28 0.4 0.112 0.008).",
                          StringValue("0.2 0.28 0.4 0.112 0.008"),
                          MakeStringAccessor(&AtmWwwClient::SetClassProbabilities,
                                             &AtmWwwClient::GetClassProbabilities),
                          MakeStringChecker())
            .AddAttribute("BaseSize",
                          "Bytes of the size step of class 0 (JAIN: 0.1 KB, KB = 1000).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&AtmWwwClient::m_baseSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("FileIndexMean",
                          "Mean of the Poisson law of the index j within a class, restricted "
                          "to 1 ... 9 by conditioning (JAIN: 5).",
                          DoubleValue(5),
                          MakeDoubleAccessor(&AtmWwwClient::m_indexMean),
                          MakeDoubleChecker<double>())
            .AddAttribute("MaxBatches",
                          "Batches to run (0: as many as the run lasts).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmWwwClient::m_maxBatches),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("BatchStart",
                            "A batch began: (batch, GETs in it).",
                            MakeTraceSourceAccessor(&AtmWwwClient::m_batchTrace),
                            "ns3::AtmWwwClient::BatchTracedCallback")
            .AddTraceSource("Request",
                            "A request was handed to TCP: (request, file bytes).",
                            MakeTraceSourceAccessor(&AtmWwwClient::m_requestTrace),
                            "ns3::AtmWwwClient::RequestTracedCallback")
            .AddTraceSource("Response",
                            "A response arrived complete: (request, file bytes, time from "
                            "the request to its last byte).",
                            MakeTraceSourceAccessor(&AtmWwwClient::m_responseTrace),
                            "ns3::AtmWwwClient::ResponseTracedCallback")
            .AddTraceSource("Rx",
                            "Response bytes received (in order).",
                            MakeTraceSourceAccessor(&AtmWwwClient::m_rxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmWwwClient::AtmWwwClient()
    : m_classProbabilities(AtmWwwLaw::JainClassProbabilities())
{
    NS_LOG_FUNCTION(this);
}

AtmWwwClient::~AtmWwwClient()
{
    NS_LOG_FUNCTION(this);
}

void
AtmWwwClient::SetRequestSize(uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes < 8 || bytes > 65535,
                    "AtmWwwClient: attribute RequestSize " << bytes
                                                           << ": need 8 ... 65535 bytes (the "
                                                              "request's 8-byte header)");
    m_requestSize = bytes;
}

void
AtmWwwClient::SetClassProbabilities(std::string text)
{
    std::string spaced = text;
    for (char& c : spaced)
    {
        c = c == ',' ? ' ' : c;
    }
    std::istringstream in(spaced);
    std::vector<double> p;
    std::string word;
    while (in >> word)
    {
        std::size_t used = 0;
        double x = 0;
        try
        {
            x = std::stod(word, &used);
        }
        catch (...)
        {
            used = 0;
        }
        NS_ABORT_MSG_IF(used != word.size() || !(x >= 0 && x <= 1),
                        "AtmWwwClient: attribute ClassProbabilities '"
                            << text << "': '" << word << "' is not a probability in [0, 1]");
        p.push_back(x);
    }
    double sum = 0;
    for (double x : p)
    {
        sum += x;
    }
    NS_ABORT_MSG_IF(p.empty() || p.size() > 9,
                    "AtmWwwClient: attribute ClassProbabilities '"
                        << text << "': " << p.size() << " classes; give 1 to 9 probabilities");
    NS_ABORT_MSG_IF(std::fabs(sum - 1) > 1e-9,
                    "AtmWwwClient: attribute ClassProbabilities '" << text << "' sums to " << sum
                                                                   << ", not 1");
    m_classProbabilities = p;
}

uint32_t
AtmWwwClient::GetRequestSize() const
{
    return m_requestSize;
}

std::string
AtmWwwClient::GetClassProbabilities() const
{
    std::ostringstream out;
    out.precision(17);
    for (std::size_t i = 0; i < m_classProbabilities.size(); ++i)
    {
        out << (i ? " " : "") << m_classProbabilities[i];
    }
    return out.str();
}

AtmWwwLaw
AtmWwwClient::GetGetsLaw() const
{
    NS_ABORT_MSG_IF(!(m_getsMean > 0 && m_getsMean <= 1000),
                    "AtmWwwClient: attribute GetsMean " << m_getsMean << " is not in (0, 1000]");
    NS_ABORT_MSG_IF(m_getsMin > m_getsMax || m_getsMax > 10000,
                    "AtmWwwClient: attributes GetsMin " << m_getsMin << " and GetsMax " << m_getsMax
                                                        << ": need GetsMin <= GetsMax <= 10000");
    return AtmWwwLaw::TruncatedPoisson(m_getsMean, m_getsMin, m_getsMax);
}

AtmWwwLaw
AtmWwwClient::GetFileSizeLaw() const
{
    NS_ABORT_MSG_IF(!(m_indexMean > 0 && m_indexMean <= 1000),
                    "AtmWwwClient: attribute FileIndexMean " << m_indexMean
                                                             << " is not in (0, 1000]");
    NS_ABORT_MSG_IF(
        static_cast<double>(m_baseSize) * std::pow(10.0, m_classProbabilities.size()) * 0.9 > 4e9,
        "AtmWwwClient: attributes BaseSize " << m_baseSize << " and ClassProbabilities ("
                                             << m_classProbabilities.size()
                                             << " classes): the largest file exceeds 4e9 bytes");
    return AtmWwwLaw::FileSize(m_classProbabilities,
                               m_baseSize,
                               AtmWwwLaw::TruncatedPoisson(m_indexMean, 1, 9));
}

uint32_t
AtmWwwClient::GetBatches() const
{
    return m_batches;
}

uint32_t
AtmWwwClient::GetRequestsSent() const
{
    return m_sent;
}

uint32_t
AtmWwwClient::GetRequestsWaiting() const
{
    return static_cast<uint32_t>(m_waiting.size());
}

uint64_t
AtmWwwClient::GetBytesRequested() const
{
    return m_bytesRequested;
}

uint64_t
AtmWwwClient::GetBytesReceived() const
{
    return m_bytesReceived;
}

uint32_t
AtmWwwClient::GetResponsesCompleted() const
{
    return m_completed;
}

uint64_t
AtmWwwClient::GetUnexpectedBytes() const
{
    return m_unexpected;
}

Time
AtmWwwClient::GetMeanResponseTime() const
{
    return m_completed ? m_responseTimeSum / static_cast<int64_t>(m_completed) : Time();
}

Ptr<Socket>
AtmWwwClient::GetSocket() const
{
    return m_socket;
}

void
AtmWwwClient::BuildVariables()
{
    if (!m_gets)
    {
        m_gets = GetGetsLaw().CreateVariable();
        m_sizes = GetFileSizeLaw().CreateVariable();
    }
}

int64_t
AtmWwwClient::AssignStreams(int64_t stream)
{
    BuildVariables();
    m_gets->SetStream(stream);
    m_sizes->SetStream(stream + 1);
    m_gap->SetStream(stream + 2);
    m_interval->SetStream(stream + 3);
    return 4;
}

void
AtmWwwClient::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    BuildVariables();
    Application::DoInitialize();
}

void
AtmWwwClient::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_batchEvent.Cancel();
    m_getEvent.Cancel();
    m_socket = nullptr;
    m_gets = nullptr;
    m_sizes = nullptr;
    m_gap = nullptr;
    m_interval = nullptr;
    Application::DoDispose();
}

Time
AtmWwwClient::Draw(Ptr<RandomVariableStream> rv, const char* what)
{
    const double s = rv->GetValue();
    NS_ABORT_MSG_IF(!(s >= 0) || !std::isfinite(s),
                    "AtmWwwClient: attribute " << what << " drew " << s
                                               << " s; its variable must draw times >= 0");
    return Seconds(s);
}

void
AtmWwwClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_socket, "AtmWwwClient: started twice; one client runs one connection");
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_remote),
                    "AtmWwwClient: attribute Remote is not an InetSocketAddress; give the "
                    "server's address and port");
    BuildVariables();
    m_socket = Socket::CreateSocket(GetNode(), m_tid);
    m_socket->Bind();
    m_socket->SetConnectCallback(MakeCallback(&AtmWwwClient::Connected, this),
                                 MakeCallback(&AtmWwwClient::ConnectFailed, this));
    m_socket->SetSendCallback(MakeCallback(&AtmWwwClient::SpaceFreed, this));
    m_socket->SetRecvCallback(MakeCallback(&AtmWwwClient::Received, this));
    m_socket->Connect(m_remote);
    Batch();
}

void
AtmWwwClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_batchEvent.Cancel();
    m_getEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    }
}

void
AtmWwwClient::Batch()
{
    const double drawn = m_gets->GetValue();
    NS_ABORT_MSG_IF(!(drawn >= 0) || drawn > 1e6,
                    "AtmWwwClient: the GETs law drew " << drawn << " GETs");
    const auto gets = static_cast<uint32_t>(std::llround(drawn));
    NS_LOG_LOGIC("batch " << m_batches << ": " << gets << " GETs");
    m_batchTrace(m_batches, gets);
    ++m_batches;
    const bool chainRunning = m_getsDue > 0;
    m_getsDue += gets;
    if (!chainRunning && m_getsDue > 0)
    {
        NextGet();
    }
    if (m_maxBatches == 0 || m_batches < m_maxBatches)
    {
        m_batchEvent =
            Simulator::Schedule(Draw(m_interval, "BatchInterval"), &AtmWwwClient::Batch, this);
    }
}

void
AtmWwwClient::NextGet()
{
    if (m_getsDue == 0)
    {
        return;
    }
    --m_getsDue;
    const double drawn = m_sizes->GetValue();
    Request r;
    r.number = m_issued++;
    r.bytes = static_cast<uint32_t>(std::llround(std::max(drawn, 1.0)));
    m_waiting.push_back(r);
    Flush();
    if (m_getsDue > 0)
    {
        m_getEvent = Simulator::Schedule(Draw(m_gap, "Gap"), &AtmWwwClient::NextGet, this);
    }
}

void
AtmWwwClient::Flush()
{
    while (m_connected && !m_waiting.empty() && m_socket->GetTxAvailable() >= m_requestSize)
    {
        Request r = m_waiting.front();
        std::vector<uint8_t> bytes(m_requestSize, 0);
        for (int i = 0; i < 4; ++i)
        {
            bytes[i] = static_cast<uint8_t>(m_requestSize >> (24 - 8 * i));
            bytes[4 + i] = static_cast<uint8_t>(r.bytes >> (24 - 8 * i));
        }
        Ptr<Packet> p = Create<Packet>(bytes.data(), m_requestSize);
        if (m_socket->Send(p) < 0)
        {
            return;
        }
        m_waiting.pop_front();
        r.sent = Simulator::Now();
        m_answering.push_back(r);
        ++m_sent;
        m_bytesRequested += r.bytes;
        m_requestTrace(r.number, r.bytes);
    }
}

void
AtmWwwClient::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_connected = true;
    Flush();
}

void
AtmWwwClient::ConnectFailed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    NS_LOG_WARN("AtmWwwClient: the connection to the server failed");
}

void
AtmWwwClient::SpaceFreed(Ptr<Socket> socket, uint32_t available)
{
    Flush();
}

void
AtmWwwClient::Received(Ptr<Socket> socket)
{
    Ptr<Packet> packet;
    Address from;
    const Time now = Simulator::Now();
    while ((packet = socket->RecvFrom(from)))
    {
        uint64_t left = packet->GetSize();
        if (left == 0)
        {
            break;
        }
        m_bytesReceived += left;
        m_rxTrace(packet);
        // Cut the stream into the responses, by the sizes asked for, in request order.
        while (left > 0)
        {
            if (m_answering.empty())
            {
                m_unexpected += left;
                break;
            }
            const Request& head = m_answering.front();
            const uint64_t take = std::min<uint64_t>(left, head.bytes - m_headBytes);
            m_headBytes += take;
            left -= take;
            if (m_headBytes == head.bytes)
            {
                ++m_completed;
                m_responseTimeSum += now - head.sent;
                m_responseTrace(head.number, head.bytes, now - head.sent);
                m_answering.pop_front();
                m_headBytes = 0;
            }
        }
    }
}

} // namespace ns3
