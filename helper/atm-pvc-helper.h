/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PVC_HELPER_H
#define ATM_PVC_HELPER_H

#include "ns3/atm-encapsulation.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmPvcHelper: permanent VCs along paths of switches, with ATMARP and routes.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief A permanent VC set up by AtmPvcHelper: both directions between two adapters.
 */
struct AtmPvc
{
    Ptr<AtmNetDevice> src; //!< one end
    Ptr<AtmNetDevice> dst; //!< the other end
    uint32_t srcVc{0};     //!< VC index at src
    uint32_t dstVc{0};     //!< VC index at dst
    /// (VPI, VCI) on each link, from src to dst (the same label in both directions of a link)
    std::vector<std::pair<uint16_t, uint16_t>> labels;
    /// Transmitting devices from src to dst and the VC's index at each one's output port
    std::vector<std::pair<Ptr<AtmDevice>, uint32_t>> forward;
    /// Transmitting devices from dst to src and the VC's index at each one's output port
    std::vector<std::pair<Ptr<AtmDevice>, uint32_t>> backward;
};

/**
 * @ingroup atm
 * @brief The cell ledger of one direction of a PVC: every cell the source segmented is
 *        delivered, dropped, lost on a link, queued, in transit or in partial reassembly.
 */
struct AtmVcLedger
{
    /// cells segmented at the source (entered its output port), and RM cells generated along
    /// the path by virtual sources and destinations (AtmSwitch::SetVirtualSourceDestination)
    uint64_t offered{0};
    uint64_t delivered{0}; //!< cells of CPCS-PDUs delivered at the destination
    uint64_t dropped{0};   //!< cells dropped at output ports, by ingress policers and by reassembly
    uint64_t queued{0};    //!< cells in output ports along the path
    uint64_t inTransit{0}; //!< cells on links or arriving (announced, not yet stored)
    uint64_t inReassembly{0}; //!< cells in the destination's partial reassembly
    /// cells lost on the links of the path (AtmChannel: outages, random loss, HEC discards)
    uint64_t linkLost{0};
    /// ABR resource-management cells that reached the destination's end system (an ABR VC's
    /// source sends them in its data cells' slots; they are offered like data cells), or that
    /// ended at a virtual source or destination along the path
    uint64_t rmDelivered{0};

    /// @return true if offered equals the sum of the other terms
    bool Holds() const
    {
        return offered ==
               delivered + rmDelivered + dropped + linkLost + queued + inTransit + inReassembly;
    }
};

/**
 * @brief Print the ledger terms.
 * @param os the stream
 * @param ledger the ledger
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmVcLedger& ledger);

/**
 * @ingroup atm
 * @brief Sets up permanent VCs between AtmNetDevices through switches.
 *
 * Install() finds the path (the fewest switches; or the one given), admits the contract on
 * it, allocates on each link the first free (VPI, VCI) from `SetVpi` / `SetFirstVci` (VCI 32
 * by default; the same label serves both directions of a link), adds the VC to both adapters
 * and a cross-connect per direction to each switch, with the contract. If the adapters' nodes run
 * IPv4, it installs the static ATMARP entries (permanent ARP-cache entries mapping each end's IP
 * address to the VC's synthetic address: what InATMARP would learn on a PVC, RFC 2225 section 8.2)
 * and, if the peer is outside the interface's subnet, a host route to it through the VC. Addresses
 * must be assigned first.
 *
 * Admission: before setting anything up, Install() asks the connection admission control
 * (AtmCac, AtmDevice attribute `Cac`) of every link the PVC crosses, in both directions, and
 * reserves the contract on all of them once every one admits it. A refusal stops the run with
 * the CAC's reason; TryInstall() returns it instead, for scripts that test admission.
 *
 * Shaping: with SetShaping(true), both end adapters shape the VC to its contract
 * (AtmShaperFactory: PcrShaper for a PCR, VbrShaper for VBR), so that a policed network
 * (AtmSwitchPort attribute `Upc`) sees conforming cells; SetShaper() picks a shaper by name
 * instead (e.g. `gfr`, BON's simple GFR shaper, with SetShaperAttribute() for its thresholds);
 * with a shaper of your own, call AtmNetDevice::SetVcShaper() on the returned PVC's ends.
 *
 * GFR at the source: SetPduTagging(true) gives both end adapters a PDU tagger (McrPduTagger,
 * BON Fig. 7.4) that sends the PDUs above the MCR with CLP = 1. With a GFR.2 contract and the
 * switch ports' `Upc` set, the ingress UPC (FrameGcraPolicer) tags the non-eligible PDUs itself;
 * with GFR.1 the switches mark eligibility without tagging (AtmSwitch).
 *
 * @code
 *   AtmPvcHelper pvcs;
 *   pvcs.SetContract(AtmTrafficContract::Ubr());
 *   AtmPvc pvc = pvcs.Install(hostA, hostB); // AtmNetDevices, after Ipv4AddressHelper
 * @endcode
 */
class AtmPvcHelper
{
  public:
    AtmPvcHelper();

    /// @param contract the contract of the next PVCs (default UBR at line rate)
    void SetContract(const AtmTrafficContract& contract);
    /// @param mode the encapsulation of the next PVCs (default: each device's attribute)
    void SetEncapsulation(AtmEncapsulation::Mode mode);
    /// @param vpi the VPI of the next PVCs' labels (default 0)
    void SetVpi(uint16_t vpi);
    /// @param vci the first VCI tried on each link (default 32)
    void SetFirstVci(uint16_t vci);
    /**
     * @brief Shape the next PVCs at both end adapters to their contract (default off).
     * @param shaping true to shape
     * @param tolerance the shapers' Tolerance (0: cells conform with CDVT 0; one cell time of
     *        the access link or more: exact long-run PCR, see PcrShaper)
     */
    void SetShaping(bool shaping, Time tolerance = Time(0));
    /// @return whether the next PVCs are shaped (SetShaping())
    bool IsShaping() const;
    /// @return the shapers' Tolerance of the next PVCs (SetShaping())
    Time GetShapingTolerance() const;
    /**
     * @brief The shaper SetShaping(true) installs: `contract` (the default: the class the
     *        contract calls for), `pcr`, `vbr`, `packet-train`, `gfr` or a TypeId name of an
     *        AtmShaper subclass, with the parameters the contract gives it
     *        (AtmShaperFactory::Create(name, contract, tolerance)). Aborts for an unknown name.
     * @param shaper the name
     */
    void SetShaper(const std::string& shaper);
    /**
     * @brief Set an attribute of the shapers SetShaping(true) installs, after the contract's
     *        parameters (e.g. `MinThresholdCells` of `gfr`). Needs a named shaper
     *        (SetShaper(), not `contract`); aborts for an attribute the shaper lacks or a value
     *        it refuses.
     * @param name the attribute
     * @param value its value
     */
    void SetShaperAttribute(const std::string& name, const AttributeValue& value);
    /**
     * @brief Tag the next PVCs' PDUs at both end adapters (AtmNetDevice::SetVcPduTagger;
     *        default off): each adapter sends the PDUs its tagger finds above the contract's MCR
     *        with CLP = 1 (BON ch. 7.1, Fig. 7.4 for `mcr`).
     * @param tagging true to tag
     * @param tagger a short name of AtmPduTaggerFactory (`mcr`) or a TypeId name
     */
    void SetPduTagging(bool tagging, const std::string& tagger = "mcr");
    /**
     * @brief Set an attribute of the taggers SetPduTagging(true) installs (e.g. `MbsCells`).
     * @param name the attribute
     * @param value its value
     */
    void SetPduTaggerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * @brief Carry the next PVCs through these switches on a VP cross-connect of their VPI
     *        (SetVpi) instead of VC cross-connects (ITU-T I.311 VP switching: a VP switch
     *        neither reads nor changes the VCI). Each such switch gets one VP cross-connect per VPI
     * and direction, created by the first PVC and shared by the next ones, with @p vpContract
     * (policed where the in port's `Upc` is set: per-VP policing, TEN34); the VP contract is
     *        reserved once on the VP switch's links, the PVCs' own contracts on the others. The
     *        VCI is then the same on every link of the path.
     * @param switches the VP switches (empty: none)
     * @param vpContract the contract of the VPs
     */
    void SetVpCrossConnects(const NodeContainer& switches, const AtmTrafficContract& vpContract);

    /**
     * @brief Which IPv4 address of each end's interface the next PVCs' ATMARP entries map
     *        (default 0 and 0, the first addresses): the source's entry maps the destination's
     *        address @p dstIndex to the VC, the destination's maps the source's address
     *        @p srcIndex. With several addresses per interface (Ipv4::AddAddress), one host pair
     *        can then have one PVC per address pair, and a connection between those addresses
     *        uses that PVC (AtmBundleHelper's VC-per-connection mode). Install() refuses an index
     *        the interface does not have.
     * @param srcIndex the source interface's address index
     * @param dstIndex the destination interface's address index
     */
    void SetAddressIndices(uint32_t srcIndex, uint32_t dstIndex);

    /**
     * @brief Set up a PVC along the path with the fewest switches.
     * @param src one adapter (an AtmNetDevice)
     * @param dst the other adapter
     * @return the PVC
     */
    AtmPvc Install(Ptr<NetDevice> src, Ptr<NetDevice> dst);

    /**
     * @brief Set up a PVC through the given switches, in order.
     * @param src one adapter
     * @param dst the other adapter
     * @param switches the switch nodes from src to dst (empty: src and dst share a link)
     * @return the PVC
     */
    AtmPvc Install(Ptr<NetDevice> src, Ptr<NetDevice> dst, const NodeContainer& switches);

    /**
     * @brief As Install(), but a PVC that a link's admission control refuses is not set up and
     *        the refusal is returned instead of stopping the run (configuration errors still
     *        abort).
     * @param src one adapter
     * @param dst the other adapter
     * @param pvc receives the PVC if admitted (may be null)
     * @param reason receives the refusal, naming the link (may be null)
     * @return true if the PVC was set up
     */
    bool TryInstall(Ptr<NetDevice> src, Ptr<NetDevice> dst, AtmPvc* pvc, std::string* reason);
    /**
     * @brief TryInstall() through the given switches.
     * @param src one adapter
     * @param dst the other adapter
     * @param switches the switch nodes from src to dst
     * @param pvc receives the PVC if admitted (may be null)
     * @param reason receives the refusal (may be null)
     * @return true if the PVC was set up
     */
    bool TryInstall(Ptr<NetDevice> src,
                    Ptr<NetDevice> dst,
                    const NodeContainer& switches,
                    AtmPvc* pvc,
                    std::string* reason);

    /// @return every PVC installed by this helper
    const std::vector<AtmPvc>& GetPvcs() const;

    /**
     * @brief The cell ledger of one direction of a PVC, now.
     * @param pvc the PVC
     * @param forward true for src to dst
     * @return the ledger
     */
    static AtmVcLedger GetLedger(const AtmPvc& pvc, bool forward = true);

    /**
     * @brief Effective utilisation of a device's outgoing link: cells of PDUs delivered
     *        intact at their destination, over the PVCs of this helper crossing the device,
     *        per cell slot in [0, now].
     * @param tx the transmitting device
     * @return the fraction
     */
    double GetEffectiveUtilization(Ptr<AtmDevice> tx) const;

    /**
     * @brief Effective utilisation of a device's outgoing link over the given PVCs: cells of
     *        PDUs delivered intact at their destination, over those of @p pvcs crossing the
     *        device, per cell slot in [0, now].
     * @param tx the transmitting device
     * @param pvcs the PVCs (e.g. kept from Install() calls of several helpers)
     * @return the fraction
     */
    static double GetEffectiveUtilization(Ptr<AtmDevice> tx, const std::vector<AtmPvc>& pvcs);

  private:
    /// The links and switch ports a PVC crosses, from its source to its destination.
    struct Path
    {
        NodeContainer switches; //!< the switches, from src to dst
        /// (upstream device, downstream device) of each link, from src to dst
        std::vector<std::pair<Ptr<AtmDevice>, Ptr<AtmDevice>>> links;
        /// per switch: (in port, out port) in the src-to-dst direction
        std::vector<std::pair<uint32_t, uint32_t>> ports;
        std::vector<bool> vpAt; //!< per switch: crossed on a VP cross-connect
        bool anyVp{false};      //!< some switch of the path is crossed on a VP cross-connect
    };

    /**
     * @brief Find the switch path with the fewest switches.
     * @param src the source adapter
     * @param dst the destination adapter
     * @return the switch nodes
     */
    static NodeContainer FindPath(Ptr<AtmNetDevice> src, Ptr<AtmNetDevice> dst);
    /**
     * @brief Install() and TryInstall(): the phases below, in order.
     * @param src one adapter
     * @param dst the other adapter
     * @param switches the path
     * @param pvc receives the PVC
     * @param reason receives a CAC refusal; null: abort on refusal
     * @return true if set up
     */
    bool DoInstall(Ptr<NetDevice> src,
                   Ptr<NetDevice> dst,
                   const NodeContainer& switches,
                   AtmPvc* pvc,
                   std::string* reason);
    /**
     * @brief Phase 1: the links and ports along the given switches (aborts, naming the node,
     *        where the switches do not form a path from src to dst).
     * @param src the source adapter
     * @param dst the destination adapter
     * @param switches the switch nodes from src to dst
     * @return the path (without its VP marks)
     */
    static Path ResolvePath(Ptr<AtmNetDevice> src,
                            Ptr<AtmNetDevice> dst,
                            const NodeContainer& switches);
    /**
     * @brief Phase 2: mark the path's switches given to SetVpCrossConnects().
     * @param path the path
     */
    void MarkVpSwitches(Path* path) const;
    /**
     * @param path the path
     * @param dev a device of the path
     * @return true if @p dev is a port of a VP switch of the path (its links carry the VP's
     *         contract, not the PVC's)
     */
    static bool IsOnVp(const Path& path, const Ptr<AtmDevice>& dev);
    /**
     * @brief Phase 3: connection admission control of every link of the path, both directions;
     *        reserves the contract on all of them only if every one admits it.
     * @param path the path
     * @param src the source adapter (for messages)
     * @param dst the destination adapter (for messages)
     * @param refusal receives a refusal; null: abort on refusal
     * @return true if admitted (and reserved)
     */
    bool AdmitOnPath(const Path& path,
                     Ptr<AtmNetDevice> src,
                     Ptr<AtmNetDevice> dst,
                     std::string* refusal) const;
    /**
     * @param path the path
     * @param dev a device at one end of a link of the path
     * @param vci a VCI (on VPI SetVpi())
     * @return true if the label is free at @p dev
     */
    bool IsLabelFree(const Path& path, const Ptr<AtmDevice>& dev, uint32_t vci) const;
    /**
     * @brief Phase 4: one (VPI, VCI) per link, the lowest free VCI from SetFirstVci(); the same
     *        VCI on every link when the path crosses a VP switch.
     * @param path the path
     * @param src the source adapter (for messages)
     * @param dst the destination adapter (for messages)
     * @return the labels, from src to dst
     */
    std::vector<std::pair<uint16_t, uint16_t>> AllocateLabels(const Path& path,
                                                              Ptr<AtmNetDevice> src,
                                                              Ptr<AtmNetDevice> dst) const;
    /**
     * @brief Phase 5: the VC at both adapters (labels of the first and last links), their
     *        encapsulation check and, with SetShaping(true), their shapers.
     * @param pvc the PVC with its ends and labels; receives srcVc and dstVc
     */
    void AddEndpoints(AtmPvc* pvc) const;
    /**
     * @brief Phase 6: the cross-connects of every switch, both directions (VP cross-connects
     *        created once per VPI and shared), and the PVC's forward and backward hops.
     * @param path the path
     * @param pvc the PVC with its labels and end VCs; receives forward and backward
     */
    void CrossConnect(const Path& path, AtmPvc* pvc);
    /**
     * @brief Phase 7: the ATMARP entry and host route at one end.
     * @param local the local adapter
     * @param vc its VC
     * @param remote the far adapter
     * @param localIndex which address of the local interface (its subnet decides the route)
     * @param remoteIndex which address of the far interface the entry maps to the VC
     */
    static void InstallAtmArp(Ptr<AtmNetDevice> local,
                              uint32_t vc,
                              Ptr<AtmNetDevice> remote,
                              uint32_t localIndex,
                              uint32_t remoteIndex);

    AtmTrafficContract m_contract;                                      //!< contract of new PVCs
    AtmEncapsulation::Mode m_encapsulation{AtmEncapsulation::LLC_SNAP}; //!< encapsulation
    bool m_encapsulationSet{false};  //!< m_encapsulation overrides the devices
    uint16_t m_vpi{0};               //!< VPI of new labels
    uint16_t m_firstVci{32};         //!< first VCI tried
    bool m_shaping{false};           //!< shape new PVCs at their ends
    uint32_t m_srcAddress{0};        //!< SetAddressIndices: the source's address index
    uint32_t m_dstAddress{0};        //!< SetAddressIndices: the destination's address index
    NodeContainer m_vpSwitches;      //!< switches crossed on VP cross-connects
    AtmTrafficContract m_vpContract; //!< contract of those VPs
    std::set<std::tuple<const AtmDevice*, uint16_t, uint16_t>> m_vpLabels; //!< labels on VP links
    Time m_shapingTolerance;              //!< the shapers' Tolerance
    std::string m_shaperName{"contract"}; //!< SetShaper()
    /// SetShaperAttribute() settings, in order
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_shaperAttributes;
    bool m_tagging{false};         //!< tag new PVCs' PDUs at their ends
    ObjectFactory m_taggerFactory; //!< the taggers, with their attributes
    std::vector<AtmPvc> m_pvcs;    //!< installed PVCs
};

} // namespace ns3

#endif // ATM_PVC_HELPER_H
