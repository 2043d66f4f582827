/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-spims: one SPIMS-like measurement over a policed CBR PVC, the request/response and bulk
 * runs of the CRC report (L. Lamont, I. Miloucheva, W. Stering, "Transport Flow Control and
 * Connection Admission Policies for Reliable Applications", CRC Report 96-007, 1996, section
 * 5 and Appendix 2): an AtmSpimsInitiator on h0 runs the spec against an AtmSpimsResponder on
 * h1 (AtmBundleHelper builds the path).
 *
 * @verbatim
      h0 --access-- s0 ---link--- s1 ---link--- s2 --access-- h1
   initiator   (shaped at the PCR)  ^ UPC (policed CBR)          responder
   @endverbatim
 *
 * The defaults are the CRC report's WAN request/response runs (Table 11, Figs 18/19): the
 * Berlin-Ottawa PVC of 10 Mb/s (CBR, shaped and policed), a T3 trunk, RTT 100 ms, MTU 9188,
 * SunOS 4.1.x TCP (TcpEraPresets "crc") with 32 KB socket buffers, 1000-byte requests and
 * 1024-byte responses, 50 transactions. --mode, --requestBytes, --responseBytes,
 * --transactions, --runs and --gap compose the spec; --spec gives one in SPIMS notation
 * instead (AtmSpimsSpec: '5 rr 1000,1024*50', '1 bulk_get bivalue(10,9000,0.75)*250 exp(0.2)').
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters it
 * used, then, measured by the side that receives the data (the initiator for rr and bulk_get,
 * the responder for bulk_put): transactionTimeMs (the mean over every transaction of every run;
 * rr), transactionTimesMs (each transaction, the runs one after the other), runTimesS and
 * runThroughputKBps (per run), totalTimeS (the runs' times summed), throughputKBps (the
 * measured bytes over totalTimeS, KB = 1000 bytes, as SPIMS reports it: for rr the requests'
 * bytes, as the CRC report's Table 11), bytes, runs, and the data senders' TCP counts
 * (dataSegmentsSent, retransmissions, timeouts), cellsLost (switch ports and the UPC),
 * ledgersHold and simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Examples:
 *   CRC-RR WAN, one request size of Table 11:
 *     atm-spims --requestBytes=16000
 *   the LAN (RTT 2 ms, the whole STM-1 PVC):
 *     atm-spims --rtt=2ms --pcr=OC3c --trunkRate=OC3c --mtu=9180 --requestBytes=16000
 *   a bulk_get run of CRC-BUNDLE's first curve (one connection):
 *     atm-spims --spec='1 bulk_get 70000*250'
 */

#include "ns3/atm-bundle-helper.h"
#include "ns3/atm-bundle-path-command-line.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-policer.h"
#include "ns3/atm-spims-initiator.h"
#include "ns3/atm-spims-responder.h"
#include "ns3/atm-spims-spec.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/core-module.h"
#include "ns3/inet-socket-address.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"

#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @brief A probe on a socket that sends the measured data.
 * @param probes the probes, one per socket
 * @param socket the socket (new, before its first byte)
 */
void
AttachProbe(std::vector<Ptr<AtmTcpFlowProbe>>* probes, Ptr<Socket> socket)
{
    probes->push_back(Create<AtmTcpFlowProbe>());
    probes->back()->Attach(socket);
}

/// The measurement has ended: stop the simulation now.
void
StopNow()
{
    Simulator::Stop();
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
    std::string mode = "rr";
    uint32_t requestBytes = 1000;
    uint32_t responseBytes = 1024;
    uint32_t transactions = 50;
    uint32_t runs = 1;
    std::string gap = "0";
    std::string specText;
    bool shaping = true;
    bool upc = true;
    Time duration = Seconds(1000);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("One SPIMS-like measurement (rr, bulk_get, bulk_put) over a policed CBR PVC; "
              "prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddChoice("mode",
                      "rr (request/response), bulk_get (h1 sends) or bulk_put (h0 sends)",
                      mode,
                      {"rr", "bulk_get", "bulk_put"});
    options.AddValue("requestBytes",
                     "rr: bytes per request (>= 8: a request carries its size and the "
                     "response's); bulk: bytes per message",
                     requestBytes,
                     1,
                     1000000000);
    options.AddValue("responseBytes", "rr: bytes per response", responseBytes, 1, 1000000000);
    options.AddValue("transactions",
                     "rr: transactions per run; bulk: messages per run",
                     transactions,
                     1,
                     100000000);
    options.AddValue("runs", "runs, each on a connection of its own", runs, 1, 100000);
    options.AddValue("gap",
                     "gap after each response (rr) or message (bulk), seconds: a SPIMS law "
                     "(constant(v) or v, exp(mean), bivalue(v1,v2,p))",
                     gap,
                     [](const std::string& value, std::string* error) {
                         AtmSpimsLaw law;
                         std::string why;
                         if (AtmSpimsLaw::TryParse(value, &law, &why))
                         {
                             return true;
                         }
                         *error =
                             "a SPIMS law (v, constant(v), exp(mean), bivalue(v1,v2,p)): " + why;
                         return false;
                     });
    options.AddValue("spec",
                     "the measurement in SPIMS notation, instead of --mode, --requestBytes, "
                     "--responseBytes, --transactions, --runs and --gap",
                     specText,
                     [](const std::string& value, std::string* error) {
                         AtmSpimsSpec spec;
                         std::string why;
                         if (AtmSpimsSpec::TryParse(value, &spec, &why))
                         {
                             return true;
                         }
                         *error = "a SPIMS spec: " + why;
                         return false;
                     });
    // --window, --pcr, --cdvt, --rtt, --mtu, --accessRate, --trunkRate, --accessDelay,
    // --bufferCells.
    AtmBundlePathCommandLine path;
    path.AddOptions(options,
                    "PCR of the CBR PVC (cells/s, a preset, a cell time or a bit rate; "
                    "10Mbps@payload = 26042 cells/s)");
    options.AddValue("shaping", "the source adapter spaces cells at the PCR", shaping);
    options.AddValue("upc", "police at the network ingress (s1)", upc);
    options.AddValue("duration",
                     "the limit of simulated time (the measurement ends the run)",
                     duration,
                     NanoSeconds(1),
                     Seconds(1000000));
    // --source (default crc), --tcp, --mss, --timerTick, --minRtoTicks, --delayedAck,
    // --delAckTimeout, --timestamps, --dupAckThreshold.
    TcpEraCommandLine tcpOptions;
    tcpOptions.SetDefaultSource("crc");
    tcpOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    for (const char* composed :
         {"mode", "requestBytes", "responseBytes", "transactions", "runs", "gap"})
    {
        options.Require(specText.empty() || !options.IsSet(composed),
                        composed,
                        "either --spec or the options that compose one, not both");
    }
    if (specText.empty())
    {
        specText = std::to_string(runs) + " " + mode + " " + std::to_string(requestBytes) +
                   (mode == "rr" ? "," + std::to_string(responseBytes) : std::string()) + "*" +
                   std::to_string(transactions) + " " + gap;
        std::string error;
        AtmSpimsSpec check;
        options.Require(mode != "rr" || requestBytes >= AtmSpimsSpec::MIN_REQUEST,
                        "requestBytes",
                        "at least 8 with --mode=rr: a request carries its size and the "
                        "response's");
        options.Require(AtmSpimsSpec::TryParse(specText, &check, &error), "mode", error);
    }
    const AtmSpimsSpec spec = AtmSpimsSpec::Parse(specText);
    const TcpEraPresets tcp = tcpOptions.GetPresets(options, path.GetMtu(), path.GetWindow());

    AtmBundleHelper bundle;
    path.Apply(options, bundle);
    bundle.SetShaping(shaping);
    bundle.SetUpc(upc);
    bundle.SetTcp(tcp);
    AtmBundleTopology t;
    std::string refusal;
    if (!bundle.TryInstall(&t, &refusal))
    {
        std::cerr << "atm-spims: the PVC was refused: " << refusal << std::endl;
        return 2;
    }

    const uint16_t port = 7000;
    Ptr<AtmSpimsResponder> responder = CreateObject<AtmSpimsResponder>();
    responder->SetAttribute("Port", UintegerValue(port));
    responder->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
    t.hosts.Get(1)->AddApplication(responder);
    Ptr<AtmSpimsInitiator> initiator = CreateObject<AtmSpimsInitiator>();
    initiator->SetAttribute("Remote",
                            AddressValue(InetSocketAddress(t.interfaces.GetAddress(1), port)));
    initiator->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
    initiator->SetSpec(spec);
    t.hosts.Get(0)->AddApplication(initiator);
    initiator->SetStartTime(Seconds(0));
    // A probe on every socket that sends the measured data (a connection per run).
    std::vector<Ptr<AtmTcpFlowProbe>> probes;
    if (spec.InitiatorSends())
    {
        initiator->TraceConnectWithoutContext("SocketCreated",
                                              MakeBoundCallback(&AttachProbe, &probes));
    }
    else
    {
        responder->TraceConnectWithoutContext("Accepted", MakeBoundCallback(&AttachProbe, &probes));
    }
    initiator->TraceConnectWithoutContext("Done", MakeCallback(&StopNow));

    Simulator::Stop(duration);
    Simulator::Run();
    const uint64_t events = Simulator::GetEventCount();

    const std::vector<AtmSpimsRun>& measured =
        spec.GetType() == AtmSpimsSpec::BULK_PUT ? responder->GetRuns() : initiator->GetRuns();
    std::vector<double> transactionTimes;
    std::vector<double> runTimes;
    std::vector<double> runRates;
    double totalTime = 0;
    uint64_t bytes = 0;
    Time transactionSum;
    for (const AtmSpimsRun& r : measured)
    {
        for (const Time& x : r.transactions)
        {
            transactionTimes.push_back(x.GetSeconds() * 1e3);
            transactionSum += x;
        }
        runTimes.push_back(r.GetSeconds());
        runRates.push_back(r.GetKBps());
        totalTime += r.GetSeconds();
        bytes += r.bytes;
    }
    uint64_t segments = 0;
    uint64_t retransmissions = 0;
    uint64_t timeouts = 0;
    for (const Ptr<AtmTcpFlowProbe>& p : probes)
    {
        segments += p->GetDataSegmentsSent();
        retransmissions += p->GetRetransmissions();
        timeouts += p->GetTimeouts();
    }
    const uint64_t cellsLost = t.GetCellsLost();
    const bool ledgersHold = t.LedgersHold();
    const bool complete = initiator->IsDone() && measured.size() == spec.GetRuns();

    AtmJsonLine json;
    json.Add("example", "atm-spims")
        .Add("spec", spec.ToString())
        .Add("mode", AtmSpimsSpec::GetTypeName(spec.GetType()))
        .Add("pcrCellsPerSecond", path.GetPcr().GetCellsPerSecond())
        .Add("cdvtUs", path.GetCdvt().GetSeconds() * 1e6)
        .Add("shaping", shaping)
        .Add("upc", upc)
        .Add("rttMs", path.GetRtt().GetSeconds() * 1e3)
        .Add("mtu", path.GetMtu())
        .Add("accessRate", path.GetAccessRateText())
        .Add("trunkRate", path.GetTrunkRateText())
        .Add("window", tcp.GetWindow())
        .Add("tcp", TcpEraPresets::GetVariantName(tcp.GetVariant()))
        .Add("mss", tcp.GetSegmentSize())
        .Add("complete", complete)
        .Add("runs", static_cast<uint32_t>(measured.size()))
        .Add("transactionTimeMs",
             transactionTimes.empty()
                 ? 0.0
                 : transactionSum.GetSeconds() * 1e3 / static_cast<double>(transactionTimes.size()))
        .Add("transactionTimesMs", transactionTimes)
        .Add("runTimesS", runTimes)
        .Add("runThroughputKBps", runRates)
        .Add("totalTimeS", totalTime)
        .Add("bytes", bytes)
        .Add("throughputKBps", totalTime > 0 ? static_cast<double>(bytes) / 1000 / totalTime : 0.0)
        .Add("dataSegmentsSent", segments)
        .Add("retransmissions", retransmissions)
        .Add("timeouts", timeouts)
        .Add("cellsLost", cellsLost)
        .Add("ledgersHold", ledgersHold)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed())
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
