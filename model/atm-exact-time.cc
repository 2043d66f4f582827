/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-exact-time.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <limits>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmExactTime");

namespace
{

/// @return a * b, aborting on overflow; @p what names the operation in the message
AtmInt128
CheckedMul(AtmInt128 a, AtmInt128 b, const char* what)
{
    AtmInt128 r;
    NS_ABORT_MSG_IF(__builtin_mul_overflow(a, b, &r),
                    "AtmExactTime: " << what
                                     << " overflows 128-bit arithmetic; the times or rates are "
                                        "far outside any realistic contract");
    return r;
}

/// @return a + b, aborting on overflow
AtmInt128
CheckedAdd(AtmInt128 a, AtmInt128 b, const char* what)
{
    AtmInt128 r;
    NS_ABORT_MSG_IF(__builtin_add_overflow(a, b, &r),
                    "AtmExactTime: " << what
                                     << " overflows 128-bit arithmetic; the times or rates are "
                                        "far outside any realistic contract");
    return r;
}

/// @return the Time of @p steps, aborting if it does not fit 64 bits
Time
ToTime(AtmInt128 steps)
{
    NS_ABORT_MSG_IF(steps > std::numeric_limits<int64_t>::max() ||
                        steps < std::numeric_limits<int64_t>::min(),
                    "AtmExactTime: a value of " << static_cast<double>(steps)
                                                << " steps does not fit ns-3's 64-bit Time");
    return Time(static_cast<int64_t>(steps));
}

} // namespace

AtmExactTime::AtmExactTime()
    : m_units(0),
      m_unitsPerStep(1)
{
}

AtmExactTime::AtmExactTime(Time t)
    : m_units(t.GetTimeStep()),
      m_unitsPerStep(1)
{
}

AtmExactTime
AtmExactTime::FromUnits(AtmInt128 units, uint64_t unitsPerStep)
{
    NS_ABORT_MSG_IF(unitsPerStep == 0,
                    "AtmExactTime: 0 sub-steps per time step; give a unit of at least 1");
    const AtmUint128 g = AtmGcd(AtmMagnitude(units), unitsPerStep);
    AtmExactTime t;
    t.m_units = units / static_cast<AtmInt128>(g);
    t.m_unitsPerStep = static_cast<uint64_t>(unitsPerStep / g);
    return t;
}

AtmExactTime
AtmExactTime::CellTime(const AtmCellRate& rate)
{
    NS_ABORT_MSG_IF(rate.IsZero(),
                    "AtmExactTime: the cell time of a rate that is not configured (zero); give a "
                    "positive rate such as 80000 or OC3c");
    const int64_t steps = Time::FromInteger(1, Time::S).GetTimeStep();
    NS_ABORT_MSG_IF(steps < 1,
                    "AtmExactTime: the time resolution is coarser than one second (1 s = "
                        << steps << " steps); use Time::SetResolution(Time::NS) or finer");
    // den * U < 2^64 * 2^50: exact in 128 bits; reduce by gcd(num, den U).
    const AtmUint128 denSteps = static_cast<AtmUint128>(rate.GetDenominator()) * steps;
    const AtmUint128 g = AtmGcd(denSteps, rate.GetNumerator());
    AtmExactTime t;
    t.m_units = static_cast<AtmInt128>(denSteps / g);
    t.m_unitsPerStep = static_cast<uint64_t>(rate.GetNumerator() / g);
    return t;
}

AtmInt128
AtmExactTime::GetUnitsIn(uint64_t unitsPerStep) const
{
    NS_ABORT_MSG_IF(unitsPerStep == 0 || unitsPerStep % m_unitsPerStep != 0,
                    "AtmExactTime: " << *this << " is not an integer number of 1/" << unitsPerStep
                                     << " steps; use a multiple of " << m_unitsPerStep);
    return CheckedMul(m_units,
                      static_cast<AtmInt128>(unitsPerStep / m_unitsPerStep),
                      "a change of unit");
}

Time
AtmExactTime::Floor() const
{
    return ToTime(FloorDiv(m_units, m_unitsPerStep));
}

Time
AtmExactTime::Ceil() const
{
    return ToTime(-FloorDiv(-m_units, m_unitsPerStep));
}

Time
AtmExactTime::Round() const
{
    // floor(x + 1/2) = floor((2 units + M) / 2M).
    const AtmInt128 twice = CheckedMul(m_units, 2, "rounding");
    return ToTime(FloorDiv(CheckedAdd(twice, m_unitsPerStep, "rounding"),
                           static_cast<AtmInt128>(m_unitsPerStep) * 2));
}

double
AtmExactTime::GetSeconds() const
{
    return static_cast<double>(m_units) / static_cast<double>(m_unitsPerStep) /
           static_cast<double>(Time::FromInteger(1, Time::S).GetTimeStep());
}

uint64_t
AtmExactTime::CommonUnitsPerStep(const AtmExactTime& a, const AtmExactTime& b)
{
    const AtmUint128 g = AtmGcd(a.m_unitsPerStep, b.m_unitsPerStep);
    const AtmUint128 l = static_cast<AtmUint128>(a.m_unitsPerStep / g) * b.m_unitsPerStep;
    NS_ABORT_MSG_IF(l > std::numeric_limits<uint64_t>::max(),
                    "AtmExactTime: no 64-bit sub-step unit holds both "
                        << a << " and " << b
                        << " exactly; use rates whose numerators share more factors");
    return static_cast<uint64_t>(l);
}

AtmExactTime
AtmExactTime::operator+(const AtmExactTime& other) const
{
    const uint64_t m = CommonUnitsPerStep(*this, other);
    return FromUnits(CheckedAdd(GetUnitsIn(m), other.GetUnitsIn(m), "a sum"), m);
}

AtmExactTime
AtmExactTime::operator-(const AtmExactTime& other) const
{
    const uint64_t m = CommonUnitsPerStep(*this, other);
    return FromUnits(CheckedAdd(GetUnitsIn(m),
                                CheckedMul(other.GetUnitsIn(m), -1, "a difference"),
                                "a difference"),
                     m);
}

AtmExactTime
AtmExactTime::operator*(int64_t k) const
{
    return FromUnits(CheckedMul(m_units, k, "a multiple"), m_unitsPerStep);
}

bool
operator==(const AtmExactTime& a, const AtmExactTime& b)
{
    // Both are reduced, so equal values have equal representations.
    return a.GetUnits() == b.GetUnits() && a.GetUnitsPerStep() == b.GetUnitsPerStep();
}

bool
operator!=(const AtmExactTime& a, const AtmExactTime& b)
{
    return !(a == b);
}

bool
operator<(const AtmExactTime& a, const AtmExactTime& b)
{
    const uint64_t m = AtmExactTime::CommonUnitsPerStep(a, b);
    return a.GetUnitsIn(m) < b.GetUnitsIn(m);
}

bool
operator<=(const AtmExactTime& a, const AtmExactTime& b)
{
    return !(b < a);
}

bool
operator>(const AtmExactTime& a, const AtmExactTime& b)
{
    return b < a;
}

bool
operator>=(const AtmExactTime& a, const AtmExactTime& b)
{
    return !(a < b);
}

std::ostream&
operator<<(std::ostream& os, const AtmExactTime& t)
{
    os << AtmInt128ToString(t.GetUnits());
    if (t.GetUnitsPerStep() != 1)
    {
        os << '/' << t.GetUnitsPerStep();
    }
    os << " steps";
    return os;
}

AtmExactTime::Int128
AtmExactTime::FloorDiv(AtmInt128 a, AtmInt128 m)
{
    AtmInt128 q = a / m;
    if (a % m != 0 && a < 0)
    {
        --q;
    }
    return q;
}

} // namespace ns3
