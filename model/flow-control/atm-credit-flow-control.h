/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_FLOW_CONTROL_H
#define ATM_CREDIT_FLOW_CONTROL_H

#include "ns3/atm-ring.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCreditFlowControl: AN2 credit-based per-VC, per-hop flow control (upstream side).
 */

namespace ns3
{

class AtmOutputPort;
class AtmCellTransmitter;

/**
 * @ingroup atm
 * @brief The upstream side of one hop of AN2 credit-based flow control (SANDIA, SPEC 3.18).
 *
 * Installed on a device (AtmDevice attribute `CreditFlowControl`), it gates that device's
 * output port per VC: VC v may send only while its balance is positive. The balance starts at
 * `InitialCredits`, the downstream per-VC buffer (5 cells in SANDIA); each cell sent costs one;
 * one credit comes back when that cell leaves the next node's output port (at a switch) or
 * arrives (at an end system), after the link's propagation delay, with no bandwidth cost (AN2
 * carries credits in the VPI / high VCI bits of reverse cells).
 *
 * @verbatim
   on cell of v sent:        absorb credits due by now; balance[v] -= 1
                             if balance[v] == 0: hold v's queue; if a credit is on its way,
                                                 one event at its arrival to release v
   on credit for v due at t: if v is held: ensure a release event at t
                             else: remember t (absorbed at v's next send)
   @endverbatim
 *
 * Credits are lazy: they are queued with their due time and absorbed when the VC next sends; a
 * simulator event exists only while a VC is held for lack of credit. The port's queue of a VC
 * must be its own (QueueMode PER_VC), and its scheduler must skip held queues (all of the
 * module's schedulers do), so the link stays work-conserving among VCs with cells and credit.
 *
 * Zero loss downstream needs at least InitialCredits places per VC in the next port (and the
 * sum over its VCs in its BufferCells); this class does not check the downstream buffer.
 */
class AtmCreditFlowControl : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCreditFlowControl();
    ~AtmCreditFlowControl() override;

    /**
     * TracedCallback signature for hold changes.
     * @param vc the VC
     * @param held true when the VC ran out of credit, false when it got credit back
     */
    typedef void (*VcHeldTracedCallback)(uint32_t vc, bool held);

    /**
     * @brief Attach to the output port and transmitter it gates (AtmDevice does it).
     * @param port the output port (QueueMode PER_VC)
     * @param tx its transmitter
     * @param context simulator context of the release events (the device's node id)
     */
    void Setup(Ptr<AtmOutputPort> port, Ptr<AtmCellTransmitter> tx, uint32_t context);

    /**
     * @brief A cell of @p vc left on the link.
     * @param vc the VC index at the port
     */
    void NotifySent(uint32_t vc);

    /**
     * @brief A credit for @p vc arrives back at @p due (not before now).
     * @param vc the VC index at the port
     * @param due arrival time of the credit
     */
    void AddCredit(uint32_t vc, Time due);

    /**
     * @param vc a VC index
     * @return the VC's balance now (credits due by now included)
     */
    uint32_t GetBalance(uint32_t vc);

    /// @return the initial balance of every VC
    uint32_t GetInitialCredits() const;

    /// @return the number of times a VC was held for lack of credit
    uint64_t GetHolds() const;

  protected:
    void DoDispose() override;

  private:
    /// Per-VC credit state.
    struct Vc
    {
        uint32_t balance{0};        //!< credits available
        AtmRing<Time> due;          //!< credits on their way, by due time
        bool held{false};           //!< the VC's queue is held for lack of credit
        bool releasePlanned{false}; //!< a release event is scheduled
    };

    /**
     * @param vc a VC index
     * @return its state (created with the initial balance on first use)
     */
    Vc& Get(uint32_t vc);
    /**
     * @brief Absorb the credits of @p v due by now.
     * @param v the VC state
     */
    void Absorb(Vc& v);
    /**
     * @brief Release event: absorb due credits and let the VC send again.
     * @param vc the VC index
     */
    void Release(uint32_t vc);
    /**
     * @brief Hold or release the VC's queue.
     * @param vc the VC index
     * @param held true to hold
     */
    void SetHeld(uint32_t vc, bool held);

    uint32_t m_initialCredits{5};               //!< "InitialCredits"
    Ptr<AtmOutputPort> m_port;                  //!< the gated port
    Ptr<AtmCellTransmitter> m_tx;               //!< its transmitter
    uint32_t m_context{0xffffffff};             //!< context of release events
    std::vector<Vc> m_vcs;                      //!< per-VC state
    uint64_t m_holds{0};                        //!< holds so far
    TracedCallback<uint32_t, bool> m_heldTrace; //!< "VcHeld"
};

} // namespace ns3

#endif // ATM_CREDIT_FLOW_CONTROL_H
