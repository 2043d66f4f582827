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
#include <limits>

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
    }
}

void
AtmErica::CloseInterval()
{
    const double t = m_interval.GetSeconds();
    const double hpRate = static_cast<double>(m_hpCells) / t;
    const double totalAbr = std::max(m_link - hpRate, 0.0);
    const double fraction = DoGetTargetFraction(m_queue, totalAbr);
    m_abrCap = fraction < 0 ? std::max(m_u * m_link - hpRate, 0.0) : fraction * totalAbr;
    m_inRate = static_cast<double>(m_abrCells) / t;
    m_z = m_abrCap > 0 ? m_inRate / m_abrCap : std::numeric_limits<double>::infinity();
    m_active = std::max(m_activeThis, 1U);
    m_fairShare = m_abrCap / m_active;
    m_maxAllocPrevious = m_maxAllocCurrent;
    m_maxAllocCurrent = m_fairShare;
    m_abrCells = 0;
    m_hpCells = 0;
    m_activeThis = 0;
    ++m_k;
}

void
AtmErica::Roll(Time now)
{
    const int64_t k = now.GetTimeStep() / m_interval.GetTimeStep();
    // Idle intervals change nothing once MaxAllocPrevious has caught up: three closes reach the
    // steady idle state, the rest only advance the index.
    int n = 0;
    while (m_k < k)
    {
        if (n >= 3 && m_abrCells == 0 && m_hpCells == 0)
        {
            m_k = k;
            break;
        }
        CloseInterval();
        ++n;
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
        m_abrCap = m_u * m_link;
        m_fairShare = m_abrCap;
        m_maxAllocCurrent = 0;
        m_started = true;
    }
    Roll(state.GetNow());
    m_queue = state.GetCellsInBuffer();
    switch (state.GetVcServiceCategory(cell.vc))
    {
    case AtmServiceCategory::ABR:
        Grow(cell.vc);
        ++m_abrCells;
        if (m_seenIn[cell.vc] != m_k)
        {
            m_seenIn[cell.vc] = m_k;
            ++m_activeThis;
        }
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
        const double ccr = m_ccr[vc];
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

uint32_t
AtmErica::GetActiveVcs() const
{
    return m_active;
}

} // namespace ns3
