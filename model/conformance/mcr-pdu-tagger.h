/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MCR_PDU_TAGGER_H
#define MCR_PDU_TAGGER_H

#include "atm-pdu-tagger.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::McrPduTagger: the adapter-side PDU tagging of Bonaventure's thesis (Fig. 7.4).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Tags (CLP = 1) the PDUs a GFR source sends above its MCR, at the source: the rule of
 *        O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 7.1, Fig. 7.4 (short name
 *        `mcr`).
 *
 * With T_MCR = 1/MCR, T_PCR = 1/PCR and the burst tolerance tau = (MBS - 1)(T_MCR - T_PCR), at
 * the beginning of the transmission of a PDU of L cells at t_a:
 *
 * @verbatim
   if t_a + (L - 1) T_PCR >= max(t_a, TAT) + (L - 1) T_MCR - tau:
       TAT = max(t_a, TAT) + L T_MCR;   the whole PDU goes with CLP = 0
   else
       the whole PDU goes with CLP = 1  (TAT unchanged)
   @endverbatim
 *
 * The test is the GCRA(T_MCR, tau) test of the PDU's last cell, had its L cells been charged one
 * by one at PCR from t_a: a CLP = 0 PDU is sent only if all its cells conform to the MBS burst
 * rule, so the CLP = 0 cells of the VC conform to GCRA(T_MCR, tau) cell by cell and a GFR.2
 * UPC's F-GCRA(T_MCR, f >= tau) downstream finds every one of these PDUs eligible. BON uses
 * tau_MCR = (2 MFS - 1)(T_MCR - T_PCR), i.e. MBS = 2 MFS: from idle two PDUs of MFS cells go at
 * PCR with CLP = 0, and for PDUs of exactly MFS cells the rule is F-GCRA(T_MCR, MFS (T_MCR -
 * T_PCR)) (BON's statement; `atm-pdu-tagging` checks it on random streams). A PDU longer than
 * MBS cells is always tagged; shorter PDUs may go untagged where an MFS-sized one would not.
 *
 * Parameters (0 takes the value from the VC's contract when the adapter attaches the tagger):
 * `McrCellsPerSec` (the contract's MCR), `PcrCellsPerSec` (the contract's PCR, or the link's
 * rate if the contract has none), `MbsCells` (twice the contract's MFS, BON's choice).
 * Configuration errors abort at Attach(): no MCR, MCR > PCR, no MBS and no MFS.
 *
 * Exactness: T_MCR, T_PCR, tau and TAT are kept exactly, in integer sub-steps of 1/M time step
 * (as Gcra keeps them; AtmExactTime), and t_a is compared at the time resolution as every GCRA
 * of the module does: a PDU whose first cell starts in the time step that contains the exact
 * bound is on time (our choice, so that the rule and FrameGcra agree exactly). The figure leaves
 * TAT before the first PDU open; here the first PDU finds TAT <= t_a. Our choice of instant: the
 * adapter decides when the first cell starts on the link (AtmNetDevice), not when the PDU was
 * queued, because the rule assumes the PDU's cells follow t_a at PCR; a PDU that waits behind
 * other VCs or a shaper is judged at its real start.
 */
class McrPduTagger : public AtmPduTagger
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    McrPduTagger();
    ~McrPduTagger() override;

    /// @return the MCR in use (after Attach())
    AtmCellRate GetMcr() const;
    /// @return the PCR in use (after Attach())
    AtmCellRate GetPcr() const;
    /// @return the MBS in use (after Attach())
    uint32_t GetMbs() const;
    /// @return tau = (MBS - 1)(T_MCR - T_PCR), exactly (after Attach())
    AtmExactTime GetTau() const;
    /// @return TAT exactly (zero before the first CLP = 0 PDU)
    AtmExactTime GetTat() const;

  private:
    void DoAttach(const AtmTrafficContract& contract, AtmCellRate lineRate) override;
    bool DoDecide(Time start, uint32_t cells) override;

    AtmCellRate m_mcrAttr;      //!< "McrCellsPerSec"
    AtmCellRate m_pcrAttr;      //!< "PcrCellsPerSec"
    uint32_t m_mbsAttr{0};      //!< "MbsCells"
    AtmCellRate m_mcr;          //!< MCR in use
    AtmCellRate m_pcr;          //!< PCR in use
    uint32_t m_mbs{0};          //!< MBS in use
    uint64_t m_unitsPerStep{0}; //!< M: sub-steps per time step
    AtmInt128 m_tMcr{0};        //!< T_MCR in sub-steps
    AtmInt128 m_delta{0};       //!< T_MCR - T_PCR in sub-steps
    AtmInt128 m_tau{0};         //!< tau in sub-steps
    AtmInt128 m_tat{0};         //!< TAT in sub-steps (valid once m_started)
    int64_t m_maxAbsSteps{0};   //!< starts beyond +- this would overflow the state
    bool m_started{false};      //!< a CLP = 0 PDU was sent
};

} // namespace ns3

#endif // MCR_PDU_TAGGER_H
