/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DUAL_GCRA_H
#define DUAL_GCRA_H

#include "gcra.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>

/**
 * @file
 * @ingroup atm
 * ns3::DualGcra: the dual GCRA of VBR contracts (PCR and SCR/MBS buckets).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The dual GCRA of VBR contracts: GCRA(1/PCR, tau_PCR) and GCRA(1/SCR, tau_S), the SCR
 * bucket evaluated only for PCR-conforming cells (BON Fig 3.2; ATM Forum TM 4.0).
 *
 * @verbatim
   if t_a < TAT_PCR - tau_PCR:  NON_CONFORMING_PCR                       (no state change)
   else { TAT_PCR = max(t_a, TAT_PCR) + T_PCR                            (mode BON: always)
          if testScr:
              if t_a < TAT_SCR - tau_S:  NON_CONFORMING_SCR              (TAT_SCR unchanged)
              else  TAT_SCR = max(t_a, TAT_SCR) + T_SCR;  CONFORMING
          else CONFORMING                                                (SCR bucket untouched) }
   tau_S = tau_SCR + (MBS - 1)(1/SCR - 1/PCR)                            (eq. 3.1)
   @endverbatim
 *
 * <b>Conformance definitions.</b> VBR.1 tests every cell against both buckets:
 * Police(t, true, false). VBR.2 and VBR.3 test CLP=0+1 against the PCR and only CLP=0 against
 * the SCR: Police(t, clp == 0, passes), where @p passesOnScrFailure says what the UPC does with
 * an SCR-non-conforming CLP=0 cell: discard it (VBR.2, passes = false) or tag it CLP=1 and let
 * it through (VBR.3, passes = true).
 *
 * <b>Update-mode ambiguity.</b> BON's figure updates TAT_PCR before the SCR test, so
 * a cell that is then discarded for the SCR still charges the PCR bucket. The alternative,
 * "standard-inspired" (TM 4.0 Annex, unverified), charges only the cells that actually leave the
 * UPC. Both are offered:
 *
 * - UpdateMode BON (default, faithful to the figure): every PCR-conforming cell charges
 *   TAT_PCR; @p passesOnScrFailure is ignored.
 * - UpdateMode CONFORMING_ONLY: TAT_PCR is charged only by cells that leave the UPC (CONFORMING,
 *   or NON_CONFORMING_SCR with @p passesOnScrFailure, i.e. tagged); TAT_SCR only by cells that
 *   leave untagged (SCR-conforming).
 *
 * In both modes TAT_SCR is charged exactly by the SCR-conforming cells, so the two modes differ
 * only after an SCR-non-conforming cell that is discarded (passesOnScrFailure false): BON then
 * holds the next cell back by one more PCR increment. With passesOnScrFailure true (VBR.3) they
 * decide identically on every sequence (tested).
 *
 * <b>Exact time.</b> Each bucket is a Gcra with its own exact sub-step unit; tau_S is kept
 * exactly in a unit in which 1/SCR and 1/PCR are both integral (their lcm, chosen by
 * AtmExactTime), so that a source sending MBS cells at exactly PCR and then at exactly SCR
 * conforms for ever (tested with PCR OC3c, SCR 61,000 cells/s and MBS 32 over 10^5 cells on
 * time steps, tau_SCR = 0; tau_S rounded down by its 0.63 ns fraction rejects cell 32). As with
 * Gcra, the PCR test of a stream on integer time steps needs a CDVT of at least one step when
 * 1/PCR is not integral.
 *
 * GetEarliestConformingTime() serves a VBR shaper: sending every cell at
 * max(now, GetEarliestConformingTime(true)) gives bursts of MBS cells at PCR, then cells at SCR,
 * and meets the burst bound of eq. 3.2, N(t) <= min(floor(1 + (t + tau_S)/T_SCR),
 * floor(1 + t/T_PCR)), with equality from idle (tested).
 *
 * A small copyable value: no allocation, no events, no simulator calls. Arrivals must not
 * decrease (NS_ASSERT).
 */
class DualGcra
{
  public:
    /// Which cells charge the two buckets (see the class documentation).
    enum UpdateMode : uint8_t
    {
        BON,            //!< every PCR-conforming cell charges TAT_PCR (BON Fig 3.2)
        CONFORMING_ONLY //!< only cells leaving the UPC charge TAT_PCR, only untagged ones TAT_SCR
    };

    /// The decision on one cell.
    enum Result : uint8_t
    {
        CONFORMING,         //!< conforms to both tests that apply
        NON_CONFORMING_PCR, //!< fails GCRA(1/PCR, tau_PCR); the SCR was not tested
        NON_CONFORMING_SCR  //!< passes the PCR test, fails GCRA(1/SCR, tau_S)
    };

    /// Unconfigured: Police() and the queries abort until a configured one is assigned.
    DualGcra();

    /**
     * @brief A dual GCRA from the traffic contract, tau_S computed exactly (eq. 3.1).
     *
     * Aborts if a rate is zero, SCR > PCR, MBS < 1 or a tolerance is negative.
     *
     * @param pcr the peak cell rate
     * @param cdvt tau_PCR, the CDVT of the PCR test
     * @param scr the sustainable cell rate (at most pcr)
     * @param mbs the maximum burst size in cells (at least 1)
     * @param cdvtScr tau_SCR, the CDVT associated with the SCR
     * @param mode the update mode
     */
    DualGcra(AtmCellRate pcr,
             Time cdvt,
             AtmCellRate scr,
             uint32_t mbs,
             Time cdvtScr = Time(0),
             UpdateMode mode = BON);

    /**
     * @brief A dual GCRA with an explicit SCR limit tau_S (e.g. one configured on a switch).
     *
     * Aborts if a rate is zero, SCR > PCR or a tolerance is negative.
     *
     * @param pcr the peak cell rate
     * @param cdvt tau_PCR
     * @param scr the sustainable cell rate (at most pcr)
     * @param burstTolerance tau_S, the limit of the SCR test
     * @param mode the update mode
     */
    DualGcra(AtmCellRate pcr,
             Time cdvt,
             AtmCellRate scr,
             Time burstTolerance,
             UpdateMode mode = BON);

    /**
     * @brief Police one cell and update the buckets as the mode says.
     * @param arrival the arrival time (not before the previous arrival)
     * @param testScr test the SCR bucket (VBR.1: always; VBR.2/3: CLP=0 cells only)
     * @param passesOnScrFailure the UPC lets an SCR-non-conforming cell through (tagged, VBR.3)
     *        rather than discarding it (VBR.1/2); used by CONFORMING_ONLY only
     * @return the decision
     */
    Result Police(Time arrival, bool testScr, bool passesOnScrFailure);

    /**
     * @brief Whether a cell would be CONFORMING, without changing the state.
     * @param arrival a time
     * @param testScr whether the SCR test applies
     * @return true if Police(arrival, testScr, ...) would return CONFORMING
     */
    bool WouldConform(Time arrival, bool testScr) const;

    /**
     * @brief The earliest time step at which a cell would be CONFORMING: the later of the two
     * buckets' earliest conforming times (the PCR bucket's alone if !testScr).
     *
     * As with Gcra, it may lie before the last arrival; place the cell at
     * max(now, GetEarliestConformingTime(testScr)).
     *
     * @param testScr whether the SCR test applies to the cell
     * @return the time, or Time::Min() if the buckets are idle
     */
    Time GetEarliestConformingTime(bool testScr) const;

    /// Forget all cells (both buckets idle).
    void Reset();

    /// @return true unless default-constructed
    bool IsConfigured() const
    {
        return m_pcr.IsConfigured();
    }

    /// @return the PCR bucket GCRA(1/PCR, tau_PCR)
    const Gcra& GetPcrGcra() const
    {
        return m_pcr;
    }

    /// @return the SCR bucket GCRA(1/SCR, tau_S)
    const Gcra& GetScrGcra() const
    {
        return m_scr;
    }

    /// @return tau_S rounded up to a time step
    Time GetBurstTolerance() const;

    /// @return tau_S exactly
    AtmExactTime GetExactBurstTolerance() const;

    /// @return the update mode
    UpdateMode GetUpdateMode() const
    {
        return m_mode;
    }

    /**
     * @param result a decision
     * @return its name: "CONFORMING", "NON_CONFORMING_PCR" or "NON_CONFORMING_SCR"
     */
    static const char* GetResultName(Result result);

  private:
    /**
     * @brief Abort on an invalid contract, naming the value and the fix.
     * @param pcr the peak cell rate
     * @param cdvt tau_PCR
     * @param scr the sustainable cell rate
     */
    static void Validate(AtmCellRate pcr, Time cdvt, AtmCellRate scr);

    Gcra m_pcr;         //!< GCRA(1/PCR, tau_PCR)
    Gcra m_scr;         //!< GCRA(1/SCR, tau_S), tau_S exact
    Time m_lastArrival; //!< the last arrival (order check)
    UpdateMode m_mode;  //!< update mode
};

/**
 * @ingroup atm
 * @brief Print a DualGcra decision by name.
 * @param os the stream
 * @param result the decision
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, DualGcra::Result result);

} // namespace ns3

#endif // DUAL_GCRA_H
