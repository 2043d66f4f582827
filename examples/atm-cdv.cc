/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-cdv: the cell delay variation a CBR cell stream accumulates across a chain of switches
 * with light cross traffic, the TEN-34 CDV trials (TEN-34 deliverable D11.3, section 5.7,
 * Tables 3-5): a workstation at the University of Twente sends single cells at a constant
 * interval over a 4750 cells/s VPC to RUS Stuttgart, across 7 switches (short path) or 12
 * (long path); monitors on the links record every cell's instant.
 *
 * @verbatim
   long:  src -[UT1]- s1 -[UT2]- s2 s3 s4 s5 -[KPN]- s6 s7 s8 s9 -[DT]- s10 s11 s12 -[RUS]- dst
   short: src -[UT1]- s1 s2 s3 s4 -[DT]- s5 s6 s7 -[RUS]- dst
          (each switch si: a cross-traffic host joins si's link to the next switch and leaves
           at the next switch)
   @endverbatim
 *
 * A measurement point [X] is the link it is drawn on (AtmCdvMonitor: the instant each cell's
 * first bit leaves the device before it). Link rates follow the trials' physical layers, STM-1
 * -> SONET -> PDH 34 Mb/s -> STM-1: every link is OC3c (STM-1 and OC-3c carry the same 149.76
 * Mb/s of cells) except the international PDH segment at E3 (80,000 cells/s: on the long path
 * the links out of s6-s9, KPN to DT; on the short path out of s3 and s4, into DT). Which links
 * were PDH is our reading of the deliverable, which names the layers but not the links.
 *
 * The trials' "light background traffic" is unspecified: here each switch's link to the next
 * carries a cross stream of --crossLoad of that link's cell rate in bursts of --crossBurst
 * cells, released at a constant mean interval with a uniform jitter of one interval
 * (AtmCbrCellSource), which shares the port with the CBR stream in one FIFO (--queues=fifo:
 * every VP of the trials' network was a CBR VP) or below it (--queues=class: per-class queues,
 * the CBR class served first). The source is strictly periodic (--sourceJitter adds a uniform
 * release jitter): its spread at UT1 is the slot alignment of the access link alone.
 *
 * The program prints exactly one line on standard output, a JSON object: the parameters, then
 * per measurement point (points, in path order; switchesBefore: the switches between the
 * source and the point): cells, meanIatMs, iatSpreadUs (max - min IAT), fractionAbove and
 * fractionBelow (of the IATs, around the trace's mean), lMinMs (the smallest CDVT for which
 * GCRA(interval, L) finds no violation, TEN-34's Table 5), and the transfer delay from UT1
 * (ctdMeanUs, cdvP2pUs: the 1 - 1e-3 quantile minus the minimum); then cellsLost, ledgersHold
 * and simEvents. Errors go to standard error with a non-zero exit code.
 *
 * Examples:
 *   trial 11 (1.1 Mb/s, long path):        atm-cdv --path=long --rate=1.1
 *   trial 4 (1.6 Mb/s, short path):        atm-cdv --path=short --rate=1.6
 *   no cross traffic (spacing only):       atm-cdv --crossLoad=0
 */

#include "ns3/atm-cbr-cell-source.h"
#include "ns3/atm-cdv-monitor.h"
#include "ns3/atm-cdv-statistics.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/core-module.h"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One measurement point of a path.
struct Point
{
    std::string name;        //!< TEN-34's name for it
    uint32_t switchesBefore; //!< switches between the source and it (0: the access link)
};

/// A path: its switches' outgoing link rates and its measurement points.
struct Path
{
    std::vector<std::string> rates; //!< rate of the link out of switch i (i = 0 .. n - 1)
    std::vector<Point> points;      //!< in path order
};

/**
 * @param name short or long
 * @return the path (file description)
 */
Path
MakePath(const std::string& name)
{
    if (name == "long")
    {
        return Path{{"OC3c",
                     "OC3c",
                     "OC3c",
                     "OC3c",
                     "OC3c",
                     "E3",
                     "E3",
                     "E3",
                     "E3",
                     "OC3c",
                     "OC3c",
                     "OC3c"},
                    {{"UT1", 0}, {"UT2", 1}, {"KPN", 5}, {"DT", 9}, {"RUS", 12}}};
    }
    return Path{{"OC3c", "OC3c", "E3", "E3", "OC3c", "OC3c", "OC3c"},
                {{"UT1", 0}, {"DT", 4}, {"RUS", 7}}};
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
    std::string pathName = "long";
    std::string rate = "1.1";
    Time interval = MicroSeconds(381);
    uint32_t cells = 10000;
    double crossLoad = 0.1;
    uint32_t crossBurst = 1;
    std::string queues = "fifo";
    Time sourceJitter = Time(0);
    Time linkDelay = MicroSeconds(100);
    std::string accessRate = "OC3c";
    uint32_t bufferCells = 256;

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed
    CommandLine cmd(__FILE__);
    cmd.Usage("The CDV of a CBR cell stream across TEN-34's 7- or 12-switch path with light "
              "cross traffic; prints one JSON line (see the file).");
    AtmCommandLine options(cmd);
    options.AddChoice("path",
                      "short (7 switches: UT1, DT, RUS) or long (12: UT1, UT2, KPN, DT, RUS)",
                      pathName,
                      {"short", "long"});
    options.AddChoice("rate",
                      "the trials' stream: 1.1 (IAT 0.3810 ms), 1.6 (0.2540 ms) or 0.5 (0.7625 "
                      "ms) Mb/s; --interval overrides",
                      rate,
                      {"1.1", "1.6", "0.5"});
    options.AddValue("interval",
                     "the source's cell interval (overrides --rate)",
                     interval,
                     MicroSeconds(1),
                     Seconds(10),
                     "from --rate");
    options.AddValue("cells", "CBR cells sent", cells, 2, 100000000);
    options.AddValue("crossLoad",
                     "cross traffic on each switch's link to the next, as a fraction of that "
                     "link's cell rate (0: none)",
                     crossLoad,
                     0.0,
                     0.9);
    options.AddValue("crossBurst", "cells per cross-traffic burst", crossBurst, 1, 1365);
    options.AddChoice("queues",
                      "fifo (the stream and the cross traffic in one FIFO) or class (per-class "
                      "queues, CBR first)",
                      queues,
                      {"fifo", "class"});
    options.AddValue("sourceJitter",
                     "uniform release jitter of the source, [0, sourceJitter)",
                     sourceJitter,
                     Time(0),
                     Seconds(1));
    options.AddValue("linkDelay",
                     "propagation delay of every link",
                     linkDelay,
                     Time(0),
                     Seconds(1));
    options.AddValue("accessRate",
                     "cell rate of the hosts' links",
                     accessRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
    cmd.Parse(argc, argv);

    if (!options.IsSet("interval"))
    {
        interval = rate == "1.1"   ? MicroSeconds(381)
                   : rate == "1.6" ? MicroSeconds(254)
                                   : NanoSeconds(762500);
    }
    const Path path = MakePath(pathName);
    const uint32_t nSwitches = static_cast<uint32_t>(path.rates.size());
    const AtmCellRate access = AtmCellRate::Parse(accessRate);
    const AtmCellRate vpc(4750);
    options.Require(interval * 4750 >= Seconds(1),
                    "interval",
                    "at least 1/4750 s (210.53 us): the trials' VPC carried 4750 cells/s");

    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(linkDelay));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
    if (queues == "class")
    {
        atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_CLASS"));
        atm.SetCellScheduler("priority");
    }
    NodeContainer switches(nSwitches);
    atm.InstallSwitch(switches);
    NodeContainer hosts(2);
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(access));
    auto src = DynamicCast<AtmNetDevice>(atm.Install(hosts.Get(0), switches.Get(0)).Get(0));
    for (uint32_t i = 0; i + 1 < nSwitches; ++i)
    {
        atm.SetChannelAttribute("CellRate", AtmCellRateValue(AtmCellRate::Parse(path.rates[i])));
        atm.Install(switches.Get(i), switches.Get(i + 1));
    }
    atm.SetChannelAttribute("CellRate",
                            AtmCellRateValue(AtmCellRate::Parse(path.rates[nSwitches - 1])));
    auto dst =
        DynamicCast<AtmNetDevice>(atm.Install(switches.Get(nSwitches - 1), hosts.Get(1)).Get(1));

    // The stream: a CBR PVC at the VPC's rate (never policed or shaped: the source is periodic).
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Cbr(vpc));
    const AtmPvc stream = pvcs.Install(src, dst);
    dst->SetVcNonIp(stream.dstVc);
    Ptr<AtmCbrCellSource> source = CreateObject<AtmCbrCellSource>();
    source->SetAttribute("Interval", TimeValue(interval));
    source->SetAttribute("MaxBursts", UintegerValue(cells));
    if (sourceJitter.IsStrictlyPositive())
    {
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetAttribute("Min", DoubleValue(0));
        u->SetAttribute("Max", DoubleValue(sourceJitter.GetSeconds()));
        source->SetAttribute("Jitter", PointerValue(u));
    }
    hosts.Get(0)->AddApplication(source);
    source->Setup(src, stream.srcVc);
    source->SetStartTime(MilliSeconds(1));

    // Cross traffic: host ci -> si -> s(i+1) -> sink (dst after the last switch).
    std::vector<AtmPvc> crossPvcs;
    std::vector<Ptr<AtmCbrCellSource>> crossSources;
    if (crossLoad > 0)
    {
        NodeContainer crossHosts(nSwitches);
        NodeContainer sinks(nSwitches - 1);
        pvcs.SetContract(AtmTrafficContract::Ubr());
        for (uint32_t i = 0; i < nSwitches; ++i)
        {
            atm.SetChannelAttribute("CellRate", AtmCellRateValue(access));
            auto from =
                DynamicCast<AtmNetDevice>(atm.Install(crossHosts.Get(i), switches.Get(i)).Get(0));
            Ptr<AtmNetDevice> to = dst;
            if (i + 1 < nSwitches)
            {
                atm.SetChannelAttribute("CellRate",
                                        AtmCellRateValue(AtmCellRate::Parse(path.rates[i])));
                to = DynamicCast<AtmNetDevice>(
                    atm.Install(switches.Get(i + 1), sinks.Get(i)).Get(1));
            }
            crossPvcs.push_back(pvcs.Install(from, to));
            to->SetVcNonIp(crossPvcs.back().dstVc);
            const double linkCells = AtmCellRate::Parse(path.rates[i]).GetCellsPerSecond();
            const Time mean = Seconds(crossBurst / (crossLoad * linkCells));
            Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
            u->SetAttribute("Min", DoubleValue(0));
            u->SetAttribute("Max", DoubleValue(mean.GetSeconds()));
            Ptr<AtmCbrCellSource> cross = CreateObject<AtmCbrCellSource>();
            cross->SetAttribute("Interval", TimeValue(mean));
            cross->SetAttribute("Jitter", PointerValue(u));
            cross->SetAttribute("BurstCells", UintegerValue(crossBurst));
            crossHosts.Get(i)->AddApplication(cross);
            cross->Setup(from, crossPvcs.back().srcVc);
            cross->SetStartTime(Time(0));
            crossSources.push_back(cross);
        }
    }

    // The monitors: point p watches the link out of the transmitter after its switches.
    std::vector<std::unique_ptr<AtmCdvMonitor>> monitors;
    for (const Point& p : path.points)
    {
        monitors.push_back(std::make_unique<AtmCdvMonitor>(stream, p.switchesBefore));
    }
    const Time end = MilliSeconds(1) + interval * static_cast<int64_t>(cells) + Seconds(0.1);
    for (const auto& cross : crossSources)
    {
        cross->SetStopTime(end);
    }
    Simulator::Stop(end);
    Simulator::Run();
    const uint64_t events = Simulator::GetEventCount();

    const AtmVcLedger ledger = AtmPvcHelper::GetLedger(stream);
    bool ledgersHold = ledger.Holds();
    const uint64_t cellsLost = ledger.dropped + ledger.linkLost;
    uint64_t crossLost = 0;
    for (const AtmPvc& p : crossPvcs)
    {
        const AtmVcLedger l = AtmPvcHelper::GetLedger(p);
        ledgersHold = ledgersHold && l.Holds();
        crossLost += l.dropped + l.linkLost;
    }

    std::vector<std::string> names;
    std::vector<double> before;
    std::vector<double> count;
    std::vector<double> meanIat;
    std::vector<double> spread;
    std::vector<double> above;
    std::vector<double> below;
    std::vector<double> lmin;
    std::vector<double> ctd;
    std::vector<double> cdv;
    const AtmCdvStatistics& first = monitors.front()->GetStatistics();
    for (size_t k = 0; k < monitors.size(); ++k)
    {
        const AtmCdvStatistics& s = monitors[k]->GetStatistics();
        names.push_back(path.points[k].name);
        before.push_back(path.points[k].switchesBefore);
        count.push_back(static_cast<double>(s.GetCells()));
        meanIat.push_back(s.GetMeanIat().GetSeconds() * 1e3);
        spread.push_back(s.GetIatSpread().GetSeconds() * 1e6);
        above.push_back(s.GetFractionAboveMean());
        below.push_back(s.GetFractionBelowMean());
        lmin.push_back(s.GetMinimalCdvt(interval).GetSeconds() * 1e3);
        const AtmTransferDelay d = AtmCdvStatistics::GetTransferDelay(first, s, 1e-3);
        ctd.push_back(d.mean.GetSeconds() * 1e6);
        cdv.push_back(d.peakToPeakCdv.GetSeconds() * 1e6);
    }
    std::string pointList;
    for (const std::string& n : names)
    {
        pointList += (pointList.empty() ? "" : ",") + n;
    }
    std::string rateList;
    for (const std::string& r : path.rates)
    {
        rateList += (rateList.empty() ? "" : ",") + r;
    }

    AtmJsonLine json;
    json.Add("example", "atm-cdv")
        .Add("path", pathName)
        .Add("switches", nSwitches)
        .Add("linkRates", rateList)
        .Add("rate", options.IsSet("interval") ? std::string("custom") : rate)
        .Add("intervalMs", interval.GetSeconds() * 1e3)
        .Add("cells", cells)
        .Add("crossLoad", crossLoad)
        .Add("crossBurst", crossBurst)
        .Add("queues", queues)
        .Add("sourceJitterUs", sourceJitter.GetSeconds() * 1e6)
        .Add("points", pointList)
        .Add("switchesBefore", before)
        .Add("pointCells", count)
        .Add("meanIatMs", meanIat)
        .Add("iatSpreadUs", spread)
        .Add("fractionAbove", above)
        .Add("fractionBelow", below)
        .Add("lMinMs", lmin)
        .Add("ctdMeanUs", ctd)
        .Add("cdvP2pUs", cdv)
        .Add("cellsLost", cellsLost)
        .Add("crossCellsLost", crossLost)
        .Add("ledgersHold", ledgersHold)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("RngSeed", RngSeedManager::GetSeed())
        .Add("simEvents", events);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
