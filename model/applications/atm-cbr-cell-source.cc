/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cbr-cell-source.h"

#include "ns3/abort.h"
#include "ns3/atm-net-device.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCbrCellSource");

NS_OBJECT_ENSURE_REGISTERED(AtmCbrCellSource);

TypeId
AtmCbrCellSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCbrCellSource")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCbrCellSource>()
            .AddAttribute("Interval",
                          "Nominal time between the releases of two bursts (the stream's "
                          "inter-arrival time; its rate is BurstCells / Interval).",
                          TimeValue(MicroSeconds(381)),
                          MakeTimeAccessor(&AtmCbrCellSource::m_interval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("Jitter",
                          "Delay in seconds (>= 0) added to each burst's nominal release "
                          "instant, drawn per burst; releases keep their order.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&AtmCbrCellSource::m_jitter),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("BurstCells",
                          "Cells per release: one AAL5 PDU of this many cells (1: one cell, "
                          "TEN-34's burst size 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmCbrCellSource::m_burstCells),
                          MakeUintegerChecker<uint32_t>(1, 1365))
            .AddAttribute("MaxBursts",
                          "Stop after this many releases (0: until the application stops).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmCbrCellSource::m_maxBursts),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

AtmCbrCellSource::AtmCbrCellSource()
{
    NS_LOG_FUNCTION(this);
}

AtmCbrCellSource::~AtmCbrCellSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCbrCellSource::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    m_device = nullptr;
    m_jitter = nullptr;
    Application::DoDispose();
}

void
AtmCbrCellSource::Setup(Ptr<AtmNetDevice> device, uint32_t vc)
{
    NS_LOG_FUNCTION(this << device << vc);
    NS_ABORT_MSG_IF(!device, "AtmCbrCellSource::Setup: null device");
    m_device = device;
    m_vc = vc;
    m_device->SetVcFrameSource(vc, MakeCallback(&AtmCbrCellSource::NextFrame, this));
}

int64_t
AtmCbrCellSource::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

uint64_t
AtmCbrCellSource::GetBurstsReleased() const
{
    return m_next;
}

uint64_t
AtmCbrCellSource::GetCellsOffered() const
{
    return m_cellsOffered;
}

void
AtmCbrCellSource::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_device,
                    "AtmCbrCellSource on node "
                        << (GetNode() ? GetNode()->GetId() : 0)
                        << " started without a VC; call Setup(device, vc) before it starts");
    NS_ABORT_MSG_IF(!m_jitter,
                    "AtmCbrCellSource: attribute Jitter is null; give a random "
                    "variable (e.g. ns3::ConstantRandomVariable[Constant=0])");
    m_origin = Simulator::Now();
    m_lastRelease = m_origin;
    ScheduleNext();
}

void
AtmCbrCellSource::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
}

void
AtmCbrCellSource::ScheduleNext()
{
    if (m_maxBursts > 0 && m_next >= m_maxBursts)
    {
        return;
    }
    const double jitter = m_jitter->GetValue();
    NS_ABORT_MSG_IF(!(jitter >= 0),
                    "AtmCbrCellSource: attribute Jitter drew "
                        << jitter << " s for burst " << m_next
                        << "; the jitter delays a release and must be >= 0 (e.g. "
                           "ns3::UniformRandomVariable[Min=0|Max=...])");
    const Time nominal = m_origin + m_interval * static_cast<int64_t>(m_next);
    const Time release = std::max(m_lastRelease, nominal + Seconds(jitter));
    m_event = Simulator::Schedule(release - Simulator::Now(), &AtmCbrCellSource::Release, this);
}

void
AtmCbrCellSource::Release()
{
    m_lastRelease = Simulator::Now();
    ++m_next;
    ++m_pending;
    m_device->WakeVc(m_vc);
    ScheduleNext();
}

Ptr<Packet>
AtmCbrCellSource::NextFrame()
{
    if (m_pending == 0)
    {
        return nullptr;
    }
    --m_pending;
    m_cellsOffered += m_burstCells;
    return Create<Packet>(48 * m_burstCells - 8); // + 8-byte AAL5 trailer = whole cells
}

} // namespace ns3
