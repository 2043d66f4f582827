/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_POLICER_H
#define ATM_POLICER_H

#include "ns3/atm-cell.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <ostream>

/**
 * @file
 * @ingroup atm
 * ns3::AtmPolicer: base class of usage parameter control (UPC) policers.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief What a UPC does with one arriving cell.
 */
struct AtmPolicingDecision
{
    /// The action.
    enum Action : uint8_t
    {
        PASS,    //!< forward the cell unchanged
        TAG,     //!< forward the cell with CLP set to 1
        DISCARD, //!< drop the cell
    };

    Action action{PASS};         //!< the action
    bool conforming{true};       //!< the cell conformed to the contract
    const char* reason{nullptr}; //!< why it did not conform (null when conforming)

    /// @return a conforming PASS
    static AtmPolicingDecision Conforming()
    {
        return AtmPolicingDecision{PASS, true, nullptr};
    }

    /**
     * @param action what to do with the non-conforming cell
     * @param reason which test it failed (a policer's constant)
     * @return a non-conforming decision
     */
    static AtmPolicingDecision NonConforming(Action action, const char* reason)
    {
        return AtmPolicingDecision{action, false, reason};
    }
};

/**
 * @ingroup atm
 * @brief Counters of a policer, since the start of the run.
 *
 * Identity: cellsPoliced == cellsConforming + cellsNonConforming + cellsFrameDiscarded, and
 * cellsNonConforming == cellsPassedNonConforming + cellsTagged + (cellsDiscarded -
 * cellsFrameDiscarded).
 */
struct AtmPolicerStats
{
    uint64_t cellsPoliced{0};             //!< cells handed to Police()
    uint64_t cellsConforming{0};          //!< cells that conformed (and passed)
    uint64_t cellsNonConforming{0};       //!< cells that failed a test
    uint64_t cellsPassedNonConforming{0}; //!< non-conforming cells passed unchanged (action PASS)
    uint64_t cellsTagged{0};              //!< cells passed with CLP set to 1
    uint64_t cellsDiscarded{0};           //!< cells dropped, including frame discards
    uint64_t cellsFrameDiscarded{0};      //!< cells dropped untested by the frame-discard rule
    uint64_t framesDiscarded{0};          //!< PDUs that lost at least one cell here
};

/**
 * @ingroup atm
 * @brief Print the counters.
 * @param os the stream
 * @param stats the counters
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmPolicerStats& stats);

/**
 * @ingroup atm
 * @brief Base class of UPC / NPC policers (TM 4.0, BON): checks the cells of one VC, or of all
 *        the VCs of one VP, against a traffic contract at a switch's ingress.
 *
 * AtmSwitch calls Police() for each cell arriving on a policed VC or VP, with the time its
 * first bit arrives (AtmDevice::ReceiveCell), and executes the decision: PASS forwards the cell,
 * TAG forwards it with CLP = 1, DISCARD drops it (counted per VC by the switch and in the VC's
 * cell ledger). Subclasses implement the conformance test (DoPolice()); this base class owns
 * the counters, the traces and the frame-discard rule:
 *
 * - `FrameDiscard` false (the default, per-cell policing): every cell is tested.
 * - `FrameDiscard` true (BON ch. 4.7, "frame-discard UPC"): after the first DISCARDED cell of an
 *   AAL5 PDU, the rest of that PDU is discarded without being tested (so it consumes nothing
 *   of the contract), except its last cell, which is tested and kept if it conforms, so that
 *   the receiver can still delimit the PDUs. State: one bit per VC (AtmPolicer::VcState,
 *   kept by the caller, so one VP policer serves many VCs).
 *
 * A subclass also receives whether the cell is the first of its PDU (the previous cell seen on
 * the same VC was an end-of-PDU cell), which frame-level tests (F-GCRA) need.
 *
 * Decisions are functions of the arrival times and cells only; policers hold no random state
 * and schedule no events. Arrival times passed for one VP or VC must not decrease.
 */
class AtmPolicer : public Object
{
  public:
    /// Drop reason of cells discarded by the frame-discard rule.
    static constexpr char FRAME_DISCARD[] =
        "UPC: rest of a PDU whose earlier cell was discarded (frame discard)";

    /// What to do with a non-conforming cell, where the conformance definition leaves it to the
    /// operator (BON: pass unmodified, tag CLP 0 -> 1, or discard).
    enum NonConformingAction
    {
        ACTION_PASS,    //!< count it and pass it unchanged (monitoring)
        ACTION_TAG,     //!< set CLP to 1 and pass it
        ACTION_DISCARD, //!< drop it
    };

    /// The per-VC state the caller keeps for this policer.
    struct VcState
    {
        bool midFrame{false};   //!< the VC's last cell seen was not an end-of-PDU cell
        bool discarding{false}; //!< frame discard: dropping the rest of the current PDU
        bool frameHit{false};   //!< a cell of the current PDU was discarded
    };

    /**
     * @brief Signature of the "Tag", "Discard" and "NonConformingPass" traces.
     * @param cell the cell (as it arrived)
     * @param reason the test it failed, or FRAME_DISCARD
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell, const char* reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPolicer();
    ~AtmPolicer() override;

    /**
     * @brief Police one cell.
     * @param cell the arriving cell
     * @param arrival when its first bit arrives (non-decreasing per VC and per VP)
     * @param vc the VC's state for this policer
     * @return the decision to execute
     */
    AtmPolicingDecision Police(const AtmCell& cell, Time arrival, VcState& vc);

    /// @return the counters
    const AtmPolicerStats& GetStats() const;

    /// @return true if the frame-discard rule is on
    bool GetFrameDiscard() const;

  protected:
    /**
     * @param action an operator's choice
     * @return the corresponding decision action
     */
    static AtmPolicingDecision::Action ToAction(NonConformingAction action);

  private:
    /**
     * @brief The conformance test of one cell; updates the subclass's algorithm state.
     * @param cell the cell
     * @param arrival its first bit's arrival
     * @param firstCellOfPdu true if the cell starts a PDU on its VC
     * @return the decision (a non-conforming one carries a reason constant of the subclass)
     */
    virtual AtmPolicingDecision DoPolice(const AtmCell& cell,
                                         Time arrival,
                                         bool firstCellOfPdu) = 0;

    bool m_frameDiscard{false};                                 //!< "FrameDiscard"
    AtmPolicerStats m_stats;                                    //!< counters
    TracedCallback<const AtmCell&, const char*> m_tagTrace;     //!< "Tag"
    TracedCallback<const AtmCell&, const char*> m_discardTrace; //!< "Discard"
    TracedCallback<const AtmCell&, const char*> m_passTrace;    //!< "NonConformingPass"
};

} // namespace ns3

#endif // ATM_POLICER_H
