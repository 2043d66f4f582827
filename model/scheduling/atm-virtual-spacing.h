/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VIRTUAL_SPACING_H
#define ATM_VIRTUAL_SPACING_H

#include "ns3/atm-port-state.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmVirtualSpacing: the finish tags and the virtual time of Virtual Spacing over a set of
 * flows (queues or groups of queues), shared by the Virtual Spacing schedulers; and the weight
 * helpers they share.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Virtual Spacing bookkeeping for flows 0 .. n-1 (queues, or groups of queues): per flow a
 * spacing 1/r and a finish tag F, one virtual time V, and the set of active flows.
 *
 * The rule (J. W. Roberts' Virtual Spacing; O. Bonaventure, PhD thesis, Universite de Liege,
 * 1998, ch. 8.4, Figs 8.27 to 8.35, where it is written once per scheduler):
 * @verbatim
   Activate(j, start):  F_j = start + 1/r_j; j active     (start: V, or max(V, time))
   SelectMin(elig):     the active j with elig(j) and the smallest F_j (ties: lowest or
                        highest id)
   Serve(j):            V = F_j; F_j = V + 1/r_j           (F_j used only if j stays active)
   Deactivate(j):       j no longer active
   @endverbatim
 * Tags and V are doubles in the unit of the spacings (seconds for rates in cells/s, or unitless
 * for administrative weights); ties compare exactly, so runs are deterministic. SelectMin() scans
 * the active flows: O(active flows) per selection, no allocation after Resize(). Composition,
 * not inheritance: the Virtual Spacing schedulers each hold one or two of these.
 */
class AtmVirtualSpacing
{
  public:
    /// Marks "no flow".
    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();

    /**
     * @brief Allow flow ids 0 .. n-1 (configuration time only); new flows get spacing 1.
     * @param n the number of flows
     */
    void Resize(uint32_t n);

    /// @return the number of flow ids
    uint32_t GetSize() const
    {
        return static_cast<uint32_t>(m_spacing.size());
    }

    /**
     * @brief Set a flow's spacing 1/r (positive); takes effect at its next tag.
     * @param flow the flow
     * @param spacing the spacing
     */
    void SetSpacing(uint32_t flow, double spacing)
    {
        m_spacing[flow] = spacing;
    }

    /**
     * @param flow a flow
     * @return its spacing 1/r
     */
    double GetSpacing(uint32_t flow) const
    {
        return m_spacing[flow];
    }

    /// @return V, the virtual time (the tag of the flow served last; 0 initially)
    double GetVirtualTime() const
    {
        return m_vtime;
    }

    /**
     * @param flow a flow
     * @return its finish tag F (meaningful while it is active)
     */
    double GetTag(uint32_t flow) const
    {
        return m_finish[flow];
    }

    /**
     * @param flow a flow
     * @return true if the flow is active (between Activate() and Deactivate())
     */
    bool IsActive(uint32_t flow) const
    {
        return m_position[flow] != NONE;
    }

    /// @return the number of active flows
    uint32_t GetNActive() const
    {
        return static_cast<uint32_t>(m_active.size());
    }

    /**
     * @brief Make an inactive flow active with the tag start + 1/r.
     * @param flow the flow
     * @param start the tag's origin: the virtual time, or later
     */
    void Activate(uint32_t flow, double start);

    /**
     * @brief Make an active flow inactive (O(1)).
     * @param flow the flow
     */
    void Deactivate(uint32_t flow);

    /**
     * @brief A flow is served: V = F_flow, F_flow = V + 1/r.
     * @param flow an active flow
     */
    void Serve(uint32_t flow);

    /**
     * @brief The active flow with the smallest tag among those @p eligible accepts.
     * @tparam Eligible a callable bool(uint32_t flow)
     * @param eligible the filter
     * @param lastOnTie among equal tags, the highest id if true, else the lowest
     * @return the flow, or NONE
     */
    template <typename Eligible>
    uint32_t SelectMin(Eligible&& eligible, bool lastOnTie) const
    {
        uint32_t best = NONE;
        for (uint32_t f : m_active)
        {
            if (!eligible(f))
            {
                continue;
            }
            if (best == NONE || m_finish[f] < m_finish[best] ||
                (m_finish[f] == m_finish[best] && (lastOnTie ? f > best : f < best)))
            {
                best = f;
            }
        }
        return best;
    }

  private:
    double m_vtime{0.0};              //!< V
    std::vector<double> m_spacing;    //!< per flow: 1/r
    std::vector<double> m_finish;     //!< per flow: F
    std::vector<uint32_t> m_active;   //!< active flow ids (unordered: ties are broken by id)
    std::vector<uint32_t> m_position; //!< per flow: index in m_active, or NONE
};

/**
 * @ingroup atm
 * @brief The Virtual Spacing weight of a VC: its MCR in cells/s (GFR, ABR) or, for a VC
 *        without one, the scheduler's best-effort weight (BON ch. 7.2.2: best-effort VCs need
 *        an implicit non-zero weight).
 * @param state the port state holding the VC's contract
 * @param vc the VC
 * @param bestEffortWeight the weight of a VC without MCR, cells/s
 * @return the weight, cells/s
 */
inline double
AtmMcrWeight(const AtmPortState& state, uint32_t vc, double bestEffortWeight)
{
    const double mcr = state.GetVcMcr(vc);
    return mcr > 0 ? mcr : bestEffortWeight;
}

/**
 * @ingroup atm
 * @brief Parse a weight list attribute: whitespace-separated positive numbers, one per queue id
 *        (or VC), e.g. "1 2 0.5"; aborts naming the class, the attribute, the value and the
 *        offending entry.
 * @param text the attribute's value (empty: no entry)
 * @param owner the class name for the message
 * @param attribute the attribute name for the message
 * @return the weights
 */
std::vector<double> AtmParseWeightList(const std::string& text,
                                       const std::string& owner,
                                       const std::string& attribute);

} // namespace ns3

#endif // ATM_VIRTUAL_SPACING_H
