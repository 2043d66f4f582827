/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * libFuzzer target: AtmCellRate::TryParse(), the non-aborting cell-rate parser (presets,
 * cells/s, cell times, bit rates under the line and payload conventions).
 *
 * Properties, for every input string:
 * - TryParse() returns without aborting, throwing or a sanitizer report;
 * - on failure it gives a reason and leaves the output untouched;
 * - on success the rate is positive and a reduced fraction, and its exact printout
 *   (ToString(), operator<<) parses back to the same rate;
 * - operator>> agrees with TryParse() on a string that is one token.
 */

#include "atm-fuzz-check.h"

#include "ns3/atm-cell-rate.h"

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>

using namespace ns3;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const AtmCellRate sentinel(7, 3);
    AtmCellRate rate = sentinel;
    std::string error;
    const bool ok = AtmCellRate::TryParse(text, &rate, &error);
    ATM_FUZZ_CHECK(AtmCellRate::TryParse(text, nullptr, nullptr) == ok);
    if (!ok)
    {
        ATM_FUZZ_CHECK(!error.empty());
        ATM_FUZZ_CHECK(rate == sentinel);
    }
    else
    {
        ATM_FUZZ_CHECK(!rate.IsZero());
        ATM_FUZZ_CHECK(rate.GetNumerator() > 0 && rate.GetDenominator() > 0);
        ATM_FUZZ_CHECK(std::gcd(rate.GetNumerator(), rate.GetDenominator()) == 1);
        ATM_FUZZ_CHECK(rate.GetCellsPerSecond() > 0);
        const std::string printed = rate.ToString();
        AtmCellRate again;
        ATM_FUZZ_CHECK(AtmCellRate::TryParse(printed, &again, nullptr));
        ATM_FUZZ_CHECK(again == rate && !(again < rate) && !(rate < again));
        ATM_FUZZ_CHECK(again.ToString() == printed);
        std::ostringstream os;
        os << rate;
        ATM_FUZZ_CHECK(os.str() == printed);
    }
    if (!text.empty() && text.find_first_of(" \t\n\v\f\r") == std::string::npos)
    {
        std::istringstream is(text);
        AtmCellRate read = sentinel;
        is >> read;
        ATM_FUZZ_CHECK(!is.fail() == ok);
        ATM_FUZZ_CHECK(ok ? read == rate : read == sentinel);
    }
    return 0;
}
