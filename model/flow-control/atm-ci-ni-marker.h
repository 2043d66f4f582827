/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CI_NI_MARKER_H
#define ATM_CI_NI_MARKER_H

#include "atm-abr-switch-behaviour.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCiNiMarker: binary-mode ABR: CI and NI in RM cells from queue thresholds.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Relative-rate marking (ATM Forum TM 4.0, section 5.10.6): while the port's queue is
 *        long the switch sets the congestion indication (CI: the source lowers ACR by
 *        ACR x RDF) or the no-increase bit (NI: the source keeps ACR) in the RM cells of the
 *        ABR connections that leave through it, instead of marking data cells as EFCI marking
 *        does.
 *
 * With a queue Q (cells in the port's buffer): NI is set when Q >= `NiThresholdCells`, CI when
 * Q >= `CiThresholdCells`; a bit already set stays set. By default the backward RM cells are
 * marked on their way back to the source (the fast path: the switch pairs the two directions of
 * a bidirectional PVC and shows this port each backward RM cell of its VCs; Q is then estimated
 * at that instant from the port's last arrival, see GetQueueEstimate()); with `MarkBackward`
 * false the forward RM cells are marked as they arrive here and reach the source through the
 * destination's turn-around (one more trip through the network).
 *
 * TM 4.0 leaves the thresholds to the switch; the defaults are ours: NI from 64 cells (where
 * FORE switches start EFCI marking) and CI from 256.
 */
class AtmCiNiMarker : public AtmAbrSwitchBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCiNiMarker();
    ~AtmCiNiMarker() override;

    bool ReadsBackwardRm() const override;

    /// @return the RM cells this port set CI in
    uint64_t GetCiMarked() const;
    /// @return the RM cells this port set NI in
    uint64_t GetNiMarked() const;

  private:
    void DoNotifyArrival(const AtmPortState& state, AtmCell& cell) override;
    void DoProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now) override;

    /**
     * @brief Set CI and NI in an RM cell as a queue asks.
     * @param rm the cell's fields
     * @param queueCells the queue
     */
    void Mark(AtmRmFields& rm, uint32_t queueCells);

    uint32_t m_ni{64};      //!< "NiThresholdCells"
    uint32_t m_ci{256};     //!< "CiThresholdCells"
    bool m_backward{true};  //!< "MarkBackward"
    uint64_t m_ciMarked{0}; //!< RM cells given CI
    uint64_t m_niMarked{0}; //!< RM cells given NI
};

} // namespace ns3

#endif // ATM_CI_NI_MARKER_H
