/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests: bad fault settings (error-model rates out of range, outages with a
 * bad duration, in the past or too late to take effect) stop the program with a message naming
 * the attribute or call, the value and the valid range or the fix.
 */

#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/double.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

TEST(AtmFaultErrorsDeathTest, CellLossRatioAboveOne)
{
    EXPECT_DEATH(
        {
            Ptr<AtmCellErrorModel> m = CreateObject<AtmCellErrorModel>();
            m->SetAttribute("CellLossRatio", DoubleValue(1.5));
        },
        "CellLossRatio 1.5 is outside the valid range \\[0, 1\\]");
}

TEST(AtmFaultErrorsDeathTest, NegativeHeaderBitErrorRate)
{
    EXPECT_DEATH(
        {
            Ptr<AtmCellErrorModel> m = CreateObject<AtmCellErrorModel>();
            m->SetAttribute("HeaderBitErrorRate", DoubleValue(-0.1));
        },
        "HeaderBitErrorRate -0.1 is outside the valid range \\[0, 0.5\\]");
}

TEST(AtmFaultErrorsDeathTest, PayloadBitErrorRateAboveOneHalf)
{
    EXPECT_DEATH(
        {
            Ptr<AtmCellErrorModel> m = CreateObject<AtmCellErrorModel>();
            m->SetAttribute("PayloadBitErrorRate", DoubleValue(0.75));
        },
        "PayloadBitErrorRate 0.75 is outside the valid range \\[0, 0.5\\]");
}

TEST(AtmFaultErrorsDeathTest, OutageOfZeroDuration)
{
    EXPECT_DEATH(
        {
            Ptr<AtmChannel> link = CreateObject<AtmChannel>();
            link->SetLinkDown(Seconds(1), Seconds(0));
        },
        "SetLinkDown duration .*0.* must be positive");
}

TEST(AtmFaultErrorsDeathTest, OutageInThePast)
{
    EXPECT_DEATH(
        {
            Ptr<AtmChannel> link = CreateObject<AtmChannel>();
            Simulator::Schedule(Seconds(2),
                                [link]() { link->SetLinkDown(Seconds(1), Seconds(1)); });
            Simulator::Run();
        },
        "is in the past");
}

TEST(AtmFaultErrorsDeathTest, OutageTooLateForCellsAlreadySent)
{
    EXPECT_DEATH(
        {
            NodeContainer nodes(2);
            AtmHelper atm;
            atm.SetChannelAttribute("CellRate", StringValue("100000"));
            atm.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
            NetDeviceContainer devs = atm.Install(nodes.Get(0), nodes.Get(1));
            AtmPvcHelper pvcs;
            AtmPvc pvc = pvcs.Install(devs.Get(0), devs.Get(1), NodeContainer());
            pvc.src->SetVcFrameSource(pvc.srcVc, MakeCallback(+[]() -> Ptr<Packet> {
                                          return Create<Packet>(40);
                                      }));
            Simulator::ScheduleWithContext(nodes.Get(0)->GetId(),
                                           Seconds(0),
                                           &AtmNetDevice::WakeVc,
                                           pvc.src,
                                           pvc.srcVc);
            Ptr<AtmChannel> link = pvc.src->GetAtmChannel();
            // Cells sent before 5 ms are on the wire until 6.01 ms.
            Simulator::Schedule(MilliSeconds(5), [link]() {
                link->SetLinkDown(MilliSeconds(5) + MicroSeconds(500), MilliSeconds(1));
            });
            Simulator::Stop(MilliSeconds(10));
            Simulator::Run();
        },
        "is too late: cells already handed to the far end");
}

} // namespace
