/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ci-ni-marker.h"

#include "ns3/abort.h"
#include "ns3/atm-port-state.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCiNiMarker");

NS_OBJECT_ENSURE_REGISTERED(AtmCiNiMarker);

TypeId
AtmCiNiMarker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCiNiMarker")
            .SetParent<AtmAbrSwitchBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCiNiMarker>()
            .AddAttribute("NiThresholdCells",
                          "NI (no increase) is set while the port's buffer holds at least this "
                          "many cells. At most CiThresholdCells.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&AtmCiNiMarker::m_ni),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CiThresholdCells",
                          "CI (congestion indication: the source decreases) is set while the "
                          "port's buffer holds at least this many cells.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&AtmCiNiMarker::m_ci),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MarkBackward",
                          "true: mark the backward RM cells of the port's VCs on their way to "
                          "the source (needs bidirectional PVCs through the switch); false: mark "
                          "the forward RM cells arriving at the port.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmCiNiMarker::m_backward),
                          MakeBooleanChecker());
    return tid;
}

AtmCiNiMarker::AtmCiNiMarker()
{
    NS_LOG_FUNCTION(this);
}

AtmCiNiMarker::~AtmCiNiMarker()
{
    NS_LOG_FUNCTION(this);
}

bool
AtmCiNiMarker::ReadsBackwardRm() const
{
    return m_backward;
}

uint64_t
AtmCiNiMarker::GetCiMarked() const
{
    return m_ciMarked;
}

uint64_t
AtmCiNiMarker::GetNiMarked() const
{
    return m_niMarked;
}

void
AtmCiNiMarker::Mark(AtmRmFields& rm, uint32_t queueCells)
{
    NS_ABORT_MSG_IF(m_ni > m_ci,
                    "AtmCiNiMarker: NiThresholdCells = "
                        << m_ni << " is above CiThresholdCells = " << m_ci
                        << "; give NI <= CI (a queue long enough to decrease is long enough not "
                           "to increase)");
    if (queueCells >= m_ci && !rm.Has(AtmRmFields::CI))
    {
        rm.Set(AtmRmFields::CI, true);
        ++m_ciMarked;
    }
    if (queueCells >= m_ni && !rm.Has(AtmRmFields::NI))
    {
        rm.Set(AtmRmFields::NI, true);
        ++m_niMarked;
    }
}

void
AtmCiNiMarker::DoNotifyArrival(const AtmPortState& state, AtmCell& cell)
{
    // Per cell: no NS_LOG_FUNCTION.
    if (!m_backward && cell.IsResourceManagement() && !cell.rm.Has(AtmRmFields::DIR) &&
        state.GetVcServiceCategory(cell.vc) == AtmServiceCategory::ABR)
    {
        Mark(cell.rm, state.GetCellsInBuffer());
    }
}

void
AtmCiNiMarker::DoProcessBackwardRm(uint32_t /* vc */, AtmRmFields& rm, Time now)
{
    if (m_backward)
    {
        Mark(rm, GetQueueEstimate(now));
    }
}

} // namespace ns3
