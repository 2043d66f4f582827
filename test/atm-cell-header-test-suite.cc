/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/aal5-segmenter.h"
#include "ns3/atm-cell-header.h"
#include "ns3/atm-cell.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <cstring>
#include <sstream>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmCellHeader (UNI/NNI bit layout, HEC) and of the cell's wire form (AtmCell).
 * Oracles: the CRC-8/I-432-1 check value, the I.432 idle/unassigned cell HECs, a bit-serial
 * reference CRC-8 and octets packed by hand from the I.361 layout.
 */

using namespace ns3;
using namespace ns3::atmtest;

namespace
{

/// Serialize a header through the ns-3 Header interface and return its bytes.
std::vector<uint8_t>
SerializeThroughPacket(const AtmCellHeader& header)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(header);
    return PacketBytes(p);
}

/// Deserialize 5 bytes through the ns-3 Header interface, in the given format.
AtmCellHeader
DeserializeThroughPacket(const std::vector<uint8_t>& bytes, AtmCellHeader::Format format)
{
    Ptr<Packet> p = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    AtmCellHeader header;
    header.SetFormat(format);
    p->RemoveHeader(header);
    return header;
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief HEC algorithm against standard values and a bitwise reference.
 */
class AtmHecTestCase : public TestCase
{
  public:
    AtmHecTestCase()
        : TestCase("HEC is CRC-8 I-432-1: check value 0xA1, idle cell 0x52, unassigned cell 0x55, "
                   "and it matches a bit-serial reference")
    {
    }

  private:
    void DoRun() override
    {
        const auto* check = reinterpret_cast<const uint8_t*>("123456789");
        NS_TEST_ASSERT_MSG_EQ(+AtmCellHeader::Crc8I432(check, 9), 0xA1, "CRC-8/I-432-1 check");
        NS_TEST_ASSERT_MSG_EQ(+RefCrc8Bitwise(check, 9), 0xA1, "reference gives the check value");

        // ITU-T I.432: idle cell header 00 00 00 01 has HEC 0x52; unassigned cell 00 00 00 00
        // has HEC 0x55 (the coset alone).
        const uint8_t idle[4] = {0x00, 0x00, 0x00, 0x01};
        const uint8_t unassigned[4] = {0x00, 0x00, 0x00, 0x00};
        NS_TEST_ASSERT_MSG_EQ(+AtmCellHeader::ComputeHec(idle), 0x52, "idle cell HEC");
        NS_TEST_ASSERT_MSG_EQ(+AtmCellHeader::ComputeHec(unassigned), 0x55, "unassigned cell HEC");

        const std::vector<uint8_t> random = PseudoRandomBytes(4 * 2000, 42);
        for (uint32_t i = 0; i < 2000; ++i)
        {
            const uint8_t* h = random.data() + 4 * i;
            NS_TEST_ASSERT_MSG_EQ(+AtmCellHeader::ComputeHec(h),
                                  +RefCrc8Bitwise(h, 4),
                                  "random header " << i);
        }
        for (uint32_t pos = 0; pos < 4; ++pos)
        {
            for (uint32_t v = 0; v < 256; ++v)
            {
                uint8_t h[4] = {0, 0, 0, 0};
                h[pos] = static_cast<uint8_t>(v);
                NS_TEST_ASSERT_MSG_EQ(+AtmCellHeader::ComputeHec(h),
                                      +RefCrc8Bitwise(h, 4),
                                      "octet " << pos << " = " << v);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Exact octets of UNI and NNI headers.
 */
class AtmHeaderLayoutTestCase : public TestCase
{
  public:
    AtmHeaderLayoutTestCase()
        : TestCase("UNI and NNI headers serialize to the octets of the I.361 layout")
    {
    }

  private:
    void DoRun() override
    {
        // UNI GFC=0xA VPI=0x5C VCI=0x1234 PTI=5 CLP=1:
        //   A|5  C|1  23  4|101|1  -> A5 C1 23 4B
        AtmCellHeader uni;
        uni.SetGfc(0xA);
        uni.SetVpi(0x5C);
        uni.SetVci(0x1234);
        uni.SetPti(5);
        uni.SetClp(true);
        const std::vector<uint8_t> u = SerializeThroughPacket(uni);
        const uint8_t uniOctets[4] = {0xA5, 0xC1, 0x23, 0x4B};
        NS_TEST_ASSERT_MSG_EQ(u.size(), 5U, "5 bytes");
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(u.data(), uniOctets, 4), 0, "UNI octets A5 C1 23 4B");
        NS_TEST_ASSERT_MSG_EQ(+u[4], +RefCrc8Bitwise(uniOctets, 4), "UNI HEC by reference");
        NS_TEST_ASSERT_MSG_EQ(+u[4], 0x65, "UNI HEC computed by hand");
        NS_TEST_ASSERT_MSG_EQ(+uni.GetHec(), 0x65, "GetHec of an in-memory header");

        // NNI VPI=0xABC VCI=0x0F0F PTI=2 CLP=0:  AB  C|0  F0  F|010|0  -> AB C0 F0 F4
        AtmCellHeader nni;
        nni.SetFormat(AtmCellHeader::NNI);
        nni.SetVpi(0xABC);
        nni.SetVci(0x0F0F);
        nni.SetPti(2);
        const std::vector<uint8_t> n = SerializeThroughPacket(nni);
        const uint8_t nniOctets[4] = {0xAB, 0xC0, 0xF0, 0xF4};
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(n.data(), nniOctets, 4), 0, "NNI octets AB C0 F0 F4");
        NS_TEST_ASSERT_MSG_EQ(+n[4], +RefCrc8Bitwise(nniOctets, 4), "NNI HEC by reference");
        NS_TEST_ASSERT_MSG_EQ(+n[4], 0x7B, "NNI HEC computed by hand");

        // The same octets read as UNI: GFC = 0xA, VPI = 0xBC.
        const AtmCellHeader asUni = DeserializeThroughPacket(n, AtmCellHeader::UNI);
        NS_TEST_ASSERT_MSG_EQ(+asUni.GetGfc(), 0xA, "NNI VPI high nibble is the UNI GFC");
        NS_TEST_ASSERT_MSG_EQ(asUni.GetVpi(), 0xBC, "UNI VPI is the low 8 bits");
        NS_TEST_ASSERT_MSG_EQ(asUni.IsHecOk(), true, "the HEC does not depend on the format");

        // VPI=1 VCI=32 PTI=1 (AAL5 end of PDU) CLP=0: 00 10 02 02 HEC D3.
        AtmCellHeader eom;
        eom.SetVpi(1);
        eom.SetVci(32);
        eom.SetPti(1);
        const std::vector<uint8_t> e = SerializeThroughPacket(eom);
        const uint8_t eomBytes[5] = {0x00, 0x10, 0x02, 0x02, 0xD3};
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(e.data(), eomBytes, 5), 0, "00 10 02 02 D3");
        std::ostringstream os;
        eom.Print(os);
        NS_TEST_ASSERT_MSG_EQ(os.str(), "UNI VPI=1 VCI=32 PTI=1 CLP=0 HEC=0xd3 ok", "Print");
    }
};

/**
 * @ingroup atm-tests
 * @brief Serialize/Deserialize round trips at the field extremes.
 */
class AtmHeaderRoundTripTestCase : public TestCase
{
  public:
    AtmHeaderRoundTripTestCase()
        : TestCase("UNI and NNI headers round-trip every field at its extremes with a valid HEC")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t n = 0;
        for (AtmCellHeader::Format format : {AtmCellHeader::UNI, AtmCellHeader::NNI})
        {
            const std::vector<uint16_t> vpis =
                format == AtmCellHeader::UNI ? std::vector<uint16_t>{0, 1, 128, 255}
                                             : std::vector<uint16_t>{0, 1, 255, 256, 2048, 4095};
            const std::vector<uint8_t> gfcs = format == AtmCellHeader::UNI
                                                  ? std::vector<uint8_t>{0, 5, 15}
                                                  : std::vector<uint8_t>{0};
            for (uint16_t vpi : vpis)
            {
                for (uint16_t vci : {0, 1, 5, 32, 4096, 65535})
                {
                    for (uint8_t pti = 0; pti < 8; ++pti)
                    {
                        for (bool clp : {false, true})
                        {
                            for (uint8_t gfc : gfcs)
                            {
                                AtmCellHeader h;
                                h.SetFormat(format);
                                h.SetGfc(gfc);
                                h.SetVpi(vpi);
                                h.SetVci(vci);
                                h.SetPti(pti);
                                h.SetClp(clp);
                                const std::vector<uint8_t> bytes = SerializeThroughPacket(h);
                                const AtmCellHeader r = DeserializeThroughPacket(bytes, format);
                                NS_TEST_ASSERT_MSG_EQ(r.GetFormat(), format, "format");
                                NS_TEST_ASSERT_MSG_EQ(+r.GetGfc(), +gfc, "GFC");
                                NS_TEST_ASSERT_MSG_EQ(r.GetVpi(), vpi, "VPI");
                                NS_TEST_ASSERT_MSG_EQ(r.GetVci(), vci, "VCI");
                                NS_TEST_ASSERT_MSG_EQ(+r.GetPti(), +pti, "PTI");
                                NS_TEST_ASSERT_MSG_EQ(r.GetClp(), clp, "CLP");
                                NS_TEST_ASSERT_MSG_EQ(r.IsHecOk(), true, "HEC checks");
                                NS_TEST_ASSERT_MSG_EQ(+r.GetHec(), +bytes[4], "received HEC kept");
                                ++n;
                            }
                        }
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(n, (4U * 3U + 6U) * 6U * 8U * 2U, "combinations");
    }
};

/**
 * @ingroup atm-tests
 * @brief Single-bit header errors.
 */
class AtmHeaderBitErrorTestCase : public TestCase
{
  public:
    AtmHeaderBitErrorTestCase()
        : TestCase("Every single-bit error among the 40 header bits makes IsHecOk() false")
    {
    }

  private:
    void DoRun() override
    {
        for (AtmCellHeader::Format format : {AtmCellHeader::UNI, AtmCellHeader::NNI})
        {
            AtmCellHeader h;
            h.SetFormat(format);
            h.SetVpi(format == AtmCellHeader::UNI ? 200 : 3000);
            h.SetVci(0xBEEF);
            h.SetPti(3);
            const std::vector<uint8_t> good = SerializeThroughPacket(h);
            NS_TEST_ASSERT_MSG_EQ(DeserializeThroughPacket(good, format).IsHecOk(),
                                  true,
                                  "intact header");
            for (uint32_t bit = 0; bit < 40; ++bit)
            {
                std::vector<uint8_t> bad = good;
                bad[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
                const AtmCellHeader r = DeserializeThroughPacket(bad, format);
                NS_TEST_ASSERT_MSG_EQ(r.IsHecOk(), false, "bit " << bit << " flipped");
                NS_TEST_ASSERT_MSG_EQ(+r.GetHec(), +bad[4], "the received HEC is kept");
            }
        }
        // A received header with a bad HEC that is then modified in memory is a new header.
        std::vector<uint8_t> bad = SerializeThroughPacket(AtmCellHeader());
        bad[4] ^= 0x01;
        AtmCellHeader r = DeserializeThroughPacket(bad, AtmCellHeader::UNI);
        std::ostringstream os;
        r.Print(os);
        NS_TEST_ASSERT_MSG_EQ(os.str(), "UNI VPI=0 VCI=0 PTI=0 CLP=0 HEC=0x54 BAD", "Print BAD");
        r.SetVci(33);
        NS_TEST_ASSERT_MSG_EQ(r.IsHecOk(), true, "modified header has a computed HEC");
        const uint8_t octets[4] = {0x00, 0x00, 0x02, 0x10};
        NS_TEST_ASSERT_MSG_EQ(+r.GetHec(), +RefCrc8Bitwise(octets, 4), "recomputed HEC");
    }
};

/**
 * @ingroup atm-tests
 * @brief End-of-PDU decoding of the PTI.
 */
class AtmEndOfPduTestCase : public TestCase
{
  public:
    AtmEndOfPduTestCase()
        : TestCase("Only user-data PTIs 1 and 3 mark the end of an AAL5 PDU")
    {
    }

  private:
    void DoRun() override
    {
        const bool expected[8] = {false, true, false, true, false, false, false, false};
        for (uint8_t pti = 0; pti < 8; ++pti)
        {
            AtmCellHeader h;
            h.SetPti(pti);
            NS_TEST_ASSERT_MSG_EQ(h.IsEndOfPdu(), expected[pti], "header PTI " << +pti);
            AtmCell cell;
            cell.pti = pti;
            NS_TEST_ASSERT_MSG_EQ(cell.IsEndOfPdu(), expected[pti], "cell PTI " << +pti);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The 53 bytes of a cell.
 */
class AtmCellSerializeTestCase : public TestCase
{
  public:
    AtmCellSerializeTestCase()
        : TestCase("A cell serializes to its header and the matching 48 bytes of its frame's "
                   "CPCS-PDU; a corrupted cell differs in exactly one payload bit")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Aal5Frame> frame = MakeFrame(200, 11); // 5 cells
        const std::vector<uint8_t>& pdu = frame->GetCpcsPduBytes();
        std::vector<AtmCell> cells = Aal5Segmenter::Segment(frame, 300, 0x4321, true);
        NS_TEST_ASSERT_MSG_EQ(cells.size(), 5U, "200 + 8 -> 5 cells");
        for (const AtmCell& cell : cells)
        {
            uint8_t wire[53];
            cell.Serialize(wire, AtmCellHeader::NNI);
            AtmCellHeader h;
            h.SetFormat(AtmCellHeader::NNI);
            h.ReadBytes(wire);
            NS_TEST_ASSERT_MSG_EQ(h.IsHecOk(), true, "HEC of cell " << cell.index);
            NS_TEST_ASSERT_MSG_EQ(h.GetVpi(), 300, "VPI");
            NS_TEST_ASSERT_MSG_EQ(h.GetVci(), 0x4321, "VCI");
            NS_TEST_ASSERT_MSG_EQ(h.GetClp(), true, "CLP");
            NS_TEST_ASSERT_MSG_EQ(+h.GetPti(), (cell.index == 4 ? 1 : 0), "PTI");
            NS_TEST_ASSERT_MSG_EQ(std::memcmp(wire + 5, pdu.data() + 48 * cell.index, 48),
                                  0,
                                  "payload of cell " << cell.index);
        }
        AtmCell bad = cells[4];
        bad.flags |= AtmCell::PAYLOAD_CORRUPTED;
        uint8_t payload[48];
        bad.CopyPayload(payload);
        NS_TEST_ASSERT_MSG_EQ((payload[0] ^ pdu[4 * 48]), 0x01, "bit 0 of byte 0 flipped");
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(payload + 1, pdu.data() + 4 * 48 + 1, 47),
                              0,
                              "rest (trailer included) intact");

        // A frame marked corrupted reports the error in its cell 0 only.
        frame->SetCorrupted(true);
        NS_TEST_ASSERT_MSG_EQ(cells[0].IsPayloadCorrupted(), true, "cell 0 of corrupted frame");
        NS_TEST_ASSERT_MSG_EQ(cells[1].IsPayloadCorrupted(), false, "cell 1 of corrupted frame");

        // A cell without a frame (here a signalling-VCI cell) carries a zero payload.
        AtmCell idle;
        idle.vci = 5;
        uint8_t wire[53];
        idle.Serialize(wire);
        const uint8_t header[5] = {0x00, 0x00, 0x00, 0x50, RefCrc8Bitwise(wire, 4)};
        NS_TEST_ASSERT_MSG_EQ(std::memcmp(wire, header, 5), 0, "VCI 5 header 00 00 00 50");
        for (uint32_t i = 5; i < 53; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(+wire[i], 0, "zero payload byte " << i);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-cell-header test suite.
 */
class AtmCellHeaderTestSuite : public TestSuite
{
  public:
    AtmCellHeaderTestSuite()
        : TestSuite("atm-cell-header", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmHecTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmHeaderLayoutTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmHeaderRoundTripTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmHeaderBitErrorTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEndOfPduTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmCellSerializeTestCase, ATM_TEST_QUICK);
    }
};

static AtmCellHeaderTestSuite g_atmCellHeaderTestSuite; //!< static instance registering the suite
