/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-bench: what a cell-level model costs (events and memory per cell-hop). The same TCP workload
 * runs over ATM (every cell simulated) and over ns-3 point-to-point links (one event per packet per
 * hop); the program reports wall-clock time, simulator events, cell-hops per second, events per
 * cell-hop and peak memory of each.
 *
 * @verbatim
   ATM:  src0 --access--+                                +--access-- sink0
         ...            s0 ======= trunk (OC-3c) ======= s1          ...
         srcN-1 --------+   ATM switches, one PVC per    +---------- sinkN-1
                            flow, LLC/SNAP, AAL5, one LIS (10.1.0.0/16)
   p2p:  the same with PointToPoint links and two IPv4 routers r0, r1 (one /30 per link,
         global routing), one plain FIFO per device (DropTailQueue, no queue disc)
   @endverbatim
 *
 * Workload: --nSources greedy TCP flows (BulkSend -> PacketSink, default 15), flow i starting
 * at i ms, for --duration of simulated time (default 20 s). Every link runs at --cellRate
 * (default OC3c: 149.76e6/424 cells/s exactly); delays 10 us (access) and 1 ms (trunk). Hosts
 * use IP MTU 9180 (RFC 2225), TCP segments of 9180 - 52 bytes and 64 KiB socket buffers.
 *
 * Cells queue only at s0's trunk port. Its buffer (--trunkBufferCells, default: enough cells
 * for every flow's whole window) makes the run lossless by default, so that both modes carry
 * the same TCP dynamics and the comparison measures simulation cost, not the difference
 * between tail drop of cells and of packets. The other switch ports get --bufferCells.
 *
 * The point-to-point links run by default at the rate that carries the same IP packets per
 * second as the ATM link: cellRate x (MTU + 2 bytes PPP) x 8 / cells per 9180-byte packet
 * (192 with LLC/SNAP), 135.13 Mb/s for OC-3c; --p2pLineRate uses the ATM line rate
 * (149.76 Mb/s) instead. Each p2p device queue holds --trunkBufferCells x 48 bytes (trunk)
 * or --bufferCells x 48 bytes (access links). The default FqCoDel root queue disc that
 * Ipv4AddressHelper installs on p2p devices is removed (TrafficControlHelper::Uninstall): the
 * device's DropTailQueue is then the only queue, the same FIFO discipline as the ATM port.
 *
 * The ATM ports run --policy and --scheduler (default tail drop and FIFO; another scheduler
 * gives per-VC queues); --gfr makes every PVC a GFR.1 contract (MCR = 1/(2N) of the link, MFS
 * one packet), so that the switches' F-GCRA eligibility test and a GFR policy or scheduler
 * (e.g. --policy=tba --scheduler=ru) run on every cell: their cost per cell-hop against the
 * plain UBR path.
 *
 * --mode=both (default) runs each mode in a fresh process (the program executes itself with
 * --mode=atm, then --mode=p2p, forwarding the other arguments), so that peak memory
 * (getrusage ru_maxrss) belongs to one mode. Wall time is measured with steady_clock around
 * Simulator::Run() only (CPU time of the process too: if it is well below the wall time, the
 * machine was busy with something else); events are Simulator::GetEventCount(). A cell-hop
 * is one cell sent on one link (the sum of AtmDevice::GetCellsSent() over every device).
 *
 * Output: a report per mode, then (both) a comparison and, last, one JSON line with every
 * number. Global values such as --SchedulerType=ns3::HeapScheduler are forwarded too.
 *
 * Two more scenarios measure the module against a dedicated cell simulator rather than against
 * packet-level links (ATM only, no p2p run):
 * - --scenario=yats-epd: the N-source TCP/AAL5/EPD scenario of the YATS cell simulator's TCP
 *   examples (Luayats, TU Dresden), built by AtmNSourceHelper: 10 greedy Reno flows (MSS 9140,
 *   64 KiB window, delayed ACKs, 1990s timers), every link 149.76 Mb/s, access links 333 us and
 *   the trunk 334 us (2 ms propagation RTT), EPD at threshold 0.7 of a 1000-cell trunk buffer,
 *   60 s. Any of these can be changed by its option. It reports the cells into the trunk port per
 *   CPU second of Simulator::Run() and the simulator events per such cell: the numbers a cell
 *   simulator is judged by, and the ones YATS prints for the same scenario.
 *   --abr makes every PVC ABR (PCR the link rate, ICR a fair share, MCR 0) with ERICA+ at the
 *   trunk port: RM cells, ACR pacing and explicit-rate feedback on every cell (their cost per
 *   cell against the UBR run, and peak memory that stays flat with the duration).
 * - --scenario=fan-in: yats-epd once per --fanIn (default 5, 10, 100, 1000 sources: VCs into
 *   the one trunk port), 10 s each, sources started over N x 10 ms; a table of the cost per
 *   bottleneck cell against the first run and the peak memory per VC.
 */

#include "ns3/applications-module.h"
#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/core-module.h"
#include "ns3/fifo-cell-scheduler.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

/// The workload, from the command line.
struct Options
{
    std::string scenario{"p2p-compare"}; //!< p2p-compare, yats-epd or fan-in
    uint32_t nSources{15};               //!< flows
    Time duration{Seconds(20)};          //!< simulated time
    std::string cellRate{"OC3c"};        //!< every link's rate (AtmCellRate string)
    Time accessDelay{MicroSeconds(10)};  //!< host links
    Time trunkDelay{MilliSeconds(1)};    //!< the bottleneck
    uint32_t mtu{9180};                  //!< IP MTU of every device
    uint32_t window{64 * 1024};          //!< TCP socket buffers (bytes)
    uint32_t bufferCells{2000};          //!< switch ports other than the trunk
    uint32_t trunkBufferCells{0};        //!< trunk ports (0: enough for every window)
    bool p2pLineRate{false};             //!< p2p at the ATM line rate, not the same IP rate
    bool shaped{false};                  //!< ATM: CBR PVCs at rate/N, shaped, UPC at every port
    std::string policy{"tail"};          //!< ATM: buffer policy of every switch port
    std::string scheduler{"fifo"};       //!< ATM: cell scheduler of every switch port
    bool gfr{false};                     //!< ATM: GFR.1 PVCs, MCR rate/(2N) (the GFR port path)
    bool abr{false};                     //!< yats-epd/fan-in: ABR PVCs, ERICA+ at the trunk
    uint32_t cellsPerPacket{0};          //!< cells of one MTU-sized IP packet (derived)
    uint32_t trunkCells{0};              //!< the trunk buffer in use (derived)
    Time startJitter{MilliSeconds(1)};   //!< yats-epd: each source starts at U[0, startJitter)
    std::vector<uint32_t> fanIn{5, 10, 100, 1000}; //!< fan-in: the numbers of sources
};

/// What one mode measured.
struct Result
{
    double setupS{0};        //!< wall time of topology construction
    double wallS{0};         //!< wall time of Simulator::Run()
    double cpuS{0};          //!< CPU time of the process during Simulator::Run()
    double simS{0};          //!< simulated time at the end
    uint64_t bytes{0};       //!< bytes received by the sinks
    double goodputMbps{0};   //!< bytes * 8 / duration
    uint64_t events{0};      //!< Simulator::GetEventCount()
    double peakMiB{0};       //!< ru_maxrss
    std::ostringstream text; //!< mode-specific JSON members, starting with a comma
};

double
PeakMiB()
{
    struct rusage usage{};

    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024.0; // KiB on Linux
}

std::string
SchedulerName()
{
    TypeIdValue scheduler;
    GlobalValue::GetValueByName("SchedulerType", scheduler);
    return scheduler.Get().GetName();
}

std::string
TcpName()
{
    TypeId::AttributeInformation info;
    TcpL4Protocol::GetTypeId().LookupAttributeByName("SocketType", &info);
    return info.initialValue->SerializeToString(info.checker);
}

double
CpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

double
WallSeconds(std::chrono::steady_clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

/**
 * @brief One greedy TCP flow from each source to the sink of the same index.
 * @param sources the senders
 * @param sinks the receivers
 * @param sinkAddresses the receivers' addresses
 * @param o the options
 * @return the sink applications
 */
ApplicationContainer
InstallFlows(const NodeContainer& sources,
             const NodeContainer& sinks,
             const std::vector<Ipv4Address>& sinkAddresses,
             const Options& o)
{
    const uint16_t port = 50000;
    ApplicationContainer sinkApps;
    for (uint32_t i = 0; i < o.nSources; ++i)
    {
        BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(sinkAddresses[i], port));
        source.SetAttribute("MaxBytes", UintegerValue(0));
        source.SetAttribute("SendSize", UintegerValue(o.mtu - 52));
        ApplicationContainer app = source.Install(sources.Get(i));
        app.Start(MilliSeconds(i));
        app.Stop(o.duration);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sinkApps.Add(sink.Install(sinks.Get(i)));
    }
    sinkApps.Start(Time(0));
    return sinkApps;
}

/**
 * @brief Run the simulation for the duration; fill the times and the event count.
 * @param o the options
 * @param r the result
 */
void
RunTimed(const Options& o, Result& r)
{
    Simulator::Stop(o.duration);
    const double cpu = CpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    Simulator::Run();
    r.wallS = WallSeconds(std::chrono::steady_clock::now() - start);
    r.cpuS = CpuSeconds() - cpu;
    r.simS = Simulator::Now().GetSeconds();
    r.events = Simulator::GetEventCount();
}

/**
 * @brief Run the simulation and fill the common numbers.
 * @param sinkApps the sinks
 * @param o the options
 * @param r the result
 */
void
RunAndMeasure(const ApplicationContainer& sinkApps, const Options& o, Result& r)
{
    RunTimed(o, r);
    for (uint32_t i = 0; i < sinkApps.GetN(); ++i)
    {
        r.bytes += DynamicCast<PacketSink>(sinkApps.Get(i))->GetTotalRx();
    }
    r.goodputMbps = r.bytes * 8.0 / o.duration.GetSeconds() / 1e6;
}

/**
 * @brief The ATM run.
 * @param o the options
 * @param r the result
 * @return true if every PVC's cell ledger holds
 */
bool
RunAtm(const Options& o, Result& r)
{
    const auto t0 = std::chrono::steady_clock::now();
    NodeContainer sources(o.nSources);
    NodeContainer sinks(o.nSources);
    NodeContainer switches(2);

    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
    atm.SetChannelAttribute("CellRate", StringValue(o.cellRate));
    atm.InstallSwitch(switches);
    // Shaped mode polices at the UNI only (the host-facing switch ports): after multiplexing on
    // the trunk a VC's cells carry CDV, which an NNI policer would need a CDVT for.
    atm.SetSwitchDeviceAttribute("Upc", BooleanValue(o.shaped));
    atm.SetBufferPolicy(o.policy);
    atm.SetCellScheduler(o.scheduler);
    if (AtmCellSchedulerFactory::Resolve(o.scheduler) != FifoCellScheduler::GetTypeId())
    {
        atm.SetSwitchPortAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
    }

    atm.SetChannelAttribute("Delay", TimeValue(o.accessDelay));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(o.bufferCells));
    NetDeviceContainer sourceDevices;
    NetDeviceContainer sinkDevices;
    for (uint32_t i = 0; i < o.nSources; ++i)
    {
        sourceDevices.Add(atm.Install(sources.Get(i), switches.Get(0)).Get(0));
        sinkDevices.Add(atm.Install(switches.Get(1), sinks.Get(i)).Get(1));
    }
    atm.SetChannelAttribute("Delay", TimeValue(o.trunkDelay));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(o.trunkCells));
    atm.SetSwitchDeviceAttribute("Upc", BooleanValue(false));
    NetDeviceContainer trunk = atm.Install(switches.Get(0), switches.Get(1));

    InternetStackHelper internet;
    internet.Install(sources);
    internet.Install(sinks);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0"); // one LIS
    addresses.Assign(sourceDevices);
    Ipv4InterfaceContainer sinkInterfaces = addresses.Assign(sinkDevices);

    AtmPvcHelper pvcs;
    if (o.shaped)
    {
        // Each flow a CBR PVC of exactly 1/N of the link, shaped at both ends, policed at the
        // UNI: the shaping gate, the adapters' staging and a policer on every cell.
        const AtmCellRate line(o.cellRate);
        pvcs.SetContract(AtmTrafficContract::Cbr(
            AtmCellRate(line.GetNumerator(), line.GetDenominator() * o.nSources)));
        pvcs.SetShaping(true);
    }
    else if (o.gfr)
    {
        // Each flow a GFR.1 VC with MCR = 1/(2N) of the link and MFS = one packet: the port
        // state's contracts, the switches' F-GCRA eligibility test and the GFR plug-ins' paths.
        const AtmCellRate line(o.cellRate);
        pvcs.SetContract(AtmTrafficContract::Gfr(
            AtmConformance::GFR_1,
            line,
            AtmCellRate(line.GetNumerator(), line.GetDenominator() * 2 * o.nSources),
            2 * o.cellsPerPacket,
            o.cellsPerPacket));
    }
    std::vector<Ipv4Address> sinkAddresses;
    for (uint32_t i = 0; i < o.nSources; ++i)
    {
        pvcs.Install(sourceDevices.Get(i), sinkDevices.Get(i));
        sinkAddresses.push_back(sinkInterfaces.GetAddress(i));
    }
    ApplicationContainer sinkApps = InstallFlows(sources, sinks, sinkAddresses, o);
    r.setupS = WallSeconds(std::chrono::steady_clock::now() - t0);

    RunAndMeasure(sinkApps, o, r);

    uint64_t cellHops = 0;
    uint64_t slotEvents = 0;
    uint64_t cellsDropped = 0;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t d = 0; d < (*node)->GetNDevices(); ++d)
        {
            Ptr<AtmDevice> device = DynamicCast<AtmDevice>((*node)->GetDevice(d));
            if (device)
            {
                cellHops += device->GetCellsSent();
                slotEvents += device->GetTransmitter()->GetSlotEvents();
                cellsDropped += device->GetOutputPort()->GetStats().cellsDropped;
            }
        }
    }
    const uint64_t upcDiscards = switches.Get(0)->GetObject<AtmSwitch>()->GetUpcDiscards() +
                                 switches.Get(1)->GetObject<AtmSwitch>()->GetUpcDiscards();
    bool ledgersHold = true;
    for (const AtmPvc& pvc : pvcs.GetPvcs())
    {
        ledgersHold = ledgersHold && AtmPvcHelper::GetLedger(pvc, true).Holds() &&
                      AtmPvcHelper::GetLedger(pvc, false).Holds();
    }
    Ptr<AtmDevice> bottleneck = DynamicCast<AtmDevice>(trunk.Get(0));
    const double raw = bottleneck->GetRawUtilization();
    const double effective = pvcs.GetEffectiveUtilization(bottleneck);
    const double cellHopsPerS = cellHops / r.wallS;
    const double eventsPerCellHop = static_cast<double>(r.events) / cellHops;
    r.peakMiB = PeakMiB();

    std::cout << std::fixed << std::setprecision(4) << "  cell-hops            " << cellHops << " ("
              << std::setprecision(0) << cellHopsPerS << " per wall second)\n"
              << std::setprecision(4) << "  events per cell-hop  " << eventsPerCellHop
              << " (transmitter slot events per cell-hop "
              << static_cast<double>(slotEvents) / cellHops << ")\n"
              << "  trunk s0 -> s1       raw utilisation " << raw << ", effective " << effective
              << "\n"
              << "  cells dropped        " << cellsDropped << " (every port)"
              << (o.shaped ? ", UPC discards " + std::to_string(upcDiscards) : std::string())
              << "\n"
              << "  cell ledgers         " << (ledgersHold ? "hold" : "DO NOT HOLD") << "\n";
    r.text << std::setprecision(6) << ",\"cellHops\":" << cellHops
           << ",\"cellHopsPerWallS\":" << cellHopsPerS
           << ",\"eventsPerCellHop\":" << eventsPerCellHop << ",\"slotEvents\":" << slotEvents
           << ",\"trunkRawUtilization\":" << raw << ",\"trunkEffectiveUtilization\":" << effective
           << ",\"cellsDropped\":" << cellsDropped
           << ",\"shaped\":" << (o.shaped ? "true" : "false")
           << ",\"gfr\":" << (o.gfr ? "true" : "false") << ",\"policy\":\"" << o.policy
           << "\",\"scheduler\":\"" << o.scheduler << "\""
           << ",\"upcDiscards\":" << upcDiscards
           << ",\"ledgersHold\":" << (ledgersHold ? "true" : "false");
    return ledgersHold;
}

/**
 * @brief The YATS-equivalent run: the N-source TCP/AAL5/EPD scenario that the dedicated cell
 * simulator YATS (TU Dresden) runs in its TCP examples, built by AtmNSourceHelper: N greedy Reno
 * flows (MSS 9140, 64 KiB window, delayed ACKs) through two switches, every link OC-3c
 * (149.76 Mb/s), access links 333 us and the trunk 334 us (2 ms propagation RTT), EPD with a
 * 1000-cell buffer and threshold 0.7 at the trunk port. Measures what a cell simulator is
 * judged by: cells into the bottleneck port per CPU second and simulator events per such cell.
 * @param o the options
 * @param r the result
 * @return true if every PVC's cell ledger holds
 */
bool
RunYatsEpd(const Options& o, Result& r)
{
    const auto t0 = std::chrono::steady_clock::now();
    TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
    tcp.SetVariant(TcpEraPresets::RENO);
    tcp.SetSegmentSize(9140);
    tcp.SetWindow(65536);
    tcp.SetDelayedAck(true);
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(o.nSources);
    nsrc.SetLinkRate(AtmCellRate::Parse(o.cellRate));
    nsrc.SetAccessDelay(o.accessDelay);
    nsrc.SetTrunkDelay(o.trunkDelay);
    nsrc.SetBufferCells(o.trunkCells);
    nsrc.SetBufferPolicy(o.policy);
    nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(0.7));
    nsrc.SetTcp(tcp);
    nsrc.SetRandomTickPhase(true);
    const AtmCellRate rate = AtmCellRate::Parse(o.cellRate);
    if (o.abr)
    {
        AtmAbrParameters abr;
        abr.icr = AtmCellRate(
            static_cast<uint64_t>(std::llround(rate.GetCellsPerSecond() / o.nSources * 1000)),
            1000);
        nsrc.SetContract(AtmTrafficContract::Abr(rate, AtmCellRate(), abr));
    }
    const AtmNSourceTopology topology = nsrc.Install();
    if (o.abr)
    {
        topology.trunk->GetOutputPort()->SetAbrBehaviour(AtmAbrBehaviourFactory::Create("erica+"));
    }
    AtmNSourceTraffic traffic;
    traffic.Install(topology, Seconds(0), o.duration, o.startJitter);
    r.setupS = WallSeconds(std::chrono::steady_clock::now() - t0);

    RunTimed(o, r);
    const AtmNSourceResults results = traffic.GetResults();
    r.goodputMbps = results.totalGoodputMbps;
    r.bytes =
        static_cast<uint64_t>(std::llround(r.goodputMbps * 1e6 * o.duration.GetSeconds() / 8));
    r.peakMiB = PeakMiB();
    const AtmPortVcStats& trunk = topology.trunk->GetOutputPort()->GetStats();
    const uint64_t cells = trunk.cellsArrived;
    // (A run too short to carry a cell reports zeros rather than NaN, which is not JSON.)
    const double perCpuS = cells > 0 ? cells / r.cpuS : 0;
    const double eventsPerCell = cells > 0 ? static_cast<double>(r.events) / cells : 0;
    std::cout << std::fixed << std::setprecision(0) << "  bottleneck cells     " << cells
              << " into s0's trunk port (" << perCpuS << " per CPU second)\n"
              << std::setprecision(4) << "  events per cell      " << eventsPerCell
              << " (simulator events per bottleneck cell)\n"
              << "  trunk                raw utilisation " << results.rawUtilization
              << ", cell loss ratio " << results.cellLossRatio << ", efficiency "
              << results.efficiency << "\n"
              << "  cell ledgers         " << (results.ledgersHold ? "hold" : "DO NOT HOLD")
              << "\n";
    r.text << std::setprecision(6) << ",\"bottleneckCells\":" << cells
           << ",\"bottleneckCellsPerCpuS\":" << perCpuS
           << ",\"eventsPerBottleneckCell\":" << eventsPerCell
           << ",\"cellsDropped\":" << trunk.cellsDropped
           << ",\"trunkRawUtilization\":" << results.rawUtilization
           << ",\"efficiency\":" << results.efficiency << ",\"fairness\":" << results.fairness
           << ",\"timeouts\":" << results.timeouts << ",\"policy\":\"" << o.policy << "\""
           << ",\"startJitterS\":" << o.startJitter.GetSeconds()
           << ",\"abr\":" << (o.abr ? "true" : "false")
           << ",\"peakRssKiBPerVc\":" << r.peakMiB * 1024 / o.nSources
           << ",\"ledgersHold\":" << (results.ledgersHold ? "true" : "false");
    return results.ledgersHold;
}

/**
 * @brief Count a dropped packet.
 * @param n the counter
 * @param packet the packet
 */
void
CountDrop(uint64_t* n, Ptr<const Packet> packet)
{
    ++*n;
}

/**
 * @brief The point-to-point run.
 * @param o the options
 * @param r the result
 */
void
RunP2p(const Options& o, Result& r)
{
    const auto t0 = std::chrono::steady_clock::now();
    NodeContainer sources(o.nSources);
    NodeContainer sinks(o.nSources);
    NodeContainer routers(2);

    const double cellsPerS = AtmCellRate::Parse(o.cellRate).GetCellsPerSecond();
    const double bps =
        o.p2pLineRate ? cellsPerS * 424 : cellsPerS * (o.mtu + 2) * 8.0 / o.cellsPerPacket;
    const DataRate rate(static_cast<uint64_t>(std::llround(bps)));

    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
    p2p.SetChannelAttribute("Delay", TimeValue(o.accessDelay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, o.bufferCells * 48)));
    std::vector<NetDeviceContainer> sourceLinks;
    std::vector<NetDeviceContainer> sinkLinks;
    for (uint32_t i = 0; i < o.nSources; ++i)
    {
        sourceLinks.push_back(p2p.Install(sources.Get(i), routers.Get(0)));
        sinkLinks.push_back(p2p.Install(routers.Get(1), sinks.Get(i)));
    }
    p2p.SetChannelAttribute("Delay", TimeValue(o.trunkDelay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, o.trunkCells * 48)));
    NetDeviceContainer trunk = p2p.Install(routers.Get(0), routers.Get(1));

    InternetStackHelper internet;
    internet.InstallAll();
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.252");
    NetDeviceContainer all;
    std::vector<Ipv4Address> sinkAddresses;
    for (uint32_t i = 0; i < o.nSources; ++i)
    {
        addresses.Assign(sourceLinks[i]);
        addresses.NewNetwork();
        sinkAddresses.push_back(addresses.Assign(sinkLinks[i]).GetAddress(1));
        addresses.NewNetwork();
        all.Add(sourceLinks[i]);
        all.Add(sinkLinks[i]);
    }
    addresses.Assign(trunk);
    all.Add(trunk);
    // Assign() gave every device ns-3's default root queue disc (FqCoDel); remove it so the
    // device's DropTailQueue is the only (FIFO) queue, as at an ATM port.
    TrafficControlHelper().Uninstall(all);
    // Without a queue disc, a packet meeting a stopped device queue (full: no room for one
    // more MTU) is dropped by the traffic-control layer, not by the device queue.
    uint64_t tcDrops = 0;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        (*node)->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
            "TcDrop",
            MakeBoundCallback(&CountDrop, &tcDrops));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    ApplicationContainer sinkApps = InstallFlows(sources, sinks, sinkAddresses, o);
    r.setupS = WallSeconds(std::chrono::steady_clock::now() - t0);

    RunAndMeasure(sinkApps, o, r);

    uint64_t packetHops = 0;
    uint64_t packetsDropped = 0;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t d = 0; d < (*node)->GetNDevices(); ++d)
        {
            Ptr<PointToPointNetDevice> device =
                DynamicCast<PointToPointNetDevice>((*node)->GetDevice(d));
            if (device)
            {
                Ptr<Queue<Packet>> queue = device->GetQueue();
                packetsDropped += queue->GetTotalDroppedPackets();
                packetHops += queue->GetTotalReceivedPackets() - queue->GetTotalDroppedPackets() -
                              queue->GetNPackets();
            }
        }
    }
    packetsDropped += tcDrops;
    r.peakMiB = PeakMiB();
    std::cout << std::fixed << std::setprecision(4) << "  link rate            "
              << rate.GetBitRate() / 1e6 << " Mb/s ("
              << (o.p2pLineRate ? "the ATM line rate" : "the ATM link's IP packet rate") << ")\n"
              << "  packet-hops          " << packetHops << " (events per packet-hop "
              << static_cast<double>(r.events) / packetHops << ")\n"
              << "  packets dropped      " << packetsDropped
              << " (device queues and traffic-control layers)\n";
    r.text << std::setprecision(10) << ",\"p2pRateBps\":" << rate.GetBitRate()
           << std::setprecision(6) << ",\"packetHops\":" << packetHops
           << ",\"eventsPerPacketHop\":" << static_cast<double>(r.events) / packetHops
           << ",\"packetsDropped\":" << packetsDropped;
}

/**
 * @brief Run one mode in this process and print its report and JSON line.
 * @param mode "atm" or "p2p"
 * @param o the options
 * @return the exit status
 */
int
RunMode(const std::string& mode, const Options& o)
{
    Result r;
    std::cout << "mode " << mode << ": " << o.nSources << " TCP flows, " << o.duration.GetSeconds()
              << " s simulated, trunk buffer " << o.trunkCells << " cells, scheduler "
              << SchedulerName() << ", "
              << (o.scenario == "p2p-compare" ? TcpName() : "Reno (TcpEraPresets jain)") << "\n";
    std::cout.flush();
    bool ok = true;
    if (o.scenario == "yats-epd")
    {
        ok = RunYatsEpd(o, r);
    }
    else if (mode == "atm")
    {
        ok = RunAtm(o, r);
    }
    else
    {
        RunP2p(o, r);
    }
    std::cout << std::fixed << std::setprecision(4) << "  wall                 " << r.wallS
              << " s (Simulator::Run; CPU " << r.cpuS << " s; setup " << r.setupS << " s)\n"
              << "  simulated            " << r.simS << " s\n"
              << "  goodput              " << r.goodputMbps << " Mb/s (" << r.bytes << " bytes)\n"
              << "  events               " << r.events << " (" << std::setprecision(0)
              << r.events / r.wallS << " per wall second)\n"
              << std::setprecision(1) << "  peak memory          " << r.peakMiB << " MiB\n";
    std::ostringstream json;
    json << std::setprecision(6) << "{\"mode\":\"" << mode << "\",\"scenario\":\"" << o.scenario
         << "\",\"nSources\":" << o.nSources << ",\"durationS\":" << o.duration.GetSeconds()
         << ",\"cellRate\":\"" << o.cellRate << "\",\"mtu\":" << o.mtu << ",\"window\":" << o.window
         << ",\"trunkBufferCells\":" << o.trunkCells << ",\"scheduler\":\"" << SchedulerName()
         << "\",\"tcp\":\"" << (o.scenario == "p2p-compare" ? TcpName() : "reno")
         << "\",\"ns3\":" << ATM_NS3_VERSION << ",\"wallS\":" << r.wallS << ",\"cpuS\":" << r.cpuS
         << ",\"setupS\":" << r.setupS << ",\"simS\":" << r.simS
         << ",\"goodputMbps\":" << r.goodputMbps << ",\"bytesReceived\":" << r.bytes
         << ",\"events\":" << r.events << ",\"eventsPerWallS\":" << r.events / r.wallS
         << ",\"peakRssMiB\":" << r.peakMiB << r.text.str() << "}";
    std::cout << json.str() << std::endl;
    Simulator::Destroy();
    return ok ? 0 : 1;
}

/**
 * @brief Run this program again with extra arguments; echo its output.
 * @param args the arguments (args[0]: the program)
 * @param lastLine its last output line
 * @return its exit status
 */
int
RunChild(const std::vector<std::string>& args, std::string& lastLine)
{
    std::cout.flush();
    int fds[2];
    if (pipe(fds) != 0)
    {
        std::perror("atm-bench: pipe");
        return 127;
    }
    const pid_t pid = fork();
    if (pid == 0)
    {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        std::vector<char*> argv;
        for (const auto& a : args)
        {
            argv.push_back(const_cast<char*>(a.c_str()));
        }
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        std::perror("atm-bench: execv");
        _exit(127);
    }
    close(fds[1]);
    if (pid < 0)
    {
        std::perror("atm-bench: fork");
        close(fds[0]);
        return 127;
    }
    FILE* in = fdopen(fds[0], "r");
    char* line = nullptr;
    size_t size = 0;
    while (getline(&line, &size, in) >= 0)
    {
        std::cout << line << std::flush;
        std::string s(line);
        while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        {
            s.pop_back();
        }
        if (!s.empty())
        {
            lastLine = s;
        }
    }
    std::free(line);
    std::fclose(in);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/**
 * @brief A number member of a flat JSON object.
 * @param json the object
 * @param key the member
 * @return its value (NaN if absent)
 */
double
JsonNumber(const std::string& json, const std::string& key)
{
    const std::string k = "\"" + key + "\":";
    const auto at = json.find(k);
    return at == std::string::npos ? std::nan("")
                                   : std::strtod(json.c_str() + at + k.size(), nullptr);
}

/**
 * @brief Format a number with fixed decimals.
 * @param x the number
 * @param decimals digits after the point
 * @return the text
 */
std::string
Fixed(double x, int decimals)
{
    std::ostringstream os;
    os << std::fixed << std::setprecision(decimals) << x;
    return os.str();
}

/**
 * @brief The fan-in benchmark: the YATS scenario for each number of sources, each in its own
 * process, and how the cost per bottleneck cell grows with the number of VCs into one port.
 * @param args this program and its arguments
 * @param o the options
 * @return the exit status
 */
int
RunFanIn(const std::vector<std::string>& args, const Options& o)
{
    std::vector<std::string> lines;
    int status = 0;
    for (uint32_t n : o.fanIn)
    {
        std::vector<std::string> childArgs;
        for (const auto& a : args)
        {
            if (a.rfind("--scenario=", 0) != 0 && a.rfind("--nSources=", 0) != 0 &&
                a.rfind("--startJitter=", 0) != 0 && a.rfind("--fanIn=", 0) != 0)
            {
                childArgs.push_back(a);
            }
        }
        childArgs.push_back("--scenario=yats-epd");
        childArgs.push_back("--nSources=" + std::to_string(n));
        // Staggered starts, as YATS's sources (10 ms apart): N flows starting within 1 ms would
        // all lose their first windows together and measure the retransmission timers.
        childArgs.push_back("--startJitter=" + std::to_string(10 * n) + "ms");
        childArgs.push_back("--duration=" + std::to_string(o.duration.GetSeconds()) + "s");
        std::string line;
        const int rc = RunChild(childArgs, line);
        if (rc != 0 || line.empty() || line.front() != '{')
        {
            std::cerr << "atm-bench: fan-in with " << n << " sources failed (status " << rc
                      << ")\n";
            status = 1;
            continue;
        }
        lines.push_back(line);
    }
    if (lines.empty())
    {
        return 1;
    }
    const double base = JsonNumber(lines.front(), "bottleneckCellsPerCpuS");
    std::cout << "\n"
              << std::setw(8) << "sources" << std::setw(14) << "cells/CPU-s" << std::setw(13)
              << "vs first" << std::setw(12) << "ev/cell" << std::setw(10) << "peak MiB"
              << std::setw(12) << "KiB per VC\n";
    std::ostringstream runs;
    for (const auto& line : lines)
    {
        const double perCpuS = JsonNumber(line, "bottleneckCellsPerCpuS");
        std::cout << std::setw(8) << Fixed(JsonNumber(line, "nSources"), 0) << std::setw(14)
                  << Fixed(perCpuS, 0) << std::setw(13) << Fixed(perCpuS / base, 3) << std::setw(12)
                  << Fixed(JsonNumber(line, "eventsPerBottleneckCell"), 3) << std::setw(10)
                  << Fixed(JsonNumber(line, "peakRssMiB"), 1) << std::setw(11)
                  << Fixed(JsonNumber(line, "peakRssKiBPerVc"), 1) << "\n";
        runs << (runs.tellp() > 0 ? "," : "") << line;
    }
    const double last = JsonNumber(lines.back(), "bottleneckCellsPerCpuS");
    std::cout << std::setprecision(6) << "{\"bench\":\"atm-bench\",\"scenario\":\"fan-in\""
              << ",\"cores\":" << std::thread::hardware_concurrency()
              << ",\"lastOverFirstCellsPerCpuS\":" << last / base << ",\"runs\":[" << runs.str()
              << "]}" << std::endl;
    return status;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    std::string mode = "both";

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddChoice("mode",
                      "atm, p2p or both (each in its own process; p2p-compare only)",
                      mode,
                      {"atm", "p2p", "both"});
    options.AddChoice("scenario",
                      "p2p-compare (the TCP workload over ATM and over point-to-point links), "
                      "yats-epd (the YATS N-source TCP/AAL5/EPD scenario: defaults 10 sources, "
                      "149.76 Mb/s, 333/334 us, 1000-cell EPD trunk buffer, 60 s) or fan-in "
                      "(yats-epd for each --fanIn, sources started over N x 10 ms)",
                      o.scenario,
                      {"p2p-compare", "yats-epd", "fan-in"});
    options.AddList("fanIn",
                    "fan-in: the numbers of sources (VCs into the trunk port), one run each",
                    o.fanIn,
                    1,
                    32000);
    options.AddValue("startJitter",
                     "yats-epd: each source starts at U[0, startJitter)",
                     o.startJitter,
                     Time(0),
                     Seconds(1000));
    options.AddValue("shaped",
                     "ATM: every PVC a CBR contract of 1/nSources of the link, shaped at both ends "
                     "(PcrShaper) and policed where it enters the network (UPC at the host-facing "
                     "switch ports)",
                     o.shaped);
    options.AddValue("policy",
                     "ATM: buffer policy of every switch port (" +
                         AtmBufferPolicyFactory::GetShortNameList() + ")",
                     o.policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("scheduler",
                     "ATM: cell scheduler of every switch port (" +
                         AtmCellSchedulerFactory::GetShortNameList() +
                         "; other than fifo: per-VC queues)",
                     o.scheduler,
                     AtmCommandLine::CellSchedulerCheck());
    options.AddValue("gfr",
                     "ATM: every PVC a GFR.1 contract with MCR = 1/(2 nSources) of the link, MFS "
                     "one packet (the GFR path of the switches and ports)",
                     o.gfr);
    options.AddValue("abr",
                     "yats-epd and fan-in: every PVC ABR (PCR the link rate, ICR 1/nSources of "
                     "it, MCR 0) with ERICA+ at the trunk port: the cost per cell of RM cells, "
                     "ACR pacing and the explicit-rate feedback",
                     o.abr);
    options.AddValue("nSources", "number of TCP flows (sources and sinks)", o.nSources, 1, 32000);
    options.AddValue("duration", "simulated time", o.duration, NanoSeconds(1), Seconds(1000000));
    options.AddValue("cellRate",
                     "rate of every link (AtmCellRate string)",
                     o.cellRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("accessDelay",
                     "propagation delay of each host link",
                     o.accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("trunkDelay",
                     "propagation delay of the bottleneck",
                     o.trunkDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("mtu", "IP MTU of every device (segment: MTU - 52)", o.mtu, 68, 65527);
    options.AddValue("window", "TCP socket buffers in bytes", o.window, 1, 1073725440);
    options.AddValue("bufferCells",
                     "cell buffer of the switch ports other than the trunk",
                     o.bufferCells,
                     1,
                     4000000);
    options.AddValue("trunkBufferCells",
                     "cell buffer of the trunk ports (p2p: x 48 bytes); 0: room for every window",
                     o.trunkBufferCells,
                     0,
                     4000000);
    options.AddValue("p2pLineRate",
                     "p2p links at the ATM line rate instead of the same IP packet rate",
                     o.p2pLineRate);
    cmd.Parse(argc, argv);

    if (o.scenario != "p2p-compare")
    {
        // The YATS scenario's values for whatever the command line left out.
        const auto preset = [&options](const char* name, auto& value, auto yats) {
            if (!options.IsSet(name))
            {
                value = yats;
            }
        };
        preset("nSources", o.nSources, 10U);
        preset("duration", o.duration, o.scenario == "fan-in" ? Seconds(10) : Seconds(60));
        preset("cellRate", o.cellRate, std::string("149.76Mbps"));
        preset("accessDelay", o.accessDelay, MicroSeconds(333));
        preset("trunkDelay", o.trunkDelay, MicroSeconds(334));
        preset("trunkBufferCells", o.trunkBufferCells, 1000U);
        preset("policy", o.policy, std::string("epd"));
        options.Require(mode != "p2p",
                        "mode",
                        "--scenario=" + o.scenario + " has no point-to-point run");
    }
    options.Require(!(o.gfr && o.shaped), "gfr", "either --gfr or --shaped, not both");
    options.Require(!o.abr || o.scenario != "p2p-compare",
                    "abr",
                    "--scenario=yats-epd or fan-in (the p2p comparison has no ABR)");
    options.Require(o.window >= o.mtu - 52,
                    "window",
                    "the window must hold one segment of MTU - 52 = " + std::to_string(o.mtu - 52) +
                        " bytes");
    o.cellsPerPacket = AtmEncapsulation::CellsForIpPacket(o.mtu, AtmEncapsulation::LLC_SNAP);
    const uint32_t segment = o.mtu - 52; // IPv4 20, TCP 20, timestamps 12
    o.trunkCells = o.trunkBufferCells ? o.trunkBufferCells
                                      : o.nSources * (o.window / segment + 2) * o.cellsPerPacket;

    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segment));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(o.window));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(o.window));

    if (o.scenario == "yats-epd" || (mode != "both" && o.scenario == "p2p-compare"))
    {
        return RunMode(o.scenario == "yats-epd" ? "atm" : mode, o);
    }

    char exe[4096];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    std::vector<std::string> args{n > 0 ? std::string(exe, n) : std::string(argv[0])};
    for (int i = 1; i < argc; ++i)
    {
        args.emplace_back(argv[i]);
    }
    if (o.scenario == "fan-in")
    {
        return RunFanIn(args, o);
    }
    std::string json[2];
    int status = 0;
    const char* modes[2] = {"atm", "p2p"};
    for (int m = 0; m < 2; ++m)
    {
        std::vector<std::string> childArgs = args;
        childArgs.push_back(std::string("--mode=") + modes[m]);
        const int rc = RunChild(childArgs, json[m]);
        if (rc != 0 || json[m].empty() || json[m].front() != '{')
        {
            std::cerr << "atm-bench: --mode=" << modes[m] << " failed (status " << rc << ")\n";
            status = 1;
        }
    }
    if (json[0].empty() || json[1].empty() || json[0].front() != '{' || json[1].front() != '{')
    {
        return 1;
    }

    const double ratio = JsonNumber(json[0], "wallS") / JsonNumber(json[1], "wallS");
    const double extraEvents = (JsonNumber(json[0], "events") - JsonNumber(json[1], "events")) /
                               JsonNumber(json[0], "cellHops");
    std::cout << "\n"
              << std::left << std::setw(6) << "mode" << std::right << std::setw(10) << "wall s"
              << std::setw(8) << "cpu s" << std::setw(8) << "sim s" << std::setw(11) << "Mb/s"
              << std::setw(13) << "events" << std::setw(12) << "ev/cell-hop" << std::setw(14)
              << "cell-hops/s" << std::setw(9) << "peak MiB"
              << "\n";
    for (int m = 0; m < 2; ++m)
    {
        const bool atm = m == 0;
        std::cout << std::left << std::setw(6) << modes[m] << std::right << std::setw(10)
                  << Fixed(JsonNumber(json[m], "wallS"), 2) << std::setw(8)
                  << Fixed(JsonNumber(json[m], "cpuS"), 2) << std::setw(8)
                  << Fixed(JsonNumber(json[m], "simS"), 1) << std::setw(11)
                  << Fixed(JsonNumber(json[m], "goodputMbps"), 2) << std::setw(13)
                  << Fixed(JsonNumber(json[m], "events"), 0) << std::setw(12)
                  << (atm ? Fixed(JsonNumber(json[m], "eventsPerCellHop"), 3) : "-")
                  << std::setw(14)
                  << (atm ? Fixed(JsonNumber(json[m], "cellHopsPerWallS"), 0) : "-") << std::setw(9)
                  << Fixed(JsonNumber(json[m], "peakRssMiB"), 1) << "\n";
    }
    std::cout << std::setprecision(2) << "wall time atm/p2p: " << ratio
              << "; events of the ATM run beyond the p2p run's, per cell-hop: "
              << std::setprecision(3) << extraEvents << "\n";
    std::cout << std::setprecision(6)
              << "{\"bench\":\"atm-bench\",\"cores\":" << std::thread::hardware_concurrency()
              << ",\"wallRatioAtmOverP2p\":" << ratio
              << ",\"extraEventsPerCellHop\":" << extraEvents << ",\"atm\":" << json[0]
              << ",\"p2p\":" << json[1] << "}" << std::endl;
    return status;
}
