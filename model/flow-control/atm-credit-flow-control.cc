/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-flow-control.h"

#include "ns3/abort.h"
#include "ns3/atm-output-port.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCreditFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmCreditFlowControl);

TypeId
AtmCreditFlowControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCreditFlowControl")
            .SetParent<AtmPortGate>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCreditFlowControl>()
            .AddAttribute("InitialCredits",
                          "Credits of each VC at the start: the downstream per-VC buffer in cells "
                          "(SANDIA: 5). A VC sends at full rate when InitialCredits cell times "
                          "cover the hop's credit round trip.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&AtmCreditFlowControl::m_initialCredits),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("VcHeld",
                            "A VC ran out of credit (true) or got credit back (false): (VC, held).",
                            MakeTraceSourceAccessor(&AtmCreditFlowControl::m_heldTrace),
                            "ns3::AtmCreditFlowControl::VcHeldTracedCallback");
    return tid;
}

AtmCreditFlowControl::AtmCreditFlowControl()
{
    NS_LOG_FUNCTION(this);
}

AtmCreditFlowControl::~AtmCreditFlowControl()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCreditFlowControl::DoDispose()
{
    m_vcs.clear();
    m_releases = decltype(m_releases)();
    AtmPortGate::DoDispose();
}

void
AtmCreditFlowControl::DoSetup()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(
        GetPort()->GetQueueMode() != AtmOutputPort::PER_VC,
        "AtmCreditFlowControl: the gated output port must use QueueMode PER_VC (credits "
        "hold one VC at a time); set it on the port (AtmHelper::SetSwitchPortAttribute"
        "(\"QueueMode\", ...)) before enabling credits");
}

AtmCreditFlowControl::Vc&
AtmCreditFlowControl::Get(uint32_t vc)
{
    while (m_vcs.size() <= vc)
    {
        m_vcs.emplace_back();
        m_vcs.back().balance = m_initialCredits;
    }
    return m_vcs[vc];
}

void
AtmCreditFlowControl::Absorb(Vc& v, Time now)
{
    while (!v.due.IsEmpty() && v.due.Front() <= now)
    {
        v.due.Pop();
        ++v.balance;
    }
    NS_ASSERT_MSG(v.balance <= m_initialCredits, "AtmCreditFlowControl: balance above the limit");
}

void
AtmCreditFlowControl::SetHeld(uint32_t vc, bool held)
{
    Vc& v = Get(vc);
    v.held = held;
    Hold(GetPort()->GetState().GetVcQueue(vc), held);
    m_heldTrace(vc, held);
}

void
AtmCreditFlowControl::DoNotifySent(const AtmCell& cell, uint64_t slot)
{
    // Per cell: no NS_LOG_FUNCTION. The credit is spent before the far end can return it (it
    // may do so on arrival, while the link carries the cell).
    const uint32_t vc = cell.vc;
    Vc& v = Get(vc);
    Absorb(v, GetClock().GetSlotStart(slot));
    NS_ABORT_MSG_IF(v.balance == 0,
                    "AtmCreditFlowControl: VC " << vc << " sent a cell without credit");
    --v.balance;
    if (v.balance == 0)
    {
        CountHold();
        SetHeld(vc, true);
        PlanRelease(vc, v);
    }
}

void
AtmCreditFlowControl::PlanRelease(uint32_t vc, Vc& v)
{
    if (v.held && !v.due.IsEmpty() && v.due.Front() < v.plannedAt)
    {
        v.plannedAt = v.due.Front();
        m_releases.emplace(v.plannedAt, vc);
    }
}

void
AtmCreditFlowControl::AddCredit(uint32_t vc, Time due)
{
    Vc& v = Get(vc);
    NS_ASSERT_MSG(due >= Simulator::Now(), "AtmCreditFlowControl: credit due in the past");
    // Credits are returned in the order of the calls, which is not always that of their due
    // times (the credit of a cell discarded at the next hop's ingress is returned when the cell
    // arrives there, the credit of a forwarded one when it leaves): keep them sorted, so that
    // each is absorbed when it is due.
    v.due.Push(due);
    for (uint32_t i = v.due.GetSize() - 1; i > 0 && v.due.At(i - 1) > v.due.At(i); --i)
    {
        std::swap(v.due.At(i - 1), v.due.At(i));
    }
    NS_ASSERT_MSG(v.balance + v.due.GetSize() <= m_initialCredits,
                  "AtmCreditFlowControl: more credits than InitialCredits for VC " << vc);
    const Time planned = v.plannedAt;
    PlanRelease(vc, v);
    if (v.plannedAt < planned)
    {
        Wake(); // the transmitter may be asleep until a later instant, or for good
    }
}

void
AtmCreditFlowControl::DoReleaseDue(Time now)
{
    while (!m_releases.empty() && m_releases.top().first <= now)
    {
        const Time at = m_releases.top().first;
        const uint32_t vc = m_releases.top().second;
        m_releases.pop();
        Vc& v = Get(vc);
        if (at == v.plannedAt)
        {
            v.plannedAt = Time::Max(); // the live entry (an earlier credit may have superseded it)
        }
        Absorb(v, now);
        if (v.held && v.balance > 0)
        {
            SetHeld(vc, false);
        }
        else
        {
            PlanRelease(vc, v);
        }
    }
}

Time
AtmCreditFlowControl::DoGetNextRelease() const
{
    return m_releases.empty() ? Time::Max() : m_releases.top().first;
}

bool
AtmCreditFlowControl::DoIsTraced() const
{
    return !m_heldTrace.IsEmpty();
}

uint32_t
AtmCreditFlowControl::GetBalance(uint32_t vc)
{
    SyncPort(); // the cells of deferred slots before now have spent their credits
    Vc& v = Get(vc);
    Absorb(v, Simulator::Now());
    return v.balance;
}

uint32_t
AtmCreditFlowControl::GetInitialCredits() const
{
    return m_initialCredits;
}

} // namespace ns3
