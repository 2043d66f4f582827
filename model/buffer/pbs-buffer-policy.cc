/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pbs-buffer-policy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PbsBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(PbsBufferPolicy);

TypeId
PbsBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PbsBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<PbsBufferPolicy>()
            .AddAttribute("ClpThresholdCells",
                          "T, the PBS threshold in cells (BON's PBS_threshold, set by CAC): a "
                          "CLP=1 cell is accepted only while the buffer holds X < T cells, a "
                          "CLP=0 cell whenever there is room. 0 (default): CLP=1 cells are never "
                          "accepted; T = BufferCells: no CLP distinction (VBR.1). T above the "
                          "buffer's BufferCells aborts at the first decision.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PbsBufferPolicy::m_clpThresholdCells),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

PbsBufferPolicy::PbsBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

PbsBufferPolicy::~PbsBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
PbsBufferPolicy::IsFrameAware() const
{
    return false;
}

AtmAdmitDecision
PbsBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    // Checked per decision rather than cached: the policy may sit in a buffer of any size (a
    // whole port or one class partition), and K is only known from the state it is given.
    NS_ABORT_MSG_IF(m_clpThresholdCells > state.GetBufferCells(),
                    "PbsBufferPolicy: ClpThresholdCells="
                        << m_clpThresholdCells
                        << " exceeds the buffer's BufferCells K=" << state.GetBufferCells()
                        << "; lower ClpThresholdCells to at most " << state.GetBufferCells()
                        << " (= K means no CLP distinction, VBR.1) or enlarge the buffer");
    if (!HasRoom(state, cell))
    {
        return AtmAdmitDecision::DropCell(BUFFER_FULL);
    }
    // BON Fig. 6.1: CLP=0 cells share the whole buffer, CLP=1 cells only the part below T. The
    // decision is per cell (no PDU awareness), so a tagged PDU loses just its CLP=1 cells.
    if (!cell.clp || state.GetCellsInBuffer() < m_clpThresholdCells)
    {
        return AtmAdmitDecision::Accept();
    }
    return AtmAdmitDecision::DropCell(CLP_THRESHOLD);
}

} // namespace ns3
