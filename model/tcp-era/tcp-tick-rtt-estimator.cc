/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-tick-rtt-estimator.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpTickRttEstimator");

NS_OBJECT_ENSURE_REGISTERED(TcpTickRttEstimator);

namespace
{
/**
 * @ingroup atm
 * The class the TcpTickRttEstimator TypeId instantiates: makes the instance's TypeId its own
 * where ns-3 allows it (atm-ns3-compat.h).
 */
class TcpTickRttEstimatorImpl : public TcpTickRttEstimator
{
  public:
    TcpTickRttEstimatorImpl() = default;

    /** @param other the estimator to copy */
    explicit TcpTickRttEstimatorImpl(const TcpTickRttEstimator& other)
        : TcpTickRttEstimator(other)
    {
    }

    ATM_INSTANCE_TYPEID_OVERRIDE(TcpTickRttEstimator)
};
} // namespace

TypeId
TcpTickRttEstimator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpTickRttEstimator")
            .SetParent<RttEstimator>()
            .SetGroupName("Atm")
            .AddConstructor<TcpTickRttEstimatorImpl>()
            .AddAttribute("Tick",
                          "The TCP timer tick (BSD tcp_slowtimo: 500 ms; JAIN: 100 ms; "
                          "Solaris 2.x: 200 ms). Samples count the tick boundaries a round "
                          "trip crossed.",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&TcpTickRttEstimator::m_tick),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("TickPhase",
                          "Where the host's tick grid starts, in [0, Tick): boundaries at "
                          "TickPhase + k Tick. 0 puts every host on the same grid; real hosts "
                          "booted at unrelated instants.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpTickRttEstimator::m_phase),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Alpha",
                          "Gain of the smoothed RTT (Jacobson: 1/8).",
                          DoubleValue(0.125),
                          MakeDoubleAccessor(&TcpTickRttEstimator::m_alpha),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Beta",
                          "Gain of the mean deviation (Jacobson: 1/4).",
                          DoubleValue(0.25),
                          MakeDoubleAccessor(&TcpTickRttEstimator::m_beta),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

TcpTickRttEstimator::TcpTickRttEstimator()
    : m_tick(MilliSeconds(500)),
      m_phase(0),
      m_alpha(0.125),
      m_beta(0.25),
      m_srttTicks(0),
      m_rttvarTicks(0),
      m_lastTicks(-1)
{
    NS_LOG_FUNCTION(this);
}

TcpTickRttEstimator::TcpTickRttEstimator(const TcpTickRttEstimator& other)
    : RttEstimator(other),
      m_tick(other.m_tick),
      m_phase(other.m_phase),
      m_alpha(other.m_alpha),
      m_beta(other.m_beta),
      m_srttTicks(other.m_srttTicks),
      m_rttvarTicks(other.m_rttvarTicks),
      m_lastTicks(other.m_lastTicks)
{
    NS_LOG_FUNCTION(this);
}

TcpTickRttEstimator::~TcpTickRttEstimator()
{
    NS_LOG_FUNCTION(this);
}

int64_t
TcpTickRttEstimator::TicksCrossed(Time now, Time m, Time tick, Time phase)
{
    NS_ABORT_MSG_IF(!tick.IsStrictlyPositive(),
                    "TcpTickRttEstimator: Tick = " << tick.As(Time::MS)
                                                   << " (set a positive timer tick)");
    NS_ABORT_MSG_IF(phase.IsStrictlyNegative() || phase >= tick,
                    "TcpTickRttEstimator: TickPhase = "
                        << phase.As(Time::MS) << " is not in [0, Tick = " << tick.As(Time::MS)
                        << ")");
    const int64_t t = tick.GetTimeStep();
    const int64_t end = now.GetTimeStep() - phase.GetTimeStep();
    const int64_t start = end - m.GetTimeStep();
    auto floorDiv = [t](int64_t a) { return a >= 0 ? a / t : -((-a + t - 1) / t); };
    return floorDiv(end) - floorDiv(start);
}

void
TcpTickRttEstimator::Measurement(Time m)
{
    NS_LOG_FUNCTION(this << m);
    const int64_t k = TicksCrossed(Simulator::Now(), m, m_tick, m_phase);
    m_lastTicks = k;
    const double kd = static_cast<double>(k);
    if (m_nSamples == 0)
    {
        m_srttTicks = kd;
        m_rttvarTicks = kd / 2;
    }
    else
    {
        m_rttvarTicks = (1 - m_beta) * m_rttvarTicks + m_beta * std::fabs(kd - m_srttTicks);
        m_srttTicks = (1 - m_alpha) * m_srttTicks + m_alpha * kd;
    }
    m_estimatedRtt = Time::FromDouble(m_srttTicks * m_tick.GetDouble(), Time::GetResolution());
    m_estimatedVariation =
        Time::FromDouble(m_rttvarTicks * m_tick.GetDouble(), Time::GetResolution());
    ++m_nSamples;
    NS_LOG_INFO("sample " << m.As(Time::MS) << " = " << k << " ticks; srtt " << m_srttTicks
                          << " ticks, rttvar " << m_rttvarTicks << " ticks");
}

Ptr<RttEstimator>
TcpTickRttEstimator::Copy() const
{
    return Ptr<RttEstimator>(new TcpTickRttEstimatorImpl(*this), false);
}

void
TcpTickRttEstimator::Reset()
{
    NS_LOG_FUNCTION(this);
    RttEstimator::Reset();
    m_srttTicks = 0;
    m_rttvarTicks = 0;
    m_lastTicks = -1;
}

int64_t
TcpTickRttEstimator::GetLastTicks() const
{
    return m_lastTicks;
}

} // namespace ns3
