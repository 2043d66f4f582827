/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PACKET_TRAIN_SHAPER_H
#define PACKET_TRAIN_SHAPER_H

#include "atm-shaper.h"

/**
 * @file
 * @ingroup atm
 * ns3::PacketTrainShaper: the cell spacing of a 1990s host adapter (BON ch. 4 and 6).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The packet-train adapter model (BON ch. 4/6): the cells of one AAL5 PDU
 *        leave at a per-cell spacing R, and consecutive PDUs are separated by an extra
 *        inter-PDU gap I, so a backlogged flow sends PDU k's cell j at k (c R + I) + j R for
 *        PDUs of c cells (the schedule of BON eq. 4.3).
 *
 * The spacing is set in firmware units: with `Granularity` g > 0 the spacing used is R
 * rounded to the nearest multiple of g (at least g) — FORE SBA-200 firmware 2.2.9: g = 0.492 us
 * documented, 0.473 us measured. BON's measured gaps: I = 52 us for 1500/4832/9188-byte
 * packets, 41 us for 552-byte packets, 324/376 us in the LAN VBR runs (MTU 4832/9188).
 *
 * Each cell starts in the first slot of the link at or after its ideal time (the schedule
 * above), so cells are late by less than one cell time and the long-run spacing is exact.
 * When the flow runs dry (its next cell becomes available more than one slot after its ideal
 * time) the schedule restarts from that cell. With R at or below the link's cell time the
 * cells of a PDU leave back to back, as an unshaped adapter sends them.
 */
class PacketTrainShaper : public AtmShaper
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketTrainShaper();
    ~PacketTrainShaper() override;

    /// @return the per-cell spacing actually used (R after rounding to the granularity)
    Time GetEffectiveSpacing() const;

  private:
    void DoAttach(const AtmCellClock& clock) override;
    Time DoGetEarliestStart() const override;
    void DoNotifySent(const AtmCell& cell, Time slotStart) override;

    Time m_spacing;           //!< "CellSpacing" (R)
    Time m_gap;               //!< "InterPduGap" (I)
    Time m_granularity;       //!< "Granularity" (g)
    Time m_effective;         //!< R rounded to g
    Time m_slotLimit;         //!< one slot of the link, rounded up, plus one time step
    Time m_next{Time::Min()}; //!< ideal start of the next cell
    bool m_started{false};    //!< a cell was sent
};

} // namespace ns3

#endif // PACKET_TRAIN_SHAPER_H
