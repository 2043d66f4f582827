/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/abr-shaper.h"
#include "ns3/atm-abr-vs-vd.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-erica-plus.h"
#include "ns3/atm-erica.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/node-container.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

/**
 * @file
 * @ingroup atm-tests
 * The virtual source and destination of ABR (AtmAbrVsVd, AtmSwitch::SetVirtualSourceDestination,
 * AtmOutputPort::InsertRmAtHead).
 */

namespace ns3
{
namespace
{

using atmtest::MakePduCell;

/**
 * @param pcr the PCR (cells/s)
 * @return the contract of these tests: MCR 0, ICR 10,000 cells/s, Nrm 32, RIF = RDF = 1/16
 */
AtmTrafficContract
Contract(uint64_t pcr = 100000)
{
    AtmAbrParameters p;
    p.icr = AtmCellRate(10000);
    return AtmTrafficContract::Abr(AtmCellRate(pcr), AtmCellRate(), p);
}

/**
 * @ingroup atm-tests
 * @brief InsertRmAtHead puts an RM cell before the cells its VC has queued, with the port's
 *        ledger holding; the other VC's order is untouched.
 */
class AtmInsertRmAtHeadTestCase : public TestCase
{
  public:
    AtmInsertRmAtHeadTestCase()
        : TestCase("InsertRmAtHead: the RM cell leaves before its VC's queued cells")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmOutputPort> port = CreateObject<AtmOutputPort>();
        port->SetAttribute("BufferCells", UintegerValue(100));
        port->SetAttribute("QueueMode", EnumValue(AtmOutputPort::PER_VC));
        const uint32_t a = port->AddVc(AtmServiceCategory::ABR);
        const uint32_t b = port->AddVc(AtmServiceCategory::UBR);
        for (uint16_t i = 0; i < 3; ++i)
        {
            port->Receive(MakePduCell(a, i, 3), a);
        }
        port->Receive(MakePduCell(b, 0, 1), b);
        AtmCell rm;
        rm.pti = AtmRmFields::PTI;
        NS_TEST_ASSERT_MSG_EQ(port->InsertRmAtHead(rm, a, Seconds(0)), true, "room");
        NS_TEST_ASSERT_MSG_EQ(port->GetVcCellsInQueue(a), 4U, "four cells of VC a");
        std::vector<int> orderA;
        uint32_t fromB = 0;
        for (uint32_t i = 0; i < 5; ++i)
        {
            const std::optional<AtmCell> cell = port->Dequeue(Seconds(0));
            NS_TEST_ASSERT_MSG_EQ(cell.has_value(), true, "cell " << i);
            if (cell->vc == a)
            {
                orderA.push_back(cell->IsResourceManagement() ? -1 : cell->index);
            }
            else
            {
                ++fromB;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(fromB, 1U, "VC b's cell");
        NS_TEST_ASSERT_MSG_EQ((orderA == std::vector<int>{-1, 0, 1, 2}), true, "RM cell first");
        const AtmPortVcStats& s = port->GetVcStats(a);
        NS_TEST_ASSERT_MSG_EQ(s.cellsArrived, 4U, "the RM cell is an arrival");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDeparted, 4U, "all left");
        NS_TEST_ASSERT_MSG_EQ(port->GetCellsInQueue(), 0U, "empty");
        // Into an empty queue, and the frame state of the VC is not disturbed: a PDU after it.
        NS_TEST_ASSERT_MSG_EQ(port->InsertRmAtHead(rm, a, Seconds(0)), true, "empty queue");
        port->Receive(MakePduCell(a, 0, 1), a);
        const std::optional<AtmCell> first = port->Dequeue(Seconds(0));
        const bool firstIsRm = first && first->IsResourceManagement();
        NS_TEST_ASSERT_MSG_EQ(firstIsRm, true, "RM cell first");
        const std::optional<AtmCell> second = port->Dequeue(Seconds(0));
        const bool secondIsData = second && !second->IsResourceManagement();
        NS_TEST_ASSERT_MSG_EQ(secondIsData, true, "then the PDU");
    }
};

/**
 * @ingroup atm-tests
 * @brief AtmAbrVsVd's rules step by step: the forward RM cells it asks for (the first after
 *        the first data cell, then one per Nrm - 1 data cells), their fields, the turned-around
 *        cell's CI and ER = min(ER, ACR2), EFCI cleared onwards, rules 8 and 9 on its ACR.
 */
class AtmAbrVsVdRulesTestCase : public TestCase
{
  public:
    AtmAbrVsVdRulesTestCase()
        : TestCase("AtmAbrVsVd: forward RM cells every Nrm cells, turn-around, ER coupling")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrVsVd> x = CreateObject<AtmAbrVsVd>();
        x->Setup(Contract(), AtmCellRate(100000));
        AtmCell data = MakePduCell(0, 0, 1);
        // The first data cell starts the source at ICR; rule 2 wants a forward RM cell next.
        NS_TEST_ASSERT_MSG_EQ(x->PrepareDeparture(data, Seconds(0)), true, "FRM after the first");
        x->NotifyForwardRmQueued();
        const double icr = x->GetSource()->GetAcr();
        NS_TEST_ASSERT_MSG_EQ(icr, 10000.0, "ACR = ICR");
        AtmCell frm;
        frm.pti = AtmRmFields::PTI;
        NS_TEST_ASSERT_MSG_EQ(x->PrepareDeparture(frm, MicroSeconds(10)), false, "its fields");
        NS_TEST_ASSERT_MSG_EQ(frm.rm.Has(AtmRmFields::DIR), false, "forward");
        NS_TEST_ASSERT_MSG_EQ(frm.rm.ccr, AtmRmRate::Encode(10000), "CCR = ACR");
        NS_TEST_ASSERT_MSG_EQ(x->GetForwardRmGenerated(), 1U, "one generated");
        // Then Nrm - 1 = 31 data cells, the 31st asking for the next forward RM cell.
        uint32_t asked = 0;
        for (uint32_t i = 1; i <= 31; ++i)
        {
            AtmCell d = MakePduCell(0, 0, 1);
            if (x->PrepareDeparture(d, MicroSeconds(10 + 10 * i)))
            {
                asked = i;
                break;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(asked, 31U, "after Nrm - 1 data cells");

        // Virtual destination: EFCI of the last data cell into CI, EFCI cleared onwards.
        AtmCell marked = MakePduCell(0, 0, 1);
        marked.pti |= 0x2;
        x->ReceiveData(marked);
        NS_TEST_ASSERT_MSG_EQ((marked.pti & 0x2), 0, "EFCI cleared for the next loop");
        AtmRmFields in;
        in.er = AtmRmRate::Encode(90000);
        AtmRmFields out = x->TurnAround(in);
        NS_TEST_ASSERT_MSG_EQ(out.Has(AtmRmFields::DIR), true, "backward");
        NS_TEST_ASSERT_MSG_EQ(out.Has(AtmRmFields::CI), true, "CI from EFCI");
        x->LowerEr(out);
        NS_TEST_ASSERT_MSG_EQ(out.er, AtmRmRate::Encode(10000), "ER = min(90,000, ACR2 10,000)");
        NS_TEST_ASSERT_MSG_EQ(x->GetTurnedAround(), 1U, "one turned around");

        // Virtual source: a backward RM cell without CI raises ACR by RIF x PCR up to ER.
        AtmRmFields brm;
        brm.Set(AtmRmFields::DIR, true);
        brm.er = AtmRmRate::Encode(50000);
        NS_TEST_ASSERT_MSG_EQ(x->ReceiveBackwardRm(brm), true, "ACR changed");
        NS_TEST_ASSERT_MSG_EQ_TOL(x->GetSource()->GetAcr(), 10000 + 100000.0 / 16, 1e-9, "rule 8");
        NS_TEST_ASSERT_MSG_EQ(x->GetBackwardRmTaken(), 1U, "one taken");
        brm.Set(AtmRmFields::CI, true);
        brm.er = AtmRmRate::Encode(2000);
        NS_TEST_ASSERT_MSG_EQ(x->ReceiveBackwardRm(brm), true, "ACR changed");
        const double low = x->GetSource()->GetAcr();
        NS_TEST_ASSERT_MSG_EQ_TOL(low, AtmRmRate::Decode(AtmRmRate::Encode(2000)), 1e-9, "ER");
    }
};

/**
 * @ingroup atm-tests
 * @brief A source A sends greedily over two switches to B; sw1's port to B is the bottleneck
 *        (50,000 cells/s, ERICA with U = 0.9) and sw0 is the VC's virtual source and
 *        destination. The source's forward RM cells end at sw0 (turned around there), B sees
 *        only sw0's; sw0's loop follows ERICA's rate, A's loop follows sw0's (ER1 = min(ER1,
 *        ACR2)): B receives ERICA's 45,000 cells/s x 31/32 without loss at sw1, and the cell
 *        ledgers of both directions hold with the cells generated and taken at sw0.
 */
class AtmAbrVsVdLoopTestCase : public TestCase
{
  public:
    AtmAbrVsVdLoopTestCase()
        : TestCase("A virtual source and destination switch closes both loops: rates follow ERICA, "
                   "ledgers hold")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        NodeContainer sw(2);
        AtmHelper atm;
        atm.InstallSwitch(sw);
        atm.SetSwitchPortAttribute("BufferCells", UintegerValue(10000));
        atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
        atm.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        atm.SetChannelAttribute("CellRate", StringValue("100000"));
        NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer trunk = atm.Install(sw.Get(0), sw.Get(1));
        atm.SetChannelAttribute("CellRate", StringValue("50000"));
        NetDeviceContainer b = atm.Install(sw.Get(1), hosts.Get(1));
        Ptr<AtmNetDevice> src = DynamicCast<AtmNetDevice>(a.Get(0));
        Ptr<AtmNetDevice> dst = DynamicCast<AtmNetDevice>(b.Get(1));
        Ptr<AtmOutputPort> bottleneck = DynamicCast<AtmDevice>(b.Get(0))->GetOutputPort();
        Ptr<AtmErica> erica = CreateObject<AtmErica>();
        erica->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(1)));
        erica->SetAttribute("TargetUtilization", DoubleValue(0.9));
        bottleneck->SetAbrBehaviour(erica);
        AtmPvcHelper pvcs;
        pvcs.SetContract(Contract(50000));
        const AtmPvc pvc = pvcs.Install(src, dst);
        src->SetVcFrameSource(pvc.srcVc, MakeCallback(+[]() { return Create<Packet>(40); }));
        dst->SetVcNonIp(pvc.dstVc);
        Simulator::Schedule(Time(0), &AtmNetDevice::WakeVc, src, pvc.srcVc);
        // sw0's hop of the forward direction: its trunk port and the VC's index there.
        Ptr<AtmSwitchPort> sw0Out = DynamicCast<AtmSwitchPort>(trunk.Get(0));
        uint32_t outVc = UINT32_MAX;
        for (const auto& [dev, vc] : pvc.forward)
        {
            if (dev == sw0Out)
            {
                outVc = vc;
            }
        }
        NS_TEST_ASSERT_MSG_NE(outVc, UINT32_MAX, "the PVC crosses sw0's trunk port");
        Ptr<AtmSwitch> s0 = sw.Get(0)->GetObject<AtmSwitch>();
        Ptr<AtmAbrVsVd> x =
            s0->SetVirtualSourceDestination(sw0Out->GetPortIndex(), outVc, Contract(50000));
        uint64_t atSample = 0;
        Simulator::Schedule(MilliSeconds(200),
                            [&]() { atSample = dst->GetVcStats(pvc.dstVc).cellsRx; });
        Simulator::Stop(MilliSeconds(300));
        Simulator::Run();

        const double rate = (dst->GetVcStats(pvc.dstVc).cellsRx - atSample) / 0.1;
        NS_TEST_ASSERT_MSG_EQ_TOL(rate, 45000.0, 2250, "ERICA's share of the bottleneck");
        NS_TEST_ASSERT_MSG_EQ(bottleneck->GetStats().cellsDropped, 0U, "no loss at sw1");
        const uint64_t sent = src->GetVcAbrSource(pvc.srcVc)->GetForwardRmSent();
        NS_TEST_ASSERT_MSG_GT(x->GetTurnedAround(), 0U, "sw0 turns A's FRMs around");
        NS_TEST_ASSERT_MSG_LT(sent - x->GetTurnedAround(), 5U, "all of them, but in flight");
        NS_TEST_ASSERT_MSG_GT(x->GetForwardRmGenerated(), 0U, "sw0 sends its own");
        NS_TEST_ASSERT_MSG_GT(x->GetBackwardRmTaken(), 0U, "and takes B's answers");
        const double acr1 = src->GetVcAbrSource(pvc.srcVc)->GetAcr();
        const double acr2 = x->GetSource()->GetAcr();
        NS_TEST_ASSERT_MSG_LT(acr2, 50000.0, "sw0's loop below the bottleneck");
        NS_TEST_ASSERT_MSG_LT(acr1, 1.1 * acr2, "A's loop follows sw0's");
        for (bool forward : {true, false})
        {
            const AtmVcLedger l = AtmPvcHelper::GetLedger(pvc, forward);
            NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, (forward ? "forward " : "backward ") << l);
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief What a VS/VD switch is for (Kalyanaraman's thesis, chapter 9; Goyal, Jain et al.,
 *        IEEE Communications Magazine 1999, on satellite hops): two greedy sources A1 and A2
 *        behind a 25 ms "satellite" link to sw0, a 1 ms link to sw1, whose 50,000 cells/s port
 *        to B runs ERICA (U = 0.9); A2 starts 150 ms after A1, at an ICR of 30,000 cells/s.
 *        End to end, sw1 learns of the overload only a satellite round trip later and its queue
 *        takes the excess of that round trip; with sw0 as the VCs' virtual source and
 *        destination, sw1's loop is the 1 ms hop and the excess waits in sw0's per-VC queues.
 *        The largest queue at sw1 is at least five times smaller with VS/VD (measured: 1335
 *        cells end to end, 75 with VS/VD, while sw0's queue reaches 2276); no cell is lost,
 *        B's link stays in use and the ledgers hold either way.
 */
class AtmAbrVsVdSatelliteTestCase : public TestCase
{
  public:
    AtmAbrVsVdSatelliteTestCase()
        : TestCase("A virtual source and destination before a satellite hop keeps the far "
                   "switch's queue to its own loop")
    {
    }

  private:
    /// One run's outcome.
    struct Outcome
    {
        uint32_t maxQueueSw1{0}; //!< the largest queue at sw1's port to B
        uint32_t maxQueueSw0{0}; //!< the largest queue at sw0's port to sw1
        uint64_t dropped{0};     //!< cells dropped at either port
        bool ledgersHold{true};  //!< every ledger held at the end
        double rateB{0};         //!< cells/s received at B in the last 100 ms
    };

    /**
     * @param vsvd make sw0 the VCs' virtual source and destination
     * @return the outcome
     */
    static Outcome Run(bool vsvd)
    {
        NodeContainer hosts(3);
        NodeContainer sw(2);
        AtmHelper atm;
        atm.InstallSwitch(sw);
        atm.SetSwitchPortAttribute("BufferCells", UintegerValue(100000));
        atm.SetSwitchPortAttribute("QueueMode", StringValue("PER_VC"));
        atm.SetChannelAttribute("CellRate", StringValue("100000"));
        atm.SetChannelAttribute("Delay", TimeValue(MilliSeconds(25)));
        NetDeviceContainer a1 = atm.Install(hosts.Get(0), sw.Get(0));
        NetDeviceContainer a2 = atm.Install(hosts.Get(1), sw.Get(0));
        atm.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        NetDeviceContainer trunk = atm.Install(sw.Get(0), sw.Get(1));
        atm.SetChannelAttribute("CellRate", StringValue("50000"));
        NetDeviceContainer b = atm.Install(sw.Get(1), hosts.Get(2));
        Ptr<AtmNetDevice> dst = DynamicCast<AtmNetDevice>(b.Get(1));
        Ptr<AtmOutputPort> p1 = DynamicCast<AtmDevice>(b.Get(0))->GetOutputPort();
        Ptr<AtmOutputPort> p0 = DynamicCast<AtmDevice>(trunk.Get(0))->GetOutputPort();
        Ptr<AtmErica> erica = CreateObject<AtmErica>();
        erica->SetAttribute("AveragingInterval", TimeValue(MilliSeconds(1)));
        erica->SetAttribute("TargetUtilization", DoubleValue(0.9));
        p1->SetAbrBehaviour(erica);
        AtmAbrParameters par;
        par.icr = AtmCellRate(30000);
        const AtmTrafficContract contract =
            AtmTrafficContract::Abr(AtmCellRate(50000), AtmCellRate(), par);
        AtmPvcHelper pvcs;
        pvcs.SetContract(contract);
        Ptr<AtmSwitchPort> sw0Out = DynamicCast<AtmSwitchPort>(trunk.Get(0));
        Ptr<AtmSwitch> s0 = sw.Get(0)->GetObject<AtmSwitch>();
        std::vector<AtmPvc> pvc;
        for (const NetDeviceContainer* a : {&a1, &a2})
        {
            Ptr<AtmNetDevice> src = DynamicCast<AtmNetDevice>(a->Get(0));
            pvc.push_back(pvcs.Install(src, dst));
            src->SetVcFrameSource(pvc.back().srcVc,
                                  MakeCallback(+[]() { return Create<Packet>(40); }));
            dst->SetVcNonIp(pvc.back().dstVc);
            Simulator::Schedule(pvc.size() == 1 ? Time(0) : MilliSeconds(150),
                                &AtmNetDevice::WakeVc,
                                src,
                                pvc.back().srcVc);
            if (vsvd)
            {
                for (const auto& [dev, vc] : pvc.back().forward)
                {
                    if (dev == sw0Out)
                    {
                        s0->SetVirtualSourceDestination(sw0Out->GetPortIndex(), vc, contract);
                    }
                }
            }
        }
        Outcome out;
        p1->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeBoundCallback(
                +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
                &out.maxQueueSw1));
        p0->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeBoundCallback(
                +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
                &out.maxQueueSw0));
        const auto cellsAtB = [&]() {
            uint64_t n = 0;
            for (const AtmPvc& v : pvc)
            {
                n += dst->GetVcStats(v.dstVc).cellsRx;
            }
            return n;
        };
        uint64_t atSample = 0;
        Simulator::Schedule(MilliSeconds(400), [&]() { atSample = cellsAtB(); });
        Simulator::Stop(MilliSeconds(500));
        Simulator::Run();
        out.rateB = (cellsAtB() - atSample) / 0.1;
        out.dropped = p0->GetStats().cellsDropped + p1->GetStats().cellsDropped;
        for (const AtmPvc& v : pvc)
        {
            for (bool forward : {true, false})
            {
                out.ledgersHold = out.ledgersHold && AtmPvcHelper::GetLedger(v, forward).Holds();
            }
        }
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        const Outcome e2e = Run(false);
        const Outcome vsvd = Run(true);
        NS_TEST_ASSERT_MSG_GT(e2e.maxQueueSw1,
                              5 * vsvd.maxQueueSw1,
                              "sw1's queue: end to end " << e2e.maxQueueSw1 << ", VS/VD "
                                                         << vsvd.maxQueueSw1);
        NS_TEST_ASSERT_MSG_GT(vsvd.maxQueueSw0, vsvd.maxQueueSw1, "the excess waits at sw0");
        for (const Outcome* o : {&e2e, &vsvd})
        {
            NS_TEST_ASSERT_MSG_EQ(o->dropped, 0U, "no loss");
            NS_TEST_ASSERT_MSG_EQ(o->ledgersHold, true, "ledgers");
            // ERICA's target (45,000) or more while a queue drains, never above the link.
            NS_TEST_ASSERT_MSG_GT(o->rateB, 42750.0, "B's link is used");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(o->rateB, 50000.0, "at most the link");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The same over TCP, in the atm-abr-vsvd configuration (Goyal, Jain et al., IEEE
 *        Communications Magazine 37(3), 1999, Fig. 3) shortened to 1 s: 8 SACK sources with
 *        600,000-byte windows behind 21.8 ms satellite links, a 4.1 ms terrestrial OC-12 link
 *        to S, whose OC-3 port to the one destination host runs ERICA+ with the per-VC CCR
 *        option. End to end, S's largest queue is several times its own loop's feedback delay
 *        x bandwidth (3,011 cells); with the ground switch as every VC's VS/VD it stays within
 *        1.5 times that loop, at least five times smaller (measured over RngRun 1-3: 14,841 to
 *        18,061 cells end to end, 1,062 to 1,567 with VS/VD), the ground switch's per-VC queues
 *        holding more; no loss, the ledgers hold, and only the VS/VD run generates RM cells at
 *        the ground switch.
 */
class AtmAbrVsVdTcpTestCase : public TestCase
{
  public:
    AtmAbrVsVdTcpTestCase()
        : TestCase("TCP over ABR across a satellite hop: with a virtual source and destination "
                   "at the ground switch, S's queue stays within its own loop")
    {
    }

  private:
    /// One run's outcome.
    struct Outcome
    {
        uint32_t maxQueueS{0};      //!< the largest queue at S's port to the host
        uint32_t maxQueueGround{0}; //!< the largest queue at the ground switch's trunk port
        uint64_t rmGenerated{0};    //!< RM cells the ground switch generated
        AtmNSourceResults results;  //!< the N-source results
    };

    /**
     * @param vsvd make the ground switch every VC's virtual source and destination
     * @return the outcome
     */
    static Outcome Run(bool vsvd)
    {
        const uint32_t n = 8;
        TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
        tcp.SetVariant(TcpEraPresets::SACK);
        tcp.SetSegmentSize(512);
        tcp.SetWindow(600000);
        tcp.SetInitialSsThresh(600000);
        const AtmCellRate link("OC3cRaw");
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(n);
        nsrc.SetLinkRate(link);
        nsrc.SetTrunkRate(AtmCellRate("622.08Mbps"));
        nsrc.SetAccessDelay(MicroSeconds(21800));
        nsrc.SetTrunkDelay(MicroSeconds(4100));
        nsrc.SetSharedSink(link, MicroSeconds(5));
        nsrc.SetBufferCells(1000000);
        nsrc.SetPerVcQueues(true);
        nsrc.SetTcp(tcp);
        AtmAbrParameters abr;
        abr.icr = AtmCellRate(link.GetNumerator(), link.GetDenominator() * n);
        const AtmTrafficContract contract = AtmTrafficContract::Abr(link, AtmCellRate(), abr);
        nsrc.SetContract(contract);
        const AtmNSourceTopology t = nsrc.Install();
        Ptr<AtmEricaPlus> ericaPlus = CreateObject<AtmEricaPlus>();
        ericaPlus->SetAttribute("MeasuredCcr", BooleanValue(true));
        t.sinkPort->GetOutputPort()->SetAbrBehaviour(ericaPlus);
        Ptr<AtmSwitch> ground = t.switches.Get(0)->GetObject<AtmSwitch>();
        const uint32_t trunkPort = DynamicCast<AtmSwitchPort>(t.trunk)->GetPortIndex();
        std::vector<uint32_t> vcs;
        for (const AtmPvc& pvc : t.pvcs)
        {
            for (const auto& [dev, vc] : pvc.forward)
            {
                if (dev == t.trunk)
                {
                    vcs.push_back(vc);
                    if (vsvd)
                    {
                        ground->SetVirtualSourceDestination(trunkPort, vc, contract);
                    }
                }
            }
        }
        Outcome out;
        for (auto [dev, m] :
             {std::make_pair(t.sinkPort, &out.maxQueueS), {t.trunk, &out.maxQueueGround}})
        {
            dev->GetOutputPort()->TraceConnectWithoutContext(
                "CellsInQueue",
                MakeBoundCallback(
                    +[](uint32_t* m, uint32_t, uint32_t x) { *m = std::max(*m, x); },
                    m));
        }
        AtmNSourceTraffic traffic;
        traffic.Install(t, Seconds(0), Seconds(1), MilliSeconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        out.results = traffic.GetResults();
        for (uint32_t vc : vcs)
        {
            out.rmGenerated += ground->GetRmGenerated(trunkPort, vc);
        }
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        // The terrestrial loop at the OC-3 bottleneck: 2 x (4.1 ms + 5 us) x 366,792 cells/s.
        const double ownLoop = 2 * 4.105e-3 * 155.52e6 / 424;
        const Outcome e2e = Run(false);
        const Outcome vsvd = Run(true);
        NS_TEST_ASSERT_MSG_GT(e2e.maxQueueS, 3 * ownLoop, "end to end, S takes the whole loop's");
        NS_TEST_ASSERT_MSG_LT(vsvd.maxQueueS, 1.5 * ownLoop, "with VS/VD, its own loop's");
        NS_TEST_ASSERT_MSG_GT(e2e.maxQueueS,
                              5 * vsvd.maxQueueS,
                              "S's queue: end to end " << e2e.maxQueueS << ", VS/VD "
                                                       << vsvd.maxQueueS);
        NS_TEST_ASSERT_MSG_GT(vsvd.maxQueueGround, vsvd.maxQueueS, "the excess waits upstream");
        NS_TEST_ASSERT_MSG_EQ(e2e.rmGenerated, 0U, "no VS/VD, no RM cell of the ground switch");
        NS_TEST_ASSERT_MSG_GT(vsvd.rmGenerated, 0U, "its virtual sources' and destinations'");
        for (const Outcome* o : {&e2e, &vsvd})
        {
            NS_TEST_ASSERT_MSG_EQ(o->results.cellsDropped, 0U, "no loss");
            NS_TEST_ASSERT_MSG_EQ(o->results.ledgersHold, true, "ledgers");
            for (double g : o->results.goodputMbps)
            {
                NS_TEST_ASSERT_MSG_GT(g, 0.5, "every connection delivers");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The VS/VD suite.
 */
class AtmAbrVsVdTestSuite : public TestSuite
{
  public:
    AtmAbrVsVdTestSuite()
        : TestSuite("atm-abr-vs-vd", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmInsertRmAtHeadTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrVsVdRulesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrVsVdLoopTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrVsVdSatelliteTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrVsVdTcpTestCase, ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
AtmAbrVsVdTestSuite g_atmAbrVsVdTestSuite;

} // namespace
} // namespace ns3
