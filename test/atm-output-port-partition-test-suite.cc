/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-helper.h"
#include "ns3/atm-output-port.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/guaranteed-rate-cell-scheduler.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/pbs-buffer-policy.h"
#include "ns3/pointer.h"
#include "ns3/ppd-buffer-policy.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/sandia-drop-whole-buffer-policy.h"
#include "ns3/simulator.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <random>
#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the per-class buffer partitions of AtmOutputPort (SetClassBuffer(); JAIN AF-424
 * Fig. 1, FORE ASX-200 per-class queues): partitions never lend room to each other, a policy
 * decides on its own partition's X and K and sees dense local VC indices, the port's traces and
 * counters keep the port-wide VC index, and the ledgers and both levels of state stay consistent
 * through arrivals, departures, PPD with a kept EOM and a SANDIA drop-whole purge. The
 * configuration errors abort and are googletest death tests (atm-config-errors-gtest).
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @ingroup atm-tests
 * @brief Test-only buffer policy that records what it is shown: accept while X < K, else PPD.
 *
 * Its TypeId has no constructor, so the contract suites do not pick it up.
 */
class RecordingBufferPolicy : public AtmBufferPolicy
{
  public:
    /// Drop reason when the buffer is full.
    static constexpr char FULL[] = "Recording: buffer full";

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::atmtest::RecordingBufferPolicy")
                                .SetParent<AtmBufferPolicy>()
                                .SetGroupName("Atm");
        return tid;
    }

    std::vector<uint32_t> added;          //!< NotifyVcAdded() indices
    std::vector<uint32_t> admitted;       //!< the vc argument of each Admit()
    std::vector<uint32_t> admittedCells;  //!< cell.vc of each Admit()
    std::vector<uint32_t> seenK;          //!< K of each Admit()
    std::vector<uint32_t> seenX;          //!< X of each Admit()
    std::vector<uint32_t> seenVcs;        //!< number of VCs in the state of each Admit()
    std::vector<uint32_t> departed;       //!< the vc argument of each NotifyDeparture()
    std::vector<uint32_t> departedCells;  //!< cell.vc of each NotifyDeparture()
    std::vector<uint32_t> delimiters;     //!< the vc argument of each AdmitDelimiter()
    std::vector<uint32_t> delimiterCells; //!< cell.vc of each AdmitDelimiter()
    std::vector<uint32_t> otherCells;     //!< cell.vc of each NotifyOtherDeparture()
    std::vector<uint32_t> otherX;         //!< X of the state of each NotifyOtherDeparture()
    std::vector<Time> otherNow;           //!< GetNow() of each NotifyOtherDeparture()
    const void* otherState{nullptr};      //!< the state of the last NotifyOtherDeparture()

    void NotifyVcAdded(uint32_t vc) override
    {
        added.push_back(vc);
    }

  private:
    void DoNotifyOtherDeparture(const AtmPortState& state, const AtmCell& cell) override
    {
        otherCells.push_back(cell.vc);
        otherX.push_back(state.GetCellsInBuffer());
        otherNow.push_back(state.GetNow());
        otherState = &state;
    }

    void DoNotifyDeparture(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        departed.push_back(vc);
        departedCells.push_back(cell.vc);
    }

    bool DoAdmitDelimiter(const AtmPortState& state, uint32_t vc, const AtmCell& eom) override
    {
        delimiters.push_back(vc);
        delimiterCells.push_back(eom.vc);
        return true;
    }

    AtmAdmitDecision DoAdmit(const AtmPortState& state, uint32_t vc, const AtmCell& cell) override
    {
        admitted.push_back(vc);
        admittedCells.push_back(cell.vc);
        seenK.push_back(state.GetBufferCells());
        seenX.push_back(state.GetCellsInBuffer());
        seenVcs.push_back(state.GetNVcs());
        return state.GetCellsInBuffer() < state.GetBufferCells() ? AtmAdmitDecision::Accept()
                                                                 : Overflow(FULL);
    }
};

/**
 * @brief Offer single-cell PDUs.
 * @param port the port
 * @param vc the VC
 * @param n how many
 */
void
Offer(Ptr<AtmOutputPort> port, uint32_t vc, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        port->Receive(MakePduCell(vc, 0, 1), vc);
    }
}

/**
 * @brief Offer a whole PDU.
 * @param port the port
 * @param vc the VC
 * @param cells its cell count
 */
void
OfferPdu(Ptr<AtmOutputPort> port, uint32_t vc, uint16_t cells)
{
    for (uint16_t i = 0; i < cells; ++i)
    {
        port->Receive(MakePduCell(vc, i, cells), vc);
    }
}

/**
 * @param port the port
 * @param counter its trace counter (attached before the first cell)
 * @param categories the categories that own a partition (the shared buffer is always checked)
 * @return "" if the ledgers hold per VC and per port, traces equal counters, and every
 *         partition's state agrees with the port's state; else the first discrepancy
 */
std::string
CheckConsistency(Ptr<AtmOutputPort> port,
                 const PortTraceCounter& counter,
                 const std::vector<AtmServiceCategory>& categories)
{
    std::ostringstream err;
    const AtmPortState& global = port->GetState();
    uint64_t arrived = 0;
    for (uint32_t vc = 0; vc < port->GetNVcs(); ++vc)
    {
        const AtmPortVcStats& s = port->GetVcStats(vc);
        const uint32_t queued = port->GetVcCellsInQueue(vc);
        const PortTraceCounter::Counts c = counter.Get(vc);
        if (s.cellsArrived != s.cellsDeparted + queued + s.cellsDropped ||
            s.cellsAccepted != s.cellsDeparted + queued + s.cellsPurged)
        {
            err << "ledger of VC " << vc;
            return err.str();
        }
        if (c.enqueued != s.cellsAccepted || c.dequeued != s.cellsDeparted ||
            c.dropped != s.cellsDropped || c.framesDropped != s.framesDropped)
        {
            err << "traces differ from the counters of VC " << vc;
            return err.str();
        }
        const AtmPortState& local = port->GetPartitionState(global.GetVcServiceCategory(vc));
        const uint32_t l = port->GetVcLocalIndex(vc);
        if (local.GetVcCells(l) != queued || local.GetFrameState(l) != global.GetFrameState(vc))
        {
            err << "partition state of VC " << vc << " (local " << l << ")";
            return err.str();
        }
        arrived += s.cellsArrived;
    }
    const AtmPortVcStats& p = port->GetStats();
    if (p.cellsArrived != arrived ||
        p.cellsArrived != p.cellsDeparted + port->GetCellsInQueue() + p.cellsDropped ||
        counter.total.enqueued != p.cellsAccepted || counter.total.dropped != p.cellsDropped)
    {
        return "port ledger or port traces";
    }
    uint32_t sum = port->GetPartitionCellsInQueue(AtmServiceCategory::UBR);
    for (AtmServiceCategory c : categories)
    {
        const AtmPortState& s = port->GetPartitionState(c);
        if (!s.CheckInvariants() || s.GetBufferCells() != port->GetClassBufferCells(c))
        {
            err << "invariants of the " << c << " partition";
            return err.str();
        }
        sum += s.GetCellsInBuffer();
    }
    if (!global.CheckInvariants() ||
        !port->GetPartitionState(AtmServiceCategory::UBR).CheckInvariants() ||
        sum != port->GetCellsInQueue())
    {
        return "port state invariants, or partitions do not add up to X";
    }
    return "";
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief A class partition and the shared buffer never lend each other room.
 */
class PartitionIsolationTestCase : public TestCase
{
  public:
    PartitionIsolationTestCase()
        : TestCase("A 5-cell VBR partition beside a 3-cell shared UBR buffer: VBR cells never take "
                   "UBR room and UBR cells never take VBR room, even when the other is empty")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<AtmOutputPort> port = MakeOutputPort(3, AtmOutputPort::PER_CLASS);
        port->SetClassBuffer(C::RT_VBR, 5, nullptr);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t u0 = port->AddVc(C::UBR);
        const uint32_t v0 = port->AddVc(C::RT_VBR);
        const uint32_t u1 = port->AddVc(C::UBR);

        NS_TEST_ASSERT_MSG_EQ(port->GetBufferCells(), 3U, "BufferCells is the shared buffer");
        NS_TEST_ASSERT_MSG_EQ(port->GetTotalBufferCells(), 8U, "3 + 5 slots");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetBufferCells(), 8U, "the scheduler's K");
        NS_TEST_ASSERT_MSG_EQ(port->GetClassBufferCells(C::RT_VBR), 5U, "VBR partition");
        NS_TEST_ASSERT_MSG_EQ(port->GetClassBufferCells(C::UBR), 3U, "UBR uses the shared buffer");
        NS_TEST_ASSERT_MSG_EQ(port->GetClassBufferCells(C::CBR), 3U, "so would CBR");
        NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(C::RT_VBR), true, "VBR has a partition");
        NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(C::UBR), false, "UBR has none");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionState(C::RT_VBR).GetBufferCells(), 5U, "K_VBR");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionState(C::UBR).GetBufferCells(), 3U, "K_UBR");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionBufferPolicy(C::RT_VBR)->GetInstanceTypeId(),
                              TailDropBufferPolicy::GetTypeId(),
                              "null policy: tail drop");

        Offer(port, v0, 8);
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::RT_VBR), 5U, "VBR stops at 5");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::UBR), 0U, "UBR room untouched");
        Offer(port, u0, 1);
        Offer(port, u1, 1);
        Offer(port, u0, 1);
        Offer(port, u1, 1);
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::UBR), 3U, "UBR stops at 3");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 8U, "X = 8 of 8");

        // FIFO serves the VBR queue first (backlogged first): two VBR departures free VBR room
        // only; the UBR cell still finds its own buffer full.
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v0, "VBR departure " << i);
        }
        Offer(port, u0, 1);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(u0).cellsDropped, 1U, "UBR full at X = 6 of 8");
        Offer(port, v0, 3);
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::RT_VBR), 5U, "VBR refilled to 5");

        // Empty the VBR partition: UBR still cannot use it, VBR refills only its own 5 cells.
        for (uint32_t i = 0; i < 5; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, v0, "VBR drain " << i);
        }
        Offer(port, u0, 3);
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::UBR), 3U, "UBR still 3");
        Offer(port, v0, 6);

        // Hand-counted: v0 offered 8 + 3 + 6, accepted 5 + 2 + 5, departed 2 + 5.
        const AtmPortVcStats& sv = port->GetVcStats(v0);
        NS_TEST_ASSERT_MSG_EQ(sv.cellsArrived, 17U, "v0 arrived");
        NS_TEST_ASSERT_MSG_EQ(sv.cellsAccepted, 12U, "v0 accepted");
        NS_TEST_ASSERT_MSG_EQ(sv.cellsDeparted, 7U, "v0 departed");
        NS_TEST_ASSERT_MSG_EQ(sv.cellsDropped, 5U, "v0 dropped");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(u0).cellsDropped, 4U, "u0: 1 + 3 dropped");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(u1).cellsDropped, 1U, "u1: its second cell");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(TailDropBufferPolicy::BUFFER_FULL),
                              10U,
                              "every drop is a full buffer");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 8U, "5 VBR + 3 UBR");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "consistency");
    }
};

/**
 * @ingroup atm-tests
 * @brief EPD in the shared UBR buffer looks at the UBR buffer's X only.
 */
class PartitionEpdTestCase : public TestCase
{
  public:
    PartitionEpdTestCase()
        : TestCase("EPD guarding the shared UBR buffer (K=4, T=2) decides on the UBR cells only: "
                   "it admits a PDU while a full 6-cell VBR partition puts the port at X=6, and "
                   "refuses one at UBR X=3")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<EpdBufferPolicy> epd = CreateObject<EpdBufferPolicy>();
        epd->SetAttribute("ThresholdCells", UintegerValue(2));
        Ptr<AtmOutputPort> port = MakeOutputPort(4, AtmOutputPort::PER_CLASS, epd);
        port->SetClassBuffer(C::RT_VBR, 6, CreateObject<TailDropBufferPolicy>());
        const uint32_t v0 = port->AddVc(C::RT_VBR);
        const uint32_t u0 = port->AddVc(C::UBR);
        const uint32_t u1 = port->AddVc(C::UBR);
        NS_TEST_ASSERT_MSG_EQ(port->GetBufferPolicy(), Ptr<AtmBufferPolicy>(epd), "attribute");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionBufferPolicy(C::UBR),
                              Ptr<AtmBufferPolicy>(epd),
                              "the shared buffer's policy is BufferPolicy");

        Offer(port, v0, 6);
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 6U, "port X = 6 >= T");
        OfferPdu(port, u0, 3);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(u0), 3U, "admitted at UBR X = 0 < T");
        OfferPdu(port, u1, 2);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(u1, EpdBufferPolicy::THRESHOLD),
                              2U,
                              "refused at UBR X = 3 >= T");
        // Hold the VBR queue so two UBR cells leave: UBR X = 1 < T while the port holds 7.
        const uint32_t vbrQueue = port->GetState().GetVcQueue(v0);
        port->SetQueueHeld(vbrQueue, true);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, u0, "UBR departure");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, u0, "UBR departure");
        OfferPdu(port, u1, 2);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(u1), 2U, "admitted at UBR X = 1");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 9U, "6 VBR + 3 UBR");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsDropped, 0U, "VBR untouched");
    }
};

/**
 * @ingroup atm-tests
 * @brief Each buffer's policy sees dense local VC indices and its own K and X; the port's
 * traces and Dequeue() keep the port-wide index.
 */
class PartitionLocalIndicesTestCase : public TestCase
{
  public:
    PartitionLocalIndicesTestCase()
        : TestCase("Policies see their buffer's VCs numbered 0, 1, ... in AddVc order (UBR, VBR, "
                   "CBR, VBR, UBR give shared 0 1 2 and VBR 0 1), their own K and X, in Admit, "
                   "AdmitDelimiter and NotifyDeparture; the cells and traces keep port-wide "
                   "indices")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<RecordingBufferPolicy> a = CreateObject<RecordingBufferPolicy>();
        Ptr<RecordingBufferPolicy> b = CreateObject<RecordingBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_VC, a);
        port->SetClassBuffer(C::RT_VBR, 4, b);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t g0 = port->AddVc(C::UBR);
        const uint32_t g1 = port->AddVc(C::RT_VBR);
        const uint32_t g2 = port->AddVc(C::CBR);
        const uint32_t g3 = port->AddVc(C::RT_VBR);
        const uint32_t g4 = port->AddVc(C::UBR);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->added), "0 1 2", "shared buffer's NotifyVcAdded");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->added), "0 1", "VBR buffer's NotifyVcAdded");
        NS_TEST_ASSERT_MSG_EQ(JoinIds({port->GetVcLocalIndex(g0),
                                       port->GetVcLocalIndex(g1),
                                       port->GetVcLocalIndex(g2),
                                       port->GetVcLocalIndex(g3),
                                       port->GetVcLocalIndex(g4)}),
                              "0 0 1 1 2",
                              "local indices");
        const AtmPortState& shared = port->GetPartitionState(C::UBR);
        const AtmPortState& vbr = port->GetPartitionState(C::RT_VBR);
        NS_TEST_ASSERT_MSG_EQ((&port->GetPartitionState(C::CBR) == &shared),
                              true,
                              "CBR uses the shared buffer");
        NS_TEST_ASSERT_MSG_EQ(shared.GetNVcs(), 3U, "shared VCs");
        NS_TEST_ASSERT_MSG_EQ(shared.GetNQueues(), 3U, "shared queues (PER_VC)");
        NS_TEST_ASSERT_MSG_EQ(vbr.GetNVcs(), 2U, "VBR VCs");
        NS_TEST_ASSERT_MSG_EQ(vbr.GetVcQueue(1), 1U, "VBR local queue of g3");
        NS_TEST_ASSERT_MSG_EQ(shared.GetVcServiceCategory(1), C::CBR, "shared local 1 is g2");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetNVcs(), 5U, "the scheduler sees all VCs");

        Offer(port, g3, 1);
        Offer(port, g4, 1);
        Offer(port, g2, 1);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->admitted), "1", "g3 is VBR VC 1");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->seenK), "4", "VBR K");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->seenVcs), "2", "VBR state has 2 VCs");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->admitted), "2 1", "g4, g2 are shared VCs 2, 1");
        // The cells themselves keep the port's VC index: a policy reads its index from the
        // argument, and the port never rewrites AtmCell::vc for it.
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->admittedCells), "3", "Admit: g3's cell carries vc 3");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->admittedCells),
                              "4 2",
                              "Admit: g4's and g2's cells carry vc 4 and 2");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->seenK), "10 10", "shared K");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->seenX), "0 1", "shared X excludes VBR cells");
        std::vector<uint32_t> out;
        for (uint32_t i = 0; i < 3; ++i)
        {
            out.push_back(port->Dequeue(Seconds(0))->vc);
        }
        NS_TEST_ASSERT_MSG_EQ(JoinIds(out), "3 4 2", "Dequeue returns port-wide indices");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->departed), "1", "VBR NotifyDeparture local");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->departed), "2 1", "shared NotifyDeparture local");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->departedCells), "3", "NotifyDeparture: cell of vc 3");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->departedCells),
                              "4 2",
                              "NotifyDeparture: cells of vc 4 and 2");
        NS_TEST_ASSERT_MSG_EQ(counter.dequeues[0].first, g3, "CellDequeue port-wide");

        // Overflow of the 4-cell VBR buffer by a 6-cell PDU of g1: PPD, then its EOM offered to
        // the VBR policy as local VC 0 and dropped for lack of VBR room.
        for (uint16_t i = 0; i < 5; ++i)
        {
            port->Receive(MakePduCell(g1, i, 6), g1);
        }
        NS_TEST_ASSERT_MSG_EQ(vbr.GetFrameState(0), AtmFrameState::DROP_PPD, "local frame state");
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(g1),
                              AtmFrameState::DROP_PPD,
                              "port frame state");
        port->Receive(MakePduCell(g1, 5, 6), g1);
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->delimiters), "0", "AdmitDelimiter local index");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(b->delimiterCells),
                              std::to_string(g1),
                              "AdmitDelimiter: the EOM carries the port's vc of g1");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(g1).cellsDropped, 2U, "cell 4 and the EOM");
        NS_TEST_ASSERT_MSG_EQ(vbr.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops.size(), 1U, "one FrameDrop");
        NS_TEST_ASSERT_MSG_EQ(counter.frameDrops[0].first, g1, "FrameDrop port-wide index");
        NS_TEST_ASSERT_MSG_EQ(a->delimiters.empty(), true, "shared policy not involved");

        // Holding a queue holds it in the partition's state too.
        port->SetQueueHeld(port->GetState().GetVcQueue(g1), true);
        NS_TEST_ASSERT_MSG_EQ(vbr.GetQueueMaySend(vbr.GetVcQueue(0)), false, "held locally");
        NS_TEST_ASSERT_MSG_EQ(vbr.GetQueueMaySend(vbr.GetVcQueue(1)), true, "g3 not held");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "consistency");
    }
};

/**
 * @ingroup atm-tests
 * @brief Ledgers and states through PPD with a kept EOM, a drop-whole purge and random
 * traffic.
 */
class PartitionLedgerTestCase : public TestCase
{
  public:
    PartitionLedgerTestCase()
        : TestCase("Ledgers per VC and per port and the partition states hold through a SANDIA "
                   "drop-whole purge in a VBR partition, PPD with a kept EOM in the shared buffer "
                   "and 4,000 random arrivals, departures and holds")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<AtmOutputPort> port = MakeOutputPort(4,
                                                 AtmOutputPort::PER_VC,
                                                 CreateObject<PpdBufferPolicy>(),
                                                 CreateObject<RoundRobinCellScheduler>());
        port->SetClassBuffer(C::RT_VBR, 5, CreateObject<SandiaDropWholeBufferPolicy>());
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t g0 = port->AddVc(C::UBR);
        const uint32_t g1 = port->AddVc(C::RT_VBR);
        const uint32_t g2 = port->AddVc(C::RT_VBR);
        const uint32_t g3 = port->AddVc(C::UBR);

        // Drop-whole inside the VBR partition: g2's cells 0-2 fill it (with g1's 2), cell 3 finds
        // it full and purges exactly g2's queued cells; the EOM is dropped too.
        OfferPdu(port, g1, 2);
        OfferPdu(port, g2, 5);
        const AtmPortVcStats& s2 = port->GetVcStats(g2);
        NS_TEST_ASSERT_MSG_EQ(s2.cellsAccepted, 3U, "g2 accepted 3");
        NS_TEST_ASSERT_MSG_EQ(s2.cellsPurged, 3U, "and lost them to the purge");
        NS_TEST_ASSERT_MSG_EQ(s2.cellsDropped, 5U, "2 at arrival + 3 purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(g2, SandiaDropWholeBufferPolicy::BUFFER_FULL),
                              5U,
                              "all with the partition's reason");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::RT_VBR), 2U, "g1's PDU kept");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "after purge");

        // PPD with a kept EOM in the shared buffer: cells 0-3 fill it, cell 4 overflows; one
        // UBR departure (VBR held) makes room for the EOM.
        for (uint16_t i = 0; i < 5; ++i)
        {
            port->Receive(MakePduCell(g0, i, 6), g0);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetState().GetFrameState(g0), AtmFrameState::DROP_PPD, "PPD");
        const uint32_t q1 = port->GetState().GetVcQueue(g1);
        port->SetQueueHeld(q1, true);
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(Seconds(0))->vc, g0, "UBR departure");
        port->SetQueueHeld(q1, false);
        port->Receive(MakePduCell(g0, 5, 6), g0);
        const AtmPortVcStats& s0 = port->GetVcStats(g0);
        NS_TEST_ASSERT_MSG_EQ(s0.cellsAccepted, 5U, "cells 0-3 and the EOM");
        NS_TEST_ASSERT_MSG_EQ(s0.cellsDropped, 1U, "cell 4");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(g0, PpdBufferPolicy::BUFFER_FULL), 1U, "PPD");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::UBR), 4U, "UBR full again");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "after PPD");

        // Random phase.
        std::mt19937 rng(31);
        std::vector<uint16_t> next(4, 0);
        std::vector<uint16_t> count(4, 0);
        std::string problem;
        for (uint32_t step = 0; step < 4000 && problem.empty(); ++step)
        {
            const uint32_t r = rng() % 10;
            if (r < 6)
            {
                const uint32_t vc = rng() % 4;
                if (next[vc] == 0)
                {
                    count[vc] = static_cast<uint16_t>(1 + rng() % 8);
                }
                port->Receive(MakePduCell(vc, next[vc], count[vc]), vc);
                next[vc] = (next[vc] + 1 == count[vc]) ? 0 : static_cast<uint16_t>(next[vc] + 1);
            }
            else if (r < 9)
            {
                port->Dequeue(Seconds(0));
            }
            else
            {
                const uint32_t q = rng() % 4;
                port->SetQueueHeld(q, port->GetState().GetQueueMaySend(q)); // toggle
            }
            problem = CheckConsistency(port, counter, {C::RT_VBR});
        }
        NS_TEST_ASSERT_MSG_EQ(problem, "", "consistency during the random phase");
        for (uint32_t q = 0; q < 4; ++q)
        {
            port->SetQueueHeld(q, false);
        }
        while (port->Dequeue(Seconds(0)))
        {
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 0U, "drained");
        NS_TEST_ASSERT_MSG_EQ(port->GetPartitionCellsInQueue(C::RT_VBR), 0U, "VBR drained");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "at the end");
        NS_TEST_ASSERT_MSG_GT(port->GetVcStats(g1).cellsPurged + port->GetVcStats(g2).cellsPurged,
                              3U,
                              "the random phase purged too");
        NS_TEST_ASSERT_MSG_GT(port->GetVcStats(g3).cellsDeparted, 0U, "g3 was served");
    }
};

/**
 * @ingroup atm-tests
 * @brief JAIN's switch port in miniature: PBS on a VBR partition, EPD on the shared UBR
 * buffer, the GR scheduler.
 */
class PartitionJainPortTestCase : public TestCase
{
  public:
    PartitionJainPortTestCase()
        : TestCase(
              "A JAIN-style port (VBR partition of 5 cells with PBS, shared 20-cell UBR buffer "
              "with EPD, GR=0.5) offered one VBR and one UBR cell per slot sends 500 VBR and "
              "499 UBR cells in 1,000 slots (slot 0 is idle); VBR losses stay in the VBR partition")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<GuaranteedRateCellScheduler> gr = CreateObject<GuaranteedRateCellScheduler>();
        gr->SetAttribute("GuaranteedRate", DoubleValue(0.5));
        Ptr<PbsBufferPolicy> pbs = CreateObject<PbsBufferPolicy>();
        pbs->SetAttribute("ClpThresholdCells", UintegerValue(5));
        Ptr<AtmOutputPort> port =
            MakeOutputPort(20, AtmOutputPort::PER_CLASS, CreateObject<EpdBufferPolicy>(), gr);
        port->SetClassBuffer(C::RT_VBR, 5, pbs);
        PortTraceCounter counter;
        counter.Attach(port);
        const uint32_t vbr = port->AddVc(C::RT_VBR);
        const uint32_t ubr = port->AddVc(C::UBR);
        uint32_t sent[2] = {0, 0};
        for (uint16_t slot = 0; slot < 1000; ++slot)
        {
            // Departures before arrivals; a new UBR PDU of 8 cells every 8 slots.
            if (const std::optional<AtmCell> cell = port->Dequeue(Seconds(0)))
            {
                ++sent[cell->vc == vbr ? 0 : 1];
            }
            port->Receive(MakePduCell(vbr, 0, 1), vbr);
            port->Receive(MakePduCell(ubr, slot % 8, 8), ubr);
        }
        NS_TEST_ASSERT_MSG_EQ(sent[0], 500U, "VBR gets 1 - GR of the slots");
        NS_TEST_ASSERT_MSG_EQ(sent[1], 499U, "UBR gets GR (its first cell arrives after slot 0)");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vbr, PbsBufferPolicy::BUFFER_FULL),
                              port->GetVcStats(vbr).cellsDropped,
                              "VBR drops come from its partition's policy");
        NS_TEST_ASSERT_MSG_GT(port->GetVcStats(vbr).cellsDropped, 0U, "VBR overflowed");
        NS_TEST_ASSERT_MSG_EQ(port->GetDropCount(PbsBufferPolicy::BUFFER_FULL),
                              port->GetVcStats(vbr).cellsDropped,
                              "no UBR cell dropped by PBS");
        NS_TEST_ASSERT_MSG_EQ(CheckConsistency(port, counter, {C::RT_VBR}), "", "consistency");
    }
};

/**
 * @ingroup atm-tests
 * @brief Every buffer's policy hears every departure of the port: its own cells through
 *        NotifyDeparture(), the other buffers' cells through NotifyOtherDeparture().
 */
class PartitionOtherDepartureTestCase : public TestCase
{
  public:
    PartitionOtherDepartureTestCase()
        : TestCase("With a shared UBR buffer, a CBR and an rt-VBR class buffer, each departure is "
                   "told to its own buffer's policy by NotifyDeparture and to the two other "
                   "policies by NotifyOtherDeparture, with their own buffer's state at the slot "
                   "start; a port without class buffers never calls NotifyOtherDeparture")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<RecordingBufferPolicy> shared = CreateObject<RecordingBufferPolicy>();
        Ptr<RecordingBufferPolicy> cbr = CreateObject<RecordingBufferPolicy>();
        Ptr<RecordingBufferPolicy> vbr = CreateObject<RecordingBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::PER_CLASS, shared);
        port->SetClassBuffer(C::CBR, 4, cbr);
        port->SetClassBuffer(C::RT_VBR, 4, vbr);
        const uint32_t u0 = port->AddVc(C::UBR);
        const uint32_t c0 = port->AddVc(C::CBR);
        const uint32_t v0 = port->AddVc(C::RT_VBR);
        const std::vector<Ptr<RecordingBufferPolicy>> policies = {shared, cbr, vbr};
        const std::vector<C> classes = {C::UBR, C::CBR, C::RT_VBR};
        const std::vector<uint32_t> owner = {u0, c0, v0}; // the VC of each buffer
        Offer(port, u0, 3);
        Offer(port, c0, 2);
        Offer(port, v0, 1);
        uint32_t slot = 0;
        std::vector<uint32_t> own(3, 0);
        std::vector<uint32_t> other(3, 0);
        while (port->GetCellsInQueue() > 0)
        {
            const Time now = MicroSeconds(++slot);
            const uint32_t d = port->Dequeue(now)->vc;
            for (uint32_t b = 0; b < 3; ++b)
            {
                const Ptr<RecordingBufferPolicy> p = policies[b];
                const AtmPortState& mine = port->GetPartitionState(classes[b]);
                if (d == owner[b])
                {
                    ++own[b];
                }
                else
                {
                    ++other[b];
                    NS_TEST_ASSERT_MSG_EQ(p->otherCells.back(),
                                          d,
                                          "buffer " << b << " slot " << slot);
                    NS_TEST_ASSERT_MSG_EQ(p->otherX.back(),
                                          mine.GetCellsInBuffer(),
                                          "its own X, buffer " << b << " slot " << slot);
                    NS_TEST_ASSERT_MSG_EQ(p->otherNow.back(), now, "the slot start");
                    NS_TEST_ASSERT_MSG_EQ((p->otherState == static_cast<const void*>(&mine)),
                                          true,
                                          "its own state");
                }
                NS_TEST_ASSERT_MSG_EQ(p->departed.size(), own[b], "own departures, buffer " << b);
                NS_TEST_ASSERT_MSG_EQ(p->otherCells.size(),
                                      other[b],
                                      "other departures, buffer " << b);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(slot, 6U, "six cells sent");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(own), "3 2 1", "own departures per buffer");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(other), "3 4 5", "other departures per buffer");

        Ptr<RecordingBufferPolicy> alone = CreateObject<RecordingBufferPolicy>();
        Ptr<AtmOutputPort> plain = MakeOutputPort(10, AtmOutputPort::PER_CLASS, alone);
        const uint32_t a = plain->AddVc(C::UBR);
        const uint32_t b = plain->AddVc(C::CBR);
        Offer(plain, a, 2);
        Offer(plain, b, 2);
        DrainIndices(plain);
        NS_TEST_ASSERT_MSG_EQ(alone->departed.size(), 4U, "every departure is its own");
        NS_TEST_ASSERT_MSG_EQ(alone->otherCells.empty(), true, "no class buffer, no other");
    }
};

/**
 * @ingroup atm-tests
 * @brief Without SetClassBuffer() the port has one buffer and one state.
 */
class PartitionNoneTestCase : public TestCase
{
  public:
    PartitionNoneTestCase()
        : TestCase("Without class buffers the policy's state is the port state itself, local VC "
                   "indices are port-wide and every category uses BufferCells")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        Ptr<RecordingBufferPolicy> a = CreateObject<RecordingBufferPolicy>();
        Ptr<AtmOutputPort> port = MakeOutputPort(6, AtmOutputPort::PER_CLASS, a);
        const uint32_t v = port->AddVc(C::RT_VBR);
        const uint32_t u = port->AddVc(C::UBR);
        for (C c : {C::CBR, C::RT_VBR, C::UBR})
        {
            NS_TEST_ASSERT_MSG_EQ((&port->GetPartitionState(c) == &port->GetState()),
                                  true,
                                  "one state, " << c);
            NS_TEST_ASSERT_MSG_EQ(port->GetClassBufferCells(c), 6U, "BufferCells, " << c);
            NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(c), false, "no partition, " << c);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetTotalBufferCells(), 6U, "slab = BufferCells");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcLocalIndex(u), u, "local = port-wide");
        Offer(port, u, 4);
        Offer(port, v, 4);
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 6U, "one shared buffer of 6");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->seenX), "0 1 2 3 4 5 6 6", "X counts every class");
        NS_TEST_ASSERT_MSG_EQ(JoinIds(a->admitted), "1 1 1 1 0 0 0 0", "port-wide indices");
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmHelper::SetClassBuffer installs a class buffer on every switch port.
 */
class PartitionHelperTestCase : public TestCase
{
  public:
    PartitionHelperTestCase()
        : TestCase("AtmHelper::SetClassBuffer gives every switch port it creates an rt-VBR buffer "
                   "with its own new PBS policy (attributes applied, a second call replacing the "
                   "first), and leaves adapters without class buffers")
    {
    }

  private:
    void DoRun() override
    {
        using C = AtmServiceCategory;
        AtmHelper atm;
        atm.SetSwitchPortAttribute("BufferCells", UintegerValue(1000));
        atm.SetSwitchPortAttribute("QueueMode", EnumValue(AtmOutputPort::PER_CLASS));
        atm.SetBufferPolicy("epd");
        atm.SetClassBuffer(C::RT_VBR, 100, "tail");
        atm.SetClassBuffer(C::RT_VBR, 256, "pbs", "ClpThresholdCells", UintegerValue(200));
        const AtmHostPair path(atm);
        std::vector<Ptr<AtmBufferPolicy>> policies;
        for (const Ptr<AtmDevice>& switchPort : path.port)
        {
            Ptr<AtmOutputPort> port = switchPort->GetOutputPort();
            NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(C::RT_VBR), true, "switch port");
            NS_TEST_ASSERT_MSG_EQ(port->GetClassBufferCells(C::RT_VBR), 256U, "the second call");
            NS_TEST_ASSERT_MSG_EQ(port->GetTotalBufferCells(), 1256U, "1000 + 256");
            NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(C::UBR), false, "UBR shares");
            Ptr<PbsBufferPolicy> pbs =
                DynamicCast<PbsBufferPolicy>(port->GetPartitionBufferPolicy(C::RT_VBR));
            NS_TEST_ASSERT_MSG_EQ((pbs ? true : false), true, "a PBS policy");
            UintegerValue t;
            pbs->GetAttribute("ClpThresholdCells", t);
            NS_TEST_ASSERT_MSG_EQ(t.Get(), 200U, "its attribute");
            policies.push_back(pbs);
            // The port accepts VCs: the configuration is valid.
            port->AddVc(C::RT_VBR);
            NS_TEST_ASSERT_MSG_EQ(port->GetPartitionState(C::RT_VBR).GetBufferCells(), 256U, "K");
        }
        NS_TEST_ASSERT_MSG_EQ((policies[0] != policies[1]), true, "one policy object per port");
        for (const Ptr<AtmNetDevice>& nic : path.nic)
        {
            Ptr<AtmOutputPort> port = nic->GetOutputPort();
            NS_TEST_ASSERT_MSG_EQ(port->HasClassBuffer(C::RT_VBR), false, "adapter");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-output-port-partition test suite.
 */
class AtmOutputPortPartitionTestSuite : public TestSuite
{
  public:
    AtmOutputPortPartitionTestSuite()
        : TestSuite("atm-output-port-partition", ATM_SUITE_UNIT)
    {
        AddTestCase(new PartitionIsolationTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionEpdTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionLocalIndicesTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionLedgerTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionJainPortTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionOtherDepartureTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionNoneTestCase, ATM_TEST_QUICK);
        AddTestCase(new PartitionHelperTestCase, ATM_TEST_QUICK);
    }
};

static AtmOutputPortPartitionTestSuite
    g_atmOutputPortPartitionTestSuite; //!< static instance registering the suite
