/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/double.h"
#include "ns3/static-cell-reservation-buffer-policy.h"
#include "ns3/static-pdu-reservation-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the static per-VC buffer reservations (O. Bonaventure, PhD thesis, 1998, ch. 8.3.1,
 * eqs. 8.2 and 8.3) on hand-built port states: the MCR-proportional reservations (with
 * BestEffortWeight for MCR 0), the cell-level decision for every X_i, the PDU-level decision on
 * first cells against E and the PDU tails above it, and the scheme's known drawback (a VC is held
 * to its share while the buffer is otherwise empty).
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param k K
 * @param mcrs the MCR of each VC in cells/s (0: a UBR VC without contract parameters)
 * @return the state, one queue per VC
 */
AtmPortState
McrState(uint32_t k, const std::vector<double>& mcrs)
{
    AtmPortState s(k);
    for (double mcr : mcrs)
    {
        if (mcr > 0)
        {
            s.AddVc(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                            AtmCellRate(100000),
                                            AtmCellRate(mcr),
                                            10,
                                            10),
                    s.AddQueue(AtmServiceCategory::GFR));
        }
        else
        {
            s.AddVc(AtmServiceCategory::UBR, s.AddQueue(AtmServiceCategory::UBR));
        }
    }
    return s;
}

/**
 * @param s the state
 * @param vc a VC
 * @param cells cells to enqueue on it
 */
void
Fill(AtmPortState& s, uint32_t vc, uint32_t cells)
{
    for (uint32_t i = 0; i < cells; ++i)
    {
        s.OnEnqueue(vc);
    }
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Res[i] = w_i / sum w_j * space.
 */
class StaticReservationValuesTestCase : public TestCase
{
  public:
    StaticReservationValuesTestCase()
        : TestCase(
              "Static reservation shares: MCRs 1000 and 3000 cells per s of K = 100 give 25 and "
              "75 cells, of E = 80 give 20 and 60; three VCs without MCR share equally "
              "(BestEffortWeight); a best-effort VC beside MCRs gets one 4001st of the space")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<StaticCellReservationBufferPolicy> cell =
            CreateObject<StaticCellReservationBufferPolicy>();
        const AtmPortState two = McrState(100, {1000, 3000});
        NS_TEST_ASSERT_MSG_EQ_TOL(cell->GetReservation(two, 0, 100), 25.0, 1e-12, "VC 0 of B");
        NS_TEST_ASSERT_MSG_EQ_TOL(cell->GetReservation(two, 1, 100), 75.0, 1e-12, "VC 1 of B");
        NS_TEST_ASSERT_MSG_EQ_TOL(cell->GetReservation(two, 0, 80), 20.0, 1e-12, "VC 0 of E");
        Ptr<StaticPduReservationBufferPolicy> pdu =
            CreateObject<StaticPduReservationBufferPolicy>();
        NS_TEST_ASSERT_MSG_EQ(pdu->GetReserveCells(100), 80U, "E default 0.8 K");
        pdu->SetAttribute("ReserveCells", UintegerValue(90));
        NS_TEST_ASSERT_MSG_EQ(pdu->GetReserveCells(100), 90U, "ReserveCells");
        Ptr<StaticCellReservationBufferPolicy> ubr =
            CreateObject<StaticCellReservationBufferPolicy>();
        const AtmPortState three = McrState(30, {0, 0, 0});
        NS_TEST_ASSERT_MSG_EQ_TOL(ubr->GetReservation(three, 2, 30), 10.0, 1e-12, "equal shares");
        Ptr<StaticCellReservationBufferPolicy> mixed =
            CreateObject<StaticCellReservationBufferPolicy>();
        const AtmPortState m = McrState(4001, {4000, 0});
        NS_TEST_ASSERT_MSG_EQ_TOL(mixed->GetReservation(m, 1, 4001), 1.0, 1e-9, "best effort");
    }
};

/**
 * @ingroup atm-tests
 * @brief Cell level: every X_0.
 */
class StaticCellDecisionTestCase : public TestCase
{
  public:
    StaticCellDecisionTestCase()
        : TestCase("static-cell, K = 100, MCRs 1000 and 3000: a cell of VC 0 (any position in its "
                   "PDU) is accepted iff X_0 < 25, else dropped alone with RESERVATION_FULL; VC 1 "
                   "is held at 75 cells while the buffer has 25 free (the static drawback)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<StaticCellReservationBufferPolicy> p =
            CreateObject<StaticCellReservationBufferPolicy>();
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), false, "cell by cell");
        const AtmAdmitDecision refused =
            AtmAdmitDecision::DropCell(StaticCellReservationBufferPolicy::RESERVATION_FULL);
        for (uint32_t x0 = 0; x0 <= 30; ++x0)
        {
            AtmPortState s = McrState(100, {1000, 3000});
            Fill(s, 0, x0);
            const AtmAdmitDecision expected = x0 < 25 ? AtmAdmitDecision::Accept() : refused;
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 3)),
                                  expected,
                                  "first, X_0=" << x0);
            s.SetFrameState(0, AtmFrameState::ACCEPT);
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 2, 3)),
                                  expected,
                                  "EOM, X_0=" << x0);
        }
        AtmPortState s = McrState(100, {1000, 3000});
        Fill(s, 1, 75);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 3)),
                              refused,
                              "VC 1 at 75 cells, 25 free, VC 0 idle: refused");
        Fill(s, 1, 0);
        Fill(s, 0, 24);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 3)),
                              AtmAdmitDecision::Accept(),
                              "X = 99: VC 0's last reserved cell");
    }
};

/**
 * @ingroup atm-tests
 * @brief PDU level: first cells against E, tails above it.
 */
class StaticPduDecisionTestCase : public TestCase
{
  public:
    StaticPduDecisionTestCase()
        : TestCase("static-pdu, K = 100, E = 80, MCRs 1000 and 3000: a new PDU of VC 0 is refused "
                   "whole iff X_0 >= 20; an accepted PDU continues past 20 while the buffer has "
                   "room, then PPD with the EOM kept")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<StaticPduReservationBufferPolicy> p = CreateObject<StaticPduReservationBufferPolicy>();
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "PDU level");
        const AtmAdmitDecision refused =
            AtmAdmitDecision::DropFrame(StaticPduReservationBufferPolicy::RESERVATION_FULL, false);
        for (uint32_t x0 = 0; x0 <= 30; ++x0)
        {
            AtmPortState s = McrState(100, {1000, 3000});
            Fill(s, 0, x0);
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 3)),
                                  (x0 < 20 ? AtmAdmitDecision::Accept() : refused),
                                  "first cell, X_0=" << x0);
            s.SetFrameState(0, AtmFrameState::ACCEPT);
            NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 1, 3)),
                                  AtmAdmitDecision::Accept(),
                                  "middle cell, X_0=" << x0);
        }
        AtmPortState s = McrState(100, {1000, 3000});
        PolicyDriver port(p, s);
        // VC 0 starts a 90-cell PDU at X_0 = 0: it continues past its reservation of 20 ...
        uint32_t in = 0;
        for (uint16_t i = 0; i < 90; ++i)
        {
            in += port.Offer(MakePduCell(0, i, 90)).accepted ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(in, 90U, "a PDU accepted on its first cell continues");
        // ... VC 1 fills the rest: 10 cells in, then PPD (EOM kept only if it fits: it does not).
        in = 0;
        PolicyDriver::Outcome last;
        for (uint16_t i = 0; i < 15; ++i)
        {
            last = port.Offer(MakePduCell(1, i, 15));
            in += last.accepted ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(in, 10U, "VC 1: 10 cells until X = K");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 100U, "X = K");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-static-reservation-buffer-policy test suite.
 */
class StaticReservationBufferPolicyTestSuite : public TestSuite
{
  public:
    StaticReservationBufferPolicyTestSuite()
        : TestSuite("atm-static-reservation-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new StaticReservationValuesTestCase, ATM_TEST_QUICK);
        AddTestCase(new StaticCellDecisionTestCase, ATM_TEST_QUICK);
        AddTestCase(new StaticPduDecisionTestCase, ATM_TEST_QUICK);
    }
};

static StaticReservationBufferPolicyTestSuite
    g_staticReservationBufferPolicyTestSuite; //!< static instance registering the suite
