/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-switch-behaviour.h"

#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrSwitchBehaviour");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrSwitchBehaviour);

TypeId
AtmAbrSwitchBehaviour::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrSwitchBehaviour").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmAbrSwitchBehaviour::AtmAbrSwitchBehaviour()
{
    NS_LOG_FUNCTION(this);
}

AtmAbrSwitchBehaviour::~AtmAbrSwitchBehaviour()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAbrSwitchBehaviour::NotifyArrival(const AtmPortState& state, AtmCell& cell)
{
    // Per cell: no NS_LOG_FUNCTION.
    DoNotifyArrival(state, cell);
    // After the subclass: what it evaluates for earlier instants (ends of intervals) must see
    // the previous arrival.
    m_queue = state.GetCellsInBuffer();
    m_lastArrival = state.GetNow();
    m_linkRate = state.GetLinkRate().GetCellsPerSecond();
}

uint32_t
AtmAbrSwitchBehaviour::GetQueueEstimate(Time t) const
{
    const double sent = std::floor((t - m_lastArrival).GetSeconds() * m_linkRate);
    if (sent <= 0)
    {
        return m_queue;
    }
    return sent >= m_queue ? 0 : m_queue - static_cast<uint32_t>(sent);
}

void
AtmAbrSwitchBehaviour::ProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now)
{
    DoProcessBackwardRm(vc, rm, now);
}

bool
AtmAbrSwitchBehaviour::ReadsBackwardRm() const
{
    return false;
}

void
AtmAbrSwitchBehaviour::DoProcessBackwardRm(uint32_t /* vc */, AtmRmFields& /* rm */, Time /* now */)
{
}

} // namespace ns3
