/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_UTILS_H
#define ATM_TEST_UTILS_H

#include "ns3/aal5-frame.h"
#include "ns3/aal5-reassembler.h"
#include "ns3/atm-abr-switch-behaviour.h"
#include "ns3/atm-buffer-policy.h"
#include "ns3/atm-cell-scheduler.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-device.h"
#include "ns3/atm-erica.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

/**
 * @defgroup atm-tests ATM module tests
 * @ingroup atm
 */

namespace ns3
{
namespace atmtest
{

/**
 * @ingroup atm-tests
 * @brief A time of @p ns raw time steps, i.e. nanoseconds at ns-3's default resolution, which
 *        the suites of exact slot and conformance arithmetic assume (cell clock, GCRA, dual
 *        GCRA, F-GCRA); their oracles are evaluated in AtmInt128 (ns3/atm-int128.h).
 * @param ns the number of time steps
 * @return the time
 */
inline Time
Ns(int64_t ns)
{
    return Time(ns);
}

/**
 * @ingroup atm-tests
 * @brief Reference CRC-32/BZIP2 as a bit-serial shift register (one bit per step, no table).
 *
 * An oracle independent of Aal5::Crc32: generator 0x04C11DB7, preset all ones, MSB first,
 * result complemented.
 *
 * @param data the bytes
 * @param length number of bytes
 * @return the CRC
 */
uint32_t RefCrc32Bitwise(const uint8_t* data, uint32_t length);

/**
 * @ingroup atm-tests
 * @brief Reference CRC-8/I-432-1 (the ATM HEC) as a bit-serial shift register.
 *
 * Generator x^8 + x^2 + x + 1, preset 0, MSB first, result XORed with 0x55.
 *
 * @param data the bytes
 * @param length number of bytes
 * @return the CRC
 */
uint8_t RefCrc8Bitwise(const uint8_t* data, uint32_t length);

/**
 * @ingroup atm-tests
 * @brief Deterministic pseudo-random bytes (a 32-bit xorshift generator).
 * @param length number of bytes
 * @param seed the seed; distinct seeds give distinct sequences
 * @return the bytes
 */
std::vector<uint8_t> PseudoRandomBytes(uint32_t length, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief A packet of deterministic pseudo-random bytes.
 * @param length number of bytes
 * @param seed the seed
 * @return the packet
 */
Ptr<Packet> MakePacket(uint32_t length, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief An AAL5 frame whose CPCS-SDU is MakePacket(sduBytes, seed).
 * @param sduBytes SDU length in bytes
 * @param seed the seed
 * @return the frame
 */
Ptr<Aal5Frame> MakeFrame(uint32_t sduBytes, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief The cells of MakeFrame(sduBytes, seed) on VPI/VCI 0/32.
 * @param sduBytes SDU length in bytes
 * @param seed the seed
 * @return the cells in order
 */
std::vector<AtmCell> MakeCells(uint32_t sduBytes, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief The bytes of a packet.
 * @param p the packet
 * @return its bytes
 */
std::vector<uint8_t> PacketBytes(Ptr<const Packet> p);

/**
 * @ingroup atm-tests
 * @brief Feed cells to one VC of a reassembler, skipping some of them (lost cells).
 * @param r the reassembler
 * @param vc the VC index
 * @param cells the cells in order
 * @param skip indices (into @p cells) of the cells that are lost
 */
void Feed(Ptr<Aal5Reassembler> r,
          uint32_t vc,
          const std::vector<AtmCell>& cells,
          const std::vector<uint32_t>& skip = {});

/**
 * @ingroup atm-tests
 * @brief Check the reassembly ledger of one VC.
 * @param r the reassembler
 * @param vc the VC index
 * @return true if cellsReceived == cellsDelivered + cellsDiscarded + GetPartialCells(vc)
 */
bool LedgerHolds(Ptr<Aal5Reassembler> r, uint32_t vc);

/**
 * @ingroup atm-tests
 * @brief Compare two sets of reassembly counters.
 * @param a counters
 * @param b counters
 * @return true if every counter is equal
 */
bool SameStats(const Aal5ReassemblyStats& a, const Aal5ReassemblyStats& b);

/**
 * @ingroup atm-tests
 * @brief Records what an Aal5Reassembler reports through its callback and both trace sources.
 *
 * Every event (delivery or drop) is appended to one ordered log, so two reassemblers fed the
 * same cells can be compared event by event.
 */
class ReassemblyRecorder
{
  public:
    /// One reported event.
    struct Event
    {
        bool delivered;     //!< true = SDU delivered, false = unit discarded
        uint32_t vc;        //!< VC index
        uint32_t cells;     //!< cells discarded (drops only)
        const char* reason; //!< drop reason (drops only, nullptr otherwise)
        uint64_t frameId;   //!< id of the delivered frame (deliveries only, 0 otherwise)
        uint32_t bytes;     //!< size of the delivered SDU (deliveries only)

        /**
         * @param other another event
         * @return true if both events are identical
         */
        bool operator==(const Event& other) const;
    };

    /**
     * @brief Connect to the reassembler's RxCallback, FrameRx and ReassemblyDrop.
     * @param reassembler the reassembler (this recorder must outlive its use)
     */
    void Attach(Ptr<Aal5Reassembler> reassembler);

    /**
     * @param reason a drop reason
     * @return the number of drop events with this reason (pointer identity)
     */
    uint32_t CountDrops(const char* reason) const;
    /**
     * @return the number of deliveries seen by the callback
     */
    uint32_t CountDelivered() const;

    std::vector<Event> events;                  //!< all events in order
    std::vector<std::vector<uint8_t>> sduBytes; //!< bytes of each delivered SDU (callback copy)
    uint32_t frameRxTraces{0};                  //!< FrameRx trace calls

  private:
    /**
     * @brief RxCallback sink.
     * @param vc the VC
     * @param sdu the SDU copy
     * @param frame the frame
     */
    void Rx(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame);
    /**
     * @brief FrameRx trace sink.
     * @param vc the VC
     * @param sdu the SDU
     */
    void FrameRx(uint32_t vc, Ptr<const Packet> sdu);
    /**
     * @brief ReassemblyDrop trace sink.
     * @param vc the VC
     * @param cells cells discarded
     * @param reason the reason
     */
    void Drop(uint32_t vc, uint32_t cells, const char* reason);
};

/**
 * @ingroup atm-tests
 * @brief A cell of a PDU for plug-in tests: VC @p vc, cell @p index of @p count (the last one
 * is the end-of-PDU cell), no frame.
 * @param vc the per-hop VC index
 * @param index the cell's index in its PDU
 * @param count the PDU's cell count
 * @param clp the CLP bit
 * @return the cell
 */
AtmCell MakePduCell(uint32_t vc, uint16_t index, uint16_t count, bool clp = false);

/**
 * @ingroup atm-tests
 * @brief A port state with @p nVcs UBR VCs, each in its own queue, and buffer size @p bufferCells.
 * @param bufferCells K
 * @param nVcs number of VCs (and queues)
 * @return the state
 */
AtmPortState MakePerVcState(uint32_t bufferCells, uint32_t nVcs);

/**
 * @param bufferCells K
 * @param cellsPerVc X_v of each VC v (one VC per queue, as MakePerVcState); every VC is IDLE
 * @return the state
 */
AtmPortState MakeOccupiedState(uint32_t bufferCells, const std::vector<uint32_t>& cellsPerVc);

/**
 * @ingroup atm-tests
 * @brief Every registered TypeId that is a strict subclass of @p base and has a constructor,
 * for contract suites.
 * @param base the base class TypeId
 * @return the TypeIds, in registration order
 */
std::vector<TypeId> ConstructibleSubclasses(TypeId base);

/**
 * @ingroup atm-tests
 * @brief Drives a buffer policy as the output port will (the policy decides, the port executes): it
 * runs the port's per-VC frame state machine on an AtmPortState, consults the policy in IDLE and
 * ACCEPT, and executes each AtmAdmitDecision as documented there. No cells are stored: per VC it
 * keeps, oldest first, the eligibility and PDU of each queued cell, so that DROP_AND_PURGE_TAIL
 * removes the queued cells of the PDU being received and ACCEPT_AND_PURGE_FRONT the VC's oldest
 * whole non-eligible PDU, and it keeps the state's non-eligible counts and whole non-eligible
 * PDUs (AtmPortState::GetVcPurgeablePdus()) as the port does.
 */
class PolicyDriver
{
  public:
    /// What happened to one offered cell.
    struct Outcome
    {
        bool consulted{false};     //!< the policy was asked
        AtmAdmitDecision decision; //!< its decision (when consulted)
        bool accepted{false};      //!< the cell entered the buffer
        uint32_t purged{0};        //!< queued cells removed by a purge (tail or front)
    };

    /**
     * @brief Attach to a policy and a state; tells the policy about every VC of the state.
     * @param policy the policy
     * @param state the port state (must outlive the driver; its cells, if any, count as
     *        eligible cells of PDUs already complete)
     */
    PolicyDriver(Ptr<AtmBufferPolicy> policy, AtmPortState& state);

    /**
     * @brief Offer an arriving cell.
     * @param cell the cell; cell.vc, its VC's index at this (modelled) port, selects the VC and
     *        is the index the policy is given
     * @return the outcome
     */
    Outcome Offer(const AtmCell& cell);

    /**
     * @brief Transmit the oldest cell of a VC (which must hold one) and notify the policy with a
     *        cell of that VC that is eligible iff the departed cell was (CLP = 1 if not).
     * @param vc the VC
     */
    void Depart(uint32_t vc);

  private:
    /// A queued cell, as far as the port's purges need it.
    struct Queued
    {
        uint64_t pdu{0};     //!< the PDU it belongs to (per-VC sequence number, from 1)
        bool eligible{true}; //!< AtmCell::IsEligible() as stored
    };

    /// Per-VC record.
    struct Vc
    {
        std::deque<Queued> cells;   //!< queued cells, oldest first
        std::deque<uint64_t> whole; //!< whole non-eligible PDUs queued, oldest first
        uint64_t pdu{1};            //!< sequence number of the PDU being received
        bool firstStored{false};    //!< its first cell was stored
        bool firstEligible{true};   //!< that cell's eligibility
        bool damaged{false};        //!< a cell of it was dropped
        bool headSent{false};       //!< a cell of it has departed
    };

    Ptr<AtmBufferPolicy> m_policy; //!< the policy
    AtmPortState& m_state;         //!< the state
    std::vector<Vc> m_vcs;         //!< per-VC records
};

/**
 * @ingroup atm-tests
 * @brief Every short name of a plug-in factory (AtmBufferPolicyFactory, AtmCellSchedulerFactory)
 *        names a registered, constructible subclass of the family's base: the short name and the
 *        TypeId name both create an object of exactly that TypeId, and ConstructibleSubclasses
 *        lists it once for the family's contract checks.
 * @tparam Factory the factory (GetShortNames(), Resolve(), Create())
 * @tparam Base the family's base class
 */
template <typename Factory, typename Base>
class ShortNamesTestCase : public TestCase
{
  public:
    /// @param name the test case's name
    explicit ShortNamesTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  private:
    /// Runs the checks of the test case.
    void DoRun() override
    {
        const std::vector<TypeId> listed = ConstructibleSubclasses(Base::GetTypeId());
        const auto& names = Factory::GetShortNames();
        NS_TEST_ASSERT_MSG_EQ(names.empty(), false, "the factory has short names");
        std::set<std::string> shortNames;
        for (const auto& [shortName, typeName] : names)
        {
            NS_TEST_ASSERT_MSG_EQ(shortNames.insert(shortName).second,
                                  true,
                                  "short name " << shortName << " is listed once");
            TypeId expected;
            NS_TEST_ASSERT_MSG_EQ(TypeId::LookupByNameFailSafe(typeName, &expected),
                                  true,
                                  shortName << ": " << typeName << " is a registered TypeId");
            NS_TEST_ASSERT_MSG_EQ(Factory::Resolve(shortName),
                                  expected,
                                  shortName << " resolves to " << typeName);
            for (const std::string& name : {shortName, typeName})
            {
                Ptr<Base> p = Factory::Create(name);
                NS_TEST_ASSERT_MSG_EQ((p != nullptr), true, "Create(\"" << name << "\")");
                NS_TEST_ASSERT_MSG_EQ(p->GetInstanceTypeId(),
                                      expected,
                                      "Create(\"" << name << "\") gives a " << typeName);
            }
            NS_TEST_ASSERT_MSG_EQ(std::count(listed.begin(), listed.end(), expected),
                                  1,
                                  typeName << " is enumerated once for the contract checks");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A port model for scheduler tests: a state plus a scheduler notified as the port will
 * (AtmCellScheduler class description). No cells are stored, only counters and, per queue, the
 * VCs of its cells in FIFO order (so that the head cell leaves first, as at the port).
 */
class SchedulerDriver
{
  public:
    /**
     * @brief Attach to a scheduler and a state; notifies every queue, then every VC, of the state
     * (which must be empty).
     * @param scheduler the scheduler
     * @param state the port state (must outlive the driver)
     */
    SchedulerDriver(Ptr<AtmCellScheduler> scheduler, AtmPortState& state);

    /**
     * @brief Add @p n cells of a VC (the caller keeps X + n <= K): OnEnqueue, NotifyBacklogged if
     * the queue was empty, NotifyEnqueued; the arrival instant is the state's GetNow().
     * @param vc the VC
     * @param n the number of cells
     */
    void Enqueue(uint32_t vc, uint32_t n = 1);

    /**
     * @brief Remove the newest queued cell of a VC without sending it (a purge): OnDequeue,
     * NotifyPurged, NotifyEmptied if its queue emptied. The VC must hold a cell.
     * @param vc the VC
     */
    void Purge(uint32_t vc);

    /**
     * @brief Run one cell slot: select, then dequeue the head (oldest) cell of the selected queue,
     * NotifyServed, and NotifyEmptied if the queue emptied.
     * @param now the slot's start (also set as the state's GetNow())
     * @return the selected queue, or nothing
     */
    std::optional<uint32_t> Slot(Time now = Seconds(0));

    /**
     * @brief Run slots until no queue is selected or @p maxSlots ran (all at the state's
     * current GetNow()).
     * @param maxSlots the limit
     * @return the queues served, in order
     */
    std::vector<uint32_t> Drain(uint32_t maxSlots);

    /**
     * @param queue a queue
     * @return the VC of its head cell (the queue must hold a cell)
     */
    uint32_t HeadVc(uint32_t queue) const;

    /**
     * @param queue a queue
     * @return the VCs of its cells, oldest first, as "0 1 0 ..."
     */
    std::string Contents(uint32_t queue) const;

  private:
    Ptr<AtmCellScheduler> m_scheduler;         //!< the scheduler
    AtmPortState& m_state;                     //!< the state
    std::vector<std::vector<uint32_t>> m_fifo; //!< per queue: VCs of its cells, oldest first
    std::vector<size_t> m_head;                //!< per queue: index of the head in m_fifo
};

/**
 * @ingroup atm-tests
 * @brief Counts what an AtmOutputPort reports through its traces, per VC and in total, for
 * ledger tests (trace counts must equal the port's counters).
 */
class PortTraceCounter
{
  public:
    /**
     * @brief Connect to every trace of a port.
     * @param port the port (this counter must outlive its use)
     */
    void Attach(Ptr<AtmOutputPort> port);

    /// Per-VC trace counts.
    struct Counts
    {
        uint64_t enqueued{0};      //!< CellEnqueue
        uint64_t dequeued{0};      //!< CellDequeue
        uint64_t dropped{0};       //!< CellDrop
        uint64_t framesDropped{0}; //!< FrameDrop
    };

    /**
     * @param vc a VC
     * @return its counts (zero if never seen)
     */
    Counts Get(uint32_t vc) const;

    std::vector<Counts> perVc;                                //!< counts by VC
    Counts total;                                             //!< counts for the port
    std::vector<std::pair<uint32_t, uint16_t>> enqueues;      //!< (vc, index) of stored cells
    std::vector<std::pair<uint32_t, uint16_t>> dequeues;      //!< (vc, index) of departed cells
    std::vector<const char*> dropReasons;                     //!< reason of each CellDrop
    std::vector<std::pair<uint32_t, const char*>> frameDrops; //!< FrameDrop events
    std::vector<bool> enqueuedClp;                            //!< CLP of each stored cell

  private:
    /**
     * @param vc a VC
     * @return its counts, created on demand
     */
    Counts& At(uint32_t vc);
    /// @param cell the stored cell
    void Enqueue(const AtmCell& cell);
    /// @param cell the departed cell
    void Dequeue(const AtmCell& cell);
    /**
     * @param cell the dropped cell
     * @param reason the reason
     */
    void Drop(const AtmCell& cell, const char* reason);
    /**
     * @param vc the VC
     * @param reason the reason
     */
    void FrameDrop(uint32_t vc, const char* reason);
};

/**
 * @param ids queue or VC indices
 * @return the indices separated by single spaces ("0 1 2"), for exact order assertions
 */
std::string JoinIds(const std::vector<uint32_t>& ids);

/**
 * @brief Dequeue a port until it is empty.
 * @param port the port
 * @param vc the VC whose cells are listed (cells of other VCs leave too, unlisted)
 * @return the indices of the VC's cells in departure order, "i i i ..."
 */
std::string DrainIndices(Ptr<AtmOutputPort> port, uint32_t vc = 0);

/**
 * @brief A stand-alone output port.
 * @param bufferCells BufferCells (the shared buffer)
 * @param mode the queue mode
 * @param policy the buffer policy (null: the port's default)
 * @param scheduler the cell scheduler (null: the port's default)
 * @return the port, no VC yet
 */
Ptr<AtmOutputPort> MakeOutputPort(uint32_t bufferCells,
                                  AtmOutputPort::QueueMode mode,
                                  Ptr<AtmBufferPolicy> policy = nullptr,
                                  Ptr<AtmCellScheduler> scheduler = nullptr);

/**
 * @ingroup atm-tests
 * @brief A bare link end for cell-level tests: records every cell it receives with its arrival
 *        time, and sends cells injected into its output port (one VC per AddVc()).
 *
 * With SetRefill(true) every cell that leaves is followed at once by a copy of itself, so the
 * link stays saturated (a greedy cell source).
 */
class CellProbeDevice : public AtmDevice
{
  public:
    /// One received cell.
    struct Rx
    {
        AtmCell cell; //!< the cell
        Time arrival; //!< its arrival instant
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Add a VC to the output port.
     * @param category its service category
     * @return its VC index at the port
     */
    uint32_t AddVc(AtmServiceCategory category = AtmServiceCategory::UBR);

    /**
     * @brief Offer a cell to the output port at @p at (not before now).
     * @param cell the cell
     * @param vc its VC at the port
     * @param at its arrival instant
     */
    void Inject(const AtmCell& cell, uint32_t vc, Time at);

    /// @param refill true: re-inject every departing cell at once (saturating source)
    void SetRefill(bool refill);

    /**
     * @brief Return a credit for received cells on arrival, as an end system does.
     * @param on true to return credits
     * @param onlyVci return them only for cells of this VCI (-1: every cell)
     */
    void SetReturnCredits(bool on, int32_t onlyVci = -1);

    /// @return the cells received so far
    const std::vector<Rx>& GetReceived() const;

    void ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival) override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;

  protected:
    void NotifyCellSent(const AtmCell& cell, Time start) override;

  private:
    std::vector<Rx> m_rx;        //!< received cells
    int64_t m_input{-1};         //!< transmitter input for injected cells
    bool m_refill{false};        //!< saturating source
    bool m_returnCredits{false}; //!< return credits on arrival
    int32_t m_creditVci{-1};     //!< only for this VCI (-1: all)
};

/**
 * @ingroup atm-tests
 * @brief A port state with VCs 0-3 ABR and VC 4 CBR on a 100,000 cells/s link, and an AtmErica
 *        (or a subclass) with 1 ms averaging intervals, fed arrivals by hand.
 */
struct EricaBench
{
    AtmPortState state{1000}; //!< the port
    Ptr<AtmErica> erica;      //!< the behaviour

    /**
     * @param u TargetUtilization
     * @param behaviour the AtmErica or subclass to drive (null: a new AtmErica)
     */
    explicit EricaBench(double u, Ptr<AtmErica> behaviour = nullptr);

    /**
     * @brief Cells of a VC arriving at evenly spread instants of [from, from + 1 ms).
     * @param vc the VC
     * @param n how many (the first is a forward RM cell if @p ccr > 0)
     * @param from the interval's start
     * @param ccr the CCR of that forward RM cell (cells/s; 0: data cells only)
     */
    void Feed(uint32_t vc, uint32_t n, Time from, double ccr = 0);
};

/**
 * @ingroup atm-tests
 * @brief Two greedy ABR sources into one switch port: A1, A2 -> switch -> B, every link
 *        100,000 cells/s with 100 us delay, one bidirectional ABR PVC from each Ai to B (PCR
 *        100,000, MCR 1000, ICR 5000 cells/s, the other ABR parameters TM 4.0's defaults), each
 *        source sending one-cell SDUs as fast as its ACR lets it. The switch port towards B (the
 *        bottleneck) runs the given ABR behaviour.
 *
 * Construct, Run(), read the results, then Simulator::Destroy() (the destructor does it).
 */
class AbrFanIn
{
  public:
    /**
     * @param behaviour the bottleneck port's ABR behaviour (null: none)
     * @param bufferCells the bottleneck port's BufferCells
     */
    explicit AbrFanIn(Ptr<AtmAbrSwitchBehaviour> behaviour, uint32_t bufferCells = 1000);
    ~AbrFanIn();

    AbrFanIn(const AbrFanIn&) = delete;
    AbrFanIn& operator=(const AbrFanIn&) = delete;

    /**
     * @brief Run the simulation.
     * @param stop when it ends
     * @param sampleAt when GetDelivered(i, true) starts counting
     */
    void Run(Time stop, Time sampleAt);

    /**
     * @param i the source (0 or 1)
     * @param sinceSample count only the SDUs delivered after the sample instant of Run()
     * @return SDUs B received on source i's PVC
     */
    uint64_t GetDelivered(uint32_t i, bool sinceSample = false) const;

    /// @return the bottleneck's largest queue (cells)
    uint32_t GetMaxQueue() const;
    /// @return the bottleneck's time-averaged queue (cells) from the sample instant to the end
    double GetMeanQueueSinceSample() const;
    /// @return the bottleneck port
    Ptr<AtmOutputPort> GetBottleneck() const;
    /**
     * @param i the source (0 or 1)
     * @return its PVC
     */
    const AtmPvc& GetPvc(uint32_t i) const;

  private:
    Ptr<AtmOutputPort> m_bottleneck;        //!< the switch port towards B
    Ptr<AtmNetDevice> m_dst;                //!< B's adapter
    std::vector<AtmPvc> m_pvc;              //!< the two PVCs
    std::vector<uint64_t> m_atSample{0, 0}; //!< SDUs delivered at the sample instant
    uint32_t m_maxQueue{0};                 //!< largest queue
    uint32_t m_queue{0};                    //!< the queue now
    Time m_queueSince;                      //!< since when
    double m_queueArea{0};  //!< integral of the queue (cell-seconds) after the sample
    Time m_sampleAt;        //!< the sample instant
    Time m_stop;            //!< the end of the run
    bool m_sampling{false}; //!< after the sample instant
};

/**
 * @brief Connect two devices by a new AtmChannel.
 * @param a one end
 * @param b the other end
 * @param rate the CellRate attribute (AtmCellRate string)
 * @param delay the propagation delay
 * @return the channel
 */
Ptr<AtmChannel> Connect(Ptr<AtmDevice> a, Ptr<AtmDevice> b, const std::string& rate, Time delay);

/**
 * @param vpi VPI
 * @param vci VCI
 * @param eom true for an end-of-PDU cell (PTI 1)
 * @return a user-data cell without a frame
 */
AtmCell MakeCell(uint16_t vpi, uint16_t vci, bool eom = false);

/**
 * @param packet an IP packet as an AtmNetDevice delivers or a ReceiveErrorModel sees it
 * @param tcp receives its TCP header
 * @return true if it is a TCP segment that carries data
 */
bool PeekTcpData(Ptr<const Packet> packet, TcpHeader* tcp);

/**
 * @brief Drops the first arrival of each chosen TCP data segment (by its first sequence number)
 * in the IP packets an AtmNetDevice delivers (its ReceiveErrorModel).
 */
class TcpSegmentDropModel : public ErrorModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @param seq a data segment's first sequence number to drop once */
    void Add(uint32_t seq);

    /** @return the segments dropped so far */
    uint32_t GetDropped() const;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    std::set<uint32_t> m_pending; //!< sequence numbers still to drop
    uint32_t m_dropped{0};        //!< segments dropped
};

/**
 * @ingroup atm-tests
 * @brief A switch built by hand: one node with an AtmSwitch, each port linked to its own
 *        CellProbeDevice (on its own node) by a link of the bench's cell rate.
 */
class SwitchBench
{
  public:
    /// @param rate the CellRate of every link (AtmCellRate string; default "Sandia", 2.75 us)
    explicit SwitchBench(const std::string& rate = "Sandia");

    /**
     * @brief A bench whose switch is made by a pre-configured helper.
     *
     * The AtmSwitch comes from @p atm's InstallSwitch(), so its SetSwitchAttribute() settings
     * (SwitchingDelay) apply. The ports and links are still the bench's own (AddPort()): a
     * switch port with the helper's port settings can only be made together with its peer
     * device by AtmHelper::Install(), and the peers here are probes; set port attributes on
     * Port() and Out().
     *
     * @param atm the helper
     * @param rate the CellRate of every link (AtmCellRate string)
     */
    SwitchBench(const AtmHelper& atm, const std::string& rate = "Sandia");

    /**
     * @brief Add a switch port and link it to a new probe.
     * @param delay the link's propagation delay
     * @return the port index
     */
    uint32_t AddPort(Time delay);

    /// @return the switch
    Ptr<AtmSwitch> Switch() const;
    /**
     * @param i a port index
     * @return the port
     */
    Ptr<AtmSwitchPort> Port(uint32_t i) const;
    /**
     * @param i a port index
     * @return the output port of switch port @p i
     */
    Ptr<AtmOutputPort> Out(uint32_t i) const;
    /**
     * @param i a port index
     * @return the probe at the far end of port @p i
     */
    Ptr<CellProbeDevice> Probe(uint32_t i) const;

  private:
    std::string m_rate;                         //!< link rate
    Ptr<Node> m_node;                           //!< the switch node
    Ptr<AtmSwitch> m_switch;                    //!< the fabric
    std::vector<Ptr<AtmSwitchPort>> m_ports;    //!< the ports
    std::vector<Ptr<CellProbeDevice>> m_probes; //!< the far ends
};

/**
 * @ingroup atm-tests
 * @brief h0 -- s0 -- h1: two hosts with IPv4 (10.1.1.1, 10.1.1.2) on one switch, one PVC.
 *
 * Built in this order: the hosts, then the switch (AtmHelper::InstallSwitch), the links h0-s0
 * and s0-h1 (AtmHelper::Install) with the given rate and delay, the internet stack on the
 * hosts, their addresses, and the PVC h0 -> h1 (AtmPvcHelper::Install).
 */
struct AtmHostPair
{
    NodeContainer hosts;        //!< h0, h1
    Ptr<Node> sw;               //!< s0
    Ptr<AtmNetDevice> nic[2];   //!< the hosts' adapters
    Ptr<AtmDevice> port[2];     //!< s0's ports: port[0] towards h0, port[1] towards h1
    Ipv4InterfaceContainer ifs; //!< the hosts' interfaces
    AtmHelper atm;              //!< the helper that built it (InstallHostCpu, traces)
    AtmPvcHelper pvcs;          //!< the PVC helper that set up the PVC (ledgers)
    AtmPvc pvc;                 //!< the PVC, src h0 and dst h1

    /**
     * @param linkDelay propagation delay of each of the two links
     * @param rate their CellRate
     */
    explicit AtmHostPair(Time linkDelay = Time(0), const std::string& rate = "OC3c");

    /**
     * @brief The pair built with pre-configured helpers: switch, switch-port and device
     *        attributes, buffer policies, schedulers, class buffers or credits from @p helper
     *        (e.g. `Upc` on the switch ports, which must be set before the ports are made), the
     *        PVC's contract and shaping from @p pvcHelper.
     * @param helper the helper, copied into #atm; the copy's channel CellRate and Delay are set
     * @param linkDelay propagation delay of each of the two links
     * @param rate their CellRate
     * @param pvcHelper the PVC helper, copied into #pvcs, which installs the PVC
     */
    AtmHostPair(const AtmHelper& helper,
                Time linkDelay = Time(0),
                const std::string& rate = "OC3c",
                const AtmPvcHelper& pvcHelper = AtmPvcHelper());
};

/**
 * @ingroup atm-tests
 * @brief Sets the global RngRun for the lifetime of the guard and restores the previous value
 *        when it goes out of scope, also when a failing NS_TEST_ASSERT_MSG_* returns early from
 *        DoRun(), so a test that loops over seeds never leaves its run number to later suites.
 */
class RngRunGuard
{
  public:
    /// Remember the current run number (use Set() to change it).
    RngRunGuard()
        : m_saved(RngSeedManager::GetRun())
    {
    }

    /// @param run the run number to set now
    explicit RngRunGuard(uint64_t run)
        : RngRunGuard()
    {
        Set(run);
    }

    /// Restore the run number that was current at construction.
    ~RngRunGuard()
    {
        RngSeedManager::SetRun(m_saved);
    }

    RngRunGuard(const RngRunGuard&) = delete;
    RngRunGuard& operator=(const RngRunGuard&) = delete;

    /// @param run the run number to set (restored at destruction all the same)
    void Set(uint64_t run)
    {
        RngSeedManager::SetRun(run);
    }

  private:
    uint64_t m_saved; //!< the run number to restore
};

} // namespace atmtest
} // namespace ns3

#endif // ATM_TEST_UTILS_H
