/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * The contract of every eligibility gate (AtmPortGate subclass), checked on a real transmitter:
 * a cell never leaves from a queue a gate holds, nor before a gate's earliest start; a gate uses
 * only its own holder bit; it never leaves a release in the past pending (lazy releases cost no
 * busy wake-ups); it neither loses nor duplicates cells, and every cell leaves in the end
 * (liveness, through Wake() where a release comes from outside the slot protocol); runs are
 * deterministic. Gates also compose: all of them on one port at once.
 *
 * A gate needs a configuration to hold anything (shapers, an initial credit balance): the table
 * GateSetups() gives one per registered gate, and the suite fails for a gate missing from it,
 * so a new gate is one class + its test + one table line.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-port-gate.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/pcr-shaper.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/round-robin-cell-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Cell time of the bench's links ("Sandia": 2.75 us).
const Time CELL = NanoSeconds(2750);
/// VCs of the gated port.
constexpr uint32_t N_VCS = 4;

/**
 * @ingroup atm-tests
 * A receiving probe that returns a credit for each cell in an event at the cell's arrival, as
 * a switch returns it when the cell leaves its port: the credit is then unknown to the sender
 * until that event, outside the sender's slots, so the credit gate must Wake() the sender.
 */
class LateCreditProbe : public CellProbeDevice
{
  public:
    /// @param on true to return credits
    void SetReturnCreditsLate(bool on)
    {
        m_late = on;
    }

    void ReceiveCell(const AtmCell& cell, Time firstBit, Time arrival) override
    {
        CellProbeDevice::ReceiveCell(cell, firstBit, arrival);
        if (m_late)
        {
            Simulator::Schedule(arrival - Simulator::Now(),
                                &LateCreditProbe::Return,
                                Ptr<LateCreditProbe>(this),
                                cell.vc);
        }
    }

  private:
    /// @param vc the sender's VC whose cell arrived now
    void Return(uint32_t vc)
    {
        ReturnCredit(vc, Simulator::Now());
    }

    bool m_late{false}; //!< return credits at arrival events
};

/**
 * Configures one gate on the sending probe of the bench (it may also make the receiving probe
 * return credits) and returns it; the gate is then added to the sender.
 */
typedef std::function<Ptr<AtmPortGate>(Ptr<CellProbeDevice> sender, Ptr<LateCreditProbe> receiver)>
    GateSetup;

/**
 * @param numerator cells
 * @param denominator per this many seconds
 * @return a PCR shaper at exactly numerator / denominator cells/s
 */
Ptr<PcrShaper>
Shaper(uint64_t numerator, uint64_t denominator)
{
    Ptr<PcrShaper> s = CreateObject<PcrShaper>();
    s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(AtmCellRate(numerator, denominator)));
    return s;
}

/**
 * @return the configuration of each registered gate, by TypeId name: a state in which it holds
 *         queues often (small credit balance, shapers well below the line rate)
 */
const std::map<std::string, GateSetup>&
GateSetups()
{
    static const std::map<std::string, GateSetup> setups = {
        {"ns3::AtmCreditFlowControl",
         [](Ptr<CellProbeDevice> sender, Ptr<LateCreditProbe> receiver) -> Ptr<AtmPortGate> {
             Ptr<AtmCreditFlowControl> credits = CreateObject<AtmCreditFlowControl>();
             credits->SetAttribute("InitialCredits", UintegerValue(2));
             receiver->SetReturnCreditsLate(true); // from outside the sender's slots
             return credits;
         }},
        {"ns3::AtmShapingGate",
         [](Ptr<CellProbeDevice> sender, Ptr<LateCreditProbe> receiver) -> Ptr<AtmPortGate> {
             // The line carries 4e6/11 cells/s (2.75 us per cell). One VC flow at 1/3 of it, a
             // group of two VCs at 1/4, one VC unshaped, and a port shaper at 9/10.
             Ptr<AtmShapingGate> gate = CreateObject<AtmShapingGate>();
             gate->AddVcShaper(0, Shaper(4000000, 33));
             const uint32_t group = gate->AddGroupShaper(Shaper(1000000, 11));
             gate->AddVcToFlow(group, 1);
             gate->AddVcToFlow(group, 2);
             gate->SetPortShaper(Shaper(3600000, 11));
             return gate;
         }},
    };
    return setups;
}

/// What one run of the bench observed.
struct Observed
{
    std::vector<std::pair<int64_t, uint32_t>> departures; //!< (time ns, VC) of every cell sent
    uint64_t injected{0};                                 //!< cells offered
    uint64_t received{0};                                 //!< cells at the far end
    uint64_t holds{0};                                    //!< holds over all gates
    uint64_t emptySlots{0};                               //!< slot events that sent nothing
    uint32_t heldDepartures{0};  //!< cells that left a queue some gate held
    uint32_t earlyDepartures{0}; //!< cells that left before a gate's earliest start
    uint32_t foreignBits{0};     //!< queue holder bits no gate of the port owns
    uint32_t pastReleases{0};    //!< gates with a release in the past at a departure
};

/// The bench: sender --(Sandia cells, 3 cell times)--> receiver, gates on the sender.
class GateBench
{
  public:
    /**
     * @param names the gates to install (TypeId names, each in GateSetups())
     * @param seed the seed of the arrival pattern
     */
    GateBench(const std::vector<std::string>& names, uint32_t seed)
    {
        m_sender = CreateObject<CellProbeDevice>();
        m_receiver = CreateObject<LateCreditProbe>();
        Ptr<AtmOutputPort> port = m_sender->GetOutputPort();
        port->SetAttribute("QueueMode", StringValue("PER_VC"));
        port->SetAttribute("BufferCells", UintegerValue(4096));
        port->SetAttribute("CellScheduler", PointerValue(CreateObject<RoundRobinCellScheduler>()));
        for (uint32_t vc = 0; vc < N_VCS; ++vc)
        {
            m_sender->AddVc();
        }
        m_receiver->AddVc();
        for (const std::string& name : names)
        {
            Ptr<AtmPortGate> gate = GateSetups().at(name)(m_sender, m_receiver);
            Ptr<AtmCreditFlowControl> credits = DynamicCast<AtmCreditFlowControl>(gate);
            if (credits)
            {
                m_sender->SetCreditFlowControl(credits);
            }
            else
            {
                m_sender->AddGate(gate);
            }
            m_gates.push_back(gate);
        }
        Connect(m_sender, m_receiver, "Sandia", 3 * CELL);
        // Bursts of 1-40 cells per VC at random instants over 2 ms.
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(seed);
        std::vector<std::pair<Time, uint32_t>> arrivals;
        for (uint32_t burst = 0; burst < 40; ++burst)
        {
            const Time at = NanoSeconds(u->GetInteger(0, 2000000));
            const uint32_t vc = u->GetInteger(0, N_VCS - 1);
            const uint32_t cells = u->GetInteger(1, 40);
            for (uint32_t i = 0; i < cells; ++i)
            {
                arrivals.emplace_back(at + i * CELL, vc);
            }
        }
        std::stable_sort(arrivals.begin(), arrivals.end());
        for (const auto& [at, vc] : arrivals)
        {
            m_sender->Inject(MakeCell(0, static_cast<uint16_t>(32 + vc)), vc, at);
        }
        m_observed.injected = arrivals.size();
        port->TraceConnectWithoutContext("CellDequeue", MakeCallback(&GateBench::OnDequeue, this));
    }

    /// @return what the run observed (runs the simulation once, to the end)
    Observed Run()
    {
        Simulator::Run();
        Ptr<AtmCellTransmitter> tx = m_sender->GetTransmitter();
        m_observed.received = m_receiver->GetReceived().size();
        m_observed.emptySlots = tx->GetSlotEvents() - tx->GetCellsSent();
        for (const Ptr<AtmPortGate>& gate : m_gates)
        {
            m_observed.holds += gate->GetHolds();
        }
        Simulator::Destroy();
        return m_observed;
    }

  private:
    /**
     * @brief The port chose a cell (the gates have released what was due, and are told about
     *        the cell only after this).
     * @param cell the cell
     */
    void OnDequeue(const AtmCell& cell)
    {
        const Time now = Simulator::Now();
        Ptr<AtmOutputPort> port = m_sender->GetTransmitter()->GetPort();
        m_observed.departures.emplace_back(now.GetNanoSeconds(), cell.vc);
        uint32_t bits = 0;
        for (const Ptr<AtmPortGate>& gate : m_gates)
        {
            bits |= gate->GetHolder();
            m_observed.earlyDepartures += gate->GetEarliestStart() > now ? 1 : 0;
            m_observed.pastReleases += gate->GetNextRelease() <= now ? 1 : 0;
        }
        m_observed.heldDepartures +=
            port->GetQueueHolders(port->GetState().GetVcQueue(cell.vc)) != 0;
        for (uint32_t vc = 0; vc < N_VCS; ++vc)
        {
            m_observed.foreignBits +=
                (port->GetQueueHolders(port->GetState().GetVcQueue(vc)) & ~bits) != 0;
        }
    }

    Ptr<CellProbeDevice> m_sender;         //!< gated sender
    Ptr<LateCreditProbe> m_receiver;       //!< far end
    std::vector<Ptr<AtmPortGate>> m_gates; //!< the gates
    Observed m_observed;                   //!< what the run saw
};

/**
 * @ingroup atm-tests
 * The contract of one gate (or of several together on one port), over three seeds.
 */
class AtmPortGateContractTestCase : public TestCase
{
  public:
    /// @param names the gates (TypeId names) installed together
    explicit AtmPortGateContractTestCase(const std::vector<std::string>& names)
        : TestCase(Describe(names)),
          m_names(names)
    {
    }

  private:
    /// @param names gate names @return the case name
    static std::string Describe(const std::vector<std::string>& names)
    {
        std::string s;
        for (const std::string& n : names)
        {
            s += (s.empty() ? "" : " + ") + n;
        }
        return s + ": no cell leaves a held queue or before the earliest start, own holder bit "
                   "only, no release left in the past, every cell leaves once, deterministic";
    }

    void DoRun() override
    {
        for (uint32_t seed = 1; seed <= 3; ++seed)
        {
            const Observed a = GateBench(m_names, seed).Run();
            const std::string s = " (seed " + std::to_string(seed) + ")";
            NS_TEST_ASSERT_MSG_GT(a.holds,
                                  0U,
                                  "the gates must hold queues for the case to mean something" << s);
            NS_TEST_ASSERT_MSG_EQ(a.heldDepartures, 0U, "cells that left a held queue" << s);
            NS_TEST_ASSERT_MSG_EQ(a.earlyDepartures,
                                  0U,
                                  "cells that left before a gate's earliest start" << s);
            NS_TEST_ASSERT_MSG_EQ(a.foreignBits, 0U, "holder bits of no gate of the port" << s);
            NS_TEST_ASSERT_MSG_EQ(a.pastReleases,
                                  0U,
                                  "a gate kept a release in the past pending" << s);
            NS_TEST_ASSERT_MSG_EQ(a.departures.size(),
                                  a.injected,
                                  "every offered cell left, once" << s);
            NS_TEST_ASSERT_MSG_EQ(a.received, a.injected, "every cell reached the far end" << s);
            // Lazy releases: a slot that sends nothing is due to a release or an arrival, never
            // to a gate polled in vain.
            NS_TEST_ASSERT_MSG_LT_OR_EQ(a.emptySlots,
                                        a.holds + a.injected,
                                        "empty slot events" << s);
            const Observed b = GateBench(m_names, seed).Run();
            NS_TEST_ASSERT_MSG_EQ((a.departures == b.departures),
                                  true,
                                  "same departures in a second run" << s);
        }
    }

    std::vector<std::string> m_names; //!< the gates
};

/**
 * @ingroup atm-tests
 * Every constructible AtmPortGate subclass has a configuration in GateSetups().
 */
class AtmPortGateRegistryTestCase : public TestCase
{
  public:
    AtmPortGateRegistryTestCase()
        : TestCase("Every registered AtmPortGate has a contract configuration in this suite")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<TypeId> gates = ConstructibleSubclasses(AtmPortGate::GetTypeId());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(gates.size(), 2U, "credits and shaping are registered gates");
        for (const TypeId& tid : gates)
        {
            NS_TEST_ASSERT_MSG_EQ(GateSetups().count(tid.GetName()),
                                  1U,
                                  "gate " << tid.GetName()
                                          << " has no entry in GateSetups() of "
                                             "atm-port-gate-contract-test-suite.cc: add one that "
                                             "makes it hold queues");
        }
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The gate contract suite.
 */
class AtmPortGateContractTestSuite : public TestSuite
{
  public:
    AtmPortGateContractTestSuite()
        : TestSuite("atm-port-gate-contract", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmPortGateRegistryTestCase(), ATM_TEST_QUICK);
        std::vector<std::string> all;
        for (const TypeId& tid : ConstructibleSubclasses(AtmPortGate::GetTypeId()))
        {
            if (GateSetups().count(tid.GetName()) > 0)
            {
                AddTestCase(new AtmPortGateContractTestCase({tid.GetName()}), ATM_TEST_QUICK);
                all.push_back(tid.GetName());
            }
        }
        AddTestCase(new AtmPortGateContractTestCase(all), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmPortGateContractTestSuite g_atmPortGateContractTestSuite;
