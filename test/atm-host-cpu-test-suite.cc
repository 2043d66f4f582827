/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/applications-module.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-host-cpu.h"
#include "ns3/atm-ns3-compat.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * The host CPU model (AtmHostCpu): exact FIFO completion times, zero cost without events, and a
 * 64-byte-segment TCP flow capped at MSS / (send + receive cost) by 300 us per packet (SANDIA).
 */

using namespace ns3;

namespace
{

/** @brief Jobs on one CPU complete one cost apart, in order; an idle CPU starts at once. */
class HostCpuFifoTestCase : public TestCase
{
  public:
    HostCpuFifoTestCase()
        : TestCase("FIFO single server: exact completion times and counters")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<AtmHostCpu> cpu = CreateObject<AtmHostCpu>();
        node->AggregateObject(cpu);
        std::vector<std::pair<int, Time>> done;
        auto job = [&done](int id) {
            return [&done, id]() { done.emplace_back(id, Simulator::Now()); };
        };
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                cpu->Submit(MicroSeconds(300), job(i));
            }
        });
        Simulator::Schedule(MilliSeconds(2), [&]() { cpu->Submit(MicroSeconds(300), job(3)); });
        Simulator::Schedule(MilliSeconds(3), [&]() {
            cpu->Submit(Time(0), job(4)); // idle, zero cost: runs synchronously
            NS_TEST_EXPECT_MSG_EQ(done.size(), 5, "zero cost on an idle CPU runs at once");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done.size(), 5, "all jobs ran");
        const Time expected[] = {MicroSeconds(300),
                                 MicroSeconds(600),
                                 MicroSeconds(900),
                                 MicroSeconds(2300),
                                 MilliSeconds(3)};
        for (int i = 0; i < 5; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(done[i].first, i, "FIFO order");
            NS_TEST_EXPECT_MSG_EQ(done[i].second, expected[i], "completion time of job " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(cpu->GetJobs(), 4, "jobs that went through the queue");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), MicroSeconds(1200), "busy time");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetPeakBacklog(), 3, "peak backlog");
        Simulator::Destroy();
    }
};

/** Result of one small-segment run. */
struct SmallSegmentRun
{
    double goodputBps{0}; //!< bytes/s at the sink in the measurement interval
    uint64_t txDrops{0};  //!< TxDrop events on the hosts
    Ptr<AtmHostCpu> cpu;  //!< the sender's CPU (null without the model)
};

/** Count TxDrops. */
void
CountDrop(uint64_t* n, uint32_t, Ptr<const Packet>, const char*)
{
    ++*n;
}

/**
 * @brief One TCP flow of 64-byte segments h0 -> s0 -> h1 over OC-3c, delayed ACK off.
 * @param cost CPU cost per packet in each direction on both hosts (0: no CPU model)
 * @param from start of the measurement
 * @param to its end (and of the run)
 * @return the run
 */
SmallSegmentRun
RunSmallSegments(Time cost, Time from, Time to)
{
    SmallSegmentRun r;
    NodeContainer hosts;
    hosts.Create(2);
    NodeContainer sw;
    sw.Create(1);
    AtmHelper atm;
    atm.InstallSwitch(sw);
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer b = atm.Install(sw.Get(0), hosts.Get(1));
    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer nics(a.Get(0), b.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(nics);
    AtmPvcHelper pvcs;
    pvcs.Install(nics.Get(0), nics.Get(1));
    if (cost.IsStrictlyPositive())
    {
        atm.InstallHostCpu(hosts, cost, cost);
        r.cpu = hosts.Get(0)->GetObject<AtmHostCpu>();
    }
    for (uint32_t i = 0; i < nics.GetN(); ++i)
    {
        nics.Get(i)->TraceConnectWithoutContext("TxDrop",
                                                MakeBoundCallback(&CountDrop, &r.txDrops));
    }
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(64));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(32768));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(32768));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(ifs.GetAddress(1), 9));
    source.Install(hosts.Get(0));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    Ptr<PacketSink> ps = DynamicCast<PacketSink>(sink.Install(hosts.Get(1)).Get(0));
    uint64_t at1 = 0;
    Simulator::Schedule(from, [&]() { at1 = ps->GetTotalRx(); });
    Simulator::Stop(to);
    Simulator::Run();
    r.goodputBps = (ps->GetTotalRx() - at1) / (to - from).GetSeconds();
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
        const SmallSegmentRun cpu = RunSmallSegments(MicroSeconds(300), Seconds(0.5), Seconds(1.5));
        const SmallSegmentRun free = RunSmallSegments(Time(0), Seconds(0.1), Seconds(0.2));
        const double cap = 64.0 / 600e-6; // bytes/s: one data send + one ACK receive per segment
        NS_TEST_ASSERT_MSG_EQ_TOL(cpu.goodputBps, cap, 0.03 * cap, "goodput = MSS / 600 us");
        NS_TEST_ASSERT_MSG_GT(free.goodputBps, 5 * cap, "the cap comes from the CPU model");
        NS_TEST_ASSERT_MSG_EQ(cpu.txDrops, 0, "no edge drops");
        const double utilisation = cpu.cpu->GetBusyTime().GetSeconds() / 1.5;
        NS_TEST_ASSERT_MSG_GT(utilisation, 0.95, "the sender's CPU is the bottleneck");
    }
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
    }
};

/** Static instance. */
AtmHostCpuTestSuite g_atmHostCpuTestSuite;

} // namespace
