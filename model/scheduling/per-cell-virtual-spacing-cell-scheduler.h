/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PER_CELL_VIRTUAL_SPACING_CELL_SCHEDULER_H
#define PER_CELL_VIRTUAL_SPACING_CELL_SCHEDULER_H

#include "atm-cell-scheduler.h"
#include "atm-queue-id-list.h"

#include <cstdint>
#include <limits>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::PerCellVirtualSpacingCellScheduler: Virtual Spacing in its per-cell timestamp form, each
 * VC spaced by its own MCR.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Virtual Spacing, per-cell timestamp form (BON ch. 7.2.2, after J. W. Roberts; SCFQ for
 * fixed-size packets): every arriving cell is stamped with its VC's virtual spacing time, and
 * the cells are sent in increasing stamp order.
 *
 * @verbatim
   per VC i: r_i (cells/s), VS_i (s, initially 0);  global SpacingTime (s, initially 0)
   NotifyEnqueued(cell of VC i):  VS_i = max(SpacingTime, VS_i) + 1/r_i;  stamp the cell VS_i
   SelectQueue():  among the backlogged queues that may send, the one whose head cell has the
                   smallest stamp; equal stamps: the cell that arrived first
   NotifyServed(q):  SpacingTime = stamp of q's head cell; the cell leaves
   NotifyPurged(cell of VC i):  VS_i = its value before that cell was stamped (our choice)
   @endverbatim
 *
 * r_i is the VC's MCR from its contract (NotifyVcAdded()), or `BestEffortWeight` cells/s for a
 * VC without MCR (BON notes best-effort VCs need an implicit non-zero weight; default 1 cell/s,
 * as for the per-queue form VirtualSpacingCellScheduler, `vs-queue`). Stamps are seconds of
 * virtual time (doubles). Ties in arrival order are the usual choice for this form (the source
 * leaves them open); they make the order independent of queue ids.
 *
 * Queues are FIFO: a queue can send only its head cell, so with several VCs in one queue the
 * cells leave in stamp order subject to FIFO order inside each queue (the scheduler compares the
 * head stamps). With one queue per VC the stamps of a queue increase, the order is exactly the
 * stamp order, and it equals the per-queue form's except for the tie rule (the per-queue form
 * breaks ties by queue id). With several VCs per queue the two forms differ: here each VC is
 * spaced by its own MCR, there a queue by the sum of its VCs' MCRs whichever VC sends.
 *
 * Choices where the source is silent (ours): a cell removed without being sent (a buffer
 * policy's purge, always the VC's newest queued cell) gives its stamp back, VS_i returns to its
 * value before that cell arrived, so a VC is not slowed by cells it never sent; a backlogged
 * queue that may not send (credits, shaping) is skipped and its cells keep their stamps.
 *
 * Storage: one pool of K records (K = the port's buffer, read at NotifyQueueAdded()), threaded as
 * a FIFO list per queue and a newest-first chain per VC (40 bytes per buffer place), so arrival,
 * departure and purge are O(1) and nothing is allocated per cell. Cost per selection:
 * O(backlogged queues), a scan of the head stamps. A heap would make it O(log Q), but it must
 * skip held-back queues and is rebuilt on every head change; for the port sizes of the
 * reproductions (at most a few tens of queues per port) the scan of a contiguous list is the
 * cheaper of the two, and it is the same cost as `vs-queue`.
 */
class PerCellVirtualSpacingCellScheduler : public AtmCellScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    PerCellVirtualSpacingCellScheduler();
    ~PerCellVirtualSpacingCellScheduler() override;

    /**
     * @param vc a VC index
     * @return r_i, the VC's weight in cells/s (BestEffortWeight if it has no MCR)
     */
    double GetVcWeight(uint32_t vc) const;

    /**
     * @param vc a VC index
     * @return VS_i, the stamp of the VC's last stamped cell (s; 0 before its first cell)
     */
    double GetVcSpacingTime(uint32_t vc) const;

    /// @return SpacingTime, the stamp of the last cell served (s)
    double GetSpacingTime() const;

    /**
     * @param queue a backlogged queue
     * @return the stamp of its head cell (s)
     */
    double GetHeadStamp(uint32_t queue) const;

  private:
    void DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue) override;
    void DoNotifyVcAdded(const AtmPortState& state, uint32_t vc) override;
    void DoNotifyBacklogged(uint32_t queue) override;
    void DoNotifyEmptied(uint32_t queue) override;
    void DoNotifyEnqueued(const AtmPortState& state, uint32_t vc) override;
    void DoNotifyPurged(const AtmPortState& state, uint32_t vc) override;
    std::optional<uint32_t> DoSelectQueue(const AtmPortState& state, Time now) override;
    void DoNotifyServed(uint32_t queue) override;

    /**
     * @brief Unlink a record from its queue's list and return it to the free list.
     * @param record the record
     * @param queue its queue
     */
    void Release(uint32_t record, uint32_t queue);

    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max(); //!< null index

    /// One stamped cell.
    struct Record
    {
        double stamp{0.0};     //!< VS_i given to the cell, s
        double undo{0.0};      //!< VS_i before the cell was stamped (for a purge), s
        uint64_t seq{0};       //!< arrival number (tie rule)
        uint32_t next{NONE};   //!< newer cell of the queue, or next free record
        uint32_t prev{NONE};   //!< older cell of the queue
        uint32_t vcPrev{NONE}; //!< older cell of the same VC (valid while the VC has one)
        uint32_t vc{0};        //!< the cell's VC
    };

    /// Per-queue list ends.
    struct QueueList
    {
        uint32_t head{NONE}; //!< oldest cell
        uint32_t tail{NONE}; //!< newest cell
    };

    /// Per-VC state.
    struct VcEntry
    {
        double spacing{1.0};   //!< 1/r_i, s
        double vs{0.0};        //!< VS_i, s
        uint32_t newest{NONE}; //!< newest queued cell of the VC
        uint32_t cells{0};     //!< queued cells of the VC
        uint32_t queue{0};     //!< the VC's queue
    };

    double m_bestEffortWeight{1.0};  //!< "BestEffortWeight", cells/s
    double m_spacingTime{0.0};       //!< SpacingTime, s
    uint64_t m_seq{0};               //!< arrivals stamped so far
    std::vector<Record> m_records;   //!< the pool, K records
    uint32_t m_free{NONE};           //!< first free record
    std::vector<QueueList> m_queues; //!< per queue: its cells
    std::vector<VcEntry> m_vcs;      //!< per VC
    AtmQueueIdList m_backlogged;     //!< backlogged queues
};

} // namespace ns3

#endif // PER_CELL_VIRTUAL_SPACING_CELL_SCHEDULER_H
