/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ON_OFF_TCP_SOURCE_H
#define ATM_ON_OFF_TCP_SOURCE_H

#include "atm-sosend.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmOnOffTcpSource: on/off TCP file transfers, one connection per file (BON's
 * workstation and file-server sources).
 */

namespace ns3
{

class Packet;
class RandomVariableStream;
class Socket;

/**
 * @ingroup atm
 * @brief On/off TCP file transfers: open a connection, send a file of `FileBytes`, close the
 *        connection once the receiver has acknowledged the whole file, wait an idle time drawn
 *        from `IdleTime`, open the next connection (with its own three-way handshake), and so
 *        on until `MaxFiles` files are done (0: for the whole run).
 *
 * This is the load of O. Bonaventure's simulations (PhD thesis, Universite de Liege, 1998,
 * [BON]): in the workstation scenario of ch. 7 (Fig. 7.3) every workstation sends files of
 * "10 MBytes" with an exponentially distributed idle time of mean 0.1 s between them, and
 * each file is a new TCP connection, handshake included; in the router scenarios (ch. 7.4) the
 * file servers send 1 MByte files back to back (`IdleTime` a ConstantRandomVariable of 0). The
 * on period is the transfer time, which the network decides.
 *
 * Each file is written with the semantics of 4.4BSD's sosend() as AtmTtcpWriter writes
 * (AtmSosend, the same code): `Tsdu`-byte writes, copied into the send buffer in pieces of at
 * least SO_SNDLOWAT as space frees up, so the window stays full.
 *
 * When a file is done: when the sender's cumulative acknowledgement has advanced by
 * `FileBytes` beyond the first data byte (the ACK number of the SYN-ACK), counted in 64 bits
 * from the socket's "HighestRxAck" trace, so that any file size is exact across the
 * wrap-around of TCP's 32-bit sequence space. The FIN is sent only after that (our choice: the
 * connection is closed when the file is done), so that acknowledgement covers file bytes
 * only. Right after it, in the same instant, the source closes the connection, fires
 * "FileDone", draws the idle time and schedules the next connection that much later: the gap
 * between the ACK of a file's last byte and the next connection's SYN is exactly the drawn
 * idle time (0 with IdleTime 0: back to back).
 *
 * Choices where the thesis is silent (our choices):
 * - "10 MBytes" is not defined further; `FileBytes` defaults to 10,000,000 bytes (the other
 *   reading, 10 x 2^20 = 10,485,760, is one attribute away);
 * - the first file starts at the application's start time, without an idle time before it;
 *   spread the starts of several sources with their start times;
 * - the idle time runs from the acknowledgement of the file's last byte (a BSD program's
 *   close() would return once the last write is buffered, up to a window earlier);
 * - no idle time is drawn after the last of `MaxFiles` files;
 * - `Tsdu` defaults to 16384 bytes, AtmTtcpWriter's default.
 *
 * The only randomness is the `IdleTime` stream: AssignStreams() fixes it. A negative draw
 * aborts.
 *
 * The receiver is ns-3's PacketSink, which accepts any number of connections. "SocketCreated"
 * fires for every connection when its socket exists, bound and before its SYN: attach
 * per-connection probes there (an AtmTcpFlowProbe or an AtmFlowTracer flow per socket).
 *
 * @code
 *   const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId(); // the 1990s TCPs
 *   Ptr<AtmOnOffTcpSource> source = CreateObject<AtmOnOffTcpSource>();
 *   source->SetAttribute("Remote", AddressValue(InetSocketAddress(receiverAddress, 5001)));
 *   source->SetAttribute("Protocol", TypeIdValue(factory));
 *   source->SetAttribute("FileBytes", UintegerValue(10000000)); // BON's workstations
 *   sender->AddApplication(source);
 *   source->AssignStreams(1);
 *   source->SetStartTime(Seconds(0));
 *   PacketSinkHelper sinkHelper(factory.GetName(),
 *                               InetSocketAddress(Ipv4Address::GetAny(), 5001));
 *   sinkHelper.Install(receiver).Start(Seconds(0)); // one sink takes every connection
 *   std::vector<Ptr<AtmTcpFlowProbe>> probes; // one probe per connection, from its SYN on
 *   source->TraceConnectWithoutContext(
 *       "SocketCreated",
 *       Callback<void, Ptr<Socket>>([&probes](Ptr<Socket> socket) {
 *           probes.push_back(Create<AtmTcpFlowProbe>());
 *           probes.back()->Attach(socket);
 *       }));
 * @endcode
 */
class AtmOnOffTcpSource : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmOnOffTcpSource();
    ~AtmOnOffTcpSource() override;

    /**
     * TracedCallback signature of "SocketCreated".
     * @param socket the new connection's socket, bound, not yet connected
     */
    typedef void (*SocketTracedCallback)(Ptr<Socket> socket);

    /**
     * TracedCallback signature of "FileDone".
     * @param file the file's number, from 0 in the order of the files
     * @param transferTime from the connection's opening (its SYN) to the acknowledgement of
     *        the file's last byte
     */
    typedef void (*FileDoneTracedCallback)(uint32_t file, Time transferTime);

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winconsistent-missing-override"
#endif
    /**
     * @brief Fix the stream of the `IdleTime` random variable, the source's only randomness
     *        (from ns-3.42 on this overrides Application::AssignStreams, which older releases
     *        do not have, hence no `override`).
     * @param stream the stream number
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

    /// @return the socket of the current (or the last) connection; null before the start
    Ptr<Socket> GetSocket() const;
    /// @return the files whose connection was opened
    uint32_t GetFilesStarted() const;
    /// @return the files whose every byte was acknowledged
    uint32_t GetFilesCompleted() const;
    /// @return file bytes acknowledged by the receiver, over all files
    uint64_t GetBytesAcked() const;
    /// @return file bytes handed to TCP, over all files
    uint64_t GetBytesWritten() const;
    /// @return for each file started, when its connection was opened (its SYN left)
    const std::vector<Time>& GetStartTimes() const;
    /// @return for each file completed, when the acknowledgement of its last byte arrived
    const std::vector<Time>& GetCompletionTimes() const;
    /// @return for each file completed but the last of MaxFiles, the idle time drawn after it
    const std::vector<Time>& GetIdleTimes() const;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Open the next file's connection.
    void StartFile();
    /// @param socket the socket
    void Connected(Ptr<Socket> socket);
    /// @param socket the socket
    void Failed(Ptr<Socket> socket);
    /**
     * @param socket the socket
     * @param available free bytes
     */
    void SpaceFreed(Ptr<Socket> socket, uint32_t available);
    /// Copy as much of the file as the send buffer takes.
    void Fill();
    /**
     * @brief The socket's "HighestRxAck" trace: count the newly acknowledged file bytes.
     * @param oldValue the previous highest ACK number
     * @param newValue the new one
     */
    void AckAdvanced(SequenceNumber32 oldValue, SequenceNumber32 newValue);
    /// The file's last byte was acknowledged: close, report, wait the idle time.
    void FileAcked();
    /// Detach the source from the current socket's callbacks and trace.
    void Detach();

    Address m_peer;                      //!< the receiver (attribute Remote)
    TypeId m_tid;                        //!< the socket factory (attribute Protocol)
    uint64_t m_fileBytes;                //!< bytes per file (attribute FileBytes)
    uint32_t m_tsdu;                     //!< bytes per write (attribute Tsdu)
    Ptr<RandomVariableStream> m_idle;    //!< idle time in seconds (attribute IdleTime)
    uint32_t m_maxFiles;                 //!< files to send, 0: unlimited (attribute MaxFiles)
    Ptr<Socket> m_socket;                //!< the current connection
    AtmSosend m_sosend;                  //!< the current file's copy loop
    bool m_connected{false};             //!< the current connection's handshake completed
    bool m_attached{false};              //!< the source listens to the current socket
    bool m_stopped{false};               //!< StopApplication ran
    SequenceNumber32 m_lastAck{0};       //!< highest ACK number counted for the current file
    uint64_t m_fileAcked{0};             //!< bytes of the current file acknowledged
    uint64_t m_bytesAcked{0};            //!< file bytes acknowledged, all files
    uint64_t m_bytesWrittenBefore{0};    //!< file bytes handed to TCP, files before the current
    EventId m_event;                     //!< the pending completion or the next file's start
    std::vector<Time> m_startTimes;      //!< per file: connection opened
    std::vector<Time> m_completionTimes; //!< per file: last byte acknowledged
    std::vector<Time> m_idleTimes;       //!< per completed file: the idle time after it

    TracedCallback<Ptr<Socket>> m_socketCreatedTrace; //!< "SocketCreated"
    TracedCallback<uint32_t, Time> m_fileDoneTrace;   //!< "FileDone"
    TracedCallback<Ptr<const Packet>> m_txTrace;      //!< "Tx"
};

} // namespace ns3

#endif // ATM_ON_OFF_TCP_SOURCE_H
