/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-policer-factory.h"

#include "dual-gcra-policer.h"
#include "frame-gcra-policer.h"
#include "gcra-policer.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/uinteger.h"

namespace ns3
{

Ptr<AtmPolicer>
AtmPolicerFactory::Create(const AtmTrafficContract& c, AtmCellRate lineRate, bool frameDiscard)
{
    Ptr<AtmPolicer> p;
    switch (c.GetConformance())
    {
    case AtmConformance::CBR_1:
    case AtmConformance::UBR_1:
    case AtmConformance::UBR_2:
    case AtmConformance::ABR:
    case AtmConformance::GFR_1:
        if (c.HasPcr())
        {
            p = CreateObject<GcraPolicer>();
            p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
            p->SetAttribute("Cdvt", TimeValue(c.GetCdvt()));
            p->SetAttribute("NonConformingAction",
                            EnumValue(c.GetConformance() == AtmConformance::UBR_2
                                          ? AtmPolicer::ACTION_TAG
                                          : AtmPolicer::ACTION_DISCARD));
        }
        break;
    case AtmConformance::VBR_1:
    case AtmConformance::VBR_2:
    case AtmConformance::VBR_3:
        p = CreateObject<DualGcraPolicer>();
        p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
        p->SetAttribute("Cdvt", TimeValue(c.GetCdvt()));
        p->SetAttribute("ScrCellsPerSec", AtmCellRateValue(c.GetScr()));
        p->SetAttribute("MbsCells", UintegerValue(c.GetMbs()));
        p->SetAttribute("CdvtScr", TimeValue(c.GetCdvtScr()));
        p->SetAttribute("ScrFlow",
                        EnumValue(c.GetConformance() == AtmConformance::VBR_1
                                      ? DualGcraPolicer::CLP_0_PLUS_1
                                      : DualGcraPolicer::CLP_0));
        p->SetAttribute("ScrAction",
                        EnumValue(c.GetConformance() == AtmConformance::VBR_3
                                      ? AtmPolicer::ACTION_TAG
                                      : AtmPolicer::ACTION_DISCARD));
        break;
    case AtmConformance::GFR_2:
        if (!c.GetMcr().IsZero())
        {
            p = CreateObject<FrameGcraPolicer>();
            p->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.HasPcr() ? c.GetPcr() : lineRate));
            p->SetAttribute("Cdvt", TimeValue(c.GetCdvt()));
            p->SetAttribute("McrCellsPerSec", AtmCellRateValue(c.GetMcr()));
            p->SetAttribute("MbsCells", UintegerValue(c.GetMbs()));
            p->SetAttribute("MfsCells", UintegerValue(c.GetMfs()));
            p->SetAttribute("CdvtMcr", TimeValue(c.GetCdvtMcr()));
        }
        break;
    }
    if (p)
    {
        p->SetAttribute("FrameDiscard", BooleanValue(frameDiscard));
    }
    return p;
}

} // namespace ns3
