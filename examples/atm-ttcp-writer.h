/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TTCP_WRITER_H
#define ATM_TTCP_WRITER_H

/**
 * @file
 * @ingroup atm
 * A ttcp/netperf-like TCP sender for the examples atm-cbr-window, atm-vbr-police and
 * atm-vp-split (shared by them, like ns-3's tutorial-app).
 */

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Writes TSDU-byte messages into a TCP socket as fast as the socket buffer takes them,
 * with BSD's sosend() semantics: a write larger than the free space is copied in pieces as
 * space frees up (at least SO_SNDLOWAT = 2048 bytes, or what is left of the write, at a time),
 * so the send buffer (the window) stays full.
 *
 * ns-3's BulkSendApplication writes atomically: a 16 KB write waits until 16 KB of the buffer
 * are free. With a 16 KB window that is stop-and-wait, and with a 64 KB window the buffer holds
 * between 48 and 64 KB; the window the 1990s ttcp/netperf measurements used would be lost.
 */
class AtmTtcpWriter
{
  public:
    /**
     * @param tsdu bytes per write (ttcp -l, netperf -m)
     * @param maxBytes bytes to send, then close (0: until the end of the simulation)
     */
    AtmTtcpWriter(uint32_t tsdu, uint64_t maxBytes)
        : m_tsdu(tsdu),
          m_maxBytes(maxBytes)
    {
        NS_ABORT_MSG_IF(tsdu == 0, "AtmTtcpWriter: a TSDU of 0 bytes");
    }

    /**
     * @brief Create the socket on @p node at @p at and connect it to @p remote.
     * @param node the sender
     * @param factory the TCP socket factory (TcpEraPresets::GetSocketFactoryTypeId())
     * @param remote the receiver's address and port
     * @param at the start time
     */
    void Start(Ptr<Node> node, TypeId factory, const InetSocketAddress& remote, Time at)
    {
        Simulator::ScheduleWithContext(node->GetId(),
                                       at,
                                       &AtmTtcpWriter::Open,
                                       this,
                                       node,
                                       factory,
                                       remote);
    }

    /// @return the socket (null before the start time)
    Ptr<Socket> GetSocket() const
    {
        return m_socket;
    }

    /// @return bytes handed to TCP
    uint64_t GetBytesWritten() const
    {
        return m_written;
    }

    /// @return whole TSDUs handed to TCP
    uint64_t GetWrites() const
    {
        return m_written / m_tsdu;
    }

  private:
    /// SO_SNDLOWAT of 4.4BSD: sosend() waits for this much space (or the rest of the write).
    static constexpr uint32_t LOW_WATER = 2048;

    /**
     * @param node the sender
     * @param factory the socket factory
     * @param remote the receiver
     */
    void Open(Ptr<Node> node, TypeId factory, InetSocketAddress remote)
    {
        m_socket = Socket::CreateSocket(node, factory);
        NS_ABORT_MSG_IF(m_socket->Bind() != 0, "AtmTtcpWriter: bind failed");
        m_socket->SetConnectCallback(MakeCallback(&AtmTtcpWriter::Connected, this),
                                     MakeCallback(&AtmTtcpWriter::Failed, this));
        m_socket->SetSendCallback(MakeCallback(&AtmTtcpWriter::SpaceFreed, this));
        NS_ABORT_MSG_IF(m_socket->Connect(remote) != 0, "AtmTtcpWriter: connect failed");
    }

    /// @param socket the socket
    void Connected(Ptr<Socket> socket)
    {
        m_connected = true;
        Fill();
    }

    /// @param socket the socket
    void Failed(Ptr<Socket> socket)
    {
        NS_ABORT_MSG("AtmTtcpWriter: the connection failed");
    }

    /**
     * @param socket the socket
     * @param available free bytes
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available)
    {
        if (m_connected)
        {
            Fill();
        }
    }

    /// Copy as much of the current and the next writes as the buffer takes.
    void Fill()
    {
        while (m_maxBytes == 0 || m_written < m_maxBytes)
        {
            const uint32_t leftInWrite = m_tsdu - static_cast<uint32_t>(m_written % m_tsdu);
            uint64_t want = leftInWrite;
            if (m_maxBytes > 0)
            {
                want = std::min<uint64_t>(want, m_maxBytes - m_written);
            }
            const uint32_t space = m_socket->GetTxAvailable();
            if (space < std::min<uint64_t>(want, LOW_WATER))
            {
                return;
            }
            const auto n = static_cast<uint32_t>(std::min<uint64_t>(want, space));
            const int sent = m_socket->Send(Create<Packet>(n));
            if (sent <= 0)
            {
                return;
            }
            m_written += static_cast<uint32_t>(sent);
        }
        if (!m_closed)
        {
            m_closed = true;
            m_socket->Close();
        }
    }

    uint32_t m_tsdu;         //!< bytes per write
    uint64_t m_maxBytes;     //!< 0: unlimited
    Ptr<Socket> m_socket;    //!< the connection
    bool m_connected{false}; //!< the handshake completed
    bool m_closed{false};    //!< Close() called
    uint64_t m_written{0};   //!< bytes handed to TCP
};

} // namespace ns3

#endif // ATM_TTCP_WRITER_H
