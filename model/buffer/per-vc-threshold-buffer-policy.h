/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PER_VC_THRESHOLD_BUFFER_POLICY_H
#define PER_VC_THRESHOLD_BUFFER_POLICY_H

#include "atm-dual-threshold-buffer-policy.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::PerVcThresholdBufferPolicy: GFR buffer acceptance with global thresholds LBO and HBO and
 * a per-VC threshold T_i that lets a VC below it through above HBO.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Per-VC threshold buffer acceptance for GFR (BON ch. 7.2.2, after Guerin and Heinanen's
 * UBR+ proposal): Double-EPD's two global thresholds plus a threshold T_i per VC below which the
 * VC's eligible PDUs are accepted even above HBO.
 *
 * With Q the cells in the buffer, Q_i those of the arriving cell's VC, LBO <= HBO < K
 * (AtmDualThresholdBufferPolicy) and T_i the VC's threshold:
 *
 * @verbatim
   Admit(state, i, cell):
       if first cell of a PDU (i's frame state IDLE):
           if not cell.IsEligible() and Q >= LBO:    DROP_FRAME(LOW_THRESHOLD)
           if Q >= HBO and Q_i >= T_i:               DROP_FRAME(HIGH_THRESHOLD)
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(BUFFER_FULL, keepEom = true)     // PPD
   @endverbatim
 *
 * This is BON's rule "a CLP = 1 PDU is accepted only if Q < LBO; a CLP = 0 PDU is accepted if
 * Q < HBO, else only if Q_i < T_i", with eligibility (AtmCell::IsEligible()) in place of the CLP
 * bit so that GFR.1 VCs marked by their switch's F-GCRA are served alike. Any excess PDU is less
 * important than any eligible PDU, of whatever VC: BON's *strict* interpretation of the CLP bit.
 * The scheme isolates the VCs' eligible traffic: above HBO only the VCs holding fewer than T_i
 * cells still get PDUs in. BON pairs it with per-VC queues served by Virtual Spacing (weights
 * MCR_i), which share the unreserved bandwidth in proportion to the MCRs.
 *
 * T_i, in this order: SetVcThreshold(); else `VcThresholdCells` if nonzero; else the MBS of the
 * VC's contract (AtmPortState::GetVcContract(); Guerin and Heinanen: T_i = MBS_i); a VC without
 * MBS (not GFR, or added without a contract) then has T_i = 0 and no exception above HBO. BON's
 * router runs use T_i from one to twenty MFS and HBO = 15000 - n T_i for n VCs, so that the
 * reserved room fits the buffer; LBO 6000 in the mixed runs. The LAN values are not stated.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998 (BON), ch. 7.2.2.
 */
class PerVcThresholdBufferPolicy : public AtmDualThresholdBufferPolicy
{
  public:
    /// Drop reason: a PDU that is not eligible found Q >= LBO and was refused whole.
    static constexpr char LOW_THRESHOLD[] =
        "Per-VC threshold: non-eligible PDU refused at first cell, occupancy at LBO";
    /// Drop reason: a PDU found Q >= HBO and its VC at or above T_i, and was refused whole.
    static constexpr char HIGH_THRESHOLD[] =
        "Per-VC threshold: PDU refused at first cell, occupancy at HBO and VC at T_i";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "Per-VC threshold: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    PerVcThresholdBufferPolicy();
    ~PerVcThresholdBufferPolicy() override;

    /**
     * @brief Set the threshold T_i of one VC, overriding `VcThresholdCells` and the VC's MBS.
     *        May be called before the VC is added to the port.
     * @param vc the VC's index in the buffer the policy guards
     * @param cells T_i in cells (0: no exception above HBO for this VC)
     */
    void SetVcThreshold(uint32_t vc, uint32_t cells);

    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @return T_i (class description)
     */
    uint32_t GetVcThreshold(const AtmPortState& state, uint32_t vc) const;

  private:
    bool MayExceedHbo(const AtmPortState& state, uint32_t vc) const override;
    const char* GetLowReason() const override;
    const char* GetHighReason() const override;
    const char* GetBufferFullReason() const override;

    uint32_t m_vcThresholdCells{0}; //!< "VcThresholdCells" (0: each VC's MBS)
    /// per VC: T_i + 1 set by SetVcThreshold(), 0 if not set
    std::vector<uint32_t> m_vcThresholdPlusOne;
};

} // namespace ns3

#endif // PER_VC_THRESHOLD_BUFFER_POLICY_H
