/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_DEVICE_H
#define ATM_DEVICE_H

#include "atm-cell-rate.h"
#include "atm-cell.h"
#include "atm-fwd.h"

#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmDevice: what every end of an AtmChannel has in common.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of the devices at the ends of an AtmChannel: an end-system / router
 *        adapter (AtmNetDevice) or a switch port (AtmSwitchPort).
 *
 * Every such device has one output port (AtmOutputPort: buffer, acceptance policy, queues,
 * scheduler) and one line transmitter (AtmCellTransmitter) clocked by the link's exact cell
 * clock; this class wires them to the channel. What differs is where received cells go
 * (ReceiveCell(): reassembly and IP, or the switch fabric) and where transmitted cells come
 * from (NotifyCellSent(): an adapter's segmentation cursor stages the next cell).
 *
 * The device never reports a link change: it is up from Attach() on (a link change would flush
 * the permanent ATMARP entries).
 */
class AtmDevice : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmDevice();
    ~AtmDevice() override;

    /**
     * @brief Attach the device to a link; the transmitter takes the link's cell clock.
     * @param channel the link (which must have fewer than two devices)
     */
    void Attach(Ptr<AtmChannel> channel);

    /**
     * @brief A cell from the link (called by the channel when the cell is sent, ahead of time).
     * @param cell the cell
     * @param firstBit when its first bit arrives here: the start of its slot at the sender plus
     *        the propagation delay. A UPC measures arrivals with it, so that cells the sender
     *        spaced by k slots of the link's exact clock reach the policer exactly that far
     *        apart (the slots' rounding to the time resolution is the sender's, unchanged).
     * @param arrival when its last bit arrives here (later than now)
     */
    virtual void ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival) = 0;

    /**
     * @brief The output port, brought up to date: cells that arrived before now are stored
     *        first (AtmCellTransmitter::Sync), so its counters and occupancy describe now.
     * @return the output port (buffer, policy, queues, scheduler)
     */
    Ptr<AtmOutputPort> GetOutputPort() const;
    /// @return the line transmitter (null before Attach())
    Ptr<AtmCellTransmitter> GetTransmitter() const;
    /// @return the link (null before Attach())
    Ptr<AtmChannel> GetAtmChannel() const;
    /// @return the link's cell rate (zero before Attach())
    AtmCellRate GetCellRate() const;
    /// @return cells transmitted on the link by this device
    uint64_t GetCellsSent() const;
    /// @return the credit gate of this device's outgoing hop (null: no credit flow control)
    Ptr<AtmCreditFlowControl> GetCreditFlowControl() const;
    /**
     * @brief Gate this device's outgoing hop by AN2 credits (before the first cell is sent).
     *        Once the device is attached the gate cannot be removed or replaced.
     * @param credits the gate (null: off)
     */
    void SetCreditFlowControl(Ptr<AtmCreditFlowControl> credits);
    /**
     * @brief Add an eligibility gate (AtmPortGate) to the outgoing link, before the first cell is
     *        sent: it holds queues of the output port back (rate pacing, spacing, ...). The
     *        credit and shaping gates are added through SetCreditFlowControl() and
     *        GetShapingGate().
     * @param gate a gate used by no other device
     */
    void AddGate(Ptr<AtmPortGate> gate);
    /// @return the gates of the outgoing link, in the order they were added
    const std::vector<Ptr<AtmPortGate>>& GetGates() const;
    /**
     * @brief Return one credit to the device at the other end of the link, if that hop runs
     *        credit flow control: a cell of its VC @p vc left (or, at an end system, arrived
     *        at) this node at @p when.
     * @param vc the VC index at the sender's output port (AtmCell::vc of the received cell)
     * @param when when the credit leaves this node
     */
    void ReturnCredit(uint32_t vc, Time when) const;
    /**
     * @brief The shaping gate of the outgoing link, created at the first call (per-VC, group
     *        and port shapers are added to it; AtmNetDevice::SetVcShaper, AtmSwitch::SetVpShaper
     *        and AtmPvcHelper::SetShaping use it).
     * @return the gate
     */
    Ptr<AtmShapingGate> GetShapingGate();
    /// @return true if the device has a shaping gate
    bool HasShapingGate() const;
    /**
     * @return the connection admission control of the outgoing link (attribute `Cac`; a
     *         default AtmCac is created at the first call if none was set)
     */
    Ptr<AtmCac> GetCac() const;
    /**
     * @brief Replace the connection admission control of the outgoing link.
     * @param cac the CAC (null: a default one is created when first asked for)
     */
    void SetCac(Ptr<AtmCac> cac);

    /**
     * @brief Raw utilisation of the outgoing direction: cells sent / cell slots in [0, now).
     * @return the fraction in [0, 1] (0 before the first slot)
     */
    double GetRawUtilization() const;
    /**
     * @return true if a trace sink sees this device's cells when the device sends them: on the
     *         link (AtmChannel::IsTraced) or in the next hop's fabric (AtmSwitch::IsTraced), or
     *         if the link's error model also serves another direction
     *         (AtmChannel::HasSharedErrorModel). The transmitter then runs each slot at its
     *         start (AtmCellTransmitter).
     */
    bool IsLinkObserved() const;

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

    /**
     * @brief Hook run at the end of Attach(), once the transmitter exists.
     */
    virtual void NotifyAttached();
    /**
     * @brief Hook run after a cell left on the link (an adapter stages its VC's next cell).
     * @param cell the cell
     * @param start the start of its slot (earlier than now when the transmitter defers its
     *        slots, AtmCellTransmitter::SetDeferral)
     */
    virtual void NotifyCellSent(const AtmCell& cell, Time start);

    uint16_t m_mtu{9180}; //!< "Mtu"

  private:
    /**
     * @brief The transmitter's send callback.
     * @param cell the cell
     * @param slot its slot
     */
    void SendCell(const AtmCell& cell, uint64_t slot);

    Ptr<Node> m_node;                    //!< the node
    uint32_t m_ifIndex{0};               //!< interface index
    Ptr<AtmChannel> m_channel;           //!< the link
    Ptr<AtmOutputPort> m_port;           //!< "OutputPort"
    Ptr<AtmCellTransmitter> m_tx;        //!< the transmitter (after Attach)
    Ptr<AtmCreditFlowControl> m_credits; //!< "CreditFlowControl"
    /// The far end's credit gate (ReturnCredit; the far end owns it), once looked up.
    mutable AtmCreditFlowControl* m_peerCredits{nullptr};
    mutable bool m_peerCreditsKnown{false};   //!< m_peerCredits was looked up
    mutable AtmSwitch* m_nextFabric{nullptr}; //!< the far end's switch (IsLinkObserved), if any
    mutable bool m_nextFabricKnown{false};    //!< m_nextFabric was looked up
    Ptr<AtmShapingGate> m_gate;               //!< shaping of the outgoing link, or null
    std::vector<Ptr<AtmPortGate>> m_gates;    //!< every gate, in the order added
    mutable Ptr<AtmCac> m_cac;                //!< "Cac" (created when first asked for)
    Mac48Address m_address;                   //!< the device's own address
};

} // namespace ns3

#endif // ATM_DEVICE_H
