/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-scheduler-share: greedy cell sources into one switch output port, to see how a cell
 * scheduler and a buffer policy share a link among VCs of given weights (no TCP, no IP).
 *
 * @verbatim
     src0 --access-- \
     src1 --access--- s0 ==link== dst      s0's port to dst: --policy, --scheduler,
     ...             /                     --bufferCells, per-VC queues
     srcN-1 --access/
   @endverbatim
 *
 * With --scheduler=fifo the port has one queue served in cell arrival order (the FIFO switch of
 * JAIN and BON); with any other scheduler one queue per VC.
 *
 * Source i has its own access link at --sourceRate (its peak; default the link rate) and one
 * PVC to dst. A VC with weight w_i > 0 (--weights, cells/s) is a GFR.1 VC with MCR = w_i,
 * PCR = its source's rate, MFS = its PDU size (--pduCells) and MBS = 2 MFS; weighted schedulers
 * (Virtual Spacing, R/U, ...) and GFR buffer policies read these from the VC's contract, as at
 * any switch port. A VC with weight 0 is a best-effort UBR VC. Every source is greedy: it hands
 * its adapter one PDU of its --pduCells after the other, so it sends back to back at its peak,
 * and s0's port to dst is overloaded whenever the sources' peaks add up to more than the link.
 *
 * The measured interval runs from --warmup to --duration. One JSON line reports, per VC in
 * source order: `cellsPerSecond` (cells s0 sent to dst in the interval, per second), `share`
 * (their fraction of the link's cell slots), `pdusOffered` (PDUs the source's adapter began to
 * send), `pdusAccepted` (PDUs delivered whole to dst) and `cellsDropped` (at the port); plus
 * `ledgersHold` (every PVC's cell ledger balances; exit status 1 if not).
 *
 * Time series: --traceDir=DIR writes DIR/ports.csv (AtmFlowTracer's format: occupancy, maximum
 * and drops by reason of s0's port to dst, "s0-dst", every --traceInterval) and an empty
 * DIR/tcp.csv, without changing the run or its JSON line. `utils/atm-validation --plot DIR`
 * draws them.
 *
 * --policyAttributes and --schedulerAttributes set more attributes of the chosen plug-ins
 * (Name=Value,..., checked against its TypeId before the run), e.g. the R/U scheduler's
 * QueueWeights or its groups (Grouping=Explicit,QueueGroups=0 0 0 1,GroupWeights=1 3).
 *
 * A scheduler shares the link only among cells it holds: with the default shared tail-drop
 * buffer, the full buffer admits one cell per departure, taken by whichever source's cell comes
 * first, so every VC gets about the same share whatever the scheduler. Weighted sharing needs a
 * buffer policy that keeps each VC's queue backlogged (per-VC limits, MCR-weighted shares).
 *
 * Examples (O. Bonaventure's thesis, ch. 7.2.2 and 8.4: MCR-proportional sharing):
 *   atm-scheduler-share --sources=3 --weights=20000,40000,60000 --scheduler=vs-queue
 *     --policy=vc-tail
 *     (each VC gets its MCR plus a share of the rest in proportion to its MCR: 1/6, 1/3, 1/2)
 *   atm-scheduler-share --sources=3 --weights=20000,40000,60000 --scheduler=vs-queue
 *     (the shared tail-drop buffer decides: about a third each)
 *   atm-scheduler-share --sources=2 --weights=50000,100000 --pduCells=32 --policy=static-pdu
 *     --reserveCells=800 --scheduler=fifo (static PDU-level reservation in a FIFO, BON eq. 8.3:
 *     about 1/3 and 2/3)
 */

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/fifo-cell-scheduler.h"
#include "ns3/network-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// Per-VC counts at s0's port to dst over the measured interval.
struct Measure
{
    std::vector<uint32_t> portVc;         //!< per source: its VC index at the port
    std::vector<uint32_t> sourceOf;       //!< per port VC index: the source (UINT32_MAX: none)
    std::vector<uint64_t> pduOffered;     //!< per source: first cells that reached the port
    std::vector<uint64_t> pduDone;        //!< per source: PDUs delivered whole to dst
    std::vector<AtmPortVcStats> atWarmup; //!< per source: the port's counters at --warmup
    bool measuring{false};                //!< inside the measured interval

    /**
     * @brief A source's adapter "FrameTx": it starts segmenting a PDU.
     * @param source the source
     * @param vc the VC at the adapter
     * @param sdu the SDU
     */
    void Offered(uint32_t source, uint32_t vc, Ptr<const Packet> sdu)
    {
        if (measuring)
        {
            ++pduOffered[source];
        }
    }

    /**
     * @brief dst's "FrameRx" for one source's VC.
     * @param source the source
     * @param vc the VC at dst
     * @param sdu the delivered SDU
     */
    void Delivered(uint32_t source, uint32_t vc, Ptr<const Packet> sdu)
    {
        if (measuring)
        {
            ++pduDone[source];
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
    AtmCellRate linkRate("OC3c");
    uint32_t sources = 2;
    std::vector<double> weights;
    std::vector<uint32_t> pduCells{1};
    AtmCellRate sourceRate = linkRate;
    std::string scheduler = "vs-queue";
    std::string policy = "tail";
    std::string policyAttributes;
    std::string schedulerAttributes;
    uint32_t bufferCells = 1000;
    uint32_t reserveCells = 0;
    Time duration = Seconds(1);
    Time warmup = MilliSeconds(100);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("linkRate",
                     "cell rate of the shared link (a preset such as OC3c, cells/s or a bit rate)",
                     linkRate);
    options.AddValue("sources", "number of sources, one VC each", sources, 1, 1000);
    options.AddList("weights",
                    "each VC's MCR in cells/s, also its scheduler weight (0: a best-effort UBR "
                    "VC); one value per source, or one for all",
                    weights,
                    0.0,
                    1e9,
                    "the link rate / (2 x sources) each");
    options.AddList("pduCells",
                    "cells per PDU of each VC (its MFS); one value per source, or one for all",
                    pduCells,
                    1,
                    1366);
    options.AddValue("sourceRate",
                     "each source's peak cell rate, its access link's rate (at most the link "
                     "rate's 32 times)",
                     sourceRate,
                     "the link rate");
    options.AddValue("scheduler",
                     "cell scheduler of the shared port: " +
                         AtmCellSchedulerFactory::GetShortNameList() + ", or a TypeId",
                     scheduler,
                     AtmCommandLine::CellSchedulerCheck());
    options.AddValue("policy",
                     "buffer policy of the shared port: " +
                         AtmBufferPolicyFactory::GetShortNameList() + ", or a TypeId",
                     policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("bufferCells", "cell buffer of the shared port", bufferCells, 1, 4000000);
    options.AddValue("reserveCells",
                     "E, the PDU-level reservation space of policies with ReserveCells "
                     "(static-pdu), below --bufferCells",
                     reserveCells,
                     1,
                     4000000,
                     "the policy's");
    options.AddValue("policyAttributes",
                     "more attributes of the buffer policy, Name=Value,... "
                     "(--PrintAttributes with its TypeId lists them)",
                     policyAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("schedulerAttributes",
                     "more attributes of the cell scheduler, Name=Value,... (e.g. R/U's "
                     "QueueWeights=1 2 4 or VcWeights)",
                     schedulerAttributes,
                     [](const std::string&, std::string*) { return true; });
    options.AddValue("duration", "simulated time", duration, MicroSeconds(1), Seconds(1e5));
    options.AddValue("warmup",
                     "start of the measured interval (below --duration)",
                     warmup,
                     Time(0),
                     Seconds(1e5));
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);
    traceOptions.CheckOptions(options);

    // Checks that involve several options.
    if (!options.IsSet("sourceRate"))
    {
        sourceRate = linkRate;
    }
    if (weights.empty())
    {
        weights.assign(sources, linkRate.GetCellsPerSecond() / (2.0 * sources));
    }
    options.Require(weights.size() == 1 || weights.size() == sources,
                    "weights",
                    "one weight per source (" + std::to_string(sources) + ") or one for all");
    options.Require(pduCells.size() == 1 || pduCells.size() == sources,
                    "pduCells",
                    "one PDU size per source (" + std::to_string(sources) + ") or one for all");
    weights.resize(sources, weights.front());
    pduCells.resize(sources, pduCells.front());
    double weightSum = 0;
    for (double w : weights)
    {
        options.Require(w <= sourceRate.GetCellsPerSecond(),
                        "weights",
                        "weights (MCRs) at most each source's peak, --sourceRate");
        weightSum += w;
    }
    options.Require(weightSum <= linkRate.GetCellsPerSecond(),
                    "weights",
                    "weights (MCRs) that sum to at most the link rate, " +
                        options.GetText("linkRate") + " (" +
                        std::to_string(std::llround(linkRate.GetCellsPerSecond())) + " cells/s)");
    options.Require(sourceRate.GetCellsPerSecond() <= 32 * linkRate.GetCellsPerSecond(),
                    "sourceRate",
                    "a peak of at most 32 times the link rate");
    options.Require(warmup < duration, "warmup", "a time below --duration");
    TypeId policyTid;
    std::string error;
    AtmBufferPolicyFactory::TryResolve(policy, &policyTid, &error);
    TypeId::AttributeInformation info;
    options.Require(!options.IsSet("reserveCells") ||
                        policyTid.LookupAttributeByName("ReserveCells", &info),
                    "reserveCells",
                    "policy " + policyTid.GetName() +
                        " has no ReserveCells; use --policy=static-pdu or leave it out");
    options.Require(!options.IsSet("reserveCells") || reserveCells < bufferCells,
                    "reserveCells",
                    "a value below --bufferCells (" + std::to_string(bufferCells) + ")");

    // The topology: every switch port has the chosen policy, scheduler and buffer; only s0's
    // port to dst ever holds more than a cell. FIFO means one queue in arrival order (the FIFO
    // switch of BON and JAIN); every other scheduler serves per-VC queues.
    const TypeId schedulerTid = AtmCellSchedulerFactory::Resolve(scheduler);
    const auto policySettings =
        options.ParseAttributeOption("policyAttributes", policyTid, policyAttributes);
    const auto schedulerSettings =
        options.ParseAttributeOption("schedulerAttributes", schedulerTid, schedulerAttributes);
    const bool fifo = schedulerTid == FifoCellScheduler::GetTypeId();
    NodeContainer srcs(sources);
    NodeContainer dst(1);
    NodeContainer switches(1);
    AtmHelper atm;
    atm.SetSwitchPortAttribute("QueueMode",
                               EnumValue(fifo ? AtmOutputPort::SHARED : AtmOutputPort::PER_VC));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    atm.SetBufferPolicy(policy);
    if (options.IsSet("reserveCells"))
    {
        atm.SetBufferPolicyAttribute("ReserveCells", UintegerValue(reserveCells));
    }
    for (const auto& [name, value] : policySettings)
    {
        atm.SetBufferPolicyAttribute(name, StringValue(value));
    }
    atm.SetCellScheduler(scheduler);
    for (const auto& [name, value] : schedulerSettings)
    {
        atm.SetCellSchedulerAttribute(name, StringValue(value));
    }
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(sourceRate));
    std::vector<Ptr<AtmNetDevice>> adapters;
    for (uint32_t i = 0; i < sources; ++i)
    {
        adapters.push_back(
            DynamicCast<AtmNetDevice>(atm.Install(srcs.Get(i), switches.Get(0)).Get(0)));
    }
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(linkRate));
    Ptr<AtmNetDevice> sink =
        DynamicCast<AtmNetDevice>(atm.Install(switches.Get(0), dst.Get(0)).Get(1));

    Measure m;
    m.pduOffered.assign(sources, 0);
    m.pduDone.assign(sources, 0);
    std::vector<AtmPvc> pvcs;
    std::vector<Ptr<AtmOnOffCellSource>> apps;
    for (uint32_t i = 0; i < sources; ++i)
    {
        AtmPvcHelper pvcHelper;
        const uint32_t mfs = pduCells[i];
        if (weights[i] > 0)
        {
            const AtmCellRate mcr(static_cast<uint64_t>(std::llround(weights[i] * 1000)), 1000);
            pvcHelper.SetContract(
                AtmTrafficContract::Gfr(AtmConformance::GFR_1, sourceRate, mcr, 2 * mfs, mfs));
        }
        else
        {
            pvcHelper.SetContract(AtmTrafficContract::Ubr(sourceRate));
        }
        pvcs.push_back(pvcHelper.Install(adapters[i], sink));
        sink->SetVcNonIp(pvcs.back().dstVc);
        sink->TraceConnectWithoutContext("FrameRx",
                                         MakeBoundCallback(
                                             +[](Measure* m,
                                                 uint32_t source,
                                                 uint32_t dstVc,
                                                 uint32_t vc,
                                                 Ptr<const Packet> sdu) {
                                                 if (vc == dstVc)
                                                 {
                                                     m->Delivered(source, vc, sdu);
                                                 }
                                             },
                                             &m,
                                             i,
                                             pvcs.back().dstVc));
        Ptr<AtmOnOffCellSource> app = CreateObject<AtmOnOffCellSource>();
        app->SetAttribute("OnTime", TimeValue(duration + Seconds(1))); // never off
        app->SetAttribute("OffTime", TimeValue(Seconds(0)));
        app->SetAttribute("FrameCells", UintegerValue(mfs));
        srcs.Get(i)->AddApplication(app);
        app->Setup(adapters[i], pvcs.back().srcVc);
        app->SetStartTime(Seconds(0));
        apps.push_back(app);
    }
    // s0's port to dst: the second transmitter on every path.
    Ptr<AtmOutputPort> port = pvcs.front().forward.at(1).first->GetOutputPort();
    for (uint32_t i = 0; i < sources; ++i)
    {
        NS_ABORT_MSG_IF(pvcs[i].forward.at(1).first->GetOutputPort() != port,
                        "atm-scheduler-share: the PVCs do not share one port");
        m.portVc.push_back(pvcs[i].forward[1].second);
        adapters[i]->TraceConnectWithoutContext(
            "FrameTx",
            MakeBoundCallback(
                +[](Measure* m, uint32_t source, uint32_t vc, Ptr<const Packet> sdu) {
                    m->Offered(source, vc, sdu);
                },
                &m,
                i));
    }
    Ptr<AtmDevice> shared = pvcs.front().forward[1].first;
    Simulator::Schedule(warmup, [&m, shared, port, sources]() {
        shared->GetOutputPort(); // the port's counters as of now (arrivals are stored lazily)
        for (uint32_t i = 0; i < sources; ++i)
        {
            m.atWarmup.push_back(port->GetVcStats(m.portVc[i]));
        }
        m.measuring = true;
    });

    // --traceDir: s0's port to dst (no TCP: ports.csv only, tcp.csv has its header).
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration);
    if (tracer)
    {
        tracer->AddPort("s0-dst", port);
    }
    Simulator::Stop(duration);
    Simulator::Run();
    shared->GetOutputPort(); // counters as of the end
    if (tracer)
    {
        tracer->Close();
    }

    const double seconds = (duration - warmup).GetSeconds();
    const double slots = linkRate.GetCellsPerSecond() * seconds;
    std::vector<double> cellsPerSecond;
    std::vector<double> share;
    std::vector<double> offered;
    std::vector<double> accepted;
    std::vector<double> dropped;
    bool ledgersHold = true;
    for (uint32_t i = 0; i < sources; ++i)
    {
        const AtmPortVcStats& now = port->GetVcStats(m.portVc[i]);
        const uint64_t sent = now.cellsDeparted - m.atWarmup[i].cellsDeparted;
        cellsPerSecond.push_back(sent / seconds);
        share.push_back(sent / slots);
        offered.push_back(static_cast<double>(m.pduOffered[i]));
        accepted.push_back(static_cast<double>(m.pduDone[i]));
        dropped.push_back(static_cast<double>(now.cellsDropped - m.atWarmup[i].cellsDropped));
        ledgersHold = ledgersHold && AtmPvcHelper::GetLedger(pvcs[i]).Holds();
    }

    AtmJsonLine json;
    json.Add("example", "atm-scheduler-share")
        .Add("linkCellsPerSecond", linkRate.GetCellsPerSecond())
        .Add("sources", sources)
        .Add("weights", weights)
        .Add("pduCells", std::vector<double>(pduCells.begin(), pduCells.end()))
        .Add("sourceCellsPerSecond", sourceRate.GetCellsPerSecond())
        .Add("scheduler", schedulerTid.GetName())
        .Add("queues", fifo ? "shared" : "per-vc")
        .Add("policy", policyTid.GetName())
        .Add("policyAttributes", policyAttributes)
        .Add("schedulerAttributes", schedulerAttributes)
        .Add("bufferCells", bufferCells)
        .Add("reserveCells", options.IsSet("reserveCells") ? reserveCells : 0)
        .Add("durationS", duration.GetSeconds())
        .Add("warmupS", warmup.GetSeconds())
        .Add("cellsPerSecond", cellsPerSecond)
        .Add("share", share)
        .Add("pdusOffered", offered)
        .Add("pdusAccepted", accepted)
        .Add("cellsDropped", dropped)
        .Add("ledgersHold", ledgersHold);
    std::cout << json.ToString() << std::endl;
    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
