/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-segmenter.h"
#include "ns3/aal5.h"
#include "ns3/test.h"

#include <cstring>
#include <string>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of the AAL5 CPCS arithmetic (Aal5): CRC-32, cell counts, PDU layout and receiver checks;
 * and of segmentation (Aal5Frame, Aal5Segmenter).
 * Oracles: the published CRC-32/BZIP2 check value, a bit-serial reference CRC, hand-derived cell
 * counts and byte positions.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Write a big-endian 16-bit value.
void
PutU16(uint8_t* p, uint32_t v)
{
    p[0] = static_cast<uint8_t>(v >> 8);
    p[1] = static_cast<uint8_t>(v);
}

/// Write a big-endian 32-bit value.
void
PutU32(uint8_t* p, uint32_t v)
{
    p[0] = static_cast<uint8_t>(v >> 24);
    p[1] = static_cast<uint8_t>(v >> 16);
    p[2] = static_cast<uint8_t>(v >> 8);
    p[3] = static_cast<uint8_t>(v);
}

/// Recompute the CRC field of a PDU with the reference CRC (to isolate a LEN defect).
void
FixCrc(std::vector<uint8_t>& pdu)
{
    const uint32_t size = static_cast<uint32_t>(pdu.size());
    PutU32(pdu.data() + size - 4, RefCrc32Bitwise(pdu.data(), size - 4));
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief CRC-32 check value and agreement with the bit-serial reference.
 */
class Aal5Crc32TestCase : public TestCase
{
  public:
    Aal5Crc32TestCase()
        : TestCase("CRC-32 gives the CRC-32 BZIP2 check value 0xFC891918 and matches a bit-serial "
                   "reference")
    {
    }

  private:
    void DoRun() override
    {
        const char* check = "123456789";
        const auto* bytes = reinterpret_cast<const uint8_t*>(check);
        NS_TEST_ASSERT_MSG_EQ(Aal5::Crc32(bytes, 9), 0xFC891918U, "CRC-32/BZIP2 check value");
        NS_TEST_ASSERT_MSG_EQ(RefCrc32Bitwise(bytes, 9),
                              0xFC891918U,
                              "the reference itself gives the check value");
        NS_TEST_ASSERT_MSG_EQ(Aal5::Crc32(nullptr, 0), 0x00000000U, "empty input: ~0xFFFFFFFF");

        std::vector<uint32_t> lengths;
        for (uint32_t n = 0; n <= 200; ++n)
        {
            lengths.push_back(n);
        }
        for (uint32_t n : {1500U, 9188U, 9220U, 65535U, 65564U})
        {
            lengths.push_back(n);
        }
        for (uint32_t i = 0; i < lengths.size(); ++i)
        {
            const std::vector<uint8_t> data = PseudoRandomBytes(lengths[i], 1000 + i);
            NS_TEST_ASSERT_MSG_EQ(Aal5::Crc32(data.data(), lengths[i]),
                                  RefCrc32Bitwise(data.data(), lengths[i]),
                                  "table and bitwise CRC-32 differ for " << lengths[i] << " bytes");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Cells per SDU at every 48-byte boundary, and pad lengths.
 */
class Aal5CellsForSduTestCase : public TestCase
{
  public:
    Aal5CellsForSduTestCase()
        : TestCase("CellsForSdu steps up exactly when SDU + 8-byte trailer crosses a 48-byte "
                   "boundary")
    {
    }

  private:
    void DoRun() override
    {
        // For k cells the payload holds 48k bytes, i.e. an SDU of up to 48k - 8 bytes.
        uint32_t checked = 0;
        for (uint32_t k = 1; k <= 1366; ++k)
        {
            const uint32_t below = 48 * k - 9; // one byte of pad left
            const uint32_t exact = 48 * k - 8; // no pad
            const uint32_t above = 48 * k - 7; // needs one more cell
            if (below >= 1 && below <= 65535)
            {
                NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(below), k, "SDU " << below);
                NS_TEST_ASSERT_MSG_EQ(Aal5::PadBytes(below), 1U, "pad of SDU " << below);
                ++checked;
            }
            if (exact <= 65535)
            {
                NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(exact), k, "SDU " << exact);
                NS_TEST_ASSERT_MSG_EQ(Aal5::PadBytes(exact), 0U, "pad of SDU " << exact);
                ++checked;
            }
            if (above <= 65535)
            {
                NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(above), k + 1, "SDU " << above);
                NS_TEST_ASSERT_MSG_EQ(Aal5::PadBytes(above), 47U, "pad of SDU " << above);
                ++checked;
            }
        }
        // All three sizes are valid SDUs for k = 1..1365; none is for k = 1366 (65559 > 65535).
        NS_TEST_ASSERT_MSG_EQ(checked, 3U * 1365U, "boundary cases visited");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(1), 1U, "1-byte SDU");
        NS_TEST_ASSERT_MSG_EQ(Aal5::PadBytes(1), 39U, "1-byte SDU pad");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(40), 1U, "40 + 8 = 48");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(41), 2U, "41 + 8 = 49");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CellsForSdu(65535), 1366U, "largest SDU");
        NS_TEST_ASSERT_MSG_EQ(Aal5::PadBytes(65535), 25U, "1366 * 48 - 65543");
        NS_TEST_ASSERT_MSG_EQ(Aal5::MAX_CELLS, Aal5::CellsForSdu(Aal5::MAX_SDU_BYTES), "MAX_CELLS");
    }
};

/**
 * @ingroup atm-tests
 * @brief Byte layout of a built CPCS-PDU.
 */
class Aal5BuildCpcsPduTestCase : public TestCase
{
  public:
    Aal5BuildCpcsPduTestCase()
        : TestCase("BuildCpcsPdu lays out SDU, zero pad, UU, CPI, big-endian LEN and CRC-32")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t sizes[] = {1, 2, 39, 40, 41, 88, 89, 120, 1500, 9188, 65535};
        for (uint32_t sdu : sizes)
        {
            const std::vector<uint8_t> data = PseudoRandomBytes(sdu, sdu);
            const uint8_t uu = static_cast<uint8_t>(0xA0 + sdu % 16);
            const uint8_t cpi = static_cast<uint8_t>(sdu % 3);
            const std::vector<uint8_t> pdu = Aal5::BuildCpcsPdu(data.data(), sdu, uu, cpi);
            const uint32_t size = static_cast<uint32_t>(pdu.size());
            NS_TEST_ASSERT_MSG_EQ(size % 48, 0U, "multiple of 48 for SDU " << sdu);
            NS_TEST_ASSERT_MSG_EQ((size >= sdu + 8 && size < sdu + 8 + 48),
                                  true,
                                  "smallest multiple of 48 holding SDU " << sdu << " + 8");
            NS_TEST_ASSERT_MSG_EQ(std::memcmp(pdu.data(), data.data(), sdu), 0, "SDU copied");
            for (uint32_t i = sdu; i < size - 8; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(+pdu[i], 0, "pad byte " << i << " of SDU " << sdu);
            }
            NS_TEST_ASSERT_MSG_EQ(+pdu[size - 8], +uu, "CPCS-UU is trailer byte 0");
            NS_TEST_ASSERT_MSG_EQ(+pdu[size - 7], +cpi, "CPI is trailer byte 1");
            NS_TEST_ASSERT_MSG_EQ(+pdu[size - 6], +static_cast<uint8_t>(sdu >> 8), "LEN high");
            NS_TEST_ASSERT_MSG_EQ(+pdu[size - 5], +static_cast<uint8_t>(sdu & 0xFF), "LEN low");
            const uint32_t crcField = (static_cast<uint32_t>(pdu[size - 4]) << 24) |
                                      (static_cast<uint32_t>(pdu[size - 3]) << 16) |
                                      (static_cast<uint32_t>(pdu[size - 2]) << 8) | pdu[size - 1];
            NS_TEST_ASSERT_MSG_EQ(crcField,
                                  RefCrc32Bitwise(pdu.data(), size - 4),
                                  "CRC field covers everything before it, SDU " << sdu);
        }
        // Running the register over a whole valid PDU, CRC field included, leaves the constant
        // residue of CRC-32/BZIP2, 0xC704DD7B (before the final complement).
        const std::vector<uint8_t> data = PseudoRandomBytes(100, 7);
        const std::vector<uint8_t> pdu = Aal5::BuildCpcsPdu(data.data(), 100);
        const uint32_t size = static_cast<uint32_t>(pdu.size());
        NS_TEST_ASSERT_MSG_EQ(~RefCrc32Bitwise(pdu.data(), size),
                              0xC704DD7BU,
                              "CRC-32 residue of a valid PDU");
        NS_TEST_ASSERT_MSG_EQ(~Aal5::Crc32(pdu.data(), size), 0xC704DD7BU, "same with Crc32");
    }
};

/**
 * @ingroup atm-tests
 * @brief CheckCpcsPdu accepts every correctly built PDU.
 */
class Aal5CheckOkTestCase : public TestCase
{
  public:
    Aal5CheckOkTestCase()
        : TestCase("CheckCpcsPdu accepts built PDUs and returns the SDU length")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t count = 0;
        for (uint32_t sdu = 1; sdu <= 65535; sdu = sdu < 300 ? sdu + 1 : sdu * 3 / 2)
        {
            const std::vector<uint8_t> data = PseudoRandomBytes(sdu, 77 + sdu);
            const std::vector<uint8_t> pdu = Aal5::BuildCpcsPdu(data.data(), sdu);
            uint32_t len = 12345;
            NS_TEST_ASSERT_MSG_EQ(
                Aal5::CheckCpcsPdu(pdu.data(), static_cast<uint32_t>(pdu.size()), &len),
                Aal5::Result::OK,
                "valid PDU for SDU " << sdu);
            NS_TEST_ASSERT_MSG_EQ(len, sdu, "returned SDU length");
            ++count;
        }
        const std::vector<uint8_t> data = PseudoRandomBytes(65535, 5);
        const std::vector<uint8_t> pdu = Aal5::BuildCpcsPdu(data.data(), 65535);
        NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(pdu.data(), 65568, nullptr),
                              Aal5::Result::OK,
                              "largest PDU, null length pointer");
        NS_TEST_ASSERT_MSG_GT(count, 300U, "sizes checked");
    }
};

/**
 * @ingroup atm-tests
 * @brief Every single-bit error is caught.
 */
class Aal5SingleBitErrorTestCase : public TestCase
{
  public:
    Aal5SingleBitErrorTestCase()
        : TestCase("CheckCpcsPdu rejects every single-bit flip: CRC_ERROR, or LENGTH_ERROR when "
                   "the flip makes LEN impossible")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t sdu : {20U, 40U, 120U})
        {
            const std::vector<uint8_t> data = PseudoRandomBytes(sdu, 3 * sdu);
            const std::vector<uint8_t> good = Aal5::BuildCpcsPdu(data.data(), sdu, 0x11, 0);
            const uint32_t size = static_cast<uint32_t>(good.size());
            uint32_t crcErrors = 0;
            uint32_t lengthErrors = 0;
            for (uint32_t bit = 0; bit < size * 8; ++bit)
            {
                std::vector<uint8_t> pdu = good;
                pdu[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
                Aal5::Result expected = Aal5::Result::CRC_ERROR;
                if (bit / 8 == size - 6 || bit / 8 == size - 5)
                {
                    // A flip in LEN: impossible lengths are caught before the CRC.
                    const uint32_t len =
                        (static_cast<uint32_t>(pdu[size - 6]) << 8) | pdu[size - 5];
                    if (len == 0 || len > size - 8 || size - 8 - len > 47)
                    {
                        expected = Aal5::Result::LENGTH_ERROR;
                    }
                }
                const Aal5::Result result = Aal5::CheckCpcsPdu(pdu.data(), size, nullptr);
                NS_TEST_ASSERT_MSG_EQ(result, expected, "SDU " << sdu << ", bit " << bit);
                crcErrors += (result == Aal5::Result::CRC_ERROR) ? 1 : 0;
                lengthErrors += (result == Aal5::Result::LENGTH_ERROR) ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(crcErrors + lengthErrors, size * 8, "all flips rejected");
            NS_TEST_ASSERT_MSG_GT(lengthErrors, 0U, "some LEN flips are length errors");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Length errors, each with an otherwise valid CRC-32.
 */
class Aal5LengthErrorTestCase : public TestCase
{
  public:
    Aal5LengthErrorTestCase()
        : TestCase("CheckCpcsPdu reports LENGTH_ERROR for bad sizes, LEN 0, LEN beyond the PDU "
                   "and a pad above 47 bytes")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> data = PseudoRandomBytes(60, 9);
        const std::vector<uint8_t> good = Aal5::BuildCpcsPdu(data.data(), 60); // 96 bytes
        NS_TEST_ASSERT_MSG_EQ(good.size(), 96U, "60 + 8 -> 2 cells");

        NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(good.data(), 0, nullptr),
                              Aal5::Result::LENGTH_ERROR,
                              "empty unit");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(good.data(), 47, nullptr),
                              Aal5::Result::LENGTH_ERROR,
                              "shorter than a cell");
        NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(good.data(), 95, nullptr),
                              Aal5::Result::LENGTH_ERROR,
                              "not a multiple of 48");

        struct Case
        {
            uint32_t len;          //!< LEN written into the trailer
            Aal5::Result expected; //!< expected outcome with a matching CRC
            const char* what;      //!< description
        };

        const Case cases[] = {
            {0, Aal5::Result::LENGTH_ERROR, "LEN 0 marks an aborted PDU"},
            {89, Aal5::Result::LENGTH_ERROR, "LEN 89 > 96 - 8"},
            {88, Aal5::Result::OK, "LEN 88: no pad"},
            {41, Aal5::Result::OK, "LEN 41: pad 47"},
            {40, Aal5::Result::LENGTH_ERROR, "LEN 40: pad 48 (would fit one cell)"},
            {1, Aal5::Result::LENGTH_ERROR, "LEN 1: pad 87"},
            {65535, Aal5::Result::LENGTH_ERROR, "LEN 65535 in a 2-cell PDU"},
        };
        for (const Case& c : cases)
        {
            std::vector<uint8_t> pdu = good;
            PutU16(pdu.data() + 96 - 6, c.len);
            FixCrc(pdu);
            uint32_t len = 999;
            NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, &len), c.expected, c.what);
            NS_TEST_ASSERT_MSG_EQ(len, (c.expected == Aal5::Result::OK ? c.len : 0U), c.what);
        }
        // The length check comes first: a bad LEN with a bad CRC is a LENGTH_ERROR.
        std::vector<uint8_t> pdu = good;
        PutU16(pdu.data() + 96 - 6, 0);
        NS_TEST_ASSERT_MSG_EQ(Aal5::CheckCpcsPdu(pdu.data(), 96, nullptr),
                              Aal5::Result::LENGTH_ERROR,
                              "LEN checked before CRC");
    }
};

/**
 * @ingroup atm-tests
 * @brief The segmenter marks only the last cell, keeps labels and honours EFCI.
 */
class Aal5SegmenterTestCase : public TestCase
{
  public:
    Aal5SegmenterTestCase()
        : TestCase("The segmenter emits count cells with indices 0..count-1, PTI 0 (2 with EFCI) "
                   "and PTI 1 (3) on the last")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Aal5Frame> f = MakeFrame(1500, 3);
        NS_TEST_ASSERT_MSG_EQ(f->GetCellCount(), 32U, "1508 -> 32 cells");
        for (bool efci : {false, true})
        {
            Aal5Segmenter seg(f, 7, 99, true, efci);
            uint32_t i = 0;
            while (!seg.IsDone())
            {
                NS_TEST_ASSERT_MSG_EQ(seg.GetRemaining(), 32U - i, "remaining");
                const AtmCell c = seg.Next();
                NS_TEST_ASSERT_MSG_EQ(c.index, i, "index");
                NS_TEST_ASSERT_MSG_EQ(c.count, 32U, "count");
                NS_TEST_ASSERT_MSG_EQ(c.vpi, 7, "VPI");
                NS_TEST_ASSERT_MSG_EQ(c.vci, 99, "VCI");
                NS_TEST_ASSERT_MSG_EQ(c.clp, true, "CLP");
                NS_TEST_ASSERT_MSG_EQ(c.frame, f, "frame reference");
                const uint32_t pti = (efci ? 2U : 0U) + (i == 31 ? 1U : 0U);
                NS_TEST_ASSERT_MSG_EQ(+c.pti, pti, "PTI of cell " << i);
                NS_TEST_ASSERT_MSG_EQ(c.IsEndOfPdu(), (i == 31), "end of PDU");
                ++i;
            }
            NS_TEST_ASSERT_MSG_EQ(i, 32U, "cells produced");
        }
        NS_TEST_ASSERT_MSG_EQ(Aal5Segmenter().IsDone(), true, "empty cursor");
        NS_TEST_ASSERT_MSG_EQ(MakeFrame(1, 4)->GetCellCount(), 1U, "single-cell frame");
        NS_TEST_ASSERT_MSG_EQ(+Aal5Segmenter::Segment(MakeFrame(1, 4), 0, 32)[0].pti,
                              1,
                              "a single cell is first and last");
        NS_TEST_ASSERT_MSG_GT(MakeFrame(10, 5)->GetId(), f->GetId(), "ids increase");
        NS_TEST_ASSERT_MSG_EQ(f->GetCrc32(),
                              RefCrc32Bitwise(f->GetCpcsPduBytes().data(), 32 * 48 - 4),
                              "frame CRC-32");
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-aal5 test suite.
 */
class Aal5TestSuite : public TestSuite
{
  public:
    Aal5TestSuite()
        : TestSuite("atm-aal5", ATM_SUITE_UNIT)
    {
        AddTestCase(new Aal5Crc32TestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5CellsForSduTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5BuildCpcsPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5CheckOkTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5SingleBitErrorTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5LengthErrorTestCase, ATM_TEST_QUICK);
        AddTestCase(new Aal5SegmenterTestCase, ATM_TEST_QUICK);
    }
};

static Aal5TestSuite g_aal5TestSuite; //!< static instance registering the suite
