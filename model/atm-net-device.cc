/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-net-device.h"

#include "atm-cell-transmitter.h"
#include "atm-channel.h"
#include "atm-ns3-compat.h"
#include "atm-output-port.h"

#include "ns3/aal5-corrupted-pdu-tag.h"
#include "ns3/abort.h"
#include "ns3/arp-header.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNetDevice");

NS_OBJECT_ENSURE_REGISTERED(AtmNetDevice);

namespace
{
constexpr uint16_t IPV4_PROTOCOL = 0x0800;              //!< EtherType of IPv4
constexpr uint16_t ARP_PROTOCOL = 0x0806;               //!< EtherType of ARP
constexpr uint32_t MAX_SDU = Aal5Sender::MAX_SDU_BYTES; //!< largest CPCS-SDU
} // namespace

TypeId
AtmNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmNetDevice")
            .SetParent<AtmDevice>()
            .SetGroupName("Atm")
            .AddConstructor<AtmNetDevice>()
            .AddAttribute(
                "Encapsulation",
                "Encapsulation of VCs added without an explicit one (RFC 2684).",
                EnumValue(AtmEncapsulation::LLC_SNAP),
                ATM_MAKE_ENUM_ACCESSOR(AtmEncapsulation::Mode, &AtmNetDevice::m_encapsulation),
                MakeEnumChecker(AtmEncapsulation::LLC_SNAP,
                                "LlcSnap",
                                AtmEncapsulation::VC_MUX,
                                "VcMux"))
            .AddAttribute("Mtu",
                          "IP MTU in bytes: 9180 by default (RFC 2225), at most 65527 with "
                          "LLC/SNAP and 65535 when every VC uses VC-mux.",
                          UintegerValue(9180),
                          MakeUintegerAccessor(&AtmNetDevice::SetMtu, &AtmNetDevice::GetMtu),
                          MakeUintegerChecker<uint16_t>(68))
            .AddAttribute("TxQueueBytes",
                          "Limit of all frame queues of the device together, in bytes of "
                          "CPCS-SDU waiting for segmentation (an SDU that would exceed it is "
                          "dropped). Make it larger than the sum of the windows in use so the "
                          "edge never drops.",
                          UintegerValue(16 * 1024 * 1024),
                          MakeUintegerAccessor(&AtmNetDevice::SetTxQueueBytes,
                                               &AtmNetDevice::GetTxQueueBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("VcTxQueueBytes",
                          "Limit of each VC's frame queue in bytes (0: only TxQueueBytes).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmNetDevice::SetVcTxQueueBytes,
                                               &AtmNetDevice::GetVcTxQueueBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Reassembler",
                "The AAL5 reassembler of received cells (timer, MaxSduBytes, "
                "VerifyBytes are its attributes).",
                PointerValue(),
                MakePointerAccessor(&AtmNetDevice::SetReassembler, &AtmNetDevice::GetReassembler),
                MakePointerChecker<Aal5Reassembler>())
            .AddAttribute("ReceiveErrorModel",
                          "The receiver error model used to simulate packet loss: applied to "
                          "each reassembled IP packet after the encapsulation is removed; a "
                          "corrupted packet is dropped (RxFrameDrop, reason error-model).",
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::m_receiveErrorModel),
                          MakePointerChecker<ErrorModel>())
            .AddTraceSource("MacTx",
                            "An SDU from the upper layer entered a frame queue.",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A decapsulated packet goes to the upper layer.",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("TxDrop",
                            "An SDU from the upper layer was refused: (VC, packet, reason).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_txDropTrace),
                            "ns3::AtmNetDevice::PacketDropTracedCallback")
            .AddTraceSource("RxFrameDrop",
                            "A reassembled SDU was refused before the upper layer: (VC, SDU, "
                            "reason).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_rxFrameDropTrace),
                            "ns3::AtmNetDevice::PacketDropTracedCallback")
            .AddTraceSource("RxCellDrop",
                            "A received cell was dropped before reassembly: (cell, reason).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_rxCellDropTrace),
                            "ns3::AtmNetDevice::CellDropTracedCallback")
            .AddTraceSource("RmTx",
                            "An ABR RM cell (forward, or turned around) started on the link.",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_rmTxTrace),
                            "ns3::AtmNetDevice::RmCellTracedCallback")
            .AddTraceSource("RmRx",
                            "An RM cell of one of the device's VCs arrived.",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_rmRxTrace),
                            "ns3::AtmNetDevice::RmCellTracedCallback")
            .AddTraceSource("FrameTx",
                            "Segmentation of a CPCS-SDU started: (VC, SDU).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_frameTxTrace),
                            "ns3::AtmNetDevice::FrameTracedCallback")
            .AddTraceSource("FrameRx",
                            "Reassembly delivered a CPCS-SDU: (VC, SDU).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_frameRxTrace),
                            "ns3::AtmNetDevice::FrameTracedCallback")
            .AddTraceSource("Sniffer",
                            "CPCS-SDUs sent and delivered, with the SunATM pseudo-header (pcap "
                            "DLT 123).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "Same as Sniffer (an adapter sees only its own VCs).",
                            MakeTraceSourceAccessor(&AtmNetDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

AtmNetDevice::AtmNetDevice()
    : m_sender(CreateObject<Aal5Sender>())
{
    NS_LOG_FUNCTION(this);
    m_sender->SetFrameStartCallback(MakeCallback(&AtmNetDevice::FrameStarted, this));
    m_sender->SetFrameQueuedCallback(MakeCallback(&AtmNetDevice::FrameQueued, this));
    SetReassembler(CreateObject<Aal5Reassembler>());
    // An adapter interleaves its VCs cell by cell (one staged cell per VC).
    GetOutputPort()->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
    GetOutputPort()->SetAttribute("CellScheduler",
                                  PointerValue(CreateObject<RoundRobinCellScheduler>()));
}

AtmNetDevice::~AtmNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
AtmNetDevice::SetReassembler(Ptr<Aal5Reassembler> reassembler)
{
    NS_LOG_FUNCTION(this << reassembler);
    NS_ABORT_MSG_IF(!reassembler, "AtmNetDevice: null Reassembler");
    NS_ABORT_MSG_IF(!m_inbox.IsEmpty() ||
                        (m_reassembler && m_reassembler->GetTotalStats().cellsReceived > 0),
                    "AtmNetDevice: Reassembler replaced after cells were received");
    m_reassembler = reassembler;
    m_reassembler->SetRxCallback(MakeCallback(&AtmNetDevice::FrameReceived, this));
}

void
AtmNetDevice::SetTxQueueBytes(uint32_t bytes)
{
    m_sender->SetQueueLimits(bytes, m_sender->GetVcQueueLimit());
}

uint32_t
AtmNetDevice::GetTxQueueBytes() const
{
    return m_sender->GetQueueLimit();
}

void
AtmNetDevice::SetVcTxQueueBytes(uint32_t bytes)
{
    m_sender->SetQueueLimits(m_sender->GetQueueLimit(), bytes);
}

uint32_t
AtmNetDevice::GetVcTxQueueBytes() const
{
    return m_sender->GetVcQueueLimit();
}

void
AtmNetDevice::NotifyAttached()
{
    // Cells of every VC are staged into this transmitter, one per VC at a time.
    m_sender->SetTransmitter(GetTransmitter());
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        if (m_vcs[vc].abrSource)
        {
            ArmAbr(vc);
        }
    }
    if (m_sender->NeedsDeparture())
    {
        GetTransmitter()->SetDepartureCallback(
            MakeCallback(&Aal5Sender::PrepareDeparture, PeekPointer(m_sender)));
    }
}

void
AtmNetDevice::NotifyNewAggregate()
{
    NS_LOG_FUNCTION(this);
    if (!m_queueInterface)
    {
        m_queueInterface = GetObject<NetDeviceQueueInterface>();
        if (m_queueInterface)
        {
            NS_ABORT_MSG_IF(m_queueInterface->GetNTxQueues() != 1,
                            "AtmNetDevice on node "
                                << (GetNode() ? GetNode()->GetId() : 0)
                                << ": its NetDeviceQueueInterface has "
                                << m_queueInterface->GetNTxQueues()
                                << " transmit queues; an ATM adapter has one (set the "
                                   "NetDeviceQueueInterface's NTxQueues to 1)");
        }
    }
    AtmDevice::NotifyNewAggregate();
}

void
AtmNetDevice::UpdateTxQueue()
{
    if (!m_queueInterface)
    {
        return;
    }
    // Room for a largest IP packet with the larger (LLC/SNAP) encapsulation header.
    const uint64_t largest =
        GetMtu() + AtmEncapsulation::GetHeaderBytes(AtmEncapsulation::LLC_SNAP);
    const uint64_t queued = m_sender->GetQueueBytes();
    Ptr<NetDeviceQueue> txq = m_queueInterface->GetTxQueue(0);
    if (queued > 0 && queued + largest > m_sender->GetQueueLimit())
    {
        if (!txq->IsStopped())
        {
            txq->Stop();
        }
    }
    else if (txq->IsStopped() && !m_wakePending)
    {
        // Not from inside the sender's frame start (the queue disc would send into it at
        // once): in an event of its own at the same instant, once per wake.
        m_wakePending = true;
        Simulator::ScheduleNow(&AtmNetDevice::WakeTxQueue, this);
    }
}

void
AtmNetDevice::WakeTxQueue()
{
    m_wakePending = false;
    if (m_queueInterface && m_queueInterface->GetTxQueue(0)->IsStopped())
    {
        m_queueInterface->GetTxQueue(0)->Wake();
    }
}

void
AtmNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_queueInterface = nullptr;
    if (m_reassembler)
    {
        m_reassembler->Dispose();
    }
    m_reassembler = nullptr;
    if (m_sender)
    {
        m_sender->Dispose();
    }
    m_sender = nullptr;
    m_vcs.clear();
    m_inbox.Clear();
    m_rxCallback = NetDevice::ReceiveCallback();
    m_receiveErrorModel = nullptr;
    m_cpu = nullptr;
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    // Trace sinks may hold a Ptr to this device (AtmHelper's ascii trace binds it into FrameTx
    // and FrameRx): drop them, or that reference cycle keeps the device and all it holds alive
    // after Simulator::Destroy().
    m_macTxTrace = TracedCallback<Ptr<const Packet>>();
    m_macRxTrace = TracedCallback<Ptr<const Packet>>();
    m_txDropTrace = TracedCallback<uint32_t, Ptr<const Packet>, const char*>();
    m_rxFrameDropTrace = TracedCallback<uint32_t, Ptr<const Packet>, const char*>();
    m_rxCellDropTrace = TracedCallback<const AtmCell&, const char*>();
    m_frameTxTrace = TracedCallback<uint32_t, Ptr<const Packet>>();
    m_frameRxTrace = TracedCallback<uint32_t, Ptr<const Packet>>();
    m_snifferTrace = TracedCallback<Ptr<const Packet>>();
    m_promiscSnifferTrace = TracedCallback<Ptr<const Packet>>();
    AtmDevice::DoDispose();
}

uint32_t
AtmNetDevice::MaxMtu(AtmEncapsulation::Mode mode)
{
    return MAX_SDU - AtmEncapsulation::GetHeaderBytes(mode);
}

bool
AtmNetDevice::SetMtu(const uint16_t mtu)
{
    NS_LOG_FUNCTION(this << mtu);
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        NS_ABORT_MSG_IF(mtu > MaxMtu(m_vcs[vc].encapsulation),
                        "AtmNetDevice on node "
                            << (GetNode() ? GetNode()->GetId() : 0) << ": Mtu " << mtu
                            << " exceeds " << MaxMtu(m_vcs[vc].encapsulation) << " for VC " << vc
                            << " (" << AtmEncapsulation::ToString(m_vcs[vc].encapsulation)
                            << "); the AAL5 SDU limit is 65535 bytes");
    }
    NS_ABORT_MSG_IF(m_vcs.empty() && mtu > MaxMtu(m_encapsulation),
                    "AtmNetDevice: Mtu " << mtu << " exceeds " << MaxMtu(m_encapsulation)
                                         << " with the default encapsulation "
                                         << AtmEncapsulation::ToString(m_encapsulation)
                                         << "; use at most that, or set Encapsulation=VcMux "
                                            "first for up to 65535");
    m_mtu = mtu;
    return true;
}

uint16_t
AtmNetDevice::GetMtu() const
{
    return m_mtu;
}

uint32_t
AtmNetDevice::AddVc(uint16_t vpi, uint16_t vci, const AtmTrafficContract& contract)
{
    return AddVc(vpi, vci, contract, m_encapsulation);
}

uint32_t
AtmNetDevice::AddVc(uint16_t vpi,
                    uint16_t vci,
                    const AtmTrafficContract& contract,
                    AtmEncapsulation::Mode encapsulation)
{
    NS_LOG_FUNCTION(this << vpi << vci << contract);
    const uint32_t node = GetNode() ? GetNode()->GetId() : 0;
    NS_ABORT_MSG_IF(vpi > 255,
                    "AtmNetDevice on node " << node << ": VPI " << vpi
                                            << " above 255; an end system sits at a UNI (8-bit "
                                               "VPI)");
    NS_ABORT_MSG_IF(FindVc(vpi, vci) >= 0,
                    "AtmNetDevice on node " << node << ": VC " << vpi << "/" << vci
                                            << " already exists on this device");
    NS_ABORT_MSG_IF(m_mtu > MaxMtu(encapsulation),
                    "AtmNetDevice on node " << node << ": VC " << vpi << "/" << vci << " uses "
                                            << AtmEncapsulation::ToString(encapsulation)
                                            << ", which allows an MTU of at most "
                                            << MaxMtu(encapsulation) << ", but Mtu is " << m_mtu
                                            << "; lower Mtu first");
    Ptr<AtmOutputPort> port = GetOutputPort();
    NS_ABORT_MSG_IF(m_vcs.size() + 1 > port->GetBufferCells(),
                    "AtmNetDevice on node "
                        << node << ": " << m_vcs.size() + 1
                        << " VCs but the adapter's output port holds only BufferCells="
                        << port->GetBufferCells()
                        << " cells (one staged cell per VC); raise OutputPort BufferCells");
    if (GetAtmChannel())
    {
        std::ostringstream where;
        where << "AtmNetDevice on node " << node << ", VC " << vpi << "/" << vci;
        contract.CheckAgainstLink(where.str(), GetCellRate());
    }
    const uint32_t index = static_cast<uint32_t>(m_vcs.size());
    const uint32_t portVc = port->AddVc(contract.GetCategory());
    NS_ABORT_MSG_IF(portVc != index,
                    "AtmNetDevice: the output port has VCs not added by the device");
    m_sender->AddVc(vpi, vci);
    Vc v;
    v.vpi = vpi;
    v.vci = vci;
    v.encapsulation = encapsulation;
    v.contract = contract;
    const uint8_t bytes[6] = {0x02,
                              0x00,
                              static_cast<uint8_t>(vpi >> 8),
                              static_cast<uint8_t>(vpi & 0xff),
                              static_cast<uint8_t>(vci >> 8),
                              static_cast<uint8_t>(vci & 0xff)};
    v.address.CopyFrom(bytes);
    m_byAddress[v.address] = index;
    m_byLabel[(static_cast<uint32_t>(vpi) << 16) | vci] = index;
    if (contract.GetCategory() == AtmServiceCategory::ABR)
    {
        // An ABR VC's ends run the TM 4.0 source and destination behaviours; they take the
        // contract's parameters once the link's rate is known (ArmAbr()).
        v.abrSource = CreateObject<AtmAbrSource>();
        v.abrDest = CreateObject<AtmAbrDestination>();
    }
    m_vcs.push_back(std::move(v));
    if (m_vcs.back().abrSource && GetAtmChannel())
    {
        ArmAbr(index);
    }
    return index;
}

uint32_t
AtmNetDevice::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

int64_t
AtmNetDevice::FindVc(uint16_t vpi, uint16_t vci) const
{
    auto it = m_byLabel.find((static_cast<uint32_t>(vpi) << 16) | vci);
    return it == m_byLabel.end() ? -1 : static_cast<int64_t>(it->second);
}

const AtmNetDevice::Vc&
AtmNetDevice::GetVc(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(),
                    "AtmNetDevice: VC index " << vc << " but the device has " << m_vcs.size()
                                              << " VCs");
    return m_vcs[vc];
}

Mac48Address
AtmNetDevice::GetVcAddress(uint32_t vc) const
{
    return GetVc(vc).address;
}

uint16_t
AtmNetDevice::GetVcVpi(uint32_t vc) const
{
    return GetVc(vc).vpi;
}

uint16_t
AtmNetDevice::GetVcVci(uint32_t vc) const
{
    return GetVc(vc).vci;
}

AtmEncapsulation::Mode
AtmNetDevice::GetVcEncapsulation(uint32_t vc) const
{
    return GetVc(vc).encapsulation;
}

const AtmTrafficContract&
AtmNetDevice::GetVcContract(uint32_t vc) const
{
    return GetVc(vc).contract;
}

const AtmNetDeviceVcStats&
AtmNetDevice::GetVcStats(uint32_t vc) const
{
    const Vc& v = GetVc(vc);
    const Aal5SenderVcStats& tx = m_sender->GetVcStats(vc);
    v.stats.framesQueued = tx.framesQueued;
    v.stats.framesTx = tx.framesTx;
    v.stats.bytesTx = tx.bytesTx;
    v.stats.cellsTx = tx.cellsTx;
    v.stats.framesTagged = tx.framesTagged;
    v.stats.rmCellsTx = tx.rmCellsTx;
    return v.stats;
}

uint32_t
AtmNetDevice::GetVcQueueBytes(uint32_t vc) const
{
    GetVc(vc); // aborts for an unknown VC
    return m_sender->GetVcQueueBytes(vc);
}

uint32_t
AtmNetDevice::GetVcUnsegmentedCells(uint32_t vc) const
{
    GetVc(vc);
    return m_sender->GetVcUnsegmentedCells(vc);
}

uint32_t
AtmNetDevice::GetQueueBytes() const
{
    return m_sender->GetQueueBytes();
}

Ptr<Aal5Sender>
AtmNetDevice::GetSender() const
{
    return m_sender;
}

Ptr<Aal5Reassembler>
AtmNetDevice::GetReassembler() const
{
    return m_reassembler;
}

uint32_t
AtmNetDevice::GetInboxCells(uint32_t vc) const
{
    const Vc& v = GetVc(vc);
    uint32_t n = 0;
    for (uint32_t i = 0; i < m_inbox.GetSize(); ++i)
    {
        const AtmCell& c = m_inbox.At(i).cell;
        n += (c.vpi == v.vpi && c.vci == v.vci) ? 1 : 0;
    }
    return n;
}

uint64_t
AtmNetDevice::GetUnknownLabelDrops() const
{
    return m_unknownLabelDrops;
}

bool
AtmNetDevice::NeedsArp() const
{
    return true;
}

void
AtmNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
AtmNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

void
AtmNetDevice::DropTx(uint32_t vc, Ptr<const Packet> packet, const char* reason)
{
    NS_LOG_LOGIC("drop " << packet << " on VC " << vc << ": " << reason);
    if (vc < m_vcs.size())
    {
        ++m_vcs[vc].stats.framesDropped;
    }
    m_txDropTrace(vc, packet, reason);
}

Ptr<AtmHostCpu>
AtmNetDevice::GetHostCpu()
{
    if (!m_cpuLooked && GetNode())
    {
        m_cpu = GetNode()->GetObject<AtmHostCpu>();
        m_cpuLooked = true;
    }
    return m_cpu;
}

bool
AtmNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    Ptr<AtmHostCpu> cpu = GetHostCpu();
    if (cpu && cpu->GetSendCost().IsStrictlyPositive())
    {
        // The stack's work on this packet: the device sees it when the CPU is done. Refusals
        // after that are TxDrop events with their reasons, as without the CPU.
        cpu->SubmitSend(
            [this, packet, dest, protocolNumber]() { DoSend(packet, dest, protocolNumber); });
        return true;
    }
    return DoSend(packet, dest, protocolNumber);
}

bool
AtmNetDevice::DoSend(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_ABORT_MSG_IF(!GetAtmChannel(),
                    "AtmNetDevice on node " << (GetNode() ? GetNode()->GetId() : 0)
                                            << ": Send before the device is attached to an "
                                               "AtmChannel");
    auto it = Mac48Address::IsMatchingType(dest) ? m_byAddress.find(Mac48Address::ConvertFrom(dest))
                                                 : m_byAddress.end();
    if (it == m_byAddress.end())
    {
        if (protocolNumber == ARP_PROTOCOL)
        {
            ArpHeader arp;
            packet->PeekHeader(arp);
            const Ipv4Address ip = arp.GetDestinationIpv4Address();
            if (m_arpWarned.insert(ip).second)
            {
                std::cerr << "AtmNetDevice warning: node " << (GetNode() ? GetNode()->GetId() : 0)
                          << " interface " << GetIfIndex() << " has no ATMARP entry for " << ip
                          << " at t=" << Simulator::Now().As(Time::S)
                          << "; packets to it are dropped (install a PVC to it with "
                             "AtmPvcHelper, or add a route)"
                          << std::endl;
            }
            DropTx(UINT32_MAX, packet, ATMARP_MISS);
        }
        else
        {
            DropTx(UINT32_MAX, packet, NO_VC);
        }
        return false;
    }
    const uint32_t vc = it->second;
    Vc& v = m_vcs[vc];
    if (v.nonIp)
    {
        DropTx(vc, packet, NON_IP_VC);
        return false;
    }
    if (v.encapsulation == AtmEncapsulation::VC_MUX && protocolNumber != IPV4_PROTOCOL)
    {
        DropTx(vc, packet, NOT_IPV4);
        return false;
    }
    const uint32_t bytes = packet->GetSize() + AtmEncapsulation::GetHeaderBytes(v.encapsulation);
    const char* refused = m_sender->CheckEnqueue(vc, bytes);
    if (refused)
    {
        DropTx(vc, packet, refused);
        return false;
    }
    m_macTxTrace(packet);
    Ptr<Packet> sdu = packet->Copy();
    AtmEncapsulation::Add(sdu, v.encapsulation, protocolNumber);
    m_sender->Enqueue(vc, sdu);
    UpdateTxQueue();
    return true;
}

void
AtmNetDevice::FrameStarted(uint32_t vc, Ptr<const Packet> sdu)
{
    UpdateTxQueue(); // the frame left its queue
    m_frameTxTrace(vc, sdu);
    if (!m_vcs[vc].nonIp)
    {
        Sniff(vc, sdu, true);
    }
}

void
AtmNetDevice::SetVcFrameSource(uint32_t vc, FrameSourceCallback source)
{
    NS_LOG_FUNCTION(this << vc);
    GetVc(vc); // aborts for an unknown VC
    m_sender->SetFrameSource(vc, source);
    m_vcs[vc].nonIp = true;
}

void
AtmNetDevice::SetVcNonIp(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    GetVc(vc);
    m_vcs[vc].nonIp = true;
}

void
AtmNetDevice::WakeVc(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    GetVc(vc);
    m_sender->Wake(vc);
}

void
AtmNetDevice::SetVcShaper(uint32_t vc, Ptr<AtmShaper> shaper)
{
    NS_LOG_FUNCTION(this << vc << shaper);
    GetVc(vc); // aborts for an unknown VC
    NS_ABORT_MSG_IF(m_sender->HasStarted(),
                    "AtmNetDevice on node " << (GetNode() ? GetNode()->GetId() : 0)
                                            << ": SetVcShaper after the device sent its first "
                                               "cell; shape VCs before the simulation starts");
    NS_ABORT_MSG_IF(!shaper, "AtmNetDevice: SetVcShaper(" << vc << ", null)");
    NS_ABORT_MSG_IF(
        m_vcs[vc].abrSource && shaper != m_vcs[vc].abrShaper,
        "AtmNetDevice on node "
            << (GetNode() ? GetNode()->GetId() : 0) << ": SetVcShaper on VC " << vc
            << ", whose contract is ABR: the adapter paces it at its ACR (AbrShaper) "
               "and it takes no other shaper; give the VC another contract to shape it");
    GetShapingGate()->AddVcShaper(vc, shaper);
    // The shaper's view of the VC's buffer at the adapter: its backlog, its arrivals, and its
    // size if the shaper owns one.
    shaper->SetBacklogCallback(
        MakeCallback(&Aal5Sender::GetVcBacklogCells, PeekPointer(m_sender), vc));
    m_vcs[vc].shaper = shaper;
    if (shaper->GetBufferCells() > 0)
    {
        m_sender->SetVcBufferCells(vc, shaper->GetBufferCells());
    }
}

void
AtmNetDevice::ArmAbr(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    Vc& v = m_vcs[vc];
    const AtmCellRate line = GetCellRate();
    v.abrSource->SetContract(v.contract, line);
    v.abrShaper = CreateObject<AbrShaper>();
    v.abrShaper->SetSource(v.abrSource,
                           v.contract.GetMcr(),
                           v.contract.HasPcr() ? v.contract.GetPcr() : line);
    SetVcShaper(vc, v.abrShaper);
    m_sender->SetVcAbr(vc, v.abrSource, v.abrDest);
    if (GetTransmitter() && m_sender->NeedsDeparture())
    {
        GetTransmitter()->SetDepartureCallback(
            MakeCallback(&Aal5Sender::PrepareDeparture, PeekPointer(m_sender)));
    }
}

Ptr<AtmAbrSource>
AtmNetDevice::GetVcAbrSource(uint32_t vc) const
{
    return GetVc(vc).abrSource;
}

Ptr<AtmAbrDestination>
AtmNetDevice::GetVcAbrDestination(uint32_t vc) const
{
    return GetVc(vc).abrDest;
}

void
AtmNetDevice::ReceiveRm(uint32_t vc, const AtmCell& cell)
{
    Vc& v = m_vcs[vc];
    ++v.stats.rmCellsRx;
    m_rmRxTrace(cell);
    if (!v.abrSource)
    {
        m_rxCellDropTrace(cell, RM_NOT_ABR);
        return;
    }
    if (cell.rm.Has(AtmRmFields::DIR))
    {
        // Rules 8 and 9 (TM 4.0 5.10.4): a changed ACR re-spaces the VC's next cell.
        const double before = v.abrSource->GetAcr();
        v.abrSource->ReceiveBackwardRm(cell.rm);
        if (v.abrSource->GetAcr() != before)
        {
            v.abrShaper->NotifyRateChanged();
            GetShapingGate()->Reshape(vc);
        }
        return;
    }
    // TM 4.0 5.10.5: the destination turns the forward RM cell around; it leaves in rate.
    v.abrDest->ReceiveForwardRm(cell.rm);
    m_sender->NotifyBackwardRmWaiting(vc);
}

void
AtmNetDevice::FrameQueued(uint32_t vc, uint32_t cells)
{
    const Ptr<AtmShaper>& shaper = m_vcs[vc].shaper;
    if (shaper)
    {
        shaper->NotifyArrival(cells, Simulator::Now());
    }
}

void
AtmNetDevice::SetVcTxQueueCells(uint32_t vc, uint32_t cells)
{
    NS_LOG_FUNCTION(this << vc << cells);
    GetVc(vc); // aborts for an unknown VC
    m_sender->SetVcBufferCells(vc, cells);
}

uint32_t
AtmNetDevice::GetVcTxQueueCells(uint32_t vc) const
{
    GetVc(vc);
    return m_sender->GetVcBufferCells(vc);
}

void
AtmNetDevice::SetVcPduTagger(uint32_t vc, Ptr<AtmPduTagger> tagger)
{
    NS_LOG_FUNCTION(this << vc << tagger);
    const Vc& v = GetVc(vc); // aborts for an unknown VC
    const uint32_t node = GetNode() ? GetNode()->GetId() : 0;
    NS_ABORT_MSG_IF(!tagger,
                    "AtmNetDevice on node " << node << ": SetVcPduTagger(" << vc << ", null)");
    NS_ABORT_MSG_IF(m_sender->HasStarted(),
                    "AtmNetDevice on node " << node
                                            << ": SetVcPduTagger after the device sent its first "
                                               "cell; set taggers before the simulation starts");
    NS_ABORT_MSG_IF(m_sender->GetVcPduTagger(vc),
                    "AtmNetDevice on node " << node << ": VC " << vc
                                            << " already has a PDU tagger");
    tagger->Attach(v.contract, GetCellRate());
    m_sender->SetVcPduTagger(vc, tagger);
    if (GetTransmitter() && m_sender->NeedsDeparture())
    {
        GetTransmitter()->SetDepartureCallback(
            MakeCallback(&Aal5Sender::PrepareDeparture, PeekPointer(m_sender)));
    }
}

Ptr<AtmPduTagger>
AtmNetDevice::GetVcPduTagger(uint32_t vc) const
{
    GetVc(vc);
    return m_sender->GetVcPduTagger(vc);
}

void
AtmNetDevice::NotifyCellSent(const AtmCell& cell, Time /* start */)
{
    // Per cell: no NS_LOG_FUNCTION. The sender stages the VC's next cell, if any.
    if (cell.IsResourceManagement())
    {
        m_rmTxTrace(cell);
    }
    m_sender->NotifyCellSent(cell.vc);
}

void
AtmNetDevice::ReceiveCell(const AtmCell& cell, Time /* firstBit */, Time arrival)
{
    // Per cell: no NS_LOG_FUNCTION. Cells wait in the inbox; the EOM of a PDU
    // schedules the one event that hands the batch to reassembly at its arrival instant.
    m_inbox.Push(InboxCell{cell, arrival});
    ReturnCredit(cell.vc, arrival); // an end system returns the credit on arrival (AN2)
    if (cell.IsEndOfPdu() || cell.IsResourceManagement())
    {
        // The channel calls from the sender's event: run in this node's context. An RM cell
        // acts at its arrival (ABR feedback), so it gets its own event too.
        Simulator::ScheduleWithContext(GetNode() ? GetNode()->GetId() : Simulator::NO_CONTEXT,
                                       arrival - Simulator::Now(),
                                       &AtmNetDevice::ProcessInbox,
                                       this);
    }
}

void
AtmNetDevice::ProcessInbox()
{
    const Time now = Simulator::Now();
    while (!m_inbox.IsEmpty() && m_inbox.Front().at <= now)
    {
        InboxCell& in = m_inbox.Front();
        const AtmCell cell = std::move(in.cell);
        const Time at = in.at;
        m_inbox.Pop();
        auto it = m_byLabel.find((static_cast<uint32_t>(cell.vpi) << 16) | cell.vci);
        if (it == m_byLabel.end())
        {
            ++m_unknownLabelDrops;
            m_rxCellDropTrace(cell, UNKNOWN_LABEL);
            continue;
        }
        Vc& v = m_vcs[it->second];
        ++v.stats.cellsRx;
        if (cell.IsResourceManagement())
        {
            ReceiveRm(it->second, cell);
            continue;
        }
        if (v.abrDest)
        {
            v.abrDest->ReceiveData(cell); // EFCI of the last data cell (TM 4.0 5.10.5)
        }
        m_reassembler->Receive(it->second, cell, at);
    }
}

void
AtmNetDevice::FrameReceived(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> /* frame */)
{
    NS_LOG_FUNCTION(this << vc << sdu);
    Vc& v = m_vcs[vc];
    ++v.stats.framesRx;
    v.stats.bytesRx += sdu->GetSize();
    Aal5CorruptedPduTag corrupted;
    const bool isCorrupted = sdu->PeekPacketTag(corrupted);
    v.stats.framesRxCorrupted += isCorrupted ? 1 : 0;
    m_frameRxTrace(vc, sdu);
    if (v.nonIp)
    {
        return; // counted and traced; a cell-level source's frames are not IP
    }
    Sniff(vc, sdu, false);
    uint16_t protocol = 0;
    if (!AtmEncapsulation::Remove(sdu, v.encapsulation, IPV4_PROTOCOL, &protocol))
    {
        ++v.stats.framesRxDropped;
        m_rxFrameDropTrace(vc, sdu, BAD_ENCAPSULATION);
        return;
    }
    if (isCorrupted && m_reassembler->GetCheckCrc())
    {
        ++v.stats.framesRxDropped;
        m_rxFrameDropTrace(vc, sdu, CORRUPTED_UPSTREAM);
        return;
    }
    if (m_receiveErrorModel && m_receiveErrorModel->IsCorrupt(sdu))
    {
        ++v.stats.framesRxDropped;
        m_rxFrameDropTrace(vc, sdu, ERROR_MODEL);
        return;
    }
    Ptr<AtmHostCpu> cpu = GetHostCpu();
    if (cpu && cpu->GetReceiveCost().IsStrictlyPositive())
    {
        // The stack sees the packet when the CPU is done with it (FIFO: order is kept).
        cpu->SubmitReceive([this, vc, sdu, protocol]() { Deliver(vc, sdu, protocol); });
        return;
    }
    Deliver(vc, sdu, protocol);
}

void
AtmNetDevice::Deliver(uint32_t vc, Ptr<Packet> sdu, uint16_t protocol)
{
    const Vc& v = m_vcs[vc];
    m_macRxTrace(sdu);
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, sdu, protocol, v.address, GetAddress(), NetDevice::PACKET_HOST);
    }
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, sdu, protocol, v.address);
    }
}

void
AtmNetDevice::Sniff(uint32_t vc, Ptr<const Packet> sdu, bool sent)
{
    if (m_snifferTrace.IsEmpty() && m_promiscSnifferTrace.IsEmpty())
    {
        return;
    }
    const Vc& v = m_vcs[vc];
    NS_ABORT_MSG_IF(v.vpi > 255,
                    "AtmNetDevice: pcap (SunATM) cannot record VPI " << v.vpi << " (8 bits)");
    // SunATM pseudo-header (libpcap DLT_SUNATM): flags (0x80 = sent by this DTE; low nibble
    // 2 = LLC-multiplexed, 0 = unknown), VPI, VCI (network order).
    uint8_t header[4] = {
        static_cast<uint8_t>((sent ? 0x80 : 0x00) |
                             (v.encapsulation == AtmEncapsulation::LLC_SNAP ? 0x02 : 0x00)),
        static_cast<uint8_t>(v.vpi),
        static_cast<uint8_t>(v.vci >> 8),
        static_cast<uint8_t>(v.vci & 0xff)};
    Ptr<Packet> p = Create<Packet>(header, 4);
    p->AddAtEnd(sdu);
    m_snifferTrace(p);
    m_promiscSnifferTrace(p);
}

} // namespace ns3
