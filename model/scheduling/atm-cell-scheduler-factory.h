/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SCHEDULER_FACTORY_H
#define ATM_CELL_SCHEDULER_FACTORY_H

#include "atm-cell-scheduler.h"

#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCellSchedulerFactory: short scheduler names for scripts and examples.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Maps the short names used by examples and scripts to cell-scheduler TypeIds.
 *
 * | short name  | TypeId                             | source                          |
 * |-------------|------------------------------------|---------------------------------|
 * | `fifo`      | ns3::FifoCellScheduler             | SANDIA, JAIN, BON (FIFO)        |
 * | `rr`        | ns3::RoundRobinCellScheduler       | SANDIA (per-VC round robin)     |
 * | `priority`  | ns3::PriorityCellScheduler         | JAIN AF-424, BON (strict)       |
 * | `gr`        | ns3::GuaranteedRateCellScheduler   | JAIN AF-424 (GR for UBR)        |
 * | `vs-queue`  | ns3::VirtualSpacingCellScheduler   | BON Figs 8.27, 8.28             |
 *
 * Any registered TypeId name of an AtmCellScheduler subclass is accepted as well.
 */
class AtmCellSchedulerFactory
{
  public:
    AtmCellSchedulerFactory() = delete;

    /**
     * @brief Resolve a short name or a TypeId name.
     * @param name `rr`, `ns3::RoundRobinCellScheduler`, ...
     * @return the TypeId; aborts with the list of valid names if @p name is neither
     */
    static TypeId Resolve(const std::string& name);

    /**
     * @brief Resolve() without aborting.
     * @param name a short name or a TypeId name
     * @param[out] tid the scheduler's TypeId
     * @param[out] error what is valid instead, when @p name is not a scheduler
     * @return true if @p name names a constructible AtmCellScheduler
     */
    static bool TryResolve(const std::string& name, TypeId* tid, std::string* error);

    /**
     * @brief Create a scheduler with its default attributes.
     * @param name a short name or a TypeId name
     * @return the scheduler
     */
    static Ptr<AtmCellScheduler> Create(const std::string& name);

    /// @return the (short name, TypeId name) table
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();

    /// @return the short names in table order, comma-separated, for command-line help texts
    static std::string GetShortNameList();
};

} // namespace ns3

#endif // ATM_CELL_SCHEDULER_FACTORY_H
