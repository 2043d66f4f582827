/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-era-socket-factory.h"

#include "tcp-era-socket.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpEraSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(TcpEraSocketFactory);

TypeId
TcpEraSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpEraSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Atm")
                            .AddConstructor<TcpEraSocketFactory>();
    return tid;
}

TcpEraSocketFactory::TcpEraSocketFactory()
    : m_congestionSet(false),
      m_recoverySet(false),
      m_rttSet(false)
{
    NS_LOG_FUNCTION(this);
    m_socket.SetTypeId(TcpEraSocket::GetTypeId());
}

TcpEraSocketFactory::~TcpEraSocketFactory()
{
    NS_LOG_FUNCTION(this);
}

void
TcpEraSocketFactory::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_socket.Set(name, value);
}

void
TcpEraSocketFactory::SetCongestionOps(TypeId tid)
{
    NS_LOG_FUNCTION(this << tid.GetName());
    NS_ABORT_MSG_UNLESS(tid.IsChildOf(TcpCongestionOps::GetTypeId()),
                        "TcpEraSocketFactory::SetCongestionOps(" << tid.GetName()
                                                                 << "): not a TcpCongestionOps");
    m_congestion = ObjectFactory(); // forget the attributes of a previous type
    m_congestion.SetTypeId(tid);
    m_congestionSet = true;
}

void
TcpEraSocketFactory::SetCongestionOpsAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    NS_ABORT_MSG_UNLESS(m_congestionSet,
                        "TcpEraSocketFactory::SetCongestionOpsAttribute(" << name
                                                                          << "): call "
                                                                             "SetCongestionOps "
                                                                             "first");
    m_congestion.Set(name, value);
}

void
TcpEraSocketFactory::SetRecoveryOps(TypeId tid)
{
    NS_LOG_FUNCTION(this << tid.GetName());
    NS_ABORT_MSG_UNLESS(tid.IsChildOf(TcpRecoveryOps::GetTypeId()),
                        "TcpEraSocketFactory::SetRecoveryOps(" << tid.GetName()
                                                               << "): not a TcpRecoveryOps");
    m_recovery = ObjectFactory();
    m_recovery.SetTypeId(tid);
    m_recoverySet = true;
}

void
TcpEraSocketFactory::SetRttEstimator(TypeId tid)
{
    NS_LOG_FUNCTION(this << tid.GetName());
    NS_ABORT_MSG_UNLESS(tid.IsChildOf(RttEstimator::GetTypeId()),
                        "TcpEraSocketFactory::SetRttEstimator(" << tid.GetName()
                                                                << "): not an RttEstimator");
    m_rtt = ObjectFactory();
    m_rtt.SetTypeId(tid);
    m_rttSet = true;
}

void
TcpEraSocketFactory::SetRttEstimatorAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    NS_ABORT_MSG_UNLESS(m_rttSet,
                        "TcpEraSocketFactory::SetRttEstimatorAttribute("
                            << name << "): call SetRttEstimator first");
    m_rtt.Set(name, value);
}

Ptr<Socket>
TcpEraSocketFactory::CreateSocket()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetObject<Node>();
    NS_ABORT_MSG_IF(!node,
                    "TcpEraSocketFactory: not aggregated to a node (use TcpEraPresets::Install "
                    "or node->AggregateObject(factory))");
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp,
                    "TcpEraSocketFactory on node " << node->GetId()
                                                   << ": the node has no TCP (install the "
                                                      "internet stack first)");
    ObjectFactory congestion = m_congestion;
    ObjectFactory recovery = m_recovery;
    ObjectFactory rtt = m_rtt;
    if (!m_congestionSet)
    {
        TypeIdValue v;
        tcp->GetAttribute("SocketType", v);
        congestion.SetTypeId(v.Get());
    }
    if (!m_recoverySet)
    {
        TypeIdValue v;
        tcp->GetAttribute("RecoveryType", v);
        recovery.SetTypeId(v.Get());
    }
    if (!m_rttSet)
    {
        TypeIdValue v;
        tcp->GetAttribute("RttEstimatorType", v);
        rtt.SetTypeId(v.Get());
    }
    Ptr<TcpEraSocket> socket = m_socket.Create<TcpEraSocket>();
    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(rtt.Create<RttEstimator>());
    socket->SetCongestionControlAlgorithm(congestion.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recovery.Create<TcpRecoveryOps>());
    return socket;
}

} // namespace ns3
