/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_CLOCK_H
#define ATM_CELL_CLOCK_H

#include "atm-cell-rate.h"

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The exact cell clock of one link: when cell slot k starts (one clock per link, shared by
 * the channel, shapers, GCRAs and CDV metrics).
 *
 * A link of rate r cells/s with origin t0 starts slot k (k = 0, 1, 2, ...) at
 *
 * @verbatim
   GetSlotStart(k) = t0 + round(k / r),   rounded half up to the time resolution
                   = t0 + floor((2 k den U + num) / (2 num)) time steps
   @endverbatim
 *
 * where r = num / den is the exact AtmCellRate and U the number of time steps per second at the
 * current resolution (1e9 with ns-3's default nanoseconds). The arithmetic is integer only, with
 * 128-bit intermediates, so every slot is the time step nearest to its exact instant. This is the
 * time base that the channel, shapers, GCRA policers and CDV metrics share: adding a rounded cell
 * time instead (DataRate::CalculateBytesTxTime(53) is 2831 ns at OC-3c for an exact
 * 2831.197 ns) would drift by one cell every 14,400 cells, and two components rounding
 * differently would disagree on which slot a cell is in.
 *
 * Consequences, relied upon by users and checked by the tests:
 * - the long-run count is exact: after num slots exactly den seconds have passed (OC3c:
 *   slot 18,720,000 starts at t0 + 53 s), and any interval of T seconds holds floor(r T) or
 *   ceil(r T) slot starts;
 * - consecutive slot lengths differ by at most one time step (2831 or 2832 ns at OC3c), and
 *   slot starts increase strictly when a cell lasts at least one time step;
 * - GetSlotAtOrAfter() is the exact inverse: the smallest k whose slot starts at or after t.
 *
 * No slot arithmetic uses floating point. k den U must fit in 128 bits (the clock aborts
 * otherwise): with U = 1e9 and a denominator below 2^64 that holds for every k below 1.8e10,
 * and for the presets (denominator at most 53) for every k that a 64-bit Time can reach; the
 * slot time must also fit ns-3's 64-bit Time (292 years at nanosecond resolution). Neither limit
 * can be reached by a realistic run.
 *
 * The clock reads the time resolution when it is constructed; construct it after any
 * Time::SetResolution(), as ns-3 requires of every Time.
 *
 * This is a small value type (a rate, an origin and U): copy it freely.
 */
class AtmCellClock
{
  public:
    /// A clock without a rate: every query aborts until a configured clock is assigned.
    AtmCellClock();

    /**
     * @brief A clock of the given rate whose slot 0 starts at @p origin.
     *
     * Aborts for a zero (not configured) rate, or if the time resolution is coarser than one
     * second.
     *
     * @param rate the link's cell rate
     * @param origin the start of slot 0
     */
    explicit AtmCellClock(const AtmCellRate& rate, Time origin = Time());

    /**
     * @brief The start of slot k: origin + k / rate, rounded half up to the time resolution.
     *
     * Aborts if k den U overflows 128 bits or the result overflows Time (not reachable in a
     * realistic run; see the class documentation).
     *
     * @param k the slot index
     * @return the time at which slot @p k starts
     */
    Time GetSlotStart(uint64_t k) const;

    /**
     * @brief The first slot starting at or after a time.
     * @param t a time
     * @return the smallest k with GetSlotStart(k) >= t (0 if t <= origin)
     */
    uint64_t GetSlotAtOrAfter(Time t) const;

    /**
     * @brief The number of slots starting in [from, to).
     * @param from start of the interval (included)
     * @param to end of the interval (excluded)
     * @return GetSlotAtOrAfter(to) - GetSlotAtOrAfter(from), or 0 if to <= from
     */
    uint64_t GetSlotsIn(Time from, Time to) const;

    /**
     * @return the cell rate
     */
    AtmCellRate GetRate() const
    {
        return m_rate;
    }

    /**
     * @return the start of slot 0
     */
    Time GetOrigin() const
    {
        return m_origin;
    }

  private:
    AtmCellRate m_rate;        //!< exact rate num / den cells per second
    Time m_origin;             //!< start of slot 0
    uint64_t m_stepsPerSecond; //!< U: time steps per second at construction; 0 = no rate
    // Per-cell fast paths in 64-bit arithmetic, set up once by the constructor (0: none).
    uint64_t m_denSteps{0};     //!< den U, if it fits 64 bits
    uint64_t m_fastSlotMax{0};  //!< largest slot k with k den U < 2^64
    uint64_t m_fastStepsMax{0}; //!< largest offset d (steps) with (2 d - 1) num < 2^64

    /// A computed slot start.
    struct Memo
    {
        uint64_t slot{0};  //!< the slot
        int64_t start{0};  //!< its start (time steps)
        bool valid{false}; //!< slot and start hold a computed value
    };

    /// The last slot starts computed, by slot parity: a line asks for slots k and k + 1 over and
    /// over (the slot's start, its end, the next slot's start).
    mutable Memo m_memo[2];
};

} // namespace ns3

#endif // ATM_CELL_CLOCK_H
