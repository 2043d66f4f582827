/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-switch-behaviour.h"

#include "ns3/log.h"

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
