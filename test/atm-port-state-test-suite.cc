/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-port-state.h"
#include "ns3/test.h"

#include <random>
#include <sstream>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmPortState: the counters after hand-made enqueue/dequeue sequences (expected values
 * computed by hand), the active-VC count, eligibility, frame states, and the identities against
 * shadow counters over a long random sequence.
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief Total, per-VC and per-queue occupancy follow a hand-made enqueue/dequeue sequence.
 */
class AtmPortStateCountersTestCase : public TestCase
{
  public:
    AtmPortStateCountersTestCase()
        : TestCase("Total, per-VC and per-queue cell counts follow enqueues and dequeues, with "
                   "VCs sharing a queue")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s(10);
        const uint32_t q0 = s.AddQueue(AtmServiceCategory::CBR);
        const uint32_t q1 = s.AddQueue(AtmServiceCategory::UBR);
        NS_TEST_ASSERT_MSG_EQ(q0, 0U, "queues are numbered from 0");
        NS_TEST_ASSERT_MSG_EQ(q1, 1U, "queues are numbered densely");
        const uint32_t a = s.AddVc(AtmServiceCategory::CBR, q0);
        const uint32_t b = s.AddVc(AtmServiceCategory::UBR, q1);
        const uint32_t c = s.AddVc(AtmServiceCategory::UBR, q1);
        NS_TEST_ASSERT_MSG_EQ(c, 2U, "VCs are numbered densely from 0");
        NS_TEST_ASSERT_MSG_EQ(s.GetNVcs(), 3U, "three VCs");
        NS_TEST_ASSERT_MSG_EQ(s.GetNQueues(), 2U, "two queues");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcQueue(c), 1U, "VC c feeds queue 1");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcServiceCategory(a), AtmServiceCategory::CBR, "category");
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueServiceCategory(q1), AtmServiceCategory::UBR, "category");
        NS_TEST_ASSERT_MSG_EQ(s.GetBufferCells(), 10U, "K");

        // a a b c c c, then dequeue a, c, c
        NS_TEST_ASSERT_MSG_EQ(s.OnEnqueue(a), true, "queue 0 was empty");
        NS_TEST_ASSERT_MSG_EQ(s.OnEnqueue(a), false, "queue 0 already backlogged");
        NS_TEST_ASSERT_MSG_EQ(s.OnEnqueue(b), true, "queue 1 was empty");
        NS_TEST_ASSERT_MSG_EQ(s.OnEnqueue(c), false, "queue 1 holds VC b's cell");
        s.OnEnqueue(c);
        s.OnEnqueue(c);
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 6U, "X = 2 + 1 + 3");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(a), 2U, "X_a");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(b), 1U, "X_b");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(c), 3U, "X_c");
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueCells(q0), 2U, "queue 0 = X_a");
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueCells(q1), 4U, "queue 1 = X_b + X_c");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(a), false, "queue 0 keeps one cell");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(c), false, "queue 1 keeps three cells");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(c), false, "queue 1 keeps two cells");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 3U, "X after three dequeues");
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueCells(q1), 2U, "queue 1 after two dequeues");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(a), true, "queue 0 emptied");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(b), false, "queue 1 still holds VC c's cell");
        NS_TEST_ASSERT_MSG_EQ(s.OnDequeue(c), true, "queue 1 emptied");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 0U, "empty");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "identities hold");
    }
};

/**
 * @ingroup atm-tests
 * @brief The active-VC count counts the VCs holding at least one cell.
 */
class AtmPortStateActiveVcsTestCase : public TestCase
{
  public:
    AtmPortStateActiveVcsTestCase()
        : TestCase("The active-VC count is the number of VCs holding at least one cell")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(100, 4);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 0U, "no VC active at start");
        s.OnEnqueue(0);
        s.OnEnqueue(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 1U, "two cells of one VC: one active VC");
        s.OnEnqueue(3);
        s.OnEnqueue(2);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 3U, "VCs 0, 2, 3 active");
        s.OnDequeue(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 3U, "VC 0 still holds a cell");
        s.OnDequeue(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 2U, "VC 0 emptied");
        s.OnDequeue(3);
        s.OnDequeue(2);
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 0U, "all emptied");
    }
};

/**
 * @ingroup atm-tests
 * @brief A queue is eligible iff it holds cells and may send; the eligible count follows both.
 */
class AtmPortStateEligibilityTestCase : public TestCase
{
  public:
    AtmPortStateEligibilityTestCase()
        : TestCase("A queue is eligible iff it holds cells and may send, and the eligible count "
                   "follows cells and flags in either order")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(100, 3);
        NS_TEST_ASSERT_MSG_EQ(s.GetQueueMaySend(0), true, "queues start allowed to send");
        NS_TEST_ASSERT_MSG_EQ(s.IsQueueEligible(0), false, "an empty queue is not eligible");
        s.SetQueueMaySend(1, false); // flag cleared while empty
        s.OnEnqueue(0);
        s.OnEnqueue(1);
        NS_TEST_ASSERT_MSG_EQ(s.IsQueueEligible(0), true, "cells and allowed");
        NS_TEST_ASSERT_MSG_EQ(s.IsQueueEligible(1), false, "cells but held back");
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 1U, "only queue 0");
        s.SetQueueMaySend(1, true);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 2U, "queue 1 released");
        s.SetQueueMaySend(1, true);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(),
                              2U,
                              "setting the same flag twice counts once");
        s.SetQueueMaySend(0, false);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 1U, "queue 0 held back with cells");
        s.OnDequeue(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 1U, "emptying a held-back queue");
        s.SetQueueMaySend(0, true);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 1U, "releasing an empty queue");
        s.OnDequeue(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetNEligibleQueues(), 0U, "all empty");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "identities hold");
    }
};

/**
 * @ingroup atm-tests
 * @brief Frame states are per VC, start IDLE and print with their AtmFrameState names.
 */
class AtmPortStateFrameStateTestCase : public TestCase
{
  public:
    AtmPortStateFrameStateTestCase()
        : TestCase("Frame states start IDLE, are kept per VC and print with their enumerator names")
    {
    }

  private:
    void DoRun() override
    {
        AtmPortState s = MakePerVcState(10, 3);
        for (uint32_t vc = 0; vc < 3; ++vc)
        {
            NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(vc), AtmFrameState::IDLE, "VC " << vc);
        }
        s.SetFrameState(1, AtmFrameState::DROP_PPD);
        s.SetFrameState(2, AtmFrameState::DROP_ALL);
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "VC 0 untouched");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::DROP_PPD, "VC 1");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(2), AtmFrameState::DROP_ALL, "VC 2");
        s.SetFrameState(1, AtmFrameState::ACCEPT);
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::ACCEPT, "VC 1 changed");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(2), AtmFrameState::DROP_ALL, "VC 2 unchanged");

        std::ostringstream os;
        os << AtmFrameState::IDLE << " " << AtmFrameState::ACCEPT << " " << AtmFrameState::DROP_PPD
           << " " << AtmFrameState::DROP_ALL;
        NS_TEST_ASSERT_MSG_EQ(os.str(), "IDLE ACCEPT DROP_PPD DROP_ALL", "names");
        std::ostringstream cats;
        cats << AtmServiceCategory::CBR << " " << AtmServiceCategory::RT_VBR << " "
             << AtmServiceCategory::NRT_VBR << " " << AtmServiceCategory::ABR << " "
             << AtmServiceCategory::GFR << " " << AtmServiceCategory::UBR;
        NS_TEST_ASSERT_MSG_EQ(cats.str(), "CBR rt-VBR nrt-VBR ABR GFR UBR", "ATM Forum names");
    }
};

/**
 * @ingroup atm-tests
 * @brief Over a long random sequence every counter equals a shadow count kept by the test.
 */
class AtmPortStateRandomTestCase : public TestCase
{
  public:
    AtmPortStateRandomTestCase()
        : TestCase("Over 20000 random enqueues, dequeues and flag changes every counter equals an "
                   "independent recount")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(12345);
        const uint32_t nQueues = 4;
        const uint32_t nVcs = 9;
        const uint32_t k = 40;
        AtmPortState s(k);
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            s.AddQueue();
        }
        std::vector<uint32_t> vcQueue(nVcs);
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            vcQueue[vc] = rng() % nQueues;
            s.AddVc(AtmServiceCategory::UBR, vcQueue[vc]);
        }
        std::vector<uint32_t> vcCells(nVcs, 0);
        std::vector<bool> maySend(nQueues, true);
        uint32_t total = 0;
        bool allOk = true;
        for (uint32_t step = 0; step < 20000; ++step)
        {
            const uint32_t r = rng() % 10;
            const uint32_t vc = rng() % nVcs;
            if (r < 5 && total < k)
            {
                s.OnEnqueue(vc);
                ++vcCells[vc];
                ++total;
            }
            else if (r < 9 && vcCells[vc] > 0)
            {
                s.OnDequeue(vc);
                --vcCells[vc];
                --total;
            }
            else if (r == 9)
            {
                const uint32_t q = rng() % nQueues;
                maySend[q] = !maySend[q];
                s.SetQueueMaySend(q, maySend[q]);
            }
            std::vector<uint32_t> queueCells(nQueues, 0);
            uint32_t active = 0;
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                queueCells[vcQueue[v]] += vcCells[v];
                active += vcCells[v] > 0 ? 1 : 0;
                allOk = allOk && s.GetVcCells(v) == vcCells[v];
            }
            uint32_t eligible = 0;
            for (uint32_t q = 0; q < nQueues; ++q)
            {
                allOk = allOk && s.GetQueueCells(q) == queueCells[q];
                const bool e = queueCells[q] > 0 && maySend[q];
                allOk = allOk && s.IsQueueEligible(q) == e;
                eligible += e ? 1 : 0;
            }
            allOk = allOk && s.GetCellsInBuffer() == total && s.GetNActiveVcs() == active &&
                    s.GetNEligibleQueues() == eligible && s.CheckInvariants();
            if (!allOk)
            {
                NS_TEST_ASSERT_MSG_EQ(allOk, true, "counters diverge at step " << step);
                return;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(allOk, true, "counters equal the recount at every step");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-port-state test suite.
 */
class AtmPortStateTestSuite : public TestSuite
{
  public:
    AtmPortStateTestSuite()
        : TestSuite("atm-port-state", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmPortStateCountersTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPortStateActiveVcsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPortStateEligibilityTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPortStateFrameStateTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmPortStateRandomTestCase, ATM_TEST_QUICK);
    }
};

static AtmPortStateTestSuite g_atmPortStateTestSuite; //!< static instance registering the suite
