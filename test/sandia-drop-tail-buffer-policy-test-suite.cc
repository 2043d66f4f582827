/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-output-port.h"
#include "ns3/enum.h"
#include "ns3/pointer.h"
#include "ns3/sandia-drop-tail-buffer-policy.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <optional>
#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of SandiaDropTailBufferPolicy (SANDIA drop-tail) on hand-built port states driven by
 * PolicyDriver, and through a real AtmOutputPort in QueueMode PER_VC: the per-VC limit with room
 * in the physical buffer, the physical limit first, EOM handling under Reserve and
 * DropAndContinue, per-VC accounting after departures, VCs independent of each other, single-cell
 * PDUs, and the port storing a DROP_PPD EOM beyond the per-VC limit.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Short name of the policy class.
using DropTail = SandiaDropTailBufferPolicy;

/**
 * @param vcCells VcBufferCells
 * @param eomPolicy EomPolicy
 * @param eomReserveCells the base attribute EomReserveCells
 * @return a configured policy
 */
Ptr<DropTail>
MakePolicy(uint32_t vcCells, DropTail::EomPolicy eomPolicy, uint32_t eomReserveCells = 0)
{
    Ptr<DropTail> p = CreateObject<DropTail>();
    p->SetAttribute("VcBufferCells", UintegerValue(vcCells));
    p->SetAttribute("EomPolicy", EnumValue(eomPolicy));
    p->SetAttribute("EomReserveCells", UintegerValue(eomReserveCells));
    return p;
}

/// @param reason a drop reason @return the PPD decision with that reason
AtmAdmitDecision
Ppd(const char* reason)
{
    return AtmAdmitDecision::DropFrame(reason, true);
}

/// @param eomPolicy an EomPolicy @return its attribute name
std::string
Name(DropTail::EomPolicy eomPolicy)
{
    return eomPolicy == DropTail::RESERVE ? "Reserve" : "DropAndContinue";
}

/**
 * @param vcCells VcBufferCells
 * @param bufferCells K
 * @return a PER_VC port running drop-tail with DropAndContinue
 */
Ptr<AtmOutputPort>
MakePort(uint32_t vcCells, uint32_t bufferCells)
{
    Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
    port->SetAttribute("BufferCells", UintegerValue(bufferCells));
    port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
    port->SetAttribute("BufferPolicy",
                       PointerValue(MakePolicy(vcCells, DropTail::DROP_AND_CONTINUE)));
    return port;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The per-VC queue limit refuses a cell while the physical buffer has room.
 */
class DropTailVcLimitTestCase : public TestCase
{
  public:
    /// @param eomPolicy the EomPolicy
    explicit DropTailVcLimitTestCase(DropTail::EomPolicy eomPolicy)
        : TestCase("Drop-tail (" + Name(eomPolicy) +
                   ") refuses the cell that finds the VC's queue full with PPD and reason "
                   "VC_QUEUE_FULL while X < K, drops the rest of the PDU and keeps its EOM"),
          m_eomPolicy(eomPolicy)
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        const bool reserve = m_eomPolicy == DropTail::RESERVE;
        const uint16_t fit = reserve ? 3 : 4; // non-EOM cells a 4-cell VC queue takes
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(4, m_eomPolicy), s);
        for (uint16_t i = 0; i < fit; ++i)
        {
            const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, i, 8));
            NS_TEST_ASSERT_MSG_EQ(o.decision, AtmAdmitDecision::Accept(), "cell " << i);
        }
        const PolicyDriver::Outcome refused = port.Offer(MakePduCell(0, fit, 8));
        NS_TEST_ASSERT_MSG_EQ(refused.consulted, true, "consulted in ACCEPT");
        NS_TEST_ASSERT_MSG_EQ(refused.decision, Ppd(DropTail::VC_QUEUE_FULL), "X_v = " << fit);
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), fit, "X");
        NS_TEST_ASSERT_MSG_LT(s.GetCellsInBuffer(), s.GetBufferCells(), "the buffer has room");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "PPD");
        for (uint16_t i = fit + 1; i < 7; ++i)
        {
            const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, i, 8));
            NS_TEST_ASSERT_MSG_EQ(o.consulted, false, "not consulted in DROP_PPD, cell " << i);
            NS_TEST_ASSERT_MSG_EQ(o.accepted, false, "cell " << i << " dropped");
        }
        port.Depart(0);
        const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 7, 8));
        NS_TEST_ASSERT_MSG_EQ(eom.consulted, false, "the EOM is the port's");
        NS_TEST_ASSERT_MSG_EQ(eom.accepted, true, "EOM kept");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), fit, "X_v after one departure and the EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "PDU over");
        // The next PDU is offered afresh once the VC's queue has room for it.
        port.Depart(0);
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "next PDU, first cell");
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "next PDU, EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), fit, "X_v");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }

    DropTail::EomPolicy m_eomPolicy; //!< EomPolicy
};

/**
 * @ingroup atm-tests
 * @brief The physical buffer (HasRoom, with EomReserveCells) refuses before the per-VC limit.
 */
class DropTailPhysicalLimitTestCase : public TestCase
{
  public:
    DropTailPhysicalLimitTestCase()
        : TestCase("Drop-tail refuses with reason BUFFER_FULL when X = K below the per-VC limit; "
                   "with EomReserveCells = 1 a non-EOM cell is refused at X = K - 1 and an EOM "
                   "accepted")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        {
            AtmPortState s = MakePerVcState(6, 2);
            PolicyDriver port(MakePolicy(256, DropTail::DROP_AND_CONTINUE), s);
            for (uint16_t i = 0; i < 3; ++i)
            {
                port.Offer(MakePduCell(1, i, 10));
            }
            for (uint16_t i = 0; i < 3; ++i)
            {
                r = port.Offer(MakePduCell(0, i, 5));
                NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "c" << i);
            }
            NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 6, "X = K");
            r = port.Offer(MakePduCell(0, 3, 5));
            NS_TEST_ASSERT_MSG_EQ(r.decision,
                                  Ppd(DropTail::BUFFER_FULL),
                                  "X_v = 3 < 256 but X = K");
            const PolicyDriver::Outcome eom = port.Offer(MakePduCell(0, 4, 5));
            NS_TEST_ASSERT_MSG_EQ(eom.accepted, false, "DROP_PPD EOM finds X = K: dropped");
            port.Depart(1);
            // AdmitDelimiter saw that EOM dropped after cells of its PDU were queued: the next
            // PDU would merge with that head at the receiver, so it is discarded (EOM_LOST).
            r = port.Offer(MakePduCell(0, 0, 2));
            NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::EOM_LOST), "next PDU");
        }
        {
            AtmPortState s = MakePerVcState(6, 3);
            PolicyDriver port(MakePolicy(256, DropTail::DROP_AND_CONTINUE, 1), s);
            for (uint16_t i = 0; i < 5; ++i)
            {
                r = port.Offer(MakePduCell(1, i, 6));
                NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "c" << i);
            }
            r = port.Offer(MakePduCell(0, 0, 2));
            NS_TEST_ASSERT_MSG_EQ(r.decision,
                                  Ppd(DropTail::BUFFER_FULL),
                                  "non-EOM at X = K - EomReserveCells");
            r = port.Offer(MakePduCell(2, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "EOM uses the reserve");
            r = port.Offer(MakePduCell(1, 5, 6));
            NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::BUFFER_FULL), "EOM at X = K");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief When both limits hold the per-VC reason wins; a VC with room gets the physical one.
 */
class DropTailPrecedenceTestCase : public TestCase
{
  public:
    DropTailPrecedenceTestCase()
        : TestCase("Drop-tail reports VC_QUEUE_FULL when the VC's queue and the buffer are both "
                   "full, BUFFER_FULL for a VC whose queue has room")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(4, 3);
        PolicyDriver port(MakePolicy(2, DropTail::DROP_AND_CONTINUE), s);
        port.Offer(MakePduCell(0, 0, 1));
        port.Offer(MakePduCell(0, 0, 1));
        port.Offer(MakePduCell(1, 0, 1));
        port.Offer(MakePduCell(1, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(s.GetCellsInBuffer(), 4, "X = K");
        r = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              Ppd(DropTail::VC_QUEUE_FULL),
                              "VC 0 full and buffer full");
        r = port.Offer(MakePduCell(2, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::BUFFER_FULL), "VC 2 empty, buffer full");
    }
};

/**
 * @ingroup atm-tests
 * @brief DropAndContinue: an EOM finding the VC's queue full is dropped, and the next PDU is
 * discarded through its EOM.
 */
class DropTailDropAndContinueTestCase : public TestCase
{
  public:
    DropTailDropAndContinueTestCase()
        : TestCase("Drop-tail DropAndContinue drops an EOM that finds the VC's queue full and "
                   "discards the next PDU with EOM_LOST keeping its EOM; a single-cell PDU is "
                   "the delimiter")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(4, DropTail::DROP_AND_CONTINUE), s);
        for (uint16_t i = 0; i < 4; ++i)
        {
            r = port.Offer(MakePduCell(0, i, 5));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "A" << i);
        }
        const PolicyDriver::Outcome eomA = port.Offer(MakePduCell(0, 4, 5));
        NS_TEST_ASSERT_MSG_EQ(eomA.decision, Ppd(DropTail::VC_QUEUE_FULL), "A's EOM at X_v = V");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "an EOM ends the PDU");
        for (int i = 0; i < 4; ++i)
        {
            port.Depart(0);
        }
        // B: refused although the queue is empty; its EOM ends the merged A+B at the receiver.
        r = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::EOM_LOST), "B's first cell");
        r = port.Offer(MakePduCell(0, 1, 3));
        NS_TEST_ASSERT_MSG_EQ(r.consulted, false, "B1");
        r = port.Offer(MakePduCell(0, 2, 3));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "B's EOM kept");
        // C: back to normal.
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "C0");
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "C1");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 3, "B's EOM and C");

        // D's EOM dropped again; a single-cell PDU E delimits and ends the discard.
        port.Offer(MakePduCell(0, 0, 2)); // X_v = 4
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "D's EOM");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              AtmAdmitDecision::Accept(),
                              "single-cell E is offered normally");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "X_v");
        // F and G: refused on their first cell at X_v = V (PPD); their EOMs are kept only within
        // the VC's limit (AdmitDelimiter).
        port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "F's first cell dropped");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "F's EOM kept");
        r = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "G's first cell");
        port.Offer(MakePduCell(0, 1, 3));
        r = port.Offer(MakePduCell(0, 2, 3));
        NS_TEST_ASSERT_MSG_EQ(r.accepted,
                              false,
                              "G's EOM refused by AdmitDelimiter: X_v = V (nothing of G queued, "
                              "so no merge follows)");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "the per-VC limit holds for delimiters too");
        port.Depart(0);
        // H's EOM dropped; the single-cell I is refused too, so the discard goes on through J.
        port.Offer(MakePduCell(0, 0, 2));
        port.Offer(MakePduCell(0, 1, 2)); // at X_v = 4: H's EOM dropped by the policy
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "H: first cell accepted at X_v = 3, EOM not");
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "single-cell I refused");
        for (int i = 0; i < 4; ++i)
        {
            port.Depart(0);
        }
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              Ppd(DropTail::EOM_LOST),
                              "J still discarded: H's head is not delimited yet");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief Reserve: the VC's last place is for EOM cells.
 */
class DropTailReserveTestCase : public TestCase
{
  public:
    DropTailReserveTestCase()
        : TestCase("Drop-tail Reserve keeps the VC's last place for an EOM: a V-cell PDU fits, "
                   "a non-EOM cell is refused at X_v = V - 1, an EOM at X_v = V; a physical EOM "
                   "drop starts the EOM_LOST discard")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(4, DropTail::RESERVE), s);
        for (uint16_t i = 0; i < 4; ++i)
        {
            r = port.Offer(MakePduCell(0, i, 4));
            NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "4-cell PDU, cell " << i);
        }
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "EOM at X_v = V");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "non-EOM at X_v = V - 1");
        r = port.Offer(MakePduCell(0, 1, 2));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "its EOM kept by the port");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 4, "X_v = V");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              AtmAdmitDecision::Accept(),
                              "single-cell PDU at X_v = V - 1 takes the reserved place");

        // The physical buffer can still refuse the EOM; the next PDU is then discarded.
        AtmPortState t = MakePerVcState(5, 2);
        PolicyDriver small(MakePolicy(256, DropTail::RESERVE), t);
        small.Offer(MakePduCell(1, 0, 9));
        small.Offer(MakePduCell(1, 1, 9));
        for (uint16_t i = 0; i < 3; ++i)
        {
            r = small.Offer(MakePduCell(0, i, 4));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "c" << i);
        }
        r = small.Offer(MakePduCell(0, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::BUFFER_FULL), "EOM at X = K");
        small.Depart(1);
        small.Depart(1);
        r = small.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::EOM_LOST), "next PDU discarded");
        r = small.Offer(MakePduCell(1, 2, 9));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              AtmAdmitDecision::Accept(),
                              "the other VC is not affected");
    }
};

/**
 * @ingroup atm-tests
 * @brief Departures give the VC's places back one by one.
 */
class DropTailDeparturesTestCase : public TestCase
{
  public:
    /// @param eomPolicy the EomPolicy
    explicit DropTailDeparturesTestCase(DropTail::EomPolicy eomPolicy)
        : TestCase("Drop-tail (" + Name(eomPolicy) +
                   ") counts the VC's queue after departures: each departure admits exactly one "
                   "more single-cell PDU"),
          m_eomPolicy(eomPolicy)
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(3, m_eomPolicy), s);
        for (int i = 0; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(0, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "fill " << i);
        }
        for (uint32_t departures : {1U, 2U, 3U})
        {
            r = port.Offer(MakePduCell(0, 0, 1));
            NS_TEST_ASSERT_MSG_EQ(r.decision,
                                  Ppd(DropTail::VC_QUEUE_FULL),
                                  "full before " << departures << " departure(s)");
            for (uint32_t d = 0; d < departures; ++d)
            {
                port.Depart(0);
            }
            NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 3 - departures, "X_v after departures");
            for (uint32_t a = 0; a < departures; ++a)
            {
                r = port.Offer(MakePduCell(0, 0, 1));
                NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "accepted " << a << " of " << departures);
            }
        }
        // A first non-EOM cell at X_v = V - 1: accepted unless the place is reserved.
        port.Depart(0);
        const AtmAdmitDecision d = port.Offer(MakePduCell(0, 0, 2)).decision;
        if (m_eomPolicy == DropTail::RESERVE)
        {
            NS_TEST_ASSERT_MSG_EQ(d, Ppd(DropTail::VC_QUEUE_FULL), "reserved for an EOM");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(d, AtmAdmitDecision::Accept(), "no reserve");
        }
    }

    DropTail::EomPolicy m_eomPolicy; //!< EomPolicy
};

/**
 * @ingroup atm-tests
 * @brief A full VC does not affect another VC.
 */
class DropTailTwoVcsTestCase : public TestCase
{
  public:
    DropTailTwoVcsTestCase()
        : TestCase("Drop-tail keeps accepting a VC with room while another VC's queue is full "
                   "and discarding, and a dropped EOM on one VC discards nothing on the other")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 2);
        PolicyDriver port(MakePolicy(3, DropTail::DROP_AND_CONTINUE), s);
        for (uint16_t i = 0; i < 3; ++i)
        {
            port.Offer(MakePduCell(0, i, 8));
        }
        r = port.Offer(MakePduCell(0, 3, 8));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "VC 0 full");
        for (uint16_t i = 0; i < 3; ++i)
        {
            r = port.Offer(MakePduCell(1, i, 4));
            NS_TEST_ASSERT_MSG_EQ(r.decision,
                                  AtmAdmitDecision::Accept(),
                                  "VC 1 cell " << i << " while VC 0 discards");
            r = port.Offer(MakePduCell(0, 4 + i, 8));
            NS_TEST_ASSERT_MSG_EQ(r.accepted, false, "VC 0");
        }
        r = port.Offer(MakePduCell(1, 3, 4));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              Ppd(DropTail::VC_QUEUE_FULL),
                              "VC 1's EOM at its own limit");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::DROP_PPD, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(1), AtmFrameState::IDLE, "VC 1");
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 7, 8));
        NS_TEST_ASSERT_MSG_EQ(r.accepted, true, "VC 0 EOM kept");
        r = port.Offer(MakePduCell(0, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              Ppd(DropTail::VC_QUEUE_FULL),
                              "VC 0: full, not EOM_LOST (VC 1 lost the EOM)");
        port.Depart(1);
        r = port.Offer(MakePduCell(1, 0, 2));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              Ppd(DropTail::EOM_LOST),
                              "VC 1 discards after its own dropped EOM");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 3, "VC 0");
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(1), 2, "VC 1");
        NS_TEST_ASSERT_MSG_EQ(s.CheckInvariants(), true, "state identities");
    }
};

/**
 * @ingroup atm-tests
 * @brief Single-cell PDUs: accepted below the limit, refused at it without a frame discard.
 */
class DropTailSingleCellTestCase : public TestCase
{
  public:
    /// @param eomPolicy the EomPolicy
    explicit DropTailSingleCellTestCase(DropTail::EomPolicy eomPolicy)
        : TestCase("Drop-tail (" + Name(eomPolicy) +
                   ") accepts single-cell PDUs while X_v < V and refuses one at X_v = V with "
                   "VC_QUEUE_FULL, leaving the VC in IDLE and the next PDU unaffected"),
          m_eomPolicy(eomPolicy)
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        AtmPortState s = MakePerVcState(100, 1);
        PolicyDriver port(MakePolicy(2, m_eomPolicy), s);
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "X_v = 0");
        r = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(r.decision, AtmAdmitDecision::Accept(), "X_v = 1");
        const PolicyDriver::Outcome o = port.Offer(MakePduCell(0, 0, 1));
        NS_TEST_ASSERT_MSG_EQ(o.decision, Ppd(DropTail::VC_QUEUE_FULL), "X_v = V");
        NS_TEST_ASSERT_MSG_EQ(s.GetFrameState(0), AtmFrameState::IDLE, "no discard state");
        port.Depart(0);
        port.Depart(0);
        r = port.Offer(MakePduCell(0, 0, 3));
        NS_TEST_ASSERT_MSG_EQ(r.decision,
                              AtmAdmitDecision::Accept(),
                              "a dropped single-cell PDU merges nothing: no EOM_LOST");
    }

    DropTail::EomPolicy m_eomPolicy; //!< EomPolicy
};

/**
 * @ingroup atm-tests
 * @brief Through a port: DropAndContinue's dropped EOM and the EOM_LOST discard.
 */
class DropTailPortEomLostTestCase : public TestCase
{
  public:
    DropTailPortEomLostTestCase()
        : TestCase("Drop-tail in a PER_VC AtmOutputPort: a dropped EOM leaves the PDU's head "
                   "followed on the link by the next PDU's EOM only, with the reasons counted")
    {
    }

  private:
    void DoRun() override
    {
        std::string out; // cells sent, checked once
        Ptr<AtmOutputPort> port = MakePort(4, 64);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        for (uint16_t i = 0; i < 5; ++i)
        {
            port->Receive(MakePduCell(vc, i, 5), vc); // A: EOM dropped at X_v = 4
        }
        std::optional<AtmCell> first = port->Dequeue(Seconds(0));  // A0
        std::optional<AtmCell> second = port->Dequeue(Seconds(0)); // A1: X_v = 2
        NS_TEST_ASSERT_MSG_EQ((first && second), true, "two cells leave");
        for (uint16_t i = 0; i < 3; ++i)
        {
            port->Receive(MakePduCell(vc, i, 3), vc); // B: discarded, EOM kept (X_v = 2 < V)
        }
        for (uint16_t i = 0; i < 2; ++i)
        {
            port->Receive(MakePduCell(vc, i, 2), vc); // C: C0 accepted (X_v = 4), C1 dropped
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, DropTail::VC_QUEUE_FULL), 2, "A4, C1");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, DropTail::EOM_LOST), 2, "B0, B1");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcStats(vc).framesDropped, 3, "A, B, C damaged");
        out = DrainIndices(port);
        NS_TEST_ASSERT_MSG_EQ(out, "2 3 2 0", "A's rest, B's EOM (ends A+B), C's head");
        const AtmPortVcStats& st = port->GetVcStats(vc);
        NS_TEST_ASSERT_MSG_EQ(st.cellsArrived, st.cellsDeparted + st.cellsDropped, "ledger");
        NS_TEST_ASSERT_MSG_EQ(st.cellsPurged, 0, "drop-tail never purges");
    }
};

/**
 * @ingroup atm-tests
 * @brief Through a port: the EOM of a discarded PDU is kept only within the VC's limit
 *        (AdmitDelimiter), so the per-VC queue never exceeds VcBufferCells.
 */
class DropTailPortEomBeyondLimitTestCase : public TestCase
{
  public:
    DropTailPortEomBeyondLimitTestCase()
        : TestCase("Drop-tail in a PER_VC AtmOutputPort: a discarded PDU's EOM is refused at "
                   "X_v = V although X < K, so the VC's queue never exceeds VcBufferCells")
    {
    }

  private:
    void DoRun() override
    {
        std::string out; // cells sent, checked once
        Ptr<AtmOutputPort> port = MakePort(4, 64);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        for (uint16_t i = 0; i < 6; ++i)
        {
            port->Receive(MakePduCell(vc, i, 6), vc);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 4, "V: the EOM was not stored");
        for (uint32_t n = 1; n <= 3; ++n)
        {
            port->Receive(MakePduCell(vc, 0, 2), vc);
            port->Receive(MakePduCell(vc, 1, 2), vc);
            NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(vc), 4, "still V after PDU " << n);
        }
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, DropTail::VC_QUEUE_FULL),
                              2,
                              "the first PDU's cell 4 and its EOM");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcDropCount(vc, DropTail::EOM_LOST), 6, "the 2-cell PDUs");
        out = DrainIndices(port);
        NS_TEST_ASSERT_MSG_EQ(out, "0 1 2 3", "what leaves");
    }
};

/**
 * @ingroup atm-tests
 * @brief TypeId, attribute defaults and names, short name.
 */
class DropTailAttributesTestCase : public TestCase
{
  public:
    DropTailAttributesTestCase()
        : TestCase("Drop-tail is ns3::SandiaDropTailBufferPolicy, short name drop-tail, "
                   "frame-aware, VcBufferCells 256 and EomPolicy DropAndContinue by default")
    {
    }

  private:
    void DoRun() override
    {
        PolicyDriver::Outcome r; // outcome of the offer under test
        Ptr<DropTail> p = CreateObject<DropTail>();
        NS_TEST_ASSERT_MSG_EQ(p->GetInstanceTypeId().GetName(),
                              "ns3::SandiaDropTailBufferPolicy",
                              "TypeId");
        NS_TEST_ASSERT_MSG_EQ(AtmBufferPolicyFactory::Resolve("drop-tail"),
                              DropTail::GetTypeId(),
                              "short name");
        NS_TEST_ASSERT_MSG_EQ(p->IsFrameAware(), true, "frame-aware");
        UintegerValue v;
        p->GetAttribute("VcBufferCells", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), 256, "VcBufferCells default");
        StringValue e;
        p->GetAttribute("EomPolicy", e);
        NS_TEST_ASSERT_MSG_EQ(e.Get(), "DropAndContinue", "EomPolicy default");
        p->SetAttribute("EomPolicy", StringValue("Reserve"));
        p->GetAttribute("EomPolicy", e);
        NS_TEST_ASSERT_MSG_EQ(e.Get(), "Reserve", "EomPolicy by name");
        NS_TEST_ASSERT_MSG_EQ(p->SetAttributeFailSafe("VcBufferCells", UintegerValue(0)),
                              false,
                              "VcBufferCells >= 1");
        // The default V = 256 applies with any K: a 256-cell PDU fits, the 257th cell does not.
        AtmPortState s = MakePerVcState(1000, 1);
        PolicyDriver port(CreateObject<DropTail>(), s);
        for (uint16_t i = 0; i < 256; ++i)
        {
            port.Offer(MakePduCell(0, i, 300));
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetVcCells(0), 256, "256 accepted");
        r = port.Offer(MakePduCell(0, 256, 300));
        NS_TEST_ASSERT_MSG_EQ(r.decision, Ppd(DropTail::VC_QUEUE_FULL), "the 257th");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-sandia-drop-tail-buffer-policy test suite.
 */
class SandiaDropTailBufferPolicyTestSuite : public TestSuite
{
  public:
    SandiaDropTailBufferPolicyTestSuite()
        : TestSuite("atm-sandia-drop-tail-buffer-policy", ATM_SUITE_UNIT)
    {
        for (DropTail::EomPolicy e : {DropTail::DROP_AND_CONTINUE, DropTail::RESERVE})
        {
            AddTestCase(new DropTailVcLimitTestCase(e), ATM_TEST_QUICK);
            AddTestCase(new DropTailDeparturesTestCase(e), ATM_TEST_QUICK);
            AddTestCase(new DropTailSingleCellTestCase(e), ATM_TEST_QUICK);
        }
        AddTestCase(new DropTailPhysicalLimitTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailPrecedenceTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailDropAndContinueTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailReserveTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailTwoVcsTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailPortEomLostTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailPortEomBeyondLimitTestCase, ATM_TEST_QUICK);
        AddTestCase(new DropTailAttributesTestCase, ATM_TEST_QUICK);
    }
};

static SandiaDropTailBufferPolicyTestSuite
    g_sandiaDropTailBufferPolicyTestSuite; //!< static instance registering the suite
