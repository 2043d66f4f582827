/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-socket.h"

#include "atm-ns3-compat.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpEraSocket");

NS_OBJECT_ENSURE_REGISTERED(TcpEraSocket);

namespace
{
/**
 * @ingroup atm
 * The class the TcpEraSocket TypeId instantiates: makes the instance's TypeId its own where
 * ns-3 allows it (atm-ns3-compat.h).
 */
class TcpEraSocketImpl : public TcpEraSocket
{
  public:
    TcpEraSocketImpl() = default;

    /** @param sock the socket to copy (Fork) */
    explicit TcpEraSocketImpl(const TcpEraSocket& sock)
        : TcpEraSocket(sock)
    {
    }

    ATM_INSTANCE_TYPEID_OVERRIDE(TcpEraSocket)

  protected:
#if ATM_NS3_VERSION >= 343
    void ProcessAck(const SequenceNumber32& ackNumber,
                    bool scoreboardUpdated,
                    uint32_t currentDelivered,
                    const SequenceNumber32& oldHeadSequence,
                    bool receivedData) override
    {
        // ns-3 does not count an ACK with data as a duplicate: one that only changes the
        // window is treated the same way.
        TcpEraSocket::ProcessAck(ackNumber,
                                 scoreboardUpdated,
                                 currentDelivered,
                                 oldHeadSequence,
                                 receivedData || IsAckOfUnaNotDuplicate());
    }
#else
    void ProcessAck(const SequenceNumber32& ackNumber,
                    bool scoreboardUpdated,
                    uint32_t currentDelivered,
                    const SequenceNumber32& oldHeadSequence) override
    {
        if (!IsAckOfUnaNotDuplicate())
        {
            TcpEraSocket::ProcessAck(ackNumber,
                                     scoreboardUpdated,
                                     currentDelivered,
                                     oldHeadSequence);
            return;
        }
        // ns-3.37 ... 3.42 count every ACK of SND.UNA below the highest sequence sent as a
        // duplicate. What their ProcessAck does with such an ACK apart from that count (and
        // what 3.43 and later do with one that is not a duplicate): the last ACK, the
        // congestion operations' PktsAcked of one segment, the pacing rate.
        m_tcb->m_lastAckedSeq = ackNumber;
        m_congestionControl->PktsAcked(m_tcb, 1, m_tcb->m_lastRtt);
        UpdatePacingRate();
    }
#endif
};
} // namespace

TypeId
TcpEraSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpEraSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("Atm")
            .AddConstructor<TcpEraSocketImpl>()
            .AddAttribute(
                "PartialAckResponse",
                "What a partial ACK during fast recovery does: Rfc6582 (ns-3), "
                "Reno1997 (leave recovery, RFC 2001) or Hoe (retransmit and reset the "
                "timer on every partial ACK).",
                EnumValue(TcpEraSocket::RFC6582),
                ATM_MAKE_ENUM_ACCESSOR(PartialAckResponse, &TcpEraSocket::m_partialAckResponse),
                MakeEnumChecker(TcpEraSocket::RFC6582,
                                "Rfc6582",
                                TcpEraSocket::RENO1997,
                                "Reno1997",
                                TcpEraSocket::HOE,
                                "Hoe"))
            .AddAttribute("RecoveryPipe",
                          "Data in flight during SACK fast recovery: Scoreboard (RFC 6675, "
                          "ns-3) or Counted (Fall and Floyd 1996: cwnd before the loss - the "
                          "dupACK threshold, -1 per dupACK, -2 per partial ACK, +1 per segment "
                          "sent).",
                          EnumValue(TcpEraSocket::SCOREBOARD),
                          ATM_MAKE_ENUM_ACCESSOR(RecoveryPipe, &TcpEraSocket::m_recoveryPipe),
                          MakeEnumChecker(TcpEraSocket::SCOREBOARD,
                                          "Scoreboard",
                                          TcpEraSocket::COUNTED,
                                          "Counted"))
            .AddAttribute("TimerTick",
                          "Tick of the retransmission timer: when positive the timer expires "
                          "on the first tick boundary at or after the RTO has elapsed (BSD "
                          "tcp_slowtimo granularity, never early). 0 = ns-3's exact timer.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpEraSocket::m_timerTick),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("TimerTickPhase",
                          "Where the host's tick grid starts, in [0, TimerTick): boundaries "
                          "at TimerTickPhase + k TimerTick. 0 puts every host on the same "
                          "grid; real hosts booted at unrelated instants.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpEraSocket::m_timerTickPhase),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DelAckTick",
                          "Period of the delayed-ACK grid: when positive a delayed ACK goes "
                          "out at the first boundary DelAckTickPhase + k DelAckTick after the "
                          "segment (BSD tcp_fasttimo, 200 ms), instead of DelAckTimeout after "
                          "it. 0 = ns-3's timer.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpEraSocket::m_delAckTick),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DelAckTickPhase",
                          "Where the host's delayed-ACK grid starts, in [0, DelAckTick).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpEraSocket::m_delAckTickPhase),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("RetransmissionTimeout",
                            "An expiry of the retransmission timer that retransmits data: the "
                            "RTO that expired and the back-off count (1 for the first expiry "
                            "since the last new ACK).",
                            MakeTraceSourceAccessor(&TcpEraSocket::m_retransmissionTimeoutTrace),
                            "ns3::TcpEraSocket::RetransmissionTimeoutTracedCallback");
    return tid;
}

TcpEraSocket::TcpEraSocket()
    : m_partialAckResponse(RFC6582),
      m_recoveryPipe(SCOREBOARD),
      m_pipeCounting(false),
      m_pipe(0),
      m_cwndBeforeAck(0),
      m_wndBeforeSegment(0),
      m_ackOfUnaNotDuplicate(false),
      m_timerTick(0),
      m_timerTickPhase(0),
      m_alignedUid(0),
      m_delAckTick(0),
      m_delAckTickPhase(0),
      m_alignedDelAckUid(0),
      m_alignedDelAcks(0),
      m_partialAcks(0),
      m_alignedTimers(0)
{
    NS_LOG_FUNCTION(this);
}

TcpEraSocket::TcpEraSocket(const TcpEraSocket& sock)
    : TcpSocketBase(sock),
      m_partialAckResponse(sock.m_partialAckResponse),
      m_recoveryPipe(sock.m_recoveryPipe),
      m_pipeCounting(false),
      m_pipe(0),
      m_cwndBeforeAck(0),
      m_wndBeforeSegment(0),
      m_ackOfUnaNotDuplicate(false),
      m_timerTick(sock.m_timerTick),
      m_timerTickPhase(sock.m_timerTickPhase),
      m_alignedUid(0),
      m_delAckTick(sock.m_delAckTick),
      m_delAckTickPhase(sock.m_delAckTickPhase),
      m_alignedDelAckUid(0),
      m_alignedDelAcks(0),
      m_partialAcks(0),
      m_alignedTimers(0)
{
    NS_LOG_FUNCTION(this);
}

TcpEraSocket::~TcpEraSocket()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
TcpEraSocket::GetPartialAcks() const
{
    return m_partialAcks;
}

uint32_t
TcpEraSocket::GetAlignedTimers() const
{
    return m_alignedTimers;
}

int64_t
TcpEraSocket::GetCountedPipe() const
{
    return m_pipe;
}

uint32_t
TcpEraSocket::GetAlignedDelAcks() const
{
    return m_alignedDelAcks;
}

Ptr<TcpSocketBase>
TcpEraSocket::Fork()
{
    return Ptr<TcpEraSocket>(new TcpEraSocketImpl(*this), false);
}

void
TcpEraSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    NS_LOG_FUNCTION(this << tcpHeader);
    const SequenceNumber32 ack = tcpHeader.GetAckNumber();
    const bool partial = m_tcb->m_congState == TcpSocketState::CA_RECOVERY &&
                         ack > m_txBuffer->HeadSequence() && ack < m_recover;
    m_cwndBeforeAck = m_tcb->m_cWnd.Get();
    // RFC 5681 section 2 (b) and (e), 4.4BSD tcp_input(): an ACK of SND.UNA with data or with
    // a window other than the last one is not a duplicate; BSD then restarts the duplicate count
    // (t_dupacks = 0), which for ns-3's state machine is the way back from CA_DISORDER.
    const uint32_t window = static_cast<uint32_t>(tcpHeader.GetWindowSize()) << m_sndWindShift;
    m_ackOfUnaNotDuplicate = !m_sackEnabled && ack == m_txBuffer->HeadSequence() &&
                             ack < m_tcb->m_highTxMark &&
                             (packet->GetSize() > 0 || window != m_wndBeforeSegment);
    if (m_ackOfUnaNotDuplicate && m_tcb->m_congState == TcpSocketState::CA_DISORDER)
    {
        NS_LOG_DEBUG("ACK of " << ack << " changes the window " << m_wndBeforeSegment << " -> "
                               << window << ": not a duplicate, CA_DISORDER -> CA_OPEN");
        m_dupAckCount = 0;
        m_congestionControl->CongestionStateSet(m_tcb, TcpSocketState::CA_OPEN);
        m_tcb->m_congState = TcpSocketState::CA_OPEN;
    }
    else if (m_ackOfUnaNotDuplicate)
    {
        NS_LOG_DEBUG("ACK of " << ack << " with data or window " << window << " (was "
                               << m_wndBeforeSegment << "): not a duplicate");
    }
    if (m_pipeCounting)
    {
        // Fall and Floyd: a duplicate ACK means one segment has left the network, a partial
        // ACK two (the lost segment's retransmission and the segment that triggered it); an
        // ACK of the recovery point ends the recovery.
        if (m_tcb->m_congState != TcpSocketState::CA_RECOVERY || ack >= m_recover)
        {
            m_pipeCounting = false;
        }
        else if (ack == m_txBuffer->HeadSequence())
        {
            --m_pipe;
        }
        else if (partial)
        {
            m_pipe -= 2;
        }
    }
    if (partial)
    {
        ++m_partialAcks;
        switch (m_partialAckResponse)
        {
        case RENO1997:
            // The ACK becomes the recovery point: TcpSocketBase takes the full-ACK path (cwnd =
            // ssthresh, CA_OPEN, dupACK count 0, a new recovery allowed). BSD counts every
            // unacknowledged byte as outstanding once recovery is over, so the dupACK-inferred
            // Reno "SACKs" go too.
            NS_LOG_DEBUG("partial ACK " << ack << ": leaving fast recovery (Reno 1997)");
            m_recover = ack;
            if (!m_sackEnabled)
            {
                m_txBuffer->ResetRenoSack();
            }
            break;
        case HOE:
            NS_LOG_DEBUG("partial ACK " << ack << ": retransmit, reset the timer (Hoe)");
            m_isFirstPartialAck = true; // TcpSocketBase resets the timer on a "first" one
            break;
        case RFC6582:
            break;
        }
    }
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
    m_ackOfUnaNotDuplicate = false;
}

bool
TcpEraSocket::IsAckOfUnaNotDuplicate() const
{
    return m_ackOfUnaNotDuplicate;
}

void
TcpEraSocket::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    m_wndBeforeSegment = m_rWnd.Get(); // TcpSocketBase updates it before it processes the ACK
    TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
}

uint32_t
TcpEraSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    if (m_recoveryPipe == COUNTED && m_sackEnabled && !m_pipeCounting &&
        m_tcb->m_congState == TcpSocketState::CA_RECOVERY)
    {
        // The fast retransmission that opens a recovery: the pipe is the window before the
        // loss minus the duplicate ACKs that announced it (JAIN ICCCN'97 4.2), after this
        // retransmission, as ns-2's sack1 sets it.
        m_pipeCounting = true;
        m_pipe = static_cast<int64_t>(m_cwndBeforeAck / m_tcb->m_segmentSize) - m_retxThresh;
        NS_LOG_DEBUG("counted recovery: pipe " << m_pipe << " segments, cwnd "
                                               << m_tcb->m_cWnd.Get());
    }
    else if (m_pipeCounting)
    {
        ++m_pipe;
    }
    const uint32_t sent = TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
    AlignRetxTimer();
    return sent;
}

void
TcpEraSocket::NewAck(const SequenceNumber32& seq, bool resetRTO)
{
    TcpSocketBase::NewAck(seq, resetRTO);
    AlignRetxTimer();
}

void
TcpEraSocket::ReTxTimeout()
{
    NS_LOG_FUNCTION(this);
    // The cases in which TcpSocketBase::ReTxTimeout retransmits data (it returns early for a
    // closed socket, a SYN, a FIN or nothing outstanding, and gives up without retries left).
    // m_dataRetrCount counts down from m_dataRetries at each expiry and is reset by a new ACK.
    if (m_state != CLOSED && m_state != TIME_WAIT && m_state != SYN_SENT &&
        m_txBuffer->Size() > 0 && m_dataRetrCount > 0)
    {
        m_retransmissionTimeoutTrace(m_rto.Get(), m_dataRetries - m_dataRetrCount + 1);
    }
    m_pipeCounting = false;
    TcpSocketBase::ReTxTimeout();
    AlignRetxTimer();
}

void
TcpEraSocket::AlignRetxTimer()
{
    if (!m_timerTick.IsStrictlyPositive() || !AtmEventIsPending(m_retxEvent) ||
        m_retxEvent.GetUid() == m_alignedUid)
    {
        return;
    }
    // The first tick boundary at or after the RTO has elapsed: never early. A BSD timer set to
    // n ticks fires n - 1 to n ticks later and BSD biases its estimate by about 1.5 ticks to
    // make up for it (4.4BSD tcp_xmit_timer); this estimator has no bias, so rounding the
    // expiry down could fire before the RTT (550 ms paths whose samples lock to 5 ticks).
    NS_ABORT_MSG_IF(m_timerTickPhase >= m_timerTick,
                    "TcpEraSocket: TimerTickPhase = " << m_timerTickPhase.As(Time::MS)
                                                      << " is not in [0, TimerTick = "
                                                      << m_timerTick.As(Time::MS) << ")");
    // Times relative to the grid's first boundary; now >= 0 may precede the phase.
    const int64_t tick = m_timerTick.GetTimeStep();
    const int64_t phase = m_timerTickPhase.GetTimeStep();
    const int64_t now = Simulator::Now().GetTimeStep();
    const Time delay = Simulator::GetDelayLeft(m_retxEvent);
    const int64_t due = now + std::max<int64_t>(delay.GetTimeStep(), 1) - phase;
    auto ceilDiv = [tick](int64_t a) { return a >= 0 ? (a + tick - 1) / tick : -(-a / tick); };
    auto floorDiv = [tick](int64_t a) { return a >= 0 ? a / tick : -((-a + tick - 1) / tick); };
    const int64_t expiry = ceilDiv(due) * tick + phase;
    const int64_t n = ceilDiv(due) - floorDiv(now - phase);
    m_retxEvent.Cancel();
    m_retxEvent = Simulator::Schedule(TimeStep(expiry - now), &TcpEraSocket::ReTxTimeout, this);
    m_alignedUid = m_retxEvent.GetUid();
    ++m_alignedTimers;
    NS_LOG_LOGIC("retransmission timer " << delay.As(Time::MS) << " -> " << n
                                         << " ticks, expires at " << TimeStep(expiry).As(Time::S));
}

uint32_t
TcpEraSocket::BytesInFlight() const
{
    if (!m_pipeCounting || m_tcb->m_congState != TcpSocketState::CA_RECOVERY)
    {
        return TcpSocketBase::BytesInFlight();
    }
    const uint32_t bytes =
        static_cast<uint32_t>(std::max<int64_t>(m_pipe, 0)) * m_tcb->m_segmentSize;
    m_tcb->m_bytesInFlight = bytes; // as TcpSocketBase does: for its trace only
    return bytes;
}

void
TcpEraSocket::ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    TcpSocketBase::ReceivedData(packet, tcpHeader);
    AlignDelAckTimer();
}

void
TcpEraSocket::AlignDelAckTimer()
{
    if (!m_delAckTick.IsStrictlyPositive() || !AtmEventIsPending(m_delAckEvent) ||
        m_delAckEvent.GetUid() == m_alignedDelAckUid)
    {
        return;
    }
    // tcp_fasttimo runs every DelAckTick from the host's boot and sends every ACK delayed
    // since its last run: the first boundary strictly after now.
    NS_ABORT_MSG_IF(m_delAckTickPhase >= m_delAckTick,
                    "TcpEraSocket: DelAckTickPhase = " << m_delAckTickPhase.As(Time::MS)
                                                       << " is not in [0, DelAckTick = "
                                                       << m_delAckTick.As(Time::MS) << ")");
    const int64_t tick = m_delAckTick.GetTimeStep();
    const int64_t phase = m_delAckTickPhase.GetTimeStep();
    const int64_t now = Simulator::Now().GetTimeStep();
    const int64_t rel = now - phase; // > -tick: the phase is below one tick
    const int64_t expiry = (rel >= 0 ? rel / tick + 1 : 0) * tick + phase;
    m_delAckEvent.Cancel();
    m_delAckEvent = Simulator::Schedule(TimeStep(expiry - now), &TcpEraSocket::DelAckTimeout, this);
    m_alignedDelAckUid = m_delAckEvent.GetUid();
    ++m_alignedDelAcks;
    NS_LOG_LOGIC("delayed ACK at the grid boundary " << TimeStep(expiry).As(Time::S));
}

} // namespace ns3
