/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_N_SOURCE_TRAFFIC_H
#define ATM_N_SOURCE_TRAFFIC_H

#include "atm-flow-tracer.h"
#include "atm-metrics.h"
#include "atm-n-source-helper.h"
#include "atm-tcp-flow-probe.h"

#include "ns3/application-container.h"
#include "ns3/bulk-send-application.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmNSourceTraffic and ns3::AtmNSourceResults: the greedy TCP transfers of an N-source
 * topology and what they measure.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief What an N-source run measured, as AtmNSourceTraffic::GetResults() returns it; AddTo()
 * writes it with the key names of every example's JSON line.
 */
struct AtmNSourceResults
{
    std::vector<double> goodputMbps; //!< per flow: bytes delivered to the sink x 8 / elapsed time
    double totalGoodputMbps{0};      //!< sum of goodputMbps
    /// C: AtmMetrics::MaxTcpGoodput at the bottleneck's cell rate (the trunk's, unless a shared
    /// destination's link is slower)
    double maxGoodputMbps{0};
    double efficiency{0};            //!< totalGoodputMbps / maxGoodputMbps
    double fairness{0};              //!< Jain's index with the expected shares (default equal)
    uint64_t cellsSent{0};           //!< cells the sources transmitted (data direction)
    uint64_t cellsDropped{0};        //!< cells dropped by the switch ports of the data direction
    double cellLossRatio{0};         //!< cellsDropped / cellsSent
    uint64_t dataSegmentsSent{0};    //!< TCP data segments sent, retransmissions included
    uint64_t retransmissions{0};     //!< retransmitted TCP data segments
    double retransmissionPercent{0}; //!< 100 x retransmissions / dataSegmentsSent
    uint64_t timeouts{0};            //!< retransmission timeouts (entries into CA_LOSS)
    double meanRttMs{0}; //!< mean RTT of segments delivered without retransmission (Karn)
    /// the bottleneck port (AtmNSourceTopology::bottleneck): cells sent / cell slots
    double rawUtilization{0};
    /// the bottleneck port: cells of delivered PDUs / cell slots
    double effectiveUtilization{0};
    bool ledgersHold{true};        //!< every PVC's cell ledger balances in both directions
    double vbrShare{0};            //!< VBR cells sent on the trunk / its cell slots (0: none)
    uint64_t vbrCellsDelivered{0}; //!< cells of the VBR source delivered at its sink
    uint64_t vbrCellsDropped{0};   //!< cells of the VBR source dropped at switch ports

    /**
     * @brief Append every field to a JSON line, under the field names above.
     * @param json the line
     */
    void AddTo(AtmJsonLine& json) const;
};

/**
 * @ingroup atm
 * @brief The greedy TCP transfers of an N-source topology (AtmNSourceHelper) and their
 * measurement: one BulkSendApplication per source to a PacketSink on its destination, an
 * AtmTcpFlowProbe on each sender, and the metrics of the TCP-over-ATM studies over the run so
 * far (AtmNSourceResults).
 *
 * The senders start at start + U[0, startJitter) (one stream, seeded by RngRun), as the
 * studies' sources did not start in the same cell slot. Each probe attaches itself to its
 * sender's socket just after the sender's start; that event holds the probe and the
 * application, not this object, which may therefore be destroyed before Simulator::Run() (keep
 * it to read the results).
 *
 * @code
   AtmNSourceTopology topology = nsrc.Install();
   AtmNSourceTraffic traffic;
   traffic.Install(topology, Seconds(0), Seconds(10), MilliSeconds(1));
   Simulator::Stop(Seconds(10));
   Simulator::Run();
   AtmNSourceResults r = traffic.GetResults();
   @endcode
 */
class AtmNSourceTraffic
{
  public:
    AtmNSourceTraffic();

    /**
     * @brief Record the run's time series with @p tracer (call before Install(); the tracer
     * must be open). Install() adds the switch output ports of the data direction, s0's port
     * onto the trunk as "sw0-trunk" and s1's port to destination i as "sw1-dst<i>" (to a shared
     * destination as "sw1-sink"), and each
     * sender's socket is added as flow i when its probe attaches, in the same event (a traced
     * run executes the same events as an untraced one).
     * @param tracer the tracer
     */
    void SetTracer(Ptr<AtmFlowTracer> tracer);

    /**
     * @brief One greedy BulkSend per source (writes of the flow's MSS) to a PacketSink on its
     * destination, with a probe on each sender; with a VBR source, its start and stop as well.
     * Runs once.
     * @param topology the topology (copied: the Ptrs it holds are shared)
     * @param start start time of the transfers (and of the sinks)
     * @param stop stop time of the senders
     * @param startJitter each source starts at start + U[0, startJitter) (seeded by RngRun)
     * @param port TCP port of the sinks (connections ending at one host: port + 0, 1, ...)
     */
    void Install(const AtmNSourceTopology& topology,
                 Time start,
                 Time stop,
                 Time startJitter = Time(),
                 uint16_t port = 50000);

    /// @return the topology given to Install()
    const AtmNSourceTopology& GetTopology() const;
    /// @param i flow index @return the BulkSendApplication of flow i
    Ptr<BulkSendApplication> GetSourceApplication(uint32_t i) const;
    /// @param i flow index @return the PacketSink of flow i
    Ptr<PacketSink> GetSinkApplication(uint32_t i) const;
    /// @param i flow index @return the sender probe of flow i (attached at its start time)
    Ptr<AtmTcpFlowProbe> GetProbe(uint32_t i) const;

    /**
     * @brief The metrics of the run so far, over [0, Simulator::Now()] (whole-run averages, as
     * JAIN and BON define them); call before Simulator::Destroy().
     * @return the results
     */
    AtmNSourceResults GetResults() const;

  private:
    /**
     * @brief Abort unless Install() ran and @p i is a flow.
     * @param what the calling method, for the message
     * @param i a flow index
     */
    void CheckFlow(const char* what, uint32_t i) const;
    /**
     * @brief Attach a probe to its sender's socket, and add the socket to the tracer if there
     *        is one (scheduled just after the sender's start: the event holds all three, so it
     *        needs nothing else to be alive).
     * @param probe the probe
     * @param sender the sender
     * @param flow the flow index
     * @param tracer the tracer, or null
     */
    static void AttachProbe(Ptr<AtmTcpFlowProbe> probe,
                            Ptr<BulkSendApplication> sender,
                            uint32_t flow,
                            Ptr<AtmFlowTracer> tracer);

    AtmNSourceTopology m_topology;              //!< the topology
    bool m_installed{false};                    //!< Install() ran
    ApplicationContainer m_sourceApps;          //!< BulkSend per flow
    ApplicationContainer m_sinkApps;            //!< PacketSink per flow
    std::vector<Ptr<AtmTcpFlowProbe>> m_probes; //!< one per flow
    Ptr<AtmFlowTracer> m_tracer;                //!< SetTracer() (null: no traces)
};

} // namespace ns3

#endif // ATM_N_SOURCE_TRAFFIC_H
