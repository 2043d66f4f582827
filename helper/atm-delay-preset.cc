/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-delay-preset.h"

#include "ns3/abort.h"

namespace ns3
{

Time
AtmDelayPreset::GetRoundTripPropagation() const
{
    return 4 * accessDelay + 2 * trunkDelay;
}

const std::vector<AtmDelayPreset>&
AtmDelayPreset::GetAll()
{
    static const std::vector<AtmDelayPreset> presets = {
        {"lan", MicroSeconds(5), MicroSeconds(5), "LAN: three 1 km links (JAIN ICCCN, AF-424)"},
        {"wan", MilliSeconds(5), MilliSeconds(5), "WAN: three 1000 km links (JAIN ICCCN, AF-424)"},
        {"leo",
         MilliSeconds(5),
         MilliSeconds(5),
         "single-hop LEO: 5 ms up, one 5 ms ISL, 5 ms down (JAIN IMP, AF-616)"},
        {"multi-leo",
         MilliSeconds(5),
         MilliSeconds(50),
         "multi-hop LEO: 50 ms through the constellation (JAIN-BUF)"},
        {"meo", MicroSeconds(5), MilliSeconds(100), "MEO: 100 ms one way (JAIN WWW)"},
        {"geo", MicroSeconds(5), MilliSeconds(275), "GEO: 275 ms one way (JAIN ICCCN, IMP)"},
        {"sandia", NanoSeconds(500), NanoSeconds(500), "SANDIA: 100 m links"},
    };
    return presets;
}

std::string
AtmDelayPreset::GetNames()
{
    std::string names;
    for (const AtmDelayPreset& p : GetAll())
    {
        names += (names.empty() ? "" : "|") + p.name;
    }
    return names;
}

AtmDelayPreset
AtmDelayPreset::Get(const std::string& name)
{
    for (const AtmDelayPreset& p : GetAll())
    {
        if (p.name == name)
        {
            return p;
        }
    }
    NS_ABORT_MSG("AtmDelayPreset::Get(\"" << name << "\"): unknown delay preset; use one of "
                                          << GetNames()
                                          << " or set the access and trunk delays directly");
}

} // namespace ns3
