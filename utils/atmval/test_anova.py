# SPDX-License-Identifier: GPL-2.0-only
"""Tests of atmval.anova (the ANOVA of a target's runs through examples/atm-anova) and of the
report's per-target lines: python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the
repository root).

The parsing, the table formatting and the CSV the tool reads are checked without the tool (on
the line atm-anova prints for Jain's memory-cache design). The tests that run the tool need a
build: give its directory as ATM_BUILD_DIR (utils/atm-common.sh atm_run_validation_unittests
does); without it they are skipped with that message."""

import math
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from atmval import anova, report  # noqa: E402
from atmval.test_report import META, sandia_sel  # noqa: E402

# examples/atm-anova --demo=memory-cache: Jain's 2 x 2 design with three replications
# (memory 4/16 MB x cache 1/2 KB, MIPS; "The Art of Computer Systems Performance Analysis",
# Example 18.1, Table 18.1): q0 = 41, qA = 21.5, qB = 9.5, qAB = 5, SSE = 102 over 8 dof.
MEMORY_CACHE = (
    '{"program":"atm-anova","runs":12,"replications":3,"factors":[{"name":"memory","levels":'
    '["4MB","16MB"]},{"name":"cache","levels":["1KB","2KB"]}],"order":2,"confidence":0.9,'
    '"mean":41,"sMean":1.030776406,"meanCi":[39.08322176,42.91677824],"ssy":27204,"ss0":20172,'
    '"sst":7032,"t":1.859548038,"terms":[{"term":"memory","factors":["memory"],"order":1,'
    '"dof":1,"ss":5547,"percent":78.88225256,"ms":5547,"F":435.0588235,"fCritical":3.457918904,'
    '"p":2.927746642e-08,"sEffect":1.030776406,"effects":[{"levels":["4MB"],"effect":-21.5,'
    '"ci":[-23.41677824,-19.58322176],"significant":true},{"levels":["16MB"],"effect":21.5,'
    '"ci":[19.58322176,23.41677824],"significant":true}]},{"term":"cache","factors":["cache"],'
    '"order":1,"dof":1,"ss":1083,"percent":15.40102389,"ms":1083,"F":84.94117647,'
    '"fCritical":3.457918904,"p":1.555660013e-05,"sEffect":1.030776406,"effects":[{"levels":'
    '["1KB"],"effect":-9.5,"ci":[-11.41677824,-7.583221756],"significant":true},{"levels":'
    '["2KB"],"effect":9.5,"ci":[7.583221756,11.41677824],"significant":true}]},{"term":'
    '"memory:cache","factors":["memory","cache"],"order":2,"dof":1,"ss":300,"percent":'
    '4.266211604,"ms":300,"F":23.52941176,"fCritical":3.457918904,"p":0.001270703252,'
    '"sEffect":1.030776406,"effects":[{"levels":["4MB","1KB"],"effect":5,"ci":[3.083221756,'
    '6.916778244],"significant":true},{"levels":["4MB","2KB"],"effect":-5,"ci":[-6.916778244,'
    '-3.083221756],"significant":true},{"levels":["16MB","1KB"],"effect":-5,"ci":[-6.916778244,'
    '-3.083221756],"significant":true},{"levels":["16MB","2KB"],"effect":5,"ci":[3.083221756,'
    '6.916778244],"significant":true}]}],"error":{"dof":8,"ss":102,"percent":1.450511945,'
    '"ms":12.75,"se":3.570714214,"pooled":[]},"percentTotal":100}\n')

# The runs behind it, as the report would hand them over.
MEMORY_CACHE_ROWS = [
    {"memory": m, "cache": c, "mips": y}
    for (m, c), ys in [(("4MB", "1KB"), (15, 18, 12)), (("16MB", "1KB"), (45, 48, 51)),
                       (("4MB", "2KB"), (25, 28, 19)), (("16MB", "2KB"), (75, 75, 81))]
    for y in ys]

BUILD = os.environ.get("ATM_BUILD_DIR")
TOOL = Path(BUILD) / "examples" / "atm-anova" if BUILD else None
SKIP = ("ATM_BUILD_DIR is not set: give the build directory holding examples/atm-anova to run "
        "the tool" if not BUILD else
        f"{TOOL} is not built (the module needs GSL: libgsl-dev)" if not TOOL.exists() else "")


class ParseTest(unittest.TestCase):
    """The tool's line, the checks on it and the look-ups (no tool needed)."""

    def test_memory_cache_line(self):
        r = anova.parse("some log line\n" + MEMORY_CACHE)
        self.assertEqual(r["runs"], 12)
        self.assertEqual(r["replications"], 3)
        self.assertEqual(anova.term(r, "memory")["ss"], 5547)
        self.assertEqual(anova.effect(r, "memory", "16MB")["effect"], 21.5)
        self.assertEqual(anova.effect(r, "memory:cache", "4MB", "2KB")["effect"], -5)
        self.assertEqual(r["error"]["dof"], 8)
        total = r["error"]["percent"] + sum(t["percent"] for t in r["terms"])
        self.assertAlmostEqual(total, 100, places=6)
        with self.assertRaisesRegex(KeyError, "no term 'tcp'; the terms: memory, cache"):
            anova.term(r, "tcp")
        with self.assertRaisesRegex(KeyError, "has no effect at \\['8MB'\\]"):
            anova.effect(r, "memory", "8MB")

    def test_refused_output(self):
        for text, message in [
                ("", "printed nothing"),
                ("not json\n", "is not JSON"),
                ('{"program":"atm-n-source"}\n', "not a result of atm-anova"),
                ('{"program":"atm-anova","runs":4}\n', "the result has no replications"),
                (MEMORY_CACHE.replace('"fCritical":3.457918904,', "", 1),
                 "term memory has no fCritical"),
                (MEMORY_CACHE.replace('"se":3.570714214,', ""), "the error has no se")]:
            with self.subTest(message=message):
                with self.assertRaisesRegex(anova.AnovaError, message):
                    anova.parse(text)

    def test_null_values(self):
        # One replication of a 2 x 2 with both terms: no error dof, so JSON nulls.
        line = MEMORY_CACHE.replace('"se":3.570714214', '"se":null').replace(
            '"fCritical":3.457918904', '"fCritical":null')
        r = anova.parse(line)
        self.assertIsNone(r["error"]["se"])
        self.assertIsNone(anova.term(r, "memory")["fCritical"])
        self.assertIn("| – |", "\n".join(anova.table_lines(r)))


class TableTest(unittest.TestCase):
    """The report's ANOVA table and effects table."""

    def test_classic_table(self):
        r = anova.parse(MEMORY_CACHE)
        lines = anova.table_lines(r, title="ANOVA of the MIPS", response="MIPS")
        text = "\n".join(lines)
        self.assertEqual(lines[0], "ANOVA of the MIPS")
        self.assertIn("| component | sum of squares | % of variation | dof | mean square | "
                      "F computed | F[0.9] | p |", text)
        self.assertIn("| MIPS | 27204 | | 12 | | | | |", text)
        self.assertIn("| mean of MIPS | 20172 | | 1 | | | | |", text)
        self.assertIn("| MIPS − mean (total) | 7032 | 100 | 11 | | | | |", text)
        self.assertIn("| memory | 5547 | 78.88 | 1 | 5547 | 435.1 | 3.458 | < 0.0001 |", text)
        self.assertIn("| memory × cache | 300 | 4.266 | 1 | 300 | 23.53 | 3.458 | 0.0013 |", text)
        self.assertIn("| error | 102 | 1.451 | 8 | 12.75 | | | |", text)
        self.assertIn("12 runs, 3 replications; s_e = 3.571, t[0.95; 8] = 1.860; the error "
                      "includes the variation within each combination of levels.", text)
        # Every row has the header's eight columns.
        rows = [line for line in lines if line.startswith("|")]
        self.assertTrue(all(line.count("|") == 9 for line in rows), rows)

    def test_effects_table(self):
        r = anova.parse(MEMORY_CACHE)
        text = "\n".join(anova.effect_lines(r, names=["memory"]))
        self.assertIn("| term | levels | effect | 90 % interval | s |", text)
        self.assertIn("| mean | | 41 | (39.08, 42.92) | 1.031 |", text)
        self.assertIn("| memory | 16MB | 21.50 * | (19.58, 23.42) | 1.031 |", text)
        self.assertNotIn("cache", text)


class CsvTest(unittest.TestCase):
    """The table the tool reads."""

    def test_rows(self):
        text = anova.to_csv([{"tcp": "Reno, 4.4BSD", "buffer": 0.5, "y": 1},
                             ("SACK", 1.0, 2.5)], ["tcp", "buffer"], "y")
        self.assertEqual(text, 'tcp,buffer,y\n"Reno, 4.4BSD",0.5,1.0\nSACK,1,2.5\n')
        for rows, message in [([{"tcp": "Reno", "y": 1}], "run 1 has no buffer"),
                              ([("Reno", 1)], "run 1 has 2 values; expected 3"),
                              ([("Reno", 1, math.nan)], "y = nan is not a finite number"),
                              ([("Reno", 1, "fast")], "y = 'fast' is not a finite number")]:
            with self.subTest(message=message):
                with self.assertRaisesRegex(anova.AnovaError, message):
                    anova.to_csv(rows, ["tcp", "buffer"], "y")

    def test_no_build(self):
        saved = anova.DEFAULT_BUILD, os.environ.pop("ATM_BUILD_DIR", None)
        try:
            anova.DEFAULT_BUILD = None
            with self.assertRaisesRegex(anova.AnovaError, "no build directory"):
                anova.anova(MEMORY_CACHE_ROWS, ["memory", "cache"], "mips")
            with self.assertRaisesRegex(anova.AnovaError, "atm-anova not found: build"):
                anova.anova(MEMORY_CACHE_ROWS, ["memory", "cache"], "mips", build="/proc")
        finally:
            anova.DEFAULT_BUILD = saved[0]
            if saved[1] is not None:
                os.environ["ATM_BUILD_DIR"] = saved[1]


class ReportLinesTest(unittest.TestCase):
    """A target's report function: its lines go into its section of report.md."""

    def test_lines_in_report(self):
        t, res = sandia_sel()
        t.report = lambda res, target: anova.table_lines(anova.parse(MEMORY_CACHE),
                                                         title=f"ANOVA of {target.id}")
        try:
            with tempfile.TemporaryDirectory() as d:
                report.write(d, META, [(t, list(t.runs))], {t.id: res}, [])
                text = (Path(d) / "report.md").read_text()
        finally:
            t.report = None
        self.assertIn("ANOVA of SANDIA-SEL", text)
        self.assertIn("| memory | 5547 | 78.88 | 1 |", text)
        # After the target's checks, before the next section.
        self.assertLess(text.index("| quantity | published"), text.index("ANOVA of SANDIA-SEL"))


@unittest.skipIf(SKIP, SKIP)
class ToolTest(unittest.TestCase):
    """examples/atm-anova of the build in ATM_BUILD_DIR."""

    def test_memory_cache(self):
        r = anova.anova(MEMORY_CACHE_ROWS, ["memory", "cache"], "mips", build=BUILD)
        self.assertEqual(r["mean"], 41)
        self.assertEqual(anova.term(r, "memory")["ss"], 5547)
        self.assertEqual(anova.term(r, "cache")["ss"], 1083)
        self.assertEqual(anova.term(r, "memory:cache")["ss"], 300)
        self.assertAlmostEqual(r["error"]["ss"], 102, places=9)
        self.assertAlmostEqual(r["t"], 1.860, delta=5e-4)
        self.assertEqual(r, anova.parse(MEMORY_CACHE))  # the tool prints the line above

    def test_tcp_drop_buffer_dof(self):
        # JAIN WWW's layout: 4 x 2 x 3, one replication; the response here is made up.
        rows = [(tcp, drop, buf, 1.0 + i + 2 * j + 0.5 * k + (i * j * k) % 3)
                for i, tcp in enumerate(["Vanilla", "Reno", "NewReno", "SACK"])
                for j, drop in enumerate(["EPD", "SD"])
                for k, buf in enumerate([0.5, 1, 2])]
        r = anova.anova(rows, ["tcp", "drop", "buffer"], "efficiency", build=BUILD)
        dof = {t["term"]: t["dof"] for t in r["terms"]}
        self.assertEqual(dof, {"tcp": 3, "drop": 1, "buffer": 2, "tcp:drop": 3,
                               "tcp:buffer": 6, "drop:buffer": 2})
        self.assertEqual(r["error"]["dof"], 6)
        self.assertEqual(r["error"]["pooled"], [{"term": "tcp:drop:buffer", "dof": 6}])
        self.assertAlmostEqual(r["t"], 1.943, delta=5e-4)
        self.assertAlmostEqual(r["percentTotal"], 100, places=6)
        self.assertEqual(anova.effect(r, "buffer", 0.5)["levels"], ["0.5"])
        mains = anova.anova(rows, ["tcp", "drop", "buffer"], "efficiency", build=BUILD, order=1)
        self.assertEqual(mains["error"]["dof"], 17)

    def test_refused_table(self):
        rows = [("Reno", "EPD", 1.0), ("SACK", "EPD", 2.0)]
        with self.assertRaisesRegex(anova.AnovaError,
                                    "invalid --input=-: factor 'drop' has one level only"):
            anova.anova(rows, ["tcp", "drop"], "y", build=BUILD)


if __name__ == "__main__":
    unittest.main()
