/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of shaping (TEN34, BON): PcrShaper, VbrShaper and PacketTrainShaper on a real link,
 * through AtmShapingGate and AtmCellTransmitter — per-VC, port and exact long-run rates, the
 * packet-train schedule of BON eq. 4.3, that shaping one VC never delays another, and that a
 * shaped adapter VC costs one simulator event per cell.
 *
 * Bench: a CellProbeDevice source (QueueMode PER_VC) on an OC-3c link with no delay to a
 * CellProbeDevice sink. A cell whose first bit leaves in slot k arrives complete at
 * GetSlotStart(k + 1), so the sink's arrival times give the departure slots exactly.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/enum.h"
#include "ns3/gfr-shaper.h"
#include "ns3/packet-train-shaper.h"
#include "ns3/pcr-shaper.h"
#include "ns3/pointer.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/vbr-shaper.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// OC-3c: 149.76e6 / 424 cells/s.
const AtmCellRate OC3C(18720000, 53);

/**
 * @brief Source probe -> sink probe over OC-3c with no delay.
 */
struct ShapingBench
{
    Ptr<CellProbeDevice> src; //!< the source (PER_VC)
    Ptr<CellProbeDevice> dst; //!< the sink

    /// @param bufferCells the source port's buffer
    explicit ShapingBench(uint32_t bufferCells = 64)
    {
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        src = CreateObject<CellProbeDevice>();
        dst = CreateObject<CellProbeDevice>();
        a->AddDevice(src);
        b->AddDevice(dst);
        src->GetOutputPort()->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        src->GetOutputPort()->SetAttribute("BufferCells", UintegerValue(bufferCells));
        Connect(src, dst, "OC3c", Time(0));
    }

    /// @return the link's clock
    const AtmCellClock& Clock() const
    {
        return src->GetTransmitter()->GetClock();
    }

    /**
     * @param vci a VCI (-1: every cell)
     * @return the departure slots of the received cells of that VCI
     */
    std::vector<uint64_t> Slots(int32_t vci = -1) const
    {
        std::vector<uint64_t> slots;
        for (const auto& rx : dst->GetReceived())
        {
            if (vci < 0 || rx.cell.vci == vci)
            {
                slots.push_back(Clock().GetSlotAtOrAfter(rx.arrival) - 1);
            }
        }
        return slots;
    }
};

/**
 * @param slots departure slots
 * @param gap the expected gap
 * @return true if every consecutive pair is exactly @p gap slots apart
 */
bool
AllGaps(const std::vector<uint64_t>& slots, uint64_t gap)
{
    for (size_t i = 1; i < slots.size(); ++i)
    {
        if (slots[i] - slots[i - 1] != gap)
        {
            return false;
        }
    }
    return !slots.empty();
}

/// @param rate cells/s @param tolerance the shaper's Tolerance @return a PcrShaper
Ptr<AtmShaper>
MakePcrShaper(const AtmCellRate& rate, Time tolerance = Time(0))
{
    Ptr<PcrShaper> s = CreateObject<PcrShaper>();
    s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(rate));
    s->SetAttribute("Tolerance", TimeValue(tolerance));
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief PCR spacing on the slot grid.
 */
class AtmPcrShaperSpacingTestCase : public TestCase
{
  public:
    AtmPcrShaperSpacingTestCase()
        : TestCase("PcrShaper with Tolerance 0 spaces a backlogged VC ceil(line over PCR) slots "
                   "apart: every 4th slot at a quarter of OC-3c, every 10th at 36,000 cells per s")
    {
    }

  private:
    void DoRun() override
    {
        const struct
        {
            AtmCellRate pcr;
            uint64_t gap;
        } cases[] = {{AtmCellRate(4680000, 53), 4}, {AtmCellRate(36000), 10}};

        for (const auto& c : cases)
        {
            ShapingBench b;
            const uint32_t vc = b.src->AddVc();
            b.src->GetShapingGate()->AddVcShaper(vc, MakePcrShaper(c.pcr));
            b.src->SetRefill(true);
            b.src->Inject(MakeCell(0, 32), vc, Time(0));
            Simulator::Stop(MilliSeconds(2));
            Simulator::Run();
            const std::vector<uint64_t> slots = b.Slots();
            NS_TEST_ASSERT_MSG_EQ(AllGaps(slots, c.gap), true, "gaps of " << c.gap << " slots");
            // 2 ms hold 706 slots (353,207.5 cells/s), the first cell leaves in slot 1.
            NS_TEST_ASSERT_MSG_EQ(slots.size(), (706 - 1 + c.gap - 1) / c.gap, "cells sent");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A tolerance of one cell time gives exactly PCR in the long run.
 */
class AtmPcrShaperExactRateTestCase : public TestCase
{
  public:
    AtmPcrShaperExactRateTestCase()
        : TestCase("PcrShaper with a tolerance of one cell time sends exactly 36,000 cells in 1 s "
                   "on OC-3c (Tolerance 0: 35,320, the rate of one cell per 10 slots)")
    {
    }

  private:
    void DoRun() override
    {
        const struct
        {
            Time tolerance;
            uint64_t lo;
            uint64_t hi;
        } cases[] = {{NanoSeconds(2832), 36000, 36001}, {Time(0), 35320, 35321}};

        for (const auto& c : cases)
        {
            ShapingBench b;
            const uint32_t vc = b.src->AddVc();
            b.src->GetShapingGate()->AddVcShaper(vc,
                                                 MakePcrShaper(AtmCellRate(36000), c.tolerance));
            b.src->SetRefill(true);
            b.src->Inject(MakeCell(0, 32), vc, Time(0));
            Simulator::Stop(Seconds(1));
            Simulator::Run();
            const uint64_t n = b.dst->GetReceived().size();
            NS_TEST_ASSERT_MSG_GT_OR_EQ(n, c.lo, "cells in 1 s, tolerance " << c.tolerance);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(n, c.hi, "cells in 1 s, tolerance " << c.tolerance);
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The VBR shaper: MBS cells at PCR, then SCR.
 */
class AtmVbrShaperTestCase : public TestCase
{
  public:
    AtmVbrShaperTestCase()
        : TestCase("VbrShaper sends MBS cells at PCR from idle, then SCR; the count over 50 ms "
                   "meets the dual-GCRA burst bound (BON eq. 3.2) within one cell")
    {
    }

  private:
    void DoRun() override
    {
        // PCR = line/2 (2 slots), SCR = line/20 (20 slots), MBS 10.
        const AtmCellRate pcr(9360000, 53);
        const AtmCellRate scr(936000, 53);
        ShapingBench b;
        const uint32_t vc = b.src->AddVc();
        Ptr<VbrShaper> s = CreateObject<VbrShaper>();
        s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(pcr));
        s->SetAttribute("ScrCellsPerSec", AtmCellRateValue(scr));
        s->SetAttribute("MbsCells", UintegerValue(10));
        b.src->GetShapingGate()->AddVcShaper(vc, s);
        b.src->SetRefill(true);
        b.src->Inject(MakeCell(0, 32), vc, Time(0));
        const double t = 0.05;
        Simulator::Stop(Seconds(t));
        Simulator::Run();
        const std::vector<uint64_t> slots = b.Slots();
        const std::vector<uint64_t> burst(slots.begin(), slots.begin() + 10);
        NS_TEST_ASSERT_MSG_EQ(AllGaps(burst, 2), true, "the first MBS cells at PCR");
        NS_TEST_ASSERT_MSG_GT(slots[10] - slots[9], 2, "the 11th waits for the SCR bucket");
        // Burst bound N(t) = min(floor(1 + (t + tau_S)/T_SCR), floor(1 + t/T_PCR)); the
        // source starts at slot 1 and the last arrival is within t.
        const double tScr = 1.0 / scr.GetCellsPerSecond();
        const double tPcr = 1.0 / pcr.GetCellsPerSecond();
        const double tauS = 9 * (tScr - tPcr);
        const double window = t - 2 / OC3C.GetCellsPerSecond();
        const double bound =
            std::min(std::floor(1 + (window + tauS) / tScr), std::floor(1 + window / tPcr));
        NS_TEST_ASSERT_MSG_LT_OR_EQ(static_cast<double>(slots.size()), bound, "within the bound");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(static_cast<double>(slots.size()), bound - 1, "greedy");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief BON's packet-train adapter.
 */
class AtmPacketTrainShaperTestCase : public TestCase
{
  public:
    AtmPacketTrainShaperTestCase()
        : TestCase("PacketTrainShaper sends cell j of PDU k at the first slot at or after "
                   "k (c R + I) + j R (BON eq. 4.3), and rounds R to its granularity")
    {
    }

  private:
    void DoRun() override
    {
        const Time r = NanoSeconds(15970);
        const Time gap = MicroSeconds(52);
        const uint32_t c = 4;
        ShapingBench b;
        const uint32_t vc = b.src->AddVc();
        Ptr<PacketTrainShaper> s = CreateObject<PacketTrainShaper>();
        s->SetAttribute("CellSpacing", TimeValue(r));
        s->SetAttribute("InterPduGap", TimeValue(gap));
        b.src->GetShapingGate()->AddVcShaper(vc, s);
        for (uint32_t i = 0; i < 3 * c; ++i)
        {
            b.src->Inject(MakeCell(0, 32, i % c == c - 1), vc, Time(0));
        }
        Simulator::Run();
        const std::vector<uint64_t> slots = b.Slots();
        NS_TEST_ASSERT_MSG_EQ(slots.size(), 3 * c, "all cells sent");
        // The first cell leaves in slot 1 (the first strictly after its arrival at 0): the
        // schedule starts there.
        const Time t0 = b.Clock().GetSlotStart(1);
        for (uint32_t i = 0; i < slots.size(); ++i)
        {
            const uint32_t k = i / c;
            const uint32_t j = i % c;
            const Time ideal = t0 + (r * c + gap) * k + r * j;
            NS_TEST_ASSERT_MSG_EQ(slots[i], b.Clock().GetSlotAtOrAfter(ideal), "cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(s->GetEffectiveSpacing(), r, "no granularity: R as given");
        Simulator::Destroy();

        Ptr<PacketTrainShaper> g = CreateObject<PacketTrainShaper>();
        g->SetAttribute("CellSpacing", TimeValue(r));
        g->SetAttribute("Granularity", TimeValue(NanoSeconds(492)));
        g->Attach(AtmCellClock(OC3C));
        // 15970 / 492 = 32.46: 32 units of 0.492 us.
        NS_TEST_ASSERT_MSG_EQ(g->GetEffectiveSpacing(), NanoSeconds(32 * 492), "rounded R");
    }
};

/**
 * @ingroup atm-tests
 * @brief A port shaper bounds the whole link; VCs still share it round robin.
 */
class AtmPortShaperTestCase : public TestCase
{
  public:
    AtmPortShaperTestCase()
        : TestCase("A port shaper at a third of the line rate spaces every cell of the link 3 "
                   "slots apart while "
                   "two VCs alternate")
    {
    }

  private:
    void DoRun() override
    {
        ShapingBench b;
        b.src->GetOutputPort()->SetAttribute("CellScheduler",
                                             PointerValue(CreateObject<RoundRobinCellScheduler>()));
        const uint32_t v0 = b.src->AddVc();
        const uint32_t v1 = b.src->AddVc();
        b.src->GetShapingGate()->SetPortShaper(MakePcrShaper(AtmCellRate(6240000, 53)));
        b.src->SetRefill(true);
        b.src->Inject(MakeCell(0, 32), v0, Time(0));
        b.src->Inject(MakeCell(0, 33), v1, Time(0));
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(AllGaps(b.Slots(), 3), true, "3 slots between any two cells");
        const size_t n0 = b.Slots(32).size();
        const size_t n1 = b.Slots(33).size();
        NS_TEST_ASSERT_MSG_LT_OR_EQ((n0 > n1 ? n0 - n1 : n1 - n0), 1, "round robin");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Shaping one VC does not delay another.
 */
class AtmShapedVcLeavesOthersAloneTestCase : public TestCase
{
  public:
    AtmShapedVcLeavesOthersAloneTestCase()
        : TestCase("A VC shaped at a tenth of the line rate gets every 10th slot and an unshaped "
                   "saturating VC "
                   "gets all the others")
    {
    }

  private:
    void DoRun() override
    {
        ShapingBench b;
        b.src->GetOutputPort()->SetAttribute("CellScheduler",
                                             PointerValue(CreateObject<RoundRobinCellScheduler>()));
        const uint32_t shaped = b.src->AddVc();
        const uint32_t greedy = b.src->AddVc();
        b.src->GetShapingGate()->AddVcShaper(shaped, MakePcrShaper(AtmCellRate(1872000, 53)));
        b.src->SetRefill(true);
        b.src->Inject(MakeCell(0, 32), shaped, Time(0));
        b.src->Inject(MakeCell(0, 33), greedy, Time(0));
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        const std::vector<uint64_t> s = b.Slots(32);
        NS_TEST_ASSERT_MSG_EQ(AllGaps(s, 10), true, "shaped VC every 10 slots");
        const std::vector<uint64_t> all = b.Slots();
        NS_TEST_ASSERT_MSG_EQ(AllGaps(all, 1), true, "the link is never idle");
        NS_TEST_ASSERT_MSG_GT(b.src->GetShapingGate()->GetHolds(), s.size() - 2, "held per cell");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The event cost of a shaped adapter VC.
 */
class AtmShapedAdapterEventsTestCase : public TestCase
{
  public:
    AtmShapedAdapterEventsTestCase()
        : TestCase("A shaped VC of an AtmNetDevice costs one transmitter event per cell: the "
                   "held VC does not wake the link")
    {
    }

  private:
    /// @return a 9140-byte SDU (a greedy frame source)
    static Ptr<Packet> Frame()
    {
        return Create<Packet>(9140);
    }

    void DoRun() override
    {
        AtmHostPair p;
        p.nic[0]->SetVcShaper(0, MakePcrShaper(AtmCellRate(4680000, 53)));
        p.nic[0]->SetVcFrameSource(0, MakeCallback(&AtmShapedAdapterEventsTestCase::Frame));
        p.nic[1]->SetVcNonIp(0);
        Simulator::Schedule(MicroSeconds(1), &AtmNetDevice::WakeVc, p.nic[0], 0u);
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        Ptr<AtmCellTransmitter> tx = p.nic[0]->GetTransmitter();
        const uint64_t sent = tx->GetCellsSent();
        // 10 ms at OC-3c/4: 883 cells (3532 slots / 4).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sent, 880, "cells at PCR");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(sent, 884, "cells at PCR");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(tx->GetSlotEvents(), sent + 1, "one event per cell");
        NS_TEST_ASSERT_MSG_GT(p.nic[1]->GetVcStats(0).framesRx, 2, "frames delivered, not IP");
        NS_TEST_ASSERT_MSG_EQ(p.nic[1]->GetVcStats(0).framesRxDropped, 0, "none refused");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmShaperFactory by name: the class and the parameters taken from the contract.
 */
class AtmShaperFactoryNamesTestCase : public TestCase
{
  public:
    AtmShaperFactoryNamesTestCase()
        : TestCase("AtmShaperFactory by name: contract derives the class (VbrShaper for VBR, "
                   "PcrShaper for a PCR, none without), pcr, vbr and gfr take the PCR, SCR, MBS "
                   "and MCR of the contract and the Tolerance")
    {
    }

  private:
    void DoRun() override
    {
        const AtmTrafficContract vbr = AtmTrafficContract::Vbr(AtmConformance::VBR_1,
                                                               AtmCellRate(36000),
                                                               Time(0),
                                                               AtmCellRate(12000),
                                                               30);
        const AtmTrafficContract gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                               AtmCellRate(36000),
                                                               AtmCellRate(9000),
                                                               64,
                                                               32);
        NS_TEST_ASSERT_MSG_EQ(AtmShaperFactory::Create("contract", vbr)->GetInstanceTypeId(),
                              VbrShaper::GetTypeId(),
                              "contract: VBR");
        NS_TEST_ASSERT_MSG_EQ(AtmShaperFactory::Create("contract", gfr)->GetInstanceTypeId(),
                              PcrShaper::GetTypeId(),
                              "contract: a PCR");
        NS_TEST_ASSERT_MSG_EQ(
            (AtmShaperFactory::Create("contract", AtmTrafficContract()) == nullptr),
            true,
            "contract: UBR at line rate needs none");
        Ptr<AtmShaper> v = AtmShaperFactory::Create("vbr", vbr, MicroSeconds(3));
        AtmCellRateValue rate;
        UintegerValue mbs;
        TimeValue tolerance;
        v->GetAttribute("ScrCellsPerSec", rate);
        v->GetAttribute("MbsCells", mbs);
        v->GetAttribute("Tolerance", tolerance);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate(12000), "vbr: SCR");
        NS_TEST_ASSERT_MSG_EQ(mbs.Get(), 30, "vbr: MBS");
        NS_TEST_ASSERT_MSG_EQ(tolerance.Get(), MicroSeconds(3), "vbr: Tolerance");
        Ptr<AtmShaper> p = AtmShaperFactory::Create("pcr", gfr);
        p->GetAttribute("PcrCellsPerSec", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate(36000), "pcr: PCR");
        Ptr<AtmShaper> g = AtmShaperFactory::Create("gfr", gfr);
        NS_TEST_ASSERT_MSG_EQ(g->GetInstanceTypeId(), GfrShaper::GetTypeId(), "gfr");
        g->GetAttribute("McrCellsPerSec", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate(9000), "gfr: MCR");
        g->GetAttribute("PcrCellsPerSec", rate);
        NS_TEST_ASSERT_MSG_EQ(rate.Get(), AtmCellRate(36000), "gfr: PCR");
        NS_TEST_ASSERT_MSG_EQ(AtmShaperFactory::Create("packet-train", gfr)->GetInstanceTypeId(),
                              PacketTrainShaper::GetTypeId(),
                              "packet-train: its own attributes");
        NS_TEST_ASSERT_MSG_EQ(AtmShaperFactory::GetShortNameList(),
                              "contract, pcr, vbr, packet-train, gfr",
                              "the names for help texts");
    }
};

/**
 * @ingroup atm-tests
 * @brief JAIN's on/off VBR source.
 */
class AtmOnOffCellSourceTestCase : public TestCase
{
  public:
    AtmOnOffCellSourceTestCase()
        : TestCase("AtmOnOffCellSource fills every slot of each ON period and sends nothing "
                   "during OFF")
    {
    }

  private:
    void DoRun() override
    {
        AtmHostPair p;
        Ptr<AtmOnOffCellSource> src = CreateObject<AtmOnOffCellSource>();
        src->SetAttribute("OnTime", TimeValue(MilliSeconds(1)));
        src->SetAttribute("OffTime", TimeValue(MilliSeconds(2)));
        p.hosts.Get(0)->AddApplication(src);
        src->Setup(p.nic[0], 0);
        p.nic[1]->SetVcNonIp(0);
        src->SetStartTime(MilliSeconds(1));
        src->SetStopTime(MilliSeconds(10));
        Simulator::Stop(MilliSeconds(12));
        Simulator::Run();
        // ON periods [1, 2), [4, 5), [7, 8) ms: each holds 353 or 354 slot starts; the first
        // cell of a period leaves in the first slot strictly after its start.
        const AtmCellClock& clock = p.nic[0]->GetTransmitter()->GetClock();
        uint64_t expected = 0;
        for (int on : {1, 4, 7})
        {
            const Time start = MilliSeconds(on);
            uint64_t first = clock.GetSlotAtOrAfter(start);
            first += clock.GetSlotStart(first) == start ? 1 : 0;
            expected += clock.GetSlotAtOrAfter(start + MilliSeconds(1)) - first;
        }
        NS_TEST_ASSERT_MSG_EQ(p.nic[0]->GetTransmitter()->GetCellsSent(), expected, "ON slots");
        NS_TEST_ASSERT_MSG_EQ(src->GetCellsOffered(), expected, "offered = sent");
        NS_TEST_ASSERT_MSG_EQ(src->GetOnPeriods(), 3, "three ON periods");
        NS_TEST_ASSERT_MSG_EQ(p.nic[1]->GetVcStats(0).cellsRx, expected, "all delivered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The shaping test suite.
 */
class AtmShapingTestSuite : public TestSuite
{
  public:
    AtmShapingTestSuite()
        : TestSuite("atm-shaping", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmPcrShaperSpacingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPcrShaperExactRateTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmVbrShaperTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPacketTrainShaperTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPortShaperTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmShapedVcLeavesOthersAloneTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmShapedAdapterEventsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffCellSourceTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmShaperFactoryNamesTestCase, ATM_TEST_QUICK);
        AddTestCase(new ShortNamesTestCase<AtmShaperFactory, AtmShaper>(
                        "Every short name of AtmShaperFactory and its TypeId name make a shaper of "
                        "that TypeId"),
                    ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmShapingTestSuite g_atmShapingTestSuite;
