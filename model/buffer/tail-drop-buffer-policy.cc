/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tail-drop-buffer-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TailDropBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(TailDropBufferPolicy);

TypeId
TailDropBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TailDropBufferPolicy")
                            .SetParent<AtmBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<TailDropBufferPolicy>();
    return tid;
}

TailDropBufferPolicy::TailDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

TailDropBufferPolicy::~TailDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
TailDropBufferPolicy::IsFrameAware() const
{
    return false;
}

AtmAdmitDecision
TailDropBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // The physical limit is the only rule (SANDIA, JAIN); per-VC limits belong to other policies.
    if (state.GetCellsInBuffer() < state.GetBufferCells())
    {
        return AtmAdmitDecision::Accept();
    }
    return AtmAdmitDecision::DropCell(BUFFER_FULL);
}

} // namespace ns3
