/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ROUTER_BUNDLE_HELPER_H
#define ATM_ROUTER_BUNDLE_HELPER_H

#include "atm-helper.h"
#include "atm-pvc-helper.h"
#include "tcp-era-presets.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc-container.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmRouterBundleHelper and ns3::AtmRouterBundleTopology: IP routers that carry the traffic
 * of many hosts on one VC each (VC-merge), across a two-switch ATM backbone.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief What AtmRouterBundleHelper::Install() built, as a plain value. Pair i is router R_i,
 *        its peer router R_i*, their hosts and the VC between them.
 */
struct AtmRouterBundleTopology
{
    NodeContainer switches;             //!< s0 (the routers' side) and s1 (the peer routers' side)
    NodeContainer routers;              //!< R_i, one per pair
    NodeContainer peers;                //!< R_i*, one per pair
    std::vector<NodeContainer> sources; //!< per pair: the hosts behind R_i
    std::vector<NodeContainer> sinks;   //!< per pair: the hosts behind R_i*, sink j of source j
    /// per pair, per host: the address of sink j (the destination of source j's connections)
    std::vector<std::vector<Ipv4Address>> sinkAddresses;
    std::vector<Ptr<AtmNetDevice>> routerOut; //!< per pair: R_i's adapter towards s0
    std::vector<Ptr<AtmNetDevice>> peerIn;    //!< per pair: R_i*'s adapter from s1
    /// per pair: s0's port from R_i (the UNI; it polices the pair's VC with SetUniPolicing())
    std::vector<Ptr<AtmSwitchPort>> routerPorts;
    std::vector<AtmPvc> pvcs; //!< per pair: the VC R_i -> R_i* (and back)
    /// per pair: the queue disc of R_i's output to the backbone (empty without router buffer)
    QueueDiscContainer routerQueues;
    Ptr<AtmDevice> backbone; //!< s0's port onto the backbone (the congested output port)
};

/**
 * @ingroup atm
 * @brief Builds IP routers that aggregate many hosts' TCP connections on one VC (VC-merge), the
 * topology of Bonaventure's router scenarios (five and ten routers, mixed ten routers; thesis
 * ch. 6.4, 7.6 and App. B) and of the edge aggregation in Jain et al.'s DFBA experiments:
 * @verbatim
   src(0,0..K-1) -- R_0 --+                              +-- R_0* -- sink(0,0..K-1)
     ...                  +-- s0 ===== backbone ===== s1 +-- ...
   src(N-1,..)  -- R_N-1 -+                              +-- R_N-1* -- sink(N-1,..)
   @endverbatim
 * Each host has its own access link to its router (cells, as in BON's simulations: an
 * AtmNetDevice pair with a PVC). Router R_i sends everything its hosts send to R_i*'s hosts on
 * one PVC R_i -> R_i* with the pair's contract (IP routing: a network route on each router
 * through the VC), so the VC carries the frames of all K connections one after the other.
 * R_i's IP output queue to the backbone is a traffic-control FifoQueueDisc of
 * SetRouterBufferBytes() bytes (BON: 700 KB) in front of an adapter that holds three largest
 * frames; by default the peer routers forward PDUs that failed their AAL5 check, as BON's did
 * (SetRouterChecksCrc()), and the sinks refuse them. Every switch port takes the buffer,
 * policy and scheduler given to GetAtmHelper().
 *
 * Addresses: source host j of pair i on 10.i.0.0/16 (one /30 per access link), its sink on
 * 10.(128 + i).0.0/16, the pair's VC on a /30 of 192.168.0.0/16; at most 128 pairs and 16,383
 * hosts per router.
 *
 * @code
   AtmRouterBundleHelper bundle;
   bundle.SetRouterPairs(5);
   bundle.SetSourcesPerRouter(20);
   bundle.SetBackbone(AtmCellRate("E3"), MilliSeconds(10));
   bundle.SetRouterDelays({MilliSeconds(15), ...});   // one-way, router to peer router
   bundle.SetContract(i, AtmTrafficContract::Ubr());
   bundle.GetAtmHelper().SetSwitchPortAttribute("BufferCells", UintegerValue(16000));
   AtmRouterBundleTopology t = bundle.Install();
   @endcode
 * Configuration calls must precede Install(), which runs once.
 */
class AtmRouterBundleHelper
{
  public:
    AtmRouterBundleHelper();

    /// @param n router pairs, 1..128 (default 5)
    void SetRouterPairs(uint32_t n);
    /// @param k hosts behind each router (and behind each peer router), 1..16383 (default 20)
    void SetSourcesPerRouter(uint32_t k);
    /**
     * @param rate cell rate of each host's access link (default 10 Mb/s)
     * @param delay its one-way delay (default 10 us)
     */
    void SetAccessLink(const AtmCellRate& rate, Time delay);
    /// @param rate cell rate of the router-switch links (default 34 Mb/s, E3 payload)
    void SetRouterLinkRate(const AtmCellRate& rate);
    /**
     * @brief The rate of one pair's link s1 -> R_i* (default: SetRouterLinkRate()); BON's UBR
     *        references run each at the pair's MCR.
     * @param i the pair
     * @param rate its cell rate
     */
    void SetPeerLinkRate(uint32_t i, const AtmCellRate& rate);
    /**
     * @param rate cell rate of the backbone s0 -> s1 (default E3)
     * @param delay its one-way delay (default 10 ms)
     */
    void SetBackbone(const AtmCellRate& rate, Time delay);
    /**
     * @brief One-way delay from each router to its peer router (per pair, or one for all):
     *        each router-switch link gets half of what the backbone leaves, (D - backbone)/2.
     *        Default: 15 ms for every pair (BON's five routers: 2.5 + 10 + 2.5).
     * @param delays one per pair, or a single value for every pair; each at least the
     *        backbone delay
     */
    void SetRouterDelays(const std::vector<Time>& delays);
    /**
     * @brief The contract of pair i's VC (default UBR).
     * @param i the pair
     * @param contract the contract
     */
    void SetContract(uint32_t i, const AtmTrafficContract& contract);
    /**
     * @brief Whether pair i's VC is shaped at its routers' adapters (default: as the PVC
     *        helper says, GetPvcHelper().SetShaping()); BON's mixed ten routers shape only the
     *        GFR.2 routers' VCs.
     * @param i the pair
     * @param shaped true to shape it with GetPvcHelper()'s shaper, false not to shape it
     */
    void SetShaped(uint32_t i, bool shaped);
    /// @param bytes R_i's IP output queue (FifoQueueDisc), bytes; 0: no queue disc, the
    ///        adapter's frame queue only (default 700,000, BON's 700 KB)
    void SetRouterBufferBytes(uint32_t bytes);
    /// @param check true: the peer routers discard PDUs that fail their AAL5 check; false
    ///        (default, BON's routers): they forward them (Aal5Reassembler CheckCrc)
    void SetRouterChecksCrc(bool check);
    /**
     * @param upc true: s0's ports from the routers police each pair's VC against its contract
     *        (the UNI's UPC: GFR.2's F-GCRA and VBR.3's SCR test tag, the others discard what
     *        does not conform); default false
     */
    void SetUniPolicing(bool upc);
    /**
     * @param on true (default): each host's TCP timers (and delayed-ACK timer) tick at a phase
     *        of their own, drawn from U[0, tick) with ns-3's random streams; false: every host
     *        ticks at the same instants (an artefact no network of independent hosts shows)
     */
    void SetRandomTickPhase(bool on);
    /// @param tcp the TCP of every host (default TcpEraPresets::ForSource("bon-internetwork"))
    void SetTcp(const TcpEraPresets& tcp);

    /**
     * @brief The helper that builds links and switches: set the switch ports' buffer, policy
     *        and scheduler here before Install() (AtmHelper::SetSwitchPortAttribute,
     *        SetBufferPolicy, SetCellScheduler).
     * @return it
     */
    AtmHelper& GetAtmHelper();
    /**
     * @brief The helper that sets up the routers' VCs: shaping and PDU tagging of the routers'
     *        adapters here before Install() (each VC's contract comes from SetContract()).
     * @return it
     */
    AtmPvcHelper& GetPvcHelper();

    /**
     * @brief Build the nodes, links, switches, IP (addresses, static routes, the routers' queue
     *        discs), the PVCs and each host's TCP.
     * @return the topology
     */
    AtmRouterBundleTopology Install();

  private:
    /**
     * @brief Abort if Install() ran.
     * @param what the calling method, for the message
     */
    void CheckNotInstalled(const char* what) const;
    /**
     * @param i a pair
     * @return its one-way router-to-router delay
     */
    Time GetRouterDelay(uint32_t i) const;

    uint32_t m_pairs{5};                      //!< router pairs
    uint32_t m_hosts{20};                     //!< hosts per router
    AtmCellRate m_accessRate;                 //!< access links
    Time m_accessDelay;                       //!< access links
    AtmCellRate m_routerLinkRate;             //!< router-switch links
    AtmCellRate m_backboneRate;               //!< s0 -> s1
    Time m_backboneDelay;                     //!< s0 -> s1
    std::vector<Time> m_routerDelays;         //!< per pair, or one for all
    std::vector<AtmCellRate> m_peerLinkRates; //!< per pair (zero or missing: router link)
    std::vector<int8_t> m_shaped; //!< per pair: 1 shaped, 0 not, -1 or missing: the PVC helper's
    std::vector<AtmTrafficContract> m_contracts; //!< per pair (missing: UBR)
    uint32_t m_routerBufferBytes{700000};        //!< R_i's queue disc
    bool m_checkCrc{false};                      //!< the peer routers check the CRC
    bool m_upc{false};                           //!< s0's router ports police
    bool m_randomTickPhase{true};                //!< one timer phase per host
    TcpEraPresets m_tcp;                         //!< every host
    AtmHelper m_atm;                             //!< links and switches
    AtmPvcHelper m_pvcs;                         //!< the routers' VCs
    bool m_installed{false};                     //!< Install() ran
};

} // namespace ns3

#endif // ATM_ROUTER_BUNDLE_HELPER_H
