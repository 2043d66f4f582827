/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest checks of TcpEraPresets: derived values, and configuration errors that must stop
 * the script with a message naming the value and the fix.
 */

#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/tcp-tick-rtt-estimator.h"

#include <gtest/gtest.h>

using namespace ns3;

TEST(TcpEraPresets, SegmentSizeSubtractsHeadersAndOptions)
{
    TcpEraPresets p;
    p.SetMtu(1500);
    EXPECT_EQ(p.GetSegmentSize(), 1460u);
    p.SetTimestamps(true);
    EXPECT_EQ(p.GetSegmentSize(), 1448u);
    p.SetSegmentSize(512);
    EXPECT_EQ(p.GetSegmentSize(), 512u);
}

TEST(TcpEraPresets, MinRtoIsTicksTimesTick)
{
    TcpEraPresets p = TcpEraPresets::ForSource("bon-default");
    EXPECT_EQ(p.GetTimerTick(), MilliSeconds(200));
    EXPECT_EQ(p.GetMinRto(), MilliSeconds(400));
    p.SetMinRtoTicks(3);
    EXPECT_EQ(p.GetMinRto(), MilliSeconds(600));
}

TEST(TcpEraPresets, VariantNamesRoundTrip)
{
    for (auto v :
         {TcpEraPresets::VANILLA, TcpEraPresets::RENO, TcpEraPresets::NEWRENO, TcpEraPresets::SACK})
    {
        EXPECT_EQ(TcpEraPresets::ParseVariant(TcpEraPresets::GetVariantName(v)), v);
    }
}

TEST(TcpEraPresetsDeathTest, UnknownVariant)
{
    EXPECT_DEATH(
        TcpEraPresets::ParseVariant("tahoe"),
        "unknown TCP variant \"tahoe\" \\(use vanilla, reno, newreno, sack or sack1997\\)");
}

TEST(TcpEraPresetsDeathTest, UnknownSource)
{
    EXPECT_DEATH(TcpEraPresets::ForSource("ten34"), "unknown source; use bsd, sandia, jain");
}

TEST(TcpEraPresetsDeathTest, MtuWithoutRoomForASegment)
{
    TcpEraPresets p;
    p.SetMtu(40);
    EXPECT_DEATH(p.GetSettings(), "MTU 40 leaves no room for a segment");
}

TEST(TcpEraPresetsDeathTest, WindowBelowOneSegment)
{
    TcpEraPresets p;
    p.SetWindow(1000);
    EXPECT_DEATH(p.GetSettings(), "window 1000 bytes is smaller than one segment \\(9140");
}

TEST(TcpEraPresetsDeathTest, TickPhaseOutsideOneTick)
{
    TcpEraPresets p = TcpEraPresets::ForSource("jain");
    p.SetTickPhase(MilliSeconds(100));
    EXPECT_DEATH(p.GetSettings(),
                 "tick phase \\+?100(\\.0+)?ms is not in \\[0, timer tick = \\+?100");
    p.SetTickPhase(MilliSeconds(99));
    EXPECT_EQ(p.GetTickPhase(), MilliSeconds(99));
    EXPECT_NO_FATAL_FAILURE(p.GetSettings());
}

TEST(TcpTickRttEstimatorDeathTest, PhaseOutsideOneTick)
{
    EXPECT_DEATH(TcpTickRttEstimator::TicksCrossed(Seconds(1),
                                                   MilliSeconds(40),
                                                   MilliSeconds(500),
                                                   MilliSeconds(500)),
                 "TickPhase = \\+?500(\\.0+)?ms is not in \\[0, Tick");
}

TEST(TcpEraPresetsDeathTest, InstallBeforeTheInternetStack)
{
    TcpEraPresets p;
    Ptr<Node> node = CreateObject<Node>();
    EXPECT_DEATH(p.Install(node), "has no TCP \\(install the internet stack first\\)");
}
