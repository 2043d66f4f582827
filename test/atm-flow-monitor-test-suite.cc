/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/applications-module.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-device.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/flow-monitor.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <cstdint>
#include <map>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * ns-3's FlowMonitor over ATM paths: the per-flow IP statistics it collects on hosts whose
 * interfaces are AtmNetDevices agree with the adapters' own frame counters and with the cell
 * ledgers of the VCs. Each IP packet is one AAL5 CPCS-PDU (RFC 2684, ITU-T I.363.5), so a packet
 * FlowMonitor reports lost is a PDU that lost cells at a switch (the cells then counted as
 * dropped, or still waiting for their end of message) and a received packet is a delivered PDU.
 */

using namespace ns3;

namespace
{

/// UDP payload of the datagrams of the loss and delay cases.
constexpr uint32_t kPayload = 1000;

/**
 * @brief Cells of one datagram of kPayload bytes: UDP and IPv4 headers (28 bytes), LLC/SNAP
 *        (8, RFC 2684 section 5.1), the AAL5 trailer (8), padded to 48-byte cell payloads.
 * @return 22
 */
constexpr uint32_t
CellsPerDatagram()
{
    return (kPayload + 28 + 8 + 8 + 47) / 48;
}

static_assert(CellsPerDatagram() == 22, "1044 bytes of CPCS-PDU fill 22 cells");

/// A line of hosts and switches: h0 - s0 - s1 - h1 per pair, one trunk s0 - s1.
struct Dumbbell
{
    NodeContainer left;                 //!< the senders
    NodeContainer right;                //!< the receivers
    NodeContainer switches;             //!< s0, s1
    NetDeviceContainer trunk;           //!< the trunk's two switch ports
    std::vector<AtmPvc> pvcs;           //!< one PVC per pair
    std::vector<Ipv4Address> receivers; //!< receiver addresses
    std::vector<Ipv4Address> senders;   //!< sender addresses
    AtmPvcHelper pvcHelper;             //!< the PVCs

    /**
     * @brief Build it.
     * @param pairs host pairs
     * @param trunkRate trunk cell rate
     * @param bufferCells cell buffer of each switch port
     * @param policy buffer policy short name
     * @param accessDelay host link delay
     * @param trunkDelay trunk delay
     */
    Dumbbell(uint32_t pairs,
             const std::string& trunkRate,
             uint32_t bufferCells,
             const std::string& policy,
             Time accessDelay,
             Time trunkDelay)
        : left(pairs),
          right(pairs),
          switches(2)
    {
        AtmHelper atm;
        atm.SetSwitchPortAttribute("BufferCells", UintegerValue(bufferCells));
        atm.SetBufferPolicy(policy);
        atm.InstallSwitch(switches);
        atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
        atm.SetChannelAttribute("Delay", TimeValue(accessDelay));
        NetDeviceContainer hostDevices;
        std::vector<std::pair<Ptr<NetDevice>, Ptr<NetDevice>>> ends;
        for (uint32_t i = 0; i < pairs; ++i)
        {
            NetDeviceContainer l = atm.Install(left.Get(i), switches.Get(0));
            NetDeviceContainer r = atm.Install(switches.Get(1), right.Get(i));
            ends.emplace_back(l.Get(0), r.Get(1));
        }
        atm.SetChannelAttribute("CellRate", StringValue(trunkRate));
        atm.SetChannelAttribute("Delay", TimeValue(trunkDelay));
        trunk = atm.Install(switches.Get(0), switches.Get(1));

        InternetStackHelper internet;
        internet.Install(left);
        internet.Install(right);
        Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
        for (const auto& [a, b] : ends)
        {
            Ipv4InterfaceContainer ifaces = addresses.Assign(NetDeviceContainer(a, b));
            addresses.NewNetwork();
            senders.push_back(ifaces.GetAddress(0));
            receivers.push_back(ifaces.GetAddress(1));
            pvcs.push_back(
                pvcHelper.Install(DynamicCast<AtmNetDevice>(a), DynamicCast<AtmNetDevice>(b)));
        }
    }
};

/**
 * @brief Send @p count datagrams of kPayload bytes from left host @p i to its receiver.
 * @param net the topology
 * @param i the pair
 * @param count datagrams
 * @param interval spacing
 * @param start first datagram
 * @return the sink
 */
Ptr<PacketSink>
SendDatagrams(Dumbbell& net, uint32_t i, uint32_t count, Time interval, Time start)
{
    const uint16_t port = 9000;
    UdpClientHelper client(net.receivers[i], port);
    client.SetAttribute("MaxPackets", UintegerValue(count));
    client.SetAttribute("Interval", TimeValue(interval));
    client.SetAttribute("PacketSize", UintegerValue(kPayload));
    ApplicationContainer c = client.Install(net.left.Get(i));
    c.Start(start);
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer s = sink.Install(net.right.Get(i));
    s.Start(Seconds(0));
    return DynamicCast<PacketSink>(s.Get(0));
}

/**
 * @ingroup atm-tests
 * @brief UDP into a congested E3 trunk: FlowMonitor's sent, received and lost packets are the
 *        source adapter's PDUs sent, the destination's PDUs delivered and their difference, and
 *        the cells of the lost packets are the ledger's dropped and still-pending cells.
 */
class AtmFlowMonitorLossTestCase : public TestCase
{
  public:
    /// @param policy the trunk port's buffer policy (tail: cell-level loss; epd: frame-level)
    explicit AtmFlowMonitorLossTestCase(const std::string& policy)
        : TestCase("UDP into an E3 trunk, policy " + policy +
                   ": FlowMonitor lost packets = "
                   "PDUs the cells ledger lost"),
          m_policy(policy)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t datagrams = 400;
        Dumbbell net(1, "E3", 200, m_policy, MicroSeconds(10), MilliSeconds(1));
        // 22 cells every 80 us: 275,000 cells/s offered to a trunk of about 80,000.
        Ptr<PacketSink> sink = SendDatagrams(net, 0, datagrams, MicroSeconds(80), MilliSeconds(1));
        FlowMonitorHelper flowmon;
        Ptr<FlowMonitor> monitor = flowmon.InstallAll();
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        // Every datagram left by 33 ms: one still missing at 1 s is lost.
        monitor->CheckForLostPackets(MilliSeconds(500));

        const AtmPvc& pvc = net.pvcs[0];
        const AtmNetDeviceVcStats& tx = pvc.src->GetVcStats(pvc.srcVc);
        const AtmNetDeviceVcStats& rx = pvc.dst->GetVcStats(pvc.dstVc);
        const AtmVcLedger ledger = AtmPvcHelper::GetLedger(pvc, true);

        const FlowMonitor::FlowStatsContainer stats = monitor->GetFlowStats();
        NS_TEST_ASSERT_MSG_EQ(stats.size(), 1, "one flow (UDP, one direction)");
        const FlowMonitor::FlowStats& f = stats.begin()->second;
        NS_TEST_ASSERT_MSG_EQ(f.txPackets, datagrams, "FlowMonitor saw every datagram sent");
        NS_TEST_ASSERT_MSG_EQ(tx.framesTx, datagrams, "the adapter sent one PDU per datagram");
        NS_TEST_ASSERT_MSG_EQ(tx.cellsTx,
                              uint64_t{datagrams} * CellsPerDatagram(),
                              "22 cells per PDU");
        NS_TEST_ASSERT_MSG_EQ(f.rxPackets, rx.framesRx, "received packets = PDUs delivered");
        NS_TEST_ASSERT_MSG_EQ(f.rxPackets,
                              sink->GetTotalRx() / kPayload,
                              "= datagrams at the sink");
        NS_TEST_ASSERT_MSG_EQ(f.lostPackets,
                              f.txPackets - f.rxPackets,
                              "every packet not received is reported lost");
        NS_TEST_ASSERT_MSG_GT(f.lostPackets, 100, "the E3 trunk is congested: many PDUs lost");
        NS_TEST_ASSERT_MSG_GT(f.rxPackets, 0, "and some delivered");
        NS_TEST_ASSERT_MSG_EQ(f.packetsDropped.size(),
                              0,
                              "no IP-level drop: the losses are the ATM layer's");
        NS_TEST_ASSERT_MSG_EQ(ledger.Holds(), true, "the cell ledger holds");
        NS_TEST_ASSERT_MSG_EQ(ledger.offered,
                              uint64_t{datagrams} * CellsPerDatagram(),
                              "ledger: offered");
        NS_TEST_ASSERT_MSG_EQ(ledger.delivered,
                              f.rxPackets * CellsPerDatagram(),
                              "ledger: the cells delivered are the received packets' cells");
        NS_TEST_ASSERT_MSG_EQ(ledger.queued + ledger.linkLost, 0, "the run drained; no link loss");
        NS_TEST_ASSERT_MSG_EQ(ledger.dropped + ledger.inTransit + ledger.inReassembly,
                              f.lostPackets * CellsPerDatagram(),
                              "the lost packets' cells: dropped, or delivered to a reassembly "
                              "still waiting for an end of message");
        NS_TEST_ASSERT_MSG_EQ(f.rxBytes,
                              f.rxPackets * (kPayload + 28),
                              "FlowMonitor counts IP bytes");
        Simulator::Destroy();
    }

    std::string m_policy; //!< trunk buffer policy
};

/**
 * @ingroup atm-tests
 * @brief Three TCP transfers over their own PVCs sharing the trunk: six flows (data and ACKs),
 *        each direction's packets the adapters' PDUs, nothing lost on a trunk that keeps up.
 */
class AtmFlowMonitorTcpTestCase : public TestCase
{
  public:
    AtmFlowMonitorTcpTestCase()
        : TestCase("three TCP transfers: six flows, per-direction counts = adapters' PDUs")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t pairs = 3;
        const uint64_t bytes = 300000;
        Dumbbell net(pairs, "OC3c", 4000, "tail", MicroSeconds(10), MilliSeconds(1));
        std::vector<Ptr<PacketSink>> sinks;
        for (uint32_t i = 0; i < pairs; ++i)
        {
            BulkSendHelper source("ns3::TcpSocketFactory",
                                  InetSocketAddress(net.receivers[i], 5000));
            source.SetAttribute("MaxBytes", UintegerValue(bytes));
            ApplicationContainer a = source.Install(net.left.Get(i));
            a.Start(MilliSeconds(1 + i));
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 5000));
            ApplicationContainer s = sink.Install(net.right.Get(i));
            sinks.push_back(DynamicCast<PacketSink>(s.Get(0)));
        }
        FlowMonitorHelper flowmon;
        Ptr<FlowMonitor> monitor = flowmon.InstallAll();
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        monitor->CheckForLostPackets(Seconds(1));

        Ptr<Ipv4FlowClassifier> classifier =
            DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
        const FlowMonitor::FlowStatsContainer stats = monitor->GetFlowStats();
        NS_TEST_ASSERT_MSG_EQ(stats.size(), 2 * pairs, "a data and an ACK flow per transfer");
        uint32_t matched = 0;
        for (const auto& [id, f] : stats)
        {
            const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
            for (uint32_t i = 0; i < pairs; ++i)
            {
                const bool forward = t.sourceAddress == net.senders[i];
                const bool backward = t.sourceAddress == net.receivers[i];
                if (!forward && !backward)
                {
                    continue;
                }
                ++matched;
                const AtmPvc& pvc = net.pvcs[i];
                const AtmNetDeviceVcStats& tx =
                    forward ? pvc.src->GetVcStats(pvc.srcVc) : pvc.dst->GetVcStats(pvc.dstVc);
                const AtmNetDeviceVcStats& rx =
                    forward ? pvc.dst->GetVcStats(pvc.dstVc) : pvc.src->GetVcStats(pvc.srcVc);
                NS_TEST_ASSERT_MSG_EQ(f.txPackets, tx.framesTx, "sent packets = PDUs sent");
                NS_TEST_ASSERT_MSG_EQ(f.rxPackets, rx.framesRx, "received = PDUs delivered");
                NS_TEST_ASSERT_MSG_EQ(f.lostPackets, 0, "nothing lost");
                NS_TEST_ASSERT_MSG_EQ(AtmPvcHelper::GetLedger(pvc, forward).dropped,
                                      0,
                                      "no cell dropped");
                if (forward)
                {
                    NS_TEST_ASSERT_MSG_GT(f.rxBytes, bytes, "the data flow carried the transfer");
                    NS_TEST_ASSERT_MSG_EQ(sinks[i]->GetTotalRx(), bytes, "transfer complete");
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(matched, 2 * pairs, "every flow is one direction of one PVC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief An idle OC-3c path: FlowMonitor's one-way delay is the physics of the path (the
 *        datagram's 22 cells serialised on the host link, the last cell's transmission on the
 *        two further links, the propagation delays) plus at most one cell slot of alignment
 *        per switch port, and datagrams sent on an idle path see the same delay within it.
 */
class AtmFlowMonitorDelayTestCase : public TestCase
{
  public:
    AtmFlowMonitorDelayTestCase()
        : TestCase("idle OC-3c path: one-way delay = serialisation + propagation, within a slot "
                   "per port")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t datagrams = 20;
        const Time access = MicroSeconds(10);
        const Time trunk = MilliSeconds(1);
        Dumbbell net(1, "OC3c", 1000, "tail", access, trunk);
        SendDatagrams(net, 0, datagrams, MicroSeconds(3217), MilliSeconds(1));
        FlowMonitorHelper flowmon;
        Ptr<FlowMonitor> monitor = flowmon.InstallAll();
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const FlowMonitor::FlowStats f = monitor->GetFlowStats().begin()->second;
        NS_TEST_ASSERT_MSG_EQ(f.rxPackets, datagrams, "all delivered");
        // One cell time of OC-3c: 424 bits at 149.76 Mb/s (ITU-T I.432.1), 2831.2 ns.
        const double tc = 424 / 149.76e6;
        const double physics =
            (CellsPerDatagram() + 2) * tc + 2 * access.GetSeconds() + trunk.GetSeconds();
        const double mean = f.delaySum.GetSeconds() / f.rxPackets;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(mean, physics - 1e-9, "no faster than the physics");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(mean,
                                    physics + 3 * tc,
                                    "at most one slot of alignment per port on the path");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(f.jitterSum.GetSeconds(),
                                    (datagrams - 1) * 3 * tc,
                                    "the same delay for every datagram, within the alignment");
        NS_TEST_ASSERT_MSG_EQ(f.lostPackets, 0, "nothing lost");
        NS_TEST_ASSERT_MSG_EQ(f.timesForwarded, 0, "one IP hop: ATM switches are below IP");
        Simulator::Destroy();
    }
};

/// The suite.
class AtmFlowMonitorTestSuite : public TestSuite
{
  public:
    AtmFlowMonitorTestSuite()
        : TestSuite("atm-flow-monitor", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmFlowMonitorLossTestCase("tail"), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowMonitorLossTestCase("epd"), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowMonitorTcpTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmFlowMonitorDelayTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
AtmFlowMonitorTestSuite g_atmFlowMonitorTestSuite;

} // namespace
