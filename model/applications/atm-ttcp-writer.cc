/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ttcp-writer.h"

#include "ns3/abort.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTtcpWriter");

NS_OBJECT_ENSURE_REGISTERED(AtmTtcpWriter);

TypeId
AtmTtcpWriter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmTtcpWriter")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmTtcpWriter>()
            .AddAttribute("Remote",
                          "The receiver's address and port (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&AtmTtcpWriter::m_peer),
                          MakeAddressChecker())
            .AddAttribute("Protocol",
                          "The TypeId of the TCP socket factory (TcpEraSocketFactory for the "
                          "TCPs of TcpEraPresets).",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&AtmTtcpWriter::m_tid),
                          MakeTypeIdChecker())
            .AddAttribute("Tsdu",
                          "Bytes per application write (ttcp -l, netperf -m), >= 1.",
                          UintegerValue(16384),
                          MakeUintegerAccessor(&AtmTtcpWriter::m_tsdu),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxBytes",
                          "Bytes to hand to TCP before closing the connection (0: no limit).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmTtcpWriter::m_maxBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddTraceSource("SocketCreated",
                            "The sender's socket exists (bound, not yet connected): attach "
                            "per-connection probes here.",
                            MakeTraceSourceAccessor(&AtmTtcpWriter::m_socketCreatedTrace),
                            "ns3::AtmTtcpWriter::SocketTracedCallback")
            .AddTraceSource("Tx",
                            "Bytes the socket accepted in one Send(): a whole TSDU or a piece "
                            "of one.",
                            MakeTraceSourceAccessor(&AtmTtcpWriter::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmTtcpWriter::AtmTtcpWriter()
{
    NS_LOG_FUNCTION(this);
}

AtmTtcpWriter::~AtmTtcpWriter()
{
    NS_LOG_FUNCTION(this);
}

Ptr<Socket>
AtmTtcpWriter::GetSocket() const
{
    return m_socket;
}

uint64_t
AtmTtcpWriter::GetBytesWritten() const
{
    return m_sosend.GetBytesWritten();
}

uint64_t
AtmTtcpWriter::GetWrites() const
{
    return m_tsdu == 0 ? 0 : m_sosend.GetBytesWritten() / m_tsdu;
}

void
AtmTtcpWriter::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_tsdu == 0,
                    "AtmTtcpWriter: attribute Tsdu is 0 bytes; give the bytes per write "
                    "(ttcp -l), >= 1");
    Application::DoInitialize();
}

void
AtmTtcpWriter::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    Application::DoDispose();
}

void
AtmTtcpWriter::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_socket, "AtmTtcpWriter: started twice; one writer sends one connection");
    m_sosend.Reset(m_tsdu, m_maxBytes);
    m_socket = Socket::CreateSocket(GetNode(), m_tid);
    const int bound =
        Inet6SocketAddress::IsMatchingType(m_peer) ? m_socket->Bind6() : m_socket->Bind();
    NS_ABORT_MSG_IF(bound != 0, "AtmTtcpWriter: bind failed");
    m_socket->SetConnectCallback(MakeCallback(&AtmTtcpWriter::Connected, this),
                                 MakeCallback(&AtmTtcpWriter::Failed, this));
    m_socket->SetSendCallback(MakeCallback(&AtmTtcpWriter::SpaceFreed, this));
    m_socketCreatedTrace(m_socket);
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) != 0,
                    "AtmTtcpWriter: connect to attribute Remote failed; give the receiver's "
                    "InetSocketAddress");
}

void
AtmTtcpWriter::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_socket && !m_closed)
    {
        m_closed = true;
        m_socket->Close();
    }
}

void
AtmTtcpWriter::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    m_connected = true;
    Fill();
}

void
AtmTtcpWriter::Failed(Ptr<Socket> socket)
{
    NS_ABORT_MSG("AtmTtcpWriter: the connection to attribute Remote failed (is a sink listening "
                 "there?)");
}

void
AtmTtcpWriter::SpaceFreed(Ptr<Socket> socket, uint32_t available)
{
    if (m_connected)
    {
        Fill();
    }
}

void
AtmTtcpWriter::Fill()
{
    if (m_closed)
    {
        return;
    }
    if (m_sosend.Fill(m_socket, m_txTrace))
    {
        m_closed = true;
        m_socket->Close();
    }
}

} // namespace ns3
