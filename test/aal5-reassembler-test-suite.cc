/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-corrupted-pdu-tag.h"
#include "ns3/aal5-reassembler.h"
#include "ns3/aal5-segmenter.h"
#include "ns3/boolean.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of Aal5Reassembler: delivery, the failure semantics of AAL5 (lost cell, lost
 * end-of-PDU cell, bit error, oversize, timer), per-VC independence, the ledger identity, and the
 * equivalence of the metadata and byte modes on random cell streams. Most behaviours run in both
 * modes.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// @return a suffix naming the reassembly mode
std::string
ModeName(bool verifyBytes)
{
    return verifyBytes ? " (byte mode)" : " (metadata mode)";
}

/// @return a reassembler in the given mode
Ptr<Aal5Reassembler>
MakeReassembler(bool verifyBytes, Time timeout = Seconds(0), uint32_t maxSduBytes = 65535)
{
    Ptr<Aal5Reassembler> r = CreateObject<Aal5Reassembler>();
    r->SetAttribute("VerifyBytes", BooleanValue(verifyBytes));
    r->SetAttribute("ReassemblyTimeout", TimeValue(timeout));
    r->SetAttribute("MaxSduBytes", UintegerValue(maxSduBytes));
    return r;
}

/// Schedule the arrival of @p cells on VC @p vc at time @p at.
void
FeedAt(Time at, Ptr<Aal5Reassembler> r, uint32_t vc, const std::vector<AtmCell>& cells)
{
    Simulator::Schedule(at, &Feed, r, vc, cells, std::vector<uint32_t>());
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief Complete PDUs are delivered, with their bytes, in order.
 */
class Aal5ReassemblyDeliveryTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyDeliveryTestCase(bool verifyBytes)
        : TestCase("Complete PDUs of sizes around every cell boundary are delivered in order with "
                   "their exact bytes" +
                   ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
        ReassemblyRecorder rec;
        rec.Attach(r);
        std::vector<Ptr<Aal5Frame>> frames;
        uint64_t cells = 0;
        for (uint32_t k = 1; k <= 40; ++k)
        {
            for (uint32_t sdu : {48 * k - 9, 48 * k - 8, 48 * k - 7})
            {
                frames.push_back(MakeFrame(sdu, sdu));
            }
        }
        frames.push_back(MakeFrame(9188, 1));
        frames.push_back(MakeFrame(65535, 2));
        for (const Ptr<Aal5Frame>& f : frames)
        {
            const std::vector<AtmCell> c = Aal5Segmenter::Segment(f, 0, 32);
            NS_TEST_ASSERT_MSG_EQ(c.size(), f->GetCellCount(), "segmenter cell count");
            Feed(r, 0, c);
            cells += c.size();
        }
        NS_TEST_ASSERT_MSG_EQ(rec.events.size(), frames.size(), "one event per frame");
        for (uint32_t i = 0; i < frames.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(rec.events[i].delivered, true, "frame " << i << " delivered");
            NS_TEST_ASSERT_MSG_EQ(rec.events[i].frameId, frames[i]->GetId(), "in order");
            NS_TEST_ASSERT_MSG_EQ((rec.sduBytes[i] == PacketBytes(frames[i]->GetSdu())),
                                  true,
                                  "bytes of frame " << i);
        }
        const Aal5ReassemblyStats& s = r->GetStats(0);
        NS_TEST_ASSERT_MSG_EQ(s.framesDelivered, frames.size(), "framesDelivered");
        NS_TEST_ASSERT_MSG_EQ(s.cellsReceived, cells, "cellsReceived");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDelivered, cells, "cellsDelivered");
        NS_TEST_ASSERT_MSG_EQ(s.cellsDiscarded, 0U, "nothing discarded");
        NS_TEST_ASSERT_MSG_EQ(rec.frameRxTraces, frames.size(), "FrameRx fired per delivery");
        NS_TEST_ASSERT_MSG_EQ(r->GetPartialCells(0), 0U, "nothing pending");
    }

    bool m_verifyBytes; //!< reassembly mode
};

/**
 * @ingroup atm-tests
 * @brief Cell losses and bit errors lose whole PDUs, with the reasons of Aal5Reassembler.
 */
class Aal5ReassemblyLossTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyLossTestCase(bool verifyBytes)
        : TestCase("A lost cell, a lost end-of-PDU cell or a corrupted cell loses whole PDUs "
                   "with the reassembler's reasons" +
                   ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        // 1. EOM of PDU 1 lost: PDU 1 (3 cells, 2 left) and PDU 2 (4 cells) form one 6-cell unit
        //    whose LEN (PDU 2: 150) leaves a 130-byte pad: one LENGTH_ERROR for 6 cells.
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Feed(r, 0, MakeCells(100, 1), {2});
            Feed(r, 0, MakeCells(150, 2));
            const std::vector<AtmCell> third = MakeCells(60, 3);
            Feed(r, 0, third);
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 2U, "one drop, one delivery");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason, Aal5Reassembler::LENGTH_ERROR, "reason");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].cells, 6U, "2 + 4 cells in one drop");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].frameId, third[0].frame->GetId(), "PDU 3");
            NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).lengthErrors, 1U, "lengthErrors");
            NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).cellsDiscarded, 6U, "cellsDiscarded");
        }
        // 2. A middle cell (and separately the first cell) of a 5-cell PDU lost: 4 cells hold
        //    at most 184 bytes but LEN says 200: LENGTH_ERROR; the next PDU is delivered.
        for (uint32_t lost : {2U, 0U})
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Feed(r, 0, MakeCells(200, 4), {lost});
            Feed(r, 0, MakeCells(40, 5));
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 2U, "drop then delivery");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason,
                                  Aal5Reassembler::LENGTH_ERROR,
                                  "cell " << lost << " lost");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].cells, 4U, "cells dropped");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].delivered, true, "next PDU delivered");
        }
        // 3. One corrupted payload cell at each position of a 4-cell PDU: CRC_ERROR.
        for (uint32_t bad = 0; bad < 4; ++bad)
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            std::vector<AtmCell> cells = MakeCells(170, 6);
            cells[bad].flags |= AtmCell::PAYLOAD_CORRUPTED;
            Feed(r, 0, cells);
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 1U, "one event");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason,
                                  Aal5Reassembler::CRC_ERROR,
                                  "cell " << bad << " corrupted");
            NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).crcErrors, 1U, "crcErrors");
        }
        // 4. A frame marked corrupted by an upstream router that skipped the CRC check.
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Ptr<Aal5Frame> f = MakeFrame(500, 7);
            f->SetCorrupted(true);
            Feed(r, 0, Aal5Segmenter::Segment(f, 0, 32));
            NS_TEST_ASSERT_MSG_EQ(rec.CountDrops(Aal5Reassembler::CRC_ERROR), 1U, "CRC_ERROR");
        }
    }

    bool m_verifyBytes; //!< reassembly mode
};

/**
 * @ingroup atm-tests
 * @brief CheckCrc false (a router that forwards corrupted PDUs): the units that fail LEN or
 *        CRC-32 are delivered, tagged, with the first frame's headers and the size a receiver
 *        skipping the CRC passes up; OVERSIZE still discards.
 */
class Aal5ReassemblyNoCrcCheckTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyNoCrcCheckTestCase(bool verifyBytes)
        : TestCase("CheckCrc false: a merged, a cut and a damaged PDU are delivered corrupted "
                   "and tagged; OVERSIZE still discards" +
                   ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    /// One CorruptedRx event.
    struct Corrupted
    {
        uint32_t cells;                       //!< cells of the unit
        const char* reason;                   //!< the failed check
        std::vector<uint8_t> bytes;           //!< the SDU's bytes
        Aal5CorruptedPduTag::Failure failure; //!< the tag's failure
    };

    /// CorruptedRx sink.
    void OnCorrupted(uint32_t, Ptr<const Packet> sdu, uint32_t cells, const char* reason)
    {
        Aal5CorruptedPduTag tag;
        const bool tagged = sdu->PeekPacketTag(tag);
        NS_TEST_EXPECT_MSG_EQ(tagged, true, "the corrupted SDU is tagged");
        m_corrupted.push_back({cells, reason, PacketBytes(sdu), tag.GetFailure()});
    }

    /// @return a reassembler with CheckCrc false and this test's CorruptedRx sink
    Ptr<Aal5Reassembler> Make(uint32_t maxSduBytes = 65535)
    {
        Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes, Seconds(0), maxSduBytes);
        r->SetAttribute("CheckCrc", BooleanValue(false));
        r->TraceConnectWithoutContext(
            "CorruptedRx",
            MakeCallback(&Aal5ReassemblyNoCrcCheckTestCase::OnCorrupted, this));
        return r;
    }

    void DoRun() override
    {
        // 1. EOM of PDU 1 (100 B, 3 cells) lost: its 2 cells and PDU 2's 4 form one 6-cell unit
        //    that fails LEN; delivered with PDU 1's first bytes, 6 x 48 - 8 = 280 bytes long.
        {
            m_corrupted.clear();
            Ptr<Aal5Reassembler> r = Make();
            ReassemblyRecorder rec;
            rec.Attach(r);
            Ptr<Aal5Frame> first = MakeFrame(100, 1);
            Feed(r, 0, Aal5Segmenter::Segment(first, 0, 32), {2});
            Feed(r, 0, MakeCells(150, 2));
            const std::vector<AtmCell> third = MakeCells(60, 3);
            Feed(r, 0, third);
            NS_TEST_ASSERT_MSG_EQ(m_corrupted.size(), 1U, "one corrupted unit");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].cells, 6U, "2 + 4 cells");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].reason, Aal5Reassembler::LENGTH_ERROR, "LEN");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].failure, Aal5CorruptedPduTag::LENGTH, "tag");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].bytes.size(), 280U, "48 x 6 - 8 bytes");
            const std::vector<uint8_t> head = PacketBytes(first->GetSdu());
            NS_TEST_ASSERT_MSG_EQ(
                std::equal(head.begin(), head.end(), m_corrupted[0].bytes.begin()),
                true,
                "PDU 1's bytes first");
            NS_TEST_ASSERT_MSG_EQ(rec.CountDelivered(), 2U, "the corrupted unit and PDU 3");
            NS_TEST_ASSERT_MSG_EQ(rec.events.back().frameId, third[0].frame->GetId(), "PDU 3");
            NS_TEST_ASSERT_MSG_EQ(rec.frameRxTraces, 1U, "FrameRx only for the good PDU");
            const Aal5ReassemblyStats& st = r->GetStats(0);
            NS_TEST_ASSERT_MSG_EQ(st.corruptedDelivered, 1U, "corruptedDelivered");
            NS_TEST_ASSERT_MSG_EQ(st.framesDelivered, 1U, "framesDelivered: PDU 3 only");
            NS_TEST_ASSERT_MSG_EQ(st.cellsDelivered, 6U + third.size(), "cellsDelivered");
            NS_TEST_ASSERT_MSG_EQ(st.lengthErrors + st.crcErrors, 0U, "no discard counted");
            NS_TEST_ASSERT_MSG_EQ(st.cellsDiscarded, 0U, "nothing discarded");
        }
        // 2. A middle cell of a 400-byte PDU (9 cells) lost: 8 cells fail LEN, 8 x 48 - 8 = 376.
        //    A 200-byte PDU (5 cells) losing one keeps 184 bytes; a 1-cell unit of it keeps the
        //    first 128 bytes (the headers), not 40.
        {
            m_corrupted.clear();
            Ptr<Aal5Reassembler> r = Make();
            Feed(r, 0, MakeCells(400, 4), {3});
            Feed(r, 0, MakeCells(200, 5), {2});
            Feed(r, 0, MakeCells(200, 6), {0, 1, 2, 3});
            NS_TEST_ASSERT_MSG_EQ(m_corrupted.size(), 3U, "three corrupted units");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].bytes.size(), 376U, "8 cells");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[1].bytes.size(), 184U, "4 cells");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[2].bytes.size(), 128U, "1 cell: the headers kept");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[2].cells, 1U, "1 cell");
        }
        // 3. A damaged payload cell: LEN holds, the CRC fails; delivered with LEN = 170 bytes.
        {
            m_corrupted.clear();
            Ptr<Aal5Reassembler> r = Make();
            std::vector<AtmCell> cells = MakeCells(170, 7);
            cells[1].flags |= AtmCell::PAYLOAD_CORRUPTED;
            Feed(r, 0, cells);
            NS_TEST_ASSERT_MSG_EQ(m_corrupted.size(), 1U, "one corrupted unit");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].reason, Aal5Reassembler::CRC_ERROR, "CRC");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].failure, Aal5CorruptedPduTag::CRC, "tag");
            NS_TEST_ASSERT_MSG_EQ(m_corrupted[0].bytes.size(), 170U, "LEN bytes");
        }
        // 4. OVERSIZE is not a check failure of a complete unit: a 4-cell PDU (150 B) beyond
        //    MaxSduBytes 100 (3 cells) is still discarded, at its end-of-PDU cell.
        {
            m_corrupted.clear();
            Ptr<Aal5Reassembler> r = Make(100);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Feed(r, 0, MakeCells(150, 8));
            NS_TEST_ASSERT_MSG_EQ(m_corrupted.size(), 0U, "nothing delivered corrupted");
            NS_TEST_ASSERT_MSG_EQ(rec.CountDrops(Aal5Reassembler::OVERSIZE), 1U, "OVERSIZE");
        }
    }

    bool m_verifyBytes;                 //!< reassembly mode
    std::vector<Corrupted> m_corrupted; //!< CorruptedRx events of the current step
};

/**
 * @ingroup atm-tests
 * @brief The k == m case: the length check passes, only the CRC catches the merge.
 */
class Aal5ReassemblyMergeTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyMergeTestCase(bool verifyBytes)
        : TestCase("When PDU A loses only its end-of-PDU cell and PDU B loses as many cells as A "
                   "left, the merged unit has B's length but fails the CRC" +
                   ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        // A: SDU 150 -> 4 cells, EOM lost -> 3 cells. B: SDU 250 -> 6 cells, 3 lost -> 3 cells.
        // The unit has 6 cells = 288 bytes and LEN 250: pad 30, plausible. CRC_ERROR.
        const std::vector<std::vector<uint32_t>> bLosses = {{0, 1, 2}, {1, 2, 3}, {0, 2, 4}};
        for (const std::vector<uint32_t>& lost : bLosses)
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Feed(r, 0, MakeCells(150, 8), {3});
            Feed(r, 0, MakeCells(250, 9), lost);
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 1U, "one event");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason, Aal5Reassembler::CRC_ERROR, "CRC_ERROR");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].cells, 6U, "3 + 3 cells");
            NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).lengthErrors, 0U, "length plausible");
        }
    }

    bool m_verifyBytes; //!< reassembly mode
};

/**
 * @ingroup atm-tests
 * @brief Units growing beyond MaxSduBytes are discarded at once.
 */
class Aal5ReassemblyOversizeTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyOversizeTestCase(bool verifyBytes)
        : TestCase("A unit growing beyond CellsForSdu(MaxSduBytes) cells is discarded as OVERSIZE "
                   "and reassembly restarts at the next cell" +
                   ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        // Default 65535: 1365 non-final cells of a maximal frame + 2 of another = 1367 > 1366.
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes);
            ReassemblyRecorder rec;
            rec.Attach(r);
            const std::vector<AtmCell> big = MakeCells(65535, 10);
            Feed(r, 0, big);
            NS_TEST_ASSERT_MSG_EQ(rec.CountDelivered(), 1U, "a maximal PDU is not oversize");
            std::vector<AtmCell> stream(big.begin(), big.end() - 1);
            const std::vector<AtmCell> other = MakeCells(3000, 11);
            stream.push_back(other[0]);
            stream.push_back(other[1]);
            Feed(r, 0, stream);
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 2U, "drop reported");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].reason, Aal5Reassembler::OVERSIZE, "OVERSIZE");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].cells, 1367U, "at the 1367th cell");
            NS_TEST_ASSERT_MSG_EQ(r->GetPartialCells(0), 0U, "nothing kept");
            Feed(r, 0, MakeCells(500, 12));
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 3U, "next PDU");
            NS_TEST_ASSERT_MSG_EQ(rec.events[2].delivered, true, "delivered");
        }
        // MaxSduBytes 1000: 21 cells allowed. SDU 1000 (21 cells) passes; SDU 1001 (22 cells)
        // is discarded at its end-of-PDU cell, before the end-of-PDU check.
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes, Seconds(0), 1000);
            ReassemblyRecorder rec;
            rec.Attach(r);
            Feed(r, 0, MakeCells(1000, 13));
            Feed(r, 0, MakeCells(1001, 14));
            Feed(r, 0, MakeCells(999, 15));
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 3U, "three events");
            NS_TEST_ASSERT_MSG_EQ(rec.events[0].delivered, true, "1000 B delivered");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].reason, Aal5Reassembler::OVERSIZE, "1001 B");
            NS_TEST_ASSERT_MSG_EQ(rec.events[1].cells, 22U, "22 cells");
            NS_TEST_ASSERT_MSG_EQ(rec.events[2].delivered, true, "999 B delivered");
            NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).oversize, 1U, "oversize counter");
        }
    }

    bool m_verifyBytes; //!< reassembly mode
};

/**
 * @ingroup atm-tests
 * @brief The lazy reassembly timer and ExpireStale().
 */
class Aal5ReassemblyTimerTestCase : public TestCase
{
  public:
    /// @param verifyBytes the reassembly mode
    Aal5ReassemblyTimerTestCase(bool verifyBytes)
        : TestCase(
              "With ReassemblyTimeout a stale partial PDU is dropped (TIMEOUT) before the next "
              "PDU, which is delivered; without it both are lost" +
              ModeName(verifyBytes)),
          m_verifyBytes(verifyBytes)
    {
    }

  private:
    void DoRun() override
    {
        for (bool timerOn : {true, false})
        {
            Ptr<Aal5Reassembler> r =
                MakeReassembler(m_verifyBytes, timerOn ? MilliSeconds(1) : Seconds(0));
            ReassemblyRecorder rec;
            rec.Attach(r);
            std::vector<AtmCell> a = MakeCells(130, 20); // 3 cells; the last never arrives
            a.pop_back();
            const std::vector<AtmCell> b = MakeCells(300, 21);
            FeedAt(Seconds(0), r, 0, a);
            FeedAt(MilliSeconds(2), r, 0, b);
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(rec.events.size(), (timerOn ? 2U : 1U), "events");
            if (timerOn)
            {
                NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason, Aal5Reassembler::TIMEOUT, "TIMEOUT");
                NS_TEST_ASSERT_MSG_EQ(rec.events[0].cells, 2U, "stale cells");
                NS_TEST_ASSERT_MSG_EQ(rec.events[1].frameId, b[0].frame->GetId(), "B delivered");
                NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).timeouts, 1U, "timeouts");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(rec.events[0].reason,
                                      Aal5Reassembler::LENGTH_ERROR,
                                      "concatenated with B");
                NS_TEST_ASSERT_MSG_EQ(rec.events[0].cells, 2U + 7U, "both lost");
            }
        }

        // A gap of exactly the timeout is not "now > deadline": no timeout.
        {
            Ptr<Aal5Reassembler> r = MakeReassembler(m_verifyBytes, MilliSeconds(1));
            ReassemblyRecorder rec;
            rec.Attach(r);
            std::vector<AtmCell> c = MakeCells(100, 22);
            std::vector<AtmCell> head(c.begin(), c.begin() + 1);
            std::vector<AtmCell> tail(c.begin() + 1, c.end());
            FeedAt(Seconds(0), r, 0, head);
            FeedAt(MilliSeconds(1), r, 0, tail);
            Simulator::Run();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(rec.CountDelivered(), 1U, "deadline itself is still in time");
        }

        // ExpireStale: partial units on VCs 0 and 3 at t = 0, on VC 1 at t = 1.5 ms; at 2 ms only
        // those older than 1 ms go. Without the timer it does nothing.
        for (bool timerOn : {true, false})
        {
            Ptr<Aal5Reassembler> r =
                MakeReassembler(m_verifyBytes, timerOn ? MilliSeconds(1) : Seconds(0));
            ReassemblyRecorder rec;
            rec.Attach(r);
            std::vector<AtmCell> p0 = MakeCells(200, 23);
            p0.resize(2);
            std::vector<AtmCell> p1 = MakeCells(200, 24);
            p1.resize(3);
            std::vector<AtmCell> p3 = MakeCells(200, 25);
            p3.resize(1);
            FeedAt(Seconds(0), r, 0, p0);
            FeedAt(Seconds(0), r, 3, p3);
            FeedAt(MicroSeconds(1500), r, 1, p1);
            Simulator::Schedule(MilliSeconds(2), &Aal5Reassembler::ExpireStale, r);
            Simulator::Run();
            Simulator::Destroy();
            const uint32_t expired = timerOn ? 2U : 0U;
            NS_TEST_ASSERT_MSG_EQ(rec.CountDrops(Aal5Reassembler::TIMEOUT), expired, "expired");
            NS_TEST_ASSERT_MSG_EQ(r->GetPartialCells(0), (timerOn ? 0U : 2U), "VC 0");
            NS_TEST_ASSERT_MSG_EQ(r->GetPartialCells(1), 3U, "VC 1 still fresh");
            NS_TEST_ASSERT_MSG_EQ(r->GetPartialCells(3), (timerOn ? 0U : 1U), "VC 3");
            NS_TEST_ASSERT_MSG_EQ(r->GetTotalStats().cellsDiscarded, (timerOn ? 3U : 0U), "cells");
            for (uint32_t vc = 0; vc < 4; ++vc)
            {
                NS_TEST_ASSERT_MSG_EQ(LedgerHolds(r, vc), true, "ledger on VC " << vc);
            }
        }
    }

    bool m_verifyBytes; //!< reassembly mode
};

/**
 * @ingroup atm-tests
 * @brief VCs reassemble independently.
 */
class Aal5ReassemblyPerVcTestCase : public TestCase
{
  public:
    Aal5ReassemblyPerVcTestCase()
        : TestCase("Interleaved VCs reassemble independently: a loss on one VC affects no other")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Aal5Reassembler> r = MakeReassembler(false);
        ReassemblyRecorder rec;
        rec.Attach(r);
        const std::vector<AtmCell> c0 = MakeCells(500, 30); // 11 cells
        const std::vector<AtmCell> c1 = MakeCells(400, 31); // 9 cells, cell 4 lost
        const std::vector<AtmCell> c5 = MakeCells(80, 32);  // 2 cells
        for (uint32_t i = 0; i < 11; ++i)
        {
            r->Receive(0, c0[i]);
            if (i < 9 && i != 4)
            {
                r->Receive(1, c1[i]);
            }
            if (i < 2)
            {
                r->Receive(5, c5[i]);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(rec.events.size(), 3U, "three events");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(0).framesDelivered, 1U, "VC 0 delivered");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(1).lengthErrors, 1U, "VC 1 lost its PDU");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(1).cellsDiscarded, 8U, "VC 1 cells");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(5).framesDelivered, 1U, "VC 5 delivered");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(3).cellsReceived, 0U, "unused VC slot");
        NS_TEST_ASSERT_MSG_EQ(r->GetStats(99).cellsReceived, 0U, "never-seen VC");
        NS_TEST_ASSERT_MSG_EQ(r->GetNVcs(), 6U, "slots 0..5");
        const Aal5ReassemblyStats t = r->GetTotalStats();
        NS_TEST_ASSERT_MSG_EQ(t.cellsReceived, 11U + 8U + 2U, "total cells");
        NS_TEST_ASSERT_MSG_EQ(t.framesDelivered, 2U, "total frames");
        for (const ReassemblyRecorder::Event& e : rec.events)
        {
            if (e.delivered)
            {
                const bool own = (e.vc == 0 && e.frameId == c0[0].frame->GetId()) ||
                                 (e.vc == 5 && e.frameId == c5[0].frame->GetId());
                NS_TEST_ASSERT_MSG_EQ(own, true, "delivered on its own VC");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Metadata and byte modes agree on random cell streams; the ledger holds at every step.
 */
class Aal5ReassemblyRandomTestCase : public TestCase
{
  public:
    Aal5ReassemblyRandomTestCase()
        : TestCase("Metadata and byte modes report identical events and counters on 200 random "
                   "streams with losses, end-of-PDU losses and bit errors; the ledger holds at "
                   "every cell")
    {
    }

  private:
    /// One cell of a stream.
    struct Arrival
    {
        Time at;      //!< arrival time
        uint32_t vc;  //!< VC index
        AtmCell cell; //!< the cell
    };

    /**
     * @brief Hand one cell of the current stream to both reassemblers and check the ledgers.
     * @param i index of the cell in m_stream
     */
    void Step(uint32_t i)
    {
        const Arrival& a = m_stream[i];
        m_meta->Receive(a.vc, a.cell);
        m_bytes->Receive(a.vc, a.cell);
        for (Ptr<Aal5Reassembler> r : {m_meta, m_bytes})
        {
            const Aal5ReassemblyStats t = r->GetTotalStats();
            uint64_t partial = 0;
            for (uint32_t vc = 0; vc < r->GetNVcs(); ++vc)
            {
                m_ledgerOk = m_ledgerOk && LedgerHolds(r, vc);
                partial += r->GetPartialCells(vc);
            }
            m_ledgerOk =
                m_ledgerOk && t.cellsReceived == t.cellsDelivered + t.cellsDiscarded + partial;
        }
        ++m_steps;
    }

    /**
     * @brief Build a random interleaved stream into m_stream: 8 frames per VC, cells lost,
     * end-of-PDU cells lost and payloads corrupted at random.
     * @param rng the random generator
     * @param nVcs number of VCs
     * @param gaps whether some cells arrive after a 2 ms gap (to trigger the timer)
     */
    void MakeStream(std::mt19937& rng, uint32_t nVcs, bool gaps)
    {
        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::vector<std::vector<AtmCell>> pending(nVcs);
        for (uint32_t vc = 0; vc < nVcs; ++vc)
        {
            for (uint32_t f = 0; f < 8; ++f)
            {
                const double pick = u(rng);
                const uint32_t sdu = pick < 0.2   ? 1 + rng() % 48
                                     : pick < 0.9 ? 1 + rng() % 1600
                                                  : 1 + rng() % 9220;
                const std::vector<AtmCell> c = MakeCells(sdu, ++m_seed);
                pending[vc].insert(pending[vc].end(), c.begin(), c.end());
            }
        }
        std::vector<uint32_t> next(nVcs, 0);
        Time t = Seconds(0);
        while (true)
        {
            std::vector<uint32_t> live;
            for (uint32_t vc = 0; vc < nVcs; ++vc)
            {
                if (next[vc] < pending[vc].size())
                {
                    live.push_back(vc);
                }
            }
            if (live.empty())
            {
                break;
            }
            const uint32_t vc = live[rng() % live.size()];
            AtmCell cell = pending[vc][next[vc]++];
            t += (gaps && u(rng) < 0.01) ? MilliSeconds(2) : MicroSeconds(3);
            if (u(rng) < 0.01 || (cell.IsEndOfPdu() && u(rng) < 0.05))
            {
                continue; // lost
            }
            if (u(rng) < 0.005)
            {
                cell.flags |= AtmCell::PAYLOAD_CORRUPTED;
            }
            m_stream.push_back({t, vc, cell});
        }
    }

    void DoRun() override
    {
        std::mt19937 rng(20240601);
        Aal5ReassemblyStats all;
        for (uint32_t s = 0; s < 200; ++s)
        {
            const bool timer = (s % 4 == 1);
            const uint32_t maxSdu = (s % 4 == 2) ? 1500 : 65535;
            m_meta = MakeReassembler(false, timer ? MilliSeconds(1) : Seconds(0), maxSdu);
            m_bytes = MakeReassembler(true, timer ? MilliSeconds(1) : Seconds(0), maxSdu);
            ReassemblyRecorder recMeta;
            ReassemblyRecorder recBytes;
            recMeta.Attach(m_meta);
            recBytes.Attach(m_bytes);
            m_stream.clear();
            MakeStream(rng, 1 + s % 3, timer);
            for (uint32_t i = 0; i < m_stream.size(); ++i)
            {
                Simulator::Schedule(m_stream[i].at, &Aal5ReassemblyRandomTestCase::Step, this, i);
            }
            Simulator::Run();
            m_meta->ExpireStale();
            m_bytes->ExpireStale();
            Simulator::Destroy();

            NS_TEST_ASSERT_MSG_EQ(m_ledgerOk, true, "ledger, stream " << s);
            NS_TEST_ASSERT_MSG_EQ(recMeta.events.size(), recBytes.events.size(), "stream " << s);
            for (uint32_t i = 0; i < recMeta.events.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ((recMeta.events[i] == recBytes.events[i]),
                                      true,
                                      "stream " << s << " event " << i);
            }
            for (uint32_t vc = 0; vc < m_meta->GetNVcs(); ++vc)
            {
                NS_TEST_ASSERT_MSG_EQ(SameStats(m_meta->GetStats(vc), m_bytes->GetStats(vc)),
                                      true,
                                      "stream " << s << " VC " << vc << ": " << m_meta->GetStats(vc)
                                                << " vs " << m_bytes->GetStats(vc));
            }
            NS_TEST_ASSERT_MSG_EQ((recMeta.sduBytes == recBytes.sduBytes), true, "same SDU bytes");
            // Traces against counters: drop events cover exactly the discarded cells.
            const Aal5ReassemblyStats total = m_meta->GetTotalStats();
            uint64_t droppedCells = 0;
            for (const ReassemblyRecorder::Event& e : recMeta.events)
            {
                droppedCells += e.cells;
            }
            NS_TEST_ASSERT_MSG_EQ(droppedCells, total.cellsDiscarded, "drop trace cells");
            NS_TEST_ASSERT_MSG_EQ(recMeta.CountDelivered(), total.framesDelivered, "deliveries");
            NS_TEST_ASSERT_MSG_EQ(recMeta.frameRxTraces, total.framesDelivered, "FrameRx");
            all += total;
        }
        // The streams must exercise every outcome, or the agreement proves little.
        NS_TEST_ASSERT_MSG_GT(all.framesDelivered, 1000U, "deliveries " << all);
        NS_TEST_ASSERT_MSG_GT(all.crcErrors, 20U, "CRC errors " << all);
        NS_TEST_ASSERT_MSG_GT(all.lengthErrors, 100U, "length errors " << all);
        NS_TEST_ASSERT_MSG_GT(all.oversize, 20U, "oversize " << all);
        NS_TEST_ASSERT_MSG_GT(all.timeouts, 20U, "timeouts " << all);
        NS_TEST_ASSERT_MSG_EQ(all.cellsReceived, m_steps, "every cell counted once per mode");
        m_meta = nullptr;
        m_bytes = nullptr;
    }

    std::vector<Arrival> m_stream; //!< current stream
    Ptr<Aal5Reassembler> m_meta;   //!< metadata-mode reassembler
    Ptr<Aal5Reassembler> m_bytes;  //!< byte-mode reassembler
    bool m_ledgerOk{true};         //!< ledger identity held so far
    uint64_t m_steps{0};           //!< cells fed
    uint32_t m_seed{1000};         //!< payload seed of the next frame
};

/**
 * @ingroup atm-tests
 * @brief The atm-aal5-reassembler test suite.
 */
class Aal5ReassemblerTestSuite : public TestSuite
{
  public:
    Aal5ReassemblerTestSuite()
        : TestSuite("atm-aal5-reassembler", ATM_SUITE_UNIT)
    {
        for (bool verifyBytes : {false, true})
        {
            AddTestCase(new Aal5ReassemblyDeliveryTestCase(verifyBytes), ATM_TEST_QUICK);
            AddTestCase(new Aal5ReassemblyLossTestCase(verifyBytes), ATM_TEST_QUICK);
            AddTestCase(new Aal5ReassemblyMergeTestCase(verifyBytes), ATM_TEST_QUICK);
            AddTestCase(new Aal5ReassemblyNoCrcCheckTestCase(verifyBytes), ATM_TEST_QUICK);
            AddTestCase(new Aal5ReassemblyOversizeTestCase(verifyBytes), ATM_TEST_QUICK);
            AddTestCase(new Aal5ReassemblyTimerTestCase(verifyBytes), ATM_TEST_QUICK);
        }
        AddTestCase(new Aal5ReassemblyPerVcTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5ReassemblyRandomTestCase, ATM_TEST_QUICK);
    }
};

static Aal5ReassemblerTestSuite
    g_aal5ReassemblerTestSuite; //!< static instance registering the suite
