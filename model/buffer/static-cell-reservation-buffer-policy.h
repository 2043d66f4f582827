/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STATIC_CELL_RESERVATION_BUFFER_POLICY_H
#define STATIC_CELL_RESERVATION_BUFFER_POLICY_H

#include "atm-static-reservation-buffer-policy.h"

/**
 * @file
 * @ingroup atm
 * ns3::StaticCellReservationBufferPolicy: MCR-proportional static reservation of a FIFO, cell
 * by cell.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Static per-VC buffer reservation at cell level (BON ch. 8.3.1, eq. 8.2): a cell of VC i
 *        is accepted iff the VC holds fewer than Res[i] = MCR_i / sum_j MCR_j * B cells, B the
 *        buffer size K.
 *
 * @verbatim
   Admit(state, i, cell):
       if X_i >= w_i / sum_j w_j * K:   DROP_CELL(RESERVATION_FULL)
       if X >= K:                       DROP_CELL(BUFFER_FULL)   // the rounded-up Res[i] may sum
 above K ACCEPT
   @endverbatim
 *
 * The weights w_i are the VCs' MCRs (AtmStaticReservationBufferPolicy, `BestEffortWeight` for
 * MCR 0). Cell by cell, as BON states it: the policy ignores PDU boundaries (IsFrameAware() is
 * false), so a VC at its reservation loses single cells and its receiver discards the damaged
 * PDUs. BON uses the scheme as the baseline that motivates TBA: a static share wastes the
 * space of idle VCs, and a VC cannot use more than its share of the buffer even when the others
 * leave it empty.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998, ch. 8.3.1.
 */
class StaticCellReservationBufferPolicy : public AtmStaticReservationBufferPolicy
{
  public:
    /// Drop reason: the VC holds its reservation Res[i] already.
    static constexpr char RESERVATION_FULL[] = "Static reservation: VC at its cell reservation";
    /// Drop reason: the buffer is full (X >= K).
    static constexpr char BUFFER_FULL[] = "Static reservation: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    StaticCellReservationBufferPolicy();
    ~StaticCellReservationBufferPolicy() override;

    /// @return false: cell by cell
    bool IsFrameAware() const override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
};

} // namespace ns3

#endif // STATIC_CELL_RESERVATION_BUFFER_POLICY_H
