/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-channel.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-erica-plus.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmNSourceHelper, AtmNSourceTraffic, AtmDelayPreset and AtmTcpFlowProbe (the N-source
 * topology, its transfers and their metrics), and the robust results of SANDIA (SANDIA-SEL,
 * SANDIA-N) and JAIN ICCCN LAN at short durations: the orderings of the schemes and the hard
 * tolerances that hold for them.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One short SANDIA run (SANDIA Table 1): 6 sessions over the 2.75 us/cell trunk, 8152-byte MSS.
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
    AtmNSourceTraffic traffic;
    traffic.Install(nsrc.Install(), Seconds(0), run.duration, MilliSeconds(1));
    Simulator::Stop(run.duration);
    Simulator::Run();
    AtmNSourceResults r = traffic.GetResults();
    Simulator::Destroy();
    return r;
}

/**
 * @brief Build and run one JAIN ICCCN LAN configuration (ICCCN Fig 5): SACK, MSS 512, 64 KB window.
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
    AtmNSourceTraffic traffic;
    traffic.Install(nsrc.Install(), Seconds(0), duration, MilliSeconds(1));
    Simulator::Stop(duration);
    Simulator::Run();
    AtmNSourceResults r = traffic.GetResults();
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The delay presets hold the studies' one-way delays and the table's names, in order.
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
 * @brief SetSharedSink: the N connections end at one host behind one link from s1 (E3, slower
 *        than the OC-12c trunk): one destination node, NIC and address; s1 has one port to it,
 *        the bottleneck, where C and the utilisations are measured; the connections differ by
 *        port and each delivers; the trunk never queues, the sink port does.
 */
class AtmNSourceSharedSinkTestCase : public TestCase
{
  public:
    AtmNSourceSharedSinkTestCase()
        : TestCase("N-source topology with a shared destination: one host, one link (the "
                   "bottleneck) from s1, one port per connection, each delivers")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 3;
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(n);
        nsrc.SetLinkRate(AtmCellRate("OC3c"));
        nsrc.SetTrunkRate(AtmCellRate("OC12c"));
        nsrc.SetDelays(AtmDelayPreset::Get("wan"));
        nsrc.SetSharedSink(AtmCellRate("E3"), MicroSeconds(5));
        nsrc.SetBufferCells(20000); // holds three 64 KB windows
        const AtmNSourceTopology t = nsrc.Install();
        NS_TEST_ASSERT_MSG_EQ(t.sinks.GetN(), n, "sinks: one entry per flow");
        NS_TEST_ASSERT_MSG_EQ(
            std::set<uint32_t>(
                {t.sinks.Get(0)->GetId(), t.sinks.Get(1)->GetId(), t.sinks.Get(2)->GetId()})
                .size(),
            1U,
            "one destination node");
        NS_TEST_ASSERT_MSG_EQ(t.sinkDevices[0], t.sinkDevices[2], "one destination NIC");
        NS_TEST_ASSERT_MSG_EQ(t.sinkAddresses[0], t.sinkAddresses[2], "one address");
        NS_TEST_ASSERT_MSG_NE(t.sinkPort, nullptr, "s1's port to the destination");
        NS_TEST_ASSERT_MSG_EQ(t.bottleneck, t.sinkPort, "the slower sink link is the bottleneck");
        NS_TEST_ASSERT_MSG_EQ(t.forwardPorts.size(), 2U, "s1's port to the sink, the trunk");
        NS_TEST_ASSERT_MSG_EQ(t.forwardPorts.back(), t.trunk, "the trunk port last");
        NS_TEST_ASSERT_MSG_EQ(t.switches.Get(1)->GetNDevices(), 2U, "s1: the trunk, the sink");
        NS_TEST_ASSERT_MSG_EQ(t.sinks.Get(0)->GetNDevices(), 2U, "the host: loopback, one NIC");
        AtmCellRateValue rate;
        t.sinkPort->GetChannel()->GetAttribute("CellRate", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate("E3"), "sink link rate");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(t.pvcs[i].dst, t.sinkDevices[0], "PVC " << i << " ends at it");
            NS_TEST_ASSERT_MSG_EQ(t.pvcs[i].labels.size(), 3U, "flow " << i << ": 3 links");
        }
        // C at E3 for MSS 512 (JAIN preset): 12 cells per segment.
        NS_TEST_ASSERT_MSG_EQ_TOL(t.maxGoodputMbps, 80000.0 * 8 * 512 / 12 / 1e6, 1e-9, "C");

        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(2), MilliSeconds(1), 7000);
        uint32_t trunkMax = 0;
        uint32_t sinkMax = 0;
        for (auto [dev, m] : {std::make_pair(t.trunk, &trunkMax), {t.sinkPort, &sinkMax}})
        {
            dev->GetOutputPort()->TraceConnectWithoutContext(
                "CellsInQueue",
                MakeBoundCallback(
                    +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
                    m));
        }
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const AtmNSourceResults r = traffic.GetResults();
        std::set<uint16_t> ports;
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_GT(traffic.GetSinkApplication(i)->GetTotalRx(),
                                  100000U,
                                  "flow " << i << " delivers");
            Address local;
            traffic.GetSinkApplication(i)->GetListeningSocket()->GetSockName(local);
            ports.insert(InetSocketAddress::ConvertFrom(local).GetPort());
        }
        NS_TEST_ASSERT_MSG_EQ(ports.size(), n, "one port per connection");
        NS_TEST_ASSERT_MSG_EQ(*ports.begin(), 7000, "from the base port");
        NS_TEST_ASSERT_MSG_EQ(r.cellsDropped, 0U, "the buffer holds every window");
        NS_TEST_ASSERT_MSG_EQ(r.ledgersHold, true, "cell ledgers");
        // Three OC-3c inputs into the OC-12c trunk (four times as fast): cells that arrive in
        // the same instant wait a few trunk slots, never more than one per other input.
        NS_TEST_ASSERT_MSG_LT(trunkMax, n, "the trunk is never a queue");
        NS_TEST_ASSERT_MSG_GT(sinkMax, 100U, "the E3 sink port does");
        NS_TEST_ASSERT_MSG_GT(r.efficiency, 0.8, "the bottleneck is used");
        NS_TEST_ASSERT_MSG_LT(r.rawUtilization, 1.0 + 1e-9, "utilisation of the E3 port");
        NS_TEST_ASSERT_MSG_GT(r.rawUtilization, 0.8, "utilisation of the E3 port");
        Simulator::Destroy();
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
        const AtmNSourceTopology t = nsrc.Install();
        NS_TEST_ASSERT_MSG_EQ(t.sources.GetN(), n, "sources");
        NS_TEST_ASSERT_MSG_EQ(t.sinks.GetN(), n, "sinks");
        NS_TEST_ASSERT_MSG_EQ(t.sourceDevices.size(), n, "one NIC per source");
        NS_TEST_ASSERT_MSG_EQ(t.sinkDevices.size(), n, "one NIC per destination");
        NS_TEST_ASSERT_MSG_EQ(t.forwardPorts.size(), n + 1, "s1's ports to the sinks, the trunk");
        NS_TEST_ASSERT_MSG_EQ(t.forwardPorts.back(), t.trunk, "the trunk port last");
        NS_TEST_ASSERT_MSG_EQ(t.sourceTcp.size(), n, "one TCP per source");
        NS_TEST_ASSERT_MSG_EQ(t.sinkTcp.size(), n, "one TCP per destination");
        NS_TEST_ASSERT_MSG_EQ(t.vbrSource, nullptr, "no VBR source unless asked for");
        for (uint32_t s = 0; s < 2; ++s)
        {
            NS_TEST_ASSERT_MSG_EQ(t.switches.Get(s)->GetNDevices(),
                                  n + 1,
                                  "switch " << s << ": N access ports and the trunk");
            NS_TEST_ASSERT_MSG_NE(t.switches.Get(s)->GetObject<AtmSwitch>(),
                                  nullptr,
                                  "switch " << s);
        }
        Ptr<AtmChannel> trunk = DynamicCast<AtmChannel>(t.trunk->GetChannel());
        TimeValue delay;
        trunk->GetAttribute("Delay", delay);
        NS_TEST_ASSERT_MSG_EQ(delay.Get(), MilliSeconds(5), "trunk delay");
        AtmCellRateValue rate;
        trunk->GetAttribute("CellRate", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate("E3"), "trunk rate");
        Ptr<AtmChannel> access = DynamicCast<AtmChannel>(t.sourceDevices[1]->GetChannel());
        access->GetAttribute("CellRate", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate("OC3c"), "access rate");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(t.pvcs[i].labels.size(), 3U, "flow " << i << ": 3 links");
            NS_TEST_ASSERT_MSG_EQ(t.pvcs[i].src, t.sourceDevices[i], "PVC source");
            NS_TEST_ASSERT_MSG_EQ(t.pvcs[i].dst, t.sinkDevices[i], "PVC destination");
        }
        NS_TEST_ASSERT_MSG_NE(t.sinkAddresses[0], t.sinkAddresses[2], "addresses");
        // C at E3 for MSS 512 (JAIN preset): 12 cells per segment.
        NS_TEST_ASSERT_MSG_EQ_TOL(t.maxGoodputMbps, 80000.0 * 8 * 512 / 12 / 1e6, 1e-9, "C");

        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(2), MilliSeconds(1));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const AtmNSourceResults r = traffic.GetResults();
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
            NS_TEST_ASSERT_MSG_EQ(traffic.GetProbe(i)->IsAttached(), true, "probe " << i);
            const double bytes = traffic.GetSinkApplication(i)->GetTotalRx();
            NS_TEST_ASSERT_MSG_EQ_TOL(r.goodputMbps[i], bytes * 8 / 2 / 1e6, 1e-9, "goodput");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The helper and the traffic object hold nothing the simulation uses: both may be
 * destroyed before Simulator::Run(); the probes attach themselves and count, the sinks receive.
 */
class AtmNSourceLifetimeTestCase : public TestCase
{
  public:
    AtmNSourceLifetimeTestCase()
        : TestCase("AtmNSourceHelper and AtmNSourceTraffic destroyed before Simulator::Run(): "
                   "every probe attaches at its flow's start and counts, every sink receives")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 2;
        std::vector<Ptr<PacketSink>> sinks;
        std::vector<Ptr<AtmTcpFlowProbe>> probes;
        {
            AtmNSourceHelper nsrc;
            nsrc.SetNSources(n);
            nsrc.SetDelays(AtmDelayPreset::Get("lan"));
            AtmNSourceTraffic traffic;
            traffic.Install(nsrc.Install(), Seconds(0), Seconds(1), MilliSeconds(10));
            for (uint32_t i = 0; i < n; ++i)
            {
                sinks.push_back(traffic.GetSinkApplication(i));
                probes.push_back(traffic.GetProbe(i));
                NS_TEST_ASSERT_MSG_EQ(probes.back()->IsAttached(),
                                      false,
                                      "flow " << i << ": no socket before the start");
            }
        }
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(probes[i]->IsAttached(), true, "flow " << i << ": attached");
            NS_TEST_ASSERT_MSG_GT(probes[i]->GetDataSegmentsSent(), 100U, "flow " << i);
            NS_TEST_ASSERT_MSG_GT(sinks[i]->GetTotalRx(), 100U * 512, "flow " << i << " delivers");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief SetExpectedShares() reaches the fairness index through the topology.
 */
class AtmNSourceExpectedSharesTestCase : public TestCase
{
  public:
    AtmNSourceExpectedSharesTestCase()
        : TestCase("SetExpectedShares({1, 3}): the topology carries the shares; two lossless "
                   "flows share the trunk equally, so the results' fairness is Jain's index "
                   "against 1 and 3, 0.8, not 1")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<double> shares = {1, 3};
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(2);
        nsrc.SetBufferCells(20000); // holds both 64 KB windows: no loss, equal shares
        nsrc.SetExpectedShares(shares);
        const AtmNSourceTopology t = nsrc.Install();
        NS_TEST_ASSERT_MSG_EQ((t.expectedShares == shares), true, "the topology's shares");
        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(0.5), MilliSeconds(1));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        const AtmNSourceResults r = traffic.GetResults();
        NS_TEST_ASSERT_MSG_EQ_TOL(r.fairness,
                                  AtmMetrics::JainFairness(r.goodputMbps, shares),
                                  1e-12,
                                  "fairness against the expected shares");
        NS_TEST_ASSERT_MSG_EQ(r.cellsDropped, 0U, "lossless");
        NS_TEST_ASSERT_MSG_GT(AtmMetrics::JainFairness(r.goodputMbps), 0.99, "equal goodputs");
        // Goodputs x, x against shares 1, 3: (x + x / 3)^2 / (2 (x^2 + x^2 / 9)) = 0.8.
        NS_TEST_ASSERT_MSG_EQ_TOL(r.fairness, 0.8, 0.01, "equal goodputs against 1 and 3");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief SetContract() with an ABR contract: three SACK flows on OC-3c over WAN delays (5 ms
 *        links: feedback delay from the trunk port to a source and back 10 ms, 3668 cells at
 *        the link rate), ICR a third of the link, ERICA+ at the trunk port with 20,000 cells.
 *        Every flow's VC is an ABR connection (its adapter runs an ABR source and sends RM
 *        cells), the ledgers hold with the RM cells, no cell is lost, the flows share the trunk
 *        fairly, and the trunk's largest queue stays within twice one feedback delay x
 *        bandwidth (Jain et al.'s bound for ERICA+ is about one).
 */
class AtmNSourceAbrTestCase : public TestCase
{
  public:
    AtmNSourceAbrTestCase()
        : TestCase("SetContract(ABR): every flow an ABR connection, ERICA+ at the trunk: RM cells, "
                   "ledgers, no loss, fair shares, queue within 2 feedback delays x bandwidth")
    {
    }

  private:
    void DoRun() override
    {
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(3);
        nsrc.SetDelays(AtmDelayPreset::Get("wan"));
        nsrc.SetBufferCells(20000);
        const AtmCellRate link("OC3cRaw");
        nsrc.SetLinkRate(link);
        AtmAbrParameters abr;
        abr.icr = AtmCellRate(static_cast<uint64_t>(link.GetCellsPerSecond() / 3));
        nsrc.SetContract(AtmTrafficContract::Abr(link, AtmCellRate(), abr));
        const AtmNSourceTopology t = nsrc.Install();
        t.trunk->GetOutputPort()->SetAbrBehaviour(CreateObject<AtmEricaPlus>());
        uint32_t maxQueue = 0;
        t.trunk->GetOutputPort()->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeBoundCallback(
                +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
                &maxQueue));
        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(2), MilliSeconds(1));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const AtmNSourceResults r = traffic.GetResults();
        for (uint32_t i = 0; i < 3; ++i)
        {
            const AtmPvc& pvc = t.pvcs[i];
            NS_TEST_ASSERT_MSG_EQ((pvc.src->GetVcAbrSource(pvc.srcVc) != nullptr),
                                  true,
                                  "flow " << i << " is ABR");
            NS_TEST_ASSERT_MSG_GT(pvc.src->GetVcStats(pvc.srcVc).rmCellsTx, 0U, "RM cells");
        }
        NS_TEST_ASSERT_MSG_EQ(r.ledgersHold, true, "ledgers with RM cells");
        NS_TEST_ASSERT_MSG_EQ(r.cellsDropped, 0U, "no loss");
        NS_TEST_ASSERT_MSG_GT(r.fairness, 0.98, "fair shares");
        NS_TEST_ASSERT_MSG_LT(maxQueue, 2 * 3668U, "queue within 2 FD x BW");
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
        const AtmNSourceTopology t = nsrc.Install();
        Ptr<TcpSegmentDropModel> em = CreateObject<TcpSegmentDropModel>();
        em->Add(1 + 100 * 512);
        t.sinkDevices[0]->SetAttribute("ReceiveErrorModel", PointerValue(em));
        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(3));
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Ptr<AtmTcpFlowProbe> probe = traffic.GetProbe(0);
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
        const AtmNSourceResults r = traffic.GetResults();
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
 * @brief SANDIA-SEL: credit flow control vs simple cell drop, drop-tail and
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
 * @brief SANDIA-N: with credits the round trip grows as N W / C.
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
 * @brief JAIN ICCCN LAN at 1000 cells: frame-aware policies restore fairness.
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
 * link fills. The phases themselves: 0 on the common grid, in [0, 100 ms) and distinct when
 * random.
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
        const AtmNSourceTopology t = nsrc.Install();
        for (uint32_t i = 0; i < 15; ++i)
        {
            phases->push_back(t.sourceTcp[i].GetTickPhase());
            phases->push_back(t.sinkTcp[i].GetTickPhase());
        }
        const Time d = Seconds(3);
        // All sources start together, so that the first frames collide whatever the seed.
        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), d);
        Simulator::Stop(d);
        Simulator::Run();
        AtmNSourceResults r = traffic.GetResults();
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
            NS_TEST_ASSERT_MSG_EQ(p, Time(0), "common grid: every host's from 0");
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
 * @brief Large segments under EPD with the helper's defaults (one random tick phase per host):
 * every flow gets a share and the shares are fair, over several seeds.
 *
 * OC-3c at 149.76 Mb/s, 2 ms RTT, 1000-cell buffers, EPD at 0.7, MSS 9140, 64 KB windows,
 * delayed ACKs, the jain preset (100 ms ticks), SACK. On one common tick grid this scenario locks
 * every flow but one out for the whole run (Jain 0.067 with 15 sources, nothing at all with 100):
 * the losers' retransmission timers expire in the same cell slot, their retransmitted frames
 * reach the switch together and overflow the buffer that the winner's window keeps near the EPD
 * threshold, and they back off in step. Another cell-level TCP/AAL5/EPD simulator gives Jain
 * 0.84-0.94 at 97 % efficiency on the same configuration. With 100 flows on a 1000-cell buffer
 * (about five segments) a flow can sit in exponential back-off for most of a run (the many-flows
 * regime of R. Morris, "TCP behavior with many flows", ICNP 1997), so there the test asks for
 * at least 95 % of the flows with a share; the common grid gave none.
 */
class AtmLargeMssEpdFairnessTestCase : public TestCase
{
  public:
    /**
     * @param n sources
     * @param runs RngRun values 1 ... runs
     * @param duration simulated time
     * @param minFairness smallest acceptable Jain index
     * @param minServed smallest acceptable fraction of flows with a non-zero goodput
     */
    AtmLargeMssEpdFairnessTestCase(uint32_t n,
                                   uint32_t runs,
                                   Time duration,
                                   double minFairness,
                                   double minServed = 1.0)
        : TestCase("EPD, MSS 9140, " + std::to_string(n) + " sources, " + std::to_string(runs) +
                   " seeds of " + std::to_string(static_cast<int>(duration.GetSeconds())) +
                   " s, default tick phases: " +
                   (minServed >= 1.0
                        ? std::string("every flow")
                        : std::to_string(static_cast<int>(minServed * 100)) + " % of the flows") +
                   " > 0, Jain >= " + std::to_string(minFairness).substr(0, 4) +
                   ", efficiency >= 0.9"),
          m_n(n),
          m_runs(runs),
          m_duration(duration),
          m_minFairness(minFairness),
          m_minServed(minServed)
    {
    }

  private:
    void DoRun() override
    {
        atmtest::RngRunGuard guard;
        for (uint32_t run = 1; run <= m_runs; ++run)
        {
            guard.Set(run);
            TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
            tcp.SetVariant(TcpEraPresets::SACK);
            tcp.SetSegmentSize(9140);
            tcp.SetWindow(65536);
            tcp.SetDelayedAck(true);
            AtmNSourceHelper nsrc; // default: one random tick phase per host
            nsrc.SetNSources(m_n);
            nsrc.SetLinkRate(AtmCellRate("149.76Mbps"));
            nsrc.SetAccessDelay(MicroSeconds(333));
            nsrc.SetTrunkDelay(MicroSeconds(334));
            nsrc.SetBufferCells(1000);
            nsrc.SetBufferPolicy("epd");
            nsrc.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(0.7));
            nsrc.SetTcp(tcp);
            AtmNSourceTraffic traffic;
            traffic.Install(nsrc.Install(), Seconds(0), m_duration, MilliSeconds(1));
            Simulator::Stop(m_duration);
            Simulator::Run();
            const AtmNSourceResults r = traffic.GetResults();
            Simulator::Destroy();
            const std::string at = " (RngRun " + std::to_string(run) + ")";
            uint32_t served = 0;
            for (uint32_t i = 0; i < m_n; ++i)
            {
                served += r.goodputMbps[i] > 0 ? 1 : 0;
                if (m_minServed >= 1.0)
                {
                    NS_TEST_EXPECT_MSG_GT(r.goodputMbps[i], 0.0, "flow " << i << " starved" << at);
                }
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(served,
                                        static_cast<uint32_t>(std::ceil(m_minServed * m_n)),
                                        "flows with a share" << at);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(r.fairness, m_minFairness, "Jain index" << at);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(r.efficiency, 0.9, "efficiency" << at);
            NS_TEST_EXPECT_MSG_EQ(r.ledgersHold, true, "cell ledgers" << at);
        }
    }

    uint32_t m_n;         //!< sources
    uint32_t m_runs;      //!< seeds
    Time m_duration;      //!< simulated time
    double m_minFairness; //!< smallest acceptable Jain index
    double m_minServed;   //!< smallest acceptable fraction of flows with a share
};

/**
 * @ingroup atm-tests
 * @brief AtmHelper::UseFastestScheduler picks ns-3's PriorityQueueScheduler unless
 *        NS_GLOBAL_VALUE names a scheduler, and an N-source run gives the same results on it as
 *        on the default MapScheduler (ns-3 runs events in (time, insertion) order on both).
 */
class AtmFastestSchedulerTestCase : public TestCase
{
  public:
    AtmFastestSchedulerTestCase()
        : TestCase("UseFastestScheduler: PriorityQueueScheduler unless NS_GLOBAL_VALUE names one; "
                   "an EPD N-source run identical on it and on MapScheduler")
    {
    }

  private:
    /**
     * @brief A short EPD run on the simulator's current scheduler.
     * @return the results
     */
    static AtmNSourceResults Run()
    {
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(5);
        nsrc.SetBufferCells(1000);
        nsrc.SetBufferPolicy("epd");
        nsrc.SetTcp(TcpEraPresets::ForSource("jain"));
        // No random start or tick phase: the second run of a process would draw other numbers.
        nsrc.SetRandomTickPhase(false);
        const AtmNSourceTopology topology = nsrc.Install();
        AtmNSourceTraffic traffic;
        traffic.Install(topology, Seconds(0), Seconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const AtmNSourceResults results = traffic.GetResults();
        Simulator::Destroy();
        return results;
    }

    /// @return the SchedulerType global value's type name
    static std::string Scheduler()
    {
        TypeIdValue value;
        GlobalValue::GetValueByName("SchedulerType", value);
        return value.Get().GetName();
    }

    void DoRun() override
    {
        const std::string original = Scheduler();
        const char* env = std::getenv("NS_GLOBAL_VALUE");
        const std::string savedEnv = env ? env : "";
        setenv("NS_GLOBAL_VALUE", "SchedulerType=ns3::MapScheduler", 1);
        GlobalValue::Bind("SchedulerType", TypeIdValue(TypeId::LookupByName("ns3::MapScheduler")));
        AtmHelper::UseFastestScheduler();
        NS_TEST_ASSERT_MSG_EQ(Scheduler(), "ns3::MapScheduler", "NS_GLOBAL_VALUE's choice kept");
        const AtmNSourceResults map = Run();
        unsetenv("NS_GLOBAL_VALUE");
        AtmHelper::UseFastestScheduler();
        NS_TEST_ASSERT_MSG_EQ(Scheduler(), "ns3::PriorityQueueScheduler", "the fastest");
        const AtmNSourceResults fastest = Run();
        if (env)
        {
            setenv("NS_GLOBAL_VALUE", savedEnv.c_str(), 1);
        }
        GlobalValue::Bind("SchedulerType", TypeIdValue(TypeId::LookupByName(original)));
        NS_TEST_ASSERT_MSG_GT(map.cellsSent, 10000U, "the run carried cells");
        NS_TEST_ASSERT_MSG_EQ(fastest.cellsSent, map.cellsSent, "same cells sent");
        NS_TEST_ASSERT_MSG_EQ(fastest.cellsDropped, map.cellsDropped, "same drops");
        NS_TEST_ASSERT_MSG_EQ(fastest.dataSegmentsSent, map.dataSegmentsSent, "same segments");
        for (uint32_t i = 0; i < 5; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(fastest.goodputMbps[i], map.goodputMbps[i], "flow " << i);
        }
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
        AddTestCase(new AtmNSourceSharedSinkTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmTcpFlowProbeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmNSourceLifetimeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmNSourceExpectedSharesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmNSourceAbrTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmFastestSchedulerTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSandiaSchemesTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmSandiaRttTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmJainLanTestCase(5), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmJainLanTestCase(15), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmTickPhaseTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmLargeMssEpdFairnessTestCase(15, 1, Seconds(10), 0.8), ATM_TEST_QUICK);
        AddTestCase(new AtmLargeMssEpdFairnessTestCase(5, 3, Seconds(10), 0.8), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmLargeMssEpdFairnessTestCase(10, 3, Seconds(10), 0.8),
                    ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmLargeMssEpdFairnessTestCase(15, 3, Seconds(10), 0.8),
                    ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmLargeMssEpdFairnessTestCase(100, 2, Seconds(10), 0.6, 0.95),
                    ATM_TEST_EXTENSIVE);
    }
};

static AtmNSourceTestSuite g_atmNSourceTestSuite; //!< static instance registering the suite
