/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TAIL_DROP_BUFFER_POLICY_H
#define TAIL_DROP_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Tail drop ("simple cell drop", SANDIA): a cell enters iff the shared buffer has room.
 *
 * @verbatim
   Admit(state, vc, cell):
       if X < K: ACCEPT
       else:     DROP_CELL (BUFFER_FULL)
   @endverbatim
 *
 * with X the cells in the buffer at the arrival instant and K the buffer size (AtmPortState).
 * The policy ignores PDU boundaries (IsFrameAware() is false): after a cell of a PDU is lost, the
 * remaining cells of that PDU are still accepted when there is room, and waste link capacity,
 * buffer space and reassembly work downstream. It is the baseline of the frame-aware schemes:
 * the "UBR" column of the tables in R. Jain et al., "Design Issues for Traffic Management for
 * the ATM UBR+ Service for TCP over Satellite Networks", NASA/CR-1999-209158, 1999 (JAIN), and
 * the plain cell-drop case of C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP
 * Performance in ATM Networks", Sandia National Laboratories, 1994 (SANDIA), applied there to
 * each per-VC queue. The policy has no attribute: K is the port's BufferCells.
 */
class TailDropBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: the buffer held K cells when the cell arrived.
    static constexpr char BUFFER_FULL[] = "TailDrop: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TailDropBufferPolicy();
    ~TailDropBufferPolicy() override;

    /// @return false: tail drop decides cell by cell
    bool IsFrameAware() const override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
};

} // namespace ns3

#endif // TAIL_DROP_BUFFER_POLICY_H
