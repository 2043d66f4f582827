/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-host-cpu.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHostCpu");

NS_OBJECT_ENSURE_REGISTERED(AtmHostCpu);

TypeId
AtmHostCpu::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmHostCpu")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmHostCpu>()
            .AddAttribute("SendCost",
                          "CPU time per IP packet the node sends through an AtmNetDevice "
                          "(SANDIA: 300 us); 0 = no cost, no event.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmHostCpu::SetSendCost, &AtmHostCpu::GetSendCost),
                          MakeTimeChecker())
            .AddAttribute(
                "ReceiveCost",
                "CPU time per IP packet an AtmNetDevice of the node delivers to the "
                "stack (SANDIA: 300 us); 0 = no cost, no event.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&AtmHostCpu::SetReceiveCost, &AtmHostCpu::GetReceiveCost),
                MakeTimeChecker())
            .AddTraceSource("Backlog",
                            "Jobs queued or running on the CPU.",
                            MakeTraceSourceAccessor(&AtmHostCpu::m_backlog),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

AtmHostCpu::AtmHostCpu()
    : m_nodeId(std::numeric_limits<uint32_t>::max()),
      m_peakBacklog(0),
      m_backlog(0)
{
    NS_LOG_FUNCTION(this);
}

AtmHostCpu::~AtmHostCpu()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHostCpu::NotifyNewAggregate()
{
    NS_LOG_FUNCTION(this);
    // The id only: a Ptr<Node> held by an object aggregated to that node would be a cycle.
    if (m_nodeId == std::numeric_limits<uint32_t>::max())
    {
        Ptr<Node> node = GetObject<Node>();
        if (node)
        {
            m_nodeId = node->GetId();
        }
    }
    Object::NotifyNewAggregate();
}

void
AtmHostCpu::DoDispose()
{
    NS_LOG_FUNCTION(this);
    Object::DoDispose();
}

std::string
AtmHostCpu::Where() const
{
    std::ostringstream os;
    if (m_nodeId == std::numeric_limits<uint32_t>::max())
    {
        os << "AtmHostCpu (not on a node)";
    }
    else
    {
        os << "AtmHostCpu on node " << m_nodeId;
    }
    return os.str();
}

void
AtmHostCpu::SetSendCost(Time cost)
{
    NS_LOG_FUNCTION(this << cost);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    Where() << ": SendCost " << cost.As(Time::US)
                            << " is negative; set a CPU time >= 0 (0 disables the cost)");
    m_sendCost = cost;
}

Time
AtmHostCpu::GetSendCost() const
{
    return m_sendCost;
}

void
AtmHostCpu::SetReceiveCost(Time cost)
{
    NS_LOG_FUNCTION(this << cost);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    Where() << ": ReceiveCost " << cost.As(Time::US)
                            << " is negative; set a CPU time >= 0 (0 disables the cost)");
    m_receiveCost = cost;
}

Time
AtmHostCpu::GetReceiveCost() const
{
    return m_receiveCost;
}

void
AtmHostCpu::Submit(Time cost, std::function<void()> job)
{
    NS_LOG_FUNCTION(this << cost);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    Where() << ": job submitted with a negative CPU cost " << cost.As(Time::US)
                            << "; pass a cost >= 0 (0 runs the job at once)");
    DoSubmit(cost, OTHER, std::move(job));
}

void
AtmHostCpu::SubmitSend(std::function<void()> job)
{
    DoSubmit(m_sendCost, SEND, std::move(job));
}

void
AtmHostCpu::SubmitReceive(std::function<void()> job)
{
    DoSubmit(m_receiveCost, RECEIVE, std::move(job));
}

void
AtmHostCpu::DoSubmit(Time cost, Kind kind, std::function<void()> job)
{
    if (cost.IsZero())
    {
        job();
        return;
    }
    const Time now = Simulator::Now();
    m_busyUntil = std::max(now, m_busyUntil) + cost;
    m_workSubmitted += cost;
    m_backlog = m_backlog + 1;
    m_peakBacklog = std::max(m_peakBacklog, m_backlog.Get());
    const Time delay = m_busyUntil - now;
    if (m_nodeId != std::numeric_limits<uint32_t>::max() && Simulator::GetContext() != m_nodeId)
    {
        Simulator::ScheduleWithContext(m_nodeId,
                                       delay,
                                       &AtmHostCpu::Complete,
                                       this,
                                       kind,
                                       std::move(job));
    }
    else
    {
        Simulator::Schedule(delay, &AtmHostCpu::Complete, this, kind, std::move(job));
    }
}

void
AtmHostCpu::Complete(Kind kind, std::function<void()> job)
{
    NS_LOG_FUNCTION(this << static_cast<int>(kind));
    m_backlog = m_backlog - 1;
    ++m_served[kind];
    job();
}

uint64_t
AtmHostCpu::GetJobs() const
{
    return m_served[OTHER] + m_served[SEND] + m_served[RECEIVE];
}

uint64_t
AtmHostCpu::GetSendJobs() const
{
    return m_served[SEND];
}

uint64_t
AtmHostCpu::GetReceiveJobs() const
{
    return m_served[RECEIVE];
}

Time
AtmHostCpu::GetBusyTime() const
{
    // Work-conserving: all queued work ends at m_busyUntil, so the part still ahead is
    // m_busyUntil - now and the rest has been done.
    const Time ahead = std::max(Time(0), m_busyUntil - Simulator::Now());
    return m_workSubmitted - ahead;
}

uint32_t
AtmHostCpu::GetBacklog() const
{
    return m_backlog.Get();
}

uint32_t
AtmHostCpu::GetPeakBacklog() const
{
    return m_peakBacklog;
}

} // namespace ns3
