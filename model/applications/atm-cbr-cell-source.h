/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CBR_CELL_SOURCE_H
#define ATM_CBR_CELL_SOURCE_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCbrCellSource: a cell-level CBR stream with an optional release jitter.
 */

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A cell-level constant-bit-rate stream on one VC of an AtmNetDevice: burst k
 *        (`BurstCells` cells, one AAL5 PDU of zero payload bytes, 1 by default as in the
 *        TEN-34 CDV trials, deliverable D11.3 section 5.7) is released to the adapter at
 *        `start + k x Interval + J_k`, where J_k >= 0 is drawn from `Jitter` (0 by default: a
 *        strictly periodic source). Releases keep their order: a burst is never released
 *        before the previous one (max(previous, nominal + J_k)).
 *
 * The adapter sends a released cell at the first slot of its link strictly after the release
 * instant (AtmCellTransmitter), so a jitter-free source whose Interval is not a whole number
 * of cell slots already leaves with an inter-arrival spread of one slot: the source spread of
 * about one cell time TEN-34 measured at every rate. The VC carries no IP: the source hands
 * the device its SDUs through AtmNetDevice::SetVcFrameSource(); mark the far end with
 * AtmNetDevice::SetVcNonIp(). Measure the stream along its path with AtmCdvMonitor.
 *
 * Cost: one simulator event per burst (the release) and the PDU's cells; like every AAL5
 * SDU, each burst is one Packet and one frame.
 */
class AtmCbrCellSource : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCbrCellSource();
    ~AtmCbrCellSource() override;

    /**
     * @brief Attach the source to a VC (before the application starts).
     * @param device the adapter
     * @param vc the VC index on it
     */
    void Setup(Ptr<AtmNetDevice> device, uint32_t vc);

    /**
     * @brief Assign a fixed random variable stream number to the jitter.
     * @param stream first stream index to use
     * @return the number of stream indices assigned (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// @return the bursts released to the device so far
    uint64_t GetBurstsReleased() const;
    /// @return the cells handed to the device so far
    uint64_t GetCellsOffered() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Plan the release of burst m_next.
    void ScheduleNext();
    /// Release a burst to the device.
    void Release();
    /**
     * @brief The device's frame-source callback.
     * @return the next released burst's SDU, or null when none is waiting
     */
    Ptr<Packet> NextFrame();

    Time m_interval;                    //!< "Interval"
    Ptr<RandomVariableStream> m_jitter; //!< "Jitter" (seconds)
    uint32_t m_burstCells{1};           //!< "BurstCells"
    uint64_t m_maxBursts{0};            //!< "MaxBursts" (0: no limit)
    Ptr<AtmNetDevice> m_device;         //!< the adapter
    uint32_t m_vc{0};                   //!< the VC
    Time m_origin;                      //!< start of the stream (burst 0's nominal instant)
    Time m_lastRelease;                 //!< the previous burst's release instant
    uint64_t m_next{0};                 //!< index of the next burst to release
    uint64_t m_pending{0};              //!< released bursts the device has not pulled yet
    uint64_t m_cellsOffered{0};         //!< cells handed to the device
    EventId m_event;                    //!< next release
};

} // namespace ns3

#endif // ATM_CBR_CELL_SOURCE_H
