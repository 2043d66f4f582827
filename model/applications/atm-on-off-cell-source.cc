/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-on-off-cell-source.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-net-device.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmOnOffCellSource");

NS_OBJECT_ENSURE_REGISTERED(AtmOnOffCellSource);

TypeId
AtmOnOffCellSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmOnOffCellSource")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddConstructor<AtmOnOffCellSource>()
            .AddAttribute("OnTime",
                          "Duration of each ON period (cells back to back).",
                          TimeValue(MilliSeconds(300)),
                          MakeTimeAccessor(&AtmOnOffCellSource::m_onTime),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("OffTime",
                          "Duration of each OFF period (silence).",
                          TimeValue(MilliSeconds(300)),
                          MakeTimeAccessor(&AtmOnOffCellSource::m_offTime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("FrameCells",
                          "Cells per AAL5 PDU the source hands the device (the last PDU of an ON "
                          "period is shorter).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&AtmOnOffCellSource::m_frameCells),
                          MakeUintegerChecker<uint32_t>(1, 1365));
    return tid;
}

AtmOnOffCellSource::AtmOnOffCellSource()
{
    NS_LOG_FUNCTION(this);
}

AtmOnOffCellSource::~AtmOnOffCellSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmOnOffCellSource::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    m_device = nullptr;
    Application::DoDispose();
}

void
AtmOnOffCellSource::Setup(Ptr<AtmNetDevice> device, uint32_t vc)
{
    NS_LOG_FUNCTION(this << device << vc);
    NS_ABORT_MSG_IF(!device, "AtmOnOffCellSource::Setup: null device");
    m_device = device;
    m_vc = vc;
    m_device->SetVcFrameSource(vc, MakeCallback(&AtmOnOffCellSource::NextFrame, this));
}

void
AtmOnOffCellSource::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_device,
                    "AtmOnOffCellSource on node "
                        << (GetNode() ? GetNode()->GetId() : 0)
                        << " started without a VC; call Setup(device, vc) before it starts");
    BeginOn();
}

void
AtmOnOffCellSource::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    m_on = false;
}

void
AtmOnOffCellSource::BeginOn()
{
    m_on = true;
    ++m_onPeriods;
    m_onEnd = Simulator::Now() + m_onTime;
    m_event = Simulator::Schedule(m_onTime, &AtmOnOffCellSource::EndOn, this);
    m_device->WakeVc(m_vc);
}

void
AtmOnOffCellSource::EndOn()
{
    m_on = false;
    m_event = Simulator::Schedule(m_offTime, &AtmOnOffCellSource::BeginOn, this);
}

Ptr<Packet>
AtmOnOffCellSource::NextFrame()
{
    if (!m_on)
    {
        return nullptr;
    }
    // The frame's first cell may leave at the first slot strictly after now; keep every cell
    // inside the ON period.
    const AtmCellClock& clock = m_device->GetTransmitter()->GetClock();
    const Time now = Simulator::Now();
    uint64_t first = clock.GetSlotAtOrAfter(now);
    if (clock.GetSlotStart(first) == now)
    {
        ++first;
    }
    const uint64_t end = clock.GetSlotAtOrAfter(m_onEnd);
    if (end <= first)
    {
        return nullptr;
    }
    const uint32_t cells = static_cast<uint32_t>(std::min<uint64_t>(m_frameCells, end - first));
    m_cellsOffered += cells;
    return Create<Packet>(48 * cells - 8); // + 8-byte AAL5 trailer = whole cells, no pad
}

uint64_t
AtmOnOffCellSource::GetCellsOffered() const
{
    return m_cellsOffered;
}

uint32_t
AtmOnOffCellSource::GetOnPeriods() const
{
    return m_onPeriods;
}

} // namespace ns3
