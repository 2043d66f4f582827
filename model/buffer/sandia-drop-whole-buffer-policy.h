/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SANDIA_DROP_WHOLE_BUFFER_POLICY_H
#define SANDIA_DROP_WHOLE_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief SANDIA "drop-whole": on overflow of a per-VC queue of `VcBufferCells` cells,
 * drop the whole PDU, also its cells already queued, for ports in QueueMode PER_VC.
 *
 * Source: C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP Performance in ATM
 * Networks", Sandia National Laboratories, 1994 (SANDIA): "In addition to dropping the tail
 * [...] the head of the packet is also dropped. Whenever an incoming cell is dropped as a result
 * of queue overflow, cells from the end of the per VC queue are dequeued and dropped, up to but
 * not including the EOM cell of the previous packet. Then [...] drop subsequent cells until the
 * end of the packet, including the EOM cell."
 *
 * With X_v = GetVcCells(v), V = `VcBufferCells` and HasRoom() the physical test of the base
 * class (X < K, minus `EomReserveCells` for a non-EOM cell):
 *
 * @verbatim
   Admit(state, v, cell):
       if X_v >= V:       DROP_AND_PURGE_TAIL(VC_QUEUE_FULL)
       else if !HasRoom:  DROP_AND_PURGE_TAIL(BUFFER_FULL)
       else:              ACCEPT
   @endverbatim
 *
 * The port executes DROP_AND_PURGE_TAIL (AtmOutputPort): it drops the cell and removes the VC's
 * queued cells of the current PDU (its newest cells, back to but not including the previous
 * PDU's EOM), then drops the rest of the PDU including its EOM (DROP_ALL) without consulting the
 * policy. The policy is stateless: the purge and the discard are the port's.
 *
 * SANDIA's observation (six sessions, 256-cell per-VC queues): a PDU is either forwarded whole or
 * not at all, so the link carries no cell of a damaged PDU; the cell-drop rate then approximates
 * TCP's retransmission rate (17 % and about 18 %) and raw utilisation equals effective utilisation.
 *
 * Edge case SANDIA leaves open (this model's choice): if a cell of the PDU has already left the
 * port (headSent, tracked by the port), dropping its EOM would merge the transmitted head with the
 * next PDU at the receiver; the port then falls back to drop-tail for that PDU: nothing purged, the
 * rest dropped, the EOM stored if X < K (without a per-VC test, so X_v can reach V + 1). If the
 * overflowing cell is that EOM itself it is dropped and the merge happens anyway. For a per-VC
 * overflow the fallback needs a PDU longer than V cells (the VC's queue then holds only cells of
 * the current PDU); it does not arise with SANDIA's 256-cell queues and 8 KB (about 171-cell)
 * packets. When the port's shared buffer K overflows (BUFFER_FULL) it can happen with PDUs of any
 * length. The policy cannot see headSent; the fallback is entirely the port's.
 *
 * A per-VC refusal takes precedence over a physical one when both hold. Defaults: V = 256 cells,
 * SANDIA's per-VC queue (SANDIA Table 1); K is the port's BufferCells, shared by all VCs: SANDIA's
 * switches have only per-VC limits, so give the port BufferCells >= VCs x V to reproduce them.
 */
class SandiaDropWholeBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: the VC's queue held VcBufferCells cells.
    static constexpr char VC_QUEUE_FULL[] = "SandiaDropWhole: per-VC queue full";
    /// Drop reason: the VC's queue had room but the port's buffer did not (HasRoom()).
    static constexpr char BUFFER_FULL[] = "SandiaDropWhole: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SandiaDropWholeBufferPolicy();
    ~SandiaDropWholeBufferPolicy() override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    uint32_t m_vcBufferCells{256}; //!< "VcBufferCells", V
};

} // namespace ns3

#endif // SANDIA_DROP_WHOLE_BUFFER_POLICY_H
