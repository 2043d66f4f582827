/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_DUAL_THRESHOLD_BUFFER_POLICY_H
#define ATM_DUAL_THRESHOLD_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmDualThresholdBufferPolicy: the common frame of the GFR policies with a low threshold
 * for excess PDUs and a high one for all (Double-EPD, per-VC threshold).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of the FIFO policies that give PDUs eligible for the GFR guarantee priority with
 *        two occupancy thresholds, LBO for the PDUs that are not eligible and HBO for the others
 *        (BON ch. 7.2.1 and 7.2.2, after Guerin and Heinanen's UBR+ proposal).
 *
 * With Q the cells in the whole buffer at the arrival instant, K the buffer size, HasRoom() the
 * base class's space(cell) test and LBO <= HBO < K:
 *
 * @verbatim
   Admit(state, v, cell):
       if first cell of a PDU (v's frame state IDLE):
           if not cell.IsEligible() and Q >= LBO:
               d = AdmitNonEligibleAboveLbo(state, v, Q, HBO)   // default DROP_FRAME(low reason)
               if d refuses: d
               else if HasRoom(cell): d                         // ACCEPT or ACCEPT_AND_PURGE_FRONT
               else: DROP_FRAME(buffer-full reason, keepEom = true)
           if Q >= HBO and not MayExceedHbo(state, v):      DROP_FRAME(high reason)
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(buffer-full reason, keepEom = true)       // PPD
   @endverbatim
 *
 * A cell is eligible if its CLP is 0 and no GFR.1 switch marked it (AtmCell::IsEligible()); the
 * first cell speaks for its PDU (end systems do not mix CLP values inside a PDU, the marking is
 * per PDU). Inside an accepted PDU the thresholds no longer apply; an overflow is PPD.
 *
 * Thresholds: `HboCells` if nonzero, else floor(`HboFraction` * K); `LboCells` if nonzero, else
 * floor(`LboFraction` * K), both to 6 decimal places (atm-threshold-utils.h), computed from the
 * state's K at each first cell. Defaults 0.875 and 0.75: BON's LAN values 7168 and 6144 of
 * 8192. `HboFraction` outside (0, 1) and `LboFraction` outside [0, 1) abort when set; the first
 * decision with LBO > HBO or HBO >= K aborts (NS_ABORT_MSG, in every build) naming both
 * thresholds, their attributes and K. LBO = HBO is legal (eligibility then matters only through
 * MayExceedHbo()); so is the HBO = 0 that a very small K floors the default fractions to.
 *
 * A subclass defines MayExceedHbo() and its three reason constants, and may override
 * AdmitNonEligibleAboveLbo() (Elloumi and Afifi's variants do).
 */
class AtmDualThresholdBufferPolicy : public AtmBufferPolicy
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    AtmDualThresholdBufferPolicy();
    ~AtmDualThresholdBufferPolicy() override;

    /**
     * @brief HBO for a buffer of @p bufferCells cells. Aborts unless LBO <= HBO < K.
     * @param bufferCells K
     * @return HBO
     */
    uint32_t GetHboCells(uint32_t bufferCells) const;

    /**
     * @brief LBO for a buffer of @p bufferCells cells (0 with `LboFraction` 0). Aborts unless
     *        LBO <= HBO < K.
     * @param bufferCells K
     * @return LBO
     */
    uint32_t GetLboCells(uint32_t bufferCells) const;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) final;

    /**
     * @brief The decision on the first cell of a non-eligible PDU when Q >= LBO. Default:
     *        refuse the PDU, DROP_FRAME(GetLowReason()) as RejectFrame() builds it (BON's
     *        Double-EPD). An accepting answer (ACCEPT, or ACCEPT_AND_PURGE_FRONT) is kept only
     *        if the cell fits (HasRoom()); otherwise the PDU is refused as an overflow (PPD).
     * @param state the port state
     * @param vc the cell's VC, as an index of @p state
     * @param q Q, the cells in the buffer (>= LBO)
     * @param hbo HBO in cells
     * @return the decision
     */
    virtual AtmAdmitDecision AdmitNonEligibleAboveLbo(const AtmPortState& state,
                                                      uint32_t vc,
                                                      uint32_t q,
                                                      uint32_t hbo) const;

    /**
     * @brief The subclass's exception, asked on the first cell of an eligible PDU when Q >= HBO.
     * @param state the port state
     * @param vc the cell's VC, as an index of @p state
     * @return true to accept the PDU all the same
     */
    virtual bool MayExceedHbo(const AtmPortState& state, uint32_t vc) const = 0;
    /// @return the subclass's reason for a non-eligible PDU refused at Q >= LBO
    virtual const char* GetLowReason() const = 0;
    /// @return the subclass's reason for a PDU refused at Q >= HBO
    virtual const char* GetHighReason() const = 0;
    /// @return the subclass's reason for an overflow (PPD)
    virtual const char* GetBufferFullReason() const = 0;

    /**
     * @brief Both thresholds for K, checked (LBO <= HBO < K, else abort).
     * @param bufferCells K
     * @param[out] lbo LBO
     * @param[out] hbo HBO
     */
    void Thresholds(uint32_t bufferCells, uint32_t* lbo, uint32_t* hbo) const;

    /**
     * @brief Attribute setter: aborts unless 0 < @p fraction < 1.
     * @param fraction the new `HboFraction`
     */
    void SetHboFraction(double fraction);
    /// @return `HboFraction`
    double GetHboFraction() const;
    /**
     * @brief Attribute setter: aborts unless 0 <= @p fraction < 1.
     * @param fraction the new `LboFraction`
     */
    void SetLboFraction(double fraction);
    /// @return `LboFraction`
    double GetLboFraction() const;

    uint32_t m_hboCells{0};      //!< "HboCells" (0: use the fraction)
    double m_hboFraction{0.875}; //!< "HboFraction"
    uint32_t m_hboMicro{875000}; //!< HboFraction in millionths
    uint32_t m_lboCells{0};      //!< "LboCells" (0: use the fraction)
    double m_lboFraction{0.75};  //!< "LboFraction"
    uint32_t m_lboMicro{750000}; //!< LboFraction in millionths
};

} // namespace ns3

#endif // ATM_DUAL_THRESHOLD_BUFFER_POLICY_H
