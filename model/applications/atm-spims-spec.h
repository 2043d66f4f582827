/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SPIMS_SPEC_H
#define ATM_SPIMS_SPEC_H

#include "atm-spims-law.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmSpimsSpec: one SPIMS-like measurement (bulk_get, bulk_put or request/response).
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief One measurement of the SPIMS tool the CRC report ran its WAN and LAN measurements with
 *        (L. Lamont, I. Miloucheva, W. Stering, CRC Report 96-007, 1996, Appendix 2), in its
 *        notation: `<runs> <type> <size>*<count> [<gap>]`.
 *
 * - `bulk_get`: the responder sends `count` messages of `size` bytes to the initiator, as fast as
 *   TCP takes them (with a gap drawn after each message when `<gap>` is given);
 * - `bulk_put`: the initiator sends them to the responder;
 * - `rr` (or `request_response`): `<request>,<response>*<count>`: the initiator sends a request
 *   of `request` bytes, the responder answers with `response` bytes, `count` times (with a gap
 *   after each response when `<gap>` is given).
 *
 * Sizes and gaps are AtmSpimsLaw laws (`constant(v)` or `v`, `exp(mean)`,
 * `bivalue(v1,v2,p)`); sizes in bytes (drawn values rounded to whole bytes, at least 1), gaps in
 * seconds. `runs` repeats the measurement, each run on a connection of its own. The CRC
 * report's examples: `10 bulk_get 1024*1000 exp(0.2)`, `5 rr 1000,1024*50`,
 * `1 bulk_get bivalue(10,9000,0.75)*250 exp(0.2)`.
 *
 * @code
 *   AtmSpimsSpec spec = AtmSpimsSpec::Parse("5 rr 1000,1024*50");
 *   spec.GetType();       // AtmSpimsSpec::RR
 *   spec.GetCount();      // 50
 * @endcode
 */
class AtmSpimsSpec
{
  public:
    /// The kinds of measurement.
    enum Type
    {
        BULK_GET, //!< responder to initiator
        BULK_PUT, //!< initiator to responder
        RR,       //!< request/response transactions
    };

    /// The largest count and run number a spec may give.
    static constexpr uint32_t MAX_COUNT = 100000000;
    /// The largest message size (bytes) a law may draw.
    static constexpr double MAX_SIZE = 1e9;
    /// The smallest request of `rr`: the request carries its own size and the response's.
    static constexpr uint32_t MIN_REQUEST = 8;

    /// `1 bulk_put 1024*1`
    AtmSpimsSpec();

    /**
     * @brief Read a spec.
     * @param text the spec, e.g. `5 rr 1000,1024*50`
     * @param spec receives it
     * @param error receives why the text is not a spec (may be null)
     * @return true if it is one
     */
    static bool TryParse(const std::string& text, AtmSpimsSpec* spec, std::string* error);
    /**
     * @brief TryParse() that aborts with the reason.
     * @param text the spec
     * @return the spec
     */
    static AtmSpimsSpec Parse(const std::string& text);

    /// @return the number of runs
    uint32_t GetRuns() const;
    /// @return the type
    Type GetType() const;
    /// @return messages (bulk) or transactions (rr) per run
    uint32_t GetCount() const;
    /// @return the size law of the messages (bulk) or of the requests (rr)
    const AtmSpimsLaw& GetSize() const;
    /// @return the size law of the responses (rr; constant(0) for bulk)
    const AtmSpimsLaw& GetResponseSize() const;
    /// @return the gap law (constant(0): no gap)
    const AtmSpimsLaw& GetGap() const;
    /// @return true if the initiator sends the measured data (bulk_put, and rr's requests)
    bool InitiatorSends() const;
    /// @return the spec in the notation TryParse() reads
    std::string ToString() const;
    /// @param type a measurement type
    /// @return the type's name (bulk_get, bulk_put, rr)
    static std::string GetTypeName(Type type);

    /**
     * @brief The control message an initiator opens each run's connection with: the length
     *        of ToString() (4 bytes, big-endian), then ToString().
     * @return its bytes
     */
    std::vector<uint8_t> GetControlMessage() const;
    /**
     * @brief The first 8 bytes of an rr request: its size and the response's (4 bytes each,
     *        big-endian).
     * @param request the request's size, >= MIN_REQUEST
     * @param response the response's size, >= 1
     * @return the bytes
     */
    static std::vector<uint8_t> GetRequestHeader(uint32_t request, uint32_t response);
    /**
     * @brief Read a 4-byte big-endian number.
     * @param bytes at least 4 bytes
     * @return the number
     */
    static uint32_t ReadUint32(const uint8_t* bytes);

  private:
    uint32_t m_runs{1};         //!< runs
    Type m_type{BULK_PUT};      //!< the type
    uint32_t m_count{1};        //!< messages or transactions per run
    AtmSpimsLaw m_size;         //!< message or request sizes
    AtmSpimsLaw m_responseSize; //!< response sizes (rr)
    AtmSpimsLaw m_gap;          //!< gaps
};

/**
 * @param os the stream
 * @param spec the spec
 * @return the stream, with AtmSpimsSpec::ToString()
 */
std::ostream& operator<<(std::ostream& os, const AtmSpimsSpec& spec);

} // namespace ns3

#endif // ATM_SPIMS_SPEC_H
