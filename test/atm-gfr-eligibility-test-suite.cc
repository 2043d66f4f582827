/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * GFR eligibility in the switch (ATM Forum TM 4.1 GFR.1/GFR.2; O. Bonaventure, PhD thesis,
 * 1998, ch. 7.2.1 and Fig. 8.9): the contract of every cross-connected VC reaches the out
 * port's state; a GFR.1 VC's ingress F-GCRA marks the CLP = 0 cells of the PDUs it finds not
 * eligible (AtmCell::NOT_ELIGIBLE) without tagging them, whole PDUs at a time, at exactly the
 * hand-computed PDUs; a GFR.1 VC with MCR 0 has no eligible PDU; a GFR.2 VC is not marked (its
 * UPC tags instead); and the switch clears a marking that arrives from the previous hop.
 *
 * Bench: SwitchBench on OC-3c links without delay; probe 0 -> port 0 -> port 1 -> probe 1.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-output-port.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// OC-3c exactly (cells/s), and a tenth of it: one cell per 10 slots.
const AtmCellRate LINE(18720000, 53);
/// A tenth of the OC-3c cell rate.
const AtmCellRate TENTH(1872000, 53);

/**
 * @brief Send @p pdus PDUs of @p cells cells back to back at line rate on VC 0/32 through a
 *        switch cross-connecting it with @p contract, and count what probe 1 receives.
 */
struct EligibilityRun
{
    uint32_t received{0};           //!< cells received
    uint32_t marked{0};             //!< cells received with NOT_ELIGIBLE
    uint32_t clp1{0};               //!< cells received with CLP = 1
    uint32_t eligiblePdus{0};       //!< PDUs whose cells were all unmarked and CLP = 0
    uint32_t mixedPdus{0};          //!< PDUs with marked and unmarked cells
    std::string eligibleIndices;    //!< indices of the eligible PDUs
    AtmTrafficContract outContract; //!< the contract the out port's state holds for the VC

    /**
     * @param contract the VC's contract
     * @param pdus number of PDUs
     * @param cells cells per PDU
     * @param upc police the in port
     * @param injectMarked inject every cell with NOT_ELIGIBLE already set
     * @param clp the CLP of the injected cells
     * @param gfr1Eligibility the switch's Gfr1Eligibility attribute
     */
    EligibilityRun(const AtmTrafficContract& contract,
                   uint32_t pdus,
                   uint32_t cells,
                   bool upc = false,
                   bool injectMarked = false,
                   bool clp = false,
                   bool gfr1Eligibility = true)
    {
        SwitchBench b("OC3c");
        b.Switch()->SetAttribute("Gfr1Eligibility", BooleanValue(gfr1Eligibility));
        b.AddPort(Time(0));
        b.AddPort(Time(0));
        b.Port(0)->SetAttribute("Upc", BooleanValue(upc));
        Ptr<AtmOutputPort> out = b.Probe(0)->GetOutputPort();
        out->SetAttribute("BufferCells", UintegerValue(pdus * cells + 1));
        const uint32_t vc = b.Probe(0)->AddVc();
        const uint32_t outVc = b.Switch()->AddVcCrossConnect(0, 0, 32, 1, 0, 32, contract);
        outContract = b.Port(1)->GetOutputPort()->GetState().GetVcContract(outVc);
        for (uint32_t p = 0; p < pdus; ++p)
        {
            for (uint32_t i = 0; i < cells; ++i)
            {
                AtmCell cell = MakeCell(0, 32, i + 1 == cells);
                cell.clp = clp;
                cell.flags |= injectMarked ? AtmCell::NOT_ELIGIBLE : 0;
                b.Probe(0)->Inject(cell, vc, Time(0));
            }
        }
        Simulator::Run();
        const auto& rx = b.Probe(1)->GetReceived();
        received = static_cast<uint32_t>(rx.size());
        uint32_t inPdu = 0;
        uint32_t markedInPdu = 0;
        uint32_t pdu = 0;
        for (const auto& r : rx)
        {
            const bool m = (r.cell.flags & AtmCell::NOT_ELIGIBLE) != 0;
            marked += m ? 1 : 0;
            clp1 += r.cell.clp ? 1 : 0;
            ++inPdu;
            markedInPdu += (m || r.cell.clp) ? 1 : 0;
            if (r.cell.IsEndOfPdu())
            {
                if (markedInPdu == 0)
                {
                    ++eligiblePdus;
                    eligibleIndices += (eligibleIndices.empty() ? "" : ",") + std::to_string(pdu);
                }
                mixedPdus += (markedInPdu != 0 && markedInPdu != inPdu) ? 1 : 0;
                inPdu = 0;
                markedInPdu = 0;
                ++pdu;
            }
        }
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * @brief GFR.1: the ingress F-GCRA marks whole PDUs, at the hand-computed ones.
 */
class AtmGfr1MarkingTestCase : public TestCase
{
  public:
    AtmGfr1MarkingTestCase()
        : TestCase("GFR.1 at MCR = a tenth of OC-3c, MBS = MFS = 10: of 100 line-rate PDUs of 10 "
                   "cells the F-GCRA finds PDUs 0, 2, 12, 22, ..., 92 eligible (11), marks the "
                   "other 890 cells NOT_ELIGIBLE whole PDUs at a time, tags none, loses none; "
                   "the out port's state holds the contract")
    {
    }

  private:
    void DoRun() override
    {
        const AtmTrafficContract gfr1 =
            AtmTrafficContract::Gfr(AtmConformance::GFR_1, LINE, TENTH, 10, 10);
        const EligibilityRun run(gfr1, 100, 10);
        // T = 10 slots, f = (MBS - 1)(T - 1 slot) = 81 slots. PDU 0 (slot 0): TAT = 100 after
        // its 10 cells. PDU 1 (slot 10) < 100 - 81: not eligible. PDU 2 (slot 20) >= 19:
        // eligible, TAT = 200. Then one PDU in ten: PDU 12 at slot 120 >= 119, TAT = 300, ...
        NS_TEST_ASSERT_MSG_EQ(run.received, 1000U, "every cell delivered");
        NS_TEST_ASSERT_MSG_EQ(run.eligibleIndices,
                              "0,2,12,22,32,42,52,62,72,82,92",
                              "eligible PDUs");
        NS_TEST_ASSERT_MSG_EQ(run.marked, 890U, "cells of the other 89 PDUs marked");
        NS_TEST_ASSERT_MSG_EQ(run.mixedPdus, 0U, "marking is per PDU");
        NS_TEST_ASSERT_MSG_EQ(run.clp1, 0U, "GFR.1: the network does not tag");
        NS_TEST_ASSERT_MSG_EQ(run.outContract, gfr1, "the out port's state holds the contract");
    }
};

/**
 * @ingroup atm-tests
 * @brief GFR.1 without MCR, GFR.2, CLP = 1 PDUs and markings from the previous hop.
 */
class AtmGfrEligibilityCasesTestCase : public TestCase
{
  public:
    AtmGfrEligibilityCasesTestCase()
        : TestCase("GFR.1 with MCR 0 marks every CLP=0 cell; CLP=1 cells are never marked (they "
                   "are not eligible anyway); GFR.2 is not marked (the UPC tags its 89 excess "
                   "PDUs instead); a marking set upstream is cleared on a UBR VC")
    {
    }

  private:
    void DoRun() override
    {
        const EligibilityRun noMcr(
            AtmTrafficContract::Gfr(AtmConformance::GFR_1, LINE, AtmCellRate(), 10, 10),
            20,
            10);
        NS_TEST_ASSERT_MSG_EQ(noMcr.marked, 200U, "MCR 0: no PDU eligible");
        const EligibilityRun clp1(
            AtmTrafficContract::Gfr(AtmConformance::GFR_1, LINE, TENTH, 10, 10),
            20,
            10,
            false,
            false,
            true);
        NS_TEST_ASSERT_MSG_EQ(clp1.marked, 0U, "CLP=1 cells are not marked");
        NS_TEST_ASSERT_MSG_EQ(clp1.eligiblePdus, 0U, "and not eligible");
        const EligibilityRun gfr2(
            AtmTrafficContract::Gfr(AtmConformance::GFR_2, LINE, TENTH, 10, 10),
            100,
            10,
            true);
        NS_TEST_ASSERT_MSG_EQ(gfr2.marked, 0U, "GFR.2: no marking");
        NS_TEST_ASSERT_MSG_EQ(gfr2.clp1, 890U, "GFR.2: the UPC tags the same 89 PDUs");
        NS_TEST_ASSERT_MSG_EQ(gfr2.eligibleIndices,
                              "0,2,12,22,32,42,52,62,72,82,92",
                              "GFR.2 eligible PDUs = GFR.1's");
        const EligibilityRun off(
            AtmTrafficContract::Gfr(AtmConformance::GFR_1, LINE, TENTH, 10, 10),
            100,
            10,
            false,
            true,
            false,
            false);
        NS_TEST_ASSERT_MSG_EQ(off.marked, 0U, "Gfr1Eligibility false: nothing marked");
        NS_TEST_ASSERT_MSG_EQ(off.eligiblePdus, 100U, "every CLP=0 PDU eligible");
        const EligibilityRun ubr(AtmTrafficContract(), 5, 10, false, true);
        NS_TEST_ASSERT_MSG_EQ(ubr.received, 50U, "UBR delivered");
        NS_TEST_ASSERT_MSG_EQ(ubr.marked, 0U, "an upstream marking is cleared at ingress");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-gfr-eligibility test suite.
 */
class AtmGfrEligibilityTestSuite : public TestSuite
{
  public:
    AtmGfrEligibilityTestSuite()
        : TestSuite("atm-gfr-eligibility", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmGfr1MarkingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmGfrEligibilityCasesTestCase, ATM_TEST_QUICK);
    }
};

static AtmGfrEligibilityTestSuite g_atmGfrEligibilityTestSuite; //!< registers the suite
