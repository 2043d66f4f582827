/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-output-port.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/enum.h"
#include "ns3/fifo-cell-scheduler.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmOutputPort");

NS_OBJECT_ENSURE_REGISTERED(AtmOutputPort);

namespace
{
/// Number of service categories (AtmServiceCategory runs from CBR to UBR).
constexpr uint32_t N_CATEGORIES = static_cast<uint32_t>(AtmServiceCategory::UBR) + 1;
} // namespace

TypeId
AtmOutputPort::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmOutputPort")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmOutputPort>()
            .AddAttribute("BufferCells",
                          "K, the size of the port's cell buffer shared by all its queues, in "
                          "cells (FORE ASX-200: 256 per port, BON ch. 4). Fixed once a VC exists.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&AtmOutputPort::SetBufferCells,
                                               &AtmOutputPort::GetBufferCells),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("QueueMode",
                          "How cells are organised into queues: one shared FIFO, one queue per "
                          "VC, or one queue per service category. Fixed once a VC exists.",
                          EnumValue(AtmOutputPort::SHARED),
                          ATM_MAKE_ENUM_ACCESSOR(QueueMode,
                                                 &AtmOutputPort::SetQueueMode,
                                                 &AtmOutputPort::GetQueueMode),
                          MakeEnumChecker(AtmOutputPort::SHARED,
                                          "SHARED",
                                          AtmOutputPort::PER_VC,
                                          "PER_VC",
                                          AtmOutputPort::PER_CLASS,
                                          "PER_CLASS"))
            .AddAttribute("BufferPolicy",
                          "The buffer-acceptance policy (null: a TailDropBufferPolicy is created "
                          "when the first VC is added). Fixed once a VC exists.",
                          PointerValue(),
                          MakePointerAccessor(&AtmOutputPort::SetBufferPolicy,
                                              &AtmOutputPort::GetBufferPolicy),
                          MakePointerChecker<AtmBufferPolicy>())
            .AddAttribute("CellScheduler",
                          "The cell scheduler (null: a FifoCellScheduler is created when the "
                          "first VC is added). Fixed once a VC exists.",
                          PointerValue(),
                          MakePointerAccessor(&AtmOutputPort::SetCellScheduler,
                                              &AtmOutputPort::GetCellScheduler),
                          MakePointerChecker<AtmCellScheduler>())
            .AddAttribute("AbrBehaviour",
                          "What the port does for ABR (null: nothing; e.g. an AtmEfciMarker): "
                          "it sees every cell at its arrival, before the buffer policy.",
                          PointerValue(),
                          MakePointerAccessor(&AtmOutputPort::SetAbrBehaviour,
                                              &AtmOutputPort::GetAbrBehaviour),
                          MakePointerChecker<AtmAbrSwitchBehaviour>())
            .AddTraceSource("CellEnqueue",
                            "A cell entered the buffer.",
                            MakeTraceSourceAccessor(&AtmOutputPort::m_enqueueTrace),
                            "ns3::AtmOutputPort::CellTracedCallback")
            .AddTraceSource("CellDequeue",
                            "A cell left the buffer for the link (Dequeue).",
                            MakeTraceSourceAccessor(&AtmOutputPort::m_dequeueTrace),
                            "ns3::AtmOutputPort::CellTracedCallback")
            .AddTraceSource("CellDrop",
                            "A cell was dropped at arrival or purged from the buffer: "
                            "(cell, reason).",
                            MakeTraceSourceAccessor(&AtmOutputPort::m_dropTrace),
                            "ns3::AtmOutputPort::CellDropTracedCallback")
            .AddTraceSource("FrameDrop",
                            "A PDU lost its first cell at this port: (VC, reason). Fires once "
                            "per damaged PDU.",
                            MakeTraceSourceAccessor(&AtmOutputPort::m_frameDropTrace),
                            "ns3::AtmOutputPort::FrameDropTracedCallback")
            .AddTraceSource("CellsInQueue",
                            "X, the number of cells in the buffer.",
                            MakeTraceSourceAccessor(&AtmOutputPort::m_cellsInQueue),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

AtmOutputPort::AtmOutputPort()
    : m_classQueue(N_CATEGORIES, NONE),
      m_classPartition(N_CATEGORIES, 0),
      m_cellsInQueue(0)
{
    NS_LOG_FUNCTION(this);
}

AtmOutputPort::~AtmOutputPort()
{
    NS_LOG_FUNCTION(this);
}

void
AtmOutputPort::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    Configure();
    Object::DoInitialize();
}

void
AtmOutputPort::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (Vc& v : m_vcs)
    {
        v.policy = nullptr; // owned by m_policy or m_partitions, released below
    }
    m_policy = nullptr;
    m_partitions.clear();
    m_scheduler = nullptr;
    m_abr = nullptr;
    m_slab.clear(); // releases the frames the buffered cells refer to
    m_slab.shrink_to_fit();
    Object::DoDispose();
}

void
AtmOutputPort::CheckNotFrozen(const char* what) const
{
    NS_ABORT_MSG_IF(!m_vcs.empty(),
                    "AtmOutputPort: cannot change " << what << " after " << m_vcs.size()
                                                    << " VC(s) were added; set it before the "
                                                       "first AddVc()");
}

void
AtmOutputPort::SetBufferCells(uint32_t cells)
{
    NS_LOG_FUNCTION(this << cells);
    CheckNotFrozen("BufferCells");
    NS_ABORT_MSG_IF(cells == 0, "AtmOutputPort: BufferCells=0; give at least 1 cell");
    m_bufferCells = cells;
}

void
AtmOutputPort::SetQueueMode(QueueMode mode)
{
    NS_LOG_FUNCTION(this << mode);
    CheckNotFrozen("QueueMode");
    NS_ABORT_MSG_IF(mode != SHARED && mode != PER_VC && mode != PER_CLASS,
                    "AtmOutputPort: invalid QueueMode " << mode
                                                        << "; use SHARED, PER_VC or PER_CLASS");
    m_queueMode = mode;
}

void
AtmOutputPort::SetBufferPolicy(Ptr<AtmBufferPolicy> policy)
{
    NS_LOG_FUNCTION(this << policy);
    CheckNotFrozen("BufferPolicy");
    m_policy = policy;
}

void
AtmOutputPort::SetCellScheduler(Ptr<AtmCellScheduler> scheduler)
{
    NS_LOG_FUNCTION(this << scheduler);
    CheckNotFrozen("CellScheduler");
    m_scheduler = scheduler;
}

void
AtmOutputPort::SetClassBuffer(AtmServiceCategory category,
                              uint32_t bufferCells,
                              Ptr<AtmBufferPolicy> policy)
{
    NS_LOG_FUNCTION(this << category << bufferCells << policy);
    CheckNotFrozen("a class buffer");
    NS_ABORT_MSG_IF(bufferCells == 0,
                    "AtmOutputPort: SetClassBuffer(" << category
                                                     << ", 0 cells); give the class buffer at "
                                                        "least 1 cell");
    if (m_partitions.empty())
    {
        m_partitions.emplace_back(); // index 0: the shared buffer, set up by Configure()
    }
    uint32_t& index = m_classPartition[static_cast<uint32_t>(category)];
    if (index == 0)
    {
        index = static_cast<uint32_t>(m_partitions.size());
        m_partitions.emplace_back();
    }
    Partition& p = m_partitions[index];
    p.category = category;
    p.bufferCells = bufferCells;
    p.policy = policy;
}

uint32_t
AtmOutputPort::ConfigurePartitions()
{
    if (m_partitions.empty())
    {
        return m_bufferCells;
    }
    NS_ABORT_MSG_IF(m_queueMode == SHARED,
                    "AtmOutputPort: SetClassBuffer gave " << m_partitions[1].category
                                                          << " its own buffer, but QueueMode is "
                                                             "SHARED (one FIFO would mix the "
                                                             "classes' cells); set QueueMode to "
                                                             "PER_CLASS or PER_VC");
    m_partitions[0].bufferCells = m_bufferCells;
    m_partitions[0].policy = m_policy;
    uint32_t total = 0;
    for (size_t i = 0; i < m_partitions.size(); ++i)
    {
        Partition& p = m_partitions[i];
        if (!p.policy)
        {
            p.policy = CreateObject<TailDropBufferPolicy>();
        }
        // A policy keeps per-VC state by the local VC numbers of its own buffer, so one object
        // cannot serve two buffers.
        for (size_t j = 0; j < i; ++j)
        {
            NS_ABORT_MSG_IF(
                m_partitions[j].policy == p.policy,
                "AtmOutputPort: the same "
                    << p.policy->GetInstanceTypeId().GetName() << " object guards the "
                    << (j == 0 ? std::string("shared buffer")
                               : std::string(ToString(m_partitions[j].category)) + " class buffer")
                    << " and the " << ToString(p.category)
                    << " class buffer; give each buffer its "
                       "own policy object");
        }
        p.state.SetBufferCells(p.bufferCells);
        p.state.SetLinkRate(m_state.GetLinkRate());
        total += p.bufferCells;
    }
    return total;
}

void
AtmOutputPort::Configure()
{
    if (!m_policy)
    {
        m_policy = CreateObject<TailDropBufferPolicy>();
    }
    if (!m_scheduler)
    {
        m_scheduler = CreateObject<FifoCellScheduler>();
    }
    if (!m_vcs.empty())
    {
        return; // fixed by the first AddVc()
    }
    const uint32_t total = ConfigurePartitions();
    if (m_slabCells != total)
    {
        // Only reachable before the first VC (the setters freeze afterwards): no cell is held.
        NS_ASSERT(m_state.GetCellsInBuffer() == 0);
        m_state.SetBufferCells(total);
        // The slab grows with the occupancy, up to the total: memory follows the largest
        // backlog the run saw, not the configured buffer (a 600,000-cell GEO buffer costs only
        // what it holds). It never shrinks, so a run stops allocating once its backlog peaked.
        m_slabCells = total;
        m_slab.clear();
        m_free = NONE;
    }
}

uint32_t
AtmOutputPort::PartitionOf(AtmServiceCategory category) const
{
    return m_classPartition[static_cast<uint32_t>(category)];
}

std::string
AtmOutputPort::BufferName(uint32_t vc) const
{
    if (m_partitions.empty())
    {
        return "the buffer";
    }
    const uint32_t p = PartitionOf(m_state.GetVcServiceCategory(vc));
    return p == 0 ? std::string("the shared buffer")
                  : "the " + std::string(ToString(m_partitions[p].category)) + " class buffer";
}

uint32_t
AtmOutputPort::NewQueue(AtmServiceCategory category)
{
    const uint32_t q = m_state.AddQueue(category);
    m_queues.push_back(Queue{});
    if (!m_partitions.empty())
    {
        // Queues never span buffers (SHARED mode is refused with partitions).
        const uint32_t p = PartitionOf(category);
        m_queuePartition.push_back(p);
        m_queueLocal.push_back(m_partitions[p].state.AddQueue(category));
    }
    m_scheduler->NotifyQueueAdded(m_state, q);
    return q;
}

uint32_t
AtmOutputPort::AddVc(AtmServiceCategory category)
{
    NS_LOG_FUNCTION(this << category);
    return DoAddVc(category, nullptr);
}

uint32_t
AtmOutputPort::AddVc(const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this << contract);
    return DoAddVc(contract.GetCategory(), &contract);
}

uint32_t
AtmOutputPort::DoAddVc(AtmServiceCategory category, const AtmTrafficContract* contract)
{
    Configure();
    uint32_t q = NONE;
    switch (m_queueMode)
    {
    case SHARED:
        q = m_queues.empty() ? NewQueue(AtmServiceCategory::UBR) : 0;
        break;
    case PER_VC:
        q = NewQueue(category);
        break;
    case PER_CLASS: {
        uint32_t& cq = m_classQueue[static_cast<uint32_t>(category)];
        if (cq == NONE)
        {
            cq = NewQueue(category);
        }
        q = cq;
        break;
    }
    }
    const uint32_t vc = contract ? m_state.AddVc(*contract, q) : m_state.AddVc(category, q);
    m_scheduler->NotifyVcAdded(m_state, vc);
    m_vcs.emplace_back();
    NS_ASSERT(vc + 1 == m_vcs.size());
    Vc& v = m_vcs.back();
    if (m_partitions.empty())
    {
        v.state = &m_state;
        v.policy = PeekPointer(m_policy);
        v.local = vc;
    }
    else
    {
        // m_partitions no longer changes (frozen), so the pointers stay valid.
        Partition& p = m_partitions[m_queuePartition[q]];
        v.state = &p.state;
        v.policy = PeekPointer(p.policy);
        v.local = contract ? p.state.AddVc(*contract, m_queueLocal[q])
                           : p.state.AddVc(category, m_queueLocal[q]);
    }
    v.policy->NotifyVcAdded(v.local);
    return vc;
}

uint32_t
AtmOutputPort::AddHolder()
{
    NS_ABORT_MSG_IF(m_nextHolder == 0,
                    "AtmOutputPort: more than 31 gates hold this port's queues; a port has one "
                    "holder bit per gate (AtmPortGate)");
    const uint32_t bit = m_nextHolder;
    m_nextHolder <<= 1;
    return bit;
}

void
AtmOutputPort::SetQueueHeld(uint32_t queue, bool held, uint32_t holder)
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(),
                    "AtmOutputPort: SetQueueHeld for queue " << queue << " but the port has "
                                                             << m_queues.size() << " queues");
    NS_ABORT_MSG_IF(holder == 0 || (holder & (holder - 1)) != 0 || holder >= m_nextHolder,
                    "AtmOutputPort: SetQueueHeld with holder " << holder
                                                               << ", not a bit from AddHolder() "
                                                                  "or USER_HOLDER");
    if (m_holders.size() < m_queues.size())
    {
        m_holders.resize(m_queues.size(), 0);
    }
    uint32_t& bits = m_holders[queue];
    bits = held ? (bits | holder) : (bits & ~holder);
    m_state.SetQueueMaySend(queue, bits == 0);
    if (!m_partitions.empty())
    {
        m_partitions[m_queuePartition[queue]].state.SetQueueMaySend(m_queueLocal[queue], bits == 0);
    }
}

uint32_t
AtmOutputPort::GetQueueHolders(uint32_t queue) const
{
    return queue < m_holders.size() ? m_holders[queue] : 0;
}

void
AtmOutputPort::SetLinkRate(AtmCellRate rate)
{
    NS_LOG_FUNCTION(this << rate);
    m_state.SetLinkRate(rate);
    for (Partition& p : m_partitions)
    {
        p.state.SetLinkRate(rate);
    }
}

void
AtmOutputPort::Receive(AtmCell cell, uint32_t vc)
{
    Receive(std::move(cell), vc, Simulator::Now());
}

void
AtmOutputPort::Receive(AtmCell cell, uint32_t vc, Time at)
{
    // Per cell: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    NS_ABORT_MSG_IF(vc >= m_vcs.size(),
                    "AtmOutputPort: cell for VC " << vc << " but the port has " << m_vcs.size()
                                                  << " VCs; call AddVc() first");
    cell.vc = vc;
    Vc& v = m_vcs[vc];
    // The VC's buffer: the port's without partitions, else its class's or the shared one.
    AtmPortState& buffer = *v.state;
    m_state.SetNow(at);
    buffer.SetNow(at);
    if (m_abr)
    {
        m_abr->NotifyArrival(m_state, cell); // may mark EFCI
    }
    AtmBufferPolicy& policy = *v.policy;
    ++m_stats.cellsArrived;
    ++v.stats.cellsArrived;
    const bool room = buffer.GetCellsInBuffer() < buffer.GetBufferCells();
    if (cell.IsResourceManagement())
    {
        // An RM cell is an in-rate cell of the connection, not part of a PDU (TM 4.0 section
        // 5.10): no policy, no frame state (neither read nor changed), stored iff its buffer has
        // room. A drop is a cell drop only: it damages no PDU, so no FrameDrop. A backward RM
        // cell first meets the ABR behaviour of the port its connection's data leaves through
        // (explicit-rate feedback, TM 4.0 5.10.6).
        if (v.forwardPort && v.forwardPort->m_abr && cell.rm.Has(AtmRmFields::DIR))
        {
            v.forwardPort->m_abr->ProcessBackwardRm(v.forwardVc, cell.rm, at);
        }
        StoreRm(cell, room, false);
        return;
    }
    const bool eom = cell.IsEndOfPdu();
    AtmFrameState next = eom ? AtmFrameState::IDLE : AtmFrameState::ACCEPT;
    bool storeEom = false;
    bool stored = false;

    switch (m_state.GetFrameState(vc))
    {
    case AtmFrameState::DROP_PPD:
        // Keep the delimiter when possible so the receiver can tell PDUs apart (PPD: BON, JAIN).
        // The policy sees every such EOM (it may track merges), the room check comes last; like
        // Admit() it gets the VC's index in its own buffer (vc itself without partitions).
        if (eom)
        {
            storeEom = policy.AdmitDelimiter(buffer, v.local, cell) && room;
        }
        if (storeEom)
        {
            Store(cell);
            stored = true;
        }
        else
        {
            CountDrop(cell, v.discardReason);
        }
        next = eom ? AtmFrameState::IDLE : AtmFrameState::DROP_PPD;
        break;
    case AtmFrameState::DROP_ALL:
        CountDrop(cell, v.discardReason);
        next = eom ? AtmFrameState::IDLE : AtmFrameState::DROP_ALL;
        break;
    case AtmFrameState::IDLE:
    case AtmFrameState::ACCEPT: {
        const bool first = m_state.GetFrameState(vc) == AtmFrameState::IDLE;
        const AtmAdmitDecision d = policy.Admit(buffer, v.local, cell);
        switch (d.action)
        {
        case AtmAdmitDecision::ACCEPT:
        case AtmAdmitDecision::ACCEPT_TAGGED:
        case AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT:
            // Checked in every build: storing beyond K would corrupt the slab (or let one
            // partition take another's room).
            NS_ABORT_MSG_IF(!room,
                            "AtmOutputPort: buffer policy "
                                << policy.GetInstanceTypeId().GetName() << " accepted a cell of VC "
                                << vc << " with X=" << buffer.GetCellsInBuffer()
                                << " >= K=" << buffer.GetBufferCells() << " in " << BufferName(vc)
                                << "; the policy breaks the AtmBufferPolicy contract, fix its "
                                   "DoAdmit()");
            if (d.action == AtmAdmitDecision::ACCEPT_TAGGED)
            {
                cell.clp = true;
            }
            if (d.action == AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT)
            {
                // Drop-from-front: the VC's oldest whole non-eligible PDU leaves first, so a
                // queue it empties is reported emptied before the new cell backlogs it again.
                PurgeFront(vc, d.reason);
            }
            if (first)
            {
                v.pduFirst = Store(cell); // the PDU may become whole (ListIfPurgeable)
            }
            else
            {
                Store(cell);
            }
            stored = true;
            break;
        case AtmAdmitDecision::DROP_CELL:
            CountDrop(cell, d.reason);
            break;
        case AtmAdmitDecision::DROP_FRAME:
            v.discardReason = d.reason;
            CountDrop(cell, d.reason);
            if (!eom)
            {
                next = d.keepEom ? AtmFrameState::DROP_PPD : AtmFrameState::DROP_ALL;
            }
            break;
        case AtmAdmitDecision::DROP_AND_PURGE_TAIL:
            v.discardReason = d.reason;
            CountDrop(cell, d.reason);
            if (v.headSent)
            {
                // Edge case SANDIA leaves open: the PDU's head is already on the link; dropping
                // its EOM would merge it with the next PDU at the receiver. Fall back to drop-tail
                // for this PDU: no purge, keep the EOM if there is room.
                if (!eom)
                {
                    next = AtmFrameState::DROP_PPD;
                }
            }
            else
            {
                PurgeTail(vc, d.reason);
                if (!eom)
                {
                    next = AtmFrameState::DROP_ALL;
                }
            }
            break;
        }
        break;
    }
    }

    if (eom)
    {
        if (stored)
        {
            ListIfPurgeable(vc);
        }
        // The PDU is complete: its queued cells are no longer a tail to purge.
        v.pduFirst = NONE;
        v.frameQueued = 0;
        v.headSent = false;
        v.frameDamaged = false;
    }
    m_state.SetFrameState(vc, next);
    if (v.state != &m_state)
    {
        v.state->SetFrameState(v.local, next);
    }
    NS_ASSERT_MSG(LedgerHolds(v.stats, m_state.GetVcCells(vc)) &&
                      LedgerHolds(m_stats, m_state.GetCellsInBuffer()),
                  "AtmOutputPort: cell ledger broken after an arrival on VC " << vc);
}

uint32_t
AtmOutputPort::TakeFreeSlot()
{
    if (m_free == NONE)
    {
        // Every slot in use: one more (the policies admit at most m_slabCells cells).
        NS_ASSERT(m_slab.size() < m_slabCells);
        if (m_slab.size() == m_slab.capacity())
        {
            // Doubling, but never beyond the configured buffer.
            const size_t grown = std::max<size_t>(64, 2 * m_slab.capacity());
            m_slab.reserve(std::min<size_t>(grown, m_slabCells));
        }
        m_slab.emplace_back();
        m_free = static_cast<uint32_t>(m_slab.size() - 1);
    }
    const uint32_t s = m_free;
    m_free = m_slab[s].next;
    return s;
}

uint32_t
AtmOutputPort::Store(const AtmCell& cell)
{
    const uint32_t vc = cell.vc;
    Vc& v = m_vcs[vc];
    Queue& q = m_queues[m_state.GetVcQueue(vc)];
    const uint32_t s = TakeFreeSlot();
    Slot& slot = m_slab[s];
    slot.cell = cell;
    slot.next = NONE;
    slot.prev = q.tail;
    slot.vcPrev = v.tail;
    slot.vcNext = NONE;
    slot.pduNext = NONE;
    if (v.tail != NONE)
    {
        m_slab[v.tail].vcNext = s;
    }
    if (q.tail != NONE)
    {
        m_slab[q.tail].next = s;
    }
    else
    {
        q.head = s;
    }
    q.tail = s;
    v.tail = s;
    NotifyStored(s);
    return s;
}

void
AtmOutputPort::StoreAtHead(const AtmCell& cell)
{
    // With one queue per VC the queue's head is the VC's oldest cell.
    const uint32_t vc = cell.vc;
    Vc& v = m_vcs[vc];
    Queue& q = m_queues[m_state.GetVcQueue(vc)];
    const uint32_t s = TakeFreeSlot();
    Slot& slot = m_slab[s];
    slot.cell = cell;
    slot.prev = NONE;
    slot.next = q.head;
    slot.vcPrev = NONE;
    slot.vcNext = q.head;
    slot.pduNext = NONE;
    if (q.head != NONE)
    {
        m_slab[q.head].prev = s;
        m_slab[q.head].vcPrev = s;
    }
    else
    {
        q.tail = s;
        v.tail = s;
    }
    q.head = s;
    NotifyStored(s);
}

void
AtmOutputPort::NotifyStored(uint32_t s)
{
    const AtmCell& cell = m_slab[s].cell;
    const uint32_t vc = cell.vc;
    Vc& v = m_vcs[vc];
    const uint32_t qid = m_state.GetVcQueue(vc);
    if (cell.IsResourceManagement())
    {
        ++v.rmQueued; // not a cell of the PDU being received (class description)
    }
    else
    {
        ++v.frameQueued;
    }
    ++v.stats.cellsAccepted;
    ++m_stats.cellsAccepted;
    const bool eligible = cell.IsEligible();
    if (v.state != &m_state)
    {
        v.state->OnEnqueue(v.local, eligible); // room checked by the caller in the partition
    }
    if (m_state.OnEnqueue(vc, eligible))
    {
        m_scheduler->NotifyBacklogged(qid);
    }
    m_scheduler->NotifyEnqueued(m_state, vc);
    m_cellsInQueue = m_state.GetCellsInBuffer();
    m_enqueueTrace(cell);
}

bool
AtmOutputPort::InsertRmAtHead(AtmCell cell, uint32_t vc, Time at)
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(),
                    "AtmOutputPort: InsertRmAtHead for VC " << vc << " but the port has "
                                                            << m_vcs.size() << " VCs");
    NS_ABORT_MSG_IF(!cell.IsResourceManagement(),
                    "AtmOutputPort: InsertRmAtHead of a cell that is not an RM cell: " << cell);
    NS_ABORT_MSG_IF(m_queueMode != PER_VC,
                    "AtmOutputPort: InsertRmAtHead (a virtual source's RM cell) needs QueueMode "
                    "PER_VC; in a shared FIFO the head belongs to every VC");
    cell.vc = vc;
    Vc& v = m_vcs[vc];
    AtmPortState& buffer = *v.state;
    m_state.SetNow(at);
    buffer.SetNow(at);
    if (m_abr)
    {
        m_abr->NotifyArrival(m_state, cell);
    }
    ++m_stats.cellsArrived;
    ++v.stats.cellsArrived;
    const bool room = buffer.GetCellsInBuffer() < buffer.GetBufferCells();
    StoreRm(cell, room, true);
    return room;
}

void
AtmOutputPort::StoreRm(const AtmCell& cell, bool room, bool atHead)
{
    if (!room)
    {
        CountCellDrop(cell, RM_CELL_NO_ROOM);
    }
    else if (atHead)
    {
        StoreAtHead(cell);
    }
    else
    {
        Store(cell);
    }
    NS_ASSERT_MSG(LedgerHolds(m_vcs[cell.vc].stats, m_state.GetVcCells(cell.vc)) &&
                      LedgerHolds(m_stats, m_state.GetCellsInBuffer()),
                  "AtmOutputPort: cell ledger broken after an RM cell on VC " << cell.vc);
}

void
AtmOutputPort::CountDrop(const AtmCell& cell, const char* reason)
{
    Vc& v = m_vcs[cell.vc];
    if (!v.frameDamaged)
    {
        v.frameDamaged = true;
        CountFrameDrop(cell.vc, reason);
    }
    CountCellDrop(cell, reason);
}

void
AtmOutputPort::CountCellDrop(const AtmCell& cell, const char* reason)
{
    NS_ASSERT_MSG(reason != nullptr, "AtmOutputPort: drop without a reason");
    Vc& v = m_vcs[cell.vc];
    ++v.stats.cellsDropped;
    ++m_stats.cellsDropped;
    CountReason(v.drops, reason);
    CountReason(m_drops, reason);
    m_dropTrace(cell, reason);
}

void
AtmOutputPort::CountFrameDrop(uint32_t vc, const char* reason)
{
    Vc& v = m_vcs[vc];
    ++v.stats.framesDropped;
    ++m_stats.framesDropped;
    m_frameDropTrace(vc, reason);
}

void
AtmOutputPort::PurgeTail(uint32_t vc, const char* reason)
{
    // SANDIA drop-whole: the VC's newest non-RM cells back to (not including) the previous PDU's
    // EOM. frameQueued counts exactly those cells, and they are the VC's newest non-RM cells, so
    // walking back from the VC's tail and skipping RM cells (never purged with a PDU: they stay
    // queued, in place) never leaves the cells of the current PDU. Cost: the cells removed plus
    // the RM cells queued among them.
    Vc& v = m_vcs[vc];
    NS_ASSERT(v.frameQueued + v.rmQueued <= m_state.GetVcCells(vc));
    uint32_t s = v.tail;
    for (uint32_t n = v.frameQueued; n > 0;)
    {
        NS_ASSERT(s != NONE && m_slab[s].cell.vc == vc);
        const uint32_t older = m_slab[s].vcPrev;
        if (!m_slab[s].cell.IsResourceManagement())
        {
            NS_ASSERT(!m_slab[s].cell.IsEndOfPdu());
            Unlink(s, vc, false);
            ++v.stats.cellsPurged;
            ++m_stats.cellsPurged;
            CountDrop(m_slab[s].cell, reason);
            m_slab[s].cell.frame = nullptr; // release the frame reference now
            --n;
        }
        s = older;
    }
    v.frameQueued = 0;
    v.pduFirst = NONE;
    m_cellsInQueue = m_state.GetCellsInBuffer();
}

void
AtmOutputPort::PurgeFront(uint32_t vc, const char* reason)
{
    // Drop-from-front: the oldest PDU of the VC's list of whole non-eligible PDUs, from its first
    // cell (still queued: the list loses a PDU when its first cell departs) along the VC's list
    // to its EOM (stored: a PDU is listed when its EOM is stored). RM cells queued among the
    // PDU's cells are skipped and stay (never purged with a PDU). Nothing of the PDU has been
    // dropped before, so the purge is its first damage: FrameDrop fires once.
    Vc& v = m_vcs[vc];
    uint32_t s = v.purgeHead;
    if (s == NONE)
    {
        return; // no such PDU: the port stores the cell and purges nothing (AtmAdmitDecision)
    }
    UnlistOldestPurgeable(vc);
    CountFrameDrop(vc, reason);
    bool end = false;
    while (!end)
    {
        NS_ASSERT(s != NONE && m_slab[s].cell.vc == vc);
        const uint32_t newer = m_slab[s].vcNext;
        if (m_slab[s].cell.IsResourceManagement())
        {
            s = newer; // an RM cell inside the PDU: not one of its cells, stays queued
            continue;
        }
        end = m_slab[s].cell.IsEndOfPdu();
        Unlink(s, vc, false);
        ++v.stats.cellsPurged;
        ++m_stats.cellsPurged;
        CountCellDrop(m_slab[s].cell, reason);
        m_slab[s].cell.frame = nullptr; // release the frame reference now
        s = newer;
    }
    m_cellsInQueue = m_state.GetCellsInBuffer();
}

void
AtmOutputPort::ListIfPurgeable(uint32_t vc)
{
    // Whole: no cell of the PDU dropped (so its first cell was stored) and none sent.
    Vc& v = m_vcs[vc];
    if (v.frameDamaged || v.headSent || v.pduFirst == NONE || m_slab[v.pduFirst].cell.IsEligible())
    {
        return;
    }
    m_slab[v.pduFirst].pduNext = NONE;
    if (v.purgeTail != NONE)
    {
        m_slab[v.purgeTail].pduNext = v.pduFirst;
    }
    else
    {
        v.purgeHead = v.pduFirst;
    }
    v.purgeTail = v.pduFirst;
    m_state.AddPurgeablePdu(vc);
    if (v.state != &m_state)
    {
        v.state->AddPurgeablePdu(v.local);
    }
}

void
AtmOutputPort::UnlistOldestPurgeable(uint32_t vc)
{
    Vc& v = m_vcs[vc];
    NS_ASSERT(v.purgeHead != NONE);
    v.purgeHead = m_slab[v.purgeHead].pduNext;
    if (v.purgeHead == NONE)
    {
        v.purgeTail = NONE;
    }
    m_state.RemovePurgeablePdu(vc);
    if (v.state != &m_state)
    {
        v.state->RemovePurgeablePdu(v.local);
    }
}

void
AtmOutputPort::Unlink(uint32_t s, uint32_t vc, bool served)
{
    const uint32_t qid = m_state.GetVcQueue(vc);
    Queue& q = m_queues[qid];
    Slot& slot = m_slab[s];
    if (slot.prev != NONE)
    {
        m_slab[slot.prev].next = slot.next;
    }
    else
    {
        q.head = slot.next;
    }
    if (slot.next != NONE)
    {
        m_slab[slot.next].prev = slot.prev;
    }
    else
    {
        q.tail = slot.prev;
    }
    Vc& v = m_vcs[vc];
    if (slot.vcPrev != NONE)
    {
        m_slab[slot.vcPrev].vcNext = slot.vcNext;
    }
    if (slot.vcNext != NONE)
    {
        m_slab[slot.vcNext].vcPrev = slot.vcPrev;
    }
    else
    {
        v.tail = slot.vcPrev;
    }
    slot.prev = NONE;
    slot.vcPrev = NONE;
    slot.vcNext = NONE;
    slot.pduNext = NONE;
    slot.next = m_free;
    m_free = s;
    const bool eligible = slot.cell.IsEligible();
    if (v.state != &m_state)
    {
        v.state->OnDequeue(v.local, eligible);
    }
    const bool emptied = m_state.OnDequeue(vc, eligible);
    if (served)
    {
        m_scheduler->NotifyServed(qid);
    }
    else
    {
        m_scheduler->NotifyPurged(m_state, vc);
    }
    if (emptied)
    {
        m_scheduler->NotifyEmptied(qid);
    }
}

std::optional<AtmCell>
AtmOutputPort::Dequeue(Time now)
{
    if (m_state.GetCellsInBuffer() == 0)
    {
        return std::nullopt;
    }
    m_state.SetNow(now);
    const std::optional<uint32_t> q = m_scheduler->SelectQueue(m_state, now);
    if (!q)
    {
        return std::nullopt;
    }
    const uint32_t s = m_queues[*q].head;
    NS_ASSERT(s != NONE);
    const uint32_t vc = m_slab[s].cell.vc;
    Vc& v = m_vcs[vc];
    // Cells of a VC leave oldest first and the current PDU's queued cells are the VC's newest
    // non-RM cells: a departing non-RM cell belongs to that PDU iff all the VC's queued non-RM
    // cells do (RM cells, counted apart in rmQueued, are never cells of a PDU). A departing RM
    // cell changes nothing of the PDU being received.
    const bool rm = m_slab[s].cell.IsResourceManagement();
    if (rm)
    {
        NS_ASSERT(v.rmQueued > 0);
        --v.rmQueued;
    }
    else if (v.frameQueued > 0 && v.frameQueued == m_state.GetVcCells(vc) - v.rmQueued)
    {
        v.headSent = true;
        --v.frameQueued;
    }
    // The VC's oldest whole non-eligible PDU starts with the VC's oldest such first cell: if it
    // leaves, the PDU is no longer whole.
    if (s == v.purgeHead)
    {
        UnlistOldestPurgeable(vc);
    }
    Unlink(s, vc, true); // leaves the cell in its (now free) slot
    AtmCell cell = std::move(m_slab[s].cell);
    m_slab[s].cell.frame = nullptr;
    ++v.stats.cellsDeparted;
    ++m_stats.cellsDeparted;
    m_cellsInQueue = m_state.GetCellsInBuffer();
    v.state->SetNow(now);
    if (!rm)
    {
        // The policy hears of the cells it admitted only: an RM cell bypassed it (class
        // description), and a policy that counts its admitted cells (TBA's tokens, the virtual
        // queues) would count one departure too many.
        v.policy->NotifyDeparture(*v.state, v.local, cell);
    }
    // With class buffers, the policies of the other buffers hear of the cell too (each with its
    // own buffer's state: the line slot is spent whatever the cell); without, m_partitions is
    // empty and this costs nothing.
    for (Partition& p : m_partitions)
    {
        if (&p.state != v.state)
        {
            p.state.SetNow(now);
            p.policy->NotifyOtherDeparture(p.state, cell);
        }
    }
    m_dequeueTrace(cell);
    NS_ASSERT_MSG(LedgerHolds(v.stats, m_state.GetVcCells(vc)) &&
                      LedgerHolds(m_stats, m_state.GetCellsInBuffer()),
                  "AtmOutputPort: cell ledger broken after a departure from VC " << vc);
    return cell;
}

void
AtmOutputPort::CountReason(DropTable& table, const char* reason)
{
    for (auto& entry : table)
    {
        if (entry.first == reason)
        {
            ++entry.second;
            return;
        }
    }
    table.emplace_back(reason, 1); // once per distinct reason, not per cell
}

uint64_t
AtmOutputPort::FindReason(const DropTable& table, const char* reason)
{
    for (const auto& entry : table)
    {
        if (entry.first == reason)
        {
            return entry.second;
        }
    }
    return 0;
}

bool
AtmOutputPort::LedgerHolds(const AtmPortVcStats& s, uint32_t queued)
{
    return s.cellsArrived == s.cellsDeparted + queued + s.cellsDropped &&
           s.cellsAccepted == s.cellsDeparted + queued + s.cellsPurged &&
           s.cellsPurged <= s.cellsDropped;
}

uint32_t
AtmOutputPort::GetBufferCells() const
{
    return m_bufferCells;
}

uint32_t
AtmOutputPort::GetTotalBufferCells() const
{
    uint32_t total = m_bufferCells;
    for (size_t i = 1; i < m_partitions.size(); ++i)
    {
        total += m_partitions[i].bufferCells;
    }
    return total;
}

uint32_t
AtmOutputPort::GetCellsInQueue() const
{
    return m_state.GetCellsInBuffer();
}

bool
AtmOutputPort::HasClassBuffer(AtmServiceCategory category) const
{
    return PartitionOf(category) != 0;
}

uint32_t
AtmOutputPort::GetClassBufferCells(AtmServiceCategory category) const
{
    const uint32_t p = PartitionOf(category);
    return p == 0 ? m_bufferCells : m_partitions[p].bufferCells;
}

uint32_t
AtmOutputPort::GetPartitionCellsInQueue(AtmServiceCategory category) const
{
    return GetPartitionState(category).GetCellsInBuffer();
}

const AtmPortState&
AtmOutputPort::GetPartitionState(AtmServiceCategory category) const
{
    return m_partitions.empty() ? m_state : m_partitions[PartitionOf(category)].state;
}

Ptr<AtmBufferPolicy>
AtmOutputPort::GetPartitionBufferPolicy(AtmServiceCategory category) const
{
    const uint32_t p = PartitionOf(category);
    return p == 0 ? m_policy : m_partitions[p].policy;
}

uint32_t
AtmOutputPort::GetVcLocalIndex(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "AtmOutputPort: unknown VC " << vc);
    return m_vcs[vc].local;
}

uint32_t
AtmOutputPort::GetVcCellsInQueue(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "AtmOutputPort: unknown VC " << vc);
    return m_state.GetVcCells(vc);
}

uint32_t
AtmOutputPort::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

const AtmPortState&
AtmOutputPort::GetState() const
{
    return m_state;
}

const AtmPortVcStats&
AtmOutputPort::GetVcStats(uint32_t vc) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "AtmOutputPort: unknown VC " << vc);
    return m_vcs[vc].stats;
}

const AtmPortVcStats&
AtmOutputPort::GetStats() const
{
    return m_stats;
}

bool
AtmOutputPort::IsTraced() const
{
    return !m_enqueueTrace.IsEmpty() || !m_dequeueTrace.IsEmpty() || !m_dropTrace.IsEmpty() ||
           !m_frameDropTrace.IsEmpty() || !m_cellsInQueue.IsEmpty();
}

uint32_t
AtmOutputPort::GetAllocatedCells() const
{
    return static_cast<uint32_t>(m_slab.capacity());
}

uint64_t
AtmOutputPort::GetDropCount(const char* reason) const
{
    return FindReason(m_drops, reason);
}

uint64_t
AtmOutputPort::GetVcDropCount(uint32_t vc, const char* reason) const
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "AtmOutputPort: unknown VC " << vc);
    return FindReason(m_vcs[vc].drops, reason);
}

AtmOutputPort::QueueMode
AtmOutputPort::GetQueueMode() const
{
    return m_queueMode;
}

Ptr<AtmBufferPolicy>
AtmOutputPort::GetBufferPolicy() const
{
    return m_policy;
}

void
AtmOutputPort::SetAbrBehaviour(Ptr<AtmAbrSwitchBehaviour> behaviour)
{
    NS_LOG_FUNCTION(this << behaviour);
    m_abr = behaviour;
}

Ptr<AtmAbrSwitchBehaviour>
AtmOutputPort::GetAbrBehaviour() const
{
    return m_abr;
}

void
AtmOutputPort::SetVcForward(uint32_t vc, Ptr<AtmOutputPort> port, uint32_t forwardVc)
{
    NS_LOG_FUNCTION(this << vc << port << forwardVc);
    NS_ABORT_MSG_IF(vc >= m_vcs.size(), "AtmOutputPort: SetVcForward of unknown VC " << vc);
    NS_ABORT_MSG_IF(!port || forwardVc >= port->GetNVcs(),
                    "AtmOutputPort: SetVcForward(" << vc << ") to an unknown VC " << forwardVc);
    // A raw pointer: both ports belong to one switch, which outlives the cells between them.
    m_vcs[vc].forwardPort = PeekPointer(port);
    m_vcs[vc].forwardVc = forwardVc;
}

Ptr<AtmCellScheduler>
AtmOutputPort::GetCellScheduler() const
{
    return m_scheduler;
}

int64_t
AtmOutputPort::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t n = m_policy ? m_policy->AssignStreams(stream) : 0;
    for (size_t i = 1; i < m_partitions.size(); ++i)
    {
        if (m_partitions[i].policy)
        {
            n += m_partitions[i].policy->AssignStreams(stream + n);
        }
    }
    return n;
}

} // namespace ns3
