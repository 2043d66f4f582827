/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SPIMS_RUN_H
#define ATM_SPIMS_RUN_H

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSpimsRun: what one run of a SPIMS-like measurement measured.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief One run of an AtmSpimsSpec, as the side that receives its data measured it (the
 *        initiator for bulk_get and rr, the responder for bulk_put).
 *
 * bulk: `bytes` are the messages' bytes, from `start` (the initiator's control message left,
 * or reached the responder) to `end` (the last byte arrived). rr: `bytes` are the requests'
 * bytes, as the CRC report counts a request/response run's throughput, `responseBytes` the
 * responses', from the first request's write to the last response's last byte, and
 * `transactions` holds each transaction's time (request written to response received).
 * Throughput in KB/s with KB = 1000 bytes, as SPIMS reports it.
 */
struct AtmSpimsRun
{
    Time start;                     //!< start of the measurement
    Time end;                       //!< its end
    uint64_t bytes{0};              //!< messages' (bulk) or requests' (rr) bytes
    uint64_t responseBytes{0};      //!< responses' bytes (rr)
    uint32_t messages{0};           //!< messages (bulk) or transactions (rr) completed
    std::vector<Time> transactions; //!< each transaction's time (rr)

    /// @return end - start in seconds
    double GetSeconds() const
    {
        return (end - start).GetSeconds();
    }

    /// @return bytes / 1000 / GetSeconds() (0 for an empty run)
    double GetKBps() const
    {
        const double s = GetSeconds();
        return s > 0 ? static_cast<double>(bytes) / 1000.0 / s : 0.0;
    }

    /// @return the mean transaction time (rr; zero without transactions)
    Time GetMeanTransaction() const
    {
        if (transactions.empty())
        {
            return Time();
        }
        Time sum;
        for (const Time& t : transactions)
        {
            sum += t;
        }
        return sum / static_cast<int64_t>(transactions.size());
    }
};

} // namespace ns3

#endif // ATM_SPIMS_RUN_H
