/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_POLICER_FACTORY_H
#define ATM_POLICER_FACTORY_H

#include "atm-policer.h"
#include "atm-traffic-contract.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/ptr.h"

/**
 * @file
 * @ingroup atm
 * ns3::AtmPolicerFactory: the UPC a conformance definition calls for.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Builds the policer that enforces a traffic contract at a switch ingress (TM 4.0):
 *        the only place that maps conformance definitions to policer classes.
 *
 * | definition                    | policer          | non-conforming cells            |
 * |-------------------------------|------------------|---------------------------------|
 * | CBR.1, UBR.1, ABR, GFR.1 (PCR) | GcraPolicer     | discarded                       |
 * | UBR.2 (PCR)                   | GcraPolicer      | tagged                          |
 * | VBR.1                         | DualGcraPolicer  | discarded (SCR on CLP 0+1)      |
 * | VBR.2                         | DualGcraPolicer  | discarded (SCR on CLP 0)        |
 * | VBR.3                         | DualGcraPolicer  | PCR: discarded; SCR: tagged     |
 * | GFR.2                         | FrameGcraPolicer | PCR: discarded; non-eligible PDUs tagged |
 *
 * UBR, ABR and GFR.1 contracts without a PCR have nothing to police (null). A GFR.2 contract
 * without a PCR is policed with the link's rate as PCR (its F-GCRA limit needs one).
 */
class AtmPolicerFactory
{
  public:
    /**
     * @brief The policer for a contract.
     * @param contract the contract (valid)
     * @param lineRate the cell rate of the link the cells arrive on (GFR.2 without PCR)
     * @param frameDiscard the policer's FrameDiscard attribute
     * @return the policer, or null if the contract has nothing to police
     */
    static Ptr<AtmPolicer> Create(const AtmTrafficContract& contract,
                                  AtmCellRate lineRate,
                                  bool frameDiscard = false);
};

} // namespace ns3

#endif // ATM_POLICER_FACTORY_H
