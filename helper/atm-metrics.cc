/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-metrics.h"

#include "ns3/abort.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace ns3
{

uint32_t
AtmMetrics::CellsPerSegment(uint32_t mss, uint32_t optionBytes, AtmEncapsulation::Mode mode)
{
    return AtmEncapsulation::CellsForIpPacket(mss + 40 + optionBytes, mode);
}

double
AtmMetrics::MaxTcpGoodput(double cellsPerSecond,
                          uint32_t mss,
                          uint32_t optionBytes,
                          AtmEncapsulation::Mode mode)
{
    NS_ABORT_MSG_IF(mss == 0, "AtmMetrics::MaxTcpGoodput: MSS 0 (use the segment payload size)");
    return cellsPerSecond * 8.0 * mss / CellsPerSegment(mss, optionBytes, mode);
}

double
AtmMetrics::JainFairness(const std::vector<double>& x, const std::vector<double>& expected)
{
    NS_ABORT_MSG_IF(!expected.empty() && expected.size() != x.size(),
                    "AtmMetrics::JainFairness: "
                        << x.size() << " throughputs but " << expected.size()
                        << " expected shares (give one per flow, or none)");
    double sum = 0;
    double sumSq = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
    {
        const double e = expected.empty() ? 1.0 : expected[i];
        NS_ABORT_MSG_IF(!(e > 0),
                        "AtmMetrics::JainFairness: expected share " << e << " of flow " << i
                                                                    << " (must be > 0)");
        const double r = x[i] / e;
        sum += r;
        sumSq += r * r;
    }
    if (x.empty() || sumSq == 0)
    {
        return 1.0;
    }
    return sum * sum / (static_cast<double>(x.size()) * sumSq);
}

std::vector<double>
AtmMetrics::MaxMinShares(const std::vector<double>& demands, double capacity)
{
    std::vector<double> share(demands.size(), 0.0);
    std::vector<bool> fixed(demands.size(), false);
    std::size_t open = demands.size();
    double left = capacity;
    while (open > 0)
    {
        const double equal = left / static_cast<double>(open);
        bool changed = false;
        for (std::size_t i = 0; i < demands.size(); ++i)
        {
            if (!fixed[i] && demands[i] < equal)
            {
                share[i] = demands[i];
                fixed[i] = true;
                left -= demands[i];
                --open;
                changed = true;
            }
        }
        if (!changed)
        {
            for (std::size_t i = 0; i < demands.size(); ++i)
            {
                if (!fixed[i])
                {
                    share[i] = equal;
                }
            }
            break;
        }
    }
    return share;
}

double
AtmMetrics::MaxMinFairness(const std::vector<double>& x,
                           const std::vector<double>& demands,
                           double capacity)
{
    NS_ABORT_MSG_IF(x.size() != demands.size(),
                    "AtmMetrics::MaxMinFairness: " << x.size() << " throughputs but "
                                                   << demands.size()
                                                   << " demands (give one per flow)");
    NS_ABORT_MSG_IF(!(capacity > 0),
                    "AtmMetrics::MaxMinFairness: capacity " << capacity << " (must be > 0)");
    for (std::size_t i = 0; i < demands.size(); ++i)
    {
        NS_ABORT_MSG_IF(!(demands[i] >= 0),
                        "AtmMetrics::MaxMinFairness: demand " << demands[i] << " of flow " << i
                                                              << " (must be >= 0)");
    }
    const std::vector<double> shares = MaxMinShares(demands, capacity);
    std::vector<double> measured;
    std::vector<double> expected;
    for (std::size_t i = 0; i < x.size(); ++i)
    {
        if (shares[i] > 0)
        {
            measured.push_back(x[i]);
            expected.push_back(shares[i]);
        }
    }
    return JainFairness(measured, expected);
}

double
AtmMetrics::Efficiency(const std::vector<double>& x, double c)
{
    NS_ABORT_MSG_IF(!(c > 0), "AtmMetrics::Efficiency: C = " << c << " (must be > 0)");
    double sum = 0;
    for (double v : x)
    {
        sum += v;
    }
    return sum / c;
}

double
AtmMetrics::CellLossRatio(uint64_t lost, uint64_t sent)
{
    return sent == 0 ? 0.0 : static_cast<double>(lost) / static_cast<double>(sent);
}

double
AtmMetrics::RetransmissionPercent(uint64_t retransmitted, uint64_t sent)
{
    return sent == 0 ? 0.0 : 100.0 * static_cast<double>(retransmitted) / static_cast<double>(sent);
}

void
AtmJsonLine::Put(const std::string& key, const std::string& json)
{
    m_items.emplace_back(key, json);
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, double value)
{
    if (!std::isfinite(value))
    {
        Put(key, "null");
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.10g", value);
    Put(key, buf);
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, int64_t value)
{
    Put(key, std::to_string(value));
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, uint64_t value)
{
    Put(key, std::to_string(value));
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, uint32_t value)
{
    Put(key, std::to_string(value));
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, bool value)
{
    Put(key, value ? "true" : "false");
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const std::string& value)
{
    Put(key, Quote(value));
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const char* value)
{
    return Add(key, std::string(value));
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const std::vector<double>& values)
{
    std::string s = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
    {
        AtmJsonLine one;
        one.Add("v", values[i]);
        s += (i ? "," : "") + one.m_items.front().second;
    }
    Put(key, s + "]");
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const std::vector<std::string>& values)
{
    std::string s = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
    {
        s += (i ? "," : "") + Quote(values[i]);
    }
    Put(key, s + "]");
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const AtmJsonLine& object)
{
    Put(key, object.ToString());
    return *this;
}

AtmJsonLine&
AtmJsonLine::Add(const std::string& key, const std::vector<AtmJsonLine>& objects)
{
    std::string s = "[";
    for (std::size_t i = 0; i < objects.size(); ++i)
    {
        s += (i ? "," : "") + objects[i].ToString();
    }
    Put(key, s + "]");
    return *this;
}

std::string
AtmJsonLine::Quote(const std::string& s)
{
    std::string out = "\"";
    for (unsigned char c : s)
    {
        switch (c)
        {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20)
            {
                char buf[8];
                std::snprintf(buf, sizeof(buf), "\\u%04x", c);
                out += buf;
            }
            else
            {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

std::string
AtmJsonLine::ToString() const
{
    std::string s = "{";
    for (std::size_t i = 0; i < m_items.size(); ++i)
    {
        s += (i ? "," : "") + Quote(m_items[i].first) + ":" + m_items[i].second;
    }
    return s + "}";
}

} // namespace ns3
