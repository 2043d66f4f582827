// SPDX-License-Identifier: GPL-2.0-only
#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <iostream>

using namespace ns3;

int
main()
{
    NodeContainer hosts(2);
    NodeContainer switches(1);
    AtmHelper atm;               // OC-3c links (149.76 Mb/s of cells) by default
    atm.InstallSwitch(switches); // before Install, which then creates switch ports
    NetDeviceContainer left = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer right = atm.Install(switches.Get(0), hosts.Get(1));

    InternetStackHelper internet; // IP on the hosts only
    internet.Install(hosts);
    NetDeviceContainer nics(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ip = addresses.Assign(nics);
    AtmPvcHelper pvcs; // one UBR PVC h0 <-> h1 through the switch, ATMARP
    pvcs.Install(nics.Get(0), nics.Get(1));

    BulkSendHelper sender("ns3::TcpSocketFactory", InetSocketAddress(ip.GetAddress(1), 9));
    sender.Install(hosts.Get(0));
    PacketSinkHelper receiver("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    ApplicationContainer sink = receiver.Install(hosts.Get(1));

    Simulator::Stop(Seconds(1));
    Simulator::Run();
    std::cout << "TCP goodput: " << DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx() * 8 / 1e6
              << " Mb/s" << std::endl;
    Simulator::Destroy();
    return 0;
}
