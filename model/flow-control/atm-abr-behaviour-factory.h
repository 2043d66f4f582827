/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_BEHAVIOUR_FACTORY_H
#define ATM_ABR_BEHAVIOUR_FACTORY_H

#include "atm-abr-switch-behaviour.h"

#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmAbrBehaviourFactory: short names of the ABR switch behaviours for scripts and examples.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Maps the short names used by examples and scripts to the TypeIds of the per-port ABR
 * switch behaviours (AtmOutputPort's AbrBehaviour).
 *
 * | short name | TypeId               | what the port does                                  |
 * |------------|----------------------|-----------------------------------------------------|
 * | `efci`     | ns3::AtmEfciMarker   | sets EFCI in data cells above a queue threshold      |
 * | `ci-ni`    | ns3::AtmCiNiMarker   | sets CI / NI in RM cells above queue thresholds      |
 * | `erica`    | ns3::AtmErica        | lowers ER in backward RM cells (fixed target use)    |
 * | `erica+`   | ns3::AtmEricaPlus    | as ERICA, target from the queue (full link use)      |
 *
 * Any registered TypeId name of an AtmAbrSwitchBehaviour subclass is accepted as well.
 */
class AtmAbrBehaviourFactory
{
  public:
    AtmAbrBehaviourFactory() = delete;

    /**
     * @brief Resolve a short name or a TypeId name.
     * @param name `erica+`, `ns3::AtmEricaPlus`, ...
     * @return the TypeId; aborts with the list of valid names if @p name is neither
     */
    static TypeId Resolve(const std::string& name);

    /**
     * @brief Resolve() without aborting.
     * @param name a short name or a TypeId name
     * @param[out] tid the behaviour's TypeId
     * @param[out] error what is valid instead, when @p name is not an ABR behaviour
     * @return true if @p name names a constructible AtmAbrSwitchBehaviour
     */
    static bool TryResolve(const std::string& name, TypeId* tid, std::string* error);

    /**
     * @brief Create a behaviour with its default attributes.
     * @param name a short name or a TypeId name
     * @return the behaviour
     */
    static Ptr<AtmAbrSwitchBehaviour> Create(const std::string& name);

    /// @return the (short name, TypeId name) table
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();

    /// @return the short names in table order, comma-separated, for command-line help texts
    static std::string GetShortNameList();
};

} // namespace ns3

#endif // ATM_ABR_BEHAVIOUR_FACTORY_H
