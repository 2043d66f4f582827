# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the report's time series (report.write with the traced runs, runner.draw_trace) on
fake results and hand-written traces, no simulator needed:
python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the repository root)."""

import json
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from atmval import core, report, runner  # noqa: E402
from atmval.targets import all_targets  # noqa: E402

TCP = textwrap.dedent('''\
    time_s,flow,metric,value
    0.001000000,0,cwnd_bytes,9140
    0.002000000,0,cwnd_bytes,18280
    0.003000000,0,timeout,1
    0.003000000,0,cwnd_bytes,9140
    ''')
PORTS = textwrap.dedent('''\
    time_s,port,metric,value
    0.001000000,sw0-s1,queue_cells,40
    0.001000000,sw0-s1,queue_max_cells,41
    0.002000000,sw0-s1,queue_cells,60
    0.002000000,sw0-s1,queue_max_cells,60
    0.002000000,sw0-s1,drop_taildrop_buffer_full_cells,7
    ''')

META = {"date": "2024-01-01T00:00:00", "commit": "abc1234", "ns3": "3.37", "set": "quick",
        "seeds": 1, "wall": 10.0, "cpu": 20.0, "runs": 4, "reused": 0, "jobs": 2,
        "durationScale": 1.0, "command": "python3 utils/atm-validation --seeds 1"}


def sandia_sel():
    """SANDIA-SEL with plausible fake metrics for every run (one seed)."""
    t = next(t for t in all_targets() if t.id == "SANDIA-SEL")
    res = core.Results()
    for run in t.runs:
        n = int(run.options.get("nSources", 1))
        res.add(run.params, run.label,
                {"nSources": n, "goodputMbps": [20.0] * n, "totalGoodputMbps": 20.0 * n,
                 "maxGoodputMbps": 135.0, "efficiency": 0.9, "fairness": 0.95,
                 "cellsSent": 1000, "cellsDropped": 10, "cellLossRatio": 0.01,
                 "retransmissions": 5, "retransmissionPercent": 1.0, "timeouts": 1,
                 "meanRttMs": 30.0, "rawUtilization": 0.99, "effectiveUtilization": 0.95,
                 "ledgersHold": True})
    return t, res


class ReportTracesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, traces=None, meta=META):
        t, res = sandia_sel()
        report.write(self.out, meta, [(t, list(t.runs))], {t.id: res}, [], traces)
        return (self.out / "report.md").read_text()

    def test_link_in_the_targets_section_after_its_figure(self):
        info = {"shown": "atm-n-source --nSources=6 --duration=5s --RngRun=1 "
                         "--traceDir=traces/SANDIA-SEL", "note": "",
                "figure": "SANDIA-SEL-traces.png", "error": None}
        text = self.write({"SANDIA-SEL": info},
                          dict(META, traces={"off": None, "runs": 1, "reused": 0, "cpu": 3.2,
                                             "cap": 5.0}))
        line = ("Time series of one run: `atm-n-source --nSources=6 --duration=5s --RngRun=1 "
                "--traceDir=traces/SANDIA-SEL` (the target's first run, seed 1).")
        link = "![SANDIA-SEL: time series of one run](figures/SANDIA-SEL-traces.png)"
        self.assertIn(line, text)
        self.assertIn(link, text)
        # In the target's section: after its own figure, before its write-up.
        self.assertLess(text.index("## SANDIA-SEL"), text.index("](figures/sandia-sel.png)"))
        self.assertLess(text.index("](figures/sandia-sel.png)"), text.index(line))
        self.assertLess(text.index(line), text.index(link))
        self.assertLess(text.index(link), text.index("Configuration and known deviations"))
        self.assertIn("- time series: each target's first run (seed 1) once more with "
                      "`--traceDir` (`traces/<target>/`), at most 5 s of simulated time: 1 run "
                      "(0 reused), 3 s of simulation processes", text)
        summary = json.loads((self.out / "summary.json").read_text())
        self.assertEqual(summary["targets"][0]["traces"],
                         {"command": info["shown"], "note": "",
                          "figure": "figures/SANDIA-SEL-traces.png"})

    def test_capped_run_says_so(self):
        info = {"shown": "atm-vp-split --duration=5s", "figure": "X-traces.png", "error": None,
                "note": "its duration capped at 5 s of the run's 30 s"}
        self.assertIn("(the target's first run, seed 1; its duration capped at 5 s of the run's "
                      "30 s).", self.write({"SANDIA-SEL": info}))

    def test_failed_traced_run_is_said_not_linked(self):
        info = {"shown": "atm-n-source --RngRun=1", "note": "", "figure": None,
                "error": "the traced run failed (exit 1): boom"}
        text = self.write({"SANDIA-SEL": info})
        self.assertIn("No time-series figure: the traced run failed (exit 1): boom.", text)
        self.assertNotIn("-traces.png", text)
        self.assertNotIn("## Failed runs", text)  # a measurement did not fail

    def test_without_traces_the_report_is_as_before(self):
        text = self.write()
        self.assertNotIn("Time series of one run", text)
        self.assertNotIn("- time series", text)
        self.assertIn("- time series: none (--no-traces)",
                      self.write(meta=dict(META, traces={"off": "--no-traces", "runs": 0,
                                                         "reused": 0, "cpu": 0.0, "cap": 5.0})))


class DrawTraceTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def job(self, rc=0, stderr=""):
        trace = self.dir / "traces" / "TEN34-VP-SPLIT"
        trace.mkdir(parents=True)
        (trace / "tcp.csv").write_text(TCP)
        (trace / "ports.csv").write_text(PORTS)
        return {"target": "TEN34-VP-SPLIT", "label": "A k=1", "seed": 1, "dir": trace,
                "shown": "atm-vp-split --case=A --RngRun=1", "note": "", "rc": rc,
                "stderr": stderr, "wall": 1.5}

    def test_figure_named_after_the_target(self):
        info = runner.draw_trace(self.job(), self.dir / "figures")
        self.assertEqual(info["figure"], "TEN34-VP-SPLIT-traces.png")
        self.assertIsNone(info["error"])
        self.assertGreater((self.dir / "figures" / info["figure"]).stat().st_size, 1000)

    def test_failed_run_gives_its_last_error_line(self):
        info = runner.draw_trace(self.job(rc=134, stderr="line 1\naborted: x\n"),
                                 self.dir / "figures")
        self.assertIsNone(info["figure"])
        self.assertEqual(info["error"], "the traced run failed (exit 134): aborted: x")

    def test_unreadable_trace_gives_a_reason(self):
        job = self.job()
        (job["dir"] / "tcp.csv").write_text("a,b\n1,2\n")
        info = runner.draw_trace(job, self.dir / "figures")
        self.assertIsNone(info["figure"])
        self.assertIn("the figure could not be drawn:", info["error"])


if __name__ == "__main__":
    unittest.main()
