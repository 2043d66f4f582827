/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dfba-buffer-policy.h"

#include "atm-ns3-compat.h"
#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/atm-int128.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DfbaBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(DfbaBufferPolicy);

TypeId
DfbaBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DfbaBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<DfbaBufferPolicy>()
            .AddAttribute("LowThresholdCells",
                          "L, the low threshold in cells: at X <= L every frame is accepted. 0 "
                          "(default): L = floor(LowThresholdFraction x BufferCells). Must not "
                          "exceed H.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DfbaBufferPolicy::m_lowCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LowThresholdFraction",
                          "L as a fraction of the port's BufferCells, in [0, 1) (6 decimal "
                          "places), used when LowThresholdCells is 0. Default 0.5 (Goyal, Jain "
                          "et al.).",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&DfbaBufferPolicy::SetLowFraction,
                                             &DfbaBufferPolicy::GetLowFraction),
                          MakeDoubleChecker<double>())
            .AddAttribute("HighThresholdCells",
                          "H, the high threshold in cells: at X >= H every new frame is refused. "
                          "0 (default): H = floor(HighThresholdFraction x BufferCells). Must lie "
                          "between L and BufferCells.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DfbaBufferPolicy::m_highCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HighThresholdFraction",
                          "H as a fraction of the port's BufferCells, in (0, 1) (6 decimal "
                          "places), used when HighThresholdCells is 0. Default 0.9 (Goyal, Jain "
                          "et al.).",
                          DoubleValue(0.9),
                          MakeDoubleAccessor(&DfbaBufferPolicy::SetHighFraction,
                                             &DfbaBufferPolicy::GetHighFraction),
                          MakeDoubleChecker<double>())
            .AddAttribute(
                "Alpha",
                "Weight of the fairness term against the efficiency term in P_drop, "
                "in [0, 1]. Default 0.5 (Goyal, Jain et al.).",
                DoubleValue(0.5),
                MakeDoubleAccessor(&DfbaBufferPolicy::SetAlpha, &DfbaBufferPolicy::GetAlpha),
                MakeDoubleChecker<double>())
            .AddAttribute("ZRule",
                          "Z_i of the VCs without SetVcZ(): One (1, the default), "
                          "OneMinusShare (1 - W_i/W) or OneMinusSquaredShare ((1 - W_i/W)^2).",
                          EnumValue(Z_ONE),
                          ATM_MAKE_ENUM_ACCESSOR(ZRule, &DfbaBufferPolicy::m_zRule),
                          MakeEnumChecker(Z_ONE,
                                          "One",
                                          Z_ONE_MINUS_SHARE,
                                          "OneMinusShare",
                                          Z_ONE_MINUS_SQUARED_SHARE,
                                          "OneMinusSquaredShare"))
            .AddAttribute("Form",
                          "Fixed (default): the published pseudo-code with its gaps closed "
                          "(a VC at its share is accepted, an arriving VC counted in W, "
                          "single-cell frames tested). Faithful: as published (class doc).",
                          EnumValue(FIXED),
                          ATM_MAKE_ENUM_ACCESSOR(Form, &DfbaBufferPolicy::m_form),
                          MakeEnumChecker(FIXED, "Fixed", FAITHFUL, "Faithful"))
            .AddTraceSource("Draw",
                            "A frame of a VC above its share between L and H met the random "
                            "drop: (VC, P_drop, refused).",
                            MakeTraceSourceAccessor(&DfbaBufferPolicy::m_drawTrace),
                            "ns3::DfbaBufferPolicy::DrawTracedCallback");
    return tid;
}

DfbaBufferPolicy::DfbaBufferPolicy()
    : m_uniform(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

DfbaBufferPolicy::~DfbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
DfbaBufferPolicy::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_uniform = nullptr;
    AtmBufferPolicy::DoDispose();
}

int64_t
DfbaBufferPolicy::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_uniform->SetStream(stream);
    return 1;
}

void
DfbaBufferPolicy::SetLowFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(fraction != 0.0 && !AtmIsValidThresholdFraction(fraction),
                    "DfbaBufferPolicy: LowThresholdFraction="
                        << fraction
                        << " is outside [0, 1) to 6 decimal places; use e.g. 0.5 (Goyal, Jain et "
                           "al.), 0 for L = 0, or set LowThresholdCells");
    m_lowFraction = fraction;
    m_lowMicro = AtmThresholdFractionToMicro(fraction);
}

double
DfbaBufferPolicy::GetLowFraction() const
{
    return m_lowFraction;
}

void
DfbaBufferPolicy::SetHighFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    "DfbaBufferPolicy: HighThresholdFraction="
                        << fraction
                        << " is outside (0, 1) to 6 decimal places; use e.g. 0.9 (Goyal, Jain et "
                           "al.), or set HighThresholdCells");
    m_highFraction = fraction;
    m_highMicro = AtmThresholdFractionToMicro(fraction);
}

double
DfbaBufferPolicy::GetHighFraction() const
{
    return m_highFraction;
}

void
DfbaBufferPolicy::SetAlpha(double alpha)
{
    NS_LOG_FUNCTION(this << alpha);
    NS_ABORT_MSG_IF(!(alpha >= 0.0 && alpha <= 1.0),
                    "DfbaBufferPolicy: Alpha=" << alpha
                                               << " is outside [0, 1]; use e.g. 0.5 (Goyal, Jain "
                                                  "et al.)");
    m_alpha = alpha;
}

double
DfbaBufferPolicy::GetAlpha() const
{
    return m_alpha;
}

void
DfbaBufferPolicy::SetVcZ(uint32_t vc, double z)
{
    NS_LOG_FUNCTION(this << vc << z);
    NS_ABORT_MSG_IF(!(z >= 0.0 && z <= 1.0),
                    "DfbaBufferPolicy::SetVcZ: Z_i=" << z << " for VC " << vc
                                                     << " is outside [0, 1]; give a scaling "
                                                        "between 0 (never a random drop) and 1");
    if (vc >= m_vcZ.size())
    {
        m_vcZ.resize(vc + 1, -1.0);
    }
    m_vcZ[vc] = z;
}

void
DfbaBufferPolicy::Thresholds(uint32_t bufferCells, uint32_t* low, uint32_t* high) const
{
    *low = AtmThresholdCells(m_lowCells, m_lowMicro, bufferCells);
    *high = AtmThresholdCells(m_highCells, m_highMicro, bufferCells);
    NS_ABORT_MSG_IF(*low > *high || *high > bufferCells,
                    "DfbaBufferPolicy: thresholds L="
                        << *low << " (LowThresholdCells=" << m_lowCells
                        << ", LowThresholdFraction=" << m_lowFraction << ") and H=" << *high
                        << " (HighThresholdCells=" << m_highCells << ", HighThresholdFraction="
                        << m_highFraction << ") with the port's BufferCells K=" << bufferCells
                        << ": the policy needs L <= H <= K; lower LowThresholdCells/"
                           "LowThresholdFraction, lower HighThresholdCells/HighThresholdFraction, "
                           "or raise BufferCells");
}

uint32_t
DfbaBufferPolicy::GetLowThresholdCells(uint32_t bufferCells) const
{
    uint32_t low = 0;
    uint32_t high = 0;
    Thresholds(bufferCells, &low, &high);
    return low;
}

uint32_t
DfbaBufferPolicy::GetHighThresholdCells(uint32_t bufferCells) const
{
    uint32_t low = 0;
    uint32_t high = 0;
    Thresholds(bufferCells, &low, &high);
    return high;
}

uint64_t
DfbaBufferPolicy::ShareBase(const AtmPortState& state, uint32_t vc) const
{
    // F3: W holds the MCRs of the VCs with cells; a VC without cells is added to it (Fixed) or
    // not (Faithful, as published).
    const uint64_t w = state.GetActiveMcrMilli();
    const bool countArriving = m_form == FIXED && state.GetVcCells(vc) == 0;
    return countArriving ? w + state.GetVcMcrMilli(vc) : w;
}

double
DfbaBufferPolicy::GetShareFraction(const AtmPortState& state, uint32_t vc) const
{
    const uint64_t wi = state.GetVcMcrMilli(vc);
    const uint64_t wa = ShareBase(state, vc);
    if (wi == 0)
    {
        return 0.0; // a VC without MCR has no share (also when W = 0: 0/0)
    }
    if (wa == 0)
    {
        return std::numeric_limits<double>::infinity(); // Faithful, W = 0 < W_i: unbounded
    }
    return static_cast<double>(wi) / static_cast<double>(wa);
}

double
DfbaBufferPolicy::ZFor(uint32_t vc, double f) const
{
    if (vc < m_vcZ.size() && m_vcZ[vc] >= 0.0)
    {
        return m_vcZ[vc];
    }
    // The rule's value is the exponent of (1 - f): 0, 1 or 2 multiplications.
    const double base = 1.0 - std::min(std::max(f, 0.0), 1.0);
    double z = 1.0;
    for (int e = 0; e < static_cast<int>(m_zRule); ++e)
    {
        z *= base;
    }
    return z;
}

double
DfbaBufferPolicy::GetVcZ(const AtmPortState& state, uint32_t vc) const
{
    return ZFor(vc, GetShareFraction(state, vc));
}

DfbaBufferPolicy::Verdict
DfbaBufferPolicy::Classify(const AtmPortState& state, uint32_t vc, bool eligible) const
{
    uint32_t l = 0;
    uint32_t h = 0;
    Thresholds(state.GetBufferCells(), &l, &h);
    const uint32_t x = state.GetCellsInBuffer();
    if (x <= l)
    {
        return Verdict{}; // region 1: every frame
    }
    if (x >= h)
    {
        return Verdict{HIGH_THRESHOLD, 1.0}; // region 4: EPD
    }
    if (!eligible)
    {
        return Verdict{NOT_ELIGIBLE, 1.0}; // CLP = 1 frames only in region 1
    }
    // L < X < H, eligible: compare X_i with s = X W_i / Wa exactly, as X_i Wa against X W_i
    // (X, X_i < 2^32; W_i, Wa < 2^64: products below 2^96).
    const uint64_t xi = state.GetVcCells(vc);
    const uint64_t wi = state.GetVcMcrMilli(vc);
    const uint64_t wa = ShareBase(state, vc);
    int cmp = 0; // sign of X_i - s
    if (wa == 0)
    {
        // No MCR among the active VCs (and, Fixed, none for VC i either). W_i = 0: the share is
        // 0. W_i > 0 (Faithful, VC i inactive): X W_i / 0, read as unbounded.
        cmp = wi > 0 ? -1 : (xi > 0 ? 1 : 0);
    }
    else
    {
        const AtmUint128 lhs = static_cast<AtmUint128>(xi) * wa;
        const AtmUint128 rhs = static_cast<AtmUint128>(x) * wi;
        cmp = lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
    }
    if (cmp < 0)
    {
        return Verdict{}; // region 3: below the share
    }
    if (cmp == 0)
    {
        // F1: at the share. Fixed: region 3. Faithful: neither strict branch holds.
        return m_form == FIXED ? Verdict{} : Verdict{AT_SHARE, 1.0};
    }
    // Region 2: above the share (so f < 1, and Wa > W_i unless Wa = 0).
    double fair = 0.0;
    if (wa == 0)
    {
        fair = static_cast<double>(xi) / x; // f = 0: (X_i - 0) / (X (1 - 0))
    }
    else if (wa > wi)
    {
        // (X_i - X W_i/Wa) / (X (1 - W_i/Wa)) = (X_i Wa - X W_i) / (X (Wa - W_i)), exact up to
        // the final division.
        const AtmUint128 num = static_cast<AtmUint128>(xi) * wa - static_cast<AtmUint128>(x) * wi;
        const AtmUint128 den = static_cast<AtmUint128>(x) * (wa - wi);
        fair = static_cast<double>(num) / static_cast<double>(den);
    }
    // else F2: f = 1, the fairness term 0/0 is taken as 0 (unreachable here: f = 1 gives
    // X_i <= s).
    const double eff = static_cast<double>(x - l) / static_cast<double>(h - l);
    const double f = wa == 0 ? 0.0 : static_cast<double>(wi) / static_cast<double>(wa);
    const double p = ZFor(vc, f) * (m_alpha * fair + (1.0 - m_alpha) * eff);
    return Verdict{OVER_SHARE, std::min(std::max(p, 0.0), 1.0)};
}

double
DfbaBufferPolicy::GetRefusalProbability(const AtmPortState& state, uint32_t vc, bool eligible) const
{
    const Verdict v = Classify(state, vc, eligible);
    return v.reason == nullptr ? 0.0 : v.probability;
}

AtmAdmitDecision
DfbaBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // F4: the published pseudo-code treats a single-cell frame as the end of a frame only.
    const bool tested = IsFirstCell(state, vc) && !(m_form == FAITHFUL && cell.IsEndOfPdu());
    if (tested)
    {
        const Verdict v = Classify(state, vc, cell.IsEligible());
        if (v.reason == OVER_SHARE)
        {
            const bool refused = m_uniform->GetValue() < v.probability;
            m_drawTrace(vc, v.probability, refused);
            if (refused)
            {
                return RejectFrame(OVER_SHARE);
            }
        }
        else if (v.reason != nullptr)
        {
            return RejectFrame(v.reason);
        }
    }
    // An accepted frame continues while it fits; an overflow inside it is PPD (EOM kept).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
