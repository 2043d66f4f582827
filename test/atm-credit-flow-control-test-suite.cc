/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * AN2 credit flow control (SANDIA): exact throughput of one hop as a function of the credit
 * loop, balance bounds, work conservation among VCs with credit, and zero loss with zero edge
 * drops under sustained overload through two switches.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{
/// 2.75 us in ns.
constexpr int64_t CELL_NS = 2750;
} // namespace

/**
 * @ingroup atm-tests
 * @brief One saturated VC over one hop whose far end returns a credit on arrival: with C
 *        credits and a loop of L = one cell time + 2 x delay, the VC sends every slot if
 *        C x cell time >= L, and C cells per ceil(L / cell time) slots otherwise.
 */
class AtmCreditLoopTestCase : public TestCase
{
  public:
    /**
     * @param delayNs link delay in ns
     * @param credits initial credits
     * @param sentPer expected cells sent per @p slotsPer slots
     * @param slotsPer the period in slots
     */
    AtmCreditLoopTestCase(int64_t delayNs, uint32_t credits, uint32_t sentPer, uint32_t slotsPer)
        : TestCase("Credit loop: delay " + std::to_string(delayNs) + " ns, " +
                   std::to_string(credits) + " credits -> " + std::to_string(sentPer) +
                   " cells per " + std::to_string(slotsPer) + " slots"),
          m_delayNs(delayNs),
          m_credits(credits),
          m_sentPer(sentPer),
          m_slotsPer(slotsPer)
    {
    }

  private:
    /**
     * @param gate the gate
     * @param vc the VC
     * @param ok cleared if the balance leaves [0, credits]
     * @param credits the bound
     */
    static void CheckBalance(Ptr<AtmCreditFlowControl> gate,
                             uint32_t vc,
                             bool* ok,
                             uint32_t credits)
    {
        *ok = *ok && gate->GetBalance(vc) <= credits;
    }

    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        a->GetOutputPort()->SetAttribute("QueueMode", StringValue("PER_VC"));
        Ptr<AtmCreditFlowControl> gate = CreateObject<AtmCreditFlowControl>();
        gate->SetAttribute("InitialCredits", UintegerValue(m_credits));
        a->SetCreditFlowControl(gate);
        Connect(a, b, "Sandia", NanoSeconds(m_delayNs));
        b->SetReturnCredits(true);
        const uint32_t vc = a->AddVc();
        a->SetRefill(true);
        a->Inject(MakeCell(0, 32), vc, Seconds(0));
        bool bounded = true;
        for (int i = 1; i < 100; ++i)
        {
            Simulator::Schedule(NanoSeconds(1237 * i),
                                &CheckBalance,
                                gate,
                                vc,
                                &bounded,
                                m_credits);
        }
        const uint32_t periods = 200;
        // Slots 1 .. periods x slotsPer: stop just after the last one.
        Simulator::Stop(NanoSeconds(CELL_NS * periods * m_slotsPer + CELL_NS / 2));
        Simulator::Run();
        const uint64_t sent = a->GetCellsSent();
        const uint64_t expected = static_cast<uint64_t>(periods) * m_sentPer;
        NS_TEST_ASSERT_MSG_LT_OR_EQ(sent, expected + m_credits, "upper bound of cells sent");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sent + m_sentPer, expected, "lower bound of cells sent");
        NS_TEST_ASSERT_MSG_EQ(bounded, true, "0 <= balance <= InitialCredits");
        if (m_sentPer == m_slotsPer)
        {
            // The balance may reach 0, but the next credit is back before the next slot.
            NS_TEST_ASSERT_MSG_EQ(sent, expected, "the loop fits: every slot used");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(gate->GetHolds(), 0, "the loop does not fit: held");
        }
        Simulator::Destroy();
    }

    int64_t m_delayNs;   //!< link delay
    uint32_t m_credits;  //!< initial credits
    uint32_t m_sentPer;  //!< cells per period
    uint32_t m_slotsPer; //!< slots per period
};

/**
 * @ingroup atm-tests
 * @brief A VC out of credit does not stop the others: the link stays busy with the VCs that
 *        have cells and credit (work conservation).
 */
class AtmCreditWorkConservingTestCase : public TestCase
{
  public:
    AtmCreditWorkConservingTestCase()
        : TestCase("A VC without credit is skipped; the others use every slot")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        a->GetOutputPort()->SetAttribute("QueueMode", StringValue("PER_VC"));
        a->GetOutputPort()->SetAttribute("CellScheduler",
                                         PointerValue(CreateObject<RoundRobinCellScheduler>()));
        Ptr<AtmCreditFlowControl> gate = CreateObject<AtmCreditFlowControl>();
        gate->SetAttribute("InitialCredits", UintegerValue(2));
        a->SetCreditFlowControl(gate);
        Connect(a, b, "Sandia", Seconds(0));
        const uint32_t stuck = a->AddVc(); // VCI 40: its credits never come back
        const uint32_t free = a->AddVc();  // VCI 41: credit back on arrival
        b->SetReturnCredits(true, 41);
        for (int i = 0; i < 5; ++i)
        {
            a->Inject(MakeCell(0, 40), stuck, Seconds(0));
        }
        a->SetRefill(true); // refills only VCs whose cells leave: both, but 40 stops at 2
        a->Inject(MakeCell(0, 41), free, Seconds(0));
        Simulator::Stop(NanoSeconds(CELL_NS * 100 + CELL_NS / 2));
        Simulator::Run();
        uint32_t nStuck = 0;
        for (const auto& rx : b->GetReceived())
        {
            nStuck += rx.cell.vci == 40 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(nStuck, 2, "the stuck VC sends its 2 credits' worth, then waits");
        NS_TEST_ASSERT_MSG_EQ(a->GetCellsSent(), 100, "every slot 1..100 used");
        NS_TEST_ASSERT_MSG_EQ(gate->GetBalance(stuck), 0, "no credit left");
        NS_TEST_ASSERT_MSG_GT(a->GetOutputPort()->GetVcCellsInQueue(stuck), 0, "cells wait");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Greedy TCPs through two switches and a slow trunk with credits on every hop: no cell
 *        is lost anywhere, the edge drops nothing, every ledger holds, the trunk stays busy.
 */
class AtmCreditZeroLossTestCase : public TestCase
{
  public:
    AtmCreditZeroLossTestCase()
        : TestCase("Credits on every hop: sustained overload through two switches, zero cell "
                   "loss, zero edge drops, busy trunk")
    {
    }

  private:
    /// Counts refusals and cell drops.
    struct Losses
    {
        uint64_t edge{0};  //!< adapter refusals
        uint64_t cells{0}; //!< cells dropped at any output port

        /**
         * @param vc VC
         * @param p packet
         * @param reason reason
         */
        void Edge(uint32_t vc, Ptr<const Packet> p, const char* reason)
        {
            ++edge;
        }

        /**
         * @param cell cell
         * @param reason reason
         */
        void Cell(const AtmCell& cell, const char* reason)
        {
            ++cells;
        }
    };

    void DoRun() override
    {
        const uint32_t n = 4;
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1500 - 52));
        // The N-source topology (AtmNSourceHelper) with 5 credits per VC and hop (per-VC queues
        // served round robin), 64-cell switch ports, Sandia-rate access links and an E3 trunk
        // (4.5 times slower), 500 ns on every link. The connections are ns-3's own TCP
        // (ns3::TcpSocketFactory), not the helper's era presets.
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(n);
        nsrc.SetLinkRate(AtmCellRate("Sandia"));
        nsrc.SetTrunkRate(AtmCellRate("E3"));
        nsrc.SetAccessDelay(NanoSeconds(500));
        nsrc.SetTrunkDelay(NanoSeconds(500));
        nsrc.SetBufferCells(64);
        nsrc.SetCreditFlowControl(5);
        nsrc.GetAtmHelper().SetDeviceAttribute("Mtu", UintegerValue(1500));
        const AtmNSourceTopology net = nsrc.Install();
        Ptr<AtmDevice> trunk = net.trunk;
        Losses losses;
        std::vector<Ptr<PacketSink>> sinks;
        for (uint32_t i = 0; i < n; ++i)
        {
            net.sourceDevices[i]->TraceConnectWithoutContext("TxDrop",
                                                             MakeCallback(&Losses::Edge, &losses));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(net.sinkAddresses[i], 9));
            bulk.Install(net.sources.Get(i)).Start(Seconds(0));
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 9));
            sinks.push_back(DynamicCast<PacketSink>(sink.Install(net.sinks.Get(i)).Get(0)));
        }
        // Every ATM output port: both ends of every access link and of the trunk.
        uint32_t ports = 0;
        for (const NodeContainer& nodes : {net.sources, net.sinks, net.switches})
        {
            for (auto node = nodes.Begin(); node != nodes.End(); ++node)
            {
                for (uint32_t j = 0; j < (*node)->GetNDevices(); ++j)
                {
                    if (Ptr<AtmDevice> dev = DynamicCast<AtmDevice>((*node)->GetDevice(j)))
                    {
                        dev->GetOutputPort()->TraceConnectWithoutContext(
                            "CellDrop",
                            MakeCallback(&Losses::Cell, &losses));
                        ++ports;
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(ports, 4 * n + 2, "two ports per access link and two on the trunk");
        const Time duration = Seconds(2);
        Simulator::Stop(duration);
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(losses.cells, 0, "no cell dropped at any port");
        NS_TEST_ASSERT_MSG_EQ(losses.edge, 0, "no SDU refused at the edge");
        for (const AtmPvc& pvc : net.pvcs)
        {
            for (bool fwd : {true, false})
            {
                const AtmVcLedger l = AtmPvcHelper::GetLedger(pvc, fwd);
                NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "ledger " << l);
                NS_TEST_ASSERT_MSG_EQ(l.dropped, 0, "no loss " << l);
            }
        }
        NS_TEST_ASSERT_MSG_GT(trunk->GetRawUtilization(), 0.95, "the trunk stays busy");
        uint64_t hostHolds = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            hostHolds += net.sourceDevices[i]->GetCreditFlowControl()->GetHolds();
        }
        NS_TEST_ASSERT_MSG_GT(hostHolds, 0, "back-pressure reached the sending adapters");

        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_GT(sinks[i]->GetTotalRx(), 0, "flow " << i << " delivers");
        }
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * @ingroup atm-tests
 * @brief The credit flow control suite.
 */
class AtmCreditFlowControlTestSuite : public TestSuite
{
  public:
    AtmCreditFlowControlTestSuite()
        : TestSuite("atm-credit-flow-control", ATM_SUITE_SYSTEM)
    {
        // Loop = 2750 + 2 d. d = 500: 3750 <= 5 x 2750: every slot.
        AddTestCase(new AtmCreditLoopTestCase(500, 5, 1, 1), ATM_TEST_QUICK);
        // d = 5000: 12750 <= 13750: still every slot (the loop fits in 5 credits, as in SANDIA).
        AddTestCase(new AtmCreditLoopTestCase(5000, 5, 1, 1), ATM_TEST_QUICK);
        // d = 6000: 14750 > 13750: 5 cells per ceil(14750 / 2750) = 6 slots.
        AddTestCase(new AtmCreditLoopTestCase(6000, 5, 5, 6), ATM_TEST_QUICK);
        // One credit, d = 1000: loop 4750 ns: 1 cell per 2 slots.
        AddTestCase(new AtmCreditLoopTestCase(1000, 1, 1, 2), ATM_TEST_QUICK);
        AddTestCase(new AtmCreditWorkConservingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCreditZeroLossTestCase, ATM_TEST_QUICK);
    }
};

static AtmCreditFlowControlTestSuite
    g_atmCreditFlowControlTestSuite; //!< static instance registering the suite
