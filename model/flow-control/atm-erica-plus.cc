/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-erica-plus.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmEricaPlus");

NS_OBJECT_ENSURE_REGISTERED(AtmEricaPlus);

TypeId
AtmEricaPlus::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmEricaPlus")
            .SetParent<AtmErica>()
            .SetGroupName("Atm")
            .AddConstructor<AtmEricaPlus>()
            .AddAttribute("TargetQueueDelay",
                          "T0: the target queue is Q0 = T0 x (link rate - CBR/VBR rate) cells "
                          "(our reading of Bonaventure's 'empty time', 1 ms).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&AtmEricaPlus::m_t0),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("QueueControlA",
                          "a > 1: f(0) = a, the over-allocation with an empty queue (1.15).",
                          DoubleValue(1.15),
                          MakeDoubleAccessor(&AtmEricaPlus::m_a),
                          MakeDoubleChecker<double>(std::nextafter(1.0, 2.0)))
            .AddAttribute("QueueControlB",
                          "b > 1: the curvature of f above Q0; larger b drains faster (1.05).",
                          DoubleValue(1.05),
                          MakeDoubleAccessor(&AtmEricaPlus::m_b),
                          MakeDoubleChecker<double>(std::nextafter(1.0, 2.0)))
            .AddAttribute("QueueDrainLimitFactor",
                          "QDLF in (0, 1]: f never falls below it, so at least this fraction of "
                          "the ABR bandwidth carries data while a queue drains (0.5).",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&AtmEricaPlus::m_qdlf),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(), 1));
    return tid;
}

AtmEricaPlus::AtmEricaPlus()
    : m_t0(MilliSeconds(1))
{
    NS_LOG_FUNCTION(this);
}

AtmEricaPlus::~AtmEricaPlus()
{
    NS_LOG_FUNCTION(this);
}

double
AtmEricaPlus::GetQueueControlFactor(double queueCells, double totalAbr) const
{
    const double q0 = m_t0.GetSeconds() * totalAbr;
    if (q0 <= 0)
    {
        return 0; // no ABR bandwidth: nothing to scale
    }
    if (queueCells <= q0)
    {
        return m_a * q0 / ((m_a - 1) * queueCells + q0);
    }
    return std::max(m_qdlf, m_b * q0 / ((m_b - 1) * queueCells + q0));
}

double
AtmEricaPlus::DoGetTargetFraction(uint32_t queueCells, double totalAbr) const
{
    return GetQueueControlFactor(queueCells, totalAbr);
}

} // namespace ns3
