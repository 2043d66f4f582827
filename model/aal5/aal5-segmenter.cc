/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "aal5-segmenter.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Aal5Segmenter");

Aal5Segmenter::Aal5Segmenter()
    : m_frame(nullptr),
      m_vpi(0),
      m_vci(0),
      m_next(0),
      m_count(0),
      m_clp(false),
      m_efci(false)
{
}

Aal5Segmenter::Aal5Segmenter(Ptr<Aal5Frame> frame, uint16_t vpi, uint16_t vci, bool clp, bool efci)
    : m_frame(frame),
      m_vpi(vpi),
      m_vci(vci),
      m_next(0),
      m_count(0),
      m_clp(clp),
      m_efci(efci)
{
    NS_ABORT_MSG_IF(!frame,
                    "Aal5Segmenter: null frame for VPI/VCI " << vpi << "/" << vci
                                                             << "; create an Aal5Frame first");
    m_count = static_cast<uint16_t>(frame->GetCellCount());
}

bool
Aal5Segmenter::IsDone() const
{
    return m_next >= m_count;
}

uint32_t
Aal5Segmenter::GetRemaining() const
{
    return m_count - m_next;
}

Ptr<Aal5Frame>
Aal5Segmenter::GetFrame() const
{
    return m_frame;
}

AtmCell
Aal5Segmenter::Next()
{
    NS_ABORT_MSG_IF(IsDone(),
                    "Aal5Segmenter::Next: all " << m_count << " cells of the frame on VPI/VCI "
                                                << m_vpi << "/" << m_vci
                                                << " were already produced; check IsDone() first");
    AtmCell cell;
    cell.frame = m_frame;
    cell.index = m_next;
    cell.count = m_count;
    cell.vpi = m_vpi;
    cell.vci = m_vci;
    cell.clp = m_clp;
    // PTI 0 u u: EFCI is the middle bit, the ATM-user-to-ATM-user bit (end of PDU) the low one.
    cell.pti = static_cast<uint8_t>((m_efci ? 0x2 : 0x0) | (m_next + 1 == m_count ? 0x1 : 0x0));
    ++m_next;
    return cell;
}

std::vector<AtmCell>
Aal5Segmenter::Segment(Ptr<Aal5Frame> frame, uint16_t vpi, uint16_t vci, bool clp, bool efci)
{
    Aal5Segmenter segmenter(frame, vpi, vci, clp, efci);
    std::vector<AtmCell> cells;
    cells.reserve(segmenter.GetRemaining());
    while (!segmenter.IsDone())
    {
        cells.push_back(segmenter.Next());
    }
    return cells;
}

} // namespace ns3
