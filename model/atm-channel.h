/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CHANNEL_H
#define ATM_CHANNEL_H

#include "atm-cell-rate.h"
#include "atm-cell.h"

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmChannel: a full-duplex ATM cell link between two devices.
 */

namespace ns3
{

class AtmDevice;

/**
 * @ingroup atm
 * @brief A full-duplex cell link: exactly two AtmDevices, one cell per slot of the link's cell
 *        clock in each direction, plus a propagation delay.
 *
 * `CellRate` is the ATM-layer cell rate of both directions, exact (AtmCellRate: a preset such
 * as `OC3c`, cells/s, a cell time such as `2.75us`, or a bit rate). Each device builds its
 * transmitter's AtmCellClock from it when it attaches, so the rate is fixed once a device is
 * attached. A cell whose first bit leaves at the start of slot k is complete at the far end at
 * GetSlotStart(k + 1) + Delay.
 *
 * The channel schedules nothing: it hands each cell to the peer device with its arrival time,
 * and the peer processes arrivals lazily (AtmCellTransmitter, AtmNetDevice). With a positive
 * `Delay` this is also the lookahead a future MPI link needs.
 */
class AtmChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmChannel();
    ~AtmChannel() override;

    /**
     * @brief Attach a device (at most two).
     * @param device the device
     * @return its end index, 0 or 1
     */
    uint32_t Attach(Ptr<AtmDevice> device);

    /**
     * @brief Carry a cell to the other end: hand it to the peer device with its arrival times
     *        (first bit at @p firstBitSent + Delay, last bit at @p lastBitSent + Delay).
     *        Virtual so that a link whose ends live in different simulator partitions (ns-3's
     *        MPI: the peer on another rank) can send it there instead, as ns-3's
     *        PointToPointRemoteChannel overrides PointToPointChannel::TransmitStart.
     * @param from the sending device
     * @param cell the cell
     * @param firstBitSent when the cell's first bit leaves @p from (the start of its slot)
     * @param lastBitSent when the cell's last bit leaves @p from (the start of the next slot)
     */
    virtual void Transmit(Ptr<const AtmDevice> from,
                          const AtmCell& cell,
                          Time firstBitSent,
                          Time lastBitSent);

    /**
     * @param device one end
     * @return the other end (null if not attached yet)
     */
    Ptr<AtmDevice> GetPeer(Ptr<const AtmDevice> device) const;

    /// @return the cell rate of both directions
    AtmCellRate GetCellRate() const;
    /// @return the propagation delay
    Time GetDelay() const;
    /**
     * @param end 0 or 1
     * @return cells transmitted by that end
     */
    uint64_t GetCellsTransmitted(uint32_t end) const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

    /**
     * @param device an attached device
     * @return its end index, 0 or 1 (asserted attached)
     */
    uint32_t GetEndOf(Ptr<const AtmDevice> device) const;
    /**
     * @param end 0 or 1
     * @return the device at that end (null if not attached)
     */
    Ptr<AtmDevice> GetEnd(uint32_t end) const;
    /**
     * @brief Count a cell sent from one end (GetCellsTransmitted()); Transmit() does it.
     * @param end 0 or 1
     */
    void CountCell(uint32_t end);

  private:
    /// @param rate the cell rate (refused once a device is attached)
    void SetCellRate(AtmCellRate rate);

    AtmCellRate m_rate;                      //!< "CellRate"
    Time m_delay;                            //!< "Delay"
    std::array<Ptr<AtmDevice>, 2> m_devices; //!< the ends
    std::array<uint64_t, 2> m_cells{0, 0};   //!< cells transmitted per end
    uint32_t m_nDevices{0};                  //!< attached ends
};

} // namespace ns3

#endif // ATM_CHANNEL_H
