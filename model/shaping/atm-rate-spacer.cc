/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rate-spacer.h"

#include "ns3/abort.h"
#include "ns3/atm-exact-time.h"

#include <cmath>

namespace ns3
{

AtmRateSpacer::AtmRateSpacer() = default;

void
AtmRateSpacer::Setup(const AtmCellClock& clock, AtmCellRate low, AtmCellRate high, Time tolerance)
{
    NS_ABORT_MSG_IF(low.IsZero() || high.IsZero(), "AtmRateSpacer: Setup with a zero rate");
    NS_ABORT_MSG_IF(tolerance.IsStrictlyNegative(),
                    "AtmRateSpacer: negative tolerance " << tolerance);
    const AtmExactTime tLow = AtmExactTime::CellTime(low);
    const AtmExactTime tHigh = AtmExactTime::CellTime(high);
    m_unitsPerStep = AtmExactTime::CommonUnitsPerStep(tLow, tHigh);
    m_tLow = tLow.GetUnitsIn(m_unitsPerStep);
    m_tHigh = tHigh.GetUnitsIn(m_unitsPerStep);
    m_limit = static_cast<AtmInt128>(tolerance.GetTimeStep()) * m_unitsPerStep;
    m_slotUnits =
        static_cast<AtmInt128>(AtmExactTime::CellTime(clock.GetRate()).Ceil().GetTimeStep()) *
        m_unitsPerStep;
    m_unitsPerSecond =
        static_cast<double>(Seconds(1).GetTimeStep()) * static_cast<double>(m_unitsPerStep);
    m_v = 0;
    m_lastIncrement = 0;
    m_started = false;
}

AtmInt128
AtmRateSpacer::GetLowIncrement() const
{
    return m_tLow;
}

AtmInt128
AtmRateSpacer::GetHighIncrement() const
{
    return m_tHigh;
}

AtmInt128
AtmRateSpacer::GetIncrement(double rate) const
{
    NS_ASSERT_MSG(rate > 0 && m_unitsPerStep != 0,
                  "AtmRateSpacer: GetIncrement(" << rate << ") before Setup or for a rate <= 0");
    return static_cast<AtmInt128>(std::ceil(m_unitsPerSecond / rate));
}

Time
AtmRateSpacer::GetEarliestStart() const
{
    if (!m_started)
    {
        return Time::Min();
    }
    return Time(static_cast<int64_t>(AtmExactTime::FloorDiv(m_v - m_limit, m_unitsPerStep)));
}

void
AtmRateSpacer::NotifySent(Time slotStart, AtmInt128 increment)
{
    // Per cell. A cell that starts within one link slot of V waited for V and took the first
    // slot after it: the next V follows from V. A later cell found the flow idle: restart from
    // its slot (no catching up).
    const AtmInt128 s = static_cast<AtmInt128>(slotStart.GetTimeStep()) * m_unitsPerStep;
    const bool waited = m_started && s < m_v + m_slotUnits;
    m_v = (waited ? m_v : s) + increment;
    m_lastIncrement = increment;
    m_started = true;
}

void
AtmRateSpacer::Respace(AtmInt128 increment)
{
    if (!m_started)
    {
        return;
    }
    m_v += increment - m_lastIncrement;
    m_lastIncrement = increment;
}

bool
AtmRateSpacer::HasStarted() const
{
    return m_started;
}

} // namespace ns3
