/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-www-server.h"

#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmWwwServer");

NS_OBJECT_ENSURE_REGISTERED(AtmWwwServer);

namespace
{

/// Bytes of a request's header: its length and the file's size.
constexpr uint32_t HEADER = 8;

/**
 * @param p four bytes
 * @return them as a 32-bit big-endian number
 */
uint32_t
ReadUint32(const uint8_t* p)
{
    return (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
           (static_cast<uint32_t>(p[2]) << 8) | static_cast<uint32_t>(p[3]);
}

} // namespace

TypeId
AtmWwwServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmWwwServer")
            .SetParent<AtmTcpServer>()
            .SetGroupName("Atm")
            .AddConstructor<AtmWwwServer>()
            .AddAttribute("Port",
                          "The TCP port it listens on.",
                          UintegerValue(80),
                          MakeUintegerAccessor(&AtmWwwServer::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddTraceSource("Request",
                            "A request arrived complete and its response is scheduled: "
                            "(connection, file bytes).",
                            MakeTraceSourceAccessor(&AtmWwwServer::m_requestTrace),
                            "ns3::AtmWwwServer::RequestTracedCallback");
    return tid;
}

AtmWwwServer::AtmWwwServer()
{
    NS_LOG_FUNCTION(this);
}

AtmWwwServer::~AtmWwwServer()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
AtmWwwServer::GetRequestsReceived() const
{
    return m_requests;
}

uint64_t
AtmWwwServer::GetBytesScheduled() const
{
    return m_scheduled;
}

uint64_t
AtmWwwServer::GetBytesSent() const
{
    uint64_t bytes = m_sentBytes;
    for (const auto& [socket, c] : m_connections)
    {
        bytes += c.writing ? c.sosend.GetBytesWritten() : 0;
    }
    return bytes;
}

uint32_t
AtmWwwServer::GetResponsesSent() const
{
    return m_responses;
}

void
AtmWwwServer::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_connections.clear();
    AtmTcpServer::DoDispose();
}

void
AtmWwwServer::DoAccept(Ptr<Socket> socket, uint32_t number)
{
    m_connections[socket].number = number;
}

void
AtmWwwServer::DoClose(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end())
    {
        it->second.closing = true;
    }
}

void
AtmWwwServer::DoForget(Ptr<Socket> socket)
{
    m_connections.erase(socket);
}

void
AtmWwwServer::DoReceive(Ptr<Socket> socket, Ptr<Packet> packet)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
    {
        return;
    }
    Connection& c = it->second;
    const uint32_t size = packet->GetSize();
    uint32_t offset = 0;
    while (offset < size && !c.closing)
    {
        if (c.file == 0)
        {
            // The header of the next request.
            const uint32_t take =
                std::min<uint32_t>(HEADER - static_cast<uint32_t>(c.header.size()), size - offset);
            std::vector<uint8_t> bytes(take);
            packet->CreateFragment(offset, take)->CopyData(bytes.data(), take);
            c.header.insert(c.header.end(), bytes.begin(), bytes.end());
            offset += take;
            if (c.header.size() < HEADER)
            {
                break;
            }
            const uint32_t length = ReadUint32(c.header.data());
            const uint32_t file = ReadUint32(c.header.data() + 4);
            c.header.clear();
            if (length < HEADER || file == 0)
            {
                NS_LOG_WARN("AtmWwwServer: connection " << c.number << ": a request of " << length
                                                        << " bytes for a file of " << file
                                                        << " bytes; closing");
                CloseConnection(socket);
                break;
            }
            c.file = file;
            c.requestLeft = length - HEADER;
        }
        // Its padding; the response is scheduled with the request's last byte.
        const auto skip = static_cast<uint32_t>(std::min<uint64_t>(c.requestLeft, size - offset));
        c.requestLeft -= skip;
        offset += skip;
        if (c.requestLeft == 0)
        {
            ++m_requests;
            m_scheduled += c.file;
            m_requestTrace(c.number, c.file);
            c.responses.push_back(c.file);
            c.file = 0;
            if (!c.writing)
            {
                c.writing = true;
                c.sosend.Reset(c.responses.front(), c.responses.front());
                c.responses.pop_front();
                Write(socket, c);
            }
        }
    }
}

void
AtmWwwServer::DoSendSpace(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end() && it->second.writing)
    {
        Write(socket, it->second);
    }
}

void
AtmWwwServer::Write(Ptr<Socket> socket, Connection& c)
{
    while (c.writing && !c.closing)
    {
        if (!c.sosend.Fill(socket, m_txTrace))
        {
            return;
        }
        m_sentBytes += c.sosend.GetBytesWritten();
        ++m_responses;
        c.writing = false;
        if (!c.responses.empty())
        {
            const uint32_t next = c.responses.front();
            c.responses.pop_front();
            c.writing = true;
            c.sosend.Reset(next, next);
        }
    }
}

} // namespace ns3
