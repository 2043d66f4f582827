/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_VS_VD_H
#define ATM_ABR_VS_VD_H

#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmAbrVsVd: the virtual destination and virtual source of one ABR VC in a switch.
 */

namespace ns3
{

class AbrShaper;

/**
 * @ingroup atm
 * @brief A switch that closes the ABR control loop of one VC on both sides: a virtual
 *        destination towards the source and a virtual source towards the destination, which
 *        ATM Forum Traffic Management 4.0 (af-tm-0056.000, section 5.10) allows a switch to
 *        be; the rate coupling follows Kalyanaraman's thesis ("Traffic Management for the
 *        Available Bit Rate (ABR) Service in Asynchronous Transfer Mode Networks", Ohio State
 *        University, 1997, chapter 9).
 *
 * Towards the source the switch is a *virtual destination* (VD): it turns the forward RM
 * cells of the upstream loop around itself, as a destination end system would
 * (AtmAbrDestination: CI from the EFCI state of the VC's last data cell), and lowers their ER
 * to the rate the switch itself may send at: ER1 = min(ER1, ACR2) (thesis section 9.2.2: the
 * upstream loop is told the downstream loop's rate). The switch's own ABR behaviour on the
 * port the VC's data leaves through (ERICA, for example) lowers it further on the way back
 * (ER1 = min(ER1, ACR2, VAL2) of the thesis), since the turned-around cell passes that
 * behaviour as any backward RM cell does.
 *
 * Towards the destination it is a *virtual source* (VS): the VC's cells leave the out port at
 * ACR2 (an AbrShaper on the port's per-VC queue), every Nrm-th in-rate cell (or after Trm) is
 * a forward RM cell the switch generates (the source rules of AtmAbrSource), and the backward
 * RM cells of the downstream loop end here and set ACR2 (rules 8 and 9). The VS clears EFCI
 * in the data cells it forwards, as a source sends them (our reading): congestion before it
 * is reported upstream by the VD.
 *
 * Our choices, where the specification leaves room: the VS decides what its next in-rate cell
 * is when a data cell of the VC leaves (a forward RM cell then goes to the head of the VC's
 * queue and leaves at the VC's next opportunity), so a forward RM cell that rule 3 wants at
 * an opportunity follows the data cell that took it, one cell later than at an end system; the
 * turned-around cells travel upstream out of the VS's rate control (the reverse direction has
 * no source at this switch), queued like any backward RM cell.
 *
 * Like AtmAbrSource and AtmAbrDestination it schedules nothing: AtmSwitch hands it the VC's
 * cells (AtmSwitch::SetVirtualSourceDestination).
 */
class AtmAbrVsVd : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrVsVd();
    ~AtmAbrVsVd() override;

    /**
     * @brief Set the virtual source's contract (the downstream loop's PCR, MCR, ICR, Nrm, ...).
     * @param contract an ABR contract
     * @param lineRate the out link's cell rate (the PCR if the contract has none)
     */
    void Setup(const AtmTrafficContract& contract, AtmCellRate lineRate);

    /**
     * @brief A data cell of the VC arrived from upstream: remember its EFCI bit for the next
     *        turned-around cell, and clear it for the downstream loop.
     * @param cell the cell, modified
     */
    void ReceiveData(AtmCell& cell);

    /**
     * @brief Turn a forward RM cell of the upstream loop around (the virtual destination).
     * @param frm the forward RM cell's fields
     * @return the backward RM cell's fields (ER not yet lowered to ACR2: LowerEr())
     */
    AtmRmFields TurnAround(const AtmRmFields& frm);

    /**
     * @brief Lower a turned-around cell's ER to the virtual source's ACR, when it leaves.
     * @param brm the backward RM cell's fields, modified
     */
    void LowerEr(AtmRmFields& brm) const;

    /**
     * @brief A backward RM cell of the downstream loop arrived (the virtual source's rules 8
     *        and 9).
     * @param brm its fields
     * @return true if ACR changed (the caller re-spaces the VC's queue: the shaper's
     *         NotifyRateChanged() and its gate's Reshape())
     */
    bool ReceiveBackwardRm(const AtmRmFields& brm);

    /**
     * @brief A cell of the VC leaves the out port.
     * @param cell the cell: a data cell, or the forward RM cell a previous call asked for,
     *        whose fields this call writes
     * @param start the cell's slot start
     * @return true if the VC's next in-rate cell must be a forward RM cell: the caller puts one
     *         (PTI 110, DIR 0) at the head of the VC's queue and calls NotifyForwardRmQueued()
     */
    bool PrepareDeparture(AtmCell& cell, Time start);

    /// @brief The forward RM cell PrepareDeparture() asked for waits at the head of the queue.
    void NotifyForwardRmQueued();

    /// @return the virtual source
    Ptr<AtmAbrSource> GetSource() const;
    /// @return the virtual source's pacing (the out port's shaping gate holds it)
    Ptr<AbrShaper> GetShaper() const;
    /// @return the virtual destination
    Ptr<AtmAbrDestination> GetDestination() const;
    /// @return forward RM cells of the upstream loop turned around here
    uint64_t GetTurnedAround() const;
    /// @return forward RM cells the virtual source generated
    uint64_t GetForwardRmGenerated() const;
    /// @return backward RM cells of the downstream loop that ended here
    uint64_t GetBackwardRmTaken() const;

  protected:
    void DoDispose() override;

  private:
    Ptr<AtmAbrSource> m_source;    //!< the virtual source (downstream loop)
    Ptr<AtmAbrDestination> m_dest; //!< the virtual destination (upstream loop)
    Ptr<AbrShaper> m_shaper;       //!< the virtual source's pacing
    bool m_frmQueued{false};       //!< a forward RM cell waits at the head of the VC's queue
    uint64_t m_frmGenerated{0};    //!< forward RM cells generated
    uint64_t m_brmTaken{0};        //!< backward RM cells taken
};

} // namespace ns3

#endif // ATM_ABR_VS_VD_H
