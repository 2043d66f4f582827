/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "selective-drop-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SelectiveDropBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(SelectiveDropBufferPolicy);

TypeId
SelectiveDropBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SelectiveDropBufferPolicy")
                            .SetParent<AtmFairShareBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<SelectiveDropBufferPolicy>();
    return tid;
}

SelectiveDropBufferPolicy::SelectiveDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

SelectiveDropBufferPolicy::~SelectiveDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
SelectiveDropBufferPolicy::IsOverShare(const AtmPortState& state,
                                       uint32_t vc,
                                       uint32_t x,
                                       uint32_t r) const
{
    // X_i N_a / X > Z  <=>  X_i N_a > Z X  <=>  X_i N_a > floor(zMicro X / MICRO), since
    // X_i N_a is an integer: exact, no division by X, and X_i = 0 never qualifies.
    const uint64_t share = static_cast<uint64_t>(state.GetVcCells(vc)) * state.GetNActiveVcs();
    const uint64_t bound = GetZMicro() * static_cast<uint64_t>(x) / MICRO;
    return share > bound;
}

const char*
SelectiveDropBufferPolicy::GetOverShareReason() const
{
    return OVER_FAIR_SHARE;
}

const char*
SelectiveDropBufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

} // namespace ns3
