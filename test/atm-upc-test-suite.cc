/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of usage parameter control in the switch (TM 4.0, BON): policers created from contracts
 * by the in port's `Upc` attribute, on cells arriving over real links — a source shaped at
 * exactly the PCR conforms with CDVT 0; line-rate cells pass one per ceil(line/PCR) slots;
 * VBR.3 tags; a VP policer polices its VCs' aggregate; frame discard; credits of discarded
 * cells come back; and TCP over a policed CBR PVC, shaped (no loss, no edge drop, goodput at
 * the PCR) and unshaped (discards counted in the cell ledger).
 *
 * Bench: SwitchBench on OC-3c links without delay; probe 0 -> port 0 (Upc) -> port 1 -> probe 1.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/gcra-policer.h"
#include "ns3/internet-module.h"
#include "ns3/pcr-shaper.h"
#include "ns3/pointer.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// OC-3c / 4 cells/s: exactly one cell per 4 slots of the link.
const AtmCellRate QUARTER(4680000, 53);

/**
 * @brief probe 0 -> s (port 0 polices) -> probe 1, a VC cross-connect 0/32 -> 0/32.
 */
struct UpcBench
{
    SwitchBench b{"OC3c"}; //!< the switch and probes
    uint32_t vc{0};        //!< the source's VC at probe 0

    /**
     * @param contract the VC's contract
     * @param frameDiscard the UPC's frame discard
     * @param bufferCells the source port's buffer
     */
    explicit UpcBench(const AtmTrafficContract& contract,
                      bool frameDiscard = false,
                      uint32_t bufferCells = 64)
    {
        b.AddPort(Time(0));
        b.AddPort(Time(0));
        b.Port(0)->SetAttribute("Upc", BooleanValue(true));
        b.Port(0)->SetAttribute("UpcFrameDiscard", BooleanValue(frameDiscard));
        Ptr<AtmOutputPort> out = b.Probe(0)->GetOutputPort();
        out->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        out->SetAttribute("BufferCells", UintegerValue(bufferCells));
        vc = b.Probe(0)->AddVc();
        b.Switch()->AddVcCrossConnect(0, 0, 32, 1, 0, 32, contract);
    }

    /// @return the VC's policer
    Ptr<AtmPolicer> Policer() const
    {
        return b.Switch()->GetVcPolicer(0, 0, 32);
    }

    /// @param shaper shape the source's VC
    void Shape(Ptr<AtmShaper> shaper)
    {
        b.Probe(0)->GetShapingGate()->AddVcShaper(vc, shaper);
    }

    /// Make the source greedy.
    void Saturate()
    {
        b.Probe(0)->SetRefill(true);
        b.Probe(0)->Inject(MakeCell(0, 32), vc, Time(0));
    }

    /// @return cells the source sent
    uint64_t Sent() const
    {
        return b.Probe(0)->GetCellsSent();
    }

    /// @return cells the sink received
    uint64_t Received() const
    {
        return b.Probe(1)->GetReceived().size();
    }
};

/// @param rate cells/s @return a PcrShaper with Tolerance 0
Ptr<AtmShaper>
PcrShaperAt(const AtmCellRate& rate)
{
    Ptr<PcrShaper> s = CreateObject<PcrShaper>();
    s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(rate));
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The exact time base: shaper and policer agree.
 */
class AtmUpcShapedSourceConformsTestCase : public TestCase
{
  public:
    AtmUpcShapedSourceConformsTestCase()
        : TestCase("A source shaped at exactly the PCR conforms with CDVT 0: no cell discarded "
                   "at a quarter of OC-3c or at 36,000 cells per s over 50 ms")
    {
    }

  private:
    void DoRun() override
    {
        for (const AtmCellRate& pcr : {QUARTER, AtmCellRate(36000)})
        {
            UpcBench u(AtmTrafficContract::Cbr(pcr));
            u.Shape(PcrShaperAt(pcr));
            u.Saturate();
            Simulator::Stop(MilliSeconds(50));
            Simulator::Run();
            const AtmPolicerStats& s = u.Policer()->GetStats();
            NS_TEST_ASSERT_MSG_GT(s.cellsPoliced, 1700, "cells policed at " << pcr);
            NS_TEST_ASSERT_MSG_EQ(s.cellsDiscarded, 0, "no discard at " << pcr);
            NS_TEST_ASSERT_MSG_EQ(u.Received(), u.Sent(), "every cell delivered at " << pcr);
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Policing an unshaped source.
 */
class AtmUpcLineRateSourceTestCase : public TestCase
{
  public:
    AtmUpcLineRateSourceTestCase()
        : TestCase("Line-rate cells into CBR.1 at 36,000 cells per s, CDVT 0: the UPC passes one "
                   "cell per 10 slots and discards the other nine, traced with its reason")
    {
    }

  private:
    /**
     * @param drops counts the drops
     * @param inPort in port
     * @param cell the cell
     * @param reason the reason
     */
    static void CountDrop(uint64_t* drops,
                          uint32_t /* inPort */,
                          const AtmCell& /* cell */,
                          const char* reason)
    {
        *drops += reason == GcraPolicer::PCR_NONCONFORMING ? 1 : 0;
    }

    void DoRun() override
    {
        UpcBench u(AtmTrafficContract::Cbr(AtmCellRate(36000)));
        uint64_t drops = 0;
        u.b.Switch()->TraceConnectWithoutContext("CellDrop", MakeBoundCallback(&CountDrop, &drops));
        u.Saturate();
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        const uint64_t sent = u.Sent();
        // 1/36000 s = 9.81 slots: the first cell passes, then every 10th.
        const uint64_t passed = (sent - 1) / 10 + 1;
        NS_TEST_ASSERT_MSG_EQ(u.Policer()->GetStats().cellsConforming, passed, "one per 10 slots");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(u.Received() + 1,
                                    passed,
                                    "delivered (the last may be in flight)");
        NS_TEST_ASSERT_MSG_EQ(u.Policer()->GetStats().cellsDiscarded, sent - passed, "the rest");
        NS_TEST_ASSERT_MSG_EQ(drops, sent - passed, "traced with the policer's reason");
        NS_TEST_ASSERT_MSG_EQ(u.b.Switch()->GetUpcDiscards(1, 0), sent - passed, "per out VC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief VBR.3 tagging through the switch.
 */
class AtmUpcVbr3TagsTestCase : public TestCase
{
  public:
    AtmUpcVbr3TagsTestCase()
        : TestCase("VBR.3 at PCR = line, SCR = a tenth of the line rate, MBS 20: the first 20 "
                   "line-rate cells "
                   "pass untagged, then one in ten; every cell is delivered, the excess with "
                   "CLP=1")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate line(18720000, 53);
        UpcBench u(AtmTrafficContract::Vbr(AtmConformance::VBR_3,
                                           line,
                                           Time(0),
                                           AtmCellRate(1872000, 53),
                                           20),
                   false,
                   2000);
        for (uint32_t i = 0; i < 2000; ++i) // back to back at line rate, run to the end
        {
            u.b.Probe(0)->Inject(MakeCell(0, 32, i == 1999), u.vc, Time(0));
        }
        Simulator::Run();
        uint64_t clp1 = 0;
        uint64_t firstTagged = 0;
        const auto& rx = u.b.Probe(1)->GetReceived();
        for (size_t i = 0; i < rx.size(); ++i)
        {
            if (rx[i].cell.clp && clp1++ == 0)
            {
                firstTagged = i;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(u.Received(), 2000, "nothing discarded");
        NS_TEST_ASSERT_MSG_EQ(firstTagged, 20, "tau_S = 19 x 9 slots: 20 cells untagged");
        NS_TEST_ASSERT_MSG_EQ(clp1, u.Policer()->GetStats().cellsTagged, "tags delivered");
        // After the burst, 1 in 10 cells is untagged.
        const double untagged = static_cast<double>(rx.size() - clp1 - 20) / (rx.size() - 20);
        NS_TEST_ASSERT_MSG_EQ_TOL(untagged, 0.1, 0.002, "SCR share untagged");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A VP policer sees the aggregate of the VP's VCs.
 */
class AtmUpcVpPolicingTestCase : public TestCase
{
  public:
    AtmUpcVpPolicingTestCase()
        : TestCase("A VP policer polices the aggregate of two line-rate VCs sent alternately: at "
                   "a third of OC-3c one cell per 3 slots passes, from both VCs; at a quarter of "
                   "OC-3c the passing "
                   "slots are all odd and VC 41 is starved (TEN34 VP-SPLIT's phase lock)")
    {
    }

  private:
    void DoRun() override
    {
        for (uint64_t period : {3, 4})
        {
            SwitchBench b("OC3c");
            b.AddPort(Time(0));
            b.AddPort(Time(0));
            b.Port(0)->SetAttribute("Upc", BooleanValue(true));
            Ptr<AtmOutputPort> out = b.Probe(0)->GetOutputPort();
            out->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
            out->SetAttribute("CellScheduler",
                              PointerValue(CreateObject<RoundRobinCellScheduler>()));
            const uint32_t v0 = b.Probe(0)->AddVc();
            const uint32_t v1 = b.Probe(0)->AddVc();
            const AtmCellRate pcr(18720000, 53 * period);
            b.Switch()->AddVpCrossConnect(0, 7, 1, 9, AtmTrafficContract::Cbr(pcr));
            b.Probe(0)->SetRefill(true);
            b.Probe(0)->Inject(MakeCell(7, 40), v0, Time(0));
            b.Probe(0)->Inject(MakeCell(7, 41), v1, Time(0));
            Simulator::Stop(MilliSeconds(5));
            Simulator::Run();
            const uint64_t sent = b.Probe(0)->GetCellsSent();
            Ptr<AtmPolicer> policer = b.Switch()->GetVpPolicer(0, 7);
            NS_TEST_ASSERT_MSG_EQ(policer->GetStats().cellsPoliced, sent, "one policer, the VP");
            NS_TEST_ASSERT_MSG_EQ(policer->GetStats().cellsConforming,
                                  (sent - 1) / period + 1,
                                  "one cell per " << period << " slots");
            const auto& rx = b.Probe(1)->GetReceived();
            uint64_t vci41 = 0;
            for (const auto& r : rx)
            {
                vci41 += r.cell.vci == 41 ? 1 : 0;
                NS_TEST_ASSERT_MSG_EQ(r.cell.vpi, 9, "VPI rewritten, VCI kept");
            }
            if (period == 3)
            {
                // Slots 1, 4, 7, 10, ...: VCs 40, 41, 40, 41, ...
                NS_TEST_ASSERT_MSG_GT_OR_EQ(vci41 + 1, rx.size() / 2, "VC 41 gets half");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(vci41, 0, "slots 1, 5, 9, ... all carry VC 40");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Frame discard at the switch.
 */
class AtmUpcFrameDiscardTestCase : public TestCase
{
  public:
    AtmUpcFrameDiscardTestCase()
        : TestCase("A frame-discard UPC at a quarter of OC-3c lets through the first PDU's first "
                   "cell and "
                   "every PDU's EOM, nothing else, from back-to-back 10-cell PDUs")
    {
    }

  private:
    void DoRun() override
    {
        // PDU k occupies slots 10k+1 .. 10k+10. GCRA(4 slots, 0): the first cell passes
        // (TAT = slot 5); the second fails and the rest of the PDU is discarded untested; the
        // EOM at slot 10 conforms (TAT = 14); each later PDU's first cell (slot 10k+1) precedes
        // TAT = 10k+4 and fails, and its EOM (slot 10k+10) conforms.
        for (bool fd : {true, false})
        {
            UpcBench u(AtmTrafficContract::Cbr(QUARTER), fd, 128);
            for (uint32_t i = 0; i < 100; ++i)
            {
                u.b.Probe(0)->Inject(MakeCell(0, 32, i % 10 == 9), u.vc, Time(0));
            }
            Simulator::Run();
            const AtmPolicerStats& s = u.Policer()->GetStats();
            if (fd)
            {
                NS_TEST_ASSERT_MSG_EQ(u.Received(), 11, "first cell + 10 EOMs");
                NS_TEST_ASSERT_MSG_EQ(s.cellsFrameDiscarded,
                                      79,
                                      "7 untested cells in PDU 1, 8 in the others");
                NS_TEST_ASSERT_MSG_EQ(s.framesDiscarded, 10, "every PDU damaged");
            }
            else
            {
                // Per cell: one cell per 4 slots passes, PDU boundaries ignored.
                NS_TEST_ASSERT_MSG_EQ(u.Received(), 25, "slots 1, 5, 9, ..., 97");
                NS_TEST_ASSERT_MSG_EQ(s.cellsFrameDiscarded, 0, "no frame discard");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A discarded cell's credit goes back.
 */
class AtmUpcCreditsTestCase : public TestCase
{
  public:
    AtmUpcCreditsTestCase()
        : TestCase("Cells discarded by the UPC return their AN2 credit: a 5-credit source keeps "
                   "sending at line rate into a policed VC")
    {
    }

  private:
    void DoRun() override
    {
        UpcBench u(AtmTrafficContract::Cbr(AtmCellRate(36000)));
        Ptr<AtmCreditFlowControl> credits = CreateObject<AtmCreditFlowControl>();
        u.b.Probe(0)->SetCreditFlowControl(credits);
        u.b.Probe(1)->SetReturnCredits(false);
        u.Saturate();
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        // 10 ms = 3532 slots; a credit comes back when the cell departs port 1 (passed) or
        // at its arrival (discarded).
        NS_TEST_ASSERT_MSG_GT(u.Sent(), 3000, "the source is not stalled by lost credits");
        NS_TEST_ASSERT_MSG_GT(u.Policer()->GetStats().cellsDiscarded, 2500, "discards");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief TCP over a policed CBR PVC.
 */
class AtmUpcTcpOverCbrTestCase : public TestCase
{
  public:
    AtmUpcTcpOverCbrTestCase()
        : TestCase("TCP over a CBR PVC of 36,000 cells per s through a policing switch: shaped at "
                   "both ends it loses nothing, drops nothing at the edge and runs at the PCR's "
                   "payload rate; unshaped, the UPC discards and the ledger counts them")
    {
    }

  private:
    /**
     * @param n counts
     * @param vc the VC
     * @param p the packet
     * @param reason the reason
     */
    static void CountTxDrop(uint64_t* n, uint32_t /* vc */, Ptr<const Packet>, const char*)
    {
        ++*n;
    }

    void DoRun() override
    {
        for (bool shaped : {true, false})
        {
            // The switch ports police (Upc), so the helper is configured before it makes them.
            AtmHelper atm;
            atm.SetSwitchDeviceAttribute("Upc", BooleanValue(true));
            AtmPvcHelper pvcs;
            pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(36000)));
            pvcs.SetShaping(shaped);
            const AtmHostPair path(atm, MilliSeconds(1), "OC3c", pvcs);
            const NodeContainer& hosts = path.hosts;
            const Ipv4InterfaceContainer& ifs = path.ifs;
            const AtmPvc& pvc = path.pvc;
            TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
            tcp.Install(hosts);
            uint64_t edgeDrops = 0;
            pvc.src->TraceConnectWithoutContext("TxDrop",
                                                MakeBoundCallback(&CountTxDrop, &edgeDrops));
            const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
            BulkSendHelper source(factory, InetSocketAddress(ifs.GetAddress(1), 5000));
            source.SetAttribute("MaxBytes", UintegerValue(0));
            source.Install(hosts.Get(0)).Start(Seconds(0));
            PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5000));
            ApplicationContainer sinkApp = sinkHelper.Install(hosts.Get(1));
            Simulator::Stop(Seconds(4));
            Simulator::Run();
            Ptr<AtmSwitch> s = path.sw->GetObject<AtmSwitch>();
            const AtmVcLedger ledger = AtmPvcHelper::GetLedger(pvc, true);
            NS_TEST_ASSERT_MSG_EQ(ledger.Holds(), true, "ledger " << ledger);
            const double mbps =
                DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx() * 8.0 / 4.0 / 1e6;
            if (shaped)
            {
                NS_TEST_ASSERT_MSG_EQ(s->GetUpcDiscards(), 0, "a shaped PVC conforms");
                NS_TEST_ASSERT_MSG_EQ(edgeDrops, 0, "no drop at the edge");
                // One cell per 10 slots: 35,320.75 cells/s, 192 cells per 9140-byte segment.
                const double ceiling = 35320.75 * 9140 * 8 / 192 / 1e6;
                NS_TEST_ASSERT_MSG_EQ_TOL(mbps, ceiling, 0.05 * ceiling, "goodput at the PCR");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(s->GetUpcDiscards(), 0, "unshaped cells are discarded");
                NS_TEST_ASSERT_MSG_GT(ledger.dropped, 0, "and counted in the ledger");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The UPC test suite.
 */
class AtmUpcTestSuite : public TestSuite
{
  public:
    AtmUpcTestSuite()
        : TestSuite("atm-upc", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmUpcShapedSourceConformsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcLineRateSourceTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcVbr3TagsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcVpPolicingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcFrameDiscardTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcCreditsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmUpcTcpOverCbrTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmUpcTestSuite g_atmUpcTestSuite;
