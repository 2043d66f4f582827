/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-helper.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/tcp-era-socket.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Scripted-loss system tests of the TCP presets (JAIN, BON): chosen data segments are dropped
 * once by an error model at the receiving host of an ATM path h0 -- s0 -- h1 (20 ms one way),
 * and each variant's loss recovery is checked against what the 1990s stacks did: Vanilla waits
 * for the timeout, Reno fast-retransmits once per loss while enough dupACKs remain and times
 * out on the third of three losses with ssthresh about CWND/8, Hoe's NewReno recovers N losses
 * in about N round trips without a timeout, SACK recovers three losses within one round trip.
 * Plus the BSD ssthresh rule, the minimum RTO and the tick-aligned retransmission timer.
 */

using namespace ns3;

namespace
{

/** Payload bytes per segment in these tests. */
constexpr uint32_t MSS = 1000;
/** One-way propagation delay of each of the two links. */
const Time LINK_DELAY = MilliSeconds(10);

/** A congestion-state change or an ssthresh/cwnd value, with its time. */
struct Sample
{
    Time at;        //!< when
    uint32_t value; //!< the new value
};

/** An expiry of the retransmission timer, as TcpEraSocket's "RetransmissionTimeout" reports it. */
struct Expiry
{
    Time at;          //!< when
    Time rto;         //!< the RTO the trace reported
    uint32_t backoff; //!< the back-off count it reported
    Time rtoTrace;    //!< the "RTO" trace's value at that moment
};

/**
 * @brief A greedy sender of a fixed number of bytes on a socket made by the preset's factory,
 * recording the socket's congestion state, cwnd, ssthresh, RTO and retransmissions.
 */
class Recorder
{
  public:
    std::vector<Sample> cwnd;                               //!< CongestionWindow changes
    std::vector<Sample> ssthresh;                           //!< SlowStartThreshold changes
    std::vector<Time> fastRetx;                             //!< entries into CA_RECOVERY
    std::vector<Time> timeouts;                             //!< entries into CA_LOSS
    std::vector<Time> recoveryEnd;                          //!< CA_RECOVERY -> CA_OPEN
    std::vector<Time> rtoValues;                            //!< RTO trace values
    std::vector<Expiry> expiries;                           //!< RetransmissionTimeout events
    std::vector<Sample> inFlight;                           //!< BytesInFlight changes
    std::vector<std::pair<Time, uint32_t>> retransmissions; //!< (time, seq) of resent data
    std::vector<std::pair<Time, uint32_t>> firstSent;       //!< (time, seq) of new data
    std::vector<std::pair<Time, TcpSocketState::TcpCongState_t>> states; //!< CongState changes
    std::vector<std::pair<Time, uint32_t>> pureAcks; //!< (time, window field) of ACKs of byte 1
    uint32_t highestSent{0};                         //!< highest data seq sent
    uint64_t toSend{0};                              //!< bytes still to write
    Ptr<Socket> socket;                              //!< the sender

    /**
     * @param s the socket
     * @param bytes the bytes to send
     */
    void Start(Ptr<Socket> s, uint64_t bytes)
    {
        socket = s;
        toSend = bytes;
        s->TraceConnectWithoutContext("CongestionWindow", MakeCallback(&Recorder::Cwnd, this));
        s->TraceConnectWithoutContext("SlowStartThreshold",
                                      MakeCallback(&Recorder::SsThresh, this));
        s->TraceConnectWithoutContext("CongState", MakeCallback(&Recorder::State, this));
        s->TraceConnectWithoutContext("RTO", MakeCallback(&Recorder::Rto, this));
        s->TraceConnectWithoutContext("BytesInFlight", MakeCallback(&Recorder::InFlight, this));
        s->TraceConnectWithoutContext("Tx", MakeCallback(&Recorder::Tx, this));
        s->TraceConnectWithoutContext("Rx", MakeCallback(&Recorder::Rx, this));
        s->TraceConnectWithoutContext("RetransmissionTimeout",
                                      MakeCallback(&Recorder::Expired, this));
        s->SetSendCallback(MakeCallback(&Recorder::Fill, this));
        s->SetConnectCallback(MakeCallback(&Recorder::Connected, this),
                              MakeNullCallback<void, Ptr<Socket>>());
    }

  private:
    void Connected(Ptr<Socket> s)
    {
        Fill(s, s->GetTxAvailable());
    }

    void Fill(Ptr<Socket> s, uint32_t)
    {
        while (toSend > 0 && s->GetTxAvailable() > 0)
        {
            const uint32_t n =
                static_cast<uint32_t>(std::min<uint64_t>(toSend, s->GetTxAvailable()));
            const int sent = s->Send(Create<Packet>(n));
            if (sent <= 0)
            {
                return;
            }
            toSend -= sent;
        }
        if (toSend == 0)
        {
            s->Close();
        }
    }

    void Cwnd(uint32_t, uint32_t v)
    {
        cwnd.push_back({Simulator::Now(), v});
    }

    void SsThresh(uint32_t, uint32_t v)
    {
        ssthresh.push_back({Simulator::Now(), v});
    }

    void State(TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to)
    {
        states.emplace_back(Simulator::Now(), to);
        if (to == TcpSocketState::CA_RECOVERY)
        {
            fastRetx.push_back(Simulator::Now());
        }
        else if (to == TcpSocketState::CA_LOSS)
        {
            timeouts.push_back(Simulator::Now());
        }
        else if (from == TcpSocketState::CA_RECOVERY && to == TcpSocketState::CA_OPEN)
        {
            recoveryEnd.push_back(Simulator::Now());
        }
    }

    void InFlight(uint32_t, uint32_t v)
    {
        inFlight.push_back({Simulator::Now(), v});
    }

    void Rto(Time, Time v)
    {
        rtoValues.push_back(v);
    }

    void Expired(Time rto, uint32_t backoff)
    {
        expiries.push_back(
            {Simulator::Now(), rto, backoff, rtoValues.empty() ? Time() : rtoValues.back()});
    }

    /** ACKs of SND.UNA = 1 (the first data byte) after the handshake, with their windows. */
    void Rx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        if (p->GetSize() == 0 && (h.GetFlags() & TcpHeader::SYN) == 0 &&
            h.GetAckNumber().GetValue() == 1)
        {
            pureAcks.emplace_back(Simulator::Now(), h.GetWindowSize());
        }
    }

    void Tx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        if (p->GetSize() == 0)
        {
            return;
        }
        const uint32_t seq = h.GetSequenceNumber().GetValue();
        if (seq < highestSent)
        {
            retransmissions.emplace_back(Simulator::Now(), seq);
        }
        else
        {
            firstSent.emplace_back(Simulator::Now(), seq);
        }
        highestSent = std::max(highestSent, seq + p->GetSize());
    }
};

/** The outcome of one scripted-loss run. */
struct LossRun
{
    Recorder rec;             //!< the sender's record
    uint64_t received{0};     //!< bytes the receiver's application read
    uint32_t dropped{0};      //!< segments the error model dropped
    Time baseRtt;             //!< round trip of an empty path for one segment and its ACK
    Time lastByte;            //!< when the receiver read the last byte
    Ptr<TcpEraSocket> sender; //!< the sending socket
};

/** Receiver: counts the bytes it reads. */
void
ReadAll(LossRun* run, Ptr<Socket> s)
{
    while (Ptr<Packet> p = s->Recv())
    {
        run->received += p->GetSize();
        run->lastByte = Simulator::Now();
    }
}

/** Accept callback of the listening socket. */
void
Accepted(LossRun* run, Ptr<Socket> s, const Address&)
{
    s->SetRecvCallback(MakeBoundCallback(&ReadAll, run));
}

/**
 * @brief Run h0 -> h1 with the preset, dropping the data segments with the given indices
 * (segment k starts at sequence number 1 + k * MSS) once.
 * @param run receives the outcome
 * @param presets the TCP preset
 * @param lost indices of the segments to drop
 * @param segments segments to send
 * @param stop simulation end
 * @param linkDelay propagation delay of each of the two links
 */
void
RunScripted(LossRun* run,
            const TcpEraPresets& presets,
            const std::vector<uint32_t>& lost,
            uint32_t segments,
            Time stop,
            Time linkDelay = LINK_DELAY)
{
    atmtest::AtmHostPair path(linkDelay);
    const NodeContainer& hosts = path.hosts;
    presets.Install(hosts);

    Ptr<atmtest::TcpSegmentDropModel> em = CreateObject<atmtest::TcpSegmentDropModel>();
    for (uint32_t k : lost)
    {
        em->Add(1 + k * MSS);
    }
    path.nic[1]->SetAttribute("ReceiveErrorModel", PointerValue(em));

    const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
    Ptr<Socket> listener = Socket::CreateSocket(hosts.Get(1), factory);
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5000));
    listener->Listen();
    listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                MakeBoundCallback(&Accepted, run));
    Ptr<Socket> s = Socket::CreateSocket(hosts.Get(0), factory);
    run->sender = DynamicCast<TcpEraSocket>(s);
    s->Bind();
    run->rec.Start(s, static_cast<uint64_t>(segments) * MSS);
    s->Connect(InetSocketAddress(path.ifs.GetAddress(1), 5000));

    // Empty-path round trip: 4 propagation delays plus a segment's and an ACK's cells once
    // per link (store-and-forward-free cell switching adds one cell time per hop).
    const double cellTime = 424.0 / 149.76e6;
    const uint32_t dataCells = (MSS + 40 + 8 + 8 + 47) / 48;
    run->baseRtt = linkDelay * 4 + Seconds(cellTime * (dataCells + 2 + 4));

    Simulator::Stop(stop);
    Simulator::Run();
    run->dropped = em->GetDropped();
    Simulator::Destroy();
}

/** The preset of these tests: JAIN's timers (100 ms ticks), MSS 1000, 64 KB window. */
TcpEraPresets
TestPreset(TcpEraPresets::Variant v)
{
    TcpEraPresets p = TcpEraPresets::ForSource("jain");
    p.SetVariant(v);
    p.SetSegmentSize(MSS);
    p.SetWindow(65535);
    return p;
}

/** Segment indices of n losses in one window (slow start, window of 32 segments). */
std::vector<uint32_t>
Losses(uint32_t n)
{
    std::vector<uint32_t> v;
    for (uint32_t i = 0; i < n; ++i)
    {
        v.push_back(40 + 2 * i);
    }
    return v;
}

/** @return the last value of @p s at or before @p t (0 if none) */
uint32_t
ValueBefore(const std::vector<Sample>& s, Time t)
{
    uint32_t v = 0;
    for (const Sample& x : s)
    {
        if (x.at >= t)
        {
            break;
        }
        v = x.value;
    }
    return v;
}

/** @return the first value of @p s set at or after @p t (0 if none) */
uint32_t
ValueAt(const std::vector<Sample>& s, Time t)
{
    for (const Sample& x : s)
    {
        if (x.at >= t)
        {
            return x.value;
        }
    }
    return 0;
}

/** @return BSD's ssthresh for @p cwnd: half in whole segments, at least two */
uint32_t
BsdSsThresh(uint32_t cwnd)
{
    return std::max<uint32_t>(cwnd / 2 / MSS, 2) * MSS;
}

/**
 * @brief One variant, one, two or three losses in a window: the counts of fast retransmits and
 * timeouts, ssthresh after each, recovery time, and delivery of every byte.
 */
class ScriptedLossTestCase : public TestCase
{
  public:
    /**
     * @param v the variant
     * @param losses losses in one window (1 ... 3)
     */
    ScriptedLossTestCase(TcpEraPresets::Variant v, uint32_t losses)
        : TestCase(TcpEraPresets::GetVariantName(v) + " with " + std::to_string(losses) +
                   " loss(es) in a window"),
          m_variant(v),
          m_losses(losses)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t segments = 150;
        LossRun run;
        RunScripted(&run, TestPreset(m_variant), Losses(m_losses), segments, Seconds(20));
        const Recorder& r = run.rec;
        std::ostringstream trace;
        trace << "FR " << r.fastRetx.size() << ", RTO " << r.timeouts.size() << ", ssthresh:";
        for (const Sample& s : r.ssthresh)
        {
            trace << " " << s.value << "@" << s.at.As(Time::MS);
        }
        const std::string what = trace.str();

        NS_TEST_ASSERT_MSG_EQ(run.dropped, m_losses, "every scripted loss happened");
        NS_TEST_ASSERT_MSG_EQ(run.received, uint64_t{segments} * MSS, "every byte arrives");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.retransmissions.size(),
                                    m_losses,
                                    "each lost segment is sent again (" << what << ")");

        // Every entry into CA_LOSS comes from an expiry that "RetransmissionTimeout" reported.
        for (Time t : r.timeouts)
        {
            const bool reported = std::any_of(r.expiries.begin(),
                                              r.expiries.end(),
                                              [t](const Expiry& e) { return e.at == t; });
            NS_TEST_ASSERT_MSG_EQ(reported,
                                  true,
                                  "RetransmissionTimeout at the timeout of " << t.As(Time::MS));
        }

        switch (m_variant)
        {
        case TcpEraPresets::VANILLA:
            CheckVanilla(run, what);
            break;
        case TcpEraPresets::RENO:
            CheckReno(run, what);
            break;
        case TcpEraPresets::NEWRENO:
            CheckNewReno(run, what);
            break;
        case TcpEraPresets::SACK:
            CheckSack(run, what);
            break;
        case TcpEraPresets::SACK1997:
            CheckSack1997(run, what);
            break;
        }
    }

    /** No fast retransmit: one timeout recovers everything, with BSD's ssthresh. */
    void CheckVanilla(const LossRun& run, const std::string& what)
    {
        const Recorder& r = run.rec;
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), 0, "Vanilla never fast-retransmits: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 1, "one timeout recovers: " << what);
        if (r.timeouts.empty())
        {
            return;
        }
        const Time rto = r.timeouts[0];
        NS_TEST_ASSERT_MSG_EQ((r.retransmissions.front().first >= rto),
                              true,
                              "nothing is resent before the timeout: " << what);
        NS_TEST_ASSERT_MSG_EQ(ValueAt(r.ssthresh, rto),
                              BsdSsThresh(ValueBefore(r.cwnd, rto)),
                              "ssthresh = cwnd / 2 in whole segments at the timeout: " << what);
        NS_TEST_ASSERT_MSG_EQ(ValueAt(r.cwnd, rto), MSS, "cwnd = 1 segment after the timeout");
        // TcpEraSocket's RetransmissionTimeout trace: the same expiry, the first since the last
        // new ACK, with the RTO in force (before ns-3 doubles it).
        NS_TEST_ASSERT_MSG_EQ(r.expiries.size(), 1, "one RetransmissionTimeout: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.expiries[0].at, rto, "reported at the timeout");
        NS_TEST_ASSERT_MSG_EQ(r.expiries[0].backoff, 1, "first expiry since the last new ACK");
        NS_TEST_ASSERT_MSG_EQ(r.expiries[0].rto, r.expiries[0].rtoTrace, "the RTO in force");
    }

    /** One fast retransmit per loss while dupACKs last; the third of three times out. */
    void CheckReno(const LossRun& run, const std::string& what)
    {
        const Recorder& r = run.rec;
        const uint32_t fr = std::min<uint32_t>(m_losses, 2);
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), fr, "fast retransmits: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), (m_losses == 3 ? 1U : 0U), "timeouts: " << what);
        NS_TEST_ASSERT_MSG_EQ(run.sender->GetPartialAcks(),
                              m_losses - 1,
                              "each partial ACK ends recovery: " << what);
        if (r.fastRetx.size() != fr)
        {
            return;
        }
        const uint32_t w = ValueBefore(r.cwnd, r.fastRetx[0]);
        const uint32_t s1 = ValueAt(r.ssthresh, r.fastRetx[0]);
        NS_TEST_ASSERT_MSG_EQ(s1, BsdSsThresh(w), "ssthresh = cwnd / 2 at the first FR");
        if (m_losses >= 2)
        {
            // Recovery ended on the partial ACK with cwnd = s1 (plus that ACK's increment):
            // the second fast retransmit halves it again.
            const uint32_t s2 = ValueAt(r.ssthresh, r.fastRetx[1]);
            NS_TEST_ASSERT_MSG_EQ(s2, BsdSsThresh(ValueBefore(r.cwnd, r.fastRetx[1])), what);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(s2, s1 / 2 + MSS, "halved twice: " << what);
        }
        if (m_losses == 3 && !r.timeouts.empty())
        {
            // JAIN ICCCN Fig 2: two fast retransmits, then a timeout with ssthresh ~ W/8.
            const uint32_t s3 = ValueAt(r.ssthresh, r.timeouts[0]);
            NS_TEST_ASSERT_MSG_GT(r.timeouts[0], r.fastRetx[1], "the timeout comes last");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(s3, w / 8 + 2 * MSS, "ssthresh ~ W/8: " << what);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(s3 + 2 * MSS, w / 8, "ssthresh ~ W/8: " << what);
        }
    }

    /** One fast retransmit, N losses in about N round trips, no timeout. */
    void CheckNewReno(const LossRun& run, const std::string& what)
    {
        const Recorder& r = run.rec;
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), 1, "one fast retransmit: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 0, "no timeout: " << what);
        NS_TEST_ASSERT_MSG_EQ(run.sender->GetPartialAcks(), m_losses - 1, "partial ACKs");
        if (r.fastRetx.size() != 1 || r.recoveryEnd.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(r.recoveryEnd.size(), 1, "recovery ends: " << what);
            return;
        }
        const double rtts =
            (r.recoveryEnd[0] - r.fastRetx[0]).GetSeconds() / run.baseRtt.GetSeconds();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(rtts, m_losses - 0.2, "N losses take N round trips");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(rtts, m_losses + 0.5, "N losses take N round trips");
        const uint32_t w = ValueBefore(r.cwnd, r.fastRetx[0]);
        NS_TEST_ASSERT_MSG_EQ(ValueAt(r.ssthresh, r.fastRetx[0]), BsdSsThresh(w), what);
    }

    /** One fast retransmit, every hole resent within one round trip, no timeout. */
    void CheckSack(const LossRun& run, const std::string& what)
    {
        const Recorder& r = run.rec;
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), 1, "one fast retransmit: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 0, "no timeout: " << what);
        if (r.fastRetx.size() != 1 || r.recoveryEnd.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(r.recoveryEnd.size(), 1, "recovery ends: " << what);
            return;
        }
        const Time t0 = r.fastRetx[0];
        for (uint32_t k : Losses(m_losses))
        {
            Time at = Time::Max();
            for (const auto& x : r.retransmissions)
            {
                if (x.second == 1 + k * MSS)
                {
                    at = std::min(at, x.first);
                }
            }
            NS_TEST_ASSERT_MSG_LT(at - t0,
                                  run.baseRtt,
                                  "segment " << k << " is resent within one RTT of the FR");
        }
        const double rtts = (r.recoveryEnd[0] - t0).GetSeconds() / run.baseRtt.GetSeconds();
        // Every hole went out within the first round trip (above); the last retransmission is
        // acknowledged within the second. NewReno needs N round trips for N losses.
        NS_TEST_ASSERT_MSG_LT(rtts, 2.0, "SACK recovery ends within two round trips: " << what);
        const uint32_t w = ValueBefore(r.cwnd, t0);
        NS_TEST_ASSERT_MSG_EQ(ValueAt(r.ssthresh, t0), BsdSsThresh(w), what);
    }

    /**
     * Fall and Floyd's counted pipe: one fast retransmit, no timeout, every hole resent; right
     * after the fast retransmit the data in flight is the window before the loss minus three
     * segments (JAIN ICCCN'97 4.2), whatever the scoreboard knows; the recovery ends within one
     * round trip per hole plus one.
     */
    void CheckSack1997(const LossRun& run, const std::string& what)
    {
        const Recorder& r = run.rec;
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), 1, "one fast retransmit: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 0, "no timeout: " << what);
        NS_TEST_ASSERT_MSG_EQ(r.recoveryEnd.size(), 1, "recovery ends: " << what);
        if (r.fastRetx.size() != 1 || r.recoveryEnd.size() != 1)
        {
            return;
        }
        const Time t0 = r.fastRetx[0];
        const uint32_t w = ValueBefore(r.cwnd, t0);
        NS_TEST_ASSERT_MSG_EQ(ValueAt(r.ssthresh, t0), BsdSsThresh(w), what);
        uint32_t pipe = 0; // the last value at the fast retransmit's instant
        for (const Sample& x : r.inFlight)
        {
            pipe = x.at == t0 ? x.value : pipe;
        }
        NS_TEST_ASSERT_MSG_EQ(pipe,
                              (w / MSS - 3) * MSS,
                              "pipe = cwnd - 3 segments after the fast retransmit: " << what);
        const double rtts = (r.recoveryEnd[0] - t0).GetSeconds() / run.baseRtt.GetSeconds();
        NS_TEST_ASSERT_MSG_LT(rtts, m_losses + 1.0, "recovery time: " << what);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.sender->GetCountedPipe(), 0, "pipe never negative");
    }

    TcpEraPresets::Variant m_variant; //!< the variant
    uint32_t m_losses;                //!< losses in the window
};

/**
 * @brief An ACK that only changes the window is not a duplicate ACK (RFC 5681 section 2 (e);
 * 4.4BSD tcp_input(), Wright and Stevens, TCP/IP Illustrated Vol. 2, section 29.4).
 *
 * A 131,072-byte window needs window scaling, so the SYN can advertise only 65,535 bytes; with
 * an initial window of 66 segments of 1000 bytes the sender sends 65 and waits. The first
 * segment is lost: the receiver answers each of the 64 others at once with an ACK of byte 1,
 * and the first of those ACKs carries the scaled window. It is a window update, not a
 * duplicate: the sender stays in CA_OPEN and sends segment 65 at once; the next three ACKs are
 * the duplicates that trigger the fast retransmit. ns-3 alone counts the window update as the
 * first duplicate (CA_DISORDER), retransmits one ACK early and sends new data in CA_DISORDER,
 * which its assertion-enabled builds abort on.
 */
class WindowUpdateTestCase : public TestCase
{
  public:
    WindowUpdateTestCase()
        : TestCase("an ACK that opens the window is not a duplicate ACK (RFC 5681, 4.4BSD)")
    {
    }

  private:
    void DoRun() override
    {
        TcpEraPresets p = TestPreset(TcpEraPresets::RENO);
        p.SetWindow(131072);
        p.SetInitialCwnd(66);
        const uint32_t segments = 200;
        LossRun run;
        RunScripted(&run, p, {0}, segments, Seconds(10));
        const Recorder& r = run.rec;

        NS_TEST_ASSERT_MSG_EQ(run.dropped, 1, "the first segment is lost");
        NS_TEST_ASSERT_MSG_EQ(run.received, uint64_t{segments} * MSS, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 0, "no timeout");
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx.size(), 1, "one fast retransmit");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.pureAcks.size(), 4, "ACKs of byte 1");
        if (r.fastRetx.size() != 1 || r.pureAcks.size() < 4)
        {
            return;
        }
        const Time update = r.pureAcks[0].first;
        NS_TEST_ASSERT_MSG_EQ(r.pureAcks[0].second,
                              131072 / 4,
                              "the first ACK advertises the whole window, scaled by 2 bits, where "
                              "the SYN could only say 65,535 bytes");
        for (size_t i = 1; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(r.pureAcks[i].second,
                                  r.pureAcks[0].second,
                                  "the duplicates repeat the window");
        }
        for (const auto& st : r.states)
        {
            NS_TEST_ASSERT_MSG_EQ((st.first <= update && st.second == TcpSocketState::CA_DISORDER),
                                  false,
                                  "the window update is not a duplicate ACK");
        }
        NS_TEST_ASSERT_MSG_EQ(r.fastRetx[0],
                              r.pureAcks[3].first,
                              "the fast retransmit comes with the third duplicate, the fourth ACK "
                              "of byte 1");
        bool sent65 = false;
        for (const auto& x : r.firstSent)
        {
            sent65 = sent65 || (x.second == 1 + 65 * MSS && x.first == update);
        }
        NS_TEST_ASSERT_MSG_EQ(sent65, true, "segment 65 goes out with the window update");
    }
};

/**
 * @brief The retransmission timer with 100 ms ticks: never below the 2-tick minimum, and it
 * fires on tick boundaries only when TimerTick is set.
 */
class TickTimerTestCase : public TestCase
{
  public:
    /**
     * @param aligned whether the preset aligns the timer to ticks
     * @param phase where the sender's tick grid starts
     */
    explicit TickTimerTestCase(bool aligned, Time phase = Time(0))
        : TestCase(!aligned ? "Vanilla timeout with an exact timer, minimum 2 ticks"
                   : phase.IsZero()
                       ? "Vanilla timeout on the 100 ms tick grid, minimum 2 ticks"
                       : "Vanilla timeout on a 100 ms tick grid starting at 37 ms (tick phase)"),
          m_aligned(aligned),
          m_phase(phase)
    {
    }

  private:
    void DoRun() override
    {
        TcpEraPresets p = TestPreset(TcpEraPresets::VANILLA);
        p.SetTickAlignedTimer(m_aligned);
        p.SetTickPhase(m_phase);
        LossRun run;
        RunScripted(&run, p, {40}, 100, Seconds(20));
        const Recorder& r = run.rec;
        NS_TEST_ASSERT_MSG_EQ(r.timeouts.size(), 1, "one timeout");
        NS_TEST_ASSERT_MSG_EQ(run.received, uint64_t{100} * MSS, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(r.rtoValues.empty(), false, "RTO traced");
        for (const Time& rto : r.rtoValues)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(rto, MilliSeconds(200), "RTO >= MinRto = 2 ticks");
        }
        if (r.timeouts.empty())
        {
            return;
        }
        const int64_t tick = MilliSeconds(100).GetTimeStep();
        const bool onGrid = (r.timeouts[0] - m_phase).GetTimeStep() % tick == 0;
        NS_TEST_ASSERT_MSG_EQ(onGrid,
                              m_aligned,
                              "timeout at " << r.timeouts[0].As(Time::MS) << " on the grid");
        NS_TEST_ASSERT_MSG_EQ((run.sender->GetAlignedTimers() > 0), m_aligned, "alignments");
    }

    bool m_aligned; //!< TimerTick set
    Time m_phase;   //!< the sender's tick phase
};

/**
 * @brief The tick-aligned timer never fires before the RTO: on a lossless 550 ms path (JAIN's
 * GEO round trip) with 100 ms ticks, the tick-quantised samples lock to 5 ticks when segments
 * leave in phase, srtt falls half a tick below the RTT, and a timer rounded down to the
 * boundary before the RTO fired before the ACK could return (spurious timeouts every few RTTs).
 */
class NoEarlyTimeoutTestCase : public TestCase
{
  public:
    NoEarlyTimeoutTestCase()
        : TestCase("No retransmission timeout on a lossless 550 ms path with 100 ms ticks: the "
                   "aligned timer fires at the first boundary after the RTO, never before")
    {
    }

  private:
    void DoRun() override
    {
        for (auto v : {TcpEraPresets::SACK, TcpEraPresets::RENO})
        {
            LossRun run;
            RunScripted(&run,
                        TestPreset(v),
                        {},
                        1200,
                        Seconds(15),
                        MilliSeconds(137) + MicroSeconds(500));
            NS_TEST_ASSERT_MSG_EQ(run.rec.timeouts.size(),
                                  0,
                                  TcpEraPresets::GetVariantName(v) << ": spurious timeouts");
            NS_TEST_ASSERT_MSG_EQ(run.received, uint64_t{1200} * MSS, "every byte arrives");
        }
    }
};

/**
 * @brief The delayed-ACK timer: with DelAckTick (BSD's tcp_fasttimo) the ACK of a lone segment
 * leaves at the first boundary of the receiver's 200 ms grid after the segment, 0 to 200 ms
 * after it; with ns-3's timer exactly DelAckTimeout after it.
 */
class DelayedAckGridTestCase : public TestCase
{
  public:
    /**
     * @param onTicks the preset's SetDelAckOnTicks
     * @param phase the receiver's delayed-ACK grid phase
     */
    DelayedAckGridTestCase(bool onTicks, Time phase)
        : TestCase(onTicks ? "Delayed ACK of a lone segment at the next boundary of a 200 ms grid "
                             "starting at " +
                                 std::to_string(phase.GetMilliSeconds()) + " ms (BSD fast timeout)"
                           : "Delayed ACK of a lone segment exactly 200 ms after it (ns-3 timer)"),
          m_onTicks(onTicks),
          m_phase(phase)
    {
    }

  private:
    /// What the receiver saw and sent.
    struct Log
    {
        std::vector<Time> dataRx; //!< arrivals of data segments
        std::vector<Time> ackTx;  //!< pure ACKs sent after the first data segment
    };

    static void Rx(Log* log, Ptr<const Packet> p, const TcpHeader&, Ptr<const TcpSocketBase>)
    {
        if (p->GetSize() > 0)
        {
            log->dataRx.push_back(Simulator::Now());
        }
    }

    static void Tx(Log* log, Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        if (p->GetSize() == 0 && (h.GetFlags() & TcpHeader::ACK) && !log->dataRx.empty())
        {
            log->ackTx.push_back(Simulator::Now());
        }
    }

    static void Accept(Log* log, Ptr<Socket> s, const Address&)
    {
        s->TraceConnectWithoutContext("Rx", MakeBoundCallback(&Rx, log));
        s->TraceConnectWithoutContext("Tx", MakeBoundCallback(&Tx, log));
    }

    void DoRun() override
    {
        TcpEraPresets p = TcpEraPresets::ForSource("bsd"); // delayed ACKs on, 200 ms
        p.SetSegmentSize(MSS);
        p.SetDelAckOnTicks(m_onTicks);
        p.SetDelAckPhase(m_phase);
        atmtest::AtmHostPair path(LINK_DELAY);
        p.Install(path.hosts);
        const TypeId factory = TcpEraPresets::GetSocketFactoryTypeId();
        Log log;
        Ptr<Socket> listener = Socket::CreateSocket(path.hosts.Get(1), factory);
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5000));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeBoundCallback(&Accept, &log));
        Ptr<Socket> s = Socket::CreateSocket(path.hosts.Get(0), factory);
        s->Bind();
        s->Connect(InetSocketAddress(path.ifs.GetAddress(1), 5000));
        // Lone segments at 1.013 s and 1.513 s, well after the handshake. ns-3 acknowledges the
        // first data segment after the handshake at once (its delayed-ACK count starts full);
        // the second is the one whose ACK is delayed.
        Simulator::Schedule(MilliSeconds(1013), [s]() { s->Send(Create<Packet>(MSS)); });
        Simulator::Schedule(MilliSeconds(1513), [s]() { s->Send(Create<Packet>(MSS)); });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(log.dataRx.size(), 2, "two data segments");
        NS_TEST_ASSERT_MSG_EQ(log.ackTx.size(), 2, "one ACK for each");
        NS_TEST_ASSERT_MSG_EQ(log.ackTx[0], log.dataRx[0], "the first at once");
        const Time rx = log.dataRx[1];
        const Time ack = log.ackTx[1];
        if (m_onTicks)
        {
            const int64_t tick = MilliSeconds(200).GetTimeStep();
            const int64_t k = (rx - m_phase).GetTimeStep() / tick + 1;
            NS_TEST_ASSERT_MSG_EQ(ack,
                                  TimeStep(k * tick) + m_phase,
                                  "ACK at the first grid boundary after the segment ("
                                      << rx.As(Time::MS) << ")");
            NS_TEST_ASSERT_MSG_LT(ack - rx, MilliSeconds(200), "within one period");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(ack - rx, MilliSeconds(200), "DelAckTimeout after the segment");
        }
    }

    bool m_onTicks; //!< the grid
    Time m_phase;   //!< its phase
};

/** @brief The TCP presets' scripted-loss system tests. */
class TcpEraLossTestSuite : public TestSuite
{
  public:
    TcpEraLossTestSuite()
        : TestSuite("atm-tcp-era-loss", ATM_SUITE_SYSTEM)
    {
        for (auto v : {TcpEraPresets::VANILLA,
                       TcpEraPresets::RENO,
                       TcpEraPresets::NEWRENO,
                       TcpEraPresets::SACK,
                       TcpEraPresets::SACK1997})
        {
            for (uint32_t n = 1; n <= 3; ++n)
            {
                AddTestCase(new ScriptedLossTestCase(v, n), ATM_TEST_QUICK);
            }
        }
        AddTestCase(new TickTimerTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new TickTimerTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new TickTimerTestCase(true, MilliSeconds(37)), ATM_TEST_QUICK);
        AddTestCase(new NoEarlyTimeoutTestCase, ATM_TEST_QUICK);
        AddTestCase(new WindowUpdateTestCase, ATM_TEST_QUICK);
        AddTestCase(new DelayedAckGridTestCase(true, Time(0)), ATM_TEST_QUICK);
        AddTestCase(new DelayedAckGridTestCase(true, MilliSeconds(37)), ATM_TEST_QUICK);
        AddTestCase(new DelayedAckGridTestCase(false, MilliSeconds(37)), ATM_TEST_QUICK);
    }
};

/** Static instance. */
TcpEraLossTestSuite g_tcpEraLossTestSuite;

} // namespace
