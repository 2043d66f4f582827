/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-gate.h"

#include "atm-output-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortGate");

NS_OBJECT_ENSURE_REGISTERED(AtmPortGate);

TypeId
AtmPortGate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmPortGate").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmPortGate::AtmPortGate()
{
    NS_LOG_FUNCTION(this);
}

AtmPortGate::~AtmPortGate()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPortGate::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_port = nullptr;
    m_wake = WakeCallback();
    m_sync = WakeCallback();
    Object::DoDispose();
}

void
AtmPortGate::Setup(Ptr<AtmOutputPort> port,
                   const AtmCellClock& clock,
                   uint32_t holder,
                   WakeCallback wake,
                   WakeCallback sync)
{
    NS_LOG_FUNCTION(this << port << holder);
    NS_ABORT_MSG_IF(m_port,
                    GetInstanceTypeId().GetName()
                        << " gates one output port only: it was added to a second one; create "
                           "one gate per device");
    NS_ABORT_MSG_IF(!port, GetInstanceTypeId().GetName() << ": Setup with a null output port");
    NS_ABORT_MSG_IF(holder == 0, GetInstanceTypeId().GetName() << ": Setup without a holder bit");
    m_port = port;
    m_clock = clock;
    m_holder = holder;
    m_wake = wake;
    m_sync = sync;
    DoSetup();
}

bool
AtmPortGate::IsSetup() const
{
    return m_port != nullptr;
}

void
AtmPortGate::DoSetup()
{
}

void
AtmPortGate::ReleaseDue(Time now)
{
    DoReleaseDue(now);
}

Time
AtmPortGate::GetEarliestStart() const
{
    return DoGetEarliestStart();
}

Time
AtmPortGate::DoGetEarliestStart() const
{
    return Time::Min();
}

Time
AtmPortGate::GetNextRelease() const
{
    return DoGetNextRelease();
}

void
AtmPortGate::NotifySent(const AtmCell& cell, uint64_t slot)
{
    // Per cell: no NS_LOG_FUNCTION.
    DoNotifySent(cell, slot);
}

void
AtmPortGate::SyncPort()
{
    if (!m_sync.IsNull())
    {
        m_sync();
    }
}

bool
AtmPortGate::IsTraced() const
{
    return DoIsTraced();
}

bool
AtmPortGate::DoIsTraced() const
{
    return false;
}

uint64_t
AtmPortGate::GetHolds() const
{
    return m_holds;
}

uint32_t
AtmPortGate::GetHolder() const
{
    return m_holder;
}

void
AtmPortGate::Hold(uint32_t queue, bool held)
{
    m_port->SetQueueHeld(queue, held, m_holder);
}

void
AtmPortGate::CountHold()
{
    ++m_holds;
}

void
AtmPortGate::Wake()
{
    if (!m_wake.IsNull())
    {
        m_wake();
    }
}

Ptr<AtmOutputPort>
AtmPortGate::GetPort() const
{
    return m_port;
}

const AtmCellClock&
AtmPortGate::GetClock() const
{
    return m_clock;
}

} // namespace ns3
