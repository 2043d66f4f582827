/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-fair-share-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmFairShareBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(AtmFairShareBufferPolicy);

TypeId
AtmFairShareBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmFairShareBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddAttribute("ThresholdFraction",
                          "R as a fraction of the port's BufferCells K, 0 < R/K < 1 (6 decimal "
                          "places): R = floor(ThresholdFraction x K) cells (JAIN's R). The "
                          "rule acts only when X > R. Ignored if ThresholdCells > 0. Default 0.8 "
                          "from JAIN's WWW paper.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&AtmFairShareBufferPolicy::SetThresholdFraction,
                                             &AtmFairShareBufferPolicy::GetThresholdFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ThresholdCells",
                          "R in cells; must be below the port's BufferCells. 0 (the default) "
                          "uses ThresholdFraction.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmFairShareBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Z",
                          "Scaling of the fair share X/N_a, 0 < Z <= 1 (6 decimal places): above "
                          "R, a new PDU of a VC above its (scaled) fair share is refused (the "
                          "subclass defines the share). Default 0.8 from "
                          "JAIN's WWW paper.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&AtmFairShareBufferPolicy::SetZ,
                                             &AtmFairShareBufferPolicy::GetZ),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

AtmFairShareBufferPolicy::AtmFairShareBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmFairShareBufferPolicy::~AtmFairShareBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
AtmFairShareBufferPolicy::SetThresholdFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    GetInstanceTypeId().GetName()
                        << ": ThresholdFraction=" << fraction
                        << " is not in (0, 1) to 6 decimal places; R = ThresholdFraction x "
                           "BufferCells must lie between 0 and K: use e.g. 0.8 (JAIN), or set "
                           "ThresholdCells");
    m_fraction = fraction;
    m_fractionMicro = AtmThresholdFractionToMicro(fraction);
}

double
AtmFairShareBufferPolicy::GetThresholdFraction() const
{
    return m_fraction;
}

void
AtmFairShareBufferPolicy::SetZ(double z)
{
    NS_LOG_FUNCTION(this << z);
    const long long micro = std::llround(z * MICRO);
    NS_ABORT_MSG_IF(!(z > 0.0 && z <= 1.0) || micro <= 0,
                    GetInstanceTypeId().GetName() << ": Z=" << z
                                                  << " is not in (0, 1] to 6 decimal places; "
                                                     "use e.g. 0.8 (JAIN)");
    m_z = z;
    m_zMicro = static_cast<uint32_t>(micro);
}

double
AtmFairShareBufferPolicy::GetZ() const
{
    return m_z;
}

uint32_t
AtmFairShareBufferPolicy::GetThresholdCells(uint32_t bufferCells) const
{
    // JAIN's R is a fraction of K used as a cell count; floor keeps R < K for every K >= 1.
    const uint32_t r = AtmThresholdCells(m_thresholdCells, m_fractionMicro, bufferCells);
    NS_ABORT_MSG_IF(m_thresholdCells != 0 && r >= bufferCells,
                    GetInstanceTypeId().GetName()
                        << ": ThresholdCells=" << m_thresholdCells
                        << " >= BufferCells=" << bufferCells
                        << ": the rule X > R could never act; set ThresholdCells below "
                           "BufferCells, or to 0 to use ThresholdFraction");
    return r;
}

uint32_t
AtmFairShareBufferPolicy::GetZMicro() const
{
    return m_zMicro;
}

AtmAdmitDecision
AtmFairShareBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (IsFirstCell(state, vc))
    {
        const uint32_t x = state.GetCellsInBuffer();
        const uint32_t r = GetThresholdCells(state.GetBufferCells());
        if (x > r && IsOverShare(state, vc, x, r))
        {
            return RejectFrame(GetOverShareReason());
        }
    }
    // A PDU that passed its first cell keeps being accepted while it fits (JAIN: the decision
    // is per PDU); overflow inside it is PPD (BON, JAIN).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(GetBufferFullReason());
}

} // namespace ns3
