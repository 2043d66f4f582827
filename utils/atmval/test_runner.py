# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the validation pipeline against a fake atm-n-source (no simulator needed):
python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the repository root)."""

import json
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

RUNNER = Path(__file__).resolve().parents[1] / "atm-validation"

FAKE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, sys
    a = dict(x[2:].split("=", 1) for x in sys.argv[1:] if x.startswith("--"))
    n = int(a.get("nSources", 1)); seed = int(a["RngRun"])
    if a.get("policy") == "crash":
        sys.exit("fake: crash requested")
    c = 138.68
    good = {"vc-tail": 14.0, "drop-tail": 18.0, "drop-whole": 22.0}.get(a.get("policy"), c / n)
    x = [good + 0.01 * seed] * n
    print(json.dumps({"nSources": n, "goodputMbps": x, "totalGoodputMbps": sum(x),
        "maxGoodputMbps": c, "efficiency": sum(x) / c, "fairness": 1.0, "cellsDropped": 0,
        "cellLossRatio": 0.0, "retransmissions": 0, "retransmissionPercent":
        {"vc-tail": 30.0, "drop-tail": 20.0, "drop-whole": 1.0}.get(a.get("policy"), 0.0),
        "effectiveUtilization": 0.99, "rawUtilization": 0.99, "meanRttMs": 3.8 * n}))
    ''')


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
                       "Known deviations"):
            self.assertIn(needle, report)
        db = sqlite3.connect(out / "runs.sqlite")
        self.assertEqual(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 12)
        row = db.execute("SELECT metrics, seed, module_commit FROM runs LIMIT 1").fetchone()
        self.assertIn("efficiency", json.loads(row[0]))
        for fig in ("sandia-sel.png", "sandia-fair.png"):
            self.assertGreater((out / "figures" / fig).stat().st_size, 1000)
        summary = json.loads((out / "summary.json").read_text())
        self.assertEqual([t["id"] for t in summary["targets"]], ["SANDIA-SEL", "SANDIA-FAIR"])
        # --reuse: nothing new is run
        p = self.run_runner("--targets", "SANDIA-SEL,SANDIA-FAIR", "--seeds", "2", "--reuse")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("(12 reused)", p.stderr)
        self.assertEqual(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 12)

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

    def test_every_target_checks_and_draws_on_fake_results(self):
        # The full set's checks and figures run only after hours of simulation: exercise every
        # target's check() and figure on plausible fake metrics, two seeds per run.
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from atmval import report, targets  # noqa: E402
        for t in targets.all_targets():
            res = {}
            for label, opts, _ in t.runs:
                n = int(opts.get("nSources", 1))
                res[label] = [{"nSources": n, "goodputMbps": [10.0 + s] * n,
                               "totalGoodputMbps": (10.0 + s) * n, "maxGoodputMbps": 135.0,
                               "efficiency": 0.9 + 0.01 * s, "fairness": 0.95, "cellsSent": 1000,
                               "cellsDropped": 10, "cellLossRatio": 0.01, "retransmissions": 5,
                               "retransmissionPercent": 1.0, "timeouts": 1, "meanRttMs": 30.0,
                               "rawUtilization": 0.99, "effectiveUtilization": 0.95,
                               "vbrShare": 0.5, "vbrCellsDropped": 0, "ledgersHold": True} for s in (0, 1)]
            with self.subTest(target=t.id):
                if t.check:
                    for c in t.check(res):
                        self.assertIsInstance(c.ok, bool)
                report.draw(t, res, self.dir)

    def test_list(self):
        p = self.run_runner("--list")
        self.assertEqual(p.returncode, 0)
        self.assertIn("JAIN-ICCCN-LAN", p.stdout)
        self.assertIn("JAIN-BUF", p.stdout)


if __name__ == "__main__":
    unittest.main()
