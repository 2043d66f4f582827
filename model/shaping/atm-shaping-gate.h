/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHAPING_GATE_H
#define ATM_SHAPING_GATE_H

#include "atm-shaper.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-port-gate.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmShapingGate: applies the shapers of a device's outgoing link to its output port.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The gate (AtmPortGate) that applies shapers to the queues of one device's output
 *        port: per-VC shaping, shaping of a group of VCs (a VP), and shaping of the whole port
 *        (ITU-T I.371 traffic shaping; ATM Forum TM 4.0, 4.4.1).
 *
 * A *flow* is one shaper and the VCs it covers: a VC (AddVcShaper()), a group such as the VCs
 * of one VP (AddGroupShaper() + AddVcToFlow()), or the whole port (SetPortShaper()). After a
 * cell of a VC or group flow starts on the link, the gate asks the flow's shaper for the
 * earliest start of the flow's next cell; if that is later than the next slot, it holds the
 * flow's queues (with its holder bit at the port) until the first slot at or after it. The port's
 * scheduler meanwhile serves the other queues, so shaping one VC never delays another. The port
 * shaper instead bounds when any cell may leave. The transmitter (AtmCellTransmitter) asks the gate
 * at each slot to release what is due and, when it would otherwise sleep, when the next release is
 * (the AtmPortGate protocol): a shaped cell costs the one slot event that sends it, no release
 * event.
 *
 * VC and group flows need QueueMode PER_VC (each VC its own queue): holding a shared queue
 * would stop every VC in it. Releases are kept in a binary heap; nothing is allocated per cell
 * once the heap has grown to the number of flows.
 */
class AtmShapingGate : public AtmPortGate
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmShapingGate();
    ~AtmShapingGate() override;

    /**
     * @brief Shape one VC.
     * @param vc the VC's index at the port (its queue must be its own: QueueMode PER_VC)
     * @param shaper a shaper not used elsewhere
     * @return the flow id
     */
    uint32_t AddVcShaper(uint32_t vc, Ptr<AtmShaper> shaper);
    /**
     * @brief Add a flow that shapes the aggregate of several VCs (add them with AddVcToFlow()).
     * @param shaper a shaper not used elsewhere
     * @return the flow id
     */
    uint32_t AddGroupShaper(Ptr<AtmShaper> shaper);
    /**
     * @brief Put a VC into a group flow (a VC belongs to at most one flow).
     * @param flow a flow id
     * @param vc the VC's index at the port
     */
    void AddVcToFlow(uint32_t flow, uint32_t vc);
    /**
     * @brief Shape everything the port sends.
     * @param shaper a shaper not used elsewhere (null: no port shaping)
     */
    void SetPortShaper(Ptr<AtmShaper> shaper);

    /**
     * @brief The earliest start the shaper of a VC's flow reports changed outside a sent cell
     *        (an ABR source's ACR changed: AbrShaper::NotifyRateChanged()): if the flow is
     *        held, its hold now ends at the new time, earlier or later; a flow that is not
     *        held is held until the new time if that is after the first slot at or after now.
     * @param vc a VC with a shaper
     */
    void Reshape(uint32_t vc);

    /**
     * @param vc a VC index
     * @return the shaper of the VC's flow, or null
     */
    Ptr<AtmShaper> GetVcShaper(uint32_t vc) const;
    /// @return the port shaper, or null
    Ptr<AtmShaper> GetPortShaper() const;
    /// @return the number of VC and group flows
    uint32_t GetNFlows() const;

  protected:
    void DoDispose() override;

  private:
    static constexpr uint32_t NONE = UINT32_MAX; //!< no flow

    void DoSetup() override;
    void DoReleaseDue(Time now) override;
    Time DoGetEarliestStart() const override;
    Time DoGetNextRelease() const override;
    void DoNotifySent(const AtmCell& cell, uint64_t slot) override;

    /// One VC or group flow.
    struct Flow
    {
        Ptr<AtmShaper> shaper;        //!< its rule
        std::vector<uint32_t> queues; //!< the queues it holds
        bool held{false};             //!< its queues are held
        Time releaseAt;               //!< when the hold ends (valid while held)
    };

    /**
     * @brief Register a flow.
     * @param shaper its shaper
     * @return its id
     */
    uint32_t NewFlow(Ptr<AtmShaper> shaper);
    /**
     * @brief Hold or release a flow's queues.
     * @param flow the flow
     * @param held true to hold
     */
    void SetHeld(uint32_t flow, bool held);

    std::vector<Flow> m_flows;        //!< VC and group flows
    std::vector<uint32_t> m_flowOfVc; //!< flow of each VC index, or NONE
    Ptr<AtmShaper> m_portShaper;      //!< the port shaper, or null
    /// Pending releases (time, flow), earliest first.
    std::priority_queue<std::pair<Time, uint32_t>,
                        std::vector<std::pair<Time, uint32_t>>,
                        std::greater<std::pair<Time, uint32_t>>>
        m_releases;
};

} // namespace ns3

#endif // ATM_SHAPING_GATE_H
