/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dual-gcra.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DualGcra");

DualGcra::DualGcra()
    : m_pcr(),
      m_scr(),
      m_lastArrival(Time::Min()),
      m_mode(BON)
{
}

void
DualGcra::Validate(AtmCellRate pcr, Time cdvt, AtmCellRate scr)
{
    NS_ABORT_MSG_IF(pcr.IsZero(),
                    "DualGcra: PCR is not configured (zero); give the contract's peak cell rate");
    NS_ABORT_MSG_IF(scr.IsZero(),
                    "DualGcra: SCR is not configured (zero); give the contract's sustainable cell "
                    "rate (at most PCR = "
                        << pcr << " cells/s)");
    // SCR > PCR compared exactly (AtmCellRate::Compare()).
    NS_ABORT_MSG_IF(scr > pcr,
                    "DualGcra: SCR = " << scr << " cells/s exceeds PCR = " << pcr
                                       << " cells/s; give SCR <= PCR");
    NS_ABORT_MSG_IF(cdvt.IsStrictlyNegative(),
                    "DualGcra: CDVT (tau_PCR) = " << cdvt.As(Time::NS)
                                                  << " is negative; give a CDVT >= 0");
}

DualGcra::DualGcra(AtmCellRate pcr,
                   Time cdvt,
                   AtmCellRate scr,
                   uint32_t mbs,
                   Time cdvtScr,
                   UpdateMode mode)
    : DualGcra()
{
    NS_LOG_FUNCTION(this << pcr << cdvt << scr << mbs << cdvtScr << static_cast<int>(mode));
    Validate(pcr, cdvt, scr);
    NS_ABORT_MSG_IF(mbs < 1,
                    "DualGcra (PCR " << pcr << ", SCR " << scr << " cells/s): MBS = " << mbs
                                     << " cells; the maximum burst size is at least 1 cell");
    NS_ABORT_MSG_IF(cdvtScr.IsStrictlyNegative(),
                    "DualGcra: tau_SCR = " << cdvtScr.As(Time::NS)
                                           << " is negative; give a CDVT >= 0");
    m_pcr = Gcra(pcr, cdvt);
    m_scr = Gcra(AtmExactTime::CellTime(scr), Gcra::ExactBurstTolerance(pcr, scr, mbs, cdvtScr));
    m_mode = mode;
}

DualGcra::DualGcra(AtmCellRate pcr,
                   Time cdvt,
                   AtmCellRate scr,
                   Time burstTolerance,
                   UpdateMode mode)
    : DualGcra()
{
    NS_LOG_FUNCTION(this << pcr << cdvt << scr << burstTolerance << static_cast<int>(mode));
    Validate(pcr, cdvt, scr);
    NS_ABORT_MSG_IF(burstTolerance.IsStrictlyNegative(),
                    "DualGcra: burst tolerance tau_S = " << burstTolerance.As(Time::NS)
                                                         << " is negative; give tau_S >= 0");
    m_pcr = Gcra(pcr, cdvt);
    m_scr = Gcra(scr, burstTolerance);
    m_mode = mode;
}

DualGcra::Result
DualGcra::Police(Time arrival, bool testScr, bool passesOnScrFailure)
{
    // Per-cell path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    NS_ABORT_MSG_IF(!IsConfigured(),
                    "DualGcra: used before it was configured; construct it from the contract "
                    "(PCR, CDVT, SCR, MBS)");
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "DualGcra: arrival " << arrival << " before the previous one " << m_lastArrival);
    m_lastArrival = arrival;
    if (!m_pcr.WouldConform(arrival))
    {
        return NON_CONFORMING_PCR;
    }
    if (!testScr)
    {
        // A cell outside the SCR test (CLP=1 under VBR.2/3) leaves the UPC: both modes charge it.
        m_pcr.Charge(arrival);
        return CONFORMING;
    }
    const bool scrConforms = m_scr.WouldConform(arrival);
    // BON Fig 3.2 charges TAT_PCR before the SCR test; CONFORMING_ONLY only for cells that
    // leave the UPC (conforming, or tagged and passed).
    if (m_mode == BON || scrConforms || passesOnScrFailure)
    {
        m_pcr.Charge(arrival);
    }
    if (!scrConforms)
    {
        return NON_CONFORMING_SCR;
    }
    m_scr.Charge(arrival);
    return CONFORMING;
}

bool
DualGcra::WouldConform(Time arrival, bool testScr) const
{
    NS_ABORT_MSG_IF(!IsConfigured(), "DualGcra: used before it was configured");
    return m_pcr.WouldConform(arrival) && (!testScr || m_scr.WouldConform(arrival));
}

Time
DualGcra::GetEarliestConformingTime(bool testScr) const
{
    NS_ABORT_MSG_IF(!IsConfigured(), "DualGcra: used before it was configured");
    const Time pcr = m_pcr.GetEarliestConformingTime();
    return testScr ? std::max(pcr, m_scr.GetEarliestConformingTime()) : pcr;
}

void
DualGcra::Reset()
{
    m_pcr.Reset();
    m_scr.Reset();
    m_lastArrival = Time::Min();
}

Time
DualGcra::GetBurstTolerance() const
{
    return m_scr.GetLimit();
}

AtmExactTime
DualGcra::GetExactBurstTolerance() const
{
    return m_scr.GetExactLimit();
}

const char*
DualGcra::GetResultName(Result result)
{
    switch (result)
    {
    case CONFORMING:
        return "CONFORMING";
    case NON_CONFORMING_PCR:
        return "NON_CONFORMING_PCR";
    case NON_CONFORMING_SCR:
        return "NON_CONFORMING_SCR";
    }
    return "?";
}

std::ostream&
operator<<(std::ostream& os, DualGcra::Result result)
{
    os << DualGcra::GetResultName(result);
    return os;
}

} // namespace ns3
