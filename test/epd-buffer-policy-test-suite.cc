/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of EpdBufferPolicy (BON, JAIN) on hand-built port states, without a simulator: the
 * threshold T from cells or from a fraction of K, the comparison at X == T (BON's X >= T and
 * JAIN's X > T), PDUs in progress continuing above T until the buffer is full and then PPD, the
 * EOM of a refused PDU (KeepEomOnReject), single-cell PDUs, EomReserveCells, the per-VC Frame
 * Discard flag and per-VC accounting across departures. The aborts on T >= K and on a
 * ThresholdFraction outside (0, 1) end the process and are not tested here.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// @return DROP_FRAME(THRESHOLD, keepEom)
AtmAdmitDecision
Refused(bool keepEom = false)
{
    return AtmAdmitDecision::DropFrame(EpdBufferPolicy::THRESHOLD, keepEom);
}

/// @return DROP_FRAME(BUFFER_FULL, keepEom = true), the PPD overflow
AtmAdmitDecision
Overflowed()
{
    return AtmAdmitDecision::DropFrame(EpdBufferPolicy::BUFFER_FULL, true);
}

/// @return ACCEPT
AtmAdmitDecision
Accepted()
{
    return AtmAdmitDecision::Accept();
}

/**
 * @param thresholdCells the ThresholdCells attribute (0: fraction)
 * @return an EPD policy
 */
Ptr<EpdBufferPolicy>
MakeEpd(uint32_t thresholdCells = 0)
{
    Ptr<EpdBufferPolicy> policy = CreateObject<EpdBufferPolicy>();
    policy->SetAttribute("ThresholdCells", UintegerValue(thresholdCells));
    return policy;
}

/**
 * @param k K
 * @param nVcs number of per-VC queues
 * @param cells cells to put in the buffer, all on VC 0
 * @return the state (every VC IDLE)
 */
AtmPortState
FilledState(uint32_t k, uint32_t nVcs, uint32_t cells)
{
    AtmPortState s = MakePerVcState(k, nVcs);
    for (uint32_t i = 0; i < cells; ++i)
    {
        s.OnEnqueue(0);
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Defaults and the threshold T computed from ThresholdCells or ThresholdFraction.
 */
class EpdThresholdValueTestCase : public TestCase
{
  public:
    EpdThresholdValueTestCase()
        : TestCase("EPD defaults (ThresholdCells 0, ThresholdFraction 0.8, UseStrictGreater "
                   "false) and T = ThresholdCells, else floor(ThresholdFraction x K)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = CreateObject<EpdBufferPolicy>();
        UintegerValue cells;
        DoubleValue fraction;
        BooleanValue strict;
        BooleanValue keepEom;
        policy->GetAttribute("ThresholdCells", cells);
        policy->GetAttribute("ThresholdFraction", fraction);
        policy->GetAttribute("UseStrictGreater", strict);
        policy->GetAttribute("KeepEomOnReject", keepEom);
        NS_TEST_ASSERT_MSG_EQ(cells.Get(), 0U, "ThresholdCells default");
        NS_TEST_ASSERT_MSG_EQ(fraction.Get(), 0.8, "ThresholdFraction default (JAIN R = 0.8 K)");
        NS_TEST_ASSERT_MSG_EQ(strict.Get(), false, "UseStrictGreater default (BON X >= T)");
        NS_TEST_ASSERT_MSG_EQ(keepEom.Get(), false, "KeepEomOnReject default (false)");
        NS_TEST_ASSERT_MSG_EQ(policy->IsFrameAware(), true, "EPD is frame-aware");

        // Hand-computed: 0.8 x 10 = 8, 0.8 x 8192 = 6553.6, 0.8 x 5 = 4, 0.8 x 1 = 0.8.
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(10), 8U, "K = 10");
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(8192), 6553U, "K = 8192");
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(5), 4U, "K = 5");
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(1), 0U, "K = 1 rounds T down to 0");

        // BON's UBR reference: 7168 of 8192, either way.
        policy->SetAttribute("ThresholdFraction", DoubleValue(0.875));
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(8192), 7168U, "0.875 x 8192");
        policy->SetAttribute("ThresholdFraction", DoubleValue(0.57));
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(100),
                              57U,
                              "0.57 x 100 is 57 although the double product is 56.999...");
        policy->SetAttribute("ThresholdCells", UintegerValue(7168));
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(8192), 7168U, "cells override fraction");
        NS_TEST_ASSERT_MSG_EQ(policy->GetThresholdCells(7169), 7168U, "T = K - 1 is valid");
    }
};

/**
 * @ingroup atm-tests
 * @brief Below T every cell is accepted; at or above T a first cell is refused with THRESHOLD
 * and the other cells are still accepted until X = K.
 */
class EpdDecisionTableTestCase : public TestCase
{
  public:
    /**
     * @param bufferCells K
     * @param thresholdCells ThresholdCells (0: the default fraction 0.8)
     * @param expectedT T, hand-computed
     */
    EpdDecisionTableTestCase(uint32_t bufferCells, uint32_t thresholdCells, uint32_t expectedT)
        : TestCase("EPD with K=" + std::to_string(bufferCells) +
                   ", ThresholdCells=" + std::to_string(thresholdCells) +
                   ": for every X, first cells are refused with THRESHOLD iff X >= T=" +
                   std::to_string(expectedT) +
                   ", other cells accepted iff X < K, else BUFFER_FULL with the EOM kept"),
          m_k(bufferCells),
          m_thresholdCells(thresholdCells),
          m_t(expectedT)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(m_thresholdCells);
        for (uint32_t x = 0; x <= m_k; ++x)
        {
            AtmPortState s = FilledState(m_k, 3, x);
            s.SetFrameState(1, AtmFrameState::ACCEPT);
            const bool room = x < m_k;
            const AtmAdmitDecision first = (x >= m_t) ? Refused() : Accepted();
            const AtmAdmitDecision inPdu = room ? Accepted() : Overflowed();
            // VC 2 has no cells queued: EPD looks at the shared X only.
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 5)),
                                  first,
                                  "first x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MakePduCell(0, 0, 5, true)),
                                  first,
                                  "first, CLP=1, x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 1)),
                                  first,
                                  "single-cell PDU x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 3, 5)), inPdu, "mid x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 4, 5)), inPdu, "EOM x=" << x);
        }
        NS_TEST_ASSERT_MSG_EQ(std::string(EpdBufferPolicy::BUFFER_FULL),
                              "EPD: buffer full",
                              "reason text");
    }

    uint32_t m_k;              //!< K
    uint32_t m_thresholdCells; //!< ThresholdCells
    uint32_t m_t;              //!< expected T
};

/**
 * @ingroup atm-tests
 * @brief UseStrictGreater moves the refusal one cell later: X == T is admitted.
 */
class EpdStrictGreaterTestCase : public TestCase
{
  public:
    EpdStrictGreaterTestCase()
        : TestCase("EPD refuses a new PDU at X == T by default (BON X >= T) and admits it with "
                   "UseStrictGreater (JAIN's printed X > R), refusing from X = T + 1")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(4);
        AtmPortState atT = FilledState(6, 2, 4);
        AtmPortState aboveT = FilledState(6, 2, 5);
        AtmPortState full = FilledState(6, 2, 6);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 1, MakePduCell(1, 0, 3)), Refused(), "X = T");
        policy->SetAttribute("UseStrictGreater", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, 1, MakePduCell(1, 0, 3)), Accepted(), "X = T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(aboveT, 1, MakePduCell(1, 0, 3)), Refused(), "X = T+1");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(full, 1, MakePduCell(1, 0, 3)),
                              Refused(),
                              "X = K is above T: THRESHOLD, not BUFFER_FULL");
    }
};

/**
 * @ingroup atm-tests
 * @brief The rest of a refused PDU: its EOM is dropped unless KeepEomOnReject, and kept then
 * only if it fits.
 */
class EpdRefusedPduEomTestCase : public TestCase
{
  public:
    /// @param keepEomOnReject the KeepEomOnReject attribute
    EpdRefusedPduEomTestCase(bool keepEomOnReject)
        : TestCase(std::string("EPD drops the whole refused PDU without consulting the policy; "
                               "its EOM is ") +
                   (keepEomOnReject ? "kept if X < K (KeepEomOnReject=true)"
                                    : "dropped too (KeepEomOnReject=false)")),
          m_keep(keepEomOnReject)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(2);
        policy->SetAttribute("KeepEomOnReject", BooleanValue(m_keep));
        AtmPortState s = MakePerVcState(4, 2);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 9)).accepted, true, "X = 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 9)).accepted, true, "X = 1");
        const PolicyDriver::Outcome first = port.Offer(MakePduCell(1, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(first.decision, Refused(m_keep), "first cell at X = T = 2");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1),
                              m_keep ? AtmFrameState::DROP_PPD : AtmFrameState::DROP_ALL,
                              "frame state of the refused PDU");
        const PolicyDriver::Outcome middle = port.Offer(MakePduCell(1, 1, 3));
        NS_TEST_ASSERT_MSG_EQ(middle.consulted, false, "the port drops the rest itself");
        NS_TEST_ASSERT_MSG_EQ(middle.accepted, false, "middle cell dropped at X = 2 < K");
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(1, 2, 3));
        NS_TEST_ASSERT_MSG_EQ(eom.consulted, false, "EOM handled by the port");
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, m_keep, "EOM kept iff KeepEomOnReject");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::IDLE, "PDU over");

        // Refused again, with the buffer full when the EOM comes: dropped either way.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 2, 9)).accepted, true, "VC 0 in PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), m_keep ? 4U : 3U, "X");
        if (!m_keep)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 3, 9)).accepted, true, "X = 3 < K");
        }
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 2)).decision,
                              Refused(m_keep),
                              "refused at X = K");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 1, 2)).accepted, false, "no room");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }

    bool m_keep; //!< KeepEomOnReject
};

/**
 * @ingroup atm-tests
 * @brief A PDU admitted below T keeps being accepted above T until the buffer is full, then
 * PPD; new PDUs of other VCs are refused meanwhile and admitted again after departures.
 */
class EpdPduInProgressTestCase : public TestCase
{
  public:
    EpdPduInProgressTestCase()
        : TestCase("EPD keeps accepting a PDU admitted below T until X = K, then drops its rest "
                   "but the EOM (PPD); other VCs' new PDUs are refused above T and admitted "
                   "again once departures bring X below T")
    {
    }

  private:
    void DoRun() override
    {
        // K = 6, T = 3.
        Ptr<EpdBufferPolicy> policy = MakeEpd(3);
        AtmPortState s = MakePerVcState(6, 3);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 2)).decision, Accepted(), "X = 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 1, 2)).decision, Accepted(), "X = 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 8)).decision,
                              Accepted(),
                              "VC 0 starts a PDU at X = 2 < T");
        for (uint16_t i = 1; i <= 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 8)).decision,
                                  Accepted(),
                                  "VC 0 cell " << i << " at X = " << (2 + i) << " >= T");
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 6U, "X = K");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 3)).decision,
                              Refused(),
                              "VC 2 (nothing queued) refused");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 4, 8)).decision,
                              Overflowed(),
                              "VC 0 cell 4 overflows at X = K");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "PPD for the rest");
        port.Depart(1);
        port.Depart(1);
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 4U, "two departures");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 5, 8)).accepted, false, "cell 5 dropped");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 1, 3)).accepted,
                              false,
                              "VC 2's refused PDU stays refused below K");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 2, 3)).accepted, false, "and its EOM");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 6, 8)).accepted, false, "cell 6 dropped");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 7, 8)).accepted, true, "VC 0 EOM kept");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 5U, "X = 5 >= T");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision,
                              Refused(),
                              "VC 1 (emptied) refused while X >= T");
        port.Depart(0);
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 3U, "X = T");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1)).decision,
                              Refused(),
                              "a single-cell PDU at X = T");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 2)).decision,
                              Accepted(),
                              "X = 2 < T: VC 2 admitted");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 1, 2)).decision,
                              Accepted(),
                              "its EOM at X = 3");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief A single-cell PDU: its first cell is its EOM.
 */
class EpdSingleCellPduTestCase : public TestCase
{
  public:
    EpdSingleCellPduTestCase()
        : TestCase("EPD on a single-cell PDU: accepted below T, refused at X >= T, also with "
                   "KeepEomOnReject (the EOM of a one-cell PDU delimits nothing)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(2);
        AtmPortState below = FilledState(4, 2, 1);
        AtmPortState atT = FilledState(4, 2, 2);
        AtmPortState full = FilledState(4, 2, 4);
        const AtmCell single = MakePduCell(1, 0, 1);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(below, single.vc, single), Accepted(), "X = 1 < T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, single.vc, single), Refused(false), "X = T");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(full, single.vc, single), Refused(false), "X = K");
        policy->SetAttribute("KeepEomOnReject", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(atT, single.vc, single),
                              Refused(true),
                              "X = T, KeepEomOnReject: the PDU is still refused");
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(full, single.vc, single),
                              Refused(true),
                              "X = K: no room even for the EOM");

        // Driven: the VC is IDLE again after each single-cell PDU.
        Ptr<EpdBufferPolicy> fresh = MakeEpd(2);
        AtmPortState s = MakePerVcState(4, 2);
        PolicyDriver port(fresh, s);
        port.Offer(MakePduCell(0, 0, 5));
        port.Offer(MakePduCell(0, 1, 5));
        const PolicyDriver::Outcome refused = port.Offer(single);
        NS_TEST_ASSERT_MSG_EQ(refused.decision, Refused(false), "X = T");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::IDLE, "no DROP_ALL after an EOM");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(single).decision, Accepted(), "X = 1 < T");
    }
};

/**
 * @ingroup atm-tests
 * @brief EomReserveCells: non-EOM cells need X < K - reserve, also a first cell admitted by the
 * threshold, which then overflows (PPD) instead of being refused.
 */
class EpdEomReserveTestCase : public TestCase
{
  public:
    EpdEomReserveTestCase()
        : TestCase("EPD with K=10, T=8, EomReserveCells=3: a first cell at X=7 < T finds no room "
                   "and overflows with BUFFER_FULL (EOM kept); EOM cells still enter up to K")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(8);
        policy->SetAttribute("EomReserveCells", UintegerValue(3));
        for (uint32_t x = 0; x <= 10; ++x)
        {
            AtmPortState s = FilledState(10, 3, x);
            s.SetFrameState(1, AtmFrameState::ACCEPT);
            const AtmAdmitDecision first =
                (x >= 8) ? Refused() : ((x < 7) ? Accepted() : Overflowed());
            const AtmAdmitDecision mid = (x < 7) ? Accepted() : Overflowed();
            const AtmAdmitDecision eom = (x < 10) ? Accepted() : Overflowed();
            const AtmAdmitDecision single = (x >= 8) ? Refused() : Accepted();
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 4)),
                                  first,
                                  "first x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 2, 4)), mid, "mid x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 3, 4)), eom, "EOM x=" << x);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 1)),
                                  single,
                                  "single x=" << x);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief A VC without Frame Discard is handled cell by cell, like tail drop.
 */
class EpdFrameDiscardOffTestCase : public TestCase
{
  public:
    EpdFrameDiscardOffTestCase()
        : TestCase("EPD handles a VC with SetFrameDiscard(vc, false) cell by cell: no threshold, "
                   "DROP_CELL(CELL_BUFFER_FULL) at X = K and the PDU continues after a departure")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd(2);
        NS_TEST_ASSERT_MSG_EQ(policy->GetFrameDiscard(0), true, "default on");
        NS_TEST_ASSERT_MSG_EQ(policy->GetFrameDiscard(1000), true, "default on, any VC index");
        policy->SetFrameDiscard(1, false);
        NS_TEST_ASSERT_MSG_EQ(policy->GetFrameDiscard(1), false, "VC 1 off");
        NS_TEST_ASSERT_MSG_EQ(policy->GetFrameDiscard(0), true, "VC 0 still on");
        NS_TEST_ASSERT_MSG_EQ(policy->GetFrameDiscard(2), true, "VC 2 still on");

        AtmPortState s = MakePerVcState(3, 3);
        PolicyDriver port(policy, s);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 9)).decision, Accepted(), "X = 0");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 9)).decision, Accepted(), "X = 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 2)).decision,
                              Refused(),
                              "VC 2 (frame discard on) refused at X = T");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 4)).decision,
                              Accepted(),
                              "VC 1 (frame discard off) ignores T");
        const PolicyDriver::Outcome full = port.Offer(MakePduCell(1, 1, 4));
        NS_TEST_ASSERT_MSG_EQ(full.decision,
                              AtmAdmitDecision::DropCell(EpdBufferPolicy::CELL_BUFFER_FULL),
                              "VC 1 at X = K: one cell");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::ACCEPT, "no frame discard");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 2, 4)).decision,
                              Accepted(),
                              "the damaged PDU continues");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 3, 4)).decision,
                              AtmAdmitDecision::DropCell(EpdBufferPolicy::CELL_BUFFER_FULL),
                              "its EOM finds X = K");
        policy->SetFrameDiscard(1, true);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 2)).decision,
                              Refused(),
                              "frame discard back on: THRESHOLD");
    }
};

/**
 * @ingroup atm-tests
 * @brief T follows the K of the state at each decision.
 */
class EpdThresholdFollowsBufferTestCase : public TestCase
{
  public:
    EpdThresholdFollowsBufferTestCase()
        : TestCase("EPD derives T from the state's K at each decision: ThresholdFraction=0.5 "
                   "gives T=5 at K=10 and T=10 at K=20 with the same policy")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<EpdBufferPolicy> policy = MakeEpd();
        policy->SetAttribute("ThresholdFraction", DoubleValue(0.5));
        AtmPortState s = FilledState(10, 2, 5);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "K=10, X=5");
        s.SetBufferCells(20);
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 0, 2)), Accepted(), "K=20, X=5");
        for (uint32_t i = 0; i < 5; ++i)
        {
            s.OnEnqueue(0);
        }
        NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "K=20, X=10");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-epd-buffer-policy test suite.
 */
class EpdBufferPolicyTestSuite : public TestSuite
{
  public:
    EpdBufferPolicyTestSuite()
        : TestSuite("atm-epd-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new EpdThresholdValueTestCase, ATM_TEST_QUICK);
        // T from the fraction (0.8 K) and from cells; T = 0 and T = K - 1 at the edges.
        AddTestCase(new EpdDecisionTableTestCase(10, 0, 8), ATM_TEST_QUICK);
        AddTestCase(new EpdDecisionTableTestCase(1, 0, 0), ATM_TEST_QUICK);
        AddTestCase(new EpdDecisionTableTestCase(64, 0, 51), ATM_TEST_QUICK);
        AddTestCase(new EpdDecisionTableTestCase(10, 3, 3), ATM_TEST_QUICK);
        AddTestCase(new EpdDecisionTableTestCase(10, 9, 9), ATM_TEST_QUICK);
        AddTestCase(new EpdStrictGreaterTestCase, ATM_TEST_QUICK);
        AddTestCase(new EpdRefusedPduEomTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new EpdRefusedPduEomTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new EpdPduInProgressTestCase, ATM_TEST_QUICK);
        AddTestCase(new EpdSingleCellPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new EpdEomReserveTestCase, ATM_TEST_QUICK);
        AddTestCase(new EpdFrameDiscardOffTestCase, ATM_TEST_QUICK);
        AddTestCase(new EpdThresholdFollowsBufferTestCase, ATM_TEST_QUICK);
    }
};

static EpdBufferPolicyTestSuite
    g_epdBufferPolicyTestSuite; //!< static instance registering the suite
