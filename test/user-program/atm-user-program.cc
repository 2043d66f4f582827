/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * A user program as a newcomer writes it: it includes only the installed headers
 * (ns3/atm-module.h and ns-3's own module headers), builds h0 -- s0 -- h1 with one PVC, sends
 * 100 kB over TCP and checks that they arrive and that the PVC's cell ledgers balance.
 *
 * The build checks compile it three ways, none of which defines anything for the atm module:
 * as a scratch/ program of an ns-3 tree with contrib/atm, as an out-of-tree CMake project
 * (CMakeLists.txt beside this file: find_package(ns3-atm)) and with a plain compiler command
 * (pkg-config --cflags --libs ns3-atm). It prints one JSON line and exits 0 on success.
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t bytes = 100000;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "bytes to send over TCP", bytes);
    cmd.Parse(argc, argv);

    NodeContainer hosts(2);
    NodeContainer fabric(1);
    AtmHelper atm;
    atm.InstallSwitch(fabric);
    atm.SetChannelAttribute("CellRate", StringValue("OC3c"));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
    NetDeviceContainer left = atm.Install(hosts.Get(0), fabric.Get(0));
    NetDeviceContainer right = atm.Install(fabric.Get(0), hosts.Get(1));

    InternetStackHelper internet;
    internet.Install(hosts);
    NetDeviceContainer nics(left.Get(0), right.Get(1));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(nics);
    AtmPvcHelper pvcs;
    AtmPvc pvc = pvcs.Install(nics.Get(0), nics.Get(1));

    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(ifs.GetAddress(1), 9));
    source.SetAttribute("MaxBytes", UintegerValue(bytes));
    source.Install(hosts.Get(0)).Start(Seconds(0));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    ApplicationContainer sinkApp = sink.Install(hosts.Get(1));

    Simulator::Stop(Seconds(1));
    Simulator::Run();
    const uint64_t received = DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx();
    const bool ledgers =
        AtmPvcHelper::GetLedger(pvc, true).Holds() && AtmPvcHelper::GetLedger(pvc, false).Holds();
    Simulator::Destroy();

    const bool ok = received == bytes && ledgers;
    std::cout << "{\"program\":\"atm-user-program\",\"bytesReceived\":" << received
              << ",\"ledgersHold\":" << (ledgers ? "true" : "false")
              << ",\"ok\":" << (ok ? "true" : "false") << "}" << std::endl;
    return ok ? 0 : 1;
}
