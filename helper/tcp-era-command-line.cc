/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-command-line.h"

#include "ns3/abort.h"
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
    if (options & SOURCE)
    {
        cmd.AddValue("source",
                     "TCP preset (TcpEraPresets::ForSource): bsd, bon-default, bon-fast, "
                     "bon-sack, crc, jain, sandia, bon-internetwork",
                     m_source);
    }
    if (options & VARIANT)
    {
        cmd.AddValue("tcp",
                     "TCP variant: vanilla, reno, newreno or sack (default: the preset's)",
                     m_variant);
    }
    if (options & MSS)
    {
        cmd.AddValue("mss", "TCP segment payload (0: MTU - 40 - option bytes)", m_mss);
    }
    if (options & TIMER_TICK)
    {
        cmd.AddValue("timerTick", "TCP timer tick (0: the preset's)", m_timerTick);
    }
    if (options & MIN_RTO_TICKS)
    {
        cmd.AddValue("minRtoTicks", "minimum RTO in ticks (0: the preset's)", m_minRtoTicks);
    }
    if (options & DELAYED_ACK)
    {
        cmd.AddValue("delayedAck", "delayed ACKs: -1 the preset's, 0 off, 1 on", m_delayedAck);
        cmd.AddValue("delAckTimeout", "delayed-ACK timer (with --delayedAck=1)", m_delAckTimeout);
    }
    if (options & TIMESTAMPS)
    {
        cmd.AddValue("timestamps",
                     "RFC 1323 timestamps: -1 the preset's, 0 off, 1 on",
                     m_timestamps);
    }
    if (options & DUP_ACK_THRESHOLD)
    {
        cmd.AddValue("dupAckThreshold",
                     "fast-retransmit threshold (0: the preset's)",
                     m_dupAckThreshold);
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
