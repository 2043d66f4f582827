/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-factorial-anova.h"
#include "ns3/test.h"

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmFactorialAnova (R. Jain, "The Art of Computer Systems Performance Analysis", Wiley
 * 1991, chapters 17-18 and 21-23): a 4 x 2 x 3 table built from known integer effects (every
 * effect recovered exactly, SSE = 0; with a three-factor pattern as the error, SSE is that
 * pattern's sum of squares), the degrees of freedom of JAIN WWW's 24-run layout (6, 11, 6), the
 * 2 x 2 memory-cache design of Jain's Examples 17.1 and 18.1 (without and with three
 * replications) and his 2 x 2 x 2 workstation example (memory, cache, processors),
 * GSL's t and F quantiles against the tables (t[0.95; 6] = 1.943), the CSV reader, and the
 * tables that cannot be analysed.
 */

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * @param r an analysis
 * @param name a term's name ("tcp", "tcp:drop")
 * @return the term (aborts the test program if there is none)
 */
const AtmFactorialAnova::Term&
TermOf(const AtmFactorialAnova::Result& r, const std::string& name)
{
    for (const auto& t : r.terms)
    {
        if (t.name == name)
        {
            return t;
        }
    }
    NS_ABORT_MSG("no term " << name);
}

/**
 * @ingroup atm-tests
 * @param t a term
 * @param levels one level per factor of the term
 * @return the effect of those levels (NaN if there is none)
 */
double
EffectOf(const AtmFactorialAnova::Term& t, const std::vector<std::string>& levels)
{
    for (const auto& e : t.effects)
    {
        if (e.levels == levels)
        {
            return e.value;
        }
    }
    return std::nan("");
}

/// TCP, drop policy and buffer levels of the 4 x 2 x 3 table.
const std::vector<std::string> TCP = {"Vanilla", "Reno", "NewReno", "SACK"};
const std::vector<std::string> DROP = {"EPD", "SD"};       //!< drop policy levels
const std::vector<std::string> BUFFER = {"0.5", "1", "2"}; //!< buffer levels (RTTs)
const int A[] = {-6, -2, 3, 5};                            //!< tcp effects
const int B[] = {-4, 4};                                   //!< drop effects
const int C[] = {-3, 1, 2};                                //!< buffer effects
const int AB[] = {2, -1, 0, -1};                           //!< tcp:drop at EPD (SD: minus)
const int U[] = {1, -1, 1, -1};                            //!< tcp:buffer = U_i W_k
const int W[] = {1, -2, 1};                                //!< tcp:buffer = U_i W_k
const int BC[] = {1, 0, -1};                               //!< drop:buffer at EPD (SD: minus)
const int EU[] = {3, -1, -1, -1};                          //!< error = EU_i EV_j EW_k
const int EV[] = {1, -1};                                  //!< error = EU_i EV_j EW_k
const int EW[] = {1, 0, -1};                               //!< error = EU_i EV_j EW_k

/**
 * @ingroup atm-tests
 * @param withError add the three-factor pattern EU_i EV_j EW_k (zero sums along every index,
 *        so it is orthogonal to every term of order 2 or less and ends up in the error)
 * @param replications runs per combination of levels (each the same y)
 * @return the 4 x 2 x 3 table y = 50 + A_i + B_j + C_k + AB_ij + U_i W_k + BC_jk (+ error)
 */
AtmFactorialAnova
TcpDropBuffer(bool withError, uint32_t replications = 1)
{
    AtmFactorialAnova anova({"tcp", "drop", "buffer"});
    for (int k = 0; k < 3; ++k)
    {
        for (int j = 0; j < 2; ++j)
        {
            for (int i = 0; i < 4; ++i)
            {
                const int sign = j == 0 ? 1 : -1;
                const int y = 50 + A[i] + B[j] + C[k] + sign * AB[i] + U[i] * W[k] + sign * BC[k] +
                              (withError ? EU[i] * EV[j] * EW[k] : 0);
                for (uint32_t rep = 0; rep < replications; ++rep)
                {
                    anova.AddRun({TCP[i], DROP[j], BUFFER[k]}, y);
                }
            }
        }
    }
    return anova;
}

/**
 * @ingroup atm-tests
 * @brief Known effects with zero error: every effect, SS and d.o.f. exactly.
 */
class AtmAnovaKnownEffectsTestCase : public TestCase
{
  public:
    AtmAnovaKnownEffectsTestCase()
        : TestCase("4 x 2 x 3 from known effects: every effect exact, SSE = 0, dof 6 11 6")
    {
    }

  private:
    void DoRun() override
    {
        const AtmFactorialAnova::Result r = TcpDropBuffer(false).Analyse();
        NS_TEST_EXPECT_MSG_EQ(r.runs, 24, "runs");
        NS_TEST_EXPECT_MSG_EQ(r.replications, 1, "one replication");
        NS_TEST_EXPECT_MSG_EQ(r.mean, 50.0, "overall mean");
        NS_TEST_ASSERT_MSG_EQ(r.terms.size(), 6, "3 main effects + 3 first-order interactions");
        // Degrees of freedom (JAIN WWW): main 3 + 1 + 2 = 6, interactions 3 + 6 + 2 = 11,
        // error 24 - 1 - 6 - 11 = 6 (the three-factor interaction, pooled).
        const char* names[] = {"tcp", "drop", "buffer", "tcp:drop", "tcp:buffer", "drop:buffer"};
        const uint32_t dofs[] = {3, 1, 2, 3, 6, 2};
        for (int t = 0; t < 6; ++t)
        {
            NS_TEST_EXPECT_MSG_EQ(r.terms[t].name, names[t], "term order");
            NS_TEST_EXPECT_MSG_EQ(r.terms[t].dof, dofs[t], "dof of " << names[t]);
        }
        NS_TEST_EXPECT_MSG_EQ(r.errorDof, 6, "error dof");
        NS_TEST_ASSERT_MSG_EQ(r.pooled.size(), 1, "one term pooled");
        NS_TEST_EXPECT_MSG_EQ(r.pooled[0].name, "tcp:drop:buffer", "the three-factor term");
        NS_TEST_EXPECT_MSG_EQ(r.pooled[0].dof, 6, "its dof");
        NS_TEST_EXPECT_MSG_EQ(r.sse, 0.0, "no error: SSE exactly 0");

        // Every effect exactly.
        const auto& tcp = TermOf(r, "tcp");
        const auto& drop = TermOf(r, "drop");
        const auto& buffer = TermOf(r, "buffer");
        const auto& tcpDrop = TermOf(r, "tcp:drop");
        const auto& tcpBuffer = TermOf(r, "tcp:buffer");
        const auto& dropBuffer = TermOf(r, "drop:buffer");
        for (int i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(EffectOf(tcp, {TCP[i]}), A[i], "tcp " << TCP[i]);
            for (int j = 0; j < 2; ++j)
            {
                NS_TEST_EXPECT_MSG_EQ(EffectOf(tcpDrop, {TCP[i], DROP[j]}),
                                      (j == 0 ? 1 : -1) * AB[i],
                                      "tcp:drop " << TCP[i] << " " << DROP[j]);
            }
            for (int k = 0; k < 3; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(EffectOf(tcpBuffer, {TCP[i], BUFFER[k]}),
                                      U[i] * W[k],
                                      "tcp:buffer " << TCP[i] << " " << BUFFER[k]);
            }
        }
        for (int j = 0; j < 2; ++j)
        {
            NS_TEST_EXPECT_MSG_EQ(EffectOf(drop, {DROP[j]}), B[j], "drop " << DROP[j]);
            for (int k = 0; k < 3; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(EffectOf(dropBuffer, {DROP[j], BUFFER[k]}),
                                      (j == 0 ? 1 : -1) * BC[k],
                                      "drop:buffer " << DROP[j] << " " << BUFFER[k]);
            }
        }
        for (int k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(EffectOf(buffer, {BUFFER[k]}), C[k], "buffer " << BUFFER[k]);
        }

        // SS = (runs per level) x sum of squared effects: tcp 6 x (36 + 4 + 9 + 25) = 444,
        // drop 12 x 32 = 384, buffer 8 x 14 = 112, tcp:drop 3 x 12 = 36, tcp:buffer 2 x 24 = 48,
        // drop:buffer 4 x 4 = 16; SST = their sum 1040, exactly (SSY - SS0 likewise).
        const double ss[] = {444, 384, 112, 36, 48, 16};
        double percent = r.errorPercent;
        for (int t = 0; t < 6; ++t)
        {
            NS_TEST_EXPECT_MSG_EQ(r.terms[t].ss, ss[t], "SS of " << names[t]);
            percent += r.terms[t].percent;
        }
        NS_TEST_EXPECT_MSG_EQ(r.sst, 1040.0, "SST");
        NS_TEST_EXPECT_MSG_EQ(r.ssy - r.ss0, 1040.0, "SST = SSY - SS0");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r, "tcp").percent, 100.0 * 444 / 1040, 1e-12, "tcp %");
        NS_TEST_EXPECT_MSG_EQ_TOL(percent, 100.0, 1e-12, "percentages sum to 100");
        NS_TEST_EXPECT_MSG_EQ(r.errorPercent, 0.0, "no error variation");
        // No error variation: s_e = 0, every interval is the effect itself, F undefined.
        NS_TEST_EXPECT_MSG_EQ(r.se, 0.0, "s_e");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(tcp.f), true, "F undefined with MSE = 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief The three-factor pattern as the error: effects unchanged, SSE, s_e, intervals, F.
 */
class AtmAnovaPooledErrorTestCase : public TestCase
{
  public:
    AtmAnovaPooledErrorTestCase()
        : TestCase("4 x 2 x 3 with a three-factor error: SSE 48, s_e, 90 % intervals, F, p")
    {
    }

  private:
    void DoRun() override
    {
        const AtmFactorialAnova::Result r = TcpDropBuffer(true).Analyse(2, 0.90);
        const auto& tcp = TermOf(r, "tcp");
        // Orthogonality: the pattern has zero sums along every index, so no effect moves.
        for (int i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(EffectOf(tcp, {TCP[i]}), A[i], "tcp " << TCP[i]);
        }
        NS_TEST_EXPECT_MSG_EQ(TermOf(r, "tcp:buffer").ss, 48.0, "tcp:buffer SS unchanged");
        // SSE = sum (EU_i EV_j EW_k)^2 = (9 + 1 + 1 + 1) x 2 x 2 = 48; SST = 1040 + 48.
        NS_TEST_EXPECT_MSG_EQ(r.sse, 48.0, "SSE");
        NS_TEST_EXPECT_MSG_EQ(r.sst, 1088.0, "SST");
        NS_TEST_EXPECT_MSG_EQ(r.errorDof, 6, "error dof");
        const double se = std::sqrt(48.0 / 6);
        NS_TEST_EXPECT_MSG_EQ_TOL(r.se, se, 1e-12, "s_e = sqrt(SSE / 6)");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.t, 1.943, 5e-4, "t[0.95; 6] (Jain's table: 1.943)");
        // s of a main effect = s_e sqrt((levels - 1) / 24); of an interaction, the product.
        NS_TEST_EXPECT_MSG_EQ_TOL(tcp.sEffect, se * std::sqrt(3.0 / 24), 1e-12, "s_tcp");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r, "drop").sEffect,
                                  se * std::sqrt(1.0 / 24),
                                  1e-12,
                                  "s_drop");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r, "tcp:buffer").sEffect,
                                  se * std::sqrt(6.0 / 24),
                                  1e-12,
                                  "s_tcp:buffer = s_e sqrt(3 x 2 / 24)");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.sMean, se / std::sqrt(24.0), 1e-12, "s_mu");
        // Reno's effect -2 +- 1.943 x sqrt(8) x sqrt(1/8) = -2 +- 1.943: significant.
        const auto& reno = tcp.effects[1];
        NS_TEST_EXPECT_MSG_EQ(reno.levels[0], "Reno", "second level");
        NS_TEST_EXPECT_MSG_EQ_TOL(reno.ciLow, -2 - r.t, 1e-12, "CI low");
        NS_TEST_EXPECT_MSG_EQ_TOL(reno.ciHigh, -2 + r.t, 1e-12, "CI high");
        NS_TEST_EXPECT_MSG_EQ(reno.significant, true, "-2 +- 1.943 excludes 0");
        // The tcp:drop interaction at NewReno is 0: not significant.
        NS_TEST_EXPECT_MSG_EQ(TermOf(r, "tcp:drop").effects[4].levels[0], "NewReno", "level");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r, "tcp:drop").effects[4].significant, false, "0 is not");
        // F-test: MS_tcp = 444 / 3 = 148, MSE = 8, F = 18.5 against F[0.90; 3, 6] = 3.29.
        NS_TEST_EXPECT_MSG_EQ_TOL(tcp.f, 18.5, 1e-12, "F of tcp");
        NS_TEST_EXPECT_MSG_EQ_TOL(tcp.fCritical, 3.289, 5e-4, "F[0.90; 3, 6]");
        NS_TEST_EXPECT_MSG_EQ_TOL(tcp.p,
                                  AtmFactorialAnova::FUpperTail(18.5, 3, 6),
                                  1e-15,
                                  "p = P(F > 18.5)");
        NS_TEST_EXPECT_MSG_LT(tcp.p, 0.01, "tcp significant");
        // drop:buffer: MS = 16 / 2 = 8 = MSE: F = 1, below the quantile.
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r, "drop:buffer").f, 1.0, 1e-12, "F = 1");
        NS_TEST_EXPECT_MSG_GT(TermOf(r, "drop:buffer").p, 0.10, "not significant at 90 %");
        double percent = r.errorPercent;
        for (const auto& t : r.terms)
        {
            percent += t.percent;
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(percent, 100.0, 1e-12, "percentages sum to 100");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.errorPercent, 100.0 * 48 / 1088, 1e-12, "error %");

        // Order 3 leaves no error with one replication; with two identical replications the
        // error is the (zero) within-cell variation, 24 dof, and the three-factor term is
        // estimated: its SS is the pattern's 48.
        const AtmFactorialAnova::Result full = TcpDropBuffer(true).Analyse(3);
        NS_TEST_EXPECT_MSG_EQ(full.errorDof, 0, "no error dof");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(full.se), true, "s_e undefined");
        NS_TEST_EXPECT_MSG_EQ(full.pooled.size(), 0, "nothing pooled");
        const AtmFactorialAnova::Result twice = TcpDropBuffer(true, 2).Analyse(3);
        NS_TEST_EXPECT_MSG_EQ(twice.runs, 48, "runs");
        NS_TEST_EXPECT_MSG_EQ(twice.replications, 2, "replications");
        NS_TEST_EXPECT_MSG_EQ(twice.errorDof, 24, "48 - 24 cells");
        NS_TEST_EXPECT_MSG_EQ(twice.sse, 0.0, "identical replications");
        NS_TEST_EXPECT_MSG_EQ(TermOf(twice, "tcp:drop:buffer").ss, 96.0, "2 x 48");
        NS_TEST_EXPECT_MSG_EQ(TermOf(twice, "tcp:drop:buffer").dof, 6, "3 x 1 x 2");
        // Main effects only: every interaction is pooled, 11 + 6 dof more error.
        const AtmFactorialAnova::Result mains = TcpDropBuffer(true).Analyse(1);
        NS_TEST_EXPECT_MSG_EQ(mains.errorDof, 17, "24 - 1 - 6");
        NS_TEST_EXPECT_MSG_EQ(mains.sse, 48.0 + 36 + 48 + 16, "interactions in the error");
        NS_TEST_EXPECT_MSG_EQ(mains.pooled.size(), 4, "three pairs and the triple");
    }
};

/**
 * @ingroup atm-tests
 * @brief Jain's 2 x 2 memory-cache design (Examples 17.1 and 18.1, Table 18.1).
 */
class AtmAnovaJainTwoByTwoTestCase : public TestCase
{
  public:
    AtmAnovaJainTwoByTwoTestCase()
        : TestCase("Jain's 2 x 2 memory-cache design, one and three replications")
    {
    }

  private:
    void DoRun() override
    {
        // Example 17.1: MIPS 15 (4 MB, 1 KB), 45 (16 MB, 1 KB), 25 (4 MB, 2 KB), 75 (16 MB, 2 KB):
        // q0 = 40, qA = 20, qB = 10, qAB = 5; SST = 2100 = 1600 + 400 + 100, i.e. 76 % memory,
        // 19 % cache, 5 % their interaction (1600/2100 = 76.19 %, 19.05 %, 4.76 %). In the
        // effects of the k-factor model a two-level factor's effects are -q and +q.
        AtmFactorialAnova one({"memory", "cache"});
        one.AddRun({"4MB", "1KB"}, 15);
        one.AddRun({"16MB", "1KB"}, 45);
        one.AddRun({"4MB", "2KB"}, 25);
        one.AddRun({"16MB", "2KB"}, 75);
        const AtmFactorialAnova::Result r1 = one.Analyse(2);
        NS_TEST_EXPECT_MSG_EQ(r1.mean, 40.0, "q0");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r1, "memory"), {"16MB"}), 20.0, "qA");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r1, "memory"), {"4MB"}), -20.0, "-qA");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r1, "cache"), {"2KB"}), 10.0, "qB");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r1, "memory:cache"), {"16MB", "2KB"}), 5.0, "qAB");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r1, "memory:cache"), {"4MB", "2KB"}), -5.0, "-qAB");
        NS_TEST_EXPECT_MSG_EQ(r1.sst, 2100.0, "SST");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r1, "memory").ss, 1600.0, "SSA");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r1, "cache").ss, 400.0, "SSB");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r1, "memory:cache").ss, 100.0, "SSAB");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r1, "memory").percent, 76.19, 0.005, "76 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r1, "cache").percent, 19.05, 0.005, "19 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r1, "memory:cache").percent, 4.76, 0.005, "5 %");
        NS_TEST_EXPECT_MSG_EQ(r1.errorDof, 0, "no replication, every term estimated");

        // Example 18.1 (Table 18.1), three replications: (15, 18, 12), (45, 48, 51), (25, 28, 19),
        // (75, 75, 81). q0 = 41, qA = 21.5, qB = 9.5, qAB = 5; SSY = 27,204, SS0 = 20,172,
        // SST = 7032, SSA = 12 x 21.5^2 = 5547, SSB = 1083, SSAB = 300, SSE = 102 (the within-
        // cell variation, 8 dof): 78.88 %, 15.40 %, 4.27 %, 1.45 %; s_e = sqrt(102 / 8) = 3.57,
        // s_q = s_e / sqrt(12) = 1.03, t[0.95; 8] = 1.86: q0 in (39.08, 42.92), qA in
        // (19.58, 23.42).
        AtmFactorialAnova three({"memory", "cache"});
        const char* mem[] = {"4MB", "16MB", "4MB", "16MB"};
        const char* cache[] = {"1KB", "1KB", "2KB", "2KB"};
        const double y[4][3] = {{15, 18, 12}, {45, 48, 51}, {25, 28, 19}, {75, 75, 81}};
        for (int c = 0; c < 4; ++c)
        {
            for (double v : y[c])
            {
                three.AddRun({mem[c], cache[c]}, v);
            }
        }
        const AtmFactorialAnova::Result r3 = three.Analyse(2, 0.90);
        NS_TEST_EXPECT_MSG_EQ(r3.replications, 3, "r");
        NS_TEST_EXPECT_MSG_EQ(r3.mean, 41.0, "q0");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r3, "memory"), {"16MB"}), 21.5, "qA");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r3, "cache"), {"2KB"}), 9.5, "qB");
        NS_TEST_EXPECT_MSG_EQ(EffectOf(TermOf(r3, "memory:cache"), {"16MB", "2KB"}), 5.0, "qAB");
        NS_TEST_EXPECT_MSG_EQ(r3.ssy, 27204.0, "SSY");
        NS_TEST_EXPECT_MSG_EQ(r3.ss0, 20172.0, "SS0");
        NS_TEST_EXPECT_MSG_EQ(r3.sst, 7032.0, "SST");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r3, "memory").ss, 5547.0, "SSA");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r3, "cache").ss, 1083.0, "SSB");
        NS_TEST_EXPECT_MSG_EQ(TermOf(r3, "memory:cache").ss, 300.0, "SSAB");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.sse, 102.0, 1e-9, "SSE");
        NS_TEST_EXPECT_MSG_EQ(r3.errorDof, 8, "2^2 (3 - 1)");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "memory").percent, 78.88, 0.005, "78.88 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "cache").percent, 15.40, 0.005, "15.40 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "memory:cache").percent, 4.27, 0.005, "4.27 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.errorPercent, 1.45, 0.005, "1.45 %");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.se, 3.57, 0.005, "s_e");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "memory").sEffect, 1.03, 0.005, "s_q");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.t, 1.860, 5e-4, "t[0.95; 8]");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.meanCiLow, 39.08, 0.005, "q0 interval");
        NS_TEST_EXPECT_MSG_EQ_TOL(r3.meanCiHigh, 42.92, 0.005, "q0 interval");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "memory").effects[1].ciLow, 19.58, 0.005, "qA low");
        NS_TEST_EXPECT_MSG_EQ_TOL(TermOf(r3, "memory").effects[1].ciHigh, 23.42, 0.005, "qA hi");
    }
};

/**
 * @ingroup atm-tests
 * @brief Jain's 2 x 2 x 2 workstation design (chapter 17, general 2^k designs).
 */
class AtmAnovaJainTwoCubedTestCase : public TestCase
{
  public:
    AtmAnovaJainTwoCubedTestCase()
        : TestCase("Jain's 2 x 2 x 2 workstation design: every order, SST 4512, 18, 4, 71 %")
    {
    }

  private:
    void DoRun() override
    {
        // Memory 4/16 MB x cache 1/2 KB x 1/2 processors, MIPS: cache 1 KB: 4 MB 14 (one
        // processor), 46 (two), 16 MB 22, 58; cache 2 KB: 4 MB 10, 50, 16 MB 34, 86. q0 = 40,
        // qA = 10, qB = 5, qC = 20, qAB = 5, qAC = 2, qBC = 3, qABC = 1; SST = 8 x 564 = 4512:
        // 18 % memory, 4 % cache, 71 % processors, 4 % memory x cache, 1 %, 2 %, 0 %.
        AtmFactorialAnova anova({"memory", "cache", "processors"});
        const char* mem[] = {"4MB", "4MB", "16MB", "16MB"};
        const char* procs[] = {"1", "2", "1", "2"};
        const double mips[2][4] = {{14, 46, 22, 58}, {10, 50, 34, 86}};
        for (int b = 0; b < 2; ++b)
        {
            for (int c = 0; c < 4; ++c)
            {
                anova.AddRun({mem[c], b == 0 ? "1KB" : "2KB", procs[c]}, mips[b][c]);
            }
        }
        const AtmFactorialAnova::Result all = anova.Analyse(3);
        NS_TEST_EXPECT_MSG_EQ(all.mean, 40.0, "q0");
        NS_TEST_EXPECT_MSG_EQ(all.sst, 4512.0, "SST");
        NS_TEST_EXPECT_MSG_EQ(all.errorDof, 0, "every term estimated");
        const char* names[] = {"memory",
                               "cache",
                               "processors",
                               "memory:cache",
                               "memory:processors",
                               "cache:processors",
                               "memory:cache:processors"};
        const double q[] = {10, 5, 20, 5, 2, 3, 1};
        const double percent[] = {18, 4, 71, 4, 1, 2, 0};
        NS_TEST_ASSERT_MSG_EQ(all.terms.size(), 7, "2^3 - 1 terms");
        for (int t = 0; t < 7; ++t)
        {
            NS_TEST_EXPECT_MSG_EQ(all.terms[t].name, names[t], "term order");
            // The effect at the high level of every factor of the term is +q.
            NS_TEST_EXPECT_MSG_EQ(all.terms[t].effects.back().value, q[t], "q of " << names[t]);
            NS_TEST_EXPECT_MSG_EQ(all.terms[t].ss, 8 * q[t] * q[t], "SS = 2^3 q^2");
            NS_TEST_EXPECT_MSG_EQ_TOL(all.terms[t].percent, percent[t], 0.5, "% rounded");
        }
        // Order 2: the three-factor interaction (qABC = 1, SS 8) is the error, 1 dof.
        const AtmFactorialAnova::Result two = anova.Analyse(2);
        NS_TEST_EXPECT_MSG_EQ(two.errorDof, 1, "error dof");
        NS_TEST_EXPECT_MSG_EQ(two.sse, 8.0, "SSE = SS_ABC");
        NS_TEST_EXPECT_MSG_EQ_TOL(two.se, std::sqrt(8.0), 1e-12, "s_e");
        NS_TEST_EXPECT_MSG_EQ(TermOf(two, "processors").ss, 3200.0, "unchanged");
    }
};

/**
 * @ingroup atm-tests
 * @brief GSL's quantiles against the tables of the t and F distributions.
 */
class AtmAnovaQuantilesTestCase : public TestCase
{
  public:
    AtmAnovaQuantilesTestCase()
        : TestCase("t and F quantiles (GSL) against the tables")
    {
    }

  private:
    void DoRun() override
    {
        // Student's t (the quantile tables of statistics texts, Jain 1991's appendix among
        // them): t[0.95; 6] = 1.943, t[0.95; 8] = 1.860,
        // t[0.975; 6] = 2.447; t[0.95; 1] = 6.314.
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::TQuantile(0.95, 6), 1.943, 5e-4, "t 6");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::TQuantile(0.95, 8), 1.860, 5e-4, "t 8");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::TQuantile(0.975, 6), 2.447, 5e-4, "t .975");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::TQuantile(0.95, 1), 6.314, 5e-4, "t 1");
        // F at 0.90: F[0.90; 3, 6] = 3.29, F[0.90; 2, 6] = 3.46, F[0.90; 6, 6] = 3.05; and
        // F[0.90; 1, d] = t[0.95; d]^2 (the square of a t variable is F(1, d)), exactly.
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::FQuantile(0.90, 3, 6), 3.289, 5e-4, "3,6");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::FQuantile(0.90, 2, 6), 3.463, 5e-4, "2,6");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::FQuantile(0.90, 6, 6), 3.055, 5e-4, "6,6");
        const double t6 = AtmFactorialAnova::TQuantile(0.95, 6);
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmFactorialAnova::FQuantile(0.90, 1, 6),
                                  t6 * t6,
                                  1e-9,
                                  "F(1, 6) = t(6)^2");
        // The p-value at the quantile is the tail probability.
        NS_TEST_EXPECT_MSG_EQ_TOL(
            AtmFactorialAnova::FUpperTail(AtmFactorialAnova::FQuantile(0.90, 3, 6), 3, 6),
            0.10,
            1e-9,
            "P(F > F[0.90]) = 0.10");
        NS_TEST_EXPECT_MSG_EQ(AtmFactorialAnova::FUpperTail(0, 3, 6), 1.0, "P(F > 0) = 1");
    }
};

/**
 * @ingroup atm-tests
 * @param csv a table
 * @param error set to the reader's or the analysis' error
 * @param response the response column ("" = last)
 * @param factors the factor columns (empty = the others)
 * @return true if the table was read and analysed
 */
bool
ReadAndAnalyse(const std::string& csv,
               std::string* error,
               const std::string& response = "",
               const std::vector<std::string>& factors = {})
{
    std::istringstream in(csv);
    AtmFactorialAnova anova({"-"});
    AtmFactorialAnova::Result r;
    return AtmFactorialAnova::TryReadCsv(in, response, factors, &anova, error) &&
           anova.TryAnalyse(1, 0.90, &r, error);
}

/**
 * @ingroup atm-tests
 * @brief The CSV reader and the tables that cannot be analysed.
 */
class AtmAnovaBadInputTestCase : public TestCase
{
  public:
    AtmAnovaBadInputTestCase()
        : TestCase("CSV reader; ragged table, one level, too few runs, missing cell -> errors")
    {
    }

  private:
    void DoRun() override
    {
        // Quoted fields, spaces, CRLF, an ignored column, an empty line.
        std::istringstream in("note, \"tcp\" ,drop,y\r\nx,\"Reno, 4.4\",EPD,1\n\nx,SACK,EPD,2\n"
                              "x,\"Reno, 4.4\",SD,3\ny,SACK,SD,\" 6\"\n");
        AtmFactorialAnova anova({"-"});
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(
            AtmFactorialAnova::TryReadCsv(in, "y", {"tcp", "drop"}, &anova, &error),
            true,
            error);
        NS_TEST_EXPECT_MSG_EQ(anova.GetRuns(), 4, "runs");
        const AtmFactorialAnova::Result r = anova.Analyse(2);
        NS_TEST_EXPECT_MSG_EQ(r.levels[0][0], "Reno, 4.4", "a quoted level with a comma");
        NS_TEST_EXPECT_MSG_EQ(r.mean, 3.0, "(1 + 2 + 3 + 6) / 4");

        struct Case
        {
            std::string csv;        //!< the table
            std::string expected;   //!< a part of the error
            std::string response{}; //!< the response column
        };

        const std::vector<Case> cases = {
            {"a,b,y\nx,u,1\nx,v\nz,u,4\n", "line 3 has 2 fields, the header 3 (a ragged table)"},
            {"a,b,y\nx,u,1\nx,v,2,9\n", "line 3 has 4 fields, the header 3 (a ragged table)"},
            {"a,b,y\nx,u,1\nx,v,2\nx,u,4\nx,v,7\n",
             "factor 'a' has one level only ('x'): a factor needs two levels"},
            {"a,b,y\nx,u,1\nz,v,2\n", "2 runs are fewer than the 3 parameters of the model"},
            {"a,b,y\nx,u,1\nx,v,2\nz,u,4\n", "not a full factorial design: no run with a=z, b=v"},
            {"a,b,y\nx,u,1\nx,v,2\nz,u,4\nz,v,7\nz,v,8\n",
             "unbalanced design: 1 runs with a=x, b=u but 2 with a=z, b=v"},
            {"a,b,y\nx,u,1\nx,v,fast\n", "line 3: response 'y' = 'fast' is not a finite number"},
            {"a,b,y\nx,u,1\nx,v,nan\n", "response 'y' = 'nan' is not a finite number"},
            {"a,b,y\nx,u,1\nx,v,2\n", "no column 'speed' for the response", "speed"},
            {"a,a,y\nx,u,1\n", "column 'a' is named twice in the header"},
            {"a,b,y\n", "a header but no runs"},
            {"", "an empty table"},
            {"y\n1\n", "the header names one column"},
            {"a,b,y\nx,u,1\nx,v,1\nz,u,1\nz,v,1\n", "the response is the same in every run"},
            {"a,b,y\n\"x,u,1\n", "line 2: a quoted field is not closed"},
            {"a,b,y\nx,,1\n", "line 2: factor 'b' has no level"},
        };
        for (const auto& c : cases)
        {
            std::string why;
            NS_TEST_EXPECT_MSG_EQ(ReadAndAnalyse(c.csv, &why, c.response), false, c.csv);
            NS_TEST_EXPECT_MSG_NE(why.find(c.expected),
                                  std::string::npos,
                                  "'" << why << "' should say '" << c.expected << "'");
        }
        std::string why;
        NS_TEST_EXPECT_MSG_EQ(ReadAndAnalyse("a,b,y\nx,u,1\n", &why, "", {"a", "zz"}),
                              false,
                              "unknown factor");
        NS_TEST_EXPECT_MSG_NE(why.find("no column 'zz' for a factor"), std::string::npos, why);
        NS_TEST_EXPECT_MSG_EQ(ReadAndAnalyse("a,b,y\nx,u,1\n", &why, "y", {"a", "y"}),
                              false,
                              "response as a factor");
        NS_TEST_EXPECT_MSG_NE(why.find("both the response and a factor"), std::string::npos, why);

        // Order and confidence out of range.
        AtmFactorialAnova two = TcpDropBuffer(false);
        AtmFactorialAnova::Result r2;
        NS_TEST_EXPECT_MSG_EQ(two.TryAnalyse(4, 0.9, &r2, &why), false, "order 4 of 3 factors");
        NS_TEST_EXPECT_MSG_NE(why.find("expected 1 ... 3"), std::string::npos, why);
        NS_TEST_EXPECT_MSG_EQ(two.TryAnalyse(2, 1.0, &r2, &why), false, "confidence 1");
        NS_TEST_EXPECT_MSG_NE(why.find("expected a level in (0, 1)"), std::string::npos, why);
        NS_TEST_EXPECT_MSG_EQ(two.TryAddRun({"Reno"}, 1, &why), false, "too few levels");
        NS_TEST_EXPECT_MSG_NE(why.find("a run with 1 levels for 3 factors"),
                              std::string::npos,
                              why);
    }
};

/**
 * @ingroup atm-tests
 * @brief The suite.
 */
class AtmFactorialAnovaTestSuite : public TestSuite
{
  public:
    AtmFactorialAnovaTestSuite()
        : TestSuite("atm-factorial-anova", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmAnovaKnownEffectsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAnovaPooledErrorTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAnovaJainTwoByTwoTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAnovaJainTwoCubedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAnovaQuantilesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAnovaBadInputTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
static AtmFactorialAnovaTestSuite g_atmFactorialAnovaTestSuite;

} // namespace
