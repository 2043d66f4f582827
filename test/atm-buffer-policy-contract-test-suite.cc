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
 * buffer, with random departures.
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
    }
};

static BufferPolicyContractTestSuite
    g_bufferPolicyContractTestSuite; //!< static instance registering the suite
