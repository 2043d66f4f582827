/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUFFER_POLICY_H
#define ATM_BUFFER_POLICY_H

#include "ns3/atm-cell.h"
#include "ns3/atm-port-state.h"
#include "ns3/object.h"

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * @ingroup atm
 * @brief What a buffer policy decided for one arriving cell; the output port executes it.
 *
 * How the port executes each action, with the resulting AtmFrameState of the cell's VC
 * (an end-of-PDU cell always leaves the VC in IDLE):
 *
 * | action                | this cell                                 | rest of the PDU |
 * |-----------------------|-------------------------------------------|-------------------------------|
 * | ACCEPT                | enqueued                                  | ACCEPT: offered to the
 * policy | | ACCEPT_TAGGED         | enqueued with CLP set to 1                | ACCEPT: offered to
 * the policy | | DROP_CELL             | dropped                                   | ACCEPT:
 * offered to the policy | | DROP_FRAME            | dropped                                   |
 * keepEom ? DROP_PPD : DROP_ALL | | DROP_AND_PURGE_TAIL   | dropped, with the PDU's queued cells |
 * DROP_ALL                      | | ACCEPT_AND_PURGE_FRONT| enqueued, after the VC's oldest whole
 * | ACCEPT: offered to the policy | |                       | non-eligible PDU is removed | |
 *
 * In DROP_PPD the port drops every non-EOM cell and enqueues the EOM cell if X < K; in DROP_ALL
 * it drops every cell including the EOM. The policy is not consulted in those two states.
 *
 * ACCEPT_AND_PURGE_FRONT is drop-from-front for one VC (Elloumi and Afifi's variant of
 * Double-EPD, as reviewed by O. Bonaventure, PhD thesis, Univ. de Liege 1998, ch. 8): the
 * arriving cell enters and, in its place, the oldest PDU of the same VC that the state counts in
 * AtmPortState::GetVcPurgeablePdus() leaves: a PDU whose first cell is not eligible
 * (AtmCell::IsEligible() false as stored) and all of whose cells, from the first to the EOM, are
 * in the buffer. A PDU whose first cell has left, whose EOM has not arrived or which lost a cell
 * is never purged. The port removes that PDU first (each cell counted and traced as a purged
 * drop with the decision's reason, the scheduler told if the VC's queue empties), then stores
 * the arriving cell; the VC's frame state is that of ACCEPT. It is an accept: X < K is required
 * as for ACCEPT. A policy returns it only when GetVcPurgeablePdus(vc) >= 1; if the VC has no
 * such PDU the port stores the cell and purges nothing. The policy is not told of the purged
 * cells one by one (as for DROP_AND_PURGE_TAIL); the state it sees reflects them.
 */
struct AtmAdmitDecision
{
    /// The action.
    enum Action : uint8_t
    {
        ACCEPT,                 //!< enqueue the cell
        ACCEPT_TAGGED,          //!< enqueue the cell with CLP = 1
        DROP_CELL,              //!< drop this cell only
        DROP_FRAME,             //!< drop this cell and the rest of its PDU (EOM per keepEom)
        DROP_AND_PURGE_TAIL,    //!< drop the whole PDU, also its cells already queued (SANDIA)
        ACCEPT_AND_PURGE_FRONT, //!< enqueue the cell, removing the VC's oldest whole
                                //!< non-eligible PDU (drop-from-front)
    };

    Action action{ACCEPT};       //!< the action
    const char* reason{nullptr}; //!< drop reason, a policy's constant (null for plain accepts)
    bool keepEom{false};         //!< DROP_FRAME only: keep the PDU's EOM cell if there is room

    /// @return an ACCEPT decision
    static AtmAdmitDecision Accept()
    {
        return AtmAdmitDecision{ACCEPT, nullptr, false};
    }

    /// @return an ACCEPT_TAGGED decision
    static AtmAdmitDecision AcceptTagged()
    {
        return AtmAdmitDecision{ACCEPT_TAGGED, nullptr, false};
    }

    /**
     * @param reason the drop reason (a static constant of the policy)
     * @return a DROP_CELL decision
     */
    static AtmAdmitDecision DropCell(const char* reason)
    {
        return AtmAdmitDecision{DROP_CELL, reason, false};
    }

    /**
     * @param reason the drop reason (a static constant of the policy)
     * @param keepEom keep the EOM cell (PPD) or drop it too
     * @return a DROP_FRAME decision
     */
    static AtmAdmitDecision DropFrame(const char* reason, bool keepEom)
    {
        return AtmAdmitDecision{DROP_FRAME, reason, keepEom};
    }

    /**
     * @param reason the drop reason (a static constant of the policy)
     * @return a DROP_AND_PURGE_TAIL decision
     */
    static AtmAdmitDecision DropAndPurgeTail(const char* reason)
    {
        return AtmAdmitDecision{DROP_AND_PURGE_TAIL, reason, false};
    }

    /**
     * @param reason the reason the purged cells are dropped with (a static constant of the
     *        policy)
     * @return an ACCEPT_AND_PURGE_FRONT decision
     */
    static AtmAdmitDecision AcceptAndPurgeFront(const char* reason)
    {
        return AtmAdmitDecision{ACCEPT_AND_PURGE_FRONT, reason, false};
    }

    /// @return true for the actions that store the cell: ACCEPT, ACCEPT_TAGGED and
    ///         ACCEPT_AND_PURGE_FRONT
    bool IsAccept() const
    {
        return action == ACCEPT || action == ACCEPT_TAGGED || action == ACCEPT_AND_PURGE_FRONT;
    }

    /// @return true for the actions that drop cells and so need a reason: every action but
    ///         ACCEPT and ACCEPT_TAGGED (ACCEPT_AND_PURGE_FRONT drops the purged cells)
    bool NeedsReason() const
    {
        return action != ACCEPT && action != ACCEPT_TAGGED;
    }

    /**
     * @param other another decision
     * @return true if action, reason (by pointer) and keepEom are equal
     */
    bool operator==(const AtmAdmitDecision& other) const
    {
        return action == other.action && reason == other.reason && keepEom == other.keepEom;
    }

    /**
     * @param other another decision
     * @return true if the decisions differ
     */
    bool operator!=(const AtmAdmitDecision& other) const
    {
        return !(*this == other);
    }
};

/**
 * @ingroup atm
 * @brief Print a decision, e.g. "DROP_FRAME(EPD: ..., keepEom=0)" or "ACCEPT".
 * @param os the stream
 * @param decision the decision
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmAdmitDecision& decision);

/**
 * @ingroup atm
 * @brief Base class of buffer-acceptance policies: decides whether an arriving cell enters an
 * output port's buffer (the port's first plug-in; the scheduler is the second).
 *
 * The output port owns the cells, the per-VC frame state machine and every trace; a
 * policy only returns an AtmAdmitDecision, which the port executes (see AtmAdmitDecision for the
 * effect of each action). The port calls Admit() for a cell whose VC is in frame state IDLE (first
 * cell of a PDU) or ACCEPT, with the state as it is at the arrival instant (every buffered cell
 * counted, as in BON); cells of a VC in DROP_PPD or DROP_ALL are handled by the port without the
 * policy, except that the EOM cell of a PDU in DROP_PPD is offered to AdmitDelimiter(). ABR RM
 * cells (PTI 110) never reach the policy: the port stores them when there is room and the policy
 * is not told when they leave (AtmOutputPort). After
 * each transmitted cell the policy admitted the port calls NotifyDeparture(), and, if it has
 * class buffers,
 * NotifyOtherDeparture() on the policies of its other buffers; after AtmPortState::AddVc it calls
 * NotifyVcAdded().
 *
 * VC numbering. Every call names the VC by its index in the AtmPortState it passes (`vc`), and a
 * policy keeps its per-VC state by that index. It is the VC's index in the buffer the policy
 * guards: the port's own VC index, or the VC's index inside a class partition of the port
 * (AtmOutputPort::SetClassBuffer()). AtmCell::vc is the VC's index at the port that holds the
 * cell and is not rewritten for the policy, so a policy reads the VC from the parameter only.
 *
 * Contract every policy satisfies (checked by NS_ASSERT in Admit() where cheap, and for every
 * registered subclass by the "atm-buffer-policy-contract" test suite):
 * - never ACCEPT or ACCEPT_TAGGED when X >= K (GetCellsInBuffer() >= GetBufferCells());
 * - every decision that drops cells (AtmAdmitDecision::NeedsReason(): the drops and
 *   ACCEPT_AND_PURGE_FRONT) carries a non-null reason, one of the class's `static constexpr
 *   char` constants (compared by pointer); ACCEPT and ACCEPT_TAGGED carry none; keepEom is set
 *   only with DROP_FRAME;
 * - ACCEPT_AND_PURGE_FRONT only when the VC has a whole non-eligible PDU queued
 *   (AtmPortState::GetVcPurgeablePdus(vc) >= 1);
 * - if IsFrameAware(): once a non-EOM cell of a PDU has been refused, no later non-EOM cell of
 *   that PDU is accepted (a frame-aware policy drops the rest of a damaged PDU, as PPD does);
 * - the decision is a function of (state, vc, cell, the policy's own state); a randomised policy
 *   draws only from streams fixed by AssignStreams(), so equal inputs give equal decisions.
 *
 * A new policy is one subclass overriding DoAdmit() (plus the optional hooks), its test and the
 * build-list lines: no edit to the port, the switch or the helpers.
 * The optional hooks are DoAdmitDelimiter(), DoNotifyDeparture(), DoNotifyOtherDeparture() and
 * NotifyVcAdded().
 */
class AtmBufferPolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmBufferPolicy();
    ~AtmBufferPolicy() override;

    /**
     * @brief Decide what to do with an arriving cell.
     *
     * Checks the calling protocol and the decision (NS_ASSERT) around DoAdmit().
     *
     * @param state the state of the buffer the policy guards, at the arrival instant
     * @param vc the cell's VC, as an index of @p state: vc < state.GetNVcs() and the VC's frame
     *        state is IDLE or ACCEPT
     * @param cell the arriving cell
     * @return the decision
     */
    AtmAdmitDecision Admit(const AtmPortState& state, uint32_t vc, const AtmCell& cell);

    /**
     * @brief A cell has left the buffer for the link: runs the DoNotifyDeparture() hook.
     * @param state the state of the buffer after the departure
     * @param vc the departed cell's VC, as an index of @p state (< state.GetNVcs())
     * @param cell the departed cell
     */
    void NotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell);

    /**
     * @brief A cell of another buffer of the same port has left for the link: runs the
     *        DoNotifyOtherDeparture() hook. Only a port with class buffers
     *        (AtmOutputPort::SetClassBuffer()) calls it: after each transmitted cell, on the
     *        policy of every buffer of the port but the cell's own (which hears
     *        NotifyDeparture()). A mechanism that counts every cell slot of the line, whoever's
     *        cell fills it (TBA's Z counter, BON Figs. 8.19 and 8.20), listens here.
     * @param state the state of the buffer this policy guards (not the departed cell's buffer),
     *        with GetNow() the slot start
     * @param cell the departed cell; cell.vc is its port-wide VC index, not an index of
     *        @p state
     */
    void NotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell);

    /**
     * @brief The EOM cell of a PDU that is being discarded with its EOM kept (frame state
     *        DROP_PPD) arrives: asks the DoAdmitDelimiter() hook whether to keep it. The port
     *        stores it only if this returns true and X < K.
     * @param state the state of the buffer at the arrival instant
     * @param vc the cell's VC, as an index of @p state (< state.GetNVcs())
     * @param eom the EOM cell
     * @return true to keep the EOM if the buffer has room
     */
    bool AdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom);

    /**
     * @brief Optional hook: a VC has been added to the port. Default: nothing.
     * @param vc the new VC's index
     */
    virtual void NotifyVcAdded(uint32_t vc);

    /**
     * @return true (the default) if the policy honours PDU boundaries: once it refuses a non-EOM
     *         cell of a PDU it refuses the rest of that PDU (the port's DROP_PPD / DROP_ALL states
     *         or its own decisions). Cell-level policies such as tail drop return false.
     */
    virtual bool IsFrameAware() const;

    /**
     * @brief Assign fixed random variable stream numbers to the policy's random variables.
     * @param stream first stream index to use
     * @return the number of streams assigned (0, the default, for deterministic policies)
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    /**
     * @brief space(cell): room for this cell in the physical buffer, keeping
     *        `EomReserveCells` places for EOM cells (a non-EOM cell needs X < K - reserve, an
     *        EOM cell X < K).
     * @param state the port state
     * @param cell the arriving cell
     * @return true if the cell fits
     */
    bool HasRoom(const AtmPortState& state, const AtmCell& cell) const;

    /**
     * @param state the port state
     * @param vc the arriving cell's VC, as an index of @p state
     * @return true if the cell is the first of its PDU (the VC's frame state is IDLE): where
     *         frame-level policies decide
     */
    static bool IsFirstCell(const AtmPortState& state, uint32_t vc)
    {
        return state.GetFrameState(vc) == AtmFrameState::IDLE;
    }

    /**
     * @brief Refuse a whole PDU on its first cell (EPD-style): DROP_FRAME whose EOM is kept only
     *        if `KeepEomOnReject` is true (default false: a fully rejected PDU left nothing
     *        queued, so no delimiter is needed).
     *        The cell carrying the decision is always dropped: a refused single-cell PDU (first
     *        cell = EOM) is dropped even with KeepEomOnReject, since its EOM would delimit
     *        nothing but the refused PDU itself (a generic keep-the-EOM rule would enqueue it;
     *        JAIN's DFBA pseudo-code drops it).
     * @param reason the drop reason
     * @return the decision
     */
    AtmAdmitDecision RejectFrame(const char* reason) const;

    /**
     * @brief Overflow inside a PDU already (partly) accepted: PPD, i.e. DROP_FRAME keeping the
     *        EOM when there is room for it (BON, JAIN: the EOM delimits the damaged PDU).
     * @param reason the drop reason
     * @return the decision
     */
    static AtmAdmitDecision Overflow(const char* reason)
    {
        return AtmAdmitDecision::DropFrame(reason, true);
    }

  private:
    uint32_t m_eomReserveCells{0}; //!< "EomReserveCells"
    bool m_keepEomOnReject{false}; //!< "KeepEomOnReject"

    /**
     * @brief The policy's decision for an arriving cell (see Admit() for the preconditions and
     * the class description for the contract).
     * @param state the port state
     * @param vc the cell's VC, as an index of @p state
     * @param cell the arriving cell
     * @return the decision
     */
    virtual AtmAdmitDecision DoAdmit(const AtmPortState& state,
                                     uint32_t vc,
                                     const AtmCell& cell) = 0;

    /**
     * @brief Optional hook behind AdmitDelimiter(): return false to drop the EOM of a PDU in
     *        DROP_PPD too (e.g. a per-VC queue limit the EOM would exceed). Default: true.
     * @param state the port state at the arrival instant
     * @param vc the cell's VC, as an index of @p state
     * @param eom the EOM cell
     * @return true to keep the EOM if the buffer has room
     */
    virtual bool DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom);

    /**
     * @brief Optional hook behind NotifyDeparture(): a cell has left the buffer. Default:
     *        nothing.
     * @param state the port state after the departure
     * @param vc the departed cell's VC, as an index of @p state
     * @param cell the departed cell
     */
    virtual void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell);

    /**
     * @brief Optional hook behind NotifyOtherDeparture(): a cell of another buffer of the port
     *        has left for the link. Default: nothing.
     * @param state the state of the buffer this policy guards
     * @param cell the departed cell (cell.vc is the port-wide VC index)
     */
    virtual void DoNotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell);
};

} // namespace ns3

#endif // ATM_BUFFER_POLICY_H
