/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The robust results of TCP over policed CBR and VBR connections (Bonaventure 1998 ch. 4;
 * TEN-34 D11.3), in the topologies of the examples atm-cbr-window, atm-vbr-police and
 * atm-vp-split and with their measured transfer (AtmBulkTransfer: AtmTtcpWriter, PacketSink,
 * AtmTcpFlowProbe), at durations of a few simulated seconds: a shaped CBR connection loses
 * nothing and runs at min(W per round trip, C); unshaped TCP at MTU 9188 makes no progress
 * through BON's CBR UPC; VBR.3 tags exactly the cells VBR.2 discards, and TCP keeps its rate
 * with tagging and collapses with discarding; TEN34's VP split is fair in case B and starves a
 * VC in case A. The numeric comparisons with the published studies live in the validation
 * runner (utils/atm-validation). The oracles are hand-computed: C (AtmMetrics::MaxTcpGoodput:
 * cells per segment at the cell rate) and whole segments per round trip.
 */

#include "atm-ns3-compat.h"

#include "ns3/applications-module.h"
#include "ns3/atm-bulk-transfer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/boolean.h"
#include "ns3/internet-module.h"
#include "ns3/pcr-shaper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// atm-cbr-window's and atm-vbr-police's default --tsdu: ttcp's 16 KB writes, which the
/// transfer's AtmTtcpWriter copies in pieces as the window opens, so the window stays full.
constexpr uint32_t TSDU = 16384;
/// atm-vp-split's default --tsdu: one 9140-byte segment per write.
constexpr uint32_t SPLIT_TSDU = 9140;

/// Results of one TCP transfer.
struct TcpRun
{
    double goodputMbps{0};    //!< bytes delivered / duration
    uint64_t upcPoliced{0};   //!< cells the UPC saw
    uint64_t upcDiscarded{0}; //!< cells it discarded
    uint64_t upcTagged{0};    //!< cells it tagged
    uint64_t portDrops{0};    //!< cells dropped by output ports on the data path
    bool ledgerHolds{false};  //!< both directions' cell ledgers balance
};

/**
 * @brief One greedy TCP transfer h0 -> h1 (AtmBulkTransfer, as in the examples), goodput over
 *        the whole run.
 * @param hosts h0, h1 (IPv4 installed)
 * @param dst h1's address
 * @param duration simulated time
 * @param pvc the PVC (for the ledger)
 * @param policer the UPC
 * @return the results
 */
TcpRun
RunTcp(NodeContainer hosts,
       Ipv4Address dst,
       Time duration,
       const AtmPvc& pvc,
       std::function<Ptr<AtmPolicer>()> policer)
{
    Ptr<AtmBulkTransfer> transfer =
        CreateObjectWithAttributes<AtmBulkTransfer>("Tsdu", UintegerValue(TSDU));
    transfer->Install(hosts.Get(0), hosts.Get(1), dst);
    Simulator::Stop(duration);
    Simulator::Run();
    transfer->Finish();
    TcpRun r;
    r.goodputMbps = transfer->GetGoodputMbps();
    const AtmPolicerStats s = policer()->GetStats();
    r.upcPoliced = s.cellsPoliced;
    r.upcDiscarded = s.cellsDiscarded;
    r.upcTagged = s.cellsTagged;
    for (const auto& [dev, vc] : pvc.forward)
    {
        r.portDrops += dev->GetOutputPort()->GetVcStats(vc).cellsDropped;
    }
    r.ledgerHolds =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();
    Simulator::Destroy();
    return r;
}

/// atm-cbr-window's path: h0 -OC3c- s0 -E3- s1 (UPC, VP cross-connect) -E3- s2 -OC3c- h1.
struct CbrPathConfig
{
    AtmCellRate pcr;        //!< the VP's PCR
    Time cdvt;              //!< its CDVT
    Time rtt;               //!< round-trip propagation delay
    uint32_t mtu{9180};     //!< IP MTU
    uint32_t window{65535}; //!< socket buffers
    bool shaped{true};      //!< PcrShaper at the PCR
    Time shaperTolerance;   //!< its Tolerance
    std::string source;     //!< TCP preset
    Time duration;          //!< simulated time
};

/**
 * @param c the configuration
 * @return the run's results
 */
TcpRun
RunCbrPath(const CbrPathConfig& c)
{
    NodeContainer hosts(2);
    NodeContainer sw(3);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(c.mtu));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(256));
    atm.InstallSwitch(sw);
    const Time access = MicroSeconds(5);
    const Time inner = (c.rtt / 2 - access * 2) / 2;
    atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
    atm.SetChannelAttribute("Delay", TimeValue(access));
    NetDeviceContainer left = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer right = atm.Install(sw.Get(2), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", StringValue("E3"));
    atm.SetChannelAttribute("Delay", TimeValue(inner));
    NetDeviceContainer link01 = atm.Install(sw.Get(0), sw.Get(1));
    atm.Install(sw.Get(1), sw.Get(2));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link01.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(true));
    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer nics(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(nics);
    TcpEraPresets tcp = TcpEraPresets::ForSource(c.source);
    tcp.SetMtu(c.mtu);
    tcp.SetSegmentSize(0);
    tcp.SetWindow(c.window);
    tcp.Install(hosts);
    const AtmTrafficContract contract = AtmTrafficContract::Cbr(c.pcr, c.cdvt);
    AtmPvcHelper pvcs;
    pvcs.SetContract(contract);
    pvcs.SetVpi(1);
    pvcs.SetVpCrossConnects(NodeContainer(sw.Get(1), sw.Get(2)), contract);
    pvcs.SetShaping(c.shaped, c.shaperTolerance);
    const AtmPvc pvc = pvcs.Install(nics.Get(0), nics.Get(1), sw);
    Ptr<AtmSwitch> s1 = sw.Get(1)->GetObject<AtmSwitch>();
    const uint16_t vpi = pvc.labels[1].first;
    return RunTcp(hosts, ifs.GetAddress(1), c.duration, pvc, [s1, ingress, vpi]() {
        return s1->GetVpPolicer(ingress->GetPortIndex(), vpi);
    });
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief TEN34-WINDOW's physics: window-limited below the BDP, PCR-limited above it.
 */
class AtmShapedCbrWindowTestCase : public TestCase
{
  public:
    AtmShapedCbrWindowTestCase()
        : TestCase("A TCP connection shaped at exactly 36,000 cells per s through a VP policed "
                   "at that rate loses no cell, and runs at 10 whole segments per round trip "
                   "with a 96 KB window and at C with a 256 KB window, within 3 percent")
    {
    }

  private:
    void DoRun() override
    {
        // bon-default: timestamps, no delayed ACKs. MSS 9180 - 52 = 9128 in 192 cells (9180 +
        // 16 = 9196 bytes, 191.6 cells): C = 36000 x 8 x 9128 / 192 = 13.69 Mb/s. 96 KB = 10
        // whole segments + 7024 bytes (Nagle holds the partial one); a segment's ACK returns
        // RTT + 192 / 36000 s after the segment started: 10 x 9128 x 8 / 68.33 ms = 10.69 Mb/s.
        const double c = 36000.0 * 8 * 9128 / 192 / 1e6;
        const double tenSegments = 10 * 9128 * 8 / (0.063 + 192 / 36000.0) / 1e6;
        for (const auto& [window, expected] :
             {std::make_pair(98304u, tenSegments), std::make_pair(262144u, c)})
        {
            CbrPathConfig cfg;
            cfg.pcr = AtmCellRate("13.824Mbps@payload");
            cfg.cdvt = MicroSeconds(100);
            cfg.rtt = MilliSeconds(63);
            cfg.window = window;
            cfg.shaperTolerance = MicroSeconds(3); // one OC3c cell time: exactly the PCR
            cfg.source = "bon-default";
            cfg.duration = Seconds(20);
            const TcpRun r = RunCbrPath(cfg);
            NS_TEST_ASSERT_MSG_EQ(r.ledgerHolds, true, "cell ledgers, window " << window);
            NS_TEST_ASSERT_MSG_EQ(r.upcDiscarded + r.portDrops,
                                  0,
                                  "no cell lost, window " << window);
            NS_TEST_ASSERT_MSG_GT(r.upcPoliced, 100000, "the VP policer saw the cells");
            // Slow start costs under a second of the 20 s.
            NS_TEST_ASSERT_MSG_EQ_TOL(r.goodputMbps,
                                      expected,
                                      0.03 * expected,
                                      "window " << window);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief BON ch. 4: line-rate bursts of a 9188-byte packet do not conform.
 */
class AtmUnshapedPilotTestCase : public TestCase
{
  public:
    AtmUnshapedPilotTestCase()
        : TestCase("Unshaped TCP with MTU 9188 into BON's CBR UPC (61,000 cells per s, CDVT "
                   "187.5 us, behind an E3 port) delivers nothing in 10 s, while the same "
                   "connection shaped at the PCR delivers its window every round trip")
    {
    }

  private:
    void DoRun() override
    {
        // Eq. 4.2: through an E3 port (12.5 us per cell) at most 1 + floor(187.5 / (16.39 -
        // 12.5)) = 49 cells of a burst conform; a 9188-byte packet is 192 cells.
        for (bool shaped : {false, true})
        {
            CbrPathConfig cfg;
            cfg.pcr = AtmCellRate(61000);
            cfg.cdvt = NanoSeconds(187500);
            cfg.rtt = MilliSeconds(31);
            cfg.mtu = 9188;
            cfg.window = 49152;
            cfg.shaped = shaped;
            cfg.source = "bon-default";
            cfg.duration = Seconds(10);
            const TcpRun r = RunCbrPath(cfg);
            NS_TEST_ASSERT_MSG_EQ(r.ledgerHolds, true, "cell ledgers, shaped " << shaped);
            if (shaped)
            {
                // 5 whole segments of 9136 bytes per 31 ms + 192 / 58,867.9 s (six OC3c slots
                // per cell): 10.68 Mb/s; slow start costs a few round trips.
                const double expected = 5 * 9136 * 8 / (0.031 + 192 / 58867.9) / 1e6;
                NS_TEST_ASSERT_MSG_EQ(r.upcDiscarded, 0, "shaped: no discard");
                NS_TEST_ASSERT_MSG_EQ_TOL(r.goodputMbps, expected, 0.05 * expected, "shaped");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(r.upcDiscarded, 0, "unshaped: the UPC discards");
                NS_TEST_ASSERT_MSG_EQ(r.goodputMbps, 0, "unshaped: no segment is delivered");
            }
        }
    }
};

namespace
{

/// atm-vbr-police's path: h0 -OC3c- s0 (UPC) -E3- s1 -OC3c- h1; VBR contract of TEN34 round 1.
struct VbrPath
{
    NodeContainer hosts{2};     //!< h0, h1
    NodeContainer sw{2};        //!< s0, s1
    Ptr<AtmSwitchPort> ingress; //!< s0's port from h0
    Ipv4InterfaceContainer ifs; //!< host addresses
    AtmPvc pvc;                 //!< the PVC

    /**
     * @param conformance VBR_2 (discard) or VBR_3 (tag)
     * @param shaperCellsPerSec the source's CBR shaper
     */
    VbrPath(AtmConformance conformance, const AtmCellRate& shaperCellsPerSec)
    {
        AtmHelper atm;
        atm.SetDeviceAttribute("Mtu", UintegerValue(4352));
        atm.InstallSwitch(sw);
        atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
        NetDeviceContainer left = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer right = atm.Install(sw.Get(1), hosts.Get(1));
        atm.SetChannelAttribute("CellRate", StringValue("E3"));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(490)));
        atm.Install(sw.Get(0), sw.Get(1));
        ingress = DynamicCast<AtmSwitchPort>(left.Get(1));
        ingress->SetAttribute("Upc", BooleanValue(true));
        InternetStackHelper internet;
        internet.Install(hosts);
        NetDeviceContainer nics(left.Get(0), right.Get(1));
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        ifs = addresses.Assign(nics);
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.SetMtu(4352);
        tcp.Install(hosts);
        AtmPvcHelper pvcs;
        pvcs.SetContract(AtmTrafficContract::Vbr(conformance,
                                                 AtmCellRate(15625),
                                                 MicroSeconds(700),
                                                 AtmCellRate(5208),
                                                 30));
        pvc = pvcs.Install(nics.Get(0), nics.Get(1), sw);
        Ptr<PcrShaper> shaper = CreateObject<PcrShaper>();
        shaper->SetAttribute("PcrCellsPerSec", AtmCellRateValue(shaperCellsPerSec));
        pvc.src->SetVcShaper(pvc.srcVc, shaper);
    }

    /// @return the UPC
    Ptr<AtmPolicer> Policer() const
    {
        return sw.Get(0)->GetObject<AtmSwitch>()->GetVcPolicer(ingress->GetPortIndex(),
                                                               pvc.labels[0].first,
                                                               pvc.labels[0].second);
    }
};

/**
 * @brief Record when a cell was tagged or discarded, and its index in its PDU.
 * @param log the record
 * @param cell the cell
 * @param reason the reason
 */
void
LogCell(std::vector<std::pair<int64_t, uint32_t>>* log, const AtmCell& cell, const char* reason)
{
    log->emplace_back(Simulator::Now().GetTimeStep(), cell.index);
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief VBR.2 and VBR.3 take the same decisions on the same cells.
 */
class AtmVbrTagVersusDropTestCase : public TestCase
{
  public:
    AtmVbrTagVersusDropTestCase()
        : TestCase(
              "The same UDP cell stream shaped at 3000 kb per s into PCR 15625, SCR 5208 cells "
              "per s, MBS 30: VBR.3 tags exactly the cells VBR.2 discards, at the same "
              "instants, about 1 - SCR over the rate of them, and discards none")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate rate = AtmCellRate::FromLineBps(3000000); // 7075.5 cells/s
        std::vector<std::pair<int64_t, uint32_t>> marked[2];
        uint64_t policed[2] = {0, 0};
        uint64_t discarded[2] = {0, 0};
        for (int i = 0; i < 2; ++i)
        {
            VbrPath path(i == 0 ? AtmConformance::VBR_2 : AtmConformance::VBR_3, rate);
            UdpClientHelper client(path.ifs.GetAddress(1), 9);
            client.SetAttribute("MaxPackets", UintegerValue(1000000));
            client.SetAttribute("Interval", TimeValue(MilliSeconds(2)));
            client.SetAttribute("PacketSize", UintegerValue(1000)); // 4 Mb/s offered
            client.Install(path.hosts.Get(0)).Start(Seconds(0));
            Simulator::Schedule(NanoSeconds(1), [&path, &marked, i]() {
                path.Policer()->TraceConnectWithoutContext(i == 0 ? "Discard" : "Tag",
                                                           MakeBoundCallback(&LogCell, &marked[i]));
            });
            Simulator::Stop(Seconds(2));
            Simulator::Run();
            policed[i] = path.Policer()->GetStats().cellsPoliced;
            discarded[i] = path.Policer()->GetStats().cellsDiscarded;
            Simulator::Destroy();
        }
        NS_TEST_ASSERT_MSG_EQ(policed[0], policed[1], "the same stream reaches both UPCs");
        NS_TEST_ASSERT_MSG_EQ(discarded[1], 0, "VBR.3 discards nothing");
        NS_TEST_ASSERT_MSG_EQ(marked[0].size(), discarded[0], "every VBR.2 discard traced");
        NS_TEST_ASSERT_MSG_GT(marked[0].size(), 0, "VBR.2 discards");
        NS_TEST_ASSERT_MSG_EQ((marked[0] == marked[1]), true, "same cells, same instants");
        // 2 s at 7064.2 cells/s (50 OC3c slots per cell): beyond the MBS, 1 - 5208 / 7064.2 of
        // the cells fail the SCR test.
        const double expected = 1 - 5208 / 7064.2;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(marked[1].size()) / policed[1],
                                  expected,
                                  0.01,
                                  "share of the cells over the SCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief TCP: tagging keeps the rate, discarding collapses it.
 */
class AtmVbrTcpTagVersusDropTestCase : public TestCase
{
  public:
    AtmVbrTcpTagVersusDropTestCase()
        : TestCase("TCP shaped at 3000 kb per s into PCR 15625, SCR 5208 cells per s, MBS 30: with "
                   "VBR.3 it runs at C of the shaper's rate with a quarter of its cells tagged "
                   "and none lost; with VBR.2 it collapses below a quarter of C at the SCR")
    {
    }

  private:
    void DoRun() override
    {
        // MTU 4352: MSS 4312 in 91 cells (4352 + 16 = 4368 bytes). The shaper sends one cell
        // per ceil(353207.5 / 7075.5) = 50 OC3c slots: 7064.2 cells/s.
        const double cShaper = 7064.2 * 8 * 4312 / 91 / 1e6;
        const double cScr = 5208.0 * 8 * 4312 / 91 / 1e6;
        const AtmCellRate rate = AtmCellRate::FromLineBps(3000000);
        for (AtmConformance def : {AtmConformance::VBR_3, AtmConformance::VBR_2})
        {
            VbrPath path(def, rate);
            const TcpRun r =
                RunTcp(path.hosts, path.ifs.GetAddress(1), Seconds(10), path.pvc, [&path]() {
                    return path.Policer();
                });
            NS_TEST_ASSERT_MSG_EQ(r.ledgerHolds, true, "cell ledgers");
            if (def == AtmConformance::VBR_3)
            {
                NS_TEST_ASSERT_MSG_EQ(r.upcDiscarded + r.portDrops, 0, "tagged, not lost");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(r.goodputMbps, 0.95 * cShaper, "C at the shaper");
                NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(r.upcTagged) / r.upcPoliced,
                                          1 - 5208 / 7064.2,
                                          0.02,
                                          "share tagged");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(r.upcDiscarded, 0, "discarded");
                NS_TEST_ASSERT_MSG_EQ(r.upcTagged, 0, "nothing tagged");
                NS_TEST_ASSERT_MSG_LT(r.goodputMbps, 0.25 * cScr, "collapse");
            }
        }
    }
};

namespace
{

/// Results of one TEN34-VP-SPLIT run.
struct SplitRun
{
    double vc[2]{0, 0};    //!< goodput per sender (Mb/s)
    uint64_t discarded{0}; //!< cells the VP policer discarded
};

/**
 * @brief atm-vp-split: h0, h1 -OC3c- s0 -E3- s1 (VP policer) -OC3c- h2, k connections per
 * sender (one AtmBulkTransfer each), each sender's VC shaped at its PCR; goodput over [5 s,
 * 25 s].
 * @param vcPcr the PCR of each VC
 * @param k connections per sender
 * @return the per-VC goodputs
 */
SplitRun
RunSplit(const AtmCellRate& vcPcr, uint32_t k)
{
    NodeContainer senders(2);
    NodeContainer receiver(1);
    NodeContainer sw(2);
    AtmHelper atm;
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(256));
    atm.InstallSwitch(sw);
    atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    NetDeviceContainer in0 = atm.Install(senders.Get(0), sw.Get(0));
    NetDeviceContainer in1 = atm.Install(senders.Get(1), sw.Get(0));
    NetDeviceContainer out = atm.Install(sw.Get(1), receiver.Get(0));
    atm.SetChannelAttribute("CellRate", StringValue("E3"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(31480)));
    NetDeviceContainer link = atm.Install(sw.Get(0), sw.Get(1));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(true));
    InternetStackHelper internet;
    internet.Install(senders);
    internet.Install(receiver);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(NetDeviceContainer(in0.Get(0), in1.Get(0)));
    const Ipv4Address dst = addresses.Assign(NetDeviceContainer(out.Get(1))).GetAddress(0);
    TcpEraPresets tcp = TcpEraPresets::ForSource("solaris"); // TEN34's Solaris 2.x hosts
    tcp.Install(senders);
    tcp.Install(receiver);
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Cbr(vcPcr));
    pvcs.SetVpi(1);
    pvcs.SetVpCrossConnects(NodeContainer(sw.Get(1)),
                            AtmTrafficContract::Cbr(AtmCellRate(36000), MicroSeconds(100)));
    pvcs.SetShaping(true);
    const AtmPvc p0 = pvcs.Install(in0.Get(0), out.Get(1), sw);
    pvcs.Install(in1.Get(0), out.Get(1), sw);
    // k greedy transfers per sender, each to its own port of h2, counted after a 5 s warm-up.
    std::vector<Ptr<AtmBulkTransfer>> transfers;
    uint16_t port = 5001;
    for (uint32_t i = 0; i < 2; ++i)
    {
        for (uint32_t j = 0; j < k; ++j, ++port)
        {
            // Starts spread over a second (the TCP tick grids of all hosts start at 0).
            transfers.push_back(CreateObjectWithAttributes<AtmBulkTransfer>(
                "Tsdu",
                UintegerValue(SPLIT_TSDU),
                "Port",
                UintegerValue(port),
                "StartTime",
                TimeValue(MilliSeconds(97 * (i * k + j) + 13 * i)),
                "Warmup",
                TimeValue(Seconds(5))));
            transfers.back()->Install(senders.Get(i), receiver.Get(0), dst);
        }
    }
    Simulator::Stop(Seconds(25));
    Simulator::Run();
    SplitRun r;
    for (size_t f = 0; f < transfers.size(); ++f)
    {
        transfers[f]->Finish();
        r.vc[f / k] += transfers[f]->GetGoodputMbps();
    }
    Ptr<AtmPolicer> policer =
        sw.Get(1)->GetObject<AtmSwitch>()->GetVpPolicer(ingress->GetPortIndex(),
                                                        p0.labels[1].first);
    r.discarded = policer->GetStats().cellsDiscarded;
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief TEN34-VP-SPLIT's orderings.
 */
class AtmVpSplitTestCase : public TestCase
{
  public:
    AtmVpSplitTestCase()
        : TestCase(
              "TEN34 VP split, two senders in a VP of 36,000 cells per s: with PCR = half of b "
              "per VC the split is fair and lossless at 1 + 1 and 5 + 5 connections; with "
              "PCR = b one VC starves, and at 1 + 1 the aggregate is below case B's")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate b(36000);
        const AtmCellRate half(18000);
        // Case B: each VC shaped at 20 OC3c slots per cell, 17,660 cells/s: C = 17660.4 x 8 x
        // 9140 / 192 = 6.726 Mb/s per VC.
        const double cHalf = 17660.4 * 8 * 9140 / 192 / 1e6;
        double aggregateB1 = 0;
        for (uint32_t k : {1u, 5u})
        {
            const SplitRun r = RunSplit(half, k);
            const double jain = AtmMetrics::JainFairness({r.vc[0], r.vc[1]});
            NS_TEST_ASSERT_MSG_GT_OR_EQ(jain, 0.9, "case B fair, k = " << k);
            NS_TEST_ASSERT_MSG_EQ(r.discarded, 0, "case B conforms, k = " << k);
            NS_TEST_ASSERT_MSG_GT(r.vc[0] + r.vc[1], 0.8 * 2 * cHalf, "case B busy, k = " << k);
            aggregateB1 = k == 1 ? r.vc[0] + r.vc[1] : aggregateB1;
        }
        for (uint32_t k : {1u, 5u})
        {
            const SplitRun r = RunSplit(b, k);
            const double weaker = std::min(r.vc[0], r.vc[1]) / (r.vc[0] + r.vc[1]);
            NS_TEST_ASSERT_MSG_GT(r.discarded, 0, "case A polices, k = " << k);
            NS_TEST_ASSERT_MSG_LT(weaker, 0.1, "case A starves a VC, k = " << k);
            if (k == 1)
            {
                NS_TEST_ASSERT_MSG_LT(r.vc[0] + r.vc[1], aggregateB1, "B > A at 1 + 1");
            }
        }
    }
};

namespace
{

/// Results of one two-way bunch run.
struct DuplexRun
{
    double forward{0};           //!< goodput h0 -> h1 (Mb/s), all connections
    double reverse{0};           //!< goodput h1 -> h0 (Mb/s)
    uint64_t discarded{0};       //!< cells the VP policer discarded
    uint64_t retransmissions{0}; //!< segments retransmitted, both ways
};

/**
 * @brief TEN34's two-way bunches (atm-vp-split --k1=0 --kr): h0 -OC3c- s0 -E3- s1 (VP policer
 * from s0) -OC3c- h1, one CBR VC of PCR b in the VP of b = 36,000 cells/s, shaped at exactly b
 * at both adapters (a tolerance of one OC-3c cell time), k connections each way with 256 KB
 * windows, RTT 63 ms; goodput over [5 s, 25 s].
 * @param k connections h0 -> h1
 * @param kr connections h1 -> h0
 * @return the goodputs
 */
DuplexRun
RunDuplex(uint32_t k, uint32_t kr)
{
    NodeContainer hosts(2);
    NodeContainer sw(2);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(9180));
    atm.SetSwitchPortAttribute("BufferCells", UintegerValue(256));
    atm.InstallSwitch(sw);
    atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    NetDeviceContainer in = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer out = atm.Install(sw.Get(1), hosts.Get(1));
    atm.SetChannelAttribute("CellRate", StringValue("E3"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(31480)));
    NetDeviceContainer link = atm.Install(sw.Get(0), sw.Get(1));
    Ptr<AtmSwitchPort> ingress = DynamicCast<AtmSwitchPort>(link.Get(1));
    ingress->SetAttribute("Upc", BooleanValue(true));
    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    const Ipv4Address a0 = addresses.Assign(NetDeviceContainer(in.Get(0))).GetAddress(0);
    const Ipv4Address a1 = addresses.Assign(NetDeviceContainer(out.Get(1))).GetAddress(0);
    TcpEraPresets tcp = TcpEraPresets::ForSource("solaris");
    tcp.SetMtu(9180);
    tcp.SetWindow(262144);
    tcp.Install(hosts);
    const AtmCellRate b(36000);
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Cbr(b));
    pvcs.SetVpi(1);
    pvcs.SetVpCrossConnects(NodeContainer(sw.Get(1)),
                            AtmTrafficContract::Cbr(b, MicroSeconds(100)));
    pvcs.SetShaping(true, MicroSeconds(3));
    const AtmPvc pvc = pvcs.Install(in.Get(0), out.Get(1), sw);
    std::vector<Ptr<AtmBulkTransfer>> transfers;
    uint16_t port = 5001;
    for (uint32_t j = 0; j < k + kr; ++j, ++port)
    {
        transfers.push_back(
            CreateObjectWithAttributes<AtmBulkTransfer>("Tsdu",
                                                        UintegerValue(SPLIT_TSDU),
                                                        "Port",
                                                        UintegerValue(port),
                                                        "StartTime",
                                                        TimeValue(MilliSeconds(97 * j + 13)),
                                                        "Warmup",
                                                        TimeValue(Seconds(5))));
        const bool back = j >= k;
        transfers.back()->Install(hosts.Get(back ? 1 : 0), hosts.Get(back ? 0 : 1), back ? a0 : a1);
    }
    Simulator::Stop(Seconds(25));
    Simulator::Run();
    DuplexRun r;
    for (size_t f = 0; f < transfers.size(); ++f)
    {
        transfers[f]->Finish();
        (f < k ? r.forward : r.reverse) += transfers[f]->GetGoodputMbps();
        r.retransmissions += transfers[f]->GetProbe()->GetRetransmissions();
    }
    r.discarded = sw.Get(1)
                      ->GetObject<AtmSwitch>()
                      ->GetVpPolicer(ingress->GetPortIndex(), pvc.labels[1].first)
                      ->GetStats()
                      .cellsDiscarded;
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief TEN34's two-way bunches on one VC: the bounds of the physics.
 */
class AtmDuplexBunchTestCase : public TestCase
{
  public:
    AtmDuplexBunchTestCase()
        : TestCase("TEN34 two-way bunches on one CBR VC of 36,000 cells per s: one connection "
                   "alone fills it; with 1 + 1 and 10 + 10 each direction runs between the "
                   "physics floor W over (RTT + 50 ms + 2 W over C) and C, nothing policed or "
                   "retransmitted")
    {
    }

  private:
    void DoRun() override
    {
        // C at exactly 36,000 cells/s: 36000 x 8 x 9140 / 192 = 13.71 Mb/s.
        const double c = 36000.0 * 8 * 9140 / 192 / 1e6;
        const DuplexRun one = RunDuplex(1, 0);
        NS_TEST_ASSERT_MSG_GT(one.forward, 0.97 * c, "one connection fills the VC one way");
        NS_TEST_ASSERT_MSG_EQ(one.reverse, 0, "nothing sent back");
        for (uint32_t k : {1u, 10u})
        {
            // A direction's window W (k x 256 KB) is in flight or queued: its data waits at
            // most W / C in its own adapter's shaper queue, its ACKs at most W / C behind the
            // other direction's data, and the receiver's delayed-ACK timer at most 50 ms.
            const double w = 8.0 * k * 262144 / 1e6; // Mb
            const double floor = w / (0.063 + 0.05 + 2 * w / c);
            const DuplexRun r = RunDuplex(k, k);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.forward, 1.001 * c, "forward at most C, k = " << k);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.reverse, 1.001 * c, "reverse at most C, k = " << k);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(r.forward, floor, "forward above the floor, k = " << k);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(r.reverse, floor, "reverse above the floor, k = " << k);
            NS_TEST_ASSERT_MSG_EQ(r.discarded, 0, "the shaped VC conforms, k = " << k);
            NS_TEST_ASSERT_MSG_EQ(r.retransmissions, 0, "no loss, k = " << k);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The suite.
 */
class AtmCbrVbrReproductionsTestSuite : public TestSuite
{
  public:
    AtmCbrVbrReproductionsTestSuite()
        : TestSuite("atm-cbr-vbr-reproductions", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmShapedCbrWindowTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmUnshapedPilotTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVbrTagVersusDropTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVbrTcpTagVersusDropTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVpSplitTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmDuplexBunchTestCase, ATM_TEST_EXTENSIVE);
    }
};

/// The suite's static instance.
static AtmCbrVbrReproductionsTestSuite g_atmCbrVbrReproductionsTestSuite;
