/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cstdint>

/**
 * @file
 * @ingroup atm-tests
 * ns-3's traffic-control layer in front of an ATM adapter (a router's IP output queue): with a
 * NetDeviceQueueInterface (AtmHelper::SetTrafficControl) the device stops its transmit queue
 * when its frame queues are full and wakes it when segmentation frees room, so the backlog
 * waits, and is dropped, in the queue disc; without one (the default) no queue disc is
 * installed and the frame queues drop as before.
 */

using namespace ns3;

namespace
{

constexpr uint32_t PAYLOAD = 9000; //!< UDP payload of the burst's datagrams
constexpr uint32_t BURST = 40;     //!< datagrams sent at one instant
constexpr uint32_t LIMIT = 30;     //!< the queue disc's limit, packets

/// Largest SDU of the default MTU (9180) with the LLC/SNAP header (8 bytes).
constexpr uint32_t LARGEST_SDU = 9180 + 8;

/**
 * @brief h0 -- s0 -- h1 with one PVC; h0's adapter holds at most three largest frames.
 */
struct TcNet
{
    NodeContainer hosts;         //!< h0, h1
    NetDeviceContainer nics;     //!< their adapters
    QueueDiscContainer qdiscs;   //!< the queue discs (traffic control on)
    Ipv4InterfaceContainer ifs;  //!< their interfaces
    uint32_t txDrops{0};         //!< TxDrop events of h0's adapter
    uint32_t maxQueuedBytes{0};  //!< largest frame-queue content of h0's adapter seen
    uint32_t maxQdiscPackets{0}; //!< largest backlog of h0's queue disc
    Ptr<AtmNetDevice> h0;        //!< h0's adapter

    /**
     * @param trafficControl AtmHelper::SetTrafficControl
     * @param qdiscLimit the FifoQueueDisc's MaxSize (with traffic control)
     */
    TcNet(bool trafficControl, std::string qdiscLimit)
    {
        hosts.Create(2);
        NodeContainer sw(1);
        AtmHelper atm;
        atm.InstallSwitch(sw);
        atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(50)));
        atm.SetDeviceAttribute("TxQueueBytes", UintegerValue(3 * LARGEST_SDU));
        atm.SetTrafficControl(trafficControl);
        nics.Add(atm.Install(hosts.Get(0), sw.Get(0)).Get(0));
        nics.Add(atm.Install(sw.Get(0), hosts.Get(1)).Get(1));
        InternetStackHelper internet;
        internet.Install(hosts);
        if (trafficControl)
        {
            TrafficControlHelper tch;
            tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue(qdiscLimit));
            qdiscs = tch.Install(nics);
            qdiscs.Get(0)->TraceConnectWithoutContext("PacketsInQueue",
                                                      MakeCallback(&TcNet::QdiscBacklog, this));
        }
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        ifs = addresses.Assign(nics);
        AtmPvcHelper pvcs;
        pvcs.Install(nics.Get(0), nics.Get(1));
        h0 = DynamicCast<AtmNetDevice>(nics.Get(0));
        h0->TraceConnectWithoutContext("TxDrop", MakeCallback(&TcNet::TxDrop, this));
        h0->TraceConnectWithoutContext("MacTx", MakeCallback(&TcNet::MacTx, this));
    }

    /// TxDrop sink.
    void TxDrop(uint32_t, Ptr<const Packet>, const char*)
    {
        ++txDrops;
    }

    /// MacTx sink: the frame queues' content after each accepted packet.
    void MacTx(Ptr<const Packet>)
    {
        maxQueuedBytes = std::max(maxQueuedBytes, h0->GetQueueBytes());
    }

    /// PacketsInQueue sink of h0's queue disc.
    void QdiscBacklog(uint32_t, uint32_t packets)
    {
        maxQdiscPackets = std::max(maxQdiscPackets, packets);
    }
};

/**
 * @brief Send BURST datagrams of PAYLOAD bytes from h0 to h1 at one instant, return how many
 *        arrived.
 * @param net the network
 * @return datagrams received
 */
uint64_t
SendBurst(TcNet& net)
{
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 9));
    ApplicationContainer sink = sinkHelper.Install(net.hosts.Get(1));
    Ptr<Socket> socket = Socket::CreateSocket(net.hosts.Get(0), UdpSocketFactory::GetTypeId());
    socket->Connect(InetSocketAddress(net.ifs.GetAddress(1), 9));
    Simulator::Schedule(MilliSeconds(10), [socket]() {
        for (uint32_t i = 0; i < BURST; ++i)
        {
            socket->Send(Create<Packet>(PAYLOAD));
        }
    });
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    return DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx() / PAYLOAD;
}

/**
 * @ingroup atm-tests
 * @brief A burst larger than the adapter's frame queues waits in the queue disc.
 */
class AtmQueueDiscHoldsBacklogTestCase : public TestCase
{
  public:
    AtmQueueDiscHoldsBacklogTestCase()
        : TestCase("Traffic control on: a 40-datagram burst waits in a 30-packet FIFO queue disc, "
                   "the adapter holds at most 3 frames and refuses none")
    {
    }

  private:
    void DoRun() override
    {
        TcNet net(true, std::to_string(LIMIT) + "p");
        const uint64_t received = SendBurst(net);
        const QueueDisc::Stats& stats = net.qdiscs.Get(0)->GetStats();
        // At the burst's instant the adapter accepts the first datagram (its segmentation
        // starts at once) and three more (3 x 9036 bytes; a fourth would not leave room for a
        // largest frame in 3 x 9188), then stops its queue: the next 30 wait in the queue disc,
        // the last 6 are its tail drops. Nothing is lost after that.
        NS_TEST_ASSERT_MSG_EQ(net.txDrops, 0, "the adapter refused no frame");
        NS_TEST_ASSERT_MSG_EQ(stats.nTotalDroppedPackets, BURST - 4 - LIMIT, "queue disc drops");
        NS_TEST_ASSERT_MSG_EQ(net.maxQdiscPackets, LIMIT, "the backlog waited in the queue disc");
        NS_TEST_ASSERT_MSG_EQ(received, 4 + LIMIT, "every datagram the queue disc kept arrived");
        NS_TEST_ASSERT_MSG_EQ(received + stats.nTotalDroppedPackets + net.txDrops,
                              BURST,
                              "conservation: received + dropped = sent");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(net.maxQueuedBytes,
                                    3 * LARGEST_SDU,
                                    "frame queues within TxQueueBytes");
        NS_TEST_ASSERT_MSG_EQ(stats.nTotalDequeuedPackets,
                              net.h0->GetVcStats(0).framesTx,
                              "every frame the adapter sent came through the queue disc");
        NS_TEST_ASSERT_MSG_EQ(net.h0->GetQueueBytes(), 0, "the adapter drained");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Without traffic control no queue disc is installed and the frame queues drop.
 */
class AtmNoTrafficControlTestCase : public TestCase
{
  public:
    AtmNoTrafficControlTestCase()
        : TestCase("Traffic control off (default): no queue disc on the adapter, the frame "
                   "queues refuse what exceeds TxQueueBytes")
    {
    }

  private:
    void DoRun() override
    {
        TcNet net(false, "");
        Ptr<TrafficControlLayer> tc = net.hosts.Get(0)->GetObject<TrafficControlLayer>();
        NS_TEST_ASSERT_MSG_EQ(tc->GetRootQueueDiscOnDevice(net.h0),
                              nullptr,
                              "Ipv4AddressHelper installed no default queue disc");
        NS_TEST_ASSERT_MSG_EQ(net.h0->GetObject<NetDeviceQueueInterface>(),
                              nullptr,
                              "no NetDeviceQueueInterface");
        const uint64_t received = SendBurst(net);
        NS_TEST_ASSERT_MSG_EQ(received, 4, "the first frame and the three that fit");
        NS_TEST_ASSERT_MSG_EQ(net.txDrops, BURST - 4, "the rest refused by the frame queues");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief TCP through a queue disc: the transmit queue is stopped and woken many times, no
 *        byte is lost, the adapter refuses nothing.
 */
class AtmTrafficControlTcpTestCase : public TestCase
{
  public:
    AtmTrafficControlTcpTestCase()
        : TestCase("Traffic control on: a 2 MB TCP transfer through a 100-packet queue disc "
                   "arrives whole, every frame through the queue disc")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(9128));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
        TcNet net(true, "100p");
        const uint64_t bytes = 2000000;
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(net.ifs.GetAddress(1), 80));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        bulk.Install(net.hosts.Get(0)).Start(Seconds(0.01));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 80));
        ApplicationContainer sink = sinkHelper.Install(net.hosts.Get(1));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const QueueDisc::Stats& stats = net.qdiscs.Get(0)->GetStats();
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx(),
                              bytes,
                              "the whole transfer");
        NS_TEST_ASSERT_MSG_EQ(net.txDrops, 0, "the adapter refused no frame");
        NS_TEST_ASSERT_MSG_EQ(stats.nTotalDroppedPackets, 0, "no queue disc drop");
        NS_TEST_ASSERT_MSG_GT(net.maxQdiscPackets, 0, "a backlog formed in the queue disc");
        NS_TEST_ASSERT_MSG_EQ(stats.nTotalDequeuedPackets,
                              net.h0->GetVcStats(0).framesTx,
                              "every frame the adapter sent came through the queue disc");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(net.maxQueuedBytes,
                                    3 * LARGEST_SDU,
                                    "frame queues within TxQueueBytes");
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief Queue discs in front of ATM adapters.
 */
class AtmTrafficControlTestSuite : public TestSuite
{
  public:
    AtmTrafficControlTestSuite()
        : TestSuite("atm-traffic-control", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmQueueDiscHoldsBacklogTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmNoTrafficControlTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmTrafficControlTcpTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
static AtmTrafficControlTestSuite g_atmTrafficControlTestSuite;
