/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/tba-position-register.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of TbaPositionRegister, the W_R / W_U register of TBA (O. Bonaventure, PhD thesis,
 * Universite de Liege 1998, ch. 8.3, Fig. 8.13): population by hand for small registers with
 * collisions (the nearest free position, the lower one first, no wrap of the search), wrap of
 * the ideal positions, release, and the cursor's Step() and bounded Scan().
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param r a register
 * @return its owners, position by position, "-" for a free one: "0 1 - 2"
 */
std::string
Layout(const TbaPositionRegister& r)
{
    std::string s;
    for (uint32_t p = 0; p < r.GetSize(); ++p)
    {
        s += (p == 0 ? "" : " ");
        const uint32_t o = r.GetOwner(p);
        s += (o == TbaPositionRegister::FREE) ? std::string("-") : std::to_string(o);
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Fig. 8.13 by hand: ideal positions, collisions and the nearest free position.
 */
class TbaRegisterPopulationTestCase : public TestCase
{
  public:
    TbaRegisterPopulationTestCase()
        : TestCase("Register population (Fig. 8.13) on 10 positions: VC 0 with 4 positions 2.5 "
                   "apart from 0 takes 0 2 5 7; VC 1 from 0.5 collides at 0 and 5 and takes 1 3 "
                   "4 8; VC 2 with 2 positions 5 apart from 4 takes 6 and 9")
    {
    }

  private:
    void DoRun() override
    {
        TbaPositionRegister r(10);
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "- - - - - - - - - -", "empty");
        NS_TEST_ASSERT_MSG_EQ(r.GetFreePositions(), 10U, "all free");
        // Ideals floor(0 + 2.5 j) = 0, 2, 5, 7: all free.
        r.Reserve(0, 4, 2.5, 0.0);
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "0 - 0 - - 0 - 0 - -", "VC 0");
        // Ideals floor(0.5 + 2.5 j) = 0, 3, 5, 8: 0 is taken and 0 - 1 lies outside, so 1; 3 is
        // free; 5 is taken, 4 (below) is free; 8 is free.
        r.Reserve(1, 4, 2.5, 0.5);
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "0 1 0 1 1 0 - 0 1 -", "VC 1");
        // Ideals 4 and 9: 4 is taken, 3 and 5 too, 2 too, 6 is free; 9 is free.
        r.Reserve(2, 2, 5.0, 4.0);
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "0 1 0 1 1 0 2 0 1 2", "VC 2");
        NS_TEST_ASSERT_MSG_EQ(r.GetFreePositions(), 0U, "full");
        NS_TEST_ASSERT_MSG_EQ(r.CountPositions(0), 4U, "VC 0 owns 4");
        NS_TEST_ASSERT_MSG_EQ(r.CountPositions(1), 4U, "VC 1 owns 4");
        NS_TEST_ASSERT_MSG_EQ(r.CountPositions(2), 2U, "VC 2 owns 2");
        NS_TEST_ASSERT_MSG_EQ(r.CountPositions(3), 0U, "VC 3 owns none");
    }
};

/**
 * @ingroup atm-tests
 * @brief The collision search: lower first at equal distance, never wrapping.
 */
class TbaRegisterCollisionSearchTestCase : public TestCase
{
  public:
    TbaRegisterCollisionSearchTestCase()
        : TestCase("Collision search: with both neighbours free the lower one is taken; at the "
                   "top of the register the search does not wrap to position 0 but goes down; "
                   "ideal positions past the end wrap modulo W")
    {
    }

  private:
    void DoRun() override
    {
        TbaPositionRegister a(5);
        a.Reserve(0, 1, 5.0, 2.0);
        a.Reserve(1, 1, 5.0, 2.7); // ideal 2 taken; 1 and 3 free: 1
        NS_TEST_ASSERT_MSG_EQ(Layout(a), "- 1 0 - -", "lower neighbour first");

        TbaPositionRegister b(4);
        b.Reserve(0, 1, 4.0, 3.0);
        b.Reserve(1, 1, 4.0, 3.5); // ideal 3 taken, 4 is outside: 2
        b.Reserve(2, 1, 4.0, 3.9); // ideal 3 taken; 2 taken, 4 outside; 1 (0 is closer by wrap)
        NS_TEST_ASSERT_MSG_EQ(Layout(b), "- 2 1 0", "no wrap in the search");

        // Ideals floor(3 + 4 j) = 3, 7, 11 -> 11 mod 10 = 1.
        TbaPositionRegister c(10);
        c.Reserve(7, 3, 4.0, 3.0);
        NS_TEST_ASSERT_MSG_EQ(Layout(c), "- 7 - 7 - - - 7 - -", "ideal positions wrap");

        // BON's LAN: a 20,000-cell/s VC on a 365,566-cell/s line (155 Mb/s), ceil(100 x 20000 /
        // 365566.04) = 6 positions, PCR_o / MCR = 18.278 apart: 0 18 36 54 73 91 from offset 0.
        TbaPositionRegister d(100);
        const double spacing = AtmCellRate("155Mbps").GetCellsPerSecond() / 20000.0;
        d.Reserve(0, 6, spacing, 0.0);
        std::vector<uint32_t> owned;
        for (uint32_t p = 0; p < 100; ++p)
        {
            if (d.GetOwner(p) == 0)
            {
                owned.push_back(p);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(JoinIds(owned), "0 18 36 54 73 91", "BON's LAN spacing");
    }
};

/**
 * @ingroup atm-tests
 * @brief Release, Step and Scan.
 */
class TbaRegisterCursorTestCase : public TestCase
{
  public:
    TbaRegisterCursorTestCase()
        : TestCase("The cursor starts before position 0; Step reads one position after the "
                   "other circularly; Scan stops at the first owned position whose owner passes, "
                   "looks at most one register length and leaves the cursor if none passes; "
                   "Release frees exactly the VC's positions")
    {
    }

  private:
    void DoRun() override
    {
        TbaPositionRegister r(10);
        r.Reserve(0, 4, 2.5, 0.0);
        r.Reserve(1, 4, 2.5, 0.5);
        r.Reserve(2, 2, 5.0, 4.0); // 0 1 0 1 1 0 2 0 1 2
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 9U, "cursor at W - 1");
        std::vector<uint32_t> read;
        for (uint32_t i = 0; i < 12; ++i)
        {
            read.push_back(r.Step());
        }
        NS_TEST_ASSERT_MSG_EQ(JoinIds(read), "0 1 0 1 1 0 2 0 1 2 0 1", "Step, circular");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 1U, "cursor after 12 steps");
        const auto is = [](uint32_t wanted) {
            return [wanted](uint32_t o) { return o == wanted; };
        };
        NS_TEST_ASSERT_MSG_EQ(r.Scan(is(2)), 2U, "VC 2 found");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 6U, "at position 6");
        NS_TEST_ASSERT_MSG_EQ(r.Scan(is(2)), 2U, "VC 2 again");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 9U, "at position 9");
        NS_TEST_ASSERT_MSG_EQ(r.Scan(is(0)), 0U, "VC 0 after the wrap");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 0U, "at position 0");
        uint32_t calls = 0;
        const auto none = [&calls](uint32_t) {
            ++calls;
            return false;
        };
        NS_TEST_ASSERT_MSG_EQ(r.Scan(none), TbaPositionRegister::FREE, "nobody passes");
        NS_TEST_ASSERT_MSG_EQ(calls, 10U, "one register length");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 0U, "cursor unchanged");

        r.Release(1);
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "0 - 0 - - 0 2 0 - 2", "VC 1 released");
        NS_TEST_ASSERT_MSG_EQ(r.GetFreePositions(), 4U, "4 free");
        calls = 0;
        const auto any = [&calls](uint32_t) {
            ++calls;
            return true;
        };
        NS_TEST_ASSERT_MSG_EQ(r.Scan(any), 0U, "position 2");
        NS_TEST_ASSERT_MSG_EQ(r.GetCursor(), 2U, "free position 1 skipped");
        NS_TEST_ASSERT_MSG_EQ(calls, 1U, "free positions are not offered to the test");
        NS_TEST_ASSERT_MSG_EQ(r.Step(), TbaPositionRegister::FREE, "position 3 is free");
        r.Reserve(5, 2, 5.0, 3.0); // ideals 3 and 8, both free again
        NS_TEST_ASSERT_MSG_EQ(Layout(r), "0 - 0 5 - 0 2 0 5 2", "reused");

        TbaPositionRegister empty;
        NS_TEST_ASSERT_MSG_EQ(empty.Step(), TbaPositionRegister::FREE, "empty register");
        NS_TEST_ASSERT_MSG_EQ(empty.Scan(any), TbaPositionRegister::FREE, "empty scan");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-tba-position-register test suite.
 */
class TbaPositionRegisterTestSuite : public TestSuite
{
  public:
    TbaPositionRegisterTestSuite()
        : TestSuite("atm-tba-position-register", ATM_SUITE_UNIT)
    {
        AddTestCase(new TbaRegisterPopulationTestCase, ATM_TEST_QUICK);
        AddTestCase(new TbaRegisterCollisionSearchTestCase, ATM_TEST_QUICK);
        AddTestCase(new TbaRegisterCursorTestCase, ATM_TEST_QUICK);
    }
};

static TbaPositionRegisterTestSuite
    g_tbaPositionRegisterTestSuite; //!< static instance registering the suite
