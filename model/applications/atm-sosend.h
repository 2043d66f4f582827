/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SOSEND_H
#define ATM_SOSEND_H

#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSosend: the copy loop of 4.4BSD's sosend(), shared by the TCP senders of the module.
 */

namespace ns3
{

class Packet;
class Socket;

/**
 * @ingroup atm
 * @brief The copy loop of 4.4BSD's sosend() (W. R. Stevens and G. R. Wright, TCP/IP
 *        Illustrated, Vol. 2, 1995, ch. 16) for an application that writes `tsdu`-byte messages
 *        into a TCP socket: a write larger than the free space of the send buffer is copied in
 *        pieces as space frees up, at least SO_SNDLOWAT = 2048 bytes (or what is left of the
 *        write) at a time, and a piece never crosses the end of a write.
 *
 * A small value owned by its application (AtmTtcpWriter, AtmOnOffTcpSource), one per
 * connection: Reset() starts a transfer, Fill() is called whenever the socket may have room
 * (once connected, and from its send callback); the application closes the socket when Fill()
 * reports that every byte was handed to TCP.
 */
class AtmSosend
{
  public:
    /// SO_SNDLOWAT of 4.4BSD: sosend() waits for this much space (or the rest of the write).
    static constexpr uint32_t LOW_WATER = 2048;

    /**
     * @brief Start a new transfer (nothing written yet).
     * @param tsdu bytes per application write, >= 1
     * @param maxBytes bytes of the whole transfer (0: no limit)
     */
    void Reset(uint32_t tsdu, uint64_t maxBytes);

    /**
     * @brief Make the transfer's first bytes @p bytes instead of zeros (an application's
     *        header inside its first write; call after Reset()). The first piece Fill() hands
     *        to TCP holds the whole prefix, so TCP never sees the header alone.
     * @param bytes at most LOW_WATER bytes and at most the first write
     */
    void SetPrefix(std::vector<uint8_t> bytes);

    /**
     * @brief Copy as much of the current and the next writes as the socket's send buffer takes.
     * @param socket the connected socket
     * @param tx called with every piece the socket accepted (a whole write or a part of one)
     * @return true when all the transfer's bytes have been handed to TCP (never for an
     *         unlimited transfer); the caller then closes the socket
     */
    bool Fill(Ptr<Socket> socket, const TracedCallback<Ptr<const Packet>>& tx);

    /// @return bytes handed to TCP since Reset()
    uint64_t GetBytesWritten() const;

  private:
    uint32_t m_tsdu{1};            //!< bytes per write
    uint64_t m_maxBytes{0};        //!< bytes of the transfer, 0: unlimited
    uint64_t m_written{0};         //!< bytes handed to TCP
    std::vector<uint8_t> m_prefix; //!< the transfer's first bytes (SetPrefix())
};

} // namespace ns3

#endif // ATM_SOSEND_H
