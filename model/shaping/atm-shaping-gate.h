/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SHAPING_GATE_H
#define ATM_SHAPING_GATE_H

#include "atm-shaper.h"

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-cell.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
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

class AtmOutputPort;

/**
 * @ingroup atm
 * @brief Applies shapers to the queues of one device's output port (SPEC 3.22): per-VC
 *        shaping, shaping of a group of VCs (a VP), and shaping of the whole port.
 *
 * A *flow* is one shaper and the VCs it covers: a VC (AddVcShaper()), a group such as the VCs
 * of one VP (AddGroupShaper() + AddVcToFlow()), or the whole port (SetPortShaper()). After a
 * cell of a VC or group flow starts on the link, the gate asks the flow's shaper for the
 * earliest start of the flow's next cell; if that is later than the next slot, it holds the
 * flow's queues (AtmOutputPort::SetQueueHeld, holder HOLD_SHAPING) until the first slot at or
 * after it. The port's scheduler meanwhile serves the other queues, so shaping one VC never
 * delays another. The port shaper instead bounds when any cell may leave. The transmitter
 * (AtmCellTransmitter) asks the gate at each slot to release what is due and, when it would
 * otherwise sleep, when the next release is: a shaped cell costs the one slot event that
 * sends it, no release event.
 *
 * VC and group flows need QueueMode PER_VC (each VC its own queue): holding a shared queue
 * would stop every VC in it. Releases are kept in a binary heap; nothing is allocated per cell
 * once the heap has grown to the number of flows.
 */
class AtmShapingGate : public Object
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
     * @brief Connect the gate to the port it gates and the link's clock (the device does it at
     *        Attach()). Shapers added before are attached to the clock now.
     * @param port the output port
     * @param clock the link's cell clock
     */
    void Setup(Ptr<AtmOutputPort> port, const AtmCellClock& clock);

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
     * @param vc a VC index
     * @return the shaper of the VC's flow, or null
     */
    Ptr<AtmShaper> GetVcShaper(uint32_t vc) const;
    /// @return the port shaper, or null
    Ptr<AtmShaper> GetPortShaper() const;
    /// @return the number of VC and group flows
    uint32_t GetNFlows() const;
    /// @return how many times a flow was held back
    uint64_t GetHolds() const;

    /**
     * @brief Release the flows whose hold ends at or before @p now (at each slot, before the
     *        port chooses a cell).
     * @param now the slot's start
     */
    void ReleaseDue(Time now);
    /**
     * @return the earliest time the port shaper lets any cell start (Time::Min() if none)
     */
    Time GetPortEarliestStart() const;
    /**
     * @return the earliest end of a hold (Time::Max() if no flow is held)
     */
    Time GetNextRelease() const;
    /**
     * @brief A cell started on the link: update its flow and the port shaper, hold the flow if
     *        its next cell may not use the next slot.
     * @param cell the cell (cell.vc is its VC at the port)
     * @param slot its slot on the link's clock
     */
    void NotifySent(const AtmCell& cell, uint64_t slot);

  protected:
    void DoDispose() override;

  private:
    static constexpr uint32_t NONE = UINT32_MAX; //!< no flow

    /// One VC or group flow.
    struct Flow
    {
        Ptr<AtmShaper> shaper;        //!< its rule
        std::vector<uint32_t> queues; //!< the queues it holds
        bool held{false};             //!< its queues are held
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

    Ptr<AtmOutputPort> m_port;          //!< the gated port (after Setup)
    AtmCellClock m_clock;               //!< the link's clock
    bool m_setup{false};                //!< Setup() was called
    std::vector<Flow> m_flows;          //!< VC and group flows
    std::vector<uint32_t> m_flowOfVc;   //!< flow of each VC index, or NONE
    Ptr<AtmShaper> m_portShaper;        //!< the port shaper, or null
    uint64_t m_holds{0};                //!< holds so far
    /// Pending releases (time, flow), earliest first.
    std::priority_queue<std::pair<Time, uint32_t>,
                        std::vector<std::pair<Time, uint32_t>>,
                        std::greater<std::pair<Time, uint32_t>>>
        m_releases;
};

} // namespace ns3

#endif // ATM_SHAPING_GATE_H
