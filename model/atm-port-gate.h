/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_GATE_H
#define ATM_PORT_GATE_H

#include "atm-cell-clock.h"
#include "atm-cell.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmPortGate: the interface of whatever may hold back cells that are already queued in an
 * output port (credits, shaping, and later ABR rate pacing and GFR spacing).
 */

namespace ns3
{

class AtmOutputPort;

/**
 * @ingroup atm
 * @brief Base class of the eligibility gates of an output port: objects that decide *when* the
 *        cells queued in the port may leave, per queue or for the whole link.
 *
 * The buffer policy decides whether a cell enters the port and the cell scheduler which eligible
 * queue sends in a slot; a gate decides which queues are eligible. Examples: AN2 credit flow
 * control holds a VC that has no credit left (AtmCreditFlowControl), a shaper holds a VC (or a
 * group, or the link) until its next conforming instant (AtmShapingGate). ABR rate pacing at the
 * allowed cell rate and GFR virtual spacing are gates too.
 *
 * A gate holds a queue with Hold(): the port keeps one holder bit per gate (it hands the bits out
 * when the transmitter adds the gate), and a queue is eligible only while no gate holds it. Gates
 * never store, drop or reorder cells.
 *
 * The line transmitter (AtmCellTransmitter) drives every gate of its port with the same protocol,
 * one slot event per busy cell slot and none while idle:
 * @verbatim
   at the start of slot k (time t):  for each gate: ReleaseDue(t)
                                      if t >= max over gates of GetEarliestStart():
                                          cell = port.Dequeue(t)  (scheduler, eligible queues only)
                                      if cell: for each gate: NotifySent(cell, k); send
   when it would sleep:               wake at the first slot at or after
                                      min over gates of GetNextRelease()
   @endverbatim
 * A gate therefore releases lazily: it needs no simulator event of its own. When something outside
 * the slot protocol moves its next release earlier (a credit returns from downstream), it calls
 * Wake(), and the transmitter plans a slot for it if it sleeps.
 *
 * A new gate is one subclass overriding DoReleaseDue(), DoGetNextRelease(), DoNotifySent() and,
 * for a link-wide bound, DoGetEarliestStart(), plus its test; the gate contract suite
 * (atm-port-gate-contract) checks every registered gate.
 */
class AtmPortGate : public Object
{
  public:
    /// Called by a gate whose next release moved earlier than it last reported.
    typedef Callback<void> WakeCallback;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPortGate();
    ~AtmPortGate() override;

    /**
     * @brief Connect the gate to the port it gates (the transmitter does it when the gate is
     *        added to it, AtmCellTransmitter::AddGate). Aborts if called twice.
     * @param port the output port
     * @param clock the link's cell clock
     * @param holder the holder bit the port gave this gate (AtmOutputPort::AddHolder)
     * @param wake what Wake() calls (the transmitter's AtmCellTransmitter::Kick)
     * @param sync what SyncPort() calls (the transmitter's AtmCellTransmitter::Sync; null: none)
     */
    void Setup(Ptr<AtmOutputPort> port,
               const AtmCellClock& clock,
               uint32_t holder,
               WakeCallback wake,
               WakeCallback sync = WakeCallback());
    /// @return true once Setup() was called
    bool IsSetup() const;

    /**
     * @brief Release the queues whose hold ends at or before @p now (at each slot, before the
     *        port chooses a cell).
     * @param now the slot's start
     */
    void ReleaseDue(Time now);
    /**
     * @return the earliest time at which any cell of the port may start on the link
     *         (Time::Min() if the gate bounds no such thing)
     */
    Time GetEarliestStart() const;
    /**
     * @return the earliest time at which a queue held by the gate may be released without
     *         an outside event (Time::Max() if none)
     */
    Time GetNextRelease() const;
    /**
     * @brief A cell started on the link (before it is handed to the link).
     * @param cell the cell (cell.vc is its VC index at the port)
     * @param slot its slot on the link's clock
     */
    void NotifySent(const AtmCell& cell, uint64_t slot);

    /// @return how many times the gate held a queue back
    uint64_t GetHolds() const;
    /**
     * @return true if a sink is connected to one of the gate's trace sources (the transmitter
     *         then runs each slot at its start: AtmCellTransmitter::SetDeferral)
     */
    bool IsTraced() const;
    /// @return the port's holder bit of this gate (0 before Setup())
    uint32_t GetHolder() const;

  protected:
    void DoDispose() override;

    /**
     * @brief Hold a queue back or release it (this gate's holder bit only).
     * @param queue the port's queue id (AtmPortState::GetVcQueue())
     * @param held true to hold
     */
    void Hold(uint32_t queue, bool held);
    /// @brief Count one hold in GetHolds() (a gate counts what it calls a hold: a VC, a flow).
    void CountHold();
    /// @brief Tell the transmitter that GetNextRelease() moved earlier (outside a slot).
    void Wake();
    /**
     * @brief Let the transmitter run its deferred slots up to now (AtmCellTransmitter::Sync),
     *        so that the gate's state describes the present: call it first in a getter.
     */
    void SyncPort();
    /// @return the gated port (null before Setup())
    Ptr<AtmOutputPort> GetPort() const;
    /// @return the link's cell clock (valid after Setup())
    const AtmCellClock& GetClock() const;

  private:
    /// @brief Called at the end of Setup(): resolve whatever needs the port or the clock.
    virtual void DoSetup();
    /**
     * @brief Release what is due (see ReleaseDue()).
     * @param now the slot's start
     */
    virtual void DoReleaseDue(Time now) = 0;
    /// @return see GetEarliestStart() (default Time::Min())
    virtual Time DoGetEarliestStart() const;
    /// @return see IsTraced() (default false: a gate without trace sources)
    virtual bool DoIsTraced() const;
    /// @return see GetNextRelease()
    virtual Time DoGetNextRelease() const = 0;
    /**
     * @brief See NotifySent().
     * @param cell the cell
     * @param slot its slot
     */
    virtual void DoNotifySent(const AtmCell& cell, uint64_t slot) = 0;

    Ptr<AtmOutputPort> m_port; //!< the gated port
    AtmCellClock m_clock;      //!< the link's clock
    uint32_t m_holder{0};      //!< this gate's holder bit at the port
    WakeCallback m_wake;       //!< the transmitter's Kick
    WakeCallback m_sync;       //!< the transmitter's Sync, or null
    uint64_t m_holds{0};       //!< holds so far
};

} // namespace ns3

#endif // ATM_PORT_GATE_H
