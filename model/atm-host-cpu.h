/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HOST_CPU_H
#define ATM_HOST_CPU_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <functional>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A host's protocol-processing CPU: one FIFO server per node that serialises a fixed
 * amount of work per packet sent and per packet received (SPEC 3.25, 4.1: SANDIA's hosts spend
 * 300 us per packet).
 *
 * Aggregate it to a node (AtmHelper::InstallHostCpu). Every AtmNetDevice of the node then hands
 * each IP packet from the stack to the device only after SendCost of CPU time, and each received
 * IP packet to the stack only after ReceiveCost, both directions and all devices queueing for
 * the same CPU in arrival order. ACKs are packets: a TCP sender pays for its ACKs, a receiver for
 * its data and the ACKs it sends, so a flow of small segments is capped at MSS / (SendCost +
 * ReceiveCost) by either host.
 *
 * @verbatim
   Submit(cost, job):
       if cost == 0 and nothing waits: run job now (no event)
       start     = max(now, busyUntil)
       busyUntil = start + cost;   busy += cost
       job runs at busyUntil (one event per packet)
   @endverbatim
 *
 * Costs of 0 (the default) leave the device's timing exactly as without the model.
 */
class AtmHostCpu : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmHostCpu();
    ~AtmHostCpu() override;

    /** @return the CPU time per packet sent */
    Time GetSendCost() const;

    /** @return the CPU time per packet received */
    Time GetReceiveCost() const;

    /**
     * @brief Queue a job of @p cost CPU time; run @p job when it completes.
     * @param cost the CPU time (>= 0)
     * @param job what to do at completion
     */
    void Submit(Time cost, std::function<void()> job);

    /** @return jobs completed */
    uint64_t GetJobs() const;

    /** @return CPU time spent on completed and started jobs (busy time) */
    Time GetBusyTime() const;

    /** @return the largest number of jobs that waited or ran at once */
    uint32_t GetPeakBacklog() const;

  private:
    /**
     * @brief A job completes.
     * @param job the job
     */
    void Complete(std::function<void()> job);

    void DoDispose() override;

    Time m_sendCost;                 //!< "SendCost"
    Time m_receiveCost;              //!< "ReceiveCost"
    Time m_busyUntil;                //!< when the CPU is free
    Time m_busy;                     //!< accumulated CPU time
    uint64_t m_jobs;                 //!< completed jobs
    uint32_t m_peakBacklog;          //!< largest backlog
    TracedValue<uint32_t> m_backlog; //!< "Backlog": jobs queued or running
};

} // namespace ns3

#endif // ATM_HOST_CPU_H
