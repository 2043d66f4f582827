/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-aal5-demo: one IPv4/UDP packet taken through RFC 2684 encapsulation and AAL5 (ITU-T
 * I.363.5) into ATM cells (ITU-T I.361/I.432) and back, printing every intermediate form.
 *
 * @verbatim
     IPv4 | UDP | payload                          --ipBytes (default 120)
        |  RFC 2684: LLC/SNAP AA AA 03 00 00 00 08 00, or nothing (--encapsulation=VcMux)
        v
     CPCS-SDU | pad (0..47, zeros) | UU | CPI | LEN | CRC-32      a multiple of 48 bytes
        |  SAR: 48-byte slices, no per-cell overhead
        v
     [hdr|48 B] [hdr|48 B] ... [hdr|48 B]     5-byte header: VPI, VCI, PTI, CLP, HEC
      PTI=0      PTI=0          PTI=1 (end of PDU)            --vpi --vci --nni
        |  the "link": --dropCell=K loses cell K, --corruptCell=K flips one payload bit
        v
     HEC check -> per-VC reassembly -> LEN + CRC-32 check -> decapsulation -> IPv4
   @endverbatim
 *
 * The last output line is one JSON object summarising the run. The program writes no files.
 *
 * Try: --dropCell=0 (a lost cell: LEN no longer matches), --corruptCell=1 (CRC-32 mismatch),
 * --dropCell=2 (the end-of-PDU cell: the PDU stays pending and would merge with the next one),
 * --encapsulation=VcMux --ipBytes=40 (one cell instead of two).
 */

#include "ns3/aal5-reassembler.h"
#include "ns3/aal5-segmenter.h"
#include "ns3/aal5.h"
#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/atm-cell-header.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-encapsulation.h"
#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/ipv4-header.h"
#include "ns3/packet.h"
#include "ns3/udp-header.h"

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// IANA protocol number of UDP, the IPv4 header's protocol field.
constexpr uint8_t UDP_PROTOCOL = 17;

/// Everything the command line can change.
struct DemoConfig
{
    uint32_t ipBytes = 120;                //!< IP datagram size (IPv4 + UDP + payload)
    std::string encapsulation = "LlcSnap"; //!< LlcSnap or VcMux
    uint32_t vpi = 1;                      //!< VPI of the VC
    uint32_t vci = 32;                     //!< VCI of the VC (32 = first non-reserved)
    bool nni = false;                      //!< NNI header format (12-bit VPI)
    int32_t dropCell = -1;                 //!< index of a cell lost on the link (-1 = none)
    int32_t corruptCell = -1;              //!< index of a cell with a payload bit error
    bool verifyBytes = true;               //!< reassemble real bytes (else metadata check)
};

/// What the receiver saw.
struct RxResult
{
    bool delivered = false;    //!< an SDU was delivered
    Ptr<Packet> sdu;           //!< the delivered CPCS-SDU
    std::string reason;        //!< drop reason, if any
    uint32_t droppedCells = 0; //!< cells discarded with that reason
};

/// Aal5Reassembler RxCallback sink: record the delivered SDU.
void
OnRx(RxResult* rx, uint32_t vc, Ptr<Packet> sdu, Ptr<const Aal5Frame> frame)
{
    rx->delivered = true;
    rx->sdu = sdu;
}

/// Aal5Reassembler ReassemblyDrop sink: record the reason.
void
OnDrop(RxResult* rx, uint32_t vc, uint32_t cells, const char* reason)
{
    rx->reason = reason;
    rx->droppedCells = cells;
}

/// @return the bytes as space-separated hex
std::string
Hex(const uint8_t* data, uint32_t n)
{
    std::string s;
    char buf[4];
    for (uint32_t i = 0; i < n; ++i)
    {
        std::snprintf(buf, sizeof(buf), i + 1 < n ? "%02x " : "%02x", data[i]);
        s += buf;
    }
    return s;
}

/// @return the value as 0x-prefixed hex with @p digits digits
std::string
HexValue(uint32_t value, int digits)
{
    char buf[16];
    std::snprintf(buf, sizeof(buf), "0x%0*x", digits, value);
    return buf;
}

/// @return the packet's bytes
std::vector<uint8_t>
Bytes(Ptr<const Packet> p)
{
    std::vector<uint8_t> v(p->GetSize());
    p->CopyData(v.data(), p->GetSize());
    return v;
}

/// Build an IPv4/UDP datagram of @p ipBytes bytes with a deterministic payload.
Ptr<Packet>
MakeIpPacket(uint32_t ipBytes)
{
    const uint32_t payloadBytes = ipBytes - 20 - 8;
    std::vector<uint8_t> payload(payloadBytes);
    for (uint32_t i = 0; i < payloadBytes; ++i)
    {
        payload[i] = static_cast<uint8_t>(i * 7 + 3);
    }
    Ptr<Packet> p = Create<Packet>(payload.data(), payloadBytes);
    const Ipv4Address src("10.1.1.1");
    const Ipv4Address dst("10.1.2.2");
    UdpHeader udp;
    udp.SetSourcePort(49152);
    udp.SetDestinationPort(9);
    udp.EnableChecksums();
    udp.InitializeChecksum(src, dst, UDP_PROTOCOL);
    p->AddHeader(udp);
    Ipv4Header ip;
    ip.SetSource(src);
    ip.SetDestination(dst);
    ip.SetProtocol(UDP_PROTOCOL);
    ip.SetTtl(64);
    ip.SetIdentification(1);
    ip.SetPayloadSize(static_cast<uint16_t>(ipBytes - 20));
    ip.EnableChecksum();
    p->AddHeader(ip);
    return p;
}

} // namespace

/**
 * The example's program (the file's description says what it runs and prints).
 * @param argc the number of command-line arguments
 * @param argv the command-line arguments (--PrintHelp lists the options)
 * @return the exit status
 */
int
main(int argc, char* argv[])
{
    DemoConfig cfg;
    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    // Ranges: an AAL5 CPCS-SDU carries at most 65,535 bytes (ITU-T I.363.5), so a PDU has at
    // most 1366 cells; the VPI has 8 bits at the UNI and 12 at the NNI, the VCI 16 (ITU-T I.361).
    options.AddValue("ipBytes",
                     "IP datagram size in bytes (IPv4 + UDP + payload)",
                     cfg.ipBytes,
                     28,
                     Aal5::MAX_SDU_BYTES);
    options.AddChoice("encapsulation",
                      "RFC 2684 encapsulation",
                      cfg.encapsulation,
                      {"LlcSnap", "VcMux"});
    options.AddValue("vpi", "VPI (0..255 at the UNI, 0..4095 with --nni)", cfg.vpi, 0, 4095);
    options.AddValue("vci", "VCI (0..31 are reserved by ITU-T I.361)", cfg.vci, 0, 65535);
    options.AddValue("nni", "use the NNI header format (12-bit VPI, no GFC)", cfg.nni);
    options.AddValue("dropCell", "index of a cell lost on the link", cfg.dropCell, 0, 1365, "none");
    options.AddValue("corruptCell",
                     "index of a cell whose payload gets a bit error",
                     cfg.corruptCell,
                     0,
                     1365,
                     "none");
    options.AddValue("verifyBytes",
                     "reassemble real bytes and check the CRC-32 on them (else the metadata check)",
                     cfg.verifyBytes);
    cmd.Parse(argc, argv);

    const AtmEncapsulation::Mode mode = AtmEncapsulation::FromString(cfg.encapsulation);
    const uint32_t maxIp = Aal5::MAX_SDU_BYTES - AtmEncapsulation::GetHeaderBytes(mode);
    options.Require(cfg.ipBytes <= maxIp,
                    "ipBytes",
                    "expected at most " + std::to_string(maxIp) + " with " + cfg.encapsulation +
                        ": the encapsulation header and the IP packet share one 65,535-byte "
                        "AAL5 CPCS-SDU");
    const AtmCellHeader::Format format = cfg.nni ? AtmCellHeader::NNI : AtmCellHeader::UNI;
    options.Require(cfg.nni || cfg.vpi <= 255,
                    "vpi",
                    "expected at most 255 at the UNI (8-bit VPI); add --nni for 12-bit VPIs");
    const uint32_t cells = AtmEncapsulation::CellsForIpPacket(cfg.ipBytes, mode);
    const std::string indices = "not a cell index: the PDU has " + std::to_string(cells) +
                                " cells, 0.." + std::to_string(cells - 1);
    options.Require(cfg.dropCell < static_cast<int32_t>(cells), "dropCell", indices);
    options.Require(cfg.corruptCell < static_cast<int32_t>(cells), "corruptCell", indices);

    Packet::EnablePrinting();

    // 1. The IP packet and its encapsulation: the CPCS-SDU.
    Ptr<Packet> ipPacket = MakeIpPacket(cfg.ipBytes);
    const std::vector<uint8_t> ipBytes = Bytes(ipPacket);
    std::cout << "atm-aal5-demo: one IPv4/UDP packet through " << cfg.encapsulation
              << " + AAL5 into ATM cells and back\n\n";
    std::cout << "IP packet (" << cfg.ipBytes << " B): " << *ipPacket << "\n";

    Ptr<Packet> sdu = ipPacket->Copy();
    AtmEncapsulation::Add(sdu, mode, 0x0800);
    const std::vector<uint8_t> sduBytes = Bytes(sdu);
    std::cout << "CPCS-SDU (" << sdu->GetSize() << " B): ";
    if (mode == AtmEncapsulation::LLC_SNAP)
    {
        std::cout << "LLC/SNAP header " << Hex(sduBytes.data(), 8) << " + " << cfg.ipBytes
                  << " B IP\n";
    }
    else
    {
        std::cout << "VC-mux adds nothing: the VC carries IPv4 only\n";
    }

    // 2. AAL5 CPCS: pad and trailer.
    Ptr<Aal5Frame> frame = Create<Aal5Frame>(sdu);
    const std::vector<uint8_t>& pdu = frame->GetCpcsPduBytes();
    NS_ASSERT(frame->GetCellCount() == cells);
    const uint8_t* trailer = pdu.data() + pdu.size() - Aal5::TRAILER_BYTES;
    std::cout << "CPCS-PDU (" << pdu.size() << " B = " << cells << " x 48): SDU "
              << frame->GetSduBytes() << " B | pad " << Aal5::PadBytes(frame->GetSduBytes())
              << " B | UU " << HexValue(trailer[0], 2) << " | CPI " << HexValue(trailer[1], 2)
              << " | LEN " << HexValue((trailer[2] << 8) | trailer[3], 4) << " ("
              << frame->GetSduBytes() << ") | CRC-32 " << HexValue(frame->GetCrc32(), 8) << "\n";
    std::cout << "  trailer bytes: " << Hex(trailer, Aal5::TRAILER_BYTES) << "\n\n";

    // 3. SAR and the "link": each cell is turned into its 53 wire bytes and read back.
    Ptr<Aal5Reassembler> reassembler = CreateObject<Aal5Reassembler>();
    reassembler->SetAttribute("VerifyBytes", BooleanValue(cfg.verifyBytes));
    RxResult rx;
    reassembler->SetRxCallback(MakeBoundCallback(&OnRx, &rx));
    reassembler->TraceConnectWithoutContext("ReassemblyDrop", MakeBoundCallback(&OnDrop, &rx));

    std::cout << "Cells (" << (cfg.nni ? "NNI" : "UNI") << " headers; 5 header bytes | decoded "
              << "| first payload bytes):\n";
    Aal5Segmenter segmenter(frame,
                            static_cast<uint16_t>(cfg.vpi),
                            static_cast<uint16_t>(cfg.vci),
                            false);
    uint32_t index = 0;
    while (!segmenter.IsDone())
    {
        AtmCell cell = segmenter.Next();
        if (static_cast<int32_t>(index) == cfg.corruptCell)
        {
            cell.flags |= AtmCell::PAYLOAD_CORRUPTED;
        }
        uint8_t wire[53];
        cell.Serialize(wire, format);
        AtmCellHeader header;
        header.SetFormat(format);
        header.ReadBytes(wire);
        std::ostringstream decoded;
        header.Print(decoded);
        std::cout << "  #" << index << (index < 10 ? "  " : " ") << Hex(wire, 5) << " | "
                  << decoded.str() << (header.IsEndOfPdu() ? " (end of PDU)" : "") << " | "
                  << Hex(wire + 5, 8) << " ...";
        if (static_cast<int32_t>(index) == cfg.dropCell)
        {
            std::cout << "  [lost on the link]\n";
        }
        else
        {
            std::cout << (cell.IsPayloadCorrupted() ? "  [payload bit error]" : "") << "\n";
            if (header.IsHecOk())
            {
                reassembler->Receive(0, cell);
            }
        }
        ++index;
    }

    // 4. Reassembly outcome and decapsulation.
    std::cout << "\nReassembly (" << (cfg.verifyBytes ? "byte" : "metadata") << " mode): ";
    bool equal = false;
    if (rx.delivered)
    {
        std::cout << "delivered " << rx.sdu->GetSize() << " B from " << cells << " cells\n";
        uint16_t etherType = 0;
        const bool ok = AtmEncapsulation::Remove(rx.sdu, mode, 0x0800, &etherType);
        NS_ABORT_MSG_IF(!ok, "atm-aal5-demo: reassembled SDU lacks its LLC/SNAP header");
        Ipv4Header ip;
        ip.EnableChecksum();
        rx.sdu->PeekHeader(ip);
        equal = (Bytes(rx.sdu) == ipBytes);
        std::cout << "Decapsulated: EtherType " << HexValue(etherType, 4) << ", IPv4 "
                  << ip.GetSource() << " > " << ip.GetDestination() << " protocol "
                  << +ip.GetProtocol() << " TTL " << +ip.GetTtl() << " length "
                  << ip.GetPayloadSize() + ip.GetSerializedSize() << ", header checksum "
                  << (ip.IsChecksumOk() ? "ok" : "BAD") << "\n";
        std::cout << "Reassembled IP packet equals the original: " << (equal ? "yes" : "NO")
                  << "\n";
    }
    else if (!rx.reason.empty())
    {
        std::cout << "PDU discarded, " << rx.droppedCells << " cells: " << rx.reason << "\n";
    }
    else
    {
        const uint32_t partial = reassembler->GetPartialCells(0);
        rx.reason = "end-of-PDU cell lost: partial PDU pending";
        std::cout << "nothing delivered: " << partial << " cells wait for an end-of-PDU cell. "
                  << "With ReassemblyTimeout 0 (the default) they merge with the next PDU on "
                     "the VC and both are lost.\n";
    }
    const Aal5ReassemblyStats stats = reassembler->GetTotalStats();
    std::cout << "Counters: " << stats << "\n\n";

    std::cout << "{\"example\":\"atm-aal5-demo\",\"ipBytes\":" << cfg.ipBytes
              << ",\"encapsulation\":\"" << cfg.encapsulation << "\",\"format\":\""
              << (cfg.nni ? "NNI" : "UNI") << "\",\"cells\":" << cells << ",\"crc32\":\""
              << HexValue(frame->GetCrc32(), 8)
              << "\",\"delivered\":" << (rx.delivered ? "true" : "false")
              << ",\"intact\":" << (equal ? "true" : "false")
              << ",\"reason\":" << (rx.delivered ? "null" : "\"" + rx.reason + "\"") << "}"
              << std::endl;
    return 0;
}
