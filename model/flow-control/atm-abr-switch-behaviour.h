/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_SWITCH_BEHAVIOUR_H
#define ATM_ABR_SWITCH_BEHAVIOUR_H

#include "ns3/atm-cell.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmAbrSwitchBehaviour: base class of what a switch's output port does for ABR.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of the ABR behaviours of a switch's output port (ATM Forum Traffic
 *        Management 4.0, section 5.10.6: a switch marks EFCI in data cells, or sets CI/NI, or
 *        lowers ER in RM cells, from what it measures at the port).
 *
 * The output port (AtmOutputPort attribute `AbrBehaviour`) calls NotifyArrival() for every
 * cell that arrives at it, at the cell's arrival instant (state.GetNow()) and before the buffer
 * policy decides on it, so the behaviour sees the port's buffer as the cell finds it and may
 * rewrite the cell's header (EFCI) or RM fields. A new behaviour is one subclass and its test.
 * Subclasses: AtmEfciMarker (EFCI marking with hysteresis thresholds), AtmCiNiMarker (CI/NI
 * in RM cells from queue thresholds), AtmErica and AtmEricaPlus (explicit rate in backward RM
 * cells, which the port gets through ProcessBackwardRm()); AtmAbrBehaviourFactory names them.
 */
class AtmAbrSwitchBehaviour : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrSwitchBehaviour();
    ~AtmAbrSwitchBehaviour() override;

    /**
     * @brief A cell arrives at the port (per cell, O(1) expected).
     * @param state the port's state at the arrival instant (the cell not yet counted)
     * @param cell the cell, which the behaviour may rewrite
     */
    void NotifyArrival(const AtmPortState& state, AtmCell& cell);

    /**
     * @brief A backward RM cell of a VC whose forward direction leaves through this port
     *        arrived at the switch port that sends it on towards the source (the switch pairs
     *        the two directions of a bidirectional PVC): the behaviour may lower its ER or set
     *        CI/NI.
     * @param vc the VC's index at this port (the forward direction)
     * @param rm the cell's fields
     * @param now its arrival instant
     */
    void ProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now);

    /**
     * @return true if the behaviour acts on backward RM cells (ProcessBackwardRm()): the switch
     *         then runs its ports slot by slot (no deferred slots), so that the port that
     *         measures and the port that carries the backward cells see each other in time order
     */
    virtual bool ReadsBackwardRm() const;

  protected:
    /**
     * @brief The cells in the port's buffer at a time after the last arrival, estimated from
     *        what the port last showed: the content the last arrival found, less one cell per
     *        slot of the port's link since (a port with a backlog sends one cell per slot; no
     *        arrival means nothing was added).
     * @param t the time (an earlier time gives the content the last arrival found)
     * @return cells (0 before any arrival)
     */
    uint32_t GetQueueEstimate(Time t) const;

  private:
    /**
     * @brief See NotifyArrival().
     * @param state the port's state
     * @param cell the cell
     */
    virtual void DoNotifyArrival(const AtmPortState& state, AtmCell& cell) = 0;
    /**
     * @brief See ProcessBackwardRm(). Default: nothing.
     * @param vc the VC's index at this port
     * @param rm the cell's fields
     * @param now its arrival instant
     */
    virtual void DoProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now);

    uint32_t m_queue{0};  //!< the cells the last arrival found in the buffer
    Time m_lastArrival;   //!< the last arrival's instant
    double m_linkRate{0}; //!< the port's cell rate (cells/s) at the last arrival
};

} // namespace ns3

#endif // ATM_ABR_SWITCH_BEHAVIOUR_H
