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
    };
    return names;
}

TypeId
AtmBufferPolicyFactory::Resolve(const std::string& name)
{
    std::string typeName = name;
    for (const auto& [shortName, tid] : GetShortNames())
    {
        if (shortName == name)
        {
            typeName = tid;
        }
    }
    TypeId tid;
    const bool found = TypeId::LookupByNameFailSafe(typeName, &tid);
    if (!found || !tid.IsChildOf(AtmBufferPolicy::GetTypeId()) || !tid.HasConstructor())
    {
        std::ostringstream valid;
        for (const auto& [shortName, t] : GetShortNames())
        {
            valid << " " << shortName;
        }
        NS_ABORT_MSG("AtmBufferPolicyFactory: \"" << name << "\" is not a buffer policy; use one of"
                                                  << valid.str()
                                                  << " or the TypeId name of an AtmBufferPolicy "
                                                     "subclass");
    }
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
