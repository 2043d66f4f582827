/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_TICK_RTT_ESTIMATOR_H
#define TCP_TICK_RTT_ESTIMATOR_H

#include "ns3/nstime.h"
#include "ns3/rtt-estimator.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief RTT estimator with BSD's tick-quantised samples (BON; JAIN).
 *
 * BSD TCPs time one segment per window with a counter that the slow timeout (tcp_slowtimo,
 * every 500 ms in 4.4BSD; 100 ms ticks in JAIN's simulator, 200 ms in Solaris 2.x) increments.
 * A sample is therefore the number of tick boundaries the segment's round trip crossed, not its
 * duration: a 40 ms round trip measures 0 or 1 tick depending on where it fell on the tick
 * grid. This estimator reproduces that: for a round trip m ending now,
 *
 * @verbatim
   k      = floor(now / Tick) - floor((now - m) / Tick)      // boundaries crossed, an integer
   first sample:  srtt = k,  rttvar = k / 2
   later:         rttvar = (1 - Beta) rttvar + Beta |k - srtt|
                  srtt   = (1 - Alpha) srtt + Alpha k
   GetEstimate() = srtt * Tick,  GetVariation() = rttvar * Tick
   @endverbatim
 *
 * The tick grid starts at TickPhase (the host's boot; 0 by default, so that every host's grid
 * coincides): boundaries at TickPhase + k Tick. TcpSocketBase turns the estimate into the
 * retransmission timeout max(srtt + max(ClockGranularity, 4 rttvar), MinRto); the TCP presets
 * set ClockGranularity to one tick and MinRto to BSD's 2 ticks. That the BSD timer also fires
 * only on tick boundaries is TcpEraSocket's TimerTick.
 */
class TcpTickRttEstimator : public RttEstimator
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpTickRttEstimator();

    /**
     * @brief Copy constructor.
     * @param other the estimator to copy
     */
    TcpTickRttEstimator(const TcpTickRttEstimator& other);

    ~TcpTickRttEstimator() override;

    /**
     * @brief Add a measured round trip, quantised to the ticks it crossed.
     * @param m the round trip that ends now
     */
    void Measurement(Time m) override;

    Ptr<RttEstimator> Copy() const override;

    void Reset() override;

    /**
     * @brief The tick count of a round trip of @p m ending at @p now.
     * @param now the end of the round trip
     * @param m its duration
     * @param tick the timer tick
     * @param phase the first boundary of the grid, in [0, tick): boundaries at phase + k tick
     * @return the number of tick boundaries in (now - m, now]
     */
    static int64_t TicksCrossed(Time now, Time m, Time tick, Time phase = Time(0));

    /** @return the last sample, in ticks */
    int64_t GetLastTicks() const;

  private:
    Time m_tick;          //!< the timer tick
    Time m_phase;         //!< the first tick boundary (the host's boot)
    double m_alpha;       //!< gain of the average
    double m_beta;        //!< gain of the mean deviation
    double m_srttTicks;   //!< smoothed RTT in ticks
    double m_rttvarTicks; //!< mean deviation in ticks
    int64_t m_lastTicks;  //!< last sample in ticks
};

} // namespace ns3

#endif // TCP_TICK_RTT_ESTIMATOR_H
