/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DOUBLE_EPD_BUFFER_POLICY_H
#define DOUBLE_EPD_BUFFER_POLICY_H

#include "atm-dual-threshold-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::DoubleEpdBufferPolicy: Early Packet Discard with two thresholds, one for the PDUs that
 * are not eligible for the GFR guarantee.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Double-EPD (BON ch. 7.2.1): one FIFO for all GFR VCs with two EPD thresholds, a low one
 * (LBO) for the PDUs that are not eligible for the MCR guarantee and a high one (HBO) for all.
 *
 * With Q the cells in the whole buffer at the arrival instant, K the buffer size, HasRoom() the
 * base class's space(cell) test and LBO <= HBO < K (AtmDualThresholdBufferPolicy: each
 * `...Cells` if nonzero, else floor(`...Fraction` * K) to 6 decimal places):
 *
 * @verbatim
   Admit(state, v, cell):
       if first cell of a PDU (v's frame state IDLE):
           if not cell.IsEligible() and Q >= LBO:  DROP_FRAME(LOW_THRESHOLD)   // RejectFrame()
           if Q >= HBO:                             DROP_FRAME(HIGH_THRESHOLD)  // RejectFrame()
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(BUFFER_FULL, keepEom = true)               // PPD
   @endverbatim
 *
 * HBO is the classical EPD threshold; LBO is the EPD threshold of the excess traffic. A cell is
 * eligible if its CLP is 0 and its switch did not mark it NOT_ELIGIBLE (AtmCell::IsEligible()):
 * under GFR.2 the ingress UPC has tagged the non-eligible PDUs, so this is the CLP bit, as in the
 * scheme's original form; under GFR.1 the switch's ingress F-GCRA marks them (AtmSwitch), which
 * is BON's GFR.1 variant (an F-GCRA setting a spare bit of the switch-internal header). End
 * systems never mix CLP values inside a PDU, and the marking is per PDU, so the first cell
 * speaks for the PDU. Inside an accepted PDU the thresholds no longer apply: it continues until
 * the buffer is full, then PPD keeps its EOM, as in EpdBufferPolicy.
 *
 * Known limits of the scheme, which the model keeps (BON ch. 7.2.1): it needs the eligibility
 * information (GFR.2 tagging or a GFR.1 F-GCRA); the F-GCRA finds a large share of bursty TCP
 * PDUs non-eligible; the excess traffic of all VCs shares one threshold, so a VC sending much
 * excess traffic crowds out the others' (no isolation between VCs for CLP = 1 traffic); the
 * operator cannot steer how the unreserved bandwidth is shared. With LBO = 0 every non-eligible
 * PDU that finds a cell in the buffer is refused, the configuration BON shows collapsing.
 *
 * Parameters used by BON: LAN, K = 8192 cells per port, HBO = 7168 and LBO = 6144 (also 4096,
 * 2048 and 0); internetwork, K = 16000, HBO = 15000, LBO = 2000 (also 12000 and 0). The defaults
 * (`HboFraction` 0.875, `LboFraction` 0.75) are the LAN values as fractions of K.
 *
 * Source: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
 * guaranteed bandwidth", PhD thesis, Universite de Liege, 1998 (BON), ch. 7.2.1, after the
 * UBR+ (later GFR) proposal of R. Guerin and J. Heinanen to the ATM Forum (1996).
 *
 * Validation (AtmDualThresholdBufferPolicy): fractions out of range abort when set, LBO > HBO or
 * HBO >= K at the first decision. LBO = HBO is legal: plain EPD, eligibility ignored.
 */
class DoubleEpdBufferPolicy : public AtmDualThresholdBufferPolicy
{
  public:
    /// Drop reason: a PDU that is not eligible found Q >= LBO and was refused whole.
    static constexpr char LOW_THRESHOLD[] =
        "Double-EPD: non-eligible PDU refused at first cell, occupancy at LBO";
    /// Drop reason: a PDU found Q >= HBO and was refused whole.
    static constexpr char HIGH_THRESHOLD[] =
        "Double-EPD: PDU refused at first cell, occupancy at HBO";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "Double-EPD: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    DoubleEpdBufferPolicy();
    ~DoubleEpdBufferPolicy() override;

  private:
    bool MayExceedHbo(const AtmPortState& state, uint32_t vc) const override;
    const char* GetLowReason() const override;
    const char* GetHighReason() const override;
    const char* GetBufferFullReason() const override;
};

} // namespace ns3

#endif // DOUBLE_EPD_BUFFER_POLICY_H
