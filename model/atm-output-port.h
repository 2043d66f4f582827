/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_OUTPUT_PORT_H
#define ATM_OUTPUT_PORT_H

#include "atm-cell.h"
#include "atm-port-state.h"
#include "atm-service-category.h"
#include "atm-traced-value.h"

#include "ns3/atm-abr-switch-behaviour.h"
#include "ns3/atm-buffer-policy.h"
#include "ns3/atm-cell-scheduler.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Cell counters of an output port, kept per VC and for the whole port.
 *
 * Identities (per VC and per port, after every Receive() and Dequeue()):
 * - cellsArrived == cellsAccepted + (cellsDropped - cellsPurged)
 * - cellsAccepted == cellsDeparted + queued + cellsPurged
 * - hence the ledger (every cell accounted for):
 *   cellsArrived == cellsDeparted + queued + cellsDropped
 *
 * where queued is AtmOutputPort::GetVcCellsInQueue() (or GetCellsInQueue() for the port).
 */
struct AtmPortVcStats
{
    uint64_t cellsArrived{0};  //!< cells handed to Receive()
    uint64_t cellsAccepted{0}; //!< cells stored in the buffer
    uint64_t cellsDeparted{0}; //!< cells returned by Dequeue()
    uint64_t cellsDropped{0};  //!< cells dropped, at arrival or purged from the buffer
    uint64_t cellsPurged{0};   //!< accepted cells later removed (DROP_AND_PURGE_TAIL,
                               //!< ACCEPT_AND_PURGE_FRONT)
    uint64_t framesDropped{0}; //!< PDUs of which at least one cell was dropped (FrameDrop count)
};

/**
 * @ingroup atm
 * @brief The queueing core of an output port: cell storage, frame-aware buffer acceptance and
 * scheduling, shared by end-system adapters and switch ports (one component for both; the port
 * owns the cells and the traces, its two plug-ins only decide).
 *
 * The port holds one buffer of K cells (attribute "BufferCells"), a set of queues ("QueueMode":
 * one shared FIFO, one queue per VC or one per service category), a buffer policy
 * ("BufferPolicy", default TailDropBufferPolicy) that decides whether an arriving cell enters,
 * and a cell scheduler ("CellScheduler", default FifoCellScheduler) that decides which queue
 * sends next. It owns the cells, the per-VC frame state machine, the counters and every trace;
 * the plug-ins only decide. This class has no transmitter: whoever drives the link calls
 * Dequeue() once per cell slot (departures before arrivals at the same instant, a choice of this
 * model that deterministic tests rely on).
 *
 * Storage: one slab of up to K cell slots (grown with the occupancy, never shrunk), a free
 * list, one doubly-linked
 * FIFO list per queue threaded through slot indices, and per VC a doubly-linked list of its
 * cells through the same slots, so that a purge removes a VC's cells in O(cells removed) even
 * when VCs share a queue. Per VC the port also keeps, in arrival order, the first cells of its
 * whole non-eligible PDUs (AtmPortState::GetVcPurgeablePdus(): not eligible, every cell from the
 * first to the EOM stored, none sent), linked through their slots: the candidates of
 * ACCEPT_AND_PURGE_FRONT, found in O(1). Nothing is allocated per cell once the backlog has
 * peaked.
 *
 * Frame state machine (this model's generalisation of BON, JAIN and SANDIA), per VC, on each
 * arrival (X = cells in the buffer, K = buffer size; an end-of-PDU (EOM) cell always leaves the
 * VC in IDLE):
 *
 * | state       | action                                                                     |
 * |-------------|----------------------------------------------------------------------------|
 * | IDLE/ACCEPT | ask the policy; ACCEPT stores the cell, ACCEPT_TAGGED stores it with CLP=1 |
 * |             | (-> ACCEPT); DROP_CELL drops it (-> ACCEPT); DROP_FRAME drops it            |
 * |             | (-> keepEom ? DROP_PPD : DROP_ALL); DROP_AND_PURGE_TAIL drops it and every  |
 * |             | queued cell of the VC's current PDU (-> DROP_ALL); ACCEPT_AND_PURGE_FRONT  |
 * |             | removes the VC's oldest whole non-eligible PDU, then stores it (-> ACCEPT) |
 * | DROP_PPD    | non-EOM: drop; EOM: store if policy->AdmitDelimiter() and X < K, else drop |
 * | DROP_ALL    | drop                                                                       |
 *
 * Cells dropped in DROP_PPD and DROP_ALL carry the reason of the decision that started the
 * discard. Edge case SANDIA leaves open (this model's choice): if a cell of the current PDU has
 * already departed (headSent), dropping its EOM would merge the PDU's transmitted head with the
 * next PDU at the receiver, so DROP_AND_PURGE_TAIL then falls back to drop-tail for that PDU: the
 * arriving cell is dropped, nothing is purged, and the VC enters DROP_PPD (its EOM is kept if
 * there is room).
 *
 * ACCEPT_AND_PURGE_FRONT (drop-from-front, AtmAdmitDecision) never touches a PDU whose first
 * cell has left, whose EOM has not been stored or which lost a cell: only the oldest PDU of the
 * VC's list of whole non-eligible PDUs, whose cells are each counted as purged (cellsPurged,
 * cellsDropped, the drop tables, CellDrop with the decision's reason) and which fires FrameDrop
 * once. The purge comes first, so if it empties the VC's queue the scheduler hears
 * NotifyEmptied() and then NotifyBacklogged() for the arriving cell.
 *
 * A policy that accepts a cell when X >= K violates its contract: the port aborts naming the
 * policy's TypeId; it never stores more than K cells.
 *
 * Resource-management cells (PTI 110, AtmCell::IsResourceManagement()) are in-rate cells of
 * their connection, interleaved with its data cells but part of no PDU (ATM Forum TM 4.0 section
 * 5.10). They bypass the buffer policy (no Admit(), AdmitDelimiter() or NotifyDeparture()) and the
 * frame state machine, whose state they neither read nor change: an RM cell is stored if its VC's
 * buffer (partition) has room, X < K, else dropped with reason RM_CELL_NO_ROOM (CellDrop, never
 * FrameDrop). A stored RM cell counts in X and the VC's occupancy and leaves through the
 * scheduler in FIFO order with the VC's other cells, but it is never purged with a PDU: both
 * purges (DROP_AND_PURGE_TAIL, ACCEPT_AND_PURGE_FRONT) skip the RM cells queued among the PDU's
 * cells, and only a departing cell of the PDU itself marks its head as sent. The policy learns of
 * an RM cell only through the occupancy it reads in the state: a policy that counts the cells it
 * admitted (TBA's tokens, the virtual queues) stays balanced because the port tells it of the
 * departures of the cells it admitted only.
 *
 * Per-class buffer partitions (optional, SetClassBuffer()). As in JAIN's switches (AF-424 Fig. 1:
 * a VBR buffer beside the UBR buffer) and FORE's ASX-200 (TEN34: per-class queues of 256 cells
 * with their own CLP threshold), a service category can get its own buffer of K_c
 * cells guarded by its own policy; the other categories keep sharing the port's buffer of
 * "BufferCells" cells under "BufferPolicy". Each buffer (partition) has its own AtmPortState,
 * which is what its policy sees: K = the partition's size, X = its cells, its VCs numbered
 * densely 0, 1, ... in AddVc() order (the cell.vc a policy receives is that local index), their
 * frame states, and its queues. The frame state machine above runs with X and K of the VC's
 * partition; everything else is unchanged and global: the scheduler sees GetState() (all queues,
 * K = the whole slab), and the traces, counters and Dequeue() carry the port-wide VC index. After
 * each departure the cell's own policy hears AtmBufferPolicy::NotifyDeparture() (unless it is an
 * RM cell, above) and the policy of every other buffer AtmBufferPolicy::NotifyOtherDeparture()
 * with its own buffer's state (the line is shared, so a policy may count every cell slot it
 * spends, an RM cell's included). The
 * slab holds "BufferCells" plus the partition sizes. Without a partition the shared buffer's
 * state is GetState() itself: no second bookkeeping, no cell copy.
 *
 * Traces: "CellEnqueue" and "CellDequeue" (a cell stored / returned by Dequeue()), "CellDrop"
 * (every dropped cell, including purged ones, with the reason), "FrameDrop" (once per damaged
 * PDU: at the first drop of any of its cells, whatever the action, with that drop's reason) and
 * "CellsInQueue" (X). FrameDrop thus also fires for the first DROP_CELL of a frame-unaware
 * policy in a PDU, and once for each PDU purged from the front; framesDropped counts the same
 * events.
 *
 * Statistics: AtmPortVcStats per VC and per port, with the identities stated there (asserted
 * after each Receive() and Dequeue()), and drop counts per reason (pointer identity).
 */
class AtmOutputPort : public Object
{
  public:
    /// How cells are organised into queues.
    enum QueueMode
    {
        SHARED,    //!< one FIFO for all VCs (queue 0, category UBR)
        PER_VC,    //!< one queue per VC (the VC's category)
        PER_CLASS, //!< one queue per service category, created at its first VC
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmOutputPort();
    ~AtmOutputPort() override;

    /**
     * @brief Signature of "CellEnqueue" and "CellDequeue".
     * @param cell the cell
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell);

    /**
     * @brief Signature of "CellDrop".
     * @param cell the dropped cell
     * @param reason the drop reason (a policy's constant; compare by pointer)
     */
    typedef void (*CellDropTracedCallback)(const AtmCell& cell, const char* reason);

    /**
     * @brief Signature of "FrameDrop".
     * @param vc the port-local VC index
     * @param reason the reason of the PDU's first dropped cell
     */
    typedef void (*FrameDropTracedCallback)(uint32_t vc, const char* reason);

    /**
     * @brief Add a VC. The first call fixes the configuration (BufferCells, QueueMode and the
     * plug-ins; defaults are created if none was set) and allocates the slab.
     * @param category the VC's service category
     * @return the dense port-local VC index (0, 1, 2, ...)
     */
    uint32_t AddVc(AtmServiceCategory category);

    /**
     * @brief Add a VC with its traffic contract: as AddVc(AtmServiceCategory) with the
     *        contract's category, and the contract kept in the port state, where buffer policies
     *        and schedulers read the VC's MCR, MBS, MFS and conformance definition
     *        (AtmPortState::GetVcContract()). AtmSwitch adds every cross-connected VC this way.
     * @param contract the VC's traffic contract
     * @return the dense port-local VC index (0, 1, 2, ...)
     */
    uint32_t AddVc(const AtmTrafficContract& contract);

    /**
     * @brief A cell arrives: run the frame state machine (class description).
     * @param cell the cell; its vc field is overwritten with @p vc
     * @param vc the port-local VC index (from AddVc())
     * @param at its arrival instant (AtmPortState::GetNow() for the buffer policy); the port
     *        handles arrivals in order but possibly later (AtmCellTransmitter drains lazily)
     */
    void Receive(AtmCell cell, uint32_t vc, Time at);

    /**
     * @brief An RM cell generated at this port goes to the head of its VC's queue (a virtual
     *        source's forward RM cell, which must leave at the VC's next opportunity, before
     *        the data cells that wait: AtmAbrVsVd). Like an arriving RM cell it bypasses the
     *        buffer policy and is stored iff the VC's buffer has room (else dropped with reason
     *        RM_CELL_NO_ROOM); it counts as an arrival of the port and of the VC. Needs
     *        QueueMode PER_VC (aborts otherwise): in a shared FIFO the head belongs to all VCs.
     * @param cell an RM cell (PTI 110); its vc field is overwritten with @p vc
     * @param vc the port-local VC index
     * @param at the instant (AtmPortState::GetNow() for the port's ABR behaviour)
     * @return true if stored
     */
    bool InsertRmAtHead(AtmCell cell, uint32_t vc, Time at);

    /**
     * @brief A cell arrives now: Receive(cell, vc, Simulator::Now()).
     * @param cell the cell; its vc field is overwritten with @p vc
     * @param vc the port-local VC index (from AddVc())
     */
    void Receive(AtmCell cell, uint32_t vc);

    /**
     * @brief Tell the port the cell rate of its line (AtmCellTransmitter::Setup() does), which
     *        its plug-ins read as AtmPortState::GetLinkRate().
     * @param rate the line's cell rate
     */
    void SetLinkRate(AtmCellRate rate);

    /**
     * @brief Remove the head cell of the queue the scheduler selects.
     * @param now the slot's start time (passed to the scheduler)
     * @return the cell, or nothing if the buffer is empty or no queue is eligible
     */
    std::optional<AtmCell> Dequeue(Time now);

    /// Drop reason: an RM cell (PTI 110) found its VC's buffer full (class description).
    static constexpr char RM_CELL_NO_ROOM[] = "RM cell: buffer full";

    /// The holder bit of scripts and tests that hold queues directly (SetQueueHeld's default).
    static constexpr uint32_t USER_HOLDER = 1;

    /**
     * @brief A new holder bit for SetQueueHeld(): each gate of the port (AtmPortGate: credits,
     *        shaping, ...) gets its own when the transmitter adds it, so gates hold and release
     *        independently of each other.
     * @return the bit (2, 4, 8, ...; USER_HOLDER is taken); aborts after 31 holders
     */
    uint32_t AddHolder();

    /**
     * @brief Give a service category its own buffer partition (class description): the VCs of
     * @p category then use a buffer of @p bufferCells cells guarded by @p policy, never the shared
     * buffer, and the other categories never use it. Call it before the first AddVc() (aborts
     * afterwards); calling it again for the same category replaces its partition. Needs QueueMode
     * PER_CLASS or PER_VC: the first AddVc() (or Initialize()) aborts in SHARED mode, where one
     * FIFO would mix the classes' cells. Each buffer needs its own policy object.
     * @param category the service category
     * @param bufferCells K of the partition, at least 1 cell
     * @param policy its buffer policy (null: a TailDropBufferPolicy)
     */
    void SetClassBuffer(AtmServiceCategory category,
                        uint32_t bufferCells,
                        Ptr<AtmBufferPolicy> policy);

    /**
     * @brief Hold back a queue (credits, shaping) or release it; a held queue is not eligible
     * even when it holds cells. Each holder holds and releases independently: a queue is
     * released when no holder holds it. Queues start released.
     * @param queue the queue id (AtmPortState::GetVcQueue() gives a VC's queue)
     * @param held true to hold the queue back
     * @param holder who holds it: a bit from AddHolder(), or USER_HOLDER
     */
    void SetQueueHeld(uint32_t queue, bool held, uint32_t holder = USER_HOLDER);
    /**
     * @param queue a queue id
     * @return the holder bits holding it (0: eligible as far as holders go)
     */
    uint32_t GetQueueHolders(uint32_t queue) const;

    /// @return K, the size in cells of the shared buffer ("BufferCells"; without class
    ///         partitions the whole buffer, see GetTotalBufferCells())
    uint32_t GetBufferCells() const;
    /// @return the cells the port can hold: BufferCells plus every class partition's size
    uint32_t GetTotalBufferCells() const;
    /// @return X, the cells in the buffer (all partitions)
    uint32_t GetCellsInQueue() const;
    /**
     * @param category a service category
     * @return true if SetClassBuffer() gave it its own partition
     */
    bool HasClassBuffer(AtmServiceCategory category) const;
    /**
     * @param category a service category
     * @return K of the buffer its VCs use: its partition's size, else BufferCells
     */
    uint32_t GetClassBufferCells(AtmServiceCategory category) const;
    /**
     * @param category a service category
     * @return X of the buffer its VCs use (for the shared buffer: the cells of every category
     *         without a partition)
     */
    uint32_t GetPartitionCellsInQueue(AtmServiceCategory category) const;
    /**
     * @param category a service category
     * @return the state the policy of the category's buffer sees (GetState() when the port has
     *         no partition; sized once the configuration is fixed by the first AddVc())
     */
    const AtmPortState& GetPartitionState(AtmServiceCategory category) const;
    /**
     * @param category a service category
     * @return the policy of the category's buffer (null until the first AddVc() or Initialize()
     *         if none was set)
     */
    Ptr<AtmBufferPolicy> GetPartitionBufferPolicy(AtmServiceCategory category) const;
    /**
     * @param vc the port-wide VC index
     * @return its index in its buffer's state (the cell.vc its policy sees; @p vc itself when the
     *         port has no partition)
     */
    uint32_t GetVcLocalIndex(uint32_t vc) const;
    /**
     * @param vc the VC index
     * @return the VC's cells in the buffer
     */
    uint32_t GetVcCellsInQueue(uint32_t vc) const;
    /// @return the number of VCs
    uint32_t GetNVcs() const;
    /// @return the state the scheduler sees (all queues; its K is GetTotalBufferCells()), which
    ///         is also the state of the buffer policy when the port has no class partition
    const AtmPortState& GetState() const;
    /**
     * @param vc the VC index
     * @return the VC's counters
     */
    const AtmPortVcStats& GetVcStats(uint32_t vc) const;
    /// @return the port's counters (sums over the VCs)
    const AtmPortVcStats& GetStats() const;
    /**
     * @return the cell slots allocated so far: the largest number of cells the buffer has held
     *         at once (rounded up by the slab's growth), at most the configured buffer
     */
    uint32_t GetAllocatedCells() const;
    /**
     * @return true if a sink is connected to any of the port's trace sources (its transmitter
     *         then runs each slot at its start: AtmCellTransmitter::SetDeferral)
     */
    bool IsTraced() const;
    /**
     * @param reason a drop reason (compared by pointer)
     * @return cells of the port dropped with this reason
     */
    uint64_t GetDropCount(const char* reason) const;
    /**
     * @param vc the VC index
     * @param reason a drop reason (compared by pointer)
     * @return cells of the VC dropped with this reason
     */
    uint64_t GetVcDropCount(uint32_t vc, const char* reason) const;
    /// @return the queue mode
    QueueMode GetQueueMode() const;
    /// @return the buffer policy (null until the first AddVc() or Initialize() if none was set)
    Ptr<AtmBufferPolicy> GetBufferPolicy() const;
    /// @return the cell scheduler (null until the first AddVc() or Initialize() if none was set)
    Ptr<AtmCellScheduler> GetCellScheduler() const;
    /**
     * @brief Give the port an ABR behaviour (attribute `AbrBehaviour`): it sees every arriving
     *        cell at its arrival instant, before the buffer policy (e.g. AtmEfciMarker).
     * @param behaviour the behaviour (null: none)
     */
    void SetAbrBehaviour(Ptr<AtmAbrSwitchBehaviour> behaviour);
    /// @return the ABR behaviour, or null
    Ptr<AtmAbrSwitchBehaviour> GetAbrBehaviour() const;
    /**
     * @brief Pair a VC with the other direction of its bidirectional connection (the switch
     *        does it): the backward RM cells arriving here on @p vc are shown to the ABR
     *        behaviour of @p port for its VC @p forwardVc before they are stored.
     * @param vc a VC of this port
     * @param port the port the other direction leaves through (of the same switch)
     * @param forwardVc the other direction's VC index at @p port
     */
    void SetVcForward(uint32_t vc, Ptr<AtmOutputPort> port, uint32_t forwardVc);

    /**
     * @brief Fix the random streams of the port's buffer policies (the shared one, then each
     *        class buffer's), for policies that draw random numbers (AtmBufferPolicy::
     *        AssignStreams()). Call it after the port's VCs are added (policies are created
     *        then); a policy not created yet is skipped.
     * @param stream the first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// Drop counts by reason: a few entries, scanned linearly by pointer identity (cheaper per
    /// drop than a string map; under EPD every cell of a refused PDU is a drop).
    typedef std::vector<std::pair<const char*, uint64_t>> DropTable;

    static constexpr uint32_t NONE = UINT32_MAX; //!< null slot index

    /// One slab slot.
    struct Slot
    {
        AtmCell cell;           //!< the cell
        uint32_t next{NONE};    //!< next slot in the queue (or in the free list)
        uint32_t prev{NONE};    //!< previous slot in the queue
        uint32_t vcPrev{NONE};  //!< previous (older) cell of the same VC
        uint32_t vcNext{NONE};  //!< next (newer) cell of the same VC
        uint32_t pduNext{NONE}; //!< first cell of a whole non-eligible PDU: that of the VC's
                                //!< next such PDU
    };

    /// Per-queue list ends.
    struct Queue
    {
        uint32_t head{NONE}; //!< oldest cell
        uint32_t tail{NONE}; //!< newest cell
    };

    /// A buffer with its own policy and the state that policy sees (class description).
    struct Partition
    {
        AtmServiceCategory category{AtmServiceCategory::UBR}; //!< its class (not for index 0)
        uint32_t bufferCells{0};                              //!< its K
        Ptr<AtmBufferPolicy> policy;                          //!< its policy
        AtmPortState state;                                   //!< what its policy sees
    };

    /// Per-VC port record.
    struct Vc
    {
        AtmPortState* state{nullptr};        //!< its buffer's state (&m_state without partitions)
        AtmBufferPolicy* policy{nullptr};    //!< its buffer's policy (owned by the port)
        uint32_t local{0};                   //!< its VC index in *state
        uint32_t tail{NONE};                 //!< newest cell of the VC in the buffer
        uint32_t pduFirst{NONE};             //!< stored first cell of the PDU being received
        uint32_t purgeHead{NONE};            //!< first cell of the oldest whole non-eligible PDU
        uint32_t purgeTail{NONE};            //!< first cell of the newest whole non-eligible PDU
        uint32_t frameQueued{0};             //!< queued cells of the PDU being received
        uint32_t rmQueued{0};                //!< queued RM cells of the VC (never of a PDU)
        AtmOutputPort* forwardPort{nullptr}; //!< port of the VC's other direction, or null
        uint32_t forwardVc{0};               //!< the other direction's VC index there
        bool headSent{false};                //!< a cell of that PDU has already departed
        bool frameDamaged{false};            //!< a cell of that PDU has been dropped
        const char* discardReason{nullptr};  //!< reason of the decision that started the discard
        AtmPortVcStats stats;                //!< counters
        DropTable drops;                     //!< drops by reason
    };

    /**
     * @brief Fix the configuration: create default plug-ins, size the state and the slab.
     */
    void Configure();
    /// Abort if the configuration is frozen (VCs exist). @param what the attribute being set
    void CheckNotFrozen(const char* what) const;
    /**
     * @brief Fix the partitions (sizes, default and distinct policies); part of Configure().
     * @return the slab size: BufferCells plus the partition sizes
     */
    uint32_t ConfigurePartitions();
    /**
     * @param category a service category
     * @return the index in m_partitions of the buffer it uses (0: the shared buffer)
     */
    uint32_t PartitionOf(AtmServiceCategory category) const;
    /**
     * @brief Describe a VC's buffer for abort messages.
     * @param vc the VC
     * @return "the shared buffer" or "the <category> class buffer"
     */
    std::string BufferName(uint32_t vc) const;
    /// @param cells K
    void SetBufferCells(uint32_t cells);
    /// @param mode the queue mode
    void SetQueueMode(QueueMode mode);
    /// @param policy the buffer policy
    void SetBufferPolicy(Ptr<AtmBufferPolicy> policy);
    /// @param scheduler the cell scheduler
    void SetCellScheduler(Ptr<AtmCellScheduler> scheduler);
    /**
     * @brief Add a queue to the state and tell the scheduler.
     * @param category its service category
     * @return its id
     */
    uint32_t NewQueue(AtmServiceCategory category);
    /**
     * @brief The body of both AddVc() forms.
     * @param category the VC's service category
     * @param contract the VC's contract, or null for a VC added by category alone
     * @return the dense port-local VC index
     */
    uint32_t DoAddVc(AtmServiceCategory category, const AtmTrafficContract* contract);
    /**
     * @brief Store a cell at the tail of its VC's queue (X < K checked by the caller); a cell of
     *        a PDU counts in the VC's frameQueued, an RM cell in its rmQueued.
     * @param cell the cell
     * @return its slot
     */
    uint32_t Store(const AtmCell& cell);
    /**
     * @brief Store an RM cell at the head of its VC's queue (QueueMode PER_VC; X < K checked by
     *        the caller).
     * @param cell the cell
     */
    void StoreAtHead(const AtmCell& cell);
    /**
     * @brief Take a free slot of the slab, growing it (never beyond the buffer) if none is free.
     * @return the slot
     */
    uint32_t TakeFreeSlot();
    /**
     * @brief Count a cell just linked into its queues: rmQueued or frameQueued, the accepted
     *        counters, the buffer states, the scheduler, the CellEnqueue trace.
     * @param slot its slot
     */
    void NotifyStored(uint32_t slot);
    /**
     * @brief Store an RM cell iff its buffer has room, else drop it (RM_CELL_NO_ROOM); check the
     *        ledgers.
     * @param cell the cell (its vc set)
     * @param room its buffer has room
     * @param atHead at the head of its VC's queue (InsertRmAtHead) instead of the tail
     */
    void StoreRm(const AtmCell& cell, bool room, bool atHead);
    /**
     * @brief Count and trace a dropped cell of the VC's current PDU (also a purged one); the
     *        PDU's first drop also counts and traces the damaged frame.
     * @param cell the cell
     * @param reason the reason
     */
    void CountDrop(const AtmCell& cell, const char* reason);
    /**
     * @brief Count and trace a dropped cell: the counters, the drop tables and CellDrop.
     * @param cell the cell
     * @param reason the reason
     */
    void CountCellDrop(const AtmCell& cell, const char* reason);
    /**
     * @brief Count and trace a damaged PDU: framesDropped and FrameDrop.
     * @param vc the VC
     * @param reason the reason of its first dropped cell
     */
    void CountFrameDrop(uint32_t vc, const char* reason);
    /**
     * @brief Remove the VC's queued cells of its current PDU (DROP_AND_PURGE_TAIL): its
     *        frameQueued newest non-RM cells; the RM cells among them stay.
     * @param vc the VC
     * @param reason the reason
     */
    void PurgeTail(uint32_t vc, const char* reason);
    /**
     * @brief Remove the VC's oldest whole non-eligible PDU, if it has one
     *        (ACCEPT_AND_PURGE_FRONT); the RM cells queued among its cells stay.
     * @param vc the VC
     * @param reason the reason
     */
    void PurgeFront(uint32_t vc, const char* reason);
    /**
     * @brief The PDU being received has its EOM stored: list it as a whole non-eligible PDU if
     *        it is one (every cell stored, first cell not eligible and not sent).
     * @param vc the VC
     */
    void ListIfPurgeable(uint32_t vc);
    /**
     * @brief Drop the oldest entry of the VC's list of whole non-eligible PDUs (its first cell
     *        is leaving), in the port's state and the VC's buffer's.
     * @param vc the VC
     */
    void UnlistOldestPurgeable(uint32_t vc);
    /**
     * @brief Unlink a slot from its queue and its VC's list, update the state, tell the
     * scheduler if the queue emptied, and return the slot to the free list (its cell is left in
     * place).
     * @param slot the slot
     * @param vc the cell's VC
     * @param served true for a departure (NotifyServed before NotifyEmptied), false for a purge
     *        (NotifyPurged before NotifyEmptied)
     */
    void Unlink(uint32_t slot, uint32_t vc, bool served);
    /**
     * @brief Add one to a reason's count.
     * @param table the table
     * @param reason the reason
     */
    static void CountReason(DropTable& table, const char* reason);
    /**
     * @param table the table
     * @param reason the reason
     * @return its count
     */
    static uint64_t FindReason(const DropTable& table, const char* reason);
    /**
     * @param s counters
     * @param queued cells in the buffer
     * @return true if the identities of AtmPortVcStats hold
     */
    static bool LedgerHolds(const AtmPortVcStats& s, uint32_t queued);

    uint32_t m_bufferCells{256};             //!< "BufferCells"
    QueueMode m_queueMode{SHARED};           //!< "QueueMode"
    Ptr<AtmBufferPolicy> m_policy;           //!< "BufferPolicy"
    Ptr<AtmCellScheduler> m_scheduler;       //!< "CellScheduler"
    Ptr<AtmAbrSwitchBehaviour> m_abr;        //!< "AbrBehaviour", or null
    AtmPortState m_state;                    //!< what the plug-ins see
    std::vector<Slot> m_slab;                //!< up to m_slabCells slots, grown on demand
    uint32_t m_slabCells{0};                 //!< K: the slab's configured size
    uint32_t m_free{NONE};                   //!< head of the free list
    std::vector<Queue> m_queues;             //!< list ends, by queue id
    std::vector<uint32_t> m_holders;         //!< per queue: holder bits holding it
    uint32_t m_nextHolder{USER_HOLDER << 1}; //!< the bit AddHolder() hands out next
    std::vector<Vc> m_vcs;                   //!< per-VC records
    std::vector<uint32_t> m_classQueue;      //!< PER_CLASS: queue of each category or NONE
    std::vector<Partition> m_partitions;     //!< [0] shared buffer, then classes; empty: none
    std::vector<uint32_t> m_classPartition;  //!< per category: index in m_partitions (0: shared)
    std::vector<uint32_t> m_queuePartition;  //!< per queue: index in m_partitions (partitions only)
    std::vector<uint32_t> m_queueLocal;      //!< per queue: its id in its partition's state
    AtmPortVcStats m_stats;                  //!< port counters
    DropTable m_drops;                       //!< port drops by reason
    AtmTracedValue<uint32_t> m_cellsInQueue; //!< "CellsInQueue"
    TracedCallback<const AtmCell&> m_enqueueTrace;           //!< "CellEnqueue"
    TracedCallback<const AtmCell&> m_dequeueTrace;           //!< "CellDequeue"
    TracedCallback<const AtmCell&, const char*> m_dropTrace; //!< "CellDrop"
    TracedCallback<uint32_t, const char*> m_frameDropTrace;  //!< "FrameDrop"
};

} // namespace ns3

#endif // ATM_OUTPUT_PORT_H
