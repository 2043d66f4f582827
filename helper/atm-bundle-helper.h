/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUNDLE_HELPER_H
#define ATM_BUNDLE_HELPER_H

#include "atm-helper.h"
#include "atm-pvc-helper.h"
#include "tcp-era-presets.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmBundleHelper and ns3::AtmBundleTopology: a host pair over a policed PVC, the path of
 * the measurement campaigns (CRC, TEN-34, Bonaventure's pilot).
 */

namespace ns3
{

class AtmSwitchPort;

/**
 * @ingroup atm
 * @brief The host pair AtmBundleHelper::Install() built, as a plain value.
 */
struct AtmBundleTopology
{
    NodeContainer hosts;               //!< h0 (the sender's side), h1
    NodeContainer switches;            //!< s0, s1 (the network ingress), s2
    Ptr<AtmNetDevice> nic[2];          //!< the hosts' adapters
    Ipv4InterfaceContainer interfaces; //!< the hosts' addresses (10.1.1.1, 10.1.1.2)
    Ptr<AtmSwitchPort> ingress;        //!< s1's port from s0, which polices (UPC)
    /// the switch ports of the direction h0 -> h1: s0 -> s1, s1 -> s2, s2 -> h1
    std::vector<Ptr<AtmDevice>> forwardPorts;
    AtmPvc pvc;                  //!< the PVC h0 -> h1 every connection shares (pvcs[0])
    AtmTrafficContract contract; //!< its contract
    /// every PVC: one, or one per connection (SetVcPerConnection); pvcs[k] joins
    /// addresses[k].first (h0) and addresses[k].second (h1)
    std::vector<AtmPvc> pvcs;
    /// the address pair of each PVC: (10.1.1.1, 10.1.1.2), (10.1.2.1, 10.1.2.2), ...
    std::vector<std::pair<Ipv4Address, Ipv4Address>> addresses;
    TcpEraPresets tcp; //!< the TCP installed on both hosts
    Time accessDelay;  //!< each access link's one-way delay
    Time innerDelay;   //!< each inner link's one-way delay

    /**
     * @return the cells of every PVC dropped so far, both directions: at the output ports of
     *         their paths and by s1's UPC
     */
    uint64_t GetCellsLost() const;
    /// @return true if every PVC's cell ledger holds, both directions (AtmPvcHelper::GetLedger)
    bool LedgersHold() const;
};

/**
 * @ingroup atm
 * @brief Builds a host pair connected by one PVC through three switches, the path of the
 *        measurement campaigns over public ATM networks: a traffic contract, shaped at the
 *        source adapter and policed where the network begins.
 *
 * @verbatim
      h0 --access-- s0 ---link--- s1 ---link--- s2 --access-- h1
                  (buffer)      ^ UPC on the port from s0 (network ingress; with SetVp s1
                                  and s2 are VP cross-connects, policed per VP)
   @endverbatim
 *
 * The access links run at SetAccessRate() with SetAccessDelay() each, s0-s1 and s1-s2 at
 * SetTrunkRate() sharing the rest of SetRtt() (the round-trip propagation delay), as the CRC
 * report models the Berlin-Ottawa PVC (CRC Report 96-007, section 4: host, shaper at the PVC's
 * rate, a few switch hops, a T3 trunk, 50 ms one way) and TEN-34 and Bonaventure their VPs.
 * Both hosts run the same TCP (SetTcp), on one IP subnet (10.1.1.0/24) with the PVC's ATMARP
 * entries. Every connection between the two hosts shares the one PVC: SPIMS-like applications,
 * ttcp writers and sinks differ by TCP port (CRC's bundles of connections on one VC).
 *
 * SetVcPerConnection(n) gives the pair n PVCs instead: PVC k joins the address pair 10.1.(k +
 * 1).1 and 10.1.(k + 1).2 (each host's interface gets the extra addresses, ATMARP maps each
 * to its PVC, AtmPvcHelper::SetAddressIndices), so a connection between those addresses, e.g.
 * an initiator bound to the first (AtmSpimsInitiator attribute `Local`), uses PVC k; with
 * SetVp(true) the PVCs are VCs 32, 33, ... of the one VP that s1 and s2 cross-connect and s1
 * polices. Each PVC has SetConnectionContract()'s contract (default SetContract()'s); with a VP,
 * SetContract() is the VP's.
 *
 * @code
 *   AtmBundleHelper bundle;
 *   bundle.SetContract(AtmTrafficContract::Cbr(AtmCellRate("10Mbps@payload"),
 *                                              MicroSeconds(100)));
 *   bundle.SetTrunkRate(AtmCellRate("DS3"));
 *   bundle.SetRtt(MilliSeconds(100));
 *   bundle.SetMtu(9188);
 *   bundle.SetTcp(TcpEraPresets::ForSource("crc"));
 *   AtmBundleTopology t = bundle.Install();
 *   // applications between t.hosts.Get(0) and t.interfaces.GetAddress(1) ...
 * @endcode
 *
 * Configuration calls must precede Install(), which runs once. The helper holds no state the
 * simulation uses: it may be destroyed once Install() has returned.
 */
class AtmBundleHelper
{
  public:
    AtmBundleHelper();

    /// @param rate cell rate of the two access links (default OC3c)
    void SetAccessRate(const AtmCellRate& rate);
    /// @param delay one-way delay of each access link (default 5 us)
    void SetAccessDelay(Time delay);
    /// @param rate cell rate of s0-s1 and s1-s2 (default E3)
    void SetTrunkRate(const AtmCellRate& rate);
    /**
     * @param rtt the round-trip propagation delay (default 20 ms): the two inner links take
     *        rtt / 4 - the access delay each, so it must be at least 4 access delays
     */
    void SetRtt(Time rtt);
    /// @param cells BufferCells of every switch port (default 256, a Fore ASX-200 port)
    void SetBufferCells(uint32_t cells);
    /// @param mtu the adapters' IP MTU (default 9180, RFC 1626)
    void SetMtu(uint32_t mtu);
    /// @param mode the PVC's encapsulation (default LLC/SNAP)
    void SetEncapsulation(AtmEncapsulation::Mode mode);
    /// @param contract the PVC's contract (default UBR)
    void SetContract(const AtmTrafficContract& contract);
    /**
     * @brief Shape the PVC at the source adapter at its PCR (PcrShaper).
     * @param on shape (default false)
     * @param tolerance the shaper's Tolerance
     */
    void SetShaping(bool on, Time tolerance = Time(0));
    /**
     * @brief Police at the network ingress (s1's port from s0).
     * @param on police (default true)
     * @param frameDiscard UpcFrameDiscard: a non-conforming cell discards the rest of its frame
     */
    void SetUpc(bool on, bool frameDiscard = false);
    /// @param on VP cross-connects at s1 and s2 (VPI 1), policed per VP (default false: VCs)
    void SetVp(bool on);
    /**
     * @brief One PVC per connection instead of one for all (class description).
     * @param connections the PVCs (1 to 250; 1, the default: one shared PVC)
     */
    void SetVcPerConnection(uint32_t connections);
    /// @param contract each PVC's contract with SetVcPerConnection (default: SetContract()'s)
    void SetConnectionContract(const AtmTrafficContract& contract);
    /// @param tcp the TCP of both hosts (default TcpEraPresets::ForSource("bsd"))
    void SetTcp(const TcpEraPresets& tcp);
    /**
     * @brief The AtmHelper that builds the links, for any further device, channel, switch or
     *        port attribute and for pcap/ascii tracing (attributes set here before Install()).
     * @return the helper
     */
    AtmHelper& GetAtmHelper();

    /**
     * @brief Build the hosts, switches, links, internet stacks, addresses, TCPs and the PVC.
     * @param topology receives them
     * @param refusal receives why the network refused the PVC (its connection admission
     *        control, AtmCac), if it did
     * @return true if the PVC was admitted
     */
    bool TryInstall(AtmBundleTopology* topology, std::string* refusal);
    /**
     * @brief TryInstall() that stops with the refusal's reason.
     * @return the topology
     */
    AtmBundleTopology Install();

  private:
    /**
     * @brief Abort if Install() ran.
     * @param what the calling method, for the message
     */
    void CheckNotInstalled(const char* what) const;

    AtmCellRate m_accessRate;                //!< access links
    Time m_accessDelay;                      //!< each access link
    AtmCellRate m_trunkRate;                 //!< the inner links
    Time m_rtt;                              //!< round-trip propagation
    uint32_t m_bufferCells{256};             //!< switch ports
    uint32_t m_mtu{9180};                    //!< IP MTU
    AtmEncapsulation::Mode m_mode;           //!< encapsulation
    AtmTrafficContract m_contract;           //!< the PVC's contract
    bool m_shaping{false};                   //!< PcrShaper at the source
    Time m_shaperTolerance;                  //!< its Tolerance
    bool m_upc{true};                        //!< police at s1
    bool m_frameDiscard{false};              //!< UpcFrameDiscard
    bool m_vp{false};                        //!< VP cross-connects at s1 and s2
    uint32_t m_connections{1};               //!< PVCs (SetVcPerConnection)
    AtmTrafficContract m_connectionContract; //!< each PVC's contract (SetConnectionContract)
    bool m_connectionContractSet{false};     //!< m_connectionContract given
    TcpEraPresets m_tcp;                     //!< both hosts' TCP
    AtmHelper m_atm;                         //!< link builder
    bool m_installed{false};                 //!< Install() ran
};

} // namespace ns3

#endif // ATM_BUNDLE_HELPER_H
