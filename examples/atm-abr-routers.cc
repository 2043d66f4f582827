/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-abr-routers: TCP over ABR between IP routers, Bonaventure's five-router ABR scenario
 * (thesis ch. 5): routers R_1..R_5 each carry the TCP connections of their hosts to the peer
 * router R_i* on one ABR VC, across a two-switch backbone whose congested port (s0 -> s1) runs
 * ERICA+ (or ERICA) and sends the explicit rate back in the backward RM cells.
 *
 * @verbatim
   20 hosts -- R_i --(34 Mb/s, 2.5 ms)-- s0 ==(34 Mb/s, 10 ms)== s1 --(2.5 ms)-- R_i* -- 20 hosts
   @endverbatim
 * Every ATM link is E3 (80,000 cells/s); each pair's VC is ABR with PCR = the link rate, MCR =
 * ICR = 1000 cells/s (424 kb/s; the five MCRs are 1/16 of the bottleneck) and RIF 1, as in BON's
 * Table 5.1; the switches never set CI, so RDF plays no part. The backbone port runs the
 * explicit-rate algorithm with BON's Table 5.2 parameters (2 ms averaging interval, load
 * averaging 0.0625, VC-count decay 0.25; ERICA+ a 1.15, b 1.05, QDLF 0.5, T0 1 ms); all VCs share
 * its FIFO. Router R_i's ABR source can misbehave (BON ch. 5, after WPM97): on a backward RM
 * cell it takes ACR = min(M x min(ACR', ER), PCR) with M = --mFactor instead of M = 1.
 *
 * The hosts send 1 MB files back to back (BON's greedy file servers); each router queues IP
 * packets in a 700 KB queue in front of its adapter, which sends them at ACR.
 *
 * Output: one JSON line; per router its hosts' TCP goodput (goodputMbps), its source's mean ACR
 * (acrMbps, cells/s x 424 bits, sampled every --sampleInterval after --warmup), the rate of its
 * VC's cells reaching the backbone port (backboneMbps, RM cells included), its fair share of the
 * backbone as TCP goodput (optimumMbps, cell arithmetic), and its ACR every --seriesInterval from
 * time 0 (acrSeriesMbps); for the backbone port the cells dropped over the whole run, the mean
 * and largest queue after --warmup (cells). --traceFile writes the ACR of every
 * router at every sample (time, router, ACR) from time 0, for a figure of ACR over time;
 * --traceDir the time series of the other router examples (one flow per host, the backbone port).
 *
 *   atm-abr-routers --mFactor=1.5 --misbehaving=0 --duration=60s --traceFile=acr.txt
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/traffic-control-module.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// What the run records of one router pair's ABR source.
struct Pair
{
    Ptr<AtmAbrSource> source;   //!< R_i's ABR source
    double acrSum{0};           //!< sum of the ACR samples after the warm-up
    uint64_t acrSamples{0};     //!< how many
    std::vector<double> series; //!< ACR (Mb/s) at each --seriesInterval
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
    uint32_t pairs = 5;
    uint32_t sourcesPerRouter = 20;
    double mFactor = 1;
    uint32_t misbehaving = 0;
    std::string erica = "erica+";
    double rif = 1;
    double rdf = 1.0 / 16;
    double icr = 1000;
    double mcr = 1000;
    uint32_t nrm = 32;
    uint32_t bufferCells = 16000;
    uint32_t routerBufferBytes = 700000;
    uint64_t fileBytes = 1000000;
    std::string tcp = "reno";
    uint32_t mss = 1460;
    uint32_t window = 65535;
    Time startJitter = Seconds(1);
    Time duration = Seconds(60);
    Time warmup = Seconds(30);
    Time sampleInterval = MilliSeconds(100);
    Time seriesInterval = MilliSeconds(500);
    std::string traceFile;

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("routerPairs", "router pairs R_i -> R_i*", pairs, 1, 128);
    options.AddValue("sourcesPerRouter",
                     "hosts behind each router (and each peer router)",
                     sourcesPerRouter,
                     1,
                     16383);
    options.AddValue("mFactor",
                     "M of the misbehaving router's ABR source (1: it behaves)",
                     mFactor,
                     1,
                     1000);
    options.AddValue("misbehaving",
                     "index of the router whose source uses --mFactor (0 .. routerPairs - 1)",
                     misbehaving,
                     0,
                     127);
    options.AddChoice("erica",
                      "the backbone port's explicit-rate algorithm: erica+ (BON) or erica "
                      "(target utilisation 0.95)",
                      erica,
                      {"erica", "erica+"});
    options.AddValue("rif", "RIF of every VC, in (0, 1]", rif, 1.0 / 32768, 1);
    options.AddValue("rdf", "RDF of every VC, in (0, 1]", rdf, 1.0 / 32768, 1);
    options.AddValue("icr", "ICR of every VC, cells/s (at least --mcr)", icr, 1, 1e7);
    options.AddValue("mcr", "MCR of every VC, cells/s", mcr, 0, 1e7);
    options.AddValue("nrm", "Nrm of every VC: cells per forward RM cell", nrm, 2, 256);
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
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
                      {"reno", "newreno", "sack"});
    options.AddValue("mss", "TCP segment size, bytes", mss, 64, 65495);
    options.AddValue("window", "TCP window (socket buffers), bytes", window, 1, 1073725440);
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
    options.AddValue("sampleInterval",
                     "how often the routers' ACRs are sampled",
                     sampleInterval,
                     MicroSeconds(1),
                     Seconds(1e4));
    options.AddValue("seriesInterval",
                     "the JSON's ACR series (acrSeriesMbps) takes the sample at each multiple of "
                     "this, from time 0 (a multiple of --sampleInterval)",
                     seriesInterval,
                     MicroSeconds(1),
                     Seconds(1e4));
    options.AddValue("traceFile",
                     "write every ACR sample to this file (time, router, cells/s, Mb/s; empty: "
                     "none)",
                     traceFile,
                     [](const std::string&, std::string*) { return true; });
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);
    traceOptions.CheckOptions(options);

    options.Require(warmup < duration, "warmup", "a time below --duration");
    options.Require(seriesInterval.GetTimeStep() % sampleInterval.GetTimeStep() == 0,
                    "seriesInterval",
                    "a multiple of --sampleInterval");
    options.Require(duration / seriesInterval <= 100000,
                    "seriesInterval",
                    "at most 100,000 points over --duration (a longer interval)");
    options.Require(misbehaving < pairs,
                    "misbehaving",
                    "a router index below --routerPairs (" + std::to_string(pairs) + ")");
    std::ostringstream mcrText;
    mcrText << mcr;
    options.Require(icr >= mcr, "icr", "at least --mcr (" + mcrText.str() + " cells/s)");
    const AtmCellRate e3("E3");
    options.Require(icr <= e3.GetCellsPerSecond(),
                    "icr",
                    "at most the PCR, the E3 link rate (80000 cells/s)");
    options.Require(mcr * pairs <= e3.GetCellsPerSecond(),
                    "mcr",
                    "MCRs that sum to at most the backbone's rate (80000 cells/s)");
    TcpEraPresets presets = TcpEraPresets::ForSource("bon-internetwork");
    presets.SetVariant(TcpEraPresets::ParseVariant(tcp));
    presets.SetWindow(window);
    presets.SetSegmentSize(mss);
    options.Require(presets.GetWindow() >= mss,
                    "window",
                    "at least one segment of --mss (" + std::to_string(mss) + " bytes)");
    // Last: nothing is written before every option has been checked.
    std::ofstream trace;
    if (!traceFile.empty())
    {
        trace.open(traceFile);
        options.Require(trace.good(), "traceFile", "a file that can be written");
        trace << "# atm-abr-routers: time_s router acr_cells_per_s acr_mbps\n";
    }

    // The topology: BON's five routers (ch. 5), every ATM link E3.
    AtmRouterBundleHelper bundle;
    bundle.SetRouterPairs(pairs);
    bundle.SetSourcesPerRouter(sourcesPerRouter);
    bundle.SetAccessLink(AtmCellRate("10Mbps"), MicroSeconds(10));
    bundle.SetRouterLinkRate(e3);
    bundle.SetBackbone(e3, MilliSeconds(10));
    bundle.SetRouterDelays({MilliSeconds(15)}); // 2.5 + 10 + 2.5 ms
    bundle.SetRouterBufferBytes(routerBufferBytes);
    bundle.SetTcp(presets);
    AtmHelper& atm = bundle.GetAtmHelper();
    atm.SetDeviceAttribute("Mtu", UintegerValue(std::max<uint32_t>(mss + 40, 576)));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetBufferPolicy("tail");
    atm.SetCellScheduler("fifo");
    AtmAbrParameters abr;
    abr.icr = AtmCellRate(static_cast<uint64_t>(std::llround(icr * 1000)), 1000);
    abr.rif = rif;
    abr.rdf = rdf;
    abr.nrm = nrm;
    const AtmCellRate m(static_cast<uint64_t>(std::llround(mcr * 1000)), 1000);
    for (uint32_t i = 0; i < pairs; ++i)
    {
        bundle.SetContract(i, AtmTrafficContract::Abr(e3, m, abr));
    }
    bundle.SetUniPolicing(false);
    AtmRouterBundleTopology t = bundle.Install();

    // The congested port's explicit-rate algorithm, BON's Table 5.2 parameters.
    Ptr<AtmAbrSwitchBehaviour> behaviour = AtmAbrBehaviourFactory::Create(erica);
    behaviour->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(2)));
    behaviour->SetAttribute("LoadAveragingWeight", DoubleValue(0.0625));
    behaviour->SetAttribute("ActiveVcDecay", DoubleValue(0.25));
    t.backbone->GetOutputPort()->SetAbrBehaviour(behaviour);

    // The file servers (--traceDir: one flow per host, flow i x sourcesPerRouter + j, over all
    // its files' connections, and s0's port to the backbone).
    AtmRouterBundleTraffic traffic;
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        traffic.SetTracer(tracer);
    }
    traffic.Install(t, fileBytes, startJitter, warmup);
    std::vector<Pair> st(pairs);
    for (uint32_t i = 0; i < pairs; ++i)
    {
        st[i].source = t.routerOut[i]->GetVcAbrSource(t.pvcs[i].srcVc);
        if (i == misbehaving)
        {
            st[i].source->SetAttribute("MisbehaviourFactor", DoubleValue(mFactor));
        }
    }

    // The backbone port; the ACR samples.
    Ptr<AtmPortMonitor> backbone = Create<AtmPortMonitor>(t.backbone, warmup);
    for (uint32_t i = 0; i < pairs; ++i)
    {
        backbone->AddPvc(t.pvcs[i], i);
    }
    const int64_t perPoint = seriesInterval.GetTimeStep() / sampleInterval.GetTimeStep();
    int64_t samples = 0;
    std::function<void()> sample = [&]() {
        const Time now = Simulator::Now();
        const bool point = samples++ % perPoint == 0;
        for (uint32_t i = 0; i < pairs; ++i)
        {
            const double acr = st[i].source->GetAcr();
            if (point)
            {
                st[i].series.push_back(acr * 424 / 1e6);
            }
            if (now >= warmup)
            {
                st[i].acrSum += acr;
                ++st[i].acrSamples;
            }
            if (trace.is_open())
            {
                trace << now.GetSeconds() << " " << i << " " << acr << " " << acr * 424 / 1e6
                      << "\n";
            }
        }
        Simulator::Schedule(sampleInterval, sample);
    };
    Simulator::Schedule(Time(0), sample);

    Simulator::Stop(duration);
    Simulator::Run();
    backbone->Stop();
    if (tracer)
    {
        tracer->Close();
    }

    // Results.
    const double seconds = (duration - warmup).GetSeconds();
    std::vector<AtmJsonLine> perRouter;
    std::vector<double> goodput;
    std::vector<double> acrMbps;
    // Each router's fair share of the backbone as TCP goodput (cell arithmetic): an equal part
    // of the E3 cells, less the forward RM cells (one in Nrm of a VC's cells), carrying --mss
    // segments over LLC/SNAP.
    const double share = e3.GetCellsPerSecond() * (nrm - 1) / nrm / pairs;
    const double optimum =
        AtmMetrics::MaxTcpGoodput(share, mss, 0, AtmEncapsulation::LLC_SNAP) / 1e6;
    for (uint32_t i = 0; i < pairs; ++i)
    {
        const Pair& p = st[i];
        const double mbps = traffic.GetGoodputMbps(i);
        const double acr = p.acrSamples ? p.acrSum / p.acrSamples * 424 / 1e6 : 0.0;
        goodput.push_back(mbps);
        acrMbps.push_back(acr);
        AtmJsonLine one;
        one.Add("goodputMbps", mbps)
            .Add("optimumMbps", optimum)
            .Add("acrMbps", acr)
            .Add("acrSeriesMbps", p.series)
            .Add("backboneMbps", backbone->GetCells(i) * 424.0 / seconds / 1e6)
            .Add("mFactor", i == misbehaving ? mFactor : 1.0)
            .Add("retransmissions", traffic.GetRetransmissions(i))
            .Add("timeouts", traffic.GetTimeouts(i))
            .Add("routerQueueDrops", traffic.GetRouterQueueDrops(i));
        perRouter.push_back(one);
    }
    const bool ledgersHold = traffic.LedgersHold();
    AtmJsonLine json;
    json.Add("example", "atm-abr-routers")
        .Add("routerPairs", pairs)
        .Add("sourcesPerRouter", sourcesPerRouter)
        .Add("erica", erica)
        .Add("mFactor", mFactor)
        .Add("misbehaving", misbehaving)
        .Add("rif", rif)
        .Add("rdf", rdf)
        .Add("icrCellsPerSecond", icr)
        .Add("mcrCellsPerSecond", mcr)
        .Add("nrm", nrm)
        .Add("bufferCells", bufferCells)
        .Add("routerBufferBytes", routerBufferBytes)
        .Add("fileBytes", fileBytes)
        .Add("tcp", tcp)
        .Add("mss", mss)
        .Add("window", window)
        .Add("durationS", duration.GetSeconds())
        .Add("warmupS", warmup.GetSeconds())
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("goodputMbps", goodput)
        .Add("acrMbps", acrMbps)
        .Add("routers", perRouter)
        .Add("acrSeriesIntervalS", seriesInterval.GetSeconds())
        .Add("cellsDropped", t.backbone->GetOutputPort()->GetStats().cellsDropped)
        .Add("meanQueueCells", backbone->GetMeanOccupancy())
        .Add("maxQueueCells", backbone->GetMaxOccupancy())
        .Add("cellHops", AtmHelper::GetCellHops())
        .Add("events", Simulator::GetEventCount())
        .Add("ledgersHold", ledgersHold);
    std::cout << json.ToString() << std::endl;
    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
