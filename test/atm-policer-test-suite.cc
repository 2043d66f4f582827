/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Unit tests of the UPC policers (TM 4.0/4.1, BON): AtmPolicer (frame discard, counters,
 * traces), GcraPolicer, DualGcraPolicer (VBR.1/2/3), FrameGcraPolicer (GFR.2) and
 * AtmPolicerFactory, on hand-computed arrival sequences. No simulator.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-policer-factory.h"
#include "ns3/atm-policer.h"
#include "ns3/boolean.h"
#include "ns3/dual-gcra-policer.h"
#include "ns3/enum.h"
#include "ns3/frame-gcra-policer.h"
#include "ns3/gcra-policer.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One arrival of a scripted sequence.
struct Arrival
{
    double us;     //!< arrival time, microseconds
    bool eom;      //!< end-of-PDU cell
    bool clp;      //!< CLP of the arriving cell
    char expected; //!< 'P' pass conforming, 'p' pass non-conforming, 'T' tag, 'D' discard
};

/**
 * @brief Police a sequence and compare every decision with the expected letter.
 * @param policer the policer
 * @param arrivals the sequence
 * @return the letters actually decided
 */
std::string
PoliceAll(Ptr<AtmPolicer> policer, const std::vector<Arrival>& arrivals)
{
    AtmPolicer::VcState vc;
    std::string got;
    for (const auto& a : arrivals)
    {
        AtmCell cell = MakeCell(0, 32, a.eom);
        cell.clp = a.clp;
        const AtmPolicingDecision d =
            policer->Police(cell, NanoSeconds(static_cast<int64_t>(a.us * 1000 + 0.5)), vc);
        switch (d.action)
        {
        case AtmPolicingDecision::PASS:
            got += d.conforming ? 'P' : 'p';
            break;
        case AtmPolicingDecision::TAG:
            got += 'T';
            break;
        case AtmPolicingDecision::DISCARD:
            got += 'D';
            break;
        }
    }
    return got;
}

/// @param arrivals a sequence @return its expected letters
std::string
Expected(const std::vector<Arrival>& arrivals)
{
    std::string s;
    for (const auto& a : arrivals)
    {
        s += a.expected;
    }
    return s;
}

/// @param pcr cells/s @param cdvtUs CDVT in us @param action the action @return a GcraPolicer
Ptr<AtmPolicer>
MakeGcraPolicer(uint64_t pcr, double cdvtUs, AtmPolicer::NonConformingAction action)
{
    Ptr<GcraPolicer> p = CreateObject<GcraPolicer>();
    p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(pcr)));
    p->SetAttribute("Cdvt", TimeValue(NanoSeconds(static_cast<int64_t>(cdvtUs * 1000))));
    p->SetAttribute("NonConformingAction", EnumValue(action));
    return p;
}

/**
 * @return the GCRA(10 us, 3 us) sequence: TAT starts at the first arrival + I
 *
 *   t=0  conforms, TAT = 10     t=5  < 10 - 3 = 7: no      t=7  = 7: conforms, TAT = 20
 *   t=16 < 17: no               t=17 conforms, TAT = 30     t=40 conforms, TAT = 50
 */
std::vector<Arrival>
GcraSequence(char nonConforming)
{
    return {{0, false, false, 'P'},
            {5, false, false, nonConforming},
            {7, false, false, 'P'},
            {16, false, false, nonConforming},
            {17, false, false, 'P'},
            {40, true, false, 'P'}};
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief GCRA(1/PCR, CDVT) decisions, the edge t = TAT - CDVT conforming, under each action.
 */
class AtmGcraPolicerDecisionsTestCase : public TestCase
{
  public:
    AtmGcraPolicerDecisionsTestCase()
        : TestCase("GcraPolicer discards cells before TAT - CDVT and passes the rest, the edge "
                   "included; TAG tags and PASS only counts them")
    {
    }

  private:
    void DoRun() override
    {
        const struct
        {
            AtmPolicer::NonConformingAction action;
            char letter;
        } cases[] = {{AtmPolicer::ACTION_DISCARD, 'D'},
                     {AtmPolicer::ACTION_TAG, 'T'},
                     {AtmPolicer::ACTION_PASS, 'p'}};

        for (const auto& c : cases)
        {
            Ptr<AtmPolicer> p = MakeGcraPolicer(100000, 3, c.action);
            const auto seq = GcraSequence(c.letter);
            NS_TEST_ASSERT_MSG_EQ(PoliceAll(p, seq),
                                  Expected(seq),
                                  "decisions, action " << c.letter);
            const AtmPolicerStats& s = p->GetStats();
            NS_TEST_ASSERT_MSG_EQ(s.cellsPoliced, 6, "policed");
            NS_TEST_ASSERT_MSG_EQ(s.cellsConforming, 4, "conforming");
            NS_TEST_ASSERT_MSG_EQ(s.cellsNonConforming, 2, "non-conforming");
            NS_TEST_ASSERT_MSG_EQ(s.cellsDiscarded, (c.letter == 'D' ? 2 : 0), "discarded");
            NS_TEST_ASSERT_MSG_EQ(s.cellsTagged, (c.letter == 'T' ? 2 : 0), "tagged");
            NS_TEST_ASSERT_MSG_EQ(s.cellsPassedNonConforming, (c.letter == 'p' ? 2 : 0), "passed");
            NS_TEST_ASSERT_MSG_EQ(s.framesDiscarded, (c.letter == 'D' ? 1 : 0), "one PDU damaged");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The exact increment: arrivals are whole nanoseconds, 1/PCR need not be. The GCRA keeps
 *        TAT exact and compares at the time resolution (a cell in the time step of TAT - L is on
 *        time, Gcra): a stream at the ideal instants ceil(k / PCR) stays within one nanosecond of
 *        the exact schedule and conforms with CDVT 0 for ever, while a GCRA whose increment
 *        were rounded up to 16394 ns drifts 0.56 ns per cell behind it and discards 44 % of the
 * stream.
 */
class AtmGcraPolicerExactIncrementTestCase : public TestCase
{
  public:
    AtmGcraPolicerExactIncrementTestCase()
        : TestCase("GcraPolicer at 61,000 cells per s keeps 1 over PCR exact: 100,000 cells at the "
                   "ideal "
                   "instants conform with CDVT 0, while an increment rounded to 16394 ns "
                   "discards 44 % of them")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPolicer> exact = MakeGcraPolicer(61000, 0, AtmPolicer::ACTION_DISCARD);
        Ptr<GcraPolicer> rounded = CreateObject<GcraPolicer>();
        rounded->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate("16394ns")));
        AtmPolicer::VcState a;
        AtmPolicer::VcState b;
        const AtmCell cell = MakeCell(0, 32, true);
        for (int64_t k = 0; k < 100000; ++k)
        {
            const int64_t ns = (k * 1000000000 + 60999) / 61000; // ceil(k * 1e9 / 61000)
            exact->Police(cell, NanoSeconds(ns), a);
            rounded->Police(cell, NanoSeconds(ns), b);
        }
        NS_TEST_ASSERT_MSG_EQ(exact->GetStats().cellsConforming, 100000, "exact: all conform");
        // The rounded policer is 0.56 ns per cell too slow: once a cell is 1 ns early against
        // it (the ideal instants are 16393 or 16394 ns apart) it is discarded, and the next cell
        // restarts the schedule from its own arrival. It loses 44,262 of the 100,000 cells.
        NS_TEST_ASSERT_MSG_EQ(rounded->GetStats().cellsDiscarded, 44262, "rounded: a bad policer");
    }
};

/**
 * @ingroup atm-tests
 * @brief BON ch. 4.7 frame-discard UPC.
 */
class AtmPolicerFrameDiscardTestCase : public TestCase
{
  public:
    AtmPolicerFrameDiscardTestCase()
        : TestCase("With FrameDiscard the rest of a PDU after a discarded cell is dropped "
                   "untested, and its EOM is tested and kept when it conforms")
    {
    }

  private:
    void DoRun() override
    {
        // GCRA(10 us, 0). PDU 1: cells at 0 (TAT 10), 1 (no), 2, EOM at 30; PDU 2: 40, EOM 41.
        // Without frame discard: 2 < 10 is tested and discarded too; the EOM at 30 conforms
        // (TAT 40); 40 conforms (TAT 50); 41 < 50: discarded.
        const std::vector<Arrival> perCell = {{0, false, false, 'P'},
                                              {1, false, false, 'D'},
                                              {2, false, false, 'D'},
                                              {30, true, false, 'P'},
                                              {40, false, false, 'P'},
                                              {41, true, false, 'D'}};
        Ptr<AtmPolicer> p = MakeGcraPolicer(100000, 0, AtmPolicer::ACTION_DISCARD);
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(p, perCell), Expected(perCell), "per-cell policing");
        NS_TEST_ASSERT_MSG_EQ(p->GetStats().cellsFrameDiscarded, 0, "no frame discard");
        NS_TEST_ASSERT_MSG_EQ(p->GetStats().framesDiscarded, 2, "two PDUs damaged");

        // With frame discard: the cell at 2 is dropped untested; the EOM at 30 is tested and
        // conforms; PDU 2 as before, but its EOM is the discarded cell: nothing follows it.
        Ptr<AtmPolicer> f = MakeGcraPolicer(100000, 0, AtmPolicer::ACTION_DISCARD);
        f->SetAttribute("FrameDiscard", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(f, perCell),
                              Expected(perCell),
                              "frame discard, same letters");
        const AtmPolicerStats& s = f->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.cellsFrameDiscarded, 1, "the cell at 2 us went untested");
        NS_TEST_ASSERT_MSG_EQ(s.cellsNonConforming, 2, "cells at 1 and 41 us failed the test");
        NS_TEST_ASSERT_MSG_EQ(s.cellsPoliced,
                              s.cellsConforming + s.cellsNonConforming + s.cellsFrameDiscarded,
                              "counter identity");

        // An untested cell charges nothing: cells 0, 1 (no), then 9 and EOM at 10. Per cell,
        // 9 < 10 is discarded and the EOM at 10 conforms; with frame discard 9 is dropped
        // untested and the EOM at 10 conforms too. A second PDU at 11, 20: per cell 11 < 20 is
        // discarded; with frame discard as well (the bucket is the same: the cells at 1 and 9
        // charged nothing in either case).
        const std::vector<Arrival> charge = {{0, false, false, 'P'},
                                             {1, false, false, 'D'},
                                             {9, false, false, 'D'},
                                             {10, true, false, 'P'},
                                             {11, false, false, 'D'},
                                             {20, true, false, 'P'}};
        Ptr<AtmPolicer> g = MakeGcraPolicer(100000, 0, AtmPolicer::ACTION_DISCARD);
        g->SetAttribute("FrameDiscard", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(g, charge),
                              Expected(charge),
                              "untested cells charge nothing");
        // A non-conforming EOM in discard mode is dropped (the receiver then merges PDUs).
        const std::vector<Arrival> badEom = {{0, false, false, 'P'},
                                             {1, false, false, 'D'},
                                             {2, false, false, 'D'},
                                             {3, true, false, 'D'},
                                             {10, true, false, 'P'}};
        Ptr<AtmPolicer> h = MakeGcraPolicer(100000, 0, AtmPolicer::ACTION_DISCARD);
        h->SetAttribute("FrameDiscard", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(h, badEom), Expected(badEom), "EOM tested in discard mode");
        NS_TEST_ASSERT_MSG_EQ(h->GetStats().cellsFrameDiscarded, 1, "only the middle cell");
    }
};

namespace
{
/**
 * @param flow ScrFlow
 * @param scrAction ScrAction
 * @return a dual GCRA policer: PCR 100,000 (10 us), SCR 25,000 (40 us), MBS 3, so
 *         tau_S = (3 - 1)(40 - 10) = 60 us
 */
Ptr<AtmPolicer>
MakeVbrPolicer(DualGcraPolicer::ScrFlow flow, AtmPolicer::NonConformingAction scrAction)
{
    Ptr<DualGcraPolicer> p = CreateObject<DualGcraPolicer>();
    p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(100000)));
    p->SetAttribute("ScrCellsPerSec", AtmCellRateValue(AtmCellRate(25000)));
    p->SetAttribute("MbsCells", UintegerValue(3));
    p->SetAttribute("ScrFlow", EnumValue(flow));
    p->SetAttribute("ScrAction", EnumValue(scrAction));
    return p;
}
} // namespace

/**
 * @ingroup atm-tests
 * @brief VBR.1: MBS cells at PCR from idle, then only SCR.
 */
class AtmDualGcraPolicerVbr1TestCase : public TestCase
{
  public:
    AtmDualGcraPolicerVbr1TestCase()
        : TestCase("DualGcraPolicer VBR.1 passes MBS cells at PCR from idle, discards the next "
                   "ones until TAT_SCR - tau_S, and polices CLP=1 cells like CLP=0 ones")
    {
    }

  private:
    void DoRun() override
    {
        // Cells every 10 us (at PCR). SCR bucket: TAT_S = 40, 80, 120 after the cells at 0,
        // 10, 20 (each arrives at or after TAT_S - 60). Then 30, 40, 50 < 120 - 60 = 60: SCR
        // failures (the PCR bucket is charged in BON mode: TAT_P = 40, 50, 60), 60 conforms
        // to both (TAT_P 60 -> 70, TAT_S 120 -> 160); 70 < 100: SCR failure. A CLP=1 cell is
        // tested like the others in VBR.1.
        const std::vector<Arrival> seq = {{0, false, false, 'P'},
                                          {10, false, false, 'P'},
                                          {20, false, false, 'P'},
                                          {30, false, false, 'D'},
                                          {40, false, true, 'D'},
                                          {50, false, false, 'D'},
                                          {60, false, false, 'P'},
                                          {70, true, true, 'D'}};
        Ptr<AtmPolicer> p =
            MakeVbrPolicer(DualGcraPolicer::CLP_0_PLUS_1, AtmPolicer::ACTION_DISCARD);
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(p, seq), Expected(seq), "VBR.1 decisions");
    }
};

/**
 * @ingroup atm-tests
 * @brief VBR.2 and VBR.3: SCR on CLP=0 cells only; VBR.3 tags SCR failures.
 */
class AtmDualGcraPolicerVbr23TestCase : public TestCase
{
  public:
    AtmDualGcraPolicerVbr23TestCase()
        : TestCase(
              "DualGcraPolicer tests the SCR on CLP=0 cells only for VBR.2 and VBR.3; VBR.3 tags "
              "SCR failures and discards PCR failures")
    {
    }

  private:
    void DoRun() override
    {
        // As VBR.1 until 20; the CLP=1 cell at 30 passes (PCR only: TAT_P 40); CLP=0 at 40
        // fails the SCR test (40 < 60); 45 fails the PCR test (45 < 50): discarded in both;
        // 60 conforms (TAT_S 160); CLP=1 at 70 passes.
        const std::vector<Arrival> vbr2 = {{0, false, false, 'P'},
                                           {10, false, false, 'P'},
                                           {20, false, false, 'P'},
                                           {30, false, true, 'P'},
                                           {40, false, false, 'D'},
                                           {45, false, false, 'D'},
                                           {60, false, false, 'P'},
                                           {70, true, true, 'P'}};
        Ptr<AtmPolicer> p2 = MakeVbrPolicer(DualGcraPolicer::CLP_0, AtmPolicer::ACTION_DISCARD);
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(p2, vbr2), Expected(vbr2), "VBR.2 decisions");
        std::vector<Arrival> vbr3 = vbr2;
        vbr3[4].expected = 'T'; // the SCR failure is tagged and passed
        Ptr<AtmPolicer> p3 = MakeVbrPolicer(DualGcraPolicer::CLP_0, AtmPolicer::ACTION_TAG);
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(p3, vbr3), Expected(vbr3), "VBR.3 decisions");
        NS_TEST_ASSERT_MSG_EQ(p3->GetStats().cellsTagged, 1, "one tag");
        NS_TEST_ASSERT_MSG_EQ(p3->GetStats().cellsDiscarded, 1, "one PCR discard");
    }
};

/**
 * @ingroup atm-tests
 * @brief GFR.2: F-GCRA decides on the first cell and the whole PDU is tagged.
 */
class AtmFrameGcraPolicerTestCase : public TestCase
{
  public:
    AtmFrameGcraPolicerTestCase()
        : TestCase("FrameGcraPolicer tags every cell of a PDU that F-GCRA finds not eligible, "
                   "charges every cell of eligible PDUs and leaves CLP=1 PDUs alone")
    {
    }

  private:
    void DoRun() override
    {
        // MCR 10,000 (T = 100 us), PCR 100,000 (10 us), MBS 3: f = (3 - 1)(100 - 10) = 180 us.
        // PDU1 0, 10: eligible (TAT 100), second cell charged (TAT 200). PDU2 20, 30: 20 >=
        // 200 - 180: eligible, TAT 300 then 400. PDU3 40, 50: 40 < 220: not eligible, both
        // tagged, nothing charged. PDU4 (CLP=1) 60, 70: untouched. PDU5 220, 230: eligible.
        const std::vector<Arrival> seq = {{0, false, false, 'P'},
                                          {10, true, false, 'P'},
                                          {20, false, false, 'P'},
                                          {30, true, false, 'P'},
                                          {40, false, false, 'T'},
                                          {50, true, false, 'T'},
                                          {60, false, true, 'P'},
                                          {70, true, true, 'P'},
                                          {220, false, false, 'P'},
                                          {230, true, false, 'P'}};
        Ptr<FrameGcraPolicer> p = CreateObject<FrameGcraPolicer>();
        p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(100000)));
        p->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(10000)));
        p->SetAttribute("MbsCells", UintegerValue(3));
        NS_TEST_ASSERT_MSG_EQ(PoliceAll(p, seq), Expected(seq), "GFR.2 decisions");
        NS_TEST_ASSERT_MSG_EQ(p->GetStats().cellsTagged, 2, "the two cells of PDU3");
    }
};

/**
 * @ingroup atm-tests
 * @brief The factory's table.
 */
class AtmPolicerFactoryTestCase : public TestCase
{
  public:
    AtmPolicerFactoryTestCase()
        : TestCase("AtmPolicerFactory gives each conformance definition its policer, action and "
                   "SCR flow, and nothing to unpoliced UBR")
    {
    }

  private:
    /**
     * @param p a policer
     * @param name an attribute
     * @return its value as a string
     */
    static std::string Attr(Ptr<AtmPolicer> p, const std::string& name)
    {
        StringValue v;
        p->GetAttribute(name, v);
        return v.Get();
    }

    void DoRun() override
    {
        const AtmCellRate line("OC3c");
        NS_TEST_ASSERT_MSG_EQ(AtmPolicerFactory::Create(AtmTrafficContract(), line),
                              Ptr<AtmPolicer>(),
                              "UBR without PCR");
        Ptr<AtmPolicer> cbr =
            AtmPolicerFactory::Create(AtmTrafficContract::Cbr(AtmCellRate(36000)), line, true);
        NS_TEST_ASSERT_MSG_EQ(cbr->GetInstanceTypeId(), GcraPolicer::GetTypeId(), "CBR.1");
        NS_TEST_ASSERT_MSG_EQ(Attr(cbr, "NonConformingAction"), "DISCARD", "CBR.1 discards");
        NS_TEST_ASSERT_MSG_EQ(cbr->GetFrameDiscard(), true, "frame discard passed on");
        Ptr<AtmPolicer> ubr2 = AtmPolicerFactory::Create(
            AtmTrafficContract::Ubr(AtmCellRate(1000), AtmConformance::UBR_2),
            line);
        NS_TEST_ASSERT_MSG_EQ(Attr(ubr2, "NonConformingAction"), "TAG", "UBR.2 tags");

        const struct
        {
            AtmConformance def;
            const char* flow;
            const char* action;
        } vbr[] = {{AtmConformance::VBR_1, "CLP_0_PLUS_1", "DISCARD"},
                   {AtmConformance::VBR_2, "CLP_0", "DISCARD"},
                   {AtmConformance::VBR_3, "CLP_0", "TAG"}};

        for (const auto& v : vbr)
        {
            Ptr<AtmPolicer> p = AtmPolicerFactory::Create(
                AtmTrafficContract::Vbr(v.def, AtmCellRate(15625), Time(0), AtmCellRate(5208), 30),
                line);
            NS_TEST_ASSERT_MSG_EQ(p->GetInstanceTypeId(), DualGcraPolicer::GetTypeId(), "VBR");
            NS_TEST_ASSERT_MSG_EQ(Attr(p, "ScrFlow"), v.flow, ToString(v.def));
            NS_TEST_ASSERT_MSG_EQ(Attr(p, "ScrAction"), v.action, ToString(v.def));
            NS_TEST_ASSERT_MSG_EQ(Attr(p, "MbsCells"), "30", "MBS");
        }
        Ptr<AtmPolicer> gfr =
            AtmPolicerFactory::Create(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                              AtmCellRate(),
                                                              AtmCellRate(20000),
                                                              400,
                                                              200),
                                      line);
        NS_TEST_ASSERT_MSG_EQ(gfr->GetInstanceTypeId(), FrameGcraPolicer::GetTypeId(), "GFR.2");
        NS_TEST_ASSERT_MSG_EQ(Attr(gfr, "PcrCellsPerSec"), "18720000/53", "link rate as PCR");
        NS_TEST_ASSERT_MSG_EQ(
            AtmPolicerFactory::Create(AtmTrafficContract::Gfr(AtmConformance::GFR_1,
                                                              AtmCellRate(),
                                                              AtmCellRate(20000),
                                                              400,
                                                              200),
                                      line),
            Ptr<AtmPolicer>(),
            "GFR.1 without PCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief The policer test suite.
 */
class AtmPolicerTestSuite : public TestSuite
{
  public:
    AtmPolicerTestSuite()
        : TestSuite("atm-policer", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmGcraPolicerDecisionsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGcraPolicerExactIncrementTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPolicerFrameDiscardTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDualGcraPolicerVbr1TestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDualGcraPolicerVbr23TestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmFrameGcraPolicerTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPolicerFactoryTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmPolicerTestSuite g_atmPolicerTestSuite;
