/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HEC_RECEIVER_H
#define ATM_HEC_RECEIVER_H

#include <array>
#include <cstdint>
#include <ostream>

/**
 * @file
 * @ingroup atm
 * ns3::AtmHecReceiver: the two-mode HEC receiver of ITU-T I.432.1.
 */

namespace ns3
{

/**
 * @ingroup atm
 * @brief The header error control of a receiving transmission convergence sublayer: the
 *        two-mode state machine of ITU-T I.432.1 clause 7.3.1 (I.432 (1993) clause 4.3.1).
 *
 * @verbatim
   mode CORRECTION (initial):
       header error-free:         pass the cell                    (stay in CORRECTION)
       single-bit error:          correct it, pass the cell        -> DETECTION
       multi-bit error detected:  discard the cell                 -> DETECTION
   mode DETECTION:
       header error-free:         pass the cell                    -> CORRECTION
       any error detected:        discard the cell                 (stay in DETECTION)
   @endverbatim
 *
 * The receiver is told how many of the header's 40 bits (octets 1-4 and the HEC octet) were
 * inverted on the line. Simplification (documented in the manual): every multi-bit error is
 * detected. In reality the CRC-8 syndrome of some multi-bit errors equals that of a single-bit
 * error (the receiver in correction mode then "corrects" the wrong bit and passes a cell with a
 * wrong header) or is zero (the error goes undetected); I.432.1 describes these as residual
 * events of small probability, which this model does not produce.
 *
 * A plain value without simulator dependencies: one per receiving end of a link (AtmChannel keeps
 * one per direction), testable on hand-made error sequences.
 */
class AtmHecReceiver
{
  public:
    /// The receiver's mode.
    enum Mode : uint8_t
    {
        CORRECTION, //!< single-bit errors are corrected
        DETECTION   //!< every errored header is discarded
    };

    /// What the receiver did with one cell.
    enum Outcome : uint8_t
    {
        VALID,               //!< the header was error-free: cell passed
        CORRECTED,           //!< single-bit error corrected (correction mode): cell passed
        DISCARDED_MULTI_BIT, //!< multi-bit error in correction mode: cell discarded
        DISCARDED_DETECTION, //!< errored header in detection mode: cell discarded
        N_OUTCOMES           //!< number of outcomes (not an outcome)
    };

    /// Header bits the HEC protects: octets 1-4 and the HEC octet itself.
    static constexpr uint32_t HEADER_BITS = 40;

    /**
     * @brief Receive one cell header.
     * @param erroredBits header bits inverted on the line (0..40)
     * @return what the receiver does with the cell (passes it unless DISCARDED_*)
     */
    Outcome Receive(uint32_t erroredBits);

    /**
     * @brief Return to correction mode (e.g. an error-free idle cell filled the slot before
     *        the next assigned cell); counters are kept.
     */
    void Resync();

    /// @return the current mode
    Mode GetMode() const;

    /**
     * @param outcome an outcome
     * @return the number of cells received with that outcome
     */
    uint64_t GetCount(Outcome outcome) const;

    /**
     * @param outcome an outcome
     * @return true if the cell is passed on (VALID or CORRECTED)
     */
    static bool IsPassed(Outcome outcome)
    {
        return outcome == VALID || outcome == CORRECTED;
    }

  private:
    Mode m_mode{CORRECTION};                    //!< the mode
    std::array<uint64_t, N_OUTCOMES> m_count{}; //!< cells per outcome
};

/**
 * @brief Print a mode ("correction" or "detection").
 * @param os the stream
 * @param mode the mode
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, AtmHecReceiver::Mode mode);

/**
 * @brief Print an outcome ("valid", "corrected", "discarded (multi-bit)", "discarded
 *        (detection mode)").
 * @param os the stream
 * @param outcome the outcome
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, AtmHecReceiver::Outcome outcome);

} // namespace ns3

#endif // ATM_HEC_RECEIVER_H
