/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/ppd-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of PpdBufferPolicy (BON, JAIN, CRC) on hand-built port states, without a simulator: accept
 * while there is room, DROP_FRAME(BUFFER_FULL) keeping the EOM on overflow (also for a first
 * cell and a single-cell PDU), the EOM kept when room has freed up and dropped when none,
 * EomReserveCells, and per-VC accounting across departures.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// @return the decision every PPD drop must be: DROP_FRAME(BUFFER_FULL, keepEom = true)
AtmAdmitDecision
PpdDrop()
{
    return AtmAdmitDecision::DropFrame(PpdBufferPolicy::BUFFER_FULL, true);
}

/**
 * @param k K
 * @param nVcs number of per-VC queues
 * @param cells cells to put in the buffer, spread over the VCs 0, 1, ... round robin
 * @return the state
 */
AtmPortState
FilledState(uint32_t k, uint32_t nVcs, uint32_t cells)
{
    AtmPortState s = MakePerVcState(k, nVcs);
    for (uint32_t i = 0; i < cells; ++i)
    {
        s.OnEnqueue(i % nVcs);
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief While X < K every cell is accepted, whatever its place in the PDU.
 */
class PpdAcceptsWhileRoomTestCase : public TestCase
{
  public:
    /// @param bufferCells K
    PpdAcceptsWhileRoomTestCase(uint32_t bufferCells)
        : TestCase("PPD accepts first, middle, EOM, single-cell and CLP=1 cells, with no reason, "
                   "whenever X < K (K=" +
                   std::to_string(bufferCells) + ")"),
          m_k(bufferCells)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        NS_TEST_ASSERT_MSG_EQ(policy->IsFrameAware(), true, "PPD is frame-aware");
        for (uint32_t x = 0; x < m_k; ++x)
        {
            // All cells on VC 0 and 1; VC 2 has none queued.
            AtmPortState s = FilledState(m_k, 3, x);
            s.SetFrameState(1, AtmFrameState::ACCEPT);
            const AtmCell cells[] = {MakePduCell(0, 0, 3),        // first (VC 0 IDLE)
                                     MakePduCell(1, 1, 3),        // middle (VC 1 ACCEPT)
                                     MakePduCell(1, 2, 3),        // EOM (VC 1 ACCEPT)
                                     MakePduCell(2, 0, 1),        // single-cell PDU, empty VC
                                     MakePduCell(2, 0, 4, true)}; // first, CLP = 1
            for (const AtmCell& c : cells)
            {
                NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, c.vc, c),
                                      AtmAdmitDecision::Accept(),
                                      "X=" << x << " K=" << m_k << " cell " << c);
            }
        }
    }

    uint32_t m_k; //!< K
};

/**
 * @ingroup atm-tests
 * @brief At X == K every cell gets DROP_FRAME(BUFFER_FULL, keepEom), the first cell included.
 */
class PpdOverflowDecisionTestCase : public TestCase
{
  public:
    /// @param bufferCells K
    PpdOverflowDecisionTestCase(uint32_t bufferCells)
        : TestCase("PPD answers X = K with DROP_FRAME(BUFFER_FULL, keepEom=1) for first, middle, "
                   "EOM and single-cell PDUs (K=" +
                   std::to_string(bufferCells) + ")"),
          m_k(bufferCells)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = FilledState(m_k, 3, m_k);
        s.SetFrameState(1, AtmFrameState::ACCEPT);
        for (const AtmCell& c : {MakePduCell(0, 0, 3),
                                 MakePduCell(1, 1, 3),
                                 MakePduCell(1, 2, 3),
                                 MakePduCell(2, 0, 1)})
        {
            const AtmAdmitDecision d = policy->Admit(s, c.vc, c);
            NS_TEST_ASSERT_MSG_EQ(d, PpdDrop(), "cell " << c);
            NS_TEST_ASSERT_MSG_EQ((d.reason == PpdBufferPolicy::BUFFER_FULL),
                                  true,
                                  "the reason is the class constant (pointer identity)");
        }
        NS_TEST_ASSERT_MSG_EQ(std::string(PpdBufferPolicy::BUFFER_FULL),
                              "PPD: buffer full",
                              "reason text");
    }

    uint32_t m_k; //!< K
};

/**
 * @ingroup atm-tests
 * @brief After an overflow the rest of the PDU is dropped by the port; the EOM is kept if room
 * has freed up by the time it arrives.
 */
class PpdKeepsEomWhenRoomTestCase : public TestCase
{
  public:
    PpdKeepsEomWhenRoomTestCase()
        : TestCase("PPD drops the rest of an overflowed PDU without being consulted and keeps its "
                   "EOM once a departure has made room; the next PDU starts afresh")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = MakePerVcState(4, 2);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 2)).accepted, true, "VC 1 cell 0");
        for (uint16_t i = 0; i < 3; ++i)
        {
            const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, i, 6));
            NS_TEST_ASSERT_MSG_EQ(o.decision, AtmAdmitDecision::Accept(), "VC 0 cell " << i);
        }
        const PolicyDriver::Outcome lost = port.Offer(MakePduCell(0, 3, 6));
        NS_TEST_ASSERT_MSG_EQ(lost.consulted, true, "cell 3 is offered to the policy");
        NS_TEST_ASSERT_MSG_EQ(lost.decision, PpdDrop(), "cell 3 finds X = K = 4");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "PPD state");
        port.Depart(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 3U, "a departure made room");
        const PolicyDriver::Outcome tail = port.Offer(MakePduCell(0, 4, 6));
        NS_TEST_ASSERT_MSG_EQ(tail.consulted, false, "the port drops the tail itself");
        NS_TEST_ASSERT_MSG_EQ(tail.accepted, false, "cell 4 is dropped although X < K");
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 5, 6));
        NS_TEST_ASSERT_MSG_EQ(eom.consulted, false, "the EOM is handled by the port");
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, true, "the EOM is kept (X = 3 < K)");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "the EOM ends the PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4U, "cells 0, 1, 2 and the EOM");
        port.Depart(0);
        const PolicyDriver::Outcome next = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(next.consulted, true, "the next PDU is offered again");
        NS_TEST_ASSERT_MSG_EQ(next.decision, AtmAdmitDecision::Accept(), "and accepted");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief With the buffer still full when the EOM arrives, the EOM is dropped too.
 */
class PpdDropsEomWhenFullTestCase : public TestCase
{
  public:
    PpdDropsEomWhenFullTestCase()
        : TestCase("PPD loses the EOM of an overflowed PDU when the buffer is still full at its "
                   "arrival")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = MakePerVcState(2, 1);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 4)).accepted, true, "cell 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 4)).accepted, true, "cell 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 2, 4)).decision, PpdDrop(), "cell 2");
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(eom.consulted, false, "DROP_PPD: the port decides");
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, false, "X = K: no room for the EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "the EOM ends the PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 2U, "cells 0 and 1 only");
    }
};

/**
 * @ingroup atm-tests
 * @brief A first cell that does not fit is an overflow like any other: PPD, EOM kept.
 */
class PpdFirstCellOverflowTestCase : public TestCase
{
  public:
    PpdFirstCellOverflowTestCase()
        : TestCase("PPD refuses a first cell finding X = K with keepEom=1: the rest of the PDU is "
                   "dropped and its EOM kept if room has freed up (the port's ACCEPT branch)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = MakePerVcState(3, 2);
        PolicyDriver port(policy, s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, i, 10)).accepted, true, "VC 1");
        }
        const PolicyDriver::Outcome first = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(first.decision, PpdDrop(), "first cell at X = K");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "not DROP_ALL");
        port.Depart(1);
        port.Depart(1);
        const PolicyDriver::Outcome middle = port.Offer(MakePduCell(0, 1, 3));
        NS_TEST_ASSERT_MSG_EQ(middle.accepted, false, "middle dropped although X = 1 < K");
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 2, 3));
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, true, "the lone EOM is kept as a delimiter");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 1U, "only the EOM of VC 0 is queued");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
    }
};

/**
 * @ingroup atm-tests
 * @brief A single-cell PDU: accepted with room, dropped alone (VC back to IDLE) without.
 */
class PpdSingleCellPduTestCase : public TestCase
{
  public:
    PpdSingleCellPduTestCase()
        : TestCase("PPD treats a single-cell PDU (first cell = EOM) as one cell: accepted when "
                   "X < K, dropped with the VC left IDLE when X = K")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = MakePerVcState(2, 2);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).decision,
                              AtmAdmitDecision::Accept(),
                              "X = 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision,
                              AtmAdmitDecision::Accept(),
                              "X = 1");
        const PolicyDriver::Outcome full = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(full.decision, PpdDrop(), "X = K = 2");
        NS_TEST_ASSERT_MSG_EQ(full.accepted, false, "dropped");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "no DROP_PPD after an EOM");
        port.Depart(1);
        const PolicyDriver::Outcome next = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(next.consulted, true, "the next PDU is a first cell again");
        NS_TEST_ASSERT_MSG_EQ(next.decision, AtmAdmitDecision::Accept(), "and fits");
    }
};

/**
 * @ingroup atm-tests
 * @brief EomReserveCells keeps places for EOM cells: non-EOM cells stop at K - reserve.
 */
class PpdEomReserveTestCase : public TestCase
{
  public:
    PpdEomReserveTestCase()
        : TestCase("PPD with EomReserveCells=2, K=5: non-EOM cells need X < 3, EOM cells X < 5, "
                   "so the EOM of a PDU that overflowed still finds a place")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        policy->SetAttribute("EomReserveCells", UintegerValue(2));
        for (uint32_t x = 0; x <= 5; ++x)
        {
            AtmPortState s = FilledState(5, 2, x);
            s.SetFrameState(1, AtmFrameState::ACCEPT);
            const AtmAdmitDecision nonEom = (x < 3) ? AtmAdmitDecision::Accept() : PpdDrop();
            const AtmAdmitDecision eom = (x < 5) ? AtmAdmitDecision::Accept() : PpdDrop();
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MakePduCell(0, 0, 3)),
                                  nonEom,
                                  "first x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 1, 3)), nonEom, "mid x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 2, 3)), eom, "EOM x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MakePduCell(0, 0, 1)), eom, "single x=" << x);
        }

        // Driven: VC 0 sends a 6-cell PDU into an empty buffer; cells 0..2 fill X to 3 = K - 2,
        // cell 3 overflows, and the EOM is stored in the reserved places without any departure.
        AtmPortState s = MakePerVcState(5, 1);
        PolicyDriver port(policy, s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 6)).accepted, true, "cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 3, 6)).decision, PpdDrop(), "cell 3");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 4, 6)).accepted, false, "cell 4");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 5, 6)).accepted, true, "EOM in reserve");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 4U, "3 cells + EOM");

        // A reserve of K or more leaves no place to non-EOM cells at all.
        Ptr<PpdBufferPolicy> all = CreateObject<PpdBufferPolicy>();
        all->SetAttribute("EomReserveCells", UintegerValue(7));
        AtmPortState empty = MakePerVcState(5, 1);
        NS_TEST_ASSERT_MSG_EQ(all->Admit(empty, 0, MakePduCell(0, 0, 2)), PpdDrop(), "reserve 7");
        NS_TEST_ASSERT_MSG_EQ(all->Admit(empty, 0, MakePduCell(0, 0, 1)),
                              AtmAdmitDecision::Accept(),
                              "an EOM still fits");
    }
};

/**
 * @ingroup atm-tests
 * @brief PPD looks only at the shared occupancy X: a VC with nothing queued is refused at X = K
 * and accepted again after another VC's departure.
 */
class PpdSharedBufferDeparturesTestCase : public TestCase
{
  public:
    PpdSharedBufferDeparturesTestCase()
        : TestCase("PPD refuses a VC with no cells queued when other VCs fill the buffer, and "
                   "accepts it again after one departure")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PpdBufferPolicy> policy = CreateObject<PpdBufferPolicy>();
        AtmPortState s = MakePerVcState(4, 3);
        PolicyDriver port(policy, s);
        for (uint16_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(i % 2, i / 2, 8)).accepted,
                                  true,
                                  "VCs 0 and 1 fill the buffer");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(2), 0U, "VC 2 has nothing queued");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 2)).decision, PpdDrop(), "VC 2 first");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 1, 2)).accepted,
                              false,
                              "its EOM: still X = K");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 2)).decision,
                              AtmAdmitDecision::Accept(),
                              "after a departure of VC 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 1, 2)).decision,
                              PpdDrop(),
                              "the EOM finds X = K again");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(2), 1U, "VC 2 holds its first cell");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-ppd-buffer-policy test suite.
 */
class PpdBufferPolicyTestSuite : public TestSuite
{
  public:
    PpdBufferPolicyTestSuite()
        : TestSuite("atm-ppd-buffer-policy", ATM_SUITE_UNIT)
    {
        for (uint32_t k : {1U, 7U, 256U})
        {
            AddTestCase(new PpdAcceptsWhileRoomTestCase(k), ATM_TEST_QUICK);
            AddTestCase(new PpdOverflowDecisionTestCase(k), ATM_TEST_QUICK);
        }
        AddTestCase(new PpdKeepsEomWhenRoomTestCase, ATM_TEST_QUICK);
        AddTestCase(new PpdDropsEomWhenFullTestCase, ATM_TEST_QUICK);
        AddTestCase(new PpdFirstCellOverflowTestCase, ATM_TEST_QUICK);
        AddTestCase(new PpdSingleCellPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new PpdEomReserveTestCase, ATM_TEST_QUICK);
        AddTestCase(new PpdSharedBufferDeparturesTestCase, ATM_TEST_QUICK);
    }
};

static PpdBufferPolicyTestSuite
    g_ppdBufferPolicyTestSuite; //!< static instance registering the suite
