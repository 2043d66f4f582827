/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_WWW_CLIENT_H
#define ATM_WWW_CLIENT_H

#include "atm-www-law.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmWwwClient: the client of JAIN et al.'s WWW (HTTP/1.1) traffic model.
 */

namespace ns3
{

class Packet;
class RandomVariableStream;
class Socket;

/**
 * @ingroup atm
 * @brief The client of the WWW traffic model of R. Jain et al., "Performance Analysis of TCP
 *        Enhancements for WWW Traffic using UBR+ with Limited Buffers over Satellite Links",
 *        ATM Forum contribution 98-0876R1, 1998 (its WWW model): an HTTP/1.1 client with one
 *        persistent TCP connection to its server (AtmWwwServer) and pipelined requests.
 *
 * At its start the client opens the connection and begins its first batch; a batch begins
 * every `BatchInterval` (JAIN: 10 s). A batch has a number of GETs drawn from the GETs law
 * (JAIN: Poisson with mean 5 restricted to 1 ... 9, AtmWwwLaw::JainGets()); its first request
 * goes at once, each next one `Gap` later (JAIN: "a random time between 100 and 500 ms",
 * taken as uniform). Requests are pipelined: each goes when it is due, whether or not the
 * answers to the earlier ones have arrived. There is no caching: every GET asks for a new file,
 * its size drawn from the file-size law (AtmWwwLaw::FileSize(ClassProbabilities, BaseSize,
 * TruncatedPoisson(FileIndexMean, 1, 9)); JAIN's by default).
 *
 * A request is one `RequestSize`-byte message (JAIN: 128 bytes); its first eight bytes say
 * the request's length and the file's size (two 32-bit big-endian numbers), the rest is
 * padding. The server answers with that many bytes, in request order; the client cuts the
 * byte stream into responses by the sizes it asked for, so GetResponsesCompleted() counts the
 * transactions and the "Response" trace gives each one's time from its request to its last
 * byte. The connection delivers bytes in order, so GetBytesReceived() is JAIN's "highest
 * in-order byte received at the client" (their throughput is it / the simulation time).
 *
 * Requests due before the connection is established, or while the socket's send buffer is
 * full, wait in order and go as soon as they can (GetRequestsWaiting()). A batch that begins
 * while the previous one still has GETs to issue adds its GETs to the same chain of requests
 * (JAIN's laws never do that: nine gaps of 500 ms are shorter than a batch interval).
 *
 * @code
 *   Ptr<AtmWwwClient> client = CreateObject<AtmWwwClient>();
 *   client->SetAttribute("Remote", AddressValue(InetSocketAddress(serverAddress, 80)));
 *   client->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
 *   clientNode->AddApplication(client);
 *   client->SetStartTime(Seconds(0));
 * @endcode
 */
class AtmWwwClient : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmWwwClient();
    ~AtmWwwClient() override;

    /**
     * TracedCallback signature of "BatchStart".
     * @param batch the batch (0, 1, ...)
     * @param gets the GETs it has
     */
    typedef void (*BatchTracedCallback)(uint32_t batch, uint32_t gets);
    /**
     * TracedCallback signature of "Request".
     * @param request the request (0, 1, ... in the order they go)
     * @param bytes the size of the file it asks for
     */
    typedef void (*RequestTracedCallback)(uint32_t request, uint32_t bytes);
    /**
     * TracedCallback signature of "Response".
     * @param request the request answered
     * @param bytes its file's size
     * @param duration from the request handed to TCP to the response's last byte
     */
    typedef void (*ResponseTracedCallback)(uint32_t request, uint32_t bytes, Time duration);

    /// @return the GETs-per-batch law of the attributes GetsMean, GetsMin and GetsMax
    AtmWwwLaw GetGetsLaw() const;
    /// @return the file-size law of the attributes ClassProbabilities, BaseSize, FileIndexMean
    AtmWwwLaw GetFileSizeLaw() const;

    /// @return batches begun
    uint32_t GetBatches() const;
    /// @return requests handed to TCP
    uint32_t GetRequestsSent() const;
    /// @return requests due but not yet handed to TCP (no connection yet, or a full buffer)
    uint32_t GetRequestsWaiting() const;
    /// @return bytes of all files asked for (requests handed to TCP)
    uint64_t GetBytesRequested() const;
    /// @return response bytes received, in order (the highest in-order byte)
    uint64_t GetBytesReceived() const;
    /// @return responses received completely
    uint32_t GetResponsesCompleted() const;
    /// @return bytes received beyond those asked for (0 unless the server misbehaves)
    uint64_t GetUnexpectedBytes() const;
    /// @return the mean time from a request to its response's last byte (0 before the first)
    Time GetMeanResponseTime() const;
    /// @return the connection's socket (null before the start)
    Ptr<Socket> GetSocket() const;

    /**
     * @brief Use fixed random streams (ns-3's AssignStreams convention): the GETs per batch,
     *        the file sizes, the gaps and the batch intervals, in that order.
     * @param stream the first stream
     * @return 4, the streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A request due or answered.
    struct Request
    {
        uint32_t number{0}; //!< order
        uint32_t bytes{0};  //!< file size
        Time sent;          //!< handed to TCP
    };

    /// @param text the attribute ClassProbabilities (numbers separated by blanks or commas)
    void SetClassProbabilities(std::string text);
    /// @return the attribute ClassProbabilities
    std::string GetClassProbabilities() const;
    /// @param bytes the attribute RequestSize (>= 8)
    void SetRequestSize(uint32_t bytes);
    /// @return the attribute RequestSize
    uint32_t GetRequestSize() const;
    /// Build the laws' variables (once, before the start).
    void BuildVariables();
    /// Begin a batch and schedule the next.
    void Batch();
    /// Issue the next GET of the current chain and schedule the one after it.
    void NextGet();
    /// Hand waiting requests to TCP as far as the send buffer takes them.
    void Flush();
    /// @param socket the connected socket
    void Connected(Ptr<Socket> socket);
    /// @param socket the socket whose connection failed
    void ConnectFailed(Ptr<Socket> socket);
    /**
     * @param socket the socket
     * @param available free bytes in its send buffer
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available);
    /// @param socket the socket with data to read
    void Received(Ptr<Socket> socket);
    /**
     * @brief Draw a time from a variable.
     * @param rv the variable
     * @param what its attribute, for the message of a negative draw
     * @return the draw as a time
     */
    static Time Draw(Ptr<RandomVariableStream> rv, const char* what);

    Address m_remote;                         //!< attribute Remote
    TypeId m_tid;                             //!< attribute Protocol
    uint32_t m_requestSize{128};              //!< attribute RequestSize
    Ptr<RandomVariableStream> m_interval;     //!< attribute BatchInterval (s)
    Ptr<RandomVariableStream> m_gap;          //!< attribute Gap (s)
    double m_getsMean{5};                     //!< attribute GetsMean
    uint32_t m_getsMin{1};                    //!< attribute GetsMin
    uint32_t m_getsMax{9};                    //!< attribute GetsMax
    std::vector<double> m_classProbabilities; //!< attribute ClassProbabilities
    uint32_t m_baseSize{100};                 //!< attribute BaseSize
    double m_indexMean{5};                    //!< attribute FileIndexMean
    uint32_t m_maxBatches{0};                 //!< attribute MaxBatches (0: no limit)

    Ptr<RandomVariableStream> m_gets;  //!< the GETs law's variable
    Ptr<RandomVariableStream> m_sizes; //!< the file-size law's variable
    Ptr<Socket> m_socket;              //!< the persistent connection
    bool m_connected{false};           //!< the connection is established
    EventId m_batchEvent;              //!< the next batch
    EventId m_getEvent;                //!< the next GET of the chain
    uint32_t m_getsDue{0};             //!< GETs of the chain not yet issued
    uint32_t m_batches{0};             //!< batches begun
    uint32_t m_issued{0};              //!< GETs issued
    std::deque<Request> m_waiting;     //!< issued, not yet handed to TCP
    std::deque<Request> m_answering;   //!< handed to TCP, response not complete
    uint32_t m_sent{0};                //!< requests handed to TCP
    uint64_t m_bytesRequested{0};      //!< their files' bytes
    uint64_t m_bytesReceived{0};       //!< response bytes received
    uint64_t m_headBytes{0};           //!< bytes of the first answering response received
    uint32_t m_completed{0};           //!< responses complete
    uint64_t m_unexpected{0};          //!< bytes beyond those asked for
    Time m_responseTimeSum;            //!< sum of the responses' times

    TracedCallback<uint32_t, uint32_t> m_batchTrace;          //!< "BatchStart"
    TracedCallback<uint32_t, uint32_t> m_requestTrace;        //!< "Request"
    TracedCallback<uint32_t, uint32_t, Time> m_responseTrace; //!< "Response"
    TracedCallback<Ptr<const Packet>> m_rxTrace;              //!< "Rx"
};

} // namespace ns3

#endif // ATM_WWW_CLIENT_H
