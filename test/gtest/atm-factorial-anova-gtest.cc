/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests of AtmFactorialAnova's aborting API (the constructor, AddRun, Analyse
 * and the quantile functions): each misuse ends the program with a message naming it. The
 * analysis itself is tested by the ns-3 suite atm-factorial-anova.
 */

#include "ns3/atm-factorial-anova.h"

#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <vector>

using namespace ns3;

TEST(AtmFactorialAnovaDeathTest, Constructor)
{
    EXPECT_DEATH(AtmFactorialAnova({}), "no factors: give at least one");
    EXPECT_DEATH(AtmFactorialAnova({"tcp", "tcp"}), "factor 'tcp' is named twice");
    EXPECT_DEATH(AtmFactorialAnova({"tcp", ""}), "a factor has an empty name");
}

TEST(AtmFactorialAnovaDeathTest, AddRun)
{
    AtmFactorialAnova anova({"tcp", "drop"});
    EXPECT_DEATH(anova.AddRun({"Reno"}, 1.0), "AddRun: a run with 1 levels for 2 factors");
    EXPECT_DEATH(anova.AddRun({"Reno", "EPD"}, std::numeric_limits<double>::infinity()),
                 "AddRun: a response that is not a finite number");
}

TEST(AtmFactorialAnovaDeathTest, Analyse)
{
    AtmFactorialAnova anova({"tcp", "drop"});
    anova.AddRun({"Reno", "EPD"}, 1.0);
    anova.AddRun({"SACK", "EPD"}, 2.0);
    EXPECT_DEATH(anova.Analyse(), "factor 'drop' has one level only \\('EPD'\\)");
    anova.AddRun({"Reno", "SD"}, 3.0);
    EXPECT_DEATH(anova.Analyse(1), "not a full factorial design: no run with tcp=SACK, drop=SD");
    anova.AddRun({"SACK", "SD"}, 5.0);
    EXPECT_DEATH(anova.Analyse(3), "interaction order 3 out of range: expected 1 ... 2");
    EXPECT_DEATH(anova.Analyse(2, 0), "confidence 0 out of range");
    EXPECT_EQ(anova.Analyse(2).errorDof, 0u);
}

TEST(AtmFactorialAnovaDeathTest, Quantiles)
{
    EXPECT_DEATH(AtmFactorialAnova::TQuantile(1.0, 6), "TQuantile: p = 1, dof = 6");
    EXPECT_DEATH(AtmFactorialAnova::FQuantile(0.9, 0, 6), "FQuantile: p = 0.9, dof = 0, 6");
    EXPECT_DEATH(AtmFactorialAnova::FUpperTail(-1, 3, 6), "FUpperTail: F = -1");
}

TEST(AtmFactorialAnova, JsonStringArrays)
{
    // The levels go out as a JSON array of strings, quoted and escaped.
    AtmJsonLine json;
    json.Add("levels", std::vector<std::string>{"Reno", "0.5 \"RTT\"", ""});
    json.Add("none", std::vector<std::string>{});
    EXPECT_EQ(json.ToString(), R"({"levels":["Reno","0.5 \"RTT\"",""],"none":[]})");
}
