/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests: configuration errors of links, devices, switches and PVCs stop the
 * program with a message that names the object, the bad value and the fix, never a crash or a
 * silent default (also in optimized builds, where asserts vanish).
 */

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-bundle-helper.h"
#include "ns3/atm-cbr-cell-source.h"
#include "ns3/atm-cdv-statistics.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-host-cpu.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pdu-tagger-factory.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-router-bundle-helper.h"
#include "ns3/atm-router-bundle-traffic.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-spims-initiator.h"
#include "ns3/atm-spims-law.h"
#include "ns3/atm-spims-responder.h"
#include "ns3/atm-spims-spec.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-udp-stream-sender.h"
#include "ns3/atm-www-client.h"
#include "ns3/atm-www-law.h"
#include "ns3/atm-www-server.h"
#include "ns3/data-rate.h"
#include "ns3/dfba-buffer-policy.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flexible-ru-cell-scheduler.h"
#include "ns3/gfr-shaper.h"
#include "ns3/guaranteed-rate-cell-scheduler.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/mcr-pdu-tagger.h"
#include "ns3/net-device-container.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/per-vc-threshold-buffer-policy.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/uinteger.h"
#include "ns3/weighted-round-robin-cell-scheduler.h"

#include <gtest/gtest.h>
#include <string>

using namespace ns3;

namespace
{

TEST(AtmConfigErrorsDeathTest, MtuAboveTheLlcSnapLimit)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> d = CreateObject<AtmNetDevice>();
            d->SetAttribute("Mtu", UintegerValue(65528));
        },
        "Mtu 65528 exceeds 65527 with the default encapsulation LlcSnap");
}

TEST(AtmConfigErrorsDeathTest, LlcSnapVcOnAVcMuxSizedMtu)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> d = CreateObject<AtmNetDevice>();
            d->SetAttribute("Encapsulation", StringValue("VcMux"));
            d->SetAttribute("Mtu", UintegerValue(65535));
            d->AddVc(0, 32, AtmTrafficContract(), AtmEncapsulation::LLC_SNAP);
        },
        "allows an MTU of at most 65527, but Mtu is 65535; lower Mtu first");
}

TEST(AtmConfigErrorsDeathTest, QueueInterfaceWithTwoTransmitQueues)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> d = CreateObject<AtmNetDevice>();
            d->AggregateObject(
                CreateObjectWithAttributes<NetDeviceQueueInterface>("NTxQueues", UintegerValue(2)));
        },
        "its NetDeviceQueueInterface has 2 transmit queues; an ATM adapter has one");
}

TEST(AtmConfigErrorsDeathTest, NSourceSharedSink)
{
    EXPECT_DEATH(
        {
            AtmNSourceHelper nsrc;
            nsrc.SetSharedSink(AtmCellRate(), MicroSeconds(5));
        },
        "SetSharedSink: zero cell rate for the destination's link");
    EXPECT_DEATH(
        {
            AtmNSourceHelper nsrc;
            nsrc.SetSharedSink(AtmCellRate("E3"), MicroSeconds(-5));
        },
        "SetSharedSink: negative delay");
    // One destination host runs one TCP: a per-flow TCP is refused in either order.
    EXPECT_DEATH(
        {
            AtmNSourceHelper nsrc;
            nsrc.SetNSources(3);
            nsrc.SetFlowTcp(1, TcpEraPresets::ForSource("jain"));
            nsrc.SetSharedSink(AtmCellRate("E3"), MicroSeconds(5));
        },
        "SetSharedSink: SetFlowTcp\\(\\) gave flow 1 a TCP of its own, but one shared "
        "destination host runs one TCP; configure every flow with SetTcp\\(\\)");
    EXPECT_DEATH(
        {
            AtmNSourceHelper nsrc;
            nsrc.SetNSources(3);
            nsrc.SetSharedSink(AtmCellRate("E3"), MicroSeconds(5));
            nsrc.SetFlowTcp(1, TcpEraPresets::ForSource("jain"));
        },
        "SetFlowTcp: with SetSharedSink\\(\\) one destination host runs one TCP for every flow");
}

TEST(AtmConfigErrorsDeathTest, WwwLawsAndClientAttributes)
{
    EXPECT_DEATH(AtmWwwLaw::Discrete({1, 2}, {0.5, 0.6}),
                 "AtmWwwLaw::Discrete: the probabilities sum to 1.1, not 1");
    EXPECT_DEATH(AtmWwwLaw::Discrete({2, 1}, {0.5, 0.5}),
                 "AtmWwwLaw::Discrete: value 1 after 2 \\(the values must increase\\)");
    EXPECT_DEATH(AtmWwwLaw::TruncatedPoisson(0, 1, 9),
                 "AtmWwwLaw::TruncatedPoisson: mean 0 is not in \\(0, 1000\\]");
    EXPECT_DEATH(AtmWwwLaw::TruncatedPoisson(5, 9, 1),
                 "AtmWwwLaw::TruncatedPoisson: range \\[9, 1\\]: need lo <= hi <= 10000");
    EXPECT_DEATH(AtmWwwLaw::FileSize({0.5, 0.5}, 100, AtmWwwLaw::TruncatedPoisson(5, 1, 12)),
                 "AtmWwwLaw::FileSize: the index law draws 1 ... 12; it must stay in \\[1, 10\\)");
    EXPECT_DEATH(
        {
            Ptr<AtmWwwClient> c = CreateObject<AtmWwwClient>();
            c->SetAttribute("ClassProbabilities", StringValue("0.2 0.3"));
        },
        "AtmWwwClient: attribute ClassProbabilities '0.2 0.3' sums to 0.5, not 1");
    EXPECT_DEATH(
        {
            Ptr<AtmWwwClient> c = CreateObject<AtmWwwClient>();
            c->SetAttribute("ClassProbabilities", StringValue("0.5 x"));
        },
        "AtmWwwClient: attribute ClassProbabilities '0.5 x': 'x' is not a probability");
    EXPECT_DEATH(
        {
            Ptr<AtmWwwClient> c = CreateObject<AtmWwwClient>();
            c->SetAttribute("RequestSize", UintegerValue(4));
        },
        "AtmWwwClient: attribute RequestSize 4: need 8 ... 65535 bytes");
    EXPECT_DEATH(
        {
            Ptr<AtmWwwClient> c = CreateObject<AtmWwwClient>();
            c->SetAttribute("GetsMin", UintegerValue(5));
            c->SetAttribute("GetsMax", UintegerValue(2));
            c->GetGetsLaw();
        },
        "AtmWwwClient: attributes GetsMin 5 and GetsMax 2: need GetsMin <= GetsMax");
    EXPECT_DEATH(
        {
            Ptr<AtmWwwClient> c = CreateObject<AtmWwwClient>();
            c->SetAttribute("FileIndexMean", DoubleValue(-1));
            c->GetFileSizeLaw();
        },
        "AtmWwwClient: attribute FileIndexMean -1 is not in \\(0, 1000\\]");
}

TEST(AtmConfigErrorsDeathTest, SpimsSpecsLawsAndTheBundlePath)
{
    EXPECT_DEATH(AtmSpimsSpec::Parse("5 rr 4,1024*50"),
                 "AtmSpimsSpec: '5 rr 4,1024\\*50': the request size 4 can be below 8 bytes");
    EXPECT_DEATH(AtmSpimsLaw::Parse("exp(0)"),
                 "AtmSpimsLaw: 'exp\\(0\\)': the mean of exp must be > 0");
    EXPECT_DEATH(
        AtmSpimsLaw::Bivalue(1, 2, 1.5),
        "AtmSpimsLaw::Bivalue\\(1, 2, 1.5\\): the probability p of v1 must be in \\[0, 1\\]");
    EXPECT_DEATH(
        {
            Ptr<AtmSpimsInitiator> app = CreateObject<AtmSpimsInitiator>();
            app->SetAttribute("Spec", StringValue("5 get 1024*10"));
        },
        "AtmSpimsInitiator: attribute Spec: '5 get 1024\\*10': unknown type 'get'");
    EXPECT_DEATH(
        {
            AtmBundleHelper bundle;
            bundle.SetRtt(MicroSeconds(10));
            bundle.Install();
        },
        "AtmBundleHelper: the RTT \\+0.01ms is shorter than four access delays of \\+5us");
    EXPECT_DEATH(
        {
            AtmBundleHelper bundle;
            bundle.SetBufferCells(0);
        },
        "SetBufferCells\\(0\\): a port needs >= 1 cell");
    EXPECT_DEATH(
        {
            AtmBundleHelper bundle;
            bundle.Install();
            bundle.SetVp(true);
        },
        "AtmBundleHelper::SetVp: the topology is already installed");
    EXPECT_DEATH(
        {
            AtmBundleHelper bundle;
            bundle.SetVcPerConnection(0);
        },
        "AtmBundleHelper::SetVcPerConnection\\(0\\): 1 to 250 PVCs");
    EXPECT_DEATH(
        {
            AtmBundleTopology t = AtmBundleHelper().Install();
            AtmPvcHelper pvcs;
            pvcs.SetAddressIndices(1, 0);
            pvcs.Install(t.nic[0], t.nic[1], t.switches);
        },
        "AtmPvcHelper::SetAddressIndices: address 1 of .*, whose interface has 1 \\(add them "
        "with Ipv4::AddAddress before Install\\)");
}

TEST(AtmConfigErrorsDeathTest, CbrCellSourceAndCdvStatistics)
{
    EXPECT_DEATH(
        {
            Ptr<Node> node = CreateObject<Node>();
            Ptr<AtmCbrCellSource> app = CreateObject<AtmCbrCellSource>();
            node->AddApplication(app);
            app->SetStartTime(Seconds(0));
            Simulator::Run();
        },
        "AtmCbrCellSource on node 0 started without a VC; call Setup\\(device, vc\\)");
    EXPECT_DEATH(
        {
            Ptr<AtmCbrCellSource> app = CreateObject<AtmCbrCellSource>();
            app->SetAttribute("Interval", TimeValue(Seconds(0)));
        },
        "Interval");
    EXPECT_DEATH(
        {
            AtmCdvStatistics s;
            s.Add(MicroSeconds(10));
            s.Add(MicroSeconds(5));
        },
        "AtmCdvStatistics::Add: instant \\+5us before the previous one, \\+10us");
    EXPECT_DEATH(AtmCdvStatistics().GetMinimalCdvt(Time(0)),
                 "AtmCdvStatistics::GetMinimalCdvt: increment \\+0us must be > 0");
    EXPECT_DEATH(AtmCdvStatistics::GetTransferDelay(AtmCdvStatistics(), AtmCdvStatistics(), 1),
                 "AtmCdvStatistics::GetTransferDelay: alpha 1 must be in \\[0, 1\\)");
}

TEST(AtmConfigErrorsDeathTest, UdpStreamSender)
{
    EXPECT_DEATH(CreateObject<AtmUdpStreamSender>()->SetAttribute("MessageSize", UintegerValue(0)),
                 "MessageSize");
    EXPECT_DEATH(
        CreateObject<AtmUdpStreamSender>()->SetAttribute("MessageSize", UintegerValue(65508)),
        "MessageSize");
    EXPECT_DEATH(AtmUdpStreamSender::GetCellsPerDatagram(0, 9180, AtmEncapsulation::LLC_SNAP),
                 "AtmUdpStreamSender::GetCellsPerDatagram: size 0 is not in \\[1, 65507\\]");
    const auto start = [](Ptr<AtmUdpStreamSender> app, bool remote) {
        Ptr<Node> node = CreateObject<Node>();
        InternetStackHelper().Install(node);
        if (remote)
        {
            app->SetAttribute("Remote",
                              AddressValue(InetSocketAddress(Ipv4Address("10.1.1.2"), 9)));
        }
        node->AddApplication(app);
        app->SetStartTime(Seconds(0));
        Simulator::Run();
    };
    EXPECT_DEATH(start(CreateObject<AtmUdpStreamSender>(), false),
                 "AtmUdpStreamSender on node 0: attribute Remote is not set; give the "
                 "receiver's InetSocketAddress");
    EXPECT_DEATH(
        {
            Ptr<AtmUdpStreamSender> app = CreateObject<AtmUdpStreamSender>();
            app->SetAttribute("Rate", DataRateValue(DataRate("1Mbps")));
            app->SetAttribute("Interval", TimeValue(MilliSeconds(1)));
            start(app, true);
        },
        "AtmUdpStreamSender on node 0: attributes Rate \\(1000000bps\\) and Interval "
        "\\(\\+1000us\\) both set; give one of them, or neither for back-to-back");
    EXPECT_DEATH(start(CreateObject<AtmUdpStreamSender>(), true),
                 "AtmUdpStreamSender on node 0: back-to-back \\(Rate and Interval 0\\) needs an "
                 "AtmNetDevice as the outgoing interface to attribute Remote 10.1.1.2");
}

TEST(AtmConfigErrorsDeathTest, TcpServersOnOnePort)
{
    // AtmTcpServer: a second server on a node's port it cannot bind names itself, the node,
    // the port and the attribute to change.
    const auto twoServers = [](Ptr<Application> a, Ptr<Application> b) {
        Ptr<Node> node = CreateObject<Node>();
        InternetStackHelper().Install(node);
        node->AddApplication(a);
        node->AddApplication(b);
        a->SetStartTime(Seconds(0));
        b->SetStartTime(Seconds(0));
        Simulator::Run();
    };
    EXPECT_DEATH(twoServers(CreateObject<AtmWwwServer>(), CreateObject<AtmWwwServer>()),
                 "ns3::AtmWwwServer on node 0: cannot bind TCP port 80 \\(attribute Port\\): "
                 "another socket is bound to it; give each server on a node its own Port");
    EXPECT_DEATH(
        {
            Ptr<AtmSpimsResponder> b = CreateObject<AtmSpimsResponder>();
            b->SetAttribute("Port", UintegerValue(80));
            twoServers(CreateObject<AtmWwwServer>(), b);
        },
        "ns3::AtmSpimsResponder on node 0: cannot bind TCP port 80 \\(attribute Port\\)");
}

TEST(AtmConfigErrorsDeathTest, RouterBundleWithoutPairs)
{
    EXPECT_DEATH(
        {
            AtmRouterBundleHelper bundle;
            bundle.SetRouterPairs(0);
        },
        "SetRouterPairs: 0 router pairs; 1 to 128 are possible");
}

TEST(AtmConfigErrorsDeathTest, RouterDelayBelowTheBackbone)
{
    EXPECT_DEATH(
        {
            AtmRouterBundleHelper bundle;
            bundle.SetRouterPairs(2);
            bundle.SetRouterDelays({MilliSeconds(15), MilliSeconds(5)});
            bundle.Install();
        },
        "router delay \\+5ms of pair 1 is below the backbone's \\+10ms");
}

TEST(AtmConfigErrorsDeathTest, RouterDelaysNotOnePerPair)
{
    EXPECT_DEATH(
        {
            AtmRouterBundleHelper bundle;
            bundle.SetRouterPairs(3);
            bundle.SetRouterDelays({MilliSeconds(15), MilliSeconds(25)});
            bundle.Install();
        },
        "2 router delays for 3 router pairs; give one per pair or one for all");
}

TEST(AtmConfigErrorsDeathTest, RouterTrafficWithoutTopology)
{
    EXPECT_DEATH(
        {
            AtmRouterBundleTraffic traffic;
            traffic.Install(AtmRouterBundleTopology(), 1000000, Seconds(1));
        },
        "the topology has no router pairs; give the one AtmRouterBundleHelper::Install\\(\\) "
        "returned");
}

TEST(AtmConfigErrorsDeathTest, RouterTrafficEmptyFilesAndBadPair)
{
    EXPECT_DEATH(
        {
            AtmRouterBundleHelper bundle;
            bundle.SetRouterPairs(1);
            bundle.SetSourcesPerRouter(1);
            AtmRouterBundleTraffic traffic;
            traffic.Install(bundle.Install(), 0, Seconds(1));
        },
        "fileBytes 0; give at least 1");
    EXPECT_DEATH(
        {
            AtmRouterBundleHelper bundle;
            bundle.SetRouterPairs(2);
            bundle.SetSourcesPerRouter(1);
            AtmRouterBundleTraffic traffic;
            traffic.Install(bundle.Install(), 1000, Seconds(1));
            traffic.GetGoodputMbps(2);
        },
        "GetGoodputMbps: pair 2 out of range \\(0 .. 1\\)");
}

TEST(AtmConfigErrorsDeathTest, VpiAbove255AtAnEndSystem)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> d = CreateObject<AtmNetDevice>();
            d->AddVc(256, 32);
        },
        "VPI 256 above 255");
}

TEST(AtmConfigErrorsDeathTest, DuplicateVcOnADevice)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> d = CreateObject<AtmNetDevice>();
            d->AddVc(0, 32);
            d->AddVc(0, 32);
        },
        "VC 0/32 already exists");
}

TEST(AtmConfigErrorsDeathTest, ThirdDeviceOnALink)
{
    EXPECT_DEATH(
        {
            Ptr<AtmChannel> ch = CreateObject<AtmChannel>();
            for (int i = 0; i < 3; ++i)
            {
                CreateObject<AtmNetDevice>()->Attach(ch);
            }
        },
        "a third device attached; an ATM link has exactly two ends");
}

TEST(AtmConfigErrorsDeathTest, CellRateChangedAfterAttach)
{
    EXPECT_DEATH(
        {
            Ptr<AtmChannel> ch = CreateObject<AtmChannel>();
            CreateObject<AtmNetDevice>()->Attach(ch);
            ch->SetAttribute("CellRate", StringValue("E3"));
        },
        "CellRate set to 80000 after a device attached");
}

TEST(AtmConfigErrorsDeathTest, BadCellRateString)
{
    EXPECT_DEATH(
        {
            Ptr<AtmChannel> ch = CreateObject<AtmChannel>();
            ch->SetAttribute("CellRate", StringValue("fast"));
        },
        "");
}

TEST(AtmConfigErrorsDeathTest, CbrPcrAboveTheLinkRate)
{
    EXPECT_DEATH(
        {
            NodeContainer hosts(2);
            AtmHelper atm;
            atm.SetChannelAttribute("CellRate", StringValue("E3"));
            atm.Install(hosts.Get(0), hosts.Get(1));
            AtmPvcHelper pvcs;
            pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(90000)));
            pvcs.Install(hosts.Get(0)->GetDevice(0), hosts.Get(1)->GetDevice(0));
        },
        "has a PCR above the link's cell rate 80000");
}

TEST(AtmConfigErrorsDeathTest, PvcBeforeAddresses)
{
    EXPECT_DEATH(
        {
            NodeContainer hosts(2);
            AtmHelper atm;
            NetDeviceContainer d = atm.Install(hosts.Get(0), hosts.Get(1));
            hosts.Get(0)->AggregateObject(CreateObject<Ipv4L3Protocol>());
            hosts.Get(1)->AggregateObject(CreateObject<Ipv4L3Protocol>());
            AtmPvcHelper pvcs;
            pvcs.Install(d.Get(0), d.Get(1));
        },
        "has no IPv4 address; assign addresses");
}

TEST(AtmConfigErrorsDeathTest, NoPathBetweenAdapters)
{
    EXPECT_DEATH(
        {
            NodeContainer hosts(3);
            NodeContainer sw(2);
            AtmHelper atm;
            atm.InstallSwitch(sw);
            NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
            NetDeviceContainer b = atm.Install(sw.Get(1), hosts.Get(1));
            AtmPvcHelper pvcs;
            pvcs.Install(a.Get(0), b.Get(1));
        },
        "no path of switches from node [0-9]+ device 0 to node [0-9]+ device 0");
}

TEST(AtmConfigErrorsDeathTest, CrossConnectOnAnUnattachedPort)
{
    EXPECT_DEATH(
        {
            Ptr<Node> n = CreateObject<Node>();
            Ptr<AtmSwitch> s = CreateObject<AtmSwitch>();
            n->AggregateObject(s);
            s->AddPort(CreateObject<AtmSwitchPort>());
            s->AddPort(CreateObject<AtmSwitchPort>());
            s->AddVcCrossConnect(0, 0, 32, 1, 0, 33);
        },
        "is not attached to a link; connect the ports before adding cross-connects");
}

TEST(AtmConfigErrorsDeathTest, NegativeHostCpuCost)
{
    Ptr<Node> n = CreateObject<Node>();
    const std::string node = "node " + std::to_string(n->GetId());
    EXPECT_DEATH(
        {
            Ptr<AtmHostCpu> cpu = CreateObject<AtmHostCpu>();
            n->AggregateObject(cpu);
            cpu->SetAttribute("SendCost", TimeValue(MicroSeconds(-300)));
        },
        "AtmHostCpu on " + node + ": SendCost -300.*is negative; set a CPU time >= 0");
    EXPECT_DEATH(CreateObject<AtmHostCpu>()->SetReceiveCost(MicroSeconds(-5)),
                 "AtmHostCpu .not on a node.: ReceiveCost -5.*is negative");
    EXPECT_DEATH(
        {
            Ptr<AtmHostCpu> cpu = CreateObject<AtmHostCpu>();
            n->AggregateObject(cpu);
            cpu->Submit(MicroSeconds(-1), []() {});
        },
        "AtmHostCpu on " + node + ": job submitted with a negative CPU cost -1");
    EXPECT_DEATH(AtmHelper().InstallHostCpu(NodeContainer(n), MicroSeconds(300), Seconds(-1)),
                 "AtmHelper::InstallHostCpu: " + node +
                     ": negative CPU cost .send [+]?300.*receive -1.*pass costs >= 0");
}

TEST(AtmConfigErrorsDeathTest, UnknownBufferPolicyName)
{
    EXPECT_DEATH(AtmBufferPolicyFactory::Resolve("red"),
                 "\"red\" is not a buffer policy; use one of tail ppd epd drop-tail drop-whole sd "
                 "fba vc-threshold");
    EXPECT_DEATH(AtmBufferPolicyFactory::Resolve("ns3::FifoCellScheduler"),
                 "is not a buffer policy");
}

TEST(AtmConfigErrorsDeathTest, UnknownCellSchedulerName)
{
    EXPECT_DEATH(AtmHelper().SetCellScheduler("wfq"),
                 "AtmCellSchedulerFactory: \"wfq\" is not a cell scheduler; use one of fifo rr "
                 "priority gr vs-queue vs ru wrr or the TypeId name of an AtmCellScheduler "
                 "subclass");
    EXPECT_DEATH(AtmCellSchedulerFactory::Resolve("ns3::EpdBufferPolicy"),
                 "is not a cell scheduler");
}

TEST(AtmConfigErrorsDeathTest, PbsThresholdAboveTheBuffer)
{
    // Valid up to T = K (no CLP distinction); above K the first decision stops the run.
    Ptr<AtmBufferPolicy> pbs = AtmBufferPolicyFactory::Create("pbs");
    pbs->SetAttribute("ClpThresholdCells", UintegerValue(8));
    AtmPortState k8(8);
    k8.AddVc(AtmServiceCategory::NRT_VBR, k8.AddQueue(AtmServiceCategory::NRT_VBR));
    AtmCell cell;
    cell.pti = 1;
    EXPECT_TRUE(pbs->Admit(k8, 0, cell).IsAccept());
    AtmPortState k7(7);
    k7.AddVc(AtmServiceCategory::NRT_VBR, k7.AddQueue(AtmServiceCategory::NRT_VBR));
    EXPECT_DEATH(pbs->Admit(k7, 0, cell),
                 "PbsBufferPolicy: ClpThresholdCells=8 exceeds the buffer's BufferCells K=7; "
                 "lower ClpThresholdCells to at most 7");
}

TEST(AtmConfigErrorsDeathTest, DoubleEpdThresholds)
{
    // LBO <= HBO < K is required; the first decision names both thresholds, their attributes
    // and K. Fractions outside their range are refused when set.
    AtmPortState k20(20);
    k20.AddVc(AtmServiceCategory::GFR, k20.AddQueue(AtmServiceCategory::GFR));
    AtmCell cell;
    cell.pti = 1;
    Ptr<AtmBufferPolicy> ok = AtmBufferPolicyFactory::Create("double-epd");
    ok->SetAttribute("LboCells", UintegerValue(10));
    ok->SetAttribute("HboCells", UintegerValue(19));
    EXPECT_TRUE(ok->Admit(k20, 0, cell).IsAccept());
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("double-epd");
            p->SetAttribute("LboCells", UintegerValue(13));
            p->SetAttribute("HboCells", UintegerValue(12));
            p->Admit(k20, 0, cell);
        },
        "DoubleEpdBufferPolicy: thresholds LBO=13 \\(LboCells=13, LboFraction=0.75\\) and "
        "HBO=12 \\(HboCells=12, HboFraction=0.875\\) with the port's BufferCells K=20: "
        "the policy needs LBO <= HBO < K");
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("double-epd");
            p->SetAttribute("HboCells", UintegerValue(20));
            p->Admit(k20, 0, cell);
        },
        "HBO=20 .*K=20: the policy needs LBO <= HBO < K");
    EXPECT_DEATH(
        AtmBufferPolicyFactory::Create("double-epd")->SetAttribute("HboFraction", DoubleValue(1.0)),
        "DoubleEpdBufferPolicy: HboFraction=1 is outside \\(0, 1\\)");
    EXPECT_DEATH(
        AtmBufferPolicyFactory::Create("double-epd")->SetAttribute("LboFraction", DoubleValue(1.0)),
        "DoubleEpdBufferPolicy: LboFraction=1 is outside \\[0, 1\\).*0 for LBO = 0");
}

TEST(AtmConfigErrorsDeathTest, Ea98Thresholds)
{
    // The EA98 variants share Double-EPD's thresholds and their check, under their own name.
    AtmPortState k20(20);
    k20.AddVc(AtmServiceCategory::GFR, k20.AddQueue(AtmServiceCategory::GFR));
    AtmCell cell;
    cell.pti = 1;
    for (const char* name : {"ea98-1", "ea98-2", "ea98-3"})
    {
        EXPECT_DEATH(
            {
                Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create(name);
                p->SetAttribute("HboCells", UintegerValue(20));
                p->Admit(k20, 0, cell);
            },
            "Ea98[A-Za-z]*BufferPolicy: thresholds LBO=15 .*HBO=20 .*K=20: the policy needs "
            "LBO <= HBO < K");
    }
}

TEST(AtmConfigErrorsDeathTest, VirtualQueueParameters)
{
    AtmPortState k20(20);
    k20.AddVc(AtmServiceCategory::GFR, k20.AddQueue(AtmServiceCategory::GFR));
    AtmCell cell;
    cell.pti = 1;
    Ptr<AtmBufferPolicy> ok = AtmBufferPolicyFactory::Create("vq");
    ok->SetAttribute("ThresholdCells", UintegerValue(19));
    EXPECT_TRUE(ok->Admit(k20, 0, cell).IsAccept());
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("vq");
            p->SetAttribute("ThresholdCells", UintegerValue(20));
            p->Admit(k20, 0, cell);
        },
        "VirtualQueueBufferPolicy: ThresholdCells=20 >= BufferCells=20: .*set ThresholdCells "
        "below BufferCells");
    EXPECT_DEATH(AtmBufferPolicyFactory::Create("vq")->SetAttribute("TimerPeriod",
                                                                    TimeValue(MilliSeconds(-1))),
                 "VirtualQueueBufferPolicy: TimerPeriod=-1.*is negative; give T > 0");
    EXPECT_DEATH(
        AtmBufferPolicyFactory::Create("vq")->SetAttribute("ThresholdFraction", DoubleValue(1.0)),
        "VirtualQueueBufferPolicy: ThresholdFraction=1 is not in \\(0, 1\\)");
}

TEST(AtmConfigErrorsDeathTest, PerVcThresholdOutOfRange)
{
    Ptr<PerVcThresholdBufferPolicy> p = CreateObject<PerVcThresholdBufferPolicy>();
    p->SetVcThreshold(3, 4294967294U);
    EXPECT_DEATH(p->SetVcThreshold(3, 4294967295U),
                 "PerVcThresholdBufferPolicy::SetVcThreshold: T_i=4294967295 for VC 3 is out of "
                 "range; give at most 4294967294 cells");
}

TEST(AtmConfigErrorsDeathTest, StaticPduReserveAboveTheBuffer)
{
    AtmPortState k20(20);
    k20.AddVc(AtmServiceCategory::UBR, k20.AddQueue(AtmServiceCategory::UBR));
    AtmCell cell;
    cell.pti = 1;
    Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("static-pdu");
    p->SetAttribute("ReserveCells", UintegerValue(19));
    EXPECT_TRUE(p->Admit(k20, 0, cell).IsAccept());
    p->SetAttribute("ReserveCells", UintegerValue(20));
    EXPECT_DEATH(p->Admit(k20, 0, cell),
                 "StaticPduReservationBufferPolicy: ReserveCells=20 is not below the port's "
                 "BufferCells K=20; lower ReserveCells");
}

TEST(AtmConfigErrorsDeathTest, DfbaThresholdsAndWeights)
{
    // L <= H <= K is required; the first decision names both thresholds, their attributes and
    // K. Fractions, Alpha and Z_i outside their ranges are refused when set.
    AtmPortState k100(100);
    k100.AddVc(AtmServiceCategory::GFR, k100.AddQueue(AtmServiceCategory::GFR));
    AtmCell cell;
    cell.pti = 1;
    Ptr<AtmBufferPolicy> ok = AtmBufferPolicyFactory::Create("dfba");
    ok->SetAttribute("LowThresholdCells", UintegerValue(100));
    ok->SetAttribute("HighThresholdCells", UintegerValue(100));
    EXPECT_TRUE(ok->Admit(k100, 0, cell).IsAccept());
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("dfba");
            p->SetAttribute("LowThresholdCells", UintegerValue(80));
            p->SetAttribute("HighThresholdCells", UintegerValue(70));
            p->Admit(k100, 0, cell);
        },
        "DfbaBufferPolicy: thresholds L=80 \\(LowThresholdCells=80, LowThresholdFraction=0.5\\) "
        "and H=70 \\(HighThresholdCells=70, HighThresholdFraction=0.9\\) with the port's "
        "BufferCells K=100: the policy needs L <= H <= K");
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("dfba");
            p->SetAttribute("HighThresholdCells", UintegerValue(101));
            p->Admit(k100, 0, cell);
        },
        "H=101 .*K=100: the policy needs L <= H <= K");
    EXPECT_DEATH(AtmBufferPolicyFactory::Create("dfba")->SetAttribute("LowThresholdFraction",
                                                                      DoubleValue(1.0)),
                 "DfbaBufferPolicy: LowThresholdFraction=1 is outside \\[0, 1\\).*0 for L = 0");
    EXPECT_DEATH(AtmBufferPolicyFactory::Create("dfba")->SetAttribute("HighThresholdFraction",
                                                                      DoubleValue(0.0)),
                 "DfbaBufferPolicy: HighThresholdFraction=0 is outside \\(0, 1\\)");
    EXPECT_DEATH(AtmBufferPolicyFactory::Create("dfba")->SetAttribute("Alpha", DoubleValue(1.5)),
                 "DfbaBufferPolicy: Alpha=1.5 is outside \\[0, 1\\]");
    EXPECT_DEATH(CreateObject<DfbaBufferPolicy>()->SetVcZ(2, 1.5),
                 "DfbaBufferPolicy::SetVcZ: Z_i=1.5 for VC 2 is outside \\[0, 1\\]");
    EXPECT_DEATH(CreateObject<DfbaBufferPolicy>()->SetVcZ(0, -0.25),
                 "DfbaBufferPolicy::SetVcZ: Z_i=-0.25 for VC 0 is outside \\[0, 1\\]");
}

TEST(AtmConfigErrorsDeathTest, GuaranteedRateSchedulerCategory)
{
    EXPECT_DEATH(CreateObject<GuaranteedRateCellScheduler>()->SetAttribute("GuaranteedCategory",
                                                                           StringValue("VBR")),
                 "GuaranteedCategory=\"VBR\" is not a service category; use CBR, rt-VBR, "
                 "nrt-VBR, ABR, GFR or UBR");
    EXPECT_DEATH(
        {
            Ptr<GuaranteedRateCellScheduler> gr = CreateObject<GuaranteedRateCellScheduler>();
            AtmPortState state(10);
            gr->NotifyQueueAdded(state, state.AddQueue(AtmServiceCategory::UBR));
            gr->SetAttribute("GuaranteedCategory", StringValue("ABR"));
        },
        "GuaranteedCategory set to \"ABR\" after 1 queue.s. were added; configure the "
        "scheduler before attaching it to a port");
}

TEST(AtmConfigErrorsDeathTest, GfrSchedulerWeights)
{
    EXPECT_DEATH(
        CreateObject<FlexibleRuCellScheduler>()->SetAttribute("VcWeights", StringValue("1 -2")),
        "FlexibleRuCellScheduler: VcWeights=\"1 -2\" has the entry \"-2\"; give "
        "whitespace-separated positive numbers, one per id");
    EXPECT_DEATH(CreateObject<FlexibleRuCellScheduler>()->SetVcWeight(3, 0),
                 "FlexibleRuCellScheduler: SetVcWeight.3. = 0; give a positive weight");
    EXPECT_DEATH(
        CreateObject<FlexibleRuCellScheduler>()->SetAttribute("QueueGroups", StringValue("0 x")),
        "QueueGroups=\"0 x\" has the entry \"x\"; give whitespace-separated group ids");
    EXPECT_DEATH(
        {
            Ptr<FlexibleRuCellScheduler> ru = CreateObject<FlexibleRuCellScheduler>();
            ru->SetAttribute("Grouping", EnumValue(FlexibleRuCellScheduler::EXPLICIT));
            AtmPortState state(10);
            ru->NotifyQueueAdded(state, state.AddQueue(AtmServiceCategory::UBR));
            const uint32_t q = state.AddQueue(AtmServiceCategory::UBR);
            ru->NotifyQueueAdded(state, q);
            const uint32_t vc = state.AddVc(AtmServiceCategory::UBR, q);
            ru->NotifyVcAdded(state, vc);
            state.OnEnqueue(vc);
            ru->NotifyBacklogged(q);
            ru->SetQueueGroup(0, 5);
            ru->SetQueueGroup(1, 5); // queue 1 is backlogged: it may not change group
        },
        "moves backlogged queue 1 to another U group; configure weights and groups before "
        "cells arrive");
    EXPECT_DEATH(CreateObject<WeightedRoundRobinCellScheduler>()->SetAttribute("QueueQuanta",
                                                                               StringValue("2 0")),
                 "WeightedRoundRobinCellScheduler: QueueQuanta=\"2 0\" has the entry \"0\"; "
                 "give whitespace-separated integers 1..1000000");
}

TEST(AtmConfigErrorsDeathTest, ClassBufferConfiguration)
{
    // After the first VC, like every other port setting.
    EXPECT_DEATH(
        {
            Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
            port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_CLASS));
            port->AddVc(AtmServiceCategory::UBR);
            port->SetClassBuffer(AtmServiceCategory::RT_VBR, 256, nullptr);
        },
        "AtmOutputPort: cannot change a class buffer after 1 VC.s. were added; set it before "
        "the first AddVc..");
    // In SHARED mode, whichever order QueueMode and SetClassBuffer were given in.
    EXPECT_DEATH(
        {
            Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
            port->SetClassBuffer(AtmServiceCategory::RT_VBR, 256, nullptr);
            port->AddVc(AtmServiceCategory::UBR);
        },
        "AtmOutputPort: SetClassBuffer gave rt-VBR its own buffer, but QueueMode is SHARED .one "
        "FIFO would mix the classes' cells.; set QueueMode to PER_CLASS or PER_VC");
    EXPECT_DEATH(
        CreateObject<AtmOutputPort>()->SetClassBuffer(AtmServiceCategory::RT_VBR, 0, nullptr),
        "AtmOutputPort: SetClassBuffer.rt-VBR, 0 cells.; give the class buffer at least "
        "1 cell");
    // One policy object in two buffers would mix their local VC numbers.
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> epd = AtmBufferPolicyFactory::Create("epd");
            Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
            port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
            port->SetAttribute("BufferPolicy", PointerValue(epd));
            port->SetClassBuffer(AtmServiceCategory::RT_VBR, 256, epd);
            port->Initialize();
        },
        "AtmOutputPort: the same ns3::EpdBufferPolicy object guards the shared buffer and the "
        "rt-VBR class buffer; give each buffer its own policy object");
}

/**
 * @param configure sets attributes on the shaper
 * @return a GfrShaper (MCR 10,000 cells/s) attached to a 100,000 cells/s link after @p configure
 */
template <typename F>
Ptr<GfrShaper>
AttachedGfrShaper(F configure)
{
    Ptr<GfrShaper> s = CreateObject<GfrShaper>();
    s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(10000)));
    configure(s);
    s->Attach(AtmCellClock(AtmCellRate(100000)));
    return s;
}

TEST(AtmConfigErrorsDeathTest, GfrShaperConfiguration)
{
    EXPECT_DEATH(AttachedGfrShaper([](Ptr<GfrShaper> s) {
                     s->SetAttribute("MinThresholdCells", UintegerValue(2000));
                 }),
                 "GfrShaper: MinThresholdCells = 2000 is not below MaxThresholdCells = 2000; give "
                 "Min_th < Max_th");
    EXPECT_DEATH(AttachedGfrShaper([](Ptr<GfrShaper> s) {
                     s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(5000)));
                 }),
                 "GfrShaper: McrCellsPerSec = 10000 exceeds the PCR 5000 cells/s; give MCR <= PCR");
    EXPECT_DEATH(AttachedGfrShaper([](Ptr<GfrShaper> s) {
                     s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(200000)));
                 }),
                 "exceeds the PCR 100000 cells/s \\(the link's rate\\)");
    EXPECT_DEATH(AttachedGfrShaper([](Ptr<GfrShaper> s) {
                     s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate()));
                 }),
                 "GfrShaper: McrCellsPerSec is not set");
    EXPECT_DEATH(
        AttachedGfrShaper([](Ptr<GfrShaper> s) { s->SetAttribute("AcrWeight", DoubleValue(0)); }),
        "GfrShaper: AcrWeight = 0; give 0 < wq <= 1");
    EXPECT_DEATH(
        AttachedGfrShaper([](Ptr<GfrShaper> s) { s->SetAttribute("AcrWeight", DoubleValue(1.5)); }),
        "GfrShaper: AcrWeight = 1.5; give 0 < wq <= 1");
    EXPECT_DEATH(AttachedGfrShaper([](Ptr<GfrShaper> s) {
                     s->SetAttribute("AcrInterval", TimeValue(Seconds(0)));
                 }),
                 "GfrShaper: AcrInterval = .*the filter window T must be positive");
}

TEST(AtmConfigErrorsDeathTest, McrPduTaggerConfiguration)
{
    const AtmCellRate line(100000);
    EXPECT_DEATH(CreateObject<McrPduTagger>()->Attach(AtmTrafficContract::Ubr(), line),
                 "McrPduTagger: McrCellsPerSec = 0 and the VC's contract \\(UBR.1.*\\) has no "
                 "MCR; give McrCellsPerSec > 0 or a GFR contract with an MCR");
    EXPECT_DEATH(
        {
            Ptr<McrPduTagger> t = CreateObject<McrPduTagger>();
            t->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(200000)));
            t->Attach(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                              AtmCellRate(),
                                              AtmCellRate(10000),
                                              32,
                                              32),
                      line);
        },
        "McrPduTagger: MCR = 200000 cells/s exceeds PCR = 100000 cells/s; give McrCellsPerSec <= "
        "PcrCellsPerSec");
    EXPECT_DEATH(CreateObject<McrPduTagger>()->Attach(
                     AtmTrafficContract::Abr(AtmCellRate(100000), AtmCellRate(10000)),
                     line),
                 "McrPduTagger: MbsCells = 0 \\(twice the MFS\\) but the VC's contract .* has MFS "
                 "0; give MbsCells >= 1 or a GFR contract with MfsCells >= 1");
    EXPECT_DEATH(
        {
            const AtmTrafficContract gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                                   AtmCellRate(),
                                                                   AtmCellRate(10000),
                                                                   32,
                                                                   32);
            Ptr<McrPduTagger> t = CreateObject<McrPduTagger>();
            t->Attach(gfr, line);
            t->Attach(gfr, line);
        },
        "ns3::McrPduTagger: a PDU tagger serves one VC; create one per VC");
    EXPECT_DEATH(AtmPduTaggerFactory::Resolve("fgcra"),
                 "AtmPduTaggerFactory: \"fgcra\" is not a PDU tagger; use one of mcr");
}

TEST(AtmConfigErrorsDeathTest, ShaperFactoryNames)
{
    EXPECT_DEATH(AtmShaperFactory::Resolve("leaky"),
                 "AtmShaperFactory: \"leaky\" is not a shaper; use contract or one of pcr vbr "
                 "packet-train gfr");
    EXPECT_DEATH(AtmShaperFactory::Create("gfr", AtmTrafficContract::Ubr()),
                 "AtmShaperFactory: shaper gfr needs a contract with an MCR \\(GFR\\); the "
                 "contract \\(UBR.1.*\\) has none");
    EXPECT_DEATH(AtmShaperFactory::Create("vbr", AtmTrafficContract::Ubr()),
                 "AtmShaperFactory: shaper vbr needs a VBR contract");
    EXPECT_DEATH(AtmShaperFactory::Create("pcr", AtmTrafficContract::Ubr()),
                 "AtmShaperFactory: shaper pcr needs a PCR");
}

TEST(AtmConfigErrorsDeathTest, PvcHelperShaperAndTagger)
{
    EXPECT_DEATH(AtmPvcHelper().SetShaper("leaky"), "AtmShaperFactory: \"leaky\" is not a shaper");
    EXPECT_DEATH(AtmPvcHelper().SetShaperAttribute("BufferCells", UintegerValue(600)),
                 "AtmPvcHelper::SetShaperAttribute\\(\"BufferCells\"\\): the shaper is derived "
                 "from each PVC's contract; name it first with SetShaper\\(\\), one of contract, "
                 "pcr, vbr, packet-train, gfr");
    EXPECT_DEATH(
        {
            AtmPvcHelper pvcs;
            pvcs.SetShaper("gfr");
            pvcs.SetShaperAttribute("MinThresholdCells", DoubleValue(0.5));
        },
        "AtmPvcHelper::SetShaperAttribute: MinThresholdCells=0.5 is not a valid value for "
        "ns3::GfrShaper");
    EXPECT_DEATH(
        {
            AtmPvcHelper pvcs;
            pvcs.SetShaper("gfr");
            pvcs.SetShaperAttribute("ScrCellsPerSec", UintegerValue(1));
        },
        "AtmPvcHelper::SetShaperAttribute: ns3::GfrShaper has no attribute \"ScrCellsPerSec\"");
    EXPECT_DEATH(AtmPvcHelper().SetPduTaggerAttribute("MbsCells", UintegerValue(40)),
                 "AtmPvcHelper::SetPduTaggerAttribute\\(\"MbsCells\"\\): no tagger chosen; call "
                 "SetPduTagging\\(\\) first");
    EXPECT_DEATH(AtmPvcHelper().SetPduTagging(true, "leaky"),
                 "AtmPduTaggerFactory: \"leaky\" is not a PDU tagger; use one of mcr");
}

TEST(AtmBufferPolicyFactoryTest, ResolvesShortAndTypeIdNames)
{
    EXPECT_EQ(AtmBufferPolicyFactory::Resolve("tail").GetName(), "ns3::TailDropBufferPolicy");
    EXPECT_EQ(AtmBufferPolicyFactory::Resolve("ns3::TailDropBufferPolicy").GetName(),
              "ns3::TailDropBufferPolicy");
    for (const auto& [name, tid] : AtmBufferPolicyFactory::GetShortNames())
    {
        EXPECT_EQ(AtmBufferPolicyFactory::Create(name)->GetInstanceTypeId().GetName(), tid);
    }
}

TEST(AtmConfigErrorsDeathTest, HelperAttributeOutOfItsCheckersRange)
{
    // ns-3's own ObjectFactory::Set names only the attribute; the helper adds the value and the
    // range the attribute's checker accepts.
    EXPECT_DEATH(
        {
            AtmHelper atm;
            atm.SetBufferPolicy("epd");
            atm.SetBufferPolicyAttribute("ThresholdFraction", DoubleValue(1.5));
        },
        "AtmHelper::SetBufferPolicyAttribute: ThresholdFraction=1.5 is not a valid value for "
        "ns3::EpdBufferPolicy, which accepts ns3::DoubleValue");
    EXPECT_DEATH(
        {
            AtmHelper atm;
            atm.SetChannelAttribute("Delay", StringValue("-5ms"));
        },
        "AtmHelper::SetChannelAttribute: Delay=-5ms is not a valid value for ns3::AtmChannel");
    EXPECT_DEATH(
        {
            AtmHelper atm;
            atm.SetSwitchPortAttribute("BufferCells", UintegerValue(0));
        },
        "AtmHelper::SetSwitchPortAttribute: BufferCells=0 is not a valid value");
}

TEST(AtmConfigErrorsDeathTest, HelperAttributeThatDoesNotExist)
{
    EXPECT_DEATH(
        {
            AtmHelper atm;
            atm.SetDeviceAttribute("Mut", UintegerValue(9180));
        },
        "AtmHelper::SetDeviceAttribute: ns3::AtmNetDevice has no attribute \"Mut\"");
}

} // namespace
