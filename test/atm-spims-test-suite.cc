/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-bundle-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-spims-initiator.h"
#include "ns3/atm-spims-law.h"
#include "ns3/atm-spims-responder.h"
#include "ns3/atm-spims-spec.h"
#include "ns3/inet-socket-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the SPIMS-like applications (CRC Report 96-007, Appendix 2): AtmSpimsLaw,
 * AtmSpimsSpec, AtmSpimsInitiator and AtmSpimsResponder.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @ingroup atm-tests
 * @brief The laws: the forms SPIMS writes, their means and ranges, what is refused (with the
 *        reason), and draws of bivalue and exp from ns-3's random variables.
 */
class AtmSpimsLawTestCase : public TestCase
{
  public:
    AtmSpimsLawTestCase()
        : TestCase("SPIMS laws: constant, exp and bivalue parse, draw and refuse bad forms")
    {
    }

  private:
    void DoRun() override
    {
        AtmSpimsLaw law;
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse("1024", &law, nullptr), true, "a number");
        NS_TEST_ASSERT_MSG_EQ(law.GetKind(), AtmSpimsLaw::CONSTANT, "constant");
        NS_TEST_ASSERT_MSG_EQ(law.GetMean(), 1024, "its mean");
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse(" constant( 9000 ) ", &law, nullptr),
                              true,
                              "constant(v), blanks allowed");
        NS_TEST_ASSERT_MSG_EQ(law.ToString(), "9000", "written as the number");
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse("exp(0.2)", &law, nullptr), true, "exp");
        NS_TEST_ASSERT_MSG_EQ(law.GetKind(), AtmSpimsLaw::EXPONENTIAL, "exp");
        NS_TEST_ASSERT_MSG_EQ_TOL(law.GetMean(), 0.2, 1e-15, "its mean");
        NS_TEST_ASSERT_MSG_EQ(law.ToString(), "exp(0.20000000000000001)", "written back");
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse("bivalue(10,9000,0.75)", &law, nullptr),
                              true,
                              "bivalue");
        NS_TEST_ASSERT_MSG_EQ_TOL(law.GetMean(), 0.75 * 10 + 0.25 * 9000, 1e-9, "its mean");
        NS_TEST_ASSERT_MSG_EQ(law.GetMinimum(), 10, "min");
        NS_TEST_ASSERT_MSG_EQ(law.GetMaximum(), 9000, "max");
        AtmSpimsLaw back;
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse(law.ToString(), &back, nullptr),
                              true,
                              "ToString reads back");
        NS_TEST_ASSERT_MSG_EQ(back.GetMean(), law.GetMean(), "the same law");

        // Refused, each with the reason.
        const std::pair<std::string, std::string> bad[] = {
            {"", "is not a law"},
            {"-5", "is not a law"},
            {"nan", "is not a law"},
            {"exp(0)", "the mean of exp must be > 0"},
            {"exp(1,2)", "exp takes 1 number, not 2"},
            {"bivalue(1,2)", "bivalue takes 3 numbers, not 2"},
            {"bivalue(1,2,1.5)", "the probability p of v1 must be in [0, 1]"},
            {"bivalue(1,-2,0.5)", "'-2' is not a number >= 0"},
            {"normal(1,2)", "unknown law 'normal'"},
            {"exp(0.2", "is not a law"},
        };
        for (const auto& [text, why] : bad)
        {
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmSpimsLaw::TryParse(text, &law, &error),
                                  false,
                                  "'" << text << "' refused");
            NS_TEST_ASSERT_MSG_NE(error.find(why),
                                  std::string::npos,
                                  "'" << text << "': " << error);
        }

        // Draws: ns-3's variables with the law's parameters.
        RngRunGuard run(1);
        Ptr<RandomVariableStream> b = AtmSpimsLaw::Bivalue(10, 9000, 0.75).CreateVariable();
        Ptr<RandomVariableStream> e = AtmSpimsLaw::Exponential(0.2).CreateVariable();
        Ptr<RandomVariableStream> c = AtmSpimsLaw::Constant(7).CreateVariable();
        const int n = 20000;
        int small = 0;
        double sum = 0;
        for (int i = 0; i < n; ++i)
        {
            const double x = b->GetValue();
            NS_TEST_ASSERT_MSG_EQ((x == 10 || x == 9000), true, "bivalue draws its values only");
            small += x == 10 ? 1 : 0;
            sum += e->GetValue();
            NS_TEST_ASSERT_MSG_EQ(c->GetValue(), 7, "constant");
        }
        // 3 standard deviations of a binomial(20000, 0.75) share: 0.0092; of the mean of 20000
        // exponential draws: 0.2 x 3 / sqrt(20000) = 0.0042.
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(small) / n, 0.75, 0.0092, "p");
        NS_TEST_ASSERT_MSG_EQ_TOL(sum / n, 0.2, 0.0042, "exp mean");
        // The other order of the two values, and a degenerate bivalue.
        Ptr<RandomVariableStream> r = AtmSpimsLaw::Bivalue(9000, 10, 1).CreateVariable();
        NS_TEST_ASSERT_MSG_EQ(r->GetValue(), 9000, "p = 1: v1 always");
        Ptr<RandomVariableStream> q = AtmSpimsLaw::Bivalue(9000, 10, 0).CreateVariable();
        NS_TEST_ASSERT_MSG_EQ(q->GetValue(), 10, "p = 0: v2 always");
    }
};

/**
 * @ingroup atm-tests
 * @brief The specs: the CRC report's examples, ToString() round trips, and the bad specs with
 *        the field they name.
 */
class AtmSpimsSpecTestCase : public TestCase
{
  public:
    AtmSpimsSpecTestCase()
        : TestCase("SPIMS specs: the CRC report's examples parse, bad specs name their field")
    {
    }

  private:
    void DoRun() override
    {
        AtmSpimsSpec s = AtmSpimsSpec::Parse("10 bulk_get 1024*1000 exp(0.2)");
        NS_TEST_ASSERT_MSG_EQ(s.GetRuns(), 10U, "runs");
        NS_TEST_ASSERT_MSG_EQ(s.GetType(), AtmSpimsSpec::BULK_GET, "type");
        NS_TEST_ASSERT_MSG_EQ(s.GetCount(), 1000U, "count");
        NS_TEST_ASSERT_MSG_EQ(s.GetSize().GetMean(), 1024, "size");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.GetGap().GetMean(), 0.2, 1e-15, "gap");
        NS_TEST_ASSERT_MSG_EQ(s.InitiatorSends(), false, "the responder sends");
        s = AtmSpimsSpec::Parse("5 rr 1000,1024*50");
        NS_TEST_ASSERT_MSG_EQ(s.GetType(), AtmSpimsSpec::RR, "rr");
        NS_TEST_ASSERT_MSG_EQ(s.GetSize().GetMean(), 1000, "request");
        NS_TEST_ASSERT_MSG_EQ(s.GetResponseSize().GetMean(), 1024, "response");
        NS_TEST_ASSERT_MSG_EQ(s.GetCount(), 50U, "transactions");
        NS_TEST_ASSERT_MSG_EQ(s.GetGap().IsZero(), true, "no gap");
        NS_TEST_ASSERT_MSG_EQ(s.ToString(), "5 rr 1000,1024*50", "written back");
        s = AtmSpimsSpec::Parse("1 bulk_put bivalue(10, 9000, 0.9)*100");
        NS_TEST_ASSERT_MSG_EQ(s.GetType(), AtmSpimsSpec::BULK_PUT, "put");
        NS_TEST_ASSERT_MSG_EQ(s.ToString(),
                              "1 bulk_put bivalue(10,9000,0.90000000000000002)*100",
                              "written back");
        s = AtmSpimsSpec::Parse("2 request_response exp(5000),bivalue(100,70000,0.75)*20 0.5");
        NS_TEST_ASSERT_MSG_EQ(s.GetType(), AtmSpimsSpec::RR, "request_response");
        NS_TEST_ASSERT_MSG_EQ(s.GetSize().GetKind(), AtmSpimsLaw::EXPONENTIAL, "exp requests");
        NS_TEST_ASSERT_MSG_EQ(s.GetGap().GetMean(), 0.5, "a constant gap");
        AtmSpimsSpec back;
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsSpec::TryParse(s.ToString(), &back, nullptr),
                              true,
                              "reads back");
        NS_TEST_ASSERT_MSG_EQ(back.ToString(), s.ToString(), "the same spec");
        const std::vector<uint8_t> control =
            AtmSpimsSpec::Parse("5 rr 1000,1024*50").GetControlMessage();
        NS_TEST_ASSERT_MSG_EQ(control.size(), 4U + 17, "length and text");
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsSpec::ReadUint32(control.data()), 17U, "the length");
        const std::vector<uint8_t> header = AtmSpimsSpec::GetRequestHeader(70000, 1024);
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsSpec::ReadUint32(header.data()), 70000U, "request size");
        NS_TEST_ASSERT_MSG_EQ(AtmSpimsSpec::ReadUint32(header.data() + 4), 1024U, "response");

        const std::pair<std::string, std::string> bad[] = {
            {"rr 1000,1024*50", "has 2 fields"},
            {"5 rr 1000,1024*50 0.1 extra", "has 5 fields"},
            {"0 rr 1000,1024*50", "runs '0' is not a whole number in [1, 100000000]"},
            {"-1 rr 1000,1024*50", "runs '-1'"},
            {"5 get 1024*10", "unknown type 'get'"},
            {"5 bulk_get 1024", "'1024' is not <size>*<count>"},
            {"5 bulk_get 1024*0", "count '0'"},
            {"5 bulk_get 1024*1.5", "count '1.5'"},
            {"5 bulk_get 0*10", "the message size 0 can be below 1 bytes"},
            {"5 bulk_get 2e9*10", "the message size 2000000000 is above 1e9 bytes"},
            {"5 rr 1000*50", "rr takes <request>,<response>*<count>"},
            {"5 rr 4,1024*50", "the request size 4 can be below 8 bytes"},
            {"5 rr bivalue(2,100,0.5),1024*50", "at least 8 bytes"},
            {"5 rr 1000,0*50", "the response size 0 can be below 1 bytes"},
            {"5 bulk_put 1024*10 exp(-1)", "the gap: 'exp(-1)': '-1' is not a number >= 0"},
            {"5 bulk_put 1024*10 5e6", "the gap 5000000 is above 1e6 s"},
        };
        for (const auto& [text, why] : bad)
        {
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(AtmSpimsSpec::TryParse(text, &s, &error),
                                  false,
                                  "'" << text << "' refused");
            NS_TEST_ASSERT_MSG_NE(error.find(why),
                                  std::string::npos,
                                  "'" << text << "': " << error);
        }
    }
};

/// One host pair, a responder on h1 and an initiator on h0 running @p spec.
struct SpimsBench
{
    AtmHostPair net;                  //!< h0 -- s0 -- h1
    Ptr<AtmSpimsInitiator> initiator; //!< on h0
    Ptr<AtmSpimsResponder> responder; //!< on h1

    /**
     * @param spec the spec
     * @param delay each link's delay
     * @param tcp the hosts' TCP
     */
    SpimsBench(const std::string& spec, Time delay, const TcpEraPresets& tcp)
        : net(delay)
    {
        tcp.Install(net.hosts);
        responder = CreateObject<AtmSpimsResponder>();
        responder->SetAttribute("Port", UintegerValue(7000));
        responder->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        net.hosts.Get(1)->AddApplication(responder);
        initiator = CreateObject<AtmSpimsInitiator>();
        initiator->SetAttribute("Remote",
                                AddressValue(InetSocketAddress(net.ifs.GetAddress(1), 7000)));
        initiator->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        initiator->SetAttribute("Spec", StringValue(spec));
        net.hosts.Get(0)->AddApplication(initiator);
        initiator->SetStartTime(MilliSeconds(10));
    }
};

/**
 * @param mss the segment size
 * @return the jain preset (no delayed ACK) with a 32 KB window and that MSS
 */
TcpEraPresets
Tcp(uint32_t mss)
{
    TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
    tcp.SetWindow(32768);
    tcp.SetSegmentSize(mss);
    return tcp;
}

/**
 * @ingroup atm-tests
 * @brief rr on an idle path: each transaction takes the round trip plus the cells' times, as
 *        cell arithmetic gives it (CRC's small-request WAN result: a transaction is about one
 *        RTT). h0 -- s0 -- h1 over OC-3c links of 10 ms (RTT 40 ms), MSS 9140: a 1000-byte
 *        request is one IP packet of 1040 bytes, 22 cells with LLC/SNAP and the AAL5 trailer;
 *        the 1024-byte response 23; a pure ACK 2. Each frame leaves behind 2 cells (the
 *        responder's ACK of the request before the response; the initiator's ACK of the last
 *        response, or the 2-cell control message, before the request) and crosses two hops
 *        (10 ms, and a cell time at the switch): 40 ms + (2 + 22 + 1) + (2 + 23 + 1) = 40 ms +
 *        51 cell times, plus up to a slot of alignment at each of the transmitters (measured:
 *        54.7 cell times, 55.7 for the first).
 */
class AtmSpimsIdleRrTestCase : public TestCase
{
  public:
    AtmSpimsIdleRrTestCase()
        : TestCase("SPIMS rr on an idle path: every transaction takes the RTT plus its cells")
    {
    }

  private:
    void DoRun() override
    {
        SpimsBench b("2 rr 1000,1024*10", MilliSeconds(10), Tcp(9140));
        uint32_t traced = 0;
        b.initiator->TraceConnectWithoutContext(
            "Transaction",
            MakeBoundCallback(+[](uint32_t* n, uint32_t, uint32_t, Time) { ++*n; }, &traced));
        bool done = false;
        b.initiator->TraceConnectWithoutContext(
            "Done",
            MakeBoundCallback(+[](bool* d) { *d = true; }, &done));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const double cell = 424.0 / 149.76e6;
        NS_TEST_ASSERT_MSG_EQ(done, true, "both runs ended");
        NS_TEST_ASSERT_MSG_EQ(b.initiator->IsDone(), true, "IsDone");
        NS_TEST_ASSERT_MSG_EQ(traced, 20U, "20 transactions traced");
        NS_TEST_ASSERT_MSG_EQ(b.initiator->GetRuns().size(), 2U, "two runs");
        NS_TEST_ASSERT_MSG_EQ(b.responder->GetConnections(), 2U, "a connection per run");
        for (const AtmSpimsRun& r : b.initiator->GetRuns())
        {
            NS_TEST_ASSERT_MSG_EQ(r.transactions.size(), 10U, "10 transactions");
            NS_TEST_ASSERT_MSG_EQ(r.messages, 10U, "counted");
            NS_TEST_ASSERT_MSG_EQ(r.bytes, 10000U, "request bytes");
            NS_TEST_ASSERT_MSG_EQ(r.responseBytes, 10240U, "response bytes");
            for (uint32_t i = 0; i < r.transactions.size(); ++i)
            {
                const double t = r.transactions[i].GetSeconds();
                NS_TEST_ASSERT_MSG_GT_OR_EQ(t + 1e-12, 0.040 + 51 * cell, "transaction " << i);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(t, 0.040 + (51 + 5) * cell, "transaction " << i);
            }
            // The run: from the first request to the last response, back to back.
            Time sum;
            for (const Time& t : r.transactions)
            {
                sum += t;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(r.GetSeconds(), sum.GetSeconds(), 1e-9, "run time");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.GetKBps(), 10.0 / r.GetSeconds(), 1e-9, "KB = 1000");
            NS_TEST_ASSERT_MSG_EQ(r.GetMeanTransaction(), sum / 10, "mean");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief bulk_get and bulk_put move exactly count x size bytes per run, each run on its own
 *        connection, measured where the data arrives; a constant gap between messages makes a
 *        run last at least (count - 1) gaps; bivalue sizes move their drawn bytes.
 */
class AtmSpimsBulkTestCase : public TestCase
{
  public:
    AtmSpimsBulkTestCase()
        : TestCase("SPIMS bulk_get and bulk_put: every byte of every run, gaps respected")
    {
    }

  private:
    void DoRun() override
    {
        {
            SpimsBench b("3 bulk_get 70000*20", MilliSeconds(5), Tcp(9140));
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(b.initiator->IsDone(), true, "done");
            NS_TEST_ASSERT_MSG_EQ(b.initiator->GetRuns().size(), 3U, "runs");
            for (const AtmSpimsRun& r : b.initiator->GetRuns())
            {
                NS_TEST_ASSERT_MSG_EQ(r.bytes, 70000U * 20, "every byte, measured at h0");
                NS_TEST_ASSERT_MSG_GT(r.GetKBps(), 0.0, "a rate");
                // 32 KB per 20 ms round trip at most.
                NS_TEST_ASSERT_MSG_LT(r.GetKBps(), 32768.0 / 0.020 / 1000, "window-limited");
            }
            NS_TEST_ASSERT_MSG_EQ(b.responder->GetRuns().size(), 0U, "the responder sends");
            Simulator::Destroy();
        }
        {
            SpimsBench b("2 bulk_put 9000*10 0.1", MilliSeconds(5), Tcp(9140));
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(b.initiator->IsDone(), true, "done");
            NS_TEST_ASSERT_MSG_EQ(b.responder->GetRuns().size(), 2U, "measured at h1");
            for (const AtmSpimsRun& r : b.responder->GetRuns())
            {
                NS_TEST_ASSERT_MSG_EQ(r.bytes, 90000U, "every byte");
                // 9 gaps of 100 ms between the writes; the run starts when the segment that
                // carries the control message and the first message arrives (TCP sends the
                // two writes of one instant together) and ends with the last message's.
                NS_TEST_ASSERT_MSG_EQ_TOL(r.GetSeconds(), 0.9, 0.001, "9 gaps of 100 ms");
            }
            Simulator::Destroy();
        }
        {
            SpimsBench b("1 bulk_put bivalue(10,9000,0.5)*200", MilliSeconds(1), Tcp(9140));
            uint64_t written = 0;
            b.initiator->TraceConnectWithoutContext(
                "Tx",
                MakeBoundCallback(
                    +[](uint64_t* w, Ptr<const Packet> p) { *w += p->GetSize(); },
                    &written));
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(b.responder->GetRuns().size(), 1U, "one run");
            const std::string control =
                AtmSpimsSpec::Parse("1 bulk_put bivalue(10,9000,0.5)*200").ToString();
            // What h0 wrote: the control message, then the drawn messages, all delivered.
            NS_TEST_ASSERT_MSG_EQ(b.responder->GetRuns()[0].bytes + 4 + control.size(),
                                  written,
                                  "the drawn bytes arrive");
            NS_TEST_ASSERT_MSG_EQ(b.initiator->GetRuns()[0].bytes,
                                  b.responder->GetRuns()[0].bytes,
                                  "both sides count the same messages");
            NS_TEST_ASSERT_MSG_GT(written, 200U * 10 + 50 * 9000, "more than 50 large ones");
            NS_TEST_ASSERT_MSG_LT(written, 200U * 10 + 150 * 9000, "fewer than 150");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmBundleHelper's connection bundles: with one PVC (the default) three bulk_gets share
 *        it; with a VC per connection each initiator, bound to its address pair (attribute
 *        Local), gets its 45,000 bytes over its own PVC and no other: h0 receives on PVC k
 *        exactly the cells of connection k's data and control (the same count on every PVC,
 *        since the three connections are alike), and every ledger holds; with SetVp(true) the
 *        PVCs are VCs 32, 33, 34 of VP 1 between s1 and s2.
 */
class AtmBundleConnectionsTestCase : public TestCase
{
  public:
    AtmBundleConnectionsTestCase()
        : TestCase("bundles: one PVC for all connections, one per connection, VCs of one VP")
    {
    }

  private:
    /**
     * @param perConnection PVCs (1: one shared)
     * @param vp VCs of one VP
     * @param t receives the topology
     * @return the cells h0 received on each PVC
     */
    std::vector<uint64_t> Run(uint32_t perConnection, bool vp, AtmBundleTopology* t)
    {
        AtmBundleHelper bundle;
        bundle.SetRtt(MilliSeconds(4));
        bundle.SetTrunkRate(AtmCellRate::Parse("OC3c"));
        bundle.SetTcp(Tcp(9140));
        bundle.SetVcPerConnection(perConnection);
        bundle.SetVp(vp);
        *t = bundle.Install();
        Ptr<AtmSpimsResponder> responder = CreateObject<AtmSpimsResponder>();
        responder->SetAttribute("Port", UintegerValue(7000));
        responder->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        t->hosts.Get(1)->AddApplication(responder);
        std::vector<Ptr<AtmSpimsInitiator>> apps;
        for (uint32_t k = 0; k < 3; ++k)
        {
            const auto& [local, remote] = t->addresses[perConnection == 1 ? 0 : k];
            Ptr<AtmSpimsInitiator> app = CreateObject<AtmSpimsInitiator>();
            app->SetAttribute("Remote", AddressValue(InetSocketAddress(remote, 7000)));
            app->SetAttribute("Local", AddressValue(InetSocketAddress(local, 0)));
            app->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
            app->SetAttribute("Spec", StringValue("1 bulk_get 9000*5"));
            t->hosts.Get(0)->AddApplication(app);
            app->SetStartTime(MilliSeconds(1 + k));
            apps.push_back(app);
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        std::vector<uint64_t> cells;
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(apps[k]->IsDone(), true, "connection " << k << " done");
            NS_TEST_EXPECT_MSG_EQ(apps[k]->GetRuns().size(), 1U, "one run");
            if (!apps[k]->GetRuns().empty())
            {
                NS_TEST_EXPECT_MSG_EQ(apps[k]->GetRuns()[0].bytes, 45000U, "every byte");
            }
        }
        for (const AtmPvc& pvc : t->pvcs)
        {
            cells.push_back(t->nic[0]->GetVcStats(pvc.srcVc).cellsRx);
            NS_TEST_EXPECT_MSG_EQ(AtmPvcHelper::GetLedger(pvc, true).Holds(), true, "forward");
            NS_TEST_EXPECT_MSG_EQ(AtmPvcHelper::GetLedger(pvc, false).Holds(), true, "backward");
        }
        Simulator::Destroy();
        return cells;
    }

    void DoRun() override
    {
        AtmBundleTopology t;
        const std::vector<uint64_t> one = Run(1, false, &t);
        NS_TEST_ASSERT_MSG_EQ(one.size(), 1U, "one PVC");
        NS_TEST_EXPECT_MSG_EQ(t.addresses.size(), 1U, "one address pair");
        // 45,000 bytes in 9140-byte segments per connection: 4 x 9140 + 8440, i.e. 4 x 192 +
        // 178 cells (IP + TCP headers, LLC/SNAP, the AAL5 trailer), plus the ACKs of the
        // control message and the FIN exchange: at least 3 x 946 data cells on the one PVC.
        NS_TEST_EXPECT_MSG_GT(one[0], 3U * 946, "all three connections' data on the one PVC");

        const std::vector<uint64_t> each = Run(3, false, &t);
        NS_TEST_ASSERT_MSG_EQ(each.size(), 3U, "three PVCs");
        NS_TEST_EXPECT_MSG_EQ(t.addresses[2].first, Ipv4Address("10.1.3.1"), "third pair, h0");
        NS_TEST_EXPECT_MSG_EQ(t.addresses[2].second, Ipv4Address("10.1.3.2"), "third pair, h1");
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_GT(each[k], 946U, "PVC " << k << " carries its connection");
            NS_TEST_EXPECT_MSG_LT(each[k], 2U * 946, "and only its connection");
            NS_TEST_EXPECT_MSG_EQ(each[k], each[0], "alike connections, alike counts");
        }
        NS_TEST_EXPECT_MSG_EQ(each[0] * 3, one[0], "the same cells, split three ways");

        Run(3, true, &t);
        NS_TEST_ASSERT_MSG_EQ(t.pvcs.size(), 3U, "three VCs");
        for (uint32_t k = 0; k < 3; ++k)
        {
            // labels: h0-s0, s0-s1, s1-s2, s2-h1; the VP runs from s1 to s2 (the middle links
            // keep the VC's label: a VP switch does not change the VCI).
            const auto& [vpi, vci] = t.pvcs[k].labels.at(2);
            NS_TEST_EXPECT_MSG_EQ(vpi, 1, "VP 1");
            NS_TEST_EXPECT_MSG_EQ(vci, 32 + k, "VCI 32 + k");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The SPIMS suite.
 */
class AtmSpimsTestSuite : public TestSuite
{
  public:
    AtmSpimsTestSuite()
        : TestSuite("atm-spims", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmSpimsLawTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSpimsSpecTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSpimsIdleRrTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmSpimsBulkTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmBundleConnectionsTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
AtmSpimsTestSuite g_atmSpimsTestSuite;

} // namespace
