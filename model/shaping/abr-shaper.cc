/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "abr-shaper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AbrShaper");

NS_OBJECT_ENSURE_REGISTERED(AbrShaper);

TypeId
AbrShaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AbrShaper")
                            .SetParent<AtmShaper>()
                            .SetGroupName("Atm")
                            .AddConstructor<AbrShaper>();
    return tid;
}

AbrShaper::AbrShaper()
{
    NS_LOG_FUNCTION(this);
}

AbrShaper::~AbrShaper()
{
    NS_LOG_FUNCTION(this);
}

void
AbrShaper::DoDispose()
{
    m_source = nullptr;
    AtmShaper::DoDispose();
}

void
AbrShaper::SetSource(Ptr<AtmAbrSource> source, AtmCellRate mcr, AtmCellRate pcr)
{
    NS_LOG_FUNCTION(this << source << mcr << pcr);
    NS_ABORT_MSG_IF(!source, "AbrShaper: SetSource(null)");
    NS_ABORT_MSG_IF(pcr.IsZero(), "AbrShaper: SetSource with a zero PCR");
    NS_ABORT_MSG_IF(mcr > pcr, "AbrShaper: MCR " << mcr << " above PCR " << pcr);
    m_source = source;
    m_mcrRate = mcr;
    m_pcrRate = pcr;
    m_mcr = mcr.GetCellsPerSecond();
    m_pcr = pcr.GetCellsPerSecond();
}

Ptr<AtmAbrSource>
AbrShaper::GetSource() const
{
    return m_source;
}

void
AbrShaper::DoAttach(const AtmCellClock& clock)
{
    NS_ABORT_MSG_IF(!m_source,
                    "AbrShaper: attached without a source; an ABR adapter installs it "
                    "(AtmNetDevice::AddVc with an ABR contract)");
    m_spacer.Setup(clock, m_mcrRate.IsZero() ? m_pcrRate : m_mcrRate, m_pcrRate, Time(0));
}

AtmInt128
AbrShaper::Increment() const
{
    const double acr = m_source->GetAcr();
    if (acr >= m_pcr)
    {
        return m_spacer.GetHighIncrement();
    }
    if (acr == m_mcr)
    {
        return m_spacer.GetLowIncrement();
    }
    // TM 4.0 rule 11 lets a source whose ACR fell below TCR send its forward RM cells out of
    // rate at TCR; out-of-rate cells are not modelled, so the pacing never goes below TCR (our
    // choice; it matters only for MCR = 0 and an ACR below 10 cells/s).
    return m_spacer.GetIncrement(std::max(acr, TCR));
}

Time
AbrShaper::DoGetEarliestStart() const
{
    return m_spacer.GetEarliestStart();
}

void
AbrShaper::DoNotifySent(const AtmCell& /* cell */, Time slotStart)
{
    // Per cell: no NS_LOG_FUNCTION.
    m_spacer.NotifySent(slotStart, Increment());
}

void
AbrShaper::NotifyRateChanged()
{
    m_spacer.Respace(Increment());
}

} // namespace ns3
