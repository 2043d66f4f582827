/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * ABR end systems in the data path (ATM Forum TM 4.0, section 5.10): two adapters whose VC has
 * an ABR contract exchange real RM cells; the source paces its in-rate cells at ACR (AbrShaper),
 * sends a forward RM cell first and after every Nrm - 1 in-rate cells, the destination turns
 * forward RM cells around in rate, and a backward RM cell that raises ACR re-spaces the next
 * cell at once. Times are exact on a 100,000 cells/s link (10 us slots).
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/abr-shaper.h"
#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// One cell slot of the 100,000 cells/s test link.
const Time SLOT = MicroSeconds(10);

/**
 * @brief Two adapters A and B on one 100,000 cells/s link (100 us each way) with one ABR VC
 *        (PCR 50,000, MCR = ICR 1000 cells/s, RIF 1: BON's setting, so one backward RM cell
 *        takes ACR to the PCR); A sends one-cell SDUs from a frame source.
 */
struct AbrPair
{
    Ptr<AtmNetDevice> a;                      //!< the sending adapter
    Ptr<AtmNetDevice> b;                      //!< the receiving adapter
    uint32_t left{0};                         //!< SDUs A still sends
    std::vector<Time> aCells;                 //!< start of each cell A sent (its port's dequeues)
    std::vector<Time> aRmTimes;               //!< start of each RM cell A sent
    std::vector<AtmRmFields> aRm;             //!< its fields
    std::vector<Time> bRmTimes;               //!< start of each RM cell B sent
    std::vector<AtmRmFields> bRm;             //!< its fields
    std::vector<std::pair<Time, double>> acr; //!< A's ACR changes

    /**
     * @param sdus SDUs A sends
     * @param nrm the contract's Nrm
     */
    AbrPair(uint32_t sdus, uint32_t nrm)
        : left(sdus)
    {
        a = CreateObject<AtmNetDevice>();
        b = CreateObject<AtmNetDevice>();
        Connect(a, b, "100000", MicroSeconds(100));
        AtmAbrParameters p;
        p.icr = AtmCellRate(1000);
        p.rif = 1;
        p.nrm = nrm;
        const AtmTrafficContract abr =
            AtmTrafficContract::Abr(AtmCellRate(50000), AtmCellRate(1000), p);
        a->AddVc(0, 100, abr);
        b->AddVc(0, 100, abr);
        a->SetVcFrameSource(0, MakeCallback(&AbrPair::Next, this));
        b->SetVcNonIp(0);
        a->GetOutputPort()->TraceConnectWithoutContext("CellDequeue",
                                                       MakeCallback(&AbrPair::OnDequeue, this));
        a->TraceConnectWithoutContext("RmTx", MakeCallback(&AbrPair::OnRmA, this));
        b->TraceConnectWithoutContext("RmTx", MakeCallback(&AbrPair::OnRmB, this));
        a->GetVcAbrSource(0)->TraceConnectWithoutContext("Acr",
                                                         MakeCallback(&AbrPair::OnAcr, this));
        Simulator::Schedule(Time(0), &AtmNetDevice::WakeVc, a, 0);
    }

    /// @return A's next SDU (one cell), or null when done
    Ptr<Packet> Next()
    {
        if (left == 0)
        {
            return nullptr;
        }
        --left;
        return Create<Packet>(40);
    }

    /// @param cell a cell leaving A's port
    void OnDequeue(const AtmCell& cell)
    {
        aCells.push_back(Simulator::Now());
    }

    /// @param cell an RM cell A sent
    void OnRmA(const AtmCell& cell)
    {
        aRmTimes.push_back(Simulator::Now());
        aRm.push_back(cell.rm);
    }

    /// @param cell an RM cell B sent
    void OnRmB(const AtmCell& cell)
    {
        bRmTimes.push_back(Simulator::Now());
        bRm.push_back(cell.rm);
    }

    /// @param before old ACR @param after new ACR
    void OnAcr(double before, double after)
    {
        acr.emplace_back(Simulator::Now(), after);
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief The first exchange, cell by cell (TM 4.0 5.10.4 rules 2, 3, 8, 9 and 5.10.5). A cell
 *        staged at a slot boundary leaves in the next slot; a gate released by feedback lets
 *        the cell leave in the slot that starts at the feedback's arrival.
 *
 * - A's first cell (staged at 0, slot at 10 us) is a forward RM cell (rule 2) with CCR = ICR,
 *   ER = PCR and the MCR; it reaches B at 120 us (10 us cell + 100 us).
 * - B has no data: the turned-around RM cell gives B its first cell opportunity (130 us), which
 *   rule 2 makes B's own forward RM cell; the backward RM cell waits 1/ICR.
 * - A's second opportunity is 1/ICR after its first (1010 us): rule 3 (b) sends the backward
 *   RM cell of B's forward one (at A since 240 us) before any data; it reaches B at 1120 us
 *   and raises B's ACR to the PCR (rule 8 with RIF = 1, rule 9 with ER = PCR): B's held
 *   backward RM cell (due at 1130 us at ICR) is re-spaced and leaves at once, 1120 us.
 * - It reaches A at 1230 us and raises A's ACR to the PCR: A's next cell, held until 2010 us
 *   at ICR, is re-spaced to 1030 us and so leaves at 1230 us; then one cell every 20 us.
 * - A's next forward RM cell is its 32nd in-rate cell (Nrm - 1 = 31 in between: rule 3 (a)).
 */
class AtmAbrFirstExchangeTestCase : public TestCase
{
  public:
    AtmAbrFirstExchangeTestCase()
        : TestCase("ABR adapters: forward RM first, turn-around in rate, ACR raised by a "
                   "backward RM cell re-spaces the next cell at once, Nrm spacing of FRMs")
    {
    }

  private:
    void DoRun() override
    {
        AbrPair net(100, 32);
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(net.aRm.size(), 3U, "A's RM cells");
        NS_TEST_ASSERT_MSG_EQ(net.aRmTimes[0], MicroSeconds(10), "A's first cell");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[0].Has(AtmRmFields::DIR), false, "a forward RM cell");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[0].ccr, AtmRmRate::Encode(1000), "CCR = ICR");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[0].er, AtmRmRate::Encode(50000), "ER = PCR");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[0].mcr, AtmRmRate::Encode(1000), "MCR");

        NS_TEST_ASSERT_MSG_GT_OR_EQ(net.bRm.size(), 2U, "B's RM cells");
        NS_TEST_ASSERT_MSG_EQ(net.bRmTimes[0], MicroSeconds(130), "B's forward RM cell");
        NS_TEST_ASSERT_MSG_EQ(net.bRm[0].Has(AtmRmFields::DIR), false, "B's own FRM first");
        NS_TEST_ASSERT_MSG_EQ(net.bRmTimes[1],
                              MicroSeconds(1120),
                              "B turns A's FRM around, re-spaced");
        NS_TEST_ASSERT_MSG_EQ(net.bRm[1].Has(AtmRmFields::DIR), true, "a backward RM cell");
        NS_TEST_ASSERT_MSG_EQ(net.bRm[1].ccr, AtmRmRate::Encode(1000), "A's CCR came back");

        NS_TEST_ASSERT_MSG_EQ(net.aRmTimes[1], MicroSeconds(1010), "A's second cell");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[1].Has(AtmRmFields::DIR), true, "B's FRM turned around");

        NS_TEST_ASSERT_MSG_EQ(net.acr.size(), 2U, "ACR: ICR at the start, then the PCR");
        NS_TEST_ASSERT_MSG_EQ(net.acr[0].second, 1000, "ICR");
        NS_TEST_ASSERT_MSG_EQ(net.acr[1].first, MicroSeconds(1230), "at B's backward RM cell");
        NS_TEST_ASSERT_MSG_EQ(net.acr[1].second, 50000, "PCR");

        NS_TEST_ASSERT_MSG_GT_OR_EQ(net.aCells.size(), 40U, "A's cells");
        NS_TEST_ASSERT_MSG_EQ(net.aCells[0], MicroSeconds(10), "cell 0");
        NS_TEST_ASSERT_MSG_EQ(net.aCells[1], MicroSeconds(1010), "cell 1 at 1/ICR");
        for (uint32_t k = 2; k < 40; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(net.aCells[k],
                                  MicroSeconds(1230) + (k - 2) * MicroSeconds(20),
                                  "cell " << k << " paced at the PCR from the feedback on");
        }
        // Cells 0 (FRM), 1 (BRM), 2..31 (30 data): the 32nd in-rate cell is the next FRM.
        NS_TEST_ASSERT_MSG_EQ(net.aRmTimes[2], net.aCells[32], "FRM after Nrm - 1 cells");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[2].Has(AtmRmFields::DIR), false, "forward");
        NS_TEST_ASSERT_MSG_EQ(net.aRm[2].ccr, AtmRmRate::Encode(50000), "CCR = ACR now");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief Conservation with ABR: every cell A and B sent arrived; A's data cells are exactly
 *        the SDUs delivered at B (no data cell turned into an RM cell was lost, none sent
 *        twice); RM cells sent = RM cells received each way; every forward RM cell B received
 *        was turned around or overwritten by a later one (TM 4.0 5.10.5); A's forward RM cells
 *        are at least one in Nrm of its in-rate cells.
 */
class AtmAbrConservationTestCase : public TestCase
{
  public:
    AtmAbrConservationTestCase()
        : TestCase("ABR adapters: cell and RM-cell conservation, every data SDU delivered once, "
                   "forward RM cells turned around or overwritten")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t nrm : {3U, 8U, 32U})
        {
            AbrPair net(500, nrm);
            std::vector<uint32_t> delivered;
            net.b->TraceConnectWithoutContext(
                "FrameRx",
                MakeBoundCallback(
                    +[](std::vector<uint32_t>* d, uint32_t vc, Ptr<const Packet> p) {
                        d->push_back(p->GetSize());
                    },
                    &delivered));
            // The data ends before 20 ms (Nrm 3: a third of the cells are RM cells); the ends then
            // exchange an RM cell at most every Trm = 100 ms: stop in between, nothing in flight.
            Simulator::Stop(MilliSeconds(80));
            Simulator::Run();
            const AtmNetDeviceVcStats& a = net.a->GetVcStats(0);
            const AtmNetDeviceVcStats& b = net.b->GetVcStats(0);
            NS_TEST_ASSERT_MSG_EQ(delivered.size(), 500U, "Nrm " << nrm << ": every SDU");
            NS_TEST_ASSERT_MSG_EQ(a.cellsTx - a.rmCellsTx, 500U, "Nrm " << nrm << ": data cells");
            NS_TEST_ASSERT_MSG_EQ(a.cellsTx, b.cellsRx, "Nrm " << nrm << ": A -> B cells");
            NS_TEST_ASSERT_MSG_EQ(b.cellsTx, a.cellsRx, "Nrm " << nrm << ": B -> A cells");
            NS_TEST_ASSERT_MSG_EQ(a.rmCellsTx, b.rmCellsRx, "Nrm " << nrm << ": A -> B RM");
            NS_TEST_ASSERT_MSG_EQ(b.rmCellsTx, a.rmCellsRx, "Nrm " << nrm << ": B -> A RM");
            NS_TEST_ASSERT_MSG_EQ(b.cellsTx, b.rmCellsTx, "Nrm " << nrm << ": B sends RM only");
            Ptr<AtmAbrSource> srcA = net.a->GetVcAbrSource(0);
            Ptr<AtmAbrDestination> dstB = net.b->GetVcAbrDestination(0);
            NS_TEST_ASSERT_MSG_EQ(dstB->HasBackwardRm(), false, "Nrm " << nrm << ": B idle");
            NS_TEST_ASSERT_MSG_EQ(dstB->GetTurnedAround(),
                                  srcA->GetForwardRmSent(),
                                  "Nrm " << nrm << ": every FRM of A reached B");
            uint64_t brmFromB = 0;
            for (const AtmRmFields& f : net.bRm)
            {
                brmFromB += f.Has(AtmRmFields::DIR) ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(brmFromB + dstB->GetOverwritten(),
                                  dstB->GetTurnedAround(),
                                  "Nrm " << nrm << ": turned around or overwritten");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(srcA->GetForwardRmSent() * nrm,
                                        a.cellsTx,
                                        "Nrm " << nrm << ": an FRM at least every Nrm cells");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The ABR end-system suite.
 */
class AtmAbrEndSystemTestSuite : public TestSuite
{
  public:
    AtmAbrEndSystemTestSuite()
        : TestSuite("atm-abr-end-system", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmAbrFirstExchangeTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrConservationTestCase, ATM_TEST_QUICK);
    }
};

static AtmAbrEndSystemTestSuite g_atmAbrEndSystemTestSuite; //!< static instance registering it
