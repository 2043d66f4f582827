/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-device.h"

#include "atm-cell-transmitter.h"
#include "atm-channel.h"
#include "atm-output-port.h"
#include "atm-port-gate.h"
#include "atm-switch-port.h"
#include "atm-switch.h"

#include "ns3/abort.h"
#include "ns3/atm-cac.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmDevice");

NS_OBJECT_ENSURE_REGISTERED(AtmDevice);

TypeId
AtmDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Atm")
            .AddAttribute("OutputPort",
                          "The output port: cell buffer, acceptance policy, queues, scheduler. "
                          "Configure it (BufferCells, QueueMode, BufferPolicy, CellScheduler) "
                          "before the first VC is added.",
                          PointerValue(),
                          MakePointerAccessor(&AtmDevice::m_port),
                          MakePointerChecker<AtmOutputPort>())
            .AddAttribute("CreditFlowControl",
                          "AN2 credit flow control of the outgoing hop (null: off). The output "
                          "port must use QueueMode PER_VC.",
                          PointerValue(),
                          MakePointerAccessor(&AtmDevice::SetCreditFlowControl,
                                              &AtmDevice::GetCreditFlowControl),
                          MakePointerChecker<AtmCreditFlowControl>())
            .AddAttribute("Cac",
                          "Connection admission control of the outgoing link (AtmCac), asked by "
                          "AtmPvcHelper for every PVC crossing the link.",
                          PointerValue(),
                          MakePointerAccessor(&AtmDevice::SetCac, &AtmDevice::GetCac),
                          MakePointerChecker<AtmCac>());
    return tid;
}

AtmDevice::AtmDevice()
    : m_port(CreateObject<AtmOutputPort>()),
      m_address(Mac48Address::Allocate())
{
    NS_LOG_FUNCTION(this);
}

AtmDevice::~AtmDevice()
{
    NS_LOG_FUNCTION(this);
}

void
AtmDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_tx)
    {
        m_tx->Dispose();
    }
    m_tx = nullptr;
    m_credits = nullptr;
    m_gate = nullptr;
    m_gates.clear();
    m_cac = nullptr;
    m_port = nullptr;
    m_channel = nullptr;
    m_peerCredits = nullptr;
    m_peerCreditsKnown = false;
    m_nextFabric = nullptr;
    m_nextFabricKnown = false;
    m_node = nullptr;
    NetDevice::DoDispose();
}

void
AtmDevice::Attach(Ptr<AtmChannel> channel)
{
    NS_LOG_FUNCTION(this << channel);
    NS_ABORT_MSG_IF(!channel, "AtmDevice: Attach(null channel)");
    NS_ABORT_MSG_IF(m_channel,
                    "AtmDevice on node " << (m_node ? m_node->GetId() : 0)
                                         << " is already attached to a channel");
    NS_ABORT_MSG_IF(!m_port, "AtmDevice: the OutputPort attribute is null");
    m_channel = channel;
    channel->Attach(this);
    m_tx = CreateObject<AtmCellTransmitter>();
    m_tx->SetContext(m_node ? m_node->GetId() : Simulator::NO_CONTEXT);
    m_tx->Setup(m_port,
                AtmCellClock(channel->GetCellRate()),
                MakeCallback(&AtmDevice::SendCell, this));
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        m_tx->AddGate(gate);
    }
    NotifyAttached();
}

void
AtmDevice::NotifyAttached()
{
}

void
AtmDevice::AddGate(Ptr<AtmPortGate> gate)
{
    NS_LOG_FUNCTION(this << gate);
    NS_ABORT_MSG_IF(!gate, "AtmDevice: AddGate(null)");
    NS_ABORT_MSG_IF(m_tx && m_tx->GetCellsSent() > 0,
                    "AtmDevice on node " << (m_node ? m_node->GetId() : 0) << ": gate "
                                         << gate->GetInstanceTypeId().GetName()
                                         << " added after cells were sent; add gates before "
                                            "the simulation starts");
    for (const Ptr<AtmPortGate>& g : m_gates)
    {
        NS_ABORT_MSG_IF(g == gate, "AtmDevice: the same gate added twice");
    }
    m_gates.push_back(gate);
    if (m_tx)
    {
        m_tx->AddGate(gate);
    }
}

const std::vector<Ptr<AtmPortGate>>&
AtmDevice::GetGates() const
{
    return m_gates;
}

Ptr<AtmShapingGate>
AtmDevice::GetShapingGate()
{
    if (!m_gate)
    {
        m_gate = CreateObject<AtmShapingGate>();
        AddGate(m_gate);
    }
    return m_gate;
}

Ptr<AtmCac>
AtmDevice::GetCac() const
{
    if (!m_cac)
    {
        m_cac = CreateObject<AtmCac>(); // only PVC set-up with admission asks for one
    }
    return m_cac;
}

void
AtmDevice::SetCac(Ptr<AtmCac> cac)
{
    m_cac = cac;
}

bool
AtmDevice::HasShapingGate() const
{
    return m_gate != nullptr;
}

void
AtmDevice::SendCell(const AtmCell& cell, uint64_t slot)
{
    // The gates (credits, shaping) already know the cell is sent (AtmCellTransmitter::Slot).
    const AtmCellClock& clock = m_tx->GetClock();
    const Time start = clock.GetSlotStart(slot);
    m_channel->Transmit(this, cell, start, clock.GetSlotStart(slot + 1));
    NotifyCellSent(cell, start);
}

void
AtmDevice::NotifyCellSent(const AtmCell& /* cell */, Time /* start */)
{
}

Ptr<AtmOutputPort>
AtmDevice::GetOutputPort() const
{
    if (m_tx)
    {
        m_tx->Sync(); // counters and occupancy as of now (arrivals are stored lazily)
    }
    return m_port;
}

Ptr<AtmCellTransmitter>
AtmDevice::GetTransmitter() const
{
    return m_tx;
}

bool
AtmDevice::IsLinkObserved() const
{
    if (!m_channel || m_channel->IsTraced() || m_channel->HasSharedErrorModel())
    {
        return true;
    }
    if (!m_nextFabricKnown && m_channel->GetPeer(this))
    {
        // Asked at every planned slot of a deferring port: the next hop is looked up once.
        Ptr<AtmSwitchPort> next = DynamicCast<AtmSwitchPort>(m_channel->GetPeer(this));
        m_nextFabric = next ? PeekPointer(next->GetSwitch()) : nullptr;
        m_nextFabricKnown = !next || m_nextFabric; // a port not yet in its switch: look again
    }
    return m_nextFabric && m_nextFabric->IsTraced();
}

Ptr<AtmChannel>
AtmDevice::GetAtmChannel() const
{
    return m_channel;
}

AtmCellRate
AtmDevice::GetCellRate() const
{
    return m_channel ? m_channel->GetCellRate() : AtmCellRate();
}

Ptr<AtmCreditFlowControl>
AtmDevice::GetCreditFlowControl() const
{
    return m_credits;
}

void
AtmDevice::SetCreditFlowControl(Ptr<AtmCreditFlowControl> credits)
{
    if (credits == m_credits)
    {
        return;
    }
    NS_ABORT_MSG_IF(m_credits && m_tx,
                    "AtmDevice on node " << (m_node ? m_node->GetId() : 0)
                                         << ": CreditFlowControl replaced or removed after the "
                                            "device was attached to its link; set it once");
    if (m_credits)
    {
        m_gates.erase(std::find(m_gates.begin(), m_gates.end(), Ptr<AtmPortGate>(m_credits)));
    }
    m_credits = credits;
    if (m_credits)
    {
        AddGate(m_credits);
    }
    Ptr<AtmDevice> peer = m_channel ? m_channel->GetPeer(this) : nullptr;
    if (peer)
    {
        peer->m_peerCreditsKnown = false; // it looks this device's credits up again
    }
}

void
AtmDevice::ReturnCredit(uint32_t vc, Time when) const
{
    // Per cell: the far end's credit gate is looked up once (SetCreditFlowControl on the far
    // end makes it look again).
    if (!m_peerCreditsKnown)
    {
        Ptr<AtmDevice> upstream = m_channel->GetPeer(this);
        m_peerCredits = upstream ? PeekPointer(upstream->GetCreditFlowControl()) : nullptr;
        m_peerCreditsKnown = true;
    }
    if (m_peerCredits)
    {
        m_peerCredits->AddCredit(vc, when + m_channel->GetDelay());
    }
}

uint64_t
AtmDevice::GetCellsSent() const
{
    if (m_tx)
    {
        m_tx->Sync(); // a deferring switch port runs its slots before now first
    }
    return m_tx ? m_tx->GetCellsSent() : 0;
}

double
AtmDevice::GetRawUtilization() const
{
    if (!m_tx)
    {
        return 0;
    }
    const uint64_t slots = m_tx->GetClock().GetSlotsIn(Time(), Simulator::Now());
    return slots == 0 ? 0.0 : static_cast<double>(GetCellsSent()) / slots;
}

void
AtmDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
AtmDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
AtmDevice::GetChannel() const
{
    return m_channel;
}

void
AtmDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
AtmDevice::GetAddress() const
{
    return m_address;
}

bool
AtmDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
AtmDevice::GetMtu() const
{
    return m_mtu;
}

bool
AtmDevice::IsLinkUp() const
{
    return m_channel != nullptr;
}

void
AtmDevice::AddLinkChangeCallback(Callback<void> /* callback */)
{
    // Never called: an ATM PVC device does not change state after set-up (a link change would
    // flush the permanent ATMARP entries).
}

bool
AtmDevice::IsBroadcast() const
{
    return true; // Ipv4Interface needs a broadcast address; broadcasts find no VC and drop
}

Address
AtmDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
AtmDevice::IsMulticast() const
{
    return false;
}

Address
AtmDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
AtmDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
AtmDevice::IsBridge() const
{
    return false;
}

bool
AtmDevice::IsPointToPoint() const
{
    return false;
}

bool
AtmDevice::SendFrom(Ptr<Packet> /* packet */,
                    const Address& /* source */,
                    const Address& /* dest */,
                    uint16_t /* protocolNumber */)
{
    NS_ABORT_MSG("AtmDevice: SendFrom is not supported (SupportsSendFrom() is false)");
    return false;
}

Ptr<Node>
AtmDevice::GetNode() const
{
    return m_node;
}

void
AtmDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
    if (m_tx)
    {
        m_tx->SetContext(node ? node->GetId() : Simulator::NO_CONTEXT);
    }
}

bool
AtmDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
