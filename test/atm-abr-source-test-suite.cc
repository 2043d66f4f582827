/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-abr-source.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * The ABR source end system's rules (ATM Forum TM 4.0 source behaviour 2, 3, 5-10) step by step
 * against hand-computed sequences: the order of forward RM, backward RM and data cells, ACR after
 * each backward RM cell, use-it-or-lose-it, the cutoff decrease, and Bonaventure's misbehaving
 * source.
 */

using namespace ns3;

namespace
{

/**
 * @param pcr PCR (cells/s)
 * @param mcr MCR (cells/s)
 * @param icr ICR (cells/s)
 * @return a source with these rates and the default parameters, started at 0
 */
Ptr<AtmAbrSource>
MakeSource(double pcr, double mcr, double icr)
{
    Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
    s->SetAttribute("PcrCellsPerSec", DoubleValue(pcr));
    s->SetAttribute("McrCellsPerSec", DoubleValue(mcr));
    s->SetAttribute("IcrCellsPerSec", DoubleValue(icr));
    return s;
}

/**
 * @param ci CI
 * @param ni NI
 * @param er ER (cells/s; encoded)
 * @param bn BN
 * @return a backward RM cell
 */
AtmRmFields
Brm(bool ci, bool ni, double er, bool bn = false)
{
    AtmRmFields rm;
    rm.Set(AtmRmFields::DIR, true);
    rm.Set(AtmRmFields::CI, ci);
    rm.Set(AtmRmFields::NI, ni);
    rm.Set(AtmRmFields::BN, bn);
    rm.er = AtmRmRate::Encode(er);
    return rm;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Rules 2 and 3: the first cell is a forward RM cell; then one after Nrm - 1 in-rate
 *        cells, or after Mrm cells and Trm; a waiting backward RM cell goes once per forward
 *        RM cell while data waits, at once when none does.
 */
class AtmAbrCellOrderTestCase : public TestCase
{
  public:
    AtmAbrCellOrderTestCase()
        : TestCase("ABR source rules 2 and 3: which in-rate cell goes next")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource(1000, 10, 100);
        s->Start(Time(0));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 100, "rule 2: ACR = ICR");
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(Time(0), false, false), AtmAbrSource::NOTHING, "idle");
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(Time(0), false, true),
                              AtmAbrSource::FORWARD_RM,
                              "rule 2: the first in-rate cell is a forward RM cell");
        AtmRmFields frm = s->SendForwardRm(Time(0));
        // Rules 7 and 10.
        NS_TEST_ASSERT_MSG_EQ(+frm.messageType, 0, "DIR = BN = CI = NI = 0");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(frm.er), 1000, "ER = PCR");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(frm.ccr), 100, "CCR = ACR");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(frm.mcr), 10, "MCR");

        // Rule 3 (a.ii): Nrm - 1 = 31 in-rate cells, then a forward RM cell (within Trm).
        for (int k = 1; k <= 31; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(s->SelectNext(MicroSeconds(k), false, true),
                                  AtmAbrSource::DATA,
                                  "data cell " << k);
            s->SendData();
        }
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(MicroSeconds(32), false, true),
                              AtmAbrSource::FORWARD_RM,
                              "after Nrm - 1 = 31 cells");
        s->SendForwardRm(MicroSeconds(32));

        // Rule 3 (a.i): Trm has elapsed but fewer than Mrm = 2 cells went; then both hold.
        const Time t0 = MicroSeconds(32);
        s->SendData();
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t0 + MilliSeconds(200), false, true),
                              AtmAbrSource::DATA,
                              "1 < Mrm cells since the forward RM cell");
        s->SendData();
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t0 + MilliSeconds(99), false, true),
                              AtmAbrSource::DATA,
                              "Mrm cells but Trm not elapsed");
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t0 + MilliSeconds(100), false, true),
                              AtmAbrSource::FORWARD_RM,
                              "Mrm cells and Trm elapsed");
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t0 + MilliSeconds(100), false, false),
                              AtmAbrSource::FORWARD_RM,
                              "due even without data waiting");
        const Time t1 = t0 + MilliSeconds(100);
        s->SendForwardRm(t1);

        // Rule 3 (b).
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t1, true, true),
                              AtmAbrSource::BACKWARD_RM,
                              "first backward RM cell since the forward one goes before data");
        s->SendBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t1, true, true),
                              AtmAbrSource::DATA,
                              "a second waits while data waits");
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t1, true, false),
                              AtmAbrSource::BACKWARD_RM,
                              "it goes when no data waits");
        // The backward RM cell counted as an in-rate cell: 30 more reach Nrm - 1.
        for (int k = 0; k < 30; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t1, false, true), AtmAbrSource::DATA, "k " << k);
            s->SendData();
        }
        NS_TEST_ASSERT_MSG_EQ(s->SelectNext(t1, false, true),
                              AtmAbrSource::FORWARD_RM,
                              "1 backward RM + 30 data = Nrm - 1 in-rate cells");
        NS_TEST_ASSERT_MSG_EQ(s->GetForwardRmSent(), 3, "forward RM cells sent");
    }
};

/**
 * @ingroup atm-tests
 * @brief Rules 8 and 9: ACR after each backward RM cell, by hand (PCR 1000, MCR 10, ICR 100,
 *        RIF = RDF = 1/16: an increase adds 62.5 cells/s, a decrease takes 1/16 off).
 */
class AtmAbrRateRulesTestCase : public TestCase
{
  public:
    AtmAbrRateRulesTestCase()
        : TestCase("ABR source rules 8 and 9: ACR after each backward RM cell")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource(1000, 10, 100);
        s->Start(Time(0));

        struct Step
        {
            AtmRmFields brm; //!< the cell
            double acr;      //!< ACR after it
            const char* why; //!< the rule
        };

        const std::vector<Step> steps = {
            {Brm(false, false, 1000), 162.5, "CI = NI = 0: + RIF x PCR"},
            {Brm(false, false, 1000), 225, "again"},
            {Brm(true, false, 1000), 210.9375, "CI = 1: x (1 - RDF)"},
            {Brm(true, true, 1000), 197.75390625, "CI = 1 wins over NI = 1"},
            {Brm(false, true, 1000), 197.75390625, "NI = 1: no increase"},
            {Brm(false, false, 50), 50, "ER = 50 caps the increase"},
            {Brm(false, false, 5), 10, "ER below MCR: MCR"},
            {Brm(true, false, 1000), 10, "no decrease below MCR"},
        };
        for (const Step& st : steps)
        {
            s->ReceiveBackwardRm(st.brm);
            NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), st.acr, st.why);
        }
        // Sixteen increases from 10: 947.5 after fifteen, then PCR.
        for (int k = 1; k <= 15; ++k)
        {
            s->ReceiveBackwardRm(Brm(false, false, 1000));
        }
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 947.5, "10 + 15 x 62.5");
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 1000, "capped at PCR");
        // ER as carried: 700 is 2^9 x 1.3671875 exactly; 353207.5 is carried as 352768.
        s->ReceiveBackwardRm(Brm(false, true, 700));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 700, "ER");
    }
};

/**
 * @ingroup atm-tests
 * @brief Rule 5 (use it or lose it) and rule 6 (cutoff decrease after CRM unanswered forward RM
 *        cells; only a backward RM cell with BN = 0 answers).
 */
class AtmAbrIdleAndCutoffTestCase : public TestCase
{
  public:
    AtmAbrIdleAndCutoffTestCase()
        : TestCase("ABR source rules 5 and 6: ADTF and the CRM cutoff")
    {
    }

  private:
    void DoRun() override
    {
        // Rule 5.
        Ptr<AtmAbrSource> s = MakeSource(1000, 10, 100);
        s->Start(Time(0));
        s->SendForwardRm(Time(0));
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 225, "raised");
        AtmRmFields frm = s->SendForwardRm(MilliSeconds(500));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 225, "500 ms is not more than ADTF");
        frm = s->SendForwardRm(MilliSeconds(1001));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 100, "501 ms > ADTF: back to ICR");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(frm.ccr), 100, "and the cell carries it");
        s->ReceiveBackwardRm(Brm(false, false, 50));
        frm = s->SendForwardRm(Seconds(5));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 50, "ACR below ICR is kept");

        // Rule 6: TBE 64, Nrm 32: CRM = 2.
        Ptr<AtmAbrSource> c = MakeSource(1000, 10, 320);
        c->SetAttribute("TbeCells", UintegerValue(64));
        c->Start(Time(0));
        NS_TEST_ASSERT_MSG_EQ(c->GetCrm(), 2, "CRM = ceil(64 / 32)");
        const std::vector<double> acr = {320, 320, 300, 281.25};
        for (size_t i = 0; i < acr.size(); ++i)
        {
            frm = c->SendForwardRm(MilliSeconds(i));
            NS_TEST_ASSERT_MSG_EQ(c->GetAcr(), acr[i], "forward RM cell " << i + 1);
            NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(frm.ccr),
                                  AtmRmRate::Quantize(acr[i]),
                                  "CCR after the cut");
        }
        c->ReceiveBackwardRm(Brm(false, true, 1000, true));
        c->SendForwardRm(MilliSeconds(5));
        NS_TEST_ASSERT_MSG_EQ(c->GetAcr(), 263.671875, "a BN = 1 cell does not answer");
        c->ReceiveBackwardRm(Brm(false, true, 1000));
        c->SendForwardRm(MilliSeconds(6));
        c->SendForwardRm(MilliSeconds(7));
        NS_TEST_ASSERT_MSG_EQ(c->GetAcr(), 263.671875, "a BN = 0 cell does: two go uncut");
        c->SendForwardRm(MilliSeconds(8));
        NS_TEST_ASSERT_MSG_EQ(c->GetAcr(), 247.19238281250, "the third is cut again");

        // CDF 0 never cuts; the cut stops at MCR.
        Ptr<AtmAbrSource> z = MakeSource(1000, 300, 320);
        z->SetAttribute("TbeCells", UintegerValue(32));
        z->Start(Time(0));
        for (int i = 0; i < 5; ++i)
        {
            z->SendForwardRm(MilliSeconds(i));
        }
        NS_TEST_ASSERT_MSG_EQ(z->GetAcr(), 300, "cut down to MCR, not below");
        Ptr<AtmAbrSource> n = MakeSource(1000, 10, 320);
        n->SetAttribute("TbeCells", UintegerValue(32));
        n->SetAttribute("Cdf", DoubleValue(0));
        n->Start(Time(0));
        for (int i = 0; i < 5; ++i)
        {
            n->SendForwardRm(MilliSeconds(i));
        }
        NS_TEST_ASSERT_MSG_EQ(n->GetAcr(), 320, "CDF = 0: no cutoff");
    }
};

/**
 * @ingroup atm-tests
 * @brief Bonaventure's misbehaving source: ACR = min(M x min(ACR, ER), PCR) after rule 8.
 */
class AtmAbrMisbehavingTestCase : public TestCase
{
  public:
    AtmAbrMisbehavingTestCase()
        : TestCase("ABR misbehaving source (M = 1.5): ACR = min(M x min(ACR, ER), PCR)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource(1000, 10, 100);
        s->SetAttribute("MisbehaviourFactor", DoubleValue(1.5));
        s->Start(Time(0));
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 243.75, "1.5 x (100 + 62.5)");
        s->ReceiveBackwardRm(Brm(false, false, 200));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 300, "1.5 x ER 200");
        s->ReceiveBackwardRm(Brm(false, true, 800));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 450, "1.5 x 300 (NI: no increase first)");
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 768.75, "1.5 x (450 + 62.5)");
        s->ReceiveBackwardRm(Brm(false, false, 1000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 1000, "1.5 x 831.25, capped at PCR");
    }
};

/**
 * @ingroup atm-tests
 * @brief The source takes its rates and parameters from the VC's ABR contract.
 */
class AtmAbrContractTestCase : public TestCase
{
  public:
    AtmAbrContractTestCase()
        : TestCase("ABR source configured from an ABR traffic contract")
    {
    }

  private:
    void DoRun() override
    {
        AtmAbrParameters p;
        p.icr = AtmCellRate(1000);
        p.rif = 1.0 / 8;
        p.rdf = 1.0 / 4;
        p.nrm = 16;
        p.trm = MilliSeconds(50);
        p.adtf = MilliSeconds(250);
        p.cdf = 0;
        p.tbe = 160;
        Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
        s->SetContract(AtmTrafficContract::Abr(AtmCellRate(80000), AtmCellRate(500), p),
                       AtmCellRate(353207));
        s->Start(Time(0));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 1000, "ICR");
        NS_TEST_ASSERT_MSG_EQ(s->GetCrm(), 10, "CRM = 160 / 16");
        DoubleValue d;
        s->GetAttribute("PcrCellsPerSec", d);
        NS_TEST_ASSERT_MSG_EQ(d.Get(), 80000, "PCR");
        s->GetAttribute("McrCellsPerSec", d);
        NS_TEST_ASSERT_MSG_EQ(d.Get(), 500, "MCR");
        s->GetAttribute("Rif", d);
        NS_TEST_ASSERT_MSG_EQ(d.Get(), 0.125, "RIF");
        s->GetAttribute("Rdf", d);
        NS_TEST_ASSERT_MSG_EQ(d.Get(), 0.25, "RDF");
        s->GetAttribute("Cdf", d);
        NS_TEST_ASSERT_MSG_EQ(d.Get(), 0, "CDF");
        TimeValue t;
        s->GetAttribute("Trm", t);
        NS_TEST_ASSERT_MSG_EQ(t.Get(), MilliSeconds(50), "Trm");
        s->GetAttribute("Adtf", t);
        NS_TEST_ASSERT_MSG_EQ(t.Get(), MilliSeconds(250), "ADTF");
        s->ReceiveBackwardRm(Brm(true, false, 80000));
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 750, "RDF 1/4");

        // No ICR and no PCR in the contract: both are the line rate.
        Ptr<AtmAbrSource> l = CreateObject<AtmAbrSource>();
        l->SetContract(AtmTrafficContract::Abr(AtmCellRate(), AtmCellRate()), AtmCellRate(80000));
        l->Start(Time(0));
        NS_TEST_ASSERT_MSG_EQ(l->GetAcr(), 80000, "ICR = PCR = the line rate");
    }
};

/**
 * @ingroup atm-tests
 * @brief The ABR source suite.
 */
class AtmAbrSourceTestSuite : public TestSuite
{
  public:
    AtmAbrSourceTestSuite()
        : TestSuite("atm-abr-source", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmAbrCellOrderTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrRateRulesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrIdleAndCutoffTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrMisbehavingTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrContractTestCase, ATM_TEST_QUICK);
    }
};

static AtmAbrSourceTestSuite g_atmAbrSourceTestSuite; //!< static instance registering the suite
