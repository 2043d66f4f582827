/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest checks of the metric formulas (JAIN, BON, SANDIA) against hand-computed values, and of
 * the JSON line.
 */

#include "ns3/atm-metrics.h"

#include <gtest/gtest.h>

using namespace ns3;

TEST(AtmMetrics, CellsPerSegment)
{
    // JAIN: MSS 512 + 40 + 8 LLC/SNAP + 8 trailer = 568 bytes -> 12 cells.
    EXPECT_EQ(AtmMetrics::CellsPerSegment(512, 0, AtmEncapsulation::LLC_SNAP), 12u);
    // CLIP MTU 9180: 9140 + 40 + 8 + 8 = 9196 -> 192 cells.
    EXPECT_EQ(AtmMetrics::CellsPerSegment(9140, 0, AtmEncapsulation::LLC_SNAP), 192u);
    // VC-mux, MSS 1460: 1500 + 8 = 1508 -> 32 cells; 1448 + 12 option bytes is the same.
    EXPECT_EQ(AtmMetrics::CellsPerSegment(1460, 0, AtmEncapsulation::VC_MUX), 32u);
    EXPECT_EQ(AtmMetrics::CellsPerSegment(1448, 12, AtmEncapsulation::LLC_SNAP), 32u);
    // The 2-cell boundary: 40 + 40 + 8 + 8 = 96 bytes; one more payload byte needs a third
    // cell with LLC/SNAP but not with VC-mux (81 + 8 = 89).
    EXPECT_EQ(AtmMetrics::CellsPerSegment(40, 0, AtmEncapsulation::LLC_SNAP), 2u);
    EXPECT_EQ(AtmMetrics::CellsPerSegment(41, 0, AtmEncapsulation::LLC_SNAP), 3u);
    EXPECT_EQ(AtmMetrics::CellsPerSegment(41, 0, AtmEncapsulation::VC_MUX), 2u);
}

TEST(AtmMetrics, MaxTcpGoodput)
{
    // JAIN ICCCN: 155.52 Mb/s raw = 366,792.45 cells/s, MSS 512: C = 125.198 Mb/s.
    EXPECT_NEAR(AtmMetrics::MaxTcpGoodput(155.52e6 / 424, 512, 0, AtmEncapsulation::LLC_SNAP),
                125198490.566,
                1e-3);
    // OC-3c ATM layer 149.76 Mb/s, MSS 9140: C = 134.513 Mb/s.
    EXPECT_NEAR(AtmMetrics::MaxTcpGoodput(149.76e6 / 424, 9140, 0, AtmEncapsulation::LLC_SNAP),
                134513207.547,
                1e-3);
    // 1000 cells/s, MSS 1460 VC-mux: 1000 * 8 * 1460 / 32.
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxTcpGoodput(1000, 1460, 0, AtmEncapsulation::VC_MUX), 365000);
}

TEST(AtmMetrics, JainFairnessWithExpectedShares)
{
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({5, 5, 5, 5}), 1.0);
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({1, 0, 0, 0}), 0.25);
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({3, 1}), 16.0 / 20.0);
    // Unequal expected shares: x proportional to e is perfectly fair.
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({2, 4, 6}, {1, 2, 3}), 1.0);
    // x / e = (2, 1): (3)^2 / (2 * 5) = 0.9.
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({2, 2}, {1, 2}), 0.9);
    EXPECT_DOUBLE_EQ(AtmMetrics::JainFairness({}), 1.0);
}

TEST(AtmMetrics, MaxMinShares)
{
    // Capacity 12: flow 0 wants 1 (< 4), flow 1 wants 5 (< 5.5), flow 2 gets the remaining 6.
    const std::vector<double> s = AtmMetrics::MaxMinShares({1, 5, 10}, 12);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_DOUBLE_EQ(s[0], 1);
    EXPECT_DOUBLE_EQ(s[1], 5);
    EXPECT_DOUBLE_EQ(s[2], 6);
    const std::vector<double> all = AtmMetrics::MaxMinShares({10, 10}, 12);
    EXPECT_DOUBLE_EQ(all[0], 6);
    EXPECT_DOUBLE_EQ(all[1], 6);
}

TEST(AtmMetrics, MaxMinFairness)
{
    // JAIN WWW: demands 1, 5, 10 on a capacity of 12 expect 1, 5 and 6. Getting exactly those
    // is fair (1); getting 1, 5, 5 gives x / e = (1, 1, 5/6): (17/6)^2 / (3 x (2 + 25/36)).
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({1, 5, 6}, {1, 5, 10}, 12), 1.0);
    const double r = 5.0 / 6.0;
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({1, 5, 5}, {1, 5, 10}, 12),
                     (2 + r) * (2 + r) / (3 * (2 + r * r)));
    // Every demand below C / N: each flow expects its demand, so throughput = demand is fair
    // however unequal the demands.
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({0.1, 0.4, 2}, {0.1, 0.4, 2}, 100), 1.0);
    // Equal shares when every demand exceeds C / N: the plain index.
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({3, 1}, {10, 10}, 4),
                     AtmMetrics::JainFairness({3, 1}));
    // A flow with no demand has no expected share and is left out.
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({0, 2, 2}, {0, 5, 5}, 4), 1.0);
    EXPECT_DOUBLE_EQ(AtmMetrics::MaxMinFairness({0, 0}, {0, 0}, 4), 1.0);
}

TEST(AtmMetrics, EfficiencyLossAndRetransmissions)
{
    EXPECT_DOUBLE_EQ(AtmMetrics::Efficiency({40e6, 50e6}, 120e6), 0.75);
    EXPECT_DOUBLE_EQ(AtmMetrics::CellLossRatio(3, 1000), 0.003);
    EXPECT_DOUBLE_EQ(AtmMetrics::CellLossRatio(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(AtmMetrics::RetransmissionPercent(5, 200), 2.5);
}

TEST(AtmMetricsDeathTest, ExpectedSharesOfTheWrongSize)
{
    EXPECT_DEATH(AtmMetrics::JainFairness({1, 2}, {1}), "2 throughputs but 1 expected shares");
}

TEST(AtmMetricsDeathTest, MaxMinFairnessInputs)
{
    EXPECT_DEATH(AtmMetrics::MaxMinFairness({1, 2}, {1}, 10), "2 throughputs but 1 demands");
    EXPECT_DEATH(AtmMetrics::MaxMinFairness({1}, {1}, 0), "capacity 0 \\(must be > 0\\)");
    EXPECT_DEATH(AtmMetrics::MaxMinFairness({1}, {-1}, 5),
                 "demand -1 of flow 0 \\(must be >= 0\\)");
}

TEST(AtmJsonLine, NestedObjectsAndArraysOfObjects)
{
    AtmJsonLine drops;
    drops.Add("EPD: threshold", uint64_t{12}).Add("buffer full", uint64_t{0});
    AtmJsonLine a;
    a.Add("goodputMbps", 1.5);
    AtmJsonLine b;
    b.Add("goodputMbps", 2.0).Add("tag", "x");
    AtmJsonLine j;
    j.Add("cellsDroppedByReason", drops)
        .Add("sources", std::vector<AtmJsonLine>{a, b})
        .Add("none", std::vector<AtmJsonLine>{});
    EXPECT_EQ(j.ToString(),
              "{\"cellsDroppedByReason\":{\"EPD: threshold\":12,\"buffer full\":0},"
              "\"sources\":[{\"goodputMbps\":1.5},{\"goodputMbps\":2,\"tag\":\"x\"}],"
              "\"none\":[]}");
}

TEST(AtmJsonLine, OneObjectInInsertionOrder)
{
    AtmJsonLine j;
    j.Add("example", "atm-n-source")
        .Add("goodputMbps", std::vector<double>{1.5, 2.25})
        .Add("nSources", uint32_t{2})
        .Add("perVcQueues", false)
        .Add("note", std::string("a \"quoted\"\nline"));
    EXPECT_EQ(j.ToString(),
              "{\"example\":\"atm-n-source\",\"goodputMbps\":[1.5,2.25],\"nSources\":2,"
              "\"perVcQueues\":false,\"note\":\"a \\\"quoted\\\"\\nline\"}");
    AtmJsonLine n;
    n.Add("x", 1.0 / 3).Add("inf", 1.0 / 0.0);
    EXPECT_EQ(n.ToString(), "{\"x\":0.3333333333,\"inf\":null}");
}
