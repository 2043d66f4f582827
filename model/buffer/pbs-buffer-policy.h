/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PBS_BUFFER_POLICY_H
#define PBS_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Partial Buffer Sharing (BON Fig. 6.1): CLP=0 cells may fill the whole buffer, CLP=1 cells
 * only its part below a threshold.
 *
 * With X the cells in the buffer at the arrival instant, K the buffer size (AtmPortState; inside
 * a per-class partition of AtmOutputPort, the partition's), T = `ClpThresholdCells` and
 * HasRoom() the base class's space(cell) test (X < K, or X < K - `EomReserveCells` for a
 * non-EOM cell):
 *
 * @verbatim
   Admit(state, vc, cell):
       if !HasRoom(cell):              DROP_CELL(BUFFER_FULL)      // X == K
       else if X < T or cell.CLP == 0: ACCEPT
       else:                           DROP_CELL(CLP_THRESHOLD)
   @endverbatim
 *
 * This is BON's VBR.2/VBR.3 acceptance (O. Bonaventure, "Integration of ATM under TCP/IP to
 * provide services with minimum guaranteed bandwidth", PhD thesis, Universite de Liege, 1998,
 * Fig. 6.1), the CLP-threshold rule of the per-class queues of FORE's ASX-200 (TEN34:
 * "CLP threshold 256" on 256-cell queues) and of the VBR buffer beside JAIN's UBR buffer.
 *
 * Per cell, not PDU-aware (IsFrameAware() is false), as BON's VBR results need it to be:
 * a partially tagged PDU loses exactly its individual CLP=1 cells while X >= T, its CLP=0 cells
 * still enter, and the damaged PDU crosses the network to be discarded by the receiver. The VC
 * stays in frame state ACCEPT after a drop.
 *
 * Threshold. T >= K means "no CLP distinction": every cell enters when there is room, which is
 * BON's VBR.1 (the same decisions as TailDropBufferPolicy, with this class's reasons); set T = K
 * for it. T = 0 never accepts a CLP=1 cell. BON sets PBS_threshold by CAC, close to 0 when bursty
 * contracts reserve the whole buffer; the default is 0, the only value valid for every K (this
 * class has no fraction form: a threshold is a number of cells that CAC computed). T > K is a
 * configuration error, most likely a threshold meant for another buffer (a shared buffer versus
 * a per-class partition): the first decision with T > K aborts (NS_ABORT_MSG, every build) naming
 * T and K and the fix. The check runs on every decision (one comparison), so a policy moved to a
 * smaller buffer is caught too.
 *
 * Seed experiments: BON's VBR.2/VBR.3 backbones (BON ch. 6.4), the FORE per-class queues of TEN34
 * (T = K = 256) and the VBR class of JAIN-VBR/JAIN-GR (JAIN AF-424, whose VBR source sends CLP=0
 * only, so any T behaves as VBR.1 there).
 */
class PbsBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: the buffer had no room for the cell (X == K).
    static constexpr char BUFFER_FULL[] = "PBS: buffer full";
    /// Drop reason: a CLP=1 cell found X >= ClpThresholdCells.
    static constexpr char CLP_THRESHOLD[] = "PBS: CLP=1 cell at or above the threshold";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PbsBufferPolicy();
    ~PbsBufferPolicy() override;

    /// @return false: PBS decides cell by cell (BON Fig. 6.1)
    bool IsFrameAware() const override;

  private:
    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    uint32_t m_clpThresholdCells{0}; //!< "ClpThresholdCells", T
};

} // namespace ns3

#endif // PBS_BUFFER_POLICY_H
