/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ERICA_H
#define ATM_ERICA_H

#include "atm-abr-switch-behaviour.h"

#include "ns3/atm-rm-fields.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmErica: the ERICA explicit-rate switch algorithm of one output port.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief ERICA, the Explicit Rate Indication for Congestion Avoidance switch algorithm (R. Jain,
 *        S. Kalyanaraman, R. Goyal, S. Fahmy, R. Viswanathan, "ERICA Switch Algorithm: A
 *        Complete Description", ATM Forum/96-1172, 1996; S. Kalyanaraman, PhD thesis, Ohio State
 *        University 1997, ch. 6 and appendix C): the output port measures its ABR load over
 *        averaging intervals and lowers the explicit rate (ER) of the backward RM cells of the
 *        VCs that leave through it.
 *
 * Measured over each interval [k T, (k + 1) T) (T = `AveragingInterval`, intervals aligned to
 * time 0), from the cells arriving at the port: the ABR cells (data and RM) and the VCs they
 * belong to (the active VCs), the CBR and VBR cells, and the CCR carried by each VC's forward RM
 * cells. At the end of an interval (evaluated lazily at the next arrival or query):
 * @verbatim
   In        = alpha x ABR cells / T + (1 - alpha) x In          alpha = LoadAveragingWeight
   HP        = alpha x CBR/VBR cells / T + (1 - alpha) x HP      (both start from the first sample)
   ABRCap    = max(U x LinkRate - HP, 0)                         U = TargetUtilization
   z         = In / ABRCap                                       (infinite if ABRCap = 0)
   N         = max(sum over VCs of c_j, 1)    c_j = 1 if VC j sent an ABR cell in the interval,
                                              else c_j x ActiveVcDecay
   FairShare = ABRCap / N
   MaxAllocPrevious = MaxAllocCurrent;  MaxAllocCurrent = FairShare
   @endverbatim
 * With the defaults (alpha 1, decay 0) the interval's own measurements are used, as in the basic
 * algorithm of 96-1172; its two averaging options, of the load factor (the input rate and the
 * CBR/VBR rate are averaged, not their ratio) and of the number of active sources (a VC not seen
 * in an interval fades out instead of dropping out at once), are the ones Bonaventure's ERICA+
 * runs enable (thesis Table 5.2: alpha 0.0625, decay 0.25).
 * For a backward RM cell of VC j (the values of the last completed interval):
 * @verbatim
   VCShare = CCR_j / z                                          (0 if no ABR cell arrived)
             (MeasuredCcr: CCR_j = VC j's ABR cells in the last interval / T, the "Per
              VC CCR Option" of the thesis's pseudo-code, for sources that do not use their ACR)
   ER = max(FairShare, VCShare)                    if z > 1 + MaxMinDelta (overload)
   ER = max(FairShare, VCShare, MaxAllocPrevious)  otherwise
   MaxAllocCurrent = max(MaxAllocCurrent, ER)
   if FairShareFirst and ER > FairShare and CCR_j < FairShare:  ER = FairShare
   ER = min(ER, ABRCap);  the cell's ER = min(its ER, ER)        (ER is only ever lowered)
   @endverbatim
 * With `OneFeedbackPerInterval`, a VC's second backward RM cell in the same interval gets the
 * ER computed for its first. ERICA never sets CI or NI and leaves forward RM cells alone.
 *
 * Our choices where the descriptions leave room: the CBR/VBR load is counted from the cells
 * that arrive at the port (not those that leave: in steady state the same); the intervals are
 * time-based only (no cell-count bound); before the first interval has ended the port counts as
 * idle (ABRCap = U x LinkRate, one active VC). The queue a subclass sees at an interval's end
 * (ERICA+) is the buffer's content at the last arrival less one cell per slot since (a port
 * with a backlog sends a cell every slot; no arrival means nothing was added:
 * GetQueueEstimate()).
 */
class AtmErica : public AtmAbrSwitchBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmErica();
    ~AtmErica() override;

    /**
     * @brief The explicit rate ERICA gives a backward RM cell of a VC leaving through this port.
     * @param vc the VC's index at this port (the forward direction; its CCR is the one its last
     *        forward RM cell carried here, 0 if none)
     * @param now the cell's arrival instant (not before the last arrival seen)
     * @return ER in cells/s
     */
    double ComputeEr(uint32_t vc, Time now);

    bool ReadsBackwardRm() const override;

    /// @return ABRCap of the last completed interval (cells/s)
    double GetAbrCapacity() const;
    /// @return z of the last completed interval
    double GetLoadFactor() const;
    /// @return FairShare of the last completed interval (cells/s)
    double GetFairShare() const;
    /// @return the (averaged) number of active VCs of the last completed interval (at least 1)
    double GetActiveVcs() const;
    /// @return the queue (cells) taken as the buffer's content at the last interval's end
    uint32_t GetQueueAtIntervalEnd() const;

  protected:
    /**
     * @brief The fraction of the ABR bandwidth (link rate minus CBR/VBR) the port targets at the
     *        end of an interval. ERICA: none (U multiplies the link rate instead).
     * @param queueCells the cells in the port's buffer at the interval's end
     * @param totalAbr the link rate minus the CBR/VBR load (cells/s)
     * @return the fraction, or a negative value for ERICA's U x LinkRate - CBR/VBR
     */
    virtual double DoGetTargetFraction(uint32_t queueCells, double totalAbr) const;

  private:
    void DoNotifyArrival(const AtmPortState& state, AtmCell& cell) override;
    void DoProcessBackwardRm(uint32_t vc, AtmRmFields& rm, Time now) override;

    /**
     * @brief Close every interval that ended at or before @p now.
     * @param now the time
     */
    void Roll(Time now);
    /// @brief Close the current interval.
    void CloseInterval();
    /**
     * @brief Make room for a VC's per-VC state.
     * @param vc a VC index
     */
    void Grow(uint32_t vc);

    Time m_interval;                   //!< "AveragingInterval"
    double m_u{0.95};                  //!< "TargetUtilization"
    double m_delta{0.1};               //!< "MaxMinDelta"
    bool m_fairShareFirst{true};       //!< "FairShareFirst"
    bool m_oneFeedback{true};          //!< "OneFeedbackPerInterval"
    double m_alpha{1};                 //!< "LoadAveragingWeight"
    double m_decay{0};                 //!< "ActiveVcDecay"
    bool m_measuredCcr{false};         //!< "MeasuredCcr"
    double m_link{0};                  //!< the port's cell rate (cells/s)
    uint32_t m_queueAtEnd{0};          //!< the queue estimate at the last completed interval's end
    int64_t m_k{0};                    //!< the current interval's index
    uint64_t m_abrCells{0};            //!< ABR cells arrived in the current interval
    uint64_t m_hpCells{0};             //!< CBR/VBR cells arrived in the current interval
    double m_abrCap{0};                //!< ABRCap (last completed interval)
    double m_inRate{0};                //!< (averaged) ABR input rate
    double m_hpRate{0};                //!< (averaged) CBR/VBR input rate
    bool m_averaged{false};            //!< m_inRate and m_hpRate hold a sample
    double m_z{0};                     //!< z (last completed interval)
    double m_fairShare{0};             //!< FairShare (last completed interval)
    double m_active{1};                //!< active VCs (last completed interval)
    double m_maxAllocPrevious{0};      //!< MaxAllocPrevious
    double m_maxAllocCurrent{0};       //!< MaxAllocCurrent
    bool m_started{false};             //!< a cell arrived
    std::vector<double> m_ccr;         //!< per VC: last CCR of a forward RM cell
    std::vector<int64_t> m_seenIn;     //!< per VC: last interval with an ABR cell of it
    std::vector<int64_t> m_feedbackIn; //!< per VC: last interval it got a computed ER
    std::vector<double> m_lastEr;      //!< per VC: that ER
    std::vector<double> m_contrib;     //!< per VC: its contribution c_j to N
    std::vector<uint64_t> m_vcCells;   //!< per VC: ABR cells in the current interval
    std::vector<double> m_vcRate;      //!< per VC: its ABR cells / T in the last interval
};

} // namespace ns3

#endif // ATM_ERICA_H
