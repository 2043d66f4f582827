/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_N_SOURCE_HELPER_H
#define ATM_N_SOURCE_HELPER_H

#include "atm-delay-preset.h"
#include "atm-helper.h"
#include "atm-metrics.h"
#include "atm-pvc-helper.h"
#include "atm-tcp-flow-probe.h"
#include "tcp-era-presets.h"

#include "ns3/application-container.h"
#include "ns3/atm-cell-rate.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief What an N-source run measured (SPEC 3.28), as AtmNSourceHelper::GetResults() returns
 * it; AddTo() writes it with the key names of every example's JSON line.
 */
struct AtmNSourceResults
{
    std::vector<double> goodputMbps; //!< per flow: bytes delivered to the sink x 8 / elapsed time
    double totalGoodputMbps{0};      //!< sum of goodputMbps
    double maxGoodputMbps{0};        //!< C: AtmMetrics::MaxTcpGoodput at the trunk's cell rate
    double efficiency{0};            //!< totalGoodputMbps / maxGoodputMbps
    double fairness{0};              //!< Jain's index with the expected shares (default equal)
    uint64_t cellsSent{0};           //!< cells the sources transmitted (data direction)
    uint64_t cellsDropped{0};        //!< cells dropped by the switch ports of the data direction
    double cellLossRatio{0};         //!< cellsDropped / cellsSent
    uint64_t dataSegmentsSent{0};    //!< TCP data segments sent, retransmissions included
    uint64_t retransmissions{0};     //!< retransmitted TCP data segments
    double retransmissionPercent{0}; //!< 100 x retransmissions / dataSegmentsSent
    uint64_t timeouts{0};            //!< retransmission timeouts (entries into CA_LOSS)
    double meanRttMs{0};      //!< mean RTT of segments delivered without retransmission (Karn)
    double rawUtilization{0}; //!< trunk s0 -> s1: cells sent / cell slots
    double effectiveUtilization{0}; //!< trunk s0 -> s1: cells of delivered PDUs / cell slots
    bool ledgersHold{true};         //!< every PVC's cell ledger balances in both directions
    double vbrShare{0};             //!< VBR cells sent on the trunk / its cell slots (0: none)
    uint64_t vbrCellsDelivered{0};  //!< cells of the VBR source delivered at its sink
    uint64_t vbrCellsDropped{0};    //!< cells of the VBR source dropped at switch ports

    /**
     * @brief Append every field to a JSON line, under the field names above.
     * @param json the line
     */
    void AddTo(AtmJsonLine& json) const;
};

/**
 * @ingroup atm
 * @brief Builds the N-source topology of the TCP-over-ATM studies (SANDIA Table 1, JAIN IMP
 * Fig 1 / ICCCN Fig 5; SPEC 4.1, 4.4) and its greedy TCP transfers, and collects their metrics.
 *
 * @verbatim
   src0 --access--+                                +--access-- dst0
   src1 --access--+-- s0 ======== trunk ======== s1 +--access-- dst1
    ...           |  (the only congested port:     |            ...
   srcN-1 --------+   s0's output to the trunk)    +---------- dstN-1
   @endverbatim
 *
 * One PVC per TCP connection (src i to dst i, LLC/SNAP by default), all hosts on one IP subnet
 * (10.1.0.0/16) with static ATMARP entries. Every link has the same cell rate unless
 * SetTrunkRate() changes the trunk, so only s0's trunk port congests; the ACKs take the reverse,
 * uncongested direction. Every switch port gets the same buffer, acceptance policy, queueing
 * and scheduler. With credits, every hop (host to switch included) runs AN2 credit flow control
 * on per-VC queues served round robin.
 *
 * Typical use (the atm-n-source example is a command-line front end to this class):
 * @code
   AtmNSourceHelper nsrc;
   nsrc.SetNSources(5);
   nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
   nsrc.SetDelays(AtmDelayPreset::Get("lan"));
   nsrc.SetBufferCells(1000);
   nsrc.SetBufferPolicy("sd");
   nsrc.SetTcp(TcpEraPresets::ForSource("jain"));   // then SetVariant(TcpEraPresets::SACK) ...
   nsrc.Install();
   nsrc.InstallBulkSend(Seconds(0), Seconds(10));
   Simulator::Stop(Seconds(10));
   Simulator::Run();
   AtmNSourceResults r = nsrc.GetResults();
   @endcode
 *
 * Configuration calls must precede Install(); Install() and InstallBulkSend() run once.
 */
class AtmNSourceHelper
{
  public:
    AtmNSourceHelper();

    /// @param n number of TCP sources (and of destinations, PVCs and connections), >= 1
    void SetNSources(uint32_t n);
    /// @param rate cell rate of every link (access links and trunk); default OC3c
    void SetLinkRate(const AtmCellRate& rate);
    /// @param rate cell rate of the trunk only (call after SetLinkRate())
    void SetTrunkRate(const AtmCellRate& rate);
    /// @param preset access and trunk delays; default `lan`
    void SetDelays(const AtmDelayPreset& preset);
    /// @param delay one-way delay of each access link
    void SetAccessDelay(Time delay);
    /// @param delay one-way delay of the trunk
    void SetTrunkDelay(Time delay);
    /// @param cells BufferCells of every switch port, >= 1; default 1000
    void SetBufferCells(uint32_t cells);
    /// @param type buffer policy of the switch ports: short name (AtmBufferPolicyFactory) or TypeId
    void SetBufferPolicy(const std::string& type);
    /**
     * @brief Set an attribute of the buffer policy of every switch port (after SetBufferPolicy()).
     * @param name attribute name, e.g. "ThresholdFraction"
     * @param value its value
     */
    void SetBufferPolicyAttribute(const std::string& name, const AttributeValue& value);
    /**
     * @brief Per-VC queues served round robin in every switch port (QueueMode PER_VC) instead of
     * one FIFO.
     * @param on true for per-VC queues
     */
    void SetPerVcQueues(bool on);
    /// @param credits AN2 credits per VC and hop (0: off); turns per-VC queues on
    void SetCreditFlowControl(uint32_t credits);
    /**
     * @brief Add JAIN's on/off VBR source (AF-424, SPEC 3.26, 4.4): one more host pair on the
     * same route, with a non-IP nrt-VBR PVC fed by an AtmOnOffCellSource that sends at 100 %
     * of its access link during each ON period of @p onTime and is silent for @p offTime.
     * Every switch port then gets per-class queues: the VBR class its own buffer
     * (SetVbrBufferCells(), tail drop), the UBR class the buffer and policy of SetBufferCells()
     * and SetBufferPolicy(), served by GuaranteedRateCellScheduler (SetGuaranteedRate(); GR 0
     * is strict priority of VBR over UBR). The efficiency's ceiling is then C x (1 - the VBR
     * share of the trunk), as JAIN takes "the bandwidth used by the VBR source into account".
     * @param onTime duration of each ON period (JAIN: 300, 100 or 50 ms)
     * @param offTime duration of each OFF period (JAIN: equal to onTime)
     */
    void SetVbrSource(Time onTime, Time offTime);
    /// @param gr the UBR class's guaranteed fraction of each switch port, in [0, 1] (default 0)
    void SetGuaranteedRate(double gr);
    /// @param cells the VBR class's buffer at each switch port (default 1000000: no VBR loss)
    void SetVbrBufferCells(uint32_t cells);
    /// @param tcp TCP configuration of every connection (default TcpEraPresets::ForSource("jain"))
    void SetTcp(const TcpEraPresets& tcp);
    /**
     * @brief A different TCP configuration for one connection (both of its hosts).
     * @param flow connection index, < number of sources
     * @param tcp its configuration
     */
    void SetFlowTcp(uint32_t flow, const TcpEraPresets& tcp);
    /**
     * @brief Give every host its own tick phase, drawn from U[0, timer tick) (seeded by
     * RngRun), instead of the preset's (by default 0: all hosts on one tick grid).
     *
     * BSD hosts count their TCP timers on a tick of their own (tcp_slowtimo) that started at
     * boot; with one common grid, flows that lose segments together also time out and
     * retransmit at the same instants, round after round. Off by default (the validation
     * tables were measured with a common grid).
     * @param on draw one phase per source and per destination host
     */
    void SetRandomTickPhase(bool on);
    /**
     * @brief Per-packet host protocol processing (AtmHostCpu) on every source and destination.
     * @param sendCost per packet sent (data and ACKs)
     * @param receiveCost per packet received
     */
    void SetHostCpu(Time sendCost, Time receiveCost);
    /**
     * @brief Expected fair shares for the fairness index (default: equal shares).
     * @param shares one per flow (any scale), or empty for equal shares
     */
    void SetExpectedShares(const std::vector<double>& shares);
    /**
     * @brief The AtmHelper that builds the links, for any further device, channel, switch or
     * port attribute and for pcap/ascii tracing (attributes set here before Install()).
     * @return the helper
     */
    AtmHelper& GetAtmHelper();

    /// Build the nodes, links, switches, internet stacks, addresses, PVCs and TCP configuration.
    void Install();

    /**
     * @brief One greedy BulkSend per source to a PacketSink on its destination, with a probe
     * (AtmTcpFlowProbe) on each sender.
     * @param start start time of the transfers
     * @param stop stop time of the senders
     * @param startJitter each source starts at start + U[0, startJitter) (seeded by RngRun)
     * @param port TCP port of the sinks
     */
    void InstallBulkSend(Time start, Time stop, Time startJitter = Time(), uint16_t port = 50000);

    /// @return number of sources
    uint32_t GetNSources() const;
    /// @return the source hosts
    NodeContainer GetSources() const;
    /// @return the destination hosts
    NodeContainer GetSinks() const;
    /// @return the two switches, s0 then s1
    NodeContainer GetSwitches() const;
    /// @param i flow index @return the ATM NIC of source i
    Ptr<AtmNetDevice> GetSourceDevice(uint32_t i) const;
    /// @param i flow index @return the ATM NIC of destination i
    Ptr<AtmNetDevice> GetSinkDevice(uint32_t i) const;
    /// @param i flow index @return the IPv4 address of destination i
    Ipv4Address GetSinkAddress(uint32_t i) const;
    /// @return s0's port onto the trunk (the congested output port)
    Ptr<AtmDevice> GetTrunkDevice() const;
    /// @param i flow index @return PVC i
    const AtmPvc& GetPvc(uint32_t i) const;
    /// @return the PVC helper (effective utilisation, ledgers)
    const AtmPvcHelper& GetPvcHelper() const;
    /// @param i flow index @return the PacketSink of flow i (after InstallBulkSend())
    Ptr<PacketSink> GetSinkApplication(uint32_t i) const;
    /// @param i flow index @return the sender probe of flow i (attached at its start time)
    Ptr<AtmTcpFlowProbe> GetProbe(uint32_t i) const;
    /// @param i flow index @return the TCP configuration of flow i
    const TcpEraPresets& GetFlowTcp(uint32_t i) const;
    /**
     * @param i flow index
     * @return the tick phases of flow i's source and destination (after Install())
     */
    std::pair<Time, Time> GetTickPhases(uint32_t i) const;
    /// @return C, the overhead-aware TCP goodput ceiling at the trunk's rate for the default TCP
    double GetMaxGoodputMbps() const;
    /// @return the VBR source (null without SetVbrSource())
    Ptr<AtmOnOffCellSource> GetVbrSource() const;
    /// @return the VBR PVC (valid with SetVbrSource(), after Install())
    const AtmPvc& GetVbrPvc() const;

    /**
     * @brief The metrics of the run so far, over [0, Simulator::Now()] (whole-run averages, as
     * JAIN and BON define them).
     * @return the results
     */
    AtmNSourceResults GetResults() const;

  private:
    /// Abort unless Install() ran.
    void CheckInstalled(const char* what) const;
    /// Abort if Install() ran.
    void CheckNotInstalled(const char* what) const;
    /// Attach flow i's probe to its sender's socket (scheduled at the flow's start).
    void AttachProbe(uint32_t i);

    uint32_t m_n{1};                                 //!< sources
    AtmCellRate m_linkRate;                          //!< every link
    AtmCellRate m_trunkRate;                         //!< trunk (zero: m_linkRate)
    Time m_accessDelay;                              //!< access links
    Time m_trunkDelay;                               //!< trunk
    uint32_t m_bufferCells{1000};                    //!< switch port buffer
    bool m_perVc{false};                             //!< per-VC queues
    uint32_t m_credits{0};                           //!< AN2 credits (0: off)
    TcpEraPresets m_tcp;                             //!< default TCP
    std::map<uint32_t, TcpEraPresets> m_flowTcp;     //!< per-flow TCP overrides
    bool m_randomTickPhase{false};                   //!< one random tick phase per host
    std::vector<std::pair<Time, Time>> m_tickPhases; //!< per flow: source, destination
    Time m_cpuSend;                                  //!< host send cost
    Time m_cpuReceive;                               //!< host receive cost
    std::vector<double> m_shares;                    //!< expected shares (empty: equal)
    bool m_vbr{false};                               //!< add the on/off VBR source
    Time m_vbrOn;                                    //!< its ON period
    Time m_vbrOff;                                   //!< its OFF period
    double m_gr{0};                                  //!< guaranteed rate of the UBR class
    uint32_t m_vbrBufferCells{1000000};              //!< VBR class buffer per port
    NodeContainer m_vbrHosts;                        //!< VBR source, VBR sink
    AtmPvc m_vbrPvc;                                 //!< the VBR PVC
    Ptr<AtmOnOffCellSource> m_vbrSource;             //!< the VBR source
    AtmHelper m_atm;                                 //!< link builder
    AtmPvcHelper m_pvcHelper;                        //!< PVC builder
    bool m_installed{false};                         //!< Install() ran
    bool m_appsInstalled{false};                     //!< InstallBulkSend() ran
    NodeContainer m_sources;                         //!< source hosts
    NodeContainer m_sinks;                           //!< destination hosts
    NodeContainer m_switches;                        //!< s0, s1
    std::vector<Ptr<AtmNetDevice>> m_srcDevices;     //!< source NICs
    std::vector<Ptr<AtmNetDevice>> m_sinkDevices;    //!< destination NICs
    std::vector<Ptr<AtmDevice>> m_forwardPorts;      //!< switch ports of the data direction
    Ptr<AtmDevice> m_trunk;                          //!< s0's trunk port
    Ipv4InterfaceContainer m_sinkIfs;                //!< destination interfaces
    std::vector<AtmPvc> m_pvcs;                      //!< one per flow
    ApplicationContainer m_sourceApps;               //!< BulkSend per flow
    ApplicationContainer m_sinkApps;                 //!< PacketSink per flow
    std::vector<Ptr<AtmTcpFlowProbe>> m_probes;      //!< one per flow
};

} // namespace ns3

#endif // ATM_N_SOURCE_HELPER_H
