/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "sandia-drop-tail-buffer-policy.h"

#include "atm-ns3-compat.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SandiaDropTailBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(SandiaDropTailBufferPolicy);

TypeId
SandiaDropTailBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SandiaDropTailBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<SandiaDropTailBufferPolicy>()
            .AddAttribute("VcBufferCells",
                          "V, the size of each VC's queue in cells (SANDIA: 256, the per-VC queue "
                          "of its switches). The port's BufferCells still bounds all VCs together.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&SandiaDropTailBufferPolicy::m_vcBufferCells),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "EomPolicy",
                "An EOM cell finding its VC's queue full: Reserve keeps one place per "
                "VC for the EOM (a non-EOM cell needs fewer than VcBufferCells - 1 "
                "queued cells); DropAndContinue (default, as PPD) drops it and "
                "discards the VC's next PDU through its EOM.",
                EnumValue(SandiaDropTailBufferPolicy::DROP_AND_CONTINUE),
                ATM_MAKE_ENUM_ACCESSOR(EomPolicy, &SandiaDropTailBufferPolicy::m_eomPolicy),
                MakeEnumChecker(SandiaDropTailBufferPolicy::RESERVE,
                                "Reserve",
                                SandiaDropTailBufferPolicy::DROP_AND_CONTINUE,
                                "DropAndContinue"));
    return tid;
}

SandiaDropTailBufferPolicy::SandiaDropTailBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

SandiaDropTailBufferPolicy::~SandiaDropTailBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
SandiaDropTailBufferPolicy::NotifyVcAdded(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    if (vc >= m_eomLost.size())
    {
        m_eomLost.resize(vc + 1, 0);
        m_pduStarted.resize(vc + 1, 0);
    }
}

AtmAdmitDecision
SandiaDropTailBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (vc >= m_eomLost.size())
    {
        NotifyVcAdded(vc); // a caller that skipped NotifyVcAdded(); grows once per VC
    }
    const bool eom = cell.IsEndOfPdu();
    const bool first = IsFirstCell(state, vc);
    // Reserve: the last place of the VC's queue is for EOM cells only, so a PDU whose earlier
    // cells were accepted always finds room for its EOM in the VC's queue (SANDIA's "the EOM cell
    // will not be dropped").
    const uint32_t limit = (m_eomPolicy == RESERVE && !eom) ? m_vcBufferCells - 1 : m_vcBufferCells;

    AtmAdmitDecision d = AtmAdmitDecision::Accept();
    if (m_eomLost[vc] && !eom)
    {
        // The previous PDU's EOM was dropped after some of its cells were queued: the receiver
        // will merge that PDU with this one, so forwarding this one's cells is useless. Discard
        // through this PDU's EOM, which the port keeps to end the merged PDU (DropAndContinue).
        d = Overflow(EOM_LOST);
    }
    else if (state.GetVcCells(vc) >= limit)
    {
        d = Overflow(VC_QUEUE_FULL);
    }
    else if (!HasRoom(state, cell))
    {
        d = Overflow(BUFFER_FULL);
    }

    if (eom)
    {
        // A dropped EOM of a PDU with queued (or sent) cells merges it with the next PDU; a
        // dropped single-cell PDU leaves a pending merge pending and creates none.
        m_eomLost[vc] = (!d.IsAccept() && (!first || m_eomLost[vc])) ? 1 : 0;
        m_pduStarted[vc] = 0;
    }
    else
    {
        // A pending merge ends only when an EOM is actually stored (here or AdmitDelimiter).
        m_pduStarted[vc] = d.IsAccept() ? 1 : m_pduStarted[vc];
    }
    return d;
}

bool
SandiaDropTailBufferPolicy::DoAdmitDelimiter(const AtmPortState& state,
                                             uint32_t vc,
                                             const AtmCell& eom)
{
    if (vc >= m_eomLost.size())
    {
        NotifyVcAdded(vc);
    }
    // The port also needs X < K; checked here too so that the merge state is right either way.
    const bool fits =
        state.GetVcCells(vc) < m_vcBufferCells && state.GetCellsInBuffer() < state.GetBufferCells();
    // Kept: the (possibly merged) PDU is delimited. Dropped: if cells of this PDU were accepted,
    // or a merge was already pending, the receiver merges it with the next PDU.
    m_eomLost[vc] = fits ? 0 : ((m_eomLost[vc] || m_pduStarted[vc]) ? 1 : 0);
    m_pduStarted[vc] = 0;
    return fits;
}

} // namespace ns3
