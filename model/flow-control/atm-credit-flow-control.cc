/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-flow-control.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-output-port.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCreditFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmCreditFlowControl);

TypeId
AtmCreditFlowControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCreditFlowControl")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCreditFlowControl>()
            .AddAttribute("InitialCredits",
                          "Credits of each VC at the start: the downstream per-VC buffer in cells "
                          "(SANDIA: 5). A VC sends at full rate when InitialCredits cell times "
                          "cover the hop's credit round trip (SPEC 3.18).",
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
    m_port = nullptr;
    m_tx = nullptr;
    m_vcs.clear();
    Object::DoDispose();
}

void
AtmCreditFlowControl::Setup(Ptr<AtmOutputPort> port, Ptr<AtmCellTransmitter> tx, uint32_t context)
{
    NS_LOG_FUNCTION(this << port << tx);
    NS_ABORT_MSG_IF(m_port, "AtmCreditFlowControl: installed on two ports");
    NS_ABORT_MSG_IF(
        port->GetQueueMode() != AtmOutputPort::PER_VC,
        "AtmCreditFlowControl: the gated output port must use QueueMode PER_VC (credits "
        "hold one VC at a time); set it on the port (AtmHelper::SetSwitchPortAttribute"
        "(\"QueueMode\", ...)) before enabling credits");
    m_port = port;
    m_tx = tx;
    m_context = context;
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
AtmCreditFlowControl::Absorb(Vc& v)
{
    const Time now = Simulator::Now();
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
    m_port->SetQueueHeld(m_port->GetState().GetVcQueue(vc), held);
    m_heldTrace(vc, held);
    if (!held)
    {
        m_tx->Kick();
    }
}

void
AtmCreditFlowControl::NotifySent(uint32_t vc)
{
    Vc& v = Get(vc);
    Absorb(v);
    NS_ABORT_MSG_IF(v.balance == 0,
                    "AtmCreditFlowControl: VC " << vc << " sent a cell without credit");
    --v.balance;
    if (v.balance == 0)
    {
        ++m_holds;
        SetHeld(vc, true);
        if (!v.due.IsEmpty() && !v.releasePlanned)
        {
            v.releasePlanned = true;
            Simulator::ScheduleWithContext(m_context,
                                           v.due.Front() - Simulator::Now(),
                                           &AtmCreditFlowControl::Release,
                                           this,
                                           vc);
        }
    }
}

void
AtmCreditFlowControl::AddCredit(uint32_t vc, Time due)
{
    Vc& v = Get(vc);
    NS_ASSERT_MSG(due >= Simulator::Now(), "AtmCreditFlowControl: credit due in the past");
    v.due.Push(due);
    NS_ASSERT_MSG(v.balance + v.due.GetSize() <= m_initialCredits,
                  "AtmCreditFlowControl: more credits than InitialCredits for VC " << vc);
    if (v.held && !v.releasePlanned)
    {
        v.releasePlanned = true;
        Simulator::ScheduleWithContext(m_context,
                                       due - Simulator::Now(),
                                       &AtmCreditFlowControl::Release,
                                       this,
                                       vc);
    }
}

void
AtmCreditFlowControl::Release(uint32_t vc)
{
    Vc& v = Get(vc);
    v.releasePlanned = false;
    Absorb(v);
    if (v.held && v.balance > 0)
    {
        SetHeld(vc, false);
    }
}

uint32_t
AtmCreditFlowControl::GetBalance(uint32_t vc)
{
    Vc& v = Get(vc);
    Absorb(v);
    return v.balance;
}

uint32_t
AtmCreditFlowControl::GetInitialCredits() const
{
    return m_initialCredits;
}

uint64_t
AtmCreditFlowControl::GetHolds() const
{
    return m_holds;
}

} // namespace ns3
