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
    static TypeId tid = TypeId("ns3::FbaBufferPolicy")
                            .SetParent<AtmFairShareBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<FbaBufferPolicy>();
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

bool
FbaBufferPolicy::IsOverShare(const AtmPortState& state, uint32_t vc, uint32_t x, uint32_t r) const
{
    // X_i N_a / X > Z (K - R)/(X - R), times X (X - R) MICRO > 0:
    //   (X_i N_a) * ((X - R) MICRO) > (zMicro (K - R)) * X
    // Factors below 2^64 and 2^52, products below 2^116: exact in 128 bits.
    // X_i = 0 gives 0 > positive: never refused by the rule.
    const uint32_t k = state.GetBufferCells();
    const uint64_t share = static_cast<uint64_t>(state.GetVcCells(vc)) * state.GetNActiveVcs();
    const Wide lhs = MulWide(share, static_cast<uint64_t>(x - r) * MICRO);
    const Wide rhs = MulWide(GetZMicro() * static_cast<uint64_t>(k - r), x);
    return Greater(lhs, rhs);
}

const char*
FbaBufferPolicy::GetOverShareReason() const
{
    return OVER_FAIR_SHARE;
}

const char*
FbaBufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

} // namespace ns3
