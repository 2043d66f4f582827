/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GCRA_LEAKY_BUCKET_H
#define GCRA_LEAKY_BUCKET_H

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::GcraLeakyBucket: GCRA(I, L) in its continuous-state leaky bucket form.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief GCRA(I, L) as a continuous-state leaky bucket (ITU-T I.371 / ATM Forum TM 4.0, the
 * form equivalent to the virtual scheduling of Gcra).
 *
 * The bucket holds X, drained at one unit per unit of time, and LCT, the last conformance time:
 *
 * @verbatim
   cell arriving at t_a (the first cell, or the first after Reset(): X' = 0):
       X' = X - (t_a - LCT)
       if X' > L:  non-conforming                          (X and LCT unchanged)
       else:       conforming;  X = max(0, X') + I,  LCT = t_a
   @endverbatim
 *
 * It decides exactly as Gcra does on every sequence of arrivals, with TAT = LCT + X (the test
 * "atm-gcra" feeds both the same random sequences, boundary arrivals included). Like Gcra it
 * keeps X, I, L and LCT exactly, in sub-steps of 1/M time step (see Gcra and AtmExactTime for the
 * unit and the reason), takes the same constructors and offers the same queries. A small
 * copyable value: no allocation, no events, no simulator calls. Arrivals must not decrease
 * (checked by NS_ASSERT).
 */
class GcraLeakyBucket
{
  public:
    /// Signed 128-bit integer: state in sub-steps.
    typedef AtmInt128 Int128;

    /// An unconfigured bucket: Conforms() and the other queries abort until one is assigned.
    GcraLeakyBucket();

    /**
     * @brief GCRA(increment, limit) on integer time steps. Aborts unless increment > 0 and
     * limit >= 0.
     * @param increment I
     * @param limit L
     */
    GcraLeakyBucket(Time increment, Time limit);

    /**
     * @brief GCRA(1/rate, limit), the increment held exactly. Aborts for a zero rate or a
     * negative limit.
     * @param rate the contract rate
     * @param limit L
     */
    GcraLeakyBucket(AtmCellRate rate, Time limit);

    /**
     * @brief GCRA(increment, limit) from exact values. Aborts unless increment > 0 and
     * limit >= 0.
     * @param increment I
     * @param limit L
     */
    GcraLeakyBucket(const AtmExactTime& increment, const AtmExactTime& limit);

    /**
     * @brief Police one cell: decide and, if it conforms, update X and LCT.
     * @param arrival the cell's arrival time (not before the previous arrival)
     * @return true if the cell conforms; false leaves the state unchanged
     */
    bool Conforms(Time arrival);

    /**
     * @brief The decision Conforms() would take, without changing the state.
     * @param arrival a time
     * @return true if a cell arriving then would conform
     */
    bool WouldConform(Time arrival) const;

    /**
     * @brief Charge a cell without testing it: X = max(0, X') + I, LCT = arrival.
     * @param arrival the cell's arrival time (not before the previous arrival)
     */
    void Charge(Time arrival);

    /**
     * @brief The earliest time step at which a cell would conform now: the smallest t with
     * X - (t - LCT) <= L, i.e. ceil(LCT + (X - L) / M); it equals Gcra's value.
     * @return the time, or Time::Min() before the first cell
     */
    Time GetEarliestConformingTime() const;

    /// Forget all cells (empty bucket; the next cell conforms).
    void Reset();

    /// @return true unless default-constructed
    bool IsConfigured() const
    {
        return m_unitsPerStep != 0;
    }

    /// @return I rounded half up to a time step (for display)
    Time GetIncrement() const;

    /// @return L rounded up to a time step
    Time GetLimit() const;

    /// @return LCT, the last conformance time, or Time::Min() before the first cell
    Time GetLastConformanceTime() const;

    /// @return X exactly, the content just after the last conforming cell (zero before it)
    AtmExactTime GetExactContent() const;

    /// @return M, the sub-steps per time step in which the state is kept (0 if unconfigured)
    uint64_t GetUnitsPerStep() const
    {
        return m_unitsPerStep;
    }

  private:
    /**
     * @brief Set I and L (validated by the caller) in their common sub-step unit.
     * @param increment I (> 0)
     * @param limit L (>= 0)
     */
    void Init(const AtmExactTime& increment, const AtmExactTime& limit);

    /**
     * @brief Check that the bucket is configured and @p arrival fits the 128-bit state.
     * @param arrival an arrival time
     * @return arrival x M
     */
    Int128 Scale(Time arrival) const;

    Int128 m_increment;      //!< I in sub-steps
    Int128 m_limit;          //!< L in sub-steps
    Int128 m_content;        //!< X in sub-steps (valid once m_started)
    Int128 m_lct;            //!< LCT x M (valid once m_started)
    uint64_t m_unitsPerStep; //!< M: sub-steps per time step; 0 = not configured
    int64_t m_maxAbsSteps;   //!< arrivals beyond +- this would overflow the state
    Time m_lastArrival;      //!< the last arrival given to Conforms() or Charge() (order check)
    bool m_started;          //!< false until the first cell (or after Reset())
};

} // namespace ns3

#endif // GCRA_LEAKY_BUCKET_H
