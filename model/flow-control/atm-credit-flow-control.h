/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_FLOW_CONTROL_H
#define ATM_CREDIT_FLOW_CONTROL_H

#include "ns3/atm-port-gate.h"
#include "ns3/atm-ring.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCreditFlowControl: AN2 credit-based per-VC, per-hop flow control (upstream side).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The upstream side of one hop of AN2 credit-based per-VC flow control (Anderson et al.,
 *        "High-speed switch scheduling for local-area networks", ACM TOCS 11(4), 1993; Kung and
 *        Chapman, "The FCVC (flow-controlled virtual channels) proposal for ATM networks", ICNP
 *        1993), as the SANDIA study ran it: a gate (AtmPortGate) on the sending device.
 *
 * Installed on a device (AtmDevice attribute `CreditFlowControl`), it gates that device's
 * output port per VC: VC v may send only while its balance is positive. The balance starts at
 * `InitialCredits`, the downstream per-VC buffer (5 cells in SANDIA); each cell sent costs one;
 * one credit comes back when that cell leaves the next node's output port (at a switch) or
 * arrives (at an end system), after the link's propagation delay, with no bandwidth cost (AN2
 * carries credits in the VPI / high VCI bits of reverse cells).
 *
 * @verbatim
   on cell of v sent (slot start t): absorb v's credits due by t; balance[v] -= 1
                                     if balance[v] == 0: hold v's queue
   on credit for v due at d:         remember d; if v is held and has no release pending:
                                     its release is d (Wake the transmitter)
   at each slot start t:             for each held v whose release is <= t: absorb, release v
   @endverbatim
 *
 * Credits are lazy: they are queued with their due time and absorbed when the VC next sends or
 * at the first slot at or after they arrive while the VC is held. No simulator event is used:
 * the transmitter plans its slot at the next release (GetNextRelease()). A credit that arrives
 * exactly at a slot start is usable in that slot. The port's queue of a VC must be its own
 * (QueueMode PER_VC), and its scheduler must skip held queues (all of the module's schedulers
 * do), so the link stays work-conserving among VCs with cells and credit.
 *
 * Zero loss downstream needs at least InitialCredits places per VC in the next port (and the
 * sum over its VCs in its BufferCells); this class does not check the downstream buffer.
 */
class AtmCreditFlowControl : public AtmPortGate
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

  protected:
    void DoDispose() override;

  private:
    /// Per-VC credit state.
    struct Vc
    {
        uint32_t balance{0};         //!< credits available
        AtmRing<Time> due;           //!< credits on their way, in due-time order
        bool held{false};            //!< the VC's queue is held for lack of credit
        Time plannedAt{Time::Max()}; //!< the live m_releases entry of the VC (Max: none)
    };

    /**
     * @brief If the VC is held and a credit is on its way earlier than its planned release,
     *        plan a release at that credit's due time.
     * @param vc the VC index
     * @param v its record
     */
    void PlanRelease(uint32_t vc, Vc& v);

    void DoSetup() override;
    void DoReleaseDue(Time now) override;
    Time DoGetNextRelease() const override;
    bool DoIsTraced() const override;
    void DoNotifySent(const AtmCell& cell, uint64_t slot) override;

    /**
     * @param vc a VC index
     * @return its state (created with the initial balance on first use)
     */
    Vc& Get(uint32_t vc);
    /**
     * @brief Absorb the credits of @p v due by @p now.
     * @param v the VC state
     * @param now the present
     */
    void Absorb(Vc& v, Time now);
    /**
     * @brief Hold or release the VC's queue.
     * @param vc the VC index
     * @param held true to hold
     */
    void SetHeld(uint32_t vc, bool held);

    uint32_t m_initialCredits{5}; //!< "InitialCredits"
    std::vector<Vc> m_vcs;        //!< per-VC state
    /// Releases of held VCs (due time of their first credit, VC), earliest first.
    std::priority_queue<std::pair<Time, uint32_t>,
                        std::vector<std::pair<Time, uint32_t>>,
                        std::greater<std::pair<Time, uint32_t>>>
        m_releases;
    TracedCallback<uint32_t, bool> m_heldTrace; //!< "VcHeld"
};

} // namespace ns3

#endif // ATM_CREDIT_FLOW_CONTROL_H
