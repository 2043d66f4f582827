/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-int128.h"
#include "ns3/atm-slot-average.h"
#include "ns3/test.h"

#include <cmath>
#include <random>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmSlotAverage, the occupancy average of TBA's RED-like control updated in every cell
 * slot (O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 8.3, Fig. 8.16): the closed
 * form against single updates, a hand-computed catch-up across idle slots, and random event
 * sequences against a slot-by-slot reference on a line whose slots do not fall on whole
 * nanoseconds.
 */

using namespace ns3;

/**
 * @ingroup atm-tests
 * @brief n updates at once equal n single updates.
 */
class SlotAverageClosedFormTestCase : public TestCase
{
  public:
    SlotAverageClosedFormTestCase()
        : TestCase("Advance(n) equals n single updates avg += w (occupancy - avg) for n = 0 to "
                   "300, w = 0.001, 0.1 and 1")
    {
    }

  private:
    void DoRun() override
    {
        for (double w : {0.001, 0.1, 1.0})
        {
            for (uint64_t n = 0; n <= 300; n += 7)
            {
                AtmSlotAverage a(w);
                a.Advance(1, 1000.0);
                double reference = w * 1000.0;
                a.Advance(n, 37.0);
                for (uint64_t i = 0; i < n; ++i)
                {
                    reference += w * (37.0 - reference);
                }
                NS_TEST_ASSERT_MSG_EQ_TOL(a.Get(), reference, 1e-9, "w=" << w << " n=" << n);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A hand-computed catch-up on a line of one cell per microsecond.
 */
class SlotAverageHandTestCase : public TestCase
{
  public:
    SlotAverageHandTestCase()
        : TestCase("Catch-up at 1,000,000 cells per second with w = 0.5: 2 slots of occupancy 4 by "
                   "2.5 us "
                   "give 3, the slot at 3 us with 8 gives 5.5, nothing more at 3 us or earlier, "
                   "seven idle slots of 2 by 10 us give 2.02734375")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate rate(1000000);
        AtmSlotAverage a(0.5);
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(NanoSeconds(2500), rate, 4.0), 2U, "slots at 1 and 2 us");
        NS_TEST_ASSERT_MSG_EQ(a.Get(), 3.0, "4 (1 - 0.5^2)");
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(MicroSeconds(3), rate, 8.0), 1U, "the slot at 3 us");
        NS_TEST_ASSERT_MSG_EQ(a.Get(), 5.5, "3 + 0.5 (8 - 3)");
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(MicroSeconds(3), rate, 100.0), 0U, "same instant");
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(MicroSeconds(2), rate, 100.0), 0U, "earlier instant");
        NS_TEST_ASSERT_MSG_EQ(a.GetLastUpdate(), MicroSeconds(3), "not moved back");
        NS_TEST_ASSERT_MSG_EQ(a.Get(), 5.5, "unchanged");
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(MicroSeconds(10), rate, 2.0), 7U, "4 .. 10 us");
        NS_TEST_ASSERT_MSG_EQ(a.Get(), 2.02734375, "2 + 3.5 x 0.5^7");
        // The line rate changes: slots of 2 us from origin 0, those at 12 and 14 us.
        NS_TEST_ASSERT_MSG_EQ(a.CatchUp(MicroSeconds(15), AtmCellRate(500000), 0.0),
                              2U,
                              "new clock");
        NS_TEST_ASSERT_MSG_EQ(a.Get(), 2.02734375 / 4, "two slots of 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief Random events against a slot-by-slot reference.
 */
class SlotAverageReferenceTestCase : public TestCase
{
  public:
    SlotAverageReferenceTestCase()
        : TestCase("At 365,566 cells per second (slots of 2735.48 ns, rounded half up) and w = "
                   "0.01, 3000 "
                   "random arrivals and departures with idle gaps up to 2 ms give after each "
                   "event the average of a slot-by-slot reference that samples the occupancy "
                   "just before every slot start")
    {
    }

  private:
    void DoRun() override
    {
        // The line: 155e6 / 424 cells/s; slot k starts at round(k x 424e9 / 155e6) ns, computed
        // here with integers as floor((2 k 424e9 + 155e6) / (2 x 155e6)).
        const AtmCellRate rate("155Mbps");
        const auto slotStart = [](uint64_t k) {
            const AtmUint128 num = static_cast<AtmUint128>(2) * k * 424000000000ULL + 155000000ULL;
            return static_cast<int64_t>(num / (2ULL * 155000000ULL));
        };
        std::mt19937 rng(11);
        AtmSlotAverage a(0.01);
        double reference = 0.0;
        uint64_t nextSlot = 1;
        int64_t now = 0;
        uint32_t occupancy = 0;
        for (uint32_t e = 0; e < 3000; ++e)
        {
            // Mostly short gaps (busy), sometimes long idle ones; events may share an instant.
            const uint32_t kind = rng() % 20;
            now += kind == 0 ? static_cast<int64_t>(rng() % 2000000)
                             : (kind < 4 ? 0 : static_cast<int64_t>(rng() % 6000));
            // Reference: every slot starting in (last, now] samples the occupancy before now.
            while (slotStart(nextSlot) <= now)
            {
                reference += 0.01 * (occupancy - reference);
                ++nextSlot;
            }
            a.CatchUp(NanoSeconds(now), rate, occupancy);
            NS_TEST_ASSERT_MSG_EQ_TOL(a.Get(),
                                      reference,
                                      1e-9 * (1.0 + reference),
                                      "event " << e << " at " << now << " ns");
            // The event changes the occupancy afterwards.
            if (occupancy > 0 && rng() % 2 == 0)
            {
                --occupancy;
            }
            else
            {
                occupancy += 1 + rng() % 3;
            }
        }
        NS_TEST_ASSERT_MSG_GT(nextSlot, 50000U, "many slots covered");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-slot-average test suite.
 */
class AtmSlotAverageTestSuite : public TestSuite
{
  public:
    AtmSlotAverageTestSuite()
        : TestSuite("atm-slot-average", ATM_SUITE_UNIT)
    {
        AddTestCase(new SlotAverageClosedFormTestCase, ATM_TEST_QUICK);
        AddTestCase(new SlotAverageHandTestCase, ATM_TEST_QUICK);
        AddTestCase(new SlotAverageReferenceTestCase, ATM_TEST_QUICK);
    }
};

static AtmSlotAverageTestSuite g_atmSlotAverageTestSuite; //!< static instance registering the suite
