/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CAC_H
#define ATM_CAC_H

#include "atm-traffic-contract.h"

#include "ns3/atm-cell-rate.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmCac: connection admission control of one outgoing link.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The outcome of an admission check.
 */
struct AtmCacDecision
{
    bool admitted{true}; //!< the connection may be set up
    std::string reason;  //!< why not (names the sums, the link and the ceiling), if refused
};

/**
 * @ingroup atm
 * @brief Connection admission control of one outgoing link (no source gives a CAC algorithm;
 *        this is the simplest rule consistent with them, a choice of this model).
 *
 * Each AtmDevice has one (attribute `Cac`); AtmPvcHelper asks the CAC of every link a new PVC
 * crosses, in both directions, before it sets anything up, and reserves on all of them once
 * all admit. With C the link's cell rate:
 *
 * | category       | counts                        | class check                              |
 * |----------------|-------------------------------|------------------------------------------|
 * | CBR            | PCR                           | sum of CBR PCRs <= CbrCeiling x C        |
 * | rt/nrt-VBR     | SCR, or its equivalent capacity | sum <= VbrCeiling x C, and PCR <= C    |
 * | ABR, GFR       | MCR                           | sum of MCRs <= MinimumRateCeiling x C    |
 * | UBR            | nothing                       | always admitted (TEN34: "switches always grant
 * such requests") |
 *
 * and the sum over all categories <= UtilizationCeiling x C. With `VbrRule`
 * EQUIVALENT_CAPACITY each VBR connection is an on/off source (peak R = PCR, mean m = SCR,
 * utilisation rho = m/R, mean burst b = MBS/R seconds) in a buffer of X = `BufferCells` cells
 * with cell loss target epsilon = `CellLossRatio` (Guerin, Ahmadi, Naghshineh 1991): per
 * source c = R (y - X + sqrt((y - X)^2 + 4 X rho y)) / (2 y), y = ln(1/epsilon) b (1 - rho) R;
 * the VBR class counts min(C_G, sum of c), with the Gaussian approximation C_G = sum m +
 * alpha sigma, sigma^2 = sum m (R - m), alpha = sqrt(-2 ln epsilon - ln 2 pi) — BON's
 * ASX-200BX CAC was "based on [GAN91]". This rule is external literature, not a source.
 */
class AtmCac : public Object
{
  public:
    /// How a VBR connection counts.
    enum VbrRule
    {
        SCR,                 //!< its SCR
        EQUIVALENT_CAPACITY, //!< its equivalent capacity (class description)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCac();
    ~AtmCac() override;

    /**
     * @brief Would a connection be admitted on a link?
     * @param contract the connection's contract
     * @param linkRate the link's cell rate
     * @param bufferCells the output port's buffer (the equivalent-capacity X when BufferCells
     *        is 0)
     * @return the decision
     */
    AtmCacDecision Check(const AtmTrafficContract& contract,
                         AtmCellRate linkRate,
                         uint32_t bufferCells) const;
    /**
     * @brief Count a connection as admitted (after Check()).
     * @param contract its contract
     */
    void Reserve(const AtmTrafficContract& contract);

    /**
     * @param category a category
     * @param linkRate the link's cell rate
     * @param bufferCells the output port's buffer
     * @return the cells/s reserved for the category (VBR under the VbrRule)
     */
    double GetReserved(AtmServiceCategory category,
                       AtmCellRate linkRate,
                       uint32_t bufferCells) const;
    /// @return the number of connections reserved (UBR included)
    uint32_t GetNConnections() const;

    /**
     * @brief Equivalent capacity of one on/off source (class description).
     * @param peak R, cells/s
     * @param mean m, cells/s (0 < m <= R)
     * @param burstCells the mean burst at peak rate, cells
     * @param bufferCells X, cells
     * @param epsilon the cell loss target, in (0, 1)
     * @return c, cells/s (R when m == R)
     */
    static double EquivalentCapacity(double peak,
                                     double mean,
                                     double burstCells,
                                     double bufferCells,
                                     double epsilon);

  private:
    /**
     * @brief The cells/s a category reserves: the reserved contracts, plus optionally one more.
     * @param extra a contract to count as well (null: none)
     * @param category the category summed
     * @param linkRate the link's rate
     * @param bufferCells the port's buffer
     * @return the cells/s the category reserves
     */
    double Sum(const AtmTrafficContract* extra,
               AtmServiceCategory category,
               AtmCellRate linkRate,
               uint32_t bufferCells) const;

    double m_utilizationCeiling{1.0};           //!< "UtilizationCeiling"
    double m_cbrCeiling{1.0};                   //!< "CbrCeiling"
    double m_vbrCeiling{1.0};                   //!< "VbrCeiling"
    double m_minimumRateCeiling{1.0};           //!< "MinimumRateCeiling"
    VbrRule m_vbrRule{SCR};                     //!< "VbrRule"
    double m_cellLossRatio{1e-6};               //!< "CellLossRatio"
    uint32_t m_bufferCells{0};                  //!< "BufferCells" (0: the port's)
    std::vector<AtmTrafficContract> m_reserved; //!< admitted connections
};

} // namespace ns3

#endif // ATM_CAC_H
