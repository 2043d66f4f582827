/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest: AtmCommandLine parses options strictly (no wrap-around of negative numbers, no
 * silent truncation of "1.5", no abort on a bad time unit) and ends a program with a usage error
 * (exit code 1) that names the option, the value and the valid range; the examples' shared
 * --traceDir and --traceInterval (AtmFlowTracerCommandLine).
 */

#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/command-line.h"
#include "ns3/nstime.h"
#include "ns3/tcp-era-command-line.h"

#include <cstdio>
#include <functional>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @brief Parse a command line (program name first) with ns3::CommandLine.
 * @param cmd the command line
 * @param args the arguments after the program name
 */
void
ParseArgs(CommandLine& cmd, const std::vector<std::string>& args)
{
    std::vector<std::string> all{"atm-test-program"};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all)
    {
        argv.push_back(a.data());
    }
    cmd.Parse(static_cast<int>(argv.size()), argv.data());
}

/**
 * @brief Register options on a fresh AtmCommandLine and parse arguments with it (the body of
 *        a death test).
 * @param args the arguments after the program name
 * @param add registers the options
 * @param after runs after the parse (cross-option checks), if given
 */
void
ParseWith(const std::vector<std::string>& args,
          const std::function<void(AtmCommandLine&)>& add,
          const std::function<void(AtmCommandLine&)>& after = {})
{
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    add(options);
    ParseArgs(cmd, args);
    if (after)
    {
        after(options);
    }
}

TEST(AtmCommandLineTest, UnsignedIntegersAreDigitsOnly)
{
    uint64_t v = 0;
    EXPECT_TRUE(AtmCommandLine::ParseUnsigned("0", &v));
    EXPECT_EQ(v, 0U);
    EXPECT_TRUE(AtmCommandLine::ParseUnsigned("18446744073709551615", &v));
    EXPECT_EQ(v, UINT64_MAX);
    for (const char* bad :
         {"", "-3", "+3", "1.5", "1e9", " 7", "7 ", "0x10", "18446744073709551616"})
    {
        EXPECT_FALSE(AtmCommandLine::ParseUnsigned(bad, &v)) << bad;
    }
}

TEST(AtmCommandLineTest, SignedIntegersStayInInt64)
{
    int64_t v = 0;
    EXPECT_TRUE(AtmCommandLine::ParseSigned("-9223372036854775808", &v));
    EXPECT_EQ(v, INT64_MIN);
    EXPECT_TRUE(AtmCommandLine::ParseSigned("-1", &v));
    EXPECT_EQ(v, -1);
    EXPECT_FALSE(AtmCommandLine::ParseSigned("9223372036854775808", &v));
    EXPECT_FALSE(AtmCommandLine::ParseSigned("--1", &v));
    EXPECT_FALSE(AtmCommandLine::ParseSigned("-", &v));
}

TEST(AtmCommandLineTest, RealsAreFiniteAndWhole)
{
    double v = 0;
    EXPECT_TRUE(AtmCommandLine::ParseReal("0.8", &v));
    EXPECT_DOUBLE_EQ(v, 0.8);
    EXPECT_TRUE(AtmCommandLine::ParseReal("-1e-3", &v));
    EXPECT_DOUBLE_EQ(v, -1e-3);
    for (const char* bad : {"", "nan", "inf", "-inf", "1e999", "0.8x", "0x1p3", " 1"})
    {
        EXPECT_FALSE(AtmCommandLine::ParseReal(bad, &v)) << bad;
    }
}

TEST(AtmCommandLineTest, TimesTakeNs3UnitsWithoutAborting)
{
    Time t;
    EXPECT_TRUE(AtmCommandLine::ParseTime("2.75us", &t));
    EXPECT_EQ(t, NanoSeconds(2750));
    EXPECT_TRUE(AtmCommandLine::ParseTime("10", &t));
    EXPECT_EQ(t, Seconds(10));
    EXPECT_TRUE(AtmCommandLine::ParseTime("-1ms", &t));
    EXPECT_EQ(t, MilliSeconds(-1));
    EXPECT_TRUE(AtmCommandLine::ParseTime("2min", &t));
    EXPECT_EQ(t, Seconds(120));
    // ns3::Time("10parsecs") aborts; "0x10ms" would be read as 0 with unit "x10ms".
    for (const char* bad : {"", "10parsecs", "ms", "0x10ms", "1e300s", "nans", "1 s"})
    {
        EXPECT_FALSE(AtmCommandLine::ParseTime(bad, &t)) << bad;
    }
}

TEST(AtmCommandLineTest, GoodValuesAreStoredAndMarkedSet)
{
    uint32_t n = 5;
    double x = 0.5;
    Time d = Seconds(1);
    std::string choice = "a";
    bool flag = false;
    bool bare = false;
    uint32_t untouched = 7;
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    options.AddValue("n", "count", n, 1, 10);
    options.AddValue("x", "fraction", x, 0.0, 1.0);
    options.AddValue("d", "delay", d, Time(0), Seconds(10));
    options.AddChoice("c", "choice", choice, {"a", "b"});
    options.AddValue("flag", "flag", flag);
    options.AddValue("bare", "a flag given without a value", bare);
    options.AddValue("untouched", "not given", untouched, 0, 10);
    ParseArgs(cmd, {"--n=10", "--x=1", "--d=250ms", "--c=b", "--flag=1", "--bare"});
    EXPECT_EQ(n, 10U);
    EXPECT_DOUBLE_EQ(x, 1.0);
    EXPECT_EQ(d, MilliSeconds(250));
    EXPECT_EQ(choice, "b");
    EXPECT_TRUE(flag);
    EXPECT_TRUE(bare);
    EXPECT_EQ(untouched, 7U);
    EXPECT_TRUE(options.IsSet("n"));
    EXPECT_FALSE(options.IsSet("untouched"));
    EXPECT_EQ(options.GetText("d"), "250ms");
    EXPECT_EQ(options.GetText("untouched"), "7");
}

// SEM (the ns-3 Simulation Execution Manager) passes every option back in Python's spelling of
// the default it read from --PrintHelp: "1000.0" for an integer, "True", "None" for no default.
TEST(AtmCommandLineTest, CampaignToolSpellingsAreTaken)
{
    uint32_t n = 5;
    uint64_t bytes = 0;
    int32_t offset = 0;
    bool flag = false;
    bool other = true;
    std::string choice = "0.5";
    ParseWith({"--n=10.0",
               "--bytes=1000000.000",
               "--offset=-3.0",
               "--flag=True",
               "--other=FALSE",
               "--choice=1.0"},
              [&](AtmCommandLine& o) {
                  o.AddValue("n", "count", n, 1, 10);
                  o.AddValue("bytes", "bytes", bytes, 0, UINT64_C(1000000000));
                  o.AddValue("offset", "offset", offset, -10, 10);
                  o.AddValue("flag", "flag", flag);
                  o.AddValue("other", "other", other);
                  o.AddChoice("choice", "a numeric choice", choice, {"0.5", "1", "2"});
              });
    EXPECT_EQ(n, 10U);
    EXPECT_EQ(bytes, UINT64_C(1000000));
    EXPECT_EQ(offset, -3);
    EXPECT_TRUE(flag);
    EXPECT_FALSE(other);
    EXPECT_EQ(choice, "1") << "the choice as listed, not as typed";
}

TEST(AtmCommandLineDeathTest, AFractionIsStillNotAnInteger)
{
    uint32_t n = 5;
    EXPECT_EXIT(ParseWith({"--n=2.5"}, [&](AtmCommandLine& o) { o.AddValue("n", "c", n, 1, 10); }),
                ::testing::ExitedWithCode(1),
                "invalid --n=2.5: expected an integer in \\[1, 10\\]");
    EXPECT_EXIT(ParseWith({"--n=3."}, [&](AtmCommandLine& o) { o.AddValue("n", "c", n, 1, 10); }),
                ::testing::ExitedWithCode(1),
                "invalid --n=3.: expected an integer");
}

TEST(AtmCommandLineTest, TheDefaultSpelledAgainIsNotGiven)
{
    uint32_t n = 1000;
    double x = 0.8;
    Time preset;
    Time d = MilliSeconds(10);
    bool flag = true;
    std::string dir;
    std::string policy;
    std::string choice = "2";
    uint32_t given = 3;
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    options.AddValue("n", "count", n, 1, 4000);
    options.AddValue("x", "fraction", x, 0.0, 1.0);
    options.AddValue("preset", "delay", preset, Time(0), Seconds(10), "the preset's");
    options.AddValue("d", "delay", d, Time(0), Seconds(10));
    options.AddValue("flag", "flag", flag);
    options.AddValue("dir", "a directory", dir, [](const std::string&, std::string*) {
        return true;
    });
    options.AddValue(
        "policy",
        "policy",
        policy,
        [](const std::string& t, std::string* e) {
            *e = "tail or epd";
            return t == "tail" || t == "epd";
        },
        "the topology's");
    options.AddChoice("choice", "choice", choice, {"0.5", "1", "2"});
    options.AddValue("given", "given", given, 0, 10);
    ParseArgs(cmd,
              {"--n=1000.0",
               "--x=0.8",
               "--preset=the preset's",
               "--d=10ms",
               "--flag=True",
               "--dir=None",
               "--policy=the topology's",
               "--choice=2.0",
               "--given=4.0"});
    for (const char* name : {"n", "x", "preset", "d", "flag", "dir", "policy", "choice"})
    {
        EXPECT_FALSE(options.IsSet(name)) << "--" << name << " spelled its default";
    }
    EXPECT_EQ(n, 1000U);
    EXPECT_DOUBLE_EQ(x, 0.8);
    EXPECT_EQ(preset, Time(0)) << "a descriptive default leaves the variable alone";
    EXPECT_EQ(d, MilliSeconds(10));
    EXPECT_TRUE(flag);
    EXPECT_EQ(dir, "") << "None is no directory";
    EXPECT_EQ(policy, "");
    EXPECT_EQ(choice, "2");
    EXPECT_TRUE(options.IsSet("given"));
    EXPECT_EQ(given, 4U);
    EXPECT_EQ(options.GetText("given"), "4.0") << "messages show the text as typed";
    EXPECT_EQ(options.GetText("preset"), "the preset's");
}

TEST(AtmCommandLineTest, TheDefaultAfterAnotherValueRestoresIt)
{
    uint32_t n = 5;
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    options.AddValue("n", "count", n, 1, 10);
    ParseArgs(cmd, {"--n=7", "--n=5.0"});
    EXPECT_EQ(n, 5U) << "the last occurrence wins, as in ns3::CommandLine";
    EXPECT_FALSE(options.IsSet("n"));
}

TEST(AtmCommandLineTest, ListsAreParsedWholeAndReplaceTheDefault)
{
    std::vector<double> weights{1.0};
    std::vector<uint32_t> cells{1, 2};
    ParseWith({"--weights=20000,40000.5,0", "--cells=32"}, [&](AtmCommandLine& o) {
        o.AddList("weights", "w", weights, 0.0, 1e9);
        o.AddList("cells", "c", cells, 1, 65535);
    });
    EXPECT_EQ(weights, (std::vector<double>{20000, 40000.5, 0}));
    EXPECT_EQ(cells, (std::vector<uint32_t>{32}));
}

TEST(AtmCommandLineDeathTest, ListWithABadElementNamesTheWholeList)
{
    for (const char* bad :
         {"--weights=1,,2", "--weights=", "--weights=1,x", "--weights=1,-2", "--weights=1,2,"})
    {
        std::vector<double> w;
        EXPECT_EXIT(
            ParseWith({bad}, [&w](AtmCommandLine& o) { o.AddList("weights", "w", w, 0.0, 1e9); }),
            testing::ExitedWithCode(1),
            "expected a comma-separated list of numbers in \\[0, 1e\\+09\\]")
            << bad;
    }
    std::vector<uint32_t> c;
    EXPECT_EXIT(ParseWith({"--cells=1,1.5"},
                          [&c](AtmCommandLine& o) { o.AddList("cells", "c", c, 1, 65535); }),
                testing::ExitedWithCode(1),
                "invalid --cells=1,1.5: expected a comma-separated list of integers in \\[1, "
                "65535\\]");
}

TEST(AtmCommandLineTest, AttributeListsAreCheckedAgainstTheTypeId)
{
    const TypeId tid = TypeId::LookupByName("ns3::EpdBufferPolicy");
    std::vector<std::pair<std::string, std::string>> settings;
    std::string expected;
    EXPECT_TRUE(AtmCommandLine::ParseAttributeList(tid, "", &settings, &expected));
    EXPECT_TRUE(settings.empty());
    ASSERT_TRUE(AtmCommandLine::ParseAttributeList(tid,
                                                   "ThresholdCells=700,KeepEomOnReject=true",
                                                   &settings,
                                                   &expected));
    EXPECT_EQ(settings,
              (std::vector<std::pair<std::string, std::string>>{{"ThresholdCells", "700"},
                                                                {"KeepEomOnReject", "true"}}));
    EXPECT_FALSE(AtmCommandLine::ParseAttributeList(tid, "Nope=1", &settings, &expected));
    EXPECT_NE(expected.find("each Name an attribute of ns3::EpdBufferPolicy"), std::string::npos);
    EXPECT_NE(expected.find("ThresholdCells"), std::string::npos) << "lists the valid names";
    EXPECT_FALSE(AtmCommandLine::ParseAttributeList(tid, "ThresholdCells", &settings, &expected));
    EXPECT_FALSE(
        AtmCommandLine::ParseAttributeList(tid, "ThresholdCells=-5", &settings, &expected));
    EXPECT_NE(expected.find("a value of ThresholdCells"), std::string::npos);
    // A string attribute takes any text, spaces included (ns-3.37's StringValue aborts when it
    // deserializes one): R/U's list attributes.
    const TypeId ru = TypeId::LookupByName("ns3::FlexibleRuCellScheduler");
    ASSERT_TRUE(AtmCommandLine::ParseAttributeList(ru,
                                                   "QueueGroups=7 7 7 2,GroupWeights=0.5 1 3",
                                                   &settings,
                                                   &expected))
        << expected;
    EXPECT_EQ(settings,
              (std::vector<std::pair<std::string, std::string>>{{"QueueGroups", "7 7 7 2"},
                                                                {"GroupWeights", "0.5 1 3"}}));
}

TEST(AtmCommandLineDeathTest, NegativeUnsignedIsAUsageErrorNotAWrapAround)
{
    uint32_t n = 5;
    EXPECT_EXIT(
        ParseWith({"--nSources=-3"},
                  [&n](AtmCommandLine& o) { o.AddValue("nSources", "sources", n, 1, 32000); }),
        testing::ExitedWithCode(1),
        "atm-test-program: invalid --nSources=-3: expected an integer in \\[1, 32000\\]");
}

TEST(AtmCommandLineDeathTest, RealOutsideItsRange)
{
    double x = 0.8;
    EXPECT_EXIT(ParseWith({"--threshold=1.5"},
                          [&x](AtmCommandLine& o) { o.AddValue("threshold", "R/K", x, 0.0, 1.0); }),
                testing::ExitedWithCode(1),
                "invalid --threshold=1.5: expected a number in \\[0, 1\\]");
}

TEST(AtmCommandLineDeathTest, TimeWithAnUnknownUnit)
{
    Time d;
    EXPECT_EXIT(ParseWith({"--delay=3fortnights"},
                          [&d](AtmCommandLine& o) {
                              o.AddValue("delay", "delay", d, Time(0), Seconds(100));
                          }),
                testing::ExitedWithCode(1),
                "invalid --delay=3fortnights: expected a time in \\[0s, 100s\\]");
}

TEST(AtmCommandLineDeathTest, UnknownChoiceListsTheValidOnes)
{
    std::string tcp = "sack";
    EXPECT_EXIT(ParseWith({"--tcp=cubic"},
                          [&tcp](AtmCommandLine& o) {
                              o.AddChoice("tcp", "variant", tcp, {"reno", "sack"});
                          }),
                testing::ExitedWithCode(1),
                "invalid --tcp=cubic: expected one of reno, sack");
}

TEST(AtmCommandLineDeathTest, ZeroCellRate)
{
    AtmCellRate rate;
    EXPECT_EXIT(
        ParseWith({"--pcr=0"},
                  [&rate](AtmCommandLine& o) { o.AddValue("pcr", "peak cell rate", rate); }),
        testing::ExitedWithCode(1),
        "invalid --pcr=0: expected a cell rate: .*a rate must be positive");
}

TEST(AtmCommandLineDeathTest, RequireReportsTheTextAsTyped)
{
    Time warmup;
    Time duration = Seconds(10);
    EXPECT_EXIT(ParseWith(
                    {"--warmup=20000ms"},
                    [&](AtmCommandLine& o) {
                        o.AddValue("warmup", "warm-up", warmup, Time(0), Seconds(100));
                        o.AddValue("duration", "duration", duration, NanoSeconds(1), Seconds(100));
                    },
                    [&](AtmCommandLine& o) {
                        o.Require(warmup < duration, "warmup", "expected a time below --duration");
                    }),
                testing::ExitedWithCode(1),
                "invalid --warmup=20000ms: expected a time below --duration");
}

TEST(AtmCommandLineDeathTest, SegmentLargerThanTheMtuNamesMss)
{
    TcpEraCommandLine tcp;
    EXPECT_EXIT(ParseWith(
                    {"--mss=9000"},
                    [&tcp](AtmCommandLine& o) { tcp.AddOptions(o); },
                    [&tcp](AtmCommandLine& o) { tcp.GetPresets(o, 1500, 65535); }),
                testing::ExitedWithCode(1),
                "invalid --mss=9000: .*a segment of 9000 bytes \\+ 40 \\+ 0 option bytes exceeds "
                "--mtu=1500");
}

TEST(AtmCommandLineDeathTest, WindowBelowOneSegmentNamesWindow)
{
    TcpEraCommandLine tcp;
    uint32_t window = 65535;
    EXPECT_EXIT(ParseWith(
                    {"--mss=1000", "--window=512"},
                    [&](AtmCommandLine& o) {
                        tcp.AddOptions(o);
                        o.AddValue("window", "window", window, 1, 1073725440);
                    },
                    [&](AtmCommandLine& o) { tcp.GetPresets(o, 1500, window); }),
                testing::ExitedWithCode(1),
                "invalid --window=512: the window must hold at least one 1000-byte segment");
}

} // namespace

TEST(AtmFlowTracerCommandLineTest, NoTraceDirNoTracer)
{
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    AtmFlowTracerCommandLine traces;
    traces.AddOptions(options);
    ParseArgs(cmd, {});
    traces.CheckOptions(options);
    EXPECT_FALSE(traces.IsEnabled());
    EXPECT_EQ(traces.GetInterval(), MilliSeconds(1));
    EXPECT_EQ(traces.Open(Seconds(1)), nullptr);
}

TEST(AtmFlowTracerCommandLineTest, TraceDirOpensATracerWithTheInterval)
{
    char dir[] = "/tmp/atm-gtest-traces-XXXXXX";
    ASSERT_NE(::mkdtemp(dir), nullptr);
    const std::string traceDir = std::string(dir) + "/run";
    CommandLine cmd("atm-test-program");
    AtmCommandLine options(cmd);
    AtmFlowTracerCommandLine traces;
    traces.AddOptions(options);
    ParseArgs(cmd, {"--traceDir=" + traceDir, "--traceInterval=5ms"});
    traces.CheckOptions(options);
    EXPECT_TRUE(traces.IsEnabled());
    EXPECT_EQ(traces.GetDirectory(), traceDir);
    Ptr<AtmFlowTracer> tracer = traces.Open(Seconds(2));
    ASSERT_NE(tracer, nullptr);
    EXPECT_TRUE(tracer->IsOpen());
    EXPECT_EQ(tracer->GetDirectory(), traceDir);
    EXPECT_EQ(tracer->GetSampleInterval(), MilliSeconds(5));
    tracer->Close();
    std::remove((traceDir + "/tcp.csv").c_str());
    std::remove((traceDir + "/ports.csv").c_str());
    ::rmdir(traceDir.c_str());
    ::rmdir(dir);
}

TEST(AtmFlowTracerCommandLineDeathTest, TraceDirUnderAFile)
{
    AtmFlowTracerCommandLine traces;
    EXPECT_EXIT(ParseWith({"--traceDir=/dev/null/traces"},
                          [&traces](AtmCommandLine& o) { traces.AddOptions(o); }),
                testing::ExitedWithCode(1),
                "atm-test-program: invalid --traceDir=/dev/null/traces: expected a directory "
                "that can be created and written \\(/dev/null is not a directory\\)");
}

TEST(AtmFlowTracerCommandLineDeathTest, TraceIntervalWithoutTraceDir)
{
    AtmFlowTracerCommandLine traces;
    EXPECT_EXIT(ParseWith(
                    {"--traceInterval=2ms"},
                    [&traces](AtmCommandLine& o) { traces.AddOptions(o); },
                    [&traces](AtmCommandLine& o) { traces.CheckOptions(o); }),
                testing::ExitedWithCode(1),
                "invalid --traceInterval=2ms: give --traceDir as well \\(no traces without it\\)");
}

TEST(AtmFlowTracerCommandLineDeathTest, TraceIntervalBelowOneMicrosecond)
{
    AtmFlowTracerCommandLine traces;
    EXPECT_EXIT(ParseWith({"--traceDir=/tmp", "--traceInterval=0s"},
                          [&traces](AtmCommandLine& o) { traces.AddOptions(o); }),
                testing::ExitedWithCode(1),
                "invalid --traceInterval=0s: expected a time in \\[1us, 100s\\]");
}
