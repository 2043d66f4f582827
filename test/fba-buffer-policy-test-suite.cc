/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/fba-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of FbaBufferPolicy (JAIN, after Heinanen & Kilkki) on hand-built port states, without a
 * simulator: the rule X > R and X_i N_a (X - R) > Z (K - R) X just below, at (ties are accepted)
 * and above its bound, the bound shrinking from Z (K - R) at X = R + 1 to Z at X = K, exactness at
 * large K, idle VCs, PDUs accepted to the end or cut by overflow (PPD), the EOM of a refused PDU
 * and single-cell PDUs. Expected values are worked out by hand in the comments.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Configuration of a policy under test.
struct FbaConfig
{
    uint32_t k{100};             //!< K (port BufferCells)
    double fraction{0.8};        //!< ThresholdFraction
    uint32_t thresholdCells{0};  //!< ThresholdCells
    double z{0.8};               //!< Z
    bool keepEomOnReject{false}; //!< KeepEomOnReject
};

/**
 * @param c the configuration
 * @return a configured policy
 */
Ptr<FbaBufferPolicy>
MakeFba(const FbaConfig& c)
{
    Ptr<FbaBufferPolicy> p = CreateObject<FbaBufferPolicy>();
    p->SetAttribute("ThresholdFraction", DoubleValue(c.fraction));
    p->SetAttribute("ThresholdCells", UintegerValue(c.thresholdCells));
    p->SetAttribute("Z", DoubleValue(c.z));
    p->SetAttribute("KeepEomOnReject", BooleanValue(c.keepEomOnReject));
    return p;
}

/// @return DROP_FRAME(OVER_FAIR_SHARE) with the given EOM flag
AtmAdmitDecision
Refused(bool keepEom = false)
{
    return AtmAdmitDecision::DropFrame(FbaBufferPolicy::OVER_FAIR_SHARE, keepEom);
}

/// @return the PPD decision DROP_FRAME(BUFFER_FULL, keepEom = true)
AtmAdmitDecision
Full()
{
    return AtmAdmitDecision::DropFrame(FbaBufferPolicy::BUFFER_FULL, true);
}

/**
 * @param cells X_v per VC
 * @return "X=.., N_a=.., X_0=.."
 */
std::string
Summary(const std::vector<uint32_t>& cells)
{
    uint32_t x = 0;
    uint32_t na = 0;
    for (uint32_t c : cells)
    {
        x += c;
        na += c > 0 ? 1 : 0;
    }
    return "X=" + std::to_string(x) + ", N_a=" + std::to_string(na) +
           ", X_0=" + std::to_string(cells.empty() ? 0 : cells[0]);
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief One first cell of VC 0 on a hand-built state: the exact FBA decision.
 */
class FbaRuleTestCase : public TestCase
{
  public:
    /**
     * @param c the configuration
     * @param cells X_v per VC; VC 0 offers the first cell of a PDU
     * @param refused the expected outcome
     * @param why the hand computation
     */
    FbaRuleTestCase(FbaConfig c, std::vector<uint32_t> cells, bool refused, std::string why)
        : TestCase("FBA with K=" + std::to_string(c.k) + ", R=" +
                   std::to_string(c.thresholdCells
                                      ? c.thresholdCells
                                      : static_cast<uint32_t>(c.fraction * c.k + 1e-9)) +
                   ", Z=" + std::to_string(c.z) + ", " + Summary(cells) + ": " + why + " -> " +
                   (refused ? "refused" : "accepted")),
          m_config(c),
          m_cells(cells),
          m_refused(refused)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FbaBufferPolicy> p = MakeFba(m_config);
        const AtmPortState s = MakeOccupiedState(m_config.k, m_cells);
        const AtmAdmitDecision d = p->Admit(s, 0, MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(d, (m_refused ? Refused() : AtmAdmitDecision::Accept()), GetName());
    }

    FbaConfig m_config;            //!< configuration
    std::vector<uint32_t> m_cells; //!< X_v
    bool m_refused;                //!< expected outcome
};

/**
 * @ingroup atm-tests
 * @brief R from the fraction (exact decimal, floor) or from ThresholdCells.
 */
class FbaThresholdCellsTestCase : public TestCase
{
  public:
    FbaThresholdCellsTestCase()
        : TestCase("FBA's R is floor(ThresholdFraction x K) with the fraction as an exact "
                   "decimal, always below K, or ThresholdCells")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FbaBufferPolicy> p = MakeFba(FbaConfig{});
        // 0.8 K: K = 1 -> 0, 2 -> 1, 5 -> 4, 7 -> 5 (5.6), 100 -> 80, 25000 -> 20000.
        const uint32_t ks[] = {1, 2, 5, 7, 100, 25000};
        const uint32_t rs[] = {0, 1, 4, 5, 80, 20000};
        for (size_t i = 0; i < 6; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(ks[i]), rs[i], "K=" << ks[i]);
        }
        p->SetAttribute("ThresholdFraction", DoubleValue(0.29));
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(100), 29U, "0.29 x 100 (doubles floor to 28)");
        p->SetAttribute("ThresholdFraction", DoubleValue(0.999999));
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(1000000), 999999U, "largest fraction");
        p->SetAttribute("ThresholdCells", UintegerValue(123));
        NS_TEST_ASSERT_MSG_EQ(p->GetThresholdCells(124), 123U, "ThresholdCells overrides");
        DoubleValue z;
        p->GetAttribute("Z", z);
        NS_TEST_ASSERT_MSG_EQ(z.Get(), 0.8, "default Z");
    }
};

/**
 * @ingroup atm-tests
 * @brief The comparison is exact where its products exceed 64 bits.
 */
class FbaLargeBufferTestCase : public TestCase
{
  public:
    FbaLargeBufferTestCase()
        : TestCase("FBA decides a tie exactly with K = 20,000,000 cells, where both sides of "
                   "X_i N_a (X - R) 1e6 > Z 1e6 (K - R) X exceed 2^64")
    {
    }

  private:
    void DoRun() override
    {
        // K = 2e7, R = 1.6e7, Z = 0.8: one VC is refused iff X - R > Z (K - R) = 3.2e6, i.e.
        // X > 1.92e7. At X = 1.92e7 both sides are 1.92e7 * 3.2e6 * 1e6 = 6.144e19 > 2^64.
        const uint32_t k = 20000000;
        Ptr<FbaBufferPolicy> p = MakeFba(FbaConfig{});
        AtmPortState s = MakeOccupiedState(k, {19200000 - 1, 0});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "X = 19,199,999");
        s.OnEnqueue(0);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "X = 19,200,000 (tie)");
        s.OnEnqueue(0);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)), Refused(), "X = 19,200,001");
        // An idle VC at the same X: 0 > 6.144e19 is false.
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "idle VC");
    }
};

/**
 * @ingroup atm-tests
 * @brief A VC with no cell in the buffer passes the rule at any X; only overflow stops it.
 */
class FbaIdleVcTestCase : public TestCase
{
  public:
    FbaIdleVcTestCase()
        : TestCase("FBA never refuses a VC with X_i = 0: accepted at X = K - 1 > R, PPD overflow "
                   "at X = K, where a VC above its bound is still refused by the rule")
    {
    }

  private:
    void DoRun() override
    {
        // K = 100, R = 80, Z = 0.8, VC 1 holds 99: for VC 0, 0 > 0.8 * 20 * 99 is false.
        Ptr<FbaBufferPolicy> p = MakeFba(FbaConfig{});
        AtmPortState s = MakeOccupiedState(100, {0, 99});
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "idle VC at X = 99");
        // VC 1: 99 * 1 * 19 = 1881 > 0.8 * 20 * 99 = 1584.
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "VC 1 at X = 99");
        s.OnEnqueue(1);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 1)), Full(), "idle VC at X = K");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 1, MakePduCell(1, 0, 2)), Refused(), "VC 1 at X = K");
    }
};

/**
 * @ingroup atm-tests
 * @brief A PDU admitted on its first cell is accepted while it fits; overflow is PPD; then
 * single-cell PDUs meet the single-VC bound R + Z (K - R).
 */
class FbaAcceptedPduTestCase : public TestCase
{
  public:
    FbaAcceptedPduTestCase()
        : TestCase("FBA decides per PDU: an admitted PDU is accepted up to X = K, then PPD keeps "
                   "only its EOM; single-cell PDUs of the lone VC are accepted up to X = R + Z "
                   "(K - R) (tie included) and refused above")
    {
    }

  private:
    void DoRun() override
    {
        // K = 10, ThresholdFraction 0.5: R = 5, Z = 0.8, Z (K - R) = 4.
        FbaConfig c;
        c.k = 10;
        c.fraction = 0.5;
        Ptr<FbaBufferPolicy> p = MakeFba(c);
        AtmPortState s = MakePerVcState(10, 1);
        PolicyDriver port(p, s);
        for (uint16_t i = 0; i < 10; ++i)
        {
            const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, i, 12));
            NS_TEST_ASSERT_MSG_EQ(o.decision, AtmAdmitDecision::Accept(), "cell " << i);
        }
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 10, 12));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Full(), "cell 10 at X = K");
        port.Depart(0);
        o = port.Offer(MakePduCell(0, 11, 12));
        NS_TEST_ASSERT_MSG_EQ(o.consulted, false, "EOM handled by the port");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, true, "EOM kept at X = 9");
        port.Depart(0);
        port.Depart(0);
        // Lone VC: refused iff X - 5 > 4. X = 8: 3 > 4 no; X = 9: 4 > 4 no (tie); X = 10: yes.
        for (uint32_t x = 8; x <= 10; ++x)
        {
            o = port.Offer(MakePduCell(0, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(o.decision,
                                  (x < 10 ? AtmAdmitDecision::Accept() : Refused()),
                                  "single-cell PDU at X=" << x);
            NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "X=" << x);
        }
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The EOM of a PDU refused by the rule follows KeepEomOnReject; a refused single-cell PDU
 * is dropped either way.
 */
class FbaRefusedEomTestCase : public TestCase
{
  public:
    /// @param keepEomOnReject KeepEomOnReject
    FbaRefusedEomTestCase(bool keepEomOnReject)
        : TestCase(std::string("FBA refuses a PDU whole on its first cell; its EOM is ") +
                   (keepEomOnReject ? "kept (KeepEomOnReject=true)"
                                    : "dropped (KeepEomOnReject=false)") +
                   "; a refused single-cell PDU is dropped"),
          m_keep(keepEomOnReject)
    {
    }

  private:
    void DoRun() override
    {
        // K = 10, R = 5, Z = 0.8; X_0 = 7, X_1 = 1: 7 * 2 * 3 = 42 > 0.8 * 5 * 8 = 32.
        FbaConfig c;
        c.k = 10;
        c.fraction = 0.5;
        c.keepEomOnReject = m_keep;
        Ptr<FbaBufferPolicy> p = MakeFba(c);
        AtmPortState s = MakeOccupiedState(10, {7, 1});
        PolicyDriver port(p, s);
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 4));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(m_keep), "first cell");
        for (uint16_t i = 1; i < 3; ++i)
        {
            o = port.Offer(MakePduCell(0, i, 4));
            NS_TEST_ASSERT_MSG_EQ(o.consulted || o.accepted, false, "middle cell " << i);
        }
        o = port.Offer(MakePduCell(0, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(o.accepted, m_keep, "EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        // Same test for a single-cell PDU (X_0 = 7 or 8 now, still refused: 8 * 2 * 4 = 64 >
        // 0.8 * 5 * 9 = 36).
        const uint32_t x = s.GetCellsInBuffer();
        o = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refused(m_keep), "single-cell PDU");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "single-cell PDU dropped");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), x, "nothing stored");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
    }

    bool m_keep; //!< KeepEomOnReject
};

/**
 * @ingroup atm-tests
 * @brief The attributes have their documented defaults. (That the factory creates the policy as
 * fba and ns3::FbaBufferPolicy and the contract suite enumerates it is checked for every short
 * name by atm-buffer-policy-contract.)
 */
class FbaDefaultsTestCase : public TestCase
{
  public:
    FbaDefaultsTestCase()
        : TestCase("FBA defaults as documented: ThresholdFraction 0.8, Z 0.8, ThresholdCells 0 "
                   "(R = 800 of 1000 cells), frame-aware")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FbaBufferPolicy> p = CreateObject<FbaBufferPolicy>();
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
 * @brief The FBA test suite.
 */
class FbaBufferPolicyTestSuite : public TestSuite
{
  public:
    FbaBufferPolicyTestSuite()
        : TestSuite("atm-fba-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new FbaDefaultsTestCase, ATM_TEST_QUICK);
        const FbaConfig def; // K = 100, R = 80, Z = 0.8: Z (K - R) = 16
        FbaConfig small;     // K = 10, R = 8, Z = 1: Z (K - R) = 2
        small.k = 10;
        small.thresholdCells = 8;
        small.z = 1.0;
        FbaConfig z07 = def;
        z07.z = 0.7;

        // Around R: off at X <= R whatever the share; at X = R + 1 the bound is Z (K - R).
        AddTestCase(new FbaRuleTestCase(small, {5, 1, 1}, false, "X < R"), ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(small, {6, 1, 1}, false, "X = R, rule off"),
                    ATM_TEST_QUICK);
        AddTestCase(
            new FbaRuleTestCase(small, {6, 2, 1}, false, "6 * 3 * 1 = 18 = 1 * 2 * 9 (tie)"),
            ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(small, {7, 1, 1}, true, "7 * 3 * 1 = 21 > 18"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {81}, false, "lone VC: 81 * 1 * 1 = 81 <= 1296"),
                    ATM_TEST_QUICK);
        {
            // 41 VCs: VC 0 holds 40 or 41 cells, 40 others hold 1 each.
            std::vector<uint32_t> atR(41, 1);
            atR[0] = 40;
            std::vector<uint32_t> aboveR(41, 1);
            aboveR[0] = 41;
            AddTestCase(new FbaRuleTestCase(def, atR, false, "X = R, rule off"), ATM_TEST_QUICK);
            AddTestCase(
                new FbaRuleTestCase(def, aboveR, true, "41 * 41 * 1 = 1681 > 0.8 * 20 * 81 = 1296"),
                ATM_TEST_QUICK);
        }
        // The bound 16 / (X - 80) shrinks as X -> K: VC 0 at 1.2 times its fair share.
        AddTestCase(new FbaRuleTestCase(def, {51, 34}, false, "510 <= 1360 (bound 3.2)"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {54, 36}, false, "1080 <= 1440 (bound 1.6)"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {57, 38}, true, "1710 > 1520 (bound 1.067)"),
                    ATM_TEST_QUICK);
        // Near K the bound tends to Z: at X = 99 it is 16/19 = 0.842 > Z, so FBA accepts a
        // share of 0.808 that Selective Drop (0.808 > 0.8) refuses.
        AddTestCase(new FbaRuleTestCase(def, {40, 59}, false, "40 * 2 * 19 = 1520 <= 1584"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {42, 57}, true, "42 * 2 * 19 = 1596 > 1584"),
                    ATM_TEST_QUICK);
        // Lone VC: refused iff X - R > Z (K - R) = 16, i.e. X > 96.
        AddTestCase(new FbaRuleTestCase(def, {95}, false, "95 * 15 = 1425 <= 1520"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {96}, false, "96 * 16 = 1536 = 1536 (tie)"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {97}, true, "97 * 17 = 1649 > 1552"), ATM_TEST_QUICK);
        // X = 90, N_a = 4: Z (K - R) X = 1440 = X_0 * 4 * 10 at X_0 = 36.
        AddTestCase(new FbaRuleTestCase(def, {35, 19, 18, 18}, false, "1400 < 1440"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {36, 18, 18, 18}, false, "1440 = 1440 (tie)"),
                    ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(def, {37, 18, 18, 17}, true, "1480 > 1440"),
                    ATM_TEST_QUICK);
        // Z = 0.7, X = 90, N_a = 2: Z (K - R) X = 1260 = X_0 * 2 * 10 at X_0 = 63.
        AddTestCase(new FbaRuleTestCase(z07, {63, 27}, false, "1260 = 1260 (tie)"), ATM_TEST_QUICK);
        AddTestCase(new FbaRuleTestCase(z07, {64, 26}, true, "1280 > 1260"), ATM_TEST_QUICK);

        AddTestCase(new FbaThresholdCellsTestCase, ATM_TEST_QUICK);
        AddTestCase(new FbaLargeBufferTestCase, ATM_TEST_QUICK);
        AddTestCase(new FbaIdleVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new FbaAcceptedPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new FbaRefusedEomTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new FbaRefusedEomTestCase(true), ATM_TEST_QUICK);
    }
};

static FbaBufferPolicyTestSuite
    g_fbaBufferPolicyTestSuite; //!< static instance registering the suite
