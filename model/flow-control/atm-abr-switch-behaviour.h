/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_SWITCH_BEHAVIOUR_H
#define ATM_ABR_SWITCH_BEHAVIOUR_H

#include "ns3/atm-cell.h"
#include "ns3/atm-port-state.h"
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
 * Subclasses: AtmEfciMarker (EFCI marking with hysteresis thresholds).
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

  private:
    /**
     * @brief See NotifyArrival().
     * @param state the port's state
     * @param cell the cell
     */
    virtual void DoNotifyArrival(const AtmPortState& state, AtmCell& cell) = 0;
};

} // namespace ns3

#endif // ATM_ABR_SWITCH_BEHAVIOUR_H
