/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tba-buffer-policy.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/atm-int128.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TbaBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(TbaBufferPolicy);

TypeId
TbaBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TbaBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<TbaBufferPolicy>()
            .AddAttribute("RegisterSize",
                          "W_R, the positions of the register of reserved tokens (BON: 100). "
                          "At least 1.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_registerSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PositionRounding",
                          "How a VC's W_R positions W_R x R_i / PCR_o are rounded: Ceil (BON) or "
                          "Nearest (at least 1 for a positive rate).",
                          EnumValue(ROUND_CEIL),
                          ATM_MAKE_ENUM_ACCESSOR(PositionRounding, &TbaBufferPolicy::m_rounding),
                          MakeEnumChecker(ROUND_CEIL, "Ceil", ROUND_NEAREST, "Nearest"))
            .AddAttribute("ExcessDistribution",
                          "Who gets a token whose W_R position nobody can use: ReservedScan (the "
                          "next usable W_R position, BON's simulator, Fig. B.2: excess ~ MCR) or "
                          "UnreservedRegister (the next usable W_U position, eq. 8.4, Fig. 8.15: "
                          "excess ~ ExcessWeights).",
                          EnumValue(EXCESS_RESERVED_SCAN),
                          ATM_MAKE_ENUM_ACCESSOR(ExcessDistribution, &TbaBufferPolicy::m_excess),
                          MakeEnumChecker(EXCESS_RESERVED_SCAN,
                                          "ReservedScan",
                                          EXCESS_UNRESERVED_REGISTER,
                                          "UnreservedRegister"))
            .AddAttribute("UnreservedRegisterSize",
                          "W_U, the positions of the register of excess tokens "
                          "(UnreservedRegister only; BON: 100). At least 1.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_unreservedRegisterSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ExcessWeights",
                          "The administrative weights Q_i of the W_U register: Mcr (Q_i = MCR_i, "
                          "BON's simulations) or Equal (Q_i = 1).",
                          EnumValue(WEIGHT_MCR),
                          ATM_MAKE_ENUM_ACCESSOR(ExcessWeights, &TbaBufferPolicy::m_weights),
                          MakeEnumChecker(WEIGHT_MCR, "Mcr", WEIGHT_EQUAL, "Equal"))
            .AddAttribute("VbrUnreservedPositions",
                          "nrt-VBR VCs also own W_U positions (weight SCR or 1) and share the "
                          "excess tokens.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TbaBufferPolicy::m_vbrUnreserved),
                          MakeBooleanChecker())
            .AddAttribute("ClpPriority",
                          "How GFR.1 and UBR PDUs with CLP=1 are treated: Relative (one average, "
                          "Beta1, BON Fig. 8.18) or Strict (RIO: CLP=0 PDUs on the CLP=0 "
                          "average, CLP=1 PDUs on the Clp1 thresholds).",
                          EnumValue(CLP_RELATIVE),
                          ATM_MAKE_ENUM_ACCESSOR(ClpPriority, &TbaBufferPolicy::m_clpPriority),
                          MakeEnumChecker(CLP_RELATIVE, "Relative", CLP_STRICT, "Strict"))
            .AddAttribute(
                "Acceptance",
                "RedLike (BON Fig. 8.16: without a token the RED-like occupancy "
                "control decides) or TokensOnly (Fig. 8.11: without a token the PDU is "
                "refused).",
                EnumValue(ACCEPT_RED_LIKE),
                ATM_MAKE_ENUM_ACCESSOR(Acceptance, &TbaBufferPolicy::m_acceptance),
                MakeEnumChecker(ACCEPT_RED_LIKE, "RedLike", ACCEPT_TOKENS_ONLY, "TokensOnly"))
            .AddAttribute("CountOtherBuffers",
                          "Cells sent from the port's other buffers (a real-time class buffer "
                          "with priority) also run the counter update, through the Z counter "
                          "(BON Figs. 8.19 and 8.20).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TbaBufferPolicy::m_countOtherBuffers),
                          MakeBooleanChecker())
            .AddAttribute("MinThresholdCells",
                          "min_th, cells: below it the average lets every PDU in (BON's "
                          "ten-router runs: 2000). Below MaxThresholdCells.",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_minThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxThresholdCells",
                          "max_th, cells: at or above it PDUs without token are refused (BON's "
                          "ten-router runs: 6000).",
                          UintegerValue(6000),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_maxThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Clp1MinThresholdCells",
                          "min_th^{0+1}, cells: ClpPriority Strict, the lower threshold of CLP=1 "
                          "PDUs on the CLP0+1 average (this model's default).",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_clp1MinThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Clp1MaxThresholdCells",
                          "max_th^{0+1}, cells: ClpPriority Strict, the upper threshold of CLP=1 "
                          "PDUs; at most MinThresholdCells (this model's default).",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&TbaBufferPolicy::m_clp1MaxThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AverageWeight",
                          "wq of the occupancy average, updated in every cell slot (BON: 0.001). "
                          "In (0, 1].",
                          DoubleValue(0.001),
                          MakeDoubleAccessor(&TbaBufferPolicy::m_wq),
                          MakeDoubleChecker<double>())
            .AddAttribute("Alpha",
                          "alpha: the drop probability of a PDU with C_i = 0 as the average "
                          "reaches max_th (BON: 0). In [0, 1].",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&TbaBufferPolicy::m_alpha),
                          MakeDoubleChecker<double>())
            .AddAttribute("Beta",
                          "beta: the drop probability of a PDU with C_i = -max_th as the "
                          "average reaches min_th (BON: 0.1). At least 0.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&TbaBufferPolicy::m_beta),
                          MakeDoubleChecker<double>())
            .AddAttribute("Beta1",
                          "beta_1: beta for CLP=1 PDUs of GFR.1 and UBR VCs (BON's example: 2 "
                          "beta). At least 0.",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&TbaBufferPolicy::m_beta1),
                          MakeDoubleChecker<double>());
    return tid;
}

TbaBufferPolicy::TbaBufferPolicy()
    : m_rng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

TbaBufferPolicy::~TbaBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
TbaBufferPolicy::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_rng = nullptr;
    AtmBufferPolicy::DoDispose();
}

int64_t
TbaBufferPolicy::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_rng->SetStream(stream);
    return 1;
}

uint32_t
TbaBufferPolicy::ReservedPositionsFor(const AtmCellRate& rate,
                                      const AtmCellRate& lineRate,
                                      uint32_t registerSize,
                                      PositionRounding rounding)
{
    if (rate.IsZero())
    {
        return 0;
    }
    NS_ABORT_MSG_IF(lineRate.IsZero(), "TbaBufferPolicy: positions asked for a zero line rate");
    // W a/b / (c/d) = W a d / (b c), exactly; rates of realistic size keep it in 128 bits.
    const AtmUint128 num = static_cast<AtmUint128>(registerSize) * rate.GetNumerator();
    const AtmUint128 d = lineRate.GetDenominator();
    const AtmUint128 den = static_cast<AtmUint128>(rate.GetDenominator()) * lineRate.GetNumerator();
    NS_ABORT_MSG_IF(num > ATM_UINT128_MAX / d / 4 || den > ATM_UINT128_MAX / 4,
                    "TbaBufferPolicy: W_R x R_i / PCR_o with R_i = "
                        << rate << " and PCR_o = " << lineRate
                        << " cells/s overflows 128-bit arithmetic");
    const AtmUint128 x = num * d;
    AtmUint128 n = (rounding == ROUND_CEIL) ? (x + den - 1) / den : (2 * x + den) / (2 * den);
    if (n == 0)
    {
        n = 1; // a positive rate owns a position
    }
    return n > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(n);
}

bool
TbaBufferPolicy::ReservedPositionsFit(const std::vector<AtmCellRate>& rates,
                                      const AtmCellRate& lineRate,
                                      uint32_t registerSize,
                                      PositionRounding rounding,
                                      std::string* error)
{
    uint64_t total = 0;
    std::ostringstream needs;
    for (size_t i = 0; i < rates.size(); ++i)
    {
        const uint32_t n = ReservedPositionsFor(rates[i], lineRate, registerSize, rounding);
        total += n;
        if (n > 0)
        {
            needs << (total == n ? "" : ", ") << "VC " << i << ": " << n;
        }
    }
    if (total <= registerSize)
    {
        return true;
    }
    if (error)
    {
        std::ostringstream os;
        os << "TbaBufferPolicy: the VCs need " << total << " positions of the W_R register, "
           << "RegisterSize=" << registerSize << " (" << needs.str()
           << "; N_i = " << (rounding == ROUND_CEIL ? "ceil" : "nearest") << "(" << registerSize
           << " x R_i / PCR_o), PCR_o = " << lineRate << " = " << lineRate.GetCellsPerSecond()
           << " cells/s); raise RegisterSize, set PositionRounding to Nearest, or lower the "
              "VCs' MCRs (the admission check of TBA)";
        *error = os.str();
    }
    return false;
}

void
TbaBufferPolicy::CheckAttributes() const
{
    NS_ABORT_MSG_IF(m_registerSize == 0,
                    "TbaBufferPolicy: RegisterSize=0; give at least 1 position (BON: 100)");
    NS_ABORT_MSG_IF(m_excess == EXCESS_UNRESERVED_REGISTER && m_unreservedRegisterSize == 0,
                    "TbaBufferPolicy: UnreservedRegisterSize=0; give at least 1 position (BON: "
                    "100)");
    NS_ABORT_MSG_IF(m_minThreshold >= m_maxThreshold,
                    "TbaBufferPolicy: MinThresholdCells="
                        << m_minThreshold << " is not below MaxThresholdCells=" << m_maxThreshold
                        << "; give min_th < max_th");
    NS_ABORT_MSG_IF(!(m_wq > 0.0 && m_wq <= 1.0),
                    "TbaBufferPolicy: AverageWeight=" << m_wq << " is outside (0, 1] (BON: 0.001)");
    NS_ABORT_MSG_IF(!(m_alpha >= 0.0 && m_alpha <= 1.0),
                    "TbaBufferPolicy: Alpha=" << m_alpha << " is outside [0, 1] (BON: 0)");
    NS_ABORT_MSG_IF(!(m_beta >= 0.0) || std::isinf(m_beta),
                    "TbaBufferPolicy: Beta=" << m_beta << " must be finite and >= 0 (BON: 0.1)");
    NS_ABORT_MSG_IF(!(m_beta1 >= 0.0) || std::isinf(m_beta1),
                    "TbaBufferPolicy: Beta1=" << m_beta1
                                              << " must be finite and >= 0 (BON: 2 "
                                                 "Beta)");
    if (m_clpPriority == CLP_STRICT)
    {
        NS_ABORT_MSG_IF(m_clp1MinThreshold >= m_clp1MaxThreshold,
                        "TbaBufferPolicy: Clp1MinThresholdCells="
                            << m_clp1MinThreshold << " is not below Clp1MaxThresholdCells="
                            << m_clp1MaxThreshold << "; give min_th^{0+1} < max_th^{0+1}");
        NS_ABORT_MSG_IF(m_clp1MaxThreshold > m_minThreshold,
                        "TbaBufferPolicy: Clp1MaxThresholdCells="
                            << m_clp1MaxThreshold << " exceeds MinThresholdCells=" << m_minThreshold
                            << "; ClpPriority Strict needs max_th^{0+1} <= min_th (RIO)");
    }
}

void
TbaBufferPolicy::Configure(const AtmPortState& state)
{
    NS_LOG_FUNCTION(this);
    if (!m_configured)
    {
        CheckAttributes();
        m_average.SetWeight(m_wq);
        m_clp0Average.SetWeight(m_wq);
        m_band = Band{static_cast<double>(m_minThreshold), static_cast<double>(m_maxThreshold)};
        const bool strict = m_clpPriority == CLP_STRICT;
        m_clp1Band = strict ? Band{static_cast<double>(m_clp1MinThreshold),
                                   static_cast<double>(m_clp1MaxThreshold)}
                            : m_band;
        m_clp0Judge = strict ? &m_clp0Average : &m_average;
        m_gfr1Rule = strict ? &TbaBufferPolicy::RuleGfr1Strict : &TbaBufferPolicy::RuleGfr1Relative;
        m_reserved.Resize(m_registerSize);
        m_unreserved.Resize(m_excess == EXCESS_UNRESERVED_REGISTER ? m_unreservedRegisterSize : 0);
        m_configured = true;
    }
    NS_ABORT_MSG_IF(state.GetNVcs() < m_vcs.size(),
                    "TbaBufferPolicy: the buffer's state has "
                        << state.GetNVcs() << " VCs, fewer than the " << m_vcs.size()
                        << " seen before; one policy "
                           "object guards one buffer");
    const uint32_t firstNew = static_cast<uint32_t>(m_vcs.size());
    for (uint32_t vc = firstNew; vc < state.GetNVcs(); ++vc)
    {
        AddVcRecord(state, vc);
    }
    const bool rateChanged = state.GetLinkRate() != m_lineRate;
    m_lineRate = state.GetLinkRate();
    std::vector<AtmCellRate> rates;
    rates.reserve(m_vcs.size());
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        rates.push_back(m_vcs[vc].rate);
        NS_ABORT_MSG_IF(m_lineRate.IsZero() && !m_vcs[vc].rate.IsZero(),
                        "TbaBufferPolicy: VC " << vc << " has a rate of " << m_vcs[vc].rate
                                               << " cells/s to reserve, but the line's cell rate "
                                                  "is unknown (AtmPortState::GetLinkRate() is "
                                                  "zero); TBA gives a VC W_R x R_i / PCR_o "
                                                  "positions: connect the port to its link "
                                                  "before the first cell");
    }
    std::string error;
    NS_ABORT_MSG_IF(!ReservedPositionsFit(rates, m_lineRate, m_registerSize, m_rounding, &error),
                    error);
    if (rateChanged)
    {
        PopulateReserved();
    }
    else
    {
        for (uint32_t vc = firstNew; vc < m_vcs.size(); ++vc)
        {
            const Vc& v = m_vcs[vc];
            const uint32_t n = ReservedPositionsFor(v.rate, m_lineRate, m_registerSize, m_rounding);
            if (n > 0)
            {
                const double spacing = m_lineRate.GetCellsPerSecond() / v.rate.GetCellsPerSecond();
                m_reserved.Reserve(vc, n, spacing, m_rng->GetValue(0.0, spacing));
            }
        }
    }
    if (m_excess == EXCESS_UNRESERVED_REGISTER && firstNew < m_vcs.size())
    {
        PopulateUnreserved();
    }
}

void
TbaBufferPolicy::AddVcRecord(const AtmPortState& state, uint32_t vc)
{
    const AtmTrafficContract& contract = state.GetVcContract(vc);
    const AtmServiceCategory category = state.GetVcServiceCategory(vc);
    NS_ABORT_MSG_IF(category == AtmServiceCategory::CBR || category == AtmServiceCategory::RT_VBR ||
                        category == AtmServiceCategory::ABR,
                    "TbaBufferPolicy: VC " << vc << " is " << category
                                           << "; TBA guards a FIFO of GFR, UBR and nrt-VBR VCs "
                                              "(BON ch. 8.3): give CBR and rt-VBR their own "
                                              "class buffer with priority "
                                              "(AtmOutputPort::SetClassBuffer), ABR another "
                                              "buffer");
    Vc v;
    v.mbs = contract.GetMbs();
    const uint32_t queued = state.GetVcCells(vc);
    v.c = static_cast<int64_t>(v.mbs) - queued;
    switch (contract.GetConformance())
    {
    case AtmConformance::GFR_2:
        v.rule = &TbaBufferPolicy::RuleGfr2;
        break;
    case AtmConformance::VBR_1:
        v.rule = &TbaBufferPolicy::RuleVbr1;
        break;
    case AtmConformance::VBR_2:
    case AtmConformance::VBR_3:
        v.rule = &TbaBufferPolicy::RuleVbr23;
        break;
    default: // GFR.1, UBR.1, UBR.2 (and a VC added by its category alone)
        v.rule = m_gfr1Rule;
        break;
    }
    const bool vbr = category == AtmServiceCategory::NRT_VBR;
    v.rate = vbr ? contract.GetScr() : contract.GetMcr();
    v.unreserved = !vbr || m_vbrUnreserved;
    v.weight = (m_weights == WEIGHT_EQUAL) ? 1.0 : v.rate.GetCellsPerSecond();
    m_sumC += v.c;
    m_sumMbs += v.mbs;
    NS_LOG_LOGIC("VC " << vc << ": " << contract << ", C=" << v.c << ", R=" << v.rate);
    m_vcs.push_back(v);
}

void
TbaBufferPolicy::PopulateReserved()
{
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        m_reserved.Release(vc);
    }
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        const Vc& v = m_vcs[vc];
        const uint32_t n = ReservedPositionsFor(v.rate, m_lineRate, m_registerSize, m_rounding);
        if (n > 0)
        {
            const double spacing = m_lineRate.GetCellsPerSecond() / v.rate.GetCellsPerSecond();
            m_reserved.Reserve(vc, n, spacing, m_rng->GetValue(0.0, spacing));
        }
    }
}

void
TbaBufferPolicy::PopulateUnreserved()
{
    // A VC of weight 0 (MCR 0 under Mcr weights) owns one position; the others share the rest
    // in proportion to their weights, at least one each.
    double sum = 0.0;
    uint32_t zeros = 0;
    for (const Vc& v : m_vcs)
    {
        sum += v.unreserved ? v.weight : 0.0;
        zeros += (v.unreserved && v.weight <= 0.0) ? 1 : 0;
    }
    const double rest = zeros < m_unreservedRegisterSize ? m_unreservedRegisterSize - zeros : 0.0;
    std::vector<uint32_t> n(m_vcs.size(), 0);
    uint64_t total = 0;
    std::ostringstream needs;
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        const Vc& v = m_vcs[vc];
        if (v.unreserved)
        {
            const double share = v.weight > 0.0 ? std::floor(rest * v.weight / sum) : 1.0;
            n[vc] = std::max<uint32_t>(1, static_cast<uint32_t>(share));
            total += n[vc];
            needs << (total == n[vc] ? "" : ", ") << "VC " << vc << ": " << n[vc];
        }
    }
    NS_ABORT_MSG_IF(total > m_unreservedRegisterSize,
                    "TbaBufferPolicy: the VCs need "
                        << total << " positions of the W_U register, UnreservedRegisterSize="
                        << m_unreservedRegisterSize << " (" << needs.str()
                        << "; one per VC of weight 0, the rest in proportion to the weights, at "
                           "least one each); raise UnreservedRegisterSize");
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        m_unreserved.Release(vc);
    }
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        if (n[vc] > 0)
        {
            const double spacing = static_cast<double>(m_unreservedRegisterSize) / n[vc];
            m_unreserved.Reserve(vc, n[vc], spacing, m_rng->GetValue(0.0, spacing));
        }
    }
}

void
TbaBufferPolicy::CatchUp(const AtmPortState& state, uint32_t occupancy, uint32_t clp0)
{
    const Time now = state.GetNow();
    NS_ABORT_MSG_IF(now > m_average.GetLastUpdate() && state.GetLinkRate().IsZero(),
                    "TbaBufferPolicy: time advanced to "
                        << now
                        << " but the line's cell rate is unknown (AtmPortState::GetLinkRate() is "
                           "zero); the average occupancy is updated in every cell slot: connect "
                           "the port to its link before the first cell");
    // Both averages advance by the same slots: count them once.
    m_clp0Average.Advance(m_average.CatchUp(now, state.GetLinkRate(), occupancy), clp0);
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::Red(double average, const Band& band, double beta, int64_t counter) const
{
    if (m_acceptance == ACCEPT_TOKENS_ONLY)
    {
        return Verdict{1.0, NO_TOKEN};
    }
    if (average < band.min)
    {
        return Verdict{0.0, nullptr};
    }
    if (average >= band.max)
    {
        return Verdict{1.0, AVERAGE_ABOVE_MAX};
    }
    const double p = m_alpha * (average - band.min) / (band.max - band.min) -
                     static_cast<double>(counter) * beta / band.max;
    return Verdict{std::min(1.0, std::max(0.0, p)), RANDOM_DROP};
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::RuleGfr1Relative(uint32_t vc, bool clp) const
{
    const Vc& v = m_vcs[vc];
    if (!clp)
    {
        return v.c > 0 ? Verdict{0.0, nullptr} : Red(m_average.Get(), m_band, m_beta, v.c);
    }
    return 2 * v.c > static_cast<int64_t>(v.mbs)
               ? Verdict{0.0, nullptr}
               : Red(m_average.Get(), m_band, m_beta1, std::min<int64_t>(0, v.c));
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::RuleGfr1Strict(uint32_t vc, bool clp) const
{
    const Vc& v = m_vcs[vc];
    if (!clp)
    {
        return v.c > 0 ? Verdict{0.0, nullptr} : Red(m_clp0Judge->Get(), m_band, m_beta, v.c);
    }
    return Red(m_average.Get(), m_clp1Band, m_beta1, std::min<int64_t>(0, v.c));
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::RuleGfr2(uint32_t vc, bool clp) const
{
    if (!clp)
    {
        return Verdict{0.0, nullptr};
    }
    return Red(m_average.Get(), m_clp1Band, m_beta, std::min<int64_t>(0, m_vcs[vc].c));
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::RuleVbr1(uint32_t /* vc */, bool /* clp */) const
{
    return Verdict{0.0, nullptr};
}

TbaBufferPolicy::Verdict
TbaBufferPolicy::RuleVbr23(uint32_t /* vc */, bool clp) const
{
    return (!clp || m_average.Get() < m_clp1Band.min) ? Verdict{0.0, nullptr}
                                                      : Verdict{1.0, CONGESTED};
}

double
TbaBufferPolicy::GetRefusalProbability(const AtmPortState& state, uint32_t vc, const AtmCell& first)
{
    Sync(state);
    CatchUp(state, state.GetCellsInBuffer(), m_clp0Cells);
    return (this->*m_vcs[vc].rule)(vc, first.clp).p;
}

AtmAdmitDecision
TbaBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    Sync(state);
    CatchUp(state, state.GetCellsInBuffer(), m_clp0Cells);
    if (IsFirstCell(state, vc))
    {
        const Verdict verdict = (this->*m_vcs[vc].rule)(vc, cell.clp);
        if (verdict.p >= 1.0 || (verdict.p > 0.0 && m_rng->GetValue() < verdict.p))
        {
            return RejectFrame(verdict.reason);
        }
    }
    if (!HasRoom(state, cell))
    {
        return Overflow(BUFFER_FULL);
    }
    TakeToken(vc, cell.clp);
    return AtmAdmitDecision::Accept();
}

bool
TbaBufferPolicy::DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom)
{
    // The port stores the EOM iff this returns true and X < K: decide the same, so that the
    // counter takes the token exactly when the cell enters.
    Sync(state);
    CatchUp(state, state.GetCellsInBuffer(), m_clp0Cells);
    if (state.GetCellsInBuffer() >= state.GetBufferCells())
    {
        return false;
    }
    TakeToken(vc, eom.clp);
    return true;
}

void
TbaBufferPolicy::TakeToken(uint32_t vc, bool clp)
{
    --m_vcs[vc].c;
    --m_sumC;
    m_clp0Cells += clp ? 0 : 1;
}

void
TbaBufferPolicy::DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    Sync(state);
    const uint32_t x = state.GetCellsInBuffer();
    CatchUp(state, x + 1, m_clp0Cells);
    if (!cell.clp && m_clp0Cells > 0)
    {
        --m_clp0Cells;
    }
    m_clp0Cells = std::min(m_clp0Cells, x);
    DistributeToken();
}

void
TbaBufferPolicy::DoNotifyOtherDeparture(const AtmPortState& state, const AtmCell& /* cell */)
{
    if (!m_countOtherBuffers)
    {
        return;
    }
    Sync(state);
    CatchUp(state, state.GetCellsInBuffer(), m_clp0Cells);
    ++m_z;
    DistributeToken();
}

void
TbaBufferPolicy::DistributeToken()
{
    const auto usable = [this](uint32_t i) { return m_vcs[i].c < m_vcs[i].mbs; };
    uint32_t owner = m_reserved.Step();
    if (owner == TbaPositionRegister::FREE || !usable(owner))
    {
        if (m_z > 0)
        {
            --m_z;
            return;
        }
        owner = (m_excess == EXCESS_RESERVED_SCAN) ? m_reserved.Scan(usable)
                                                   : m_unreserved.Scan(usable);
        // Termination guard: no VC with a position in the scanned register can take the token.
        const uint32_t n = static_cast<uint32_t>(m_vcs.size());
        for (uint32_t i = 0; owner == TbaPositionRegister::FREE && i < n; ++i)
        {
            m_guardCursor = (m_guardCursor + 1 >= n) ? 0 : m_guardCursor + 1;
            if (usable(m_guardCursor))
            {
                owner = m_guardCursor;
            }
        }
        NS_ABORT_MSG_IF(owner == TbaPositionRegister::FREE,
                        "TbaBufferPolicy: no VC can take the token of a sent cell, so sum C_i + "
                        "B - Z != sum MBS_i: the buffer's state changed without the policy");
    }
    ++m_vcs[owner].c;
    ++m_sumC;
}

bool
TbaBufferPolicy::CheckInvariant(const AtmPortState& state) const
{
    int64_t sumC = 0;
    uint64_t sumMbs = 0;
    for (const Vc& v : m_vcs)
    {
        if (v.c > static_cast<int64_t>(v.mbs))
        {
            return false;
        }
        sumC += v.c;
        sumMbs += v.mbs;
    }
    return sumC == m_sumC && sumMbs == m_sumMbs && m_clp0Cells <= state.GetCellsInBuffer() &&
           m_sumC + static_cast<int64_t>(state.GetCellsInBuffer()) - static_cast<int64_t>(m_z) ==
               static_cast<int64_t>(m_sumMbs);
}

int64_t
TbaBufferPolicy::GetCounter(uint32_t vc) const
{
    return m_vcs.at(vc).c;
}

uint32_t
TbaBufferPolicy::GetMbs(uint32_t vc) const
{
    return m_vcs.at(vc).mbs;
}

uint64_t
TbaBufferPolicy::GetZ() const
{
    return m_z;
}

uint32_t
TbaBufferPolicy::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

const TbaPositionRegister&
TbaBufferPolicy::GetReservedRegister() const
{
    return m_reserved;
}

const TbaPositionRegister&
TbaBufferPolicy::GetUnreservedRegister() const
{
    return m_unreserved;
}

double
TbaBufferPolicy::GetAverageCells() const
{
    return m_average.Get();
}

double
TbaBufferPolicy::GetClp0AverageCells() const
{
    return m_clp0Average.Get();
}

uint32_t
TbaBufferPolicy::GetClp0Cells() const
{
    return m_clp0Cells;
}

} // namespace ns3
