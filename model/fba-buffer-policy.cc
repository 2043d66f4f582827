/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fba-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FbaBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(FbaBufferPolicy);

namespace
{

/// Fractions and Z are exact decimals of 6 places: value = micro / MICRO.
constexpr uint64_t MICRO = 1000000;

/// An unsigned 128-bit product (no __int128: 32-bit targets such as Debian's armhf lack it).
struct Wide
{
    uint64_t hi; //!< high 64 bits
    uint64_t lo; //!< low 64 bits
};

/**
 * @param a a factor
 * @param b a factor
 * @return a * b exactly, by 32-bit halves
 */
Wide
MulWide(uint64_t a, uint64_t b)
{
    constexpr uint64_t LOW = 0xFFFFFFFFULL;
    const uint64_t a0 = a & LOW;
    const uint64_t a1 = a >> 32;
    const uint64_t b0 = b & LOW;
    const uint64_t b1 = b >> 32;
    const uint64_t p00 = a0 * b0;
    const uint64_t p01 = a0 * b1;
    const uint64_t p10 = a1 * b0;
    const uint64_t mid = (p00 >> 32) + (p01 & LOW) + (p10 & LOW); // < 3 * 2^32: no carry out
    return Wide{a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & LOW)};
}

/**
 * @param a a value
 * @param b a value
 * @return a > b
 */
bool
Greater(const Wide& a, const Wide& b)
{
    return a.hi != b.hi ? a.hi > b.hi : a.lo > b.lo;
}

} // namespace

TypeId
FbaBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FbaBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<FbaBufferPolicy>()
            .AddAttribute("ThresholdFraction",
                          "R as a fraction of the port's BufferCells K, 0 < R/K < 1 (6 decimal "
                          "places): R = floor(ThresholdFraction x K) cells (SPEC 3.6, E-J11). The "
                          "rule acts only when X > R. Ignored if ThresholdCells > 0.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&FbaBufferPolicy::SetThresholdFraction,
                                             &FbaBufferPolicy::GetThresholdFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ThresholdCells",
                          "R in cells; must be below the port's BufferCells (K - R > 0 is the "
                          "FBA bound's numerator). 0 (the default) uses ThresholdFraction.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FbaBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Z",
                          "Scaling of the bound, 0 < Z <= 1 (6 decimal places): above R, a new "
                          "PDU of a VC with X_i N_a / X > Z (K - R)/(X - R) is refused.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&FbaBufferPolicy::SetZ, &FbaBufferPolicy::GetZ),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

FbaBufferPolicy::FbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

FbaBufferPolicy::~FbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
FbaBufferPolicy::SetThresholdFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    const long long micro = std::llround(fraction * MICRO);
    NS_ABORT_MSG_IF(!(fraction > 0.0 && fraction < 1.0) || micro <= 0 ||
                        micro >= static_cast<long long>(MICRO),
                    "FbaBufferPolicy: ThresholdFraction="
                        << fraction
                        << " is not in (0, 1) to 6 decimal places; R = ThresholdFraction x "
                           "BufferCells must lie between 0 and K: use e.g. 0.8, or set "
                           "ThresholdCells");
    m_fraction = fraction;
    m_fractionMicro = static_cast<uint32_t>(micro);
}

double
FbaBufferPolicy::GetThresholdFraction() const
{
    return m_fraction;
}

void
FbaBufferPolicy::SetZ(double z)
{
    NS_LOG_FUNCTION(this << z);
    const long long micro = std::llround(z * MICRO);
    NS_ABORT_MSG_IF(!(z > 0.0 && z <= 1.0) || micro <= 0,
                    "FbaBufferPolicy: Z=" << z
                                          << " is not in (0, 1] to 6 decimal places; use e.g. 0.8");
    m_z = z;
    m_zMicro = static_cast<uint32_t>(micro);
}

double
FbaBufferPolicy::GetZ() const
{
    return m_z;
}

uint32_t
FbaBufferPolicy::GetThresholdCells(uint32_t bufferCells) const
{
    if (m_thresholdCells == 0)
    {
        // E-J11: the fraction becomes a cell count; floor keeps R < K for every K >= 1.
        return static_cast<uint32_t>(m_fractionMicro * static_cast<uint64_t>(bufferCells) / MICRO);
    }
    NS_ABORT_MSG_IF(m_thresholdCells >= bufferCells,
                    "FbaBufferPolicy: ThresholdCells="
                        << m_thresholdCells << " >= BufferCells=" << bufferCells
                        << ": FBA needs R < K (its bound Z (K - R)/(X - R) is 0 or negative "
                           "otherwise); set ThresholdCells below BufferCells, or to 0 to use "
                           "ThresholdFraction");
    return m_thresholdCells;
}

AtmAdmitDecision
FbaBufferPolicy::DoAdmit(const AtmPortState& state, const AtmCell& cell)
{
    if (IsFirstCell(state, cell))
    {
        const uint32_t k = state.GetBufferCells();
        const uint32_t x = state.GetCellsInBuffer();
        const uint32_t r = GetThresholdCells(k);
        if (x > r)
        {
            // X_i N_a / X > Z (K - R)/(X - R), times X (X - R) MICRO > 0:
            //   (X_i N_a) * ((X - R) MICRO) > (zMicro (K - R)) * X
            // Factors below 2^64 and 2^52, products below 2^116: exact in 128 bits.
            // X_i = 0 gives 0 > positive: never refused by the rule.
            const uint64_t share =
                static_cast<uint64_t>(state.GetVcCells(cell.vc)) * state.GetNActiveVcs();
            const Wide lhs = MulWide(share, static_cast<uint64_t>(x - r) * MICRO);
            const Wide rhs = MulWide(m_zMicro * static_cast<uint64_t>(k - r), x);
            if (Greater(lhs, rhs))
            {
                return RejectFrame(OVER_FAIR_SHARE);
            }
        }
    }
    // A PDU that passed its first cell keeps being accepted while it fits; overflow inside it
    // is PPD (SPEC 3.1, 3.3).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
