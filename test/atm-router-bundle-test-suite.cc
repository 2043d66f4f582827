/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/atm-router-bundle-helper.h"
#include "ns3/atm-router-bundle-traffic.h"
#include "ns3/atm-shaper.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * AtmRouterBundleHelper: IP routers that carry many hosts' connections on one VC each. Every
 * host's frames pass its router's queue disc onto the pair's one VC and reach the peer's host;
 * under cell loss without EPD the peer routers forward the corrupted PDUs and the sinks refuse
 * every one of them.
 */

using namespace ns3;

namespace
{

/// @return the sum over the hosts of one pair of a per-VC counter of their devices
template <typename F>
uint64_t
SumOverHosts(const NodeContainer& hosts, F counter)
{
    uint64_t sum = 0;
    for (uint32_t j = 0; j < hosts.GetN(); ++j)
    {
        sum += counter(DynamicCast<AtmNetDevice>(hosts.Get(j)->GetDevice(0))->GetVcStats(0));
    }
    return sum;
}

/**
 * @ingroup atm-tests
 * @brief Every host's frames go through its router's queue disc onto the pair's one VC.
 */
class AtmRouterBundleMergeTestCase : public TestCase
{
  public:
    AtmRouterBundleMergeTestCase()
        : TestCase("Two router pairs of three hosts: every data frame of a pair's hosts passes "
                   "the router's queue disc and the pair's one VC and reaches the peer's hosts")
    {
    }

  private:
    void DoRun() override
    {
        AtmRouterBundleHelper bundle;
        bundle.SetRouterPairs(2);
        bundle.SetSourcesPerRouter(3);
        bundle.SetRouterDelays({MilliSeconds(15), MilliSeconds(25)});
        bundle.GetAtmHelper().SetSwitchPortAttribute("BufferCells", UintegerValue(16000));
        AtmRouterBundleTopology t = bundle.Install();
        AtmRouterBundleTraffic traffic;
        traffic.Install(t, 1000000, MilliSeconds(3));
        for (const NodeContainer& hosts : t.sources)
        {
            for (uint32_t j = 0; j < hosts.GetN(); ++j)
            {
                hosts.Get(j)->GetApplication(0)->SetStopTime(Seconds(4)); // then drain for 1 s
            }
        }
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(t.routerQueues.GetN(), 2, "one queue disc per router");
        NS_TEST_ASSERT_MSG_EQ(t.routerPorts.size(), 2, "s0's port from each router");
        NS_TEST_ASSERT_MSG_EQ(t.routerPorts[1]->GetNode(), t.switches.Get(0), "on s0");
        for (uint32_t i = 0; i < 2; ++i)
        {
            for (uint32_t j = 0; j < 3; ++j)
            {
                NS_TEST_ASSERT_MSG_GT(traffic.GetSinkApplication(i, j)->GetTotalRx(),
                                      1000000,
                                      "pair " << i << " host " << j << " sent files");
            }
            const QueueDisc::Stats& q = t.routerQueues.Get(i)->GetStats();
            const uint64_t sent =
                SumOverHosts(t.sources[i], [](const AtmNetDeviceVcStats& s) { return s.framesTx; });
            const uint64_t received =
                SumOverHosts(t.sinks[i], [](const AtmNetDeviceVcStats& s) { return s.framesRx; });
            NS_TEST_ASSERT_MSG_EQ(q.nTotalDroppedPackets, 0, "no router drop at this load");
            NS_TEST_ASSERT_MSG_EQ(q.nTotalReceivedPackets, sent, "every source frame queued");
            NS_TEST_ASSERT_MSG_EQ(t.routerOut[i]->GetNVcs(), 1, "one VC per router");
            NS_TEST_ASSERT_MSG_EQ(t.routerOut[i]->GetVcStats(0).framesTx,
                                  q.nTotalDequeuedPackets,
                                  "the VC carried what the queue disc let through");
            NS_TEST_ASSERT_MSG_EQ(t.peerIn[i]->GetVcStats(0).framesRx,
                                  t.routerOut[i]->GetVcStats(0).framesTx,
                                  "lossless backbone");
            NS_TEST_ASSERT_MSG_EQ(received,
                                  t.peerIn[i]->GetVcStats(0).framesRx,
                                  "the peer forwarded every frame to its hosts");
            NS_TEST_ASSERT_MSG_EQ(AtmPvcHelper::GetLedger(t.pvcs[i], true).Holds(),
                                  true,
                                  "the VC's ledger holds");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief SetShaped() overrides the PVC helper's shaping per pair (BON's mixed routers shape the
 *        GFR.2 routers only), and the helper's own setting is left as it was.
 */
class AtmRouterBundleShapedPairsTestCase : public TestCase
{
  public:
    AtmRouterBundleShapedPairsTestCase()
        : TestCase("Three GFR pairs with the GFR shaper, pair 1 not shaped: the routers of pairs "
                   "0 and 2 shape their VC (both ends), pair 1's do not")
    {
    }

  private:
    void DoRun() override
    {
        AtmRouterBundleHelper bundle;
        bundle.SetRouterPairs(3);
        bundle.SetSourcesPerRouter(1);
        for (uint32_t i = 0; i < 3; ++i)
        {
            bundle.SetContract(i,
                               AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                       AtmCellRate("E3"),
                                                       AtmCellRate(5000, 1),
                                                       32,
                                                       32));
        }
        bundle.GetPvcHelper().SetShaping(true);
        bundle.GetPvcHelper().SetShaper("gfr");
        bundle.SetShaped(1, false);
        AtmRouterBundleTopology t = bundle.Install();
        for (uint32_t i = 0; i < 3; ++i)
        {
            const bool shaped = i != 1;
            NS_TEST_ASSERT_MSG_EQ(bool(t.routerOut[i]->GetShapingGate()->GetVcShaper(0)),
                                  shaped,
                                  "pair " << i << ": the router's adapter");
            NS_TEST_ASSERT_MSG_EQ(bool(t.peerIn[i]->GetShapingGate()->GetVcShaper(0)),
                                  shaped,
                                  "pair " << i << ": the peer router's adapter");
        }
        NS_TEST_ASSERT_MSG_EQ(bundle.GetPvcHelper().IsShaping(),
                              true,
                              "the PVC helper's setting is restored");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Cell loss without EPD: the peer routers forward corrupted PDUs, the sinks refuse them.
 */
class AtmRouterBundleCorruptedTestCase : public TestCase
{
  public:
    AtmRouterBundleCorruptedTestCase()
        : TestCase("Cell drops without EPD at a small backbone buffer: the peer routers forward "
                   "the corrupted PDUs (BON) and the sinks refuse every one")
    {
    }

  private:
    void DoRun() override
    {
        AtmRouterBundleHelper bundle;
        bundle.SetRouterPairs(2);
        bundle.SetSourcesPerRouter(4);
        bundle.GetAtmHelper().SetSwitchPortAttribute("BufferCells", UintegerValue(500));
        bundle.GetAtmHelper().SetBufferPolicy("tail");
        AtmRouterBundleTopology t = bundle.Install();
        AtmRouterBundleTraffic traffic;
        traffic.Install(t, 1000000, MilliSeconds(3));
        Simulator::Stop(Seconds(4));
        Simulator::Run();

        for (uint32_t i = 0; i < 2; ++i)
        {
            const uint64_t corrupted = t.peerIn[i]->GetVcStats(0).framesRxCorrupted;
            NS_TEST_ASSERT_MSG_GT(corrupted, 0, "pair " << i << ": corrupted PDUs arrived");
            NS_TEST_ASSERT_MSG_EQ(
                t.peerIn[i]->GetReassembler()->GetStats(0).corruptedDelivered,
                corrupted,
                "all of them found by the peer's reassembly (nothing corrupted upstream of it)");
            const uint64_t refused = SumOverHosts(t.sinks[i], [](const AtmNetDeviceVcStats& s) {
                return s.framesRxCorrupted;
            });
            NS_TEST_ASSERT_MSG_EQ(refused, corrupted, "forwarded to the sinks");
            const uint64_t dropped = SumOverHosts(t.sinks[i], [](const AtmNetDeviceVcStats& s) {
                return s.framesRxDropped;
            });
            NS_TEST_ASSERT_MSG_EQ(dropped, corrupted, "and refused there");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmRouterBundleTraffic measures each pair over [measureFrom, now]: nothing before it,
 *        then exactly the bytes and corrupted PDUs that arrived after it.
 */
class AtmRouterBundleTrafficTestCase : public TestCase
{
  public:
    AtmRouterBundleTrafficTestCase()
        : TestCase("File servers measured after a warm-up: bytes and corrupted PDUs counted from "
                   "the warm-up on, goodput from those bytes, one connection per file")
    {
    }

  private:
    /// What a pair's sinks and peer router had at one instant (the test's own count).
    struct Snapshot
    {
        uint64_t rx{0};        //!< bytes received by the pair's sinks
        uint64_t corrupted{0}; //!< corrupted PDUs at the peer router
    };

    void DoRun() override
    {
        AtmRouterBundleHelper bundle;
        bundle.SetRouterPairs(2);
        bundle.SetSourcesPerRouter(3);
        bundle.GetAtmHelper().SetSwitchPortAttribute("BufferCells", UintegerValue(500));
        bundle.GetAtmHelper().SetBufferPolicy("tail");
        AtmRouterBundleTopology t = bundle.Install();
        AtmRouterBundleTraffic traffic;
        const Time from = Seconds(1);
        traffic.Install(t, 100000, MilliSeconds(3), from);
        NS_TEST_ASSERT_MSG_EQ(traffic.GetNPairs(), 2, "two pairs");

        auto take = [&](std::vector<Snapshot>* out) {
            for (uint32_t i = 0; i < 2; ++i)
            {
                Snapshot s;
                for (uint32_t j = 0; j < 3; ++j)
                {
                    s.rx += traffic.GetSinkApplication(i, j)->GetTotalRx();
                }
                s.corrupted = t.peerIn[i]->GetVcStats(0).framesRxCorrupted;
                out->push_back(s);
            }
        };
        std::vector<Snapshot> atFrom;
        std::vector<uint64_t> before;
        Simulator::Schedule(MilliSeconds(900), [&]() {
            for (uint32_t i = 0; i < 2; ++i)
            {
                before.push_back(traffic.GetRxBytes(i));
                before.push_back(static_cast<uint64_t>(traffic.GetGoodputMbps(i)));
                before.push_back(traffic.GetCorruptedPdus(i));
            }
        });
        Simulator::Schedule(from, [&]() { take(&atFrom); });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        std::vector<Snapshot> atEnd;
        take(&atEnd);

        NS_TEST_ASSERT_MSG_EQ(before.size(), 6, "the early check ran");
        for (uint64_t v : before)
        {
            NS_TEST_ASSERT_MSG_EQ(v, 0, "nothing is measured before measureFrom");
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            const uint64_t rx = atEnd[i].rx - atFrom[i].rx;
            NS_TEST_ASSERT_MSG_GT(atFrom[i].rx, 0, "pair " << i << " received during warm-up");
            NS_TEST_ASSERT_MSG_GT(rx, 300000, "pair " << i << ": several 100 kB files after it");
            NS_TEST_ASSERT_MSG_EQ(traffic.GetRxBytes(i), rx, "pair " << i << ": bytes after 1 s");
            const uint64_t files = atEnd[i].rx / 100000; // complete files delivered
            const uint64_t connections = traffic.GetConnections(i);
            NS_TEST_ASSERT_MSG_GT(connections, files, "pair " << i << ": a connection per file");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(connections,
                                        files + 3,
                                        "pair " << i << ": at most one open file per host");
            NS_TEST_ASSERT_MSG_EQ_TOL(traffic.GetGoodputMbps(i),
                                      rx * 8.0 / 2 / 1e6,
                                      1e-12,
                                      "pair " << i << ": goodput over the 2 s interval");
            const uint64_t corrupted = atEnd[i].corrupted - atFrom[i].corrupted;
            NS_TEST_ASSERT_MSG_EQ(traffic.GetCorruptedPdus(i),
                                  corrupted,
                                  "pair " << i << ": corrupted PDUs after 1 s");
            NS_TEST_ASSERT_MSG_GT(atEnd[i].corrupted, 0, "pair " << i << ": cells were lost");
            NS_TEST_ASSERT_MSG_GT(traffic.GetRetransmissions(i),
                                  0,
                                  "pair " << i << ": the probes saw the retransmissions");
            NS_TEST_ASSERT_MSG_EQ(traffic.GetRouterQueueDrops(i),
                                  t.routerQueues.Get(i)->GetStats().nTotalDroppedPackets,
                                  "pair " << i << ": router queue drops");
        }
        NS_TEST_ASSERT_MSG_EQ(traffic.LedgersHold(), true, "every VC's ledger holds");
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief IP routers aggregating hosts on one VC.
 */
class AtmRouterBundleTestSuite : public TestSuite
{
  public:
    AtmRouterBundleTestSuite()
        : TestSuite("atm-router-bundle", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmRouterBundleMergeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmRouterBundleCorruptedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmRouterBundleShapedPairsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmRouterBundleTrafficTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
static AtmRouterBundleTestSuite g_atmRouterBundleTestSuite;
