/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-socket.h"

#include "atm-ns3-compat.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

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
      m_timerTick(0),
      m_timerTickPhase(0),
      m_alignedUid(0),
      m_partialAcks(0),
      m_alignedTimers(0)
{
    NS_LOG_FUNCTION(this);
}

TcpEraSocket::TcpEraSocket(const TcpEraSocket& sock)
    : TcpSocketBase(sock),
      m_partialAckResponse(sock.m_partialAckResponse),
      m_timerTick(sock.m_timerTick),
      m_timerTickPhase(sock.m_timerTickPhase),
      m_alignedUid(0),
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
}

uint32_t
TcpEraSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
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

} // namespace ns3
