/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-dual-threshold-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmDualThresholdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(AtmDualThresholdBufferPolicy);

TypeId
AtmDualThresholdBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmDualThresholdBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddAttribute("HboCells",
                          "HBO, the high threshold in cells: a new PDU is refused whole when the "
                          "buffer holds Q >= HBO cells (per-VC threshold: unless its VC is below "
                          "its own threshold). 0 (default): HBO = floor(HboFraction * "
                          "BufferCells). Must be at least LBO and below the port's BufferCells "
                          "(BON's LAN: 7168 of 8192).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmDualThresholdBufferPolicy::m_hboCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HboFraction",
                          "HBO as a fraction of the port's BufferCells, in (0, 1) (6 decimal "
                          "places), used when HboCells is 0.",
                          DoubleValue(0.875),
                          MakeDoubleAccessor(&AtmDualThresholdBufferPolicy::SetHboFraction,
                                             &AtmDualThresholdBufferPolicy::GetHboFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("LboCells",
                          "LBO, the low threshold in cells: a new PDU that is not eligible (CLP "
                          "= 1, or marked by a GFR.1 F-GCRA) is refused whole when Q >= LBO. 0 "
                          "(default): LBO = floor(LboFraction * BufferCells); for LBO = 0 set "
                          "LboFraction to 0. Must not exceed HBO (BON's LAN: 6144).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmDualThresholdBufferPolicy::m_lboCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LboFraction",
                          "LBO as a fraction of the port's BufferCells, in [0, 1) (6 decimal "
                          "places), used when LboCells is 0; 0 refuses every non-eligible PDU "
                          "that finds a cell in the buffer.",
                          DoubleValue(0.75),
                          MakeDoubleAccessor(&AtmDualThresholdBufferPolicy::SetLboFraction,
                                             &AtmDualThresholdBufferPolicy::GetLboFraction),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

AtmDualThresholdBufferPolicy::AtmDualThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmDualThresholdBufferPolicy::~AtmDualThresholdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
AtmDualThresholdBufferPolicy::SetHboFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    GetInstanceTypeId().GetName() << ": HboFraction=" << fraction
                                                  << " is outside (0, 1) to 6 decimal "
                                                     "places; use a value such as 0.875 "
                                                     "(BON's LAN: 7168 of 8192), or set "
                                                     "HboCells");
    m_hboFraction = fraction;
    m_hboMicro = AtmThresholdFractionToMicro(fraction);
}

double
AtmDualThresholdBufferPolicy::GetHboFraction() const
{
    return m_hboFraction;
}

void
AtmDualThresholdBufferPolicy::SetLboFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(fraction != 0.0 && !AtmIsValidThresholdFraction(fraction),
                    GetInstanceTypeId().GetName()
                        << ": LboFraction=" << fraction
                        << " is outside [0, 1) to 6 decimal places; use a value such as 0.75 "
                           "(BON's LAN: 6144 of 8192), 0 for LBO = 0, or set LboCells");
    m_lboFraction = fraction;
    m_lboMicro = AtmThresholdFractionToMicro(fraction);
}

double
AtmDualThresholdBufferPolicy::GetLboFraction() const
{
    return m_lboFraction;
}

void
AtmDualThresholdBufferPolicy::Thresholds(uint32_t bufferCells, uint32_t* lbo, uint32_t* hbo) const
{
    *hbo = AtmThresholdCells(m_hboCells, m_hboMicro, bufferCells);
    *lbo = AtmThresholdCells(m_lboCells, m_lboMicro, bufferCells);
    NS_ABORT_MSG_IF(*lbo > *hbo || *hbo >= bufferCells,
                    GetInstanceTypeId().GetName()
                        << ": thresholds LBO=" << *lbo << " (LboCells=" << m_lboCells
                        << ", LboFraction=" << m_lboFraction << ") and HBO=" << *hbo
                        << " (HboCells=" << m_hboCells << ", HboFraction=" << m_hboFraction
                        << ") with the port's BufferCells K=" << bufferCells
                        << ": the policy needs LBO <= HBO < K; lower LboCells/LboFraction, "
                           "lower HboCells/HboFraction, or raise BufferCells");
}

uint32_t
AtmDualThresholdBufferPolicy::GetHboCells(uint32_t bufferCells) const
{
    uint32_t lbo = 0;
    uint32_t hbo = 0;
    Thresholds(bufferCells, &lbo, &hbo);
    return hbo;
}

uint32_t
AtmDualThresholdBufferPolicy::GetLboCells(uint32_t bufferCells) const
{
    uint32_t lbo = 0;
    uint32_t hbo = 0;
    Thresholds(bufferCells, &lbo, &hbo);
    return lbo;
}

AtmAdmitDecision
AtmDualThresholdBufferPolicy::AdmitNonEligibleAboveLbo(const AtmPortState& /* state */,
                                                       uint32_t /* vc */,
                                                       uint32_t /* q */,
                                                       uint32_t /* hbo */) const
{
    return RejectFrame(GetLowReason());
}

AtmAdmitDecision
AtmDualThresholdBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (IsFirstCell(state, vc))
    {
        // From the state's K at each first cell, so the policy is right on any port.
        uint32_t lbo = 0;
        uint32_t hbo = 0;
        Thresholds(state.GetBufferCells(), &lbo, &hbo);
        const uint32_t q = state.GetCellsInBuffer();
        if (!cell.IsEligible() && q >= lbo)
        {
            const AtmAdmitDecision d = AdmitNonEligibleAboveLbo(state, vc, q, hbo);
            if (!d.IsAccept() || HasRoom(state, cell))
            {
                return d;
            }
            return Overflow(GetBufferFullReason());
        }
        if (q >= hbo && !MayExceedHbo(state, vc))
        {
            return RejectFrame(GetHighReason());
        }
    }
    // Inside an accepted PDU the thresholds no longer apply: it continues until the buffer is
    // full, then PPD keeps its EOM (BON).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(GetBufferFullReason());
}

} // namespace ns3
