/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-int128.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmCellClock, the exact per-link slot clock (slot k at t0 + round(k / rate)): slot times
 * computed by hand at nanosecond resolution, rounding half up, the long-run count against
 * floor/ceil of rate x T, the inverse GetSlotAtOrAfter, a nonzero origin, monotonicity and
 * slot-length jitter. Oracles: hand-computed slot times and the defining inequalities of "nearest
 * time step, ties up" evaluated in 128-bit integers, never the clock's own division.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Time steps per second: the suite assumes ns-3's default nanosecond resolution (checked).
constexpr int64_t NS_PER_S = 1000000000;

/// The link-rate presets of AtmCellRate plus two non-preset rates.
const std::vector<std::string>&
Rates()
{
    static const std::vector<std::string> rates = {"OC3c",
                                                   "OC3cRaw",
                                                   "155Mbps",
                                                   "Sandia",
                                                   "E3",
                                                   "2E3",
                                                   "DS3",
                                                   "T3",
                                                   "OC12c",
                                                   "10Mbps",
                                                   "2831ns"};
    return rates;
}

/// xorshift64: deterministic pseudo-random numbers for the property checks.
class XorShift
{
  public:
    /// @return the next number
    uint64_t Next()
    {
        m_x ^= m_x << 13;
        m_x ^= m_x >> 7;
        m_x ^= m_x << 17;
        return m_x;
    }

  private:
    uint64_t m_x{0x2545F4914F6CDD1DULL}; //!< state
};

/**
 * The defining property of slot k's start S, independent of the clock's division: S is the
 * time step nearest to k / rate, ties rounded up, i.e. S - 1/2 <= k den U / num < S + 1/2, or
 * with e = num S - k den U: -num < 2 e <= num.
 * @param rate the rate
 * @param k the slot
 * @param startNs the slot start in nanoseconds (origin 0)
 * @return true if startNs is the half-up rounding of k / rate
 */
bool
IsNearestStepTiesUp(const AtmCellRate& rate, uint64_t k, int64_t startNs)
{
    const AtmInt128 num = rate.GetNumerator();
    const AtmInt128 e =
        num * startNs - static_cast<AtmInt128>(k) * rate.GetDenominator() * NS_PER_S;
    return -num < 2 * e && 2 * e <= num;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief OC-3c slot times computed by hand.
 */
class AtmCellClockOc3cTestCase : public TestCase
{
  public:
    AtmCellClockOc3cTestCase()
        : TestCase(
              "OC3c slots start at 0, 2831, 5662, 8494 ns (424 bits at 149.76 Mbps = 2831.1966 "
              "ns, rounded half up) and slot 18720000 at exactly 53 s")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(Time::GetResolution(),
                              Time::NS,
                              "the suite's hand values are in nanoseconds");
        const AtmCellClock clock(AtmCellRate("OC3c"));
        // k x 2831.196581... ns: 0, 2831.197, 5662.393, 8493.590, 11324.786, 14155.983.
        const int64_t hand[] = {0, 2831, 5662, 8494, 11325, 14156};
        for (uint64_t k = 0; k < 6; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(k), Ns(hand[k]), "OC3c slot " << k);
        }
        // 18720000 cells take exactly 53 s (18720000/53 cells/s): no drift, ever.
        NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(18720000), Seconds(53), "53 s");
        NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(18720000ULL * 1000), Seconds(53000), "53000 s");
        // Adding the rounded 2831 ns per cell instead loses 0.196581 ns = 23/117 ns per cell:
        // 18720000 x 23/117 ns = 3.68 ms over those 53 s.
        const Time rounded = AtmCellRate("OC3c").GetCellTime();
        NS_TEST_ASSERT_MSG_EQ(rounded, Ns(2831), "display cell time");
        NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(18720000) - Ns(2831 * 18720000LL),
                              MicroSeconds(3680),
                              "drift of the rounded cell time");
        NS_TEST_ASSERT_MSG_EQ(clock.GetRate(), AtmCellRate(18720000, 53), "GetRate");
        NS_TEST_ASSERT_MSG_EQ(clock.GetOrigin(), Time(), "default origin 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief Exact half-step slot times round up.
 */
class AtmCellClockRoundingTestCase : public TestCase
{
  public:
    AtmCellClockRoundingTestCase()
        : TestCase("Slot times round half up: a 2.5 ns cell gives slots at 0, 3, 5, 8, 10, 13 ns")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellClock clock(AtmCellRate("2.5ns"));
        const int64_t hand[] = {0, 3, 5, 8, 10, 13};
        for (uint64_t k = 0; k < 6; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(k), Ns(hand[k]), "2.5 ns slot " << k);
        }
        // 1/3 ns per cell: 0, 0.33, 0.67, 1, 1.33, 1.67, 2 -> 0, 0, 1, 1, 1, 2, 2.
        const AtmCellClock fast(AtmCellRate(3 * NS_PER_S));
        const int64_t fastHand[] = {0, 0, 1, 1, 1, 2, 2};
        for (uint64_t k = 0; k < 7; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(fast.GetSlotStart(k), Ns(fastHand[k]), "1/3 ns slot " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(fast.GetSlotAtOrAfter(Ns(1)), 2U, "first slot at 1 ns");
        NS_TEST_ASSERT_MSG_EQ(fast.GetSlotsIn(Ns(1), Ns(2)), 3U, "slots 2, 3, 4 at 1 ns");
    }
};

/**
 * @ingroup atm-tests
 * @brief Rates whose cell time is a whole number of nanoseconds tick exactly.
 */
class AtmCellClockExactTestCase : public TestCase
{
  public:
    AtmCellClockExactTestCase()
        : TestCase("Sandia slots are exactly 2750 ns apart, E3 12500 ns and 2E3 6250 ns, up to "
                   "slot 10^12")
    {
    }

  private:
    void DoRun() override
    {
        const std::pair<const char*, int64_t> rows[] = {{"Sandia", 2750},
                                                        {"E3", 12500},
                                                        {"2E3", 6250}};
        for (const auto& row : rows)
        {
            const AtmCellClock clock(AtmCellRate::Parse(row.first));
            for (uint64_t k = 0; k <= 100000; ++k)
            {
                if (clock.GetSlotStart(k) != Ns(static_cast<int64_t>(k) * row.second))
                {
                    NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(k),
                                          Ns(static_cast<int64_t>(k) * row.second),
                                          row.first << " slot " << k);
                }
            }
            const uint64_t k = 1000000000000ULL;
            NS_TEST_ASSERT_MSG_EQ(clock.GetSlotStart(k),
                                  Ns(static_cast<int64_t>(k) * row.second),
                                  row.first << " slot 10^12");
            NS_TEST_ASSERT_MSG_EQ(clock.GetSlotAtOrAfter(Ns(static_cast<int64_t>(k) * row.second)),
                                  k,
                                  row.first << " inverse at slot 10^12");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Long runs contain the exact number of cells.
 */
class AtmCellClockLongRunTestCase : public TestCase
{
  public:
    AtmCellClockLongRunTestCase()
        : TestCase("Over 1, 10, 11, 53 and 1000 s every rate counts floor or ceil of rate x T "
                   "slots, and exactly rate x T when that is an integer")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string& name : Rates())
        {
            const AtmCellRate rate = AtmCellRate::Parse(name);
            for (const Time& origin : {Time(), Seconds(2.5)})
            {
                const AtmCellClock clock(rate, origin);
                for (uint64_t seconds : {1, 10, 11, 53, 1000})
                {
                    // rate x T = num x T / den exactly.
                    const AtmUint128 product =
                        static_cast<AtmUint128>(rate.GetNumerator()) * seconds;
                    const uint64_t floorCount =
                        static_cast<uint64_t>(product / rate.GetDenominator());
                    const bool exact = (product % rate.GetDenominator()) == 0;
                    const uint64_t count =
                        clock.GetSlotsIn(origin, origin + Seconds(static_cast<double>(seconds)));
                    if (exact)
                    {
                        NS_TEST_ASSERT_MSG_EQ(count,
                                              floorCount,
                                              name << " over " << seconds << " s is exact");
                    }
                    else
                    {
                        NS_TEST_ASSERT_MSG_EQ((count == floorCount || count == floorCount + 1),
                                              true,
                                              name << " over " << seconds << " s: " << count
                                                   << " slots, rate x T = " << floorCount
                                                   << ".something");
                    }
                }
            }
        }
        // Hand values: whole multiples of the fractions' denominators.
        NS_TEST_ASSERT_MSG_EQ(AtmCellClock(AtmCellRate("OC3c")).GetSlotsIn(Time(), Seconds(53)),
                              18720000U,
                              "OC3c in 53 s");
        NS_TEST_ASSERT_MSG_EQ(AtmCellClock(AtmCellRate("Sandia")).GetSlotsIn(Time(), Seconds(11)),
                              4000000U,
                              "Sandia in 11 s");
        NS_TEST_ASSERT_MSG_EQ(AtmCellClock(AtmCellRate("E3")).GetSlotsIn(Time(), Seconds(1)),
                              80000U,
                              "E3 in 1 s");
        NS_TEST_ASSERT_MSG_EQ(AtmCellClock(AtmCellRate("DS3")).GetSlotsIn(Time(), Seconds(10)),
                              960000U,
                              "DS3 in 10 s");
        // 1000 s of OC3c hold 353207547.17 cells: slot 353207547 starts at 999.9999995 s.
        NS_TEST_ASSERT_MSG_EQ(AtmCellClock(AtmCellRate("OC3c")).GetSlotsIn(Time(), Seconds(1000)),
                              353207548U,
                              "OC3c in 1000 s");
    }
};

/**
 * @ingroup atm-tests
 * @brief GetSlotAtOrAfter is the inverse of GetSlotStart.
 */
class AtmCellClockInverseTestCase : public TestCase
{
  public:
    AtmCellClockInverseTestCase()
        : TestCase(
              "Slot starts are the nearest nanosecond to k over the rate (ties up) for random k up "
              "to 10^12, the first 3000 and those around the 64-bit border, and "
              "GetSlotAtOrAfter inverts them and brackets random times and those around its "
              "64-bit border")
    {
    }

  private:
    void DoRun() override
    {
        XorShift rng;
        for (const std::string& name : Rates())
        {
            const AtmCellRate rate = AtmCellRate::Parse(name);
            const AtmCellClock clock(rate);
            // Random slots, the first 3000 and, where the clock can compute them in 64 bits, those
            // on both sides of the border where k x den x 10^9 leaves 64 bits.
            std::vector<uint64_t> slots;
            for (uint32_t i = 0; i < 2000; ++i)
            {
                slots.push_back(rng.Next() % 1000000000001ULL);
            }
            for (uint64_t k = 0; k < 3000; ++k)
            {
                slots.push_back(k);
            }
            const AtmUint128 denSteps = static_cast<AtmUint128>(rate.GetDenominator()) * NS_PER_S;
            // (Rates of at least 8 cells/s: the border slot starts within ns-3's 64-bit Time.)
            if (denSteps <= std::numeric_limits<uint64_t>::max() / 2 && rate.GetNumerator() >= 8)
            {
                const uint64_t border =
                    std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(denSteps);
                for (uint64_t k = border - 40; k <= border + 40; ++k)
                {
                    slots.push_back(k);
                }
            }
            for (uint64_t k : slots)
            {
                const Time start = clock.GetSlotStart(k);
                NS_TEST_ASSERT_MSG_EQ(IsNearestStepTiesUp(rate, k, start.GetTimeStep()),
                                      true,
                                      name << " slot " << k << " at " << start);
                NS_TEST_ASSERT_MSG_EQ(clock.GetSlotAtOrAfter(start), k, name << " inverse " << k);
                NS_TEST_ASSERT_MSG_EQ(clock.GetSlotAtOrAfter(start + Ns(1)),
                                      k + 1,
                                      name << " just after slot " << k);
                if (k > 0)
                {
                    NS_TEST_ASSERT_MSG_EQ(clock.GetSlotAtOrAfter(start - Ns(1)),
                                          k,
                                          name << " just before slot " << k);
                }
            }
            // Random times up to 2^50 ns and those around the border where (2 t - 1) x num
            // leaves 64 bits (the lookup's 64-bit path ends there).
            std::vector<Time> times;
            for (uint32_t i = 0; i < 2000; ++i)
            {
                times.push_back(Ns(static_cast<int64_t>(rng.Next() >> 14)));
            }
            const int64_t edge = static_cast<int64_t>(
                (std::numeric_limits<uint64_t>::max() / rate.GetNumerator() + 1) / 2);
            for (int64_t d = edge - 40; rate.GetNumerator() >= 8 && d <= edge + 40; ++d)
            {
                times.push_back(Ns(d));
            }
            for (const Time& t : times)
            {
                const uint64_t k = clock.GetSlotAtOrAfter(t);
                NS_TEST_ASSERT_MSG_EQ((clock.GetSlotStart(k) >= t),
                                      true,
                                      name << " slot " << k << " starts at or after " << t);
                NS_TEST_ASSERT_MSG_EQ((k == 0 || clock.GetSlotStart(k - 1) < t),
                                      true,
                                      name << " slot " << k - 1 << " starts before " << t);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A clock whose slot 0 is not at time 0.
 */
class AtmCellClockOriginTestCase : public TestCase
{
  public:
    AtmCellClockOriginTestCase()
        : TestCase("A nonzero origin shifts every slot by the origin and no slot starts before it")
    {
    }

  private:
    void DoRun() override
    {
        for (const Time& origin : {Seconds(1.5), Ns(7), Ns(-2000)})
        {
            for (const std::string& name : Rates())
            {
                const AtmCellClock zero(AtmCellRate::Parse(name));
                const AtmCellClock shifted(AtmCellRate::Parse(name), origin);
                NS_TEST_ASSERT_MSG_EQ(shifted.GetOrigin(), origin, "GetOrigin");
                for (uint64_t k : {0ULL, 1ULL, 2ULL, 3ULL, 999ULL, 18720000ULL, 123456789012ULL})
                {
                    NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotStart(k),
                                          origin + zero.GetSlotStart(k),
                                          name << " slot " << k << " origin " << origin);
                }
                NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotStart(0), origin, "slot 0 at the origin");
                NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotAtOrAfter(origin - Seconds(1)),
                                      0U,
                                      "long before");
                NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotAtOrAfter(origin), 0U, "at the origin");
                NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotAtOrAfter(origin + Ns(1)), 1U, "just after");
                NS_TEST_ASSERT_MSG_EQ(shifted.GetSlotsIn(origin - Seconds(1), origin),
                                      0U,
                                      "no slot before the origin");
            }
        }
        const AtmCellClock e3(AtmCellRate("E3"), Seconds(1.5));
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotStart(1), Seconds(1.5) + Ns(12500), "E3 slot 1");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Time(), Seconds(1.5)), 0U, "before the origin");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Time(), Seconds(2.5)), 80000U, "first second");
    }
};

/**
 * @ingroup atm-tests
 * @brief Slot lengths are the floor or the ceiling of the exact cell time.
 */
class AtmCellClockJitterTestCase : public TestCase
{
  public:
    AtmCellClockJitterTestCase()
        : TestCase("Slot starts increase strictly and consecutive slot lengths are the floor or "
                   "ceiling of the exact cell time, so they differ by at most 1 ns")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string& name : Rates())
        {
            const AtmCellRate rate = AtmCellRate::Parse(name);
            const AtmCellClock clock(rate);
            const AtmUint128 cellNum = static_cast<AtmUint128>(rate.GetDenominator()) * NS_PER_S;
            const int64_t floorLength = static_cast<int64_t>(cellNum / rate.GetNumerator());
            const int64_t ceilLength = floorLength + (cellNum % rate.GetNumerator() != 0 ? 1 : 0);
            int64_t minLength = INT64_MAX;
            int64_t maxLength = 0;
            for (uint64_t base : {0ULL, 1000000000000ULL})
            {
                int64_t previous = clock.GetSlotStart(base).GetTimeStep();
                for (uint64_t k = base + 1; k <= base + 200000; ++k)
                {
                    const int64_t start = clock.GetSlotStart(k).GetTimeStep();
                    const int64_t length = start - previous;
                    if (length != floorLength && length != ceilLength)
                    {
                        NS_TEST_ASSERT_MSG_EQ(length,
                                              floorLength,
                                              name << " slot " << k << " length (or " << ceilLength
                                                   << ")");
                    }
                    minLength = std::min(minLength, length);
                    maxLength = std::max(maxLength, length);
                    previous = start;
                }
            }
            NS_TEST_ASSERT_MSG_GT(minLength, 0, name << " strictly increasing");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(maxLength - minLength, 1, name << " jitter");
            if (floorLength != ceilLength)
            {
                NS_TEST_ASSERT_MSG_EQ(maxLength - minLength, 1, name << " both lengths occur");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief GetSlotsIn counts slot starts in a half-open interval.
 */
class AtmCellClockIntervalTestCase : public TestCase
{
  public:
    AtmCellClockIntervalTestCase()
        : TestCase("GetSlotsIn counts the slot starts in [from, to): E3 has one in [0, 12.5 us) "
                   "and two in [0, 12.501 us)")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellClock e3(AtmCellRate("E3"));
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Time(), Ns(12500)), 1U, "[0, 12.5 us)");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Time(), Ns(12501)), 2U, "[0, 12.501 us)");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Ns(1), Ns(12500)), 0U, "[1 ns, 12.5 us)");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Ns(12500), Ns(25000)), 1U, "[12.5 us, 25 us)");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Ns(12500), Ns(12500)), 0U, "empty interval");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotsIn(Ns(25000), Ns(12500)), 0U, "reversed interval");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotAtOrAfter(Ns(12499)), 1U, "before slot 1");
        NS_TEST_ASSERT_MSG_EQ(e3.GetSlotAtOrAfter(Ns(12501)), 2U, "after slot 1");

        const AtmCellClock oc3(AtmCellRate("OC3c"));
        // Slots at 0, 2831, 5662, 8494: [2831, 8494) holds slots 1 and 2.
        NS_TEST_ASSERT_MSG_EQ(oc3.GetSlotsIn(Ns(2831), Ns(8494)), 2U, "[2831, 8494) ns");
        NS_TEST_ASSERT_MSG_EQ(oc3.GetSlotsIn(Ns(2832), Ns(8495)), 2U, "[2832, 8495) ns");
        NS_TEST_ASSERT_MSG_EQ(oc3.GetSlotAtOrAfter(Ns(8493)), 3U, "8493 ns");
        NS_TEST_ASSERT_MSG_EQ(oc3.GetSlotAtOrAfter(Ns(8495)), 4U, "8495 ns");
    }
};

/**
 * @ingroup atm-tests
 * @brief The AtmCellClock test suite.
 */
class AtmCellClockTestSuite : public TestSuite
{
  public:
    AtmCellClockTestSuite()
        : TestSuite("atm-cell-clock", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCellClockOc3cTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockRoundingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockExactTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockLongRunTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockInverseTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockOriginTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockJitterTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellClockIntervalTestCase, ATM_TEST_QUICK);
    }
};

static AtmCellClockTestSuite g_atmCellClockTestSuite; //!< static instance registering the suite
