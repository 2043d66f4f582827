/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AAL5_SEGMENTER_H
#define AAL5_SEGMENTER_H

#include "aal5-frame.h"

#include "ns3/atm-cell.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief AAL5 SAR on the sending side: a lazy cursor that turns one frame into its cells.
 *
 * A frame becomes cells only when its VC may send one: a sender keeps one segmenter
 * per VC and calls Next() once per cell slot. The segmenter is a small value (a frame reference,
 * the labels and a counter); Next() allocates nothing.
 *
 * Every cell carries the same VPI, VCI and CLP (an end system never mixes CLP within a PDU, BON).
 * The PTI is 0 (2 with EFCI) for all cells but the last, which has the
 * ATM-user-to-ATM-user bit set: PTI 1 (3 with EFCI), the AAL5 end-of-PDU mark.
 */
class Aal5Segmenter
{
  public:
    /// An empty cursor: IsDone() is true.
    Aal5Segmenter();

    /**
     * @brief Start segmenting a frame.
     *
     * Aborts for a null frame.
     *
     * @param frame the frame to segment
     * @param vpi VPI of every cell
     * @param vci VCI of every cell
     * @param clp CLP of every cell
     * @param efci whether the cells leave with the congestion indication set (PTI bit 1)
     */
    Aal5Segmenter(Ptr<Aal5Frame> frame, uint16_t vpi, uint16_t vci, bool clp, bool efci = false);

    /**
     * @return true when every cell of the frame has been produced (or there is no frame)
     */
    bool IsDone() const;
    /**
     * @return the number of cells still to produce
     */
    uint32_t GetRemaining() const;
    /**
     * @return the frame being segmented (null for an empty cursor)
     */
    Ptr<Aal5Frame> GetFrame() const;

    /**
     * @brief Produce the next cell. Aborts if IsDone().
     * @return the cell (its @c vc field is 0: the queueing component sets it)
     */
    AtmCell Next();

    /**
     * @brief Segment a whole frame at once (for tests and examples; the data path uses Next()).
     * @param frame the frame
     * @param vpi VPI of every cell
     * @param vci VCI of every cell
     * @param clp CLP of every cell
     * @param efci congestion indication on every cell
     * @return the frame's cells in order
     */
    static std::vector<AtmCell> Segment(Ptr<Aal5Frame> frame,
                                        uint16_t vpi,
                                        uint16_t vci,
                                        bool clp = false,
                                        bool efci = false);

  private:
    Ptr<Aal5Frame> m_frame; //!< frame being segmented
    uint16_t m_vpi;         //!< VPI of the cells
    uint16_t m_vci;         //!< VCI of the cells
    uint16_t m_next;        //!< index of the next cell
    uint16_t m_count;       //!< cells of the frame
    bool m_clp;             //!< CLP of the cells
    bool m_efci;            //!< EFCI of the cells
};

} // namespace ns3

#endif // AAL5_SEGMENTER_H
