# SPDX-License-Identifier: GPL-2.0-only
"""Command line, run scheduling and the SQLite store of the validation runner."""

import argparse
import concurrent.futures as cf
import datetime
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from . import report, targets

ROOT = Path(__file__).resolve().parents[2]

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    target TEXT, label TEXT, params TEXT, seed INTEGER, metrics TEXT,
    ns3_version TEXT, module_commit TEXT, binary TEXT, wall_seconds REAL,
    exit_code INTEGER, stderr_tail TEXT, started_at TEXT
);
CREATE INDEX IF NOT EXISTS runs_key ON runs (params, seed, module_commit);
"""


def module_commit():
    try:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
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


def command(binary, options, seed, scale):
    args = [str(binary)]
    for k, v in options.items():
        # The warm-up shrinks with the duration, so that it stays inside the run.
        if k in ("duration", "warmup") and scale != 1.0:
            v = f"{float(str(v).rstrip('s')) * scale:g}s"
        args.append(f"--{k}={v}")
    args.append(f"--RngRun={seed}")
    return args


def run_one(job):
    """Run one simulation; returns the job with metrics or an error."""
    t0 = time.time()
    proc = subprocess.run(job["cmd"], capture_output=True, text=True)
    job["wall"] = time.time() - t0
    job["rc"] = proc.returncode
    job["stderr"] = proc.stderr[-2000:]
    job["metrics"] = None
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
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


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="atm-validation",
        description="Run the atm module's reproduction targets (the example programs atm-n-source, "
                    "atm-cbr-window, atm-vbr-police, atm-vp-split), store every run in SQLite and "
                    "write a markdown report with paper-style figures.")
    p.add_argument("--set", default="quick", choices=("quick", "full"),
                   help="target set: quick (LAN-scale, minutes) or full (hours)")
    p.add_argument("--targets", help="comma-separated target ids (overrides --set)")
    p.add_argument("--list", action="store_true", help="list the targets and exit")
    p.add_argument("--seeds", type=int, help="seeds (RngRun 1..N) per run; default quick 3, full 5; "
                   "a deterministic target (max_seeds 1) runs one")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs")
    p.add_argument("--build", default=str(ROOT / "build"), help="the module's build directory")
    p.add_argument("--binary", help="atm-n-source executable (default <build>/examples/atm-n-source);"
                   " other programs are taken from <build>/examples")
    p.add_argument("--out", help="output directory (default <build>/validation)")
    p.add_argument("--db", help="SQLite file (default <out>/runs.sqlite)")
    p.add_argument("--reuse", action="store_true",
                   help="reuse runs of the same parameters, seed and module commit from the db")
    p.add_argument("--reuse-commit",
                   help="with --reuse: take the runs of this module commit (e.g. 4412bbc) instead "
                        "of the checked-out one; the report then names that commit")
    p.add_argument("--duration-scale", type=float, default=1.0,
                   help="multiply every run's simulated duration (smoke tests)")
    p.add_argument("--strict", action="store_true", help="exit 1 if a hard check fails")
    a = p.parse_args(argv)

    all_t = targets.all_targets()
    if a.list:
        for t in all_t:
            n = {s: sum(1 for r in t.runs if s in r[2]) for s in ("quick", "full")}
            print(f"{t.id:24s} runs quick {n['quick']:3d} full {n['full']:3d}  "
                  f"{t.program}{' (1 seed)' if t.max_seeds == 1 else ''}: {t.title}")
        return 0
    if a.targets:
        wanted = a.targets.split(",")
        unknown = [w for w in wanted if w not in {t.id for t in all_t}]
        if unknown:
            p.error(f"unknown target(s) {unknown}; see --list")
        chosen = [(t, [r for r in t.runs]) for t in all_t if t.id in wanted]
        set_name = "custom"
    else:
        chosen = [(t, [r for r in t.runs if a.set in r[2]]) for t in all_t]
        chosen = [(t, r) for t, r in chosen if r]
        set_name = a.set
    seeds = a.seeds or (3 if set_name in ("quick", "custom") else 5)

    def seeds_of(t):
        return min(seeds, t.max_seeds) if t.max_seeds else seeds
    def binary_of(t):
        if t.program == "atm-n-source" and a.binary:
            return Path(a.binary)
        return Path(a.build) / "examples" / t.program

    for t, _ in chosen:
        if not binary_of(t).exists():
            sys.exit(f"atm-validation: {binary_of(t)} not found: build the module first "
                     f"(bash utils/quickstart test, or cmake --build {a.build})")
    out = Path(a.out or Path(a.build) / "validation")
    out.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(a.db or out / "runs.sqlite")
    db.executescript(SCHEMA)
    commit = a.reuse_commit if (a.reuse and a.reuse_commit) else module_commit()
    version = ns3_version(a.build)

    jobs = []
    for t, runs in chosen:
        for label, options, _ in runs:
            for seed in range(1, seeds_of(t) + 1):
                cmd = command(binary_of(t), options, seed, a.duration_scale)
                # atm-n-source runs keep their historical key (the options alone).
                key = cmd[1:-1] if t.program == "atm-n-source" else [t.program] + cmd[1:-1]
                params = json.dumps(key, sort_keys=False)
                jobs.append({"target": t.id, "label": label, "seed": seed, "cmd": cmd,
                             "params": params, "binary": str(binary_of(t))})
    results = {t.id: {} for t, _ in chosen}
    failed = []
    todo = []
    for j in jobs:
        row = None
        if a.reuse:
            row = db.execute("SELECT metrics FROM runs WHERE params=? AND seed=? AND module_commit=?"
                             " AND exit_code=0 ORDER BY id DESC LIMIT 1",
                             (j["params"], j["seed"], commit)).fetchone()
        if row:
            results[j["target"]].setdefault(j["label"], []).append(json.loads(row[0]))
        else:
            todo.append(j)
    print(f"[atm-validation] {set_name} set: {len(chosen)} targets, {len(jobs)} runs "
          f"({len(jobs) - len(todo)} reused), {seeds} seeds, {a.jobs} parallel; ns-3 {version}, "
          f"module {commit}", file=sys.stderr)
    t0 = time.time()
    done = 0
    cpu = 0.0
    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for j in _as_completed(pool, todo):
            done += 1
            cpu += j["wall"]
            db.execute("INSERT INTO runs (target, label, params, seed, metrics, ns3_version,"
                       " module_commit, binary, wall_seconds, exit_code, stderr_tail, started_at)"
                       " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                       (j["target"], j["label"], j["params"], j["seed"],
                        json.dumps(j["metrics"]) if j["metrics"] else None, version, commit,
                        j["binary"], j["wall"], j["rc"], j["stderr"],
                        datetime.datetime.now().isoformat(timespec="seconds")))
            db.commit()
            if j["rc"] == 0 and j["metrics"]:
                results[j["target"]].setdefault(j["label"], []).append(j["metrics"])
                mm = j["metrics"]
                if "efficiency" in mm:
                    what = (f"E={mm['efficiency']:.3f} F={mm['fairness']:.3f} "
                            f"CLR={100 * mm['cellLossRatio']:.2f}% "
                            f"retx={mm['retransmissionPercent']:.1f}%")
                else:
                    what = ", ".join(f"{k}={mm[k]:.4g}" for k in ("goodputMbps", "cellLossRatio",
                                                                  "retransmissionPercent")
                                     if isinstance(mm.get(k), (int, float)))
            else:
                failed.append(j)
                what = f"FAILED (exit {j['rc']}): {j['stderr'].strip().splitlines()[-1:] }"
            elapsed = time.time() - t0
            eta = elapsed / done * (len(todo) - done)
            print(f"[{done}/{len(todo)}] {j['target']} {j['label']} seed {j['seed']}: {what} "
                  f"({j['wall']:.1f} s wall) ETA {fmt_time(eta)}", file=sys.stderr, flush=True)
    wall = time.time() - t0
    meta = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "commit": commit,
            "ns3": version, "set": set_name, "seeds": seeds, "wall": wall, "cpu": cpu,
            "runs": len(jobs), "reused": len(jobs) - len(todo), "jobs": a.jobs,
            "targetSeeds": {t.id: seeds_of(t) for t, _ in chosen},
            "durationScale": a.duration_scale,
            "command": " ".join(["python3 utils/atm-validation"] + (argv if argv is not None else sys.argv[1:]))}
    hard_failed = report.write(out, meta, chosen, results, failed)
    print(f"[atm-validation] report: {out / 'report.md'}\n[atm-validation] figures: {out / 'figures'}\n"
          f"[atm-validation] runs: {a.db or out / 'runs.sqlite'} ({fmt_time(wall)} wall)",
          file=sys.stderr)
    if failed:
        return 2
    return 1 if (a.strict and hard_failed) else 0


def _as_completed(pool, todo):
    futures = [pool.submit(run_one, j) for j in todo]
    for f in cf.as_completed(futures):
        yield f.result()
