/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of TcpEraCommandLine: the options it registers, their defaults, and the preset the parsed
 * options give, compared setting by setting with the same preset built by hand.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/command-line.h"
#include "ns3/tcp-era-command-line.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"

#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @param presets a preset
 * @return every setting as "Type::Attribute=value", one per line
 */
std::string
Settings(const TcpEraPresets& presets)
{
    std::ostringstream os;
    for (const TcpEraPresets::Setting& s : presets.GetSettings())
    {
        os << s.type << "::" << s.attribute << "=" << s.value << "\n";
    }
    return os.str();
}

/**
 * @brief Register the options on a fresh command line and parse @p args.
 * @param options the TcpEraCommandLine (configured defaults)
 * @param which the options to register
 * @param args the arguments after the program name
 * @param help receives the --PrintHelp text (may be null)
 */
void
Parse(TcpEraCommandLine& options,
      uint32_t which,
      const std::vector<std::string>& args,
      std::string* help = nullptr)
{
    CommandLine cmd;
    options.AddOptions(cmd, which);
    std::vector<std::string> argv = {"program"};
    argv.insert(argv.end(), args.begin(), args.end());
    cmd.Parse(argv);
    if (help)
    {
        std::ostringstream os;
        cmd.PrintHelp(os);
        *help = os.str();
    }
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Without arguments the preset is ForSource("bsd") with the segment size derived from the
 *        MTU; every override option is registered, with its documented default.
 */
class TcpEraCommandLineDefaultsTestCase : public TestCase
{
  public:
    TcpEraCommandLineDefaultsTestCase()
        : TestCase("TcpEraCommandLine without arguments: ForSource(bsd) with MSS from the MTU; "
                   "the nine options are registered with their defaults")
    {
    }

  private:
    void DoRun() override
    {
        TcpEraCommandLine options;
        std::string help;
        Parse(options, TcpEraCommandLine::ALL, {}, &help);
        TcpEraPresets expected = TcpEraPresets::ForSource("bsd");
        expected.SetSegmentSize(0);
        NS_TEST_ASSERT_MSG_EQ(Settings(options.GetPresets()),
                              Settings(expected),
                              "the bsd preset unchanged");
        NS_TEST_ASSERT_MSG_EQ(options.GetSource(), std::string("bsd"), "default --source");
        NS_TEST_ASSERT_MSG_EQ(options.GetDelayedAck(), -1, "default --delayedAck: the preset's");
        for (const char* name : {"--source:",
                                 "--tcp:",
                                 "--mss:",
                                 "--timerTick:",
                                 "--minRtoTicks:",
                                 "--delayedAck:",
                                 "--delAckTimeout:",
                                 "--timestamps:",
                                 "--dupAckThreshold:"})
        {
            NS_TEST_ASSERT_MSG_NE(help.find(name), std::string::npos, name << " registered");
        }
        NS_TEST_ASSERT_MSG_NE(help.find("[bsd]"), std::string::npos, "--source default shown");
        NS_TEST_ASSERT_MSG_NE(help.find("[the preset's]"),
                              std::string::npos,
                              "options that keep the preset's value say so as their default");
    }
};

/**
 * @ingroup atm-tests
 * @brief Every option overrides exactly its TcpEraPresets setter.
 */
class TcpEraCommandLineOverridesTestCase : public TestCase
{
  public:
    TcpEraCommandLineOverridesTestCase()
        : TestCase("TcpEraCommandLine with every option given: the same settings as the preset "
                   "built by hand with the matching setters; --delayedAck=0 turns a preset's "
                   "delayed ACKs off, -1 keeps them")
    {
    }

  private:
    void DoRun() override
    {
        TcpEraCommandLine options;
        Parse(options,
              TcpEraCommandLine::ALL,
              {"--source=jain",
               "--tcp=sack",
               "--mss=1000",
               "--timerTick=200ms",
               "--minRtoTicks=3",
               "--delayedAck=1",
               "--delAckTimeout=50ms",
               "--timestamps=1",
               "--dupAckThreshold=2"});
        TcpEraPresets expected = TcpEraPresets::ForSource("jain");
        expected.SetVariant(TcpEraPresets::SACK);
        expected.SetSegmentSize(1000);
        expected.SetTimerTick(MilliSeconds(200));
        expected.SetMinRtoTicks(3);
        expected.SetDelayedAck(true, MilliSeconds(50));
        expected.SetTimestamps(true);
        expected.SetDupAckThreshold(2);
        NS_TEST_ASSERT_MSG_EQ(Settings(options.GetPresets()),
                              Settings(expected),
                              "every override applied");
        NS_TEST_ASSERT_MSG_EQ(options.GetSource(), std::string("jain"), "--source");
        NS_TEST_ASSERT_MSG_EQ(options.GetDelayedAck(), 1, "--delayedAck");

        // bon-internetwork has delayed ACKs on a 50 ms timer: no --delayedAck keeps them, 0 turns
        // them off.
        TcpEraCommandLine keep;
        Parse(keep, TcpEraCommandLine::ALL, {"--source=bon-internetwork"});
        TcpEraPresets internetwork = TcpEraPresets::ForSource("bon-internetwork");
        internetwork.SetSegmentSize(0);
        NS_TEST_ASSERT_MSG_EQ(Settings(keep.GetPresets()),
                              Settings(internetwork),
                              "without --delayedAck the preset's delayed ACKs stay");
        TcpEraCommandLine off;
        Parse(off, TcpEraCommandLine::ALL, {"--source=bon-internetwork", "--delayedAck=0"});
        internetwork.SetDelayedAck(false);
        NS_TEST_ASSERT_MSG_EQ(Settings(off.GetPresets()),
                              Settings(internetwork),
                              "--delayedAck=0 turns them off");
    }
};

/**
 * @ingroup atm-tests
 * @brief A subset of the options, with other defaults: only those are registered, the others
 *        keep their defaults.
 */
class TcpEraCommandLineSubsetTestCase : public TestCase
{
  public:
    TcpEraCommandLineSubsetTestCase()
        : TestCase("TcpEraCommandLine with SOURCE, VARIANT, TIMER_TICK and DELAYED_ACK and "
                   "Solaris defaults (200 ms tick, delayed ACKs on a 50 ms timer): only those "
                   "options are registered, and the defaults reach the preset")
    {
    }

  private:
    void DoRun() override
    {
        TcpEraCommandLine options;
        options.SetDefaultTimerTick(MilliSeconds(200));
        options.SetDefaultDelayedAck(1, MilliSeconds(50));
        std::string help;
        Parse(options,
              TcpEraCommandLine::SOURCE | TcpEraCommandLine::VARIANT |
                  TcpEraCommandLine::TIMER_TICK | TcpEraCommandLine::DELAYED_ACK,
              {"--tcp=newreno"},
              &help);
        for (const char* name :
             {"--source:", "--tcp:", "--timerTick:", "--delayedAck:", "--delAckTimeout:"})
        {
            NS_TEST_ASSERT_MSG_NE(help.find(name), std::string::npos, name << " registered");
        }
        for (const char* name : {"--mss:", "--minRtoTicks:", "--timestamps:", "--dupAckThreshold:"})
        {
            NS_TEST_ASSERT_MSG_EQ(help.find(name), std::string::npos, name << " not registered");
        }
        TcpEraPresets expected = TcpEraPresets::ForSource("bsd");
        expected.SetVariant(TcpEraPresets::NEWRENO);
        expected.SetSegmentSize(0);
        expected.SetTimerTick(MilliSeconds(200));
        expected.SetDelayedAck(true, MilliSeconds(50));
        NS_TEST_ASSERT_MSG_EQ(Settings(options.GetPresets()),
                              Settings(expected),
                              "the defaults and --tcp");
        NS_TEST_ASSERT_MSG_EQ(options.GetDelayedAck(), 1, "the default --delayedAck");
    }
};

/**
 * @ingroup atm-tests
 * @brief The TcpEraCommandLine suite.
 */
class TcpEraCommandLineTestSuite : public TestSuite
{
  public:
    TcpEraCommandLineTestSuite()
        : TestSuite("atm-tcp-era-command-line", ATM_SUITE_UNIT)
    {
        AddTestCase(new TcpEraCommandLineDefaultsTestCase, ATM_TEST_QUICK);
        AddTestCase(new TcpEraCommandLineOverridesTestCase, ATM_TEST_QUICK);
        AddTestCase(new TcpEraCommandLineSubsetTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static TcpEraCommandLineTestSuite g_tcpEraCommandLineTestSuite;
