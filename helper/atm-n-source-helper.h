/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_N_SOURCE_HELPER_H
#define ATM_N_SOURCE_HELPER_H

#include "atm-delay-preset.h"
#include "atm-helper.h"
#include "atm-pvc-helper.h"
#include "tcp-era-presets.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmNSourceHelper and ns3::AtmNSourceTopology: the N-source topology of the TCP-over-ATM
 * studies.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The N-source topology AtmNSourceHelper::Install() built, as a plain value: what the
 *        traffic (AtmNSourceTraffic) and the measurements need, flow i being source i, sink i
 *        and PVC i.
 */
struct AtmNSourceTopology
{
    NodeContainer sources; //!< the source hosts, one per flow
    /// the destination hosts, one per flow (with SetSharedSink() the same node N times)
    NodeContainer sinks;
    NodeContainer switches;                       //!< s0 (the sources' side) and s1
    std::vector<Ptr<AtmNetDevice>> sourceDevices; //!< per flow: the source's ATM NIC
    std::vector<Ptr<AtmNetDevice>> sinkDevices;   //!< per flow: the destination's ATM NIC
    std::vector<Ipv4Address> sinkAddresses;       //!< per flow: the destination's address
    Ptr<AtmDevice> trunk; //!< s0's port onto the trunk (the congested output port)
    /// With AtmNSourceHelper::SetSharedSink(): s1's one port to the shared destination (the
    /// bottleneck when its link is slower than the trunk); otherwise null
    Ptr<AtmDevice> sinkPort;
    /// The bottleneck port, whose cell rate maxGoodputMbps and the utilisations are measured
    /// at: the trunk port, or sinkPort when the shared destination's link is slower
    Ptr<AtmDevice> bottleneck;
    /// The switch ports that transmit in the data direction: s1's port to each destination
    /// (to the shared one, once, with SetSharedSink()), then the trunk port
    std::vector<Ptr<AtmDevice>> forwardPorts;
    std::vector<AtmPvc> pvcs; //!< per flow: its PVC (source to destination)
    /// per flow: the TCP installed on the source, its tick phase included
    std::vector<TcpEraPresets> sourceTcp;
    /// per flow: the TCP installed on the destination, its tick phase included
    std::vector<TcpEraPresets> sinkTcp;
    /// C: the overhead-aware TCP goodput ceiling (AtmMetrics::MaxTcpGoodput) at the trunk's
    /// cell rate for the default TCP (SetTcp()) and the PVCs' encapsulation, Mb/s
    double maxGoodputMbps{0};
    /// the fairness index's expected shares (SetExpectedShares(); empty: equal shares)
    std::vector<double> expectedShares;
    NodeContainer vbrHosts;            //!< with SetVbrSource(): the VBR source and sink hosts
    AtmPvc vbrPvc;                     //!< with SetVbrSource(): the VBR PVC
    Ptr<AtmOnOffCellSource> vbrSource; //!< with SetVbrSource(): the VBR source (else null)
};

/**
 * @ingroup atm
 * @brief Builds the N-source topology of the TCP-over-ATM studies (SANDIA Table 1; JAIN IMP
 * Fig 1 and ICCCN Fig 5): the nodes, links, switches and their ports, the PVCs, IP and the TCP
 * configuration of every host. The traffic and its measurements are AtmNSourceTraffic's.
 *
 * @verbatim
   src0 --access--+                                +--access-- dst0
   src1 --access--+-- s0 ======== trunk ======== s1 +--access-- dst1
    ...           |  (the only congested port:     |            ...
   srcN-1 --------+   s0's output to the trunk)    +---------- dstN-1
   @endverbatim
 *
 * With SetSharedSink() the N connections end at one host instead, behind one link from s1
 * whose port is then the bottleneck:
 * @verbatim
   src0..srcN-1 --access-- s0 ==== trunk ==== s1 --sink link (bottleneck)-- dst
   @endverbatim
 *
 * One PVC per TCP connection (src i to dst i, LLC/SNAP by default), all hosts on one IP subnet
 * (10.1.0.0/16) with static ATMARP entries. Every link has the same cell rate unless
 * SetTrunkRate() changes the trunk, so only s0's trunk port congests; the ACKs take the reverse,
 * uncongested direction. Every switch port gets the same buffer, acceptance policy, queueing
 * and scheduler. With credits, every hop (host to switch included) runs AN2 credit flow control
 * on per-VC queues served round robin.
 *
 * Typical use (the atm-n-source example is a command-line front end to these classes):
 * @code
   AtmNSourceHelper nsrc;
   nsrc.SetNSources(5);
   nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
   nsrc.SetDelays(AtmDelayPreset::Get("lan"));
   nsrc.SetBufferCells(1000);
   nsrc.SetBufferPolicy("sd");
   nsrc.SetTcp(TcpEraPresets::ForSource("jain"));   // then SetVariant(TcpEraPresets::SACK) ...
   AtmNSourceTopology topology = nsrc.Install();
   AtmNSourceTraffic traffic;
   traffic.Install(topology, Seconds(0), Seconds(10));
   Simulator::Stop(Seconds(10));
   Simulator::Run();
   AtmNSourceResults r = traffic.GetResults();
   @endcode
 *
 * Configuration calls must precede Install(), which runs once. The helper holds no state the
 * simulation uses: it may be destroyed once Install() has returned.
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
    /**
     * @brief End every connection at one destination host, on one link from s1, instead of at
     *        a host of its own. With @p rate below the trunk's, s1's port to that host is the
     *        topology's bottleneck and s0's trunk port a queue only while the sources together
     *        exceed the trunk: the configuration of Goyal, Jain et al.'s VS/VD discussion (IEEE
     *        Communications Magazine 37(3), 1999, Fig. 3: the terrestrial switch's link to the
     *        host is the bottleneck). The connections then differ by their TCP port (the
     *        traffic's base port + flow index), and the host runs the default TCP (SetTcp();
     *        SetFlowTcp() is refused).
     * @param rate cell rate of the destination's link
     * @param delay its one-way delay
     */
    void SetSharedSink(const AtmCellRate& rate, Time delay);
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
     * @brief The traffic contract of every flow's PVC (default: the PVC helper's, UBR). An ABR
     *        contract makes each flow an ABR connection, the adapters running the TM 4.0 end
     *        systems; the trunk port's ABR behaviour (ERICA+ ...) is set on
     *        AtmNSourceTopology::trunk after Install().
     * @param contract the contract (its PCR at most the access links' rate)
     */
    void SetContract(const AtmTrafficContract& contract);
    /**
     * @brief Add JAIN's on/off VBR source (ATM Forum/97-0424): one more host pair on the
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
     * RngRun; the default), or leave every host on its preset's phase (false: by default 0,
     * all hosts on one common tick grid).
     *
     * BSD hosts count their TCP timers on a tick of their own (tcp_slowtimo, 4.4BSD
     * tcp_timer.c) that started at boot, so real hosts' grids have unrelated phases. On one
     * common grid, flows that lose segments together also time out in the same cell slot and
     * their retransmissions collide again, back-off after back-off: with large segments and
     * a buffer that one window fills, one flow keeps the link and the others starve (manual:
     * "Tick phases"), a lock-out neither the studies nor real networks reported. The common
     * grid stays available to study that synchronisation. Where delayed ACKs are on the
     * fast-timeout grid (TcpEraPresets::SetDelAckOnTicks) its phase is drawn as well, from
     * U[0, delayed-ACK period).
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
     * @brief Expected fair shares for the fairness index (default: equal shares), handed to the
     * measurements in AtmNSourceTopology::expectedShares.
     * @param shares one per flow (any scale), or empty for equal shares
     */
    void SetExpectedShares(const std::vector<double>& shares);
    /**
     * @brief The AtmHelper that builds the links, for any further device, channel, switch or
     * port attribute and for pcap/ascii tracing (attributes set here before Install()).
     * @return the helper
     */
    AtmHelper& GetAtmHelper();

    /**
     * @brief Build the nodes, links, switches, internet stacks, addresses, PVCs and TCP
     * configuration (and, with SetVbrSource(), the VBR host pair, PVC and source).
     * @return the topology
     */
    AtmNSourceTopology Install();

  private:
    /**
     * @brief Abort if Install() ran.
     * @param what the calling method, for the message
     */
    void CheckNotInstalled(const char* what) const;
    /**
     * @param i flow index
     * @return the TCP configuration of flow i (SetFlowTcp(), else SetTcp())
     */
    const TcpEraPresets& GetFlowTcp(uint32_t i) const;
    /// Install(), first: what the AtmHelper gives every switch port and device (buffer,
    /// queueing and scheduler, credits, the VBR class, the MTU).
    void ConfigureAtmHelper();
    /**
     * @brief Install(), second: the nodes, the switches and the links.
     * @param topology receives the nodes, devices, trunk and forward ports
     */
    void InstallLinks(AtmNSourceTopology* topology);
    /**
     * @brief Install(), third: internet stacks, addresses, each host's TCP (tick phase
     *        included) and host CPU.
     * @param topology the topology; receives the sink addresses and the TCP of every host
     */
    void InstallHosts(AtmNSourceTopology* topology);
    /**
     * @brief Install(), last (with SetVbrSource()): the VBR host pair, its PVC and its source.
     * @param topology the topology; receives the VBR hosts, PVC and source
     */
    void InstallVbrSource(AtmNSourceTopology* topology);

    uint32_t m_n{1};                              //!< sources
    AtmCellRate m_linkRate;                       //!< every link
    AtmCellRate m_trunkRate;                      //!< trunk (zero: m_linkRate)
    Time m_accessDelay;                           //!< access links
    Time m_trunkDelay;                            //!< trunk
    uint32_t m_bufferCells{1000};                 //!< switch port buffer
    bool m_perVc{false};                          //!< per-VC queues
    uint32_t m_credits{0};                        //!< AN2 credits (0: off)
    std::optional<AtmTrafficContract> m_contract; //!< every flow's contract (unset: UBR)
    TcpEraPresets m_tcp;                          //!< default TCP
    std::map<uint32_t, TcpEraPresets> m_flowTcp;  //!< per-flow TCP overrides
    bool m_randomTickPhase{true};                 //!< one random tick phase per host
    Time m_cpuSend;                               //!< host send cost
    Time m_cpuReceive;                            //!< host receive cost
    std::vector<double> m_shares;                 //!< expected shares (empty: equal)
    bool m_vbr{false};                            //!< add the on/off VBR source
    Time m_vbrOn;                                 //!< its ON period
    Time m_vbrOff;                                //!< its OFF period
    double m_gr{0};                               //!< guaranteed rate of the UBR class
    uint32_t m_vbrBufferCells{1000000};           //!< VBR class buffer per port
    bool m_sharedSink{false};                     //!< one destination host for every flow
    AtmCellRate m_sinkRate;                       //!< its link's cell rate
    Time m_sinkDelay;                             //!< its link's delay
    AtmHelper m_atm;                              //!< link builder
    bool m_installed{false};                      //!< Install() ran
};

} // namespace ns3

#endif // ATM_N_SOURCE_HELPER_H
