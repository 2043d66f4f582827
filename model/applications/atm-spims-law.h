/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SPIMS_LAW_H
#define ATM_SPIMS_LAW_H

#include "ns3/ptr.h"

#include <iosfwd>
#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSpimsLaw: a size or gap law of the SPIMS-like applications (constant, exponential,
 * bivalue).
 */

namespace ns3
{

class RandomVariableStream;

/**
 * @ingroup atm
 * @brief A law that message sizes (bytes) or gaps between messages (seconds) are drawn from,
 *        in the notation of the SPIMS measurement tool the CRC report used (L. Lamont,
 *        I. Miloucheva, W. Stering, CRC Report 96-007, 1996, Appendix 2): `constant(v)` (or just
 *        `v`), `exp(mean)` and `bivalue(v1,v2,p)`, which is v1 with probability p and v2
 *        otherwise.
 *
 * A value type. CreateVariable() gives the ns-3 random variable that draws it
 * (ConstantRandomVariable, ExponentialRandomVariable, or an EmpiricalRandomVariable with the two
 * values, not interpolated), so that its stream follows RngRun and AssignStreams() as any other.
 *
 * @code
 *   AtmSpimsLaw law = AtmSpimsLaw::Parse("bivalue(10,9000,0.75)");
 *   Ptr<RandomVariableStream> sizes = law.CreateVariable();
 *   double mean = law.GetMean(); // 2257.5
 * @endcode
 */
class AtmSpimsLaw
{
  public:
    /// The kinds of law.
    enum Kind
    {
        CONSTANT,    //!< always the value
        EXPONENTIAL, //!< exponential with the mean
        BIVALUE,     //!< v1 with probability p, else v2
    };

    /// constant(1)
    AtmSpimsLaw();

    /**
     * @param value the value, >= 0
     * @return constant(value)
     */
    static AtmSpimsLaw Constant(double value);
    /**
     * @param mean the mean, > 0
     * @return exp(mean)
     */
    static AtmSpimsLaw Exponential(double mean);
    /**
     * @param v1 the first value, >= 0
     * @param v2 the second value, >= 0
     * @param p the probability of v1, in [0, 1]
     * @return bivalue(v1, v2, p)
     */
    static AtmSpimsLaw Bivalue(double v1, double v2, double p);

    /**
     * @brief Read a law: `v`, `constant(v)`, `exp(mean)` or `bivalue(v1,v2,p)` (spaces
     *        allowed around the numbers).
     * @param text the text
     * @param law receives the law
     * @param error receives why the text is not a law (may be null)
     * @return true if it is one
     */
    static bool TryParse(const std::string& text, AtmSpimsLaw* law, std::string* error);
    /**
     * @brief TryParse() that aborts with the reason.
     * @param text the text
     * @return the law
     */
    static AtmSpimsLaw Parse(const std::string& text);

    /// @return the kind
    Kind GetKind() const;
    /// @return the mean of the law
    double GetMean() const;
    /// @return the smallest value it draws (0 for exp)
    double GetMinimum() const;
    /// @return the largest value it draws (infinity for exp)
    double GetMaximum() const;
    /// @return true for constant(0): no gap
    bool IsZero() const;
    /// @return the law in the notation TryParse() reads
    std::string ToString() const;

    /// @return a new ns-3 random variable that draws from the law
    Ptr<RandomVariableStream> CreateVariable() const;

  private:
    Kind m_kind{CONSTANT}; //!< the kind
    double m_a{1};         //!< the value, the mean, or v1
    double m_b{0};         //!< v2 (bivalue)
    double m_p{1};         //!< p (bivalue)
};

/**
 * @param os the stream
 * @param law the law
 * @return the stream, with AtmSpimsLaw::ToString()
 */
std::ostream& operator<<(std::ostream& os, const AtmSpimsLaw& law);

} // namespace ns3

#endif // ATM_SPIMS_LAW_H
