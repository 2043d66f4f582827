/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DFBA_BUFFER_POLICY_H
#define DFBA_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::DfbaBufferPolicy: Differential Fair Buffer Allocation, GFR on a shared FIFO with per-VC
 * accounting and MCR-weighted, load-dependent random frame drops.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Differential Fair Buffer Allocation (DFBA; R. Goyal, R. Jain et al.): GFR's MCR
 * guarantee on one FIFO shared by the VCs, by dropping new frames of the VCs that hold more than
 * their MCR-weighted share of the buffer, with a probability that grows with the VC's excess and
 * with the total occupancy.
 *
 * Notation: K the buffer size, X the cells in the buffer, X_i those of the arriving cell's VC i,
 * W_i the VC's MCR (AtmPortState::GetVcMcrMilli(); only ratios matter), W the sum of the MCRs of
 * the active VCs (X_j >= 1, AtmPortState::GetActiveMcrMilli(), O(1)), L < H the low ("knee") and
 * high ("cliff") thresholds, Z_i the VC's drop scaling, alpha the weight of fairness against
 * efficiency. The fair occupancy of VC i is s_i = X W_i / W. On the first cell of each frame:
 *
 * @verbatim
   Admit(state, i, cell):
       if first cell of a frame (i's frame state IDLE)            // Faithful: not if it is an EOM
           Wa = W + (X_i == 0 ? W_i : 0)                           // Faithful: Wa = W
           f  = W_i / Wa,  s = X f                                 // f = 0 if W_i = 0
           if X <= L:                        accept                        // region 1
           else if X >= H:                   DROP_FRAME(HIGH_THRESHOLD)    // region 4 (EPD)
           else if not cell.IsEligible():    DROP_FRAME(NOT_ELIGIBLE)
           else if X_i <= s:                 accept                        // region 3
                                             // Faithful: X_i < s; X_i = s is DROP_FRAME(AT_SHARE)
           else with probability P_drop:     DROP_FRAME(OVER_SHARE)        // region 2
       if space(cell): ACCEPT
       else:           DROP_FRAME(BUFFER_FULL, keepEom = true)              // PPD

   P_drop = clamp(Z_i (alpha fair + (1 - alpha) (X - L) / (H - L)), 0, 1)
   fair   = (X_i - s) / (X (1 - f))      if f < 1,   0 if f = 1
   @endverbatim
 *
 * DROP_FRAME keeps the frame's EOM iff `KeepEomOnReject`; a refused single-cell frame is dropped
 * (AtmBufferPolicy::RejectFrame()). The fairness term grows from 0 to 1 as X_i goes from the
 * VC's fair share to the whole buffer; the efficiency term from 0 to 1 as X goes from L to H.
 * One UniformRandomVariable draw u in [0, 1) per region-2 frame; the frame is refused iff
 * u < P_drop (so P_drop = 0 never and P_drop = 1 always refuses). The "Draw" trace reports each.
 *
 * Eligibility. The source drops CLP = 1 frames above L. This model reads AtmCell::IsEligible()
 * (CLP = 0 and not marked by the switch's GFR.1 F-GCRA), as DoubleEpdBufferPolicy and
 * PerVcThresholdBufferPolicy do: under GFR.2 it is the CLP bit, under GFR.1 (where the network
 * may not tag) the switch's own marking, so one policy serves both conformance definitions. The
 * first cell speaks for its frame.
 *
 * Form. The published cell-level pseudo-code (the appendix of the journal version of the
 * paper) has gaps; `Form` = Fixed (the default) closes them, Faithful reproduces them:
 * - F1. Both share tests are strict (X_i < s accepts, X_i > s draws), so a VC exactly at its
 *   share matches no branch and its frame is dropped whenever X > L. Fixed: X_i = s is region 3.
 *   Faithful: refused with AT_SHARE. A lone active VC is always exactly at its share (X_i = X,
 *   W_i = W), so under Faithful it loses every new frame above L.
 * - F2. With f = W_i/W = 1 (a single active VC, or all active MCR held by VC i) the fairness
 *   term is 0/0. Both forms use 0 there (the VC holds no more than its share). In exact
 *   arithmetic f = 1 implies X_i <= s, so the term is never needed for a decision; the guard
 *   keeps GetRefusalProbability() and any future caller finite.
 * - F3. An arriving VC without cells is not yet in W. Fixed counts it, Wa = W + W_i, so its f
 *   is at most 1; Faithful uses W, so f = W_i/W may exceed 1, and is undefined when W = 0 (our
 *   choice: the share is then unbounded if W_i > 0, so the frame is below it, and 0 if
 *   W_i = 0). Since X_i = 0 lies below any positive share, F3 changes no decision with the
 *   source's precondition "VC above its share" before the random drop; it changes the share
 *   and the Z_i of that VC (GetShareFraction()).
 * - F4. The pseudo-code handles a cell that ends a frame before it asks whether the cell starts
 *   one, so a single-cell frame is never tested: accepted whenever the buffer has room, even
 *   at X >= H or not eligible. Fixed tests it like any first cell.
 * - F5. The EOM of a frame refused on its first cell: the pseudo-code stores it if there is
 *   room, the text says it may be discarded. This is the base class's `KeepEomOnReject`, shared
 *   by every policy; its default stays false for DFBA too (ns-3 gives an inherited attribute
 *   one default for all subclasses): set it true for the pseudo-code's behaviour.
 * The thresholds compare X <= L and X >= H in both forms, as the source's text states the
 * regions. W_i = 0 (a VC without MCR): its fair share is 0, so once it holds a cell its frames
 * above L meet the random drop with fairness term X_i / X (our choice; the source has MCR > 0
 * everywhere). The same applies when W = 0 for an active VC.
 *
 * Z_i, in this order: SetVcZ(); else `ZRule`: One (Z_i = 1), OneMinusShare (1 - f) or
 * OneMinusSquaredShare ((1 - f)^2), with f as above (JAIN's study of Z_i: a VC with a large
 * share, whose TCPs recover more slowly, is dropped less).
 *
 * Thresholds: `LowThresholdCells` if nonzero, else floor(`LowThresholdFraction` K); likewise H;
 * fractions to 6 decimal places (atm-threshold-utils.h), computed from the state's K at each
 * first cell; the first decision without L <= H <= K aborts naming both thresholds and K.
 * L = H is legal (no random region: a very small K floors the default fractions to it).
 *
 * Defaults L = 0.5 K, H = 0.9 K, alpha = 0.5, Z_i = 1: the values of all the source's DFBA
 * simulations.
 *
 * Source: R. Goyal, R. Jain et al., "Buffer Management for the GFR Service", ATM Forum
 * contribution 98-0405, 1998, and the journal version "Buffer Management for TCP over the ATM
 * GFR Service" (appendix pseudo-code, section 4.3's static-versus-dynamic example), both in
 * R. Jain et al., "Design Issues for Traffic Management for the ATM UBR+ Service for TCP over
 * Satellite Networks", NASA/CR-1999-209158, 1999.
 */
class DfbaBufferPolicy : public AtmBufferPolicy
{
  public:
    /// How Z_i follows from the VC's share fraction f (the value is the exponent of 1 - f).
    enum ZRule
    {
        Z_ONE = 0,                     //!< Z_i = 1 (the source's default)
        Z_ONE_MINUS_SHARE = 1,         //!< Z_i = 1 - f
        Z_ONE_MINUS_SQUARED_SHARE = 2, //!< Z_i = (1 - f)^2
    };

    /// Which rendering of the source's pseudo-code (class description, F1 to F4).
    enum Form
    {
        FIXED,    //!< F1 to F4 applied
        FAITHFUL, //!< the published pseudo-code, made finite where it is undefined
    };

    /// Drop reason: first cell of a frame at X >= H (region 4, EPD).
    static constexpr char HIGH_THRESHOLD[] = "DFBA: frame refused at first cell, X >= H";
    /// Drop reason: first cell of a frame not eligible for the MCR guarantee at X > L.
    static constexpr char NOT_ELIGIBLE[] = "DFBA: non-eligible frame refused at first cell, X > L";
    /// Drop reason: first cell of a frame of a VC above its share, L < X < H, drawn with P_drop.
    static constexpr char OVER_SHARE[] =
        "DFBA: frame refused at first cell with P_drop, VC above X W_i/W";
    /// Drop reason (Faithful form only): the VC is exactly at its share, which no branch of the
    /// published pseudo-code accepts (F1).
    static constexpr char AT_SHARE[] =
        "DFBA (Faithful): frame refused at first cell, X_i = X W_i/W matches no branch";
    /// Drop reason: a cell of an accepted frame found no room (PPD for the rest of the frame).
    static constexpr char BUFFER_FULL[] = "DFBA: buffer full";

    /**
     * @brief Signature of the "Draw" trace.
     * @param vc the VC, as an index of the state the policy guards
     * @param probability P_drop
     * @param refused true if the frame was refused
     */
    typedef void (*DrawTracedCallback)(uint32_t vc, double probability, bool refused);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DfbaBufferPolicy();
    ~DfbaBufferPolicy() override;

    /**
     * @brief Set Z_i of one VC, overriding `ZRule` for it. May be called before the VC is
     *        added to the port.
     * @param vc the VC's index in the buffer the policy guards
     * @param z Z_i, in [0, 1] (aborts otherwise)
     */
    void SetVcZ(uint32_t vc, double z);

    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @return Z_i as the policy uses it now (class description)
     */
    double GetVcZ(const AtmPortState& state, uint32_t vc) const;

    /**
     * @param state the port state
     * @param vc a VC of @p state
     * @return f, the VC's share of the buffer as the current `Form` computes it (W_i / Wa;
     *         0 if W_i = 0; infinity under Faithful for W_i > 0 = W)
     */
    double GetShareFraction(const AtmPortState& state, uint32_t vc) const;

    /**
     * @brief The probability that the first cell of a frame of @p vc arriving now is refused
     *        by the DFBA rule (not counting a full buffer): 0 in regions 1 and 3, 1 in region 4
     *        and for a non-eligible frame above L, P_drop in region 2, 1 for the Faithful
     *        form's AT_SHARE.
     * @param state the port state
     * @param vc a VC of @p state
     * @param eligible whether the frame is eligible (AtmCell::IsEligible())
     * @return the probability, in [0, 1]
     */
    double GetRefusalProbability(const AtmPortState& state, uint32_t vc, bool eligible) const;

    /**
     * @param bufferCells K
     * @return L in cells; aborts unless L <= H <= K
     */
    uint32_t GetLowThresholdCells(uint32_t bufferCells) const;

    /**
     * @param bufferCells K
     * @return H in cells; aborts unless L <= H <= K
     */
    uint32_t GetHighThresholdCells(uint32_t bufferCells) const;

    int64_t AssignStreams(int64_t stream) override;

  protected:
    void DoDispose() override;

  private:
    /// What the DFBA rule says about a first cell (before the room test).
    struct Verdict
    {
        const char* reason{nullptr}; //!< null: accept; OVER_SHARE: draw against probability
        double probability{0.0};     //!< P_drop (OVER_SHARE only)
    };

    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    /**
     * @brief The rule of the class description for a first cell.
     * @param state the port state
     * @param vc the cell's VC
     * @param eligible AtmCell::IsEligible() of the cell
     * @return the verdict
     */
    Verdict Classify(const AtmPortState& state, uint32_t vc, bool eligible) const;

    /**
     * @brief Both thresholds for K, checked (L <= H <= K, else abort).
     * @param bufferCells K
     * @param[out] low L
     * @param[out] high H
     */
    void Thresholds(uint32_t bufferCells, uint32_t* low, uint32_t* high) const;

    /**
     * @param state the port state
     * @param vc a VC
     * @return Wa, the MCR sum the VC's share is taken of (the Form's F3)
     */
    uint64_t ShareBase(const AtmPortState& state, uint32_t vc) const;

    /**
     * @param vc a VC
     * @param f its share fraction, clamped to [0, 1] here
     * @return Z_i
     */
    double ZFor(uint32_t vc, double f) const;

    /**
     * @brief Attribute setter; aborts unless 0 <= @p fraction < 1.
     * @param fraction the new `LowThresholdFraction`
     */
    void SetLowFraction(double fraction);
    /// @return `LowThresholdFraction`
    double GetLowFraction() const;
    /**
     * @brief Attribute setter; aborts unless 0 < @p fraction < 1.
     * @param fraction the new `HighThresholdFraction`
     */
    void SetHighFraction(double fraction);
    /// @return `HighThresholdFraction`
    double GetHighFraction() const;
    /**
     * @brief Attribute setter; aborts unless 0 <= @p alpha <= 1.
     * @param alpha the new `Alpha`
     */
    void SetAlpha(double alpha);
    /// @return `Alpha`
    double GetAlpha() const;

    uint32_t m_lowCells{0};               //!< "LowThresholdCells" (0: use the fraction)
    double m_lowFraction{0.5};            //!< "LowThresholdFraction"
    uint32_t m_lowMicro{500000};          //!< LowThresholdFraction in millionths
    uint32_t m_highCells{0};              //!< "HighThresholdCells" (0: use the fraction)
    double m_highFraction{0.9};           //!< "HighThresholdFraction"
    uint32_t m_highMicro{900000};         //!< HighThresholdFraction in millionths
    double m_alpha{0.5};                  //!< "Alpha"
    ZRule m_zRule{Z_ONE};                 //!< "ZRule"
    Form m_form{FIXED};                   //!< "Form"
    std::vector<double> m_vcZ;            //!< per VC: Z_i set by SetVcZ(), negative if not set
    Ptr<UniformRandomVariable> m_uniform; //!< the region-2 draws
    TracedCallback<uint32_t, double, bool> m_drawTrace; //!< "Draw"
};

} // namespace ns3

#endif // DFBA_BUFFER_POLICY_H
