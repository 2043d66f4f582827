/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-spims-law.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <sstream>
#include <vector>

namespace ns3
{

namespace
{

/// What a law may be written as, appended to every parse error.
constexpr const char FORMS[] = "a law is v, constant(v), exp(mean) or bivalue(v1,v2,p)";

/**
 * @param text the text
 * @return it without leading and trailing blanks
 */
std::string
Trim(const std::string& text)
{
    const size_t a = text.find_first_not_of(" \t");
    if (a == std::string::npos)
    {
        return "";
    }
    return text.substr(a, text.find_last_not_of(" \t") - a + 1);
}

/**
 * @brief Read a finite number that is the whole (trimmed) text.
 * @param text the text
 * @param x receives it
 * @return true if the text is one
 */
bool
ReadNumber(const std::string& text, double* x)
{
    const std::string t = Trim(text);
    if (t.empty() || !(std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '.'))
    {
        return false; // no sign, no "inf" or "nan"
    }
    char* end = nullptr;
    *x = std::strtod(t.c_str(), &end);
    return end == t.c_str() + t.size() && std::isfinite(*x);
}

} // namespace

AtmSpimsLaw::AtmSpimsLaw() = default;

AtmSpimsLaw
AtmSpimsLaw::Constant(double value)
{
    NS_ABORT_MSG_IF(!(value >= 0) || !std::isfinite(value),
                    "AtmSpimsLaw::Constant(" << value << "): give a finite value >= 0");
    AtmSpimsLaw law;
    law.m_kind = CONSTANT;
    law.m_a = value;
    return law;
}

AtmSpimsLaw
AtmSpimsLaw::Exponential(double mean)
{
    NS_ABORT_MSG_IF(!(mean > 0) || !std::isfinite(mean),
                    "AtmSpimsLaw::Exponential(" << mean << "): give a finite mean > 0");
    AtmSpimsLaw law;
    law.m_kind = EXPONENTIAL;
    law.m_a = mean;
    return law;
}

AtmSpimsLaw
AtmSpimsLaw::Bivalue(double v1, double v2, double p)
{
    NS_ABORT_MSG_IF(!(v1 >= 0) || !(v2 >= 0) || !std::isfinite(v1) || !std::isfinite(v2),
                    "AtmSpimsLaw::Bivalue(" << v1 << ", " << v2 << ", " << p
                                            << "): give finite values >= 0");
    NS_ABORT_MSG_IF(!(p >= 0 && p <= 1),
                    "AtmSpimsLaw::Bivalue(" << v1 << ", " << v2 << ", " << p
                                            << "): the probability p of v1 must be in [0, 1]");
    AtmSpimsLaw law;
    law.m_kind = BIVALUE;
    law.m_a = v1;
    law.m_b = v2;
    law.m_p = p;
    return law;
}

bool
AtmSpimsLaw::TryParse(const std::string& text, AtmSpimsLaw* law, std::string* error)
{
    std::string scratch;
    std::string& why = error ? *error : scratch;
    const std::string t = Trim(text);
    double x = 0;
    if (ReadNumber(t, &x))
    {
        *law = Constant(x);
        return true;
    }
    const size_t open = t.find('(');
    if (open == std::string::npos || t.back() != ')')
    {
        why = "'" + text + "' is not a law: " + FORMS;
        return false;
    }
    const std::string name = Trim(t.substr(0, open));
    std::vector<double> args;
    std::istringstream list(t.substr(open + 1, t.size() - open - 2));
    std::string item;
    while (std::getline(list, item, ','))
    {
        if (!ReadNumber(item, &x))
        {
            why = "'" + text + "': '" + Trim(item) + "' is not a number >= 0; " + FORMS;
            return false;
        }
        args.push_back(x);
    }
    const auto need = [&](size_t n) {
        if (args.size() != n)
        {
            why = "'" + text + "': " + name + " takes " + std::to_string(n) + " number" +
                  (n > 1 ? "s" : "") + ", not " + std::to_string(args.size());
            return false;
        }
        return true;
    };
    if (name == "constant")
    {
        if (!need(1))
        {
            return false;
        }
        *law = Constant(args[0]);
        return true;
    }
    if (name == "exp")
    {
        if (!need(1))
        {
            return false;
        }
        if (!(args[0] > 0))
        {
            why = "'" + text + "': the mean of exp must be > 0";
            return false;
        }
        *law = Exponential(args[0]);
        return true;
    }
    if (name == "bivalue")
    {
        if (!need(3))
        {
            return false;
        }
        if (args[2] > 1)
        {
            why = "'" + text + "': the probability p of v1 must be in [0, 1]";
            return false;
        }
        *law = Bivalue(args[0], args[1], args[2]);
        return true;
    }
    why = "'" + text + "': unknown law '" + name + "'; " + FORMS;
    return false;
}

AtmSpimsLaw
AtmSpimsLaw::Parse(const std::string& text)
{
    AtmSpimsLaw law;
    std::string error;
    NS_ABORT_MSG_IF(!TryParse(text, &law, &error), "AtmSpimsLaw: " << error);
    return law;
}

AtmSpimsLaw::Kind
AtmSpimsLaw::GetKind() const
{
    return m_kind;
}

double
AtmSpimsLaw::GetMean() const
{
    return m_kind == BIVALUE ? m_p * m_a + (1 - m_p) * m_b : m_a;
}

double
AtmSpimsLaw::GetMinimum() const
{
    switch (m_kind)
    {
    case CONSTANT:
        return m_a;
    case EXPONENTIAL:
        return 0;
    case BIVALUE:
        return m_p >= 1 ? m_a : (m_p <= 0 ? m_b : std::min(m_a, m_b));
    }
    return 0;
}

double
AtmSpimsLaw::GetMaximum() const
{
    switch (m_kind)
    {
    case CONSTANT:
        return m_a;
    case EXPONENTIAL:
        return std::numeric_limits<double>::infinity();
    case BIVALUE:
        return m_p >= 1 ? m_a : (m_p <= 0 ? m_b : std::max(m_a, m_b));
    }
    return 0;
}

bool
AtmSpimsLaw::IsZero() const
{
    return m_kind != EXPONENTIAL && GetMaximum() == 0;
}

std::string
AtmSpimsLaw::ToString() const
{
    std::ostringstream os;
    os.precision(std::numeric_limits<double>::max_digits10);
    switch (m_kind)
    {
    case CONSTANT:
        os << m_a;
        break;
    case EXPONENTIAL:
        os << "exp(" << m_a << ")";
        break;
    case BIVALUE:
        os << "bivalue(" << m_a << "," << m_b << "," << m_p << ")";
        break;
    }
    return os.str();
}

Ptr<RandomVariableStream>
AtmSpimsLaw::CreateVariable() const
{
    if (m_kind == EXPONENTIAL)
    {
        Ptr<ExponentialRandomVariable> x = CreateObject<ExponentialRandomVariable>();
        x->SetAttribute("Mean", DoubleValue(m_a));
        x->SetAttribute("Bound", DoubleValue(0)); // unbounded
        return x;
    }
    if (m_kind == BIVALUE && GetMinimum() != GetMaximum())
    {
        // The two values as an empirical CDF, sampled, not interpolated: the smaller value
        // with its probability, the larger with the rest.
        Ptr<EmpiricalRandomVariable> x = CreateObject<EmpiricalRandomVariable>();
        x->SetInterpolate(false);
        const bool firstSmaller = m_a < m_b;
        x->CDF(firstSmaller ? m_a : m_b, firstSmaller ? m_p : 1 - m_p);
        x->CDF(firstSmaller ? m_b : m_a, 1.0);
        return x;
    }
    Ptr<ConstantRandomVariable> x = CreateObject<ConstantRandomVariable>();
    x->SetAttribute("Constant", DoubleValue(GetMinimum()));
    return x;
}

std::ostream&
operator<<(std::ostream& os, const AtmSpimsLaw& law)
{
    return os << law.ToString();
}

} // namespace ns3
