/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5-sender.h"

#include "aal5-frame.h"
#include "aal5.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Aal5Sender");

NS_OBJECT_ENSURE_REGISTERED(Aal5Sender);

TypeId
Aal5Sender::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Aal5Sender")
                            .SetParent<Object>()
                            .SetGroupName("Atm")
                            .AddConstructor<Aal5Sender>();
    return tid;
}

Aal5Sender::Aal5Sender()
{
    NS_LOG_FUNCTION(this);
}

Aal5Sender::~Aal5Sender()
{
    NS_LOG_FUNCTION(this);
}

void
Aal5Sender::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_tx = nullptr;
    m_vcs.clear();
    m_frameStart = FrameStartCallback();
    m_frameQueued = FrameQueuedCallback();
    Object::DoDispose();
}

void
Aal5Sender::SetTransmitter(Ptr<AtmCellTransmitter> tx)
{
    NS_LOG_FUNCTION(this << tx);
    m_tx = tx;
}

void
Aal5Sender::SetFrameStartCallback(FrameStartCallback cb)
{
    m_frameStart = cb;
}

void
Aal5Sender::SetFrameQueuedCallback(FrameQueuedCallback cb)
{
    m_frameQueued = cb;
}

void
Aal5Sender::SetQueueLimits(uint32_t totalBytes, uint32_t vcBytes)
{
    NS_ABORT_MSG_IF(totalBytes == 0,
                    "Aal5Sender: a frame queue limit of 0 bytes refuses every SDU");
    m_queueLimit = totalBytes;
    m_vcQueueLimit = vcBytes;
}

uint32_t
Aal5Sender::GetQueueLimit() const
{
    return m_queueLimit;
}

uint32_t
Aal5Sender::GetVcQueueLimit() const
{
    return m_vcQueueLimit;
}

uint32_t
Aal5Sender::AddVc(uint16_t vpi, uint16_t vci)
{
    NS_LOG_FUNCTION(this << vpi << vci);
    Vc v;
    v.vpi = vpi;
    v.vci = vci;
    m_vcs.push_back(std::move(v));
    return static_cast<uint32_t>(m_vcs.size() - 1);
}

uint32_t
Aal5Sender::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

Aal5Sender::Vc&
Aal5Sender::GetVc(uint32_t vc)
{
    NS_ABORT_MSG_IF(vc >= m_vcs.size(),
                    "Aal5Sender: VC index " << vc << " but the sender has " << m_vcs.size()
                                            << " VCs");
    return m_vcs[vc];
}

const char*
Aal5Sender::CheckEnqueue(uint32_t vc, uint32_t bytes) const
{
    const Vc& v = m_vcs.at(vc);
    if (bytes > MAX_SDU_BYTES)
    {
        return TOO_BIG;
    }
    if (static_cast<uint64_t>(m_queueBytes) + bytes > m_queueLimit)
    {
        return QUEUE_FULL;
    }
    if (m_vcQueueLimit > 0 && static_cast<uint64_t>(v.queueBytes) + bytes > m_vcQueueLimit)
    {
        return VC_QUEUE_FULL;
    }
    if (v.bufferCells > 0 &&
        static_cast<uint64_t>(v.queueCells) + v.cursor.GetRemaining() + Aal5::CellsForSdu(bytes) >
            v.bufferCells)
    {
        return VC_BUFFER_FULL;
    }
    return nullptr;
}

void
Aal5Sender::SetVcBufferCells(uint32_t vc, uint32_t cells)
{
    NS_LOG_FUNCTION(this << vc << cells);
    GetVc(vc).bufferCells = cells;
}

uint32_t
Aal5Sender::GetVcBufferCells(uint32_t vc) const
{
    return m_vcs.at(vc).bufferCells;
}

uint32_t
Aal5Sender::GetVcBacklogCells(uint32_t vc) const
{
    const Vc& v = m_vcs.at(vc);
    return v.queueCells + v.cursor.GetRemaining();
}

void
Aal5Sender::SetVcPduTagger(uint32_t vc, Ptr<AtmPduTagger> tagger)
{
    NS_LOG_FUNCTION(this << vc << tagger);
    Vc& v = GetVc(vc);
    m_taggers -= v.tagger ? 1 : 0;
    v.tagger = tagger;
    v.pduTagged = false;
    m_taggers += v.tagger ? 1 : 0;
}

Ptr<AtmPduTagger>
Aal5Sender::GetVcPduTagger(uint32_t vc) const
{
    return m_vcs.at(vc).tagger;
}

bool
Aal5Sender::HasPduTaggers() const
{
    return m_taggers > 0;
}

void
Aal5Sender::SetVcAbr(uint32_t vc, Ptr<AtmAbrSource> source, Ptr<AtmAbrDestination> destination)
{
    NS_LOG_FUNCTION(this << vc << source << destination);
    Vc& v = GetVc(vc);
    NS_ABORT_MSG_IF(!source || !destination, "Aal5Sender: SetVcAbr(" << vc << ") with a null end");
    NS_ABORT_MSG_IF(v.abrSource, "Aal5Sender: VC " << vc << " is an ABR VC already");
    NS_ABORT_MSG_IF(m_started, "Aal5Sender: SetVcAbr after the first cell was staged");
    v.abrSource = source;
    v.abrDest = destination;
    ++m_abrVcs;
}

bool
Aal5Sender::NeedsDeparture() const
{
    return m_taggers > 0 || m_abrVcs > 0;
}

void
Aal5Sender::NotifyBackwardRmWaiting(uint32_t vc)
{
    Vc& v = GetVc(vc);
    NS_ASSERT_MSG(v.abrDest && v.abrDest->HasBackwardRm(),
                  "Aal5Sender: NotifyBackwardRmWaiting on VC " << vc << " without one");
    if (v.staged)
    {
        return; // the staged cell's departure is the next cell opportunity
    }
    NS_ABORT_MSG_IF(!m_tx,
                    "Aal5Sender: a backward RM cell to send on VC "
                        << vc << " but no transmitter; attach the adapter to an AtmChannel first");
    AtmCell placeholder;
    placeholder.vpi = v.vpi;
    placeholder.vci = v.vci;
    placeholder.pti = AtmRmFields::PTI;
    v.placeholder = true;
    v.staged = true;
    m_started = true;
    m_tx->Stage(placeholder, vc);
}

bool
Aal5Sender::PrepareAbr(Vc& v, AtmCell& cell, Time start)
{
    // TM 4.0 rule 3 at the cell opportunity this departure is.
    AtmAbrSource& source = *v.abrSource;
    if (!source.IsStarted())
    {
        source.Start(start); // rule 2: ACR = ICR at the VC's first cell opportunity
    }
    const AtmAbrSource::Next next =
        source.SelectNext(start, v.abrDest->HasBackwardRm(), !v.placeholder);
    if (next == AtmAbrSource::DATA)
    {
        source.SendData();
        return false;
    }
    NS_ASSERT_MSG(next != AtmAbrSource::NOTHING,
                  "Aal5Sender: an ABR cell opportunity with nothing to send on VC " << cell.vc);
    AtmRmFields rm;
    if (next == AtmAbrSource::FORWARD_RM)
    {
        rm = source.SendForwardRm(start);
    }
    else
    {
        rm = v.abrDest->TakeBackwardRm();
        source.SendBackwardRm();
    }
    // A placeholder that leaves as the backward RM cell it stood for is used up; any other
    // staged cell goes back into the port once the RM cell has left.
    const bool usedUp = v.placeholder && next == AtmAbrSource::BACKWARD_RM;
    if (usedUp)
    {
        v.placeholder = false;
    }
    else
    {
        v.deferred = cell;
        v.restage = true;
    }
    const uint32_t vc = cell.vc;
    cell = AtmCell();
    cell.vc = vc;
    cell.vpi = v.vpi;
    cell.vci = v.vci;
    cell.pti = AtmRmFields::PTI;
    cell.rm = rm;
    ++v.stats.rmCellsTx;
    return true;
}

void
Aal5Sender::PrepareDeparture(AtmCell& cell, Time start)
{
    // Per cell: no NS_LOG_FUNCTION.
    NS_ASSERT_MSG(cell.vc < m_vcs.size(), "Aal5Sender: a departing cell of unknown VC " << cell.vc);
    Vc& v = m_vcs[cell.vc];
    if (v.abrSource && PrepareAbr(v, cell, start))
    {
        return; // an RM cell: no PDU tagging
    }
    if (!v.tagger)
    {
        return;
    }
    if (cell.index == 0)
    {
        // The PDU's first cell starts now: the whole PDU is decided here.
        v.pduTagged = !v.tagger->Decide(start, cell.count);
        v.stats.framesTagged += v.pduTagged ? 1 : 0;
    }
    cell.clp = cell.clp || v.pduTagged;
}

void
Aal5Sender::Enqueue(uint32_t vc, Ptr<Packet> sdu)
{
    NS_LOG_FUNCTION(this << vc << sdu);
    NS_ASSERT_MSG(CheckEnqueue(vc, sdu->GetSize()) == nullptr,
                  "Aal5Sender: Enqueue of an SDU that CheckEnqueue refuses");
    Push(vc, sdu);
    if (!m_vcs[vc].staged)
    {
        StartFrame(vc);
    }
}

void
Aal5Sender::SetFrameSource(uint32_t vc, FrameSourceCallback source)
{
    NS_LOG_FUNCTION(this << vc);
    GetVc(vc).source = source;
}

void
Aal5Sender::Wake(uint32_t vc)
{
    NS_LOG_FUNCTION(this << vc);
    Vc& v = GetVc(vc);
    if (!v.staged && v.queue.IsEmpty() && !v.source.IsNull() && Pull(vc))
    {
        StartFrame(vc);
    }
}

bool
Aal5Sender::Pull(uint32_t vc)
{
    Vc& v = m_vcs[vc];
    Ptr<Packet> sdu = v.source();
    if (!sdu)
    {
        return false;
    }
    NS_ABORT_MSG_IF(sdu->GetSize() > MAX_SDU_BYTES,
                    "Aal5Sender: the frame source of VC "
                        << vc << " gave " << sdu->GetSize()
                        << " bytes; an AAL5 SDU holds at most 65535 (ITU-T I.363.5)");
    Push(vc, sdu);
    return true;
}

void
Aal5Sender::Push(uint32_t vc, Ptr<Packet> sdu)
{
    Vc& v = GetVc(vc);
    const uint32_t bytes = sdu->GetSize();
    const uint32_t cells = Aal5::CellsForSdu(bytes);
    v.queue.Push(sdu);
    v.queueBytes += bytes;
    v.queueCells += cells;
    m_queueBytes += bytes;
    ++v.stats.framesQueued;
    if (!m_frameQueued.IsNull())
    {
        m_frameQueued(vc, cells);
    }
}

void
Aal5Sender::StartFrame(uint32_t vc)
{
    Vc& v = m_vcs[vc];
    NS_ASSERT(!v.queue.IsEmpty() && v.cursor.IsDone());
    NS_ABORT_MSG_IF(!m_tx,
                    "Aal5Sender: a frame to send on VC " << vc
                                                         << " but no transmitter; attach the "
                                                            "adapter to an AtmChannel first");
    Ptr<Packet> sdu = v.queue.Front();
    v.queue.Pop();
    const uint32_t bytes = sdu->GetSize();
    v.queueBytes -= bytes;
    v.queueCells -= Aal5::CellsForSdu(bytes);
    m_queueBytes -= bytes;
    ++v.stats.framesTx;
    v.stats.bytesTx += bytes;
    if (!m_frameStart.IsNull())
    {
        m_frameStart(vc, sdu);
    }
    v.cursor = Aal5Segmenter(Create<Aal5Frame>(sdu), v.vpi, v.vci, false);
    v.staged = true;
    m_started = true;
    m_tx->Stage(v.cursor.Next(), vc);
}

void
Aal5Sender::NotifyCellSent(uint32_t vc)
{
    // Per cell: no NS_LOG_FUNCTION. The staged cell left: stage the PDU's next one, or start
    // the VC's next PDU (which a frame source may supply now).
    Vc& v = m_vcs[vc];
    ++v.stats.cellsTx;
    if (v.restage)
    {
        // An RM cell took the slot of the staged cell (PrepareAbr()): stage that cell again.
        v.restage = false;
        m_tx->Stage(v.deferred, vc);
        v.deferred.frame = nullptr;
        return;
    }
    if (!v.cursor.IsDone())
    {
        m_tx->Stage(v.cursor.Next(), vc);
        return;
    }
    v.cursor = Aal5Segmenter(); // releases the frame
    v.staged = false;
    if (!v.queue.IsEmpty() || (!v.source.IsNull() && Pull(vc)))
    {
        StartFrame(vc);
    }
}

bool
Aal5Sender::HasStarted() const
{
    return m_started;
}

const Aal5SenderVcStats&
Aal5Sender::GetVcStats(uint32_t vc) const
{
    return m_vcs.at(vc).stats;
}

uint32_t
Aal5Sender::GetVcQueueBytes(uint32_t vc) const
{
    return m_vcs.at(vc).queueBytes;
}

uint32_t
Aal5Sender::GetVcUnsegmentedCells(uint32_t vc) const
{
    return m_vcs.at(vc).cursor.GetRemaining();
}

uint32_t
Aal5Sender::GetQueueBytes() const
{
    return m_queueBytes;
}

} // namespace ns3
