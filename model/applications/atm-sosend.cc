/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-sosend.h"

#include "ns3/abort.h"
#include "ns3/packet.h"
#include "ns3/socket.h"

#include <algorithm>

namespace ns3
{

void
AtmSosend::Reset(uint32_t tsdu, uint64_t maxBytes)
{
    NS_ABORT_MSG_IF(tsdu == 0, "AtmSosend: a write of 0 bytes; give the bytes per write, >= 1");
    m_tsdu = tsdu;
    m_maxBytes = maxBytes;
    m_written = 0;
    m_prefix.clear();
}

void
AtmSosend::SetPrefix(std::vector<uint8_t> bytes)
{
    NS_ABORT_MSG_IF(bytes.size() > LOW_WATER || bytes.size() > m_tsdu ||
                        (m_maxBytes > 0 && bytes.size() > m_maxBytes),
                    "AtmSosend::SetPrefix: " << bytes.size() << " bytes; at most " << LOW_WATER
                                             << " and at most the first write");
    m_prefix = std::move(bytes);
}

bool
AtmSosend::Fill(Ptr<Socket> socket, const TracedCallback<Ptr<const Packet>>& tx)
{
    while (m_maxBytes == 0 || m_written < m_maxBytes)
    {
        const uint32_t leftInWrite = m_tsdu - static_cast<uint32_t>(m_written % m_tsdu);
        uint64_t want = leftInWrite;
        if (m_maxBytes > 0)
        {
            want = std::min<uint64_t>(want, m_maxBytes - m_written);
        }
        // sosend(): wait until the write, or SO_SNDLOWAT of it, fits.
        const uint32_t space = socket->GetTxAvailable();
        if (space < std::min<uint64_t>(want, LOW_WATER))
        {
            return false;
        }
        const auto n = static_cast<uint32_t>(std::min<uint64_t>(want, space));
        Ptr<Packet> piece;
        if (m_written < m_prefix.size())
        {
            std::vector<uint8_t> bytes(n, 0);
            std::copy(m_prefix.begin() + static_cast<std::ptrdiff_t>(m_written),
                      m_prefix.begin() + static_cast<std::ptrdiff_t>(
                                             std::min<uint64_t>(m_prefix.size(), m_written + n)),
                      bytes.begin());
            piece = Create<Packet>(bytes.data(), n);
        }
        else
        {
            piece = Create<Packet>(n);
        }
        const int sent = socket->Send(piece);
        if (sent <= 0)
        {
            return false;
        }
        m_written += static_cast<uint32_t>(sent);
        tx(piece);
    }
    return true;
}

uint64_t
AtmSosend::GetBytesWritten() const
{
    return m_written;
}

} // namespace ns3
