/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmTtcpWriter (BSD sosend() semantics: pieces of at least SO_SNDLOWAT that never
 * cross a write, exactly MaxBytes, the probe hook before the first segment) and AtmBulkTransfer
 * (the fixed-size measurement stops the run on completion, the greedy one counts after the
 * warm-up, the start time and jitter, and the transfer keeps working when its Ptr is dropped
 * before Simulator::Run()).
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-bulk-transfer.h"
#include "ns3/atm-ttcp-writer.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @brief h0 -- s0 -- h1 with 1 ms links and a BSD TCP of MSS 1460 and the given window (socket
 *        buffers), no delayed ACKs.
 */
struct TcpHostPair : public AtmHostPair
{
    /// @param window the socket buffers, bytes
    explicit TcpHostPair(uint32_t window)
        : AtmHostPair(MilliSeconds(1))
    {
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.SetSegmentSize(1460);
        tcp.SetWindow(window);
        tcp.SetDelayedAck(false);
        tcp.Install(hosts);
    }
};

/// What the writer's traces reported.
struct WriterLog
{
    std::vector<uint32_t> pieces; //!< bytes of each Send()
    uint32_t socketsCreated{0};   //!< "SocketCreated" calls
    size_t piecesAtCreation{99};  //!< pieces already sent when the socket was reported

    /// @param packet a piece
    void Tx(Ptr<const Packet> packet)
    {
        pieces.push_back(packet->GetSize());
    }

    /// @param socket the new socket
    void Created(Ptr<Socket> socket)
    {
        ++socketsCreated;
        piecesAtCreation = pieces.size();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief sosend(): with a window as large as one write, the writer copies each write in pieces
 *        as space frees up, never less than SO_SNDLOWAT (2048 bytes) unless the rest of the
 *        write is smaller, never across a write's end, and exactly MaxBytes in all.
 */
class AtmTtcpWriterSosendTestCase : public TestCase
{
  public:
    AtmTtcpWriterSosendTestCase()
        : TestCase("AtmTtcpWriter: 200,000 bytes in 16 KB writes through a 16 KB window arrive "
                   "whole, in pieces of >= 2048 bytes (or the rest of a write) that never cross "
                   "a write boundary; SocketCreated fires once, before the first piece")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t tsdu = 16384;
        const uint64_t maxBytes = 200000; // 12 writes and 3392 bytes
        TcpHostPair net(tsdu);
        const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
        Ptr<AtmTtcpWriter> writer = CreateObject<AtmTtcpWriter>();
        writer->SetAttribute("Remote", AddressValue(InetSocketAddress(net.ifs.GetAddress(1), 9)));
        writer->SetAttribute("Protocol", TypeIdValue(factory));
        writer->SetAttribute("Tsdu", UintegerValue(tsdu));
        writer->SetAttribute("MaxBytes", UintegerValue(maxBytes));
        WriterLog log;
        writer->TraceConnectWithoutContext("Tx", MakeCallback(&WriterLog::Tx, &log));
        writer->TraceConnectWithoutContext("SocketCreated",
                                           MakeCallback(&WriterLog::Created, &log));
        net.hosts.Get(0)->AddApplication(writer);
        writer->SetStartTime(MilliSeconds(10));
        PacketSinkHelper sinkHelper(factory.GetName(), InetSocketAddress(Ipv4Address::GetAny(), 9));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(net.hosts.Get(1)).Get(0));
        NS_TEST_ASSERT_MSG_EQ(writer->GetSocket(), nullptr, "no socket before the start time");
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(log.socketsCreated, 1U, "one socket");
        NS_TEST_ASSERT_MSG_EQ(log.piecesAtCreation, 0U, "the socket is reported before any write");
        NS_TEST_ASSERT_MSG_NE(writer->GetSocket(), nullptr, "the socket exists after the start");
        NS_TEST_ASSERT_MSG_EQ(writer->GetBytesWritten(), maxBytes, "MaxBytes handed to TCP");
        NS_TEST_ASSERT_MSG_EQ(writer->GetWrites(), maxBytes / tsdu, "whole writes");
        NS_TEST_ASSERT_MSG_EQ(sink->GetTotalRx(), maxBytes, "every byte arrives");
        uint64_t position = 0;
        bool sawPartial = false;
        for (uint32_t piece : log.pieces)
        {
            const uint64_t leftInWrite = tsdu - position % tsdu;
            const uint64_t want = std::min<uint64_t>(leftInWrite, maxBytes - position);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(piece, want, "a piece never crosses a write's end");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(piece,
                                        std::min<uint64_t>(want, 2048),
                                        "a piece is at least SO_SNDLOWAT or the rest");
            sawPartial = sawPartial || piece < want;
            position += piece;
        }
        NS_TEST_ASSERT_MSG_EQ(position, maxBytes, "the pieces add up to MaxBytes");
        NS_TEST_ASSERT_MSG_EQ(sawPartial,
                              true,
                              "a full window takes a write in pieces (BulkSend would wait for "
                              "the whole write)");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A fixed-size transfer: the run stops when the last byte arrives; goodput = bytes over
 *        the time from the start to then.
 */
class AtmBulkTransferFixedTestCase : public TestCase
{
  public:
    AtmBulkTransferFixedTestCase()
        : TestCase("AtmBulkTransfer, MaxBytes 300,000 from StartTime 100 ms: completed, the run "
                   "stops at the last byte (before the 10 s limit), goodput = 300,000 x 8 over "
                   "the transfer time, the probe counted the lossless transfer")
    {
    }

  private:
    void DoRun() override
    {
        TcpHostPair net(65535);
        Ptr<AtmBulkTransfer> transfer =
            CreateObjectWithAttributes<AtmBulkTransfer>("MaxBytes",
                                                        UintegerValue(300000),
                                                        "StartTime",
                                                        TimeValue(MilliSeconds(100)));
        transfer->Install(net.hosts.Get(0), net.hosts.Get(1), net.ifs.GetAddress(1));
        NS_TEST_ASSERT_MSG_EQ(transfer->GetStart(), MilliSeconds(100), "no jitter: StartTime");
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        const Time end = Simulator::Now();
        transfer->Finish();
        NS_TEST_ASSERT_MSG_EQ(transfer->IsCompleted(), true, "completed");
        NS_TEST_ASSERT_MSG_LT(end, Seconds(1), "the transfer stopped the run");
        NS_TEST_ASSERT_MSG_EQ(transfer->GetBytesReceived(), 300000U, "bytes received");
        NS_TEST_ASSERT_MSG_EQ_TOL(transfer->GetTransferSeconds(),
                                  (end - MilliSeconds(100)).GetSeconds(),
                                  1e-12,
                                  "counted from the start to the last byte");
        NS_TEST_ASSERT_MSG_EQ_TOL(transfer->GetGoodputMbps(),
                                  300000 * 8 / transfer->GetTransferSeconds() / 1e6,
                                  1e-9,
                                  "goodput");
        Ptr<AtmTcpFlowProbe> probe = transfer->GetProbe();
        NS_TEST_ASSERT_MSG_EQ(probe->IsAttached(), true, "probe attached at the start");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(probe->GetDataSegmentsSent(),
                                    300000 / 1460,
                                    "every segment counted");
        NS_TEST_ASSERT_MSG_EQ(probe->GetRetransmissions(), 0U, "lossless path");
        AtmJsonLine json;
        transfer->AddTransfer(json);
        NS_TEST_ASSERT_MSG_NE(json.ToString().find("\"completed\":true"),
                              std::string::npos,
                              "the JSON keys: " << json.ToString());
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A greedy transfer: goodput counts the bytes received after the warm-up, over the time
 *        from the warm-up to the end; the start is drawn in [StartTime, StartTime + jitter).
 */
class AtmBulkTransferWarmupTestCase : public TestCase
{
  public:
    AtmBulkTransferWarmupTestCase()
        : TestCase("AtmBulkTransfer, greedy, warm-up 1 s of a 3 s run: goodput = (bytes at 3 s - "
                   "bytes at 1 s) x 8 over 2 s; the start lies in [50 ms, 70 ms) with StartTime 50 "
                   "ms and StartJitter 20 ms")
    {
    }

  private:
    void DoRun() override
    {
        TcpHostPair net(65535);
        Ptr<AtmBulkTransfer> transfer =
            CreateObjectWithAttributes<AtmBulkTransfer>("StartTime",
                                                        TimeValue(MilliSeconds(50)),
                                                        "StartJitter",
                                                        TimeValue(MilliSeconds(20)),
                                                        "Warmup",
                                                        TimeValue(Seconds(1)));
        transfer->Install(net.hosts.Get(0), net.hosts.Get(1), net.ifs.GetAddress(1));
        NS_TEST_ASSERT_MSG_GT_OR_EQ(transfer->GetStart(), MilliSeconds(50), "start >= StartTime");
        NS_TEST_ASSERT_MSG_LT(transfer->GetStart(), MilliSeconds(70), "start < StartTime + jitter");
        uint64_t atWarmup = 0;
        Ptr<PacketSink> sink = transfer->GetSink();
        Simulator::Schedule(Seconds(1), [&atWarmup, sink]() { atWarmup = sink->GetTotalRx(); });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        transfer->Finish();
        NS_TEST_ASSERT_MSG_EQ(transfer->IsCompleted(), false, "greedy: never completes");
        NS_TEST_ASSERT_MSG_GT(atWarmup, 0U, "data flowed before the warm-up ended");
        NS_TEST_ASSERT_MSG_EQ_TOL(transfer->GetTransferSeconds(), 2.0, 1e-12, "3 s - 1 s");
        NS_TEST_ASSERT_MSG_EQ_TOL(transfer->GetGoodputMbps(),
                                  (sink->GetTotalRx() - atWarmup) * 8 / 2.0 / 1e6,
                                  1e-9,
                                  "goodput after the warm-up");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The transfer's events hold what they use: dropping the Ptr before Simulator::Run()
 *        leaves a working transfer.
 */
class AtmBulkTransferLifetimeTestCase : public TestCase
{
  public:
    AtmBulkTransferLifetimeTestCase()
        : TestCase("AtmBulkTransfer dropped before Simulator::Run(): the writer sends, the probe "
                   "counts, and a MaxBytes transfer still stops the run when it completes")
    {
    }

  private:
    void DoRun() override
    {
        TcpHostPair net(65535);
        Ptr<PacketSink> sink;
        Ptr<AtmTcpFlowProbe> probe;
        {
            Ptr<AtmBulkTransfer> transfer =
                CreateObjectWithAttributes<AtmBulkTransfer>("MaxBytes", UintegerValue(100000));
            transfer->Install(net.hosts.Get(0), net.hosts.Get(1), net.ifs.GetAddress(1));
            sink = transfer->GetSink();
            probe = transfer->GetProbe();
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(sink->GetTotalRx(), 100000U, "every byte arrived");
        NS_TEST_ASSERT_MSG_LT(Simulator::Now(), Seconds(1), "the completion stopped the run");
        NS_TEST_ASSERT_MSG_GT(probe->GetDataSegmentsSent(), 0U, "the probe counted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The AtmTtcpWriter and AtmBulkTransfer suite.
 */
class AtmBulkTransferTestSuite : public TestSuite
{
  public:
    AtmBulkTransferTestSuite()
        : TestSuite("atm-bulk-transfer", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmTtcpWriterSosendTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmBulkTransferFixedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmBulkTransferWarmupTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmBulkTransferLifetimeTestCase, ATM_TEST_QUICK);
    }
};

static AtmBulkTransferTestSuite
    g_atmBulkTransferTestSuite; //!< static instance registering the suite
