/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-shaper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmShaper");

NS_OBJECT_ENSURE_REGISTERED(AtmShaper);

TypeId
AtmShaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmShaper").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmShaper::AtmShaper()
{
    NS_LOG_FUNCTION(this);
}

AtmShaper::~AtmShaper()
{
    NS_LOG_FUNCTION(this);
}

void
AtmShaper::Attach(const AtmCellClock& clock)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_attached,
                    GetInstanceTypeId().GetName()
                        << ": a shaper shapes one flow on one link; create one per flow");
    m_clock = clock;
    m_attached = true;
    DoAttach(clock);
}

Time
AtmShaper::GetEarliestStart() const
{
    return DoGetEarliestStart();
}

void
AtmShaper::NotifySent(const AtmCell& cell, Time slotStart)
{
    // Per cell: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    NS_ASSERT_MSG(m_attached, "AtmShaper: NotifySent before Attach");
    NS_ASSERT_MSG(slotStart >= DoGetEarliestStart(),
                  GetInstanceTypeId().GetName()
                      << ": a cell started at " << slotStart
                      << " before the shaper's earliest start " << DoGetEarliestStart());
    ++m_cellsSent;
    DoNotifySent(cell, slotStart);
}

uint64_t
AtmShaper::GetCellsSent() const
{
    return m_cellsSent;
}

void
AtmShaper::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_backlog = BacklogCallback();
    Object::DoDispose();
}

void
AtmShaper::SetBacklogCallback(BacklogCallback backlog)
{
    NS_LOG_FUNCTION(this);
    m_backlog = backlog;
}

void
AtmShaper::NotifyArrival(uint32_t cells, Time now)
{
    // Per frame: no NS_LOG_FUNCTION.
    DoNotifyArrival(cells, now);
}

uint32_t
AtmShaper::GetBufferCells() const
{
    return DoGetBufferCells();
}

uint32_t
AtmShaper::GetBacklogCells() const
{
    return m_backlog.IsNull() ? 0 : m_backlog();
}

void
AtmShaper::DoNotifyArrival(uint32_t /* cells */, Time /* now */)
{
}

uint32_t
AtmShaper::DoGetBufferCells() const
{
    return 0;
}

const AtmCellClock&
AtmShaper::GetClock() const
{
    return m_clock;
}

void
AtmShaper::DoAttach(const AtmCellClock& /* clock */)
{
}

} // namespace ns3
