/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "selective-drop-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SelectiveDropBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(SelectiveDropBufferPolicy);

namespace
{

/// Fractions and Z are exact decimals of 6 places: value = micro / MICRO.
constexpr uint64_t MICRO = 1000000;

} // namespace

TypeId
SelectiveDropBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SelectiveDropBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<SelectiveDropBufferPolicy>()
            .AddAttribute("ThresholdFraction",
                          "R as a fraction of the port's BufferCells K, 0 < R/K < 1 (6 decimal "
                          "places): R = floor(ThresholdFraction x K) cells (SPEC 3.6, E-J11). The "
                          "rule acts only when X > R. Ignored if ThresholdCells > 0. Default 0.8 "
                          "from JAIN's WWW paper.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&SelectiveDropBufferPolicy::SetThresholdFraction,
                                             &SelectiveDropBufferPolicy::GetThresholdFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ThresholdCells",
                          "R in cells; must be below the port's BufferCells. 0 (the default) "
                          "uses ThresholdFraction.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SelectiveDropBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Z",
                          "Scaling of the fair share X/N_a, 0 < Z <= 1 (6 decimal places): above "
                          "R, a new PDU of a VC with X_i > Z x X/N_a is refused. Default 0.8 from "
                          "JAIN's WWW paper.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&SelectiveDropBufferPolicy::SetZ,
                                             &SelectiveDropBufferPolicy::GetZ),
                          MakeDoubleChecker<double>(0.0, 1.0));
    return tid;
}

SelectiveDropBufferPolicy::SelectiveDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

SelectiveDropBufferPolicy::~SelectiveDropBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
SelectiveDropBufferPolicy::SetThresholdFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    const long long micro = std::llround(fraction * MICRO);
    NS_ABORT_MSG_IF(!(fraction > 0.0 && fraction < 1.0) || micro <= 0 ||
                        micro >= static_cast<long long>(MICRO),
                    "SelectiveDropBufferPolicy: ThresholdFraction="
                        << fraction
                        << " is not in (0, 1) to 6 decimal places; R = ThresholdFraction x "
                           "BufferCells must lie between 0 and K: use e.g. 0.8 (JAIN), or set "
                           "ThresholdCells");
    m_fraction = fraction;
    m_fractionMicro = static_cast<uint32_t>(micro);
}

double
SelectiveDropBufferPolicy::GetThresholdFraction() const
{
    return m_fraction;
}

void
SelectiveDropBufferPolicy::SetZ(double z)
{
    NS_LOG_FUNCTION(this << z);
    const long long micro = std::llround(z * MICRO);
    NS_ABORT_MSG_IF(!(z > 0.0 && z <= 1.0) || micro <= 0,
                    "SelectiveDropBufferPolicy: Z=" << z
                                                    << " is not in (0, 1] to 6 decimal places; "
                                                       "use e.g. 0.8 (JAIN)");
    m_z = z;
    m_zMicro = static_cast<uint32_t>(micro);
}

double
SelectiveDropBufferPolicy::GetZ() const
{
    return m_z;
}

uint32_t
SelectiveDropBufferPolicy::GetThresholdCells(uint32_t bufferCells) const
{
    if (m_thresholdCells == 0)
    {
        // E-J11: the fraction becomes a cell count; floor keeps R < K for every K >= 1.
        return static_cast<uint32_t>(m_fractionMicro * static_cast<uint64_t>(bufferCells) / MICRO);
    }
    NS_ABORT_MSG_IF(m_thresholdCells >= bufferCells,
                    "SelectiveDropBufferPolicy: ThresholdCells="
                        << m_thresholdCells << " >= BufferCells=" << bufferCells
                        << ": the rule X > R could never act; set ThresholdCells below "
                           "BufferCells, or to 0 to use ThresholdFraction");
    return m_thresholdCells;
}

AtmAdmitDecision
SelectiveDropBufferPolicy::DoAdmit(const AtmPortState& state, const AtmCell& cell)
{
    if (IsFirstCell(state, cell))
    {
        const uint32_t x = state.GetCellsInBuffer();
        if (x > GetThresholdCells(state.GetBufferCells()))
        {
            // X_i N_a / X > Z  <=>  X_i N_a > Z X  <=>  X_i N_a > floor(zMicro X / MICRO), since
            // X_i N_a is an integer: exact, no division by X, and X_i = 0 never qualifies.
            const uint64_t share =
                static_cast<uint64_t>(state.GetVcCells(cell.vc)) * state.GetNActiveVcs();
            const uint64_t bound = m_zMicro * static_cast<uint64_t>(x) / MICRO;
            if (share > bound)
            {
                return RejectFrame(OVER_FAIR_SHARE);
            }
        }
    }
    // A PDU that passed its first cell keeps being accepted while it fits (JAIN: the decision
    // is per PDU); overflow inside it is PPD (SPEC 3.1, 3.3).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
