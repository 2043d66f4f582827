/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FRAME_GCRA_POLICER_H
#define FRAME_GCRA_POLICER_H

#include "atm-policer.h"
#include "frame-gcra.h"
#include "gcra.h"

#include "ns3/atm-cell-rate.h"

/**
 * @file
 * @ingroup atm
 * ns3::FrameGcraPolicer: the GFR.2 UPC (PCR policing and F-GCRA tagging of whole PDUs).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The GFR.2 usage parameter control (BON): the PCR is policed on every cell
 *        with GCRA(1/PCR, CDVT) (non-conforming cells discarded), and F-GCRA(1/MCR, f),
 *        f = CdvtMcr + (MBS - 1)(1/MCR - 1/PCR), decides on the first cell of each AAL5 PDU
 *        whether the PDU is eligible for the MCR guarantee. Every cell of a non-eligible CLP=0
 *        PDU is tagged (CLP 0 -> 1), so that inside the network CLP=0 <=> eligible. A PDU that
 *        arrives with CLP = 1 is never eligible and passes unchanged.
 *
 * `MfsCells` (0: not checked): the cells of a PDU beyond its MFS-th are tagged too — the TM 4.1
 * rule that frames above MFS are non-conforming [standard, unverified in the sources].
 */
class FrameGcraPolicer : public AtmPolicer
{
  public:
    /// Reason: the cell failed the PCR test.
    static constexpr char PCR_NONCONFORMING[] = "UPC: cell not conforming to GCRA(1/PCR, CDVT)";
    /// Reason: the cell belongs to a PDU that F-GCRA found not eligible.
    static constexpr char NOT_ELIGIBLE[] = "UPC: PDU not eligible under F-GCRA(1/MCR, f)";
    /// Reason: the cell lies beyond the PDU's MFS-th cell.
    static constexpr char ABOVE_MFS[] = "UPC: PDU longer than the MFS";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    FrameGcraPolicer();
    ~FrameGcraPolicer() override;

    /// @return the F-GCRA (its state included)
    const FrameGcra& GetFrameGcra() const;

  private:
    AtmPolicingDecision DoPolice(const AtmCell& cell, Time arrival, bool firstCellOfPdu) override;
    /// Build the algorithms from the attributes at the first cell.
    void Configure();

    AtmCellRate m_pcr;        //!< "PcrCellsPerSec"
    Time m_cdvt;              //!< "Cdvt"
    AtmCellRate m_mcr;        //!< "McrCellsPerSec"
    uint32_t m_mbs{1};        //!< "MbsCells"
    uint32_t m_mfs{0};        //!< "MfsCells"
    Time m_cdvtMcr;           //!< "CdvtMcr"
    Gcra m_pcrGcra;           //!< PCR test
    FrameGcra m_fgcra;        //!< eligibility
    uint32_t m_pduCells{0};   //!< cells of the current PDU seen
    bool m_configured{false}; //!< algorithms built
};

} // namespace ns3

#endif // FRAME_GCRA_POLICER_H
