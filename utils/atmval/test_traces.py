# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the trace figure (traces.py) and of ``atm-validation --plot``, on hand-written trace
files and, when the module is built, on a short atm-n-source run:
python3 -m unittest discover -s utils/atmval -p 'test_*.py' (from the repository root)."""

import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

UTILS = Path(__file__).resolve().parents[1]
ROOT = UTILS.parent
sys.path.insert(0, str(UTILS))

from atmval import traces  # noqa: E402

RUNNER = UTILS / "atm-validation"
N_SOURCE = ROOT / "build" / "examples" / "atm-n-source"

# Two flows (flow 1 times out twice, the second a back-off) and two ports (the trunk drops);
# rows of one instant in the order AtmFlowTracer writes them, ports interleaved.
TCP = textwrap.dedent('''\
    time_s,flow,metric,value
    0.000100000,0,cwnd_bytes,512
    0.000100000,0,ssthresh_bytes,65535
    0.000100000,0,bytes_acked,0
    0.000120000,1,cwnd_bytes,512
    0.000120000,1,ssthresh_bytes,65535
    0.000200000,0,rtt_ms,0.100000
    0.000200000,0,bytes_acked,512
    0.000200000,0,cwnd_bytes,1024
    0.001000000,1,cwnd_bytes,8192
    0.002000000,0,cwnd_bytes,16384
    0.003000000,1,timeout,1
    0.003000000,1,cong_state,4
    0.003000000,1,ssthresh_bytes,4096
    0.003000000,1,cwnd_bytes,512
    0.004000000,1,timeout,2
    0.005000000,1,cong_state,0
    0.005000000,1,cwnd_bytes,4096
    ''')
PORTS = textwrap.dedent('''\
    time_s,port,metric,value
    0.001000000,sw1-dst0,queue_cells,0
    0.001000000,sw1-dst0,queue_max_cells,1
    0.001000000,sw0-trunk,queue_cells,40
    0.001000000,sw0-trunk,queue_max_cells,41
    0.002000000,sw0-trunk,queue_cells,60
    0.002000000,sw0-trunk,queue_max_cells,60
    0.002000000,sw0-trunk,drop_taildrop_buffer_full_cells,7
    0.002000000,sw0-trunk,frame_drop_taildrop_buffer_full,2
    0.002000000,sw1-dst0,queue_cells,0
    0.002000000,sw1-dst0,queue_max_cells,1
    0.003000000,sw0-trunk,queue_cells,10
    0.003000000,sw0-trunk,queue_max_cells,60
    ''')


class TracesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        self.traces = self.dir / "traces"
        self.traces.mkdir()
        (self.traces / "tcp.csv").write_text(TCP)
        (self.traces / "ports.csv").write_text(PORTS)

    def tearDown(self):
        self.tmp.cleanup()

    def plot_cli(self, *args):
        python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable
        return subprocess.run([python, str(RUNNER), "--plot", *args], capture_output=True,
                              text=True)

    def test_read_gives_both_tables_in_time_order(self):
        tcp, ports = traces.read(self.traces)
        self.assertEqual(list(tcp.columns), traces.TCP_HEADER)
        self.assertEqual(list(ports.columns), traces.PORTS_HEADER)
        self.assertEqual(len(tcp), 17)
        self.assertEqual(len(ports), 12)
        self.assertTrue(tcp["time_s"].is_monotonic_increasing)
        self.assertTrue(ports["time_s"].is_monotonic_increasing)
        self.assertEqual(sorted(tcp["flow"].unique()), [0, 1])
        self.assertEqual(tcp[tcp.metric == "timeout"]["value"].tolist(), [1, 2])
        # Rows of one instant keep their order (the drop rows follow the sample's queue rows).
        at2 = ports[(ports.time_s == 0.002) & (ports.port == "sw0-trunk")]["metric"].tolist()
        self.assertEqual(at2, ["queue_cells", "queue_max_cells",
                               "drop_taildrop_buffer_full_cells",
                               "frame_drop_taildrop_buffer_full"])

    def test_plot_writes_a_png(self):
        out = traces.plot(self.traces, self.dir / "figs" / "t.png")
        self.assertEqual(out, self.dir / "figs" / "t.png")
        self.assertGreater(out.stat().st_size, 5000)
        self.assertEqual(out.read_bytes()[:8], b"\x89PNG\r\n\x1a\n")

    def test_a_time_range_keeps_its_rows_and_the_levels_at_its_edges(self):
        tcp, _ = traces.read(self.traces)
        w = traces._window(tcp, "flow", 0.0015, 0.0025)
        self.assertGreaterEqual(w["time_s"].min(), 0.0015)
        self.assertLessEqual(w["time_s"].max(), 0.0025)
        for (flow, metric), rows in w.groupby(["flow", "metric"]):
            if metric == "timeout":
                continue
            with self.subTest(flow=flow, metric=metric):
                # A level series runs from its value at t0 to its value at t1.
                before = tcp[(tcp.flow == flow) & (tcp.metric == metric)
                             & (tcp.time_s <= 0.0025)]
                self.assertEqual(rows["time_s"].max(), 0.0025)
                self.assertEqual(rows.iloc[-1]["value"], before.iloc[-1]["value"])
        out = traces.plot(self.traces, self.dir / "w.png", time_range=(0.0015, 0.0025))
        self.assertGreater(out.stat().st_size, 5000)

    def test_plot_without_ports_csv(self):
        (self.traces / "ports.csv").unlink()
        tcp, ports = traces.read(self.traces)
        self.assertEqual(len(ports), 0)
        self.assertGreater(traces.plot(self.traces).stat().st_size, 5000)
        self.assertTrue((self.traces / traces.DEFAULT_FIGURE).exists())

    def test_a_foreign_file_is_refused_with_its_header(self):
        (self.traces / "tcp.csv").write_text("time,flow,cwnd\n0,0,512\n")
        with self.assertRaisesRegex(traces.TraceError, r"tcp\.csv: header time,flow,cwnd, "
                                    r"expected time_s,flow,metric,value"):
            traces.read(self.traces)

    def test_cli_draws_into_out_or_the_trace_directory(self):
        p = self.plot_cli(str(self.traces), "--out", str(self.dir / "f.png"))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("figure: ", p.stderr)
        self.assertGreater((self.dir / "f.png").stat().st_size, 5000)
        p = self.plot_cli(str(self.traces))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.traces / "traces.png").exists())

    def test_cli_argument_errors(self):
        missing = self.dir / "none"
        for args, message in (
                ([str(missing)], f"--plot {missing}: no such directory"),
                ([str(self.dir)], f"--plot {self.dir}: no tcp.csv in it"),
                ([str(self.traces / "tcp.csv")], "not a directory"),
                ([str(self.traces), "--out", str(self.dir / "f.pdf")],
                 "with --plot, the figure's file name, ending in .png")):
            with self.subTest(args=args):
                p = self.plot_cli(*args)
                self.assertEqual(p.returncode, 1, p.stderr)
                self.assertIn(message, p.stderr)
                self.assertEqual(p.stdout, "")
        for bad in ("2,1", "1", "a,b", "-1,2", "1,inf"):
            with self.subTest(time_range=bad):
                p = self.plot_cli(str(self.traces), f"--time-range={bad}")
                self.assertEqual(p.returncode, 1, p.stderr)
                self.assertIn(f"invalid --time-range={bad}: expected T0,T1", p.stderr)
        p = self.plot_cli(str(self.traces), "--targets", "SANDIA-SEL")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--plot draws a trace directory and runs nothing", p.stderr)
        self.assertFalse((self.traces / "traces.png").exists())

    @unittest.skipUnless(N_SOURCE.exists(), "atm-n-source is not built")
    def test_a_real_run(self):
        run = self.dir / "run"
        p = subprocess.run([str(N_SOURCE), "--nSources=2", "--bufferCells=100",
                            "--timerTick=10ms", "--duration=100ms", f"--traceDir={run}"],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        tcp, ports = traces.read(run)
        self.assertEqual(sorted(tcp["flow"].unique()), [0, 1])
        self.assertIn("sw0-trunk", set(ports["port"]))
        self.assertEqual(len(ports[(ports.port == "sw0-trunk")
                                   & (ports.metric == "queue_cells")]), 100)
        self.assertGreater(traces.plot(run).stat().st_size, 5000)


if __name__ == "__main__":
    unittest.main()
