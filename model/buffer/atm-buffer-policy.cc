/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-buffer-policy.h"

#include "ns3/assert.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(AtmBufferPolicy);

std::ostream&
operator<<(std::ostream& os, const AtmAdmitDecision& decision)
{
    static const char* const NAMES[] = {"ACCEPT",
                                        "ACCEPT_TAGGED",
                                        "DROP_CELL",
                                        "DROP_FRAME",
                                        "DROP_AND_PURGE_TAIL",
                                        "ACCEPT_AND_PURGE_FRONT"};
    os << (decision.action <= AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT ? NAMES[decision.action]
                                                                       : "invalid");
    if (decision.NeedsReason())
    {
        os << "(" << (decision.reason ? decision.reason : "(null)");
        if (decision.action == AtmAdmitDecision::DROP_FRAME)
        {
            os << ", keepEom=" << decision.keepEom;
        }
        os << ")";
    }
    return os;
}

TypeId
AtmBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmBufferPolicy")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddAttribute("EomReserveCells",
                          "Places of the buffer kept for EOM cells: a non-EOM cell finds room only "
                          "if X < K - EomReserveCells; used by the "
                          "policies through HasRoom().",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmBufferPolicy::m_eomReserveCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("KeepEomOnReject",
                          "When a frame-level policy refuses a PDU on its first cell, keep the "
                          "PDU's EOM cell if there is room (false: a fully refused PDU "
                          "left nothing queued, no delimiter is needed).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmBufferPolicy::m_keepEomOnReject),
                          MakeBooleanChecker());
    return tid;
}

AtmBufferPolicy::AtmBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmBufferPolicy::~AtmBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

AtmAdmitDecision
AtmBufferPolicy::Admit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // Per cell: no NS_LOG_FUNCTION, which would dominate debug-build run time. The asserts state
    // the contract of the class doc; the contract test suite checks the same properties in builds
    // where asserts are compiled out.
    NS_ASSERT_MSG(vc < state.GetNVcs(),
                  GetInstanceTypeId().GetName() << ": cell of unknown VC " << vc);
    NS_ASSERT_MSG(state.GetFrameState(vc) == AtmFrameState::IDLE ||
                      state.GetFrameState(vc) == AtmFrameState::ACCEPT,
                  GetInstanceTypeId().GetName()
                      << ": Admit called for VC " << vc << " in frame state "
                      << state.GetFrameState(vc) << "; the port handles DROP_* itself");
    const AtmAdmitDecision d = DoAdmit(state, vc, cell);
    NS_ASSERT_MSG(!d.IsAccept() || state.GetCellsInBuffer() < state.GetBufferCells(),
                  GetInstanceTypeId().GetName()
                      << ": accepted a cell with X=" << state.GetCellsInBuffer()
                      << " >= K=" << state.GetBufferCells());
    NS_ASSERT_MSG(d.NeedsReason() == (d.reason != nullptr),
                  GetInstanceTypeId().GetName()
                      << ": " << d << " (a drop or purge needs a reason, an accept has none)");
    NS_ASSERT_MSG(d.action != AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT ||
                      state.GetVcPurgeablePdus(vc) > 0,
                  GetInstanceTypeId().GetName() << ": " << d << " for VC " << vc
                                                << ", which has no whole non-eligible PDU queued");
    NS_ASSERT_MSG(!d.keepEom || d.action == AtmAdmitDecision::DROP_FRAME,
                  GetInstanceTypeId().GetName() << ": keepEom set on " << d);
    NS_LOG_LOGIC("vc " << vc << " X=" << state.GetCellsInBuffer() << ": " << d);
    return d;
}

void
AtmBufferPolicy::NotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // Called per cell: no NS_LOG_FUNCTION.
    NS_ASSERT_MSG(vc < state.GetNVcs(),
                  GetInstanceTypeId().GetName() << ": departure of unknown VC " << vc);
    DoNotifyDeparture(state, vc, cell);
}

void
AtmBufferPolicy::NotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell)
{
    // Called per cell: no NS_LOG_FUNCTION.
    DoNotifyOtherDeparture(state, cell);
}

bool
AtmBufferPolicy::AdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom)
{
    NS_ASSERT_MSG(vc < state.GetNVcs(),
                  GetInstanceTypeId().GetName() << ": delimiter of unknown VC " << vc);
    NS_ASSERT_MSG(eom.IsEndOfPdu(),
                  GetInstanceTypeId().GetName()
                      << ": AdmitDelimiter called for a non-EOM cell of VC " << vc);
    return DoAdmitDelimiter(state, vc, eom);
}

void
AtmBufferPolicy::DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
}

void
AtmBufferPolicy::DoNotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell)
{
}

bool
AtmBufferPolicy::DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom)
{
    return true;
}

void
AtmBufferPolicy::NotifyVcAdded(uint32_t vc)
{
}

bool
AtmBufferPolicy::IsFrameAware() const
{
    return true;
}

int64_t
AtmBufferPolicy::AssignStreams(int64_t stream)
{
    return 0;
}

bool
AtmBufferPolicy::HasRoom(const AtmPortState& state, const AtmCell& cell) const
{
    const uint32_t k = state.GetBufferCells();
    const uint32_t limit =
        cell.IsEndOfPdu() ? k : (k > m_eomReserveCells ? k - m_eomReserveCells : 0);
    return state.GetCellsInBuffer() < limit;
}

AtmAdmitDecision
AtmBufferPolicy::RejectFrame(const char* reason) const
{
    return AtmAdmitDecision::DropFrame(reason, m_keepEomOnReject);
}

} // namespace ns3
