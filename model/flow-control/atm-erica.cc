/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-erica.h"

#include "ns3/abort.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmErica");

NS_OBJECT_ENSURE_REGISTERED(AtmErica);

TypeId
AtmErica::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmErica")
            .SetParent<AtmAbrSwitchBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmErica>()
            .AddAttribute("AveragingInterval",
                          "T: the port measures its load over the intervals [k T, (k + 1) T) "
                          "(Bonaventure's ERICA+ runs: 2 ms).",
                          TimeValue(MilliSeconds(2)),
                          MakeTimeAccessor(&AtmErica::m_interval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("TargetUtilization",
                          "U in ABRCap = U x LinkRate - CBR/VBR load, in (0, 1] (Kalyanaraman's "
                          "simulations: 0.95).",
                          DoubleValue(0.95),
                          MakeDoubleAccessor(&AtmErica::m_u),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MaxMinDelta",
                          "The port counts as overloaded when z > 1 + delta; otherwise ER may "
                          "reach MaxAllocPrevious (the max-min step).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&AtmErica::m_delta),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("FairShareFirst",
                          "A VC whose CCR is below FairShare gets at most FairShare (no jump from "
                          "below the fair share to above it in one step).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmErica::m_fairShareFirst),
                          MakeBooleanChecker())
            .AddAttribute("OneFeedbackPerInterval",
                          "A VC's later backward RM cells in the same interval get the ER "
                          "computed for its first.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmErica::m_oneFeedback),
                          MakeBooleanChecker())
            .AddAttribute("LoadAveragingWeight",
                          "alpha, the weight of an interval's measured ABR and CBR/VBR input "
                          "rates in their exponential averages, in (0, 1]; 1: no averaging "
                          "(Bonaventure's ERICA+ runs: 0.0625).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AtmErica::m_alpha),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(), 1))
            .AddAttribute("ActiveVcDecay",
                          "The factor a VC's contribution to the number of active VCs is "
                          "multiplied by for each interval it sends no ABR cell, in [0, 1); 0: "
                          "only the VCs seen in the interval count (Bonaventure's ERICA+ runs: "
                          "0.25).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmErica::m_decay),
                          MakeDoubleChecker<double>(0, std::nextafter(1.0, 0.0)))
            .AddAttribute("MeasuredCcr",
                          "Use each VC's rate measured at the port over the last interval (its "
                          "ABR cells / T) as its CCR in VCShare = CCR / z, instead of the CCR its "
                          "forward RM cells carry (ERICA's per-VC CCR measurement option, for "
                          "sources that send below their ACR, as TCP in slow start does).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmErica::m_measuredCcr),
                          MakeBooleanChecker());
    return tid;
}

AtmErica::AtmErica()
    : m_interval(MilliSeconds(2))
{
    NS_LOG_FUNCTION(this);
}

AtmErica::~AtmErica()
{
    NS_LOG_FUNCTION(this);
}

double
AtmErica::DoGetTargetFraction(uint32_t /* queueCells */, double /* totalAbr */) const
{
    return -1; // ERICA: U x LinkRate - CBR/VBR load
}

void
AtmErica::Grow(uint32_t vc)
{
    if (vc >= m_ccr.size())
    {
        m_ccr.resize(vc + 1, 0);
        m_seenIn.resize(vc + 1, -1);
        m_feedbackIn.resize(vc + 1, -1);
        m_lastEr.resize(vc + 1, 0);
        m_contrib.resize(vc + 1, 0);
        m_vcCells.resize(vc + 1, 0);
        m_vcRate.resize(vc + 1, 0);
    }
}

void
AtmErica::CloseInterval()
{
    const double t = m_interval.GetSeconds();
    const double inRate = static_cast<double>(m_abrCells) / t;
    const double hpRate = static_cast<double>(m_hpCells) / t;
    if (m_averaged)
    {
        m_inRate = m_alpha * inRate + (1 - m_alpha) * m_inRate;
        m_hpRate = m_alpha * hpRate + (1 - m_alpha) * m_hpRate;
    }
    else
    {
        m_inRate = inRate;
        m_hpRate = hpRate;
        m_averaged = true;
    }
    const double totalAbr = std::max(m_link - m_hpRate, 0.0);
    m_queueAtEnd = GetQueueEstimate(Time(m_interval.GetTimeStep() * (m_k + 1)));
    const double fraction = DoGetTargetFraction(m_queueAtEnd, totalAbr);
    m_abrCap = fraction < 0 ? std::max(m_u * m_link - m_hpRate, 0.0) : fraction * totalAbr;
    m_z = m_abrCap > 0 ? m_inRate / m_abrCap : std::numeric_limits<double>::infinity();
    double active = 0;
    for (uint32_t vc = 0; vc < m_contrib.size(); ++vc)
    {
        m_contrib[vc] = m_seenIn[vc] == m_k ? 1.0 : m_contrib[vc] * m_decay;
        active += m_contrib[vc];
        m_vcRate[vc] = static_cast<double>(m_vcCells[vc]) / t;
        m_vcCells[vc] = 0;
    }
    m_active = std::max(active, 1.0);
    m_fairShare = m_abrCap / m_active;
    m_maxAllocPrevious = m_maxAllocCurrent;
    m_maxAllocCurrent = m_fairShare;
    m_abrCells = 0;
    m_hpCells = 0;
    ++m_k;
}

void
AtmErica::Roll(Time now)
{
    const int64_t k = now.GetTimeStep() / m_interval.GetTimeStep();
    while (m_k < k)
    {
        const bool idle = m_abrCells == 0 && m_hpCells == 0;
        const auto before = std::make_tuple(m_inRate,
                                            m_hpRate,
                                            m_queueAtEnd,
                                            m_abrCap,
                                            m_active,
                                            m_maxAllocPrevious,
                                            m_maxAllocCurrent);
        CloseInterval();
        // An idle interval that changed nothing is a fixed point: the rest of the idle intervals
        // would change nothing either, so only the index advances.
        if (idle && before == std::make_tuple(m_inRate,
                                              m_hpRate,
                                              m_queueAtEnd,
                                              m_abrCap,
                                              m_active,
                                              m_maxAllocPrevious,
                                              m_maxAllocCurrent))
        {
            m_k = k;
        }
    }
}

void
AtmErica::DoNotifyArrival(const AtmPortState& state, AtmCell& cell)
{
    // Per cell: no NS_LOG_FUNCTION.
    if (!m_started)
    {
        NS_ABORT_MSG_IF(state.GetLinkRate().IsZero(),
                        "AtmErica: the port's link rate is unknown; attach the port first");
        m_link = state.GetLinkRate().GetCellsPerSecond();
        m_k = state.GetNow().GetTimeStep() / m_interval.GetTimeStep();
        // Before the first interval ends the port counts as idle; no ER was handed out.
        const double fraction = DoGetTargetFraction(0, m_link);
        m_abrCap = fraction < 0 ? m_u * m_link : fraction * m_link;
        m_fairShare = m_abrCap;
        m_maxAllocCurrent = 0;
        m_started = true;
    }
    Roll(state.GetNow());
    switch (state.GetVcServiceCategory(cell.vc))
    {
    case AtmServiceCategory::ABR:
        Grow(cell.vc);
        ++m_abrCells;
        ++m_vcCells[cell.vc];
        m_seenIn[cell.vc] = m_k;
        if (cell.IsResourceManagement() && !cell.rm.Has(AtmRmFields::DIR))
        {
            m_ccr[cell.vc] = AtmRmRate::Decode(cell.rm.ccr);
        }
        break;
    case AtmServiceCategory::CBR:
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR:
        ++m_hpCells;
        break;
    default:
        break;
    }
}

double
AtmErica::ComputeEr(uint32_t vc, Time now)
{
    NS_ABORT_MSG_IF(!m_started,
                    "AtmErica: a backward RM cell of VC "
                        << vc << " before any cell arrived at the port it measures");
    Roll(now);
    Grow(vc);
    double er = 0;
    if (m_oneFeedback && m_feedbackIn[vc] == m_k)
    {
        er = m_lastEr[vc];
    }
    else
    {
        const double ccr = m_measuredCcr ? m_vcRate[vc] : m_ccr[vc];
        const double vcShare = m_inRate > 0 ? ccr / m_z : 0;
        er = std::max(m_fairShare, vcShare);
        if (!(m_z > 1 + m_delta))
        {
            er = std::max(er, m_maxAllocPrevious); // underload: the max-min step
        }
        m_maxAllocCurrent = std::max(m_maxAllocCurrent, er);
        if (m_fairShareFirst && er > m_fairShare && ccr < m_fairShare)
        {
            er = m_fairShare;
        }
        m_lastEr[vc] = er;
        m_feedbackIn[vc] = m_k;
    }
    return std::min(er, m_abrCap);
}

bool
AtmErica::ReadsBackwardRm() const
{
    return true;
}

void
AtmErica::DoProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now)
{
    const double er = ComputeEr(vc, now);
    rm.er = std::min(rm.er, AtmRmRate::Encode(std::min(er, AtmRmRate::GetMaxRate())));
}

double
AtmErica::GetAbrCapacity() const
{
    return m_abrCap;
}

double
AtmErica::GetLoadFactor() const
{
    return m_z;
}

double
AtmErica::GetFairShare() const
{
    return m_fairShare;
}

double
AtmErica::GetActiveVcs() const
{
    return m_active;
}

uint32_t
AtmErica::GetQueueAtIntervalEnd() const
{
    return m_queueAtEnd;
}

} // namespace ns3
