/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_ERA_SOCKET_H
#define TCP_ERA_SOCKET_H

#include "ns3/nstime.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief ns-3's TcpSocketBase with the two behaviours of the 1990s stacks that live in the
 * socket rather than in the congestion or recovery operations (BON App. C; JAIN): the response to a
 * partial ACK during fast recovery, and retransmission timers that fire on timer ticks.
 *
 * PartialAckResponse:
 * - Rfc6582 (ns-3's own behaviour): stay in recovery, retransmit the next segment, reset the
 *   retransmission timer on the first partial ACK only.
 * - Reno1997 (RFC 2001, 4.4BSD-Lite): the first new ACK ends fast recovery even when it is
 *   partial: cwnd = ssthresh and the dupACK count restarts. With two losses in a window the
 *   second is fast-retransmitted after three more dupACKs (cwnd and ssthresh halved again); with
 *   three, too few dupACKs remain and the retransmission timer recovers the third (JAIN ICCCN
 *   Fig 2). Implemented by ending recovery at the ACK (the recovery point becomes the ACK) and
 *   forgetting the dupACK-inferred "SACKs" that ns-3 keeps for Reno, so that the bytes in flight
 *   are SND.MAX - SND.UNA as in BSD.
 * - Hoe (NewReno as in ns-2.1b3, JAIN): stay in recovery, retransmit the next segment and reset
 *   the retransmission timer on every partial ACK ("slow but steady"); cwnd stays at ssthresh
 *   during recovery, which is how ns-3's classic recovery already keeps it.
 *
 * TimerTick: when positive, the retransmission timer fires on tick boundaries as BSD's
 * tcp_slowtimo counts it down: a timeout of n ticks (the RTO rounded to whole ticks, at least
 * one) set at time t expires at the n-th tick boundary after t, i.e. between (n - 1) and n ticks
 * later. The grid starts at TimerTickPhase (the host's boot, in [0, TimerTick); 0 by default, so
 * that every host's grid coincides). TimerTick 0 (the default) keeps ns-3's exact timer.
 *
 * RecoveryPipe: how much data a SACK sender counts as in flight during fast recovery.
 * - Scoreboard (ns-3's): RFC 6675 SetPipe() from the scoreboard, where a segment with three
 *   SACKed segments above it is presumed lost and leaves the pipe at once.
 * - Counted (Fall and Floyd, "Simulation-based Comparisons of Tahoe, Reno, and SACK TCP", CCR
 *   26(3), 1996, section 2, as JAIN ran it): on entering recovery pipe = cwnd before the loss -
 *   the dupACK threshold (JAIN ICCCN'97 section 4.2: "PIPE = CWND - 3"), in segments; minus one
 *   per duplicate ACK, minus two per partial ACK (the segment and its retransmission have
 *   left), plus one per segment sent. The sender sends while pipe < cwnd (= ssthresh); which
 *   segment goes is still ns-3's scoreboard's choice (the lowest hole first, then new data).
 *
 * DelAckTick: when positive, a delayed ACK goes out at the first boundary of a grid of this
 * period after the segment that started it, as BSD's tcp_fasttimo (every 200 ms from boot)
 * sends the ACKs it delayed: 0 to DelAckTick after the segment, not ns-3's DelAckTimeout
 * after it. The grid starts at DelAckTickPhase, in [0, DelAckTick). 0 (the default) keeps
 * ns-3's timer.
 *
 * Duplicate ACKs (sockets without SACK): an ACK counts as a duplicate only if it acknowledges
 * SND.UNA with data outstanding, carries no data and advertises the same window as the last one
 * (RFC 5681 section 2, conditions (b) and (e); 4.4BSD tcp_input(), Wright and Stevens, TCP/IP
 * Illustrated Vol. 2, section 29.4). ns-3 leaves out (e) (and before 3.43 also (b)), so the
 * first ACK after the handshake, which opens the window from the SYN's unscaled 65,535 bytes to
 * the scaled one, counted as a duplicate when it acknowledged nothing new (the first segment
 * lost). BSD instead treats such an ACK as a window update: the duplicate count restarts at 0
 * and the sender uses the new window at once. So does this socket: an ACK of SND.UNA that is
 * not a duplicate takes a CA_DISORDER sender back to CA_OPEN and is not counted (ns-3 would
 * otherwise send new data in CA_DISORDER, which its assertion-enabled builds forbid without
 * limited transmit). SACK senders keep ns-3's RFC 6675 definition.
 *
 * The partial-ACK response is applied in ReceivedAck (whose signature is the same in ns-3.37 ...
 * 3.48) before ns-3's processing, not by overriding ProcessAck (whose signature changed in 3.43;
 * the socket's private implementation class overrides it only to skip the duplicate count).
 * Create sockets through TcpEraSocketFactory or the TypeId (ObjectFactory, Socket::CreateSocket),
 * not with CreateObject<TcpEraSocket>(): up to ns-3.44 TcpSocketBase hides a subclass's
 * attributes unless the object is the TypeId's own implementation class.
 * Sockets come from TcpEraSocketFactory (aggregate it to a node and name
 * "ns3::TcpEraSocketFactory" as the applications' protocol); listening sockets fork as
 * TcpEraSockets.
 *
 * Trace source "RetransmissionTimeout" (besides TcpSocketBase's): every expiry of the
 * retransmission timer that retransmits data, with the RTO that expired and the back-off count
 * (1 for the first expiry since the last new ACK, 2 for the next, ... as BSD's t_rxtshift + 1).
 * It fires before ns-3's processing doubles the RTO; expiries that retransmit a SYN or a FIN, or
 * that find nothing to retransmit, are not reported. ns-3's own sockets report a timeout only
 * as an entry into CA_LOSS ("CongState"), once per loss episode.
 */
class TcpEraSocket : public TcpSocketBase
{
  public:
    /** How a SACK sender estimates the data in flight during fast recovery. */
    enum RecoveryPipe
    {
        SCOREBOARD, //!< RFC 6675 SetPipe() from the scoreboard (ns-3)
        COUNTED,    //!< Fall and Floyd's counted pipe (sack1, 1996)
    };

    /** What a partial ACK during fast recovery does. */
    enum PartialAckResponse
    {
        RFC6582,  //!< ns-3's NewReno (RFC 6582 / 6675): timer reset on the first partial ACK
        RENO1997, //!< leave recovery on the first new ACK, even a partial one (RFC 2001)
        HOE,      //!< Hoe's NewReno: retransmit and reset the timer on every partial ACK
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpEraSocket();

    /**
     * @brief Copy constructor (used by Fork).
     * @param sock the socket to copy
     */
    TcpEraSocket(const TcpEraSocket& sock);

    ~TcpEraSocket() override;

    /**
     * @brief TracedCallback signature of "RetransmissionTimeout".
     * @param rto the retransmission timeout that expired
     * @param backoff 1 for the first expiry since the last new ACK, then 2, 3, ...
     */
    typedef void (*RetransmissionTimeoutTracedCallback)(Time rto, uint32_t backoff);

    /** @return the partial ACKs seen during fast recovery */
    uint32_t GetPartialAcks() const;

    /** @return the retransmission timers moved onto the tick grid */
    uint32_t GetAlignedTimers() const;

    /** @return the counted pipe in segments (meaningful during a counted recovery) */
    int64_t GetCountedPipe() const;

    /** @return the delayed-ACK timers moved onto the DelAckTick grid */
    uint32_t GetAlignedDelAcks() const;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    void NewAck(const SequenceNumber32& seq, bool resetRTO) override;
    void ReTxTimeout() override;
    void ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    uint32_t BytesInFlight() const override;
    void DoForwardUp(Ptr<Packet> packet,
                     const Address& fromAddress,
                     const Address& toAddress) override;

    /**
     * @return whether the ACK being processed acknowledges SND.UNA with data outstanding but is
     * not a duplicate ACK (it carries data or a changed window; no SACK)
     */
    bool IsAckOfUnaNotDuplicate() const;

  private:
    /** Move a newly scheduled retransmission timer onto the tick grid (TimerTick > 0). */
    void AlignRetxTimer();
    /** Move a newly scheduled delayed-ACK timer onto its grid (DelAckTick > 0). */
    void AlignDelAckTimer();

    PartialAckResponse m_partialAckResponse; //!< the partial-ACK behaviour
    RecoveryPipe m_recoveryPipe;             //!< the pipe estimate in recovery
    bool m_pipeCounting;                     //!< a counted recovery is under way
    int64_t m_pipe;                          //!< the counted pipe in segments
    uint32_t m_cwndBeforeAck;                //!< cwnd when the current ACK arrived
    uint32_t m_wndBeforeSegment;             //!< the send window before the current segment
    bool m_ackOfUnaNotDuplicate;             //!< the current ACK: see IsAckOfUnaNotDuplicate()
    Time m_timerTick;                        //!< the tick of the retransmission timer
    Time m_timerTickPhase;                   //!< the first boundary of the tick grid
    uint32_t m_alignedUid;                   //!< uid of the last aligned timer event
    Time m_delAckTick;                       //!< period of the delayed-ACK grid (0: exact)
    Time m_delAckTickPhase;                  //!< the first boundary of the delayed-ACK grid
    uint32_t m_alignedDelAckUid;             //!< uid of the last aligned delayed-ACK event
    uint32_t m_alignedDelAcks;               //!< delayed-ACK timers moved onto their grid
    uint32_t m_partialAcks;                  //!< partial ACKs seen in fast recovery
    uint32_t m_alignedTimers;                //!< timers moved onto the grid
    /// "RetransmissionTimeout": RTO and back-off count of each data retransmission timeout
    TracedCallback<Time, uint32_t> m_retransmissionTimeoutTrace;
};

} // namespace ns3

#endif // TCP_ERA_SOCKET_H
