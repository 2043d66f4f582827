/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-buffer-policy-factory.h"

#include "ns3/abort.h"
#include "ns3/atm-short-names.h"
#include "ns3/object-factory.h"

namespace ns3
{

namespace
{

/// @return the buffer policies' short names
const AtmShortNames&
Names()
{
    static const AtmShortNames names(
        {
            {"tail", "ns3::TailDropBufferPolicy"},
            {"ppd", "ns3::PpdBufferPolicy"},
            {"epd", "ns3::EpdBufferPolicy"},
            {"drop-tail", "ns3::SandiaDropTailBufferPolicy"},
            {"drop-whole", "ns3::SandiaDropWholeBufferPolicy"},
            {"sd", "ns3::SelectiveDropBufferPolicy"},
            {"fba", "ns3::FbaBufferPolicy"},
            {"vc-threshold", "ns3::VcThresholdBufferPolicy"},
            {"vc-tail", "ns3::VcTailDropBufferPolicy"},
            {"pbs", "ns3::PbsBufferPolicy"},
            {"double-epd", "ns3::DoubleEpdBufferPolicy"},
            {"per-vc-threshold", "ns3::PerVcThresholdBufferPolicy"},
            {"static-cell", "ns3::StaticCellReservationBufferPolicy"},
            {"static-pdu", "ns3::StaticPduReservationBufferPolicy"},
            {"wfba", "ns3::WfbaBufferPolicy"},
            {"dfba", "ns3::DfbaBufferPolicy"},
            {"tba", "ns3::TbaBufferPolicy"},
            {"ea98-1", "ns3::Ea98DropFromFrontBufferPolicy"},
            {"ea98-2", "ns3::Ea98PerVcAccountingBufferPolicy"},
            {"ea98-3", "ns3::Ea98CombinedBufferPolicy"},
            {"vq", "ns3::VirtualQueueBufferPolicy"},
        },
        AtmBufferPolicy::GetTypeId(),
        "AtmBufferPolicy");
    return names;
}

} // namespace

const std::vector<std::pair<std::string, std::string>>&
AtmBufferPolicyFactory::GetShortNames()
{
    return Names().GetTable();
}

std::string
AtmBufferPolicyFactory::GetShortNameList()
{
    return Names().GetList();
}

bool
AtmBufferPolicyFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    return Names().TryResolve(name, tid, error);
}

TypeId
AtmBufferPolicyFactory::Resolve(const std::string& name)
{
    TypeId tid;
    std::string error;
    NS_ABORT_MSG_IF(!TryResolve(name, &tid, &error),
                    "AtmBufferPolicyFactory: \"" << name << "\" is not a buffer policy; use "
                                                 << error);
    return tid;
}

Ptr<AtmBufferPolicy>
AtmBufferPolicyFactory::Create(const std::string& name)
{
    ObjectFactory factory;
    factory.SetTypeId(Resolve(name));
    return factory.Create<AtmBufferPolicy>();
}

} // namespace ns3
