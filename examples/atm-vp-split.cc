/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-vp-split: TEN34-VP-SPLIT (TEN-34 D11.3). Two senders share one
 * receiver; each sender runs a bunch of k parallel TCP connections on its own CBR VC, and both
 * VCs are carried in one VP of b = 36,000 cells/s policed per VP (UPC discards, no EPD).
 * Case A: each VC's PCR = b (the VP is overbooked); case B: PCR = b/2 (a static split).
 *
 * @verbatim
   h0 (k connections) --access--+
                                 s0 ====== link ====== s1 --access-- h2 (receiver)
   h1 (k connections) --access--+      VP of b cells/s: VP cross-connect at s1,
                                        policed per VP on s1's port from s0
   @endverbatim
 *
 * Each sender's adapter shapes its VC at the VC's PCR (PcrShaper: on the access link's cell
 * slots, so at 1 / ceil(slots per 1/PCR) unless --shaperTolerance is one cell time or more,
 * which gives exactly the PCR); s0 merges the two VCs onto
 * the link into the VP; s1 polices the VP's aggregate (the VCI is kept end to end). The
 * k connections of a sender share its VC (one ATMARP entry per host pair); a sender without
 * connections (--k1=0) gets no VC.
 *
 * --kr adds connections from the receiver h2 back to sender 0, on the other direction of VC 0
 * (TEN34's two-way bunches, TEN34-DUPLEX): their segments and sender 0's ACKs share it, shaped
 * at h2's adapter at the VC's PCR; that direction is not policed (the PCR keeps it within b).
 * With --k1=0 --kr=k one host pair runs k connections each way on one VC (TEN34-PARALLEL
 * with --kr=0).
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters used,
 * then goodputMbps (the aggregate over all connections), connectionGoodputMbps (per connection,
 * sender 0's first), vcGoodputMbps (per sender), fairness (Jain's index over the connections,
 * equal shares), vcFairness (over the two senders), vpPayloadMbps (b x 384, TEN34's reference),
 * aggregateFraction (aggregate / VP payload rate), maxGoodputMbps (C at b: AtmMetrics::
 * MaxTcpGoodput), upcPoliced, upcDiscarded, discardedFraction, vcCellsSent, vcCellsDiscarded and
 * vcCellsReceived (per VC: cells its adapter sent, the VP policer discarded and the receiver
 * got), reverseGoodputMbps, reverseConnectionGoodputMbps and reverseFairness (the --kr
 * connections; goodputMbps and fairness are the forward ones'), dataSegmentsSent,
 * retransmissions, retransmissionPercent and timeouts (every connection, both ways),
 * ledgerHolds and simEvents. Errors go to standard error with a non-zero exit code (1 if a cell
 ledger fails).
 *
 * TCP: Solaris 2.x-like by default (TEN34's hosts): the bsd preset with a 200 ms timer tick and
 * a 50 ms delayed-ACK timer, MSS 9140, 64 KB windows. The connections start at U[0, 1 s): the
 * hosts' TCP timer ticks all start at 0 (TcpEraSocket), so two senders started within a
 * segment time of each other would retransmit in lockstep for ever, every retransmission
 * colliding in the overbooked VP (case A); --tickTimer=false takes the retransmission timer off
 * the tick grid. Each connection's sender is an AtmTtcpWriter application.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (every connection: flows 0 ... k0-1 are sender 0's, k0 ... k0+k1-1 sender
 * 1's, in the order of connectionGoodputMbps, then the --kr reverse ones) and DIR/ports.csv (every
 --traceInterval, default
 * 1 ms: the switch ports of the data direction, sw0-s1 where the two VCs merge and sw1-h2),
 * without changing the run or its JSON line. A directory that cannot be created or written is a
 * usage error, as is --traceInterval without --traceDir. `utils/atm-validation --plot DIR`
 * draws them.
 *
 * Examples:
 *   case A, 5 + 5 connections:  atm-vp-split --case=A --k=5 --duration=20s
 *   case B, 5 + 5 connections:  atm-vp-split --case=B --k=5 --duration=20s
 *   a lone active VC in case B (gets only b/2):  atm-vp-split --case=B --k=3 --k1=0
 *   one host pair, 4 connections each way on one VC of PCR b:
 *                               atm-vp-split --k1=0 --vcPcr=36000 --k=4 --kr=4
 */

#include "ns3/applications-module.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-ttcp-writer.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"

#include <iostream>
#include <vector>

using namespace ns3;

namespace
{

/// Everything the command line sets.
struct VpSplitConfig
{
    std::string vpRate{"36000"};       //!< b
    std::string caseName{"B"};         //!< A: PCR_VC = b, B: PCR_VC = b/2
    std::string vcPcr;                 //!< explicit PCR of each VC ("" = by the case)
    uint32_t k{1};                     //!< connections per sender
    int k0{0};                         //!< connections of sender 0 (if --k0 given, else k)
    int k1{0};                         //!< connections of sender 1 (if --k1 given, else k)
    uint32_t kr{0};                    //!< connections from the receiver back to sender 0
    Time cdvt{MicroSeconds(100)};      //!< the VP's CDVT
    Time shaperTolerance{0};           //!< the adapters' PcrShaper Tolerance
    std::string accessRate{"OC3c"};    //!< host links
    std::string trunkRate{"E3"};       //!< s0-s1
    Time rtt{MilliSeconds(63)};        //!< round-trip propagation delay
    Time accessDelay{MicroSeconds(5)}; //!< per access link
    uint32_t bufferCells{256};         //!< every switch port
    uint32_t window{65535};            //!< per connection
    uint32_t mtu{9180};                //!< IP MTU
    bool tickTimer{true};              //!< retransmission timer on the tick grid
    uint32_t tsdu{9140};               //!< write size
    Time startJitter{Seconds(1)};      //!< each connection starts in [0, startJitter)
    Time duration{Seconds(20)};        //!< simulated time
    Time warmup{Seconds(0)};           //!< goodput counted after this
};

/**
 * @param sinks the receivers
 * @param bytes receives each one's byte count
 */
void
RecordWarmup(std::vector<Ptr<PacketSink>>* sinks, std::vector<uint64_t>* bytes)
{
    for (size_t i = 0; i < sinks->size(); ++i)
    {
        (*bytes)[i] = (*sinks)[i]->GetTotalRx();
    }
}

/**
 * @brief AtmPolicer "Discard": a discarded cell, per VC.
 * @param discarded per-VC discard counts
 * @param vci the two VCIs
 * @param cell the cell
 * @param reason the reason
 */
void
CountDiscard(std::vector<uint64_t>* discarded,
             const std::vector<uint16_t>* vci,
             const AtmCell& cell,
             const char* /* reason */)
{
    for (size_t i = 0; i < vci->size(); ++i)
    {
        (*discarded)[i] += cell.vci == (*vci)[i] ? 1 : 0;
    }
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
    VpSplitConfig c;
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("TEN34-VP-SPLIT: two bunches of TCP connections on two CBR VCs in one policed VP; "
              "prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("vpRate",
                     "b, the VP's CBR rate (AtmCellRate; 13.824Mbps@payload = 36000)",
                     c.vpRate,
                     AtmCommandLine::CellRateCheck());
    options.AddChoice("case",
                      "A: each VC's PCR = b (overbooked); B: PCR = b/2",
                      c.caseName,
                      {"A", "B"});
    options.AddValue("vcPcr",
                     "each VC's PCR, overriding --case (AtmCellRate)",
                     c.vcPcr,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("k", "parallel TCP connections per sender (the bunch)", c.k, 0, 1000);
    options.AddValue("k0", "connections of sender 0", c.k0, 0, 1000, "--k");
    options.AddValue("k1", "connections of sender 1 (0: a lone active VC)", c.k1, 0, 1000, "--k");
    options.AddValue("kr",
                     "connections from the receiver back to sender 0 on VC 0 (two-way bunches)",
                     c.kr,
                     0,
                     1000);
    options.AddValue("cdvt",
                     "CDVT of the VP contract (the operator's; TEN34 does not state it)",
                     c.cdvt,
                     Time(0),
                     Seconds(100));
    options.AddValue("shaperTolerance",
                     "the adapters' PcrShaper Tolerance (0: conforms with CDVT 0, rate quantised "
                     "to access slots; >= one access cell time: exactly the PCR)",
                     c.shaperTolerance,
                     Time(0),
                     Seconds(100));
    options.AddValue("accessRate",
                     "cell rate of the host links",
                     c.accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of s0-s1 (TEN34's PDH segments: E3)",
                     c.trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("rtt",
                     "round-trip propagation delay (NO-ES: 63 ms)",
                     c.rtt,
                     Time(0),
                     Seconds(100));
    options.AddValue("accessDelay",
                     "one-way delay of each host link",
                     c.accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("bufferCells",
                     "cell buffer of every switch port (FORE: 256)",
                     c.bufferCells,
                     1,
                     4000000);
    options.AddValue("window",
                     "TCP window = socket buffers per connection (bytes)",
                     c.window,
                     1,
                     1073725440);
    options.AddValue("mtu", "IP MTU (FORE/Classical IP: 9180, MSS 9140)", c.mtu, 68, 65527);
    // --source, --tcp, --timerTick, --delayedAck, --delAckTimeout, with the defaults of
    // TEN34's Solaris 2.x hosts (the solaris preset: a 200 ms tick, delayed ACKs on a 50 ms
    // per-connection timer).
    TcpEraCommandLine tcpOptions;
    tcpOptions.SetDefaultSource("solaris");
    tcpOptions.AddOptions(options,
                          TcpEraCommandLine::SOURCE | TcpEraCommandLine::VARIANT |
                              TcpEraCommandLine::TIMER_TICK | TcpEraCommandLine::DELAYED_ACK);
    options.AddValue("tickTimer",
                     "retransmission timer on tick boundaries (BSD; the grid starts at 0 on every "
                     "host)",
                     c.tickTimer);
    options.AddValue("tsdu", "application write size in bytes", c.tsdu, 1, 1073741824);
    options.AddValue("startJitter",
                     "each connection starts at U[0, startJitter)",
                     c.startJitter,
                     Time(0),
                     Seconds(100));
    options.AddValue("duration", "simulated time", c.duration, NanoSeconds(1), Seconds(1000000));
    options.AddValue("warmup",
                     "goodput counts the bytes received after this",
                     c.warmup,
                     Time(0),
                     Seconds(1000000));
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    const AtmCellRate b = AtmCellRate::Parse(c.vpRate);
    const AtmCellRate vcPcr =
        options.IsSet("vcPcr")
            ? AtmCellRate::Parse(c.vcPcr)
            : (c.caseName == "A" ? b : AtmCellRate(b.GetNumerator(), 2 * b.GetDenominator()));
    const AtmCellRate access = AtmCellRate::Parse(c.accessRate);
    const AtmCellRate trunk = AtmCellRate::Parse(c.trunkRate);
    const uint32_t k[2] = {options.IsSet("k0") ? static_cast<uint32_t>(c.k0) : c.k,
                           options.IsSet("k1") ? static_cast<uint32_t>(c.k1) : c.k};
    options.Require(k[0] + k[1] > 0,
                    options.IsSet("k1") ? "k1" : "k",
                    "no connection at all: give at least one (--k, --k0, --k1)");
    options.Require(c.warmup < c.duration, "warmup", "expected a time below --duration");
    const Time innerDelay = c.rtt / 2 - c.accessDelay * 2;
    options.Require(!innerDelay.IsStrictlyNegative(),
                    "rtt",
                    "shorter than four access delays of " + options.GetText("accessDelay") +
                        "; lower --accessDelay or raise --rtt");
    traceOptions.CheckOptions(options);

    TcpEraPresets presets = tcpOptions.GetPresets(); // segment size: MTU - 40 - options
    presets.SetMtu(c.mtu);
    presets.SetWindow(c.window);
    presets.SetTickAlignedTimer(c.tickTimer);
    const uint32_t mss = presets.GetSegmentSize();
    const uint32_t tcpOptionBytes = presets.GetTimestamps() ? 12 : 0;
    options.Require(c.window >= mss,
                    "window",
                    "the window must hold at least one " + std::to_string(mss) + "-byte segment");

    // Topology.
    NodeContainer senders(2);
    NodeContainer receiver(1);
    NodeContainer switches(2);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(c.mtu));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(c.bufferCells));
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(access));
    atm.SetChannelAttribute("Delay", TimeValue(c.accessDelay));
    NetDeviceContainer in0 = atm.Install(senders.Get(0), switches.Get(0));
    NetDeviceContainer in1 = atm.Install(senders.Get(1), switches.Get(0));
    NetDeviceContainer out = atm.Install(switches.Get(1), receiver.Get(0));
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(trunk));
    atm.SetChannelAttribute("Delay", TimeValue(innerDelay));
    NetDeviceContainer link = atm.Install(switches.Get(0), switches.Get(1));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(true));

    InternetStackHelper internet;
    internet.Install(senders);
    internet.Install(receiver);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    const Ipv4Address src0 =
        addresses.Assign(NetDeviceContainer(in0.Get(0), in1.Get(0))).GetAddress(0);
    const Ipv4Address dst = addresses.Assign(NetDeviceContainer(out.Get(1))).GetAddress(0);
    presets.Install(senders);
    presets.Install(receiver);

    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Cbr(vcPcr));
    pvcs.SetVpi(1);
    pvcs.SetVpCrossConnects(NodeContainer(switches.Get(1)), AtmTrafficContract::Cbr(b, c.cdvt));
    pvcs.SetShaping(true, c.shaperTolerance);
    // Sender 1 gets no VC when it has no connection (--k1=0: one VC in the VP, and the link's
    // admission control sees only that one).
    const uint32_t vcs = k[1] > 0 ? 2 : 1;
    AtmPvc pvc[2];
    for (uint32_t i = 0; i < vcs; ++i)
    {
        std::string refusal;
        NetDeviceContainer& in = i == 0 ? in0 : in1;
        if (!pvcs.TryInstall(in.Get(0), out.Get(1), switches, &pvc[i], &refusal))
        {
            std::cerr << "atm-vp-split: PVC " << i << " was refused: " << refusal << std::endl;
            return 2;
        }
    }
    const uint16_t vpi = pvc[0].labels[1].first;
    Ptr<AtmSwitch> s1 = switches.Get(1)->GetObject<AtmSwitch>();
    Ptr<AtmPolicer> policer = s1->GetVpPolicer(ingress->GetPortIndex(), vpi);
    NS_ABORT_MSG_IF(!policer, "atm-vp-split: no VP policer at s1");
    std::vector<uint16_t> vcis;
    for (uint32_t i = 0; i < vcs; ++i)
    {
        vcis.push_back(pvc[i].labels[1].second);
    }
    std::vector<uint64_t> discarded(2, 0);
    policer->TraceConnectWithoutContext("Discard",
                                        MakeBoundCallback(&CountDiscard, &discarded, &vcis));

    // --traceDir: every connection (sender 0's first) and the switch ports of the data direction.
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(c.duration);
    if (tracer)
    {
        tracer->AddPort("sw0-s1", DynamicCast<AtmDevice>(link.Get(0))->GetOutputPort());
        tracer->AddPort("sw1-h2", DynamicCast<AtmDevice>(out.Get(0))->GetOutputPort());
    }

    // k bulk transfers per sender, all to h2; --kr from h2 back to h0 (owner 2), on VC 0's
    // other direction.
    const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Ptr<AtmTcpFlowProbe>> probes;
    std::vector<uint32_t> owner;
    uint16_t port = 5001;
    for (uint32_t i = 0; i < 3; ++i)
    {
        const uint32_t count = i < 2 ? k[i] : c.kr;
        Ptr<Node> from = i < 2 ? senders.Get(i) : receiver.Get(0);
        Ptr<Node> to = i < 2 ? receiver.Get(0) : senders.Get(0);
        for (uint32_t j = 0; j < count; ++j, ++port)
        {
            const Time at = NanoSeconds(static_cast<int64_t>(
                jitter->GetValue(0, static_cast<double>(c.startJitter.GetNanoSeconds()))));
            Ptr<AtmTtcpWriter> writer = CreateObject<AtmTtcpWriter>();
            writer->SetAttribute("Remote",
                                 AddressValue(InetSocketAddress(i < 2 ? dst : src0, port)));
            writer->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
            writer->SetAttribute("Tsdu", UintegerValue(c.tsdu));
            // The probe counts the connection from its first segment on.
            probes.push_back(Create<AtmTcpFlowProbe>());
            writer->TraceConnectWithoutContext(
                "SocketCreated",
                MakeCallback(&AtmTcpFlowProbe::Attach, probes.back()));
            if (tracer)
            {
                // Flow f = the connection's index (sender 0's k0 first): traced from the event
                // that creates its socket, no event of its own.
                writer->TraceConnectWithoutContext(
                    "SocketCreated",
                    MakeCallback(&AtmFlowTracer::AddTcpSender,
                                 tracer,
                                 static_cast<uint32_t>(probes.size() - 1)));
            }
            from->AddApplication(writer);
            writer->SetStartTime(at);
            PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
            ApplicationContainer sinkApp = sinkHelper.Install(to);
            sinkApp.Start(Seconds(0));
            sinks.push_back(DynamicCast<PacketSink>(sinkApp.Get(0)));
            owner.push_back(i);
        }
    }
    std::vector<uint64_t> atWarmup(sinks.size(), 0);
    if (c.warmup.IsStrictlyPositive())
    {
        Simulator::Schedule(c.warmup, &RecordWarmup, &sinks, &atWarmup);
    }

    Simulator::Stop(c.duration);
    Simulator::Run();
    if (tracer)
    {
        tracer->Close();
    }

    const double seconds = (Simulator::Now() - c.warmup).GetSeconds();
    std::vector<double> x;
    std::vector<double> reverse;
    std::vector<double> vcx(2, 0.0);
    double aggregate = 0;
    double reverseAggregate = 0;
    uint64_t segments = 0;
    uint64_t retx = 0;
    uint64_t timeouts = 0;
    for (size_t f = 0; f < sinks.size(); ++f)
    {
        const double mbps = (sinks[f]->GetTotalRx() - atWarmup[f]) * 8.0 / seconds / 1e6;
        if (owner[f] < 2)
        {
            x.push_back(mbps);
            vcx[owner[f]] += mbps;
            aggregate += mbps;
        }
        else
        {
            reverse.push_back(mbps);
            reverseAggregate += mbps;
        }
        segments += probes[f]->GetDataSegmentsSent();
        retx += probes[f]->GetRetransmissions();
        timeouts += probes[f]->GetTimeouts();
    }
    std::vector<double> vcCellsSent;
    std::vector<double> vcCellsReceived;
    std::vector<double> vcCellsDiscarded;
    bool ledgerHolds = true;
    for (uint32_t i = 0; i < vcs; ++i)
    {
        const uint64_t sent = pvc[i].src->GetVcStats(pvc[i].srcVc).cellsTx;
        vcCellsSent.push_back(static_cast<double>(sent));
        ledgerHolds = ledgerHolds && AtmPvcHelper::GetLedger(pvc[i], true).Holds() &&
                      AtmPvcHelper::GetLedger(pvc[i], false).Holds();
    }
    // The per-VC counters of a VC that was not set up (--k1=0) are zero.
    vcCellsSent.resize(2, 0.0);
    for (uint32_t i = 0; i < 2; ++i)
    {
        vcCellsReceived.push_back(
            i < vcs ? static_cast<double>(pvc[i].dst->GetVcStats(pvc[i].dstVc).cellsRx) : 0.0);
        vcCellsDiscarded.push_back(static_cast<double>(discarded[i]));
    }
    const AtmPolicerStats& upc = policer->GetStats();
    const double vpPayloadMbps = b.GetPayloadBitRate() / 1e6;
    const uint64_t events = Simulator::GetEventCount();

    AtmJsonLine json;
    json.Add("example", "atm-vp-split")
        .Add("vpRate", c.vpRate)
        .Add("vpCellsPerSec", b.GetCellsPerSecond())
        .Add("case", c.vcPcr.empty() ? c.caseName : std::string("custom"))
        .Add("vcPcrCellsPerSec", vcPcr.GetCellsPerSecond())
        .Add("k0", k[0])
        .Add("k1", k[1])
        .Add("kr", c.kr)
        .Add("cdvtUs", c.cdvt.GetSeconds() * 1e6)
        .Add("shaperToleranceUs", c.shaperTolerance.GetSeconds() * 1e6)
        .Add("accessRate", c.accessRate)
        .Add("trunkRate", c.trunkRate)
        .Add("rttMs", c.rtt.GetSeconds() * 1e3)
        .Add("bufferCells", c.bufferCells)
        .Add("window", c.window)
        .Add("mtu", c.mtu)
        .Add("mss", mss)
        .Add("tsdu", c.tsdu)
        .Add("source", tcpOptions.GetSource())
        .Add("tcp", TcpEraPresets::GetVariantName(presets.GetVariant()))
        .Add("timerTickMs", presets.GetTimerTick().GetSeconds() * 1e3)
        .Add("delayedAck", static_cast<int64_t>(presets.GetDelayedAck() ? 1 : 0))
        .Add("durationS", c.duration.GetSeconds())
        .Add("warmupS", c.warmup.GetSeconds())
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("goodputMbps", aggregate)
        .Add("connectionGoodputMbps", x)
        .Add("vcGoodputMbps", vcx)
        .Add("fairness", AtmMetrics::JainFairness(x))
        .Add("vcFairness", AtmMetrics::JainFairness(vcx))
        .Add("vpPayloadMbps", vpPayloadMbps)
        .Add("aggregateFraction", aggregate / vpPayloadMbps)
        .Add("reverseGoodputMbps", reverseAggregate)
        .Add("reverseConnectionGoodputMbps", reverse)
        .Add("reverseFairness", AtmMetrics::JainFairness(reverse))
        .Add("maxGoodputMbps",
             AtmMetrics::MaxTcpGoodput(b.GetCellsPerSecond(),
                                       mss,
                                       tcpOptionBytes,
                                       AtmEncapsulation::LLC_SNAP) /
                 1e6)
        .Add("upcPoliced", upc.cellsPoliced)
        .Add("upcDiscarded", upc.cellsDiscarded)
        .Add("discardedFraction",
             upc.cellsPoliced ? static_cast<double>(upc.cellsDiscarded) / upc.cellsPoliced : 0.0)
        .Add("vcCellsSent", vcCellsSent)
        .Add("vcCellsDiscarded", vcCellsDiscarded)
        .Add("vcCellsReceived", vcCellsReceived)
        .Add("dataSegmentsSent", segments)
        .Add("retransmissions", retx)
        .Add("retransmissionPercent", AtmMetrics::RetransmissionPercent(retx, segments))
        .Add("timeouts", timeouts)
        .Add("ledgerHolds", ledgerHolds)
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgerHolds ? 0 : 1;
}
