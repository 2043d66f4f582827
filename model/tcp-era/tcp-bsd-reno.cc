/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-bsd-reno.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpBsdReno");

NS_OBJECT_ENSURE_REGISTERED(TcpBsdReno);

TypeId
TcpBsdReno::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpBsdReno")
            .SetParent<TcpNewReno>()
            .SetGroupName("Atm")
            .AddConstructor<TcpBsdReno>()
            .AddAttribute("ReceiverWindow",
                          "The peer's advertised window in bytes: ssthresh after a loss is "
                          "half of min(cwnd, ReceiverWindow), in whole segments (BSD). 0 uses "
                          "cwnd alone.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpBsdReno::m_receiverWindow),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxCwnd",
                          "Cap on cwnd in bytes (BSD: TCP_MAXWIN << snd_scale, i.e. 65,535 "
                          "without window scaling). 0 = no cap (ns-3's behaviour).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpBsdReno::m_maxCwnd),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("IntegerCaBug",
                          "Let the integer congestion-avoidance increment MSS*MSS/cwnd reach 0 "
                          "once cwnd > MSS*MSS, freezing cwnd (JAIN ICCCN section 7.2). Off: "
                          "the increment is at least one byte.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpBsdReno::m_integerCaBug),
                          MakeBooleanChecker());
    return tid;
}

TcpBsdReno::TcpBsdReno()
    : m_receiverWindow(0),
      m_maxCwnd(0),
      m_integerCaBug(false)
{
    NS_LOG_FUNCTION(this);
}

TcpBsdReno::TcpBsdReno(const TcpBsdReno& sock)
    : TcpNewReno(sock),
      m_receiverWindow(sock.m_receiverWindow),
      m_maxCwnd(sock.m_maxCwnd),
      m_integerCaBug(sock.m_integerCaBug)
{
    NS_LOG_FUNCTION(this);
}

TcpBsdReno::~TcpBsdReno()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpBsdReno::GetName() const
{
    return "TcpBsdReno";
}

uint32_t
TcpBsdReno::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    uint32_t win = tcb->m_cWnd.Get();
    if (m_receiverWindow > 0)
    {
        win = std::min(win, m_receiverWindow);
    }
    const uint32_t segments = std::max<uint32_t>(win / 2 / tcb->m_segmentSize, 2);
    return segments * tcb->m_segmentSize;
}

void
TcpBsdReno::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    const uint32_t cw = tcb->m_cWnd.Get();
    const uint32_t mss = tcb->m_segmentSize;
    uint32_t incr = mss;
    if (cw > tcb->m_ssThresh.Get())
    {
        incr = static_cast<uint32_t>(static_cast<uint64_t>(mss) * mss / cw);
        if (incr == 0 && !m_integerCaBug)
        {
            incr = 1;
        }
    }
    uint64_t next = static_cast<uint64_t>(cw) + incr;
    if (m_maxCwnd > 0)
    {
        next = std::min<uint64_t>(next, std::max(m_maxCwnd, cw));
    }
    tcb->m_cWnd = static_cast<uint32_t>(std::min<uint64_t>(next, UINT32_MAX));
    NS_LOG_INFO("cwnd " << cw << " -> " << tcb->m_cWnd << " (ssthresh " << tcb->m_ssThresh << ")");
}

Ptr<TcpCongestionOps>
TcpBsdReno::Fork()
{
    return CopyObject<TcpBsdReno>(this);
}

} // namespace ns3
