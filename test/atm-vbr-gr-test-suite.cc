/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-delay-preset.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/callback.h"
#include "ns3/guaranteed-rate-cell-scheduler.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * System tests of JAIN's VBR background and guaranteed rate (AF-424; IMP section 4) in the
 * N-source topology: what the trunk port sends, slot by slot, while the on/off VBR source is ON,
 * for GR 0 (strict priority), 0.1 and 0.5; the VBR class's queue and losses; and how the
 * results' efficiency accounts for the VBR share. Mechanism only: no published number is
 * asserted here (the validation runner's JAIN-VBR and JAIN-GR targets compare with AF-424).
 */

using namespace ns3;

namespace
{

/// The trunk port's departures and the VBR class's queue, from the port's traces.
struct TrunkTrace
{
    Ptr<AtmOutputPort> port;      //!< s0's trunk port
    uint32_t vbrVc{0};            //!< the VBR PVC's port-wide VC index at it
    std::vector<int64_t> vbrNs;   //!< departure times (ns) of VBR cells
    std::vector<int64_t> ubrNs;   //!< departure times (ns) of UBR cells
    uint64_t otherCategory{0};    //!< departures of any other category (none expected)
    uint64_t vbrLabelMismatch{0}; //!< VBR-category departures on another VC than the VBR PVC's
    uint32_t vbrQueuePeak{0};     //!< most VBR cells queued at once
    uint64_t vbrDrops{0};         //!< CellDrop of VBR cells
    uint64_t ubrDrops{0};         //!< CellDrop of UBR cells

    /// @param cell a departing cell (CellDequeue)
    void Dequeue(const AtmCell& cell)
    {
        const AtmServiceCategory c = port->GetState().GetVcServiceCategory(cell.vc);
        const int64_t now = Simulator::Now().GetNanoSeconds();
        if (c == AtmServiceCategory::NRT_VBR)
        {
            vbrNs.push_back(now);
            vbrLabelMismatch += (cell.vc != vbrVc) ? 1 : 0;
        }
        else if (c == AtmServiceCategory::UBR)
        {
            ubrNs.push_back(now);
        }
        else
        {
            ++otherCategory;
        }
    }

    /// @param cell a stored cell (CellEnqueue)
    void Enqueue(const AtmCell& cell)
    {
        if (cell.vc == vbrVc)
        {
            const AtmPortState& s = port->GetState();
            vbrQueuePeak = std::max(vbrQueuePeak, s.GetQueueCells(s.GetVcQueue(vbrVc)));
        }
    }

    /// @param cell a dropped cell (CellDrop) @param reason its reason
    void Drop(const AtmCell& cell, const char* reason)
    {
        if (port->GetState().GetVcServiceCategory(cell.vc) == AtmServiceCategory::NRT_VBR)
        {
            ++vbrDrops;
        }
        else
        {
            ++ubrDrops;
        }
    }

    /**
     * @param v sorted departure times
     * @param from start (ns, included)
     * @param to end (ns, excluded)
     * @return departures in [from, to)
     */
    static uint64_t CountIn(const std::vector<int64_t>& v, int64_t from, int64_t to)
    {
        return static_cast<uint64_t>(std::lower_bound(v.begin(), v.end(), to) -
                                     std::lower_bound(v.begin(), v.end(), from));
    }

    /// A run of VBR departures with no gap longer than a few milliseconds.
    struct Burst
    {
        int64_t first;  //!< first departure (ns)
        int64_t last;   //!< last departure (ns)
        uint64_t cells; //!< VBR cells in it
    };

    /// @return the VBR bursts as seen on the trunk (gaps of more than 5 ms separate them)
    std::vector<Burst> Bursts() const
    {
        std::vector<Burst> out;
        for (int64_t t : vbrNs)
        {
            if (out.empty() || t - out.back().last > 5000000)
            {
                out.push_back({t, t, 0});
            }
            out.back().last = t;
            ++out.back().cells;
        }
        return out;
    }
};

/// One AF-424 configuration of the N-source topology.
struct VbrRun
{
    double gr{0};                      //!< the UBR class's guaranteed rate
    Time on{MilliSeconds(300)};        //!< VBR ON (= OFF) period
    Time duration{MilliSeconds(1200)}; //!< simulated time
    uint32_t vbrBufferCells{1000000};  //!< the VBR class's buffer
};

/// What a run produced.
struct VbrOutcome
{
    AtmNSourceResults results;  //!< the helper's metrics
    TrunkTrace trace;           //!< the trunk port, cell by cell
    double cellsPerSecond{0};   //!< the link (and trunk) cell rate
    uint64_t slotsInRun{0};     //!< trunk slots in [0, duration)
    uint64_t vbrOffered{0};     //!< cells the VBR source handed to its adapter
    uint32_t onPeriods{0};      //!< ON periods begun
    AtmVcLedger vbrLedger;      //!< the VBR PVC's ledger at the end
    double maxGoodputMbps{0};   //!< C without VBR (AtmNSourceTopology::maxGoodputMbps)
    uint64_t vbrQueuedAtEnd{0}; //!< VBR cells still in the trunk port at the end
};

/**
 * @brief JAIN's LAN (3 x 5 us links, 155.52 Mb/s raw), 5 SACK sources with MSS 512 and 64 KB
 * windows, 1000-cell UBR buffer under Selective Drop, plus the on/off VBR source and GR.
 * @param run the configuration
 * @return the outcome
 */
VbrOutcome
RunVbr(const VbrRun& run)
{
    TcpEraPresets tcp = TcpEraPresets::ForSource("jain");
    tcp.SetVariant(TcpEraPresets::SACK);
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(5);
    nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
    nsrc.SetDelays(AtmDelayPreset::Get("lan"));
    nsrc.SetBufferCells(1000);
    nsrc.SetBufferPolicy("sd");
    nsrc.SetTcp(tcp);
    nsrc.SetVbrSource(run.on, run.on);
    nsrc.SetGuaranteedRate(run.gr);
    nsrc.SetVbrBufferCells(run.vbrBufferCells);
    const AtmNSourceTopology t = nsrc.Install();
    AtmNSourceTraffic traffic;
    traffic.Install(t, Seconds(0), run.duration, MilliSeconds(1));

    VbrOutcome out;
    out.trace.port = t.trunk->GetOutputPort();
    for (const auto& [dev, vc] : t.vbrPvc.forward)
    {
        if (dev == t.trunk)
        {
            out.trace.vbrVc = vc;
        }
    }
    out.trace.port->TraceConnectWithoutContext("CellDequeue",
                                               MakeCallback(&TrunkTrace::Dequeue, &out.trace));
    out.trace.port->TraceConnectWithoutContext("CellEnqueue",
                                               MakeCallback(&TrunkTrace::Enqueue, &out.trace));
    out.trace.port->TraceConnectWithoutContext("CellDrop",
                                               MakeCallback(&TrunkTrace::Drop, &out.trace));
    Simulator::Stop(run.duration);
    Simulator::Run();
    out.results = traffic.GetResults();
    out.cellsPerSecond = AtmCellRate("OC3cRaw").GetCellsPerSecond();
    out.slotsInRun = t.trunk->GetTransmitter()->GetClock().GetSlotsIn(Time(), run.duration);
    out.vbrOffered = t.vbrSource->GetCellsOffered();
    out.onPeriods = t.vbrSource->GetOnPeriods();
    out.vbrLedger = AtmPvcHelper::GetLedger(t.vbrPvc, true);
    out.maxGoodputMbps = t.maxGoodputMbps;
    out.vbrQueuedAtEnd = out.trace.port->GetState().GetVcCells(out.trace.vbrVc);
    Simulator::Destroy();
    return out;
}

/// @param t a time @return it in ns
int64_t
Ns(Time t)
{
    return t.GetNanoSeconds();
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief GR 0: the VBR class has strict priority; while the source is ON it has every trunk slot
 * and no UBR cell leaves the trunk port.
 */
class AtmVbrStrictPriorityTestCase : public TestCase
{
  public:
    AtmVbrStrictPriorityTestCase()
        : TestCase("GR 0, VBR 300 ms on and off, 1.2 s: each VBR burst on the trunk takes every "
                   "slot of its 300 ms, no UBR cell departs inside it, UBR gets the slots "
                   "between bursts; the source offers 100 percent of its link when ON")
    {
    }

  private:
    void DoRun() override
    {
        VbrRun run;
        run.gr = 0;
        const VbrOutcome o = RunVbr(run);
        const TrunkTrace& tr = o.trace;
        NS_TEST_ASSERT_MSG_EQ(tr.otherCategory, 0U, "only UBR and VBR cells on the trunk");
        NS_TEST_ASSERT_MSG_EQ(tr.vbrLabelMismatch, 0U, "VBR cells are the VBR PVC's");
        const double slotNs = 1e9 / o.cellsPerSecond;
        const auto bursts = tr.Bursts();
        // ON periods start at 0 and 600 ms: two bursts in 1.2 s.
        NS_TEST_ASSERT_MSG_EQ(bursts.size(), 2U, "one burst per ON period");
        NS_TEST_ASSERT_MSG_EQ(o.onPeriods, 2U, "ON periods begun");
        const double onCells = o.cellsPerSecond * run.on.GetSeconds();
        for (uint32_t b = 0; b < bursts.size(); ++b)
        {
            const auto& burst = bursts[b];
            const double span = (burst.last - burst.first) / slotNs + 1; // slots, both included
            NS_TEST_ASSERT_MSG_EQ_TOL(span,
                                      static_cast<double>(burst.cells),
                                      0.5,
                                      "burst " << b << ": a VBR cell in every slot it spans");
            NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(burst.cells),
                                      onCells,
                                      2.0,
                                      "burst " << b << ": the ON period's cells");
            NS_TEST_ASSERT_MSG_EQ(TrunkTrace::CountIn(tr.ubrNs, burst.first, burst.last + 1),
                                  0U,
                                  "burst " << b << ": no UBR departure while VBR is ON");
            // The burst starts as the source's cells reach s0: a 5 us access link and a few
            // cell times of transmission and switching.
            const int64_t onStart = Ns(2 * b * run.on);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(burst.first, onStart, "burst " << b << " start");
            NS_TEST_ASSERT_MSG_LT(burst.first, onStart + 20000, "burst " << b << " start");
        }
        // Between the bursts the trunk is the UBR class's: the TCPs use the OFF period.
        const uint64_t ubrOff = TrunkTrace::CountIn(tr.ubrNs, bursts[0].last, bursts[1].first);
        NS_TEST_ASSERT_MSG_GT(ubrOff, 0.5 * onCells, "UBR cells between the bursts");
        NS_TEST_ASSERT_MSG_EQ(TrunkTrace::CountIn(tr.vbrNs, bursts[0].last + 1, bursts[1].first),
                              0U,
                              "no VBR cell between the bursts");
        // The source offers the whole link during ON (the last SDU is cut at the period's end).
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(o.vbrOffered),
                                  2 * onCells,
                                  4.0,
                                  "cells offered = two ON periods at the link rate");
        NS_TEST_ASSERT_MSG_EQ(o.results.vbrCellsDropped, 0U, "no VBR loss");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(tr.vbrQueuePeak, 2U, "VBR never queues at GR 0");
        NS_TEST_ASSERT_MSG_EQ(o.results.ledgersHold, true, "ledgers (TCP PVCs and VBR)");
        NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.Holds(), true, "VBR ledger");
        NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.delivered, o.results.vbrCellsDelivered, "delivered");
        NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.dropped, 0U, "VBR ledger: nothing dropped");
    }
};

/**
 * @ingroup atm-tests
 * @brief GR > 0: during ON the UBR class gets the fraction GR of the trunk's slots, the VBR
 * class the rest; VBR cells queue (none lost in the large class buffer) and drain after ON.
 */
class AtmVbrGuaranteedRateTestCase : public TestCase
{
  public:
    /// @param gr the guaranteed rate
    AtmVbrGuaranteedRateTestCase(double gr)
        : TestCase("GR " + std::to_string(gr).substr(0, 3) +
                   ", VBR 300 ms on and off, 1.2 s: UBR gets GR of the trunk slots during ON "
                   "within 1 percent, VBR 1 - GR; the VBR queue peaks at GR x the ON period's "
                   "cells, drains at 1 - GR after it, loses nothing"),
          m_gr(gr)
    {
    }

  private:
    void DoRun() override
    {
        VbrRun run;
        run.gr = m_gr;
        const VbrOutcome o = RunVbr(run);
        const TrunkTrace& tr = o.trace;
        NS_TEST_ASSERT_MSG_EQ(tr.otherCategory, 0U, "only UBR and VBR cells on the trunk");
        NS_TEST_ASSERT_MSG_EQ(tr.vbrLabelMismatch, 0U, "VBR cells are the VBR PVC's");
        const double slotNs = 1e9 / o.cellsPerSecond;
        const double onCells = o.cellsPerSecond * run.on.GetSeconds();

        // The second ON period, [600, 900) ms, after the TCPs have filled their windows; skip
        // its first millisecond (the first VBR cells are on the access link).
        const int64_t from = Ns(MilliSeconds(601));
        const int64_t to = Ns(MilliSeconds(900));
        const uint64_t ubr = TrunkTrace::CountIn(tr.ubrNs, from, to);
        const uint64_t vbr = TrunkTrace::CountIn(tr.vbrNs, from, to);
        const double slots = (to - from) / slotNs;
        NS_TEST_ASSERT_MSG_EQ_TOL((ubr + vbr) / slots,
                                  1.0,
                                  1e-4,
                                  "the trunk is busy in every slot");
        const double ubrShare = static_cast<double>(ubr) / (ubr + vbr);
        NS_TEST_ASSERT_MSG_EQ_TOL(ubrShare,
                                  m_gr,
                                  0.01 * m_gr,
                                  "UBR's share of the slots during ON");
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(vbr) / (ubr + vbr),
                                  1 - m_gr,
                                  0.01 * m_gr,
                                  "VBR's share during ON");
        // Every 1/GR slots: UBR gets floor(N x GR) of N, exactly, when both are backlogged.
        const uint64_t n = ubr + vbr;
        const long long excess =
            std::llabs(static_cast<long long>(ubr) - static_cast<long long>(std::floor(n * m_gr)));
        NS_TEST_ASSERT_MSG_LT_OR_EQ(excess, 2LL, "UBR cells = floor(N x GR) within 2");

        // VBR queues during ON: it gets 1 - GR of the link while it offers all of it, so
        // GR x (ON cells) accumulate; with 10^6 cells of class buffer none is lost.
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(tr.vbrQueuePeak),
                                  m_gr * onCells,
                                  0.01 * m_gr * onCells,
                                  "VBR queue peak");
        NS_TEST_ASSERT_MSG_EQ(o.results.vbrCellsDropped, 0U, "no VBR loss");
        NS_TEST_ASSERT_MSG_EQ(tr.vbrDrops, 0U, "no VBR drop traced");
        // ... and drain after ON at 1 - GR: the GR x (ON cells) left at 900 ms depart within
        // GR x ON / (1 - GR) (GR 0.5: the whole OFF period, VBR smoothed to a steady half).
        const int64_t onEnd = Ns(MilliSeconds(900));
        const int64_t runEnd = Ns(run.duration);
        const int64_t drainEnd = std::min<int64_t>(
            runEnd,
            onEnd + static_cast<int64_t>(std::llround(Ns(run.on) * m_gr / (1 - m_gr))));
        const uint64_t drained = TrunkTrace::CountIn(tr.vbrNs, onEnd, runEnd);
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(drained),
                                  m_gr * onCells,
                                  0.01 * m_gr * onCells,
                                  "VBR cells departing after the ON period");
        NS_TEST_ASSERT_MSG_EQ_TOL(
            static_cast<double>(TrunkTrace::CountIn(tr.ubrNs, onEnd, drainEnd)),
            m_gr * (drainEnd - onEnd) / slotNs,
            0.01 * m_gr * (drainEnd - onEnd) / slotNs + 2,
            "UBR keeps GR while VBR drains");
        const int64_t lastVbr = *(std::lower_bound(tr.vbrNs.begin(), tr.vbrNs.end(), runEnd) - 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(lastVbr),
                                  static_cast<double>(drainEnd),
                                  0.01 * Ns(run.on),
                                  "the VBR queue empties GR x ON / (1 - GR) after ON");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(o.vbrQueuedAtEnd, 2U, "nothing left queued");
        NS_TEST_ASSERT_MSG_EQ(o.results.ledgersHold, true, "ledgers (TCP PVCs and VBR)");
        NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.Holds(), true, "VBR ledger");
        NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.dropped, 0U, "VBR ledger: nothing dropped");
    }

    double m_gr; //!< GR
};

/**
 * @ingroup atm-tests
 * @brief The results: the VBR share is the VBR cells the trunk sent per slot, and the efficiency
 * is measured against C x (1 - that share); TCP losses exclude the VBR source's.
 */
class AtmVbrResultsTestCase : public TestCase
{
  public:
    AtmVbrResultsTestCase()
        : TestCase("Results with VBR: vbrShare = VBR departures on the trunk per slot, "
                   "maxGoodputMbps = C x (1 - vbrShare), efficiency = sum of goodputs over it; a "
                   "2000-cell VBR buffer at GR 0.5 loses VBR cells, counted apart from the TCP "
                   "losses")
    {
    }

  private:
    void DoRun() override
    {
        for (const uint32_t vbrBuffer : {1000000U, 2000U})
        {
            VbrRun run;
            run.gr = 0.5;
            run.vbrBufferCells = vbrBuffer;
            const VbrOutcome o = RunVbr(run);
            const AtmNSourceResults& r = o.results;
            const std::string what = "VBR buffer " + std::to_string(vbrBuffer) + ": ";
            NS_TEST_ASSERT_MSG_EQ_TOL(r.vbrShare,
                                      static_cast<double>(o.trace.vbrNs.size()) / o.slotsInRun,
                                      1e-12,
                                      what << "vbrShare");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.maxGoodputMbps,
                                      o.maxGoodputMbps * (1 - r.vbrShare),
                                      1e-9,
                                      what << "C x (1 - vbrShare)");
            double total = 0;
            for (double x : r.goodputMbps)
            {
                total += x;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(r.efficiency, total / r.maxGoodputMbps, 1e-12, what);
            NS_TEST_ASSERT_MSG_GT(r.efficiency, 0.5, what << "the TCPs use their share");
            NS_TEST_ASSERT_MSG_LT(r.efficiency, 1.0, what << "below C x (1 - vbrShare)");
            // Drops: the trunk port is the only congested one; its VBR and UBR drops are the
            // results' vbrCellsDropped and cellsDropped.
            NS_TEST_ASSERT_MSG_EQ(r.vbrCellsDropped, o.trace.vbrDrops, what << "VBR drops");
            NS_TEST_ASSERT_MSG_EQ(r.cellsDropped, o.trace.ubrDrops, what << "TCP drops");
            NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.Holds(), true, what << "VBR ledger");
            NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.offered, o.vbrOffered, what << "offered");
            NS_TEST_ASSERT_MSG_EQ(o.vbrLedger.delivered, r.vbrCellsDelivered, what);
            NS_TEST_ASSERT_MSG_EQ(r.ledgersHold, true, what << "ledgers");
            if (vbrBuffer == 2000U)
            {
                // About GR x ON cells per ON period would queue; the class buffer holds 2000.
                NS_TEST_ASSERT_MSG_GT(r.vbrCellsDropped, 40000U, what << "VBR loses cells");
                NS_TEST_ASSERT_MSG_EQ(o.trace.vbrQueuePeak, 2000U, what << "buffer full");
                // The ledger's drops also count the surviving cells of the damaged 32-cell SDUs,
                // which the reassembler discards (vbrCellsDelivered counts intact SDUs only).
                NS_TEST_ASSERT_MSG_GT(o.vbrLedger.dropped, r.vbrCellsDropped, what);
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(r.vbrCellsDropped, 0U, what << "no VBR loss");
                // GR 0.5: the VBR source is smoothed to a steady half of the link.
                NS_TEST_ASSERT_MSG_EQ_TOL(r.vbrShare, 0.5, 1e-3, what << "steady 50 percent");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The scheduler the helper installs: GuaranteedRateCellScheduler with the GR asked for,
 * at the trunk port, with per-class queues.
 */
class AtmVbrPortConfigurationTestCase : public TestCase
{
  public:
    AtmVbrPortConfigurationTestCase()
        : TestCase("The helper's ports with a VBR source: GuaranteedRateCellScheduler with GR "
                   "0.1 in parts per 10^9, guaranteed class UBR, VBR and UBR in separate queues")
    {
    }

  private:
    void DoRun() override
    {
        AtmNSourceHelper nsrc;
        nsrc.SetNSources(2);
        nsrc.SetLinkRate(AtmCellRate("OC3cRaw"));
        nsrc.SetVbrSource(MilliSeconds(50), MilliSeconds(50));
        nsrc.SetGuaranteedRate(0.1);
        const AtmNSourceTopology t = nsrc.Install();
        Ptr<AtmOutputPort> port = t.trunk->GetOutputPort();
        PointerValue scheduler;
        port->GetAttribute("CellScheduler", scheduler);
        Ptr<GuaranteedRateCellScheduler> gr =
            DynamicCast<GuaranteedRateCellScheduler>(scheduler.Get<AtmCellScheduler>());
        NS_TEST_ASSERT_MSG_NE(gr, nullptr, "GuaranteedRateCellScheduler at the trunk port");
        NS_TEST_ASSERT_MSG_EQ(gr->GetGuaranteedRateParts(), 100000000ULL, "GR 0.1");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(gr->GetGuaranteedCategory()),
                              static_cast<int>(AtmServiceCategory::UBR),
                              "UBR guaranteed");
        uint32_t vbrVc = 0;
        for (const auto& [dev, vc] : t.vbrPvc.forward)
        {
            if (dev == t.trunk)
            {
                vbrVc = vc;
            }
        }
        const AtmPortState& s = port->GetState();
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(s.GetVcServiceCategory(vbrVc)),
                              static_cast<int>(AtmServiceCategory::NRT_VBR),
                              "the VBR PVC is nrt-VBR");
        for (uint32_t i = 0; i < 2; ++i)
        {
            for (const auto& [dev, vc] : t.pvcs[i].forward)
            {
                if (dev == t.trunk)
                {
                    NS_TEST_ASSERT_MSG_EQ(static_cast<int>(s.GetVcServiceCategory(vc)),
                                          static_cast<int>(AtmServiceCategory::UBR),
                                          "TCP PVC " << i << " is UBR");
                    NS_TEST_ASSERT_MSG_NE(s.GetVcQueue(vc), s.GetVcQueue(vbrVc), "own queue");
                }
            }
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-vbr-gr test suite.
 */
class AtmVbrGrTestSuite : public TestSuite
{
  public:
    AtmVbrGrTestSuite()
        : TestSuite("atm-vbr-gr", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmVbrPortConfigurationTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmVbrStrictPriorityTestCase, ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVbrGuaranteedRateTestCase(0.1), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVbrGuaranteedRateTestCase(0.5), ATM_TEST_EXTENSIVE);
        AddTestCase(new AtmVbrResultsTestCase, ATM_TEST_EXTENSIVE);
    }
};

static AtmVbrGrTestSuite g_atmVbrGrTestSuite; //!< static instance registering the suite
