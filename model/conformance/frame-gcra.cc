/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "frame-gcra.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FrameGcra");

FrameGcra::FrameGcra()
    : m_gcra(),
      m_lastArrival(Time::Min()),
      m_eligible(false)
{
}

FrameGcra::FrameGcra(AtmCellRate mcr, Time f)
    : FrameGcra()
{
    NS_LOG_FUNCTION(this << mcr << f);
    NS_ABORT_MSG_IF(mcr.IsZero(),
                    "FrameGcra: MCR is not configured (zero); give the GFR contract's minimum "
                    "cell rate");
    NS_ABORT_MSG_IF(f.IsStrictlyNegative(),
                    "FrameGcra (MCR " << mcr << " cells/s): tolerance f = " << f.As(Time::NS)
                                      << " is negative; give f >= 0, e.g. (MBS - 1)/MCR");
    m_gcra = Gcra(mcr, f);
}

FrameGcra::FrameGcra(AtmCellRate mcr, const AtmExactTime& f)
    : FrameGcra()
{
    NS_LOG_FUNCTION(this << mcr << f);
    NS_ABORT_MSG_IF(mcr.IsZero(),
                    "FrameGcra: MCR is not configured (zero); give the GFR contract's minimum "
                    "cell rate");
    NS_ABORT_MSG_IF(f.IsNegative(),
                    "FrameGcra (MCR " << mcr << " cells/s): tolerance f = " << f
                                      << " is negative; give f >= 0, e.g. (MBS - 1)/MCR");
    m_gcra = Gcra(AtmExactTime::CellTime(mcr), f);
}

FrameGcra::FrameGcra(AtmCellRate mcr, AtmCellRate pcr, uint32_t mbs, Time cdvtMcr)
    : FrameGcra()
{
    NS_LOG_FUNCTION(this << mcr << pcr << mbs << cdvtMcr);
    m_gcra = Gcra(AtmExactTime::CellTime(mcr), ExactTolerance(mcr, pcr, mbs, cdvtMcr));
}

AtmExactTime
FrameGcra::ExactTolerance(AtmCellRate mcr, AtmCellRate pcr, uint32_t mbs, Time cdvtMcr)
{
    NS_ABORT_MSG_IF(mcr.IsZero() || pcr.IsZero(),
                    "FrameGcra: MCR = " << mcr << " and PCR = " << pcr
                                        << " cells/s; both must be configured (positive)");
    // MCR > PCR compared exactly (AtmCellRate::Compare()).
    NS_ABORT_MSG_IF(mcr > pcr,
                    "FrameGcra: MCR = " << mcr << " cells/s exceeds PCR = " << pcr
                                        << " cells/s; give MCR <= PCR");
    NS_ABORT_MSG_IF(mbs < 1,
                    "FrameGcra (MCR " << mcr << ", PCR " << pcr << " cells/s): MBS = " << mbs
                                      << " cells; the maximum burst size is at least 1 cell "
                                         "(GFR needs MBS >= MFS)");
    NS_ABORT_MSG_IF(cdvtMcr.IsStrictlyNegative(),
                    "FrameGcra: tau_MCR = " << cdvtMcr.As(Time::NS)
                                            << " is negative; give a CDVT >= 0");
    // BON: f = tau_MCR + (MBS - 1)(1/MCR - 1/PCR).
    const AtmExactTime spread = AtmExactTime::CellTime(mcr) - AtmExactTime::CellTime(pcr);
    return AtmExactTime(cdvtMcr) + spread * (static_cast<int64_t>(mbs) - 1);
}

bool
FrameGcra::Arrive(Time arrival, bool firstCellOfPdu, bool clp)
{
    // Per-cell path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    NS_ABORT_MSG_IF(!m_gcra.IsConfigured(),
                    "FrameGcra: used before it was configured; construct it from MCR and f, or "
                    "from the GFR contract (MCR, PCR, MBS)");
    NS_ASSERT_MSG(arrival >= m_lastArrival,
                  "FrameGcra: arrival " << arrival << " before the previous one " << m_lastArrival);
    m_lastArrival = arrival;
    if (firstCellOfPdu)
    {
        // The whole PDU is decided here: t_a >= TAT - f and CLP = 0.
        m_eligible = !clp && m_gcra.WouldConform(arrival);
    }
    if (m_eligible)
    {
        m_gcra.Charge(arrival);
    }
    return m_eligible;
}

Time
FrameGcra::GetEarliestEligibleTime() const
{
    return m_gcra.GetEarliestConformingTime();
}

void
FrameGcra::Reset()
{
    m_gcra.Reset();
    m_lastArrival = Time::Min();
    m_eligible = false;
}

} // namespace ns3
