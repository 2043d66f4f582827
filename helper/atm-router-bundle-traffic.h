/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ROUTER_BUNDLE_TRAFFIC_H
#define ATM_ROUTER_BUNDLE_TRAFFIC_H

#include "atm-flow-tracer.h"
#include "atm-router-bundle-helper.h"
#include "atm-tcp-flow-probe.h"

#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRouterBundleTraffic: the greedy file servers of a router-bundle topology and what
 * they measure per router pair.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The file transfers of a router-bundle topology (AtmRouterBundleHelper) and their
 * measurement per router pair: each host j behind router R_i sends files of a given size to
 * its peer host behind R_i* back to back, one new TCP connection per file
 * (AtmOnOffTcpSource with no idle time: Bonaventure's greedy file servers, thesis ch. 6.4), to a
 * PacketSink; every connection gets an AtmTcpFlowProbe when its socket is created.
 *
 * The hosts start at U[0, startJitter) (one stream, created at Install()). The goodput of a
 * pair is measured over [measureFrom, now]: the bytes its sinks received in that interval x 8
 * over its length (BON measures after a warm-up). The per-pair state lives in objects the
 * sockets' callbacks hold, so this object may be destroyed before Simulator::Run() (keep it to
 * read the results).
 *
 * @code
   AtmRouterBundleTopology t = bundle.Install();
   AtmRouterBundleTraffic traffic;
   traffic.Install(t, 1000000, Seconds(1), Seconds(10));
   Simulator::Stop(Seconds(20));
   Simulator::Run();
   double mbps = traffic.GetGoodputMbps(0); // pair 0 over [10 s, 20 s]
   @endcode
 */
class AtmRouterBundleTraffic
{
  public:
    AtmRouterBundleTraffic();

    /**
     * @brief Record the run's time series with @p tracer (call before Install(); the tracer
     * must be open). Install() adds s0's port onto the backbone as "s0-backbone" and host j of
     * pair i as flow i x (hosts per router) + j, over all its files' connections.
     * @param tracer the tracer
     */
    void SetTracer(Ptr<AtmFlowTracer> tracer);

    /**
     * @brief The file servers, sinks and probes of every host of @p topology. Runs once.
     * @param topology the topology (copied: the Ptrs it holds are shared)
     * @param fileBytes bytes per file (at least 1)
     * @param startJitter each host starts its first file at U[0, startJitter)
     * @param measureFrom start of the measured interval of GetGoodputMbps() (not negative)
     * @param port TCP port of the sinks
     */
    void Install(const AtmRouterBundleTopology& topology,
                 uint64_t fileBytes,
                 Time startJitter,
                 Time measureFrom = Time(),
                 uint16_t port = 5001);

    /// @return the router pairs of the topology given to Install()
    uint32_t GetNPairs() const;
    /**
     * @param pair a router pair
     * @param host a host behind the pair's routers
     * @return the PacketSink of that host's peer (all its files' connections)
     */
    Ptr<PacketSink> GetSinkApplication(uint32_t pair, uint32_t host) const;
    /**
     * @param pair a router pair
     * @return the bytes the pair's sinks received over the measured interval so far
     */
    uint64_t GetRxBytes(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return the pair's goodput over [measureFrom, now], Mb/s (0 before measureFrom)
     */
    double GetGoodputMbps(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return the TCP connections the pair's hosts opened so far (one per file)
     */
    uint32_t GetConnections(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return retransmitted TCP data segments of all the pair's connections, whole run
     */
    uint64_t GetRetransmissions(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return retransmission timeouts of all the pair's connections, whole run
     */
    uint64_t GetTimeouts(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return PDUs that failed their AAL5 check at R_i* over the measured interval so far (the
     *         peer routers forward them by default: AtmRouterBundleHelper::SetRouterChecksCrc())
     */
    uint64_t GetCorruptedPdus(uint32_t pair) const;
    /**
     * @param pair a router pair
     * @return packets R_i's IP output queue dropped (0 without router buffer), whole run
     */
    uint64_t GetRouterQueueDrops(uint32_t pair) const;
    /// @return every pair's cell ledger balances in both directions
    bool LedgersHold() const;

  private:
    /// One router pair: its sinks and its connections' probes.
    struct PairState : public SimpleRefCount<PairState>
    {
        std::vector<Ptr<PacketSink>> sinks;       //!< its hosts' sinks
        std::vector<Ptr<AtmTcpFlowProbe>> probes; //!< its connections, in creation order
        Ptr<AtmNetDevice> peerIn;                 //!< R_i*'s adapter from s1
        uint64_t rxAtStart{0};                    //!< bytes received before measureFrom
        uint64_t corruptedAtStart{0};             //!< corrupted PDUs at R_i* before measureFrom
    };

    /**
     * @brief Abort unless Install() ran and @p pair is a pair.
     * @param what the calling method, for the message
     * @param pair a pair index
     */
    void CheckPair(const char* what, uint32_t pair) const;
    /**
     * @brief Sum a counter over the connections of a pair.
     * @param what the calling method, for the message
     * @param pair a pair index
     * @param counter the probe's counter (GetRetransmissions, GetTimeouts)
     * @return the sum over the pair's probes
     */
    uint64_t SumOverProbes(const char* what,
                           uint32_t pair,
                           uint64_t (AtmTcpFlowProbe::*counter)() const) const;
    /**
     * @brief Give a new connection's socket a probe (SocketCreated of a file server).
     * @param state the pair
     * @param socket the socket
     */
    static void AddProbe(Ptr<PairState> state, Ptr<Socket> socket);
    /**
     * @brief Record the bytes received and the corrupted PDUs so far (at measureFrom).
     * @param pairs every pair
     */
    static void MarkStart(std::vector<Ptr<PairState>> pairs);

    AtmRouterBundleTopology m_topology;  //!< the topology
    bool m_installed{false};             //!< Install() ran
    Time m_measureFrom;                  //!< start of the measured interval
    std::vector<Ptr<PairState>> m_pairs; //!< per pair
    Ptr<AtmFlowTracer> m_tracer;         //!< SetTracer() (null: no traces)
};

} // namespace ns3

#endif // ATM_ROUTER_BUNDLE_TRAFFIC_H
