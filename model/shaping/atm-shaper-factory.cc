/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-shaper-factory.h"

#include "gfr-shaper.h"
#include "packet-train-shaper.h"
#include "pcr-shaper.h"
#include "vbr-shaper.h"

#include "ns3/abort.h"
#include "ns3/atm-short-names.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

namespace
{

/// The name that derives the shaper class from the contract.
const std::string CONTRACT = "contract";

/// @return the shapers' short names
const AtmShortNames&
Names()
{
    static const AtmShortNames names(
        {
            {"pcr", "ns3::PcrShaper"},
            {"vbr", "ns3::VbrShaper"},
            {"packet-train", "ns3::PacketTrainShaper"},
            {"gfr", "ns3::GfrShaper"},
        },
        AtmShaper::GetTypeId(),
        "AtmShaper");
    return names;
}

} // namespace

Ptr<AtmShaper>
AtmShaperFactory::Create(const AtmTrafficContract& c, Time tolerance)
{
    switch (c.GetCategory())
    {
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR:
        return Create("vbr", c, tolerance);
    case AtmServiceCategory::ABR:
        return nullptr; // the adapter paces an ABR VC at its ACR itself (AbrShaper)
    default:
        return c.HasPcr() ? Create("pcr", c, tolerance) : nullptr;
    }
}

Ptr<AtmShaper>
AtmShaperFactory::Create(const std::string& name, const AtmTrafficContract& c, Time tolerance)
{
    if (name == CONTRACT)
    {
        return Create(c, tolerance);
    }
    const TypeId tid = Resolve(name);
    Ptr<AtmShaper> s = Create(name);
    if (tid == PcrShaper::GetTypeId())
    {
        NS_ABORT_MSG_IF(!c.HasPcr(),
                        "AtmShaperFactory: shaper " << name << " needs a PCR; the contract (" << c
                                                    << ") has none");
        s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
        s->SetAttribute("Tolerance", TimeValue(tolerance));
    }
    else if (tid == VbrShaper::GetTypeId())
    {
        NS_ABORT_MSG_IF(c.GetCategory() != AtmServiceCategory::RT_VBR &&
                            c.GetCategory() != AtmServiceCategory::NRT_VBR,
                        "AtmShaperFactory: shaper " << name << " needs a VBR contract (PCR, SCR, "
                                                    << "MBS); the contract is " << c);
        s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr()));
        s->SetAttribute("ScrCellsPerSec", AtmCellRateValue(c.GetScr()));
        s->SetAttribute("MbsCells", UintegerValue(c.GetMbs()));
        s->SetAttribute("Tolerance", TimeValue(tolerance));
    }
    else if (tid == GfrShaper::GetTypeId())
    {
        NS_ABORT_MSG_IF(c.GetMcr().IsZero(),
                        "AtmShaperFactory: shaper " << name << " needs a contract with an MCR "
                                                    << "(GFR); the contract (" << c
                                                    << ") has none");
        s->SetAttribute("McrCellsPerSec", AtmCellRateValue(c.GetMcr()));
        s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(c.GetPcr())); // 0: the link's rate
        s->SetAttribute("Tolerance", TimeValue(tolerance));
    }
    return s;
}

Ptr<AtmShaper>
AtmShaperFactory::Create(const std::string& name)
{
    ObjectFactory factory;
    factory.SetTypeId(Resolve(name));
    return factory.Create<AtmShaper>();
}

const std::vector<std::pair<std::string, std::string>>&
AtmShaperFactory::GetShortNames()
{
    return Names().GetTable();
}

std::string
AtmShaperFactory::GetShortNameList()
{
    return CONTRACT + ", " + Names().GetList();
}

bool
AtmShaperFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    return Names().TryResolve(name, tid, error);
}

TypeId
AtmShaperFactory::Resolve(const std::string& name)
{
    TypeId tid;
    std::string error;
    NS_ABORT_MSG_IF(!TryResolve(name, &tid, &error),
                    "AtmShaperFactory: \"" << name << "\" is not a shaper; use " << CONTRACT
                                           << " or " << error);
    return tid;
}

} // namespace ns3
