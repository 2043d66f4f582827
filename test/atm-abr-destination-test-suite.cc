/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/double.h"
#include "ns3/test.h"

/**
 * @file
 * @ingroup atm-tests
 * The ABR destination end system (ATM Forum TM 4.0 section 5.10.5): forward RM cells turned
 * around with DIR = 1 and their fields kept, CI from the EFCI bit of the last data cell, ER
 * lowered to the destination's limit, a waiting cell overwritten by a newer one; and a source
 * and a destination closing the loop by hand.
 */

using namespace ns3;

namespace
{

/**
 * @param efci the EFCI bit
 * @param eom the end-of-PDU bit
 * @return a user-data cell with these PTI bits
 */
AtmCell
DataCell(bool efci, bool eom = false)
{
    AtmCell c;
    c.pti = static_cast<uint8_t>((efci ? 0x2 : 0) | (eom ? 0x1 : 0));
    return c;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The turn-around rules step by step.
 */
class AtmAbrTurnAroundTestCase : public TestCase
{
  public:
    AtmAbrTurnAroundTestCase()
        : TestCase("ABR destination: turn-around, EFCI to CI, ER limit, overwriting")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrDestination> d = CreateObject<AtmAbrDestination>();
        NS_TEST_ASSERT_MSG_EQ(d->HasBackwardRm(), false, "nothing waits at first");
        AtmRmFields frm;
        frm.er = AtmRmRate::Encode(80000);
        frm.ccr = AtmRmRate::Encode(1000);
        frm.mcr = AtmRmRate::Encode(10);
        frm.Set(AtmRmFields::NI, true);
        d->ReceiveForwardRm(frm);
        NS_TEST_ASSERT_MSG_EQ(d->HasBackwardRm(), true, "turned around");
        AtmRmFields brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(+brm.messageType,
                              +(AtmRmFields::DIR | AtmRmFields::NI),
                              "DIR = 1, NI kept, BN = CI = 0");
        NS_TEST_ASSERT_MSG_EQ(brm.er, frm.er, "ER kept");
        NS_TEST_ASSERT_MSG_EQ(brm.ccr, frm.ccr, "CCR kept");
        NS_TEST_ASSERT_MSG_EQ(brm.mcr, frm.mcr, "MCR kept");
        NS_TEST_ASSERT_MSG_EQ(d->HasBackwardRm(), false, "taken");

        // EFCI: the last data cell decides.
        d->ReceiveData(DataCell(true));
        d->ReceiveData(DataCell(false, true));
        NS_TEST_ASSERT_MSG_EQ(d->GetEfciState(), false, "the last cell had EFCI = 0");
        d->ReceiveForwardRm(AtmRmFields());
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(brm.Has(AtmRmFields::CI), false, "no CI");
        d->ReceiveData(DataCell(true, true));
        d->ReceiveForwardRm(AtmRmFields());
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(brm.Has(AtmRmFields::CI), true, "EFCI -> CI");
        d->ReceiveForwardRm(AtmRmFields());
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(brm.Has(AtmRmFields::CI),
                              true,
                              "the state lasts until the next data cell");

        // A newer forward RM cell overwrites the waiting one.
        AtmRmFields a;
        a.ccr = AtmRmRate::Encode(100);
        AtmRmFields b;
        b.ccr = AtmRmRate::Encode(200);
        d->ReceiveData(DataCell(false));
        d->ReceiveForwardRm(a);
        d->ReceiveForwardRm(b);
        NS_TEST_ASSERT_MSG_EQ(d->GetOverwritten(), 1, "one overwritten");
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(brm.ccr), 200, "the newer one");
        NS_TEST_ASSERT_MSG_EQ(d->GetTurnedAround(), 6, "turned around");

        // The ER limit lowers ER, never raises it.
        d->SetAttribute("ErLimitCellsPerSec", DoubleValue(5001));
        d->ReceiveForwardRm(frm);
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(brm.er),
                              5000,
                              "5001 as carried: 2^12 x (1 + 113/512)");
        AtmRmFields low;
        low.er = AtmRmRate::Encode(1000);
        d->ReceiveForwardRm(low);
        brm = d->TakeBackwardRm();
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(brm.er), 1000, "kept below");
    }
};

/**
 * @ingroup atm-tests
 * @brief A source's forward RM cells turned around by a destination and fed back: with
 *        congestion (EFCI) ACR falls by RDF per cell, without it rises by RIF x PCR to PCR.
 */
class AtmAbrLoopByHandTestCase : public TestCase
{
  public:
    AtmAbrLoopByHandTestCase()
        : TestCase("ABR source and destination closing the loop by hand")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
        s->SetAttribute("PcrCellsPerSec", DoubleValue(1000));
        s->SetAttribute("McrCellsPerSec", DoubleValue(10));
        s->SetAttribute("IcrCellsPerSec", DoubleValue(500));
        s->Start(Time(0));
        Ptr<AtmAbrDestination> d = CreateObject<AtmAbrDestination>();
        d->ReceiveData(DataCell(true));
        d->ReceiveForwardRm(s->SendForwardRm(Time(0)));
        s->ReceiveBackwardRm(d->TakeBackwardRm());
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 468.75, "CI: 500 x 15/16");
        d->ReceiveData(DataCell(false));
        for (int k = 1; k <= 9; ++k)
        {
            d->ReceiveForwardRm(s->SendForwardRm(MilliSeconds(k)));
            s->ReceiveBackwardRm(d->TakeBackwardRm());
        }
        NS_TEST_ASSERT_MSG_EQ(s->GetAcr(), 1000, "468.75 + 9 x 62.5 > PCR: PCR");
        NS_TEST_ASSERT_MSG_EQ(s->GetForwardRmSent(), 10, "ten round trips");
    }
};

/**
 * @ingroup atm-tests
 * @brief The ABR destination suite.
 */
class AtmAbrDestinationTestSuite : public TestSuite
{
  public:
    AtmAbrDestinationTestSuite()
        : TestSuite("atm-abr-destination", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmAbrTurnAroundTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmAbrLoopByHandTestCase, ATM_TEST_QUICK);
    }
};

static AtmAbrDestinationTestSuite
    g_atmAbrDestinationTestSuite; //!< static instance registering the suite
