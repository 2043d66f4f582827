/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/gcra-leaky-bucket.h"
#include "ns3/gcra.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of Gcra (virtual scheduling) and GcraLeakyBucket (continuous-state leaky bucket), ITU-T
 * I.371: hand-computed decision sequences, the TAT - L boundary, the unchanged state after a
 * non-conforming cell, exact increments against rounded ones over 10^6 cells (61,000 cells/s and
 * OC-3c), the greedy source at the earliest conforming time, the equivalence of the two forms
 * on random sequences, and the burst formula of eq. 4.2 against a simulated burst. Oracles: hand
 * computations in the comments and ceilings of k / rate evaluated in 128-bit integers, never the
 * classes' own arithmetic.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// @return ceil(k den 1e9 / num) ns: the first time step at or after k / rate
Time
CeilIdeal(uint64_t k, const AtmCellRate& rate)
{
    const AtmInt128 x = static_cast<AtmInt128>(k) * rate.GetDenominator() * 1000000000;
    const AtmInt128 num = rate.GetNumerator();
    return Ns(static_cast<int64_t>((x + num - 1) / num));
}

/// @return floor(k den 1e9 / num) ns: the time step that holds k / rate
Time
FloorIdeal(uint64_t k, const AtmCellRate& rate)
{
    const AtmInt128 x = static_cast<AtmInt128>(k) * rate.GetDenominator() * 1000000000;
    return Ns(static_cast<int64_t>(x / rate.GetNumerator()));
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The hand-computed sequence of the brief, on both forms.
 */
class GcraHandSequenceTestCase : public TestCase
{
  public:
    GcraHandSequenceTestCase()
        : TestCase("GCRA(10 us, 3 us) on arrivals 0, 5, 8, 12, 13, 17, 30 us decides C, N, C, N, "
                   "N, C, C as computed by hand, in both forms")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(Time::GetResolution(), Time::NS, "hand values in nanoseconds");
        Gcra vs(MicroSeconds(10), MicroSeconds(3));
        GcraLeakyBucket lb(MicroSeconds(10), MicroSeconds(3));
        NS_TEST_ASSERT_MSG_EQ(vs.GetEarliestConformingTime(), Time::Min(), "idle: any time");
        NS_TEST_ASSERT_MSG_EQ(vs.GetTat(), Time::Min(), "no TAT before the first cell");
        // t    TAT before  TAT - L  decision          TAT after
        // 0    -           -        C (first cell)    10
        // 5    10          7        N (5 < 7)         10
        // 8    10          7        C                 max(8, 10) + 10 = 20
        // 12   20          17       N                 20
        // 13   20          17       N                 20
        // 17   20          17       C (boundary)      30
        // 30   30          27       C                 max(30, 30) + 10 = 40
        const int64_t arrivalUs[] = {0, 5, 8, 12, 13, 17, 30};
        const bool expected[] = {true, false, true, false, false, true, true};
        const int64_t tatAfterUs[] = {10, 10, 20, 20, 20, 30, 40};
        for (size_t i = 0; i < 7; ++i)
        {
            const Time t = MicroSeconds(arrivalUs[i]);
            NS_TEST_ASSERT_MSG_EQ(vs.Conforms(t), expected[i], "virtual scheduling at " << t);
            NS_TEST_ASSERT_MSG_EQ(lb.Conforms(t), expected[i], "leaky bucket at " << t);
            NS_TEST_ASSERT_MSG_EQ(vs.GetTat(), MicroSeconds(tatAfterUs[i]), "TAT after " << t);
            NS_TEST_ASSERT_MSG_EQ(vs.GetEarliestConformingTime(),
                                  MicroSeconds(tatAfterUs[i] - 3),
                                  "earliest conforming time after " << t);
            NS_TEST_ASSERT_MSG_EQ(lb.GetEarliestConformingTime(),
                                  MicroSeconds(tatAfterUs[i] - 3),
                                  "leaky bucket's earliest conforming time after " << t);
        }
        // The bucket by hand: X = 10 at 0; X' = 5 > 3 at 5; X' = 2 at 8 -> X = 12, LCT 8;
        // X' = 8, 7 > 3 at 12, 13; X' = 3 at 17 -> X = 13, LCT 17; X' = 0 at 30 -> X = 10 us,
        // LCT 30 us: LCT + X = 40 us = TAT.
        NS_TEST_ASSERT_MSG_EQ(lb.GetLastConformanceTime(), MicroSeconds(30), "LCT");
        NS_TEST_ASSERT_MSG_EQ(lb.GetExactContent(), AtmExactTime(MicroSeconds(10)), "X");
        NS_TEST_ASSERT_MSG_EQ(vs.GetIncrement(), MicroSeconds(10), "GetIncrement");
        NS_TEST_ASSERT_MSG_EQ(vs.GetLimit(), MicroSeconds(3), "GetLimit");
        NS_TEST_ASSERT_MSG_EQ(vs.GetUnitsPerStep(), 1U, "integer increments need no sub-steps");

        vs.Reset();
        lb.Reset();
        NS_TEST_ASSERT_MSG_EQ(vs.GetEarliestConformingTime(), Time::Min(), "reset: idle");
        NS_TEST_ASSERT_MSG_EQ(vs.Conforms(MicroSeconds(31)), true, "first cell after Reset");
        NS_TEST_ASSERT_MSG_EQ(lb.Conforms(MicroSeconds(31)), true, "first cell after Reset");
        NS_TEST_ASSERT_MSG_EQ(vs.GetTat(), MicroSeconds(41), "TAT = t + I after Reset");
        NS_TEST_ASSERT_MSG_EQ(vs.Conforms(MicroSeconds(37)), false, "37 < 41 - 3");
        NS_TEST_ASSERT_MSG_EQ(lb.Conforms(MicroSeconds(37)), false, "37 < 41 - 3");
    }
};

/**
 * @ingroup atm-tests
 * @brief A cell in the time step that holds TAT - L conforms, one time step earlier does not,
 *        for integer and exact increments (with an integer bound: t = TAT - L conforms).
 */
class GcraBoundaryTestCase : public TestCase
{
  public:
    GcraBoundaryTestCase()
        : TestCase("An arrival in the time step that holds TAT - L conforms and one time step "
                   "earlier does not, with Time-built and rate-built increments")
    {
    }

  private:
    /// One boundary check on a fresh pair of algorithms.
    struct Case
    {
        const char* name;   //!< description
        Gcra vs;            //!< virtual scheduling
        GcraLeakyBucket lb; //!< leaky bucket
        Time first;         //!< first arrival
        Time boundary;      //!< hand-computed smallest conforming step for the second cell
    };

    void DoRun() override
    {
        const AtmCellRate r61k(61000);
        const AtmCellRate oc3(18720000, 53);
        // The boundary is floor(TAT - L): a cell in the time step that holds TAT - L is on time.
        // I = 1e6/61 = 16393.44 ns: TAT = 16393.44; L = 0 -> 16393; L = 1 ns -> 16392.
        // OC3c: I = 2831 + 23/117 ns, L = 101 us: TAT - L = 2831.197 - 101000 < 0 -> any time
        // after the first cell at 0, i.e. the boundary is floor(-98168.8) = -98169 ns.
        // After a first cell at 5 us with I = 10 us, L = 3 us: TAT - L = 12 us.
        std::vector<Case> cases = {
            {"10 us, 3 us",
             Gcra(MicroSeconds(10), MicroSeconds(3)),
             GcraLeakyBucket(MicroSeconds(10), MicroSeconds(3)),
             MicroSeconds(5),
             MicroSeconds(12)},
            {"61000/s, 0", Gcra(r61k, Time(0)), GcraLeakyBucket(r61k, Time(0)), Ns(0), Ns(16393)},
            {"61000/s, 1 ns", Gcra(r61k, Ns(1)), GcraLeakyBucket(r61k, Ns(1)), Ns(0), Ns(16392)},
            {"61000/s, 16393 ns",
             Gcra(r61k, Ns(16393)),
             GcraLeakyBucket(r61k, Ns(16393)),
             Ns(0),
             Ns(0)},
            {"OC3c, 0", Gcra(oc3, Time(0)), GcraLeakyBucket(oc3, Time(0)), Ns(1000), Ns(3831)},
            {"OC3c, 101 us",
             Gcra(oc3, MicroSeconds(101)),
             GcraLeakyBucket(oc3, MicroSeconds(101)),
             Ns(0),
             Ns(-98169)},
        };
        for (Case& c : cases)
        {
            NS_TEST_ASSERT_MSG_EQ(c.vs.Conforms(c.first), true, c.name << ": first cell");
            NS_TEST_ASSERT_MSG_EQ(c.lb.Conforms(c.first), true, c.name << ": first cell");
            NS_TEST_ASSERT_MSG_EQ(c.vs.GetEarliestConformingTime(), c.boundary, c.name);
            NS_TEST_ASSERT_MSG_EQ(c.lb.GetEarliestConformingTime(), c.boundary, c.name);
            if (c.boundary > c.first)
            {
                const Time before = c.boundary - Ns(1);
                NS_TEST_ASSERT_MSG_EQ(c.vs.WouldConform(before), false, c.name << " at " << before);
                NS_TEST_ASSERT_MSG_EQ(c.lb.WouldConform(before), false, c.name << " at " << before);
                NS_TEST_ASSERT_MSG_EQ(c.vs.Conforms(before), false, c.name << " at " << before);
                NS_TEST_ASSERT_MSG_EQ(c.lb.Conforms(before), false, c.name << " at " << before);
            }
            const Time at = std::max(c.first, c.boundary);
            NS_TEST_ASSERT_MSG_EQ(c.vs.WouldConform(at), true, c.name << " at " << at);
            NS_TEST_ASSERT_MSG_EQ(c.vs.Conforms(at), true, c.name << " at " << at);
            NS_TEST_ASSERT_MSG_EQ(c.lb.Conforms(at), true, c.name << " at " << at);
        }
        // The unit M divides the rate's numerator: 61000 / gcd(61000, 1e9) = 61 and
        // 18720000 / gcd(18720000, 53e9) = 117.
        NS_TEST_ASSERT_MSG_EQ(Gcra(r61k, Time(0)).GetUnitsPerStep(), 61U, "M at 61000/s");
        NS_TEST_ASSERT_MSG_EQ(Gcra(oc3, Time(0)).GetUnitsPerStep(), 117U, "M at OC3c");
        NS_TEST_ASSERT_MSG_EQ(Gcra(AtmCellRate(80000), Time(0)).GetUnitsPerStep(), 1U, "E3");
        NS_TEST_ASSERT_MSG_EQ(Gcra(oc3, Time(0)).GetIncrement(), Ns(2831), "display increment");
        NS_TEST_ASSERT_MSG_EQ(Gcra(r61k, Time(0)).GetExactIncrement(),
                              AtmExactTime::FromUnits(1000000, 61),
                              "exact increment 1e6/61 ns");
    }
};

/**
 * @ingroup atm-tests
 * @brief Non-conforming cells do not touch the state.
 */
class GcraNonConformingStateTestCase : public TestCase
{
  public:
    GcraNonConformingStateTestCase()
        : TestCase("A non-conforming arrival leaves TAT (and X, LCT) unchanged: a policer fed "
                   "extra non-conforming cells decides like one that never saw them")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate oc3(18720000, 53);
        Gcra vs(oc3, Ns(500));
        GcraLeakyBucket lb(oc3, Ns(500));
        Gcra reference(oc3, Ns(500));
        GcraLeakyBucket lbReference(oc3, Ns(500));
        std::mt19937 rng(20240611);
        std::uniform_int_distribution<int64_t> gap(0, 4000);
        int64_t t = 0;
        uint32_t flooded = 0;
        for (int i = 0; i < 20000; ++i)
        {
            t += gap(rng);
            // Flood: non-conforming cells between t and the earliest conforming time.
            const Time earliest = vs.GetEarliestConformingTime();
            const Time tatBefore = vs.GetTat();
            const AtmExactTime xBefore = lb.GetExactContent();
            const Time lctBefore = lb.GetLastConformanceTime();
            for (int64_t f = t; Ns(f) < earliest; f += 700)
            {
                NS_TEST_ASSERT_MSG_EQ(vs.Conforms(Ns(f)), false, "flood cell at " << f);
                NS_TEST_ASSERT_MSG_EQ(lb.Conforms(Ns(f)), false, "flood cell at " << f);
                t = f;
                ++flooded;
            }
            NS_TEST_ASSERT_MSG_EQ(vs.GetTat(), tatBefore, "TAT after the flood");
            NS_TEST_ASSERT_MSG_EQ(vs.GetEarliestConformingTime(), earliest, "after the flood");
            NS_TEST_ASSERT_MSG_EQ(lb.GetExactContent(), xBefore, "X after the flood");
            NS_TEST_ASSERT_MSG_EQ(lb.GetLastConformanceTime(), lctBefore, "LCT after the flood");
            const Time cell = Ns(t);
            const bool expected = reference.Conforms(cell);
            NS_TEST_ASSERT_MSG_EQ(lbReference.Conforms(cell), expected, "references agree");
            NS_TEST_ASSERT_MSG_EQ(vs.Conforms(cell), expected, "cell " << i << " at " << cell);
            NS_TEST_ASSERT_MSG_EQ(lb.Conforms(cell), expected, "cell " << i << " at " << cell);
        }
        NS_TEST_ASSERT_MSG_GT(flooded, 1000U, "the flood exercised non-conforming cells");
    }
};

/**
 * @ingroup atm-tests
 * @brief Exact increments do not drift; rounded ones do, in one direction or the other.
 */
class GcraNoDriftTestCase : public TestCase
{
  public:
    GcraNoDriftTestCase()
        : TestCase(
              "Exact increments do not drift over 10^6 cells at 61000 cells per s and OC3c; an "
              "increment rounded up rejects the exactly shaped source, one rounded down "
              "accepts a too-fast one for ever")
    {
    }

  private:
    /**
     * Feed cells 0..n of a source to a GCRA.
     * @param g the GCRA
     * @param n the last cell index
     * @param at cell index -> arrival
     * @param firstNonConforming receives the index of the first non-conforming cell (n + 1 if
     *        none)
     * @return the number of conforming cells
     */
    template <typename F>
    static uint64_t Feed(Gcra g, uint64_t n, F at, uint64_t* firstNonConforming)
    {
        uint64_t conforming = 0;
        *firstNonConforming = n + 1;
        for (uint64_t k = 0; k <= n; ++k)
        {
            if (g.Conforms(at(k)))
            {
                ++conforming;
            }
            else if (*firstNonConforming > n)
            {
                *firstNonConforming = k;
            }
        }
        return conforming;
    }

    void DoRun() override
    {
        const uint64_t n = 1000000;
        uint64_t first = 0;
        const AtmCellRate r61k(61000);
        auto ceil61k = [&](uint64_t k) { return CeilIdeal(k, r61k); };
        const AtmCellClock clock61k(r61k);
        auto round61k = [&](uint64_t k) { return clock61k.GetSlotStart(k); };

        // Exact GCRA(1/61000 s, 1 ns): cell k at ceil(k I) or round(k I) is less than one step
        // from k I, and TAT after cell k stays below (k + 1) I + 1 step: all conform.
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(r61k, Ns(1)), n, ceil61k, &first), n + 1, "ceil, 1 ns");
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(r61k, Ns(1)), n, round61k, &first), n + 1, "slots, 1 ns");
        // Even with L = 0: TAT before cell k stays below k I + 1 step, so floor(TAT) <= ceil(k I)
        // and cell k lies in the time step that holds TAT (the comparison at the resolution):
        // cells at 0, 16394 and 32787 ns meet TAT = 16394 + 16393.44 = 32787.44 ns, on time.
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(r61k, Time(0)), n, ceil61k, &first), n + 1, "ceil, L = 0");
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(r61k, Time(0)), n, round61k, &first), n + 1, "slots, 0");

        // Rounded up, I' = 16394 ns = I + 34/61 ns: with every earlier cell conforming, TAT
        // before cell k is 16394 k and k I' - ceil(k I) = floor(34 k / 61) must stay <= L.
        // L = 1 ns: k = 3 gives 1, k = 4 gives 2, so cell 4 is the first rejected; from then on
        // the 1 ns of slack cannot absorb two short (16393 ns) gaps in a row against 16394 ns,
        // and a large share of the exactly shaped cells is rejected.
        const uint64_t up = Feed(Gcra(Ns(16394), Ns(1)), n, ceil61k, &first);
        NS_TEST_ASSERT_MSG_EQ(first, 4U, "rounded-up increment, L = 1 ns: first rejection");
        NS_TEST_ASSERT_MSG_GT(n + 1 - up, n / 10, "more than 10 % of the cells rejected");
        // L = CDVT 101 us: the drift of 34/61 ns per cell uses the CDVT up, floor(34 k / 61) >
        // 101000 first at k = ceil(101001 x 61 / 34) = 181208; the exact GCRA passes all. Over
        // 10^6 cells the policer then passes 1 + floor((t_n + L) / I') of them, the bound of
        // eq. 3.2 for one bucket: 999973, 28 cells of an exactly shaped source lost.
        const uint64_t upCdvt = Feed(Gcra(Ns(16394), MicroSeconds(101)), n, ceil61k, &first);
        NS_TEST_ASSERT_MSG_EQ(first, 181208U, "rounded-up increment, CDVT 101 us");
        const uint64_t bound = 1 + (ceil61k(n).GetTimeStep() + 101000) / 16394;
        NS_TEST_ASSERT_MSG_EQ(upCdvt, bound, "the rounded policer passes just its own bound");
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(r61k, MicroSeconds(101)), n, ceil61k, &first),
                              n + 1,
                              "exact, CDVT 101 us");

        // Rounded down, I'' = 16393 ns: a source spaced 16393 ns (61,001.6 cells/s, above the
        // contract) passes for ever, while the exact GCRA rejects its cell 5: cell k, at
        // 16393 k ns, is non-conforming once k (I - 16393) = 27 k / 61 ns reaches L + one time
        // step = 2 ns (t < floor(TAT - L)), first at k = 5.
        auto fast = [](uint64_t k) { return Ns(static_cast<int64_t>(16393 * k)); };
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(Ns(16393), Ns(1)), n, fast, &first), n + 1, "too lenient");
        const uint64_t exactFast = Feed(Gcra(r61k, Ns(1)), n, fast, &first);
        NS_TEST_ASSERT_MSG_EQ(first, 5U, "exact GCRA rejects the fast source's cell 5");
        // It passes exactly the contract's share: at most 1 + floor((t_n + 1 ns) 61000 / 1 s).
        NS_TEST_ASSERT_MSG_LT_OR_EQ(exactFast,
                                    1 + (16393 * n + 1) * 61 / 1000000,
                                    "the exact GCRA passes no more than the contract");

        // OC3c: I = 2831 + 23/117 ns. Exact: every cell conforms with L = 1 ns.
        const AtmCellRate oc3(18720000, 53);
        auto ceilOc3 = [&](uint64_t k) { return CeilIdeal(k, oc3); };
        const AtmCellClock clockOc3(oc3);
        auto roundOc3 = [&](uint64_t k) { return clockOc3.GetSlotStart(k); };
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(oc3, Ns(1)), n, ceilOc3, &first), n + 1, "OC3c ceil");
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(oc3, Ns(1)), n, roundOc3, &first), n + 1, "OC3c slots");
        // Rounded up to 2832 ns = I + 94/117 ns: floor(94 k / 117) reaches 2 at k = 3.
        Feed(Gcra(Ns(2832), Ns(1)), n, ceilOc3, &first);
        NS_TEST_ASSERT_MSG_EQ(first, 3U, "OC3c rounded up: first rejection");
        // Rounded down to 2831 ns: cells every 2831 ns all pass; exactly, 23 k / 117 reaches
        // L + one step = 2 ns first at k = 11.
        auto fastOc3 = [](uint64_t k) { return Ns(static_cast<int64_t>(2831 * k)); };
        NS_TEST_ASSERT_MSG_EQ(Feed(Gcra(Ns(2831), Ns(1)), n, fastOc3, &first), n + 1, "lenient");
        Feed(Gcra(oc3, Ns(1)), n, fastOc3, &first);
        NS_TEST_ASSERT_MSG_EQ(first, 11U, "exact OC3c GCRA rejects the fast source's cell 11");
    }
};

/**
 * @ingroup atm-tests
 * @brief A greedy source at GetEarliestConformingTime() runs at exactly the contract rate.
 */
class GcraGreedySourceTestCase : public TestCase
{
  public:
    GcraGreedySourceTestCase()
        : TestCase("A greedy source sending at the earliest conforming time sends cell k in the "
                   "time step that holds k I with L = 0 and one step earlier with L = 1 step: "
                   "no drift over 10^6 cells")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t n = 1000000;
        for (const AtmCellRate& rate : {AtmCellRate(61000), AtmCellRate(18720000, 53)})
        {
            // The earliest conforming time is floor(TAT - L) <= TAT, so max(t_k, TAT) = TAT and
            // TAT = k I exactly: t_k = floor(k I - L). L = 0: t_k = floor(k I), the exact rate;
            // L = 1 step: one step earlier.
            for (const Time& limit : {Time(0), Ns(1)})
            {
                Gcra g(rate, limit);
                Time now(0);
                for (uint64_t k = 0; k <= n; ++k)
                {
                    now = std::max(now, g.GetEarliestConformingTime());
                    if (k > 0)
                    {
                        NS_TEST_ASSERT_MSG_EQ(now,
                                              FloorIdeal(k, rate) - limit,
                                              rate << ", L " << limit << ": cell " << k);
                        NS_TEST_ASSERT_MSG_EQ(g.WouldConform(now - Ns(1)), false, "a step early");
                    }
                    NS_TEST_ASSERT_MSG_EQ(g.Conforms(now), true, rate << ": cell " << k);
                }
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Virtual scheduling and leaky bucket agree cell by cell on random sequences.
 */
class GcraFormsEquivalentTestCase : public TestCase
{
  public:
    GcraFormsEquivalentTestCase()
        : TestCase("Virtual scheduling and the continuous-state leaky bucket take identical "
                   "decisions and give identical earliest conforming times on random arrival "
                   "sequences, boundary arrivals included")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate r61k(61000);
        const AtmCellRate oc3(18720000, 53);
        const AtmExactTime tauS =
            Gcra::ExactBurstTolerance(AtmCellRate(15625), AtmCellRate(5208), 30);

        struct Pair
        {
            const char* name;   //!< description
            Gcra vs;            //!< virtual scheduling
            GcraLeakyBucket lb; //!< leaky bucket
            int64_t scale;      //!< typical gap in ns
        };

        std::vector<Pair> pairs = {
            {"10 us, 3 us",
             Gcra(MicroSeconds(10), MicroSeconds(3)),
             GcraLeakyBucket(MicroSeconds(10), MicroSeconds(3)),
             10000},
            {"7 ns, 0", Gcra(Ns(7), Time(0)), GcraLeakyBucket(Ns(7), Time(0)), 7},
            {"5 ns, 40 ns", Gcra(Ns(5), Ns(40)), GcraLeakyBucket(Ns(5), Ns(40)), 5},
            {"61000/s, 0", Gcra(r61k, Time(0)), GcraLeakyBucket(r61k, Time(0)), 16394},
            {"61000/s, 1 ns", Gcra(r61k, Ns(1)), GcraLeakyBucket(r61k, Ns(1)), 16394},
            {"OC3c, 101 us",
             Gcra(oc3, MicroSeconds(101)),
             GcraLeakyBucket(oc3, MicroSeconds(101)),
             2831},
            {"OC3c, 0", Gcra(oc3, Time(0)), GcraLeakyBucket(oc3, Time(0)), 2831},
            {"1/5208 s, tau_S(15625, 5208, 30)",
             Gcra(AtmExactTime::CellTime(AtmCellRate(5208)), tauS),
             GcraLeakyBucket(AtmExactTime::CellTime(AtmCellRate(5208)), tauS),
             192012},
        };
        std::mt19937 rng(42);
        for (Pair& p : pairs)
        {
            std::uniform_int_distribution<int> choice(0, 99);
            std::uniform_int_distribution<int64_t> gap(0, 3 * p.scale / 2); // above the rate
            std::uniform_int_distribution<int64_t> idle(0, 60 * p.scale);
            int64_t t = 0;
            uint32_t conforming = 0;
            uint32_t boundary = 0;
            for (int i = 0; i < 20000; ++i)
            {
                const Time e = p.vs.GetEarliestConformingTime();
                NS_TEST_ASSERT_MSG_EQ(p.lb.GetEarliestConformingTime(), e, p.name << " cell " << i);
                const int c = choice(rng);
                if (c < 25 && e != Time::Min())
                {
                    t = std::max(t, e.GetTimeStep()); // exactly at TAT - L (rounded up)
                    ++boundary;
                }
                else if (c < 35 && e != Time::Min())
                {
                    t = std::max(t, e.GetTimeStep() - 1); // one step early
                }
                else if (c < 37)
                {
                    t += idle(rng);
                }
                else
                {
                    t += gap(rng);
                }
                const bool d = p.vs.WouldConform(Ns(t));
                NS_TEST_ASSERT_MSG_EQ(p.lb.WouldConform(Ns(t)), d, p.name << " cell " << i);
                NS_TEST_ASSERT_MSG_EQ(p.vs.Conforms(Ns(t)), d, p.name << " cell " << i);
                NS_TEST_ASSERT_MSG_EQ(p.lb.Conforms(Ns(t)), d, p.name << " cell " << i);
                conforming += d ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_GT(conforming, 2000U, p.name << ": conforming cells exercised");
            NS_TEST_ASSERT_MSG_LT(conforming, 19000U, p.name << ": non-conforming exercised");
            NS_TEST_ASSERT_MSG_GT(boundary, 2000U, p.name << ": boundary arrivals exercised");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief BON eq. 4.2 against a simulated burst.
 */
class GcraMaxBurstTestCase : public TestCase
{
  public:
    GcraMaxBurstTestCase()
        : TestCase(
              "MaxBurstCells N = 1 + floor(L over (I - T_j)) equals the longest burst of cells "
              "spaced T_j that an idle GCRA(I, L) accepts, including exact divisions")
    {
    }

  private:
    void DoRun() override
    {
        struct Burst
        {
            int64_t i;      //!< increment, ns
            int64_t l;      //!< limit, ns
            int64_t tj;     //!< spacing, ns
            uint32_t handN; //!< N by hand
        };

        // 1 + floor(3/5) = 1; 1 + floor(30/5) = 7; 1 + 6/3 = 3 (the third cell exactly at
        // TAT - L = 20 - 6 = 14); 1 + 0 = 1; 1 + floor(25/10) = 3 (spacing 0: simultaneous
        // cells); 16394 ns cells through 2831 ns OC3c-like spacing with L = 101 us:
        // 1 + floor(101000 / 13563) = 8; CDVT 187.5 us, 16390 ns policer, 12500 ns E3 spacing:
        // 1 + floor(187500 / 3890) = 49.
        const Burst bursts[] = {{10000, 3000, 5000, 1},
                                {10000, 30000, 5000, 7},
                                {10000, 6000, 7000, 3},
                                {10000, 0, 0, 1},
                                {10000, 25000, 0, 3},
                                {16394, 101000, 2831, 8},
                                {16390, 187500, 12500, 49}};
        for (const Burst& b : bursts)
        {
            const uint32_t n = Gcra::MaxBurstCells(Ns(b.i), Ns(b.l), Ns(b.tj));
            NS_TEST_ASSERT_MSG_EQ(n, b.handN, "formula for I " << b.i << ", L " << b.l);
            Gcra g(Ns(b.i), Ns(b.l));
            uint32_t accepted = 0;
            while (g.Conforms(Ns(b.tj * accepted)))
            {
                ++accepted;
            }
            NS_TEST_ASSERT_MSG_EQ(accepted, n, "simulated burst for I " << b.i << ", L " << b.l);
        }
        // Spacing at or above I: unbounded.
        NS_TEST_ASSERT_MSG_EQ(Gcra::MaxBurstCells(Ns(10), Ns(0), Ns(10)),
                              std::numeric_limits<uint32_t>::max(),
                              "T_j = I: unbounded");
        Gcra g(Ns(10), Time(0));
        for (int64_t k = 0; k < 1000; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(g.Conforms(Ns(10 * k)), true, "spacing I: every cell");
        }
        // Eq. 4.1: 256 cells, input 2.726 us, output 12.5 us: 256 x 12.5 / 9.774 = 327.4.
        NS_TEST_ASSERT_MSG_EQ_TOL(Gcra::MaxAbsorbedBurst(256, Ns(2726), Ns(12500)),
                                  256.0 * 12500 / 9774,
                                  1e-9,
                                  "eq. 4.1");
        NS_TEST_ASSERT_MSG_EQ(Gcra::MaxAbsorbedBurst(256, Ns(12500), Ns(12500)),
                              std::numeric_limits<double>::infinity(),
                              "a buffer drained as fast as it fills never overflows");
    }
};

/**
 * @ingroup atm-tests
 * @brief The Gcra test suite.
 */
class GcraTestSuite : public TestSuite
{
  public:
    GcraTestSuite()
        : TestSuite("atm-gcra", ATM_SUITE_UNIT)
    {
        AddTestCase(new GcraHandSequenceTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraBoundaryTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraNonConformingStateTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraNoDriftTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraGreedySourceTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraFormsEquivalentTestCase, ATM_TEST_QUICK);
        AddTestCase(new GcraMaxBurstTestCase, ATM_TEST_QUICK);
    }
};

static GcraTestSuite g_gcraTestSuite; //!< static instance registering the suite
