/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GFR_SHAPER_H
#define GFR_SHAPER_H

#include "atm-rate-spacer.h"
#include "atm-shaper.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::GfrShaper: the simple GFR shaper of Bonaventure's thesis (ch. 8.2.1).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The simple GFR shaper (O. Bonaventure, PhD thesis, Universite de Liege 1998, ch.
 *        8.2.1; short name `gfr`): a GFR source's adapter sends its VC at a rate that follows
 *        the occupancy of the VC's buffer at the adapter and the measured arrival rate, so that
 *        the network's GFR.2 UPC finds its PDUs eligible as long as the source keeps to its MCR
 *        and TCP learns of congestion from the shaper's own losses.
 *
 * With B_Occ the cells waiting in the VC's buffer at the adapter, recomputed at every cell the
 * flow sends:
 *
 * @verbatim
   B_Occ <= Min_th            : rate = max(ACR, MCR)
   Min_th < B_Occ <= Max_th   : rate = max(ACR, MCR + (PCR - MCR)(B_Occ - Min_th)/(Max_th - Min_th))
   B_Occ > Max_th             : rate = PCR
   ACR, every T seconds:  ACR = ACR - wq (ACR - arrivals_in_last_T / T),   ACR(0) = MCR
   @endverbatim
 *
 * ACR is the long-term arrival rate of the cells entering the buffer (cells of whole frames, at
 * the instant each frame is queued). It is computed lazily: the windows [k T, (k + 1) T) start at
 * time 0, and the filter steps through the windows that ended since it was last looked at (an
 * arrival or a sent cell), one step per window, idle windows with arrivals 0. No event is
 * scheduled.
 *
 * The adapter gives the shaper its view of the buffer (AtmNetDevice::SetVcShaper): B_Occ is
 * Aal5Sender::GetVcBacklogCells() (cells of the frames in the VC's frame queue plus the cells of
 * its current PDU not yet handed to the output port) and each accepted frame is reported with
 * NotifyArrival(). The buffer holds `BufferCells` cells (BON: 2000 in the LAN runs): a frame
 * whose cells would exceed it is refused whole at the adapter (EPD on the shaper buffer; the
 * adapter's TxDrop with Aal5Sender::VC_BUFFER_FULL), which TCP sees as a loss. As a port or VP
 * shaper, or on a VC without that view, B_Occ is 0 and no arrival is seen: the rate is then the
 * MCR once ACR has decayed.
 *
 * Spacing (AtmRateSpacer): after a cell sent at the start s of its slot, the next may start at
 * the earliest at V - Tolerance, with V = V + 1/rate if the cell waited for V (a backlogged VC),
 * else V = s + 1/rate (no catching up), so successive gaps average exactly 1/rate on the link's
 * slot grid. 1/MCR and 1/PCR are exact, so a flow sent at exactly the MCR or the PCR never
 * drifts against a UPC with the same parameters (whose tolerance covers the one-slot jitter of
 * the spacing: the F-GCRA's burst tolerance does for MBS > 1 and an MCR up to half the link);
 * 1/rate for a rate strictly between them (the linear part, or ACR) is rounded up to a sub-step,
 * never faster than the rate.
 *
 * Our choices where the source is silent: the rate never exceeds the PCR (an ACR above it, from
 * a host that queues faster than the line, is capped); ACR counts the cells of the frames the
 * buffer accepts (not the refused ones); the windows are aligned to time 0; B_Occ does not count
 * the VC's next cell, which is already in the output port or leaving. BON's parameters: LAN
 * buffer 2000 cells, Min_th 192 (also 1000), Max_th 2000, T 10 ms, wq 0.05 (the defaults);
 * between routers Max_th 2000 and Min_th = the contract's MBS.
 */
class GfrShaper : public AtmShaper
{
  public:
    /**
     * TracedCallback signature of the rate recomputed at a sent cell.
     * @param rate the rate in cells/s the flow's next cell is spaced at
     * @param acr the measured arrival rate in cells/s
     * @param backlog B_Occ in cells
     */
    typedef void (*RateTracedCallback)(double rate, double acr, uint32_t backlog);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    GfrShaper();
    ~GfrShaper() override;

    /**
     * @brief The measured arrival rate ACR at @p now (windows that ended by then included).
     * @param now a time (not before the last arrival or sent cell)
     * @return ACR in cells/s
     */
    double GetAcr(Time now) const;

    /**
     * @brief The rate rule for a backlog and an ACR (for inspection; capped at the PCR).
     * @param backlog B_Occ in cells
     * @param acr the measured arrival rate in cells/s
     * @return the rate in cells/s
     */
    double ComputeRate(uint32_t backlog, double acr) const;

    /// @return the rate computed at the last sent cell (cells/s; the MCR before the first)
    double GetRate() const;
    /// @return the MCR in cells/s (after Attach)
    double GetMcr() const;
    /// @return the PCR in cells/s (after Attach: PcrCellsPerSec or the link's rate)
    double GetPcr() const;

  private:
    void DoAttach(const AtmCellClock& clock) override;
    Time DoGetEarliestStart() const override;
    void DoNotifySent(const AtmCell& cell, Time slotStart) override;
    void DoNotifyArrival(uint32_t cells, Time now) override;
    uint32_t DoGetBufferCells() const override;

    /// ACR filter state: the current window and the ACR at its start.
    struct Filter
    {
        double acr{0};        //!< ACR at the start of the current window
        int64_t window{0};    //!< index k of the current window [k T, (k + 1) T)
        uint64_t arrivals{0}; //!< cells arrived in the current window
    };

    /**
     * @brief Step a filter through the windows that ended by @p now.
     * @param f the filter
     * @param now the time
     */
    void Roll(Filter* f, Time now) const;

    /**
     * @brief The increment 1/rate in sub-steps: exact at the MCR and the PCR, rounded up
     *        otherwise.
     * @param backlog B_Occ
     * @param acr ACR in cells/s
     * @param[out] rate the rate in cells/s
     * @return the increment
     */
    AtmInt128 Increment(uint32_t backlog, double acr, double* rate) const;

    AtmCellRate m_mcrAttr;        //!< "McrCellsPerSec"
    AtmCellRate m_pcrAttr;        //!< "PcrCellsPerSec"
    uint32_t m_minTh{192};        //!< "MinThresholdCells"
    uint32_t m_maxTh{2000};       //!< "MaxThresholdCells"
    uint32_t m_bufferCells{2000}; //!< "BufferCells"
    Time m_interval;              //!< "AcrInterval"
    double m_weight{0.05};        //!< "AcrWeight"
    Time m_tolerance;             //!< "Tolerance"

    double m_mcr{0};        //!< MCR, cells/s
    double m_pcr{0};        //!< PCR in use, cells/s
    AtmRateSpacer m_spacer; //!< the spacing at the varying rate
    double m_rate{0};       //!< rate at the last sent cell
    Filter m_filter;        //!< ACR filter

    TracedCallback<double, double, uint32_t> m_rateTrace; //!< "Rate"
};

} // namespace ns3

#endif // GFR_SHAPER_H
