/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "epd-buffer-policy.h"

#include "atm-threshold-utils.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EpdBufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(EpdBufferPolicy);

TypeId
EpdBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EpdBufferPolicy")
            .SetParent<AtmBufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<EpdBufferPolicy>()
            .AddAttribute("ThresholdCells",
                          "T, the EPD threshold in cells: a new PDU is refused whole when the "
                          "buffer holds X >= T cells. 0 (default): T = floor(ThresholdFraction * "
                          "BufferCells). Must be below the port's BufferCells (BON: 7168 of "
                          "8192).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EpdBufferPolicy::m_thresholdCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ThresholdFraction",
                          "T as a fraction of the port's BufferCells, in (0, 1) (6 decimal "
                          "places), used when ThresholdCells is 0 (JAIN WWW: R = 0.8 K).",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&EpdBufferPolicy::SetThresholdFraction,
                                             &EpdBufferPolicy::GetThresholdFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("UseStrictGreater",
                          "Refuse a new PDU only when X > T (JAIN's printed \"X > R\") instead of "
                          "X >= T (false, default: BON's rule).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&EpdBufferPolicy::m_useStrictGreater),
                          MakeBooleanChecker());
    return tid;
}

EpdBufferPolicy::EpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

EpdBufferPolicy::~EpdBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

void
EpdBufferPolicy::SetThresholdFraction(double fraction)
{
    NS_LOG_FUNCTION(this << fraction);
    // The checker admits [0, 1]; both ends are meaningless here: 0 refuses every PDU whatever K,
    // 1 gives T = K, which GetThresholdCells() would refuse at the first decision anyway. The
    // fraction is used as a 6-place decimal (atm-threshold-utils.h), which must lie in (0, 1) too.
    NS_ABORT_MSG_IF(!AtmIsValidThresholdFraction(fraction),
                    "EpdBufferPolicy: ThresholdFraction=" << fraction
                                                          << " is outside (0, 1) to 6 decimal "
                                                             "places; use a value "
                                                             "such as 0.8 (JAIN), or set "
                                                             "ThresholdCells, or use "
                                                             "PpdBufferPolicy for no threshold");
    m_thresholdFraction = fraction;
    m_thresholdMicro = AtmThresholdFractionToMicro(fraction);
}

double
EpdBufferPolicy::GetThresholdFraction() const
{
    return m_thresholdFraction;
}

uint32_t
EpdBufferPolicy::GetThresholdCells(uint32_t bufferCells) const
{
    // The fraction as an exact 6-place decimal: 0.57 * 100 is 56.99999999999999 in binary
    // floating point, and a user writing 0.57 means 57 cells (atm-threshold-utils.h).
    const uint32_t t = AtmThresholdCells(m_thresholdCells, m_thresholdMicro, bufferCells);
    NS_ABORT_MSG_IF(t >= bufferCells,
                    "EpdBufferPolicy: threshold T="
                        << t << " (ThresholdCells=" << m_thresholdCells
                        << ", ThresholdFraction=" << m_thresholdFraction
                        << ") is not below the port's BufferCells K=" << bufferCells
                        << " (EPD needs T < K); lower ThresholdCells, set it to 0 to use "
                           "ThresholdFraction, or raise BufferCells");
    return t;
}

void
EpdBufferPolicy::SetFrameDiscard(uint32_t vc, bool frameDiscard)
{
    NS_LOG_FUNCTION(this << vc << frameDiscard);
    if (vc >= m_frameDiscard.size())
    {
        m_frameDiscard.resize(vc + 1, 1);
    }
    m_frameDiscard[vc] = frameDiscard ? 1 : 0;
}

AtmAdmitDecision
EpdBufferPolicy::DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell)
{
    if (!GetFrameDiscard(vc))
    {
        // UNI 4.0: without the Frame Discard indication the network may not discard at PDU
        // level, so neither the threshold nor PPD applies to this VC.
        return HasRoom(state, cell) ? AtmAdmitDecision::Accept()
                                    : AtmAdmitDecision::DropCell(CELL_BUFFER_FULL);
    }
    if (IsFirstCell(state, vc))
    {
        // T is derived from the state's K at each first cell (not cached at configuration) so a
        // policy is correct on whatever port it is installed and after SetBufferCells().
        const uint32_t t = GetThresholdCells(state.GetBufferCells());
        const uint32_t x = state.GetCellsInBuffer();
        if (m_useStrictGreater ? x > t : x >= t)
        {
            // A refused single-cell PDU is dropped whatever KeepEomOnReject says: its EOM would
            // delimit nothing but itself (AtmBufferPolicy::RejectFrame).
            return RejectFrame(THRESHOLD);
        }
    }
    // Inside a PDU EPD no longer looks at T: the PDU continues until the buffer is full (BON).
    if (HasRoom(state, cell))
    {
        return AtmAdmitDecision::Accept();
    }
    return Overflow(BUFFER_FULL);
}

} // namespace ns3
