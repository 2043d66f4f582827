/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-host-cpu.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * The host CPU model (AtmHostCpu): exact FIFO completion times, zero cost without events, a
 * 64-byte-segment TCP flow capped at MSS / (send + receive cost) by 300 us per packet (SANDIA),
 * and AtmNetDevice's ReceiveErrorModel dropping one chosen TCP segment.
 */

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmHostCpuTestSuite");

namespace
{

/**
 * @brief Keep the largest value of a TracedValue.
 * @param max the largest so far
 * @param now the new value
 */
void
TrackMax(uint32_t* max, uint32_t, uint32_t now)
{
    *max = std::max(*max, now);
}

/** @brief Jobs on one CPU complete one cost apart, in order; an idle CPU starts at once. */
class HostCpuFifoTestCase : public TestCase
{
  public:
    HostCpuFifoTestCase()
        : TestCase("FIFO single server: exact completion times, counters, zero cost at once")
    {
    }

  private:
    /** A completed job. */
    struct Done
    {
        int id;           //!< job id
        Time at;          //!< completion time
        uint32_t context; //!< simulator context it ran in
    };

    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2); // the CPU sits on node 1: its jobs must run in context 1
        Ptr<Node> node = nodes.Get(1);
        Ptr<AtmHostCpu> cpu = CreateObject<AtmHostCpu>();
        node->AggregateObject(cpu);
        uint32_t traceMax = 0;
        cpu->TraceConnectWithoutContext("Backlog", MakeBoundCallback(&TrackMax, &traceMax));
        std::vector<Done> done;
        auto job = [&done](int id) {
            return
                [&done, id]() { done.push_back({id, Simulator::Now(), Simulator::GetContext()}); };
        };
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                cpu->Submit(MicroSeconds(300), job(i));
            }
            // Zero cost: runs now, synchronously, ahead of the queued work; not counted.
            cpu->Submit(Time(0), job(9));
            NS_TEST_EXPECT_MSG_EQ(done.size(), 1, "zero cost runs synchronously");
            NS_TEST_EXPECT_MSG_EQ(cpu->GetBacklog(), 3, "three jobs queued or running");
        });
        Simulator::Schedule(MicroSeconds(450), [&]() {
            NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MicroSeconds(450), "busy so far");
            NS_TEST_EXPECT_MSG_EQ(cpu->GetBacklog(), 2, "one job done");
        });
        Simulator::Schedule(MilliSeconds(2), [&]() { cpu->Submit(MicroSeconds(300), job(3)); });
        Simulator::Schedule(MilliSeconds(3), [&]() {
            NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MicroSeconds(1200), "idle since 2.3 ms");
            cpu->SetSendCost(MicroSeconds(100));
            cpu->SetReceiveCost(MicroSeconds(50));
            cpu->SubmitSend(job(4));
            cpu->SubmitReceive(job(5));
        });
        Simulator::Run();
        const std::vector<std::pair<int, Time>> expected{{9, Seconds(0)},
                                                         {0, MicroSeconds(300)},
                                                         {1, MicroSeconds(600)},
                                                         {2, MicroSeconds(900)},
                                                         {3, MicroSeconds(2300)},
                                                         {4, MicroSeconds(3100)},
                                                         {5, MicroSeconds(3150)}};
        NS_TEST_ASSERT_MSG_EQ(done.size(), expected.size(), "all jobs ran");
        for (std::size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(done[i].id, expected[i].first, "FIFO order, entry " << i);
            NS_TEST_EXPECT_MSG_EQ(done[i].at,
                                  expected[i].second,
                                  "completion time of job " << done[i].id);
            if (done[i].id != 9)
            {
                NS_TEST_EXPECT_MSG_EQ(done[i].context,
                                      node->GetId(),
                                      "job " << done[i].id << " runs in the node's context");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(cpu->GetJobs(), 6, "jobs that took CPU time");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetSendJobs(), 1, "send jobs");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetReceiveJobs(), 1, "receive jobs");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MicroSeconds(1350), "busy time");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetPeakBacklog(), 3, "peak backlog");
        NS_TEST_EXPECT_MSG_EQ(traceMax, 3, "Backlog trace peak");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBacklog(), 0, "nothing left");
        Simulator::Destroy();
    }
};

/** A TCP flow h0 -> s0 -> h1 over one OC-3c PVC (100 us per link). */
struct HostPath : public atmtest::AtmHostPair
{
    HostPath()
        : AtmHostPair(MicroSeconds(100))
    {
    }

    uint64_t txDrops{0};                   //!< TxDrop events on both hosts
    uint64_t rxFrameDrops{0};              //!< RxFrameDrop events on both hosts
    const char* lastRxDropReason{nullptr}; //!< the last RxFrameDrop reason
    uint64_t dataRx{0};                    //!< data segments h1's device delivered upwards
    uint64_t outOfOrder{0};                //!< of those, segments not above every earlier one
    SequenceNumber32 highest{0};           //!< highest data sequence number delivered at h1
    std::vector<uint32_t> delivered;       //!< first sequence numbers delivered at h1, in order
};

/** Count TxDrops. */
void
CountTxDrop(HostPath* p, uint32_t, Ptr<const Packet>, const char*)
{
    ++p->txDrops;
}

/** Count RxFrameDrops. */
void
CountRxFrameDrop(HostPath* p, uint32_t, Ptr<const Packet>, const char* reason)
{
    ++p->rxFrameDrops;
    p->lastRxDropReason = reason;
}

/** Check the order of the data segments h1's device hands to IP. */
void
RecordMacRx(HostPath* p, Ptr<const Packet> packet)
{
    TcpHeader tcp;
    if (!atmtest::PeekTcpData(packet, &tcp))
    {
        return;
    }
    ++p->dataRx;
    if (p->dataRx > 1 && tcp.GetSequenceNumber() <= p->highest)
    {
        ++p->outOfOrder;
    }
    p->highest = std::max(p->highest, tcp.GetSequenceNumber());
    p->delivered.push_back(tcp.GetSequenceNumber().GetValue());
}

/**
 * @brief Build h0 - s0 - h1 with one PVC and the drop/order probes; TCP defaults for
 *        @p segmentSize with an ACK per segment.
 * @param path the path to fill
 * @param cost CPU cost per packet in each direction on both hosts (0: no CPU model)
 * @param segmentSize TCP SegmentSize
 */
void
BuildPath(HostPath& path, Time cost, uint32_t segmentSize)
{
    if (cost.IsStrictlyPositive())
    {
        path.atm.InstallHostCpu(path.hosts, cost, cost);
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        path.nic[i]->TraceConnectWithoutContext("TxDrop", MakeBoundCallback(&CountTxDrop, &path));
        path.nic[i]->TraceConnectWithoutContext("RxFrameDrop",
                                                MakeBoundCallback(&CountRxFrameDrop, &path));
    }
    path.nic[1]->TraceConnectWithoutContext("MacRx", MakeBoundCallback(&RecordMacRx, &path));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(64));
    // 512 segments of 64 B: far above the path's bandwidth-delay product, yet the sender's
    // CPU queue (where a window waits under the CPU model) stays below the 1 s minimum RTO.
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(32768));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(32768));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
}

/** Result of one small-segment run. */
struct SmallSegmentRun
{
    double goodputBps{0};    //!< bytes/s at the sink in the measurement interval
    uint64_t txDrops{0};     //!< TxDrop events on the hosts
    uint64_t rxDrops{0};     //!< RxFrameDrop events on the hosts
    uint64_t dataRx{0};      //!< data segments delivered at h1
    uint64_t outOfOrder{0};  //!< of those, out of order or repeated
    double utilisation{0};   //!< the sender CPU's busy time / elapsed, in the interval
    uint64_t sends{0};       //!< the sender CPU's send jobs in the interval
    uint64_t receives{0};    //!< the sender CPU's receive jobs in the interval
    uint32_t peakBacklog{0}; //!< the sender CPU's peak backlog
};

/**
 * @brief One TCP flow of 64-byte segments h0 -> s0 -> h1 over OC-3c, an ACK per segment.
 * @param cost CPU cost per packet in each direction on both hosts (0: no CPU model)
 * @param from start of the measurement
 * @param to its end (and of the run)
 * @return the run
 */
SmallSegmentRun
RunSmallSegments(Time cost, Time from, Time to)
{
    SmallSegmentRun r;
    HostPath path;
    BuildPath(path, cost, 64);
    Ptr<AtmHostCpu> cpu = path.hosts.Get(0)->GetObject<AtmHostCpu>();
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(path.ifs.GetAddress(1), 9));
    source.Install(path.hosts.Get(0));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    Ptr<PacketSink> ps = DynamicCast<PacketSink>(sink.Install(path.hosts.Get(1)).Get(0));
    uint64_t rx0 = 0;
    uint64_t sends0 = 0;
    uint64_t receives0 = 0;
    Time busy0;
    Simulator::Schedule(from, [&]() {
        rx0 = ps->GetTotalRx();
        if (cpu)
        {
            sends0 = cpu->GetSendJobs();
            receives0 = cpu->GetReceiveJobs();
            busy0 = cpu->GetBusyTime();
        }
    });
    Simulator::Stop(to);
    Simulator::Run();
    const double seconds = (to - from).GetSeconds();
    r.goodputBps = (ps->GetTotalRx() - rx0) / seconds;
    r.txDrops = path.txDrops;
    r.rxDrops = path.rxFrameDrops;
    r.dataRx = path.dataRx;
    r.outOfOrder = path.outOfOrder;
    if (cpu)
    {
        r.utilisation = (cpu->GetBusyTime() - busy0).GetSeconds() / seconds;
        r.sends = cpu->GetSendJobs() - sends0;
        r.receives = cpu->GetReceiveJobs() - receives0;
        r.peakBacklog = cpu->GetPeakBacklog();
    }
    Simulator::Destroy();
    Config::Reset();
    return r;
}

/** @brief 300 us per packet in each direction caps 64-byte segments at 64 B / 600 us. */
class HostCpuCapTestCase : public TestCase
{
  public:
    HostCpuCapTestCase()
        : TestCase("300 us per packet caps a 64-byte-segment TCP flow at 64 B per 600 us")
    {
    }

  private:
    void DoRun() override
    {
        const SmallSegmentRun cpu = RunSmallSegments(MicroSeconds(300), Seconds(1), Seconds(3));
        const SmallSegmentRun free = RunSmallSegments(Time(0), Seconds(0.1), Seconds(0.2));
        const double cap = 64.0 / 600e-6; // bytes/s: one data send + one ACK receive per segment
        NS_LOG_INFO("goodput " << cpu.goodputBps * 8e-3 << " kb/s with 300 us + "
                               << "300 us (cap " << cap * 8e-3 << " kb/s), "
                               << free.goodputBps * 8e-6
                               << " Mb/s without; sender CPU over 1-3 s: " << cpu.sends
                               << " sends, " << cpu.receives << " receives, utilisation "
                               << cpu.utilisation << ", peak backlog " << cpu.peakBacklog);
        NS_TEST_EXPECT_MSG_EQ_TOL(cpu.goodputBps, cap, 0.03 * cap, "goodput = MSS / 600 us");
        NS_TEST_EXPECT_MSG_GT(free.goodputBps, 5 * cap, "the cap comes from the CPU model");
        NS_TEST_EXPECT_MSG_EQ(cpu.txDrops + free.txDrops, 0, "no edge drops (TxDrop)");
        NS_TEST_EXPECT_MSG_EQ(cpu.rxDrops + free.rxDrops, 0, "no receive drops (RxFrameDrop)");
        NS_TEST_EXPECT_MSG_GT(cpu.dataRx, 3000, "segments delivered at h1");
        NS_TEST_EXPECT_MSG_EQ(cpu.outOfOrder + free.outOfOrder,
                              0,
                              "h1 delivers every data segment once, in order");
        NS_TEST_EXPECT_MSG_GT(cpu.utilisation, 0.99, "the sender's CPU is the bottleneck");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(cpu.utilisation, 1.0, "utilisation at most 1");
    }
};

/** @brief ReceiveErrorModel drops one chosen segment after decapsulation; TCP resends it. */
class ReceiveErrorModelTestCase : public TestCase
{
  public:
    /** @param cost CPU cost per packet on both hosts (0: no CPU model) */
    ReceiveErrorModelTestCase(Time cost)
        : TestCase("ReceiveErrorModel drops the TCP segment at 5121 once, "
                   "the transfer completes" +
                   std::string(cost.IsZero() ? "" : ", with 300 us host CPUs")),
          m_cost(cost)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = 512;
        const uint32_t bytes = 50 * mss;
        const uint32_t seq = 1 + 10 * mss; // the 11th segment (ns-3's ISN is 0)
        HostPath path;
        BuildPath(path, m_cost, mss);
        Ptr<atmtest::TcpSegmentDropModel> em = CreateObject<atmtest::TcpSegmentDropModel>();
        em->Add(seq);
        path.nic[1]->SetAttribute("ReceiveErrorModel", PointerValue(em));
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(path.ifs.GetAddress(1), 9));
        source.SetAttribute("MaxBytes", UintegerValue(bytes));
        source.Install(path.hosts.Get(0));
        PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
        Ptr<PacketSink> ps = DynamicCast<PacketSink>(sink.Install(path.hosts.Get(1)).Get(0));
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(em->GetDropped(), 1, "the error model dropped one segment");
        NS_TEST_EXPECT_MSG_EQ(path.rxFrameDrops, 1, "one RxFrameDrop");
        NS_TEST_EXPECT_MSG_EQ((path.lastRxDropReason == AtmNetDevice::ERROR_MODEL),
                              true,
                              "reason is AtmNetDevice::ERROR_MODEL");
        NS_TEST_EXPECT_MSG_EQ(std::string(path.lastRxDropReason ? path.lastRxDropReason : ""),
                              "error-model",
                              "reason text");
        uint64_t rxDropped = 0;
        for (uint32_t vc = 0; vc < path.nic[1]->GetNVcs(); ++vc)
        {
            rxDropped += path.nic[1]->GetVcStats(vc).framesRxDropped;
        }
        NS_TEST_EXPECT_MSG_EQ(rxDropped, 1, "framesRxDropped at h1");
        NS_TEST_EXPECT_MSG_EQ(path.txDrops, 0, "no TxDrop");
        NS_TEST_EXPECT_MSG_EQ(ps->GetTotalRx(), bytes, "every byte arrived (retransmission)");
        uint32_t copies = 0;
        for (uint32_t s : path.delivered)
        {
            copies += (s == seq) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(copies, 1, "the dropped segment went up once: its retransmission");
        Ptr<AtmHostCpu> cpu = path.hosts.Get(1)->GetObject<AtmHostCpu>();
        if (cpu)
        {
            // The dropped frame never reached the CPU: one receive job per packet delivered.
            uint64_t framesRx = 0;
            for (uint32_t vc = 0; vc < path.nic[1]->GetNVcs(); ++vc)
            {
                framesRx += path.nic[1]->GetVcStats(vc).framesRx;
            }
            NS_TEST_EXPECT_MSG_EQ(cpu->GetReceiveJobs(),
                                  framesRx - 1,
                                  "receive jobs = frames delivered, the dropped one excepted");
        }
        Simulator::Destroy();
        Config::Reset();
    }

    Time m_cost; //!< CPU cost per packet
};

/** @brief The host CPU suite. */
class AtmHostCpuTestSuite : public TestSuite
{
  public:
    AtmHostCpuTestSuite()
        : TestSuite("atm-host-cpu", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new HostCpuFifoTestCase, ATM_TEST_QUICK);
        AddTestCase(new HostCpuCapTestCase, ATM_TEST_QUICK);
        AddTestCase(new ReceiveErrorModelTestCase(Time(0)), ATM_TEST_QUICK);
        AddTestCase(new ReceiveErrorModelTestCase(MicroSeconds(300)), ATM_TEST_QUICK);
    }
};

/** Static instance. */
AtmHostCpuTestSuite g_atmHostCpuTestSuite;

} // namespace
