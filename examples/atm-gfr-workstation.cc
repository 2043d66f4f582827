/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-gfr-workstation: O. Bonaventure's GFR workstation scenario (PhD thesis, Universite de
 * Liege, 1998, ch. 7.3, Fig. 7.3): one privileged and N background workstations send on/off TCP
 * file transfers over GFR VCs that share one congested NNI.
 *
 * @verbatim
     w0 (privileged) --UNI1--\                                 /--UNI2-- d0
     w1              --UNI1---- s1 ======== NNI ========= s2 ------UNI2-- d1
     ...                     /  (s1's port to the NNI:     \             ...
     wN              --UNI1-/    --policy, --scheduler)      \--UNI2-- dN
   @endverbatim
 *
 * Every link runs at --linkRate (BON: 365,566 cells/s), the UNIs with --uniDelay and the NNI
 * with --nniDelay (LAN: 10 us and 100 us; WAN: 2.5 ms and 10 ms). Workstation i has one VC to
 * destination i: a GFR contract (--gfr=1 or 2) with PCR = the link rate, MCR = --privilegedMcr
 * (w0) or --backgroundMcr (the others), --mbs and --mfs; or, with --service=ubr, a UBR VC.
 * Every switch port has --bufferCells, --policy (with --hbo, --lbo, --vcThreshold where the
 * policy has them) and --scheduler; only s1's port to the NNI congests. With --egressAtMcr each
 * destination's UNI2 link runs at its VC's MCR instead (BON's UBR reference, Table 7.2: the
 * bottleneck moves to the egress and the NNI port does not congest).
 *
 * Each workstation runs AtmOnOffTcpSource: a TCP connection sends --transferBytes (10 MB),
 * closes, waits an exponential idle time of mean --idleMean (0.1 s) and opens the next, for the
 * whole run. The TCPs are BON's (TcpEraPresets): --tcp=default (TCP_default: Reno, 200 ms
 * timer), fast (TCP_fast: 10 ms timer, fast retransmit on the first duplicate ACK) or sack
 * (TCP_SACK), without delayed ACKs, MSS --mss (9140; --privilegedMss for w0), window --window;
 * each host's timer ticks at its own random phase.
 *
 * GFR at the edge: --tagging makes each workstation's adapter send the PDUs above its MCR with
 * CLP = 1 (BON Fig. 7.4, burst MBS); --upc makes s1's UNI ports police each GFR VC with the
 * F-GCRA (GFR.2: non-eligible PDUs tagged); --shaper=gfr shapes each workstation's VC with BON's
 * simple GFR shaper (ch. 8.2.1: --shaperBufferCells, --shaperMinTh, --shaperMaxTh,
 * --shaperPeriod, --shaperWq).
 *
 * One JSON line: the parameters; per workstation (privileged first) `goodputMbps` (bytes
 * delivered to its destination after --warmup, per second), `mcrMbps` (its MCR as TCP goodput
 * could use it: MCR x 48 bytes x MSS / (the cells of one segment x 48), the "reservation" BON
 * compares with), `taggedFraction` (of its cells reaching the NNI port, those with CLP = 1),
 * `filesCompleted`, `retransmissions`, `timeouts`, `meanRttMs`; for the NNI port
 * `meanOccupancyCells` (time average), `maxOccupancyCells`, `cellsDroppedByReason` and
 * `cellLossRatio`; `ledgersHold`.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (flow i = workstation i: cwnd, ssthresh, RTT samples, RTO, timeouts and
 * bytes_acked over all its connections, one per file, bytes_acked running on across them) and
 * DIR/ports.csv (s1's port to the NNI, "s1-nni", every --traceInterval), without changing the
 * run or its JSON line. A directory that cannot be created or written is a usage error, as is
 * --traceInterval without --traceDir. `utils/atm-validation --plot DIR` draws them.
 *
 * Examples (BON ch. 7.3-7.5):
 *   Double-EPD, adapter tagging, TCP_default, privileged MCR 100,000 cells/s:
 *     atm-gfr-workstation --policy=double-epd --hbo=7168 --lbo=6144 --tagging --gfr=2
 *                         --window=196608 --privilegedMcr=100000
 *   Per-VC thresholds and Virtual Spacing, GFR.1, lossless 32 KB windows:
 *     atm-gfr-workstation --policy=per-vc-threshold --scheduler=vs-queue --gfr=1 --window=32768
 */

#include "ns3/applications-module.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-gfr-shaper-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-port-monitor.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/core-module.h"
#include "ns3/fifo-cell-scheduler.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-era-presets.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// What the run measures of one workstation.
struct Station
{
    Ptr<PacketSink> sink;                     //!< its destination's sink
    Ptr<AtmOnOffTcpSource> source;            //!< its file transfers
    std::vector<Ptr<AtmTcpFlowProbe>> probes; //!< one per connection
    uint64_t rxAtWarmup{0};                   //!< sink bytes at --warmup
};

} // namespace

/**
 * The example's program (the file's description says what it runs and prints).
 * @param argc the number of command-line arguments
 * @param argv the command-line arguments (--PrintHelp lists the options)
 * @return the exit status
 */
int
main(int argc, char* argv[])
{
    uint32_t background = 9;
    double privilegedMcr = 100000;
    double backgroundMcr = 20000;
    AtmCellRate linkRate(365566);
    Time uniDelay = MicroSeconds(10);
    Time nniDelay = MicroSeconds(100);
    std::string service = "gfr";
    uint32_t gfr = 2;
    uint32_t mfs = 200;
    uint32_t mbs = 400;
    bool egressAtMcr = false;
    bool gfr1Eligibility = true;
    std::string policy = "double-epd";
    std::string scheduler = "fifo";
    uint32_t bufferCells = 8192;
    uint32_t hbo = 7168;
    uint32_t lbo = 6144;
    uint32_t vcThreshold = 0;
    std::string policyAttributes;
    std::string schedulerAttributes;
    bool tagging = false;
    bool upc = false;
    AtmGfrShaperCommandLine shaper; // --shaper and its parameters
    std::string tcp = "default";
    uint32_t mss = 9140;
    uint32_t privilegedMss = 0;
    uint32_t window = 196608;
    uint64_t transferBytes = 10000000;
    Time idleMean = MilliSeconds(100);
    Time duration = Seconds(250);
    Time warmup = Seconds(0);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("background", "background workstations", background, 0, 1000);
    options.AddValue("privilegedMcr",
                     "MCR of the privileged workstation's VC, cells/s",
                     privilegedMcr,
                     1.0,
                     1e9);
    options.AddValue("backgroundMcr",
                     "MCR of each background VC, cells/s (0 only with UBR service; a GFR "
                     "contract needs a positive MCR)",
                     backgroundMcr,
                     0.0,
                     1e9);
    options.AddValue("linkRate",
                     "cell rate of every link (a preset, cells/s or a bit rate)",
                     linkRate);
    options.AddValue("uniDelay", "one-way delay of each UNI link", uniDelay, Time(0), Seconds(10));
    options.AddValue("nniDelay", "one-way delay of the NNI", nniDelay, Time(0), Seconds(10));
    options.AddChoice("service",
                      "service category of the VCs: gfr, or ubr (BON's UBR reference)",
                      service,
                      {"gfr", "ubr"});
    options.AddValue("gfr", "GFR conformance definition: 1 (GFR.1) or 2 (GFR.2)", gfr, 1, 2);
    options.AddValue("mfs", "MFS of the GFR contracts, cells", mfs, 1, 1366);
    options.AddValue("mbs",
                     "MBS of the GFR contracts, cells (at least --mfs)",
                     mbs,
                     1,
                     1000000,
                     "2 x mfs");
    options.AddValue("gfr1Eligibility",
                     "the switches mark the CLP = 0 frames of GFR.1 VCs that fail the F-GCRA as "
                     "not eligible (for tag-sensitive FIFOs, BON ch. 7.2.1); false: every CLP = 0 "
                     "frame is eligible (per-VC scheduling, BON ch. 7.2.2)",
                     gfr1Eligibility);
    options.AddValue("egressAtMcr",
                     "each destination's UNI2 link at its VC's MCR (BON's UBR reference)",
                     egressAtMcr);
    options.AddValue("policy",
                     "buffer policy of the switch ports: " +
                         AtmBufferPolicyFactory::GetShortNameList() + ", or a TypeId",
                     policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("scheduler",
                     "cell scheduler of the switch ports: " +
                         AtmCellSchedulerFactory::GetShortNameList() + ", or a TypeId",
                     scheduler,
                     AtmCommandLine::CellSchedulerCheck());
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
    options.AddValue("hbo",
                     "HBO, cells, of policies with HboCells (double-epd, per-vc-threshold), or "
                     "the EPD threshold of epd, sd and fba",
                     hbo,
                     1,
                     4000000);
    options.AddValue("lbo",
                     "LBO, cells, of policies with LboCells (0: no PDU that is not eligible "
                     "enters)",
                     lbo,
                     0,
                     4000000);
    options.AddValue("vcThreshold",
                     "T_i, cells, of policies with VcThresholdCells (per-vc-threshold)",
                     vcThreshold,
                     1,
                     4000000,
                     "the policy's");
    options.AddValue("policyAttributes",
                     "more attributes of the buffer policy, Name=Value,... (e.g. TBA's "
                     "PositionRounding=Nearest; --PrintAttributes with its TypeId lists them)",
                     policyAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("schedulerAttributes",
                     "more attributes of the cell scheduler, Name=Value,...",
                     schedulerAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("tagging",
                     "the workstations' adapters tag the PDUs above the MCR (BON Fig. 7.4)",
                     tagging);
    options.AddValue("upc",
                     "s1's UNI ports police each VC against its contract (GFR.2: F-GCRA tags)",
                     upc);
    shaper.AddOptions(options, "each workstation's VC");
    options.AddChoice("tcp",
                      "BON's TCP: default (TCP_default), fast (TCP_fast) or sack (TCP_SACK)",
                      tcp,
                      {"default", "fast", "sack"});
    options.AddValue("mss", "TCP segment size, bytes", mss, 64, 65495);
    options.AddValue("privilegedMss",
                     "the privileged workstation's segment size, bytes",
                     privilegedMss,
                     64,
                     65495,
                     "--mss");
    options.AddValue("window", "TCP window (socket buffers), bytes", window, 1, 1073725440);
    options.AddValue("transferBytes",
                     "bytes per file transfer",
                     transferBytes,
                     1,
                     UINT64_C(1000000000000));
    options.AddValue("idleMean",
                     "mean of the exponential idle time between transfers (0: back to back)",
                     idleMean,
                     Time(0),
                     Seconds(1e4));
    options.AddValue("duration", "simulated time", duration, MilliSeconds(1), Seconds(1e6));
    options.AddValue("warmup",
                     "start of the measured interval (below --duration)",
                     warmup,
                     Time(0),
                     Seconds(1e6));
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);
    traceOptions.CheckOptions(options);

    // Checks that involve several options.
    if (!options.IsSet("mbs"))
    {
        mbs = 2 * mfs;
    }
    if (!options.IsSet("privilegedMss"))
    {
        privilegedMss = mss;
    }
    const double c = linkRate.GetCellsPerSecond();
    options.Require(mbs >= mfs, "mbs", "at least --mfs (" + std::to_string(mfs) + ")");
    options.Require(privilegedMcr <= c, "privilegedMcr", "at most the link rate");
    options.Require(privilegedMcr + background * backgroundMcr <= c,
                    "backgroundMcr",
                    "MCRs that sum to at most the link rate (" + std::to_string(std::llround(c)) +
                        " cells/s)");
    options.Require(warmup < duration, "warmup", "a time below --duration");
    shaper.CheckOptions(options, service == "gfr", "--service=gfr");
    options.Require(!tagging || service == "gfr",
                    "tagging",
                    "--service=gfr (tagging compares with a GFR contract's MCR)");
    options.Require(backgroundMcr > 0 || service != "gfr",
                    "backgroundMcr",
                    "a positive MCR with --service=gfr (this model's GFR contracts need MCR > 0; "
                    "BON's background MCR 0 is not modelled)");
    options.Require(!egressAtMcr || backgroundMcr > 0,
                    "egressAtMcr",
                    "a positive --backgroundMcr (each egress link runs at its VC's MCR)");
    TypeId policyTid;
    std::string error;
    AtmBufferPolicyFactory::TryResolve(policy, &policyTid, &error);
    TypeId::AttributeInformation info;
    const bool hasHbo = policyTid.LookupAttributeByName("HboCells", &info);
    // HBO is the classical EPD threshold (BON ch. 7.2.1): --hbo sets EPD's, SD's and FBA's too.
    const bool hasEpdThreshold =
        !hasHbo && policyTid.LookupAttributeByName("ThresholdCells", &info);
    const bool hasThreshold = policyTid.LookupAttributeByName("VcThresholdCells", &info);
    options.Require(!options.IsSet("hbo") || hasHbo || hasEpdThreshold,
                    "hbo",
                    "a policy with HBO or an EPD threshold (double-epd, per-vc-threshold, epd, "
                    "sd, fba); " +
                        policyTid.GetName() + " has none");
    options.Require(!options.IsSet("lbo") || hasHbo,
                    "lbo",
                    "a policy with LBO (double-epd, per-vc-threshold); " + policyTid.GetName() +
                        " has none");
    options.Require(!hasEpdThreshold || hbo < bufferCells,
                    "hbo",
                    "an EPD threshold below --bufferCells (" + std::to_string(bufferCells) + ")");
    options.Require(!hasHbo || (lbo <= hbo && hbo <= bufferCells),
                    "lbo",
                    "LBO <= HBO <= --bufferCells (" + std::to_string(lbo) + ", " +
                        std::to_string(hbo) + ", " + std::to_string(bufferCells) + ")");
    options.Require(!options.IsSet("vcThreshold") || hasThreshold,
                    "vcThreshold",
                    "a policy with per-VC thresholds (per-vc-threshold); " + policyTid.GetName() +
                        " has none");

    const TypeId schedulerTid = AtmCellSchedulerFactory::Resolve(scheduler);
    const auto policySettings =
        options.ParseAttributeOption("policyAttributes", policyTid, policyAttributes);
    const auto schedulerSettings =
        options.ParseAttributeOption("schedulerAttributes", schedulerTid, schedulerAttributes);

    // TCP: BON's presets, one per host with its own timer phase.
    TcpEraPresets presets = TcpEraPresets::ForSource("bon-" + tcp);
    presets.SetDelayedAck(false);
    presets.SetWindow(window);
    presets.SetSegmentSize(mss);
    TcpEraPresets privileged = presets;
    privileged.SetSegmentSize(privilegedMss);
    options.Require(presets.GetWindow() >= mss,
                    "window",
                    "at least one segment of --mss (" + std::to_string(mss) + " bytes)");
    options.Require(privileged.GetWindow() >= privilegedMss,
                    "window",
                    "at least one segment of --privilegedMss (" + std::to_string(privilegedMss) +
                        " bytes)");

    const uint32_t n = background + 1;
    NodeContainer stations(n);
    NodeContainer destinations(n);
    NodeContainer switches(2);
    const bool fifo = schedulerTid == FifoCellScheduler::GetTypeId();
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(std::max(mss, privilegedMss) + 40));
    atm.SetSwitchPortAttribute("QueueMode",
                               EnumValue(fifo ? AtmOutputPort::SHARED : AtmOutputPort::PER_VC));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetBufferPolicy(policy);
    if (hasHbo)
    {
        atm.SetBufferPolicyAttribute("HboCells", UintegerValue(hbo));
        // LboCells 0 would mean "LboFraction of the buffer": LBO = 0 is a fraction of 0.
        atm.SetBufferPolicyAttribute("LboCells", UintegerValue(lbo));
        if (lbo == 0)
        {
            atm.SetBufferPolicyAttribute("LboFraction", DoubleValue(0.0));
        }
    }
    if (hasEpdThreshold)
    {
        atm.SetBufferPolicyAttribute("ThresholdCells", UintegerValue(hbo));
    }
    if (options.IsSet("vcThreshold"))
    {
        atm.SetBufferPolicyAttribute("VcThresholdCells", UintegerValue(vcThreshold));
    }
    for (const auto& [name, value] : policySettings)
    {
        atm.SetBufferPolicyAttribute(name, StringValue(value));
    }
    atm.SetCellScheduler(scheduler);
    for (const auto& [name, value] : schedulerSettings)
    {
        atm.SetCellSchedulerAttribute(name, StringValue(value));
    }
    atm.SetSwitchAttribute("Gfr1Eligibility", BooleanValue(gfr1Eligibility));
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(linkRate));
    atm.SetChannelAttribute("Delay", TimeValue(uniDelay));
    std::vector<Ptr<AtmNetDevice>> nics;
    std::vector<Ptr<AtmSwitchPort>> uni1;
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = atm.Install(stations.Get(i), switches.Get(0));
        nics.push_back(DynamicCast<AtmNetDevice>(d.Get(0)));
        uni1.push_back(DynamicCast<AtmSwitchPort>(d.Get(1)));
        uni1.back()->SetAttribute("Upc", BooleanValue(upc));
    }
    const auto mcrOf = [&](uint32_t i) { return i == 0 ? privilegedMcr : backgroundMcr; };
    std::vector<Ptr<AtmNetDevice>> sinkNics;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (egressAtMcr)
        {
            atm.SetChannelAttribute(
                "CellRate",
                AtmCellRateValue(AtmCellRate(static_cast<uint64_t>(std::llround(mcrOf(i))))));
        }
        sinkNics.push_back(
            DynamicCast<AtmNetDevice>(atm.Install(switches.Get(1), destinations.Get(i)).Get(1)));
    }
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(linkRate));
    atm.SetChannelAttribute("Delay", TimeValue(nniDelay));
    const NetDeviceContainer nni = atm.Install(switches.Get(0), switches.Get(1));
    const Ptr<AtmDevice> nniPort = DynamicCast<AtmDevice>(nni.Get(0));

    InternetStackHelper internet;
    internet.Install(stations);
    internet.Install(destinations);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0");
    std::vector<Ipv4Address> sinkAddresses;
    for (uint32_t i = 0; i < n; ++i)
    {
        addresses.Assign(NetDeviceContainer(nics[i]));
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        sinkAddresses.push_back(addresses.Assign(NetDeviceContainer(sinkNics[i])).GetAddress(0));
    }
    Ptr<UniformRandomVariable> phase = CreateObject<UniformRandomVariable>();
    const double tickNs = static_cast<double>(presets.GetTimerTick().GetNanoSeconds());
    for (uint32_t i = 0; i < n; ++i)
    {
        for (Ptr<Node> node : {stations.Get(i), destinations.Get(i)})
        {
            TcpEraPresets host = i == 0 ? privileged : presets;
            host.SetTickPhase(NanoSeconds(static_cast<int64_t>(phase->GetValue(0, tickNs))));
            host.Install(node);
        }
    }

    // One PVC per workstation.
    std::vector<AtmPvc> pvcs;
    for (uint32_t i = 0; i < n; ++i)
    {
        AtmPvcHelper pvcHelper;
        const double mcr = mcrOf(i);
        if (service == "ubr")
        {
            pvcHelper.SetContract(AtmTrafficContract::Ubr()); // no PCR: every link's rate
        }
        else
        {
            pvcHelper.SetContract(AtmTrafficContract::Gfr(
                gfr == 1 ? AtmConformance::GFR_1 : AtmConformance::GFR_2,
                linkRate,
                AtmCellRate(static_cast<uint64_t>(std::llround(mcr * 1000)), 1000),
                mbs,
                mfs));
        }
        if (tagging)
        {
            pvcHelper.SetPduTagging(true);
            pvcHelper.SetPduTaggerAttribute("MbsCells", UintegerValue(mbs));
        }
        shaper.Apply(pvcHelper);
        pvcs.push_back(pvcHelper.Install(nics[i], sinkNics[i]));
    }
    atm.AssignStreams(NetDeviceContainer(nni), 10);

    // The file transfers, and what is measured of them.
    std::vector<Station> st(n);
    const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
    Ptr<ExponentialRandomVariable> idle;
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint16_t port = 5001;
        PacketSinkHelper sinkHelper(factory.GetName(),
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        st[i].sink = DynamicCast<PacketSink>(sinkHelper.Install(destinations.Get(i)).Get(0));
        Ptr<AtmOnOffTcpSource> source = CreateObject<AtmOnOffTcpSource>();
        source->SetAttribute("Remote", AddressValue(InetSocketAddress(sinkAddresses[i], port)));
        source->SetAttribute("Protocol", TypeIdValue(factory));
        source->SetAttribute("FileBytes", UintegerValue(transferBytes));
        Ptr<RandomVariableStream> idleTime;
        if (idleMean.IsStrictlyPositive())
        {
            idleTime = CreateObjectWithAttributes<ExponentialRandomVariable>(
                "Mean",
                DoubleValue(idleMean.GetSeconds()));
        }
        else
        {
            idleTime =
                CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(0));
        }
        source->SetAttribute("IdleTime", PointerValue(idleTime));
        source->TraceConnectWithoutContext(
            "SocketCreated",
            MakeBoundCallback(
                +[](std::vector<Ptr<AtmTcpFlowProbe>>* probes, Ptr<Socket> socket) {
                    probes->push_back(Create<AtmTcpFlowProbe>());
                    probes->back()->Attach(socket);
                },
                &st[i].probes));
        stations.Get(i)->AddApplication(source);
        source->SetStartTime(Seconds(0));
        st[i].source = source;
    }

    // --traceDir: every workstation's connections (flow i = workstation i, one connection per
    // file) and s1's port to the NNI.
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        tracer->AddPort("s1-nni", nniPort->GetOutputPort());
        for (uint32_t i = 0; i < n; ++i)
        {
            st[i].source->TraceConnectWithoutContext(
                "SocketCreated",
                MakeCallback(&AtmFlowTracer::AddTcpConnection, tracer, i));
        }
    }

    // The NNI port: its VCs' workstations, arrivals, occupancy, drops.
    Ptr<AtmPortMonitor> monitor = Create<AtmPortMonitor>(nniPort, warmup);
    for (uint32_t i = 0; i < n; ++i)
    {
        monitor->AddPvc(pvcs[i], i);
    }
    Simulator::Schedule(warmup, [&]() {
        for (Station& s : st)
        {
            s.rxAtWarmup = s.sink->GetTotalRx();
        }
    });

    Simulator::Stop(duration);
    Simulator::Run();
    monitor->Stop();
    if (tracer)
    {
        tracer->Close();
    }

    // Results.
    const double seconds = (duration - warmup).GetSeconds();
    std::vector<AtmJsonLine> perStation;
    std::vector<double> goodput;
    bool ledgersHold = true;
    for (uint32_t i = 0; i < n; ++i)
    {
        const Station& s = st[i];
        uint64_t retx = 0;
        uint64_t timeouts = 0;
        uint64_t samples = 0;
        double rttSum = 0;
        for (const Ptr<AtmTcpFlowProbe>& p : s.probes)
        {
            retx += p->GetRetransmissions();
            timeouts += p->GetTimeouts();
            samples += p->GetRttSamples();
            rttSum += p->GetMeanRtt().GetSeconds() * p->GetRttSamples();
        }
        const uint32_t segmentMss = i == 0 ? privilegedMss : mss;
        const uint32_t cells =
            AtmEncapsulation::CellsForIpPacket(segmentMss + 40, AtmEncapsulation::LLC_SNAP);
        const double mbps = (s.sink->GetTotalRx() - s.rxAtWarmup) * 8.0 / seconds / 1e6;
        goodput.push_back(mbps);
        AtmJsonLine one;
        one.Add("goodputMbps", mbps)
            .Add("mcrMbps", mcrOf(i) * segmentMss * 8.0 / cells / 1e6)
            .Add("taggedFraction",
                 monitor->GetCells(i)
                     ? static_cast<double>(monitor->GetTaggedCells(i)) / monitor->GetCells(i)
                     : 0.0)
            .Add("filesCompleted", s.source->GetFilesCompleted())
            .Add("retransmissions", retx)
            .Add("timeouts", timeouts)
            .Add("meanRttMs", samples ? rttSum / samples * 1e3 : 0.0);
        perStation.push_back(one);
        ledgersHold = ledgersHold && AtmPvcHelper::GetLedger(pvcs[i]).Holds() &&
                      AtmPvcHelper::GetLedger(pvcs[i], false).Holds();
    }
    AtmJsonLine drops;
    for (const auto& [text, count] : monitor->GetDropsByReason())
    {
        drops.Add(text, count);
    }

    AtmJsonLine json;
    json.Add("example", "atm-gfr-workstation")
        .Add("background", background)
        .Add("privilegedMcr", privilegedMcr)
        .Add("backgroundMcr", backgroundMcr)
        .Add("linkCellsPerSecond", c)
        .Add("uniDelayUs", uniDelay.GetSeconds() * 1e6)
        .Add("nniDelayUs", nniDelay.GetSeconds() * 1e6)
        .Add("service", service)
        .Add("gfr", gfr)
        .Add("mfs", mfs)
        .Add("mbs", mbs)
        .Add("egressAtMcr", egressAtMcr)
        .Add("gfr1Eligibility", gfr1Eligibility)
        .Add("policy", policyTid.GetName())
        .Add("scheduler", schedulerTid.GetName())
        .Add("bufferCells", bufferCells)
        .Add("hbo", hasHbo || hasEpdThreshold ? hbo : 0)
        .Add("lbo", hasHbo ? lbo : 0)
        .Add("vcThreshold", options.IsSet("vcThreshold") ? vcThreshold : 0)
        .Add("policyAttributes", policyAttributes)
        .Add("schedulerAttributes", schedulerAttributes)
        .Add("tagging", tagging)
        .Add("upc", upc)
        .Add("shaper", shaper.GetName())
        .Add("tcp", tcp)
        .Add("mss", mss)
        .Add("privilegedMss", privilegedMss)
        .Add("window", window)
        .Add("transferBytes", transferBytes)
        .Add("idleMeanS", idleMean.GetSeconds())
        .Add("durationS", duration.GetSeconds())
        .Add("warmupS", warmup.GetSeconds())
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("goodputMbps", goodput)
        .Add("stations", perStation)
        .Add("meanOccupancyCells", monitor->GetMeanOccupancy())
        .Add("maxOccupancyCells", monitor->GetMaxOccupancy())
        .Add("cellsDroppedByReason", drops)
        .Add("cellLossRatio", monitor->GetCellLossRatio())
        .Add("ledgersHold", ledgersHold);
    std::cout << json.ToString() << std::endl;
    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
