/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-encapsulation.h"

#include "aal5.h"

#include "ns3/abort.h"
#include "ns3/llc-snap-header.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmEncapsulation");

namespace
{
/// LLC AA AA 03 (SNAP SAP, UI frame) + OUI 00 00 00 (EtherType follows): RFC 2684 section 5.1.
constexpr uint8_t LLC_SNAP_PREFIX[6] = {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00};
/// LLC/SNAP header length.
constexpr uint32_t LLC_SNAP_BYTES = 8;
} // namespace

uint32_t
AtmEncapsulation::GetHeaderBytes(Mode mode)
{
    return mode == LLC_SNAP ? LLC_SNAP_BYTES : 0;
}

void
AtmEncapsulation::Add(Ptr<Packet> p, Mode mode, uint16_t etherType)
{
    NS_ABORT_MSG_IF(!p, "AtmEncapsulation::Add: null packet");
    if (mode == LLC_SNAP)
    {
        LlcSnapHeader llc;
        llc.SetType(etherType);
        p->AddHeader(llc);
    }
}

bool
AtmEncapsulation::Remove(Ptr<Packet> p, Mode mode, uint16_t vcMuxEtherType, uint16_t* etherType)
{
    NS_ABORT_MSG_IF(!p, "AtmEncapsulation::Remove: null packet");
    if (mode == VC_MUX)
    {
        if (etherType != nullptr)
        {
            *etherType = vcMuxEtherType;
        }
        return true;
    }
    if (p->GetSize() < LLC_SNAP_BYTES)
    {
        return false;
    }
    uint8_t bytes[LLC_SNAP_BYTES];
    p->CopyData(bytes, LLC_SNAP_BYTES);
    for (uint32_t i = 0; i < sizeof(LLC_SNAP_PREFIX); ++i)
    {
        if (bytes[i] != LLC_SNAP_PREFIX[i])
        {
            NS_LOG_LOGIC("not an LLC/SNAP routed-PDU header: byte " << i << " = " << +bytes[i]);
            return false;
        }
    }
    LlcSnapHeader llc;
    p->RemoveHeader(llc);
    if (etherType != nullptr)
    {
        *etherType = llc.GetType();
    }
    return true;
}

uint32_t
AtmEncapsulation::CellsForIpPacket(uint32_t ipBytes, Mode mode)
{
    return Aal5::CellsForSdu(ipBytes + GetHeaderBytes(mode));
}

std::string
AtmEncapsulation::ToString(Mode mode)
{
    return mode == LLC_SNAP ? "LlcSnap" : "VcMux";
}

AtmEncapsulation::Mode
AtmEncapsulation::FromString(const std::string& name)
{
    if (name == "LlcSnap")
    {
        return LLC_SNAP;
    }
    if (name == "VcMux")
    {
        return VC_MUX;
    }
    NS_ABORT_MSG("AtmEncapsulation: unknown encapsulation '"
                 << name << "'; valid names are LlcSnap, VcMux");
    return LLC_SNAP; // not reached
}

} // namespace ns3
