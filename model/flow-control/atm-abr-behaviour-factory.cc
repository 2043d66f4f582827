/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-behaviour-factory.h"

#include "ns3/abort.h"
#include "ns3/atm-short-names.h"
#include "ns3/object-factory.h"

namespace ns3
{

namespace
{

/// @return the ABR behaviours' short names
const AtmShortNames&
Names()
{
    static const AtmShortNames names(
        {
            {"efci", "ns3::AtmEfciMarker"},
            {"ci-ni", "ns3::AtmCiNiMarker"},
            {"erica", "ns3::AtmErica"},
            {"erica+", "ns3::AtmEricaPlus"},
        },
        AtmAbrSwitchBehaviour::GetTypeId(),
        "AtmAbrSwitchBehaviour");
    return names;
}

} // namespace

const std::vector<std::pair<std::string, std::string>>&
AtmAbrBehaviourFactory::GetShortNames()
{
    return Names().GetTable();
}

std::string
AtmAbrBehaviourFactory::GetShortNameList()
{
    return Names().GetList();
}

bool
AtmAbrBehaviourFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    return Names().TryResolve(name, tid, error);
}

TypeId
AtmAbrBehaviourFactory::Resolve(const std::string& name)
{
    TypeId tid;
    std::string error;
    NS_ABORT_MSG_IF(!TryResolve(name, &tid, &error),
                    "AtmAbrBehaviourFactory: \""
                        << name << "\" is not an ABR switch behaviour; use " << error);
    return tid;
}

Ptr<AtmAbrSwitchBehaviour>
AtmAbrBehaviourFactory::Create(const std::string& name)
{
    ObjectFactory factory;
    factory.SetTypeId(Resolve(name));
    return factory.Create<AtmAbrSwitchBehaviour>();
}

} // namespace ns3
