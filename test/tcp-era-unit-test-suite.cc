/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-bsd-reno.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/tcp-era-socket-factory.h"
#include "ns3/tcp-era-socket.h"
#include "ns3/tcp-tick-rtt-estimator.h"
#include "ns3/test.h"

#include <map>
#include <sstream>
#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Unit tests of the TCP preset pieces: the tick-quantised RTT estimator against hand-computed
 * samples, TcpBsdReno's ssthresh and window arithmetic (including the opt-in integer bug), every
 * attribute each preset sets, and TcpEraSocketFactory sockets under BulkSend and PacketSink.
 */

using namespace ns3;

namespace
{

/** @brief TicksCrossed and the Jacobson filter in ticks, by hand. */
class TickRttEstimatorTestCase : public TestCase
{
  public:
    TickRttEstimatorTestCase()
        : TestCase("tick-quantised RTT samples and their smoothing")
    {
    }

  private:
    void DoRun() override
    {
        const Time tick = MilliSeconds(500);
        // A 40 ms round trip measures 0 or 1 tick depending on where it falls on the grid.
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(300), MilliSeconds(40), tick),
            0,
            "inside one tick");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(510), MilliSeconds(40), tick),
            1,
            "across the 500 ms boundary");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(500), MilliSeconds(40), tick),
            1,
            "ending exactly on a boundary counts it");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(1050), MilliSeconds(600), tick),
            2,
            "0.45 s .. 1.05 s crosses 0.5 and 1.0");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(1000), MilliSeconds(500), tick),
            1,
            "0.5 s .. 1.0 s: one boundary (the one at the end)");
        // A host whose grid starts at 200 ms: boundaries at 0.2, 0.7, 1.2 s.
        const Time phase = MilliSeconds(200);
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(510), MilliSeconds(40), tick, phase),
            0,
            "phase 200 ms: 470 .. 510 ms crosses nothing");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(700), MilliSeconds(40), tick, phase),
            1,
            "phase 200 ms: ending on the 700 ms boundary counts it");
        NS_TEST_ASSERT_MSG_EQ(
            TcpTickRttEstimator::TicksCrossed(MilliSeconds(1250), MilliSeconds(1100), tick, phase),
            3,
            "phase 200 ms: 150 .. 1250 ms crosses 0.2, 0.7 and 1.2 s");

        // Samples at known instants: 2 ticks, then 2, then 0.
        ObjectFactory factory("ns3::TcpTickRttEstimator");
        factory.Set("Tick", TimeValue(tick));
        Ptr<TcpTickRttEstimator> e = factory.Create<TcpTickRttEstimator>();
        NS_TEST_ASSERT_MSG_EQ(e->GetInstanceTypeId(),
                              TcpTickRttEstimator::GetTypeId(),
                              "the instance shows its own TypeId (and attributes)");
        Simulator::Schedule(MilliSeconds(1100), [e]() { e->Measurement(MilliSeconds(700)); });
        Simulator::Schedule(MilliSeconds(2100), [e]() { e->Measurement(MilliSeconds(900)); });
        Simulator::Schedule(MilliSeconds(2200), [e]() { e->Measurement(MilliSeconds(40)); });
        double srtt[3];
        double var[3];
        int64_t ticks[3];
        for (int i = 0; i < 3; ++i)
        {
            Simulator::Schedule(MilliSeconds(1100 + (i == 0   ? 0
                                                     : i == 1 ? 1000
                                                              : 1100)) +
                                    NanoSeconds(1),
                                [&, i, e]() {
                                    srtt[i] = e->GetEstimate().GetSeconds();
                                    var[i] = e->GetVariation().GetSeconds();
                                    ticks[i] = e->GetLastTicks();
                                });
        }
        Simulator::Run();
        Simulator::Destroy();
        // 0.4 .. 1.1 s crosses 0.5 and 1.0: k = 2; srtt = 2, rttvar = 1 (ticks).
        NS_TEST_ASSERT_MSG_EQ(ticks[0], 2, "first sample");
        NS_TEST_ASSERT_MSG_EQ_TOL(srtt[0], 1.0, 1e-9, "srtt = 2 ticks");
        NS_TEST_ASSERT_MSG_EQ_TOL(var[0], 0.5, 1e-9, "rttvar = k/2 = 1 tick");
        // 1.2 .. 2.1 s crosses 1.5 and 2.0: k = 2; rttvar = 0.75, srtt = 2.
        NS_TEST_ASSERT_MSG_EQ(ticks[1], 2, "second sample");
        NS_TEST_ASSERT_MSG_EQ_TOL(srtt[1], 1.0, 1e-9, "srtt stays 2 ticks");
        NS_TEST_ASSERT_MSG_EQ_TOL(var[1], 0.375, 1e-9, "rttvar = 0.75 ticks");
        // 2.16 .. 2.2 s crosses nothing: k = 0; rttvar = 0.75*0.75 + 0.25*2, srtt = 1.75.
        NS_TEST_ASSERT_MSG_EQ(ticks[2], 0, "third sample");
        NS_TEST_ASSERT_MSG_EQ_TOL(srtt[2], 0.875, 1e-9, "srtt = 1.75 ticks");
        NS_TEST_ASSERT_MSG_EQ_TOL(var[2], (0.5625 + 0.5) * 0.5, 1e-9, "rttvar = 1.0625 ticks");
        NS_TEST_ASSERT_MSG_EQ(e->GetNSamples(), 3, "three samples");
        Ptr<RttEstimator> copy = e->Copy();
        NS_TEST_ASSERT_MSG_EQ(copy->GetEstimate(), e->GetEstimate(), "Copy keeps the state");
        TimeValue copiedTick;
        copy->GetAttribute("Tick", copiedTick);
        NS_TEST_ASSERT_MSG_EQ(copiedTick.Get(), tick, "Copy keeps the tick, as an attribute");
        e->Reset();
        NS_TEST_ASSERT_MSG_EQ(e->GetNSamples(), 0, "Reset");
    }
};

/** @brief TcpBsdReno: ssthresh from cwnd in whole segments, window growth and its caps. */
class BsdRenoTestCase : public TestCase
{
  public:
    BsdRenoTestCase()
        : TestCase("TcpBsdReno ssthresh and window arithmetic")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpBsdReno> ops = CreateObject<TcpBsdReno>();
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        tcb->m_segmentSize = 1000;
        tcb->m_cWnd = 10000;
        NS_TEST_ASSERT_MSG_EQ(ops->GetSsThresh(tcb, 4000), 5000, "from cwnd, not FlightSize");
        tcb->m_cWnd = 11500;
        NS_TEST_ASSERT_MSG_EQ(ops->GetSsThresh(tcb, 0), 5000, "whole segments, rounded down");
        tcb->m_cWnd = 3000;
        NS_TEST_ASSERT_MSG_EQ(ops->GetSsThresh(tcb, 0), 2000, "at least two segments");
        ops->SetAttribute("ReceiverWindow", UintegerValue(8000));
        tcb->m_cWnd = 30000;
        NS_TEST_ASSERT_MSG_EQ(ops->GetSsThresh(tcb, 0), 4000, "min(cwnd, receiver window)");

        // Slow start: + MSS per ACK while cwnd <= ssthresh (BSD tests cwnd > ssthresh).
        tcb->m_ssThresh = 4000;
        tcb->m_cWnd = 4000;
        ops->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 5000, "cwnd == ssthresh still slow-starts");
        // Congestion avoidance: MSS*MSS/cwnd, integer: 1e6 / 5000 = 200.
        ops->IncreaseWindow(tcb, 3);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 5200, "one increment per ACK");
        ops->IncreaseWindow(tcb, 0);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 5200, "no increment without an ACKed segment");
        // Cap at MaxCwnd.
        ops->SetAttribute("MaxCwnd", UintegerValue(5300));
        ops->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 5300, "capped");
        ops->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 5300, "stays capped");

        // The integer bug (JAIN ICCCN 7.2): MSS 512, cwnd 300,000 > 512^2 = 262,144.
        Ptr<TcpBsdReno> bug = CreateObject<TcpBsdReno>();
        tcb->m_segmentSize = 512;
        tcb->m_ssThresh = 1000;
        tcb->m_cWnd = 300000;
        bug->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 300001, "fixed: at least one byte");
        bug->SetAttribute("IntegerCaBug", BooleanValue(true));
        bug->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 300001, "bug: cwnd freezes");
        tcb->m_cWnd = 262144;
        bug->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 262145, "bug: still 1 at MSS^2");
        Ptr<TcpCongestionOps> fork = bug->Fork();
        BooleanValue v;
        fork->GetAttribute("IntegerCaBug", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), true, "Fork copies the attributes");
    }
};

/** @brief Every attribute each variant sets, and the derived values. */
class PresetSettingsTestCase : public TestCase
{
  public:
    PresetSettingsTestCase()
        : TestCase("TcpEraPresets settings per variant and source")
    {
    }

  private:
    /** @return the settings as a map "Type::Attribute" -> value */
    static std::map<std::string, std::string> Map(const TcpEraPresets& p)
    {
        std::map<std::string, std::string> m;
        for (const auto& s : p.GetSettings())
        {
            m[s.type + "::" + s.attribute] = s.value;
        }
        return m;
    }

    void DoRun() override
    {
        auto reno = Map(TcpEraPresets(TcpEraPresets::RENO));
        NS_TEST_ASSERT_MSG_EQ(reno.size(), 30, "every setting present");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpEraSocket::DelAckTick"],
                              "200000000ns",
                              "delayed ACKs on BSD's 200 ms fast-timeout grid");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::DataRetries"],
                              "12",
                              "BSD drops a connection after 12 back-offs (TCP_MAXRXTSHIFT)");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::SegmentSize"], "9140", "MTU 9180 - 40");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::InitialCwnd"], "1", "one segment");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::SndBufSize"], "65535", "window");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::RcvBufSize"], "65535", "window");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::DelAckCount"], "2", "delayed ACK on");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocket::TcpNoDelay"], "false", "Nagle on");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::Sack"], "false", "no SACK");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::Timestamp"], "false", "no timestamps");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::WindowScaling"], "false", "<= 64 KB");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::LimitedTransmit"], "false", "off");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::ReTxThreshold"], "3", "3 dupACKs");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpSocketBase::MinRto"], "1000000000ns", "2 x 500 ms");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpEraSocket::PartialAckResponse"],
                              "Reno1997",
                              "Reno ends recovery on the first new ACK, partial or not (RFC 2001)");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpL4Protocol::SocketType"],
                              "ns3::TcpBsdReno",
                              "the BSD Reno congestion control");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpL4Protocol::RecoveryType"],
                              "ns3::TcpClassicRecovery",
                              "no PRR");
        NS_TEST_ASSERT_MSG_EQ(reno["ns3::TcpBsdReno::MaxCwnd"], "65535", "TCP_MAXWIN");

        auto vanilla = Map(TcpEraPresets(TcpEraPresets::VANILLA));
        NS_TEST_ASSERT_MSG_EQ(vanilla["ns3::TcpSocketBase::ReTxThreshold"], "32768", "never");
        auto newreno = Map(TcpEraPresets(TcpEraPresets::NEWRENO));
        NS_TEST_ASSERT_MSG_EQ(
            newreno["ns3::TcpEraSocket::PartialAckResponse"],
            "Hoe",
            "NewReno stays in recovery and retransmits on each partial ACK (Hoe)");
        auto sack = Map(TcpEraPresets(TcpEraPresets::SACK));
        NS_TEST_ASSERT_MSG_EQ(sack["ns3::TcpSocketBase::Sack"], "true", "SACK");
        NS_TEST_ASSERT_MSG_EQ(sack["ns3::TcpEraSocket::RecoveryPipe"], "Scoreboard", "RFC 6675");
        auto sack1997 = Map(TcpEraPresets(TcpEraPresets::SACK1997));
        NS_TEST_ASSERT_MSG_EQ(sack1997["ns3::TcpSocketBase::Sack"], "true", "SACK option");
        NS_TEST_ASSERT_MSG_EQ(sack1997["ns3::TcpEraSocket::RecoveryPipe"],
                              "Counted",
                              "Fall and Floyd's counted pipe");
        NS_TEST_ASSERT_MSG_EQ(TcpEraPresets::ParseVariant("sack1997"),
                              TcpEraPresets::SACK1997,
                              "by name");

        TcpEraPresets big(TcpEraPresets::SACK);
        big.SetWindow(3093750); // GEO RTT x bandwidth (JAIN WWW)
        big.SetTimestamps(true);
        big.SetMtu(1500);
        auto b = Map(big);
        NS_TEST_ASSERT_MSG_EQ(b["ns3::TcpSocket::SegmentSize"], "1448", "1500 - 40 - 12");
        NS_TEST_ASSERT_MSG_EQ(b["ns3::TcpSocketBase::WindowScaling"], "true", "> 64 KB");
        NS_TEST_ASSERT_MSG_EQ(b["ns3::TcpBsdReno::MaxCwnd"],
                              std::to_string(65535U << 6),
                              "65,535 << 6 >= 3,093,750");

        auto jain = Map(TcpEraPresets::ForSource("jain"));
        NS_TEST_ASSERT_MSG_EQ(jain["ns3::TcpTickRttEstimator::Tick"], "100000000ns", "100 ms");
        NS_TEST_ASSERT_MSG_EQ(jain["ns3::TcpSocketBase::MinRto"], "200000000ns", "2 ticks");
        NS_TEST_ASSERT_MSG_EQ(jain["ns3::TcpSocket::DelAckCount"], "1", "no delayed ACK");
        NS_TEST_ASSERT_MSG_EQ(jain["ns3::TcpSocket::SegmentSize"], "512", "MSS 512");
        auto fast = Map(TcpEraPresets::ForSource("bon-fast"));
        NS_TEST_ASSERT_MSG_EQ(fast["ns3::TcpSocketBase::ReTxThreshold"], "1", "dupACK 1");
        auto sandia = Map(TcpEraPresets::ForSource("sandia"));
        NS_TEST_ASSERT_MSG_EQ(sandia["ns3::TcpL4Protocol::RttEstimatorType"],
                              "ns3::RttMeanDeviation",
                              "fine-grained timer");
        NS_TEST_ASSERT_MSG_EQ(sandia["ns3::TcpEraSocket::TimerTick"], "0ns", "exact timer");
        NS_TEST_ASSERT_MSG_EQ(sandia["ns3::TcpEraSocket::DelAckTick"], "0ns", "exact timers");
        NS_TEST_ASSERT_MSG_EQ(
            Map(TcpEraPresets::ForSource("bon-internetwork"))["ns3::TcpEraSocket::DelAckTick"],
            "0ns",
            "Solaris: a per-connection 50 ms timer");
        NS_TEST_ASSERT_MSG_EQ(
            Map(TcpEraPresets::ForSource("jain"))["ns3::TcpEraSocket::DelAckTick"],
            "0ns",
            "no delayed ACKs, no grid");
        NS_TEST_ASSERT_MSG_EQ(TcpEraPresets::ForSource("sandia").UsesTickGrid(),
                              false,
                              "no grid: a tick phase changes nothing");
        NS_TEST_ASSERT_MSG_EQ(TcpEraPresets::ForSource("jain").UsesTickGrid(),
                              true,
                              "timer and RTT on the 100 ms grid");
        TcpEraPresets phased(TcpEraPresets::SACK);
        phased.SetTimerTick(MilliSeconds(100));
        phased.SetTickPhase(MilliSeconds(37));
        auto ph = Map(phased);
        NS_TEST_ASSERT_MSG_EQ(ph["ns3::TcpEraSocket::TimerTickPhase"], "37000000ns", "timer grid");
        NS_TEST_ASSERT_MSG_EQ(ph["ns3::TcpTickRttEstimator::TickPhase"], "37000000ns", "RTT grid");
        NS_TEST_ASSERT_MSG_EQ(phased.GetTickPhase(), MilliSeconds(37), "getter");

        NS_TEST_ASSERT_MSG_EQ(TcpEraPresets::ParseVariant("newreno"),
                              TcpEraPresets::NEWRENO,
                              "parse");
        std::ostringstream os;
        os << TcpEraPresets(TcpEraPresets::RENO);
        NS_TEST_ASSERT_MSG_NE(os.str().find("ns3::TcpSocket::SegmentSize = 9140"),
                              std::string::npos,
                              "Print lists what it sets");
    }
};

/**
 * @brief Install on nodes: the factory makes TcpEraSockets with the preset's attributes, and
 * BulkSend / PacketSink use it by TypeId over an ATM PVC.
 */
class FactoryBulkSendTestCase : public TestCase
{
  public:
    FactoryBulkSendTestCase()
        : TestCase("TcpEraSocketFactory under BulkSend and PacketSink")
    {
    }

  private:
    void DoRun() override
    {
        atmtest::AtmHostPair path;
        const NodeContainer& hosts = path.hosts;
        TcpEraPresets presets(TcpEraPresets::NEWRENO);
        presets.SetSegmentSize(4000);
        presets.Install(hosts);

        Ptr<Socket> probe =
            Socket::CreateSocket(hosts.Get(0), TcpEraPresets::GetSocketFactoryTypeId());
        NS_TEST_ASSERT_MSG_EQ(probe->GetInstanceTypeId(),
                              TcpEraSocket::GetTypeId(),
                              "the factory makes TcpEraSockets");
        UintegerValue mss;
        probe->GetAttribute("SegmentSize", mss);
        NS_TEST_ASSERT_MSG_EQ(mss.Get(), 4000, "preset attribute applied");
        StringValue pa;
        probe->GetAttribute("PartialAckResponse", pa);
        NS_TEST_ASSERT_MSG_EQ(pa.Get(), "Hoe", "variant applied");
        probe->Close();

        const std::string tid = TcpEraPresets::GetSocketFactoryTypeId().GetName();
        const uint32_t bytes = 2000000;
        BulkSendHelper source(tid, InetSocketAddress(path.ifs.GetAddress(1), 9));
        source.SetAttribute("MaxBytes", UintegerValue(bytes));
        ApplicationContainer src = source.Install(hosts.Get(0));
        PacketSinkHelper sink(tid, InetSocketAddress(Ipv4Address::GetAny(), 9));
        ApplicationContainer dst = sink.Install(hosts.Get(1));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        Ptr<PacketSink> ps = DynamicCast<PacketSink>(dst.Get(0));
        NS_TEST_ASSERT_MSG_EQ(ps->GetTotalRx(), bytes, "every byte through the factory's sockets");
        Ptr<Socket> sender = DynamicCast<BulkSendApplication>(src.Get(0))->GetSocket();
        NS_TEST_ASSERT_MSG_EQ(sender->GetInstanceTypeId(), TcpEraSocket::GetTypeId(), "sender");
        NS_TEST_ASSERT_MSG_EQ(ps->GetAcceptedSockets().empty(), false, "accepted");
        if (!ps->GetAcceptedSockets().empty())
        {
            NS_TEST_ASSERT_MSG_EQ(ps->GetAcceptedSockets().front()->GetInstanceTypeId(),
                                  TcpEraSocket::GetTypeId(),
                                  "the listener forks TcpEraSockets");
        }
        Simulator::Destroy();
    }
};

/** @brief The TCP presets' unit tests. */
class TcpEraUnitTestSuite : public TestSuite
{
  public:
    TcpEraUnitTestSuite()
        : TestSuite("atm-tcp-era", ATM_SUITE_UNIT)
    {
        AddTestCase(new TickRttEstimatorTestCase, ATM_TEST_QUICK);
        AddTestCase(new BsdRenoTestCase, ATM_TEST_QUICK);
        AddTestCase(new PresetSettingsTestCase, ATM_TEST_QUICK);
        AddTestCase(new FactoryBulkSendTestCase, ATM_TEST_QUICK);
    }
};

/** Static instance. */
TcpEraUnitTestSuite g_tcpEraUnitTestSuite;

} // namespace
