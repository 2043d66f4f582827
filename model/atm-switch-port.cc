/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch-port.h"

#include "atm-switch.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"

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
            .AddAttribute(
                "Upc",
                "Police the cells arriving on this port against the traffic contract of "
                "their VC or VP (usage / network parameter control, ITU-T I.371 7.2): each "
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
    m_received = CellReceivedCallback();
    m_sent = CellSentCallback();
    AtmDevice::DoDispose();
}

void
AtmSwitchPort::SetFabric(uint32_t index, CellReceivedCallback received, CellSentCallback sent)
{
    NS_LOG_FUNCTION(this << index);
    NS_ABORT_MSG_IF(!m_received.IsNull(), "AtmSwitchPort: already a port of a switch");
    m_index = index;
    m_received = received;
    m_sent = sent;
}

Ptr<AtmSwitch>
AtmSwitchPort::GetSwitch() const
{
    return GetNode() ? GetNode()->GetObject<AtmSwitch>() : nullptr;
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
    NS_ABORT_MSG_IF(m_received.IsNull(),
                    "AtmSwitchPort on node " << (GetNode() ? GetNode()->GetId() : 0)
                                             << " received a cell but belongs to no switch; "
                                                "use AtmSwitch::AddPort (AtmHelper does)");
    m_received(m_index, cell, firstBit, arrival);
}

void
AtmSwitchPort::NotifyCellSent(const AtmCell& cell, Time start)
{
    m_sent(m_index, cell, start);
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
