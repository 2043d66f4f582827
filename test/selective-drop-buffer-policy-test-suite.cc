/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/selective-drop-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of SelectiveDropBufferPolicy (JAIN) on hand-built port states, without a simulator:
 * the threshold R (JAIN's fraction of K, or cells), the fair-share bound X_i N_a > Z X with its
 * ties, idle VCs, PDUs accepted to the end or cut by overflow (PPD), the EOM of a refused PDU and
 * single-cell PDUs. Expected values are worked out by hand in the comments.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param fraction ThresholdFraction
 * @param z Z
 * @param thresholdCells ThresholdCells
 * @param keepEomOnReject KeepEomOnReject
 * @return a configured policy
 */
Ptr<SelectiveDropBufferPolicy>
MakeSd(double fraction = 0.8,
       double z = 0.8,
       uint32_t thresholdCells = 0,
       bool keepEomOnReject = false)
{
    Ptr<SelectiveDropBufferPolicy> p = CreateObject<SelectiveDropBufferPolicy>();
    p->SetAttribute("ThresholdFraction", DoubleValue(fraction));
    p->SetAttribute("Z", DoubleValue(z));
    p->SetAttribute("ThresholdCells", UintegerValue(thresholdCells));
    p->SetAttribute("KeepEomOnReject", BooleanValue(keepEomOnReject));
    return p;
}

/// @return DROP_FRAME(OVER_FAIR_SHARE) with the given EOM flag
AtmAdmitDecision
Refused(bool keepEom = false)
{
    return AtmAdmitDecision::DropFrame(SelectiveDropBufferPolicy::OVER_FAIR_SHARE, keepEom);
}

/// @return the PPD decision DROP_FRAME(BUFFER_FULL, keepEom = true)
AtmAdmitDecision
Full()
{
    return AtmAdmitDecision::DropFrame(SelectiveDropBufferPolicy::BUFFER_FULL, true);
}

/// @return "{a, b, c}"
std::string
Str(const std::vector<uint32_t>& v)
{
    std::ostringstream os;
    os << "{";
    for (size_t i = 0; i < v.size(); ++i)
    {
        os << (i ? ", " : "") << v[i];
    }
    os << "}";
    return os.str();
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief R from ThresholdFraction (floor of an exact decimal times K) or ThresholdCells, and the
 * rule off at X <= R and on at X = R + 1.
 */
class SdThresholdTestCase : public TestCase
{
  public:
    /**
     * @param k K
     * @param fraction ThresholdFraction
     * @param thresholdCells ThresholdCells
     * @param r the expected R (worked out by hand)
     */
    SdThresholdTestCase(uint32_t k, double fraction, uint32_t thresholdCells, uint32_t r)
        : TestCase("SD acts only above R: one VC holding every cell is accepted at X = R - 1 and "
                   "X = R and refused at X = R + 1 (K=" +
                   std::to_string(k) + ", ThresholdFraction=" + std::to_string(fraction) +
                   ", ThresholdCells=" + std::to_string(thresholdCells) +
                   " -> R=" + std::to_string(r) + ")"),
          m_k(k),
          m_fraction(fraction),
          m_thresholdCells(thresholdCells),
          m_r(r)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SelectiveDropBufferPolicy> p = MakeSd(m_fraction, 0.8, m_thresholdCells);
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(m_k), m_r, "R in cells");
        // One active VC holding X cells: X_i N_a = X > 0.8 X for every X >= 1, so only X > R
        // decides.
        for (uint32_t x = (m_r > 0 ? m_r - 1 : 0); x <= m_r + 1; ++x)
        {
            const AtmPortState s = MakeOccupiedState(m_k, {x, 0});
            const AtmAdmitDecision d = p->Admit(s, 0, MakePduCell(0, 0, 4));
            const AtmAdmitDecision expected = x > m_r ? Refused() : AtmAdmitDecision::Accept();
            NS_TEST_ASSERT_MSG_EQ(d, expected, "X=" << x << " R=" << m_r);
        }
    }

    uint32_t m_k;              //!< K
    double m_fraction;         //!< ThresholdFraction
    uint32_t m_thresholdCells; //!< ThresholdCells
    uint32_t m_r;              //!< expected R
};

/**
 * @ingroup atm-tests
 * @brief The fair-share bound X_0 N_a > Z X just below, at (a tie: accepted) and above.
 */
class SdFairShareTestCase : public TestCase
{
  public:
    /**
     * @param z Z
     * @param cells X_v per VC; VC 0 offers the first cell of a PDU
     * @param refused the expected outcome
     * @param why the hand computation
     */
    SdFairShareTestCase(double z, std::vector<uint32_t> cells, bool refused, std::string why)
        : TestCase("SD with K=100, R=80, Z=" + std::to_string(z) + ", X_v=" + Str(cells) + ": " +
                   why + " -> " + (refused ? "refused" : "accepted")),
          m_z(z),
          m_cells(cells),
          m_refused(refused)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SelectiveDropBufferPolicy> p = MakeSd(0.8, m_z);
        const AtmPortState s = MakeOccupiedState(100, m_cells);
        NS_TEST_ASSERT_MSG_GT(s.GetCellsInBuffer(), 80U, "the case needs X > R");
        const AtmAdmitDecision d = p->Admit(s, 0, MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(d, (m_refused ? Refused() : AtmAdmitDecision::Accept()), GetName());
    }

    double m_z;                    //!< Z
    std::vector<uint32_t> m_cells; //!< X_v
    bool m_refused;                //!< expected outcome
};

/**
 * @ingroup atm-tests
 * @brief A VC with no cell in the buffer passes the rule at any X; only overflow stops it.
 */
class SdIdleVcTestCase : public TestCase
{
  public:
    SdIdleVcTestCase()
        : TestCase("SD never refuses a VC with X_i = 0: its PDU is accepted at X = K - 1 > R and "
                   "meets PPD overflow only at X = K, where a VC above its share is still refused "
                   "by the rule")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SelectiveDropBufferPolicy> p = MakeSd();
        // K = 100, R = 80, VC 1 holds 99: X_0 N_a = 0 * 1 = 0 > floor(0.8 * 99) = 79 is false.
        AtmPortState s = MakeOccupiedState(100, {0, 99});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "idle VC at X = 99");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 1)),
                              AtmAdmitDecision::Accept(),
                              "idle VC, single-cell PDU, at X = 99");
        // VC 1 itself: 99 * 1 > 79.
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "VC 1 at X = 99");
        s.OnEnqueue(1);
        // X = K = 100: the idle VC passes the rule (0 > 80 is false) but finds no room.
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)), Full(), "idle VC at X = K");
        // The rule is evaluated before room: VC 1 (100 > 80) is refused as a whole PDU.
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "VC 1 at X = K");
    }
};

/**
 * @ingroup atm-tests
 * @brief A PDU admitted on its first cell is accepted while it fits, whatever X and X_i become;
 * overflow is PPD and the EOM is kept when room frees up.
 */
class SdAcceptedPduTestCase : public TestCase
{
  public:
    SdAcceptedPduTestCase()
        : TestCase("SD decides per PDU: an admitted PDU is accepted beyond R and beyond its "
                   "share until a cell finds X = K, then PPD keeps only its EOM; the next PDU of "
                   "that VC is refused by the rule")
    {
    }

  private:
    void DoRun() override
    {
        // K = 10, ThresholdFraction 0.5: R = 5. VC 0 sends a 15-cell PDU into an empty buffer.
        Ptr<SelectiveDropBufferPolicy> p = MakeSd(0.5);
        AtmPortState s = MakePerVcState(10, 2);
        PolicyDriver port(p, s);
        for (uint16_t i = 0; i < 10; ++i)
        {
            const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, i, 15));
            NS_TEST_ASSERT_MSG_EQ(o.decision, AtmAdmitDecision::Accept(), "cell " << i);
            NS_TEST_ASSERT_MSG_EQ(o.accepted, true, "cell " << i);
        }
        // Cell 10 finds X = K = 10: PPD.
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 10, 15));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Full(), "cell 10 at X = K");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "rest of the PDU");
        port.Depart(0);
        for (uint16_t i = 11; i < 14; ++i)
        {
            o = port.Offer(MakePduCell(0, i, 15));
            NS_TEST_ASSERT_MSG_EQ(o.consulted, false, "cell " << i << " handled by the port");
            NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "cell " << i << " dropped");
        }
        o = port.Offer(MakePduCell(0, 14, 15));
        NS_TEST_ASSERT_MSG_EQ(o.accepted, true, "the EOM is kept (X = 9 < K)");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        // One more departure, then the next PDU: X = 9 > R, X_0 N_a = 9 > floor(0.8 * 9) = 7.
        port.Depart(0);
        o = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(), "next PDU, X = 9: 9 > floor(7.2) = 7");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The EOM of a PDU refused by the rule follows KeepEomOnReject.
 */
class SdRefusedEomTestCase : public TestCase
{
  public:
    /// @param keepEomOnReject KeepEomOnReject
    SdRefusedEomTestCase(bool keepEomOnReject)
        : TestCase(std::string("SD refuses a PDU whole on its first cell; its middle cells are "
                               "dropped by the port and its EOM is ") +
                   (keepEomOnReject ? "kept (KeepEomOnReject=true)"
                                    : "dropped (KeepEomOnReject=false)")),
          m_keep(keepEomOnReject)
    {
    }

  private:
    void DoRun() override
    {
        // K = 10, R = 5; X = 6 with X_0 = 4, X_1 = 2: 4 * 2 = 8 > floor(0.8 * 6) = 4.
        Ptr<SelectiveDropBufferPolicy> p = MakeSd(0.5, 0.8, 0, m_keep);
        AtmPortState s = MakeOccupiedState(10, {4, 2});
        PolicyDriver port(p, s);
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 5));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(m_keep), "first cell");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "first cell");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0),
                              (m_keep ? AtmFrameState::DROP_PPD : AtmFrameState::DROP_ALL),
                              "frame state");
        for (uint16_t i = 1; i < 4; ++i)
        {
            o = port.Offer(MakePduCell(0, i, 5));
            NS_TEST_ASSERT_MSG_EQ(o.consulted || o.accepted, false, "middle cell " << i);
        }
        o = port.Offer(MakePduCell(0, 4, 5));
        NS_TEST_ASSERT_MSG_EQ(o.consulted, false, "EOM handled by the port");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, m_keep, "EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), (m_keep ? 7U : 6U), "X after the PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
    }

    bool m_keep; //!< KeepEomOnReject
};

/**
 * @ingroup atm-tests
 * @brief Single-cell PDUs: each cell is a first cell, judged by the rule, then by room.
 */
class SdSingleCellPduTestCase : public TestCase
{
  public:
    SdSingleCellPduTestCase()
        : TestCase("SD judges each single-cell PDU by the rule: refused cells are dropped even "
                   "with KeepEomOnReject=true (the refused cell is the EOM), accepted ones until "
                   "X = K")
    {
    }

  private:
    void DoRun() override
    {
        // K = 10, R = 5; X = 6 with X_0 = 4, X_1 = 2, N_a = 2, floor(0.8 * 6) = 4.
        Ptr<SelectiveDropBufferPolicy> p = MakeSd(0.5, 0.8, 0, true);
        AtmPortState s = MakeOccupiedState(10, {4, 2, 0, 0});
        PolicyDriver port(p, s);
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(true), "VC 0: 8 > 4");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "the refused single cell is dropped");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        o = port.Offer(MakePduCell(1, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision,
                              AtmAdmitDecision::Accept(),
                              "VC 1: 2 * 2 = 4 > 4 is false");
        // X = 7, X_1 = 3: 3 * 2 = 6 > floor(5.6) = 5: refused.
        o = port.Offer(MakePduCell(1, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(true), "VC 1: 6 > 5");
        // VC 2 (idle at first) sends single-cell PDUs: X = 7, X_2 = 0: 0 > 5 false; X = 8,
        // X_2 = 1, N_a = 3: 3 > floor(6.4) = 6 false; X = 9, X_2 = 2: 6 > floor(7.2) = 7 false.
        for (uint32_t x = 7; x < 10; ++x)
        {
            o = port.Offer(MakePduCell(2, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(o.decision, AtmAdmitDecision::Accept(), "VC 2 at X=" << x);
        }
        // X = K = 10, X_2 = 3: 9 > floor(8.0) = 8: refused by the rule before room is looked at.
        o = port.Offer(MakePduCell(2, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(true), "VC 2 at X = K");
        // VC 3 is idle: passes the rule, finds no room: PPD decision, the cell is dropped.
        o = port.Offer(MakePduCell(3, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Full(), "VC 3 at X = K");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "VC 3 at X = K");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(3), AtmFrameState::IDLE, "single-cell PDU over");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The attributes have their documented defaults. (That the factory creates the policy as
 * sd and ns3::SelectiveDropBufferPolicy and the contract suite enumerates it is checked for every
 * short name by atm-buffer-policy-contract.)
 */
class SdDefaultsTestCase : public TestCase
{
  public:
    SdDefaultsTestCase()
        : TestCase("SD defaults as documented: ThresholdFraction 0.8, Z 0.8, ThresholdCells 0 "
                   "(R = 800 of 1000 cells), frame-aware")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SelectiveDropBufferPolicy> p = CreateObject<SelectiveDropBufferPolicy>();
        DoubleValue f;
        DoubleValue z;
        UintegerValue cells;
        p->GetAttribute("ThresholdFraction", f);
        p->GetAttribute("Z", z);
        p->GetAttribute("ThresholdCells", cells);
        NS_TEST_ASSERT_MSG_EQ(f.Get(), 0.8, "ThresholdFraction");
        NS_TEST_ASSERT_MSG_EQ(z.Get(), 0.8, "Z");
        NS_TEST_ASSERT_MSG_EQ(cells.Get(), 0U, "ThresholdCells");
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(1000), 800U, "R = 0.8 K");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "frame-aware");
    }
};

/**
 * @ingroup atm-tests
 * @brief The SD test suite.
 */
class SelectiveDropBufferPolicyTestSuite : public TestSuite
{
  public:
    SelectiveDropBufferPolicyTestSuite()
        : TestSuite("atm-selective-drop-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new SdDefaultsTestCase, ATM_TEST_QUICK);
        // R = floor(f K) with f an exact 6-place decimal: 0.8 * 100 = 80; 0.29 * 100 = 29 (in
        // doubles floor(0.29 * 100) is 28); 0.8 * 7 = 5.6 -> 5; 0.8 * 1 -> 0; ThresholdCells
        // 123 overrides the fraction.
        AddTestCase(new SdThresholdTestCase(100, 0.8, 0, 80), ATM_TEST_QUICK);
        AddTestCase(new SdThresholdTestCase(100, 0.29, 0, 29), ATM_TEST_QUICK);
        AddTestCase(new SdThresholdTestCase(7, 0.8, 0, 5), ATM_TEST_QUICK);
        AddTestCase(new SdThresholdTestCase(2, 0.8, 0, 1), ATM_TEST_QUICK);
        AddTestCase(new SdThresholdTestCase(1000, 0.8, 123, 123), ATM_TEST_QUICK);

        // X = 85: Z X = 68 exactly.
        AddTestCase(new SdFairShareTestCase(0.8, {33, 52}, false, "X_i N_a = 66 < Z X = 68"),
                    ATM_TEST_QUICK);
        AddTestCase(new SdFairShareTestCase(0.8, {34, 51}, false, "X_i N_a = 68 = Z X (tie)"),
                    ATM_TEST_QUICK);
        AddTestCase(new SdFairShareTestCase(0.8, {35, 50}, true, "X_i N_a = 70 > Z X = 68"),
                    ATM_TEST_QUICK);
        // X = 86: Z X = 68.8.
        AddTestCase(new SdFairShareTestCase(0.8, {34, 52}, false, "X_i N_a = 68 < Z X = 68.8"),
                    ATM_TEST_QUICK);
        AddTestCase(new SdFairShareTestCase(0.8, {35, 51}, true, "X_i N_a = 70 > Z X = 68.8"),
                    ATM_TEST_QUICK);
        // X = 90, N_a = 3, Z = 0.7: Z X = 63 exactly, but 0.7 * 90 is 62.99999999999999 in
        // doubles, which would refuse the tie.
        AddTestCase(new SdFairShareTestCase(0.7, {21, 34, 35}, false, "X_i N_a = 63 = Z X (tie)"),
                    ATM_TEST_QUICK);
        AddTestCase(new SdFairShareTestCase(0.7, {22, 34, 34}, true, "X_i N_a = 66 > Z X = 63"),
                    ATM_TEST_QUICK);
        // Z = 1: refuse only above the plain fair share X / N_a = 30.
        AddTestCase(new SdFairShareTestCase(1.0, {30, 30, 30}, false, "X_i N_a = 90 = X (tie)"),
                    ATM_TEST_QUICK);
        AddTestCase(new SdFairShareTestCase(1.0, {31, 30, 29}, true, "X_i N_a = 93 > X = 90"),
                    ATM_TEST_QUICK);

        AddTestCase(new SdIdleVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new SdAcceptedPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new SdRefusedEomTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new SdRefusedEomTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new SdSingleCellPduTestCase, ATM_TEST_QUICK);
    }
};

static SelectiveDropBufferPolicyTestSuite
    g_selectiveDropBufferPolicyTestSuite; //!< static instance registering the suite
