/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GCRA_H
#define GCRA_H

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::Gcra: the Generic Cell Rate Algorithm GCRA(I, L), virtual scheduling form.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The Generic Cell Rate Algorithm GCRA(I, L) in its virtual scheduling form (ITU-T
 * I.371, ATM Forum TM 4.0; BON Fig 3.1, TEN34).
 *
 * @verbatim
   cell arriving at t_a (the first cell, or the first after Reset(), always conforms):
       if t_a < TAT - L:  non-conforming                 (TAT unchanged)
       else:              conforming;  TAT = max(t_a, TAT) + I
   @endverbatim
 *
 * I is the increment (1/PCR for a peak-rate test, 1/SCR for a sustainable-rate test) and L the
 * limit (the CDVT, or the burst tolerance tau_S of a dual GCRA, see DualGcra). An arrival exactly
 * at TAT - L conforms.
 *
 * <b>Exact time.</b> Arrivals are ns-3 Time values (integer time steps), but I is in general not
 * an integer number of steps (1/61000 s = 16393.44 ns, OC-3c 2831.197 ns). Rounding I would make
 * the policer either too strict (rounded up: a source shaped at exactly the contract rate drifts
 * into non-conformance, by 0.56 ns per cell at 61,000 cells/s) or too lenient forever (rounded
 * down: a source spaced at the rounded cell time, faster than the contract, always conforms).
 * Gcra therefore keeps I, L and TAT exactly, as integer counts of a sub-step unit of 1/M time
 * step, M being the smallest unit that holds I and L exactly (see AtmExactTime; for a rate
 * num / den cells/s, M divides num). An arrival t is compared as t M < TAT - L, in 128-bit
 * integers, with no rounding anywhere. Arrivals must not decrease (checked by NS_ASSERT).
 *
 * <b>One time step of tolerance.</b> A stream whose cells sit on time steps cannot follow a
 * non-integral cell time exactly: cell k of a source shaped at exactly 1/I sits at ceil(k I) (or
 * at round(k I), AtmCellClock), up to one step late, and GCRA(I, 0) flags the next cell whenever
 * the rounding of two consecutive cells differs (at 61,000 cells/s, cells at 0, 16394 and
 * 32787 ns: the third is 0.44 ns early). With L of at least one time step every such stream
 * conforms, for ever (the tests check 10^6 cells); with L = 0 only an integer cell time can be
 * met at full rate. Contracts on non-integral cell times therefore need a CDVT of at least one
 * time step.
 *
 * <b>Shapers.</b> GetEarliestConformingTime() is the smallest time step t with t M >= TAT - L:
 * a cell placed at or after it (and not before the last arrival) conforms, one step earlier it
 * does not. Before the first cell it is Time::Min() (any time conforms).
 *
 * The class is a small copyable value (per-VC state inside policers and shapers): no allocation,
 * no events, no simulator calls. Construct it after any Time::SetResolution().
 *
 * The static helpers give BON's formulas: the burst tolerance of eq. 3.1, the maximum
 * burst through an idle GCRA (eq. 4.2 form) and the burst an idle buffer absorbs (eq. 4.1).
 */
class Gcra
{
  public:
    /// Signed 128-bit integer: state in sub-steps.
    typedef AtmInt128 Int128;

    /// An unconfigured GCRA: Conforms() and the other queries abort until one is assigned.
    Gcra();

    /**
     * @brief GCRA(increment, limit) on integer time steps (sub-step unit M = 1).
     *
     * Aborts unless increment > 0 and limit >= 0.
     *
     * @param increment I, e.g. 1/PCR when it is an integer number of steps
     * @param limit L, e.g. the CDVT
     */
    Gcra(Time increment, Time limit);

    /**
     * @brief GCRA(1/rate, limit), the increment held exactly.
     *
     * Aborts for a zero rate or a negative limit.
     *
     * @param rate the contract rate (PCR or SCR), exact
     * @param limit L, e.g. the CDVT
     */
    Gcra(AtmCellRate rate, Time limit);

    /**
     * @brief GCRA(increment, limit) from exact values (e.g. a burst tolerance from
     * ExactBurstTolerance()).
     *
     * Aborts unless increment > 0 and limit >= 0.
     *
     * @param increment I
     * @param limit L
     */
    Gcra(const AtmExactTime& increment, const AtmExactTime& limit);

    /**
     * @brief Police one cell: decide and, if it conforms, update TAT.
     * @param arrival the cell's arrival time (not before the previous arrival)
     * @return true if the cell conforms; false leaves the state unchanged
     */
    bool Conforms(Time arrival);

    /**
     * @brief The decision Conforms() would take, without changing the state.
     * @param arrival a time (any time: the test is a comparison with TAT - L)
     * @return true if a cell arriving then would conform
     */
    bool WouldConform(Time arrival) const;

    /**
     * @brief Charge a cell without testing it: TAT = max(arrival, TAT) + I.
     *
     * The update of a conforming cell, for composite algorithms: the cells after the first of an
     * eligible PDU in FrameGcra, and DualGcra's update modes. Conforms(t) equals
     * WouldConform(t) followed, if true, by Charge(t).
     *
     * @param arrival the cell's arrival time (not before the previous arrival)
     */
    void Charge(Time arrival);

    /**
     * @brief The earliest time step at which a cell would conform now.
     *
     * ceil((TAT - L) / M) in time steps. Any arrival at or after it conforms, none before. It may
     * lie before the last arrival (when L > I): a caller places the next cell at
     * max(now, GetEarliestConformingTime()), and Conforms() at that time returns true.
     *
     * @return the time, or Time::Min() before the first cell (every time conforms)
     */
    Time GetEarliestConformingTime() const;

    /// Forget all cells: the next cell is a first cell (conforms, TAT = arrival + I).
    void Reset();

    /// @return true unless default-constructed
    bool IsConfigured() const
    {
        return m_unitsPerStep != 0;
    }

    /// @return I rounded half up to a time step (for display; the algorithm uses it exactly)
    Time GetIncrement() const;

    /// @return L rounded up to a time step (exact when L was given as a Time)
    Time GetLimit() const;

    /// @return TAT rounded up to a time step (for display), or Time::Min() before the first cell
    Time GetTat() const;

    /// @return TAT exactly (zero before the first cell: see IsStarted())
    AtmExactTime GetExactTat() const;

    /// @return true once a cell has conformed or been charged since construction or Reset()
    bool IsStarted() const
    {
        return m_started;
    }

    /// @return I exactly
    AtmExactTime GetExactIncrement() const;

    /// @return L exactly
    AtmExactTime GetExactLimit() const;

    /// @return M, the sub-steps per time step in which the state is kept (0 if unconfigured)
    uint64_t GetUnitsPerStep() const
    {
        return m_unitsPerStep;
    }

    /**
     * @brief The burst tolerance of a dual GCRA (BON eq. 3.1), rounded up to a time step.
     *
     * tau_S = tau_SCR + (MBS - 1)(1/SCR - 1/PCR). Aborts if a rate is zero, SCR > PCR, MBS < 1
     * or cdvtScr < 0.
     *
     * @param pcr the peak cell rate
     * @param scr the sustainable cell rate (at most pcr)
     * @param mbs the maximum burst size in cells (at least 1)
     * @param cdvtScr tau_SCR, the CDVT associated with the SCR
     * @return tau_S rounded up to a time step
     */
    static Time BurstTolerance(AtmCellRate pcr,
                               AtmCellRate scr,
                               uint32_t mbs,
                               Time cdvtScr = Time(0));

    /**
     * @brief The exact burst tolerance tau_S = tau_SCR + (MBS - 1)(1/SCR - 1/PCR).
     *
     * The form DualGcra uses, so that a source sending MBS cells at exactly PCR and then at
     * exactly SCR conforms. Same validation as BurstTolerance().
     *
     * @param pcr the peak cell rate
     * @param scr the sustainable cell rate (at most pcr)
     * @param mbs the maximum burst size in cells (at least 1)
     * @param cdvtScr tau_SCR
     * @return tau_S exactly
     */
    static AtmExactTime ExactBurstTolerance(AtmCellRate pcr,
                                            AtmCellRate scr,
                                            uint32_t mbs,
                                            Time cdvtScr = Time(0));

    /**
     * @brief The longest burst of cells spaced @p cellSpacing that an idle GCRA(I, L) accepts
     * (BON, eq. 4.2 form): N = 1 + floor(L / (I - T_j)).
     *
     * Cell k of the burst (k = 0, 1, ...) arrives at k T_j and finds TAT = k I, so it conforms
     * iff k (I - T_j) <= L. Aborts unless increment > 0, limit >= 0 and cellSpacing >= 0.
     *
     * @param increment I
     * @param limit L
     * @param cellSpacing T_j, the spacing of the burst's cells
     * @return N, or UINT32_MAX if cellSpacing >= increment (every cell conforms: the burst is
     *         unbounded) or N does not fit 32 bits
     */
    static uint32_t MaxBurstCells(Time increment, Time limit, Time cellSpacing);

    /**
     * @brief The longest burst arriving at one cell per @p inputCellTime that an idle buffer of
     * @p bufferCells cells, drained at one cell per @p outputCellTime, absorbs without loss
     * (BON eq. 4.1): L T_o / (T_o - T_i).
     *
     * Aborts unless both cell times are positive.
     *
     * @param bufferCells L, the buffer in cells
     * @param inputCellTime T_i
     * @param outputCellTime T_o
     * @return the burst in cells (not rounded), or +infinity if T_i >= T_o (the buffer never
     *         fills)
     */
    static double MaxAbsorbedBurst(uint32_t bufferCells, Time inputCellTime, Time outputCellTime);

  private:
    /**
     * @brief Set I and L (validated by the caller) in their common sub-step unit.
     * @param increment I (> 0)
     * @param limit L (>= 0)
     */
    void Init(const AtmExactTime& increment, const AtmExactTime& limit);

    /**
     * @brief Check that the GCRA is configured and @p arrival fits the 128-bit state.
     * @param arrival an arrival time
     * @return arrival x M
     */
    Int128 Scale(Time arrival) const;

    Int128 m_increment;      //!< I in sub-steps
    Int128 m_limit;          //!< L in sub-steps
    Int128 m_tat;            //!< TAT in sub-steps (valid once m_started)
    uint64_t m_unitsPerStep; //!< M: sub-steps per time step; 0 = not configured
    int64_t m_maxAbsSteps;   //!< arrivals beyond +- this would overflow the state
    Time m_lastArrival;      //!< the last arrival given to Conforms() or Charge() (order check)
    bool m_started;          //!< false until the first cell (or after Reset())
};

} // namespace ns3

#endif // GCRA_H
