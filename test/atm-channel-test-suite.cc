/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * AtmChannel: arrival times of the cells it carries, per-end counts, and its extension point:
 * a subclass that overrides Transmit() (as a link whose far end lives in another simulator
 * partition will) sees every cell and keeps the counts through the protected accessors.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-channel.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// A link that records what it carries before handing it on.
class RecordingChannel : public AtmChannel
{
  public:
    void Transmit(Ptr<const AtmDevice> from,
                  const AtmCell& cell,
                  Time firstBitSent,
                  Time lastBitSent) override
    {
        const uint32_t end = GetEndOf(from);
        ends.push_back(end);
        // Hand the cell on as the base class does, through the protected accessors.
        CountCell(end);
        GetEnd(1 - end)->ReceiveCell(cell, firstBitSent + GetDelay(), lastBitSent + GetDelay());
    }

    std::vector<uint32_t> ends; //!< sending end of each cell
};

/**
 * @ingroup atm-tests
 * Arrival times and the Transmit() extension point.
 */
class AtmChannelTestCase : public TestCase
{
  public:
    AtmChannelTestCase()
        : TestCase("A cell sent in slot k arrives complete at slot k+1 plus the delay; a "
                   "subclass overriding Transmit() carries every cell and keeps the counts")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Ptr<RecordingChannel> link = CreateObject<RecordingChannel>();
        link->SetAttribute("CellRate", StringValue("Sandia")); // 2.75 us per cell
        link->SetAttribute("Delay", TimeValue(MicroSeconds(10)));
        a->Attach(link);
        b->Attach(link);
        const uint32_t va = a->AddVc();
        const uint32_t vb = b->AddVc();
        for (int i = 0; i < 3; ++i)
        {
            a->Inject(MakeCell(0, 32), va, Seconds(0));
        }
        b->Inject(MakeCell(0, 33), vb, MicroSeconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(link->ends.size(), 4U, "every cell went through the override");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsTransmitted(0), 3U, "cells sent from end 0");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsTransmitted(1), 1U, "cells sent from end 1");
        const auto& rx = b->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 3U, "cells at b");
        // Injected at 0: stored at the first slot after 0 (slot 1), sent in slots 1, 2, 3.
        for (uint32_t i = 0; i < rx.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(rx[i].arrival,
                                  NanoSeconds(2750 * (i + 2)) + MicroSeconds(10),
                                  "last bit of cell " << i);
        }
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The AtmChannel suite.
 */
class AtmChannelTestSuite : public TestSuite
{
  public:
    AtmChannelTestSuite()
        : TestSuite("atm-channel", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmChannelTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmChannelTestSuite g_atmChannelTestSuite;
