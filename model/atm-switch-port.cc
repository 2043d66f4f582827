/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch-port.h"

#include "atm-switch.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSwitchPort");

NS_OBJECT_ENSURE_REGISTERED(AtmSwitchPort);

TypeId
AtmSwitchPort::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmSwitchPort")
            .SetParent<AtmDevice>()
            .SetGroupName("Atm")
            .AddConstructor<AtmSwitchPort>()
            .AddAttribute("Upc",
                          "Police the cells arriving on this port against the traffic contract of "
                          "their VC or VP (usage / network parameter control, SPEC 3.19): each "
                          "cross-connect added afterwards with a policed contract gets the "
                          "policer AtmPolicerFactory builds for it.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmSwitchPort::m_upc),
                          MakeBooleanChecker())
            .AddAttribute("UpcFrameDiscard",
                          "The FrameDiscard attribute of the policers this port's UPC creates "
                          "(discard the rest of a PDU after its first discarded cell, BON ch. "
                          "4.7).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmSwitchPort::m_upcFrameDiscard),
                          MakeBooleanChecker());
    return tid;
}

AtmSwitchPort::AtmSwitchPort()
{
    NS_LOG_FUNCTION(this);
}

AtmSwitchPort::~AtmSwitchPort()
{
    NS_LOG_FUNCTION(this);
}

void
AtmSwitchPort::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_switch = nullptr;
    AtmDevice::DoDispose();
}

void
AtmSwitchPort::SetSwitch(Ptr<AtmSwitch> fabric, uint32_t index)
{
    NS_LOG_FUNCTION(this << fabric << index);
    NS_ABORT_MSG_IF(m_switch, "AtmSwitchPort: already a port of a switch");
    m_switch = fabric;
    m_index = index;
}

Ptr<AtmSwitch>
AtmSwitchPort::GetSwitch() const
{
    return m_switch;
}

bool
AtmSwitchPort::GetUpc() const
{
    return m_upc;
}

bool
AtmSwitchPort::GetUpcFrameDiscard() const
{
    return m_upcFrameDiscard;
}

uint32_t
AtmSwitchPort::GetPortIndex() const
{
    return m_index;
}

void
AtmSwitchPort::ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival)
{
    NS_ABORT_MSG_IF(!m_switch,
                    "AtmSwitchPort on node " << (GetNode() ? GetNode()->GetId() : 0)
                                             << " received a cell but belongs to no switch; "
                                                "use AtmSwitch::AddPort (AtmHelper does)");
    m_switch->Switch(m_index, cell, firstBit, arrival);
}

void
AtmSwitchPort::NotifyCellSent(const AtmCell& cell)
{
    m_switch->NotifyDeparture(m_index, cell);
}

bool
AtmSwitchPort::Send(Ptr<Packet> /* packet */, const Address& /* dest */, uint16_t /* protocol */)
{
    NS_ABORT_MSG("AtmSwitchPort on node "
                 << (GetNode() ? GetNode()->GetId() : 0)
                 << ": a switch port carries cells, not packets; do not assign IP addresses to "
                    "switch ports (use an AtmNetDevice for an IP router)");
    return false;
}

bool
AtmSwitchPort::NeedsArp() const
{
    return false;
}

void
AtmSwitchPort::SetReceiveCallback(NetDevice::ReceiveCallback /* cb */)
{
    // Nothing is ever delivered to the node's protocols.
}

void
AtmSwitchPort::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback /* cb */)
{
}

} // namespace ns3
