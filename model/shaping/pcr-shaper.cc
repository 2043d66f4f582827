/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pcr-shaper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PcrShaper");

NS_OBJECT_ENSURE_REGISTERED(PcrShaper);

TypeId
PcrShaper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PcrShaper")
            .SetParent<AtmShaper>()
            .SetGroupName("Atm")
            .AddConstructor<PcrShaper>()
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate, exact (cells/s, a preset, a cell time or a bit "
                          "rate; AtmCellRate). Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&PcrShaper::m_pcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("Tolerance",
                          "The GCRA limit the shaper may use: 0 keeps the output conforming with "
                          "CDVT 0 (rate quantised to whole slots); one cell time of the link or "
                          "more gives exactly PCR in the long run.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PcrShaper::m_tolerance),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

PcrShaper::PcrShaper()
{
    NS_LOG_FUNCTION(this);
}

PcrShaper::~PcrShaper()
{
    NS_LOG_FUNCTION(this);
}

void
PcrShaper::DoAttach(const AtmCellClock& /* clock */)
{
    NS_ABORT_MSG_IF(m_pcr.IsZero(),
                    "PcrShaper: PcrCellsPerSec is not set; give the rate to space cells at");
    m_gcra = Gcra(m_pcr, m_tolerance);
}

Time
PcrShaper::DoGetEarliestStart() const
{
    return m_started ? m_gcra.GetEarliestConformingTime() : Time::Min();
}

void
PcrShaper::DoNotifySent(const AtmCell& /* cell */, Time slotStart)
{
    const bool conforms = m_gcra.Conforms(slotStart);
    NS_ASSERT_MSG(conforms, "PcrShaper: a cell left before its conforming time");
    (void)conforms;
    m_started = true;
}

} // namespace ns3
