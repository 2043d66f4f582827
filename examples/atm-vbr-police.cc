/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-vbr-police: one TCP bulk transfer through a source-side shaper into a dual-GCRA UPC
 * (ATM Forum TM 4.0 VBR.2 and VBR.3 conformance), the configuration of two measurement
 * campaigns:
 *
 * - TEN34-VBR-POLICE (TEN-34 D11.3 §5.8): a Cisco AIP shaper (`atm pvc ... peak average
 *   burst`, burst in units of 32 cells) in front of a FORE ASX-200BX UPC with PCR01 = 15625,
 *   SCR0 = 5208 cells/s, MBS0 = 30/192/1920/255, CDVT 700 us, action drop (VBR.2-like) or tag
 *   (VBR.3-like); netperf TCP. The shaper's kb/s-to-cells convention is unstated: a parameter.
 * - BON-VBR-LAN (Bonaventure 1998, ch. 6.3): two Sparc-10 over one ASX-200BX, VBR PCR = the
 *   155 Mb/s line (2.726 us), SCR 10 Mb/s (42.4 us), MBS 1000-4000, non-conforming cells
 *   discarded; the adapter sends packet trains (I_p 324/376 us) or is shaped to the SCR;
 *   ttcp 4 MB in 16 KB writes, 49,152-byte windows, RTT about 1.8 ms.
 *
 * @verbatim
      h0 --access-- s0 ----link---- s1 --access-- h1
   shaper         ^ UPC (dual GCRA) on the port from h0;
                    the port towards s1: --policy, --bufferCells
   @endverbatim
 *
 * The source adapter shapes the VC: a CBR shaper at --shaperRate kb/s (PcrShaper), or with
 * --shaperScr a VBR shaper (peak --shaperRate, sustained --shaperScr, --shaperMbs cells:
 * VbrShaper), the kb/s converted to cells/s under --shaperConvention (line424: 53-byte cells,
 * payload384: 48-byte payloads); or it sends packet trains (--spacing/--gap, PacketTrainShaper);
 * or, by default, cells at line rate. The UPC polices the VC's VBR contract (--pcr, --cdvt,
 * --scr, --mbs): --action=drop is VBR.2 (SCR-non-conforming CLP=0 cells discarded), tag is
 * VBR.3 (tagged CLP=1 and passed). For tagging to matter downstream give the port after the
 * UPC a CLP-aware policy (e.g. --policy=pbs where that policy exists) and a slower --trunkRate.
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters used,
 * then goodputMbps, taggedFraction and discardedFraction (of the cells policed), upcPoliced,
 * upcDiscarded, upcTagged, portDrops, cellsSent, cellsLost, cellLossRatio, maxGoodputMbps (C at
 * ceilingCellsPerSec: the source's achieved rate bounded by the links, and by the SCR with
 * --action=drop), scrGoodputMbps (C at the SCR), windowLimitMbps, conformingPackets (eq. 6.1:
 * back-to-back full packets of the source's schedule that conform to the dual GCRA from idle;
 * -1: every cell of the first max(256 packets, 10^5 cells) conforms), dataSegmentsSent,
 * retransmissions, retransmissionPercent, timeouts, meanRttMs, ledgerHolds and simEvents.
 * Errors go to standard error with a non-zero exit code (1 if a cell ledger fails). The
 * sender is AtmTtcpWriter (AtmBulkTransfer); see atm-cbr-window for the TCP notes.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (the one connection, flow 0) and DIR/ports.csv (every --traceInterval,
 * default 1 ms: the switch ports of the data direction, sw0-s1 behind the UPC and sw1-h1),
 * without changing the run or its JSON line. A directory that cannot be created or written is a
 * usage error, as is --traceInterval without --traceDir. `utils/atm-validation --plot DIR`
 * draws them.
 *
 * Examples:
 *   TEN34 round 1 (MBS 30), CBR shaper 2200 kb/s, drop:
 *     atm-vbr-police --shaperRate=2200 --pcr=15625 --scr=5208 --mbs=30 --cdvt=700us
 *                    --action=drop --duration=10s
 *   the same shaped 6000/2000 kb/s with a burst of 60 x 32 cells into MBS 1920:
 *     ... --shaperRate=6000 --shaperScr=2000 --shaperMbs=1920 --mbs=1920
 *   BON-VBR-LAN, MTU 9188, MBS 1000, I_p = 376 us, 500 ms timer, 4 MB:
 *     atm-vbr-police --accessRate=OC3cRaw --trunkRate=OC3cRaw --pcr=OC3cRaw --cdvt=0
 *                    --scr=10Mbps --mbs=1000 --action=drop --mtu=9188 --gap=376us
 *                    --window=49152 --rtt=1.8ms --source=bsd --maxBytes=4194304 --duration=120s
 */

#include "ns3/applications-module.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-bulk-transfer.h"
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
#include "ns3/dual-gcra.h"
#include "ns3/gcra.h"
#include "ns3/internet-module.h"
#include "ns3/packet-train-shaper.h"
#include "ns3/pcr-shaper.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/vbr-shaper.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>

using namespace ns3;

namespace
{

/// Everything the command line sets.
struct VbrPoliceConfig
{
    double shaperRate{0};                    //!< kb/s (0: no rate shaper)
    double shaperScr{0};                     //!< kb/s (0: CBR shaper)
    uint32_t shaperMbs{32};                  //!< cells (VBR shaper)
    std::string shaperConvention{"line424"}; //!< line424 | payload384
    Time shaperTolerance{0};                 //!< Tolerance of the rate shapers
    Time spacing{0};                         //!< packet-train R
    Time gap{0};                             //!< packet-train I
    Time granularity{0};                     //!< packet-train unit
    std::string pcr{"15625"};                //!< UPC PCR
    Time cdvt{MicroSeconds(700)};            //!< UPC CDVT (PCR)
    std::string scr{"5208"};                 //!< UPC SCR
    uint32_t mbs{30};                        //!< UPC MBS
    std::string action{"drop"};              //!< drop (VBR.2) | tag (VBR.3)
    bool upc{true};                          //!< police at all
    std::string policy{"tail"};              //!< policy of the port after the UPC
    uint32_t policyThreshold{0};             //!< its ThresholdCells (0: the policy's default)
    uint32_t bufferCells{256};               //!< every switch port
    std::string accessRate{"OC3c"};          //!< host links
    std::string trunkRate{"E3"};             //!< s0-s1
    Time rtt{MilliSeconds(2)};               //!< round-trip propagation delay
    Time accessDelay{MicroSeconds(5)};       //!< per access link
    uint32_t window{65535};                  //!< socket buffers
    uint32_t mtu{9180};                      //!< IP MTU
    bool llcSnap{true};                      //!< encapsulation
    uint32_t tsdu{16384};                    //!< write size
    uint64_t maxBytes{0};                    //!< 0: greedy
    Time duration{Seconds(10)};              //!< simulated time (limit)
    Time warmup{0};                          //!< greedy runs: goodput after this
    Time startJitter{0};                     //!< the connection starts at U[0, startJitter)
};

/**
 * @param kbps a shaper rate in kb/s
 * @param convention line424 or payload384
 * @return the exact cell rate
 */
AtmCellRate
ShaperCells(double kbps, const std::string& convention)
{
    const auto bps = static_cast<uint64_t>(std::llround(kbps * 1000));
    NS_ABORT_MSG_IF(bps == 0, "atm-vbr-police: a shaper rate of " << kbps << " kb/s");
    return convention == "payload384" ? AtmCellRate::FromPayloadBps(bps)
                                      : AtmCellRate::FromLineBps(bps);
}

/**
 * @brief The source's cell schedule for back-to-back full packets, cell by cell: every cell in
 * the first access slot at or after the time its shaper allows.
 */
class SourceSchedule
{
  public:
    /**
     * @param access the access link
     * @param shaper the rate shaper's dual GCRA (null: none); a CBR shaper has SCR = PCR
     * @param spacing packet-train R (0: none)
     * @param gap packet-train I
     * @param c cells per packet
     */
    SourceSchedule(const AtmCellRate& access,
                   const DualGcra* shaper,
                   Time spacing,
                   Time gap,
                   uint32_t c)
        : m_clock(access),
          m_shaper(shaper ? *shaper : DualGcra()),
          m_hasShaper(shaper != nullptr),
          m_spacing(spacing),
          m_gap(gap),
          m_c(c)
    {
    }

    /// @return the start of the next cell
    Time Next()
    {
        const uint64_t k = m_n / m_c;
        const uint64_t j = m_n % m_c;
        Time earliest = (m_gap + m_spacing * m_c) * k + m_spacing * j;
        if (m_hasShaper && m_n > 0)
        {
            earliest = std::max(earliest, m_shaper.GetEarliestConformingTime(true));
        }
        m_slot = m_n == 0 ? 0 : std::max(m_slot + 1, m_clock.GetSlotAtOrAfter(earliest));
        const Time t = m_clock.GetSlotStart(m_slot);
        if (m_hasShaper)
        {
            m_shaper.Police(t, true, false);
        }
        ++m_n;
        return t;
    }

  private:
    AtmCellClock m_clock; //!< access slots
    DualGcra m_shaper;    //!< the shaper's rule
    bool m_hasShaper;     //!< a rate shaper
    Time m_spacing;       //!< R
    Time m_gap;           //!< I
    uint32_t m_c;         //!< cells per packet
    uint64_t m_n{0};      //!< cells scheduled
    uint64_t m_slot{0};   //!< slot of the last cell
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
    VbrPoliceConfig c;
    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("A TCP bulk transfer through a source shaper into a dual-GCRA UPC; prints one "
              "JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddValue(
        "shaperRate",
        "source shaper rate in kb/s: CBR (PcrShaper), or the peak of a VBR shaper with "
        "--shaperScr (0 means no rate shaper)",
        c.shaperRate,
        0.0,
        10e6);
    options.AddValue("shaperScr",
                     "VBR shaper: sustained rate in kb/s (0: CBR shaper)",
                     c.shaperScr,
                     0.0,
                     10e6);
    options.AddValue("shaperMbs",
                     "VBR shaper: burst in cells (a Cisco AIP burst counts units of 32 cells)",
                     c.shaperMbs,
                     1,
                     1000000);
    options.AddChoice("shaperConvention",
                      "how the shaper's kb/s become cells/s: line424 (53-byte cells) or payload384 "
                      "(48-byte payloads)",
                      c.shaperConvention,
                      {"line424", "payload384"});
    options.AddValue("shaperTolerance",
                     "Tolerance of the rate shapers (0: conforming with CDVT 0, rates quantised to "
                     "access slots)",
                     c.shaperTolerance,
                     Time(0),
                     Seconds(100));
    options.AddValue("spacing",
                     "packet-train per-cell spacing R (PacketTrainShaper)",
                     c.spacing,
                     Time(0),
                     Seconds(1));
    options.AddValue("gap",
                     "packet-train inter-PDU gap I (BON-VBR-LAN I_p: 324/376 us)",
                     c.gap,
                     Time(0),
                     Seconds(1));
    options.AddValue("granularity",
                     "packet-train spacing unit (0: exact)",
                     c.granularity,
                     Time(0),
                     Seconds(1));
    options.AddValue("pcr",
                     "UPC PCR (AtmCellRate: cells/s, preset, cell time or bit rate)",
                     c.pcr,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("cdvt", "UPC CDVT of the PCR test", c.cdvt, Time(0), Seconds(100));
    options.AddValue("scr", "UPC SCR (AtmCellRate)", c.scr, AtmCommandLine::CellRateCheck());
    options.AddValue("mbs", "UPC MBS in cells", c.mbs, 1, 1000000);
    options.AddChoice("action",
                      "non-conforming (SCR) cells: drop (VBR.2) or tag (VBR.3); PCR failures are "
                      "always dropped",
                      c.action,
                      {"drop", "tag"});
    options.AddValue("upc", "police at s0 (false: the contract is only carried)", c.upc);
    options.AddValue("policy",
                     "buffer policy of the switch ports (short name or TypeId; "
                     "AtmBufferPolicyFactory)",
                     c.policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("policyThreshold",
                     "ThresholdCells of the buffer policy, if it has one (0 means its default)",
                     c.policyThreshold,
                     1,
                     4000000,
                     "the policy's");
    options.AddValue("bufferCells",
                     "cell buffer of every switch port (FORE: 256)",
                     c.bufferCells,
                     1,
                     4000000);
    options.AddValue("accessRate",
                     "cell rate of the host links",
                     c.accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("trunkRate",
                     "cell rate of s0-s1",
                     c.trunkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("rtt", "round-trip propagation delay", c.rtt, Time(0), Seconds(100));
    options.AddValue("accessDelay",
                     "one-way delay of each host link (the rest of --rtt is on s0-s1)",
                     c.accessDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("window", "TCP window = socket buffers (bytes)", c.window, 1, 1073725440);
    options.AddValue("mtu", "IP MTU of the hosts", c.mtu, 68, 65535);
    options.AddValue("llcSnap", "LLC/SNAP encapsulation (false: VC-mux)", c.llcSnap);
    // --source, --tcp, --mss, --timerTick, --minRtoTicks, --delayedAck, --delAckTimeout,
    // --timestamps, --dupAckThreshold.
    TcpEraCommandLine tcpOptions;
    tcpOptions.AddOptions(options);
    options.AddValue("tsdu", "application write size in bytes", c.tsdu, 1, 1073741824);
    options.AddValue("maxBytes",
                     "bytes to transfer (0: greedy for --duration)",
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
    const AtmCellRate scr = AtmCellRate::Parse(c.scr);
    const AtmCellRate access = AtmCellRate::Parse(c.accessRate);
    const AtmCellRate trunk = AtmCellRate::Parse(c.trunkRate);
    for (const auto& [name, kbps] :
         {std::make_pair("shaperRate", c.shaperRate), std::make_pair("shaperScr", c.shaperScr)})
    {
        options.Require(kbps == 0 || kbps >= 0.001,
                        name,
                        "expected 0 (none) or a rate of at least 0.001 kb/s (1 b/s)");
    }
    options.Require(c.shaperScr == 0 || c.shaperRate > 0,
                    "shaperScr",
                    "a VBR shaper needs --shaperRate (its peak) as well");
    options.Require(c.shaperScr <= c.shaperRate,
                    "shaperScr",
                    "expected at most --shaperRate=" + options.GetText("shaperRate") +
                        " (the sustained rate cannot exceed the peak)");
    const bool train = c.spacing.IsStrictlyPositive() || c.gap.IsStrictlyPositive();
    options.Require(!(train && c.shaperRate > 0),
                    options.IsSet("spacing") ? "spacing" : "gap",
                    "the packet train (--spacing/--gap) and --shaperRate exclude each other");
    options.Require(c.warmup < c.duration, "warmup", "expected a time below --duration");
    const Time innerDelay = c.rtt / 2 - c.accessDelay * 2;
    options.Require(!innerDelay.IsStrictlyNegative(),
                    "rtt",
                    "shorter than four access delays of " + options.GetText("accessDelay") +
                        "; lower --accessDelay or raise --rtt");
    options.Require(!c.llcSnap || c.mtu <= 65527,
                    "mtu",
                    "expected at most 65527 with LLC/SNAP: its 8-byte header and the IP packet "
                    "share one 65,535-byte AAL5 CPCS-SDU (or --llcSnap=false)");
    const TypeId policyTid = AtmBufferPolicyFactory::Resolve(c.policy);
    std::string thresholdAttribute; // EPD-style policies: ThresholdCells; PBS: ClpThresholdCells
    for (const char* candidate : {"ThresholdCells", "ClpThresholdCells"})
    {
        TypeId::AttributeInformation info;
        if (thresholdAttribute.empty() && policyTid.LookupAttributeByName(candidate, &info))
        {
            thresholdAttribute = candidate;
        }
    }
    options.Require(!options.IsSet("policyThreshold") || !thresholdAttribute.empty(),
                    "policyThreshold",
                    "policy " + policyTid.GetName() +
                        " has no ThresholdCells or ClpThresholdCells; use --policy=epd or pbs");
    options.Require(!options.IsSet("policyThreshold") || c.policyThreshold < c.bufferCells,
                    "policyThreshold",
                    "expected fewer cells than --bufferCells=" + std::to_string(c.bufferCells));
    traceOptions.CheckOptions(options);

    TcpEraPresets presets = tcpOptions.GetPresets(options, c.mtu, c.window);
    const uint32_t mss = presets.GetSegmentSize();
    const uint32_t tcpOptionBytes = presets.GetTimestamps() ? 12 : 0;
    const AtmEncapsulation::Mode mode =
        c.llcSnap ? AtmEncapsulation::LLC_SNAP : AtmEncapsulation::VC_MUX;

    // Topology.
    NodeContainer hosts(2);
    NodeContainer switches(2);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(c.mtu));
    atm.SetDeviceAttribute("Encapsulation", StringValue(c.llcSnap ? "LlcSnap" : "VcMux"));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(c.bufferCells));
    atm.SetBufferPolicy(c.policy);
    if (options.IsSet("policyThreshold"))
    {
        atm.SetBufferPolicyAttribute(thresholdAttribute, UintegerValue(c.policyThreshold));
    }
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(access));
    atm.SetChannelAttribute("Delay", TimeValue(c.accessDelay));
    NetDeviceContainer left = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer right = atm.Install(switches.Get(1), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(trunk));
    atm.SetChannelAttribute("Delay", TimeValue(innerDelay));
    NetDeviceContainer link = atm.Install(switches.Get(0), switches.Get(1));
    // The UPC: s0's port from h0.
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(left.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(c.upc));

    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer nics(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(nics);
    presets.Install(hosts);

    const AtmConformance conformance =
        c.action == "tag" ? AtmConformance::VBR_3 : AtmConformance::VBR_2;
    const AtmTrafficContract contract =
        AtmTrafficContract::Vbr(conformance, pcr, c.cdvt, scr, c.mbs);
    AtmPvcHelper pvcs;
    pvcs.SetContract(contract);
    pvcs.SetEncapsulation(mode);
    AtmPvc pvc;
    std::string refusal;
    if (!pvcs.TryInstall(nics.Get(0), nics.Get(1), switches, &pvc, &refusal))
    {
        std::cerr << "atm-vbr-police: the PVC was refused: " << refusal << std::endl;
        return 2;
    }

    // The source's shaper.
    AtmCellRate shaperPeak;
    AtmCellRate shaperSustained;
    Ptr<AtmShaper> shaper;
    Ptr<PacketTrainShaper> trainShaper;
    if (c.shaperRate > 0 && c.shaperScr > 0)
    {
        shaperPeak = ShaperCells(c.shaperRate, c.shaperConvention);
        shaperSustained = ShaperCells(c.shaperScr, c.shaperConvention);
        shaper = CreateObject<VbrShaper>();
        shaper->SetAttribute("PcrCellsPerSec", AtmCellRateValue(shaperPeak));
        shaper->SetAttribute("ScrCellsPerSec", AtmCellRateValue(shaperSustained));
        shaper->SetAttribute("MbsCells", UintegerValue(c.shaperMbs));
        shaper->SetAttribute("Tolerance", TimeValue(c.shaperTolerance));
    }
    else if (c.shaperRate > 0)
    {
        shaperPeak = ShaperCells(c.shaperRate, c.shaperConvention);
        shaperSustained = shaperPeak;
        shaper = CreateObject<PcrShaper>();
        shaper->SetAttribute("PcrCellsPerSec", AtmCellRateValue(shaperPeak));
        shaper->SetAttribute("Tolerance", TimeValue(c.shaperTolerance));
    }
    else if (train)
    {
        trainShaper = CreateObject<PacketTrainShaper>();
        trainShaper->SetAttribute("CellSpacing", TimeValue(c.spacing));
        trainShaper->SetAttribute("InterPduGap", TimeValue(c.gap));
        trainShaper->SetAttribute("Granularity", TimeValue(c.granularity));
        shaper = trainShaper;
    }
    if (shaper)
    {
        pvc.src->SetVcShaper(pvc.srcVc, shaper);
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
        tracer->AddPort("sw0-s1", DynamicCast<AtmDevice>(link.Get(0))->GetOutputPort());
        tracer->AddPort("sw1-h1", DynamicCast<AtmDevice>(right.Get(0))->GetOutputPort());
        transfer->SetTracer(tracer, 0);
    }
    transfer->Install(hosts.Get(0), hosts.Get(1), ifs.GetAddress(1));

    Simulator::Stop(c.duration);
    Simulator::Run();
    transfer->Finish();
    if (tracer)
    {
        tracer->Close();
    }

    const uint64_t cellsSent = pvc.src->GetVcStats(pvc.srcVc).cellsTx;
    uint64_t portDrops = 0;
    for (const auto& [dev, vc] : pvc.forward)
    {
        portDrops += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
    }
    Ptr<AtmSwitch> s0 = switches.Get(0)->GetObject<AtmSwitch>();
    Ptr<AtmPolicer> policer;
    if (c.upc)
    {
        const auto& [vpi, vci] = pvc.labels[0];
        policer = s0->GetVcPolicer(ingress->GetPortIndex(), vpi, vci);
    }
    const AtmPolicerStats upc = policer ? policer->GetStats() : AtmPolicerStats();
    const uint64_t cellsLost = portDrops + upc.cellsDiscarded;
    const bool ledgerHolds =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();
    const auto fraction = [&upc](uint64_t n) {
        return upc.cellsPoliced ? static_cast<double>(n) / upc.cellsPoliced : 0.0;
    };

    // The source's schedule: its long-run rate and the packets that conform from idle.
    const uint32_t cellsPerSegment = AtmMetrics::CellsPerSegment(mss, tcpOptionBytes, mode);
    std::unique_ptr<DualGcra> shaperRule;
    if (c.shaperRate > 0)
    {
        shaperRule = std::make_unique<DualGcra>(shaperPeak,
                                                c.shaperTolerance,
                                                shaperSustained,
                                                c.shaperScr > 0 ? c.shaperMbs : 1,
                                                c.shaperScr > 0 ? Time(0) : c.shaperTolerance);
    }
    const Time spacing = trainShaper ? trainShaper->GetEffectiveSpacing() : Time(0);
    SourceSchedule rateRun(access, shaperRule.get(), spacing, c.gap, cellsPerSegment);
    const uint32_t n = 200 * cellsPerSegment;
    Time first;
    Time last;
    for (uint32_t i = 0; i < n; ++i)
    {
        last = rateRun.Next();
        first = i == 0 ? last : first;
    }
    const double sourceRate = (n - 1) / (last - first).GetSeconds();
    double ceiling = std::min(sourceRate, trunk.GetCellsPerSecond());
    if (c.upc)
    {
        ceiling = std::min(ceiling, (c.action == "drop" ? scr : pcr).GetCellsPerSecond());
    }
    int64_t conformingPackets = -1;
    if (c.upc)
    {
        SourceSchedule burst(access, shaperRule.get(), spacing, c.gap, cellsPerSegment);
        DualGcra police(pcr, c.cdvt, scr, c.mbs);
        // At least 256 packets and 10^5 cells: long enough for a rate just above the SCR to
        // exhaust the largest burst tolerance of the studies (MBS 4000 at SCR 10 Mb/s).
        const uint32_t cells = std::max<uint32_t>(256 * cellsPerSegment, 100000);
        for (uint32_t i = 0; i < cells && conformingPackets < 0; ++i)
        {
            if (police.Police(burst.Next(), true, false) != DualGcra::CONFORMING)
            {
                conformingPackets = i / cellsPerSegment;
            }
        }
    }
    const double maxGoodputMbps =
        AtmMetrics::MaxTcpGoodput(ceiling, mss, tcpOptionBytes, mode) / 1e6;
    const double scrGoodputMbps =
        AtmMetrics::MaxTcpGoodput(scr.GetCellsPerSecond(), mss, tcpOptionBytes, mode) / 1e6;
    const uint64_t events = Simulator::GetEventCount();

    AtmJsonLine json;
    json.Add("example", "atm-vbr-police")
        .Add("shaperRateKbps", c.shaperRate)
        .Add("shaperScrKbps", c.shaperScr)
        .Add("shaperMbs", c.shaperMbs)
        .Add("shaperConvention", c.shaperConvention)
        .Add("shaperPeakCellsPerSec", shaperPeak.IsZero() ? 0.0 : shaperPeak.GetCellsPerSecond())
        .Add("shaperToleranceUs", c.shaperTolerance.GetSeconds() * 1e6)
        .Add("spacingUs", c.spacing.GetSeconds() * 1e6)
        .Add("gapUs", c.gap.GetSeconds() * 1e6)
        .Add("granularityUs", c.granularity.GetSeconds() * 1e6)
        .Add("pcr", c.pcr)
        .Add("pcrCellsPerSec", pcr.GetCellsPerSecond())
        .Add("cdvtUs", c.cdvt.GetSeconds() * 1e6)
        .Add("scr", c.scr)
        .Add("scrCellsPerSec", scr.GetCellsPerSecond())
        .Add("mbs", c.mbs)
        .Add("action", c.action)
        .Add("conformance", c.action == "tag" ? "VBR.3" : "VBR.2")
        .Add("upc", c.upc)
        .Add("policy", policyTid.GetName())
        .Add("policyThreshold", c.policyThreshold)
        .Add("bufferCells", c.bufferCells)
        .Add("accessRate", c.accessRate)
        .Add("trunkRate", c.trunkRate)
        .Add("rttMs", c.rtt.GetSeconds() * 1e3)
        .Add("window", c.window)
        .Add("mtu", c.mtu)
        .Add("mss", mss)
        .Add("llcSnap", c.llcSnap)
        .Add("tsdu", c.tsdu)
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
    json.Add("taggedFraction", fraction(upc.cellsTagged))
        .Add("discardedFraction", fraction(upc.cellsDiscarded))
        .Add("upcPoliced", upc.cellsPoliced)
        .Add("upcDiscarded", upc.cellsDiscarded)
        .Add("upcTagged", upc.cellsTagged)
        .Add("portDrops", portDrops)
        .Add("cellsSent", cellsSent)
        .Add("cellsLost", cellsLost)
        .Add("cellLossRatio", AtmMetrics::CellLossRatio(cellsLost, cellsSent))
        .Add("sourceCellsPerSec", sourceRate)
        .Add("ceilingCellsPerSec", ceiling)
        .Add("maxGoodputMbps", maxGoodputMbps)
        .Add("scrGoodputMbps", scrGoodputMbps)
        .Add("windowLimitMbps", c.window * 8.0 / c.rtt.GetSeconds() / 1e6)
        .Add("cellsPerSegment", cellsPerSegment)
        .Add("conformingPackets", conformingPackets);
    transfer->AddTcp(json);
    json.Add("ledgerHolds", ledgerHolds).Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgerHolds ? 0 : 1;
}
