/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-shaping-gate.h"

#include "ns3/abort.h"
#include "ns3/atm-output-port.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmShapingGate");

NS_OBJECT_ENSURE_REGISTERED(AtmShapingGate);

TypeId
AtmShapingGate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmShapingGate")
                            .SetParent<AtmPortGate>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmShapingGate>();
    return tid;
}

AtmShapingGate::AtmShapingGate()
{
    NS_LOG_FUNCTION(this);
}

AtmShapingGate::~AtmShapingGate()
{
    NS_LOG_FUNCTION(this);
}

void
AtmShapingGate::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_flows.clear();
    m_portShaper = nullptr;
    AtmPortGate::DoDispose();
}

void
AtmShapingGate::DoSetup()
{
    NS_LOG_FUNCTION(this);
    for (Flow& f : m_flows)
    {
        f.shaper->Attach(GetClock());
    }
    if (m_portShaper)
    {
        m_portShaper->Attach(GetClock());
    }
    for (uint32_t vc = 0; vc < m_flowOfVc.size(); ++vc)
    {
        if (m_flowOfVc[vc] != NONE)
        {
            AddVcToFlow(m_flowOfVc[vc], vc); // resolve the queue now that the port is known
        }
    }
}

uint32_t
AtmShapingGate::NewFlow(Ptr<AtmShaper> shaper)
{
    NS_ABORT_MSG_IF(!shaper, "AtmShapingGate: null shaper");
    m_flows.push_back(Flow{shaper, {}, false, Time(0)});
    if (IsSetup())
    {
        shaper->Attach(GetClock());
    }
    return static_cast<uint32_t>(m_flows.size() - 1);
}

uint32_t
AtmShapingGate::AddVcShaper(uint32_t vc, Ptr<AtmShaper> shaper)
{
    NS_LOG_FUNCTION(this << vc << shaper);
    const uint32_t flow = NewFlow(shaper);
    AddVcToFlow(flow, vc);
    return flow;
}

uint32_t
AtmShapingGate::AddGroupShaper(Ptr<AtmShaper> shaper)
{
    NS_LOG_FUNCTION(this << shaper);
    return NewFlow(shaper);
}

void
AtmShapingGate::AddVcToFlow(uint32_t flow, uint32_t vc)
{
    NS_LOG_FUNCTION(this << flow << vc);
    NS_ABORT_MSG_IF(flow >= m_flows.size(), "AtmShapingGate: unknown flow " << flow);
    if (m_flowOfVc.size() <= vc)
    {
        m_flowOfVc.resize(vc + 1, NONE);
    }
    NS_ABORT_MSG_IF(m_flowOfVc[vc] != NONE && m_flowOfVc[vc] != flow,
                    "AtmShapingGate: VC " << vc << " is already shaped by flow " << m_flowOfVc[vc]
                                          << "; a VC belongs to one shaped flow");
    m_flowOfVc[vc] = flow;
    if (!IsSetup())
    {
        return; // queues are resolved at Setup()
    }
    Ptr<AtmOutputPort> port = GetPort();
    NS_ABORT_MSG_IF(port->GetQueueMode() != AtmOutputPort::PER_VC,
                    "AtmShapingGate: shaping VC " << vc
                                                  << " needs the port's QueueMode PER_VC (each "
                                                     "VC its own queue); holding a shared queue "
                                                     "would stop every VC in it. Use a port "
                                                     "shaper (SetPortShaper) to shape the port");
    NS_ABORT_MSG_IF(vc >= port->GetNVcs(),
                    "AtmShapingGate: VC " << vc << " but the port has " << port->GetNVcs()
                                          << " VCs; add the VC first");
    const uint32_t q = port->GetState().GetVcQueue(vc);
    Flow& f = m_flows[flow];
    for (uint32_t existing : f.queues)
    {
        if (existing == q)
        {
            return;
        }
    }
    f.queues.push_back(q);
    if (f.held)
    {
        Hold(q, true);
    }
}

void
AtmShapingGate::SetPortShaper(Ptr<AtmShaper> shaper)
{
    NS_LOG_FUNCTION(this << shaper);
    NS_ABORT_MSG_IF(m_portShaper, "AtmShapingGate: the port already has a shaper");
    m_portShaper = shaper;
    if (m_portShaper && IsSetup())
    {
        m_portShaper->Attach(GetClock());
    }
}

Ptr<AtmShaper>
AtmShapingGate::GetVcShaper(uint32_t vc) const
{
    if (vc >= m_flowOfVc.size() || m_flowOfVc[vc] == NONE)
    {
        return nullptr;
    }
    return m_flows[m_flowOfVc[vc]].shaper;
}

Ptr<AtmShaper>
AtmShapingGate::GetPortShaper() const
{
    return m_portShaper;
}

uint32_t
AtmShapingGate::GetNFlows() const
{
    return static_cast<uint32_t>(m_flows.size());
}

void
AtmShapingGate::Reshape(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    NS_ABORT_MSG_IF(vc >= m_flowOfVc.size() || m_flowOfVc[vc] == NONE,
                    "AtmShapingGate: Reshape(" << vc << ") of a VC without a shaper");
    SyncPort(); // the hold below must describe the present
    const uint32_t flow = m_flowOfVc[vc];
    Flow& f = m_flows[flow];
    const Time next = f.shaper->GetEarliestStart();
    if (!f.held)
    {
        // The flow's next cell could go in the first slot at or after now: hold it if the
        // shaper now wants it later (a lower rate applies from the very next cell).
        const AtmCellClock& clock = GetClock();
        if (next > clock.GetSlotStart(clock.GetSlotAtOrAfter(Simulator::Now())))
        {
            SetHeld(flow, true);
            CountHold();
            f.releaseAt = next;
            m_releases.emplace(next, flow);
        }
        return;
    }
    if (next == f.releaseAt)
    {
        return;
    }
    f.releaseAt = next;
    m_releases.emplace(next, flow); // the old entry is now stale
    Wake();
}

void
AtmShapingGate::SetHeld(uint32_t flow, bool held)
{
    Flow& f = m_flows[flow];
    f.held = held;
    for (uint32_t q : f.queues)
    {
        Hold(q, held);
    }
}

void
AtmShapingGate::DoReleaseDue(Time now)
{
    while (!m_releases.empty() && m_releases.top().first <= now)
    {
        const auto [at, flow] = m_releases.top();
        m_releases.pop();
        // An entry that Reshape() superseded is stale: the flow's hold ends at releaseAt.
        if (m_flows[flow].held && m_flows[flow].releaseAt == at)
        {
            SetHeld(flow, false);
        }
    }
}

Time
AtmShapingGate::DoGetEarliestStart() const
{
    return m_portShaper ? m_portShaper->GetEarliestStart() : Time::Min();
}

Time
AtmShapingGate::DoGetNextRelease() const
{
    return m_releases.empty() ? Time::Max() : m_releases.top().first;
}

void
AtmShapingGate::DoNotifySent(const AtmCell& cell, uint64_t slot)
{
    // Per cell: no NS_LOG_FUNCTION.
    const AtmCellClock& clock = GetClock();
    const Time start = clock.GetSlotStart(slot);
    if (m_portShaper)
    {
        m_portShaper->NotifySent(cell, start);
    }
    if (cell.vc >= m_flowOfVc.size() || m_flowOfVc[cell.vc] == NONE)
    {
        return;
    }
    const uint32_t flow = m_flowOfVc[cell.vc];
    Flow& f = m_flows[flow];
    f.shaper->NotifySent(cell, start);
    const Time next = f.shaper->GetEarliestStart();
    if (next > clock.GetSlotStart(slot + 1))
    {
        NS_ASSERT(!f.held);
        SetHeld(flow, true);
        CountHold();
        f.releaseAt = next;
        m_releases.emplace(next, flow);
    }
}

} // namespace ns3
