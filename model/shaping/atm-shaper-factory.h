/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHAPER_FACTORY_H
#define ATM_SHAPER_FACTORY_H

#include "atm-shaper.h"

#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

/**
 * @file
 * @ingroup atm
 * ns3::AtmShaperFactory: the source shaper that makes a VC's cells conform to its contract.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Builds the shaper that makes a source conform to its contract (TEN34): the only
 *        place that maps contracts to shaper classes.
 *
 * | contract                                   | shaper                            |
 * |--------------------------------------------|-----------------------------------|
 * | CBR, or UBR / ABR / GFR with a PCR          | PcrShaper at the PCR              |
 * | rt-VBR, nrt-VBR                            | VbrShaper (PCR, SCR, MBS)         |
 * | UBR / ABR / GFR without PCR                | none (null: line rate)            |
 */
class AtmShaperFactory
{
  public:
    /**
     * @param contract the VC's contract (valid)
     * @param tolerance the shaper's Tolerance (0: the output conforms with CDVT 0)
     * @return the shaper, or null if the contract needs none
     */
    static Ptr<AtmShaper> Create(const AtmTrafficContract& contract, Time tolerance = Time(0));
};

} // namespace ns3

#endif // ATM_SHAPER_FACTORY_H
