/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ppd-buffer-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PpdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(PpdBufferPolicy);

TypeId
PpdBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PpdBufferPolicy")
                            .SetParent<AtmBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<PpdBufferPolicy>();
    return tid;
}

PpdBufferPolicy::PpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

PpdBufferPolicy::~PpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmAdmitDecision
PpdBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // The first cell gets no special case: the port's frame state machine runs an admitted (PPD:
    // always admitted) first cell through the ACCEPT branch, whose overflow action is DROP_PPD
    // (class doc). An EOM that overflows ends the PDU, so keepEom has no effect then (the port
    // returns the VC to IDLE).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
