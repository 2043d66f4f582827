/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_ERA_PRESETS_H
#define TCP_ERA_PRESETS_H

#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The TCPs of the 1994-1999 TCP-over-ATM studies as one object that sets
 * every relevant ns-3 attribute, per node (Install: a configured TcpEraSocketFactory) or
 * globally (SetDefaults: Config::SetDefault).
 *
 * ns-3's TCP defaults are modern (initial window 10, SACK, timestamps, window scaling, 1 s
 * minimum RTO with a 1 ms clock, PRR, CUBIC in recent releases); a reproduction that forgets
 * one of them measures ns-3, not the 1990s. A preset fixes all of them:
 *
 * - variant: TcpBsdReno + TcpClassicRecovery; Sack; ReTxThreshold; PartialAckResponse (Reno)
 * - MSS: SegmentSize = MTU - 40 - option bytes, 12 with timestamps (MTU 9180: 9140)
 * - window: SndBufSize = RcvBufSize; WindowScaling iff > 65,535; TcpBsdReno::MaxCwnd and
 *   ReceiverWindow (65,535)
 * - timer tick: TcpTickRttEstimator::Tick, ClockGranularity, TcpEraSocket::TimerTick (500 ms)
 * - tick phase, where the host's grid starts: TcpTickRttEstimator::TickPhase,
 *   TcpEraSocket::TimerTickPhase (0)
 * - minimum RTO: MinRto = ticks x tick (2 ticks)
 * - initial window: InitialCwnd (1 segment)
 * - initial ssthresh: InitialSlowStartThreshold (65,535)
 * - delayed ACK: DelAckCount 2 (on) or 1 (off), DelAckTimeout (on, 200 ms); the timer fires on
 *   a grid of that period from the host's boot (TcpEraSocket::DelAckTick and DelAckTickPhase,
 *   0 by default; BSD tcp_fasttimo), 0 to 200 ms after the segment, unless
 *   SetDelAckOnTicks(false)
 * - Nagle: TcpNoDelay = !Nagle (on)
 * - timestamps: Timestamp (off)
 * - limited transmit: LimitedTransmit (off)
 * - dupACK threshold: ReTxThreshold (3; Vanilla: never)
 * - retransmissions of one segment before the connection is dropped: DataRetries (12, BSD's
 *   TCP_MAXRXTSHIFT; ns-3's default 6 drops a connection after about 25 s of back-off, which
 *   a 1990s stack and the studies' persistent sources never did)
 *
 * Variants: Vanilla (slow start and congestion avoidance, no fast retransmit: the dupACK
 * threshold is never reached), Reno (RFC 2001: leaves recovery on the first partial ACK),
 * NewReno (Hoe: retransmit and reset the timer on every partial ACK; set the initial ssthresh
 * to RTT x bandwidth with SetInitialSsThresh), Sack (RFC 2018 receiver, RFC 6675 scoreboard
 * sender with classic recovery), Sack1997 (the same receiver; the sender of Fall and Floyd's
 * sack1 as JAIN ran it: during recovery the data in flight is a counted "pipe", set to the
 * window before the loss minus the dupACK threshold, decremented per duplicate ACK and by two
 * per partial ACK, incremented per segment sent; TcpEraSocket::RecoveryPipe).
 *
 * Per node, the Reno, NewReno and tick-timer behaviours need TcpEraSocket: applications must
 * name GetSocketFactoryTypeId() ("ns3::TcpEraSocketFactory") as their protocol. SetDefaults()
 * sets the same values as defaults; sockets of ns3::TcpSocketFactory then get everything except
 * those TcpEraSocket behaviours (Print says so).
 */
class TcpEraPresets
{
  public:
    /** The TCP variants of the studies. */
    enum Variant
    {
        VANILLA,  //!< slow start + congestion avoidance, timeouts only
        RENO,     //!< RFC 2001 fast retransmit and recovery, 1997 partial-ACK behaviour
        NEWRENO,  //!< Hoe's NewReno (ns-2.1b3)
        SACK,     //!< RFC 2018 SACK, ns-3's RFC 6675 scoreboard sender
        SACK1997, //!< RFC 2018 SACK, Fall and Floyd's counted pipe (the studies' SACK)
    };

    /** One attribute the preset sets: TypeId name, attribute name, value as a string. */
    struct Setting
    {
        std::string type;      //!< e.g. "ns3::TcpSocket"
        std::string attribute; //!< e.g. "SegmentSize"
        std::string value;     //!< e.g. "9140"
    };

    /** A 4.4BSD-Lite Reno: the defaults of the table above. */
    TcpEraPresets();

    /**
     * @brief A 4.4BSD-Lite TCP of the given variant.
     * @param variant the variant
     */
    explicit TcpEraPresets(Variant variant);

    /**
     * @brief The preset of one source document's TCP, variant Reno unless the
     * source fixes it: "bsd" (4.4BSD-Lite), "sandia" (fine-grained 5 ms timer, 64 KB window,
     * 8 KB MSS), "jain" (100 ms ticks, no delayed ACK, MSS 512), "bon-default" (200 ms, Reno,
     * timestamps), "bon-fast" (10 ms, dupACK threshold 1), "bon-sack" (200 ms, SACK),
     * "bon-internetwork" (200 ms, 50 ms delayed ACK, MSS 1460), "solaris" (Solaris 2.x:
     * 200 ms, delayed ACKs on a 50 ms per-connection timer), "crc" (SunOS 4.1.x).
     * @param source the source's name
     * @return the preset
     */
    static TcpEraPresets ForSource(const std::string& source);

    /**
     * @brief Parse a variant name: "vanilla", "reno", "newreno", "sack" or "sack1997".
     * @param name the name
     * @return the variant (an unknown name aborts, listing the valid ones)
     */
    static Variant ParseVariant(const std::string& name);
    /// @return the names ForSource() accepts, in the order of its documentation
    static const std::vector<std::string>& GetSourceNames();
    /// @return the names ParseVariant() accepts: vanilla, reno, newreno, sack
    static const std::vector<std::string>& GetVariantNames();

    /**
     * @param variant a variant
     * @return its name as ParseVariant accepts it
     */
    static std::string GetVariantName(Variant variant);

    /** @return "ns3::TcpEraSocketFactory", the protocol to give applications */
    static TypeId GetSocketFactoryTypeId();

    /** @param variant the TCP variant */
    void SetVariant(Variant variant);
    /** @param mtu IP MTU in bytes: SegmentSize = mtu - 40 - option bytes (unless SetSegmentSize) */
    void SetMtu(uint32_t mtu);
    /** @param bytes explicit MSS (payload bytes per segment); 0 = derive from the MTU */
    void SetSegmentSize(uint32_t bytes);
    /** @param bytes window = socket buffers; scaling is negotiated only above 65,535 */
    void SetWindow(uint32_t bytes);
    /** @param tick the TCP timer tick */
    void SetTimerTick(Time tick);
    /**
     * @param phase where the host's tick grid starts, in [0, tick): the tick-quantised RTT
     * samples and the tick-aligned timer count boundaries at phase + k tick. 0 (the default)
     * puts every host configured by the preset on one grid; hosts that booted at unrelated
     * instants have unrelated phases (AtmNSourceHelper::SetRandomTickPhase).
     */
    void SetTickPhase(Time phase);
    /** @param ticks minimum RTO in ticks (BSD: 2) */
    void SetMinRtoTicks(uint32_t ticks);
    /** @param on RTT samples counted in ticks (TcpTickRttEstimator) instead of exact */
    void SetTickQuantisedRtt(bool on);
    /** @param on retransmission timer fires on tick boundaries */
    void SetTickAlignedTimer(bool on);
    /**
     * @param on delayed ACKs (every second segment or the timer)
     * @param timeout the delayed-ACK timer
     */
    void SetDelayedAck(bool on, Time timeout = MilliSeconds(200));
    /**
     * @param on the delayed-ACK timer fires on a grid of its period from the host's boot
     *        (BSD's tcp_fasttimo: 0 to 200 ms after the segment; the default) rather than one
     *        period after the segment (ns-3's timer; a per-connection timer as Solaris's)
     */
    void SetDelAckOnTicks(bool on);
    /**
     * @param phase where the host's delayed-ACK grid starts, in [0, delayed-ACK timeout)
     *        (AtmNSourceHelper::SetRandomTickPhase draws it)
     */
    void SetDelAckPhase(Time phase);
    /** @return the period of the delayed-ACK grid: the timeout when delayed ACKs are on and
     *          on ticks, else 0 */
    Time GetDelAckTick() const;
    /** @param on Nagle's algorithm */
    void SetNagle(bool on);
    /** @param on RFC 1323 timestamps (12 option bytes per segment) */
    void SetTimestamps(bool on);
    /** @param threshold duplicate ACKs that trigger fast retransmit (Vanilla ignores it) */
    void SetDupAckThreshold(uint32_t threshold);
    /** @param segments initial congestion window in segments */
    void SetInitialCwnd(uint32_t segments);
    /** @param bytes initial slow-start threshold (Hoe: RTT x bandwidth) */
    void SetInitialSsThresh(uint32_t bytes);
    /** @param on the congestion-avoidance integer bug (TcpBsdReno::IntegerCaBug) */
    void SetIntegerCaBug(bool on);
    /**
     * @param retries retransmissions of one segment before the connection is dropped
     *        (TcpSocket::DataRetries; BSD: 12, at least 1)
     */
    void SetDataRetries(uint32_t retries);

    /** @return the variant */
    Variant GetVariant() const;
    /** @return the MSS the preset sets (SegmentSize) */
    uint32_t GetSegmentSize() const;
    /** @return the window (socket buffers) */
    uint32_t GetWindow() const;
    /** @return the IP MTU the preset assumes */
    uint32_t GetMtu() const;
    /** @return true if data segments carry the 12-byte timestamp option */
    bool GetTimestamps() const;
    /** @return the timer tick */
    Time GetTimerTick() const;
    /** @return where the tick grid starts */
    Time GetTickPhase() const;
    /**
     * @return true when the tick phase matters: the retransmission timer fires on the tick
     *         grid or RTT samples are counted in ticks
     */
    bool UsesTickGrid() const;
    /// @return TcpSocket::DataRetries
    uint32_t GetDataRetries() const;
    /// @return whether delayed ACKs are on
    bool GetDelayedAck() const;
    /** @return the minimum RTO */
    Time GetMinRto() const;

    /** @return every attribute the preset sets, in a stable order */
    std::vector<Setting> GetSettings() const;

    /**
     * @brief Print what the preset sets, one "Type::Attribute = value" per line.
     * @param os the stream
     */
    void Print(std::ostream& os) const;

    /**
     * @brief Configure (aggregating it if absent) a TcpEraSocketFactory on each node; install
     * the internet stack first. Applications name GetSocketFactoryTypeId().
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes) const;

    /**
     * @brief Install on one node.
     * @param node the node
     */
    void Install(Ptr<Node> node) const;

    /** Set every attribute as a Config default (affects objects created afterwards). */
    void SetDefaults() const;

  private:
    /** @return the window-scale shift needed for the window */
    uint32_t WindowShift() const;
    /** Abort on inconsistent parameters, naming the value and the fix. */
    void Check() const;

    Variant m_variant;          //!< TCP variant
    uint32_t m_mtu;             //!< IP MTU
    uint32_t m_segmentSize;     //!< explicit MSS, 0 = from the MTU
    uint32_t m_window;          //!< socket buffers
    Time m_tick;                //!< timer tick
    Time m_tickPhase;           //!< first boundary of the tick grid
    uint32_t m_minRtoTicks;     //!< minimum RTO in ticks
    bool m_tickRtt;             //!< tick-quantised RTT samples
    bool m_tickTimer;           //!< tick-aligned retransmission timer
    bool m_delayedAck;          //!< delayed ACKs on
    Time m_delAckTimeout;       //!< delayed-ACK timer
    bool m_nagle;               //!< Nagle on
    bool m_timestamps;          //!< timestamps on
    uint32_t m_dupAckThreshold; //!< fast-retransmit threshold
    uint32_t m_initialCwnd;     //!< initial cwnd, segments
    uint32_t m_initialSsThresh; //!< initial ssthresh, bytes
    bool m_integerCaBug;        //!< CA integer bug
    uint32_t m_dataRetries;     //!< retransmissions before the connection is dropped
    bool m_delAckOnTicks;       //!< delayed-ACK timer on the fast-timeout grid
    Time m_delAckPhase;         //!< first boundary of the delayed-ACK grid
};

/**
 * @brief Print a preset (TcpEraPresets::Print).
 * @param os the stream
 * @param presets the preset
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const TcpEraPresets& presets);

} // namespace ns3

#endif // TCP_ERA_PRESETS_H
