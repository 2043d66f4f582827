/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SWITCH_H
#define ATM_SWITCH_H

#include "atm-cell.h"
#include "atm-cross-connect-table.h"
#include "atm-switch-port.h"

#include "ns3/atm-abr-vs-vd.h"
#include "ns3/atm-policer.h"
#include "ns3/atm-shaper.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSwitch: the fabric of an output-buffered ATM switch.
 */

namespace ns3
{

class AtmCellTransmitter;

/**
 * @ingroup atm
 * @brief The fabric of an output-buffered ATM switch, aggregated to the switch node.
 *
 * Its port devices (AtmSwitchPort) hand it every received cell through the callbacks AddPort()
 * gives them (a port does not know the fabric's type), and tell it every cell they sent. The
 * cross-connects are an AtmCrossConnectTable. A VC cross-connect maps
 * (in port, VPI, VCI) to (out port, VPI', VCI') and rewrites the labels; a VP cross-connect
 * maps (in port, VPI) to (out port, VPI') and passes the VCI through, while the output port
 * still keeps one VC record (frame state, counters) per VPI'/VCI, created at the first cell of
 * each VCI. The cell is announced to the output port's transmitter with its arrival time plus
 * `SwitchingDelay`; nothing is scheduled (AtmCellTransmitter). A cell on a label with no
 * cross-connect is dropped at its arrival instant with the reason UNKNOWN_LABEL.
 *
 * VC entries take precedence over a VP entry of the same in port and VPI.
 *
 * Ingress policing (usage / network parameter control, ITU-T I.371 clause 7.2; ATM Forum TM
 * 4.0, 4.5): a VC or VP cross-connect can carry an AtmPolicer,
 * created from its contract by AtmPolicerFactory when the in port's attribute `Upc` is true, or
 * set explicitly (SetVcPolicer(), SetVpPolicer()). A VP policer polices the aggregate of all
 * the VP's VCs. Each cell is policed when it is announced (its arrival time, known then, is
 * all the decision depends on) at the time its first bit arrives; a discarded cell is counted
 * against the out VC it was routed to (GetUpcDiscards(), and the PVC's cell ledger), traced by
 * "CellDrop" with the policer's reason, and its AN2 credit, if the in hop runs credits, goes
 * back upstream at its arrival; a tagged cell continues with CLP = 1.
 *
 * GFR eligibility (ATM Forum TM 4.1, GFR.1 and GFR.2; O. Bonaventure, PhD thesis, Universite de
 * Liege, 1998, ch. 7.2.1): every cross-connect gives the out port the VC's contract
 * (AtmOutputPort::AddVc(const AtmTrafficContract&)), where the buffer policy reads it. At every
 * ingress the switch clears AtmCell::NOT_ELIGIBLE; for a VC whose contract is GFR.1 it then runs
 * an F-GCRA(1/MCR, f) (FrameGcra, with f from the MBS, the PCR or the in port's line rate, and
 * the MCR's CDVT) on the VC's cells at their first bit's arrival and sets NOT_ELIGIBLE on the
 * CLP = 0 cells of each PDU that fails it, without tagging them (under GFR.1 the network may not
 * tag). With MCR 0 no PDU of a GFR.1 VC is eligible. Under GFR.2 the UPC tags the non-eligible
 * PDUs, so the CLP bit alone tells them apart (AtmCell::IsEligible()). A cell the UPC discards
 * never reaches the F-GCRA. The GFR.1 marking is the switch design of Bonaventure's Double-EPD
 * for GFR.1 (a tag-sensitive FIFO must tell the frames within the MCR apart); a switch that
 * guarantees the MCR by per-VC scheduling instead (BON ch. 7.2.2: per-VC thresholds with
 * Virtual Spacing, CLP = 0 frames only) does not run it: attribute `Gfr1Eligibility` false
 * leaves every CLP = 0 cell of a GFR.1 VC eligible.
 *
 * The fabric only routes, polices and relays credits. Whatever a switch does to cells of an
 * output port (EFCI marking, ABR explicit-rate feedback in RM cells) belongs to that port's
 * device and output port, not here.
 */
class AtmSwitch : public Object
{
  public:
    /// Drop reason: no cross-connect for the cell's in port and labels.
    static constexpr char UNKNOWN_LABEL[] = "switch: no cross-connect for the cell's VPI/VCI";

    /**
     * TracedCallback signature for cells dropped by the fabric.
     * @param inPort the port the cell came in on
     * @param cell the cell
     * @param reason the reason
     */
    typedef void (*CellDropTracedCallback)(uint32_t inPort,
                                           const AtmCell& cell,
                                           const char* reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSwitch();
    ~AtmSwitch() override;

    /**
     * @brief Make a port device part of this switch.
     * @param port the port (attached to its link or not yet)
     * @return its port index (0, 1, 2, ...)
     */
    uint32_t AddPort(Ptr<AtmSwitchPort> port);
    /// @return the number of ports
    uint32_t GetNPorts() const;
    /**
     * @param i a port index
     * @return the port
     */
    Ptr<AtmSwitchPort> GetPort(uint32_t i) const;

    /**
     * @brief Add a VC cross-connect (one direction).
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @param inVci the VCI on the in link
     * @param outPort the out port index
     * @param outVpi the VPI on the out link
     * @param outVci the VCI on the out link
     * @param contract the VC's contract (its category selects the queue class at the out port)
     * @return the VC's index at the out port
     */
    uint32_t AddVcCrossConnect(uint32_t inPort,
                               uint16_t inVpi,
                               uint16_t inVci,
                               uint32_t outPort,
                               uint16_t outVpi,
                               uint16_t outVci,
                               const AtmTrafficContract& contract = AtmTrafficContract());

    /**
     * @brief Add a VP cross-connect (one direction): every VCI of the in VPI passes through.
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @param outPort the out port index
     * @param outVpi the VPI on the out link
     * @param contract the contract of the VCs it carries (their queue class)
     */
    void AddVpCrossConnect(uint32_t inPort,
                           uint16_t inVpi,
                           uint32_t outPort,
                           uint16_t outVpi,
                           const AtmTrafficContract& contract = AtmTrafficContract());

    /**
     * @param port a port index
     * @param vpi a VPI
     * @param vci a VCI
     * @return true if cells arriving on @p port with these labels have a cross-connect
     *         (VC entry, or VP entry for @p vpi)
     */
    bool IsInLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const;
    /**
     * @param port a port index
     * @param vpi a VPI
     * @param vci a VCI
     * @return true if some cross-connect sends cells out of @p port with these labels
     */
    bool IsOutLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const;
    /**
     * @param inPort a port index
     * @param inVpi a VPI
     * @return the out port of the VP cross-connect of (in port, VPI), or -1 if there is none
     */
    int64_t GetVpCrossConnectOutPort(uint32_t inPort, uint16_t inVpi) const;
    /**
     * @brief The out port's VC record of one VCI carried by a VP cross-connect, created now if
     *        no cell of it has arrived yet (AtmPvcHelper names it in the PVC's path).
     * @param inPort the in port index
     * @param inVpi the VP's VPI on the in link
     * @param vci the VCI
     * @return the VC's index at the out port
     */
    uint32_t GetVpVc(uint32_t inPort, uint16_t inVpi, uint16_t vci);

    /**
     * @brief A cell from port @p inPort (called by the port device).
     * @param inPort the in port index
     * @param cell the cell
     * @param firstBit when its first bit arrives (what a policer measures)
     * @param arrival when its last bit arrives
     */
    void Switch(uint32_t inPort, AtmCell cell, Time firstBit, Time arrival);

    /**
     * @brief Police a VC cross-connect's cells with @p policer (replaces any policer the UPC
     *        created for it; null removes it). Call before the first cell.
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @param inVci the VCI on the in link
     * @param policer the policer
     */
    void SetVcPolicer(uint32_t inPort, uint16_t inVpi, uint16_t inVci, Ptr<AtmPolicer> policer);
    /**
     * @brief Police the aggregate of a VP cross-connect's cells with @p policer (null removes
     *        it). Call before the first cell.
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @param policer the policer
     */
    void SetVpPolicer(uint32_t inPort, uint16_t inVpi, Ptr<AtmPolicer> policer);
    /**
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @param inVci the VCI on the in link
     * @return the VC cross-connect's policer (null if none; aborts if no such cross-connect)
     */
    Ptr<AtmPolicer> GetVcPolicer(uint32_t inPort, uint16_t inVpi, uint16_t inVci) const;
    /**
     * @param inPort the in port index
     * @param inVpi the VPI on the in link
     * @return the VP cross-connect's policer (null if none; aborts if no such cross-connect)
     */
    Ptr<AtmPolicer> GetVpPolicer(uint32_t inPort, uint16_t inVpi) const;
    /**
     * @brief Shape the aggregate of every VC leaving @p outPort with VPI @p outVpi (a per-VP
     *        shaper on the switch facing a policed VP, TEN34), whether the VCs come
     *        from VC or VP cross-connects, already added or added later. The out port must use
     *        QueueMode PER_VC. A port shaper (the whole link) is set on the port's own gate:
     *        GetPort(i)->GetShapingGate()->SetPortShaper().
     * @param outPort the out port index
     * @param outVpi the VPI on the out link
     * @param shaper a shaper used by no other flow
     */
    void SetVpShaper(uint32_t outPort, uint16_t outVpi, Ptr<AtmShaper> shaper);

    /**
     * @brief Make this switch the virtual destination and virtual source of one ABR VC
     *        (AtmAbrVsVd): it turns the VC's forward RM cells around towards the source, paces
     *        the VC's cells at its own ACR on the out port, generates the forward RM cells of
     *        the next loop and takes that loop's backward RM cells.
     *
     * The VC needs VC cross-connects in both directions (the backward RM cells of the next
     * loop arrive on the reverse one, and the turned-around cells leave by it), and the out
     * port QueueMode PER_VC (the VC's queue is paced apart from the others). Call before the
     * simulation starts.
     * @param outPort the port the VC's data leaves through
     * @param outVc the VC's index at that port (as AddVcCrossConnect returned it, or an
     *        AtmPvc's hop)
     * @param contract the next loop's ABR contract (PCR, MCR, ICR, Nrm, RIF, RDF, ...)
     * @return the VC's virtual source and destination
     */
    Ptr<AtmAbrVsVd> SetVirtualSourceDestination(uint32_t outPort,
                                                uint32_t outVc,
                                                const AtmTrafficContract& contract);
    /**
     * @param outPort a port
     * @param outVc a VC index at that port
     * @return the virtual source and destination whose data leave there, or null
     */
    Ptr<AtmAbrVsVd> GetVirtualSourceDestination(uint32_t outPort, uint32_t outVc) const;
    /**
     * @brief RM cells this switch generated for a VC leaving by a port: the virtual sources'
     *        forward RM cells and the virtual destinations' turned-around ones (cell ledgers).
     * @param outPort the out port
     * @param outVc the VC index at that port
     * @return the cells
     */
    uint64_t GetRmGenerated(uint32_t outPort, uint32_t outVc) const;
    /**
     * @brief RM cells that ended at this switch instead of leaving by a port: forward RM cells
     *        a virtual destination turned around and backward RM cells a virtual source took.
     * @param outPort the port they would have left by
     * @param outVc the VC index at that port
     * @return the cells
     */
    uint64_t GetRmTaken(uint32_t outPort, uint32_t outVc) const;

    /// @return cells discarded by ingress policers
    uint64_t GetUpcDiscards() const;
    /**
     * @param outPort an out port index
     * @param outVc a VC index at that port's output port
     * @return cells of that out VC discarded by ingress policers
     */
    uint64_t GetUpcDiscards(uint32_t outPort, uint32_t outVc) const;

    /**
     * @brief A cell left output port @p outPort: return its credit to the hop it came in on,
     *        if that hop runs credit flow control (called by the port device).
     * @param outPort the out port index
     * @param cell the departed cell (cell.vc is its VC index at the out port)
     * @param start the start of its slot on the out link: the credit leaves then
     */
    void NotifyDeparture(uint32_t outPort, const AtmCell& cell, Time start);

    /// @return cells dropped for an unknown label
    uint64_t GetUnknownLabelDrops() const;
    /// @return cells switched to an output port
    uint64_t GetCellsSwitched() const;
    /// @return true if a sink is connected to the switch's CellDrop trace source
    bool IsTraced() const;

  protected:
    void DoDispose() override;

  private:
    /// Where the cells of one out VC came from, for AN2 credits.
    struct Upstream
    {
        uint32_t inPort{UINT32_MAX}; //!< the in port
        uint32_t upVc{UINT32_MAX};   //!< VC index at the upstream sender's port (AtmCell::vc)
    };

    typedef AtmCrossConnectTable::VcRoute Route;   //!< a routed VC
    typedef AtmCrossConnectTable::VpRoute VpRoute; //!< a VP cross-connect

    /**
     * @brief Check a port index and that the port is attached.
     * @param port the index
     * @param what "in" or "out"
     */
    void CheckPort(uint32_t port, const char* what) const;
    /**
     * @param inPort in port
     * @param outPort out port
     * @return the out port transmitter's input for cells from @p inPort
     */
    uint32_t GetInput(uint32_t inPort, uint32_t outPort);
    /**
     * @param outPort an out port
     * @return the largest deferral of the port's slots its neighbours allow (attribute
     *         DeferSlots; AtmCellTransmitter::SetDeferral)
     */
    Time GetDeferralBound(uint32_t outPort) const;
    /**
     * @param outPort an out port
     * @return true if the port's link or the next hop's fabric has trace sinks
     */
    bool IsObserved(uint32_t outPort) const;
    /// @brief Let the transmitters feeding this switch run their deferred slots up to now.
    void SyncUpstream() const;
    /**
     * @brief The route of one VCI of a VP cross-connect (created at its first cell or
     *        GetVpVc()).
     * @param inPort the in port
     * @param inVpi the VP's in VPI
     * @param vp the VP cross-connect
     * @param vci the VCI
     * @return the stored route
     */
    Route& AddVpVcRoute(uint32_t inPort, uint16_t inVpi, const VpRoute& vp, uint16_t vci);
    /**
     * @brief Put a newly routed out VC under the shaper of its out VP, if any.
     * @param r the route
     */
    void ShapeIfVpShaped(const Route& r);
    /**
     * @brief The policer the in port's UPC gives a contract (null if the port does not police
     *        or the contract has nothing to police).
     * @param inPort the in port
     * @param contract the contract
     * @return the policer or null
     */
    Ptr<AtmPolicer> MakePolicer(uint32_t inPort, const AtmTrafficContract& contract) const;
    /**
     * @brief Set up the GFR.1 eligibility test of a new route (class description): nothing for
     *        other conformance definitions.
     * @param r the route
     * @param inPort the in port (its line rate stands for a missing PCR)
     * @param contract the VC's contract
     */
    void SetUpEligibility(Route& r, uint32_t inPort, const AtmTrafficContract& contract) const;
    /**
     * @brief Run a GFR.1 VC's ingress F-GCRA on one cell and set AtmCell::NOT_ELIGIBLE on the
     *        CLP = 0 cells of PDUs that fail it.
     * @param r the route (r.gfr1)
     * @param cell the cell
     * @param firstBit its first bit's arrival
     */
    static void MarkEligibility(Route& r, AtmCell& cell, Time firstBit);
    /**
     * @brief Drop a cell on an unknown label (scheduled at its arrival).
     * @param inPort the in port
     * @param cell the cell
     */
    void DropUnknown(uint32_t inPort, AtmCell cell);

    /// One VC's virtual source/destination and the two directions it joins.
    struct VsVd
    {
        Ptr<AtmAbrVsVd> vsvd;               //!< the rules
        uint32_t fwdOutPort{0};             //!< the port the VC's data leave by
        uint32_t fwdOutVc{0};               //!< the VC's index there
        AtmCellTransmitter* revTx{nullptr}; //!< the reverse direction's out transmitter
        uint32_t revInput{0};               //!< its input for cells this switch generates
        uint32_t revOutPort{0};             //!< the reverse direction's out port
        uint32_t revOutVc{0};               //!< the VC's index there
        uint16_t revOutVpi{0};              //!< the reverse direction's out label
        uint16_t revOutVci{0};              //!< the reverse direction's out label
    };

    /**
     * @brief Give a VS/VD VC's cell to its rules (from Switch()).
     * @param r the route the cell came by
     * @param cell the cell (a data cell's EFCI is cleared)
     * @param arrival its arrival instant
     * @return true if the cell ends here
     */
    bool HandleVsVd(const Route& r, AtmCell& cell, Time arrival);
    /**
     * @brief A turned-around RM cell leaves towards the source (at the forward one's arrival).
     * @param index the VS/VD
     * @param brm its fields
     */
    void SendTurnedAround(uint32_t index, AtmRmFields brm);
    /**
     * @brief A backward RM cell of the next loop reaches the virtual source (at its arrival).
     * @param index the VS/VD
     * @param brm its fields
     */
    void TakeBackwardRm(uint32_t index, AtmRmFields brm);
    /**
     * @brief The departure hook of a port with virtual sources.
     * @param sw the switch
     * @param outPort the port
     * @param cell the departing cell
     * @param start its slot start
     */
    static void VsDeparture(AtmSwitch* sw, uint32_t outPort, AtmCell& cell, Time start);
    /**
     * @param outPort an out port
     * @param outVc a VC index at it
     * @return the index of the VC's VS/VD in m_vsvds, or NO_VSVD
     */
    uint32_t FindVsVd(uint32_t outPort, uint32_t outVc) const;

    static constexpr uint32_t NO_VSVD = UINT32_MAX; //!< FindVsVd(): none

    Time m_switchingDelay;                           //!< "SwitchingDelay"
    bool m_gfr1Eligibility{true};                    //!< "Gfr1Eligibility"
    bool m_deferSlots{true};                         //!< "DeferSlots"
    std::vector<Ptr<AtmSwitchPort>> m_ports;         //!< the ports
    std::unordered_map<uint64_t, uint32_t> m_inputs; //!< (in << 32 | out): transmitter input
    AtmCrossConnectTable m_table;                    //!< VC and VP cross-connects
    std::vector<std::vector<Upstream>> m_upstream;   //!< [out port][out VC] origin of cells
    uint64_t m_unknownLabelDrops{0};                 //!< cells on unknown labels
    uint64_t m_cellsSwitched{0};                     //!< cells switched
    /// Out VC index of each VC cross-connect's out label: key (port << 32 | VPI << 16 | VCI).
    std::unordered_map<uint64_t, uint32_t> m_outVcByLabel;
    mutable int8_t m_abrFeedback{-1}; //!< a port's ABR behaviour reads backward RM cells (-1: ?)
    uint64_t m_upcDiscards{0};        //!< cells discarded by policers
    std::unordered_map<uint64_t, uint32_t> m_vpShapers; //!< gate flow by Key(outPort, outVpi, 0)
    std::unordered_map<uint64_t, uint64_t> m_upcDiscardsByOutVc; //!< by Key(outPort, outVc)
    std::vector<VsVd> m_vsvds;                                   //!< virtual sources/destinations
    std::vector<std::vector<uint32_t>> m_vsvdByOutVc;     //!< [out port][out VC]: m_vsvds index
    std::unordered_map<uint32_t, uint32_t> m_vsvdInputs;  //!< port: its generated input
    std::unordered_map<uint64_t, uint64_t> m_rmGenerated; //!< by (outPort << 32 | outVc)
    std::unordered_map<uint64_t, uint64_t> m_rmTaken;     //!< by (outPort << 32 | outVc)
    TracedCallback<uint32_t, const AtmCell&, const char*> m_dropTrace; //!< "CellDrop"
};

} // namespace ns3

#endif // ATM_SWITCH_H
