/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TBA_POSITION_REGISTER_H
#define TBA_POSITION_REGISTER_H

#include <cstdint>
#include <limits>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::TbaPositionRegister: the circular register of positions through which TBA hands out the
 * token of every transmitted cell (W_R and W_U of BON ch. 8.3).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A circular register of W positions, each free or owned by one VC, with a cursor: the
 * W_R (reserved) and W_U (unreserved) registers of the Token-based Buffer Allocation
 * (TbaBufferPolicy; O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 8.3, Figs.
 * 8.12-8.15 and B.2).
 *
 * Population (Reserve(), BON Fig. 8.13). A VC that needs n positions spread L positions apart
 * (for W_R, L = PCR_o / MCR_i: one position per cell slot of the line) gets, for j = 0 .. n-1,
 * the position ideal_j = floor(offset + j L) mod W if it is free; otherwise the nearest free
 * position, trying ideal - 1, ideal + 1, ideal - 2, ideal + 2, ... and skipping those outside
 * [0, W) (the search does not wrap). BON draws the offset uniformly in [0, L); the caller draws
 * it, so a test can give it. Release() frees a VC's positions.
 *
 * Our choices where the thesis is silent: ideal_j wraps modulo W (with ceil rounding n L can
 * exceed W, so the last positions would otherwise fall off the register); the cursor starts at
 * W - 1, so that the first Step() reads position 0.
 *
 * Reading (BON Figs. 8.12, 8.15, B.2): Step() moves the cursor one position and returns its
 * owner (the counter update reads exactly one W_R position per transmitted cell); Scan() moves
 * the cursor forward to the first owned position whose owner passes a test (the search for a
 * VC that can take an excess token), looking at most W positions (one pass: the termination
 * guard for a register in which no owner passes).
 *
 * Population and release cost O(W) per position in the worst case (configuration time only);
 * Step() is O(1); Scan() O(W) in the worst case. Nothing is allocated after Resize().
 */
class TbaPositionRegister
{
  public:
    /// The owner of a free position.
    static constexpr uint32_t FREE = std::numeric_limits<uint32_t>::max();

    /**
     * @brief A register of @p size free positions.
     * @param size W
     */
    explicit TbaPositionRegister(uint32_t size = 0);

    /**
     * @brief Make the register @p size free positions with the cursor at size - 1.
     * @param size W
     */
    void Resize(uint32_t size);

    /// @return W, the number of positions
    uint32_t GetSize() const
    {
        return static_cast<uint32_t>(m_owner.size());
    }

    /// @return the number of free positions
    uint32_t GetFreePositions() const
    {
        return m_free;
    }

    /**
     * @param position a position in [0, W)
     * @return its owner, or FREE
     */
    uint32_t GetOwner(uint32_t position) const
    {
        return m_owner[position];
    }

    /**
     * @param owner a VC
     * @return the number of positions it owns (O(W))
     */
    uint32_t CountPositions(uint32_t owner) const;

    /**
     * @brief Give @p owner @p n positions spread @p spacing apart from @p offset (class
     *        description, BON Fig. 8.13). Aborts if fewer than @p n positions are free, or if
     *        @p owner is FREE: the caller checks the room first and names the VCs in its message.
     * @param owner the VC
     * @param n the number of positions
     * @param spacing L, in positions (positive)
     * @param offset the first ideal position, in [0, L) in BON's rule
     */
    void Reserve(uint32_t owner, uint32_t n, double spacing, double offset);

    /**
     * @brief Free every position of @p owner (BON: at connection release).
     * @param owner the VC
     */
    void Release(uint32_t owner);

    /// @return the cursor (the position read last)
    uint32_t GetCursor() const
    {
        return m_cursor;
    }

    /**
     * @brief Move the cursor one position forward (circularly) and read it.
     * @return the owner of the new cursor position, or FREE (also for an empty register)
     */
    uint32_t Step()
    {
        if (m_owner.empty())
        {
            return FREE;
        }
        m_cursor = (m_cursor + 1 == m_owner.size()) ? 0 : m_cursor + 1;
        return m_owner[m_cursor];
    }

    /**
     * @brief From the position after the cursor, circularly and for at most W positions, find
     *        the first owned position whose owner passes @p usable, and move the cursor there.
     * @tparam Usable a callable bool(uint32_t owner)
     * @param usable the test
     * @return the owner found, or FREE if no position passes (the cursor does not move)
     */
    template <typename Usable>
    uint32_t Scan(Usable&& usable)
    {
        const uint32_t w = GetSize();
        uint32_t p = m_cursor;
        for (uint32_t i = 0; i < w; ++i)
        {
            p = (p + 1 == w) ? 0 : p + 1;
            const uint32_t owner = m_owner[p];
            if (owner != FREE && usable(owner))
            {
                m_cursor = p;
                return owner;
            }
        }
        return FREE;
    }

  private:
    std::vector<uint32_t> m_owner; //!< per position: its owner or FREE
    uint32_t m_free{0};            //!< free positions
    uint32_t m_cursor{0};          //!< the position read last
};

} // namespace ns3

#endif // TBA_POSITION_REGISTER_H
