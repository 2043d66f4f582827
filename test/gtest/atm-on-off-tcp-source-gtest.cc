/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests: bad attributes of AtmOnOffTcpSource (FileBytes 0, Tsdu 0, no
 * IdleTime, no Remote, a non-TCP Protocol, a negative idle draw, no receiver) stop the program
 * with a message that names the class, the attribute, the value and the fix.
 */

#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/node.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/type-id.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

/// The receiver's address: the node's own loopback interface.
InetSocketAddress
Loopback()
{
    return InetSocketAddress(Ipv4Address::GetLoopback(), 9);
}

/// @return a source to the loopback address, not yet initialised
Ptr<AtmOnOffTcpSource>
MakeSource()
{
    Ptr<AtmOnOffTcpSource> source = CreateObject<AtmOnOffTcpSource>();
    source->SetAttribute("Remote", AddressValue(Loopback()));
    return source;
}

/**
 * @brief Run @p source on a node of its own with an internet stack, optionally with a
 *        PacketSink on the loopback address, for 1000 s (long enough for ns-3's SYN retries to
 *        give up: ConnTimeout 3 s, doubled 6 times).
 * @param source the source
 * @param sink true: a PacketSink listens
 */
void
RunOnLoopback(Ptr<AtmOnOffTcpSource> source, bool sink)
{
    Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(node);
    if (sink)
    {
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 9));
        sinkHelper.Install(node);
    }
    node->AddApplication(source);
    Simulator::Stop(Seconds(1000));
    Simulator::Run();
    Simulator::Destroy();
}

TEST(AtmOnOffTcpSourceDeathTest, FileBytesZero)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            source->SetAttribute("FileBytes", UintegerValue(0));
            source->Initialize();
        },
        "AtmOnOffTcpSource: attribute FileBytes is 0 bytes; give the file size in bytes, >= 1");
}

TEST(AtmOnOffTcpSourceDeathTest, TsduZero)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            source->SetAttribute("Tsdu", UintegerValue(0));
            source->Initialize();
        },
        "AtmOnOffTcpSource: attribute Tsdu is 0 bytes; give the bytes per write \\(ttcp -l\\), "
        ">= 1");
}

TEST(AtmOnOffTcpSourceDeathTest, IdleTimeNull)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            source->SetAttribute("IdleTime", PointerValue(nullptr));
            source->Initialize();
        },
        // ns-3 (3.37 at least) refuses a null value itself, naming the attribute; the source
        // checks it again where a release lets it through.
        "AtmOnOffTcpSource: attribute IdleTime is null; give a RandomVariableStream|Attribute "
        "name=IdleTime could not be set");
}

TEST(AtmOnOffTcpSourceDeathTest, RemoteNotSet)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = CreateObject<AtmOnOffTcpSource>();
            source->Initialize();
        },
        "AtmOnOffTcpSource: attribute Remote is not set");
}

TEST(AtmOnOffTcpSourceDeathTest, ProtocolNotTcp)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            source->SetAttribute("Protocol", TypeIdValue(UdpSocketFactory::GetTypeId()));
            RunOnLoopback(source, false);
        },
        "AtmOnOffTcpSource: attribute Protocol ns3::UdpSocketFactory does not make TCP sockets");
}

TEST(AtmOnOffTcpSourceDeathTest, NegativeIdleDraw)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            source->SetAttribute("FileBytes", UintegerValue(1000));
            source->SetAttribute("IdleTime",
                                 PointerValue(CreateObjectWithAttributes<ConstantRandomVariable>(
                                     "Constant",
                                     DoubleValue(-0.5))));
            RunOnLoopback(source, true);
        },
        "AtmOnOffTcpSource: attribute IdleTime drew -0.5 s; an idle time must be finite and >= "
        "0 s");
}

TEST(AtmOnOffTcpSourceDeathTest, NoReceiver)
{
    EXPECT_DEATH(
        {
            Ptr<AtmOnOffTcpSource> source = MakeSource();
            RunOnLoopback(source, false);
        },
        "AtmOnOffTcpSource: the connection to attribute Remote failed \\(is a sink listening "
        "there\\?\\)");
}

TEST(AtmOnOffTcpSourceTest, LoopbackFileArrives)
{
    // The death tests' harness works: with a sink and a valid source, one file completes.
    Ptr<AtmOnOffTcpSource> source = MakeSource();
    source->SetAttribute("FileBytes", UintegerValue(1000));
    source->SetAttribute("MaxFiles", UintegerValue(1));
    RunOnLoopback(source, true);
    EXPECT_EQ(source->GetFilesCompleted(), 1U);
    EXPECT_EQ(source->GetBytesAcked(), 1000U);
}

} // namespace
