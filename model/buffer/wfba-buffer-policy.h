/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WFBA_BUFFER_POLICY_H
#define WFBA_BUFFER_POLICY_H

#include "atm-fair-share-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::WfbaBufferPolicy: Weighted Fair Buffer Allocation, FBA with MCR-weighted shares.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Weighted Fair Buffer Allocation (WFBA; Heinanen and Kilkki, as reviewed by BON ch. 8,
 * eq. 8.6):
 * FBA whose fair share of a VC is weighted by its MCR instead of 1/N_a.
 *
 * @verbatim
   Admit(state, i, cell):
       if cell is the first of its PDU (VC i in IDLE):
           R = ThresholdCells > 0 ? ThresholdCells : floor(ThresholdFraction * K)
           W = sum of MCR_j over the active VCs (X_j >= 1)
           if X > R and X_i >= 1 and X_i * W * (X - R) > Z * X * MCR_i * (K - R):
               // i.e. X_i > Z * X * (MCR_i / W) * (1 + (K - X) / (X - R)), times W (X - R) > 0
               DROP_FRAME (OVER_WEIGHTED_SHARE, EOM kept iff KeepEomOnReject)
       if space(cell): ACCEPT
       else:           DROP_FRAME (BUFFER_FULL, EOM kept)          // PPD
   @endverbatim
 *
 * BON's eq. 8.6 accepts the PDU iff B_Occ[i] <= Z x B_Occ x (MCR[i] / sum_active MCR) x
 * (1 + (K - B_Occ)/(B_Occ - R)); since 1 + (K - X)/(X - R) = (K - R)/(X - R) it is FBA's rule
 * (FbaBufferPolicy) with the share X/N_a replaced by X MCR_i / W. The MCRs come from the VCs'
 * contracts in the port state, in millicells/s (AtmPortState::GetVcMcrMilli()), and W is the
 * state's O(1) active sum (AtmPortState::GetActiveMcrMilli()). A VC with X_i = 0 is never
 * refused by the rule (as in FBA), so W always contains the arriving VC's MCR when it matters.
 * The comparison is exact in 128-bit integers.
 *
 * VCs without MCR: the scheme cannot serve them (BON): their share is 0, so a VC with MCR 0 is
 * refused above R whenever it holds a cell (with W = 0 the product form reads 0 > 0, so that
 * case is decided explicitly: refused). It supports no MBS either. Defaults R = 0.8 K and Z = 0.8
 are those of FBA in this model (BON gives
 * none).
 *
 * Source: J. Heinanen and K. Kilkki's weighted form of their Fair Buffer Allocation, as stated
 * in O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum guaranteed
 * bandwidth", PhD thesis, Universite de Liege, 1998, ch. 8 (eq. 8.6).
 */
class WfbaBufferPolicy : public AtmFairShareBufferPolicy
{
  public:
    /// Drop reason: first cell of a PDU, X > R and the VC above its MCR-weighted share.
    static constexpr char OVER_WEIGHTED_SHARE[] =
        "WFBA: X > R and VC above Z(K-R)/(X-R) * X * MCR_i/W";
    /// Drop reason: a cell of an accepted PDU found no room (PPD for the rest of the PDU).
    static constexpr char BUFFER_FULL[] = "WFBA: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    WfbaBufferPolicy();
    ~WfbaBufferPolicy() override;

  private:
    bool IsOverShare(const AtmPortState& state, uint32_t vc, uint32_t x, uint32_t r) const override;
    const char* GetOverShareReason() const override;
    const char* GetBufferFullReason() const override;
};

} // namespace ns3

#endif // WFBA_BUFFER_POLICY_H
