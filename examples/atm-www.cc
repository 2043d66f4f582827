/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-www: the WWW configuration of R. Jain et al., "Performance Analysis of TCP Enhancements
 * for WWW Traffic using UBR+ with Limited Buffers over Satellite Links", ATM Forum
 * contribution 98-0876R1, 1998: N HTTP/1.1 clients fetch files from N servers (one server per
 * client, one persistent connection each, pipelined requests) across a 45 Mb/s T3 link between
 * two ATM switches, whose output port is the bottleneck.
 *
 * @verbatim
   server0..N-1 --155.52 Mb/s, 5 us-- s0 ==== T3, 5 / 100 / 275 ms ==== s1 --155.52 Mb/s--
 client0..N-1 (congested port: EPD or SD)
   @endverbatim
 *
 * Traffic (AtmWwwClient, AtmWwwServer): a batch of 1 ... 9 GETs (Poisson, mean 5) every 10 s,
 * the GETs 100 to 500 ms apart, files of five size classes (AtmWwwLaw::JainFileSize()), 128-byte
 * requests, infinitely fast servers. Each client starts at U[0, --startJitter) (default 10 s, a
 * batch interval: the paper does not say how the clients' cycles are placed; this spreads
 * them). The paper's factors: --tcp (vanilla, reno, newreno, sack), --policy (epd, sd with
 * R = 0.8 K, Z = 0.8), --bufferRtt (0.5, 1, 2 round trips x the T3's bandwidth, the paper's
 * Table 2 sizes), --delay (wan 5 ms, meo 100 ms, geo 275 ms one way on the T3); MSS 1024 (WAN)
 * or 9180 (MEO, GEO), windows 65,535 / 65535 x 2^5 / 65535 x 2^6 bytes; NewReno's initial
 * ssthresh RTT x 45 Mb/s (56,250 / 1,125,000 / 3,093,750 bytes), the others' 65,535; 100 ms TCP
 * ticks, no delayed ACK; Nagle off (the paper turns SWS avoidance off).
 *
 * The program prints exactly one line on standard output, a JSON object with the parameters and
 * what it measured: throughputMbps (per client: its highest in-order byte received x 8 / the
 * duration, the paper's throughput), totalThroughputMbps, maxGoodputMbps (C: the TCP goodput
 * ceiling at the T3's 106,132 cells/s, AtmMetrics::MaxTcpGoodput), efficiency (total / C),
 * demandMbps (per server: bytes scheduled x 8 / duration, S_i), offeredLoadMbps (their sum),
 * lawOfferedLoadMbps (the laws' expectation: N x E[GETs] x E[file] x 8 / 10 s), fairness
 * (Jain's index against the iterative max-min shares of the demands, AtmMetrics::MaxMinFairness),
 * requests, responses, bytesRequested, bytesReceived, meanResponseTimeMs, cellsSent,
 * cellsDropped (at the switch ports of the data direction), trunkCellsDropped, cellLossRatio,
 * trunkMaxQueueCells, dataSegmentsSent, retransmissions, retransmissionPercent, timeouts,
 * rawUtilization (the T3 port), ledgersHold,
 * simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Examples:
 *   The paper's WAN, SACK, Selective Drop, 1 RTT of buffer (1062 cells):
 *     atm-www --delay=wan --tcp=sack --policy=sd --bufferRtt=1
 *   GEO, NewReno, EPD, half a round trip:
 *     atm-www --delay=geo --tcp=newreno --policy=epd --bufferRtt=0.5
 *   A quick look with ten clients for 20 s:
 *     atm-www --clients=10 --duration=20s
 */

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/atm-www-client.h"
#include "ns3/atm-www-law.h"
#include "ns3/atm-www-server.h"
#include "ns3/core-module.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4.h"
#include "ns3/tcp-era-presets.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// The paper's configuration per delay.
struct WwwDelay
{
    const char* name;         //!< --delay
    Time oneWay;              //!< the T3's one-way delay
    uint32_t buffers[3];      //!< Table 2: 0.5, 1 and 2 RTT x bandwidth, cells
    uint32_t mss;             //!< segment size
    uint32_t window;          //!< window
    uint32_t newRenoSsthresh; //!< Hoe's initial ssthresh, RTT x 45 Mb/s
};

/// The paper's configurations and its Table 2 (buffers).
const WwwDelay DELAYS[] = {
    {"wan", MilliSeconds(5), {531, 1062, 2300}, 1024, 65535, 56250},
    {"meo", MilliSeconds(100), {10615, 21230, 42460}, 9180, 65535U << 5, 1125000},
    {"geo", MilliSeconds(275), {29190, 58380, 116760}, 9180, 65535U << 6, 3093750},
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
    uint32_t clients = 100;
    std::string delay = "wan";
    Time oneWay;
    Time accessDelay = MicroSeconds(5);
    std::string tcp = "sack";
    std::string policy = "sd";
    std::string bufferRtt = "1";
    uint32_t bufferCells = 0;
    double threshold = 0.8;
    double z = 0.8;
    uint32_t mss = 0;
    uint32_t window = 0;
    uint32_t initialSsthresh = 0;
    Time duration = Seconds(100);
    Time startJitter = Seconds(10);
    std::string tickPhase = "random";

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("JAIN et al.'s WWW traffic (100 clients, 100 servers) over a T3 between two ATM "
              "switches; prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("clients",
                     "client/server pairs (one PVC and connection each)",
                     clients,
                     1,
                     10000);
    options.AddChoice("delay",
                      "the T3's one-way delay and the paper's MSS, window and buffers: wan "
                      "(5 ms), meo (100 ms), geo (275 ms)",
                      delay,
                      {"wan", "meo", "geo"});
    options.AddValue("oneWay",
                     "one-way delay of the T3 (overrides --delay's; the buffers of --bufferRtt "
                     "are then RTT x bandwidth multiples of this delay)",
                     oneWay,
                     Time(0),
                     Seconds(10),
                     "--delay's");
    options.AddValue("accessDelay",
                     "one-way delay of each access link",
                     accessDelay,
                     Time(0),
                     Seconds(1));
    options.AddChoice("tcp", "TCP variant", tcp, TcpEraPresets::GetVariantNames());
    options.AddChoice("policy",
                      "buffer policy of the switch ports: epd (Early Packet Discard) or sd "
                      "(Selective Drop)",
                      policy,
                      {"epd", "sd"});
    options.AddChoice("bufferRtt",
                      "switch buffer in round trips x the T3's bandwidth (the paper's Table 2 "
                      "sizes for --delay)",
                      bufferRtt,
                      {"0.5", "1", "2"});
    options.AddValue("bufferCells",
                     "switch buffer in cells (overrides --bufferRtt)",
                     bufferCells,
                     1,
                     4000000,
                     "--bufferRtt's");
    options.AddValue("threshold",
                     "EPD/SD threshold R as a fraction of the buffer, in (0, 1)",
                     threshold,
                     0.0,
                     1.0);
    options.AddValue("z", "Selective Drop's Z, in (0, 1]", z, 0.0, 1.0);
    options.AddValue("mss", "TCP segment payload in bytes", mss, 1, 65487, "1024 wan, 9180 else");
    options.AddValue("window",
                     "TCP window = socket buffers in bytes",
                     window,
                     1,
                     1073725440,
                     "65535 wan, 65535 x 2^5 meo, x 2^6 geo");
    options.AddValue("initialSsthresh",
                     "initial slow-start threshold in bytes",
                     initialSsthresh,
                     1,
                     1073725440,
                     "65535; newreno RTT x 45 Mb/s");
    options.AddValue("duration",
                     "simulated time; throughput = bytes received / duration",
                     duration,
                     MilliSeconds(1),
                     Seconds(100000));
    options.AddValue("startJitter",
                     "each client starts (opens its connection and its first batch) at "
                     "U[0, startJitter)",
                     startJitter,
                     Time(0),
                     Seconds(1000));
    options.AddChoice("tickPhase",
                      "TCP timer tick grids: random (one phase per host) or common",
                      tickPhase,
                      {"common", "random"});
    cmd.Parse(argc, argv);

    options.Require(threshold > 0 && threshold < 1,
                    "threshold",
                    "expected a number in (0, 1): R is a fraction of the buffer");
    options.Require(z > 0, "z", "expected a number in (0, 1]");
    options.Require(policy == "sd" || !options.IsSet("z"), "z", "--policy=sd (EPD has no Z)");
    options.Require(!(options.IsSet("bufferCells") && options.IsSet("bufferRtt")),
                    "bufferCells",
                    "either --bufferCells or --bufferRtt, not both");

    const WwwDelay* preset = &DELAYS[0];
    for (const WwwDelay& d : DELAYS)
    {
        if (delay == d.name)
        {
            preset = &d;
        }
    }
    const Time trunkDelay = options.IsSet("oneWay") ? oneWay : preset->oneWay;
    const AtmCellRate access("OC3c");
    const AtmCellRate t3("T3");
    const double t3Cells = t3.GetCellsPerSecond();
    const Time rtt = 2 * trunkDelay + 4 * accessDelay;
    const int rttIndex = bufferRtt == "0.5" ? 0 : (bufferRtt == "1" ? 1 : 2);
    const double rttMultiple = rttIndex == 0 ? 0.5 : (rttIndex == 1 ? 1.0 : 2.0);
    uint32_t usedBuffer = bufferCells;
    if (!options.IsSet("bufferCells"))
    {
        // The paper's Table 2 for its delays; otherwise the multiple of the T3's RTT x
        // bandwidth (propagation only).
        usedBuffer = options.IsSet("oneWay")
                         ? static_cast<uint32_t>(
                               std::ceil(rttMultiple * (2 * trunkDelay).GetSeconds() * t3Cells))
                         : preset->buffers[rttIndex];
        usedBuffer = std::max<uint32_t>(usedBuffer, 1);
    }

    TcpEraPresets presets = TcpEraPresets::ForSource("jain");
    const TcpEraPresets::Variant variant = TcpEraPresets::ParseVariant(tcp);
    presets.SetVariant(variant);
    presets.SetSegmentSize(mss > 0 ? mss : preset->mss);
    presets.SetWindow(window > 0 ? window : preset->window);
    presets.SetNagle(false);
    uint32_t ssthresh = 65535;
    if (variant == TcpEraPresets::NEWRENO)
    {
        ssthresh =
            options.IsSet("oneWay")
                ? static_cast<uint32_t>(std::llround((2 * trunkDelay).GetSeconds() * 45e6 / 8))
                : preset->newRenoSsthresh;
    }
    if (initialSsthresh > 0)
    {
        ssthresh = initialSsthresh;
    }
    presets.SetInitialSsThresh(std::max<uint32_t>(ssthresh, presets.GetSegmentSize()));
    options.Require(presets.GetWindow() >= presets.GetSegmentSize(),
                    options.IsSet("window") ? "window" : "mss",
                    "the window (" + std::to_string(presets.GetWindow()) +
                        " bytes) must hold at least one " +
                        std::to_string(presets.GetSegmentSize()) + "-byte segment");

    AtmNSourceHelper nsrc;
    nsrc.SetNSources(clients);
    nsrc.SetLinkRate(access);
    nsrc.SetTrunkRate(t3);
    nsrc.SetAccessDelay(accessDelay);
    nsrc.SetTrunkDelay(trunkDelay);
    nsrc.SetBufferCells(usedBuffer);
    nsrc.SetBufferPolicy(policy);
    nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(threshold));
    if (policy == "sd")
    {
        nsrc.SetBufferPolicyAttribute("Z", DoubleValue(z));
    }
    nsrc.SetTcp(presets);
    nsrc.SetRandomTickPhase(tickPhase == "random");
    const AtmNSourceTopology topology = nsrc.Install();

    // Servers on the sources' side (the data crosses the T3 towards the clients), clients on
    // the destinations'.
    const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
    std::vector<Ptr<AtmWwwServer>> servers;
    std::vector<Ptr<AtmWwwClient>> wwwClients;
    std::vector<Ptr<AtmTcpFlowProbe>> probeRefs;
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    for (uint32_t i = 0; i < clients; ++i)
    {
        Ptr<AtmWwwServer> server = CreateObject<AtmWwwServer>();
        server->SetAttribute("Protocol", TypeIdValue(factory));
        topology.sources.Get(i)->AddApplication(server);
        server->SetStartTime(Seconds(0));
        probeRefs.push_back(Create<AtmTcpFlowProbe>());
        server->TraceConnectWithoutContext(
            "Accepted",
            MakeBoundCallback(
                +[](AtmTcpFlowProbe* p, Ptr<Socket> s) { p->Attach(s); },
                PeekPointer(probeRefs.back())));
        servers.push_back(server);

        const Ipv4Address serverAddress =
            topology.sources.Get(i)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        Ptr<AtmWwwClient> client = CreateObject<AtmWwwClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(serverAddress, 80)));
        client->SetAttribute("Protocol", TypeIdValue(factory));
        topology.sinks.Get(i)->AddApplication(client);
        const Time at =
            startJitter.IsStrictlyPositive()
                ? NanoSeconds(static_cast<int64_t>(
                      jitter->GetValue(0, static_cast<double>(startJitter.GetNanoSeconds()))))
                : Time();
        client->SetStartTime(at);
        wwwClients.push_back(client);
    }

    uint32_t trunkMaxQueue = 0;
    topology.trunk->GetOutputPort()->TraceConnectWithoutContext(
        "CellsInQueue",
        MakeBoundCallback(
            +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
            &trunkMaxQueue));

    Simulator::Stop(duration);
    Simulator::Run();
    const uint64_t events = Simulator::GetEventCount();

    const double seconds = duration.GetSeconds();
    std::vector<double> throughput;
    std::vector<double> demand;
    uint64_t requests = 0;
    uint64_t responses = 0;
    uint64_t bytesRequested = 0;
    uint64_t bytesReceived = 0;
    uint64_t unexpected = 0;
    double responseTimeSum = 0;
    uint64_t cellsSent = 0;
    uint64_t dataSegments = 0;
    uint64_t retransmissions = 0;
    uint64_t timeouts = 0;
    bool ledgersHold = true;
    for (uint32_t i = 0; i < clients; ++i)
    {
        const Ptr<AtmWwwClient>& c = wwwClients[i];
        throughput.push_back(c->GetBytesReceived() * 8.0 / seconds / 1e6);
        demand.push_back(servers[i]->GetBytesScheduled() * 8.0 / seconds / 1e6);
        requests += c->GetRequestsSent();
        responses += c->GetResponsesCompleted();
        bytesRequested += c->GetBytesRequested();
        bytesReceived += c->GetBytesReceived();
        unexpected += c->GetUnexpectedBytes();
        responseTimeSum += c->GetMeanResponseTime().GetSeconds() * c->GetResponsesCompleted();
        cellsSent += topology.sourceDevices[i]->GetVcStats(topology.pvcs[i].srcVc).cellsTx;
        dataSegments += probeRefs[i]->GetDataSegmentsSent();
        retransmissions += probeRefs[i]->GetRetransmissions();
        timeouts += probeRefs[i]->GetTimeouts();
        ledgersHold = ledgersHold && AtmPvcHelper::GetLedger(topology.pvcs[i], true).Holds() &&
                      AtmPvcHelper::GetLedger(topology.pvcs[i], false).Holds();
    }
    uint64_t cellsDropped = 0;
    for (const Ptr<AtmDevice>& port : topology.forwardPorts)
    {
        cellsDropped += port->GetOutputPort()->GetStats().cellsDropped;
    }
    const uint64_t trunkDropped = topology.trunk->GetOutputPort()->GetStats().cellsDropped;
    double total = 0;
    double offered = 0;
    for (uint32_t i = 0; i < clients; ++i)
    {
        total += throughput[i];
        offered += demand[i];
    }
    const double c = topology.maxGoodputMbps;
    const AtmWwwLaw getsLaw = wwwClients[0]->GetGetsLaw();
    const AtmWwwLaw sizeLaw = wwwClients[0]->GetFileSizeLaw();
    const double lawOffered = clients * getsLaw.GetMean() * sizeLaw.GetMean() * 8 / 10.0 / 1e6;

    AtmJsonLine json;
    json.Add("example", "atm-www")
        .Add("clients", clients)
        .Add("delay", options.IsSet("oneWay") ? std::string("custom") : delay)
        .Add("oneWayMs", trunkDelay.GetSeconds() * 1e3)
        .Add("accessDelayUs", accessDelay.GetSeconds() * 1e6)
        .Add("rttPropagationMs", rtt.GetSeconds() * 1e3)
        .Add("t3CellsPerSecond", t3Cells)
        .Add("accessCellsPerSecond", access.GetCellsPerSecond())
        .Add("tcp", TcpEraPresets::GetVariantName(presets.GetVariant()))
        .Add("policy", AtmBufferPolicyFactory::Resolve(policy).GetName())
        .Add("threshold", threshold)
        .Add("z", policy == "sd" ? z : 0.0)
        .Add("bufferRtt", options.IsSet("bufferCells") ? 0.0 : rttMultiple)
        .Add("bufferCells", usedBuffer)
        .Add("mss", presets.GetSegmentSize())
        .Add("window", presets.GetWindow())
        .Add("initialSsthresh", std::max<uint32_t>(ssthresh, presets.GetSegmentSize()))
        .Add("durationS", seconds)
        .Add("startJitterS", startJitter.GetSeconds())
        .Add("tickPhase", tickPhase)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed())
        .Add("throughputMbps", throughput)
        .Add("totalThroughputMbps", total)
        .Add("maxGoodputMbps", c)
        .Add("efficiency", AtmMetrics::Efficiency(throughput, c))
        .Add("demandMbps", demand)
        .Add("offeredLoadMbps", offered)
        .Add("lawOfferedLoadMbps", lawOffered)
        .Add("fairness", AtmMetrics::MaxMinFairness(throughput, demand, c))
        .Add("requests", requests)
        .Add("responses", responses)
        .Add("bytesRequested", bytesRequested)
        .Add("bytesReceived", bytesReceived)
        .Add("unexpectedBytes", unexpected)
        .Add("meanResponseTimeMs", responses ? responseTimeSum / responses * 1e3 : 0.0)
        .Add("cellsSent", cellsSent)
        .Add("cellsDropped", cellsDropped)
        .Add("trunkCellsDropped", trunkDropped)
        .Add("cellLossRatio", AtmMetrics::CellLossRatio(cellsDropped, cellsSent))
        .Add("trunkMaxQueueCells", trunkMaxQueue)
        .Add("dataSegmentsSent", dataSegments)
        .Add("retransmissions", retransmissions)
        .Add("retransmissionPercent",
             AtmMetrics::RetransmissionPercent(retransmissions, dataSegments))
        .Add("timeouts", timeouts)
        .Add("rawUtilization", topology.trunk->GetRawUtilization())
        .Add("ledgersHold", ledgersHold)
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
