/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5-reassembler.h"

#include "aal5-corrupted-pdu-tag.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Aal5Reassembler");

NS_OBJECT_ENSURE_REGISTERED(Aal5Reassembler);

namespace
{
/// VC indices are dense per receiver; a larger one is a caller bug, not a VC to allocate for.
constexpr uint32_t MAX_VC_INDEX = (1U << 24) - 1;
} // namespace

Aal5ReassemblyStats&
Aal5ReassemblyStats::operator+=(const Aal5ReassemblyStats& other)
{
    cellsReceived += other.cellsReceived;
    framesDelivered += other.framesDelivered;
    cellsDelivered += other.cellsDelivered;
    crcErrors += other.crcErrors;
    lengthErrors += other.lengthErrors;
    oversize += other.oversize;
    timeouts += other.timeouts;
    cellsDiscarded += other.cellsDiscarded;
    corruptedDelivered += other.corruptedDelivered;
    return *this;
}

std::ostream&
operator<<(std::ostream& os, const Aal5ReassemblyStats& stats)
{
    os << "cellsReceived=" << stats.cellsReceived << " framesDelivered=" << stats.framesDelivered
       << " cellsDelivered=" << stats.cellsDelivered << " crcErrors=" << stats.crcErrors
       << " lengthErrors=" << stats.lengthErrors << " oversize=" << stats.oversize
       << " timeouts=" << stats.timeouts << " cellsDiscarded=" << stats.cellsDiscarded
       << " corruptedDelivered=" << stats.corruptedDelivered;
    return os;
}

TypeId
Aal5Reassembler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Aal5Reassembler")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<Aal5Reassembler>()
            .AddAttribute("ReassemblyTimeout",
                          "I.363.5 reassembly timer: a partial CPCS-PDU with no new cell for this "
                          "long is discarded when the next cell of its VC arrives (lazy "
                          "evaluation). 0 disables it, as on the adapters measured in BON.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&Aal5Reassembler::m_timeout),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("MaxSduBytes",
                          "Largest CPCS-SDU accepted, in bytes: a partial unit longer than "
                          "Aal5::CellsForSdu(MaxSduBytes) cells is discarded (OVERSIZE).",
                          UintegerValue(Aal5::MAX_SDU_BYTES),
                          MakeUintegerAccessor(&Aal5Reassembler::SetMaxSduBytes,
                                               &Aal5Reassembler::GetMaxSduBytes),
                          MakeUintegerChecker<uint32_t>(1, Aal5::MAX_SDU_BYTES))
            .AddAttribute("VerifyBytes",
                          "Reassemble real payload bytes and check LEN and CRC-32 on them, "
                          "instead of the equivalent metadata check (slower; for verification).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&Aal5Reassembler::SetVerifyBytes,
                                              &Aal5Reassembler::GetVerifyBytes),
                          MakeBooleanChecker())
            .AddAttribute("CheckCrc",
                          "false: a unit completed by an end-of-PDU cell that fails the LEN or "
                          "CRC-32 check is delivered as a corrupted SDU (tagged "
                          "Aal5CorruptedPduTag) instead of discarded, as BON's simulated VC-merge "
                          "IP routers forwarded corrupted PDUs. For routers only: an end system "
                          "(an AtmNetDevice whose reassembler checks the CRC) refuses tagged "
                          "packets, other devices need an AtmCorruptedPduErrorModel.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&Aal5Reassembler::m_checkCrc),
                          MakeBooleanChecker())
            .AddTraceSource("FrameRx",
                            "A CPCS-SDU passed the LEN and CRC-32 checks and is delivered.",
                            MakeTraceSourceAccessor(&Aal5Reassembler::m_frameRxTrace),
                            "ns3::Aal5Reassembler::FrameRxTracedCallback")
            .AddTraceSource("ReassemblyDrop",
                            "A reassembled or partial unit was discarded: (VC, cells, reason).",
                            MakeTraceSourceAccessor(&Aal5Reassembler::m_dropTrace),
                            "ns3::Aal5Reassembler::ReassemblyDropTracedCallback")
            .AddTraceSource("CorruptedRx",
                            "A unit that failed LEN or CRC-32 was delivered (CheckCrc false): "
                            "(VC, SDU, cells, reason).",
                            MakeTraceSourceAccessor(&Aal5Reassembler::m_corruptedRxTrace),
                            "ns3::Aal5Reassembler::CorruptedRxTracedCallback");
    return tid;
}

Aal5Reassembler::Aal5Reassembler()
    : m_timeout(Seconds(0)),
      m_maxSduBytes(Aal5::MAX_SDU_BYTES),
      m_maxCells(Aal5::MAX_CELLS),
      m_verifyBytes(false)
{
    NS_LOG_FUNCTION(this);
}

Aal5Reassembler::~Aal5Reassembler()
{
    NS_LOG_FUNCTION(this);
}

void
Aal5Reassembler::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_vcs.clear();
    m_rxCallback = RxCallback();
    Object::DoDispose();
}

void
Aal5Reassembler::SetRxCallback(RxCallback cb)
{
    NS_LOG_FUNCTION(this);
    m_rxCallback = cb;
}

void
Aal5Reassembler::SetMaxSduBytes(uint32_t bytes)
{
    m_maxSduBytes = bytes;
    m_maxCells = Aal5::CellsForSdu(bytes); // aborts outside 1..65535 with a message
}

uint32_t
Aal5Reassembler::GetMaxSduBytes() const
{
    return m_maxSduBytes;
}

void
Aal5Reassembler::SetVerifyBytes(bool verify)
{
    if (verify != m_verifyBytes)
    {
        for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
        {
            NS_ABORT_MSG_IF(m_vcs[vc].cells != 0,
                            "Aal5Reassembler: VerifyBytes changed while VC "
                                << vc << " holds a partial unit of " << m_vcs[vc].cells
                                << " cells; set it before the first cell arrives");
        }
    }
    m_verifyBytes = verify;
}

bool
Aal5Reassembler::GetVerifyBytes() const
{
    return m_verifyBytes;
}

Aal5Reassembler::VcState&
Aal5Reassembler::GetState(uint32_t vc)
{
    if (vc >= m_vcs.size())
    {
        NS_ABORT_MSG_IF(vc > MAX_VC_INDEX,
                        "Aal5Reassembler::Receive: VC index "
                            << vc << " exceeds " << MAX_VC_INDEX
                            << "; VC indices are dense per receiver (0, 1, 2, ...)");
        m_vcs.resize(vc + 1);
    }
    return m_vcs[vc];
}

void
Aal5Reassembler::Reset(VcState& s)
{
    s.frame = nullptr;
    s.cells = 0;
    s.nextIndex = 0;
    s.consistent = false;
    s.bytes.clear(); // keeps the capacity: no allocation for the next unit
}

void
Aal5Reassembler::Receive(uint32_t vc, const AtmCell& cell)
{
    Receive(vc, cell, m_timeout.IsStrictlyPositive() ? Simulator::Now() : Time());
}

void
Aal5Reassembler::Receive(uint32_t vc, const AtmCell& cell, Time now)
{
    // Per-cell hot path: no NS_LOG_FUNCTION, which would dominate debug-build run time.
    const bool timer = m_timeout.IsStrictlyPositive();
    if (timer)
    {
        VcState& stale = GetState(vc);
        if (stale.cells > 0 && now > stale.deadline)
        {
            Discard(vc, stale, TIMEOUT);
        }
    }

    // Fetched after the TIMEOUT trace: a trace sink may have grown m_vcs.
    VcState& s = GetState(vc);
    ++s.stats.cellsReceived;
    const bool corrupted = cell.IsPayloadCorrupted();
    if (s.cells == 0)
    {
        s.frame = cell.frame;
        s.consistent = cell.frame && cell.index == 0 && !corrupted;
    }
    else
    {
        s.consistent =
            s.consistent && cell.frame == s.frame && cell.index == s.nextIndex && !corrupted;
    }
    s.nextIndex = cell.index + 1U;
    ++s.cells;

    if (m_verifyBytes)
    {
        if (s.bytes.capacity() == 0)
        {
            // Once per VC: room for the largest unit kept before the OVERSIZE check fires.
            s.bytes.reserve(static_cast<size_t>(Aal5::MAX_CELLS + 1) * Aal5::CELL_PAYLOAD_BYTES);
        }
        const size_t offset = s.bytes.size();
        s.bytes.resize(offset + Aal5::CELL_PAYLOAD_BYTES);
        cell.CopyPayload(s.bytes.data() + offset);
    }

    // The size is checked after appending, before looking at the end-of-PDU mark (this model's
    // order): an end-of-PDU cell that makes the unit too long is OVERSIZE.
    if (s.cells > m_maxCells)
    {
        Discard(vc, s, OVERSIZE);
    }
    else if (cell.IsEndOfPdu())
    {
        Complete(vc, s, cell);
    }
    else if (timer)
    {
        s.deadline = now + m_timeout;
    }

    // Re-read the state: the callback or a trace sink of Complete()/Discard() may have grown m_vcs.
    NS_ASSERT_MSG(m_vcs[vc].stats.cellsReceived == m_vcs[vc].stats.cellsDelivered +
                                                       m_vcs[vc].stats.cellsDiscarded +
                                                       m_vcs[vc].cells,
                  "Aal5Reassembler: ledger broken on VC " << vc << ": " << m_vcs[vc].stats
                                                          << " partial=" << m_vcs[vc].cells);
}

Aal5::Result
Aal5Reassembler::CheckMetadata(const VcState& s, const AtmCell& eom) const
{
    // The byte check reads LEN from the last 8 bytes of the unit, which are the trailer of the
    // end-of-PDU cell's frame (only a frame's last cell carries the end-of-PDU mark). A cell
    // without a frame has an all-zero payload, hence LEN = 0.
    NS_ASSERT_MSG(!eom.frame || eom.index + 1U == eom.frame->GetCellCount(),
                  "Aal5Reassembler: end-of-PDU mark on cell "
                      << eom.index << " of frame " << eom.frame->GetId() << " with "
                      << eom.frame->GetCellCount() << " cells");
    const uint64_t size = static_cast<uint64_t>(s.cells) * Aal5::CELL_PAYLOAD_BYTES;
    const uint64_t len = eom.frame ? eom.frame->GetSduBytes() : 0;
    if (len == 0 || len > size - Aal5::TRAILER_BYTES || size - Aal5::TRAILER_BYTES - len > 47)
    {
        return Aal5::Result::LENGTH_ERROR;
    }
    // The length fits, so the unit has exactly the frame's cell count; its CRC-32 holds iff
    // those cells are the frame's own, in order and intact.
    if (!s.consistent || s.frame != eom.frame || s.cells != eom.frame->GetCellCount())
    {
        return Aal5::Result::CRC_ERROR;
    }
    return Aal5::Result::OK;
}

void
Aal5Reassembler::Complete(uint32_t vc, VcState& s, const AtmCell& eom)
{
    Aal5::Result result;
    if (m_verifyBytes)
    {
        uint32_t sduLength = 0;
        result =
            Aal5::CheckCpcsPdu(s.bytes.data(), static_cast<uint32_t>(s.bytes.size()), &sduLength);
        NS_ASSERT_MSG(result != Aal5::Result::OK ||
                          (eom.frame && s.bytes == eom.frame->GetCpcsPduBytes()),
                      "Aal5Reassembler: VC " << vc
                                             << ": unit passed LEN and CRC-32 but differs from "
                                                "the frame of its end-of-PDU cell");
    }
    else
    {
        result = CheckMetadata(s, eom);
    }

    if (result == Aal5::Result::LENGTH_ERROR || result == Aal5::Result::CRC_ERROR)
    {
        const char* reason = result == Aal5::Result::LENGTH_ERROR ? LENGTH_ERROR : CRC_ERROR;
        if (m_checkCrc)
        {
            Discard(vc, s, reason);
        }
        else
        {
            // LEN is consistent with a CRC failure, so a receiver that skips the CRC passes up
            // LEN bytes; with LEN inconsistent, everything but the trailer.
            const uint32_t sduBytes =
                result == Aal5::Result::CRC_ERROR && eom.frame
                    ? eom.frame->GetSduBytes()
                    : s.cells * Aal5::CELL_PAYLOAD_BYTES - Aal5::TRAILER_BYTES;
            DeliverCorrupted(vc, s, reason, sduBytes);
        }
        return;
    }

    ++s.stats.framesDelivered;
    s.stats.cellsDelivered += s.cells;
    Reset(s);
    NS_LOG_LOGIC("VC " << vc << ": frame " << eom.frame->GetId() << " delivered, "
                       << eom.frame->GetSduBytes() << " B");
    if (!m_rxCallback.IsNull() || !m_frameRxTrace.IsEmpty())
    {
        Ptr<Packet> sdu = eom.frame->GetSdu()->Copy();
        m_frameRxTrace(vc, sdu);
        if (!m_rxCallback.IsNull())
        {
            m_rxCallback(vc, sdu, eom.frame);
        }
    }
}

bool
Aal5Reassembler::GetCheckCrc() const
{
    return m_checkCrc;
}

void
Aal5Reassembler::DeliverCorrupted(uint32_t vc, VcState& s, const char* reason, uint32_t sduBytes)
{
    // Keep at least the encapsulation, IP and TCP headers of the first frame: 8 + 60 + 60.
    constexpr uint32_t MIN_BYTES = 128;
    const uint32_t cells = s.cells;
    Ptr<const Aal5Frame> first = s.frame;
    ++s.stats.corruptedDelivered;
    s.stats.cellsDelivered += cells;
    Reset(s);
    NS_LOG_LOGIC("VC " << vc << ": corrupted unit of " << cells << " cells delivered (" << reason
                       << ")");
    if (m_rxCallback.IsNull() && m_corruptedRxTrace.IsEmpty())
    {
        return;
    }
    Ptr<Packet> sdu = first ? first->GetSdu()->Copy() : Create<Packet>(0);
    const uint32_t target = std::max(sduBytes, std::min(sdu->GetSize(), MIN_BYTES));
    if (sdu->GetSize() > target)
    {
        sdu->RemoveAtEnd(sdu->GetSize() - target);
    }
    else if (sdu->GetSize() < target)
    {
        sdu->AddPaddingAtEnd(target - sdu->GetSize());
    }
    Aal5CorruptedPduTag tag(reason == LENGTH_ERROR ? Aal5CorruptedPduTag::LENGTH
                                                   : Aal5CorruptedPduTag::CRC);
    Aal5CorruptedPduTag previous; // the first frame may carry one from a router before
    sdu->RemovePacketTag(previous);
    sdu->AddPacketTag(tag);
    m_corruptedRxTrace(vc, sdu, cells, reason);
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(vc, sdu, first);
    }
}

void
Aal5Reassembler::Discard(uint32_t vc, VcState& s, const char* reason)
{
    const uint32_t cells = s.cells;
    if (reason == CRC_ERROR)
    {
        ++s.stats.crcErrors;
    }
    else if (reason == LENGTH_ERROR)
    {
        ++s.stats.lengthErrors;
    }
    else if (reason == OVERSIZE)
    {
        ++s.stats.oversize;
    }
    else
    {
        NS_ASSERT(reason == TIMEOUT);
        ++s.stats.timeouts;
    }
    s.stats.cellsDiscarded += cells;
    Reset(s);
    NS_LOG_LOGIC("VC " << vc << ": " << cells << " cells discarded: " << reason);
    m_dropTrace(vc, cells, reason);
}

void
Aal5Reassembler::ExpireStale()
{
    NS_LOG_FUNCTION(this);
    if (!m_timeout.IsStrictlyPositive())
    {
        return;
    }
    const Time now = Simulator::Now();
    for (uint32_t vc = 0; vc < m_vcs.size(); ++vc)
    {
        VcState& s = m_vcs[vc];
        if (s.cells > 0 && now > s.deadline)
        {
            Discard(vc, s, TIMEOUT);
        }
    }
}

uint32_t
Aal5Reassembler::GetPartialCells(uint32_t vc) const
{
    return vc < m_vcs.size() ? m_vcs[vc].cells : 0;
}

const Aal5ReassemblyStats&
Aal5Reassembler::GetStats(uint32_t vc) const
{
    static const Aal5ReassemblyStats none;
    return vc < m_vcs.size() ? m_vcs[vc].stats : none;
}

Aal5ReassemblyStats
Aal5Reassembler::GetTotalStats() const
{
    Aal5ReassemblyStats total;
    for (const VcState& s : m_vcs)
    {
        total += s.stats;
    }
    return total;
}

uint32_t
Aal5Reassembler::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

} // namespace ns3
