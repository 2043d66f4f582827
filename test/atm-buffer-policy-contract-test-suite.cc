/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-buffer-policy.h"
#include "ns3/atm-threshold-utils.h"
#include "ns3/double.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/fba-buffer-policy.h"
#include "ns3/object-factory.h"
#include "ns3/selective-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * The contract every buffer policy must satisfy (AtmBufferPolicy class description), checked for
 * every registered TypeId derived from AtmBufferPolicy that has a constructor, with default
 * attributes. A new policy gets these checks by being registered. Every short name of
 * AtmBufferPolicyFactory must create its policy and be among those checked.
 *
 * Each policy is driven as the port will drive it (PolicyDriver: the port's frame states, decisions
 * executed as AtmAdmitDecision documents) on random interleaved PDU streams that overload the
 * buffer, with random departures; and, at a real AtmOutputPort, with RM cells interleaved between
 * the cells of the PDUs, which bypass the policy.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// What a random run observed.
struct RunLog
{
    std::vector<AtmAdmitDecision> decisions; //!< every decision, in order
    uint32_t offered{0};                     //!< cells offered
    uint32_t refused{0};                     //!< cells not accepted
    uint32_t acceptedBeyondK{0};             //!< accepts with X >= K
    uint32_t malformed{0};       //!< decisions breaking the reason, keepEom or purge-front rules
    uint32_t frameViolations{0}; //!< non-EOM accepts after a refused non-EOM cell
    bool invariantsHeld{true};   //!< AtmPortState identities after every step
};

/// @return the policies under contract (every constructible AtmBufferPolicy subclass)
std::vector<TypeId>
Policies()
{
    return ConstructibleSubclasses(AtmBufferPolicy::GetTypeId());
}

/// @return a fresh default-configured instance of @p tid
Ptr<AtmBufferPolicy>
Make(TypeId tid)
{
    ObjectFactory factory;
    factory.SetTypeId(tid);
    return factory.Create<AtmBufferPolicy>();
}

/**
 * Offer @p steps random events to @p policy: with probability 0.6 the next cell of a random VC's
 * current PDU (PDUs of 1..12 cells, random CLP), else the departure of a random VC's oldest cell.
 */
RunLog
RandomRun(Ptr<AtmBufferPolicy> policy,
          uint32_t bufferCells,
          uint32_t nVcs,
          uint32_t seed,
          uint32_t steps)
{
    RunLog log;
    std::mt19937 rng(seed);
    AtmPortState state = MakePerVcState(bufferCells, nVcs);
    PolicyDriver port(policy, state);
    std::vector<uint16_t> next(nVcs, 0);
    std::vector<uint16_t> count(nVcs, 0);
    std::vector<bool> damaged(nVcs, false); // a non-EOM cell of the current PDU was refused
    for (uint32_t step = 0; step < steps; ++step)
    {
        const uint32_t vc = rng() % nVcs;
        if (rng() % 10 < 6)
        {
            if (next[vc] == 0)
            {
                count[vc] = static_cast<uint16_t>(1 + rng() % 12);
            }
            const AtmCell cell = MakePduCell(vc, next[vc], count[vc], rng() % 4 == 0);
            const bool eom = cell.IsEndOfPdu();
            const uint32_t before = state.GetCellsInBuffer();
            const uint32_t wholeExcess = state.GetVcPurgeablePdus(vc);
            const PolicyDriver::Outcome out = port.Offer(cell);
            ++log.offered;
            if (out.consulted)
            {
                const AtmAdmitDecision& d = out.decision;
                log.decisions.push_back(d);
                log.malformed += (d.NeedsReason() != (d.reason != nullptr)) ? 1 : 0;
                log.malformed += (d.keepEom && d.action != AtmAdmitDecision::DROP_FRAME) ? 1 : 0;
                log.malformed +=
                    (d.action == AtmAdmitDecision::ACCEPT_AND_PURGE_FRONT && wholeExcess == 0) ? 1
                                                                                               : 0;
                log.acceptedBeyondK += (d.IsAccept() && before >= bufferCells) ? 1 : 0;
            }
            log.refused += out.accepted ? 0 : 1;
            if (out.accepted && !eom && damaged[vc])
            {
                ++log.frameViolations;
            }
            damaged[vc] = !eom && (damaged[vc] || !out.accepted);
            next[vc] = eom ? 0 : static_cast<uint16_t>(next[vc] + 1);
        }
        else if (state.GetVcCells(vc) > 0)
        {
            port.Depart(vc);
        }
        log.invariantsHeld = log.invariantsHeld && state.CheckInvariants();
    }
    return log;
}

/**
 * @ingroup atm-tests
 * @brief Follows the cells of an AtmOutputPort through its traces to check the per-VC FIFO
 *        order: per VC, the cells stored and neither departed nor purged, oldest first, each
 *        named by its tag (the VPI, which the port never reads: RmRun numbers each VC's
 *        arrivals in it).
 */
struct PortFifoRecorder
{
    std::vector<std::deque<uint16_t>> queued; //!< per VC: tags of the cells in the buffer
    uint32_t fifoBreaks{0}; //!< departures that were not their VC's oldest queued cell
    uint32_t rmDeparted{0}; //!< RM cells that left through Dequeue()
    uint32_t rmPurged{0};   //!< RM cells removed from the buffer by a purge

    /// @param cell a stored cell
    void Enqueue(const AtmCell& cell)
    {
        queued[cell.vc].push_back(cell.vpi);
    }

    /// @param cell a departed cell
    void Dequeue(const AtmCell& cell)
    {
        std::deque<uint16_t>& q = queued[cell.vc];
        if (q.empty() || q.front() != cell.vpi)
        {
            ++fifoBreaks;
            return;
        }
        q.pop_front();
        rmDeparted += cell.IsResourceManagement() ? 1 : 0;
    }

    /**
     * @param cell a dropped cell: a purged one is still listed, one dropped at arrival is not
     * @param reason the reason
     */
    void Drop(const AtmCell& cell, const char* reason)
    {
        std::deque<uint16_t>& q = queued[cell.vc];
        const auto it = std::find(q.begin(), q.end(), cell.vpi);
        if (it != q.end())
        {
            q.erase(it);
            rmPurged += cell.IsResourceManagement() ? 1 : 0;
        }
    }
};

/// What a run with RM cells at a real port observed.
struct RmRunLog
{
    uint32_t rmOffered{0};           //!< RM cells offered
    uint32_t rmStored{0};            //!< RM cells stored
    uint32_t rmDropped{0};           //!< RM cells dropped at arrival
    uint32_t rmRoomMismatches{0};    //!< RM cells stored without room or dropped with room
    uint32_t rmWrongReason{0};       //!< RM drops not counted under RM_CELL_NO_ROOM
    uint32_t rmFrameStateChanges{0}; //!< RM cells after which their VC's frame state differed
    uint32_t rmFrameDrops{0};        //!< RM drops that fired FrameDrop
    uint32_t dataRefused{0};         //!< data cells not stored
    uint32_t frameViolations{0};     //!< non-EOM data cells stored after a refused non-EOM cell
    uint32_t ledgerBreaks{0};        //!< steps after which a VC's or the port's ledger was broken
    uint32_t fifoBreaks{0};          //!< departures out of their VC's FIFO order
    uint32_t rmPurged{0};            //!< RM cells purged with a PDU
    uint32_t rmNotDeparted{0};       //!< stored RM cells that never left (after draining)
    uint32_t leftQueued{0};          //!< cells still listed by the recorder after draining
};

/**
 * @param s counters
 * @param queued cells in the buffer
 * @return true if arrived == accepted + dropped - purged and accepted == departed + queued +
 *         purged
 */
bool
Balanced(const AtmPortVcStats& s, uint64_t queued)
{
    return s.cellsArrived + s.cellsPurged == s.cellsAccepted + s.cellsDropped &&
           s.cellsAccepted == s.cellsDeparted + queued + s.cellsPurged;
}

/**
 * Offer @p steps random events to a port guarded by @p policy: with probability 0.7 an arrival on
 * a random VC, one in five of them an RM cell (PTI 110, no frame) between the cells of the VC's
 * current PDU, the others the next cell of that PDU (1..12 cells, random CLP); else one
 * departure. The load makes the buffer fill up. Then the port is drained.
 */
RmRunLog
RmRun(Ptr<AtmBufferPolicy> policy,
      uint32_t bufferCells,
      AtmOutputPort::QueueMode mode,
      uint32_t nVcs,
      uint32_t seed,
      uint32_t steps)
{
    RmRunLog log;
    std::mt19937 rng(seed);
    Ptr<AtmOutputPort> port = MakeOutputPort(bufferCells, mode, policy);
    for (uint32_t i = 0; i < nVcs; ++i)
    {
        port->AddVc(AtmServiceCategory::UBR);
    }
    PortFifoRecorder rec;
    rec.queued.resize(nVcs);
    uint32_t frameDrops = 0;
    port->TraceConnectWithoutContext("CellEnqueue", MakeCallback(&PortFifoRecorder::Enqueue, &rec));
    port->TraceConnectWithoutContext("CellDequeue", MakeCallback(&PortFifoRecorder::Dequeue, &rec));
    port->TraceConnectWithoutContext("CellDrop", MakeCallback(&PortFifoRecorder::Drop, &rec));
    port->TraceConnectWithoutContext(
        "FrameDrop",
        MakeBoundCallback(+[](uint32_t* n, uint32_t, const char*) { ++*n; }, &frameDrops));
    std::vector<uint16_t> next(nVcs, 0);
    std::vector<uint16_t> count(nVcs, 0);
    std::vector<uint16_t> tag(nVcs, 0);     // per-VC arrival number, carried in the VPI
    std::vector<bool> damaged(nVcs, false); // a non-EOM cell of the current PDU was refused
    const auto ledgers = [&]() {
        bool ok = Balanced(port->GetStats(), port->GetCellsInQueue());
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            ok = ok && Balanced(port->GetVcStats(vc), port->GetVcCellsInQueue(vc));
        }
        return ok;
    };
    for (uint32_t step = 0; step < steps; ++step)
    {
        const uint32_t vc = rng() % nVcs;
        if (rng() % 10 < 7)
        {
            const uint64_t acceptedBefore = port->GetVcStats(vc).cellsAccepted;
            if (rng() % 5 == 0)
            {
                AtmCell rm;
                rm.pti = AtmRmFields::PTI;
                rm.index = 0;
                rm.count = 1;
                rm.vci = static_cast<uint16_t>(32 + vc);
                rm.vpi = tag[vc]++;
                rm.rm.ccr = rm.vpi;
                const bool room = port->GetCellsInQueue() < bufferCells;
                const AtmFrameState before = port->GetState().GetFrameState(vc);
                const uint64_t reasonBefore =
                    port->GetVcDropCount(vc, AtmOutputPort::RM_CELL_NO_ROOM);
                const uint32_t frameDropsBefore = frameDrops;
                port->Receive(rm, vc, Seconds(0));
                const bool stored = port->GetVcStats(vc).cellsAccepted == acceptedBefore + 1;
                ++log.rmOffered;
                log.rmStored += stored ? 1 : 0;
                log.rmDropped += stored ? 0 : 1;
                log.rmRoomMismatches += (stored != room) ? 1 : 0;
                log.rmWrongReason += (port->GetVcDropCount(vc, AtmOutputPort::RM_CELL_NO_ROOM) !=
                                      reasonBefore + (stored ? 0 : 1))
                                         ? 1
                                         : 0;
                log.rmFrameDrops += frameDrops - frameDropsBefore;
                log.rmFrameStateChanges += (port->GetState().GetFrameState(vc) != before) ? 1 : 0;
            }
            else
            {
                if (next[vc] == 0)
                {
                    count[vc] = static_cast<uint16_t>(1 + rng() % 12);
                }
                AtmCell cell = MakePduCell(vc, next[vc], count[vc], rng() % 4 == 0);
                cell.vpi = tag[vc]++;
                const bool eom = cell.IsEndOfPdu();
                port->Receive(cell, vc, Seconds(0));
                const bool accepted = port->GetVcStats(vc).cellsAccepted == acceptedBefore + 1;
                log.dataRefused += accepted ? 0 : 1;
                if (accepted && !eom && damaged[vc])
                {
                    ++log.frameViolations;
                }
                damaged[vc] = !eom && (damaged[vc] || !accepted);
                next[vc] = eom ? 0 : static_cast<uint16_t>(next[vc] + 1);
            }
        }
        else
        {
            port->Dequeue(Seconds(0));
        }
        log.ledgerBreaks += ledgers() ? 0 : 1;
    }
    while (port->Dequeue(Seconds(0)))
    {
    }
    log.ledgerBreaks += (ledgers() && port->GetCellsInQueue() == 0) ? 0 : 1;
    log.fifoBreaks = rec.fifoBreaks;
    log.rmPurged = rec.rmPurged;
    log.rmNotDeparted = log.rmStored - rec.rmDeparted;
    for (const auto& q : rec.queued)
    {
        log.leftQueued += static_cast<uint32_t>(q.size());
    }
    port->Dispose();
    return log;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief No registered policy accepts a cell when the buffer is full.
 */
class BufferPolicyNeverOverfillsTestCase : public TestCase
{
  public:
    BufferPolicyNeverOverfillsTestCase()
        : TestCase("Every registered buffer policy never accepts a cell when X >= BufferCells, "
                   "gives a reason with every drop or purge only, and purges from the front only "
                   "a VC with a whole non-eligible PDU queued")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<TypeId> types = Policies();
        NS_TEST_ASSERT_MSG_GT(types.size(), 0U, "no AtmBufferPolicy subclass is registered");
        bool sawTailDrop = false;
        for (const TypeId& tid : types)
        {
            sawTailDrop = sawTailDrop || tid.GetName() == "ns3::TailDropBufferPolicy";
            for (uint32_t k : {1U, 5U, 40U})
            {
                const RunLog log = RandomRun(Make(tid), k, 4, 100 + k, 5000);
                NS_TEST_ASSERT_MSG_EQ(log.acceptedBeyondK, 0U, tid.GetName() << " K=" << k);
                NS_TEST_ASSERT_MSG_EQ(log.malformed, 0U, tid.GetName() << " K=" << k);
                NS_TEST_ASSERT_MSG_GT(log.refused, 0U, "the stream must overload K=" << k);
                NS_TEST_ASSERT_MSG_EQ(log.invariantsHeld, true, tid.GetName() << " K=" << k);
            }
            // Hand-built full states: every kind of cell, VC in IDLE or ACCEPT.
            for (uint32_t k : {1U, 3U, 64U})
            {
                Ptr<AtmBufferPolicy> policy = Make(tid);
                AtmPortState s = MakePerVcState(k, 3);
                for (uint32_t vc = 0; vc < 3; ++vc)
                {
                    policy->NotifyVcAdded(vc);
                }
                for (uint32_t x = 0; x < k; ++x)
                {
                    s.OnEnqueue(x % 3);
                }
                for (uint32_t vc = 0; vc < 3; ++vc)
                {
                    s.SetFrameState(vc, vc == 1 ? AtmFrameState::ACCEPT : AtmFrameState::IDLE);
                    for (uint16_t i = 0; i < 3; ++i)
                    {
                        const AtmAdmitDecision d =
                            policy->Admit(s, vc, MakePduCell(vc, i, 3, i == 1));
                        NS_TEST_ASSERT_MSG_EQ(d.IsAccept(),
                                              false,
                                              tid.GetName() << " accepted at X = K = " << k);
                        NS_TEST_ASSERT_MSG_EQ((d.reason != nullptr), true, tid.GetName());
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(sawTailDrop, true, "the enumeration finds TailDropBufferPolicy");
    }
};

/**
 * @ingroup atm-tests
 * @brief Frame-aware policies never accept a non-EOM cell of a PDU after one was refused.
 */
class BufferPolicyFrameRuleTestCase : public TestCase
{
  public:
    BufferPolicyFrameRuleTestCase()
        : TestCase("Every frame-aware registered buffer policy accepts no later non-EOM cell of a "
                   "PDU after refusing one of its non-EOM cells")
    {
    }

  private:
    void DoRun() override
    {
        for (const TypeId& tid : Policies())
        {
            for (uint32_t k : {2U, 12U, 60U})
            {
                Ptr<AtmBufferPolicy> policy = Make(tid);
                const RunLog log = RandomRun(policy, k, 5, 200 + k, 8000);
                if (policy->IsFrameAware())
                {
                    NS_TEST_ASSERT_MSG_EQ(log.frameViolations, 0U, tid.GetName() << " K=" << k);
                }
                NS_TEST_ASSERT_MSG_GT(log.refused, 0U, "the stream must damage PDUs, K=" << k);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Decisions are reproducible for fixed inputs and fixed random streams.
 */
class BufferPolicyDeterminismTestCase : public TestCase
{
  public:
    BufferPolicyDeterminismTestCase()
        : TestCase("Every registered buffer policy makes identical decisions for identical "
                   "inputs after AssignStreams with the same stream")
    {
    }

  private:
    void DoRun() override
    {
        for (const TypeId& tid : Policies())
        {
            Ptr<AtmBufferPolicy> a = Make(tid);
            Ptr<AtmBufferPolicy> b = Make(tid);
            const int64_t na = a->AssignStreams(17);
            const int64_t nb = b->AssignStreams(17);
            NS_TEST_ASSERT_MSG_EQ(na, nb, tid.GetName() << " stream counts");
            NS_TEST_ASSERT_MSG_EQ((na >= 0), true, tid.GetName() << " negative stream count");
            const RunLog la = RandomRun(a, 20, 4, 7, 6000);
            const RunLog lb = RandomRun(b, 20, 4, 7, 6000);
            NS_TEST_ASSERT_MSG_EQ(la.decisions.size(), lb.decisions.size(), tid.GetName());
            bool same = la.decisions.size() == lb.decisions.size();
            for (size_t i = 0; same && i < la.decisions.size(); ++i)
            {
                same = la.decisions[i] == lb.decisions[i];
            }
            NS_TEST_ASSERT_MSG_EQ(same, true, tid.GetName() << " decisions differ");
            NS_TEST_ASSERT_MSG_GT(la.decisions.size(), 1000U, "enough decisions compared");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief EPD's T and the fair-share policies' R follow the one threshold rule of
 *        atm-threshold-utils.h.
 */
class BufferPolicyThresholdRuleTestCase : public TestCase
{
  public:
    BufferPolicyThresholdRuleTestCase()
        : TestCase("EPD's T, Selective Drop's R and FBA's R are the same AtmThresholdCells() for "
                   "the same ThresholdFraction and K, and ThresholdCells overrides it in all three")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> epd = CreateObject<EpdBufferPolicy>();
        Ptr<SelectiveDropBufferPolicy> sd = CreateObject<SelectiveDropBufferPolicy>();
        Ptr<FbaBufferPolicy> fba = CreateObject<FbaBufferPolicy>();
        const std::vector<Ptr<Object>> all = {epd, sd, fba};
        for (double f : {0.8, 0.875, 0.57, 0.5, 0.29, 0.7, 0.999999, 0.000001, 1.0 / 3.0})
        {
            for (const Ptr<Object>& p : all)
            {
                p->SetAttribute("ThresholdFraction", DoubleValue(f));
            }
            const uint32_t micro = AtmThresholdFractionToMicro(f);
            for (uint32_t k : {1U, 2U, 3U, 7U, 10U, 100U, 1000U, 8192U, 600000U, 20000000U})
            {
                const uint32_t t = AtmThresholdCells(0, micro, k);
                NS_TEST_ASSERT_MSG_EQ(epd->GetThresholdCells(k), t, "EPD T, f=" << f << " K=" << k);
                NS_TEST_ASSERT_MSG_EQ(sd->GetThresholdCells(k), t, "SD R, f=" << f << " K=" << k);
                NS_TEST_ASSERT_MSG_EQ(fba->GetThresholdCells(k), t, "FBA R, f=" << f << " K=" << k);
            }
        }
        for (const Ptr<Object>& p : all)
        {
            p->SetAttribute("ThresholdCells", UintegerValue(123));
        }
        NS_TEST_ASSERT_MSG_EQ(epd->GetThresholdCells(1000), 123U, "EPD: ThresholdCells overrides");
        NS_TEST_ASSERT_MSG_EQ(sd->GetThresholdCells(1000), 123U, "SD: ThresholdCells overrides");
        NS_TEST_ASSERT_MSG_EQ(fba->GetThresholdCells(1000), 123U, "FBA: ThresholdCells overrides");
    }
};

/**
 * @ingroup atm-tests
 * @brief RM cells bypass every registered policy at a real port without breaking its contract.
 */
class BufferPolicyRmCellTestCase : public TestCase
{
  public:
    BufferPolicyRmCellTestCase()
        : TestCase("With every registered buffer policy at an AtmOutputPort, RM cells (PTI 110) "
                   "interleaved between the cells of PDUs on an overloaded buffer are stored iff "
                   "the buffer has room, leave their VC's frame state unchanged, are never "
                   "purged and leave in FIFO order with their VC's cells; the frame rule and the "
                   "cell ledger still hold")
    {
    }

  private:
    void DoRun() override
    {
        for (const TypeId& tid : Policies())
        {
            uint32_t rmStored = 0;
            uint32_t rmDropped = 0;
            for (AtmOutputPort::QueueMode mode : {AtmOutputPort::PER_VC, AtmOutputPort::SHARED})
            {
                for (uint32_t k : {5U, 24U})
                {
                    Ptr<AtmBufferPolicy> policy = Make(tid);
                    const bool frameAware = policy->IsFrameAware();
                    const RmRunLog log = RmRun(policy, k, mode, 4, 300 + k + mode, 4000);
                    const std::string what =
                        tid.GetName() + " K=" + std::to_string(k) + " mode=" + std::to_string(mode);
                    NS_TEST_ASSERT_MSG_GT(log.rmOffered, 0U, what);
                    NS_TEST_ASSERT_MSG_EQ(log.rmRoomMismatches, 0U, what << ": stored iff room");
                    NS_TEST_ASSERT_MSG_EQ(log.rmWrongReason, 0U, what << ": RM drop reason");
                    NS_TEST_ASSERT_MSG_EQ(log.rmFrameDrops, 0U, what << ": no FrameDrop for RM");
                    NS_TEST_ASSERT_MSG_EQ(log.rmFrameStateChanges,
                                          0U,
                                          what << ": frame state unchanged by RM cells");
                    NS_TEST_ASSERT_MSG_GT(log.dataRefused, 0U, what << ": the load must drop");
                    if (frameAware)
                    {
                        NS_TEST_ASSERT_MSG_EQ(log.frameViolations, 0U, what << ": frame rule");
                    }
                    NS_TEST_ASSERT_MSG_EQ(log.ledgerBreaks, 0U, what << ": cell ledger");
                    NS_TEST_ASSERT_MSG_EQ(log.fifoBreaks, 0U, what << ": FIFO per VC");
                    NS_TEST_ASSERT_MSG_EQ(log.rmPurged, 0U, what << ": RM cells never purged");
                    NS_TEST_ASSERT_MSG_EQ(log.rmNotDeparted, 0U, what << ": RM cells all left");
                    NS_TEST_ASSERT_MSG_EQ(log.leftQueued, 0U, what << ": drained");
                    rmStored += log.rmStored;
                    rmDropped += log.rmDropped;
                }
            }
            NS_TEST_ASSERT_MSG_GT(rmStored, 0U, tid.GetName() << ": some RM cells stored");
            NS_TEST_ASSERT_MSG_GT(rmDropped, 0U, tid.GetName() << ": some RM cells found no room");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-buffer-policy-contract test suite.
 */
class BufferPolicyContractTestSuite : public TestSuite
{
  public:
    BufferPolicyContractTestSuite()
        : TestSuite("atm-buffer-policy-contract", ATM_SUITE_UNIT)
    {
        AddTestCase(new ShortNamesTestCase<AtmBufferPolicyFactory, AtmBufferPolicy>(
                        "For every short name of AtmBufferPolicyFactory (tail, ppd, epd, ...): the "
                        "short name and the TypeId name both create an object of exactly that "
                        "TypeId, and ConstructibleSubclasses lists it once for this suite"),
                    ATM_TEST_QUICK);
        AddTestCase(new BufferPolicyNeverOverfillsTestCase, ATM_TEST_QUICK);
        AddTestCase(new BufferPolicyFrameRuleTestCase, ATM_TEST_QUICK);
        AddTestCase(new BufferPolicyDeterminismTestCase, ATM_TEST_QUICK);
        AddTestCase(new BufferPolicyThresholdRuleTestCase, ATM_TEST_QUICK);
        AddTestCase(new BufferPolicyRmCellTestCase, ATM_TEST_QUICK);
    }
};

static BufferPolicyContractTestSuite
    g_bufferPolicyContractTestSuite; //!< static instance registering the suite
