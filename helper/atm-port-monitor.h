/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_MONITOR_H
#define ATM_PORT_MONITOR_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class AtmCell;
class AtmDevice;
class AtmOutputPort;
struct AtmPvc;

/**
 * @ingroup atm
 * @brief What one output port saw over a measured interval that starts after a warm-up: the
 *        cells of each group of VCs that reached it (and of them the CLP = 1 ones), its
 *        occupancy (time average and maximum), its drops by reason and its cell loss ratio.
 *
 * A group is what a program reports on (a workstation, a router pair): AddPvc() maps the VC a
 * PVC uses on the port to a group. The counts start at @p start (the warm-up's end); the
 * occupancy's time average runs from @p start to Stop().
 *
 * @code
 *   Ptr<AtmPortMonitor> monitor = Create<AtmPortMonitor>(backbone, warmup);
 *   for (uint32_t i = 0; i < pvcs.size(); ++i) { monitor->AddPvc(pvcs[i], i); }
 *   Simulator::Stop(duration);
 *   Simulator::Run();
 *   monitor->Stop();
 *   double loss = monitor->GetCellLossRatio();
 * @endcode
 */
class AtmPortMonitor : public SimpleRefCount<AtmPortMonitor>
{
  public:
    /**
     * @brief Watch @p device's output port from now on (its traces CellEnqueue, CellDrop and
     *        CellsInQueue), counting from @p start.
     * @param device the device whose output port to watch
     * @param start the start of the measured interval (0: from the start of the run)
     */
    AtmPortMonitor(Ptr<AtmDevice> device, Time start);

    /**
     * @brief Count the cells of the port's VC @p vc for @p group.
     * @param vc the VC index at the port
     * @param group the group (0, 1, ...)
     */
    void AddVc(uint32_t vc, uint32_t group);
    /**
     * @brief Count the cells @p pvc sends through the port (its forward direction) for
     *        @p group; nothing if the PVC does not cross the port.
     * @param pvc the PVC
     * @param group the group (0, 1, ...)
     */
    void AddPvc(const AtmPvc& pvc, uint32_t group);

    /// @brief The end of the measured interval (call after Simulator::Run()).
    void Stop();

    /**
     * @param group a group of AddVc() or AddPvc()
     * @return its cells that reached the port (stored or dropped) in the interval
     */
    uint64_t GetCells(uint32_t group) const;
    /**
     * @param group a group of AddVc() or AddPvc()
     * @return of GetCells(), those with CLP = 1
     */
    uint64_t GetTaggedCells(uint32_t group) const;
    /// @return the time average of the port's cells in the buffer over the interval
    double GetMeanOccupancy() const;
    /// @return the largest number of cells in the buffer in the interval
    uint32_t GetMaxOccupancy() const;
    /// @return the port's cells dropped in the interval, per drop reason (by its text)
    std::map<std::string, uint64_t> GetDropsByReason() const;
    /// @return the port's cells that arrived in the interval
    uint64_t GetCellsArrived() const;
    /// @return the port's cells dropped in the interval (all reasons)
    uint64_t GetCellsDropped() const;
    /// @return GetCellsDropped() / GetCellsArrived() (0 without arrivals)
    double GetCellLossRatio() const;

  private:
    /// The interval begins: the counters as of now.
    void Begin();
    /**
     * @brief A cell reached the port (CellEnqueue, or CellDrop through OnDrop()).
     * @param cell the cell
     */
    void OnArrival(const AtmCell& cell);
    /**
     * @brief CellDrop: count the arrival, remember the reason.
     * @param cell the cell
     * @param reason the drop reason
     */
    void OnDrop(const AtmCell& cell, const char* reason);
    /**
     * @brief CellsInQueue: integrate the occupancy.
     * @param oldValue the previous level
     * @param newValue the new level
     */
    void OnLevel(uint32_t oldValue, uint32_t newValue);

    Ptr<AtmDevice> m_device;                       //!< the watched device
    Ptr<AtmOutputPort> m_port;                     //!< its output port
    Time m_start;                                  //!< start of the interval
    Time m_stop;                                   //!< Stop() time
    bool m_measuring;                              //!< the interval has begun
    std::vector<uint32_t> m_groupOfVc;             //!< per port VC, its group (UINT32_MAX: none)
    std::vector<uint64_t> m_cells;                 //!< per group, cells in the interval
    std::vector<uint64_t> m_tagged;                //!< per group, CLP = 1 cells
    Time m_since;                                  //!< start of the current level
    uint32_t m_level{0};                           //!< cells in the buffer now
    uint32_t m_max{0};                             //!< largest level in the interval
    double m_area{0};                              //!< integral of the level, cell-seconds
    std::map<std::string, const char*> m_reasons;  //!< every drop reason seen, by text
    std::map<std::string, uint64_t> m_dropsBefore; //!< drops per reason at the start
    uint64_t m_arrivedBefore{0};                   //!< arrivals at the start
};

} // namespace ns3

#endif // ATM_PORT_MONITOR_H
