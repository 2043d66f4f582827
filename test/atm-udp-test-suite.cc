/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-udp-stream-sender.h"
#include "ns3/gcra.h"
#include "ns3/internet-module.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmUdpStreamSender (a netperf UDP_STREAM-like sender; TEN-34 Deliverable D11.3,
 * "Results of Phase 1 Test Programme", 1997, Figs. 10 and 11 and section 5.2): cell arithmetic
 * of a datagram, exact datagram, byte and cell counts on an idle path in the back-to-back and
 * paced modes, send failures, conservation, and the policing physics of an unshaped burst into
 * a policed VP.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One configuration of the test path h0 -- s0 == s1 -- h1.
struct UdpPath
{
    bool cbr{false};                        //!< CBR at pcr (shaped) or UBR at line rate
    AtmCellRate pcr{AtmCellRate(10000)};    //!< the CBR VC's PCR
    Time shaperTolerance{MicroSeconds(3)};  //!< the host shaper's tolerance
    bool policed{false};                    //!< a VP cross-connect at s1, policed
    AtmCellRate vpRate{AtmCellRate(10000)}; //!< the VP's rate
    Time cdvt{Time(0)};                     //!< the VP's CDVT
    bool vpShaping{false};                  //!< s0 shapes the VP
    uint32_t size{1000};                    //!< MessageSize
    uint64_t datagrams{50};                 //!< MaxDatagrams
    Time interval{Time(0)};                 //!< Interval
    uint64_t rateBps{0};                    //!< Rate
    uint32_t sendBufferBytes{65536};        //!< SendBufferBytes
    std::string trunkRate{"OC3c"};          //!< s0-s1 (an idle path: as fast as the hosts)
};

/// What one run measured.
struct UdpOutcome
{
    uint64_t sent{0};            //!< datagrams sent
    uint64_t bytesSent{0};       //!< bytes sent
    uint64_t failures{0};        //!< send failures
    uint64_t received{0};        //!< datagrams received
    uint64_t bytesReceived{0};   //!< bytes received
    uint64_t cellsSent{0};       //!< h0's adapter
    uint64_t cellsReceived{0};   //!< h1's adapter
    uint64_t upcDiscarded{0};    //!< the VP policer
    bool ledgerHolds{false};     //!< both directions
    std::vector<Time> sendTimes; //!< per datagram sent ("Tx")
};

/**
 * @param times receives the instant
 */
void
RecordSend(std::vector<Time>* times, Ptr<const Packet>)
{
    times->push_back(Simulator::Now());
}

/**
 * @param count the counter
 */
void
CountRx(uint64_t* count, Ptr<const Packet>, const Address&)
{
    ++*count;
}

/**
 * @brief Build the path, run it for 10 s (or until the datagrams are through) and measure.
 * @param p the configuration
 * @return the outcome
 */
UdpOutcome
RunPath(const UdpPath& p)
{
    NodeContainer hosts(2);
    NodeContainer switches(2);
    AtmHelper atm;
    atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
    atm.InstallSwitch(switches);
    atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    NetDeviceContainer in = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer out = atm.Install(switches.Get(1), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", StringValue(p.trunkRate));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer link = atm.Install(switches.Get(0), switches.Get(1));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(p.policed));

    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(NetDeviceContainer(in.Get(0)));
    const Ipv4Address dst = addresses.Assign(NetDeviceContainer(out.Get(1))).GetAddress(0);

    AtmPvcHelper pvcs;
    pvcs.SetContract(p.cbr ? AtmTrafficContract::Cbr(p.pcr) : AtmTrafficContract::Ubr());
    pvcs.SetShaping(p.cbr, p.shaperTolerance);
    pvcs.SetVpi(1);
    if (p.policed)
    {
        pvcs.SetVpCrossConnects(NodeContainer(switches.Get(1)),
                                AtmTrafficContract::Cbr(p.vpRate, p.cdvt));
    }
    AtmPvc pvc = pvcs.Install(in.Get(0), out.Get(1), switches);
    Ptr<AtmPolicer> policer;
    if (p.policed)
    {
        policer = switches.Get(1)->GetObject<AtmSwitch>()->GetVpPolicer(ingress->GetPortIndex(), 1);
    }
    if (p.vpShaping)
    {
        Ptr<AtmSwitchPort> trunk = DynamicCast<AtmSwitchPort>(link.Get(0));
        trunk->GetSwitch()->SetVpShaper(
            trunk->GetPortIndex(),
            1,
            AtmShaperFactory::Create(AtmTrafficContract::Cbr(p.vpRate)));
    }

    UdpOutcome o;
    Ptr<AtmUdpStreamSender> sender = CreateObject<AtmUdpStreamSender>();
    sender->SetAttribute("Remote", AddressValue(InetSocketAddress(dst, 9)));
    sender->SetAttribute("MessageSize", UintegerValue(p.size));
    sender->SetAttribute("MaxDatagrams", UintegerValue(p.datagrams));
    sender->SetAttribute("Interval", TimeValue(p.interval));
    sender->SetAttribute("Rate", DataRateValue(DataRate(p.rateBps)));
    sender->SetAttribute("SendBufferBytes", UintegerValue(p.sendBufferBytes));
    sender->TraceConnectWithoutContext("Tx", MakeBoundCallback(&RecordSend, &o.sendTimes));
    hosts.Get(0)->AddApplication(sender);
    sender->SetStartTime(Seconds(0));
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 9));
    ApplicationContainer sinkApp = sinkHelper.Install(hosts.Get(1));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));
    sink->TraceConnectWithoutContext("Rx", MakeBoundCallback(&CountRx, &o.received));

    Simulator::Stop(Seconds(10));
    Simulator::Run();
    o.sent = sender->GetDatagramsSent();
    o.bytesSent = sender->GetBytesSent();
    o.failures = sender->GetSendFailures();
    o.bytesReceived = sink->GetTotalRx();
    o.cellsSent = pvc.src->GetVcStats(pvc.srcVc).cellsTx;
    o.cellsReceived = pvc.dst->GetVcStats(pvc.dstVc).cellsRx;
    o.upcDiscarded = policer ? policer->GetStats().cellsDiscarded : 0;
    o.ledgerHolds =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();
    Simulator::Destroy();
    return o;
}

/**
 * @ingroup atm-tests
 * @brief GetCellsPerDatagram: ceil((S + 8 + 20 + 8 + 8) / 48) with LLC/SNAP, IPv4 fragments
 *        beyond the MTU.
 */
class AtmUdpCellsPerDatagramTestCase : public TestCase
{
  public:
    AtmUdpCellsPerDatagramTestCase()
        : TestCase("UDP: cells per datagram, one CPCS-PDU up to the MTU, fragments beyond")
    {
    }

  private:
    void DoRun() override
    {
        const auto llc = AtmEncapsulation::LLC_SNAP;
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(1, 9180, llc),
                              1,
                              "1 + 44 = 45 bytes");
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(4, 9180, llc),
                              1,
                              "48 bytes: one full cell");
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(5, 9180, llc), 2, "49 bytes");
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(100, 9180, llc),
                              3,
                              "IP 128 = 48 x 3 - 16");
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(101, 9180, llc),
                              4,
                              "one byte more");
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(9152, 9180, llc),
                              192,
                              "the largest unfragmented datagram at MTU 9180");
        // 9153 + 8 = 9161 bytes of IP data: 9160 + 1 (fragment data are multiples of 8).
        NS_TEST_EXPECT_MSG_EQ(AtmUdpStreamSender::GetCellsPerDatagram(9153, 9180, llc),
                              192 + 1,
                              "two fragments");
        NS_TEST_EXPECT_MSG_EQ(
            AtmUdpStreamSender::GetCellsPerDatagram(AtmUdpStreamSender::MAX_MESSAGE_SIZE,
                                                    9180,
                                                    llc),
            7 * 192 + 30,
            "65515 bytes of data: 7 fragments of 9160 and one of 1395");
        NS_TEST_EXPECT_MSG_EQ(
            AtmUdpStreamSender::GetCellsPerDatagram(8, 9180, AtmEncapsulation::VC_MUX),
            1,
            "VC-mux: 8 + 8 + 20 + 8 = 44 bytes");
    }
};

/**
 * @ingroup atm-tests
 * @brief Back-to-back on an idle UBR path: exact counts, one datagram per segmentation start,
 *        the line rate, conservation.
 */
class AtmUdpBackToBackTestCase : public TestCase
{
  public:
    AtmUdpBackToBackTestCase()
        : TestCase("UDP: back-to-back on an idle UBR VC, exact counts at the access line rate")
    {
    }

  private:
    void DoRun() override
    {
        UdpPath p;
        p.size = 1000; // 1044 bytes of CPCS-SDU + trailer: 22 cells
        p.datagrams = 50;
        const UdpOutcome o = RunPath(p);
        NS_TEST_ASSERT_MSG_EQ(o.sent, 50, "every datagram sent");
        NS_TEST_EXPECT_MSG_EQ(o.failures, 0, "no failure");
        NS_TEST_EXPECT_MSG_EQ(o.bytesSent, 50000, "bytes sent");
        NS_TEST_EXPECT_MSG_EQ(o.received, 50, "every datagram received");
        NS_TEST_EXPECT_MSG_EQ(o.bytesReceived, 50000, "bytes received");
        NS_TEST_EXPECT_MSG_EQ(o.cellsSent, 50 * 22, "22 cells per datagram");
        NS_TEST_EXPECT_MSG_EQ(o.cellsReceived, 50 * 22, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(o.ledgerHolds, true, "cell ledger");
        // Datagram k is handed to the socket when datagram k-1 starts segmentation, at
        // (k-1) x 22 cell slots of OC-3c: the adapter never idles (line rate) and holds at
        // most one datagram waiting.
        NS_TEST_ASSERT_MSG_EQ(o.sendTimes.size(), 50U, "a Tx per datagram");
        NS_TEST_EXPECT_MSG_EQ(o.sendTimes[0], Time(0), "the first at the start");
        NS_TEST_EXPECT_MSG_EQ(o.sendTimes[1], Time(0), "the second behind it at once");
        const double slot = 1.0 / AtmCellRate::Parse("OC3c").GetCellsPerSecond();
        const double last = o.sendTimes[49].GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(last, 48 * 22 * slot, slot, "(k - 1) x 22 slots");

        // Larger than the MTU: three IPv4 fragments, each its own CPCS-PDU; the next datagram
        // waits for the last fragment to start segmentation.
        p.size = 20000; // 20008 bytes of IP data: 9160 + 9160 + 1688
        p.datagrams = 10;
        const uint64_t cells =
            AtmUdpStreamSender::GetCellsPerDatagram(20000, 9180, AtmEncapsulation::LLC_SNAP);
        NS_TEST_ASSERT_MSG_EQ(cells, 192 + 192 + 36, "ceil((1688 + 36) / 48) = 36");
        const UdpOutcome f = RunPath(p);
        NS_TEST_EXPECT_MSG_EQ(f.sent, 10, "fragmented: sent");
        NS_TEST_EXPECT_MSG_EQ(f.received, 10, "reassembled by IP and received");
        NS_TEST_EXPECT_MSG_EQ(f.bytesReceived, 200000, "bytes");
        NS_TEST_EXPECT_MSG_EQ(f.cellsSent, 10 * cells, "cells of all fragments");
        NS_TEST_EXPECT_MSG_EQ(f.ledgerHolds, true, "cell ledger");
        NS_TEST_EXPECT_MSG_EQ_TOL(f.sendTimes[9].GetSeconds(),
                                  (8 * cells + 192 + 192) * slot,
                                  slot,
                                  "datagram k when k-1's last fragment starts");
    }
};

/**
 * @ingroup atm-tests
 * @brief Back-to-back on a shaped CBR VC: the sender runs at the PCR, PCR x 8 S / cells.
 */
class AtmUdpShapedTestCase : public TestCase
{
  public:
    AtmUdpShapedTestCase()
        : TestCase(
              "UDP: back-to-back on a CBR VC shaped at its PCR sends at PCR x 8 S over its cells")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t size : {1U, 100U, 9152U})
        {
            UdpPath p;
            p.cbr = true;
            p.pcr = AtmCellRate(10000);
            p.size = size;
            const uint64_t cells =
                AtmUdpStreamSender::GetCellsPerDatagram(size, 9180, AtmEncapsulation::LLC_SNAP);
            p.datagrams = std::max<uint64_t>(10, 3000 / cells); // about 0.3 s of cells
            const UdpOutcome o = RunPath(p);
            const std::string what = "size " + std::to_string(size);
            NS_TEST_ASSERT_MSG_EQ(o.sent, p.datagrams, what + ": every datagram sent");
            NS_TEST_EXPECT_MSG_EQ(o.received, p.datagrams, what + ": and received");
            NS_TEST_EXPECT_MSG_EQ(o.cellsSent, p.datagrams * cells, what + ": cells");
            NS_TEST_EXPECT_MSG_EQ(o.ledgerHolds, true, what + ": cell ledger");
            // Datagram k leaves when k-1 starts segmentation: (k - 1) x cells / PCR.
            const double expected = (p.datagrams - 2) * cells / 10000.0;
            const double last = o.sendTimes.back().GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(last,
                                      expected,
                                      0.01 * expected + 1e-4,
                                      what + ": the PCR's pace within 1 % (physics)");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Paced modes: Interval and Rate release instants; SendBufferBytes refuses datagrams
 *        that find the adapter full (send failures), sent + failed = MaxDatagrams.
 */
class AtmUdpPacedTestCase : public TestCase
{
  public:
    AtmUdpPacedTestCase()
        : TestCase("UDP: paced by Interval or Rate; a full adapter queue is a send failure")
    {
    }

  private:
    void DoRun() override
    {
        UdpPath p;
        p.size = 1;
        p.datagrams = 10;
        p.interval = MilliSeconds(1);
        UdpOutcome o = RunPath(p);
        NS_TEST_ASSERT_MSG_EQ(o.sent, 10, "Interval: 10 datagrams");
        NS_TEST_EXPECT_MSG_EQ(o.received, 10, "1-byte datagrams received");
        NS_TEST_EXPECT_MSG_EQ(o.bytesReceived, 10, "1 byte each");
        NS_TEST_EXPECT_MSG_EQ(o.cellsSent, 10, "one cell each");
        for (uint32_t k = 0; k < 10; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(o.sendTimes[k], MilliSeconds(k), "at k ms");
        }

        p.interval = Time(0);
        p.rateBps = 3000000; // 1000-byte datagrams: one every 8000 / 3e6 s = 2666.667 us
        p.size = 1000;
        o = RunPath(p);
        NS_TEST_ASSERT_MSG_EQ(o.sent, 10, "Rate: 10 datagrams");
        NS_TEST_EXPECT_MSG_EQ(o.sendTimes[3], NanoSeconds(8000000), "3 x 2666.667 us");
        NS_TEST_EXPECT_MSG_EQ(o.sendTimes[9], NanoSeconds(24000000), "no drift");
        NS_TEST_EXPECT_MSG_EQ(o.sendTimes[1], NanoSeconds(2666667), "rounded to the nearest ns");

        // 1000-byte datagrams every 10 us into a VC shaped at 1000 cells/s (22 ms each): the
        // adapter holds at most SendBufferBytes (+ one), the rest fail.
        p.rateBps = 0;
        p.interval = MicroSeconds(10);
        p.cbr = true;
        p.pcr = AtmCellRate(1000);
        p.datagrams = 20;
        p.sendBufferBytes = 3000;
        o = RunPath(p);
        NS_TEST_EXPECT_MSG_EQ(o.sent + o.failures, 20, "sent + failed = MaxDatagrams");
        // Frames of 1036 bytes (IP + LLC/SNAP): the first starts segmentation at once; the
        // next three find 0, 1036 and 2072 bytes waiting (not more than 3000) and queue; every
        // later one finds 3108 (the VC drains one per 22 ms) and fails.
        NS_TEST_EXPECT_MSG_EQ(o.sent, 4, "one in segmentation, three queued");
        NS_TEST_EXPECT_MSG_EQ(o.failures, 16, "the rest refused");
        NS_TEST_EXPECT_MSG_EQ(o.received, 4, "and all of them delivered");
        NS_TEST_EXPECT_MSG_EQ(o.ledgerHolds, true, "cell ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief The policing physics of TEN34 section 5.2: unshaped UBR bursts at line rate into a VP
 *        of 2 Mb/s (5208.3 cells/s) with CDVT 400 us: bursts of N <= 1 + floor(tau / (T -
 *        delta)) = 3 cells pass (delta: the E3 trunk's 12.5 us), 4 lose a cell each; shaped
 *        per VP at s0 every size passes.
 */
class AtmUdpPolicedBurstTestCase : public TestCase
{
  public:
    AtmUdpPolicedBurstTestCase()
        : TestCase(
              "UDP: a burst passes an idle VP policer iff N <= 1 + floor(tau over (T - delta))")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate vp = AtmCellRate::Parse("2Mbps@payload");
        NS_TEST_ASSERT_MSG_EQ(
            Gcra::MaxBurstCells(vp.GetCellTime(), MicroSeconds(400), MicroSeconds(12.5)),
            3,
            "N = 1 + floor(400 / 179.5)");
        for (uint32_t size : {100U, 101U})
        {
            for (bool shaped : {false, true})
            {
                UdpPath p;
                p.policed = true;
                p.trunkRate = "E3";
                p.vpRate = vp;
                p.cdvt = MicroSeconds(400);
                p.vpShaping = shaped;
                p.size = size;
                p.datagrams = 20;
                p.interval = MilliSeconds(10); // the bucket drains between datagrams
                const UdpOutcome o = RunPath(p);
                const std::string what =
                    "size " + std::to_string(size) + (shaped ? " shaped" : " unshaped");
                NS_TEST_ASSERT_MSG_EQ(o.sent, 20, what + ": sent");
                const bool lossFree = size == 100 || shaped;
                NS_TEST_EXPECT_MSG_EQ(o.received, lossFree ? 20 : 0, what + ": received");
                // The fourth cell of each burst is discarded (the datagram's last).
                NS_TEST_EXPECT_MSG_EQ(o.upcDiscarded, lossFree ? 0 : 20, what + ": UPC");
                NS_TEST_EXPECT_MSG_EQ(o.ledgerHolds, true, what + ": cell ledger");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief TEN34 Figs. 10 and 11: a CBR VC shaped 2 % above its VP's rate. The policer discards
 *        cells, datagrams are lost, and the sender keeps the PCR's pace (the drops do not
 *        reach it).
 */
class AtmUdpPcrAboveVpTestCase : public TestCase
{
  public:
    AtmUdpPcrAboveVpTestCase()
        : TestCase("UDP: a PCR above the VP loses datagrams, the sender keeps the PCR's pace")
    {
    }

  private:
    void DoRun() override
    {
        UdpPath p;
        p.cbr = true;
        p.pcr = AtmCellRate(36720);
        p.policed = true;
        p.trunkRate = "E3";
        p.vpRate = AtmCellRate(36000);
        p.cdvt = MicroSeconds(100);
        p.size = 1024; // 23 cells
        p.datagrams = 400;
        const UdpOutcome o = RunPath(p);
        NS_TEST_ASSERT_MSG_EQ(o.sent, 400, "every datagram sent");
        NS_TEST_EXPECT_MSG_EQ(o.failures, 0, "no send failure");
        NS_TEST_EXPECT_MSG_EQ(o.cellsSent, 400 * 23, "every cell sent");
        NS_TEST_EXPECT_MSG_GT(o.upcDiscarded, 0, "the VP policer discards");
        NS_TEST_EXPECT_MSG_LT(o.received, 400, "datagrams lost");
        NS_TEST_EXPECT_MSG_EQ(o.ledgerHolds, true, "cell ledger");
        const double expected = 398 * 23 / 36720.0;
        NS_TEST_EXPECT_MSG_EQ_TOL(o.sendTimes.back().GetSeconds(),
                                  expected,
                                  0.01 * expected,
                                  "the PCR's pace within 1 %");
    }
};

/**
 * @ingroup atm-tests
 * @brief The UDP sender suite.
 */
class AtmUdpTestSuite : public TestSuite
{
  public:
    AtmUdpTestSuite()
        : TestSuite("atm-udp", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmUdpCellsPerDatagramTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUdpBackToBackTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUdpShapedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUdpPacedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUdpPolicedBurstTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUdpPcrAboveVpTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
AtmUdpTestSuite g_atmUdpTestSuite;

} // namespace
