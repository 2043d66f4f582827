/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "static-cell-reservation-buffer-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StaticCellReservationBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(StaticCellReservationBufferPolicy);

TypeId
StaticCellReservationBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::StaticCellReservationBufferPolicy")
                            .SetParent<AtmStaticReservationBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<StaticCellReservationBufferPolicy>();
    return tid;
}

StaticCellReservationBufferPolicy::StaticCellReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

StaticCellReservationBufferPolicy::~StaticCellReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
StaticCellReservationBufferPolicy::IsFrameAware() const
{
    return false;
}

AtmAdmitDecision
StaticCellReservationBufferPolicy::DoAdmit(const AtmPortState& state,
                                           uint32_t vc,
                                           const AtmCell& /* cell */)
{
    if (!IsWithinReservation(state, vc, state.GetBufferCells()))
    {
        return AtmAdmitDecision::DropCell(RESERVATION_FULL);
    }
    if (state.GetCellsInBuffer() >= state.GetBufferCells())
    {
        return AtmAdmitDecision::DropCell(BUFFER_FULL);
    }
    return AtmAdmitDecision::Accept();
}

} // namespace ns3
