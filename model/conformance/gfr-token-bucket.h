/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GFR_TOKEN_BUCKET_H
#define GFR_TOKEN_BUCKET_H

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::GfrTokenBucket: the token-bucket form of GFR eligibility (BON Fig 8.9, basis of TBA).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The token-bucket form of GFR eligibility (BON Fig 8.9; the per-VC
 * counter on which TBA builds).
 *
 * @verbatim
   init:        tokens = MBS
   first cell:  if CLP == 1 or tokens <= 0:  eligible = false            (the whole PDU)
                else { eligible = true;  if tokens == MBS: start timer;  tokens -= 1 }
   later cell:  if eligible:  tokens -= 1            (may go negative; checked on first cells)
   timer (every 1/MCR while running):  tokens += 1;  stop when tokens == MBS
   @endverbatim
 *
 * <b>Lazy, exact timer.</b> There are no events: the timer is a start instant a, and the ticks
 * a + k/MCR (k = 1, 2, ...) that have passed are applied at the next arrival, in exact sub-steps
 * of 1/M time step (see AtmExactTime), so ticks never drift even when 1/MCR is not an integer
 * number of steps. A tick at exactly the arrival instant is applied before the arrival (so a
 * first cell arriving exactly when a token comes back is eligible). This ordering is the one that
 * matches F-GCRA's "t_a >= TAT - f".
 *
 * <b>Equivalence with F-GCRA, and the defect of the figure as drawn.</b> With the timer started
 * whenever a charged cell finds the bucket full (TimerStart ON_ANY_CELL, the default), the
 * bucket decides exactly as FrameGcra(1/MCR, f = (MBS - 1)/MCR) on every sequence of cells, and
 * tokens = MBS - max(0, floor((TAT - (t + 1 step))/T) + 1) at every arrival (tested on random PDU
 streams with
 * random sizes, gaps, CLP and arrivals on tick instants, for integral and non-integral 1/MCR).
 * Proof sketch: from the last time the bucket was full (timer start a, TAT = a + T after that
 * cell), k charged cells and floor((t - a)/T) ticks give tokens = MBS - k + floor((t - a)/T),
 * and tokens > 0 iff t >= a + kT - (MBS - 1)T = TAT - f.
 *
 * Fig 8.9 as drawn starts the timer on first cells only (TimerStart ON_FIRST_CELL).
 * It then differs from F-GCRA in exactly one situation: a later cell of an eligible PDU that
 * arrives when the bucket is full (tokens == MBS, timer stopped). F-GCRA restarts its TAT at that
 * cell; the figure takes the token without starting the timer, and since only a first cell that
 * finds tokens == MBS can start it, the bucket never refills: the VC loses that token for good,
 * and after MBS such events it is never eligible again. The event needs two cells of one PDU at
 * least 1/MCR apart (with every gap inside a PDU shorter than 1/MCR, e.g. cells sent at a PCR
 * above the MCR, at most one tick falls between two cells and the bucket cannot fill
 * mid-PDU), e.g. a two-cell PDU at 0 and exactly 1/MCR from a full bucket (the tick at 1/MCR
 * refills it just before the second cell). Up to that event the two forms decide identically;
 * with every intra-PDU gap below 1/MCR they are identical throughout (both tested on random
 * streams). ON_FIRST_CELL is kept to reproduce the figure; ON_ANY_CELL is the corrected form
 * and the default.
 *
 * A small copyable value: no allocation, no events, no simulator calls. Arrivals must not
 * decrease (NS_ASSERT).
 */
class GfrTokenBucket
{
  public:
    /// Which charged cells start the timer when they find the bucket full.
    enum TimerStart : uint8_t
    {
        ON_ANY_CELL,  //!< any charged cell (equivalent to F-GCRA; default)
        ON_FIRST_CELL //!< first cells only, as Fig 8.9 is drawn (can stop refilling for good)
    };

    /// Unconfigured: Arrive() aborts until a configured one is assigned.
    GfrTokenBucket();

    /**
     * @brief A full bucket of MBS tokens refilled at MCR.
     *
     * Aborts for a zero MCR or MBS < 1.
     *
     * @param mcr the minimum cell rate (one token per 1/MCR)
     * @param mbs the bucket size in cells (at least 1)
     * @param timerStart which charged cells start the timer
     */
    GfrTokenBucket(AtmCellRate mcr, uint32_t mbs, TimerStart timerStart = ON_ANY_CELL);

    /**
     * @brief Process one cell (after the timer ticks due at or before @p arrival).
     * @param arrival the arrival time (not before the previous arrival)
     * @param firstCellOfPdu true for the first cell of an AAL5 PDU
     * @param clp the cell's CLP bit (decisive on the first cell only)
     * @return whether the PDU this cell belongs to is eligible
     */
    bool Arrive(Time arrival, bool firstCellOfPdu, bool clp);

    /// @return whether the current (last begun) PDU is eligible; false before the first PDU
    bool IsCurrentPduEligible() const
    {
        return m_eligible;
    }

    /// @return the tokens after the last arrival (ticks after it not yet applied)
    int64_t GetTokens() const
    {
        return m_tokens;
    }

    /**
     * @brief The tokens at a time, with the ticks due at or before it, without changing state.
     * @param t a time not before the last arrival
     * @return the tokens
     */
    int64_t GetTokensAt(Time t) const;

    /**
     * @param t a time not before the last arrival
     * @return whether the refill timer is running at @p t (after the ticks due by then)
     */
    bool IsTimerRunningAt(Time t) const;

    /// Refill the bucket (MBS tokens, timer stopped, current PDU not eligible).
    void Reset();

    /// @return MBS, the bucket size
    uint32_t GetMbs() const
    {
        return m_mbs;
    }

    /// @return the timer start rule
    TimerStart GetTimerStart() const
    {
        return m_timerStart;
    }

  private:
    /// Signed 128-bit integer: times in sub-steps.
    typedef AtmInt128 Int128;

    /**
     * @brief Apply the ticks due at or before a time.
     * @param t the time in sub-steps
     */
    void ApplyTicks(Int128 t);

    /**
     * @brief Check configuration and range.
     * @param t a time
     * @return t x M
     */
    Int128 Scale(Time t) const;

    Int128 m_period;         //!< 1/MCR in sub-steps
    Int128 m_nextTick;       //!< the next tick in sub-steps (valid while m_timerRunning)
    int64_t m_tokens;        //!< the token count (may be negative)
    uint64_t m_unitsPerStep; //!< M; 0 = not configured
    int64_t m_maxAbsSteps;   //!< arrivals beyond +- this would overflow
    Time m_lastArrival;      //!< the last arrival (order check)
    uint32_t m_mbs;          //!< bucket size
    TimerStart m_timerStart; //!< which charged cells start the timer
    bool m_timerRunning;     //!< the refill timer runs
    bool m_eligible;         //!< the current PDU is eligible
};

} // namespace ns3

#endif // GFR_TOKEN_BUCKET_H
