/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * libFuzzer target: Aal5Reassembler fed arbitrary cell sequences (ITU-T I.363.5 reassembly).
 *
 * The input decodes to a configuration, a few AAL5 frames and a sequence of cells of those
 * frames (or frameless cells) on four VCs, in any order, with duplicates, gaps, payload bit
 * errors and arrival times:
 *
 * @verbatim
   byte 0        bit 0: reassembly timer on; bits 1-3: number of frames - 1 (1..8)
   byte 1        timer: ReassemblyTimeout = (byte + 1) x 5 us
   bytes 2-3     MaxSduBytes = 1 + (big-endian value mod 65535)
   2 per frame   SDU bytes = 1 + (10 low bits) (1..1024, 1..22 cells); bit 15: frame marked
                 corrupted
   3 per op      a: bits 0-1 VC, bits 2-4 frame (>= frames: a frameless cell), bit 5 payload
                    bit error, bit 6 EFCI (PTI bit 1), bit 7 CLP
                 b: bit 7 clear: one cell, index b mod cells (a frameless cell: bit 0 is the
                    end-of-PDU mark); bit 7 set: the cells from (b & 0x7f) mod cells to the last
                 c: arrival time step in us
   @endverbatim
 *
 * An AAL5 cell carries the end-of-PDU mark exactly when it is its frame's last cell, as a
 * segmenter sends it. The same cells go to a reassembler in metadata mode and one in byte mode
 * (VerifyBytes). Properties, for every input:
 * - no crash, no sanitizer report, no assertion of the model (its per-cell ledger assertion);
 * - both modes report exactly the events (deliveries and drops with reason and cell count, per
 *   VC, in order) of a reference written here from the rules of the class description;
 * - conservation per VC: cells received = cells delivered + cells discarded + cells held; the
 *   drop traces sum to the discarded cells; one delivery callback per delivered frame, carrying
 *   the whole SDU of its frame.
 *
 * Every 48-byte chunk of an SDU starts with its frame number and chunk index, so two different
 * units never carry identical bytes (where the byte mode may legitimately deliver a unit the
 * metadata mode refuses).
 */

#include "atm-fuzz-check.h"

#include "ns3/aal5-frame.h"
#include "ns3/aal5-reassembler.h"
#include "ns3/aal5.h"
#include "ns3/atm-cell.h"
#include "ns3/boolean.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/uinteger.h"

#include <cstddef>
#include <cstdint>
#include <vector>

using namespace ns3;

namespace
{

constexpr uint32_t VCS = 4;          //!< VCs of the stream
constexpr uint32_t MAX_CELLS = 4000; //!< cells fed per input (bounds the run time)

/// What happened to one unit.
enum class Kind
{
    DELIVERED,
    CRC_ERROR,
    LENGTH_ERROR,
    OVERSIZE,
    TIMEOUT
};

/// One delivery or drop.
struct Event
{
    uint32_t vc;    //!< the VC
    Kind kind;      //!< what happened
    uint32_t cells; //!< cells of the unit (deliveries: of the frame)

    bool operator==(const Event& o) const
    {
        return vc == o.vc && kind == o.kind && cells == o.cells;
    }
};

/// What a reassembler reported through its callback and trace.
struct Recorder
{
    std::vector<Event> events;                //!< in order
    uint64_t droppedCells{0};                 //!< sum over ReassemblyDrop
    std::vector<Ptr<Packet>> sdus;            //!< the delivered SDUs
    std::vector<Ptr<const Aal5Frame>> frames; //!< their frames
};

void
OnRx(Recorder* r, uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame)
{
    r->events.push_back({vc, Kind::DELIVERED, frame->GetCellCount()});
    r->sdus.push_back(sdu);
    r->frames.push_back(frame);
}

void
OnDrop(Recorder* r, uint32_t vc, uint32_t cells, const char* reason)
{
    Kind kind = Kind::TIMEOUT;
    if (reason == Aal5Reassembler::CRC_ERROR)
    {
        kind = Kind::CRC_ERROR;
    }
    else if (reason == Aal5Reassembler::LENGTH_ERROR)
    {
        kind = Kind::LENGTH_ERROR;
    }
    else if (reason == Aal5Reassembler::OVERSIZE)
    {
        kind = Kind::OVERSIZE;
    }
    else
    {
        ATM_FUZZ_CHECK(reason == Aal5Reassembler::TIMEOUT);
    }
    r->events.push_back({vc, kind, cells});
    r->droppedCells += cells;
}

/// One cell as the reference sees it.
struct RefCell
{
    int frame;      //!< frame number, -1 for none
    uint32_t index; //!< index in the frame
    bool corrupted; //!< payload differs from the frame's
};

/// The reference reassembler: the rules of Aal5Reassembler's class description, per VC.
struct Reference
{
    std::vector<RefCell> partial[VCS]; //!< the units being reassembled
    Time deadline[VCS];                //!< their deadlines
    std::vector<Event> events;         //!< what it reported

    void Flush(uint32_t vc, Kind kind)
    {
        events.push_back({vc, kind, static_cast<uint32_t>(partial[vc].size())});
        partial[vc].clear();
    }

    void Cell(uint32_t vc,
              const RefCell& c,
              bool eom,
              const std::vector<Ptr<Aal5Frame>>& frames,
              uint32_t maxCells,
              Time timeout,
              Time arrival)
    {
        std::vector<RefCell>& p = partial[vc];
        if (timeout.IsStrictlyPositive() && !p.empty() && arrival > deadline[vc])
        {
            Flush(vc, Kind::TIMEOUT);
        }
        p.push_back(c);
        if (p.size() > maxCells)
        {
            Flush(vc, Kind::OVERSIZE);
            return;
        }
        if (!eom)
        {
            deadline[vc] = arrival + timeout;
            return;
        }
        const uint64_t size = 48ULL * p.size();
        const uint64_t len = c.frame >= 0 ? frames[c.frame]->GetSduBytes() : 0;
        if (len == 0 || len > size - 8 || size - 8 - len > 47)
        {
            Flush(vc, Kind::LENGTH_ERROR);
            return;
        }
        for (uint32_t i = 0; i < p.size(); ++i)
        {
            if (p[i].frame != c.frame || p[i].index != i || p[i].corrupted)
            {
                Flush(vc, Kind::CRC_ERROR);
                return;
            }
        }
        events.push_back({vc, Kind::DELIVERED, static_cast<uint32_t>(p.size())});
        p.clear();
    }
};

/// Reads the input front to back; zeros once it is exhausted.
struct Reader
{
    const uint8_t* data; //!< the input
    size_t size;         //!< its length
    size_t at{0};        //!< the next byte

    bool More() const
    {
        return at < size;
    }

    uint8_t Byte()
    {
        return at < size ? data[at++] : 0;
    }
};

/**
 * @brief Check one reassembler's report against the reference and its own counters.
 * @param r the reassembler
 * @param rec what it reported
 * @param ref the reference
 * @param received cells fed per VC
 */
void
CheckAgainst(Ptr<Aal5Reassembler> r,
             const Recorder& rec,
             const Reference& ref,
             const uint64_t received[VCS])
{
    ATM_FUZZ_CHECK(rec.events == ref.events);
    Aal5ReassemblyStats total;
    uint64_t delivered = 0;
    for (uint32_t vc = 0; vc < VCS; ++vc)
    {
        const Aal5ReassemblyStats& s = r->GetStats(vc);
        ATM_FUZZ_CHECK(s.cellsReceived == received[vc]);
        ATM_FUZZ_CHECK(s.cellsReceived ==
                       s.cellsDelivered + s.cellsDiscarded + r->GetPartialCells(vc));
        ATM_FUZZ_CHECK(r->GetPartialCells(vc) == ref.partial[vc].size());
        uint64_t frames = 0;
        uint64_t cells = 0;
        uint64_t counts[5] = {0, 0, 0, 0, 0};
        for (const Event& e : rec.events)
        {
            if (e.vc == vc)
            {
                ++counts[static_cast<int>(e.kind)];
                if (e.kind == Kind::DELIVERED)
                {
                    ++frames;
                    cells += e.cells;
                }
            }
        }
        ATM_FUZZ_CHECK(s.framesDelivered == frames && s.cellsDelivered == cells);
        ATM_FUZZ_CHECK(s.crcErrors == counts[1] && s.lengthErrors == counts[2] &&
                       s.oversize == counts[3] && s.timeouts == counts[4]);
        total += s;
        delivered += frames;
    }
    const Aal5ReassemblyStats sum = r->GetTotalStats();
    ATM_FUZZ_CHECK(sum.cellsReceived == total.cellsReceived &&
                   sum.cellsDiscarded == total.cellsDiscarded &&
                   sum.cellsDelivered == total.cellsDelivered);
    ATM_FUZZ_CHECK(rec.droppedCells == total.cellsDiscarded);
    ATM_FUZZ_CHECK(rec.sdus.size() == delivered);
    for (size_t i = 0; i < rec.sdus.size(); ++i)
    {
        ATM_FUZZ_CHECK(rec.sdus[i]->GetSize() == rec.frames[i]->GetSduBytes());
    }
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Reader in{data, size};
    const uint8_t config = in.Byte();
    const bool timer = (config & 1) != 0;
    const uint32_t nFrames = 1 + ((config >> 1) & 7);
    const Time timeout = timer ? MicroSeconds(5 * (in.Byte() + 1)) : Time(0);
    const uint32_t hi = in.Byte();
    const uint32_t maxSdu = 1 + ((hi << 8) | in.Byte()) % Aal5::MAX_SDU_BYTES;

    std::vector<Ptr<Aal5Frame>> frames;
    for (uint32_t f = 0; f < nFrames; ++f)
    {
        const uint32_t word = (uint32_t(in.Byte()) << 8) | in.Byte();
        const uint32_t sduBytes = 1 + (word & 0x03FF);
        std::vector<uint8_t> sdu(sduBytes, static_cast<uint8_t>(0xA0 + f));
        for (uint32_t chunk = 0; chunk * 48 < sduBytes; ++chunk)
        {
            const uint8_t mark[3] = {static_cast<uint8_t>(f),
                                     static_cast<uint8_t>(chunk),
                                     static_cast<uint8_t>(chunk >> 8)};
            for (uint32_t k = 0; k < 3 && chunk * 48 + k < sduBytes; ++k)
            {
                sdu[chunk * 48 + k] = mark[k];
            }
        }
        Ptr<Aal5Frame> frame = Create<Aal5Frame>(Create<Packet>(sdu.data(), sduBytes));
        frame->SetCorrupted((word & 0x8000) != 0);
        frames.push_back(frame);
    }

    Ptr<Aal5Reassembler> modes[2];
    Recorder recorders[2];
    for (int m = 0; m < 2; ++m)
    {
        modes[m] = CreateObject<Aal5Reassembler>();
        modes[m]->SetAttribute("MaxSduBytes", UintegerValue(maxSdu));
        modes[m]->SetAttribute("ReassemblyTimeout", TimeValue(timeout));
        modes[m]->SetAttribute("VerifyBytes", BooleanValue(m == 1));
        modes[m]->SetRxCallback(MakeBoundCallback(&OnRx, &recorders[m]));
        modes[m]->TraceConnectWithoutContext("ReassemblyDrop",
                                             MakeBoundCallback(&OnDrop, &recorders[m]));
    }
    Reference ref;
    const uint32_t maxCells = Aal5::CellsForSdu(maxSdu);
    uint64_t received[VCS] = {0, 0, 0, 0};
    uint32_t fed = 0;
    Time now;

    while (in.More() && fed < MAX_CELLS)
    {
        const uint8_t a = in.Byte();
        const uint8_t b = in.Byte();
        now += MicroSeconds(in.Byte());
        const uint32_t vc = a & 3;
        const uint32_t f = (a >> 2) & 7;
        const bool bitError = (a & 0x20) != 0;
        const uint8_t efci = (a & 0x40) ? 2 : 0;
        const bool clp = (a & 0x80) != 0;

        AtmCell cell;
        cell.vc = vc;
        cell.clp = clp;
        cell.flags = bitError ? AtmCell::PAYLOAD_CORRUPTED : 0;
        uint32_t first = 0;
        uint32_t last = 0;
        if (f < nFrames)
        {
            cell.frame = frames[f];
            cell.count = static_cast<uint16_t>(frames[f]->GetCellCount());
            first = (b & 0x7F) % cell.count;
            last = (b & 0x80) ? cell.count - 1U : first;
        }
        for (uint32_t index = first; index <= last && fed < MAX_CELLS; ++index, ++fed)
        {
            bool eom = false;
            if (cell.frame)
            {
                cell.index = static_cast<uint16_t>(index);
                eom = index + 1U == cell.count;
            }
            else
            {
                eom = (b & 1) != 0;
            }
            cell.pti = static_cast<uint8_t>(efci | (eom ? 1 : 0));
            const RefCell rc{cell.frame ? static_cast<int>(f) : -1,
                             index,
                             bitError || (index == 0 && cell.frame && cell.frame->IsCorrupted())};
            ref.Cell(vc, rc, eom, frames, maxCells, timeout, now);
            for (int m = 0; m < 2; ++m)
            {
                modes[m]->Receive(vc, cell, now);
            }
            ++received[vc];
        }
    }

    for (int m = 0; m < 2; ++m)
    {
        CheckAgainst(modes[m], recorders[m], ref, received);
        for (size_t i = 0; i < recorders[m].sdus.size(); ++i)
        {
            ATM_FUZZ_CHECK(recorders[m].sdus[i]->GetSize() == recorders[0].sdus[i]->GetSize());
        }
        modes[m]->Dispose();
    }
    return 0;
}
