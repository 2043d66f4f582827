/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-buffer-policy-factory.h"

#include "ns3/abort.h"
#include "ns3/object-factory.h"

#include <sstream>

namespace ns3
{

const std::vector<std::pair<std::string, std::string>>&
AtmBufferPolicyFactory::GetShortNames()
{
    static const std::vector<std::pair<std::string, std::string>> names = {
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
    };
    return names;
}

std::string
AtmBufferPolicyFactory::GetShortNameList()
{
    std::string list;
    for (const auto& [shortName, t] : GetShortNames())
    {
        list += (list.empty() ? "" : ", ") + shortName;
    }
    return list;
}

bool
AtmBufferPolicyFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    std::string typeName = name;
    for (const auto& [shortName, t] : GetShortNames())
    {
        if (shortName == name)
        {
            typeName = t;
        }
    }
    TypeId found;
    if (TypeId::LookupByNameFailSafe(typeName, &found) &&
        found.IsChildOf(AtmBufferPolicy::GetTypeId()) && found.HasConstructor())
    {
        *tid = found;
        return true;
    }
    std::ostringstream valid;
    valid << "one of";
    for (const auto& [shortName, t] : GetShortNames())
    {
        valid << " " << shortName;
    }
    valid << " or the TypeId name of an AtmBufferPolicy subclass";
    *error = valid.str();
    return false;
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
