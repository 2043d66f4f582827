/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wfba-buffer-policy.h"

#include "ns3/atm-int128.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WfbaBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(WfbaBufferPolicy);

TypeId
WfbaBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WfbaBufferPolicy")
                            .SetParent<AtmFairShareBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<WfbaBufferPolicy>();
    return tid;
}

WfbaBufferPolicy::WfbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

WfbaBufferPolicy::~WfbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
WfbaBufferPolicy::IsOverShare(const AtmPortState& state, uint32_t vc, uint32_t x, uint32_t r) const
{
    const uint64_t xi = state.GetVcCells(vc);
    if (xi == 0)
    {
        return false; // 0 is within any share
    }
    const uint64_t mcr = state.GetVcMcrMilli(vc);
    const uint64_t w = state.GetActiveMcrMilli(); // contains MCR_i: VC i is active
    if (w == 0)
    {
        return true; // every share is 0 (no active VC has an MCR)
    }
    // X_i W (X - R) MICRO > Z_micro X MCR_i (K - R). X_i, X - R, X, K - R < 2^32; MICRO and
    // Z_micro < 2^20; W and MCR_i (millicells/s) below 2^44: products below 2^128.
    const uint32_t k = state.GetBufferCells();
    const AtmUint128 lhs = static_cast<AtmUint128>(xi * static_cast<uint64_t>(x - r)) *
                           (static_cast<AtmUint128>(w) * MICRO);
    const AtmUint128 rhs = static_cast<AtmUint128>(GetZMicro() * static_cast<uint64_t>(x)) *
                           (static_cast<AtmUint128>(mcr) * static_cast<uint64_t>(k - r));
    return lhs > rhs;
}

const char*
WfbaBufferPolicy::GetOverShareReason() const
{
    return OVER_WEIGHTED_SHARE;
}

const char*
WfbaBufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

} // namespace ns3
