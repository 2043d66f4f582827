/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-pdu-tagger-factory.h"

#include "ns3/abort.h"
#include "ns3/atm-short-names.h"
#include "ns3/object-factory.h"

namespace ns3
{

namespace
{

/// @return the PDU taggers' short names
const AtmShortNames&
Names()
{
    static const AtmShortNames names(
        {
            {"mcr", "ns3::McrPduTagger"},
        },
        AtmPduTagger::GetTypeId(),
        "AtmPduTagger");
    return names;
}

} // namespace

const std::vector<std::pair<std::string, std::string>>&
AtmPduTaggerFactory::GetShortNames()
{
    return Names().GetTable();
}

std::string
AtmPduTaggerFactory::GetShortNameList()
{
    return Names().GetList();
}

bool
AtmPduTaggerFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    return Names().TryResolve(name, tid, error);
}

TypeId
AtmPduTaggerFactory::Resolve(const std::string& name)
{
    TypeId tid;
    std::string error;
    NS_ABORT_MSG_IF(!TryResolve(name, &tid, &error),
                    "AtmPduTaggerFactory: \"" << name << "\" is not a PDU tagger; use " << error);
    return tid;
}

Ptr<AtmPduTagger>
AtmPduTaggerFactory::Create(const std::string& name)
{
    ObjectFactory factory;
    factory.SetTypeId(Resolve(name));
    return factory.Create<AtmPduTagger>();
}

} // namespace ns3
