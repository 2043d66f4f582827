/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRAFFIC_CONTRACT_H
#define ATM_TRAFFIC_CONTRACT_H

#include "atm-cell-rate.h"
#include "atm-service-category.h"

#include <ostream>
#include <string>

/**
 * @file
 * @ingroup atm
 * ns3::AtmTrafficContract: the traffic contract of a VC.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The traffic contract of a VC: its service category and peak cell rate.
 *
 * This minimal form maps a VC to its service class (queue and priority at every output port
 * it crosses, AtmOutputPort::AddVc). The PCR is recorded and checked against each link on the
 * path but not yet enforced: policing (UPC) and shaping read the full contract (SCR, MBS,
 * CDVT, MCR, ...) that a later version adds to this class. The default is UBR with no PCR
 * (line rate).
 */
class AtmTrafficContract
{
  public:
    /// UBR at line rate.
    AtmTrafficContract();

    /**
     * @brief A contract of a category with a peak cell rate.
     * @param category the service category
     * @param pcr the peak cell rate (a zero rate means "line rate"; CBR needs a positive PCR)
     */
    AtmTrafficContract(AtmServiceCategory category, AtmCellRate pcr);

    /**
     * @param pcr the peak cell rate (zero: line rate)
     * @return a UBR contract
     */
    static AtmTrafficContract Ubr(AtmCellRate pcr = AtmCellRate());
    /**
     * @param pcr the peak cell rate (positive)
     * @return a CBR contract
     */
    static AtmTrafficContract Cbr(AtmCellRate pcr);

    /// @return the service category
    AtmServiceCategory GetCategory() const;
    /// @return the peak cell rate (zero: line rate)
    AtmCellRate GetPcr() const;
    /// @return true if a PCR was given
    bool HasPcr() const;

    /**
     * @brief Abort with a message naming @p where if the contract cannot be carried by a link.
     * @param where the VC and link being set up, for the message
     * @param lineRate the link's cell rate
     */
    void CheckAgainstLink(const std::string& where, AtmCellRate lineRate) const;

  private:
    AtmServiceCategory m_category; //!< service category
    AtmCellRate m_pcr;             //!< peak cell rate (zero: line rate)
};

/**
 * @brief Print "UBR" or "CBR PCR=... cells/s".
 * @param os the stream
 * @param contract the contract
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmTrafficContract& contract);

} // namespace ns3

#endif // ATM_TRAFFIC_CONTRACT_H
