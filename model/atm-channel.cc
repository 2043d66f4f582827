/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-channel.h"

#include "atm-cell-transmitter.h"
#include "atm-device.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmChannel");

NS_OBJECT_ENSURE_REGISTERED(AtmChannel);

namespace
{
/// The loss reasons in the order of the per-direction counters.
constexpr const char* LOSS_REASONS[] = {AtmChannel::LINK_DOWN,
                                        AtmChannel::RANDOM_LOSS,
                                        AtmChannel::HEC_MULTI_BIT,
                                        AtmChannel::HEC_DETECTION_MODE};
constexpr uint32_t LINK_DOWN_INDEX = 0;     //!< LOSS_REASONS index of LINK_DOWN
constexpr uint32_t RANDOM_LOSS_INDEX = 1;   //!< LOSS_REASONS index of RANDOM_LOSS
constexpr uint32_t HEC_MULTI_BIT_INDEX = 2; //!< LOSS_REASONS index of HEC_MULTI_BIT
constexpr uint32_t HEC_DETECTION_INDEX = 3; //!< LOSS_REASONS index of HEC_DETECTION_MODE
} // namespace

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
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute(
                "ErrorModel",
                "Cell error model of both directions (AtmCellErrorModel: cell loss, "
                "header and payload bit errors; null: none). Each direction keeps its "
                "own HEC receiver; SetErrorModel() sets one direction.",
                PointerValue(),
                MakePointerAccessor(&AtmChannel::SetErrorModelBoth, &AtmChannel::GetErrorModelBoth),
                MakePointerChecker<AtmCellErrorModel>())
            .AddTraceSource("CellLoss",
                            "A cell was lost on the link: (sending end, cell, reason), traced "
                            "when it is sent.",
                            MakeTraceSourceAccessor(&AtmChannel::m_lossTrace),
                            "ns3::AtmChannel::CellFaultTracedCallback")
            .AddTraceSource("CellImpaired",
                            "A cell goes on impaired: (sending end, cell, HEC_CORRECTED or "
                            "PAYLOAD_ERROR), traced when it is sent.",
                            MakeTraceSourceAccessor(&AtmChannel::m_impairedTrace),
                            "ns3::AtmChannel::CellFaultTracedCallback");
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
    SetErrorModel(0, nullptr);
    SetErrorModel(1, nullptr);
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
    if (m_faulty)
    {
        TransmitFaulty(end, cell, firstBitSent, lastBitSent);
        return;
    }
    m_devices[1 - end]->ReceiveCell(cell, firstBitSent + m_delay, lastBitSent + m_delay);
}

void
AtmChannel::TransmitFaulty(uint32_t end, const AtmCell& cell, Time firstBitSent, Time lastBitSent)
{
    Direction& d = m_dir[end];
    // An empty slot before this cell carried an idle cell (I.432.1 cell rate decoupling), taken
    // to be error-free: it returns the HEC receiver to correction mode.
    const bool afterGap = firstBitSent > d.lastBitSent;
    d.lastBitSent = lastBitSent;
    if (!m_outages.empty())
    {
        // Cells of a direction are sent in time order: skip the outages over before this one.
        while (d.outage < m_outages.size() && m_outages[d.outage].up <= firstBitSent)
        {
            ++d.outage;
        }
        if (d.outage < m_outages.size() && m_outages[d.outage].down < lastBitSent + m_delay)
        {
            d.lastBitSent = Time(-1); // the receiver sees the next cell after a break
            Lose(end, cell, LINK_DOWN_INDEX);
            return;
        }
    }
    if (d.errorModel)
    {
        const AtmCellImpairment imp = d.errorModel->Draw(cell);
        if (imp.lost)
        {
            Lose(end, cell, RANDOM_LOSS_INDEX);
            return;
        }
        if (afterGap)
        {
            d.hec.Resync();
        }
        switch (d.hec.Receive(imp.headerBitErrors))
        {
        case AtmHecReceiver::DISCARDED_MULTI_BIT:
            Lose(end, cell, HEC_MULTI_BIT_INDEX);
            return;
        case AtmHecReceiver::DISCARDED_DETECTION:
            Lose(end, cell, HEC_DETECTION_INDEX);
            return;
        case AtmHecReceiver::CORRECTED:
            ++d.corrected;
            m_impairedTrace(end, cell, HEC_CORRECTED);
            break;
        default:
            break;
        }
        if (imp.payloadBitErrors > 0)
        {
            AtmCell corrupted = cell;
            corrupted.flags |= AtmCell::PAYLOAD_CORRUPTED;
            ++d.corrupted;
            m_impairedTrace(end, corrupted, PAYLOAD_ERROR);
            m_devices[1 - end]->ReceiveCell(corrupted,
                                            firstBitSent + m_delay,
                                            lastBitSent + m_delay);
            return;
        }
    }
    m_devices[1 - end]->ReceiveCell(cell, firstBitSent + m_delay, lastBitSent + m_delay);
}

void
AtmChannel::Lose(uint32_t end, const AtmCell& cell, uint32_t reason)
{
    static_assert(sizeof(LOSS_REASONS) / sizeof(LOSS_REASONS[0]) == N_LOSS_REASONS,
                  "one counter per loss reason");
    Direction& d = m_dir[end];
    ++d.lost[reason];
    if (cell.vc >= d.lostByVc.size())
    {
        d.lostByVc.resize(cell.vc + 1, 0);
    }
    ++d.lostByVc[cell.vc];
    m_lossTrace(end, cell, LOSS_REASONS[reason]);
}

void
AtmChannel::SetErrorModel(uint32_t fromEnd, Ptr<AtmCellErrorModel> model)
{
    NS_LOG_FUNCTION(this << fromEnd << model);
    NS_ABORT_MSG_IF(fromEnd > 1, "AtmChannel: end " << fromEnd << " (0 or 1)");
    if (m_dir[fromEnd].errorModel)
    {
        m_dir[fromEnd].errorModel->NotifyDirection(false);
    }
    m_dir[fromEnd].errorModel = model;
    if (model)
    {
        model->NotifyDirection(true);
    }
    UpdateFaulty();
}

Ptr<AtmCellErrorModel>
AtmChannel::GetErrorModel(uint32_t fromEnd) const
{
    return GetDirection(fromEnd).errorModel;
}

void
AtmChannel::SetErrorModelBoth(Ptr<AtmCellErrorModel> model)
{
    SetErrorModel(0, model);
    SetErrorModel(1, model);
}

Ptr<AtmCellErrorModel>
AtmChannel::GetErrorModelBoth() const
{
    return m_dir[0].errorModel;
}

int64_t
AtmChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t n = 0;
    if (m_dir[0].errorModel)
    {
        n += m_dir[0].errorModel->AssignStreams(stream);
    }
    if (m_dir[1].errorModel && m_dir[1].errorModel != m_dir[0].errorModel)
    {
        n += m_dir[1].errorModel->AssignStreams(stream + n);
    }
    return n;
}

void
AtmChannel::UpdateFaulty()
{
    m_faulty = m_dir[0].errorModel || m_dir[1].errorModel || !m_outages.empty();
}

void
AtmChannel::SetLinkDown(Time at, Time duration)
{
    NS_LOG_FUNCTION(this << at << duration);
    NS_ABORT_MSG_IF(!duration.IsStrictlyPositive(),
                    "AtmChannel " << GetId() << ": SetLinkDown duration " << duration
                                  << " must be positive");
    const Time now = Simulator::Now();
    NS_ABORT_MSG_IF(at < now,
                    "AtmChannel " << GetId() << ": SetLinkDown at " << at << " is in the past (now "
                                  << now << ")");
    if (m_cells[0] + m_cells[1] > 0)
    {
        // Cells already handed to the far end arrive at most Delay + one cell time from now.
        const Time earliest = now + m_delay + m_rate.GetCellTime() + Time(1);
        NS_ABORT_MSG_IF(at < earliest,
                        "AtmChannel " << GetId() << ": SetLinkDown at " << at
                                      << " is too late: cells already handed to the far end may "
                                         "be on the wire then. Schedule outages before "
                                         "Simulator::Run(), or at "
                                      << earliest << " or later");
    }
    Outage o{at, duration >= Time::Max() - at ? Time::Max() : at + duration};
    // Insert in order, merging the outages it overlaps.
    auto it = std::lower_bound(m_outages.begin(),
                               m_outages.end(),
                               o,
                               [](const Outage& a, const Outage& b) { return a.down < b.down; });
    if (it != m_outages.begin() && std::prev(it)->up > o.down)
    {
        --it;
        o.down = it->down;
        o.up = std::max(o.up, it->up);
        it = m_outages.erase(it);
    }
    while (it != m_outages.end() && it->down < o.up)
    {
        o.up = std::max(o.up, it->up);
        it = m_outages.erase(it);
    }
    m_outages.insert(it, o);
    UpdateFaulty();
}

bool
AtmChannel::IsUp(Time t) const
{
    for (const Outage& o : m_outages)
    {
        if (o.down <= t && t < o.up)
        {
            return false;
        }
    }
    return true;
}

const AtmChannel::Direction&
AtmChannel::GetDirection(uint32_t end) const
{
    NS_ABORT_MSG_IF(end > 1, "AtmChannel: end " << end << " (0 or 1)");
    SyncEnds();
    return m_dir[end];
}

void
AtmChannel::SyncEnds() const
{
    // A switch port may run its slots a little after their start (AtmSwitch "DeferSlots"): let
    // both ends send what they sent before now, so that the counters describe the present.
    for (uint32_t i = 0; i < m_nDevices; ++i)
    {
        if (m_devices[i]->GetTransmitter())
        {
            m_devices[i]->GetTransmitter()->Sync();
        }
    }
}

bool
AtmChannel::IsTraced() const
{
    return !m_lossTrace.IsEmpty() || !m_impairedTrace.IsEmpty();
}

bool
AtmChannel::HasSharedErrorModel() const
{
    return (m_dir[0].errorModel && m_dir[0].errorModel->GetDirections() > 1) ||
           (m_dir[1].errorModel && m_dir[1].errorModel->GetDirections() > 1);
}

uint64_t
AtmChannel::GetCellsLost(uint32_t fromEnd) const
{
    const Direction& d = GetDirection(fromEnd);
    uint64_t n = 0;
    for (uint64_t c : d.lost)
    {
        n += c;
    }
    return n;
}

uint64_t
AtmChannel::GetCellsLost(uint32_t fromEnd, const char* reason) const
{
    const Direction& d = GetDirection(fromEnd);
    for (uint32_t i = 0; i < N_LOSS_REASONS; ++i)
    {
        if (LOSS_REASONS[i] == reason)
        {
            return d.lost[i];
        }
    }
    return 0;
}

uint64_t
AtmChannel::GetVcCellsLost(uint32_t fromEnd, uint32_t vc) const
{
    const Direction& d = GetDirection(fromEnd);
    return vc < d.lostByVc.size() ? d.lostByVc[vc] : 0;
}

uint64_t
AtmChannel::GetHecCorrected(uint32_t fromEnd) const
{
    return GetDirection(fromEnd).corrected;
}

uint64_t
AtmChannel::GetPayloadCorrupted(uint32_t fromEnd) const
{
    return GetDirection(fromEnd).corrupted;
}

const AtmHecReceiver&
AtmChannel::GetHecReceiver(uint32_t fromEnd) const
{
    return GetDirection(fromEnd).hec;
}

uint32_t
AtmChannel::GetEndIndex(Ptr<const AtmDevice> device) const
{
    NS_ABORT_MSG_IF(!device || (m_devices[0] != device && m_devices[1] != device),
                    "AtmChannel " << GetId() << ": the device is not attached to this link");
    return m_devices[0] == device ? 0 : 1;
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
    SyncEnds();
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
