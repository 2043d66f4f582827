/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SELECTIVE_DROP_BUFFER_POLICY_H
#define SELECTIVE_DROP_BUFFER_POLICY_H

#include "atm-fair-share-buffer-policy.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Selective Drop (SD, JAIN): above a global threshold R, a new PDU of a VC that holds
 * more than Z times its fair share X/N_a of the shared FIFO is refused whole.
 *
 * @verbatim
   Admit(state, i, cell):
       if cell is the first of its PDU (VC i in IDLE):
           R = ThresholdCells > 0 ? ThresholdCells : floor(ThresholdFraction * K)
           if X > R and X_i * N_a > Z * X:              // X_i * N_a / X > Z, no division by X
               DROP_FRAME (OVER_FAIR_SHARE, EOM kept iff KeepEomOnReject)
       if space(cell): ACCEPT                           // HasRoom: X < K (- EomReserveCells)
       else:           DROP_FRAME (BUFFER_FULL, EOM kept)   // PPD
   @endverbatim
 *
 * with K the buffer size, X the cells in the buffer, X_i those of the arriving cell's VC and N_a
 * the number of VCs with X_i >= 1, all at the arrival instant (AtmPortState). The fair share of
 * the buffer is X/N_a; the rule refuses the PDU of a VC holding more than Z of it. A VC with
 * X_i = 0 is never refused by the rule (only by overflow). Cells of a PDU already accepted are
 * accepted while they fit; once one does not fit, the port discards the rest of the PDU but its
 * EOM (PPD).
 *
 * Source: R. Goyal, R. Jain et al., as collected in R. Jain et al., "Design Issues for Traffic
 * Management for the ATM UBR+ Service for TCP over Satellite Networks", NASA/CR-1999-209158,
 * 1999 (JAIN; the ICCCN'97, IMP and WWW papers). Defaults R = 0.8 K and Z = 0.8 are those stated
 * in JAIN's WWW paper (ATM Forum 98-0876R1), the only one that states them; the persistent-TCP
 * runs (JAIN-ICCCN-LAN, JAIN-GEO, JAIN-VBR, JAIN-GR, JAIN-BUF) do not.
 *
 * Choices (JAIN keeps R "as a fraction of K" but uses it as a cell count):
 * - R is the cell count floor(ThresholdFraction * K); since X is an integer, X > floor(f K) is
 *   exactly X > f K. ThresholdCells > 0 sets R in cells instead and must be below K.
 * - Ties: the rule is strict, so a VC holding exactly Z X / N_a cells is accepted, and at X = R the
 *   rule is off. Z and ThresholdFraction are used as exact decimals of 6 places (multiples of
 *   1e-6), and the comparison is done in integers, so a tie such as Z = 0.8, X = 85, N_a = 2,
 *   X_i = 34 (68 = 0.8 * 85) is decided the same way on every platform.
 */
class SelectiveDropBufferPolicy : public AtmFairShareBufferPolicy
{
  public:
    /// Drop reason: first cell of a PDU, X > R and the VC holds more than Z X / N_a cells.
    static constexpr char OVER_FAIR_SHARE[] = "SD: X > R and VC above Z * X / N_a";
    /// Drop reason: a cell of an accepted PDU found no room (PPD for the rest of the PDU).
    static constexpr char BUFFER_FULL[] = "SD: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SelectiveDropBufferPolicy();
    ~SelectiveDropBufferPolicy() override;

  private:
    bool IsOverShare(const AtmPortState& state, uint32_t vc, uint32_t x, uint32_t r) const override;
    const char* GetOverShareReason() const override;
    const char* GetBufferFullReason() const override;
};

} // namespace ns3

#endif // SELECTIVE_DROP_BUFFER_POLICY_H
