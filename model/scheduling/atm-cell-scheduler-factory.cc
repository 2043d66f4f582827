/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-scheduler-factory.h"

#include "ns3/abort.h"
#include "ns3/atm-short-names.h"
#include "ns3/object-factory.h"

namespace ns3
{

namespace
{

/// @return the cell schedulers' short names
const AtmShortNames&
Names()
{
    static const AtmShortNames names(
        {
            {"fifo", "ns3::FifoCellScheduler"},
            {"rr", "ns3::RoundRobinCellScheduler"},
            {"priority", "ns3::PriorityCellScheduler"},
            {"gr", "ns3::GuaranteedRateCellScheduler"},
            {"vs-queue", "ns3::VirtualSpacingCellScheduler"},
            {"vs", "ns3::PerCellVirtualSpacingCellScheduler"},
            {"ru", "ns3::FlexibleRuCellScheduler"},
            {"wrr", "ns3::WeightedRoundRobinCellScheduler"},
        },
        AtmCellScheduler::GetTypeId(),
        "AtmCellScheduler");
    return names;
}

} // namespace

const std::vector<std::pair<std::string, std::string>>&
AtmCellSchedulerFactory::GetShortNames()
{
    return Names().GetTable();
}

std::string
AtmCellSchedulerFactory::GetShortNameList()
{
    return Names().GetList();
}

bool
AtmCellSchedulerFactory::TryResolve(const std::string& name, TypeId* tid, std::string* error)
{
    return Names().TryResolve(name, tid, error);
}

TypeId
AtmCellSchedulerFactory::Resolve(const std::string& name)
{
    TypeId tid;
    std::string error;
    NS_ABORT_MSG_IF(!TryResolve(name, &tid, &error),
                    "AtmCellSchedulerFactory: \"" << name << "\" is not a cell scheduler; use "
                                                  << error);
    return tid;
}

Ptr<AtmCellScheduler>
AtmCellSchedulerFactory::Create(const std::string& name)
{
    ObjectFactory factory;
    factory.SetTypeId(Resolve(name));
    return factory.Create<AtmCellScheduler>();
}

} // namespace ns3
