/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-pdu-tagger.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPduTagger");

NS_OBJECT_ENSURE_REGISTERED(AtmPduTagger);

TypeId
AtmPduTagger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmPduTagger")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddTraceSource("Decision",
                            "A PDU's first cell starts on the link: (start, cells, eligible); "
                            "eligible false means every cell of the PDU is sent with CLP = 1.",
                            MakeTraceSourceAccessor(&AtmPduTagger::m_decisionTrace),
                            "ns3::AtmPduTagger::DecisionTracedCallback");
    return tid;
}

AtmPduTagger::AtmPduTagger()
{
    NS_LOG_FUNCTION(this);
}

AtmPduTagger::~AtmPduTagger()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPduTagger::Attach(const AtmTrafficContract& contract, AtmCellRate lineRate)
{
    NS_LOG_FUNCTION(this << contract << lineRate);
    NS_ABORT_MSG_IF(m_attached,
                    GetInstanceTypeId().GetName()
                        << ": a PDU tagger serves one VC; create one per VC");
    DoAttach(contract, lineRate);
    m_attached = true;
}

bool
AtmPduTagger::IsAttached() const
{
    return m_attached;
}

bool
AtmPduTagger::Decide(Time start, uint32_t cells)
{
    // Per PDU: no NS_LOG_FUNCTION.
    NS_ABORT_MSG_IF(!m_attached,
                    GetInstanceTypeId().GetName()
                        << ": Decide() before Attach(); set the tagger on a VC with "
                           "AtmNetDevice::SetVcPduTagger");
    NS_ABORT_MSG_IF(cells == 0, GetInstanceTypeId().GetName() << ": a PDU of 0 cells");
    NS_ASSERT_MSG(start >= m_lastStart,
                  GetInstanceTypeId().GetName()
                      << ": PDU start " << start << " before the previous one " << m_lastStart);
    m_lastStart = start;
    const bool eligible = DoDecide(start, cells);
    ++m_pdus;
    m_tagged += eligible ? 0 : 1;
    m_decisionTrace(start, cells, eligible);
    return eligible;
}

uint64_t
AtmPduTagger::GetPdus() const
{
    return m_pdus;
}

uint64_t
AtmPduTagger::GetPdusTagged() const
{
    return m_tagged;
}

} // namespace ns3
