/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dual-gcra-policer.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DualGcraPolicer");

NS_OBJECT_ENSURE_REGISTERED(DualGcraPolicer);

TypeId
DualGcraPolicer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DualGcraPolicer")
            .SetParent<AtmPolicer>()
            .SetGroupName("Atm")
            .AddConstructor<DualGcraPolicer>()
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate, exact (AtmCellRate). Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&DualGcraPolicer::m_pcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("Cdvt",
                          "The CDVT of the PCR (limit of the PCR bucket).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&DualGcraPolicer::m_cdvt),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ScrCellsPerSec",
                          "The sustainable cell rate, exact (AtmCellRate; at most the PCR). "
                          "Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&DualGcraPolicer::m_scr),
                          MakeAtmCellRateChecker())
            .AddAttribute("MbsCells",
                          "The maximum burst size in cells (>= 1): cells that may pass at PCR "
                          "from an idle state.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&DualGcraPolicer::m_mbs),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CdvtScr",
                          "The CDVT associated with the SCR (tau_SCR, added to the burst "
                          "tolerance).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&DualGcraPolicer::m_cdvtScr),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ScrFlow",
                          "The cells the SCR bucket tests: all (VBR.1) or CLP=0 only (VBR.2/3).",
                          EnumValue(DualGcraPolicer::CLP_0_PLUS_1),
                          ATM_MAKE_ENUM_ACCESSOR(ScrFlow, &DualGcraPolicer::m_scrFlow),
                          MakeEnumChecker(DualGcraPolicer::CLP_0_PLUS_1,
                                          "CLP_0_PLUS_1",
                                          DualGcraPolicer::CLP_0,
                                          "CLP_0"))
            .AddAttribute(
                "ScrAction",
                "What to do with a cell that passes the PCR test and fails the SCR "
                "test: DISCARD (VBR.1/2), TAG (VBR.3) or PASS (count only). Cells "
                "failing the PCR test are always discarded.",
                EnumValue(AtmPolicer::ACTION_DISCARD),
                ATM_MAKE_ENUM_ACCESSOR(NonConformingAction, &DualGcraPolicer::m_scrAction),
                MakeEnumChecker(AtmPolicer::ACTION_PASS,
                                "PASS",
                                AtmPolicer::ACTION_TAG,
                                "TAG",
                                AtmPolicer::ACTION_DISCARD,
                                "DISCARD"))
            .AddAttribute("UpdateMode",
                          "When the buckets are charged: BON (BON Fig 3.2: the PCR bucket for "
                          "every PCR-conforming cell) or CONFORMING_ONLY (only for cells that "
                          "leave the UPC; the SCR bucket only for cells leaving untagged).",
                          EnumValue(DualGcra::BON),
                          ATM_MAKE_ENUM_ACCESSOR(DualGcra::UpdateMode, &DualGcraPolicer::m_mode),
                          MakeEnumChecker(DualGcra::BON,
                                          "BON",
                                          DualGcra::CONFORMING_ONLY,
                                          "CONFORMING_ONLY"));
    return tid;
}

DualGcraPolicer::DualGcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

DualGcraPolicer::~DualGcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

void
DualGcraPolicer::Configure()
{
    NS_ABORT_MSG_IF(m_pcr.IsZero() || m_scr.IsZero(),
                    "DualGcraPolicer: PcrCellsPerSec=" << m_pcr << " ScrCellsPerSec=" << m_scr
                                                       << "; both rates are required");
    m_gcra = DualGcra(m_pcr, m_cdvt, m_scr, m_mbs, m_cdvtScr, m_mode);
    m_configured = true;
}

AtmPolicingDecision
DualGcraPolicer::DoPolice(const AtmCell& cell, Time arrival, bool /* firstCellOfPdu */)
{
    if (!m_configured)
    {
        Configure();
    }
    const bool testScr = m_scrFlow == CLP_0_PLUS_1 || !cell.clp;
    switch (m_gcra.Police(arrival, testScr, m_scrAction != ACTION_DISCARD))
    {
    case DualGcra::CONFORMING:
        return AtmPolicingDecision::Conforming();
    case DualGcra::NON_CONFORMING_PCR:
        return AtmPolicingDecision::NonConforming(AtmPolicingDecision::DISCARD, PCR_NONCONFORMING);
    case DualGcra::NON_CONFORMING_SCR:
        return AtmPolicingDecision::NonConforming(ToAction(m_scrAction), SCR_NONCONFORMING);
    }
    return AtmPolicingDecision::Conforming();
}

const DualGcra&
DualGcraPolicer::GetDualGcra() const
{
    return m_gcra;
}

} // namespace ns3
