/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CDV_STATISTICS_H
#define ATM_CDV_STATISTICS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCdvStatistics: cell delay variation of one cell stream at one measurement point.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A histogram of inter-arrival times: counts[i] holds the IATs in
 *        [first + i x width, first + (i + 1) x width).
 */
struct AtmIatHistogram
{
    Time first;                   //!< lower edge of bin 0 (a multiple of width)
    Time width;                   //!< bin width
    std::vector<uint64_t> counts; //!< IATs per bin
};

/**
 * @ingroup atm
 * @brief Cell transfer delay between two measurement points (ITU-T I.356; CRC Report 96-007,
 *        Table 1): the delay of each cell from its instant at the first point to
 *        its instant at the second, and the peak-to-peak cell delay variation, the (1 - alpha)
 *        quantile of the delay (the "maximum" CTD) minus the smallest delay.
 */
struct AtmTransferDelay
{
    uint64_t cells{0};  //!< cells matched
    Time mean;          //!< mean CTD
    Time min;           //!< smallest CTD
    Time max;           //!< largest CTD
    Time quantile;      //!< the (1 - alpha) quantile of the CTD
    Time peakToPeakCdv; //!< quantile - min
};

/**
 * @ingroup atm
 * @brief The instants at which the cells of one stream passed one measurement point, and the
 *        delay-variation metrics of the TEN-34 CDV trials (deliverable D11.3 section 5.7):
 *        the inter-arrival time (IAT) spread, max IAT - min IAT; the fractions of IATs above
 *        and below the trace's mean; the histogram of IATs; and the GCRA zero-violation curve,
 *        the smallest cell delay variation tolerance L for which GCRA(I, L) declares every
 *        cell conforming (ITU-T I.371 and ATM Forum TM 4.0, the virtual scheduling algorithm).
 *
 * The zero-violation limit of increment I is L_min(I) = max_k (TAT_k - t_k), with TAT_1 =
 * t_1 and TAT_(k+1) = max(TAT_k, t_k) + I: the theoretical arrival time of a GCRA that never
 * rejects a cell, so a periodic stream of period P has L_min(P) = 0 and the same stream with
 * one cell a cell time early has L_min(P) = one cell time. Two points of the same lossless
 * stretch give the cell transfer delay (GetTransferDelay()).
 *
 * The instants are kept (8 bytes per cell): the metrics need the whole trace (the mean IAT
 * before the fractions; any increment of the curve).
 */
class AtmCdvStatistics
{
  public:
    /**
     * @brief Record the next cell's instant.
     * @param t the instant, not before the previous one
     */
    void Add(Time t);

    /// @return the cells recorded
    uint64_t GetCells() const;
    /// @return the recorded instants, in order
    const std::vector<Time>& GetInstants() const;

    /// @return the mean IAT, (last - first) / (cells - 1), rounded down (0 below 2 cells)
    Time GetMeanIat() const;
    /// @return the smallest IAT (0 below 2 cells)
    Time GetMinIat() const;
    /// @return the largest IAT (0 below 2 cells)
    Time GetMaxIat() const;
    /// @return max IAT - min IAT, TEN-34's IAT spread (0 below 2 cells)
    Time GetIatSpread() const;
    /// @return the fraction of IATs strictly above the exact mean (0 below 2 cells)
    double GetFractionAboveMean() const;
    /// @return the fraction of IATs strictly below the exact mean (0 below 2 cells)
    double GetFractionBelowMean() const;

    /**
     * @brief The histogram of the IATs.
     * @param width the bin width (> 0)
     * @return the bins from the one holding the smallest IAT to the one holding the largest
     */
    AtmIatHistogram GetIatHistogram(Time width) const;

    /**
     * @brief The zero-violation limit L_min(I) (class description).
     * @param increment the GCRA increment I (> 0), e.g. the policed nominal IAT
     * @return the smallest L with no non-conforming cell (0 for no cell)
     */
    Time GetMinimalCdvt(Time increment) const;

    /**
     * @brief The transfer delay of the cells of a stream between two measurement points on
     *        its path, matched in order: cell k at @p to is cell k at @p from (cells of a VC
     *        stay in order; the stretch between the points must not lose cells). Cells still
     *        in flight at the end (recorded at @p from only) are left out.
     * @param from the upstream point
     * @param to the downstream point (not more cells than @p from)
     * @param alpha the quantile's tail probability, in [0, 1) (e.g. 0.001; 0 gives the max)
     * @return the delays' summary (all zero when @p to has no cell)
     */
    static AtmTransferDelay GetTransferDelay(const AtmCdvStatistics& from,
                                             const AtmCdvStatistics& to,
                                             double alpha);

  private:
    std::vector<Time> m_instants; //!< the cells' instants
    Time m_minIat;                //!< smallest IAT so far
    Time m_maxIat;                //!< largest IAT so far
};

} // namespace ns3

#endif // ATM_CDV_STATISTICS_H
