/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FBA_BUFFER_POLICY_H
#define FBA_BUFFER_POLICY_H

#include "atm-fair-share-buffer-policy.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Fair Buffer Allocation (FBA, JAIN): Selective Drop whose bound on a VC's share of
 * the shared FIFO shrinks as the buffer fills, from Z (K - R) at X = R + 1 to Z at X = K.
 *
 * @verbatim
   Admit(state, i, cell):
       if cell is the first of its PDU (VC i in IDLE):
           R = ThresholdCells > 0 ? ThresholdCells : floor(ThresholdFraction * K)
           if X > R and X_i * N_a * (X - R) > Z * (K - R) * X:
               // i.e. X_i * N_a / X > Z * (K - R) / (X - R), multiplied by X (X - R) > 0
               DROP_FRAME (OVER_FAIR_SHARE, EOM kept iff KeepEomOnReject)
       if space(cell): ACCEPT                           // HasRoom: X < K (- EomReserveCells)
       else:           DROP_FRAME (BUFFER_FULL, EOM kept)   // PPD
   @endverbatim
 *
 * with K the buffer size, X the cells in the buffer, X_i those of the arriving cell's VC and N_a
 * the number of VCs with X_i >= 1, all at the arrival instant (AtmPortState). X_i N_a / X is
 * the VC's occupancy relative to its fair share X/N_a; the admissible ratio Z (K - R)/(X - R)
 * is large just above R (the rule then refuses only VCs far above their share) and falls to Z
 * as X -> K, where FBA refuses what Selective Drop (SelectiveDropBufferPolicy) refuses. A VC
 * with X_i = 0 is never refused by the rule (only by overflow). With a single active VC
 * (X_i = X) the rule reads X - R > Z (K - R): the VC is refused above R + Z (K - R) cells.
 *
 * Source: J. Heinanen and K. Kilkki, "A Fair Buffer Allocation Scheme" (manuscript), in the form
 * given by R. Jain et al., "Design Issues for Traffic Management for the ATM UBR+ Service for TCP
 * over Satellite Networks", NASA/CR-1999-209158, 1999 (JAIN). Defaults R = 0.8 K and Z = 0.8:
 * JAIN's WWW paper (ATM Forum 98-0876R1) states them for Selective Drop; JAIN gives none for
 * FBA, so they are a choice of this model that keeps the two schemes comparable.
 *
 * Choices:
 * - R is the cell count floor(ThresholdFraction * K) (JAIN: "a fraction of K" used as a
 *   cell count); ThresholdCells > 0 sets it directly. R < K is required (K - R = 0 would leave
 *   no bound): the fraction guarantees it, ThresholdCells >= K stops the run.
 * - At X = R the rule is off (X > R is required), so X - R >= 1 and nothing is divided by zero.
 * - Ties: the rule is strict, so X_i N_a (X - R) == Z (K - R) X is accepted. Z and
 *   ThresholdFraction are exact decimals of 6 places and the comparison is done in exact
 *   128-bit integer arithmetic, so ties are decided identically on every platform and for every
 *   K up to 2^32 - 1.
 */
class FbaBufferPolicy : public AtmFairShareBufferPolicy
{
  public:
    /// Drop reason: first cell of a PDU, X > R and X_i N_a / X > Z (K - R) / (X - R).
    static constexpr char OVER_FAIR_SHARE[] = "FBA: X > R and VC above Z(K-R)/(X-R) * X/N_a";
    /// Drop reason: a cell of an accepted PDU found no room (PPD for the rest of the PDU).
    static constexpr char BUFFER_FULL[] = "FBA: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    FbaBufferPolicy();
    ~FbaBufferPolicy() override;

  private:
    bool IsOverShare(const AtmPortState& state, uint32_t vc, uint32_t x, uint32_t r) const override;
    const char* GetOverShareReason() const override;
    const char* GetBufferFullReason() const override;
};

} // namespace ns3

#endif // FBA_BUFFER_POLICY_H
