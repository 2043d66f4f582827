/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ABR_SHAPER_H
#define ABR_SHAPER_H

#include "atm-rate-spacer.h"
#include "atm-shaper.h"

#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/ptr.h"

/**
 * @file
 * @ingroup atm
 * ns3::AbrShaper: paces an ABR VC's in-rate cells at its source's allowed cell rate.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Paces the in-rate cells of one ABR VC (data cells and the forward and backward RM
 *        cells the end system sends in rate) at the allowed cell rate (ACR) of its
 *        AtmAbrSource: ATM Forum Traffic Management 4.0, section 5.10.4, rule 1 ("the source
 *        shall never send in-rate cells at a rate above ACR").
 *
 * The adapter installs it for a VC whose contract is ABR (AtmNetDevice::AddVc); it is not
 * chosen by name. After each cell, the next may start at the earliest 1/ACR later, on the
 * link's slot grid with the exact spacing of AtmRateSpacer (V continues from V while the VC is
 * backlogged, so the long-run rate is ACR and not the link's rate over a whole number of
 * slots); 1/PCR and 1/MCR are exact, other rates' cell times are rounded up.
 *
 * When ACR changes between two cells (a backward RM cell arrived: rules 8 and 9), the VC's next
 * cell is re-spaced from the last one at the new rate (NotifyRateChanged()): a source that
 * learns of a higher rate uses it for the very next cell, as the specification's "send at ACR"
 * reads, rather than after the gap of the old rate. The adapter then re-times the hold
 * (AtmShapingGate::Reshape()). A change made while a cell departs (rules 5 and 6 at a forward
 * RM cell) applies from the next cell, which is spaced at the new ACR.
 */
class AbrShaper : public AtmShaper
{
  public:
    /// TM 4.0's tagged cell rate TCR (cells/s): the pacing's floor for an ACR below it.
    static constexpr double TCR = 10;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AbrShaper();
    ~AbrShaper() override;

    /**
     * @brief Pace at this source's ACR (before Attach()).
     * @param source the VC's ABR source
     * @param mcr the contract's MCR, exact (zero: none)
     * @param pcr the contract's PCR (or the link's rate), exact
     */
    void SetSource(Ptr<AtmAbrSource> source, AtmCellRate mcr, AtmCellRate pcr);

    /// @return the source whose ACR paces the VC
    Ptr<AtmAbrSource> GetSource() const;

    /// @brief ACR changed outside a departure: space the next cell at the new rate.
    void NotifyRateChanged();

  protected:
    void DoDispose() override;

  private:
    void DoAttach(const AtmCellClock& clock) override;
    Time DoGetEarliestStart() const override;
    void DoNotifySent(const AtmCell& cell, Time slotStart) override;

    /// @return 1/ACR in sub-steps (exact at the MCR and the PCR)
    AtmInt128 Increment() const;

    Ptr<AtmAbrSource> m_source; //!< the VC's source
    AtmCellRate m_mcrRate;      //!< MCR, exact (zero: none)
    AtmCellRate m_pcrRate;      //!< PCR, exact
    double m_mcr{0};            //!< MCR in cells/s
    double m_pcr{0};            //!< PCR in cells/s
    AtmRateSpacer m_spacer;     //!< the spacing
};

} // namespace ns3

#endif // ABR_SHAPER_H
