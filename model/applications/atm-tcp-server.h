/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_SERVER_H
#define ATM_TCP_SERVER_H

#include "ns3/application.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <map>

/**
 * @file
 * @ingroup atm
 * ns3::AtmTcpServer: the listening, accepting and closing of a TCP server application.
 */

namespace ns3
{

class Address;
class Packet;
class Socket;

/**
 * @ingroup atm
 * @brief The part every TCP server application of the module shares: it listens on a port,
 *        accepts every connection, numbers the connections in accept order, routes each
 *        connection's received bytes and freed send space to the subclass, closes a connection
 *        once, and forgets it when the peer closes or the connection fails.
 *
 * A subclass keeps its own per-connection state, keyed by the socket, and implements the
 * hooks: DoAccept (create the state), DoReceive (bytes arrived), DoSendSpace (the socket's
 * send buffer has room again), DoClose (this side closes: cancel the connection's timers),
 * DoPeerClose (the peer closed: last measurements) and DoForget (drop the state). A subclass
 * registers the attribute "Port" itself, with its own default, on the protected member
 * m_port; "Protocol" and the trace sources "Accepted" and "Tx" are registered here.
 *
 * The server closes a connection with CloseConnection(); when the peer closes first, the
 * server closes its side as well (the connection's state goes when the peer's FIN arrives,
 * as a BSD server's read of 0 bytes ends its connection). StopApplication closes the listener
 * and every open connection.
 */
class AtmTcpServer : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTcpServer();
    ~AtmTcpServer() override;

    /**
     * TracedCallback signature of "Accepted".
     * @param socket a new connection's socket, before its first byte (attach probes here)
     */
    typedef void (*SocketTracedCallback)(Ptr<Socket> socket);

    /// @return connections accepted so far
    uint32_t GetConnections() const;

  protected:
    void DoDispose() override;

    /**
     * @brief A connection was accepted: create its state.
     * @param socket the connection
     * @param number its number at this server (0, 1, ... in accept order)
     */
    virtual void DoAccept(Ptr<Socket> socket, uint32_t number) = 0;
    /**
     * @brief Bytes arrived on a connection (called once per non-empty read).
     * @param socket the connection
     * @param packet the bytes
     */
    virtual void DoReceive(Ptr<Socket> socket, Ptr<Packet> packet) = 0;
    /**
     * @brief A connection's send buffer has room again.
     * @param socket the connection
     */
    virtual void DoSendSpace(Ptr<Socket> socket) = 0;
    /**
     * @brief This side closes a connection (called once, before the socket's Close()).
     * @param socket the connection
     */
    virtual void DoClose(Ptr<Socket> socket);
    /**
     * @brief The peer closed a connection (before this side closes and forgets it).
     * @param socket the connection
     */
    virtual void DoPeerClose(Ptr<Socket> socket);
    /**
     * @brief A connection ended (the peer closed it, or it failed): drop its state.
     * @param socket the connection
     */
    virtual void DoForget(Ptr<Socket> socket) = 0;

    /**
     * @brief Close a connection from this side (once; later calls do nothing).
     * @param socket the connection
     */
    void CloseConnection(Ptr<Socket> socket);

    /**
     * @param socket a connection
     * @return true if it is open and this side has not closed it
     */
    bool IsOpen(Ptr<Socket> socket) const;

    uint16_t m_port{0};                          //!< attribute Port (registered by subclasses)
    TracedCallback<Ptr<const Packet>> m_txTrace; //!< "Tx": bytes one Send() accepted

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * @param socket the listening socket
     * @param from the client
     * @return true: every connection is accepted
     */
    bool ConnectionRequest(Ptr<Socket> socket, const Address& from);
    /**
     * @param socket the new connection
     * @param from the client
     */
    void Accepted(Ptr<Socket> socket, const Address& from);
    /// @param socket a connection with data to read
    void Received(Ptr<Socket> socket);
    /**
     * @param socket a connection
     * @param available free bytes
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available);
    /// @param socket a connection the peer closed
    void PeerClosed(Ptr<Socket> socket);
    /// @param socket a connection that failed
    void ErrorClosed(Ptr<Socket> socket);
    /**
     * @brief Detach an ended or failed connection: its callbacks, the subclass's state
     *        (DoForget()) and its entry in the open connections.
     * @param socket the connection
     */
    void Forget(Ptr<Socket> socket);

    TypeId m_tid;                                //!< attribute Protocol
    Ptr<Socket> m_listener;                      //!< the listening socket
    std::map<Ptr<Socket>, bool> m_open;          //!< open connections: true once this side closed
    uint32_t m_accepted{0};                      //!< connections accepted
    TracedCallback<Ptr<Socket>> m_acceptedTrace; //!< "Accepted"
};

} // namespace ns3

#endif // ATM_TCP_SERVER_H
