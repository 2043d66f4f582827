/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cdv-statistics.h"

#include "ns3/abort.h"
#include "ns3/atm-int128.h"

#include <algorithm>

namespace ns3
{

void
AtmCdvStatistics::Add(Time t)
{
    if (!m_instants.empty())
    {
        NS_ABORT_MSG_IF(t < m_instants.back(),
                        "AtmCdvStatistics::Add: instant " << t.As(Time::US) << " before the "
                                                          << "previous one, "
                                                          << m_instants.back().As(Time::US));
        const Time iat = t - m_instants.back();
        if (m_instants.size() == 1)
        {
            m_minIat = iat;
            m_maxIat = iat;
        }
        else
        {
            m_minIat = std::min(m_minIat, iat);
            m_maxIat = std::max(m_maxIat, iat);
        }
    }
    m_instants.push_back(t);
}

uint64_t
AtmCdvStatistics::GetCells() const
{
    return m_instants.size();
}

const std::vector<Time>&
AtmCdvStatistics::GetInstants() const
{
    return m_instants;
}

Time
AtmCdvStatistics::GetMeanIat() const
{
    if (m_instants.size() < 2)
    {
        return Time(0);
    }
    const int64_t span = (m_instants.back() - m_instants.front()).GetTimeStep();
    return Time(span / static_cast<int64_t>(m_instants.size() - 1));
}

Time
AtmCdvStatistics::GetMinIat() const
{
    return m_instants.size() < 2 ? Time(0) : m_minIat;
}

Time
AtmCdvStatistics::GetMaxIat() const
{
    return m_instants.size() < 2 ? Time(0) : m_maxIat;
}

Time
AtmCdvStatistics::GetIatSpread() const
{
    return GetMaxIat() - GetMinIat();
}

namespace
{

/**
 * Count the IATs above and below the exact mean span / n: IAT x n against span, in 128 bits.
 * @param instants the instants
 * @param above receives the IATs above the mean
 * @param below receives the IATs below it
 */
void
CountAroundMean(const std::vector<Time>& instants, uint64_t& above, uint64_t& below)
{
    above = 0;
    below = 0;
    if (instants.size() < 2)
    {
        return;
    }
    const AtmInt128 n = static_cast<AtmInt128>(instants.size() - 1);
    const AtmInt128 span = (instants.back() - instants.front()).GetTimeStep();
    for (size_t k = 1; k < instants.size(); ++k)
    {
        const AtmInt128 scaled = (instants[k] - instants[k - 1]).GetTimeStep() * n;
        above += scaled > span ? 1 : 0;
        below += scaled < span ? 1 : 0;
    }
}

} // namespace

double
AtmCdvStatistics::GetFractionAboveMean() const
{
    uint64_t above;
    uint64_t below;
    CountAroundMean(m_instants, above, below);
    return m_instants.size() < 2 ? 0.0 : static_cast<double>(above) / (m_instants.size() - 1);
}

double
AtmCdvStatistics::GetFractionBelowMean() const
{
    uint64_t above;
    uint64_t below;
    CountAroundMean(m_instants, above, below);
    return m_instants.size() < 2 ? 0.0 : static_cast<double>(below) / (m_instants.size() - 1);
}

AtmIatHistogram
AtmCdvStatistics::GetIatHistogram(Time width) const
{
    NS_ABORT_MSG_IF(!width.IsStrictlyPositive(),
                    "AtmCdvStatistics::GetIatHistogram: bin width " << width.As(Time::US)
                                                                    << " must be > 0");
    AtmIatHistogram h;
    h.width = width;
    if (m_instants.size() < 2)
    {
        return h;
    }
    const int64_t w = width.GetTimeStep();
    const int64_t firstBin = m_minIat.GetTimeStep() / w;
    const int64_t lastBin = m_maxIat.GetTimeStep() / w;
    NS_ABORT_MSG_IF(lastBin - firstBin >= 10000000,
                    "AtmCdvStatistics::GetIatHistogram: bin width "
                        << width.As(Time::US) << " gives " << (lastBin - firstBin + 1)
                        << " bins between the IATs " << m_minIat.As(Time::US) << " and "
                        << m_maxIat.As(Time::US) << "; choose a wider bin");
    h.first = Time(firstBin * w);
    h.counts.assign(static_cast<size_t>(lastBin - firstBin + 1), 0);
    for (size_t k = 1; k < m_instants.size(); ++k)
    {
        ++h.counts[static_cast<size_t>((m_instants[k] - m_instants[k - 1]).GetTimeStep() / w -
                                       firstBin)];
    }
    return h;
}

Time
AtmCdvStatistics::GetMinimalCdvt(Time increment) const
{
    NS_ABORT_MSG_IF(!increment.IsStrictlyPositive(),
                    "AtmCdvStatistics::GetMinimalCdvt: increment " << increment.As(Time::US)
                                                                   << " must be > 0");
    Time limit(0);
    if (m_instants.empty())
    {
        return limit;
    }
    Time tat = m_instants.front();
    for (const Time& t : m_instants)
    {
        limit = std::max(limit, tat - t);
        tat = std::max(tat, t) + increment;
    }
    return limit;
}

AtmTransferDelay
AtmCdvStatistics::GetTransferDelay(const AtmCdvStatistics& from,
                                   const AtmCdvStatistics& to,
                                   double alpha)
{
    NS_ABORT_MSG_IF(!(alpha >= 0 && alpha < 1),
                    "AtmCdvStatistics::GetTransferDelay: alpha " << alpha << " must be in [0, 1)");
    NS_ABORT_MSG_IF(to.GetCells() > from.GetCells(),
                    "AtmCdvStatistics::GetTransferDelay: "
                        << to.GetCells() << " cells downstream but only " << from.GetCells()
                        << " upstream; give the points in "
                           "path order");
    AtmTransferDelay d;
    d.cells = to.GetCells();
    if (d.cells == 0)
    {
        return d;
    }
    std::vector<int64_t> delays(d.cells);
    AtmInt128 sum = 0;
    for (size_t k = 0; k < delays.size(); ++k)
    {
        delays[k] = (to.m_instants[k] - from.m_instants[k]).GetTimeStep();
        NS_ABORT_MSG_IF(delays[k] < 0,
                        "AtmCdvStatistics::GetTransferDelay: cell "
                            << k
                            << " passes the downstream point before the upstream one; "
                               "the points are not on one lossless stretch of the stream");
        sum += delays[k];
    }
    d.mean = Time(static_cast<int64_t>(sum / static_cast<AtmInt128>(delays.size())));
    const auto [lo, hi] = std::minmax_element(delays.begin(), delays.end());
    d.min = Time(*lo);
    d.max = Time(*hi);
    // The smallest delay exceeded by at most a fraction alpha of the cells.
    const size_t rank =
        std::min(delays.size() - 1, static_cast<size_t>((1.0 - alpha) * delays.size()));
    std::nth_element(delays.begin(), delays.begin() + rank, delays.end());
    d.quantile = Time(delays[rank]);
    d.peakToPeakCdv = d.quantile - d.min;
    return d;
}

} // namespace ns3
