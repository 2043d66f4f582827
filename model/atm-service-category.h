/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SERVICE_CATEGORY_H
#define ATM_SERVICE_CATEGORY_H

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * @ingroup atm
 * @brief ATM Forum TM 4.0/4.1 service categories, in default priority order.
 *
 * The enumerators are declared from the most to the least delay-sensitive category, so the
 * numeric order is the default strict-priority order of PriorityCellScheduler (ABR and GFR share
 * a level there). Traffic contracts and output ports use the same type.
 */
enum class AtmServiceCategory : uint8_t
{
    CBR,     //!< Constant Bit Rate
    RT_VBR,  //!< real-time Variable Bit Rate
    NRT_VBR, //!< non-real-time Variable Bit Rate
    ABR,     //!< Available Bit Rate
    GFR,     //!< Guaranteed Frame Rate
    UBR,     //!< Unspecified Bit Rate
};

/**
 * @ingroup atm
 * @param category a service category
 * @return its ATM Forum name ("CBR", "rt-VBR", "nrt-VBR", "ABR", "GFR", "UBR")
 */
const char* ToString(AtmServiceCategory category);

/**
 * @ingroup atm
 * @brief Print the ATM Forum name of a service category.
 * @param os the stream
 * @param category the category
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, AtmServiceCategory category);

} // namespace ns3

#endif // ATM_SERVICE_CATEGORY_H
