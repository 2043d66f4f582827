/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests: bad ABR parameters and RM-cell rates stop the program with a message
 * that names the attribute or the value and the valid range.
 */

#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-ci-ni-marker.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/double.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/pcr-shaper.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>
#include <limits>
#include <string>

using namespace ns3;

namespace
{

/**
 * Start a source with PCR 1000, MCR 10, ICR 100 and one attribute changed.
 * @param name the attribute
 * @param value its value
 */
void
StartWith(const std::string& name, const AttributeValue& value)
{
    Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
    s->SetAttribute("PcrCellsPerSec", DoubleValue(1000));
    s->SetAttribute("McrCellsPerSec", DoubleValue(10));
    s->SetAttribute("IcrCellsPerSec", DoubleValue(100));
    s->SetAttribute(name, value);
    s->Start(Time(0));
}

/**
 * @brief A host, two switches and a host with an ABR PVC; the switch ports' queue mode.
 * @param queueMode "PER_VC" or "SHARED"
 * @param pvc the PVC, set
 * @return sw0's switch and its trunk port's index
 */
static std::pair<Ptr<AtmSwitch>, uint32_t>
AbrChain(const char* queueMode, AtmPvc& pvc)
{
    NodeContainer hosts(2);
    NodeContainer sw(2);
    AtmHelper atm;
    atm.InstallSwitch(sw);
    atm.SetSwitchPortAttribute("QueueMode", StringValue(queueMode));
    atm.SetChannelAttribute("CellRate", StringValue("100000"));
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer trunk = atm.Install(sw.Get(0), sw.Get(1));
    NetDeviceContainer b = atm.Install(sw.Get(1), hosts.Get(1));
    AtmPvcHelper pvcs;
    pvcs.SetContract(AtmTrafficContract::Abr(AtmCellRate(100000), AtmCellRate()));
    pvc = pvcs.Install(DynamicCast<AtmNetDevice>(a.Get(0)), DynamicCast<AtmNetDevice>(b.Get(1)));
    Ptr<AtmSwitchPort> port = DynamicCast<AtmSwitchPort>(trunk.Get(0));
    return {sw.Get(0)->GetObject<AtmSwitch>(), port->GetPortIndex()};
}

TEST(AtmAbrErrorsDeathTest, VirtualSourceDestinationBadSetUp)
{
    const AtmTrafficContract abr = AtmTrafficContract::Abr(AtmCellRate(100000), AtmCellRate());
    EXPECT_DEATH(
        {
            AtmPvc pvc;
            const auto chain = AbrChain("SHARED", pvc);
            chain.first->SetVirtualSourceDestination(chain.second, pvc.forward[1].second, abr);
        },
        "has QueueMode SHARED; a virtual source paces its VC's own queue: set the switch "
        "ports' QueueMode to PER_VC");
    EXPECT_DEATH(
        {
            AtmPvc pvc;
            const auto chain = AbrChain("PER_VC", pvc);
            chain.first->SetVirtualSourceDestination(chain.second,
                                                     pvc.forward[1].second,
                                                     AtmTrafficContract());
        },
        "the next loop's contract must be ABR, not");
    EXPECT_DEATH(
        {
            AtmPvc pvc;
            const auto chain = AbrChain("PER_VC", pvc);
            chain.first->SetVirtualSourceDestination(chain.second, 7, abr);
        },
        "no VC cross-connect leaves by out port [0-9]+ as VC 7");
    EXPECT_DEATH(
        {
            AtmPvc pvc;
            const auto chain = AbrChain("PER_VC", pvc);
            chain.first->SetVirtualSourceDestination(chain.second, pvc.forward[1].second, abr);
            chain.first->SetVirtualSourceDestination(chain.second, pvc.forward[1].second, abr);
        },
        "has one already");
}

TEST(AtmAbrErrorsDeathTest, RatesOutsideTheRmFormat)
{
    EXPECT_DEATH(AtmRmRate::Encode(-1),
                 "AtmRmRate::Encode: rate -1 cells/s is outside the RM-cell rate format's range "
                 "\\[0, 4.29077e\\+09\\] cells/s");
    EXPECT_DEATH(AtmRmRate::Encode(std::numeric_limits<double>::quiet_NaN()),
                 "rate nan cells/s is outside");
    EXPECT_DEATH(AtmRmRate::Encode(5e9), "rate 5e\\+09 cells/s is outside");
}

TEST(AtmAbrErrorsDeathTest, SourceRates)
{
    EXPECT_DEATH(StartWith("PcrCellsPerSec", DoubleValue(0)),
                 "AtmAbrSource: PcrCellsPerSec = 0 must be in \\(0, 4.29077e\\+09\\]: set the "
                 "connection's peak cell rate");
    EXPECT_DEATH(StartWith("McrCellsPerSec", DoubleValue(2000)),
                 "AtmAbrSource: McrCellsPerSec = 2000 exceeds PcrCellsPerSec = 1000");
    EXPECT_DEATH(StartWith("IcrCellsPerSec", DoubleValue(5)),
                 "AtmAbrSource: IcrCellsPerSec = 5 is not in \\[McrCellsPerSec, PcrCellsPerSec\\] "
                 "= \\[10, 1000\\]");
    EXPECT_DEATH(StartWith("IcrCellsPerSec", DoubleValue(1001)), "IcrCellsPerSec = 1001 is not in");
}

TEST(AtmAbrErrorsDeathTest, SourceParameters)
{
    EXPECT_DEATH(StartWith("Nrm", UintegerValue(1)),
                 "AtmAbrSource: Nrm = 1 is not in \\[2, 256\\]");
    EXPECT_DEATH(StartWith("Nrm", UintegerValue(512)), "Nrm = 512 is not in \\[2, 256\\]");
    EXPECT_DEATH(StartWith("Mrm", UintegerValue(0)), "Mrm = 0 is not in \\[1, Nrm - 1 = 31\\]");
    EXPECT_DEATH(StartWith("Mrm", UintegerValue(32)), "Mrm = 32 is not in \\[1, Nrm - 1 = 31\\]");
    EXPECT_DEATH(StartWith("Trm", TimeValue(Time(0))), "Trm = \\+0ms must be positive");
    EXPECT_DEATH(StartWith("Adtf", TimeValue(MilliSeconds(-1))), "Adtf = -1ms must be positive");
    EXPECT_DEATH(StartWith("Rif", DoubleValue(0)), "Rif = 0 is not in \\(0, 1\\]");
    EXPECT_DEATH(StartWith("Rdf", DoubleValue(1.5)), "Rdf = 1.5 is not in \\(0, 1\\]");
    EXPECT_DEATH(StartWith("Cdf", DoubleValue(-0.1)), "Cdf = -0.1 is not in \\[0, 1\\]");
    EXPECT_DEATH(StartWith("TbeCells", UintegerValue(0)), "TbeCells = 0 must be at least 1");
    EXPECT_DEATH(StartWith("MisbehaviourFactor", DoubleValue(0.5)),
                 "MisbehaviourFactor = 0.5 must be at least 1");
}

TEST(AtmAbrErrorsDeathTest, ContractOfAnotherCategory)
{
    EXPECT_DEATH(
        CreateObject<AtmAbrSource>()->SetContract(AtmTrafficContract::Ubr(), AtmCellRate(80000)),
        "AtmAbrSource::SetContract: UBR.1 is not an ABR contract");
}

TEST(AtmAbrErrorsDeathTest, ForwardCellGivenAsBackward)
{
    EXPECT_DEATH(
        {
            Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
            s->SetAttribute("PcrCellsPerSec", DoubleValue(1000));
            s->SetAttribute("IcrCellsPerSec", DoubleValue(100));
            s->Start(Time(0));
            s->ReceiveBackwardRm(AtmRmFields());
        },
        "AtmAbrSource::ReceiveBackwardRm: FRM ER=0 CCR=0 MCR=0 is a forward RM cell");
    EXPECT_DEATH(CreateObject<AtmAbrSource>()->SendForwardRm(Time(0)),
                 "AtmAbrSource::SendForwardRm before Start\\(\\)");
}

TEST(AtmAbrErrorsDeathTest, DestinationMisuse)
{
    AtmCell rmCell;
    rmCell.pti = AtmRmFields::PTI;
    EXPECT_DEATH(CreateObject<AtmAbrDestination>()->ReceiveData(rmCell),
                 "AtmAbrDestination::ReceiveData: cell 0/0 pti=6 clp=0 FRM ER=0 CCR=0 MCR=0 vc=0 "
                 "is not a user-data cell");
    AtmRmFields brm;
    brm.Set(AtmRmFields::DIR, true);
    EXPECT_DEATH(CreateObject<AtmAbrDestination>()->ReceiveForwardRm(brm),
                 "AtmAbrDestination::ReceiveForwardRm: BRM ER=0 CCR=0 MCR=0 is a backward RM cell");
    EXPECT_DEATH(CreateObject<AtmAbrDestination>()->TakeBackwardRm(),
                 "AtmAbrDestination::TakeBackwardRm: no backward RM cell waits");
}

TEST(AtmAbrErrorsDeathTest, AbrVcTakesNoOtherShaper)
{
    EXPECT_DEATH(
        {
            Ptr<AtmNetDevice> nic = CreateObject<AtmNetDevice>();
            const uint32_t vc =
                nic->AddVc(0, 100, AtmTrafficContract::Abr(AtmCellRate(50000), AtmCellRate(1000)));
            Ptr<PcrShaper> shaper = CreateObject<PcrShaper>();
            shaper->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(1000)));
            nic->SetVcShaper(vc, shaper);
        },
        "SetVcShaper on VC 0, whose contract is ABR: the adapter paces it at its ACR "
        "\\(AbrShaper\\) and it takes no other shaper");
}

TEST(AtmAbrErrorsDeathTest, SwitchBehaviourSettings)
{
    EXPECT_DEATH(
        {
            Ptr<AtmCiNiMarker> m = CreateObject<AtmCiNiMarker>();
            m->SetAttribute("NiThresholdCells", UintegerValue(300));
            AtmRmFields rm;
            rm.Set(AtmRmFields::DIR, true);
            m->ProcessBackwardRm(0, rm, Time(0));
        },
        "AtmCiNiMarker: NiThresholdCells = 300 is above CiThresholdCells = 256; give NI <= CI");
    EXPECT_DEATH(AtmAbrBehaviourFactory::Resolve("erica-plus"),
                 "AtmAbrBehaviourFactory: \"erica-plus\" is not an ABR switch behaviour; use one "
                 "of efci ci-ni erica erica\\+ or the TypeId name of an "
                 "AtmAbrSwitchBehaviour subclass");
}

} // namespace
