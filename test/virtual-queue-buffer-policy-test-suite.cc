/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-int128.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/virtual-queue-buffer-policy.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of VirtualQueueBufferPolicy (Siu, Wu and Ren's virtual queueing with MCR scheduling, as
 * reviewed in O. Bonaventure's thesis, 1998, ch. 8, Figs 8.25 and 8.26), on hand-built port
 * states driven as the port drives them: the threshold Th and its corners (B_occ = Th - 1 and
 * Th, M[i] x N = Th - 1 and Th), the emulated round robin that decrements the virtual queues,
 * the advance w, the MCR phase by hand (credits, parking, the credit of exactly one cell, the
 * debt of a slot taken without credit, idle VCs earning nothing, several periods caught up at
 * once), and the lazy timer against a reference that applies every period as its own event.
 * On a real output port, the arrival instants and slot starts reach the timer.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param k K
 * @param mcrs each VC's MCR in cells/s (a GFR contract; 0: a UBR VC without one)
 * @return the state, one queue per VC, empty
 */
AtmPortState
McrState(uint32_t k, const std::vector<uint64_t>& mcrs)
{
    AtmPortState s(k);
    for (uint64_t mcr : mcrs)
    {
        const uint32_t q = s.AddQueue(AtmServiceCategory::GFR);
        if (mcr > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                            AtmCellRate(100000),
                                            AtmCellRate(mcr),
                                            10,
                                            10),
                    q);
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, q);
        }
    }
    return s;
}

/**
 * @param th ThresholdCells
 * @param w AdvanceCells
 * @param period TimerPeriod
 * @return the policy
 */
Ptr<VirtualQueueBufferPolicy>
MakeVq(uint32_t th, uint32_t w, Time period)
{
    Ptr<VirtualQueueBufferPolicy> p = CreateObject<VirtualQueueBufferPolicy>();
    p->SetAttribute("ThresholdCells", UintegerValue(th));
    p->SetAttribute("AdvanceCells", UintegerValue(w));
    p->SetAttribute("TimerPeriod", TimeValue(period));
    return p;
}

/// @return the refusal of a PDU by the virtual-queue rule
AtmAdmitDecision
Refused()
{
    return AtmAdmitDecision::DropFrame(VirtualQueueBufferPolicy::OVER_VIRTUAL_SHARE, false);
}

/**
 * @param ids VC ids
 * @return them as "0 1 2"
 */
std::string
Ids(const std::vector<uint32_t>& ids)
{
    std::string s;
    for (uint32_t id : ids)
    {
        s += (s.empty() ? "" : " ") + std::to_string(id);
    }
    return s;
}

/**
 * @param p a policy
 * @param n the number of VCs
 * @return "M0 M1 ..." of the policy
 */
std::string
Ms(Ptr<VirtualQueueBufferPolicy> p, uint32_t n)
{
    std::string s;
    for (uint32_t vc = 0; vc < n; ++vc)
    {
        s += (s.empty() ? "" : " ") + std::to_string(p->GetVirtualQueue(vc));
    }
    return s;
}

/**
 * @ingroup atm-tests
 * @brief An independent model of the figures' rules as the policy reads them, with every timer
 *        period applied as an event of its own and the lists as std::deque: the oracle of the
 *        lazy timer.
 */
class ReferenceVq
{
  public:
    /**
     * @param mcrMilli each VC's MCR in millicells/s
     * @param th Th
     * @param w w
     * @param period T in time steps
     */
    ReferenceVq(std::vector<uint64_t> mcrMilli, uint32_t th, int64_t w, int64_t period)
        : m_mcr(std::move(mcrMilli)),
          m_th(th),
          m_w(w),
          m_period(period),
          m_one(static_cast<AtmInt128>(1000) * Seconds(1).GetTimeStep())
    {
        m.assign(m_mcr.size(), -w);
        credit.assign(m_mcr.size(), 0);
    }

    /// One timer period: credit to the VCs of both lists, parked VCs back, phase 1.
    void Tick()
    {
        for (uint32_t j : active)
        {
            credit[j] += static_cast<AtmInt128>(m_mcr[j]) * m_period;
        }
        for (uint32_t j : parked)
        {
            credit[j] += static_cast<AtmInt128>(m_mcr[j]) * m_period;
        }
        Unpark();
        phase = 1;
    }

    /**
     * @param x B_occ
     * @param k K
     * @param first the cell is the first of its PDU
     * @param vc the VC
     * @param eom the cell is an EOM
     * @return the decision
     */
    AtmAdmitDecision Admit(uint32_t x, uint32_t k, bool first, uint32_t vc, bool eom)
    {
        if (first)
        {
            const int64_t n =
                std::max<int64_t>(static_cast<int64_t>(active.size() + parked.size()), 1);
            if (x >= m_th && m[vc] * n >= static_cast<int64_t>(m_th))
            {
                return Refused();
            }
        }
        if (x >= k)
        {
            return AtmAdmitDecision::DropFrame(VirtualQueueBufferPolicy::BUFFER_FULL, true);
        }
        Enter(vc);
        return AtmAdmitDecision::Accept();
    }

    /**
     * @brief A kept EOM of a PDU in PPD.
     * @param x B_occ
     * @param k K
     * @param vc the VC
     */
    void Delimiter(uint32_t x, uint32_t k, uint32_t vc)
    {
        if (x < k)
        {
            Enter(vc);
        }
    }

    /// A cell has been sent: one slot of the emulated scheduler.
    void Sent()
    {
        if (phase == 1 && active.empty())
        {
            Unpark();
            phase = 2;
        }
        if (active.empty())
        {
            return;
        }
        const uint32_t k = active.front();
        active.pop_front();
        --m[k];
        if (phase == 2)
        {
            if (m[k] > -m_w)
            {
                active.push_back(k);
            }
            return;
        }
        credit[k] -= m_one;
        if (m[k] > -m_w && credit[k] > m_one)
        {
            active.push_back(k);
        }
        else if (m[k] > -m_w)
        {
            parked.push_back(k);
        }
        bool someCredit = false;
        for (uint32_t j : active)
        {
            someCredit = someCredit || credit[j] >= m_one;
        }
        for (uint32_t j : parked)
        {
            someCredit = someCredit || credit[j] >= m_one;
        }
        if (!someCredit)
        {
            Unpark();
            phase = 2;
        }
    }

    /**
     * @param vc a VC
     * @return its credit in cells
     */
    double Credit(uint32_t vc) const
    {
        return static_cast<double>(credit[vc]) / static_cast<double>(m_one);
    }

    std::vector<int64_t> m;        //!< M per VC
    std::vector<AtmInt128> credit; //!< W per VC, in 1/m_one cells
    std::deque<uint32_t> active;   //!< L
    std::deque<uint32_t> parked;   //!< parked VCs
    uint32_t phase{2};             //!< the phase

  private:
    /// @param vc a VC whose cell enters the buffer
    void Enter(uint32_t vc)
    {
        ++m[vc];
        if (m[vc] == -m_w + 1)
        {
            active.push_back(vc);
        }
    }

    /// Put the parked VCs back behind L.
    void Unpark()
    {
        active.insert(active.end(), parked.begin(), parked.end());
        parked.clear();
    }

    std::vector<uint64_t> m_mcr; //!< MCRs, millicells/s
    uint32_t m_th;               //!< Th
    int64_t m_w;                 //!< w
    int64_t m_period;            //!< T in time steps
    AtmInt128 m_one;             //!< one cell of credit
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief Defaults, the threshold Th and the initial state.
 */
class VqDefaultsTestCase : public TestCase
{
  public:
    VqDefaultsTestCase()
        : TestCase("vq defaults: Th = floor(0.8 x K) unless ThresholdCells, w = 0, T = 1 ms; "
                   "every virtual queue starts at -w outside the active list, in phase 2")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmBufferPolicy> byName = AtmBufferPolicyFactory::Create("vq");
        Ptr<VirtualQueueBufferPolicy> p = DynamicCast<VirtualQueueBufferPolicy>(byName);
        NS_TEST_ASSERT_MSG_EQ((p != nullptr), true, "vq creates a VirtualQueueBufferPolicy");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "frame-aware");
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(100), 80U, "0.8 x 100");
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(8192), 6553U, "floor(0.8 x 8192)");
        UintegerValue w;
        p->GetAttribute("AdvanceCells", w);
        NS_TEST_ASSERT_MSG_EQ(w.Get(), 0U, "w");
        TimeValue t;
        p->GetAttribute("TimerPeriod", t);
        NS_TEST_ASSERT_MSG_EQ(t.Get(), MilliSeconds(1), "T");
        p->SetAttribute("ThresholdCells", UintegerValue(42));
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(100), 42U, "ThresholdCells overrides");
        p->SetAttribute("AdvanceCells", UintegerValue(3));
        p->NotifyVcAdded(0);
        NS_TEST_ASSERT_MSG_EQ(p->GetVirtualQueue(0), -3, "M = -w");
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "phase 2 before any credit");
        NS_TEST_ASSERT_MSG_EQ(p->GetActiveList().empty(), true, "L empty");
    }
};

/**
 * @ingroup atm-tests
 * @brief Plain virtual queueing (T = 0, w = 0) by hand: the rule and its corners.
 */
class VqThresholdTestCase : public TestCase
{
  public:
    VqThresholdTestCase()
        : TestCase("vq with w=0, no MCR phase, K=20, Th=10: a first cell is refused iff B_occ >= "
                   "Th and M[i] x N >= Th (M 6 of N 2 refused, M 4 accepted, M 5 of N 2 refused "
                   "at equality, a new VC accepted); every sent cell decrements the VCs of L "
                   "round robin; below Th everything is accepted")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VirtualQueueBufferPolicy> p = MakeVq(10, 0, Time(0));
        AtmPortState s = MakePerVcState(20, 3);
        PolicyDriver port(p, s);
        for (uint16_t i = 0; i < 6; ++i)
        {
            port.Offer(MakePduCell(0, i, 6));
        }
        for (uint16_t i = 0; i < 4; ++i)
        {
            port.Offer(MakePduCell(1, i, 4));
        }
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "6 4 0", "M counts the accepted cells");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0 1", "L in order of first cells");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 10U, "B_occ = Th");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).decision, Refused(), "6 x 2 >= 10");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision,
                              AtmAdmitDecision::Accept(),
                              "4 x 2 = 8 < 10");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision,
                              Refused(),
                              "5 x 2 = 10 >= 10 (equality refuses)");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1)).decision,
                              AtmAdmitDecision::Accept(),
                              "VC 2: 0 x 2 < 10");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "6 5 1", "after the accepts");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0 1 2", "VC 2 joins L");
        // Three cells leave (all of VC 0): the emulated round robin serves 0, 1, 2.
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "5 5 1", "VC 0 served");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "1 2 0", "to the back");
        port.Depart(0);
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "5 4 0", "VC 1, then VC 2, which leaves L");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0 1", "VC 2 out");
        // B_occ = 9 = Th - 1: VC 0 with M = 5 (5 x 2 >= 10) is accepted all the same.
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 9U, "B_occ = Th - 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 2)).decision,
                              AtmAdmitDecision::Accept(),
                              "below Th");
        // Its second cell at B_occ = Th: inside the PDU, accepted.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 2)).decision,
                              AtmAdmitDecision::Accept(),
                              "inside the PDU");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "7 4 0", "both counted");
        // A refused PDU's middle cells are the port's: not counted.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 3)).decision, Refused(), "7 x 2");
        port.Offer(MakePduCell(0, 1, 3));
        port.Offer(MakePduCell(0, 2, 3));
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 3), "7 4 0", "nothing counted");
    }
};

/**
 * @ingroup atm-tests
 * @brief The advance w: M runs down to -w, the VC joins L at M = -w + 1.
 */
class VqAdvanceTestCase : public TestCase
{
  public:
    VqAdvanceTestCase()
        : TestCase("vq with w=2, Th=4: a VC joins L when M reaches -1 and leaves it at -2, so "
                   "it is served two slots beyond its cells; M 2 of N 2 is refused at "
                   "equality, M -2 is accepted")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VirtualQueueBufferPolicy> p = MakeVq(4, 2, Time(0));
        AtmPortState s = MakePerVcState(20, 2);
        PolicyDriver port(p, s);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "-2 -2", "start at -w");
        port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0", "joins at M = -1");
        port.Offer(MakePduCell(0, 1, 3));
        port.Offer(MakePduCell(0, 2, 3));
        port.Offer(MakePduCell(1, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "1 -1", "M");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0 1", "L");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "0 -1", "VC 0 served");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "0 -2", "VC 1 served, leaves L");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0", "L");
        port.Depart(0);
        port.Depart(1);
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "-2 -2", "VC 0 served down to -w");
        NS_TEST_ASSERT_MSG_EQ(p->GetActiveList().empty(), true, "L empty with the buffer");
        for (uint16_t i = 0; i < 4; ++i)
        {
            port.Offer(MakePduCell(1, i, 4));
        }
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "-2 2", "VC 1: -2 + 4");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 4U, "B_occ = Th");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).decision,
                              AtmAdmitDecision::Accept(),
                              "VC 0: -2 x 1 < 4");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision,
                              Refused(),
                              "VC 1: 2 x 2 = 4 >= 4");
    }
};

/**
 * @ingroup atm-tests
 * @brief The MCR phase by hand.
 */
class VqMcrPhaseTestCase : public TestCase
{
  public:
    VqMcrPhaseTestCase()
        : TestCase("vq with T=1 ms and MCRs of 1500 and 500 cells per s: each tick gives 1.5 and "
                   "0.5 cells of credit to the listed VCs and starts phase 1; a slot taken "
                   "without credit leaves a debt and parks the VC; a VC left with exactly one "
                   "cell of credit is parked yet holds phase 1; phase 2 puts the parked VCs "
                   "back; an idle VC earns nothing; two periods are caught up at once")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VirtualQueueBufferPolicy> p = MakeVq(19, 0, MilliSeconds(1));
        AtmPortState s = McrState(20, {1500, 500});
        PolicyDriver port(p, s);
        s.SetNow(Seconds(0));
        for (uint16_t i = 0; i < 4; ++i)
        {
            port.Offer(MakePduCell(0, i, 4));
        }
        for (uint16_t i = 0; i < 4; ++i)
        {
            port.Offer(MakePduCell(1, i, 4));
        }
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0 1", "L");
        // Departures: the real cells of VC 0, then VC 1 (which ones does not matter).
        const uint32_t order[] = {0, 0, 0, 0, 1, 1, 1, 1};
        uint32_t sent = 0;
        auto depart = [&](Time at) {
            s.SetNow(at);
            port.Depart(order[sent++]);
        };
        depart(MicroSeconds(500)); // phase 2: VC 0 served
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "3 4", "0.5 ms");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "1 0", "0.5 ms");
        depart(MilliSeconds(1)); // tick first: W = 1.5, 0.5; phase 1 serves VC 1 (no credit)
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 1U, "1 ms: phase 1 (VC 0 holds credit)");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "3 3", "1 ms");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(0), 1.5, "1 ms: W0");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(1), -0.5, "1 ms: W1, a debt");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "0", "1 ms: L");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetParkedList()), "1", "1 ms: VC 1 parked");
        depart(MicroSeconds(1100)); // VC 0 served with credit: W0 = 0.5, parked; phase 2
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "1.1 ms: no credit left, phase 2");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "2 3", "1.1 ms");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(0), 0.5, "1.1 ms: W0");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "1 0", "1.1 ms: parked VCs back in order");
        NS_TEST_ASSERT_MSG_EQ(p->GetParkedList().empty(), true, "1.1 ms");
        depart(MicroSeconds(1200)); // phase 2: VC 1
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "2 2", "1.2 ms");
        depart(MilliSeconds(2)); // tick: W = 2.0, 0.0; VC 0 served: W0 = 1.0, parked
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 1U, "2 ms: VC 0 parked with W = 1 holds phase 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(0), 1.0, "2 ms: W0");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(1), 0.0, "2 ms: W1, debt repaid");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "1", "2 ms: L");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetParkedList()), "0", "2 ms: not re-listed (W > 1 fails)");
        depart(MicroSeconds(2100)); // VC 1 in phase 1 without credit: W1 = -1, parked
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 1U, "2.1 ms: still phase 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(1), -1.0, "2.1 ms: W1");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetParkedList()), "0 1", "2.1 ms: L empty");
        depart(MicroSeconds(2200)); // L empty in phase 1: phase 2, VC 0 served and leaves
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "2.2 ms");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "0 1", "2.2 ms");
        NS_TEST_ASSERT_MSG_EQ(Ids(p->GetActiveList()), "1", "2.2 ms");
        depart(MicroSeconds(2300));
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "0 0", "2.3 ms: all served");
        NS_TEST_ASSERT_MSG_EQ(p->GetActiveList().empty(), true, "2.3 ms");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 0U, "buffer empty");
        // 3.7 ms: the 3 ms tick found no VC listed: VC 0 kept W = 1.0 while idle.
        s.SetNow(MicroSeconds(3700));
        port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(0), 1.0, "3.7 ms: idle VCs earn nothing");
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 1U, "3.7 ms: the tick started phase 1");
        // 5 ms: the ticks at 4 and 5 ms together give 3.0; the slot spends one.
        s.SetNow(MilliSeconds(5));
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(0), 3.0, "5 ms: 1.0 + 2 x 1.5 - 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(1), -1.0, "5 ms: VC 1 idle, unchanged");
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "5 ms: VC 0 left, no credit listed");
        NS_TEST_ASSERT_MSG_EQ(Ms(p, 2), "0 0", "5 ms");
    }
};

/**
 * @ingroup atm-tests
 * @brief The lazy timer against a reference that applies every period as its own event.
 */
class VqLazyTimerTestCase : public TestCase
{
  public:
    /**
     * @param seed the event stream's seed
     * @param w AdvanceCells
     */
    VqLazyTimerTestCase(uint32_t seed, uint32_t w)
        : TestCase("vq's lazily caught-up timer (T = 0.4 ms, w = " + std::to_string(w) +
                   ") makes every decision and leaves every M, W, phase and list as a reference "
                   "model applying each period as its own event, over 20000 random arrivals and "
                   "departures at random instants (seed " +
                   std::to_string(seed) + ")"),
          m_seed(seed),
          m_w(w)
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint64_t> mcrs = {0, 800, 2500, 6000};
        const uint32_t nVcs = static_cast<uint32_t>(mcrs.size());
        const uint32_t k = 60;
        const uint32_t th = 30;
        const Time period = MicroSeconds(400);
        Ptr<VirtualQueueBufferPolicy> p = MakeVq(th, m_w, period);
        AtmPortState s = McrState(k, mcrs);
        std::vector<uint64_t> milli;
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            milli.push_back(s.GetVcMcrMilli(vc));
        }
        ReferenceVq ref(milli, th, m_w, period.GetTimeStep());
        PolicyDriver port(p, s);
        std::mt19937 rng(m_seed);
        std::vector<uint16_t> next(nVcs, 0);
        std::vector<uint16_t> count(nVcs, 0);
        int64_t now = 0;
        int64_t nextTick = period.GetTimeStep();
        uint32_t refusals = 0;
        uint32_t phaseOneSlots = 0;
        uint32_t multiTickGaps = 0; // calls that caught up more than one period
        uint32_t pendingTicks = 0;  // periods since the policy's last call
        bool same = true;
        for (uint32_t step = 0; step < 20000 && same; ++step)
        {
            // Up to 0.3 ms between events, now and then up to 2 ms (several periods).
            now += static_cast<int64_t>(rng() % (rng() % 20 == 0 ? 2000000 : 300000));
            uint32_t ticks = 0;
            while (nextTick <= now)
            {
                ref.Tick();
                nextTick += period.GetTimeStep();
                ++ticks;
            }
            pendingTicks += ticks;
            s.SetNow(Time(now));
            const uint32_t vc = rng() % nVcs;
            bool called = true; // the policy is called (it catches up when it is)
            if (rng() % 100 < 55 || s.GetCellsInBuffer() == 0)
            {
                if (next[vc] == 0)
                {
                    count[vc] = static_cast<uint16_t>(1 + rng() % 6);
                }
                const AtmCell cell = MakePduCell(vc, next[vc], count[vc]);
                const AtmFrameState fs = s.GetFrameState(vc);
                AtmAdmitDecision want;
                const bool consulted = fs == AtmFrameState::IDLE || fs == AtmFrameState::ACCEPT;
                if (consulted)
                {
                    want = ref.Admit(s.GetCellsInBuffer(),
                                     k,
                                     fs == AtmFrameState::IDLE,
                                     vc,
                                     cell.IsEndOfPdu());
                }
                else if (fs == AtmFrameState::DROP_PPD && cell.IsEndOfPdu())
                {
                    ref.Delimiter(s.GetCellsInBuffer(), k, vc);
                }
                else
                {
                    called = false; // a cell the port drops without the policy
                }
                const PolicyDriver::Outcome out = port.Offer(cell);
                same = same && out.consulted == consulted && (!consulted || out.decision == want);
                refusals += (consulted && out.decision == Refused()) ? 1 : 0;
                next[vc] = cell.IsEndOfPdu() ? 0 : static_cast<uint16_t>(next[vc] + 1);
            }
            else
            {
                uint32_t from = vc;
                while (s.GetVcCells(from) == 0)
                {
                    from = (from + 1) % nVcs;
                }
                phaseOneSlots += ref.phase == 1 ? 1 : 0;
                ref.Sent();
                port.Depart(from);
            }
            if (!called)
            {
                continue; // the policy has not seen the ticks since its last call yet
            }
            multiTickGaps += pendingTicks > 1 ? 1 : 0;
            pendingTicks = 0;
            for (uint32_t j = 0; j < nVcs; ++j)
            {
                same = same && p->GetVirtualQueue(j) == ref.m[j] &&
                       p->GetCreditCells(j) == ref.Credit(j);
            }
            same =
                same && p->GetPhase() == ref.phase &&
                p->GetActiveList() == std::vector<uint32_t>(ref.active.begin(), ref.active.end()) &&
                p->GetParkedList() == std::vector<uint32_t>(ref.parked.begin(), ref.parked.end());
            NS_TEST_ASSERT_MSG_EQ(same, true, "policy and reference differ at step " << step);
        }
        NS_TEST_ASSERT_MSG_GT(refusals, 50U, "the run refuses PDUs by the rule");
        NS_TEST_ASSERT_MSG_GT(phaseOneSlots, 200U, "the run serves slots in phase 1");
        NS_TEST_ASSERT_MSG_GT(multiTickGaps, 50U, "the run catches up several periods at once");
    }

    uint32_t m_seed; //!< the seed
    uint32_t m_w;    //!< w
};

/**
 * @ingroup atm-tests
 * @brief On an output port, the timer follows the arrival instants and the slot starts.
 */
class VqPortTestCase : public TestCase
{
  public:
    VqPortTestCase()
        : TestCase("vq on an output port: a cell stored at 0.5 ms and sent at the slot of 3 ms "
                   "earns the credit of the ticks at 1, 2 and 3 ms (3 cells at 1000 cells per "
                   "s) and spends one in phase 1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VirtualQueueBufferPolicy> p = MakeVq(0, 0, MilliSeconds(1));
        Ptr<AtmOutputPort> port = MakeOutputPort(10, AtmOutputPort::SHARED, p);
        const uint32_t vc = port->AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                                AtmCellRate(100000),
                                                                AtmCellRate(1000),
                                                                10,
                                                                10));
        port->Receive(MakePduCell(vc, 0, 2), vc, MicroSeconds(500));
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "no tick yet");
        port->Receive(MakePduCell(vc, 1, 2), vc, MicroSeconds(700));
        NS_TEST_ASSERT_MSG_EQ(p->GetVirtualQueue(vc), 2, "two cells in");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(MilliSeconds(3)).has_value(), true, "sent");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(vc), 2.0, "3 ticks of 1 cell, one spent");
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 1U, "credit left: phase 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetVirtualQueue(vc), 1, "M");
        NS_TEST_ASSERT_MSG_EQ(port->Dequeue(MicroSeconds(3100)).has_value(), true, "sent");
        NS_TEST_ASSERT_MSG_EQ(p->GetCreditCells(vc), 1.0, "one more spent");
        NS_TEST_ASSERT_MSG_EQ(p->GetPhase(), 2U, "the VC left the list: phase 2");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-virtual-queue-buffer-policy test suite.
 */
class VirtualQueueBufferPolicyTestSuite : public TestSuite
{
  public:
    VirtualQueueBufferPolicyTestSuite()
        : TestSuite("atm-virtual-queue-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new VqDefaultsTestCase, ATM_TEST_QUICK);
        AddTestCase(new VqThresholdTestCase, ATM_TEST_QUICK);
        AddTestCase(new VqAdvanceTestCase, ATM_TEST_QUICK);
        AddTestCase(new VqMcrPhaseTestCase, ATM_TEST_QUICK);
        AddTestCase(new VqLazyTimerTestCase(1, 0), ATM_TEST_QUICK);
        AddTestCase(new VqLazyTimerTestCase(2, 2), ATM_TEST_QUICK);
        AddTestCase(new VqPortTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static VirtualQueueBufferPolicyTestSuite g_virtualQueueBufferPolicyTestSuite;
