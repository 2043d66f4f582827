/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_WWW_LAW_H
#define ATM_WWW_LAW_H

#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmWwwLaw: the discrete laws of JAIN et al.'s WWW traffic model.
 */

namespace ns3
{

class RandomVariableStream;

/**
 * @ingroup atm
 * @brief A discrete law (values with their probabilities) of the WWW traffic model of R. Jain
 *        et al., "Performance Analysis of TCP Enhancements for WWW Traffic using UBR+ with
 *        Limited Buffers over Satellite Links", ATM Forum contribution 98-0876R1, 1998
 *        (its WWW model): the number of GETs in a batch and the size of a file.
 *
 * - GETs per batch: Poisson with mean 5, restricted to 1 ... 9 (JainGets());
 * - file size: a class k = 0 ... 4 with probabilities 20, 28, 40, 11.2 and 0.8 % (0-1 KB,
 *   1-10 KB, 10-100 KB, 100 KB-1 MB, 1-10 MB), then one of the class's nine sizes
 *   j x 10^k x 100 bytes, j = 1 ... 9, the index j again Poisson with mean 5 restricted to
 *   1 ... 9 (JainFileSize()).
 *
 * Two choices the paper leaves open, made here and documented in the manual:
 * - "restricted to 1 ... 9" is a truncation by conditioning: P(j) = Poisson(5)(j) /
 *   P(1 <= X <= 9), the law of a draw repeated until it falls in the range (mean 4.8464);
 *   the alternative readings (clamping, or 1 + Poisson) put more mass on the ends. With it the
 *   mean file is 23,500 x 4.8464 = 113.89 KB (the paper rounds to "about 120 KB"), the mean
 *   batch 4.8464 GETs, and a server's offered load 4.8464 x 113,891 x 8 / 10 s = 441.6 kb/s
 *   (the paper's "about 480 kb/s" is 5 x 120 KB x 8 / 10 s).
 * - KB = 1000 bytes, so that the nine sizes of class 0 are whole bytes (100 ... 900).
 *
 * A value type. CreateVariable() gives an ns-3 EmpiricalRandomVariable that samples the
 * values with their exact probabilities (not interpolated), so that its stream follows RngRun
 * and AssignStreams() as any other.
 *
 * @code
 *   AtmWwwLaw sizes = AtmWwwLaw::JainFileSize();
 *   double mean = sizes.GetMean();             // 113,891.3 bytes
 *   Ptr<RandomVariableStream> x = sizes.CreateVariable();
 *   uint32_t bytes = static_cast<uint32_t>(x->GetValue());
 * @endcode
 */
class AtmWwwLaw
{
  public:
    /// The law that is always 1.
    AtmWwwLaw();

    /**
     * @brief A law of the given values and probabilities.
     * @param values strictly increasing, each >= 0
     * @param probabilities one per value, each in [0, 1], summing to 1 (within 1e-9; the law
     *        keeps them renormalised)
     * @return the law (bad input aborts with the reason)
     */
    static AtmWwwLaw Discrete(const std::vector<double>& values,
                              const std::vector<double>& probabilities);
    /**
     * @brief A Poisson law restricted to [lo, hi] by conditioning: P(j) = e^-m m^j / j! divided
     *        by the mass of [lo, hi].
     * @param mean the Poisson mean m, in (0, 1000]
     * @param lo the smallest value
     * @param hi the largest value, lo <= hi <= 10000
     * @return the law
     */
    static AtmWwwLaw TruncatedPoisson(double mean, uint32_t lo, uint32_t hi);
    /**
     * @brief The file-size law: class k with probability classProbabilities[k], then size
     *        index x 10^k x baseBytes, the index drawn from @p index.
     * @param classProbabilities one probability per class (at most 9 classes), summing to 1
     * @param baseBytes the size step of class 0 (JAIN: 100 bytes), >= 1
     * @param index the law of the index within a class (JAIN: TruncatedPoisson(5, 1, 9)); its
     *        values must be >= 1 and below 10, so that the classes do not overlap
     * @return the law of the file size in bytes
     */
    static AtmWwwLaw FileSize(const std::vector<double>& classProbabilities,
                              uint32_t baseBytes,
                              const AtmWwwLaw& index);

    /// @return JAIN's class probabilities: 0.2, 0.28, 0.4, 0.112, 0.008
    static std::vector<double> JainClassProbabilities();
    /// @return JAIN's GETs per batch: TruncatedPoisson(5, 1, 9)
    static AtmWwwLaw JainGets();
    /// @return JAIN's file size: FileSize(JainClassProbabilities(), 100, JainGets())
    static AtmWwwLaw JainFileSize();

    /// @return the values, strictly increasing
    const std::vector<double>& GetValues() const;
    /// @return their probabilities (summing to 1)
    const std::vector<double>& GetProbabilities() const;
    /// @return the mean
    double GetMean() const;
    /**
     * @param value a value
     * @return its probability (0 if the law does not draw it)
     */
    double GetProbability(double value) const;

    /// @return a new ns-3 random variable that draws from the law
    Ptr<RandomVariableStream> CreateVariable() const;

  private:
    std::vector<double> m_values;        //!< strictly increasing
    std::vector<double> m_probabilities; //!< one per value, summing to 1
};

} // namespace ns3

#endif // ATM_WWW_LAW_H
