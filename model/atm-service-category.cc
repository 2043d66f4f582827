/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-service-category.h"

namespace ns3
{

const char*
ToString(AtmServiceCategory category)
{
    switch (category)
    {
    case AtmServiceCategory::CBR:
        return "CBR";
    case AtmServiceCategory::RT_VBR:
        return "rt-VBR";
    case AtmServiceCategory::NRT_VBR:
        return "nrt-VBR";
    case AtmServiceCategory::ABR:
        return "ABR";
    case AtmServiceCategory::GFR:
        return "GFR";
    case AtmServiceCategory::UBR:
        return "UBR";
    }
    return "invalid";
}

std::ostream&
operator<<(std::ostream& os, AtmServiceCategory category)
{
    return os << ToString(category);
}

} // namespace ns3
