/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PDU_TAGGER_FACTORY_H
#define ATM_PDU_TAGGER_FACTORY_H

#include "atm-pdu-tagger.h"

#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmPduTaggerFactory: short names of the adapter-side PDU taggers.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Maps the short names used by helpers and scripts to PDU-tagger TypeIds.
 *
 * | short name | TypeId             | source                                  |
 * |------------|--------------------|-----------------------------------------|
 * | `mcr`      | ns3::McrPduTagger  | BON ch. 7.1, Fig. 7.4 (tau from 2 MFS)  |
 *
 * Any registered TypeId name of an AtmPduTagger subclass is accepted as well. A tagger made here
 * has its default attributes; it takes what it needs from the VC's contract when the adapter
 * attaches it (AtmNetDevice::SetVcPduTagger).
 */
class AtmPduTaggerFactory
{
  public:
    AtmPduTaggerFactory() = delete;

    /**
     * @brief Resolve a short name or a TypeId name.
     * @param name `mcr`, `ns3::McrPduTagger`, ...
     * @return the TypeId; aborts with the list of valid names if @p name is neither
     */
    static TypeId Resolve(const std::string& name);

    /**
     * @brief Resolve() without aborting.
     * @param name a short name or a TypeId name
     * @param[out] tid the tagger's TypeId
     * @param[out] error what is valid instead, when @p name is not a tagger
     * @return true if @p name names a constructible AtmPduTagger
     */
    static bool TryResolve(const std::string& name, TypeId* tid, std::string* error);

    /**
     * @brief Create a tagger with its default attributes.
     * @param name a short name or a TypeId name
     * @return the tagger
     */
    static Ptr<AtmPduTagger> Create(const std::string& name);

    /// @return the (short name, TypeId name) table
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();

    /// @return the short names in table order, comma-separated, for help texts
    static std::string GetShortNameList();
};

} // namespace ns3

#endif // ATM_PDU_TAGGER_FACTORY_H
