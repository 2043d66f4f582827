/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fba-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/atm-int128.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FbaBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(FbaBufferPolicy);

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
    const AtmUint128 lhs = static_cast<AtmUint128>(share) * (static_cast<uint64_t>(x - r) * MICRO);
    const AtmUint128 rhs = static_cast<AtmUint128>(GetZMicro() * static_cast<uint64_t>(k - r)) * x;
    return lhs > rhs;
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
