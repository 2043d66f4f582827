/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * AtmCrossConnectTable on its own: lookups with VC entries taking precedence over VP entries
 * (ITU-T I.311 VC and VP switching), in and out labels in use, VCIs seen on a VP, visiting.
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cross-connect-table.h"
#include "ns3/test.h"

#include <set>

using namespace ns3;

namespace
{

/// @return a route to (out port, VPI, VCI) with @p outVc as its VC index there
AtmCrossConnectTable::VcRoute
Route(uint32_t outPort, uint16_t vpi, uint16_t vci, uint32_t outVc)
{
    AtmCrossConnectTable::VcRoute r;
    r.outPort = outPort;
    r.outVpi = vpi;
    r.outVci = vci;
    r.outVc = outVc;
    return r;
}

/**
 * @ingroup atm-tests
 * Lookups and label bookkeeping.
 */
class AtmCrossConnectTableTestCase : public TestCase
{
  public:
    AtmCrossConnectTableTestCase()
        : TestCase("VC entries win over the VP entry of their VPI; out labels of VC and VP "
                   "cross-connects are tracked per port; VCIs of a VP are visited per VP")
    {
    }

  private:
    void DoRun() override
    {
        AtmCrossConnectTable t;
        t.AddVc(0, 1, 40, Route(2, 5, 50, 7));
        AtmCrossConnectTable::VpRoute vp;
        vp.outPort = 3;
        vp.outVpi = 9;
        t.AddVp(0, 1, vp);

        NS_TEST_ASSERT_MSG_EQ(t.FindRoute(0, 1, 40)->outVc, 7U, "the VC entry of 0:1/40");
        NS_TEST_ASSERT_MSG_EQ((t.FindRoute(0, 1, 41) == nullptr),
                              true,
                              "VCI 41 of the VP not seen yet");
        NS_TEST_ASSERT_MSG_EQ(t.FindVp(0, 1)->outPort, 3U, "VP 0:1 goes to port 3");
        t.AddVpVc(0, 1, 41, Route(3, 9, 41, 0));
        NS_TEST_ASSERT_MSG_EQ(t.FindRoute(0, 1, 41)->outPort, 3U, "VCI 41 now routed on the VP");
        NS_TEST_ASSERT_MSG_EQ((t.FindVc(0, 1, 41) == nullptr),
                              true,
                              "not a VC cross-connect of its own");
        NS_TEST_ASSERT_MSG_EQ((t.FindRoute(1, 1, 40) == nullptr), true, "labels are per in port");

        NS_TEST_ASSERT_MSG_EQ(t.IsInLabelUsed(0, 1, 999), true, "any VCI of an in VP is taken");
        NS_TEST_ASSERT_MSG_EQ(t.IsInLabelUsed(0, 2, 40), false, "another VPI is free");
        NS_TEST_ASSERT_MSG_EQ(t.IsOutLabelUsed(2, 5, 50), true, "the VC's out label");
        NS_TEST_ASSERT_MSG_EQ(t.IsOutLabelUsed(2, 5, 51), false, "a neighbour label is free");
        NS_TEST_ASSERT_MSG_EQ(t.IsOutLabelUsed(3, 9, 1234), true, "any VCI of an out VP is taken");
        NS_TEST_ASSERT_MSG_EQ(t.IsOutVpUsed(3, 9), true, "out VP 3:9");
        uint16_t vci = 0;
        NS_TEST_ASSERT_MSG_EQ(t.FindOutVcOnVp(2, 5, &vci),
                              true,
                              "out VPI 2:5 carries a VC cross-connect");
        NS_TEST_ASSERT_MSG_EQ(vci, 50, "its VCI");
        NS_TEST_ASSERT_MSG_EQ(t.FindOutVcOnVp(2, 6, &vci), false, "out VPI 2:6 carries none");

        t.AddVpVc(0, 1, 42, Route(3, 9, 42, 1));
        t.AddVpVc(0, 2, 42, Route(4, 9, 42, 0)); // another VP's VCI
        std::set<uint16_t> seen;
        t.ForEachVpVc(0, 1, [&seen](AtmCrossConnectTable::VcRoute& r) { seen.insert(r.outVci); });
        NS_TEST_ASSERT_MSG_EQ((seen == std::set<uint16_t>{41, 42}), true, "VCIs of VP 0:1 only");
        uint32_t routes = 0;
        t.ForEachRoute([&routes](AtmCrossConnectTable::VcRoute&) { ++routes; });
        NS_TEST_ASSERT_MSG_EQ(routes, 4U, "one VC cross-connect and three VCIs on VPs");
        t.Clear();
        NS_TEST_ASSERT_MSG_EQ(t.IsOutLabelUsed(2, 5, 50), false, "cleared");
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The AtmCrossConnectTable suite.
 */
class AtmCrossConnectTableTestSuite : public TestSuite
{
  public:
    AtmCrossConnectTableTestSuite()
        : TestSuite("atm-cross-connect-table", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmCrossConnectTableTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmCrossConnectTableTestSuite g_atmCrossConnectTableTestSuite;
