/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Aal5Sender, the send side of an AAL5 adapter: lazy segmentation (one staged cell per VC),
 * cell-by-cell interleaving of VCs, back-to-back PDUs, frame-queue limits and refusals, frame
 * sources, counters and the frame-start callback. The sender runs inside a real adapter
 * (AtmNetDevice) whose far end is a cell probe, so the cells are the ones on the wire.
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-sender.h"
#include "ns3/aal5.h"
#include "ns3/atm-net-device.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Cell time of the bench's link ("Sandia": 2.75 us).
const Time CELL = NanoSeconds(2750);

/// An adapter whose cells go to a probe; its sender is under test.
struct SenderBench
{
    Ptr<AtmNetDevice> nic;           //!< the adapter (owns the sender)
    Ptr<CellProbeDevice> probe;      //!< the far end
    Ptr<Aal5Sender> sender;          //!< nic's sender
    std::vector<uint32_t> starts;    //!< VCs of the frame-start callbacks, in order
    std::vector<uint32_t> maxStaged; //!< per VC: most cells of it in the port at once

    /// @param vcs number of VCs (VPI 0, VCI 32, 33, ...)
    explicit SenderBench(uint32_t vcs)
    {
        nic = CreateObject<AtmNetDevice>();
        probe = CreateObject<CellProbeDevice>();
        Connect(nic, probe, "Sandia", CELL);
        for (uint32_t vc = 0; vc < vcs; ++vc)
        {
            nic->AddVc(0, static_cast<uint16_t>(32 + vc));
        }
        maxStaged.assign(vcs, 0);
        sender = nic->GetSender();
        sender->SetFrameStartCallback(MakeCallback(&SenderBench::OnStart, this));
        nic->GetOutputPort()->TraceConnectWithoutContext(
            "CellEnqueue",
            MakeCallback(&SenderBench::OnEnqueue, this));
    }

    /// @param vc a VC @param sdu its SDU
    void OnStart(uint32_t vc, Ptr<const Packet> sdu)
    {
        starts.push_back(vc);
    }

    /// @param cell a cell stored in the adapter's port
    void OnEnqueue(const AtmCell& cell)
    {
        const uint32_t n = nic->GetOutputPort()->GetVcCellsInQueue(cell.vc);
        maxStaged[cell.vc] = std::max(maxStaged[cell.vc], n);
    }

    /// @param vc a VC @param bytes SDU size @return true if queued
    bool Offer(uint32_t vc, uint32_t bytes)
    {
        if (sender->CheckEnqueue(vc, bytes) != nullptr)
        {
            return false;
        }
        sender->Enqueue(vc, Create<Packet>(bytes));
        return true;
    }

    /// @return the VCI of every cell the probe received, in order
    std::vector<uint16_t> Vcis() const
    {
        std::vector<uint16_t> v;
        for (const auto& rx : probe->GetReceived())
        {
            v.push_back(rx.cell.vci);
        }
        return v;
    }
};

/**
 * @ingroup atm-tests
 * One SDU: segmented lazily into Aal5::CellsForSdu cells, one at a time in the port, EOM last,
 * in consecutive slots, counters and callback.
 */
class Aal5SenderSegmentationTestCase : public TestCase
{
  public:
    Aal5SenderSegmentationTestCase()
        : TestCase("A 1000-byte SDU leaves as 21 cells in 21 consecutive slots, EOM last, with one "
                   "cell of the VC in the port at a time")
    {
    }

  private:
    void DoRun() override
    {
        SenderBench b(1);
        Simulator::Schedule(MicroSeconds(10), [&b]() { b.Offer(0, 1000); });
        Simulator::Run();
        const auto& rx = b.probe->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), Aal5::CellsForSdu(1000), "cells of a 1000-byte SDU");
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 21U, "(1000 + 8) / 48 rounded up");
        for (size_t i = 0; i < rx.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(rx[i].cell.IsEndOfPdu(),
                                  (i + 1 == rx.size()),
                                  "EOM on the last cell only, cell " << i);
            if (i > 0)
            {
                NS_TEST_ASSERT_MSG_EQ(rx[i].arrival - rx[i - 1].arrival,
                                      CELL,
                                      "back-to-back slots, cell " << i);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(b.maxStaged[0], 1U, "one staged cell at a time");
        const Aal5SenderVcStats& s = b.sender->GetVcStats(0);
        NS_TEST_ASSERT_MSG_EQ(s.framesQueued, 1U, "frames queued");
        NS_TEST_ASSERT_MSG_EQ(s.framesTx, 1U, "frames started");
        NS_TEST_ASSERT_MSG_EQ(s.bytesTx, 1000U, "SDU bytes started");
        NS_TEST_ASSERT_MSG_EQ(s.cellsTx, 21U, "cells sent");
        NS_TEST_ASSERT_MSG_EQ(b.starts.size(), 1U, "one frame-start callback");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetQueueBytes(), 0U, "frame queues empty afterwards");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcUnsegmentedCells(0), 0U, "nothing left to segment");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Two VCs with an SDU each interleave cell by cell (round robin at the adapter); a second SDU of
 * a VC starts in the slot after its first one's EOM.
 */
class Aal5SenderInterleavingTestCase : public TestCase
{
  public:
    Aal5SenderInterleavingTestCase()
        : TestCase("Two VCs interleave cell by cell; a VC's queued second PDU follows its first "
                   "without an idle slot")
    {
    }

  private:
    void DoRun() override
    {
        SenderBench b(2);
        // VC 0: two 88-byte SDUs (2 cells each); VC 1: one 184-byte SDU (4 cells).
        Simulator::Schedule(MicroSeconds(10), [&b]() {
            b.Offer(0, 88);
            b.Offer(1, 184);
            b.Offer(0, 88);
        });
        Simulator::Run();
        const std::vector<uint16_t> expected = {32, 33, 32, 33, 32, 33, 32, 33};
        NS_TEST_ASSERT_MSG_EQ((b.Vcis() == expected), true, "VCIs alternate 32, 33, ...");
        const auto& rx = b.probe->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.back().arrival - rx.front().arrival,
                              7 * CELL,
                              "eight consecutive slots");
        const std::vector<uint32_t> starts = {0, 1, 0};
        NS_TEST_ASSERT_MSG_EQ((b.starts == starts), true, "frames start 0, 1, then 0's second");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcStats(0).framesTx, 2U, "VC 0 frames");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcStats(1).cellsTx, 4U, "VC 1 cells");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Frame-queue limits: whole SDUs or nothing, the refusal names the limit, and the adapter's
 * drop reasons are the sender's (pointer identity).
 */
class Aal5SenderLimitsTestCase : public TestCase
{
  public:
    Aal5SenderLimitsTestCase()
        : TestCase("Frame queues refuse whole SDUs: above 65535 bytes, above the total and above "
                   "the per-VC byte limits")
    {
    }

  private:
    void DoRun() override
    {
        SenderBench b(2);
        b.sender->SetQueueLimits(3000, 2000);
        NS_TEST_ASSERT_MSG_EQ(std::string(b.sender->CheckEnqueue(0, 65536)),
                              Aal5Sender::TOO_BIG,
                              "65536 bytes");
        NS_TEST_ASSERT_MSG_EQ((b.sender->CheckEnqueue(0, 65535) != Aal5Sender::TOO_BIG),
                              true,
                              "65535 bytes are an SDU");
        // Nothing is segmented before the simulation runs: the first SDU starts at once (it
        // leaves the queue), the next ones wait.
        NS_TEST_ASSERT_MSG_EQ(b.Offer(0, 1500), true, "first SDU starts segmenting");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetQueueBytes(), 0U, "the started SDU is no longer queued");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(0, 1500), true, "1500 bytes queued on VC 0");
        NS_TEST_ASSERT_MSG_EQ(b.sender->CheckEnqueue(0, 600),
                              Aal5Sender::VC_QUEUE_FULL,
                              "VC 0 above 2000 bytes");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(1, 1000), true, "VC 1 starts its first SDU");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(1, 1400), true, "VC 1 queues 1400 bytes");
        NS_TEST_ASSERT_MSG_EQ(b.sender->CheckEnqueue(1, 200),
                              Aal5Sender::QUEUE_FULL,
                              "2900 + 200 above 3000 in all");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetQueueBytes(), 2900U, "bytes waiting");
        NS_TEST_ASSERT_MSG_EQ(AtmNetDevice::QUEUE_FULL,
                              Aal5Sender::QUEUE_FULL,
                              "the adapter's reason is the sender's");
        NS_TEST_ASSERT_MSG_EQ(AtmNetDevice::VC_QUEUE_FULL,
                              Aal5Sender::VC_QUEUE_FULL,
                              "the adapter's reason is the sender's");
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcStats(0).framesTx + b.sender->GetVcStats(1).framesTx,
                              4U,
                              "every accepted SDU sent");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A VC's buffer in cells (a shaper's buffer at the adapter): whole SDUs or nothing, counted in
 * backlog cells; the frame-queued callback reports each SDU's cells.
 */
class Aal5SenderBufferCellsTestCase : public TestCase
{
  public:
    Aal5SenderBufferCellsTestCase()
        : TestCase("A VC's buffer of 400 cells takes two 191-cell SDUs and refuses the third "
                   "whole (VC_BUFFER_FULL); the backlog counts queued SDUs and the unsent cells of "
                   "the PDU being segmented; every queued SDU is reported with its cells")
    {
    }

  private:
    /**
     * @param vc the VC
     * @param cells the SDU's cells
     */
    void Queued(uint32_t vc, uint32_t cells)
    {
        m_queued.emplace_back(vc, cells);
    }

    void DoRun() override
    {
        SenderBench b(2);
        b.sender->SetFrameQueuedCallback(
            MakeCallback(&Aal5SenderBufferCellsTestCase::Queued, this));
        b.sender->SetVcBufferCells(0, 400);
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcBufferCells(0), 400U, "limit");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcBufferCells(1), 0U, "VC 1 unlimited");
        // 9160 bytes: 9160 + 8 = 9168 = 191 cells. The first starts at once: its first cell is
        // staged, 190 wait in the segmenter. Then 190 + 191 = 381 <= 400; 381 + 191 > 400.
        NS_TEST_ASSERT_MSG_EQ(b.Offer(0, 9160), true, "first SDU");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcBacklogCells(0), 190U, "the staged cell not counted");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(0, 9160), true, "second SDU");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcBacklogCells(0), 381U, "backlog");
        NS_TEST_ASSERT_MSG_EQ(b.sender->CheckEnqueue(0, 9160),
                              Aal5Sender::VC_BUFFER_FULL,
                              "third refused whole");
        NS_TEST_ASSERT_MSG_EQ(b.sender->CheckEnqueue(0, 904),
                              nullptr,
                              "a 19-cell SDU fills the buffer exactly (381 + 19 = 400)");
        NS_TEST_ASSERT_MSG_EQ(b.sender->CheckEnqueue(0, 905),
                              Aal5Sender::VC_BUFFER_FULL,
                              "a 20-cell SDU does not");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(1, 9160), true, "VC 1 has no cell limit");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(1, 9160), true, "VC 1 has no cell limit");
        NS_TEST_ASSERT_MSG_EQ(b.Offer(1, 9160), true, "VC 1 has no cell limit");
        NS_TEST_ASSERT_MSG_EQ(AtmNetDevice::VC_BUFFER_FULL,
                              Aal5Sender::VC_BUFFER_FULL,
                              "the adapter's reason is the sender's");
        NS_TEST_ASSERT_MSG_EQ(m_queued.size(), 5U, "five SDUs reported");
        NS_TEST_ASSERT_MSG_EQ(m_queued[0].second, 191U, "with their cells");
        NS_TEST_ASSERT_MSG_EQ(m_queued[2].first, 1U, "and their VC");
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcBacklogCells(0), 0U, "all sent");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcStats(0).cellsTx, 382U, "two SDUs of VC 0 sent");
        Simulator::Destroy();
    }

    std::vector<std::pair<uint32_t, uint32_t>> m_queued; //!< (VC, cells) of each queued SDU
};

/**
 * @ingroup atm-tests
 * A frame source is pulled whenever its VC is idle, stops when it returns null, and resumes on
 * Wake().
 */
class Aal5SenderFrameSourceTestCase : public TestCase
{
  public:
    Aal5SenderFrameSourceTestCase()
        : TestCase("A frame source is pulled back to back until it returns null and resumes on "
                   "Wake()")
    {
    }

  private:
    /// @return the next SDU while m_left > 0
    Ptr<Packet> Next()
    {
        if (m_left == 0)
        {
            return nullptr;
        }
        --m_left;
        return Create<Packet>(40); // one cell
    }

    void DoRun() override
    {
        SenderBench b(1);
        b.nic->SetVcFrameSource(0, MakeCallback(&Aal5SenderFrameSourceTestCase::Next, this));
        m_left = 3;
        Simulator::Schedule(MicroSeconds(10), &AtmNetDevice::WakeVc, b.nic, 0);
        Simulator::Schedule(MicroSeconds(100), [this]() { m_left = 2; });
        Simulator::Schedule(MicroSeconds(200), &AtmNetDevice::WakeVc, b.nic, 0);
        Simulator::Run();
        const auto& rx = b.probe->GetReceived();
        NS_TEST_ASSERT_MSG_EQ(rx.size(), 5U, "3 frames, then 2 more after Wake()");
        NS_TEST_ASSERT_MSG_EQ(rx[2].arrival - rx[0].arrival, 2 * CELL, "first three back to back");
        NS_TEST_ASSERT_MSG_GT(rx[3].arrival, MicroSeconds(200), "the rest only after Wake()");
        NS_TEST_ASSERT_MSG_EQ(b.sender->GetVcStats(0).framesQueued,
                              5U,
                              "pulled frames count as queued");
        Simulator::Destroy();
    }

    uint32_t m_left{0}; //!< SDUs the source still has
};

} // namespace

/**
 * @ingroup atm-tests
 * The Aal5Sender suite.
 */
class Aal5SenderTestSuite : public TestSuite
{
  public:
    Aal5SenderTestSuite()
        : TestSuite("atm-aal5-sender", ATM_SUITE_UNIT)
    {
        AddTestCase(new Aal5SenderSegmentationTestCase(), ATM_TEST_QUICK);
        AddTestCase(new Aal5SenderInterleavingTestCase(), ATM_TEST_QUICK);
        AddTestCase(new Aal5SenderLimitsTestCase(), ATM_TEST_QUICK);
        AddTestCase(new Aal5SenderFrameSourceTestCase(), ATM_TEST_QUICK);
        AddTestCase(new Aal5SenderBufferCellsTestCase(), ATM_TEST_QUICK);
    }
};

/// The suite's static instance.
static Aal5SenderTestSuite g_aal5SenderTestSuite;
