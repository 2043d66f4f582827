# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the validation pipeline against fake example programs (no simulator needed):
python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the repository root)."""

import contextlib
import io
import json
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

RUNNER = Path(__file__).resolve().parents[1] / "atm-validation"

# The atm-n-source fake has --traceDir (as the examples do): --help lists it, and with it the fake
# writes a small trace and its arguments (argv.txt) into the directory.
FAKE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, os, sys
    if sys.argv[1:] == ["--help"]:
        print("    --traceDir:  write per-flow and per-port time series"); sys.exit(0)
    a = dict(x[2:].split("=", 1) for x in sys.argv[1:] if x.startswith("--"))
    n = int(a.get("nSources", 1)); seed = int(a["RngRun"])
    if a.get("policy") == "crash":
        sys.exit("fake: crash requested")
    if "traceDir" in a:
        os.makedirs(a["traceDir"], exist_ok=True)
        with open(os.path.join(a["traceDir"], "tcp.csv"), "w") as f:
            f.write("time_s,flow,metric,value\\n0.001000000,0,cwnd_bytes,512\\n"
                    "0.002000000,0,cwnd_bytes,1024\\n0.003000000,0,timeout,1\\n")
        with open(os.path.join(a["traceDir"], "ports.csv"), "w") as f:
            f.write("time_s,port,metric,value\\n0.001000000,sw0-trunk,queue_cells,3\\n"
                    "0.001000000,sw0-trunk,queue_max_cells,5\\n")
        with open(os.path.join(a["traceDir"], "argv.txt"), "w") as f:
            f.write(" ".join(sys.argv[1:]))
    c = 138.68
    good = {"vc-tail": 14.0, "drop-tail": 18.0, "drop-whole": 22.0}.get(a.get("policy"), c / n)
    x = [good + 0.01 * seed] * n
    print(json.dumps({"nSources": n, "goodputMbps": x, "totalGoodputMbps": sum(x),
        "maxGoodputMbps": c, "efficiency": sum(x) / c, "fairness": 1.0, "cellsDropped": 0,
        "cellLossRatio": 0.0, "retransmissions": 0, "retransmissionPercent":
        {"vc-tail": 30.0, "drop-tail": 20.0, "drop-whole": 1.0}.get(a.get("policy"), 0.0),
        "effectiveUtilization": 0.99, "rawUtilization": 0.99, "meanRttMs": 3.8 * n}))
    ''')

# One fake for atm-cbr-window, atm-vbr-police and atm-vp-split: every key their targets read.
FAKE_CBR = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, sys
    a = dict(x[2:].split("=", 1) for x in sys.argv[1:] if x.startswith("--"))
    w = int(a.get("window", 65535)); mss = 9140; rtt = 63.0
    g = min(13.0, w * 8 / (rtt / 1e3) / 1e6)
    print(json.dumps({"goodputMbps": g, "maxGoodputMbps": 13.7, "cellsLost": 0,
        "cellLossRatio": 0.0, "retransmissionPercent": 1.0, "conformingPackets": -1,
        "window": w, "mss": mss, "rttMs": rtt, "ceilingCellsPerSec": 36000,
        "cellsPerSegment": 192, "scrGoodputMbps": 2.0, "pcrCellsPerSec": 36000,
        "scrCellsPerSec": 5208, "sourceCellsPerSec": 5000, "upcDiscarded": 0,
        "taggedFraction": 0.0, "vcFairness": 1.0, "vcGoodputMbps": [g / 2, g / 2],
        "fairness": 1.0, "vcPcrCellsPerSec": 36000, "windowLimitMbps": w * 8 / (rtt / 1e3) / 1e6,
        "reverseGoodputMbps": g if int(a.get("kr", 0)) else 0.0,
        "vpPayloadMbps": 13.824, "durationArg": a.get("duration"),
        "warmupArg": a.get("warmup")}))
    ''')


def fake_cbr_metrics(options):
    """What FAKE_CBR prints for these options, computed in this process."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = ["fake"] + [f"--{k}={v}" for k, v in options.items()]
    try:
        with contextlib.redirect_stdout(out):
            exec(FAKE_CBR.split("\n", 1)[1], {"__name__": "fake"})
    finally:
        sys.argv = argv
    return json.loads(out.getvalue())


def fake_udp_metrics(options):
    """atm-udp's physics without the simulator: the loss-free limit of an idle GCRA for
    unshaped UBR, PCR x 8 S / cells(S) for a shaped CBR VC, losses above the VP rate."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from atmval.targets.ten34_udp import burst_cells, cells_per_datagram  # noqa: E402
    size = int(options["size"])
    vp = 2e6 / 384 if options.get("vpRate") == "2Mbps@payload" else float(options["vpRate"])
    cdvt = float(str(options.get("cdvt", "100us")).replace("us", ""))
    cells = cells_per_datagram(size)
    n = burst_cells(vp, cdvt, 12.5)
    ubr = options.get("contract") == "ubr"
    pcr = 353207.5 if ubr else float(options.get("pcr", vp))
    sent = int(options.get("datagrams", 0)) or 1000
    if ubr:
        lost = 0 if options.get("vpShaping") == "true" or n is None or cells <= n else sent
    else:
        lost = round(sent * min(1.0, cells * max(0.0, 1 - vp / pcr)))
    good = pcr * 8 * size / cells / 1e6
    return {"size": size, "datagramsSent": sent, "datagramsReceived": sent - lost,
            "datagramLoss": lost / sent, "upcDiscarded": lost, "cellsPerDatagram": cells,
            "pcrCellsPerSec": pcr, "vpCellsPerSec": vp, "pcrGoodputMbps": good,
            "goodputSenderMbps": good, "goodputReceiverMbps": good * (1 - lost / sent),
            "burstCells": n if n is not None else -1,
            "largestLossFreeIpBytes": 48 * n - 16 if n is not None else -1,
            "ledgerHolds": True}


def fake_metrics(program, options):
    """Two seeds of plausible metrics of one run of ``program`` (every key a check reads)."""
    n = int(options.get("nSources", 1))
    if program == "atm-scheduler-share":
        k = len(str(options.get("weights", "1,1")).split(","))
        return [{"cellsPerSecond": [50000.0 + s] * k, "share": [1.0 / k] * k}
                for s in (0, 1)]
    if program == "atm-gfr-workstation":
        mcr = [float(options.get("privilegedMcr", 100000))] + \
            [float(options.get("backgroundMcr", 20000))] * int(options.get("background", 9))
        return [{"privilegedMcr": mcr[0], "backgroundMcr": mcr[1], "cellLossRatio": 0.0,
                 "goodputMbps": [x / 5000 + s for x in mcr],
                 "durationS": 250.0, "warmupS": 0.0,
                 "stations": [{"goodputMbps": x / 5000 + s, "mcrMbps": x / 2600,
                               "taggedFraction": 0.3, "meanRttMs": 12.0 + s, "timeouts": 40}
                              for x in mcr]} for s in (0, 1)]
    if program == "atm-router-bundle":
        mcr = [float(x) for x in str(options.get("mcr", "2,4,6,8,10")).split(",")]
        pairs = {"five": 5, "jain-dfba": 5}.get(options.get("topology"), 10)
        mcr = (mcr * pairs)[:pairs] if len(mcr) < pairs else mcr
        return [{"durationS": 200.0, "warmupS": 0.0, "clp0Share": 0.6 + 0.01 * s,
                 "sourcesPerRouter": 20, "mss": 1460,
                 "cellLossRatio": 0.01, "meanOccupancyCells": 5000.0 + s,
                 "goodputMbps": [0.8 * x + s for x in mcr],
                 "routers": [{"goodputMbps": 0.8 * x + s, "optimumMbps": 0.86 * x,
                              "mcrCellsPerSecond": x * 1e6 / 424,
                              "mcrGoodputMbps": 0.86 * x, "backboneMbps": 0.9 * x,
                              "taggedFraction": 0.3, "corruptedPdusPerSecond": 1.0,
                              "timeouts": 5, "retransmissions": 10} for x in mcr]}
                for s in (0, 1)]
    if program == "atm-abr-routers":
        m = float(options.get("mFactor", 1))
        acr = [16.0, 4.5, 4.5, 4.5, 4.5] if m > 1 else [6.8] * 5
        return [{"durationS": 20.0, "warmupS": 10.0, "cellsDropped": 0, "meanQueueCells": 100.0,
                 "maxQueueCells": 200, "acrSeriesIntervalS": 0.5,
                 "goodputMbps": [0.83 * a + 0.01 * s for a in acr],
                 "acrMbps": acr,
                 "routers": [{"goodputMbps": 0.83 * a + 0.01 * s, "acrMbps": a + 0.01 * s,
                              "optimumMbps": 5.66, "backboneMbps": a, "mFactor": 1.0,
                              "acrSeriesMbps": [0.0, a, a], "retransmissions": 10,
                              "timeouts": 0, "routerQueueDrops": 5} for a in acr]}
                for s in (0, 1)]
    if program == "atm-spims":
        request = int(options.get("requestBytes", 1000))
        return [{"transactionTimeMs": 100.0 * (1 + request / 32768) + s, "cellsLost": 0,
                 "throughputKBps": request / (100.0 + s), "ledgersHold": True}
                for s in (0, 1)]
    if program == "atm-cdv":
        points = 5 if options.get("path") == "long" else 3
        interval = {"1.1": 0.381, "1.6": 0.254, "0.5": 0.7625}[options.get("rate", "1.1")]
        return [{"switchesBefore": [0, 1, 5, 9, 12][:points], "meanIatMs": [interval] * points,
                 "iatSpreadUs": [2.8 + 10 * k + s for k in range(points)],
                 "lMinMs": [0.0028 + 0.01 * k for k in range(points)],
                 "fractionAbove": [0.57 - 0.03 * k for k in range(points)],
                 "cellsLost": 0, "ledgersHold": True} for s in (0, 1)]
    if program == "atm-bundle":
        n = int(options.get("connections", 2))
        bidir = options.get("mix", "").startswith("bidir")
        per = min(197.0, 1190.0 / (n / 2 if bidir else n))
        gets = n // 2 if bidir else n
        return [{"getKBps": [per + s] * gets, "putKBps": [per] * (n - gets), "firstKBps": per,
                 "firstTransactionMs": 300.0 + 80 * (n - 1) + s,
                 "aggregateKBps": per * n, "pcrCellsPerSecond": 26041.7, "cellsLost": 0,
                 "ledgersHold": True} for s in (0, 1)]
    if program == "atm-www":
        n = int(options.get("clients", 100))
        c = 37.8 if options.get("delay") == "wan" else 40.4
        return [{"clients": n, "throughputMbps": [0.36 + 0.001 * s] * n,
                 "demandMbps": [0.44] * n, "efficiency": 0.95 + 0.01 * s, "fairness": 0.96,
                 "maxGoodputMbps": c, "offeredLoadMbps": 44.0 + s, "lawOfferedLoadMbps": 44.16,
                 "unexpectedBytes": 0, "bufferCells": 1062, "trunkMaxQueueCells": 1062,
                 "cellsDropped": 1000 + s, "trunkCellsDropped": 1000 + s, "ledgersHold": True}
                for s in (0, 1)]
    if program == "atm-abr-vsvd":
        vsvd = options.get("vsvd") == "true"
        return [{"nSources": n, "goodputMbps": [20.0 + s] * n, "efficiency": 0.8 + 0.01 * s,
                 "cellsDropped": 0, "ledgersHold": True, "satelliteLoopCells": 15992.2,
                 "terrestrialLoopCells": 3011.4, "wholeLoopCells": 19003.5,
                 "sw0MaxQueueCells": (4000 if vsvd else 5) + s,
                 "sw1MaxQueueCells": (2000 if vsvd else 17000) + s} for s in (0, 1)]
    if program == "atm-udp":
        return [fake_udp_metrics(options) for _ in (0, 1)]
    if program != "atm-n-source":
        return [dict(fake_cbr_metrics(options), connectionGoodputMbps=[1.0 + s, 1.0],
                     fairness=0.95, timeouts=1, retransmissions=2, discardedFraction=0.1)
                for s in (0, 1)]
    return [{"nSources": n, "goodputMbps": [10.0 + s] * n, "totalGoodputMbps": (10.0 + s) * n,
             "maxGoodputMbps": 135.0, "efficiency": 0.9 + 0.01 * s, "fairness": 0.95,
             "cellsSent": 1000, "cellsDropped": 10, "cellLossRatio": 0.01, "retransmissions": 5,
             "retransmissionPercent": 1.0, "timeouts": 1, "meanRttMs": 30.0,
             "rawUtilization": 0.99, "effectiveUtilization": 0.95, "vbrShare": 0.5,
             "vbrCellsDropped": 0, "ledgersHold": True} for s in (0, 1)]


class TraceOptionsTest(unittest.TestCase):
    """The options of a target's traced re-run (runner.trace_options, runner.seconds)."""

    @classmethod
    def setUpClass(cls):
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from atmval import runner
        cls.runner = runner

    def test_seconds(self):
        s = self.runner.seconds
        self.assertEqual(s("5s"), 5.0)
        self.assertEqual(s("250ms"), 0.25)
        self.assertEqual(s("2min"), 120.0)
        self.assertEqual(s(3), 3.0)
        self.assertAlmostEqual(s("1e3us"), 1e-3)
        for bad in ("fast", "5 parsecs", ""):
            self.assertIsNone(s(bad), bad)

    def test_short_runs_are_kept(self):
        for options in ({"duration": "5s", "k": 1}, {"duration": "300ms"}, {"nSources": 5}):
            self.assertEqual(self.runner.trace_options(options), (options, ""))

    def test_long_runs_are_capped_with_their_warmup(self):
        options, note = self.runner.trace_options({"case": "A", "duration": "30s",
                                                   "warmup": "5s"})
        self.assertEqual(options, {"case": "A", "duration": "5s", "warmup": "0.833333s"})
        self.assertEqual(note, "its duration capped at 5 s of the run's 30 s, warm-up 5s scaled "
                               "to 0.833333s")
        options, note = self.runner.trace_options({"duration": "2min"}, cap=10)
        self.assertEqual(options, {"duration": "10s"})


class PipelineTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        self.fake = self.dir / "fake"
        self.fake.write_text(FAKE)
        self.fake.chmod(0o755)

    def tearDown(self):
        self.tmp.cleanup()

    def run_runner(self, *args):
        return subprocess.run([sys.executable, str(RUNNER), "--binary", str(self.fake),
                               "--build", str(self.dir), "--out", str(self.dir / "out"), *args],
                              capture_output=True, text=True)

    def test_report_db_figures_and_reuse(self):
        p = self.run_runner("--targets", "SANDIA-SEL,SANDIA-FAIR", "--seeds", "2")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = self.dir / "out"
        report = (out / "report.md").read_text()
        for needle in ("## SANDIA-SEL", "## SANDIA-FAIR", "FC per-session goodput", "| hard |",
                       "known deviations (`doc/validation/sandia.rst`"):
            self.assertIn(needle, report)
        db = sqlite3.connect(out / "runs.sqlite")
        self.assertEqual(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 12)
        row = db.execute("SELECT metrics, seed, module_commit FROM runs LIMIT 1").fetchone()
        self.assertIn("efficiency", json.loads(row[0]))
        for fig in ("sandia-sel.png", "sandia-fair.png"):
            self.assertGreater((out / "figures" / fig).stat().st_size, 1000)
        summary = json.loads((out / "summary.json").read_text())
        self.assertEqual([t["id"] for t in summary["targets"]], ["SANDIA-SEL", "SANDIA-FAIR"])
        # The time series: each target's first run once more with --traceDir (seed 1, its own
        # 5 s), not stored, drawn and linked from the target's own section.
        sel = report[report.index("## SANDIA-SEL"):report.index("## SANDIA-FAIR")]
        self.assertIn("Time series of one run: `atm-n-source --source=sandia ", sel)
        self.assertIn("--duration=5s --RngRun=1 --traceDir=traces/SANDIA-SEL` (the target's "
                      "first run, seed 1).", sel)
        self.assertIn("![SANDIA-SEL: time series of one run](figures/SANDIA-SEL-traces.png)",
                      sel)
        self.assertIn("figures/SANDIA-FAIR-traces.png", report[report.index("## SANDIA-FAIR"):])
        self.assertIn("- time series: each target's first run (seed 1) once more", report)
        for t in ("SANDIA-SEL", "SANDIA-FAIR"):
            self.assertGreater((out / "figures" / f"{t}-traces.png").stat().st_size, 1000)
        argv = (out / "traces" / "SANDIA-SEL" / "argv.txt").read_text().split()
        self.assertIn("--RngRun=1", argv)
        self.assertIn(f"--traceDir={out / 'traces' / 'SANDIA-SEL'}", argv)
        self.assertEqual(summary["targets"][0]["traces"]["figure"],
                         "figures/SANDIA-SEL-traces.png")
        # --reuse: nothing new is run, the traced runs included
        stamp = (out / "traces" / "SANDIA-SEL" / "run.json").stat().st_mtime_ns
        p = self.run_runner("--targets", "SANDIA-SEL,SANDIA-FAIR", "--seeds", "2", "--reuse")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("(12 reused)", p.stderr)
        self.assertIn("2 traced runs for the time series (2 reused)", p.stderr)
        self.assertEqual(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 12)
        self.assertEqual((out / "traces" / "SANDIA-SEL" / "run.json").stat().st_mtime_ns, stamp)
        self.assertIn("figures/SANDIA-SEL-traces.png", (out / "report.md").read_text())

    def test_no_traces(self):
        p = self.run_runner("--targets", "SANDIA-SEL", "--seeds", "1", "--no-traces")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = self.dir / "out"
        report = (out / "report.md").read_text()
        self.assertNotIn("Time series of one run", report)
        self.assertIn("- time series: none (--no-traces)", report)
        self.assertFalse((out / "traces").exists())
        self.assertFalse((out / "figures" / "SANDIA-SEL-traces.png").exists())
        self.assertTrue((out / "figures" / "sandia-sel.png").exists())

    def test_long_run_traced_for_five_seconds(self):
        # JAIN-ICCCN-WAN's runs last 20 s: the traced one is cut to 5 s (the report says so).
        p = self.run_runner("--targets", "JAIN-ICCCN-WAN", "--seeds", "1")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = self.dir / "out"
        argv = (out / "traces" / "JAIN-ICCCN-WAN" / "argv.txt").read_text().split()
        self.assertIn("--duration=5s", argv)
        report = (out / "report.md").read_text()
        self.assertIn("--duration=5s --RngRun=1 --traceDir=traces/JAIN-ICCCN-WAN` (the target's "
                      "first run, seed 1; its duration capped at 5 s of the run's 20 s).", report)
        db = sqlite3.connect(out / "runs.sqlite")
        key = json.loads(db.execute("SELECT key FROM runs ORDER BY id LIMIT 1").fetchone()[0])
        self.assertEqual(key["options"]["duration"], "20s")  # the measurements keep theirs

    def test_hard_failure_and_strict(self):
        # The fake's drop-whole reaches 22.0 of FC's 23.1: passes; with --strict the exit code
        # follows the hard checks (SANDIA-SEL's fake data satisfy them except none).
        p = self.run_runner("--targets", "SANDIA-SEL", "--seeds", "1", "--strict")
        summary = json.loads((self.dir / "out" / "summary.json").read_text())
        hard = [c for c in summary["targets"][0]["checks"] if c["hard"]]
        self.assertTrue(hard)
        self.assertEqual(p.returncode, 0 if all(c["ok"] for c in hard) else 1, p.stderr)

    def test_crash_gives_exit_2_and_names_the_run(self):
        self.fake.write_text(FAKE.replace('a.get("policy") == "crash"', 'True'))
        p = self.run_runner("--targets", "SANDIA-FAIR", "--seeds", "1")
        self.assertEqual(p.returncode, 2, p.stderr)
        report = (self.dir / "out" / "report.md").read_text()
        self.assertIn("## Failed runs", report)
        self.assertIn("fake: crash requested", report)
        # The traced run crashed as well: said in the target's section, not a failed run.
        self.assertIn("No time-series figure: the traced run failed (exit 1): fake: crash "
                      "requested.", report)

    def test_every_target_checks_and_draws_on_fake_results(self):
        # The full set's checks and figures run only after hours of simulation: exercise every
        # target's checks and figure on plausible fake metrics, two seeds per run.
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from atmval import core, report  # noqa: E402
        from atmval.targets import all_targets  # noqa: E402
        for t in all_targets():
            res = core.Results()
            for run in t.runs:
                for m in fake_metrics(t.program, run.options):
                    res.add(run.params, run.label, m)
            with self.subTest(target=t.id):
                rows = t.check(res)
                self.assertTrue(rows, "no check row on a complete set of runs")
                for c in rows:
                    self.assertIsInstance(c.ok, bool)
                self.assertEqual(report.draw(t, res, self.dir), f"{t.id.lower()}.png")

    def test_cbr_vbr_targets_seeds_scaling_and_figures(self):
        examples = self.dir / "examples"
        examples.mkdir()
        for prog in ("atm-cbr-window", "atm-vbr-police", "atm-vp-split"):
            (examples / prog).write_text(FAKE_CBR)
            (examples / prog).chmod(0o755)
        p = self.run_runner("--targets", "TEN34-WINDOW,TEN34-VP-SPLIT", "--seeds", "2",
                            "--duration-scale", "0.1")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = self.dir / "out"
        db = sqlite3.connect(out / "runs.sqlite")
        # TEN34-WINDOW is deterministic (max_seeds 1): 8 windows, one seed each.
        self.assertEqual(db.execute("SELECT COUNT(*), MAX(seed) FROM runs WHERE target = "
                                    "'TEN34-WINDOW'").fetchone(), (8, 1))
        self.assertEqual(db.execute("SELECT COUNT(*), MAX(seed) FROM runs WHERE target = "
                                    "'TEN34-VP-SPLIT'").fetchone(), (24, 2))
        # The warm-up shrinks with the duration (20 s and 3 s at 0.1).
        m = json.loads(db.execute("SELECT metrics FROM runs WHERE target = 'TEN34-WINDOW' "
                                  "LIMIT 1").fetchone()[0])
        self.assertEqual((m["durationArg"], m["warmupArg"]), ("2s", "0.3s"))
        program, key, params = db.execute("SELECT program, key, params FROM runs WHERE target = "
                                          "'TEN34-WINDOW' ORDER BY id LIMIT 1").fetchone()
        self.assertEqual(program, "atm-cbr-window")
        self.assertEqual(json.loads(key)["program"], "atm-cbr-window")
        self.assertEqual(json.loads(key)["options"]["duration"], "2s")  # the scaled run's own
        self.assertIn(json.loads(params)["window"], (16384, 32768))
        report = (out / "report.md").read_text()
        for needle in ("## TEN34-WINDOW", "## TEN34-VP-SPLIT", "× 1 seed (deterministic)",
                       "throughput non-decreasing in the window", "case B aggregate > case A"):
            self.assertIn(needle, report)
        for fig in ("ten34-window.png", "ten34-vp-split.png"):
            self.assertGreater((out / "figures" / fig).stat().st_size, 1000)
        # These fakes have no --traceDir (their --help lists none): no time series for them.
        self.assertNotIn("Time series of one run", report)
        self.assertFalse((out / "traces").exists())

    def test_list(self):
        p = self.run_runner("--list")
        self.assertEqual(p.returncode, 0)
        self.assertIn("JAIN-ICCCN-LAN", p.stdout)
        self.assertIn("JAIN-BUF", p.stdout)
        for t in ("BON-CBR-PILOT", "BON-CBR-PILOT-C1", "BON-VBR-LAN", "TEN34-WINDOW",
                  "TEN34-VBR-POLICE", "TEN34-VP-SPLIT", "CRC-WAN-WINDOW"):
            self.assertIn(t, p.stdout)
        self.assertIn("atm-cbr-window (1 seed)", p.stdout)


if __name__ == "__main__":
    unittest.main()
