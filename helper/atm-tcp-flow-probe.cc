/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-flow-probe.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTcpFlowProbe");

void
AtmTcpFlowProbe::Attach(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    NS_ABORT_MSG_IF(!tcp,
                    "AtmTcpFlowProbe::Attach: the socket is not a TCP socket (TcpSocketBase); "
                    "attach the probe to the sender's TCP socket");
    NS_ABORT_MSG_IF(m_attached,
                    "AtmTcpFlowProbe::Attach: this probe already counts another socket; use "
                    "one probe per connection");
    // The socket's traces hold the probe: it counts as long as the socket lives, whoever
    // else keeps it.
    const Ptr<AtmTcpFlowProbe> self(this);
    const bool ok =
        tcp->TraceConnectWithoutContext("Tx", MakeCallback(&AtmTcpFlowProbe::Tx, self)) &&
        tcp->TraceConnectWithoutContext("Rx", MakeCallback(&AtmTcpFlowProbe::Rx, self)) &&
        tcp->TraceConnectWithoutContext("CongState",
                                        MakeCallback(&AtmTcpFlowProbe::CongState, self));
    NS_ABORT_MSG_IF(!ok, "AtmTcpFlowProbe::Attach: the socket lacks the Tx/Rx/CongState traces");
    m_attached = true;
}

void
AtmTcpFlowProbe::SetRttSampleCallback(Callback<void, Time> cb)
{
    m_onRtt = cb;
}

bool
AtmTcpFlowProbe::IsAttached() const
{
    return m_attached;
}

void
AtmTcpFlowProbe::Tx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s)
{
    const uint32_t size = p->GetSize();
    if (size == 0)
    {
        return; // SYN, FIN or pure ACK
    }
    ++m_segments;
    const SequenceNumber32 start = h.GetSequenceNumber();
    const SequenceNumber32 end = start + size;
    if (m_anySent && start < m_highest)
    {
        ++m_retransmissions;
        // Karn: no sample from a segment whose ACK may answer the retransmission, nor from the
        // later ones, whose ACKs wait for the hole to be repaired.
        for (Pending& q : m_pending)
        {
            if (q.end > start)
            {
                q.valid = false;
            }
        }
        if (end > m_highest)
        {
            m_pending.push_back({end, Simulator::Now(), false});
            m_highest = end;
        }
        return;
    }
    m_pending.push_back({end, Simulator::Now(), true});
    m_highest = end;
    m_anySent = true;
}

void
AtmTcpFlowProbe::Rx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s)
{
    if (!(h.GetFlags() & TcpHeader::ACK))
    {
        return;
    }
    const SequenceNumber32 ack = h.GetAckNumber();
    while (!m_pending.empty() && m_pending.front().end <= ack)
    {
        if (m_pending.front().valid)
        {
            const Time rtt = Simulator::Now() - m_pending.front().sent;
            ++m_samples;
            m_rttSum += rtt;
            m_rttMax = std::max(m_rttMax, rtt);
            if (!m_onRtt.IsNull())
            {
                m_onRtt(rtt);
            }
        }
        m_pending.pop_front();
    }
}

void
AtmTcpFlowProbe::CongState(TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to)
{
    if (to == TcpSocketState::CA_LOSS && from != TcpSocketState::CA_LOSS)
    {
        ++m_timeouts;
    }
}

uint64_t
AtmTcpFlowProbe::GetDataSegmentsSent() const
{
    return m_segments;
}

uint64_t
AtmTcpFlowProbe::GetRetransmissions() const
{
    return m_retransmissions;
}

uint64_t
AtmTcpFlowProbe::GetTimeouts() const
{
    return m_timeouts;
}

uint64_t
AtmTcpFlowProbe::GetRttSamples() const
{
    return m_samples;
}

Time
AtmTcpFlowProbe::GetMeanRtt() const
{
    return m_samples == 0
               ? Time()
               : NanoSeconds(m_rttSum.GetNanoSeconds() / static_cast<int64_t>(m_samples));
}

Time
AtmTcpFlowProbe::GetMaxRtt() const
{
    return m_rttMax;
}

} // namespace ns3
