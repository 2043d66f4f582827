/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BULK_TRANSFER_H
#define ATM_BULK_TRANSFER_H

#include "atm-flow-tracer.h"
#include "atm-metrics.h"
#include "atm-tcp-flow-probe.h"

#include "ns3/atm-ttcp-writer.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet-sink.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmBulkTransfer: one measured ttcp-like TCP transfer between two hosts.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief One measured ttcp-like TCP transfer: an AtmTtcpWriter on the sender, a PacketSink on
 *        the receiver and an AtmTcpFlowProbe on the sender's socket, with the goodput of the
 *        1990s ttcp and netperf measurements.
 *
 * The transfer starts at `StartTime` + U[0, `StartJitter`) (drawn from a stream of its own,
 * seeded by RngRun: the start's phase against the TCP timer ticks, which start at 0 on every
 * host, is what differs between seeds). Its goodput is counted either over a fixed transfer
 * (`MaxBytes` > 0: the simulation stops when they have all arrived, and goodput = MaxBytes x 8
 * over the time from the start to then, as ttcp reports it) or over the simulation after a
 * warm-up (`MaxBytes` 0: goodput = bytes received after `Warmup` x 8 over the time from
 * `Warmup` to the end, as netperf's steady-state figure). The sockets are of
 * TcpEraPresets::GetSocketFactoryTypeId(): install a TcpEraPresets on both hosts first.
 *
 * The transfer's events are bound to reference-counted objects they keep alive (the
 * applications, the probe and the transfer itself), so the Ptr may be dropped before
 * Simulator::Run(); keep it to read the measurement.
 *
 * @code
 *   Ptr<AtmBulkTransfer> transfer = CreateObjectWithAttributes<AtmBulkTransfer>(
 *       "Tsdu", UintegerValue(16384), "MaxBytes", UintegerValue(4194304));
 *   transfer->Install(hosts.Get(0), hosts.Get(1), interfaces.GetAddress(1));
 *   Simulator::Stop(Seconds(120)); // a limit: the transfer stops the run when it completes
 *   Simulator::Run();
 *   transfer->Finish();
 *   double mbps = transfer->GetGoodputMbps();
 * @endcode
 */
class AtmBulkTransfer : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmBulkTransfer();
    ~AtmBulkTransfer() override;

    /**
     * @brief Record the sender's time series with @p tracer as flow @p flow (call before
     *        Install(); the tracer must be open). Install() connects the writer's
     *        "SocketCreated" trace to AtmFlowTracer::AddTcpSender(), so the socket is traced
     *        from the event that creates it, before its SYN-ACK (the first `cwnd_bytes` row is
     *        the initial window), and a traced run executes the same events as an untraced
     *        one. The switch ports are the program's to add (AtmFlowTracer::AddPort()).
     * @param tracer the tracer
     * @param flow the sender's flow number in tcp.csv
     */
    void SetTracer(Ptr<AtmFlowTracer> tracer, uint32_t flow = 0);

    /**
     * @brief Install the writer, the sink and the probe, and schedule the measurement (once,
     *        before Simulator::Run()).
     * @param sender the sending host
     * @param receiver the receiving host
     * @param receiverAddress the receiver's IPv4 address
     */
    void Install(Ptr<Node> sender, Ptr<Node> receiver, Ipv4Address receiverAddress);

    /// @return when the sender opens its connection (after Install())
    Time GetStart() const;
    /// @return the sender (after Install())
    Ptr<AtmTtcpWriter> GetWriter() const;
    /// @return the receiver (after Install())
    Ptr<PacketSink> GetSink() const;
    /// @return the sender's probe: segments, retransmissions, timeouts, RTT (after Install())
    Ptr<AtmTcpFlowProbe> GetProbe() const;

    /**
     * @brief Take the measurement; call it once the simulation has ended (after
     *        Simulator::Run(), before Simulator::Destroy()).
     */
    void Finish();

    /// @return goodput over the counted bytes and time, Mb/s (after Finish())
    double GetGoodputMbps() const;
    /// @return bytes the sink received in the whole run (after Finish())
    uint64_t GetBytesReceived() const;
    /// @return true if MaxBytes > 0 and all of them arrived (after Finish())
    bool IsCompleted() const;
    /// @return the time over which the goodput is counted, in seconds (after Finish())
    double GetTransferSeconds() const;

    /**
     * @brief The transfer's keys of the examples' JSON line: startMs, goodputMbps,
     *        bytesReceived, completed, transferSeconds (after Finish()).
     * @param json the line
     */
    void AddTransfer(AtmJsonLine& json) const;

    /**
     * @brief The sender's TCP keys: dataSegmentsSent, retransmissions, retransmissionPercent,
     *        timeouts, meanRttMs.
     * @param json the line
     */
    void AddTcp(AtmJsonLine& json) const;

  protected:
    void DoDispose() override;

  private:
    /// What the sink's "Rx" trace needs to stop the run: shared with the trace, which keeps it
    /// alive, so that the sink never holds the transfer (no reference cycle).
    struct Completion : public SimpleRefCount<Completion>
    {
        uint64_t maxBytes{0};   //!< bytes to transfer (0: until the end)
        Time done{Time::Max()}; //!< when maxBytes had arrived
    };

    /**
     * @brief PacketSink "Rx": stop the simulation when MaxBytes have arrived.
     * @param completion the transfer's completion state
     * @param sink the sink that fires the trace (valid while it fires)
     * @param packet the packet
     * @param from its sender
     */
    static void SinkRx(Ptr<Completion> completion,
                       const PacketSink* sink,
                       Ptr<const Packet> packet,
                       const Address& from);
    /// Bytes received at the end of the warm-up.
    void RecordWarmup();
    /// Abort unless Install() ran.
    void CheckInstalled(const char* what) const;

    uint32_t m_tsdu;     //!< bytes per write (attribute Tsdu)
    uint64_t m_maxBytes; //!< bytes to transfer, 0: until the end (attribute MaxBytes)
    Time m_startTime;    //!< earliest start (attribute StartTime)
    Time m_startJitter;  //!< start spread (attribute StartJitter)
    Time m_warmup;       //!< end of the warm-up (attribute Warmup)
    uint16_t m_port;     //!< the sink's TCP port (attribute Port)

    Ptr<AtmFlowTracer> m_tracer; //!< SetTracer() (null: no traces)
    uint32_t m_flow{0};          //!< the sender's flow number in the tracer

    Ptr<AtmTtcpWriter> m_writer;  //!< the sender
    Ptr<PacketSink> m_sink;       //!< the receiver
    Ptr<AtmTcpFlowProbe> m_probe; //!< the sender's probe
    Ptr<Completion> m_completion; //!< MaxBytes arrival
    Time m_start;                 //!< start of the transfer
    uint64_t m_atWarmup{0};       //!< bytes received at the end of the warm-up
    uint64_t m_received{0};       //!< bytes received (after Finish)
    bool m_completed{false};      //!< MaxBytes arrived (after Finish)
    double m_seconds{0};          //!< counted time (after Finish)
    double m_goodputMbps{0};      //!< goodput (after Finish)
};

} // namespace ns3

#endif // ATM_BULK_TRANSFER_H
