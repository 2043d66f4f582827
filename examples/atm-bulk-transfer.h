/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BULK_TRANSFER_H
#define ATM_BULK_TRANSFER_H

/**
 * @file
 * @ingroup atm
 * One measured ttcp-like TCP transfer between two hosts, for the examples atm-cbr-window and
 * atm-vbr-police (shared by them, like atm-ttcp-writer.h).
 */

#include "atm-ttcp-writer.h"

#include "ns3/abort.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/tcp-era-presets.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief An AtmTtcpWriter on one host, a PacketSink on the other and an AtmTcpFlowProbe on the
 * sender's socket; the transfer starts at U[0, startJitter), and its goodput is counted either
 * over a fixed number of bytes (the simulation stops when they have arrived) or after a
 * warm-up until the end of the simulation.
 */
class AtmBulkTransfer
{
  public:
    /**
     * @param program the example's name, for error messages
     * @param tsdu bytes per write
     * @param maxBytes bytes to transfer (0: until the end of the simulation)
     */
    AtmBulkTransfer(const std::string& program, uint32_t tsdu, uint64_t maxBytes)
        : m_writer(tsdu, maxBytes),
          m_program(program),
          m_maxBytes(maxBytes)
    {
    }

    /**
     * @brief Schedule the transfer (TCP sockets of TcpEraPresets::GetSocketFactoryTypeId()).
     * @param src the sender
     * @param dst the receiver
     * @param dstAddress the receiver's address
     * @param startJitter the start is drawn from U[0, startJitter) (seeded by RngRun)
     * @param warmup with maxBytes 0: bytes received before this time are not counted
     */
    void Install(Ptr<Node> src,
                 Ptr<Node> dst,
                 Ipv4Address dstAddress,
                 Time startJitter,
                 Time warmup)
    {
        NS_ABORT_MSG_IF(startJitter.IsStrictlyNegative(), m_program << ": negative --startJitter");
        const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
        const uint16_t port = 5001;
        Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
        m_start = NanoSeconds(static_cast<int64_t>(
            jitter->GetValue(0, static_cast<double>(startJitter.GetNanoSeconds()))));
        m_warmup = warmup;
        m_writer.Start(src, factory, InetSocketAddress(dstAddress, port), m_start);
        PacketSinkHelper sinkHelper(factory.GetName(),
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sinkHelper.Install(dst);
        sinkApp.Start(Seconds(0));
        m_sink = DynamicCast<PacketSink>(sinkApp.Get(0));
        m_sink->TraceConnectWithoutContext("Rx", MakeCallback(&AtmBulkTransfer::SinkRx, this));
        if (m_maxBytes == 0 && warmup.IsStrictlyPositive())
        {
            Simulator::Schedule(warmup, &AtmBulkTransfer::RecordWarmup, this);
        }
        m_probe = Create<AtmTcpFlowProbe>();
        Simulator::Schedule(m_start + NanoSeconds(1), &AtmBulkTransfer::AttachProbe, this);
    }

    /// @return when the sender opened its connection
    Time GetStart() const
    {
        return m_start;
    }

    /// @return the sender's probe (retransmissions, timeouts, RTT)
    Ptr<AtmTcpFlowProbe> GetProbe() const
    {
        return m_probe;
    }

    /**
     * @brief The measurement, once the simulation has ended at @p end.
     * @param end the end of the simulation
     */
    void Finish(Time end)
    {
        m_received = m_sink->GetTotalRx();
        m_completed = m_maxBytes > 0 && m_done != Time::Max();
        m_seconds = (end - m_warmup).GetSeconds();
        uint64_t counted = m_received - m_atWarmup;
        if (m_maxBytes > 0)
        {
            m_seconds = ((m_completed ? m_done : end) - m_start).GetSeconds();
            counted = m_received;
        }
        m_goodputMbps = m_seconds > 0 ? counted * 8.0 / m_seconds / 1e6 : 0.0;
    }

    /// @return goodput over the counted bytes and time (after Finish)
    double GetGoodputMbps() const
    {
        return m_goodputMbps;
    }

    /**
     * @brief The transfer's keys of the examples' JSON line: startMs, goodputMbps,
     * bytesReceived, completed, transferSeconds (after Finish).
     * @param json the line
     */
    void AddTransfer(AtmJsonLine& json) const
    {
        json.Add("startMs", m_start.GetSeconds() * 1e3)
            .Add("goodputMbps", m_goodputMbps)
            .Add("bytesReceived", m_received)
            .Add("completed", m_completed)
            .Add("transferSeconds", m_seconds);
    }

    /**
     * @brief The sender's TCP keys: dataSegmentsSent, retransmissions, retransmissionPercent,
     * timeouts, meanRttMs.
     * @param json the line
     */
    void AddTcp(AtmJsonLine& json) const
    {
        json.Add("dataSegmentsSent", m_probe->GetDataSegmentsSent())
            .Add("retransmissions", m_probe->GetRetransmissions())
            .Add("retransmissionPercent",
                 AtmMetrics::RetransmissionPercent(m_probe->GetRetransmissions(),
                                                   m_probe->GetDataSegmentsSent()))
            .Add("timeouts", m_probe->GetTimeouts())
            .Add("meanRttMs", m_probe->GetMeanRtt().GetSeconds() * 1e3);
    }

  private:
    /// PacketSink "Rx": stop the simulation when maxBytes have arrived.
    void SinkRx(Ptr<const Packet> /* packet */, const Address& /* from */)
    {
        if (m_maxBytes > 0 && m_done == Time::Max() && m_sink->GetTotalRx() >= m_maxBytes)
        {
            m_done = Simulator::Now();
            Simulator::Stop();
        }
    }

    /// Bytes received at the end of the warm-up.
    void RecordWarmup()
    {
        m_atWarmup = m_sink->GetTotalRx();
    }

    /// The sender's socket exists once the writer has started.
    void AttachProbe()
    {
        m_probe->Attach(m_writer.GetSocket());
    }

    AtmTtcpWriter m_writer;       //!< the sender
    std::string m_program;        //!< for error messages
    uint64_t m_maxBytes;          //!< bytes to transfer (0: until the end)
    Ptr<PacketSink> m_sink;       //!< the receiver
    Ptr<AtmTcpFlowProbe> m_probe; //!< the sender's probe
    Time m_start;                 //!< start of the transfer
    Time m_warmup;                //!< end of the warm-up
    Time m_done{Time::Max()};     //!< when maxBytes had arrived
    uint64_t m_atWarmup{0};       //!< bytes received at the end of the warm-up
    uint64_t m_received{0};       //!< bytes received (after Finish)
    bool m_completed{false};      //!< maxBytes arrived (after Finish)
    double m_seconds{0};          //!< counted time (after Finish)
    double m_goodputMbps{0};      //!< goodput (after Finish)
};

} // namespace ns3

#endif // ATM_BULK_TRANSFER_H
