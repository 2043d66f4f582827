/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-www-law.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"

#include <cmath>

namespace ns3
{

AtmWwwLaw::AtmWwwLaw()
    : m_values{1.0},
      m_probabilities{1.0}
{
}

AtmWwwLaw
AtmWwwLaw::Discrete(const std::vector<double>& values, const std::vector<double>& probabilities)
{
    NS_ABORT_MSG_IF(values.empty(), "AtmWwwLaw::Discrete: no values; give at least one");
    NS_ABORT_MSG_IF(values.size() != probabilities.size(),
                    "AtmWwwLaw::Discrete: " << values.size() << " values but "
                                            << probabilities.size()
                                            << " probabilities; give one probability per value");
    double sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
    {
        NS_ABORT_MSG_IF(!(values[i] >= 0) || !std::isfinite(values[i]),
                        "AtmWwwLaw::Discrete: value " << values[i] << " (must be >= 0)");
        NS_ABORT_MSG_IF(i > 0 && !(values[i] > values[i - 1]),
                        "AtmWwwLaw::Discrete: value " << values[i] << " after " << values[i - 1]
                                                      << " (the values must increase)");
        NS_ABORT_MSG_IF(!(probabilities[i] >= 0 && probabilities[i] <= 1),
                        "AtmWwwLaw::Discrete: probability " << probabilities[i] << " of value "
                                                            << values[i] << " is not in [0, 1]");
        sum += probabilities[i];
    }
    NS_ABORT_MSG_IF(std::fabs(sum - 1) > 1e-9,
                    "AtmWwwLaw::Discrete: the probabilities sum to " << sum << ", not 1");
    AtmWwwLaw law;
    law.m_values = values;
    law.m_probabilities = probabilities;
    for (double& p : law.m_probabilities)
    {
        p /= sum;
    }
    return law;
}

AtmWwwLaw
AtmWwwLaw::TruncatedPoisson(double mean, uint32_t lo, uint32_t hi)
{
    NS_ABORT_MSG_IF(!(mean > 0 && mean <= 1000),
                    "AtmWwwLaw::TruncatedPoisson: mean " << mean << " is not in (0, 1000]");
    NS_ABORT_MSG_IF(lo > hi || hi > 10000,
                    "AtmWwwLaw::TruncatedPoisson: range [" << lo << ", " << hi
                                                           << "]: need lo <= hi <= 10000");
    std::vector<double> values;
    std::vector<double> mass;
    double total = 0;
    for (uint32_t j = lo; j <= hi; ++j)
    {
        // e^-m m^j / j! in logarithms (no overflow for large j).
        const double p = std::exp(-mean + j * std::log(mean) - std::lgamma(j + 1.0));
        values.push_back(j);
        mass.push_back(p);
        total += p;
    }
    NS_ABORT_MSG_IF(!(total > 0),
                    "AtmWwwLaw::TruncatedPoisson: Poisson(" << mean << ") has no mass in [" << lo
                                                            << ", " << hi << "]");
    for (double& p : mass)
    {
        p /= total;
    }
    return Discrete(values, mass);
}

AtmWwwLaw
AtmWwwLaw::FileSize(const std::vector<double>& classProbabilities,
                    uint32_t baseBytes,
                    const AtmWwwLaw& index)
{
    NS_ABORT_MSG_IF(classProbabilities.empty() || classProbabilities.size() > 9,
                    "AtmWwwLaw::FileSize: " << classProbabilities.size()
                                            << " size classes; give 1 to 9");
    NS_ABORT_MSG_IF(baseBytes == 0, "AtmWwwLaw::FileSize: base size 0; give >= 1 byte");
    NS_ABORT_MSG_IF(index.m_values.front() < 1 || index.m_values.back() >= 10,
                    "AtmWwwLaw::FileSize: the index law draws "
                        << index.m_values.front() << " ... " << index.m_values.back()
                        << "; it must stay in [1, 10) so that the classes do not overlap");
    double sum = 0;
    for (double p : classProbabilities)
    {
        NS_ABORT_MSG_IF(!(p >= 0 && p <= 1),
                        "AtmWwwLaw::FileSize: class probability " << p << " is not in [0, 1]");
        sum += p;
    }
    NS_ABORT_MSG_IF(std::fabs(sum - 1) > 1e-9,
                    "AtmWwwLaw::FileSize: the class probabilities sum to " << sum << ", not 1");
    std::vector<double> values;
    std::vector<double> probabilities;
    double scale = baseBytes;
    for (double pk : classProbabilities)
    {
        for (std::size_t j = 0; j < index.m_values.size(); ++j)
        {
            values.push_back(std::round(index.m_values[j] * scale));
            probabilities.push_back(pk * index.m_probabilities[j]);
        }
        scale *= 10;
    }
    NS_ABORT_MSG_IF(values.back() > 4e9,
                    "AtmWwwLaw::FileSize: the largest file, " << values.back()
                                                              << " bytes, exceeds 4e9 bytes");
    return Discrete(values, probabilities);
}

std::vector<double>
AtmWwwLaw::JainClassProbabilities()
{
    return {0.2, 0.28, 0.4, 0.112, 0.008};
}

AtmWwwLaw
AtmWwwLaw::JainGets()
{
    return TruncatedPoisson(5, 1, 9);
}

AtmWwwLaw
AtmWwwLaw::JainFileSize()
{
    return FileSize(JainClassProbabilities(), 100, TruncatedPoisson(5, 1, 9));
}

const std::vector<double>&
AtmWwwLaw::GetValues() const
{
    return m_values;
}

const std::vector<double>&
AtmWwwLaw::GetProbabilities() const
{
    return m_probabilities;
}

double
AtmWwwLaw::GetMean() const
{
    double mean = 0;
    for (std::size_t i = 0; i < m_values.size(); ++i)
    {
        mean += m_values[i] * m_probabilities[i];
    }
    return mean;
}

double
AtmWwwLaw::GetProbability(double value) const
{
    for (std::size_t i = 0; i < m_values.size(); ++i)
    {
        if (m_values[i] == value)
        {
            return m_probabilities[i];
        }
    }
    return 0;
}

Ptr<RandomVariableStream>
AtmWwwLaw::CreateVariable() const
{
    // One CDF point per value of positive probability (ns-3 wants a strictly increasing CDF),
    // sampled, not interpolated; the last point exactly 1.
    std::vector<std::size_t> drawn;
    for (std::size_t i = 0; i < m_values.size(); ++i)
    {
        if (m_probabilities[i] > 0)
        {
            drawn.push_back(i);
        }
    }
    if (drawn.size() == 1)
    {
        Ptr<ConstantRandomVariable> x = CreateObject<ConstantRandomVariable>();
        x->SetAttribute("Constant", DoubleValue(m_values[drawn.front()]));
        return x;
    }
    Ptr<EmpiricalRandomVariable> x = CreateObject<EmpiricalRandomVariable>();
    x->SetInterpolate(false);
    double cdf = 0;
    for (std::size_t k = 0; k < drawn.size(); ++k)
    {
        cdf += m_probabilities[drawn[k]];
        x->CDF(m_values[drawn[k]], k + 1 == drawn.size() ? 1.0 : std::min(cdf, 1.0));
    }
    return x;
}

} // namespace ns3
