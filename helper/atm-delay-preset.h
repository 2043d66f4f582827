/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_DELAY_PRESET_H
#define ATM_DELAY_PRESET_H

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One-way propagation delays of the N-source topology's links, by name (SANDIA, JAIN):
 * the access links (each host to its switch) and the trunk between the two switches.
 *
 * | name        | access | trunk  | RTT (4 access + 2 trunk) | used by                          |
 * |-------------|--------|--------|--------------------------|----------------------------------|
 * | `lan`       | 5 us   | 5 us   | 30 us                    | JAIN ICCCN/AF-424 LAN (3 x 1 km) |
 * | `wan`       | 5 ms   | 5 ms   | 30 ms                    | JAIN ICCCN/AF-424 WAN            |
 * | `leo`       | 5 ms   | 5 ms   | 30 ms                    | single-hop LEO: up, ISL, down    |
 * | `multi-leo` | 5 ms   | 50 ms  | 120 ms                   | JAIN-BUF multi-hop LEO           |
 * | `meo`       | 5 us   | 100 ms | 200 ms                   | JAIN WWW MEO                     |
 * | `geo`       | 5 us   | 275 ms | 550 ms                   | JAIN ICCCN/IMP GEO               |
 * | `sandia`    | 500 ns | 500 ns | 3 us                     | SANDIA (100 m links)             |
 *
 * The satellite presets are ground-to-ground one-way delays of the studies (GEO about 275 ms,
 * LEO about 5 ms per hop, multi-hop LEO up to 50 ms, MEO 100 ms) placed on the trunk; the
 * access links are terrestrial (WAN: 3 x 1000 km; GEO: 1 km). JAIN-BUF's GEO runs use 5 ms
 * access links (RTT 570 ms): take `geo` and set the access delay to 5 ms. Handovers, DAMA and
 * bit errors are not modelled. Propagation convention: 5 us per km.
 */
struct AtmDelayPreset
{
    std::string name;        //!< preset name, as Get() takes it
    Time accessDelay;        //!< one-way delay of each host link
    Time trunkDelay;         //!< one-way delay of the switch-to-switch link
    std::string description; //!< one line: what it models and who used it

    /**
     * @brief The round-trip propagation delay between a source and its destination.
     * @return 4 x accessDelay + 2 x trunkDelay (transmission and queueing not included)
     */
    Time GetRoundTripPropagation() const;

    /**
     * @brief Look a preset up by name (case-sensitive, as in the table).
     * @param name preset name
     * @return the preset; aborts with the list of names for an unknown one
     */
    static AtmDelayPreset Get(const std::string& name);

    /**
     * @brief All presets, in the order of the table.
     * @return the presets
     */
    static const std::vector<AtmDelayPreset>& GetAll();

    /**
     * @brief The preset names separated by '|', for command-line help and error messages.
     * @return e.g. "lan|wan|leo|multi-leo|meo|geo|sandia"
     */
    static std::string GetNames();
};

} // namespace ns3

#endif // ATM_DELAY_PRESET_H
