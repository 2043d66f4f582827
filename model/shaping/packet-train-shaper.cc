/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packet-train-shaper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketTrainShaper");

NS_OBJECT_ENSURE_REGISTERED(PacketTrainShaper);

TypeId
PacketTrainShaper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketTrainShaper")
            .SetParent<AtmShaper>()
            .SetGroupName("Atm")
            .AddConstructor<PacketTrainShaper>()
            .AddAttribute("CellSpacing",
                          "R, the time between the starts of consecutive cells of one PDU "
                          "(0: back to back at line rate).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PacketTrainShaper::m_spacing),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("InterPduGap",
                          "I, the extra idle time between the last cell of a PDU and the next "
                          "PDU (BON: 52 us for large packets, 41 us for 552-byte ones).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PacketTrainShaper::m_gap),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Granularity",
                          "The unit the adapter's spacing is programmed in; R is rounded to the "
                          "nearest multiple (0: R as given; SBA-200: 0.492 us documented, "
                          "0.473 us measured).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&PacketTrainShaper::m_granularity),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

PacketTrainShaper::PacketTrainShaper()
{
    NS_LOG_FUNCTION(this);
}

PacketTrainShaper::~PacketTrainShaper()
{
    NS_LOG_FUNCTION(this);
}

void
PacketTrainShaper::DoAttach(const AtmCellClock& clock)
{
    m_effective = m_spacing;
    if (m_granularity.IsStrictlyPositive() && m_spacing.IsStrictlyPositive())
    {
        // Nearest multiple, at least one unit.
        const int64_t g = m_granularity.GetTimeStep();
        int64_t n = (m_spacing.GetTimeStep() + g / 2) / g;
        n = n < 1 ? 1 : n;
        m_effective = TimeStep(n * g);
    }
    // A slot lasts floor or ceil of the exact cell time; anything later than that after the
    // ideal time means the flow ran dry.
    Time longest = Time(0);
    for (uint64_t k = 0; k < 4; ++k)
    {
        longest = std::max(longest, clock.GetSlotStart(k + 1) - clock.GetSlotStart(k));
    }
    m_slotLimit = longest + TimeStep(1);
}

Time
PacketTrainShaper::GetEffectiveSpacing() const
{
    return m_effective;
}

Time
PacketTrainShaper::DoGetEarliestStart() const
{
    return m_started ? m_next : Time::Min();
}

void
PacketTrainShaper::DoNotifySent(const AtmCell& cell, Time slotStart)
{
    // Ideal time of this cell: its place in the schedule, unless the flow ran dry before it.
    const Time ideal = (!m_started || slotStart - m_next >= m_slotLimit) ? slotStart : m_next;
    m_next = ideal + m_effective + (cell.IsEndOfPdu() ? m_gap : Time(0));
    m_started = true;
}

} // namespace ns3
