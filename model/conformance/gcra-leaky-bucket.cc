/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gcra-leaky-bucket.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GcraLeakyBucket");

namespace
{

/// The same bounds as Gcra: I, L <= 2^124 and |t M| <= 2^125 keep every intermediate (X' >=
/// -2^126 - 2^124, LCT + X - L) inside 127 bits.
constexpr AtmInt128 MAX_PARAMETER = static_cast<AtmInt128>(1) << 124;
/// The largest |t M| accepted.
constexpr AtmInt128 MAX_SCALED_ARRIVAL = static_cast<AtmInt128>(1) << 125;

} // namespace

GcraLeakyBucket::GcraLeakyBucket()
    : m_increment(0),
      m_limit(0),
      m_content(0),
      m_lct(0),
      m_unitsPerStep(0),
      m_maxAbsSteps(0),
      m_lastArrival(Time::Min()),
      m_started(false)
{
}

GcraLeakyBucket::GcraLeakyBucket(Time increment, Time limit)
    : GcraLeakyBucket()
{
    NS_ABORT_MSG_IF(!increment.IsStrictlyPositive(),
                    "GcraLeakyBucket: increment I = " << increment.As(Time::NS)
                                                      << " is not positive; give I = 1/rate > 0, "
                                                         "or construct from the AtmCellRate");
    NS_ABORT_MSG_IF(limit.IsStrictlyNegative(),
                    "GcraLeakyBucket: limit L = " << limit.As(Time::NS)
                                                  << " is negative; give L >= 0 (the CDVT or the "
                                                     "burst tolerance)");
    Init(AtmExactTime(increment), AtmExactTime(limit));
}

GcraLeakyBucket::GcraLeakyBucket(AtmCellRate rate, Time limit)
    : GcraLeakyBucket()
{
    NS_ABORT_MSG_IF(rate.IsZero(),
                    "GcraLeakyBucket: the rate is not configured (zero); give the contract rate, "
                    "e.g. AtmCellRate(61000) or AtmCellRate(\"OC3c\")");
    NS_ABORT_MSG_IF(limit.IsStrictlyNegative(),
                    "GcraLeakyBucket (" << rate << " cells/s): limit L = " << limit.As(Time::NS)
                                        << " is negative; give L >= 0 (the CDVT or the burst "
                                           "tolerance)");
    Init(AtmExactTime::CellTime(rate), AtmExactTime(limit));
}

GcraLeakyBucket::GcraLeakyBucket(const AtmExactTime& increment, const AtmExactTime& limit)
    : GcraLeakyBucket()
{
    NS_ABORT_MSG_IF(increment <= AtmExactTime(),
                    "GcraLeakyBucket: increment I = "
                        << increment << " (" << increment.GetSeconds()
                        << " s) is not positive; give I = 1/rate > 0");
    NS_ABORT_MSG_IF(limit.IsNegative(),
                    "GcraLeakyBucket: limit L = " << limit << " (" << limit.GetSeconds()
                                                  << " s) is negative; give L >= 0 (the CDVT or "
                                                     "the burst tolerance)");
    Init(increment, limit);
}

void
GcraLeakyBucket::Init(const AtmExactTime& increment, const AtmExactTime& limit)
{
    NS_LOG_FUNCTION(this << increment << limit);
    m_unitsPerStep = AtmExactTime::CommonUnitsPerStep(increment, limit);
    m_increment = increment.GetUnitsIn(m_unitsPerStep);
    m_limit = limit.GetUnitsIn(m_unitsPerStep);
    NS_ABORT_MSG_IF(m_increment > MAX_PARAMETER || m_limit > MAX_PARAMETER,
                    "GcraLeakyBucket: I = " << increment << " and L = " << limit
                                            << " need more than 2^124 sub-steps of 1/"
                                            << m_unitsPerStep
                                            << " step; use a coarser time resolution or "
                                               "simpler rates");
    const AtmInt128 maxSteps = MAX_SCALED_ARRIVAL / m_unitsPerStep;
    m_maxAbsSteps =
        static_cast<int64_t>(std::min<AtmInt128>(maxSteps, std::numeric_limits<int64_t>::max()));
    m_started = false;
}

GcraLeakyBucket::Int128
GcraLeakyBucket::Scale(Time arrival) const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0,
                    "GcraLeakyBucket: used before it was configured; construct it with an "
                    "increment (or rate) and a limit");
    const int64_t t = arrival.GetTimeStep();
    NS_ABORT_MSG_IF(t > m_maxAbsSteps || t < -m_maxAbsSteps,
                    "GcraLeakyBucket: arrival " << arrival.As(Time::S)
                                                << " is beyond the 128-bit range of a state kept "
                                                   "in 1/"
                                                << m_unitsPerStep
                                                << " step; use simpler rates or a coarser "
                                                   "resolution");
    return static_cast<AtmInt128>(t) * m_unitsPerStep;
}

bool
GcraLeakyBucket::Conforms(Time arrival)
{
    // Per-cell path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    const AtmInt128 t = Scale(arrival);
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "GcraLeakyBucket: arrival " << arrival << " before the previous one "
                                              << m_lastArrival);
    m_lastArrival = arrival;
    if (!m_started)
    {
        m_content = m_increment;
        m_lct = t;
        m_started = true;
        return true;
    }
    const AtmInt128 drained = m_content - (t - m_lct); // X'
    if (drained - m_unitsPerStep >= m_limit)           // t + 1 step <= TAT - L (Gcra's rule)
    {
        return false;
    }
    m_content = std::max<AtmInt128>(0, drained) + m_increment;
    m_lct = t;
    return true;
}

bool
GcraLeakyBucket::WouldConform(Time arrival) const
{
    const AtmInt128 t = Scale(arrival);
    return !m_started || m_content - (t - m_lct) - m_unitsPerStep < m_limit;
}

void
GcraLeakyBucket::Charge(Time arrival)
{
    const AtmInt128 t = Scale(arrival);
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "GcraLeakyBucket: arrival " << arrival << " before the previous one "
                                              << m_lastArrival);
    m_lastArrival = arrival;
    const AtmInt128 drained = m_started ? m_content - (t - m_lct) : 0;
    m_content = std::max<AtmInt128>(0, drained) + m_increment;
    m_lct = t;
    m_started = true;
}

Time
GcraLeakyBucket::GetEarliestConformingTime() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "GcraLeakyBucket: used before it was configured");
    if (!m_started)
    {
        return Time::Min();
    }
    // The smallest step t with X - (t M - LCT) <= L: ceil((LCT + X - L) / M).
    return Time(
        static_cast<int64_t>(AtmExactTime::FloorDiv(m_lct + m_content - m_limit, m_unitsPerStep)));
}

void
GcraLeakyBucket::Reset()
{
    m_started = false;
    m_content = 0;
    m_lct = 0;
    m_lastArrival = Time::Min();
}

Time
GcraLeakyBucket::GetIncrement() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "GcraLeakyBucket: used before it was configured");
    return AtmExactTime::FromUnits(m_increment, m_unitsPerStep).Round();
}

Time
GcraLeakyBucket::GetLimit() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "GcraLeakyBucket: used before it was configured");
    return AtmExactTime::FromUnits(m_limit, m_unitsPerStep).Ceil();
}

Time
GcraLeakyBucket::GetLastConformanceTime() const
{
    if (!m_started)
    {
        return Time::Min();
    }
    // LCT is an arrival time, an integer number of steps.
    return Time(static_cast<int64_t>(m_lct / m_unitsPerStep));
}

AtmExactTime
GcraLeakyBucket::GetExactContent() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "GcraLeakyBucket: used before it was configured");
    return AtmExactTime::FromUnits(m_content, m_unitsPerStep);
}

} // namespace ns3
