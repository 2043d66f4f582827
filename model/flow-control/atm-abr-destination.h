/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_DESTINATION_H
#define ATM_ABR_DESTINATION_H

#include "ns3/atm-cell.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/object.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmAbrDestination: the destination end system's rules of ATM Forum ABR for one VC.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The behaviour of an ABR destination end system for one VC (ATM Forum Traffic
 *        Management 4.0, af-tm-0056.000, section 5.10.5): it turns forward RM cells around and
 *        reports the congestion that data cells saw on the way (EFCI) in them.
 *
 * - The destination remembers the EFCI bit of the last data cell it received (the middle bit
 *   of a user-data cell's PTI: 010 or 011).
 * - A forward RM cell is turned around: DIR becomes 1; BN, ER, CCR, MCR, NI and CI are kept;
 *   CI is set if the last data cell had EFCI = 1; ER is lowered to ErLimitCellsPerSec if that
 *   is set (a destination may lower ER).
 * - One backward RM cell waits at most: a forward RM cell that arrives before the waiting one
 *   has been sent overwrites it (the specification allows it, and leaves the alternative of
 *   queueing several open).
 *
 * Like AtmAbrSource it schedules nothing: the receiving adapter hands it each data and forward
 * RM cell of the VC, and the sending side of the reverse direction takes the waiting backward
 * RM cell (TakeBackwardRm()) when the source rules give it an opportunity.
 */
class AtmAbrDestination : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrDestination();
    ~AtmAbrDestination() override;

    /**
     * @brief A data cell of the VC arrived: remember its EFCI bit.
     * @param cell the cell (a user-data cell)
     */
    void ReceiveData(const AtmCell& cell);

    /**
     * @brief A forward RM cell of the VC arrived: turn it around (it waits until taken,
     *        replacing any backward RM cell still waiting).
     * @param frm its fields (DIR = 0)
     */
    void ReceiveForwardRm(const AtmRmFields& frm);

    /** @return true if a turned-around backward RM cell waits to be sent */
    bool HasBackwardRm() const;

    /**
     * @brief Take the waiting backward RM cell (HasBackwardRm() must be true).
     * @return its fields
     */
    AtmRmFields TakeBackwardRm();

    /** @return the EFCI bit of the last data cell received */
    bool GetEfciState() const;

    /** @return forward RM cells turned around */
    uint64_t GetTurnedAround() const;

    /** @return waiting backward RM cells overwritten by a newer one before they were sent */
    uint64_t GetOverwritten() const;

  private:
    double m_erLimit;        //!< ER limit (cells/s; 0: none)
    bool m_efci;             //!< EFCI of the last data cell
    bool m_waiting;          //!< a backward RM cell waits
    AtmRmFields m_brm;       //!< the waiting backward RM cell
    uint64_t m_turnedAround; //!< forward RM cells turned around
    uint64_t m_overwritten;  //!< waiting backward RM cells overwritten
};

} // namespace ns3

#endif // ATM_ABR_DESTINATION_H
