/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm-tests
 * Differential tests of deferred slots (AtmSwitch attribute `DeferSlots`,
 * AtmCellTransmitter::SetDeferral): every configuration is built and run twice, once with one
 * simulator event per busy cell slot (`DeferSlots` false) and once with the switch ports running
 * their slots in deferred batches (true), and everything observable must be identical: every
 * frame every host received (time, VC, size), every host's and every switch port's counters at
 * the end and at instants during the run (read through the getters, which run the deferred slots
 * before now), the PVC cell ledgers, credit balances, policer discards, link counters and the
 * TCP measurements. Only the number of slot events may differ, and it must be smaller where the
 * links are long.
 *
 * The configurations are drawn from fixed seeds (std::mt19937, reduced by modulo, so that they
 * are the same on every platform): a chain of 2 to 4 switches with 1 to 6 hosts on each side, or
 * the N-source dumbbell (AtmNSourceHelper); zero, short (a few cell times) and long link delays;
 * a switching delay; every buffer policy and cell scheduler by short name in small buffers;
 * per-VC queues; AN2 credits on some links; usage parameter control with contracts that are
 * violated; shaping at the hosts, of a VP and of a whole switch port; a VP cross-connect; link
 * outages; a cell-level on/off source next to greedy TCP transfers of the module's TCP presets.
 * Dedicated cases check that a switch port with a trace sink, or whose link or next switch
 * has one, does not defer; credit balances read during the run; cell error models on links;
 * policed cells on a link with credits; and that the harness itself is deterministic. Nothing is
 * traced at a switch port, a link or a switch except in the cases that test exactly that (a sink
 * there turns the deferral off).
 *
 * The random streams of the policies, error models and internet stacks are fixed
 * (AtmHelper::AssignStreams, InternetStackHelper::AssignStreams) and the tick phases and start
 * times come from the seed, so that the two runs of a configuration in one process see the
 * same draws (the determinism case checks it).
 */

#include "atm-ns3-compat.h"

#include "ns3/applications-module.h"
#include "ns3/atm-buffer-policy-factory.h"
#include "ns3/atm-cell-error-model.h"
#include "ns3/atm-cell-scheduler-factory.h"
#include "ns3/atm-cell-transmitter.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-flow-control.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-n-source-helper.h"
#include "ns3/atm-n-source-traffic.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-cell-source.h"
#include "ns3/atm-output-port.h"
#include "ns3/atm-pvc-helper.h"
#include "ns3/atm-shaping-gate.h"
#include "ns3/atm-switch-port.h"
#include "ns3/atm-switch.h"
#include "ns3/core-module.h"
#include "ns3/dfba-buffer-policy.h"
#include "ns3/double-epd-buffer-policy.h"
#include "ns3/ea98-buffer-policy.h"
#include "ns3/epd-buffer-policy.h"
#include "ns3/fba-buffer-policy.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/pbs-buffer-policy.h"
#include "ns3/pcr-shaper.h"
#include "ns3/per-vc-threshold-buffer-policy.h"
#include "ns3/ppd-buffer-policy.h"
#include "ns3/sandia-drop-tail-buffer-policy.h"
#include "ns3/sandia-drop-whole-buffer-policy.h"
#include "ns3/selective-drop-buffer-policy.h"
#include "ns3/static-cell-reservation-buffer-policy.h"
#include "ns3/static-pdu-reservation-buffer-policy.h"
#include "ns3/tail-drop-buffer-policy.h"
#include "ns3/tba-buffer-policy.h"
#include "ns3/tcp-era-presets.h"
#include "ns3/test.h"
#include "ns3/vc-tail-drop-buffer-policy.h"
#include "ns3/vc-threshold-buffer-policy.h"
#include "ns3/virtual-queue-buffer-policy.h"
#include "ns3/wfba-buffer-policy.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One cell time of the "Sandia" preset in ns (exact): delays that are multiples of it put
/// arrivals exactly on slot starts of Sandia links.
constexpr int64_t SANDIA_CELL_NS = 2750;

/**
 * @brief The draws of one configuration: std::mt19937 with an explicit seed, reduced by modulo
 *        (the distributions of <random> are implementation-defined; this is not).
 */
class Dice
{
  public:
    /// @param seed the seed
    explicit Dice(uint32_t seed)
        : m_rng(seed)
    {
    }

    /**
     * @param n the number of outcomes (> 0)
     * @return an integer in [0, n)
     */
    uint32_t Below(uint32_t n)
    {
        return static_cast<uint32_t>(m_rng() % n);
    }

    /**
     * @param lo the smallest value
     * @param hi the largest value (>= lo)
     * @return an integer in [lo, hi]
     */
    int64_t Range(int64_t lo, int64_t hi)
    {
        const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
        const uint64_t r = (static_cast<uint64_t>(m_rng()) << 32) | m_rng();
        return lo + static_cast<int64_t>(r % span);
    }

    /**
     * @param percent the probability in percent
     * @return true with that probability
     */
    bool Percent(uint32_t percent)
    {
        return Below(100) < percent;
    }

    /**
     * @param v a nonempty list
     * @return one of its elements
     */
    template <typename T>
    const T& Pick(const std::vector<T>& v)
    {
        return v[Below(static_cast<uint32_t>(v.size()))];
    }

  private:
    std::mt19937 m_rng; //!< the generator
};

/// One link of a chain.
struct LinkSpec
{
    std::string rate{"OC3c"}; //!< cell rate (an AtmCellRate preset)
    int64_t delayNs{0};       //!< propagation delay
    bool credits{false};      //!< AN2 credits on both hops of the link
    bool upc{false};          //!< its switch ends police the cells arriving on them (Upc)
    int64_t outageAtNs{-1};   //!< start of a link outage (-1: none)
    int64_t outageNs{0};      //!< duration of the outage
    bool outageMidRun{false}; //!< announced during the run (shortly before it) rather than before
};

/// A TCP host pair of a chain: one PVC, a transfer from left to right and maybe one back.
struct PairSpec
{
    uint32_t left{0};  //!< left host
    uint32_t right{0}; //!< right host
    /// the PVC's contract: 0 UBR; 1 CBR, shaped at both hosts; 2 VBR.3 (tags), unshaped;
    /// 3 VBR.2 (discards), unshaped; 4 GFR.1 (the switches mark eligibility); 5 GFR.2 with the
    /// hosts tagging the PDUs above the MCR
    uint32_t contract{0};
    bool vp1{false};           //!< on VPI 1 (VP shaper, VP cross-connect) rather than VPI 0
    bool reverse{false};       //!< a second transfer, from right to left
    int64_t startNs{0};        //!< start of the left-to-right transfer
    int64_t reverseStartNs{0}; //!< start of the right-to-left transfer
};

/// Everything one configuration is made of.
struct Scenario
{
    uint32_t seed{0};    //!< the seed it was drawn from (0: written by hand)
    bool nSource{false}; //!< the N-source dumbbell rather than a chain

    // --- chain
    uint32_t nSwitches{2};       //!< switches s0 ... s(n-1)
    std::vector<LinkSpec> left;  //!< per left host: its link to s0
    std::vector<LinkSpec> trunk; //!< s(j) - s(j+1)
    std::vector<LinkSpec> right; //!< per right host: its link from the last switch
    std::vector<PairSpec> pairs; //!< the TCP host pairs
    bool cellSource{false};      //!< an on/off cell source on a host pair of its own
    LinkSpec cellLeft;           //!< the cell source's link to s0
    LinkSpec cellRight;          //!< the cell sink's link from the last switch
    int64_t onNs{0};             //!< the cell source's ON period
    int64_t offNs{0};            //!< its OFF period
    uint32_t frameCells{32};     //!< its PDU size in cells
    bool cellSourceCbr{false};   //!< its PVC is CBR at a third of its link, policed at s0
    bool cellSourceVp1{false};   //!< its PVC is on VPI 1
    bool vpShaper{false};        //!< s0 shapes VPI 1 onto the first trunk
    uint32_t vpShaperDivisor{2}; //!< the VP shaper's rate: the trunk's / this
    int64_t portShaperRight{-1}; //!< the last switch shapes its port to this right host
    bool vpCrossConnect{false};  //!< s1 carries VPI 1 on a VP cross-connect (3+ switches)
    bool upcFrameDiscard{false}; //!< the policers discard the rest of a PDU
    bool hostCpu{false};         //!< the TCP hosts have a protocol-processing CPU
    uint32_t errorModel{0};      //!< on the trunks: 0 none, 1 one per direction, 2 shared

    // --- N-source
    uint32_t nSources{1};          //!< N
    std::string linkRate{"OC3c"};  //!< every link
    std::string trunkRate{"OC3c"}; //!< the trunk
    int64_t accessDelayNs{0};      //!< access links
    int64_t trunkDelayNs{0};       //!< the trunk
    uint32_t nsCredits{0};         //!< credits on every hop (0: off)
    bool vbr{false};               //!< JAIN's on/off VBR source
    bool nsUpc{false};             //!< every switch port polices
    bool nsHostCpu{false};         //!< the hosts have a protocol-processing CPU

    // --- both
    int64_t switchingDelayNs{0};   //!< AtmSwitch SwitchingDelay
    std::string policy{"tail"};    //!< buffer policy short name
    std::string scheduler{"fifo"}; //!< cell scheduler short name
    bool perVc{false};             //!< QueueMode PER_VC at the switch ports
    uint32_t bufferCells{256};     //!< BufferCells of the switch ports
    uint32_t credits{5};           //!< initial credits where a chain link has credits
    std::string tcp{"bsd"};        //!< TcpEraPresets::ForSource name
    int32_t variant{-1};           //!< TcpEraPresets::Variant (-1: the preset's)
    uint32_t mtu{9180};            //!< IP MTU asked for
    uint32_t window{65535};        //!< TCP window
    int64_t tickNs{500000000};     //!< TCP timer tick
    bool delayedAck{false};        //!< delayed ACKs (the preset's timer) or none
    uint32_t initialCwnd{4};       //!< TCP initial window in segments
    std::vector<int64_t> phaseNs;  //!< per TCP host (or flow): tick phase draw
    int64_t durationNs{200000000}; //!< simulated time
    int64_t sampleNs{0};           //!< period of the samples during the run (0: none)

    /// @return a one-line description (the test case's name)
    std::string Describe() const;
};

std::string
Scenario::Describe() const
{
    std::ostringstream os;
    if (seed != 0)
    {
        os << "seed " << seed << ": ";
    }
    const auto links = [&os](const char* name, const std::vector<LinkSpec>& v) {
        os << " " << name << "[";
        for (size_t i = 0; i < v.size(); ++i)
        {
            os << (i ? " " : "") << v[i].rate << "/" << v[i].delayNs << "ns"
               << (v[i].credits ? "/cr" : "") << (v[i].upc ? "/upc" : "")
               << (v[i].outageAtNs >= 0 ? (v[i].outageMidRun ? "/down-mid-run" : "/down") : "");
        }
        os << "]";
    };
    if (nSource)
    {
        os << "N-source N=" << nSources << " " << linkRate << "/" << trunkRate << " access "
           << accessDelayNs << "ns trunk " << trunkDelayNs << "ns"
           << (nsCredits ? " credits " + std::to_string(nsCredits) : "") << (vbr ? " vbr" : "")
           << (nsUpc ? " upc" : "") << (nsHostCpu ? " cpu" : "");
    }
    else
    {
        os << "chain " << nSwitches << " switches " << left.size() << "+" << right.size()
           << " hosts";
        links("left", left);
        links("trunk", trunk);
        links("right", right);
        const auto hasCredits = [](const std::vector<LinkSpec>& v) {
            return std::any_of(v.begin(), v.end(), [](const LinkSpec& l) { return l.credits; });
        };
        if (hasCredits(left) || hasCredits(trunk) || hasCredits(right) ||
            (cellSource && (cellLeft.credits || cellRight.credits)))
        {
            os << " credits " << credits;
        }
        os << " pairs[";
        for (size_t i = 0; i < pairs.size(); ++i)
        {
            os << (i ? " " : "") << pairs[i].left << "-" << pairs[i].right << ":"
               << pairs[i].contract << (pairs[i].vp1 ? "vp1" : "") << (pairs[i].reverse ? "r" : "");
        }
        os << "]";
        if (cellSource)
        {
            os << " cells " << onNs / 1000000 << "/" << offNs / 1000000 << "ms x" << frameCells
               << (cellSourceCbr ? " cbr" : " ubr") << (cellSourceVp1 ? " vp1" : "");
            links("", {cellLeft, cellRight});
        }
        os << (vpShaper ? " vp-shaper" : "") << (portShaperRight >= 0 ? " port-shaper" : "")
           << (vpCrossConnect ? " vp-xc" : "") << (upcFrameDiscard ? " upc-fd" : "")
           << (hostCpu ? " cpu" : "") << (errorModel == 1 ? " errors-per-direction" : "")
           << (errorModel == 2 ? " errors-shared" : "");
    }
    os << " sw-delay " << switchingDelayNs << "ns " << policy << "/" << scheduler
       << (perVc ? "/per-vc" : "/shared") << " K=" << bufferCells << " tcp " << tcp;
    if (variant >= 0)
    {
        os << "/" << TcpEraPresets::GetVariantName(static_cast<TcpEraPresets::Variant>(variant));
    }
    os << " mtu " << mtu << " win " << window << " iw " << initialCwnd
       << (delayedAck ? " delack" : "") << " tick " << tickNs / 1000000 << "ms, "
       << durationNs / 1000000 << " ms";
    if (sampleNs > 0)
    {
        os << ", sampled every " << sampleNs / 1000 << " us";
    }
    // A test case's name may not contain '/'.
    std::string text = os.str();
    std::replace(text.begin(), text.end(), '/', ',');
    return text;
}

/**
 * @param d the dice
 * @return a link delay: zero, a few cell times (sometimes exact multiples of a Sandia cell),
 *         tens to hundreds of microseconds, or 0.5 to 2 ms
 */
int64_t
DrawDelay(Dice& d)
{
    const uint32_t r = d.Below(10);
    if (r < 2)
    {
        return 0;
    }
    if (r < 5)
    {
        return d.Range(1, 5) * SANDIA_CELL_NS + (d.Percent(50) ? 0 : d.Range(1, 2000));
    }
    if (r < 8)
    {
        return d.Range(20000, 300000);
    }
    return d.Range(500000, 2000000);
}

/**
 * @param d the dice
 * @param rates the rates to pick from
 * @param creditPercent chance of credits
 * @param upcPercent chance of usage parameter control
 * @param durationNs the run's duration (outages fall inside it)
 * @return a link
 */
LinkSpec
DrawLink(Dice& d,
         const std::vector<std::string>& rates,
         uint32_t creditPercent,
         uint32_t upcPercent,
         int64_t durationNs)
{
    LinkSpec l;
    l.rate = d.Pick(rates);
    l.delayNs = DrawDelay(d);
    l.credits = d.Percent(creditPercent);
    l.upc = d.Percent(upcPercent);
    if (d.Percent(10))
    {
        l.outageAtNs = d.Range(durationNs / 8, durationNs / 2);
        l.outageNs = d.Range(1000000, 20000000);
        l.outageMidRun = d.Percent(50);
    }
    return l;
}

/**
 * @param seed the seed
 * @param durationNs the simulated time
 * @return the configuration drawn from @p seed
 */
Scenario
DrawScenario(uint32_t seed, int64_t durationNs)
{
    Dice d(seed);
    Scenario s;
    s.seed = seed;
    s.durationNs = durationNs;
    s.nSource = d.Percent(30);
    std::vector<std::string> policies;
    for (const auto& [name, tid] : AtmBufferPolicyFactory::GetShortNames())
    {
        policies.push_back(name);
    }
    std::vector<std::string> schedulers;
    for (const auto& [name, tid] : AtmCellSchedulerFactory::GetShortNames())
    {
        schedulers.push_back(name);
    }
    // The policies in turn (any 21 consecutive seeds cover them all), the rest drawn.
    s.policy = policies[seed % policies.size()];
    s.scheduler = d.Pick(schedulers);
    s.perVc = d.Percent(50) || s.policy == "drop-tail" || s.policy == "drop-whole";
    s.bufferCells = static_cast<uint32_t>(d.Range(24, 400));
    s.switchingDelayNs = d.Percent(50) ? 0 : d.Range(1000, 20000);
    s.tcp = d.Pick(TcpEraPresets::GetSourceNames());
    s.variant = d.Percent(50) ? -1 : static_cast<int32_t>(d.Below(5));
    s.mtu = d.Pick(std::vector<uint32_t>{1500, 4352, 9180});
    s.window = d.Pick(std::vector<uint32_t>{16384, 32768, 65535, 131072});
    s.tickNs = d.Pick(std::vector<int64_t>{10000000, 10000000, 50000000, 100000000, 500000000});
    s.delayedAck = d.Percent(30);
    s.initialCwnd = static_cast<uint32_t>(d.Range(1, 10));
    s.sampleNs = d.Percent(80) ? d.Range(3000000, 9000000) : 0;
    const std::vector<std::string> fast = {"OC3c", "Sandia", "OC3c", "T3"};
    const std::vector<std::string> any = {"OC3c", "Sandia", "E3", "DS3", "T3"};
    if (s.nSource)
    {
        s.nSources = static_cast<uint32_t>(d.Range(1, 6));
        s.linkRate = d.Pick(fast);
        s.trunkRate = d.Percent(50) ? s.linkRate : d.Pick(any);
        s.accessDelayNs = DrawDelay(d);
        s.trunkDelayNs = DrawDelay(d);
        s.nsCredits = d.Percent(30) ? static_cast<uint32_t>(d.Range(2, 12)) : 0;
        s.vbr = d.Percent(40);
        if (s.vbr && AtmCellRate::Parse(s.trunkRate) < AtmCellRate::Parse(s.linkRate))
        {
            s.trunkRate = s.linkRate; // the VBR PVC's PCR is the access links' rate
        }
        s.nsUpc = d.Percent(30);
        s.nsHostCpu = d.Percent(30);
        s.perVc = s.perVc || s.nsCredits > 0;
        for (uint32_t i = 0; i < s.nSources; ++i)
        {
            s.phaseNs.push_back(d.Range(0, 1000000000));
        }
        return s;
    }
    s.nSwitches = static_cast<uint32_t>(d.Range(2, 4));
    const uint32_t nLeft = static_cast<uint32_t>(d.Range(1, 6));
    const uint32_t nRight = static_cast<uint32_t>(d.Range(1, 6));
    const uint32_t creditPercent = d.Percent(40) ? 40 : 0;
    s.credits = static_cast<uint32_t>(d.Range(2, 12));
    for (uint32_t i = 0; i < nLeft; ++i)
    {
        s.left.push_back(DrawLink(d, fast, creditPercent, 30, durationNs));
    }
    for (uint32_t j = 0; j + 1 < s.nSwitches; ++j)
    {
        s.trunk.push_back(DrawLink(d, any, creditPercent, 25, durationNs));
    }
    for (uint32_t i = 0; i < nRight; ++i)
    {
        s.right.push_back(DrawLink(d, fast, creditPercent, 20, durationNs));
    }
    const uint32_t nPairs = std::max(nLeft, nRight);
    for (uint32_t p = 0; p < nPairs; ++p)
    {
        PairSpec pair;
        pair.left = p % nLeft;
        pair.right = p % nRight;
        const uint32_t c = d.Below(10);
        pair.contract = c < 4 ? 0 : (c < 6 ? 1 : (c < 7 ? 2 : (c < 8 ? 3 : 4 + d.Below(2))));
        pair.vp1 = d.Percent(30);
        pair.reverse = d.Percent(30);
        pair.startNs = d.Range(0, 5000000);
        pair.reverseStartNs = d.Range(0, 20000000);
        s.pairs.push_back(pair);
    }
    // A host pair appears once (one PVC, one ATMARP entry per pair): drop the repeats.
    std::vector<PairSpec> unique;
    for (const PairSpec& p : s.pairs)
    {
        if (std::none_of(unique.begin(), unique.end(), [&p](const PairSpec& q) {
                return q.left == p.left && q.right == p.right;
            }))
        {
            unique.push_back(p);
        }
    }
    s.pairs = unique;
    s.cellSource = d.Percent(60);
    if (s.cellSource)
    {
        s.cellLeft = DrawLink(d, fast, creditPercent, 0, durationNs);
        s.cellRight = DrawLink(d, fast, creditPercent, 0, durationNs);
        s.cellLeft.outageAtNs = -1;
        s.cellRight.outageAtNs = -1;
        s.onNs = d.Range(2000000, 30000000);
        s.offNs = d.Range(2000000, 30000000);
        s.frameCells = static_cast<uint32_t>(d.Range(1, 64));
        s.cellSourceCbr = d.Percent(50);
        s.cellSourceVp1 = d.Percent(50);
    }
    s.vpShaper = d.Percent(30);
    s.vpShaperDivisor = static_cast<uint32_t>(d.Range(2, 5));
    s.portShaperRight = d.Percent(25) ? static_cast<int64_t>(d.Below(nRight)) : -1;
    s.vpCrossConnect = s.nSwitches >= 3 && d.Percent(50);
    s.upcFrameDiscard = d.Percent(50);
    s.hostCpu = d.Percent(30);
    s.perVc = s.perVc || creditPercent > 0 || s.vpShaper;
    if (s.policy == "tba")
    {
        // TBA guards UBR, GFR and nrt-VBR VCs only.
        for (PairSpec& p : s.pairs)
        {
            p.contract = p.contract == 1 ? 2 : p.contract;
        }
        s.cellSourceCbr = false;
    }
    for (uint32_t i = 0; i < nLeft + nRight; ++i)
    {
        s.phaseNs.push_back(d.Range(0, 1000000000));
    }
    return s;
}

/**
 * @brief The long-link configuration: 3 switches, 1 ms on every link, TCP both ways and the
 *        cell source; every switch port may defer its slots by almost 1 ms.
 * @return the configuration
 */
Scenario
LongLinks()
{
    Scenario s;
    s.nSwitches = 3;
    const int64_t ms = 1000000;
    for (uint32_t i = 0; i < 3; ++i)
    {
        s.left.push_back(LinkSpec{"OC3c", ms});
        s.right.push_back(LinkSpec{"OC3c", ms});
    }
    s.trunk = {LinkSpec{"OC3c", ms}, LinkSpec{"E3", ms}};
    for (uint32_t p = 0; p < 3; ++p)
    {
        PairSpec pair;
        pair.left = p;
        pair.right = p;
        pair.reverse = p == 1;
        pair.startNs = 1234567 * p;
        pair.reverseStartNs = 3000000;
        s.pairs.push_back(pair);
    }
    s.pairs[2].contract = 2; // VBR.3: tagged at the policing port
    s.trunk[0].upc = true;
    s.cellSource = true;
    s.cellLeft = LinkSpec{"OC3c", ms};
    s.cellRight = LinkSpec{"OC3c", ms};
    s.onNs = 7 * ms;
    s.offNs = 11 * ms;
    s.frameCells = 20;
    s.cellSourceCbr = true; // policed at s0 to a third of the E3 trunk
    s.switchingDelayNs = 3000;
    s.policy = "epd";
    s.scheduler = "rr";
    s.perVc = true;
    s.bufferCells = 300;
    s.tcp = "bsd";
    s.tickNs = 10 * ms;
    s.mtu = 1500;
    s.window = 32768;
    s.phaseNs = {3141592, 2718281, 1414213, 1732050, 2236067, 2645751};
    s.durationNs = 300 * ms;
    s.sampleNs = 7300000;
    return s;
}

/**
 * @brief The long-link configuration with an outage of the second trunk (its CellLoss fires)
 *        and a policer at s1's port from s0 (s1's CellDrop fires).
 * @return the configuration
 */
Scenario
TracedFabric()
{
    Scenario s = LongLinks();
    s.trunk[1].outageAtNs = 97000000;
    s.trunk[1].outageNs = 3000000;
    s.pairs[0].contract = 3; // VBR.2: discarded at the policing ports
    return s;
}

/**
 * @brief An unshaped cell source on a link with credits, policed at s0 (CBR at a third of its
 *        link, frame discard): s0 returns the credit of a discarded cell when the cell is
 *        switched (a link delay before it arrives), that of a cell that passes when it leaves
 *        s0's deferring trunk port.
 * @return the configuration
 */
Scenario
UpcOnCreditLink()
{
    Scenario s;
    s.nSwitches = 2;
    s.left = {LinkSpec{"OC3c", 50000}};
    s.trunk = {LinkSpec{"Sandia", 1900000}};
    s.right = {LinkSpec{"OC3c", 170000}};
    PairSpec pair;
    pair.reverse = true;
    pair.reverseStartNs = 1000000;
    s.pairs = {pair};
    s.cellSource = true;
    s.cellLeft = LinkSpec{"OC3c", 229854, true};
    s.cellRight = LinkSpec{"OC3c", 11875};
    s.onNs = 18000000;
    s.offNs = 6000000;
    s.frameCells = 58;
    s.cellSourceCbr = true;
    s.upcFrameDiscard = true;
    s.credits = 11;
    s.policy = "tail";
    s.scheduler = "fifo";
    s.perVc = true;
    s.bufferCells = 200;
    s.tcp = "jain";
    s.tickNs = 10000000;
    s.mtu = 9180;
    s.window = 65535;
    s.phaseNs = {5555555, 7777777};
    s.durationNs = 60000000;
    return s;
}

/**
 * @brief Credits on every link of a chain with links of 0.1 to 1 ms, the balances read during
 *        the run.
 * @return the configuration
 */
Scenario
CreditLinks()
{
    Scenario s;
    s.nSwitches = 3;
    s.left = {LinkSpec{"OC3c", 150000, true}, LinkSpec{"Sandia", 420000, true}};
    s.right = {LinkSpec{"OC3c", 230000, true}, LinkSpec{"OC3c", 1000000, true}};
    s.trunk = {LinkSpec{"OC3c", 800000, true}, LinkSpec{"E3", 310000, true}};
    for (uint32_t p = 0; p < 2; ++p)
    {
        PairSpec pair;
        pair.left = p;
        pair.right = p;
        pair.reverse = true;
        pair.startNs = 777777 * p;
        pair.reverseStartNs = 2500000;
        s.pairs.push_back(pair);
    }
    s.cellSource = true;
    s.cellLeft = LinkSpec{"OC3c", 120000, true};
    s.cellRight = LinkSpec{"OC3c", 640000, true};
    s.onNs = 5000000;
    s.offNs = 9000000;
    s.frameCells = 12;
    s.policy = "sd";
    s.scheduler = "rr";
    s.perVc = true;
    s.bufferCells = 120;
    s.credits = 30;
    s.tcp = "sandia";
    s.tickNs = 10000000;
    s.mtu = 9180;
    s.window = 65535;
    s.phaseNs = {1234567, 7654321, 4444444, 9999999};
    s.durationNs = 200000000;
    s.sampleNs = 1100000;
    return s;
}

/**
 * @brief Cell error models on the trunks of a chain whose switch ports defer.
 * @param model 1: one error model per direction of a link; 2: one model serving both
 *        directions (AtmHelper::SetChannelErrorModel)
 * @return the configuration
 */
Scenario
LossyTrunks(uint32_t model)
{
    Scenario s;
    s.nSwitches = 3;
    s.left = {LinkSpec{"OC3c", 50000}, LinkSpec{"OC3c", 20000}};
    s.right = {LinkSpec{"OC3c", 40000}, LinkSpec{"OC3c", 60000}};
    s.trunk = {LinkSpec{"OC3c", 500000}, LinkSpec{"OC3c", 700000}};
    for (uint32_t p = 0; p < 2; ++p)
    {
        PairSpec pair;
        pair.left = p;
        pair.right = 1 - p;
        pair.reverse = true; // both directions of every trunk carry data
        pair.startNs = 1000000 * p;
        pair.reverseStartNs = 1500000;
        s.pairs.push_back(pair);
    }
    s.errorModel = model;
    s.policy = "tail";
    s.scheduler = "fifo";
    s.bufferCells = 300;
    s.tcp = "bon-fast";
    s.tickNs = 10000000;
    s.mtu = 1500;
    s.window = 32768;
    s.phaseNs = {1111111, 2222222, 3333333, 4444444};
    s.durationNs = 150000000;
    s.sampleNs = 6100000;
    return s;
}

/// One recorded quantity: what[i][j][k] at sample @c sample (-1: the end of the run).
struct Quantity
{
    const char* what; //!< the quantity's name
    int32_t sample;   //!< the sample index (-1: at the end)
    int32_t i;        //!< first index (device, host, switch, link, ...)
    int32_t j;        //!< second index (VC, end, frame, ...)
    int32_t k;        //!< third index
    uint64_t value;   //!< the value (a double's bits for doubles)
};

/// What one run produced.
struct RunResult
{
    std::vector<Quantity> values;     //!< every compared quantity, in a fixed order
    std::vector<uint64_t> slotEvents; //!< per switch port: AtmCellTransmitter::GetSlotEvents()
    uint64_t switchCellsSent{0};      //!< cells sent by the switch ports
    uint64_t tracedDequeues{0};       //!< CellDequeue events seen at the traced port
    int64_t tracedPort{-1};           //!< the traced switch port (index into slotEvents)
    /// per switch port: a sink of its link or of the next switch observes it (traceFabric)
    std::vector<bool> observed;
    uint64_t tracedFabric{0}; //!< events seen by the CellDrop and CellLoss sinks (traceFabric)
};

/// How to run a configuration.
struct RunOptions
{
    bool defer{true};        //!< AtmSwitch DeferSlots
    bool traceTrunk{false};  //!< connect a CellDequeue sink to s0's port onto the first trunk
    bool traceFabric{false}; //!< connect sinks to s1's CellDrop and the 2nd trunk's CellLoss
};

/// A frame a host received.
struct Frame
{
    int64_t atNs;   //!< when
    uint32_t vc;    //!< on which VC
    uint32_t bytes; //!< its CPCS-SDU size
};

/// What one host's adapter traced.
struct HostLog
{
    std::vector<Frame> frames; //!< FrameRx
    uint64_t txDrops{0};       //!< TxDrop
    uint64_t rxFrameDrops{0};  //!< RxFrameDrop
    uint64_t rxCellDrops{0};   //!< RxCellDrop

    /// FrameRx. @param vc the VC @param sdu the SDU
    void FrameRx(uint32_t vc, Ptr<const Packet> sdu)
    {
        frames.push_back(
            Frame{Simulator::Now().GetNanoSeconds(), vc, static_cast<uint32_t>(sdu->GetSize())});
    }

    /// TxDrop. @param vc the VC @param p the SDU @param reason the reason
    void TxDrop(uint32_t vc, Ptr<const Packet> p, const char* reason)
    {
        ++txDrops;
    }

    /// RxFrameDrop. @param vc the VC @param p the SDU @param reason the reason
    void RxFrameDrop(uint32_t vc, Ptr<const Packet> p, const char* reason)
    {
        ++rxFrameDrops;
    }

    /// RxCellDrop. @param cell the cell @param reason the reason
    void RxCellDrop(const AtmCell& cell, const char* reason)
    {
        ++rxCellDrops;
    }
};

/// Counts the CellDequeue events of one port, and the drops of a switch and losses of a link.
struct TraceCount
{
    uint64_t n{0};      //!< CellDequeue events
    uint64_t fabric{0}; //!< CellDrop and CellLoss events

    /// CellDequeue. @param cell the cell
    void Dequeue(const AtmCell& cell)
    {
        ++n;
    }

    /// AtmSwitch CellDrop or AtmChannel CellLoss. @param index the in port or sending end
    /// @param cell the cell @param reason the reason
    void Fabric(uint32_t index, const AtmCell& cell, const char* reason)
    {
        ++fabric;
    }
};

/// @return the drop reasons of every buffer policy (AtmOutputPort::GetDropCount takes them)
const std::vector<const char*>&
DropReasons()
{
    static const std::vector<const char*> reasons = {
        TailDropBufferPolicy::BUFFER_FULL,
        EpdBufferPolicy::THRESHOLD,
        EpdBufferPolicy::BUFFER_FULL,
        EpdBufferPolicy::CELL_BUFFER_FULL,
        PpdBufferPolicy::BUFFER_FULL,
        SandiaDropTailBufferPolicy::VC_QUEUE_FULL,
        SandiaDropTailBufferPolicy::BUFFER_FULL,
        SandiaDropTailBufferPolicy::EOM_LOST,
        SandiaDropWholeBufferPolicy::VC_QUEUE_FULL,
        SandiaDropWholeBufferPolicy::BUFFER_FULL,
        SelectiveDropBufferPolicy::OVER_FAIR_SHARE,
        SelectiveDropBufferPolicy::BUFFER_FULL,
        FbaBufferPolicy::OVER_FAIR_SHARE,
        FbaBufferPolicy::BUFFER_FULL,
        VcThresholdBufferPolicy::THRESHOLD_CROSSED,
        VcThresholdBufferPolicy::BUFFER_FULL,
        VcTailDropBufferPolicy::VC_QUEUE_FULL,
        VcTailDropBufferPolicy::BUFFER_FULL,
        PbsBufferPolicy::BUFFER_FULL,
        PbsBufferPolicy::CLP_THRESHOLD,
        DoubleEpdBufferPolicy::LOW_THRESHOLD,
        DoubleEpdBufferPolicy::HIGH_THRESHOLD,
        DoubleEpdBufferPolicy::BUFFER_FULL,
        PerVcThresholdBufferPolicy::LOW_THRESHOLD,
        PerVcThresholdBufferPolicy::HIGH_THRESHOLD,
        PerVcThresholdBufferPolicy::BUFFER_FULL,
        StaticCellReservationBufferPolicy::RESERVATION_FULL,
        StaticCellReservationBufferPolicy::BUFFER_FULL,
        StaticPduReservationBufferPolicy::RESERVATION_FULL,
        StaticPduReservationBufferPolicy::BUFFER_FULL,
        WfbaBufferPolicy::OVER_WEIGHTED_SHARE,
        WfbaBufferPolicy::BUFFER_FULL,
        DfbaBufferPolicy::HIGH_THRESHOLD,
        DfbaBufferPolicy::NOT_ELIGIBLE,
        DfbaBufferPolicy::OVER_SHARE,
        DfbaBufferPolicy::AT_SHARE,
        DfbaBufferPolicy::BUFFER_FULL,
        TbaBufferPolicy::NO_TOKEN,
        TbaBufferPolicy::AVERAGE_ABOVE_MAX,
        TbaBufferPolicy::RANDOM_DROP,
        TbaBufferPolicy::CONGESTED,
        TbaBufferPolicy::BUFFER_FULL,
        Ea98BufferPolicy::LOW_THRESHOLD,
        Ea98BufferPolicy::OVER_EXCESS_SHARE,
        Ea98BufferPolicy::FRONT_PURGE,
        Ea98BufferPolicy::HIGH_THRESHOLD,
        Ea98BufferPolicy::BUFFER_FULL,
        VirtualQueueBufferPolicy::OVER_VIRTUAL_SHARE,
        VirtualQueueBufferPolicy::BUFFER_FULL,
    };
    return reasons;
}

/**
 * @param x a double
 * @return its bits (compared exactly)
 */
uint64_t
Bits(double x)
{
    uint64_t b;
    std::memcpy(&b, &x, sizeof(b));
    return b;
}

/**
 * @param r a cell rate
 * @param n a divisor
 * @return r / n
 */
AtmCellRate
Divide(const AtmCellRate& r, uint64_t n)
{
    return AtmCellRate(r.GetNumerator(), r.GetDenominator() * n);
}

/**
 * @param rate the shaper's rate
 * @return a PcrShaper at @p rate with Tolerance 0
 */
Ptr<AtmShaper>
MakePcrShaper(const AtmCellRate& rate)
{
    Ptr<PcrShaper> s = CreateObject<PcrShaper>();
    s->SetAttribute("PcrCellsPerSec", AtmCellRateValue(rate));
    return s;
}

/**
 * @brief One run of a configuration: builds it (DeferSlots as asked), samples it during the
 *        run, runs it, records everything at the end and destroys it.
 */
class DeferralRun
{
  public:
    /**
     * @param s the configuration
     * @param o the options
     */
    DeferralRun(const Scenario& s, const RunOptions& o)
        : m_s(s),
          m_o(o)
    {
    }

    /// @return what the run produced (Simulator::Destroy() and Config::Reset() done)
    RunResult Execute();

  private:
    /// Build the chain: switches, links, hosts, IP, PVCs, shapers, sources and transfers.
    void BuildChain();
    /// Build the N-source dumbbell and its transfers.
    void BuildNSource();
    /**
     * @param node a host running IP (the TCP presets are installed on it)
     * @param phase its tick phase draw
     */
    void InstallTcp(Ptr<Node> node, int64_t phase) const;
    /**
     * @param phase a tick phase draw
     * @return the configuration's TCP with that tick phase
     */
    TcpEraPresets MakeTcp(int64_t phase) const;
    /**
     * @param first the first link of a path
     * @param last its last link
     * @return the smallest cell rate on the path through every trunk
     */
    AtmCellRate Bottleneck(const LinkSpec& first, const LinkSpec& last) const;
    /**
     * @param link a chain link
     * @param a one node
     * @param b the other
     * @return the devices, a's first
     */
    NetDeviceContainer Connect(const LinkSpec& link, Ptr<Node> a, Ptr<Node> b);
    /// Gather the devices, links and host logs of the nodes built.
    void Gather();
    /**
     * @brief Record every quantity readable through the getters, now.
     * @param sample the sample index (-1: the end of the run)
     */
    void Sample(int32_t sample);
    /// @param t the sample index: AtmSwitch::GetCellsSwitched and GetUpcDiscards
    void SampleSwitches(int32_t t);
    /// @param t the sample index: AtmDevice::GetCellsSent
    void SampleCellsSent(int32_t t);
    /// @param t the sample index: every port's counters through AtmDevice::GetOutputPort()
    void SamplePorts(int32_t t);
    /**
     * @brief Record a port's or a VC's counters.
     * @param perVc true for a VC's (names "vc.*"), false for the port's ("port.*")
     * @param t the sample index (-1: the end)
     * @param i the device index
     * @param j the VC index (-1 for the port)
     * @param st the counters
     * @param inQueue the cells in the queue
     */
    void AddPortStats(bool perVc,
                      int32_t t,
                      int32_t i,
                      int32_t j,
                      const AtmPortVcStats& st,
                      uint32_t inQueue);
    /// @param t the sample index: AtmCreditFlowControl::GetBalance of every VC
    void SampleBalances(int32_t t);
    /// @param t the sample index: AtmChannel::GetCellsTransmitted and GetCellsLost
    void SampleLinks(int32_t t);
    /// @param t the sample index: AtmPvcHelper::GetLedger of every PVC, both directions
    void SampleLedgers(int32_t t);
    /// Record the end-of-run quantities (after the last Sample()).
    void Finish();

    /**
     * @param what name
     * @param sample sample index
     * @param i first index
     * @param j second index
     * @param k third index
     * @param v value
     */
    void Add(const char* what, int32_t sample, int32_t i, int32_t j, int32_t k, uint64_t v)
    {
        m_result.values.push_back(Quantity{what, sample, i, j, k, v});
    }

    Scenario m_s;                                 //!< the configuration
    RunOptions m_o;                               //!< the options
    RunResult m_result;                           //!< what the run produced
    AtmHelper m_atm;                              //!< builds the chain
    std::vector<Ptr<Node>> m_nodes;               //!< every node, in a fixed order
    std::vector<Ptr<AtmSwitch>> m_switches;       //!< every switch
    std::vector<Ptr<AtmDevice>> m_devices;        //!< every ATM device
    std::vector<Ptr<AtmDevice>> m_switchPorts;    //!< every switch port device
    std::vector<Ptr<AtmNetDevice>> m_hostDevices; //!< every host adapter
    std::vector<HostLog> m_logs;                  //!< per host adapter
    std::vector<Ptr<AtmChannel>> m_channels;      //!< every link
    std::vector<AtmPvc> m_pvcs;                   //!< every PVC
    std::vector<Ptr<PacketSink>> m_sinks;         //!< every TCP sink
    Ptr<AtmOnOffCellSource> m_cellSource;         //!< the cell source (chain), or null
    std::unique_ptr<AtmNSourceTraffic> m_traffic; //!< the N-source transfers, or null
    Ptr<AtmDevice> m_trunkPort;                   //!< s0's port onto the first trunk
    std::vector<Ptr<AtmChannel>> m_trunkLinks;    //!< the chain's trunks, from s0 on
    TraceCount m_traced;    //!< what the sinks of traceTrunk and traceFabric saw
    int64_t m_stream{1000}; //!< next random stream to assign
};

TcpEraPresets
DeferralRun::MakeTcp(int64_t phase) const
{
    TcpEraPresets tcp = TcpEraPresets::ForSource(m_s.tcp);
    if (m_s.variant >= 0)
    {
        tcp.SetVariant(static_cast<TcpEraPresets::Variant>(m_s.variant));
    }
    tcp.SetMtu(m_s.mtu);
    tcp.SetWindow(std::max(m_s.window, 2 * tcp.GetSegmentSize()));
    tcp.SetTimerTick(NanoSeconds(m_s.tickNs));
    tcp.SetInitialCwnd(m_s.initialCwnd);
    if (!m_s.delayedAck)
    {
        tcp.SetDelayedAck(false);
    }
    tcp.SetTickPhase(NanoSeconds(phase % m_s.tickNs));
    if (tcp.GetDelAckTick().IsStrictlyPositive())
    {
        tcp.SetDelAckPhase(NanoSeconds(phase % tcp.GetDelAckTick().GetNanoSeconds()));
    }
    return tcp;
}

void
DeferralRun::InstallTcp(Ptr<Node> node, int64_t phase) const
{
    MakeTcp(phase).Install(node);
}

AtmCellRate
DeferralRun::Bottleneck(const LinkSpec& first, const LinkSpec& last) const
{
    AtmCellRate r = std::min(AtmCellRate::Parse(first.rate), AtmCellRate::Parse(last.rate));
    for (const LinkSpec& l : m_s.trunk)
    {
        r = std::min(r, AtmCellRate::Parse(l.rate));
    }
    return r;
}

NetDeviceContainer
DeferralRun::Connect(const LinkSpec& link, Ptr<Node> a, Ptr<Node> b)
{
    m_atm.SetChannelAttribute("CellRate", AtmCellRateValue(AtmCellRate::Parse(link.rate)));
    m_atm.SetChannelAttribute("Delay", TimeValue(NanoSeconds(link.delayNs)));
    m_atm.SetCreditFlowControl(link.credits ? m_s.credits : 0);
    NetDeviceContainer d = m_atm.Install(a, b);
    for (uint32_t e = 0; e < 2; ++e)
    {
        if (Ptr<AtmSwitchPort> port = DynamicCast<AtmSwitchPort>(d.Get(e)))
        {
            port->SetAttribute("Upc", BooleanValue(link.upc));
            port->SetAttribute("UpcFrameDiscard", BooleanValue(m_s.upcFrameDiscard));
        }
    }
    Ptr<AtmChannel> channel = DynamicCast<AtmDevice>(d.Get(0))->GetAtmChannel();
    if (link.outageAtNs >= 0 && link.outageMidRun)
    {
        // Announced during the run, as early as the link allows: a delay, a cell time and a
        // little more ahead.
        const Time at = NanoSeconds(link.outageAtNs);
        Simulator::Schedule(at - NanoSeconds(link.delayNs) - MicroSeconds(100),
                            &AtmChannel::SetLinkDown,
                            channel,
                            at,
                            NanoSeconds(link.outageNs));
    }
    else if (link.outageAtNs >= 0)
    {
        channel->SetLinkDown(NanoSeconds(link.outageAtNs), NanoSeconds(link.outageNs));
    }
    return d;
}

void
DeferralRun::BuildChain()
{
    const Scenario& s = m_s;
    // The TCP preset's segments must fit the adapters' MTU.
    const TcpEraPresets tcp = MakeTcp(0);
    const uint32_t mtu =
        std::max(s.mtu, tcp.GetSegmentSize() + 40 + (tcp.GetTimestamps() ? 12 : 0));
    m_atm.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    m_atm.SetSwitchAttribute("SwitchingDelay", TimeValue(NanoSeconds(s.switchingDelayNs)));
    m_atm.SetSwitchPortAttribute("BufferCells", UintegerValue(s.bufferCells));
    m_atm.SetSwitchPortAttribute("QueueMode", StringValue(s.perVc ? "PER_VC" : "SHARED"));
    m_atm.SetBufferPolicy(s.policy);
    m_atm.SetCellScheduler(s.scheduler);

    NodeContainer left(static_cast<uint32_t>(s.left.size()));
    NodeContainer right(static_cast<uint32_t>(s.right.size()));
    NodeContainer switches(s.nSwitches);
    NodeContainer cellHosts(s.cellSource ? 2 : 0);
    m_atm.InstallSwitch(switches);
    for (NodeContainer* c : {&left, &switches, &right, &cellHosts})
    {
        for (uint32_t i = 0; i < c->GetN(); ++i)
        {
            m_nodes.push_back(c->Get(i));
        }
    }

    NetDeviceContainer leftNics;
    NetDeviceContainer rightNics;
    for (uint32_t i = 0; i < s.left.size(); ++i)
    {
        leftNics.Add(Connect(s.left[i], left.Get(i), switches.Get(0)).Get(0));
    }
    std::vector<NetDeviceContainer> trunks;
    for (uint32_t j = 0; j < s.trunk.size(); ++j)
    {
        trunks.push_back(Connect(s.trunk[j], switches.Get(j), switches.Get(j + 1)));
    }
    m_trunkPort = DynamicCast<AtmDevice>(trunks[0].Get(0));
    for (const NetDeviceContainer& t : trunks)
    {
        m_trunkLinks.push_back(DynamicCast<AtmDevice>(t.Get(0))->GetAtmChannel());
    }
    NetDeviceContainer lastPorts;
    for (uint32_t i = 0; i < s.right.size(); ++i)
    {
        NetDeviceContainer d = Connect(s.right[i], switches.Get(s.nSwitches - 1), right.Get(i));
        rightNics.Add(d.Get(1));
        lastPorts.Add(d.Get(0));
    }
    Ptr<AtmNetDevice> cellSrc;
    Ptr<AtmNetDevice> cellDst;
    if (s.cellSource)
    {
        LinkSpec in = s.cellLeft;
        in.upc = s.cellSourceCbr; // the unshaped CBR source meets a policer at s0
        cellSrc = DynamicCast<AtmNetDevice>(Connect(in, cellHosts.Get(0), switches.Get(0)).Get(0));
        cellDst = DynamicCast<AtmNetDevice>(
            Connect(s.cellRight, switches.Get(s.nSwitches - 1), cellHosts.Get(1)).Get(1));
    }
    // Error models on the trunks: one per direction, or one serving both (the helper's way).
    if (s.errorModel > 0)
    {
        for (const NetDeviceContainer& t : trunks)
        {
            Ptr<AtmChannel> link = DynamicCast<AtmDevice>(t.Get(0))->GetAtmChannel();
            for (uint32_t e = 0; e < 2; ++e)
            {
                if (e == 1 && s.errorModel == 2)
                {
                    link->SetErrorModel(1, link->GetErrorModel(0));
                    break;
                }
                Ptr<AtmCellErrorModel> m = CreateObject<AtmCellErrorModel>();
                m->SetAttribute("CellLossRatio", DoubleValue(2e-4));
                m->SetAttribute("HeaderBitErrorRate", DoubleValue(1e-5));
                m->SetAttribute("PayloadBitErrorRate", DoubleValue(2e-6));
                link->SetErrorModel(e, m);
            }
        }
    }

    // IP on the TCP hosts, one subnet.
    InternetStackHelper internet;
    NodeContainer ipHosts(left, right);
    internet.Install(ipHosts);
    Ipv4AddressGenerator::Reset();
    Ipv4AddressHelper addresses("10.7.0.0", "255.255.0.0");
    Ipv4InterfaceContainer leftIf = addresses.Assign(leftNics);
    Ipv4InterfaceContainer rightIf = addresses.Assign(rightNics);
    for (uint32_t i = 0; i < left.GetN(); ++i)
    {
        InstallTcp(left.Get(i), s.phaseNs[i]);
    }
    for (uint32_t i = 0; i < right.GetN(); ++i)
    {
        InstallTcp(right.Get(i), s.phaseNs[left.GetN() + i]);
    }
    if (s.hostCpu)
    {
        m_atm.InstallHostCpu(ipHosts, MicroSeconds(37), MicroSeconds(53));
    }

    // The PVCs: VPI 0 directly, VPI 1 through s1's VP cross-connect if asked.
    AtmPvcHelper vp0;
    AtmPvcHelper vp1;
    vp1.SetVpi(1);
    if (s.vpCrossConnect)
    {
        vp1.SetVpCrossConnects(NodeContainer(switches.Get(1)), AtmTrafficContract::Ubr());
    }
    for (const PairSpec& p : s.pairs)
    {
        const AtmCellRate bottleneck = Bottleneck(s.left[p.left], s.right[p.right]);
        const AtmCellRate share = Divide(bottleneck, s.pairs.size() + 1);
        AtmTrafficContract contract = AtmTrafficContract::Ubr();
        switch (p.contract)
        {
        case 1:
            // Shaped at the source; the cell delay variation of the switches before a policing
            // port may still exceed the CDVT.
            contract = AtmTrafficContract::Cbr(share, MicroSeconds(30));
            break;
        case 2:
            // Cells beyond the SCR and MBS are tagged (CLP = 1); the CDVT absorbs the faster
            // links before the bottleneck (the PCR's cells are dropped).
            contract = AtmTrafficContract::Vbr(AtmConformance::VBR_3,
                                               bottleneck,
                                               MilliSeconds(2),
                                               share,
                                               40);
            break;
        case 3:
            // Cells beyond the SCR and MBS are discarded.
            contract = AtmTrafficContract::Vbr(AtmConformance::VBR_2,
                                               bottleneck,
                                               MilliSeconds(2),
                                               share,
                                               400);
            break;
        case 4:
        case 5: {
            // MFS: the largest CPCS-PDU (MTU, LLC/SNAP, trailer) in cells.
            const uint32_t mfs = (mtu + 16 + 47) / 48 + 1;
            contract = AtmTrafficContract::Gfr(p.contract == 4 ? AtmConformance::GFR_1
                                                               : AtmConformance::GFR_2,
                                               bottleneck,
                                               share,
                                               4 * mfs,
                                               mfs,
                                               MilliSeconds(1),
                                               MilliSeconds(1));
            break;
        }
        default:
            break;
        }
        AtmPvcHelper& h = p.vp1 ? vp1 : vp0;
        h.SetContract(contract);
        h.SetShaping(p.contract == 1);
        h.SetPduTagging(p.contract == 5);
        AtmPvc pvc;
        if (!h.TryInstall(leftNics.Get(p.left), rightNics.Get(p.right), switches, &pvc, nullptr))
        {
            // Refused by a link's admission control: UBR then.
            h.SetContract(AtmTrafficContract::Ubr());
            h.SetShaping(false);
            h.SetPduTagging(false);
            pvc = h.Install(leftNics.Get(p.left), rightNics.Get(p.right), switches);
        }
        m_pvcs.push_back(pvc);
    }
    if (s.cellSource)
    {
        AtmPvcHelper& h = s.cellSourceVp1 ? vp1 : vp0;
        const AtmCellRate link = Bottleneck(s.cellLeft, s.cellRight);
        h.SetContract(s.cellSourceCbr ? AtmTrafficContract::Cbr(Divide(link, 3))
                                      : AtmTrafficContract::Ubr());
        h.SetShaping(false);
        h.SetPduTagging(false);
        AtmPvc pvc;
        if (!h.TryInstall(cellSrc, cellDst, switches, &pvc, nullptr))
        {
            h.SetContract(AtmTrafficContract::Ubr());
            pvc = h.Install(cellSrc, cellDst, switches);
        }
        m_pvcs.push_back(pvc);
        m_cellSource = CreateObject<AtmOnOffCellSource>();
        m_cellSource->SetAttribute("OnTime", TimeValue(NanoSeconds(s.onNs)));
        m_cellSource->SetAttribute("OffTime", TimeValue(NanoSeconds(s.offNs)));
        m_cellSource->SetAttribute("FrameCells", UintegerValue(s.frameCells));
        cellHosts.Get(0)->AddApplication(m_cellSource);
        m_cellSource->Setup(cellSrc, pvc.srcVc);
        cellDst->SetVcNonIp(pvc.dstVc);
        m_cellSource->SetStartTime(MicroSeconds(777));
    }

    // Shaping in the switches: VPI 1 onto the first trunk, a whole port to a right host.
    if (s.vpShaper)
    {
        Ptr<AtmSwitchPort> port = DynamicCast<AtmSwitchPort>(m_trunkPort);
        const AtmCellRate rate = Divide(m_trunkPort->GetCellRate(), s.vpShaperDivisor);
        port->GetSwitch()->SetVpShaper(port->GetPortIndex(), 1, MakePcrShaper(rate));
    }
    if (s.portShaperRight >= 0)
    {
        Ptr<AtmDevice> port = DynamicCast<AtmDevice>(lastPorts.Get(s.portShaperRight));
        const AtmCellRate rate = port->GetCellRate();
        port->GetShapingGate()->SetPortShaper(
            MakePcrShaper(AtmCellRate(rate.GetNumerator() * 3, rate.GetDenominator() * 4)));
    }

    // The transfers.
    const std::string factory = TcpEraPresets::GetSocketFactoryTypeId().GetName();
    const uint32_t mss = tcp.GetSegmentSize();
    uint16_t port = 5000;
    const auto transfer = [&](Ptr<Node> from, Ptr<Node> to, Ipv4Address dst, int64_t startNs) {
        BulkSendHelper bulk(factory, InetSocketAddress(dst, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.SetAttribute("SendSize", UintegerValue(mss));
        bulk.Install(from).Start(NanoSeconds(startNs));
        PacketSinkHelper sink(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer app = sink.Install(to);
        app.Start(Seconds(0));
        m_sinks.push_back(DynamicCast<PacketSink>(app.Get(0)));
        ++port;
    };
    for (const PairSpec& p : s.pairs)
    {
        transfer(left.Get(p.left), right.Get(p.right), rightIf.GetAddress(p.right), p.startNs);
        if (p.reverse)
        {
            transfer(right.Get(p.right),
                     left.Get(p.left),
                     leftIf.GetAddress(p.left),
                     p.reverseStartNs);
        }
    }
    Gather();
    // Fixed random streams (policies that draw, error models), the same in both runs.
    NetDeviceContainer all;
    for (const Ptr<AtmDevice>& d : m_devices)
    {
        all.Add(d);
    }
    m_stream += m_atm.AssignStreams(all, m_stream);
    m_stream += internet.AssignStreams(ipHosts, m_stream);
}

void
DeferralRun::BuildNSource()
{
    const Scenario& s = m_s;
    AtmNSourceHelper nsrc;
    nsrc.SetNSources(s.nSources);
    nsrc.SetLinkRate(AtmCellRate::Parse(s.linkRate));
    nsrc.SetTrunkRate(AtmCellRate::Parse(s.trunkRate));
    nsrc.SetAccessDelay(NanoSeconds(s.accessDelayNs));
    nsrc.SetTrunkDelay(NanoSeconds(s.trunkDelayNs));
    nsrc.SetBufferCells(s.bufferCells);
    nsrc.SetBufferPolicy(s.policy);
    nsrc.SetPerVcQueues(s.perVc);
    nsrc.SetCreditFlowControl(s.nsCredits);
    if (s.vbr)
    {
        nsrc.SetVbrSource(MilliSeconds(13), MilliSeconds(17));
        nsrc.SetVbrBufferCells(s.bufferCells);
    }
    nsrc.SetRandomTickPhase(false); // the phases are drawn here, from the seed
    if (s.nsHostCpu)
    {
        nsrc.SetHostCpu(MicroSeconds(41), MicroSeconds(29));
    }
    nsrc.SetTcp(MakeTcp(0));
    for (uint32_t i = 0; i < s.nSources; ++i)
    {
        nsrc.SetFlowTcp(i, MakeTcp(s.phaseNs[i]));
    }
    AtmHelper& atm = nsrc.GetAtmHelper();
    atm.SetSwitchAttribute("SwitchingDelay", TimeValue(NanoSeconds(s.switchingDelayNs)));
    atm.SetCellScheduler(s.scheduler);
    atm.SetSwitchDeviceAttribute("Upc", BooleanValue(s.nsUpc));
    // TCP segments of 9140 bytes must fit the adapters' MTU.
    const TcpEraPresets tcp = MakeTcp(0);
    atm.SetDeviceAttribute(
        "Mtu",
        UintegerValue(std::max(s.mtu, tcp.GetSegmentSize() + 40 + (tcp.GetTimestamps() ? 12 : 0))));
    Ipv4AddressGenerator::Reset();
    const AtmNSourceTopology topology = nsrc.Install();
    for (const NodeContainer* c :
         {&topology.sources, &topology.switches, &topology.sinks, &topology.vbrHosts})
    {
        for (uint32_t i = 0; i < c->GetN(); ++i)
        {
            m_nodes.push_back(c->Get(i));
        }
    }
    m_pvcs = topology.pvcs;
    if (s.vbr)
    {
        m_pvcs.push_back(topology.vbrPvc);
    }
    m_trunkPort = topology.trunk;
    m_traffic = std::make_unique<AtmNSourceTraffic>();
    m_traffic->Install(topology, Seconds(0), NanoSeconds(s.durationNs));
    for (uint32_t i = 0; i < s.nSources; ++i)
    {
        m_sinks.push_back(m_traffic->GetSinkApplication(i));
    }
    Gather();
    NetDeviceContainer all;
    for (const Ptr<AtmDevice>& d : m_devices)
    {
        all.Add(d);
    }
    m_stream += atm.AssignStreams(all, m_stream);
    NodeContainer ipHosts(topology.sources, topology.sinks);
    InternetStackHelper internet;
    m_stream += internet.AssignStreams(ipHosts, m_stream);
}

void
DeferralRun::Gather()
{
    for (const Ptr<Node>& node : m_nodes)
    {
        if (Ptr<AtmSwitch> fabric = node->GetObject<AtmSwitch>())
        {
            m_switches.push_back(fabric);
        }
        for (uint32_t j = 0; j < node->GetNDevices(); ++j)
        {
            Ptr<AtmDevice> dev = DynamicCast<AtmDevice>(node->GetDevice(j));
            if (!dev)
            {
                continue;
            }
            m_devices.push_back(dev);
            if (DynamicCast<AtmSwitchPort>(dev))
            {
                m_switchPorts.push_back(dev);
            }
            if (Ptr<AtmNetDevice> nic = DynamicCast<AtmNetDevice>(dev))
            {
                m_hostDevices.push_back(nic);
            }
            Ptr<AtmChannel> link = dev->GetAtmChannel();
            if (std::find(m_channels.begin(), m_channels.end(), link) == m_channels.end())
            {
                m_channels.push_back(link);
            }
        }
    }
    // Host-side traces only: a sink at a switch port, a link or a switch stops the deferral.
    m_logs.resize(m_hostDevices.size());
    for (size_t h = 0; h < m_hostDevices.size(); ++h)
    {
        HostLog* log = &m_logs[h];
        m_hostDevices[h]->TraceConnectWithoutContext("FrameRx",
                                                     MakeCallback(&HostLog::FrameRx, log));
        m_hostDevices[h]->TraceConnectWithoutContext("TxDrop", MakeCallback(&HostLog::TxDrop, log));
        m_hostDevices[h]->TraceConnectWithoutContext("RxFrameDrop",
                                                     MakeCallback(&HostLog::RxFrameDrop, log));
        m_hostDevices[h]->TraceConnectWithoutContext("RxCellDrop",
                                                     MakeCallback(&HostLog::RxCellDrop, log));
    }
    if (m_o.traceTrunk)
    {
        m_trunkPort->GetOutputPort()->TraceConnectWithoutContext(
            "CellDequeue",
            MakeCallback(&TraceCount::Dequeue, &m_traced));
        for (size_t p = 0; p < m_switchPorts.size(); ++p)
        {
            if (m_switchPorts[p] == m_trunkPort)
            {
                m_result.tracedPort = static_cast<int64_t>(p);
            }
        }
    }
    m_result.observed.assign(m_switchPorts.size(), false);
    if (m_o.traceFabric && m_switches.size() >= 3)
    {
        // s1's CellDrop observes the ports sending to s1; the second trunk's CellLoss both its
        // ends.
        Ptr<AtmSwitch> s1 = m_switches[1];
        Ptr<AtmChannel> link = m_trunkLinks[1];
        s1->TraceConnectWithoutContext("CellDrop", MakeCallback(&TraceCount::Fabric, &m_traced));
        link->TraceConnectWithoutContext("CellLoss", MakeCallback(&TraceCount::Fabric, &m_traced));
        for (size_t p = 0; p < m_switchPorts.size(); ++p)
        {
            Ptr<AtmChannel> out = m_switchPorts[p]->GetAtmChannel();
            Ptr<AtmSwitchPort> next = DynamicCast<AtmSwitchPort>(out->GetPeer(m_switchPorts[p]));
            m_result.observed[p] = out == link || (next && next->GetSwitch() == s1);
        }
    }
}

void
DeferralRun::Sample(int32_t t)
{
    // Each family of getters must bring what it reads up to date by itself: at each instant a
    // different family reads first, before any other getter has run the deferred slots.
    const uint32_t families = 6;
    const uint32_t first = t < 0 ? 0 : static_cast<uint32_t>(t) % families;
    for (uint32_t n = 0; n < families; ++n)
    {
        switch ((first + n) % families)
        {
        case 0:
            SampleSwitches(t);
            break;
        case 1:
            SampleCellsSent(t);
            break;
        case 2:
            SamplePorts(t);
            break;
        case 3:
            SampleBalances(t);
            break;
        case 4:
            SampleLinks(t);
            break;
        default:
            SampleLedgers(t);
            break;
        }
    }
    for (size_t k = 0; k < m_sinks.size(); ++k)
    {
        Add("sink.totalRx", t, static_cast<int32_t>(k), 0, 0, m_sinks[k]->GetTotalRx());
    }
}

void
DeferralRun::SampleSwitches(int32_t t)
{
    for (size_t w = 0; w < m_switches.size(); ++w)
    {
        const int32_t i = static_cast<int32_t>(w);
        Add("switch.cellsSwitched", t, i, 0, 0, m_switches[w]->GetCellsSwitched());
        Add("switch.upcDiscards", t, i, 0, 0, m_switches[w]->GetUpcDiscards());
    }
}

void
DeferralRun::SampleCellsSent(int32_t t)
{
    for (size_t d = 0; d < m_devices.size(); ++d)
    {
        Add("device.cellsSent", t, static_cast<int32_t>(d), 0, 0, m_devices[d]->GetCellsSent());
    }
}

void
DeferralRun::SamplePorts(int32_t t)
{
    for (size_t d = 0; d < m_devices.size(); ++d)
    {
        const int32_t i = static_cast<int32_t>(d);
        Ptr<AtmOutputPort> port = m_devices[d]->GetOutputPort();
        AddPortStats(false, t, i, -1, port->GetStats(), port->GetCellsInQueue());
        for (uint32_t vc = 0; vc < port->GetNVcs(); ++vc)
        {
            AddPortStats(true,
                         t,
                         i,
                         static_cast<int32_t>(vc),
                         port->GetVcStats(vc),
                         port->GetVcCellsInQueue(vc));
        }
    }
}

void
DeferralRun::AddPortStats(bool perVc,
                          int32_t t,
                          int32_t i,
                          int32_t j,
                          const AtmPortVcStats& st,
                          uint32_t inQueue)
{
    static const char* const portNames[] = {"port.cellsArrived",
                                            "port.cellsAccepted",
                                            "port.cellsDeparted",
                                            "port.cellsDropped",
                                            "port.cellsPurged",
                                            "port.framesDropped",
                                            "port.cellsInQueue"};
    static const char* const vcNames[] = {"vc.cellsArrived",
                                          "vc.cellsAccepted",
                                          "vc.cellsDeparted",
                                          "vc.cellsDropped",
                                          "vc.cellsPurged",
                                          "vc.framesDropped",
                                          "vc.cellsInQueue"};
    const char* const* n = perVc ? vcNames : portNames;
    const uint64_t values[] = {st.cellsArrived,
                               st.cellsAccepted,
                               st.cellsDeparted,
                               st.cellsDropped,
                               st.cellsPurged,
                               st.framesDropped,
                               inQueue};
    for (size_t f = 0; f < 7; ++f)
    {
        Add(n[f], t, i, j, 0, values[f]);
    }
}

void
DeferralRun::SampleBalances(int32_t t)
{
    for (size_t d = 0; d < m_devices.size(); ++d)
    {
        Ptr<AtmCreditFlowControl> credits = m_devices[d]->GetCreditFlowControl();
        if (!credits)
        {
            continue;
        }
        // The port as it is (GetOutputPort() would run the deferred slots): every VC of a PVC
        // exists from the PVC's installation on.
        const uint32_t vcs = m_devices[d]->GetTransmitter()->GetPort()->GetNVcs();
        for (uint32_t vc = 0; vc < vcs; ++vc)
        {
            Add("vc.creditBalance",
                t,
                static_cast<int32_t>(d),
                static_cast<int32_t>(vc),
                0,
                credits->GetBalance(vc));
        }
    }
}

void
DeferralRun::SampleLinks(int32_t t)
{
    for (size_t c = 0; c < m_channels.size(); ++c)
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            const int32_t i = static_cast<int32_t>(c);
            const int32_t j = static_cast<int32_t>(end);
            Add("link.cellsTransmitted", t, i, j, 0, m_channels[c]->GetCellsTransmitted(end));
            Add("link.cellsLost", t, i, j, 0, m_channels[c]->GetCellsLost(end));
        }
    }
}

void
DeferralRun::SampleLedgers(int32_t t)
{
    for (size_t p = 0; p < m_pvcs.size(); ++p)
    {
        for (int32_t fwd = 0; fwd < 2; ++fwd)
        {
            const AtmVcLedger l = AtmPvcHelper::GetLedger(m_pvcs[p], fwd == 1);
            const int32_t i = static_cast<int32_t>(p);
            Add("ledger.offered", t, i, fwd, 0, l.offered);
            Add("ledger.delivered", t, i, fwd, 0, l.delivered);
            Add("ledger.dropped", t, i, fwd, 0, l.dropped);
            Add("ledger.queued", t, i, fwd, 0, l.queued);
            Add("ledger.inTransit", t, i, fwd, 0, l.inTransit);
            Add("ledger.inReassembly", t, i, fwd, 0, l.inReassembly);
            Add("ledger.linkLost", t, i, fwd, 0, l.linkLost);
        }
    }
}

void
DeferralRun::Finish()
{
    Sample(-1);
    for (size_t h = 0; h < m_hostDevices.size(); ++h)
    {
        const int32_t i = static_cast<int32_t>(h);
        Ptr<AtmNetDevice> nic = m_hostDevices[h];
        for (uint32_t vc = 0; vc < nic->GetNVcs(); ++vc)
        {
            const int32_t j = static_cast<int32_t>(vc);
            const AtmNetDeviceVcStats& v = nic->GetVcStats(vc);
            Add("host.framesQueued", -1, i, j, 0, v.framesQueued);
            Add("host.framesDropped", -1, i, j, 0, v.framesDropped);
            Add("host.framesTx", -1, i, j, 0, v.framesTx);
            Add("host.bytesTx", -1, i, j, 0, v.bytesTx);
            Add("host.cellsTx", -1, i, j, 0, v.cellsTx);
            Add("host.framesTagged", -1, i, j, 0, v.framesTagged);
            Add("host.cellsRx", -1, i, j, 0, v.cellsRx);
            Add("host.framesRx", -1, i, j, 0, v.framesRx);
            Add("host.bytesRx", -1, i, j, 0, v.bytesRx);
            Add("host.framesRxDropped", -1, i, j, 0, v.framesRxDropped);
            Add("host.framesRxCorrupted", -1, i, j, 0, v.framesRxCorrupted);
        }
        const HostLog& log = m_logs[h];
        Add("host.traced.txDrops", -1, i, 0, 0, log.txDrops);
        Add("host.traced.rxFrameDrops", -1, i, 0, 0, log.rxFrameDrops);
        Add("host.traced.rxCellDrops", -1, i, 0, 0, log.rxCellDrops);
        Add("host.traced.frames", -1, i, 0, 0, log.frames.size());
        for (size_t f = 0; f < log.frames.size(); ++f)
        {
            const int32_t j = static_cast<int32_t>(f);
            Add("frame.time_ns", -1, i, j, 0, static_cast<uint64_t>(log.frames[f].atNs));
            Add("frame.vc", -1, i, j, 0, log.frames[f].vc);
            Add("frame.bytes", -1, i, j, 0, log.frames[f].bytes);
        }
    }
    const std::vector<const char*>& reasons = DropReasons();
    for (size_t p = 0; p < m_switchPorts.size(); ++p)
    {
        Ptr<AtmOutputPort> port = m_switchPorts[p]->GetOutputPort();
        for (size_t r = 0; r < reasons.size(); ++r)
        {
            Add("switchPort.dropsByReason",
                -1,
                static_cast<int32_t>(p),
                static_cast<int32_t>(r),
                0,
                port->GetDropCount(reasons[r]));
        }
        Add("switchPort.allocatedCells",
            -1,
            static_cast<int32_t>(p),
            0,
            0,
            port->GetAllocatedCells());
        const uint64_t events = m_switchPorts[p]->GetTransmitter()->GetSlotEvents();
        m_result.slotEvents.push_back(events);
        m_result.switchCellsSent += m_switchPorts[p]->GetCellsSent();
    }
    for (size_t w = 0; w < m_switches.size(); ++w)
    {
        Add("switch.unknownLabelDrops",
            -1,
            static_cast<int32_t>(w),
            0,
            0,
            m_switches[w]->GetUnknownLabelDrops());
    }
    for (size_t c = 0; c < m_channels.size(); ++c)
    {
        for (uint32_t end = 0; end < 2; ++end)
        {
            const int32_t i = static_cast<int32_t>(c);
            const int32_t j = static_cast<int32_t>(end);
            Add("link.hecCorrected", -1, i, j, 0, m_channels[c]->GetHecCorrected(end));
            Add("link.payloadCorrupted", -1, i, j, 0, m_channels[c]->GetPayloadCorrupted(end));
        }
    }
    if (m_cellSource)
    {
        Add("cellSource.offered", -1, 0, 0, 0, m_cellSource->GetCellsOffered());
        Add("cellSource.onPeriods", -1, 0, 0, 0, m_cellSource->GetOnPeriods());
    }
    if (m_traffic)
    {
        const AtmNSourceResults r = m_traffic->GetResults();
        for (size_t f = 0; f < r.goodputMbps.size(); ++f)
        {
            Add("nsource.goodputMbps", -1, static_cast<int32_t>(f), 0, 0, Bits(r.goodputMbps[f]));
        }
        Add("nsource.cellsSent", -1, 0, 0, 0, r.cellsSent);
        Add("nsource.cellsDropped", -1, 0, 0, 0, r.cellsDropped);
        Add("nsource.dataSegmentsSent", -1, 0, 0, 0, r.dataSegmentsSent);
        Add("nsource.retransmissions", -1, 0, 0, 0, r.retransmissions);
        Add("nsource.timeouts", -1, 0, 0, 0, r.timeouts);
        Add("nsource.meanRttMs", -1, 0, 0, 0, Bits(r.meanRttMs));
        Add("nsource.rawUtilization", -1, 0, 0, 0, Bits(r.rawUtilization));
        Add("nsource.effectiveUtilization", -1, 0, 0, 0, Bits(r.effectiveUtilization));
        Add("nsource.fairness", -1, 0, 0, 0, Bits(r.fairness));
        Add("nsource.ledgersHold", -1, 0, 0, 0, r.ledgersHold ? 1 : 0);
        Add("nsource.vbrShare", -1, 0, 0, 0, Bits(r.vbrShare));
        Add("nsource.vbrCellsDelivered", -1, 0, 0, 0, r.vbrCellsDelivered);
        Add("nsource.vbrCellsDropped", -1, 0, 0, 0, r.vbrCellsDropped);
    }
    m_result.tracedDequeues = m_traced.n;
    m_result.tracedFabric = m_traced.fabric;
}

RunResult
DeferralRun::Execute()
{
    Config::SetDefault("ns3::AtmSwitch::DeferSlots", BooleanValue(m_o.defer));
    // A lost SYN is sent again after 20 ms rather than ns-3's 3 s: the runs are short.
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(MilliSeconds(20)));
    if (m_s.nSource)
    {
        BuildNSource();
    }
    else
    {
        BuildChain();
    }
    int32_t n = 0;
    for (int64_t at = m_s.sampleNs; m_s.sampleNs > 0 && at < m_s.durationNs; at += m_s.sampleNs)
    {
        Simulator::Schedule(NanoSeconds(at), &DeferralRun::Sample, this, n++);
    }
    Simulator::Stop(NanoSeconds(m_s.durationNs));
    Simulator::Run();
    Finish();
    m_traffic.reset();
    m_cellSource = nullptr;
    Simulator::Destroy();
    Config::Reset();
    return m_result;
}

/**
 * @param q a quantity
 * @param sampleNs the sampling period
 * @return its name with its indices and instant
 */
std::string
Name(const Quantity& q, int64_t sampleNs)
{
    std::ostringstream os;
    os << q.what << "[" << q.i << "][" << q.j << "][" << q.k << "] ";
    if (q.sample < 0)
    {
        os << "at the end";
    }
    else
    {
        os << "at " << (q.sample + 1) * sampleNs << " ns";
    }
    return os.str();
}

} // namespace

/**
 * @ingroup atm-tests
 * @brief The common part of the cases: run a configuration in both modes and compare.
 */
class AtmDeferralTestCase : public TestCase
{
  public:
    /**
     * @param name the case's name
     * @param s the configuration
     */
    AtmDeferralTestCase(const std::string& name, const Scenario& s)
        : TestCase(name),
          m_s(s)
    {
    }

  protected:
    /**
     * @brief Require two runs' quantities to be identical; report the first differences.
     * @param expected the reference run (one event per slot)
     * @param actual the other run
     * @param label what is compared, for the messages
     */
    void Compare(const RunResult& expected, const RunResult& actual, const std::string& label)
    {
        const size_t n = std::min(expected.values.size(), actual.values.size());
        uint64_t differ = 0;
        for (size_t x = 0; x < n; ++x)
        {
            const Quantity& e = expected.values[x];
            const Quantity& a = actual.values[x];
            const bool sameName = std::strcmp(e.what, a.what) == 0 && e.sample == a.sample &&
                                  e.i == a.i && e.j == a.j && e.k == a.k;
            if (sameName && e.value == a.value)
            {
                continue;
            }
            if (differ < 6)
            {
                NS_TEST_EXPECT_MSG_EQ(a.value,
                                      e.value,
                                      label << ": " << Name(e, m_s.sampleNs)
                                            << (sameName ? "" : " vs " + Name(a, m_s.sampleNs)));
            }
            ++differ;
        }
        NS_TEST_EXPECT_MSG_EQ(actual.values.size(),
                              expected.values.size(),
                              label << ": number of quantities recorded");
        NS_TEST_EXPECT_MSG_EQ(differ,
                              0,
                              label << ": " << differ << " of " << n
                                    << " quantities differ; configuration " << m_s.Describe());
        NS_TEST_EXPECT_MSG_EQ(actual.switchCellsSent,
                              expected.switchCellsSent,
                              label << ": cells sent by the switch ports");
    }

    /**
     * @param r a run
     * @return the slot events of every switch port together
     */
    static uint64_t SlotEvents(const RunResult& r)
    {
        uint64_t n = 0;
        for (uint64_t e : r.slotEvents)
        {
            n += e;
        }
        return n;
    }

    /**
     * @brief Run both modes, compare, and check that deferring never costs more slot events.
     * @param perSlot receives the run with one event per slot
     * @param deferred receives the deferred run
     * @param options the deferred run's options
     */
    void RunBoth(RunResult* perSlot, RunResult* deferred, RunOptions options = RunOptions())
    {
        RunOptions reference;
        reference.defer = false;
        *perSlot = DeferralRun(m_s, reference).Execute();
        options.defer = true;
        *deferred = DeferralRun(m_s, options).Execute();
        Compare(*perSlot, *deferred, "DeferSlots true vs false");
        NS_TEST_EXPECT_MSG_GT(perSlot->switchCellsSent, 0, "the switches carried cells");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(SlotEvents(*deferred),
                                    SlotEvents(*perSlot),
                                    "deferring never costs more slot events");
    }

    Scenario m_s; //!< the configuration
};

/**
 * @ingroup atm-tests
 * @brief A configuration drawn from a seed: identical results with and without deferral.
 */
class AtmDeferralRandomTestCase : public AtmDeferralTestCase
{
  public:
    /**
     * @param seed the seed
     * @param durationNs the simulated time
     */
    AtmDeferralRandomTestCase(uint32_t seed, int64_t durationNs)
        : AtmDeferralTestCase("Identical with and without DeferSlots, " +
                                  DrawScenario(seed, durationNs).Describe(),
                              DrawScenario(seed, durationNs))
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunBoth(&perSlot, &deferred);
    }
};

/**
 * @ingroup atm-tests
 * @brief Links of 1 ms: identical results, and the switch ports need at least 3 times fewer
 *        slot events.
 */
class AtmDeferralLongLinksTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralLongLinksTestCase()
        : AtmDeferralTestCase("Links of 1 ms: identical results with at least 3x fewer slot "
                              "events at the switch ports; " +
                                  LongLinks().Describe(),
                              LongLinks())
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunBoth(&perSlot, &deferred);
        NS_TEST_ASSERT_MSG_GT(SlotEvents(perSlot), 10000, "busy switch ports");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(3 * SlotEvents(deferred),
                                    SlotEvents(perSlot),
                                    "at least 3x fewer slot events with deferral ("
                                        << SlotEvents(deferred) << " vs " << SlotEvents(perSlot)
                                        << ")");
    }
};

/**
 * @ingroup atm-tests
 * @brief A trace sink on one switch port's CellDequeue: that port runs one event per slot
 *        (exactly as many as without deferral), the others still defer, the results are
 *        identical.
 */
class AtmDeferralTracedPortTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralTracedPortTestCase()
        : AtmDeferralTestCase("A CellDequeue sink on s0's trunk port stops its deferral only; "
                              "identical results; " +
                                  LongLinks().Describe(),
                              LongLinks())
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunOptions traced;
        traced.traceTrunk = true;
        RunBoth(&perSlot, &deferred, traced);
        const int64_t p = deferred.tracedPort;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(p, 0, "the traced port is a switch port");
        NS_TEST_ASSERT_MSG_EQ(deferred.slotEvents.size(), perSlot.slotEvents.size(), "ports");
        NS_TEST_EXPECT_MSG_EQ(deferred.slotEvents[p],
                              perSlot.slotEvents[p],
                              "the traced port runs one event per slot");
        NS_TEST_EXPECT_MSG_GT(deferred.tracedDequeues, 1000, "the sink saw the port's cells");
        uint64_t others = 0;
        uint64_t othersPerSlot = 0;
        for (size_t q = 0; q < perSlot.slotEvents.size(); ++q)
        {
            if (static_cast<int64_t>(q) != p)
            {
                others += deferred.slotEvents[q];
                othersPerSlot += perSlot.slotEvents[q];
            }
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(3 * others,
                                    othersPerSlot,
                                    "the untraced ports still defer (" << others << " vs "
                                                                       << othersPerSlot << ")");
    }
};

/**
 * @ingroup atm-tests
 * @brief Trace sinks on s1's CellDrop and on the second trunk's CellLoss: the switch ports
 *        that send to s1 or onto that trunk run one event per slot (exactly as many as without
 *        deferral), the others still defer, the results are identical.
 */
class AtmDeferralTracedFabricTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralTracedFabricTestCase()
        : AtmDeferralTestCase("Sinks on s1's CellDrop and a trunk's CellLoss stop the deferral "
                              "of the ports sending there only; identical results; " +
                                  TracedFabric().Describe(),
                              TracedFabric())
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunOptions traced;
        traced.traceFabric = true;
        RunBoth(&perSlot, &deferred, traced);
        NS_TEST_ASSERT_MSG_EQ(deferred.slotEvents.size(), perSlot.slotEvents.size(), "ports");
        NS_TEST_EXPECT_MSG_GT(deferred.tracedFabric, 0, "the sinks saw drops and losses");
        uint32_t observed = 0;
        uint64_t others = 0;
        uint64_t othersPerSlot = 0;
        for (size_t q = 0; q < perSlot.slotEvents.size(); ++q)
        {
            if (deferred.observed[q])
            {
                ++observed;
                NS_TEST_EXPECT_MSG_EQ(deferred.slotEvents[q],
                                      perSlot.slotEvents[q],
                                      "observed switch port " << q << " runs one event per slot");
            }
            else
            {
                others += deferred.slotEvents[q];
                othersPerSlot += perSlot.slotEvents[q];
            }
        }
        NS_TEST_EXPECT_MSG_EQ(observed, 3, "s0 -> s1, s2 -> s1 and s1 -> s2 are observed");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(3 * others,
                                    othersPerSlot,
                                    "the other ports still defer (" << others << " vs "
                                                                    << othersPerSlot << ")");
    }
};

/**
 * @ingroup atm-tests
 * @brief Credits on every link, the balances of every VC of every port read every 1.1 ms
 *        (AtmCreditFlowControl::GetBalance): identical in both modes, and the switch ports
 *        deferred.
 */
class AtmDeferralCreditBalanceTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralCreditBalanceTestCase()
        : AtmDeferralTestCase("Credit balances read during the run are identical; " +
                                  CreditLinks().Describe(),
                              CreditLinks())
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunBoth(&perSlot, &deferred);
        uint64_t balances = 0;
        for (const Quantity& q : perSlot.values)
        {
            balances += std::strcmp(q.what, "vc.creditBalance") == 0 && q.sample >= 0 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(balances, 1000, "balances read during the run");
        NS_TEST_EXPECT_MSG_LT(2 * SlotEvents(deferred),
                              SlotEvents(perSlot),
                              "the switch ports deferred (" << SlotEvents(deferred) << " vs "
                                                            << SlotEvents(perSlot) << ")");
    }
};

/**
 * @ingroup atm-tests
 * @brief Cell error models on long trunks whose switch ports defer: identical losses.
 */
class AtmDeferralErrorModelTestCase : public AtmDeferralTestCase
{
  public:
    /// @param model 1: one error model per direction; 2: one serving both directions
    explicit AtmDeferralErrorModelTestCase(uint32_t model)
        : AtmDeferralTestCase(std::string("Cell error models on the trunks (") +
                                  (model == 1 ? "one per direction" : "one serving both") +
                                  "): identical losses; " + LossyTrunks(model).Describe(),
                              LossyTrunks(model))
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunBoth(&perSlot, &deferred);
        uint64_t lost = 0;
        for (const Quantity& q : perSlot.values)
        {
            lost += std::strcmp(q.what, "link.cellsLost") == 0 && q.sample < 0 ? q.value : 0;
        }
        NS_TEST_EXPECT_MSG_GT(lost, 0, "cells were lost on the trunks");
        NS_TEST_EXPECT_MSG_LT(SlotEvents(deferred), SlotEvents(perSlot), "the ports deferred");
    }
};

/**
 * @ingroup atm-tests
 * @brief Usage parameter control on a link with credits, in front of a deferring port:
 *        identical results.
 */
class AtmDeferralUpcCreditTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralUpcCreditTestCase()
        : AtmDeferralTestCase("Policed cells on a link with credits (credits of discarded and "
                              "of passing cells): identical results; " +
                                  UpcOnCreditLink().Describe(),
                              UpcOnCreditLink())
    {
    }

  private:
    void DoRun() override
    {
        RunResult perSlot;
        RunResult deferred;
        RunBoth(&perSlot, &deferred, RunOptions());
        uint64_t discards = 0;
        for (const Quantity& q : perSlot.values)
        {
            discards +=
                std::strcmp(q.what, "switch.upcDiscards") == 0 && q.sample < 0 ? q.value : 0;
        }
        NS_TEST_EXPECT_MSG_GT(discards, 0, "the policer discarded cells");
        NS_TEST_EXPECT_MSG_LT(SlotEvents(deferred), SlotEvents(perSlot), "the ports deferred");
    }
};

/**
 * @ingroup atm-tests
 * @brief The harness itself: the same configuration run twice in the same mode gives the same
 *        quantities (fixed random streams, no state left between runs), so that a difference
 *        between the modes is the deferral's.
 */
class AtmDeferralDeterminismTestCase : public AtmDeferralTestCase
{
  public:
    AtmDeferralDeterminismTestCase()
        : AtmDeferralTestCase("The harness is deterministic: two runs in one mode are identical; " +
                                  DrawScenario(11, 100000000).Describe(),
                              DrawScenario(11, 100000000))
    {
    }

  private:
    void DoRun() override
    {
        for (bool defer : {false, true})
        {
            RunOptions o;
            o.defer = defer;
            const RunResult a = DeferralRun(m_s, o).Execute();
            const RunResult b = DeferralRun(m_s, o).Execute();
            Compare(a, b, defer ? "two deferred runs" : "two per-slot runs");
            NS_TEST_EXPECT_MSG_EQ(SlotEvents(a), SlotEvents(b), "same slot events");
        }
    }
};

/**
 * @ingroup atm-tests
 * @brief Deferred slots give exactly the results of one event per slot.
 */
class AtmDeferralTestSuite : public TestSuite
{
  public:
    AtmDeferralTestSuite()
        : TestSuite("atm-deferral", ATM_SUITE_SYSTEM)
    {
        AddTestCase(new AtmDeferralDeterminismTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralLongLinksTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralTracedPortTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralTracedFabricTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralCreditBalanceTestCase, ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralErrorModelTestCase(1), ATM_TEST_QUICK);
        for (uint32_t seed = 1; seed <= 32; ++seed)
        {
            AddTestCase(new AtmDeferralRandomTestCase(seed, 400000000), ATM_TEST_QUICK);
        }
        for (uint32_t seed = 101; seed <= 200; ++seed)
        {
            AddTestCase(new AtmDeferralRandomTestCase(seed, 1000000000), ATM_TEST_EXTENSIVE);
        }
        // Last, the cases that found differences (an error model serving both directions of a
        // link; credits of policed cells): the first failing case stops the suite.
        AddTestCase(new AtmDeferralErrorModelTestCase(2), ATM_TEST_QUICK);
        AddTestCase(new AtmDeferralUpcCreditTestCase, ATM_TEST_QUICK);
    }
};

static AtmDeferralTestSuite g_atmDeferralTestSuite; //!< static instance registering the suite
