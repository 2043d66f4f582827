/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Link faults on AtmChannel with cell-level sources: the HEC receiver on a scripted error
 * sequence (and the idle-cell resync after an empty slot), payload errors against the AAL5 CRC-32
 * (metadata and byte mode), and outages with an exact, hand-computed count of lost cells.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-reassembler.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <map>
#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// An error model that impairs the headers as a script says (then error-free), no draw.
class ScriptedHeaderErrors : public AtmCellErrorModel
{
  public:
    AtmCellImpairment Draw(const AtmCell& /* cell */) override
    {
        AtmCellImpairment imp;
        if (next < script.size())
        {
            imp.headerBitErrors = script[next];
        }
        ++next;
        return imp;
    }

    std::vector<uint8_t> script; //!< errored header bits of cell 0, 1, 2, ...
    uint32_t next{0};            //!< cells drawn
};

/// Counts what a channel traces, by sending end and reason.
struct FaultTraceCounter
{
    /**
     * @brief Connect to both traces.
     * @param link the channel
     */
    void Attach(Ptr<AtmChannel> link)
    {
        link->TraceConnectWithoutContext("CellLoss", MakeCallback(&FaultTraceCounter::Loss, this));
        link->TraceConnectWithoutContext("CellImpaired",
                                         MakeCallback(&FaultTraceCounter::Impaired, this));
    }

    /// "CellLoss" sink. @param end sending end @param cell the cell @param reason the reason
    void Loss(uint32_t end, const AtmCell& cell, const char* reason)
    {
        ++lost[end][reason];
        lostCells.push_back(cell);
    }

    /// "CellImpaired" sink. @param end sending end @param cell the cell @param reason the reason
    void Impaired(uint32_t end, const AtmCell& cell, const char* reason)
    {
        ++impaired[end][reason];
        impairedCells.push_back(cell);
    }

    /**
     * @param link the channel
     * @return true if every trace count equals the channel's counter
     */
    bool MatchesCounters(Ptr<AtmChannel> link) const
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            uint64_t sum = 0;
            for (const char* r : {AtmChannel::LINK_DOWN,
                                  AtmChannel::RANDOM_LOSS,
                                  AtmChannel::HEC_MULTI_BIT,
                                  AtmChannel::HEC_DETECTION_MODE})
            {
                const auto it = lost[end].find(r);
                const uint64_t n = it == lost[end].end() ? 0 : it->second;
                if (n != link->GetCellsLost(end, r))
                {
                    return false;
                }
                sum += n;
            }
            if (sum != link->GetCellsLost(end))
            {
                return false;
            }
            const auto c = impaired[end].find(AtmChannel::HEC_CORRECTED);
            const auto p = impaired[end].find(AtmChannel::PAYLOAD_ERROR);
            if ((c == impaired[end].end() ? 0 : c->second) != link->GetHecCorrected(end) ||
                (p == impaired[end].end() ? 0 : p->second) != link->GetPayloadCorrupted(end))
            {
                return false;
            }
        }
        return true;
    }

    std::map<const char*, uint64_t> lost[2];     //!< losses by end and reason
    std::map<const char*, uint64_t> impaired[2]; //!< impairments by end and reason
    std::vector<AtmCell> lostCells;              //!< every lost cell
    std::vector<AtmCell> impairedCells;          //!< every impaired cell
};

/// A cell-level frame source: @c count SDUs of @c bytes, the first 4 bytes its sequence number.
struct SequencedSource
{
    /// @return the next SDU, or null when all were handed out
    Ptr<Packet> Next()
    {
        if (sent == count)
        {
            return nullptr;
        }
        std::vector<uint8_t> b(bytes, 0);
        for (int i = 0; i < 4; ++i)
        {
            b[i] = static_cast<uint8_t>(sent >> (24 - 8 * i));
        }
        ++sent;
        return Create<Packet>(b.data(), bytes);
    }

    /**
     * @param sdu an SDU of this source
     * @return its sequence number
     */
    static uint32_t Seq(Ptr<const Packet> sdu)
    {
        uint8_t b[4];
        sdu->CopyData(b, 4);
        return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
    }

    uint32_t count{0};  //!< SDUs to send
    uint32_t bytes{40}; //!< SDU size (40: one cell)
    uint32_t sent{0};   //!< SDUs handed out
};

/// Two adapters on one link with a PVC between them, cell-level traffic from a to b.
struct DirectLink
{
    /**
     * @brief Build it.
     * @param rate the link's CellRate
     * @param delay its Delay
     */
    DirectLink(const std::string& rate, Time delay)
    {
        nodes.Create(2);
        AtmHelper atm;
        atm.SetChannelAttribute("CellRate", StringValue(rate));
        atm.SetChannelAttribute("Delay", TimeValue(delay));
        NetDeviceContainer devs = atm.Install(nodes.Get(0), nodes.Get(1));
        AtmPvcHelper pvcs;
        pvc = pvcs.Install(devs.Get(0), devs.Get(1), NodeContainer());
        link = pvc.src->GetAtmChannel();
    }

    /**
     * @brief Send the source's frames from the PVC's source end, starting at 0.
     * @param source the source (must outlive the run)
     */
    void Start(SequencedSource* source)
    {
        pvc.src->SetVcFrameSource(pvc.srcVc, MakeCallback(&SequencedSource::Next, source));
        pvc.dst->SetVcNonIp(pvc.dstVc);
        Simulator::ScheduleWithContext(nodes.Get(0)->GetId(),
                                       Seconds(0),
                                       &AtmNetDevice::WakeVc,
                                       pvc.src,
                                       pvc.srcVc);
    }

    NodeContainer nodes;  //!< a, b
    AtmPvc pvc;           //!< the PVC
    Ptr<AtmChannel> link; //!< the link
};

/**
 * @ingroup atm-tests
 * The HEC of a receiving end on a scripted sequence, in the simulator.
 */
class AtmFaultHecLinkTestCase : public TestCase
{
  public:
    AtmFaultHecLinkTestCase()
        : TestCase("On a link, single-bit header errors are corrected and the cells delivered, "
                   "multi-bit ones discarded, detection mode discards exactly the errored "
                   "headers that follow an error, and an idle slot returns to correction mode")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CellProbeDevice> a = CreateObject<CellProbeDevice>();
        Ptr<CellProbeDevice> b = CreateObject<CellProbeDevice>();
        Ptr<AtmChannel> link = CreateObject<AtmChannel>();
        link->SetAttribute("CellRate", StringValue("100000")); // 10 us per cell
        a->Attach(link);
        b->Attach(link);
        Ptr<ScriptedHeaderErrors> model = CreateObject<ScriptedHeaderErrors>();
        // Cells 0..15 back to back (the sequence of the atm-fault-hec unit test), then cell 16
        // (two errors) back to back, and after an idle slot cell 17 (one error).
        model->script = {0, 1, 0, 1, 1, 0, 2, 0, 2, 1, 0, 0, 40, 3, 0, 1, 2, 1};
        link->SetErrorModel(0, model);
        FaultTraceCounter traces;
        traces.Attach(link);
        const uint32_t va = a->AddVc();
        for (uint16_t i = 0; i < 17; ++i)
        {
            a->Inject(MakeCell(0, 100 + i), va, Seconds(0));
        }
        // Cells 0..16 leave in slots 1..17 (170 us); cell 17 is offered at 200 us.
        a->Inject(MakeCell(0, 117), va, MicroSeconds(200));
        Simulator::Run();

        std::vector<uint16_t> got;
        for (const auto& rx : b->GetReceived())
        {
            got.push_back(rx.cell.vci - 100);
        }
        // By hand: 4, 9, 13 discarded in detection mode; 6, 8, 12, 16 multi-bit (16 follows
        // cell 15's correction: detection mode, so a detection discard); 17 after an idle slot
        // is corrected.
        const std::vector<uint16_t> expected = {0, 1, 2, 3, 5, 7, 10, 11, 14, 15, 17};
        NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), "cells delivered");
        for (uint32_t i = 0; i < expected.size() && i < got.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(got[i], expected[i], "delivered cell " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(link->GetHecCorrected(0), 4U, "corrected: cells 1, 3, 15, 17");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsLost(0, AtmChannel::HEC_MULTI_BIT),
                              3U,
                              "multi-bit in correction mode: cells 6, 8, 12");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsLost(0, AtmChannel::HEC_DETECTION_MODE),
                              4U,
                              "detection mode: cells 4, 9, 13, 16");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsLost(0), 7U, "all losses");
        NS_TEST_ASSERT_MSG_EQ(link->GetCellsLost(1), 0U, "nothing sent the other way");
        NS_TEST_ASSERT_MSG_EQ(link->GetVcCellsLost(0, va), 7U, "losses of the sender's VC");
        NS_TEST_ASSERT_MSG_EQ(traces.MatchesCounters(link), true, "traces == counters");
        NS_TEST_ASSERT_MSG_EQ(link->GetHecReceiver(0).GetMode(),
                              AtmHecReceiver::DETECTION,
                              "after cell 17's correction");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Payload bit errors against the AAL5 CRC-32.
 */
class AtmFaultPayloadTestCase : public TestCase
{
  public:
    /// @param verifyBytes run the reassembler in byte mode (the real CRC-32)
    AtmFaultPayloadTestCase(bool verifyBytes)
        : TestCase(std::string("Payload bit errors make the AAL5 CRC-32 drop exactly the frames "
                               "with an errored cell (") +
                   (verifyBytes ? "byte mode" : "metadata mode") + ")"),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        DirectLink net("100000", MicroSeconds(100));
        net.pvc.dst->GetReassembler()->SetAttribute("VerifyBytes", BooleanValue(m_verifyBytes));
        Ptr<AtmCellErrorModel> model = CreateObject<AtmCellErrorModel>();
        model->SetAttribute("PayloadBitErrorRate", DoubleValue(1e-3)); // ~32 % of the cells
        net.link->SetAttribute("ErrorModel", PointerValue(model));
        net.link->AssignStreams(3);
        FaultTraceCounter traces;
        traces.Attach(net.link);
        std::set<uint32_t> delivered;
        net.pvc.dst->TraceConnectWithoutContext(
            "FrameRx",
            MakeCallback(+[](std::set<uint32_t>* d, uint32_t, Ptr<const Packet> sdu) {
                d->insert(SequencedSource::Seq(sdu));
            }).Bind(&delivered));
        SequencedSource source;
        source.count = 500;
        source.bytes = 150; // 4 cells
        net.Start(&source);
        Simulator::Run();

        std::set<uint32_t> corrupted;
        for (const AtmCell& c : traces.impairedCells)
        {
            NS_TEST_ASSERT_MSG_EQ(c.IsPayloadCorrupted(), true, "the delivered cell is marked");
            corrupted.insert(SequencedSource::Seq(c.frame->GetSdu()));
        }
        NS_TEST_ASSERT_MSG_GT(corrupted.size(), 100U, "enough errored frames to mean something");
        NS_TEST_ASSERT_MSG_LT(corrupted.size(), 400U, "and enough clean ones");
        const Aal5ReassemblyStats& r = net.pvc.dst->GetReassembler()->GetStats(net.pvc.dstVc);
        NS_TEST_ASSERT_MSG_EQ(r.crcErrors, corrupted.size(), "one CRC error per errored frame");
        NS_TEST_ASSERT_MSG_EQ(r.lengthErrors, 0U, "no cell lost: no length error");
        NS_TEST_ASSERT_MSG_EQ(r.framesDelivered + corrupted.size(), 500U, "every frame decided");
        for (uint32_t seq : corrupted)
        {
            NS_TEST_ASSERT_MSG_EQ(delivered.count(seq), 0U, "errored frame " << seq << " dropped");
        }
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), r.framesDelivered, "the others delivered");
        NS_TEST_ASSERT_MSG_EQ(net.link->GetPayloadCorrupted(0),
                              traces.impairedCells.size(),
                              "cells counted");
        NS_TEST_ASSERT_MSG_EQ(traces.MatchesCounters(net.link), true, "traces == counters");
        const AtmVcLedger l = AtmPvcHelper::GetLedger(net.pvc);
        NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "ledger " << l);
        NS_TEST_ASSERT_MSG_EQ(l.dropped, 4 * corrupted.size(), "errored frames' cells dropped");
        Simulator::Destroy();
    }

    bool m_verifyBytes; //!< byte mode
};

/**
 * @ingroup atm-tests
 * Outages: the exact count of lost cells of a back-to-back source.
 */
class AtmFaultLinkDownTestCase : public TestCase
{
  public:
    AtmFaultLinkDownTestCase()
        : TestCase("A link down loses exactly the cells on the wire and those sent while down "
                   "(hand-computed count), overlapping outages merge, and the ledger holds")
    {
    }

  private:
    void DoRun() override
    {
        // 100000 cells/s: slot k starts at k x 10 us exactly; 1 ms of propagation delay.
        DirectLink net("100000", MilliSeconds(1));
        // Down in [20 ms, 25 ms), given as two overlapping outages, and in [30 ms, 30.5 ms).
        net.link->SetLinkDown(MilliSeconds(20), MilliSeconds(3));
        net.link->SetLinkDown(MilliSeconds(22), MilliSeconds(3));
        net.link->SetLinkDown(MilliSeconds(30), MicroSeconds(500));
        NS_TEST_ASSERT_MSG_EQ(net.link->IsUp(MicroSeconds(19999)), true, "up before");
        NS_TEST_ASSERT_MSG_EQ(net.link->IsUp(MilliSeconds(20)), false, "down from 20 ms");
        NS_TEST_ASSERT_MSG_EQ(net.link->IsUp(MicroSeconds(24999)), false, "merged outage");
        NS_TEST_ASSERT_MSG_EQ(net.link->IsUp(MilliSeconds(25)), true, "up at 25 ms");
        FaultTraceCounter traces;
        traces.Attach(net.link);
        std::vector<Time> sent;
        net.pvc.src->GetOutputPort()->TraceConnectWithoutContext(
            "CellDequeue",
            MakeCallback(+[](std::vector<Time>* s, const AtmCell&) {
                s->push_back(Simulator::Now());
            }).Bind(&sent));
        SequencedSource source;
        source.count = 4000; // one cell each, back to back for 40 ms
        net.Start(&source);
        Simulator::Run();

        // A cell sent at t (first bit) is on the wire until t + 10 us + 1 ms (last bit in). It
        // is lost iff that interval meets an outage [down, up): t < up and t + 1010 us > down.
        // By hand: slots k with 18990 < 10 k < 25000, k = 1900..2499: 600 cells; with
        // 28990 < 10 k < 30500, k = 2900..3049: 150 cells. Total 750.
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 4000U, "every cell sent");
        NS_TEST_ASSERT_MSG_LT(sent.front(), MicroSeconds(18990), "sending before the outages");
        NS_TEST_ASSERT_MSG_GT(sent.back(), MicroSeconds(30500), "and after them");
        uint32_t oracle = 0;
        for (uint32_t i = 0; i < sent.size(); ++i)
        {
            const Time t = sent[i];
            const Time in = t + MicroSeconds(1010);
            oracle += ((t < MilliSeconds(25) && in > MilliSeconds(20)) ||
                       (t < MicroSeconds(30500) && in > MilliSeconds(30)))
                          ? 1
                          : 0;
            if (i > 0 && t < MicroSeconds(31000))
            {
                NS_TEST_ASSERT_MSG_EQ(t - sent[i - 1], MicroSeconds(10), "back to back");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(oracle, 750U, "the oracle agrees with the hand count");
        NS_TEST_ASSERT_MSG_EQ(net.link->GetCellsLost(0, AtmChannel::LINK_DOWN), 750U, "lost");
        NS_TEST_ASSERT_MSG_EQ(net.link->GetCellsLost(0), 750U, "no other loss");
        NS_TEST_ASSERT_MSG_EQ(net.link->GetCellsLost(1), 0U, "nothing sent the other way");
        NS_TEST_ASSERT_MSG_EQ(traces.MatchesCounters(net.link), true, "traces == counters");
        const Aal5ReassemblyStats& r = net.pvc.dst->GetReassembler()->GetStats(net.pvc.dstVc);
        NS_TEST_ASSERT_MSG_EQ(r.framesDelivered, 3250U, "the other frames delivered");
        const AtmVcLedger l = AtmPvcHelper::GetLedger(net.pvc);
        NS_TEST_ASSERT_MSG_EQ(l.Holds(), true, "ledger " << l);
        NS_TEST_ASSERT_MSG_EQ(l.linkLost, 750U, "the ledger's link term");
        NS_TEST_ASSERT_MSG_EQ(l.offered, 4000U, "offered");
        Simulator::Destroy();
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The link fault suite.
 */
class AtmFaultLinkTestSuite : public TestSuite
{
  public:
    AtmFaultLinkTestSuite()
        : TestSuite("atm-fault-link", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmFaultHecLinkTestCase(), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultPayloadTestCase(false), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultPayloadTestCase(true), ATM_TEST_QUICK);
        AddTestCase(new AtmFaultLinkDownTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static AtmFaultLinkTestSuite g_atmFaultLinkTestSuite;
