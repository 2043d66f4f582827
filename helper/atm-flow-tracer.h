/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FLOW_TRACER_H
#define ATM_FLOW_TRACER_H

#include "atm-tcp-flow-probe.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/simple-ref-count.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmFlowTracer: time series of TCP senders and switch output ports, as CSV files;
 * ns3::AtmFlowTracerCommandLine: the examples' --traceDir and --traceInterval options.
 */

namespace ns3
{

class AtmCell;
class AtmCommandLine;
class AtmOutputPort;
class Packet;
class Socket;
class TcpHeader;
class TcpSocketBase;

/**
 * @ingroup atm
 * @brief Time series behind a run's numbers: per TCP sender its congestion window, slow-start
 * threshold, RTT, RTO, bytes acknowledged, congestion state and retransmission timeouts; per
 * output port its queue occupancy and drops by reason; written as two CSV files in a directory.
 *
 * Files (times in seconds with nine decimals, i.e. exact to the nanosecond; one value a row):
 *
 * `tcp.csv`, header `time_s,flow,metric,value`, a row at each change, in time order:
 * - `cwnd_bytes`: "CongestionWindow"; the first row is the initial window (ns-3 sets it when
 *   the SYN-ACK arrives);
 * - `ssthresh_bytes`: "SlowStartThreshold";
 * - `rtt_ms`: each RTT sample, exact (not on the TCP timer grain): a new segment timed from its
 *   transmission to the first ACK that covers it, none from retransmitted segments (Karn), as
 *   AtmTcpFlowProbe measures them (a private probe per sender; their mean is meanRttMs);
 * - `srtt_ms`: ns-3's "RTT" trace, the socket's RTT estimator's smoothed value after a
 *   measurement (a row when it changes; with a tick-quantised estimator, whole ticks);
 * - `rto_ms`: "RTO", the retransmission timeout;
 * - `bytes_acked`: "HighestRxAck" less the first one (the ACK of the SYN), capped at the end of
 *   the data sent (the FIN takes a sequence number but is no byte): non-decreasing;
 * - `cong_state`: "CongState", ns-3's TcpSocketState::TcpCongState_t: 0 CA_OPEN,
 *   1 CA_DISORDER, 2 CA_CWR, 3 CA_RECOVERY, 4 CA_LOSS;
 * - `timeout`: one row per retransmission timeout, the back-off count (1 for the first expiry
 *   since the last new ACK, 2 for the next, ...) from TcpEraSocket's "RetransmissionTimeout";
 *   for other sockets, 1 at each entry into CA_LOSS (once per loss episode, as
 *   AtmTcpFlowProbe counts timeouts).
 *
 * `ports.csv`, header `time_s,port,metric,value`: one sample per port at the end t of each
 * interval [t - SetSampleInterval(), t) since AddPort(), up to the stop time:
 * - `queue_cells`: the cells in the buffer at t (before the events of instant t);
 * - `queue_max_cells`: the largest occupancy in the interval;
 * - `drop_<reason>_cells`: cells dropped ("CellDrop", purged cells included) in the interval
 *   with this reason;
 * - `frame_drop_<reason>`: PDUs damaged ("FrameDrop") in the interval with this reason.
 *
 * Drop rows appear only for reasons with drops in the interval. `<reason>` is the drop reason (a
 * buffer policy's constant such as "EPD: buffer full") as ReasonSlug() writes it
 * (`epd_buffer_full`). The rows of one port are in time order; those of different ports may
 * interleave.
 *
 * The tracer schedules no event: it counts from the ports' "CellsInQueue", "CellDrop" and
 * "FrameDrop" traces and writes a port's samples when its next change comes (or at Close()), so
 * that a traced run executes exactly the events of an untraced one (simEvents included). The
 * sockets' and ports' traces hold the tracer; keep a Ptr to call Close().
 *
 * @code
   Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>("traces");
   tracer->SetStopTime(Seconds(10));
   tracer->AddPort("sw0-trunk", topology.trunk->GetOutputPort());
   // ... AddTcpSender(i, socket) once each sender's socket exists (AtmNSourceTraffic::SetTracer)
   Simulator::Stop(Seconds(10));
   Simulator::Run();
   tracer->Close();
   @endcode
 */
class AtmFlowTracer : public SimpleRefCount<AtmFlowTracer>
{
  public:
    /// A tracer with no directory yet: call Open().
    AtmFlowTracer();
    /**
     * @brief A tracer writing into @p dir (Open()).
     * @param dir the directory
     */
    explicit AtmFlowTracer(const std::string& dir);
    /// Close() if still open, with samples up to the stop time (or the last traced change).
    ~AtmFlowTracer();

    /// No copy: one tracer owns its files.
    AtmFlowTracer(const AtmFlowTracer&) = delete;
    /// No copy: one tracer owns its files. @return never
    AtmFlowTracer& operator=(const AtmFlowTracer&) = delete;

    /**
     * @brief Whether a directory can hold the traces: it exists or can be created
     *        (SystemPath::MakeDirectories), and files can be created in it. Leaves nothing
     *        behind: directories made for the check are removed again.
     * @param dir the directory
     * @param[out] reason why not (when false), naming the path
     * @return true if Open(@p dir) will succeed
     */
    static bool CheckDirectory(const std::string& dir, std::string* reason);

    /**
     * @brief Create @p dir (and its parents) and the files `tcp.csv` and `ports.csv` in it (an
     *        existing file is replaced). Aborts naming the path and the reason when the
     *        directory cannot be created or a file cannot be opened, or if already open.
     * @param dir the directory
     */
    void Open(const std::string& dir);
    /// @return true between Open() and Close()
    bool IsOpen() const;
    /// @return the directory given to Open() (empty before)
    std::string GetDirectory() const;

    /**
     * @brief The port sampling interval (default 1 ms). Set it before the first AddPort().
     * @param interval the interval, > 0
     */
    void SetSampleInterval(Time interval);
    /// @return the port sampling interval
    Time GetSampleInterval() const;
    /**
     * @brief No port sample after @p stop (the end of the run): the last one is at the last
     *        interval end at or before it. Without it, Close() samples up to Simulator::Now().
     * @param stop the stop time, >= 0
     */
    void SetStopTime(Time stop);

    /**
     * @brief Trace a TCP sender: its rows in `tcp.csv` carry @p flow. Call it after the socket
     *        exists and before its SYN-ACK arrives (for a BulkSendApplication: just after its
     *        start time; for an AtmTtcpWriter: from its SocketCreated trace), so that the first
     *        `cwnd_bytes` row is the initial window. The socket's traces then hold the tracer.
     * @param flow the flow number (each at most once)
     * @param socket a TcpSocketBase (aborts otherwise)
     */
    void AddTcpSender(uint32_t flow, Ptr<Socket> socket);

    /**
     * @brief Trace the next connection of a sender that opens one connection per transfer
     *        (AtmOnOffTcpSource: connect it to its "SocketCreated" trace). The first call for
     *        @p flow is AddTcpSender(); each later one replaces the flow's connection: its rows
     *        carry the same @p flow, `bytes_acked` goes on from the earlier connections' total,
     *        and whatever the earlier sockets still report (the FIN exchange of a closed
     *        connection) is ignored.
     * @param flow the flow number
     * @param socket a TcpSocketBase (aborts otherwise)
     */
    void AddTcpConnection(uint32_t flow, Ptr<Socket> socket);

    /**
     * @brief Sample an output port from now on: its rows in `ports.csv` carry @p name.
     * @param name the port's name (unique; letters, digits, '-', '_', '.', '/', ':' only)
     * @param port the port
     */
    void AddPort(const std::string& name, Ptr<AtmOutputPort> port);

    /**
     * @param flow a flow added with AddTcpSender()
     * @return the `timeout` rows written for it so far
     */
    uint64_t GetTimeouts(uint32_t flow) const;

    /**
     * @brief The metric-name form of a drop reason: lower case, every run of other characters
     *        than ASCII letters and digits one '_', none at either end ("other" if nothing
     *        remains).
     * @param reason the reason
     * @return its slug
     */
    static std::string ReasonSlug(const std::string& reason);

    /**
     * @brief Write the port samples up to now (and at most the stop time), flush and close the
     *        files; later trace events are ignored. Call it after Simulator::Run() and before
     *        Simulator::Destroy(). Does nothing when not open.
     */
    void Close();

  private:
    /// Drops of one reason in the current interval.
    struct DropCount
    {
        std::string slug; //!< the reason as it appears in the metric names
        uint64_t cells;   //!< cells dropped
        uint64_t frames;  //!< PDUs damaged
    };

    /// A sampled port.
    struct Port
    {
        std::string name;                                     //!< its name in ports.csv
        Time next;                                            //!< end of the current interval
        uint32_t cells{0};                                    //!< cells in its buffer now
        uint32_t maxCells{0};                                 //!< largest occupancy in it
        std::vector<DropCount> drops;                         //!< by slug, in order of appearance
        std::vector<std::pair<const char*, size_t>> reasonOf; //!< reason pointer -> drops index
    };

    /// A traced TCP sender.
    struct Sender
    {
        bool eraTimeouts{false};  //!< timeouts from "RetransmissionTimeout"
        bool haveBase{false};     //!< base is valid
        SequenceNumber32 base;    //!< the first HighestRxAck (the ACK of the SYN)
        bool anyData{false};      //!< dataEnd is valid
        SequenceNumber32 dataEnd; //!< highest data sequence number sent + 1
        SequenceNumber32 highAck; //!< the last HighestRxAck
        uint64_t lastAcked{0};    //!< the last bytes_acked row
        bool ackedWritten{false}; //!< a bytes_acked row was written
        uint64_t timeouts{0};     //!< timeout rows
        uint32_t connection{0};   //!< the live connection (earlier ones are ignored)
        uint64_t ackedBefore{0};  //!< bytes acknowledged on the earlier connections
    };

    /**
     * @brief Abort unless open.
     * @param what the calling method, for the message
     */
    void CheckOpen(const char* what) const;
    /**
     * @brief Write one row of tcp.csv.
     * @param flow the flow
     * @param metric the metric
     * @param value the value, as text
     */
    void WriteTcp(uint32_t flow, const char* metric, const std::string& value);
    /**
     * @brief Write the samples of a port's intervals that ended at or before @p now (and at or
     *        before the stop time), and start the interval that contains @p now.
     * @param p the port
     * @param now the current time
     */
    void Advance(Port& p, Time now);
    /**
     * @brief The index of a reason in a port's drop table (added at its first drop).
     * @param p the port
     * @param reason the reason (compared by pointer first, then by its slug)
     * @return the index in p.drops
     */
    static size_t ReasonIndex(Port& p, const char* reason);
    /**
     * @brief Write the port samples up to @p end and close the files.
     * @param end the last sample time
     */
    void CloseAt(Time end);
    /**
     * @brief Write a bytes_acked row if the acknowledged data grew.
     * @param s the sender
     * @param flow its flow
     */
    void UpdateAcked(Sender& s, uint32_t flow);

    /**
     * @param t a time
     * @return seconds with nine decimals
     */
    static std::string FormatTime(Time t);
    /**
     * @param t a time
     * @return milliseconds with six decimals (nanosecond resolution)
     */
    static std::string FormatMs(Time t);

    /**
     * @param flow a traced flow @param connection a connection number of it
     * @return true iff the tracer is open and @p connection is the flow's live connection
     */
    bool IsLive(uint32_t flow, uint32_t connection) const;

    /// @name Trace sinks (the bound first arguments are the flow and its connection number,
    ///       or the port index)
    /// @{
    /**
     * @param flow flow @param connection connection @param oldValue old cwnd @param newValue new
     * cwnd
     */
    void Cwnd(uint32_t flow, uint32_t connection, uint32_t oldValue, uint32_t newValue);
    /**
     * @param flow flow @param connection connection @param oldValue old ssthresh @param newValue
     * new ssthresh
     */
    void SsThresh(uint32_t flow, uint32_t connection, uint32_t oldValue, uint32_t newValue);
    /**
     * @param flow flow @param connection connection @param oldValue old smoothed RTT @param
     * newValue new smoothed RTT
     */
    void Srtt(uint32_t flow, uint32_t connection, Time oldValue, Time newValue);
    /**
     * @param flow flow @param connection connection @param sample an RTT sample of the sender's
     * private probe
     */
    void RttSample(uint32_t flow, uint32_t connection, Time sample);
    /**
     * @param flow flow @param connection connection @param oldValue old RTO @param newValue new RTO
     */
    void Rto(uint32_t flow, uint32_t connection, Time oldValue, Time newValue);
    /**
     * @param flow flow @param connection connection @param oldValue old highest ACK @param newValue
     * new highest ACK
     */
    void HighestRxAck(uint32_t flow,
                      uint32_t connection,
                      SequenceNumber32 oldValue,
                      SequenceNumber32 newValue);
    /**
     * @param flow flow @param connection connection @param p packet (payload) @param h its header
     * @param s the socket
     */
    void Tx(uint32_t flow,
            uint32_t connection,
            Ptr<const Packet> p,
            const TcpHeader& h,
            Ptr<const TcpSocketBase> s);
    /**
     * @param flow flow @param connection connection @param from old state @param to new state
     */
    void CongState(uint32_t flow,
                   uint32_t connection,
                   TcpSocketState::TcpCongState_t from,
                   TcpSocketState::TcpCongState_t to);
    /**
     * @param flow flow @param connection connection @param rto the RTO that expired @param backoff
     * the back-off count
     */
    void RetransmissionTimeout(uint32_t flow, uint32_t connection, Time rto, uint32_t backoff);
    /**
     * @param port port index @param oldValue old occupancy @param newValue new occupancy
     */
    void CellsInQueue(size_t port, uint32_t oldValue, uint32_t newValue);
    /**
     * @param port port index @param cell the cell @param reason the reason
     */
    void CellDrop(size_t port, const AtmCell& cell, const char* reason);
    /**
     * @param port port index @param vc the VC @param reason the reason
     */
    void FrameDrop(size_t port, uint32_t vc, const char* reason);
    /// @}

    std::string m_dir;                  //!< the directory
    bool m_open{false};                 //!< between Open() and Close()
    std::ofstream m_tcp;                //!< tcp.csv
    std::ofstream m_ports;              //!< ports.csv
    Time m_interval{MilliSeconds(1)};   //!< port sampling interval
    bool m_stopSet{false};              //!< SetStopTime() was called
    Time m_stop;                        //!< no sample after it
    Time m_lastSeen;                    //!< time of the last traced event
    std::map<uint32_t, Sender> m_flows; //!< traced senders by flow
    std::vector<Port> m_portList;       //!< sampled ports
};

/**
 * @ingroup atm
 * @brief The options `--traceDir=DIR` and `--traceInterval=T` of every example with TCP flows:
 *        one registration, one check and one set of messages for all of them.
 *
 * - `--traceDir`: the directory of the run's AtmFlowTracer (tcp.csv, ports.csv), created with
 *   its parents if needed; empty (the default): no traces. A path that cannot be created or
 *   written (AtmFlowTracer::CheckDirectory) is a usage error while the command line is parsed:
 *   `invalid --traceDir=DIR: expected a directory that can be created and written (REASON)`.
 * - `--traceInterval`: the sampling interval of the switch ports (default 1 ms, 1 us ... 100 s);
 *   given without `--traceDir` it is a usage error (CheckOptions()).
 *
 * The tracer only writes what trace sources report: a traced run executes the same events and
 * prints the same JSON line as an untraced one.
 *
 * @code
 *   CommandLine cmd(__FILE__);
 *   AtmCommandLine options(cmd);
 *   AtmFlowTracerCommandLine traceOptions;
 *   traceOptions.AddOptions(options);
 *   cmd.Parse(argc, argv);
 *   traceOptions.CheckOptions(options);             // with the program's other checks
 *   // ... build the network ...
 *   Ptr<AtmFlowTracer> tracer = traceOptions.Open(duration); // null without --traceDir
 *   if (tracer) { tracer->AddPort("sw0-trunk", trunkPort); transfer->SetTracer(tracer, 0); }
 *   Simulator::Stop(duration);
 *   Simulator::Run();
 *   if (tracer) { tracer->Close(); }
 * @endcode
 */
class AtmFlowTracerCommandLine
{
  public:
    /**
     * @brief Register `--traceDir` and `--traceInterval` (the variables are this object's: it
     *        must live until the command line is parsed).
     * @param options the program's checked options
     */
    void AddOptions(AtmCommandLine& options);

    /**
     * @brief The checks that need the parsed command line: `--traceInterval` without
     *        `--traceDir` is a usage error (AtmCommandLine::Require()).
     * @param options the options given to AddOptions(), after ns3::CommandLine::Parse()
     */
    void CheckOptions(const AtmCommandLine& options) const;

    /// @return true if `--traceDir` was given (not empty)
    bool IsEnabled() const;
    /// @return the `--traceDir` value (empty: no traces)
    const std::string& GetDirectory() const;
    /// @return the `--traceInterval` value
    Time GetInterval() const;

    /**
     * @brief The run's tracer: open in `--traceDir`, sampling the ports every `--traceInterval`,
     *        with @p stop as its stop time (AtmFlowTracer::SetStopTime()).
     * @param stop the end of the run (the example's `--duration` or time limit)
     * @return the tracer, or null without `--traceDir`
     */
    Ptr<AtmFlowTracer> Open(Time stop) const;

  private:
    std::string m_dir;                //!< --traceDir
    Time m_interval{MilliSeconds(1)}; //!< --traceInterval
};

} // namespace ns3

#endif // ATM_FLOW_TRACER_H
