/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-n-source: N greedy TCP sources share one ATM trunk, the configuration of the classic
 * TCP-over-UBR studies (SANDIA, JAIN et al.): AtmNSourceHelper builds the topology,
 * AtmNSourceTraffic runs and measures the transfers.
 *
 * @verbatim
   src0..srcN-1 --access-- s0 ====== trunk ====== s1 --access-- dst0..dstN-1
                          (congested output port)
   @endverbatim
 *
 * One PVC and one TCP bulk transfer per source; every link has the rate --linkRate; only s0's
 * port onto the trunk congests. The program prints exactly one line on standard output, a JSON
 * object holding the parameters it used and what it measured (AtmNSourceResults):
 * goodputMbps (per flow, bytes delivered / duration), totalGoodputMbps, maxGoodputMbps (C, the
 * overhead-aware ceiling at the trunk's cell rate, AtmMetrics::MaxTcpGoodput), efficiency
 * (total / C), fairness (Jain's index, equal shares), cellsSent, cellsDropped, cellLossRatio,
 * dataSegmentsSent, retransmissions, retransmissionPercent, timeouts, meanRttMs (segments not
 * retransmitted), rawUtilization and effectiveUtilization of the trunk, ledgersHold,
 * simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Examples:
 *   JAIN ICCCN LAN, 5 SACK sources, Selective Drop, 1000 cells:
 *     atm-n-source --nSources=5 --linkRate=OC3cRaw --delays=lan --bufferCells=1000 --policy=sd
 *                  --tcp=sack --mss=512 --window=65535 --duration=10s
 *   SANDIA, 6 sessions with AN2 credit flow control (5 credits per VC and hop):
 *     atm-n-source --source=sandia --nSources=6 --linkRate=Sandia --delays=sandia --credits=5
 *                  --bufferCells=100000 --tcp=reno --mss=8152 --window=65536 --hostDelay=300us
 *   the same with drop-whole on 256-cell per-VC queues:
 *     ... --credits=0 --perVcQueues=1 --policy=drop-whole --perVcBufferCells=256 --bufferCells=1536
 *   JAIN AF-424 (JAIN-VBR / JAIN-GR): the ICCCN LAN run plus an on/off VBR source at 100 % of the
 *   link, 300 ms ON / 300 ms OFF, on its own host pair and class queue; GR = 0.1 for UBR:
 *     atm-n-source ... --vbrOnTime=300ms --gr=0.1
 *   (the JSON line adds vbrShare, vbrCellsDelivered, vbrCellsDropped; efficiency is then measured
 *   against C x (1 - vbrShare))
 *   JAIN-BUF with hosts whose TCP tick grids are not aligned (each host's starts at a random
 *   instant of its first tick; by default every host's starts at 0):
 *     atm-n-source --nSources=15 --delays=leo --bufferCells=750 --policy=sd --tcp=sack
 *                  --mss=9180 --window=600000 --duration=20s --tickPhase=random
 */

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/core-module.h"
#include "ns3/tcp-era-presets.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t nSources = 5;
    std::string linkRate = "OC3cRaw";
    std::string delays = "lan";
    Time accessDelay = Time(-1);
    Time trunkDelay = Time(-1);
    uint32_t bufferCells = 1000;
    std::string policy = "tail";
    double threshold = 0.8;
    double z = 0.8;
    bool perVcQueues = false;
    uint32_t perVcBufferCells = 0;
    uint32_t credits = 0;
    std::string tcp = "sack";
    std::string source = "jain";
    uint32_t mss = 0;
    uint32_t firstMss = 0;
    uint32_t window = 0;
    bool delayedAck = false;
    Time timerTick = Time();
    uint32_t minRtoTicks = 0;
    std::string tickPhase = "common";
    Time hostDelay = Time();
    Time duration = Seconds(10);
    Time startJitter = MilliSeconds(1);
    Time vbrOnTime = Time();
    Time vbrOffTime = Time(-1);
    double gr = 0;
    uint32_t vbrBufferCells = 1000000;
    uint32_t initialSsthresh = 0;

    CommandLine cmd(__FILE__);
    cmd.Usage("N greedy TCP sources over one ATM trunk; prints one JSON line (see the file).");
    cmd.AddValue("nSources", "number of TCP sources (one VC each)", nSources);
    cmd.AddValue("linkRate",
                 "cell rate of every link: preset (OC3c, OC3cRaw, Sandia, E3, T3, ...), cells/s "
                 "or a bit rate (155.52Mbps)",
                 linkRate);
    cmd.AddValue("delays", "delay preset: " + AtmDelayPreset::GetNames(), delays);
    cmd.AddValue("accessDelay",
                 "one-way delay of each access link (overrides --delays)",
                 accessDelay);
    cmd.AddValue("trunkDelay", "one-way delay of the trunk (overrides --delays)", trunkDelay);
    cmd.AddValue("bufferCells", "cell buffer of every switch port", bufferCells);
    cmd.AddValue("policy",
                 "buffer policy: tail (UBR), ppd, epd, sd, fba, drop-tail, drop-whole, vc-tail, "
                 "vc-threshold, or a TypeId",
                 policy);
    cmd.AddValue("threshold",
                 "EPD/SD/FBA threshold R as a fraction of the buffer (policies with "
                 "ThresholdFraction)",
                 threshold);
    cmd.AddValue("z", "SD/FBA scaling Z (policies with Z)", z);
    cmd.AddValue("perVcQueues", "per-VC queues served round robin in the switches", perVcQueues);
    cmd.AddValue("perVcBufferCells",
                 "per-VC queue limit V of drop-tail, drop-whole and vc-tail (0: the policy's "
                 "default, 256)",
                 perVcBufferCells);
    cmd.AddValue("credits", "AN2 credits per VC and hop (0: no credit flow control)", credits);
    cmd.AddValue("tcp", "TCP variant: vanilla, reno, newreno or sack", tcp);
    cmd.AddValue("source",
                 "TCP timer/ACK preset family (TcpEraPresets::ForSource): jain, sandia, bsd, "
                 "bon-default, crc, ...",
                 source);
    cmd.AddValue("mss", "TCP segment payload in bytes (0: the preset's)", mss);
    cmd.AddValue("firstMss", "MSS of flow 0 only (0: as --mss); SANDIA-FAIR uses 64", firstMss);
    cmd.AddValue("window", "TCP window = socket buffers in bytes (0: the preset's)", window);
    cmd.AddValue("delayedAck", "delayed ACKs (200 ms timer)", delayedAck);
    cmd.AddValue("timerTick",
                 "TCP timer tick (0: the preset's; jain 100ms, sandia 10ms)",
                 timerTick);
    cmd.AddValue("minRtoTicks", "minimum RTO in ticks (0: the preset's, 2)", minRtoTicks);
    cmd.AddValue("tickPhase",
                 "TCP timer tick grids: common (every host's starts at 0) or random (each "
                 "host's at U[0, tick), as hosts booted at unrelated instants)",
                 tickPhase);
    cmd.AddValue("initialSsthresh",
                 "initial slow-start threshold in bytes (0: the preset's, 65535)",
                 initialSsthresh);
    cmd.AddValue("hostDelay",
                 "host protocol processing per packet sent and per packet received (0: none)",
                 hostDelay);
    cmd.AddValue("duration", "simulated time; goodput = bytes delivered / duration", duration);
    cmd.AddValue("startJitter", "each source starts at U[0, startJitter)", startJitter);
    cmd.AddValue("vbrOnTime",
                 "JAIN's on/off VBR source (own host pair, 100 % of the link when ON): ON period "
                 "(0: no VBR source)",
                 vbrOnTime);
    cmd.AddValue("vbrOffTime", "its OFF period (default: equal to --vbrOnTime)", vbrOffTime);
    cmd.AddValue("gr",
                 "with a VBR source: the UBR class's guaranteed rate GR in [0, 1] at every switch "
                 "port (0: VBR has strict priority)",
                 gr);
    cmd.AddValue("vbrBufferCells",
                 "with a VBR source: the VBR class's buffer per port",
                 vbrBufferCells);
    cmd.Parse(argc, argv);

    AtmCellRate rate;
    std::string error;
    NS_ABORT_MSG_IF(!AtmCellRate::TryParse(linkRate, &rate, &error),
                    "atm-n-source: --linkRate=" << linkRate << ": " << error);
    NS_ABORT_MSG_IF(!duration.IsStrictlyPositive(),
                    "atm-n-source: --duration=" << duration.As(Time::S) << " must be > 0");

    TcpEraPresets presets = TcpEraPresets::ForSource(source);
    presets.SetVariant(TcpEraPresets::ParseVariant(tcp));
    if (mss > 0)
    {
        presets.SetSegmentSize(mss);
    }
    if (window > 0)
    {
        presets.SetWindow(window);
    }
    presets.SetDelayedAck(delayedAck);
    if (timerTick.IsStrictlyPositive())
    {
        presets.SetTimerTick(timerTick);
    }
    if (minRtoTicks > 0)
    {
        presets.SetMinRtoTicks(minRtoTicks);
    }
    if (initialSsthresh > 0)
    {
        presets.SetInitialSsThresh(initialSsthresh);
    }

    const AtmDelayPreset preset = AtmDelayPreset::Get(delays);
    const Time usedAccess = accessDelay.IsNegative() ? preset.accessDelay : accessDelay;
    const Time usedTrunk = trunkDelay.IsNegative() ? preset.trunkDelay : trunkDelay;
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(nSources);
    nsrc.SetLinkRate(rate);
    nsrc.SetAccessDelay(usedAccess);
    nsrc.SetTrunkDelay(usedTrunk);
    nsrc.SetBufferCells(bufferCells);
    nsrc.SetBufferPolicy(policy);
    const TypeId policyTid = AtmBufferPolicyFactory::Resolve(policy);
    TypeId::AttributeInformation info;
    if (policyTid.LookupAttributeByName("ThresholdFraction", &info))
    {
        nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(threshold));
    }
    if (policyTid.LookupAttributeByName("Z", &info))
    {
        nsrc.SetBufferPolicyAttribute("Z", DoubleValue(z));
    }
    if (perVcBufferCells > 0)
    {
        NS_ABORT_MSG_IF(!policyTid.LookupAttributeByName("VcBufferCells", &info),
                        "atm-n-source: --perVcBufferCells=" << perVcBufferCells << ": policy "
                                                            << policyTid.GetName()
                                                            << " has no per-VC queue limit; use "
                                                               "drop-tail, drop-whole or vc-tail");
        nsrc.SetBufferPolicyAttribute("VcBufferCells", UintegerValue(perVcBufferCells));
    }
    nsrc.SetPerVcQueues(perVcQueues);
    nsrc.SetCreditFlowControl(credits);
    nsrc.SetTcp(presets);
    if (firstMss > 0)
    {
        TcpEraPresets first = presets;
        first.SetSegmentSize(firstMss);
        nsrc.SetFlowTcp(0, first);
    }
    nsrc.SetHostCpu(hostDelay, hostDelay);
    NS_ABORT_MSG_UNLESS(tickPhase == "common" || tickPhase == "random",
                        "atm-n-source: --tickPhase=" << tickPhase << " (use common or random)");
    nsrc.SetRandomTickPhase(tickPhase == "random");
    if (vbrOnTime.IsStrictlyPositive())
    {
        nsrc.SetVbrSource(vbrOnTime, vbrOffTime.IsNegative() ? vbrOnTime : vbrOffTime);
        nsrc.SetGuaranteedRate(gr);
        nsrc.SetVbrBufferCells(vbrBufferCells);
    }
    const AtmNSourceTopology topology = nsrc.Install();
    AtmNSourceTraffic traffic;
    traffic.Install(topology, Seconds(0), duration, startJitter);

    Simulator::Stop(duration);
    Simulator::Run();
    const AtmNSourceResults results = traffic.GetResults();
    const uint64_t events = Simulator::GetEventCount();

    AtmJsonLine json;
    json.Add("example", "atm-n-source")
        .Add("nSources", nSources)
        .Add("linkRate", linkRate)
        .Add("linkCellsPerSecond", rate.GetCellsPerSecond())
        .Add("delays", delays)
        .Add("accessDelayUs", usedAccess.GetSeconds() * 1e6)
        .Add("trunkDelayUs", usedTrunk.GetSeconds() * 1e6)
        .Add("rttPropagationMs", (4 * usedAccess + 2 * usedTrunk).GetSeconds() * 1e3)
        .Add("bufferCells", bufferCells)
        .Add("policy", policyTid.GetName())
        .Add("threshold", threshold)
        .Add("z", z)
        .Add("perVcQueues", perVcQueues || credits > 0)
        .Add("perVcBufferCells", perVcBufferCells)
        .Add("credits", credits)
        .Add("tcp", TcpEraPresets::GetVariantName(presets.GetVariant()))
        .Add("source", source)
        .Add("mss", presets.GetSegmentSize())
        .Add("firstMss", firstMss > 0 ? firstMss : presets.GetSegmentSize())
        .Add("window", presets.GetWindow())
        .Add("timerTickMs", presets.GetTimerTick().GetSeconds() * 1e3)
        .Add("minRtoMs", presets.GetMinRto().GetSeconds() * 1e3)
        .Add("tickPhase", tickPhase)
        .Add("initialSsthresh", initialSsthresh)
        .Add("delayedAck", delayedAck)
        .Add("hostDelayUs", hostDelay.GetSeconds() * 1e6)
        .Add("durationS", duration.GetSeconds())
        .Add("startJitterMs", startJitter.GetSeconds() * 1e3)
        .Add("vbrOnTimeMs", vbrOnTime.GetSeconds() * 1e3)
        .Add("vbrOffTimeMs", (vbrOffTime.IsNegative() ? vbrOnTime : vbrOffTime).GetSeconds() * 1e3)
        .Add("gr", gr)
        .Add("vbrBufferCells", vbrBufferCells)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed());
    results.AddTo(json);
    json.Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return results.ledgersHold ? 0 : 1;
}
