/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VC_THRESHOLD_BUFFER_POLICY_H
#define VC_THRESHOLD_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Per-VC single-drop threshold (JAIN GFRJ section 3): refuse one PDU of a VC each time its
 * occupancy of the shared FIFO crosses its threshold r_i from below, and accept the rest.
 *
 * @verbatim
   per VC i: r_i (cells) and armed_i, initially true

   Admit(state, i, cell):
       if cell is the first of its PDU (VC i in IDLE):
           if X_i < r_i:              armed_i = true          // re-arm below the threshold
           else if armed_i:                                   // X_i >= r_i: crossed from below
               armed_i = false
               DROP_FRAME (THRESHOLD_CROSSED, EOM kept iff KeepEomOnReject)
       if space(cell): ACCEPT                                  // HasRoom: X < K (- EomReserveCells)
       else:           DROP_FRAME (BUFFER_FULL, EOM kept)      // PPD

   NotifyDeparture(state, i, cell):
       if X_i < r_i: armed_i = true
   @endverbatim
 *
 * with X_i the arriving (or departing) cell's VC's cells in the buffer. While a VC stays at or
 * above r_i after its single drop, its PDUs are accepted (up to the physical limit K): the drop
 * is a congestion signal to the VC's TCP sources, not a limit on the VC. Re-arming is checked
 * after each departure of the VC and again on each first cell, so a VC whose occupancy fell by
 * other means (a port that purges) is re-armed too.
 *
 * Expected throughput: in a FIFO a VC's service rate is its share of the queue, mu_i = (X_i/X)
 * mu; with greedy TCPs whose windows oscillate about their thresholds the expected share is
 * mu_i = mu r_i / r with r = sum of r_i over the VCs (JAIN GFRJ Tables 2-3 reproduce this within
 * a few percent).
 *
 * Source: R. Goyal, R. Jain et al., "Buffer Management for TCP over the ATM GFR Service", section
 * 3, in R. Jain et al., "Design Issues for Traffic Management for the ATM UBR+ Service for TCP
 * over Satellite Networks", NASA/CR-1999-209158, 1999 (JAIN GFRJ): "drop a single TCP packet
 * from a connection every time the connection's buffer occupancy crosses a given threshold r_i
 * from below". The armed flag is this model's reading of "crosses from below". Seed
 * experiment: JAIN-THRESH15 (per-VC r_i from 305 to 3822 cells, set with SetVcThreshold()).
 *
 * Thresholds: ThresholdCells (default 100 cells, a choice of this model, not from a source) for
 * every VC, overridden per VC by SetVcThreshold(). A threshold of K or more is never reached
 * while the buffer has room, so such a VC is limited by overflow (PPD) alone.
 */
class VcThresholdBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: first cell of a PDU of an armed VC with X_i >= r_i (the single drop).
    static constexpr char THRESHOLD_CROSSED[] = "VcThreshold: X_i crossed r_i";
    /// Drop reason: a cell of an accepted PDU found no room (PPD for the rest of the PDU).
    static constexpr char BUFFER_FULL[] = "VcThreshold: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    VcThresholdBufferPolicy();
    ~VcThresholdBufferPolicy() override;

    /**
     * @brief Set the threshold r_i of one VC, overriding ThresholdCells. May be called before
     *        the VC is added to the port. The VC's armed flag is unchanged.
     * @param vc the VC's index at the port
     * @param cells r_i in cells, at least 1 (aborts otherwise)
     */
    void SetVcThreshold(uint32_t vc, uint32_t cells);

    /**
     * @param vc the VC's index at the port
     * @return r_i: the value given to SetVcThreshold(), else ThresholdCells
     */
    uint32_t GetVcThreshold(uint32_t vc) const;

    /**
     * @param vc the VC's index at the port
     * @return armed_i: true if the VC's next PDU finding X_i >= r_i will be refused
     */
    bool IsArmed(uint32_t vc) const;

    void NotifyVcAdded(uint32_t vc) override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    /// Per-VC state.
    struct Vc
    {
        uint32_t threshold{0}; //!< r_i set by SetVcThreshold(); 0: ThresholdCells
        bool armed{true};      //!< armed_i
    };

    /**
     * @param vc the VC's index
     * @return its entry, created (armed, default threshold) if the VC is new to the policy
     */
    Vc& Entry(uint32_t vc);

    /**
     * @param v a VC's entry
     * @return its r_i
     */
    uint32_t Threshold(const Vc& v) const
    {
        return v.threshold > 0 ? v.threshold : m_thresholdCells;
    }

    uint32_t m_thresholdCells{100}; //!< "ThresholdCells": r_i of VCs without their own
    std::vector<Vc> m_vcs;          //!< per-VC state, by VC index
};

} // namespace ns3

#endif // VC_THRESHOLD_BUFFER_POLICY_H
