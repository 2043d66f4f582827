/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-rate.h"

#include "atm-cell-clock.h"
#include "atm-int128.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellRate");

ATTRIBUTE_HELPER_CPP(AtmCellRate);

namespace
{

/// The largest value of a 64-bit numerator or denominator.
constexpr AtmUint128 MAX_U64 = UINT64_MAX;

/// Appended to every parse error: the user learns what to write instead.
constexpr const char ACCEPTED_FORMS[] =
    "accepted forms: a preset (OC3c, OC3cRaw, 155.52Mbps-raw, 155Mbps, Sandia, E3, 2E3, DS3, "
    "T3, OC12c), cells/s as a decimal number or a fraction (80000, 353207.5, 18720000/53), a "
    "cell time (2.75us, 2831ns; units s, ms, us, ns, ps, fs) or a bit rate (155Mbps, 34368kbps, "
    "45Mb/s; bps, kbps, Mbps, Gbps, b/s, kb/s, Mb/s, Gb/s) divided by 424 bits per cell, or by "
    "384 with the suffix @payload (13.824Mbps@payload)";

/// A named link rate (its source is in the class documentation).
struct Preset
{
    const char* name;     //!< lower-case name
    uint64_t numerator;   //!< cells
    uint64_t denominator; //!< seconds
};

/// The presets; rates given in bit/s keep their 424 so that the table reads like the sources.
constexpr Preset PRESETS[] = {
    {"oc3c", 149760000, 424},
    {"oc3craw", 155520000, 424},
    {"155.52mbps-raw", 155520000, 424},
    {"155mbps", 155000000, 424},
    {"sandia", 1000000000, 2750}, // one cell per 2750 ns
    {"e3", 80000, 1},
    {"2e3", 160000, 1},
    {"ds3", 96000, 1},
    {"t3", 45000000, 424},
    {"oc12c", 4 * 149760000ULL, 424},
};

/// @return 10 to the power e (e <= 38)
AtmUint128
Pow10(uint32_t e)
{
    AtmUint128 p = 1;
    for (uint32_t i = 0; i < e; ++i)
    {
        p *= 10;
    }
    return p;
}

/// @return s with ASCII letters in lower case
std::string
Lower(const std::string& s)
{
    std::string out = s;
    for (char& c : out)
    {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

/**
 * Read "digits[.digits]" at the start of s as mantissa / 10^decimals.
 * @param s the text
 * @param pos receives the index of the first character after the number
 * @param mantissa receives the digits as an integer
 * @param decimals receives the number of digits after the point
 * @param reason receives why the number is invalid
 * @return false if s does not start with a digit or the number is out of range
 */
bool
ReadDecimal(const std::string& s,
            size_t* pos,
            AtmUint128* mantissa,
            uint32_t* decimals,
            std::string* reason)
{
    size_t i = 0;
    AtmUint128 m = 0;
    uint32_t f = 0;
    bool inFraction = false;
    bool digitAfterPoint = false;
    while (i < s.size())
    {
        const char c = s[i];
        if (c >= '0' && c <= '9')
        {
            m = m * 10 + static_cast<uint32_t>(c - '0');
            // A fraction may hold at most 19 digits (10^19 still fits a 64-bit denominator).
            if (m > MAX_U64 || (inFraction && ++f > 19))
            {
                *reason = "too many digits (at most 19 after the point and a value that fits 64 "
                          "bits without the point)";
                return false;
            }
            digitAfterPoint = digitAfterPoint || inFraction;
        }
        else if (c == '.' && !inFraction && i > 0)
        {
            inFraction = true;
        }
        else
        {
            break;
        }
        ++i;
    }
    if (i == 0)
    {
        *reason = "it is not a preset and does not start with a number";
        return false;
    }
    if (inFraction && !digitAfterPoint)
    {
        *reason = "a decimal point must be followed by digits";
        return false;
    }
    *pos = i;
    *mantissa = m;
    *decimals = f;
    return true;
}

/**
 * Decode a bit-rate unit ("bps", "kb/s", ...).
 * @param unit the lower-case unit
 * @param power10 receives the decimal exponent of its prefix
 * @return false if unit is not a bit-rate unit
 */
bool
BitRateUnit(const std::string& unit, uint32_t* power10)
{
    std::string rest = unit;
    uint32_t p = 0;
    if (!rest.empty() && (rest[0] == 'k' || rest[0] == 'm' || rest[0] == 'g'))
    {
        p = (rest[0] == 'k') ? 3 : (rest[0] == 'm') ? 6 : 9;
        rest = rest.substr(1);
    }
    if (rest == "bps" || rest == "b/s")
    {
        *power10 = p;
        return true;
    }
    return false;
}

/**
 * Decode a time unit.
 * @param unit the lower-case unit
 * @param power10 receives e such that one unit is 10^-e seconds
 * @return false if unit is not a time unit
 */
bool
TimeUnit(const std::string& unit, uint32_t* power10)
{
    static const std::pair<const char*, uint32_t> units[] =
        {{"s", 0}, {"ms", 3}, {"us", 6}, {"ns", 9}, {"ps", 12}, {"fs", 15}};
    for (const auto& u : units)
    {
        if (unit == u.first)
        {
            *power10 = u.second;
            return true;
        }
    }
    return false;
}

/**
 * The parser proper, without the error decoration.
 * @param text the trimmed text
 * @param num receives the (unreduced) numerator
 * @param den receives the (unreduced) denominator
 * @param reason receives why the text is invalid
 * @return true on success
 */
bool
ParseFraction(const std::string& text, AtmUint128* num, AtmUint128* den, std::string* reason)
{
    // Checked before the case-insensitive presets, so that "155MBps" (bytes) is not "155Mbps".
    if (text.find('B') != std::string::npos)
    {
        *reason = "B means bytes in ns-3's DataRate; write the rate in bits (e.g. 155Mbps)";
        return false;
    }
    const std::string lower = Lower(text);
    for (const Preset& p : PRESETS)
    {
        if (lower == p.name)
        {
            *num = p.numerator;
            *den = p.denominator;
            return true;
        }
    }
    if (!text.empty() && text[0] == '-')
    {
        *reason = "a rate must be positive";
        return false;
    }

    size_t pos = 0;
    AtmUint128 m = 0;
    uint32_t f = 0;
    if (!ReadDecimal(text, &pos, &m, &f, reason))
    {
        return false;
    }
    std::string rest = text.substr(pos);

    if (!rest.empty() && rest[0] == '/' && f == 0 && rest.size() > 1 &&
        std::isdigit(static_cast<unsigned char>(rest[1])))
    {
        // "N/D" cells per second: the form ToString() writes for non-terminating decimals.
        size_t dpos = 0;
        AtmUint128 d = 0;
        uint32_t df = 0;
        if (!ReadDecimal(rest.substr(1), &dpos, &d, &df, reason))
        {
            return false;
        }
        if (df != 0 || dpos + 1 != rest.size())
        {
            *reason = "a fraction is two integers, numerator/denominator";
            return false;
        }
        if (m == 0 || d == 0)
        {
            *reason = (d == 0) ? "the denominator is zero" : "a rate must be positive";
            return false;
        }
        *num = m;
        *den = d;
        return true;
    }

    std::string variant;
    const size_t at = rest.find('@');
    if (at != std::string::npos)
    {
        variant = Lower(rest.substr(at + 1));
        rest = rest.substr(0, at);
    }
    const std::string unit = Lower(rest);
    if (m == 0)
    {
        *reason = "a rate must be positive";
        return false;
    }

    uint32_t e = 0;
    if (BitRateUnit(unit, &e))
    {
        uint32_t bitsPerCell = AtmCellRate::LINE_BITS_PER_CELL;
        if (variant == "payload")
        {
            bitsPerCell = AtmCellRate::PAYLOAD_BITS_PER_CELL;
        }
        else if (at != std::string::npos && variant != "line")
        {
            *reason = "unknown convention '@" + variant + "' (use @line or @payload)";
            return false;
        }
        // cells/s = (m / 10^f) * 10^e bit/s / bitsPerCell: m < 2^64, so no product overflows.
        *num = m * Pow10(e);
        *den = Pow10(f) * bitsPerCell;
        return true;
    }
    if (at != std::string::npos)
    {
        *reason = "@line and @payload only follow a bit rate (e.g. 13.824Mbps@payload)";
        return false;
    }
    if (unit.empty())
    {
        *num = m;
        *den = Pow10(f);
        return true;
    }
    if (TimeUnit(unit, &e))
    {
        // A cell time of (m / 10^f) * 10^-e s is a rate of 10^(f + e) / m cells/s.
        *num = Pow10(f + e);
        *den = m;
        return true;
    }
    *reason = "unknown unit '" + rest + "'";
    return false;
}

} // namespace

AtmCellRate::AtmCellRate()
    : m_numerator(0),
      m_denominator(1)
{
}

AtmCellRate::AtmCellRate(uint64_t numerator, uint64_t denominator)
{
    NS_ABORT_MSG_IF(numerator == 0 || denominator == 0,
                    "AtmCellRate: " << numerator << "/" << denominator
                                    << " cells/s is not a positive rate; give a numerator and a "
                                       "denominator of at least 1");
    const uint64_t g = static_cast<uint64_t>(AtmGcd(numerator, denominator));
    m_numerator = numerator / g;
    m_denominator = denominator / g;
}

AtmCellRate::AtmCellRate(const std::string& text)
    : AtmCellRate(Parse(text))
{
}

AtmCellRate
AtmCellRate::Parse(const std::string& text)
{
    AtmCellRate rate;
    std::string error;
    NS_ABORT_MSG_UNLESS(TryParse(text, &rate, &error), error);
    return rate;
}

bool
AtmCellRate::TryParse(const std::string& text, AtmCellRate* rate, std::string* error)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    const size_t last = text.find_last_not_of(" \t\r\n");
    const std::string trimmed =
        (first == std::string::npos) ? std::string() : text.substr(first, last - first + 1);

    AtmUint128 num = 0;
    AtmUint128 den = 0;
    std::string reason = "the string is empty";
    bool ok = !trimmed.empty() && ParseFraction(trimmed, &num, &den, &reason);
    if (ok)
    {
        const AtmUint128 g = AtmGcd(num, den);
        num /= g;
        den /= g;
        if (num > MAX_U64 || den > MAX_U64)
        {
            reason = "the exact rate needs more than 64 bits in its numerator or denominator; "
                     "use fewer digits";
            ok = false;
        }
    }
    if (!ok)
    {
        if (error)
        {
            *error =
                "AtmCellRate: '" + text + "' is not a cell rate: " + reason + "; " + ACCEPTED_FORMS;
        }
        return false;
    }
    if (rate)
    {
        *rate = AtmCellRate(static_cast<uint64_t>(num), static_cast<uint64_t>(den));
    }
    return true;
}

AtmCellRate
AtmCellRate::FromLineBps(uint64_t bitsPerSecond)
{
    NS_ABORT_MSG_IF(bitsPerSecond == 0,
                    "AtmCellRate::FromLineBps: a bit rate of 0 gives no cells; give a positive "
                    "rate");
    return AtmCellRate(bitsPerSecond, LINE_BITS_PER_CELL);
}

AtmCellRate
AtmCellRate::FromPayloadBps(uint64_t bitsPerSecond)
{
    NS_ABORT_MSG_IF(bitsPerSecond == 0,
                    "AtmCellRate::FromPayloadBps: a bit rate of 0 gives no cells; give a positive "
                    "rate");
    return AtmCellRate(bitsPerSecond, PAYLOAD_BITS_PER_CELL);
}

double
AtmCellRate::CellsPerSecondFromLineBps(double bitsPerSecond)
{
    return bitsPerSecond / LINE_BITS_PER_CELL;
}

double
AtmCellRate::CellsPerSecondFromPayloadBps(double bitsPerSecond)
{
    return bitsPerSecond / PAYLOAD_BITS_PER_CELL;
}

double
AtmCellRate::LineBpsFromCellsPerSecond(double cellsPerSecond)
{
    return cellsPerSecond * LINE_BITS_PER_CELL;
}

double
AtmCellRate::PayloadBpsFromCellsPerSecond(double cellsPerSecond)
{
    return cellsPerSecond * PAYLOAD_BITS_PER_CELL;
}

double
AtmCellRate::GetCellsPerSecond() const
{
    return static_cast<double>(m_numerator) / static_cast<double>(m_denominator);
}

Time
AtmCellRate::GetCellTime() const
{
    NS_ABORT_MSG_IF(IsZero(),
                    "AtmCellRate::GetCellTime: the rate is not configured (zero); set a rate "
                    "such as OC3c first");
    // The same integer rounding as the clock's first slot, so the two never disagree.
    return AtmCellClock(*this).GetSlotStart(1);
}

double
AtmCellRate::GetBitRate() const
{
    return LineBpsFromCellsPerSecond(GetCellsPerSecond());
}

double
AtmCellRate::GetPayloadBitRate() const
{
    return PayloadBpsFromCellsPerSecond(GetCellsPerSecond());
}

std::string
AtmCellRate::ToString() const
{
    std::ostringstream oss;
    if (m_denominator == 1)
    {
        oss << m_numerator;
        return oss.str();
    }
    // A terminating decimal (denominator 2^a 5^b) is written as such when Parse() can read it
    // back: at most 19 decimals and a mantissa within 64 bits.
    uint64_t d = m_denominator;
    uint32_t twos = 0;
    uint32_t fives = 0;
    for (; d % 2 == 0; d /= 2)
    {
        ++twos;
    }
    for (; d % 5 == 0; d /= 5)
    {
        ++fives;
    }
    const uint32_t decimals = std::max(twos, fives);
    if (d == 1 && decimals <= 19)
    {
        const AtmUint128 scale = Pow10(decimals) / m_denominator;
        const AtmUint128 mantissa = static_cast<AtmUint128>(m_numerator) * scale;
        if (mantissa <= MAX_U64)
        {
            const uint64_t fraction = static_cast<uint64_t>((m_numerator % m_denominator) * scale);
            oss << m_numerator / m_denominator << '.';
            oss.width(decimals);
            oss.fill('0');
            oss << fraction;
            return oss.str();
        }
    }
    oss << m_numerator << '/' << m_denominator;
    return oss.str();
}

int
AtmCellRate::Compare(const AtmCellRate& other) const
{
    // a/b against c/d, both denominators positive: a d against c b, each product below 2^128.
    const AtmUint128 lhs = static_cast<AtmUint128>(m_numerator) * other.m_denominator;
    const AtmUint128 rhs = static_cast<AtmUint128>(other.m_numerator) * m_denominator;
    return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}

bool
operator<(const AtmCellRate& a, const AtmCellRate& b)
{
    return a.Compare(b) < 0;
}

bool
operator<=(const AtmCellRate& a, const AtmCellRate& b)
{
    return a.Compare(b) <= 0;
}

bool
operator>(const AtmCellRate& a, const AtmCellRate& b)
{
    return a.Compare(b) > 0;
}

bool
operator>=(const AtmCellRate& a, const AtmCellRate& b)
{
    return a.Compare(b) >= 0;
}

bool
operator==(const AtmCellRate& a, const AtmCellRate& b)
{
    return a.GetNumerator() == b.GetNumerator() && a.GetDenominator() == b.GetDenominator();
}

bool
operator!=(const AtmCellRate& a, const AtmCellRate& b)
{
    return !(a == b);
}

std::ostream&
operator<<(std::ostream& os, const AtmCellRate& rate)
{
    os << rate.ToString();
    return os;
}

std::istream&
operator>>(std::istream& is, AtmCellRate& rate)
{
    std::string token;
    if (!(is >> token))
    {
        return is;
    }
    if (!AtmCellRate::TryParse(token, &rate, nullptr))
    {
        is.setstate(std::ios_base::failbit);
    }
    return is;
}

} // namespace ns3
