/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "frame-gcra-policer.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FrameGcraPolicer");

NS_OBJECT_ENSURE_REGISTERED(FrameGcraPolicer);

TypeId
FrameGcraPolicer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FrameGcraPolicer")
            .SetParent<AtmPolicer>()
            .SetGroupName("Atm")
            .AddConstructor<FrameGcraPolicer>()
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate, exact (AtmCellRate). Required (the switch gives "
                          "the link's rate to a contract without PCR).",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&FrameGcraPolicer::m_pcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("Cdvt",
                          "The CDVT of the PCR.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&FrameGcraPolicer::m_cdvt),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("McrCellsPerSec",
                          "The minimum cell rate guaranteed to eligible PDUs (AtmCellRate). "
                          "Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&FrameGcraPolicer::m_mcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("MbsCells",
                          "The maximum burst size in cells (>= the MFS).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FrameGcraPolicer::m_mbs),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MfsCells",
                          "The maximum frame size in cells; cells beyond it are tagged (0: not "
                          "checked).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FrameGcraPolicer::m_mfs),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("CdvtMcr",
                          "The CDVT associated with the MCR (tau_MCR in f).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&FrameGcraPolicer::m_cdvtMcr),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

FrameGcraPolicer::FrameGcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

FrameGcraPolicer::~FrameGcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

void
FrameGcraPolicer::Configure()
{
    NS_ABORT_MSG_IF(m_pcr.IsZero() || m_mcr.IsZero(),
                    "FrameGcraPolicer: PcrCellsPerSec=" << m_pcr << " McrCellsPerSec=" << m_mcr
                                                        << "; both rates are required (a GFR.2 "
                                                           "contract with MCR 0 has nothing to "
                                                           "police: use GFR.1)");
    m_pcrGcra = Gcra(m_pcr, m_cdvt);
    m_fgcra = FrameGcra(m_mcr, m_pcr, m_mbs, m_cdvtMcr);
    m_configured = true;
}

AtmPolicingDecision
FrameGcraPolicer::DoPolice(const AtmCell& cell, Time arrival, bool firstCellOfPdu)
{
    if (!m_configured)
    {
        Configure();
    }
    m_pduCells = firstCellOfPdu ? 1 : m_pduCells + 1;
    if (!m_pcrGcra.Conforms(arrival))
    {
        return AtmPolicingDecision::NonConforming(AtmPolicingDecision::DISCARD, PCR_NONCONFORMING);
    }
    const bool eligible = m_fgcra.Arrive(arrival, firstCellOfPdu, cell.clp);
    if (cell.clp)
    {
        return AtmPolicingDecision::Conforming(); // CLP=1 PDUs: never eligible, nothing to do
    }
    if (!eligible)
    {
        return AtmPolicingDecision::NonConforming(AtmPolicingDecision::TAG, NOT_ELIGIBLE);
    }
    if (m_mfs > 0 && m_pduCells > m_mfs)
    {
        return AtmPolicingDecision::NonConforming(AtmPolicingDecision::TAG, ABOVE_MFS);
    }
    return AtmPolicingDecision::Conforming();
}

const FrameGcra&
FrameGcraPolicer::GetFrameGcra() const
{
    return m_fgcra;
}

} // namespace ns3
