/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-traffic-contract.h"

#include "ns3/abort.h"

namespace ns3
{

namespace
{
/// Pedantic builds reject the __int128 keyword without __extension__.
__extension__ typedef unsigned __int128 Uint128;
} // namespace

AtmTrafficContract::AtmTrafficContract()
    : m_category(AtmServiceCategory::UBR)
{
}

AtmTrafficContract::AtmTrafficContract(AtmServiceCategory category, AtmCellRate pcr)
    : m_category(category),
      m_pcr(pcr)
{
    NS_ABORT_MSG_IF(category == AtmServiceCategory::CBR && pcr.GetNumerator() == 0,
                    "AtmTrafficContract: a CBR contract needs a positive PCR");
}

AtmTrafficContract
AtmTrafficContract::Ubr(AtmCellRate pcr)
{
    return AtmTrafficContract(AtmServiceCategory::UBR, pcr);
}

AtmTrafficContract
AtmTrafficContract::Cbr(AtmCellRate pcr)
{
    return AtmTrafficContract(AtmServiceCategory::CBR, pcr);
}

AtmServiceCategory
AtmTrafficContract::GetCategory() const
{
    return m_category;
}

AtmCellRate
AtmTrafficContract::GetPcr() const
{
    return m_pcr;
}

bool
AtmTrafficContract::HasPcr() const
{
    return m_pcr.GetNumerator() != 0;
}

void
AtmTrafficContract::CheckAgainstLink(const std::string& where, AtmCellRate lineRate) const
{
    if (!HasPcr() || lineRate.GetNumerator() == 0)
    {
        return;
    }
    // Exact comparison of num1/den1 > num2/den2 in 128 bits.
    const Uint128 lhs = static_cast<Uint128>(m_pcr.GetNumerator()) * lineRate.GetDenominator();
    const Uint128 rhs = static_cast<Uint128>(lineRate.GetNumerator()) * m_pcr.GetDenominator();
    NS_ABORT_MSG_IF(lhs > rhs,
                    where << ": contract " << *this << " has a PCR above the link's cell rate "
                          << lineRate << "; lower the PCR or use a faster link");
}

std::ostream&
operator<<(std::ostream& os, const AtmTrafficContract& contract)
{
    os << contract.GetCategory();
    if (contract.HasPcr())
    {
        os << " PCR=" << contract.GetPcr() << " cells/s";
    }
    return os;
}

} // namespace ns3
