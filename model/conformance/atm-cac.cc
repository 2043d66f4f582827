/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cac.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCac");

NS_OBJECT_ENSURE_REGISTERED(AtmCac);

namespace
{
/// @param c a category @return true for rt-VBR and nrt-VBR
bool
IsVbr(AtmServiceCategory c)
{
    return c == AtmServiceCategory::RT_VBR || c == AtmServiceCategory::NRT_VBR;
}
} // namespace

TypeId
AtmCac::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCac")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCac>()
            .AddAttribute("UtilizationCeiling",
                          "rho: the cells/s reserved by all categories together may not exceed "
                          "rho x the link's cell rate.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmCac::m_utilizationCeiling),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("CbrCeiling",
                          "Ceiling of the sum of CBR PCRs, as a fraction of the link's rate.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmCac::m_cbrCeiling),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("VbrCeiling",
                          "Ceiling of the VBR class (SCRs or equivalent capacity), as a fraction "
                          "of the link's rate.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmCac::m_vbrCeiling),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("MinimumRateCeiling",
                          "Ceiling of the sum of ABR and GFR MCRs, as a fraction of the link's "
                          "rate.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmCac::m_minimumRateCeiling),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("VbrRule",
                          "How a VBR connection counts: its SCR, or its equivalent capacity as "
                          "an on/off source (Guerin et al. 1991; external, unverified).",
                          EnumValue(AtmCac::SCR),
                          ATM_MAKE_ENUM_ACCESSOR(VbrRule, &AtmCac::m_vbrRule),
                          MakeEnumChecker(AtmCac::SCR,
                                          "SCR",
                                          AtmCac::EQUIVALENT_CAPACITY,
                                          "EQUIVALENT_CAPACITY"))
            .AddAttribute("CellLossRatio",
                          "epsilon, the cell loss target of the equivalent-capacity rule.",
                          DoubleValue(1e-6),
                          MakeDoubleAccessor(&AtmCac::m_cellLossRatio),
                          MakeDoubleChecker<double>(1e-15, 0.5))
            .AddAttribute("BufferCells",
                          "X, the buffer of the equivalent-capacity rule in cells (0: the "
                          "output port's BufferCells).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmCac::m_bufferCells),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

AtmCac::AtmCac()
{
    NS_LOG_FUNCTION(this);
}

AtmCac::~AtmCac()
{
    NS_LOG_FUNCTION(this);
}

double
AtmCac::EquivalentCapacity(double peak,
                           double mean,
                           double burstCells,
                           double bufferCells,
                           double epsilon)
{
    NS_ABORT_MSG_IF(!(peak > 0) || !(mean > 0) || mean > peak || !(burstCells > 0) ||
                        bufferCells < 0 || !(epsilon > 0 && epsilon < 1),
                    "AtmCac::EquivalentCapacity: needs 0 < mean <= peak, burst > 0, buffer >= 0, "
                    "0 < epsilon < 1 (peak="
                        << peak << " mean=" << mean << " burst=" << burstCells
                        << " buffer=" << bufferCells << " epsilon=" << epsilon << ")");
    const double rho = mean / peak;
    if (rho >= 1.0)
    {
        return peak;
    }
    const double b = burstCells / peak; // mean burst duration, s
    const double y = std::log(1.0 / epsilon) * b * (1.0 - rho) * peak;
    const double x = bufferCells;
    return peak * (y - x + std::sqrt((y - x) * (y - x) + 4.0 * x * rho * y)) / (2.0 * y);
}

double
AtmCac::Sum(const AtmTrafficContract* extra,
            AtmServiceCategory category,
            AtmCellRate linkRate,
            uint32_t bufferCells) const
{
    std::vector<const AtmTrafficContract*> all;
    for (const auto& c : m_reserved)
    {
        all.push_back(&c);
    }
    if (extra)
    {
        all.push_back(extra);
    }
    double sum = 0;
    if (IsVbr(category))
    {
        double scrs = 0;
        double equivalent = 0;
        double variance = 0;
        const double x = m_bufferCells > 0 ? m_bufferCells : bufferCells;
        for (const auto* c : all)
        {
            if (!IsVbr(c->GetCategory()))
            {
                continue;
            }
            const double r = c->GetPcr().GetCellsPerSecond();
            const double m = c->GetScr().GetCellsPerSecond();
            scrs += m;
            variance += m * (r - m);
            equivalent += EquivalentCapacity(r, m, c->GetMbs(), x, m_cellLossRatio);
        }
        if (m_vbrRule == SCR)
        {
            return scrs;
        }
        const double alpha = std::sqrt(-2.0 * std::log(m_cellLossRatio) - std::log(2 * M_PI));
        return std::min(scrs + alpha * std::sqrt(variance), equivalent);
    }
    for (const auto* c : all)
    {
        if (c->GetCategory() != category)
        {
            continue;
        }
        switch (category)
        {
        case AtmServiceCategory::CBR:
            sum += c->GetPcr().GetCellsPerSecond();
            break;
        case AtmServiceCategory::ABR:
        case AtmServiceCategory::GFR:
            sum += c->GetMcr().GetCellsPerSecond();
            break;
        default:
            break;
        }
    }
    (void)linkRate;
    return sum;
}

double
AtmCac::GetReserved(AtmServiceCategory category, AtmCellRate linkRate, uint32_t bufferCells) const
{
    return Sum(nullptr, category, linkRate, bufferCells);
}

uint32_t
AtmCac::GetNConnections() const
{
    return static_cast<uint32_t>(m_reserved.size());
}

AtmCacDecision
AtmCac::Check(const AtmTrafficContract& contract, AtmCellRate linkRate, uint32_t bufferCells) const
{
    AtmCacDecision d;
    const AtmServiceCategory cat = contract.GetCategory();
    if (cat == AtmServiceCategory::UBR || linkRate.IsZero())
    {
        return d;
    }
    const double c = linkRate.GetCellsPerSecond();
    const double eps = 1e-9 * c; // rounding of double sums; exact rates are checked elsewhere
    std::ostringstream why;
    why.precision(10); // OC-3c: 353207.5472 cells/s, not 353208
    const double cbr = Sum(&contract, AtmServiceCategory::CBR, linkRate, bufferCells);
    const double vbr = Sum(&contract, AtmServiceCategory::NRT_VBR, linkRate, bufferCells);
    const double abr = Sum(&contract, AtmServiceCategory::ABR, linkRate, bufferCells);
    const double gfr = Sum(&contract, AtmServiceCategory::GFR, linkRate, bufferCells);
    const double total = cbr + vbr + abr + gfr;
    if (cat == AtmServiceCategory::CBR && cbr > m_cbrCeiling * c + eps)
    {
        why << "CBR PCRs would sum to " << cbr << " cells/s > CbrCeiling " << m_cbrCeiling << " x "
            << c << " cells/s";
    }
    else if (IsVbr(cat) && vbr > m_vbrCeiling * c + eps)
    {
        why << "the VBR class would reserve " << vbr << " cells/s ("
            << (m_vbrRule == SCR ? "sum of SCRs" : "equivalent capacity") << ") > VbrCeiling "
            << m_vbrCeiling << " x " << c << " cells/s";
    }
    else if ((cat == AtmServiceCategory::ABR || cat == AtmServiceCategory::GFR) &&
             abr + gfr > m_minimumRateCeiling * c + eps)
    {
        why << "ABR/GFR MCRs would sum to " << (abr + gfr) << " cells/s > MinimumRateCeiling "
            << m_minimumRateCeiling << " x " << c << " cells/s";
    }
    else if (total > m_utilizationCeiling * c + eps)
    {
        why << "reservations would sum to " << total << " cells/s (CBR " << cbr << ", VBR " << vbr
            << ", ABR " << abr << ", GFR " << gfr << ") > UtilizationCeiling "
            << m_utilizationCeiling << " x " << c << " cells/s";
    }
    else
    {
        return d;
    }
    d.admitted = false;
    d.reason = why.str() + " (" + std::to_string(m_reserved.size()) +
               " connections admitted before); lower the contract's rates, raise the "
               "AtmCac ceilings, or use a faster link";
    return d;
}

void
AtmCac::Reserve(const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this << contract);
    m_reserved.push_back(contract);
}

} // namespace ns3
