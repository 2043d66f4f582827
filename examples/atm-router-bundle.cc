/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-router-bundle: IP routers that carry many hosts' TCP connections on one VC each, across a
 * two-switch ATM backbone (AtmRouterBundleHelper): the router scenarios of Bonaventure's thesis
 * (five routers, ten routers, mixed ten routers; ch. 6.4, 7.6 and App. B) and the edge
 * aggregation of Jain et al.'s DFBA experiments.
 *
 * --topology picks the defaults of every other option (the options given override them):
 *
 * @verbatim
   topology   pairs hosts access   router links backbone       router delays (ms)  MCR (Mb/s)
   five       5     20    10 Mb/s  E3           E3, 10 ms      15                  2 4 6 8 10
   ten        10    20    10 Mb/s  E3           E3, 5 ms       25 25 45 45 .. 105  2 4 2 4 ..
   mixed      10    20    10 Mb/s  E3           68 Mb/s, 10 ms 15                  2 .. 10 (x2)
   jain-dfba  5     10    OC3c     OC3c         OC3c, 5 ms     5.1                 set 1 (*)
   @endverbatim
 * (*) JAIN's MCR set 1, 12, 24, 36, 48 and 60 kcells/s; the other defaults of jain-dfba: DFBA,
 * 25,000 cells, GFR.1 with every CLP = 0 frame eligible (the papers describe no F-GCRA marking
 * or tagging in the network: DFBA guarantees the MCRs from each VC's occupancy), TCP SACK with
 * MSS 1024.
 *
 * Each host sends 1 MB files to its peer host back to back (BON's greedy file servers,
 * --fileBytes), each on a new connection; its router R_i sends every packet of its hosts on one
 * VC to R_i* (--service: UBR, GFR.1, GFR.2 with the F-GCRA of s0's UNI ports tagging, or VBR.3
 * with the UPC tagging the cells above the SCR), through its 700 KB IP output queue
 * (--routerBufferBytes, a traffic-control FifoQueueDisc). The peer routers forward PDUs that
 * failed their AAL5 check, as BON's did; they are counted per router (corruptedPdusPerSecond)
 * and refused by the destination hosts. --shaper=gfr shapes each router's VC with BON's simple
 * GFR shaper (ch. 8.2.1; Min_th = the MBS unless --shaperMinTh is given; --shapedPairs=gfr2
 * shapes only the GFR.2 pairs, as BON's mixed routers with shapers).
 *
 * Output: one JSON line, per router the goodput of its hosts (goodputMbps), its optimum
 * (the MCR plus an equal part of what the MCRs leave of the backbone, as TCP goodput of
 * --mss segments), the rate of its cells reaching the backbone port (backboneMbps, cells x 424
 * bits) and their tagged fraction, the corrupted PDUs per second at R_i*, retransmissions and
 * timeouts; for the backbone port (s0 -> s1) the CLP = 0 share of the cells that arrived, the
 * mean and largest occupancy, the cell loss ratio and the drops by reason; the run's cost as
 * cellHops (cells sent on all ATM links) and events.
 *
 *   atm-router-bundle --topology=five --service=gfr2 --policy=double-epd --hbo=15000 --lbo=2000
 *                     --mbs=32 --duration=20s
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <map>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// A topology's defaults.
struct Preset
{
    uint32_t pairs;                   //!< router pairs
    uint32_t hosts;                   //!< hosts per router
    std::string accessRate;           //!< access links
    std::string routerLinkRate;       //!< router-switch links
    std::string backboneRate;         //!< s0 -> s1
    double interSwitchDelayMs;        //!< s0 -> s1
    std::vector<double> routerDelays; //!< ms, one per pair or one for all
    std::vector<double> mcr;          //!< Mb/s of cells (cells/s x 424), one per pair
    std::string service;              //!< --service
    std::string policy;               //!< --policy
    std::string scheduler;            //!< --scheduler
    uint32_t lbo;                     //!< --lbo
    uint32_t bufferCells;             //!< --bufferCells
    std::string tcp;                  //!< --tcp
    uint32_t mss;                     //!< --mss
    /// The switches leave the eligibility of GFR.1 frames to their CLP bit, even in a FIFO
    /// (--gfr1Eligibility false): JAIN's DFBA runs describe no F-GCRA in the network.
    bool clpOnly{false};
};

/// @return the defaults of a --topology
Preset
GetPreset(const std::string& topology)
{
    const double kcell = 1000 * 424 / 1e6; // 1000 cells/s in Mb/s of cells
    if (topology == "ten")
    {
        return {10,
                20,
                "10Mbps",
                "E3",
                "E3",
                5,
                {25, 25, 45, 45, 65, 65, 85, 85, 105, 105},
                {2, 4, 2, 4, 2, 4, 2, 4, 2, 4},
                "ubr",
                "epd",
                "fifo",
                2000,
                16000,
                "reno",
                1460};
    }
    if (topology == "mixed")
    {
        return {10,
                20,
                "10Mbps",
                "E3",
                "160000",
                10,
                {15},
                {2, 4, 6, 8, 10, 2, 4, 6, 8, 10},
                "gfr-mixed",
                "per-vc-threshold",
                "vs-queue",
                6000,
                16000,
                "reno",
                1460};
    }
    if (topology == "jain-dfba")
    {
        return {5,
                10,
                "OC3c",
                "OC3c",
                "OC3c",
                5,
                {5.1},
                {12 * kcell, 24 * kcell, 36 * kcell, 48 * kcell, 60 * kcell},
                "gfr1",
                "dfba",
                "fifo",
                2000,
                25000,
                "sack",
                1024,
                true};
    }
    return {5,
            20,
            "10Mbps",
            "E3",
            "E3",
            10,
            {15},
            {2, 4, 6, 8, 10},
            "ubr",
            "epd",
            "fifo",
            2000,
            16000,
            "reno",
            1460};
}

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
    std::string topology = "five";
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddChoice("topology",
                      "five, ten or mixed (BON's router scenarios) or jain-dfba (JAIN's DFBA "
                      "edge aggregation); sets the defaults of the other options",
                      topology,
                      {"five", "ten", "mixed", "jain-dfba"});
    // The topology first: the other defaults depend on it. The parse below checks the value.
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg(argv[i]);
        for (const std::string t : {"five", "ten", "mixed", "jain-dfba"})
        {
            topology = arg == "--topology=" + t ? t : topology;
        }
    }
    const Preset preset = GetPreset(topology);

    uint32_t sourcesPerRouter = preset.hosts;
    uint32_t pairs = preset.pairs;
    AtmCellRate accessRate(preset.accessRate);
    AtmCellRate routerLinkRate(preset.routerLinkRate);
    AtmCellRate backboneRate(preset.backboneRate);
    Time interSwitchDelay = MicroSeconds(std::llround(preset.interSwitchDelayMs * 1000));
    Time accessDelay = topology == "jain-dfba" ? MicroSeconds(50) : MicroSeconds(10);
    std::vector<double> routerDelays = preset.routerDelays;
    std::vector<double> mcr = preset.mcr;
    std::vector<double> scr;
    std::string service = preset.service;
    std::string policy = preset.policy;
    std::string scheduler = preset.scheduler;
    uint32_t bufferCells = preset.bufferCells;
    uint32_t hbo = 15000;
    uint32_t lbo = preset.lbo;
    uint32_t vcThreshold = 0;
    uint32_t mfs = 32;
    uint32_t mbs = 0;
    uint32_t pbsThreshold = 0;
    AtmGfrShaperCommandLine shaper; // --shaper and its parameters
    std::string shapedPairs = "all";
    bool egressAtMcr = false;
    bool gfr1Eligibility = true;
    uint32_t routerBufferBytes = 700000;
    uint64_t fileBytes = 1000000;
    std::string tcp = preset.tcp;
    uint32_t mss = preset.mss;
    uint32_t window = 65535;
    Time startJitter = Seconds(1);
    Time duration = Seconds(200);
    Time warmup = Seconds(0);
    std::string policyAttributes;
    std::string schedulerAttributes;

    options.AddValue("routerPairs", "router pairs R_i -> R_i*", pairs, 1, 128, "the topology's");
    options.AddValue("sourcesPerRouter",
                     "hosts behind each router (and each peer router)",
                     sourcesPerRouter,
                     1,
                     16383,
                     "the topology's");
    options.AddValue("accessRate",
                     "cell rate of each host's access link",
                     accessRate,
                     "the topology's");
    options.AddValue("routerLinkRate",
                     "cell rate of the router-switch links",
                     routerLinkRate,
                     "the topology's");
    options.AddValue("backboneRate",
                     "cell rate of the backbone s0 -> s1",
                     backboneRate,
                     "the topology's");
    options.AddValue("interSwitchDelay",
                     "one-way delay of the backbone",
                     interSwitchDelay,
                     Time(0),
                     Seconds(10),
                     "the topology's");
    options.AddList("routerDelays",
                    "one-way delay from each router to its peer router, ms (one per pair, or "
                    "one for all; each at least --interSwitchDelay)",
                    routerDelays,
                    0.0,
                    10000.0,
                    "the topology's");
    options.AddList("mcr",
                    "MCR of each pair's VC, Mb/s of cells (cells/s x 424 bits; one per pair, "
                    "or one for all): GFR's MCR, VBR's default SCR, UBR's egress rate with "
                    "--egressAtMcr, and the optimum",
                    mcr,
                    0.001,
                    1e5,
                    "the topology's");
    options.AddList("scr",
                    "SCR of each pair's VC with service vbr3, Mb/s of cells",
                    scr,
                    0.001,
                    1e5,
                    "--mcr");
    options.AddChoice("service",
                      "the routers' VCs: ubr, gfr1, gfr2 (s0's UNI ports tag with the F-GCRA), "
                      "gfr-mixed (the first half of the pairs GFR.1, the rest GFR.2; BON's mixed "
                      "routers) or vbr3 (s0's UNI ports tag the cells above the SCR)",
                      service,
                      {"ubr", "gfr1", "gfr2", "gfr-mixed", "vbr3"},
                      "the topology's");
    options.AddValue("policy",
                     "buffer policy of the switch ports: " +
                         AtmBufferPolicyFactory::GetShortNameList() + ", or a TypeId",
                     policy,
                     AtmCommandLine::BufferPolicyCheck(),
                     "the topology's");
    options.AddValue("scheduler",
                     "cell scheduler of the switch ports: " +
                         AtmCellSchedulerFactory::GetShortNameList() + ", or a TypeId",
                     scheduler,
                     AtmCommandLine::CellSchedulerCheck(),
                     "the topology's");
    options.AddValue("bufferCells",
                     "cell buffer of every switch port",
                     bufferCells,
                     1,
                     4000000,
                     "the topology's");
    options.AddValue("hbo",
                     "HBO, cells, of policies with HboCells (double-epd, per-vc-threshold), or "
                     "the EPD threshold of epd, sd and fba",
                     hbo,
                     1,
                     4000000,
                     "15000; per-vc-threshold: 15000 - pairs x T_i (BON)");
    options.AddValue("lbo",
                     "LBO, cells, of policies with LboCells (0: no PDU that is not eligible "
                     "enters)",
                     lbo,
                     0,
                     4000000,
                     "the topology's");
    options.AddValue("vcThreshold",
                     "T_i, cells, of policies with VcThresholdCells (per-vc-threshold)",
                     vcThreshold,
                     1,
                     4000000,
                     "the policy's");
    options.AddValue("mfs", "MFS of the GFR contracts, cells", mfs, 1, 1366);
    options.AddValue("mbs", "MBS of the GFR or VBR contracts, cells", mbs, 1, 1000000, "--mfs");
    options.AddValue("pbsThreshold",
                     "the CLP = 1 threshold of policy pbs, cells",
                     pbsThreshold,
                     0,
                     4000000);
    shaper.AddOptions(options, "each router's VC", "--mbs (BON's routers)");
    options.AddChoice("shapedPairs",
                      "with the GFR shaper, the pairs whose VC is shaped: all, or gfr2 (the GFR.2 "
                      "pairs only: BON's mixed routers with shaped GFR.2 routers)",
                      shapedPairs,
                      {"all", "gfr2"});
    options.AddValue("gfr1Eligibility",
                     "the switches mark the CLP = 0 frames of GFR.1 VCs that fail the F-GCRA as "
                     "not eligible (for tag-sensitive FIFOs, BON ch. 7.2.1); by default true with "
                     "the fifo scheduler, false with per-VC queues, whose scheduler guarantees "
                     "the MCR (BON ch. 7.2.2), and false for jain-dfba (DFBA alone guarantees "
                     "the MCRs there, from each VC's occupancy)",
                     gfr1Eligibility,
                     "the scheduler's");
    options.AddValue("egressAtMcr",
                     "each link s1 -> R_i* at its pair's MCR (BON's UBR references)",
                     egressAtMcr);
    options.AddValue("routerBufferBytes",
                     "each router's IP output queue, bytes (0: the adapter's frame queue only)",
                     routerBufferBytes,
                     0,
                     4000000000U);
    options.AddValue("fileBytes",
                     "bytes per file (one connection each, back to back)",
                     fileBytes,
                     1,
                     UINT64_C(1000000000000));
    options.AddChoice("tcp",
                      "the hosts' TCP (BON's internetwork hosts: 200 ms timer, 50 ms delayed "
                      "ACKs): reno, newreno or sack",
                      tcp,
                      {"reno", "newreno", "sack"},
                      "the topology's");
    options.AddValue("mss", "TCP segment size, bytes", mss, 64, 65495, "the topology's");
    options.AddValue("window", "TCP window (socket buffers), bytes", window, 1, 1073725440);
    options.AddValue("policyAttributes",
                     "more attributes of the buffer policy, Name=Value,...",
                     policyAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("schedulerAttributes",
                     "more attributes of the cell scheduler, Name=Value,...",
                     schedulerAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("startJitter",
                     "each host starts its first file at U[0, startJitter)",
                     startJitter,
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
        mbs = mfs;
    }
    options.Require(warmup < duration, "warmup", "a time below --duration");
    options.Require(routerDelays.size() == 1 || routerDelays.size() == pairs,
                    "routerDelays",
                    "one delay per router pair (" + std::to_string(pairs) + ") or one for all");
    options.Require(mcr.size() == 1 || mcr.size() == pairs,
                    "mcr",
                    "one MCR per router pair (" + std::to_string(pairs) + ") or one for all");
    options.Require(scr.empty() || scr.size() == 1 || scr.size() == pairs,
                    "scr",
                    "one SCR per router pair (" + std::to_string(pairs) + ") or one for all");
    options.Require(scr.empty() || service == "vbr3", "scr", "only with --service=vbr3");
    routerDelays.resize(pairs, routerDelays.front());
    mcr.resize(pairs, mcr.front());
    if (scr.empty())
    {
        scr = mcr;
    }
    scr.resize(pairs, scr.front());
    for (double d : routerDelays)
    {
        options.Require(MicroSeconds(std::llround(d * 1000)) >= interSwitchDelay,
                        "routerDelays",
                        "delays of at least --interSwitchDelay (the whole router-to-router "
                        "delay includes the backbone)");
    }
    const auto cellsOf = [](double mbps) { return mbps * 1e6 / 424; };
    const double backboneCells = backboneRate.GetCellsPerSecond();
    const double mcrSum = std::accumulate(mcr.begin(), mcr.end(), 0.0, [&](double s, double m) {
        return s + cellsOf(m);
    });
    options.Require(service == "ubr" || mcrSum <= backboneCells,
                    "mcr",
                    "MCRs that sum to at most the backbone's rate (" +
                        std::to_string(std::llround(backboneCells)) + " cells/s)");
    for (uint32_t i = 0; i < pairs; ++i)
    {
        options.Require(cellsOf(mcr[i]) <= routerLinkRate.GetCellsPerSecond(),
                        "mcr",
                        "MCRs of at most --routerLinkRate");
        options.Require(cellsOf(scr[i]) <= routerLinkRate.GetCellsPerSecond(),
                        "scr",
                        "SCRs of at most --routerLinkRate");
    }
    options.Require(mbs >= mfs || service == "vbr3",
                    "mbs",
                    "at least --mfs (" + std::to_string(mfs) + ")");
    options.Require(!egressAtMcr || service == "ubr",
                    "egressAtMcr",
                    "--service=ubr (BON's UBR references; a VC with a PCR cannot cross a "
                    "link slower than its PCR)");
    shaper.CheckOptions(options, service.rfind("gfr", 0) == 0, "a GFR --service");
    options.Require(!options.IsSet("shapedPairs") || shaper.IsEnabled(),
                    "shapedPairs",
                    "--shaper=gfr as well (no shaper to place without it)");
    if (shaper.IsEnabled() && !options.IsSet("shaperMinTh"))
    {
        shaper.SetMinThreshold(options, mbs, "mbs"); // BON ch. 8.2.1: Min_th = MBS between routers
    }
    TypeId policyTid;
    std::string error;
    AtmBufferPolicyFactory::TryResolve(policy, &policyTid, &error);
    TypeId::AttributeInformation info;
    const bool hasHbo = policyTid.LookupAttributeByName("HboCells", &info);
    const bool hasEpdThreshold =
        !hasHbo && policyTid.LookupAttributeByName("ThresholdCells", &info);
    const bool hasThreshold = policyTid.LookupAttributeByName("VcThresholdCells", &info);
    const bool hasPbs = policyTid.LookupAttributeByName("ClpThresholdCells", &info);
    if (!options.IsSet("hbo") && hasEpdThreshold)
    {
        hbo = std::min(hbo, bufferCells - 1);
    }
    if (!options.IsSet("hbo") && hasThreshold)
    {
        // BON's per-VC thresholds: HBO = 15000 - pairs x T_i, T_i = MBS by default.
        const uint64_t reserved =
            static_cast<uint64_t>(pairs) * (options.IsSet("vcThreshold") ? vcThreshold : mbs);
        hbo = reserved < hbo ? static_cast<uint32_t>(hbo - reserved) : 1;
    }

    options.Require(!hasEpdThreshold || hbo < bufferCells,
                    "hbo",
                    "an EPD threshold below --bufferCells (" + std::to_string(bufferCells) + ")");
    options.Require(!hasHbo || (lbo <= hbo && hbo <= bufferCells),
                    "lbo",
                    "LBO <= HBO <= --bufferCells (" + std::to_string(lbo) + ", " +
                        std::to_string(hbo) + ", " + std::to_string(bufferCells) + ")");
    options.Require(!options.IsSet("hbo") || hasHbo || hasEpdThreshold,
                    "hbo",
                    "a policy with HBO or an EPD threshold; " + policyTid.GetName() + " has none");
    options.Require(!options.IsSet("lbo") || hasHbo,
                    "lbo",
                    "a policy with LBO (double-epd, per-vc-threshold); " + policyTid.GetName() +
                        " has none");
    options.Require(!options.IsSet("vcThreshold") || hasThreshold,
                    "vcThreshold",
                    "a policy with per-VC thresholds (per-vc-threshold); " + policyTid.GetName() +
                        " has none");
    options.Require(!options.IsSet("pbsThreshold") || hasPbs,
                    "pbsThreshold",
                    "--policy=pbs; " + policyTid.GetName() + " has no CLP threshold");
    options.Require(pbsThreshold <= bufferCells, "pbsThreshold", "at most --bufferCells");
    const TypeId schedulerTid = AtmCellSchedulerFactory::Resolve(scheduler);
    const bool fifo = schedulerTid == FifoCellScheduler::GetTypeId();
    if (!options.IsSet("gfr1Eligibility"))
    {
        gfr1Eligibility = fifo && !preset.clpOnly;
    }
    const auto policySettings =
        options.ParseAttributeOption("policyAttributes", policyTid, policyAttributes);
    const auto schedulerSettings =
        options.ParseAttributeOption("schedulerAttributes", schedulerTid, schedulerAttributes);

    TcpEraPresets presets = TcpEraPresets::ForSource("bon-internetwork");
    presets.SetVariant(TcpEraPresets::ParseVariant(tcp));
    presets.SetWindow(window);
    presets.SetSegmentSize(mss);
    options.Require(presets.GetWindow() >= mss,
                    "window",
                    "at least one segment of --mss (" + std::to_string(mss) + " bytes)");

    // The topology.
    AtmRouterBundleHelper bundle;
    bundle.SetRouterPairs(pairs);
    bundle.SetSourcesPerRouter(sourcesPerRouter);
    bundle.SetAccessLink(accessRate, accessDelay);
    bundle.SetRouterLinkRate(routerLinkRate);
    bundle.SetBackbone(backboneRate, interSwitchDelay);
    std::vector<Time> delays;
    for (double d : routerDelays)
    {
        delays.push_back(MicroSeconds(std::llround(d * 1000)));
    }
    bundle.SetRouterDelays(delays);
    bundle.SetRouterBufferBytes(routerBufferBytes);
    bundle.SetTcp(presets);
    AtmHelper& atm = bundle.GetAtmHelper();
    atm.SetDeviceAttribute("Mtu", UintegerValue(std::max<uint32_t>(mss + 40, 576)));
    atm.SetSwitchPortAttribute("QueueMode",
                               EnumValue(fifo ? AtmOutputPort::SHARED : AtmOutputPort::PER_VC));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetBufferPolicy(policy);
    if (hasHbo)
    {
        atm.SetBufferPolicyAttribute("HboCells", UintegerValue(hbo));
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
    if (hasPbs)
    {
        atm.SetBufferPolicyAttribute("ClpThresholdCells", UintegerValue(pbsThreshold));
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
    for (uint32_t i = 0; i < pairs; ++i)
    {
        const AtmCellRate m(static_cast<uint64_t>(std::llround(cellsOf(mcr[i]) * 1000)), 1000);
        if (service == "ubr")
        {
            bundle.SetContract(i, AtmTrafficContract::Ubr());
        }
        else if (service == "vbr3")
        {
            const AtmCellRate s(static_cast<uint64_t>(std::llround(cellsOf(scr[i]) * 1000)), 1000);
            bundle.SetContract(
                i,
                AtmTrafficContract::Vbr(AtmConformance::VBR_3, routerLinkRate, Time(0), s, mbs));
        }
        else
        {
            const bool gfr1 = service == "gfr1" || (service == "gfr-mixed" && i < pairs / 2);
            if (shapedPairs == "gfr2")
            {
                bundle.SetShaped(i, !gfr1);
            }
            bundle.SetContract(
                i,
                AtmTrafficContract::Gfr(gfr1 ? AtmConformance::GFR_1 : AtmConformance::GFR_2,
                                        routerLinkRate,
                                        m,
                                        mbs,
                                        mfs));
        }
        if (egressAtMcr)
        {
            bundle.SetPeerLinkRate(i, m);
        }
    }
    shaper.Apply(bundle.GetPvcHelper());
    // The UNI: the UPC tags what GFR.2 or VBR.3 does not cover (GFR.1 and UBR: no tags).
    bundle.SetUniPolicing(service != "ubr");
    AtmRouterBundleTopology t = bundle.Install();
    atm.AssignStreams(NetDeviceContainer(t.backbone), 10);

    // The file servers (--traceDir: one flow per host, flow i x sourcesPerRouter + j, over all
    // its files' connections, and s0's port to the backbone).
    AtmRouterBundleTraffic traffic;
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        traffic.SetTracer(tracer);
    }
    traffic.Install(t, fileBytes, startJitter, warmup);

    // The backbone port: its VCs' pairs, arrivals, occupancy, drops.
    Ptr<AtmPortMonitor> backbone = Create<AtmPortMonitor>(t.backbone, warmup);
    for (uint32_t i = 0; i < pairs; ++i)
    {
        backbone->AddPvc(t.pvcs[i], i);
    }

    Simulator::Stop(duration);
    Simulator::Run();
    backbone->Stop();
    if (tracer)
    {
        tracer->Close();
    }

    // Results.
    const double seconds = (duration - warmup).GetSeconds();
    const double unreserved =
        std::max(0.0, backboneCells - (service == "ubr" ? 0.0 : mcrSum)) / pairs;
    std::vector<double> capped(pairs, 0.0); // max-min fair shares with the caps MCR_i
    {
        std::vector<uint32_t> order(pairs);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            return mcr[a] < mcr[b];
        });
        double left = backboneCells;
        for (uint32_t k = 0; k < pairs; ++k)
        {
            const uint32_t i = order[k];
            capped[i] = std::min(cellsOf(mcr[i]), left / (pairs - k));
            left -= capped[i];
        }
    }
    std::vector<AtmJsonLine> perRouter;
    std::vector<double> goodput;
    uint64_t clp0 = 0;
    uint64_t cells = 0;
    for (uint32_t i = 0; i < pairs; ++i)
    {
        const uint64_t pCells = backbone->GetCells(i);
        const uint64_t pTagged = backbone->GetTaggedCells(i);
        // The egress link at the MCR (the UBR references) caps what the pair can carry: the
        // max-min fair shares of the backbone under those caps.
        const double share =
            egressAtMcr ? capped[i] : (service == "ubr" ? 0.0 : cellsOf(mcr[i])) + unreserved;
        const double optimum =
            AtmMetrics::MaxTcpGoodput(share, mss, 0, AtmEncapsulation::LLC_SNAP) / 1e6;
        const double mbps = traffic.GetGoodputMbps(i);
        goodput.push_back(mbps);
        AtmJsonLine one;
        one.Add("goodputMbps", mbps)
            .Add("optimumMbps", optimum)
            .Add("mcrCellsPerSecond", cellsOf(mcr[i]))
            .Add("mcrGoodputMbps",
                 AtmMetrics::MaxTcpGoodput(cellsOf(mcr[i]), mss, 0, AtmEncapsulation::LLC_SNAP) /
                     1e6)
            .Add("backboneMbps", pCells * 424.0 / seconds / 1e6)
            .Add("taggedFraction", pCells ? static_cast<double>(pTagged) / pCells : 0.0)
            .Add("corruptedPdusPerSecond", traffic.GetCorruptedPdus(i) / seconds)
            .Add("retransmissions", traffic.GetRetransmissions(i))
            .Add("timeouts", traffic.GetTimeouts(i))
            .Add("routerQueueDrops", traffic.GetRouterQueueDrops(i));
        perRouter.push_back(one);
        clp0 += pCells - pTagged;
        cells += pCells;
    }
    const bool ledgersHold = traffic.LedgersHold();
    AtmJsonLine drops;
    for (const auto& [text, count] : backbone->GetDropsByReason())
    {
        drops.Add(text, count);
    }
    AtmJsonLine json;
    json.Add("example", "atm-router-bundle")
        .Add("topology", topology)
        .Add("routerPairs", pairs)
        .Add("sourcesPerRouter", sourcesPerRouter)
        .Add("accessCellsPerSecond", accessRate.GetCellsPerSecond())
        .Add("routerLinkCellsPerSecond", routerLinkRate.GetCellsPerSecond())
        .Add("backboneCellsPerSecond", backboneCells)
        .Add("interSwitchDelayMs", interSwitchDelay.GetSeconds() * 1e3)
        .Add("routerDelaysMs", routerDelays)
        .Add("mcrMbps", mcr)
        .Add("service", service)
        .Add("policy", policyTid.GetName())
        .Add("scheduler", schedulerTid.GetName())
        .Add("bufferCells", bufferCells)
        .Add("hbo", hasHbo || hasEpdThreshold ? hbo : 0)
        .Add("lbo", hasHbo ? lbo : 0)
        .Add("vcThreshold", options.IsSet("vcThreshold") ? vcThreshold : 0)
        .Add("mfs", mfs)
        .Add("mbs", mbs)
        .Add("pbsThreshold", hasPbs ? pbsThreshold : 0)
        .Add("shaper", shaper.GetName())
        .Add("shaperMinTh", shaper.IsEnabled() ? shaper.GetMinThreshold() : 0)
        .Add("shapedPairs", shaper.IsEnabled() ? shapedPairs : "none")
        .Add("egressAtMcr", egressAtMcr)
        .Add("gfr1Eligibility", gfr1Eligibility)
        .Add("routerBufferBytes", routerBufferBytes)
        .Add("fileBytes", fileBytes)
        .Add("tcp", tcp)
        .Add("mss", mss)
        .Add("window", window)
        .Add("startJitterS", startJitter.GetSeconds())
        .Add("durationS", duration.GetSeconds())
        .Add("warmupS", warmup.GetSeconds())
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("goodputMbps", goodput)
        .Add("routers", perRouter)
        .Add("clp0Share", cells ? static_cast<double>(clp0) / cells : 0.0)
        .Add("meanOccupancyCells", backbone->GetMeanOccupancy())
        .Add("maxOccupancyCells", backbone->GetMaxOccupancy())
        .Add("cellLossRatio", backbone->GetCellLossRatio())
        .Add("cellsDroppedByReason", drops)
        .Add("cellHops", AtmHelper::GetCellHops()) // the cost: cells sent on every link
        .Add("events", Simulator::GetEventCount())
        .Add("ledgersHold", ledgersHold);
    std::cout << json.ToString() << std::endl;
    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
