/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TTCP_WRITER_H
#define ATM_TTCP_WRITER_H

#include "atm-sosend.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmTtcpWriter: a ttcp/netperf-like TCP sender with BSD sosend() semantics.
 */

namespace ns3
{

class Packet;
class Socket;

/**
 * @ingroup atm
 * @brief A TCP sender that writes `Tsdu`-byte messages into its socket as fast as the send
 *        buffer takes them, with the semantics of 4.4BSD's sosend() (W. R. Stevens and
 *        G. R. Wright, TCP/IP Illustrated, Vol. 2, 1995, ch. 16): a write larger than the free
 *        space is copied in pieces as space frees up, at least SO_SNDLOWAT = 2048 bytes (or
 *        what is left of the write) at a time, so the send buffer, i.e. the window, stays full
 *        (the copy loop is AtmSosend's).
 *
 * This is how ttcp (`-l` = Tsdu) and netperf (`-m`) loaded the TCPs of the 1990s ATM
 * measurements. ns-3's BulkSendApplication writes atomically instead: a 16 KB write waits until
 * 16 KB of the buffer are free, which with a 16 KB window is stop-and-wait, and with a 64 KB
 * window keeps between 48 and 64 KB in flight; the window those measurements used would be
 * lost.
 *
 * At its start time the writer creates a socket of `Protocol` (TcpEraSocketFactory for the
 * 1990s TCPs of TcpEraPresets), fires "SocketCreated" (attach probes there, e.g.
 * AtmTcpFlowProbe::Attach, before any segment is sent), connects to `Remote` and, once
 * connected, writes until `MaxBytes` are handed to TCP (then closes the socket) or for ever
 * (MaxBytes 0).
 *
 * @code
 *   Ptr<AtmTtcpWriter> writer = CreateObject<AtmTtcpWriter>();
 *   writer->SetAttribute("Remote", AddressValue(InetSocketAddress(receiverAddress, 5001)));
 *   writer->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
 *   writer->SetAttribute("Tsdu", UintegerValue(16384));
 *   sender->AddApplication(writer);
 *   writer->SetStartTime(Seconds(0));
 * @endcode
 * (AtmBulkTransfer installs a writer, a PacketSink and an AtmTcpFlowProbe in one call.)
 */
class AtmTtcpWriter : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTtcpWriter();
    ~AtmTtcpWriter() override;

    /**
     * TracedCallback signature of "SocketCreated".
     * @param socket the sender's new socket, bound, not yet connected
     */
    typedef void (*SocketTracedCallback)(Ptr<Socket> socket);

    /// @return the socket (null before the start time)
    Ptr<Socket> GetSocket() const;
    /// @return bytes handed to TCP
    uint64_t GetBytesWritten() const;
    /// @return whole TSDUs handed to TCP
    uint64_t GetWrites() const;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// @param socket the socket
    void Connected(Ptr<Socket> socket);
    /// @param socket the socket
    void Failed(Ptr<Socket> socket);
    /**
     * @param socket the socket
     * @param available free bytes
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available);
    /// Copy as much of the current and the next writes as the buffer takes.
    void Fill();

    Address m_peer;          //!< the receiver (attribute Remote)
    TypeId m_tid;            //!< the socket factory (attribute Protocol)
    uint32_t m_tsdu;         //!< bytes per write (attribute Tsdu)
    uint64_t m_maxBytes;     //!< bytes to send, 0: unlimited (attribute MaxBytes)
    Ptr<Socket> m_socket;    //!< the connection
    bool m_connected{false}; //!< the handshake completed
    bool m_closed{false};    //!< Close() called
    AtmSosend m_sosend;      //!< the copy loop and the bytes handed to TCP

    TracedCallback<Ptr<Socket>> m_socketCreatedTrace; //!< "SocketCreated"
    TracedCallback<Ptr<const Packet>> m_txTrace;      //!< "Tx"
};

} // namespace ns3

#endif // ATM_TTCP_WRITER_H
