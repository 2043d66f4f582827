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
 * (total / C), fairness (Jain's index, equal shares or those of --vcThresholds), cellsSent,
 * cellsDropped, cellLossRatio, dataSegmentsSent, retransmissions, retransmissionPercent,
 * timeouts, meanRttMs (segments not retransmitted), rawUtilization and effectiveUtilization
 * of the trunk, ledgersHold, simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Time series (AtmFlowTracer): --traceDir=DIR creates DIR (and its parents) and writes two CSV
 * files into it, without changing the run or its JSON line:
 * - DIR/tcp.csv, `time_s,flow,metric,value`: per TCP sender (flow i = source i) cwnd_bytes,
 *   ssthresh_bytes, srtt_ms, rto_ms, bytes_acked and cong_state at each change, rtt_ms at each
 *   exact RTT sample and one `timeout` row per retransmission timeout (value: the back-off
 *   count);
 * - DIR/ports.csv, `time_s,port,metric,value`: every --traceInterval (default 1 ms), for each
 *   switch port of the data direction (sw0-trunk, the bottleneck, and sw1-dst0 ...
 *   sw1-dstN-1), queue_cells, queue_max_cells and, for reasons with drops in the interval,
 *   drop_\<reason\>_cells and frame_drop_\<reason\>.
 * A directory that cannot be created or written is a usage error. `utils/atm-validation --plot DIR`
 * draws the series (cwnd, ssthresh and timeouts per flow; queues and drops per port) as a PNG.
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
 *   TCP over ABR (Jain et al.'s buffer requirement of ERICA+: the trunk queue stays within about
 *   one feedback delay x bandwidth, whatever the number of sources; --accessDelay sets the
 *   feedback delay, twice the distance from a source to the trunk port):
 *     atm-n-source --service=abr --abrSwitch=erica+ --nSources=15 --delays=wan --bufferCells=100000
 *   (the JSON line says service, abrSwitch and trunkMaxQueueCells, the trunk's largest queue)
 *   Every host's TCP tick grid starts at its own random instant of the first tick, as hosts
 *   booted at unrelated times (--tickPhase=random, the default). One grid for every host
 *   (--tickPhase=common) synchronises the retransmission timeouts of flows that lost segments
 *   together; with large segments it locks all flows but one out (the manual's "Tick phases"):
 *     atm-n-source --nSources=15 --linkRate=149.76Mbps --accessDelay=333us --trunkDelay=334us
 *                  --policy=epd --threshold=0.7 --mss=9140 --window=65536 --delayedAck=true
 *                  --duration=30s --tickPhase=common
 *   JAIN GFRJ section 3 (JAIN-THRESH15): per-VC single-drop thresholds r_i (vc-threshold), each
 *   flow expected to get mu x r_i / sum r; fairness is then measured against those shares:
 *     atm-n-source --nSources=15 --delays=wan --bufferCells=48000 --policy=vc-threshold
 *                  --vcThresholds=305,305,305,611,611,611,917,917,917,1223,1223,1223,1528,1528,1528
 *                  --tcp=sack --source=jain --mss=1024 --window=600000 --duration=20s
 *   The dynamics behind a run's numbers, then their figure (DIR/traces.png):
 *     atm-n-source --nSources=5 --duration=2s --traceDir=DIR && utils/atm-validation --plot DIR
 */

#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-output-port.h"
#include "ns3/core-module.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/vc-threshold-buffer-policy.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <vector>

using namespace ns3;

/**
 * The example's program (the file's description says what it runs and prints).
 * @param argc the number of command-line arguments
 * @param argv the command-line arguments (--PrintHelp lists the options)
 * @return the exit status
 */
int
main(int argc, char* argv[])
{
    uint32_t nSources = 5;
    std::string linkRate = "OC3cRaw";
    std::string delays = "lan";
    Time accessDelay;
    Time trunkDelay;
    uint32_t bufferCells = 1000;
    std::string policy = "tail";
    double threshold = 0.8;
    double z = 0.8;
    bool perVcQueues = false;
    uint32_t perVcBufferCells = 0;
    std::vector<uint32_t> vcThresholds;
    uint32_t credits = 0;
    std::string tcp = "sack";
    std::string source = "jain";
    uint32_t mss = 0;
    uint32_t firstMss = 0;
    uint32_t window = 0;
    bool delayedAck = false;
    Time timerTick;
    uint32_t minRtoTicks = 0;
    std::string tickPhase = "random";
    Time hostDelay;
    Time duration = Seconds(10);
    Time startJitter = MilliSeconds(1);
    Time vbrOnTime;
    Time vbrOffTime;
    double gr = 0;
    std::string service = "ubr";
    std::string abrSwitch = "erica+";
    double icrFraction = 0;
    uint32_t vbrBufferCells = 1000000;
    uint32_t initialSsthresh = 0;

    // Ranges: one VC per source on the trunk, from VCI 32 to 65535 (ITU-T I.361), and two host
    // addresses per source in one /16 LIS; a port's buffer costs memory as it fills (about 50
    // bytes per cell it held at once); an IP packet (segment + 40 header bytes) must fit one AAL5
    // CPCS-SDU of 65,535 bytes with its 8-byte LLC/SNAP header (ITU-T I.363.5, RFC 2684), so MSS <=
    // 65,487.
    const Time maxDelay = Seconds(100);
    std::vector<std::string> delayNames;
    for (const auto& p : AtmDelayPreset::GetAll())
    {
        delayNames.push_back(p.name);
    }
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("N greedy TCP sources over one ATM trunk; prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("nSources", "number of TCP sources (one VC each)", nSources, 1, 32000);
    options.AddValue(
        "linkRate",
        "cell rate of every link: preset (OC3c, OC3cRaw, Sandia, E3, T3, ...), cells/s or a bit "
        "rate (155.52Mbps)",
        linkRate,
        AtmCommandLine::CellRateCheck());
    options.AddChoice("delays", "delay preset", delays, delayNames);
    options.AddValue("accessDelay",
                     "one-way delay of each access link (overrides --delays)",
                     accessDelay,
                     Time(0),
                     maxDelay,
                     "the --delays preset's");
    options.AddValue("trunkDelay",
                     "one-way delay of the trunk (overrides --delays)",
                     trunkDelay,
                     Time(0),
                     maxDelay,
                     "the --delays preset's");
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
    options.AddValue("policy",
                     "buffer policy: " + AtmBufferPolicyFactory::GetShortNameList() +
                         " (tail is the studies' UBR), or a TypeId",
                     policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("threshold",
                     "EPD/SD/FBA threshold R as a fraction of the buffer, in (0, 1) (policies with "
                     "ThresholdFraction)",
                     threshold,
                     0.0,
                     1.0);
    options.AddValue("z", "SD/FBA scaling Z, in (0, 1] (policies with Z)", z, 0.0, 1.0);
    options.AddValue("perVcQueues",
                     "per-VC queues served round robin in the switches",
                     perVcQueues);
    options.AddValue("perVcBufferCells",
                     "per-VC queue limit V of drop-tail, drop-whole and vc-tail",
                     perVcBufferCells,
                     1,
                     4000000,
                     "the policy's, 256");
    options.AddList("vcThresholds",
                    "per-VC single-drop thresholds r_i in cells of the vc-threshold policy at "
                    "the trunk, one per source or one for all; the fairness index then measures "
                    "against the shares r_i / sum r",
                    vcThresholds,
                    1,
                    4000000,
                    "the policy's ThresholdCells");
    options.AddValue("credits",
                     "AN2 credits per VC and hop (0: no credit flow control)",
                     credits,
                     0,
                     1000000);
    options.AddChoice("service",
                      "every flow's VC: ubr, or abr (PCR = the link rate, MCR 0, the adapters run "
                      "the TM 4.0 end systems; the trunk port runs --abrSwitch)",
                      service,
                      {"ubr", "abr"});
    options.AddValue("abrSwitch",
                     "the trunk port's ABR behaviour with service abr: " +
                         AtmAbrBehaviourFactory::GetShortNameList() + ", or a TypeId",
                     abrSwitch,
                     AtmCommandLine::AbrBehaviourCheck());
    options.AddValue("icr",
                     "ICR as a fraction of the link rate with service abr, in (0, 1]",
                     icrFraction,
                     1e-6,
                     1,
                     "1 / nSources");
    options.AddChoice("tcp", "TCP variant", tcp, TcpEraPresets::GetVariantNames());
    options.AddChoice("source",
                      "TCP timer/ACK preset family (TcpEraPresets::ForSource)",
                      source,
                      TcpEraPresets::GetSourceNames());
    options.AddValue("mss", "TCP segment payload in bytes", mss, 1, 65487, "the preset's");
    options.AddValue("firstMss",
                     "MSS of flow 0 only; SANDIA-FAIR uses 64",
                     firstMss,
                     1,
                     65487,
                     "as --mss");
    options.AddValue("window",
                     "TCP window = socket buffers in bytes",
                     window,
                     1,
                     1073725440,
                     "the preset's");
    options.AddValue("delayedAck", "delayed ACKs (200 ms timer)", delayedAck);
    options.AddValue("timerTick",
                     "TCP timer tick (jain 100ms, sandia 10ms)",
                     timerTick,
                     NanoSeconds(1),
                     maxDelay,
                     "the preset's");
    options.AddValue("minRtoTicks",
                     "minimum RTO in ticks",
                     minRtoTicks,
                     1,
                     1000000,
                     "the preset's, 2");
    options.AddChoice("tickPhase",
                      "TCP timer tick grids: random (each host's starts at U[0, tick), as hosts "
                      "booted at unrelated instants) or common (every host's at 0)",
                      tickPhase,
                      {"common", "random"});
    options.AddValue("initialSsthresh",
                     "initial slow-start threshold in bytes",
                     initialSsthresh,
                     1,
                     1073725440,
                     "the preset's, 65535");
    options.AddValue("hostDelay",
                     "host protocol processing per packet sent and per packet received",
                     hostDelay,
                     Time(0),
                     maxDelay);
    options.AddValue("duration",
                     "simulated time; goodput = bytes delivered / duration",
                     duration,
                     NanoSeconds(1),
                     Seconds(1000000));
    options.AddValue("startJitter",
                     "each source starts at U[0, startJitter)",
                     startJitter,
                     Time(0),
                     maxDelay);
    options.AddValue(
        "vbrOnTime",
        "JAIN's on/off VBR source (own host pair, 100 % of the link when ON): ON period "
        "(0: no VBR source)",
        vbrOnTime,
        Time(0),
        maxDelay);
    options.AddValue("vbrOffTime",
                     "its OFF period",
                     vbrOffTime,
                     Time(0),
                     maxDelay,
                     "equal to --vbrOnTime");
    options.AddValue("gr",
                     "with a VBR source: the UBR class's guaranteed rate GR at every switch port "
                     "(0: VBR has strict priority)",
                     gr,
                     0.0,
                     1.0);
    options.AddValue("vbrBufferCells",
                     "with a VBR source: the VBR class's buffer per port",
                     vbrBufferCells,
                     1,
                     4000000);
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    // Checks that involve the policy chosen or several options.
    TypeId policyTid;
    std::string error;
    AtmBufferPolicyFactory::TryResolve(policy, &policyTid, &error);
    TypeId::AttributeInformation info;
    options.Require(threshold > 0 && threshold < 1,
                    "threshold",
                    "expected a number in (0, 1): R is a fraction of the buffer");
    options.Require(z > 0, "z", "expected a number in (0, 1]");
    options.Require(
        !options.IsSet("perVcBufferCells") ||
            policyTid.LookupAttributeByName("VcBufferCells", &info),
        "perVcBufferCells",
        "policy " + policyTid.GetName() +
            " has no per-VC queue limit; use --policy=drop-tail, drop-whole or vc-tail");
    options.Require(vcThresholds.empty() || policyTid == VcThresholdBufferPolicy::GetTypeId(),
                    "vcThresholds",
                    "--policy=vc-threshold (policy " + policyTid.GetName() +
                        " has no per-VC single-drop thresholds)");
    options.Require(vcThresholds.size() <= 1 || vcThresholds.size() == nSources,
                    "vcThresholds",
                    "one threshold per source (" + std::to_string(nSources) + ") or one for all");
    options.Require(!options.IsSet("vbrOffTime") || vbrOnTime.IsStrictlyPositive(),
                    "vbrOffTime",
                    "give --vbrOnTime as well (the VBR source is off without it)");
    options.Require(service == "abr" || !options.IsSet("abrSwitch"),
                    "abrSwitch",
                    "--service=abr as well (a UBR trunk has no ABR behaviour)");
    options.Require(service == "abr" || !options.IsSet("icr"),
                    "icr",
                    "--service=abr as well (UBR has no ICR)");
    options.Require(service == "ubr" || credits == 0,
                    "credits",
                    "0 with --service=abr (ABR and AN2 credits are two flow controls for one VC)");
    traceOptions.CheckOptions(options);
    if (!options.IsSet("vbrOffTime"))
    {
        vbrOffTime = vbrOnTime;
    }
    const AtmCellRate rate = AtmCellRate::Parse(linkRate);

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
    const std::string segment = std::to_string(presets.GetSegmentSize()) + "-byte segment";
    options.Require(presets.GetWindow() >= presets.GetSegmentSize(),
                    options.IsSet("window") ? "window" : "mss",
                    "the window (" + std::to_string(presets.GetWindow()) +
                        " bytes) must hold at least one " + segment + "; raise --window");
    options.Require(presets.GetWindow() >= firstMss,
                    "firstMss",
                    "the window (" + std::to_string(presets.GetWindow()) +
                        " bytes) must hold at least one segment of flow 0");

    const AtmDelayPreset preset = AtmDelayPreset::Get(delays);
    const Time usedAccess = options.IsSet("accessDelay") ? accessDelay : preset.accessDelay;
    const Time usedTrunk = options.IsSet("trunkDelay") ? trunkDelay : preset.trunkDelay;
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(nSources);
    nsrc.SetLinkRate(rate);
    nsrc.SetAccessDelay(usedAccess);
    nsrc.SetTrunkDelay(usedTrunk);
    nsrc.SetBufferCells(bufferCells);
    nsrc.SetBufferPolicy(policy);
    if (policyTid.LookupAttributeByName("ThresholdFraction", &info))
    {
        nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(threshold));
    }
    if (policyTid.LookupAttributeByName("Z", &info))
    {
        nsrc.SetBufferPolicyAttribute("Z", DoubleValue(z));
    }
    if (options.IsSet("perVcBufferCells"))
    {
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
    if (service == "abr")
    {
        // ICR by default the fair share: with ICR = PCR the N sources would start at N times
        // the link rate (TM 4.0 leaves ICR to the contract).
        AtmAbrParameters abr;
        const double icr =
            (options.IsSet("icr") ? icrFraction : 1.0 / nSources) * rate.GetCellsPerSecond();
        abr.icr = AtmCellRate(static_cast<uint64_t>(std::llround(icr * 1000)), 1000);
        nsrc.SetContract(AtmTrafficContract::Abr(rate, AtmCellRate(), abr));
    }
    nsrc.SetHostCpu(hostDelay, hostDelay);
    nsrc.SetRandomTickPhase(tickPhase == "random");
    if (vbrOnTime.IsStrictlyPositive())
    {
        nsrc.SetVbrSource(vbrOnTime, vbrOffTime);
        nsrc.SetGuaranteedRate(gr);
        nsrc.SetVbrBufferCells(vbrBufferCells);
    }
    if (!vcThresholds.empty())
    {
        vcThresholds.resize(nSources, vcThresholds.front());
        nsrc.SetExpectedShares(std::vector<double>(vcThresholds.begin(), vcThresholds.end()));
    }
    const AtmNSourceTopology topology = nsrc.Install();
    if (!vcThresholds.empty())
    {
        // r_i at the trunk port, by each flow's VC index there.
        Ptr<VcThresholdBufferPolicy> trunkPolicy = DynamicCast<VcThresholdBufferPolicy>(
            topology.trunk->GetOutputPort()->GetBufferPolicy());
        NS_ABORT_MSG_IF(!trunkPolicy, "atm-n-source: the trunk port has no vc-threshold policy");
        for (uint32_t i = 0; i < nSources; ++i)
        {
            for (const auto& [device, vc] : topology.pvcs[i].forward)
            {
                if (device == topology.trunk)
                {
                    trunkPolicy->SetVcThreshold(vc, vcThresholds[i]);
                }
            }
        }
    }
    if (service == "abr")
    {
        topology.trunk->GetOutputPort()->SetAbrBehaviour(AtmAbrBehaviourFactory::Create(abrSwitch));
    }
    // The trunk port's largest queue (ABR: the buffer the switch needs).
    uint32_t trunkMaxQueue = 0;
    topology.trunk->GetOutputPort()->TraceConnectWithoutContext(
        "CellsInQueue",
        MakeBoundCallback(
            +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
            &trunkMaxQueue));
    AtmNSourceTraffic traffic;
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        traffic.SetTracer(tracer);
    }
    traffic.Install(topology, Seconds(0), duration, startJitter);

    Simulator::Stop(duration);
    Simulator::Run();
    const AtmNSourceResults results = traffic.GetResults();
    const uint64_t events = Simulator::GetEventCount();
    if (tracer)
    {
        tracer->Close();
    }

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
        .Add("vcThresholds", std::vector<double>(vcThresholds.begin(), vcThresholds.end()))
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
        .Add("vbrOffTimeMs", vbrOffTime.GetSeconds() * 1e3)
        .Add("gr", gr)
        .Add("service", service)
        .Add("abrSwitch",
             service == "abr" ? AtmAbrBehaviourFactory::Resolve(abrSwitch).GetName()
                              : std::string("none"))
        .Add("trunkMaxQueueCells", trunkMaxQueue)
        .Add("vbrBufferCells", vbrBufferCells)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed());
    results.AddTo(json);
    json.Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return results.ledgersHold ? 0 : 1;
}
