/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flexible-ru-cell-scheduler.h"

#include "atm-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlexibleRuCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(FlexibleRuCellScheduler);

TypeId
FlexibleRuCellScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlexibleRuCellScheduler")
            .SetParent<AtmCellScheduler>()
            .SetGroupName("Atm")
            .AddConstructor<FlexibleRuCellScheduler>()
            .AddAttribute("DefaultWeight",
                          "The administrative weight W (unitless, positive) of a VC without an "
                          "entry in VcWeights: 1 gives MCR plus an equal share of the rest.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&FlexibleRuCellScheduler::m_defaultWeight),
                          MakeDoubleChecker<double>(1e-12))
            .AddAttribute("VcWeights",
                          "W of each VC index, whitespace-separated positive numbers (e.g. "
                          "\"1 2 2\"); VCs beyond the list weigh DefaultWeight.",
                          StringValue(""),
                          MakeStringAccessor(&FlexibleRuCellScheduler::SetVcWeightsText,
                                             &FlexibleRuCellScheduler::GetVcWeightsText),
                          MakeStringChecker())
            .AddAttribute("QueueWeights",
                          "W of each queue id, whitespace-separated positive numbers; a queue "
                          "beyond the list weighs the sum of its VCs' W.",
                          StringValue(""),
                          MakeStringAccessor(&FlexibleRuCellScheduler::SetQueueWeightsText,
                                             &FlexibleRuCellScheduler::GetQueueWeightsText),
                          MakeStringChecker())
            .AddAttribute(
                "Grouping",
                "U flows: PerQueue (one U tag per queue, BON eq. 8.13), Explicit "
                "(groups from QueueGroups, round robin inside, eq. 8.14) or ByWeight "
                "(queues of identical W share a group).",
                EnumValue(PER_QUEUE),
                ATM_MAKE_ENUM_ACCESSOR(Grouping, &FlexibleRuCellScheduler::m_grouping),
                MakeEnumChecker(PER_QUEUE, "PerQueue", EXPLICIT, "Explicit", BY_WEIGHT, "ByWeight"))
            .AddAttribute("QueueGroups",
                          "Grouping Explicit: the group id of each queue id, whitespace-separated "
                          "integers (e.g. \"0 0 1\"); a queue beyond the list is a group of its "
                          "own.",
                          StringValue(""),
                          MakeStringAccessor(&FlexibleRuCellScheduler::SetQueueGroupsText,
                                             &FlexibleRuCellScheduler::GetQueueGroupsText),
                          MakeStringChecker())
            .AddAttribute("GroupWeights",
                          "Grouping Explicit: W_g of each group id, whitespace-separated positive "
                          "numbers; a group beyond the list weighs the sum of its queues' W.",
                          StringValue(""),
                          MakeStringAccessor(&FlexibleRuCellScheduler::SetGroupWeightsText,
                                             &FlexibleRuCellScheduler::GetGroupWeightsText),
                          MakeStringChecker())
            .AddAttribute("ClampRToRealTime",
                          "Start the R tag of a newly backlogged queue from max(V_R, arrival) "
                          "instead of V_R (false: faithful to BON; after an idle period the "
                          "queue then gets back-to-back R service until its tag catches up).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FlexibleRuCellScheduler::m_clamp),
                          MakeBooleanChecker())
            .AddAttribute("WorkConserving",
                          "Serve by U whenever R does not (true), or leave the slot idle: the "
                          "non-work-conserving Virtual Spacing of BON Fig. 8.29 alone (false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&FlexibleRuCellScheduler::m_workConserving),
                          MakeBooleanChecker())
            .AddTraceSource("Served",
                            "A cell of a queue was sent: (queue, true if by the R part).",
                            MakeTraceSourceAccessor(&FlexibleRuCellScheduler::m_servedTrace),
                            "ns3::FlexibleRuCellScheduler::ServedTracedCallback");
    return tid;
}

FlexibleRuCellScheduler::FlexibleRuCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

FlexibleRuCellScheduler::~FlexibleRuCellScheduler()
{
    NS_LOG_FUNCTION(this);
}

bool
FlexibleRuCellScheduler::IsWorkConserving() const
{
    return m_workConserving;
}

namespace
{

/**
 * @brief Abort unless a weight is positive and finite.
 * @param weight the weight
 * @param what the call or attribute, for the message
 */
void
CheckWeight(double weight, const std::string& what)
{
    NS_ABORT_MSG_IF(!std::isfinite(weight) || weight <= 0,
                    "FlexibleRuCellScheduler: " << what << " = " << weight
                                                << "; give a positive weight");
}

/**
 * @brief Set entry @p i of a configuration vector, growing it with @p unset.
 * @tparam T the entry type
 * @param v the vector
 * @param i the index
 * @param value the value
 * @param unset the filler
 */
template <typename T>
void
SetEntry(std::vector<T>& v, uint32_t i, T value, T unset)
{
    if (v.size() <= i)
    {
        v.resize(i + 1, unset);
    }
    v[i] = value;
}

} // namespace

void
FlexibleRuCellScheduler::SetVcWeight(uint32_t vc, double weight)
{
    CheckWeight(weight, "SetVcWeight(" + std::to_string(vc) + ")");
    SetEntry(m_vcWeightCfg, vc, weight, 0.0);
    Rebuild();
}

void
FlexibleRuCellScheduler::SetQueueWeight(uint32_t queue, double weight)
{
    CheckWeight(weight, "SetQueueWeight(" + std::to_string(queue) + ")");
    SetEntry(m_queueWeightCfg, queue, weight, 0.0);
    Rebuild();
}

void
FlexibleRuCellScheduler::SetQueueGroup(uint32_t queue, uint32_t group)
{
    NS_ABORT_MSG_IF(group == NONE,
                    "FlexibleRuCellScheduler: SetQueueGroup("
                        << queue << ", " << group << "); give a group id below " << NONE);
    SetEntry(m_queueGroupCfg, queue, group, NONE);
    Rebuild();
}

void
FlexibleRuCellScheduler::SetGroupWeight(uint32_t group, double weight)
{
    CheckWeight(weight, "SetGroupWeight(" + std::to_string(group) + ")");
    SetEntry(m_groupWeightCfg, group, weight, 0.0);
    Rebuild();
}

void
FlexibleRuCellScheduler::SetVcWeightsText(std::string text)
{
    m_vcWeightCfg = AtmParseWeightList(text, "FlexibleRuCellScheduler", "VcWeights");
    m_vcWeightsText = std::move(text);
    Rebuild();
}

std::string
FlexibleRuCellScheduler::GetVcWeightsText() const
{
    return m_vcWeightsText;
}

void
FlexibleRuCellScheduler::SetQueueWeightsText(std::string text)
{
    m_queueWeightCfg = AtmParseWeightList(text, "FlexibleRuCellScheduler", "QueueWeights");
    m_queueWeightsText = std::move(text);
    Rebuild();
}

std::string
FlexibleRuCellScheduler::GetQueueWeightsText() const
{
    return m_queueWeightsText;
}

void
FlexibleRuCellScheduler::SetQueueGroupsText(std::string text)
{
    std::istringstream in(text);
    std::vector<uint32_t> groups;
    std::string token;
    while (in >> token)
    {
        uint32_t g = 0;
        std::istringstream tokenIn(token);
        const bool ok = static_cast<bool>(tokenIn >> g) && tokenIn.eof() &&
                        token.find('-') == std::string::npos && g != NONE;
        NS_ABORT_MSG_IF(!ok,
                        "FlexibleRuCellScheduler: QueueGroups=\""
                            << text << "\" has the entry \"" << token
                            << "\"; give whitespace-separated group ids 0.." << NONE - 1);
        groups.push_back(g);
    }
    m_queueGroupCfg = groups;
    m_queueGroupsText = std::move(text);
    Rebuild();
}

std::string
FlexibleRuCellScheduler::GetQueueGroupsText() const
{
    return m_queueGroupsText;
}

void
FlexibleRuCellScheduler::SetGroupWeightsText(std::string text)
{
    m_groupWeightCfg = AtmParseWeightList(text, "FlexibleRuCellScheduler", "GroupWeights");
    m_groupWeightsText = std::move(text);
    Rebuild();
}

std::string
FlexibleRuCellScheduler::GetGroupWeightsText() const
{
    return m_groupWeightsText;
}

double
FlexibleRuCellScheduler::GetQueueWeight(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queueWeight.size(),
                    "FlexibleRuCellScheduler: unknown queue " << queue);
    return m_queueWeight[queue];
}

double
FlexibleRuCellScheduler::GetQueueMcr(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queueMcr.size(), "FlexibleRuCellScheduler: unknown queue " << queue);
    return m_queueMcr[queue];
}

uint32_t
FlexibleRuCellScheduler::GetUFlow(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_flowOf.size(), "FlexibleRuCellScheduler: unknown queue " << queue);
    return m_flowOf[queue];
}

uint32_t
FlexibleRuCellScheduler::GetNUFlows() const
{
    return static_cast<uint32_t>(m_flowWeight.size());
}

double
FlexibleRuCellScheduler::GetUFlowWeight(uint32_t flow) const
{
    NS_ABORT_MSG_IF(flow >= m_flowWeight.size(),
                    "FlexibleRuCellScheduler: unknown U flow " << flow);
    return m_flowWeight[flow];
}

void
FlexibleRuCellScheduler::Rebuild()
{
    const auto nQueues = static_cast<uint32_t>(m_queueMcr.size());
    if (nQueues == 0)
    {
        return; // configured before the port: applied when the queues arrive
    }
    // Queue weights: configured, else the sum of the VCs' W, else DefaultWeight.
    std::vector<double> vcSum(nQueues, 0.0);
    std::vector<uint32_t> vcCount(nQueues, 0);
    for (uint32_t v = 0; v < m_vcQueue.size(); ++v)
    {
        const double w =
            (v < m_vcWeightCfg.size() && m_vcWeightCfg[v] > 0) ? m_vcWeightCfg[v] : m_defaultWeight;
        vcSum[m_vcQueue[v]] += w;
        ++vcCount[m_vcQueue[v]];
    }
    std::vector<double> weight(nQueues);
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        if (q < m_queueWeightCfg.size() && m_queueWeightCfg[q] > 0)
        {
            weight[q] = m_queueWeightCfg[q];
        }
        else
        {
            weight[q] = vcCount[q] > 0 ? vcSum[q] : m_defaultWeight;
        }
        CheckWeight(weight[q], "the weight W of queue " + std::to_string(q));
    }
    // U flows, numbered in order of their first queue. The key is the configured group id
    // (Explicit), the weight (ByWeight) or the queue itself.
    std::vector<uint32_t> flowOf(nQueues);
    std::vector<double> flowWeight;
    std::vector<std::pair<double, uint32_t>> keys; // (key, flow): a few entries, config time
    std::vector<uint32_t> flowGroup;               // per flow: configured group id or NONE
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        double key = -1;
        uint32_t group = NONE;
        if (m_grouping == EXPLICIT && q < m_queueGroupCfg.size() && m_queueGroupCfg[q] != NONE)
        {
            group = m_queueGroupCfg[q];
            key = group;
        }
        else if (m_grouping == BY_WEIGHT)
        {
            key = weight[q];
        }
        uint32_t flow = NONE;
        if (key >= 0)
        {
            for (const auto& [k, f] : keys)
            {
                if (k == key)
                {
                    flow = f;
                    break;
                }
            }
        }
        if (flow == NONE)
        {
            flow = static_cast<uint32_t>(flowWeight.size());
            flowWeight.push_back(0.0);
            flowGroup.push_back(group);
            if (key >= 0)
            {
                keys.emplace_back(key, flow);
            }
        }
        flowOf[q] = flow;
        flowWeight[flow] += weight[q];
    }
    for (uint32_t f = 0; f < flowWeight.size(); ++f)
    {
        const uint32_t g = flowGroup[f];
        if (g != NONE && g < m_groupWeightCfg.size() && m_groupWeightCfg[g] > 0)
        {
            flowWeight[f] = m_groupWeightCfg[g];
        }
    }
    // A backlogged queue sits in its flow's list: it cannot move while it holds cells.
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        NS_ABORT_MSG_IF(q < m_flowOf.size() && m_backlogged[q] != 0 && m_flowOf[q] != flowOf[q],
                        "FlexibleRuCellScheduler: a weight or group change moves backlogged "
                        "queue "
                            << q
                            << " to another U group; configure weights and groups before "
                               "cells arrive");
    }
    m_queueWeight = weight;
    m_flowOf = flowOf;
    m_flowWeight = flowWeight;
    const auto nFlows = static_cast<uint32_t>(flowWeight.size());
    if (m_u.GetSize() < nFlows)
    {
        m_u.Resize(nFlows);
        m_lists.resize(nFlows);
    }
    for (uint32_t f = 0; f < nFlows; ++f)
    {
        m_u.SetSpacing(f, 1.0 / flowWeight[f]);
    }
    for (uint32_t q = 0; q < nQueues; ++q)
    {
        if (m_queueMcr[q] > 0)
        {
            m_r.SetSpacing(q, 1.0 / m_queueMcr[q]);
        }
    }
}

void
FlexibleRuCellScheduler::DoNotifyQueueAdded(const AtmPortState& /* state */, uint32_t queue)
{
    m_queueMcr.push_back(0.0);
    m_next.push_back(NONE);
    m_prev.push_back(NONE);
    m_backlogged.push_back(0);
    m_fresh.push_back(0);
    m_r.Resize(queue + 1);
    m_halfStep = 0.5 * TimeStep(1).GetSeconds();
    Rebuild();
}

void
FlexibleRuCellScheduler::DoNotifyVcAdded(const AtmPortState& state, uint32_t vc)
{
    if (m_vcQueue.size() <= vc)
    {
        m_vcQueue.resize(vc + 1, 0);
    }
    m_vcQueue[vc] = state.GetVcQueue(vc);
    m_queueMcr[state.GetVcQueue(vc)] += state.GetVcMcr(vc);
    Rebuild();
}

void
FlexibleRuCellScheduler::PushBack(uint32_t flow, uint32_t queue)
{
    FlowList& l = m_lists[flow];
    m_prev[queue] = l.tail;
    m_next[queue] = NONE;
    if (l.tail != NONE)
    {
        m_next[l.tail] = queue;
    }
    else
    {
        l.head = queue;
    }
    l.tail = queue;
}

void
FlexibleRuCellScheduler::Remove(uint32_t flow, uint32_t queue)
{
    FlowList& l = m_lists[flow];
    if (m_prev[queue] != NONE)
    {
        m_next[m_prev[queue]] = m_next[queue];
    }
    else
    {
        l.head = m_next[queue];
    }
    if (m_next[queue] != NONE)
    {
        m_prev[m_next[queue]] = m_prev[queue];
    }
    else
    {
        l.tail = m_prev[queue];
    }
    m_next[queue] = NONE;
    m_prev[queue] = NONE;
}

uint32_t
FlexibleRuCellScheduler::FirstEligible(uint32_t flow, const AtmPortState& state) const
{
    for (uint32_t q = m_lists[flow].head; q != NONE; q = m_next[q])
    {
        if (state.GetQueueMaySend(q))
        {
            return q;
        }
    }
    return NONE;
}

void
FlexibleRuCellScheduler::DoNotifyBacklogged(uint32_t queue)
{
    m_backlogged[queue] = 1;
    m_fresh[queue] = 1; // R's tag is set at NotifyEnqueued(), which knows the arrival instant
    const uint32_t f = m_flowOf[queue];
    if (m_lists[f].head == NONE)
    {
        m_u.Activate(f, m_u.GetVirtualTime());
    }
    PushBack(f, queue);
}

void
FlexibleRuCellScheduler::DoNotifyEnqueued(const AtmPortState& state, uint32_t vc)
{
    const uint32_t q = state.GetVcQueue(vc);
    if (m_fresh[q] == 0)
    {
        return;
    }
    m_fresh[q] = 0;
    if (m_queueMcr[q] > 0)
    {
        double start = m_r.GetVirtualTime();
        if (m_clamp)
        {
            start = std::max(start, state.GetNow().GetSeconds());
        }
        m_r.Activate(q, start);
    }
}

void
FlexibleRuCellScheduler::DoNotifyEmptied(uint32_t queue)
{
    m_backlogged[queue] = 0;
    m_fresh[queue] = 0;
    if (m_r.IsActive(queue))
    {
        m_r.Deactivate(queue);
    }
    const uint32_t f = m_flowOf[queue];
    Remove(f, queue);
    if (m_lists[f].head == NONE)
    {
        m_u.Deactivate(f);
    }
    if (m_selected == queue)
    {
        m_selected = NONE;
    }
}

std::optional<uint32_t>
FlexibleRuCellScheduler::DoSelectQueue(const AtmPortState& state, Time now)
{
    m_selected = NONE;
    const uint32_t s =
        m_r.SelectMin([&state](uint32_t q) { return state.GetQueueMaySend(q); }, false);
    if (s != AtmVirtualSpacing::NONE && m_r.GetTag(s) <= now.GetSeconds() + m_halfStep)
    {
        m_selected = s;
        m_selectedByR = true;
        return s;
    }
    if (!m_workConserving)
    {
        return std::nullopt;
    }
    const uint32_t g =
        m_u.SelectMin([this, &state](uint32_t f) { return FirstEligible(f, state) != NONE; },
                      false);
    if (g == AtmVirtualSpacing::NONE)
    {
        return std::nullopt;
    }
    m_selected = FirstEligible(g, state);
    m_selectedByR = false;
    return m_selected;
}

void
FlexibleRuCellScheduler::DoNotifyServed(uint32_t queue)
{
    const bool byR = queue == m_selected && m_selectedByR;
    m_selected = NONE;
    if (byR)
    {
        m_r.Serve(queue); // V_R = F_R; F_R += 1/MCR; F_U untouched
    }
    else
    {
        const uint32_t f = m_flowOf[queue];
        m_u.Serve(f); // V_U = F_U; F_U = V_U + 1/W_g; F_R untouched
        Remove(f, queue);
        PushBack(f, queue);
    }
    m_servedTrace(queue, byR);
}

} // namespace ns3
