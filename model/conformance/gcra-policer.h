/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GCRA_POLICER_H
#define GCRA_POLICER_H

#include "atm-policer.h"
#include "gcra.h"

#include "ns3/atm-cell-rate.h"

/**
 * @file
 * @ingroup atm
 * ns3::GcraPolicer: PCR policing with one GCRA (CBR.1, UBR.1/2, ABR and GFR.1 PCR).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Polices the peak cell rate of all cells (CLP 0+1) with GCRA(1/PCR, CDVT) (TM 4.0):
 *        the UPC of CBR.1, of UBR.1/UBR.2 and ABR/GFR.1 contracts with a PCR.
 *
 * A cell arriving at t is non-conforming iff t < TAT - CDVT (exact rational TAT, Gcra); what
 * happens to it is `NonConformingAction` (discard by default; UBR.2 contracts are policed with
 * tagging; pass only counts). The increment is exactly 1/PCR (no rounding to the time
 * resolution), so a source spaced at exactly PCR on the same link clock conforms with CDVT 0.
 */
class GcraPolicer : public AtmPolicer
{
  public:
    /// Reason: the cell failed GCRA(1/PCR, CDVT).
    static constexpr char PCR_NONCONFORMING[] = "UPC: cell not conforming to GCRA(1/PCR, CDVT)";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    GcraPolicer();
    ~GcraPolicer() override;

    /// @return the GCRA (its state included)
    const Gcra& GetGcra() const;

  private:
    AtmPolicingDecision DoPolice(const AtmCell& cell, Time arrival, bool firstCellOfPdu) override;
    /// Build the GCRA from the attributes at the first cell (aborts if PcrCellsPerSec is unset).
    void Configure();

    AtmCellRate m_pcr;                            //!< "PcrCellsPerSec"
    Time m_cdvt;                                  //!< "Cdvt"
    NonConformingAction m_action{ACTION_DISCARD}; //!< "NonConformingAction"
    Gcra m_gcra;                                  //!< the algorithm
    bool m_configured{false};                     //!< m_gcra built
};

} // namespace ns3

#endif // GCRA_POLICER_H
