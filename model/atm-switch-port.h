/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SWITCH_PORT_H
#define ATM_SWITCH_PORT_H

#include "atm-device.h"

/**
 * @file
 * @ingroup atm
 * ns3::AtmSwitchPort: a port device of an ATM switch.
 */

namespace ns3
{

class AtmSwitch;

/**
 * @ingroup atm
 * @brief A port of an ATM switch: the link end, its output port and transmitter.
 *
 * Received cells go straight to the switch fabric (AtmSwitch) by a direct call, not through
 * Node::ReceiveFromDevice: a switch port carries cells, never packets, so Send() aborts.
 */
class AtmSwitchPort : public AtmDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSwitchPort();
    ~AtmSwitchPort() override;

    /**
     * Hands a received cell to the fabric: (port index, cell, first-bit arrival, last-bit
     * arrival), as AtmDevice::ReceiveCell gets them.
     */
    typedef Callback<void, uint32_t, AtmCell, Time, Time> CellReceivedCallback;
    /// Tells the fabric that a cell left this port: (port index, cell, start of its slot).
    typedef Callback<void, uint32_t, const AtmCell&, Time> CellSentCallback;

    /**
     * @brief Connect the port to its fabric (AtmSwitch::AddPort does it). The port knows the
     *        fabric only through these callbacks.
     * @param index the port's index in the switch
     * @param received called with every cell received on the port
     * @param sent called with every cell the port sent
     */
    void SetFabric(uint32_t index, CellReceivedCallback received, CellSentCallback sent);
    /**
     * @return the switch aggregated to this port's node (AtmHelper::InstallSwitch), or null
     */
    Ptr<AtmSwitch> GetSwitch() const;
    /// @return the port's index in its switch
    uint32_t GetPortIndex() const;
    /// @return true if cells arriving here are policed (attribute Upc)
    bool GetUpc() const;
    /// @return the FrameDiscard setting of the policers created for this port
    bool GetUpcFrameDiscard() const;

    void ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival) override;

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;

  protected:
    void DoDispose() override;
    void NotifyCellSent(const AtmCell& cell, Time start) override;

  private:
    CellReceivedCallback m_received; //!< into the fabric
    CellSentCallback m_sent;         //!< departures, to the fabric
    uint32_t m_index{0};             //!< index in the fabric
    bool m_upc{false};               //!< "Upc"
    bool m_upcFrameDiscard{false};   //!< "UpcFrameDiscard"
};

} // namespace ns3

#endif // ATM_SWITCH_PORT_H
