/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Binary-mode ABR (ATM Forum TM 4.0, section 5.10.6, EFCI marking): AtmEfciMarker's hysteresis
 * cell by cell, and the closed loop through a switch: an ABR source whose PCR exceeds the
 * bottleneck fills the switch's buffer and loses cells without marking; with EFCI marking the
 * destination's CI makes the source back off and the queue stays small, without loss.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-efci-marker.h"
#include "ns3/atm-output-port.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief The hysteresis: congested from the first arrival that finds >= On cells until the
 *        first that finds <= Off; while congested every user-data cell gets EFCI (PTI middle
 *        bit), an EOM cell stays an EOM cell, RM cells are left alone.
 */
class AtmEfciHysteresisTestCase : public TestCase
{
  public:
    AtmEfciHysteresisTestCase()
        : TestCase("EFCI marker: on at OnThresholdCells, off at OffThresholdCells, data cells "
                   "only, EOM kept")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmEfciMarker> m = CreateObject<AtmEfciMarker>();
        m->SetAttribute("OnThresholdCells", UintegerValue(4));
        m->SetAttribute("OffThresholdCells", UintegerValue(1));
        // (cells found in the buffer, marked?)
        const std::pair<uint32_t, bool> steps[] = {
            {0, false},
            {3, false},
            {4, true},
            {9, true},
            {2, true},
            {1, false},
            {3, false},
            {5, true},
            {0, false},
        };
        uint32_t n = 0;
        for (const auto& [x, marked] : steps)
        {
            const AtmPortState state = MakeOccupiedState(16, {x});
            const bool eom = (n % 2) == 1;
            AtmCell cell = MakeCell(0, 32, eom);
            m->NotifyArrival(state, cell);
            NS_TEST_ASSERT_MSG_EQ(((cell.pti & 0x2) != 0), marked, "step " << n << ", X = " << x);
            NS_TEST_ASSERT_MSG_EQ(m->IsCongested(), marked, "step " << n);
            NS_TEST_ASSERT_MSG_EQ(cell.IsEndOfPdu(), eom, "step " << n << ": EOM kept");
            AtmCell rm = MakeCell(0, 32);
            rm.pti = AtmRmFields::PTI;
            m->NotifyArrival(state, rm);
            NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(rm.pti), 6U, "step " << n << ": RM");
            ++n;
        }
        NS_TEST_ASSERT_MSG_EQ(m->GetCellsMarked(), 4U, "cells marked");
    }
};

/**
 * @ingroup atm-tests
 * @brief A1, A2 -> switch -> B, every link 100,000 cells/s and 100 us, one ABR VC from each
 *        Ai to B (PCR 100,000, MCR 1000, ICR 5000 cells/s, RIF = RDF = 1/16, Nrm 32) carrying
 *        a greedy one-cell-SDU source; the switch port towards B holds 1000 cells.
 *        Without marking, backward RM cells carry ER = PCR and no CI: both ACRs climb to the
 *        PCR, together twice the bottleneck, and the port overflows. With AtmEfciMarker on that
 * port (on at 64, off at 1), the loop holds the queue near the threshold: no cell lost, the queue
 *        never above a few hundred cells, and the bottleneck still busy most of the time.
 */
class AtmEfciClosedLoopTestCase : public TestCase
{
  public:
    AtmEfciClosedLoopTestCase()
        : TestCase("EFCI marking closes the ABR loop through a switch: no loss and a bounded "
                   "queue with marking, overflow without")
    {
    }

  private:
    /// What one run measured.
    struct Outcome
    {
        uint64_t dropped{0};   //!< cells dropped at the bottleneck port
        uint32_t maxQueue{0};  //!< its largest queue
        uint64_t delivered{0}; //!< SDUs B received
        uint64_t marked{0};    //!< cells marked
    };

    /**
     * @param marking install the marker
     * @return the outcome of 200 ms
     */
    static Outcome Run(bool marking)
    {
        Ptr<AtmEfciMarker> marker = CreateObject<AtmEfciMarker>();
        AbrFanIn net(marking ? marker : nullptr);
        net.Run(MilliSeconds(200), MilliSeconds(200));
        Outcome o;
        o.dropped = net.GetBottleneck()->GetStats().cellsDropped;
        o.maxQueue = net.GetMaxQueue();
        o.delivered = net.GetDelivered(0) + net.GetDelivered(1);
        o.marked = marker->GetCellsMarked();
        return o;
    }

    void DoRun() override
    {
        const Outcome off = Run(false);
        const Outcome on = Run(true);
        NS_TEST_ASSERT_MSG_GT(off.dropped, 0U, "without marking the port overflows");
        NS_TEST_ASSERT_MSG_EQ(off.maxQueue, 1000U, "full buffer without marking");
        NS_TEST_ASSERT_MSG_EQ(on.dropped, 0U, "no loss with marking");
        NS_TEST_ASSERT_MSG_GT(on.marked, 0U, "the marker marked");
        NS_TEST_ASSERT_MSG_LT(on.maxQueue, 500U, "bounded queue with marking");
        // 200 ms at 100,000 cells/s is 20,000 slots (some carry RM cells).
        NS_TEST_ASSERT_MSG_GT(on.delivered, 12000U, "the bottleneck is kept busy");
    }
};

/**
 * @ingroup atm-tests
 * @brief The EFCI marker suite.
 */
class AtmEfciMarkerTestSuite : public TestSuite
{
  public:
    AtmEfciMarkerTestSuite()
        : TestSuite("atm-efci-marker", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmEfciHysteresisTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEfciClosedLoopTestCase, ATM_TEST_QUICK);
    }
};

static AtmEfciMarkerTestSuite g_atmEfciMarkerTestSuite; //!< static instance registering it
