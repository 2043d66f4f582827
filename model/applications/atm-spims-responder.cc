/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-spims-responder.h"

#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSpimsResponder");

NS_OBJECT_ENSURE_REGISTERED(AtmSpimsResponder);

namespace
{

/// The longest control message a responder reads (its spec's text).
constexpr uint32_t MAX_CONTROL = 4096;

/**
 * @param x a drawn size
 * @return x rounded to whole bytes within [1, 1e9]
 */
uint32_t
Bytes(double x)
{
    const double r = std::round(x);
    if (!(r >= 1))
    {
        return 1;
    }
    return r > AtmSpimsSpec::MAX_SIZE ? static_cast<uint32_t>(AtmSpimsSpec::MAX_SIZE)
                                      : static_cast<uint32_t>(r);
}

} // namespace

TypeId
AtmSpimsResponder::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmSpimsResponder")
            .SetParent<AtmTcpServer>()
            .SetGroupName("Atm")
            .AddConstructor<AtmSpimsResponder>()
            .AddAttribute("Port",
                          "The TCP port it listens on.",
                          UintegerValue(7000),
                          MakeUintegerAccessor(&AtmSpimsResponder::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddTraceSource("RunEnd",
                            "A bulk_put run ended: (connection, what this side measured).",
                            MakeTraceSourceAccessor(&AtmSpimsResponder::m_runEndTrace),
                            "ns3::AtmSpimsResponder::RunTracedCallback");
    return tid;
}

AtmSpimsResponder::AtmSpimsResponder()
{
    NS_LOG_FUNCTION(this);
}

AtmSpimsResponder::~AtmSpimsResponder()
{
    NS_LOG_FUNCTION(this);
}

const std::vector<AtmSpimsRun>&
AtmSpimsResponder::GetRuns() const
{
    return m_runs;
}

void
AtmSpimsResponder::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& [socket, c] : m_connections)
    {
        c.gapEvent.Cancel();
    }
    m_connections.clear();
    AtmTcpServer::DoDispose();
}

void
AtmSpimsResponder::DoAccept(Ptr<Socket> socket, uint32_t number)
{
    m_connections[socket].number = number;
}

void
AtmSpimsResponder::DoReceive(Ptr<Socket> socket, Ptr<Packet> packet)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end())
    {
        Consume(socket, it->second, packet);
    }
}

void
AtmSpimsResponder::Consume(Ptr<Socket> socket, Connection& c, Ptr<Packet> packet)
{
    const uint32_t size = packet->GetSize();
    const Time now = Simulator::Now();
    uint32_t offset = 0;
    // Append up to `want` bytes of the packet to the header being read.
    const auto takeHeader = [&](size_t want) {
        const auto take = static_cast<uint32_t>(
            std::min<size_t>(want - c.header.size(), static_cast<size_t>(size - offset)));
        std::vector<uint8_t> bytes(take);
        packet->CreateFragment(offset, take)->CopyData(bytes.data(), take);
        c.header.insert(c.header.end(), bytes.begin(), bytes.end());
        offset += take;
        return c.header.size() == want;
    };
    while (offset < size && !c.closing)
    {
        if (!c.haveSpec)
        {
            if (c.header.size() < 4 && !takeHeader(4))
            {
                return;
            }
            const uint32_t length = AtmSpimsSpec::ReadUint32(c.header.data());
            if (length == 0 || length > MAX_CONTROL)
            {
                NS_LOG_WARN("AtmSpimsResponder: connection " << c.number << ": a control "
                                                             << "message of " << length
                                                             << " bytes; closing");
                CloseConnection(socket);
                return;
            }
            if (!takeHeader(4 + length))
            {
                return;
            }
            const std::string text(c.header.begin() + 4, c.header.end());
            c.header.clear();
            std::string error;
            if (!AtmSpimsSpec::TryParse(text, &c.spec, &error))
            {
                NS_LOG_WARN("AtmSpimsResponder: connection " << c.number << ": " << error);
                CloseConnection(socket);
                return;
            }
            c.haveSpec = true;
            c.run.start = now;
            if (c.spec.GetType() == AtmSpimsSpec::BULK_GET)
            {
                c.sizes = c.spec.GetSize().CreateVariable();
                c.gaps = c.spec.GetGap().CreateVariable();
                NextMessage(socket);
            }
            continue;
        }
        switch (c.spec.GetType())
        {
        case AtmSpimsSpec::BULK_PUT:
            c.run.bytes += size - offset;
            c.run.end = now;
            offset = size;
            break;
        case AtmSpimsSpec::BULK_GET:
            NS_LOG_WARN("AtmSpimsResponder: connection " << c.number << ": " << size - offset
                                                         << " unexpected bytes");
            offset = size;
            break;
        case AtmSpimsSpec::RR:
            if (c.requestLeft == 0)
            {
                if (!takeHeader(8))
                {
                    return;
                }
                const uint32_t request = AtmSpimsSpec::ReadUint32(c.header.data());
                c.responseSize = AtmSpimsSpec::ReadUint32(c.header.data() + 4);
                c.header.clear();
                if (request < AtmSpimsSpec::MIN_REQUEST || c.responseSize == 0)
                {
                    NS_LOG_WARN("AtmSpimsResponder: connection "
                                << c.number << ": a request header of " << request << " and "
                                << c.responseSize << " bytes");
                    CloseConnection(socket);
                    return;
                }
                c.requestLeft = request - AtmSpimsSpec::MIN_REQUEST;
            }
            else
            {
                const auto take =
                    static_cast<uint32_t>(std::min<uint64_t>(c.requestLeft, size - offset));
                c.requestLeft -= take;
                offset += take;
            }
            if (c.requestLeft == 0)
            {
                // The request is complete: the response (after any still being written).
                if (c.writing)
                {
                    ++c.responsesDue;
                }
                else
                {
                    c.writing = true;
                    c.sosend.Reset(c.responseSize, c.responseSize);
                    Write(socket, c);
                }
            }
            break;
        }
    }
}

void
AtmSpimsResponder::DoSendSpace(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end() && it->second.writing)
    {
        Write(socket, it->second);
    }
}

void
AtmSpimsResponder::Write(Ptr<Socket> socket, Connection& c)
{
    if (!c.sosend.Fill(socket, m_txTrace))
    {
        return;
    }
    c.writing = false;
    if (c.spec.GetType() == AtmSpimsSpec::RR)
    {
        if (c.responsesDue > 0)
        {
            // Pipelined requests (not sent by AtmSpimsInitiator): each gets the last size read.
            --c.responsesDue;
            c.writing = true;
            c.sosend.Reset(c.responseSize, c.responseSize);
            Write(socket, c);
        }
        return;
    }
    // bulk_get
    ++c.messagesSent;
    if (c.messagesSent >= c.spec.GetCount())
    {
        CloseConnection(socket);
        return;
    }
    const double gap = c.gaps->GetValue();
    c.gapEvent = Simulator::Schedule(Seconds(std::max(gap, 0.0)),
                                     &AtmSpimsResponder::NextMessage,
                                     this,
                                     socket);
}

void
AtmSpimsResponder::NextMessage(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end() || it->second.closing)
    {
        return;
    }
    Connection& c = it->second;
    const uint32_t size = Bytes(c.sizes->GetValue());
    c.writing = true;
    c.sosend.Reset(size, size);
    Write(socket, c);
}

void
AtmSpimsResponder::DoClose(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end())
    {
        it->second.closing = true;
        it->second.gapEvent.Cancel();
    }
}

void
AtmSpimsResponder::DoPeerClose(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
    {
        return;
    }
    Connection& c = it->second;
    if (c.haveSpec && c.spec.GetType() == AtmSpimsSpec::BULK_PUT)
    {
        c.run.messages = c.spec.GetCount();
        m_runs.push_back(c.run);
        m_runEndTrace(c.number, m_runs.back());
    }
}

void
AtmSpimsResponder::DoForget(Ptr<Socket> socket)
{
    auto it = m_connections.find(socket);
    if (it != m_connections.end())
    {
        it->second.gapEvent.Cancel();
        m_connections.erase(it);
    }
}

} // namespace ns3
