/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ns3-compat.h"
#include "atm-test-utils.h"

#include "ns3/atm-encapsulation.h"
#include "ns3/packet.h"
#include "ns3/test.h"

#include <cstring>
#include <vector>

/**
 * @file
 * @ingroup atm-tests
 * Tests of AtmEncapsulation (RFC 2684 LLC/SNAP and VC multiplexing). Oracles: the RFC 2684 header
 * bytes and cell counts derived by hand from ceil((IP + header + 8) / 48).
 */

using namespace ns3;
using namespace ns3::atmtest;

/**
 * @ingroup atm-tests
 * @brief The LLC/SNAP header bytes.
 */
class AtmLlcSnapBytesTestCase : public TestCase
{
  public:
    AtmLlcSnapBytesTestCase()
        : TestCase("LLC-SNAP prepends AA AA 03 00 00 00 and the EtherType; VC-mux prepends nothing")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> ip = PseudoRandomBytes(40, 1);

        struct Case
        {
            uint16_t etherType;  //!< protocol
            uint8_t expected[8]; //!< header bytes
        };

        const Case cases[] = {
            {0x0800, {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00}},
            {0x86DD, {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x86, 0xDD}},
            {0x0806, {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x08, 0x06}},
        };
        for (const Case& c : cases)
        {
            Ptr<Packet> p = Create<Packet>(ip.data(), 40);
            AtmEncapsulation::Add(p, AtmEncapsulation::LLC_SNAP, c.etherType);
            const std::vector<uint8_t> bytes = PacketBytes(p);
            NS_TEST_ASSERT_MSG_EQ(bytes.size(), 48U, "40 + 8 bytes");
            NS_TEST_ASSERT_MSG_EQ(std::memcmp(bytes.data(), c.expected, 8),
                                  0,
                                  "header for EtherType " << c.etherType);
            NS_TEST_ASSERT_MSG_EQ(std::memcmp(bytes.data() + 8, ip.data(), 40), 0, "IP intact");
        }
        Ptr<Packet> p = Create<Packet>(ip.data(), 40);
        AtmEncapsulation::Add(p, AtmEncapsulation::VC_MUX, 0x0800);
        NS_TEST_ASSERT_MSG_EQ((PacketBytes(p) == ip), true, "VC-mux leaves the packet unchanged");
        NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::GetHeaderBytes(AtmEncapsulation::LLC_SNAP),
                              8U,
                              "LLC/SNAP header bytes");
        NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::GetHeaderBytes(AtmEncapsulation::VC_MUX),
                              0U,
                              "VC-mux header bytes");
    }
};

/**
 * @ingroup atm-tests
 * @brief Remove() undoes Add() and recognises foreign headers.
 */
class AtmEncapsulationRemoveTestCase : public TestCase
{
  public:
    AtmEncapsulationRemoveTestCase()
        : TestCase("Remove undoes Add, reports the EtherType and refuses a non-LLC-SNAP header")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint8_t> ip = PseudoRandomBytes(100, 2);
        for (uint16_t type : {uint16_t(0x0800), uint16_t(0x86DD)})
        {
            Ptr<Packet> p = Create<Packet>(ip.data(), 100);
            AtmEncapsulation::Add(p, AtmEncapsulation::LLC_SNAP, type);
            uint16_t got = 0;
            NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::Remove(p, AtmEncapsulation::LLC_SNAP, 0, &got),
                                  true,
                                  "LLC/SNAP removed");
            NS_TEST_ASSERT_MSG_EQ(got, type, "EtherType");
            NS_TEST_ASSERT_MSG_EQ((PacketBytes(p) == ip), true, "payload restored");
        }

        // VC-mux: the protocol is the VC's configured one.
        Ptr<Packet> p = Create<Packet>(ip.data(), 100);
        AtmEncapsulation::Add(p, AtmEncapsulation::VC_MUX, 0x0800);
        uint16_t got = 0;
        NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::Remove(p, AtmEncapsulation::VC_MUX, 0x86DD, &got),
                              true,
                              "VC-mux remove");
        NS_TEST_ASSERT_MSG_EQ(got, 0x86DD, "configured protocol");
        NS_TEST_ASSERT_MSG_EQ((PacketBytes(p) == ip), true, "nothing removed");

        // Each of the six fixed bytes is checked; a mismatch leaves the packet untouched.
        for (uint32_t i = 0; i < 6; ++i)
        {
            std::vector<uint8_t> bytes = {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00};
            bytes[i] ^= 0x10;
            bytes.insert(bytes.end(), ip.begin(), ip.end());
            Ptr<Packet> q = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
            NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::Remove(q, AtmEncapsulation::LLC_SNAP, 0, &got),
                                  false,
                                  "corrupted byte " << i);
            NS_TEST_ASSERT_MSG_EQ(q->GetSize(), 108U, "packet untouched");
        }
        Ptr<Packet> shortPacket = Create<Packet>(7);
        NS_TEST_ASSERT_MSG_EQ(
            AtmEncapsulation::Remove(shortPacket, AtmEncapsulation::LLC_SNAP, 0, nullptr),
            false,
            "shorter than the header");
    }
};

/**
 * @ingroup atm-tests
 * @brief Encapsulation overhead in cells.
 */
class AtmEncapsulationCellsTestCase : public TestCase
{
  public:
    AtmEncapsulationCellsTestCase()
        : TestCase("Cells per IP packet include the encapsulation header: 40 B costs 2 cells with "
                   "LLC-SNAP and 1 with VC-mux")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            uint32_t ip;     //!< IP datagram bytes
            uint32_t llc;    //!< cells with LLC/SNAP
            uint32_t vcMux;  //!< cells with VC-mux
            const char* why; //!< arithmetic by hand
        };

        const Case cases[] = {
            {40, 2, 1, "TCP ACK: 56 -> 2 cells, 48 -> 1 cell"},
            {552, 12, 12, "MTU 552: 568 and 560 both need 12 cells"},
            {1500, 32, 32, "Ethernet MTU: 1516 and 1508 both need 32 cells"},
            {9180, 192, 192, "RFC 1626 MTU: 9196 and 9188 both need 192 cells"},
            {9188, 192, 192, "FORE/BON MTU: 9204 -> 192 (9216 = 192 * 48), 9196 -> 192"},
            {9220, 193, 193, "JAIN MSS 9180 + 40: 9236 and 9228 both need 193 cells"},
            {32, 1, 1, "32 + 8 + 8 = 48 fits one cell"},
            {33, 2, 1, "33 + 8 + 8 = 49 with LLC/SNAP, 41 without"},
            {41, 2, 2, "41 + 8 = 49 even with VC-mux"},
            {65527, 1366, 1366, "largest IP packet that fits with LLC/SNAP"},
        };
        for (const Case& c : cases)
        {
            NS_TEST_ASSERT_MSG_EQ(
                AtmEncapsulation::CellsForIpPacket(c.ip, AtmEncapsulation::LLC_SNAP),
                c.llc,
                c.why);
            NS_TEST_ASSERT_MSG_EQ(
                AtmEncapsulation::CellsForIpPacket(c.ip, AtmEncapsulation::VC_MUX),
                c.vcMux,
                c.why);
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Mode names.
 */
class AtmEncapsulationNamesTestCase : public TestCase
{
  public:
    AtmEncapsulationNamesTestCase()
        : TestCase("Mode names LlcSnap and VcMux round-trip through ToString and FromString")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::ToString(AtmEncapsulation::LLC_SNAP),
                              "LlcSnap",
                              "LLC_SNAP name");
        NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::ToString(AtmEncapsulation::VC_MUX),
                              "VcMux",
                              "VC_MUX name");
        for (AtmEncapsulation::Mode m : {AtmEncapsulation::LLC_SNAP, AtmEncapsulation::VC_MUX})
        {
            NS_TEST_ASSERT_MSG_EQ(AtmEncapsulation::FromString(AtmEncapsulation::ToString(m)),
                                  m,
                                  "round trip");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief The atm-encapsulation test suite.
 */
class AtmEncapsulationTestSuite : public TestSuite
{
  public:
    AtmEncapsulationTestSuite()
        : TestSuite("atm-encapsulation", ATM_SUITE_UNIT)
    {
        AddTestCase(new AtmLlcSnapBytesTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEncapsulationRemoveTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEncapsulationCellsTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmEncapsulationNamesTestCase, ATM_TEST_QUICK);
    }
};

static AtmEncapsulationTestSuite
    g_atmEncapsulationTestSuite; //!< static instance registering the suite
