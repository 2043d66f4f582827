/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-shaper-factory.h"

#include "pcr-shaper.h"
#include "vbr-shaper.h"

#include "ns3/uinteger.h"

namespace ns3
{

Ptr<AtmShaper>
AtmShaperFactory::Create(const AtmTrafficContract& c, Time tolerance)
{
    switch (c.GetCategory())
    {
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR: {
        Ptr<AtmShaper> s = CreateObject<VbrShaper>();
        s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
        s->SetAttribute("ScrCellsPerSec", AtmCellRateValue(c.GetScr()));
        s->SetAttribute("MbsCells", UintegerValue(c.GetMbs()));
        s->SetAttribute("Tolerance", TimeValue(tolerance));
        return s;
    }
    default:
        if (c.HasPcr())
        {
            Ptr<AtmShaper> s = CreateObject<PcrShaper>();
            s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
            s->SetAttribute("Tolerance", TimeValue(tolerance));
            return s;
        }
        return nullptr;
    }
}

} // namespace ns3
