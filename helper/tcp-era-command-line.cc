/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-command-line.h"

#include "ns3/abort.h"
#include "ns3/atm-command-line.h"
#include "ns3/command-line.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpEraCommandLine");

TcpEraCommandLine::TcpEraCommandLine()
    : m_source("bsd"),
      m_variant(),
      m_mss(0),
      m_timerTick(0),
      m_minRtoTicks(0),
      m_delayedAck(-1),
      m_delAckTimeout(MilliSeconds(200)),
      m_timestamps(-1),
      m_dupAckThreshold(0)
{
}

void
TcpEraCommandLine::SetDefaultSource(const std::string& source)
{
    m_source = source;
}

void
TcpEraCommandLine::SetDefaultTimerTick(Time tick)
{
    m_timerTick = tick;
}

void
TcpEraCommandLine::SetDefaultDelayedAck(int mode, Time timeout)
{
    NS_ABORT_MSG_IF(mode < -1 || mode > 1,
                    "TcpEraCommandLine::SetDefaultDelayedAck(" << mode
                                                               << "): use -1 (the preset's), 0 "
                                                                  "(off) or 1 (on)");
    m_delayedAck = mode;
    m_delAckTimeout = timeout;
}

void
TcpEraCommandLine::AddOptions(CommandLine& cmd, uint32_t options)
{
    NS_LOG_FUNCTION(this << options);
    // The registrations outlive this temporary AtmCommandLine.
    AtmCommandLine checked(cmd);
    AddOptions(checked, options);
}

void
TcpEraCommandLine::AddOptions(AtmCommandLine& checked, uint32_t options)
{
    NS_LOG_FUNCTION(this << options);
    // Checked options: a bad value is a usage error naming the option, the value and the valid
    // range. This object must live until the command line's Parse() returns, as its members are
    // the variables set.
    const Time maxTime = Seconds(100);
    if (options & SOURCE)
    {
        checked.AddChoice("source",
                          "TCP preset (TcpEraPresets::ForSource)",
                          m_source,
                          TcpEraPresets::GetSourceNames());
    }
    if (options & VARIANT)
    {
        checked.AddChoice("tcp",
                          "TCP variant",
                          m_variant,
                          TcpEraPresets::GetVariantNames(),
                          m_variant.empty() ? "the preset's" : "");
    }
    if (options & MSS)
    {
        // The IP packet (segment + 40 bytes) must fit one AAL5 CPCS-SDU of 65,535 bytes with its
        // 8-byte LLC/SNAP header (ITU-T I.363.5, RFC 2684).
        checked.AddValue("mss",
                         "TCP segment payload in bytes",
                         m_mss,
                         1,
                         65487,
                         m_mss == 0 ? "MTU - 40 - option bytes" : "");
    }
    if (options & TIMER_TICK)
    {
        checked.AddValue("timerTick",
                         "TCP timer tick",
                         m_timerTick,
                         NanoSeconds(1),
                         maxTime,
                         m_timerTick.IsZero() ? "the preset's" : "");
    }
    if (options & MIN_RTO_TICKS)
    {
        checked.AddValue("minRtoTicks",
                         "minimum RTO in ticks",
                         m_minRtoTicks,
                         1,
                         1000000,
                         m_minRtoTicks == 0 ? "the preset's" : "");
    }
    if (options & DELAYED_ACK)
    {
        checked.AddValue("delayedAck",
                         "delayed ACKs: 0 off, 1 on",
                         m_delayedAck,
                         0,
                         1,
                         m_delayedAck < 0 ? "the preset's" : "");
        checked.AddValue("delAckTimeout",
                         "delayed-ACK timer (when --delayedAck is 1)",
                         m_delAckTimeout,
                         NanoSeconds(1),
                         maxTime);
    }
    if (options & TIMESTAMPS)
    {
        checked.AddValue("timestamps",
                         "RFC 1323 timestamps: 0 off, 1 on",
                         m_timestamps,
                         0,
                         1,
                         m_timestamps < 0 ? "the preset's" : "");
    }
    if (options & DUP_ACK_THRESHOLD)
    {
        checked.AddValue("dupAckThreshold",
                         "fast-retransmit threshold in duplicate ACKs",
                         m_dupAckThreshold,
                         1,
                         1000,
                         m_dupAckThreshold == 0 ? "the preset's" : "");
    }
}

TcpEraPresets
TcpEraCommandLine::GetPresets() const
{
    TcpEraPresets presets = TcpEraPresets::ForSource(m_source);
    if (!m_variant.empty())
    {
        presets.SetVariant(TcpEraPresets::ParseVariant(m_variant));
    }
    if (m_timestamps >= 0)
    {
        presets.SetTimestamps(m_timestamps == 1);
    }
    presets.SetSegmentSize(m_mss);
    if (m_timerTick.IsStrictlyPositive())
    {
        presets.SetTimerTick(m_timerTick);
    }
    if (m_minRtoTicks > 0)
    {
        presets.SetMinRtoTicks(m_minRtoTicks);
    }
    if (m_delayedAck >= 0)
    {
        presets.SetDelayedAck(m_delayedAck == 1, m_delAckTimeout);
    }
    if (m_dupAckThreshold > 0)
    {
        presets.SetDupAckThreshold(m_dupAckThreshold);
    }
    return presets;
}

TcpEraPresets
TcpEraCommandLine::GetPresets(const AtmCommandLine& options, uint32_t mtu, uint32_t window) const
{
    TcpEraPresets presets = GetPresets();
    presets.SetMtu(mtu);
    presets.SetWindow(window);
    const uint32_t mss = presets.GetSegmentSize();
    const uint32_t tcpOptionBytes = presets.GetTimestamps() ? 12 : 0;
    options.Require(static_cast<uint64_t>(mss) + 40 + tcpOptionBytes <= mtu,
                    "mss",
                    "a segment of " + std::to_string(mss) + " bytes + 40 + " +
                        std::to_string(tcpOptionBytes) +
                        " option bytes exceeds --mtu=" + std::to_string(mtu));
    options.Require(window >= mss,
                    "window",
                    "the window must hold at least one " + std::to_string(mss) + "-byte segment");
    return presets;
}

const std::string&
TcpEraCommandLine::GetSource() const
{
    return m_source;
}

int
TcpEraCommandLine::GetDelayedAck() const
{
    return m_delayedAck;
}

} // namespace ns3
