/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_ERA_SOCKET_FACTORY_H
#define TCP_ERA_SOCKET_FACTORY_H

#include "ns3/object-factory.h"
#include "ns3/socket-factory.h"

#include <string>

namespace ns3
{

class Socket;

/**
 * @ingroup atm
 * @brief Socket factory for TcpEraSocket: aggregate it to a node (after the internet stack)
 * and give "ns3::TcpEraSocketFactory" as the protocol of BulkSend, OnOff or PacketSink.
 *
 * Each socket is a TcpEraSocket with the attributes set here, connected to the node's
 * TcpL4Protocol with a fresh congestion-control, recovery and RTT-estimator object made from
 * the TypeIds and attributes set here (by default the TcpL4Protocol's own SocketType,
 * RecoveryType and RttEstimatorType). The settings are per factory, hence per node: two nodes of
 * one script can run different TCPs. TcpEraPresets configures and installs factories.
 *
 * The sockets are not in TcpL4Protocol's private socket list (it has no hook for socket
 * subclasses); they are bound, demultiplexed and closed through the public TcpL4Protocol API
 * as its own sockets are, and released when their applications and end points are.
 */
class TcpEraSocketFactory : public SocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpEraSocketFactory();
    ~TcpEraSocketFactory() override;

    /**
     * @brief Set an attribute of every socket this factory makes (TcpSocket, TcpSocketBase or
     * TcpEraSocket attributes, e.g. "SegmentSize", "Sack", "PartialAckResponse").
     * @param name the attribute name
     * @param value its value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief The congestion-control operations of new sockets.
     * @param tid a TcpCongestionOps TypeId (e.g. ns3::TcpBsdReno)
     */
    void SetCongestionOps(TypeId tid);

    /**
     * @brief Set an attribute of the congestion-control operations.
     * @param name the attribute name
     * @param value its value
     */
    void SetCongestionOpsAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief The recovery operations of new sockets.
     * @param tid a TcpRecoveryOps TypeId (e.g. ns3::TcpClassicRecovery)
     */
    void SetRecoveryOps(TypeId tid);

    /**
     * @brief The RTT estimator of new sockets.
     * @param tid an RttEstimator TypeId (e.g. ns3::TcpTickRttEstimator)
     */
    void SetRttEstimator(TypeId tid);

    /**
     * @brief Set an attribute of the RTT estimator.
     * @param name the attribute name
     * @param value its value
     */
    void SetRttEstimatorAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Make a TcpEraSocket on the node this factory is aggregated to.
     * @return the socket
     */
    Ptr<Socket> CreateSocket() override;

  private:
    ObjectFactory m_socket;     //!< TcpEraSocket and its attributes
    ObjectFactory m_congestion; //!< congestion ops (TypeId unset: the node's SocketType)
    ObjectFactory m_recovery;   //!< recovery ops (TypeId unset: the node's RecoveryType)
    ObjectFactory m_rtt;        //!< RTT estimator (TypeId unset: the node's RttEstimatorType)
    bool m_congestionSet;       //!< m_congestion has a TypeId
    bool m_recoverySet;         //!< m_recovery has a TypeId
    bool m_rttSet;              //!< m_rtt has a TypeId
};

} // namespace ns3

#endif // TCP_ERA_SOCKET_FACTORY_H
