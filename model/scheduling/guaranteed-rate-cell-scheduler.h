/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GUARANTEED_RATE_CELL_SCHEDULER_H
#define GUARANTEED_RATE_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Strict priority with a guaranteed fraction of the link for one class: JAIN's GR
 * scheduler for the UBR class (JAIN AF-424; JAIN IMP section 4).
 *
 * The queues created with the service category `GuaranteedCategory` (default UBR) form the
 * guaranteed class G; every other queue belongs to the priority classes P, which are served in
 * strict priority above G, ordered as PriorityCellScheduler orders them (its GetDefaultLevel():
 * CBR, rt-VBR, nrt-VBR, ABR/GFR, UBR; first-in first-out in backlog order within a level, each
 * queue until it is empty). G is guaranteed the fraction GR = `GuaranteedRate` of the slots in
 * which it competes. Per selection, with "eligible" as in AtmPortState::IsQueueEligible() (cells
 * present and allowed to send; a queue held back by credits or shaping does not count):
 *
 * @verbatim
   SelectQueue():
       if some G queue is eligible:
           credit = credit + GR
           if no P queue is eligible or credit >= 1:
               credit = max(credit - 1, 0)
               credit = min(credit, CreditCap)
               return the next eligible G queue (round robin, below)
           credit = min(credit, CreditCap)
       return the first eligible P queue in priority order, or none
   @endverbatim
 *
 * Source: R. Goyal, R. Jain et al., ATM Forum/97-0424 (AF-424) and "Improving the Performance of
 * TCP over the ATM-UBR Service" (IMP, section 4), in R. Jain et al., NASA/CR-1999-209158, 1999
 * (JAIN): "When GR != 0 the UBR class is never starved, i.e. on the average, for every N cells
 * transmitted onto the link, GR x N cells are from the UBR queue"; unused VBR capacity goes to
 * UBR. JAIN deferred the exact scheduler; the credit scheme above is a choice of this model, not
 * the source's. The experiments use GR = 0, 0.1 and 0.5 (JAIN AF-424 Tables 1-9).
 *
 * Where the cap applies. Capping the credit *before* the comparison,
 * `credit = min(credit + GR, CreditCap)`, with CreditCap = 1 would throw away credit whenever
 * credit + GR > 1, so only GR = 1/n is delivered: GR = 0.9 would give G one slot in two, GR = 0.3
 * one in four. This class compares first and caps only the credit carried to the next selection,
 * so with both classes backlogged G gets exactly floor(N x GR) of N slots (plus at most one, from
 * the credit carried in). For GR = 1/n (0.1, 0.25, 0.5: every value JAIN used) both readings
 * give identical decisions. Because every G service pays one credit, the carried credit stays
 * below 1 for any GR <= 1: the default cap of 1 never binds, and a larger cap would
 * not either. The attribute is kept as the scheme's parameter and bounds the integer state.
 *
 * Exact arithmetic. GR is stored once, when set, as an integer number of parts per 10^9 (rounded
 * to the nearest part: exact for any GR given with at most 9 decimals), and the credit is an
 * integer in the same unit, so "for every N cells, GR x N are UBR" holds without floating-point
 * drift (summing the double 0.1 ten times gives 0.9999999999999999 < 1, which would give G one
 * slot in 11 instead of 10).
 *
 * Within G, queues are served round robin among the eligible backlogged ones, one cell each (as
 * RoundRobinCellScheduler: a queue passed over because it may not send keeps its turn); with
 * QueueMode PER_CLASS (JAIN's per-class queues) or SHARED there is only one G queue.
 *
 * GR = 0 is strict priority: P before G, credit never reaching 1; the decisions are those of
 * PriorityCellScheduler whenever G has one queue (with several G queues, PER_VC, they are served
 * round robin here, first-in first-out there). GR = 1 gives G strict priority over P.
 * Work-conserving: a slot goes to G whenever no P queue is eligible, and to P whenever no G
 * queue is. O(levels) per selection plus one step per held-back queue passed over; nothing is
 * allocated after NotifyQueueAdded().
 */
class GuaranteedRateCellScheduler : public AtmCellScheduler
{
  public:
    /// Credit units per cell: GR and the credit are integers in parts per 10^9.
    static constexpr uint64_t CREDIT_UNIT = 1000000000ULL;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    GuaranteedRateCellScheduler();
    ~GuaranteedRateCellScheduler() override;

    /// @return the guaranteed class's service category
    AtmServiceCategory GetGuaranteedCategory() const;

    /// @return GR in parts per 10^9 (CREDIT_UNIT is one cell per selection)
    uint64_t GetGuaranteedRateParts() const;

    /// @return the credit carried to the next selection, in parts per 10^9
    uint64_t GetCreditParts() const;

  private:
    /**
     * @brief Setter of "GuaranteedRate".
     * @param rate GR in [0, 1]
     */
    void SetGuaranteedRate(double rate);
    /// @return the "GuaranteedRate" value
    double GetGuaranteedRate() const;
    /**
     * @brief Setter of "CreditCap".
     * @param cap the cap in cells, >= 1
     */
    void SetCreditCap(double cap);
    /// @return the "CreditCap" value
    double GetCreditCap() const;
    /**
     * @brief Setter of "GuaranteedCategory": an ATM Forum category name; aborts on an unknown
     * name or after queues were added.
     * @param name "CBR", "rt-VBR", "nrt-VBR", "ABR", "GFR" or "UBR"
     */
    void SetGuaranteedCategoryName(std::string name);
    /// @return the "GuaranteedCategory" name
    std::string GetGuaranteedCategoryName() const;

    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    double m_rate{0.0};                                     //!< "GuaranteedRate" as given
    uint64_t m_rateParts{0};                                //!< GR in parts per 10^9
    double m_cap{1.0};                                      //!< "CreditCap" as given
    uint64_t m_capParts{CREDIT_UNIT};                       //!< CreditCap in parts per 10^9
    uint64_t m_credit{0};                                   //!< carried credit, parts per 10^9
    AtmServiceCategory m_category{AtmServiceCategory::UBR}; //!< "GuaranteedCategory"
    std::vector<uint8_t> m_isGuaranteed;                    //!< per queue: 1 if in G
    std::vector<uint32_t> m_levelOf;                        //!< per P queue: priority level
    std::vector<AtmQueueIdList> m_levels;                   //!< P: backlogged queues per level
    AtmQueueIdList m_ring;                                  //!< G: backlogged queues, RR order
};

} // namespace ns3

#endif // GUARANTEED_RATE_CELL_SCHEDULER_H
