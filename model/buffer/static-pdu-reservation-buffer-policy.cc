/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "static-pdu-reservation-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StaticPduReservationBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(StaticPduReservationBufferPolicy);

TypeId
StaticPduReservationBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::StaticPduReservationBufferPolicy")
            .SetParent<AtmStaticReservationBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<StaticPduReservationBufferPolicy>()
            .AddAttribute("ReserveCells",
                          "E, the space shared out as PDU-level reservations, in cells; the "
                          "BufferCells - E cells above it hold the tails of accepted PDUs. 0 "
                          "(default): floor(0.8 BufferCells). Must be below BufferCells.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&StaticPduReservationBufferPolicy::m_reserveCells),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

StaticPduReservationBufferPolicy::StaticPduReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

StaticPduReservationBufferPolicy::~StaticPduReservationBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
StaticPduReservationBufferPolicy::GetReserveCells(uint32_t bufferCells) const
{
    const uint32_t e = AtmThresholdCells(m_reserveCells, 800000, bufferCells);
    NS_ABORT_MSG_IF(m_reserveCells != 0 && e >= bufferCells,
                    "StaticPduReservationBufferPolicy: ReserveCells="
                        << m_reserveCells
                        << " is not below the port's BufferCells K=" << bufferCells
                        << "; lower ReserveCells (the K - E cells above it hold PDU tails), set "
                           "it to 0 for 0.8 K, or raise BufferCells");
    return e;
}

AtmAdmitDecision
StaticPduReservationBufferPolicy::DoAdmit(const AtmPortState& state,
                                          uint32_t vc,
                                          const AtmCell& cell)
{
    if (IsFirstCell(state, vc) &&
        !IsWithinReservation(state, vc, GetReserveCells(state.GetBufferCells())))
    {
        return RejectFrame(RESERVATION_FULL);
    }
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
