/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Faults end to end: TCP over lossy links and over a link that goes down and comes back, and
 * the stress scenarios (an output port overloaded for seconds, cells on labels without a
 * cross-connect or VC, a sending application stopped mid-transfer). Each asserts that the run
 * completes, that every cell is accounted for (PVC ledgers) and that traces equal counters.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-reassembler.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Counts an AtmChannel's loss and impairment traces per sending end.
struct LinkTraceCount
{
    /// @param link the channel to count
    void Attach(Ptr<AtmChannel> link)
    {
        link->TraceConnectWithoutContext("CellLoss", MakeCallback(&LinkTraceCount::Loss, this));
        link->TraceConnectWithoutContext("CellImpaired",
                                         MakeCallback(&LinkTraceCount::Impaired, this));
        m_link = link;
    }

    /// "CellLoss". @param end sending end @param cell cell @param reason reason
    void Loss(uint32_t end, const AtmCell& cell, const char* reason)
    {
        ++lost[end];
        byReason[end][Index(reason)] += 1;
    }

    /// "CellImpaired". @param end sending end @param cell cell @param reason reason
    void Impaired(uint32_t end, const AtmCell& cell, const char* reason)
    {
        (reason == AtmChannel::HEC_CORRECTED ? corrected : corrupted)[end] += 1;
    }

    /**
     * @param reason a loss reason
     * @return its index
     */
    static uint32_t Index(const char* reason)
    {
        const char* r[] = {AtmChannel::LINK_DOWN,
                           AtmChannel::RANDOM_LOSS,
                           AtmChannel::HEC_MULTI_BIT,
                           AtmChannel::HEC_DETECTION_MODE};
        for (uint32_t i = 0; i < 4; ++i)
        {
            if (r[i] == reason)
            {
                return i;
            }
        }
        return 4;
    }

    /// @return true if every count equals the channel's counter
    bool Matches() const
    {
        const char* r[] = {AtmChannel::LINK_DOWN,
                           AtmChannel::RANDOM_LOSS,
                           AtmChannel::HEC_MULTI_BIT,
                           AtmChannel::HEC_DETECTION_MODE};
        for (uint32_t end = 0; end < 2; ++end)
        {
            if (lost[end] != m_link->GetCellsLost(end) || byReason[end][4] != 0 ||
                corrected[end] != m_link->GetHecCorrected(end) ||
                corrupted[end] != m_link->GetPayloadCorrupted(end))
            {
                return false;
            }
            for (uint32_t i = 0; i < 4; ++i)
            {
                if (byReason[end][i] != m_link->GetCellsLost(end, r[i]))
                {
                    return false;
                }
            }
        }
        return true;
    }

    uint64_t lost[2]{0, 0};      //!< losses per end
    uint64_t byReason[2][5]{};   //!< losses per end and reason (4: unknown reason)
    uint64_t corrected[2]{0, 0}; //!< corrected headers per end
    uint64_t corrupted[2]{0, 0}; //!< corrupted payloads per end
    Ptr<AtmChannel> m_link;      //!< the channel
};

/// h0 -- s0 -- h1 with IPv4 and a PVC (OC-3c, 10 us per link).
struct TcpPath
{
    /**
     * @brief Build it; @p atm may carry an error model for the links.
     * @param atm the helper
     */
    explicit TcpPath(AtmHelper& atm)
    {
        hosts.Create(2);
        sw.Create(1);
        atm.SetDeviceAttribute("Mtu", UintegerValue(1500));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
        atm.InstallSwitch(sw);
        left = atm.Install(hosts.Get(0), sw.Get(0));
        right = atm.Install(sw.Get(0), hosts.Get(1));
        atm.AssignStreams(NetDeviceContainer(left, right), 7);
        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        ifaces = addresses.Assign(NetDeviceContainer(left.Get(0), right.Get(1)));
        AtmPvcHelper pvcs;
        pvc = pvcs.Install(left.Get(0), right.Get(1));
        links = {DynamicCast<AtmDevice>(left.Get(0))->GetAtmChannel(),
                 DynamicCast<AtmDevice>(right.Get(0))->GetAtmChannel()};
        for (uint32_t i = 0; i < 2; ++i)
        {
            traces[i].Attach(links[i]);
        }
    }

    /**
     * @brief A BulkSend from h0 to a sink on h1, with a flow probe on the sender.
     * @param maxBytes bytes to send (0: unlimited)
     * @param stop when the sender stops
     * @param factory the TCP socket factory of both ends (TcpEraPresets: ns3::TcpEraSocketFactory)
     */
    void AddTransfer(uint64_t maxBytes,
                     Time stop,
                     const std::string& factory = "ns3::TcpSocketFactory")
    {
        BulkSendHelper source(factory, InetSocketAddress(ifaces.GetAddress(1), 5000));
        source.SetAttribute("MaxBytes", UintegerValue(maxBytes));
        ApplicationContainer s = source.Install(hosts.Get(0));
        s.Start(Seconds(0));
        s.Stop(stop);
        sender = DynamicCast<BulkSendApplication>(s.Get(0));
        PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5000));
        sink = DynamicCast<PacketSink>(sinkHelper.Install(hosts.Get(1)).Get(0));
        sink->SetStartTime(Seconds(0));
        probe = Create<AtmTcpFlowProbe>();
        Ptr<AtmTcpFlowProbe> p = probe;
        Ptr<BulkSendApplication> a = sender;
        Simulator::Schedule(NanoSeconds(1), [p, a]() { p->Attach(a->GetSocket()); });
        sender->TraceConnectWithoutContext("Tx",
                                           MakeCallback(+[](uint64_t* n, Ptr<const Packet> packet) {
                                               *n += packet->GetSize();
                                           }).Bind(&bytesSent));
    }

    /// @return true if both directions' ledgers hold
    bool LedgersHold() const
    {
        return AtmPvcHelper::GetLedger(pvc, true).Holds() &&
               AtmPvcHelper::GetLedger(pvc, false).Holds();
    }

    NodeContainer hosts;                //!< h0, h1
    NodeContainer sw;                   //!< s0
    NetDeviceContainer left;            //!< h0 -- s0
    NetDeviceContainer right;           //!< s0 -- h1
    Ipv4InterfaceContainer ifaces;      //!< host addresses
    AtmPvc pvc;                         //!< the PVC
    std::vector<Ptr<AtmChannel>> links; //!< the two links
    LinkTraceCount traces[2];           //!< their traces
    Ptr<BulkSendApplication> sender;    //!< the sender
    Ptr<PacketSink> sink;               //!< the receiver
    Ptr<AtmTcpFlowProbe> probe;         //!< the sender's probe
    uint64_t bytesSent{0};              //!< bytes the sender handed to TCP
};

/**
 * @ingroup atm-tests
 * TCP over lossy links.
 */
class AtmFaultTcpLossyTestCase : public TestCase
{
  public:
    AtmFaultTcpLossyTestCase()
        : TestCase("A TCP bulk transfer over links with cell loss, header and payload bit "
                   "errors delivers every byte; ledgers hold and traces equal counters")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        atm.SetChannelErrorModel("ns3::AtmCellErrorModel",
                                 "CellLossRatio",
                                 DoubleValue(2e-4),
                                 "HeaderBitErrorRate",
                                 DoubleValue(1e-4),
                                 "PayloadBitErrorRate",
                                 DoubleValue(2e-6));
        TcpPath net(atm);
        NS_TEST_ASSERT_MSG_NE(net.links[0]->GetErrorModel(0),
                              net.links[1]->GetErrorModel(0),
                              "one error model per link");
        const uint64_t maxBytes = 600000;
        net.AddTransfer(maxBytes, Seconds(30));
        Simulator::Stop(Seconds(30));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(net.sink->GetTotalRx(), maxBytes, "every byte delivered");
        NS_TEST_ASSERT_MSG_EQ(net.LedgersHold(), true, "ledgers hold");
        uint64_t lost = 0;
        uint64_t corrected = 0;
        uint64_t corrupted = 0;
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(net.traces[i].Matches(), true, "link " << i << " traces");
            for (uint32_t end = 0; end < 2; ++end)
            {
                lost += net.links[i]->GetCellsLost(end);
                corrected += net.links[i]->GetHecCorrected(end);
                corrupted += net.links[i]->GetPayloadCorrupted(end);
            }
        }
        NS_TEST_ASSERT_MSG_GT(lost, 0U, "cells lost");
        NS_TEST_ASSERT_MSG_GT(corrected, 0U, "headers corrected");
        NS_TEST_ASSERT_MSG_GT(corrupted, 0U, "payloads corrupted");
        const AtmVcLedger fwd = AtmPvcHelper::GetLedger(net.pvc, true);
        NS_TEST_ASSERT_MSG_GT(fwd.linkLost, 0U, "the forward ledger has link losses");
        NS_TEST_ASSERT_MSG_GT(net.pvc.dst->GetReassembler()->GetStats(net.pvc.dstVc).crcErrors,
                              0U,
                              "CRC-32 drops at the receiver");
        NS_TEST_ASSERT_MSG_GT(net.probe->GetRetransmissions(), 0U, "TCP retransmitted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * TCP across an outage.
 */
class AtmFaultTcpLinkDownTestCase : public TestCase
{
  public:
    AtmFaultTcpLinkDownTestCase()
        : TestCase("A link down for 300 ms stops a TCP transfer, which recovers after the link "
                   "returns and delivers every byte; nothing arrives while it is down")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        TcpPath net(atm);
        const Time down = MilliSeconds(30);
        const Time up = MilliSeconds(330);
        net.links[1]->SetLinkDown(down, up - down); // s0 -- h1
        const uint64_t maxBytes = 3000000;
        net.AddTransfer(maxBytes, Seconds(30));
        std::vector<Time> rx;
        net.sink->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](std::vector<Time>* t, Ptr<const Packet>, const Address&) {
                t->push_back(Simulator::Now());
            }).Bind(&rx));
        Simulator::Stop(Seconds(30));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(net.sink->GetTotalRx(), maxBytes, "every byte delivered");
        NS_TEST_ASSERT_MSG_EQ(net.LedgersHold(), true, "ledgers hold");
        NS_TEST_ASSERT_MSG_EQ(net.traces[1].Matches(), true, "traces == counters");
        NS_TEST_ASSERT_MSG_GT(net.links[1]->GetCellsLost(0, AtmChannel::LINK_DOWN),
                              0U,
                              "data cells lost");
        NS_TEST_ASSERT_MSG_EQ(net.links[0]->GetCellsLost(0) + net.links[0]->GetCellsLost(1),
                              0U,
                              "the other link loses nothing");
        NS_TEST_ASSERT_MSG_EQ(AtmPvcHelper::GetLedger(net.pvc, true).linkLost,
                              net.links[1]->GetCellsLost(0),
                              "the forward ledger's link term");
        NS_TEST_ASSERT_MSG_EQ(AtmPvcHelper::GetLedger(net.pvc, false).linkLost,
                              net.links[1]->GetCellsLost(1),
                              "the backward ledger's link term");
        uint32_t during = 0;
        for (Time t : rx)
        {
            // The last cell of a frame that left before the outage arrives within 10 us.
            during += (t > down + MicroSeconds(20) && t < up) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(during, 0U, "nothing arrives while the link is down");
        NS_TEST_ASSERT_MSG_LT(rx.front(), down, "data flowed before the outage");
        NS_TEST_ASSERT_MSG_GT(rx.back(), up, "and again after it");
        NS_TEST_ASSERT_MSG_GT(net.probe->GetTimeouts(),
                              0U,
                              "recovered by a retransmission timeout");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A 1990s TCP across a 40 s outage: BSD retransmits one segment 12 times before it drops the
 * connection (TCP_MAXRXTSHIFT, 4.4BSD tcp_timer.c), ns-3 by default 6 times.
 */
class AtmFaultTcpLongOutageTestCase : public TestCase
{
  public:
    AtmFaultTcpLongOutageTestCase()
        : TestCase("A link down for 40 s: the jain preset's TCP (12 retries, as BSD) delivers "
                   "every byte after it; with 6 retries (ns-3's default) the sender gives up")
    {
    }

  private:
    /**
     * @param retries TcpSocket::DataRetries
     * @param probe filled with the sender's probe
     * @return bytes the sink received
     */
    static uint64_t Run(uint32_t retries, Ptr<AtmTcpFlowProbe>* probe)
    {
        AtmHelper atm;
        TcpPath net(atm);
        TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
        tcp.SetMtu(1500);
        tcp.SetDataRetries(retries);
        tcp.Install(net.hosts);
        net.links[1]->SetLinkDown(MilliSeconds(30), Seconds(40)); // s0 -- h1
        net.AddTransfer(1000000, Seconds(200), TcpEraPresets::GetSocketFactoryTypeId().GetName());
        Simulator::Stop(Seconds(200));
        Simulator::Run();
        const uint64_t rx = net.sink->GetTotalRx();
        *probe = net.probe;
        Simulator::Destroy();
        return rx;
    }

    void DoRun() override
    {
        Ptr<AtmTcpFlowProbe> bsd;
        Ptr<AtmTcpFlowProbe> ns3;
        NS_TEST_ASSERT_MSG_EQ(Run(12, &bsd), 1000000U, "12 retries: every byte delivered");
        NS_TEST_ASSERT_MSG_EQ(TcpEraPresets::ForSource("jain").GetDataRetries(),
                              12U,
                              "the presets' default");
        NS_TEST_ASSERT_MSG_LT(Run(6, &ns3), 1000000U, "6 retries: the connection is dropped");
        NS_TEST_ASSERT_MSG_GT(bsd->GetRetransmissions(),
                              ns3->GetRetransmissions(),
                              "more back-offs before the link returns");
    }
};

/**
 * @ingroup atm-tests
 * A sending application stopped mid-transfer.
 */
class AtmFaultAppStoppedTestCase : public TestCase
{
  public:
    AtmFaultAppStoppedTestCase()
        : TestCase("A sender stopped mid-transfer on a lossy path: the run ends cleanly, the "
                   "network drains, ledgers hold, no more bytes arrive than were sent")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        atm.SetChannelErrorModel("ns3::AtmCellErrorModel", "CellLossRatio", DoubleValue(1e-4));
        TcpPath net(atm);
        net.AddTransfer(0, MilliSeconds(40));
        Simulator::Stop(Seconds(3));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(net.sink->GetTotalRx(), 0U, "data arrived");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(net.sink->GetTotalRx(), net.bytesSent, "no more than sent");
        for (bool fwd : {true, false})
        {
            const AtmVcLedger l = AtmPvcHelper::GetLedger(net.pvc, fwd);
            NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "ledger " << l);
            NS_TEST_ASSERT_MSG_EQ(l.queued + l.inTransit + l.inReassembly, 0U, "drained: " << l);
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(net.traces[i].Matches(), true, "link " << i << " traces");
        }
        Simulator::Destroy();
    }
};

/// A greedy cell-level source of 4-cell frames.
struct GreedySource
{
    /// @return the next SDU (always one)
    Ptr<Packet> Next()
    {
        ++frames;
        return Create<Packet>(150);
    }

    uint64_t frames{0}; //!< SDUs handed out
};

/**
 * @ingroup atm-tests
 * An output port overloaded for seconds.
 */
class AtmFaultOverloadTestCase : public TestCase
{
  public:
    AtmFaultOverloadTestCase()
        : TestCase("Two line-rate sources into one switch output port keep its buffer full for "
                   "3 s: cells are dropped and counted, ledgers hold, traces equal counters")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(3); // h0, h2 send to h1
        NodeContainer sw(1);
        AtmHelper atm;
        atm.SetChannelAttribute("CellRate", StringValue("20000"));
        atm.SetSwitchPortAttribute("BufferCells", UintegerValue(100));
        atm.InstallSwitch(sw);
        NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer b = atm.Install(hosts.Get(2), sw.Get(0));
        NetDeviceContainer c = atm.Install(sw.Get(0), hosts.Get(1));
        AtmPvcHelper pvcs;
        std::vector<AtmPvc> pvc = {pvcs.Install(a.Get(0), c.Get(1)),
                                   pvcs.Install(b.Get(0), c.Get(1))};
        GreedySource sources[2];
        for (uint32_t i = 0; i < 2; ++i)
        {
            pvc[i].src->SetVcFrameSource(pvc[i].srcVc,
                                         MakeCallback(&GreedySource::Next, &sources[i]));
            pvc[i].dst->SetVcNonIp(pvc[i].dstVc);
            Simulator::ScheduleWithContext(pvc[i].src->GetNode()->GetId(),
                                           Seconds(0),
                                           &AtmNetDevice::WakeVc,
                                           pvc[i].src,
                                           pvc[i].srcVc);
        }
        Ptr<AtmDevice> bottleneck = DynamicCast<AtmDevice>(c.Get(0));
        PortTraceCounter portTraces;
        portTraces.Attach(bottleneck->GetOutputPort());
        std::vector<uint32_t> occupancy;
        for (int i = 1; i <= 6; ++i)
        {
            Simulator::Schedule(MilliSeconds(500 * i), [&occupancy, bottleneck]() {
                occupancy.push_back(bottleneck->GetOutputPort()->GetCellsInQueue());
            });
        }
        Simulator::Stop(Seconds(3) + MicroSeconds(1));
        Simulator::Run();

        for (uint32_t i = 0; i < occupancy.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(occupancy[i],
                                        99U,
                                        "buffer full at " << 0.5 * (i + 1) << " s");
        }
        const AtmPortVcStats& s = bottleneck->GetOutputPort()->GetStats();
        NS_TEST_ASSERT_MSG_GT(s.cellsDropped, 50000U, "about half of 120000 cells dropped");
        NS_TEST_ASSERT_MSG_EQ(portTraces.total.dropped, s.cellsDropped, "CellDrop == counter");
        NS_TEST_ASSERT_MSG_EQ(portTraces.total.dequeued, s.cellsDeparted, "CellDequeue");
        uint64_t delivered = 0;
        for (uint32_t i = 0; i < 2; ++i)
        {
            const AtmVcLedger l = AtmPvcHelper::GetLedger(pvc[i]);
            NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "PVC " << i << " ledger " << l);
            NS_TEST_ASSERT_MSG_GT(l.dropped, 0U, "PVC " << i << " lost cells");
            delivered += l.delivered;
        }
        NS_TEST_ASSERT_MSG_GT(delivered, 0U, "frames still got through");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Cells on labels nobody routes.
 */
class AtmFaultNoRouteTestCase : public TestCase
{
  public:
    AtmFaultNoRouteTestCase()
        : TestCase("A VC without a cross-connect at the switch, and a cross-connect towards a "
                   "host without the VC: the cells are dropped, counted and traced with their "
                   "reason, the run goes on")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        NodeContainer sw(1);
        AtmHelper atm;
        atm.SetChannelAttribute("CellRate", StringValue("20000"));
        Ptr<AtmSwitch> fabric = atm.InstallSwitch(sw.Get(0));
        NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer b = atm.Install(sw.Get(0), hosts.Get(1));
        Ptr<AtmNetDevice> h0 = DynamicCast<AtmNetDevice>(a.Get(0));
        Ptr<AtmNetDevice> h1 = DynamicCast<AtmNetDevice>(b.Get(1));
        const uint32_t inPort = DynamicCast<AtmSwitchPort>(a.Get(1))->GetPortIndex();
        const uint32_t outPort = DynamicCast<AtmSwitchPort>(b.Get(0))->GetPortIndex();
        // VC 0/99: no cross-connect at s0. VC 0/77: cross-connected to 0/88, unknown at h1.
        const uint32_t orphan = h0->AddVc(0, 99);
        const uint32_t dangling = h0->AddVc(0, 77);
        fabric->AddVcCrossConnect(inPort, 0, 77, outPort, 0, 88);
        uint32_t left[2] = {10, 10}; // 4-cell frames per VC
        for (uint32_t vc : {orphan, dangling})
        {
            uint32_t* n = &left[vc == orphan ? 0 : 1];
            h0->SetVcFrameSource(vc, MakeCallback(+[](uint32_t* k) -> Ptr<Packet> {
                                         if (*k == 0)
                                         {
                                             return nullptr;
                                         }
                                         --*k;
                                         return Create<Packet>(150);
                                     }).Bind(n));
            Simulator::ScheduleWithContext(hosts.Get(0)->GetId(),
                                           Seconds(0),
                                           &AtmNetDevice::WakeVc,
                                           h0,
                                           vc);
        }
        uint64_t switchDrops = 0;
        fabric->TraceConnectWithoutContext(
            "CellDrop",
            MakeCallback(+[](uint64_t* n, uint32_t, const AtmCell&, const char* reason) {
                *n += reason == AtmSwitch::UNKNOWN_LABEL ? 1 : 0;
            }).Bind(&switchDrops));
        uint64_t hostDrops = 0;
        h1->TraceConnectWithoutContext(
            "RxCellDrop",
            MakeCallback(+[](uint64_t* n, const AtmCell&, const char* reason) {
                *n += reason == AtmNetDevice::UNKNOWN_LABEL ? 1 : 0;
            }).Bind(&hostDrops));
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(h0->GetVcStats(orphan).cellsTx, 40U, "orphan VC sent");
        NS_TEST_ASSERT_MSG_EQ(h0->GetVcStats(dangling).cellsTx, 40U, "dangling VC sent");
        NS_TEST_ASSERT_MSG_EQ(fabric->GetUnknownLabelDrops(), 40U, "dropped at the switch");
        NS_TEST_ASSERT_MSG_EQ(switchDrops, 40U, "traced by the switch with its reason");
        NS_TEST_ASSERT_MSG_EQ(fabric->GetCellsSwitched(), 40U, "the dangling VC was switched");
        NS_TEST_ASSERT_MSG_EQ(h1->GetUnknownLabelDrops(), 40U, "dropped at the far host");
        NS_TEST_ASSERT_MSG_EQ(hostDrops, 40U, "traced by the host with its reason");
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The end-to-end fault suite.
 */
class AtmFaultSystemTestSuite : public TestSuite
{
  public:
    AtmFaultSystemTestSuite()
        : TestSuite("atm-fault-system", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmFaultTcpLossyTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultTcpLinkDownTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultTcpLongOutageTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultAppStoppedTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultOverloadTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultNoRouteTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmFaultSystemTestSuite g_atmFaultSystemTestSuite;
