/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_STATE_H
#define ATM_PORT_STATE_H

#include "atm-service-category.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Per-VC frame state of the frame-aware acceptance framework (this model's
 * generalisation of the EPD/PPD state of BON and JAIN; BON: EPD needs 2 bits per VC).
 *
 * The output port owns this state machine; buffer policies only read it, so a policy can get
 * only its decision wrong.
 */
enum class AtmFrameState : uint8_t
{
    IDLE,     //!< the next cell of the VC is the first cell of a PDU
    ACCEPT,   //!< inside a PDU whose cells are offered to the buffer policy
    DROP_PPD, //!< discarding the rest of the PDU except its EOM cell (partial packet discard)
    DROP_ALL, //!< discarding the rest of the PDU including its EOM cell
};

/**
 * @ingroup atm
 * @param state a frame state
 * @return its name ("IDLE", "ACCEPT", "DROP_PPD", "DROP_ALL")
 */
const char* ToString(AtmFrameState state);

/**
 * @ingroup atm
 * @brief Print the name of a frame state.
 * @param os the stream
 * @param state the state
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, AtmFrameState state);

/**
 * @ingroup atm
 * @brief The read-only view of an output port that the port hands to its buffer policy and its
 * cell scheduler (passed explicitly, so a unit test can build it by hand).
 *
 * A plain value with plain counters: no Object, no TracedValue, no cells. The port (or a test)
 * keeps it up to date through the mutators; plug-ins receive it as `const AtmPortState&`.
 *
 * Notation (JAIN's SD, FBA and DFBA): K = GetBufferCells(), X = GetCellsInBuffer(),
 * X_i = GetVcCells(i), N_a = GetNActiveVcs() (VCs with X_i >= 1). For the GFR policies that
 * count the cells that are not eligible for the MCR guarantee apart (AtmCell::IsEligible(): CLP
 * = 1, or marked by a GFR.1 switch), as Elloumi and Afifi's per-VC accounting does (Q_CLP1[i]
 * and Q_CLP1 in BON's review): GetVcNonEligibleCells(i) and GetNonEligibleCells(); and per VC
 * the whole non-eligible PDUs queued, GetVcPurgeablePdus(i), which the port's
 * ACCEPT_AND_PURGE_FRONT action removes (AtmAdmitDecision).
 *
 * Structure: queues are numbered 0 .. Q-1 in the order of AddQueue(); VCs are numbered
 * 0 .. V-1 in the order of AddVc() (the dense per-hop VC index carried in AtmCell::vc); every
 * VC belongs to one queue (per-VC queues: one VC per queue; per-class queues: several). A queue
 * is *eligible* when it holds cells and its may-send flag is set (SetQueueMaySend(); the port
 * clears it while credits or shaping hold the queue back).
 *
 * Identities kept by every mutator and checked by CheckInvariants() (O(V + Q); tests call it):
 * - X == sum over VCs of X_i, and X <= K;
 * - for each queue, its cells == sum of X_i over its VCs;
 * - N_a == number of VCs with X_i >= 1, and GetActiveMcrMilli() == the sum of their MCRs;
 * - GetNonEligibleCells() == sum of GetVcNonEligibleCells(i), and for each VC
 *   GetVcPurgeablePdus(i) <= GetVcNonEligibleCells(i) <= X_i;
 * - GetNEligibleQueues() == number of queues with cells and the may-send flag.
 *
 * Time. GetNow() is the instant of the event the port is handling when it calls a plug-in: the
 * arrival instant of the cell in AtmBufferPolicy::Admit() (the port handles arrivals lazily, so
 * this may lie before Simulator::Now()), the slot start in AtmCellScheduler::SelectQueue() and
 * AtmBufferPolicy::NotifyDeparture(). GetLinkRate() is the cell rate of the port's line (zero
 * until the port is connected to a transmitter). Mechanisms defined per cell slot or per period
 * (an average updated every slot, a timer of period T) catch up lazily from these two values
 * instead of scheduling events of their own.
 *
 * The mutators are O(1) and never allocate; vectors grow only in AddQueue() and AddVc(), at
 * configuration time.
 */
class AtmPortState
{
  public:
    /**
     * @brief An empty port with no queue and no VC.
     * @param bufferCells K, the buffer size in cells
     */
    explicit AtmPortState(uint32_t bufferCells = 0);

    /**
     * @brief Set K. Aborts if cells are already buffered beyond the new size.
     * @param bufferCells the buffer size in cells
     */
    void SetBufferCells(uint32_t bufferCells);

    /**
     * @brief Add a queue.
     * @param category the service category the queue serves (what PriorityCellScheduler orders
     *        queues by; a per-VC queue takes its VC's category)
     * @return the new queue's id (0, 1, 2, ...)
     */
    uint32_t AddQueue(AtmServiceCategory category = AtmServiceCategory::UBR);

    /**
     * @brief Add a VC feeding an existing queue. Aborts if the queue does not exist.
     * @param category the VC's service category
     * @param queue the id of the queue holding the VC's cells
     * @return the new VC's dense index (0, 1, 2, ...)
     */
    uint32_t AddVc(AtmServiceCategory category, uint32_t queue);

    /**
     * @brief Add a VC with its traffic contract, feeding an existing queue. The contract's
     *        category is the VC's service category; policies and schedulers that serve the VC
     *        by its contract (GFR's MCR, MBS, MFS and conformance definition) read it with
     *        GetVcContract(). Aborts if the queue does not exist.
     * @param contract the VC's traffic contract
     * @param queue the id of the queue holding the VC's cells
     * @return the new VC's dense index (0, 1, 2, ...)
     */
    uint32_t AddVc(const AtmTrafficContract& contract, uint32_t queue);

    /**
     * @brief Count one cell of a VC entering the buffer. The caller must have checked X < K.
     * @param vc the VC index
     * @param eligible the cell's AtmCell::IsEligible() as stored (a cell counted without it,
     *        as in hand-built states, is eligible)
     * @return true if the VC's queue was empty before (the port then tells the scheduler
     *         AtmCellScheduler::NotifyBacklogged())
     */
    bool OnEnqueue(uint32_t vc, bool eligible = true);

    /**
     * @brief Count one cell of a VC leaving the buffer (transmitted or purged).
     * @param vc the VC index; X_i must be at least 1
     * @param eligible the cell's AtmCell::IsEligible(), as given to OnEnqueue() for it (a
     *        non-eligible cell needs GetVcNonEligibleCells(vc) >= 1)
     * @return true if the VC's queue is now empty (the port then tells the scheduler
     *         AtmCellScheduler::NotifyEmptied())
     */
    bool OnDequeue(uint32_t vc, bool eligible = true);

    /**
     * @brief Count one more whole non-eligible PDU of a VC in the buffer (GetVcPurgeablePdus();
     *        the port does it when such a PDU's EOM is stored). Its cells must have been
     *        counted, so that the count stays at most GetVcNonEligibleCells(vc).
     * @param vc the VC index
     */
    void AddPurgeablePdu(uint32_t vc);

    /**
     * @brief Count one whole non-eligible PDU of a VC less (its first cell departed, or the port
     *        purged it). The VC must have one.
     * @param vc the VC index
     */
    void RemovePurgeablePdu(uint32_t vc);

    /**
     * @brief Set the frame state of a VC (only the port's frame state machine does this).
     * @param vc the VC index
     * @param state the new state
     */
    void SetFrameState(uint32_t vc, AtmFrameState state);

    /**
     * @brief Allow or forbid a queue to send (credits, shaping); a queue with cells and this flag
     * set is eligible. Queues start allowed.
     * @param queue the queue id
     * @param maySend the flag
     */
    void SetQueueMaySend(uint32_t queue, bool maySend);

    /**
     * @brief Set the instant of the event being handled (the port does it before each plug-in
     *        call; class description).
     * @param now the instant
     */
    void SetNow(Time now)
    {
        m_now = now;
    }

    /// @return the instant of the event being handled (class description; 0 until set)
    Time GetNow() const
    {
        return m_now;
    }

    /**
     * @brief Set the cell rate of the port's line (AtmOutputPort::SetLinkRate()).
     * @param rate the line's cell rate
     */
    void SetLinkRate(AtmCellRate rate)
    {
        m_linkRate = rate;
    }

    /// @return the cell rate of the port's line (zero if not known)
    AtmCellRate GetLinkRate() const
    {
        return m_linkRate;
    }

    /// @return K, the buffer size in cells
    uint32_t GetBufferCells() const
    {
        return m_bufferCells;
    }

    /// @return X, the number of cells in the buffer (all queues)
    uint32_t GetCellsInBuffer() const
    {
        return m_cells;
    }

    /// @return V, the number of VCs
    uint32_t GetNVcs() const
    {
        return static_cast<uint32_t>(m_vcs.size());
    }

    /// @return Q, the number of queues
    uint32_t GetNQueues() const
    {
        return static_cast<uint32_t>(m_queues.size());
    }

    /// @return N_a, the number of VCs with at least one cell in the buffer (O(1))
    uint32_t GetNActiveVcs() const
    {
        return m_activeVcs;
    }

    /// @return the number of eligible queues (with cells and allowed to send; O(1))
    uint32_t GetNEligibleQueues() const
    {
        return m_eligibleQueues;
    }

    /**
     * @param vc the VC index
     * @return X_i, the VC's cells in the buffer
     */
    uint32_t GetVcCells(uint32_t vc) const
    {
        return m_vcs[vc].cells;
    }

    /**
     * @param vc the VC index
     * @return the VC's cells in the buffer that are not eligible for the MCR guarantee
     *         (AtmCell::IsEligible() false when stored): Q_CLP1[i] of Elloumi and Afifi's
     *         per-VC accounting; X_i minus it is their Q_CLP0[i]
     */
    uint32_t GetVcNonEligibleCells(uint32_t vc) const
    {
        return m_vcs[vc].nonEligibleCells;
    }

    /// @return the non-eligible cells in the buffer, all VCs (Q_CLP1; X minus it is Q_CLP0)
    uint32_t GetNonEligibleCells() const
    {
        return m_nonEligibleCells;
    }

    /**
     * @param vc the VC index
     * @return the VC's whole non-eligible PDUs in the buffer: PDUs whose first cell is not
     *         eligible and all of whose cells, from the first to the EOM, are stored and none
     *         yet sent. These are the PDUs AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT can remove
     *         (the oldest first); a policy returns that action only when this is at least 1.
     */
    uint32_t GetVcPurgeablePdus(uint32_t vc) const
    {
        return m_vcs[vc].purgeablePdus;
    }

    /**
     * @param vc the VC index
     * @return the VC's frame state
     */
    AtmFrameState GetFrameState(uint32_t vc) const
    {
        return m_vcs[vc].frameState;
    }

    /**
     * @param vc the VC index
     * @return the VC's service category
     */
    AtmServiceCategory GetVcServiceCategory(uint32_t vc) const
    {
        return m_vcs[vc].category;
    }

    /**
     * @param vc the VC index
     * @return the VC's traffic contract as given to AddVc(). A VC added by its category alone
     *         has no contract parameters: this is then the default contract (UBR.1, no PCR, MCR
     *         0), and GetVcServiceCategory() gives the VC's category.
     */
    const AtmTrafficContract& GetVcContract(uint32_t vc) const
    {
        return m_contracts[vc];
    }

    /**
     * @param vc the VC index
     * @return the VC's minimum cell rate in cells/s (GFR, ABR; 0 for the other categories and
     *         for best-effort VCs): the weight r_i of the MCR-proportional GFR mechanisms
     */
    double GetVcMcr(uint32_t vc) const
    {
        return m_contracts[vc].GetMcr().GetCellsPerSecond();
    }

    /**
     * @param vc the VC index
     * @return the VC's MCR in millicells/s, rounded: the integer weight the active sum
     *         GetActiveMcrMilli() adds up exactly
     */
    uint64_t GetVcMcrMilli(uint32_t vc) const
    {
        return m_mcrMilli[vc];
    }

    /**
     * @return the sum of GetVcMcrMilli() over the active VCs (X_i >= 1), kept in O(1) by the
     *         mutators: the W of the MCR-weighted fair shares (WFBA, DFBA)
     */
    uint64_t GetActiveMcrMilli() const
    {
        return m_activeMcrMilli;
    }

    /**
     * @param vc the VC index
     * @return the id of the queue holding the VC's cells
     */
    uint32_t GetVcQueue(uint32_t vc) const
    {
        return m_vcs[vc].queue;
    }

    /**
     * @param queue the queue id
     * @return the queue's cells (sum of X_i over its VCs)
     */
    uint32_t GetQueueCells(uint32_t queue) const
    {
        return m_queues[queue].cells;
    }

    /**
     * @param queue the queue id
     * @return the queue's may-send flag
     */
    bool GetQueueMaySend(uint32_t queue) const
    {
        return m_queues[queue].maySend;
    }

    /**
     * @param queue the queue id
     * @return true if the queue holds cells and may send
     */
    bool IsQueueEligible(uint32_t queue) const
    {
        return m_queues[queue].cells > 0 && m_queues[queue].maySend;
    }

    /**
     * @param queue the queue id
     * @return the service category given to AddQueue()
     */
    AtmServiceCategory GetQueueServiceCategory(uint32_t queue) const
    {
        return m_queues[queue].category;
    }

    /**
     * @brief Recount everything from the per-VC and per-queue entries and compare with the
     * maintained counters (O(V + Q); for tests and debugging).
     * @return true if every identity in the class description holds
     */
    bool CheckInvariants() const;

  private:
    /// Per-VC entry.
    struct Vc
    {
        uint32_t cells{0};                                    //!< X_i
        uint32_t nonEligibleCells{0};                         //!< Q_CLP1[i]
        uint32_t purgeablePdus{0};                            //!< whole non-eligible PDUs
        uint32_t queue{0};                                    //!< queue holding the VC's cells
        AtmServiceCategory category{AtmServiceCategory::UBR}; //!< service category
        AtmFrameState frameState{AtmFrameState::IDLE};        //!< frame state (AtmFrameState)
    };

    /// Per-queue entry.
    struct Queue
    {
        uint32_t cells{0};                                    //!< cells of the queue's VCs
        AtmServiceCategory category{AtmServiceCategory::UBR}; //!< service category
        bool maySend{true};                                   //!< not held back by credits/shaping
    };

    uint32_t m_bufferCells;         //!< K
    uint32_t m_cells{0};            //!< X
    uint32_t m_activeVcs{0};        //!< N_a
    uint32_t m_nonEligibleCells{0}; //!< Q_CLP1, the non-eligible cells of all VCs
    uint32_t m_eligibleQueues{0};   //!< queues with cells and maySend
    std::vector<Vc> m_vcs;          //!< per-VC entries, by VC index
    std::vector<Queue> m_queues;    //!< per-queue entries, by queue id
    /// per-VC traffic contracts, by VC index (apart from m_vcs: read at PDU boundaries only)
    std::vector<AtmTrafficContract> m_contracts;
    std::vector<uint64_t> m_mcrMilli; //!< per VC: MCR in millicells/s (rounded)
    uint64_t m_activeMcrMilli{0};     //!< sum of m_mcrMilli over the active VCs
    Time m_now;                       //!< instant of the event being handled
    AtmCellRate m_linkRate;           //!< cell rate of the port's line (zero: unknown)
};

} // namespace ns3

#endif // ATM_PORT_STATE_H
