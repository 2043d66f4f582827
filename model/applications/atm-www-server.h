/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_WWW_SERVER_H
#define ATM_WWW_SERVER_H

#include "atm-sosend.h"
#include "atm-tcp-server.h"

#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <deque>
#include <map>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmWwwServer: the server of JAIN et al.'s WWW (HTTP/1.1) traffic model.
 */

namespace ns3
{

class Packet;
class Socket;

/**
 * @ingroup atm
 * @brief The server of the WWW traffic model of R. Jain et al., ATM Forum contribution
 *        98-0876R1, 1998 (its WWW model): listens on `Port` and answers every request of an
 *        AtmWwwClient on its persistent connection with the bytes of the file it asks for.
 *
 * The server is infinitely fast, as JAIN's: a response is scheduled the instant its request's
 * last byte arrives, and handed to TCP as fast as the send buffer takes it (4.4BSD sosend()
 * semantics, AtmSosend). Pipelined requests queue in order: each response follows the previous
 * one on the connection. A request is the client's message: its first eight bytes give the
 * request's length and the file's size (two 32-bit big-endian numbers). A malformed request (a
 * length below 8 or a file of 0 bytes) closes the connection.
 *
 * GetBytesScheduled() is JAIN's "data scheduled by the server" (the fairness
 * index's demands: S_i = the data scheduled by server i / the time).
 *
 * @code
 *   Ptr<AtmWwwServer> server = CreateObject<AtmWwwServer>();
 *   server->SetAttribute("Port", UintegerValue(80));
 *   server->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
 *   serverNode->AddApplication(server);
 * @endcode
 */
class AtmWwwServer : public AtmTcpServer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmWwwServer();
    ~AtmWwwServer() override;

    /**
     * TracedCallback signature of "Request".
     * @param connection the connection (0, 1, ... in accept order)
     * @param bytes the size of the file asked for, now scheduled
     */
    typedef void (*RequestTracedCallback)(uint32_t connection, uint32_t bytes);
    /// @return complete requests received
    uint32_t GetRequestsReceived() const;
    /// @return bytes of the files asked for: the data scheduled
    uint64_t GetBytesScheduled() const;
    /// @return bytes handed to TCP
    uint64_t GetBytesSent() const;
    /// @return responses handed to TCP completely
    uint32_t GetResponsesSent() const;

  protected:
    void DoDispose() override;
    void DoAccept(Ptr<Socket> socket, uint32_t number) override;
    void DoReceive(Ptr<Socket> socket, Ptr<Packet> packet) override;
    void DoSendSpace(Ptr<Socket> socket) override;
    void DoClose(Ptr<Socket> socket) override;
    void DoForget(Ptr<Socket> socket) override;

  private:
    /// One connection's state.
    struct Connection
    {
        uint32_t number{0};             //!< accept order
        std::vector<uint8_t> header;    //!< bytes of the current request's header
        uint32_t file{0};               //!< the current request's file (0: reading a header)
        uint64_t requestLeft{0};        //!< padding bytes of the current request still to come
        std::deque<uint32_t> responses; //!< scheduled responses after the one being written
        bool writing{false};            //!< a response is being handed to TCP
        AtmSosend sosend;               //!< its copy loop
        bool closing{false};            //!< this side closed it
    };

    /**
     * @brief Hand the current response to TCP as far as it fits; start the next when it is
     *        all there.
     * @param socket the connection
     * @param c its state
     */
    void Write(Ptr<Socket> socket, Connection& c);

    std::map<Ptr<Socket>, Connection> m_connections; //!< open connections
    uint32_t m_requests{0};                          //!< complete requests
    uint64_t m_scheduled{0};                         //!< bytes scheduled
    uint64_t m_sentBytes{0};                         //!< bytes of finished responses
    uint32_t m_responses{0};                         //!< responses handed to TCP

    TracedCallback<uint32_t, uint32_t> m_requestTrace; //!< "Request"
};

} // namespace ns3

#endif // ATM_WWW_SERVER_H
