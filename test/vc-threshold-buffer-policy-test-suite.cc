/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/boolean.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"
#include "ns3/vc-threshold-buffer-policy.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of VcThresholdBufferPolicy (JAIN GFRJ section 3) on hand-built port states,
 * without a simulator: the boundary X_i = r_i, one refused PDU per crossing from below, re-arming
 * after departures (and on a first cell when no departure was notified), per-VC thresholds,
 * independence of VCs, PDUs accepted to the end or cut by overflow (PPD), the EOM of a refused
 * PDU and single-cell PDUs.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param thresholdCells ThresholdCells
 * @param keepEomOnReject KeepEomOnReject
 * @return a configured policy
 */
Ptr<VcThresholdBufferPolicy>
MakeVcThreshold(uint32_t thresholdCells, bool keepEomOnReject = false)
{
    Ptr<VcThresholdBufferPolicy> p = CreateObject<VcThresholdBufferPolicy>();
    p->SetAttribute("ThresholdCells", UintegerValue(thresholdCells));
    p->SetAttribute("KeepEomOnReject", BooleanValue(keepEomOnReject));
    return p;
}

/// @return DROP_FRAME(THRESHOLD_CROSSED) with the given EOM flag
AtmAdmitDecision
Crossed(bool keepEom = false)
{
    return AtmAdmitDecision::DropFrame(VcThresholdBufferPolicy::THRESHOLD_CROSSED, keepEom);
}

/// @return the PPD decision DROP_FRAME(BUFFER_FULL, keepEom = true)
AtmAdmitDecision
Full()
{
    return AtmAdmitDecision::DropFrame(VcThresholdBufferPolicy::BUFFER_FULL, true);
}

/**
 * @brief Offer a whole PDU of @p count cells of VC @p vc.
 * @param port the driver
 * @param vc the VC
 * @param count cells in the PDU
 * @return the outcome of its first cell
 */
PolicyDriver::Outcome
OfferPdu(PolicyDriver& port, uint32_t vc, uint16_t count)
{
    const PolicyDriver::Outcome first = port.Offer(MakePduCell(vc, 0, count));
    for (uint16_t i = 1; i < count; ++i)
    {
        port.Offer(MakePduCell(vc, i, count));
    }
    return first;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief X_i = r_i - 1 is below the threshold, X_i = r_i has crossed it.
 */
class VcThresholdBoundaryTestCase : public TestCase
{
  public:
    /// @param r r_i
    VcThresholdBoundaryTestCase(uint32_t r)
        : TestCase("vc-threshold with r_i=" + std::to_string(r) +
                   ": a PDU is accepted at X_i = r_i - 1 and refused at X_i = r_i (>=)"),
          m_r(r)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(m_r);
        AtmPortState s = MakePerVcState(m_r + 10, 1);
        p->NotifyVcAdded(0);
        for (uint32_t x = 0; x + 1 < m_r; ++x)
        {
            s.OnEnqueue(0);
        }
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)),
                              AtmAdmitDecision::Accept(),
                              "X_i = r_i - 1");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), true, "still armed");
        s.OnEnqueue(0);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 2)), Crossed(), "X_i = r_i");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), false, "disarmed by the drop");
    }

    uint32_t m_r; //!< r_i
};

/**
 * @ingroup atm-tests
 * @brief One refused PDU per crossing from below; re-armed when a departure takes X_i below r_i.
 */
class VcThresholdCrossingTestCase : public TestCase
{
  public:
    VcThresholdCrossingTestCase()
        : TestCase("vc-threshold refuses one PDU per crossing: after the drop the VC's PDUs are "
                   "accepted above r_i, departures to X_i = r_i keep it disarmed, the departure "
                   "to r_i - 1 re-arms it, and the next crossing refuses one PDU again")
    {
    }

  private:
    void DoRun() override
    {
        // K = 100, r = 10, 2-cell PDUs: X_0 = 0, 2, 4, 6, 8 accepted; at X_0 = 10 refused.
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(10);
        AtmPortState s = MakePerVcState(100, 1);
        PolicyDriver port(p, s);
        uint32_t refused = 0;
        for (uint32_t n = 0; n < 8; ++n)
        {
            const uint32_t xi = s.GetVcCells(0);
            const PolicyDriver::Outcome o = OfferPdu(port, 0, 2);
            refused += o.decision.IsAccept() ? 0 : 1;
            // The 6th PDU finds X_0 = 10: refused; the next two find X_0 = 10 and 12: accepted.
            NS_TEST_ASSERT_MSG_EQ(o.decision,
                                  (n == 5 ? Crossed() : AtmAdmitDecision::Accept()),
                                  "PDU " << n << " at X_0=" << xi);
        }
        NS_TEST_ASSERT_MSG_EQ(refused, 1U, "a single drop for the crossing");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 14U, "7 PDUs of 2 cells queued");
        // Departures down to X_0 = 10 leave it disarmed; X_0 = 9 re-arms.
        for (uint32_t x = 13; x >= 10; --x)
        {
            port.Depart(0);
            NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), false, "X_0=" << x);
        }
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), true, "X_0 = 9 < r re-arms");
        // X_0 = 9: accepted (9 < 10); X_0 = 11: refused (second crossing); X_0 = 11: accepted.
        NS_TEST_ASSERT_MSG_EQ(OfferPdu(port, 0, 2).decision, AtmAdmitDecision::Accept(), "X_0 = 9");
        NS_TEST_ASSERT_MSG_EQ(OfferPdu(port, 0, 2).decision, Crossed(), "X_0 = 11");
        NS_TEST_ASSERT_MSG_EQ(OfferPdu(port, 0, 2).decision,
                              AtmAdmitDecision::Accept(),
                              "X_0 = 11 again");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief A first cell that finds X_i < r_i re-arms the VC even if no departure was notified.
 */
class VcThresholdRearmOnArrivalTestCase : public TestCase
{
  public:
    VcThresholdRearmOnArrivalTestCase()
        : TestCase("vc-threshold re-arms on a first cell that finds X_i < r_i when the "
                   "occupancy fell without NotifyDeparture")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(3);
        AtmPortState s = MakePerVcState(20, 1);
        p->NotifyVcAdded(0);
        for (uint32_t x = 0; x < 3; ++x)
        {
            s.OnEnqueue(0);
        }
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 1)), Crossed(), "X_0 = 3");
        s.OnDequeue(0); // not notified to the policy
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), false, "no notification yet");
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 1)),
                              AtmAdmitDecision::Accept(),
                              "X_0 = 2");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), true, "re-armed on arrival");
        s.OnEnqueue(0);
        NS_TEST_ASSERT_MSG_EQ(p->Admit(s, 0, MakePduCell(0, 0, 1)), Crossed(), "X_0 = 3 again");
    }
};

/**
 * @ingroup atm-tests
 * @brief Per-VC thresholds (SetVcThreshold, also before the VC is announced) and independent
 * armed flags; the total occupancy plays no role.
 */
class VcThresholdPerVcTestCase : public TestCase
{
  public:
    VcThresholdPerVcTestCase()
        : TestCase("vc-threshold keeps r_i and armed_i per VC: SetVcThreshold overrides "
                   "ThresholdCells, one VC's drop leaves the others armed, X does not matter")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(100);
        p->SetVcThreshold(0, 5); // before NotifyVcAdded: kept
        AtmPortState s = MakePerVcState(1000, 3);
        PolicyDriver port(p, s); // announces VCs 0, 1, 2
        p->SetVcThreshold(1, 20);
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(0), 5U, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(1), 20U, "VC 1");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(2), 100U, "VC 2: ThresholdCells");
        // Single-cell PDUs: VC 0 crosses at X_0 = 5, VC 1 at 20, VC 2 (r = 100) never here.
        for (uint32_t n = 0; n < 25; ++n)
        {
            for (uint32_t vc = 0; vc < 3; ++vc)
            {
                const uint32_t xi = s.GetVcCells(vc);
                const bool crossing = (vc == 0 && n == 5) || (vc == 1 && n == 20);
                const PolicyDriver::Outcome o = port.Offer(MakePduCell(vc, 0, 1));
                NS_TEST_ASSERT_MSG_EQ(o.decision,
                                      (crossing ? Crossed() : AtmAdmitDecision::Accept()),
                                      "VC " << vc << " round " << n << " at X_i=" << xi);
            }
        }
        // 25 rounds: VC 0 and VC 1 lost one cell each.
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 24U, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 24U, "VC 1");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(2), 25U, "VC 2");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), false, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(1), false, "VC 1");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(2), true, "VC 2");
        // Changing a threshold keeps the flag; the next check uses the new value.
        p->SetVcThreshold(2, 25);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1)).decision,
                              Crossed(),
                              "VC 2 at X_2 = 25 = new r_2");
    }
};

/**
 * @ingroup atm-tests
 * @brief A PDU admitted below r_i is accepted across r_i until overflow (PPD, EOM kept); the
 * threshold drop takes precedence over overflow on a first cell.
 */
class VcThresholdAcceptedPduTestCase : public TestCase
{
  public:
    VcThresholdAcceptedPduTestCase()
        : TestCase("vc-threshold decides per PDU: a PDU admitted at X_i < r_i is accepted past "
                   "r_i until X = K, then PPD keeps only its EOM; at X = K an armed VC above r_i "
                   "is refused by the threshold rule, which disarms it")
    {
    }

  private:
    void DoRun() override
    {
        // K = 8, r = 4; VC 0 sends a 12-cell PDU into an empty buffer.
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(4);
        AtmPortState s = MakePerVcState(8, 2);
        PolicyDriver port(p, s);
        for (uint16_t i = 0; i < 8; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 12)).decision,
                                  AtmAdmitDecision::Accept(),
                                  "cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 8, 12)).decision, Full(), "X = K");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), true, "overflow does not disarm");
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 9, 12)).accepted, false, "PPD");
        port.Offer(MakePduCell(0, 10, 12));
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 11, 12));
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, true, "EOM kept at X = 7");
        // X = K = 8, X_0 = 8 >= 4, armed: the threshold refuses before room is looked at.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 2)).decision, Crossed(), "X = K");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(0), false, "the single drop is spent");
        port.Offer(MakePduCell(0, 1, 2));
        // VC 1 (X_1 = 0 < 4) passes the rule, finds no room.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1)).decision, Full(), "VC 1");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief The EOM of a PDU refused by the threshold follows KeepEomOnReject.
 */
class VcThresholdRefusedEomTestCase : public TestCase
{
  public:
    /// @param keepEomOnReject KeepEomOnReject
    VcThresholdRefusedEomTestCase(bool keepEomOnReject)
        : TestCase(std::string("vc-threshold refuses the crossing PDU whole; its EOM is ") +
                   (keepEomOnReject ? "kept (KeepEomOnReject=true)"
                                    : "dropped (KeepEomOnReject=false)") +
                   " and a refused single-cell PDU is dropped"),
          m_keep(keepEomOnReject)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcThresholdBufferPolicy> p = MakeVcThreshold(2, m_keep);
        AtmPortState s = MakePerVcState(50, 1);
        PolicyDriver port(p, s);
        OfferPdu(port, 0, 2); // X_0 = 2 = r
        PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 4));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Crossed(m_keep), "first cell");
        port.Offer(MakePduCell(0, 1, 4));
        port.Offer(MakePduCell(0, 2, 4));
        o = port.Offer(MakePduCell(0, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(o.consulted, false, "EOM handled by the port");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, m_keep, "EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), (m_keep ? 3U : 2U), "X_0");
        // Re-arm (X_0 = 1), fill to r with single-cell PDUs, cross with a single-cell PDU.
        while (s.GetVcCells(0) > 1)
        {
            port.Depart(0);
        }
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).accepted, true, "X_0 = 1");
        o = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Crossed(m_keep), "single-cell PDU at X_0 = 2");
        NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "dropped even with KeepEomOnReject");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).accepted, true, "next accepted");
    }

    bool m_keep; //!< KeepEomOnReject
};

/**
 * @ingroup atm-tests
 * @brief The attributes have their documented defaults. (That the factory creates the policy as
 * vc-threshold and ns3::VcThresholdBufferPolicy and the contract suite enumerates it is checked
 * for every short name by atm-buffer-policy-contract.)
 */
class VcThresholdDefaultsTestCase : public TestCase
{
  public:
    VcThresholdDefaultsTestCase()
        : TestCase("vc-threshold defaults as documented: ThresholdCells 100 for every VC without "
                   "its own, a new VC armed, frame-aware")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<VcThresholdBufferPolicy> p = CreateObject<VcThresholdBufferPolicy>();
        UintegerValue cells;
        p->GetAttribute("ThresholdCells", cells);
        NS_TEST_ASSERT_MSG_EQ(cells.Get(), 100U, "ThresholdCells");
        NS_TEST_ASSERT_MSG_EQ(p->GetVcThreshold(7), 100U, "a VC never seen uses ThresholdCells");
        NS_TEST_ASSERT_MSG_EQ(p->IsArmed(7), true, "and starts armed");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "frame-aware");
    }
};

/**
 * @ingroup atm-tests
 * @brief The vc-threshold test suite.
 */
class VcThresholdBufferPolicyTestSuite : public TestSuite
{
  public:
    VcThresholdBufferPolicyTestSuite()
        : TestSuite("atm-vc-threshold-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new VcThresholdDefaultsTestCase, ATM_TEST_QUICK);
        for (uint32_t r : {1U, 2U, 100U, 305U})
        {
            AddTestCase(new VcThresholdBoundaryTestCase(r), ATM_TEST_QUICK);
        }
        AddTestCase(new VcThresholdCrossingTestCase, ATM_TEST_QUICK);
        AddTestCase(new VcThresholdRearmOnArrivalTestCase, ATM_TEST_QUICK);
        AddTestCase(new VcThresholdPerVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new VcThresholdAcceptedPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new VcThresholdRefusedEomTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new VcThresholdRefusedEomTestCase(true), ATM_TEST_QUICK);
    }
};

static VcThresholdBufferPolicyTestSuite
    g_vcThresholdBufferPolicyTestSuite; //!< static instance registering the suite
