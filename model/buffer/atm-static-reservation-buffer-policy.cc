/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-static-reservation-buffer-policy.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmStaticReservationBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(AtmStaticReservationBufferPolicy);

TypeId
AtmStaticReservationBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmStaticReservationBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddAttribute("BestEffortWeight",
                          "The weight, in cells/s, of a VC whose contract has no MCR (MCR 0) in "
                          "the MCR-proportional reservation. Must be positive.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmStaticReservationBufferPolicy::m_bestEffortWeight),
                          MakeDoubleChecker<double>(1e-9));
    return tid;
}

AtmStaticReservationBufferPolicy::AtmStaticReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmStaticReservationBufferPolicy::~AtmStaticReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

double
AtmStaticReservationBufferPolicy::Weight(const AtmPortState& state, uint32_t vc) const
{
    const double mcr = state.GetVcMcr(vc);
    return mcr > 0 ? mcr : m_bestEffortWeight;
}

double
AtmStaticReservationBufferPolicy::WeightSum(const AtmPortState& state)
{
    // A policy guards one buffer (its per-VC state is by index, as every policy's), whose VCs
    // are only ever added and whose contracts do not change: recompute when V grows.
    if (state.GetNVcs() != m_sumVcs)
    {
        m_sum = 0.0;
        for (uint32_t j = 0; j < state.GetNVcs(); ++j)
        {
            m_sum += Weight(state, j);
        }
        m_sumVcs = state.GetNVcs();
    }
    return m_sum;
}

double
AtmStaticReservationBufferPolicy::GetReservation(const AtmPortState& state,
                                                 uint32_t vc,
                                                 uint32_t space)
{
    return Weight(state, vc) / WeightSum(state) * space;
}

bool
AtmStaticReservationBufferPolicy::IsWithinReservation(const AtmPortState& state,
                                                      uint32_t vc,
                                                      uint32_t space)
{
    return static_cast<double>(state.GetVcCells(vc)) * WeightSum(state) <
           Weight(state, vc) * static_cast<double>(space);
}

} // namespace ns3
