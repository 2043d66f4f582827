/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SPIMS_RESPONDER_H
#define ATM_SPIMS_RESPONDER_H

#include "atm-sosend.h"
#include "atm-spims-run.h"
#include "atm-spims-spec.h"
#include "atm-tcp-server.h"

#include "ns3/event-id.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <map>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSpimsResponder: the responding side of SPIMS-like measurements.
 */

namespace ns3
{

class Address;
class Packet;
class RandomVariableStream;
class Socket;

/**
 * @ingroup atm
 * @brief The responding side of SPIMS-like measurements (CRC Report 96-007, Appendix 2): listens
 *        on `Port` and serves every connection an AtmSpimsInitiator opens, as the spec in its
 *        control message says.
 *
 * - bulk_get: sends the spec's messages (each a write with BSD sosend() semantics, sizes drawn
 *   from the size law, a gap drawn between messages) and closes;
 * - bulk_put: receives until the initiator closes, and measures the run (from the control
 *   message's arrival to the last byte): GetRuns(), "RunEnd";
 * - rr: for each request (its first 8 bytes give its size and the response's) sends the
 *   response once the request's last byte has arrived.
 * Connections are served independently, so one responder serves any number of initiators.
 *
 * @code
 *   Ptr<AtmSpimsResponder> server = CreateObject<AtmSpimsResponder>();
 *   server->SetAttribute("Port", UintegerValue(7000));
 *   serverNode->AddApplication(server);
 * @endcode
 */
class AtmSpimsResponder : public AtmTcpServer
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSpimsResponder();
    ~AtmSpimsResponder() override;

    /**
     * TracedCallback signature of "RunEnd".
     * @param connection the connection's number at this responder (0, 1, ... in accept order)
     * @param result what this side measured (bulk_put)
     */
    typedef void (*RunTracedCallback)(uint32_t connection, const AtmSpimsRun& result);
    /// @return the bulk_put runs this responder measured, in the order they ended
    const std::vector<AtmSpimsRun>& GetRuns() const;

  protected:
    void DoDispose() override;
    void DoAccept(Ptr<Socket> socket, uint32_t number) override;
    void DoReceive(Ptr<Socket> socket, Ptr<Packet> packet) override;
    void DoSendSpace(Ptr<Socket> socket) override;
    void DoClose(Ptr<Socket> socket) override;
    void DoPeerClose(Ptr<Socket> socket) override;
    void DoForget(Ptr<Socket> socket) override;

  private:
    /// One connection's state.
    struct Connection
    {
        uint32_t number{0};              //!< accept order
        bool haveSpec{false};            //!< the control message was read
        std::vector<uint8_t> header;     //!< bytes of a control message or request header
        AtmSpimsSpec spec;               //!< the spec it announced
        Ptr<RandomVariableStream> sizes; //!< bulk_get: message sizes
        Ptr<RandomVariableStream> gaps;  //!< bulk_get: gaps
        uint64_t requestLeft{0};         //!< rr: bytes of the current request still to come
        uint32_t responseSize{0};        //!< rr: the current request's response
        uint32_t responsesDue{0};        //!< rr: responses to send after the current one
        bool writing{false};             //!< a write is in progress
        AtmSosend sosend;                //!< its copy loop
        uint32_t messagesSent{0};        //!< bulk_get: messages handed to TCP
        EventId gapEvent;                //!< bulk_get: the pending gap
        AtmSpimsRun run;                 //!< bulk_put: what it measured
        bool closing{false};             //!< this side closed it
    };

    /**
     * @brief Consume received bytes of a connection.
     * @param socket the connection
     * @param c its state
     * @param packet the bytes
     */
    void Consume(Ptr<Socket> socket, Connection& c, Ptr<Packet> packet);
    /**
     * @brief Hand the current write to TCP as far as it fits, and go on when it is all there.
     * @param socket the connection
     * @param c its state
     */
    void Write(Ptr<Socket> socket, Connection& c);
    /**
     * @brief bulk_get: start the next message.
     * @param socket the connection
     */
    void NextMessage(Ptr<Socket> socket);
    std::map<Ptr<Socket>, Connection> m_connections; //!< open connections
    std::vector<AtmSpimsRun> m_runs;                 //!< bulk_put runs measured

    TracedCallback<uint32_t, const AtmSpimsRun&> m_runEndTrace; //!< "RunEnd"
};

} // namespace ns3

#endif // ATM_SPIMS_RESPONDER_H
