/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * libFuzzer target: AtmTrafficContract::TryParse(), the non-aborting parser of the contract's
 * string form (a conformance definition, then key=value pairs).
 *
 * Properties, for every input string:
 * - TryParse() returns without aborting, throwing or a sanitizer report;
 * - on failure it gives a reason naming the contract;
 * - on success the contract is valid (IsValid()), Parse() (the aborting form) returns the same
 *   contract, and the printout (operator<<) parses back to an equal contract whose printout is
 *   the same text;
 * - operator>> (the attribute and CommandLine path) agrees with TryParse() on a one-line string.
 */

#include "atm-fuzz-check.h"

#include "ns3/atm-traffic-contract.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using namespace ns3;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    AtmTrafficContract contract;
    std::string error;
    const bool ok = AtmTrafficContract::TryParse(text, &contract, &error);
    ATM_FUZZ_CHECK(AtmTrafficContract::TryParse(text, nullptr, nullptr) == ok);
    if (!ok)
    {
        ATM_FUZZ_CHECK(error.rfind("AtmTrafficContract", 0) == 0);
    }
    else
    {
        ATM_FUZZ_CHECK(contract.IsValid());
        ATM_FUZZ_CHECK(AtmTrafficContract::Parse(text) == contract);
        std::ostringstream os;
        os << contract;
        AtmTrafficContract again;
        std::string why;
        const bool reparsed = AtmTrafficContract::TryParse(os.str(), &again, &why);
        if (!reparsed)
        {
            std::fprintf(stderr, "printout \"%s\" refused: %s\n", os.str().c_str(), why.c_str());
        }
        ATM_FUZZ_CHECK(reparsed);
        ATM_FUZZ_CHECK(again == contract);
        std::ostringstream os2;
        os2 << again;
        ATM_FUZZ_CHECK(os2.str() == os.str());
    }
    if (text.find('\n') == std::string::npos)
    {
        std::istringstream is(text);
        AtmTrafficContract read;
        is >> read;
        ATM_FUZZ_CHECK(!is.fail() == ok);
        ATM_FUZZ_CHECK(!ok || read == contract);
    }
    return 0;
}
