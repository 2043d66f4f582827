/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ERICA_PLUS_H
#define ATM_ERICA_PLUS_H

#include "atm-erica.h"

#include "ns3/nstime.h"

#include <cstdint>

/**
 * @file
 * @ingroup atm
 * ns3::AtmEricaPlus: ERICA+, ERICA with a queue-dependent target ABR capacity.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief ERICA+ (R. Jain, S. Kalyanaraman, R. Goyal, S. Fahmy, R. Viswanathan, "ERICA+:
 *        Extensions to the ERICA Switch Algorithm", ATM Forum/95-1346, 1995, and the ERICA+
 *        section of ATM Forum/96-1172; queue control functions analysed by B. Vandalore et al.,
 *        "Design and Analysis of Queue Control Functions for Explicit Rate Switch Schemes",
 *        arXiv cs/9809041): ERICA whose target ABR capacity follows the port's queue instead of
 *        a fixed target utilisation, so the link can run at 100 % with a small, bounded queue.
 *
 * At the end of each averaging interval the port takes all the bandwidth CBR/VBR leave,
 * scaled by a queue control function of the queue Q (cells) in its buffer:
 * @verbatim
   ABRCap = f(Q) x max(LinkRate - CBR/VBR rate, 0)          (U = TargetUtilization is not used)
   Q0     = T0 x max(LinkRate - CBR/VBR rate, 0)             the target queue (T0 =
 TargetQueueDelay) f(Q)   = a Q0 / ((a - 1) Q + Q0)                 Q <= Q0  (the a-curve: from a at
 Q = 0 to 1) = max(QDLF, b Q0 / ((b - 1) Q + Q0))       Q > Q0   (the b-curve, floored at QDLF)
   @endverbatim
 * Everything else (z, FairShare, VCShare, the overload/underload rules, the averaging options)
 * is AtmErica's. With an empty queue the port hands out up to a x its ABR bandwidth, which
 * builds a queue near Q0; above Q0 the b-curve keeps (1 - f) of the bandwidth for draining, at
 * least QDLF for data.
 *
 * Parameters: a 1.15, b 1.05, QDLF 0.5 are the values of the ERICA+ papers and of Bonaventure's
 * thesis (Table 5.2). The target queueing delay T0 is not among the parameters that table names
 * explicitly; it lists an "empty time" of 1 ms, which we read as the time to empty the target
 * queue at the ABR rate, i.e. T0 (the default).
 */
class AtmEricaPlus : public AtmErica
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmEricaPlus();
    ~AtmEricaPlus() override;

    /**
     * @brief The queue control function.
     * @param queueCells Q, the cells in the buffer
     * @param totalAbr the link rate less the CBR/VBR rate (cells/s)
     * @return f(Q) with Q0 = T0 x totalAbr (0 if totalAbr is 0)
     */
    double GetQueueControlFactor(double queueCells, double totalAbr) const;

  protected:
    double DoGetTargetFraction(uint32_t queueCells, double totalAbr) const override;

  private:
    Time m_t0;          //!< "TargetQueueDelay"
    double m_a{1.15};   //!< "QueueControlA"
    double m_b{1.05};   //!< "QueueControlB"
    double m_qdlf{0.5}; //!< "QueueDrainLimitFactor"
};

} // namespace ns3

#endif // ATM_ERICA_PLUS_H
