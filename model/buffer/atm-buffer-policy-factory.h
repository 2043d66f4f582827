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
 * | short name     | TypeId                            | source                        |
 * |----------------|-----------------------------------|-------------------------------|
 * | `tail`         | ns3::TailDropBufferPolicy         | SANDIA, JAIN                  |
 * | `ppd`          | ns3::PpdBufferPolicy              | BON, JAIN, CRC                |
 * | `epd`          | ns3::EpdBufferPolicy              | BON, JAIN, CRC                |
 * | `drop-tail`    | ns3::SandiaDropTailBufferPolicy   | SANDIA                        |
 * | `drop-whole`   | ns3::SandiaDropWholeBufferPolicy  | SANDIA                        |
 * | `sd`           | ns3::SelectiveDropBufferPolicy    | JAIN                          |
 * | `fba`          | ns3::FbaBufferPolicy              | JAIN (Heinanen & Kilkki)      |
 * | `vc-threshold` | ns3::VcThresholdBufferPolicy      | JAIN GFRJ section 3           |
 * | `vc-tail`      | ns3::VcTailDropBufferPolicy       | SANDIA (simple drop per VC)   |
 * | `pbs`          | ns3::PbsBufferPolicy              | BON Fig. 6.1                  |
 * | `double-epd`   | ns3::DoubleEpdBufferPolicy        | BON ch. 7.2.1 (GFR)           |
 * | `per-vc-threshold` | ns3::PerVcThresholdBufferPolicy | BON ch. 7.2.2 (GFR)         |
 * | `static-cell`  | ns3::StaticCellReservationBufferPolicy | BON ch. 8.3.1, eq. 8.2   |
 * | `static-pdu`   | ns3::StaticPduReservationBufferPolicy | BON ch. 8.3.1, eq. 8.3    |
 * | `wfba`         | ns3::WfbaBufferPolicy             | BON ch. 8, eq. 8.6 (HK)       |
 * | `dfba`         | ns3::DfbaBufferPolicy             | JAIN AF-405, GFRJ (GFR)       |
 * | `tba`          | ns3::TbaBufferPolicy              | BON ch. 8.3, appendix B       |
 * | `ea98-1`       | ns3::Ea98DropFromFrontBufferPolicy | BON ch. 8 (Elloumi & Afifi)  |
 * | `ea98-2`       | ns3::Ea98PerVcAccountingBufferPolicy | BON ch. 8 (Elloumi & Afifi) |
 * | `ea98-3`       | ns3::Ea98CombinedBufferPolicy     | BON ch. 8 (Elloumi & Afifi)   |
 * | `vq`           | ns3::VirtualQueueBufferPolicy     | BON Figs 8.25-8.26 (Siu et al.) |
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
     * @brief Resolve() without aborting.
     * @param name a short name or a TypeId name
     * @param[out] tid the policy's TypeId
     * @param[out] error what is valid instead, when @p name is not a policy
     * @return true if @p name names a constructible AtmBufferPolicy
     */
    static bool TryResolve(const std::string& name, TypeId* tid, std::string* error);

    /**
     * @brief Create a policy with its default attributes.
     * @param name a short name or a TypeId name
     * @return the policy
     */
    static Ptr<AtmBufferPolicy> Create(const std::string& name);

    /// @return the (short name, TypeId name) table
    static const std::vector<std::pair<std::string, std::string>>& GetShortNames();

    /// @return the short names in table order, comma-separated ("tail, ppd, epd, ..."), for
    ///         command-line help texts
    static std::string GetShortNameList();
};

} // namespace ns3

#endif // ATM_BUFFER_POLICY_FACTORY_H
