/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/applications-module.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <string>

/**
 * @file
 * @ingroup atm-tests
 * Every buffer policy, by its short name, in a switch on a short lossy run of greedy TCPs:
 * the cell ledger of every PVC holds in both directions, the congested port's ledger holds,
 * cells are really dropped there with the policy's reasons, the edge drops nothing, and every
 * connection still delivers data.
 */

using namespace ns3;

namespace
{

/// Counts refused SDUs at the adapters.
struct EdgeDrops
{
    uint64_t n{0}; //!< refusals

    /**
     * @param vc VC
     * @param p packet
     * @param reason reason
     */
    void Drop(uint32_t vc, Ptr<const Packet> p, const char* reason)
    {
        ++n;
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief One policy on a congested trunk: N TCPs h_i -> s0 -> (E3 trunk) -> s1 -> g_i.
 */
class AtmPolicyLedgerTestCase : public TestCase
{
  public:
    /**
     * @param policy a short policy name
     * @param queueMode the switch ports' QueueMode
     */
    AtmPolicyLedgerTestCase(std::string policy, std::string queueMode)
        : TestCase("Policy " + policy + " (" + queueMode +
                   ") on a lossy E3 trunk: ledgers hold, per-VC drop counts add up, no edge drop"),
          m_policy(policy),
          m_queueMode(queueMode)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 3;
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1500 - 52));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(65535));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(65535));
        // The N-source topology (AtmNSourceHelper): OC-3c access links of 20 us, the E3 trunk
        // of 3 ms, 600-cell switch ports, one PVC per host pair. The connections are ns-3's own
        // TCP (ns3::TcpSocketFactory), not the helper's era presets.
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(n);
        nsrc.SetLinkRate(AtmCellRate("OC3c"));
        nsrc.SetTrunkRate(AtmCellRate("E3"));
        nsrc.SetAccessDelay(MicroSeconds(20));
        nsrc.SetTrunkDelay(MilliSeconds(3));
        nsrc.SetBufferCells(600);
        nsrc.SetBufferPolicy(m_policy);
        nsrc.GetAtmHelper().SetDeviceAttribute("Mtu", UintegerValue(1500));
        nsrc.GetAtmHelper().SetSwitchPortAttribute("QueueMode", StringValue(m_queueMode));
        const AtmNSourceTopology net = nsrc.Install();
        Ptr<AtmDevice> trunk = net.trunk;
        std::vector<Ptr<PacketSink>> sinks;
        EdgeDrops edge;
        for (uint32_t i = 0; i < n; ++i)
        {
            net.sourceDevices[i]->TraceConnectWithoutContext("TxDrop",
                                                             MakeCallback(&EdgeDrops::Drop, &edge));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(net.sinkAddresses[i], 80));
            bulk.Install(net.sources.Get(i)).Start(Seconds(0.01 * i));
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 80));
            sinks.push_back(DynamicCast<PacketSink>(sink.Install(net.sinks.Get(i)).Get(0)));
        }
        Simulator::Stop(Seconds(8));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(trunk->GetOutputPort()->GetBufferPolicy()->GetInstanceTypeId(),
                              AtmBufferPolicyFactory::Resolve(m_policy),
                              "the trunk port runs the policy");
        for (const AtmPvc& pvc : net.pvcs)
        {
            for (bool fwd : {true, false})
            {
                const AtmVcLedger l = AtmPvcHelper::GetLedger(pvc, fwd);
                NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, m_policy << " ledger " << l);
            }
        }
        const Ptr<AtmOutputPort> port = trunk->GetOutputPort();
        const AtmPortVcStats& s = port->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.cellsArrived,
                              s.cellsDeparted + s.cellsDropped + port->GetCellsInQueue(),
                              "trunk port ledger");
        NS_TEST_ASSERT_MSG_GT(s.cellsDropped, 0, "the run is lossy at the trunk");
        uint64_t byReason = 0;
        for (uint32_t vc = 0; vc < port->GetNVcs(); ++vc)
        {
            byReason += port->GetVcStats(vc).cellsDropped;
        }
        NS_TEST_ASSERT_MSG_EQ(byReason, s.cellsDropped, "per-VC drop counters add up");
        NS_TEST_ASSERT_MSG_EQ(edge.n, 0, "the edge never drops");
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_GT(sinks[i]->GetTotalRx(), 100000, "flow " << i << " delivers");
        }
        Simulator::Destroy();
        Config::Reset();
    }

    std::string m_policy;    //!< short name
    std::string m_queueMode; //!< QueueMode
};

/**
 * @ingroup atm-tests
 * @brief Every policy by short name on a short lossy TCP run.
 */
class AtmBufferPolicySystemTestSuite : public TestSuite
{
  public:
    AtmBufferPolicySystemTestSuite()
        : TestSuite("atm-buffer-policy-system", ATM_SUITE_SYSTEM)
    {
        for (const auto& [name, tid] : AtmBufferPolicyFactory::GetShortNames())
        {
            const bool perVc = name == "drop-tail" || name == "drop-whole";
            AddTestCase(new AtmPolicyLedgerTestCase(name, perVc ? "PER_VC" : "SHARED"),
                        ATM_TEST_QUICK);
        }
    }
};

static AtmBufferPolicySystemTestSuite
    g_atmBufferPolicySystemTestSuite; //!< static instance registering the suite
