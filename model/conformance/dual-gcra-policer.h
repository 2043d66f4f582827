/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUAL_GCRA_POLICER_H
#define DUAL_GCRA_POLICER_H

#include "atm-policer.h"
#include "dual-gcra.h"

#include "ns3/atm-cell-rate.h"

/**
 * @file
 * @ingroup atm
 * ns3::DualGcraPolicer: the VBR UPC (VBR.1, VBR.2, VBR.3) with a dual GCRA.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The VBR usage parameter control (TM 4.0, BON Fig 3.2): GCRA(1/PCR, CDVT) on all
 *        cells and GCRA(1/SCR, tau_S) on the cells of the SCR flow, the SCR bucket being
 *        evaluated only for PCR-conforming cells; tau_S = CdvtScr + (MBS - 1)(1/SCR - 1/PCR).
 *
 * | definition | `ScrFlow`   | `ScrAction` | PCR failure | SCR failure                  |
 * |------------|-------------|-------------|-------------|------------------------------|
 * | VBR.1      | CLP_0_PLUS_1 | DISCARD    | discard     | discard                      |
 * | VBR.2      | CLP_0       | DISCARD     | discard     | discard (CLP=0 cells only)   |
 * | VBR.3      | CLP_0       | TAG         | discard     | tag CLP 0 -> 1 and pass      |
 *
 * With `ScrFlow` CLP_0, cells arriving with CLP = 1 are tested against the PCR only. BON's
 * figure updates TAT_PCR before the SCR test, so a cell discarded for SCR still charges the PCR
 * bucket; `UpdateMode` CONFORMING_ONLY charges each bucket only for cells that leave the UPC
 * (the PCR bucket) or leave untagged (the SCR bucket) — see DualGcra.
 */
class DualGcraPolicer : public AtmPolicer
{
  public:
    /// Reason: the cell failed the PCR test.
    static constexpr char PCR_NONCONFORMING[] = "UPC: cell not conforming to GCRA(1/PCR, CDVT)";
    /// Reason: the cell passed the PCR test but failed GCRA(1/SCR, tau_S).
    static constexpr char SCR_NONCONFORMING[] =
        "UPC: cell not conforming to GCRA(1/SCR, tau_S) (SCR/MBS)";

    /// Which cells the SCR bucket tests.
    enum ScrFlow
    {
        CLP_0_PLUS_1, //!< all cells (VBR.1)
        CLP_0,        //!< cells with CLP = 0 only (VBR.2, VBR.3)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DualGcraPolicer();
    ~DualGcraPolicer() override;

    /// @return the dual GCRA (its state included)
    const DualGcra& GetDualGcra() const;

  private:
    AtmPolicingDecision DoPolice(const AtmCell& cell, Time arrival, bool firstCellOfPdu) override;
    /// Build the algorithm from the attributes at the first cell.
    void Configure();

    AtmCellRate m_pcr;                               //!< "PcrCellsPerSec"
    Time m_cdvt;                                     //!< "Cdvt"
    AtmCellRate m_scr;                               //!< "ScrCellsPerSec"
    uint32_t m_mbs{1};                               //!< "MbsCells"
    Time m_cdvtScr;                                  //!< "CdvtScr"
    ScrFlow m_scrFlow{CLP_0_PLUS_1};                 //!< "ScrFlow"
    NonConformingAction m_scrAction{ACTION_DISCARD}; //!< "ScrAction"
    DualGcra::UpdateMode m_mode{DualGcra::BON};      //!< "UpdateMode"
    DualGcra m_gcra;                                 //!< the algorithm
    bool m_configured{false};                        //!< m_gcra built
};

} // namespace ns3

#endif // DUAL_GCRA_POLICER_H
