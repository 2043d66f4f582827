/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sandia-drop-whole-buffer-policy.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SandiaDropWholeBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(SandiaDropWholeBufferPolicy);

TypeId
SandiaDropWholeBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SandiaDropWholeBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<SandiaDropWholeBufferPolicy>()
            .AddAttribute("VcBufferCells",
                          "V, the size of each VC's queue in cells (SANDIA: 256, the per-VC queue "
                          "of its switches). The port's BufferCells still bounds all VCs together.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&SandiaDropWholeBufferPolicy::m_vcBufferCells),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

SandiaDropWholeBufferPolicy::SandiaDropWholeBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

SandiaDropWholeBufferPolicy::~SandiaDropWholeBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmAdmitDecision
SandiaDropWholeBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // Any overflow condemns the whole PDU (SANDIA): the port purges its queued head and drops the
    // rest including the EOM, or falls back to drop-tail if the head already left (this model's
    // choice).
    if (state.GetVcCells(vc) >= m_vcBufferCells)
    {
        return AtmAdmitDecision::DropAndPurgeTail(VC_QUEUE_FULL);
    }
    if (!HasRoom(state, cell))
    {
        return AtmAdmitDecision::DropAndPurgeTail(BUFFER_FULL);
    }
    return AtmAdmitDecision::Accept();
}

} // namespace ns3
