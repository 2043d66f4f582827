/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SPIMS_INITIATOR_H
#define ATM_SPIMS_INITIATOR_H

#include "atm-sosend.h"
#include "atm-spims-run.h"
#include "atm-spims-spec.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSpimsInitiator: the initiating side of a SPIMS-like measurement.
 */

namespace ns3
{

class Packet;
class RandomVariableStream;
class Socket;

/**
 * @ingroup atm
 * @brief The initiating side of a SPIMS-like measurement (CRC Report 96-007, Appendix 2): runs
 *        an AtmSpimsSpec against an AtmSpimsResponder over TCP and measures it.
 *
 * Each of the spec's runs opens a connection to `Remote` (sockets of `Protocol`, the
 * TcpEraSocketFactory of TcpEraPresets by default), fires "SocketCreated" (attach probes there),
 * and on connection sends a control message that tells the responder the spec (a 4-byte length
 * and the spec's text, as the SPIMS daemon learns its job from the initiator; not counted in
 * the measured bytes). Then:
 * - bulk_put: writes the spec's messages (each a write with BSD sosend() semantics, AtmSosend;
 *   sizes drawn from the size law, a gap drawn between messages) and closes; the responder
 *   measures;
 * - bulk_get: receives the responder's messages until it closes, and measures from the control
 *   message to the last byte;
 * - rr: for each transaction writes a request (the first 8 bytes carry its size and the
 *   response's, big-endian; the rest zeros), waits for the response's last byte, records the
 *   transaction time, waits the gap, and so on; then closes. Request sizes drawn below 8 bytes
 *   (an exponential law) are raised to 8.
 * The next run starts when the connection has closed; "RunEnd" fires for each measured run and
 * "Done" once all runs have ended. Sizes are rounded to whole bytes, at least 1.
 *
 * @code
 *   Ptr<AtmSpimsInitiator> client = CreateObject<AtmSpimsInitiator>();
 *   client->SetAttribute("Remote", AddressValue(InetSocketAddress(serverAddress, 7000)));
 *   client->SetAttribute("Spec", StringValue("5 rr 1000,1024*50"));
 *   clientNode->AddApplication(client);
 *   Ptr<AtmSpimsResponder> server = CreateObject<AtmSpimsResponder>();
 *   server->SetAttribute("Port", UintegerValue(7000));
 *   serverNode->AddApplication(server);
 *   ...
 *   for (const AtmSpimsRun& r : client->GetRuns()) { r.GetKBps(); r.GetMeanTransaction(); }
 * @endcode
 */
class AtmSpimsInitiator : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSpimsInitiator();
    ~AtmSpimsInitiator() override;

    /**
     * TracedCallback signature of "SocketCreated".
     * @param socket a run's new socket, bound, not yet connected
     */
    typedef void (*SocketTracedCallback)(Ptr<Socket> socket);
    /**
     * TracedCallback signature of "Transaction".
     * @param run the run (0, 1, ...)
     * @param index the transaction within it (0, 1, ...)
     * @param duration request written to response received
     */
    typedef void (*TransactionTracedCallback)(uint32_t run, uint32_t index, Time duration);
    /**
     * TracedCallback signature of "RunEnd".
     * @param run the run (0, 1, ...)
     * @param result what it measured
     */
    typedef void (*RunTracedCallback)(uint32_t run, const AtmSpimsRun& result);

    /**
     * @brief Set the spec (the attribute "Spec" in its text form).
     * @param spec the spec
     */
    void SetSpec(const AtmSpimsSpec& spec);
    /// @return the spec
    const AtmSpimsSpec& GetSpec() const;
    /**
     * @return the runs this side measured (bulk_get, rr), one per run ended; for bulk_put the
     *         runs' start (connection) and end (the responder's close) only, the responder
     *         measures them
     */
    const std::vector<AtmSpimsRun>& GetRuns() const;
    /// @return true once every run has ended
    bool IsDone() const;
    /// @return the current run's socket (null between runs)
    Ptr<Socket> GetSocket() const;

    /**
     * @brief Use fixed random streams (ns-3's AssignStreams convention).
     * @param stream the first stream index
     * @return the number of streams used (2: sizes, gaps; 3 with rr's responses)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * @brief The attribute "Spec"'s setter: parse, or stop with the reason.
     * @param text the spec
     */
    void SetSpecText(std::string text);
    /// @return the attribute "Spec"'s text
    std::string GetSpecText() const;
    /// Open the next run's connection.
    void StartRun();
    /// @param socket the socket
    void Connected(Ptr<Socket> socket);
    /// @param socket the socket
    void ConnectionFailed(Ptr<Socket> socket);
    /// @param socket the socket, whose peer closed
    void PeerClosed(Ptr<Socket> socket);
    /// @param socket the socket, which failed
    void ErrorClosed(Ptr<Socket> socket);
    /**
     * @param socket the socket
     * @param available free bytes
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available);
    /// @param socket the socket
    void Received(Ptr<Socket> socket);
    /// Hand the current write (control, message or request) to TCP as far as it fits.
    void Write();
    /// The current write is all with TCP: what comes next.
    void WriteDone();
    /// Start the next message (bulk_put) or request (rr).
    void NextMessage();
    /// The run has ended: record it and start the next one (or finish).
    void EndRun();
    /**
     * @param x a drawn size
     * @param minimum the smallest size
     * @return x rounded to whole bytes within [minimum, 1e9]
     */
    static uint32_t Bytes(double x, uint32_t minimum);

    /// What the current write is.
    enum Writing
    {
        NOTHING, //!< no write in progress
        CONTROL, //!< the control message
        MESSAGE, //!< a bulk_put message
        REQUEST, //!< an rr request
    };

    Address m_peer;                      //!< the responder (attribute Remote)
    Address m_local;                     //!< the bound address (attribute Local; invalid: any)
    TypeId m_tid;                        //!< the socket factory (attribute Protocol)
    AtmSpimsSpec m_spec;                 //!< the measurement (attribute Spec)
    Ptr<RandomVariableStream> m_sizes;   //!< message or request sizes
    Ptr<RandomVariableStream> m_answers; //!< response sizes (rr)
    Ptr<RandomVariableStream> m_gaps;    //!< gaps

    Ptr<Socket> m_socket;            //!< the current run's connection
    uint32_t m_run{0};               //!< the current run
    AtmSpimsRun m_current;           //!< what it measured so far
    std::vector<AtmSpimsRun> m_runs; //!< the runs ended
    Writing m_writing{NOTHING};      //!< the current write
    AtmSosend m_sosend;              //!< its copy loop
    uint32_t m_messagesDone{0};      //!< messages or transactions of the run completed
    uint32_t m_answerSize{0};        //!< rr: the current response's size
    uint64_t m_answerLeft{0};        //!< rr: its bytes still to come
    Time m_requestStart;             //!< rr: when the current request was written
    EventId m_gapEvent;              //!< the pending gap
    bool m_closing{false};           //!< Close() called on the current socket
    bool m_done{false};              //!< every run ended
    bool m_stopped{false};           //!< StopApplication() ran

    TracedCallback<Ptr<Socket>> m_socketCreatedTrace;            //!< "SocketCreated"
    TracedCallback<uint32_t, uint32_t, Time> m_transactionTrace; //!< "Transaction"
    TracedCallback<uint32_t, const AtmSpimsRun&> m_runEndTrace;  //!< "RunEnd"
    TracedCallback<> m_doneTrace;                                //!< "Done"
    TracedCallback<Ptr<const Packet>> m_txTrace;                 //!< "Tx"
};

} // namespace ns3

#endif // ATM_SPIMS_INITIATOR_H
