/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cdv-monitor.h"

#include "atm-pvc-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCdvMonitor");

AtmCdvMonitor::AtmCdvMonitor(Ptr<AtmDevice> device, uint32_t vc, Time start)
    : m_device(device),
      m_vc(vc),
      m_start(start)
{
    NS_LOG_FUNCTION(this << device << vc << start);
    NS_ABORT_MSG_IF(!device, "AtmCdvMonitor: null device");
    m_port = device->GetOutputPort();
    m_port->TraceConnectWithoutContext("CellDequeue",
                                       MakeCallback(&AtmCdvMonitor::OnDeparture, this));
}

namespace
{

/**
 * The hop-th transmitter of a PVC's forward direction, or abort.
 * @param pvc the PVC
 * @param hop the index
 * @return the (device, VC index) pair
 */
const std::pair<Ptr<AtmDevice>, uint32_t>&
ForwardHop(const AtmPvc& pvc, uint32_t hop)
{
    NS_ABORT_MSG_IF(hop >= pvc.forward.size(),
                    "AtmCdvMonitor: hop " << hop << " of a PVC with " << pvc.forward.size()
                                          << " transmitters (valid: 0 to "
                                          << (pvc.forward.size() - 1) << ")");
    return pvc.forward[hop];
}

} // namespace

AtmCdvMonitor::AtmCdvMonitor(const AtmPvc& pvc, uint32_t hop, Time start)
    : AtmCdvMonitor(ForwardHop(pvc, hop).first, ForwardHop(pvc, hop).second, start)
{
}

AtmCdvMonitor::~AtmCdvMonitor()
{
    if (m_port)
    {
        m_port->TraceDisconnectWithoutContext("CellDequeue",
                                              MakeCallback(&AtmCdvMonitor::OnDeparture, this));
    }
}

const AtmCdvStatistics&
AtmCdvMonitor::GetStatistics() const
{
    return m_stats;
}

Ptr<AtmDevice>
AtmCdvMonitor::GetDevice() const
{
    return m_device;
}

void
AtmCdvMonitor::OnDeparture(const AtmCell& cell)
{
    if (cell.vc == m_vc && !cell.IsResourceManagement())
    {
        const Time now = Simulator::Now();
        if (now >= m_start)
        {
            m_stats.Add(now);
        }
    }
}

} // namespace ns3
