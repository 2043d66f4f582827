/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-channel.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/double.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <set>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmNSourceHelper, AtmDelayPreset and AtmTcpFlowProbe (the N-source topology and its
 * metrics), and the robust results of SPEC 5.1 (SANDIA) and 5.4 (JAIN ICCCN LAN) at short
 * durations: the orderings of the schemes and the hard tolerances that hold for them.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One short SANDIA run (SPEC 4.1): 6 sessions over the 2.75 us/cell trunk, 8152-byte MSS.
struct SandiaRun
{
    std::string scheme; //!< fc, simple, drop-tail or drop-whole
    uint32_t n;         //!< sessions
    Time duration;      //!< simulated time
};

/**
 * @brief Build and run one SANDIA configuration.
 * @param run the configuration
 * @return its results
 */
AtmNSourceResults
RunSandia(const SandiaRun& run)
{
    TcpEraPresets tcp = TcpEraPresets::ForSource("sandia");
    tcp.SetVariant(TcpEraPresets::RENO);
    tcp.SetSegmentSize(8152); // IP 8192 with LLC/SNAP: 171 cells, SANDIA's 8 KB packet
    tcp.SetDelayedAck(false);
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(run.n);
    nsrc.SetLinkRate(AtmCellRate("Sandia"));
    nsrc.SetDelays(AtmDelayPreset::Get("sandia"));
    nsrc.SetTcp(tcp);
    nsrc.SetHostCpu(MicroSeconds(300), MicroSeconds(300));
    if (run.scheme == "fc")
    {
        nsrc.SetCreditFlowControl(5);
        nsrc.SetBufferCells(100000);
    }
    else
    {
        nsrc.SetPerVcQueues(true);
        nsrc.SetBufferCells(run.n * 256);
        nsrc.SetBufferPolicy(run.scheme == "simple" ? "vc-tail" : run.scheme);
        nsrc.SetBufferPolicyAttribute("VcBufferCells", UintegerValue(256));
    }
    nsrc.Install();
    nsrc.InstallBulkSend(Seconds(0), run.duration, MilliSeconds(1));
    Simulator::Stop(run.duration);
    Simulator::Run();
    AtmNSourceResults r = nsrc.GetResults();
    Simulator::Destroy();
    return r;
}

/**
 * @brief Build and run one JAIN ICCCN LAN configuration (SPEC 4.4): SACK, MSS 512, 64 KB window.
 * @param n sources
 * @param bufferCells K
 * @param policy tail, epd or sd
 * @param duration simulated time
 * @return its results
 */
AtmNSourceResults
RunJainLan(uint32_t n, uint32_t bufferCells, const std::string& policy, Time duration)
{
    TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
    tcp.SetVariant(TcpEraPresets::SACK);
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(n);
    nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
    nsrc.SetDelays(AtmDelayPreset::Get("lan"));
    nsrc.SetBufferCells(bufferCells);
    nsrc.SetBufferPolicy(policy);
    if (policy != "tail")
    {
        nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(0.8));
    }
    nsrc.SetTcp(tcp);
    nsrc.Install();
    nsrc.InstallBulkSend(Seconds(0), duration, MilliSeconds(1));
    Simulator::Stop(duration);
    Simulator::Run();
    AtmNSourceResults r = nsrc.GetResults();
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The delay presets hold SPEC 3.27's values and an unknown name is refused by name.
 */
class AtmDelayPresetTestCase : public TestCase
{
  public:
    AtmDelayPresetTestCase()
        : TestCase("Delay presets: LAN 30 us, WAN and LEO 30 ms, multi-LEO 120 ms, MEO 200 ms, "
                   "GEO 550 ms round trip; SANDIA 500 ns links")
    {
    }

  private:
    void DoRun() override
    {
        const struct
        {
            const char* name;
            Time rtt;
        } expected[] = {{"lan", MicroSeconds(30)},
                        {"wan", MilliSeconds(30)},
                        {"leo", MilliSeconds(30)},
                        {"multi-leo", MilliSeconds(120)},
                        {"meo", MicroSeconds(200020)},
                        {"geo", MicroSeconds(550020)},
                        {"sandia", NanoSeconds(3000)}};

        for (const auto& e : expected)
        {
            NS_TEST_ASSERT_MSG_EQ(AtmDelayPreset::Get(e.name).GetRoundTripPropagation(),
                                  e.rtt,
                                  e.name);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmDelayPreset::Get("geo").trunkDelay, MilliSeconds(275), "GEO hop");
        NS_TEST_ASSERT_MSG_EQ(AtmDelayPreset::GetAll().size(), 7U, "seven presets");
        NS_TEST_ASSERT_MSG_EQ(AtmDelayPreset::GetNames(),
                              std::string("lan|wan|leo|multi-leo|meo|geo|sandia"),
                              "names in table order");
    }
};

/**
 * @ingroup atm-tests
 * @brief The helper builds N hosts per side, two switches, one PVC per flow over three links
 * with the configured rates and delays; a lossless run delivers with no retransmission.
 */
class AtmNSourceTopologyTestCase : public TestCase
{
  public:
    AtmNSourceTopologyTestCase()
        : TestCase("N-source topology: 3 sources, s0 and s1 with 4 ports, PVCs over 3 links with "
                   "the preset delays; a lossless run: no drop, no retransmission, ledgers hold")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 3;
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(n);
        nsrc.SetLinkRate(AtmCellRate("OC3c"));
        nsrc.SetTrunkRate(AtmCellRate("E3"));
        nsrc.SetDelays(AtmDelayPreset::Get("wan"));
        nsrc.SetBufferCells(20000); // holds three 64 KB windows
        nsrc.Install();
        NS_TEST_ASSERT_MSG_EQ(nsrc.GetSources().GetN(), n, "sources");
        NS_TEST_ASSERT_MSG_EQ(nsrc.GetSinks().GetN(), n, "sinks");
        for (uint32_t s = 0; s < 2; ++s)
        {
            NS_TEST_ASSERT_MSG_EQ(nsrc.GetSwitches().Get(s)->GetNDevices(),
                                  n + 1,
                                  "switch " << s << ": N access ports and the trunk");
            NS_TEST_ASSERT_MSG_NE(nsrc.GetSwitches().Get(s)->GetObject<AtmSwitch>(),
                                  nullptr,
                                  "switch " << s);
        }
        Ptr<AtmChannel> trunk = DynamicCast<AtmChannel>(nsrc.GetTrunkDevice()->GetChannel());
        TimeValue delay;
        trunk->GetAttribute("Delay", delay);
        NS_TEST_ASSERT_MSG_EQ(delay.Get(), MilliSeconds(5), "trunk delay");
        AtmCellRateValue rate;
        trunk->GetAttribute("CellRate", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate("E3"), "trunk rate");
        Ptr<AtmChannel> access = DynamicCast<AtmChannel>(nsrc.GetSourceDevice(1)->GetChannel());
        access->GetAttribute("CellRate", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate("OC3c"), "access rate");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(nsrc.GetPvc(i).labels.size(), 3U, "flow " << i << ": 3 links");
            NS_TEST_ASSERT_MSG_EQ(nsrc.GetPvc(i).src, nsrc.GetSourceDevice(i), "PVC source");
        }
        NS_TEST_ASSERT_MSG_NE(nsrc.GetSinkAddress(0), nsrc.GetSinkAddress(2), "addresses");
        // C at E3 for MSS 512 (JAIN preset): 12 cells per segment.
        NS_TEST_ASSERT_MSG_EQ_TOL(nsrc.GetMaxGoodputMbps(),
                                  80000.0 * 8 * 512 / 12 / 1e6,
                                  1e-9,
                                  "C");

        nsrc.InstallBulkSend(Seconds(0), Seconds(2), MilliSeconds(1));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const AtmNSourceResults r = nsrc.GetResults();
        NS_TEST_ASSERT_MSG_EQ(r.goodputMbps.size(), n, "one goodput per flow");
        NS_TEST_ASSERT_MSG_EQ(r.cellsDropped, 0U, "the buffer holds every window");
        NS_TEST_ASSERT_MSG_EQ(r.retransmissions, 0U, "no loss, no retransmission");
        NS_TEST_ASSERT_MSG_EQ(r.timeouts, 0U, "no timeout");
        NS_TEST_ASSERT_MSG_EQ(r.ledgersHold, true, "cell ledgers");
        NS_TEST_ASSERT_MSG_GT(r.dataSegmentsSent, 1000U, "data flowed");
        NS_TEST_ASSERT_MSG_GT(r.efficiency, 0.8, "the E3 trunk is the bottleneck and is used");
        NS_TEST_ASSERT_MSG_LT(r.efficiency, 1.0, "below the ceiling");
        NS_TEST_ASSERT_MSG_GT(r.fairness, 0.95, "symmetric flows, a FIFO that never drops");
        NS_TEST_ASSERT_MSG_GT(r.meanRttMs, 30.0, "RTT above the 30 ms propagation");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(nsrc.GetProbe(i)->IsAttached(), true, "probe " << i);
            const double bytes = nsrc.GetSinkApplication(i)->GetTotalRx();
            NS_TEST_ASSERT_MSG_EQ_TOL(r.goodputMbps[i], bytes * 8 / 2 / 1e6, 1e-9, "goodput");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The flow probe: exact RTT of an unloaded path, and one retransmission for one loss.
 */
class AtmTcpFlowProbeTestCase : public TestCase
{
  public:
    AtmTcpFlowProbeTestCase()
        : TestCase("TCP flow probe: RTT of an idle 30 ms path within 0.1 ms; one dropped "
                   "segment gives one retransmission, no timeout (NewReno), and no RTT sample "
                   "above the path RTT plus recovery")
    {
    }

  private:
    void DoRun() override
    {
        TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
        // NewReno: one loss, one retransmission. (SACK, limited by this small window, would add
        // RFC 6675 rescue retransmissions of unSACKed data: real ones, counted as such.)
        tcp.SetVariant(TcpEraPresets::NEWRENO);
        tcp.SetWindow(8192); // 16 segments: no queueing at OC-3c over 30 ms
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(1);
        nsrc.SetDelays(AtmDelayPreset::Get("wan"));
        nsrc.SetTcp(tcp);
        nsrc.Install();
        Ptr<TcpSegmentDropModel> em = CreateObject<TcpSegmentDropModel>();
        em->Add(1 + 100 * 512);
        nsrc.GetSinkDevice(0)->SetAttribute("ReceiveErrorModel", PointerValue(em));
        nsrc.InstallBulkSend(Seconds(0), Seconds(3));
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Ptr<AtmTcpFlowProbe> probe = nsrc.GetProbe(0);
        NS_TEST_ASSERT_MSG_EQ(em->GetDropped(), 1U, "one segment dropped");
        NS_TEST_ASSERT_MSG_EQ(probe->GetRetransmissions(), 1U, "one retransmission");
        NS_TEST_ASSERT_MSG_EQ(probe->GetTimeouts(), 0U, "fast retransmit, no timeout");
        NS_TEST_ASSERT_MSG_GT(probe->GetRttSamples(), 1000U, "samples");
        // 30 ms of propagation plus the serialisation of one 12-cell segment on three links
        // and a 2-cell ACK on three links (OC-3c, 2.83 us per cell).
        const double expectMs = 30.0 + 3 * (12 + 2) * 53 * 8 / 149.76e6 * 1e3;
        NS_TEST_ASSERT_MSG_EQ_TOL(probe->GetMeanRtt().GetSeconds() * 1e3,
                                  expectMs,
                                  0.1,
                                  "mean RTT of an uncongested path");
        NS_TEST_ASSERT_MSG_LT(probe->GetMaxRtt().GetSeconds() * 1e3,
                              expectMs + 1,
                              "Karn: no sample spans the recovery");
        const AtmNSourceResults r = nsrc.GetResults();
        NS_TEST_ASSERT_MSG_EQ(r.retransmissions, 1U, "results sum the probes");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.retransmissionPercent,
                                  100.0 / probe->GetDataSegmentsSent(),
                                  1e-12,
                                  "retransmission percent");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief SANDIA-SEL (SPEC 5.1): credit flow control vs simple cell drop, drop-tail and
 * drop-whole on 256-cell per-VC queues, 6 sessions.
 */
class AtmSandiaSchemesTestCase : public TestCase
{
  public:
    AtmSandiaSchemesTestCase()
        : TestCase(
              "SANDIA-SEL, 6 sessions, 2 s: FC at C over 6 +-3 % with no loss or retransmission "
              "and F >= 0.99; throughput simple < drop-tail < drop-whole <= FC; "
              "retransmissions simple > drop-tail > drop-whole; drop-whole loss ~ retx")
    {
    }

  private:
    void DoRun() override
    {
        const Time d = Seconds(2);
        const AtmNSourceResults fc = RunSandia({"fc", 6, d});
        const AtmNSourceResults simple = RunSandia({"simple", 6, d});
        const AtmNSourceResults tail = RunSandia({"drop-tail", 6, d});
        const AtmNSourceResults whole = RunSandia({"drop-whole", 6, d});

        const double share = fc.maxGoodputMbps / 6;
        for (double x : fc.goodputMbps)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(x, share, 0.03 * share, "FC per-session goodput");
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(fc.fairness, 0.99, "FC fairness");
        NS_TEST_ASSERT_MSG_EQ(fc.cellsDropped, 0U, "FC loses no cell");
        NS_TEST_ASSERT_MSG_EQ(fc.retransmissions, 0U, "FC retransmits nothing");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(fc.effectiveUtilization, 0.97, "FC effective utilisation");

        NS_TEST_ASSERT_MSG_LT(simple.totalGoodputMbps, tail.totalGoodputMbps, "simple < tail");
        NS_TEST_ASSERT_MSG_LT(tail.totalGoodputMbps, whole.totalGoodputMbps, "tail < whole");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(whole.totalGoodputMbps, fc.totalGoodputMbps, "whole <= FC");
        NS_TEST_ASSERT_MSG_GT(simple.retransmissionPercent,
                              tail.retransmissionPercent,
                              "retx simple > tail");
        NS_TEST_ASSERT_MSG_GT(tail.retransmissionPercent,
                              whole.retransmissionPercent,
                              "retx tail > whole");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(
            std::abs(100 * whole.cellLossRatio - whole.retransmissionPercent),
            3.0,
            "drop-whole: cell loss % ~ retransmission %");
        // Raw = effective for drop-whole (no useless cells), not for simple drop.
        NS_TEST_ASSERT_MSG_EQ_TOL(whole.rawUtilization,
                                  whole.effectiveUtilization,
                                  0.01,
                                  "drop-whole carries no useless cells");
        NS_TEST_ASSERT_MSG_GT(simple.rawUtilization - simple.effectiveUtilization,
                              0.1,
                              "simple drop carries useless cells");
        for (const AtmNSourceResults* r : {&fc, &simple, &tail, &whole})
        {
            NS_TEST_ASSERT_MSG_EQ(r->ledgersHold, true, "cell ledgers");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief SANDIA-N (SPEC 5.1): with credits the round trip grows as N W / C.
 */
class AtmSandiaRttTestCase : public TestCase
{
  public:
    AtmSandiaRttTestCase()
        : TestCase(
              "SANDIA-N with credit flow control: RTT within 20 % of N W over C for N = 2, 4, 6 "
              "and each session at C over N")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {2U, 4U, 6U})
        {
            const AtmNSourceResults r = RunSandia({"fc", n, Seconds(1)});
            const double wOverCMs = 65536 * 8 / (r.maxGoodputMbps * 1e6) * 1e3;
            NS_TEST_ASSERT_MSG_EQ_TOL(r.meanRttMs, n * wOverCMs, 0.2 * n * wOverCMs, "N=" << n);
            for (double x : r.goodputMbps)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(x,
                                          r.maxGoodputMbps / n,
                                          0.05 * r.maxGoodputMbps / n,
                                          "N=" << n << " share");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief JAIN ICCCN LAN at 1000 cells (SPEC 5.4): frame-aware policies restore fairness.
 */
class AtmJainLanTestCase : public TestCase
{
  public:
    /// @param n number of sources
    AtmJainLanTestCase(uint32_t n)
        : TestCase("JAIN ICCCN LAN, SACK, 1000 cells, N=" + std::to_string(n) +
                   ", 3 s, mean of RngRun 1-3: fairness of EPD and SD well above UBR, SD >= EPD "
                   "(0.02 tie band), efficiency SD > UBR"),
          m_n(n)
    {
    }

  private:
    void DoRun() override
    {
        // UBR's fairness at 1000 cells varies widely between seeds in short runs (0.2-0.99):
        // the orderings are asserted on the mean of three fixed seeds, whatever the global
        // RngRun (restored when the guard goes out of scope, even if an assertion fails).
        atmtest::RngRunGuard rngRun;
        const Time d = Seconds(3);
        const uint32_t seeds = 3;
        double fair[3] = {0, 0, 0}; // UBR, EPD, SD
        double eff[3] = {0, 0, 0};
        const char* policies[3] = {"tail", "epd", "sd"};
        for (uint32_t run = 1; run <= seeds; ++run)
        {
            rngRun.Set(run);
            for (int p = 0; p < 3; ++p)
            {
                const AtmNSourceResults r = RunJainLan(m_n, 1000, policies[p], d);
                NS_TEST_ASSERT_MSG_EQ(r.ledgersHold, true, "cell ledgers");
                NS_TEST_ASSERT_MSG_LT(r.efficiency, 1.0, "below C");
                fair[p] += r.fairness / seeds;
                eff[p] += r.efficiency / seeds;
            }
        }
        NS_TEST_ASSERT_MSG_GT(fair[1], fair[0] + 0.1, "EPD fairer than UBR");
        NS_TEST_ASSERT_MSG_GT(fair[2], fair[0] + 0.1, "SD fairer than UBR");
        // Both are near 1 here (0.97-1.00): the published SD >= EPD is checked with a tie band.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(fair[2], fair[1] - 0.02, "SD >= EPD");
        NS_TEST_ASSERT_MSG_GT(eff[2], eff[0], "SD more efficient than UBR");
    }

    uint32_t m_n; //!< sources
};

/**
 * @ingroup atm-tests
 * @brief Tick phases (JAIN-BUF, single-hop LEO, 15 SACK sources started together, MSS 9180, 750
 * cells, SD): with every host on one tick grid the first frames collide, every flow times out at
 * the same tick boundary and retransmits into the same collision, back-off after back-off (nothing
 * is delivered); with one random phase per host the retransmissions spread over the tick and the
 * link fills. The phases themselves: 0 by default, in [0, 100 ms) and distinct when random.
 */
class AtmTickPhaseTestCase : public TestCase
{
  public:
    AtmTickPhaseTestCase()
        : TestCase("JAIN-BUF LEO, 15 sources, 750 cells, 3 s: a common tick grid livelocks "
                   "(efficiency < 0.05), random per-host tick phases do not (> 0.5)")
    {
    }

  private:
    /**
     * @param random one random tick phase per host
     * @param phases filled with every host's phase
     * @return the run's results
     */
    static AtmNSourceResults Run(bool random, std::vector<Time>* phases)
    {
        TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
        tcp.SetVariant(TcpEraPresets::SACK);
        tcp.SetSegmentSize(9180);
        tcp.SetWindow(600000);
        tcp.SetDelayedAck(false);
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(15);
        nsrc.SetLinkRate(AtmCellRate("OC3c"));
        nsrc.SetDelays(AtmDelayPreset::Get("leo"));
        nsrc.SetBufferCells(750);
        nsrc.SetBufferPolicy("sd");
        nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(0.8));
        nsrc.SetBufferPolicyAttribute("Z", DoubleValue(0.8));
        nsrc.SetTcp(tcp);
        nsrc.SetRandomTickPhase(random);
        nsrc.Install();
        for (uint32_t i = 0; i < 15; ++i)
        {
            phases->push_back(nsrc.GetTickPhases(i).first);
            phases->push_back(nsrc.GetTickPhases(i).second);
        }
        const Time d = Seconds(3);
        // All sources start together, so that the first frames collide whatever the seed.
        nsrc.InstallBulkSend(Seconds(0), d);
        Simulator::Stop(d);
        Simulator::Run();
        AtmNSourceResults r = nsrc.GetResults();
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        std::vector<Time> common;
        std::vector<Time> random;
        const AtmNSourceResults lock = Run(false, &common);
        const AtmNSourceResults spread = Run(true, &random);
        for (const Time& p : common)
        {
            NS_TEST_ASSERT_MSG_EQ(p, Time(0), "default: every host on the grid from 0");
        }
        std::set<int64_t> distinct;
        for (const Time& p : random)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(p, Time(0), "phase >= 0");
            NS_TEST_ASSERT_MSG_LT(p, MilliSeconds(100), "phase < the 100 ms tick");
            distinct.insert(p.GetTimeStep());
        }
        NS_TEST_ASSERT_MSG_EQ(distinct.size(), random.size(), "one phase per host");
        NS_TEST_ASSERT_MSG_LT(lock.efficiency, 0.05, "common grid: synchronised livelock");
        NS_TEST_ASSERT_MSG_GT(spread.efficiency, 0.5, "random phases: the link fills");
        NS_TEST_ASSERT_MSG_EQ(lock.ledgersHold, true, "cell ledgers");
        NS_TEST_ASSERT_MSG_EQ(spread.ledgersHold, true, "cell ledgers");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-n-source test suite.
 */
class AtmNSourceTestSuite : public TestSuite
{
  public:
    AtmNSourceTestSuite()
        : TestSuite("atm-n-source", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmDelayPresetTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmNSourceTopologyTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmTcpFlowProbeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSandiaSchemesTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmSandiaRttTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmJainLanTestCase(5), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmJainLanTestCase(15), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmTickPhaseTestCase, ATM_TEST_EXTENSIVE);
    }
};

static AtmNSourceTestSuite g_atmNSourceTestSuite; //!< static instance registering the suite
