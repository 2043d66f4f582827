/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vc-tail-drop-buffer-policy.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VcTailDropBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(VcTailDropBufferPolicy);

TypeId
VcTailDropBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VcTailDropBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<VcTailDropBufferPolicy>()
            .AddAttribute("VcBufferCells",
                          "V, the size of each VC's queue in cells (SANDIA: 256). The port's "
                          "BufferCells still bounds all VCs together.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&VcTailDropBufferPolicy::m_vcBufferCells),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

VcTailDropBufferPolicy::VcTailDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

VcTailDropBufferPolicy::~VcTailDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
VcTailDropBufferPolicy::IsFrameAware() const
{
    return false;
}

AtmAdmitDecision
VcTailDropBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (state.GetVcCells(vc) >= m_vcBufferCells)
    {
        return AtmAdmitDecision::DropCell(VC_QUEUE_FULL);
    }
    if (state.GetCellsInBuffer() >= state.GetBufferCells())
    {
        return AtmAdmitDecision::DropCell(BUFFER_FULL);
    }
    return AtmAdmitDecision::Accept();
}

} // namespace ns3
