/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VBR_SHAPER_H
#define VBR_SHAPER_H

#include "atm-shaper.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/dual-gcra.h"

/**
 * @file
 * @ingroup atm
 * ns3::VbrShaper: shapes a flow to a VBR contract with a dual GCRA.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Shapes a flow to a VBR contract (TEN34, BON): each cell starts in the first slot of the
 *        link at which it conforms to both GCRA(1/PCR, Tolerance) and GCRA(1/SCR, tau_S),
 *        tau_S = (MBS - 1)(1/SCR - 1/PCR) (DualGcra, exact). A backlogged flow therefore sends
 *        bursts of MBS cells at PCR from idle, then settles at SCR; the output conforms to the
 *        VBR.1 dual GCRA with the same parameters (CDVT >= Tolerance).
 *
 * Slot quantisation as for PcrShaper: the long-run rate is exactly SCR when tau_S covers one
 * cell time of the link (MBS >= 2 and SCR well below PCR, the usual case).
 */
class VbrShaper : public AtmShaper
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    VbrShaper();
    ~VbrShaper() override;

  private:
    void DoAttach(const AtmCellClock& clock) override;
    Time DoGetEarliestStart() const override;
    void DoNotifySent(const AtmCell& cell, Time slotStart) override;

    AtmCellRate m_pcr;     //!< "PcrCellsPerSec"
    AtmCellRate m_scr;     //!< "ScrCellsPerSec"
    uint32_t m_mbs{1};     //!< "MbsCells"
    Time m_tolerance;      //!< "Tolerance"
    DualGcra m_gcra;       //!< the rule
    bool m_started{false}; //!< a cell was sent
};

} // namespace ns3

#endif // VBR_SHAPER_H
