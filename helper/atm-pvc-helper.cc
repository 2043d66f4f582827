/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-pvc-helper.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/atm-cac.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pdu-tagger-factory.h"
#include "ns3/atm-shaper-factory.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <map>
#include <queue>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPvcHelper");

namespace
{
/**
 * @param dev a device at one end of a link
 * @param vpi a VPI
 * @param vci a VCI
 * @return true if the device uses the label in neither direction
 */
bool
LabelFree(Ptr<AtmDevice> dev, uint16_t vpi, uint16_t vci)
{
    if (Ptr<AtmNetDevice> nic = DynamicCast<AtmNetDevice>(dev))
    {
        return nic->FindVc(vpi, vci) < 0;
    }
    Ptr<AtmSwitchPort> port = DynamicCast<AtmSwitchPort>(dev);
    NS_ASSERT(port && port->GetSwitch());
    const uint32_t i = port->GetPortIndex();
    return !port->GetSwitch()->IsInLabelUsed(i, vpi, vci) &&
           !port->GetSwitch()->IsOutLabelUsed(i, vpi, vci);
}

/**
 * @brief Check that a class has an attribute and accepts a value for it (abort otherwise, naming
 *        the helper's setter, the attribute, the value and what it accepts).
 * @param tid the class
 * @param setter the helper's setter, for the message
 * @param name the attribute
 * @param value its value
 */
void
CheckAttribute(TypeId tid, const char* setter, const std::string& name, const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_IF(!tid.LookupAttributeByName(name, &info),
                    "AtmPvcHelper::" << setter << ": " << tid.GetName() << " has no attribute \""
                                     << name << "\" (--PrintAttributes=" << tid.GetName()
                                     << " lists them)");
    NS_ABORT_MSG_IF(!info.checker->CreateValidValue(value),
                    "AtmPvcHelper::" << setter << ": " << name << "="
                                     << value.SerializeToString(info.checker)
                                     << " is not a valid value for " << tid.GetName()
                                     << ", which accepts " << info.checker->GetValueTypeName());
}

/**
 * @param dev a device
 * @return a short name for messages
 */
std::string
Name(Ptr<NetDevice> dev)
{
    std::ostringstream os;
    os << "node " << dev->GetNode()->GetId() << " device " << dev->GetIfIndex();
    return os.str();
}

/**
 * @param dev an ATM device
 * @return the device at the other end of its link (aborts if none)
 */
Ptr<AtmDevice>
Peer(Ptr<AtmDevice> dev)
{
    Ptr<AtmChannel> ch = dev->GetAtmChannel();
    NS_ABORT_MSG_IF(!ch || !ch->GetPeer(dev),
                    "AtmPvcHelper: " << Name(dev) << " is not connected to a link with two ends");
    return ch->GetPeer(dev);
}
} // namespace

std::ostream&
operator<<(std::ostream& os, const AtmVcLedger& l)
{
    os << "offered=" << l.offered << " delivered=" << l.delivered << " dropped=" << l.dropped
       << " linkLost=" << l.linkLost << " queued=" << l.queued << " inTransit=" << l.inTransit
       << " inReassembly=" << l.inReassembly << " rmDelivered=" << l.rmDelivered
       << (l.Holds() ? " (holds)" : " (BROKEN)");
    return os;
}

AtmPvcHelper::AtmPvcHelper()
{
}

void
AtmPvcHelper::SetContract(const AtmTrafficContract& contract)
{
    m_contract = contract;
}

void
AtmPvcHelper::SetEncapsulation(AtmEncapsulation::Mode mode)
{
    m_encapsulation = mode;
    m_encapsulationSet = true;
}

void
AtmPvcHelper::SetVpi(uint16_t vpi)
{
    m_vpi = vpi;
}

void
AtmPvcHelper::SetFirstVci(uint16_t vci)
{
    m_firstVci = vci;
}

const std::vector<AtmPvc>&
AtmPvcHelper::GetPvcs() const
{
    return m_pvcs;
}

NodeContainer
AtmPvcHelper::FindPath(Ptr<AtmNetDevice> src, Ptr<AtmNetDevice> dst)
{
    // Breadth-first search over switches: fewest switches first, ties by port order.
    Ptr<AtmDevice> first = Peer(src);
    if (first == dst)
    {
        return NodeContainer();
    }
    Ptr<AtmSwitchPort> entry = DynamicCast<AtmSwitchPort>(first);
    NS_ABORT_MSG_IF(!entry,
                    "AtmPvcHelper: the link of "
                        << Name(src) << " leads to another adapter, not to " << Name(dst)
                        << " or a switch");
    std::map<Ptr<AtmSwitch>, Ptr<AtmSwitch>> parent; // switch -> previous switch (null: first)
    std::queue<Ptr<AtmSwitch>> todo;
    parent[entry->GetSwitch()] = nullptr;
    todo.push(entry->GetSwitch());
    Ptr<AtmSwitch> last;
    while (!todo.empty() && !last)
    {
        Ptr<AtmSwitch> s = todo.front();
        todo.pop();
        for (uint32_t i = 0; i < s->GetNPorts() && !last; ++i)
        {
            Ptr<AtmDevice> peer = Peer(s->GetPort(i));
            if (peer == dst)
            {
                last = s;
            }
            else if (Ptr<AtmSwitchPort> p = DynamicCast<AtmSwitchPort>(peer))
            {
                if (parent.find(p->GetSwitch()) == parent.end())
                {
                    parent[p->GetSwitch()] = s;
                    todo.push(p->GetSwitch());
                }
            }
        }
    }
    NS_ABORT_MSG_IF(!last,
                    "AtmPvcHelper: no path of switches from " << Name(src) << " to " << Name(dst));
    std::vector<Ptr<Node>> reversed;
    for (Ptr<AtmSwitch> s = last; s; s = parent[s])
    {
        reversed.push_back(s->GetObject<Node>());
    }
    NodeContainer path;
    for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
    {
        path.Add(*it);
    }
    return path;
}

AtmPvc
AtmPvcHelper::Install(Ptr<NetDevice> src, Ptr<NetDevice> dst)
{
    Ptr<AtmNetDevice> a = DynamicCast<AtmNetDevice>(src);
    Ptr<AtmNetDevice> b = DynamicCast<AtmNetDevice>(dst);
    NS_ABORT_MSG_IF(!a || !b, "AtmPvcHelper::Install: both ends must be AtmNetDevices");
    return Install(src, dst, FindPath(a, b));
}

void
AtmPvcHelper::SetShaping(bool shaping, Time tolerance)
{
    m_shaping = shaping;
    m_shapingTolerance = tolerance;
}

bool
AtmPvcHelper::IsShaping() const
{
    return m_shaping;
}

Time
AtmPvcHelper::GetShapingTolerance() const
{
    return m_shapingTolerance;
}

void
AtmPvcHelper::SetShaper(const std::string& shaper)
{
    if (shaper != "contract")
    {
        AtmShaperFactory::Resolve(shaper); // aborts with the valid names
    }
    NS_ABORT_MSG_IF(!m_shaperAttributes.empty(),
                    "AtmPvcHelper::SetShaper(\"" << shaper
                                                 << "\") after SetShaperAttribute(); choose the "
                                                    "shaper first");
    m_shaperName = shaper;
}

void
AtmPvcHelper::SetShaperAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_shaperName == "contract",
                    "AtmPvcHelper::SetShaperAttribute(\""
                        << name
                        << "\"): the shaper is derived from each PVC's contract; name it first "
                           "with SetShaper(), one of "
                        << AtmShaperFactory::GetShortNameList());
    CheckAttribute(AtmShaperFactory::Resolve(m_shaperName), "SetShaperAttribute", name, value);
    m_shaperAttributes.emplace_back(name, value.Copy());
}

void
AtmPvcHelper::SetPduTagging(bool tagging, const std::string& tagger)
{
    m_tagging = tagging;
    const TypeId tid = AtmPduTaggerFactory::Resolve(tagger); // aborts with the valid names
    if (!m_taggerFactory.IsTypeIdSet() || m_taggerFactory.GetTypeId() != tid)
    {
        m_taggerFactory = ObjectFactory();
        m_taggerFactory.SetTypeId(tid);
    }
}

void
AtmPvcHelper::SetPduTaggerAttribute(const std::string& name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_taggerFactory.IsTypeIdSet(),
                    "AtmPvcHelper::SetPduTaggerAttribute(\""
                        << name << "\"): no tagger chosen; call SetPduTagging() first");
    CheckAttribute(m_taggerFactory.GetTypeId(), "SetPduTaggerAttribute", name, value);
    m_taggerFactory.Set(name, value);
}

AtmPvc
AtmPvcHelper::Install(Ptr<NetDevice> src, Ptr<NetDevice> dst, const NodeContainer& switches)
{
    AtmPvc pvc;
    DoInstall(src, dst, switches, &pvc, nullptr);
    return pvc;
}

bool
AtmPvcHelper::TryInstall(Ptr<NetDevice> src, Ptr<NetDevice> dst, AtmPvc* pvc, std::string* reason)
{
    Ptr<AtmNetDevice> a = DynamicCast<AtmNetDevice>(src);
    Ptr<AtmNetDevice> b = DynamicCast<AtmNetDevice>(dst);
    NS_ABORT_MSG_IF(!a || !b, "AtmPvcHelper::TryInstall: both ends must be AtmNetDevices");
    return TryInstall(src, dst, FindPath(a, b), pvc, reason);
}

bool
AtmPvcHelper::TryInstall(Ptr<NetDevice> src,
                         Ptr<NetDevice> dst,
                         const NodeContainer& switches,
                         AtmPvc* pvc,
                         std::string* reason)
{
    AtmPvc installed;
    std::string why;
    const bool ok = DoInstall(src, dst, switches, &installed, &why);
    if (ok && pvc)
    {
        *pvc = installed;
    }
    if (!ok && reason)
    {
        *reason = why;
    }
    return ok;
}

void
AtmPvcHelper::SetVpCrossConnects(const NodeContainer& switches,
                                 const AtmTrafficContract& vpContract)
{
    vpContract.Check("AtmPvcHelper::SetVpCrossConnects");
    m_vpSwitches = switches;
    m_vpContract = vpContract;
}

bool
AtmPvcHelper::DoInstall(Ptr<NetDevice> srcDevice,
                        Ptr<NetDevice> dstDevice,
                        const NodeContainer& switches,
                        AtmPvc* out,
                        std::string* refusal)
{
    Ptr<AtmNetDevice> src = DynamicCast<AtmNetDevice>(srcDevice);
    Ptr<AtmNetDevice> dst = DynamicCast<AtmNetDevice>(dstDevice);
    NS_ABORT_MSG_IF(!src || !dst, "AtmPvcHelper::Install: both ends must be AtmNetDevices");
    NS_ABORT_MSG_IF(src == dst, "AtmPvcHelper::Install: a PVC from " << Name(src) << " to itself");

    Path path = ResolvePath(src, dst, switches);
    MarkVpSwitches(&path);
    if (!AdmitOnPath(path, src, dst, refusal))
    {
        return false;
    }
    AtmPvc pvc;
    pvc.src = src;
    pvc.dst = dst;
    pvc.labels = AllocateLabels(path, src, dst);
    AddEndpoints(&pvc);
    CrossConnect(path, &pvc);
    InstallAtmArp(src, pvc.srcVc, dst, m_srcAddress, m_dstAddress);
    InstallAtmArp(dst, pvc.dstVc, src, m_dstAddress, m_srcAddress);
    m_pvcs.push_back(pvc);
    *out = pvc;
    return true;
}

AtmPvcHelper::Path
AtmPvcHelper::ResolvePath(Ptr<AtmNetDevice> src,
                          Ptr<AtmNetDevice> dst,
                          const NodeContainer& switches)
{
    // Walk the given switches from src to dst: each switch must be the peer of the previous
    // hop's outgoing port, and must have a port leading to the next switch (or to dst).
    Path path;
    path.switches = switches;
    Ptr<AtmDevice> up = src;
    for (uint32_t i = 0; i < switches.GetN(); ++i)
    {
        Ptr<AtmSwitch> s = switches.Get(i)->GetObject<AtmSwitch>();
        NS_ABORT_MSG_IF(!s,
                        "AtmPvcHelper: node " << switches.Get(i)->GetId()
                                              << " in the path is not a switch");
        Ptr<AtmSwitchPort> in = DynamicCast<AtmSwitchPort>(Peer(up));
        NS_ABORT_MSG_IF(!in || in->GetSwitch() != s,
                        "AtmPvcHelper: " << Name(up) << " has no link to switch node "
                                         << switches.Get(i)->GetId());
        path.links.emplace_back(up, in);
        // The out port: towards the next switch of the path, or towards dst.
        Ptr<Node> next = (i + 1 < switches.GetN()) ? switches.Get(i + 1) : nullptr;
        int64_t out = -1;
        for (uint32_t p = 0; p < s->GetNPorts() && out < 0; ++p)
        {
            Ptr<AtmDevice> peer = Peer(s->GetPort(p));
            if (next ? (DynamicCast<AtmSwitchPort>(peer) && peer->GetNode() == next)
                     : (peer == dst))
            {
                out = p;
            }
        }
        NS_ABORT_MSG_IF(out < 0,
                        "AtmPvcHelper: switch node "
                            << switches.Get(i)->GetId() << " has no link to "
                            << (next ? "the next switch of the path" : Name(dst)));
        path.ports.emplace_back(in->GetPortIndex(), static_cast<uint32_t>(out));
        up = s->GetPort(static_cast<uint32_t>(out));
    }
    NS_ABORT_MSG_IF(Peer(up) != dst,
                    "AtmPvcHelper: " << Name(up) << " is not linked to " << Name(dst));
    path.links.emplace_back(up, dst);
    return path;
}

void
AtmPvcHelper::MarkVpSwitches(Path* path) const
{
    path->vpAt.assign(path->switches.GetN(), false);
    path->anyVp = false;
    for (uint32_t i = 0; i < path->switches.GetN(); ++i)
    {
        for (uint32_t j = 0; j < m_vpSwitches.GetN(); ++j)
        {
            if (m_vpSwitches.Get(j) == path->switches.Get(i))
            {
                path->vpAt[i] = true;
                path->anyVp = true;
            }
        }
    }
}

bool
AtmPvcHelper::IsOnVp(const Path& path, const Ptr<AtmDevice>& dev)
{
    // A device that transmits onto a link as a VP switch port carries the VP's contract.
    Ptr<AtmSwitchPort> p = DynamicCast<AtmSwitchPort>(dev);
    for (uint32_t i = 0; p && i < path.switches.GetN(); ++i)
    {
        if (path.vpAt[i] && p->GetNode() == path.switches.Get(i))
        {
            return true;
        }
    }
    return false;
}

bool
AtmPvcHelper::AdmitOnPath(const Path& path,
                          Ptr<AtmNetDevice> src,
                          Ptr<AtmNetDevice> dst,
                          std::string* refusal) const
{
    // Connection admission control decides at set-up whether a connection's traffic contract
    // can be accepted (ITU-T I.371, ATM Forum TM 4.0). A PVC loads both directions of every
    // link it crosses, so every one must admit it before any of them reserves it: a refusal
    // leaves no reservation behind.
    std::ostringstream what;
    what << "AtmPvcHelper: PVC " << Name(src) << " -> " << Name(dst) << " (" << m_contract << ")";
    m_contract.Check(what.str());
    for (const auto& [u, d] : path.links)
    {
        for (const Ptr<AtmDevice>& tx : {u, d})
        {
            if (IsOnVp(path, tx))
            {
                continue; // the VP's contract is admitted with the VP cross-connect
            }
            // A rate the link cannot carry at all is a configuration error, not a refusal.
            m_contract.CheckAgainstLink(what.str() + " on " + Name(tx) + "'s outgoing link",
                                        tx->GetCellRate());
            const AtmCacDecision decision =
                tx->GetCac()->Check(m_contract,
                                    tx->GetCellRate(),
                                    tx->GetOutputPort()->GetBufferCells());
            if (!decision.admitted)
            {
                const std::string why = what.str() + " refused by the admission control of " +
                                        Name(tx) + "'s outgoing link: " + decision.reason;
                NS_ABORT_MSG_IF(!refusal,
                                why << " (AtmPvcHelper::TryInstall returns the "
                                       "refusal instead of stopping)");
                *refusal = why;
                return false;
            }
        }
    }
    for (const auto& [u, d] : path.links)
    {
        for (const Ptr<AtmDevice>& tx : {u, d})
        {
            if (!IsOnVp(path, tx))
            {
                tx->GetCac()->Reserve(m_contract);
            }
        }
    }
    return true;
}

bool
AtmPvcHelper::IsLabelFree(const Path& path, const Ptr<AtmDevice>& dev, uint32_t vci) const
{
    // A port of a VP switch holds the VP cross-connect for every VCI: its labels are the ones
    // this helper gave to PVCs through the VP.
    return IsOnVp(path, dev)
               ? m_vpLabels.count(
                     std::make_tuple(PeekPointer(dev), m_vpi, static_cast<uint16_t>(vci))) == 0
               : LabelFree(dev, m_vpi, static_cast<uint16_t>(vci));
}

std::vector<std::pair<uint16_t, uint16_t>>
AtmPvcHelper::AllocateLabels(const Path& path, Ptr<AtmNetDevice> src, Ptr<AtmNetDevice> dst) const
{
    // The lowest free VCI from SetFirstVci() (32 by default: ITU-T I.361 pre-assigns the
    // lowest VCI values and the ATM Forum UNI reserves VCIs up to 31 for signalling and
    // management) up to 65535, the largest value of the 16-bit VCI field (I.361). One label
    // serves both directions of a link, so it must be free at both of its ends.
    std::vector<std::pair<uint16_t, uint16_t>> labels;
    if (path.anyVp)
    {
        // A VP switch translates the VPI only and carries every VCI of the VP unchanged
        // (ITU-T I.311, VP switching): one VCI free on every link.
        uint32_t vci = m_firstVci;
        auto freeEverywhere = [&](uint32_t v) {
            for (const auto& [u, d] : path.links)
            {
                if (!IsLabelFree(path, u, v) || !IsLabelFree(path, d, v))
                {
                    return false;
                }
            }
            return true;
        };
        while (vci <= 65535 && !freeEverywhere(vci))
        {
            ++vci;
        }
        NS_ABORT_MSG_IF(vci > 65535,
                        "AtmPvcHelper: no VCI on VPI " << m_vpi << " is free on every link from "
                                                       << Name(src) << " to " << Name(dst));
        for (size_t i = 0; i < path.links.size(); ++i)
        {
            labels.emplace_back(m_vpi, static_cast<uint16_t>(vci));
        }
        return labels;
    }
    // VC switches translate the label: each link gets its own lowest free VCI.
    for (const auto& [u, d] : path.links)
    {
        uint32_t vci = m_firstVci;
        while (vci <= 65535 && !(IsLabelFree(path, u, vci) && IsLabelFree(path, d, vci)))
        {
            ++vci;
        }
        NS_ABORT_MSG_IF(vci > 65535,
                        "AtmPvcHelper: no free VCI on VPI " << m_vpi << " between " << Name(u)
                                                            << " and " << Name(d));
        labels.emplace_back(m_vpi, static_cast<uint16_t>(vci));
    }
    return labels;
}

void
AtmPvcHelper::AddEndpoints(AtmPvc* pvc) const
{
    // Both ends must encapsulate alike (RFC 2684: LLC/SNAP or VC multiplexing is agreed per
    // VC, for both directions).
    const auto& first = pvc->labels.front();
    const auto& last = pvc->labels.back();
    Ptr<AtmNetDevice> src = pvc->src;
    Ptr<AtmNetDevice> dst = pvc->dst;
    pvc->srcVc = m_encapsulationSet
                     ? src->AddVc(first.first, first.second, m_contract, m_encapsulation)
                     : src->AddVc(first.first, first.second, m_contract);
    pvc->dstVc = m_encapsulationSet
                     ? dst->AddVc(last.first, last.second, m_contract, m_encapsulation)
                     : dst->AddVc(last.first, last.second, m_contract);
    NS_ABORT_MSG_IF(src->GetVcEncapsulation(pvc->srcVc) != dst->GetVcEncapsulation(pvc->dstVc),
                    "AtmPvcHelper: " << Name(src) << " and " << Name(dst)
                                     << " use different encapsulations; set the devices' "
                                        "Encapsulation alike or call SetEncapsulation()");
    if (m_shaping)
    {
        // Shaping at the source makes the cells conform to the contract that the network's
        // usage parameter control polices (ITU-T I.371 traffic shaping).
        auto make = [this]() {
            Ptr<AtmShaper> s =
                AtmShaperFactory::Create(m_shaperName, m_contract, m_shapingTolerance);
            for (const auto& [name, value] : m_shaperAttributes)
            {
                s->SetAttribute(name, *value);
            }
            return s;
        };
        Ptr<AtmShaper> s = make();
        if (s)
        {
            src->SetVcShaper(pvc->srcVc, s);
            dst->SetVcShaper(pvc->dstVc, make());
        }
    }
    if (m_tagging)
    {
        // Each end tags the PDUs it sends (BON ch. 7.1): one tagger per direction.
        src->SetVcPduTagger(pvc->srcVc, m_taggerFactory.Create<AtmPduTagger>());
        dst->SetVcPduTagger(pvc->dstVc, m_taggerFactory.Create<AtmPduTagger>());
    }
}

void
AtmPvcHelper::CrossConnect(const Path& path, AtmPvc* pvc)
{
    pvc->forward.emplace_back(pvc->src, pvc->srcVc);
    std::vector<std::pair<Ptr<AtmDevice>, uint32_t>> back;
    for (uint32_t i = 0; i < path.switches.GetN(); ++i)
    {
        Ptr<AtmSwitch> s = path.switches.Get(i)->GetObject<AtmSwitch>();
        const auto& [in, out] = path.ports[i];
        const auto& lin = pvc->labels[i];
        const auto& lout = pvc->labels[i + 1];
        if (path.vpAt[i])
        {
            // One VP cross-connect per VPI and direction, shared by every PVC of the VP
            // (ITU-T I.311): the first PVC creates it and reserves the VP's contract on the
            // outgoing link.
            for (const auto& [from, to] : {std::make_pair(in, out), std::make_pair(out, in)})
            {
                const int64_t existing = s->GetVpCrossConnectOutPort(from, m_vpi);
                NS_ABORT_MSG_IF(existing >= 0 && existing != to,
                                "AtmPvcHelper: VP " << m_vpi << " at switch node "
                                                    << path.switches.Get(i)->GetId()
                                                    << " already leads elsewhere; give this PVC "
                                                       "another VPI");
                if (existing < 0)
                {
                    Ptr<AtmDevice> outDev = s->GetPort(to);
                    const AtmCacDecision decision =
                        outDev->GetCac()->Check(m_vpContract,
                                                outDev->GetCellRate(),
                                                outDev->GetOutputPort()->GetBufferCells());
                    NS_ABORT_MSG_IF(!decision.admitted,
                                    "AtmPvcHelper: the VP contract "
                                        << m_vpContract << " is refused by " << Name(outDev) << ": "
                                        << decision.reason);
                    outDev->GetCac()->Reserve(m_vpContract);
                    s->AddVpCrossConnect(from, m_vpi, to, m_vpi, m_vpContract);
                }
            }
            m_vpLabels.emplace(PeekPointer(s->GetPort(in)), m_vpi, lin.second);
            m_vpLabels.emplace(PeekPointer(s->GetPort(out)), m_vpi, lout.second);
            pvc->forward.emplace_back(s->GetPort(out), s->GetVpVc(in, m_vpi, lin.second));
            back.emplace_back(s->GetPort(in), s->GetVpVc(out, m_vpi, lout.second));
            continue;
        }
        // A VC cross-connect per direction, translating the label of the link in to the label
        // of the link out.
        const uint32_t fwd = s->AddVcCrossConnect(in,
                                                  lin.first,
                                                  lin.second,
                                                  out,
                                                  lout.first,
                                                  lout.second,
                                                  m_contract);
        const uint32_t rev = s->AddVcCrossConnect(out,
                                                  lout.first,
                                                  lout.second,
                                                  in,
                                                  lin.first,
                                                  lin.second,
                                                  m_contract);
        pvc->forward.emplace_back(s->GetPort(out), fwd);
        back.emplace_back(s->GetPort(in), rev);
    }
    pvc->backward.emplace_back(pvc->dst, pvc->dstVc);
    for (auto it = back.rbegin(); it != back.rend(); ++it)
    {
        pvc->backward.push_back(*it);
    }
}

void
AtmPvcHelper::SetAddressIndices(uint32_t srcIndex, uint32_t dstIndex)
{
    m_srcAddress = srcIndex;
    m_dstAddress = dstIndex;
}

void
AtmPvcHelper::InstallAtmArp(Ptr<AtmNetDevice> local,
                            uint32_t vc,
                            Ptr<AtmNetDevice> remote,
                            uint32_t localIndex,
                            uint32_t remoteIndex)
{
    // RFC 2225 section 8.2: on a PVC a host learns its peer's IP address with InATMARP, or has
    // it configured; here it is configured, as a permanent ARP-cache entry mapping the peer's
    // address to the VC. Members of one logical IP subnetwork talk directly (section 5.2); a
    // peer outside the interface's subnet is reached through the VC by a host route.
    Ptr<Ipv4L3Protocol> ip = local->GetNode()->GetObject<Ipv4L3Protocol>();
    Ptr<Ipv4L3Protocol> rip = remote->GetNode()->GetObject<Ipv4L3Protocol>();
    if (!ip || !rip)
    {
        return; // a cell-level PVC without IP
    }
    const int32_t ifIndex = ip->GetInterfaceForDevice(local);
    const int32_t rifIndex = rip->GetInterfaceForDevice(remote);
    NS_ABORT_MSG_IF(ifIndex < 0 || ip->GetNAddresses(ifIndex) == 0 || rifIndex < 0 ||
                        rip->GetNAddresses(rifIndex) == 0,
                    "AtmPvcHelper: "
                        << Name(ifIndex < 0 || ip->GetNAddresses(ifIndex) == 0 ? local : remote)
                        << " has no IPv4 address; assign addresses "
                           "(Ipv4AddressHelper::Assign) before AtmPvcHelper::Install");
    NS_ABORT_MSG_IF(localIndex >= ip->GetNAddresses(ifIndex) ||
                        remoteIndex >= rip->GetNAddresses(rifIndex),
                    "AtmPvcHelper::SetAddressIndices: address "
                        << (localIndex >= ip->GetNAddresses(ifIndex) ? localIndex : remoteIndex)
                        << " of " << Name(localIndex >= ip->GetNAddresses(ifIndex) ? local : remote)
                        << ", whose interface has "
                        << (localIndex >= ip->GetNAddresses(ifIndex) ? ip->GetNAddresses(ifIndex)
                                                                     : rip->GetNAddresses(rifIndex))
                        << " (add them with Ipv4::AddAddress before Install)");
    const Ipv4InterfaceAddress mine = ip->GetAddress(ifIndex, localIndex);
    const Ipv4Address peer = rip->GetAddress(rifIndex, remoteIndex).GetLocal();
    Ptr<ArpCache> cache = ip->GetInterface(ifIndex)->GetArpCache();
    NS_ABORT_MSG_IF(!cache, "AtmPvcHelper: interface of " << Name(local) << " has no ARP cache");
    ArpCache::Entry* entry = cache->Lookup(peer);
    if (entry)
    {
        NS_ABORT_MSG_IF(entry->GetMacAddress() != Address(local->GetVcAddress(vc)),
                        "AtmPvcHelper: " << Name(local) << " already has a PVC to " << peer
                                         << "; one VC per next hop and interface");
    }
    else
    {
        entry = cache->Add(peer);
    }
    entry->SetMacAddress(local->GetVcAddress(vc));
    entry->MarkPermanent();
    if (!mine.GetMask().IsMatch(mine.GetLocal(), peer))
    {
        Ipv4StaticRoutingHelper helper;
        helper.GetStaticRouting(ip)->AddHostRouteTo(peer, static_cast<uint32_t>(ifIndex));
    }
}

AtmVcLedger
AtmPvcHelper::GetLedger(const AtmPvc& pvc, bool forward)
{
    const auto& hops = forward ? pvc.forward : pvc.backward;
    Ptr<AtmNetDevice> dst = forward ? pvc.dst : pvc.src;
    const uint32_t dstVc = forward ? pvc.dstVc : pvc.srcVc;
    AtmVcLedger l;
    for (const auto& [dev, vc] : hops)
    {
        if (dev->GetTransmitter())
        {
            dev->GetTransmitter()->Sync();
            l.inTransit += dev->GetTransmitter()->GetPendingCells(vc);
        }
        Ptr<AtmOutputPort> port = dev->GetOutputPort();
        l.dropped += port->GetVcStats(vc).cellsDropped;
        if (Ptr<AtmSwitchPort> sp = DynamicCast<AtmSwitchPort>(dev))
        {
            // Cells discarded by the ingress policer before they were routed to this port.
            l.dropped += sp->GetSwitch()->GetUpcDiscards(sp->GetPortIndex(), vc);
            // RM cells a virtual source or destination generated here, and the ones that ended
            // here (AtmSwitch::SetVirtualSourceDestination).
            l.offered += sp->GetSwitch()->GetRmGenerated(sp->GetPortIndex(), vc);
            l.rmDelivered += sp->GetSwitch()->GetRmTaken(sp->GetPortIndex(), vc);
        }
        l.queued += port->GetVcCellsInQueue(vc);
        if (Ptr<AtmChannel> link = dev->GetAtmChannel())
        {
            // Cells sent on the hop's link and lost there (counted by the sender's VC index).
            l.linkLost += link->GetVcCellsLost(link->GetEndIndex(dev), vc);
        }
    }
    // Offered: cells the source's segmentation produced, stored in its port or staged at this
    // very instant and not yet stored (those are also counted in inTransit).
    const auto& [source, sourceVc] = hops.front();
    l.offered += source->GetOutputPort()->GetVcStats(sourceVc).cellsArrived +
                 source->GetTransmitter()->GetPendingCells(sourceVc);
    const Aal5ReassemblyStats& r = dst->GetReassembler()->GetStats(dstVc);
    l.delivered = r.cellsDelivered;
    l.dropped += r.cellsDiscarded;
    l.inTransit += dst->GetInboxCells(dstVc);
    l.inReassembly = dst->GetReassembler()->GetPartialCells(dstVc);
    // An ABR end system takes RM cells at their arrival, before reassembly.
    l.rmDelivered += dst->GetVcStats(dstVc).rmCellsRx;
    return l;
}

double
AtmPvcHelper::GetEffectiveUtilization(Ptr<AtmDevice> tx) const
{
    return GetEffectiveUtilization(tx, m_pvcs);
}

double
AtmPvcHelper::GetEffectiveUtilization(Ptr<AtmDevice> tx, const std::vector<AtmPvc>& pvcs)
{
    if (!tx->GetTransmitter())
    {
        return 0;
    }
    uint64_t cells = 0;
    for (const AtmPvc& pvc : pvcs)
    {
        for (bool fwd : {true, false})
        {
            for (const auto& hop : fwd ? pvc.forward : pvc.backward)
            {
                if (hop.first == tx)
                {
                    Ptr<AtmNetDevice> dst = fwd ? pvc.dst : pvc.src;
                    cells +=
                        dst->GetReassembler()->GetStats(fwd ? pvc.dstVc : pvc.srcVc).cellsDelivered;
                }
            }
        }
    }
    const uint64_t slots = tx->GetTransmitter()->GetClock().GetSlotsIn(Time(), Simulator::Now());
    return slots == 0 ? 0.0 : static_cast<double>(cells) / slots;
}

} // namespace ns3
