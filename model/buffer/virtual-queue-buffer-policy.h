/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef VIRTUAL_QUEUE_BUFFER_POLICY_H
#define VIRTUAL_QUEUE_BUFFER_POLICY_H

#include "atm-buffer-policy.h"

#include "ns3/atm-int128.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::VirtualQueueBufferPolicy: Siu, Wu and Ren's virtual queueing with MCR scheduling, which
 * emulates per-VC queues served round robin on a shared FIFO.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Virtual queueing with MCR scheduling (Siu, Wu and Ren, 1997, as reviewed by BON ch. 8,
 *        Figs 8.25 and 8.26): the FIFO keeps, per VC, the length M[i] of a *virtual* queue that
 *        a per-VC scheduler would have, and refuses a new PDU of a VC whose virtual queue is
 *        above its share Th / N_active once the buffer holds Th cells.
 *
 * Every accepted cell of VC i increments M[i]; every cell the port sends, of whatever VC,
 * decrements the M of the VC that the emulated scheduler serves in that slot. The emulated
 * scheduler serves the VCs of the active list L round robin, each slot the VC at its head. It
 * works in two phases: every T seconds each VC earns W[j] += MCR[j] T cells of credit and phase
 * 1 starts, in which the slots go to VCs with credit (each costs a cell of it), so each VC gets
 * its MCR; when no VC has credit left, phase 2 shares the rest of the slots round robin among
 * all active VCs. A VC whose cells find the buffer congested (B_occ >= Th) is refused new PDUs
 * while its virtual queue is at least its share, M[i] >= Th / N_active: a VC that sends faster
 * than the emulated scheduler serves it builds a long virtual queue and is held back, even
 * though all cells share one FIFO. M may go down to -w: a VC served while its virtual queue is
 * empty runs up to w cells ahead (w = 0: the plain virtual queue).
 *
 * With B_occ = X the cells in the buffer, K its size, N the number of VCs in the active list
 * (at least 1) and HasRoom() the base class's space(cell) test, as Figs 8.25 and 8.26 give it:
 *
 * @verbatim
   Admit(state, i, cell):                          // after the timer has caught up (below)
       if first cell of a PDU (i's frame state IDLE):
           if B_occ >= Th and M[i] * N >= Th:      DROP_FRAME(OVER_VIRTUAL_SHARE)  // Th_n = Th/N
       if not HasRoom(cell):                       DROP_FRAME(BUFFER_FULL, keepEom = true)
       M[i]++; if M[i] == -w + 1: append i to L
       ACCEPT
   kept EOM of a PDU in PPD (AdmitDelimiter), if X < K:  M[i]++; if M[i] == -w + 1: append i to L
   timer, every T:   for each VC j in the active list: W[j] += MCR[j] T;  phase = 1
   cell sent (NotifyDeparture), phase 1:
       k = pop(L); M[k]--; W[k]--
       if M[k] > -w and W[k] > 1: append k to L
       phase = 2 unless some VC of the active list has W[j] >= 1
   cell sent, phase 2:
       k = pop(L); M[k]--; if M[k] > -w: append k to L
   @endverbatim
 *
 * The middle cells of a refused PDU are discarded by the port (DROP_ALL), those of an accepted
 * one count in M like the first. Th_n = Th / N is compared exactly, as M[i] * N >= Th.
 *
 * Where the figures are silent or would break, our choices:
 * - M[i] starts at -w, the VC outside L: the state every idle VC reaches (the scheduler serves a
 *   listed VC until M = -w), and the only start from which the append rule M == -w + 1 lists a
 *   VC at its first cell.
 * - Phase 1 takes a VC whose credit is spent out of L ("append only if W[k] > 1"), but the
 *   figures never put it back, so it would stay out for good with a growing M. We park it on a
 *   second list and put the parked VCs back behind L, in order, when phase 2 starts and at each
 *   timer tick. In phase 1 with L empty and VCs parked, phase 2 starts at once and serves the
 *   slot. The figures' thresholds are kept: a VC is re-listed in phase 1 if W > 1, and phase 1
 *   lasts while a VC has W >= 1, so a VC left with exactly one cell of credit is parked and
 *   still holds phase 1 open (for the others with credit) until L empties.
 * - "For all j" (the credit and the phase test) is read as every VC in the active or parked
 *   list: an idle VC earns no credit (else it would return from idleness with an unbounded
 *   priority) and holds no phase open (else one idle VC with an MCR would forbid phase 2 for
 *   ever). Credit left to a VC that leaves the list is kept for its return; a phase-1 slot taken
 *   without credit leaves a debt (W < 0), as the figure's W[k]-- does.
 * - N_active is the number of VCs in the active and parked lists (the VCs whose virtual queue
 *   is above -w), at least 1 in the division.
 * - The policy starts in phase 2 (no credit has been given yet). The first tick is at T after
 *   time 0, the next ones every T; a tick at the instant of a cell event comes first.
 *
 * The timer is not a simulator event: each call first applies the ticks due at
 * AtmPortState::GetNow() (the arrival instant in Admit() and AdmitDelimiter(), the slot start
 * in NotifyDeparture()). The ticks between two calls change only W, the phase and the lists,
 * all in the same way, so n ticks are applied at once, in O(VCs listed). Between ticks every
 * call is O(1); the lists are threaded through the per-VC records, so nothing is allocated per
 * cell. W is kept exactly, as an integer in units of 1 / (1000 x time steps per second) cells
 * (MCR in millicells/s, AtmPortState::GetVcMcrMilli(), times T in time steps).
 *
 * Parameters: Th = `ThresholdCells` if nonzero, else floor(`ThresholdFraction` x K) to 6
 * decimal places (default 0.8, as R of this model's fair-share policies; the review gives no
 * value); T = `TimerPeriod` (default 1 ms; 0 turns the MCR phase off: plain virtual queueing,
 * phase 2 only); w = `AdvanceCells` (default 0). Set them before the first cell: M is kept as
 * M + w, so a later change of w shifts every virtual queue.
 *
 * Source: K.-Y. Siu, Y. Wu and W. Ren (1997), as reviewed by O. Bonaventure, "Integration of
 * ATM under TCP/IP to provide services with minimum guaranteed bandwidth", PhD thesis,
 * Universite de Liege, 1998 (BON), ch. 8, Figs 8.25 and 8.26.
 */
class VirtualQueueBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason: a first cell found B_occ >= Th with its VC's virtual queue M[i] >= Th / N.
    static constexpr char OVER_VIRTUAL_SHARE[] =
        "VQ: PDU refused at first cell, occupancy at Th and virtual queue at Th/N_active";
    /// Drop reason: a cell of an accepted PDU found no room; the rest but the EOM go (PPD).
    static constexpr char BUFFER_FULL[] = "VQ: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    VirtualQueueBufferPolicy();
    ~VirtualQueueBufferPolicy() override;

    void NotifyVcAdded(uint32_t vc) override;

    /**
     * @brief Th for a buffer of @p bufferCells cells: `ThresholdCells` if set (aborts unless
     *        below @p bufferCells), else floor(`ThresholdFraction` x @p bufferCells).
     * @param bufferCells K
     * @return Th in cells
     */
    uint32_t GetThresholdCells(uint32_t bufferCells) const;

    /**
     * @param vc a VC index
     * @return M[vc], its virtual queue in cells (-w for a VC never seen)
     */
    int64_t GetVirtualQueue(uint32_t vc) const;

    /**
     * @param vc a VC index
     * @return W[vc], its credit in cells (a double of the exact value, for tests and logs)
     */
    double GetCreditCells(uint32_t vc) const;

    /// @return the phase, 1 (MCR credit) or 2 (round robin)
    uint32_t GetPhase() const;

    /// @return the VCs of the active list L, head first
    std::vector<uint32_t> GetActiveList() const;

    /// @return the VCs parked in phase 1 with their credit spent, oldest first
    std::vector<uint32_t> GetParkedList() const;

  private:
    static constexpr uint32_t NONE = UINT32_MAX; //!< no VC

    /// Per-VC record.
    struct Vc
    {
        uint64_t aboveFloor{0}; //!< M[i] + w (>= 0; the VC is listed iff it is >= 1)
        AtmInt128 credit{0};    //!< W[i] in units of 1 / (1000 x time steps per second) cells
        uint32_t next{NONE};    //!< next VC in its list
    };

    /// A FIFO list of VCs threaded through Vc::next.
    struct List
    {
        uint32_t head{NONE}; //!< first VC
        uint32_t tail{NONE}; //!< last VC
        uint32_t size{0};    //!< number of VCs
    };

    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;
    bool DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom) override;
    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override;

    /**
     * @brief Size the per-VC records to hold @p vc (at configuration, or a hand-built state).
     * @param vc a VC index
     */
    void EnsureVc(uint32_t vc);
    /**
     * @brief Apply the timer ticks due at state.GetNow().
     * @param state the port state (MCRs, time)
     */
    void CatchUp(const AtmPortState& state);
    /**
     * @brief A cell of VC @p vc enters the buffer: M++ and list the VC when M reaches -w + 1.
     * @param vc the VC
     */
    void Admitted(uint32_t vc);
    /**
     * @brief One slot of the emulated scheduler (a cell has been sent).
     */
    void ServeOne();
    /// Phase 2 starts: the parked VCs go back behind the active list.
    void StartPhaseTwo();
    /**
     * @param vc a VC
     * @return true if its credit is at least one cell
     */
    bool HasCredit(uint32_t vc) const;
    /**
     * @brief Append a VC to a list.
     * @param list the list
     * @param vc the VC (in no list)
     */
    void Append(List& list, uint32_t vc);
    /**
     * @brief Remove the first VC of a list.
     * @param list the list (not empty)
     * @return the VC
     */
    uint32_t Pop(List& list);
    /**
     * @param list a list
     * @return its VCs, head first
     */
    std::vector<uint32_t> Members(const List& list) const;

    /**
     * @brief Setter of "ThresholdFraction"; aborts unless 0 < fraction < 1.
     * @param fraction Th as a fraction of K
     */
    void SetThresholdFraction(double fraction);
    /// @return "ThresholdFraction"
    double GetThresholdFraction() const;
    /**
     * @brief Setter of "TimerPeriod"; aborts if negative.
     * @param period T
     */
    void SetTimerPeriod(Time period);
    /// @return "TimerPeriod"
    Time GetTimerPeriod() const;

    uint32_t m_thresholdCells{0};     //!< "ThresholdCells" (0: use the fraction)
    double m_fraction{0.8};           //!< "ThresholdFraction"
    uint32_t m_fractionMicro{800000}; //!< ThresholdFraction in millionths
    uint32_t m_advanceCells{0};       //!< "AdvanceCells", w
    Time m_period;                    //!< "TimerPeriod", T
    AtmInt128 m_one{0};               //!< one cell of credit (set with the time resolution)
    std::vector<Vc> m_vcs;            //!< per-VC records
    List m_active;                    //!< L
    List m_parked;                    //!< VCs taken out of L in phase 1 (credit spent)
    uint32_t m_credited{0};           //!< listed or parked VCs with W >= 1
    uint32_t m_phase{2};              //!< 1 or 2
    int64_t m_ticks{0};               //!< timer ticks applied
};

} // namespace ns3

#endif // VIRTUAL_QUEUE_BUFFER_POLICY_H
