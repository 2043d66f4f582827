/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HELPER_H
#define ATM_HELPER_H

#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-service-category.h"
#include "ns3/atm-switch.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <string>
#include <utility>
#include <vector>

/**
 * @file
 * @ingroup atm
 * ns3::AtmHelper: builds ATM devices, links and switches.
 */

namespace ns3
{

class AtmChannel;

/**
 * @ingroup atm
 * @brief Builds ATM links, end-system adapters and switches, like PointToPointHelper.
 *
 * InstallSwitch() makes a node an ATM switch (aggregates an AtmSwitch). Install(a, b) then
 * creates one AtmChannel between two nodes and one device on each: an AtmSwitchPort on a
 * switch node (added to its fabric), an AtmNetDevice (Classical IP adapter) on any other node.
 * VCs are set up afterwards with AtmPvcHelper.
 *
 * @code
 *   AtmHelper atm;
 *   atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
 *   atm.SetChannelAttribute("Delay", StringValue("1ms"));
 *   atm.SetSwitchPortAttribute("BufferCells", UintegerValue(1000));
 *   atm.SetBufferPolicy("ns3::TailDropBufferPolicy");
 *   atm.InstallSwitch(switches);
 *   NetDeviceContainer access = atm.Install(host, switches.Get(0));
 * @endcode
 *
 * Tracing: EnablePcap writes, per AtmNetDevice, the CPCS-SDUs it sends and delivers with the
 * SunATM pseudo-header (link type 123, which Wireshark and tshark decode down to IP and TCP);
 * switch ports have no frames and are skipped. EnableAscii writes one line per frame event
 * and per drop (format in the manual, doc/atm-user.rst), for adapters and switch ports.
 */
class AtmHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    AtmHelper();
    ~AtmHelper() override;

    /**
     * @brief Run the simulation on ns-3's PriorityQueueScheduler unless the user chose an event
     *        scheduler: --SchedulerType on a command line parsed after this call, or
     *        NS_GLOBAL_VALUE. The module's examples and benchmarks call it first thing.
     *
     * Cell-level runs schedule about one event per cell-hop; on them (bench/atm-bench, the
     * YATS scenario with 10 and 1000 VCs, BON's ten routers) PriorityQueueScheduler was 5-8 %
     * faster than the default MapScheduler, CalendarScheduler 3 % faster with 10 VCs but 8
     * times slower with 1000, HeapScheduler twice as slow. Results do not depend on the choice:
     * every ns-3 scheduler runs events in (time, insertion) order. Call it before anything
     * uses the simulator.
     */
    static void UseFastestScheduler();

    /**
     * @brief The cells sent so far by every AtmDevice of every node: the cell-hops of the run
     *        (a cell counts once per link it crossed, RM cells included), the cost
     *        measure the module's examples and benchmarks report next to the simulator's
     *        events.
     * @return cell-hops so far
     */
    static uint64_t GetCellHops();

    /**
     * @brief Attribute of every AtmChannel created (CellRate, Delay).
     * @param name the attribute
     * @param value its value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief A cell error model on every link created from now on: one new object per link,
     *        serving both directions (each direction has its own HEC receiver). Like
     *        SetChannelAttribute("ErrorModel", ...), but without sharing one object between
     *        links.
     * @param type the TypeId name of an AtmCellErrorModel (sub)class, e.g.
     *        "ns3::AtmCellErrorModel"; an empty string: no error model on the next links
     * @param args attribute name / value pairs, e.g. "CellLossRatio", DoubleValue(1e-4)
     */
    template <typename... Ts>
    void SetChannelErrorModel(std::string type, Ts&&... args);
    /**
     * @brief Fix the random streams of the error models on the links of @p devices (each link
     *        once), then of the buffer policies of the devices' output ports that draw random
     *        numbers (AtmOutputPort::AssignStreams(); call it after the PVCs are installed), as
     *        ns-3's helpers' AssignStreams.
     * @param devices devices whose links and ports to visit
     * @param stream the first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(NetDeviceContainer devices, int64_t stream) const;
    /**
     * @brief Attribute of every AtmNetDevice created (Mtu, Encapsulation, TxQueueBytes, ...).
     * @param name the attribute
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief Attribute of the output port of every AtmNetDevice created.
     * @param name an AtmOutputPort attribute
     * @param value its value
     */
    void SetAdapterPortAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief Attribute of every AtmSwitch installed (SwitchingDelay).
     * @param name the attribute
     * @param value its value
     */
    void SetSwitchAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief Attribute of the output port of every switch port created (BufferCells,
     *        QueueMode).
     * @param name an AtmOutputPort attribute
     * @param value its value
     */
    void SetSwitchPortAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief Attribute of every switch port device created (AtmSwitchPort: Upc,
     *        UpcFrameDiscard, and the AtmDevice attributes).
     * @param name an AtmSwitchPort attribute
     * @param value its value
     */
    void SetSwitchDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * @brief The buffer-acceptance policy of every switch port created: one new object per
     *        port.
     * @param type a short name (`tail`, `epd`, `double-epd`, ...: the table of
     *        AtmBufferPolicyFactory) or the TypeId name of an AtmBufferPolicy subclass
     * @param args attribute name / value pairs
     */
    template <typename... Ts>
    void SetBufferPolicy(std::string type, Ts&&... args);
    /**
     * @brief Set one attribute of the buffer policy chosen with SetBufferPolicy(), for attributes
     * known only at run time (a command line); the template form takes them at once.
     * @param name attribute name of the policy's TypeId
     * @param value its value
     */
    void SetBufferPolicyAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief Give a service category its own buffer on every switch port created
     *        (AtmOutputPort::SetClassBuffer(), per-class buffers of JAIN's and FORE's switches):
     *        @p bufferCells cells guarded by a new @p type policy per port; the other categories
     *        share "BufferCells" under the SetBufferPolicy() policy. Switch ports then need
     *        QueueMode PER_CLASS or PER_VC (SetSwitchPortAttribute). A second call for the same
     *        category replaces the first. Adapters are not affected.
     * @param category the service category
     * @param bufferCells the class buffer's size in cells (>= 1)
     * @param type a short name or the TypeId name of an AtmBufferPolicy subclass (as
     *        SetBufferPolicy())
     * @param args attribute name / value pairs of the policy
     */
    template <typename... Ts>
    void SetClassBuffer(AtmServiceCategory category,
                        uint32_t bufferCells,
                        std::string type,
                        Ts&&... args);

    /**
     * @brief The cell scheduler of every switch port created: one new object per port.
     * @param type a short name (`fifo`, `rr`, `priority`, `gr`, `vs-queue`, `vs`, `ru`, `wrr`,
     *        ...: the table of AtmCellSchedulerFactory) or the TypeId name of an
     *        AtmCellScheduler subclass; an unknown name aborts with the valid ones
     * @param args attribute name / value pairs
     */
    template <typename... Ts>
    void SetCellScheduler(std::string type, Ts&&... args);
    /**
     * @brief Set one attribute of the cell scheduler chosen with SetCellScheduler() (aborts,
     *        naming the attribute, if there is none or the scheduler lacks it).
     * @param name the attribute
     * @param value its value
     */
    void SetCellSchedulerAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief AN2 credit flow control on every hop of the links created from now on
     *        (SANDIA): each device gets an AtmCreditFlowControl with this many initial credits per
     *        VC, so back-pressure reaches the sending adapter. Switch ports must then use
     *        QueueMode PER_VC (SetSwitchPortAttribute), and each needs BufferCells of at least
     *        credits x VCs for zero loss.
     * @param credits initial credits per VC and hop (0: off, the default)
     */
    void SetCreditFlowControl(uint32_t credits);

    /**
     * @brief Give the ATM adapters (AtmNetDevice) created from now on a
     *        NetDeviceQueueInterface, so that a traffic-control queue disc installed on them
     *        holds the backlog (a router's IP output queue in front of its adapter; see
     *        AtmNetDevice). Off by default: Ipv4AddressHelper::Assign installs ns-3's default
     *        queue disc, FqCoDel, on every device with a NetDeviceQueueInterface that has none
     *        yet, so with this on install the queue disc you want (TrafficControlHelper)
     *        before assigning addresses. Switch ports are not affected.
     * @param enable true: adapters get the interface
     */
    void SetTrafficControl(bool enable);

    /**
     * @brief Give each node a host protocol-processing CPU (AtmHostCpu, SANDIA Table 1): every
     *        IP packet its AtmNetDevices send costs @p sendCost and every packet they deliver
     *        @p receiveCost of one FIFO server per node. A node that already has an
     *        AtmHostCpu keeps it (and its counters) and gets the new costs. Call it before
     *        Simulator::Run: a device looks the CPU up once, at its first packet. Negative
     *        costs abort naming the node.
     * @param nodes the hosts
     * @param sendCost CPU time per packet sent (SANDIA: 300 us)
     * @param receiveCost CPU time per packet received (SANDIA: 300 us)
     */
    void InstallHostCpu(NodeContainer nodes, Time sendCost, Time receiveCost) const;

    /**
     * @brief Make a node an ATM switch.
     * @param node the node (must not be a switch yet)
     * @return its fabric
     */
    Ptr<AtmSwitch> InstallSwitch(Ptr<Node> node) const;
    /**
     * @brief Make nodes ATM switches.
     * @param nodes the nodes
     */
    void InstallSwitch(const NodeContainer& nodes) const;

    /**
     * @brief Connect two nodes with a new link.
     * @param a one node
     * @param b the other
     * @return the two devices, a's first
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b) const;
    /**
     * @brief Connect the two nodes of a container.
     * @param nodes exactly two nodes
     * @return the two devices
     */
    NetDeviceContainer Install(const NodeContainer& nodes) const;

  private:
    /**
     * @brief Create the device for one end.
     * @param node the node
     * @param channel the link
     * @return the device
     */
    Ptr<AtmDevice> MakeDevice(Ptr<Node> node, Ptr<AtmChannel> channel) const;

    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_channelFactory;      //!< AtmChannel
    ObjectFactory m_errorModelFactory;   //!< AtmCellErrorModel of new links (unset: none)
    ObjectFactory m_deviceFactory;       //!< AtmNetDevice
    ObjectFactory m_switchFactory;       //!< AtmSwitch
    ObjectFactory m_switchPortFactory;   //!< AtmOutputPort of switch ports
    ObjectFactory m_switchDeviceFactory; //!< AtmSwitchPort devices
    ObjectFactory m_policyFactory;       //!< AtmBufferPolicy of switch ports (unset: port default)
    ObjectFactory m_schedulerFactory;    //!< AtmCellScheduler of switch ports (unset: default)
    uint32_t m_credits{0};               //!< initial credits per VC and hop (0: no credits)
    bool m_trafficControl{false};        //!< adapters get a NetDeviceQueueInterface
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_adapterPortAttributes; //!< pairs

    /// A class buffer to give every switch port.
    struct ClassBuffer
    {
        AtmServiceCategory category; //!< its category
        uint32_t bufferCells;        //!< its size
        ObjectFactory policy;        //!< its policy
    };

    std::vector<ClassBuffer> m_classBuffers; //!< class buffers of switch ports (SetClassBuffer)
};

template <typename... Ts>
void
AtmHelper::SetChannelErrorModel(std::string type, Ts&&... args)
{
    m_errorModelFactory = ObjectFactory();
    if (!type.empty())
    {
        m_errorModelFactory.SetTypeId(type);
        m_errorModelFactory.Set(std::forward<Ts>(args)...);
    }
}

template <typename... Ts>
void
AtmHelper::SetBufferPolicy(std::string type, Ts&&... args)
{
    m_policyFactory = ObjectFactory();
    m_policyFactory.SetTypeId(AtmBufferPolicyFactory::Resolve(type));
    m_policyFactory.Set(std::forward<Ts>(args)...);
}

template <typename... Ts>
void
AtmHelper::SetClassBuffer(AtmServiceCategory category,
                          uint32_t bufferCells,
                          std::string type,
                          Ts&&... args)
{
    ObjectFactory factory;
    factory.SetTypeId(AtmBufferPolicyFactory::Resolve(type));
    factory.Set(std::forward<Ts>(args)...);
    for (ClassBuffer& b : m_classBuffers)
    {
        if (b.category == category)
        {
            b.bufferCells = bufferCells;
            b.policy = factory;
            return;
        }
    }
    m_classBuffers.push_back(ClassBuffer{category, bufferCells, factory});
}

template <typename... Ts>
void
AtmHelper::SetCellScheduler(std::string type, Ts&&... args)
{
    m_schedulerFactory = ObjectFactory();
    m_schedulerFactory.SetTypeId(AtmCellSchedulerFactory::Resolve(type));
    m_schedulerFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif // ATM_HELPER_H
