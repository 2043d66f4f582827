/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ea98-buffer-policy.h"

#include "ns3/boolean.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ea98BufferPolicy");

NS_OBJECT_ENSURE_REGISTERED(Ea98BufferPolicy);
NS_OBJECT_ENSURE_REGISTERED(Ea98DropFromFrontBufferPolicy);
NS_OBJECT_ENSURE_REGISTERED(Ea98PerVcAccountingBufferPolicy);
NS_OBJECT_ENSURE_REGISTERED(Ea98CombinedBufferPolicy);

namespace
{

/**
 * @param vcCells the VC's cells of one kind (Q_CLP1[i] or Q_CLP0[i])
 * @param allCells the cells of that kind of all VCs (Q_CLP1 or Q_CLP0)
 * @param nActive N_a
 * @return true if vcCells <= allCells / nActive, compared exactly (vcCells * N_a <= allCells)
 */
bool
WithinMean(uint32_t vcCells, uint32_t allCells, uint32_t nActive)
{
    return static_cast<uint64_t>(vcCells) * nActive <= allCells;
}

} // namespace

TypeId
Ea98BufferPolicy::GetTypeId()
{
    // No constructor: the variants are the subclasses.
    static TypeId tid = TypeId("ns3::Ea98BufferPolicy")
                            .SetParent<AtmDualThresholdBufferPolicy>()
                            .SetGroupName("Atm");
    return tid;
}

Ea98BufferPolicy::Ea98BufferPolicy(bool dropFromFront, bool perVcAccounting)
    : m_dropFromFront(dropFromFront),
      m_perVcAccounting(perVcAccounting)
{
    NS_LOG_FUNCTION(this << dropFromFront << perVcAccounting);
}

Ea98BufferPolicy::~Ea98BufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

bool
Ea98BufferPolicy::DropsFromFront() const
{
    return m_dropFromFront;
}

bool
Ea98BufferPolicy::HasPerVcAccounting() const
{
    return m_perVcAccounting;
}

AtmAdmitDecision
Ea98BufferPolicy::AdmitNonEligibleAboveLbo(const AtmPortState& state,
                                           uint32_t vc,
                                           uint32_t q,
                                           uint32_t hbo) const
{
    if (q >= hbo)
    {
        return RejectFrame(HIGH_THRESHOLD); // the classical EPD threshold, for every PDU
    }
    if (m_perVcAccounting && WithinMean(state.GetVcNonEligibleCells(vc),
                                        state.GetNonEligibleCells(),
                                        state.GetNActiveVcs()))
    {
        return AtmAdmitDecision::Accept();
    }
    if (m_dropFromFront && state.GetVcPurgeablePdus(vc) > 0)
    {
        return AtmAdmitDecision::AcceptAndPurgeFront(FRONT_PURGE);
    }
    return RejectFrame(m_perVcAccounting ? OVER_EXCESS_SHARE : LOW_THRESHOLD);
}

bool
Ea98BufferPolicy::MayExceedHbo(const AtmPortState& state, uint32_t vc) const
{
    if (!m_clp0FairShare)
    {
        return false; // BON: eligible PDUs are refused above HBO, all of them
    }
    const uint32_t vcClp0 = state.GetVcCells(vc) - state.GetVcNonEligibleCells(vc);
    const uint32_t allClp0 = state.GetCellsInBuffer() - state.GetNonEligibleCells();
    return WithinMean(vcClp0, allClp0, state.GetNActiveVcs());
}

const char*
Ea98BufferPolicy::GetLowReason() const
{
    return LOW_THRESHOLD; // not used: AdmitNonEligibleAboveLbo() picks the reason
}

const char*
Ea98BufferPolicy::GetHighReason() const
{
    return HIGH_THRESHOLD;
}

const char*
Ea98BufferPolicy::GetBufferFullReason() const
{
    return BUFFER_FULL;
}

TypeId
Ea98DropFromFrontBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Ea98DropFromFrontBufferPolicy")
                            .SetParent<Ea98BufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<Ea98DropFromFrontBufferPolicy>();
    return tid;
}

Ea98DropFromFrontBufferPolicy::Ea98DropFromFrontBufferPolicy()
    : Ea98BufferPolicy(true, false)
{
    NS_LOG_FUNCTION(this);
}

Ea98DropFromFrontBufferPolicy::~Ea98DropFromFrontBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

TypeId
Ea98PerVcAccountingBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Ea98PerVcAccountingBufferPolicy")
            .SetParent<Ea98BufferPolicy>()
            .SetGroupName("Atm")
            .AddConstructor<Ea98PerVcAccountingBufferPolicy>()
            .AddAttribute("Clp0FairShare",
                          "Elloumi and Afifi's CLP = 0 fair-share test: above HBO, still accept an "
                          "eligible PDU while its VC holds at most Q_CLP0 / N_a eligible cells. "
                          "Default false: BON argues that eligible PDUs should be discarded "
                          "above HBO only, and then all of them.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&Ea98PerVcAccountingBufferPolicy::m_clp0FairShare),
                          MakeBooleanChecker());
    return tid;
}

Ea98PerVcAccountingBufferPolicy::Ea98PerVcAccountingBufferPolicy()
    : Ea98PerVcAccountingBufferPolicy(false)
{
}

Ea98PerVcAccountingBufferPolicy::Ea98PerVcAccountingBufferPolicy(bool dropFromFront)
    : Ea98BufferPolicy(dropFromFront, true)
{
    NS_LOG_FUNCTION(this << dropFromFront);
}

Ea98PerVcAccountingBufferPolicy::~Ea98PerVcAccountingBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

TypeId
Ea98CombinedBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Ea98CombinedBufferPolicy")
                            .SetParent<Ea98PerVcAccountingBufferPolicy>()
                            .SetGroupName("Atm")
                            .AddConstructor<Ea98CombinedBufferPolicy>();
    return tid;
}

Ea98CombinedBufferPolicy::Ea98CombinedBufferPolicy()
    : Ea98PerVcAccountingBufferPolicy(true)
{
    NS_LOG_FUNCTION(this);
}

Ea98CombinedBufferPolicy::~Ea98CombinedBufferPolicy()
{
    NS_LOG_FUNCTION(this);
}

} // namespace ns3
