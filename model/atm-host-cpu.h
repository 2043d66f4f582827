/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HOST_CPU_H
#define ATM_HOST_CPU_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-value.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A host's protocol-processing CPU: one FIFO server per node that serialises a fixed
 * amount of work per packet sent and per packet received (SANDIA Table 1: the hosts spend
 * 300 us per packet).
 *
 * Aggregate it to a node (AtmHelper::InstallHostCpu) before the simulation starts. Every
 * AtmNetDevice of the node then hands each IP packet from the stack to its frame queues only
 * after SendCost of CPU time (SubmitSend), and each received IP packet to the stack only after
 * ReceiveCost (SubmitReceive), both directions and all devices queueing for the same CPU in
 * arrival order. ACKs are packets: a TCP sender pays for its ACKs, a receiver for its data and
 * the ACKs it sends, so a flow of small segments is capped at MSS / (SendCost + ReceiveCost) by
 * either host.
 *
 * @verbatim
   Submit(cost, job):
       cost == 0: run job now, synchronously (no event, not counted: the CPU is not involved)
       start     = max(now, busyUntil)
       busyUntil = start + cost
       job runs at busyUntil, in the node's context (one event per packet)
   @endverbatim
 *
 * A zero-cost job runs at once even while other jobs wait, so costs of 0 (the default) leave
 * every timing exactly as without the model. Counters count the jobs that took CPU time.
 * Utilisation over [0, now] is GetBusyTime() / now.
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

    /**
     * @brief Set the CPU time per packet sent.
     * @param cost the time (>= 0; negative aborts)
     */
    void SetSendCost(Time cost);

    /** @return the CPU time per packet sent */
    Time GetSendCost() const;

    /**
     * @brief Set the CPU time per packet received.
     * @param cost the time (>= 0; negative aborts)
     */
    void SetReceiveCost(Time cost);

    /** @return the CPU time per packet received */
    Time GetReceiveCost() const;

    /**
     * @brief Queue a job of @p cost CPU time; run @p job when it completes.
     *
     * The job runs in the context of the node the CPU is aggregated to (the caller's context
     * for a CPU on no node).
     *
     * @param cost the CPU time (>= 0; negative aborts naming the node)
     * @param job what to do at completion
     */
    void Submit(Time cost, std::function<void()> job);

    /**
     * @brief Queue the work of sending one packet (SendCost); counted in GetSendJobs().
     * @param job what to do at completion (hand the packet to the device)
     */
    void SubmitSend(std::function<void()> job);

    /**
     * @brief Queue the work of receiving one packet (ReceiveCost); counted in
     *        GetReceiveJobs().
     * @param job what to do at completion (hand the packet to the stack)
     */
    void SubmitReceive(std::function<void()> job);

    /** @return jobs completed that took CPU time (sends, receives and other Submit()s) */
    uint64_t GetJobs() const;

    /** @return send jobs completed (packets handed to a device after SendCost > 0) */
    uint64_t GetSendJobs() const;

    /** @return receive jobs completed (packets handed to the stack after ReceiveCost > 0) */
    uint64_t GetReceiveJobs() const;

    /** @return the CPU time spent so far, up to now (utilisation = busy time / elapsed) */
    Time GetBusyTime() const;

    /** @return jobs queued or running now */
    uint32_t GetBacklog() const;

    /** @return the largest number of jobs that were queued or running at once */
    uint32_t GetPeakBacklog() const;

  protected:
    void NotifyNewAggregate() override;
    void DoDispose() override;

  private:
    /// What a job is for (selects its counter).
    enum Kind : uint8_t
    {
        OTHER = 0, //!< Submit()
        SEND,      //!< SubmitSend()
        RECEIVE    //!< SubmitReceive()
    };

    /**
     * @brief Queue a job (cost > 0) or run it now (cost == 0).
     * @param cost the CPU time
     * @param kind its counter
     * @param job the job
     */
    void DoSubmit(Time cost, Kind kind, std::function<void()> job);

    /**
     * @brief A job completes.
     * @param kind its counter
     * @param job the job
     */
    void Complete(Kind kind, std::function<void()> job);

    /** @return "node N" or "not on a node", for messages */
    std::string Where() const;

    Time m_sendCost;                    //!< "SendCost"
    Time m_receiveCost;                 //!< "ReceiveCost"
    Time m_busyUntil;                   //!< when the CPU is free
    Time m_workSubmitted;               //!< CPU time of every job queued so far
    std::array<uint64_t, 3> m_served{}; //!< completed jobs by Kind
    uint32_t m_nodeId;                  //!< the node's id (UINT32_MAX: none)
    uint32_t m_peakBacklog;             //!< largest backlog
    TracedValue<uint32_t> m_backlog;    //!< "Backlog": jobs queued or running
};

} // namespace ns3

#endif // ATM_HOST_CPU_H
