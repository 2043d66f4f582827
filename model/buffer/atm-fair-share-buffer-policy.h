/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FAIR_SHARE_BUFFER_POLICY_H
#define ATM_FAIR_SHARE_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmFairShareBufferPolicy: the common frame of JAIN's fair-share policies (SD, FBA).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of the shared-FIFO policies that refuse a new PDU of a VC above its fair share
 *        once the buffer holds more than R cells (Selective Drop, FBA; JAIN).
 *
 * @verbatim
   Admit(state, vc, cell):
       if cell is the first of its PDU (vc in IDLE):
           R = ThresholdCells > 0 ? ThresholdCells : floor(ThresholdFraction * K)
           if X > R and IsOverShare(state, vc, X, R):     // the subclass's rule
               DROP_FRAME (over-share reason, EOM kept iff KeepEomOnReject)
       if space(cell): ACCEPT                             // HasRoom: X < K (- EomReserveCells)
       else:           DROP_FRAME (buffer-full reason, EOM kept)   // PPD
   @endverbatim
 *
 * R is held as a fraction of K and used as a cell count (as JAIN does); ThresholdFraction and
 * Z are read as exact decimals with 6 places (GetZMicro()), so rules compare integers. R follows
 * the threshold rule of atm-threshold-utils.h (AtmThresholdCells()), which EpdBufferPolicy uses
 * too.
 * A subclass defines IsOverShare() and its two reason constants.
 */
class AtmFairShareBufferPolicy : public AtmBufferPolicy
{
  public:
    /// One, in the millionths of ThresholdFraction and Z.
    static constexpr uint64_t MICRO = 1000000;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmFairShareBufferPolicy();
    ~AtmFairShareBufferPolicy() override;

    /**
     * @brief The threshold R in cells for a buffer of @p bufferCells cells: ThresholdCells if
     *        set (aborts unless below @p bufferCells), else floor(ThresholdFraction *
     *        bufferCells) with the fraction an exact 6-place decimal (AtmThresholdCells()).
     * @param bufferCells K
     * @return R in cells
     */
    uint32_t GetThresholdCells(uint32_t bufferCells) const;

  protected:
    /// @return Z in millionths (exact decimal)
    uint32_t GetZMicro() const;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) final;

    /**
     * @brief The subclass's rule, asked on the first cell of a PDU when X > R.
     * @param state the port state
     * @param vc the cell's VC, as an index of @p state
     * @param x X, the cells in the buffer (> r)
     * @param r R in cells
     * @return true to refuse the PDU
     */
    virtual bool IsOverShare(const AtmPortState& state,
                             uint32_t vc,
                             uint32_t x,
                             uint32_t r) const = 0;

    /// @return the subclass's reason for a PDU refused by IsOverShare()
    virtual const char* GetOverShareReason() const = 0;

    /// @return the subclass's reason for an overflow (PPD)
    virtual const char* GetBufferFullReason() const = 0;

    /**
     * @brief Setter of "ThresholdFraction"; aborts unless 0 < fraction < 1.
     * @param fraction R as a fraction of K
     */
    void SetThresholdFraction(double fraction);

    /// @return "ThresholdFraction"
    double GetThresholdFraction() const;

    /**
     * @brief Setter of "Z"; aborts unless 0 < z <= 1.
     * @param z the scaling factor
     */
    void SetZ(double z);

    /// @return "Z"
    double GetZ() const;

    double m_fraction{0.8};           //!< "ThresholdFraction"
    uint32_t m_fractionMicro{800000}; //!< ThresholdFraction in millionths (exact decimal)
    uint32_t m_thresholdCells{0};     //!< "ThresholdCells" (0: use the fraction)
    double m_z{0.8};                  //!< "Z"
    uint32_t m_zMicro{800000};        //!< Z in millionths (exact decimal)
};

} // namespace ns3

#endif // ATM_FAIR_SHARE_BUFFER_POLICY_H
