/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VC_TAIL_DROP_BUFFER_POLICY_H
#define VC_TAIL_DROP_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief SANDIA's "simple cell drop" on per-VC queues (tail drop applied per VC): a cell
 * enters iff its VC's queue holds fewer than `VcBufferCells` cells and the shared buffer has room.
 *
 * @verbatim
   Admit(state, v, cell):
       if X_v >= V:  DROP_CELL (VC_QUEUE_FULL)
       if X >= K:    DROP_CELL (BUFFER_FULL)
       else:         ACCEPT
   @endverbatim
 *
 * with X_v = GetVcCells(v), V = `VcBufferCells`, X the cells in the buffer and K the port's
 * BufferCells. Like TailDropBufferPolicy it ignores PDU boundaries (IsFrameAware() is false):
 * the cells of a PDU that lost one are still forwarded when there is room, and the receiver
 * discards the PDU. It is the baseline ("simple cell drop") of SANDIA's comparison of per-VC
 * queue policies, next to SandiaDropTailBufferPolicy (PPD on the per-VC queue) and
 * SandiaDropWholeBufferPolicy: C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP
 * Performance in ATM Networks", Sandia National Laboratories, 1994 (SANDIA), section 5 (Table 1:
 * 256-cell per-VC queues in the six-session runs). Use it on ports in QueueMode PER_VC; in a SHARED
 * port it still limits each VC's cells in the FIFO.
 *
 * A per-VC refusal takes precedence when both limits hold (the reason says which one refused).
 * SANDIA's switches have only per-VC limits: give the port BufferCells >= VCs x V to reproduce
 * them. Default V = 256 cells (SANDIA).
 */
class VcTailDropBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: the cell's VC held VcBufferCells cells.
    static constexpr char VC_QUEUE_FULL[] = "VcTailDrop: per-VC queue full";
    /// Drop reason: the buffer held K cells.
    static constexpr char BUFFER_FULL[] = "VcTailDrop: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    VcTailDropBufferPolicy();
    ~VcTailDropBufferPolicy() override;

    /// @return false: the policy decides cell by cell
    bool IsFrameAware() const override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    uint32_t m_vcBufferCells{256}; //!< "VcBufferCells", V
};

} // namespace ns3

#endif // VC_TAIL_DROP_BUFFER_POLICY_H
