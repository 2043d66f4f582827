/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUFFER_POLICY_FACTORY_H
#define ATM_BUFFER_POLICY_FACTORY_H

#include "atm-buffer-policy.h"

#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmBufferPolicyFactory: short policy names for scripts and examples.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Maps the short names used by examples and scripts to buffer-policy TypeIds.
 *
 * | short name     | TypeId                            | SPEC |
 * |----------------|-----------------------------------|------|
 * | `tail`         | ns3::TailDropBufferPolicy         | 3.2  |
 * | `ppd`          | ns3::PpdBufferPolicy              | 3.3  |
 * | `epd`          | ns3::EpdBufferPolicy              | 3.4  |
 * | `drop-tail`    | ns3::SandiaDropTailBufferPolicy   | 3.5  |
 * | `drop-whole`   | ns3::SandiaDropWholeBufferPolicy  | 3.5  |
 * | `sd`           | ns3::SelectiveDropBufferPolicy    | 3.6  |
 * | `fba`          | ns3::FbaBufferPolicy              | 3.6  |
 * | `vc-threshold` | ns3::VcThresholdBufferPolicy      | 3.13 |
 * | `vc-tail`      | ns3::VcTailDropBufferPolicy       | 3.2, 3.5 (SANDIA simple drop per VC) |
 * | `pbs`          | ns3::PbsBufferPolicy              | 3.21 |
 *
 * Any registered TypeId name of an AtmBufferPolicy subclass is accepted as well, so a new
 * policy is usable by its TypeId without an entry here.
 */
class AtmBufferPolicyFactory
{
  public:
    AtmBufferPolicyFactory() = delete;

    /**
     * @brief Resolve a short name or a TypeId name.
     * @param name `epd`, `ns3::EpdBufferPolicy`, ...
     * @return the TypeId; aborts with the list of valid names if @p name is neither
     */
    static TypeId Resolve(const std::string& name);

    /**
     * @brief Create a policy with its default attributes.
     * @param name a short name or a TypeId name
     * @return the policy
     */
    static Ptr<AtmBufferPolicy> Create(const std::string& name);

    /// @return the (short name, TypeId name) table
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();
};

} // namespace ns3

#endif // ATM_BUFFER_POLICY_FACTORY_H
