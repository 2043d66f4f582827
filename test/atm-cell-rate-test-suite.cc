/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/command-line.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmCellRate: the exact link-rate presets, parsing of numbers, cell times and bit
 * rates into exact fractions, the line (BON) and payload (TEN34, JAIN) conventions, the round trip
 * through strings, attributes and CommandLine, and the refusal of invalid strings. Oracles:
 * fractions reduced by hand from the sources' rates.
 * Also the exact order of rates (Compare() and the relational operators), against
 * cross-multiplications worked out by hand.
 */

using namespace ns3;

namespace ns3
{
namespace atmtest
{

/**
 * @ingroup atm-tests
 * @brief A test-only object with an AtmCellRate attribute "Rate".
 */
class AtmCellRateAttributeHolder : public Object
{
  public:
    /**
     * @brief Register this type.
     * @return the TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::atmtest::AtmCellRateAttributeHolder")
                .SetParent<Object>()
                .SetGroupName("Atm")
                .AddConstructor<AtmCellRateAttributeHolder>()
                .AddAttribute("Rate",
                              "A link cell rate.",
                              AtmCellRateValue(AtmCellRate("E3")),
                              MakeAtmCellRateAccessor(&AtmCellRateAttributeHolder::m_rate),
                              MakeAtmCellRateChecker());
        return tid;
    }

    AtmCellRate m_rate; //!< the attribute
};

} // namespace atmtest
} // namespace ns3

using ns3::atmtest::AtmCellRateAttributeHolder;

namespace
{

/// A string and the exact rate it must give.
struct ExactCase
{
    const char* text;     //!< input
    uint64_t numerator;   //!< expected reduced numerator
    uint64_t denominator; //!< expected reduced denominator
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief Each preset gives the exact fraction reduced by hand from its source's rate.
 */
class AtmCellRatePresetTestCase : public TestCase
{
  public:
    AtmCellRatePresetTestCase()
        : TestCase("Every preset is the exact fraction of its source (OC3c = 149.76e6 over 424 = "
                   "18720000 over 53 cells per second), whatever the case of its name")
    {
    }

  private:
    void DoRun() override
    {
        struct Row
        {
            const char* name;     //!< preset
            uint64_t numerator;   //!< by hand
            uint64_t denominator; //!< by hand
            double value;         //!< cells/s, by hand
        };

        // 149760000/424: both divisible by 8 -> 18720000/53, and 53 is prime and does not
        // divide 18720000 (53 x 353207 = 18719971, remainder 29).
        const Row rows[] = {
            {"OC3c", 18720000, 53, 353207.5471698113},
            {"OC3cRaw", 19440000, 53, 366792.4528301887},        // 155520000/424
            {"155.52Mbps-raw", 19440000, 53, 366792.4528301887}, // alias
            {"155Mbps", 19375000, 53, 365566.0377358491},        // 155000000/424
            {"Sandia", 4000000, 11, 363636.3636363636},          // 1 / 2.75 us
            {"E3", 80000, 1, 80000.0},
            {"2E3", 160000, 1, 160000.0},
            {"DS3", 96000, 1, 96000.0},
            {"T3", 5625000, 53, 106132.0754716981},              // 45000000/424
            {"OC12c", 74880000, 53, 1412830.188679245},          // 4 x OC3c
            {"oc3c", 18720000, 53, 353207.5471698113},           // names are case-insensitive
            {"SANDIA", 4000000, 11, 363636.3636363636},          //
            {"e3", 80000, 1, 80000.0},                           //
            {"oC12C", 74880000, 53, 1412830.188679245},          //
            {"155.52mbps-RAW", 19440000, 53, 366792.4528301887}, //
        };
        for (const Row& row : rows)
        {
            const AtmCellRate r = AtmCellRate::Parse(row.name);
            NS_TEST_ASSERT_MSG_EQ(r.GetNumerator(), row.numerator, row.name << " numerator");
            NS_TEST_ASSERT_MSG_EQ(r.GetDenominator(), row.denominator, row.name << " denominator");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.GetCellsPerSecond(),
                                      row.value,
                                      row.value * 1e-12,
                                      row.name << " cells/s");
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate(std::string(row.name)), r, "constructor = Parse");
        }
        // OC-3c carries 149.76 Mb/s of SONET payload (JAIN); Sandia is 154.18 Mb/s of cells.
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate("OC3c").GetBitRate(), 149.76e6, 1e-3, "OC3c bit/s");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate("Sandia").GetBitRate(),
                                  154.1818181818e6,
                                  1.0,
                                  "Sandia bit/s");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate("OC12c"),
                              AtmCellRate(4 * 18720000ULL, 53),
                              "OC12c is four OC3c");
    }
};

/**
 * @ingroup atm-tests
 * @brief Numbers of cells/s, decimal or fraction, are read exactly.
 */
class AtmCellRateNumberTestCase : public TestCase
{
  public:
    AtmCellRateNumberTestCase()
        : TestCase("A plain number or a fraction is read as cells per second, exactly and reduced "
                   "(353207.5 = 706415 over 2)")
    {
    }

  private:
    void DoRun() override
    {
        const ExactCase cases[] = {
            {"80000", 80000, 1},
            {"353207.5", 706415, 2},
            {"0.5", 1, 2},
            {"0.125", 1, 8},
            {"80000.000", 80000, 1},
            {"007", 7, 1},
            {"18720000/53", 18720000, 53},
            {"37440000/106", 18720000, 53},
            {"10/4", 5, 2},
            {"  96000\t", 96000, 1}, // surrounding white space is ignored
            {"18446744073709551615", UINT64_MAX, 1},
            {"1/18446744073709551615", 1, UINT64_MAX},
            {"0.0000000000000000001", 1, 10000000000000000000ULL},
        };
        for (const ExactCase& c : cases)
        {
            AtmCellRate r;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(c.text, &r, &error), true, error);
            NS_TEST_ASSERT_MSG_EQ(r.GetNumerator(), c.numerator, "numerator of " << c.text);
            NS_TEST_ASSERT_MSG_EQ(r.GetDenominator(), c.denominator, "denominator of " << c.text);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate(2, 4), AtmCellRate(1, 2), "constructor reduces");
        NS_TEST_ASSERT_MSG_EQ((AtmCellRate(1, 2) != AtmCellRate(1, 3)), true, "!=");
        NS_TEST_ASSERT_MSG_EQ((AtmCellRate(1, 2) == AtmCellRate(2, 2)), false, "==");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate().IsZero(), true, "default rate is zero");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate(80000).IsZero(), false, "80000 is not zero");
    }
};

/**
 * @ingroup atm-tests
 * @brief Cell times are inverted exactly.
 */
class AtmCellRateCellTimeTestCase : public TestCase
{
  public:
    AtmCellRateCellTimeTestCase()
        : TestCase(
              "A cell time with a unit gives the exact reciprocal rate (2.75us = 4000000 over 11 "
              "cells per second)")
    {
    }

  private:
    void DoRun() override
    {
        const ExactCase cases[] = {
            {"2.75us", 4000000, 11},        // 100e6 / 275
            {"2831ns", 1000000000, 2831},   // 2831 is prime to 10
            {"12.5us", 80000, 1},           // E3
            {"6.25us", 160000, 1},          // 2E3
            {"1s", 1, 1},                   //
            {"10ms", 100, 1},               //
            {"2.5ns", 400000000, 1},        //
            {"424ps", 125000000000ULL, 53}, // 1e12 / 424
            {"2750000000fs", 4000000, 11},  // Sandia again
            {"12.5US", 80000, 1},           // units are case-insensitive
            {"2s", 1, 2},                   //
            {"0.000001s", 1000000, 1},      //
        };
        for (const ExactCase& c : cases)
        {
            AtmCellRate r;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(c.text, &r, &error), true, error);
            NS_TEST_ASSERT_MSG_EQ(r.GetNumerator(), c.numerator, "numerator of " << c.text);
            NS_TEST_ASSERT_MSG_EQ(r.GetDenominator(), c.denominator, "denominator of " << c.text);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate("2.75us"), AtmCellRate("Sandia"), "Sandia");
    }
};

/**
 * @ingroup atm-tests
 * @brief Bit rates are divided by 424 (line) or 384 (payload) exactly.
 */
class AtmCellRateBitRateTestCase : public TestCase
{
  public:
    AtmCellRateBitRateTestCase()
        : TestCase("A bit rate is divided by 424 bits per cell, or by 384 with @payload "
                   "(13.824Mbps@payload = 36000 cells per second)")
    {
    }

  private:
    void DoRun() override
    {
        const ExactCase cases[] = {
            {"155Mbps", 19375000, 53},        // = preset 155Mbps
            {"149.76Mbps", 18720000, 53},     // = OC3c
            {"155.52Mb/s", 19440000, 53},     // = OC3cRaw
            {"34368kbps", 4296000, 53},       // E3 line rate / 424 (not the E3 preset)
            {"45Mb/s", 5625000, 53},          // = T3
            {"10Mbps", 1250000, 53},          // BON: 23,585 cells/s
            {"2Mbps", 250000, 53},            // BON: 4,717 cells/s
            {"424kbps", 1000, 1},             // BON: ABR MCR 1000 cells/s = "424 Kbps"
            {"424Kb/s", 1000, 1},             //
            {"1Gbps", 125000000, 53},         //
            {"1000bps", 125, 53},             //
            {"1000b/s", 125, 53},             //
            {"155Mbps@line", 19375000, 53},   // explicit line convention
            {"13.824Mbps@payload", 36000, 1}, // TEN34 JAMES VP: 36,000 cells/s
            {"1.824Mbps@payload", 4750, 1},   // TEN34 CDV VPC: 4750 cells/s
            {"6Mbps@payload", 15625, 1},      // TEN34 FORE UPC: 15625 cells/s
            {"7.68Mbps@PAYLOAD", 20000, 1},   // JAIN DFBA: 20 kcells/s
            {"23.04Mbps@payload", 60000, 1},  // JAIN DFBA: 60 (misprinted 69) kcells/s
        };
        for (const ExactCase& c : cases)
        {
            AtmCellRate r;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(c.text, &r, &error), true, error);
            NS_TEST_ASSERT_MSG_EQ(r.GetNumerator(), c.numerator, "numerator of " << c.text);
            NS_TEST_ASSERT_MSG_EQ(r.GetDenominator(), c.denominator, "denominator of " << c.text);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate("45Mbps"), AtmCellRate("T3"), "45 Mb/s raw is T3");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate::FromLineBps(149760000),
                              AtmCellRate("OC3c"),
                              "FromLineBps");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate::FromPayloadBps(13824000),
                              AtmCellRate(36000),
                              "FromPayloadBps");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate::CellsPerSecondFromLineBps(10e6),
                                  23584.90566,
                                  1e-4,
                                  "10 Mb/s line");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate::CellsPerSecondFromPayloadBps(13.824e6),
                                  36000.0,
                                  1e-9,
                                  "13.824 Mb/s payload");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate::LineBpsFromCellsPerSecond(1000),
                                  424000.0,
                                  1e-9,
                                  "1000 cells/s line");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate::PayloadBpsFromCellsPerSecond(20000),
                                  7.68e6,
                                  1e-6,
                                  "20000 cells/s payload");
        NS_TEST_ASSERT_MSG_EQ_TOL(AtmCellRate(36000).GetPayloadBitRate(),
                                  13.824e6,
                                  1e-6,
                                  "GetPayloadBitRate");
    }
};

/**
 * @ingroup atm-tests
 * @brief The display cell time is the rounded reciprocal.
 */
class AtmCellRateDisplayTimeTestCase : public TestCase
{
  public:
    AtmCellRateDisplayTimeTestCase()
        : TestCase("GetCellTime rounds the cell time to the nearest nanosecond (OC3c 2831 ns, "
                   "DS3 10417 ns)")
    {
    }

  private:
    void DoRun() override
    {
        struct Row
        {
            const char* name; //!< preset
            int64_t ns;       //!< cell time by hand
        };

        const Row rows[] = {
            {"OC3c", 2831},    // 2831.1966
            {"OC3cRaw", 2726}, // 2726.3374
            {"155Mbps", 2735}, // 2735.4839
            {"Sandia", 2750},  // exact
            {"E3", 12500},     // exact
            {"2E3", 6250},     // exact
            {"DS3", 10417},    // 10416.667
            {"T3", 9422},      // 9422.2222
            {"OC12c", 708},    // 707.7991
        };
        for (const Row& row : rows)
        {
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate(std::string(row.name)).GetCellTime(),
                                  NanoSeconds(row.ns),
                                  row.name);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief ToString writes the exact rate in a form Parse reads back.
 */
class AtmCellRateToStringTestCase : public TestCase
{
  public:
    AtmCellRateToStringTestCase()
        : TestCase("ToString writes an integer, a terminating decimal or a fraction that parses "
                   "back to the same rate")
    {
    }

  private:
    void DoRun() override
    {
        const std::pair<const char*, const char*> cases[] = {
            {"E3", "80000"},
            {"OC3c", "18720000/53"},
            {"Sandia", "4000000/11"},
            {"353207.5", "353207.5"},
            {"0.125", "0.125"},
            {"1/250", "0.004"},
            {"2.5ns", "400000000"},
            {"13.824Mbps@payload", "36000"},
            {"1/3", "1/3"},
            {"0.0000000000000000001", "0.0000000000000000001"},
            {"1/9223372036854775808", "1/9223372036854775808"}, // 1/2^63: 63 decimals
        };
        for (const auto& c : cases)
        {
            AtmCellRate r;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(c.first, &r, &error), true, error);
            NS_TEST_ASSERT_MSG_EQ(r.ToString(), c.second, "ToString of " << c.first);
            std::ostringstream oss;
            oss << r;
            NS_TEST_ASSERT_MSG_EQ(oss.str(), c.second, "operator<< of " << c.first);
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::Parse(r.ToString()), r, "round trip " << c.first);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate().ToString(), "0", "zero rate");

        // Random fractions over the whole 64-bit range (xorshift64; any odd seed).
        uint64_t x = 0x9E3779B97F4A7C15ULL;
        auto next = [&x]() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            return x;
        };
        for (uint32_t i = 0; i < 2000; ++i)
        {
            const uint64_t num = next() >> (next() % 64);
            const uint64_t den = next() >> (next() % 64);
            if (num == 0 || den == 0)
            {
                continue;
            }
            const AtmCellRate r(num, den);
            AtmCellRate back;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(r.ToString(), &back, &error), true, error);
            NS_TEST_ASSERT_MSG_EQ(back, r, "round trip of " << num << "/" << den);
        }
        // Every terminating decimal denominator 2^a 5^b up to 10^19.
        for (uint64_t twos = 1; twos <= 10000000000000000000ULL; twos *= 2)
        {
            for (uint64_t d = twos; d <= 10000000000000000000ULL; d *= 5)
            {
                const AtmCellRate r(12345, d);
                NS_TEST_ASSERT_MSG_EQ(AtmCellRate::Parse(r.ToString()),
                                      r,
                                      "round trip of 12345/" << d << " = " << r.ToString());
                if (d > 10000000000000000000ULL / 5)
                {
                    break;
                }
            }
            if (twos > 10000000000000000000ULL / 2)
            {
                break;
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The attribute value type accepts every string form.
 */
class AtmCellRateAttributeTestCase : public TestCase
{
  public:
    AtmCellRateAttributeTestCase()
        : TestCase("An AtmCellRate attribute accepts strings through StringValue and round-trips "
                   "through AtmCellRateValue")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmCellRateAttributeHolder> h = CreateObject<AtmCellRateAttributeHolder>();
        NS_TEST_ASSERT_MSG_EQ(h->m_rate, AtmCellRate(80000), "initial value E3");

        h->SetAttribute("Rate", StringValue("OC3c"));
        NS_TEST_ASSERT_MSG_EQ(h->m_rate, AtmCellRate(18720000, 53), "set by preset");
        AtmCellRateValue v;
        h->GetAttribute("Rate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), AtmCellRate(18720000, 53), "get as AtmCellRateValue");
        StringValue s;
        h->GetAttribute("Rate", s);
        NS_TEST_ASSERT_MSG_EQ(s.Get(), "18720000/53", "get as StringValue");

        h->SetAttribute("Rate", AtmCellRateValue(AtmCellRate("2.75us")));
        NS_TEST_ASSERT_MSG_EQ(h->m_rate, AtmCellRate(4000000, 11), "set by AtmCellRateValue");
        h->SetAttribute("Rate", StringValue("13.824Mbps@payload"));
        NS_TEST_ASSERT_MSG_EQ(h->m_rate, AtmCellRate(36000), "set by payload bit rate");

        NS_TEST_ASSERT_MSG_EQ(h->SetAttributeFailSafe("Rate", StringValue("OC3")),
                              false,
                              "an invalid string is refused");
        NS_TEST_ASSERT_MSG_EQ(h->SetAttributeFailSafe("Rate", StringValue("0")),
                              false,
                              "a zero rate is refused");
        NS_TEST_ASSERT_MSG_EQ(h->m_rate, AtmCellRate(36000), "a refused string changes nothing");

        Ptr<const AttributeChecker> checker = MakeAtmCellRateChecker();
        for (const char* text : {"OC3c", "353207.5", "Sandia", "155Mbps", "12.5us"})
        {
            AtmCellRateValue a(AtmCellRate::Parse(text));
            AtmCellRateValue b;
            NS_TEST_ASSERT_MSG_EQ(b.DeserializeFromString(a.SerializeToString(checker), checker),
                                  true,
                                  text);
            NS_TEST_ASSERT_MSG_EQ(b.Get(), a.Get(), "serialize round trip of " << text);
        }
        AtmCellRateValue bad;
        NS_TEST_ASSERT_MSG_EQ(bad.DeserializeFromString("-80000", checker),
                              false,
                              "negative rate refused");
    }
};

/**
 * @ingroup atm-tests
 * @brief CommandLine and stream extraction parse like TryParse.
 */
class AtmCellRateStreamTestCase : public TestCase
{
  public:
    AtmCellRateStreamTestCase()
        : TestCase("CommandLine and operator>> accept every form and set the failbit on an "
                   "invalid string")
    {
    }

  private:
    void DoRun() override
    {
        AtmCellRate link("E3");
        AtmCellRate contract("E3");
        CommandLine cmd;
        cmd.AddValue("link", "link cell rate", link);
        cmd.AddValue("contract", "contract cell rate", contract);
        cmd.Parse(
            std::vector<std::string>{"program", "--link=Sandia", "--contract=13.824Mbps@payload"});
        NS_TEST_ASSERT_MSG_EQ(link, AtmCellRate(4000000, 11), "--link=Sandia");
        NS_TEST_ASSERT_MSG_EQ(contract, AtmCellRate(36000), "--contract=13.824Mbps@payload");

        for (const char* text : {"OC3cRaw", "2831ns", "45Mb/s", "18720000/53"})
        {
            std::istringstream is(text);
            AtmCellRate r;
            is >> r;
            NS_TEST_ASSERT_MSG_EQ(is.fail(), false, text);
            NS_TEST_ASSERT_MSG_EQ(is.eof(), true, "whole token consumed: " << text);
            NS_TEST_ASSERT_MSG_EQ(r, AtmCellRate::Parse(text), text);
        }
        {
            std::istringstream is("OC3c E3");
            AtmCellRate a;
            AtmCellRate b;
            is >> a >> b;
            NS_TEST_ASSERT_MSG_EQ(a, AtmCellRate("OC3c"), "first token");
            NS_TEST_ASSERT_MSG_EQ(b, AtmCellRate("E3"), "second token");
        }
        for (const char* text : {"OC3", "0", "10MBps", ""})
        {
            std::istringstream is(text);
            AtmCellRate r(96000);
            is >> r;
            NS_TEST_ASSERT_MSG_EQ(is.fail(), true, "failbit for '" << text << "'");
            NS_TEST_ASSERT_MSG_EQ(r, AtmCellRate(96000), "unchanged by '" << text << "'");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Compare() and the relational operators order rates exactly, as fractions.
 */
class AtmCellRateCompareTestCase : public TestCase
{
  public:
    AtmCellRateCompareTestCase()
        : TestCase("Compare() and <, <=, >, >= order rates exactly as fractions: OC3c lies "
                   "between 353207 and 353208, equal rates from different strings compare "
                   "equal, rates one part in 2^64 apart are ordered, zero is below every rate")
    {
    }

  private:
    /**
     * @brief Check every operator against the expected sign of a - b.
     * @param a a rate
     * @param b a rate
     * @param sign -1, 0 or 1: the sign of a - b worked out by hand
     * @param what the case, for the messages
     */
    void Check(const AtmCellRate& a, const AtmCellRate& b, int sign, const std::string& what)
    {
        NS_TEST_EXPECT_MSG_EQ(a.Compare(b), sign, what << ": a.Compare(b)");
        NS_TEST_EXPECT_MSG_EQ(b.Compare(a), -sign, what << ": b.Compare(a) (antisymmetric)");
        NS_TEST_EXPECT_MSG_EQ((a < b), (sign < 0), what << ": a < b");
        NS_TEST_EXPECT_MSG_EQ((a <= b), (sign <= 0), what << ": a <= b");
        NS_TEST_EXPECT_MSG_EQ((a > b), (sign > 0), what << ": a > b");
        NS_TEST_EXPECT_MSG_EQ((a >= b), (sign >= 0), what << ": a >= b");
        NS_TEST_EXPECT_MSG_EQ((a == b), (sign == 0), what << ": a == b agrees with Compare()");
        NS_TEST_EXPECT_MSG_EQ((a != b), (sign != 0), what << ": a != b agrees with Compare()");
    }

    void DoRun() override
    {
        // 18720000/53 = 353207.547...: 353207 x 53 = 18719971 < 18720000 < 18720024 = 353208 x 53.
        Check(AtmCellRate(353207), AtmCellRate("OC3c"), -1, "353207 vs OC3c");
        Check(AtmCellRate(353208), AtmCellRate("OC3c"), 1, "353208 vs OC3c");
        Check(AtmCellRate("OC3c"), AtmCellRate(149760000, 424), 0, "OC3c vs 149760000/424");
        // One rate, three spellings: 12.5 us per cell = 80000 cells/s = E3.
        Check(AtmCellRate("12.5us"), AtmCellRate("E3"), 0, "12.5us vs E3");
        Check(AtmCellRate("OC3c"),
              AtmCellRate("Sandia"),
              -1,
              "OC3c (353207.5) vs Sandia (363636.4)");
        // (2^64 - 1)/(2^64 - 2) = 1 + 1/(2^64 - 2) < 1 + 1/(2^64 - 3) = (2^64 - 2)/(2^64 - 3): both
        // round to 1.0 as doubles; the products need 128 bits.
        const uint64_t m = UINT64_MAX;
        const AtmCellRate a(m, m - 1);
        const AtmCellRate b(m - 1, m - 2);
        NS_TEST_EXPECT_MSG_EQ(a.GetCellsPerSecond(), b.GetCellsPerSecond(), "equal as doubles");
        Check(a, b, -1, "(2^64-1)/(2^64-2) vs (2^64-2)/(2^64-3)");
        Check(AtmCellRate(m), AtmCellRate(m - 1), 1, "2^64-1 vs 2^64-2");
        Check(AtmCellRate(1, m), AtmCellRate(1, m - 1), -1, "1/(2^64-1) vs 1/(2^64-2)");
        // The zero (not configured) rate.
        Check(AtmCellRate(), AtmCellRate(1, m), -1, "zero vs the smallest positive rate");
        Check(AtmCellRate(), AtmCellRate(), 0, "zero vs zero");
    }
};

/**
 * @ingroup atm-tests
 * @brief Invalid strings are refused with the reason and the accepted forms.
 */
class AtmCellRateInvalidTestCase : public TestCase
{
  public:
    AtmCellRateInvalidTestCase()
        : TestCase("Invalid strings, zero and negative rates are refused with a message naming "
                   "the string and the accepted forms")
    {
    }

  private:
    void DoRun() override
    {
        const std::pair<const char*, const char*> cases[] = {
            {"", "empty"},
            {"   ", "empty"},
            {"OC3", "not a preset"},
            {"abc", "does not start with a number"},
            {"oc-3c", "does not start with a number"},
            {"-80000", "positive"},
            {"-2.75us", "positive"},
            {"0", "positive"},
            {"0.000", "positive"},
            {"0us", "positive"},
            {"0Mbps", "positive"},
            {"0/53", "positive"},
            {"53/0", "denominator is zero"},
            {"1e6", "unknown unit"},
            {"2E6", "unknown unit"},
            {"155MBps", "bytes"},
            {"10MB/s", "bytes"},
            {"155MBPS", "bytes"}, // not the preset 155Mbps
            {"80000@payload", "only follow a bit rate"},
            {"2.75us@payload", "only follow a bit rate"},
            {"155Mbps@framed", "unknown convention"},
            {"1.2.3", "unknown unit"},
            {"1.", "followed by digits"},
            {".5", "does not start with a number"},
            {"10 Mbps", "unknown unit"},
            {"Mbps", "does not start with a number"},
            {"/53", "does not start with a number"},
            {"1.5/2", "unknown unit"},
            {"1/2.5", "two integers"},
            {"1/2/3", "two integers"},
            {"12.5xs", "unknown unit"},
            {"10Kibps", "unknown unit"},
            {"18446744073709551616", "too many digits"},
            {"0.00000000000000000001", "too many digits"},
            {"1/18446744073709551616", "too many digits"},
            {"1000000000000000000Gbps", "more than 64 bits"},
        };
        for (const auto& c : cases)
        {
            AtmCellRate r(12345);
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse(c.first, &r, &error),
                                  false,
                                  "'" << c.first << "' must be refused");
            NS_TEST_ASSERT_MSG_EQ(r, AtmCellRate(12345), "untouched by '" << c.first << "'");
            NS_TEST_ASSERT_MSG_NE(error.find(c.second),
                                  std::string::npos,
                                  "reason for '" << c.first << "': " << error);
            NS_TEST_ASSERT_MSG_NE(error.find(std::string("'") + c.first + "'"),
                                  std::string::npos,
                                  "the message names the string: " << error);
            NS_TEST_ASSERT_MSG_NE(error.find("accepted forms: a preset (OC3c"),
                                  std::string::npos,
                                  "the message lists the accepted forms: " << error);
        }
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse("OC3", nullptr, nullptr),
                              false,
                              "null outputs are allowed");
        NS_TEST_ASSERT_MSG_EQ(AtmCellRate::TryParse("OC3c", nullptr, nullptr),
                              true,
                              "null outputs are allowed");
    }
};

/**
 * @ingroup atm-tests
 * @brief The AtmCellRate test suite.
 */
class AtmCellRateTestSuite : public TestSuite
{
  public:
    AtmCellRateTestSuite()
        : TestSuite("atm-cell-rate", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCellRatePresetTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateNumberTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateCellTimeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateBitRateTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateDisplayTimeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateToStringTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateAttributeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateStreamTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateCompareTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellRateInvalidTestCase, ATM_TEST_QUICK);
    }
};

static AtmCellRateTestSuite g_atmCellRateTestSuite; //!< static instance registering the suite
