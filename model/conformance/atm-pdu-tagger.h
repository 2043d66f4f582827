/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PDU_TAGGER_H
#define ATM_PDU_TAGGER_H

#include "atm-traffic-contract.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmPduTagger: base class of the adapter-side PDU taggers (CLP of whole AAL5 PDUs).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of the adapter-side PDU taggers: the rule by which an end system's adapter
 *        sends each AAL5 PDU of a VC either with CLP = 0 (the PDU is meant to be covered by the
 *        VC's minimum cell rate) or with CLP = 1 on every cell, deciding once per PDU when its
 *        first cell starts on the link.
 *
 * Under GFR.2 the network's ingress UPC tags the PDUs that exceed the MCR; a source that tags
 * them itself keeps its own choice of which PDUs those are (O. Bonaventure, PhD thesis,
 * Universite de Liege 1998, ch. 7.1, Fig. 7.4, which used it instead of a UPC in the LAN
 * simulations). End systems never mix CLP within a PDU (ATM Forum TM 4.1), so the decision covers
 * every cell of the PDU.
 *
 * The adapter (AtmNetDevice::SetVcPduTagger) calls Attach() once with the VC's contract and its
 * link's cell rate, then Decide() at the start of the first cell of each PDU, with the start of
 * that cell's slot and the PDU's cell count, and sets CLP on the cells of the PDUs it tags. A
 * subclass implements DoAttach() (read the contract, validate, abort on a bad configuration) and
 * DoDecide() (the rule, O(1)); the base counts the decisions and fires the `Decision` trace.
 * A tagger serves one VC.
 */
class AtmPduTagger : public Object
{
  public:
    /**
     * TracedCallback signature of a decision.
     * @param start the start of the PDU's first cell on the link
     * @param cells the PDU's cell count
     * @param eligible true if the PDU goes with CLP = 0, false if it is tagged
     */
    typedef void (*DecisionTracedCallback)(Time start, uint32_t cells, bool eligible);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPduTagger();
    ~AtmPduTagger() override;

    /**
     * @brief Bind the tagger to its VC (once; the adapter does it when the tagger is set).
     * @param contract the VC's traffic contract
     * @param lineRate the cell rate of the adapter's link (stands for a PCR the contract lacks)
     */
    void Attach(const AtmTrafficContract& contract, AtmCellRate lineRate);

    /// @return true once Attach() was called
    bool IsAttached() const;

    /**
     * @brief Decide for a PDU whose first cell starts on the link now.
     * @param start the start of the first cell's slot (not before the previous call's)
     * @param cells the PDU's cell count (at least 1)
     * @return true: the PDU leaves with CLP = 0; false: every cell of it with CLP = 1
     */
    bool Decide(Time start, uint32_t cells);

    /// @return the PDUs decided so far
    uint64_t GetPdus() const;
    /// @return the PDUs tagged (sent with CLP = 1) so far
    uint64_t GetPdusTagged() const;

  private:
    /**
     * @brief Read the contract and the attributes, validate them (abort with the attribute, its
     *        value and the valid range) and prepare the rule.
     * @param contract the VC's contract
     * @param lineRate the link's cell rate
     */
    virtual void DoAttach(const AtmTrafficContract& contract, AtmCellRate lineRate) = 0;
    /**
     * @brief The rule: decide for one PDU and update the state.
     * @param start the start of its first cell
     * @param cells its cell count
     * @return true for CLP = 0
     */
    virtual bool DoDecide(Time start, uint32_t cells) = 0;

    TracedCallback<Time, uint32_t, bool> m_decisionTrace; //!< "Decision"
    uint64_t m_pdus{0};                                   //!< PDUs decided
    uint64_t m_tagged{0};                                 //!< PDUs tagged
    Time m_lastStart{Time::Min()};                        //!< the last decision's start
    bool m_attached{false};                               //!< Attach() was called
};

} // namespace ns3

#endif // ATM_PDU_TAGGER_H
