/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-vs-vd.h"

#include "ns3/abort.h"
#include "ns3/abr-shaper.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrVsVd");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrVsVd);

TypeId
AtmAbrVsVd::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmAbrVsVd")
                            .SetParent<Object>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmAbrVsVd>();
    return tid;
}

AtmAbrVsVd::AtmAbrVsVd()
    : m_source(CreateObject<AtmAbrSource>()),
      m_dest(CreateObject<AtmAbrDestination>()),
      m_shaper(CreateObject<AbrShaper>())
{
    NS_LOG_FUNCTION(this);
}

AtmAbrVsVd::~AtmAbrVsVd()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAbrVsVd::DoDispose()
{
    m_source = nullptr;
    m_dest = nullptr;
    m_shaper = nullptr;
    Object::DoDispose();
}

void
AtmAbrVsVd::Setup(const AtmTrafficContract& contract, AtmCellRate lineRate)
{
    NS_LOG_FUNCTION(this << contract << lineRate);
    NS_ABORT_MSG_IF(contract.GetCategory() != AtmServiceCategory::ABR,
                    "AtmAbrVsVd::Setup: the virtual source needs an ABR contract, not "
                        << contract);
    m_source->SetContract(contract, lineRate);
    m_shaper->SetSource(m_source,
                        contract.GetMcr(),
                        contract.HasPcr() ? contract.GetPcr() : lineRate);
}

void
AtmAbrVsVd::ReceiveData(AtmCell& cell)
{
    m_dest->ReceiveData(cell);
    cell.pti = static_cast<uint8_t>(cell.pti & ~0x2);
}

AtmRmFields
AtmAbrVsVd::TurnAround(const AtmRmFields& frm)
{
    NS_LOG_FUNCTION(this << frm);
    m_dest->ReceiveForwardRm(frm);
    return m_dest->TakeBackwardRm();
}

void
AtmAbrVsVd::LowerEr(AtmRmFields& brm) const
{
    if (m_source->IsStarted())
    {
        // Before its first cell the virtual source has no rate yet: ER stays.
        brm.er = std::min(brm.er, AtmRmRate::Encode(m_source->GetAcr()));
    }
}

bool
AtmAbrVsVd::ReceiveBackwardRm(const AtmRmFields& brm)
{
    NS_LOG_FUNCTION(this << brm);
    ++m_brmTaken;
    if (!m_source->IsStarted())
    {
        return false; // an answer to no cell of ours (the loop's far end started first)
    }
    const double before = m_source->GetAcr();
    m_source->ReceiveBackwardRm(brm);
    return m_source->GetAcr() != before;
}

bool
AtmAbrVsVd::PrepareDeparture(AtmCell& cell, Time start)
{
    // Per cell: no NS_LOG_FUNCTION.
    if (!m_source->IsStarted())
    {
        m_source->Start(start); // rule 2: ACR = ICR at the VC's first cell opportunity
    }
    if (cell.IsResourceManagement())
    {
        if (cell.rm.Has(AtmRmFields::DIR) || !m_frmQueued)
        {
            return false; // a backward RM cell of the reverse direction's loop: not ours
        }
        cell.rm = m_source->SendForwardRm(start);
        m_frmQueued = false;
        ++m_frmGenerated;
        return false;
    }
    m_source->SendData();
    return !m_frmQueued && m_source->SelectNext(start, false, true) == AtmAbrSource::FORWARD_RM;
}

void
AtmAbrVsVd::NotifyForwardRmQueued()
{
    m_frmQueued = true;
}

Ptr<AtmAbrSource>
AtmAbrVsVd::GetSource() const
{
    return m_source;
}

Ptr<AbrShaper>
AtmAbrVsVd::GetShaper() const
{
    return m_shaper;
}

Ptr<AtmAbrDestination>
AtmAbrVsVd::GetDestination() const
{
    return m_dest;
}

uint64_t
AtmAbrVsVd::GetTurnedAround() const
{
    return m_dest->GetTurnedAround();
}

uint64_t
AtmAbrVsVd::GetForwardRmGenerated() const
{
    return m_frmGenerated;
}

uint64_t
AtmAbrVsVd::GetBackwardRmTaken() const
{
    return m_brmTaken;
}

} // namespace ns3
