#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# The bad-input catalogue of the example programs: command lines a user could type by mistake,
# each with the message it must produce. utils/atm-check-bad-input runs every entry (the README's
# test command does) and checks that the program
#   - exits with code 1 (a usage error, not an abort trace or a crash), within a second of CPU
#     time and well before a 10 s hang guard;
#   - prints the expected message on standard error: the option, the value as typed and the
#     valid range or the fix (the regular expression below, searched in standard error);
#   - writes nothing as if it had run: standard output empty, no file in its working directory.
# The programs' APIs (helper setters, attributes, contract strings, label ranges) have their
# own bad-input cases as googletest death tests in test/gtest/.
#
# Each entry: (case name, command line, regular expression[, exit code, default 1]). The
# validation runner (utils/atm-validation, run with this build) reports argument errors the way
# Python's argparse does, with exit code 2.

R = r"run with --help for every option and its default"

cases = [
    # atm-n-source: counts, sizes and rates
    ("negative source count", "atm-n-source --nSources=-3",
     r"atm-n-source: invalid --nSources=-3: expected an integer in \[1, 32000\]"),
    ("zero sources", "atm-n-source --nSources=0", r"invalid --nSources=0: expected an integer in \[1, 32000\]"),
    ("fractional source count", "atm-n-source --nSources=1.5", r"invalid --nSources=1\.5: expected an integer"),
    ("source count overflowing 64 bits", "atm-n-source --nSources=99999999999999999999999",
     r"invalid --nSources=99999999999999999999999: expected an integer in \[1, 32000\]"),
    ("negative credits", "atm-n-source --credits=-1", r"invalid --credits=-1: expected an integer in \[0, 1000000\]"),
    ("negative access delay", "atm-n-source --accessDelay=-1ms",
     r"invalid --accessDelay=-1ms: expected a time in \[0s, 100s\]"),
    ("negative trunk delay", "atm-n-source --trunkDelay=-5us", r"invalid --trunkDelay=-5us: expected a time in \[0s, 100s\]"),
    ("threshold above the buffer", "atm-n-source --policy=epd --threshold=1.5",
     r"invalid --threshold=1\.5: expected a number in \[0, 1\]"),
    ("zero threshold", "atm-n-source --policy=epd --threshold=0", r"invalid --threshold=0: expected a number in \(0, 1\)"),
    ("MSS beyond one AAL5 frame", "atm-n-source --mss=100000", r"invalid --mss=100000: expected an integer in \[1, 65487\]"),
    ("zero MSS", "atm-n-source --mss=0", r"invalid --mss=0: expected an integer in \[1, 65487\]"),
    ("window smaller than a segment", "atm-n-source --window=100",
     r"invalid --window=100: the window \(100 bytes\) must hold at least one 512-byte segment"),
    ("empty buffer", "atm-n-source --bufferCells=0", r"invalid --bufferCells=0: expected an integer in \[1, 4000000\]"),
    ("unknown buffer policy", "atm-n-source --policy=red",
     r"invalid --policy=red: expected one of tail ppd epd .* or the TypeId name of an AtmBufferPolicy subclass"),
    ("TypeId that is not a buffer policy", "atm-n-source --policy=ns3::TcpSocket",
     r"invalid --policy=ns3::TcpSocket: expected one of tail"),
    ("unparsable link rate", "atm-n-source --linkRate=fast", r"invalid --linkRate=fast: expected a cell rate"),
    ("zero link rate", "atm-n-source --linkRate=0", r"invalid --linkRate=0: expected a cell rate: .*a rate must be positive"),
    ("unknown delay preset", "atm-n-source --delays=mars", r"invalid --delays=mars: expected one of lan, wan"),
    ("unknown TCP variant", "atm-n-source --tcp=cubic", r"invalid --tcp=cubic: expected one of vanilla, reno, newreno, sack"),
    ("unknown TCP preset family", "atm-n-source --source=linux", r"invalid --source=linux: expected one of bsd, sandia, jain"),
    ("zero duration", "atm-n-source --duration=0s", r"invalid --duration=0s: expected a time in \[1ns, 1000000s\]"),
    ("negative duration", "atm-n-source --duration=-1s", r"invalid --duration=-1s: expected a time in \[1ns"),
    ("duration with an unknown unit", "atm-n-source --duration=10parsecs",
     r"invalid --duration=10parsecs: expected a time in .*with a unit: s, ms, us, ns"),
    ("duration beyond ns3::Time", "atm-n-source --duration=1e300s", r"invalid --duration=1e300s: expected a time in"),
    ("unknown tick phase", "atm-n-source --tickPhase=sometimes", r"invalid --tickPhase=sometimes: expected one of common, random"),
    ("per-VC limit with a shared-buffer policy", "atm-n-source --perVcBufferCells=100",
     r"invalid --perVcBufferCells=100: policy ns3::TailDropBufferPolicy has no per-VC queue limit; use --policy=drop-tail"),
    ("guaranteed rate above the link", "atm-n-source --vbrOnTime=300ms --gr=1.5", r"invalid --gr=1\.5: expected a number in \[0, 1\]"),
    ("VBR OFF period without a VBR source", "atm-n-source --vbrOffTime=100ms",
     r"invalid --vbrOffTime=100ms: give --vbrOnTime as well"),
    ("not-a-number scaling", "atm-n-source --policy=sd --z=nan", r"invalid --z=nan: expected a number in \[0, 1\]"),
    ("boolean that is not one", "atm-n-source --perVcQueues=maybe", r"invalid --perVcQueues=maybe: expected true, false, 1 or 0"),
    ("negative start jitter", "atm-n-source --startJitter=-1ms", r"invalid --startJitter=-1ms: expected a time in \[0s, 100s\]"),
    ("trace directory that cannot be created", "atm-n-source --traceDir=/proc/atm-no-trace",
     r"atm-n-source: invalid --traceDir=/proc/atm-no-trace: expected a directory that can be created and written \(cannot create /proc/atm-no-trace: "),
    ("trace directory under a file", "atm-n-source --traceDir=/dev/null/traces",
     r"invalid --traceDir=/dev/null/traces: expected a directory that can be created and written \(/dev/null is not a directory\)"),
    ("trace interval without a trace directory", "atm-n-source --traceInterval=2ms",
     r"invalid --traceInterval=2ms: give --traceDir as well"),
    ("misspelt option (ns-3's own check)", "atm-n-source --nSoruces=5", r"Invalid command-line argument: --nSoruces=5"),
    # atm-first: MTU, encapsulation, sizes
    ("MTU below IPv4's minimum", "atm-first --mtu=40", r"atm-first: invalid --mtu=40: expected an integer in \[68, 65535\]"),
    ("MTU beyond one AAL5 frame with LLC/SNAP", "atm-first --mtu=65535",
     r"invalid --mtu=65535: expected at most 65527 with LlcSnap"),
    ("unknown encapsulation", "atm-first --encapsulation=Ethernet", r"invalid --encapsulation=Ethernet: expected one of LlcSnap, VcMux"),
    ("negative trunk rate", "atm-first --trunkRate=-5Mbps", r"invalid --trunkRate=-5Mbps: expected a cell rate"),
    ("negative window", "atm-first --window=-1", r"invalid --window=-1: expected an integer in \[1, 1073725440\]"),
    ("negative byte count", "atm-first --maxBytes=-100", r"invalid --maxBytes=-100: expected an integer in \[0, "),
    ("boolean word", "atm-first --pcap=yes", r"invalid --pcap=yes: expected true, false, 1 or 0"),
    # atm-aal5-demo: labels and cell indices
    ("VPI beyond the UNI's 8 bits", "atm-aal5-demo --vpi=300",
     r"atm-aal5-demo: invalid --vpi=300: expected at most 255 at the UNI \(8-bit VPI\); add --nni"),
    ("VPI beyond the NNI's 12 bits", "atm-aal5-demo --nni=1 --vpi=5000", r"invalid --vpi=5000: expected an integer in \[0, 4095\]"),
    ("VCI beyond 16 bits", "atm-aal5-demo --vci=70000", r"invalid --vci=70000: expected an integer in \[0, 65535\]"),
    ("the old 'none' sentinel for a cell index", "atm-aal5-demo --dropCell=-1",
     r"invalid --dropCell=-1: expected an integer in \[0, 1365\]"),
    ("cell index past the PDU", "atm-aal5-demo --dropCell=5",
     r"invalid --dropCell=5: not a cell index: the PDU has 3 cells, 0\.\.2"),
    ("IP packet shorter than its headers", "atm-aal5-demo --ipBytes=20", r"invalid --ipBytes=20: expected an integer in \[28, 65535\]"),
    ("IP packet beyond one AAL5 frame", "atm-aal5-demo --ipBytes=65535",
     r"invalid --ipBytes=65535: expected at most 65527 with LlcSnap"),
    # atm-cbr-window: contracts, delays, TCP options
    ("zero PCR", "atm-cbr-window --pcr=0", r"atm-cbr-window: invalid --pcr=0: expected a cell rate: .*a rate must be positive"),
    ("RTT shorter than the access links", "atm-cbr-window --rtt=1us --accessDelay=5us",
     r"invalid --rtt=1us: shorter than four access delays of 5us"),
    ("packet train and shaper together", "atm-cbr-window --spacing=10us",
     r"invalid --spacing=10us: the packet train \(--spacing/--gap\) and --shaping \(PcrShaper\) exclude each other"),
    ("warm-up past the end", "atm-cbr-window --duration=10s --warmup=20s", r"invalid --warmup=20s: expected a time below --duration"),
    ("zero write size", "atm-cbr-window --tsdu=0", r"invalid --tsdu=0: expected an integer in \[1, 1073741824\]"),
    ("segment larger than the MTU", "atm-cbr-window --mss=9200",
     r"invalid --mss=9200: a segment of 9200 bytes \+ 40 \+ 0 option bytes exceeds --mtu=9180"),
    ("delayed-ACK mode out of range", "atm-cbr-window --delayedAck=2", r"invalid --delayedAck=2: expected an integer in \[0, 1\]"),
    ("the old 'preset' sentinel for timestamps", "atm-cbr-window --timestamps=-1",
     r"invalid --timestamps=-1: expected an integer in \[0, 1\]"),
    ("zero duplicate-ACK threshold", "atm-cbr-window --dupAckThreshold=0",
     r"invalid --dupAckThreshold=0: expected an integer in \[1, 1000\]"),
    # atm-vbr-police: VBR contract and shaper
    ("unknown policing action", "atm-vbr-police --action=shape", r"atm-vbr-police: invalid --action=shape: expected one of drop, tag"),
    ("sustained rate without a peak", "atm-vbr-police --shaperScr=3000",
     r"invalid --shaperScr=3000: a VBR shaper needs --shaperRate"),
    ("sustained rate above the peak", "atm-vbr-police --shaperRate=2000 --shaperScr=3000",
     r"invalid --shaperScr=3000: expected at most --shaperRate=2000"),
    ("threshold for a policy without one", "atm-vbr-police --policyThreshold=100",
     r"invalid --policyThreshold=100: policy ns3::TailDropBufferPolicy has no ThresholdCells"),
    ("unknown shaper convention", "atm-vbr-police --shaperConvention=bits",
     r"invalid --shaperConvention=bits: expected one of line424, payload384"),
    ("zero burst size", "atm-vbr-police --mbs=0", r"invalid --mbs=0: expected an integer in \[1, 1000000\]"),
    ("shaper rate below one bit per second", "atm-vbr-police --shaperRate=0.0000001",
     r"invalid --shaperRate=0\.0000001: expected 0 \(none\) or a rate of at least 0\.001 kb/s"),
    # atm-vp-split: bunches and the TEN34 cases
    ("unknown case", "atm-vp-split --case=C", r"atm-vp-split: invalid --case=C: expected one of A, B"),
    ("no connection at all", "atm-vp-split --k=0", r"invalid --k=0: no connection at all"),
    ("the old '--k' sentinel for a bunch", "atm-vp-split --k0=-1", r"invalid --k0=-1: expected an integer in \[0, 1000\]"),
    ("zero timer tick", "atm-vp-split --timerTick=0s", r"invalid --timerTick=0s: expected a time in \[1ns, 100s\]"),
    # atm-faults: fault injection
    ("cell loss ratio above one", "atm-faults --clr=2", r"atm-faults: invalid --clr=2: expected a number in \[0, 1\]"),
    ("bit error rate above one half", "atm-faults --headerBer=0.6", r"invalid --headerBer=0\.6: expected a number in \[0, 0\.5\]"),
    ("negative outage", "atm-faults --downFor=-1ms", r"invalid --downFor=-1ms: expected a time in \[0s, 1000000s\]"),
    ("MTU below what every IPv4 host accepts", "atm-faults --mtu=500", r"invalid --mtu=500: expected an integer in \[576, 65527\]"),
    ("nothing to transfer", "atm-faults --maxBytes=0", r"invalid --maxBytes=0: expected an integer in \[1, "),
    # bench/: the benchmark and the soak program
    ("benchmark without flows", "atm-bench --nSources=0", r"atm-bench: invalid --nSources=0: expected an integer in \[1, 32000\]"),
    ("unknown benchmark mode", "atm-bench --mode=fast", r"invalid --mode=fast: expected one of atm, p2p, both"),
    ("soak without a flat phase", "atm-soak --warmup=1", r"atm-soak: invalid --warmup=1: expected a fraction in \[0, 1\)"),
    ("negative soak length", "atm-soak --cellHops=-1e9", r"invalid --cellHops=-1e9: expected a number in \[1, 1e\+15\]"),
    # utils/atm-validation: counts, scales and paths, refused before any simulation
    ("runner: zero seeds", "atm-validation --targets SANDIA-SEL --seeds 0",
     r"argument --seeds: 0 is not above zero", 2),
    ("runner: negative jobs", "atm-validation --targets SANDIA-SEL --jobs -1",
     r"argument --jobs: -1 is not above zero", 2),
    ("runner: not-a-number duration scale", "atm-validation --targets SANDIA-SEL --duration-scale nan",
     r"argument --duration-scale: nan is not above zero", 2),
    ("runner: unknown target", "atm-validation --targets SANDIA-NOPE",
     r"unknown target\(s\) \['SANDIA-NOPE'\]; see --list", 2),
    ("runner: build directory without the examples", "atm-validation --targets SANDIA-SEL --build /proc/atm-no-build",
     r"/proc/atm-no-build/examples/atm-n-source not found: build the module first"),
    ("runner: output directory that cannot be created", "atm-validation --targets SANDIA-SEL --out /proc/atm-no-out",
     r"--out /proc/atm-no-out: cannot create the directory"),
    ("runner: database in a folder that cannot be created", "atm-validation --targets SANDIA-SEL --db /proc/atm-no-db/runs.sqlite",
     r"--db: the folder of /proc/atm-no-db: cannot create the directory"),
]
