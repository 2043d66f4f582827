/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Tests of connection admission control (this model's rule; no source gives one): AtmCac's sums,
 * ceilings and messages, the equivalent-capacity rule against a hand computation, and AtmPvcHelper
 * asking every link of a PVC (TryInstall refuses without setting anything up).
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cac.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-module.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{
/// A link of exactly 100,000 cells/s.
const AtmCellRate LINK(100000);

/**
 * @param cac a CAC
 * @param c a contract
 * @return the decision on LINK with a 1000-cell buffer
 */
AtmCacDecision
Ask(Ptr<AtmCac> cac, const AtmTrafficContract& c)
{
    return cac->Check(c, LINK, 1000);
}
} // namespace

/**
 * @ingroup atm-tests
 * @brief Class sums against their ceilings, at the boundary.
 */
class AtmCacCbrBoundaryTestCase : public TestCase
{
  public:
    AtmCacCbrBoundaryTestCase()
        : TestCase("AtmCac admits CBR PCRs up to exactly the link rate and refuses one cell per "
                   "second more, naming the sum, the ceiling and the fix")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmCac> cac = CreateObject<AtmCac>();
        const auto a = AtmTrafficContract::Cbr(AtmCellRate(60000));
        const auto b = AtmTrafficContract::Cbr(AtmCellRate(40000));
        NS_TEST_ASSERT_MSG_EQ(Ask(cac, a).admitted, true, "60,000 of 100,000");
        cac->Reserve(a);
        NS_TEST_ASSERT_MSG_EQ(Ask(cac, b).admitted, true, "exactly the link rate");
        cac->Reserve(b);
        const AtmCacDecision d = Ask(cac, AtmTrafficContract::Cbr(AtmCellRate(1)));
        NS_TEST_ASSERT_MSG_EQ(d.admitted, false, "one cell/s too many");
        NS_TEST_ASSERT_MSG_NE(d.reason.find("CBR PCRs would sum to 100001 cells/s > CbrCeiling 1 "
                                            "x 100000 cells/s"),
                              std::string::npos,
                              d.reason);
        NS_TEST_ASSERT_MSG_NE(d.reason.find("2 connections admitted before"),
                              std::string::npos,
                              d.reason);
        NS_TEST_ASSERT_MSG_NE(d.reason.find("raise the AtmCac ceilings"), std::string::npos, "fix");
        NS_TEST_ASSERT_MSG_EQ(Ask(cac, AtmTrafficContract()).admitted, true, "UBR always");
        NS_TEST_ASSERT_MSG_EQ(Ask(cac, AtmTrafficContract::Ubr(AtmCellRate(100000))).admitted,
                              true,
                              "UBR with a PCR too");
        NS_TEST_ASSERT_MSG_EQ(cac->GetReserved(AtmServiceCategory::CBR, LINK, 1000),
                              100000,
                              "reserved");
    }
};

/**
 * @ingroup atm-tests
 * @brief The total and the per-class ceilings.
 */
class AtmCacCeilingsTestCase : public TestCase
{
  public:
    AtmCacCeilingsTestCase()
        : TestCase("UtilizationCeiling bounds CBR PCRs, VBR SCRs and ABR and GFR MCRs together; "
                   "VbrCeiling bounds the VBR class alone")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmCac> cac = CreateObject<AtmCac>();
        cac->SetAttribute("UtilizationCeiling", DoubleValue(0.9));
        const auto cbr = AtmTrafficContract::Cbr(AtmCellRate(50000));
        const auto vbr = AtmTrafficContract::Vbr(AtmConformance::VBR_1,
                                                 AtmCellRate(100000),
                                                 Time(0),
                                                 AtmCellRate(40000),
                                                 100);
        cac->Reserve(cbr);
        NS_TEST_ASSERT_MSG_EQ(Ask(cac, vbr).admitted, true, "90,000 = 0.9 x C");
        cac->Reserve(vbr);
        const AtmCacDecision d = Ask(cac, AtmTrafficContract::Abr(AtmCellRate(), AtmCellRate(1)));
        NS_TEST_ASSERT_MSG_EQ(d.admitted, false, "an MCR of 1 cell/s too many");
        NS_TEST_ASSERT_MSG_NE(d.reason.find("reservations would sum to 90001 cells/s (CBR 50000, "
                                            "VBR 40000, ABR 1, GFR 0) > UtilizationCeiling 0.9"),
                              std::string::npos,
                              d.reason);
        Ptr<AtmCac> v = CreateObject<AtmCac>();
        v->SetAttribute("VbrCeiling", DoubleValue(0.3));
        const AtmCacDecision e = Ask(v, vbr);
        NS_TEST_ASSERT_MSG_EQ(e.admitted, false, "SCR 40,000 > 0.3 C");
        NS_TEST_ASSERT_MSG_NE(e.reason.find("(sum of SCRs) > VbrCeiling 0.3"),
                              std::string::npos,
                              e.reason);
        NS_TEST_ASSERT_MSG_EQ(Ask(v, cbr).admitted, true, "CBR is not in the VBR class");
    }
};

/**
 * @ingroup atm-tests
 * @brief Guerin et al.'s equivalent capacity.
 */
class AtmCacEquivalentCapacityTestCase : public TestCase
{
  public:
    AtmCacEquivalentCapacityTestCase()
        : TestCase("The equivalent capacity of an on-off source matches a hand computation, and "
                   "the VBR class counts min(Gaussian, sum) under VbrRule EQUIVALENT_CAPACITY")
    {
    }

  private:
    void DoRun() override
    {
        // R = 10,000, m = 2,000 cells/s, bursts of 100 cells, X = 500 cells, epsilon = 1e-6:
        // rho = 0.2, b = 0.01 s, y = ln(1e6) x 0.01 x 0.8 x 10000 = 1105.2408 cells,
        // c = R (y - X + sqrt((y - X)^2 + 4 X rho y)) / (2 y) = 6805.5694 cells/s.
        const double c = AtmCac::EquivalentCapacity(10000, 2000, 100, 500, 1e-6);
        NS_TEST_ASSERT_MSG_EQ_TOL(c, 6805.5694, 0.001, "equivalent capacity");
        NS_TEST_ASSERT_MSG_EQ(AtmCac::EquivalentCapacity(10000, 10000, 100, 500, 1e-6),
                              10000,
                              "a CBR-like source needs its peak");
        Ptr<AtmCac> cac = CreateObject<AtmCac>();
        cac->SetAttribute("VbrRule", EnumValue(AtmCac::EQUIVALENT_CAPACITY));
        cac->SetAttribute("BufferCells", UintegerValue(500));
        const auto vbr = AtmTrafficContract::Vbr(AtmConformance::VBR_1,
                                                 AtmCellRate(10000),
                                                 Time(0),
                                                 AtmCellRate(2000),
                                                 100);
        for (int i = 0; i < 3; ++i)
        {
            cac->Reserve(vbr);
        }
        // Three sources: sum of c = 20416.708; Gaussian 3 m + alpha sigma = 41186.23
        // (alpha = 5.0787, sigma^2 = 3 m (R - m)): the class counts 20416.708.
        NS_TEST_ASSERT_MSG_EQ_TOL(cac->GetReserved(AtmServiceCategory::NRT_VBR, LINK, 1000),
                                  20416.708,
                                  0.01,
                                  "VBR class");
    }
};

/**
 * @ingroup atm-tests
 * @brief PVC set-up asks every link.
 */
class AtmCacPvcHelperTestCase : public TestCase
{
  public:
    AtmCacPvcHelperTestCase()
        : TestCase("AtmPvcHelper admits CBR PVCs until the sink's access link is full; "
                   "TryInstall then refuses the next one, names the link and sets nothing up")
    {
    }

  private:
    void DoRun() override
    {
        // h0, h1, h2 -- s0 -- sink: the PVCs share s0's port to the sink (and its adapter).
        NodeContainer hosts;
        hosts.Create(4);
        NodeContainer sw;
        sw.Create(1);
        AtmHelper atm;
        atm.InstallSwitch(sw);
        NetDeviceContainer nics;
        for (uint32_t i = 0; i < 4; ++i)
        {
            nics.Add(atm.Install(hosts.Get(i), sw.Get(0)).Get(0));
        }
        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(nics);
        Ptr<AtmNetDevice> sink = DynamicCast<AtmNetDevice>(nics.Get(3));
        Ptr<AtmDevice> sinkPort = DynamicCast<AtmDevice>(sw.Get(0)->GetDevice(3));
        AtmPvcHelper pvcs;
        pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(18720000, 106))); // half OC-3c
        std::string why;
        NS_TEST_ASSERT_MSG_EQ(pvcs.TryInstall(nics.Get(0), sink, nullptr, &why), true, why);
        NS_TEST_ASSERT_MSG_EQ(pvcs.TryInstall(nics.Get(1), sink, nullptr, &why), true, why);
        const uint32_t sinkVcs = sink->GetNVcs();
        const uint32_t portVcs = sinkPort->GetOutputPort()->GetNVcs();
        pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(1)));
        NS_TEST_ASSERT_MSG_EQ(pvcs.TryInstall(nics.Get(2), sink, nullptr, &why), false, "full");
        NS_TEST_ASSERT_MSG_NE(why.find("refused by the admission control of"),
                              std::string::npos,
                              why);
        NS_TEST_ASSERT_MSG_NE(why.find("CBR PCRs would sum to"), std::string::npos, why);
        NS_TEST_ASSERT_MSG_EQ(sink->GetNVcs(), sinkVcs, "no VC added at the sink");
        NS_TEST_ASSERT_MSG_EQ(sinkPort->GetOutputPort()->GetNVcs(),
                              portVcs,
                              "no VC added at the switch");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<AtmNetDevice>(nics.Get(2))->GetNVcs(),
                              0,
                              "none at the refused source");
        NS_TEST_ASSERT_MSG_EQ(pvcs.GetPvcs().size(), 2, "two PVCs set up");
        NS_TEST_ASSERT_MSG_EQ(sinkPort->GetCac()->GetNConnections(), 2, "two reservations");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The CAC test suite.
 */
class AtmCacTestSuite : public TestSuite
{
  public:
    AtmCacTestSuite()
        : TestSuite("atm-cac", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCacCbrBoundaryTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCacCeilingsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCacEquivalentCapacityTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCacPvcHelperTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmCacTestSuite g_atmCacTestSuite;
