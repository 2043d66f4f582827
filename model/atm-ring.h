/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RING_H
#define ATM_RING_H

#include "ns3/assert.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRing: a growable FIFO ring for per-cell records.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A FIFO of values in one growable ring.
 *
 * Used for per-cell records (a transmitter's pending arrivals, a device's inbox). Unlike
 * `std::deque`, which allocates and frees a block every few elements as a FIFO slides, the
 * ring allocates only when it grows beyond its largest size so far (doubling): in steady
 * state no allocation per cell (at about 30 cells per packet, per-cell costs dominate a run).
 * Popped slots are reset to `T()` so that references held by a record (an AAL5 frame) are
 * released at once.
 *
 * @tparam T the record type (default-constructible, movable)
 */
template <typename T>
class AtmRing
{
  public:
    /// @return true if the ring holds no record
    bool IsEmpty() const
    {
        return m_size == 0;
    }

    /// @return the number of records
    uint32_t GetSize() const
    {
        return m_size;
    }

    /// @return the oldest record (the ring must not be empty)
    const T& Front() const
    {
        NS_ASSERT(m_size > 0);
        return m_slots[m_head];
    }

    /// @return the oldest record (the ring must not be empty)
    T& Front()
    {
        NS_ASSERT(m_size > 0);
        return m_slots[m_head];
    }

    /**
     * @brief Record access by age.
     * @param i 0 for the oldest record, up to GetSize() - 1
     * @return the record
     */
    const T& At(uint32_t i) const
    {
        NS_ASSERT(i < m_size);
        return m_slots[(m_head + i) & (m_slots.size() - 1)];
    }

    /**
     * @brief Record access by age.
     * @param i 0 for the oldest record, up to GetSize() - 1
     * @return the record
     */
    T& At(uint32_t i)
    {
        NS_ASSERT(i < m_size);
        return m_slots[(m_head + i) & (m_slots.size() - 1)];
    }

    /**
     * @brief Append a record, growing the ring if it is full.
     * @param value the record
     */
    void Push(T value)
    {
        if (m_size == m_slots.size())
        {
            Grow();
        }
        m_slots[(m_head + m_size) & (m_slots.size() - 1)] = std::move(value);
        ++m_size;
    }

    /// Remove the oldest record (the ring must not be empty).
    void Pop()
    {
        NS_ASSERT(m_size > 0);
        m_slots[m_head] = T();
        m_head = (m_head + 1) & (m_slots.size() - 1);
        --m_size;
    }

    /// Remove every record (the capacity is kept).
    void Clear()
    {
        while (m_size > 0)
        {
            Pop();
        }
        m_head = 0;
    }

  private:
    /// Double the capacity (a power of two), keeping the order.
    void Grow()
    {
        const std::size_t capacity = m_slots.empty() ? 16 : 2 * m_slots.size();
        std::vector<T> slots(capacity);
        for (uint32_t i = 0; i < m_size; ++i)
        {
            slots[i] = std::move(m_slots[(m_head + i) & (m_slots.size() - 1)]);
        }
        m_slots.swap(slots);
        m_head = 0;
    }

    std::vector<T> m_slots; //!< capacity 0 or a power of two
    uint32_t m_head{0};     //!< index of the oldest record
    uint32_t m_size{0};     //!< number of records
};

} // namespace ns3

#endif // ATM_RING_H
