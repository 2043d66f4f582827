/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-corrupted-pdu-error-model.h"

#include "ns3/aal5-corrupted-pdu-tag.h"
#include "ns3/log.h"
#include "ns3/packet.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCorruptedPduErrorModel");

NS_OBJECT_ENSURE_REGISTERED(AtmCorruptedPduErrorModel);

TypeId
AtmCorruptedPduErrorModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCorruptedPduErrorModel")
                            .SetParent<ErrorModel>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmCorruptedPduErrorModel>();
    return tid;
}

uint64_t
AtmCorruptedPduErrorModel::GetCorruptedPackets() const
{
    return m_corrupted;
}

bool
AtmCorruptedPduErrorModel::DoCorrupt(Ptr<Packet> p)
{
    Aal5CorruptedPduTag tag;
    if (IsEnabled() && p->PeekPacketTag(tag))
    {
        NS_LOG_LOGIC("packet " << p->GetUid() << " of a corrupted AAL5 PDU refused");
        ++m_corrupted;
        return true;
    }
    return false;
}

void
AtmCorruptedPduErrorModel::DoReset()
{
    m_corrupted = 0;
}

} // namespace ns3
