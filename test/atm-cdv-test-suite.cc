/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cbr-cell-source.h"
#include "ns3/atm-cdv-monitor.h"
#include "ns3/atm-cdv-statistics.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/double.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the cell delay variation tools: AtmCdvStatistics on hand-built traces (IAT spread,
 * fractions around the mean, histogram, the zero-violation curve, transfer delay and its
 * quantile), and AtmCbrCellSource measured by AtmCdvMonitor over a switch: a jitter-free
 * stream whose interval is a whole number of slots keeps its spacing exactly (spread, CDV and
 * L_min zero), half a slot more gives the one-slot source spread, cross traffic at the switch
 * adds delay variation but keeps the mean IAT, and the cell ledgers hold.
 */

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * @param us instants in microseconds
 * @return the statistics of those instants
 */
AtmCdvStatistics
Trace(const std::vector<int64_t>& us)
{
    AtmCdvStatistics s;
    for (int64_t t : us)
    {
        s.Add(MicroSeconds(t));
    }
    return s;
}

/**
 * @ingroup atm-tests
 * @brief The metrics of hand-built traces, each computed by hand in the comments.
 */
class AtmCdvStatisticsTestCase : public TestCase
{
  public:
    AtmCdvStatisticsTestCase()
        : TestCase("IAT spread, fractions, histogram, zero-violation curve, transfer delay")
    {
    }

  private:
    void DoRun() override
    {
        // A periodic stream of period 100 us: no spread, nothing above or below the mean,
        // L_min(100) = 0; at I = 150 us the GCRA's TAT gains 50 us a cell: L_min = 4 x 50.
        const AtmCdvStatistics periodic = Trace({0, 100, 200, 300, 400});
        NS_TEST_EXPECT_MSG_EQ(periodic.GetCells(), 5, "cells");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetMeanIat(), MicroSeconds(100), "mean IAT");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetIatSpread(), Time(0), "spread");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetFractionAboveMean(), 0.0, "above");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetFractionBelowMean(), 0.0, "below");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetMinimalCdvt(MicroSeconds(100)), Time(0), "L_min(P)");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetMinimalCdvt(MicroSeconds(150)),
                              MicroSeconds(200),
                              "L_min(1.5 P) = (n - 1) x 0.5 P");
        NS_TEST_EXPECT_MSG_EQ(periodic.GetMinimalCdvt(MicroSeconds(50)), Time(0), "L_min(P/2)");

        // One cell a cell time (3 us) early: IATs 100, 97, 103, 100; L_min(100) = 3 us.
        const AtmCdvStatistics early = Trace({0, 100, 197, 300, 400});
        NS_TEST_EXPECT_MSG_EQ(early.GetMinimalCdvt(MicroSeconds(100)),
                              MicroSeconds(3),
                              "one early cell: one cell time");
        NS_TEST_EXPECT_MSG_EQ(early.GetIatSpread(), MicroSeconds(6), "spread 103 - 97");
        NS_TEST_EXPECT_MSG_EQ(early.GetFractionAboveMean(), 0.25, "one IAT of four above");
        NS_TEST_EXPECT_MSG_EQ(early.GetFractionBelowMean(), 0.25, "one IAT of four below");
        // One cell 3 us late: its successor comes 97 us after it, 3 us ahead of the TAT.
        const AtmCdvStatistics late = Trace({0, 100, 203, 300, 400});
        NS_TEST_EXPECT_MSG_EQ(late.GetMinimalCdvt(MicroSeconds(100)),
                              MicroSeconds(3),
                              "one late cell: one cell time");

        // Exact comparisons with the mean: IATs 10, 10, 11 (mean 31/3).
        const AtmCdvStatistics thirds = Trace({0, 10, 20, 31});
        NS_TEST_EXPECT_MSG_EQ(thirds.GetMeanIat(), NanoSeconds(10333), "mean rounded down");
        NS_TEST_EXPECT_MSG_EQ_TOL(thirds.GetFractionAboveMean(), 1.0 / 3, 1e-12, "above");
        NS_TEST_EXPECT_MSG_EQ_TOL(thirds.GetFractionBelowMean(), 2.0 / 3, 1e-12, "below");

        // Histogram of IATs 100, 97, 103, 100 in 2 us bins: [96, 98) 1, [98, 100) 0,
        // [100, 102) 2, [102, 104) 1.
        const AtmIatHistogram h = early.GetIatHistogram(MicroSeconds(2));
        NS_TEST_EXPECT_MSG_EQ(h.first, MicroSeconds(96), "first bin");
        NS_TEST_ASSERT_MSG_EQ(h.counts.size(), 4, "bins");
        NS_TEST_EXPECT_MSG_EQ(h.counts[0], 1, "[96, 98)");
        NS_TEST_EXPECT_MSG_EQ(h.counts[1], 0, "[98, 100)");
        NS_TEST_EXPECT_MSG_EQ(h.counts[2], 2, "[100, 102)");
        NS_TEST_EXPECT_MSG_EQ(h.counts[3], 1, "[102, 104)");

        // Transfer delays 5, 7, 6, 10 us (the fifth cell still in flight): mean 7, min 5,
        // max 10; the quantile with alpha 0 is the max, with alpha 0.5 the third smallest (7).
        const AtmCdvStatistics from = Trace({0, 100, 200, 300, 400});
        const AtmCdvStatistics to = Trace({5, 107, 206, 310});
        const AtmTransferDelay all = AtmCdvStatistics::GetTransferDelay(from, to, 0);
        NS_TEST_EXPECT_MSG_EQ(all.cells, 4, "matched cells");
        NS_TEST_EXPECT_MSG_EQ(all.mean, MicroSeconds(7), "mean CTD");
        NS_TEST_EXPECT_MSG_EQ(all.min, MicroSeconds(5), "min CTD");
        NS_TEST_EXPECT_MSG_EQ(all.max, MicroSeconds(10), "max CTD");
        NS_TEST_EXPECT_MSG_EQ(all.quantile, MicroSeconds(10), "alpha 0: the max");
        NS_TEST_EXPECT_MSG_EQ(all.peakToPeakCdv, MicroSeconds(5), "peak-to-peak CDV");
        const AtmTransferDelay half = AtmCdvStatistics::GetTransferDelay(from, to, 0.5);
        NS_TEST_EXPECT_MSG_EQ(half.quantile, MicroSeconds(7), "alpha 0.5");
        NS_TEST_EXPECT_MSG_EQ(half.peakToPeakCdv, MicroSeconds(2), "alpha 0.5: 7 - 5");

        const AtmCdvStatistics none;
        NS_TEST_EXPECT_MSG_EQ(none.GetIatSpread(), Time(0), "no cell: no spread");
        NS_TEST_EXPECT_MSG_EQ(none.GetMinimalCdvt(MicroSeconds(1)), Time(0), "no cell: L 0");
        NS_TEST_EXPECT_MSG_EQ(none.GetIatHistogram(MicroSeconds(1)).counts.size(), 0, "no bin");
    }
};

/**
 * @ingroup atm-tests
 * @brief What one run over src - switch - dst (100,000 cells/s links, 10 us slots) measured.
 */
struct CdvRun
{
    AtmCdvStatistics source; //!< at the source adapter's link
    AtmCdvStatistics far;    //!< at the switch's link to dst
    AtmTransferDelay delay;  //!< between the two
    uint64_t offered{0};     //!< cells the CBR source handed its adapter
    bool ledgersHold{false}; //!< every PVC's ledger holds
};

/**
 * @ingroup atm-tests
 * @brief Run a CBR stream from src to dst through one switch, optionally with cross traffic
 *        from a second host sharing the switch's port to dst.
 * @param interval the CBR source's Interval
 * @param jitter its Jitter, or null (the default, none)
 * @param crossInterval the cross source's Interval (0: no cross traffic), jittered
 *        uniformly over one interval, 3-cell bursts
 * @param bursts the CBR source's MaxBursts
 * @return the measurements
 */
CdvRun
RunCbr(Time interval, Ptr<RandomVariableStream> jitter, Time crossInterval, uint64_t bursts)
{
    NodeContainer hosts(3); // src, cross, dst
    NodeContainer sw(1);
    AtmHelper atm;
    atm.SetChannelAttribute("CellRate", AtmCellRateValue(AtmCellRate(100000)));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(7)));
    atm.InstallSwitch(sw);
    auto src = DynamicCast<AtmNetDevice>(atm.Install(hosts.Get(0), sw.Get(0)).Get(0));
    auto cross = DynamicCast<AtmNetDevice>(atm.Install(hosts.Get(1), sw.Get(0)).Get(0));
    auto dst = DynamicCast<AtmNetDevice>(atm.Install(sw.Get(0), hosts.Get(2)).Get(1));

    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Ubr());
    const AtmPvc cbr = pvcs.Install(src, dst);
    dst->SetVcNonIp(cbr.dstVc);
    Ptr<AtmCbrCellSource> app = CreateObject<AtmCbrCellSource>();
    app->SetAttribute("Interval", TimeValue(interval));
    app->SetAttribute("MaxBursts", UintegerValue(bursts));
    if (jitter)
    {
        app->SetAttribute("Jitter", PointerValue(jitter));
    }
    hosts.Get(0)->AddApplication(app);
    app->Setup(src, cbr.srcVc);
    app->SetStartTime(MicroSeconds(3));

    AtmPvc other;
    if (crossInterval.IsStrictlyPositive())
    {
        other = pvcs.Install(cross, dst);
        dst->SetVcNonIp(other.dstVc);
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetAttribute("Min", DoubleValue(0));
        u->SetAttribute("Max", DoubleValue(crossInterval.GetSeconds()));
        u->SetStream(7);
        Ptr<AtmCbrCellSource> bg = CreateObject<AtmCbrCellSource>();
        bg->SetAttribute("Interval", TimeValue(crossInterval));
        bg->SetAttribute("Jitter", PointerValue(u));
        bg->SetAttribute("BurstCells", UintegerValue(3));
        hosts.Get(1)->AddApplication(bg);
        bg->Setup(cross, other.srcVc);
        bg->SetStartTime(Time(0));
    }

    AtmCdvMonitor atSource(cbr, 0);
    AtmCdvMonitor atFar(cbr, 1);
    Simulator::Stop(interval * static_cast<int64_t>(bursts + 10));
    Simulator::Run();
    CdvRun r;
    r.source = atSource.GetStatistics();
    r.far = atFar.GetStatistics();
    r.delay = AtmCdvStatistics::GetTransferDelay(r.source, r.far, 0);
    r.offered = app->GetCellsOffered();
    r.ledgersHold = AtmPvcHelper::GetLedger(cbr).Holds() &&
                    (!crossInterval.IsStrictlyPositive() || AtmPvcHelper::GetLedger(other).Holds());
    Simulator::Destroy();
    return r;
}

/**
 * @ingroup atm-tests
 * @brief A jitter-free stream over an idle switch: with an interval of 10 slots every IAT is
 *        exactly 100 us at both points and the transfer delay is constant (zero CDV); with
 *        10.5 slots the cells leave at the first slot after each release, so the IATs
 *        alternate 100 / 110 us (spread one slot, half above and half below the 105 us mean)
 *        and L_min(105 us) is half a slot.
 */
class AtmCbrCellSourceIdleTestCase : public TestCase
{
  public:
    AtmCbrCellSourceIdleTestCase()
        : TestCase("jitter-free CBR over an idle switch: zero CDV, one-slot source spread")
    {
    }

  private:
    void DoRun() override
    {
        const CdvRun whole = RunCbr(MicroSeconds(100), nullptr, Time(0), 200);
        NS_TEST_EXPECT_MSG_EQ(whole.offered, 200, "cells offered");
        NS_TEST_EXPECT_MSG_EQ(whole.source.GetCells(), 200, "cells at the source");
        NS_TEST_EXPECT_MSG_EQ(whole.far.GetCells(), 200, "cells at the switch");
        NS_TEST_EXPECT_MSG_EQ(whole.source.GetIatSpread(), Time(0), "source spread");
        NS_TEST_EXPECT_MSG_EQ(whole.far.GetIatSpread(), Time(0), "far spread");
        NS_TEST_EXPECT_MSG_EQ(whole.far.GetMeanIat(), MicroSeconds(100), "mean IAT");
        NS_TEST_EXPECT_MSG_EQ(whole.far.GetMinimalCdvt(MicroSeconds(100)), Time(0), "L_min");
        NS_TEST_EXPECT_MSG_EQ(whole.delay.peakToPeakCdv, Time(0), "CDV of a jitter-free stream");
        // Released at 3 us + k x 100 us, the cell leaves at the next slot (10 us), reaches the
        // switch at 10 + 10 + 7 = 27 us (last bit), leaves it at the next slot, 30 us.
        NS_TEST_EXPECT_MSG_EQ(whole.source.GetInstants().front(), MicroSeconds(10), "first");
        NS_TEST_EXPECT_MSG_EQ(whole.delay.min, MicroSeconds(20), "CTD: 30 - 10");
        NS_TEST_EXPECT_MSG_EQ(whole.ledgersHold, true, "ledger");

        // A constant jitter only shifts the stream.
        Ptr<ConstantRandomVariable> shift = CreateObject<ConstantRandomVariable>();
        shift->SetAttribute("Constant", DoubleValue(25e-6));
        const CdvRun shifted = RunCbr(MicroSeconds(100), shift, Time(0), 200);
        NS_TEST_EXPECT_MSG_EQ(shifted.far.GetIatSpread(), Time(0), "shifted: spread");
        NS_TEST_EXPECT_MSG_EQ(shifted.source.GetInstants().front(),
                              MicroSeconds(30),
                              "released at 28 us, first slot after: 30 us");

        const CdvRun half = RunCbr(MicroSeconds(105), nullptr, Time(0), 200);
        NS_TEST_EXPECT_MSG_EQ(half.source.GetMinIat(), MicroSeconds(100), "min IAT");
        NS_TEST_EXPECT_MSG_EQ(half.source.GetMaxIat(), MicroSeconds(110), "max IAT");
        NS_TEST_EXPECT_MSG_EQ(half.source.GetIatSpread(), MicroSeconds(10), "one slot");
        NS_TEST_EXPECT_MSG_EQ(half.far.GetIatSpread(), MicroSeconds(10), "kept by the switch");
        NS_TEST_EXPECT_MSG_EQ_TOL(half.source.GetFractionAboveMean(), 0.5, 0.01, "above");
        NS_TEST_EXPECT_MSG_EQ_TOL(half.source.GetFractionBelowMean(), 0.5, 0.01, "below");
        NS_TEST_EXPECT_MSG_EQ(half.far.GetMinimalCdvt(MicroSeconds(105)),
                              MicroSeconds(5),
                              "L_min at the nominal IAT: half a slot");
        NS_TEST_EXPECT_MSG_EQ(half.delay.peakToPeakCdv, Time(0), "the idle switch adds none");
    }
};

/**
 * @ingroup atm-tests
 * @brief Cross traffic at the switch (3-cell bursts every 60 us on average, jittered over
 *        one interval: 50 % of the port) delays some CBR cells by up to a few slots: the far
 *        point's spread, L_min and CDV grow from zero, the source's stay zero, no cell is
 *        lost and the mean IAT over the whole trace is still the source's (the first and
 *        last cells are delayed by at most the cross bursts waiting before them).
 */
class AtmCbrCellSourceCrossTestCase : public TestCase
{
  public:
    AtmCbrCellSourceCrossTestCase()
        : TestCase("cross traffic at the switch adds CDV, keeps the mean and the cells")
    {
    }

  private:
    void DoRun() override
    {
        const CdvRun r = RunCbr(MicroSeconds(100), nullptr, MicroSeconds(60), 2000);
        NS_TEST_EXPECT_MSG_EQ(r.far.GetCells(), 2000, "no CBR cell lost");
        NS_TEST_EXPECT_MSG_EQ(r.source.GetIatSpread(), Time(0), "the source is untouched");
        NS_TEST_EXPECT_MSG_GT(r.far.GetIatSpread(), Time(0), "the switch adds spread");
        NS_TEST_EXPECT_MSG_GT(r.far.GetMinimalCdvt(MicroSeconds(100)), Time(0), "L_min > 0");
        NS_TEST_EXPECT_MSG_GT(r.delay.peakToPeakCdv, Time(0), "CDV > 0");
        // The port never holds more than the bursts of two releases and one CBR cell: a CBR
        // cell waits at most 6 slots behind cross cells (+ the slot of its arrival).
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.delay.peakToPeakCdv, MicroSeconds(70), "bounded");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.far.GetMinimalCdvt(MicroSeconds(100)),
                                    r.delay.peakToPeakCdv,
                                    "L_min at the period never exceeds the delay variation");
        const double meanUs = r.far.GetMeanIat().GetMicroSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(meanUs, 100.0, 0.05, "mean IAT kept");
        NS_TEST_EXPECT_MSG_EQ(r.ledgersHold, true, "ledgers");
    }
};

/**
 * @ingroup atm-tests
 * @brief The suite.
 */
class AtmCdvTestSuite : public TestSuite
{
  public:
    AtmCdvTestSuite()
        : TestSuite("atm-cdv", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCdvStatisticsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCbrCellSourceIdleTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCbrCellSourceCrossTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
static AtmCdvTestSuite g_atmCdvTestSuite;

} // namespace
