/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-udp: a netperf UDP_STREAM-like sender on one VC inside a VP policed per VP, for TEN-34's
 * UDP and policing tests (TEN-34 Deliverable D11.3, "Results of Phase 1 Test Programme", 1997:
 * Fig. 10, a host VC's PCR slightly above the VP allocation; Fig. 11, UDP datagram sizes
 * 1 ... 9152 bytes for several VC PCRs; section 5.2, UBR VCs at line rate into a policed
 * 2 Mb/s CBR VP, unshaped or shaped per VP at the switch facing it).
 *
 * @verbatim
   h0 --access-- s0 ====== trunk ====== s1 --access-- h1 (PacketSink)
   AtmUdpStreamSender   VP 1: VP cross-connect at s1, policed per VP on s1's port from s0
                        (GCRA(1/vpRate, cdvt)); --vpShaping: s0 shapes VP 1 at vpRate
   @endverbatim
 *
 * The VC is CBR at --pcr, shaped by h0's adapter (--contract=cbr), or UBR at the access line
 * rate, unshaped (--contract=ubr). The sender (AtmUdpStreamSender) sends --size-byte datagrams
 * back-to-back (the default: as fast as h0's adapter drains the VC, the flow-controlled sendto()
 * loop of netperf), or paced at --interval or --rateMbps (of datagram payload); --datagrams
 * stops it after that many, else it runs until --duration.
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters, then
 * datagramsSent, bytesSent, sendFailures, datagramsReceived, bytesReceived, datagramLoss
 * (1 - received / sent), goodputSenderMbps and goodputReceiverMbps (payload bytes over
 * [warmup, duration], or with --datagrams every datagram over the sender's active time, 0 for a
 * single datagram; the sender stops at --duration and the run continues until the datagrams in
 * flight have arrived, so datagramLoss counts only lost ones), cellsPerDatagram
 * (AtmUdpStreamSender::GetCellsPerDatagram), cellsSent (h0's adapter), upcPoliced and
 * upcDiscarded (the VP policer at s1), pcrGoodputMbps (physics: the PCR, or the access line
 * rate for UBR, times size x 8 / cellsPerDatagram), burstCells and largestLossFreeIpBytes (the
 * physics of an idle GCRA: a burst of N cells spaced delta, the cell time of the slower of the
 * access link and the trunk, conforms iff N <= 1 + floor(cdvt / (1/vpRate - delta)), so the
 * largest loss-free IP packet with LLC/SNAP is 48 N - 16 bytes; -1 when every burst conforms),
 * largestLossFreeDatagram (that minus 28), ledgerHolds, simEvents and RngRun. Errors go to
 * standard error with a non-zero exit code (1 if a cell ledger fails).
 *
 * No random variable: the run number changes nothing.
 *
 * Examples:
 *   TEN34 Fig. 11, one size:     atm-udp --pcr=24000 --size=1024
 *   PCR 2 % above the VP:        atm-udp --pcr=36720 --size=9152
 *   section 5.2, the tight link: atm-udp --vpRate=2Mbps\@payload --cdvt=400us --contract=ubr
 *                                        --size=100 --interval=50ms --datagrams=20
 *   ... shaped per VP at s0:     (the same) --vpShaping
 */

#include "ns3/applications-module.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-udp-stream-sender.h"
#include "ns3/core-module.h"
#include "ns3/gcra.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <iostream>

using namespace ns3;

namespace
{

/// Everything the command line sets.
struct UdpConfig
{
    std::string vpRate{"36000"};           //!< the VP's CBR rate
    Time cdvt{MicroSeconds(100)};          //!< the VP's CDVT
    std::string contract{"cbr"};           //!< the VC: cbr (shaped at pcr) or ubr (line rate)
    std::string pcr;                       //!< the VC's PCR ("" = vpRate)
    Time shaperTolerance{MicroSeconds(3)}; //!< the source shaper's tolerance
    bool vpShaping{false};                 //!< s0 shapes the VP at vpRate
    std::string accessRate{"OC3c"};        //!< host links
    std::string trunkRate{"E3"};           //!< s0-s1
    Time accessDelay{MicroSeconds(5)};     //!< per access link
    Time trunkDelay{MilliSeconds(1)};      //!< s0-s1
    uint32_t bufferCells{256};             //!< every switch port
    uint32_t mtu{9180};                    //!< IP MTU
    uint32_t size{9152};                   //!< UDP payload bytes
    Time interval{Time(0)};                //!< paced: time between datagrams
    double rateMbps{0};                    //!< paced: payload rate
    uint64_t datagrams{0};                 //!< stop after this many (0: --duration)
    Time duration{Seconds(2)};             //!< simulated time
    Time warmup{Time(0)};                  //!< goodput counted after this
};

/**
 * @brief PacketSink "Rx": one datagram.
 * @param count the counter
 */
void
CountDatagram(uint64_t* count, Ptr<const Packet>, const Address&)
{
    ++*count;
}

/// Counts at the end of the warmup.
struct Mark
{
    uint64_t sentBytes{0}; //!< sender
    uint64_t rxBytes{0};   //!< receiver
};

/**
 * @param mark receives the counts
 * @param sender the sender
 * @param sink the receiver
 */
void
RecordWarmup(Mark* mark, Ptr<AtmUdpStreamSender> sender, Ptr<PacketSink> sink)
{
    mark->sentBytes = sender->GetBytesSent();
    mark->rxBytes = sink->GetTotalRx();
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
    UdpConfig c;
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("TEN34 UDP and policing: a UDP_STREAM-like sender on one VC in a VP policed per "
              "VP; prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue("vpRate",
                     "the VP's CBR rate (AtmCellRate; TEN34 NO-ES: 36000; section 5.2: "
                     "2Mbps@payload)",
                     c.vpRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("cdvt",
                     "CDVT of the VP contract (the operator's; TEN34 does not state it)",
                     c.cdvt,
                     Time(0),
                     Seconds(100));
    options.AddChoice("contract",
                      "the VC: cbr (CBR at --pcr, shaped by the host adapter) or ubr (UBR at "
                      "the access line rate, unshaped)",
                      c.contract,
                      {"cbr", "ubr"});
    options.AddValue("pcr",
                     "the CBR VC's PCR (AtmCellRate; default --vpRate)",
                     c.pcr,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("shaperTolerance",
                     "the host shaper's Tolerance (PcrShaper: one access cell time or more "
                     "gives the exact long-run PCR)",
                     c.shaperTolerance,
                     Time(0),
                     Seconds(1));
    options.AddValue("vpShaping", "s0 shapes VP 1 at --vpRate (TEN34 section 5.2)", c.vpShaping);
    options.AddValue("accessRate",
                     "cell rate of the host links",
                     c.accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of s0-s1 (TEN34's PDH segments: E3)",
                     c.trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("accessDelay",
                     "one-way delay of each host link",
                     c.accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("trunkDelay", "one-way delay of s0-s1", c.trunkDelay, Time(0), Seconds(100));
    options.AddValue("bufferCells",
                     "cell buffer of every switch port (FORE: 256)",
                     c.bufferCells,
                     1,
                     4000000);
    options.AddValue("mtu", "IP MTU (Classical IP: 9180)", c.mtu, 68, 65527);
    options.AddValue("size",
                     "UDP payload bytes per datagram (netperf -m)",
                     c.size,
                     1,
                     AtmUdpStreamSender::MAX_MESSAGE_SIZE);
    options.AddValue("interval",
                     "paced: time between datagrams (0: back-to-back)",
                     c.interval,
                     Time(0),
                     Seconds(1000));
    options.AddValue("rateMbps",
                     "paced: rate of the datagrams' payload in Mb/s (0: back-to-back)",
                     c.rateMbps,
                     0,
                     1e6);
    options.AddValue("datagrams",
                     "datagrams to send (0: until --duration)",
                     c.datagrams,
                     0,
                     1000000000);
    options.AddValue("duration", "simulated time", c.duration, NanoSeconds(1), Seconds(1000000));
    options.AddValue("warmup",
                     "goodput counts the bytes after this",
                     c.warmup,
                     Time(0),
                     Seconds(1000000));
    cmd.Parse(argc, argv);

    options.Require(c.warmup < c.duration, "warmup", "expected a time below --duration");
    options.Require(!(c.interval.IsStrictlyPositive() && c.rateMbps > 0),
                    "rateMbps",
                    "give --interval or --rateMbps, not both");
    options.Require(c.contract == "cbr" || !options.IsSet("pcr"),
                    "pcr",
                    "a UBR VC runs at the access line rate; --pcr needs --contract=cbr");
    options.Require(!(c.datagrams > 0 && c.warmup.IsStrictlyPositive()),
                    "warmup",
                    "with --datagrams the goodput is over the sender's active time; drop "
                    "--warmup");
    const uint64_t rateBps = static_cast<uint64_t>(c.rateMbps * 1e6 + 0.5);
    options.Require(c.rateMbps == 0 || rateBps > 0, "rateMbps", "expected at least 1 bit/s");

    const AtmCellRate vp = AtmCellRate::Parse(c.vpRate);
    const AtmCellRate access = AtmCellRate::Parse(c.accessRate);
    const AtmCellRate trunk = AtmCellRate::Parse(c.trunkRate);
    const bool cbr = c.contract == "cbr";
    const AtmCellRate pcr = cbr ? (c.pcr.empty() ? vp : AtmCellRate::Parse(c.pcr)) : access;
    options.Require(!cbr || pcr.Compare(access) <= 0,
                    "pcr",
                    "at most the access line rate (--accessRate=" + c.accessRate + ")");

    // Topology.
    NodeContainer hosts(2);
    NodeContainer switches(2);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(c.mtu));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(c.bufferCells));
    atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC")); // per-VP shaping needs it
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(access));
    atm.SetChannelAttribute("Delay", TimeValue(c.accessDelay));
    NetDeviceContainer in = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer out = atm.Install(switches.Get(1), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(trunk));
    atm.SetChannelAttribute("Delay", TimeValue(c.trunkDelay));
    NetDeviceContainer link = atm.Install(switches.Get(0), switches.Get(1));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(true));

    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(NetDeviceContainer(in.Get(0)));
    const Ipv4Address dst = addresses.Assign(NetDeviceContainer(out.Get(1))).GetAddress(0);

    AtmPvcHelper pvcs;
    pvcs.SetContract(cbr ? AtmTrafficContract::Cbr(pcr) : AtmTrafficContract::Ubr());
    pvcs.SetVpi(1);
    pvcs.SetVpCrossConnects(NodeContainer(switches.Get(1)), AtmTrafficContract::Cbr(vp, c.cdvt));
    pvcs.SetShaping(cbr, c.shaperTolerance);
    AtmPvc pvc;
    std::string refusal;
    if (!pvcs.TryInstall(in.Get(0), out.Get(1), switches, &pvc, &refusal))
    {
        std::cerr << "atm-udp: the PVC was refused: " << refusal << std::endl;
        return 2;
    }
    const uint16_t vpi = pvc.labels[1].first;
    Ptr<AtmSwitch> s1 = switches.Get(1)->GetObject<AtmSwitch>();
    Ptr<AtmPolicer> policer = s1->GetVpPolicer(ingress->GetPortIndex(), vpi);
    NS_ABORT_MSG_IF(!policer, "atm-udp: no VP policer at s1");
    if (c.vpShaping)
    {
        Ptr<AtmSwitchPort> trunkPort = DynamicCast<AtmSwitchPort>(link.Get(0));
        trunkPort->GetSwitch()->SetVpShaper(trunkPort->GetPortIndex(),
                                            vpi,
                                            AtmShaperFactory::Create(AtmTrafficContract::Cbr(vp)));
    }

    // The stream.
    const uint16_t port = 9;
    Ptr<AtmUdpStreamSender> sender = CreateObject<AtmUdpStreamSender>();
    sender->SetAttribute("Remote", AddressValue(InetSocketAddress(dst, port)));
    sender->SetAttribute("MessageSize", UintegerValue(c.size));
    sender->SetAttribute("Interval", TimeValue(c.interval));
    sender->SetAttribute("Rate", DataRateValue(DataRate(rateBps)));
    sender->SetAttribute("MaxDatagrams", UintegerValue(c.datagrams));
    hosts.Get(0)->AddApplication(sender);
    sender->SetStartTime(Seconds(0));
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sinkHelper.Install(hosts.Get(1));
    sinkApp.Start(Seconds(0));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));
    uint64_t received = 0;
    sink->TraceConnectWithoutContext("Rx", MakeBoundCallback(&CountDatagram, &received));
    Mark mark;
    if (c.warmup.IsStrictlyPositive())
    {
        Simulator::Schedule(c.warmup, &RecordWarmup, &mark, sender, sink);
    }
    Mark end;
    Simulator::Schedule(c.duration, &RecordWarmup, &end, sender, sink);
    // The sender stops at --duration; the run goes on until every datagram still in the host's
    // adapter (at most SendBufferBytes and two MTUs) or on the path has arrived or been lost,
    // so that the datagram loss counts no datagram in flight.
    sender->SetStopTime(c.duration);
    const double drainCells = (65536.0 + 2 * (c.mtu + 16)) / 48 + 2;
    const Time drain = Seconds(0.1 + drainCells / pcr.GetCellsPerSecond()) +
                       (c.accessDelay * 2 + c.trunkDelay) * 4;
    Simulator::Stop(c.duration + drain);
    Simulator::Run();

    // Goodput: over [warmup, duration], or with --datagrams over the sender's active time
    // (first to last datagram plus one datagram gap) at both ends.
    const uint64_t sent = sender->GetDatagramsSent();
    double seconds = (c.duration - c.warmup).GetSeconds();
    if (c.datagrams > 0)
    {
        // Every datagram, the sender's active time extended by one gap.
        end.sentBytes = sender->GetBytesSent();
        end.rxBytes = sink->GetTotalRx();
        const Time active = sender->GetLastSendTime() - sender->GetFirstSendTime();
        seconds = sent > 1 ? active.GetSeconds() * static_cast<double>(sent) /
                                 static_cast<double>(sent - 1)
                           : 0.0;
    }
    const double senderMbps =
        seconds > 0 ? (end.sentBytes - mark.sentBytes) * 8.0 / seconds / 1e6 : 0.0;
    const double receiverMbps =
        seconds > 0 ? (end.rxBytes - mark.rxBytes) * 8.0 / seconds / 1e6 : 0.0;
    const uint64_t cellsPerDatagram =
        AtmUdpStreamSender::GetCellsPerDatagram(c.size, c.mtu, AtmEncapsulation::LLC_SNAP);
    const double pcrGoodput =
        pcr.GetCellsPerSecond() * c.size * 8.0 / static_cast<double>(cellsPerDatagram) / 1e6;
    // The burst's spacing at s1: the slower of the access link and the trunk.
    const AtmCellRate slower = access.Compare(trunk) < 0 ? access : trunk;
    const uint32_t burst = Gcra::MaxBurstCells(vp.GetCellTime(), c.cdvt, slower.GetCellTime());
    const bool unbounded = burst == std::numeric_limits<uint32_t>::max();
    const int64_t largestIp = unbounded ? -1 : static_cast<int64_t>(48) * burst - 16;
    const AtmPolicerStats& upc = policer->GetStats();
    const bool ledgerHolds =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();
    const uint64_t events = Simulator::GetEventCount();

    AtmJsonLine json;
    json.Add("example", "atm-udp")
        .Add("vpRate", c.vpRate)
        .Add("vpCellsPerSec", vp.GetCellsPerSecond())
        .Add("cdvtUs", c.cdvt.GetSeconds() * 1e6)
        .Add("contract", c.contract)
        .Add("pcrCellsPerSec", pcr.GetCellsPerSecond())
        .Add("vpShaping", c.vpShaping)
        .Add("accessRate", c.accessRate)
        .Add("trunkRate", c.trunkRate)
        .Add("bufferCells", c.bufferCells)
        .Add("mtu", c.mtu)
        .Add("size", c.size)
        .Add("backToBack", sender->IsBackToBack())
        .Add("intervalUs", c.interval.GetSeconds() * 1e6)
        .Add("rateMbps", c.rateMbps)
        .Add("durationS", c.duration.GetSeconds())
        .Add("warmupS", c.warmup.GetSeconds())
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("datagramsSent", sent)
        .Add("bytesSent", sender->GetBytesSent())
        .Add("sendFailures", sender->GetSendFailures())
        .Add("datagramsReceived", received)
        .Add("bytesReceived", sink->GetTotalRx())
        .Add("datagramLoss",
             sent ? 1.0 - static_cast<double>(received) / static_cast<double>(sent) : 0.0)
        .Add("goodputSenderMbps", senderMbps)
        .Add("goodputReceiverMbps", receiverMbps)
        .Add("cellsPerDatagram", cellsPerDatagram)
        .Add("cellsSent", pvc.src->GetVcStats(pvc.srcVc).cellsTx)
        .Add("cellsReceived", pvc.dst->GetVcStats(pvc.dstVc).cellsRx)
        .Add("upcPoliced", upc.cellsPoliced)
        .Add("upcDiscarded", upc.cellsDiscarded)
        .Add("vpPayloadMbps", vp.GetPayloadBitRate() / 1e6)
        .Add("pcrGoodputMbps", pcrGoodput)
        .Add("burstCells", unbounded ? static_cast<int64_t>(-1) : static_cast<int64_t>(burst))
        .Add("largestLossFreeIpBytes", largestIp)
        .Add("largestLossFreeDatagram", unbounded ? largestIp : largestIp - 28)
        .Add("ledgerHolds", ledgerHolds)
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgerHolds ? 0 : 1;
}
