/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FACTORIAL_ANOVA_H
#define ATM_FACTORIAL_ANOVA_H

#include "ns3/atm-metrics.h"

#include <cstdint>
#include <istream>
#include <map>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmFactorialAnova: analysis of variance of a full factorial experiment (Jain 1991).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The analysis of variance of a full factorial experiment with k factors of any number of
 *        levels and r >= 1 replications per combination of levels, after R. Jain, "The Art of
 *        Computer Systems Performance Analysis", Wiley 1991, chapters 21-23 (two-factor designs
 *        without and with replications, general full factorial designs with k factors); used by
 *        R. Jain et al., ATM Forum 98-0876R1, for TCP (4 levels) x drop policy (2) x buffer
 *        size (3) = 24 runs per delay with one replication.
 *
 * The model of a response y with factors A, B, ... (a, b, ... levels, N = a b ... r runs) is
 *
 * @verbatim
   y = mu + alpha_j + beta_i + ... + gamma_ij + ... + e
   mu        overall mean                        = mean of all y
   alpha_j   main effect of level j of A         = mean of the runs at A = j  -  mu
   gamma_ij  first-order interaction of A and B  = mean of the runs at A = j, B = i
                                                   - (mu + alpha_j + beta_i)
   and so on for higher orders: the marginal mean of a combination of levels minus every
   lower-order term of the same levels.
   SST  = sum (y - mu)^2 = sum y^2 - N mu^2        variation around the mean
   SS_A = (runs per level of A) x sum_j alpha_j^2  likewise for every interaction
   SSE  = sum of the squared residuals, y - (mu + every estimated term) = SST - sum SS
   dof  = a - 1 for a main effect, (a - 1)(b - 1) for an interaction of A and B, ...
   d_e  = N - 1 - sum of the terms' dof;  s_e = sqrt(SSE / d_e)
   @endverbatim
 *
 * Terms up to a chosen order (default 2: main effects and first-order interactions) are
 * estimated; the higher-order interactions are pooled into the error. With one replication
 * (r = 1) the error is therefore the interactions above that order (for 4 x 2 x 3 the
 * three-factor interaction: d.o.f. main 3 + 1 + 2 = 6, interactions 3 + 6 + 2 = 11, error
 * 24 - 1 - 6 - 11 = 6); with r > 1 it is the variation within the cells plus those
 * interactions, and the order k (every interaction) leaves the within-cell variation alone.
 *
 * Standard deviation of an effect: every effect is a contrast of the observations whose
 * variance is sigma^2 x dof / N, where dof is its term's degrees of freedom, so
 * s_mu = s_e / sqrt(N), s_alpha = s_e sqrt((a - 1) / N), s_gamma = s_e sqrt((a - 1)(b - 1) / N).
 * These are Jain's formulas: Box 21.1 (two factors, no replication) gives s_mu^2 = s_e^2 / ab
 * and s_alpha^2 = s_e^2 (a - 1) / ab; with r replications and k factors the same rule holds
 * with N = ab...r runs in the denominator and the term's dof in the numerator (the variance of
 * a balanced contrast of the observations, which is how this class computes it for every
 * order); for JAIN WWW's 24 runs, s_A = s_e sqrt((N_A - 1) / 24) with N_A the levels of A.
 * Confidence intervals are effect +- t[1 - alpha/2; d_e] x s (90 %: t[0.95; 6] = 1.943); an
 * effect is significant when its interval excludes zero. The F-test of a term compares
 * MS = SS / dof with MSE = SSE / d_e (Box 21.1: MSA / MSE against F[1 - alpha; a - 1, d_e]):
 * F = MS / MSE against the F quantile F[1 - alpha; dof, d_e],
 * with its p-value P(F' > F). The quantiles and p-values are GSL's (gsl_cdf_tdist_Pinv,
 * gsl_cdf_fdist_Pinv, gsl_cdf_fdist_Q).
 *
 * Levels are text, numbered in the order they first appear. The design must be complete and
 * balanced: every combination of levels present with the same number of runs.
 *
 * @code
 *   AtmFactorialAnova anova({"tcp", "drop", "buffer"});
 *   anova.AddRun({"Reno", "EPD", "0.5"}, 0.91);        // ... 24 runs
 *   AtmFactorialAnova::Result r = anova.Analyse();     // order 2, 90 % confidence
 *   std::cout << AtmFactorialAnova::ToJson(r).ToString() << std::endl;
 * @endcode
 */
class AtmFactorialAnova
{
  public:
    /// One effect of a term: one combination of its factors' levels.
    struct Effect
    {
        std::vector<std::string> levels; //!< the level of each of the term's factors
        double value{0};                 //!< the effect
        double ciLow{0};                 //!< lower end of the confidence interval
        double ciHigh{0};                //!< upper end of the confidence interval
        bool significant{false};         //!< the interval excludes zero
    };

    /// A main effect or an interaction.
    struct Term
    {
        std::string name;                 //!< the factor names joined by ':' ("tcp:drop")
        std::vector<std::string> factors; //!< its factors
        uint32_t order{0};                //!< number of factors (1: a main effect)
        uint32_t dof{0};                  //!< degrees of freedom, the product of (levels - 1)
        double ss{0};                     //!< sum of squares
        double percent{0};                //!< 100 SS / SST, the variation it explains
        double ms{0};                     //!< mean square SS / dof
        double f{0};                      //!< F = MS / MSE (NaN without error d.o.f. or SSE)
        double fCritical{0};              //!< F[confidence; dof, d_e] (NaN without error d.o.f.)
        double p{0};                      //!< P(F' > F) (NaN where F is)
        double sEffect{0};                //!< standard deviation of each effect, s_e sqrt(dof/N)
        std::vector<Effect> effects;      //!< one per combination of levels, first factor slowest
    };

    /// A term left out of the model (higher than the order estimated): part of the error.
    struct PooledTerm
    {
        std::string name; //!< the factor names joined by ':'
        uint32_t dof{0};  //!< its degrees of freedom
    };

    /// The analysis.
    struct Result
    {
        std::vector<std::string> factors;             //!< factor names
        std::vector<std::vector<std::string>> levels; //!< levels of each factor
        uint32_t runs{0};                             //!< N
        uint32_t replications{0};                     //!< r, runs per combination of levels
        uint32_t order{0};                            //!< highest interaction order estimated
        double confidence{0};                         //!< of the intervals and F quantiles
        double mean{0};                               //!< overall mean mu
        double sMean{0};                              //!< s_e / sqrt(N)
        double meanCiLow{0};                          //!< lower end of mu's interval
        double meanCiHigh{0};                         //!< upper end of mu's interval
        double ssy{0};                                //!< sum y^2
        double ss0{0};                                //!< N mu^2
        double sst{0};                                //!< SST = SSY - SS0
        std::vector<Term> terms;                      //!< main effects, then interactions
        uint32_t errorDof{0};                         //!< d_e
        double sse{0};                                //!< SSE
        double errorPercent{0};                       //!< 100 SSE / SST
        double mse{0};                                //!< SSE / d_e (NaN if d_e = 0)
        double se{0};                                 //!< s_e = sqrt(MSE) (NaN if d_e = 0)
        double t{0};                                  //!< t[1 - alpha/2; d_e] (NaN if d_e = 0)
        std::vector<PooledTerm> pooled;               //!< interactions pooled into the error
    };

    /**
     * @param factors the factor names (at least one, distinct, not empty)
     */
    explicit AtmFactorialAnova(const std::vector<std::string>& factors);

    /**
     * @brief Add one run (one observation).
     * @param levels the level of each factor, in the constructor's order
     * @param response the measured response (finite)
     * @param error set to why the run is refused
     * @return false if the number of levels is wrong or the response is not finite
     */
    bool TryAddRun(const std::vector<std::string>& levels, double response, std::string* error);

    /**
     * @brief TryAddRun() that aborts (NS_ABORT_MSG) on a refused run.
     * @param levels the level of each factor
     * @param response the response
     */
    void AddRun(const std::vector<std::string>& levels, double response);

    /**
     * @brief The analysis of the runs added.
     * @param order highest interaction order estimated, 1 ... k (higher ones are pooled into
     *        the error)
     * @param confidence of the intervals and the F quantiles, in (0, 1)
     * @param result the analysis
     * @param error set to why there is none: a factor with one level, fewer runs than the
     *        model's parameters, a missing combination of levels, an unbalanced design, a
     *        constant response, an order or confidence out of range
     * @return false if the runs cannot be analysed
     */
    bool TryAnalyse(uint32_t order, double confidence, Result* result, std::string* error) const;

    /**
     * @brief TryAnalyse() that aborts (NS_ABORT_MSG) if the runs cannot be analysed.
     * @param order highest interaction order estimated
     * @param confidence of the intervals and the F quantiles
     * @return the analysis
     */
    Result Analyse(uint32_t order = 2, double confidence = 0.90) const;

    /** @return the factor names */
    const std::vector<std::string>& GetFactors() const;

    /** @return the number of runs added */
    uint32_t GetRuns() const;

    /**
     * @brief Read a table of runs: a header line of column names, then one line per run,
     *        fields separated by commas (RFC 4180: a field may be double-quoted, "" is a quote
     *        inside it; spaces around a field are dropped; empty lines are skipped).
     * @param in the text
     * @param response the response column ("" = the last column)
     * @param factors the factor columns (empty = every column but the response); other
     *        columns are ignored
     * @param anova set to the runs read
     * @param error set to why the table is refused: a ragged line (fields unlike the header), a
     *        duplicate or unknown column, a response that is not a finite number, no runs
     * @return false if the table is refused
     */
    static bool TryReadCsv(std::istream& in,
                           const std::string& response,
                           const std::vector<std::string>& factors,
                           AtmFactorialAnova* anova,
                           std::string* error);

    /**
     * @param result an analysis
     * @return it as one JSON object: program, runs, replications, factors (name, levels),
     *         order, confidence, mean (with sMean, meanCi), ssy, ss0, sst, t, terms (term,
     *         factors, order, dof, ss, percent, ms, F, fCritical, p, sEffect, effects: levels,
     *         effect, ci, significant), error (dof, ss, percent, ms, se, pooled: term, dof) and
     *         percentTotal (the terms' and the error's percentages summed); NaN is null
     */
    static AtmJsonLine ToJson(const Result& result);

    /**
     * @param p probability in (0, 1)
     * @param dof degrees of freedom (> 0)
     * @return the p-quantile of Student's t distribution (gsl_cdf_tdist_Pinv)
     */
    static double TQuantile(double p, double dof);

    /**
     * @param p probability in (0, 1)
     * @param dof1 numerator degrees of freedom (> 0)
     * @param dof2 denominator degrees of freedom (> 0)
     * @return the p-quantile of the F distribution (gsl_cdf_fdist_Pinv)
     */
    static double FQuantile(double p, double dof1, double dof2);

    /**
     * @param f an F statistic (>= 0)
     * @param dof1 numerator degrees of freedom (> 0)
     * @param dof2 denominator degrees of freedom (> 0)
     * @return P(F' > f), the p-value of an F-test (gsl_cdf_fdist_Q)
     */
    static double FUpperTail(double f, double dof1, double dof2);

  private:
    std::vector<std::string> m_factors;                     //!< factor names
    std::vector<std::vector<std::string>> m_levels;         //!< levels per factor, first seen
    std::vector<std::map<std::string, uint32_t>> m_indexOf; //!< level -> index per factor
    std::vector<std::vector<uint32_t>> m_runs;              //!< level indices per run
    std::vector<double> m_y;                                //!< response per run
};

} // namespace ns3

#endif // ATM_FACTORIAL_ANOVA_H
