/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-test-utils.h"

#include "ns3/aal5-segmenter.h"
#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/callback.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace atmtest
{

uint32_t
RefCrc32Bitwise(const uint8_t* data, uint32_t length)
{
    // Shift each message bit into the register, MSB of each byte first; when the bit leaving at
    // the top differs from the message bit, subtract (XOR) the generator.
    uint32_t reg = 0xFFFFFFFFU;
    for (uint32_t i = 0; i < length; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const uint32_t in = (data[i] >> bit) & 1U;
            const uint32_t top = reg >> 31;
            reg <<= 1;
            if ((top ^ in) != 0)
            {
                reg ^= 0x04C11DB7U;
            }
        }
    }
    return ~reg;
}

uint8_t
RefCrc8Bitwise(const uint8_t* data, uint32_t length)
{
    uint32_t reg = 0;
    for (uint32_t i = 0; i < length; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const uint32_t in = (data[i] >> bit) & 1U;
            const uint32_t top = (reg >> 7) & 1U;
            reg = (reg << 1) & 0xFFU;
            if ((top ^ in) != 0)
            {
                reg ^= 0x07U; // x^2 + x + 1; the x^8 term is the bit shifted out
            }
        }
    }
    return static_cast<uint8_t>(reg ^ 0x55U);
}

std::vector<uint8_t>
PseudoRandomBytes(uint32_t length, uint32_t seed)
{
    std::vector<uint8_t> bytes(length);
    uint32_t x = seed * 2654435761U + 0x9E3779B9U;
    if (x == 0)
    {
        x = 1;
    }
    for (uint32_t i = 0; i < length; ++i)
    {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = static_cast<uint8_t>(x >> 24);
    }
    return bytes;
}

Ptr<Packet>
MakePacket(uint32_t length, uint32_t seed)
{
    const std::vector<uint8_t> bytes = PseudoRandomBytes(length, seed);
    return Create<Packet>(bytes.data(), length);
}

Ptr<Aal5Frame>
MakeFrame(uint32_t sduBytes, uint32_t seed)
{
    return Create<Aal5Frame>(MakePacket(sduBytes, seed));
}

std::vector<AtmCell>
MakeCells(uint32_t sduBytes, uint32_t seed)
{
    return Aal5Segmenter::Segment(MakeFrame(sduBytes, seed), 0, 32);
}

std::vector<uint8_t>
PacketBytes(Ptr<const Packet> p)
{
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), p->GetSize());
    return bytes;
}

/// Feed cells to one VC, skipping the indices listed in @p skip.
void
Feed(Ptr<Aal5Reassembler> r,
     uint32_t vc,
     const std::vector<AtmCell>& cells,
     const std::vector<uint32_t>& skip)
{
    for (uint32_t i = 0; i < cells.size(); ++i)
    {
        bool skipped = false;
        for (uint32_t s : skip)
        {
            skipped = skipped || (s == i);
        }
        if (!skipped)
        {
            r->Receive(vc, cells[i]);
        }
    }
}

/// @return true if the ledger identity holds on this VC
bool
LedgerHolds(Ptr<Aal5Reassembler> r, uint32_t vc)
{
    const Aal5ReassemblyStats& s = r->GetStats(vc);
    return s.cellsReceived == s.cellsDelivered + s.cellsDiscarded + r->GetPartialCells(vc);
}

/// @return true if both sets of counters are identical
bool
SameStats(const Aal5ReassemblyStats& a, const Aal5ReassemblyStats& b)
{
    return a.cellsReceived == b.cellsReceived && a.framesDelivered == b.framesDelivered &&
           a.cellsDelivered == b.cellsDelivered && a.crcErrors == b.crcErrors &&
           a.lengthErrors == b.lengthErrors && a.oversize == b.oversize &&
           a.timeouts == b.timeouts && a.cellsDiscarded == b.cellsDiscarded;
}

bool
ReassemblyRecorder::Event::operator==(const Event& other) const
{
    return delivered == other.delivered && vc == other.vc && cells == other.cells &&
           reason == other.reason && frameId == other.frameId && bytes == other.bytes;
}

void
ReassemblyRecorder::Attach(Ptr<Aal5Reassembler> reassembler)
{
    reassembler->SetRxCallback(MakeCallback(&ReassemblyRecorder::Rx, this));
    reassembler->TraceConnectWithoutContext("FrameRx",
                                            MakeCallback(&ReassemblyRecorder::FrameRx, this));
    reassembler->TraceConnectWithoutContext("ReassemblyDrop",
                                            MakeCallback(&ReassemblyRecorder::Drop, this));
}

uint32_t
ReassemblyRecorder::CountDrops(const char* reason) const
{
    uint32_t n = 0;
    for (const Event& e : events)
    {
        n += (!e.delivered && e.reason == reason) ? 1 : 0;
    }
    return n;
}

uint32_t
ReassemblyRecorder::CountDelivered() const
{
    uint32_t n = 0;
    for (const Event& e : events)
    {
        n += e.delivered ? 1 : 0;
    }
    return n;
}

void
ReassemblyRecorder::Rx(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame)
{
    events.push_back({true, vc, 0, nullptr, frame->GetId(), sdu->GetSize()});
    sduBytes.push_back(PacketBytes(sdu));
}

void
ReassemblyRecorder::FrameRx(uint32_t vc, Ptr<const Packet> sdu)
{
    ++frameRxTraces;
}

void
ReassemblyRecorder::Drop(uint32_t vc, uint32_t cells, const char* reason)
{
    events.push_back({false, vc, cells, reason, 0, 0});
}

AtmCell
MakePduCell(uint32_t vc, uint16_t index, uint16_t count, bool clp)
{
    AtmCell cell;
    cell.vc = vc;
    cell.index = index;
    cell.count = count;
    cell.vci = static_cast<uint16_t>(32 + vc);
    cell.pti = (index + 1 == count) ? 1 : 0; // PTI 1 marks the end of an AAL5 PDU
    cell.clp = clp;
    return cell;
}

AtmPortState
MakePerVcState(uint32_t bufferCells, uint32_t nVcs)
{
    AtmPortState state(bufferCells);
    for (uint32_t i = 0; i < nVcs; ++i)
    {
        state.AddVc(AtmServiceCategory::UBR, state.AddQueue(AtmServiceCategory::UBR));
    }
    return state;
}

std::vector<TypeId>
ConstructibleSubclasses(TypeId base)
{
    std::vector<TypeId> types;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid != base && tid.IsChildOf(base) && tid.HasConstructor())
        {
            types.push_back(tid);
        }
    }
    return types;
}

PolicyDriver::PolicyDriver(Ptr<AtmBufferPolicy> policy, AtmPortState& state)
    : m_policy(policy),
      m_state(state),
      m_vcs(state.GetNVcs())
{
    for (uint32_t vc = 0; vc < state.GetNVcs(); ++vc)
    {
        m_policy->NotifyVcAdded(vc);
        m_vcs[vc].cells.resize(state.GetVcCells(vc), Queued{0, true});
    }
}

PolicyDriver::Outcome
PolicyDriver::Offer(const AtmCell& cell)
{
    // The port's frame state machine, as specified in AtmAdmitDecision's description.
    Outcome out;
    const uint32_t vc = cell.vc;
    Vc& v = m_vcs[vc];
    const bool eom = cell.IsEndOfPdu();
    const bool first = m_state.GetFrameState(vc) == AtmFrameState::IDLE;
    const bool room = m_state.GetCellsInBuffer() < m_state.GetBufferCells();
    bool eligible = cell.IsEligible();
    AtmFrameState next = eom ? AtmFrameState::IDLE : AtmFrameState::ACCEPT;
    switch (m_state.GetFrameState(vc))
    {
    case AtmFrameState::DROP_PPD:
        out.accepted = eom && m_policy->AdmitDelimiter(m_state, vc, cell) && room;
        next = eom ? AtmFrameState::IDLE : AtmFrameState::DROP_PPD;
        break;
    case AtmFrameState::DROP_ALL:
        next = eom ? AtmFrameState::IDLE : AtmFrameState::DROP_ALL;
        break;
    case AtmFrameState::IDLE:
    case AtmFrameState::ACCEPT:
        out.consulted = true;
        out.decision = m_policy->Admit(m_state, vc, cell);
        switch (out.decision.action)
        {
        case AtmAdmitDecision::ACCEPT:
            out.accepted = true;
            break;
        case AtmAdmitDecision::ACCEPT_TAGGED:
            out.accepted = true;
            eligible = false; // stored with CLP = 1
            break;
        case AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT:
            out.accepted = true;
            if (!v.whole.empty())
            {
                // The oldest whole non-eligible PDU: its cells are contiguous in the VC's order.
                const uint64_t victim = v.whole.front();
                v.whole.pop_front();
                m_state.RemovePurgeablePdu(vc);
                for (auto it = v.cells.begin(); it != v.cells.end();)
                {
                    if (it->pdu == victim)
                    {
                        m_state.OnDequeue(vc, it->eligible);
                        ++out.purged;
                        it = v.cells.erase(it);
                    }
                    else
                    {
                        ++it;
                    }
                }
            }
            break;
        case AtmAdmitDecision::DROP_CELL:
            break;
        case AtmAdmitDecision::DROP_FRAME:
            if (!eom)
            {
                next = out.decision.keepEom ? AtmFrameState::DROP_PPD : AtmFrameState::DROP_ALL;
            }
            break;
        case AtmAdmitDecision::DROP_AND_PURGE_TAIL:
            if (v.headSent)
            {
                // The port's fallback (AtmOutputPort): no purge, keep the EOM if there is room.
                next = eom ? AtmFrameState::IDLE : AtmFrameState::DROP_PPD;
                break;
            }
            // The PDU's queued cells are the VC's newest.
            while (!v.cells.empty() && v.cells.back().pdu == v.pdu)
            {
                m_state.OnDequeue(vc, v.cells.back().eligible);
                v.cells.pop_back();
                ++out.purged;
            }
            if (!eom)
            {
                next = AtmFrameState::DROP_ALL;
            }
            break;
        }
        break;
    }
    if (out.accepted)
    {
        m_state.OnEnqueue(vc, eligible);
        v.cells.push_back(Queued{v.pdu, eligible});
        if (first)
        {
            v.firstStored = true;
            v.firstEligible = eligible;
        }
    }
    else
    {
        v.damaged = true;
    }
    if (eom)
    {
        if (out.accepted && v.firstStored && !v.damaged && !v.headSent && !v.firstEligible)
        {
            v.whole.push_back(v.pdu);
            m_state.AddPurgeablePdu(vc);
        }
        ++v.pdu;
        v.firstStored = false;
        v.firstEligible = true;
        v.damaged = false;
        v.headSent = false;
    }
    m_state.SetFrameState(vc, next);
    return out;
}

void
PolicyDriver::Depart(uint32_t vc)
{
    Vc& v = m_vcs[vc];
    NS_ABORT_MSG_IF(v.cells.empty(), "PolicyDriver: no cell of VC " << vc << " to depart");
    const Queued q = v.cells.front();
    v.cells.pop_front();
    if (!v.whole.empty() && v.whole.front() == q.pdu)
    {
        v.whole.pop_front(); // its first cell leaves: no longer whole
        m_state.RemovePurgeablePdu(vc);
    }
    if (q.pdu == v.pdu)
    {
        v.headSent = true;
    }
    m_state.OnDequeue(vc, q.eligible);
    AtmCell cell;
    cell.vc = vc;
    cell.clp = !q.eligible;
    m_policy->NotifyDeparture(m_state, vc, cell);
}

SchedulerDriver::SchedulerDriver(Ptr<AtmCellScheduler> scheduler, AtmPortState& state)
    : m_scheduler(scheduler),
      m_state(state),
      m_fifo(state.GetNQueues()),
      m_head(state.GetNQueues(), 0)
{
    for (uint32_t q = 0; q < state.GetNQueues(); ++q)
    {
        m_scheduler->NotifyQueueAdded(state, q);
    }
    for (uint32_t v = 0; v < state.GetNVcs(); ++v)
    {
        m_scheduler->NotifyVcAdded(state, v);
    }
}

void
SchedulerDriver::Enqueue(uint32_t vc, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t q = m_state.GetVcQueue(vc);
        if (m_state.OnEnqueue(vc))
        {
            m_scheduler->NotifyBacklogged(q);
        }
        m_fifo[q].push_back(vc);
        m_scheduler->NotifyEnqueued(m_state, vc);
    }
}

void
SchedulerDriver::Purge(uint32_t vc)
{
    const uint32_t q = m_state.GetVcQueue(vc);
    std::vector<uint32_t>& fifo = m_fifo[q];
    for (size_t i = fifo.size(); i > m_head[q]; --i)
    {
        if (fifo[i - 1] == vc)
        {
            fifo.erase(fifo.begin() + static_cast<std::ptrdiff_t>(i - 1));
            const bool emptied = m_state.OnDequeue(vc);
            m_scheduler->NotifyPurged(m_state, vc);
            if (emptied)
            {
                m_scheduler->NotifyEmptied(q);
            }
            return;
        }
    }
    NS_ABORT_MSG("SchedulerDriver::Purge: VC " << vc << " holds no cell");
}

uint32_t
SchedulerDriver::HeadVc(uint32_t queue) const
{
    NS_ABORT_MSG_IF(m_head[queue] >= m_fifo[queue].size(),
                    "SchedulerDriver: queue " << queue << " is empty");
    return m_fifo[queue][m_head[queue]];
}

std::string
SchedulerDriver::Contents(uint32_t queue) const
{
    std::string s;
    for (size_t i = m_head[queue]; i < m_fifo[queue].size(); ++i)
    {
        s += (s.empty() ? "" : " ") + std::to_string(m_fifo[queue][i]);
    }
    return s;
}

std::optional<uint32_t>
SchedulerDriver::Slot(Time now)
{
    m_state.SetNow(now);
    const std::optional<uint32_t> q = m_scheduler->SelectQueue(m_state, now);
    if (!q)
    {
        return q;
    }
    const uint32_t vc = HeadVc(*q);
    ++m_head[*q];
    const bool emptied = m_state.OnDequeue(vc);
    m_scheduler->NotifyServed(*q);
    if (emptied)
    {
        m_scheduler->NotifyEmptied(*q);
    }
    return q;
}

std::vector<uint32_t>
SchedulerDriver::Drain(uint32_t maxSlots)
{
    std::vector<uint32_t> served;
    for (uint32_t i = 0; i < maxSlots; ++i)
    {
        const std::optional<uint32_t> q = Slot(m_state.GetNow());
        if (!q)
        {
            break;
        }
        served.push_back(*q);
    }
    return served;
}

std::string
JoinIds(const std::vector<uint32_t>& ids)
{
    std::string s;
    for (uint32_t id : ids)
    {
        s += (s.empty() ? "" : " ") + std::to_string(id);
    }
    return s;
}

void
PortTraceCounter::Attach(Ptr<AtmOutputPort> port)
{
    port->TraceConnectWithoutContext("CellEnqueue", MakeCallback(&PortTraceCounter::Enqueue, this));
    port->TraceConnectWithoutContext("CellDequeue", MakeCallback(&PortTraceCounter::Dequeue, this));
    port->TraceConnectWithoutContext("CellDrop", MakeCallback(&PortTraceCounter::Drop, this));
    port->TraceConnectWithoutContext("FrameDrop", MakeCallback(&PortTraceCounter::FrameDrop, this));
}

PortTraceCounter::Counts
PortTraceCounter::Get(uint32_t vc) const
{
    return vc < perVc.size() ? perVc[vc] : Counts{};
}

PortTraceCounter::Counts&
PortTraceCounter::At(uint32_t vc)
{
    if (vc >= perVc.size())
    {
        perVc.resize(vc + 1);
    }
    return perVc[vc];
}

void
PortTraceCounter::Enqueue(const AtmCell& cell)
{
    ++At(cell.vc).enqueued;
    ++total.enqueued;
    enqueues.emplace_back(cell.vc, cell.index);
    enqueuedClp.push_back(cell.clp);
}

void
PortTraceCounter::Dequeue(const AtmCell& cell)
{
    ++At(cell.vc).dequeued;
    ++total.dequeued;
    dequeues.emplace_back(cell.vc, cell.index);
}

void
PortTraceCounter::Drop(const AtmCell& cell, const char* reason)
{
    ++At(cell.vc).dropped;
    ++total.dropped;
    dropReasons.push_back(reason);
}

void
PortTraceCounter::FrameDrop(uint32_t vc, const char* reason)
{
    ++At(vc).framesDropped;
    ++total.framesDropped;
    frameDrops.emplace_back(vc, reason);
}

TypeId
CellProbeDevice::GetTypeId()
{
    // No constructor: the device is created directly, never by attribute.
    static TypeId tid =
        TypeId("ns3::atmtest::CellProbeDevice").SetParent<AtmDevice>().SetGroupName("AtmTest");
    return tid;
}

uint32_t
CellProbeDevice::AddVc(AtmServiceCategory category)
{
    return GetOutputPort()->AddVc(category);
}

void
CellProbeDevice::Inject(const AtmCell& cell, uint32_t vc, Time at)
{
    NS_ABORT_MSG_IF(!GetTransmitter(), "CellProbeDevice: connect the device first");
    if (m_input < 0)
    {
        m_input = GetTransmitter()->AddInput();
    }
    GetTransmitter()->Arrive(static_cast<uint32_t>(m_input), cell, vc, at);
}

void
CellProbeDevice::SetRefill(bool refill)
{
    m_refill = refill;
}

const std::vector<CellProbeDevice::Rx>&
CellProbeDevice::GetReceived() const
{
    return m_rx;
}

void
CellProbeDevice::SetReturnCredits(bool on, int32_t onlyVci)
{
    m_returnCredits = on;
    m_creditVci = onlyVci;
}

void
CellProbeDevice::ReceiveCell(const AtmCell& cell, Time /* firstBit */, Time arrival)
{
    m_rx.push_back(Rx{cell, arrival});
    if (m_returnCredits && (m_creditVci < 0 || cell.vci == m_creditVci))
    {
        ReturnCredit(cell.vc, arrival);
    }
}

void
CellProbeDevice::NotifyCellSent(const AtmCell& cell, Time /* start */)
{
    if (m_refill)
    {
        Inject(cell, cell.vc, Simulator::Now());
    }
}

bool
CellProbeDevice::Send(Ptr<Packet>, const Address&, uint16_t)
{
    NS_ABORT_MSG("CellProbeDevice carries cells only");
    return false;
}

bool
CellProbeDevice::NeedsArp() const
{
    return false;
}

void
CellProbeDevice::SetReceiveCallback(NetDevice::ReceiveCallback)
{
}

void
CellProbeDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback)
{
}

EricaBench::EricaBench(double u, Ptr<AtmErica> behaviour)
    : erica(behaviour ? behaviour : CreateObject<AtmErica>())
{
    const uint32_t q = state.AddQueue();
    for (uint32_t i = 0; i < 4; ++i)
    {
        state.AddVc(AtmServiceCategory::ABR, q);
    }
    state.AddVc(AtmServiceCategory::CBR, q);
    state.SetLinkRate(AtmCellRate(100000));
    erica->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(1)));
    erica->SetAttribute("TargetUtilization", DoubleValue(u));
}

void
EricaBench::Feed(uint32_t vc, uint32_t n, Time from, double ccr)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        AtmCell cell;
        cell.vc = vc;
        if (i == 0 && ccr > 0)
        {
            cell.pti = AtmRmFields::PTI;
            cell.rm.ccr = AtmRmRate::Encode(ccr);
        }
        state.SetNow(from + MicroSeconds(1000) * i / n);
        erica->NotifyArrival(state, cell);
    }
}

AbrFanIn::AbrFanIn(Ptr<AtmAbrSwitchBehaviour> behaviour, uint32_t bufferCells)
{
    NodeContainer hosts(3);
    NodeContainer sw(1);
    AtmHelper atm;
    atm.InstallSwitch(sw);
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    atm.SetChannelAttribute("CellRate", StringValue("100000"));
    NetDeviceContainer a1 = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer a2 = atm.Install(hosts.Get(1), sw.Get(0));
    NetDeviceContainer b = atm.Install(sw.Get(0), hosts.Get(2));
    m_dst = DynamicCast<AtmNetDevice>(b.Get(1));
    m_bottleneck = DynamicCast<AtmDevice>(b.Get(0))->GetOutputPort();
    if (behaviour)
    {
        m_bottleneck->SetAbrBehaviour(behaviour);
    }
    AtmAbrParameters p;
    p.icr = AtmCellRate(5000);
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Abr(AtmCellRate(100000), AtmCellRate(1000), p));
    for (const NetDeviceContainer* a : {&a1, &a2})
    {
        Ptr<AtmNetDevice> src = DynamicCast<AtmNetDevice>(a->Get(0));
        m_pvc.push_back(pvcs.Install(src, m_dst));
        src->SetVcFrameSource(m_pvc.back().srcVc,
                              MakeCallback(+[]() { return Create<Packet>(40); }));
        m_dst->SetVcNonIp(m_pvc.back().dstVc);
        Simulator::Schedule(Time(0), &AtmNetDevice::WakeVc, src, m_pvc.back().srcVc);
    }
    m_bottleneck->TraceConnectWithoutContext(
        "CellsInQueue",
        MakeBoundCallback(
            +[](AbrFanIn* self, uint32_t, uint32_t x) {
                self->m_maxQueue = std::max(self->m_maxQueue, x);
                const Time now = Simulator::Now();
                if (self->m_sampling)
                {
                    self->m_queueArea += self->m_queue * (now - self->m_queueSince).GetSeconds();
                }
                self->m_queue = x;
                self->m_queueSince = now;
            },
            this));
}

AbrFanIn::~AbrFanIn()
{
    Simulator::Destroy();
}

void
AbrFanIn::Run(Time stop, Time sampleAt)
{
    Simulator::Schedule(sampleAt, [this]() {
        for (uint32_t i = 0; i < m_pvc.size(); ++i)
        {
            m_atSample[i] = m_dst->GetVcStats(m_pvc[i].dstVc).framesRx;
        }
        m_sampling = true;
        m_queueSince = Simulator::Now();
    });
    m_sampleAt = sampleAt;
    m_stop = stop;
    Simulator::Stop(stop);
    Simulator::Run();
}

uint64_t
AbrFanIn::GetDelivered(uint32_t i, bool sinceSample) const
{
    const uint64_t n = m_dst->GetVcStats(m_pvc.at(i).dstVc).framesRx;
    return sinceSample ? n - m_atSample.at(i) : n;
}

uint32_t
AbrFanIn::GetMaxQueue() const
{
    return m_maxQueue;
}

double
AbrFanIn::GetMeanQueueSinceSample() const
{
    if (m_stop <= m_sampleAt)
    {
        return 0;
    }
    const double area = m_queueArea + m_queue * (m_stop - m_queueSince).GetSeconds();
    return area / (m_stop - m_sampleAt).GetSeconds();
}

Ptr<AtmOutputPort>
AbrFanIn::GetBottleneck() const
{
    return m_bottleneck;
}

const AtmPvc&
AbrFanIn::GetPvc(uint32_t i) const
{
    return m_pvc.at(i);
}

Ptr<AtmChannel>
Connect(Ptr<AtmDevice> a, Ptr<AtmDevice> b, const std::string& rate, Time delay)
{
    Ptr<AtmChannel> channel = CreateObject<AtmChannel>();
    channel->SetAttribute("CellRate", StringValue(rate));
    channel->SetAttribute("Delay", TimeValue(delay));
    a->Attach(channel);
    b->Attach(channel);
    return channel;
}

AtmCell
MakeCell(uint16_t vpi, uint16_t vci, bool eom)
{
    AtmCell cell;
    cell.vpi = vpi;
    cell.vci = vci;
    cell.pti = eom ? 1 : 0;
    cell.count = 1;
    return cell;
}

AtmPortState
MakeOccupiedState(uint32_t bufferCells, const std::vector<uint32_t>& cellsPerVc)
{
    AtmPortState s = MakePerVcState(bufferCells, static_cast<uint32_t>(cellsPerVc.size()));
    for (uint32_t vc = 0; vc < cellsPerVc.size(); ++vc)
    {
        for (uint32_t n = 0; n < cellsPerVc[vc]; ++n)
        {
            s.OnEnqueue(vc);
        }
    }
    return s;
}

Ptr<AtmOutputPort>
MakeOutputPort(uint32_t bufferCells,
               AtmOutputPort::QueueMode mode,
               Ptr<AtmBufferPolicy> policy,
               Ptr<AtmCellScheduler> scheduler)
{
    Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
    port->SetAttribute("BufferCells", UintegerValue(bufferCells));
    port->SetAttribute("QueueMode", EnumValue(mode));
    if (policy)
    {
        port->SetAttribute("BufferPolicy", PointerValue(policy));
    }
    if (scheduler)
    {
        port->SetAttribute("CellScheduler", PointerValue(scheduler));
    }
    return port;
}

std::string
DrainIndices(Ptr<AtmOutputPort> port, uint32_t vc)
{
    std::string s;
    while (const std::optional<AtmCell> c = port->Dequeue(Seconds(0)))
    {
        if (c->vc == vc)
        {
            s += (s.empty() ? "" : " ") + std::to_string(c->index);
        }
    }
    return s;
}

bool
PeekTcpData(Ptr<const Packet> packet, TcpHeader* tcp)
{
    Ptr<Packet> c = packet->Copy();
    Ipv4Header ip;
    c->RemoveHeader(ip);
    if (ip.GetProtocol() != TcpL4Protocol::PROT_NUMBER)
    {
        return false;
    }
    c->RemoveHeader(*tcp);
    return c->GetSize() > 0;
}

NS_OBJECT_ENSURE_REGISTERED(TcpSegmentDropModel);

TypeId
TcpSegmentDropModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::atmtest::TcpSegmentDropModel")
                            .SetParent<ErrorModel>()
                            .SetGroupName("Atm")
                            .AddConstructor<TcpSegmentDropModel>();
    return tid;
}

void
TcpSegmentDropModel::Add(uint32_t seq)
{
    m_pending.insert(seq);
}

uint32_t
TcpSegmentDropModel::GetDropped() const
{
    return m_dropped;
}

bool
TcpSegmentDropModel::DoCorrupt(Ptr<Packet> p)
{
    TcpHeader tcp;
    if (m_pending.empty() || !PeekTcpData(p, &tcp))
    {
        return false;
    }
    auto it = m_pending.find(tcp.GetSequenceNumber().GetValue());
    if (it == m_pending.end())
    {
        return false;
    }
    m_pending.erase(it);
    ++m_dropped;
    return true;
}

void
TcpSegmentDropModel::DoReset()
{
}

SwitchBench::SwitchBench(const std::string& rate)
    : SwitchBench(AtmHelper(), rate)
{
}

SwitchBench::SwitchBench(const AtmHelper& atm, const std::string& rate)
    : m_rate(rate),
      m_node(CreateObject<Node>()),
      m_switch(atm.InstallSwitch(m_node))
{
}

uint32_t
SwitchBench::AddPort(Time delay)
{
    Ptr<AtmSwitchPort> port = CreateObject<AtmSwitchPort>();
    m_node->AddDevice(port);
    const uint32_t index = m_switch->AddPort(port);
    Ptr<Node> host = CreateObject<Node>();
    Ptr<CellProbeDevice> probe = CreateObject<CellProbeDevice>();
    host->AddDevice(probe);
    Connect(probe, port, m_rate, delay);
    m_ports.push_back(port);
    m_probes.push_back(probe);
    return index;
}

Ptr<AtmSwitch>
SwitchBench::Switch() const
{
    return m_switch;
}

Ptr<AtmSwitchPort>
SwitchBench::Port(uint32_t i) const
{
    return m_ports.at(i);
}

Ptr<AtmOutputPort>
SwitchBench::Out(uint32_t i) const
{
    return m_ports.at(i)->GetOutputPort();
}

Ptr<CellProbeDevice>
SwitchBench::Probe(uint32_t i) const
{
    return m_probes.at(i);
}

AtmHostPair::AtmHostPair(Time linkDelay, const std::string& rate)
    : AtmHostPair(AtmHelper(), linkDelay, rate)
{
}

AtmHostPair::AtmHostPair(const AtmHelper& helper,
                         Time linkDelay,
                         const std::string& rate,
                         const AtmPvcHelper& pvcHelper)
    : atm(helper),
      pvcs(pvcHelper)
{
    hosts.Create(2);
    NodeContainer s;
    s.Create(1);
    sw = s.Get(0);
    atm.InstallSwitch(s);
    atm.SetChannelAttribute("CellRate", StringValue(rate));
    atm.SetChannelAttribute("Delay", TimeValue(linkDelay));
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw);
    NetDeviceContainer b = atm.Install(sw, hosts.Get(1));
    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer nics(a.Get(0), b.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    ifs = addresses.Assign(nics);
    pvc = pvcs.Install(nics.Get(0), nics.Get(1));
    nic[0] = DynamicCast<AtmNetDevice>(nics.Get(0));
    nic[1] = DynamicCast<AtmNetDevice>(nics.Get(1));
    port[0] = DynamicCast<AtmDevice>(a.Get(1));
    port[1] = DynamicCast<AtmDevice>(b.Get(0));
}

} // namespace atmtest
} // namespace ns3
