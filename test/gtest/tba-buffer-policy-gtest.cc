/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest death tests of TbaBufferPolicy's configuration errors (O. Bonaventure, PhD thesis,
 * Universite de Liege 1998, ch. 8.3): a W_R register too small for the VCs (BON's LAN with ceil
 * rounding), a VC of a category TBA cannot serve, a rate to reserve or a slot to count on
 * a line of unknown rate, and bad attribute values each stop the first decision with a message
 * naming the attribute or the VC, the value and the fix.
 */

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/string.h"
#include "ns3/tba-buffer-policy.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

/**
 * @param mcr the MCR in cells/s
 * @return a GFR.1 contract with MBS 200 and MFS 200
 */
AtmTrafficContract
Gfr1(uint64_t mcr)
{
    return AtmTrafficContract::Gfr(AtmConformance::GFR_1,
                                   AtmCellRate(),
                                   AtmCellRate(mcr),
                                   200,
                                   200);
}

/**
 * @param line the line's cell rate
 * @return BON's LAN port: nine 20,000-cell/s VCs and one of 180,000 in one FIFO
 */
AtmPortState
BonLan(const AtmCellRate& line)
{
    AtmPortState s(8192);
    const uint32_t q = s.AddQueue(AtmServiceCategory::GFR);
    for (uint32_t i = 0; i < 9; ++i)
    {
        s.AddVc(Gfr1(20000), q);
    }
    s.AddVc(Gfr1(180000), q);
    s.SetLinkRate(line);
    return s;
}

/// @return a first cell of a one-cell PDU
AtmCell
FirstCell()
{
    AtmCell cell;
    cell.pti = 1;
    return cell;
}

} // namespace

TEST(TbaBufferPolicyDeathTest, RegisterOverflowOfBonsLan)
{
    const AtmPortState s = BonLan(AtmCellRate("155Mbps"));
    Ptr<AtmBufferPolicy> nearest = AtmBufferPolicyFactory::Create("tba");
    nearest->SetAttribute("PositionRounding", StringValue("Nearest"));
    EXPECT_TRUE(nearest->Admit(s, 0, FirstCell()).IsAccept());
    EXPECT_DEATH(AtmBufferPolicyFactory::Create("tba")->Admit(s, 0, FirstCell()),
                 "TbaBufferPolicy: the VCs need 104 positions of the W_R register, "
                 "RegisterSize=100 \\(VC 0: 6, VC 1: 6, .*VC 9: 50; N_i = ceil\\(100 x R_i / "
                 "PCR_o\\), PCR_o = .* cells/s\\); raise RegisterSize, set PositionRounding to "
                 "Nearest");
}

TEST(TbaBufferPolicyDeathTest, UnknownLineRate)
{
    EXPECT_DEATH(
        AtmBufferPolicyFactory::Create("tba")->Admit(BonLan(AtmCellRate()), 0, FirstCell()),
        "TbaBufferPolicy: VC 0 has a rate of 20000 cells/s to reserve, but the line's "
        "cell rate is unknown");
    AtmPortState ubr(10);
    ubr.AddVc(AtmServiceCategory::UBR, ubr.AddQueue(AtmServiceCategory::UBR));
    Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("tba");
    EXPECT_TRUE(p->Admit(ubr, 0, FirstCell()).IsAccept()); // no rate, no time: nothing needed
    ubr.SetNow(MicroSeconds(5));
    EXPECT_DEATH(p->Admit(ubr, 0, FirstCell()),
                 "TbaBufferPolicy: time advanced to .* but the line's cell rate is unknown");
}

TEST(TbaBufferPolicyDeathTest, CategoryOutsideTheFifo)
{
    for (AtmServiceCategory c :
         {AtmServiceCategory::CBR, AtmServiceCategory::RT_VBR, AtmServiceCategory::ABR})
    {
        AtmPortState s(10);
        s.AddVc(c, s.AddQueue(c));
        EXPECT_DEATH(AtmBufferPolicyFactory::Create("tba")->Admit(s, 0, FirstCell()),
                     "TbaBufferPolicy: VC 0 is .*; TBA guards a FIFO of GFR, UBR and nrt-VBR "
                     "VCs .*SetClassBuffer");
    }
}

TEST(TbaBufferPolicyDeathTest, BadAttributes)
{
    AtmPortState s(10);
    s.AddVc(AtmServiceCategory::UBR, s.AddQueue(AtmServiceCategory::UBR));
    const auto admitWith = [&s](const char* name, const AttributeValue& value) {
        Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("tba");
        p->SetAttribute(name, value);
        p->Admit(s, 0, FirstCell());
    };
    EXPECT_DEATH(admitWith("RegisterSize", UintegerValue(0)),
                 "TbaBufferPolicy: RegisterSize=0; give at least 1 position");
    EXPECT_DEATH(admitWith("MinThresholdCells", UintegerValue(6000)),
                 "TbaBufferPolicy: MinThresholdCells=6000 is not below MaxThresholdCells=6000");
    EXPECT_DEATH(admitWith("AverageWeight", DoubleValue(0.0)),
                 "TbaBufferPolicy: AverageWeight=0 is outside \\(0, 1\\]");
    EXPECT_DEATH(admitWith("Alpha", DoubleValue(1.5)),
                 "TbaBufferPolicy: Alpha=1.5 is outside \\[0, 1\\]");
    EXPECT_DEATH(admitWith("Beta", DoubleValue(-0.1)),
                 "TbaBufferPolicy: Beta=-0.1 must be finite and >= 0");
    EXPECT_DEATH(
        {
            Ptr<AtmBufferPolicy> p = AtmBufferPolicyFactory::Create("tba");
            p->SetAttribute("ClpPriority", StringValue("Strict"));
            p->SetAttribute("Clp1MaxThresholdCells", UintegerValue(2500));
            p->Admit(s, 0, FirstCell());
        },
        "TbaBufferPolicy: Clp1MaxThresholdCells=2500 exceeds MinThresholdCells=2000; "
        "ClpPriority Strict needs max_th\\^\\{0\\+1\\} <= min_th");
}
