/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PPD_BUFFER_POLICY_H
#define PPD_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Partial Packet Discard (BON, JAIN, CRC): accept while the buffer has room; once a cell
 * of a PDU overflows, discard the rest of that PDU except its last (EOM) cell.
 *
 * With X the cells in the buffer at the arrival instant, K the buffer size and HasRoom() the
 * base class's space(cell) test (X < K, or X < K - `EomReserveCells` for a non-EOM cell):
 *
 * @verbatim
   Admit(state, vc, cell):                   // vc in IDLE (first cell) or ACCEPT
       if HasRoom(cell): ACCEPT
       else:             DROP_FRAME(BUFFER_FULL, keepEom = true)     // Overflow()
   the port then, in DROP_PPD, for the rest of the PDU:
       non-EOM cell:     drop (reason BUFFER_FULL)
       EOM cell:         enqueue if X < K, else drop (reason BUFFER_FULL)
   @endverbatim
 *
 * The EOM is kept so that the receiver's AAL5 reassembly can tell the damaged PDU from the next
 * one: without it, the accepted head of the damaged PDU would be merged with the next PDU and
 * both would fail the CRC. PPD needs one bit of state per VC (BON); here that bit is the port's
 * DROP_PPD frame state, so the policy keeps no state of its own.
 *
 * A first cell that does not fit is handled like any other cell (the port's frame state machine,
 * branch ACCEPT: the cell is dropped, the VC enters DROP_PPD): the PDU is discarded with its EOM
 * kept. Nothing of the PDU is queued then, so the kept EOM reaches the receiver alone and is
 * discarded there as a one-cell PDU that fails its length/CRC check: one wasted cell. It is kept
 * anyway because a switch cannot know that the receiver's reassembly buffer for the VC is empty (an
 * upstream tail-drop hop may have lost the previous EOM); the EOM then closes the damaged PDU
 * instead of merging it with the next one. Refusing the whole PDU on its first cell, EOM included,
 * is EPD's job (EpdBufferPolicy with a threshold).
 *
 * PPD improves efficiency (no link capacity spent on the tail of a damaged PDU) but not fairness
 * (JAIN). Sources: O. Bonaventure, "Integration of ATM under TCP/IP to provide
 * services with minimum guaranteed bandwidth", PhD thesis, Universite de Liege, 1998 (BON);
 * R. Jain et al., "Design Issues for Traffic Management for the ATM UBR+ Service for TCP over
 * Satellite Networks", NASA/CR-1999-209158, 1999 (JAIN); L. Lamont, I. Miloucheva, W. Stering,
 * CRC Report No. 96-007, 1996 (CRC). The scheme goes back to G. J. Armitage and K. M. Adams,
 * "Packet reassembly during cell loss", IEEE Network 7(5):26-34, 1993, doi:10.1109/65.238152,
 * and was named and evaluated by A. Romanow and S. Floyd, "Dynamics of TCP traffic over ATM
 * networks", IEEE JSAC 13(4):633-641, 1995. PPD is also the overflow action of EPD, SD, FBA,
 * DFBA and Double-EPD (AtmBufferPolicy::Overflow()).
 *
 * The policy has no attribute of its own: K is the port's BufferCells; the base attribute
 * `EomReserveCells` keeps places for EOM cells (default 0); `KeepEomOnReject` plays no role
 * (PPD never refuses a PDU as a whole).
 */
class PpdBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: the cell found no room (HasRoom() false); the rest of its PDU but the EOM go.
    static constexpr char BUFFER_FULL[] = "PPD: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PpdBufferPolicy();
    ~PpdBufferPolicy() override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
};

} // namespace ns3

#endif // PPD_BUFFER_POLICY_H
