# SPDX-License-Identifier: GPL-2.0-only
"""Command line, dependency check and run scheduling of the validation runner."""

import argparse
import concurrent.futures as cf
import datetime
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from . import anova, core, report, store

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = ROOT / "utils" / "requirements.txt"

# What each Python dependency is for, and its Debian/Ubuntu package.
DEPENDENCIES = {"matplotlib": ("the report's figures", "python3-matplotlib"),
                "pandas": ("store.dataframe()", "python3-pandas")}


def missing_dependencies(modules):
    """The modules of ``modules`` this Python cannot import."""
    missing = []
    for m in modules:
        try:
            importlib.import_module(m)
        except ImportError:
            missing.append(m)
    return missing


def dependency_message(missing):
    what = ", ".join(f"{m} ({DEPENDENCIES[m][0]})" for m in missing)
    apt = " ".join(DEPENDENCIES[m][1] for m in missing)
    return (f"atm-validation: this Python ({sys.executable}, {sys.version.split()[0]}) has no "
            f"{what}. No simulation was started. Install, then run again:\n"
            f"  Debian/Ubuntu (for /usr/bin/python3): sudo apt-get install {apt}\n"
            f"  pip or a virtualenv (for this Python): {sys.executable} -m pip install -r "
            f"{REQUIREMENTS}")


def module_commit():
    try:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain",
                                "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return rev + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def ns3_version(build):
    """ATM_NS3_VERSION and ATM_NS3_BACKEND, written by CMake into the build directory."""
    info = Path(build) / "atm-build-info.txt"
    found = {}
    if info.exists():
        for line in info.read_text(errors="replace").splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                found[k.strip()] = v.strip()
    v = found.get("ATM_NS3_VERSION")
    text = f"3.{int(v) - 300}" if v and v.isdigit() else "unknown"
    return text + (f" ({found['ATM_NS3_BACKEND']})" if "ATM_NS3_BACKEND" in found else "")


def scaled(options, scale):
    """The options with duration and warm-up multiplied by ``scale`` (the warm-up shrinks with
    the duration, so that it stays inside the run)."""
    out = {}
    for k, v in options.items():
        if k in ("duration", "warmup") and scale != 1.0:
            v = f"{float(str(v).rstrip('s')) * scale:g}s"
        out[k] = v
    return out


def command(binary, options, seed):
    return [str(binary)] + [f"--{k}={core.option_text(v)}" for k, v in options.items()] + \
        [f"--RngRun={seed}"]


# ---- the report's time series: one run per target re-run with --traceDir ---------------------

# The traced run's simulated time at most (seconds): a longer run's duration is cut to it.
TRACE_CAP_S = 5.0
TRACE_SEED = 1
_TIME_UNITS = {"": 1.0, "s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9, "min": 60.0, "h": 3600.0}
_HELP = {}


def seconds(value):
    """A time option's value in seconds (a number and an optional unit: s, ms, us, ns, min, h;
    none means seconds, as ns3::Time reads it), or None if it is not one of these."""
    m = re.fullmatch(r"\s*([-+0-9.eE]+)\s*([a-z]*)\s*", str(value))
    if not m or m.group(2) not in _TIME_UNITS:
        return None
    try:
        return float(m.group(1)) * _TIME_UNITS[m.group(2)]
    except ValueError:
        return None


def trace_options(options, cap=TRACE_CAP_S):
    """(options, note): a run's options for its traced re-run. A run longer than ``cap`` seconds
    of simulated time gets ``--duration`` = cap and its warm-up shrunk in the same proportion (so
    that it stays inside the run, as --duration-scale shrinks both); a shorter one, or one whose
    duration is the program's default, is run as it is. ``note`` says what was changed ("" if
    nothing)."""
    out = dict(options)
    d = seconds(options["duration"]) if "duration" in options else None
    if d is None or d <= cap:
        return out, ""
    factor = cap / d
    out["duration"] = f"{cap:g}s"
    note = f"its duration capped at {cap:g} s of the run's {d:g} s"
    w = seconds(options["warmup"]) if "warmup" in options else None
    if w is not None:
        out["warmup"] = f"{w * factor:g}s"
        note += f", warm-up {core.option_text(options['warmup'])} scaled to {out['warmup']}"
    return out, note


def supports_traces(binary):
    """Whether the program lists --traceDir in its --help (asked once per program)."""
    key = str(binary)
    if key not in _HELP:
        try:
            p = subprocess.run([key, "--help"], capture_output=True, text=True, timeout=60)
            _HELP[key] = "--traceDir" in p.stdout + p.stderr
        except (OSError, subprocess.SubprocessError):
            _HELP[key] = False
    return _HELP[key]


def trace_job(target, program, binary, run, run_options, out, commit):
    """The traced re-run of a target's representative run (``run``, seed TRACE_SEED, with the
    options it was run with) into ``<out>/traces/<target>``."""
    options, note = trace_options(run_options)
    trace_dir = Path(out) / "traces" / target
    shown = " ".join([program] + [f"--{k}={core.option_text(v)}" for k, v in options.items()]
                     + [f"--RngRun={TRACE_SEED}", f"--traceDir=traces/{target}"])
    return {"trace": True, "target": target, "label": run.label, "seed": TRACE_SEED,
            "cmd": command(binary, options, TRACE_SEED) + [f"--traceDir={trace_dir}"],
            "dir": trace_dir, "shown": shown, "note": note,
            "stamp": {"key": core.run_key(program, options), "seed": TRACE_SEED,
                      "commit": commit}}


def reusable_trace(job):
    """True if ``job``'s directory holds the traces of the same run and module commit (its
    run.json, written when a traced run succeeds)."""
    stamp = Path(job["dir"]) / "run.json"
    try:
        return (json.loads(stamp.read_text()) == job["stamp"]
                and (Path(job["dir"]) / "tcp.csv").is_file())
    except (OSError, ValueError):
        return False


def run_trace(job):
    """Run one traced re-run into a fresh directory; on success stamp it (run.json)."""
    shutil.rmtree(job["dir"], ignore_errors=True)
    run_one(job)
    if job["rc"] == 0:
        (Path(job["dir"]) / "run.json").write_text(json.dumps(job["stamp"]) + "\n")
    return job


def draw_trace(job, figdir):
    """The figure of a traced run as figures/<target>-traces.png: the report's entry for the
    target (shown command, note, figure name or error)."""
    from . import traces
    info = {"shown": job["shown"], "note": job["note"], "figure": None, "error": None,
            "wall": job.get("wall", 0.0), "reused": job.get("reused", False)}
    if job["rc"] != 0:
        last = job["stderr"].strip().splitlines()[-1:] or [""]
        info["error"] = f"the traced run failed (exit {job['rc']}): {last[0]}"
        return info
    name = f"{job['target']}-traces.png"
    try:
        traces.plot(job["dir"], Path(figdir) / name,
                    title=f"{job['target']}: {job['label']}, RngRun {job['seed']}")
        info["figure"] = name
    except Exception as e:  # a figure that cannot be drawn must not cost the report
        info["error"] = f"the figure could not be drawn: {e}"
    return info


def run_one(job):
    """Run one simulation; returns the job with metrics or an error."""
    t0 = time.time()
    proc = subprocess.run(job["cmd"], capture_output=True, text=True)
    job["wall"] = time.time() - t0
    job["rc"] = proc.returncode
    job["stderr"] = proc.stderr[-2000:]
    job["metrics"] = None
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    if lines:
        try:
            job["metrics"] = json.loads(lines[-1])
        except json.JSONDecodeError:
            job["stderr"] += "\n(last stdout line is not JSON)"
            job["rc"] = job["rc"] or 3
    elif proc.returncode == 0:
        job["rc"] = 3
        job["stderr"] += "\n(no output)"
    return job


def fmt_time(s):
    s = int(s)
    return f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"


def _summary_line(mm):
    if "efficiency" in mm:
        return (f"E={mm['efficiency']:.3f} F={mm['fairness']:.3f} "
                f"CLR={100 * mm['cellLossRatio']:.2f}% retx={mm['retransmissionPercent']:.1f}%")
    if isinstance(mm.get("share"), list):
        return "share=" + "/".join(f"{x:.3f}" for x in mm["share"])
    return ", ".join(f"{k}={mm[k]:.4g}" for k in ("goodputMbps", "cellLossRatio",
                                                  "retransmissionPercent")
                     if isinstance(mm.get(k), (int, float)))


def _positive(kind):
    """An argparse type: a number of @p kind above zero (argparse names the option on error)."""
    def check(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a {kind.__name__}")
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{text} is not above zero (expected a finite "
                                             f"{kind.__name__} > 0)")
        return value
    check.__name__ = f"positive {kind.__name__}"
    return check


def _writable_dir(path, what):
    """Exit with a message naming the option unless @p path is (or can be made) a writable
    directory; nothing has been simulated yet when this runs."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        sys.exit(f"atm-validation: {what} {path}: cannot create the directory ({e.strerror}); "
                 f"give a writable path")
    if not os.access(path, os.W_OK | os.X_OK):
        sys.exit(f"atm-validation: {what} {path}: the directory is not writable; give a "
                 f"writable path")


def parser():
    p = argparse.ArgumentParser(
        prog="atm-validation",
        description="Run the atm module's reproduction targets (the example programs "
                    "atm-n-source, atm-cbr-window, atm-vbr-police, atm-vp-split, "
                    "atm-scheduler-share, atm-gfr-workstation, atm-router-bundle, "
                    "atm-abr-routers, atm-abr-vsvd, atm-spims), store every "
                    "run in SQLite and write a markdown report with paper-style figures and one "
                    "run's time series per target (--no-traces: none). Needs "
                    "matplotlib (utils/requirements.txt): without it the runner stops before "
                    "any simulation and prints the install commands.")
    p.add_argument("--set", default="quick", choices=("quick", "full"),
                   help="target set: quick (LAN-scale, minutes) or full (hours)")
    p.add_argument("--targets", help="comma-separated target ids (overrides --set)")
    p.add_argument("--list", action="store_true", help="list the targets and exit")
    p.add_argument("--seeds", type=_positive(int), help="seeds (RngRun 1..N) per run; default quick 3, "
                   "full 5; a deterministic target (max_seeds 1) runs one")
    p.add_argument("--jobs", type=_positive(int), default=os.cpu_count() or 1,
                   help="parallel runs (default: all cores, %(default)s here)")
    p.add_argument("--build", default=str(ROOT / "build"), help="the module's build directory")
    p.add_argument("--binary", help="atm-n-source executable (default "
                   "<build>/examples/atm-n-source); other programs are taken from "
                   "<build>/examples")
    p.add_argument("--out", help="output directory (default <build>/validation); with --plot, "
                   "the figure's PNG file (default TRACEDIR/traces.png)")
    p.add_argument("--db", help="SQLite file (default <out>/runs.sqlite); a file of the first "
                   "format is migrated (a copy is kept as <file>.v1.bak)")
    p.add_argument("--reuse", action="store_true",
                   help="reuse runs of the same program options, seed and module commit from "
                        "the db")
    p.add_argument("--reuse-commit",
                   help="with --reuse: take the runs of this module commit (e.g. 4412bbc) "
                        "instead of the checked-out one; the report then names that commit")
    p.add_argument("--duration-scale", type=_positive(float), default=1.0,
                   help="multiply every run's simulated duration (smoke tests)")
    p.add_argument("--export", metavar="FILE.csv",
                   help="also write this invocation's runs as CSV, one row per run and seed "
                        "(params.*, options.*, metrics.* columns, as pandas.json_normalize "
                        "names them)")
    p.add_argument("--strict", action="store_true", help="exit 1 if a hard check fails")
    p.add_argument("--no-traces", action="store_true",
                   help="no time series in the report; by default each target's first run "
                        "(seed 1) is run once more with --traceDir=<out>/traces/<target>, at "
                        f"most {TRACE_CAP_S:g} s of simulated time, and drawn as "
                        "figures/<target>-traces.png (programs that have --traceDir only)")
    p.add_argument("--plot", metavar="TRACEDIR",
                   help="instead of running targets: draw the time series an example run "
                        "wrote with --traceDir=TRACEDIR (cwnd, ssthresh and timeouts per flow; "
                        "the switch ports' queues and drops) as one PNG (--out) and exit")
    p.add_argument("--time-range", metavar="T0,T1",
                   help="with --plot: draw only the simulated times T0 to T1 (seconds, "
                        "0 <= T0 < T1)")
    return p


def parse_time_range(text):
    """--time-range "T0,T1" -> (t0, t1) in seconds; exits with a usage message otherwise."""
    parts = text.split(",")
    try:
        t0, t1 = (float(x) for x in parts)
        ok = len(parts) == 2 and 0 <= t0 < t1 and t1 < float("inf")
    except ValueError:
        ok = False
    if not ok:
        sys.exit(f"atm-validation: invalid --time-range={text}: expected T0,T1 in seconds "
                 f"with 0 <= T0 < T1, e.g. 1,2.5")
    return t0, t1


def plot_traces(a):
    """--plot: check the trace directory and the figure's path, then draw it."""
    from . import traces
    time_range = parse_time_range(a.time_range) if a.time_range else None
    try:
        traces.check_dir(a.plot)
    except traces.TraceError as e:
        sys.exit(f"atm-validation: --plot {e}")
    out = Path(a.out) if a.out else Path(a.plot) / traces.DEFAULT_FIGURE
    if out.suffix.lower() != ".png":
        sys.exit(f"atm-validation: --out {out}: with --plot, the figure's file name, ending in "
                 f".png")
    missing = missing_dependencies(["matplotlib", "pandas"])
    if missing:
        sys.exit(dependency_message(missing))
    _writable_dir(out.parent, "--out: the folder of")
    try:
        path = traces.plot(a.plot, out, time_range=time_range)
    except traces.TraceError as e:
        sys.exit(f"atm-validation: --plot {e}")
    print(f"[atm-validation] figure: {path}", file=sys.stderr)
    return 0


def main(argv=None):
    p = parser()
    a = p.parse_args(argv)
    if a.plot is not None:
        if a.targets or a.list:
            p.error("--plot draws a trace directory and runs nothing: leave out --targets and "
                    "--list")
        return plot_traces(a)
    if a.time_range is not None:
        p.error("--time-range only applies to --plot")
    try:
        from .targets import all_targets
        all_t = all_targets()
    except core.DataError as e:
        sys.exit(f"atm-validation: {e}")
    if a.list:
        for t in all_t:
            n = {s: sum(1 for r in t.runs if s in r.sets) for s in ("quick", "full")}
            print(f"{t.id:28s} runs quick {n['quick']:3d} full {n['full']:3d}  "
                  f"{t.program}{' (1 seed)' if t.max_seeds == 1 else ''}: {t.title}")
        return 0
    missing = missing_dependencies(["matplotlib"])
    if missing:
        sys.exit(dependency_message(missing))
    if a.targets:
        wanted = a.targets.split(",")
        unknown = [w for w in wanted if w not in {t.id for t in all_t}]
        if unknown:
            p.error(f"unknown target(s) {unknown}; see --list")
        chosen = [(t, list(t.runs)) for t in all_t if t.id in wanted]
        set_name = "custom"
    else:
        chosen = [(t, [r for r in t.runs if a.set in r.sets]) for t in all_t]
        chosen = [(t, r) for t, r in chosen if r]
        set_name = a.set
    seeds = a.seeds or (3 if set_name in ("quick", "custom") else 5)

    def seeds_of(t):
        return min(seeds, t.max_seeds) if t.max_seeds else seeds

    def binary_of(t):
        if t.program == "atm-n-source" and a.binary:
            return Path(a.binary)
        return Path(a.build) / "examples" / t.program

    anova.DEFAULT_BUILD = a.build  # for targets whose report holds an ANOVA (atmval.anova)
    for t, _ in chosen:
        if not binary_of(t).exists():
            sys.exit(f"atm-validation: {binary_of(t)} not found: build the module first "
                     f"(bash utils/quickstart test, or cmake --build {a.build})")
    out = Path(a.out or Path(a.build) / "validation")
    _writable_dir(out, "--out")
    db_path = Path(a.db or out / "runs.sqlite")
    _writable_dir(db_path.parent, "--db: the folder of")
    if a.export:
        _writable_dir(Path(a.export).parent, "--export: the folder of")
    try:
        db = store.open_db(db_path, all_t, lambda m: print(m, file=sys.stderr))
    except store.StoreError as e:
        sys.exit(f"atm-validation: {e}")
    commit = a.reuse_commit if (a.reuse and a.reuse_commit) else module_commit()
    version = ns3_version(a.build)

    jobs = []
    for t, runs in chosen:
        for run in runs:
            options = scaled(run.options, a.duration_scale)
            key = core.run_key(t.program, options)
            for seed in range(1, seeds_of(t) + 1):
                jobs.append({"target": t.id, "run": run, "label": run.label, "seed": seed,
                             "cmd": command(binary_of(t), options, seed), "key": key,
                             "options": options, "program": t.program,
                             "binary": str(binary_of(t))})
    todo = []
    for j in jobs:
        row = store.find(db, j["key"], j["seed"], commit) if a.reuse else None
        if row:
            j["id"], j["metrics"], j["rc"] = row[0], json.loads(row[1]), 0
        else:
            todo.append(j)
    # The report's time series: each target's first run once more, traced (not stored).
    trace_jobs = []
    traces_off = "--no-traces" if a.no_traces else None
    if not traces_off and missing_dependencies(["pandas"]):
        traces_off = "pandas is missing (python3-pandas): no time-series figures"
        print(f"[atm-validation] {traces_off}; install it or give --no-traces", file=sys.stderr)
    if not traces_off:
        for t, runs in chosen:
            if supports_traces(binary_of(t)):
                trace_jobs.append(trace_job(t.id, t.program, binary_of(t), runs[0],
                                            scaled(runs[0].options, a.duration_scale), out,
                                            commit))
    trace_todo = []
    for j in trace_jobs:
        if a.reuse and reusable_trace(j):
            j["rc"], j["stderr"], j["reused"] = 0, "", True
        else:
            trace_todo.append(j)
    print(f"[atm-validation] {set_name} set: {len(chosen)} targets, {len(jobs)} runs "
          f"({len(jobs) - len(todo)} reused), {seeds} seeds, {a.jobs} parallel; ns-3 {version}, "
          f"module {commit}"
          + (f"; {len(trace_jobs)} traced runs for the time series "
             f"({len(trace_jobs) - len(trace_todo)} reused)" if not traces_off else ""),
          file=sys.stderr)
    t0 = time.time()
    done = 0
    cpu = 0.0
    trace_cpu = 0.0
    failed = []
    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for j in _as_completed(pool, todo, trace_todo):
            if j.get("trace"):
                trace_cpu += j["wall"]
                what = "ok" if j["rc"] == 0 else (f"FAILED (exit {j['rc']}): "
                                                   f"{j['stderr'].strip().splitlines()[-1:]}")
                print(f"[trace] {j['target']} {j['label']} seed {j['seed']}: {what} "
                      f"({j['wall']:.1f} s wall)", file=sys.stderr, flush=True)
                continue
            done += 1
            cpu += j["wall"]
            j["id"] = store.insert(db, {
                "target": j["target"], "label": j["label"], "program": j["program"],
                "params": json.dumps(j["run"].params), "options": json.dumps(
                    {k: core.option_text(v) for k, v in j["options"].items()}),
                "key": j["key"], "seed": j["seed"],
                "metrics": json.dumps(j["metrics"]) if j["metrics"] else None,
                "ns3_version": version, "module_commit": commit, "binary": j["binary"],
                "wall_seconds": j["wall"], "exit_code": j["rc"], "stderr_tail": j["stderr"],
                "started_at": datetime.datetime.now().isoformat(timespec="seconds")})
            if j["rc"] == 0 and j["metrics"]:
                what = _summary_line(j["metrics"])
            else:
                failed.append(j)
                what = f"FAILED (exit {j['rc']}): {j['stderr'].strip().splitlines()[-1:]}"
            elapsed = time.time() - t0
            eta = elapsed / done * (len(todo) - done)
            print(f"[{done}/{len(todo)}] {j['target']} {j['label']} seed {j['seed']}: {what} "
                  f"({j['wall']:.1f} s wall) ETA {fmt_time(eta)}", file=sys.stderr, flush=True)
    wall = time.time() - t0
    trace_info = {}
    for j in trace_jobs:
        trace_info[j["target"]] = draw_trace(j, out / "figures")
    # The results in run and seed order, whatever order the runs completed in.
    results = {t.id: core.Results() for t, _ in chosen}
    for j in jobs:
        if j["rc"] == 0 and j["metrics"]:
            results[j["target"]].add(j["run"].params, j["label"], j["metrics"])
    meta = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "commit": commit,
            "ns3": version, "set": set_name, "seeds": seeds, "wall": wall, "cpu": cpu,
            "runs": len(jobs), "reused": len(jobs) - len(todo), "jobs": a.jobs,
            "targetSeeds": {t.id: seeds_of(t) for t, _ in chosen},
            "durationScale": a.duration_scale,
            "traces": {"off": traces_off, "runs": len(trace_jobs),
                       "reused": len(trace_jobs) - len(trace_todo), "cpu": trace_cpu,
                       "cap": TRACE_CAP_S},
            "command": " ".join(["python3 utils/atm-validation"]
                                + (argv if argv is not None else sys.argv[1:]))}
    hard_failed = report.write(out, meta, chosen, results, failed, trace_info)
    print(f"[atm-validation] report: {out / 'report.md'}\n[atm-validation] figures: "
          f"{out / 'figures'}\n[atm-validation] runs: {db_path} ({fmt_time(wall)} wall)",
          file=sys.stderr)
    if a.export:
        n = store.write_csv(store.records(db, [j["id"] for j in jobs]), a.export)
        print(f"[atm-validation] export: {a.export} ({n} runs)", file=sys.stderr)
    if failed:
        return 2
    return 1 if (a.strict and hard_failed) else 0


def _as_completed(pool, todo, trace_todo=()):
    # The traced runs first: they overlap with the measurements instead of trailing them.
    futures = [pool.submit(run_trace, j) for j in trace_todo]
    futures += [pool.submit(run_one, j) for j in todo]
    for f in cf.as_completed(futures):
        yield f.result()
