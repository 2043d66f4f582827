/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-soak: does memory stay flat over a long run? The N-source workload of atm-n-source (greedy
 * TCP sources through two switches and one congested trunk, tail drop: cells are lost, frames
 * are discarded in reassembly, TCP retransmits) runs in one process until the links have carried
 * --cellHops cell-hops. A scheduled event counts the cell-hops every --checkInterval of
 * simulated time and, at each --samples-th part of the target, reads the resident set size
 * (/proc/self/statm).
 *
 * Verdict "flat after warm-up": warm-up is the first --warmup fraction of the cell-hops (default
 * 20 %, which covers TCP's slow start, the growth of every queue to its working size and the
 * reassembly buffers reaching their capacity); the run is flat if the largest RSS sampled after
 * the warm-up exceeds the RSS at the end of the warm-up by less than --toleranceMiB (default 1
 * MiB) or --tolerancePercent of it (default 2 %), whichever is larger. A leak of one allocation
 * per frame, per dropped cell or per retransmission would grow by far more: a 10^8 cell-hop run
 * carries about 10^6 frames.
 *
 * Output: the RSS curve as a table (reStructuredText simple table: fraction of the run,
 * cell-hops, simulated and wall seconds, RSS in MiB), the verdict and, last, one JSON line with
 * everything. Exit status 1 if the RSS is not flat or a PVC's cell ledger does not balance.
 * Wall-clock fields (wallS) are the only ones that differ between two runs with the same
 * --RngRun.
 *
 * @verbatim
   atm-soak --cellHops=1e8                 # CI: about 90 s simulated
   atm-soak --cellHops=1e9 --samples=20    # the manual's curve (doc/atm-reliability.rst)
   @endverbatim
 */

#include "ns3/atm-command-line.h"
#include "ns3/atm-device.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

/// One point of the RSS curve.
struct Sample
{
    double fraction;   //!< of the target cell-hops
    uint64_t cellHops; //!< counted at the sample
    double simS;       //!< simulated time
    double wallS;      //!< wall time since Simulator::Run()
    double rssMiB;     //!< resident set size
};

/**
 * @return the resident set size of this process in MiB (/proc/self/statm), -1 if unreadable
 */
double
RssMiB()
{
    FILE* f = std::fopen("/proc/self/statm", "r");
    if (f == nullptr)
    {
        return -1;
    }
    unsigned long size = 0;
    unsigned long resident = 0;
    const int n = std::fscanf(f, "%lu %lu", &size, &resident);
    std::fclose(f);
    return n == 2 ? resident * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0) : -1;
}

/// Counts cell-hops and samples the RSS from a periodic simulator event.
class Sampler
{
  public:
    /**
     * @brief Start sampling.
     * @param target cell-hops after which the simulation stops
     * @param samples points of the curve (at target x k / samples, k = 1..samples)
     * @param interval simulated time between two counts
     */
    Sampler(uint64_t target, uint32_t samples, Time interval)
        : m_target(target),
          m_samples(samples),
          m_interval(interval),
          m_start(std::chrono::steady_clock::now())
    {
        for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
        {
            for (uint32_t d = 0; d < (*node)->GetNDevices(); ++d)
            {
                Ptr<AtmDevice> device = DynamicCast<AtmDevice>((*node)->GetDevice(d));
                if (device)
                {
                    m_devices.push_back(device);
                }
            }
        }
        m_curve.push_back({0, 0, 0, 0, RssMiB()});
        Simulator::Schedule(m_interval, &Sampler::Check, this);
    }

    /// @return cell-hops so far: cells sent by every ATM device
    uint64_t CellHops() const
    {
        uint64_t n = 0;
        for (const auto& device : m_devices)
        {
            n += device->GetCellsSent();
        }
        return n;
    }

    /// @return the samples, the first at the start (before any cell)
    const std::vector<Sample>& GetCurve() const
    {
        return m_curve;
    }

  private:
    /// Count, sample when a point is due, stop at the target.
    void Check()
    {
        const uint64_t hops = CellHops();
        while (m_next <= m_samples &&
               hops >= static_cast<uint64_t>(static_cast<double>(m_target) * m_next / m_samples))
        {
            const double wall =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
            m_curve.push_back({static_cast<double>(m_next) / m_samples,
                               hops,
                               Simulator::Now().GetSeconds(),
                               wall,
                               RssMiB()});
            ++m_next;
        }
        if (hops >= m_target)
        {
            Simulator::Stop();
            return;
        }
        Simulator::Schedule(m_interval, &Sampler::Check, this);
    }

    uint64_t m_target;                             //!< cell-hops of the run
    uint32_t m_samples;                            //!< points of the curve
    Time m_interval;                               //!< between two counts
    std::chrono::steady_clock::time_point m_start; //!< wall clock at the start
    std::vector<Ptr<AtmDevice>> m_devices;         //!< every ATM device
    std::vector<Sample> m_curve;                   //!< the samples
    uint32_t m_next{1};                            //!< the next point due
};

} // namespace

int
main(int argc, char* argv[])
{
    double cellHops = 1e8;
    uint32_t samples = 20;
    uint32_t nSources = 5;
    uint32_t bufferCells = 1000;
    std::string policy = "tail";
    double warmup = 0.2;
    double toleranceMiB = 1;
    double tolerancePercent = 2;
    Time checkInterval = MilliSeconds(10);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    options.AddValue("cellHops",
                     "cell-hops to simulate (cells sent on any link)",
                     cellHops,
                     1,
                     1e15);
    options.AddValue("samples", "points of the RSS curve", samples, 1, 100000);
    options.AddValue("nSources", "greedy TCP sources", nSources, 1, 32000);
    options.AddValue("bufferCells", "cell buffer of every switch port", bufferCells, 1, 4000000);
    options.AddValue("policy",
                     "buffer policy of every switch port (atm-n-source's names)",
                     policy,
                     AtmCommandLine::BufferPolicyCheck());
    options.AddValue("warmup", "fraction of the run before the RSS must stay flat", warmup, 0, 1);
    options.AddValue("toleranceMiB",
                     "RSS growth after the warm-up still called flat, MiB",
                     toleranceMiB,
                     0,
                     1e6);
    options.AddValue("tolerancePercent",
                     "RSS growth after the warm-up still called flat, % of the warm-up RSS "
                     "(the larger of the two tolerances applies)",
                     tolerancePercent,
                     0,
                     100);
    options.AddValue("checkInterval",
                     "simulated time between two cell-hop counts",
                     checkInterval,
                     NanoSeconds(1),
                     Seconds(100));
    cmd.Parse(argc, argv);
    options.Require(warmup < 1, "warmup", "expected a fraction in [0, 1)");
    const auto target = static_cast<uint64_t>(cellHops);

    AtmNSourceHelper nsrc;
    nsrc.SetNSources(nSources);
    nsrc.SetBufferCells(bufferCells);
    nsrc.SetBufferPolicy(policy);
    const AtmNSourceTopology topology = nsrc.Install();
    AtmNSourceTraffic traffic;
    // The sources never stop by themselves: the sampler stops the run at the target.
    traffic.Install(topology, Seconds(0), Seconds(1e6), MilliSeconds(1));

    Sampler sampler(target, samples, checkInterval);
    const double rssBefore = RssMiB();
    Simulator::Run();
    const std::vector<Sample>& curve = sampler.GetCurve();
    const AtmNSourceResults results = traffic.GetResults();
    const uint64_t events = Simulator::GetEventCount();

    // The warm-up sample: the first at or after the warm-up fraction.
    size_t w = 0;
    while (w + 1 < curve.size() && curve[w].fraction < warmup - 1e-9)
    {
        ++w;
    }
    double maxAfter = curve[w].rssMiB;
    for (size_t i = w; i < curve.size(); ++i)
    {
        maxAfter = std::max(maxAfter, curve[i].rssMiB);
    }
    const double growth = maxAfter - curve[w].rssMiB;
    const double allowed = std::max(toleranceMiB, curve[w].rssMiB * tolerancePercent / 100);
    const bool complete = curve.size() == samples + 1U;
    const bool flat = complete && growth < allowed;

    std::cout << "atm-soak: " << nSources << " TCP sources, " << policy << " buffers of "
              << bufferCells << " cells, " << target << " cell-hops\n\n";
    std::cout << "======== ============== ========== ========== ========\n"
              << "fraction cell-hops      sim s      wall s     RSS MiB\n"
              << "======== ============== ========== ========== ========\n";
    for (const Sample& s : curve)
    {
        std::cout << std::fixed << std::setprecision(2) << std::left << std::setw(9) << s.fraction
                  << std::setw(15) << s.cellHops << std::setw(11) << s.simS << std::setw(11)
                  << s.wallS << std::setprecision(1) << s.rssMiB << "\n";
    }
    std::cout << "======== ============== ========== ========== ========\n\n"
              << std::setprecision(2) << "RSS after warm-up (" << curve[w].fraction * 100
              << " %): " << curve[w].rssMiB << " MiB; largest later: " << maxAfter
              << " MiB; growth " << growth << " MiB (allowed " << allowed << " MiB): "
              << (flat       ? "flat after warm-up"
                  : complete ? "NOT flat"
                             : "run incomplete")
              << "\n";

    std::ostringstream json;
    json << std::setprecision(10) << "{\"program\":\"atm-soak\",\"nSources\":" << nSources
         << ",\"bufferCells\":" << bufferCells << ",\"policy\":\"" << policy
         << "\",\"targetCellHops\":" << target << ",\"cellHops\":" << sampler.CellHops()
         << ",\"simS\":" << Simulator::Now().GetSeconds() << ",\"events\":" << events
         << ",\"cellsDropped\":" << results.cellsDropped
         << ",\"retransmissions\":" << results.retransmissions
         << ",\"ledgersHold\":" << (results.ledgersHold ? "true" : "false")
         << ",\"rssBeforeRunMiB\":" << rssBefore << ",\"warmupFraction\":" << curve[w].fraction
         << ",\"warmupRssMiB\":" << curve[w].rssMiB << ",\"maxRssAfterWarmupMiB\":" << maxAfter
         << ",\"growthMiB\":" << growth << ",\"allowedMiB\":" << allowed
         << ",\"flat\":" << (flat ? "true" : "false") << ",\"curve\":[";
    for (size_t i = 0; i < curve.size(); ++i)
    {
        json << (i ? "," : "") << "{\"fraction\":" << curve[i].fraction
             << ",\"cellHops\":" << curve[i].cellHops << ",\"simS\":" << curve[i].simS
             << ",\"wallS\":" << curve[i].wallS << ",\"rssMiB\":" << curve[i].rssMiB << "}";
    }
    json << "]}";
    std::cout << json.str() << std::endl;
    Simulator::Destroy();
    return flat && results.ledgersHold ? 0 : 1;
}
