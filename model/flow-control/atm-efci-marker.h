/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_EFCI_MARKER_H
#define ATM_EFCI_MARKER_H

#include "atm-abr-switch-behaviour.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmEfciMarker: binary-mode ABR: EFCI marking with hysteresis thresholds.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The simplest ABR switch behaviour (ATM Forum TM 4.0, section 5.10.6, EFCI marking):
 *        while the port is congested, every user-data cell that arrives at it leaves with the
 *        EFCI bit set (the middle bit of the PTI, ITU-T I.361: "congestion experienced"); the
 *        ABR destination copies the EFCI state of the last data cell into the CI bit of the
 *        backward RM cell it turns around, and the source then lowers its ACR by RDF.
 *
 * Congestion has two thresholds on the cells in the port's buffer (hysteresis): the port
 * becomes congested when a cell arrives and finds at least `OnThresholdCells`, and stops being
 * congested when a cell arrives and finds at most `OffThresholdCells`. The defaults are the FORE
 * switches' (on at 64 cells, off at 1), as the TEN-34 pilot configured them. RM cells are never
 * marked (their PTI is 110). Cells of every VC are marked: only an ABR destination reads EFCI.
 */
class AtmEfciMarker : public AtmAbrSwitchBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmEfciMarker();
    ~AtmEfciMarker() override;

    /// @return true while the port is congested
    bool IsCongested() const;
    /// @return the data cells marked so far
    uint64_t GetCellsMarked() const;

  private:
    void DoNotifyArrival(const AtmPortState& state, AtmCell& cell) override;

    uint32_t m_on{64};       //!< "OnThresholdCells"
    uint32_t m_off{1};       //!< "OffThresholdCells"
    bool m_congested{false}; //!< the port is congested
    uint64_t m_marked{0};    //!< cells marked
};

} // namespace ns3

#endif // ATM_EFCI_MARKER_H
