/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/ea98-buffer-policy.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of Elloumi and Afifi's three Double-EPD variants (as reviewed in O. Bonaventure's
 * thesis, 1998, ch. 8): Ea98DropFromFrontBufferPolicy (`ea98-1`), Ea98PerVcAccountingBufferPolicy
 * (`ea98-2`) and Ea98CombinedBufferPolicy (`ea98-3`). On hand-built port states: every
 * occupancy Q from the first cell's point of view of an excess PDU of a VC with and without a
 * whole non-eligible PDU queued, an eligible PDU and a cell inside a PDU; the share test
 * Q_CLP1[i] x N_a <= Q_CLP1 at and around equality; the optional CLP = 0 test above HBO. Driven
 * as the port drives it: drop-from-front removes the oldest whole excess PDU, never one whose
 * first cell has left; and on a real output port, the purged cells in the port's counters.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// A VC of a hand-built state.
struct VcFill
{
    uint32_t nonEligible{0}; //!< non-eligible cells (Q_CLP1[i])
    uint32_t eligible{0};    //!< eligible cells (Q_CLP0[i])
    uint32_t whole{0};       //!< whole non-eligible PDUs among them
};

/**
 * @param k K
 * @param vcs the VCs, one queue each, every VC IDLE
 * @return the state
 */
AtmPortState
Fill(uint32_t k, const std::vector<VcFill>& vcs)
{
    AtmPortState s = MakePerVcState(k, static_cast<uint32_t>(vcs.size()));
    for (uint32_t vc = 0; vc < vcs.size(); ++vc)
    {
        for (uint32_t n = 0; n < vcs[vc].nonEligible; ++n)
        {
            s.OnEnqueue(vc, false);
        }
        for (uint32_t n = 0; n < vcs[vc].eligible; ++n)
        {
            s.OnEnqueue(vc, true);
        }
        for (uint32_t n = 0; n < vcs[vc].whole; ++n)
        {
            s.AddPurgeablePdu(vc);
        }
    }
    return s;
}

/**
 * @param name `ea98-1`, `ea98-2` or `ea98-3`
 * @param lbo LboCells (> 0)
 * @param hbo HboCells
 * @return the policy
 */
Ptr<AtmBufferPolicy>
MakeEa98(const std::string& name, uint32_t lbo, uint32_t hbo)
{
    Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create(name);
    p->SetAttribute("LboCells", UintegerValue(lbo));
    p->SetAttribute("HboCells", UintegerValue(hbo));
    return p;
}

/// @return ACCEPT
AtmAdmitDecision
Accept()
{
    return AtmAdmitDecision::Accept();
}

/// @return ACCEPT_AND_PURGE_FRONT with FRONT_PURGE
AtmAdmitDecision
Purge()
{
    return AtmAdmitDecision::AcceptAndPurgeFront(Ea98BufferPolicy::FRONT_PURGE);
}

/**
 * @param reason a reason of Ea98BufferPolicy
 * @return the refusal of a PDU at its first cell with that reason (EOM not kept)
 */
AtmAdmitDecision
Refuse(const char* reason)
{
    return AtmAdmitDecision::DropFrame(reason, false);
}

/**
 * @param vc the VC
 * @param index the cell's index in its PDU
 * @param count the PDU's cells
 * @return a CLP = 0 cell that a GFR.1 switch's F-GCRA found not eligible
 */
AtmCell
MarkedCell(uint32_t vc, uint16_t index, uint16_t count)
{
    AtmCell cell = MakePduCell(vc, index, count, false);
    cell.flags |= AtmCell::NOT_ELIGIBLE;
    return cell;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The three short names, their variants, the inherited thresholds and the optional
 *        CLP = 0 test's attribute.
 */
class Ea98VariantsTestCase : public TestCase
{
  public:
    Ea98VariantsTestCase()
        : TestCase("ea98-1, ea98-2 and ea98-3 create the drop-from-front, per-VC accounting and "
                   "combined variants with Double-EPD's default thresholds; Clp0FairShare exists "
                   "on variants 2 and 3 only and defaults to false")
    {
    }

  private:
    void DoRun() override
    {
        const char* names[] = {"ea98-1", "ea98-2", "ea98-3"};
        const bool front[] = {true, false, true};
        const bool perVc[] = {false, true, true};
        for (int i = 0; i < 3; ++i)
        {
            Ptr<Ea98BufferPolicy> p =
                DynamicCast<Ea98BufferPolicy>(AtmBufferPolicyFactory::Create(names[i]));
            NS_TEST_ASSERT_MSG_EQ((p != nullptr), true, names[i] << " is an Ea98BufferPolicy");
            NS_TEST_ASSERT_MSG_EQ(p->DropsFromFront(), front[i], names[i]);
            NS_TEST_ASSERT_MSG_EQ(p->HasPerVcAccounting(), perVc[i], names[i]);
            NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, names[i]);
            NS_TEST_ASSERT_MSG_EQ(p->GetHboCells(8192), 7168U, "BON's LAN HBO");
            NS_TEST_ASSERT_MSG_EQ(p->GetLboCells(8192), 6144U, "BON's LAN LBO");
            TypeId::AttributeInformation info;
            const bool has = p->GetInstanceTypeId().LookupAttributeByName("Clp0FairShare", &info);
            NS_TEST_ASSERT_MSG_EQ(has, perVc[i], names[i] << ": Clp0FairShare");
            if (has)
            {
                BooleanValue v;
                p->GetAttribute("Clp0FairShare", v);
                NS_TEST_ASSERT_MSG_EQ(v.Get(), false, names[i] << ": default off");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief For every Q, each variant's decision on the first cell of an excess PDU of a VC above
 *        its share with a whole excess PDU queued, of a VC with nothing queued, of eligible and
 *        GFR.1-marked PDUs, and on a cell inside a PDU.
 */
class Ea98DecisionTableTestCase : public TestCase
{
  public:
    /// @param name the variant's short name
    explicit Ea98DecisionTableTestCase(const std::string& name)
        : TestCase(name + " with K=20, LBO=8, HBO=14, for every Q from 2 to K: excess first "
                          "cells accepted below LBO, refused with HIGH_THRESHOLD at HBO, and in "
                          "between decided by the variant (drop-from-front, share or both); "
                          "eligible first cells refused iff Q >= HBO; cells inside a PDU "
                          "accepted iff Q < K"),
          m_name(name)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmBufferPolicy> policy = MakeEa98(m_name, 8, 14);
        const bool front = m_name != "ea98-2";
        const bool perVc = m_name != "ea98-1";
        const AtmAdmitDecision high = Refuse(Ea98BufferPolicy::HIGH_THRESHOLD);
        for (uint32_t q = 2; q <= 20; ++q)
        {
            // VC 0: one whole excess PDU of 2 cells (above its share Q_CLP1 / N_a = 2 / 2 once
            // VC 1 holds cells); VC 1: q - 2 eligible cells; VC 2: nothing; VC 3: inside a PDU.
            AtmPortState s = Fill(20, {{2, 0, 1}, {0, q - 2, 0}, {0, 0, 0}, {0, 0, 0}});
            s.SetFrameState(3, AtmFrameState::ACCEPT);
            AtmAdmitDecision vc0 = Accept();
            AtmAdmitDecision vc2 = Accept();
            AtmAdmitDecision eligible = Accept();
            if (q >= 14)
            {
                vc0 = vc2 = eligible = high;
            }
            else if (q >= 8)
            {
                vc0 = front ? Purge() : Refuse(Ea98BufferPolicy::OVER_EXCESS_SHARE);
                vc2 = perVc ? Accept() : Refuse(Ea98BufferPolicy::LOW_THRESHOLD);
            }
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MakePduCell(0, 0, 3, true)),
                                  vc0,
                                  "excess PDU of VC 0 (whole PDU queued, above share), Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 3, true)),
                                  vc2,
                                  "excess PDU of VC 2 (nothing queued), Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MarkedCell(2, 0, 3)),
                                  vc2,
                                  "GFR.1-marked PDU of VC 2, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 2, MakePduCell(2, 0, 3)),
                                  eligible,
                                  "eligible PDU, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(policy->Admit(s, 0, MakePduCell(0, 0, 3)),
                                  eligible,
                                  "eligible PDU of VC 0, Q=" << q);
            NS_TEST_ASSERT_MSG_EQ(
                policy->Admit(s, 3, MakePduCell(3, 1, 3, true)),
                (q < 20 ? Accept()
                        : AtmAdmitDecision::DropFrame(Ea98BufferPolicy::BUFFER_FULL, true)),
                "excess cell inside an accepted PDU, Q=" << q);
        }
    }

    std::string m_name; //!< the variant
};

/**
 * @ingroup atm-tests
 * @brief The share test Q_CLP1[i] x N_a <= Q_CLP1 at equality, one cell above, with a
 *        fractional mean, and how each variant combines it with drop-from-front.
 */
class Ea98ShareTestCase : public TestCase
{
  public:
    Ea98ShareTestCase()
        : TestCase("Between LBO and HBO an excess PDU is accepted by ea98-2 iff Q_CLP1[i] x N_a "
                   "<= Q_CLP1 (mean 3: 3 cells accepted, 4 refused; mean 3.25: 3 accepted, 4 "
                   "refused; an inactive VC accepted); ea98-3 purges from the front only where "
                   "the share test refuses; ea98-1 ignores the shares")
    {
    }

  private:
    void DoRun() override
    {
        const AtmAdmitDecision over = Refuse(Ea98BufferPolicy::OVER_EXCESS_SHARE);
        const AtmAdmitDecision low = Refuse(Ea98BufferPolicy::LOW_THRESHOLD);
        Ptr<AtmBufferPolicy> v1 = MakeEa98("ea98-1", 10, 90);
        Ptr<AtmBufferPolicy> v2 = MakeEa98("ea98-2", 10, 90);
        Ptr<AtmBufferPolicy> v3 = MakeEa98("ea98-3", 10, 90);
        // Q = 32, Q_CLP1 = 12, N_a = 4 (VC 3 holds only eligible cells): mean 3.
        // VC 0: 4 excess cells, a whole PDU; VC 1: 5, none whole; VC 2: 3, a whole PDU.
        AtmPortState s = Fill(100, {{4, 0, 1}, {5, 0, 0}, {3, 0, 1}, {0, 20, 0}, {0, 0, 0}});
        NS_TEST_ASSERT_MSG_EQ(s.GetNonEligibleCells(), 12U, "Q_CLP1");
        NS_TEST_ASSERT_MSG_EQ(s.GetNActiveVcs(), 4U, "N_a");
        const AtmCell excess[] = {MakePduCell(0, 0, 2, true),
                                  MakePduCell(1, 0, 2, true),
                                  MakePduCell(2, 0, 2, true),
                                  MakePduCell(3, 0, 2, true),
                                  MakePduCell(4, 0, 2, true)};
        // 4 x 4 = 16 > 12, 5 x 4 = 20 > 12, 3 x 4 = 12 <= 12, 0 <= 12, 0 <= 12.
        const AtmAdmitDecision want2[] = {over, over, Accept(), Accept(), Accept()};
        const AtmAdmitDecision want3[] = {Purge(), over, Accept(), Accept(), Accept()};
        const AtmAdmitDecision want1[] = {Purge(), low, Purge(), low, low};
        for (uint32_t vc = 0; vc < 5; ++vc)
        {
            NS_TEST_ASSERT_MSG_EQ(v2->Admit(s, vc, excess[vc]), want2[vc], "ea98-2, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(v3->Admit(s, vc, excess[vc]), want3[vc], "ea98-3, VC " << vc);
            NS_TEST_ASSERT_MSG_EQ(v1->Admit(s, vc, excess[vc]), want1[vc], "ea98-1, VC " << vc);
        }
        // One more excess cell on VC 3: Q_CLP1 = 13, mean 3.25 (an integer mean of 3 or 4
        // would decide one of the two cases below differently).
        s.OnEnqueue(3, false);
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(s, 2, excess[2]), Accept(), "3 x 4 = 12 <= 13");
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(s, 0, excess[0]), over, "4 x 4 = 16 > 13");
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(s, 3, excess[3]), Accept(), "1 x 4 = 4 <= 13");
        // Eligible cells of a VC do not count in its excess share: VC 1 with 3 excess and 30
        // eligible cells (Q = 63, Q_CLP1 = 11, N_a = 4): 12 > 11 refused, with 2: 8 accepted.
        AtmPortState t = Fill(100, {{4, 0, 0}, {3, 30, 0}, {4, 0, 0}, {0, 22, 0}});
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(t, 1, excess[1]), over, "3 x 4 = 12 > 11");
        AtmPortState u = Fill(100, {{5, 0, 0}, {2, 30, 0}, {4, 0, 0}, {0, 22, 0}});
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(u, 1, excess[1]), Accept(), "2 x 4 = 8 <= 11");
        // Below LBO every excess PDU is accepted whatever its share (Q = 9 < 10).
        AtmPortState w = Fill(100, {{9, 0, 0}, {0, 0, 0}});
        NS_TEST_ASSERT_MSG_EQ(v2->Admit(w, 0, excess[0]), Accept(), "Q < LBO");
    }
};

/**
 * @ingroup atm-tests
 * @brief The optional CLP = 0 fair-share test above HBO (off by default).
 */
class Ea98Clp0ShareTestCase : public TestCase
{
  public:
    Ea98Clp0ShareTestCase()
        : TestCase("Above HBO eligible PDUs are refused by default; with Clp0FairShare an eligible "
                   "PDU is accepted iff Q_CLP0[i] x N_a <= Q_CLP0 (25 of mean 25 accepted, 30 "
                   "refused), excess PDUs stay refused, and below HBO nothing changes")
    {
    }

  private:
    void DoRun() override
    {
        const AtmAdmitDecision high = Refuse(Ea98BufferPolicy::HIGH_THRESHOLD);
        // Q = 90 = HBO, Q_CLP0 = 75, Q_CLP1 = 15, N_a = 3: CLP = 0 mean 25.
        const AtmPortState s = Fill(100, {{0, 30, 0}, {10, 20, 0}, {5, 25, 0}, {0, 0, 0}});
        for (const char* name : {"ea98-2", "ea98-3"})
        {
            Ptr<AtmBufferPolicy> p = MakeEa98(name, 10, 90);
            for (uint32_t vc = 0; vc < 4; ++vc)
            {
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, vc, MakePduCell(vc, 0, 2)),
                                      high,
                                      name << " default: eligible PDU of VC " << vc);
            }
            p->SetAttribute("Clp0FairShare", BooleanValue(true));
            // 30 x 3 = 90 > 75; 20 x 3 = 60, 25 x 3 = 75, 0: <= 75.
            const AtmAdmitDecision want[] = {high, Accept(), Accept(), Accept()};
            for (uint32_t vc = 0; vc < 4; ++vc)
            {
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, vc, MakePduCell(vc, 0, 2)),
                                      want[vc],
                                      name << " with the test: eligible PDU of VC " << vc);
                NS_TEST_ASSERT_MSG_EQ(p->Admit(s, vc, MakePduCell(vc, 0, 2, true)),
                                      high,
                                      name << ": excess PDU of VC " << vc << " above HBO");
            }
            const AtmPortState below = Fill(100, {{0, 60, 0}, {0, 29, 0}});
            NS_TEST_ASSERT_MSG_EQ(p->Admit(below, 0, MakePduCell(0, 0, 2)),
                                  Accept(),
                                  name << ": Q = 89 < HBO, above the CLP = 0 mean");
        }
        Ptr<AtmBufferPolicy> v1 = MakeEa98("ea98-1", 10, 90);
        NS_TEST_ASSERT_MSG_EQ(v1->Admit(s, 2, MakePduCell(2, 0, 2)), high, "ea98-1 at HBO");
    }
};

/**
 * @ingroup atm-tests
 * @brief Drop-from-front driven as the port drives it, cell by cell.
 */
class Ea98DropFromFrontSequenceTestCase : public TestCase
{
  public:
    Ea98DropFromFrontSequenceTestCase()
        : TestCase("ea98-1 driven cell by cell (K=30, LBO=4, HBO=20): an excess PDU above LBO "
                   "takes the place of the VC's oldest whole excess PDU, never of one whose "
                   "first cell has left, and is refused whole when the VC has none")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmBufferPolicy> policy = MakeEa98("ea98-1", 4, 20);
        AtmPortState s = MakePerVcState(30, 2);
        PolicyDriver port(policy, s);
        PolicyDriver::Outcome o;
        // A and B, excess PDUs of VC 0, enter below LBO; VC 1 then brings Q to 9.
        for (uint16_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 2, true)).decision, Accept(), "A");
        }
        for (uint16_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, i, 2, true)).decision, Accept(), "B");
        }
        for (uint16_t i = 0; i < 5; ++i)
        {
            port.Offer(MakePduCell(1, i, 5));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 2U, "A and B whole");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 9U, "Q");
        // C (3 cells) at Q = 9: A leaves from the front, C's cells follow as in any PDU.
        o = port.Offer(MakePduCell(0, 0, 3, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(), "C's first cell");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 2U, "A's two cells");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 8U, "9 - 2 + 1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 3, true)).decision, Accept(), "C.1");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 2, 3, true)).decision, Accept(), "C.2");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 2U, "B and C whole");
        // B's first cell leaves: B is no longer whole; D (1 cell) takes C's place.
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 1U, "only C whole");
        o = port.Offer(MakePduCell(0, 0, 1, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(), "D");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 3U, "C's three cells, not B's remaining cell");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 2U, "B's EOM and D");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 1U, "D whole");
        // B's EOM and D leave; E finds nothing to take the place of: refused whole.
        port.Depart(0);
        port.Depart(0);
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 0U, "nothing whole");
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 5U, "VC 1's PDU: Q between LBO and HBO");
        o = port.Offer(MakePduCell(0, 0, 2, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Refuse(Ea98BufferPolicy::LOW_THRESHOLD), "E");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 1, 2, true)).accepted,
                              false,
                              "E's EOM dropped too");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 0U, "nothing of E queued");
        // An eligible PDU at the same Q is accepted.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1)).decision, Accept(), "eligible");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief ea98-3 driven cell by cell: share first, then drop-from-front.
 */
class Ea98CombinedSequenceTestCase : public TestCase
{
  public:
    Ea98CombinedSequenceTestCase()
        : TestCase("ea98-3 driven cell by cell (K=40, LBO=4, HBO=30): an excess PDU within "
                   "the mean Q_CLP1 over N_a is accepted without a purge; above it, it replaces "
                   "the VC's "
                   "oldest whole excess PDU, or is refused with OVER_EXCESS_SHARE")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmBufferPolicy> policy = MakeEa98("ea98-3", 4, 30);
        AtmPortState s = MakePerVcState(40, 3);
        PolicyDriver port(policy, s);
        // VC 0: two excess PDUs of 2 cells (the second at Q = 2 < LBO); VC 1: one eligible PDU
        // of 6 cells. Q = 10, Q_CLP1 = 4, N_a = 2: mean 2.
        for (uint16_t i = 0; i < 4; ++i)
        {
            port.Offer(MakePduCell(0, i % 2, 2, true));
        }
        for (uint16_t i = 0; i < 6; ++i)
        {
            port.Offer(MakePduCell(1, i, 6));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 2U, "two whole excess PDUs");
        // VC 2 (no cell, within any share): accepted, no purge. Q = 11, Q_CLP1 = 5, N_a = 3.
        PolicyDriver::Outcome o = port.Offer(MakePduCell(2, 0, 1, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Accept(), "VC 2 within its share");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 0U, "no purge");
        // VC 0: 4 x 3 = 12 > 5: its oldest whole excess PDU goes.
        o = port.Offer(MakePduCell(0, 0, 2, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(), "VC 0 above its share, whole PDU queued");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 2U, "its oldest PDU");
        port.Offer(MakePduCell(0, 1, 2, true));
        // VC 2 again: 1 x 3 = 3 <= 5 (Q_CLP1 = 5: VC 0 4, VC 2 1): accepted.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1, true)).decision,
                              Accept(),
                              "VC 2: 3 <= 5");
        // VC 2 a third time: 2 x 3 = 6 > 6? No: Q_CLP1 = 6 now, 6 <= 6: accepted (equality).
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(2, 0, 1, true)).decision,
                              Accept(),
                              "VC 2: 2 x 3 = 6 <= 6");
        // VC 1 sends an excess PDU: 0 <= mean, accepted; it then holds 1 excess cell.
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(1, 0, 1, true)).decision,
                              Accept(),
                              "VC 1 within its share");
        // VC 2: 3 x 3 = 9 > 8 (Q_CLP1 = 4 + 3 + 1): above its share, its oldest whole PDU goes.
        o = port.Offer(MakePduCell(2, 0, 1, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(), "VC 2 above its share");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 1U, "a single-cell PDU");
        // VC 1's cells leave, then VC 0's older PDU and the head of its newer one.
        for (uint32_t n = 0; n < 7; ++n)
        {
            port.Depart(1);
        }
        port.Depart(0); // VC 0's first PDU loses its head
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 1U, "VC 0: one whole PDU left");
        port.Depart(0);
        port.Depart(0); // VC 0's second PDU loses its head
        NS_TEST_ASSERT_MSG_EQ(s.GetVcPurgeablePdus(0), 0U, "VC 0: none whole");
        // Q = 4 (VC 0: 1, VC 2: 3) >= LBO, Q_CLP1 = 4, N_a = 2: VC 0 1 x 2 <= 4 accepted.
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 4U, "Q = LBO");
        NS_TEST_ASSERT_MSG_EQ(port.Offer(MakePduCell(0, 0, 1, true)).decision,
                              Accept(),
                              "VC 0 within its share");
        // VC 1 sends single-cell excess PDUs: with 0, 1 and 2 queued it is within the mean
        // (0 x 2 <= 5, 1 x 3 <= 6, 2 x 3 <= 7); with 3 (9 > 8) its oldest one goes.
        for (uint32_t n = 0; n < 3; ++n)
        {
            o = port.Offer(MakePduCell(1, 0, 1, true));
            NS_TEST_ASSERT_MSG_EQ(o.decision, Accept(), "VC 1 within, " << n << " queued");
        }
        o = port.Offer(MakePduCell(1, 0, 1, true));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Purge(), "VC 1: 3 x 3 = 9 > 8");
        NS_TEST_ASSERT_MSG_EQ(o.purged, 1U, "its oldest single-cell PDU");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 3U, "VC 1 still holds three");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief ea98-1 on a real output port: the port executes the purge and counts it.
 */
class Ea98PortTestCase : public TestCase
{
  public:
    Ea98PortTestCase()
        : TestCase("ea98-1 on an output port with one FIFO: the purged PDU's cells are counted "
                   "under FRONT_PURGE, the refused PDU under LOW_THRESHOLD, and the FIFO sends "
                   "the remaining cells in order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port =
            MakeOutputPort(30, AtmOutputPort::SHARED, MakeEa98("ea98-1", 4, 20));
        const uint32_t v0 = port->AddVc(AtmServiceCategory::GFR);
        const uint32_t v1 = port->AddVc(AtmServiceCategory::GFR);
        // VC 0: excess PDU A (2 cells) below LBO; VC 1: an eligible PDU of 4 cells; Q = 6.
        port->Receive(MakePduCell(v0, 0, 2, true), v0);
        port->Receive(MakePduCell(v0, 1, 2, true), v0);
        for (uint16_t i = 0; i < 4; ++i)
        {
            port->Receive(MakePduCell(v1, i, 4), v1);
        }
        // VC 0: B (3 cells) replaces A; C (1 cell) replaces B; VC 1's new excess PDU is refused.
        for (uint16_t i = 0; i < 3; ++i)
        {
            port->Receive(MakePduCell(v0, i, 3, true), v0);
        }
        port->Receive(MakePduCell(v0, 0, 1, true), v0);
        port->Receive(MakePduCell(v1, 0, 2, true), v1);
        port->Receive(MakePduCell(v1, 1, 2, true), v1);
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v0, Ea98BufferPolicy::FRONT_PURGE),
                              5U,
                              "A and B purged");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).cellsPurged, 5U, "purged counter");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(v0).framesDropped, 2U, "two PDUs lost");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(v1, Ea98BufferPolicy::LOW_THRESHOLD),
                              2U,
                              "VC 1's excess PDU refused whole");
        NS_TEST_ASSERT_MSG_EQ(DrainIndices(port, v0), "0", "only C of VC 0 leaves");
        NS_TEST_ASSERT_MSG_EQ(port->GetStats().cellsDeparted, 5U, "VC 1's PDU and C");
        const AtmPortVcStats& st = port->GetStats();
        NS_TEST_ASSERT_MSG_EQ(st.cellsArrived, st.cellsDeparted + st.cellsDropped, "ledger");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-ea98-buffer-policy test suite.
 */
class Ea98BufferPolicyTestSuite : public TestSuite
{
  public:
    Ea98BufferPolicyTestSuite()
        : TestSuite("atm-ea98-buffer-policy", ATM_SUITE_UNIT)
    {
        AddTestCase(new Ea98VariantsTestCase, ATM_TEST_QUICK);
        AddTestCase(new Ea98DecisionTableTestCase("ea98-1"), ATM_TEST_QUICK);
        AddTestCase(new Ea98DecisionTableTestCase("ea98-2"), ATM_TEST_QUICK);
        AddTestCase(new Ea98DecisionTableTestCase("ea98-3"), ATM_TEST_QUICK);
        AddTestCase(new Ea98ShareTestCase, ATM_TEST_QUICK);
        AddTestCase(new Ea98Clp0ShareTestCase, ATM_TEST_QUICK);
        AddTestCase(new Ea98DropFromFrontSequenceTestCase, ATM_TEST_QUICK);
        AddTestCase(new Ea98CombinedSequenceTestCase, ATM_TEST_QUICK);
        AddTestCase(new Ea98PortTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static Ea98BufferPolicyTestSuite g_ea98BufferPolicyTestSuite;
