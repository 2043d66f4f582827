/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the pure AAL5 functions (Aal5, AtmEncapsulation cell counts), without
 * the ns-3 test framework or the simulator. Oracles: published check values and values derived
 * by hand.
 */

#include "ns3/aal5.h"
#include "ns3/atm-encapsulation.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

using ns3::Aal5;
using ns3::AtmEncapsulation;

namespace
{

/// Deterministic bytes (linear congruential generator).
std::vector<uint8_t>
Bytes(uint32_t n, uint32_t seed)
{
    std::vector<uint8_t> v(n);
    uint32_t x = seed;
    for (uint32_t i = 0; i < n; ++i)
    {
        x = x * 1103515245U + 12345U;
        v[i] = static_cast<uint8_t>(x >> 16);
    }
    return v;
}

TEST(Aal5Crc32, GivesTheCrc32Bzip2CheckValue)
{
    const auto* check = reinterpret_cast<const uint8_t*>("123456789");
    EXPECT_EQ(Aal5::Crc32(check, 9), 0xFC891918U);
    EXPECT_EQ(Aal5::Crc32(nullptr, 0), 0x00000000U);
    // One zero byte: 0xB1F7404B, worked out offline with the bit-serial definition.
    const uint8_t zero = 0;
    EXPECT_EQ(Aal5::Crc32(&zero, 1), 0xB1F7404BU);
}

TEST(Aal5CellsForSdu, MatchesTheHandTable)
{
    struct Row
    {
        uint32_t sdu;
        uint32_t cells;
        uint32_t pad;
    };

    const Row rows[] = {{1, 1, 39},
                        {40, 1, 0},
                        {41, 2, 47},
                        {88, 2, 0},
                        {89, 3, 47},
                        {552, 12, 16},
                        {1508, 32, 20},
                        {1516, 32, 12},
                        {9188, 192, 20},
                        {9196, 192, 12},
                        {65527, 1366, 33},
                        {65535, 1366, 25}};
    for (const Row& r : rows)
    {
        EXPECT_EQ(Aal5::CellsForSdu(r.sdu), r.cells) << "SDU " << r.sdu;
        EXPECT_EQ(Aal5::PadBytes(r.sdu), r.pad) << "SDU " << r.sdu;
    }
    EXPECT_EQ(AtmEncapsulation::CellsForIpPacket(40, AtmEncapsulation::LLC_SNAP), 2U);
    EXPECT_EQ(AtmEncapsulation::CellsForIpPacket(40, AtmEncapsulation::VC_MUX), 1U);
    EXPECT_EQ(AtmEncapsulation::CellsForIpPacket(9220, AtmEncapsulation::LLC_SNAP), 193U);
}

TEST(Aal5CellsForSduDeathTest, AbortsOnImpossibleSizesNamingTheFix)
{
    EXPECT_DEATH(Aal5::CellsForSdu(0), "0 bytes");
    EXPECT_DEATH(Aal5::CellsForSdu(65536), "65536 bytes exceeds the AAL5 maximum of 65535");
    EXPECT_DEATH(AtmEncapsulation::FromString("Null"), "valid names are LlcSnap, VcMux");
}

TEST(Aal5CpcsPdu, RoundTripsAndPlacesTheTrailer)
{
    for (uint32_t sdu : {1U, 40U, 41U, 1500U, 65535U})
    {
        const std::vector<uint8_t> data = Bytes(sdu, sdu);
        const std::vector<uint8_t> pdu = Aal5::BuildCpcsPdu(data.data(), sdu, 0x12, 0x00);
        const auto size = static_cast<uint32_t>(pdu.size());
        ASSERT_EQ(size, 48 * Aal5::CellsForSdu(sdu));
        EXPECT_EQ(pdu[size - 8], 0x12);
        EXPECT_EQ(pdu[size - 7], 0x00);
        EXPECT_EQ((pdu[size - 6] << 8) | pdu[size - 5], static_cast<int>(sdu));
        uint32_t len = 0;
        EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), size, &len), Aal5::Result::OK);
        EXPECT_EQ(len, sdu);
    }
}

TEST(Aal5CpcsPdu, DetectsEverySingleBitError)
{
    const std::vector<uint8_t> data = Bytes(100, 1);
    const std::vector<uint8_t> good = Aal5::BuildCpcsPdu(data.data(), 100); // 3 cells
    for (uint32_t bit = 0; bit < good.size() * 8; ++bit)
    {
        std::vector<uint8_t> pdu = good;
        pdu[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
        EXPECT_NE(Aal5::CheckCpcsPdu(pdu.data(), 144, nullptr), Aal5::Result::OK) << "bit " << bit;
    }
}

TEST(Aal5CpcsPdu, ReportsLengthErrors)
{
    std::vector<uint8_t> pdu(96, 0);
    EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, nullptr), Aal5::Result::LENGTH_ERROR); // LEN 0
    pdu[96 - 5] = 89; // LEN 89 > 88
    EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, nullptr), Aal5::Result::LENGTH_ERROR);
    pdu[96 - 5] = 40; // pad 48
    EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, nullptr), Aal5::Result::LENGTH_ERROR);
    pdu[96 - 5] = 41; // plausible: the CRC decides
    EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, nullptr), Aal5::Result::CRC_ERROR);
    EXPECT_EQ(Aal5::CheckCpcsPdu(pdu.data(), 95, nullptr), Aal5::Result::LENGTH_ERROR);
}

} // namespace
