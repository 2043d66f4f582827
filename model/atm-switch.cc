/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch.h"

#include "atm-cell-transmitter.h"
#include "atm-channel.h"

#include "ns3/abort.h"
#include "ns3/abr-shaper.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-policer-factory.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSwitch");

NS_OBJECT_ENSURE_REGISTERED(AtmSwitch);

namespace
{

/**
 * @brief The key of the switch's per-(port, index) maps: port in the high 32 bits.
 * @param port a port index
 * @param low the other half (a port, or a VC index at the port)
 * @return the key
 */
uint64_t
PortKey(uint32_t port, uint32_t low)
{
    return (static_cast<uint64_t>(port) << 32) | low;
}

} // namespace

TypeId
AtmSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmSwitch")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmSwitch>()
            .AddAttribute("SwitchingDelay",
                          "Fabric transit time added to every cell's arrival at its output "
                          "port.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmSwitch::m_switchingDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Gfr1Eligibility",
                          "Run the F-GCRA of each GFR.1 VC at the ingress and mark the CLP = 0 "
                          "frames that fail it as not eligible (BON ch. 7.2.1, for tag-sensitive "
                          "FIFO buffer policies); false: every CLP = 0 frame of a GFR.1 VC is "
                          "eligible (per-VC scheduling guarantees the MCR, BON ch. 7.2.2). Read "
                          "when a cross-connect is added.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmSwitch::m_gfr1Eligibility),
                          MakeBooleanChecker())
            .AddAttribute("DeferSlots",
                          "Let each output port run its cell slots in batches, up to a link "
                          "delay after their start, with exactly the decisions of one event per "
                          "slot (AtmCellTransmitter::SetDeferral): the next hop learns of each "
                          "cell before it arrives, and credits before they are due. Ports whose "
                          "decisions a trace sink follows run each slot at its start anyway. "
                          "false: one event per busy slot. Read when a port gets its first "
                          "cross-connect.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmSwitch::m_deferSlots),
                          MakeBooleanChecker())
            .AddTraceSource("CellDrop",
                            "A cell was dropped by the fabric: (in port, cell, reason).",
                            MakeTraceSourceAccessor(&AtmSwitch::m_dropTrace),
                            "ns3::AtmSwitch::CellDropTracedCallback");
    return tid;
}

AtmSwitch::AtmSwitch()
{
    NS_LOG_FUNCTION(this);
}

AtmSwitch::~AtmSwitch()
{
    NS_LOG_FUNCTION(this);
}

void
AtmSwitch::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_ports.clear();
    for (const VsVd& x : m_vsvds)
    {
        m_ports[x.fwdOutPort]->GetTransmitter()->SetDepartureCallback(
            AtmCellTransmitter::DepartureCallback());
        x.vsvd->Dispose();
    }
    m_vsvds.clear();
    m_table.Clear();
    m_upstream.clear();
    Object::DoDispose();
}

uint32_t
AtmSwitch::AddPort(Ptr<AtmSwitchPort> port)
{
    NS_LOG_FUNCTION(this << port);
    NS_ABORT_MSG_IF(!port, "AtmSwitch::AddPort(null)");
    const uint32_t index = static_cast<uint32_t>(m_ports.size());
    // The port calls back into the fabric; it holds no pointer to it (no ownership cycle).
    port->SetFabric(index,
                    MakeCallback(&AtmSwitch::Switch, this),
                    MakeCallback(&AtmSwitch::NotifyDeparture, this));
    m_ports.push_back(port);
    return index;
}

uint32_t
AtmSwitch::GetNPorts() const
{
    return static_cast<uint32_t>(m_ports.size());
}

Ptr<AtmSwitchPort>
AtmSwitch::GetPort(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_ports.size(),
                    "AtmSwitch: port " << i << " but the switch has " << m_ports.size());
    return m_ports[i];
}

void
AtmSwitch::CheckPort(uint32_t port, const char* what) const
{
    Ptr<Node> node = GetObject<Node>();
    NS_ABORT_MSG_IF(port >= m_ports.size(),
                    "AtmSwitch on node " << (node ? node->GetId() : 0) << ": " << what << " port "
                                         << port << " but the switch has " << m_ports.size()
                                         << " ports");
    NS_ABORT_MSG_IF(!m_ports[port]->GetTransmitter(),
                    "AtmSwitch on node " << (node ? node->GetId() : 0) << ": " << what << " port "
                                         << port
                                         << " is not attached to a link; connect the ports "
                                            "before adding cross-connects");
}

uint32_t
AtmSwitch::GetInput(uint32_t inPort, uint32_t outPort)
{
    // Only the (in, out) pairs that carry a VC: a full matrix of 1000-port switches would take
    // megabytes (one entry per pair, looked up only when a VC or VP is set up).
    const uint64_t key = PortKey(inPort, outPort);
    const auto it = m_inputs.find(key);
    if (it != m_inputs.end())
    {
        return it->second;
    }
    Ptr<AtmCellTransmitter> tx = m_ports[outPort]->GetTransmitter();
    const uint32_t input = tx->AddInput();
    m_inputs.emplace(key, input);
    if (input == 0 && m_deferSlots)
    {
        tx->SetDeferral([this, outPort]() { return GetDeferralBound(outPort); },
                        [this, outPort]() { return IsObserved(outPort); });
    }
    return input;
}

Time
AtmSwitch::GetDeferralBound(uint32_t outPort) const
{
    // A deferred slot's cell must be announced to the next hop before it arrives there: less
    // than the out link's delay. A credit returned at a departure is due upstream one delay of
    // the in link later: less than the delay of every link whose far end runs credits.
    Ptr<AtmChannel> out = DynamicCast<AtmChannel>(m_ports[outPort]->GetChannel());
    if (!out)
    {
        return Time(0);
    }
    Time bound = out->GetDelay();
    for (const Ptr<AtmSwitchPort>& port : m_ports)
    {
        Ptr<AtmChannel> link = DynamicCast<AtmChannel>(port->GetChannel());
        Ptr<AtmDevice> peer = link ? link->GetPeer(port) : nullptr;
        if (peer && peer->GetCreditFlowControl())
        {
            bound = std::min(bound, link->GetDelay());
        }
    }
    return bound - TimeStep(1);
}

bool
AtmSwitch::IsObserved(uint32_t outPort) const
{
    // The transmitter checks the port and its gates; the link and the next hop's fabric see
    // the port's cells when it sends them.
    if (m_abrFeedback < 0)
    {
        // Decided at the first slot (behaviours are set before the simulation starts).
        m_abrFeedback = 0;
        for (const Ptr<AtmSwitchPort>& port : m_ports)
        {
            Ptr<AtmAbrSwitchBehaviour> b = port->GetOutputPort()->GetAbrBehaviour();
            m_abrFeedback = (m_abrFeedback != 0 || (b && b->ReadsBackwardRm())) ? 1 : 0;
        }
    }
    // A behaviour that reads backward RM cells (ERICA) has one port read another's state: the
    // ports run slot by slot.
    return m_abrFeedback == 1 || m_ports[outPort]->IsLinkObserved();
}

bool
AtmSwitch::IsTraced() const
{
    return !m_dropTrace.IsEmpty();
}

void
AtmSwitch::SyncUpstream() const
{
    // Cells are switched (policed, counted) when the previous hop sends them: let deferring
    // previous hops run their slots up to now.
    for (const Ptr<AtmSwitchPort>& port : m_ports)
    {
        Ptr<AtmChannel> link = DynamicCast<AtmChannel>(port->GetChannel());
        Ptr<AtmDevice> peer = link ? link->GetPeer(port) : nullptr;
        if (peer && peer->GetTransmitter())
        {
            peer->GetTransmitter()->Sync();
        }
    }
}

uint32_t
AtmSwitch::AddVcCrossConnect(uint32_t inPort,
                             uint16_t inVpi,
                             uint16_t inVci,
                             uint32_t outPort,
                             uint16_t outVpi,
                             uint16_t outVci,
                             const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this << inPort << inVpi << inVci << outPort << outVpi << outVci);
    CheckPort(inPort, "in");
    CheckPort(outPort, "out");
    Ptr<Node> node = GetObject<Node>();
    std::ostringstream where;
    where << "AtmSwitch on node " << (node ? node->GetId() : 0) << ", cross-connect " << inPort
          << ":" << inVpi << "/" << inVci << " -> " << outPort << ":" << outVpi << "/" << outVci;
    NS_ABORT_MSG_IF(m_table.FindVc(inPort, inVpi, inVci) != nullptr,
                    where.str() << ": the in label is already cross-connected");
    NS_ABORT_MSG_IF(IsOutLabelUsed(outPort, outVpi, outVci),
                    where.str() << ": the out label is already used on that port");
    NS_ABORT_MSG_IF(outVpi > 4095, where.str() << ": VPI above 4095 (12-bit NNI field)");
    contract.CheckAgainstLink(where.str(), m_ports[outPort]->GetCellRate());
    Route r;
    r.tx = PeekPointer(m_ports[outPort]->GetTransmitter());
    r.input = GetInput(inPort, outPort);
    r.outVc = m_ports[outPort]->GetOutputPort()->AddVc(contract);
    r.outVpi = outVpi;
    r.outVci = outVci;
    r.outPort = outPort;
    r.inPort = inPort;
    r.policer = MakePolicer(inPort, contract);
    SetUpEligibility(r, inPort, contract);
    ShapeIfVpShaped(m_table.AddVc(inPort, inVpi, inVci, r));
    // A bidirectional PVC: the other direction leaves through inPort with inPort's in label as
    // its out label. Pair the two, so that backward RM cells of one direction reach the ABR
    // behaviour of the port the other direction's data leaves through.
    auto key = [](uint32_t port, uint16_t vpi, uint16_t vci) {
        return PortKey(port, (static_cast<uint32_t>(vpi) << 16) | vci);
    };
    m_outVcByLabel[key(outPort, outVpi, outVci)] = r.outVc;
    auto other = m_outVcByLabel.find(key(inPort, inVpi, inVci));
    if (other != m_outVcByLabel.end())
    {
        Ptr<AtmOutputPort> out = m_ports[outPort]->GetOutputPort();
        Ptr<AtmOutputPort> in = m_ports[inPort]->GetOutputPort();
        out->SetVcForward(r.outVc, in, other->second);
        in->SetVcForward(other->second, out, r.outVc);
    }
    return r.outVc;
}

void
AtmSwitch::AddVpCrossConnect(uint32_t inPort,
                             uint16_t inVpi,
                             uint32_t outPort,
                             uint16_t outVpi,
                             const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this << inPort << inVpi << outPort << outVpi);
    CheckPort(inPort, "in");
    CheckPort(outPort, "out");
    Ptr<Node> node = GetObject<Node>();
    NS_ABORT_MSG_IF(m_table.FindVp(inPort, inVpi) != nullptr,
                    "AtmSwitch on node " << (node ? node->GetId() : 0) << ": VP " << inPort << ":"
                                         << inVpi << " is already cross-connected");
    NS_ABORT_MSG_IF(m_table.IsOutVpUsed(outPort, outVpi),
                    "AtmSwitch on node " << (node ? node->GetId() : 0) << ": out VP " << outPort
                                         << ":" << outVpi << " is already used");
    NS_ABORT_MSG_IF(outVpi > 4095, "AtmSwitch: VPI " << outVpi << " above 4095");
    uint16_t usedVci = 0;
    NS_ABORT_MSG_IF(m_table.FindOutVcOnVp(outPort, outVpi, &usedVci),
                    "AtmSwitch on node " << (node ? node->GetId() : 0) << ": out VP " << outPort
                                         << ":" << outVpi
                                         << " already carries a VC cross-connect (VCI " << usedVci
                                         << "); use another out VPI");
    std::ostringstream where;
    where << "AtmSwitch on node " << (node ? node->GetId() : 0) << ", VP cross-connect " << inPort
          << ":" << inVpi << " -> " << outPort << ":" << outVpi;
    contract.CheckAgainstLink(where.str(), m_ports[outPort]->GetCellRate());
    GetInput(inPort, outPort);
    m_table.AddVp(inPort, inVpi, VpRoute{outPort, outVpi, contract, MakePolicer(inPort, contract)});
}

bool
AtmSwitch::IsInLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const
{
    return m_table.IsInLabelUsed(port, vpi, vci);
}

bool
AtmSwitch::IsOutLabelUsed(uint32_t port, uint16_t vpi, uint16_t vci) const
{
    return m_table.IsOutLabelUsed(port, vpi, vci);
}

void
AtmSwitch::Switch(uint32_t inPort, AtmCell cell, Time firstBit, Time arrival)
{
    // Per cell: no NS_LOG_FUNCTION.
    Route* route = m_table.FindRoute(inPort, cell.vpi, cell.vci);
    if (!route)
    {
        const VpRoute* vp = m_table.FindVp(inPort, cell.vpi);
        if (!vp)
        {
            Ptr<Node> node = GetObject<Node>();
            Simulator::ScheduleWithContext(node ? node->GetId() : Simulator::NO_CONTEXT,
                                           arrival - Simulator::Now(),
                                           &AtmSwitch::DropUnknown,
                                           this,
                                           inPort,
                                           cell);
            return;
        }
        // First cell of this VCI on the VP: give it a VC record at the out port.
        route = &AddVpVcRoute(inPort, cell.vpi, *vp, cell.vci);
    }
    Route& r = *route;
    if (r.policer)
    {
        const AtmPolicingDecision d = r.policer->Police(cell, firstBit, r.upc);
        if (d.action == AtmPolicingDecision::DISCARD)
        {
            ++m_upcDiscards;
            ++m_upcDiscardsByOutVc[PortKey(r.outPort, r.outVc)];
            // The cell never leaves an output port here: return its credit on arrival.
            m_ports[inPort]->ReturnCredit(cell.vc, arrival);
            m_dropTrace(inPort, cell, d.reason);
            return;
        }
        if (d.action == AtmPolicingDecision::TAG)
        {
            cell.clp = true;
        }
    }
    // Eligibility is this switch's own metadata: never carried over from the previous hop.
    cell.flags &= static_cast<uint8_t>(~AtmCell::NOT_ELIGIBLE);
    if (r.gfr1)
    {
        MarkEligibility(r, cell, firstBit);
    }
    if (r.vsvd != UINT32_MAX && HandleVsVd(r, cell, arrival))
    {
        return; // an RM cell that ends at this switch's virtual source or destination
    }
    // Remember the upstream VC index (the sender's port stamped it in cell.vc) for credits.
    if (m_upstream.size() <= r.outPort)
    {
        m_upstream.resize(r.outPort + 1);
    }
    std::vector<Upstream>& ups = m_upstream[r.outPort];
    if (ups.size() <= r.outVc)
    {
        ups.resize(r.outVc + 1);
    }
    ups[r.outVc] = Upstream{r.inPort, cell.vc};
    cell.vpi = r.outVpi;
    cell.vci = r.outVci;
    ++m_cellsSwitched;
    r.tx->Arrive(r.input, cell, r.outVc, arrival + m_switchingDelay);
}

void
AtmSwitch::NotifyDeparture(uint32_t outPort, const AtmCell& cell, Time start)
{
    if (outPort >= m_upstream.size() || cell.vc >= m_upstream[outPort].size())
    {
        return;
    }
    const Upstream& u = m_upstream[outPort][cell.vc];
    if (u.inPort != UINT32_MAX)
    {
        // At the cell's slot start, which is the present only when the port is not deferring
        // its slots (AtmCellTransmitter::SetDeferral).
        m_ports[u.inPort]->ReturnCredit(u.upVc, start);
    }
}

AtmSwitch::Route&
AtmSwitch::AddVpVcRoute(uint32_t inPort, uint16_t inVpi, const VpRoute& v, uint16_t vci)
{
    Route r;
    r.tx = PeekPointer(m_ports[v.outPort]->GetTransmitter());
    r.input = GetInput(inPort, v.outPort);
    r.outVc = m_ports[v.outPort]->GetOutputPort()->AddVc(v.contract);
    r.outVpi = v.outVpi;
    r.outVci = vci;
    r.outPort = v.outPort;
    r.inPort = inPort;
    r.policer = v.policer;
    SetUpEligibility(r, inPort, v.contract);
    Route& stored = m_table.AddVpVc(inPort, inVpi, vci, r);
    ShapeIfVpShaped(stored);
    return stored;
}

int64_t
AtmSwitch::GetVpCrossConnectOutPort(uint32_t inPort, uint16_t inVpi) const
{
    const VpRoute* vp = m_table.FindVp(inPort, inVpi);
    return vp ? static_cast<int64_t>(vp->outPort) : -1;
}

uint32_t
AtmSwitch::GetVpVc(uint32_t inPort, uint16_t inVpi, uint16_t vci)
{
    NS_ABORT_MSG_IF(m_table.FindVc(inPort, inVpi, vci) != nullptr,
                    "AtmSwitch::GetVpVc: in port " << inPort << " label " << inVpi << "/" << vci
                                                   << " has a VC cross-connect of its own");
    if (const Route* r = m_table.FindRoute(inPort, inVpi, vci))
    {
        return r->outVc;
    }
    const VpRoute* vp = m_table.FindVp(inPort, inVpi);
    NS_ABORT_MSG_IF(!vp,
                    "AtmSwitch::GetVpVc: no VP cross-connect for in port " << inPort << " VPI "
                                                                           << inVpi);
    return AddVpVcRoute(inPort, inVpi, *vp, vci).outVc;
}

void
AtmSwitch::ShapeIfVpShaped(const Route& r)
{
    auto it = m_vpShapers.find(AtmCrossConnectTable::Key(r.outPort, r.outVpi, 0));
    if (it != m_vpShapers.end())
    {
        m_ports[r.outPort]->GetShapingGate()->AddVcToFlow(it->second, r.outVc);
    }
}

void
AtmSwitch::SetVpShaper(uint32_t outPort, uint16_t outVpi, Ptr<AtmShaper> shaper)
{
    NS_LOG_FUNCTION(this << outPort << outVpi << shaper);
    CheckPort(outPort, "out");
    const uint64_t key = AtmCrossConnectTable::Key(outPort, outVpi, 0);
    NS_ABORT_MSG_IF(m_vpShapers.count(key) > 0,
                    "AtmSwitch::SetVpShaper: out port " << outPort << " VPI " << outVpi
                                                        << " is already shaped");
    Ptr<AtmShapingGate> gate = m_ports[outPort]->GetShapingGate();
    const uint32_t flow = gate->AddGroupShaper(shaper);
    m_vpShapers[key] = flow;
    m_table.ForEachRoute([&](Route& route) {
        if (route.outPort == outPort && route.outVpi == outVpi)
        {
            gate->AddVcToFlow(flow, route.outVc);
        }
    });
}

Ptr<AtmAbrVsVd>
AtmSwitch::SetVirtualSourceDestination(uint32_t outPort,
                                       uint32_t outVc,
                                       const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this << outPort << outVc << contract);
    CheckPort(outPort, "SetVirtualSourceDestination: out");
    NS_ABORT_MSG_IF(FindVsVd(outPort, outVc) != NO_VSVD,
                    "AtmSwitch::SetVirtualSourceDestination: VC " << outVc << " of out port "
                                                                  << outPort << " has one already");
    NS_ABORT_MSG_IF(contract.GetCategory() != AtmServiceCategory::ABR,
                    "AtmSwitch::SetVirtualSourceDestination: the next loop's contract must be "
                    "ABR, not "
                        << contract);
    Ptr<AtmOutputPort> out = m_ports[outPort]->GetOutputPort();
    NS_ABORT_MSG_IF(out->GetQueueMode() != AtmOutputPort::PER_VC,
                    "AtmSwitch::SetVirtualSourceDestination: out port "
                        << outPort
                        << " has QueueMode SHARED; a virtual source paces its VC's own queue: "
                           "set the switch ports' QueueMode to PER_VC");
    Route* fwd = nullptr;
    m_table.ForEachRoute([&](Route& route) {
        if (route.outPort == outPort && route.outVc == outVc)
        {
            fwd = &route;
        }
    });
    NS_ABORT_MSG_IF(!fwd,
                    "AtmSwitch::SetVirtualSourceDestination: no VC cross-connect leaves by out "
                    "port "
                        << outPort << " as VC " << outVc);
    Route* rev = m_table.FindVc(outPort, fwd->outVpi, fwd->outVci);
    NS_ABORT_MSG_IF(!rev,
                    "AtmSwitch::SetVirtualSourceDestination: VC "
                        << outVc << " of out port " << outPort << " (label " << fwd->outVpi << "/"
                        << fwd->outVci
                        << ") has no reverse VC cross-connect; ABR needs both directions (the "
                           "backward RM cells)");
    NS_ABORT_MSG_IF(fwd->vsvd != UINT32_MAX || rev->vsvd != UINT32_MAX,
                    "AtmSwitch::SetVirtualSourceDestination: the reverse direction of VC "
                        << outVc << " of out port " << outPort << " has a virtual source already");
    VsVd x;
    x.vsvd = CreateObject<AtmAbrVsVd>();
    x.vsvd->Setup(contract, m_ports[outPort]->GetCellRate());
    x.fwdOutPort = outPort;
    x.fwdOutVc = outVc;
    x.revTx = rev->tx;
    auto input = m_vsvdInputs.find(rev->outPort);
    if (input == m_vsvdInputs.end())
    {
        // Cells generated here are announced at their own instants: an input of their own,
        // whose arrivals stay in time order.
        input = m_vsvdInputs.emplace(rev->outPort, rev->tx->AddInput()).first;
    }
    x.revInput = input->second;
    x.revOutPort = rev->outPort;
    x.revOutVc = rev->outVc;
    x.revOutVpi = rev->outVpi;
    x.revOutVci = rev->outVci;
    const uint32_t index = static_cast<uint32_t>(m_vsvds.size());
    fwd->vsvd = index;
    fwd->vsvdForward = true;
    rev->vsvd = index;
    rev->vsvdForward = false;
    m_ports[outPort]->GetShapingGate()->AddVcShaper(outVc, x.vsvd->GetShaper());
    const bool first = std::none_of(m_vsvds.begin(), m_vsvds.end(), [outPort](const VsVd& o) {
        return o.fwdOutPort == outPort;
    });
    if (first)
    {
        m_ports[outPort]->GetTransmitter()->SetDepartureCallback(
            MakeBoundCallback(&AtmSwitch::VsDeparture, this, outPort));
    }
    m_vsvds.push_back(x);
    if (m_vsvdByOutVc.size() <= outPort)
    {
        m_vsvdByOutVc.resize(outPort + 1);
    }
    std::vector<uint32_t>& byVc = m_vsvdByOutVc[outPort];
    if (byVc.size() <= outVc)
    {
        byVc.resize(outVc + 1, NO_VSVD);
    }
    byVc[outVc] = index;
    return x.vsvd;
}

Ptr<AtmAbrVsVd>
AtmSwitch::GetVirtualSourceDestination(uint32_t outPort, uint32_t outVc) const
{
    const uint32_t index = FindVsVd(outPort, outVc);
    return index == NO_VSVD ? nullptr : m_vsvds[index].vsvd;
}

uint32_t
AtmSwitch::FindVsVd(uint32_t outPort, uint32_t outVc) const
{
    if (outPort >= m_vsvdByOutVc.size() || outVc >= m_vsvdByOutVc[outPort].size())
    {
        return NO_VSVD;
    }
    return m_vsvdByOutVc[outPort][outVc];
}

uint64_t
AtmSwitch::GetRmGenerated(uint32_t outPort, uint32_t outVc) const
{
    const auto it = m_rmGenerated.find(PortKey(outPort, outVc));
    return it == m_rmGenerated.end() ? 0 : it->second;
}

uint64_t
AtmSwitch::GetRmTaken(uint32_t outPort, uint32_t outVc) const
{
    const auto it = m_rmTaken.find(PortKey(outPort, outVc));
    return it == m_rmTaken.end() ? 0 : it->second;
}

bool
AtmSwitch::HandleVsVd(const Route& r, AtmCell& cell, Time arrival)
{
    VsVd& x = m_vsvds[r.vsvd];
    if (!cell.IsResourceManagement())
    {
        if (r.vsvdForward && (cell.pti & 0x4) == 0)
        {
            x.vsvd->ReceiveData(cell); // EFCI for the virtual destination, cleared onwards
        }
        return false;
    }
    // Forward RM cells of the data's direction end at the virtual destination, backward RM
    // cells of the reverse direction (the next loop's answers) at the virtual source; the
    // other RM cells (a reverse ABR connection's) pass.
    const bool backward = cell.rm.Has(AtmRmFields::DIR);
    if (backward == r.vsvdForward)
    {
        return false;
    }
    ++m_rmTaken[PortKey(r.outPort, r.outVc)];
    m_ports[r.inPort]->ReturnCredit(cell.vc, arrival);
    Ptr<Node> node = GetObject<Node>();
    const uint32_t context = node ? node->GetId() : Simulator::NO_CONTEXT;
    if (backward)
    {
        Simulator::ScheduleWithContext(context,
                                       arrival - Simulator::Now(),
                                       &AtmSwitch::TakeBackwardRm,
                                       this,
                                       r.vsvd,
                                       cell.rm);
    }
    else
    {
        // The EFCI state is the one of the data cells before this RM cell: decided now.
        Simulator::ScheduleWithContext(context,
                                       arrival + m_switchingDelay - Simulator::Now(),
                                       &AtmSwitch::SendTurnedAround,
                                       this,
                                       r.vsvd,
                                       x.vsvd->TurnAround(cell.rm));
    }
    return true;
}

void
AtmSwitch::SendTurnedAround(uint32_t index, AtmRmFields brm)
{
    const VsVd& x = m_vsvds[index];
    x.vsvd->LowerEr(brm); // ER1 = min(ER1, ACR2) when it leaves
    AtmCell cell;
    cell.vpi = x.revOutVpi;
    cell.vci = x.revOutVci;
    cell.pti = AtmRmFields::PTI;
    cell.rm = brm;
    ++m_rmGenerated[PortKey(x.revOutPort, x.revOutVc)];
    x.revTx->Arrive(x.revInput, cell, x.revOutVc, Simulator::Now());
}

void
AtmSwitch::TakeBackwardRm(uint32_t index, AtmRmFields brm)
{
    const VsVd& x = m_vsvds[index];
    if (x.vsvd->ReceiveBackwardRm(brm))
    {
        // Rules 8 and 9 (TM 4.0 5.10.4): a changed ACR re-spaces the VC's next cell.
        x.vsvd->GetShaper()->NotifyRateChanged();
        m_ports[x.fwdOutPort]->GetShapingGate()->Reshape(x.fwdOutVc);
    }
}

void
AtmSwitch::VsDeparture(AtmSwitch* sw, uint32_t outPort, AtmCell& cell, Time start)
{
    // Per cell of a port with virtual sources: two array reads.
    const uint32_t index = sw->FindVsVd(outPort, cell.vc);
    if (index == NO_VSVD)
    {
        return;
    }
    const VsVd& x = sw->m_vsvds[index];
    if (!x.vsvd->PrepareDeparture(cell, start))
    {
        return;
    }
    // The next in-rate cell of the VC is a forward RM cell: at the head of its queue.
    AtmCell frm;
    frm.vpi = cell.vpi;
    frm.vci = cell.vci;
    frm.pti = AtmRmFields::PTI;
    ++sw->m_rmGenerated[PortKey(outPort, cell.vc)];
    if (sw->m_ports[outPort]->GetOutputPort()->InsertRmAtHead(frm, cell.vc, start))
    {
        x.vsvd->NotifyForwardRmQueued();
    }
}

Ptr<AtmPolicer>
AtmSwitch::MakePolicer(uint32_t inPort, const AtmTrafficContract& contract) const
{
    const Ptr<AtmSwitchPort>& port = m_ports[inPort];
    if (!port->GetUpc())
    {
        return nullptr;
    }
    return AtmPolicerFactory::Create(contract, port->GetCellRate(), port->GetUpcFrameDiscard());
}

void
AtmSwitch::SetUpEligibility(Route& r, uint32_t inPort, const AtmTrafficContract& contract) const
{
    if (contract.GetConformance() != AtmConformance::GFR_1 || !m_gfr1Eligibility)
    {
        return;
    }
    r.gfr1 = true;
    r.gfr1HasMcr = !contract.GetMcr().IsZero();
    if (r.gfr1HasMcr)
    {
        const AtmCellRate pcr =
            contract.HasPcr() ? contract.GetPcr() : m_ports[inPort]->GetCellRate();
        r.gfr1Fgcra = FrameGcra(contract.GetMcr(), pcr, contract.GetMbs(), contract.GetCdvtMcr());
    }
}

void
AtmSwitch::MarkEligibility(Route& r, AtmCell& cell, Time firstBit)
{
    const bool first = !r.gfr1MidFrame;
    r.gfr1MidFrame = !cell.IsEndOfPdu();
    // With MCR 0 nothing is guaranteed, so no PDU is eligible. F-GCRA sees CLP = 1 cells too (they
    // make their PDU non-eligible); they are never eligible anyway.
    const bool eligible = r.gfr1HasMcr && r.gfr1Fgcra.Arrive(firstBit, first, cell.clp);
    if (!eligible && !cell.clp)
    {
        cell.flags |= AtmCell::NOT_ELIGIBLE;
    }
}

void
AtmSwitch::SetVcPolicer(uint32_t inPort, uint16_t inVpi, uint16_t inVci, Ptr<AtmPolicer> policer)
{
    NS_LOG_FUNCTION(this << inPort << inVpi << inVci << policer);
    Route* r = m_table.FindVc(inPort, inVpi, inVci);
    NS_ABORT_MSG_IF(!r,
                    "AtmSwitch::SetVcPolicer: no VC cross-connect for in port "
                        << inPort << " label " << inVpi << "/" << inVci
                        << "; add the cross-connect first");
    r->policer = policer;
    r->upc = AtmPolicer::VcState();
}

void
AtmSwitch::SetVpPolicer(uint32_t inPort, uint16_t inVpi, Ptr<AtmPolicer> policer)
{
    NS_LOG_FUNCTION(this << inPort << inVpi << policer);
    VpRoute* vp = m_table.FindVpForUpdate(inPort, inVpi);
    NS_ABORT_MSG_IF(!vp,
                    "AtmSwitch::SetVpPolicer: no VP cross-connect for in port "
                        << inPort << " VPI " << inVpi << "; add the cross-connect first");
    vp->policer = policer;
    m_table.ForEachVpVc(inPort, inVpi, [&](Route& route) { route.policer = policer; });
}

Ptr<AtmPolicer>
AtmSwitch::GetVcPolicer(uint32_t inPort, uint16_t inVpi, uint16_t inVci) const
{
    SyncUpstream();
    const Route* r = m_table.FindVc(inPort, inVpi, inVci);
    NS_ABORT_MSG_IF(!r,
                    "AtmSwitch::GetVcPolicer: no VC cross-connect for in port "
                        << inPort << " label " << inVpi << "/" << inVci);
    return r->policer;
}

Ptr<AtmPolicer>
AtmSwitch::GetVpPolicer(uint32_t inPort, uint16_t inVpi) const
{
    SyncUpstream();
    const VpRoute* vp = m_table.FindVp(inPort, inVpi);
    NS_ABORT_MSG_IF(!vp,
                    "AtmSwitch::GetVpPolicer: no VP cross-connect for in port " << inPort << " VPI "
                                                                                << inVpi);
    return vp->policer;
}

uint64_t
AtmSwitch::GetUpcDiscards() const
{
    SyncUpstream();
    return m_upcDiscards;
}

uint64_t
AtmSwitch::GetUpcDiscards(uint32_t outPort, uint32_t outVc) const
{
    SyncUpstream();
    auto it = m_upcDiscardsByOutVc.find(PortKey(outPort, outVc));
    return it == m_upcDiscardsByOutVc.end() ? 0 : it->second;
}

void
AtmSwitch::DropUnknown(uint32_t inPort, AtmCell cell)
{
    ++m_unknownLabelDrops;
    m_dropTrace(inPort, cell, UNKNOWN_LABEL);
}

uint64_t
AtmSwitch::GetUnknownLabelDrops() const
{
    return m_unknownLabelDrops;
}

uint64_t
AtmSwitch::GetCellsSwitched() const
{
    SyncUpstream();
    return m_cellsSwitched;
}

} // namespace ns3
