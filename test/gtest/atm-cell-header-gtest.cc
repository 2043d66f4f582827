/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * googletest unit tests of the ATM cell header bit packing and HEC, without the ns-3 test
 * framework or the simulator. Oracles: CRC-8/I-432-1 check value, the I.432 idle and unassigned
 * cell HECs, and octets packed by hand.
 */

#include "ns3/atm-cell-header.h"

#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <sstream>

using ns3::AtmCellHeader;

namespace
{

TEST(AtmHec, GivesTheStandardValues)
{
    const auto* check = reinterpret_cast<const uint8_t*>("123456789");
    EXPECT_EQ(AtmCellHeader::Crc8I432(check, 9), 0xA1);
    const uint8_t idle[4] = {0x00, 0x00, 0x00, 0x01};
    const uint8_t unassigned[4] = {0x00, 0x00, 0x00, 0x00};
    EXPECT_EQ(AtmCellHeader::ComputeHec(idle), 0x52);
    EXPECT_EQ(AtmCellHeader::ComputeHec(unassigned), 0x55);
}

TEST(AtmCellHeaderLayout, PacksUniAndNniOctetsByHand)
{
    AtmCellHeader uni;
    uni.SetGfc(0xA);
    uni.SetVpi(0x5C);
    uni.SetVci(0x1234);
    uni.SetPti(5);
    uni.SetClp(true);
    uint8_t bytes[5];
    uni.WriteBytes(bytes);
    const uint8_t uniExpected[5] = {0xA5, 0xC1, 0x23, 0x4B, 0x65};
    EXPECT_EQ(std::memcmp(bytes, uniExpected, 5), 0);

    AtmCellHeader nni;
    nni.SetFormat(AtmCellHeader::NNI);
    nni.SetVpi(0xABC);
    nni.SetVci(0x0F0F);
    nni.SetPti(2);
    nni.WriteBytes(bytes);
    const uint8_t nniExpected[5] = {0xAB, 0xC0, 0xF0, 0xF4, 0x7B};
    EXPECT_EQ(std::memcmp(bytes, nniExpected, 5), 0);

    AtmCellHeader back;
    back.SetFormat(AtmCellHeader::NNI);
    back.ReadBytes(nniExpected);
    EXPECT_EQ(back.GetVpi(), 0xABC);
    EXPECT_EQ(back.GetVci(), 0x0F0F);
    EXPECT_EQ(back.GetPti(), 2);
    EXPECT_FALSE(back.GetClp());
    EXPECT_TRUE(back.IsHecOk());
}

TEST(AtmCellHeaderLayout, DetectsEverySingleBitHeaderError)
{
    const uint8_t good[5] = {0x00, 0x10, 0x02, 0x02, 0xD3}; // VPI 1, VCI 32, PTI 1
    for (uint32_t bit = 0; bit < 40; ++bit)
    {
        uint8_t bad[5];
        std::memcpy(bad, good, 5);
        bad[bit / 8] ^= static_cast<uint8_t>(1U << (bit % 8));
        AtmCellHeader h;
        h.ReadBytes(bad);
        EXPECT_FALSE(h.IsHecOk()) << "bit " << bit;
    }
    AtmCellHeader h;
    h.ReadBytes(good);
    EXPECT_TRUE(h.IsHecOk());
    EXPECT_TRUE(h.IsEndOfPdu());
    std::ostringstream os;
    h.Print(os);
    EXPECT_EQ(os.str(), "UNI VPI=1 VCI=32 PTI=1 CLP=0 HEC=0xd3 ok");
}

TEST(AtmCellHeaderDeathTest, AbortsOnFieldsThatDoNotFit)
{
    EXPECT_DEATH(
        {
            AtmCellHeader h;
            h.SetVpi(256);
        },
        "VPI 256 exceeds the UNI maximum of 255");
    EXPECT_DEATH(
        {
            AtmCellHeader h;
            h.SetFormat(AtmCellHeader::NNI);
            h.SetVpi(4096);
        },
        "VPI 4096 exceeds the NNI maximum of 4095");
    EXPECT_DEATH(
        {
            AtmCellHeader h;
            h.SetFormat(AtmCellHeader::NNI);
            h.SetVpi(300);
            h.SetFormat(AtmCellHeader::UNI);
        },
        "VPI 300 does not fit");
    EXPECT_DEATH(
        {
            AtmCellHeader h;
            h.SetFormat(AtmCellHeader::NNI);
            h.SetGfc(1);
        },
        "NNI header");
    EXPECT_DEATH(
        {
            AtmCellHeader h;
            h.SetPti(8);
        },
        "PTI 8");
}

} // namespace
