/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-faults: one TCP transfer over links that lose cells, flip bits and go down.
 *
 * @verbatim
     h0 ==link 0== s0 ==link 1== h1
     10.1.1.1   (ATM switch)     10.1.1.2
     BulkSend  ---- one PVC ---->  PacketSink
   @endverbatim
 *
 * Both links carry an AtmCellErrorModel (--clr: cell loss ratio; --ber: bit error rate of
 * header and payload bits; --headerBer / --payloadBer override it per part). The receiving
 * ends run the ITU-T I.432.1 HEC (a single-bit header error corrected in correction mode, other
 * errored headers discarded), and a cell with payload bit errors makes the AAL5 CRC-32 at h1
 * (or h0, for ACKs) drop its frame. With --downFor > 0, link 1 (s0 -- h1) is down during
 * [--downAt, --downAt + --downFor): every cell on the wire then is lost; TCP recovers by
 * retransmission once the link is back.
 *
 * The run stops when --maxBytes have arrived (or at --limit). It prints a summary and, last,
 * one JSON line: the parameters, the bytes delivered and the transfer time, the cells lost per
 * reason (both links, both directions), the HEC corrections, the payload-corrupted cells, the
 * frames dropped by the CRC-32, TCP's retransmissions and timeouts, and whether the cell
 * ledgers of both directions hold; the exit status is 1 if they do not.
 *
 * Time series (AtmFlowTracer, the format of atm-n-source's): --traceDir=DIR creates DIR and
 * writes DIR/tcp.csv (the BulkSend connection, flow 0) and DIR/ports.csv (every
 * --traceInterval, default 1 ms: s0's port to h1, sw0-h1; cells lost on the links are not port
 * drops and appear only in the JSON line), without changing the run or its output. A directory
 * that cannot be created or written is a usage error, as is --traceInterval without --traceDir.
 * `utils/atm-validation --plot DIR` draws them.
 *
 * Try: --clr=1e-4 (a few dozen frames lost: TCP completes in about 1.5 s), --clr=1e-3 (a third
 *      of the 192-cell frames lost: TCP crawls; with --mtu=1500 it completes), --ber=1e-6 (the
 *      CRC-32 drops some 70 frames, a few headers are corrected), --ber=2e-4 --payloadBer=0
 *      --mtu=1500 (header errors only: most corrected, some discarded in detection mode or as
 *      multi-bit errors), --downAt=50ms --downFor=500ms (an outage: a retransmission timeout
 *      after the link returns), --RngRun=2 (other draws).
 */

#include "ns3/aal5-reassembler.h"
#include "ns3/applications-module.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-command-line.h"
#include "ns3/atm-flow-tracer.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-metrics.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-tcp-flow-probe.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <cmath>
#include <cstdlib>
#include <iostream>

using namespace ns3;

namespace
{

/// Stop the run when the sink has received everything.
struct Completion
{
    uint64_t maxBytes{0};   //!< bytes to receive
    uint64_t received{0};   //!< bytes received
    Time done{Time::Max()}; //!< when the last byte arrived

    /**
     * @brief PacketSink "Rx".
     * @param packet the packet
     * @param from the sender
     */
    void Rx(Ptr<const Packet> packet, const Address& from)
    {
        received += packet->GetSize();
        if (received >= maxBytes && done == Time::Max())
        {
            done = Simulator::Now();
            Simulator::Stop();
        }
    }
};

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
    double clr = 0;
    double ber = 0;
    double headerBer = 0; // --ber unless given
    double payloadBer = 0;
    Time downAt = MilliSeconds(50);
    Time downFor = Seconds(0);
    std::string linkRate = "OC3c";
    Time linkDelay = MicroSeconds(100);
    uint32_t mtu = 9180;
    uint64_t maxBytes = 4000000;
    Time limit = Seconds(60);

    AtmHelper::UseFastestScheduler(); // before --SchedulerType is parsed

    CommandLine cmd(__FILE__);
    AtmCommandLine options(cmd);
    // Bit error rates above 0.5 would mean a bit is more often wrong than right (an inverted
    // line); the MTU range keeps one IP packet in one AAL5 CPCS-SDU with LLC/SNAP (65,527) and
    // at least the 576 bytes every IPv4 host accepts (RFC 791).
    options.AddValue("clr", "cell loss ratio of both links", clr, 0.0, 1.0);
    options.AddValue("ber", "bit error rate of header and payload bits", ber, 0.0, 0.5);
    options
        .AddValue("headerBer", "bit error rate of the header bits", headerBer, 0.0, 0.5, "--ber");
    options.AddValue("payloadBer",
                     "bit error rate of the payload bits",
                     payloadBer,
                     0.0,
                     0.5,
                     "--ber");
    options.AddValue("downAt", "when link 1 (s0 -- h1) goes down", downAt, Time(0), Seconds(1e6));
    options.AddValue("downFor",
                     "how long it stays down (0: no outage)",
                     downFor,
                     Time(0),
                     Seconds(1e6));
    options.AddValue("linkRate",
                     "cell rate of both links (a preset such as OC3c, cells/s or a bit rate)",
                     linkRate,
                     AtmCommandLine::CellRateCheck());
    options.AddValue("linkDelay",
                     "propagation delay of each link",
                     linkDelay,
                     Time(0),
                     Seconds(100));
    options.AddValue("mtu", "IP MTU of the hosts' ATM interfaces", mtu, 576, 65527);
    options.AddValue("maxBytes", "bytes to transfer", maxBytes, 1, UINT64_C(1000000000000000));
    options.AddValue("limit", "simulated time limit", limit, NanoSeconds(1), Seconds(1e6));
    AtmFlowTracerCommandLine traceOptions; // --traceDir, --traceInterval
    traceOptions.AddOptions(options);
    cmd.Parse(argc, argv);
    traceOptions.CheckOptions(options);
    if (!options.IsSet("headerBer"))
    {
        headerBer = ber;
    }
    if (!options.IsSet("payloadBer"))
    {
        payloadBer = ber;
    }

    // TCP: one segment fills the MTU (40 bytes of IP and TCP headers, 12 of timestamps).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mtu - 40 - 12));

    NodeContainer hosts(2);
    NodeContainer switches(1);
    AtmHelper atm;
    atm.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    atm.SetChannelAttribute("CellRate", StringValue(linkRate));
    atm.SetChannelAttribute("Delay", TimeValue(linkDelay));
    if (clr > 0 || headerBer > 0 || payloadBer > 0)
    {
        atm.SetChannelErrorModel("ns3::AtmCellErrorModel",
                                 "CellLossRatio",
                                 DoubleValue(clr),
                                 "HeaderBitErrorRate",
                                 DoubleValue(headerBer),
                                 "PayloadBitErrorRate",
                                 DoubleValue(payloadBer));
    }
    atm.InstallSwitch(switches);
    NetDeviceContainer left = atm.Install(hosts.Get(0), switches.Get(0));
    NetDeviceContainer right = atm.Install(switches.Get(0), hosts.Get(1));
    atm.AssignStreams(NetDeviceContainer(left, right), 0);
    const Ptr<AtmChannel> links[2] = {DynamicCast<AtmDevice>(left.Get(0))->GetAtmChannel(),
                                      DynamicCast<AtmDevice>(right.Get(0))->GetAtmChannel()};
    if (downFor.IsStrictlyPositive())
    {
        links[1]->SetLinkDown(downAt, downFor);
    }

    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(NetDeviceContainer(left.Get(0), right.Get(1)));
    AtmPvcHelper pvcs;
    AtmPvc pvc = pvcs.Install(left.Get(0), right.Get(1));

    const uint16_t port = 50000;
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), port));
    source.SetAttribute("MaxBytes", UintegerValue(maxBytes));
    Ptr<BulkSendApplication> sender =
        DynamicCast<BulkSendApplication>(source.Install(hosts.Get(0)).Get(0));
    sender->SetStartTime(Seconds(0));
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(hosts.Get(1)).Get(0));
    sink->SetStartTime(Seconds(0));
    Completion completion;
    completion.maxBytes = maxBytes;
    sink->TraceConnectWithoutContext("Rx", MakeCallback(&Completion::Rx, &completion));
    Ptr<AtmTcpFlowProbe> probe = Create<AtmTcpFlowProbe>();
    // --traceDir: the sender (flow 0, with the probe: no event of its own) and s0's port to h1.
    Ptr<AtmFlowTracer> tracer = traceOptions.Open(limit);
    if (tracer)
    {
        tracer->AddPort("sw0-h1", DynamicCast<AtmDevice>(right.Get(0))->GetOutputPort());
    }
    Simulator::Schedule(NanoSeconds(1), [probe, sender, tracer]() {
        probe->Attach(sender->GetSocket());
        if (tracer)
        {
            tracer->AddTcpSender(0, sender->GetSocket());
        }
    });

    Simulator::Stop(limit);
    Simulator::Run();
    if (tracer)
    {
        tracer->Close();
    }

    // Losses per reason over both links and directions.
    const char* reasons[] = {AtmChannel::LINK_DOWN,
                             AtmChannel::RANDOM_LOSS,
                             AtmChannel::HEC_MULTI_BIT,
                             AtmChannel::HEC_DETECTION_MODE};
    const char* keys[] = {"cellsLostLinkDown",
                          "cellsLostRandom",
                          "cellsLostHecMultiBit",
                          "cellsLostHecDetectionMode"};
    uint64_t lost[4] = {0, 0, 0, 0};
    uint64_t corrected = 0;
    uint64_t corrupted = 0;
    uint64_t cellsSent = 0;
    for (const Ptr<AtmChannel>& link : links)
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            for (int r = 0; r < 4; ++r)
            {
                lost[r] += link->GetCellsLost(end, reasons[r]);
            }
            corrected += link->GetHecCorrected(end);
            corrupted += link->GetPayloadCorrupted(end);
            cellsSent += link->GetCellsTransmitted(end);
        }
    }
    const Aal5ReassemblyStats rx = pvc.dst->GetReassembler()->GetStats(pvc.dstVc);
    const Aal5ReassemblyStats ack = pvc.src->GetReassembler()->GetStats(pvc.srcVc);
    const AtmVcLedger ledgers[2] = {AtmPvcHelper::GetLedger(pvc, true),
                                    AtmPvcHelper::GetLedger(pvc, false)};
    const bool ledgersHold = ledgers[0].Holds() && ledgers[1].Holds();
    const bool completed = completion.done != Time::Max();
    const double seconds = (completed ? completion.done : Simulator::Now()).GetSeconds();

    std::cout << "h0 -> h1: " << completion.received << " of " << maxBytes << " bytes in "
              << seconds << " s" << (completed ? "" : " (not completed)") << "\n"
              << "  cells lost: link down " << lost[0] << ", random " << lost[1]
              << ", HEC multi-bit " << lost[2] << ", HEC detection mode " << lost[3]
              << "; headers corrected " << corrected << "; payloads corrupted " << corrupted
              << "\n  frames dropped by the CRC-32: " << rx.crcErrors << " data, " << ack.crcErrors
              << " ACK; TCP retransmissions " << probe->GetRetransmissions() << ", timeouts "
              << probe->GetTimeouts() << "\n"
              << "  ledger h0 -> h1: " << ledgers[0] << "\n  ledger h1 -> h0: " << ledgers[1]
              << "\n";

    AtmJsonLine json;
    json.Add("example", "atm-faults")
        .Add("clr", clr)
        .Add("headerBer", headerBer)
        .Add("payloadBer", payloadBer)
        .Add("downAtS", downAt.GetSeconds())
        .Add("downForS", downFor.GetSeconds())
        .Add("linkRate", linkRate)
        .Add("linkDelayUs", linkDelay.GetSeconds() * 1e6)
        .Add("mtu", mtu)
        .Add("maxBytes", maxBytes)
        .Add("RngRun", static_cast<uint64_t>(RngSeedManager::GetRun()))
        .Add("bytesDelivered", completion.received)
        .Add("completed", completed)
        .Add("transferSeconds", seconds)
        .Add("cellsSent", cellsSent);
    for (int r = 0; r < 4; ++r)
    {
        json.Add(keys[r], lost[r]);
    }
    json.Add("hecCorrected", corrected)
        .Add("payloadCorrupted", corrupted)
        .Add("crcDroppedFrames", rx.crcErrors + ack.crcErrors)
        .Add("lengthDroppedFrames", rx.lengthErrors + ack.lengthErrors)
        .Add("retransmissions", probe->GetRetransmissions())
        .Add("timeouts", probe->GetTimeouts())
        .Add("ledgersHold", ledgersHold);
    std::cout << json.ToString() << std::endl;

    Simulator::Destroy();
    return ledgersHold ? 0 : 1;
}
