/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FRAME_GCRA_H
#define FRAME_GCRA_H

#include "gcra.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::FrameGcra: F-GCRA(T, f), the frame-based GCRA that decides GFR eligibility.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief F-GCRA(T, f): the frame-based GCRA deciding which AAL5 PDUs of a GFR VC are eligible
 * for the MCR guarantee (BON; ATM Forum TM 4.1).
 *
 * @verbatim
   T = 1/MCR,   f >= tau_MCR + (MBS - 1)(1/MCR - 1/PCR)
   first cell of an AAL5 PDU at t_a:
       if t_a < TAT - f or cell.CLP == 1:  eligible = false          (the whole PDU)
       else:  eligible = true;  TAT = max(t_a, TAT) + T
   later cell (middle or last):
       if eligible:  TAT = max(t_a, TAT) + T          (every cell of an eligible PDU charges)
   @endverbatim
 *
 * The decision is taken on the first cell; the per-VC "current PDU eligible" bit carries it to
 * the rest of the PDU, so a GFR.2 UPC tags non-eligible CLP=0 PDUs whole and a switch serving
 * GFR.1 knows which CLP=0 PDUs it must deliver for the MCR. Cells of a non-eligible PDU never
 * charge. A later cell is charged whatever its CLP (end systems do not mix CLP within a PDU).
 * Before the first first-cell (or after Reset()) the bit is false: a PDU whose head was not seen
 * is not eligible.
 *
 * TAT and f are exact (sub-steps of 1/M time step, see Gcra): the constructor from the contract
 * computes f = tau_MCR + (MBS - 1)(1/MCR - 1/PCR) without rounding, so MBS cells at exactly PCR
 * are eligible and the next is not. Its token-bucket form is GfrTokenBucket: with f =
 * (MBS - 1)/MCR (no PCR term) both decide identically (see there); the PCR term makes F-GCRA
 * stricter by (MBS - 1)/PCR of tolerance.
 *
 * A small copyable value: no allocation, no events, no simulator calls. Arrivals must not
 * decrease (NS_ASSERT).
 */
class FrameGcra
{
  public:
    /// Unconfigured: Arrive() aborts until a configured one is assigned.
    FrameGcra();

    /**
     * @brief F-GCRA(1/MCR, f). Aborts for a zero MCR or a negative f.
     * @param mcr the minimum cell rate
     * @param f the tolerance
     */
    FrameGcra(AtmCellRate mcr, Time f);

    /**
     * @brief F-GCRA(1/MCR, f) with an exact f, e.g. (MBS - 1)/MCR. Aborts for a zero MCR or a
     * negative f.
     * @param mcr the minimum cell rate
     * @param f the tolerance
     */
    FrameGcra(AtmCellRate mcr, const AtmExactTime& f);

    /**
     * @brief F-GCRA from the GFR contract: f = tau_MCR + (MBS - 1)(1/MCR - 1/PCR), exactly.
     *
     * Aborts if a rate is zero, MCR > PCR, MBS < 1 or cdvtMcr < 0.
     *
     * @param mcr the minimum cell rate
     * @param pcr the peak cell rate (at least mcr)
     * @param mbs the maximum burst size in cells (at least 1; GFR requires MBS >= MFS)
     * @param cdvtMcr tau_MCR
     */
    FrameGcra(AtmCellRate mcr, AtmCellRate pcr, uint32_t mbs, Time cdvtMcr = Time(0));

    /**
     * @brief Process one cell.
     * @param arrival the arrival time (not before the previous arrival)
     * @param firstCellOfPdu true for the first cell of an AAL5 PDU
     * @param clp the cell's CLP bit (decisive on the first cell only)
     * @return whether the PDU this cell belongs to is eligible
     */
    bool Arrive(Time arrival, bool firstCellOfPdu, bool clp);

    /// @return whether the current (last begun) PDU is eligible; false before the first PDU
    bool IsCurrentPduEligible() const
    {
        return m_eligible;
    }

    /**
     * @brief The earliest time step at which the first cell of a CLP=0 PDU would be eligible:
     * ceil(TAT - f) (Time::Min() before the first PDU). It may lie in the past.
     * @return the time
     */
    Time GetEarliestEligibleTime() const;

    /// Forget all PDUs (TAT idle, current PDU not eligible).
    void Reset();

    /// @return the underlying GCRA(T, f) (its TAT, T and f)
    const Gcra& GetGcra() const
    {
        return m_gcra;
    }

    /**
     * @brief The tolerance of the GFR contract, f = tau_MCR + (MBS - 1)(1/MCR - 1/PCR), exactly.
     *
     * Same validation as the contract constructor.
     *
     * @param mcr the minimum cell rate
     * @param pcr the peak cell rate (at least mcr)
     * @param mbs the maximum burst size (at least 1)
     * @param cdvtMcr tau_MCR
     * @return f
     */
    static AtmExactTime ExactTolerance(AtmCellRate mcr,
                                       AtmCellRate pcr,
                                       uint32_t mbs,
                                       Time cdvtMcr = Time(0));

  private:
    Gcra m_gcra;        //!< GCRA(1/MCR, f): TAT and the exact arithmetic
    Time m_lastArrival; //!< the last arrival (order check)
    bool m_eligible;    //!< the current PDU is eligible
};

} // namespace ns3

#endif // FRAME_GCRA_H
