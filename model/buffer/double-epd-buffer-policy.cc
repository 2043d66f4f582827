/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "double-epd-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DoubleEpdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(DoubleEpdBufferPolicy);

TypeId
DoubleEpdBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DoubleEpdBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<DoubleEpdBufferPolicy>()
            .AddAttribute("HboCells",
                          "HBO, the high threshold in cells: every new PDU is refused whole when "
                          "the buffer holds Q >= HBO cells. 0 (default): HBO = floor(HboFraction "
                          "* BufferCells). Must be at least LBO and below the port's BufferCells "
                          "(BON's LAN: 7168 of 8192).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DoubleEpdBufferPolicy::m_hboCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HboFraction",
                          "HBO as a fraction of the port's BufferCells, in (0, 1) (6 decimal "
                          "places), used when HboCells is 0.",
                          DoubleValue(0.875),
                          MakeDoubleAccessor(&DoubleEpdBufferPolicy::SetHboFraction,
                                             &DoubleEpdBufferPolicy::GetHboFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("LboCells",
                          "LBO, the low threshold in cells: a new PDU that is not eligible (CLP "
                          "= 1, or marked by a GFR.1 F-GCRA) is refused whole when Q >= LBO. 0 "
                          "(default): LBO = floor(LboFraction * BufferCells); for LBO = 0 set "
                          "LboFraction to 0. Must not exceed HBO (BON's LAN: 6144).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DoubleEpdBufferPolicy::m_lboCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LboFraction",
                          "LBO as a fraction of the port's BufferCells, in [0, 1) (6 decimal "
                          "places), used when LboCells is 0; 0 refuses every non-eligible PDU "
                          "that finds a cell in the buffer.",
                          DoubleValue(0.75),
                          MakeDoubleAccessor(&DoubleEpdBufferPolicy::SetLboFraction,
                                             &DoubleEpdBufferPolicy::GetLboFraction),
                          MakeDoubleChecker<double>(0.0, 1.0));
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

void
DoubleEpdBufferPolicy::SetHboFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    "DoubleEpdBufferPolicy: HboFraction=" << fraction
                                                          << " is outside (0, 1) to 6 decimal "
                                                             "places; use a value such as 0.875 "
                                                             "(BON's LAN: 7168 of 8192), or set "
                                                             "HboCells");
    m_hboFraction = fraction;
    m_hboMicro = AtmThresholdFractionToMicro(fraction);
}

double
DoubleEpdBufferPolicy::GetHboFraction() const
{
    return m_hboFraction;
}

void
DoubleEpdBufferPolicy::SetLboFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(fraction != 0.0 && !AtmIsValidThresholdFraction(fraction),
                    "DoubleEpdBufferPolicy: LboFraction="
                        << fraction
                        << " is outside [0, 1) to 6 decimal places; use a value such as 0.75 "
                           "(BON's LAN: 6144 of 8192), 0 for LBO = 0, or set LboCells");
    m_lboFraction = fraction;
    m_lboMicro = AtmThresholdFractionToMicro(fraction);
}

double
DoubleEpdBufferPolicy::GetLboFraction() const
{
    return m_lboFraction;
}

void
DoubleEpdBufferPolicy::Thresholds(uint32_t bufferCells, uint32_t* lbo, uint32_t* hbo) const
{
    *hbo = AtmThresholdCells(m_hboCells, m_hboMicro, bufferCells);
    *lbo = AtmThresholdCells(m_lboCells, m_lboMicro, bufferCells);
    NS_ABORT_MSG_IF(*lbo > *hbo || *hbo >= bufferCells,
                    "DoubleEpdBufferPolicy: thresholds LBO="
                        << *lbo << " (LboCells=" << m_lboCells << ", LboFraction=" << m_lboFraction
                        << ") and HBO=" << *hbo << " (HboCells=" << m_hboCells << ", HboFraction="
                        << m_hboFraction << ") with the port's BufferCells K=" << bufferCells
                        << ": Double-EPD needs LBO <= HBO < K; lower LboCells/LboFraction, "
                           "lower HboCells/HboFraction, or raise BufferCells");
}

uint32_t
DoubleEpdBufferPolicy::GetHboCells(uint32_t bufferCells) const
{
    uint32_t lbo = 0;
    uint32_t hbo = 0;
    Thresholds(bufferCells, &lbo, &hbo);
    return hbo;
}

uint32_t
DoubleEpdBufferPolicy::GetLboCells(uint32_t bufferCells) const
{
    uint32_t lbo = 0;
    uint32_t hbo = 0;
    Thresholds(bufferCells, &lbo, &hbo);
    return lbo;
}

AtmAdmitDecision
DoubleEpdBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
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
            return RejectFrame(LOW_THRESHOLD);
        }
        if (q >= hbo)
        {
            return RejectFrame(HIGH_THRESHOLD);
        }
    }
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
