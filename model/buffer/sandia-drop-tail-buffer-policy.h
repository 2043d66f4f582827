/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SANDIA_DROP_TAIL_BUFFER_POLICY_H
#define SANDIA_DROP_TAIL_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief SANDIA "drop-tail": partial packet discard on a per-VC queue of
 * `VcBufferCells` cells, for ports in QueueMode PER_VC.
 *
 * Source: C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP Performance in ATM
 * Networks", Sandia National Laboratories, 1994 (SANDIA): "Whenever a per VC queue is full, an
 * incoming cell to the queue is dropped. Subsequent incoming cells to this queue will be dropped
 * until an End-of-Message (EOM) cell arrives; the EOM cell will not be dropped."
 *
 * With X_v = GetVcCells(v), V = `VcBufferCells` and HasRoom() the physical test of the base
 * class (X < K, minus `EomReserveCells` for a non-EOM cell):
 *
 * @verbatim
   Admit(state, v, cell), first = (v's frame state is IDLE):
       limit = V - 1 if EomPolicy == Reserve and !cell.isEOM       // one place kept for the EOM
               V     otherwise
       if eomLost[v] and !cell.isEOM:  d = DROP_FRAME(EOM_LOST, keepEom)   // only when first
       else if X_v >= limit:           d = DROP_FRAME(VC_QUEUE_FULL, keepEom)
       else if !HasRoom(cell):         d = DROP_FRAME(BUFFER_FULL, keepEom)
       else:                           d = ACCEPT
       if cell.isEOM:   eomLost[v] = (d is a drop) and (!first or eomLost[v])
   DROP_PPD EOM (AdmitDelimiter(state, v, eom)): kept iff X_v < V and X < K; kept: eomLost[v] =
 false, dropped: eomLost[v] |= cells of this PDU were accepted
   @endverbatim
 *
 * Every drop is Overflow(): DROP_FRAME keeping the EOM (PPD), also on the first cell
 * of a PDU, as SANDIA's rule does not distinguish it. The port then drops the rest of the PDU
 * without consulting the policy, and stores its EOM only if AdmitDelimiter() agrees: here
 * X_v < V (and X < K), so a VC's queue never exceeds V; a refused delimiter of a PDU with
 * accepted cells starts an EOM_LOST discard like an EOM refused by DoAdmit().
 *
 * `EomPolicy` settles an edge case SANDIA leaves open (this model's choice), an EOM arriving
 * while the VC's queue is still full:
 * - `Reserve`: a non-EOM cell needs X_v < V - 1, an EOM X_v < V, so the EOM of a PDU whose
 *   earlier cells were accepted always finds a place in the VC's queue ("the EOM cell will not
 *   be dropped"; only the physical buffer can still refuse it).
 * - `DropAndContinue` (default, as standard PPD): every cell needs X_v < V; an EOM that
 *   finds the queue full is dropped, so the PDU's accepted cells will be merged at the receiver
 *   with the next PDU and both are lost. The policy then keeps discarding through the next EOM
 *   (as PPD keeps discarding through the next EOM after any drop): the next PDU is refused on
 *   its first cell with EOM_LOST and its EOM kept, which ends the merged PDU at the receiver
 *   without forwarding the next PDU's cells for nothing. A single-cell next PDU is offered
 *   normally (it is the delimiter). The same applies whenever the policy drops the EOM of a PDU
 *   with accepted cells, also under `Reserve` (physical buffer full).
 *
 * The policy learns only about the EOMs it drops itself: an EOM the port drops in DROP_PPD
 * (X = K) merges PDUs without an EOM_LOST discard.
 *
 * A per-VC refusal takes precedence over a physical one when both hold (the reason says which
 * limit refused the cell). Defaults: V = 256 cells, the per-VC queue of SANDIA's switches and of
 * its six-session runs (SANDIA Table 1: the smallest power of two holding one 8 KB packet);
 * K is the port's BufferCells, shared by all VCs: SANDIA's switches have only per-VC limits, so
 * give the port BufferCells >= VCs x V to reproduce them.
 */
class SandiaDropTailBufferPolicy : public AtmBufferPolicy
{
  public:
    /// What happens to an EOM cell that finds its VC's queue full (attribute "EomPolicy").
    enum EomPolicy
    {
        RESERVE,           //!< "Reserve": keep one place per VC for the EOM
        DROP_AND_CONTINUE, //!< "DropAndContinue": drop it and discard through the next EOM
    };

    /// Drop reason: the VC's queue held VcBufferCells cells (VcBufferCells - 1 under Reserve).
    static constexpr char VC_QUEUE_FULL[] = "SandiaDropTail: per-VC queue full";
    /// Drop reason: the VC's queue had room but the port's buffer did not (HasRoom()).
    static constexpr char BUFFER_FULL[] = "SandiaDropTail: buffer full";
    /// Drop reason: the VC's previous EOM was dropped; this PDU is discarded through its EOM.
    static constexpr char EOM_LOST[] = "SandiaDropTail: discarding after a dropped EOM";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SandiaDropTailBufferPolicy();
    ~SandiaDropTailBufferPolicy() override;

    void NotifyVcAdded(uint32_t vc) override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
    /**
     * @brief The EOM of a discarded PDU is kept only within the VC's limit (X_v < VcBufferCells),
     *        so the per-VC queue never exceeds VcBufferCells; a refused delimiter of a PDU with
     *        accepted cells starts an EOM_LOST discard like an EOM the policy drops itself.
     * @param state the port state
     * @param vc the EOM's VC, as an index of @p state
     * @param eom the EOM cell
     * @return true if the EOM fits the VC's queue
     */
    bool DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom) override;

    uint32_t m_vcBufferCells{256};            //!< "VcBufferCells", V
    EomPolicy m_eomPolicy{DROP_AND_CONTINUE}; //!< "EomPolicy"
    std::vector<uint8_t> m_eomLost;           //!< per VC: the last PDU's EOM was dropped here
    std::vector<uint8_t> m_pduStarted;        //!< per VC: a cell of the current PDU was accepted
};

} // namespace ns3

#endif // SANDIA_DROP_TAIL_BUFFER_POLICY_H
