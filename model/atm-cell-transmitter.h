/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_TRANSMITTER_H
#define ATM_CELL_TRANSMITTER_H

#include "atm-cell-clock.h"
#include "atm-cell.h"
#include "atm-output-port.h"
#include "atm-port-gate.h"
#include "atm-ring.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCellTransmitter: the slotted line transmitter of an output port.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The line transmitter of an AtmOutputPort: one cell per slot of the link's cell clock,
 *        with cell arrivals handled lazily.
 *
 * Each busy slot k of the AtmCellClock costs exactly one simulator event: at GetSlotStart(k)
 * the transmitter first stores in the port every cell that arrived strictly before that
 * instant, in arrival-time order across its inputs, then asks the port for one cell
 * (AtmOutputPort::Dequeue) and hands it to the send callback, which puts it on the link.
 * A cell arriving exactly at a slot start is stored after that slot's departure
 * ("departures before arrivals") and can leave at the next slot at the
 * earliest, so a cell that arrives in slot k departs in slot k + 1 or later.
 *
 * Arrivals are announced ahead of time (Arrive()): an upstream transmitter knows when a
 * cell's last bit will reach this port as soon as it sends it. They wait in one FIFO per
 * input (each input announces its cells in time order) and are merged when the port state
 * matters (cells arriving at the same instant on several inputs are stored in an order that
 * rotates among the inputs, so none is systematically first to find the last free place): at a
 * slot, or when Sync() is called. Because the port changes only at departures (slots) and arrivals,
 * processing arrivals in time order just before the next departure gives exactly the decisions of
 * processing each one at its arrival instant; only the *time* at which the port's arrival traces
 * (CellEnqueue, CellDrop, FrameDrop, CellsInQueue) fire is the next slot start, at most one cell
 * time late.
 *
 * Gates (AtmPortGate: credits, shaping, ...) decide which queues are eligible: at each slot the
 * transmitter asks every gate to release what is due and whether a cell may start yet, and tells
 * every gate which cell it sent (the protocol is in AtmPortGate's description). The transmitter
 * sleeps when no queue is eligible and no arrival is announced, and wakes at the first slot
 * strictly after the next arrival, at the first slot at or after the earliest release any gate
 * reports, or at Kick() (a gate's Wake(), or AtmOutputPort::SetQueueHeld by a script): an idle
 * link costs no events, and a held cell costs only the slot that sends it.
 *
 * An end-system adapter has a single input whose cells are ready at the instant it stages
 * them; it may Stage() them instead of announcing them: they are stored in the port at once
 * (so a queue held by a shaper or by credits does not wake the transmitter) and may leave at
 * the first slot strictly after the staging instant, as announced ones would.
 *
 * <b>Deferred slots.</b> Nothing a slot decides is needed by anyone before a later instant:
 * the next hop needs a cell's announcement only before the cell arrives there (a link delay
 * later), and a credit returned at the departure is due upstream a link delay later. A
 * transmitter given a deferral D > 0 (SetDeferral(); AtmSwitch does it for its ports) therefore
 * runs slot k not at its start t_k but in one event at t_k + D, together with every later slot
 * that starts before that instant, with the same decisions: each slot still sees exactly the
 * arrivals strictly before its start and the gate releases due at its start, because everything
 * that can affect slot k is known before t_k (arrivals are announced a link delay ahead by
 * upstream transmitters deferring less than that delay; credits are due a link delay after
 * they are returned). One event then carries about D / (cell time) busy slots instead of one.
 * Sync() runs the deferred slots that start before now, so the port, its counters and its gates
 * describe the present whenever they are read through the device (AtmDevice::GetOutputPort()).
 * The deferral is zero while anything observes the port's decisions at the instant they are
 * made: a connected trace sink of the port, of a gate or of whatever SetDeferral()'s callback
 * covers, or a departure callback.
 */
class AtmCellTransmitter : public Object
{
  public:
    /**
     * Receives each transmitted cell: (cell, slot index). The cell's first bit leaves at
     * GetClock().GetSlotStart(slot), its last bit at GetSlotStart(slot + 1).
     */
    typedef Callback<void, const AtmCell&, uint64_t> SendCallback;

    /**
     * Sees each cell at the instant it starts on the link, before the gates and the send
     * callback, and may rewrite its header bits: (cell, start of its slot). An adapter's PDU
     * tagger sets CLP here (AtmNetDevice::SetVcPduTagger), so that the decision is taken when
     * the PDU's first cell starts, not when it was queued.
     */
    typedef Callback<void, AtmCell&, Time> DepartureCallback;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellTransmitter();
    ~AtmCellTransmitter() override;

    /**
     * @brief Connect the transmitter. Called once, by the device that owns it.
     * @param port the output port it serves
     * @param clock the link's cell clock
     * @param send receives the transmitted cells
     */
    void Setup(Ptr<AtmOutputPort> port, const AtmCellClock& clock, SendCallback send);

    /**
     * @brief Set the callback that sees (and may rewrite) every cell as it starts on the link,
     *        before the gates are told and the send callback runs. The port's CellDequeue trace
     *        has already fired with the cell as it was queued.
     * @param departure the callback (null: none, the default; costs one test per cell)
     */
    void SetDepartureCallback(DepartureCallback departure);

    /// Reports whether something outside the port observes its decisions as they are made.
    typedef std::function<bool()> ObservedCallback;
    /// Gives the largest deferral the transmitter's neighbours allow (see the class description).
    typedef std::function<Time()> DeferralBoundCallback;

    /**
     * @brief Let the transmitter defer its slots (class description). The bound is asked once,
     *        when the first slot is planned (all links are attached by then); the observer at
     *        every planned slot. Only for a transmitter whose cells are all announced (Arrive),
     *        never staged (Stage()).
     * @param bound the largest deferral: strictly less than the delay of the link the cells
     *        leave on and of every link that a departure returns a credit on (<= 0: none)
     * @param observed true while something outside the port (a trace sink of the link or of the
     *        next hop) must see each decision at its instant; the transmitter itself checks the
     *        port's and the gates' trace sources and its departure callback
     */
    void SetDeferral(DeferralBoundCallback bound, ObservedCallback observed);
    /**
     * @return the deferral in force now: the bound of SetDeferral(), or zero while the port is
     *         observed or if SetDeferral() was not called
     */
    Time GetDeferral();

    /**
     * @brief Set the simulator context of the slot events (the owning node's id).
     * @param context the context (Simulator::NO_CONTEXT by default)
     */
    void SetContext(uint32_t context);

    /**
     * @brief Declare an input: a source of arrivals announced in non-decreasing time order
     *        (a switch input port, an adapter's segmentation cursors).
     * @return the input id for Arrive()
     */
    uint32_t AddInput();

    /**
     * @brief Announce a cell that will be complete at this port at @p arrival.
     * @param input an id from AddInput()
     * @param cell the cell (its labels already rewritten for the outgoing link)
     * @param vc the cell's VC index at the port
     * @param arrival when the cell is complete here (not before now, and not before the
     *        previous arrival announced on the same input)
     */
    void Arrive(uint32_t input, const AtmCell& cell, uint32_t vc, Time arrival);

    /**
     * @brief Store a cell in the port now (an adapter's staged cell; see the class
     *        description). It may leave at the first slot strictly after now.
     * @param cell the cell
     * @param vc its VC index at the port
     */
    void Stage(const AtmCell& cell, uint32_t vc);

    /**
     * @brief Add a gate: the port gives it a holder bit and the gate is connected to the port,
     *        the link's clock and Kick() (AtmPortGate::Setup). Gates are asked in the order they
     *        were added. The device does it for its gates (AtmDevice::AddGate).
     * @param gate the gate (not yet set up)
     */
    void AddGate(Ptr<AtmPortGate> gate);
    /// @return the number of gates
    uint32_t GetNGates() const;

    /**
     * @brief Re-evaluate the next slot after a change of eligibility outside the slot protocol
     *        (a gate's Wake(), AtmOutputPort::SetQueueHeld by a script). A cell may then leave
     *        at the current instant if it is a slot start not yet used.
     */
    void Kick();

    /**
     * @brief Run the deferred slots that start strictly before now, then store in the port every
     *        announced cell that arrived strictly before now, so that the port, its gates and
     *        its counters describe the present. Called by getters.
     */
    void Sync();

    /// @return the output port
    Ptr<AtmOutputPort> GetPort() const;
    /// @return the link's cell clock
    const AtmCellClock& GetClock() const;
    /// @return the number of cells transmitted (busy slots run so far; Sync() first for now)
    uint64_t GetCellsSent() const;
    /// @return the number of slot events executed (busy or not; one may run many slots)
    uint64_t GetSlotEvents() const;
    /// @return superseded slot events that fired and did nothing (rare: an earlier arrival)
    uint64_t GetStaleEvents() const;
    /// @return slot event objects allocated so far (reused: one or two on a busy link)
    uint32_t GetAllocatedEvents() const;
    /// @return announced cells not yet stored in the port (on the wire or arriving)
    uint32_t GetPendingCells() const;
    /**
     * @param vc a VC index at the port
     * @return announced cells of @p vc not yet stored (O(pending): for ledgers, not per cell)
     */
    uint32_t GetPendingCells(uint32_t vc) const;

  protected:
    void DoDispose() override;

  private:
    /// An announced cell.
    struct Arrival
    {
        AtmCell cell; //!< the cell
        Time at;      //!< arrival instant
        uint32_t vc;  //!< VC index at the port
    };

    /// An input whose first announced cell arrives at @c at (an entry of the fronts heap).
    struct InputFront
    {
        int64_t at;     //!< arrival instant of the input's first cell (time steps)
        uint32_t input; //!< the input

        /**
         * @param other another entry
         * @return true if this one arrives later (a min-heap with std::push_heap)
         */
        bool operator<(const InputFront& other) const
        {
            return at > other.at;
        }
    };

    class SlotEvent;

    /**
     * @brief The slot event.
     * @param generation the generation it was scheduled with (stale if not the current one)
     */
    void Slot(uint64_t generation);
    /**
     * @brief Run slot @p k at its start: store the arrivals before it, let the gates release,
     *        send one cell if a queue may send.
     * @param k the slot (not before m_firstFreeSlot)
     */
    void RunSlot(uint64_t k);
    /**
     * @brief Run every useful slot from @p k on that starts strictly before @p limit (slot @p k
     *        itself in any case), then plan the next.
     * @param k the first slot to run
     * @param limit the bound (now)
     */
    void RunSlotsBefore(uint64_t k, Time limit);
    /// @return true if a trace sink, a gate's or the owner's, sees each decision as it is made
    bool IsObserved() const;
    /**
     * @brief Store the announced cells that arrived strictly before @p limit, in arrival order;
     * the cells of one instant in input order starting at an input that rotates with each new
     * instant (so that no input is always stored first, i.e. always gets the last free buffer
     * place). Costs O(log inputs) per cell: a heap of the inputs' first cells.
     * @param limit the bound
     */
    void Drain(Time limit);
    /**
     * @brief Store the first cell of the next input of m_tied in the port; the input then
     * stays among the tied inputs (a second cell at the same instant) or goes back into the
     * heap (a later cell) or leaves both (empty).
     */
    void StoreNextTied();
    /**
     * @brief Plan the next slot event after slot @p earliest - 1 was used.
     * @param earliest the first slot that may be used
     */
    void Plan(uint64_t earliest);
    /**
     * @brief The slot at which the transmitter has something to do: a cell may leave, an
     *        announced cell arrives, or a gate releases a queue.
     * @param floor the first slot that may be used
     * @return the slot, or UINT64_MAX if there is nothing to do
     */
    uint64_t NextUsefulSlot(uint64_t floor) const;
    /**
     * @param t an instant
     * @return the index of the first slot that starts strictly after @p t
     */
    uint64_t SlotAfter(Time t) const;
    /**
     * @brief (Re)schedule the slot event at slot @p k.
     * @param k the slot
     */
    void ScheduleSlot(uint64_t k);

    Ptr<AtmOutputPort> m_port;             //!< the port served
    std::vector<Ptr<AtmPortGate>> m_gates; //!< the gates, in the order they were added
    AtmCellClock m_clock;                  //!< the link's cell clock
    SendCallback m_send;                   //!< receives the transmitted cells
    DepartureCallback m_departure;         //!< sees each departing cell first, or null
    std::vector<AtmRing<Arrival>> m_in;    //!< announced cells, one FIFO per input
    std::vector<InputFront> m_fronts;      //!< min-heap: each nonempty input's first arrival
    std::vector<uint32_t> m_tied;          //!< Drain(): the inputs with cells at m_tiedAt
    size_t m_tiedNext{0};                  //!< Drain(): the next of m_tied to store
    int64_t m_tiedAt{0};                   //!< Drain(): the instant being stored (time steps)
    bool m_tiedRotated{false};             //!< Drain(): m_tied[0] is the rotated first input
    uint32_t m_pending{0};                 //!< total announced cells not yet stored
    uint32_t m_tieStart{0};                //!< first input scanned for simultaneous arrivals
    bool m_planned{false};                 //!< a slot event is planned
    bool m_inSlot{false};                  //!< Slot() is running (Kick() waits for its Plan())
    Time m_slotStart;                      //!< start of the slot being run (valid in Slot())
    DeferralBoundCallback m_deferralBound; //!< SetDeferral()'s bound, or empty
    ObservedCallback m_observed;           //!< SetDeferral()'s observer, or empty
    Time m_maxDeferral;                    //!< the bound, once asked
    bool m_boundKnown{false};              //!< m_maxDeferral was asked
    uint64_t m_generation{0};              //!< generation of the planned slot event
    uint64_t m_staleEvents{0};             //!< superseded slot events that fired
    uint64_t m_nextSlot{0};                //!< slot of the planned event (valid if m_planned)
    Time m_nextSlotPrevStart;              //!< start of slot m_nextSlot - 1 (or -1 ns)
    uint64_t m_firstFreeSlot{0};           //!< first slot not yet used
    uint64_t m_cellsSent{0};               //!< busy slots
    uint64_t m_slotEvents{0};              //!< slot events executed
    uint32_t m_context{0xffffffff};        //!< context of the slot events (Simulator::NO_CONTEXT)
    /// Slot events for reuse: one is queued at a time, plus the rare superseded ones; an event
    /// only this pool refers to is free (no allocation per slot).
    std::vector<Ptr<SlotEvent>> m_eventPool;
};

} // namespace ns3

#endif // ATM_CELL_TRANSMITTER_H
