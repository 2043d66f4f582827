/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-spims-spec.h"

#include "atm-decimal.h"

#include "ns3/abort.h"

#include <cctype>
#include <ostream>
#include <vector>

namespace ns3
{

namespace
{

/// The form of a spec, appended to the errors about its shape.
constexpr const char FORM[] =
    "a spec is '<runs> bulk_get|bulk_put <size>*<count> [<gap>]' or '<runs> rr "
    "<request>,<response>*<count> [<gap>]', e.g. '5 rr 1000,1024*50'";

/**
 * @param text the text
 * @param sep the separator: a blank (any run of blanks) or a character
 * @return the pieces of the text between separators outside parentheses
 */
std::vector<std::string>
SplitOutside(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::string piece;
    int depth = 0;
    for (char c : text)
    {
        depth += c == '(' ? 1 : (c == ')' ? -1 : 0);
        const bool isSep = depth == 0 && (sep == ' ' ? (c == ' ' || c == '\t') : c == sep);
        if (!isSep)
        {
            piece += c;
        }
        else if (sep != ' ' || !piece.empty())
        {
            out.push_back(piece);
            piece.clear();
        }
    }
    if (sep != ' ' || !piece.empty())
    {
        out.push_back(piece);
    }
    return out;
}

/**
 * @brief Read a whole count in [1, AtmSpimsSpec::MAX_COUNT].
 * @param text the text
 * @param x receives it
 * @return true if it is one
 */
bool
ReadCount(const std::string& text, uint32_t* x)
{
    uint64_t v = 0;
    if (!AtmReadDecimal(text, AtmSpimsSpec::MAX_COUNT, &v) || v < 1)
    {
        return false;
    }
    *x = static_cast<uint32_t>(v);
    return true;
}

/**
 * @brief Read a size law and check its range.
 * @param text the text
 * @param what its role, for messages ("the message size")
 * @param minimum the smallest size it may give (bytes)
 * @param law receives it
 * @param error receives why not
 * @return true if it is one
 */
bool
ReadSize(const std::string& text,
         const std::string& what,
         double minimum,
         AtmSpimsLaw* law,
         std::string* error)
{
    std::string why;
    if (!AtmSpimsLaw::TryParse(text, law, &why))
    {
        *error = what + ": " + why;
        return false;
    }
    if (law->GetKind() != AtmSpimsLaw::EXPONENTIAL && law->GetMinimum() < minimum)
    {
        *error = what + " " + law->ToString() + " can be below " +
                 std::to_string(static_cast<uint32_t>(minimum)) + " bytes";
        return false;
    }
    if (law->GetMaximum() > AtmSpimsSpec::MAX_SIZE && law->GetKind() != AtmSpimsLaw::EXPONENTIAL)
    {
        *error = what + " " + law->ToString() + " is above 1e9 bytes";
        return false;
    }
    if (law->GetKind() == AtmSpimsLaw::EXPONENTIAL && law->GetMean() > AtmSpimsSpec::MAX_SIZE)
    {
        *error = what + " " + law->ToString() + ": a mean above 1e9 bytes";
        return false;
    }
    return true;
}

} // namespace

AtmSpimsSpec::AtmSpimsSpec()
    : m_size(AtmSpimsLaw::Constant(1024)),
      m_responseSize(AtmSpimsLaw::Constant(0)),
      m_gap(AtmSpimsLaw::Constant(0))
{
}

bool
AtmSpimsSpec::TryParse(const std::string& text, AtmSpimsSpec* spec, std::string* error)
{
    std::string scratch;
    std::string& why = error ? *error : scratch;
    const std::vector<std::string> tokens = SplitOutside(text, ' ');
    if (tokens.size() < 3 || tokens.size() > 4)
    {
        why = "'" + text + "' has " + std::to_string(tokens.size()) + " fields; " + FORM;
        return false;
    }
    AtmSpimsSpec s;
    if (!ReadCount(tokens[0], &s.m_runs))
    {
        why = "'" + text + "': runs '" + tokens[0] + "' is not a whole number in [1, " +
              std::to_string(MAX_COUNT) + "]";
        return false;
    }
    const std::string& type = tokens[1];
    if (type == "bulk_get")
    {
        s.m_type = BULK_GET;
    }
    else if (type == "bulk_put")
    {
        s.m_type = BULK_PUT;
    }
    else if (type == "rr" || type == "request_response")
    {
        s.m_type = RR;
    }
    else
    {
        why = "'" + text + "': unknown type '" + type +
              "'; expected bulk_get, bulk_put, rr or request_response";
        return false;
    }
    const std::vector<std::string> times = SplitOutside(tokens[2], '*');
    if (times.size() != 2)
    {
        why = "'" + text + "': '" + tokens[2] + "' is not <size>*<count>; " + FORM;
        return false;
    }
    if (!ReadCount(times[1], &s.m_count))
    {
        why = "'" + text + "': count '" + times[1] + "' is not a whole number in [1, " +
              std::to_string(MAX_COUNT) + "]";
        return false;
    }
    if (s.m_type == RR)
    {
        const std::vector<std::string> sizes = SplitOutside(times[0], ',');
        if (sizes.size() != 2)
        {
            why = "'" + text + "': rr takes <request>,<response>*<count>, not '" + tokens[2] + "'";
            return false;
        }
        if (!ReadSize(sizes[0], "the request size", MIN_REQUEST, &s.m_size, &why) ||
            !ReadSize(sizes[1], "the response size", 1, &s.m_responseSize, &why))
        {
            why = "'" + text + "': " + why +
                  (why.find("below 8") != std::string::npos
                       ? " (a request carries its size and the response's: at least 8 bytes)"
                       : "");
            return false;
        }
    }
    else if (!ReadSize(times[0], "the message size", 1, &s.m_size, &why))
    {
        why = "'" + text + "': " + why;
        return false;
    }
    if (tokens.size() == 4)
    {
        std::string lawError;
        if (!AtmSpimsLaw::TryParse(tokens[3], &s.m_gap, &lawError))
        {
            why = "'" + text + "': the gap: " + lawError;
            return false;
        }
        if (s.m_gap.GetMaximum() > 1e6 && s.m_gap.GetKind() != AtmSpimsLaw::EXPONENTIAL)
        {
            why = "'" + text + "': the gap " + s.m_gap.ToString() + " is above 1e6 s";
            return false;
        }
    }
    *spec = s;
    return true;
}

AtmSpimsSpec
AtmSpimsSpec::Parse(const std::string& text)
{
    AtmSpimsSpec spec;
    std::string error;
    NS_ABORT_MSG_IF(!TryParse(text, &spec, &error), "AtmSpimsSpec: " << error);
    return spec;
}

uint32_t
AtmSpimsSpec::GetRuns() const
{
    return m_runs;
}

AtmSpimsSpec::Type
AtmSpimsSpec::GetType() const
{
    return m_type;
}

uint32_t
AtmSpimsSpec::GetCount() const
{
    return m_count;
}

const AtmSpimsLaw&
AtmSpimsSpec::GetSize() const
{
    return m_size;
}

const AtmSpimsLaw&
AtmSpimsSpec::GetResponseSize() const
{
    return m_responseSize;
}

const AtmSpimsLaw&
AtmSpimsSpec::GetGap() const
{
    return m_gap;
}

bool
AtmSpimsSpec::InitiatorSends() const
{
    return m_type != BULK_GET;
}

std::string
AtmSpimsSpec::GetTypeName(Type type)
{
    switch (type)
    {
    case BULK_GET:
        return "bulk_get";
    case BULK_PUT:
        return "bulk_put";
    case RR:
        return "rr";
    }
    return "?";
}

std::string
AtmSpimsSpec::ToString() const
{
    std::string s = std::to_string(m_runs) + " " + GetTypeName(m_type) + " " + m_size.ToString();
    if (m_type == RR)
    {
        s += "," + m_responseSize.ToString();
    }
    s += "*" + std::to_string(m_count);
    if (!m_gap.IsZero())
    {
        s += " " + m_gap.ToString();
    }
    return s;
}

namespace
{

/**
 * @param out the bytes
 * @param x a number, appended as 4 bytes, big-endian
 */
void
AppendUint32(std::vector<uint8_t>* out, uint32_t x)
{
    for (int shift = 24; shift >= 0; shift -= 8)
    {
        out->push_back(static_cast<uint8_t>((x >> shift) & 0xff));
    }
}

} // namespace

std::vector<uint8_t>
AtmSpimsSpec::GetControlMessage() const
{
    const std::string text = ToString();
    std::vector<uint8_t> out;
    AppendUint32(&out, static_cast<uint32_t>(text.size()));
    out.insert(out.end(), text.begin(), text.end());
    return out;
}

std::vector<uint8_t>
AtmSpimsSpec::GetRequestHeader(uint32_t request, uint32_t response)
{
    std::vector<uint8_t> out;
    AppendUint32(&out, request);
    AppendUint32(&out, response);
    return out;
}

uint32_t
AtmSpimsSpec::ReadUint32(const uint8_t* bytes)
{
    return (static_cast<uint32_t>(bytes[0]) << 24) | (static_cast<uint32_t>(bytes[1]) << 16) |
           (static_cast<uint32_t>(bytes[2]) << 8) | bytes[3];
}

std::ostream&
operator<<(std::ostream& os, const AtmSpimsSpec& spec)
{
    return os << spec.ToString();
}

} // namespace ns3
