/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-factorial-anova.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <gsl/gsl_cdf.h>
#include <limits>
#include <set>
#include <sstream>

namespace ns3
{

namespace
{

/// More combinations of levels than this are refused (a table that is not a designed experiment).
constexpr uint64_t MAX_CELLS = 10000000;

/// Factors at most (terms are subsets of them, held as bit masks).
constexpr uint32_t MAX_FACTORS = 16;

/**
 * @param factors the factor names
 * @param mask a set of factors
 * @return their names joined by ':'
 */
std::string
TermName(const std::vector<std::string>& factors, uint32_t mask)
{
    std::string name;
    for (uint32_t f = 0; f < factors.size(); ++f)
    {
        if (mask & (1u << f))
        {
            name += (name.empty() ? "" : ":") + factors[f];
        }
    }
    return name;
}

/**
 * @param mask a set of factors
 * @return how many
 */
uint32_t
Order(uint32_t mask)
{
    uint32_t n = 0;
    for (; mask; mask &= mask - 1)
    {
        ++n;
    }
    return n;
}

/**
 * @brief The combinations of a term's levels, numbered with the first factor varying slowest.
 */
struct Cells
{
    std::vector<uint32_t> factors; //!< the term's factors, ascending
    std::vector<uint64_t> stride;  //!< the index step of each of them
    uint64_t count{1};             //!< number of combinations

    /**
     * @param mask the term
     * @param levels levels per factor
     */
    Cells(uint32_t mask, const std::vector<std::vector<std::string>>& levels)
    {
        for (uint32_t f = 0; f < levels.size(); ++f)
        {
            if (mask & (1u << f))
            {
                factors.push_back(f);
            }
        }
        stride.assign(factors.size(), 1);
        for (std::size_t i = factors.size(); i-- > 0;)
        {
            stride[i] = count;
            count *= levels[factors[i]].size();
        }
    }

    /**
     * @param run the level index of every factor
     * @return the combination of the term's levels it belongs to
     */
    uint64_t Of(const std::vector<uint32_t>& run) const
    {
        uint64_t index = 0;
        for (std::size_t i = 0; i < factors.size(); ++i)
        {
            index += run[factors[i]] * stride[i];
        }
        return index;
    }

    /**
     * @param index a combination
     * @param k number of factors
     * @return the level index of every factor of the term (the others 0)
     */
    std::vector<uint32_t> Levels(uint64_t index, uint32_t k) const
    {
        std::vector<uint32_t> run(k, 0);
        for (std::size_t i = 0; i < factors.size(); ++i)
        {
            run[factors[i]] = static_cast<uint32_t>(index / stride[i]);
            index %= stride[i];
        }
        return run;
    }
};

/**
 * @param fields the fields of one line
 * @param line the line
 * @return false if a quoted field is not closed or text follows its closing quote
 */
bool
SplitCsvLine(const std::string& line, std::vector<std::string>* fields)
{
    fields->clear();
    std::size_t i = 0;
    const std::size_t n = line.size();
    while (true)
    {
        while (i < n && (line[i] == ' ' || line[i] == '\t'))
        {
            ++i;
        }
        std::string field;
        if (i < n && line[i] == '"')
        {
            ++i;
            bool closed = false;
            while (i < n)
            {
                if (line[i] == '"')
                {
                    if (i + 1 < n && line[i + 1] == '"')
                    {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                field += line[i++];
            }
            if (!closed)
            {
                return false;
            }
            while (i < n && (line[i] == ' ' || line[i] == '\t'))
            {
                ++i;
            }
            if (i < n && line[i] != ',')
            {
                return false;
            }
        }
        else
        {
            while (i < n && line[i] != ',')
            {
                field += line[i++];
            }
            while (!field.empty() && (field.back() == ' ' || field.back() == '\t'))
            {
                field.pop_back();
            }
        }
        fields->push_back(field);
        if (i >= n)
        {
            return true;
        }
        ++i; // the comma
    }
}

/**
 * @param text a field
 * @param value set to its number
 * @return true if the whole text is a finite number
 */
bool
ParseFinite(const std::string& text, double* value)
{
    if (text.empty())
    {
        return false;
    }
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v))
    {
        return false;
    }
    *value = v;
    return true;
}

/**
 * @param levels names
 * @return them separated by ", "
 */
std::string
JoinLevels(const std::vector<std::string>& levels)
{
    std::string s;
    for (const auto& l : levels)
    {
        s += (s.empty() ? "" : ", ") + l;
    }
    return s;
}

} // namespace

AtmFactorialAnova::AtmFactorialAnova(const std::vector<std::string>& factors)
    : m_factors(factors),
      m_levels(factors.size()),
      m_indexOf(factors.size())
{
    NS_ABORT_MSG_IF(factors.empty(), "AtmFactorialAnova: no factors: give at least one");
    NS_ABORT_MSG_IF(factors.size() > MAX_FACTORS,
                    "AtmFactorialAnova: " << factors.size() << " factors; at most " << MAX_FACTORS);
    std::set<std::string> seen;
    for (const auto& f : factors)
    {
        NS_ABORT_MSG_IF(f.empty(), "AtmFactorialAnova: a factor has an empty name");
        NS_ABORT_MSG_IF(!seen.insert(f).second,
                        "AtmFactorialAnova: factor '" << f << "' is named twice");
    }
}

bool
AtmFactorialAnova::TryAddRun(const std::vector<std::string>& levels,
                             double response,
                             std::string* error)
{
    if (levels.size() != m_factors.size())
    {
        *error = "a run with " + std::to_string(levels.size()) + " levels for " +
                 std::to_string(m_factors.size()) + " factors";
        return false;
    }
    if (!std::isfinite(response))
    {
        *error = "a response that is not a finite number";
        return false;
    }
    std::vector<uint32_t> run(levels.size());
    for (std::size_t f = 0; f < levels.size(); ++f)
    {
        auto it = m_indexOf[f].find(levels[f]);
        if (it == m_indexOf[f].end())
        {
            it = m_indexOf[f].emplace(levels[f], m_levels[f].size()).first;
            m_levels[f].push_back(levels[f]);
        }
        run[f] = it->second;
    }
    m_runs.push_back(run);
    m_y.push_back(response);
    return true;
}

void
AtmFactorialAnova::AddRun(const std::vector<std::string>& levels, double response)
{
    std::string error;
    NS_ABORT_MSG_IF(!TryAddRun(levels, response, &error), "AtmFactorialAnova::AddRun: " << error);
}

const std::vector<std::string>&
AtmFactorialAnova::GetFactors() const
{
    return m_factors;
}

uint32_t
AtmFactorialAnova::GetRuns() const
{
    return static_cast<uint32_t>(m_y.size());
}

bool
AtmFactorialAnova::TryAnalyse(uint32_t order,
                              double confidence,
                              Result* result,
                              std::string* error) const
{
    const uint32_t k = m_factors.size();
    const uint64_t n = m_y.size();
    if (order < 1 || order > k)
    {
        *error = "interaction order " + std::to_string(order) + " out of range: expected 1 ... " +
                 std::to_string(k) + " (the number of factors)";
        return false;
    }
    if (!(confidence > 0 && confidence < 1))
    {
        std::ostringstream os;
        os << "confidence " << confidence << " out of range: expected a level in (0, 1)";
        *error = os.str();
        return false;
    }
    if (n == 0)
    {
        *error = "no runs";
        return false;
    }
    for (uint32_t f = 0; f < k; ++f)
    {
        if (m_levels[f].size() < 2)
        {
            *error = "factor '" + m_factors[f] + "' has one level only ('" + m_levels[f][0] +
                     "'): a factor needs two levels or more (leave a constant column out of the "
                     "factors)";
            return false;
        }
    }

    // The terms estimated (every set of factors up to the order, lowest order first, then in
    // factor order) and the ones pooled into the error.
    std::vector<uint32_t> masks;
    std::vector<uint32_t> pooledMasks;
    for (uint32_t o = 1; o <= k; ++o)
    {
        std::vector<uint32_t> ofOrder;
        for (uint32_t mask = 1; mask < (1u << k); ++mask)
        {
            if (Order(mask) == o)
            {
                ofOrder.push_back(mask);
            }
        }
        // Lexicographic in the factor indices: compare the ascending index lists.
        std::sort(ofOrder.begin(), ofOrder.end(), [k](uint32_t a, uint32_t b) {
            for (uint32_t f = 0; f < k; ++f)
            {
                const bool ia = a & (1u << f);
                const bool ib = b & (1u << f);
                if (ia != ib)
                {
                    return ia;
                }
            }
            return false;
        });
        for (uint32_t mask : ofOrder)
        {
            (o <= order ? masks : pooledMasks).push_back(mask);
        }
    }
    auto dofOf = [this](uint32_t mask) {
        uint64_t d = 1;
        for (uint32_t f = 0; f < m_levels.size(); ++f)
        {
            if (mask & (1u << f))
            {
                d *= m_levels[f].size() - 1;
            }
        }
        return d;
    };
    uint64_t parameters = 1;
    for (uint32_t mask : masks)
    {
        parameters += dofOf(mask);
    }
    if (n < parameters)
    {
        *error = std::to_string(n) + " runs are fewer than the " + std::to_string(parameters) +
                 " parameters of the model (the mean and " + std::to_string(parameters - 1) +
                 " effect degrees of freedom up to order " + std::to_string(order) +
                 "): a full factorial needs every combination of levels";
        return false;
    }

    // Complete and balanced: every combination of levels has the same number of runs.
    const Cells all((1u << k) - 1, m_levels);
    uint64_t cells = 1;
    for (const auto& l : m_levels)
    {
        cells *= l.size();
        if (cells > MAX_CELLS)
        {
            *error = "more than " + std::to_string(MAX_CELLS) + " combinations of levels";
            return false;
        }
    }
    std::vector<uint64_t> count(cells, 0);
    for (const auto& run : m_runs)
    {
        ++count[all.Of(run)];
    }
    for (uint64_t c = 0; c < cells; ++c)
    {
        if (count[c] != count[0] || count[c] == 0)
        {
            auto describe = [&](uint64_t cell) {
                const auto levels = all.Levels(cell, k);
                std::string s;
                for (uint32_t f = 0; f < k; ++f)
                {
                    s += (f ? ", " : "") + m_factors[f] + "=" + m_levels[f][levels[f]];
                }
                return s;
            };
            const uint64_t empty = count[c] == 0 ? c : 0;
            if (count[empty] == 0)
            {
                *error = "not a full factorial design: no run with " + describe(empty) +
                         " (every combination of levels needs the same number of runs)";
            }
            else
            {
                *error = "unbalanced design: " + std::to_string(count[0]) + " runs with " +
                         describe(0) + " but " + std::to_string(count[c]) + " with " + describe(c) +
                         " (every combination of levels needs the same number)";
            }
            return false;
        }
    }
    const uint64_t r = count[0];

    Result res;
    res.factors = m_factors;
    res.levels = m_levels;
    res.runs = n;
    res.replications = r;
    res.order = order;
    res.confidence = confidence;
    double sum = 0;
    for (double y : m_y)
    {
        sum += y;
    }
    res.mean = sum / n;
    for (double y : m_y)
    {
        res.ssy += y * y;
        // SST = sum y^2 - N mean^2, summed as sum (y - mean)^2: the same number, without the
        // cancellation of two large sums.
        res.sst += (y - res.mean) * (y - res.mean);
    }
    res.ss0 = n * res.mean * res.mean;
    if (!(res.sst > 0))
    {
        *error = "the response is the same in every run (SST = 0): no variation to explain";
        return false;
    }

    // Effects: the marginal mean of each combination of a term's levels minus every lower-order
    // term of the same levels (the mean included), lowest order first.
    std::map<uint32_t, std::vector<double>> effects;
    effects[0] = {res.mean};
    std::map<uint32_t, Cells> cellsOf;
    cellsOf.emplace(0, Cells(0, m_levels));
    for (uint32_t mask : masks)
    {
        const Cells term(mask, m_levels);
        cellsOf.emplace(mask, term);
        std::vector<double> marginal(term.count, 0);
        for (uint64_t i = 0; i < n; ++i)
        {
            marginal[term.Of(m_runs[i])] += m_y[i];
        }
        const double perCell = static_cast<double>(n / term.count);
        std::vector<double> e(term.count);
        for (uint64_t c = 0; c < term.count; ++c)
        {
            const auto levels = term.Levels(c, k);
            double value = marginal[c] / perCell;
            // Every proper subset of the term (all of lower order, so already computed).
            for (uint32_t sub = (mask - 1) & mask;; sub = (sub - 1) & mask)
            {
                value -= effects[sub][cellsOf.at(sub).Of(levels)];
                if (sub == 0)
                {
                    break;
                }
            }
            e[c] = value;
        }
        effects[mask] = e;
    }

    // The residuals of the model and the error.
    for (uint64_t i = 0; i < n; ++i)
    {
        double fitted = res.mean;
        for (uint32_t mask : masks)
        {
            fitted += effects[mask][cellsOf.at(mask).Of(m_runs[i])];
        }
        res.sse += (m_y[i] - fitted) * (m_y[i] - fitted);
    }
    res.errorDof = n - parameters;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    res.errorPercent = 100.0 * res.sse / res.sst;
    if (res.errorDof > 0)
    {
        res.mse = res.sse / res.errorDof;
        res.se = std::sqrt(res.mse);
        res.t = TQuantile(1 - (1 - confidence) / 2, res.errorDof);
    }
    else
    {
        res.mse = res.se = res.t = nan;
    }
    res.sMean = res.se / std::sqrt(static_cast<double>(n));
    res.meanCiLow = res.mean - res.t * res.sMean;
    res.meanCiHigh = res.mean + res.t * res.sMean;

    for (uint32_t mask : masks)
    {
        const Cells& term = cellsOf.at(mask);
        Term t;
        t.name = TermName(m_factors, mask);
        for (uint32_t f : term.factors)
        {
            t.factors.push_back(m_factors[f]);
        }
        t.order = term.factors.size();
        t.dof = dofOf(mask);
        double sumSq = 0;
        for (double e : effects[mask])
        {
            sumSq += e * e;
        }
        t.ss = static_cast<double>(n / term.count) * sumSq;
        t.percent = 100.0 * t.ss / res.sst;
        t.ms = t.ss / t.dof;
        // s of each effect = s_e sqrt(dof / N). An effect is a linear contrast of the N
        // observations (the projection of y onto the term's subspace, read at one cell); in a
        // balanced design that projection's diagonal is the same for every observation, dof / N,
        // so the effect's variance is sigma^2 dof / N. For a main effect that is Jain's
        // s_e sqrt((a - 1) / N) (Box 21.1 with N = ab; JAIN WWW's s_e sqrt((N_A - 1) / 24)), for
        // a two-factor interaction s_e sqrt((a - 1)(b - 1) / N), and likewise for higher orders.
        t.sEffect = res.se * std::sqrt(static_cast<double>(t.dof) / n);
        if (res.errorDof > 0 && res.mse > 0)
        {
            t.f = t.ms / res.mse;
            t.p = FUpperTail(t.f, t.dof, res.errorDof);
        }
        else
        {
            t.f = t.p = nan;
        }
        t.fCritical = res.errorDof > 0 ? FQuantile(confidence, t.dof, res.errorDof) : nan;
        for (uint64_t c = 0; c < term.count; ++c)
        {
            Effect e;
            const auto levels = term.Levels(c, k);
            for (uint32_t f : term.factors)
            {
                e.levels.push_back(m_levels[f][levels[f]]);
            }
            e.value = effects[mask][c];
            e.ciLow = e.value - res.t * t.sEffect;
            e.ciHigh = e.value + res.t * t.sEffect;
            e.significant = res.errorDof > 0 && (e.ciLow > 0 || e.ciHigh < 0);
            t.effects.push_back(e);
        }
        res.terms.push_back(t);
    }
    for (uint32_t mask : pooledMasks)
    {
        res.pooled.push_back({TermName(m_factors, mask), static_cast<uint32_t>(dofOf(mask))});
    }
    *result = res;
    return true;
}

AtmFactorialAnova::Result
AtmFactorialAnova::Analyse(uint32_t order, double confidence) const
{
    Result result;
    std::string error;
    NS_ABORT_MSG_IF(!TryAnalyse(order, confidence, &result, &error),
                    "AtmFactorialAnova::Analyse: " << error);
    return result;
}

bool
AtmFactorialAnova::TryReadCsv(std::istream& in,
                              const std::string& response,
                              const std::vector<std::string>& factors,
                              AtmFactorialAnova* anova,
                              std::string* error)
{
    std::string line;
    std::vector<std::string> header;
    uint64_t lineNo = 0;
    auto next = [&](std::vector<std::string>* fields) {
        while (std::getline(in, line))
        {
            ++lineNo;
            if (!line.empty() && line.back() == '\r')
            {
                line.pop_back();
            }
            if (line.find_first_not_of(" \t") == std::string::npos)
            {
                continue;
            }
            if (!SplitCsvLine(line, fields))
            {
                *error = "line " + std::to_string(lineNo) +
                         ": a quoted field is not closed or text follows its closing quote";
                return -1;
            }
            return 1;
        }
        return 0;
    };
    int got = next(&header);
    if (got < 0)
    {
        return false;
    }
    if (got == 0)
    {
        *error = "an empty table: expected a header line of column names, then one line per run";
        return false;
    }
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < header.size(); ++i)
    {
        if (header[i].empty())
        {
            *error = "line " + std::to_string(lineNo) + ": column " + std::to_string(i + 1) +
                     " of the header has no name";
            return false;
        }
        if (!column.emplace(header[i], i).second)
        {
            *error = "line " + std::to_string(lineNo) + ": column '" + header[i] +
                     "' is named twice in the header";
            return false;
        }
    }
    const std::string names = JoinLevels(header);
    if (header.size() < 2)
    {
        *error = "the header names one column (" + names +
                 "): expected factor columns and a response column";
        return false;
    }
    const std::string responseName = response.empty() ? header.back() : response;
    if (!column.count(responseName))
    {
        *error = "no column '" + responseName + "' for the response (the columns: " + names + ")";
        return false;
    }
    std::vector<std::string> factorNames = factors;
    if (factorNames.empty())
    {
        for (const auto& h : header)
        {
            if (h != responseName)
            {
                factorNames.push_back(h);
            }
        }
    }
    std::set<std::string> seen;
    for (const auto& f : factorNames)
    {
        if (!column.count(f))
        {
            *error = "no column '" + f + "' for a factor (the columns: " + names + ")";
            return false;
        }
        if (f == responseName)
        {
            *error = "column '" + f + "' is both the response and a factor";
            return false;
        }
        if (!seen.insert(f).second)
        {
            *error = "factor '" + f + "' is named twice";
            return false;
        }
    }
    if (factorNames.size() > MAX_FACTORS)
    {
        *error =
            std::to_string(factorNames.size()) + " factors; at most " + std::to_string(MAX_FACTORS);
        return false;
    }
    AtmFactorialAnova result(factorNames);
    std::vector<std::string> fields;
    while ((got = next(&fields)) > 0)
    {
        if (fields.size() != header.size())
        {
            *error = "line " + std::to_string(lineNo) + " has " + std::to_string(fields.size()) +
                     " fields, the header " + std::to_string(header.size()) + " (a ragged table)";
            return false;
        }
        double y = 0;
        const std::string& text = fields[column[responseName]];
        if (!ParseFinite(text, &y))
        {
            *error = "line " + std::to_string(lineNo) + ": response '" + responseName + "' = '" +
                     text + "' is not a finite number";
            return false;
        }
        std::vector<std::string> levels;
        for (const auto& f : factorNames)
        {
            const std::string& level = fields[column[f]];
            if (level.empty())
            {
                *error = "line " + std::to_string(lineNo) + ": factor '" + f + "' has no level";
                return false;
            }
            levels.push_back(level);
        }
        std::string why;
        result.TryAddRun(levels, y, &why); // cannot fail: sizes match, y is finite
    }
    if (got < 0)
    {
        return false;
    }
    if (result.GetRuns() == 0)
    {
        *error = "a header but no runs";
        return false;
    }
    *anova = result;
    return true;
}

AtmJsonLine
AtmFactorialAnova::ToJson(const Result& r)
{
    AtmJsonLine json;
    json.Add("program", "atm-anova");
    json.Add("runs", r.runs);
    json.Add("replications", r.replications);
    std::vector<AtmJsonLine> factors;
    for (std::size_t f = 0; f < r.factors.size(); ++f)
    {
        AtmJsonLine one;
        one.Add("name", r.factors[f]).Add("levels", r.levels[f]);
        factors.push_back(one);
    }
    json.Add("factors", factors);
    json.Add("order", r.order);
    json.Add("confidence", r.confidence);
    json.Add("mean", r.mean);
    json.Add("sMean", r.sMean);
    json.Add("meanCi", std::vector<double>{r.meanCiLow, r.meanCiHigh});
    json.Add("ssy", r.ssy).Add("ss0", r.ss0).Add("sst", r.sst);
    json.Add("t", r.t);
    std::vector<AtmJsonLine> terms;
    double total = r.errorPercent;
    for (const auto& t : r.terms)
    {
        AtmJsonLine term;
        term.Add("term", t.name).Add("factors", t.factors).Add("order", t.order);
        term.Add("dof", t.dof).Add("ss", t.ss).Add("percent", t.percent).Add("ms", t.ms);
        term.Add("F", t.f).Add("fCritical", t.fCritical).Add("p", t.p);
        term.Add("sEffect", t.sEffect);
        std::vector<AtmJsonLine> effects;
        for (const auto& e : t.effects)
        {
            AtmJsonLine one;
            one.Add("levels", e.levels).Add("effect", e.value);
            one.Add("ci", std::vector<double>{e.ciLow, e.ciHigh});
            one.Add("significant", e.significant);
            effects.push_back(one);
        }
        term.Add("effects", effects);
        terms.push_back(term);
        total += t.percent;
    }
    json.Add("terms", terms);
    AtmJsonLine err;
    err.Add("dof", r.errorDof).Add("ss", r.sse).Add("percent", r.errorPercent);
    err.Add("ms", r.mse).Add("se", r.se);
    std::vector<AtmJsonLine> pooled;
    for (const auto& p : r.pooled)
    {
        AtmJsonLine one;
        one.Add("term", p.name).Add("dof", p.dof);
        pooled.push_back(one);
    }
    err.Add("pooled", pooled);
    json.Add("error", err);
    json.Add("percentTotal", total);
    return json;
}

double
AtmFactorialAnova::TQuantile(double p, double dof)
{
    NS_ABORT_MSG_IF(!(p > 0 && p < 1) || !(dof > 0),
                    "AtmFactorialAnova::TQuantile: p = " << p << ", dof = " << dof
                                                         << ": expected p in (0, 1), dof > 0");
    return gsl_cdf_tdist_Pinv(p, dof);
}

double
AtmFactorialAnova::FQuantile(double p, double dof1, double dof2)
{
    NS_ABORT_MSG_IF(!(p > 0 && p < 1) || !(dof1 > 0) || !(dof2 > 0),
                    "AtmFactorialAnova::FQuantile: p = " << p << ", dof = " << dof1 << ", " << dof2
                                                         << ": expected p in (0, 1), dof > 0");
    return gsl_cdf_fdist_Pinv(p, dof1, dof2);
}

double
AtmFactorialAnova::FUpperTail(double f, double dof1, double dof2)
{
    NS_ABORT_MSG_IF(!(f >= 0) || !(dof1 > 0) || !(dof2 > 0),
                    "AtmFactorialAnova::FUpperTail: F = " << f << ", dof = " << dof1 << ", " << dof2
                                                          << ": expected F >= 0, dof > 0");
    if (std::isinf(f))
    {
        return 0;
    }
    return gsl_cdf_fdist_Q(f, dof1, dof2);
}

} // namespace ns3
