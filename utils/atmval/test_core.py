# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the framework (core.py), the data files, the run keys, the database migration,
the export and the dependency check, without a simulator:
python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the repository root)."""

import csv
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

UTILS = Path(__file__).resolve().parents[1]
ROOT = UTILS.parent
sys.path.insert(0, str(UTILS))

from atmval import core, store  # noqa: E402
from atmval.targets import FAMILIES, all_targets  # noqa: E402

RUNNER = UTILS / "atm-validation"
# References to the project's internal planning documents, which utils/ cites by the primary
# source instead (written in pieces so that this file does not match itself).
FORBIDDEN = "SP" + "EC [0-9]|" + "DES" + "IGN|" + "STY" + "LE [0-9§]"
FAKE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, os, sys
    a = dict(x[2:].split("=", 1) for x in sys.argv[1:] if x.startswith("--"))
    if os.environ.get("FAKE_MARKER"):
        open(os.environ["FAKE_MARKER"], "a").write("ran\\n")
    n = int(a.get("nSources", 1)); seed = int(a["RngRun"]); c = 138.68
    x = [c / n + 0.01 * seed] * n
    print(json.dumps({"nSources": n, "goodputMbps": x, "totalGoodputMbps": sum(x),
        "maxGoodputMbps": c, "efficiency": sum(x) / c, "fairness": 1.0, "cellsDropped": 0,
        "cellLossRatio": 0.0, "retransmissions": 0, "retransmissionPercent": 0.0,
        "effectiveUtilization": 0.99, "rawUtilization": 0.99, "meanRttMs": 3.8 * n}))
    ''')


class FrameworkTest(unittest.TestCase):
    def test_grid_is_the_product_first_key_slowest(self):
        self.assertEqual(core.grid({"n": [5, 15], "k": [1000, 3000]}),
                         [{"n": 5, "k": 1000}, {"n": 5, "k": 3000}, {"n": 15, "k": 1000},
                          {"n": 15, "k": 3000}])
        self.assertEqual(core.grid(policy=["epd"], n=5), [{"policy": "epd", "n": 5}])

    def test_labels_are_made_from_params(self):
        p = {"config": "LAN", "n": 5, "gr": 0.0, "policy": "SD"}
        self.assertEqual(core.make_label(p, "{config} N={n} GR={gr} {policy}"),
                         "LAN N=5 GR=0 SD")
        self.assertEqual(core.make_label({"n": 5, "gr": 0.1}), "n=5 gr=0.1")

    def test_key_is_order_independent_and_exact(self):
        a = core.run_key("atm-n-source", {"nSources": 5, "policy": "epd", "duration": "5s"})
        b = core.run_key("atm-n-source", {"duration": "5s", "policy": "epd", "nSources": 5})
        self.assertEqual(a, b)
        # What the program sees decides: 5 and "5" are the same --nSources=5.
        self.assertEqual(a, core.run_key("atm-n-source", {"nSources": "5", "policy": "epd",
                                                          "duration": "5s"}))
        self.assertNotEqual(a, core.run_key("atm-n-source", {"nSources": 6, "policy": "epd",
                                                             "duration": "5s"}))
        self.assertNotEqual(a, core.run_key("atm-cbr-window", {"nSources": 5, "policy": "epd",
                                                               "duration": "5s"}))
        self.assertEqual(json.loads(a), {"program": "atm-n-source", "options": {
            "duration": "5s", "nSources": "5", "policy": "epd"}})

    def test_every_run_key_is_unique_and_stable(self):
        keys = [(t.id, r.key(t.program)) for t in all_targets() for r in t.runs]
        self.assertEqual(len(keys), len(set(keys)))
        again = [(t.id, r.key(t.program)) for t in all_targets() for r in t.runs]
        self.assertEqual(keys, again)

    def test_results_select_by_params(self):
        res = core.Results()
        for n in (5, 15):
            for policy in ("UBR", "EPD"):
                for seed in (1, 2):
                    res.add({"n": n, "policy": policy}, f"{n} {policy}",
                            {"efficiency": n / 100 + seed / 1000, "fairness": 1.0})
        self.assertEqual(len(res.select(policy="EPD")), 2)
        for x, y in zip(res.values("efficiency", policy="EPD", n=5), [0.051, 0.052]):
            self.assertAlmostEqual(x, y)
        self.assertAlmostEqual(res.mean("efficiency", policy="EPD", n=15), 0.1515)
        self.assertEqual(res.get(policy="SD"), [])
        self.assertFalse(res.has(policy="SD", n=5))
        self.assertEqual(res.params("n"), [5, 15])
        with self.assertRaises(KeyError):
            res.get(policy="EPD")  # two runs

    def test_tolerances(self):
        t = core.Tolerance({"rel": 0.03})
        self.assertEqual(t.text, "±3 %")
        self.assertTrue(t.ok(103, 100))
        self.assertFalse(t.ok(103.1, 100))
        self.assertEqual(core.Tolerance({"abs": 0.1}).text, "±0.10")
        self.assertEqual(core.Tolerance({"abs": 0.001}).text, "±0.001")
        self.assertEqual(core.Tolerance({"min": 0.95, "each": True}).text, "≥ 0.95 each")
        self.assertEqual(core.Tolerance({"range": [1.5, 3.0]}).text, "1.5–3")
        self.assertEqual(core.Tolerance({"ordering": True, "slack": 0.02}).text, "ordering, 2 %")
        self.assertTrue(core.Tolerance({"ordering": True, "slack": 0.02}).non_decreasing(
            [1.0, 0.99, 1.2]))
        self.assertTrue(core.Tolerance({"eq": 0}).all_ok([0, 0]))
        self.assertFalse(core.Tolerance({"eq": 0}).all_ok([]))
        self.assertFalse(core.Tolerance({"min": 0.5}).ok(float("nan")))
        for bad in ({"rel": 0.1, "abs": 0.1}, {"nearly": 1}, {}):
            with self.assertRaises(core.DataError):
                core.Tolerance(bad)


    def test_mean_non_decreasing_one_row_per_group_in_run_order(self):
        res = core.Results()
        # path A rises (1, 2, 2), B falls at k = 3 beyond the 2 % slack; kr = 1 is left out.
        for path, gs in (("A", (1.0, 2.0, 1.99)), ("B", (3.0, 3.0, 2.0))):
            for k, g in zip((1, 2, 3), gs):
                for seed_value in (g - 0.1, g + 0.1):
                    res.add({"path": path, "k": k, "kr": 0}, "", {"goodputMbps": seed_value})
                res.add({"path": path, "k": k, "kr": 1}, "", {"goodputMbps": 0.0})
        spec = core.CheckSpec(core.GENERIC_CHECKS["mean_non_decreasing"], "mean_non_decreasing",
                              True, core.Tolerance({"ordering": True, "slack": 0.02}),
                              {"metric": "goodputMbps", "over": "k", "by": "path",
                               "where": {"kr": 0}, "quantity": "{path}: rises in k = {over}",
                               "published": "(physics)", "unit": "Mb/s"})
        rows = spec.fn(res, spec)
        self.assertEqual([r.quantity for r in rows],
                         ["A: rises in k = [1, 2, 3]", "B: rises in k = [1, 2, 3]"])
        self.assertEqual([r.ok for r in rows], [True, False])
        for got, want in zip(rows[0].values, (1.0, 2.0, 1.99)):
            self.assertAlmostEqual(got, want)
        spec.args.pop("by")
        spec.args["where"] = {"kr": 0, "path": "A"}
        self.assertEqual(len(spec.fn(res, spec)), 1)
        self.assertEqual(spec.fn(core.Results(), spec), [])

    def test_a_write_up_reaches_the_report_without_rst_directives(self):
        with tempfile.TemporaryDirectory() as d:
            rst = Path(d) / "x.rst"
            rst.write_text(textwrap.dedent("""\
                T-ONE
                +++++

                Before.

                .. figure:: ../figures/f.png
                   :width: 80%

                   A caption that spans
                   two lines.

                After.

                T-TWO
                +++++

                Other.
                """))
            self.assertEqual(core.rst_section(rst, "T-ONE"),
                             "Before.\n\n(Figure in the manual: `doc/validation/../figures/"
                             "f.png`.)\nAfter.")
            self.assertEqual(core.rst_section(rst, "T-TWO"), "Other.")


class DataFilesTest(unittest.TestCase):
    def test_every_family_loads_and_every_target_is_complete(self):
        ids = []
        for module in FAMILIES:
            fam = module.fam
            targets = core.load_family(fam)
            self.assertTrue(targets, fam.name)
            for t in targets:
                ids.append(t.id)
                with self.subTest(target=t.id):
                    self.assertTrue(t.title and t.source and t.sets and t.runs)
                    self.assertTrue(callable(t.figure), "every target draws its own figure")
                    self.assertTrue(t.checks, "every target has checks")
                    for spec in t.checks:
                        self.assertTrue(callable(spec.fn))
                        self.assertIsInstance(spec.tol.text, str)
                    self.assertTrue(t.deviations(), f"no section {t.id} in doc/validation/{t.doc}")
        self.assertEqual(len(ids), len(set(ids)))

    def test_published_tables_are_well_formed(self):
        for module in FAMILIES:
            fam = module.fam
            core.load_family(fam)
            for name, table in fam.data.get("tables", {}).items():
                for row in table.get("rows", []) if isinstance(table, dict) else []:
                    for metric in ("efficiency", "fairness"):
                        if metric in row:
                            with self.subTest(family=fam.name, table=name, row=row):
                                # UBR, EPD, SD, or the table's own columns (IMP Table 1: EPD, SD)
                                self.assertEqual(len(row[metric]),
                                                 len(table.get("columns", "UBR EPD SD".split())))
                                self.assertTrue(all(0 <= x <= 1 for x in row[metric]))
        t = {x.id: x for x in all_targets()}
        # spot checks against the papers
        sel = {r["scheme"]: r for r in t["SANDIA-SEL"].family.table("schemes")["rows"]}
        self.assertEqual((sel["fc"]["throughput"], sel["drop-whole"]["cell_loss"]), (23.3, 17.0))
        icccn = t["JAIN-ICCCN-LAN"].family.table("icccn")["rows"]
        self.assertEqual(icccn[0]["fairness"], [0.22, 0.88, 0.98])

    def _family_with(self, text):
        tmp = tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False)
        tmp.write(text)
        tmp.close()
        self.addCleanup(os.unlink, tmp.name)
        from atmval.targets import sandia
        fam = core.Family("sandia")
        fam.functions = sandia.fam.functions
        fam.path = Path(tmp.name)
        return fam

    def test_a_check_the_data_names_must_exist(self):
        fam = self._family_with(textwrap.dedent('''\
            [targets.X]
            title = "x"
            source = "x"
            sets = ["quick"]
            program = "atm-n-source"
            runs = "sel_runs"
            figure = "sel_figure"
            checks = [{ check = "no_such_check", tol = { min = 1 }, hard = true }]
            '''))
        with self.assertRaises(core.DataError) as e:
            core.load_family(fam)
        self.assertIn("no_such_check", str(e.exception))
        self.assertIn(str(fam.path), str(e.exception))

    def test_a_figure_the_data_names_must_exist(self):
        fam = self._family_with('[targets.X]\ntitle = "x"\nsource = "x"\nsets = ["quick"]\n'
                                'program = "p"\nruns = "sel_runs"\nfigure = "nope"\n')
        with self.assertRaisesRegex(core.DataError, "figure function 'nope'"):
            core.load_family(fam)

    def test_no_spec_design_or_style_references_in_utils(self):
        pattern = re.compile(FORBIDDEN)
        for path in UTILS.rglob("*"):
            if path.is_file() and path.suffix in ("", ".py", ".toml", ".sh", ".md", ".txt") \
                    and "__pycache__" not in path.parts:
                with self.subTest(path=str(path)):
                    self.assertIsNone(pattern.search(path.read_text(errors="replace")))

    def test_the_write_ups_parse_without_warnings(self):
        try:
            import docutils.core
        except ImportError:
            self.skipTest("docutils not installed")
        import io
        for rst in sorted((ROOT / "doc" / "validation").glob("*.rst")):
            if rst.name == "index.rst":
                continue  # the manual's Sphinx index of this folder (toctree), not a write-up
            err = io.StringIO()
            docutils.core.publish_doctree(rst.read_text(), source_path=str(rst),
                                          settings_overrides={"report_level": 2,
                                                              "halt_level": 5,
                                                              "warning_stream": err})
            self.assertEqual(err.getvalue(), "", rst.name)
            self.assertNotRegex(rst.read_text(), r"commit [0-9a-f]{7}|" + FORBIDDEN)


V1_SCHEMA = """
CREATE TABLE runs (id INTEGER PRIMARY KEY, target TEXT, label TEXT, params TEXT, seed INTEGER,
    metrics TEXT, ns3_version TEXT, module_commit TEXT, binary TEXT, wall_seconds REAL,
    exit_code INTEGER, stderr_tail TEXT, started_at TEXT);
CREATE INDEX runs_key ON runs (params, seed, module_commit);
"""


class StoreTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        self.fake = self.dir / "fake"
        self.fake.write_text(FAKE)
        self.fake.chmod(0o755)

    def tearDown(self):
        self.tmp.cleanup()

    def runner(self, *args, env=None):
        return subprocess.run([sys.executable, str(RUNNER), "--binary", str(self.fake),
                               "--build", str(self.dir), "--out", str(self.dir / "out"), *args],
                              capture_output=True, text=True, env=env)

    def v1_db(self, path):
        """A database of the first format holding SANDIA-FAIR (atm-n-source: the key had no
        program name) and one TEN34-WINDOW run (the key began with the program)."""
        t = {x.id: x for x in all_targets()}
        db = sqlite3.connect(path)
        db.executescript(V1_SCHEMA)
        rows = []
        for run in t["SANDIA-FAIR"].runs:
            for seed in (1, 2):
                argv = [f"--{k}={v}" for k, v in run.options.items()]
                x = [0.7] + [27.5] * 5 if run.label == "mixed" else [0.7]
                m = {"nSources": len(x), "goodputMbps": x, "maxGoodputMbps": 138.0,
                     "efficiency": sum(x) / 138.0, "fairness": 1.0, "totalGoodputMbps": sum(x)}
                rows.append(("SANDIA-FAIR", run.label, json.dumps(argv), seed, json.dumps(m),
                             "c0ffee1"))
        run = t["TEN34-WINDOW"].runs[0]
        argv = ["atm-cbr-window"] + [f"--{k}={v}" for k, v in run.options.items()]
        rows.append(("TEN34-WINDOW", run.label, json.dumps(argv), 1, json.dumps({"x": 1}),
                     "c0ffee1"))
        db.executemany("INSERT INTO runs (target, label, params, seed, metrics, module_commit, "
                       "exit_code) VALUES (?,?,?,?,?,?,0)", rows)
        db.commit()
        db.close()
        return t

    def test_migration_of_a_first_format_database(self):
        path = self.dir / "old.sqlite"
        t = self.v1_db(path)
        db = store.open_db(path, all_targets())
        self.assertTrue(Path(f"{path}.v1.bak").exists())
        self.assertEqual(db.execute("PRAGMA user_version").fetchone()[0], store.VERSION)
        rows = db.execute("SELECT target, label, program, params, key, seed FROM runs "
                          "ORDER BY id").fetchall()
        self.assertEqual(len(rows), 5)
        fair = t["SANDIA-FAIR"]
        self.assertEqual(rows[0][:3], ("SANDIA-FAIR", "mixed", "atm-n-source"))
        self.assertEqual(json.loads(rows[0][3]), {"case": "mixed"})
        self.assertEqual(rows[0][4], fair.runs[0].key("atm-n-source"))
        self.assertEqual(rows[4][2], "atm-cbr-window")
        self.assertEqual(rows[4][4], t["TEN34-WINDOW"].runs[0].key("atm-cbr-window"))
        db.close()
        # Opening it again changes nothing.
        db = store.open_db(path, all_targets())
        self.assertEqual(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 5)

    def test_reuse_takes_the_migrated_runs(self):
        out = self.dir / "out"
        out.mkdir()
        self.v1_db(out / "runs.sqlite")
        p = self.runner("--targets", "SANDIA-FAIR", "--seeds", "2", "--reuse",
                        "--reuse-commit", "c0ffee1")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("migrated 5 runs", p.stderr)
        self.assertIn("(4 reused)", p.stderr)
        self.assertIn("`c0ffee1`", (out / "report.md").read_text())

    def test_a_foreign_database_is_refused_with_its_name(self):
        out = self.dir / "out"
        out.mkdir()
        db = sqlite3.connect(out / "runs.sqlite")
        db.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, something TEXT)")
        db.commit()
        db.close()
        p = self.runner("--targets", "SANDIA-FAIR", "--seeds", "1")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn(str(out / "runs.sqlite"), p.stderr)
        self.assertIn("delete it", p.stderr)
        (out / "other.sqlite").write_text("not a database")
        p = self.runner("--targets", "SANDIA-FAIR", "--seeds", "1", "--db",
                        str(out / "other.sqlite"))
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("other.sqlite: not an SQLite database", p.stderr)

    def test_export_csv_and_dataframe(self):
        csv_path = self.dir / "runs.csv"
        p = self.runner("--targets", "SANDIA-SEL", "--seeds", "2", "--export", str(csv_path))
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(len(rows), 8)  # 4 schemes x 2 seeds, one row per run
        self.assertEqual({r["params.scheme"] for r in rows},
                         {"fc", "simple", "drop-tail", "drop-whole"})
        self.assertEqual({r["seed"] for r in rows}, {"1", "2"})
        for col in ("target", "label", "options.nSources", "metrics.efficiency", "key"):
            self.assertIn(col, rows[0])
        self.assertAlmostEqual(json.loads(rows[0]["metrics.goodputMbps"])[0],
                               float(rows[0]["metrics.totalGoodputMbps"]) / 6)
        try:
            import pandas as pd
        except ImportError:
            self.skipTest("pandas not installed")
        df = store.dataframe(self.dir / "out" / "runs.sqlite")
        self.assertEqual(len(df), 8)
        fc = df[df["params.scheme"] == "fc"]
        self.assertEqual(sorted(fc["seed"]), [1, 2])
        self.assertEqual(list(pd.read_csv(csv_path).columns), list(df.columns))


class DependencyTest(unittest.TestCase):
    def test_missing_matplotlib_stops_before_any_simulation(self):
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            (d / "shadow" / "matplotlib").mkdir(parents=True)
            (d / "shadow" / "matplotlib" / "__init__.py").write_text(
                "raise ImportError('No module named matplotlib (test shadow)')\n")
            fake = d / "fake"
            fake.write_text(FAKE)
            fake.chmod(0o755)
            marker = d / "ran"
            env = dict(os.environ, PYTHONPATH=str(d / "shadow"), FAKE_MARKER=str(marker))
            p = subprocess.run([sys.executable, str(RUNNER), "--binary", str(fake), "--build",
                                str(d), "--out", str(d / "out"), "--targets", "SANDIA-SEL",
                                "--seeds", "1"], capture_output=True, text=True, env=env)
            self.assertNotEqual(p.returncode, 0)
            self.assertFalse(marker.exists(), "a simulation ran")
            self.assertIn("apt-get install python3-matplotlib", p.stderr)
            self.assertIn("-m pip install -r", p.stderr)
            self.assertIn("requirements.txt", p.stderr)
            # --list needs no matplotlib
            p = subprocess.run([sys.executable, str(RUNNER), "--list"], capture_output=True,
                               text=True, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)


if __name__ == "__main__":
    unittest.main()
