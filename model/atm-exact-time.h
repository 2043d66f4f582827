/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_EXACT_TIME_H
#define ATM_EXACT_TIME_H

#include "atm-cell-rate.h"
#include "atm-int128.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>

/**
 * @file
 * @ingroup atm
 * ns3::AtmExactTime: a time or duration held exactly as a rational number of time steps.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A time or a duration held exactly as units / M time steps (M a positive integer).
 *
 * ns-3's Time is an integer number of time steps (nanoseconds by default), but the quantities a
 * traffic contract defines are in general not: the increment 1/PCR of a 61,000 cells/s contract
 * is 16393.44... ns, OC-3c's cell time 2831.1966... ns, and a burst tolerance
 * (MBS - 1)(1/SCR - 1/PCR) mixes two such values. AtmExactTime holds them without rounding, as a
 * signed 128-bit count of sub-steps of 1/M time step, kept reduced (M is the smallest unit that
 * holds the value exactly). The GCRA family (Gcra, GcraLeakyBucket, DualGcra, FrameGcra,
 * GfrTokenBucket) takes its increments and limits in this form and keeps its state in a common
 * sub-step unit of its own, so that a source shaped at exactly the contract rate never drifts
 * against its policer.
 *
 * The cell time of a rate num / den cells/s is den U / num steps, U the number of time steps per
 * second read from Time when CellTime() is called (1e9 at ns-3's default resolution): reduced,
 * M = num / gcd(num, den U). Examples at nanosecond resolution: 1/80000 s = 12500 steps (M = 1);
 * 1/61000 s = 1000000/61 steps; OC-3c 53e9/18720000 s = 331250/117 steps.
 *
 * Arithmetic (+, -, multiplication by an integer, comparisons) is exact; it aborts rather than
 * overflow (a denominator beyond 64 bits or a count beyond 127 bits; no realistic contract gets
 * near either). Conversion to Time rounds in a stated direction: Floor(), Ceil() or Round()
 * (half up). A small copyable value: no allocation.
 */
class AtmExactTime
{
  public:
    /// Signed 128-bit integer (AtmInt128): the sub-step count.
    typedef AtmInt128 Int128;

    /// Zero.
    AtmExactTime();

    /**
     * @brief A time held exactly (M = 1).
     * @param t the time, an integer number of steps
     */
    explicit AtmExactTime(Time t);

    /**
     * @brief The value units / unitsPerStep time steps, reduced.
     *
     * Aborts if unitsPerStep is zero.
     *
     * @param units the number of sub-steps (may be negative)
     * @param unitsPerStep M, the number of sub-steps per time step
     * @return the value
     */
    static AtmExactTime FromUnits(Int128 units, uint64_t unitsPerStep);

    /**
     * @brief The exact cell time 1 / rate at the current time resolution.
     *
     * Aborts for a zero (not configured) rate or a resolution coarser than one second.
     *
     * @param rate a cell rate
     * @return den U / num time steps, reduced
     */
    static AtmExactTime CellTime(const AtmCellRate& rate);

    /// @return the sub-step count of the reduced value (units / GetUnitsPerStep() steps)
    Int128 GetUnits() const
    {
        return m_units;
    }

    /// @return M, the number of sub-steps per time step of the reduced value (at least 1)
    uint64_t GetUnitsPerStep() const
    {
        return m_unitsPerStep;
    }

    /**
     * @brief The value as a count of sub-steps of 1/unitsPerStep step.
     *
     * Aborts if the value is not an integer number of such sub-steps (unitsPerStep is not a
     * multiple of GetUnitsPerStep()) or the count overflows 127 bits.
     *
     * @param unitsPerStep the unit in which to express the value
     * @return the count
     */
    Int128 GetUnitsIn(uint64_t unitsPerStep) const;

    /// @return the largest Time not after the value (aborts if it does not fit a Time)
    Time Floor() const;

    /// @return the smallest Time not before the value (aborts if it does not fit a Time)
    Time Ceil() const;

    /// @return the nearest Time, halves rounded up (aborts if it does not fit a Time)
    Time Round() const;

    /// @return the value in seconds, rounded to a double (for output only)
    double GetSeconds() const;

    /// @return true if the value is zero
    bool IsZero() const
    {
        return m_units == 0;
    }

    /// @return true if the value is below zero
    bool IsNegative() const
    {
        return m_units < 0;
    }

    /**
     * @brief The smallest unit in which two values are both integral.
     * @param a a value
     * @param b a value
     * @return lcm(a.GetUnitsPerStep(), b.GetUnitsPerStep()) (aborts beyond 64 bits)
     */
    static uint64_t CommonUnitsPerStep(const AtmExactTime& a, const AtmExactTime& b);

    /**
     * @param a a sub-step count
     * @param m a positive divisor
     * @return floor(a / m), rounding towards minus infinity (C++ division truncates)
     */
    static Int128 FloorDiv(Int128 a, Int128 m);

    /**
     * @brief Exact sum.
     * @param other the addend
     * @return this + other
     */
    AtmExactTime operator+(const AtmExactTime& other) const;

    /**
     * @brief Exact difference.
     * @param other the subtrahend
     * @return this - other
     */
    AtmExactTime operator-(const AtmExactTime& other) const;

    /**
     * @brief Exact multiple.
     * @param k the factor
     * @return k times this
     */
    AtmExactTime operator*(int64_t k) const;

  private:
    Int128 m_units;          //!< sub-steps of 1/m_unitsPerStep time step
    uint64_t m_unitsPerStep; //!< M >= 1; the fraction is kept reduced
};

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a equals b
 */
bool operator==(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a differs from b
 */
bool operator!=(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a is below b
 */
bool operator<(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a is at most b
 */
bool operator<=(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a is above b
 */
bool operator>(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Exact comparison.
 * @param a a value
 * @param b a value
 * @return true if a is at least b
 */
bool operator>=(const AtmExactTime& a, const AtmExactTime& b);

/**
 * @ingroup atm
 * @brief Print "units/M steps" (or "units steps" when M = 1), exactly.
 * @param os the stream
 * @param t the value
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmExactTime& t);

} // namespace ns3

#endif // ATM_EXACT_TIME_H
