/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "guaranteed-rate-cell-scheduler.h"

#include "priority-cell-scheduler.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GuaranteedRateCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(GuaranteedRateCellScheduler);

namespace
{
/// Largest CreditCap: keeps the credit (at most cap + 1 cell, in parts per 10^9) in 64 bits.
constexpr double MAX_CREDIT_CAP = 1e9;

/// Every service category, for name lookup.
constexpr AtmServiceCategory CATEGORIES[] = {AtmServiceCategory::CBR,
                                             AtmServiceCategory::RT_VBR,
                                             AtmServiceCategory::NRT_VBR,
                                             AtmServiceCategory::ABR,
                                             AtmServiceCategory::GFR,
                                             AtmServiceCategory::UBR};

/**
 * @param value a non-negative value in cells
 * @return it in parts per 10^9, rounded to the nearest part
 */
uint64_t
ToParts(double value)
{
    return static_cast<uint64_t>(
        std::llround(value * static_cast<double>(GuaranteedRateCellScheduler::CREDIT_UNIT)));
}
} // namespace

TypeId
GuaranteedRateCellScheduler::GetTypeId()
{
    // The category is a string attribute: AtmServiceCategory is a scoped enum, and EnumValue
    // changed from int to a template in ns-3.41, so a string has one spelling in every release.
    static TypeId tid =
        TypeId("ns3::GuaranteedRateCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<GuaranteedRateCellScheduler>()
            .AddAttribute("GuaranteedRate",
                          "GR, the fraction of the slots in which the guaranteed class competes "
                          "that it is guaranteed, in [0, 1] (JAIN AF-424: 0, 0.1, 0.5). 0: strict "
                          "priority of every other class. Held exactly in parts per 10^9.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&GuaranteedRateCellScheduler::SetGuaranteedRate,
                                             &GuaranteedRateCellScheduler::GetGuaranteedRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("CreditCap",
                          "Largest credit, in cells, carried from one selection to the next "
                          "(default 1, a choice of this model). The cap applies after the "
                          "comparison; since each guaranteed cell pays one credit the carried "
                          "credit stays below 1, so values >= 1 do not change the decisions.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&GuaranteedRateCellScheduler::SetCreditCap,
                                             &GuaranteedRateCellScheduler::GetCreditCap),
                          MakeDoubleChecker<double>(1.0, MAX_CREDIT_CAP))
            .AddAttribute(
                "GuaranteedCategory",
                "The service category whose queues form the guaranteed class: \"CBR\", "
                "\"rt-VBR\", \"nrt-VBR\", \"ABR\", \"GFR\" or \"UBR\" (default, JAIN). "
                "Queues of every other category have strict priority above it. Set it "
                "before the scheduler is attached to a port.",
                StringValue("UBR"),
                MakeStringAccessor(&GuaranteedRateCellScheduler::SetGuaranteedCategoryName,
                                   &GuaranteedRateCellScheduler::GetGuaranteedCategoryName),
                MakeStringChecker());
    return tid;
}

GuaranteedRateCellScheduler::GuaranteedRateCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

GuaranteedRateCellScheduler::~GuaranteedRateCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
GuaranteedRateCellScheduler::SetGuaranteedRate(double rate)
{
    NS_LOG_FUNCTION(this << rate);
    // The checker already refuses values outside [0, 1] through the attribute system.
    NS_ABORT_MSG_IF(!(rate >= 0.0 && rate <= 1.0),
                    "GuaranteedRateCellScheduler: GuaranteedRate=" << rate
                                                                   << " is outside [0, 1]; give "
                                                                      "a fraction of the link");
    m_rate = rate;
    m_rateParts = ToParts(rate);
}

double
GuaranteedRateCellScheduler::GetGuaranteedRate() const
{
    return m_rate;
}

void
GuaranteedRateCellScheduler::SetCreditCap(double cap)
{
    NS_LOG_FUNCTION(this << cap);
    NS_ABORT_MSG_IF(!(cap >= 1.0 && cap <= MAX_CREDIT_CAP),
                    "GuaranteedRateCellScheduler: CreditCap="
                        << cap << " is outside [1, " << MAX_CREDIT_CAP
                        << "]; a cap below one cell would stop the guaranteed class from ever "
                           "earning a cell, use 1 (the default)");
    m_cap = cap;
    m_capParts = ToParts(cap);
    m_credit = std::min(m_credit, m_capParts);
}

double
GuaranteedRateCellScheduler::GetCreditCap() const
{
    return m_cap;
}

void
GuaranteedRateCellScheduler::SetGuaranteedCategoryName(std::string name)
{
    NS_LOG_FUNCTION(this << name);
    NS_ABORT_MSG_IF(!m_isGuaranteed.empty(),
                    "GuaranteedRateCellScheduler: GuaranteedCategory set to \""
                        << name << "\" after " << m_isGuaranteed.size()
                        << " queue(s) were added; configure the scheduler before attaching it "
                           "to a port");
    for (AtmServiceCategory c : CATEGORIES)
    {
        if (name == ToString(c))
        {
            m_category = c;
            return;
        }
    }
    NS_ABORT_MSG("GuaranteedRateCellScheduler: GuaranteedCategory=\""
                 << name
                 << "\" is not a service category; use CBR, rt-VBR, nrt-VBR, ABR, GFR "
                    "or UBR");
}

std::string
GuaranteedRateCellScheduler::GetGuaranteedCategoryName() const
{
    return ToString(m_category);
}

AtmServiceCategory
GuaranteedRateCellScheduler::GetGuaranteedCategory() const
{
    return m_category;
}

uint64_t
GuaranteedRateCellScheduler::GetGuaranteedRateParts() const
{
    return m_rateParts;
}

uint64_t
GuaranteedRateCellScheduler::GetCreditParts() const
{
    return m_credit;
}

void
GuaranteedRateCellScheduler::DoNotifyQueueAdded(const AtmPortState& state, uint32_t queue)
{
    const AtmServiceCategory category = state.GetQueueServiceCategory(queue);
    const bool guaranteed = (category == m_category);
    m_isGuaranteed.push_back(guaranteed ? 1 : 0);
    // A G queue keeps a level entry it never uses, so m_levelOf stays indexed by queue id.
    const uint32_t level = PriorityCellScheduler::GetDefaultLevel(category);
    m_levelOf.push_back(level);
    if (!guaranteed && m_levels.size() <= level)
    {
        m_levels.resize(level + 1);
    }
    // Every list accepts every queue id, so nothing reallocates per cell.
    for (AtmQueueIdList& list : m_levels)
    {
        list.Resize(queue + 1);
    }
    m_ring.Resize(queue + 1);
}

void
GuaranteedRateCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    if (m_isGuaranteed[queue])
    {
        m_ring.PushBack(queue);
    }
    else
    {
        m_levels[m_levelOf[queue]].PushBack(queue);
    }
}

void
GuaranteedRateCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    if (m_isGuaranteed[queue])
    {
        m_ring.Remove(queue);
    }
    else
    {
        m_levels[m_levelOf[queue]].Remove(queue);
    }
}

std::optional<uint32_t>
GuaranteedRateCellScheduler::DoSelectQueue(const AtmPortState& state, Time now)
{
    uint32_t other = AtmQueueIdList::NONE;
    for (const AtmQueueIdList& list : m_levels)
    {
        other = list.FirstEligible(state);
        if (other != AtmQueueIdList::NONE)
        {
            break;
        }
    }
    const uint32_t g = m_ring.FirstEligible(state);
    if (g != AtmQueueIdList::NONE)
    {
        // Credit accrues only while G competes (JAIN: GR is a share of the slots, and unused
        // capacity of either class goes to the other). Compare before capping: capping first
        // would discard the credit beyond one cell and break the GR x N guarantee for GR > 1/2.
        m_credit += m_rateParts;
        if (other == AtmQueueIdList::NONE || m_credit >= CREDIT_UNIT)
        {
            m_credit = (m_credit >= CREDIT_UNIT) ? m_credit - CREDIT_UNIT : 0;
            m_credit = std::min(m_credit, m_capParts);
            return g;
        }
        m_credit = std::min(m_credit, m_capParts);
    }
    if (other == AtmQueueIdList::NONE)
    {
        return std::nullopt;
    }
    return other;
}

void
GuaranteedRateCellScheduler::DoNotifyServed(uint32_t queue)
{
    // Round robin inside G (as RoundRobinCellScheduler); P queues keep their FIFO place.
    if (m_isGuaranteed[queue])
    {
        m_ring.MoveToBack(queue);
    }
}

} // namespace ns3
