/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmOnOffTcpSource over h0 -- s0 -- h1 (AtmHelper + AtmPvcHelper, one PVC, 1 ms
 * links, a BSD TCP of MSS 1460): the file count and bytes, one connection and handshake per
 * file, the gap between a file's last ACK and the next SYN (the drawn idle time, 0 for
 * back-to-back files), the stop, the RngRun dependence of the draws, the "SocketCreated" and
 * "FileDone" traces, and the defaults. The oracle is what h0's IPv4 layer sent and received,
 * read from the TCP headers, and for the idle times an ExponentialRandomVariable of the same
 * stream drawn by the test. Bad attributes are googletest death tests
 * (test/gtest/atm-on-off-tcp-source-gtest.cc).
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// The sink's TCP port.
constexpr uint16_t SINK_PORT = 5001;
/// Bytes per file in these tests: 69 segments of 1460 bytes (the last one 720).
constexpr uint64_t FILE_BYTES = 100000;

/**
 * @brief h0 -- s0 -- h1 with 1 ms links and a BSD TCP of MSS 1460, a 65,535-byte window and no
 *        delayed ACKs.
 */
struct TcpHostPair : public AtmHostPair
{
    TcpHostPair()
        : AtmHostPair(MilliSeconds(1))
    {
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.SetSegmentSize(1460);
        tcp.SetWindow(65535);
        tcp.SetDelayedAck(false);
        tcp.Install(hosts);
    }
};

/// One TCP segment that h0's IPv4 layer sent or received.
struct Segment
{
    Time time;          //!< when
    uint16_t localPort; //!< h0's port of the connection
    uint8_t flags;      //!< TCP flags
    uint32_t seq;       //!< sequence number
    uint32_t ack;       //!< acknowledgement number
    uint32_t payload;   //!< data bytes
};

/// What h0's IPv4 layer sent and received, read from the TCP headers.
struct WireLog
{
    std::vector<Segment> sent;     //!< segments h0 sent, in order
    std::vector<Segment> received; //!< segments h0 received, in order

    /// @param host h0
    void Attach(Ptr<Node> host)
    {
        Ptr<Ipv4L3Protocol> ip = host->GetObject<Ipv4L3Protocol>();
        ip->TraceConnectWithoutContext("Tx", MakeCallback(&WireLog::Tx, this));
        ip->TraceConnectWithoutContext("Rx", MakeCallback(&WireLog::Rx, this));
    }

    /**
     * @param packet an IP packet
     * @param out receives its TCP segment
     * @param outgoing true if h0 sends it
     * @return true if it is a TCP segment
     */
    static bool Read(Ptr<const Packet> packet, Segment* out, bool outgoing)
    {
        Ptr<Packet> c = packet->Copy();
        Ipv4Header ip;
        c->RemoveHeader(ip);
        if (ip.GetProtocol() != TcpL4Protocol::PROT_NUMBER)
        {
            return false;
        }
        TcpHeader tcp;
        c->RemoveHeader(tcp);
        *out = {Simulator::Now(),
                outgoing ? tcp.GetSourcePort() : tcp.GetDestinationPort(),
                tcp.GetFlags(),
                tcp.GetSequenceNumber().GetValue(),
                tcp.GetAckNumber().GetValue(),
                c->GetSize()};
        return true;
    }

    /**
     * @param packet the packet
     * @param ipv4 the IPv4 layer
     * @param interface the interface
     */
    void Tx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
    {
        Segment s;
        if (Read(packet, &s, true))
        {
            sent.push_back(s);
        }
    }

    /**
     * @param packet the packet
     * @param ipv4 the IPv4 layer
     * @param interface the interface
     */
    void Rx(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
    {
        Segment s;
        if (Read(packet, &s, false))
        {
            received.push_back(s);
        }
    }

    /// @return the SYNs h0 sent (connections it opened), in order
    std::vector<Segment> Syns() const
    {
        std::vector<Segment> syns;
        for (const Segment& s : sent)
        {
            if ((s.flags & TcpHeader::SYN) != 0 && (s.flags & TcpHeader::ACK) == 0)
            {
                syns.push_back(s);
            }
        }
        return syns;
    }

    /**
     * @param syn a connection's SYN
     * @param bytes the bytes of its file
     * @return when the first ACK that covers all of them arrived (Time::Max() if none)
     */
    Time LastAck(const Segment& syn, uint64_t bytes) const
    {
        const SequenceNumber32 end =
            SequenceNumber32(syn.seq) + SequenceNumber32(1 + static_cast<uint32_t>(bytes));
        for (const Segment& s : received)
        {
            if (s.localPort == syn.localPort && (s.flags & TcpHeader::ACK) != 0 &&
                SequenceNumber32(s.ack) >= end)
            {
                return s.time;
            }
        }
        return Time::Max();
    }

    /**
     * @param port a connection's port at h0
     * @param flags the flags (all of them set)
     * @param outgoing true: segments h0 sent, false: received
     * @return how many such segments there were
     */
    uint32_t Count(uint16_t port, uint8_t flags, bool outgoing) const
    {
        uint32_t n = 0;
        for (const Segment& s : outgoing ? sent : received)
        {
            n += (s.localPort == port && (s.flags & flags) == flags) ? 1 : 0;
        }
        return n;
    }

    /**
     * @param port a connection's port at h0
     * @return the first segment with a FIN that h0 sent on it (time Time::Max() if none)
     */
    Segment Fin(uint16_t port) const
    {
        for (const Segment& s : sent)
        {
            if (s.localPort == port && (s.flags & TcpHeader::FIN) != 0)
            {
                return s;
            }
        }
        return {Time::Max(), port, 0, 0, 0, 0};
    }

    /**
     * @param syn a connection's SYN
     * @return the end of the highest data h0 sent on it, relative to its first data byte
     */
    uint64_t DataEnd(const Segment& syn) const
    {
        uint64_t end = 0;
        for (const Segment& s : sent)
        {
            if (s.localPort == syn.localPort && s.payload > 0)
            {
                end = std::max<uint64_t>(end, s.seq + s.payload - (syn.seq + 1));
            }
        }
        return end;
    }

    /**
     * @param port a connection's port at h0
     * @return the data segments h0 sent on it
     */
    uint32_t DataSegments(uint16_t port) const
    {
        uint32_t n = 0;
        for (const Segment& s : sent)
        {
            n += (s.localPort == port && s.payload > 0) ? 1 : 0;
        }
        return n;
    }
};

/// What the source's "FileDone" trace reported.
struct FileDoneLog
{
    std::vector<uint32_t> files; //!< file numbers
    std::vector<Time> times;     //!< transfer times
    std::vector<Time> when;      //!< when it fired

    /**
     * @param file the file's number
     * @param transferTime its transfer time
     */
    void Done(uint32_t file, Time transferTime)
    {
        files.push_back(file);
        times.push_back(transferTime);
        when.push_back(Simulator::Now());
    }
};

/**
 * @brief One on/off source on h0 and one PacketSink on h1, with the wire log of h0.
 */
struct OnOffRun
{
    TcpHostPair net;                  //!< the path
    Ptr<AtmOnOffTcpSource> source;    //!< the source on h0
    Ptr<PacketSink> sink;             //!< the sink on h1
    WireLog wire;                     //!< h0's TCP segments
    FileDoneLog done;                 //!< "FileDone"
    std::vector<Ptr<Socket>> sockets; //!< "SocketCreated", in order
    std::vector<size_t> synsBefore;   //!< SYNs on the wire when each socket was reported
    std::vector<Time> createdAt;      //!< when each socket was reported

    /**
     * @param maxFiles MaxFiles
     * @param idle IdleTime (null: the default)
     * @param stream the stream for AssignStreams (negative: none)
     * @param fileBytes FileBytes
     */
    OnOffRun(uint32_t maxFiles,
             Ptr<RandomVariableStream> idle,
             int64_t stream = -1,
             uint64_t fileBytes = FILE_BYTES)
    {
        const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
        source = CreateObject<AtmOnOffTcpSource>();
        source->SetAttribute("Remote",
                             AddressValue(InetSocketAddress(net.ifs.GetAddress(1), SINK_PORT)));
        source->SetAttribute("Protocol", TypeIdValue(factory));
        source->SetAttribute("FileBytes", UintegerValue(fileBytes));
        source->SetAttribute("MaxFiles", UintegerValue(maxFiles));
        if (idle)
        {
            source->SetAttribute("IdleTime", PointerValue(idle));
        }
        if (stream >= 0)
        {
            source->AssignStreams(stream);
        }
        source->TraceConnectWithoutContext("FileDone", MakeCallback(&FileDoneLog::Done, &done));
        source->TraceConnectWithoutContext("SocketCreated", MakeCallback(&OnOffRun::Created, this));
        net.hosts.Get(0)->AddApplication(source);
        source->SetStartTime(MilliSeconds(10));
        PacketSinkHelper sinkHelper(factory.GetName(),
                                    InetSocketAddress(Ipv4Address::GetAny(), SINK_PORT));
        sink = DynamicCast<PacketSink>(sinkHelper.Install(net.hosts.Get(1)).Get(0));
        wire.Attach(net.hosts.Get(0));
    }

    /// @param socket a new connection's socket
    void Created(Ptr<Socket> socket)
    {
        sockets.push_back(socket);
        synsBefore.push_back(wire.Syns().size());
        createdAt.push_back(Simulator::Now());
    }

    /// @param stop the end of the run
    void Run(Time stop)
    {
        Simulator::Stop(stop);
        Simulator::Run();
    }
};

/// @return a ConstantRandomVariable of @p seconds
Ptr<RandomVariableStream>
Constant(double seconds)
{
    return CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(seconds));
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief MaxFiles files, each on a connection of its own with its own handshake, all bytes
 *        at the sink, and nothing after the last.
 */
class AtmOnOffTcpSourceFileCountTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceFileCountTestCase()
        : TestCase("MaxFiles 3 with a constant idle time of 50 ms: 3 x 100,000 bytes reach one "
                   "PacketSink over 3 connections, each with its own SYN, SYN-ACK and FIN and "
                   "exactly one file of data, and no fourth SYN follows in 5 s")
    {
    }

  private:
    void DoRun() override
    {
        OnOffRun run(3, Constant(0.05));
        run.Run(Seconds(5));

        NS_TEST_ASSERT_MSG_EQ(run.sink->GetTotalRx(), 3 * FILE_BYTES, "3 files at the sink");
        NS_TEST_ASSERT_MSG_EQ(run.sink->GetAcceptedSockets().size(), 3U, "3 connections accepted");
        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 3U, "3 SYNs, no fourth");
        std::set<uint16_t> ports;
        for (const Segment& syn : syns)
        {
            NS_TEST_ASSERT_MSG_EQ(ports.insert(syn.localPort).second, true, "a new connection");
            NS_TEST_ASSERT_MSG_EQ(run.wire.Count(syn.localPort, TcpHeader::SYN, true),
                                  1U,
                                  "one SYN per connection (no retransmission)");
            NS_TEST_ASSERT_MSG_EQ(
                run.wire.Count(syn.localPort, TcpHeader::SYN | TcpHeader::ACK, false),
                1U,
                "its SYN-ACK");
            NS_TEST_ASSERT_MSG_EQ(run.wire.DataEnd(syn), FILE_BYTES, "one file of data");
            const Time lastAck = run.wire.LastAck(syn, FILE_BYTES);
            NS_TEST_ASSERT_MSG_NE(lastAck, Time::Max(), "the file was acknowledged");
            const Segment fin = run.wire.Fin(syn.localPort);
            NS_TEST_ASSERT_MSG_EQ(fin.time,
                                  lastAck,
                                  "closed in the instant of the file's last ACK");
            NS_TEST_ASSERT_MSG_EQ(fin.seq + fin.payload - (syn.seq + 1),
                                  FILE_BYTES,
                                  "the FIN follows the file's last byte");
        }
        NS_TEST_ASSERT_MSG_EQ(syns[0].time, MilliSeconds(10), "the first SYN at the start time");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesStarted(), 3U, "files started");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesCompleted(), 3U, "files completed");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetBytesAcked(), 3 * FILE_BYTES, "bytes acknowledged");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetBytesWritten(), 3 * FILE_BYTES, "bytes written");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetIdleTimes().size(),
                              2U,
                              "no idle time drawn after the last file");
        for (uint32_t k = 0; k < 3; ++k)
        {
            const Time lastAck = run.wire.LastAck(syns[k], FILE_BYTES);
            NS_TEST_ASSERT_MSG_EQ(run.source->GetStartTimes()[k], syns[k].time, "start = SYN");
            NS_TEST_ASSERT_MSG_EQ(run.source->GetCompletionTimes()[k],
                                  lastAck,
                                  "completion = the file's last ACK");
            NS_TEST_ASSERT_MSG_EQ(run.done.files[k], k, "FileDone numbers the files from 0");
            NS_TEST_ASSERT_MSG_EQ(run.done.times[k],
                                  lastAck - syns[k].time,
                                  "FileDone: SYN to last ACK");
            NS_TEST_ASSERT_MSG_EQ(run.done.when[k], lastAck, "FileDone at the last ACK");
            if (k < 2)
            {
                NS_TEST_ASSERT_MSG_EQ(syns[k + 1].time - lastAck,
                                      MilliSeconds(50),
                                      "the constant idle time");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(run.done.files.size(), 3U, "FileDone once per file");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The gap between a file's last ACK and the next connection's SYN is the idle time drawn
 *        from the IdleTime stream.
 */
class AtmOnOffTcpSourceIdleGapTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceIdleGapTestCase()
        : TestCase("Default IdleTime (exponential, mean 0.1 s) on stream 7: the gap from each "
                   "file's last ACK to the next SYN equals, to the nanosecond, the next draw of "
                   "an ExponentialRandomVariable of mean 0.1 s on stream 7")
    {
    }

  private:
    void DoRun() override
    {
        RngRunGuard guard(1);
        Ptr<ExponentialRandomVariable> oracle =
            CreateObjectWithAttributes<ExponentialRandomVariable>("Mean", DoubleValue(0.1));
        oracle->SetStream(7);
        OnOffRun run(4, nullptr, 7);
        run.Run(Seconds(10));

        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 4U, "4 files");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetIdleTimes().size(), 3U, "3 draws");
        std::set<int64_t> distinct;
        for (uint32_t k = 0; k < 3; ++k)
        {
            const Time drawn = Seconds(oracle->GetValue());
            const Time gap = syns[k + 1].time - run.wire.LastAck(syns[k], FILE_BYTES);
            NS_TEST_ASSERT_MSG_EQ(gap, drawn, "gap after file " << k << " = the draw");
            NS_TEST_ASSERT_MSG_EQ(run.source->GetIdleTimes()[k], drawn, "GetIdleTimes");
            distinct.insert(gap.GetTimeStep());
        }
        NS_TEST_ASSERT_MSG_EQ(distinct.size(), 3U, "three different draws");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief IdleTime 0: the next connection opens in the instant the previous file completes.
 */
class AtmOnOffTcpSourceBackToBackTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceBackToBackTestCase()
        : TestCase("IdleTime a ConstantRandomVariable of 0 (the router scenarios): each next "
                   "SYN leaves in the instant of the ACK that completes the previous file")
    {
    }

  private:
    void DoRun() override
    {
        OnOffRun run(3, Constant(0));
        run.Run(Seconds(5));

        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 3U, "3 files");
        NS_TEST_ASSERT_MSG_EQ(run.sink->GetTotalRx(), 3 * FILE_BYTES, "3 files at the sink");
        for (uint32_t k = 0; k < 2; ++k)
        {
            const Time lastAck = run.wire.LastAck(syns[k], FILE_BYTES);
            NS_TEST_ASSERT_MSG_EQ(syns[k + 1].time, lastAck, "back to back after file " << k);
            NS_TEST_ASSERT_MSG_EQ(run.wire.Fin(syns[k].localPort).time,
                                  lastAck,
                                  "the FIN in the same instant");
            NS_TEST_ASSERT_MSG_EQ(run.source->GetIdleTimes()[k], Time(0), "idle 0");
        }
        Simulator::Destroy();
    }
};

/**
 * @brief A pilot run of 1 MByte files back to back without a stop, whose SYNs and completions
 *        place the stop times of the stop tests.
 */
struct StopPilot
{
    static constexpr uint64_t FILE = 1000000; //!< FileBytes
    std::vector<Time> syn;                    //!< the SYNs of the first four files
    std::vector<Time> done;                   //!< their last ACKs

    StopPilot()
    {
        OnOffRun run(4, Constant(0), -1, FILE);
        run.Run(Seconds(3));
        for (const Segment& s : run.wire.Syns())
        {
            syn.push_back(s.time);
            done.push_back(run.wire.LastAck(s, FILE));
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief MaxFiles 0: files follow until the application stops; the stop closes the file in
 *        progress (gracefully: what was handed to TCP still arrives, then the FIN) and no
 *        connection follows.
 */
class AtmOnOffTcpSourceStopTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceStopTestCase()
        : TestCase("MaxFiles 0, 1 MByte files back to back, stopped halfway through the third "
                   "file: two files complete, the third is closed at the stop, incomplete, its "
                   "FIN after the bytes written by then, nothing written after it, and no SYN "
                   "follows")
    {
    }

  private:
    void DoRun() override
    {
        const StopPilot pilot;
        NS_TEST_ASSERT_MSG_EQ(pilot.syn.size(), 4U, "the pilot's files");
        const Time stop = pilot.syn[2] + (pilot.done[2] - pilot.syn[2]) / 2;
        OnOffRun run(0, Constant(0), -1, StopPilot::FILE);
        run.source->SetStopTime(stop);
        uint64_t writtenAtStop = 0;
        Ptr<AtmOnOffTcpSource> source = run.source;
        Simulator::Schedule(stop + NanoSeconds(1), [&writtenAtStop, source]() {
            writtenAtStop = source->GetBytesWritten();
        });
        run.Run(Seconds(3));

        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 3U, "no SYN after the stop");
        NS_TEST_ASSERT_MSG_EQ(syns[2].time, pilot.syn[2], "the run repeats the pilot's");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesStarted(), 3U, "files started");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesCompleted(), 2U, "files completed");
        const uint64_t partial = run.source->GetBytesWritten() - 2 * StopPilot::FILE;
        NS_TEST_ASSERT_MSG_EQ(run.source->GetBytesWritten(),
                              writtenAtStop,
                              "nothing written after the stop");
        NS_TEST_ASSERT_MSG_GT(partial, 0U, "the third file had begun");
        NS_TEST_ASSERT_MSG_LT(partial, StopPilot::FILE, "and was cut short");
        const Segment fin = run.wire.Fin(syns[2].localPort);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(fin.time, stop, "closed at the stop or later");
        NS_TEST_ASSERT_MSG_EQ(fin.seq + fin.payload - (syns[2].seq + 1),
                              partial,
                              "the FIN follows the bytes written by the stop");
        NS_TEST_ASSERT_MSG_EQ(run.sink->GetTotalRx(),
                              2 * StopPilot::FILE + partial,
                              "the sink got the completed files and the written part");
        NS_TEST_ASSERT_MSG_EQ(run.wire.LastAck(syns[2], StopPilot::FILE),
                              Time::Max(),
                              "the third file was never acknowledged whole");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.source->GetBytesAcked(),
                                    2 * StopPilot::FILE,
                                    "bytes acknowledged: the two files");
        NS_TEST_ASSERT_MSG_LT(run.source->GetBytesAcked(),
                              2 * StopPilot::FILE + partial,
                              "and what was acknowledged of the third by the stop");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief A stop during a connection's handshake drops it before any data.
 */
class AtmOnOffTcpSourceStopInHandshakeTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceStopInHandshakeTestCase()
        : TestCase("MaxFiles 0, stopped 1 us after the fourth file's SYN (before its SYN-ACK): "
                   "3 files complete, the fourth counts as started, not one byte of it is "
                   "written or sent, and no SYN follows")
    {
    }

  private:
    void DoRun() override
    {
        const StopPilot pilot;
        NS_TEST_ASSERT_MSG_EQ(pilot.syn.size(), 4U, "the pilot's files");
        OnOffRun run(0, Constant(0), -1, StopPilot::FILE);
        run.source->SetStopTime(pilot.syn[3] + MicroSeconds(1));
        run.Run(Seconds(3));

        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 4U, "no SYN after the stop");
        NS_TEST_ASSERT_MSG_EQ(syns[3].time, pilot.syn[3], "the run repeats the pilot's");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesStarted(), 4U, "files started");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesCompleted(), 3U, "files completed");
        NS_TEST_ASSERT_MSG_EQ(run.source->GetBytesWritten(),
                              3 * StopPilot::FILE,
                              "nothing of the fourth file written");
        NS_TEST_ASSERT_MSG_EQ(run.wire.DataSegments(syns[3].localPort), 0U, "nothing of it sent");
        NS_TEST_ASSERT_MSG_EQ(run.sink->GetTotalRx(), 3 * StopPilot::FILE, "3 files arrived");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The idle draws depend on RngRun and on nothing else.
 */
class AtmOnOffTcpSourceRngRunTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceRngRunTestCase()
        : TestCase("Stream 3, 4 files: two runs with RngRun 1 draw the same three idle times "
                   "and open the connections at the same instants; RngRun 2 draws three "
                   "other idle times")
    {
    }

  private:
    void DoRun() override
    {
        RngRunGuard guard;
        std::vector<std::vector<Time>> idle;
        std::vector<std::vector<Time>> starts;
        for (uint64_t rngRun : {1, 1, 2})
        {
            guard.Set(rngRun);
            OnOffRun run(4, nullptr, 3);
            run.Run(Seconds(10));
            NS_TEST_ASSERT_MSG_EQ(run.source->GetFilesCompleted(), 4U, "4 files");
            idle.push_back(run.source->GetIdleTimes());
            starts.push_back(run.source->GetStartTimes());
            Simulator::Destroy();
        }
        NS_TEST_ASSERT_MSG_EQ(idle[0].size(), 3U, "3 draws");
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(idle[1][k], idle[0][k], "same RngRun, same draw " << k);
            NS_TEST_ASSERT_MSG_NE(idle[2][k], idle[0][k], "other RngRun, other draw " << k);
        }
        NS_TEST_ASSERT_MSG_EQ((starts[1] == starts[0]), true, "same RngRun, same SYN times");
    }
};

/**
 * @ingroup atm-tests
 * @brief "SocketCreated" fires once per file, before its SYN, with the socket that sends it.
 */
class AtmOnOffTcpSourceSocketCreatedTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceSocketCreatedTestCase()
        : TestCase("SocketCreated fires once per file, in the instant of its SYN but before "
                   "it, with the socket bound to the SYN's port; a probe attached there counts "
                   "every data segment of its connection")
    {
    }

  private:
    void DoRun() override
    {
        OnOffRun run(3, Constant(0.02));
        // The class documentation's example: one probe per connection.
        std::vector<Ptr<AtmTcpFlowProbe>> probes;
        run.source->TraceConnectWithoutContext(
            "SocketCreated",
            Callback<void, Ptr<Socket>>([&probes](Ptr<Socket> socket) {
                probes.push_back(Create<AtmTcpFlowProbe>());
                probes.back()->Attach(socket);
            }));
        run.Run(Seconds(5));

        const std::vector<Segment> syns = run.wire.Syns();
        NS_TEST_ASSERT_MSG_EQ(syns.size(), 3U, "3 files");
        NS_TEST_ASSERT_MSG_EQ(run.sockets.size(), 3U, "once per file");
        NS_TEST_ASSERT_MSG_EQ(probes.size(), 3U, "one probe per file");
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(run.synsBefore[k], k, "before its own SYN, after the others");
            NS_TEST_ASSERT_MSG_EQ(run.createdAt[k], syns[k].time, "in the SYN's instant");
            Address name;
            run.sockets[k]->GetSockName(name);
            NS_TEST_ASSERT_MSG_EQ(InetSocketAddress::ConvertFrom(name).GetPort(),
                                  syns[k].localPort,
                                  "the socket that sends the SYN");
            NS_TEST_ASSERT_MSG_EQ(probes[k]->GetDataSegmentsSent(),
                                  run.wire.DataSegments(syns[k].localPort),
                                  "the probe saw every data segment of its connection");
            NS_TEST_ASSERT_MSG_EQ(probes[k]->GetRetransmissions(), 0U, "lossless path");
        }
        NS_TEST_ASSERT_MSG_EQ(run.source->GetSocket(), run.sockets[2], "the last connection");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The defaults are the thesis's workstation source.
 */
class AtmOnOffTcpSourceDefaultsTestCase : public TestCase
{
  public:
    AtmOnOffTcpSourceDefaultsTestCase()
        : TestCase("Defaults: FileBytes 10,000,000, Tsdu 16384, MaxFiles 0, IdleTime an "
                   "ExponentialRandomVariable of mean 0.1 s of each source's own")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOnOffTcpSource> a = CreateObject<AtmOnOffTcpSource>();
        Ptr<AtmOnOffTcpSource> b = CreateObject<AtmOnOffTcpSource>();
        UintegerValue u;
        a->GetAttribute("FileBytes", u);
        NS_TEST_ASSERT_MSG_EQ(u.Get(), 10000000U, "FileBytes");
        a->GetAttribute("Tsdu", u);
        NS_TEST_ASSERT_MSG_EQ(u.Get(), 16384U, "Tsdu");
        a->GetAttribute("MaxFiles", u);
        NS_TEST_ASSERT_MSG_EQ(u.Get(), 0U, "MaxFiles");
        PointerValue pa;
        PointerValue pb;
        a->GetAttribute("IdleTime", pa);
        b->GetAttribute("IdleTime", pb);
        Ptr<ExponentialRandomVariable> idle = pa.Get<ExponentialRandomVariable>();
        NS_TEST_ASSERT_MSG_NE(idle, nullptr, "exponential");
        NS_TEST_ASSERT_MSG_EQ(idle->GetMean(), 0.1, "mean 0.1 s");
        NS_TEST_ASSERT_MSG_NE(pa.Get<RandomVariableStream>(),
                              pb.Get<RandomVariableStream>(),
                              "not shared between sources");
        NS_TEST_ASSERT_MSG_EQ(a->AssignStreams(5), 1, "one stream");
        NS_TEST_ASSERT_MSG_EQ(idle->GetStream(), 5, "AssignStreams sets the IdleTime stream");
        NS_TEST_ASSERT_MSG_EQ(a->GetSocket(), nullptr, "no socket before the start");
    }
};

/**
 * @ingroup atm-tests
 * @brief The AtmOnOffTcpSource suite.
 */
class AtmOnOffTcpSourceTestSuite : public TestSuite
{
  public:
    AtmOnOffTcpSourceTestSuite()
        : TestSuite("atm-on-off-tcp-source", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmOnOffTcpSourceFileCountTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceIdleGapTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceBackToBackTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceStopTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceStopInHandshakeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceRngRunTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceSocketCreatedTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmOnOffTcpSourceDefaultsTestCase, ATM_TEST_QUICK);
    }
};

static AtmOnOffTcpSourceTestSuite
    g_atmOnOffTcpSourceTestSuite; //!< static instance registering the suite
