/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_RATE_H
#define ATM_CELL_RATE_H

#include "ns3/attribute-helper.h"
#include "ns3/attribute.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The cell rate of an ATM link or contract, held exactly as a rational number of cells
 * per second.
 *
 * Every component that times cells on a link (the channel, shapers, GCRA policers, CDV metrics)
 * shares one exact time base: a rate in cells/s and an AtmCellClock that places slot
 * k at t0 + round(k / rate). The rate is therefore stored as a reduced fraction
 * numerator / denominator of two 64-bit integers, never as a cell time: OC-3c is
 * 149.76e6 / 424 = 18720000 / 53 cells/s, whose cell time 2831.196581... ns no time unit can
 * hold. A DataRate is only a way to write a rate (it cannot hold 2.75 us per cell, and
 * DataRate::CalculateBytesTxTime(53) rounds every cell to the time step, so the error grows with
 * the number of cells: about 24,500 cells too many per 1000 s at OC-3c).
 *
 * Strings (attributes, CommandLine, Parse()) take one of these forms. Names and units are
 * case-insensitive, except that an upper-case B (bytes in ns-3's DataRate) is refused:
 *
 * - a preset name (below): `OC3c`;
 * - cells/s as a decimal number or a fraction: `80000`, `353207.5` (= 706415/2),
 *   `18720000/53`;
 * - a cell time with a unit s, ms, us, ns, ps or fs: `2.75us`, `2831ns`, `12.5us` (rate = 1 /
 *   time);
 * - a bit rate with a unit bps, kbps, Mbps, Gbps or b/s, kb/s, Mb/s, Gb/s (decimal prefixes),
 *   converted under the line convention, 424 bits per 53-byte cell (BON; `155Mbps`,
 *   `34368kbps`, `45Mb/s`, or explicitly `155Mbps@line`), or with the suffix `@payload` under
 *   the payload convention, 384 bits per 48-byte payload (TEN34's VP contracts, JAIN's DFBA
 *   MCRs): `13.824Mbps@payload` is 36000 cells/s.
 *
 * Numbers are decimal digits with an optional fraction, converted exactly; exponents are not
 * accepted, so `2E3` is always the preset.
 *
 * Presets (exact cells/s, approximate value, source):
 *
 * - `OC3c`: 149.76e6/424 = 18720000/53 (353,207.55): OC-3c/STM-1 after the SONET/SDH overhead;
 *   JAIN AF-616, DELAY, IMP, DFBA and WWW access links, TEN34 ("2.8 us", "999 cells = 2831 us").
 * - `OC3cRaw` or `155.52Mbps-raw`: 155.52e6/424 (366,792.45): "ATM-layer 155.52 Mb/s" without
 *   the SONET deduction; JAIN ICCCN, AF-424 and CM, BON's measurement analysis (2.726 us).
 * - `155Mbps`: 155e6/424 (365,566.04): BON's STCP simulations.
 * - `Sandia`: one cell per 2.75 us = 4000000/11 (363,636.36): SANDIA (53 x 8 bits / 2.75 us =
 *   154.18 Mb/s, the source's "154.2").
 * - `E3`: 80000: BON, TEN34's PDH segments. Write `E3` for their "34 Mbps", not `34Mbps`
 *   (34e6/424 = 80,188.7).
 * - `2E3`: 160000: BON's mixed ten-router network ("68 Mbps").
 * - `DS3`: 96000, DS3 with PLCP [standard]: the CRC WAN bottleneck ("T3 45 Mb/s").
 * - `T3`: 45e6/424 (106,132.08): the raw "45 Mbps T3" of JAIN's WWW bottleneck (no DS3 or PLCP
 *   deduction).
 * - `OC12c`: 4 x OC3c = 599.04e6/424 (1,412,830.19): STM-4c [standard]; no source uses it.
 *
 * "10 Mbps" access links (BON) are not a preset: write the bit rate `10Mbps` (1250000/53).
 * A zero or negative rate is refused; the default-constructed rate is zero and means "not
 * configured" (AtmCellClock refuses it).
 */
class AtmCellRate
{
  public:
    static constexpr uint32_t LINE_BITS_PER_CELL = 424;    //!< 53 bytes: the line convention
    static constexpr uint32_t PAYLOAD_BITS_PER_CELL = 384; //!< 48 bytes: the payload convention

    /// A zero rate, "not configured": GetCellTime() and AtmCellClock refuse it.
    AtmCellRate();

    /**
     * @brief A rate of numerator / denominator cells per second, reduced.
     *
     * Aborts if either is zero.
     *
     * @param numerator cells
     * @param denominator seconds
     */
    explicit AtmCellRate(uint64_t numerator, uint64_t denominator = 1);

    /**
     * @brief Parse a rate; aborts on an invalid string (see Parse()).
     * @param text a preset, a number of cells/s, a cell time or a bit rate
     */
    explicit AtmCellRate(const std::string& text);

    /**
     * @brief Parse a rate and abort with the reason and the accepted forms if it is invalid.
     * @param text a preset, a number of cells/s, a cell time or a bit rate
     * @return the rate
     */
    static AtmCellRate Parse(const std::string& text);

    /**
     * @brief Parse a rate without aborting.
     * @param text a preset, a number of cells/s, a cell time or a bit rate; leading and trailing
     *        white space is ignored
     * @param rate receives the rate on success (untouched on failure); may be null
     * @param error receives a message naming the string, the reason and the accepted forms on
     *        failure; may be null
     * @return true if the string is a valid, positive rate representable in 64-bit terms
     */
    static bool TryParse(const std::string& text, AtmCellRate* rate, std::string* error);

    /**
     * @brief The exact rate of a bit rate under the line convention (53-byte cells).
     * @param bitsPerSecond bits per second including the cell header, e.g. a
     *        DataRate::GetBitRate() (must not be 0)
     * @return bitsPerSecond / 424 cells/s
     */
    static AtmCellRate FromLineBps(uint64_t bitsPerSecond);

    /**
     * @brief The exact rate of a bit rate under the payload convention (48-byte payloads).
     * @param bitsPerSecond bits per second of cell payload (must not be 0)
     * @return bitsPerSecond / 384 cells/s, e.g. 36000 for 13.824 Mb/s (TEN34)
     */
    static AtmCellRate FromPayloadBps(uint64_t bitsPerSecond);

    /**
     * @param bitsPerSecond bits per second including the cell header (line convention, BON)
     * @return bitsPerSecond / 424 cells/s
     */
    static double CellsPerSecondFromLineBps(double bitsPerSecond);

    /**
     * @param bitsPerSecond bits per second of cell payload (payload convention, TEN34, JAIN)
     * @return bitsPerSecond / 384 cells/s
     */
    static double CellsPerSecondFromPayloadBps(double bitsPerSecond);

    /**
     * @param cellsPerSecond a cell rate
     * @return cellsPerSecond * 424 bit/s (line convention)
     */
    static double LineBpsFromCellsPerSecond(double cellsPerSecond);

    /**
     * @param cellsPerSecond a cell rate
     * @return cellsPerSecond * 384 bit/s (payload convention)
     */
    static double PayloadBpsFromCellsPerSecond(double cellsPerSecond);

    /**
     * @return the numerator of the reduced fraction (cells); 0 for a zero rate
     */
    uint64_t GetNumerator() const
    {
        return m_numerator;
    }

    /**
     * @return the denominator of the reduced fraction (seconds); 1 for a zero rate
     */
    uint64_t GetDenominator() const
    {
        return m_denominator;
    }

    /**
     * @return true for the default-constructed, not configured rate
     */
    bool IsZero() const
    {
        return m_numerator == 0;
    }

    /**
     * @brief Exact three-way comparison of two rates.
     *
     * The rates are compared as rationals, a/b against c/d as a d against c b in 128-bit
     * integers (AtmUint128): no rounding, so rates that differ in the last of 64 bits are
     * ordered correctly and equal rates compare equal whatever their string form. A zero (not
     * configured) rate is below every positive rate. The relational operators (<, <=, >, >=)
     * are defined by it.
     *
     * @param other another rate
     * @return -1, 0 or 1 as this rate is below, equal to or above @p other
     */
    int Compare(const AtmCellRate& other) const;

    /**
     * @return the rate in cells per second, rounded to a double (for output and for rates that
     *         need no exactness, such as contract parameters in a formula)
     */
    double GetCellsPerSecond() const;

    /**
     * @brief The cell time, rounded half up to the time resolution: for display only.
     *
     * Never accumulate it: OC3c's 2831 ns is 0.197 ns short of the exact 2831.197 ns, which adds
     * up to about 24,500 cells per 1000 s. Slot times come from AtmCellClock. Aborts for a zero
     * rate.
     *
     * @return the time of one cell
     */
    Time GetCellTime() const;

    /**
     * @return the rate in bit/s under the line convention (cells/s x 424)
     */
    double GetBitRate() const;

    /**
     * @return the rate in bit/s under the payload convention (cells/s x 384)
     */
    double GetPayloadBitRate() const;

    /**
     * @brief The exact rate as a string that Parse() turns back into the same rate.
     *
     * An integer ("80000"), a terminating decimal ("353207.5") or a fraction
     * ("18720000/53"), in cells/s; "0" for a zero rate (which Parse() refuses).
     *
     * @return the string
     */
    std::string ToString() const;

  private:
    uint64_t m_numerator;   //!< cells, reduced; 0 = not configured
    uint64_t m_denominator; //!< seconds, reduced; never 0
};

/**
 * @ingroup atm
 * @brief Exact equality of two rates (the fractions are reduced).
 * @param a a rate
 * @param b a rate
 * @return true if both are the same number of cells/s
 */
bool operator==(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Exact inequality of two rates.
 * @param a a rate
 * @param b a rate
 * @return true if the rates differ
 */
bool operator!=(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Exact order of two rates (AtmCellRate::Compare()).
 * @param a a rate
 * @param b a rate
 * @return true if @p a is fewer cells/s than @p b
 */
bool operator<(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Exact order of two rates (AtmCellRate::Compare()).
 * @param a a rate
 * @param b a rate
 * @return true if @p a is at most @p b cells/s
 */
bool operator<=(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Exact order of two rates (AtmCellRate::Compare()).
 * @param a a rate
 * @param b a rate
 * @return true if @p a is more cells/s than @p b
 */
bool operator>(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Exact order of two rates (AtmCellRate::Compare()).
 * @param a a rate
 * @param b a rate
 * @return true if @p a is at least @p b cells/s
 */
bool operator>=(const AtmCellRate& a, const AtmCellRate& b);

/**
 * @ingroup atm
 * @brief Print a rate as AtmCellRate::ToString() does (exact cells/s, re-parsable).
 * @param os the stream
 * @param rate the rate
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmCellRate& rate);

/**
 * @ingroup atm
 * @brief Read one white-space delimited token and parse it with AtmCellRate::TryParse().
 *
 * On an invalid token the failbit is set and @p rate is unchanged, so attribute values and
 * CommandLine report the error (ns-3 aborts or prints the usage).
 *
 * @param is the stream
 * @param rate receives the rate
 * @return the stream
 */
std::istream& operator>>(std::istream& is, AtmCellRate& rate);

ATTRIBUTE_HELPER_HEADER(AtmCellRate);

} // namespace ns3

#endif // ATM_CELL_RATE_H
