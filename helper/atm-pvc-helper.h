/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PVC_HELPER_H
#define ATM_PVC_HELPER_H

#include "ns3/atm-encapsulation.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/node-container.h"

#include <cstdint>
#include <set>
#include <tuple>
#include <ostream>
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
 * @brief The cell ledger of one direction of a PVC (DESIGN.md §6.8): every cell the source
 *        segmented is delivered, dropped, queued, in transit or in partial reassembly.
 */
struct AtmVcLedger
{
    uint64_t offered{0};      //!< cells segmented at the source (entered its output port)
    uint64_t delivered{0};    //!< cells of CPCS-PDUs delivered at the destination
    uint64_t dropped{0}; //!< cells dropped at output ports, by ingress policers and by reassembly
    uint64_t queued{0};       //!< cells in output ports along the path
    uint64_t inTransit{0};    //!< cells on links or arriving (announced, not yet stored)
    uint64_t inReassembly{0}; //!< cells in the destination's partial reassembly

    /// @return true if offered equals the sum of the other terms
    bool Holds() const
    {
        return offered == delivered + dropped + queued + inTransit + inReassembly;
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
 * Install() finds the path (the fewest switches; or the one given), allocates on each link
 * the first free (VPI, VCI) from `SetVpi` / `SetFirstVci` (VCI 32 by default; the same label
 * serves both directions of a link), adds the VC to both adapters and a cross-connect per
 * direction to each switch, with the contract. If the adapters' nodes run IPv4, it installs
 * the static ATMARP entries (permanent ARP-cache entries mapping each end's IP address to the
 * VC's synthetic address, DESIGN.md §6.5) and, if the peer is outside the interface's subnet,
 * a host route to it through the VC. Addresses must be assigned first.
 *
 * Admission: before setting anything up, Install() asks the connection admission control
 * (AtmCac, AtmDevice attribute `Cac`) of every link the PVC crosses, in both directions, and
 * reserves the contract on all of them once every one admits it. A refusal stops the run with
 * the CAC's reason; TryInstall() returns it instead, for scripts that test admission.
 *
 * Shaping: with SetShaping(true), both end adapters shape the VC to its contract
 * (AtmShaperFactory: PcrShaper for a PCR, VbrShaper for VBR), so that a policed network
 * (AtmSwitchPort attribute `Upc`) sees conforming cells; with a shaper of your own, call
 * AtmNetDevice::SetVcShaper() on the returned PVC's ends instead.
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
    /**
     * @brief Carry the next PVCs through these switches on a VP cross-connect of their VPI
     *        (SetVpi) instead of VC cross-connects (SPEC 3.29: a VP switch neither reads nor
     *        changes the VCI). Each such switch gets one VP cross-connect per VPI and direction,
     *        created by the first PVC and shared by the next ones, with @p vpContract (policed
     *        where the in port's `Upc` is set: per-VP policing, TEN34); the VP contract is
     *        reserved once on the VP switch's links, the PVCs' own contracts on the others. The
     *        VCI is then the same on every link of the path.
     * @param switches the VP switches (empty: none)
     * @param vpContract the contract of the VPs
     */
    void SetVpCrossConnects(const NodeContainer& switches, const AtmTrafficContract& vpContract);

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

  private:
    /**
     * @brief Find the switch path.
     * @param src the source adapter
     * @param dst the destination adapter
     * @return the switch nodes
     */
    static NodeContainer FindPath(Ptr<AtmNetDevice> src, Ptr<AtmNetDevice> dst);
    /**
     * @brief Install the ATMARP entry and host route at one end.
     * @param local the local adapter
     * @param vc its VC
     * @param remote the far adapter
     */
    static void InstallAtmArp(Ptr<AtmNetDevice> local, uint32_t vc, Ptr<AtmNetDevice> remote);
    /**
     * @brief Install() and TryInstall().
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

    AtmTrafficContract m_contract;                                      //!< contract of new PVCs
    AtmEncapsulation::Mode m_encapsulation{AtmEncapsulation::LLC_SNAP}; //!< encapsulation
    bool m_encapsulationSet{false}; //!< m_encapsulation overrides the devices
    uint16_t m_vpi{0};              //!< VPI of new labels
    uint16_t m_firstVci{32};        //!< first VCI tried
    bool m_shaping{false};          //!< shape new PVCs at their ends
    NodeContainer m_vpSwitches;     //!< switches crossed on VP cross-connects
    AtmTrafficContract m_vpContract; //!< contract of those VPs
    std::set<std::tuple<const AtmDevice*, uint16_t, uint16_t>> m_vpLabels; //!< labels on VP links
    Time m_shapingTolerance;        //!< the shapers' Tolerance
    std::vector<AtmPvc> m_pvcs;     //!< installed PVCs
};

} // namespace ns3

#endif // ATM_PVC_HELPER_H
