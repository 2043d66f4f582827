/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_STATIC_RESERVATION_BUFFER_POLICY_H
#define ATM_STATIC_RESERVATION_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmStaticReservationBufferPolicy: the MCR-proportional static buffer reservation of a
 * FIFO, common to its cell-level and PDU-level forms.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of the static per-VC buffer reservations in a FIFO (BON ch. 8.3.1, eqs. 8.2 and
 *        8.3): VC i may hold a share MCR_i / sum_j MCR_j of a reserved space.
 *
 * The weight of VC i is its MCR in cells/s (AtmPortState::GetVcMcr()), or `BestEffortWeight`
 * for a VC with MCR 0 (BON's scheme assumes every VC has an MCR; this model's choice for the
 * others, default 1 cell/s: next to nothing beside real MCRs, equal shares among best-effort
 * VCs alone). The sum runs over every VC of the buffer, active or not: the reservation is
 * static. It is recomputed only when the number of VCs changes (O(V) then, O(1) per decision),
 * so one policy object guards one buffer, as the per-VC state of every policy implies.
 *
 * IsWithinReservation(state, i, space) is X_i < w_i / sum_j w_j * space, evaluated exactly as
 * X_i * sum_j w_j < w_i * space. The cell-level form (StaticCellReservationBufferPolicy) applies
 * it with space = K to every cell, the PDU-level form (StaticPduReservationBufferPolicy) with
 * space = E = `ReserveCells` to the first cell of each PDU.
 */
class AtmStaticReservationBufferPolicy : public AtmBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    AtmStaticReservationBufferPolicy();
    ~AtmStaticReservationBufferPolicy() override;

    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @param space the space shared out, in cells (B or E)
     * @return VC @p vc's reservation w_i / sum_j w_j * space, in cells (not rounded)
     */
    double GetReservation(const AtmPortState& state, uint32_t vc, uint32_t space);

  protected:
    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @param space the space shared out, in cells
     * @return true if X_i < w_i / sum_j w_j * space
     */
    bool IsWithinReservation(const AtmPortState& state, uint32_t vc, uint32_t space);

  private:
    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @return w_i: the VC's MCR in cells/s, or BestEffortWeight if that is 0
     */
    double Weight(const AtmPortState& state, uint32_t vc) const;
    /**
     * @param state the port state
     * @return sum of the weights of all its VCs (cached per number of VCs)
     */
    double WeightSum(const AtmPortState& state);

    double m_bestEffortWeight{1.0}; //!< "BestEffortWeight", cells/s
    uint32_t m_sumVcs{0};           //!< number of VCs m_sum was computed for
    double m_sum{0.0};              //!< sum of the weights over m_sumVcs VCs
};

} // namespace ns3

#endif // ATM_STATIC_RESERVATION_BUFFER_POLICY_H
