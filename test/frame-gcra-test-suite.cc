/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/frame-gcra.h"
#include "ns3/gfr-token-bucket.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of GFR eligibility (BON; TM 4.1): FrameGcra (F-GCRA) and GfrTokenBucket (BON Fig 8.9).
 * Hand-computed PDU sequences for both, the exact contract tolerance f = tau_MCR + (MBS - 1)(1/MCR
 * - 1/PCR), the tick-before-arrival order, the BON-UNIT claim "F-GCRA = token-bucket form" on
 * random PDU streams (identical eligibility for every cell and tokens = MBS - max(0, ceil((TAT -
 * t)/T)) at every arrival), and the one situation where Fig 8.9 as drawn departs from it (a later
 * cell of an eligible PDU finding the bucket full), after which the figure's bucket never
 * refills. Oracles: hand computations, and the F-GCRA state evaluated with exact rationals in
 * this file.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One cell of a PDU stream.
struct Cell
{
    int64_t ns; //!< arrival, ns
    bool first; //!< first cell of its PDU
    bool clp;   //!< CLP bit
};

/// @return ceil(a / b) for b > 0
AtmInt128
CeilDiv(AtmInt128 a, AtmInt128 b)
{
    return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

/**
 * The token count the token bucket must hold at @p t if it is equivalent to F-GCRA(T, (MBS -
 * 1) T): every tick before the end of t's time step has been applied (the comparison at the
 * time resolution, Gcra), so MBS - max(0, floor((TAT - (t + 1 step)) / T) + 1); MBS while F-GCRA
 * has seen no eligible PDU.
 * @param f the F-GCRA
 * @param mcr the MCR
 * @param mbs MBS
 * @param t the time
 * @return the tokens
 */
int64_t
ExpectedTokens(const FrameGcra& f, const AtmCellRate& mcr, uint32_t mbs, Time t)
{
    if (!f.GetGcra().IsStarted())
    {
        return mbs;
    }
    const AtmExactTime ahead = f.GetGcra().GetExactTat() - AtmExactTime(t + TimeStep(1));
    const AtmExactTime period = AtmExactTime::CellTime(mcr);
    const uint64_t m = AtmExactTime::CommonUnitsPerStep(ahead, period);
    const AtmInt128 cells = -CeilDiv(-ahead.GetUnitsIn(m), period.GetUnitsIn(m)) + 1; // floor + 1
    return static_cast<int64_t>(mbs - std::max<AtmInt128>(0, cells));
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief F-GCRA on a hand-computed PDU sequence.
 */
class FrameGcraHandTestCase : public TestCase
{
  public:
    FrameGcraHandTestCase()
        : TestCase("F-GCRA(10 us, 20 us) decides whole PDUs on their first cell, charges every "
                   "cell of an eligible PDU and no cell of another, refuses CLP=1 PDUs")
    {
    }

  private:
    void DoRun() override
    {
        FrameGcra f(AtmCellRate(100000), MicroSeconds(20));
        NS_TEST_ASSERT_MSG_EQ(f.IsCurrentPduEligible(), false, "no PDU yet");
        NS_TEST_ASSERT_MSG_EQ(f.GetEarliestEligibleTime(), Time::Min(), "idle");

        struct Step
        {
            int64_t ns;       //!< arrival
            bool first;       //!< first cell
            bool clp;         //!< CLP
            bool eligible;    //!< expected
            int64_t tatAfter; //!< expected TAT, ns
        };

        // t          cell     TAT - f   decision                TAT after
        // 0          first    -         eligible (idle)         10 us
        // 1, 2 us    later    -         charged                 20, 30 us
        // 9.999 us   first    10 us     not eligible            30 us
        // 10 us      later    -         not charged             30 us
        // 10 us      first    10 us     eligible (boundary)     40 us
        // 11 us      later    -         charged                 50 us
        // 35 us      first    30 us     CLP=1: not eligible     50 us
        // 36 us      later    -         not charged             50 us
        // 36 us      first    30 us     eligible                60 us
        // 100 us     first    40 us     eligible (idle)         110 us
        const Step steps[] = {{0, true, false, true, 10000},
                              {1000, false, false, true, 20000},
                              {2000, false, false, true, 30000},
                              {9999, true, false, false, 30000},
                              {10000, false, false, false, 30000},
                              {10000, true, false, true, 40000},
                              {11000, false, false, true, 50000},
                              {35000, true, true, false, 50000},
                              {36000, false, true, false, 50000},
                              {36000, true, false, true, 60000},
                              {100000, true, false, true, 110000}};
        for (const Step& s : steps)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Arrive(Ns(s.ns), s.first, s.clp), s.eligible, "at " << s.ns);
            NS_TEST_ASSERT_MSG_EQ(f.IsCurrentPduEligible(), s.eligible, "bit at " << s.ns);
            NS_TEST_ASSERT_MSG_EQ(f.GetGcra().GetTat(), Ns(s.tatAfter), "TAT at " << s.ns);
        }
        NS_TEST_ASSERT_MSG_EQ(f.GetEarliestEligibleTime(), MicroSeconds(90), "110 - 20 us");

        FrameGcra headless(AtmCellRate(100000), MicroSeconds(20));
        NS_TEST_ASSERT_MSG_EQ(headless.Arrive(Time(0), false, false),
                              false,
                              "a cell whose PDU head was not seen is not eligible");
        NS_TEST_ASSERT_MSG_EQ(headless.GetGcra().IsStarted(), false, "and charges nothing");
        f.Reset();
        NS_TEST_ASSERT_MSG_EQ(f.IsCurrentPduEligible(), false, "Reset clears the bit");
        NS_TEST_ASSERT_MSG_EQ(f.GetEarliestEligibleTime(), Time::Min(), "Reset: idle");
    }
};

/**
 * @ingroup atm-tests
 * @brief f from the contract, exactly.
 */
class FrameGcraContractTestCase : public TestCase
{
  public:
    FrameGcraContractTestCase()
        : TestCase("The contract tolerance f = tau_MCR + (MBS - 1)(1 over MCR - 1 over PCR) is "
                   "exact: MBS one-cell PDUs at PCR are eligible, the next is not, and the PCR "
                   "term makes F-GCRA stricter than the token bucket")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate mcr(100000);  // T = 10 us
        const AtmCellRate pcr(1000000); // 1 us
        // f = 2 x (10 - 1) = 18 us.
        NS_TEST_ASSERT_MSG_EQ(FrameGcra::ExactTolerance(mcr, pcr, 3),
                              AtmExactTime(MicroSeconds(18)),
                              "f by hand");
        NS_TEST_ASSERT_MSG_EQ(FrameGcra::ExactTolerance(mcr, pcr, 3, MicroSeconds(2)),
                              AtmExactTime(MicroSeconds(20)),
                              "f with tau_MCR");
        // 61000 cells/s under OC3c, MBS 32: 31 (1e6/61 - 331250/117) = 3000606250/7137 ns.
        NS_TEST_ASSERT_MSG_EQ(
            FrameGcra::ExactTolerance(AtmCellRate(61000), AtmCellRate(18720000, 53), 32),
            AtmExactTime::FromUnits(3000606250LL, 7137),
            "exact f for non-integral cell times");

        // One-cell PDUs at 0, 1, 2 us: TAT 10, 20, 30; the third arrives exactly at 20 - 18.
        FrameGcra f(mcr, pcr, 3);
        for (int64_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Arrive(MicroSeconds(k), true, false), true, "PDU " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(f.Arrive(MicroSeconds(3), true, false), false, "PDU MBS + 1");

        // After those three cells TAT = 30 us: F-GCRA with the PCR term wants 30 - 18 = 12 us,
        // the token bucket (MBS 3, T = 10 us) has its token back at the 10 us tick, and
        // F-GCRA(T, (MBS - 1) T = 20 us) agrees with it.
        for (int64_t at : {10, 11})
        {
            FrameGcra strict(mcr, pcr, 3);
            FrameGcra loose(mcr, MicroSeconds(20));
            GfrTokenBucket bucket(mcr, 3);
            for (int64_t k = 0; k < 3; ++k)
            {
                strict.Arrive(MicroSeconds(k), true, false);
                loose.Arrive(MicroSeconds(k), true, false);
                bucket.Arrive(MicroSeconds(k), true, false);
            }
            NS_TEST_ASSERT_MSG_EQ(strict.Arrive(MicroSeconds(at), true, false), false, "PCR term");
            NS_TEST_ASSERT_MSG_EQ(loose.Arrive(MicroSeconds(at), true, false), true, "(MBS-1) T");
            NS_TEST_ASSERT_MSG_EQ(bucket.Arrive(MicroSeconds(at), true, false), true, "bucket");
        }
        FrameGcra strict(mcr, pcr, 3);
        for (int64_t k = 0; k < 3; ++k)
        {
            strict.Arrive(MicroSeconds(k), true, false);
        }
        NS_TEST_ASSERT_MSG_EQ(strict.Arrive(MicroSeconds(12) - Ns(1), true, false), false, "early");
        NS_TEST_ASSERT_MSG_EQ(strict.Arrive(MicroSeconds(12), true, false), true, "12 us");
    }
};

/**
 * @ingroup atm-tests
 * @brief The token bucket on a hand-computed sequence.
 */
class GfrTokenBucketHandTestCase : public TestCase
{
  public:
    GfrTokenBucketHandTestCase()
        : TestCase("The token bucket (MCR 100000 cells per s, MBS 3) follows a hand-computed "
                   "sequence: negative tokens, a tick at the arrival instant applied first, lazy "
                   "refill stopping at MBS, CLP=1 PDUs")
    {
    }

  private:
    void DoRun() override
    {
        GfrTokenBucket b(AtmCellRate(100000), 3);
        FrameGcra f(AtmCellRate(100000), MicroSeconds(20)); // (MBS - 1) T
        NS_TEST_ASSERT_MSG_EQ(b.GetTokens(), 3, "full");

        struct Step
        {
            int64_t us;     //!< arrival
            bool first;     //!< first cell
            bool clp;       //!< CLP
            bool eligible;  //!< expected
            int64_t tokens; //!< expected after the cell
        };

        // 0: 3 -> 2, timer started (ticks 10, 20, ...); 5, 6: one 2-cell PDU -> 0; 9: none
        // left; 10: the 10 us tick first (1), eligible -> 0; 50 (ticks 20, 30, 40: full at 40,
        // timer stopped): CLP=1 PDU, not eligible, 3; 51 not charged; 60: 3 -> 2 (ticks from
        // 70), five more cells 61..65 -> -3; 69: -3, not eligible; 100 (ticks 70, 80, 90, 100):
        // 1 -> eligible -> 0.
        const Step steps[] = {{0, true, false, true, 2},
                              {5, true, false, true, 1},
                              {6, false, false, true, 0},
                              {9, true, false, false, 0},
                              {10, true, false, true, 0},
                              {50, true, true, false, 3},
                              {51, false, true, false, 3},
                              {60, true, false, true, 2},
                              {61, false, false, true, 1},
                              {62, false, false, true, 0},
                              {63, false, false, true, -1},
                              {64, false, false, true, -2},
                              {65, false, false, true, -3},
                              {69, true, false, false, -3},
                              {100, true, false, true, 0}};
        for (const Step& s : steps)
        {
            const Time t = MicroSeconds(s.us);
            NS_TEST_ASSERT_MSG_EQ(b.Arrive(t, s.first, s.clp), s.eligible, "bucket at " << t);
            NS_TEST_ASSERT_MSG_EQ(b.GetTokens(), s.tokens, "tokens at " << t);
            NS_TEST_ASSERT_MSG_EQ(f.Arrive(t, s.first, s.clp), s.eligible, "F-GCRA at " << t);
            if (s.us == 10)
            {
                NS_TEST_ASSERT_MSG_EQ(b.GetTokensAt(MicroSeconds(35)), 2, "ticks 20, 30");
                NS_TEST_ASSERT_MSG_EQ(b.IsTimerRunningAt(MicroSeconds(35)), true, "running");
                NS_TEST_ASSERT_MSG_EQ(b.GetTokensAt(MicroSeconds(40) - Ns(1)), 2, "before 40");
                NS_TEST_ASSERT_MSG_EQ(b.GetTokensAt(MicroSeconds(40)), 3, "full at 40 us");
                NS_TEST_ASSERT_MSG_EQ(b.IsTimerRunningAt(MicroSeconds(40)), false, "stopped");
                NS_TEST_ASSERT_MSG_EQ(b.GetTokensAt(Seconds(1)), 3, "never above MBS");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(b.GetTokensAt(Seconds(1)), 3, "refilled");
        b.Reset();
        NS_TEST_ASSERT_MSG_EQ(b.GetTokens(), 3, "Reset refills");
        NS_TEST_ASSERT_MSG_EQ(b.IsCurrentPduEligible(), false, "Reset clears the bit");
    }
};

/**
 * @ingroup atm-tests
 * @brief Fig 8.9 as drawn stops refilling after a later cell finds the bucket full.
 */
class GfrTokenBucketFigureTestCase : public TestCase
{
  public:
    GfrTokenBucketFigureTestCase()
        : TestCase("Fig 8.9 as drawn (timer started on first cells only) never refills after a "
                   "two-cell PDU spaced exactly 1 over MCR from a full bucket; the corrected form "
                   "and F-GCRA keep serving the VC")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate mcr(100000);
        GfrTokenBucket drawn(mcr, 2, GfrTokenBucket::ON_FIRST_CELL);
        GfrTokenBucket fixed(mcr, 2, GfrTokenBucket::ON_ANY_CELL);
        FrameGcra f(mcr, MicroSeconds(10)); // (MBS - 1) T
        // 0 us: first cell, 2 -> 1, timer started (tick at 10 us). 10 us: the tick refills the
        // bucket to 2 and stops the timer, then the second cell takes a token: 1 left. Only a
        // first cell finding 2 tokens starts the timer in the figure, so it never runs again.
        for (int64_t us : {0, 10})
        {
            const bool first = us == 0;
            NS_TEST_ASSERT_MSG_EQ(drawn.Arrive(MicroSeconds(us), first, false), true, "drawn");
            NS_TEST_ASSERT_MSG_EQ(fixed.Arrive(MicroSeconds(us), first, false), true, "fixed");
            NS_TEST_ASSERT_MSG_EQ(f.Arrive(MicroSeconds(us), first, false), true, "F-GCRA");
        }
        NS_TEST_ASSERT_MSG_EQ(drawn.GetTokens(), 1, "drawn: one token");
        NS_TEST_ASSERT_MSG_EQ(drawn.IsTimerRunningAt(MicroSeconds(10)), false, "timer stopped");
        NS_TEST_ASSERT_MSG_EQ(drawn.GetTokensAt(Seconds(1)), 1, "and never refills");
        NS_TEST_ASSERT_MSG_EQ(fixed.IsTimerRunningAt(MicroSeconds(10)), true, "fixed: restarted");
        NS_TEST_ASSERT_MSG_EQ(fixed.GetTokensAt(MicroSeconds(20)), 2, "fixed: full at 20 us");
        // One-cell PDUs a second apart: the figure's VC gets one more, then nothing, ever.
        const bool drawnExpected[] = {true, false, false, false};
        for (int64_t s = 1; s <= 4; ++s)
        {
            const Time t = Seconds(s);
            NS_TEST_ASSERT_MSG_EQ(drawn.Arrive(t, true, false),
                                  drawnExpected[s - 1],
                                  "drawn " << t);
            NS_TEST_ASSERT_MSG_EQ(fixed.Arrive(t, true, false), true, "fixed at " << t);
            NS_TEST_ASSERT_MSG_EQ(f.Arrive(t, true, false), true, "F-GCRA at " << t);
        }
        NS_TEST_ASSERT_MSG_EQ(drawn.GetTokensAt(Seconds(100)), 0, "stalled at 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief BON-UNIT: F-GCRA and the token bucket on random PDU streams.
 */
class GfrEquivalenceTestCase : public TestCase
{
  public:
    GfrEquivalenceTestCase()
        : TestCase("On random PDU streams F-GCRA(1 over MCR, (MBS - 1) over MCR) and the token "
                   "bucket of MBS decide identically for every cell with tokens = MBS - max(0, "
                   "floor((TAT - t - 1 step) over T) - 1); Fig 8.9 as drawn agrees while the cells "
                   "of a PDU are "
                   "closer than T, and otherwise until a later cell finds the bucket full, after "
                   "which it never refills")
    {
    }

  private:
    /// Generate a random stream against a reference F-GCRA (arrivals on its boundaries too).
    static std::vector<Cell> Stream(std::mt19937& rng,
                                    const AtmCellRate& mcr,
                                    uint32_t mbs,
                                    size_t pdus,
                                    bool slowCells)
    {
        FrameGcra ref(mcr, AtmExactTime::CellTime(mcr) * (static_cast<int64_t>(mbs) - 1));
        const int64_t period = AtmExactTime::CellTime(mcr).Ceil().GetTimeStep();
        std::uniform_int_distribution<int> pct(0, 99);
        std::uniform_int_distribution<uint32_t> size(1, 2 * mbs + 2);
        std::uniform_int_distribution<int64_t> idle(0, 3 * period * mbs / 2);
        std::uniform_int_distribution<int64_t> fast(0, period / 4);
        std::uniform_int_distribution<int64_t> belowT(0, period - 2); // < T even if T < ceil(T)
        std::uniform_int_distribution<int64_t> slow(0, 2 * period);
        std::vector<Cell> cells;
        int64_t now = 0;
        for (size_t p = 0; p < pdus; ++p)
        {
            const Time e = ref.GetEarliestEligibleTime();
            const int c = pct(rng);
            if (c < 30 && e != Time::Min())
            {
                now = std::max(now, e.GetTimeStep()); // exactly eligible again
            }
            else if (c < 40 && e != Time::Min())
            {
                now = std::max(now, e.GetTimeStep() - 1); // one step early
            }
            else
            {
                now += idle(rng);
            }
            const bool clp = pct(rng) < 10;
            const uint32_t n = size(rng);
            for (uint32_t i = 0; i < n; ++i)
            {
                if (i > 0)
                {
                    const int g = pct(rng);
                    if (slowCells)
                    {
                        now += g < 60 ? fast(rng) : g < 70 ? period : slow(rng);
                    }
                    else
                    {
                        now += g < 60 ? fast(rng) : belowT(rng);
                    }
                }
                cells.push_back({now, i == 0, clp});
                ref.Arrive(Ns(now), i == 0, clp);
            }
        }
        return cells;
    }

    void DoRun() override
    {
        struct Config
        {
            AtmCellRate mcr; //!< MCR
            uint32_t mbs;    //!< MBS
        };

        const Config configs[] = {{AtmCellRate(100000), 1},
                                  {AtmCellRate(100000), 2},
                                  {AtmCellRate(100000), 5},
                                  {AtmCellRate(100000), 32},
                                  {AtmCellRate(61000), 3},
                                  {AtmCellRate(61000), 32},
                                  {AtmCellRate(1872000, 53), 7}};
        std::mt19937 rng(8);
        for (const Config& cfg : configs)
        {
            uint64_t eligible = 0;
            uint64_t refused = 0;
            uint32_t stalls = 0;
            uint32_t divergent = 0;
            uint32_t fastStalls = 0;
            for (int s = 0; s < 80; ++s)
            {
                // Even streams: some cells of a PDU at least T apart; odd: all closer than T.
                const bool slowCells = s % 2 == 0;
                const std::vector<Cell> cells = Stream(rng, cfg.mcr, cfg.mbs, 60, slowCells);
                const AtmExactTime f =
                    AtmExactTime::CellTime(cfg.mcr) * (static_cast<int64_t>(cfg.mbs) - 1);
                FrameGcra fg(cfg.mcr, f);
                GfrTokenBucket tb(cfg.mcr, cfg.mbs);
                GfrTokenBucket drawn(cfg.mcr, cfg.mbs, GfrTokenBucket::ON_FIRST_CELL);
                bool stalled = false;
                bool diverged = false;
                int64_t drawnTokens = cfg.mbs;
                for (size_t i = 0; i < cells.size(); ++i)
                {
                    const Cell& c = cells[i];
                    const Time t = Ns(c.ns);
                    NS_TEST_ASSERT_MSG_EQ(tb.GetTokensAt(t),
                                          ExpectedTokens(fg, cfg.mcr, cfg.mbs, t),
                                          cfg.mcr << "/" << cfg.mbs << " stream " << s << " cell "
                                                  << i);
                    // The figure departs at a later cell of an eligible PDU finding MBS tokens.
                    const bool event = !c.first && drawn.IsCurrentPduEligible() &&
                                       drawn.GetTokensAt(t) == static_cast<int64_t>(cfg.mbs);
                    const bool d = fg.Arrive(t, c.first, c.clp);
                    NS_TEST_ASSERT_MSG_EQ(tb.Arrive(t, c.first, c.clp),
                                          d,
                                          cfg.mcr << "/" << cfg.mbs << " stream " << s << " cell "
                                                  << i);
                    const bool dd = drawn.Arrive(t, c.first, c.clp);
                    if (!stalled)
                    {
                        NS_TEST_ASSERT_MSG_EQ(dd, d, "the figure before any stall, cell " << i);
                    }
                    else
                    {
                        // Stalled: the timer never runs again and tokens never grow.
                        NS_TEST_ASSERT_MSG_EQ(drawn.IsTimerRunningAt(t), false, "stalled timer");
                        NS_TEST_ASSERT_MSG_LT_OR_EQ(drawn.GetTokens(), drawnTokens, "no refill");
                    }
                    diverged = diverged || dd != d;
                    stalled = stalled || event;
                    drawnTokens = drawn.GetTokens();
                    (d ? eligible : refused) += c.first ? 1 : 0;
                }
                stalls += stalled ? 1 : 0;
                divergent += diverged ? 1 : 0;
                fastStalls += (stalled && !slowCells) ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_GT(eligible, 200U, cfg.mcr << "/" << cfg.mbs << ": eligible PDUs");
            NS_TEST_ASSERT_MSG_GT(refused, 200U, cfg.mcr << "/" << cfg.mbs << ": refused PDUs");
            NS_TEST_ASSERT_MSG_GT(stalls, 0U, cfg.mcr << "/" << cfg.mbs << ": figure stalls seen");
            NS_TEST_ASSERT_MSG_GT(divergent, 0U, cfg.mcr << "/" << cfg.mbs << ": and diverges");
            // A stall needs a gap of at least T inside a PDU: never with cells closer than T.
            NS_TEST_ASSERT_MSG_EQ(fastStalls, 0U, cfg.mcr << "/" << cfg.mbs << ": cells < T apart");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The FrameGcra / GfrTokenBucket test suite.
 */
class FrameGcraTestSuite : public TestSuite
{
  public:
    FrameGcraTestSuite()
        : TestSuite("atm-frame-gcra", ATM_SUITE_UNIT)
    {
        AddTestCase(new FrameGcraHandTestCase, ATM_TEST_QUICK);
        AddTestCase(new FrameGcraContractTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrTokenBucketHandTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrTokenBucketFigureTestCase, ATM_TEST_QUICK);
        AddTestCase(new GfrEquivalenceTestCase, ATM_TEST_QUICK);
    }
};

static FrameGcraTestSuite g_frameGcraTestSuite; //!< static instance registering the suite
