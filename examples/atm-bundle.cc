/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-bundle: several SPIMS-like connections between one host pair multiplexed on one policed
 * CBR PVC, the connection-bundling measurements of the CRC report (L. Lamont, I. Miloucheva,
 * W. Stering, "Transport Flow Control and Connection Admission Policies for Reliable
 * Applications", CRC Report 96-007, 1996, section 5, Figs 20-25): N AtmSpimsInitiators on h0
 * run at once against one AtmSpimsResponder on h1; every connection's cells share the PVC
 * (AtmBundleHelper builds the path of atm-spims).
 *
 * @verbatim
      h0 --access-- s0 ---link--- s1 ---link--- s2 --access-- h1
   N initiators (shaped at the PCR)  ^ UPC (policed CBR)    one responder
   @endverbatim
 *
 * --mix chooses the connections' specs, the curves of the report:
 * - homogeneous (Figs 20/21, curve 1): every connection `1 bulk_get 70000*C`;
 * - intensive (curve 2): the first `1 bulk_get 70000*C`, the others
 *   `1 bulk_get bivalue(10,9000,0.75)*C exp(0.2)`;
 * - bivalue (Fig 22): the first `1 bulk_get bivalue(100,70000,0.75)*C`, the others as in
 *   intensive; bivalue-gaps (Fig 23): the first with `exp(0.2)` gaps too;
 * - bidir (Figs 24/25): N / 2 GET + PUT pairs, `1 bulk_get 70000*C` and `1 bulk_put 70000*C`;
 *   bidir-small: the PUTs `1 bulk_put bivalue(10,9000,0.9)*C`;
 * - rr-bulk (Figs 26/27): the first `1 rr 70000,1024*C` (request/response), the N - 1 others
 *   xtcp-like bulk flows in the requests' direction, `1 bulk_put 9000*100000000`, and the run
 *   ends with the first connection (--untilFirst).
 * C is --count (the report: 250, and 100 for the pairs). --first and --others give specs of
 * one run each instead. Each connection starts at U[0, --startJitter).
 *
 * --vcs=one (the report's configuration) puts every connection on the one PVC; --vcs=each gives
 * each connection a PVC of its own (AtmBundleHelper::SetVcPerConnection: an address pair per
 * connection), --vcs=vp the same as VCs of one VP that s1 and s2 cross-connect and s1 polices
 * at --pcr. Each VC of each/vp has the PCR --vcPcr (default --pcr / N: the same total), shaped
 * at the source and, with each, policed at s1.
 *
 * The report's plateaus are set by its SparcStations, not by the PVC: --hostCpu gives both
 * hosts a per-packet protocol cost (AtmHostCpu, each packet sent and received) as a documented
 * calibration parameter, 0 (no host limit) by default. The defaults are the WAN (10 Mb/s CBR,
 * T3 trunk, RTT 100 ms, MTU 9188, SunOS TCP, 32 KB windows).
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters,
 * getKBps and putKBps (each connection's throughput as the receiving side measured it, KB =
 * 1000 bytes, GET connections in start order, PUT connections in the order they ended),
 * firstKBps (the first connection's), firstTransactionMs (its mean transaction time, rr),
 * aggregateKBps (the bytes of every connection over the
 * time from the first start to the last end), completed, retransmissions, timeouts, cellsLost,
 * ledgersHold and simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Examples:
 *   CRC-BUNDLE curve 1 with five connections:   atm-bundle --connections=5
 *   one intensive among low-intensity ones:     atm-bundle --connections=5 --mix=intensive
 *   GET and PUT pairs:                          atm-bundle --connections=4 --mix=bidir
 */

#include "ns3/atm-bundle-helper.h"
#include "ns3/atm-bundle-path-command-line.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-spims-initiator.h"
#include "ns3/atm-spims-responder.h"
#include "ns3/atm-spims-spec.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/core-module.h"
#include "ns3/inet-socket-address.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @brief A probe on a socket that sends measured data.
 * @param probes the probes
 * @param socket the socket (new, before its first byte)
 */
void
AttachProbe(std::vector<Ptr<AtmTcpFlowProbe>>* probes, Ptr<Socket> socket)
{
    probes->push_back(Create<AtmTcpFlowProbe>());
    probes->back()->Attach(socket);
}

/**
 * @brief Count a finished initiator; stop the run when the last one is done, or when the first
 *        one is with --untilFirst.
 * @param left initiators still running
 * @param stop this initiator's end stops the run
 */
void
InitiatorDone(uint32_t* left, bool stop)
{
    if (--*left == 0 || stop)
    {
        Simulator::Stop();
    }
}

/**
 * @brief A SPIMS spec option's check.
 * @param value the text
 * @param error receives the reason
 * @return true if @p value is a spec
 */
bool
SpecCheck(const std::string& value, std::string* error)
{
    AtmSpimsSpec spec;
    std::string why;
    if (AtmSpimsSpec::TryParse(value, &spec, &why))
    {
        return true;
    }
    *error = "a SPIMS spec: " + why;
    return false;
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
    uint32_t connections = 2;
    std::string mix = "homogeneous";
    uint32_t count = 250;
    std::string first;
    std::string others;
    bool untilFirst = false;
    std::string vcs = "one";
    std::string vcPcr;
    Time startJitter = MilliSeconds(10);
    Time hostCpu = Time(0);
    Time duration = Seconds(100000);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("N SPIMS-like connections on one policed CBR PVC (CRC's bundling runs); prints one "
              "JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("connections",
                     "connections on the PVC (GET + PUT: both count)",
                     connections,
                     1,
                     200);
    options.AddChoice(
        "mix",
        "the connections' specs: homogeneous, intensive, bivalue, bivalue-gaps, "
        "bidir, bidir-small, rr-bulk (see the file)",
        mix,
        {"homogeneous", "intensive", "bivalue", "bivalue-gaps", "bidir", "bidir-small", "rr-bulk"});
    options.AddValue("count", "messages per connection in the --mix specs", count, 1, 100000000);
    options.AddValue("first",
                     "the first connection's spec (one run), instead of --mix's",
                     first,
                     SpecCheck);
    options.AddValue("others",
                     "the other connections' spec (one run), instead of --mix's",
                     others,
                     SpecCheck);
    options.AddChoice("vcs",
                      "one PVC for every connection, each connection its own, or VCs of one VP "
                      "(see the file)",
                      vcs,
                      {"one", "each", "vp"});
    options.AddValue("vcPcr",
                     "each VC's PCR when --vcs is each or vp (default --pcr / --connections)",
                     vcPcr,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("untilFirst",
                     "the run ends when the first connection's spec ends (always with the "
                     "rr-bulk mix)",
                     untilFirst);
    options.AddValue("startJitter",
                     "each connection starts at U[0, startJitter)",
                     startJitter,
                     Time(0),
                     Seconds(100));
    options.AddValue("hostCpu",
                     "per-packet protocol cost of both hosts, each packet sent and received "
                     "(a calibration parameter; 0: no host limit)",
                     hostCpu,
                     Time(0),
                     Seconds(1));
    // --window, --pcr, --cdvt, --rtt, --mtu, --accessRate, --trunkRate, --accessDelay,
    // --bufferCells.
    AtmBundlePathCommandLine path;
    path.AddOptions(options, "PCR of the CBR PVC (shaped at h0, policed at s1)");
    options.AddValue("duration",
                     "the limit of simulated time (the last connection's end ends the run)",
                     duration,
                     NanoSeconds(1),
                     Seconds(10000000));
    TcpEraCommandLine tcpOptions;
    tcpOptions.SetDefaultSource("crc");
    tcpOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    const bool bidir = mix == "bidir" || mix == "bidir-small";
    options.Require(!bidir || connections % 2 == 0,
                    "connections",
                    "an even number with --mix=" + mix + " (GET + PUT pairs)");
    const std::string c = std::to_string(count);
    std::string firstText = "1 bulk_get 70000*" + c;
    std::string othersText = "1 bulk_get bivalue(10,9000,0.75)*" + c + " exp(0.2)";
    if (mix == "homogeneous")
    {
        othersText = firstText;
    }
    else if (mix == "bivalue")
    {
        firstText = "1 bulk_get bivalue(100,70000,0.75)*" + c;
    }
    else if (mix == "bivalue-gaps")
    {
        firstText = "1 bulk_get bivalue(100,70000,0.75)*" + c + " exp(0.2)";
    }
    else if (mix == "rr-bulk")
    {
        firstText = "1 rr 70000,1024*" + c;
        othersText = "1 bulk_put 9000*100000000";
        untilFirst = untilFirst || !options.IsSet("untilFirst");
    }
    else if (bidir)
    {
        othersText =
            mix == "bidir" ? "1 bulk_put 70000*" + c : "1 bulk_put bivalue(10,9000,0.9)*" + c;
    }
    firstText = first.empty() ? firstText : first;
    othersText = others.empty() ? othersText : others;
    std::vector<AtmSpimsSpec> specs;
    for (uint32_t i = 0; i < connections; ++i)
    {
        // bidir: GET, PUT, GET, PUT, ...; otherwise the first, then the others.
        const bool isFirst = bidir ? i % 2 == 0 : i == 0;
        specs.push_back(AtmSpimsSpec::Parse(isFirst ? firstText : othersText));
        options.Require(specs.back().GetRuns() == 1,
                        isFirst ? "first" : "others",
                        "a spec of one run (each connection is one run)");
        options.Require(isFirst || specs.back().GetType() != AtmSpimsSpec::RR,
                        "others",
                        "bulk_get or bulk_put (only the first connection may be rr)");
    }
    const TcpEraPresets tcp = tcpOptions.GetPresets(options, path.GetMtu(), path.GetWindow());

    AtmBundleHelper bundle;
    path.Apply(options, bundle);
    const AtmCellRate pcrRate = path.GetPcr();
    const Time cdvt = path.GetCdvt();
    options.Require(vcs != "one" || vcPcr.empty(), "vcPcr", "only with --vcs=each or vp");
    const AtmCellRate perVc = vcs == "one"    ? pcrRate
                              : vcPcr.empty() ? AtmCellRate(pcrRate.GetNumerator(),
                                                            pcrRate.GetDenominator() * connections)
                                              : AtmCellRate::Parse(vcPcr);
    if (vcs != "one")
    {
        options.Require(vcs == "each" || perVc <= pcrRate,
                        "vcPcr",
                        "at most --pcr (" + path.GetPcrText() + "), the VP's rate, with --vcs=vp");
        bundle.SetVcPerConnection(connections);
        bundle.SetConnectionContract(AtmTrafficContract::Cbr(perVc, cdvt));
        bundle.SetVp(vcs == "vp");
    }
    bundle.SetShaping(true);
    bundle.SetUpc(true);
    bundle.SetTcp(tcp);
    AtmBundleTopology t;
    std::string refusal;
    if (!bundle.TryInstall(&t, &refusal))
    {
        std::cerr << "atm-bundle: the PVC was refused: " << refusal << std::endl;
        return 2;
    }
    if (hostCpu.IsStrictlyPositive())
    {
        bundle.GetAtmHelper().InstallHostCpu(t.hosts, hostCpu, hostCpu);
    }

    const uint16_t port = 7000;
    Ptr<AtmSpimsResponder> responder = CreateObject<AtmSpimsResponder>();
    responder->SetAttribute("Port", UintegerValue(port));
    responder->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
    t.hosts.Get(1)->AddApplication(responder);
    std::vector<Ptr<AtmTcpFlowProbe>> probes;
    responder->TraceConnectWithoutContext("Accepted", MakeBoundCallback(&AttachProbe, &probes));
    Ptr<UniformRandomVariable> start = CreateObject<UniformRandomVariable>();
    start->SetAttribute("Min", DoubleValue(0));
    start->SetAttribute("Max", DoubleValue(startJitter.GetSeconds()));
    std::vector<Ptr<AtmSpimsInitiator>> initiators;
    uint32_t left = connections;
    for (uint32_t i = 0; i < connections; ++i)
    {
        Ptr<AtmSpimsInitiator> app = CreateObject<AtmSpimsInitiator>();
        // Connection i on its own VC: between the i-th address pair.
        const auto& [local, remote] = t.addresses[vcs == "one" ? 0 : i];
        app->SetAttribute("Remote", AddressValue(InetSocketAddress(remote, port)));
        if (vcs != "one")
        {
            app->SetAttribute("Local", AddressValue(InetSocketAddress(local, 0)));
        }
        app->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        app->SetSpec(specs[i]);
        t.hosts.Get(0)->AddApplication(app);
        app->SetStartTime(Seconds(start->GetValue()));
        app->TraceConnectWithoutContext("SocketCreated", MakeBoundCallback(&AttachProbe, &probes));
        app->TraceConnectWithoutContext(
            "Done",
            MakeBoundCallback(&InitiatorDone, &left, untilFirst && i == 0));
        initiators.push_back(app);
    }

    Simulator::Stop(duration);
    Simulator::Run();
    const uint64_t events = Simulator::GetEventCount();

    std::vector<double> getRates;
    std::vector<double> putRates;
    uint64_t bytes = 0;
    Time firstStart = Time::Max();
    Time lastEnd(0);
    uint32_t completed = 0;
    auto account = [&](const AtmSpimsRun& r, std::vector<double>& rates) {
        rates.push_back(r.GetKBps());
        bytes += r.bytes;
        firstStart = std::min(firstStart, r.start);
        lastEnd = std::max(lastEnd, r.end);
        ++completed;
    };
    for (const Ptr<AtmSpimsInitiator>& app : initiators)
    {
        // bulk_get: the initiator measures; bulk_put: the responder does (below).
        for (const AtmSpimsRun& r :
             app->GetSpec().InitiatorSends() || app->GetSpec().GetType() == AtmSpimsSpec::RR
                 ? std::vector<AtmSpimsRun>()
                 : app->GetRuns())
        {
            account(r, getRates);
        }
    }
    for (const AtmSpimsRun& r : responder->GetRuns())
    {
        account(r, putRates);
    }
    // Only the data senders' probes count segments (the other side's sockets send ACKs).
    uint64_t retransmissions = 0;
    uint64_t timeouts = 0;
    for (const Ptr<AtmTcpFlowProbe>& p : probes)
    {
        retransmissions += p->GetRetransmissions();
        timeouts += p->GetTimeouts();
    }
    const uint64_t cellsLost = t.GetCellsLost();
    const bool ledgersHold = t.LedgersHold();
    const double span = lastEnd > firstStart ? (lastEnd - firstStart).GetSeconds() : 0.0;

    AtmJsonLine json;
    json.Add("example", "atm-bundle")
        .Add("connections", connections)
        .Add("mix", mix)
        .Add("first", firstText)
        .Add("others", othersText)
        .Add("hostCpuUs", hostCpu.GetSeconds() * 1e6)
        .Add("pcrCellsPerSecond", pcrRate.GetCellsPerSecond())
        .Add("vcs", vcs)
        .Add("pvcs", static_cast<uint32_t>(t.pvcs.size()))
        .Add("vcPcrCellsPerSecond", perVc.GetCellsPerSecond())
        .Add("rttMs", path.GetRtt().GetSeconds() * 1e3)
        .Add("mtu", path.GetMtu())
        .Add("accessRate", path.GetAccessRateText())
        .Add("trunkRate", path.GetTrunkRateText())
        .Add("window", tcp.GetWindow())
        .Add("tcp", TcpEraPresets::GetVariantName(tcp.GetVariant()))
        .Add("mss", tcp.GetSegmentSize())
        .Add("completed", completed)
        .Add("getKBps", getRates)
        .Add("putKBps", putRates)
        .Add("firstKBps",
             getRates.empty()                        ? 0.0
             : initiators.front()->GetRuns().empty() ? 0.0
                                                     : initiators.front()->GetRuns()[0].GetKBps())
        .Add("firstTransactionMs",
             initiators.front()->GetRuns().empty()
                 ? 0.0
                 : initiators.front()->GetRuns()[0].GetMeanTransaction().GetSeconds() * 1e3)
        .Add("untilFirst", untilFirst)
        .Add("aggregateKBps", span > 0 ? static_cast<double>(bytes) / 1000 / span : 0.0)
        .Add("bytes", bytes)
        .Add("retransmissions", retransmissions)
        .Add("timeouts", timeouts)
        .Add("cellsLost", cellsLost)
        .Add("ledgersHold", ledgersHold)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed())
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    const bool done = untilFirst ? initiators.front()->IsDone() : completed == connections;
    return ledgersHold && done ? 0 : 1;
}
