/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "virtual-queue-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("VirtualQueueBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(VirtualQueueBufferPolicy);

TypeId
VirtualQueueBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::VirtualQueueBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<VirtualQueueBufferPolicy>()
            .AddAttribute("ThresholdCells",
                          "Th in cells, the occupancy from which a new PDU of a VC whose virtual "
                          "queue is at least Th / N_active is refused; must be below the port's "
                          "BufferCells. 0 (default) uses ThresholdFraction.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&VirtualQueueBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ThresholdFraction",
                          "Th as a fraction of the port's BufferCells, in (0, 1) (6 decimal "
                          "places): Th = floor(fraction x K), used when ThresholdCells is 0. "
                          "Default 0.8, as R of the fair-share policies (no value is given for "
                          "virtual queueing).",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&VirtualQueueBufferPolicy::SetThresholdFraction,
                                             &VirtualQueueBufferPolicy::GetThresholdFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("AdvanceCells",
                          "w, how far a VC's virtual queue may run below zero (M >= -w): the "
                          "cells a VC served while idle may send ahead. Default 0, the plain "
                          "virtual queue. Set before the first cell.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&VirtualQueueBufferPolicy::m_advanceCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("TimerPeriod",
                          "T, the period of the MCR credit: every T each listed VC earns MCR x T "
                          "cells of credit and the MCR phase starts. 0 turns the MCR phase "
                          "off (round robin only). Applied lazily, not as a simulator event.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&VirtualQueueBufferPolicy::SetTimerPeriod,
                                           &VirtualQueueBufferPolicy::GetTimerPeriod),
                          MakeTimeChecker());
    return tid;
}

VirtualQueueBufferPolicy::VirtualQueueBufferPolicy()
    : m_period(MilliSeconds(1))
{
    NS_LOG_FUNCTION(this);
    // One cell of credit: MCR in millicells/s times T in time steps gives cells in units of
    // 1 / (1000 x steps per second).
    m_one = static_cast<AtmInt128>(1000) * Seconds(1).GetTimeStep();
}

VirtualQueueBufferPolicy::~VirtualQueueBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
VirtualQueueBufferPolicy::SetThresholdFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    "VirtualQueueBufferPolicy: ThresholdFraction="
                        << fraction
                        << " is not in (0, 1) to 6 decimal places; Th = ThresholdFraction x "
                           "BufferCells must lie between 0 and K: use e.g. 0.8, or set "
                           "ThresholdCells");
    m_fraction = fraction;
    m_fractionMicro = AtmThresholdFractionToMicro(fraction);
}

double
VirtualQueueBufferPolicy::GetThresholdFraction() const
{
    return m_fraction;
}

void
VirtualQueueBufferPolicy::SetTimerPeriod(Time period)
{
    NS_LOG_FUNCTION(this << period);
    NS_ABORT_MSG_IF(period.IsStrictlyNegative(),
                    "VirtualQueueBufferPolicy: TimerPeriod="
                        << period.As(Time::MS)
                        << " is negative; give T > 0 (e.g. 1ms), or 0 to turn the MCR phase off");
    m_period = period;
}

Time
VirtualQueueBufferPolicy::GetTimerPeriod() const
{
    return m_period;
}

uint32_t
VirtualQueueBufferPolicy::GetThresholdCells(uint32_t bufferCells) const
{
    const uint32_t th = AtmThresholdCells(m_thresholdCells, m_fractionMicro, bufferCells);
    NS_ABORT_MSG_IF(m_thresholdCells != 0 && th >= bufferCells,
                    "VirtualQueueBufferPolicy: ThresholdCells="
                        << m_thresholdCells << " >= BufferCells=" << bufferCells
                        << ": the buffer never holds Th cells with room for a new PDU; set "
                           "ThresholdCells below BufferCells, or to 0 to use ThresholdFraction");
    return th;
}

void
VirtualQueueBufferPolicy::NotifyVcAdded(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    EnsureVc(vc);
}

void
VirtualQueueBufferPolicy::EnsureVc(uint32_t vc)
{
    if (vc >= m_vcs.size())
    {
        m_vcs.resize(vc + 1); // M = -w (aboveFloor 0), no credit, in no list
    }
}

int64_t
VirtualQueueBufferPolicy::GetVirtualQueue(uint32_t vc) const
{
    const uint64_t above = vc < m_vcs.size() ? m_vcs[vc].aboveFloor : 0;
    return static_cast<int64_t>(above) - static_cast<int64_t>(m_advanceCells);
}

double
VirtualQueueBufferPolicy::GetCreditCells(uint32_t vc) const
{
    return vc < m_vcs.size() ? static_cast<double>(m_vcs[vc].credit) / static_cast<double>(m_one)
                             : 0.0;
}

uint32_t
VirtualQueueBufferPolicy::GetPhase() const
{
    return m_phase;
}

std::vector<uint32_t>
VirtualQueueBufferPolicy::GetActiveList() const
{
    return Members(m_active);
}

std::vector<uint32_t>
VirtualQueueBufferPolicy::GetParkedList() const
{
    return Members(m_parked);
}

std::vector<uint32_t>
VirtualQueueBufferPolicy::Members(const List& list) const
{
    std::vector<uint32_t> out;
    for (uint32_t vc = list.head; vc != NONE; vc = m_vcs[vc].next)
    {
        out.push_back(vc);
    }
    return out;
}

void
VirtualQueueBufferPolicy::Append(List& list, uint32_t vc)
{
    m_vcs[vc].next = NONE;
    if (list.tail == NONE)
    {
        list.head = vc;
    }
    else
    {
        m_vcs[list.tail].next = vc;
    }
    list.tail = vc;
    ++list.size;
}

uint32_t
VirtualQueueBufferPolicy::Pop(List& list)
{
    NS_ASSERT(list.head != NONE);
    const uint32_t vc = list.head;
    list.head = m_vcs[vc].next;
    if (list.head == NONE)
    {
        list.tail = NONE;
    }
    m_vcs[vc].next = NONE;
    --list.size;
    return vc;
}

bool
VirtualQueueBufferPolicy::HasCredit(uint32_t vc) const
{
    return m_vcs[vc].credit >= m_one;
}

void
VirtualQueueBufferPolicy::CatchUp(const AtmPortState& state)
{
    if (!m_period.IsStrictlyPositive())
    {
        return; // MCR phase off
    }
    const int64_t now = state.GetNow().GetTimeStep();
    const int64_t period = m_period.GetTimeStep();
    const int64_t due = now >= 0 ? now / period : 0; // ticks at T, 2T, ... up to now
    if (due <= m_ticks)
    {
        return; // (also if time went back: ticks are never undone)
    }
    // Between two calls nothing else changes, so n ticks are one tick with n times the credit.
    const AtmInt128 ticks = due - m_ticks;
    m_ticks = due;
    StartPhaseTwo(); // the parked VCs go back behind L (phase is set to 1 below)
    m_credited = 0;
    for (uint32_t vc = m_active.head; vc != NONE; vc = m_vcs[vc].next)
    {
        m_vcs[vc].credit += ticks * static_cast<AtmInt128>(state.GetVcMcrMilli(vc)) * period;
        m_credited += HasCredit(vc) ? 1 : 0;
    }
    m_phase = 1;
    NS_LOG_LOGIC("timer: " << static_cast<int64_t>(ticks) << " tick(s) at " << state.GetNow()
                           << ", " << m_credited << " VC(s) with credit");
}

void
VirtualQueueBufferPolicy::Admitted(uint32_t vc)
{
    Vc& v = m_vcs[vc];
    ++v.aboveFloor;
    if (v.aboveFloor == 1) // M == -w + 1
    {
        Append(m_active, vc);
        m_credited += HasCredit(vc) ? 1 : 0;
    }
}

void
VirtualQueueBufferPolicy::StartPhaseTwo()
{
    m_phase = 2;
    if (m_parked.head == NONE)
    {
        return;
    }
    if (m_active.tail == NONE)
    {
        m_active.head = m_parked.head;
    }
    else
    {
        m_vcs[m_active.tail].next = m_parked.head;
    }
    m_active.tail = m_parked.tail;
    m_active.size += m_parked.size;
    m_parked = List{};
}

void
VirtualQueueBufferPolicy::ServeOne()
{
    if (m_phase == 1 && m_active.head == NONE)
    {
        StartPhaseTwo(); // only parked VCs are left: serve them round robin
    }
    if (m_active.head == NONE)
    {
        return; // no VC in the emulated system (cells the policy never saw enter)
    }
    const uint32_t k = Pop(m_active);
    Vc& v = m_vcs[k];
    const bool hadCredit = HasCredit(k);
    --v.aboveFloor;
    if (m_phase == 1)
    {
        v.credit -= m_one;
    }
    const bool hasCredit = HasCredit(k);
    if (v.aboveFloor == 0) // M == -w: the VC leaves the system
    {
        m_credited -= hadCredit ? 1 : 0;
    }
    else
    {
        m_credited = m_credited - (hadCredit ? 1 : 0) + (hasCredit ? 1 : 0);
        // Phase 1 re-lists a VC with more than one cell of credit left, and parks the others.
        Append((m_phase == 2 || v.credit > m_one) ? m_active : m_parked, k);
    }
    if (m_phase == 1 && m_credited == 0)
    {
        StartPhaseTwo();
    }
}

AtmAdmitDecision
VirtualQueueBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    EnsureVc(vc);
    CatchUp(state);
    if (IsFirstCell(state, vc))
    {
        const uint32_t x = state.GetCellsInBuffer();
        const uint32_t th = GetThresholdCells(state.GetBufferCells());
        const int64_t n = std::max<int64_t>(m_active.size + m_parked.size, 1);
        if (x >= th && GetVirtualQueue(vc) * n >= static_cast<int64_t>(th))
        {
            return RejectFrame(OVER_VIRTUAL_SHARE);
        }
    }
    if (!HasRoom(state, cell))
    {
        return Overflow(BUFFER_FULL);
    }
    Admitted(vc);
    return AtmAdmitDecision::Accept();
}

bool
VirtualQueueBufferPolicy::DoAdmitDelimiter(const AtmPortState& state,
                                           uint32_t vc,
                                           const AtmCell& /* eom */)
{
    EnsureVc(vc);
    CatchUp(state);
    // The port stores the kept EOM iff X < K: it then enters the buffer like any cell.
    if (state.GetCellsInBuffer() < state.GetBufferCells())
    {
        Admitted(vc);
    }
    return true;
}

void
VirtualQueueBufferPolicy::DoNotifyDeparture(const AtmPortState& state,
                                            uint32_t /* vc */,
                                            const AtmCell& /* cell */)
{
    CatchUp(state);
    ServeOne();
}

} // namespace ns3
