/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gfr-shaper.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GfrShaper");

NS_OBJECT_ENSURE_REGISTERED(GfrShaper);

TypeId
GfrShaper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GfrShaper")
            .SetParent<AtmShaper>()
            .SetGroupName("Atm")
            .AddConstructor<GfrShaper>()
            .AddAttribute("McrCellsPerSec",
                          "The minimum cell rate of the GFR contract (AtmCellRate). Required.",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&GfrShaper::m_mcrAttr),
                          MakeAtmCellRateChecker())
            .AddAttribute("PcrCellsPerSec",
                          "The peak cell rate of the GFR contract (AtmCellRate; 0: the link's "
                          "cell rate).",
                          AtmCellRateValue(AtmCellRate()),
                          MakeAtmCellRateAccessor(&GfrShaper::m_pcrAttr),
                          MakeAtmCellRateChecker())
            .AddAttribute("MinThresholdCells",
                          "Min_th: up to this backlog the rate is max(ACR, MCR) (BON LAN: 192, "
                          "also 1000; between routers the contract's MBS).",
                          UintegerValue(192),
                          MakeUintegerAccessor(&GfrShaper::m_minTh),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxThresholdCells",
                          "Max_th (> Min_th): above this backlog the rate is the PCR; between "
                          "the thresholds it grows linearly from MCR to PCR (BON: 2000).",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&GfrShaper::m_maxTh),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("BufferCells",
                          "The shaper buffer at the adapter, in cells: a frame whose cells would "
                          "exceed it is refused whole (0: no limit of its own; BON LAN: 2000).",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&GfrShaper::m_bufferCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AcrInterval",
                          "T, the window of the arrival-rate filter (> 0; BON: 10 ms).",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&GfrShaper::m_interval),
                          MakeTimeChecker())
            .AddAttribute("AcrWeight",
                          "wq, the weight of the last window in the arrival-rate filter "
                          "(0 < wq <= 1; BON: 0.05).",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&GfrShaper::m_weight),
                          MakeDoubleChecker<double>())
            .AddAttribute("Tolerance",
                          "How early a cell may start before its ideal time V (a GCRA limit; 0: "
                          "never faster than the rate).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GfrShaper::m_tolerance),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Rate",
                            "The rate recomputed at a sent cell: (rate, ACR, backlog), cells/s "
                            "and cells.",
                            MakeTraceSourceAccessor(&GfrShaper::m_rateTrace),
                            "ns3::GfrShaper::RateTracedCallback");
    return tid;
}

GfrShaper::GfrShaper()
{
    NS_LOG_FUNCTION(this);
}

GfrShaper::~GfrShaper()
{
    NS_LOG_FUNCTION(this);
}

void
GfrShaper::DoAttach(const AtmCellClock& clock)
{
    NS_LOG_FUNCTION(this);
    const AtmCellRate pcr = m_pcrAttr.IsZero() ? clock.GetRate() : m_pcrAttr;
    NS_ABORT_MSG_IF(m_mcrAttr.IsZero(),
                    "GfrShaper: McrCellsPerSec is not set; give the GFR contract's MCR (> 0)");
    NS_ABORT_MSG_IF(m_mcrAttr > pcr,
                    "GfrShaper: McrCellsPerSec = "
                        << m_mcrAttr << " exceeds the PCR " << pcr << " cells/s"
                        << (m_pcrAttr.IsZero() ? " (the link's rate)" : "") << "; give MCR <= PCR");
    NS_ABORT_MSG_IF(m_minTh >= m_maxTh,
                    "GfrShaper: MinThresholdCells = "
                        << m_minTh << " is not below MaxThresholdCells = " << m_maxTh
                        << "; give Min_th < Max_th (BON: 192 and 2000)");
    NS_ABORT_MSG_IF(!m_interval.IsStrictlyPositive(),
                    "GfrShaper: AcrInterval = " << m_interval.As(Time::MS)
                                                << "; the filter window T must be positive "
                                                   "(BON: 10 ms)");
    NS_ABORT_MSG_IF(!(m_weight > 0 && m_weight <= 1),
                    "GfrShaper: AcrWeight = " << m_weight << "; give 0 < wq <= 1 (BON: 0.05)");
    m_mcr = m_mcrAttr.GetCellsPerSecond();
    m_pcr = pcr.GetCellsPerSecond();
    m_spacer.Setup(clock, m_mcrAttr, pcr, m_tolerance);
    m_rate = m_mcr;
    m_filter = Filter();
    m_filter.acr = m_mcr;
    m_filter.window = Simulator::Now().GetTimeStep() / m_interval.GetTimeStep();
}

void
GfrShaper::Roll(Filter* f, Time now) const
{
    const int64_t k = now.GetTimeStep() / m_interval.GetTimeStep();
    if (k <= f->window)
    {
        return;
    }
    // The window that ends first holds the arrivals counted so far; every later one is idle.
    const double perSecond = static_cast<double>(Seconds(1).GetTimeStep()) /
                             static_cast<double>(m_interval.GetTimeStep());
    f->acr -= m_weight * (f->acr - static_cast<double>(f->arrivals) * perSecond);
    f->arrivals = 0;
    ++f->window;
    // Idle windows: ACR - wq (ACR - 0) = (1 - wq) ACR, until it underflows to 0.
    const double keep = 1 - m_weight;
    while (f->window < k && f->acr != 0)
    {
        f->acr *= keep;
        ++f->window;
    }
    f->window = k; // ACR reached 0: the remaining idle windows leave it there
}

double
GfrShaper::GetAcr(Time now) const
{
    NS_ASSERT_MSG(now.GetTimeStep() / m_interval.GetTimeStep() >= m_filter.window,
                  "GfrShaper: GetAcr(" << now << ") before the filter's current window");
    Filter f = m_filter;
    Roll(&f, now);
    return f.acr;
}

double
GfrShaper::ComputeRate(uint32_t backlog, double acr) const
{
    double rate = 0;
    Increment(backlog, acr, &rate);
    return rate;
}

AtmInt128
GfrShaper::Increment(uint32_t backlog, double acr, double* rate) const
{
    if (backlog > m_maxTh || acr >= m_pcr)
    {
        *rate = m_pcr;
        return m_spacer.GetHighIncrement();
    }
    if (backlog == m_maxTh)
    {
        *rate = m_pcr; // the linear part reaches the PCR exactly
        return m_spacer.GetHighIncrement();
    }
    double floorRate = m_mcr;
    if (backlog > m_minTh)
    {
        floorRate = m_mcr + (m_pcr - m_mcr) * static_cast<double>(backlog - m_minTh) /
                                static_cast<double>(m_maxTh - m_minTh);
    }
    if (acr <= floorRate && backlog <= m_minTh)
    {
        *rate = m_mcr;
        return m_spacer.GetLowIncrement();
    }
    *rate = std::max(acr, floorRate);
    return m_spacer.GetIncrement(*rate);
}

Time
GfrShaper::DoGetEarliestStart() const
{
    return m_spacer.GetEarliestStart();
}

void
GfrShaper::DoNotifySent(const AtmCell& /* cell */, Time slotStart)
{
    // Per cell: no NS_LOG_FUNCTION.
    Roll(&m_filter, slotStart);
    const uint32_t backlog = GetBacklogCells();
    double rate = 0;
    const AtmInt128 increment = Increment(backlog, m_filter.acr, &rate);
    m_spacer.NotifySent(slotStart, increment);
    m_rate = rate;
    m_rateTrace(rate, m_filter.acr, backlog);
}

void
GfrShaper::DoNotifyArrival(uint32_t cells, Time now)
{
    NS_ASSERT_MSG(m_mcr != 0, "GfrShaper: an arrival before the shaper was attached");
    Roll(&m_filter, now);
    m_filter.arrivals += cells;
}

uint32_t
GfrShaper::DoGetBufferCells() const
{
    return m_bufferCells;
}

double
GfrShaper::GetRate() const
{
    return m_rate;
}

double
GfrShaper::GetMcr() const
{
    return m_mcr;
}

double
GfrShaper::GetPcr() const
{
    return m_pcr;
}

} // namespace ns3
