/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-flow-tracer.h"

#include "atm-command-line.h"

#include "ns3/abort.h"
#include "ns3/atm-output-port.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/system-path.h"
#include "ns3/tcp-era-socket.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmFlowTracer");

namespace
{

/**
 * @param path a path
 * @return true if it names an existing directory (following links)
 */
bool
IsDirectory(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

/**
 * @param path a path
 * @return true if something exists there (following links)
 */
bool
PathExists(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

/**
 * @param path a path
 * @return its parent ("" for a single relative component, "/" for a child of the root)
 */
std::string
Parent(std::string path)
{
    while (path.size() > 1 && path.back() == '/')
    {
        path.pop_back();
    }
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos)
    {
        return "";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

AtmFlowTracer::AtmFlowTracer()
{
    NS_LOG_FUNCTION(this);
}

AtmFlowTracer::AtmFlowTracer(const std::string& dir)
{
    NS_LOG_FUNCTION(this << dir);
    Open(dir);
}

AtmFlowTracer::~AtmFlowTracer()
{
    NS_LOG_FUNCTION(this);
    if (m_open)
    {
        // No Simulator call here: the tracer may go with the sockets in Simulator::Destroy().
        CloseAt(m_stopSet ? m_stop : m_lastSeen);
    }
}

bool
AtmFlowTracer::CheckDirectory(const std::string& dir, std::string* reason)
{
    NS_LOG_FUNCTION(dir);
    if (dir.empty())
    {
        *reason = "an empty path";
        return false;
    }
    if (PathExists(dir) && !IsDirectory(dir))
    {
        *reason = dir + " exists and is not a directory";
        return false;
    }
    // The missing directories, deepest first; the first existing ancestor must be a directory.
    std::vector<std::string> missing;
    for (std::string p = dir; !p.empty() && !PathExists(p); p = Parent(p))
    {
        missing.push_back(p);
        const std::string up = Parent(p);
        if (!up.empty() && PathExists(up) && !IsDirectory(up))
        {
            *reason = up + " is not a directory";
            return false;
        }
    }
    bool ok = true;
    for (auto it = missing.rbegin(); it != missing.rend(); ++it)
    {
        if (::mkdir(it->c_str(), 0777) != 0 && errno != EEXIST)
        {
            *reason = "cannot create " + *it + ": " + std::strerror(errno);
            ok = false;
            break;
        }
    }
    if (ok)
    {
        std::string probe = dir + "/.atm-trace-probe-XXXXXX";
        const int fd = ::mkstemp(&probe[0]);
        if (fd < 0)
        {
            *reason = "cannot create files in " + dir + ": " + std::strerror(errno);
            ok = false;
        }
        else
        {
            ::close(fd);
            ::unlink(probe.c_str());
        }
    }
    // Leave nothing behind: remove what this check created, deepest first.
    for (const std::string& p : missing)
    {
        ::rmdir(p.c_str());
    }
    return ok;
}

void
AtmFlowTracer::Open(const std::string& dir)
{
    NS_LOG_FUNCTION(this << dir);
    NS_ABORT_MSG_IF(m_open, "AtmFlowTracer::Open: already writing into " << m_dir);
    std::string reason;
    NS_ABORT_MSG_IF(!CheckDirectory(dir, &reason),
                    "AtmFlowTracer::Open: cannot write traces into \"" << dir << "\": " << reason);
    SystemPath::MakeDirectories(dir);
    const std::string tcp = dir + "/tcp.csv";
    const std::string ports = dir + "/ports.csv";
    m_tcp.open(tcp, std::ios::out | std::ios::trunc);
    NS_ABORT_MSG_IF(!m_tcp, "AtmFlowTracer::Open: cannot open " << tcp << ": " << strerror(errno));
    m_ports.open(ports, std::ios::out | std::ios::trunc);
    NS_ABORT_MSG_IF(!m_ports,
                    "AtmFlowTracer::Open: cannot open " << ports << ": " << strerror(errno));
    m_tcp << "time_s,flow,metric,value\n";
    m_ports << "time_s,port,metric,value\n";
    m_dir = dir;
    m_open = true;
}

bool
AtmFlowTracer::IsOpen() const
{
    return m_open;
}

std::string
AtmFlowTracer::GetDirectory() const
{
    return m_dir;
}

void
AtmFlowTracer::SetSampleInterval(Time interval)
{
    NS_LOG_FUNCTION(this << interval);
    NS_ABORT_MSG_IF(!interval.IsStrictlyPositive(),
                    "AtmFlowTracer::SetSampleInterval: " << interval.As(Time::S)
                                                         << " is not positive");
    NS_ABORT_MSG_IF(!m_portList.empty(),
                    "AtmFlowTracer::SetSampleInterval: call it before the first AddPort()");
    m_interval = interval;
}

Time
AtmFlowTracer::GetSampleInterval() const
{
    return m_interval;
}

void
AtmFlowTracer::SetStopTime(Time stop)
{
    NS_LOG_FUNCTION(this << stop);
    NS_ABORT_MSG_IF(stop.IsStrictlyNegative(),
                    "AtmFlowTracer::SetStopTime: negative time " << stop.As(Time::S));
    m_stopSet = true;
    m_stop = stop;
}

void
AtmFlowTracer::CheckOpen(const char* what) const
{
    NS_ABORT_MSG_IF(!m_open,
                    "AtmFlowTracer::" << what << ": no trace directory; call Open() first"
                                      << (m_dir.empty() ? "" : " (closed)"));
}

void
AtmFlowTracer::AddTcpSender(uint32_t flow, Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << flow << socket);
    CheckOpen("AddTcpSender");
    NS_ABORT_MSG_IF(m_flows.count(flow),
                    "AtmFlowTracer::AddTcpSender: flow "
                        << flow
                        << " is already traced (AddTcpConnection() gives a flow its next "
                           "connection)");
    AddTcpConnection(flow, socket);
}

void
AtmFlowTracer::AddTcpConnection(uint32_t flow, Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << flow << socket);
    CheckOpen("AddTcpConnection");
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    NS_ABORT_MSG_IF(!tcp,
                    "AtmFlowTracer::AddTcpConnection: flow "
                        << flow << ": the socket is not a TCP socket (TcpSocketBase)");
    const bool known = m_flows.count(flow) > 0;
    Sender& s = m_flows[flow];
    if (known)
    {
        // The next connection: acknowledged bytes go on from the earlier ones' total.
        ++s.connection;
        s.ackedBefore = s.lastAcked;
        s.haveBase = false;
        s.anyData = false;
    }
    const uint32_t c = s.connection;
    // The socket's traces hold the tracer, as long as the socket lives.
    const Ptr<AtmFlowTracer> self(this);
    bool ok =
        tcp->TraceConnectWithoutContext("CongestionWindow",
                                        MakeCallback(&AtmFlowTracer::Cwnd, self, flow, c)) &&
        tcp->TraceConnectWithoutContext("SlowStartThreshold",
                                        MakeCallback(&AtmFlowTracer::SsThresh, self, flow, c)) &&
        tcp->TraceConnectWithoutContext("RTT", MakeCallback(&AtmFlowTracer::Srtt, self, flow, c)) &&
        tcp->TraceConnectWithoutContext("RTO", MakeCallback(&AtmFlowTracer::Rto, self, flow, c)) &&
        tcp->TraceConnectWithoutContext(
            "HighestRxAck",
            MakeCallback(&AtmFlowTracer::HighestRxAck, self, flow, c)) &&
        tcp->TraceConnectWithoutContext("Tx", MakeCallback(&AtmFlowTracer::Tx, self, flow, c)) &&
        tcp->TraceConnectWithoutContext("CongState",
                                        MakeCallback(&AtmFlowTracer::CongState, self, flow, c));
    NS_ABORT_MSG_IF(!ok, "AtmFlowTracer::AddTcpConnection: the socket lacks a TcpSocketBase trace");
    // Exact RTT samples, measured as the flow's AtmTcpFlowProbe measures them.
    Ptr<AtmTcpFlowProbe> probe = Create<AtmTcpFlowProbe>();
    probe->SetRttSampleCallback(MakeCallback(&AtmFlowTracer::RttSample, self, flow, c));
    probe->Attach(tcp);
    if (DynamicCast<TcpEraSocket>(tcp))
    {
        s.eraTimeouts = tcp->TraceConnectWithoutContext(
            "RetransmissionTimeout",
            MakeCallback(&AtmFlowTracer::RetransmissionTimeout, self, flow, c));
    }
}

bool
AtmFlowTracer::IsLive(uint32_t flow, uint32_t connection) const
{
    if (!m_open)
    {
        return false;
    }
    const auto it = m_flows.find(flow);
    return it != m_flows.end() && it->second.connection == connection;
}

void
AtmFlowTracer::AddPort(const std::string& name, Ptr<AtmOutputPort> port)
{
    NS_LOG_FUNCTION(this << name << port);
    CheckOpen("AddPort");
    NS_ABORT_MSG_IF(!port, "AtmFlowTracer::AddPort: port \"" << name << "\" is null");
    const bool valid = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '_' || c == '.' || c == '/' || c == ':';
    });
    NS_ABORT_MSG_IF(!valid,
                    "AtmFlowTracer::AddPort: port name \""
                        << name << "\": use letters, digits, '-', '_', '.', '/' and ':' only");
    for (const Port& p : m_portList)
    {
        NS_ABORT_MSG_IF(p.name == name,
                        "AtmFlowTracer::AddPort: a port named \"" << name
                                                                  << "\" is already traced");
    }
    Port p;
    p.name = name;
    p.next = Simulator::Now() + m_interval;
    p.cells = port->GetCellsInQueue();
    p.maxCells = p.cells;
    m_portList.push_back(p);
    const size_t index = m_portList.size() - 1;
    const Ptr<AtmFlowTracer> self(this);
    const bool ok =
        port->TraceConnectWithoutContext("CellsInQueue",
                                         MakeCallback(&AtmFlowTracer::CellsInQueue, self, index)) &&
        port->TraceConnectWithoutContext("CellDrop",
                                         MakeCallback(&AtmFlowTracer::CellDrop, self, index)) &&
        port->TraceConnectWithoutContext("FrameDrop",
                                         MakeCallback(&AtmFlowTracer::FrameDrop, self, index));
    NS_ABORT_MSG_IF(!ok, "AtmFlowTracer::AddPort: the port lacks its traces");
}

uint64_t
AtmFlowTracer::GetTimeouts(uint32_t flow) const
{
    const auto it = m_flows.find(flow);
    NS_ABORT_MSG_IF(it == m_flows.end(),
                    "AtmFlowTracer::GetTimeouts: flow " << flow << " is not traced");
    return it->second.timeouts;
}

void
AtmFlowTracer::Close()
{
    NS_LOG_FUNCTION(this);
    if (m_open)
    {
        CloseAt(Simulator::Now());
    }
}

void
AtmFlowTracer::CloseAt(Time end)
{
    for (Port& p : m_portList)
    {
        Advance(p, end);
    }
    m_tcp.close();
    m_ports.close();
    NS_ABORT_MSG_IF(m_tcp.fail() || m_ports.fail(),
                    "AtmFlowTracer::Close: writing the traces in " << m_dir << " failed");
    m_open = false;
}

namespace
{
/**
 * @param ns a time in nanoseconds
 * @param unitNs nanoseconds per printed unit (a power of ten)
 * @param digits decimals (the digits of unitNs - 1)
 * @return ns in that unit with every decimal, exactly ("-0.000001000")
 */
std::string
FixedPoint(int64_t ns, int64_t unitNs, int digits)
{
    char text[40];
    std::snprintf(text,
                  sizeof(text),
                  "%s%" PRId64 ".%0*" PRId64,
                  ns < 0 ? "-" : "",
                  std::abs(ns) / unitNs,
                  digits,
                  std::abs(ns) % unitNs);
    return text;
}
} // namespace

std::string
AtmFlowTracer::FormatTime(Time t)
{
    return FixedPoint(t.GetNanoSeconds(), 1000000000, 9);
}

std::string
AtmFlowTracer::FormatMs(Time t)
{
    return FixedPoint(t.GetNanoSeconds(), 1000000, 6);
}

std::string
AtmFlowTracer::ReasonSlug(const std::string& reason)
{
    std::string slug;
    bool gap = false;
    for (const char c : reason)
    {
        const bool alnum =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum)
        {
            gap = true;
            continue;
        }
        if (gap && !slug.empty())
        {
            slug += '_';
        }
        gap = false;
        slug += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return slug.empty() ? "other" : slug;
}

void
AtmFlowTracer::WriteTcp(uint32_t flow, const char* metric, const std::string& value)
{
    m_lastSeen = Simulator::Now();
    m_tcp << FormatTime(m_lastSeen) << ',' << flow << ',' << metric << ',' << value << '\n';
}

void
AtmFlowTracer::Cwnd(uint32_t flow, uint32_t connection, uint32_t oldValue, uint32_t newValue)
{
    if (IsLive(flow, connection))
    {
        WriteTcp(flow, "cwnd_bytes", std::to_string(newValue));
    }
}

void
AtmFlowTracer::SsThresh(uint32_t flow, uint32_t connection, uint32_t oldValue, uint32_t newValue)
{
    if (IsLive(flow, connection))
    {
        WriteTcp(flow, "ssthresh_bytes", std::to_string(newValue));
    }
}

void
AtmFlowTracer::Srtt(uint32_t flow, uint32_t connection, Time oldValue, Time newValue)
{
    if (IsLive(flow, connection))
    {
        WriteTcp(flow, "srtt_ms", FormatMs(newValue));
    }
}

void
AtmFlowTracer::RttSample(uint32_t flow, uint32_t connection, Time sample)
{
    if (IsLive(flow, connection))
    {
        WriteTcp(flow, "rtt_ms", FormatMs(sample));
    }
}

void
AtmFlowTracer::Rto(uint32_t flow, uint32_t connection, Time oldValue, Time newValue)
{
    if (IsLive(flow, connection))
    {
        WriteTcp(flow, "rto_ms", FormatMs(newValue));
    }
}

void
AtmFlowTracer::UpdateAcked(Sender& s, uint32_t flow)
{
    if (!s.haveBase)
    {
        return;
    }
    SequenceNumber32 top = s.highAck;
    if (s.anyData && top > s.dataEnd)
    {
        top = s.dataEnd; // the FIN's sequence number
    }
    if (!s.anyData && top > s.base)
    {
        top = s.base;
    }
    const uint64_t acked = s.ackedBefore + (top > s.base ? static_cast<uint64_t>(top - s.base) : 0);
    if (!s.ackedWritten || acked > s.lastAcked)
    {
        s.lastAcked = acked;
        s.ackedWritten = true;
        WriteTcp(flow, "bytes_acked", std::to_string(acked));
    }
}

void
AtmFlowTracer::HighestRxAck(uint32_t flow,
                            uint32_t connection,
                            SequenceNumber32 oldValue,
                            SequenceNumber32 newValue)
{
    if (!IsLive(flow, connection))
    {
        return;
    }
    Sender& s = m_flows[flow];
    if (!s.haveBase)
    {
        s.haveBase = true;
        s.base = newValue;
    }
    s.highAck = newValue;
    UpdateAcked(s, flow);
}

void
AtmFlowTracer::Tx(uint32_t flow,
                  uint32_t connection,
                  Ptr<const Packet> p,
                  const TcpHeader& h,
                  Ptr<const TcpSocketBase>)
{
    const uint32_t size = p->GetSize();
    if (size == 0 || !IsLive(flow, connection))
    {
        return;
    }
    Sender& s = m_flows[flow];
    const SequenceNumber32 end = h.GetSequenceNumber() + size;
    if (!s.anyData || end > s.dataEnd)
    {
        s.anyData = true;
        s.dataEnd = end;
    }
}

void
AtmFlowTracer::CongState(uint32_t flow,
                         uint32_t connection,
                         TcpSocketState::TcpCongState_t from,
                         TcpSocketState::TcpCongState_t to)
{
    if (!IsLive(flow, connection))
    {
        return;
    }
    WriteTcp(flow, "cong_state", std::to_string(static_cast<int>(to)));
    Sender& s = m_flows[flow];
    if (!s.eraTimeouts && to == TcpSocketState::CA_LOSS && from != TcpSocketState::CA_LOSS)
    {
        ++s.timeouts;
        WriteTcp(flow, "timeout", "1");
    }
}

void
AtmFlowTracer::RetransmissionTimeout(uint32_t flow, uint32_t connection, Time rto, uint32_t backoff)
{
    if (!IsLive(flow, connection))
    {
        return;
    }
    ++m_flows[flow].timeouts;
    WriteTcp(flow, "timeout", std::to_string(backoff));
}

void
AtmFlowTracer::Advance(Port& p, Time now)
{
    while (p.next <= now && (!m_stopSet || p.next <= m_stop))
    {
        const std::string t = FormatTime(p.next) + ',' + p.name + ',';
        m_ports << t << "queue_cells," << p.cells << '\n';
        m_ports << t << "queue_max_cells," << p.maxCells << '\n';
        for (DropCount& d : p.drops)
        {
            if (d.cells > 0)
            {
                m_ports << t << "drop_" << d.slug << "_cells," << d.cells << '\n';
            }
            if (d.frames > 0)
            {
                m_ports << t << "frame_drop_" << d.slug << ',' << d.frames << '\n';
            }
            d.cells = 0;
            d.frames = 0;
        }
        p.maxCells = p.cells;
        p.next += m_interval;
    }
}

size_t
AtmFlowTracer::ReasonIndex(Port& p, const char* reason)
{
    for (const auto& [r, i] : p.reasonOf)
    {
        if (r == reason)
        {
            return i;
        }
    }
    const std::string slug = ReasonSlug(reason ? reason : "");
    size_t index = p.drops.size();
    for (size_t i = 0; i < p.drops.size(); ++i)
    {
        if (p.drops[i].slug == slug)
        {
            index = i;
        }
    }
    if (index == p.drops.size())
    {
        p.drops.push_back({slug, 0, 0});
    }
    p.reasonOf.emplace_back(reason, index);
    return index;
}

void
AtmFlowTracer::CellsInQueue(size_t port, uint32_t oldValue, uint32_t newValue)
{
    if (!m_open)
    {
        return;
    }
    m_lastSeen = Simulator::Now();
    Port& p = m_portList[port];
    Advance(p, m_lastSeen);
    p.cells = newValue;
    p.maxCells = std::max(p.maxCells, newValue);
}

void
AtmFlowTracer::CellDrop(size_t port, const AtmCell& cell, const char* reason)
{
    if (!m_open)
    {
        return;
    }
    m_lastSeen = Simulator::Now();
    Port& p = m_portList[port];
    Advance(p, m_lastSeen);
    ++p.drops[ReasonIndex(p, reason)].cells;
}

void
AtmFlowTracer::FrameDrop(size_t port, uint32_t vc, const char* reason)
{
    if (!m_open)
    {
        return;
    }
    m_lastSeen = Simulator::Now();
    Port& p = m_portList[port];
    Advance(p, m_lastSeen);
    ++p.drops[ReasonIndex(p, reason)].frames;
}

void
AtmFlowTracerCommandLine::AddOptions(AtmCommandLine& options)
{
    options.AddValue("traceDir",
                     "write per-flow and per-port time series (tcp.csv, ports.csv) into this "
                     "directory, created if needed (empty: none)",
                     m_dir,
                     [](const std::string& text, std::string* expected) {
                         std::string reason;
                         if (text.empty() || AtmFlowTracer::CheckDirectory(text, &reason))
                         {
                             return true;
                         }
                         *expected = "a directory that can be created and written (" + reason + ")";
                         return false;
                     });
    options.AddValue("traceInterval",
                     "the sampling interval of the switch ports (with --traceDir)",
                     m_interval,
                     MicroSeconds(1),
                     Seconds(100));
}

void
AtmFlowTracerCommandLine::CheckOptions(const AtmCommandLine& options) const
{
    options.Require(!options.IsSet("traceInterval") || !m_dir.empty(),
                    "traceInterval",
                    "give --traceDir as well (no traces without it)");
}

bool
AtmFlowTracerCommandLine::IsEnabled() const
{
    return !m_dir.empty();
}

const std::string&
AtmFlowTracerCommandLine::GetDirectory() const
{
    return m_dir;
}

Time
AtmFlowTracerCommandLine::GetInterval() const
{
    return m_interval;
}

Ptr<AtmFlowTracer>
AtmFlowTracerCommandLine::Open(Time stop) const
{
    if (m_dir.empty())
    {
        return nullptr;
    }
    Ptr<AtmFlowTracer> tracer = Create<AtmFlowTracer>(m_dir);
    tracer->SetSampleInterval(m_interval);
    tracer->SetStopTime(stop);
    return tracer;
}

} // namespace ns3
