/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-test-utils.h"

#include "ns3/aal5-segmenter.h"
#include "ns3/callback.h"

namespace ns3
{
namespace atmtest
{

uint32_t
RefCrc32Bitwise(const uint8_t* data, uint32_t length)
{
    // Shift each message bit into the register, MSB of each byte first; when the bit leaving at
    // the top differs from the message bit, subtract (XOR) the generator.
    uint32_t reg = 0xFFFFFFFFU;
    for (uint32_t i = 0; i < length; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const uint32_t in = (data[i] >> bit) & 1U;
            const uint32_t top = reg >> 31;
            reg <<= 1;
            if ((top ^ in) != 0)
            {
                reg ^= 0x04C11DB7U;
            }
        }
    }
    return ~reg;
}

uint8_t
RefCrc8Bitwise(const uint8_t* data, uint32_t length)
{
    uint32_t reg = 0;
    for (uint32_t i = 0; i < length; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            const uint32_t in = (data[i] >> bit) & 1U;
            const uint32_t top = (reg >> 7) & 1U;
            reg = (reg << 1) & 0xFFU;
            if ((top ^ in) != 0)
            {
                reg ^= 0x07U; // x^2 + x + 1; the x^8 term is the bit shifted out
            }
        }
    }
    return static_cast<uint8_t>(reg ^ 0x55U);
}

std::vector<uint8_t>
PseudoRandomBytes(uint32_t length, uint32_t seed)
{
    std::vector<uint8_t> bytes(length);
    uint32_t x = seed * 2654435761U + 0x9E3779B9U;
    if (x == 0)
    {
        x = 1;
    }
    for (uint32_t i = 0; i < length; ++i)
    {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = static_cast<uint8_t>(x >> 24);
    }
    return bytes;
}

Ptr<Packet>
MakePacket(uint32_t length, uint32_t seed)
{
    const std::vector<uint8_t> bytes = PseudoRandomBytes(length, seed);
    return Create<Packet>(bytes.data(), length);
}

Ptr<Aal5Frame>
MakeFrame(uint32_t sduBytes, uint32_t seed)
{
    return Create<Aal5Frame>(MakePacket(sduBytes, seed));
}

std::vector<AtmCell>
MakeCells(uint32_t sduBytes, uint32_t seed)
{
    return Aal5Segmenter::Segment(MakeFrame(sduBytes, seed), 0, 32);
}

std::vector<uint8_t>
PacketBytes(Ptr<const Packet> p)
{
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), p->GetSize());
    return bytes;
}

/// Feed cells to one VC, skipping the indices listed in @p skip.
void
Feed(Ptr<Aal5Reassembler> r,
     uint32_t vc,
     const std::vector<AtmCell>& cells,
     const std::vector<uint32_t>& skip)
{
    for (uint32_t i = 0; i < cells.size(); ++i)
    {
        bool skipped = false;
        for (uint32_t s : skip)
        {
            skipped = skipped || (s == i);
        }
        if (!skipped)
        {
            r->Receive(vc, cells[i]);
        }
    }
}

/// @return true if the ledger identity holds on this VC
bool
LedgerHolds(Ptr<Aal5Reassembler> r, uint32_t vc)
{
    const Aal5ReassemblyStats& s = r->GetStats(vc);
    return s.cellsReceived == s.cellsDelivered + s.cellsDiscarded + r->GetPartialCells(vc);
}

/// @return true if both sets of counters are identical
bool
SameStats(const Aal5ReassemblyStats& a, const Aal5ReassemblyStats& b)
{
    return a.cellsReceived == b.cellsReceived && a.framesDelivered == b.framesDelivered &&
           a.cellsDelivered == b.cellsDelivered && a.crcErrors == b.crcErrors &&
           a.lengthErrors == b.lengthErrors && a.oversize == b.oversize &&
           a.timeouts == b.timeouts && a.cellsDiscarded == b.cellsDiscarded;
}

bool
ReassemblyRecorder::Event::operator==(const Event& other) const
{
    return delivered == other.delivered && vc == other.vc && cells == other.cells &&
           reason == other.reason && frameId == other.frameId && bytes == other.bytes;
}

void
ReassemblyRecorder::Attach(Ptr<Aal5Reassembler> reassembler)
{
    reassembler->SetRxCallback(MakeCallback(&ReassemblyRecorder::Rx, this));
    reassembler->TraceConnectWithoutContext("FrameRx",
                                            MakeCallback(&ReassemblyRecorder::FrameRx, this));
    reassembler->TraceConnectWithoutContext("ReassemblyDrop",
                                            MakeCallback(&ReassemblyRecorder::Drop, this));
}

uint32_t
ReassemblyRecorder::CountDrops(const char* reason) const
{
    uint32_t n = 0;
    for (const Event& e : events)
    {
        n += (!e.delivered && e.reason == reason) ? 1 : 0;
    }
    return n;
}

uint32_t
ReassemblyRecorder::CountDelivered() const
{
    uint32_t n = 0;
    for (const Event& e : events)
    {
        n += e.delivered ? 1 : 0;
    }
    return n;
}

void
ReassemblyRecorder::Rx(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame)
{
    events.push_back({true, vc, 0, nullptr, frame->GetId(), sdu->GetSize()});
    sduBytes.push_back(PacketBytes(sdu));
}

void
ReassemblyRecorder::FrameRx(uint32_t vc, Ptr<const Packet> sdu)
{
    ++frameRxTraces;
}

void
ReassemblyRecorder::Drop(uint32_t vc, uint32_t cells, const char* reason)
{
    events.push_back({false, vc, cells, reason, 0, 0});
}

} // namespace atmtest
} // namespace ns3
