/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHORT_NAMES_H
#define ATM_SHORT_NAMES_H

#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmShortNames: resolving the short names of a plug-in family (buffer policies, cell
 * schedulers) to TypeIds, shared by the families' factories.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A table of short names for one family of plug-ins (subclasses of one base TypeId), as
 *        the factories AtmBufferPolicyFactory and AtmCellSchedulerFactory hold it.
 *
 * A name resolves if it is a short name of the table or the name of a registered TypeId that is
 * a constructible subclass of the base; otherwise the error lists the valid short names.
 */
class AtmShortNames
{
  public:
    /// The (short name, TypeId name) pairs.
    typedef std::vector<std::pair<std::string, std::string>> Table;

    /**
     * @param table the short names, in the order help texts list them
     * @param base the family's base TypeId
     * @param baseName the base class name for messages (e.g. "AtmBufferPolicy")
     */
    AtmShortNames(Table table, TypeId base, std::string baseName);

    /**
     * @param name a short name or a TypeId name
     * @param[out] tid the TypeId
     * @param[out] error on failure: "one of <short names> or the TypeId name of a <base>
     *             subclass"
     * @return true if @p name names a constructible subclass of the base
     */
    bool TryResolve(const std::string& name, TypeId* tid, std::string* error) const;

    /// @return the table
    const Table& GetTable() const;

    /// @return the short names, comma-separated, for help texts
    std::string GetList() const;

  private:
    Table m_table;          //!< short name, TypeId name
    TypeId m_base;          //!< the family's base
    std::string m_baseName; //!< its class name, for messages
};

} // namespace ns3

#endif // ATM_SHORT_NAMES_H
