/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vc-threshold-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VcThresholdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(VcThresholdBufferPolicy);

TypeId
VcThresholdBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VcThresholdBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<VcThresholdBufferPolicy>()
            .AddAttribute("ThresholdCells",
                          "Threshold r_i in cells (>= 1) of every VC without its own "
                          "(SetVcThreshold): one PDU of the VC is refused each time its "
                          "occupancy X_i reaches r_i from below (JAIN GFRJ section 3).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&VcThresholdBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

VcThresholdBufferPolicy::VcThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

VcThresholdBufferPolicy::~VcThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

VcThresholdBufferPolicy::Vc&
VcThresholdBufferPolicy::Entry(uint32_t vc)
{
    // Grows at configuration time (NotifyVcAdded, SetVcThreshold); from Admit only for a VC
    // the port never announced, which then starts as NotifyVcAdded would have made it.
    if (vc >= m_vcs.size())
    {
        m_vcs.resize(vc + 1);
    }
    return m_vcs[vc];
}

void
VcThresholdBufferPolicy::SetVcThreshold(uint32_t vc, uint32_t cells)
{
    NS_LOG_FUNCTION(this << vc << cells);
    NS_ABORT_MSG_IF(cells == 0,
                    "VcThresholdBufferPolicy: SetVcThreshold(vc=" << vc
                                                                  << ", cells=0): a threshold "
                                                                     "is at least 1 cell (r_i = 0 "
                                                                     "would refuse one PDU and "
                                                                     "never re-arm)");
    Entry(vc).threshold = cells;
}

uint32_t
VcThresholdBufferPolicy::GetVcThreshold(uint32_t vc) const
{
    return vc < m_vcs.size() ? Threshold(m_vcs[vc]) : m_thresholdCells;
}

bool
VcThresholdBufferPolicy::IsArmed(uint32_t vc) const
{
    return vc < m_vcs.size() ? m_vcs[vc].armed : true;
}

void
VcThresholdBufferPolicy::NotifyVcAdded(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    Entry(vc);
}

void
VcThresholdBufferPolicy::DoNotifyDeparture(const AtmPortState& state,
                                           uint32_t vc,
                                           const AtmCell& cell)
{
    // Per cell: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    Vc& v = Entry(vc);
    if (!v.armed && state.GetVcCells(vc) < Threshold(v))
    {
        v.armed = true;
    }
}

AtmAdmitDecision
VcThresholdBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (IsFirstCell(state, vc))
    {
        Vc& v = Entry(vc);
        if (state.GetVcCells(vc) < Threshold(v))
        {
            v.armed = true;
        }
        else if (v.armed)
        {
            // The occupancy reached r_i since the last drop: one PDU is the TCP congestion
            // signal (GFRJ section 3); the following PDUs are accepted until X_i < r_i again.
            v.armed = false;
            return RejectFrame(THRESHOLD_CROSSED);
        }
    }
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
