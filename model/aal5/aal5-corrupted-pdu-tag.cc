/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5-corrupted-pdu-tag.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(Aal5CorruptedPduTag);

TypeId
Aal5CorruptedPduTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Aal5CorruptedPduTag")
                            .SetParent<Tag>()
                            .SetGroupName("Atm")
                            .AddConstructor<Aal5CorruptedPduTag>();
    return tid;
}

TypeId
Aal5CorruptedPduTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

Aal5CorruptedPduTag::Aal5CorruptedPduTag(Failure failure)
    : m_failure(failure)
{
}

Aal5CorruptedPduTag::Failure
Aal5CorruptedPduTag::GetFailure() const
{
    return m_failure;
}

uint32_t
Aal5CorruptedPduTag::GetSerializedSize() const
{
    return 1;
}

void
Aal5CorruptedPduTag::Serialize(TagBuffer i) const
{
    i.WriteU8(m_failure);
}

void
Aal5CorruptedPduTag::Deserialize(TagBuffer i)
{
    m_failure = static_cast<Failure>(i.ReadU8());
}

void
Aal5CorruptedPduTag::Print(std::ostream& os) const
{
    os << "failure=" << (m_failure == LENGTH ? "LEN" : "CRC-32");
}

} // namespace ns3
