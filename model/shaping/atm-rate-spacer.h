/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RATE_SPACER_H
#define ATM_RATE_SPACER_H

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRateSpacer: exact spacing of one flow's cells at a rate that may change at every cell.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The spacing rule of a shaper whose rate varies (GfrShaper, AtmAbrShaper): after a cell
 *        that started at the start s of its slot, the flow's next cell may start at the
 *        earliest at V - tolerance, where
 * @verbatim
   V = (the cell waited for V ? V : s) + 1/rate
   @endverbatim
 *        and "waited" means it started within one link slot after V.
 *
 * Cells start only at slot boundaries of the link (AtmCellClock). A rule that restarted V from
 * s at every cell (GCRA virtual scheduling with CDVT 0) would round the rate down to the link's
 * rate over a whole number of slots, e.g. 121,855 instead of 180,000 cells/s on a 365,566
 * cells/s link; continuing from V instead gives successive gaps of the whole slot counts just
 * below and above 1/rate, averaging exactly 1/rate, as the spacer of a real adapter does. A cell
 * that did not wait for V found the flow idle: V restarts from its slot, with no catching up.
 *
 * Times are kept in sub-steps of 1/M time step (as in Gcra), M chosen so that the cell times of
 * the two rates given to Setup() (a contract's MCR and PCR) are exact: a flow sent at exactly
 * one of them never drifts against a policer with the same parameters. Any other rate's cell
 * time is rounded up to a sub-step (GetIncrement()), so the flow is never faster than its rate.
 *
 * A value type: no events, no allocation.
 */
class AtmRateSpacer
{
  public:
    AtmRateSpacer();

    /**
     * @brief Bind the spacer to a link and forget any previous cell.
     * @param clock the link's cell clock
     * @param low a rate whose cell time must be exact (non-zero)
     * @param high another such rate (non-zero)
     * @param tolerance how much earlier than V a cell may start (0: none)
     */
    void Setup(const AtmCellClock& clock, AtmCellRate low, AtmCellRate high, Time tolerance);

    /// @return the exact cell time of Setup()'s @p low rate, in sub-steps
    AtmInt128 GetLowIncrement() const;
    /// @return the exact cell time of Setup()'s @p high rate, in sub-steps
    AtmInt128 GetHighIncrement() const;
    /**
     * @param rate a positive rate in cells/s
     * @return its cell time in sub-steps, rounded up (never faster than @p rate)
     */
    AtmInt128 GetIncrement(double rate) const;

    /// @return the earliest start of the flow's next cell (Time::Min() before the first cell)
    Time GetEarliestStart() const;

    /**
     * @brief A cell of the flow started on the link: advance V by @p increment.
     * @param slotStart the start of its slot (not before GetEarliestStart())
     * @param increment the cell time to the next cell, in sub-steps
     */
    void NotifySent(Time slotStart, AtmInt128 increment);

    /**
     * @brief The rate changed before the next cell: that cell is spaced from the last one by
     *        @p increment instead (V = V - previous increment + @p increment). Nothing happens
     *        before the first cell.
     * @param increment the new cell time, in sub-steps
     */
    void Respace(AtmInt128 increment);

    /// @return true once a cell was sent
    bool HasStarted() const;

  private:
    uint64_t m_unitsPerStep{0};   //!< M: sub-steps per time step
    AtmInt128 m_tLow{0};          //!< exact cell time of the low rate
    AtmInt128 m_tHigh{0};         //!< exact cell time of the high rate
    AtmInt128 m_limit{0};         //!< tolerance in sub-steps
    AtmInt128 m_slotUnits{0};     //!< one link slot (rounded up to a time step) in sub-steps
    double m_unitsPerSecond{0};   //!< sub-steps per second
    AtmInt128 m_v{0};             //!< V, in sub-steps
    AtmInt128 m_lastIncrement{0}; //!< the increment V was advanced by last
    bool m_started{false};        //!< a cell was sent
};

} // namespace ns3

#endif // ATM_RATE_SPACER_H
