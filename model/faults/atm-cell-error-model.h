/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_ERROR_MODEL_H
#define ATM_CELL_ERROR_MODEL_H

#include "ns3/atm-cell.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCellErrorModel: what a link does to one cell (loss, header and payload bit errors).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief What the line did to one cell: lost, or delivered with some bits inverted.
 */
struct AtmCellImpairment
{
    bool lost{false};             //!< the cell never reaches the receiver
    uint8_t headerBitErrors{0};   //!< inverted bits among the 40 header bits (HEC included)
    uint16_t payloadBitErrors{0}; //!< inverted bits among the 384 payload bits
};

/**
 * @ingroup atm
 * @brief A cell-level error model of one link (AtmChannel attribute `ErrorModel`): independent
 *        cell loss and independent (binomial) bit errors in the header and in the payload.
 *
 * Per cell, with CLR = `CellLossRatio`, p_h = `HeaderBitErrorRate`, p_p = `PayloadBitErrorRate`:
 *
 * @verbatim
   Draw(cell):
       if CLR > 0 and U < CLR:  lost                                    (one uniform draw)
       h = p_h > 0 ? Binomial(40, p_h)  : 0   errored header bits       (one uniform draw)
       e = p_p > 0 ? Binomial(384, p_p) : 0   errored payload bits      (one uniform draw)
   @endverbatim
 *
 * The binomial counts are drawn by inversion of their distribution function, tabulated when a
 * rate is set (one uniform draw per count; an error-free count is one comparison, an errored one a
 * binary search of at most 9 steps). A rate of 0 costs no draw, and a link without an error model
 * costs nothing at all (AtmChannel does not call it).
 *
 * What happens next is the link's business (AtmChannel): a lost cell is counted and traced; the
 * header errors go to the receiving end's HEC (AtmHecReceiver, ITU-T I.432.1 clause 7.3.1),
 * which corrects a single-bit error in correction mode and discards the other errored headers;
 * a cell with payload errors is delivered marked AtmCell::PAYLOAD_CORRUPTED, and the AAL5
 * CRC-32 of the destination's reassembler (ITU-T I.363.5) discards its frame (CRC_ERROR). With a
 * single `BitErrorRate` p on the line, set both rates to p: P(header errored) = 1 - (1 - p)^40,
 * P(payload errored) = 1 - (1 - p)^384.
 *
 * The model assumes independent bit errors (a binary symmetric channel); burst errors (a
 * Gilbert-Elliott line, say) can be modelled by a subclass overriding Draw(). The draws come from
 one UniformRandomVariable: AssignStreams()
 * fixes its stream (AtmChannel::AssignStreams, AtmHelper::AssignStreams).
 */
class AtmCellErrorModel : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellErrorModel();
    ~AtmCellErrorModel() override;

    /**
     * @brief Decide what the line does to one cell.
     * @param cell the cell being sent (a subclass may look at it, e.g. to script errors)
     * @return the impairment
     */
    virtual AtmCellImpairment Draw(const AtmCell& cell);

    /**
     * @brief Fix the random stream of the draws.
     * @param stream the first stream index
     * @return the number of streams used (1)
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * @brief Count one more (or one fewer) link direction that draws from this model
     *        (AtmChannel::SetErrorModel does it).
     * @param added true when a direction starts using the model, false when it stops
     */
    void NotifyDirection(bool added);
    /**
     * @return the link directions that draw from the model. With more than one (the
     *         "ErrorModel" attribute of a link serves both directions), the draws interleave in
     *         the order the senders hand over their cells, so the senders run each slot at its
     *         start (AtmDevice::IsLinkObserved) to keep that order.
     */
    uint32_t GetDirections() const;

    /// @param ratio "CellLossRatio", in [0, 1]
    void SetCellLossRatio(double ratio);
    /// @return "CellLossRatio"
    double GetCellLossRatio() const;
    /// @param rate "HeaderBitErrorRate", in [0, 0.5]
    void SetHeaderBitErrorRate(double rate);
    /// @return "HeaderBitErrorRate"
    double GetHeaderBitErrorRate() const;
    /// @param rate "PayloadBitErrorRate", in [0, 0.5]
    void SetPayloadBitErrorRate(double rate);
    /// @return "PayloadBitErrorRate"
    double GetPayloadBitErrorRate() const;

    /**
     * @brief The distribution function of Binomial(n, p), tabulated for inversion: entry k is
     *        P(X <= k), up to the first k where it reaches 1 within double precision (the last
     *        entry is set to exactly 1).
     * @param n trials
     * @param p success probability, in [0, 1]
     * @return the table (a single 1 for p = 0)
     */
    static std::vector<double> BinomialCdf(uint32_t n, double p);

    /**
     * @brief Invert a tabulated distribution function.
     * @param cdf a table from BinomialCdf()
     * @param u a uniform draw in [0, 1)
     * @return the smallest k with u < cdf[k]
     */
    static uint32_t InvertCdf(const std::vector<double>& cdf, double u);

  protected:
    void DoDispose() override;

    /// @return a uniform draw in [0, 1) from the model's stream
    double Uniform();

  private:
    double m_cellLossRatio{0};        //!< "CellLossRatio"
    double m_headerBer{0};            //!< "HeaderBitErrorRate"
    double m_payloadBer{0};           //!< "PayloadBitErrorRate"
    std::vector<double> m_headerCdf;  //!< Binomial(40, p_h) distribution function
    std::vector<double> m_payloadCdf; //!< Binomial(384, p_p) distribution function
    Ptr<UniformRandomVariable> m_rng; //!< the draws
    uint32_t m_directions{0};         //!< link directions drawing from the model
};

} // namespace ns3

#endif // ATM_CELL_ERROR_MODEL_H
