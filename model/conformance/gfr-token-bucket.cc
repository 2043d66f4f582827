/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gfr-token-bucket.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GfrTokenBucket");

namespace
{

/// The largest |t M| accepted: with a period below 2^114 sub-steps, t M + period stays far
/// below 2^127.
constexpr AtmInt128 MAX_SCALED_ARRIVAL = static_cast<AtmInt128>(1) << 125;

} // namespace

GfrTokenBucket::GfrTokenBucket()
    : m_period(0),
      m_nextTick(0),
      m_tokens(0),
      m_unitsPerStep(0),
      m_maxAbsSteps(0),
      m_lastArrival(Time::Min()),
      m_mbs(0),
      m_timerStart(ON_ANY_CELL),
      m_timerRunning(false),
      m_eligible(false)
{
}

GfrTokenBucket::GfrTokenBucket(AtmCellRate mcr, uint32_t mbs, TimerStart timerStart)
    : GfrTokenBucket()
{
    NS_LOG_FUNCTION(this << mcr << mbs << static_cast<int>(timerStart));
    NS_ABORT_MSG_IF(mcr.IsZero(),
                    "GfrTokenBucket: MCR is not configured (zero); give the GFR contract's "
                    "minimum cell rate (one token per 1/MCR)");
    NS_ABORT_MSG_IF(mbs < 1,
                    "GfrTokenBucket (MCR " << mcr << " cells/s): MBS = " << mbs
                                           << " tokens; the bucket holds at least 1 cell");
    const AtmExactTime period = AtmExactTime::CellTime(mcr);
    m_unitsPerStep = period.GetUnitsPerStep();
    m_period = period.GetUnits(); // den U / gcd < 2^114
    m_maxAbsSteps = static_cast<int64_t>(std::min<AtmInt128>(MAX_SCALED_ARRIVAL / m_unitsPerStep,
                                                             std::numeric_limits<int64_t>::max()));
    m_mbs = mbs;
    m_tokens = mbs;
    m_timerStart = timerStart;
}

GfrTokenBucket::Int128
GfrTokenBucket::Scale(Time t) const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0,
                    "GfrTokenBucket: used before it was configured; construct it from MCR and "
                    "MBS");
    const int64_t steps = t.GetTimeStep();
    NS_ABORT_MSG_IF(steps > m_maxAbsSteps || steps < -m_maxAbsSteps,
                    "GfrTokenBucket: time " << t.As(Time::S)
                                            << " is beyond the 128-bit range of a timer kept in "
                                               "1/"
                                            << m_unitsPerStep << " step");
    return static_cast<AtmInt128>(steps) * m_unitsPerStep;
}

void
GfrTokenBucket::ApplyTicks(AtmInt128 t)
{
    if (!m_timerRunning || m_nextTick > t)
    {
        return;
    }
    // Ticks at m_nextTick + j T for j = 0 .. due - 1 have passed; the timer stops at MBS.
    const AtmInt128 due = (t - m_nextTick) / m_period + 1;
    const AtmInt128 missing = static_cast<AtmInt128>(m_mbs) - m_tokens; // >= 1 while running
    const AtmInt128 applied = std::min(due, missing);
    m_tokens += static_cast<int64_t>(applied);
    if (m_tokens >= static_cast<int64_t>(m_mbs))
    {
        m_timerRunning = false;
    }
    else
    {
        m_nextTick += applied * m_period;
    }
}

bool
GfrTokenBucket::Arrive(Time arrival, bool firstCellOfPdu, bool clp)
{
    // Per-cell path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    const AtmInt128 t = Scale(arrival);
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "GfrTokenBucket: arrival " << arrival << " before the previous one "
                                             << m_lastArrival);
    m_lastArrival = arrival;
    // Ticks due before the end of the arrival's time step come first: the order that matches
    // F-GCRA, which compares at the time resolution (Gcra).
    ApplyTicks(t + m_unitsPerStep - 1);
    if (firstCellOfPdu)
    {
        m_eligible = !clp && m_tokens > 0;
    }
    if (!m_eligible)
    {
        return false;
    }
    if (m_tokens == static_cast<int64_t>(m_mbs) && (firstCellOfPdu || m_timerStart == ON_ANY_CELL))
    {
        m_timerRunning = true;
        m_nextTick = t + m_period;
    }
    --m_tokens;
    return true;
}

int64_t
GfrTokenBucket::GetTokensAt(Time t) const
{
    NS_ASSERT_MSG(t >= m_lastArrival, "GfrTokenBucket: GetTokensAt before the last arrival");
    GfrTokenBucket copy = *this;
    copy.ApplyTicks(Scale(t) + m_unitsPerStep - 1);
    return copy.m_tokens;
}

bool
GfrTokenBucket::IsTimerRunningAt(Time t) const
{
    NS_ASSERT_MSG(t >= m_lastArrival, "GfrTokenBucket: IsTimerRunningAt before the last arrival");
    GfrTokenBucket copy = *this;
    copy.ApplyTicks(Scale(t) + m_unitsPerStep - 1);
    return copy.m_timerRunning;
}

void
GfrTokenBucket::Reset()
{
    m_tokens = m_mbs;
    m_timerRunning = false;
    m_nextTick = 0;
    m_eligible = false;
    m_lastArrival = Time::Min();
}

} // namespace ns3
