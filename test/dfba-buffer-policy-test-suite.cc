/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/dfba-buffer-policy.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/static-cell-reservation-buffer-policy.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of DfbaBufferPolicy (Differential Fair Buffer Allocation; R. Goyal, R. Jain et al., ATM
 * Forum contribution 98-0405 and the journal version "Buffer Management for TCP over the ATM GFR
 * Service", in NASA/CR-1999-209158, 1999). The oracles are computed by hand in the comments: the
 * four regions and their boundaries, P_drop for hand-built states, its draws against the
 * binomial distribution, P_drop = 0 and 1, the gaps F1 to F4 of the published pseudo-code under
 * both forms, the EOM rule F5, the Z_i rules and alpha, the thresholds and the journal's
 * static-versus-dynamic example; the driven runs (the example on a port state, two VCs through
 * an AtmOutputPort) are checked against the MCR shares the scheme is designed to give, within a
 * stated tolerance.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// K = 100 with the default thresholds: L = 50, H = 90.
constexpr uint32_t K100 = 100;

/**
 * @param k K
 * @param mcrs each VC's MCR in cells/s (0: a UBR VC without contract parameters)
 * @param cells each VC's cells in the buffer
 * @return the state, one queue per VC, every VC IDLE
 */
AtmPortState
GfrState(uint32_t k, const std::vector<uint64_t>& mcrs, const std::vector<uint32_t>& cells)
{
    AtmPortState s(k);
    for (size_t i = 0; i < mcrs.size(); ++i)
    {
        const uint32_t q = s.AddQueue(AtmServiceCategory::GFR);
        if (mcrs[i] > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                            AtmCellRate(1000000),
                                            AtmCellRate(mcrs[i]),
                                            10,
                                            10),
                    q);
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, q);
        }
        for (uint32_t c = 0; c < cells[i]; ++c)
        {
            s.OnEnqueue(static_cast<uint32_t>(i));
        }
    }
    return s;
}

/**
 * @param form "Fixed" or "Faithful"
 * @return a DFBA policy with default attributes otherwise, its draws on stream 1
 */
Ptr<DfbaBufferPolicy>
Dfba(const std::string& form = "Fixed")
{
    Ptr<DfbaBufferPolicy> p = CreateObject<DfbaBufferPolicy>();
    p->SetAttribute("Form", StringValue(form));
    p->AssignStreams(1);
    return p;
}

/// @param vc a VC @return the first cell of a 3-cell frame, eligible
AtmCell
First(uint32_t vc)
{
    return MakePduCell(vc, 0, 3);
}

/// @param reason a drop reason @return the DROP_FRAME of a frame refused on its first cell
AtmAdmitDecision
Refused(const char* reason)
{
    return AtmAdmitDecision::DropFrame(reason, false);
}

/// Records the "Draw" trace.
struct DrawLog
{
    uint32_t draws{0};   //!< draws seen
    uint32_t refused{0}; //!< of which refused
    double lastP{-1.0};  //!< P_drop of the last draw

    /**
     * @param vc the VC
     * @param p P_drop
     * @param r refused
     */
    void Draw(uint32_t vc, double p, bool r)
    {
        ++draws;
        refused += r ? 1 : 0;
        lastP = p;
    }
};

/**
 * @brief Offer @p n first cells of @p vc to @p p in the unchanged state @p s.
 * @param p the policy
 * @param s the state
 * @param vc the VC
 * @param n the number of frames
 * @return the number refused with OVER_SHARE (any other outcome but ACCEPT counts as n + 1)
 */
uint32_t
CountRefusals(Ptr<DfbaBufferPolicy> p, const AtmPortState& s, uint32_t vc, uint32_t n)
{
    uint32_t refused = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        const AtmAdmitDecision d = p->Admit(s, vc, First(vc));
        if (d == Refused(DfbaBufferPolicy::OVER_SHARE))
        {
            ++refused;
        }
        else if (d != AtmAdmitDecision::Accept())
        {
            return n + 1;
        }
    }
    return refused;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The four regions and their boundaries, with P_drop computed by hand.
 */
class DfbaRegionsTestCase : public TestCase
{
  public:
    DfbaRegionsTestCase()
        : TestCase("DFBA with K = 100, L = 50, H = 90 and MCRs 1000 and 3000: every frame "
                   "accepted at X <= L, every new frame refused at X >= H, a non-eligible frame "
                   "refused between them, a VC at or below X W_i over W accepted, a VC above it "
                   "refused with the hand-computed P_drop")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> p = Dfba();
        NS_TEST_ASSERT_MSG_EQ(p->GetLowThresholdCells(K100), 50U, "L = 0.5 K");
        NS_TEST_ASSERT_MSG_EQ(p->GetHighThresholdCells(K100), 90U, "H = 0.9 K");
        AtmCell clp1 = First(0);
        clp1.clp = true;
        AtmCell marked = First(0);
        marked.flags = AtmCell::NOT_ELIGIBLE; // a GFR.1 switch's F-GCRA refused the PDU

        // Region 1, X = L = 50: VC 0 holds 30 cells, far above its share 12.5, and a
        // non-eligible frame: all accepted.
        const AtmPortState r1 = GfrState(K100, {1000, 3000}, {30, 20});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r1, 0, First(0)), AtmAdmitDecision::Accept(), "X = L");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r1, 0, clp1), AtmAdmitDecision::Accept(), "CLP 1, X = L");
        NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(r1, 0, true), 0.0, "region 1");

        // X = L + 1 = 51: the non-eligible frames go, CLP 1 or marked.
        const AtmPortState r2low = GfrState(K100, {1000, 3000}, {10, 41});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r2low, 0, clp1),
                              Refused(DfbaBufferPolicy::NOT_ELIGIBLE),
                              "CLP 1 at X = L + 1");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r2low, 0, marked),
                              Refused(DfbaBufferPolicy::NOT_ELIGIBLE),
                              "GFR.1-marked at X = L + 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(r2low, 0, false), 1.0, "non-eligible");

        // X = 80: shares s_0 = 80 x 1/4 = 20, s_1 = 60. X_0 = 10, X_1 = 70: VC 0 in region 3,
        // VC 1 in region 2 with fair = (70 - 60) / (80 x 1/4) = 1/2, eff = (80 - 50) / 40 = 3/4,
        // P = 0.5 x 1/2 + 0.5 x 3/4 = 5/8.
        const AtmPortState a = GfrState(K100, {1000, 3000}, {10, 70});
        for (int i = 0; i < 200; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(p->Admit(a, 0, First(0)), AtmAdmitDecision::Accept(), "region 3");
        }
        NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(a, 0, true), 0.0, "region 3");
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(a, 1, true), 5.0 / 8, 1e-12, "VC 1");

        // X_0 = 30, X_1 = 50: VC 0 in region 2 with fair = (30 - 20) / (80 x 3/4) = 1/6,
        // P = 1/12 + 3/8 = 11/24; VC 1 in region 3.
        const AtmPortState b = GfrState(K100, {1000, 3000}, {30, 50});
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(b, 0, true), 11.0 / 24, 1e-12, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(b, 1, true), 0.0, "VC 1 below s_1");

        // Just below H: X = 89, X_0 = 80, X_1 = 9: s_0 = 22.25; fair = (80 - 22.25) / (89 x 3/4)
        // = 57.75 / 66.75 = 231/267, eff = 39/40: P = 231/534 + 39/80.
        const AtmPortState c = GfrState(K100, {1000, 3000}, {80, 9});
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(c, 0, true),
                                  231.0 / 534 + 39.0 / 80,
                                  1e-12,
                                  "X = H - 1");
        // X = H = 90: every new frame refused, also VC 1 far below its share, also CLP 0.
        const AtmPortState r4 = GfrState(K100, {1000, 3000}, {80, 10});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r4, 1, First(1)),
                              Refused(DfbaBufferPolicy::HIGH_THRESHOLD),
                              "X = H");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(r4, 0, clp1),
                              Refused(DfbaBufferPolicy::HIGH_THRESHOLD),
                              "X = H, CLP 1: the high threshold comes first");
        NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(r4, 1, true), 1.0, "region 4");

        // Inside an accepted frame no region applies: a middle cell at X = 95 is accepted, at
        // X = K it overflows (PPD, EOM kept).
        AtmPortState mid = GfrState(K100, {1000, 3000}, {5, 90});
        mid.SetFrameState(0, AtmFrameState::ACCEPT);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(mid, 0, MakePduCell(0, 1, 3)),
                              AtmAdmitDecision::Accept(),
                              "middle cell at X = 95");
        AtmPortState full = GfrState(K100, {1000, 3000}, {10, 90});
        full.SetFrameState(0, AtmFrameState::ACCEPT);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(full, 0, MakePduCell(0, 1, 3)),
                              AtmAdmitDecision::DropFrame(DfbaBufferPolicy::BUFFER_FULL, true),
                              "middle cell at X = K");
    }
};

/**
 * @ingroup atm-tests
 * @brief The random drop against the binomial distribution.
 */
class DfbaDrawStatisticsTestCase : public TestCase
{
  public:
    DfbaDrawStatisticsTestCase()
        : TestCase("DFBA region 2 refuses a frame with the hand-computed P_drop: 200000 draws "
                   "each at P = 11 over 24 and P = 5 over 8 fall within 4 binomial standard "
                   "deviations, the Draw trace reports P and every outcome, and equal streams "
                   "repeat the decisions")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 200000;
        const AtmPortState b = GfrState(K100, {1000, 3000}, {30, 50}); // VC 0: P = 11/24
        const AtmPortState a = GfrState(K100, {1000, 3000}, {10, 70}); // VC 1: P = 5/8
        for (const auto& [state, vc, prob] :
             {std::tuple<const AtmPortState*, uint32_t, double>{&b, 0, 11.0 / 24},
              std::tuple<const AtmPortState*, uint32_t, double>{&a, 1, 5.0 / 8}})
        {
            Ptr<DfbaBufferPolicy> p = Dfba();
            DrawLog log;
            p->TraceConnectWithoutContext("Draw", MakeCallback(&DrawLog::Draw, &log));
            const uint32_t refused = CountRefusals(p, *state, vc, n);
            const double sigma = std::sqrt(n * prob * (1 - prob));
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(refused),
                                      n * prob,
                                      4 * sigma,
                                      "refusals of " << n << " at P = " << prob);
            NS_TEST_ASSERT_MSG_EQ(log.draws, n, "one draw per frame");
            NS_TEST_ASSERT_MSG_EQ(log.refused, refused, "the trace reports every refusal");
            NS_TEST_ASSERT_MSG_EQ_TOL(log.lastP, prob, 1e-12, "the trace reports P_drop");
        }
        // A fixed stream gives fixed decisions; another stream others.
        Ptr<DfbaBufferPolicy> x = Dfba();
        Ptr<DfbaBufferPolicy> y = Dfba();
        Ptr<DfbaBufferPolicy> z = Dfba();
        NS_TEST_ASSERT_MSG_EQ(x->AssignStreams(7), 1, "one stream");
        y->AssignStreams(7);
        z->AssignStreams(8);
        std::string sx;
        std::string sy;
        std::string sz;
        for (int i = 0; i < 64; ++i)
        {
            sx += x->Admit(b, 0, First(0)).IsAccept() ? 'a' : 'r';
            sy += y->Admit(b, 0, First(0)).IsAccept() ? 'a' : 'r';
            sz += z->Admit(b, 0, First(0)).IsAccept() ? 'a' : 'r';
        }
        NS_TEST_ASSERT_MSG_EQ(sx, sy, "same stream, same decisions");
        NS_TEST_ASSERT_MSG_NE(sx, sz, "another stream, other decisions");
    }
};

/**
 * @ingroup atm-tests
 * @brief P_drop = 0 and P_drop = 1 decide without chance.
 */
class DfbaCertainDrawTestCase : public TestCase
{
  public:
    DfbaCertainDrawTestCase()
        : TestCase("DFBA region 2 with Z_i = 0 (P = 0) accepts every frame and with alpha = 1 "
                   "and a lone VC without MCR (fair = 1, P = 1) refuses every frame")
    {
    }

  private:
    void DoRun() override
    {
        const AtmPortState a = GfrState(K100, {1000, 3000}, {10, 70});
        Ptr<DfbaBufferPolicy> zero = Dfba();
        zero->SetVcZ(1, 0.0);
        DrawLog log;
        zero->TraceConnectWithoutContext("Draw", MakeCallback(&DrawLog::Draw, &log));
        NS_TEST_ASSERT_MSG_EQ(CountRefusals(zero, a, 1, 5000), 0U, "P = 0");
        NS_TEST_ASSERT_MSG_EQ(log.draws, 5000U, "still region 2: drawn");
        NS_TEST_ASSERT_MSG_EQ(log.lastP, 0.0, "P = 0");

        // VC 0 without MCR holds all X = 60 cells: W = 0, s = 0, fair = 60 / 60 = 1;
        // alpha = 1: P = 1.
        const AtmPortState lone = GfrState(K100, {0, 3000}, {60, 0});
        Ptr<DfbaBufferPolicy> one = Dfba();
        one->SetAttribute("Alpha", DoubleValue(1.0));
        NS_TEST_ASSERT_MSG_EQ(one->GetRefusalProbability(lone, 0, true), 1.0, "P = 1");
        NS_TEST_ASSERT_MSG_EQ(CountRefusals(one, lone, 0, 5000), 5000U, "P = 1");
        // With the default alpha = 0.5: P = 0.5 + 0.5 x (60 - 50) / 40 = 5/8.
        NS_TEST_ASSERT_MSG_EQ_TOL(Dfba()->GetRefusalProbability(lone, 0, true),
                                  5.0 / 8,
                                  1e-12,
                                  "alpha 0.5");
    }
};

/**
 * @ingroup atm-tests
 * @brief F1: a VC exactly at its share.
 */
class DfbaEqualityTestCase : public TestCase
{
  public:
    DfbaEqualityTestCase()
        : TestCase("DFBA F1, X = 80 with MCRs 1000 and 3000: VCs exactly at their shares 20 and "
                   "60 are accepted by the Fixed form and refused by the Faithful form, while "
                   "one cell off the share both forms decide alike")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> fixed = Dfba("Fixed");
        Ptr<DfbaBufferPolicy> faithful = Dfba("Faithful");
        const AtmPortState at = GfrState(K100, {1000, 3000}, {20, 60});
        for (uint32_t vc : {0U, 1U})
        {
            NS_TEST_ASSERT_MSG_EQ(fixed->Admit(at, vc, First(vc)),
                                  AtmAdmitDecision::Accept(),
                                  "Fixed, VC " << vc << " at its share");
            NS_TEST_ASSERT_MSG_EQ(faithful->Admit(at, vc, First(vc)),
                                  Refused(DfbaBufferPolicy::AT_SHARE),
                                  "Faithful, VC " << vc << " at its share");
            NS_TEST_ASSERT_MSG_EQ(faithful->GetRefusalProbability(at, vc, true), 1.0, "Faithful");
        }
        // One cell off: X_0 = 19, X_1 = 61. VC 0 below (both accept); VC 1 above with
        // fair = 1 / 20, P = 0.025 + 0.375 = 0.4 in both forms.
        const AtmPortState off = GfrState(K100, {1000, 3000}, {19, 61});
        for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
        {
            NS_TEST_ASSERT_MSG_EQ(p->Admit(off, 0, First(0)),
                                  AtmAdmitDecision::Accept(),
                                  "X_0 = 19");
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(off, 1, true),
                                      0.4,
                                      1e-12,
                                      "X_1 = 61");
        }
        // A VC without MCR and without cells is at its share 0: Fixed accepts, Faithful refuses.
        const AtmPortState zero = GfrState(K100, {1000, 3000, 0}, {20, 60, 0});
        NS_TEST_ASSERT_MSG_EQ(fixed->Admit(zero, 2, First(2)), AtmAdmitDecision::Accept(), "MCR 0");
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(zero, 2, First(2)),
                              Refused(DfbaBufferPolicy::AT_SHARE),
                              "MCR 0, Faithful");
    }
};

/**
 * @ingroup atm-tests
 * @brief F2: the single-active-VC denominator.
 */
class DfbaSingleVcTestCase : public TestCase
{
  public:
    DfbaSingleVcTestCase()
        : TestCase("DFBA F2, one active VC with W_i = W: the Fixed form accepts its frames at "
                   "every X from L + 1 to H - 1, the Faithful form refuses them all, no refusal "
                   "probability is NaN, and a VC holding all of W beside a VC without MCR is "
                   "below its share")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> fixed = Dfba("Fixed");
        Ptr<DfbaBufferPolicy> faithful = Dfba("Faithful");
        for (uint32_t x = 51; x < 90; ++x)
        {
            const AtmPortState s = GfrState(K100, {1000, 3000}, {x, 0});
            NS_TEST_ASSERT_MSG_EQ(fixed->Admit(s, 0, First(0)), AtmAdmitDecision::Accept(), x);
            NS_TEST_ASSERT_MSG_EQ(faithful->Admit(s, 0, First(0)),
                                  Refused(DfbaBufferPolicy::AT_SHARE),
                                  x);
            for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
            {
                const double r = p->GetRefusalProbability(s, 0, true);
                NS_TEST_ASSERT_MSG_EQ((r >= 0.0 && r <= 1.0), true, "finite, X = " << x);
            }
        }
        // VC 0 holds all of W (f = 1, share s = X = 70) with 30 cells, VC 2 without MCR 40:
        // VC 0 in region 3; VC 2 has share 0, fair = 40 / 70, eff = 20 / 40:
        // P = 2/7 + 1/4 = 15/28, in both forms.
        const AtmPortState s = GfrState(K100, {1000, 3000, 0}, {30, 0, 40});
        for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
        {
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, First(0)), AtmAdmitDecision::Accept(), "f = 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(s, 2, true), 15.0 / 28, 1e-12, "");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief F3: the share of an arriving VC without cells.
 */
class DfbaInactiveVcTestCase : public TestCase
{
  public:
    DfbaInactiveVcTestCase()
        : TestCase("DFBA F3, a VC without cells arrives: the Fixed form takes its share of W + "
                   "W_i, the Faithful form of W (above 1, or unbounded for W = 0), which changes "
                   "its share fraction and Z_i but no decision")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> fixed = Dfba("Fixed");
        Ptr<DfbaBufferPolicy> faithful = Dfba("Faithful");
        for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
        {
            p->SetAttribute("ZRule", StringValue("OneMinusShare"));
        }
        // VC 1 (3000) holds X = 70; VC 0 (1000) arrives: Fixed f = 1000 / 4000 = 1/4, Z = 3/4;
        // Faithful f = 1000 / 3000 = 1/3, Z = 2/3.
        const AtmPortState a = GfrState(K100, {1000, 3000}, {0, 70});
        NS_TEST_ASSERT_MSG_EQ_TOL(fixed->GetShareFraction(a, 0), 0.25, 1e-15, "Fixed f");
        NS_TEST_ASSERT_MSG_EQ_TOL(faithful->GetShareFraction(a, 0), 1.0 / 3, 1e-15, "Faithful f");
        NS_TEST_ASSERT_MSG_EQ_TOL(fixed->GetVcZ(a, 0), 0.75, 1e-15, "Fixed Z");
        NS_TEST_ASSERT_MSG_EQ_TOL(faithful->GetVcZ(a, 0), 2.0 / 3, 1e-15, "Faithful Z");
        // VC 0 (3000) arrives beside VC 1 (1000) holding 70: Faithful f = 3 > 1, Z = 0.
        const AtmPortState big = GfrState(K100, {3000, 1000}, {0, 70});
        NS_TEST_ASSERT_MSG_EQ_TOL(fixed->GetShareFraction(big, 0), 0.75, 1e-15, "Fixed f");
        NS_TEST_ASSERT_MSG_EQ_TOL(faithful->GetShareFraction(big, 0), 3.0, 1e-15, "Faithful f");
        NS_TEST_ASSERT_MSG_EQ(faithful->GetVcZ(big, 0), 0.0, "Faithful Z clamps 1 - f at 0");
        // VC 0 (1000) arrives beside a VC without MCR holding 70: W = 0. Fixed f = 1;
        // Faithful X W_i / 0: unbounded.
        const AtmPortState w0 = GfrState(K100, {1000, 0}, {0, 70});
        NS_TEST_ASSERT_MSG_EQ(fixed->GetShareFraction(w0, 0), 1.0, "Fixed f, W = 0");
        NS_TEST_ASSERT_MSG_EQ(faithful->GetShareFraction(w0, 0),
                              std::numeric_limits<double>::infinity(),
                              "Faithful f, W = 0");
        // The decisions agree: an arriving VC with W_i > 0 is below any share, region 3.
        for (const AtmPortState* s : {&a, &big, &w0})
        {
            for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
            {
                NS_TEST_ASSERT_MSG_EQ(p->Admit(*s, 0, First(0)), AtmAdmitDecision::Accept(), "");
                NS_TEST_ASSERT_MSG_EQ(p->GetRefusalProbability(*s, 0, true), 0.0, "");
            }
        }
        // Once active, both forms use the same W: VC 0 with 10 of X = 80 cells, f = 1/4.
        const AtmPortState active = GfrState(K100, {1000, 3000}, {10, 70});
        NS_TEST_ASSERT_MSG_EQ(fixed->GetShareFraction(active, 0),
                              faithful->GetShareFraction(active, 0),
                              "active VC");
    }
};

/**
 * @ingroup atm-tests
 * @brief F4: single-cell frames.
 */
class DfbaSingleCellFrameTestCase : public TestCase
{
  public:
    DfbaSingleCellFrameTestCase()
        : TestCase("DFBA F4, single-cell frames: the Fixed form tests them like any first cell "
                   "(refused at X >= H, when not eligible above L, drawn above the share), the "
                   "Faithful form accepts them whenever the buffer has room")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> fixed = Dfba("Fixed");
        Ptr<DfbaBufferPolicy> faithful = Dfba("Faithful");
        const AtmCell single = MakePduCell(0, 0, 1);
        AtmCell singleClp1 = single;
        singleClp1.clp = true;
        const AtmPortState high = GfrState(K100, {1000, 3000}, {5, 90});
        NS_TEST_ASSERT_MSG_EQ(fixed->Admit(high, 0, single),
                              Refused(DfbaBufferPolicy::HIGH_THRESHOLD),
                              "Fixed, X = 95");
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(high, 0, single),
                              AtmAdmitDecision::Accept(),
                              "Faithful, X = 95");
        const AtmPortState mid = GfrState(K100, {1000, 3000}, {5, 55});
        NS_TEST_ASSERT_MSG_EQ(fixed->Admit(mid, 0, singleClp1),
                              Refused(DfbaBufferPolicy::NOT_ELIGIBLE),
                              "Fixed, CLP 1 at X = 60");
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(mid, 0, singleClp1),
                              AtmAdmitDecision::Accept(),
                              "Faithful, CLP 1 at X = 60");
        // Above the share at P = 1 (alpha = 1, a lone VC without MCR): Fixed refuses after a
        // draw, Faithful accepts without one.
        const AtmPortState lone = GfrState(K100, {0}, {60});
        for (Ptr<DfbaBufferPolicy> p : {fixed, faithful})
        {
            p->SetAttribute("Alpha", DoubleValue(1.0));
        }
        DrawLog fixedLog;
        DrawLog faithfulLog;
        fixed->TraceConnectWithoutContext("Draw", MakeCallback(&DrawLog::Draw, &fixedLog));
        faithful->TraceConnectWithoutContext("Draw", MakeCallback(&DrawLog::Draw, &faithfulLog));
        NS_TEST_ASSERT_MSG_EQ(fixed->Admit(lone, 0, single),
                              Refused(DfbaBufferPolicy::OVER_SHARE),
                              "Fixed, P = 1");
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(lone, 0, single),
                              AtmAdmitDecision::Accept(),
                              "Faithful, P = 1");
        NS_TEST_ASSERT_MSG_EQ(fixedLog.draws, 1U, "Fixed draws");
        NS_TEST_ASSERT_MSG_EQ(faithfulLog.draws, 0U, "Faithful does not draw");
        // A longer frame's first cell is tested in both forms; a full buffer refuses both.
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(high, 0, First(0)),
                              Refused(DfbaBufferPolicy::HIGH_THRESHOLD),
                              "Faithful, 3-cell frame at X = 95");
        const AtmPortState full = GfrState(K100, {1000, 3000}, {10, 90});
        NS_TEST_ASSERT_MSG_EQ(faithful->Admit(full, 0, single),
                              AtmAdmitDecision::DropFrame(DfbaBufferPolicy::BUFFER_FULL, true),
                              "Faithful, X = K");
    }
};

/**
 * @ingroup atm-tests
 * @brief F5 and the frame rule, cell by cell through the port's frame state machine.
 */
class DfbaEomTestCase : public TestCase
{
  public:
    DfbaEomTestCase()
        : TestCase("DFBA F5, cell by cell: a frame refused on its first cell keeps its EOM iff "
                   "KeepEomOnReject (default false), a refused single-cell frame is dropped "
                   "either way, and an accepted frame runs past H to K and then keeps its EOM "
                   "(PPD)")
    {
    }

  private:
    void DoRun() override
    {
        BooleanValue keep(true);
        NS_TEST_ASSERT_MSG_EQ(Dfba()->GetAttributeFailSafe("KeepEomOnReject", keep),
                              true,
                              "the base class's attribute");
        NS_TEST_ASSERT_MSG_EQ(keep.Get(), false, "inherited default");
        for (bool keepEom : {false, true})
        {
            Ptr<DfbaBufferPolicy> p = Dfba();
            p->SetAttribute("KeepEomOnReject", BooleanValue(keepEom));
            AtmPortState s = GfrState(K100, {1000, 3000}, {5, 90}); // X = 95 >= H
            PolicyDriver port(p, s);
            PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 3));
            NS_TEST_ASSERT_MSG_EQ(
                o.decision,
                AtmAdmitDecision::DropFrame(DfbaBufferPolicy::HIGH_THRESHOLD, keepEom),
                "first cell");
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 3)).accepted, false, "middle");
            o = port.Offer(MakePduCell(0, 2, 3));
            NS_TEST_ASSERT_MSG_EQ(o.accepted, keepEom, "EOM kept iff KeepEomOnReject");
            NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), keepEom ? 96U : 95U, "X");
            // A single-cell frame refused on its first cell is dropped whatever the setting.
            o = port.Offer(MakePduCell(0, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "single-cell frame");
            NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "next frame");
        }
        // A 15-cell frame of VC 0 accepted at X = 89 (VC 0 below its share 22.25) goes on past
        // H = 90 to K = 100: cells 0..10 stored, 11..13 dropped, EOM 14 stored after one
        // departure makes room.
        Ptr<DfbaBufferPolicy> p = Dfba();
        AtmPortState s = GfrState(K100, {1000, 3000}, {0, 89});
        PolicyDriver port(p, s);
        std::string trace;
        for (uint16_t i = 0; i < 15; ++i)
        {
            if (i == 14)
            {
                port.Depart(1);
            }
            trace += port.Offer(MakePduCell(0, i, 15)).accepted ? 'a' : 'd';
        }
        NS_TEST_ASSERT_MSG_EQ(trace, "aaaaaaaaaaaddda", "11 stored, 3 dropped, the EOM stored");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 12U, "11 cells and the EOM");
    }
};

/**
 * @ingroup atm-tests
 * @brief Z_i rules and alpha.
 */
class DfbaZRuleTestCase : public TestCase
{
  public:
    DfbaZRuleTestCase()
        : TestCase("DFBA Z_i: One, OneMinusShare and OneMinusSquaredShare scale P_drop by 1, 1 - "
                   "f and (1 - f) squared, SetVcZ overrides the rule for its VC, and alpha 0 and "
                   "1 keep only the efficiency or the fairness term")
    {
    }

  private:
    void DoRun() override
    {
        // X = 80: VC 0 (f = 1/4) with 30 cells, base P = 11/24; VC 1 (f = 3/4) with 70 cells in
        // the state a, base P = 5/8.
        const AtmPortState a = GfrState(K100, {1000, 3000}, {10, 70});
        const AtmPortState b = GfrState(K100, {1000, 3000}, {30, 50});
        const std::vector<std::string> rules = {"One", "OneMinusShare", "OneMinusSquaredShare"};
        const double z0[] = {1.0, 0.75, 0.5625};
        const double z1[] = {1.0, 0.25, 0.0625};
        for (size_t r = 0; r < rules.size(); ++r)
        {
            Ptr<DfbaBufferPolicy> p = Dfba();
            p->SetAttribute("ZRule", StringValue(rules[r]));
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetVcZ(b, 0), z0[r], 1e-15, rules[r]);
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetVcZ(a, 1), z1[r], 1e-15, rules[r]);
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(b, 0, true),
                                      z0[r] * 11 / 24,
                                      1e-12,
                                      rules[r] << ", VC 0");
            NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(a, 1, true),
                                      z1[r] * 5 / 8,
                                      1e-12,
                                      rules[r] << ", VC 1");
        }
        Ptr<DfbaBufferPolicy> p = Dfba();
        p->SetAttribute("ZRule", StringValue("OneMinusSquaredShare"));
        p->SetVcZ(1, 0.4);
        p->SetVcZ(7, 0.1); // a VC the port does not have yet
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetRefusalProbability(a, 1, true), 0.25, 1e-12, "Z_1 = 0.4");
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetVcZ(b, 0), 0.5625, 1e-15, "VC 0 keeps the rule");
        // Alpha, state a, VC 1: fair = 1/2, eff = 3/4.
        Ptr<DfbaBufferPolicy> q = Dfba();
        q->SetAttribute("Alpha", DoubleValue(0.0));
        NS_TEST_ASSERT_MSG_EQ_TOL(q->GetRefusalProbability(a, 1, true), 0.75, 1e-12, "alpha 0");
        q->SetAttribute("Alpha", DoubleValue(1.0));
        NS_TEST_ASSERT_MSG_EQ_TOL(q->GetRefusalProbability(a, 1, true), 0.5, 1e-12, "alpha 1");
    }
};

/**
 * @ingroup atm-tests
 * @brief Thresholds from fractions and cells.
 */
class DfbaThresholdsTestCase : public TestCase
{
  public:
    DfbaThresholdsTestCase()
        : TestCase("DFBA thresholds: L = 0.5 K and H = 0.9 K by default (12500 and 22500 of "
                   "the source's 25000 cells, 0 and 0 of K = 1), cells override fractions, and "
                   "L = H leaves no random region")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> p = Dfba();
        NS_TEST_ASSERT_MSG_EQ(p->GetLowThresholdCells(25000), 12500U, "L of 25000");
        NS_TEST_ASSERT_MSG_EQ(p->GetHighThresholdCells(25000), 22500U, "H of 25000");
        NS_TEST_ASSERT_MSG_EQ(p->GetLowThresholdCells(6000), 3000U, "L of 6000");
        NS_TEST_ASSERT_MSG_EQ(p->GetHighThresholdCells(6000), 5400U, "H of 6000");
        NS_TEST_ASSERT_MSG_EQ(p->GetLowThresholdCells(1), 0U, "L of 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetHighThresholdCells(1), 0U, "H of 1");
        p->SetAttribute("LowThresholdCells", UintegerValue(60));
        p->SetAttribute("HighThresholdCells", UintegerValue(100));
        NS_TEST_ASSERT_MSG_EQ(p->GetLowThresholdCells(100), 60U, "L in cells");
        NS_TEST_ASSERT_MSG_EQ(p->GetHighThresholdCells(100), 100U, "H = K is legal");
        // L = H = 70: X = 70 accepts everything, X = 71 refuses a VC below its share.
        Ptr<DfbaBufferPolicy> e = Dfba();
        e->SetAttribute("LowThresholdCells", UintegerValue(70));
        e->SetAttribute("HighThresholdCells", UintegerValue(70));
        NS_TEST_ASSERT_MSG_EQ(e->Admit(GfrState(K100, {1000, 3000}, {60, 10}), 0, First(0)),
                              AtmAdmitDecision::Accept(),
                              "X = L = H");
        NS_TEST_ASSERT_MSG_EQ(e->Admit(GfrState(K100, {1000, 3000}, {1, 70}), 0, First(0)),
                              Refused(DfbaBufferPolicy::HIGH_THRESHOLD),
                              "X = L + 1 = H + 1");
        // LowThresholdFraction 0: L = 0, so one queued cell already leaves region 1.
        Ptr<DfbaBufferPolicy> z = Dfba();
        z->SetAttribute("LowThresholdFraction", DoubleValue(0.0));
        AtmCell clp1 = First(0);
        clp1.clp = true;
        NS_TEST_ASSERT_MSG_EQ(z->Admit(GfrState(K100, {1000}, {0}), 0, clp1),
                              AtmAdmitDecision::Accept(),
                              "X = 0 = L");
        NS_TEST_ASSERT_MSG_EQ(z->Admit(GfrState(K100, {1000}, {1}), 0, clp1),
                              Refused(DfbaBufferPolicy::NOT_ELIGIBLE),
                              "X = 1 > L = 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief The journal's static-versus-dynamic example, on a driven port state.
 */
class DfbaStaticVersusDynamicTestCase : public TestCase
{
  public:
    DfbaStaticVersusDynamicTestCase()
        : TestCase("DFBA, the GFR journal's section 4.3 example (K = 100, L = 60, shares 0.5, "
                   "0.25, 0.25): with VC 1 idle a static split refuses VC 3 at 25 cells while "
                   "DFBA lets VCs 2 and 3 share the buffer equally, and when VC 1 sends VC 3 "
                   "falls back to a quarter")
    {
    }

  private:
    /// Time averages of a run.
    struct Run
    {
        double x[3]{0, 0, 0};      //!< mean X_i
        double sent[3]{0, 0, 0};   //!< departures per VC
        uint32_t maxX[3]{0, 0, 0}; //!< largest X_i seen
    };

    /**
     * @brief A FIFO served one cell per slot, fed by the three VCs of the example (MCRs 50, 25
     *        and 25 cells/s): in slot t VC v offers the next cell of its current 5-cell frame
     *        iff floor((t + 1) r_v) > floor(t r_v), i.e. evenly spaced at r_v of the line.
     * @param policy the policy
     * @param rate r_v of each VC (0: idle, 1: a cell in every slot)
     * @param slots slots to run (averages over the second half)
     * @return the averages
     */
    static Run Simulate(Ptr<AtmBufferPolicy> policy,
                        const std::vector<double>& rate,
                        uint32_t slots)
    {
        AtmPortState s = GfrState(K100, {50, 25, 25}, {0, 0, 0});
        PolicyDriver port(policy, s);
        std::deque<uint32_t> fifo;
        uint16_t next[3] = {0, 0, 0};
        Run run;
        for (uint32_t t = 0; t < slots; ++t)
        {
            for (uint32_t vc = 0; vc < 3; ++vc)
            {
                if (std::floor((t + 1) * rate[vc]) == std::floor(t * rate[vc]))
                {
                    continue; // no cell of this VC in this slot
                }
                if (port.Offer(MakePduCell(vc, next[vc], 5)).accepted)
                {
                    fifo.push_back(vc);
                }
                next[vc] = static_cast<uint16_t>((next[vc] + 1) % 5);
            }
            if (!fifo.empty())
            {
                const uint32_t vc = fifo.front();
                fifo.pop_front();
                port.Depart(vc);
                if (t >= slots / 2)
                {
                    run.sent[vc] += 1;
                }
            }
            for (uint32_t vc = 0; vc < 3; ++vc)
            {
                run.maxX[vc] = std::max(run.maxX[vc], s.GetVcCells(vc));
                if (t >= slots / 2)
                {
                    run.x[vc] += s.GetVcCells(vc) / (slots / 2.0);
                }
            }
        }
        return run;
    }

    void DoRun() override
    {
        Ptr<DfbaBufferPolicy> dfba = Dfba();
        dfba->SetAttribute("LowThresholdCells", UintegerValue(60));
        Ptr<StaticCellReservationBufferPolicy> fixedSplit =
            CreateObject<StaticCellReservationBufferPolicy>();
        // The moment of the example: VC 1 idle, VC 2 with 35 cells, VC 3 with 30 (X = 65 > L).
        // Static: Res_3 = 0.25 x 100 = 25 <= 30, refused. DFBA: W = 50, s_3 = 65 x 25 / 50 = 32.5.
        const AtmPortState s = GfrState(K100, {50, 25, 25}, {0, 35, 30});
        NS_TEST_ASSERT_MSG_EQ(fixedSplit->Admit(s, 2, First(2)).IsAccept(), false, "static");
        NS_TEST_ASSERT_MSG_EQ(dfba->Admit(s, 2, First(2)), AtmAdmitDecision::Accept(), "DFBA");
        NS_TEST_ASSERT_MSG_EQ(dfba->GetRefusalProbability(s, 2, true), 0.0, "below 32.5");
        // When VC 1 holds cells too (10, 30, 30: X = 70, W = 100), s_3 = 17.5 and VC 3 is
        // drawn: fair = 12.5 / 52.5 = 5/21, eff = 10 / 30: P = 5/42 + 1/6 = 2/7.
        const AtmPortState all = GfrState(K100, {50, 25, 25}, {10, 30, 30});
        NS_TEST_ASSERT_MSG_EQ_TOL(dfba->GetRefusalProbability(all, 2, true), 2.0 / 7, 1e-12, "");

        // Driven: VCs 2 and 3 offer the full line each, VC 1 is idle. DFBA: VC 3 holds far more
        // than 25 cells and as much as VC 2 (within 15 %), and sends as much (within 5 %); the
        // static split never lets it hold more than 25.
        const Run two = Simulate(dfba, {0, 1, 1}, 40000);
        NS_TEST_ASSERT_MSG_GT(two.x[2], 30.0, "VC 3 above its static 25 cells");
        NS_TEST_ASSERT_MSG_EQ_TOL(two.x[2] / two.x[1], 1.0, 0.15, "X_3 / X_2");
        NS_TEST_ASSERT_MSG_EQ_TOL(two.sent[2] / two.sent[1], 1.0, 0.05, "sent_3 / sent_2");
        const Run split = Simulate(fixedSplit, {0, 1, 1}, 40000);
        NS_TEST_ASSERT_MSG_LT_OR_EQ(split.maxX[2], 25U, "the static split caps VC 3 at 25");
        // VC 1 sends too, at 0.7 of the line, VCs 2 and 3 at 0.5 (1.7 times the line; the offer
        // 1.4 : 1 : 1 is not the MCR ratio 2 : 1 : 1): the line is shared 0.5, 0.25, 0.25
        // within 0.03.
        Ptr<DfbaBufferPolicy> dfba3 = Dfba();
        dfba3->SetAttribute("LowThresholdCells", UintegerValue(60));
        const Run three = Simulate(dfba3, {0.7, 0.5, 0.5}, 40000);
        const double total = three.sent[0] + three.sent[1] + three.sent[2];
        NS_TEST_ASSERT_MSG_EQ_TOL(three.sent[0] / total, 0.5, 0.03, "VC 1, MCR share 0.5");
        NS_TEST_ASSERT_MSG_EQ_TOL(three.sent[1] / total, 0.25, 0.03, "VC 2, MCR share 0.25");
        NS_TEST_ASSERT_MSG_EQ_TOL(three.sent[2] / total, 0.25, 0.03, "VC 3, MCR share 0.25");
    }
};

/**
 * @ingroup atm-tests
 * @brief Two greedy VCs with MCRs 1 : 3 through an AtmOutputPort.
 */
class DfbaOutputPortSharesTestCase : public TestCase
{
  public:
    DfbaOutputPortSharesTestCase()
        : TestCase("DFBA in an AtmOutputPort with a shared 5000-cell FIFO, VCs with MCRs 1000 "
                   "and 3000 cells per s offering half and all of the line in 10-cell frames: "
                   "the line carries them 1 to 3 within 0.03 of the shares, where EPD gives the "
                   "second VC no more than its two thirds of the offer")
    {
    }

  private:
    /**
     * @brief Run the port slot by slot: in slot t VC v offers the next cell of its current
     *        10-cell frame iff floor((t + 1) r_v) > floor(t r_v) (evenly spaced cells at r_v of
     *        the line), then the port sends one cell.
     * @param policy the port's policy
     * @param slots cell slots to run
     * @return the share of the line VC 1 received over the second half of the run
     */
    static double Share(Ptr<AtmBufferPolicy> policy, uint32_t slots)
    {
        const double rate[2] = {0.5, 1.0};
        Ptr<AtmOutputPort> port = MakeOutputPort(5000, AtmOutputPort::SHARED, policy);
        for (uint64_t mcr : {1000U, 3000U})
        {
            port->AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                AtmCellRate("OC3c"),
                                                AtmCellRate(mcr),
                                                10,
                                                10));
        }
        port->SetLinkRate(AtmCellRate("OC3c"));
        const Time slot = NanoSeconds(2831);
        uint16_t next[2] = {0, 0};
        double sent[2] = {0, 0};
        for (uint32_t t = 0; t < slots; ++t)
        {
            const Time now = slot * t;
            for (uint32_t vc = 0; vc < 2; ++vc)
            {
                if (std::floor((t + 1) * rate[vc]) > std::floor(t * rate[vc]))
                {
                    port->Receive(MakePduCell(vc, next[vc], 10), vc, now);
                    next[vc] = static_cast<uint16_t>((next[vc] + 1) % 10);
                }
            }
            const std::optional<AtmCell> cell = port->Dequeue(now);
            if (cell && t >= slots / 2)
            {
                sent[cell->vc] += 1;
            }
        }
        return sent[1] / (sent[0] + sent[1]);
    }

    void DoRun() override
    {
        // 1.5 times the line is offered, 1 : 2; DFBA's shares are 1 : 3 (measured 0.738). Under
        // heavier unresponsive overload X stays near H, where every new frame is refused alike,
        // and the split drifts towards equal (0.68 with both VCs at the full line rate).
        NS_TEST_ASSERT_MSG_EQ_TOL(Share(Dfba(), 200000), 0.75, 0.03, "DFBA: VC 1 gets 3/4");
        // EPD, blind to the MCRs, gives VC 1 at most its part of the offer (measured 0.5).
        NS_TEST_ASSERT_MSG_LT(Share(CreateObject<EpdBufferPolicy>(), 200000),
                              2.0 / 3 + 0.01,
                              "EPD ignores the MCRs");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-dfba-buffer-policy test suite.
 */
class DfbaBufferPolicyTestSuite : public TestSuite
{
  public:
    DfbaBufferPolicyTestSuite()
        : TestSuite("atm-dfba-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new DfbaRegionsTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaDrawStatisticsTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaCertainDrawTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaEqualityTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaSingleVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaInactiveVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaSingleCellFrameTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaEomTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaZRuleTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaThresholdsTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaStaticVersusDynamicTestCase, ATM_TEST_QUICK);
        AddTestCase(new DfbaOutputPortSharesTestCase, ATM_TEST_QUICK);
    }
};

static DfbaBufferPolicyTestSuite g_dfbaBufferPolicyTestSuite; //!< registers the suite
