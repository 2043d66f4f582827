/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests: configuration errors of policing, shaping, admission and VP
 * cross-connects stop the program with a message naming the object, the value and the fix.
 */

#include "ns3/atm-cac.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/gcra-policer.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/pcr-shaper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

/**
 * @brief h0 -- s0 -- h1 with addresses, no PVC yet.
 */
struct Pair
{
    NodeContainer hosts;     //!< h0, h1
    NodeContainer sw;        //!< s0
    NetDeviceContainer nics; //!< the adapters

    Pair()
    {
        hosts.Create(2);
        sw.Create(1);
        AtmHelper atm;
        atm.InstallSwitch(sw);
        NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer b = atm.Install(sw.Get(0), hosts.Get(1));
        InternetStackHelper internet;
        internet.Install(hosts);
        nics.Add(a.Get(0));
        nics.Add(b.Get(1));
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(nics);
    }
};

TEST(AtmTrafficControlDeathTest, PvcRefusedByAdmissionControl)
{
    EXPECT_DEATH(
        {
            Pair p;
            AtmPvcHelper pvcs;
            pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(300000)));
            pvcs.Install(p.nics.Get(0), p.nics.Get(1));
            pvcs.Install(p.nics.Get(0), p.nics.Get(1));
        },
        "refused by the admission control of node [0-9]+ device 0's outgoing link: CBR PCRs "
        "would sum to 600000 cells/s > CbrCeiling 1 x 353207.5472 cells/s");
}

TEST(AtmTrafficControlDeathTest, VcShapingOnASharedQueue)
{
    EXPECT_DEATH(
        {
            Pair p;
            AtmPvcHelper pvcs;
            pvcs.Install(p.nics.Get(0), p.nics.Get(1));
            Ptr<AtmSwitch> s = p.sw.Get(0)->GetObject<AtmSwitch>();
            Ptr<PcrShaper> shaper = CreateObject<PcrShaper>();
            shaper->SetAttribute("PcrCellsPerSec", StringValue("1000"));
            s->SetVpShaper(1, 0, shaper);
        },
        "AtmShapingGate: shaping VC 0 needs the port's QueueMode PER_VC");
}

TEST(AtmTrafficControlDeathTest, ShaperWithoutRate)
{
    EXPECT_DEATH(
        {
            Ptr<PcrShaper> s = CreateObject<PcrShaper>();
            s->Attach(AtmCellClock(AtmCellRate("OC3c")));
        },
        "PcrShaper: PcrCellsPerSec is not set; give the rate to space cells at");
}

TEST(AtmTrafficControlDeathTest, PolicerWithoutRate)
{
    EXPECT_DEATH(
        {
            Ptr<GcraPolicer> p = CreateObject<GcraPolicer>();
            AtmPolicer::VcState vc;
            p->Police(AtmCell(), Time(0), vc);
        },
        "GcraPolicer: PcrCellsPerSec is not set");
}

TEST(AtmTrafficControlDeathTest, ShapingAfterTheFirstCell)
{
    EXPECT_DEATH(
        {
            Pair p;
            AtmPvcHelper pvcs;
            AtmPvc pvc = pvcs.Install(p.nics.Get(0), p.nics.Get(1));
            Ptr<AtmOnOffCellSource> src = CreateObject<AtmOnOffCellSource>();
            p.hosts.Get(0)->AddApplication(src);
            src->Setup(pvc.src, pvc.srcVc);
            Simulator::Stop(MilliSeconds(1));
            Simulator::Run();
            Ptr<PcrShaper> shaper = CreateObject<PcrShaper>();
            shaper->SetAttribute("PcrCellsPerSec", StringValue("1000"));
            pvc.src->SetVcShaper(pvc.srcVc, shaper);
        },
        "SetVcShaper after the device sent its first cell; shape VCs before the simulation "
        "starts");
}

TEST(AtmTrafficControlDeathTest, OnOffSourceWithoutVc)
{
    EXPECT_DEATH(
        {
            Ptr<Node> n = CreateObject<Node>();
            Ptr<AtmOnOffCellSource> src = CreateObject<AtmOnOffCellSource>();
            n->AddApplication(src);
            Simulator::Stop(MilliSeconds(1));
            Simulator::Run();
        },
        "started without a VC; call Setup.device, vc. before it starts");
}

TEST(AtmTrafficControlTest, TryInstallReturnsTheRefusal)
{
    Pair p;
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Cbr(AtmCellRate(300000)));
    std::string why;
    EXPECT_TRUE(pvcs.TryInstall(p.nics.Get(0), p.nics.Get(1), nullptr, &why));
    EXPECT_FALSE(pvcs.TryInstall(p.nics.Get(0), p.nics.Get(1), nullptr, &why));
    EXPECT_NE(why.find("CBR PCRs would sum to 600000 cells/s"), std::string::npos) << why;
    Simulator::Destroy();
}

} // namespace
