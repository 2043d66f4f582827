/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ON_OFF_CELL_SOURCE_H
#define ATM_ON_OFF_CELL_SOURCE_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmOnOffCellSource: a cell-level on/off VBR source (JAIN AF-424).
 */

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A cell-level on/off source on one VC of an AtmNetDevice (JAIN AF-424):
 *        during each ON period it keeps the VC sending back to back, i.e. at 100 % of the link
 *        when the VC is alone on it and unshaped; during OFF it sends nothing. ON and OFF
 *        alternate with constant durations `OnTime` and `OffTime` (JAIN: equal, 300, 100 or
 *        50 ms, 50 % average load), starting with ON at the application's start time.
 *
 * The VC carries no IP: the source hands the device AAL5 SDUs of `FrameCells` cells (zero
 * bytes) whenever the VC has nothing left to segment (AtmNetDevice::SetVcFrameSource()), and
 * the last SDU of an ON period is cut to the cell slots that remain before the period ends,
 * so the cells leave exactly in the slots of the ON period when the VC has its link to
 * itself. Mark the far end with AtmNetDevice::SetVcNonIp().
 */
class AtmOnOffCellSource : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmOnOffCellSource();
    ~AtmOnOffCellSource() override;

    /**
     * @brief Attach the source to a VC (before the application starts).
     * @param device the adapter
     * @param vc the VC index on it
     */
    void Setup(Ptr<AtmNetDevice> device, uint32_t vc);

    /// @return the cells handed to the device so far
    uint64_t GetCellsOffered() const;
    /// @return the ON periods begun so far
    uint32_t GetOnPeriods() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Begin an ON period.
    void BeginOn();
    /// End an ON period.
    void EndOn();
    /**
     * @brief The device's frame-source callback.
     * @return the next SDU, or null when OFF
     */
    Ptr<Packet> NextFrame();

    Time m_onTime;              //!< "OnTime"
    Time m_offTime;             //!< "OffTime"
    uint32_t m_frameCells{32};  //!< "FrameCells"
    Ptr<AtmNetDevice> m_device; //!< the adapter
    uint32_t m_vc{0};           //!< the VC
    bool m_on{false};           //!< in an ON period
    Time m_onEnd;               //!< end of the current ON period
    EventId m_event;            //!< next state change
    uint64_t m_cellsOffered{0}; //!< cells handed to the device
    uint32_t m_onPeriods{0};    //!< ON periods begun
};

} // namespace ns3

#endif // ATM_ON_OFF_CELL_SOURCE_H
