/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The contract every ABR switch behaviour (every constructible AtmAbrSwitchBehaviour subclass,
 * found through the TypeId registry) keeps, whatever its algorithm. A switch may only tell
 * sources to slow down or not to speed up (ATM Forum TM 4.0, 5.10.6 and 5.10.7): it may set EFCI
 * in ABR data cells, set CI or NI and lower ER in RM cells, and nothing else. So, under a mixed
 * load with a queue rising and falling:
 * - a user-data cell (of any VC: EFCI is a network-wide congestion bit, ITU-T I.361) keeps
 *   everything but the EFCI bit of its PTI, which may be set but is never cleared;
 * - an RM cell keeps its DIR, BN, CCR and MCR; CI and NI are never cleared; ER is never raised;
 * - the short names of AtmAbrBehaviourFactory name exactly these behaviours.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-abr-behaviour-factory.h"
#include "ns3/atm-abr-switch-behaviour.h"
#include "ns3/atm-port-state.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/object-factory.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief One behaviour under 40 ms of mixed arrivals on a 100,000 cells/s port (one cell per
 *        10 us slot, VCs 0-3 ABR with an RM cell every 8th cell, alternately forward and
 *        backward, VC 4 CBR, VC 5 UBR; the queue ramps 0 -> 900 -> 0 cells twice).
 */
class AtmAbrBehaviourContractTestCase : public TestCase
{
  public:
    /// @param tid the behaviour
    explicit AtmAbrBehaviourContractTestCase(TypeId tid)
        : TestCase("ABR behaviour contract: " + tid.GetName()),
          m_tid(tid)
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory f;
        f.SetTypeId(m_tid);
        Ptr<AtmAbrSwitchBehaviour> b = f.Create<AtmAbrSwitchBehaviour>();
        AtmPortState state(1000);
        const uint32_t q = state.AddQueue();
        for (uint32_t i = 0; i < 4; ++i)
        {
            state.AddVc(AtmServiceCategory::ABR, q);
        }
        state.AddVc(AtmServiceCategory::CBR, q);
        state.AddVc(AtmServiceCategory::UBR, q);
        state.SetLinkRate(AtmCellRate(100000));
        uint64_t abrCells = 0;
        for (uint32_t slot = 0; slot < 4000; ++slot)
        {
            // The queue: up by one cell a slot for 900 slots, then down, twice.
            if (slot % 2000 < 900)
            {
                state.OnEnqueue(5);
            }
            else if (state.GetCellsInBuffer() > 0)
            {
                state.OnDequeue(5);
            }
            state.SetNow(MicroSeconds(10) * slot);
            AtmCell cell;
            cell.vc = (slot * 7) % 6;
            cell.vpi = 1;
            cell.vci = static_cast<uint16_t>(32 + cell.vc);
            cell.pti = slot % 3 == 0 ? 1 : 0;
            cell.clp = slot % 5 == 0;
            const bool abr = cell.vc < 4;
            const bool rm = abr && (slot / 6) % 8 == 0;
            const bool backward = (slot / 48) % 2 == 1;
            if (rm)
            {
                cell.pti = AtmRmFields::PTI;
                cell.clp = false;
                cell.rm.messageType =
                    (backward ? AtmRmFields::DIR : 0) | (slot % 4 == 0 ? AtmRmFields::NI : 0);
                cell.rm.er = AtmRmRate::Encode(backward ? 100000 : 60000 + slot);
                cell.rm.ccr = AtmRmRate::Encode(10000 + 17 * slot);
                cell.rm.mcr = AtmRmRate::Encode(1000);
            }
            const AtmCell before = cell;
            b->NotifyArrival(state, cell);
            if (rm && backward && b->ReadsBackwardRm())
            {
                b->ProcessBackwardRm(cell.vc, cell.rm, state.GetNow());
            }
            abrCells += abr;
            const std::string where = "slot " + std::to_string(slot);
            NS_TEST_ASSERT_MSG_EQ(cell.vc, before.vc, where);
            NS_TEST_ASSERT_MSG_EQ(cell.vpi, before.vpi, where);
            NS_TEST_ASSERT_MSG_EQ(cell.vci, before.vci, where);
            NS_TEST_ASSERT_MSG_EQ(cell.clp, before.clp, where);
            NS_TEST_ASSERT_MSG_EQ(cell.flags, before.flags, where);
            if (!rm)
            {
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(cell.pti & ~2U),
                                      static_cast<uint32_t>(before.pti & ~2U),
                                      where << ": only EFCI may change");
                const bool efciKept = (cell.pti & 2U) >= (before.pti & 2U);
                NS_TEST_ASSERT_MSG_EQ(efciKept, true, where << ": EFCI never cleared");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(cell.pti),
                                      static_cast<uint32_t>(AtmRmFields::PTI),
                                      where);
                const uint8_t keep = AtmRmFields::DIR | AtmRmFields::BN;
                NS_TEST_ASSERT_MSG_EQ(static_cast<uint32_t>(cell.rm.messageType & keep),
                                      static_cast<uint32_t>(before.rm.messageType & keep),
                                      where << ": DIR and BN kept");
                const uint8_t sticky = AtmRmFields::CI | AtmRmFields::NI;
                NS_TEST_ASSERT_MSG_EQ(
                    static_cast<uint32_t>(cell.rm.messageType & before.rm.messageType & sticky),
                    static_cast<uint32_t>(before.rm.messageType & sticky),
                    where << ": CI and NI never cleared");
                NS_TEST_ASSERT_MSG_EQ(cell.rm.ccr, before.rm.ccr, where << ": CCR kept");
                NS_TEST_ASSERT_MSG_EQ(cell.rm.mcr, before.rm.mcr, where << ": MCR kept");
                const bool notRaised =
                    AtmRmRate::Decode(cell.rm.er) <= AtmRmRate::Decode(before.rm.er);
                NS_TEST_ASSERT_MSG_EQ(notRaised, true, where << ": ER never raised");
            }
        }
        NS_TEST_ASSERT_MSG_GT(abrCells, 0U, "ABR cells were offered");
    }

    TypeId m_tid; //!< the behaviour under test
};

/**
 * @ingroup atm-tests
 * @brief The ABR behaviour contract suite: one case per registered behaviour, and the factory's
 *        short names.
 */
class AtmAbrBehaviourContractTestSuite : public TestSuite
{
  public:
    AtmAbrBehaviourContractTestSuite()
        : TestSuite("atm-abr-behaviour-contract", ATM_SUITE_UNIT)
    {
        for (const TypeId& tid : ConstructibleSubclasses(AtmAbrSwitchBehaviour::GetTypeId()))
        {
            AddTestCase(new AtmAbrBehaviourContractTestCase(tid), ATM_TEST_QUICK);
        }
        AddTestCase(new ShortNamesTestCase<AtmAbrBehaviourFactory, AtmAbrSwitchBehaviour>(
                        "ABR behaviour short names resolve, create and are enumerated"),
                    ATM_TEST_QUICK);
    }
};

/// Static instance registering the suite.
static AtmAbrBehaviourContractTestSuite g_atmAbrBehaviourContractTestSuite;
