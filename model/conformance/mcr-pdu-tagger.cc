/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "mcr-pdu-tagger.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("McrPduTagger");

NS_OBJECT_ENSURE_REGISTERED(McrPduTagger);

namespace
{
/// Largest cell count of a PDU the tagger accepts (AtmCell::count is 16 bits).
constexpr uint32_t MAX_PDU_CELLS = 65535;
/// Bound of T_MCR x MAX_PDU_CELLS and tau in sub-steps, so that the state fits 127 bits.
constexpr AtmInt128 MAX_PARAMETER = static_cast<AtmInt128>(1) << 122;
/// Bound of a start time in sub-steps.
constexpr AtmInt128 MAX_SCALED_START = static_cast<AtmInt128>(1) << 124;
} // namespace

TypeId
McrPduTagger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::McrPduTagger")
            .SetParent<AtmPduTagger>()
            .SetGroupName("Atm")
            .AddConstructor<McrPduTagger>()
            .AddAttribute("McrCellsPerSec",
                          "The minimum cell rate the CLP = 0 PDUs may use (AtmCellRate; 0: the "
                          "MCR of the VC's contract).",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&McrPduTagger::m_mcrAttr),
                          MakeAtmCellRateChecker())
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate at which a PDU's cells are sent (AtmCellRate; 0: "
                          "the PCR of the VC's contract, or the link's cell rate if it has none).",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&McrPduTagger::m_pcrAttr),
                          MakeAtmCellRateChecker())
            .AddAttribute("MbsCells",
                          "The burst of CLP = 0 cells allowed at PCR: tau = (MBS - 1)(1/MCR - "
                          "1/PCR) (0: twice the MFS of the VC's contract, as in BON Fig. 7.4).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&McrPduTagger::m_mbsAttr),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

McrPduTagger::McrPduTagger()
{
    NS_LOG_FUNCTION(this);
}

McrPduTagger::~McrPduTagger()
{
    NS_LOG_FUNCTION(this);
}

void
McrPduTagger::DoAttach(const AtmTrafficContract& contract, AtmCellRate lineRate)
{
    m_mcr = m_mcrAttr.IsZero() ? contract.GetMcr() : m_mcrAttr;
    m_pcr = !m_pcrAttr.IsZero() ? m_pcrAttr : (contract.HasPcr() ? contract.GetPcr() : lineRate);
    m_mbs = m_mbsAttr != 0 ? m_mbsAttr : 2 * contract.GetMfs();
    NS_ABORT_MSG_IF(m_mcr.IsZero(),
                    "McrPduTagger: McrCellsPerSec = 0 and the VC's contract ("
                        << contract
                        << ") has no MCR; give McrCellsPerSec > 0 or a GFR contract with an MCR");
    NS_ABORT_MSG_IF(m_pcr.IsZero(),
                    "McrPduTagger: PcrCellsPerSec = 0, the contract has no PCR and the link's "
                    "rate is unknown; attach the adapter to a link first or give "
                    "PcrCellsPerSec");
    NS_ABORT_MSG_IF(m_mcr > m_pcr,
                    "McrPduTagger: MCR = " << m_mcr << " cells/s exceeds PCR = " << m_pcr
                                           << " cells/s; give McrCellsPerSec <= PcrCellsPerSec");
    NS_ABORT_MSG_IF(m_mbs == 0,
                    "McrPduTagger: MbsCells = 0 (twice the MFS) but the VC's contract ("
                        << contract
                        << ") has MFS 0; give MbsCells >= 1 or a GFR contract with MfsCells >= 1");
    const AtmExactTime tMcr = AtmExactTime::CellTime(m_mcr);
    const AtmExactTime tPcr = AtmExactTime::CellTime(m_pcr);
    m_unitsPerStep = AtmExactTime::CommonUnitsPerStep(tMcr, tPcr);
    m_tMcr = tMcr.GetUnitsIn(m_unitsPerStep);
    m_delta = m_tMcr - tPcr.GetUnitsIn(m_unitsPerStep);
    NS_ABORT_MSG_IF(m_tMcr > MAX_PARAMETER / MAX_PDU_CELLS ||
                        m_delta > MAX_PARAMETER / static_cast<AtmInt128>(m_mbs),
                    "McrPduTagger: MCR = " << m_mcr << " and PCR = " << m_pcr
                                           << " cells/s need more than 2^122 sub-steps of 1/"
                                           << m_unitsPerStep
                                           << " step; use simpler rates or a coarser resolution");
    m_tau = m_delta * static_cast<AtmInt128>(m_mbs - 1);
    m_maxAbsSteps = static_cast<int64_t>(std::min<AtmInt128>(MAX_SCALED_START / m_unitsPerStep,
                                                             std::numeric_limits<int64_t>::max()));
    m_started = false;
    m_tat = 0;
}

bool
McrPduTagger::DoDecide(Time start, uint32_t cells)
{
    const int64_t steps = start.GetTimeStep();
    NS_ABORT_MSG_IF(steps > m_maxAbsSteps || steps < -m_maxAbsSteps,
                    "McrPduTagger: start " << start.As(Time::S)
                                           << " is beyond the 128-bit range of the state");
    NS_ABORT_MSG_IF(cells > MAX_PDU_CELLS,
                    "McrPduTagger: a PDU of " << cells << " cells (at most " << MAX_PDU_CELLS
                                              << ")");
    const AtmInt128 m = static_cast<AtmInt128>(m_unitsPerStep);
    const AtmInt128 ta = static_cast<AtmInt128>(steps) * m;
    const AtmInt128 x = m_started ? std::max(ta, m_tat) : ta;
    const AtmInt128 l = static_cast<AtmInt128>(cells);
    // t_a + (L - 1) T_PCR >= X + (L - 1) T_MCR - tau  <=>  t_a >= X + (L - 1)(T_MCR - T_PCR) - tau.
    // At the time resolution: late only if the whole time step of t_a lies before that bound.
    const AtmInt128 bound = x + (l - 1) * m_delta - m_tau;
    if (ta + m <= bound)
    {
        return false;
    }
    m_tat = x + l * m_tMcr;
    m_started = true;
    return true;
}

AtmCellRate
McrPduTagger::GetMcr() const
{
    return m_mcr;
}

AtmCellRate
McrPduTagger::GetPcr() const
{
    return m_pcr;
}

uint32_t
McrPduTagger::GetMbs() const
{
    return m_mbs;
}

AtmExactTime
McrPduTagger::GetTau() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "McrPduTagger: GetTau() before Attach()");
    return AtmExactTime::FromUnits(m_tau, m_unitsPerStep);
}

AtmExactTime
McrPduTagger::GetTat() const
{
    NS_ABORT_MSG_IF(m_unitsPerStep == 0, "McrPduTagger: GetTat() before Attach()");
    return m_started ? AtmExactTime::FromUnits(m_tat, m_unitsPerStep) : AtmExactTime();
}

} // namespace ns3
