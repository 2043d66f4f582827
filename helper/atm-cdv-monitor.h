/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CDV_MONITOR_H
#define ATM_CDV_MONITOR_H

#include "atm-cdv-statistics.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCdvMonitor: a measurement point of one VC on a link.
 */

namespace ns3
{

class AtmCell;
class AtmDevice;
class AtmOutputPort;
struct AtmPvc;

/**
 * @ingroup atm
 * @brief A measurement point on the link a device transmits on: the instant the first bit of
 *        each cell of one VC leaves the device (the measurement point MP1 of CRC Report
 *        96-007 Table 1; TEN-34's monitors tapped the links the same way), recorded into an
 *        AtmCdvStatistics (IAT spread, fractions around the mean, histogram, zero-violation
 *        curve; the transfer delay between two monitors of the stream).
 *
 * It listens to the output port's CellDequeue trace, which makes the port take every slot at
 * its start (no deferred slots, AtmCellTransmitter): the recorded instants are exact. RM cells
 * (PTI 110) are not counted.
 *
 * @code
 *   AtmCdvMonitor source(pvc, 0);                   // the adapter's link
 *   AtmCdvMonitor far(pvc, pvc.forward.size() - 1); // the last switch's link to the host
 *   Simulator::Run();
 *   Time spread = far.GetStatistics().GetIatSpread();
 *   Time lmin = far.GetStatistics().GetMinimalCdvt(MicroSeconds(381));
 * @endcode
 */
class AtmCdvMonitor : public SimpleRefCount<AtmCdvMonitor>
{
  public:
    /**
     * @brief Watch the cells of @p vc leaving @p device's output port from @p start on.
     * @param device the transmitting device (adapter or switch port)
     * @param vc the VC's index at that port
     * @param start the first instant recorded
     */
    AtmCdvMonitor(Ptr<AtmDevice> device, uint32_t vc, Time start = Time(0));
    /**
     * @brief Watch the forward direction of @p pvc where it leaves its @p hop-th transmitter
     *        (0: the source adapter; pvc.forward.size() - 1: the last switch toward the
     *        destination).
     * @param pvc the PVC (AtmPvcHelper::Install)
     * @param hop the transmitter's index along the path
     * @param start the first instant recorded
     */
    AtmCdvMonitor(const AtmPvc& pvc, uint32_t hop, Time start = Time(0));
    ~AtmCdvMonitor();

    /// @return what was recorded
    const AtmCdvStatistics& GetStatistics() const;
    /// @return the watched device
    Ptr<AtmDevice> GetDevice() const;

  private:
    /**
     * @brief CellDequeue sink.
     * @param cell the cell starting on the link
     */
    void OnDeparture(const AtmCell& cell);

    Ptr<AtmDevice> m_device;   //!< the device
    Ptr<AtmOutputPort> m_port; //!< its output port
    uint32_t m_vc;             //!< the watched VC index
    Time m_start;              //!< first instant recorded
    AtmCdvStatistics m_stats;  //!< the record
};

} // namespace ns3

#endif // ATM_CDV_MONITOR_H
