/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-server.h"

#include "ns3/abort.h"
#include "ns3/address.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTcpServer");

NS_OBJECT_ENSURE_REGISTERED(AtmTcpServer);

TypeId
AtmTcpServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmTcpServer")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddAttribute("Protocol",
                          "The TypeId of the TCP socket factory (TcpEraSocketFactory for the "
                          "TCPs of TcpEraPresets).",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&AtmTcpServer::m_tid),
                          MakeTypeIdChecker())
            .AddTraceSource("Accepted",
                            "A connection was accepted (before its first byte): attach "
                            "per-connection probes here.",
                            MakeTraceSourceAccessor(&AtmTcpServer::m_acceptedTrace),
                            "ns3::AtmTcpServer::SocketTracedCallback")
            .AddTraceSource("Tx",
                            "Bytes a connection's socket accepted in one Send().",
                            MakeTraceSourceAccessor(&AtmTcpServer::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmTcpServer::AtmTcpServer()
{
    NS_LOG_FUNCTION(this);
}

AtmTcpServer::~AtmTcpServer()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
AtmTcpServer::GetConnections() const
{
    return m_accepted;
}

void
AtmTcpServer::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_open.clear();
    m_listener = nullptr;
    Application::DoDispose();
}

void
AtmTcpServer::DoClose(Ptr<Socket> socket)
{
}

void
AtmTcpServer::DoPeerClose(Ptr<Socket> socket)
{
}

void
AtmTcpServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_listener = Socket::CreateSocket(GetNode(), m_tid);
    NS_ABORT_MSG_IF(m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    GetInstanceTypeId().GetName()
                        << " on node " << GetNode()->GetId() << ": cannot bind TCP port " << m_port
                        << " (attribute Port): another socket is bound to it; give each "
                           "server on a node its own Port");
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeCallback(&AtmTcpServer::ConnectionRequest, this),
                                  MakeCallback(&AtmTcpServer::Accepted, this));
}

void
AtmTcpServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_listener)
    {
        m_listener->Close();
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeNullCallback<void, Ptr<Socket>, const Address&>());
    }
    // CloseConnection does not change the map's keys.
    for (const auto& [socket, closed] : m_open)
    {
        CloseConnection(socket);
    }
}

bool
AtmTcpServer::ConnectionRequest(Ptr<Socket> socket, const Address& from)
{
    return true;
}

void
AtmTcpServer::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    m_open[socket] = false;
    socket->SetRecvCallback(MakeCallback(&AtmTcpServer::Received, this));
    socket->SetSendCallback(MakeCallback(&AtmTcpServer::SpaceFreed, this));
    socket->SetCloseCallbacks(MakeCallback(&AtmTcpServer::PeerClosed, this),
                              MakeCallback(&AtmTcpServer::ErrorClosed, this));
    DoAccept(socket, m_accepted++);
    m_acceptedTrace(socket);
}

void
AtmTcpServer::Received(Ptr<Socket> socket)
{
    if (m_open.find(socket) == m_open.end())
    {
        return;
    }
    Ptr<Packet> packet;
    Address from;
    while ((packet = socket->RecvFrom(from)))
    {
        if (packet->GetSize() > 0)
        {
            DoReceive(socket, packet);
        }
    }
}

void
AtmTcpServer::SpaceFreed(Ptr<Socket> socket, uint32_t available)
{
    auto it = m_open.find(socket);
    if (it != m_open.end() && !it->second)
    {
        DoSendSpace(socket);
    }
}

bool
AtmTcpServer::IsOpen(Ptr<Socket> socket) const
{
    auto it = m_open.find(socket);
    return it != m_open.end() && !it->second;
}

void
AtmTcpServer::CloseConnection(Ptr<Socket> socket)
{
    auto it = m_open.find(socket);
    if (it == m_open.end() || it->second)
    {
        return;
    }
    it->second = true;
    DoClose(socket);
    socket->Close();
}

void
AtmTcpServer::PeerClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (m_open.find(socket) == m_open.end())
    {
        return;
    }
    DoPeerClose(socket);
    CloseConnection(socket);
    Forget(socket);
}

void
AtmTcpServer::ErrorClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (m_open.find(socket) == m_open.end())
    {
        return;
    }
    Forget(socket);
}

void
AtmTcpServer::Forget(Ptr<Socket> socket)
{
    // No callback may reach the subclass once it has dropped the connection's state.
    socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                              MakeNullCallback<void, Ptr<Socket>>());
    DoForget(socket);
    m_open.erase(socket);
}

} // namespace ns3
