/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-short-names.h"

#include <sstream>

namespace ns3
{

AtmShortNames::AtmShortNames(Table table, TypeId base, std::string baseName)
    : m_table(std::move(table)),
      m_base(base),
      m_baseName(std::move(baseName))
{
}

bool
AtmShortNames::TryResolve(const std::string& name, TypeId* tid, std::string* error) const
{
    std::string typeName = name;
    for (const auto& [shortName, t] : m_table)
    {
        if (shortName == name)
        {
            typeName = t;
        }
    }
    TypeId found;
    if (TypeId::LookupByNameFailSafe(typeName, &found) && found.IsChildOf(m_base) &&
        found != m_base && found.HasConstructor())
    {
        *tid = found;
        return true;
    }
    std::ostringstream valid;
    valid << "one of";
    for (const auto& [shortName, t] : m_table)
    {
        valid << " " << shortName;
    }
    valid << " or the TypeId name of an " << m_baseName << " subclass";
    *error = valid.str();
    return false;
}

const AtmShortNames::Table&
AtmShortNames::GetTable() const
{
    return m_table;
}

std::string
AtmShortNames::GetList() const
{
    std::string list;
    for (const auto& [shortName, t] : m_table)
    {
        list += (list.empty() ? "" : ", ") + shortName;
    }
    return list;
}

} // namespace ns3
