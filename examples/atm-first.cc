/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-first: the first ATM script. Two hosts, two switches, one PVC, one TCP bulk transfer.
 *
 * @verbatim
     h0 ==access== s0 ======trunk====== s1 ==access== h1
     10.1.1.1     (ATM switch)      (ATM switch)      10.1.1.2
     BulkSend  ---------- one PVC, LLC/SNAP, AAL5 ----------> PacketSink
   @endverbatim
 *
 * Every link is an AtmChannel (OC-3c by default: 149.76 Mb/s of cells after SONET overhead);
 * the hosts run ns-3's IPv4/TCP over Classical IP (AtmNetDevice, MTU 9180); the switches
 * cross-connect the PVC, which AtmPvcHelper set up with its static ATMARP entries. The trunk
 * port of s0 is the only place where cells queue if the trunk is slower (--trunkRate).
 *
 * Output: a per-VC summary (frames, cells, goodput, the cell ledger of each direction, raw and
 * effective utilisation of the trunk) and, last, one JSON line. With --pcap and --ascii (on by
 * default) it writes atm-first-\<node\>-\<device\>.pcap (open them in Wireshark or tshark: link
 * type SunATM, decoded down to TCP) and atm-first.tr into the working directory.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (the BulkSend connection, flow 0: cwnd, ssthresh, RTT, RTO, bytes acked,
 * congestion state, one row per entry into loss recovery by timeout) and DIR/ports.csv (every
 * --traceInterval, default 1 ms: the switch ports of the data direction, sw0-trunk and sw1-h1),
 * without changing the run or its output. A directory that cannot be created or written is a
 * usage error, as is --traceInterval without --traceDir. `utils/atm-validation --plot DIR`
 * draws them.
 *
 * Try: --trunkRate=E3 --bufferCells=300 --duration=5 (a congested trunk: cell loss, effective
 *      utilisation below raw, the ledger still holds), --bufferCells=64 with it (no 192-cell
 *      frame fits: every PDU loses cells and the goodput collapses to zero, the reason for EPD),
 *      --policy=epd (frame-aware discard: the goodput comes back), --credits=200 (AN2 credit
 *      flow control on every hop: no cell lost, the trunk full; credits must cover each hop's
 *      round trip: with --credits=5 the 1 ms trunk carries 5 cells per 2 ms),
 *      --trunkDelay=20ms, --mtu=1500, --encapsulation=VcMux.
 */

#include "ns3/applications-module.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/**
 * @brief --traceDir: adds the BulkSend's socket to the tracer when the SYN leaves h0, in the
 *        event that creates the socket. BulkSendApplication reports no socket creation, and an
 *        event scheduled for the purpose would make the traced run differ from the untraced one.
 */
struct SenderHook
{
    Ptr<AtmFlowTracer> tracer;    //!< the run's tracer
    Ptr<BulkSendApplication> app; //!< the sender
    bool added{false};            //!< the socket is traced

    /**
     * @brief Ipv4L3Protocol "SendOutgoing" of h0.
     * @param header the IPv4 header
     * @param packet the packet
     * @param interface the interface
     */
    void SendOutgoing(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface)
    {
        if (!added && app->GetSocket())
        {
            added = true;
            tracer->AddTcpSender(0, app->GetSocket());
        }
    }
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
    std::string accessRate = "OC3c";
    std::string trunkRate = "OC3c";
    Time accessDelay = MicroSeconds(10);
    Time trunkDelay = MilliSeconds(1);
    uint32_t bufferCells = 1000;
    uint32_t mtu = 9180;
    std::string encapsulation = "LlcSnap";
    uint32_t window = 65535;
    uint64_t maxBytes = 0;
    Time duration = Seconds(2);
    std::string policy = "tail";
    uint32_t credits = 0;
    bool pcap = true;
    bool ascii = true;

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("accessRate",
                     "cell rate of the host links (a preset such as OC3c, cells/s, or a bit rate)",
                     accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of the switch-to-switch link",
                     trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("accessDelay",
                     "propagation delay of each host link",
                     accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("trunkDelay",
                     "propagation delay of the trunk",
                     trunkDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("bufferCells",
                     "cell buffer of each switch port (BufferCells)",
                     bufferCells,
                     1,
                     4000000);
    options.AddValue("policy",
                     "buffer policy of the switch ports: " +
                         AtmBufferPolicyFactory::GetShortNameList() + ", or a TypeId name",
                     policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("credits",
                     "AN2 credits per VC and hop (0: no credit flow control)",
                     credits,
                     0,
                     1000000);
    // An IP packet fits one AAL5 CPCS-SDU (65,535 bytes, ITU-T I.363.5) with the 8-byte LLC/SNAP
    // header of RFC 2684 (VcMux: none); 68 is IPv4's minimum MTU (RFC 791).
    options.AddValue("mtu", "IP MTU of the hosts' ATM interfaces", mtu, 68, 65535);
    options.AddChoice("encapsulation",
                      "RFC 2684 encapsulation",
                      encapsulation,
                      {"LlcSnap", "VcMux"});
    options.AddValue("window", "TCP socket buffers (bytes): the window", window, 1, 1073725440);
    options.AddValue("maxBytes",
                     "bytes to send (0: until the end)",
                     maxBytes,
                     0,
                     UINT64_C(1000000000000000));
    options.AddValue("duration",
                     "simulated time of the transfer",
                     duration,
                     NanoSeconds(1),
                     Seconds(1000000));
    options.AddValue("pcap", "write atm-first-*.pcap (SunATM)", pcap);
    options.AddValue("ascii", "write atm-first.tr", ascii);
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);
    traceOptions.CheckOptions(options);
    options.Require(encapsulation != "LlcSnap" || mtu <= 65527,
                    "mtu",
                    "expected at most 65527 with LlcSnap: the 8-byte LLC/SNAP header and the IP "
                    "packet share one 65,535-byte AAL5 CPCS-SDU (or use --encapsulation=VcMux)");
    options.Require(window >= mtu - 40 - 12,
                    "window",
                    "the window must hold one segment of MTU - 52 = " + std::to_string(mtu - 52) +
                        " bytes");

    // TCP: one segment fills the MTU (40 bytes of IP and TCP headers, 12 of timestamps).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mtu - 40 - 12));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));

    NodeContainer hosts(2);
    NodeContainer switches(2);

    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    atm.SetDeviceAttribute("Encapsulation", StringValue(encapsulation));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetBufferPolicy(policy);
    if (credits > 0)
    {
        // Credits hold one VC at a time: per-VC queues, round robin between the VCs.
        atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
        atm.SetCellScheduler("ns3::RoundRobinCellScheduler");
        atm.SetCreditFlowControl(credits);
    }
    atm.InstallSwitch(switches);

    atm.SetChannelAttribute("CellRate", StringValue(accessRate));
    atm.SetChannelAttribute("Delay", TimeValue(accessDelay));
    NetDeviceContainer left = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer right = atm.Install(switches.Get(1), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", StringValue(trunkRate));
    atm.SetChannelAttribute("Delay", TimeValue(trunkDelay));
    NetDeviceContainer trunk = atm.Install(switches.Get(0), switches.Get(1));

    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer hostDevices(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(hostDevices);

    AtmPvcHelper pvcs;
    AtmPvc pvc = pvcs.Install(hostDevices.Get(0), hostDevices.Get(1));

    const uint16_t port = 50000; // no well-known dissector: tshark shows plain TCP
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), port));
    source.SetAttribute("MaxBytes", UintegerValue(maxBytes));
    ApplicationContainer sourceApp = source.Install(hosts.Get(0));
    sourceApp.Start(Seconds(0));
    sourceApp.Stop(duration);
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sink.Install(hosts.Get(1));
    sinkApp.Start(Seconds(0));

    if (pcap)
    {
        atm.EnablePcap("atm-first", hostDevices);
    }
    if (ascii)
    {
        AsciiTraceHelper files;
        atm.EnableAsciiAll(files.CreateFileStream("atm-first.tr"));
    }
    // --traceDir: the TCP sender (flow 0) and the switch ports of the data direction.
    SenderHook hook;
    hook.tracer = traceOptions.Open(duration);
    if (hook.tracer)
    {
        hook.tracer->AddPort("sw0-trunk", DynamicCast<AtmDevice>(trunk.Get(0))->GetOutputPort());
        hook.tracer->AddPort("sw1-h1", DynamicCast<AtmDevice>(right.Get(0))->GetOutputPort());
        hook.app = DynamicCast<BulkSendApplication>(sourceApp.Get(0));
        hosts.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "SendOutgoing",
            MakeCallback(&SenderHook::SendOutgoing, &hook));
    }

    Simulator::Stop(duration);
    Simulator::Run();
    if (hook.tracer)
    {
        hook.tracer->Close();
    }

    Ptr<PacketSink> server = DynamicCast<PacketSink>(sinkApp.Get(0));
    const uint64_t received = server->GetTotalRx();
    const double goodputMbps = received * 8.0 / duration.GetSeconds() / 1e6;
    Ptr<AtmDevice> bottleneck = DynamicCast<AtmDevice>(trunk.Get(0));
    const double raw = bottleneck->GetRawUtilization();
    const double effective = pvcs.GetEffectiveUtilization(bottleneck);

    std::cout << "PVC h0 <-> h1, labels (VPI/VCI) per link:";
    for (const auto& [vpi, vci] : pvc.labels)
    {
        std::cout << " " << vpi << "/" << vci;
    }
    std::cout << "\n";
    const char* direction[2] = {"h0 -> h1", "h1 -> h0"};
    bool ledgersHold = true;
    for (int d = 0; d < 2; ++d)
    {
        Ptr<AtmNetDevice> tx = d == 0 ? pvc.src : pvc.dst;
        Ptr<AtmNetDevice> rx = d == 0 ? pvc.dst : pvc.src;
        const AtmNetDeviceVcStats& s = tx->GetVcStats(d == 0 ? pvc.srcVc : pvc.dstVc);
        const AtmNetDeviceVcStats& r = rx->GetVcStats(d == 0 ? pvc.dstVc : pvc.srcVc);
        const AtmVcLedger ledger = AtmPvcHelper::GetLedger(pvc, d == 0);
        ledgersHold = ledgersHold && ledger.Holds();
        std::cout << "  " << direction[d] << ": frames sent " << s.framesTx << ", cells sent "
                  << s.cellsTx << ", frames delivered " << r.framesRx << ", cells received "
                  << r.cellsRx << "\n    ledger: " << ledger << "\n";
    }
    std::cout << std::fixed << std::setprecision(4) << "  TCP goodput " << goodputMbps
              << " Mb/s over " << duration.GetSeconds() << " s (" << received << " bytes)\n"
              << "  trunk s0 -> s1: raw utilisation " << raw << ", effective " << effective
              << ", cells dropped at s0 " << bottleneck->GetOutputPort()->GetStats().cellsDropped
              << "\n";

    std::ostringstream json;
    json << std::setprecision(6) << "{\"example\":\"atm-first\",\"trunkRate\":\"" << trunkRate
         << "\",\"policy\":\"" << policy << "\",\"credits\":" << credits
         << ",\"bufferCells\":" << bufferCells << ",\"mtu\":" << mtu
         << ",\"durationS\":" << duration.GetSeconds() << ",\"bytesReceived\":" << received
         << ",\"goodputMbps\":" << goodputMbps << ",\"rawUtilization\":" << raw
         << ",\"effectiveUtilization\":" << effective
         << ",\"cellsDropped\":" << bottleneck->GetOutputPort()->GetStats().cellsDropped
         << ",\"ledgersHold\":" << (ledgersHold ? "true" : "false") << "}";
    std::cout << json.str() << std::endl;

    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
