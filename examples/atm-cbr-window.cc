/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-cbr-window: one TCP connection through a policed CBR VC or VP, the configuration of
 * three measurement campaigns:
 *
 * - BON-CBR-PILOT (Bonaventure 1998, ch. 4): TCP over a CBR VP of the European ATM Pilot,
 *   policed at 61,000 cells/s with CDVT 187.5 us behind an E3 access; the host adapter sends
 *   packet trains (cell spacing R, inter-PDU gap I); unshaped, no transfer at MTU 9188.
 * - TEN34-WINDOW (TEN-34 D11.3, NO-ES): Netperf over a VP of 36,000 cells/s (payload
 *   convention), RTT 63 ms, window scaling, throughput against the socket buffer size.
 * - CRC-WAN-WINDOW (CRC report 96-007, Figs 12-14): xtcp over a 10 Mb/s CBR PVC with a 100 ms
 *   RTT, windows 4-50 KB.
 *
 * @verbatim
      h0 --access-- s0 ---link--- s1 ---link--- s2 --access-- h1
     TCP sender   (buffer)    ^ UPC on the port from s0     TCP receiver
                              (network ingress; with --vp s1 and s2 are VP cross-connects,
                               policed per VP)
   @endverbatim
 *
 * AtmBundleHelper builds the path. The access links run at --accessRate, s0-s1 and s1-s2 at
 * --trunkRate. The access links
 * take --accessDelay each and the two inner links share the rest, so that the round-trip
 * propagation delay is --rtt. The source adapter either shapes the VC at its PCR (--shaping,
 * PcrShaper), sends packet trains (--spacing R and --gap I, PacketTrainShaper, BON's SBA-200
 * model), or sends at line rate (s0 then re-spaces the cells at the trunk's cell time, as
 * BON's E3 port did). Only the data direction is policed.
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters it
 * used, then goodputMbps (bytes delivered after --warmup, or of the --maxBytes transfer, per
 * second), maxGoodputMbps (C, AtmMetrics::MaxTcpGoodput, at ceilingCellsPerSec, the rate
 * the source actually achieves: the shaper's quantised rate, the packet train's c / (c R + I),
 * bounded by the links and the policed PCR), windowLimitMbps (window x 8 / rtt), cellsPerSegment,
 * conformingPackets (eq. 4.3: back-to-back full packets that conform from idle, after the
 * trunk's re-spacing; -1 = unbounded), cellsSent, cellsLost, cellLossRatio, upcPoliced,
 * upcDiscarded, upcTagged, portDrops, dataSegmentsSent, retransmissions,
 * retransmissionPercent, timeouts, meanRttMs, ledgerHolds and simEvents. Errors go to
 * standard error with a non-zero exit code (1 if a cell ledger fails).
 *
 * TCP notes. The transfer is one AtmBulkTransfer: its sender, AtmTtcpWriter, writes
 * --tsdu-byte messages with BSD's sosend() semantics, so the socket buffer, the window, stays
 * full. A window below one segment needs --mss at most the window (a BSD sender then sends
 * window-sized segments; TcpEraPresets refuses a window smaller than the MSS). ns-3's receiver
 * has no BSD window-update rule (acknowledge at once when reading opens the window by two
 * segments or half the buffer), so with delayed ACKs and a window below two segments every
 * round trip waits for the delayed-ACK timer; --delayedAck=0 gives BSD's behaviour when one
 * segment is at least half the buffer.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (the one connection, flow 0: cwnd, ssthresh, RTT, RTO, bytes acked,
 * congestion state, one row per retransmission timeout) and DIR/ports.csv (every
 * --traceInterval, default 1 ms: the switch ports of the data direction, sw0-s1, sw1-s2 and
 * sw2-h1, with their queues and drops by reason), without changing the run or its JSON line. A
 * directory that cannot be created or written is a usage error, as is --traceInterval without
 * --traceDir. `utils/atm-validation --plot DIR` draws them.
 *
 * Examples:
 *   BON-CBR-PILOT campaign 2, MTU 9188, 48 KB window, R = 15.97 us, I = 52 us:
 *     atm-cbr-window --pcr=61000 --cdvt=187.5us --vp --trunkRate=E3 --rtt=31ms --window=49152
 *                    --mtu=9188 --tsdu=16384 --shaping=false --spacing=15.97us --gap=52us
 *                    --source=bon-default --duration=30s
 *   the same unshaped (no transfer):  ... --spacing=0 --gap=0
 *   TEN34-WINDOW NO-ES, 128 KB socket buffers:
 *     atm-cbr-window --pcr=13.824Mbps\@payload --vp --trunkRate=E3 --rtt=63ms --window=131072
 *                    --cdvt=100us --source=bsd --timerTick=200ms --delayedAck=1
 *                    --delAckTimeout=50ms
 *   CRC-WAN-WINDOW, 16 KB, payload convention:
 *     atm-cbr-window --pcr=10Mbps\@payload --trunkRate=DS3 --rtt=100ms --window=16384
 *                    --mtu=9188 --source=crc --tsdu=9000
 */

#include "ns3/applications-module.h"
#include "ns3/atm-bulk-transfer.h"
#include "ns3/atm-bundle-helper.h"
#include "ns3/atm-cell-clock.h"
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
#include "ns3/core-module.h"
#include "ns3/gcra.h"
#include "ns3/internet-module.h"
#include "ns3/packet-train-shaper.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"

#include <algorithm>
#include <cmath>
#include <iostream>

using namespace ns3;

namespace
{

/// Everything the command line sets.
struct CbrWindowConfig
{
    std::string pcr{"36000"};          //!< policed (and shaped) PCR, AtmCellRate form
    Time rtt{MilliSeconds(20)};        //!< round-trip propagation delay
    uint32_t window{65535};            //!< socket buffers
    uint32_t mtu{9180};                //!< IP MTU
    bool llcSnap{true};                //!< LLC/SNAP (else VC-mux)
    bool shaping{true};                //!< PcrShaper at the PCR
    Time shaperTolerance{0};           //!< the PcrShaper's Tolerance
    Time spacing{0};                   //!< packet-train R (0: no packet train)
    Time gap{0};                       //!< packet-train I
    Time granularity{0};               //!< packet-train spacing unit
    bool upc{true};                    //!< police at s1
    Time cdvt{MicroSeconds(100)};      //!< CDVT of the policed contract
    bool vp{false};                    //!< VP cross-connects at s1 and s2, policed per VP
    std::string accessRate{"OC3c"};    //!< host links
    std::string trunkRate{"E3"};       //!< s0-s1 and s1-s2
    Time accessDelay{MicroSeconds(5)}; //!< per access link
    uint32_t bufferCells{256};         //!< every switch port
    bool frameDiscard{false};          //!< UpcFrameDiscard
    uint32_t tsdu{16384};              //!< application write size
    uint64_t maxBytes{0};              //!< 0: greedy for the whole duration
    Time duration{Seconds(10)};        //!< simulated time (limit)
    Time warmup{0};                    //!< goodput counted after this (greedy runs)
    Time startJitter{0};               //!< the connection starts at U[0, startJitter)
};

/**
 * @brief Long-run rate of a greedy PcrShaper: each cell in the first slot of the link where
 * it conforms to GCRA(1/pcr, tolerance) (the shaper's rule, run on 20,000 cells).
 * @param link the link the shaper sends on
 * @param pcr the shaper's PCR
 * @param tolerance the shaper's Tolerance
 * @return cells/s
 */
double
ShaperRate(const AtmCellRate& link, const AtmCellRate& pcr, Time tolerance)
{
    const AtmCellClock clock(link);
    Gcra gcra(pcr, tolerance);
    const uint32_t n = 20000;
    uint64_t slot = 0;
    for (uint32_t k = 0; k < n; ++k)
    {
        if (k > 0)
        {
            slot = std::max(slot + 1, clock.GetSlotAtOrAfter(gcra.GetEarliestConformingTime()));
        }
        gcra.Conforms(clock.GetSlotStart(slot));
    }
    return (n - 1) / (clock.GetSlotStart(slot) - clock.GetSlotStart(0)).GetSeconds();
}

/**
 * @brief Eq. 4.3 with the access and trunk links: how many back-to-back packets of c cells,
 * sent with per-cell spacing R and inter-PDU gap I (cells at the first access slot at or after
 * their ideal time), re-spaced by a FIFO at the trunk's cell time, conform to GCRA(1/pcr,
 * cdvt) from idle.
 * @param access the access link
 * @param trunk the trunk
 * @param c cells per packet
 * @param spacing R (at most one access cell time: back to back)
 * @param gap I
 * @param pcr the policed rate
 * @param cdvt the policed CDVT
 * @param limit the largest count examined
 * @return packets, or -1 when @p limit packets conform
 */
int64_t
ConformingPackets(const AtmCellRate& access,
                  const AtmCellRate& trunk,
                  uint32_t c,
                  Time spacing,
                  Time gap,
                  const AtmCellRate& pcr,
                  Time cdvt,
                  uint32_t limit)
{
    const AtmCellClock in(access);
    const AtmCellClock out(trunk);
    Gcra gcra(pcr, cdvt);
    uint64_t inSlot = 0;
    uint64_t outSlot = 0;
    bool first = true;
    for (uint32_t k = 0; k < limit; ++k)
    {
        for (uint32_t j = 0; j < c; ++j)
        {
            const Time ideal = (gap + spacing * c) * k + spacing * j;
            inSlot = first ? 0 : std::max(inSlot + 1, in.GetSlotAtOrAfter(ideal));
            // The cell is stored at s0 when its last bit arrives (one slot later).
            const Time arrival = in.GetSlotStart(inSlot + 1);
            outSlot = first ? out.GetSlotAtOrAfter(arrival)
                            : std::max(outSlot + 1, out.GetSlotAtOrAfter(arrival));
            first = false;
            if (!gcra.Conforms(out.GetSlotStart(outSlot)))
            {
                return k;
            }
        }
    }
    return -1;
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
    CbrWindowConfig c;
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("One TCP connection through a policed CBR VC or VP; prints one JSON line (see the "
              "file).");
    AtmCommandLine options(cmd);
    options.AddValue("pcr",
                     "PCR of the CBR contract (cells/s, a preset, a cell time or a bit rate; "
                     "13.824Mbps@payload = 36000)",
                     c.pcr,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("rtt", "round-trip propagation delay", c.rtt, Time(0), Seconds(100));
    options.AddValue("window",
                     "TCP window = socket buffers (bytes); scaled above 65,535",
                     c.window,
                     1,
                     1073725440);
    options.AddValue("mtu",
                     "IP MTU of the hosts (segment = MTU - 40 - options unless --mss)",
                     c.mtu,
                     68,
                     65535);
    options.AddValue("llcSnap", "LLC/SNAP encapsulation (false: VC-mux)", c.llcSnap);
    options.AddValue("shaping",
                     "the source adapter spaces cells at the PCR (PcrShaper); false: line rate "
                     "(or the packet train of --spacing/--gap)",
                     c.shaping);
    options.AddValue("shaperTolerance",
                     "the PcrShaper's Tolerance (0: conforms with CDVT 0, rate quantised to access "
                     "slots; >= one access cell time: exactly the PCR)",
                     c.shaperTolerance,
                     Time(0),
                     Seconds(100));
    options.AddValue("spacing",
                     "packet-train model (BON's SBA-200): per-cell spacing R within a PDU "
                     "(PacketTrainShaper; 0 and a zero --gap give no packet train)",
                     c.spacing,
                     Time(0),
                     Seconds(1));
    options.AddValue("gap",
                     "packet-train inter-PDU gap I (BON: 52 us, 41 us for MTU 552)",
                     c.gap,
                     Time(0),
                     Seconds(1));
    options.AddValue("granularity",
                     "packet-train spacing unit, R rounded to a multiple (SBA-200: 0.473us "
                     "measured, 0.492us documented; 0: exact)",
                     c.granularity,
                     Time(0),
                     Seconds(1));
    options.AddValue("upc", "police the data direction at the network ingress (s1)", c.upc);
    options.AddValue("cdvt", "CDVT of the policed contract", c.cdvt, Time(0), Seconds(100));
    options.AddValue("vp",
                     "carry the VC inside a VP cross-connected at s1 and s2 and policed per VP",
                     c.vp);
    options.AddValue("accessRate",
                     "cell rate of the host links",
                     c.accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of s0-s1 and s1-s2 (BON, TEN34: E3; CRC: DS3)",
                     c.trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("accessDelay",
                     "one-way delay of each host link (the rest of --rtt is on the "
                     "inner links)",
                     c.accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("bufferCells",
                     "cell buffer of every switch port (ASX-200: 256)",
                     c.bufferCells,
                     1,
                     4000000);
    options.AddValue("frameDiscard", "frame-discard UPC (BON ch. 4.7)", c.frameDiscard);
    // --source, --tcp, --mss, --timerTick, --minRtoTicks, --delayedAck, --delAckTimeout,
    // --timestamps, --dupAckThreshold.
    TcpEraCommandLine tcpOptions;
    tcpOptions.AddOptions(options);
    options.AddValue("tsdu",
                     "application write size in bytes (ttcp/netperf message size)",
                     c.tsdu,
                     1,
                     1073741824);
    options.AddValue("maxBytes",
                     "bytes to transfer (ttcp); goodput = bytes / transfer time (0: greedy for "
                     "--duration)",
                     c.maxBytes,
                     0,
                     UINT64_C(1000000000000000));
    options.AddValue("duration",
                     "simulated time (the limit with --maxBytes)",
                     c.duration,
                     NanoSeconds(1),
                     Seconds(1000000));
    options.AddValue("warmup",
                     "greedy runs: goodput counts the bytes received after this",
                     c.warmup,
                     Time(0),
                     Seconds(1000000));
    options.AddValue("startJitter",
                     "the connection starts at U[0, startJitter) (its phase against the TCP timer "
                     "ticks, which start at 0; 0: at 0, deterministic)",
                     c.startJitter,
                     Time(0),
                     Seconds(100));
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);

    const AtmCellRate pcr = AtmCellRate::Parse(c.pcr);
    const AtmCellRate access = AtmCellRate::Parse(c.accessRate);
    const AtmCellRate trunk = AtmCellRate::Parse(c.trunkRate);
    options.Require(c.warmup < c.duration, "warmup", "expected a time below --duration");
    options.Require(pcr <= access && pcr <= trunk,
                    "pcr",
                    "at most the slowest link's cell rate (--accessRate=" + c.accessRate +
                        ", --trunkRate=" + c.trunkRate + ")");
    const Time innerDelay = (c.rtt / 2 - c.accessDelay * 2) / 2;
    options.Require(!innerDelay.IsStrictlyNegative(),
                    "rtt",
                    "shorter than four access delays of " + options.GetText("accessDelay") +
                        "; lower --accessDelay or raise --rtt");
    const bool train = c.spacing.IsStrictlyPositive() || c.gap.IsStrictlyPositive();
    options.Require(!(train && c.shaping),
                    options.IsSet("spacing") ? "spacing" : "gap",
                    "the packet train (--spacing/--gap) and --shaping (PcrShaper) exclude each "
                    "other; add --shaping=false");
    options.Require(!c.llcSnap || c.mtu <= 65527,
                    "mtu",
                    "expected at most 65527 with LLC/SNAP: its 8-byte header and the IP packet "
                    "share one 65,535-byte AAL5 CPCS-SDU (or --llcSnap=false)");
    traceOptions.CheckOptions(options);

    TcpEraPresets presets = tcpOptions.GetPresets(options, c.mtu, c.window);
    const uint32_t mss = presets.GetSegmentSize();
    const uint32_t tcpOptionBytes = presets.GetTimestamps() ? 12 : 0;
    const AtmEncapsulation::Mode mode =
        c.llcSnap ? AtmEncapsulation::LLC_SNAP : AtmEncapsulation::VC_MUX;

    // Topology: the host pair over the policed PVC.
    const AtmTrafficContract contract = AtmTrafficContract::Cbr(pcr, c.cdvt);
    AtmBundleHelper bundle;
    bundle.SetAccessRate(access);
    bundle.SetAccessDelay(c.accessDelay);
    bundle.SetTrunkRate(trunk);
    bundle.SetRtt(c.rtt);
    bundle.SetBufferCells(c.bufferCells);
    bundle.SetMtu(c.mtu);
    bundle.SetEncapsulation(mode);
    bundle.SetContract(contract);
    bundle.SetShaping(c.shaping, c.shaperTolerance);
    bundle.SetUpc(c.upc, c.frameDiscard);
    bundle.SetVp(c.vp);
    bundle.SetTcp(presets);
    AtmBundleTopology t;
    std::string refusal;
    if (!bundle.TryInstall(&t, &refusal))
    {
        std::cerr << "atm-cbr-window: the PVC was refused: " << refusal << std::endl;
        return 2;
    }
    const AtmPvc& pvc = t.pvc;
    Ptr<PacketTrainShaper> trainShaper;
    if (train)
    {
        trainShaper = CreateObject<PacketTrainShaper>();
        trainShaper->SetAttribute("CellSpacing", TimeValue(c.spacing));
        trainShaper->SetAttribute("InterPduGap", TimeValue(c.gap));
        trainShaper->SetAttribute("Granularity", TimeValue(c.granularity));
        pvc.src->SetVcShaper(pvc.srcVc, trainShaper);
    }

    // One bulk transfer h0 -> h1.
    Ptr<AtmBulkTransfer> transfer =
        CreateObjectWithAttributes<AtmBulkTransfer>("Tsdu",
                                                    UintegerValue(c.tsdu),
                                                    "MaxBytes",
                                                    UintegerValue(c.maxBytes),
                                                    "StartJitter",
                                                    TimeValue(c.startJitter),
                                                    "Warmup",
                                                    TimeValue(c.warmup));
    // --traceDir: the sender and the switch ports of the data direction.
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(c.duration);
    if (tracer)
    {
        tracer->AddPort("sw0-s1", t.forwardPorts[0]->GetOutputPort());
        tracer->AddPort("sw1-s2", t.forwardPorts[1]->GetOutputPort());
        tracer->AddPort("sw2-h1", t.forwardPorts[2]->GetOutputPort());
        transfer->SetTracer(tracer, 0);
    }
    transfer->Install(t.hosts.Get(0), t.hosts.Get(1), t.interfaces.GetAddress(1));

    Simulator::Stop(c.duration);
    Simulator::Run();
    transfer->Finish();
    if (tracer)
    {
        tracer->Close();
    }

    // Cells: sent by the source, lost on the way (switch ports and the UPC).
    const uint64_t cellsSent = pvc.src->GetVcStats(pvc.srcVc).cellsTx;
    uint64_t portDrops = 0;
    for (const auto& [dev, vc] : pvc.forward)
    {
        portDrops += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
    }
    Ptr<AtmSwitch> s1 = t.switches.Get(1)->GetObject<AtmSwitch>();
    Ptr<AtmPolicer> policer;
    if (c.upc)
    {
        const auto& [vpi, vci] = pvc.labels[1];
        policer = c.vp ? s1->GetVpPolicer(t.ingress->GetPortIndex(), vpi)
                       : s1->GetVcPolicer(t.ingress->GetPortIndex(), vpi, vci);
    }
    const AtmPolicerStats upc = policer ? policer->GetStats() : AtmPolicerStats();
    const uint64_t cellsLost = portDrops + upc.cellsDiscarded;
    const bool ledgerHolds =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();

    // Ceilings (AtmMetrics::MaxTcpGoodput) at the rate the source achieves.
    const uint32_t cellsPerSegment = AtmMetrics::CellsPerSegment(mss, tcpOptionBytes, mode);
    double sourceRate = access.GetCellsPerSecond();
    Time effectiveSpacing = Time(0);
    if (c.shaping)
    {
        sourceRate = ShaperRate(access, pcr, c.shaperTolerance);
    }
    else if (train)
    {
        effectiveSpacing = trainShaper->GetEffectiveSpacing();
        const double r = std::max(effectiveSpacing.GetSeconds(), 1 / access.GetCellsPerSecond());
        sourceRate = cellsPerSegment / (cellsPerSegment * r + c.gap.GetSeconds());
    }
    double ceiling = std::min(sourceRate, trunk.GetCellsPerSecond());
    if (c.upc)
    {
        ceiling = std::min(ceiling, pcr.GetCellsPerSecond());
    }
    const double maxGoodputMbps =
        AtmMetrics::MaxTcpGoodput(ceiling, mss, tcpOptionBytes, mode) / 1e6;
    const double windowLimitMbps = c.window * 8.0 / c.rtt.GetSeconds() / 1e6;
    int64_t conformingPackets = -1;
    if (c.upc && !c.shaping)
    {
        const Time accessCell = access.GetCellTime();
        conformingPackets =
            ConformingPackets(access,
                              trunk,
                              cellsPerSegment,
                              train ? std::max(effectiveSpacing, accessCell) : accessCell,
                              train ? c.gap : Time(0),
                              pcr,
                              c.cdvt,
                              64);
    }
    const uint64_t events = Simulator::GetEventCount();

    AtmJsonLine json;
    json.Add("example", "atm-cbr-window")
        .Add("pcr", c.pcr)
        .Add("pcrCellsPerSec", pcr.GetCellsPerSecond())
        .Add("cdvtUs", c.cdvt.GetSeconds() * 1e6)
        .Add("upc", c.upc)
        .Add("vp", c.vp)
        .Add("frameDiscard", c.frameDiscard)
        .Add("accessRate", c.accessRate)
        .Add("trunkRate", c.trunkRate)
        .Add("rttMs", c.rtt.GetSeconds() * 1e3)
        .Add("accessDelayUs", c.accessDelay.GetSeconds() * 1e6)
        .Add("innerDelayUs", innerDelay.GetSeconds() * 1e6)
        .Add("bufferCells", c.bufferCells)
        .Add("window", c.window)
        .Add("mtu", c.mtu)
        .Add("mss", mss)
        .Add("llcSnap", c.llcSnap)
        .Add("tsdu", c.tsdu)
        .Add("shaping", c.shaping)
        .Add("shaperToleranceUs", c.shaperTolerance.GetSeconds() * 1e6)
        .Add("spacingUs", c.spacing.GetSeconds() * 1e6)
        .Add("effectiveSpacingUs", effectiveSpacing.GetSeconds() * 1e6)
        .Add("gapUs", c.gap.GetSeconds() * 1e6)
        .Add("granularityUs", c.granularity.GetSeconds() * 1e6)
        .Add("source", tcpOptions.GetSource())
        .Add("tcp", TcpEraPresets::GetVariantName(presets.GetVariant()))
        .Add("timestamps", presets.GetTimestamps())
        .Add("timerTickMs", presets.GetTimerTick().GetSeconds() * 1e3)
        .Add("minRtoMs", presets.GetMinRto().GetSeconds() * 1e3)
        .Add("delayedAck", static_cast<int64_t>(tcpOptions.GetDelayedAck()))
        .Add("maxBytes", c.maxBytes)
        .Add("durationS", c.duration.GetSeconds())
        .Add("warmupS", c.warmup.GetSeconds())
        .Add("startJitterMs", c.startJitter.GetSeconds() * 1e3)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()));
    transfer->AddTransfer(json);
    json.Add("maxGoodputMbps", maxGoodputMbps)
        .Add("ceilingCellsPerSec", ceiling)
        .Add("windowLimitMbps", windowLimitMbps)
        .Add("cellsPerSegment", cellsPerSegment)
        .Add("conformingPackets", conformingPackets)
        .Add("cellsSent", cellsSent)
        .Add("cellsLost", cellsLost)
        .Add("cellLossRatio", AtmMetrics::CellLossRatio(cellsLost, cellsSent))
        .Add("upcPoliced", upc.cellsPoliced)
        .Add("upcDiscarded", upc.cellsDiscarded)
        .Add("upcTagged", upc.cellsTagged)
        .Add("portDrops", portDrops);
    transfer->AddTcp(json);
    json.Add("ledgerHolds", ledgerHolds).Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgerHolds ? 0 : 1;
}
