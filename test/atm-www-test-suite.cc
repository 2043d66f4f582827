/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-www-client.h"
#include "ns3/atm-www-law.h"
#include "ns3/atm-www-server.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the WWW traffic model of R. Jain et al., ATM Forum contribution 98-0876R1, 1998
 * (its WWW model): AtmWwwLaw, AtmWwwClient and AtmWwwServer.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/**
 * @param j a count
 * @return e^-5 5^j / j!
 */
double
Poisson5(uint32_t j)
{
    return std::exp(-5.0) * std::pow(5.0, j) / std::tgamma(j + 1.0);
}

/**
 * @ingroup atm-tests
 * @brief The laws: the GETs per batch and the file sizes are the stated laws exactly (Poisson
 *        with mean 5 conditioned on 1 ... 9; five classes of 20, 28, 40, 11.2 and 0.8 %, nine
 *        sizes each), and ns-3's variables draw them: class frequencies and means of many
 *        draws within four standard deviations of the law's.
 */
class AtmWwwLawTestCase : public TestCase
{
  public:
    AtmWwwLawTestCase()
        : TestCase("WWW laws: GETs per batch and file sizes are the stated laws, and draw them")
    {
    }

  private:
    void DoRun() override
    {
        // The GETs law, exactly.
        const AtmWwwLaw gets = AtmWwwLaw::JainGets();
        NS_TEST_ASSERT_MSG_EQ(gets.GetValues().size(), 9U, "1 ... 9");
        double mass = 0;
        for (uint32_t j = 1; j <= 9; ++j)
        {
            mass += Poisson5(j);
        }
        double mean = 0;
        for (uint32_t j = 1; j <= 9; ++j)
        {
            NS_TEST_ASSERT_MSG_EQ(gets.GetValues()[j - 1], j, "value " << j);
            NS_TEST_ASSERT_MSG_EQ_TOL(gets.GetProbability(j),
                                      Poisson5(j) / mass,
                                      1e-15,
                                      "P(" << j << ") = Poisson(5)(j) / P(1 <= X <= 9)");
            mean += j * Poisson5(j) / mass;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(gets.GetMean(), mean, 1e-12, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(gets.GetMean(), 4.846439638, 1e-9, "mean 4.8464");
        NS_TEST_ASSERT_MSG_EQ(gets.GetProbability(0), 0, "never 0 GETs");
        NS_TEST_ASSERT_MSG_EQ(gets.GetProbability(10), 0, "never 10");

        // The file-size law: 45 sizes, j x 10^k x 100 bytes; each class's total the stated
        // probability; the mean 23,500 x E[j].
        const AtmWwwLaw sizes = AtmWwwLaw::JainFileSize();
        const std::vector<double> pk = {0.2, 0.28, 0.4, 0.112, 0.008};
        NS_TEST_ASSERT_MSG_EQ(sizes.GetValues().size(), 45U, "five classes of nine sizes");
        double step = 100;
        for (std::size_t k = 0; k < pk.size(); ++k, step *= 10)
        {
            double classMass = 0;
            for (uint32_t j = 1; j <= 9; ++j)
            {
                NS_TEST_ASSERT_MSG_EQ(sizes.GetValues()[k * 9 + j - 1], j * step, "size");
                NS_TEST_ASSERT_MSG_EQ_TOL(sizes.GetProbability(j * step),
                                          pk[k] * gets.GetProbability(j),
                                          1e-15,
                                          "P(size " << j * step << ")");
                classMass += sizes.GetProbability(j * step);
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(classMass, pk[k], 1e-12, "class " << k);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(sizes.GetMean(), 23500 * gets.GetMean(), 1e-6, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(sizes.GetMean(), 113891.33, 0.01, "113.89 KB");

        // Draws.
        RngRunGuard run(3);
        Ptr<RandomVariableStream> g = gets.CreateVariable();
        Ptr<RandomVariableStream> s = sizes.CreateVariable();
        const int n = 200000;
        std::vector<int> perClass(5, 0);
        std::vector<int> perGets(10, 0);
        double sumSize = 0;
        double sumGets = 0;
        bool onlyLawValues = true;
        for (int i = 0; i < n; ++i)
        {
            const double x = s->GetValue();
            onlyLawValues = onlyLawValues && sizes.GetProbability(x) > 0;
            const int k = static_cast<int>(std::floor(std::log10(x / 100.0) + 1e-9));
            ++perClass[std::min(std::max(k, 0), 4)];
            sumSize += x;
            const double y = g->GetValue();
            onlyLawValues = onlyLawValues && gets.GetProbability(y) > 0;
            ++perGets[static_cast<int>(y)];
            sumGets += y;
        }
        NS_TEST_ASSERT_MSG_EQ(onlyLawValues, true, "the variables draw the laws' values only");
        for (std::size_t k = 0; k < pk.size(); ++k)
        {
            const double sigma = std::sqrt(pk[k] * (1 - pk[k]) / n);
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(perClass[k]) / n,
                                      pk[k],
                                      4 * sigma,
                                      "class " << k << " frequency");
        }
        for (uint32_t j = 1; j <= 9; ++j)
        {
            const double p = gets.GetProbability(j);
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(perGets[j]) / n,
                                      p,
                                      4 * std::sqrt(p * (1 - p) / n),
                                      "P(" << j << " GETs)");
        }
        // Standard deviations of the means from the laws' second moments.
        double m2Size = 0;
        for (std::size_t i = 0; i < sizes.GetValues().size(); ++i)
        {
            m2Size += sizes.GetValues()[i] * sizes.GetValues()[i] * sizes.GetProbabilities()[i];
        }
        const double sdSize = std::sqrt((m2Size - sizes.GetMean() * sizes.GetMean()) / n);
        NS_TEST_ASSERT_MSG_EQ_TOL(sumSize / n, sizes.GetMean(), 4 * sdSize, "mean file size");
        NS_TEST_ASSERT_MSG_EQ_TOL(sumGets / n, gets.GetMean(), 4 * std::sqrt(3.5 / n), "mean GETs");

        // A one-value law is a constant.
        Ptr<RandomVariableStream> one = AtmWwwLaw::TruncatedPoisson(5, 3, 3).CreateVariable();
        NS_TEST_ASSERT_MSG_EQ(one->GetValue(), 3, "a one-value law");
    }
};

/// One host pair, an AtmWwwServer on h0 and an AtmWwwClient on h1.
struct WwwBench
{
    AtmHostPair net;              //!< h0 -- s0 -- h1
    Ptr<AtmWwwServer> server;     //!< on h0
    Ptr<AtmWwwClient> client;     //!< on h1
    std::vector<double> batches;  //!< BatchStart times (s)
    std::vector<uint32_t> gets;   //!< GETs per batch
    std::vector<double> requests; //!< Request times (s)
    std::vector<uint32_t> order;  //!< Response request numbers, in arrival order
    uint64_t rxBytes{0};          //!< Rx bytes

    /**
     * @param delay each link's delay
     * @param batches MaxBatches
     * @param mss the hosts' segment size
     */
    WwwBench(Time delay, uint32_t batches, uint32_t mss = 1024)
        : net(delay)
    {
        TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
        tcp.SetSegmentSize(mss);
        tcp.SetNagle(false);
        tcp.Install(net.hosts);
        server = CreateObject<AtmWwwServer>();
        server->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        net.hosts.Get(0)->AddApplication(server);
        client = CreateObject<AtmWwwClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(net.ifs.GetAddress(0), 80)));
        client->SetAttribute("Protocol", TypeIdValue(TcpEraPresets::GetSocketFactoryTypeId()));
        client->SetAttribute("MaxBatches", UintegerValue(batches));
        net.hosts.Get(1)->AddApplication(client);
        client->SetStartTime(MilliSeconds(10));
        client->TraceConnectWithoutContext("BatchStart",
                                           MakeBoundCallback(
                                               +[](WwwBench* b, uint32_t, uint32_t n) {
                                                   b->batches.push_back(
                                                       Simulator::Now().GetSeconds());
                                                   b->gets.push_back(n);
                                               },
                                               this));
        client->TraceConnectWithoutContext("Request",
                                           MakeBoundCallback(
                                               +[](WwwBench* b, uint32_t, uint32_t) {
                                                   b->requests.push_back(
                                                       Simulator::Now().GetSeconds());
                                               },
                                               this));
        client->TraceConnectWithoutContext(
            "Response",
            MakeBoundCallback(
                +[](WwwBench* b, uint32_t r, uint32_t, Time) { b->order.push_back(r); },
                this));
        client->TraceConnectWithoutContext(
            "Rx",
            MakeBoundCallback(
                +[](WwwBench* b, Ptr<const Packet> p) { b->rxBytes += p->GetSize(); },
                this));
    }
};

/**
 * @ingroup atm-tests
 * @brief One client and its server over an idle ATM path (OC-3c, two 1 ms links): six
 *        batches, one every 10 s; every GET of a batch issued (1 ... 9 of them, 100 to 500 ms
 *        apart); every requested byte arrives, in order, and every transaction completes; the
 *        server scheduled exactly the bytes asked for.
 */
class AtmWwwIdlePathTestCase : public TestCase
{
  public:
    AtmWwwIdlePathTestCase()
        : TestCase("WWW client and server on an idle path: every byte, every transaction, a "
                   "batch every 10 s")
    {
    }

  private:
    void DoRun() override
    {
        RngRunGuard run(7);
        WwwBench b(MilliSeconds(1), 6);
        Simulator::Stop(Seconds(70));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(b.client->GetBatches(), 6U, "six batches");
        NS_TEST_ASSERT_MSG_EQ(b.batches.size(), 6U, "six traced");
        uint32_t total = 0;
        for (std::size_t i = 0; i < b.batches.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(b.batches[i], 0.010 + 10.0 * i, 1e-9, "batch " << i);
            NS_TEST_ASSERT_MSG_EQ((b.gets[i] >= 1 && b.gets[i] <= 9), true, "1 ... 9 GETs");
            total += b.gets[i];
        }
        NS_TEST_ASSERT_MSG_EQ(b.client->GetRequestsSent(), total, "every GET sent");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetRequestsWaiting(), 0U, "none waiting");
        NS_TEST_ASSERT_MSG_EQ(b.server->GetConnections(), 1U, "one persistent connection");
        NS_TEST_ASSERT_MSG_EQ(b.server->GetRequestsReceived(), total, "every request arrived");
        NS_TEST_ASSERT_MSG_EQ(b.server->GetResponsesSent(), total, "every response written");
        NS_TEST_ASSERT_MSG_EQ(b.server->GetBytesScheduled(),
                              b.client->GetBytesRequested(),
                              "the server scheduled the bytes asked for");
        NS_TEST_ASSERT_MSG_EQ(b.server->GetBytesSent(), b.server->GetBytesScheduled(), "sent");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetBytesReceived(),
                              b.client->GetBytesRequested(),
                              "every requested byte arrived");
        NS_TEST_ASSERT_MSG_EQ(b.rxBytes, b.client->GetBytesReceived(), "Rx traced them");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetUnexpectedBytes(), 0U, "no byte more");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetResponsesCompleted(), total, "every transaction");
        NS_TEST_ASSERT_MSG_EQ(b.order.size(), static_cast<std::size_t>(total), "traced");
        for (uint32_t i = 0; i < b.order.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(b.order[i], i, "responses in request order");
        }
        // Within a batch the GETs are 100 to 500 ms apart (the first one of the run waits for
        // the handshake).
        std::size_t r = 0;
        for (std::size_t i = 0; i < b.gets.size(); ++i)
        {
            for (uint32_t k = 1; k < b.gets[i]; ++k)
            {
                const double gap = b.requests[r + k] - b.requests[r + k - 1];
                NS_TEST_ASSERT_MSG_EQ((gap >= 0.1 - 1e-9 && gap <= 0.5 + 1e-9) ||
                                          (i == 0 && k == 1),
                                      true,
                                      "gap " << gap << " s in batch " << i);
            }
            r += b.gets[i];
        }
        NS_TEST_ASSERT_MSG_GT(b.client->GetMeanResponseTime(), Time(), "response times");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Pipelining: three GETs 1 ms apart over a path of 100 ms one way (RTT 200 ms) all go
 *        before the first response arrives, and the server answers them in order on the one
 *        connection; each response takes at least one RTT after its request.
 */
class AtmWwwPipelineTestCase : public TestCase
{
  public:
    AtmWwwPipelineTestCase()
        : TestCase("WWW pipelining: requests go before the responses arrive, answered in order")
    {
    }

  private:
    void DoRun() override
    {
        WwwBench b(MilliSeconds(50), 1);
        b.client->SetAttribute("GetsMin", UintegerValue(3));
        b.client->SetAttribute("GetsMax", UintegerValue(3));
        b.client->SetAttribute("Gap", StringValue("ns3::ConstantRandomVariable[Constant=0.001]"));
        b.client->SetAttribute("ClassProbabilities", StringValue("0 1"));
        std::vector<double> responses;
        std::vector<Time> durations;
        b.client->TraceConnectWithoutContext(
            "Response",
            MakeBoundCallback(
                +[](std::vector<double>* t, std::vector<Time>* d, uint32_t, uint32_t, Time x) {
                    t->push_back(Simulator::Now().GetSeconds());
                    d->push_back(x);
                },
                &responses,
                &durations));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(b.requests.size(), 3U, "three requests");
        NS_TEST_ASSERT_MSG_EQ(responses.size(), 3U, "three responses");
        NS_TEST_ASSERT_MSG_LT(b.requests.back(), responses.front(), "pipelined");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetBytesReceived(), b.client->GetBytesRequested(), "all");
        for (const Time& d : durations)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(d, MilliSeconds(200), "at least one RTT");
        }
        NS_TEST_ASSERT_MSG_EQ(b.order.size(), 3U, "three traced");
        NS_TEST_ASSERT_MSG_EQ((b.order[0] + 1 == b.order[1] && b.order[1] + 1 == b.order[2]),
                              true,
                              "in order");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Requests that straddle segments: 700-byte requests over 512-byte segments, nine of
 *        them issued at once, reach the server cut at arbitrary offsets (headers split too);
 *        the server still reads nine requests of the sizes asked for and answers each in order.
 */
class AtmWwwSplitRequestsTestCase : public TestCase
{
  public:
    AtmWwwSplitRequestsTestCase()
        : TestCase("WWW requests split across segments are read whole, answered in order")
    {
    }

  private:
    void DoRun() override
    {
        RngRunGuard run(2);
        WwwBench b(MilliSeconds(1), 1, 512);
        b.client->SetAttribute("RequestSize", UintegerValue(700));
        b.client->SetAttribute("GetsMin", UintegerValue(9));
        b.client->SetAttribute("GetsMax", UintegerValue(9));
        b.client->SetAttribute("Gap", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
        std::vector<uint32_t> asked;
        std::vector<uint32_t> scheduled;
        b.client->TraceConnectWithoutContext(
            "Request",
            MakeBoundCallback(
                +[](std::vector<uint32_t>* v, uint32_t, uint32_t n) { v->push_back(n); },
                &asked));
        b.server->TraceConnectWithoutContext(
            "Request",
            MakeBoundCallback(
                +[](std::vector<uint32_t>* v, uint32_t, uint32_t n) { v->push_back(n); },
                &scheduled));
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(asked.size(), 9U, "nine requests");
        NS_TEST_ASSERT_MSG_EQ(scheduled.size(), 9U, "nine read by the server");
        for (std::size_t i = 0; i < asked.size() && i < scheduled.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(scheduled[i], asked[i], "request " << i << "'s file size");
        }
        NS_TEST_ASSERT_MSG_EQ(b.client->GetBytesReceived(), b.client->GetBytesRequested(), "all");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetResponsesCompleted(), 9U, "nine transactions");
        NS_TEST_ASSERT_MSG_EQ(b.client->GetUnexpectedBytes(), 0U, "no byte more");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The WWW applications' test suite.
 */
class AtmWwwTestSuite : public TestSuite
{
  public:
    AtmWwwTestSuite()
        : TestSuite("atm-www", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmWwwLawTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmWwwIdlePathTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmWwwPipelineTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmWwwSplitRequestsTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's instance.
AtmWwwTestSuite g_atmWwwTestSuite;

} // namespace
