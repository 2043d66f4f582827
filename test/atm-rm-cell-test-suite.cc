/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-crc10.h"
#include "ns3/atm-rm-fields.h"
#include "ns3/atm-rm-rate.h"
#include "ns3/test.h"

#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * ABR resource-management cells (ATM Forum TM 4.0 RM-cell fields and rate format): the 16-bit
 * rate format at hand-computed points and over every code, the CRC-10 against a separate long
 * division and its detection of every single-bit error, the payload layout byte by byte, and the
 * cell carrying it.
 */

using namespace ns3;

namespace
{

/**
 * The remainder of a bit string by x^10 + x^9 + x^5 + x^4 + x + 1, by textbook long division
 * on a vector of bits (independent of AtmCrc10's shift register).
 * @param bytes the bytes, most significant bit first
 * @return the remainder
 */
uint16_t
LongDivision(const std::vector<uint8_t>& bytes)
{
    std::vector<int> bits;
    for (uint8_t b : bytes)
    {
        for (int i = 7; i >= 0; --i)
        {
            bits.push_back((b >> i) & 1);
        }
    }
    const int g[11] = {1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1}; // x^10 ... x^0
    for (size_t i = 0; i + 10 < bits.size(); ++i)
    {
        if (bits[i] != 0)
        {
            for (int j = 0; j < 11; ++j)
            {
                bits[i + j] ^= g[j];
            }
        }
    }
    uint16_t r = 0;
    for (size_t i = bits.size() - 10; i < bits.size(); ++i)
    {
        r = static_cast<uint16_t>((r << 1) | bits[i]);
    }
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The rate format: hand-computed codes, rounding down, and over every code the round
 *        trip and the ordering.
 */
class AtmRmRateTestCase : public TestCase
{
  public:
    AtmRmRateTestCase()
        : TestCase("RM-cell rate format: nz, 5-bit exponent, 9-bit mantissa, rounded down")
    {
    }

  private:
    void DoRun() override
    {
        // R = 2^e (1 + m/512): 1 = 2^0; 3 = 2^1 x 1.5 (m 256); 1000 = 2^9 x 1.953125 (m 488).
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(0), 0, "0: nz = 0");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(0.999), 0, "below 1 cell/s: 0");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(1), 0x4000, "1 cell/s");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(3), (0x4000 | (1 << 9) | 256), "3 cells/s");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(1000), (0x4000 | (9 << 9) | 488), "1000 cells/s");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(0x4000 | (9 << 9) | 488), 1000, "exact");
        // OC-3c, 18720000/53 = 353207.547...: 2^18 x 1.3473... -> m = 177: 352768 (rounded down).
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(18720000.0 / 53),
                              (0x4000 | (18 << 9) | 177),
                              "OC-3c");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Quantize(18720000.0 / 53), 352768, "OC-3c as carried");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::GetMaxRate(), 4290772992.0, "2^31 x (1 + 511/512)");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(AtmRmRate::GetMaxRate()), 0x7fff, "the largest");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(0x8000 | 0x4000), 1, "reserved bit ignored");
        NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Decode(0x3fff), 0, "nz = 0 is 0 whatever e and m");

        // Every code with nz = 1 round-trips, and the codes are ordered like their rates.
        double previous = 0;
        for (uint32_t code = 0x4000; code <= 0x7fff; ++code)
        {
            const double r = AtmRmRate::Decode(static_cast<uint16_t>(code));
            NS_TEST_ASSERT_MSG_EQ(AtmRmRate::Encode(r), code, "round trip of " << code);
            NS_TEST_ASSERT_MSG_GT(r, previous, "increasing at " << code);
            previous = r;
        }
        // Random rates: the carried rate is at most the rate and the next code exceeds it.
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> logRate(0, std::log(4.2e9));
        for (int i = 0; i < 10000; ++i)
        {
            const double r = std::exp(logRate(rng));
            const uint16_t c = AtmRmRate::Encode(r);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(AtmRmRate::Decode(c), r, "rounded down: " << r);
            if (c >= 0x4000 && c < 0x7fff)
            {
                NS_TEST_ASSERT_MSG_GT(AtmRmRate::Decode(c + 1), r, "the nearest below: " << r);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief CRC-10: the shift register agrees with long division, the inserted CRC checks, and
 *        every single-bit error of a payload is detected.
 */
class AtmCrc10TestCase : public TestCase
{
  public:
    AtmCrc10TestCase()
        : TestCase("CRC-10 (x^10 + x^9 + x^5 + x^4 + x + 1) of a cell payload")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(11);
        for (int k = 0; k < 200; ++k)
        {
            std::vector<uint8_t> p(48);
            for (auto& b : p)
            {
                b = static_cast<uint8_t>(rng());
            }
            NS_TEST_ASSERT_MSG_EQ(AtmCrc10::Remainder(p.data(), p.size()),
                                  LongDivision(p),
                                  "shift register = long division");
            AtmCrc10::Insert(p.data());
            NS_TEST_ASSERT_MSG_EQ(AtmCrc10::Check(p.data()), true, "the inserted CRC checks");
            NS_TEST_ASSERT_MSG_EQ(LongDivision(p), 0, "long division of payload + CRC is 0");
        }
        uint8_t zero[48] = {};
        NS_TEST_ASSERT_MSG_EQ(AtmCrc10::Remainder(zero, 48), 0, "all zero");
        uint8_t p[48];
        for (int i = 0; i < 48; ++i)
        {
            p[i] = static_cast<uint8_t>(0x6A + i);
        }
        AtmCrc10::Insert(p);
        NS_TEST_ASSERT_MSG_EQ((p[46] & 0xfc),
                              ((0x6A + 46) & 0xfc),
                              "the six reserved bits are kept");
        for (int bit = 0; bit < 384; ++bit)
        {
            uint8_t q[48];
            std::memcpy(q, p, 48);
            q[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
            NS_TEST_ASSERT_MSG_EQ(AtmCrc10::Check(q), false, "bit " << bit << " flipped");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The RM payload byte by byte, the round trip, and what a bad payload gives.
 */
class AtmRmFieldsTestCase : public TestCase
{
  public:
    AtmRmFieldsTestCase()
        : TestCase("RM-cell payload: protocol ID, message type, ER, CCR, MCR, QL, SN, 0x6A, CRC-10")
    {
    }

  private:
    void DoRun() override
    {
        AtmRmFields rm;
        rm.Set(AtmRmFields::DIR, true);
        rm.Set(AtmRmFields::CI, true);
        rm.er = AtmRmRate::Encode(1000);
        rm.ccr = AtmRmRate::Encode(3);
        rm.mcr = AtmRmRate::Encode(1);
        NS_TEST_ASSERT_MSG_EQ(+rm.messageType, 0xA0, "DIR = bit 7, CI = bit 5");
        uint8_t p[48];
        rm.Serialize(p);
        NS_TEST_ASSERT_MSG_EQ(+p[0], 1, "protocol ID 1 (ABR)");
        NS_TEST_ASSERT_MSG_EQ(+p[1], 0xA0, "message type");
        NS_TEST_ASSERT_MSG_EQ(+p[2], 0x53, "ER high byte (0x53E8)");
        NS_TEST_ASSERT_MSG_EQ(+p[3], 0xE8, "ER low byte");
        NS_TEST_ASSERT_MSG_EQ(+p[4], 0x43, "CCR high byte (0x4300)");
        NS_TEST_ASSERT_MSG_EQ(+p[5], 0x00, "CCR low byte");
        NS_TEST_ASSERT_MSG_EQ(+p[6], 0x40, "MCR high byte (0x4000)");
        NS_TEST_ASSERT_MSG_EQ(+p[7], 0x00, "MCR low byte");
        for (int i = 8; i < 16; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(+p[i], 0, "QL and SN zero, byte " << i);
        }
        for (int i = 16; i < 46; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(+p[i], 0x6A, "reserved byte " << i);
        }
        NS_TEST_ASSERT_MSG_EQ((p[46] & 0xfc), 0, "reserved bits of byte 46");
        NS_TEST_ASSERT_MSG_EQ(AtmCrc10::Check(p), true, "CRC-10");

        AtmRmFields back;
        NS_TEST_ASSERT_MSG_EQ(AtmRmFields::Deserialize(p, back), true, "valid payload");
        NS_TEST_ASSERT_MSG_EQ((back == rm), true, "round trip");
        std::ostringstream os;
        os << back;
        NS_TEST_ASSERT_MSG_EQ(os.str(), "BRM CI ER=1000 CCR=3 MCR=1", "printed");

        uint8_t bad[48];
        std::memcpy(bad, p, 48);
        bad[3] ^= 0x10;
        NS_TEST_ASSERT_MSG_EQ(AtmRmFields::Deserialize(bad, back), false, "CRC error");
        std::memcpy(bad, p, 48);
        bad[0] = 2;
        AtmCrc10::Insert(bad);
        NS_TEST_ASSERT_MSG_EQ(AtmRmFields::Deserialize(bad, back), false, "not ABR");
        NS_TEST_ASSERT_MSG_EQ((back == rm), true, "a refused payload leaves the fields alone");
    }
};

/**
 * @ingroup atm-tests
 * @brief A cell with PTI 110 is an RM cell: its payload is its RM fields, its header keeps the
 *        PTI, and a corrupted one fails the CRC-10.
 */
class AtmRmCellTestCase : public TestCase
{
  public:
    AtmRmCellTestCase()
        : TestCase("An AtmCell with PTI 110 carries its RM fields as its payload")
    {
    }

  private:
    void DoRun() override
    {
        AtmCell cell;
        cell.vpi = 1;
        cell.vci = 40;
        NS_TEST_ASSERT_MSG_EQ(cell.IsResourceManagement(), false, "a user-data cell");
        cell.pti = AtmRmFields::PTI;
        cell.rm.ccr = AtmRmRate::Encode(1000);
        cell.rm.er = AtmRmRate::Encode(1000);
        NS_TEST_ASSERT_MSG_EQ(cell.IsResourceManagement(), true, "PTI 110");
        NS_TEST_ASSERT_MSG_EQ(cell.IsEndOfPdu(), false, "not the end of an AAL5 PDU");
        uint8_t bytes[53];
        cell.Serialize(bytes);
        NS_TEST_ASSERT_MSG_EQ(((bytes[3] >> 1) & 0x7), 6, "PTI 110 in the header");
        uint8_t expected[48];
        cell.rm.Serialize(expected);
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(bytes + 5, expected, 48), 0, "payload = RM fields");
        std::ostringstream os;
        os << cell;
        NS_TEST_ASSERT_MSG_EQ((os.str().find("FRM ER=1000 CCR=1000 MCR=0") != std::string::npos),
                              true,
                              "printed: " << os.str());
        cell.flags |= AtmCell::PAYLOAD_CORRUPTED;
        cell.Serialize(bytes);
        AtmRmFields back;
        NS_TEST_ASSERT_MSG_EQ(AtmRmFields::Deserialize(bytes + 5, back),
                              false,
                              "a corrupted RM cell fails its CRC-10");
    }
};

/**
 * @ingroup atm-tests
 * @brief The RM-cell suite.
 */
class AtmRmCellTestSuite : public TestSuite
{
  public:
    AtmRmCellTestSuite()
        : TestSuite("atm-rm-cell", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmRmRateTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCrc10TestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmRmFieldsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmRmCellTestCase, ATM_TEST_QUICK);
    }
};

static AtmRmCellTestSuite g_atmRmCellTestSuite; //!< static instance registering the suite
