/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_UTILS_H
#define ATM_TEST_UTILS_H

#include "ns3/aal5-frame.h"
#include "ns3/aal5-reassembler.h"
#include "ns3/atm-cell.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @defgroup atm-tests ATM module tests
 * @ingroup atm
 */

namespace ns3
{
namespace atmtest
{

/**
 * @ingroup atm-tests
 * @brief Reference CRC-32/BZIP2 as a bit-serial shift register (one bit per step, no table).
 *
 * An oracle independent of Aal5::Crc32: generator 0x04C11DB7, preset all ones, MSB first,
 * result complemented.
 *
 * @param data the bytes
 * @param length number of bytes
 * @return the CRC
 */
uint32_t RefCrc32Bitwise(const uint8_t* data, uint32_t length);

/**
 * @ingroup atm-tests
 * @brief Reference CRC-8/I-432-1 (the ATM HEC) as a bit-serial shift register.
 *
 * Generator x^8 + x^2 + x + 1, preset 0, MSB first, result XORed with 0x55.
 *
 * @param data the bytes
 * @param length number of bytes
 * @return the CRC
 */
uint8_t RefCrc8Bitwise(const uint8_t* data, uint32_t length);

/**
 * @ingroup atm-tests
 * @brief Deterministic pseudo-random bytes (a 32-bit xorshift generator).
 * @param length number of bytes
 * @param seed the seed; distinct seeds give distinct sequences
 * @return the bytes
 */
std::vector<uint8_t> PseudoRandomBytes(uint32_t length, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief A packet of deterministic pseudo-random bytes.
 * @param length number of bytes
 * @param seed the seed
 * @return the packet
 */
Ptr<Packet> MakePacket(uint32_t length, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief An AAL5 frame whose CPCS-SDU is MakePacket(sduBytes, seed).
 * @param sduBytes SDU length in bytes
 * @param seed the seed
 * @return the frame
 */
Ptr<Aal5Frame> MakeFrame(uint32_t sduBytes, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief The cells of MakeFrame(sduBytes, seed) on VPI/VCI 0/32.
 * @param sduBytes SDU length in bytes
 * @param seed the seed
 * @return the cells in order
 */
std::vector<AtmCell> MakeCells(uint32_t sduBytes, uint32_t seed);

/**
 * @ingroup atm-tests
 * @brief The bytes of a packet.
 * @param p the packet
 * @return its bytes
 */
std::vector<uint8_t> PacketBytes(Ptr<const Packet> p);

/**
 * @ingroup atm-tests
 * @brief Feed cells to one VC of a reassembler, skipping some of them (lost cells).
 * @param r the reassembler
 * @param vc the VC index
 * @param cells the cells in order
 * @param skip indices (into @p cells) of the cells that are lost
 */
void Feed(Ptr<Aal5Reassembler> r,
          uint32_t vc,
          const std::vector<AtmCell>& cells,
          const std::vector<uint32_t>& skip = {});

/**
 * @ingroup atm-tests
 * @brief Check the reassembly ledger of one VC.
 * @param r the reassembler
 * @param vc the VC index
 * @return true if cellsReceived == cellsDelivered + cellsDiscarded + GetPartialCells(vc)
 */
bool LedgerHolds(Ptr<Aal5Reassembler> r, uint32_t vc);

/**
 * @ingroup atm-tests
 * @brief Compare two sets of reassembly counters.
 * @param a counters
 * @param b counters
 * @return true if every counter is equal
 */
bool SameStats(const Aal5ReassemblyStats& a, const Aal5ReassemblyStats& b);

/**
 * @ingroup atm-tests
 * @brief Records what an Aal5Reassembler reports through its callback and both trace sources.
 *
 * Every event (delivery or drop) is appended to one ordered log, so two reassemblers fed the
 * same cells can be compared event by event.
 */
class ReassemblyRecorder
{
  public:
    /// One reported event.
    struct Event
    {
        bool delivered;     //!< true = SDU delivered, false = unit discarded
        uint32_t vc;        //!< VC index
        uint32_t cells;     //!< cells discarded (drops only)
        const char* reason; //!< drop reason (drops only, nullptr otherwise)
        uint64_t frameId;   //!< id of the delivered frame (deliveries only, 0 otherwise)
        uint32_t bytes;     //!< size of the delivered SDU (deliveries only)

        /**
         * @param other another event
         * @return true if both events are identical
         */
        bool operator==(const Event& other) const;
    };

    /**
     * @brief Connect to the reassembler's RxCallback, FrameRx and ReassemblyDrop.
     * @param reassembler the reassembler (this recorder must outlive its use)
     */
    void Attach(Ptr<Aal5Reassembler> reassembler);

    /**
     * @param reason a drop reason
     * @return the number of drop events with this reason (pointer identity)
     */
    uint32_t CountDrops(const char* reason) const;
    /**
     * @return the number of deliveries seen by the callback
     */
    uint32_t CountDelivered() const;

    std::vector<Event> events;                  //!< all events in order
    std::vector<std::vector<uint8_t>> sduBytes; //!< bytes of each delivered SDU (callback copy)
    uint32_t frameRxTraces{0};                  //!< FrameRx trace calls

  private:
    /**
     * @brief RxCallback sink.
     * @param vc the VC
     * @param sdu the SDU copy
     * @param frame the frame
     */
    void Rx(uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame);
    /**
     * @brief FrameRx trace sink.
     * @param vc the VC
     * @param sdu the SDU
     */
    void FrameRx(uint32_t vc, Ptr<const Packet> sdu);
    /**
     * @brief ReassemblyDrop trace sink.
     * @param vc the VC
     * @param cells cells discarded
     * @param reason the reason
     */
    void Drop(uint32_t vc, uint32_t cells, const char* reason);
};

} // namespace atmtest
} // namespace ns3

#endif // ATM_TEST_UTILS_H
