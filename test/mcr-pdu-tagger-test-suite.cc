/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The adapter-side PDU tagging of O. Bonaventure, PhD thesis, Universite de Liege 1998, ch. 7.1,
 * Fig. 7.4 (McrPduTagger): hand-computed decisions for PDU trains at given instants, the burst of
 * 2 x MFS CLP = 0 cells, short PDUs, the equivalence to F-GCRA(T_MCR, MFS (T_MCR - T_PCR)) for
 * MFS-sized PDUs on random streams (BON's statement), the parameters taken from the contract,
 * the short name; and the tagger in an adapter: decided when the PDU's first cell starts on the
 * link, whole PDUs tagged, counters and trace.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-clock.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pdu-tagger-factory.h"
#include "ns3/frame-gcra.h"
#include "ns3/mcr-pdu-tagger.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// A GFR.2 contract: PCR 100,000 cells/s (10 us), MCR 20,000 cells/s (50 us), MFS 4 cells.
AtmTrafficContract
SmallGfr()
{
    return AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                   AtmCellRate(100000),
                                   AtmCellRate(20000),
                                   8,
                                   4);
}

/**
 * @return a McrPduTagger attached to SmallGfr(): T_PCR 10 us, T_MCR 50 us, MBS 2 MFS = 8, so
 *         tau = 7 x 40 us = 280 us
 */
Ptr<McrPduTagger>
SmallTagger()
{
    Ptr<McrPduTagger> t = CreateObject<McrPduTagger>();
    t->Attach(SmallGfr(), AtmCellRate(100000));
    return t;
}

/**
 * @param t the tagger
 * @param startsUs the PDUs' start times in us
 * @param cells the cells of each PDU
 * @return the decisions, one character per PDU: '0' for CLP = 0, '1' for tagged
 */
std::string
Decide(Ptr<AtmPduTagger> t, const std::vector<double>& startsUs, uint32_t cells)
{
    std::string out;
    for (double us : startsUs)
    {
        out += t->Decide(NanoSeconds(static_cast<int64_t>(us * 1000 + 0.5)), cells) ? '0' : '1';
    }
    return out;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief A train of MFS-sized PDUs back to back at PCR: one PDU in MCR/PCR keeps CLP 0, at the
 *        hand-computed PDUs.
 */
class McrPduTaggerTrainTestCase : public TestCase
{
  public:
    McrPduTaggerTrainTestCase()
        : TestCase("MCR 20,000 and PCR 100,000 cells per s, MBS 8 = 2 MFS: 4-cell PDUs back to "
                   "back at PCR from 0 keep CLP 0 at PDUs 0, 1, 6, 11, 16 (TAT 200, 400, 600, "
                   "800, 1000 us) and are tagged whole otherwise")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<McrPduTagger> t = SmallTagger();
        NS_TEST_ASSERT_MSG_EQ(t->GetMbs(), 8, "MBS = 2 MFS");
        NS_TEST_ASSERT_MSG_EQ(t->GetTau(), AtmExactTime(MicroSeconds(280)), "tau = 7 x 40 us");
        // PDU n starts at 40 n us. PDU 0: TAT = 0 + 4 x 50 = 200. PDU 1 (40): 40 + 30 >= 200 +
        // 150 - 280 = 70, CLP 0, TAT 400. PDU 2 (80): 110 < 400 - 130 = 270: tagged, and so on
        // until PDU 6 (240): 270 >= 270, TAT 600; then every fifth PDU.
        std::vector<double> starts;
        for (int n = 0; n < 20; ++n)
        {
            starts.push_back(40.0 * n);
        }
        {
            const std::string d = Decide(t, starts, 4);
            NS_TEST_ASSERT_MSG_EQ(d, "00111101111011110111", "decisions");
        }
        NS_TEST_ASSERT_MSG_EQ(t->GetTat(), AtmExactTime(MicroSeconds(1000)), "TAT after PDU 16");
        NS_TEST_ASSERT_MSG_EQ(t->GetPdus(), 20, "PDUs decided");
        NS_TEST_ASSERT_MSG_EQ(t->GetPdusTagged(), 15, "PDUs tagged");
        // The bound is compared at the time resolution: the next bound is 1000 + 120 - 280 =
        // 840 us (PDU 21 of the train); 1 ns before it a PDU is tagged, at it not.
        Ptr<McrPduTagger> u = SmallTagger();
        Decide(u, starts, 4);
        const bool early = u->Decide(NanoSeconds(839999), 4);
        const bool onTime = u->Decide(NanoSeconds(840000), 4);
        NS_TEST_ASSERT_MSG_EQ(early, false, "1 ns early: tagged");
        NS_TEST_ASSERT_MSG_EQ(onTime, true, "at the bound: CLP 0");
    }
};

/**
 * @ingroup atm-tests
 * @brief The burst tolerance: 2 x MFS cells at PCR from idle, PDUs longer than MBS, short PDUs.
 */
class McrPduTaggerBurstTestCase : public TestCase
{
  public:
    McrPduTaggerBurstTestCase()
        : TestCase("From idle two 4-cell PDUs (2 MFS cells) at PCR keep CLP 0 and the third is "
                   "tagged, again once TAT has passed; one 8-cell PDU (MBS) passes from idle, a "
                   "9-cell PDU never; a 1-cell PDU goes at 120 us where a 4-cell one needs 240 us")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<McrPduTagger> t = SmallTagger();
        {
            const std::string d = Decide(t, {0, 40, 80}, 4);
            NS_TEST_ASSERT_MSG_EQ(d, "001", "2 x MFS from idle");
        }
        NS_TEST_ASSERT_MSG_EQ(t->GetTat(), AtmExactTime(MicroSeconds(400)), "TAT");
        // At 400 us the bucket is empty again: bound 400 + 120 - 280 = 240 <= 400.
        {
            const std::string d = Decide(t, {400, 440, 480}, 4);
            NS_TEST_ASSERT_MSG_EQ(d, "001", "again after TAT");
        }

        Ptr<McrPduTagger> big = SmallTagger();
        // 8 cells from idle: bound = t + 7 x 40 - 280 = t. TAT = 0 + 8 x 50 = 400.
        {
            const std::string d = Decide(big, {0}, 8);
            NS_TEST_ASSERT_MSG_EQ(d, "0", "an MBS-cell PDU from idle");
        }
        // 9 cells: bound = t + 320 - 280 = t + 40 > t whatever TAT: always tagged.
        {
            const std::string d = Decide(big, {10000, 20000, 1e6}, 9);
            NS_TEST_ASSERT_MSG_EQ(d, "111", "above MBS");
        }
        NS_TEST_ASSERT_MSG_EQ(big->GetTat(),
                              AtmExactTime(MicroSeconds(400)),
                              "tags change nothing");

        Ptr<McrPduTagger> small = SmallTagger();
        Decide(small, {0, 40}, 4); // TAT 400
        // A 1-cell PDU at 119.999 us: bound 400 - 280 = 120, tagged. A 4-cell PDU at 120 us: bound
        // 400 + 120 - 280 = 240, tagged. A 1-cell PDU at 120 us: CLP 0 (BON: the rule may accept
        // extra small PDUs), TAT = 400 + 50 = 450.
        {
            const std::string d = Decide(small, {119.999}, 1);
            NS_TEST_ASSERT_MSG_EQ(d, "1", "1 cell at 119.999 us");
        }
        {
            const std::string d = Decide(small, {120}, 4);
            NS_TEST_ASSERT_MSG_EQ(d, "1", "4 cells at 120 us");
        }
        {
            const std::string d = Decide(small, {120}, 1);
            NS_TEST_ASSERT_MSG_EQ(d, "0", "1 cell at 120 us");
        }
        NS_TEST_ASSERT_MSG_EQ(small->GetTat(), AtmExactTime(MicroSeconds(450)), "TAT");
    }
};

/**
 * @ingroup atm-tests
 * @brief For PDUs of exactly MFS cells sent at PCR the rule is F-GCRA(T_MCR, MFS (T_MCR -
 *        T_PCR)) (BON ch. 7.1), on random PDU streams at BON's LAN rates.
 */
class McrPduTaggerFgcraEquivalenceTestCase : public TestCase
{
  public:
    McrPduTaggerFgcraEquivalenceTestCase()
        : TestCase("For 200-cell PDUs at PCR 365,566 cells per s (BON LAN) and MCR 20,000, "
                   "100,000 or 180,000 the tagger decides as F-GCRA with f = MFS (T_MCR - T_PCR) "
                   "on 3 x 5,000 PDUs with random gaps, both decisions occurring")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate pcr(365566);
        const uint32_t mfs = 200;
        const AtmCellClock clock(pcr);
        std::mt19937 rng(12345); // raw 32-bit output only: the same on every platform
        for (uint32_t mcrCells : {20000U, 100000U, 180000U})
        {
            const AtmCellRate mcr(mcrCells);
            Ptr<McrPduTagger> t = CreateObject<McrPduTagger>();
            t->Attach(AtmTrafficContract::Gfr(AtmConformance::GFR_2, pcr, mcr, 2 * mfs, mfs), pcr);
            const AtmExactTime f =
                (AtmExactTime::CellTime(mcr) - AtmExactTime::CellTime(pcr)) * int64_t{mfs};
            FrameGcra fgcra(mcr, f);
            // Gaps of 0 .. 3 MFS PCR/MCR slots after each PDU: from back to back to three times
            // the spacing of the MCR.
            const uint32_t maxGap = 3 * mfs * 365566 / mcrCells;
            uint64_t slot = 0;
            uint32_t agree = 0;
            uint32_t eligible = 0;
            const uint32_t pdus = 5000;
            for (uint32_t n = 0; n < pdus; ++n)
            {
                const bool tagger = t->Decide(clock.GetSlotStart(slot), mfs);
                bool gcra = false;
                for (uint32_t i = 0; i < mfs; ++i)
                {
                    const bool e = fgcra.Arrive(clock.GetSlotStart(slot + i), i == 0, false);
                    gcra = i == 0 ? e : gcra;
                }
                agree += tagger == gcra ? 1 : 0;
                eligible += tagger ? 1 : 0;
                slot += mfs + rng() % (maxGap + 1);
            }
            NS_TEST_ASSERT_MSG_EQ(agree, pdus, "MCR " << mcrCells << ": same decisions");
            NS_TEST_ASSERT_MSG_GT(eligible, pdus / 10, "MCR " << mcrCells << ": CLP 0 PDUs");
            NS_TEST_ASSERT_MSG_LT(eligible, pdus, "MCR " << mcrCells << ": tagged PDUs");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Where the parameters come from, and the short name.
 */
class McrPduTaggerParametersTestCase : public TestCase
{
  public:
    McrPduTaggerParametersTestCase()
        : TestCase("Parameters: MCR and PCR from the contract, the link's rate for a contract "
                   "without PCR, MBS twice the MFS unless MbsCells is set, tau exact")
    {
    }

  private:
    void DoRun() override
    {
        const AtmCellRate oc3(18720000, 53);
        Ptr<McrPduTagger> t = CreateObject<McrPduTagger>();
        t->Attach(AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                          AtmCellRate(),
                                          AtmCellRate(36000),
                                          200,
                                          100),
                  oc3);
        NS_TEST_ASSERT_MSG_EQ(t->GetPcr(), oc3, "the link's rate stands for a missing PCR");
        NS_TEST_ASSERT_MSG_EQ(t->GetMcr(), AtmCellRate(36000), "the contract's MCR");
        NS_TEST_ASSERT_MSG_EQ(t->GetMbs(), 200, "2 x MFS");
        // (2 MFS - 1)(1/36000 - 53/18720000) s, exactly.
        const AtmExactTime tau =
            (AtmExactTime::CellTime(AtmCellRate(36000)) - AtmExactTime::CellTime(oc3)) * 199;
        NS_TEST_ASSERT_MSG_EQ(t->GetTau(), tau, "tau exact");

        Ptr<McrPduTagger> u = CreateObject<McrPduTagger>();
        u->SetAttribute("MbsCells", UintegerValue(5));
        u->SetAttribute("McrCellsPerSec", AtmCellRateValue(AtmCellRate(10000)));
        u->Attach(SmallGfr(), AtmCellRate(100000));
        NS_TEST_ASSERT_MSG_EQ(u->GetMbs(), 5, "MbsCells overrides 2 MFS");
        NS_TEST_ASSERT_MSG_EQ(u->GetMcr(), AtmCellRate(10000), "McrCellsPerSec overrides");
        NS_TEST_ASSERT_MSG_EQ(u->GetPcr(), AtmCellRate(100000), "the contract's PCR");
        NS_TEST_ASSERT_MSG_EQ(u->GetTau(), AtmExactTime(MicroSeconds(360)), "4 x (100 - 10) us");
    }
};

/**
 * @ingroup atm-tests
 * @brief The tagger in an adapter: decided at the PDU's first cell on the link, whole PDUs,
 *        counters and trace.
 */
class McrPduTaggerAdapterTestCase : public TestCase
{
  public:
    McrPduTaggerAdapterTestCase()
        : TestCase("In an adapter the tagger decides when each PDU's first cell starts on the "
                   "link: two VCs share it cell by cell, the tagged VC's 4-cell PDUs start every "
                   "8 slots and the received CLPs, the counters and the Decision trace follow "
                   "the hand-computed pattern")
    {
    }

  private:
    /// Decisions seen on the trace.
    struct Seen
    {
        std::vector<Time> starts; //!< start of each decided PDU
        std::vector<bool> clp0;   //!< its decision

        /**
         * @param start the PDU's start
         * @param cells its cells
         * @param eligible the decision
         */
        void Decision(Time start, uint32_t cells, bool eligible)
        {
            starts.push_back(start);
            clp0.push_back(eligible);
        }
    };

    void DoRun() override
    {
        // Link 100,000 cells/s (10 us slots). VC 0: GFR.2, PCR = the line, MCR 10,000 (T_MCR =
        // 10 slots), MFS 4, MBS 8: tau = 7 x 9 = 63 slots; it carries 4-cell PDUs back to back.
        // VC 1: UBR, also greedy. Round robin: each VC every other slot, so a PDU of VC 0 lasts
        // 8 slots and starts every 8 slots.
        Ptr<AtmNetDevice> a = CreateObject<AtmNetDevice>();
        Ptr<CellProbeDevice> probe = CreateObject<CellProbeDevice>();
        Connect(a, probe, "100000", Time(0));
        const AtmTrafficContract gfr = AtmTrafficContract::Gfr(AtmConformance::GFR_2,
                                                               AtmCellRate(100000),
                                                               AtmCellRate(10000),
                                                               8,
                                                               4);
        const uint32_t v0 = a->AddVc(0, 32, gfr);
        const uint32_t v1 = a->AddVc(0, 33);
        const uint32_t pdus = 12;
        uint32_t pulled0 = 0;
        uint32_t pulled1 = 0;
        // 184 bytes: 184 + 8 = 192 = 4 cells.
        a->SetVcFrameSource(v0, [&pulled0]() -> Ptr<Packet> {
            return pulled0 < pdus ? (++pulled0, Create<Packet>(184)) : nullptr;
        });
        a->SetVcFrameSource(v1, [&pulled1]() -> Ptr<Packet> {
            return pulled1 < pdus ? (++pulled1, Create<Packet>(184)) : nullptr;
        });
        Ptr<McrPduTagger> tagger = CreateObject<McrPduTagger>();
        Seen seen;
        tagger->TraceConnectWithoutContext("Decision", MakeCallback(&Seen::Decision, &seen));
        a->SetVcPduTagger(v0, tagger);
        NS_TEST_ASSERT_MSG_EQ(a->GetVcPduTagger(v0), tagger, "the VC's tagger");
        NS_TEST_ASSERT_MSG_EQ(tagger->GetMbs(), 8, "attached to the VC's contract");
        Simulator::Schedule(Time(0), [a, v0, v1]() {
            a->WakeVc(v0);
            a->WakeVc(v1);
        });
        Simulator::Run();
        // Hand computation in slots after the first PDU's start (T_MCR 10, T_PCR 1, L 4): PDU 0 at
        // 0: TAT 40. PDU 1 at 8: bound = 40 + 27 - 63 = 4 <= 8: CLP 0, TAT 80. PDU 2 at 16: bound
        // 44: tagged; 24, 32, 40: tagged; PDU 6 at 48: bound 44: CLP 0, TAT 120. PDU 7 at 56
        // (bound 84), 64, 72, 80: tagged; PDU 11 at 88 >= 84: CLP 0.
        const std::string expected = "001111011110";
        std::string decided;
        for (bool e : seen.clp0)
        {
            decided += e ? '0' : '1';
        }
        NS_TEST_ASSERT_MSG_EQ(decided, expected, "decisions");
        NS_TEST_ASSERT_MSG_EQ(seen.starts.size(), pdus, "one decision per PDU");
        // At the far end (no delay, 10 us cells): each PDU of VC 0 has one CLP for all its cells,
        // the decided one, and its first cell started exactly at the decision's start.
        std::string received;
        uint32_t pdu = 0;
        bool mixed = false;
        for (const auto& rx : probe->GetReceived())
        {
            if (rx.cell.vci != 32)
            {
                NS_TEST_ASSERT_MSG_EQ(rx.cell.clp, false, "the UBR VC is never tagged");
                continue;
            }
            if (rx.cell.index == 0)
            {
                received += rx.cell.clp ? '1' : '0';
                NS_TEST_ASSERT_MSG_EQ(rx.arrival - MicroSeconds(10),
                                      seen.starts[pdu],
                                      "decided when the first cell started");
            }
            mixed = mixed || (rx.cell.clp != (received.back() == '1'));
            pdu += rx.cell.IsEndOfPdu() ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(received, expected, "CLP of the PDUs received");
        NS_TEST_ASSERT_MSG_EQ(mixed, false, "whole PDUs");
        for (uint32_t n = 1; n < pdus; ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(seen.starts[n] - seen.starts[n - 1],
                                  MicroSeconds(80),
                                  "PDUs of VC 0 start every 8 slots");
        }
        const AtmNetDeviceVcStats& st = a->GetVcStats(v0);
        NS_TEST_ASSERT_MSG_EQ(st.framesTx, pdus, "PDUs sent");
        NS_TEST_ASSERT_MSG_EQ(st.framesTagged, 8, "PDUs tagged");
        NS_TEST_ASSERT_MSG_EQ(a->GetVcStats(v1).framesTagged, 0, "none on the UBR VC");
        NS_TEST_ASSERT_MSG_EQ(tagger->GetPdusTagged(), 8, "the tagger's counter");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The McrPduTagger test suite.
 */
class McrPduTaggerTestSuite : public TestSuite
{
  public:
    McrPduTaggerTestSuite()
        : TestSuite("atm-mcr-pdu-tagger", ATM_SUITE_UNIT)
    {
        AddTestCase(new McrPduTaggerTrainTestCase, ATM_TEST_QUICK);
        AddTestCase(new McrPduTaggerBurstTestCase, ATM_TEST_QUICK);
        AddTestCase(new McrPduTaggerFgcraEquivalenceTestCase, ATM_TEST_QUICK);
        AddTestCase(new McrPduTaggerParametersTestCase, ATM_TEST_QUICK);
        AddTestCase(new McrPduTaggerAdapterTestCase, ATM_TEST_QUICK);
        AddTestCase(new ShortNamesTestCase<AtmPduTaggerFactory, AtmPduTagger>(
                        "Every short name of AtmPduTaggerFactory and its TypeId name make a tagger "
                        "of that TypeId"),
                    ATM_TEST_QUICK);
    }
};

static McrPduTaggerTestSuite g_mcrPduTaggerTestSuite; //!< registers the suite
