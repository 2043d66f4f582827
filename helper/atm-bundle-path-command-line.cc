/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-bundle-path-command-line.h"

#include "atm-bundle-helper.h"
#include "atm-command-line.h"

#include "ns3/atm-traffic-contract.h"

namespace ns3
{

void
AtmBundlePathCommandLine::AddOptions(AtmCommandLine& options, const std::string& pcrHelp)
{
    options.AddValue("window",
                     "TCP window = socket buffers (bytes) of both hosts",
                     m_window,
                     1,
                     1073725440);
    options.AddValue("pcr", pcrHelp, m_pcr, AtmCommandLine::CellRateCheck());
    options.AddValue("cdvt", "CDVT of the policed contract", m_cdvt, Time(0), Seconds(100));
    options.AddValue("rtt", "round-trip propagation delay", m_rtt, Time(0), Seconds(100));
    options.AddValue("mtu", "IP MTU of the hosts", m_mtu, 68, 65527);
    options.AddValue("accessRate",
                     "cell rate of the host links",
                     m_accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of s0-s1 and s1-s2 (CRC WAN: DS3)",
                     m_trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("accessDelay",
                     "one-way delay of each host link (the rest of --rtt is on the inner links)",
                     m_accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("bufferCells", "cell buffer of every switch port", m_bufferCells, 1, 4000000);
}

void
AtmBundlePathCommandLine::Apply(const AtmCommandLine& options, AtmBundleHelper& bundle) const
{
    const AtmCellRate access = AtmCellRate::Parse(m_accessRate);
    const AtmCellRate trunk = AtmCellRate::Parse(m_trunkRate);
    const AtmCellRate pcr = GetPcr();
    options.Require(pcr <= access && pcr <= trunk,
                    "pcr",
                    "at most the slowest link's cell rate (--accessRate=" + m_accessRate +
                        ", --trunkRate=" + m_trunkRate + ")");
    options.Require(m_rtt / 2 >= m_accessDelay * 2,
                    "rtt",
                    "at least four access delays of " + options.GetText("accessDelay") +
                        " (--accessDelay): the access links take that much");
    bundle.SetAccessRate(access);
    bundle.SetAccessDelay(m_accessDelay);
    bundle.SetTrunkRate(trunk);
    bundle.SetRtt(m_rtt);
    bundle.SetBufferCells(m_bufferCells);
    bundle.SetMtu(m_mtu);
    bundle.SetContract(AtmTrafficContract::Cbr(pcr, m_cdvt));
}

uint32_t
AtmBundlePathCommandLine::GetWindow() const
{
    return m_window;
}

uint32_t
AtmBundlePathCommandLine::GetMtu() const
{
    return m_mtu;
}

Time
AtmBundlePathCommandLine::GetRtt() const
{
    return m_rtt;
}

Time
AtmBundlePathCommandLine::GetCdvt() const
{
    return m_cdvt;
}

AtmCellRate
AtmBundlePathCommandLine::GetPcr() const
{
    return AtmCellRate::Parse(m_pcr);
}

const std::string&
AtmBundlePathCommandLine::GetPcrText() const
{
    return m_pcr;
}

const std::string&
AtmBundlePathCommandLine::GetAccessRateText() const
{
    return m_accessRate;
}

const std::string&
AtmBundlePathCommandLine::GetTrunkRateText() const
{
    return m_trunkRate;
}

} // namespace ns3
