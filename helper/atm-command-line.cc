/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-command-line.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/attribute.h"
#include "ns3/command-line.h"
#include "ns3/log.h"
#include "ns3/string.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <type_traits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCommandLine");

/// What the callbacks share with the AtmCommandLine that registered them.
struct AtmCommandLine::State
{
    std::string program;                         //!< the program's name, for messages
    std::map<std::string, std::string> given;    //!< options the command line gave, as text
    std::map<std::string, std::string> defaults; //!< every option's default, as --help shows it
    std::map<std::string, std::string> typed;    //!< the last text of each option on the command
                                                 //!< line, as typed (for messages)
};

/**
 * @brief Whether a text spells an option's default as a campaign tool writes it back.
 *
 * SEM (the ns-3 Simulation Execution Manager) reads each option's default from --PrintHelp,
 * keeps a number as a Python float, true/false as a Python bool and a missing default as None,
 * and passes every option on every run as "--name=str(value)": "1000.0" for 1000, "True",
 * "None", and a default that is a description ("the preset's") as that text.
 *
 * @param text the option's text on the command line
 * @param def its default as --help shows it
 * @return true if @p text is @p def, the same word in another case, the same number in another
 *         spelling, or "None" for an option without a default
 */
static bool
SpellsDefault(const std::string& text, const std::string& def)
{
    if (text == def || (def.empty() && text == "None"))
    {
        return true;
    }
    if (text.size() == def.size() &&
        std::equal(text.begin(), text.end(), def.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
        }))
    {
        return true;
    }
    double x;
    double y;
    return AtmCommandLine::ParseReal(text, &x) && AtmCommandLine::ParseReal(def, &y) && x == y;
}

namespace
{

/**
 * @param x a real number
 * @return its shortest round-trip text ("0.8", "1e+09")
 */
std::string
RealText(double x)
{
    std::ostringstream os;
    os.precision(std::numeric_limits<double>::max_digits10);
    for (int p = 1; p <= std::numeric_limits<double>::max_digits10; ++p)
    {
        std::ostringstream t;
        t.precision(p);
        t << x;
        if (std::strtod(t.str().c_str(), nullptr) == x)
        {
            return t.str();
        }
    }
    os << x;
    return os.str();
}

/**
 * @param t a time
 * @return it in the largest of s, ms, us, ns that shows it exactly ("10ms", "2.75us")
 */
std::string
TimeText(Time t)
{
    const int64_t ns = t.GetNanoSeconds();
    if (Time(ns) != t) // finer than the nanosecond
    {
        return RealText(t.GetSeconds()) + "s";
    }
    static const std::pair<int64_t, const char*> units[] = {{1000000000, "s"},
                                                            {1000000, "ms"},
                                                            {1000, "us"}};
    for (const auto& [factor, unit] : units)
    {
        if (ns % factor == 0)
        {
            return std::to_string(ns / factor) + unit;
        }
    }
    if (ns >= 1000 || ns <= -1000)
    {
        return RealText(static_cast<double>(ns) / 1000.0) + "us";
    }
    return std::to_string(ns) + "ns";
}

/**
 * @param min smallest valid time
 * @param max largest valid time
 * @return "a time in [min, max]" or "a time >= min" when max is Time::Max()
 */
std::string
TimeRangeText(Time min, Time max)
{
    if (max == Time::Max())
    {
        return "a time >= " + TimeText(min) + " (with a unit: s, ms, us, ns)";
    }
    return "a time in [" + TimeText(min) + ", " + TimeText(max) + "] (with a unit: s, ms, us, ns)";
}

/**
 * @param text an integer option's text
 * @return the text without a fraction of zeros ("1000.0" -> "1000", the spelling of a number that
 *         SEM passes back as a Python float); any other text unchanged
 */
std::string
IntegerDigits(const std::string& text)
{
    const std::string::size_type point = text.find('.');
    if (point == std::string::npos || point == 0 || point + 1 == text.size() ||
        text.find_first_not_of('0', point + 1) != std::string::npos)
    {
        return text;
    }
    return text.substr(0, point);
}

/**
 * @param value the variable an integer option sets
 * @param min smallest valid value
 * @param max largest valid value
 * @return the option's parser: digits only (a sign for signed types), within [min, max]
 */
template <typename T>
std::function<bool(const std::string&, std::string*)>
IntegerParser(T& value, T min, T max)
{
    return [&value, min, max](const std::string& raw, std::string* expected) {
        const std::string text = IntegerDigits(raw);
        bool ok;
        if constexpr (std::is_signed_v<T>)
        {
            int64_t x;
            ok = AtmCommandLine::ParseSigned(text, &x) && x >= min && x <= max;
            value = ok ? static_cast<T>(x) : value;
        }
        else
        {
            uint64_t x;
            ok = AtmCommandLine::ParseUnsigned(text, &x) && x >= min && x <= max;
            value = ok ? static_cast<T>(x) : value;
        }
        if (!ok)
        {
            *expected = "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
        }
        return ok;
    };
}

} // namespace

AtmCommandLine::AtmCommandLine(CommandLine& cmd)
    : m_cmd(cmd),
      m_state(std::make_shared<State>())
{
    m_state->program = cmd.GetName();
    if (m_state->program.empty())
    {
        m_state->program = "program";
    }
}

void
AtmCommandLine::Register(const std::string& name,
                         const std::string& help,
                         std::function<bool(const std::string&, std::string*)> parse,
                         const std::string& defaultText)
{
    std::shared_ptr<State> state = m_state;
    auto handler = [state, name, parse](const std::string& text) -> bool {
        const std::string& def = state->defaults[name];
        state->typed[name] = text;
        std::string ignored;
        double number;
        // The default spelled again (by a campaign tool that passes every option): not given.
        // An earlier occurrence of the option may have changed the variable: parse() resets it
        // from the default's own text when that is a value. A default that is a number the
        // option refuses (a zero rate that must be given) is no value to fall back on, and an
        // empty text is the option's own business (an empty list is refused).
        if (!text.empty() && SpellsDefault(text, def) &&
            (parse(def, &ignored) || !AtmCommandLine::ParseReal(def, &number)))
        {
            state->given.erase(name);
            return true;
        }
        std::string expected;
        if (!parse(text, &expected))
        {
            std::cerr << state->program << ": invalid --" << name << "=" << text << ": expected "
                      << expected << std::endl
                      << state->program << ": run with --help for every option and its default"
                      << std::endl;
            std::exit(1);
        }
        state->given[name] = text;
        return true;
    };
    m_state->defaults[name] = defaultText;
    m_cmd.AddValue(name, help, AtmCommandLineCallback(handler), defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         uint32_t& value,
                         uint32_t min,
                         uint32_t max,
                         const std::string& defaultText)
{
    Register(name,
             help,
             IntegerParser(value, min, max),
             defaultText.empty() ? std::to_string(value) : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         uint64_t& value,
                         uint64_t min,
                         uint64_t max,
                         const std::string& defaultText)
{
    Register(name,
             help,
             IntegerParser(value, min, max),
             defaultText.empty() ? std::to_string(value) : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         int32_t& value,
                         int32_t min,
                         int32_t max,
                         const std::string& defaultText)
{
    Register(name,
             help,
             IntegerParser(value, min, max),
             defaultText.empty() ? std::to_string(value) : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         double& value,
                         double min,
                         double max,
                         const std::string& defaultText)
{
    Register(
        name,
        help,
        [&value, min, max](const std::string& text, std::string* expected) {
            double x;
            if (!ParseReal(text, &x) || x < min || x > max)
            {
                *expected = "a number in [" + RealText(min) + ", " + RealText(max) + "]";
                return false;
            }
            value = x;
            return true;
        },
        defaultText.empty() ? RealText(value) : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         Time& value,
                         Time min,
                         Time max,
                         const std::string& defaultText)
{
    Register(
        name,
        help,
        [&value, min, max](const std::string& text, std::string* expected) {
            Time x;
            if (!ParseTime(text, &x) || x < min || x > max)
            {
                *expected = TimeRangeText(min, max);
                return false;
            }
            value = x;
            return true;
        },
        defaultText.empty() ? TimeText(value) : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         bool& value,
                         const std::string& defaultText)
{
    Register(
        name,
        help,
        [&value](const std::string& raw, std::string* expected) {
            std::string text = raw;
            std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
                return static_cast<char>(std::tolower(c));
            });
            if (text.empty() || text == "true" || text == "1") // "--flag" alone: true
            {
                value = true;
                return true;
            }
            if (text == "false" || text == "0")
            {
                value = false;
                return true;
            }
            *expected = "true, false, 1 or 0 (in any case; or the option alone for true)";
            return false;
        },
        defaultText.empty() ? (value ? "true" : "false") : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         AtmCellRate& value,
                         const std::string& defaultText)
{
    std::ostringstream def;
    def << value;
    Register(
        name,
        help,
        [&value, check = CellRateCheck()](const std::string& text, std::string* expected) {
            if (!check(text, expected))
            {
                return false;
            }
            value = AtmCellRate::Parse(text);
            return true;
        },
        defaultText.empty() ? def.str() : defaultText);
}

void
AtmCommandLine::AddValue(const std::string& name,
                         const std::string& help,
                         std::string& value,
                         Check check,
                         const std::string& defaultText)
{
    Register(
        name,
        help,
        [&value, check](const std::string& text, std::string* expected) {
            if (!check(text, expected))
            {
                return false;
            }
            value = text;
            return true;
        },
        defaultText.empty() ? value : defaultText);
}

namespace
{

/**
 * @param text a comma-separated list
 * @return its elements (an empty text gives one empty element, which no element parser takes)
 */
std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    std::string::size_type start = 0;
    while (true)
    {
        const std::string::size_type comma = text.find(',', start);
        items.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos)
        {
            return items;
        }
        start = comma + 1;
    }
}

/**
 * @param values numbers
 * @param format one number's text
 * @return them joined by commas
 */
template <typename T, typename F>
std::string
JoinList(const std::vector<T>& values, F format)
{
    std::string out;
    for (const T& v : values)
    {
        out += (out.empty() ? "" : ",") + format(v);
    }
    return out;
}

} // namespace

void
AtmCommandLine::AddList(const std::string& name,
                        const std::string& help,
                        std::vector<double>& values,
                        double min,
                        double max,
                        const std::string& defaultText)
{
    Register(
        name,
        help,
        [&values, min, max](const std::string& text, std::string* expected) {
            std::vector<double> parsed;
            for (const std::string& item : SplitList(text))
            {
                double x;
                if (!ParseReal(item, &x) || x < min || x > max)
                {
                    *expected = "a comma-separated list of numbers in [" + RealText(min) + ", " +
                                RealText(max) + "]";
                    return false;
                }
                parsed.push_back(x);
            }
            values = parsed;
            return true;
        },
        defaultText.empty() ? JoinList(values, RealText) : defaultText);
}

void
AtmCommandLine::AddList(const std::string& name,
                        const std::string& help,
                        std::vector<uint32_t>& values,
                        uint32_t min,
                        uint32_t max,
                        const std::string& defaultText)
{
    Register(
        name,
        help,
        [&values, min, max](const std::string& text, std::string* expected) {
            std::vector<uint32_t> parsed;
            for (const std::string& item : SplitList(text))
            {
                uint64_t x;
                if (!ParseUnsigned(item, &x) || x < min || x > max)
                {
                    *expected = "a comma-separated list of integers in [" + std::to_string(min) +
                                ", " + std::to_string(max) + "]";
                    return false;
                }
                parsed.push_back(static_cast<uint32_t>(x));
            }
            values = parsed;
            return true;
        },
        defaultText.empty() ? JoinList(values, [](uint32_t v) { return std::to_string(v); })
                            : defaultText);
}

bool
AtmCommandLine::ParseAttributeList(TypeId tid,
                                   const std::string& text,
                                   std::vector<std::pair<std::string, std::string>>* settings,
                                   std::string* expected)
{
    settings->clear();
    if (text.empty())
    {
        return true;
    }
    for (const std::string& item : SplitList(text))
    {
        const std::string::size_type eq = item.find('=');
        const std::string name = item.substr(0, eq);
        TypeId::AttributeInformation info;
        if (eq == std::string::npos || name.empty() || !tid.LookupAttributeByName(name, &info))
        {
            std::string names;
            for (TypeId t = tid;; t = t.GetParent())
            {
                for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
                {
                    names += (names.empty() ? "" : ", ") + t.GetAttribute(i).name;
                }
                if (t == t.GetParent())
                {
                    break;
                }
            }
            *expected = "Name=Value settings separated by commas, each Name an attribute of " +
                        tid.GetName() + " (" + names + ")";
            return false;
        }
        const std::string value = item.substr(eq + 1);
        if (DynamicCast<StringValue>(info.checker->Create()))
        {
            // Any text is a string value, spaces included (ns-3.37's StringValue cannot
            // deserialize a text with spaces: it aborts); the object parses it when set.
            settings->emplace_back(name, value);
            continue;
        }
        // DeserializeFromString reads "-5" into an unsigned value (it wraps around): refuse a
        // sign there, and check the range (Check) after the parse.
        Ptr<AttributeValue> v = info.checker->Create();
        const bool negativeUnsigned = info.checker->GetValueTypeName() == "ns3::UintegerValue" &&
                                      value.find('-') != std::string::npos;
        if (negativeUnsigned || !v->DeserializeFromString(value, info.checker) ||
            !info.checker->Check(*v))
        {
            *expected = "a value of " + name + " that " + tid.GetName() + " accepts (" +
                        info.checker->GetValueTypeName() + ", " + info.help + ")";
            return false;
        }
        settings->emplace_back(name, value);
    }
    return true;
}

std::vector<std::pair<std::string, std::string>>
AtmCommandLine::ParseAttributeOption(const std::string& name,
                                     TypeId tid,
                                     const std::string& text) const
{
    std::vector<std::pair<std::string, std::string>> settings;
    std::string expected;
    if (!ParseAttributeList(tid, text, &settings, &expected))
    {
        Fail(name, text, "expected " + expected);
    }
    return settings;
}

void
AtmCommandLine::AddChoice(const std::string& name,
                          const std::string& help,
                          std::string& value,
                          const std::vector<std::string>& choices,
                          const std::string& defaultText)
{
    std::string list;
    for (const auto& c : choices)
    {
        list += (list.empty() ? "" : ", ") + c;
    }
    Register(
        name,
        help,
        [&value, choices, list](const std::string& text, std::string* expected) {
            double x;
            double y;
            const bool numeric = ParseReal(text, &x);
            for (const auto& c : choices)
            {
                // A numeric choice also in another spelling of its number ("1.0" for "1").
                if (c == text || (numeric && ParseReal(c, &y) && x == y))
                {
                    value = c;
                    return true;
                }
            }
            *expected = "one of " + list;
            return false;
        },
        defaultText.empty() ? value : defaultText);
}

bool
AtmCommandLine::IsSet(const std::string& name) const
{
    return m_state->given.count(name) > 0;
}

std::string
AtmCommandLine::GetText(const std::string& name) const
{
    auto typed = m_state->typed.find(name);
    if (typed != m_state->typed.end())
    {
        return typed->second;
    }
    auto def = m_state->defaults.find(name);
    NS_ABORT_MSG_IF(def == m_state->defaults.end(),
                    "AtmCommandLine::GetText: no option --" << name << " was registered");
    return def->second;
}

void
AtmCommandLine::Fail(const std::string& name,
                     const std::string& value,
                     const std::string& expected) const
{
    std::cerr << m_state->program << ": invalid --" << name << "=" << value << ": " << expected
              << std::endl
              << m_state->program << ": run with --help for every option and its default"
              << std::endl;
    std::exit(1);
}

void
AtmCommandLine::Require(bool ok, const std::string& name, const std::string& expected) const
{
    if (!ok)
    {
        Fail(name, GetText(name), expected);
    }
}

AtmCommandLine::Check
AtmCommandLine::CellRateCheck()
{
    return [](const std::string& text, std::string* expected) {
        AtmCellRate rate;
        std::string error;
        if (!AtmCellRate::TryParse(text, &rate, &error))
        {
            *expected = "a cell rate: " + error;
            return false;
        }
        return true;
    };
}

AtmCommandLine::Check
AtmCommandLine::BufferPolicyCheck()
{
    return [](const std::string& text, std::string* expected) {
        TypeId tid;
        return AtmBufferPolicyFactory::TryResolve(text, &tid, expected);
    };
}

AtmCommandLine::Check
AtmCommandLine::CellSchedulerCheck()
{
    return [](const std::string& text, std::string* expected) {
        TypeId tid;
        return AtmCellSchedulerFactory::TryResolve(text, &tid, expected);
    };
}

AtmCommandLine::Check
AtmCommandLine::AbrBehaviourCheck()
{
    return [](const std::string& text, std::string* expected) {
        TypeId tid;
        return AtmAbrBehaviourFactory::TryResolve(text, &tid, expected);
    };
}

bool
AtmCommandLine::ParseUnsigned(const std::string& text, uint64_t* value)
{
    if (text.empty() || text.size() > 20)
    {
        return false;
    }
    uint64_t x = 0;
    for (char c : text)
    {
        if (c < '0' || c > '9')
        {
            return false;
        }
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (x > (std::numeric_limits<uint64_t>::max() - d) / 10)
        {
            return false;
        }
        x = x * 10 + d;
    }
    *value = x;
    return true;
}

bool
AtmCommandLine::ParseSigned(const std::string& text, int64_t* value)
{
    const bool negative = !text.empty() && text[0] == '-';
    uint64_t magnitude;
    if (!ParseUnsigned(negative ? text.substr(1) : text, &magnitude))
    {
        return false;
    }
    const uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (magnitude > limit + (negative ? 1 : 0))
    {
        return false;
    }
    *value = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
    return true;
}

bool
AtmCommandLine::ParseReal(const std::string& text, double* value)
{
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    {
        return false;
    }
    if (text.find_first_not_of("+-0123456789.eE") != std::string::npos)
    {
        return false; // no "inf", "nan" or hexadecimal
    }
    errno = 0;
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(x))
    {
        return false;
    }
    *value = x;
    return true;
}

bool
AtmCommandLine::ParseTime(const std::string& text, Time* value)
{
    // The number is the longest prefix std::strtod reads; the rest must be a unit ns3::Time
    // knows, so that constructing the Time cannot abort.
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    {
        return false;
    }
    const std::size_t unitStart = text.find_first_not_of("+-0123456789.eE");
    double x;
    if (!ParseReal(text.substr(0, unitStart), &x))
    {
        return false;
    }
    const std::string unit = unitStart == std::string::npos ? "" : text.substr(unitStart);
    static const std::pair<const char*, double> units[] = {{"", 1.0},
                                                           {"s", 1.0},
                                                           {"ms", 1e-3},
                                                           {"us", 1e-6},
                                                           {"ns", 1e-9},
                                                           {"ps", 1e-12},
                                                           {"fs", 1e-15},
                                                           {"min", 60.0},
                                                           {"h", 3600.0},
                                                           {"d", 86400.0},
                                                           {"y", 365.0 * 86400.0}};
    for (const auto& [name, seconds] : units)
    {
        if (unit == name)
        {
            // ns3::Time holds a signed 64-bit count of its resolution unit (1 ns by default).
            const double limit = Time::Max().GetSeconds() / 2;
            if (std::fabs(x * seconds) > limit)
            {
                return false;
            }
            *value = unit.empty() ? Seconds(x) : Time(text);
            return true;
        }
    }
    return false;
}

} // namespace ns3
