/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_BSD_RENO_H
#define TCP_BSD_RENO_H

#include "ns3/tcp-congestion-ops.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Window arithmetic of the BSD-derived TCPs of 1994-1999 (4.3BSD-Reno, 4.4BSD-Lite,
 * SunOS 4.1.x), as the reproduced studies ran them (BON App. C; JAIN ICCCN).
 *
 * It differs from ns-3's TcpNewReno in three places, each switchable:
 *
 * @verbatim
   on a loss (fast retransmit or timeout):
       win      = min(cwnd, ReceiverWindow) / 2 / MSS        // whole segments, rounded down
       ssthresh = max(win, 2) * MSS                          // BSD: from cwnd, not FlightSize
   per new ACK (IncreaseWindow):
       if cwnd <= ssthresh:  incr = MSS                      // slow start (BSD tests cwnd >
 ssthresh) else:                 incr = MSS * MSS / cwnd          // integer division if incr == 0
 and !IntegerCaBug: incr = 1 cwnd = min(cwnd + incr, MaxCwnd)                      // TCP_MAXWIN <<
 snd_scale
   @endverbatim
 *
 * ns-3's TcpNewReno takes ssthresh from the bytes in flight (RFC 5681), which after a partial
 * ACK or with a receiver-limited window is not what the BSD stacks did: Reno's "ssthresh =
 * CWND/8 after three losses in a window" (JAIN ICCCN Fig 2) needs the cwnd form. BSD also caps
 * cwnd at the largest window it can advertise (65,535 bytes shifted by the window scale), while
 * ns-3 lets cwnd grow without bound when the receiver window limits the sender, which inflates
 * the ssthresh of the next loss.
 *
 * IntegerCaBug reproduces the congestion-avoidance freeze of JAIN ICCCN section 7.2: with an
 * integer increment MSS*MSS/cwnd the increment is 0 once cwnd > MSS*MSS (MSS 512: 262,144 bytes)
 * and cwnd stops growing. It is off by default (ns-3 and the fixed stacks floor it at one byte).
 */
class TcpBsdReno : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpBsdReno();

    /**
     * @brief Copy constructor (used by Fork).
     * @param sock the object to copy
     */
    TcpBsdReno(const TcpBsdReno& sock);

    ~TcpBsdReno() override;

    std::string GetName() const override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    Ptr<TcpCongestionOps> Fork() override;

  private:
    uint32_t m_receiverWindow; //!< the peer's advertised window in bytes (0 = unknown)
    uint32_t m_maxCwnd;        //!< cap on cwnd in bytes (0 = none)
    bool m_integerCaBug;       //!< let the integer CA increment reach 0
};

} // namespace ns3

#endif // TCP_BSD_RENO_H
