/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHAPER_FACTORY_H
#define ATM_SHAPER_FACTORY_H

#include "atm-shaper.h"

#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmShaperFactory: the source shaper that makes a VC's cells conform to its contract.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Builds the shaper that makes a source conform to its contract (TEN34): the only
 *        place that maps contracts to shaper classes.
 *
 * From the contract alone (Create(contract, tolerance), the short name `contract`):
 *
 * | contract                                   | shaper                            |
 * |--------------------------------------------|-----------------------------------|
 * | CBR, or UBR / ABR / GFR with a PCR          | PcrShaper at the PCR              |
 * | rt-VBR, nrt-VBR                            | VbrShaper (PCR, SCR, MBS)         |
 * | UBR / ABR / GFR without PCR                | none (null: line rate)            |
 *
 * By name (Create(name, contract, tolerance)), the shaper's parameters from the contract:
 *
 * | short name     | TypeId                 | from the contract                          |
 * |----------------|------------------------|--------------------------------------------|
 * | `contract`     | (the table above)      |                                            |
 * | `pcr`          | ns3::PcrShaper         | PCR (required)                             |
 * | `vbr`          | ns3::VbrShaper         | PCR, SCR, MBS (a VBR contract)             |
 * | `packet-train` | ns3::PacketTrainShaper | nothing (its own attributes)               |
 * | `gfr`          | ns3::GfrShaper         | MCR (required), PCR (none: the link's rate) |
 *
 * Any registered TypeId name of an AtmShaper subclass is accepted as well (made with its default
 * attributes). A Tolerance is given to the shapers that have one (PcrShaper, VbrShaper,
 * GfrShaper).
 */
class AtmShaperFactory
{
  public:
    AtmShaperFactory() = delete;

    /**
     * @param contract the VC's contract (valid)
     * @param tolerance the shaper's Tolerance (0: the output conforms with CDVT 0)
     * @return the shaper, or null if the contract needs none
     */
    static Ptr<AtmShaper> Create(const AtmTrafficContract& contract, Time tolerance = Time(0));

    /**
     * @brief The shaper of a name, with its parameters taken from a contract (table above).
     *
     * Aborts, naming the shaper and the contract, if the contract lacks what the shaper needs.
     *
     * @param name a short name or a TypeId name
     * @param contract the VC's contract
     * @param tolerance the shaper's Tolerance
     * @return the shaper (null only for `contract` with a contract that needs none)
     */
    static Ptr<AtmShaper> Create(const std::string& name,
                                 const AtmTrafficContract& contract,
                                 Time tolerance = Time(0));

    /**
     * @brief A shaper of a name (not `contract`) with its default attributes.
     * @param name a short name or a TypeId name
     * @return the shaper
     */
    static Ptr<AtmShaper> Create(const std::string& name);

    /**
     * @brief Resolve a short name or a TypeId name (not `contract`).
     * @param name `gfr`, `ns3::GfrShaper`, ...
     * @return the TypeId; aborts with the list of valid names if @p name is neither
     */
    static TypeId Resolve(const std::string& name);

    /**
     * @brief Resolve() without aborting.
     * @param name a short name or a TypeId name
     * @param[out] tid the shaper's TypeId
     * @param[out] error what is valid instead, when @p name is not a shaper
     * @return true if @p name names a constructible AtmShaper
     */
    static bool TryResolve(const std::string& name, TypeId* tid, std::string* error);

    /// @return the (short name, TypeId name) table (without `contract`)
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();

    /// @return `contract` and the short names, comma-separated, for help texts
    static std::string GetShortNameList();
};

} // namespace ns3

#endif // ATM_SHAPER_FACTORY_H
