/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-transmitter.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/event-impl.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellTransmitter");

NS_OBJECT_ENSURE_REGISTERED(AtmCellTransmitter);

/**
 * A slot event that the transmitter schedules again and again: the simulator takes one
 * reference while it is queued and drops it after running it, the pool keeps another.
 */
class AtmCellTransmitter::SlotEvent : public EventImpl
{
  public:
    AtmCellTransmitter* tx{nullptr}; //!< the transmitter (null once it is gone)
    uint64_t generation{0};          //!< the generation it was scheduled with

  private:
    void Notify() override
    {
        if (tx)
        {
            tx->Slot(generation);
        }
    }
};

TypeId
AtmCellTransmitter::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellTransmitter")
                            .SetParent<Object>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmCellTransmitter>();
    return tid;
}

AtmCellTransmitter::AtmCellTransmitter()
{
    NS_LOG_FUNCTION(this);
}

AtmCellTransmitter::~AtmCellTransmitter()
{
    NS_LOG_FUNCTION(this);
    for (const Ptr<SlotEvent>& event : m_eventPool)
    {
        event->tx = nullptr; // a queued one runs as a no-op
    }
}

void
AtmCellTransmitter::DoDispose()
{
    NS_LOG_FUNCTION(this);
    ++m_generation; // a slot event still queued finds itself stale and does nothing
    m_planned = false;
    m_in.clear();
    m_fronts.clear();
    m_tied.clear();
    m_tiedNext = 0;
    m_pending = 0;
    m_port = nullptr;
    m_gates.clear();
    m_send = SendCallback();
    m_departure = DepartureCallback();
    m_deferralBound = nullptr;
    m_observed = nullptr;
    Object::DoDispose();
}

void
AtmCellTransmitter::SetDepartureCallback(DepartureCallback departure)
{
    NS_LOG_FUNCTION(this);
    m_departure = departure;
}

void
AtmCellTransmitter::SetDeferral(DeferralBoundCallback bound, ObservedCallback observed)
{
    NS_LOG_FUNCTION(this);
    m_deferralBound = bound;
    m_observed = observed;
    m_boundKnown = false;
}

bool
AtmCellTransmitter::IsObserved() const
{
    if (!m_departure.IsNull() || m_port->IsTraced() || (m_observed && m_observed()))
    {
        return true;
    }
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        if (gate->IsTraced())
        {
            return true;
        }
    }
    return false;
}

Time
AtmCellTransmitter::GetDeferral()
{
    if (!m_deferralBound || !m_port)
    {
        return Time(0);
    }
    if (!m_boundKnown)
    {
        m_maxDeferral = std::max(Time(0), m_deferralBound());
        m_boundKnown = true;
        NS_LOG_LOGIC(this << " defers its slots by up to " << m_maxDeferral.As(Time::US));
    }
    if (m_maxDeferral.IsZero() || IsObserved())
    {
        return Time(0);
    }
    return m_maxDeferral;
}

void
AtmCellTransmitter::SetContext(uint32_t context)
{
    m_context = context;
}

void
AtmCellTransmitter::Setup(Ptr<AtmOutputPort> port, const AtmCellClock& clock, SendCallback send)
{
    NS_LOG_FUNCTION(this << port);
    NS_ABORT_MSG_IF(m_port, "AtmCellTransmitter::Setup called twice");
    NS_ABORT_MSG_IF(!port, "AtmCellTransmitter::Setup: null output port");
    m_port = port;
    m_clock = clock;
    m_send = send;
    m_port->SetLinkRate(m_clock.GetRate());
    // Fails loudly now rather than at the first cell if the clock has no rate.
    m_firstFreeSlot = m_clock.GetSlotAtOrAfter(Simulator::Now());
}

uint32_t
AtmCellTransmitter::AddInput()
{
    m_in.emplace_back();
    return static_cast<uint32_t>(m_in.size() - 1);
}

uint64_t
AtmCellTransmitter::SlotAfter(Time t) const
{
    uint64_t k = m_clock.GetSlotAtOrAfter(t);
    if (m_clock.GetSlotStart(k) == t)
    {
        ++k;
    }
    return k;
}

void
AtmCellTransmitter::ScheduleSlot(uint64_t k)
{
    m_nextSlot = k;
    m_nextSlotPrevStart = k > 0 ? m_clock.GetSlotStart(k - 1) : NanoSeconds(-1);
    m_planned = true;
    // In the transmitting node's context: the call may come from another node's event (an
    // announced arrival), and ns-3 checks contexts at nodes in debug builds. Such events
    // cannot be cancelled, so a superseded one is recognised by its generation and ignored.
    SlotEvent* event = nullptr;
    for (const Ptr<SlotEvent>& e : m_eventPool)
    {
        if (e->GetReferenceCount() == 1)
        {
            event = PeekPointer(e);
            break;
        }
    }
    if (!event)
    {
        m_eventPool.push_back(Create<SlotEvent>());
        event = PeekPointer(m_eventPool.back());
        event->tx = this;
    }
    event->generation = ++m_generation;
    event->Ref(); // the simulator's reference, dropped after the event ran or at Destroy()
    // A deferring transmitter runs slot k (and those after it) a deferral after its start.
    Simulator::ScheduleWithContext(m_context,
                                   m_clock.GetSlotStart(k) + GetDeferral() - Simulator::Now(),
                                   event);
}

void
AtmCellTransmitter::Arrive(uint32_t input, const AtmCell& cell, uint32_t vc, Time arrival)
{
    // Per cell: no NS_LOG_FUNCTION.
    NS_ASSERT_MSG(m_port, "AtmCellTransmitter: Arrive() before Setup()");
    NS_ASSERT_MSG(input < m_in.size(), "AtmCellTransmitter: unknown input " << input);
    NS_ASSERT_MSG(arrival >= Simulator::Now(), "AtmCellTransmitter: arrival in the past");
    NS_ASSERT_MSG(m_in[input].IsEmpty() || m_in[input].At(m_in[input].GetSize() - 1).at <= arrival,
                  "AtmCellTransmitter: input " << input << " announced cells out of order");
    if (m_in[input].IsEmpty())
    {
        // Every nonempty input is in the heap or among the inputs Drain() is storing.
        m_fronts.push_back(InputFront{arrival.GetTimeStep(), input});
        std::push_heap(m_fronts.begin(), m_fronts.end());
    }
    m_in[input].Push(Arrival{cell, arrival, vc});
    ++m_pending;
    const bool planned = m_planned;
    if (planned && arrival >= m_nextSlotPrevStart)
    {
        return; // the planned slot is at or before the first one this cell may use
    }
    const uint64_t k =
        std::max({SlotAfter(arrival), m_firstFreeSlot, m_clock.GetSlotAtOrAfter(Simulator::Now())});
    if (!planned || k < m_nextSlot)
    {
        ScheduleSlot(k);
    }
}

void
AtmCellTransmitter::Kick()
{
    NS_LOG_FUNCTION(this);
    if (!m_port || m_inSlot)
    {
        // Inside Slot() (a gate woken by the far end while the cell is handed over): the slot
        // plans its successor at its end, with every gate's new release.
        return;
    }
    const uint64_t now = std::max(m_firstFreeSlot, m_clock.GetSlotAtOrAfter(Simulator::Now()));
    const uint64_t k = NextUsefulSlot(now);
    if (k != UINT64_MAX && (!m_planned || k < m_nextSlot))
    {
        ScheduleSlot(k);
    }
}

void
AtmCellTransmitter::Stage(const AtmCell& cell, uint32_t vc)
{
    // Per cell: no NS_LOG_FUNCTION.
    NS_ASSERT_MSG(m_port, "AtmCellTransmitter: Stage() before Setup()");
    NS_ASSERT_MSG(!m_deferralBound, "AtmCellTransmitter: Stage() on a deferring transmitter");
    const Time now = Simulator::Now();
    Drain(now); // keep arrival order with announced cells, if any
    m_port->Receive(cell, vc);
    const uint64_t floor = std::max(m_firstFreeSlot, SlotAfter(now));
    const uint64_t k = NextUsefulSlot(floor);
    if (k != UINT64_MAX && (!m_planned || k < m_nextSlot))
    {
        ScheduleSlot(k);
    }
}

void
AtmCellTransmitter::AddGate(Ptr<AtmPortGate> gate)
{
    NS_LOG_FUNCTION(this << gate);
    NS_ABORT_MSG_IF(!m_port, "AtmCellTransmitter: AddGate() before Setup()");
    NS_ABORT_MSG_IF(!gate, "AtmCellTransmitter: AddGate(null)");
    gate->Setup(m_port,
                m_clock,
                m_port->AddHolder(),
                MakeCallback(&AtmCellTransmitter::Kick, this),
                MakeCallback(&AtmCellTransmitter::Sync, this));
    m_gates.push_back(gate);
}

uint32_t
AtmCellTransmitter::GetNGates() const
{
    return static_cast<uint32_t>(m_gates.size());
}

uint64_t
AtmCellTransmitter::NextUsefulSlot(uint64_t floor) const
{
    // No cell may start before every gate's earliest start (a port shaper).
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        const Time earliest = gate->GetEarliestStart();
        if (earliest != Time::Min())
        {
            floor = std::max(floor, m_clock.GetSlotAtOrAfter(earliest));
        }
    }
    if (m_port->GetState().GetNEligibleQueues() > 0)
    {
        return floor;
    }
    uint64_t k = UINT64_MAX;
    if (m_pending > 0)
    {
        int64_t first = m_tiedNext < m_tied.size() ? m_tiedAt : INT64_MAX;
        if (!m_fronts.empty())
        {
            first = std::min(first, m_fronts.front().at);
        }
        k = std::max(floor, SlotAfter(Time(first)));
    }
    // Nothing eligible: the first slot at or after a gate's next release may have something.
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        const Time release = gate->GetNextRelease();
        if (release != Time::Max())
        {
            k = std::min(k, std::max(floor, m_clock.GetSlotAtOrAfter(release)));
        }
    }
    return k;
}

void
AtmCellTransmitter::Drain(Time limit)
{
    // The state lives in members, not locals: a trace sink run by Receive() may call Sync()
    // (e.g. to read the port's occupancy), and that inner Drain() goes on where this one is.
    const int64_t bound = limit.GetTimeStep();
    while (true)
    {
        if (m_tiedNext < m_tied.size())
        {
            StoreNextTied();
            continue;
        }
        if (m_fronts.empty() || m_fronts.front().at >= bound)
        {
            return;
        }
        // Every input whose first cell arrives at the earliest instant t. All of them are here:
        // cells are announced no later than they arrive, and t < limit <= now.
        const int64_t t = m_fronts.front().at;
        m_tied.clear();
        m_tiedNext = 0;
        m_tiedAt = t;
        while (!m_fronts.empty() && m_fronts.front().at == t)
        {
            m_tied.push_back(m_fronts.front().input);
            std::pop_heap(m_fronts.begin(), m_fronts.end());
            m_fronts.pop_back();
        }
        // Input order from a start s that advances by one with each new instant: the first cell
        // stored is that of the first input at or after s (cyclically), every later one that of
        // the first input at or after s + 1 with a cell at t still to store. The two orders
        // agree except for input s itself, which comes first rather than last.
        const uint32_t n = static_cast<uint32_t>(m_in.size());
        const uint32_t s = m_tieStart;
        m_tieStart = (m_tieStart + 1) % n;
        const uint32_t from = m_tieStart;
        std::sort(m_tied.begin(), m_tied.end(), [from, n](uint32_t a, uint32_t b) {
            return (a + n - from) % n < (b + n - from) % n;
        });
        m_tiedRotated = m_tied.back() == s;
        if (m_tiedRotated)
        {
            std::rotate(m_tied.begin(), m_tied.end() - 1, m_tied.end());
        }
    }
}

void
AtmCellTransmitter::StoreNextTied()
{
    const uint32_t input = m_tied[m_tiedNext];
    AtmRing<Arrival>& in = m_in[input];
    const uint32_t vc = in.Front().vc;
    AtmCell cell = std::move(in.Front().cell);
    in.Pop();
    --m_pending;
    // Where the input goes next, decided before Receive() (see Drain()): a second cell at the
    // same instant is stored next (the input is the first at or after s + 1 with a cell left),
    // except after the rotated first input s, which is the last in that order.
    const bool again = !in.IsEmpty() && in.Front().at.GetTimeStep() == m_tiedAt;
    if (again && m_tiedRotated && m_tiedNext == 0)
    {
        m_tied.push_back(input);
        ++m_tiedNext;
    }
    else if (!again)
    {
        if (!in.IsEmpty())
        {
            m_fronts.push_back(InputFront{in.Front().at.GetTimeStep(), input});
            std::push_heap(m_fronts.begin(), m_fronts.end());
        }
        ++m_tiedNext;
    }
    m_port->Receive(std::move(cell), vc, Time(m_tiedAt));
}

void
AtmCellTransmitter::Sync()
{
    if (!m_port)
    {
        return;
    }
    if (m_inSlot)
    {
        // From inside a slot (a trace sink reading the port): the present is that slot's start.
        Drain(m_slotStart);
        return;
    }
    const Time now = Simulator::Now();
    if (m_planned && m_clock.GetSlotStart(m_nextSlot) < now)
    {
        // Deferred slots that start before now: run them (with the same decisions as at their
        // starts), so that the port describes the present.
        m_planned = false;
        ++m_generation; // the planned event finds itself stale
        RunSlotsBefore(m_nextSlot, now);
    }
    Drain(now);
}

void
AtmCellTransmitter::Slot(uint64_t generation)
{
    if (generation != m_generation)
    {
        ++m_staleEvents;
        return; // superseded by an earlier slot, or the transmitter was disposed
    }
    m_planned = false;
    ++m_slotEvents;
    const uint64_t k = m_nextSlot;
    const Time now = Simulator::Now();
    if (m_clock.GetSlotStart(k) < now)
    {
        RunSlotsBefore(k, now); // a deferred slot and those after it
        return;
    }
    m_inSlot = true;
    RunSlot(k);
    m_inSlot = false;
    Plan(k + 1);
}

void
AtmCellTransmitter::RunSlotsBefore(uint64_t k, Time limit)
{
    m_inSlot = true;
    while (true)
    {
        RunSlot(k);
        k = NextUsefulSlot(m_firstFreeSlot);
        if (k == UINT64_MAX || m_clock.GetSlotStart(k) >= limit)
        {
            break;
        }
    }
    m_inSlot = false;
    if (m_planned)
    {
        // Planned from inside the batch (a loop back to this port): plan again from here.
        m_planned = false;
        ++m_generation;
    }
    Plan(m_firstFreeSlot);
}

void
AtmCellTransmitter::RunSlot(uint64_t k)
{
    const Time now = m_clock.GetSlotStart(k);
    m_slotStart = now;
    m_firstFreeSlot = k + 1;
    Drain(now);
    // The gates release what is due at this slot start, then bound when a cell may start.
    bool mayStart = true;
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        gate->ReleaseDue(now);
    }
    for (const Ptr<AtmPortGate>& gate : m_gates)
    {
        mayStart = mayStart && gate->GetEarliestStart() <= now;
    }
    std::optional<AtmCell> cell;
    if (mayStart)
    {
        cell = m_port->Dequeue(now);
    }
    if (cell)
    {
        ++m_cellsSent;
        if (!m_departure.IsNull())
        {
            m_departure(*cell, now); // may rewrite header bits (an adapter's PDU tagger)
        }
        // Before the send callback, which may stage the VC's next cell (Stage()) and whose
        // far end may return a credit at once.
        for (const Ptr<AtmPortGate>& gate : m_gates)
        {
            gate->NotifySent(*cell, k);
        }
        m_send(*cell, k);
    }
}

void
AtmCellTransmitter::Plan(uint64_t earliest)
{
    if (m_planned)
    {
        return; // the send callback already planned a slot (Arrive / Stage / Kick)
    }
    const uint64_t k = NextUsefulSlot(earliest);
    if (k != UINT64_MAX)
    {
        ScheduleSlot(k);
    }
}

Ptr<AtmOutputPort>
AtmCellTransmitter::GetPort() const
{
    return m_port;
}

const AtmCellClock&
AtmCellTransmitter::GetClock() const
{
    return m_clock;
}

uint64_t
AtmCellTransmitter::GetCellsSent() const
{
    return m_cellsSent;
}

uint64_t
AtmCellTransmitter::GetSlotEvents() const
{
    return m_slotEvents;
}

uint64_t
AtmCellTransmitter::GetStaleEvents() const
{
    return m_staleEvents;
}

uint32_t
AtmCellTransmitter::GetAllocatedEvents() const
{
    return static_cast<uint32_t>(m_eventPool.size());
}

uint32_t
AtmCellTransmitter::GetPendingCells() const
{
    return m_pending;
}

uint32_t
AtmCellTransmitter::GetPendingCells(uint32_t vc) const
{
    uint32_t n = 0;
    for (const auto& in : m_in)
    {
        for (uint32_t i = 0; i < in.GetSize(); ++i)
        {
            n += in.At(i).vc == vc ? 1 : 0;
        }
    }
    return n;
}

} // namespace ns3
