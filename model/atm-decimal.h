/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_DECIMAL_H
#define ATM_DECIMAL_H

// Private to the module's own .cc files (not installed): reading whole decimal numbers in the
// module's text formats (traffic contract strings, SPIMS specs).

#include <cctype>
#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Read a whole decimal number that is the entire text: digits only (no sign, no
 *        blanks), at most @p max.
 * @param text the text
 * @param max the largest value accepted
 * @param value receives the number
 * @return true if the text is such a number
 */
inline bool
AtmReadDecimal(const std::string& text, uint64_t max, uint64_t* value)
{
    if (text.empty() || text.size() > 19)
    {
        return false; // 19 digits cannot overflow 64 bits
    }
    uint64_t v = 0;
    for (char c : text)
    {
        if (!std::isdigit(static_cast<unsigned char>(c)))
        {
            return false;
        }
        v = v * 10 + static_cast<uint64_t>(c - '0');
    }
    if (v > max)
    {
        return false;
    }
    *value = v;
    return true;
}

} // namespace ns3

#endif // ATM_DECIMAL_H
