/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-udp-stream-sender.h"

#include "ns3/abort.h"
#include "ns3/atm-int128.h"
#include "ns3/atm-net-device.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmUdpStreamSender");

NS_OBJECT_ENSURE_REGISTERED(AtmUdpStreamSender);

TypeId
AtmUdpStreamSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmUdpStreamSender")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmUdpStreamSender>()
            .AddAttribute("Remote",
                          "The receiver's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&AtmUdpStreamSender::m_peer),
                          MakeAddressChecker())
            .AddAttribute("MessageSize",
                          "UDP payload bytes per datagram (netperf -m), 1 ... 65507.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&AtmUdpStreamSender::m_size),
                          MakeUintegerChecker<uint32_t>(1, MAX_MESSAGE_SIZE))
            .AddAttribute("Rate",
                          "Paced mode: the rate of the datagrams' payload bytes (one datagram "
                          "every MessageSize x 8 / Rate). 0 with Interval 0: back-to-back, as "
                          "fast as the adapter drains.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&AtmUdpStreamSender::m_rate),
                          MakeDataRateChecker())
            .AddAttribute("Interval",
                          "Paced mode: the time between two datagrams (0 with Rate 0: "
                          "back-to-back). Give Rate or Interval, not both.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmUdpStreamSender::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MaxDatagrams",
                          "Datagrams to try (sent or failed) before the sender stops (0: until "
                          "the application stops).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmUdpStreamSender::m_maxDatagrams),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("SendBufferBytes",
                          "Paced mode: a datagram that finds more than this many bytes waiting "
                          "in the adapter's frame queues is not sent (a send failure, BSD's "
                          "ENOBUFS), >= 1.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&AtmUdpStreamSender::m_sendBufferBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Tx",
                            "A datagram the socket accepted (its UDP payload).",
                            MakeTraceSourceAccessor(&AtmUdpStreamSender::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmUdpStreamSender::AtmUdpStreamSender()
{
    NS_LOG_FUNCTION(this);
}

AtmUdpStreamSender::~AtmUdpStreamSender()
{
    NS_LOG_FUNCTION(this);
}

uint64_t
AtmUdpStreamSender::GetCellsPerDatagram(uint32_t size, uint32_t mtu, AtmEncapsulation::Mode mode)
{
    NS_ABORT_MSG_IF(size < 1 || size > MAX_MESSAGE_SIZE,
                    "AtmUdpStreamSender::GetCellsPerDatagram: size " << size
                                                                     << " is not in [1, 65507]");
    NS_ABORT_MSG_IF(mtu < 68, "AtmUdpStreamSender::GetCellsPerDatagram: MTU " << mtu << " < 68");
    const uint32_t overhead = 20 + AtmEncapsulation::GetHeaderBytes(mode) + 8; // IP, E, trailer
    const uint32_t data = size + 8;                                            // UDP header
    const auto cells = [](uint64_t bytes) { return (bytes + 47) / 48; };
    if (data + 20 <= mtu)
    {
        return cells(data + overhead);
    }
    const uint32_t perFragment = (mtu - 20) & ~7U;
    uint64_t total = 0;
    for (uint32_t left = data; left > 0;)
    {
        const uint32_t piece = left > perFragment ? perFragment : left;
        total += cells(piece + overhead);
        left -= piece;
    }
    return total;
}

uint64_t
AtmUdpStreamSender::GetDatagramsSent() const
{
    return m_datagrams;
}

uint64_t
AtmUdpStreamSender::GetBytesSent() const
{
    return m_bytes;
}

uint64_t
AtmUdpStreamSender::GetSendFailures() const
{
    return m_failures;
}

Time
AtmUdpStreamSender::GetFirstSendTime() const
{
    return m_first;
}

Time
AtmUdpStreamSender::GetLastSendTime() const
{
    return m_last;
}

bool
AtmUdpStreamSender::IsBackToBack() const
{
    return m_rate.GetBitRate() == 0 && m_interval.IsZero();
}

Ptr<AtmNetDevice>
AtmUdpStreamSender::GetDevice() const
{
    return m_device;
}

void
AtmUdpStreamSender::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    if (m_device)
    {
        m_device->TraceDisconnectWithoutContext(
            "FrameTx",
            MakeCallback(&AtmUdpStreamSender::FrameStarted, this));
        m_device->TraceDisconnectWithoutContext(
            "TxDrop",
            MakeCallback(&AtmUdpStreamSender::AdapterRefused, this));
    }
    m_device = nullptr;
    m_socket = nullptr;
    Application::DoDispose();
}

Ptr<NetDevice>
AtmUdpStreamSender::FindDevice() const
{
    Ptr<Ipv4> ipv4 = GetNode()->GetObject<Ipv4>();
    if (!ipv4 || !ipv4->GetRoutingProtocol())
    {
        return nullptr;
    }
    Ipv4Header header;
    header.SetDestination(InetSocketAddress::ConvertFrom(m_peer).GetIpv4());
    header.SetProtocol(17);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> route =
        ipv4->GetRoutingProtocol()->RouteOutput(Create<Packet>(), header, nullptr, error);
    return route ? route->GetOutputDevice() : nullptr;
}

void
AtmUdpStreamSender::StartApplication()
{
    NS_LOG_FUNCTION(this);
    const uint32_t node = GetNode()->GetId();
    NS_ABORT_MSG_IF(m_socket,
                    "AtmUdpStreamSender on node " << node
                                                  << ": started twice; one sender sends one "
                                                     "stream");
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_peer),
                    "AtmUdpStreamSender on node "
                        << node << ": attribute Remote is not set; give the receiver's "
                        << "InetSocketAddress (IPv4 address and port)");
    NS_ABORT_MSG_IF(m_rate.GetBitRate() > 0 && m_interval.IsStrictlyPositive(),
                    "AtmUdpStreamSender on node "
                        << node << ": attributes Rate (" << m_rate << ") and Interval ("
                        << m_interval.As(Time::US)
                        << ") both set; give one of them, or neither for back-to-back");
    m_device = DynamicCast<AtmNetDevice>(FindDevice());
    NS_ABORT_MSG_IF(IsBackToBack() && !m_device,
                    "AtmUdpStreamSender on node "
                        << node << ": back-to-back (Rate and Interval 0) needs an "
                        << "AtmNetDevice as the outgoing interface to attribute Remote "
                        << InetSocketAddress::ConvertFrom(m_peer).GetIpv4()
                        << " (is an IPv4 route to it installed?); or give Rate or Interval");
    if (m_device)
    {
        m_device->TraceConnectWithoutContext("FrameTx",
                                             MakeCallback(&AtmUdpStreamSender::FrameStarted, this));
        m_device->TraceConnectWithoutContext(
            "TxDrop",
            MakeCallback(&AtmUdpStreamSender::AdapterRefused, this));
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind() != 0, "AtmUdpStreamSender: bind failed");
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) != 0,
                    "AtmUdpStreamSender: connect to attribute Remote failed");
    m_running = true;
    m_origin = Simulator::Now();
    SendOne();
}

void
AtmUdpStreamSender::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_event.Cancel();
    if (m_socket)
    {
        m_socket->Close();
    }
}

bool
AtmUdpStreamSender::Done() const
{
    return !m_running || (m_maxDatagrams > 0 && m_attempts >= m_maxDatagrams);
}

Time
AtmUdpStreamSender::GetReleaseTime(uint64_t k) const
{
    if (m_interval.IsStrictlyPositive())
    {
        return m_origin + m_interval * static_cast<int64_t>(k);
    }
    // Datagram k leaves k x MessageSize x 8 / Rate after the first, rounded to the nearest
    // nanosecond from the origin (no drift over a long run).
    const AtmUint128 bits = static_cast<AtmUint128>(k) * m_size * 8;
    const AtmUint128 rate = m_rate.GetBitRate();
    const AtmUint128 ns = (bits * 1000000000U + rate / 2) / rate;
    return m_origin + NanoSeconds(static_cast<int64_t>(ns));
}

void
AtmUdpStreamSender::SendOne()
{
    NS_LOG_FUNCTION(this);
    if (Done())
    {
        return;
    }
    ++m_attempts;
    const bool paced = !IsBackToBack();
    if (paced && m_device && m_device->GetQueueBytes() > m_sendBufferBytes)
    {
        ++m_failures; // ENOBUFS: the interface queue is full
    }
    else
    {
        Ptr<Packet> p = Create<Packet>(m_size);
        m_currentUid = p->GetUid();
        m_refusedCurrent = false;
        m_waiting = !paced;
        m_inSend = true;
        const int sent = m_socket->Send(p);
        m_inSend = false;
        const bool refused = sent < 0 || m_refusedCurrent;
        if (sent < 0)
        {
            ++m_failures;
        }
        if (!refused)
        {
            ++m_datagrams;
            m_bytes += m_size;
            if (m_datagrams == 1)
            {
                m_first = Simulator::Now();
            }
            m_last = Simulator::Now();
            m_txTrace(p);
        }
        else if (!paced && !Done())
        {
            // Refused at once: the adapter will not trace it; try the next one now.
            m_waiting = false;
            m_event = Simulator::ScheduleNow(&AtmUdpStreamSender::SendOne, this);
        }
    }
    if (paced && !Done())
    {
        m_event = Simulator::Schedule(GetReleaseTime(m_attempts) - Simulator::Now(),
                                      &AtmUdpStreamSender::SendOne,
                                      this);
    }
}

void
AtmUdpStreamSender::FrameStarted(uint32_t /* vc */, Ptr<const Packet> /* sdu */)
{
    MaybeSendNext();
}

void
AtmUdpStreamSender::AdapterRefused(uint32_t /* vc */, Ptr<const Packet> packet, const char*)
{
    if (!packet || packet->GetUid() != m_currentUid || m_refusedCurrent)
    {
        return;
    }
    m_refusedCurrent = true;
    ++m_failures;
    if (!m_inSend)
    {
        // Refused after the socket took it (an AtmHostCpu delayed it): not sent after all.
        --m_datagrams;
        m_bytes -= m_size;
    }
    if (m_waiting)
    {
        m_waiting = false;
        if (!m_inSend && !Done())
        {
            m_event = Simulator::ScheduleNow(&AtmUdpStreamSender::SendOne, this);
        }
    }
}

void
AtmUdpStreamSender::MaybeSendNext()
{
    if (!m_waiting || !m_running || m_device->GetQueueBytes() > 0)
    {
        return;
    }
    m_waiting = false;
    if (!Done())
    {
        // Not from inside the adapter's frame start: an event of its own at the same instant.
        m_event = Simulator::ScheduleNow(&AtmUdpStreamSender::SendOne, this);
    }
}

} // namespace ns3
