/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-destination.h"

#include "ns3/abort.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrDestination");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrDestination);

TypeId
AtmAbrDestination::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrDestination")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAbrDestination>()
            .AddAttribute("ErLimitCellsPerSec",
                          "The destination lowers the ER of each turned-around cell to this rate "
                          "(cells/s); 0: it leaves ER alone.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrDestination::m_erLimit),
                          MakeDoubleChecker<double>(0, AtmRmRate::GetMaxRate()));
    return tid;
}

AtmAbrDestination::AtmAbrDestination()
    : m_erLimit(0),
      m_efci(false),
      m_waiting(false),
      m_turnedAround(0),
      m_overwritten(0)
{
    NS_LOG_FUNCTION(this);
}

AtmAbrDestination::~AtmAbrDestination()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAbrDestination::ReceiveData(const AtmCell& cell)
{
    NS_ABORT_MSG_IF((cell.pti & 0x4) != 0,
                    "AtmAbrDestination::ReceiveData: " << cell << " is not a user-data cell");
    m_efci = (cell.pti & 0x2) != 0;
}

void
AtmAbrDestination::ReceiveForwardRm(const AtmRmFields& frm)
{
    NS_LOG_FUNCTION(this << frm);
    NS_ABORT_MSG_IF(frm.Has(AtmRmFields::DIR),
                    "AtmAbrDestination::ReceiveForwardRm: " << frm << " is a backward RM cell");
    if (m_waiting)
    {
        ++m_overwritten;
    }
    m_brm = frm;
    m_brm.Set(AtmRmFields::DIR, true);
    if (m_efci)
    {
        m_brm.Set(AtmRmFields::CI, true);
    }
    if (m_erLimit > 0)
    {
        m_brm.er = std::min(m_brm.er, AtmRmRate::Encode(m_erLimit));
    }
    m_waiting = true;
    ++m_turnedAround;
}

bool
AtmAbrDestination::HasBackwardRm() const
{
    return m_waiting;
}

AtmRmFields
AtmAbrDestination::TakeBackwardRm()
{
    NS_ABORT_MSG_IF(!m_waiting, "AtmAbrDestination::TakeBackwardRm: no backward RM cell waits");
    m_waiting = false;
    return m_brm;
}

bool
AtmAbrDestination::GetEfciState() const
{
    return m_efci;
}

uint64_t
AtmAbrDestination::GetTurnedAround() const
{
    return m_turnedAround;
}

uint64_t
AtmAbrDestination::GetOverwritten() const
{
    return m_overwritten;
}

} // namespace ns3
