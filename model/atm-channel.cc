/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-channel.h"

#include "atm-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/nstime.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmChannel");

NS_OBJECT_ENSURE_REGISTERED(AtmChannel);

TypeId
AtmChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmChannel")
            .SetParent<Channel>()
            .SetGroupName("Atm")
            .AddConstructor<AtmChannel>()
            .AddAttribute(
                "CellRate",
                "The ATM-layer cell rate of each direction, exact: a preset (OC3c, "
                "OC3cRaw, 155Mbps, Sandia, E3, 2E3, DS3, T3, OC12c), cells/s "
                "(\"80000\", \"18720000/53\"), a cell time (\"2.75us\") or a bit rate "
                "(\"34368kbps\", 424 bits per cell). Fixed once a device is attached.",
                AtmCellRateValue(AtmCellRate::Parse("OC3c")),
                MakeAtmCellRateAccessor(&AtmChannel::SetCellRate, &AtmChannel::GetCellRate),
                MakeAtmCellRateChecker())
            .AddAttribute("Delay",
                          "Propagation delay of each direction.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmChannel::m_delay),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

AtmChannel::AtmChannel()
{
    NS_LOG_FUNCTION(this);
}

AtmChannel::~AtmChannel()
{
    NS_LOG_FUNCTION(this);
}

void
AtmChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_devices = {nullptr, nullptr};
    Channel::DoDispose();
}

void
AtmChannel::SetCellRate(AtmCellRate rate)
{
    NS_ABORT_MSG_IF(m_nDevices > 0,
                    "AtmChannel " << GetId() << ": CellRate set to " << rate
                                  << " after a device attached; set it before Attach() (e.g. "
                                     "AtmHelper::SetChannelAttribute)");
    NS_ABORT_MSG_IF(rate.GetNumerator() == 0,
                    "AtmChannel " << GetId() << ": CellRate must be positive");
    m_rate = rate;
}

AtmCellRate
AtmChannel::GetCellRate() const
{
    return m_rate;
}

Time
AtmChannel::GetDelay() const
{
    return m_delay;
}

uint32_t
AtmChannel::Attach(Ptr<AtmDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(!device, "AtmChannel " << GetId() << ": Attach(null)");
    NS_ABORT_MSG_IF(m_nDevices >= 2,
                    "AtmChannel " << GetId()
                                  << ": a third device attached; an ATM link has exactly two ends");
    m_devices[m_nDevices] = device;
    return m_nDevices++;
}

void
AtmChannel::Transmit(Ptr<const AtmDevice> from,
                     const AtmCell& cell,
                     Time firstBitSent,
                     Time lastBitSent)
{
    // Per cell: no NS_LOG_FUNCTION.
    NS_ABORT_MSG_IF(m_nDevices < 2,
                    "AtmChannel " << GetId()
                                  << ": a cell was sent on a link with one end; attach the "
                                     "second device (AtmHelper::Install connects both)");
    const uint32_t end = GetEndOf(from);
    CountCell(end);
    m_devices[1 - end]->ReceiveCell(cell, firstBitSent + m_delay, lastBitSent + m_delay);
}

uint32_t
AtmChannel::GetEndOf(Ptr<const AtmDevice> device) const
{
    const uint32_t end = (m_devices[0] == device) ? 0 : 1;
    NS_ASSERT_MSG(m_devices[end] == device, "AtmChannel: a device that is not attached");
    return end;
}

Ptr<AtmDevice>
AtmChannel::GetEnd(uint32_t end) const
{
    NS_ABORT_MSG_IF(end > 1, "AtmChannel: end " << end << " (0 or 1)");
    return m_devices[end];
}

void
AtmChannel::CountCell(uint32_t end)
{
    ++m_cells[end];
}

Ptr<AtmDevice>
AtmChannel::GetPeer(Ptr<const AtmDevice> device) const
{
    if (m_nDevices < 2)
    {
        return nullptr;
    }
    return m_devices[0] == device ? m_devices[1] : m_devices[0];
}

uint64_t
AtmChannel::GetCellsTransmitted(uint32_t end) const
{
    NS_ABORT_MSG_IF(end > 1, "AtmChannel: end " << end << " (0 or 1)");
    return m_cells[end];
}

std::size_t
AtmChannel::GetNDevices() const
{
    return m_nDevices;
}

Ptr<NetDevice>
AtmChannel::GetDevice(std::size_t i) const
{
    NS_ABORT_MSG_IF(i >= m_nDevices, "AtmChannel: device " << i << " of " << m_nDevices);
    return m_devices[i];
}

} // namespace ns3
