/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gcra-policer.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GcraPolicer");

NS_OBJECT_ENSURE_REGISTERED(GcraPolicer);

TypeId
GcraPolicer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GcraPolicer")
            .SetParent<AtmPolicer>()
            .SetGroupName("Atm")
            .AddConstructor<GcraPolicer>()
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate policed, exact (cells/s, a preset, a cell time or "
                          "a bit rate; AtmCellRate). Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&GcraPolicer::m_pcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("Cdvt",
                          "The cell delay variation tolerance of the PCR: the GCRA limit L.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GcraPolicer::m_cdvt),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("NonConformingAction",
                          "What to do with a non-conforming cell.",
                          EnumValue(AtmPolicer::ACTION_DISCARD),
                          ATM_MAKE_ENUM_ACCESSOR(NonConformingAction, &GcraPolicer::m_action),
                          MakeEnumChecker(AtmPolicer::ACTION_PASS,
                                          "PASS",
                                          AtmPolicer::ACTION_TAG,
                                          "TAG",
                                          AtmPolicer::ACTION_DISCARD,
                                          "DISCARD"));
    return tid;
}

GcraPolicer::GcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

GcraPolicer::~GcraPolicer()
{
    NS_LOG_FUNCTION(this);
}

void
GcraPolicer::Configure()
{
    NS_ABORT_MSG_IF(m_pcr.IsZero(),
                    "GcraPolicer: PcrCellsPerSec is not set; give the contract's peak cell "
                    "rate (e.g. \"36000\" or \"13.824Mbps@payload\")");
    m_gcra = Gcra(m_pcr, m_cdvt);
    m_configured = true;
}

AtmPolicingDecision
GcraPolicer::DoPolice(const AtmCell& /* cell */, Time arrival, bool /* firstCellOfPdu */)
{
    if (!m_configured)
    {
        Configure();
    }
    if (m_gcra.Conforms(arrival))
    {
        return AtmPolicingDecision::Conforming();
    }
    return AtmPolicingDecision::NonConforming(ToAction(m_action), PCR_NONCONFORMING);
}

const Gcra&
GcraPolicer::GetGcra() const
{
    return m_gcra;
}

} // namespace ns3
