/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-exact-time.h"
#include "ns3/atm-int128.h"
#include "ns3/dual-gcra.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of DualGcra (TM 4.0, BON Fig 3.2): MBS cells at PCR from idle and the SCR rejection
 * of the next, the idle time c (T_SCR - T_PCR) before a new c-cell burst (eq. 6.2), the CDVT
 * boundaries of both buckets, the two update modes (where they differ and where they cannot),
 * VBR.2/VBR.3 CLP handling, an exactly shaped VBR source over 10^5 cells, and the burst bound of
 * eq. 3.2 met with equality by a greedy source. Oracles: BON's formulas evaluated by hand or
 * in 128-bit integers in this file.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * The contract of the hand examples: PCR 10 cells/ms (T = 100 us), SCR 2 cells/ms (T_s =
 * 500 us), MBS 5, so tau_S = tau_SCR + 4 x 400 us = tau_SCR + 1600 us.
 * @param mode the update mode
 * @param cdvt tau_PCR
 * @param cdvtScr tau_SCR
 * @return the dual GCRA
 */
DualGcra
HandContract(DualGcra::UpdateMode mode = DualGcra::BON, Time cdvt = Time(0), Time cdvtScr = Time(0))
{
    return DualGcra(AtmCellRate(10000), cdvt, AtmCellRate(2000), 5, cdvtScr, mode);
}

/// Send the MBS = 5 cell burst at PCR (0, 100, ..., 400 us) to @p d; @return true if all conform
bool
FullBurst(DualGcra& d)
{
    bool ok = true;
    for (int64_t k = 0; k < 5; ++k)
    {
        ok = ok && d.Police(MicroSeconds(100 * k), true, false) == DualGcra::CONFORMING;
    }
    return ok;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief MBS cells at PCR conform from idle, the next fails the SCR test.
 */
class DualGcraBurstTestCase : public TestCase
{
  public:
    DualGcraBurstTestCase()
        : TestCase("From idle exactly MBS = 5 cells back to back at PCR conform (PCR 10, SCR 2 "
                   "cells per ms, tau_S = 1600 us) and the sixth is NON_CONFORMING_SCR")
    {
    }

  private:
    void DoRun() override
    {
        DualGcra d = HandContract();
        NS_TEST_ASSERT_MSG_EQ(d.GetBurstTolerance(), MicroSeconds(1600), "tau_S = 4 x 400 us");
        NS_TEST_ASSERT_MSG_EQ(d.GetExactBurstTolerance(),
                              AtmExactTime(MicroSeconds(1600)),
                              "tau_S exactly");
        NS_TEST_ASSERT_MSG_EQ(d.GetEarliestConformingTime(true), Time::Min(), "idle");
        // Cell k at 100k us finds TAT_S = 500k us and conforms iff 100k >= 500k - 1600, k <= 4.
        NS_TEST_ASSERT_MSG_EQ(FullBurst(d), true, "the MBS burst conforms");
        NS_TEST_ASSERT_MSG_EQ(d.GetScrGcra().GetTat(), MicroSeconds(2500), "TAT_S after 5 cells");
        NS_TEST_ASSERT_MSG_EQ(d.GetEarliestConformingTime(true), MicroSeconds(900), "2500 - 1600");
        NS_TEST_ASSERT_MSG_EQ(d.GetEarliestConformingTime(false), MicroSeconds(500), "PCR only");
        NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(500), true, false),
                              DualGcra::NON_CONFORMING_SCR,
                              "the sixth cell at PCR");
        NS_TEST_ASSERT_MSG_EQ(d.GetScrGcra().GetTat(), MicroSeconds(2500), "TAT_S unchanged");
        // BON charged the PCR bucket: TAT_P = 600 us, so 550 us is too early for the PCR.
        NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(550), true, false),
                              DualGcra::NON_CONFORMING_PCR,
                              "a cell 50 us after the previous one");
        NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(900), true, false),
                              DualGcra::CONFORMING,
                              "at TAT_S - tau_S");

        // MBS 1: tau_S = 0, a second cell at PCR is already too much for the SCR.
        DualGcra one(AtmCellRate(10000), Time(0), AtmCellRate(2000), 1);
        NS_TEST_ASSERT_MSG_EQ(one.GetBurstTolerance(), Time(0), "MBS 1: tau_S = 0");
        NS_TEST_ASSERT_MSG_EQ(one.Police(Time(0), true, false), DualGcra::CONFORMING, "first");
        NS_TEST_ASSERT_MSG_EQ(one.Police(MicroSeconds(100), true, false),
                              DualGcra::NON_CONFORMING_SCR,
                              "MBS 1: second cell at PCR");
        NS_TEST_ASSERT_MSG_EQ(one.Police(MicroSeconds(500), true, false),
                              DualGcra::CONFORMING,
                              "MBS 1: a cell at SCR spacing");
        // SCR = PCR: tau_S = tau_SCR whatever the MBS.
        DualGcra equal(AtmCellRate(10000), Time(0), AtmCellRate(10000), 100, MicroSeconds(7));
        NS_TEST_ASSERT_MSG_EQ(equal.GetBurstTolerance(), MicroSeconds(7), "SCR = PCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief Eq. 6.2: the idle time before a new burst of c cells at PCR.
 */
class DualGcraIdleTimeTestCase : public TestCase
{
  public:
    DualGcraIdleTimeTestCase()
        : TestCase("After a full MBS burst a new burst of c cells at PCR conforms iff it starts "
                   "an idle time of c (T_SCR - T_PCR) after the next PCR slot (eq. 6.2), exactly")
    {
    }

  private:
    void DoRun() override
    {
        // After cells at 0..400 us TAT_S = 2500 us. Cell j of a burst starting at s (cells at
        // s + 100 j) finds TAT_S = 2500 + 500 j and conforms iff s + 100 j >= 900 + 500 j, i.e.
        // s >= 900 + 400 j: the whole burst of c conforms iff s >= 500 + 400 c, an idle time of
        // 400 c us after the next PCR slot at 500 us. One nanosecond earlier only the last cell
        // fails.
        for (int64_t c = 1; c <= 5; ++c)
        {
            const Time s = MicroSeconds(500 + 400 * c);
            for (bool early : {false, true})
            {
                DualGcra d = HandContract();
                NS_TEST_ASSERT_MSG_EQ(FullBurst(d), true, "first burst");
                const Time start = early ? s - Ns(1) : s;
                for (int64_t j = 0; j < c; ++j)
                {
                    const bool fails = early && j == c - 1;
                    NS_TEST_ASSERT_MSG_EQ(d.Police(start + MicroSeconds(100 * j), true, false),
                                          fails ? DualGcra::NON_CONFORMING_SCR
                                                : DualGcra::CONFORMING,
                                          "c = " << c << ", cell " << j << ", start " << start);
                }
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief CDVT boundaries of both buckets.
 */
class DualGcraCdvtEdgeTestCase : public TestCase
{
  public:
    DualGcraCdvtEdgeTestCase()
        : TestCase("A cell exactly at TAT_PCR - tau_PCR or at TAT_SCR - tau_S conforms and one "
                   "nanosecond earlier does not, with contract-built and explicit tau_S")
    {
    }

  private:
    void DoRun() override
    {
        // tau_PCR = 30 us; tau_SCR = 20 us -> tau_S = 1620 us.
        for (bool explicitTau : {false, true})
        {
            auto make = [explicitTau]() {
                return explicitTau
                           ? DualGcra(AtmCellRate(10000),
                                      MicroSeconds(30),
                                      AtmCellRate(2000),
                                      MicroSeconds(1620))
                           : HandContract(DualGcra::BON, MicroSeconds(30), MicroSeconds(20));
            };
            DualGcra d = make();
            NS_TEST_ASSERT_MSG_EQ(d.GetBurstTolerance(), MicroSeconds(1620), "tau_S");
            NS_TEST_ASSERT_MSG_EQ(d.Police(Time(0), true, false), DualGcra::CONFORMING, "first");
            // PCR: TAT_P = 100 us, 100 - 30 = 70 us.
            NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(70) - Ns(1), true, false),
                                  DualGcra::NON_CONFORMING_PCR,
                                  "69.999 us");
            NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(70), true, false),
                                  DualGcra::CONFORMING,
                                  "70 us");

            // SCR: after cells at 0, 100, ..., 400 us TAT_S = 2500 us, 2500 - 1620 = 880 us.
            DualGcra s = make();
            NS_TEST_ASSERT_MSG_EQ(FullBurst(s), true, "burst");
            NS_TEST_ASSERT_MSG_EQ(s.GetEarliestConformingTime(true), MicroSeconds(880), "880 us");
            NS_TEST_ASSERT_MSG_EQ(s.WouldConform(MicroSeconds(880) - Ns(1), true), false, "early");
            NS_TEST_ASSERT_MSG_EQ(s.WouldConform(MicroSeconds(880) - Ns(1), false),
                                  true,
                                  "the PCR alone passes");
            NS_TEST_ASSERT_MSG_EQ(s.Police(MicroSeconds(880), true, false),
                                  DualGcra::CONFORMING,
                                  "exactly at TAT_S - tau_S");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief BON and CONFORMING_ONLY differ only after a discarded SCR-non-conforming cell.
 */
class DualGcraUpdateModeTestCase : public TestCase
{
  public:
    DualGcraUpdateModeTestCase()
        : TestCase("The update modes differ exactly after an SCR-non-conforming cell that is "
                   "discarded: BON charges TAT_PCR, CONFORMING_ONLY does not; with tagging "
                   "(passesOnScrFailure) they agree on random sequences")
    {
    }

  private:
    void DoRun() override
    {
        DualGcra bon = HandContract(DualGcra::BON);
        DualGcra co = HandContract(DualGcra::CONFORMING_ONLY);
        NS_TEST_ASSERT_MSG_EQ(FullBurst(bon), true, "BON burst");
        NS_TEST_ASSERT_MSG_EQ(FullBurst(co), true, "CONFORMING_ONLY burst");
        const Time t = MicroSeconds(500);
        NS_TEST_ASSERT_MSG_EQ(bon.Police(t, true, false), DualGcra::NON_CONFORMING_SCR, "BON");
        NS_TEST_ASSERT_MSG_EQ(co.Police(t, true, false), DualGcra::NON_CONFORMING_SCR, "CO");
        // The discarded cell charged the PCR bucket in BON only.
        NS_TEST_ASSERT_MSG_EQ(bon.GetPcrGcra().GetTat(), MicroSeconds(600), "BON TAT_P");
        NS_TEST_ASSERT_MSG_EQ(co.GetPcrGcra().GetTat(), MicroSeconds(500), "CO TAT_P");
        NS_TEST_ASSERT_MSG_EQ(bon.GetScrGcra().GetTat(), MicroSeconds(2500), "BON TAT_S");
        NS_TEST_ASSERT_MSG_EQ(co.GetScrGcra().GetTat(), MicroSeconds(2500), "CO TAT_S");
        // A second cell at the same instant: BON refuses it for the PCR, CO for the SCR.
        NS_TEST_ASSERT_MSG_EQ(bon.Police(t, true, false), DualGcra::NON_CONFORMING_PCR, "BON");
        NS_TEST_ASSERT_MSG_EQ(co.Police(t, true, false), DualGcra::NON_CONFORMING_SCR, "CO");
        // Tagged and passed (VBR.3): CO charges the PCR bucket too, never the SCR bucket.
        NS_TEST_ASSERT_MSG_EQ(co.Police(t, true, true), DualGcra::NON_CONFORMING_SCR, "CO tag");
        NS_TEST_ASSERT_MSG_EQ(co.GetPcrGcra().GetTat(), MicroSeconds(600), "CO TAT_P, tagged");
        NS_TEST_ASSERT_MSG_EQ(co.GetScrGcra().GetTat(), MicroSeconds(2500), "CO TAT_S, tagged");

        // Random sequences: with passesOnScrFailure the modes agree cell by cell; without it they
        // agree up to and including the first NON_CONFORMING_SCR, and do diverge somewhere.
        std::mt19937 rng(7);
        std::uniform_int_distribution<int64_t> gap(0, 160000); // ns: mean 80 us < T_PCR
        std::bernoulli_distribution clp0(0.8);
        uint32_t divergent = 0;
        for (int seq = 0; seq < 50; ++seq)
        {
            for (bool passes : {true, false})
            {
                DualGcra b = HandContract(DualGcra::BON, MicroSeconds(20), MicroSeconds(10));
                DualGcra c =
                    HandContract(DualGcra::CONFORMING_ONLY, MicroSeconds(20), MicroSeconds(10));
                int64_t now = 0;
                bool seenScrFailure = false;
                bool diverged = false;
                for (int i = 0; i < 400; ++i)
                {
                    now += gap(rng);
                    const bool testScr = clp0(rng);
                    const DualGcra::Result rb = b.Police(Ns(now), testScr, passes);
                    const DualGcra::Result rc = c.Police(Ns(now), testScr, passes);
                    if (passes || !seenScrFailure)
                    {
                        NS_TEST_ASSERT_MSG_EQ(rc, rb, "sequence " << seq << ", cell " << i);
                    }
                    diverged = diverged || rc != rb;
                    seenScrFailure = seenScrFailure || rb == DualGcra::NON_CONFORMING_SCR;
                }
                divergent += diverged ? 1 : 0;
            }
        }
        NS_TEST_ASSERT_MSG_GT(divergent, 10U, "discarding makes the modes diverge");
    }
};

/**
 * @ingroup atm-tests
 * @brief VBR.2 / VBR.3: the SCR test applies to CLP=0 cells only.
 */
class DualGcraClpTestCase : public TestCase
{
  public:
    DualGcraClpTestCase()
        : TestCase("VBR.2 and VBR.3: CLP=1 cells (testScr false) are policed against the PCR "
                   "only, charge TAT_PCR and never the SCR bucket")
    {
    }

  private:
    void DoRun() override
    {
        for (DualGcra::UpdateMode mode : {DualGcra::BON, DualGcra::CONFORMING_ONLY})
        {
            DualGcra d = HandContract(mode);
            NS_TEST_ASSERT_MSG_EQ(FullBurst(d), true, "five CLP=0 cells at PCR");
            // The SCR bucket is full: a CLP=0 cell at 500 us would fail, a CLP=1 cell passes.
            NS_TEST_ASSERT_MSG_EQ(d.WouldConform(MicroSeconds(500), true), false, "CLP=0");
            for (int64_t k = 5; k < 15; ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(100 * k), false, false),
                                      DualGcra::CONFORMING,
                                      "CLP=1 cell at " << 100 * k << " us");
            }
            NS_TEST_ASSERT_MSG_EQ(d.GetScrGcra().GetTat(), MicroSeconds(2500), "TAT_S untouched");
            NS_TEST_ASSERT_MSG_EQ(d.GetPcrGcra().GetTat(), MicroSeconds(1500), "TAT_P charged");
            // They charged the PCR bucket: a cell 50 us later is refused for the PCR.
            NS_TEST_ASSERT_MSG_EQ(d.Police(MicroSeconds(1450), false, false),
                                  DualGcra::NON_CONFORMING_PCR,
                                  "CLP=1 cell faster than PCR");
            // VBR.3: an SCR-failing CLP=0 cell is reported NON_CONFORMING_SCR (the caller tags
            // it); with passesOnScrFailure both modes charge TAT_PCR.
            DualGcra v3 = HandContract(mode);
            NS_TEST_ASSERT_MSG_EQ(FullBurst(v3), true, "burst");
            NS_TEST_ASSERT_MSG_EQ(v3.Police(MicroSeconds(500), true, true),
                                  DualGcra::NON_CONFORMING_SCR,
                                  "VBR.3 tag");
            NS_TEST_ASSERT_MSG_EQ(v3.GetPcrGcra().GetTat(), MicroSeconds(600), "tagged cell");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief An exactly shaped VBR source conforms for ever.
 */
class DualGcraExactSourceTestCase : public TestCase
{
  public:
    DualGcraExactSourceTestCase()
        : TestCase("A source sending MBS = 32 cells at exactly PCR = OC3c and then cells at "
                   "exactly SCR = 61000 cells per s conforms for 10^5 cells with the exact tau_S; "
                   "tau_S rounded down by 0.63 ns rejects its cell 32")
    {
    }

  private:
    /**
     * Feed the source to a dual GCRA.
     * @param d the dual GCRA
     * @return the index of the first cell not CONFORMING, or -1
     */
    static int64_t Feed(DualGcra d)
    {
        // T_P = 53e9 / 18720000 = 331250/117 ns, T_S = 1e6/61 ns; with D = 117 x 61 = 7137,
        // cell k < 32 is ideally at k T_P and cell k >= 31 at 31 T_P + (k - 31) T_S. Cells sit
        // at the ceiling of the ideal time (never early).
        for (int64_t k = 0; k <= 100000; ++k)
        {
            const AtmInt128 ideal = k < 32 ? k * TP : 31 * TP + (k - 31) * TS;
            const Time t = Ns(static_cast<int64_t>((ideal + 7136) / 7137));
            if (d.Police(t, true, false) != DualGcra::CONFORMING)
            {
                return k;
            }
        }
        return -1;
    }

    static constexpr AtmInt128 TP = static_cast<AtmInt128>(331250) * 61;   //!< T_P x D
    static constexpr AtmInt128 TS = static_cast<AtmInt128>(1000000) * 117; //!< T_S x D

    void DoRun() override
    {
        const AtmCellRate pcr(18720000, 53);
        const AtmCellRate scr(61000);
        // The cells on time steps are up to 1 ns late; comparing at the time resolution (Gcra)
        // the PCR test needs no CDVT, nor does the SCR test: cell k >= 31 is ideally exactly at
        // TAT_S - tau_S, and being late never hurts while TAT_S stays exact.
        const DualGcra d(pcr, Time(0), scr, 32);
        NS_TEST_ASSERT_MSG_EQ(Feed(d), -1, "exact tau_S: every cell conforms");
        // tau_S = 31 (T_S - T_P) = 3000606250/7137 ns = 420429.63 ns.
        NS_TEST_ASSERT_MSG_EQ(d.GetExactBurstTolerance(),
                              AtmExactTime::FromUnits(31 * (TS - TP), 7137),
                              "exact tau_S");
        NS_TEST_ASSERT_MSG_EQ(d.GetBurstTolerance(), Ns(420430), "tau_S rounded up");
        // Rounded up, tau_S is lenient (every cell passes). Rounded down by more than one time
        // step the first cell after the burst, ideally at 31 T_P + T_S = 104160.54 ns and sent at
        // 104161 ns, finds TAT_S - tau_S = 32 T_S - 420428 ns = 104162.16 ns, in a later step.
        // (Rounded down by 0.63 ns to 420429 ns the bound 104161.16 ns lies in the cell's own
        // step: a deficit below the time resolution is invisible to arrivals on time steps.)
        NS_TEST_ASSERT_MSG_EQ(Feed(DualGcra(pcr, Time(0), scr, Ns(420430))), -1, "rounded up");
        NS_TEST_ASSERT_MSG_EQ(Feed(DualGcra(pcr, Time(0), scr, Ns(420429))), -1, "0.63 ns short");
        NS_TEST_ASSERT_MSG_EQ(Feed(DualGcra(pcr, Time(0), scr, Ns(420428))), 32, "1.63 ns short");
    }
};

/**
 * @ingroup atm-tests
 * @brief Eq. 3.2 by greedy simulation.
 */
class DualGcraBurstBoundTestCase : public TestCase
{
  public:
    DualGcraBurstBoundTestCase()
        : TestCase("A greedy source at the earliest conforming time meets the burst bound of "
                   "eq. 3.2 in every window and reaches it from idle, for integer and OC3c cell "
                   "times")
    {
    }

  private:
    /**
     * The bound N(t) <= min(floor(1 + (t + tau_S) / T_S), floor(1 + t / T)) with tau_SCR = 0 and
     * PCR = a/b, SCR = c/d cells/s, evaluated exactly:
     * (t + tau_S) / T_S = [t c a + (MBS - 1)(d a - c b) 1e9] / (d a 1e9).
     */
    struct Bound
    {
        AtmInt128 a;   //!< PCR numerator
        AtmInt128 b;   //!< PCR denominator
        AtmInt128 c;   //!< SCR numerator
        AtmInt128 d;   //!< SCR denominator
        AtmInt128 mbs; //!< MBS

        /**
         * Arrivals are time steps and the GCRA compares at the time resolution, so a greedy
         * source's cell k lies in the step that holds its exact instant: a window measured from
         * one arrival to another holds at most the cells of an exact window of length strictly
         * below t + 1 step, min(ceil((t + 1) / T), ceil((t + 1 + tau_S) / T_S)) (eq. 3.2 with
         * N(t) counting the cells before an open end).
         * @param t the measured window, ns
         * @return the bound
         */
        AtmInt128 operator()(int64_t t) const
        {
            const AtmInt128 giga = 1000000000;
            const AtmInt128 t1 = t + 1;
            const AtmInt128 pcrTerm = CeilDiv(t1 * a, b * giga);
            const AtmInt128 scrTerm =
                CeilDiv(t1 * c * a + (mbs - 1) * (d * a - c * b) * giga, d * a * giga);
            return std::min(pcrTerm, scrTerm);
        }

        /**
         * @param x a numerator (>= 0)
         * @param y a denominator (> 0)
         * @return ceil(x / y)
         */
        static AtmInt128 CeilDiv(AtmInt128 x, AtmInt128 y)
        {
            return (x + y - 1) / y;
        }
    };

    void DoRun() override
    {
        struct Case
        {
            AtmCellRate pcr; //!< PCR
            AtmCellRate scr; //!< SCR
            uint32_t mbs;    //!< MBS
        };

        const Case cases[] = {{AtmCellRate(10000), AtmCellRate(2000), 5},
                              {AtmCellRate(18720000, 53), AtmCellRate(61000), 32}};
        for (const Case& c : cases)
        {
            DualGcra g(c.pcr, Time(0), c.scr, c.mbs);
            std::vector<int64_t> times;
            Time now(0);
            for (int k = 0; k < 300; ++k)
            {
                now = std::max(now, g.GetEarliestConformingTime(true));
                NS_TEST_ASSERT_MSG_EQ(g.Police(now, true, false), DualGcra::CONFORMING, "greedy");
                times.push_back(now.GetTimeStep());
            }
            const Bound bound{static_cast<AtmInt128>(c.pcr.GetNumerator()),
                              static_cast<AtmInt128>(c.pcr.GetDenominator()),
                              static_cast<AtmInt128>(c.scr.GetNumerator()),
                              static_cast<AtmInt128>(c.scr.GetDenominator()),
                              c.mbs};
            for (size_t i = 0; i < times.size(); ++i)
            {
                for (size_t j = i; j < times.size(); ++j)
                {
                    const AtmInt128 n = static_cast<AtmInt128>(j - i + 1);
                    const AtmInt128 limit = bound(times[j] - times[i]);
                    NS_TEST_ASSERT_MSG_EQ((n <= limit),
                                          true,
                                          c.pcr << ": window " << i << ".." << j);
                    if (i == 0)
                    {
                        NS_TEST_ASSERT_MSG_EQ((n == limit), true, c.pcr << ": from idle to " << j);
                    }
                }
            }
            // The hand contract: 5 cells at PCR, then one every 500 us from 900 us.
            if (c.mbs == 5)
            {
                NS_TEST_ASSERT_MSG_EQ(times[4], 400000, "fifth cell at 400 us");
                NS_TEST_ASSERT_MSG_EQ(times[5], 900000, "sixth cell at 900 us");
                NS_TEST_ASSERT_MSG_EQ(times[6], 1400000, "then SCR spacing");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The DualGcra test suite.
 */
class DualGcraTestSuite : public TestSuite
{
  public:
    DualGcraTestSuite()
        : TestSuite("atm-dual-gcra", ATM_SUITE_UNIT)
    {
        AddTestCase(new DualGcraBurstTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraIdleTimeTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraCdvtEdgeTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraUpdateModeTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraClpTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraExactSourceTestCase, ATM_TEST_QUICK);
        AddTestCase(new DualGcraBurstBoundTestCase, ATM_TEST_QUICK);
    }
};

static DualGcraTestSuite g_dualGcraTestSuite; //!< static instance registering the suite
