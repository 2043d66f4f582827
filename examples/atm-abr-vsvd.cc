/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-abr-vsvd: TCP over ABR across a satellite hop, with and without a virtual source and
 * destination (VS/VD) at the satellite's ground switch: the configuration with which Goyal,
 * Jain et al. explain what VS/VD is for ("Traffic Management for TCP/IP over Satellite-ATM
 * Networks", IEEE Communications Magazine 37(3), March 1999, Fig. 3; Kalyanaraman's thesis,
 * Ohio State 1997, ch. 9).
 *
 * @verbatim
   src0..srcN-1 --satellite hop-- sw0 ====terrestrial link==== sw1 (S) --bottleneck-- host
                                 (VS/VD with --vsvd)               (ERICA+ here)
   @endverbatim
 *
 * N greedy TCP connections over ABR (AtmNSourceHelper with SetSharedSink()): each source host
 * reaches the ground switch sw0 over its own satellite link (--satelliteDelay); sw0 reaches the
 * terrestrial switch S (sw1) over the terrestrial link (--terrestrialDelay, --trunkRate, faster
 * than the bottleneck), and S's link to the one destination host (--bottleneckRate) is the
 * bottleneck, its port running --abrSwitch (ERICA+ by default). End to end, S's explicit rate
 * reaches the sources a whole round trip later, satellite included, and S's queue takes the
 * overload of that loop. With --vsvd=true sw0 closes the loop on each side of itself for every
 * VC (AtmSwitch::SetVirtualSourceDestination): as virtual destination it turns the sources'
 * forward RM cells around, as virtual source it sends the VC onto the terrestrial link at its
 * own ACR, which S's backward RM cells set one terrestrial round trip later. S's queue is then
 * bounded by its own loop, and the satellite loop's excess waits in sw0's per-VC queues. Every
 * switch port has per-VC queues served round robin in both runs (a virtual source needs them),
 * and a buffer no run fills (--bufferCells).
 *
 * The defaults reproduce the figure's two loops as feedback delay x bandwidth at the bottleneck
 * (155.52 Mb/s, 366,792 cells/s): 2 x 21.8 ms for the satellite loop (16,000 cells) and 2 x
 * 4.1 ms for the terrestrial one (3,000 cells). The TCPs are SACK with 512-byte segments and
 * 600,000-byte windows (Jain et al.'s WAN runs), their initial ssthresh the window so that the
 * windows open within the run; each source's ICR is 1/N of the link.
 *
 * Output: one JSON line: the loops' feedback delay x bandwidth in cells (satelliteLoopCells,
 * terrestrialLoopCells, and wholeLoopCells, S's loop without VS/VD; physics: 2 x one-way delay
 * x bottleneck cell rate), per switch the largest and the time-averaged queue of its port in
 * the data direction (sw0MaxQueueCells, sw0MeanQueueCells: sw0's port onto the terrestrial
 * link; sw1MaxQueueCells, sw1MeanQueueCells: S's port to the host), the RM cells sw0 generated
 * and took as VS/VD (rmGenerated, rmTaken), and the N-source results (goodputMbps per flow,
 * totalGoodputMbps, maxGoodputMbps at the bottleneck, efficiency, fairness, cellsDropped,
 * retransmissions, timeouts, rawUtilization of the bottleneck, ledgersHold, ...). --traceDir
 * writes the time series of atm-n-source (ports sw0-trunk and sw1-sink).
 *
 *   atm-abr-vsvd --vsvd=false      (S's largest queue: about the whole loop's 19,000 cells)
 *   atm-abr-vsvd --vsvd=true       (S's largest queue: about its own loop's 3,000 cells)
 */

#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-abr-vs-vd.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-port-monitor.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/core-module.h"
#include "ns3/tcp-era-presets.h"

#include <cmath>
#include <iostream>
#include <string>

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
    bool vsvd = false;
    std::string linkRate = "OC3cRaw";
    std::string trunkRate = "622.08Mbps";
    std::string bottleneckRate = "OC3cRaw";
    Time satelliteDelay = MicroSeconds(21800);
    Time terrestrialDelay = MicroSeconds(4100);
    Time hostDelay = MicroSeconds(5);
    std::string abrSwitch = "erica+";
    double icrFraction = 0;
    uint32_t bufferCells = 1000000;
    std::string tcp = "sack";
    uint32_t mss = 512;
    uint32_t window = 600000;
    uint32_t initialSsthresh = 0;
    Time duration = Seconds(3);
    Time startJitter = MilliSeconds(1);

    // Ranges: one VC per source on each link, from VCI 32 to 65535 (ITU-T I.361); an IP packet
    // (segment + 40 header bytes) must fit one AAL5 CPCS-SDU of 65,535 bytes with its 8-byte
    // LLC/SNAP header (ITU-T I.363.5, RFC 2684), so MSS <= 65,487.
    const Time maxDelay = Seconds(100);
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("TCP over ABR across a satellite hop, with or without VS/VD at the ground switch; "
              "prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("nSources", "number of TCP sources (one ABR VC each)", nSources, 1, 32000);
    options.AddValue("vsvd",
                     "the ground switch sw0 is every VC's virtual source and destination",
                     vsvd);
    options.AddValue("linkRate",
                     "cell rate of each source's satellite link (and the ABR PCR): preset "
                     "(OC3cRaw, ...), cells/s or a bit rate",
                     linkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of the terrestrial link sw0 -> S (faster than --bottleneckRate, "
                     "so that S's link is the bottleneck)",
                     trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("bottleneckRate",
                     "cell rate of S's link to the host, the bottleneck",
                     bottleneckRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("satelliteDelay",
                     "one-way delay of each source's satellite link",
                     satelliteDelay,
                     Time(0),
                     maxDelay);
    options.AddValue("terrestrialDelay",
                     "one-way delay of the terrestrial link sw0 -> S",
                     terrestrialDelay,
                     Time(0),
                     maxDelay);
    options.AddValue("hostDelay",
                     "one-way delay of S's link to the host",
                     hostDelay,
                     Time(0),
                     maxDelay);
    options.AddValue("abrSwitch",
                     "ABR behaviour of S's port to the host: " +
                         AtmAbrBehaviourFactory::GetShortNameList() + ", or a TypeId",
                     abrSwitch,
                     AtmCommandLine::AbrBehaviourCheck());
    options.AddValue("icr",
                     "each source's ICR as a fraction of --linkRate, in (0, 1]",
                     icrFraction,
                     1e-6,
                     1,
                     "1 / nSources");
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
    options.AddChoice("tcp", "TCP variant", tcp, TcpEraPresets::GetVariantNames());
    options.AddValue("mss", "TCP segment payload in bytes", mss, 1, 65487);
    options.AddValue("window", "TCP window = socket buffers in bytes", window, 1, 1073725440);
    options.AddValue("initialSsthresh",
                     "initial slow-start threshold in bytes",
                     initialSsthresh,
                     1,
                     1073725440,
                     "--window");
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
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    const AtmCellRate link = AtmCellRate::Parse(linkRate);
    const AtmCellRate trunk = AtmCellRate::Parse(trunkRate);
    const AtmCellRate bottleneck = AtmCellRate::Parse(bottleneckRate);
    options.Require(bottleneck < trunk,
                    "bottleneckRate",
                    "a rate below --trunkRate (" + trunkRate +
                        "): S's link to the host must be the bottleneck, not the terrestrial link");
    options.Require(window >= mss,
                    "window",
                    "at least one " + std::to_string(mss) + "-byte segment; raise --window");
    traceOptions.CheckOptions(options);

    TcpEraPresets presets = TcpEraPresets::ForSource("jain");
    presets.SetVariant(TcpEraPresets::ParseVariant(tcp));
    presets.SetSegmentSize(mss);
    presets.SetWindow(window);
    const uint32_t ssthresh = options.IsSet("initialSsthresh") ? initialSsthresh : window;
    presets.SetInitialSsThresh(ssthresh);

    AtmNSourceHelper nsrc;
    nsrc.SetNSources(nSources);
    nsrc.SetLinkRate(link);
    nsrc.SetTrunkRate(trunk);
    nsrc.SetAccessDelay(satelliteDelay);
    nsrc.SetTrunkDelay(terrestrialDelay);
    nsrc.SetSharedSink(bottleneck, hostDelay);
    nsrc.SetBufferCells(bufferCells);
    nsrc.SetPerVcQueues(true);
    nsrc.SetTcp(presets);
    // ICR by default the fair share of the link: with ICR = PCR the N sources would start at
    // N times the link rate (TM 4.0 leaves ICR to the contract).
    AtmAbrParameters abr;
    const double icr =
        (options.IsSet("icr") ? icrFraction : 1.0 / nSources) * link.GetCellsPerSecond();
    abr.icr = AtmCellRate(static_cast<uint64_t>(std::llround(icr * 1000)), 1000);
    const AtmTrafficContract contract = AtmTrafficContract::Abr(link, AtmCellRate(), abr);
    nsrc.SetContract(contract);
    const AtmNSourceTopology topology = nsrc.Install();

    topology.sinkPort->GetOutputPort()->SetAbrBehaviour(AtmAbrBehaviourFactory::Create(abrSwitch));
    Ptr<AtmSwitch> sw0 = topology.switches.Get(0)->GetObject<AtmSwitch>();
    const uint32_t trunkPort = DynamicCast<AtmSwitchPort>(topology.trunk)->GetPortIndex();
    std::vector<uint32_t> trunkVcs; // each flow's VC index at sw0's trunk port
    for (const AtmPvc& pvc : topology.pvcs)
    {
        for (const auto& [device, vc] : pvc.forward)
        {
            if (device == topology.trunk)
            {
                trunkVcs.push_back(vc);
            }
        }
    }
    NS_ABORT_MSG_IF(trunkVcs.size() != nSources, "atm-abr-vsvd: a PVC misses sw0's trunk port");
    for (uint32_t vc : trunkVcs)
    {
        if (vsvd)
        {
            sw0->SetVirtualSourceDestination(trunkPort, vc, contract);
        }
    }
    Ptr<AtmPortMonitor> sw0Port = Create<AtmPortMonitor>(topology.trunk, Time());
    Ptr<AtmPortMonitor> sw1Port = Create<AtmPortMonitor>(topology.sinkPort, Time());

    AtmNSourceTraffic traffic;
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        traffic.SetTracer(tracer);
    }
    traffic.Install(topology, Seconds(0), duration, startJitter);
    Simulator::Stop(duration);
    Simulator::Run();
    sw0Port->Stop();
    sw1Port->Stop();
    const AtmNSourceResults results = traffic.GetResults();
    const uint64_t events = Simulator::GetEventCount();
    if (tracer)
    {
        tracer->Close();
    }
    uint64_t rmGenerated = 0;
    uint64_t rmTaken = 0;
    for (uint32_t vc : trunkVcs)
    {
        rmGenerated += sw0->GetRmGenerated(trunkPort, vc);
        rmTaken += sw0->GetRmTaken(trunkPort, vc);
    }

    // Feedback delay x bandwidth of each loop at the bottleneck (physics, not a result).
    const double cellsPerS = bottleneck.GetCellsPerSecond();
    const auto loopCells = [cellsPerS](Time oneWay) { return 2 * oneWay.GetSeconds() * cellsPerS; };
    AtmJsonLine json;
    json.Add("example", "atm-abr-vsvd")
        .Add("vsvd", vsvd)
        .Add("nSources", nSources)
        .Add("linkRate", linkRate)
        .Add("trunkRate", trunkRate)
        .Add("bottleneckRate", bottleneckRate)
        .Add("bottleneckCellsPerSecond", cellsPerS)
        .Add("satelliteDelayMs", satelliteDelay.GetSeconds() * 1e3)
        .Add("terrestrialDelayMs", terrestrialDelay.GetSeconds() * 1e3)
        .Add("hostDelayMs", hostDelay.GetSeconds() * 1e3)
        .Add("satelliteLoopCells", loopCells(satelliteDelay))
        .Add("terrestrialLoopCells", loopCells(terrestrialDelay + hostDelay))
        .Add("wholeLoopCells", loopCells(satelliteDelay + terrestrialDelay + hostDelay))
        .Add("abrSwitch", AtmAbrBehaviourFactory::Resolve(abrSwitch).GetName())
        .Add("icrCellsPerSecond", abr.icr.GetCellsPerSecond())
        .Add("bufferCells", bufferCells)
        .Add("tcp", TcpEraPresets::GetVariantName(presets.GetVariant()))
        .Add("mss", mss)
        .Add("window", window)
        .Add("initialSsthresh", ssthresh)
        .Add("durationS", duration.GetSeconds())
        .Add("sw0MaxQueueCells", sw0Port->GetMaxOccupancy())
        .Add("sw0MeanQueueCells", sw0Port->GetMeanOccupancy())
        .Add("sw1MaxQueueCells", sw1Port->GetMaxOccupancy())
        .Add("sw1MeanQueueCells", sw1Port->GetMeanOccupancy())
        .Add("rmGenerated", rmGenerated)
        .Add("rmTaken", rmTaken)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed());
    results.AddTo(json);
    json.Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return results.ledgersHold ? 0 : 1;
}
