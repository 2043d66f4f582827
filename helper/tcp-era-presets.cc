/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-presets.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/string.h"
#include "ns3/tcp-bsd-reno.h"
#include "ns3/tcp-era-socket-factory.h"
#include "ns3/tcp-era-socket.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-tick-rtt-estimator.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpEraPresets");

namespace
{
/** ReTxThreshold of Vanilla: never reached ((threshold - 1) * MSS must fit 32 bits in ns-3). */
constexpr uint32_t NEVER_DUPACKS = 32768;
/** Largest unscaled window. */
constexpr uint32_t TCP_MAXWIN = 65535;

std::string
TimeString(Time t)
{
    std::ostringstream os;
    os << t.GetNanoSeconds() << "ns";
    return os.str();
}
} // namespace

TcpEraPresets::TcpEraPresets()
    : TcpEraPresets(RENO)
{
}

TcpEraPresets::TcpEraPresets(Variant variant)
    : m_variant(variant),
      m_mtu(9180),
      m_segmentSize(0),
      m_window(TCP_MAXWIN),
      m_tick(MilliSeconds(500)),
      m_tickPhase(0),
      m_minRtoTicks(2),
      m_tickRtt(true),
      m_tickTimer(true),
      m_delayedAck(true),
      m_delAckTimeout(MilliSeconds(200)),
      m_nagle(true),
      m_timestamps(false),
      m_dupAckThreshold(3),
      m_initialCwnd(1),
      m_initialSsThresh(TCP_MAXWIN),
      m_integerCaBug(false),
      m_dataRetries(12),
      m_delAckOnTicks(true),
      m_delAckPhase(0)
{
}

TcpEraPresets
TcpEraPresets::ForSource(const std::string& source)
{
    TcpEraPresets p;
    if (source == "bsd")
    {
        return p;
    }
    if (source == "sandia")
    {
        // BSD 4.3 + slow start with a fine-grained timer ("retransmit as soon as the timer
        // expires"); 64 KB window, 8 KB MSS. The source gives no grain: 5 ms (minimum RTO 10 ms)
        // is the value that reproduces its tables best (manual, SANDIA-SEL: 10, 5, 2, 1 ms).
        p.SetTimerTick(MilliSeconds(5));
        p.SetTickQuantisedRtt(false);
        p.SetTickAlignedTimer(false);
        p.SetDelAckOnTicks(false);
        p.SetWindow(65536);
        p.SetSegmentSize(8192);
        return p;
    }
    if (source == "jain")
    {
        // 100 ms ticks, 2-tick minimum RTO, no delayed ACK, initial cwnd 1, 65,535 unscaled, no
        // timestamps, initial ssthresh 64 KB, MSS 512.
        p.SetTimerTick(MilliSeconds(100));
        p.SetDelayedAck(false);
        p.SetSegmentSize(512);
        return p;
    }
    if (source == "bon-default" || source == "bon-fast" || source == "bon-sack")
    {
        // 4.4BSD-Lite as in BON Tables 7.1/7.3/7.4: no delayed ACK on the ch. 7 workstations,
        // Nagle, timestamps.
        p.SetTimerTick(source == "bon-fast" ? MilliSeconds(10) : MilliSeconds(200));
        p.SetDelayedAck(false);
        p.SetTimestamps(true);
        if (source == "bon-fast")
        {
            p.SetDupAckThreshold(1);
        }
        if (source == "bon-sack")
        {
            p.SetVariant(SACK);
        }
        return p;
    }
    if (source == "bon-internetwork")
    {
        p.SetTimerTick(MilliSeconds(200));
        p.SetDelayedAck(true, MilliSeconds(50)); // Solaris: a per-connection timer
        p.SetDelAckOnTicks(false);
        p.SetWindow(TCP_MAXWIN);
        p.SetSegmentSize(1460);
        return p;
    }
    if (source == "solaris")
    {
        // Solaris 2.x: 200 ms retransmission-timer granularity, delayed ACKs on a 50 ms
        // per-connection timer (not a global fast-timeout grid).
        p.SetTimerTick(MilliSeconds(200));
        p.SetDelayedAck(true, MilliSeconds(50));
        p.SetDelAckOnTicks(false);
        return p;
    }
    if (source == "crc")
    {
        // SunOS 4.1.x: BSD timers, Nagle on, window = socket buffer (at most 52,428 bytes).
        p.SetWindow(52428);
        return p;
    }
    NS_ABORT_MSG("TcpEraPresets::ForSource(\"" << source
                                               << "\"): unknown source; use bsd, sandia, jain, "
                                                  "bon-default, bon-fast, bon-sack, "
                                                  "bon-internetwork, solaris or crc");
    return p;
}

const std::vector<std::string>&
TcpEraPresets::GetSourceNames()
{
    static const std::vector<std::string> names = {"bsd",
                                                   "sandia",
                                                   "jain",
                                                   "bon-default",
                                                   "bon-fast",
                                                   "bon-sack",
                                                   "bon-internetwork",
                                                   "solaris",
                                                   "crc"};
    return names;
}

const std::vector<std::string>&
TcpEraPresets::GetVariantNames()
{
    static const std::vector<std::string> names = {"vanilla",
                                                   "reno",
                                                   "newreno",
                                                   "sack",
                                                   "sack1997"};
    return names;
}

TcpEraPresets::Variant
TcpEraPresets::ParseVariant(const std::string& name)
{
    for (Variant v : {VANILLA, RENO, NEWRENO, SACK, SACK1997})
    {
        if (name == GetVariantName(v))
        {
            return v;
        }
    }
    NS_ABORT_MSG("TcpEraPresets: unknown TCP variant \"" << name
                                                         << "\" (use vanilla, reno, newreno, "
                                                            "sack or sack1997)");
    return RENO;
}

std::string
TcpEraPresets::GetVariantName(Variant variant)
{
    switch (variant)
    {
    case VANILLA:
        return "vanilla";
    case RENO:
        return "reno";
    case NEWRENO:
        return "newreno";
    case SACK:
        return "sack";
    case SACK1997:
        return "sack1997";
    }
    return "?";
}

TypeId
TcpEraPresets::GetSocketFactoryTypeId()
{
    return TcpEraSocketFactory::GetTypeId();
}

void
TcpEraPresets::SetVariant(Variant variant)
{
    m_variant = variant;
}

void
TcpEraPresets::SetMtu(uint32_t mtu)
{
    m_mtu = mtu;
}

void
TcpEraPresets::SetSegmentSize(uint32_t bytes)
{
    m_segmentSize = bytes;
}

void
TcpEraPresets::SetWindow(uint32_t bytes)
{
    m_window = bytes;
}

void
TcpEraPresets::SetTimerTick(Time tick)
{
    m_tick = tick;
}

void
TcpEraPresets::SetTickPhase(Time phase)
{
    m_tickPhase = phase;
}

void
TcpEraPresets::SetMinRtoTicks(uint32_t ticks)
{
    m_minRtoTicks = ticks;
}

void
TcpEraPresets::SetTickQuantisedRtt(bool on)
{
    m_tickRtt = on;
}

void
TcpEraPresets::SetTickAlignedTimer(bool on)
{
    m_tickTimer = on;
}

void
TcpEraPresets::SetDelayedAck(bool on, Time timeout)
{
    m_delayedAck = on;
    m_delAckTimeout = timeout;
}

void
TcpEraPresets::SetNagle(bool on)
{
    m_nagle = on;
}

void
TcpEraPresets::SetTimestamps(bool on)
{
    m_timestamps = on;
}

void
TcpEraPresets::SetDupAckThreshold(uint32_t threshold)
{
    m_dupAckThreshold = threshold;
}

void
TcpEraPresets::SetInitialCwnd(uint32_t segments)
{
    m_initialCwnd = segments;
}

void
TcpEraPresets::SetInitialSsThresh(uint32_t bytes)
{
    m_initialSsThresh = bytes;
}

void
TcpEraPresets::SetDelAckOnTicks(bool on)
{
    m_delAckOnTicks = on;
}

void
TcpEraPresets::SetDelAckPhase(Time phase)
{
    m_delAckPhase = phase;
}

Time
TcpEraPresets::GetDelAckTick() const
{
    return m_delayedAck && m_delAckOnTicks ? m_delAckTimeout : Time(0);
}

void
TcpEraPresets::SetDataRetries(uint32_t retries)
{
    NS_ABORT_MSG_IF(retries == 0,
                    "TcpEraPresets::SetDataRetries(0): a connection needs at least one "
                    "retransmission (BSD: 12)");
    m_dataRetries = retries;
}

bool
TcpEraPresets::UsesTickGrid() const
{
    return m_tickTimer || m_tickRtt || GetDelAckTick().IsStrictlyPositive();
}

bool
TcpEraPresets::GetDelayedAck() const
{
    return m_delayedAck;
}

uint32_t
TcpEraPresets::GetDataRetries() const
{
    return m_dataRetries;
}

void
TcpEraPresets::SetIntegerCaBug(bool on)
{
    m_integerCaBug = on;
}

TcpEraPresets::Variant
TcpEraPresets::GetVariant() const
{
    return m_variant;
}

uint32_t
TcpEraPresets::GetSegmentSize() const
{
    if (m_segmentSize > 0)
    {
        return m_segmentSize;
    }
    const uint32_t overhead = 40 + (m_timestamps ? 12 : 0);
    return m_mtu > overhead ? m_mtu - overhead : 0;
}

uint32_t
TcpEraPresets::GetWindow() const
{
    return m_window;
}

uint32_t
TcpEraPresets::GetMtu() const
{
    return m_mtu;
}

bool
TcpEraPresets::GetTimestamps() const
{
    return m_timestamps;
}

Time
TcpEraPresets::GetTimerTick() const
{
    return m_tick;
}

Time
TcpEraPresets::GetTickPhase() const
{
    return m_tickPhase;
}

Time
TcpEraPresets::GetMinRto() const
{
    return m_tick * static_cast<int64_t>(m_minRtoTicks);
}

uint32_t
TcpEraPresets::WindowShift() const
{
    uint32_t shift = 0;
    while (shift < 14 && (static_cast<uint64_t>(TCP_MAXWIN) << shift) < m_window)
    {
        ++shift;
    }
    return shift;
}

void
TcpEraPresets::Check() const
{
    const uint32_t mss = GetSegmentSize();
    NS_ABORT_MSG_IF(mss == 0,
                    "TcpEraPresets: MTU " << m_mtu
                                          << " leaves no room for a segment after 40 header "
                                             "bytes"
                                          << (m_timestamps ? " and 12 timestamp bytes" : "")
                                          << "; set a larger MTU or SetSegmentSize()");
    NS_ABORT_MSG_IF(m_window < mss,
                    "TcpEraPresets: window " << m_window << " bytes is smaller than one segment ("
                                             << mss << " bytes); raise SetWindow()");
    NS_ABORT_MSG_IF(!m_tick.IsStrictlyPositive(),
                    "TcpEraPresets: timer tick " << m_tick.As(Time::MS)
                                                 << " must be positive (BSD: 500 ms)");
    NS_ABORT_MSG_IF(m_tickPhase.IsStrictlyNegative() || m_tickPhase >= m_tick,
                    "TcpEraPresets: tick phase "
                        << m_tickPhase.As(Time::MS)
                        << " is not in [0, timer tick = " << m_tick.As(Time::MS)
                        << "); SetTickPhase() takes an offset within "
                           "one tick");
    NS_ABORT_MSG_IF(GetDelAckTick().IsStrictlyPositive() &&
                        (m_delAckPhase.IsStrictlyNegative() || m_delAckPhase >= m_delAckTimeout),
                    "TcpEraPresets: delayed-ACK phase "
                        << m_delAckPhase.As(Time::MS) << " is not in [0, delayed-ACK timeout = "
                        << m_delAckTimeout.As(Time::MS) << "); SetDelAckPhase() takes an offset "
                        << "within one period");
    NS_ABORT_MSG_IF(m_minRtoTicks == 0, "TcpEraPresets: minimum RTO of 0 ticks (BSD: 2 ticks)");
    NS_ABORT_MSG_IF(m_initialCwnd == 0, "TcpEraPresets: initial cwnd of 0 segments (use 1)");
    NS_ABORT_MSG_IF(m_dupAckThreshold == 0 || m_dupAckThreshold >= NEVER_DUPACKS,
                    "TcpEraPresets: dupACK threshold " << m_dupAckThreshold << " (use 1 ... "
                                                       << NEVER_DUPACKS - 1
                                                       << "; Vanilla disables fast retransmit "
                                                          "by itself)");
    NS_ABORT_MSG_IF(m_window > (static_cast<uint64_t>(TCP_MAXWIN) << 14),
                    "TcpEraPresets: window " << m_window
                                             << " exceeds the largest scaled TCP window "
                                                "(65,535 << 14)");
}

std::vector<TcpEraPresets::Setting>
TcpEraPresets::GetSettings() const
{
    Check();
    const bool scaled = m_window > TCP_MAXWIN;
    const uint64_t maxCwnd = static_cast<uint64_t>(TCP_MAXWIN) << WindowShift();
    const char* partialAck = "Rfc6582";
    if (m_variant == RENO)
    {
        partialAck = "Reno1997";
    }
    else if (m_variant == NEWRENO)
    {
        partialAck = "Hoe";
    }
    auto u = [](uint64_t v) { return std::to_string(v); };
    auto b = [](bool v) { return std::string(v ? "true" : "false"); };
    std::vector<Setting> s = {
        {"ns3::TcpL4Protocol", "SocketType", "ns3::TcpBsdReno"},
        {"ns3::TcpL4Protocol", "RecoveryType", "ns3::TcpClassicRecovery"},
        {"ns3::TcpL4Protocol",
         "RttEstimatorType",
         m_tickRtt ? "ns3::TcpTickRttEstimator" : "ns3::RttMeanDeviation"},
        {"ns3::TcpSocket", "SegmentSize", u(GetSegmentSize())},
        {"ns3::TcpSocket", "SndBufSize", u(m_window)},
        {"ns3::TcpSocket", "RcvBufSize", u(m_window)},
        {"ns3::TcpSocket", "InitialCwnd", u(m_initialCwnd)},
        {"ns3::TcpSocket", "InitialSlowStartThreshold", u(m_initialSsThresh)},
        {"ns3::TcpSocket", "DelAckCount", u(m_delayedAck ? 2 : 1)},
        {"ns3::TcpSocket", "DelAckTimeout", TimeString(m_delAckTimeout)},
        {"ns3::TcpSocket", "TcpNoDelay", b(!m_nagle)},
        {"ns3::TcpSocket", "DataRetries", u(m_dataRetries)},
        {"ns3::TcpSocketBase", "Sack", b(m_variant == SACK || m_variant == SACK1997)},
        {"ns3::TcpEraSocket", "RecoveryPipe", m_variant == SACK1997 ? "Counted" : "Scoreboard"},
        {"ns3::TcpSocketBase", "Timestamp", b(m_timestamps)},
        {"ns3::TcpSocketBase", "WindowScaling", b(scaled)},
        {"ns3::TcpSocketBase", "LimitedTransmit", "false"},
        {"ns3::TcpSocketBase",
         "ReTxThreshold",
         u(m_variant == VANILLA ? NEVER_DUPACKS : m_dupAckThreshold)},
        {"ns3::TcpSocketBase", "MinRto", TimeString(GetMinRto())},
        {"ns3::TcpSocketBase", "ClockGranularity", TimeString(m_tick)},
        {"ns3::TcpEraSocket", "PartialAckResponse", partialAck},
        {"ns3::TcpEraSocket", "TimerTick", TimeString(m_tickTimer ? m_tick : Time(0))},
        {"ns3::TcpEraSocket", "TimerTickPhase", TimeString(m_tickTimer ? m_tickPhase : Time(0))},
        {"ns3::TcpEraSocket", "DelAckTick", TimeString(GetDelAckTick())},
        {"ns3::TcpEraSocket",
         "DelAckTickPhase",
         TimeString(GetDelAckTick().IsStrictlyPositive() ? m_delAckPhase : Time(0))},
        {"ns3::TcpBsdReno", "ReceiverWindow", u(m_window)},
        {"ns3::TcpBsdReno", "MaxCwnd", u(maxCwnd)},
        {"ns3::TcpBsdReno", "IntegerCaBug", b(m_integerCaBug)},
    };
    if (m_tickRtt)
    {
        s.push_back({"ns3::TcpTickRttEstimator", "Tick", TimeString(m_tick)});
        s.push_back({"ns3::TcpTickRttEstimator", "TickPhase", TimeString(m_tickPhase)});
    }
    return s;
}

void
TcpEraPresets::Print(std::ostream& os) const
{
    os << "TCP preset " << GetVariantName(m_variant) << " (MSS " << GetSegmentSize()
       << " B, window " << m_window << " B, tick " << m_tick.As(Time::MS) << "):\n";
    for (const Setting& s : GetSettings())
    {
        os << "  " << s.type << "::" << s.attribute << " = " << s.value << "\n";
    }
    os << "  (sockets of ns3::TcpSocketFactory ignore the ns3::TcpEraSocket lines: applications "
          "use ns3::TcpEraSocketFactory)\n";
}

void
TcpEraPresets::Install(NodeContainer nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
TcpEraPresets::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(!node->GetObject<TcpL4Protocol>(),
                    "TcpEraPresets::Install: node " << node->GetId()
                                                    << " has no TCP (install the internet stack "
                                                       "first)");
    const std::vector<Setting> settings = GetSettings();
    Ptr<TcpEraSocketFactory> factory = node->GetObject<TcpEraSocketFactory>();
    if (!factory)
    {
        factory = CreateObject<TcpEraSocketFactory>();
        node->AggregateObject(factory);
    }
    std::string rttType;
    for (const Setting& s : settings)
    {
        if (s.type == "ns3::TcpL4Protocol")
        {
            if (s.attribute == "SocketType")
            {
                factory->SetCongestionOps(TypeId::LookupByName(s.value));
            }
            else if (s.attribute == "RecoveryType")
            {
                factory->SetRecoveryOps(TypeId::LookupByName(s.value));
            }
            else
            {
                factory->SetRttEstimator(TypeId::LookupByName(s.value));
            }
        }
        else if (s.type == "ns3::TcpBsdReno")
        {
            factory->SetCongestionOpsAttribute(s.attribute, StringValue(s.value));
        }
        else if (s.type == "ns3::TcpTickRttEstimator")
        {
            factory->SetRttEstimatorAttribute(s.attribute, StringValue(s.value));
        }
        else
        {
            factory->SetSocketAttribute(s.attribute, StringValue(s.value));
        }
    }
}

void
TcpEraPresets::SetDefaults() const
{
    NS_LOG_FUNCTION(this);
    for (const Setting& s : GetSettings())
    {
        Config::SetDefault(s.type + "::" + s.attribute, StringValue(s.value));
    }
}

std::ostream&
operator<<(std::ostream& os, const TcpEraPresets& presets)
{
    presets.Print(os);
    return os;
}

} // namespace ns3
