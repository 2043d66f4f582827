/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-bulk-transfer.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-on-off-tcp-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmFlowTracer: the CSV formats, the port samples against a scripted output port,
 * short N-source runs and AtmBulkTransfer runs whose time series must agree with the run's own
 * counters (initial window, bytes delivered, drops by the ports, RTT samples and retransmission
 * timeouts).
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One data row of tcp.csv or ports.csv.
struct Row
{
    int64_t ns;         //!< time in nanoseconds
    std::string key;    //!< flow or port
    std::string metric; //!< metric
    int64_t value;      //!< integer value (metrics in ms: truncated)
    std::string text;   //!< the value as written
};

/// A parsed CSV file.
struct Csv
{
    std::string header;    //!< first line
    std::vector<Row> rows; //!< the other lines
    bool wellFormed{true}; //!< every line had four fields and a time with nine decimals
};

/**
 * @brief Read a trace file.
 * @param path the file
 * @return its header and rows
 */
Csv
ReadCsv(const std::string& path)
{
    Csv csv;
    std::ifstream in(path);
    std::getline(in, csv.header);
    std::string line;
    while (std::getline(in, line))
    {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string field;
        while (std::getline(ss, field, ','))
        {
            f.push_back(field);
        }
        const size_t dot = f.empty() ? std::string::npos : f[0].find('.');
        if (f.size() != 4 || dot == std::string::npos || f[0].size() - dot - 1 != 9)
        {
            csv.wellFormed = false;
            continue;
        }
        Row r;
        r.ns = std::stoll(f[0].substr(0, dot)) * 1000000000 + std::stoll(f[0].substr(dot + 1));
        r.key = f[1];
        r.metric = f[2];
        r.value = std::stoll(f[3]);
        r.text = f[3];
        csv.rows.push_back(r);
    }
    return csv;
}

/**
 * @param path a path
 * @return true if it exists
 */
bool
Exists(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

/**
 * @brief Remove a trace directory once its checks passed (a failed test keeps it to look at).
 * @param dir the directory
 */
void
RemoveTraces(const std::string& dir)
{
    std::remove((dir + "/tcp.csv").c_str());
    std::remove((dir + "/ports.csv").c_str());
    ::rmdir(dir.c_str());
}

/// What a traced N-source run measured besides its traces.
struct TracedRun
{
    std::string dir;                         //!< the trace directory
    uint32_t bufferCells{0};                 //!< K of every switch port
    Time stop;                               //!< simulation stop
    std::vector<uint64_t> sinkBytes;         //!< per flow: bytes delivered to the sink
    std::vector<uint64_t> initialWindow;     //!< per flow: InitialCwnd x SegmentSize
    std::vector<uint64_t> probeTimeouts;     //!< per flow: AtmTcpFlowProbe timeouts
    std::vector<uint64_t> probeRttSamples;   //!< per flow: AtmTcpFlowProbe RTT samples
    std::vector<uint64_t> tracerTimeouts;    //!< per flow: AtmFlowTracer::GetTimeouts
    std::vector<uint64_t> expiries;          //!< per flow: RetransmissionTimeout events
    std::map<std::string, uint64_t> dropped; //!< per port name: cellsDropped
    std::map<std::string, uint64_t> frames;  //!< per port name: framesDropped
    uint64_t cellsDropped{0};                //!< AtmNSourceResults::cellsDropped
};

/**
 * @brief Count an expiry of the retransmission timer.
 * @param count the counter
 * @param rto the RTO
 * @param backoff the back-off count
 */
void
CountExpiry(uint64_t* count, Time rto, uint32_t backoff)
{
    ++*count;
}

/**
 * @brief Connect the expiry counters to the senders' sockets (they exist once the senders
 *        started).
 * @param traffic the transfers
 * @param run receives the counts
 */
void
ConnectExpiries(const AtmNSourceTraffic* traffic, TracedRun* run)
{
    for (uint32_t i = 0; i < run->expiries.size(); ++i)
    {
        traffic->GetSourceApplication(i)->GetSocket()->TraceConnectWithoutContext(
            "RetransmissionTimeout",
            MakeBoundCallback(&CountExpiry, &run->expiries[i]));
    }
}

/**
 * @brief Two greedy SACK sources over a LAN (JAIN's TCP with a 10 ms timer tick), traced; the
 *        senders stop at @p sendersStop, the simulation at @p stop.
 * @param run the directory, buffer and stop time in; the counters out
 * @param sendersStop when the senders close their connections
 */
void
RunTraced(TracedRun* run, Time sendersStop)
{
    const uint32_t n = 2;
    TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
    tcp.SetVariant(TcpEraPresets::SACK);
    tcp.SetTimerTick(MilliSeconds(10));
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(n);
    nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
    nsrc.SetDelays(AtmDelayPreset::Get("lan"));
    nsrc.SetBufferCells(run->bufferCells);
    nsrc.SetTcp(tcp);
    const AtmNSourceTopology topology = nsrc.Install();

    Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>(run->dir);
    tracer->SetStopTime(run->stop);
    AtmNSourceTraffic traffic;
    traffic.SetTracer(tracer);
    traffic.Install(topology, Seconds(0), sendersStop);
    run->expiries.assign(n, 0);
    // The senders start at 0, their probes and the tracer attach at 1 ns.
    Simulator::Schedule(NanoSeconds(2), &ConnectExpiries, &traffic, run);
    Simulator::Stop(run->stop);
    Simulator::Run();
    tracer->Close();

    const AtmNSourceResults r = traffic.GetResults();
    run->cellsDropped = r.cellsDropped;
    for (uint32_t i = 0; i < n; ++i)
    {
        run->sinkBytes.push_back(traffic.GetSinkApplication(i)->GetTotalRx());
        Ptr<Socket> socket = traffic.GetSourceApplication(i)->GetSocket();
        UintegerValue iw;
        UintegerValue mss;
        socket->GetAttribute("InitialCwnd", iw);
        socket->GetAttribute("SegmentSize", mss);
        run->initialWindow.push_back(iw.Get() * mss.Get());
        run->probeTimeouts.push_back(traffic.GetProbe(i)->GetTimeouts());
        run->probeRttSamples.push_back(traffic.GetProbe(i)->GetRttSamples());
        run->tracerTimeouts.push_back(tracer->GetTimeouts(i));
        const AtmPortVcStats& s = topology.forwardPorts[i]->GetOutputPort()->GetStats();
        run->dropped["sw1-dst" + std::to_string(i)] = s.cellsDropped;
        run->frames["sw1-dst" + std::to_string(i)] = s.framesDropped;
    }
    const AtmPortVcStats& s = topology.trunk->GetOutputPort()->GetStats();
    run->dropped["sw0-trunk"] = s.cellsDropped;
    run->frames["sw0-trunk"] = s.framesDropped;
    Simulator::Destroy();
}

/// Counts the retransmission timer's expiries of the socket an AtmTtcpWriter creates.
struct ExpiryCounter
{
    uint64_t expiries{0};          //!< "RetransmissionTimeout" events
    std::vector<uint32_t> backoff; //!< their back-off counts

    /// @param socket the writer's new socket ("SocketCreated")
    void Created(Ptr<Socket> socket)
    {
        socket->TraceConnectWithoutContext("RetransmissionTimeout",
                                           MakeCallback(&ExpiryCounter::Expired, this));
    }

    /// @param rto the RTO that expired @param count its back-off count
    void Expired(Time rto, uint32_t count)
    {
        ++expiries;
        backoff.push_back(count);
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief Drop-reason slugs, and the directory check: refuses a path under a file and leaves
 *        nothing behind when it accepts one.
 */
class AtmFlowTracerNamesTestCase : public TestCase
{
  public:
    AtmFlowTracerNamesTestCase()
        : TestCase("AtmFlowTracer: reason slugs; CheckDirectory refuses a path under a file and "
                   "leaves no directory behind")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::ReasonSlug("EPD: buffer full"),
                              "epd_buffer_full",
                              "slug");
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::ReasonSlug("SD: X > R and VC above Z * X / N_a"),
                              "sd_x_r_and_vc_above_z_x_n_a",
                              "runs of other characters become one '_'");
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::ReasonSlug(TailDropBufferPolicy::BUFFER_FULL),
                              "taildrop_buffer_full",
                              "tail drop");
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::ReasonSlug(" - "), "other", "nothing left");

        std::string reason;
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::CheckDirectory("/dev/null/traces", &reason),
                              false,
                              "under a file");
        NS_TEST_ASSERT_MSG_EQ(reason, "/dev/null is not a directory", "the reason names it");
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::CheckDirectory("", &reason), false, "empty path");

        const std::string top = CreateTempDirFilename("check");
        const std::string deep = top + "/a/b";
        NS_TEST_ASSERT_MSG_EQ(Exists(top), false, "fresh path");
        NS_TEST_ASSERT_MSG_EQ(AtmFlowTracer::CheckDirectory(deep, &reason), true, reason);
        NS_TEST_ASSERT_MSG_EQ(Exists(top), false, "the check removed what it created");
    }
};

/**
 * @ingroup atm-tests
 * @brief A scripted output port (K = 5, tail drop) sampled every 1 ms up to a 3 ms stop time:
 * the occupancy at each interval end (before that instant's events), the maximum in the
 * interval, drops of the interval by reason, nothing after the stop time, exact headers.
 */
class AtmFlowTracerPortTestCase : public TestCase
{
  public:
    AtmFlowTracerPortTestCase()
        : TestCase("AtmFlowTracer: port samples of a scripted port: occupancy, maximum and drops "
                   "per 1 ms interval, none after the stop time")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("port-traces");
        Ptr<AtmOutputPort> port = MakeOutputPort(5, AtmOutputPort::SHARED);
        const uint32_t vc = port->AddVc(AtmServiceCategory::UBR);
        Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>(dir);
        tracer->SetStopTime(MilliSeconds(3));
        tracer->AddPort("p0", port);
        auto receive = [port, vc](uint16_t first, uint16_t last) {
            for (uint16_t i = first; i <= last; ++i)
            {
                port->Receive(MakePduCell(vc, i, 100), vc);
            }
        };
        auto dequeue = [port](uint32_t n) {
            for (uint32_t i = 0; i < n; ++i)
            {
                port->Dequeue(Simulator::Now());
            }
        };
        Simulator::Schedule(MicroSeconds(500), [=]() { receive(0, 2); }); // X = 3
        Simulator::Schedule(MilliSeconds(1), [=]() { receive(3, 6); });   // X = 5, 2 dropped
        Simulator::Schedule(MicroSeconds(1500), [=]() { dequeue(2); });   // X = 3
        Simulator::Schedule(MicroSeconds(3500), [=]() { dequeue(1); });   // after the stop time
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();
        tracer->Close();
        Simulator::Destroy();

        const Csv ports = ReadCsv(dir + "/ports.csv");
        NS_TEST_ASSERT_MSG_EQ(ports.header, "time_s,port,metric,value", "ports.csv header");
        NS_TEST_ASSERT_MSG_EQ(ports.wellFormed, true, "four fields, nine decimals");
        std::ostringstream got;
        for (const Row& r : ports.rows)
        {
            got << r.ns << ' ' << r.key << ' ' << r.metric << ' ' << r.text << '\n';
        }
        const std::string expected = "1000000 p0 queue_cells 3\n"
                                     "1000000 p0 queue_max_cells 3\n"
                                     "2000000 p0 queue_cells 3\n"
                                     "2000000 p0 queue_max_cells 5\n"
                                     "2000000 p0 drop_taildrop_buffer_full_cells 2\n"
                                     "2000000 p0 frame_drop_taildrop_buffer_full 1\n"
                                     "3000000 p0 queue_cells 3\n"
                                     "3000000 p0 queue_max_cells 3\n";
        NS_TEST_ASSERT_MSG_EQ(got.str(), expected, "the samples");
        const Csv tcp = ReadCsv(dir + "/tcp.csv");
        NS_TEST_ASSERT_MSG_EQ(tcp.header, "time_s,flow,metric,value", "tcp.csv header");
        NS_TEST_ASSERT_MSG_EQ(tcp.rows.size(), 0U, "no sender, no row");
        RemoveTraces(dir);
    }
};

/**
 * @ingroup atm-tests
 * @brief Two traced N-source runs over a LAN: one whose buffer holds both windows (senders stop
 * early, everything is delivered and acknowledged) and one with a 60-cell buffer that forces
 * retransmission timeouts. The series agree with the run's own counters.
 */
class AtmFlowTracerNSourceTestCase : public TestCase
{
  public:
    /**
     * @param bufferCells K of every switch port
     * @param lossy true for the run with drops and timeouts
     */
    AtmFlowTracerNSourceTestCase(uint32_t bufferCells, bool lossy)
        : TestCase(std::string("AtmFlowTracer on an N-source run, ") +
                   (lossy ? "60-cell buffer: drops and timeouts match the ports' and sockets' "
                            "counters"
                          : "lossless: cwnd starts at the initial window, bytes_acked ends at "
                            "the bytes delivered")),
          m_bufferCells(bufferCells),
          m_lossy(lossy)
    {
    }

  private:
    void DoRun() override
    {
        TracedRun run;
        run.dir = CreateTempDirFilename(m_lossy ? "lossy" : "lossless");
        run.bufferCells = m_bufferCells;
        run.stop = MilliSeconds(300);
        RunTraced(&run, MilliSeconds(200));

        const Csv tcp = ReadCsv(run.dir + "/tcp.csv");
        const Csv ports = ReadCsv(run.dir + "/ports.csv");
        NS_TEST_ASSERT_MSG_EQ(tcp.header, "time_s,flow,metric,value", "tcp.csv header");
        NS_TEST_ASSERT_MSG_EQ(ports.header, "time_s,port,metric,value", "ports.csv header");
        NS_TEST_ASSERT_MSG_EQ(tcp.wellFormed, true, "tcp.csv: four fields, nine decimals");
        NS_TEST_ASSERT_MSG_EQ(ports.wellFormed, true, "ports.csv: four fields, nine decimals");

        // tcp.csv: per flow.
        const uint32_t n = run.sinkBytes.size();
        int64_t lastTime = 0;
        bool ordered = true;
        std::vector<std::vector<int64_t>> cwnd(n);
        std::vector<std::vector<int64_t>> acked(n);
        std::vector<uint64_t> timeouts(n, 0);
        std::vector<uint64_t> lossEntries(n, 0);
        std::vector<uint64_t> rttSamples(n, 0);
        for (const Row& r : tcp.rows)
        {
            ordered = ordered && r.ns >= lastTime;
            lastTime = r.ns;
            const uint32_t f = std::stoul(r.key);
            NS_TEST_ASSERT_MSG_LT(f, n, "flow numbers are source indices");
            if (r.metric == "cwnd_bytes")
            {
                cwnd[f].push_back(r.value);
            }
            else if (r.metric == "bytes_acked")
            {
                acked[f].push_back(r.value);
            }
            else if (r.metric == "timeout")
            {
                ++timeouts[f];
                NS_TEST_ASSERT_MSG_GT(r.value, 0, "a back-off count");
            }
            else if (r.metric == "cong_state")
            {
                lossEntries[f] += r.value == TcpSocketState::CA_LOSS ? 1 : 0;
            }
            else if (r.metric == "rtt_ms")
            {
                ++rttSamples[f];
            }
        }
        NS_TEST_ASSERT_MSG_EQ(ordered, true, "tcp.csv in time order");
        for (uint32_t f = 0; f < n; ++f)
        {
            NS_TEST_ASSERT_MSG_GT(cwnd[f].size(), 1U, "flow " << f << ": cwnd rows");
            NS_TEST_ASSERT_MSG_EQ(cwnd[f].front(),
                                  run.initialWindow[f],
                                  "flow " << f << ": the first cwnd is the initial window");
            NS_TEST_ASSERT_MSG_GT(acked[f].size(), 1U, "flow " << f << ": bytes_acked rows");
            bool monotone = true;
            for (size_t k = 1; k < acked[f].size(); ++k)
            {
                monotone = monotone && acked[f][k] >= acked[f][k - 1];
            }
            NS_TEST_ASSERT_MSG_EQ(monotone, true, "flow " << f << ": bytes_acked non-decreasing");
            NS_TEST_ASSERT_MSG_EQ(acked[f].front(), 0, "flow " << f << ": starts at 0");
            if (m_lossy)
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(static_cast<uint64_t>(acked[f].back()),
                                            run.sinkBytes[f],
                                            "flow " << f << ": acked bytes were delivered");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint64_t>(acked[f].back()),
                                      run.sinkBytes[f],
                                      "flow " << f << ": every byte delivered was acked");
            }
            NS_TEST_ASSERT_MSG_EQ(rttSamples[f],
                                  run.probeRttSamples[f],
                                  "flow " << f << ": one rtt_ms row per probe sample");
            NS_TEST_ASSERT_MSG_EQ(timeouts[f],
                                  run.expiries[f],
                                  "flow " << f << ": one timeout row per RetransmissionTimeout");
            NS_TEST_ASSERT_MSG_EQ(timeouts[f], run.tracerTimeouts[f], "flow " << f);
            NS_TEST_ASSERT_MSG_EQ(lossEntries[f],
                                  run.probeTimeouts[f],
                                  "flow " << f << ": entries into CA_LOSS, as the probe counts");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(timeouts[f],
                                        run.probeTimeouts[f],
                                        "flow " << f << ": a timeout row for every CA_LOSS entry");
        }

        // ports.csv: per port.
        std::map<std::string, uint64_t> samples;
        std::map<std::string, uint64_t> drops;
        std::map<std::string, uint64_t> frameDrops;
        std::map<std::string, int64_t> lastMax;
        bool withinBuffer = true;
        bool onGrid = true;
        for (const Row& r : ports.rows)
        {
            onGrid = onGrid && r.ns % 1000000 == 0 && r.ns > 0 && r.ns <= run.stop.GetNanoSeconds();
            if (r.metric == "queue_cells")
            {
                ++samples[r.key];
                withinBuffer = withinBuffer && r.value <= run.bufferCells;
            }
            else if (r.metric == "queue_max_cells")
            {
                withinBuffer = withinBuffer && r.value <= run.bufferCells;
            }
            else if (r.metric.rfind("drop_", 0) == 0)
            {
                drops[r.key] += r.value;
                NS_TEST_ASSERT_MSG_GT(r.value, 0, "drop rows only for drops");
            }
            else if (r.metric.rfind("frame_drop_", 0) == 0)
            {
                frameDrops[r.key] += r.value;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(onGrid, true, "samples at 1 ms, 2 ms, ... up to the stop time");
        NS_TEST_ASSERT_MSG_EQ(withinBuffer, true, "the occupancy never exceeds the buffer");
        NS_TEST_ASSERT_MSG_EQ(samples.size(), n + 1, "the trunk port and s1's ports");
        uint64_t total = 0;
        for (const auto& [name, cells] : run.dropped)
        {
            NS_TEST_ASSERT_MSG_EQ(samples[name], 300U, name << ": one sample per ms up to 300 ms");
            NS_TEST_ASSERT_MSG_EQ(drops[name], cells, name << ": drop rows sum to cellsDropped");
            NS_TEST_ASSERT_MSG_EQ(frameDrops[name],
                                  run.frames[name],
                                  name << ": frame_drop rows sum to framesDropped");
            total += drops[name];
        }
        NS_TEST_ASSERT_MSG_EQ(total, run.cellsDropped, "the run's cellsDropped");

        uint64_t allTimeouts = 0;
        for (uint64_t t : timeouts)
        {
            allTimeouts += t;
        }
        if (m_lossy)
        {
            NS_TEST_ASSERT_MSG_GT(run.dropped["sw0-trunk"], 0U, "the trunk port drops");
            NS_TEST_ASSERT_MSG_GT(allTimeouts, 0U, "the small buffer forces timeouts");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(run.cellsDropped, 0U, "the buffer holds both windows");
            NS_TEST_ASSERT_MSG_EQ(allTimeouts, 0U, "no timeout");
        }
        RemoveTraces(run.dir);
    }

    uint32_t m_bufferCells; //!< K
    bool m_lossy;           //!< the run with drops
};

/**
 * @ingroup atm-tests
 * @brief AtmBulkTransfer::SetTracer(): a 500,000-byte transfer h0 -> s0 -> h1 (1 ms links, BSD
 * TCP, MSS 1460) traced as flow 3, once lossless and once across a 3 s outage of the link s0 --
 * h1 that makes the retransmission timer expire with back-off. The run is continued 100 ms past
 * the completion (which stops it at the last byte) so that the last ACKs reach the sender.
 */
class AtmFlowTracerBulkTransferTestCase : public TestCase
{
  public:
    /// @param outage true for the run across the outage
    explicit AtmFlowTracerBulkTransferTestCase(bool outage)
        : TestCase(std::string("AtmFlowTracer on an AtmBulkTransfer, ") +
                   (outage ? "3 s outage: one timeout row per RetransmissionTimeout (back-off "
                             "1, 2, ...), bytes_acked ends at the bytes the sink received"
                           : "lossless: cwnd starts at the initial window, bytes_acked ends at "
                             "the bytes the sink received, no timeout")),
          m_outage(outage)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t maxBytes = 500000;
        const uint32_t flow = 3;
        const std::string dir = CreateTempDirFilename(m_outage ? "bulk-outage" : "bulk");
        AtmHostPair net(MilliSeconds(1));
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.SetSegmentSize(1460);
        tcp.SetWindow(65535);
        tcp.SetDelayedAck(false);
        tcp.Install(net.hosts);
        if (m_outage)
        {
            net.port[1]->GetAtmChannel()->SetLinkDown(MilliSeconds(50), Seconds(3));
        }
        Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>(dir);
        tracer->AddPort("sw0-h1", net.port[1]->GetOutputPort());
        Ptr<AtmBulkTransfer> transfer =
            CreateObjectWithAttributes<AtmBulkTransfer>("MaxBytes",
                                                        UintegerValue(maxBytes),
                                                        "StartTime",
                                                        TimeValue(MilliSeconds(10)));
        transfer->SetTracer(tracer, flow);
        transfer->Install(net.hosts.Get(0), net.hosts.Get(1), net.ifs.GetAddress(1));
        ExpiryCounter counter;
        transfer->GetWriter()->TraceConnectWithoutContext(
            "SocketCreated",
            MakeCallback(&ExpiryCounter::Created, &counter));
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        transfer->Finish();
        NS_TEST_ASSERT_MSG_EQ(transfer->IsCompleted(), true, "the transfer completed");
        Simulator::Stop(MilliSeconds(100));
        Simulator::Run();
        const uint64_t received = transfer->GetSink()->GetTotalRx();
        const uint64_t tracerTimeouts = tracer->GetTimeouts(flow);
        Ptr<Socket> socket = transfer->GetWriter()->GetSocket();
        UintegerValue iw;
        UintegerValue mss;
        socket->GetAttribute("InitialCwnd", iw);
        socket->GetAttribute("SegmentSize", mss);
        tracer->Close();
        Simulator::Destroy();

        const Csv csv = ReadCsv(dir + "/tcp.csv");
        NS_TEST_ASSERT_MSG_EQ(csv.wellFormed, true, "tcp.csv: four fields, nine decimals");
        std::vector<int64_t> cwnd;
        std::vector<int64_t> acked;
        std::vector<uint32_t> backoff;
        bool onlyFlow = true;
        for (const Row& r : csv.rows)
        {
            onlyFlow = onlyFlow && r.key == std::to_string(flow);
            if (r.metric == "cwnd_bytes")
            {
                cwnd.push_back(r.value);
            }
            else if (r.metric == "bytes_acked")
            {
                acked.push_back(r.value);
            }
            else if (r.metric == "timeout")
            {
                backoff.push_back(static_cast<uint32_t>(r.value));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(onlyFlow, true, "every row carries the flow given to SetTracer()");
        NS_TEST_ASSERT_MSG_EQ(received, maxBytes, "the sink received every byte");
        NS_TEST_ASSERT_MSG_GT(cwnd.size(), 1U, "cwnd rows");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint64_t>(cwnd.front()),
                              iw.Get() * mss.Get(),
                              "the first cwnd is the initial window");
        NS_TEST_ASSERT_MSG_GT(acked.size(), 1U, "bytes_acked rows");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint64_t>(acked.back()),
                              received,
                              "bytes_acked ends at the bytes the sink received");
        NS_TEST_ASSERT_MSG_EQ(backoff.size(),
                              counter.expiries,
                              "one timeout row per RetransmissionTimeout");
        NS_TEST_ASSERT_MSG_EQ(tracerTimeouts, counter.expiries, "GetTimeouts()");
        for (size_t i = 0; i < backoff.size() && i < counter.backoff.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(backoff[i], counter.backoff[i], "timeout row " << i);
        }
        if (m_outage)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(counter.expiries, 2U, "the outage outlasts two RTOs");
            NS_TEST_ASSERT_MSG_EQ(backoff.front(), 1U, "the first expiry: back-off count 1");
            NS_TEST_ASSERT_MSG_EQ(backoff.at(1), 2U, "then 2");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(counter.expiries, 0U, "lossless: no timeout");
        }
        const Csv ports = ReadCsv(dir + "/ports.csv");
        NS_TEST_ASSERT_MSG_GT(ports.rows.size(), 0U, "the port is sampled");
        RemoveTraces(dir);
    }

    bool m_outage; //!< the run across the outage
};

/**
 * @ingroup atm-tests
 * @brief AtmFlowTracer::AddTcpConnection(): an AtmOnOffTcpSource sends three 200,000-byte files
 * back to back (idle time 0, so each connection's FIN exchange overlaps the next connection's
 * start), h0 -> s0 -> h1 with 1 ms links, each connection traced as flow 5 from its
 * "SocketCreated". One flow in tcp.csv; its cwnd restarts at the initial window on each
 * connection; bytes_acked never decreases and ends at the 600,000 bytes the sink received
 * (a stale row of an earlier socket would restart or overshoot it).
 */
class AtmFlowTracerConnectionsTestCase : public TestCase
{
  public:
    AtmFlowTracerConnectionsTestCase()
        : TestCase("AtmFlowTracer::AddTcpConnection: three connections of an on-off source as "
                   "one flow; bytes_acked runs on across them to the bytes delivered")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t fileBytes = 200000;
        const uint32_t files = 3;
        const uint32_t flow = 5;
        const std::string dir = CreateTempDirFilename("on-off");
        AtmHostPair net(MilliSeconds(1));
        TcpEraPresets tcp = TcpEraPresets::ForSource("bsd");
        tcp.SetSegmentSize(1460);
        tcp.SetWindow(65535);
        tcp.SetDelayedAck(false);
        tcp.Install(net.hosts);
        const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
        PacketSinkHelper sinkHelper(factory.GetName(),
                                    InetSocketAddress(Ipv4Address::GetAny(), 5001));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(net.hosts.Get(1)).Get(0));
        Ptr<AtmOnOffTcpSource> source = CreateObjectWithAttributes<AtmOnOffTcpSource>(
            "Remote",
            AddressValue(InetSocketAddress(net.ifs.GetAddress(1), 5001)),
            "Protocol",
            TypeIdValue(factory),
            "FileBytes",
            UintegerValue(fileBytes),
            "MaxFiles",
            UintegerValue(files),
            "IdleTime",
            StringValue("ns3::ConstantRandomVariable[Constant=0]"));
        net.hosts.Get(0)->AddApplication(source);
        Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>(dir);
        uint32_t connections = 0;
        source->TraceConnectWithoutContext(
            "SocketCreated",
            MakeBoundCallback(
                +[](Ptr<AtmFlowTracer> t, uint32_t* count, uint32_t f, Ptr<Socket> socket) {
                    ++*count;
                    t->AddTcpConnection(f, socket);
                },
                tracer,
                &connections,
                flow));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        const uint64_t received = sink->GetTotalRx();
        UintegerValue iw;
        source->GetSocket()->GetAttribute("InitialCwnd", iw);
        tracer->Close();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(connections, files, "one connection per file");
        NS_TEST_ASSERT_MSG_EQ(received, files * fileBytes, "the sink received every file");
        const Csv csv = ReadCsv(dir + "/tcp.csv");
        NS_TEST_ASSERT_MSG_EQ(csv.wellFormed, true, "tcp.csv: four fields, nine decimals");
        bool onlyFlow = true;
        uint32_t restarts = 0;
        int64_t lastCwnd = -1;
        std::vector<int64_t> acked;
        for (const Row& r : csv.rows)
        {
            onlyFlow = onlyFlow && r.key == std::to_string(flow);
            if (r.metric == "cwnd_bytes")
            {
                // A new connection's first row is its initial window; within a connection
                // without loss cwnd only grows.
                if (r.value == static_cast<int64_t>(iw.Get() * 1460) && r.value < lastCwnd)
                {
                    ++restarts;
                }
                lastCwnd = r.value;
            }
            else if (r.metric == "bytes_acked")
            {
                acked.push_back(r.value);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(onlyFlow, true, "every row carries flow 5");
        NS_TEST_ASSERT_MSG_EQ(restarts, files - 1, "cwnd restarts with each later connection");
        NS_TEST_ASSERT_MSG_GT(acked.size(), 2U, "bytes_acked rows");
        bool monotone = true;
        for (size_t k = 1; k < acked.size(); ++k)
        {
            monotone = monotone && acked[k] >= acked[k - 1];
        }
        NS_TEST_ASSERT_MSG_EQ(monotone, true, "bytes_acked never decreases across connections");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint64_t>(acked.back()),
                              received,
                              "bytes_acked ends at the bytes of all files");
        RemoveTraces(dir);
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmFlowTracer: formats, port sampling and agreement with the runs' counters.
 */
class AtmFlowTracerTestSuite : public TestSuite
{
  public:
    AtmFlowTracerTestSuite()
        : TestSuite("atm-flow-tracer", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmFlowTracerNamesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerPortTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerNSourceTestCase(4000, false), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerNSourceTestCase(60, true), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerBulkTransferTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerBulkTransferTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new AtmFlowTracerConnectionsTestCase, ATM_TEST_QUICK);
    }
};

static AtmFlowTracerTestSuite g_atmFlowTracerTestSuite; //!< static instance registering the suite
