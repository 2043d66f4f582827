/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-slot-average.h"

#include "ns3/abort.h"

#include <cmath>

namespace ns3
{

AtmSlotAverage::AtmSlotAverage(double weight)
{
    SetWeight(weight);
}

void
AtmSlotAverage::SetWeight(double weight)
{
    NS_ABORT_MSG_IF(!(weight > 0.0 && weight <= 1.0),
                    "AtmSlotAverage: weight " << weight << " is outside (0, 1]");
    m_weight = weight;
}

void
AtmSlotAverage::Advance(uint64_t slots, double occupancy)
{
    if (slots == 1)
    {
        m_average += m_weight * (occupancy - m_average);
    }
    else if (slots > 1)
    {
        m_average = occupancy +
                    (m_average - occupancy) * std::pow(1.0 - m_weight, static_cast<double>(slots));
    }
}

uint64_t
AtmSlotAverage::CatchUp(Time now, const AtmCellRate& rate, double occupancy)
{
    if (now <= m_last)
    {
        return 0;
    }
    NS_ABORT_MSG_IF(rate.IsZero(),
                    "AtmSlotAverage: time advanced from " << m_last << " to " << now
                                                          << " but the line's cell rate is "
                                                             "unknown (zero)");
    if (!m_hasClock || m_clock.GetRate() != rate)
    {
        m_clock = AtmCellClock(rate, Time(0));
        m_hasClock = true;
        m_lastSlots = m_clock.GetSlotAtOrAfter(m_last + TimeStep(1));
    }
    // Slot starts at or before t = slots starting before t + 1 step; those in (last, now] are
    // the difference (one 128-bit computation per call: the last count is kept).
    const uint64_t upToNow = m_clock.GetSlotAtOrAfter(now + TimeStep(1));
    const uint64_t slots = upToNow - m_lastSlots;
    Advance(slots, occupancy);
    m_last = now;
    m_lastSlots = upToNow;
    return slots;
}

} // namespace ns3
