/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of AtmTrafficContract: the rules of each category (ATM Forum
 * TM 4.0/4.1), their messages, the string form and its round trip, and the abort on invalid input.
 */

#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/string.h"

#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <utility>

using namespace ns3;

namespace
{

/// @param text a contract @return the reason TryParse gives (empty if valid)
std::string
ParseError(const std::string& text)
{
    std::string error;
    AtmTrafficContract::TryParse(text, nullptr, &error);
    return error;
}

TEST(AtmTrafficContract, DefaultIsUbr1AtLineRate)
{
    AtmTrafficContract c;
    EXPECT_EQ(c.GetCategory(), AtmServiceCategory::UBR);
    EXPECT_EQ(c.GetConformance(), AtmConformance::UBR_1);
    EXPECT_FALSE(c.HasPcr());
    EXPECT_FALSE(c.IsPoliced());
    EXPECT_TRUE(c.IsValid());
}

TEST(AtmTrafficContract, FactoriesSetEveryParameter)
{
    const auto cbr = AtmTrafficContract::Cbr(AtmCellRate(36000), MicroSeconds(101));
    EXPECT_EQ(cbr.GetConformance(), AtmConformance::CBR_1);
    EXPECT_EQ(cbr.GetPcr(), AtmCellRate(36000));
    EXPECT_EQ(cbr.GetCdvt(), MicroSeconds(101));
    EXPECT_TRUE(cbr.IsPoliced());

    const auto vbr = AtmTrafficContract::Vbr(AtmConformance::VBR_3,
                                             AtmCellRate(15625),
                                             MicroSeconds(700),
                                             AtmCellRate(5208),
                                             30,
                                             true);
    EXPECT_EQ(vbr.GetCategory(), AtmServiceCategory::RT_VBR);
    EXPECT_EQ(vbr.GetScr(), AtmCellRate(5208));
    EXPECT_EQ(vbr.GetMbs(), 30u);
    EXPECT_TRUE(vbr.IsTaggingAllowed());

    const auto gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                             AtmCellRate::Parse("155Mbps"),
                                             AtmCellRate(20000),
                                             400,
                                             200);
    EXPECT_EQ(gfr.GetMcr(), AtmCellRate(20000));
    EXPECT_EQ(gfr.GetMfs(), 200u);
    EXPECT_TRUE(gfr.IsTaggingAllowed());

    AtmAbrParameters abrp;
    abrp.rif = 1.0;
    const auto abr = AtmTrafficContract::Abr(AtmCellRate(80000), AtmCellRate(1000), abrp);
    EXPECT_EQ(abr.GetAbrParameters().rif, 1.0);
    EXPECT_EQ(abr.GetAbrParameters().nrm, 32u);
}

TEST(AtmTrafficContract, RefusesEachBrokenRuleNamingTheValueAndTheRule)
{
    EXPECT_NE(ParseError("VBR.1 PcrCellsPerSec=1000 ScrCellsPerSec=2000 MbsCells=10")
                  .find("SCR=2000 cells/s exceeds PCR=1000 cells/s (rule SCR <= PCR)"),
              std::string::npos);
    EXPECT_NE(ParseError("VBR.2 PcrCellsPerSec=1000 ScrCellsPerSec=500 MbsCells=0")
                  .find("MBS=0 cells (rule MBS >= 1)"),
              std::string::npos);
    EXPECT_NE(ParseError("GFR.2 PcrCellsPerSec=1000 McrCellsPerSec=2000 MbsCells=10 MfsCells=5")
                  .find("MCR=2000 cells/s exceeds PCR=1000 cells/s (rule MCR <= PCR)"),
              std::string::npos);
    EXPECT_NE(ParseError("GFR.1 McrCellsPerSec=2000 MbsCells=10 MfsCells=20")
                  .find("MFS=20 cells exceeds MBS=10 cells (rule MFS <= MBS)"),
              std::string::npos);
    EXPECT_NE(ParseError("CBR.1").find("a CBR contract needs a positive PCR"), std::string::npos);
    EXPECT_NE(ParseError("VBR.1 PcrCellsPerSec=1000 MbsCells=3")
                  .find("a VBR contract needs a positive SCR"),
              std::string::npos);
    EXPECT_NE(
        ParseError("CBR.1 PcrCellsPerSec=1000 ScrCellsPerSec=10").find("SCR is a VBR parameter"),
        std::string::npos);
    EXPECT_NE(ParseError("CBR.1 PcrCellsPerSec=1000 Cdvt=-1us").find("CDVT is negative"),
              std::string::npos);
    // ABR parameters on another category were accepted but not printed, so the printout read
    // back a different contract (found by fuzz/atm-fuzz-traffic-contract).
    EXPECT_NE(ParseError("UBR.2 IcrCellsPerSec=4Mbps").find("are ABR parameters"),
              std::string::npos);
    EXPECT_NE(ParseError("CBR.1 PcrCellsPerSec=1000 Rif=0.5").find("are ABR parameters"),
              std::string::npos);
    EXPECT_EQ(ParseError("ABR PcrCellsPerSec=1000 IcrCellsPerSec=500 Rif=0.5"), "");
    // Times that ns-3's own conversion aborts on (unknown unit), reads as 0 s (a malformed
    // number) or overflows on, and times beyond 2^53 ns (104 days, where ns-3's conversion
    // through a double loses whole nanoseconds), are refused, not fatal (found by
    // fuzz/atm-fuzz-traffic-contract).
    for (const char* cdvt :
         {"5xs", "1@0ms", "e", "1e", "-", "1e300s", "1e20fs", "200d", "inf", "nan"})
    {
        EXPECT_NE(ParseError(std::string("CBR.1 PcrCellsPerSec=1000 Cdvt=") + cdvt)
                      .find("invalid value for Cdvt"),
                  std::string::npos)
            << cdvt;
    }
    for (const auto& [text, time] : {std::pair<const char*, Time>{"7", Seconds(7)},
                                     {"1.5ms", MicroSeconds(1500)},
                                     {"1e3us", MilliSeconds(1)},
                                     {"2min", Seconds(120)},
                                     {"+3ns", NanoSeconds(3)}})
    {
        AtmTrafficContract c;
        ASSERT_TRUE(
            AtmTrafficContract::TryParse(std::string("CBR.1 PcrCellsPerSec=1000 Cdvt=") + text,
                                         &c,
                                         nullptr))
            << text;
        EXPECT_EQ(c.GetCdvt(), time) << text;
    }
    EXPECT_NE(ParseError("ABR PcrCellsPerSec=1000 McrCellsPerSec=10 Rif=2").find("RIF=2"),
              std::string::npos);
    EXPECT_NE(ParseError("ABR PcrCellsPerSec=1000 McrCellsPerSec=100 IcrCellsPerSec=50")
                  .find("rule MCR <= ICR <= PCR"),
              std::string::npos);
    EXPECT_NE(ParseError("XBR.9").find("unknown conformance definition \"XBR.9\""),
              std::string::npos);
    EXPECT_NE(ParseError("CBR.1 Pcr=1000").find("unknown key \"Pcr\""), std::string::npos);
    EXPECT_NE(ParseError("CBR.1 PcrCellsPerSec=fast").find("invalid value for PcrCellsPerSec"),
              std::string::npos);
    // Every message says what the accepted form is.
    EXPECT_NE(ParseError("").find("PcrCellsPerSec=36000"), std::string::npos);
}

TEST(AtmTrafficContract, ReadsRatesInEveryAtmCellRateForm)
{
    const auto c = AtmTrafficContract::Parse("CBR.1 PcrCellsPerSec=13.824Mbps@payload");
    EXPECT_EQ(c.GetPcr(), AtmCellRate(36000)); // TEN34: 36,000 cells/s = 13.824 Mb/s user level
    const auto d = AtmTrafficContract::Parse("CBR PcrCellsPerSec=10Mbps");
    EXPECT_EQ(d.GetPcr(), AtmCellRate(10000000, 424)); // BON: line convention
    const auto e = AtmTrafficContract::Parse("UBR.2 PcrCellsPerSec=OC3c Cdvt=2831ns");
    EXPECT_EQ(e.GetPcr(), AtmCellRate(18720000, 53));
    EXPECT_EQ(e.GetConformance(), AtmConformance::UBR_2);
    EXPECT_EQ(e.GetCdvt(), NanoSeconds(2831));
}

TEST(AtmTrafficContract, PrintsAFormThatParsesBackToTheSameContract)
{
    AtmAbrParameters abrp;
    abrp.rif = 1.0;
    abrp.nrm = 16;
    abrp.frtt = MilliSeconds(30);
    const AtmTrafficContract contracts[] = {
        AtmTrafficContract(),
        AtmTrafficContract::Ubr(AtmCellRate(4000000, 11), AtmConformance::UBR_2),
        AtmTrafficContract::Cbr(AtmCellRate(706415, 2), NanoSeconds(187500)),
        AtmTrafficContract::Vbr(AtmConformance::VBR_2,
                                AtmCellRate(15625),
                                MicroSeconds(700),
                                AtmCellRate(5208),
                                1920,
                                true,
                                NanoSeconds(1500)),
        AtmTrafficContract::Abr(AtmCellRate(80000), AtmCellRate(1000), abrp),
        AtmTrafficContract::Gfr(AtmConformance::GFR_1,
                                AtmCellRate(),
                                AtmCellRate(20000),
                                200,
                                200,
                                Time(0),
                                MicroSeconds(10)),
    };
    for (const auto& c : contracts)
    {
        std::ostringstream os;
        os << c;
        AtmTrafficContract back;
        std::string error;
        ASSERT_TRUE(AtmTrafficContract::TryParse(os.str(), &back, &error)) << os.str() << error;
        EXPECT_EQ(back, c) << os.str();
    }
    std::ostringstream vbr;
    vbr << contracts[3];
    EXPECT_EQ(vbr.str(),
              "rt-VBR.2 PcrCellsPerSec=15625 Cdvt=700000ns ScrCellsPerSec=5208 MbsCells=1920 "
              "CdvtScr=1500ns");
}

TEST(AtmTrafficContract, IsAnAttributeValue)
{
    AtmTrafficContractValue v;
    ASSERT_TRUE(v.DeserializeFromString("VBR.3 PcrCellsPerSec=15625 ScrCellsPerSec=5208 "
                                        "MbsCells=30",
                                        MakeAtmTrafficContractChecker()));
    EXPECT_EQ(v.Get().GetConformance(), AtmConformance::VBR_3);
    EXPECT_EQ(v.Get().GetMbs(), 30u);
    EXPECT_FALSE(v.DeserializeFromString("VBR.3 PcrCellsPerSec=10 ScrCellsPerSec=20 MbsCells=3",
                                         MakeAtmTrafficContractChecker()));
}

TEST(AtmTrafficContract, CheckAgainstLinkAcceptsTheLineRateExactly)
{
    const AtmCellRate oc3(18720000, 53);
    AtmTrafficContract::Cbr(oc3).CheckAgainstLink("test", oc3); // no abort: equal rates
    SUCCEED();
}

TEST(AtmTrafficContractDeathTest, AbortsNamingWhereAndTheRule)
{
    EXPECT_DEATH(AtmTrafficContract::Vbr(AtmConformance::VBR_1,
                                         AtmCellRate(1000),
                                         Time(0),
                                         AtmCellRate(2000),
                                         10),
                 "AtmTrafficContract::Vbr: invalid traffic contract: SCR=2000 cells/s exceeds "
                 "PCR=1000 cells/s");
    EXPECT_DEATH(
        AtmTrafficContract::Gfr(AtmConformance::GFR_2, AtmCellRate(1000), AtmCellRate(100), 5, 10),
        "MFS=10 cells exceeds MBS=5 cells");
    EXPECT_DEATH(AtmTrafficContract::Cbr(AtmCellRate(400000))
                     .CheckAgainstLink("PVC h0 -> h1", AtmCellRate(18720000, 53)),
                 "PVC h0 -> h1: contract CBR.1 PcrCellsPerSec=400000 has a PCR above the "
                 "link's cell rate 18720000/53 cells/s");
    EXPECT_DEATH(AtmTrafficContract::Ubr(AtmCellRate(), AtmConformance::VBR_1),
                 "conformance definition VBR.1 does not belong to category UBR");
    EXPECT_DEATH(AtmTrafficContract::Parse("VBR.1 PcrCellsPerSec=1"), "needs a positive SCR");
}

} // namespace
