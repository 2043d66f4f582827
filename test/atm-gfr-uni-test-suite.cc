/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * GFR.1 and GFR.2 at the UNI, end to end through AtmPvcHelper (ATM Forum TM 4.1; O. Bonaventure,
 * PhD thesis, Universite de Liege 1998, ch. 7.1-7.2 and 8.2.1): h0 -- s0 -- h1 on OC-3c, a GFR
 * PVC with PCR = the line rate and MCR = a tenth of it (T_MCR = 10 slots exactly), a greedy
 * frame source of 10-cell PDUs on h0 (ten times the MCR), and every cell as s0's port towards h1
 * stores it. GFR.2 with the ingress UPC: the UPC tags the non-eligible PDUs whole; GFR.2 with
 * adapter tagging (BON's LAN set-up, MBS = 2 MFS): the source tags them and the UPC finds every
 * CLP = 0 PDU eligible; GFR.1: nothing tagged, the switch marks eligibility; the GFR shaper keeps
 * a greedy GFR.2 source at its MCR with no PDU tagged; and TCP over a shaped PVC recovers the
 * frames the shaper's buffer refuses.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/boolean.h"
#include "ns3/internet-module.h"
#include "ns3/simulator.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// OC-3c exactly (cells/s).
const AtmCellRate LINE(18720000, 53);
/// A tenth of it: one cell per 10 slots.
const AtmCellRate TENTH(1872000, 53);

/// One run's configuration.
struct UniConfig
{
    AtmConformance conformance{AtmConformance::GFR_2}; //!< GFR.1 or GFR.2
    uint32_t mbs{10};                                  //!< the contract's MBS (MFS 10)
    bool upc{true};                                    //!< s0's ports police
    bool tagging{false};                               //!< adapter PDU tagging
    bool gfrShaper{false};                             //!< the GFR shaper at the adapters
    uint32_t pdus{100};                                //!< PDUs the source sends (0: unlimited)
    Time stop{Seconds(1)};                             //!< end of the run
};

/// What s0's port towards h1 stored, and the counters.
struct UniObserved
{
    /// Per PDU: '0' CLP 0 and eligible, '1' CLP 1 (tagged), 'm' CLP 0 marked NOT_ELIGIBLE,
    /// 'x' cells of different kinds.
    std::string pdus;
    uint32_t cells{0};        //!< cells stored
    uint32_t clp1{0};         //!< of them with CLP 1
    uint32_t marked{0};       //!< of them CLP 0 and NOT_ELIGIBLE
    AtmPolicerStats upc;      //!< the ingress policer's counters (none: zero)
    bool hasUpc{false};       //!< the VC has an ingress policer
    uint64_t framesTagged{0}; //!< PDUs h0's tagger sent with CLP 1
    uint64_t framesTx{0};     //!< PDUs h0 sent
    uint64_t framesRx{0};     //!< PDUs h1 received
    uint64_t upcDiscards{0};  //!< cells s0's UPC discarded

    /// @return the indices of the PDUs stored as '0', comma-separated
    std::string Eligible() const
    {
        std::string out;
        for (size_t i = 0; i < pdus.size(); ++i)
        {
            if (pdus[i] == '0')
            {
                out += (out.empty() ? "" : ",") + std::to_string(i);
            }
        }
        return out;
    }
};

/// Classifies the cells s0's out port stores into PDUs.
struct PduRecorder
{
    UniObserved* out{nullptr}; //!< where to record
    char kind{0};              //!< kind of the current PDU so far (0: none yet)

    /// @param cell a cell stored at s0's port towards h1
    void Enqueue(const AtmCell& cell)
    {
        ++out->cells;
        const bool marked = !cell.clp && (cell.flags & AtmCell::NOT_ELIGIBLE) != 0;
        out->clp1 += cell.clp ? 1 : 0;
        out->marked += marked ? 1 : 0;
        const char k = cell.clp ? '1' : (marked ? 'm' : '0');
        kind = kind == 0 || kind == k ? k : 'x';
        if (cell.IsEndOfPdu())
        {
            out->pdus += kind;
            kind = 0;
        }
    }
};

/**
 * @brief Run h0 -> s0 -> h1 with a greedy frame source of 10-cell PDUs on a GFR PVC.
 * @param c the configuration
 * @return what s0 stored and the counters
 */
UniObserved
RunUni(const UniConfig& c)
{
    AtmHelper atm;
    atm.SetSwitchDeviceAttribute("Upc", BooleanValue(c.upc));
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Gfr(c.conformance, LINE, TENTH, c.mbs, 10));
    pvcs.SetPduTagging(c.tagging);
    if (c.gfrShaper)
    {
        pvcs.SetShaper("gfr");
        pvcs.SetShaping(true);
    }
    AtmHostPair p(atm, Time(0), "OC3c", pvcs);
    UniObserved o;
    PduRecorder rec{&o};
    p.port[1]->GetOutputPort()->TraceConnectWithoutContext(
        "CellEnqueue",
        MakeCallback(&PduRecorder::Enqueue, &rec));
    uint32_t pulled = 0;
    const uint32_t limit = c.pdus;
    // 472 bytes + 8 = 480 = 10 cells: a non-IP frame source, pulled whenever the VC is idle.
    p.nic[0]->SetVcFrameSource(p.pvc.srcVc, [&pulled, limit]() -> Ptr<Packet> {
        if (limit > 0 && pulled == limit)
        {
            return nullptr;
        }
        ++pulled;
        return Create<Packet>(472);
    });
    p.nic[1]->SetVcNonIp(p.pvc.dstVc);
    Simulator::Schedule(Time(0), &AtmNetDevice::WakeVc, p.nic[0], p.pvc.srcVc);
    Simulator::Stop(c.stop);
    Simulator::Run();
    Ptr<AtmSwitch> s = p.sw->GetObject<AtmSwitch>();
    const uint32_t in = DynamicCast<AtmSwitchPort>(p.port[0])->GetPortIndex();
    Ptr<AtmPolicer> policer =
        s->GetVcPolicer(in, p.pvc.labels.front().first, p.pvc.labels.front().second);
    o.hasUpc = policer != nullptr;
    if (policer)
    {
        o.upc = policer->GetStats();
    }
    o.upcDiscards = s->GetUpcDiscards();
    o.framesTagged = p.nic[0]->GetVcStats(p.pvc.srcVc).framesTagged;
    o.framesTx = p.nic[0]->GetVcStats(p.pvc.srcVc).framesTx;
    o.framesRx = p.nic[1]->GetVcStats(p.pvc.dstVc).framesRx;
    Simulator::Destroy();
    return o;
}

/// The eligible PDUs of F-GCRA(10 slots, 81 slots) on back-to-back 10-cell PDUs (MBS = MFS).
const std::string FGCRA_MBS_MFS = "0,2,12,22,32,42,52,62,72,82,92";

} // namespace

/**
 * @ingroup atm-tests
 * @brief GFR.2: the ingress UPC tags the PDUs F-GCRA finds not eligible, whole.
 */
class AtmGfr2UpcTestCase : public TestCase
{
  public:
    AtmGfr2UpcTestCase()
        : TestCase("GFR.2 at the UNI, MCR a tenth of OC-3c, MBS = MFS = 10, source at line rate: "
                   "the ingress UPC tags 89 of 100 PDUs whole (890 cells), s0's port stores PDUs "
                   "0, 2, 12, ..., 92 with CLP 0, marks none and every PDU arrives")
    {
    }

  private:
    void DoRun() override
    {
        UniConfig c;
        const UniObserved o = RunUni(c);
        // F-GCRA(T = 10 slots, f = 9 x 9 = 81 slots): PDU 0 (slot 0) eligible, TAT 100; PDU 1
        // (10) < 19: tagged; PDU 2 (20) eligible, TAT 200; then PDU 12 (120 >= 119), 22, ...
        NS_TEST_ASSERT_MSG_EQ(o.pdus.size(), 100U, "100 PDUs stored");
        NS_TEST_ASSERT_MSG_EQ(o.Eligible(), FGCRA_MBS_MFS, "CLP 0 PDUs");
        NS_TEST_ASSERT_MSG_EQ(o.clp1, 890U, "tagged cells");
        NS_TEST_ASSERT_MSG_EQ(o.pdus.find_first_not_of("01"), std::string::npos, "whole PDUs");
        NS_TEST_ASSERT_MSG_EQ(o.marked, 0U, "GFR.2: eligibility is the CLP bit");
        NS_TEST_ASSERT_MSG_EQ(o.hasUpc, true, "FrameGcraPolicer at the ingress");
        NS_TEST_ASSERT_MSG_EQ(o.upc.cellsTagged, 890U, "tagged by the UPC");
        NS_TEST_ASSERT_MSG_EQ(o.upcDiscards, 0U, "PCR = line: nothing discarded");
        NS_TEST_ASSERT_MSG_EQ(o.framesTagged, 0U, "the source tags nothing");
        NS_TEST_ASSERT_MSG_EQ(o.framesRx, 100U, "every PDU delivered");
    }
};

/**
 * @ingroup atm-tests
 * @brief GFR.2 with adapter tagging (BON's LAN set-up): the source tags, the UPC agrees.
 */
class AtmGfr2AdapterTaggingTestCase : public TestCase
{
  public:
    AtmGfr2AdapterTaggingTestCase()
        : TestCase("GFR.2 with adapter tagging, MBS = 2 MFS = 20: h0 sends PDUs 0, 1, 11, 21, "
                   "..., 91 with CLP 0 and tags the other 89 whole; the ingress UPC finds every "
                   "CLP 0 PDU eligible and tags nothing; without a UPC the port stores the same")
    {
    }

  private:
    void DoRun() override
    {
        for (bool upc : {true, false})
        {
            UniConfig c;
            c.mbs = 20;
            c.tagging = true;
            c.upc = upc;
            const UniObserved o = RunUni(c);
            // Fig. 7.4 with T_MCR = 10, T_PCR = 1 slot, tau = 19 x 9 = 171 slots, L = 10, PDU n
            // at slot 10 n: PDU 0 TAT 100; PDU 1: 10 >= 100 + 81 - 171 = 10, TAT 200; PDU 2: 20 <
            // 110, tagged, ... PDU 11: 110 >= 110, TAT 300; then every tenth.
            NS_TEST_ASSERT_MSG_EQ(o.Eligible(),
                                  "0,1,11,21,31,41,51,61,71,81,91",
                                  "CLP 0 PDUs, UPC " << upc);
            NS_TEST_ASSERT_MSG_EQ(o.clp1, 890U, "tagged cells");
            NS_TEST_ASSERT_MSG_EQ(o.pdus.find_first_not_of("01"), std::string::npos, "whole PDUs");
            NS_TEST_ASSERT_MSG_EQ(o.framesTagged, 89U, "the adapter's counter");
            NS_TEST_ASSERT_MSG_EQ(o.framesTx, 100U, "PDUs sent");
            NS_TEST_ASSERT_MSG_EQ(o.hasUpc, upc, "policer");
            NS_TEST_ASSERT_MSG_EQ(o.upc.cellsTagged, 0U, "the UPC tags nothing more");
            NS_TEST_ASSERT_MSG_EQ(o.upc.cellsNonConforming, 0U, "every cell conforms");
            NS_TEST_ASSERT_MSG_EQ(o.framesRx, 100U, "every PDU delivered");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief GFR.1: no tagging; the switch marks the PDUs F-GCRA finds not eligible.
 */
class AtmGfr1UniTestCase : public TestCase
{
  public:
    AtmGfr1UniTestCase()
        : TestCase("GFR.1 at the UNI, same source: nothing is tagged (CLP 0 throughout), the "
                   "switch marks 89 of 100 PDUs NOT_ELIGIBLE whole and PDUs 0, 2, 12, ..., 92 "
                   "stay eligible, as GFR.2's UPC would tag them")
    {
    }

  private:
    void DoRun() override
    {
        UniConfig c;
        c.conformance = AtmConformance::GFR_1;
        const UniObserved o = RunUni(c);
        NS_TEST_ASSERT_MSG_EQ(o.pdus.size(), 100U, "100 PDUs stored");
        NS_TEST_ASSERT_MSG_EQ(o.Eligible(), FGCRA_MBS_MFS, "eligible PDUs");
        NS_TEST_ASSERT_MSG_EQ(o.clp1, 0U, "GFR.1: the network does not tag");
        NS_TEST_ASSERT_MSG_EQ(o.marked, 890U, "marked cells");
        NS_TEST_ASSERT_MSG_EQ(o.pdus.find_first_not_of("0m"), std::string::npos, "whole PDUs");
        NS_TEST_ASSERT_MSG_EQ(o.upc.cellsTagged, 0U, "the GFR.1 UPC polices the PCR only");
        NS_TEST_ASSERT_MSG_EQ(o.framesRx, 100U, "every PDU delivered");
    }
};

/**
 * @ingroup atm-tests
 * @brief The GFR shaper keeps a greedy GFR.2 source at its MCR: every PDU eligible.
 */
class AtmGfrShapedUniTestCase : public TestCase
{
  public:
    AtmGfrShapedUniTestCase()
        : TestCase("GFR.2 with the GFR shaper at the adapters (SetShaper gfr): the greedy source "
                   "is spaced at its MCR, one cell per 10 slots (706 or 707 cells in 20 ms), the "
                   "UPC tags and discards nothing; unshaped, 89 percent of the PDUs are tagged")
    {
    }

  private:
    void DoRun() override
    {
        UniConfig c;
        c.gfrShaper = true;
        c.pdus = 0;
        c.stop = MilliSeconds(20);
        const UniObserved shaped = RunUni(c);
        // 20 ms of OC-3c hold 7064.15 slots: a cell every 10 slots, from slot 1.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(shaped.cells, 706U, "cells at the MCR");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(shaped.cells, 707U, "cells at the MCR");
        NS_TEST_ASSERT_MSG_EQ(shaped.clp1, 0U, "no cell tagged");
        NS_TEST_ASSERT_MSG_EQ(shaped.pdus.find_first_not_of('0'),
                              std::string::npos,
                              "every PDU eligible");
        NS_TEST_ASSERT_MSG_EQ(shaped.upc.cellsNonConforming, 0U, "all conform to the UPC");
        NS_TEST_ASSERT_MSG_EQ(shaped.upcDiscards, 0U, "nothing discarded");
        c.gfrShaper = false;
        const UniObserved unshaped = RunUni(c);
        // Line rate for 20 ms: about 706 PDUs, of which PDUs 0, 2, 12, ..., 702 keep CLP 0 (72).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(unshaped.pdus.size(), 705U, "line-rate PDUs");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(unshaped.pdus.size(), 707U, "line-rate PDUs");
        NS_TEST_ASSERT_MSG_EQ(unshaped.pdus.find_first_not_of("01"), std::string::npos, "whole");
        NS_TEST_ASSERT_MSG_EQ(std::count(unshaped.pdus.begin(), unshaped.pdus.end(), '0'),
                              72,
                              "CLP 0 PDUs");
    }
};

/**
 * @ingroup atm-tests
 * @brief TCP over a GFR-shaped PVC: frames the shaper buffer refuses are TCP losses.
 */
class AtmGfrShaperTcpTestCase : public TestCase
{
  public:
    AtmGfrShaperTcpTestCase()
        : TestCase("TCP over a GFR.2 PVC shaped by the GFR shaper with a 600-cell buffer: the "
                   "adapter refuses whole segments (VC_BUFFER_FULL), TCP retransmits them and "
                   "delivers all 1 MB; the PVC's ledger holds")
    {
    }

  private:
    /**
     * @param drops counts refusals of the shaper buffer
     * @param vc the VC
     * @param p the packet
     * @param reason the reason
     */
    static void CountDrop(uint64_t* drops, uint32_t vc, Ptr<const Packet> p, const char* reason)
    {
        *drops += reason == AtmNetDevice::VC_BUFFER_FULL ? 1 : 0;
    }

    void DoRun() override
    {
        AtmHelper atm;
        atm.SetSwitchDeviceAttribute("Upc", BooleanValue(true));
        AtmPvcHelper pvcs;
        pvcs.SetContract(AtmTrafficContract::Gfr(AtmConformance::GFR_2, LINE, TENTH, 400, 200));
        pvcs.SetShaper("gfr");
        pvcs.SetShaperAttribute("BufferCells", UintegerValue(600));
        pvcs.SetShaping(true);
        const AtmHostPair path(atm, MilliSeconds(1), "OC3c", pvcs);
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.Install(path.hosts);
        uint64_t drops = 0;
        path.pvc.src->TraceConnectWithoutContext("TxDrop", MakeBoundCallback(&CountDrop, &drops));
        const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
        const uint32_t bytes = 1000000;
        BulkSendHelper source(factory, InetSocketAddress(path.ifs.GetAddress(1), 5000));
        source.SetAttribute("MaxBytes", UintegerValue(bytes));
        source.Install(path.hosts.Get(0)).Start(Seconds(0));
        PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5000));
        ApplicationContainer sink = sinkHelper.Install(path.hosts.Get(1));
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(drops, 0U, "the shaper buffer refused segments");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx(),
                              bytes,
                              "TCP recovered them: every byte delivered");
        const AtmVcLedger ledger = AtmPvcHelper::GetLedger(path.pvc, true);
        NS_TEST_ASSERT_MSG_EQ(ledger.Holds(), true, "ledger " << ledger);
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The GFR-at-the-UNI test suite.
 */
class AtmGfrUniTestSuite : public TestSuite
{
  public:
    AtmGfrUniTestSuite()
        : TestSuite("atm-gfr-uni", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmGfr2UpcTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGfr2AdapterTaggingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGfr1UniTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGfrShapedUniTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGfrShaperTcpTestCase, ATM_TEST_QUICK);
    }
};

static AtmGfrUniTestSuite g_atmGfrUniTestSuite; //!< registers the suite
