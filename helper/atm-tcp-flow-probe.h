/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_FLOW_PROBE_H
#define ATM_TCP_FLOW_PROBE_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/simple-ref-count.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>
#include <deque>

namespace ns3
{

class Packet;
class Socket;
class TcpHeader;
class TcpSocketBase;

/**
 * @ingroup atm
 * @brief Per-connection TCP counters of a sender, as the TCP-over-ATM studies report them: data
 * segments sent, retransmissions, retransmission timeouts and the round-trip time of segments
 * that were delivered without retransmission.
 *
 * Attach() connects to the sending socket's "Tx", "Rx" and "CongState" trace sources:
 * - a data segment (payload > 0) is a retransmission when it starts below the highest sequence
 *   number sent so far; the retransmission percentage of SANDIA and CRC is
 *   100 x GetRetransmissions() / GetDataSegmentsSent();
 * - a timeout is an entry into CA_LOSS (ns-3 enters it only from its retransmission timer;
 *   further back-offs of the same episode are not counted again);
 * - RTT: each new segment is timed from its transmission to the first ACK that covers it;
 *   segments retransmitted, or sent after the start of a retransmitted range while it was still
 *   unacknowledged, give no sample (Karn). This is SANDIA's "RTT of successfully delivered
 *   packets", which excludes timeout delays; it is measured exactly, not on the TCP timer grain.
 */
class AtmTcpFlowProbe : public SimpleRefCount<AtmTcpFlowProbe>
{
  public:
    AtmTcpFlowProbe() = default;

    /**
     * @brief Start counting on a TCP sender. Call it after the socket exists (for a
     * BulkSendApplication: after its start time; for an AtmTtcpWriter: from its SocketCreated
     * trace) and before data flows. The socket's traces then hold the probe.
     * @param socket a TcpSocketBase (aborts otherwise, or when a probe is already attached)
     */
    void Attach(Ptr<Socket> socket);

    /**
     * @brief Report each RTT sample when it is taken, besides counting it (AtmFlowTracer
     *        writes them as a time series).
     * @param cb called with the sample (a null callback stops the reports)
     */
    void SetRttSampleCallback(Callback<void, Time> cb);

    /// @return true once Attach() succeeded
    bool IsAttached() const;
    /// @return data segments handed to IP, retransmissions included
    uint64_t GetDataSegmentsSent() const;
    /// @return data segments that started below the highest sequence number sent
    uint64_t GetRetransmissions() const;
    /// @return entries into CA_LOSS (retransmission timeouts)
    uint64_t GetTimeouts() const;
    /// @return number of RTT samples
    uint64_t GetRttSamples() const;
    /// @return mean RTT of the samples (zero without samples)
    Time GetMeanRtt() const;
    /// @return largest RTT sample (zero without samples)
    Time GetMaxRtt() const;

  private:
    /// A new segment in flight.
    struct Pending
    {
        SequenceNumber32 end; //!< sequence number after its last byte
        Time sent;            //!< transmission time
        bool valid;           //!< still a candidate for an RTT sample
    };

    /**
     * @brief "Tx" trace sink.
     * @param p packet (payload only)
     * @param h its TCP header
     * @param s sending socket
     */
    void Tx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /**
     * @brief "Rx" trace sink.
     * @param p packet
     * @param h its TCP header
     * @param s receiving socket
     */
    void Rx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /**
     * @brief "CongState" trace sink.
     * @param from old state
     * @param to new state
     */
    void CongState(TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to);

    bool m_attached{false};        //!< Attach() done
    bool m_anySent{false};         //!< m_highest is valid
    SequenceNumber32 m_highest;    //!< highest sequence number sent + 1
    std::deque<Pending> m_pending; //!< new segments not yet acknowledged, in order
    uint64_t m_segments{0};        //!< data segments sent
    uint64_t m_retransmissions{0}; //!< retransmitted segments
    uint64_t m_timeouts{0};        //!< entries into CA_LOSS
    uint64_t m_samples{0};         //!< RTT samples
    Time m_rttSum;                 //!< sum of the samples
    Time m_rttMax;                 //!< largest sample
    Callback<void, Time> m_onRtt;  //!< SetRttSampleCallback()
};

} // namespace ns3

#endif // ATM_TCP_FLOW_PROBE_H
