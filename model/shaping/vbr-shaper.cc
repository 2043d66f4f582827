/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "vbr-shaper.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VbrShaper");

NS_OBJECT_ENSURE_REGISTERED(VbrShaper);

TypeId
VbrShaper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VbrShaper")
            .SetParent<AtmShaper>()
            .SetGroupName("Atm")
            .AddConstructor<VbrShaper>()
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate, exact (AtmCellRate). Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&VbrShaper::m_pcr),
                          MakeAtmCellRateChecker())
            .AddAttribute("ScrCellsPerSec",
                          "The sustainable cell rate, exact (AtmCellRate; at most the PCR). "
                          "Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&VbrShaper::m_scr),
                          MakeAtmCellRateChecker())
            .AddAttribute("MbsCells",
                          "The maximum burst size in cells (>= 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&VbrShaper::m_mbs),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Tolerance",
                          "The limit of the PCR bucket the shaper may use (0: the output conforms "
                          "with CDVT 0).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&VbrShaper::m_tolerance),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

VbrShaper::VbrShaper()
{
    NS_LOG_FUNCTION(this);
}

VbrShaper::~VbrShaper()
{
    NS_LOG_FUNCTION(this);
}

void
VbrShaper::DoAttach(const AtmCellClock& /* clock */)
{
    NS_ABORT_MSG_IF(m_pcr.IsZero() || m_scr.IsZero(),
                    "VbrShaper: PcrCellsPerSec=" << m_pcr << " ScrCellsPerSec=" << m_scr
                                                 << "; both rates are required");
    m_gcra = DualGcra(m_pcr, m_tolerance, m_scr, m_mbs, Time(0), DualGcra::BON);
}

Time
VbrShaper::DoGetEarliestStart() const
{
    return m_started ? m_gcra.GetEarliestConformingTime(true) : Time::Min();
}

void
VbrShaper::DoNotifySent(const AtmCell& /* cell */, Time slotStart)
{
    const DualGcra::Result r = m_gcra.Police(slotStart, true, false);
    NS_ASSERT_MSG(r == DualGcra::CONFORMING, "VbrShaper: a cell left before its conforming time");
    (void)r;
    m_started = true;
}

} // namespace ns3
