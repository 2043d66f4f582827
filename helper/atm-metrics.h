/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_METRICS_H
#define ATM_METRICS_H

#include "ns3/atm-encapsulation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The metrics of the TCP-over-ATM studies (SANDIA, JAIN, BON, CRC), as pure functions
 * so that examples, tests and the validation report compute them one way.
 *
 * @verbatim
   cells(L_IP) = ceil((L_IP + E + 8) / 48)           E = 8 (LLC/SNAP) or 0 (VC-mux)
   L_IP        = MSS + 40 + O                        O = TCP option bytes on data segments
   C           = R_c x 8 x MSS / cells(L_IP)         bit/s of TCP payload at cell rate R_c
   E           = sum x_i / C                         efficiency (JAIN)
   F           = (sum x_i/e_i)^2 / (N sum (x_i/e_i)^2)   Jain's fairness, expected shares e_i
   CLR         = cells lost / cells sent
   retx %      = 100 x retransmitted data segments / data segments sent
   @endverbatim
 */
class AtmMetrics
{
  public:
    /**
     * @brief Cells of one full TCP segment.
     * @param mss payload bytes
     * @param optionBytes TCP option bytes on data segments (12 with timestamps)
     * @param mode encapsulation
     * @return ceil((mss + 40 + optionBytes + E + 8) / 48)
     */
    static uint32_t CellsPerSegment(uint32_t mss,
                                    uint32_t optionBytes,
                                    AtmEncapsulation::Mode mode);

    /**
     * @brief The overhead-aware maximum TCP goodput C of a greedy TCP sending full segments.
     * @param cellsPerSecond the ATM-layer cell rate available to TCP
     * @param mss payload bytes per segment
     * @param optionBytes TCP option bytes on data segments
     * @param mode encapsulation
     * @return C in bit/s of TCP payload
     */
    static double MaxTcpGoodput(double cellsPerSecond,
                                uint32_t mss,
                                uint32_t optionBytes,
                                AtmEncapsulation::Mode mode);

    /**
     * @brief Jain's fairness index with expected shares.
     * @param x measured throughputs
     * @param expected expected (fair) throughputs e_i > 0, same size as @p x; empty = equal
     * @return F in (0, 1]; 1 when every x_i / e_i is equal (1 for an empty or all-zero x)
     */
    static double JainFairness(const std::vector<double>& x,
                               const std::vector<double>& expected = {});

    /**
     * @brief Expected shares by iterative max-min (JAIN WWW): a flow whose demand is below the
     * equal share of the remaining capacity gets its demand; the rest is shared again.
     * @param demands each flow's demand (e.g. data scheduled / time)
     * @param capacity the capacity to share
     * @return the expected share of each flow
     */
    static std::vector<double> MaxMinShares(const std::vector<double>& demands, double capacity);

    /**
     * @brief Jain's fairness index against iterative max-min expected shares, as R. Jain et
     *        al. measure WWW traffic (ATM Forum contribution 98-0876R1, 1998): the
     *        demand S_i of flow i is the data its server scheduled / the time; every flow whose
     *        S_i is below the equal share of the capacity left expects S_i, the others share
     *        the rest again (MaxMinShares()); then JainFairness(x, e). A flow with no demand
     *        (e_i = 0: nothing was scheduled for it) has no expected share and is left out.
     * @param x measured throughputs
     * @param demands each flow's demand S_i, >= 0, same size as @p x (same unit as @p x)
     * @param capacity the capacity C shared (same unit), > 0
     * @return F in (0, 1] over the flows with a demand (1 when none has one)
     */
    static double MaxMinFairness(const std::vector<double>& x,
                                 const std::vector<double>& demands,
                                 double capacity);

    /**
     * @brief Efficiency E = sum x_i / C.
     * @param x throughputs (bit/s)
     * @param c the maximum goodput C (bit/s)
     * @return E
     */
    static double Efficiency(const std::vector<double>& x, double c);

    /**
     * @param lost cells lost
     * @param sent cells sent
     * @return lost / sent (0 when nothing was sent)
     */
    static double CellLossRatio(uint64_t lost, uint64_t sent);

    /**
     * @param retransmitted retransmitted data segments
     * @param sent data segments sent (retransmissions included)
     * @return 100 x retransmitted / sent (0 when nothing was sent)
     */
    static double RetransmissionPercent(uint64_t retransmitted, uint64_t sent);
};

/**
 * @ingroup atm
 * @brief The one JSON line every example prints last: an object of key/value pairs in
 * insertion order, numbers with full precision, strings escaped.
 */
class AtmJsonLine
{
  public:
    /**
     * @param key the key
     * @param value a number
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, double value);
    /**
     * @param key the key
     * @param value an integer
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, int64_t value);
    /**
     * @param key the key
     * @param value an unsigned integer
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, uint64_t value);
    /**
     * @param key the key
     * @param value an unsigned integer
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, uint32_t value);
    /**
     * @param key the key
     * @param value a boolean
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, bool value);
    /**
     * @param key the key
     * @param value a string
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const std::string& value);
    /**
     * @param key the key
     * @param value a string
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const char* value);
    /**
     * @param key the key
     * @param values numbers
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const std::vector<double>& values);
    /**
     * @param key the key
     * @param values strings
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const std::vector<std::string>& values);
    /**
     * @param key the key
     * @param object a nested object
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const AtmJsonLine& object);
    /**
     * @param key the key
     * @param objects an array of nested objects
     * @return this object
     */
    AtmJsonLine& Add(const std::string& key, const std::vector<AtmJsonLine>& objects);

    /** @return the object on one line */
    std::string ToString() const;

    /**
     * @param s a string
     * @return it as a JSON string literal, quoted and escaped
     */
    static std::string Quote(const std::string& s);

  private:
    /**
     * @param key the key
     * @param json its value, already JSON
     */
    void Put(const std::string& key, const std::string& json);

    std::vector<std::pair<std::string, std::string>> m_items; //!< key, JSON value
};

} // namespace ns3

#endif // ATM_METRICS_H
