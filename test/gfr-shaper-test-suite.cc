/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The simple GFR shaper of O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 8.2.1
 * (GfrShaper): the rate rule at each backlog on a hand-driven shaper, the arrival-rate filter
 * against a hand computation with idle windows, exact spacing at the MCR and the PCR on a slotted
 * link, and the shaper in an adapter (its view of the VC's buffer, EPD on the shaper buffer).
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/gfr-shaper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param weight wq of the arrival-rate filter
 * @return a GfrShaper with MCR 10,000 cells/s (100 us), PCR 100,000 cells/s (10 us), Min_th
 *         100, Max_th 500, attached to a 100,000 cells/s link
 */
Ptr<GfrShaper>
HandShaper(double weight = 0.05)
{
    Ptr<GfrShaper> s = CreateObject<GfrShaper>();
    s->SetAttribute("AcrWeight", DoubleValue(weight));
    s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(10000)));
    s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(100000)));
    s->SetAttribute("MinThresholdCells", UintegerValue(100));
    s->SetAttribute("MaxThresholdCells", UintegerValue(500));
    s->Attach(AtmCellClock(AtmCellRate(100000)));
    return s;
}

/// A cell source and a sink on an OC-3c link, the source's one GFR VC shaped.
struct ShapedLink
{
    Ptr<CellProbeDevice> src; //!< the source (one queue per VC)
    Ptr<CellProbeDevice> dst; //!< the sink
    uint32_t vc;              //!< the shaped VC at the source
};

/**
 * @param shaper the VC's shaper
 * @return a new link whose source's VC @p shaper shapes
 */
ShapedLink
MakeShapedLink(Ptr<GfrShaper> shaper)
{
    ShapedLink l{CreateObject<CellProbeDevice>(), CreateObject<CellProbeDevice>(), 0};
    l.src->GetOutputPort()->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
    Connect(l.src, l.dst, "OC3c", Time(0));
    l.vc = l.src->AddVc(AtmServiceCategory::GFR);
    l.src->GetShapingGate()->AddVcShaper(l.vc, shaper);
    return l;
}

/**
 * @param l a link after the run
 * @return the link slot in which each cell the sink received was sent
 */
std::vector<uint64_t>
ReceivedSlots(const ShapedLink& l)
{
    const AtmCellClock& clock = l.src->GetTransmitter()->GetClock();
    std::vector<uint64_t> slots;
    for (const CellProbeDevice::Rx& rx : l.dst->GetReceived())
    {
        slots.push_back(clock.GetSlotAtOrAfter(rx.arrival) - 1);
    }
    return slots;
}

/**
 * @param slots the slots of successive cells
 * @param lo smallest gap allowed
 * @param hi largest gap allowed
 * @return true if every gap between successive cells is in [lo, hi] slots
 */
bool
GapsWithin(const std::vector<uint64_t>& slots, uint64_t lo, uint64_t hi)
{
    for (size_t i = 1; i < slots.size(); ++i)
    {
        if (slots[i] - slots[i - 1] < lo || slots[i] - slots[i - 1] > hi)
        {
            return false;
        }
    }
    return true;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The rate rule at each backlog: MCR up to Min_th, linear to the PCR at Max_th, PCR
 *        above; ACR as a floor; the PCR as a ceiling; virtual scheduling of the next start.
 */
class GfrShaperRateRuleTestCase : public TestCase
{
  public:
    GfrShaperRateRuleTestCase()
        : TestCase("Rate rule, MCR 10,000 and PCR 100,000 cells per s, Min_th 100, Max_th 500: "
                   "backlog 0 and 100 space cells 100 us, 101 gives 10,225 cells per s (97.8 us), "
                   "300 gives 55,000 (18.182 us), 500 and 501 the PCR (10 us); a late cell "
                   "restarts the schedule; ACR above the rule wins and the PCR caps it")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GfrShaper> s = HandShaper();
        uint32_t backlog = 0;
        s->SetBacklogCallback(Callback<uint32_t>([&backlog]() { return backlog; }));
        NS_TEST_ASSERT_MSG_EQ(s->GetEarliestStart(), Time::Min(), "nothing sent yet");

        // (backlog, rate, spacing in ns): 1/rate rounded up to the nanosecond except at the MCR
        // and the PCR, which are exact.
        struct Step
        {
            uint32_t backlog;
            double rate;
            int64_t spacingNs;
        };

        const std::vector<Step> steps = {
            {0, 10000, 100000},
            {100, 10000, 100000},
            {101, 10225, 97800},  // 10,000 + 90,000 x 1/400; 1e9/10225 = 97799.5
            {300, 55000, 18182},  // 10,000 + 90,000 x 200/400; 1e9/55000 = 18181.8
            {499, 99775, 10023},  // 10,000 + 90,000 x 399/400; 1e9/99775 = 10022.6
            {500, 100000, 10000}, // Max_th: the linear part reaches the PCR
            {501, 100000, 10000},
            {100000, 100000, 10000},
        };
        Time t(0);
        for (const Step& step : steps)
        {
            backlog = step.backlog;
            s->NotifySent(AtmCell(), t);
            NS_TEST_ASSERT_MSG_EQ_TOL(s->GetRate(), step.rate, 1e-9, "backlog " << backlog);
            NS_TEST_ASSERT_MSG_EQ(s->GetEarliestStart() - t,
                                  NanoSeconds(step.spacingNs),
                                  "spacing at backlog " << backlog);
            t = s->GetEarliestStart();
        }
        // A cell sent later than its earliest start: the next is spaced from it (V = max(s, V)).
        backlog = 0;
        s->NotifySent(AtmCell(), t + MicroSeconds(1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetEarliestStart(),
                              t + MicroSeconds(1100),
                              "from the late cell on");
        // The rule itself: ACR is a floor on either side of Min_th, the PCR a ceiling.
        NS_TEST_ASSERT_MSG_EQ_TOL(s->ComputeRate(0, 20000), 20000, 1e-9, "ACR above MCR");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->ComputeRate(300, 60000), 60000, 1e-9, "ACR above linear");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->ComputeRate(300, 50000), 55000, 1e-9, "linear above ACR");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->ComputeRate(0, 200000), 100000, 1e-9, "capped at PCR");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetMcr(), 10000, 1e-9, "MCR");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetPcr(), 100000, 1e-9, "PCR");
        NS_TEST_ASSERT_MSG_EQ(s->GetBufferCells(), 2000U, "BON's shaper buffer by default");
    }
};

/**
 * @ingroup atm-tests
 * @brief The arrival-rate filter, lazily, against a hand computation with idle windows.
 */
class GfrShaperAcrTestCase : public TestCase
{
  public:
    GfrShaperAcrTestCase()
        : TestCase("ACR with T = 10 ms and wq = 0.5 from ACR(0) = MCR = 10,000: 200 cells in "
                   "[0, 10 ms) give 15,000 at 10 ms, an idle window 7,500, 50 cells 6,250, then "
                   "3,125 and 1,562.5; 997 idle windows give 3125 x 2^-996 at 10 s and 0 at 20 s; "
                   "the rate follows ACR above the MCR and stops at the PCR")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<GfrShaper> s = HandShaper(0.5);
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(Time(0)), 10000, 0, "ACR(0) = MCR");
        s->NotifyArrival(200, MilliSeconds(3));
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(NanoSeconds(9999999)), 10000, 0, "window 0 open");
        // 10,000 - 0.5 (10,000 - 200 / 10 ms) = 15,000.
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(MilliSeconds(10)), 15000, 0, "window 0 closed");
        // A cell at 12 ms, backlog 0: rate max(ACR, MCR) = 15,000, 1e9/15000 = 66666.7 -> 66667 ns.
        s->NotifySent(AtmCell(), MilliSeconds(12));
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetRate(), 15000, 0, "rate = ACR");
        NS_TEST_ASSERT_MSG_EQ(s->GetEarliestStart(),
                              MilliSeconds(12) + NanoSeconds(66667),
                              "spaced at ACR");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(MilliSeconds(20)), 7500, 0, "idle window 1");
        s->NotifyArrival(50, MilliSeconds(25));
        // 7,500 - 0.5 (7,500 - 5,000) = 6,250; then idle windows halve it.
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(MilliSeconds(30)), 6250, 0, "window 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(MilliSeconds(40)), 3125, 0, "window 3 idle");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(MilliSeconds(55)), 1562.5, 0, "window 4 idle");
        // Windows 3 .. 999 idle: 6250 x 2^-997, exact in binary.
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(Seconds(10)),
                                  std::ldexp(3125.0, -996),
                                  0,
                                  "997 idle windows");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetAcr(Seconds(20)), 0, 0, "underflows to 0");
        // A cell at 55 ms, backlog 0: ACR 1,562.5 < MCR, the MCR's exact 100 us.
        s->NotifySent(AtmCell(), MilliSeconds(55));
        NS_TEST_ASSERT_MSG_EQ(s->GetEarliestStart(),
                              MilliSeconds(55) + MicroSeconds(100),
                              "MCR again");

        // An ACR above the PCR: 2000 cells in window 0 -> 5,000 + 100,000 = 105,000 at 10 ms.
        Ptr<GfrShaper> fast = HandShaper(0.5);
        fast->NotifyArrival(2000, MilliSeconds(1));
        NS_TEST_ASSERT_MSG_EQ_TOL(fast->GetAcr(MilliSeconds(10)), 105000, 0, "ACR");
        fast->NotifySent(AtmCell(), MilliSeconds(10));
        NS_TEST_ASSERT_MSG_EQ_TOL(fast->GetRate(), 100000, 0, "capped at the PCR");
        NS_TEST_ASSERT_MSG_EQ(fast->GetEarliestStart(),
                              MilliSeconds(10) + MicroSeconds(10),
                              "spaced at the PCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief Exact spacing at the MCR and the PCR on a slotted link with a non-integral cell time.
 */
class GfrShaperExactSpacingTestCase : public TestCase
{
  public:
    GfrShaperExactSpacingTestCase()
        : TestCase("On OC-3c a saturated VC shaped with MCR a seventh and PCR half of the line "
                   "rate gets every 7th slot with an empty backlog (5,045 or 5,046 cells in 0.1 s) "
                   "and every 2nd slot above Max_th, without drift")
    {
    }

  private:
    void DoRun() override
    {
        for (bool full : {false, true})
        {
            Ptr<GfrShaper> s = CreateObject<GfrShaper>();
            s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(18720000, 371)));
            s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(18720000, 106)));
            if (full)
            {
                s->SetBacklogCallback(Callback<uint32_t>([]() { return uint32_t{5000}; }));
            }
            const ShapedLink l = MakeShapedLink(s);
            l.src->SetRefill(true);
            l.src->Inject(MakeCell(0, 32), l.vc, Time(0));
            Simulator::Stop(MilliSeconds(100));
            Simulator::Run();
            const uint64_t gap = full ? 2 : 7;
            const std::vector<uint64_t> slots = ReceivedSlots(l);
            NS_TEST_ASSERT_MSG_EQ(GapsWithin(slots, gap, gap), true, "every " << gap << " slots");
            // 0.1 s holds 35,320.75 slots: 35320.75 / 7 = 5045.8, / 2 = 17660.4.
            const uint64_t n = slots.size();
            NS_TEST_ASSERT_MSG_GT_OR_EQ(n, full ? 17660 : 5045, "count");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(n, full ? 17661 : 5046, "count");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A rate whose cell time is not a whole number of link slots is kept exactly in the long
 *        run: the gaps are the slot counts just below and above it, not always the one above.
 */
class GfrShaperFractionalSlotsTestCase : public TestCase
{
  public:
    GfrShaperFractionalSlotsTestCase()
        : TestCase(
              "On OC-3c a saturated VC shaped at an MCR of 10 33rds of the line (3.3 slots per "
              "cell) gets 3 or 4 slots between cells and 10,703 cells in 0.1 s (not every "
              "4th slot, 8,830 cells); after an idle gap it does not catch up")
    {
    }

  private:
    void DoRun() override
    {
        // OC-3c is 18,720,000 / 53 cells/s: MCR = 10/33 of it.
        const auto shaper = []() {
            Ptr<GfrShaper> s = CreateObject<GfrShaper>();
            s->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(187200000, 1749)));
            return s;
        };
        const ShapedLink l = MakeShapedLink(shaper());
        l.src->SetRefill(true);
        l.src->Inject(MakeCell(0, 32), l.vc, Time(0));
        Simulator::Stop(MilliSeconds(100));
        Simulator::Run();
        const std::vector<uint64_t> slots = ReceivedSlots(l);
        NS_TEST_ASSERT_MSG_EQ(GapsWithin(slots, 3, 4), true, "every gap 3 or 4 slots");
        // 0.1 s holds 35,320.75 slots: 35,320.75 / 3.3 = 10,703.3 (every 4th slot: 8,830).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(slots.size(), 10703, "the MCR in the long run");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(slots.size(), 10704, "never above the MCR");
        Simulator::Destroy();

        // Idle, then a burst of 20 cells: the first leaves at once, the others at the MCR from
        // there (no catching up for the idle time).
        const ShapedLink b = MakeShapedLink(shaper());
        b.src->Inject(MakeCell(0, 32), b.vc, Time(0));
        for (int i = 0; i < 20; ++i)
        {
            b.src->Inject(MakeCell(0, 32), b.vc, MilliSeconds(10));
        }
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        const std::vector<uint64_t> got = ReceivedSlots(b);
        NS_TEST_ASSERT_MSG_EQ(got.size(), 21, "all cells delivered");
        // 19 gaps of 3.3 slots: 62.7, so 62 or 63 slots (a catch-up would give 19).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(got[20] - got[1], 62, "spaced at the MCR after the idle time");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(got[20] - got[1], 63, "spaced at the MCR after the idle time");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The shaper in an adapter: the VC's backlog and arrivals, EPD on the shaper buffer.
 */
class GfrShaperAdapterTestCase : public TestCase
{
  public:
    GfrShaperAdapterTestCase()
        : TestCase("In an adapter with a 400-cell shaper buffer five 191-cell frames at once: two "
                   "accepted, three refused whole (VC_BUFFER_FULL, TxDrop); the first cell's rate "
                   "uses backlog 381 (linear part), ACR counts the 382 accepted cells")
    {
    }

  private:
    /// What the traces saw.
    struct Seen
    {
        std::vector<const char*> drops; //!< TxDrop reasons
        std::vector<uint32_t> backlogs; //!< backlog at each Rate event
        std::vector<double> rates;      //!< rate at each Rate event

        /**
         * @param vc the VC
         * @param p the packet
         * @param reason the reason
         */
        void Drop(uint32_t vc, Ptr<const Packet> p, const char* reason)
        {
            drops.push_back(reason);
        }

        /**
         * @param rate the rate
         * @param acr ACR
         * @param backlog the backlog
         */
        void Rate(double rate, double acr, uint32_t backlog)
        {
            rates.push_back(rate);
            backlogs.push_back(backlog);
        }
    };

    void DoRun() override
    {
        NodeContainer hosts(2);
        AtmHelper atm;
        atm.SetChannelAttribute("CellRate", StringValue("100000"));
        NetDeviceContainer d = atm.Install(hosts.Get(0), hosts.Get(1));
        Ptr<AtmNetDevice> a = DynamicCast<AtmNetDevice>(d.Get(0));
        Ptr<AtmNetDevice> b = DynamicCast<AtmNetDevice>(d.Get(1));
        const AtmTrafficContract gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                               AtmCellRate(),
                                                               AtmCellRate(10000),
                                                               400,
                                                               200);
        const uint32_t vc = a->AddVc(0, 32, gfr);
        b->AddVc(0, 32, gfr);
        Ptr<AtmShaper> shaper = AtmShaperFactory::Create("gfr", gfr);
        shaper->SetAttribute("BufferCells", UintegerValue(400));
        a->SetVcShaper(vc, shaper);
        NS_TEST_ASSERT_MSG_EQ(a->GetVcTxQueueCells(vc), 400U, "the shaper's buffer is the VC's");
        Seen seen;
        a->TraceConnectWithoutContext("TxDrop", MakeCallback(&Seen::Drop, &seen));
        shaper->TraceConnectWithoutContext("Rate", MakeCallback(&Seen::Rate, &seen));
        std::vector<bool> accepted;
        Simulator::Schedule(Time(0), [&]() {
            // 9132 + 8 LLC/SNAP = 9140 bytes, + 8 trailer = 9148: 191 cells.
            for (int i = 0; i < 5; ++i)
            {
                accepted.push_back(a->Send(Create<Packet>(9132), a->GetVcAddress(vc), 0x0800));
            }
        });
        Ptr<GfrShaper> g = DynamicCast<GfrShaper>(shaper);
        double acrAt10ms = 0;
        Simulator::Schedule(MilliSeconds(10), [&]() { acrAt10ms = g->GetAcr(Simulator::Now()); });
        Simulator::Run();
        const std::vector<bool> expected = {true, true, false, false, false};
        NS_TEST_ASSERT_MSG_EQ((accepted == expected), true, "accept pattern");
        NS_TEST_ASSERT_MSG_EQ(seen.drops.size(), 3U, "three refusals");
        NS_TEST_ASSERT_MSG_EQ(seen.drops[0], AtmNetDevice::VC_BUFFER_FULL, "EPD on the buffer");
        NS_TEST_ASSERT_MSG_EQ(a->GetVcStats(vc).framesDropped, 3U, "counted per VC");
        NS_TEST_ASSERT_MSG_EQ(b->GetVcStats(0).framesRx, 2U, "the accepted frames arrive");
        // The first cell leaves with 190 + 191 cells behind it: Min_th 192 < 381 <= Max_th 2000,
        // rate = 10,000 + (100,000 - 10,000) x (381 - 192) / 1808.
        NS_TEST_ASSERT_MSG_EQ(seen.backlogs.size(), 382U, "one rate per cell");
        NS_TEST_ASSERT_MSG_EQ(seen.backlogs[0], 381U, "backlog at the first cell");
        NS_TEST_ASSERT_MSG_EQ_TOL(seen.rates[0], 10000 + 90000.0 * 189 / 1808, 1e-6, "linear part");
        bool countdown = true;
        bool bounded = true;
        for (uint32_t i = 0; i < seen.backlogs.size(); ++i)
        {
            countdown = countdown && seen.backlogs[i] == 381 - i;
            bounded = bounded && seen.rates[i] >= 10000 && seen.rates[i] <= 100000;
        }
        NS_TEST_ASSERT_MSG_EQ(countdown, true, "the backlog drops by one cell per cell sent");
        NS_TEST_ASSERT_MSG_EQ(bounded, true, "MCR <= rate <= PCR");
        // ACR: 382 accepted cells in [0, 10 ms): 10,000 - 0.05 (10,000 - 38,200) = 11,410.
        NS_TEST_ASSERT_MSG_EQ_TOL(acrAt10ms, 11410, 1e-6, "ACR");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The GfrShaper test suite.
 */
class GfrShaperTestSuite : public TestSuite
{
  public:
    GfrShaperTestSuite()
        : TestSuite("atm-gfr-shaper", ATM_SUITE_UNIT)
    {
        AddTestCase(new GfrShaperRateRuleTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrShaperAcrTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrShaperExactSpacingTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrShaperFractionalSlotsTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrShaperAdapterTestCase, ATM_TEST_QUICK);
    }
};

static GfrShaperTestSuite g_gfrShaperTestSuite; //!< registers the suite
