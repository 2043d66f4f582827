/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-clock.h"

#include "atm-int128.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellClock");

AtmCellClock::AtmCellClock()
    : m_rate(),
      m_origin(),
      m_stepsPerSecond(0)
{
}

AtmCellClock::AtmCellClock(const AtmCellRate& rate, Time origin)
    : m_rate(rate),
      m_origin(origin),
      m_stepsPerSecond(0)
{
    NS_LOG_FUNCTION(this << rate << origin);
    NS_ABORT_MSG_IF(rate.IsZero(),
                    "AtmCellClock: the cell rate is not configured (zero); give the link a rate "
                    "such as OC3c, E3 or 80000");
    const int64_t steps = Time::FromInteger(1, Time::S).GetTimeStep();
    NS_ABORT_MSG_IF(steps < 1,
                    "AtmCellClock: the time resolution is coarser than one second (1 s = "
                        << steps << " steps); use Time::SetResolution(Time::NS) or finer");
    m_stepsPerSecond = static_cast<uint64_t>(steps);
    // Every slot start and slot lookup of a run takes the 64-bit paths below as long as these
    // bounds hold (for OC-3c at 1 ns resolution: slots up to 3.5e8, times up to 490 s); beyond
    // them, the general 128-bit arithmetic gives the same results.
    const AtmUint128 denSteps = static_cast<AtmUint128>(rate.GetDenominator()) * m_stepsPerSecond;
    if (2 * denSteps <= std::numeric_limits<uint64_t>::max())
    {
        m_denSteps = static_cast<uint64_t>(denSteps);
        m_fastSlotMax = std::numeric_limits<uint64_t>::max() / m_denSteps;
        m_fastStepsMax = (std::numeric_limits<uint64_t>::max() / rate.GetNumerator() + 1) / 2;
    }
}

Time
AtmCellClock::GetSlotStart(uint64_t k) const
{
    // Per-cell hot path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    Memo& memo = m_memo[k & 1];
    if (memo.valid && memo.slot == k)
    {
        return Time(memo.start);
    }
    const uint64_t num = m_rate.GetNumerator();
    if (k <= m_fastSlotMax && m_denSteps != 0)
    {
        // Round half up in 64 bits: q = floor(k den U / num), plus one if the remainder is at
        // least num / 2 (one division; the 128-bit path below gives the same value).
        const uint64_t x = k * m_denSteps;
        const uint64_t q = x / num;
        const uint64_t r = x - q * num;
        const int64_t origin = m_origin.GetTimeStep();
        const uint64_t steps = q + (2 * r >= num ? 1 : 0);
        if (origin >= 0 &&
            steps <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max() - origin))
        {
            memo.slot = k;
            memo.start = origin + static_cast<int64_t>(steps);
            memo.valid = true;
            return Time(memo.start);
        }
    }
    NS_ABORT_MSG_IF(m_stepsPerSecond == 0,
                    "AtmCellClock: slot " << k << " asked of a clock without a rate; construct "
                                          << "the clock from an AtmCellRate");
    // den * U < 2^64 * 2^50: only the product with k can overflow.
    const AtmUint128 denSteps = static_cast<AtmUint128>(m_rate.GetDenominator()) * m_stepsPerSecond;
    NS_ABORT_MSG_IF(k != 0 && denSteps > ATM_UINT128_MAX / k,
                    "AtmCellClock (" << m_rate << " cells/s): slot " << k
                                     << " overflows 128-bit arithmetic (slot x denominator x "
                                     << m_stepsPerSecond
                                     << " steps/s); no realistic run reaches it: restart the "
                                        "clock with a later origin");
    const AtmUint128 x = denSteps * k;
    // Round half up: q = floor(x / num), plus one if the remainder is at least num / 2.
    AtmUint128 q;
    AtmUint128 r;
    if ((x >> 64) == 0)
    {
        // Common case, and much cheaper than a 128-bit division.
        const uint64_t x64 = static_cast<uint64_t>(x);
        q = x64 / num;
        r = x64 % num;
    }
    else
    {
        q = x / num;
        r = x % num;
    }
    if (2 * r >= num)
    {
        ++q;
    }
    const AtmInt128 t = static_cast<AtmInt128>(m_origin.GetTimeStep()) + static_cast<AtmInt128>(q);
    NS_ABORT_MSG_IF(q > static_cast<AtmUint128>(std::numeric_limits<int64_t>::max()) ||
                        t > std::numeric_limits<int64_t>::max(),
                    "AtmCellClock (" << m_rate << " cells/s, origin " << m_origin << "): slot " << k
                                     << " starts beyond the range of ns-3's 64-bit Time; "
                                        "shorten the run or use a coarser time resolution");
    return Time(static_cast<int64_t>(t));
}

uint64_t
AtmCellClock::GetSlotAtOrAfter(Time t) const
{
    NS_ABORT_MSG_IF(m_stepsPerSecond == 0,
                    "AtmCellClock: slot at " << t << " asked of a clock without a rate; construct "
                                             << "the clock from an AtmCellRate");
    const AtmInt128 d = static_cast<AtmInt128>(t.GetTimeStep()) - m_origin.GetTimeStep();
    if (d <= 0)
    {
        return 0;
    }
    // round(k s / num) >= d  <=>  k s / num >= d - 1/2  <=>  2 k s >= (2 d - 1) num, with
    // s = den U, so k = ceil((2 d - 1) num / (2 s)).
    const uint64_t num = m_rate.GetNumerator();
    if (d <= static_cast<AtmInt128>(m_fastStepsMax))
    {
        // The same in 64 bits (2 s fits: the constructor checked).
        const uint64_t a = (2 * static_cast<uint64_t>(d) - 1) * num;
        const uint64_t b = 2 * m_denSteps;
        const uint64_t k = a / b;
        return k + (a - k * b != 0 ? 1 : 0);
    }
    const AtmUint128 twiceDMinusOne = 2 * static_cast<AtmUint128>(d) - 1;
    NS_ABORT_MSG_IF(twiceDMinusOne > ATM_UINT128_MAX / num,
                    "AtmCellClock (" << m_rate << " cells/s, origin " << m_origin << "): time " << t
                                     << " lies too far from the origin for 128-bit arithmetic; "
                                        "use an origin closer to the times asked for");
    const AtmUint128 a = twiceDMinusOne * num;
    const AtmUint128 b = 2 * static_cast<AtmUint128>(m_rate.GetDenominator()) * m_stepsPerSecond;
    AtmUint128 k = a / b;
    if (a % b != 0)
    {
        ++k;
    }
    NS_ABORT_MSG_IF(k > std::numeric_limits<uint64_t>::max(),
                    "AtmCellClock (" << m_rate << " cells/s): the slot at " << t
                                     << " exceeds 2^64 - 1; lower the rate or the time");
    return static_cast<uint64_t>(k);
}

uint64_t
AtmCellClock::GetSlotsIn(Time from, Time to) const
{
    if (to <= from)
    {
        return 0;
    }
    return GetSlotAtOrAfter(to) - GetSlotAtOrAfter(from);
}

} // namespace ns3
