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
                          "(SANDIA: 300 us).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmHostCpu::m_sendCost),
                          MakeTimeChecker())
            .AddAttribute("ReceiveCost",
                          "CPU time per IP packet an AtmNetDevice of the node delivers to the "
                          "stack (SANDIA: 300 us).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmHostCpu::m_receiveCost),
                          MakeTimeChecker())
            .AddTraceSource("Backlog",
                            "Jobs queued or running on the CPU.",
                            MakeTraceSourceAccessor(&AtmHostCpu::m_backlog),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

AtmHostCpu::AtmHostCpu()
    : m_jobs(0),
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
AtmHostCpu::DoDispose()
{
    NS_LOG_FUNCTION(this);
    Object::DoDispose();
}

Time
AtmHostCpu::GetSendCost() const
{
    return m_sendCost;
}

Time
AtmHostCpu::GetReceiveCost() const
{
    return m_receiveCost;
}

void
AtmHostCpu::Submit(Time cost, std::function<void()> job)
{
    Ptr<Node> node = GetObject<Node>();
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(),
                    "AtmHostCpu on node " << (node ? node->GetId() : 0) << ": negative CPU cost "
                                          << cost.As(Time::US)
                                          << " (set SendCost and ReceiveCost >= 0)");
    const Time now = Simulator::Now();
    if (cost.IsZero() && m_backlog == 0)
    {
        job();
        return;
    }
    const Time start = std::max(now, m_busyUntil);
    m_busyUntil = start + cost;
    m_busy += cost;
    m_backlog = m_backlog + 1;
    m_peakBacklog = std::max(m_peakBacklog, m_backlog.Get());
    Simulator::Schedule(m_busyUntil - now, &AtmHostCpu::Complete, this, std::move(job));
}

void
AtmHostCpu::Complete(std::function<void()> job)
{
    m_backlog = m_backlog - 1;
    ++m_jobs;
    job();
}

uint64_t
AtmHostCpu::GetJobs() const
{
    return m_jobs;
}

Time
AtmHostCpu::GetBusyTime() const
{
    return m_busy;
}

uint32_t
AtmHostCpu::GetPeakBacklog() const
{
    return m_peakBacklog;
}

} // namespace ns3
