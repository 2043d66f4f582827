/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SLOT_AVERAGE_H
#define ATM_SLOT_AVERAGE_H

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSlotAverage: an exponentially weighted average of a buffer occupancy, updated once per
 * cell slot of the line, idle slots included, and caught up lazily at events.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The average occupancy of RED-like buffer acceptance, updated in every cell slot:
 * avg += w (occupancy - avg) once per slot, also in the slots in which no cell arrives or leaves
 * (TbaBufferPolicy, after O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 8.3, Fig.
 * 8.16: an average updated only at arrivals would stay high after an idle period).
 *
 * No event is scheduled per slot. The occupancy changes only at events (arrivals, departures),
 * so between two events it is constant and n updates have the closed form
 * avg_n = occupancy + (avg - occupancy) (1 - w)^n. At each event the owner calls CatchUp() with
 * the event's instant, the line's rate and the occupancy that held since the previous call,
 * before it changes the occupancy.
 *
 * Slots: the boundaries are the slot starts of the line's clock with origin 0 (AtmCellClock:
 * slot k starts at round(k / rate)), which is where the port's transmitter starts its cells.
 * The sample taken at a boundary is the occupancy just before it, i.e. after every event at an
 * earlier instant and before any event at the boundary's instant (a departure at a slot start,
 * an arrival at the same instant). The number of boundaries in (last, now] is exact for any
 * interval, so no error accumulates over a run. A rate change starts a new clock of origin 0.
 */
class AtmSlotAverage
{
  public:
    /**
     * @brief An average of 0 at time 0.
     * @param weight w, in (0, 1]
     */
    explicit AtmSlotAverage(double weight = 0.002);

    /**
     * @brief Set w; aborts outside (0, 1] (owners check their attribute first and name it).
     * @param weight w
     */
    void SetWeight(double weight);

    /// @return w
    double GetWeight() const
    {
        return m_weight;
    }

    /// @return the average after the last update
    double Get() const
    {
        return m_average;
    }

    /// @return the instant of the last CatchUp() (0 before the first)
    Time GetLastUpdate() const
    {
        return m_last;
    }

    /**
     * @brief Apply @p slots updates with a constant occupancy (closed form).
     * @param slots the number of slots
     * @param occupancy the occupancy sampled in each of them
     */
    void Advance(uint64_t slots, double occupancy);

    /**
     * @brief Bring the average up to @p now: one update for every slot boundary in
     *        (GetLastUpdate(), now] (class description). An instant before the last update
     *        applies none and leaves the last update where it is.
     * @param now the instant of the event being handled
     * @param rate the line's cell rate; aborts if it is zero while @p now lies after the last
     *        update (owners check first and name the missing configuration)
     * @param occupancy the occupancy since the last update
     * @return the number of slots applied
     */
    uint64_t CatchUp(Time now, const AtmCellRate& rate, double occupancy);

  private:
    double m_weight;         //!< w
    double m_average{0.0};   //!< the average
    Time m_last;             //!< instant of the last CatchUp()
    uint64_t m_lastSlots{0}; //!< slot starts at or before m_last (with m_clock)
    AtmCellClock m_clock;    //!< the line's slot clock, origin 0 (no rate until first needed)
    bool m_hasClock{false};  //!< m_clock has a rate
};

} // namespace ns3

#endif // ATM_SLOT_AVERAGE_H
