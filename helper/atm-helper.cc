/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-host-cpu.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-switch-port.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/priority-queue-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHelper");

namespace
{

/**
 * @brief ObjectFactory::Set with a message that names the helper's setter, the attribute, the
 *        value and what the attribute accepts (ns-3's own message names only the attribute).
 * @param factory the factory
 * @param setter the helper's setter, for the message
 * @param name the attribute
 * @param value its value
 */
void
SetChecked(ObjectFactory& factory,
           const char* setter,
           const std::string& name,
           const AttributeValue& value)
{
    const TypeId tid = factory.GetTypeId();
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_IF(!tid.LookupAttributeByName(name, &info),
                    "AtmHelper::" << setter << ": " << tid.GetName() << " has no attribute \""
                                  << name << "\" (--PrintAttributes=" << tid.GetName()
                                  << " lists them)");
    if (!info.checker->CreateValidValue(value))
    {
        const std::string text = value.SerializeToString(info.checker);
        NS_ABORT_MSG("AtmHelper::" << setter << ": " << name << "=" << text
                                   << " is not a valid value for " << tid.GetName()
                                   << ", which accepts " << info.checker->GetValueTypeName() << " ("
                                   << info.checker->GetUnderlyingTypeInformation()
                                   << "; --PrintAttributes=" << tid.GetName() << ")");
    }
    factory.Set(name, value);
}

/// libpcap's DLT_SUNATM / LINKTYPE_SUNATM: SunATM pseudo-header, then the AAL5 SDU.
constexpr uint32_t DLT_SUNATM = 123;

/**
 * @brief Start an ascii line: event, time in seconds, device context.
 * @param stream the stream
 * @param event the event letter
 * @param context the device path
 * @return the std::ostream
 */
std::ostream&
Line(Ptr<OutputStreamWrapper> stream, char event, const std::string& context)
{
    std::ostream& os = *stream->GetStream();
    os << event << " " << std::fixed << std::setprecision(9) << Simulator::Now().GetSeconds() << " "
       << context;
    return os;
}

/// Print the labels and position of a cell.
void
PrintCell(std::ostream& os, const AtmCell& cell)
{
    os << " cell " << cell.vpi << "/" << cell.vci << " vc=" << cell.vc << " index=" << cell.index
       << "/" << cell.count << (cell.IsEndOfPdu() ? " eom" : "") << (cell.clp ? " clp" : "");
}

void
AsciiFrameTx(Ptr<OutputStreamWrapper> stream,
             std::string context,
             Ptr<AtmNetDevice> dev,
             uint32_t vc,
             Ptr<const Packet> sdu)
{
    Line(stream, 't', context) << " frame " << dev->GetVcVpi(vc) << "/" << dev->GetVcVci(vc)
                               << " vc=" << vc << " bytes=" << sdu->GetSize() << std::endl;
}

void
AsciiFrameRx(Ptr<OutputStreamWrapper> stream,
             std::string context,
             Ptr<AtmNetDevice> dev,
             uint32_t vc,
             Ptr<const Packet> sdu)
{
    Line(stream, 'r', context) << " frame " << dev->GetVcVpi(vc) << "/" << dev->GetVcVci(vc)
                               << " vc=" << vc << " bytes=" << sdu->GetSize() << std::endl;
}

void
AsciiRmCell(Ptr<OutputStreamWrapper> stream, std::string context, char kind, const AtmCell& cell)
{
    std::ostream& os = Line(stream, kind, context);
    os << " rm " << cell.vpi << "/" << cell.vci << " vc=" << cell.vc << " " << cell.rm << std::endl;
}

void
AsciiTxDrop(Ptr<OutputStreamWrapper> stream,
            std::string context,
            uint32_t vc,
            Ptr<const Packet> p,
            const char* reason)
{
    std::ostream& os = Line(stream, 'd', context);
    os << " frame vc=";
    if (vc == UINT32_MAX)
    {
        os << "none";
    }
    else
    {
        os << vc;
    }
    os << " bytes=" << p->GetSize() << " reason=\"" << reason << "\"" << std::endl;
}

void
AsciiReassemblyDrop(Ptr<OutputStreamWrapper> stream,
                    std::string context,
                    uint32_t vc,
                    uint32_t cells,
                    const char* reason)
{
    Line(stream, 'd', context) << " frame vc=" << vc << " cells=" << cells << " reason=\"" << reason
                               << "\"" << std::endl;
}

void
AsciiCellDrop(Ptr<OutputStreamWrapper> stream,
              std::string context,
              const AtmCell& cell,
              const char* reason)
{
    std::ostream& os = Line(stream, 'd', context);
    PrintCell(os, cell);
    os << " reason=\"" << reason << "\"" << std::endl;
}

void
AsciiFabricDrop(Ptr<OutputStreamWrapper> stream,
                std::string context,
                uint32_t port,
                uint32_t inPort,
                const AtmCell& cell,
                const char* reason)
{
    if (inPort == port)
    {
        AsciiCellDrop(stream, context, cell, reason);
    }
}

void
AsciiPortFrameDrop(Ptr<OutputStreamWrapper> stream,
                   std::string context,
                   uint32_t vc,
                   const char* reason)
{
    Line(stream, 'D', context) << " frame vc=" << vc << " reason=\"" << reason << "\"" << std::endl;
}
} // namespace

void
AtmHelper::UseFastestScheduler()
{
    const char* env = std::getenv("NS_GLOBAL_VALUE");
    if (env && std::strstr(env, "SchedulerType"))
    {
        return; // the user's choice
    }
    GlobalValue::Bind("SchedulerType", TypeIdValue(PriorityQueueScheduler::GetTypeId()));
}

uint64_t
AtmHelper::GetCellHops()
{
    uint64_t cells = 0;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t d = 0; d < (*node)->GetNDevices(); ++d)
        {
            if (Ptr<AtmDevice> device = DynamicCast<AtmDevice>((*node)->GetDevice(d)))
            {
                cells += device->GetCellsSent();
            }
        }
    }
    return cells;
}

AtmHelper::AtmHelper()
{
    m_channelFactory.SetTypeId("ns3::AtmChannel");
    m_deviceFactory.SetTypeId("ns3::AtmNetDevice");
    m_switchFactory.SetTypeId("ns3::AtmSwitch");
    m_switchPortFactory.SetTypeId("ns3::AtmOutputPort");
    m_switchDeviceFactory.SetTypeId("ns3::AtmSwitchPort");
}

AtmHelper::~AtmHelper()
{
}

void
AtmHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    SetChecked(m_channelFactory, "SetChannelAttribute", name, value);
}

void
AtmHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    SetChecked(m_deviceFactory, "SetDeviceAttribute", name, value);
}

void
AtmHelper::SetAdapterPortAttribute(std::string name, const AttributeValue& value)
{
    m_adapterPortAttributes.emplace_back(name, value.Copy());
}

void
AtmHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    SetChecked(m_switchFactory, "SetSwitchAttribute", name, value);
}

void
AtmHelper::SetSwitchPortAttribute(std::string name, const AttributeValue& value)
{
    SetChecked(m_switchPortFactory, "SetSwitchPortAttribute", name, value);
}

void
AtmHelper::SetSwitchDeviceAttribute(std::string name, const AttributeValue& value)
{
    SetChecked(m_switchDeviceFactory, "SetSwitchDeviceAttribute", name, value);
}

void
AtmHelper::SetBufferPolicyAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_policyFactory.IsTypeIdSet(),
                    "AtmHelper::SetBufferPolicyAttribute(\"" << name
                                                             << "\"): no buffer policy chosen; "
                                                                "call SetBufferPolicy() first");
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_IF(!m_policyFactory.GetTypeId().LookupAttributeByName(name, &info),
                    "AtmHelper::SetBufferPolicyAttribute: buffer policy "
                        << m_policyFactory.GetTypeId().GetName() << " has no attribute \"" << name
                        << "\"");
    SetChecked(m_policyFactory, "SetBufferPolicyAttribute", name, value);
}

void
AtmHelper::SetCellSchedulerAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_schedulerFactory.IsTypeIdSet(),
                    "AtmHelper::SetCellSchedulerAttribute(\"" << name
                                                              << "\"): no cell scheduler chosen; "
                                                                 "call SetCellScheduler() first");
    SetChecked(m_schedulerFactory, "SetCellSchedulerAttribute", name, value);
}

void
AtmHelper::SetCreditFlowControl(uint32_t credits)
{
    m_credits = credits;
}

void
AtmHelper::SetTrafficControl(bool enable)
{
    m_trafficControl = enable;
}

void
AtmHelper::InstallHostCpu(NodeContainer nodes, Time sendCost, Time receiveCost) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        NS_ABORT_MSG_IF(sendCost.IsStrictlyNegative() || receiveCost.IsStrictlyNegative(),
                        "AtmHelper::InstallHostCpu: node "
                            << (*it)->GetId() << ": negative CPU cost (send "
                            << sendCost.As(Time::US) << ", receive " << receiveCost.As(Time::US)
                            << "); pass costs >= 0 (0 disables that cost)");
        Ptr<AtmHostCpu> cpu = (*it)->GetObject<AtmHostCpu>();
        if (!cpu)
        {
            cpu = CreateObject<AtmHostCpu>();
            (*it)->AggregateObject(cpu);
        }
        cpu->SetAttribute("SendCost", TimeValue(sendCost));
        cpu->SetAttribute("ReceiveCost", TimeValue(receiveCost));
    }
}

Ptr<AtmSwitch>
AtmHelper::InstallSwitch(Ptr<Node> node) const
{
    NS_ABORT_MSG_IF(node->GetObject<AtmSwitch>(),
                    "AtmHelper::InstallSwitch: node " << node->GetId() << " is already a switch");
    Ptr<AtmSwitch> fabric = m_switchFactory.Create<AtmSwitch>();
    node->AggregateObject(fabric);
    return fabric;
}

void
AtmHelper::InstallSwitch(const NodeContainer& nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        InstallSwitch(*it);
    }
}

Ptr<AtmDevice>
AtmHelper::MakeDevice(Ptr<Node> node, Ptr<AtmChannel> channel) const
{
    Ptr<AtmSwitch> fabric = node->GetObject<AtmSwitch>();
    Ptr<AtmDevice> dev;
    if (fabric)
    {
        Ptr<AtmSwitchPort> port = m_switchDeviceFactory.Create<AtmSwitchPort>();
        Ptr<AtmOutputPort> out = m_switchPortFactory.Create<AtmOutputPort>();
        if (m_policyFactory.IsTypeIdSet())
        {
            out->SetAttribute("BufferPolicy", PointerValue(m_policyFactory.Create()));
        }
        if (m_schedulerFactory.IsTypeIdSet())
        {
            out->SetAttribute("CellScheduler", PointerValue(m_schedulerFactory.Create()));
        }
        for (const ClassBuffer& b : m_classBuffers)
        {
            out->SetClassBuffer(b.category, b.bufferCells, b.policy.Create<AtmBufferPolicy>());
        }
        port->SetAttribute("OutputPort", PointerValue(out));
        dev = port;
        node->AddDevice(port);
        fabric->AddPort(port);
    }
    else
    {
        Ptr<AtmNetDevice> nd = m_deviceFactory.Create<AtmNetDevice>();
        for (const auto& [name, value] : m_adapterPortAttributes)
        {
            nd->GetOutputPort()->SetAttribute(name, *value);
        }
        if (m_trafficControl)
        {
            nd->AggregateObject(CreateObject<NetDeviceQueueInterface>());
        }
        dev = nd;
        node->AddDevice(nd);
    }
    if (m_credits > 0)
    {
        Ptr<AtmCreditFlowControl> gate = CreateObject<AtmCreditFlowControl>();
        gate->SetAttribute("InitialCredits", UintegerValue(m_credits));
        dev->SetCreditFlowControl(gate);
    }
    dev->Attach(channel);
    return dev;
}

NetDeviceContainer
AtmHelper::Install(Ptr<Node> a, Ptr<Node> b) const
{
    NS_ABORT_MSG_IF(!a || !b, "AtmHelper::Install: null node");
    NS_ABORT_MSG_IF(a == b, "AtmHelper::Install: both ends on node " << a->GetId());
    Ptr<AtmChannel> channel = m_channelFactory.Create<AtmChannel>();
    if (m_errorModelFactory.IsTypeIdSet())
    {
        Ptr<AtmCellErrorModel> model = m_errorModelFactory.Create<AtmCellErrorModel>();
        NS_ABORT_MSG_IF(!model,
                        "AtmHelper::SetChannelErrorModel: "
                            << m_errorModelFactory.GetTypeId().GetName()
                            << " is not an AtmCellErrorModel");
        channel->SetErrorModel(0, model);
        channel->SetErrorModel(1, model);
    }
    NetDeviceContainer devices;
    devices.Add(MakeDevice(a, channel));
    devices.Add(MakeDevice(b, channel));
    return devices;
}

int64_t
AtmHelper::AssignStreams(NetDeviceContainer devices, int64_t stream) const
{
    int64_t n = 0;
    std::set<Ptr<AtmChannel>> done;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<AtmDevice> dev = DynamicCast<AtmDevice>(devices.Get(i));
        Ptr<AtmChannel> channel = dev ? dev->GetAtmChannel() : nullptr;
        if (channel && done.insert(channel).second)
        {
            n += channel->AssignStreams(stream + n);
        }
    }
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<AtmDevice> dev = DynamicCast<AtmDevice>(devices.Get(i));
        if (dev)
        {
            n += dev->GetOutputPort()->AssignStreams(stream + n);
        }
    }
    return n;
}

NetDeviceContainer
AtmHelper::Install(const NodeContainer& nodes) const
{
    NS_ABORT_MSG_IF(nodes.GetN() != 2,
                    "AtmHelper::Install: a link connects exactly two nodes, got " << nodes.GetN());
    return Install(nodes.Get(0), nodes.Get(1));
}

void
AtmHelper::EnablePcapInternal(std::string prefix,
                              Ptr<NetDevice> nd,
                              bool promiscuous,
                              bool explicitFilename)
{
    Ptr<AtmNetDevice> device = nd->GetObject<AtmNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("AtmHelper::EnablePcapInternal: device " << nd
                                                             << " is not an AtmNetDevice (a "
                                                                "switch port carries no frames)");
        return;
    }
    PcapHelper pcapHelper;
    std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(filename,
                              std::ios::out,
                              static_cast<PcapHelper::DataLinkType>(DLT_SUNATM),
                              65535 + 4);
    pcapHelper.HookDefaultSink<AtmNetDevice>(device,
                                             promiscuous ? "PromiscSniffer" : "Sniffer",
                                             file);
}

void
AtmHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                               std::string prefix,
                               Ptr<NetDevice> nd,
                               bool explicitFilename)
{
    Ptr<AtmDevice> dev = nd->GetObject<AtmDevice>();
    if (!dev)
    {
        NS_LOG_INFO("AtmHelper::EnableAsciiInternal: device " << nd << " is not an ATM device");
        return;
    }
    if (!stream)
    {
        AsciiTraceHelper asciiTraceHelper;
        std::string filename =
            explicitFilename ? prefix : asciiTraceHelper.GetFilenameFromDevice(prefix, dev);
        stream = asciiTraceHelper.CreateFileStream(filename);
    }
    std::ostringstream ctx;
    ctx << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex();
    const std::string context = ctx.str();

    Ptr<AtmOutputPort> port = dev->GetOutputPort();
    port->TraceConnectWithoutContext("CellDrop",
                                     MakeBoundCallback(&AsciiCellDrop, stream, context));
    port->TraceConnectWithoutContext("FrameDrop",
                                     MakeBoundCallback(&AsciiPortFrameDrop, stream, context));
    if (Ptr<AtmNetDevice> nic = nd->GetObject<AtmNetDevice>())
    {
        nic->TraceConnectWithoutContext("FrameTx",
                                        MakeBoundCallback(&AsciiFrameTx, stream, context, nic));
        nic->TraceConnectWithoutContext("FrameRx",
                                        MakeBoundCallback(&AsciiFrameRx, stream, context, nic));
        nic->TraceConnectWithoutContext("TxDrop", MakeBoundCallback(&AsciiTxDrop, stream, context));
        nic->TraceConnectWithoutContext("RmTx",
                                        MakeBoundCallback(&AsciiRmCell, stream, context, 't'));
        nic->TraceConnectWithoutContext("RmRx",
                                        MakeBoundCallback(&AsciiRmCell, stream, context, 'r'));
        nic->TraceConnectWithoutContext("RxCellDrop",
                                        MakeBoundCallback(&AsciiCellDrop, stream, context));
        nic->GetReassembler()->TraceConnectWithoutContext(
            "ReassemblyDrop",
            MakeBoundCallback(&AsciiReassemblyDrop, stream, context));
    }
    else if (Ptr<AtmSwitchPort> sp = nd->GetObject<AtmSwitchPort>())
    {
        NS_ABORT_MSG_IF(!sp->GetSwitch(), "AtmHelper::EnableAscii: switch port without a switch");
        sp->GetSwitch()->TraceConnectWithoutContext(
            "CellDrop",
            MakeBoundCallback(&AsciiFabricDrop, stream, context, sp->GetPortIndex()));
    }
}

} // namespace ns3
