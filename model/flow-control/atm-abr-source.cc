/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-source.h"

#include "ns3/abort.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrSource");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrSource);

TypeId
AtmAbrSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrSource")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAbrSource>()
            .AddAttribute("PcrCellsPerSec",
                          "Peak cell rate (cells/s): ACR never exceeds it; forward RM cells carry "
                          "it as ER. Must be set (> 0).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_pcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("McrCellsPerSec",
                          "Minimum cell rate (cells/s): ACR never falls below it.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_mcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("IcrCellsPerSec",
                          "Initial cell rate (cells/s), in [McrCellsPerSec, PcrCellsPerSec]: ACR "
                          "at the start and after an idle period longer than Adtf.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_icr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Nrm",
                          "At most Nrm - 1 in-rate cells between two forward RM cells (2 .. 256).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&AtmAbrSource::m_nrm),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Mrm",
                          "A forward RM cell is due after Trm only once at least Mrm in-rate "
                          "cells have gone since the last one (>= 1).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&AtmAbrSource::m_mrm),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Trm",
                          "A forward RM cell is due when this has elapsed since the last one (and "
                          "Mrm cells have gone).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&AtmAbrSource::m_trm),
                          MakeTimeChecker())
            .AddAttribute("Adtf",
                          "ACR allowed decrease time factor: a source idle for longer than this "
                          "between forward RM cells restarts from ICR.",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&AtmAbrSource::m_adtf),
                          MakeTimeChecker())
            .AddAttribute("Rif",
                          "Rate increase factor in (0, 1]: an increase adds Rif x PCR.",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_rif),
                          MakeDoubleChecker<double>())
            .AddAttribute("Rdf",
                          "Rate decrease factor in (0, 1]: CI = 1 takes Rdf x ACR off.",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_rdf),
                          MakeDoubleChecker<double>())
            .AddAttribute("Cdf",
                          "Cutoff decrease factor in [0, 1]: with CRM forward RM cells "
                          "unanswered, each further one takes Cdf x ACR off (0: never).",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_cdf),
                          MakeDoubleChecker<double>())
            .AddAttribute("TbeCells",
                          "Transient buffer exposure (cells, >= 1): CRM = ceil(TbeCells / Nrm).",
                          UintegerValue(16777215),
                          MakeUintegerAccessor(&AtmAbrSource::m_tbe),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MisbehaviourFactor",
                          "Bonaventure's misbehaving source (>= 1): a backward RM cell sets "
                          "ACR = min(M x min(ACR, ER), PCR); 1 is the specification's rule.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmAbrSource::m_misbehaviour),
                          MakeDoubleChecker<double>())
            .AddTraceSource("Acr",
                            "The allowed cell rate (cells/s).",
                            MakeTraceSourceAccessor(&AtmAbrSource::m_acr),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

AtmAbrSource::AtmAbrSource()
    : m_pcr(0),
      m_mcr(0),
      m_icr(0),
      m_nrm(32),
      m_mrm(2),
      m_trm(MilliSeconds(100)),
      m_adtf(MilliSeconds(500)),
      m_rif(1.0 / 16),
      m_rdf(1.0 / 16),
      m_cdf(1.0 / 16),
      m_tbe(16777215),
      m_misbehaviour(1.0),
      m_acr(0),
      m_started(false),
      m_frmSent(false),
      m_cellsSinceFrm(0),
      m_brmSinceFrm(false),
      m_frmSinceBrm(0),
      m_frmCount(0)
{
    NS_LOG_FUNCTION(this);
}

AtmAbrSource::~AtmAbrSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAbrSource::Check() const
{
    const std::string where = "AtmAbrSource: ";
    NS_ABORT_MSG_IF(!(m_pcr > 0) || m_pcr > AtmRmRate::GetMaxRate(),
                    where << "PcrCellsPerSec = " << m_pcr << " must be in (0, "
                          << AtmRmRate::GetMaxRate() << "]: set the connection's peak cell rate");
    NS_ABORT_MSG_IF(m_mcr > m_pcr,
                    where << "McrCellsPerSec = " << m_mcr << " exceeds PcrCellsPerSec = " << m_pcr);
    NS_ABORT_MSG_IF(m_icr < m_mcr || m_icr > m_pcr,
                    where << "IcrCellsPerSec = " << m_icr << " is not in [McrCellsPerSec, "
                          << "PcrCellsPerSec] = [" << m_mcr << ", " << m_pcr << "]");
    NS_ABORT_MSG_IF(m_nrm < 2 || m_nrm > 256, where << "Nrm = " << m_nrm << " is not in [2, 256]");
    NS_ABORT_MSG_IF(m_mrm < 1 || m_mrm >= m_nrm,
                    where << "Mrm = " << m_mrm << " is not in [1, Nrm - 1 = " << m_nrm - 1 << "]");
    NS_ABORT_MSG_IF(!m_trm.IsStrictlyPositive(),
                    where << "Trm = " << m_trm.As(Time::MS) << " must be positive");
    NS_ABORT_MSG_IF(!m_adtf.IsStrictlyPositive(),
                    where << "Adtf = " << m_adtf.As(Time::MS) << " must be positive");
    NS_ABORT_MSG_IF(!(m_rif > 0 && m_rif <= 1), where << "Rif = " << m_rif << " is not in (0, 1]");
    NS_ABORT_MSG_IF(!(m_rdf > 0 && m_rdf <= 1), where << "Rdf = " << m_rdf << " is not in (0, 1]");
    NS_ABORT_MSG_IF(!(m_cdf >= 0 && m_cdf <= 1), where << "Cdf = " << m_cdf << " is not in [0, 1]");
    NS_ABORT_MSG_IF(m_tbe < 1, where << "TbeCells = " << m_tbe << " must be at least 1");
    NS_ABORT_MSG_IF(!(m_misbehaviour >= 1),
                    where << "MisbehaviourFactor = " << m_misbehaviour << " must be at least 1");
}

void
AtmAbrSource::SetContract(const AtmTrafficContract& contract, AtmCellRate lineRate)
{
    NS_LOG_FUNCTION(this << contract);
    NS_ABORT_MSG_IF(contract.GetCategory() != AtmServiceCategory::ABR,
                    "AtmAbrSource::SetContract: " << contract << " is not an ABR contract");
    const AtmAbrParameters& p = contract.GetAbrParameters();
    m_pcr = (contract.HasPcr() ? contract.GetPcr() : lineRate).GetCellsPerSecond();
    m_mcr = contract.GetMcr().GetCellsPerSecond();
    m_icr = p.icr.IsZero() ? m_pcr : p.icr.GetCellsPerSecond();
    m_nrm = p.nrm;
    m_trm = p.trm;
    m_adtf = p.adtf;
    m_rif = p.rif;
    m_rdf = p.rdf;
    m_cdf = p.cdf;
    m_tbe = p.tbe;
}

void
AtmAbrSource::Start(Time now)
{
    NS_LOG_FUNCTION(this << now);
    Check();
    m_acr = m_icr;
    m_started = true;
    m_frmSent = false;
    m_lastFrm = now;
    m_cellsSinceFrm = 0;
    m_brmSinceFrm = false;
    m_frmSinceBrm = 0;
}

bool
AtmAbrSource::IsStarted() const
{
    return m_started;
}

double
AtmAbrSource::Clamp(double acr) const
{
    return std::min(m_pcr, std::max(m_mcr, acr));
}

AtmAbrSource::Next
AtmAbrSource::SelectNext(Time now, bool backwardRmWaiting, bool dataWaiting) const
{
    NS_ABORT_MSG_IF(!m_started, "AtmAbrSource::SelectNext before Start()");
    if (!m_frmSent)
    {
        // Rule 2: the first in-rate cell is a forward RM cell.
        return (dataWaiting || backwardRmWaiting) ? FORWARD_RM : NOTHING;
    }
    // Rule 3 (a).
    const bool frmDue =
        (m_cellsSinceFrm >= m_mrm && now - m_lastFrm >= m_trm) || m_cellsSinceFrm >= m_nrm - 1;
    if (frmDue)
    {
        return FORWARD_RM;
    }
    // Rule 3 (b), then (c).
    if (backwardRmWaiting && (!m_brmSinceFrm || !dataWaiting))
    {
        return BACKWARD_RM;
    }
    return dataWaiting ? DATA : NOTHING;
}

AtmRmFields
AtmAbrSource::SendForwardRm(Time now)
{
    NS_LOG_FUNCTION(this << now);
    NS_ABORT_MSG_IF(!m_started, "AtmAbrSource::SendForwardRm before Start()");
    // Rule 5: use it or lose it (measured from the last forward RM cell, or from the start).
    if (m_acr > m_icr && now - m_lastFrm > m_adtf)
    {
        NS_LOG_DEBUG("idle " << (now - m_lastFrm).As(Time::MS) << " > ADTF: ACR " << m_acr
                             << " -> ICR " << m_icr);
        m_acr = m_icr;
    }
    // Rule 6: too many forward RM cells unanswered.
    if (m_frmSinceBrm >= GetCrm())
    {
        m_acr = Clamp(m_acr - m_acr * m_cdf);
        NS_LOG_DEBUG(m_frmSinceBrm << " forward RM cells unanswered: ACR -> " << m_acr);
    }
    // Rules 7 and 10.
    AtmRmFields frm;
    frm.er = AtmRmRate::Encode(m_pcr);
    frm.ccr = AtmRmRate::Encode(m_acr);
    frm.mcr = AtmRmRate::Encode(m_mcr);
    m_frmSent = true;
    m_lastFrm = now;
    m_cellsSinceFrm = 0;
    m_brmSinceFrm = false;
    ++m_frmSinceBrm;
    ++m_frmCount;
    return frm;
}

void
AtmAbrSource::SendBackwardRm()
{
    ++m_cellsSinceFrm;
    m_brmSinceFrm = true;
}

void
AtmAbrSource::SendData()
{
    ++m_cellsSinceFrm;
}

void
AtmAbrSource::ReceiveBackwardRm(const AtmRmFields& brm)
{
    NS_LOG_FUNCTION(this << brm);
    NS_ABORT_MSG_IF(!m_started, "AtmAbrSource::ReceiveBackwardRm before Start()");
    NS_ABORT_MSG_IF(!brm.Has(AtmRmFields::DIR),
                    "AtmAbrSource::ReceiveBackwardRm: " << brm << " is a forward RM cell");
    if (!brm.Has(AtmRmFields::BN))
    {
        m_frmSinceBrm = 0; // rule 6 counts forward RM cells since the last BN = 0 answer
    }
    // Rule 8.
    double acr = m_acr;
    if (brm.Has(AtmRmFields::CI))
    {
        acr = acr - acr * m_rdf;
    }
    else if (!brm.Has(AtmRmFields::NI))
    {
        acr = acr + m_rif * m_pcr;
    }
    acr = Clamp(acr);
    // Rule 9, or the misbehaving source's rule (M = 1 gives rule 9). The rate format cannot
    // hold most PCRs exactly (Encode() rounds down), so the code this source wrote for its own
    // PCR, or a higher one, means "not lowered": ER = PCR (our reading; otherwise a compliant
    // source would never reach its PCR).
    const double er = brm.er >= AtmRmRate::Encode(m_pcr) ? m_pcr : AtmRmRate::Decode(brm.er);
    m_acr = Clamp(m_misbehaviour * std::min(acr, er));
}

double
AtmAbrSource::GetAcr() const
{
    return m_acr;
}

uint32_t
AtmAbrSource::GetCrm() const
{
    return (m_tbe + m_nrm - 1) / m_nrm;
}

uint64_t
AtmAbrSource::GetForwardRmSent() const
{
    return m_frmCount;
}

} // namespace ns3
