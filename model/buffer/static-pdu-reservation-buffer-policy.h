/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STATIC_PDU_RESERVATION_BUFFER_POLICY_H
#define STATIC_PDU_RESERVATION_BUFFER_POLICY_H

#include "atm-static-reservation-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::StaticPduReservationBufferPolicy: MCR-proportional static reservation of a FIFO, PDU by
 * PDU.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Static per-VC buffer reservation at PDU level (BON ch. 8.3.1, eq. 8.3): on the first
 *        cell of a PDU of VC i the whole PDU is accepted iff the VC holds fewer than
 *        Res_E[i] = MCR_i / sum_j MCR_j * E cells; the B - E cells above E absorb the tails of
 *        accepted PDUs.
 *
 * @verbatim
   Admit(state, i, cell):
       if first cell of a PDU (i's frame state IDLE) and X_i >= w_i / sum_j w_j * E:
           DROP_FRAME(RESERVATION_FULL)                                   // RejectFrame()
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(BUFFER_FULL, keepEom = true)          // PPD
   @endverbatim
 *
 * E is `ReserveCells` (default 0: 0.8 K, a choice of this model); it must be below K (the first
 * decision with E >= K aborts, naming E and
 * K), and K - E should hold the tails of the PDUs that may be in progress at once (about one MFS
 * per VC): BON leaves E to the operator. The weights w_i are the VCs' MCRs
 * (AtmStaticReservationBufferPolicy). A PDU accepted on its first cell continues while the
 * buffer has room; an overflow is PPD, EOM kept.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998, ch. 8.3.1.
 */
class StaticPduReservationBufferPolicy : public AtmStaticReservationBufferPolicy
{
  public:
    /// Drop reason: a new PDU found its VC at its reservation Res_E[i] and was refused whole.
    static constexpr char RESERVATION_FULL[] =
        "Static reservation: PDU refused at first cell, VC at its reservation";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "Static reservation: buffer full (PDU tail)";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    StaticPduReservationBufferPolicy();
    ~StaticPduReservationBufferPolicy() override;

    /**
     * @param bufferCells K
     * @return E, the reserved space shared out at PDU level (`ReserveCells`, or floor(0.8 K)
     *         when 0); aborts if E >= K
     */
    uint32_t GetReserveCells(uint32_t bufferCells) const;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    uint32_t m_reserveCells{0}; //!< "ReserveCells" (0: 0.8 K)
};

} // namespace ns3

#endif // STATIC_PDU_RESERVATION_BUFFER_POLICY_H
