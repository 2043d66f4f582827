/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-efci-marker.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmEfciMarker");

NS_OBJECT_ENSURE_REGISTERED(AtmEfciMarker);

TypeId
AtmEfciMarker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmEfciMarker")
            .SetParent<AtmAbrSwitchBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmEfciMarker>()
            .AddAttribute("OnThresholdCells",
                          "The port becomes congested when a cell arrives and finds at least "
                          "this many cells in its buffer (FORE: 64). Must exceed "
                          "OffThresholdCells.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&AtmEfciMarker::m_on),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("OffThresholdCells",
                          "The port stops being congested when a cell arrives and finds at most "
                          "this many cells in its buffer (FORE: 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmEfciMarker::m_off),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

AtmEfciMarker::AtmEfciMarker()
{
    NS_LOG_FUNCTION(this);
}

AtmEfciMarker::~AtmEfciMarker()
{
    NS_LOG_FUNCTION(this);
}

bool
AtmEfciMarker::IsCongested() const
{
    return m_congested;
}

uint64_t
AtmEfciMarker::GetCellsMarked() const
{
    return m_marked;
}

void
AtmEfciMarker::DoNotifyArrival(const AtmPortState& state, AtmCell& cell)
{
    NS_ABORT_MSG_IF(m_off >= m_on,
                    "AtmEfciMarker: OffThresholdCells = "
                        << m_off << " is not below OnThresholdCells = " << m_on
                        << "; give off < on (FORE: off 1, on 64)");
    const uint32_t x = state.GetCellsInBuffer();
    if (!m_congested && x >= m_on)
    {
        m_congested = true;
    }
    else if (m_congested && x <= m_off)
    {
        m_congested = false;
    }
    if (m_congested && !cell.IsResourceManagement())
    {
        cell.pti = static_cast<uint8_t>(cell.pti | 0x2);
        ++m_marked;
    }
}

} // namespace ns3
