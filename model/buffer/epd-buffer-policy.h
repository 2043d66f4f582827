/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EPD_BUFFER_POLICY_H
#define EPD_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Early Packet Discard (BON, JAIN): refuse a new PDU as a whole on its first cell when the
 * buffer occupancy has reached the threshold T; PDUs already in progress continue until the
 * buffer is full, then PPD.
 *
 * With X the cells in the whole buffer at the arrival instant, K the buffer size (AtmPortState),
 * HasRoom() the base class's space(cell) test (X < K, or X < K - `EomReserveCells` for a
 * non-EOM cell) and
 * T = `ThresholdCells` if nonzero, else floor(`ThresholdFraction` * K) with the fraction an exact
 * 6-place decimal (atm-threshold-utils.h), computed from the state's K at each decision
 * (GetThresholdCells()):
 *
 * @verbatim
   Admit(state, v, cell):
       if !FrameDiscard(v):                                   // UNI 4.0 flag off: cell by cell
           HasRoom(cell) ? ACCEPT : DROP_CELL(CELL_BUFFER_FULL)
       else if first cell of a PDU (v's frame state IDLE) and
               (UseStrictGreater ? X > T : X >= T):           // BON: X >= T; JAIN prints X > R
           if cell.isEOM and KeepEomOnReject and HasRoom(cell): ACCEPT     // single-cell PDU
           else: DROP_FRAME(THRESHOLD, keepEom = KeepEomOnReject)          // RejectFrame()
       else if HasRoom(cell): ACCEPT                          // also above T inside a PDU
       else:                  DROP_FRAME(BUFFER_FULL, keepEom = true)      // Overflow(): PPD
   @endverbatim
 *
 * Below T every cell is accepted; at or above T the cells of PDUs already in progress are still
 * accepted while there is room, but a new PDU is discarded entirely; once a cell of an accepted
 * PDU overflows, the rest of that PDU is discarded except its EOM (PPD, as PpdBufferPolicy)
 * [BON]. A refused PDU left nothing in the buffer, so its EOM is dropped too unless the base
 * attribute `KeepEomOnReject` is set. For a single-cell PDU the EOM *is* the PDU:
 * with `KeepEomOnReject` it is enqueued when it fits, as the kept EOM of a longer PDU is, rather
 * than dropped as the port would do with a DROP_FRAME. A first cell that passes the threshold
 * test but finds no room (possible only when K - `EomReserveCells` <= T) is an overflow: PPD,
 * EOM kept, as in PpdBufferPolicy.
 *
 * Comparison at the threshold. BON states the rule as "drop if X >= T", JAIN's papers print
 * "X > R". The default (`UseStrictGreater` false) is BON's: a new PDU is admitted iff X < T,
 * so with X == T a new PDU is refused; `UseStrictGreater` true gives JAIN's printed form, one
 * cell later. At X >= K a first cell is always refused with THRESHOLD (T < K), never BUFFER_FULL.
 *
 * Defaults and provenance. `ThresholdFraction` = 0.8: JAIN WWW (ATM Forum 98-0876R1) uses
 * R = 0.8 K. BON's UBR reference (ch. 7, LAN scenario) uses T = 7168 of K = 8192 cells: set
 * `ThresholdCells` = 7168 (or `ThresholdFraction` = 0.875) with the port's BufferCells = 8192.
 * SANDIA and CRC give no threshold. Design rule (JAIN WWW): choose T so that, once X crosses it,
 * the remaining cells of every PDU in progress still fit; with many VCs the buffer may not hold
 * one frame per VC. EPD improves efficiency but not fairness [JAIN]. The scheme is A. Romanow and
 * S. Floyd, "Dynamics of TCP traffic over ATM networks", IEEE JSAC 13(4):633-641, 1995, as
 * described by O. Bonaventure, PhD thesis, Universite de Liege, 1998 (BON), R. Jain et al.,
 * NASA/CR-1999-209158, 1999 (JAIN) and CRC Report No. 96-007, 1996 (CRC).
 *
 * Validation. T must be below K: the first decision with T >= K aborts (NS_ABORT_MSG, in every
 * build) naming T, `ThresholdCells`, `ThresholdFraction` and K, and the fix. A
 * `ThresholdFraction` outside (0, 1), to 6 decimal places, is refused when set (1 would give
 * T = K, which is PPD: use PpdBufferPolicy). A small K can round T down to 0 (e.g. K = 1 at 0.8);
 then every new PDU is
 * refused, which is legal but rarely meant.
 *
 * Frame Discard per VC (ATM Forum UNI 4.0, BON): SetFrameDiscard(vc, false) makes the policy handle
 * that VC cell by cell like TailDropBufferPolicy (HasRoom() or DROP_CELL, no threshold, no PPD),
 * as for a connection whose signalling did not request frame discard. Default true for every
 * VC. IsFrameAware() is true and describes the VCs with frame discard.
 *
 * BON counts 2 bits of state per VC for EPD; here they are the port's frame states, and the
 * policy keeps only the per-VC Frame Discard flags.
 */
class EpdBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: a new PDU found X >= T (X > T with UseStrictGreater) and was refused whole.
    static constexpr char THRESHOLD[] = "EPD: PDU refused at first cell, occupancy at threshold";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "EPD: buffer full";
    /// Drop reason: a cell of a VC without Frame Discard found no room; dropped alone.
    static constexpr char CELL_BUFFER_FULL[] = "EPD: buffer full, cell drop (FrameDiscard off)";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    EpdBufferPolicy();
    ~EpdBufferPolicy() override;

    /**
     * @brief The threshold T for a buffer of @p bufferCells cells: `ThresholdCells` if nonzero,
     *        else floor(`ThresholdFraction` * K) with the fraction read as an exact decimal of 6
     *        places, so 0.57 * 100 gives 57 (AtmThresholdCells(), atm-threshold-utils.h). Aborts
     *        if T >= K.
     * @param bufferCells K
     * @return T
     */
    uint32_t GetThresholdCells(uint32_t bufferCells) const;

    /**
     * @brief Set the UNI 4.0 Frame Discard flag of a VC (default true for every VC).
     * @param vc the VC index (need not be added to a port yet)
     * @param frameDiscard true: frame-level discard (EPD/PPD); false: cell by cell
     */
    void SetFrameDiscard(uint32_t vc, bool frameDiscard);

    /**
     * @param vc the VC index
     * @return the VC's Frame Discard flag
     */
    bool GetFrameDiscard(uint32_t vc) const
    {
        return vc >= m_frameDiscard.size() || m_frameDiscard[vc] != 0;
    }

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    /**
     * @brief Attribute setter: aborts unless 0 < @p fraction < 1.
     * @param fraction the new `ThresholdFraction`
     */
    void SetThresholdFraction(double fraction);

    /// @return `ThresholdFraction`
    double GetThresholdFraction() const;

    uint32_t m_thresholdCells{0};        //!< "ThresholdCells" (0: use the fraction)
    double m_thresholdFraction{0.8};     //!< "ThresholdFraction"
    uint32_t m_thresholdMicro{800000};   //!< ThresholdFraction in millionths (exact decimal)
    bool m_useStrictGreater{false};      //!< "UseStrictGreater"
    std::vector<uint8_t> m_frameDiscard; //!< per VC: Frame Discard flag; missing entries are 1
};

} // namespace ns3

#endif // EPD_BUFFER_POLICY_H
