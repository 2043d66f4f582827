/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-output-port.h"
#include "ns3/atm-port-monitor.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <map>
#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmPortMonitor on a scripted output port: the per-group cell counts and tagged
 * cells after the warm-up, the drops by reason and loss ratio of the interval only, and the
 * occupancy's time average and maximum.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @ingroup atm-tests
 * @brief A 1000 cells/s link with a 3-cell tail-drop buffer: 5 cells of VC 0 at 0 (before the
 *        interval, which starts at 20 ms), then 2 cells of VC 0 and 5 tagged cells of VC 1 at
 *        30 ms; the run ends at 100 ms.
 *
 * At 0 the buffer takes three cells and drops two, before the interval: they must not count.
 * At 30 ms the seven cells arrive together: the buffer takes three (the first leaves at once
 * for the line, so the level peaks at 3 and then is 2 for 1 ms and 1 for 1 ms) and drops four;
 * the occupancy's integral over the 80 ms interval is 3 cell-milliseconds.
 */
class AtmPortMonitorCountsTestCase : public TestCase
{
  public:
    AtmPortMonitorCountsTestCase()
        : TestCase("counts, drops and occupancy of the measured interval only")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        Ptr<CellProbeDevice> src = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> dst = CreateObject<CellProbeDevice>();
        a->AddDevice(src);
        b->AddDevice(dst);
        src->GetOutputPort()->SetAttribute("BufferCells", UintegerValue(3));
        const uint32_t vc0 = src->AddVc();
        const uint32_t vc1 = src->AddVc();
        Connect(src, dst, "1000", Time(0));

        Ptr<AtmPortMonitor> monitor = Create<AtmPortMonitor>(src, MilliSeconds(20));
        monitor->AddVc(vc0, 0);
        monitor->AddVc(vc1, 1);
        for (uint16_t i = 0; i < 5; ++i)
        {
            src->Inject(MakePduCell(vc0, i, 5), vc0, Time(0));
        }
        for (uint16_t i = 0; i < 2; ++i)
        {
            src->Inject(MakePduCell(vc0, i, 2), vc0, MilliSeconds(30));
        }
        for (uint16_t i = 0; i < 5; ++i)
        {
            src->Inject(MakePduCell(vc1, i, 5, true), vc1, MilliSeconds(30));
        }
        Simulator::Stop(MilliSeconds(100));
        Simulator::Run();
        monitor->Stop();

        NS_TEST_EXPECT_MSG_EQ(monitor->GetCells(0), 2, "VC 0: only its two cells at 30 ms");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetTaggedCells(0), 0, "VC 0 sends CLP = 0");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetCells(1), 5, "VC 1: five cells");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetTaggedCells(1), 5, "VC 1 sends CLP = 1");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetCells(7), 0, "a group that was never added");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetCellsArrived(), 7, "seven arrivals in the interval");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetCellsDropped(), 4, "four drops in the interval");
        uint64_t byReason = 0;
        for (const auto& [text, count] : monitor->GetDropsByReason())
        {
            byReason += count;
        }
        NS_TEST_EXPECT_MSG_EQ(byReason, 4, "the reasons add up to the drops of the interval");
        NS_TEST_EXPECT_MSG_EQ(src->GetOutputPort()->GetStats().cellsDropped,
                              6,
                              "the port itself dropped two more before the interval");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor->GetCellLossRatio(), 4.0 / 7, 1e-12, "4 of 7");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetMaxOccupancy(), 3, "the buffer full at 30 ms");
        NS_TEST_EXPECT_MSG_EQ_TOL(monitor->GetMeanOccupancy(),
                                  3e-3 / 80e-3,
                                  1e-9,
                                  "3 cell-ms over the 80 ms interval");
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief AtmPortMonitor: what the examples report of a port over a measured interval.
 */
class AtmPortMonitorTestSuite : public TestSuite
{
  public:
    AtmPortMonitorTestSuite()
        : TestSuite("atm-port-monitor", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmPortMonitorCountsTestCase, ATM_TEST_QUICK);
    }
};

static AtmPortMonitorTestSuite g_atmPortMonitorTestSuite; //!< static instance registering the suite
