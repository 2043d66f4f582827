/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "per-vc-threshold-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PerVcThresholdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(PerVcThresholdBufferPolicy);

TypeId
PerVcThresholdBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PerVcThresholdBufferPolicy")
            .SetParent<AtmDualThresholdBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<PerVcThresholdBufferPolicy>()
            .AddAttribute("VcThresholdCells",
                          "T_i for every VC, in cells: above HBO an eligible PDU is still "
                          "accepted while its VC holds fewer than T_i cells. 0 (default): each "
                          "VC's MBS from its contract (Guerin and Heinanen), 0 for a VC without "
                          "MBS. SetVcThreshold() overrides it per VC.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PerVcThresholdBufferPolicy::m_vcThresholdCells),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

PerVcThresholdBufferPolicy::PerVcThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

PerVcThresholdBufferPolicy::~PerVcThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
PerVcThresholdBufferPolicy::SetVcThreshold(uint32_t vc, uint32_t cells)
{
    NS_LOG_FUNCTION(this << vc << cells);
    NS_ABORT_MSG_IF(cells == std::numeric_limits<uint32_t>::max(),
                    "PerVcThresholdBufferPolicy::SetVcThreshold: T_i=" << cells << " for VC " << vc
                                                                       << " is out of range; give "
                                                                          "at most 4294967294 "
                                                                          "cells");
    if (vc >= m_vcThresholdPlusOne.size())
    {
        m_vcThresholdPlusOne.resize(vc + 1, 0);
    }
    m_vcThresholdPlusOne[vc] = cells + 1;
}

uint32_t
PerVcThresholdBufferPolicy::GetVcThreshold(const AtmPortState& state, uint32_t vc) const
{
    if (vc < m_vcThresholdPlusOne.size() && m_vcThresholdPlusOne[vc] != 0)
    {
        return m_vcThresholdPlusOne[vc] - 1;
    }
    if (m_vcThresholdCells != 0)
    {
        return m_vcThresholdCells;
    }
    return state.GetVcContract(vc).GetMbs();
}

bool
PerVcThresholdBufferPolicy::MayExceedHbo(const AtmPortState& state, uint32_t vc) const
{
    return state.GetVcCells(vc) < GetVcThreshold(state, vc);
}

const char*
PerVcThresholdBufferPolicy::GetLowReason() const
{
    return LOW_THRESHOLD;
}

const char*
PerVcThresholdBufferPolicy::GetHighReason() const
{
    return HIGH_THRESHOLD;
}

const char*
PerVcThresholdBufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

} // namespace ns3
