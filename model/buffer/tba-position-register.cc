/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tba-position-register.h"

#include "ns3/abort.h"

#include <cmath>

namespace ns3
{

TbaPositionRegister::TbaPositionRegister(uint32_t size)
{
    Resize(size);
}

void
TbaPositionRegister::Resize(uint32_t size)
{
    m_owner.assign(size, FREE);
    m_free = size;
    m_cursor = size == 0 ? 0 : size - 1;
}

uint32_t
TbaPositionRegister::CountPositions(uint32_t owner) const
{
    uint32_t n = 0;
    for (uint32_t o : m_owner)
    {
        n += (o == owner) ? 1 : 0;
    }
    return n;
}

void
TbaPositionRegister::Reserve(uint32_t owner, uint32_t n, double spacing, double offset)
{
    NS_ABORT_MSG_IF(owner == FREE, "TbaPositionRegister::Reserve: owner " << owner << " is FREE");
    NS_ABORT_MSG_IF(n > m_free,
                    "TbaPositionRegister::Reserve: VC " << owner << " needs " << n
                                                        << " positions, only " << m_free << " of "
                                                        << GetSize() << " are free");
    NS_ABORT_MSG_IF(
        n > 0 && !(spacing > 0 && offset >= 0 && std::isfinite(spacing) && std::isfinite(offset)),
        "TbaPositionRegister::Reserve: VC " << owner << ": spacing " << spacing << " and offset "
                                            << offset
                                            << " must be finite, positive and "
                                               "non-negative");
    const uint64_t w = GetSize();
    for (uint32_t j = 0; j < n; ++j)
    {
        const uint64_t ideal = static_cast<uint64_t>(std::floor(offset + j * spacing)) % w;
        uint64_t chosen = ideal;
        if (m_owner[ideal] != FREE)
        {
            // Nearest free position, the lower one first at equal distance; no wrap. A free
            // position exists (n <= m_free), so some distance below W finds it.
            chosen = w;
            for (uint64_t b = 1; chosen == w; ++b)
            {
                if (ideal >= b && m_owner[ideal - b] == FREE)
                {
                    chosen = ideal - b;
                }
                else if (ideal + b < w && m_owner[ideal + b] == FREE)
                {
                    chosen = ideal + b;
                }
            }
        }
        m_owner[chosen] = owner;
        --m_free;
    }
}

void
TbaPositionRegister::Release(uint32_t owner)
{
    NS_ABORT_MSG_IF(owner == FREE, "TbaPositionRegister::Release: owner " << owner << " is FREE");
    for (uint32_t& o : m_owner)
    {
        if (o == owner)
        {
            o = FREE;
            ++m_free;
        }
    }
}

} // namespace ns3
