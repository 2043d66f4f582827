/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PCR_SHAPER_H
#define PCR_SHAPER_H

#include "atm-shaper.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/gcra.h"

/**
 * @file
 * @ingroup atm
 * ns3::PcrShaper: spaces a flow's cells at its peak cell rate.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Spaces a flow's cells at a peak cell rate (TEN34): each cell starts in the first
 *        slot of the link at which it conforms to GCRA(1/PCR, Tolerance), computed exactly
 *        (Gcra: no rounding of 1/PCR to the time resolution).
 *
 * The output therefore always conforms to a downstream GCRA(1/PCR, CDVT) with CDVT >=
 * Tolerance, measured on first-bit arrivals (AtmSwitch polices those): a source shaped at
 * exactly the policed PCR conforms with CDVT = 0 when Tolerance is 0.
 *
 * Cells can only start at slot boundaries of the link, so the long-run rate of a backlogged
 * flow depends on Tolerance:
 * - Tolerance 0 (default): consecutive cells are ceil(line/PCR) slots apart, the long-run rate
 *   is line / ceil(line / PCR) — exactly the PCR when it divides the line rate, otherwise the
 *   fastest rate a slotted link can send while conforming with CDVT 0 (36,000 cells/s on OC-3c:
 *   one cell per 10 slots, 35,320.75 cells/s);
 * - Tolerance >= one cell time of the link: the GCRA's TAT advances by exactly 1/PCR per cell,
 *   so the long-run rate is exactly PCR; cells may start up to Tolerance early, and the output
 *   conforms to GCRA(1/PCR, Tolerance).
 * Hardware spacers behaved the same way; operators set the CDVT of a policed contract to cover
 * such quantisation (BON, TEN34: the CDVT is set by the operator, not signalled).
 */
class PcrShaper : public AtmShaper
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PcrShaper();
    ~PcrShaper() override;

  private:
    void DoAttach(const AtmCellClock& clock) override;
    Time DoGetEarliestStart() const override;
    void DoNotifySent(const AtmCell& cell, Time slotStart) override;

    AtmCellRate m_pcr;     //!< "PcrCellsPerSec"
    Time m_tolerance;      //!< "Tolerance"
    Gcra m_gcra;           //!< the spacing rule
    bool m_started{false}; //!< a cell was sent
};

} // namespace ns3

#endif // PCR_SHAPER_H
