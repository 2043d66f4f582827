/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "double-epd-buffer-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DoubleEpdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(DoubleEpdBufferPolicy);

TypeId
DoubleEpdBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DoubleEpdBufferPolicy")
                            .SetParent<AtmDualThresholdBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<DoubleEpdBufferPolicy>();
    return tid;
}

DoubleEpdBufferPolicy::DoubleEpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

DoubleEpdBufferPolicy::~DoubleEpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
DoubleEpdBufferPolicy::MayExceedHbo(const AtmPortState& /* state */, uint32_t /* vc */) const
{
    return false; // HBO is the classical EPD threshold, for every VC
}

const char*
DoubleEpdBufferPolicy::GetLowReason() const
{
    return LOW_THRESHOLD;
}

const char*
DoubleEpdBufferPolicy::GetHighReason() const
{
    return HIGH_THRESHOLD;
}

const char*
DoubleEpdBufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

} // namespace ns3
