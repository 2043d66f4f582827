/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rm-rate.h"

#include "ns3/abort.h"

#include <cmath>

namespace ns3
{

uint16_t
AtmRmRate::Encode(double cellsPerSecond)
{
    NS_ABORT_MSG_IF(std::isnan(cellsPerSecond) || cellsPerSecond < 0 ||
                        cellsPerSecond > GetMaxRate(),
                    "AtmRmRate::Encode: rate " << cellsPerSecond
                                               << " cells/s is outside the RM-cell rate format's "
                                                  "range [0, "
                                               << GetMaxRate() << "] cells/s");
    if (cellsPerSecond < 1)
    {
        return 0;
    }
    // cellsPerSecond = f x 2^x with f in [0.5, 1): e = x - 1 and 1 + m/512 = 2f. Scaling by a
    // power of two and subtracting 1 from a number in [1, 2) are exact, so the floor is too.
    int x = 0;
    const double f = std::frexp(cellsPerSecond, &x);
    const auto e = static_cast<uint16_t>(x - 1);
    const auto m = static_cast<uint16_t>(std::floor((2 * f - 1) * 512));
    return static_cast<uint16_t>(NZ | (e << 9) | m);
}

double
AtmRmRate::Decode(uint16_t code)
{
    if ((code & NZ) == 0)
    {
        return 0;
    }
    const int e = (code >> 9) & 0x1f;
    const int m = code & 0x1ff;
    return std::ldexp(1.0 + m / 512.0, e);
}

double
AtmRmRate::Quantize(double cellsPerSecond)
{
    return Decode(Encode(cellsPerSecond));
}

double
AtmRmRate::GetMaxRate()
{
    return Decode(MAX_CODE);
}

} // namespace ns3
