/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CROSS_CONNECT_TABLE_H
#define ATM_CROSS_CONNECT_TABLE_H

#include "ns3/atm-policer.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/frame-gcra.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <unordered_set>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCrossConnectTable: the VC and VP cross-connects of one switch.
 */

namespace ns3
{

class AtmCellTransmitter;

/**
 * @ingroup atm
 * @brief The translation tables of one ATM switch (ITU-T I.311, 6.2: VC and VP switching):
 *        which (in port, VPI, VCI) goes to which (out port, VPI', VCI'), and which labels each
 *        port uses, with the key packing in one place.
 *
 * - A VC cross-connect maps (in port, VPI, VCI) to a VcRoute.
 * - A VP cross-connect maps (in port, VPI) to a VpRoute (out port, VPI'); every VCI of the VP
 *   passes through unchanged, and each VCI seen on it gets a VcRoute of its own
 *   (AddVpVc()), because the out port keeps one VC record per VCI.
 * - VC entries take precedence over a VP entry of the same in port and VPI (FindRoute()).
 * - Out labels in use: per (out port, VPI, VCI) for VC cross-connects and per (out port, VPI)
 *   for VP cross-connects, so that two cross-connects never send cells with the same labels
 *   out of a port.
 *
 * The table stores what the fabric needs per cell (the out port's transmitter, its input, the
 * VC index at the out port, the ingress policer and its per-VC state); it decides nothing.
 * A lookup costs one hash-map probe for a VC cross-connect and two for a VCI of a VP.
 */
class AtmCrossConnectTable
{
  public:
    /// The route of one VC (a VC cross-connect, or one VCI of a VP cross-connect).
    struct VcRoute
    {
        AtmCellTransmitter* tx{nullptr}; //!< the out port's transmitter (owned by the port)
        uint32_t input{0};               //!< transmitter input of the in port
        uint32_t outVc{0};               //!< VC index at the out port
        uint16_t outVpi{0};              //!< rewritten VPI
        uint16_t outVci{0};              //!< rewritten VCI
        uint32_t outPort{0};             //!< out port index
        uint32_t inPort{0};              //!< in port index
        Ptr<AtmPolicer> policer;         //!< ingress policer (the VC's own or its VP's), or null
        AtmPolicer::VcState upc;         //!< the VC's policing state
        /// GFR.1: the switch decides which PDUs are eligible (AtmCell::NOT_ELIGIBLE)
        bool gfr1{false};
        bool gfr1MidFrame{false}; //!< GFR.1: the VC's last cell seen was not an end-of-PDU cell
        bool gfr1HasMcr{false};   //!< GFR.1: MCR > 0 (else no PDU is eligible)
        FrameGcra gfr1Fgcra;      //!< GFR.1 with MCR > 0: the ingress F-GCRA(1/MCR, f)
        /// the VC's virtual source/destination at this switch (AtmSwitch), or UINT32_MAX
        uint32_t vsvd{UINT32_MAX};
        bool vsvdForward{false}; //!< with vsvd: this is the direction of the VC's data
    };

    /// A VP cross-connect.
    struct VpRoute
    {
        uint32_t outPort{0};         //!< out port
        uint16_t outVpi{0};          //!< rewritten VPI
        AtmTrafficContract contract; //!< contract of its VCs
        Ptr<AtmPolicer> policer;     //!< ingress policer of the VP aggregate, or null
    };

    /**
     * @param port a port index
     * @param vpi a VPI (12 bits at an NNI)
     * @param vci a VCI (0 for a VP key)
     * @return the table key of (port, VPI, VCI)
     */
    static uint64_t Key(uint32_t port, uint16_t vpi, uint16_t vci)
    {
        return (static_cast<uint64_t>(port) << 32) | (static_cast<uint64_t>(vpi) << 16) | vci;
    }

    /**
     * @brief The route of a cell arriving on @p inPort with these labels: its VC cross-connect,
     *        else the route of its VCI on a VP cross-connect if that VCI was seen before.
     * @param inPort the in port
     * @param vpi the cell's VPI
     * @param vci the cell's VCI
     * @return the route, or null (then FindVp() tells whether a VP carries it)
     */
    VcRoute* FindRoute(uint32_t inPort, uint16_t vpi, uint16_t vci);
    /**
     * @param inPort an in port
     * @param vpi a VPI
     * @return its VP cross-connect, or null
     */
    const VpRoute* FindVp(uint32_t inPort, uint16_t vpi) const;
    /**
     * @param inPort an in port
     * @param vpi a VPI
     * @param vci a VCI
     * @return the VC cross-connect of exactly these labels, or null (not a VCI of a VP)
     */
    VcRoute* FindVc(uint32_t inPort, uint16_t vpi, uint16_t vci);
    /**
     * @param inPort an in port
     * @param vpi a VPI
     * @param vci a VCI
     * @return the VC cross-connect of exactly these labels, or null
     */
    const VcRoute* FindVc(uint32_t inPort, uint16_t vpi, uint16_t vci) const;
    /**
     * @param inPort an in port
     * @param vpi a VPI
     * @return its VP cross-connect, or null
     */
    VpRoute* FindVpForUpdate(uint32_t inPort, uint16_t vpi);

    /**
     * @brief Add a VC cross-connect and mark its out label used (the caller checked both free).
     * @param inPort in port
     * @param inVpi in VPI
     * @param inVci in VCI
     * @param route its route
     * @return the stored route
     */
    VcRoute& AddVc(uint32_t inPort, uint16_t inVpi, uint16_t inVci, const VcRoute& route);
    /**
     * @brief Add a VP cross-connect and mark its out VP used (the caller checked both free).
     * @param inPort in port
     * @param inVpi in VPI
     * @param route its route
     */
    void AddVp(uint32_t inPort, uint16_t inVpi, const VpRoute& route);
    /**
     * @brief Add the route of one VCI of a VP cross-connect.
     * @param inPort in port
     * @param inVpi the VP's in VPI
     * @param vci the VCI
     * @param route its route
     * @return the stored route
     */
    VcRoute& AddVpVc(uint32_t inPort, uint16_t inVpi, uint16_t vci, const VcRoute& route);

    /**
     * @param port a port
     * @param vpi a VPI
     * @param vci a VCI
     * @return true if a cross-connect takes cells arriving on @p port with these labels
     */
    bool IsInLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const;
    /**
     * @param port a port
     * @param vpi a VPI
     * @param vci a VCI
     * @return true if a cross-connect sends cells out of @p port with these labels
     */
    bool IsOutLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const;
    /**
     * @param port a port
     * @param vpi a VPI
     * @return true if a VP cross-connect sends cells out of @p port with this VPI
     */
    bool IsOutVpUsed(uint32_t port, uint16_t vpi) const;
    /**
     * @param port a port
     * @param vpi a VPI
     * @param vci set to the VCI of one VC cross-connect using that out VPI, if any
     * @return true if a VC cross-connect sends cells out of @p port with this VPI
     */
    bool FindOutVcOnVp(uint32_t port, uint16_t vpi, uint16_t* vci) const;

    /**
     * @brief Visit every VC route (VC cross-connects and VCIs of VP cross-connects).
     * @param visit called with each route
     */
    void ForEachRoute(const std::function<void(VcRoute&)>& visit);
    /**
     * @brief Visit the routes of the VCIs seen on one VP cross-connect.
     * @param inPort its in port
     * @param inVpi its in VPI
     * @param visit called with each route
     */
    void ForEachVpVc(uint32_t inPort, uint16_t inVpi, const std::function<void(VcRoute&)>& visit);

    /// Forget everything.
    void Clear();

  private:
    std::unordered_map<uint64_t, VcRoute> m_vcs;   //!< VC cross-connects by Key(in, vpi, vci)
    std::unordered_map<uint64_t, VpRoute> m_vps;   //!< VP cross-connects by Key(in, vpi, 0)
    std::unordered_map<uint64_t, VcRoute> m_vpVcs; //!< VCIs seen on VPs by Key(in, vpi, vci)
    std::unordered_set<uint64_t> m_outLabels;      //!< Key(out, vpi', vci') of VC cross-connects
    std::unordered_set<uint64_t> m_outVps;         //!< Key(out, vpi', 0) of VP cross-connects
};

} // namespace ns3

#endif // ATM_CROSS_CONNECT_TABLE_H
