/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-policer.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPolicer");

NS_OBJECT_ENSURE_REGISTERED(AtmPolicer);

std::ostream&
operator<<(std::ostream& os, const AtmPolicerStats& s)
{
    return os << "policed=" << s.cellsPoliced << " conforming=" << s.cellsConforming
              << " nonConforming=" << s.cellsNonConforming
              << " passedNonConforming=" << s.cellsPassedNonConforming
              << " tagged=" << s.cellsTagged << " discarded=" << s.cellsDiscarded
              << " frameDiscarded=" << s.cellsFrameDiscarded
              << " framesDiscarded=" << s.framesDiscarded;
}

TypeId
AtmPolicer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmPolicer")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddAttribute("FrameDiscard",
                          "After the first discarded cell of an AAL5 PDU, discard the rest of "
                          "the PDU untested, except its last cell (BON ch. 4.7 frame-discard "
                          "UPC). False: every cell is tested on its own.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmPolicer::m_frameDiscard),
                          MakeBooleanChecker())
            .AddTraceSource("Tag",
                            "A non-conforming cell was tagged (CLP 0 -> 1) and passed: "
                            "(cell, reason).",
                            MakeTraceSourceAccessor(&AtmPolicer::m_tagTrace),
                            "ns3::AtmPolicer::CellTracedCallback")
            .AddTraceSource("Discard",
                            "A cell was discarded: (cell, reason).",
                            MakeTraceSourceAccessor(&AtmPolicer::m_discardTrace),
                            "ns3::AtmPolicer::CellTracedCallback")
            .AddTraceSource("NonConformingPass",
                            "A non-conforming cell was passed unchanged (action PASS): "
                            "(cell, reason).",
                            MakeTraceSourceAccessor(&AtmPolicer::m_passTrace),
                            "ns3::AtmPolicer::CellTracedCallback");
    return tid;
}

AtmPolicer::AtmPolicer()
{
    NS_LOG_FUNCTION(this);
}

AtmPolicer::~AtmPolicer()
{
    NS_LOG_FUNCTION(this);
}

AtmPolicingDecision::Action
AtmPolicer::ToAction(NonConformingAction action)
{
    switch (action)
    {
    case ACTION_PASS:
        return AtmPolicingDecision::PASS;
    case ACTION_TAG:
        return AtmPolicingDecision::TAG;
    case ACTION_DISCARD:
        return AtmPolicingDecision::DISCARD;
    }
    return AtmPolicingDecision::DISCARD;
}

AtmPolicingDecision
AtmPolicer::Police(const AtmCell& cell, Time arrival, VcState& vc)
{
    // Per cell: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    const bool eom = cell.IsEndOfPdu();
    const bool first = !vc.midFrame;
    vc.midFrame = !eom;
    ++m_stats.cellsPoliced;
    AtmPolicingDecision d;
    if (vc.discarding && !eom)
    {
        // Frame discard: the rest of the PDU goes untested and charges nothing.
        d = AtmPolicingDecision::NonConforming(AtmPolicingDecision::DISCARD, FRAME_DISCARD);
        ++m_stats.cellsFrameDiscarded;
        ++m_stats.cellsDiscarded;
        m_discardTrace(cell, FRAME_DISCARD);
        return d;
    }
    vc.discarding = false;
    d = DoPolice(cell, arrival, first);
    if (d.conforming)
    {
        ++m_stats.cellsConforming;
    }
    else
    {
        ++m_stats.cellsNonConforming;
        switch (d.action)
        {
        case AtmPolicingDecision::PASS:
            ++m_stats.cellsPassedNonConforming;
            m_passTrace(cell, d.reason);
            break;
        case AtmPolicingDecision::TAG:
            ++m_stats.cellsTagged;
            m_tagTrace(cell, d.reason);
            break;
        case AtmPolicingDecision::DISCARD:
            ++m_stats.cellsDiscarded;
            m_discardTrace(cell, d.reason);
            if (!vc.frameHit)
            {
                vc.frameHit = true;
                ++m_stats.framesDiscarded;
            }
            if (m_frameDiscard && !eom)
            {
                vc.discarding = true;
            }
            break;
        }
    }
    if (eom)
    {
        vc.frameHit = false;
    }
    return d;
}

const AtmPolicerStats&
AtmPolicer::GetStats() const
{
    return m_stats;
}

bool
AtmPolicer::GetFrameDiscard() const
{
    return m_frameDiscard;
}

} // namespace ns3
