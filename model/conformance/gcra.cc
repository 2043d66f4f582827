/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gcra.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Gcra");

namespace
{

/// I and L are at most 2^124 sub-steps and |t M| at most 2^125, so TAT = max(t, TAT) + I and
/// TAT - L stay below 2^127: no per-cell overflow check is needed beyond the arrival's range.
constexpr AtmInt128 MAX_PARAMETER = static_cast<AtmInt128>(1) << 124;
/// The largest |t M| accepted.
constexpr AtmInt128 MAX_SCALED_ARRIVAL = static_cast<AtmInt128>(1) << 125;

} // namespace

Gcra::Gcra()
    : m_increment(0),
      m_limit(0),
      m_tat(0),
      m_unitsPerStep(0),
      m_maxAbsSteps(0),
      m_lastArrival(Time::Min()),
      m_started(false)
{
}

Gcra::Gcra(Time increment, Time limit)
    : Gcra()
{
    NS_ABORT_MSG_IF(!increment.IsStrictlyPositive(),
                    "Gcra: increment I = " << increment.As(Time::NS)
                                           << " is not positive; give I = 1/rate > 0, or "
                                              "construct from the AtmCellRate");
    NS_ABORT_MSG_IF(limit.IsStrictlyNegative(),
                    "Gcra: limit L = " << limit.As(Time::NS)
                                       << " is negative; give L >= 0 (the CDVT or the burst "
                                          "tolerance)");
    Init(AtmExactTime(increment), AtmExactTime(limit));
}

Gcra::Gcra(AtmCellRate rate, Time limit)
    : Gcra()
{
    NS_ABORT_MSG_IF(rate.IsZero(),
                    "Gcra: the rate is not configured (zero); give the contract rate, e.g. "
                    "AtmCellRate(61000) or AtmCellRate(\"OC3c\")");
    NS_ABORT_MSG_IF(limit.IsStrictlyNegative(),
                    "Gcra (" << rate << " cells/s): limit L = " << limit.As(Time::NS)
                             << " is negative; give L >= 0 (the CDVT or the burst tolerance)");
    Init(AtmExactTime::CellTime(rate), AtmExactTime(limit));
}

Gcra::Gcra(const AtmExactTime& increment, const AtmExactTime& limit)
    : Gcra()
{
    NS_ABORT_MSG_IF(increment <= AtmExactTime(),
                    "Gcra: increment I = " << increment << " (" << increment.GetSeconds()
                                           << " s) is not positive; give I = 1/rate > 0");
    NS_ABORT_MSG_IF(limit.IsNegative(),
                    "Gcra: limit L = " << limit << " (" << limit.GetSeconds()
                                       << " s) is negative; give L >= 0 (the CDVT or the burst "
                                          "tolerance)");
    Init(increment, limit);
}

void
Gcra::Init(const AtmExactTime& increment, const AtmExactTime& limit)
{
    NS_LOG_FUNCTION(this << increment << limit);
    m_unitsPerStep = AtmExactTime::CommonUnitsPerStep(increment, limit);
    m_increment = increment.GetUnitsIn(m_unitsPerStep);
    m_limit = limit.GetUnitsIn(m_unitsPerStep);
    NS_ABORT_MSG_IF(m_increment > MAX_PARAMETER || m_limit > MAX_PARAMETER,
                    "Gcra: I = " << increment << " and L = " << limit << " need more than 2^124 "
                                 << "sub-steps of 1/" << m_unitsPerStep
                                 << " step; use a coarser time resolution or simpler rates");
    const AtmInt128 maxSteps = MAX_SCALED_ARRIVAL / m_unitsPerStep;
    m_maxAbsSteps =
        static_cast<int64_t>(std::min<AtmInt128>(maxSteps, std::numeric_limits<int64_t>::max()));
    m_started = false;
}

Gcra::Int128
Gcra::Scale(Time arrival) const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0,
                    "Gcra: used before it was configured; construct it with an increment (or "
                    "rate) and a limit, e.g. Gcra(AtmCellRate(\"OC3c\"), cdvt)");
    const int64_t t = arrival.GetTimeStep();
    NS_ABORT_MSG_IF(t > m_maxAbsSteps || t < -m_maxAbsSteps,
                    "Gcra: arrival " << arrival.As(Time::S)
                                     << " is beyond the 128-bit range of a state kept in 1/"
                                     << m_unitsPerStep
                                     << " step; use simpler rates or a coarser resolution");
    return static_cast<AtmInt128>(t) * m_unitsPerStep;
}

bool
Gcra::Conforms(Time arrival)
{
    // Per-cell path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    const AtmInt128 t = Scale(arrival);
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "Gcra: arrival " << arrival << " before the previous one " << m_lastArrival);
    m_lastArrival = arrival;
    // Non-conforming iff the arrival's time step ends at or before TAT - L, i.e. t < floor(TAT -
    // L) in steps: (t + 1 step) M <= TAT - L in sub-steps. The state is then left as it is.
    if (m_started && t + m_unitsPerStep <= m_tat - m_limit)
    {
        return false;
    }
    m_tat = (m_started ? std::max(t, m_tat) : t) + m_increment;
    m_started = true;
    return true;
}

bool
Gcra::WouldConform(Time arrival) const
{
    const AtmInt128 t = Scale(arrival);
    return !m_started || t + m_unitsPerStep > m_tat - m_limit;
}

void
Gcra::Charge(Time arrival)
{
    const AtmInt128 t = Scale(arrival);
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "Gcra: arrival " << arrival << " before the previous one " << m_lastArrival);
    m_lastArrival = arrival;
    m_tat = (m_started ? std::max(t, m_tat) : t) + m_increment;
    m_started = true;
}

Time
Gcra::GetEarliestConformingTime() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "Gcra: used before it was configured");
    if (!m_started)
    {
        return Time::Min();
    }
    // floor((TAT - L) / M): the smallest step t with (t + 1) M > TAT - L.
    return Time(static_cast<int64_t>(AtmExactTime::FloorDiv(m_tat - m_limit, m_unitsPerStep)));
}

void
Gcra::Reset()
{
    m_started = false;
    m_tat = 0;
    m_lastArrival = Time::Min();
}

Time
Gcra::GetIncrement() const
{
    return GetExactIncrement().Round();
}

Time
Gcra::GetLimit() const
{
    return GetExactLimit().Ceil();
}

Time
Gcra::GetTat() const
{
    if (!m_started)
    {
        return Time::Min();
    }
    return AtmExactTime::FromUnits(m_tat, m_unitsPerStep).Ceil();
}

AtmExactTime
Gcra::GetExactTat() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "Gcra: used before it was configured");
    return m_started ? AtmExactTime::FromUnits(m_tat, m_unitsPerStep) : AtmExactTime();
}

AtmExactTime
Gcra::GetExactIncrement() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "Gcra: used before it was configured");
    return AtmExactTime::FromUnits(m_increment, m_unitsPerStep);
}

AtmExactTime
Gcra::GetExactLimit() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "Gcra: used before it was configured");
    return AtmExactTime::FromUnits(m_limit, m_unitsPerStep);
}

AtmExactTime
Gcra::ExactBurstTolerance(AtmCellRate pcr, AtmCellRate scr, uint32_t mbs, Time cdvtScr)
{
    NS_ABORT_MSG_IF(pcr.IsZero() || scr.IsZero(),
                    "Gcra::BurstTolerance: PCR = " << pcr << " and SCR = " << scr
                                                   << " cells/s; both must be configured "
                                                      "(positive)");
    // scr > pcr compared exactly (AtmCellRate::Compare()).
    NS_ABORT_MSG_IF(scr > pcr,
                    "Gcra::BurstTolerance: SCR = " << scr << " cells/s exceeds PCR = " << pcr
                                                   << " cells/s; give SCR <= PCR");
    NS_ABORT_MSG_IF(mbs < 1,
                    "Gcra::BurstTolerance: MBS = " << mbs
                                                   << " cells; the maximum burst size is at least "
                                                      "1 cell");
    NS_ABORT_MSG_IF(cdvtScr.IsStrictlyNegative(),
                    "Gcra::BurstTolerance: tau_SCR = " << cdvtScr.As(Time::NS)
                                                       << " is negative; give a CDVT >= 0");
    // BON eq. 3.1: tau_S = tau_SCR + (MBS - 1)(1/SCR - 1/PCR).
    const AtmExactTime bt = (AtmExactTime::CellTime(scr) - AtmExactTime::CellTime(pcr)) *
                            (static_cast<int64_t>(mbs) - 1);
    return AtmExactTime(cdvtScr) + bt;
}

Time
Gcra::BurstTolerance(AtmCellRate pcr, AtmCellRate scr, uint32_t mbs, Time cdvtScr)
{
    return ExactBurstTolerance(pcr, scr, mbs, cdvtScr).Ceil();
}

uint32_t
Gcra::MaxBurstCells(Time increment, Time limit, Time cellSpacing)
{
    NS_ABORT_MSG_IF(!increment.IsStrictlyPositive(),
                    "Gcra::MaxBurstCells: increment I = " << increment.As(Time::NS)
                                                          << " is not positive; give I > 0");
    NS_ABORT_MSG_IF(limit.IsStrictlyNegative(),
                    "Gcra::MaxBurstCells: limit L = " << limit.As(Time::NS)
                                                      << " is negative; give L >= 0");
    NS_ABORT_MSG_IF(cellSpacing.IsStrictlyNegative(),
                    "Gcra::MaxBurstCells: cell spacing " << cellSpacing.As(Time::NS)
                                                         << " is negative; give T_j >= 0");
    if (cellSpacing >= increment)
    {
        return std::numeric_limits<uint32_t>::max();
    }
    // N = 1 + floor(L / (I - T_j)), all in integer steps.
    const uint64_t n = 1 + static_cast<uint64_t>(limit.GetTimeStep()) /
                               static_cast<uint64_t>((increment - cellSpacing).GetTimeStep());
    return static_cast<uint32_t>(std::min<uint64_t>(n, std::numeric_limits<uint32_t>::max()));
}

double
Gcra::MaxAbsorbedBurst(uint32_t bufferCells, Time inputCellTime, Time outputCellTime)
{
    NS_ABORT_MSG_IF(!inputCellTime.IsStrictlyPositive() || !outputCellTime.IsStrictlyPositive(),
                    "Gcra::MaxAbsorbedBurst: cell times T_i = "
                        << inputCellTime.As(Time::NS) << " and T_o = "
                        << outputCellTime.As(Time::NS) << " must both be positive");
    if (inputCellTime >= outputCellTime)
    {
        return std::numeric_limits<double>::infinity();
    }
    // BON eq. 4.1: L T_o / (T_o - T_i).
    const double to = static_cast<double>(outputCellTime.GetTimeStep());
    const double ti = static_cast<double>(inputCellTime.GetTimeStep());
    return bufferCells * to / (to - ti);
}

} // namespace ns3
