# SPDX-License-Identifier: GPL-2.0-only
"""The SQLite store of the validation runner, its migration from the first format, and the
export of runs as rows (CSV, or a pandas DataFrame).

A run is stored under ``key`` (``core.run_key``: canonical JSON of the program and its options)
and ``seed`` (RngRun), with the target, its label and params (JSON) for reading, the options
(JSON), the metrics (the program's last stdout line), the ns-3 version, the module commit and
the process's wall time, exit code and stderr tail. ``PRAGMA user_version`` is the format: 2.

Format 1 (before the key) stored the argument list in ``params`` (``["--k=v", ...]``, preceded
by the program name except for atm-n-source). ``open_db`` migrates such a file in place after
copying it to ``<file>.v1.bak``: the argument list gives the program and options, hence the
key; the params and label come from the current catalogue where a run has the same key, else
the params stay empty and the old label is kept. A file it cannot read is refused with a
message naming it."""

import csv
import json
import shutil
import sqlite3
from pathlib import Path

from .core import run_key

VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    target TEXT, label TEXT, program TEXT, params TEXT, options TEXT, key TEXT, seed INTEGER,
    metrics TEXT, ns3_version TEXT, module_commit TEXT, binary TEXT, wall_seconds REAL,
    exit_code INTEGER, stderr_tail TEXT, started_at TEXT
);
CREATE INDEX IF NOT EXISTS runs_key ON runs (key, seed, module_commit);
"""

COLUMNS = ("target", "label", "program", "params", "options", "key", "seed", "metrics",
           "ns3_version", "module_commit", "binary", "wall_seconds", "exit_code", "stderr_tail",
           "started_at")


class StoreError(Exception):
    pass


def _refuse(path, why):
    return StoreError(f"{path}: {why}. This runner cannot use it: delete it (rm {path}) or give "
                      "another --db or --out; --reuse will not take runs from it.")


def _columns(db, table="runs"):
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def parse_argv_key(params_json):
    """Program and options of a format-1 ``params`` value (the argument list)."""
    argv = json.loads(params_json)
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        raise ValueError("not an argument list")
    program = "atm-n-source"
    if argv and not argv[0].startswith("--"):
        program, argv = argv[0], argv[1:]
    options = {}
    for a in argv:
        if not a.startswith("--") or "=" not in a:
            raise ValueError(f"argument {a!r}")
        k, v = a[2:].split("=", 1)
        options[k] = v
    return program, options


def migrate_v1(db, path, catalogue, log=None):
    """Rewrite a format-1 table in the current format (see the module docstring)."""
    known = {}
    for t in catalogue:
        for r in t.runs:
            known[(t.id, r.key(t.program))] = r
    rows = db.execute("SELECT id, target, label, params, seed, metrics, ns3_version, "
                      "module_commit, binary, wall_seconds, exit_code, stderr_tail, started_at "
                      "FROM runs ORDER BY id").fetchall()
    out, matched = [], 0
    for (rid, target, label, params, seed, metrics, ver, commit, binary, wall, rc, err,
         started) in rows:
        try:
            program, options = parse_argv_key(params)
        except (ValueError, TypeError) as e:
            raise _refuse(path, f"run {rid} has params that are not an argument list ({e})")
        key = run_key(program, options)
        run = known.get((target, key))
        matched += run is not None
        out.append((rid, target, run.label if run else label, program,
                    json.dumps(run.params) if run else None, json.dumps(options), key, seed,
                    metrics, ver, commit, binary, wall, rc, err, started))
    with db:
        db.execute("ALTER TABLE runs RENAME TO runs_v1")
        db.execute("DROP INDEX IF EXISTS runs_key")
        for stmt in SCHEMA.split(";"):
            if stmt.strip():
                db.execute(stmt)
        db.executemany(f"INSERT INTO runs (id, {', '.join(COLUMNS)}) VALUES "
                       f"({', '.join('?' * (len(COLUMNS) + 1))})", out)
        db.execute("DROP TABLE runs_v1")
        db.execute(f"PRAGMA user_version = {VERSION}")
    if log:
        log(f"[atm-validation] {path}: migrated {len(out)} runs from the first database format "
            f"({matched} matched to current targets; the original is {path}.v1.bak)")


def open_db(path, catalogue=(), log=None):
    """Open (create, or migrate) the run database at ``path``."""
    path = Path(path)
    exists = path.exists() and path.stat().st_size > 0
    if exists:
        with open(path, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                raise _refuse(path, "not an SQLite database")
    db = sqlite3.connect(path)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    cols = _columns(db)
    if version > VERSION:
        db.close()
        raise _refuse(path, f"its format ({version}) is newer than this runner's ({VERSION})")
    if cols and "key" not in cols:
        need = {"target", "label", "params", "seed", "metrics", "module_commit", "exit_code"}
        if not need <= set(cols):
            db.close()
            raise _refuse(path, "its runs table is not one of the validation runner's")
        db.close()
        shutil.copy2(path, f"{path}.v1.bak")
        db = sqlite3.connect(path)
        migrate_v1(db, path, catalogue, log)
    elif cols and not set(COLUMNS) <= set(cols):
        db.close()
        raise _refuse(path, "its runs table lacks columns of the current format")
    db.executescript(SCHEMA)
    db.execute(f"PRAGMA user_version = {VERSION}")
    db.commit()
    return db


def insert(db, row):
    """Store one run (a dict with the COLUMNS); returns its id."""
    cur = db.execute(f"INSERT INTO runs ({', '.join(COLUMNS)}) VALUES "
                     f"({', '.join('?' * len(COLUMNS))})", [row.get(c) for c in COLUMNS])
    db.commit()
    return cur.lastrowid


def find(db, key, seed, commit):
    """The newest successful run of (key, seed) at ``commit``: (id, metrics) or None."""
    return db.execute("SELECT id, metrics FROM runs WHERE key=? AND seed=? AND module_commit=? "
                      "AND exit_code=0 AND metrics IS NOT NULL ORDER BY id DESC LIMIT 1",
                      (key, seed, commit)).fetchone()


# ---- export ------------------------------------------------------------------------------------

META = ("id", "target", "program", "label", "seed", "module_commit", "ns3_version",
        "wall_seconds", "exit_code", "started_at", "key")


def records(db, ids=None):
    """One flat dict per run: the run's columns, then ``params.<name>``, ``options.<name>``
    and ``metrics.<name>`` (the layout pandas.json_normalize gives), in id order."""
    q = f"SELECT {', '.join(META)}, params, options, metrics FROM runs"
    rows = db.execute(q + " ORDER BY id").fetchall()
    if ids is not None:
        wanted = set(ids)
        rows = [r for r in rows if r[0] in wanted]
    out = []
    for r in rows:
        rec = dict(zip(META, r[:len(META)]))
        for prefix, text in zip(("params", "options", "metrics"), r[len(META):]):
            for k, v in (json.loads(text) if text else {}).items():
                rec[f"{prefix}.{k}"] = v
        out.append(rec)
    return out


def _columns_of(recs):
    cols = []
    for rec in recs:
        for k in rec:
            if k not in cols:
                cols.append(k)
    head = [c for c in cols if "." not in c]
    return head + [c for p in ("params.", "options.", "metrics.") for c in cols
                   if c.startswith(p)]


def write_csv(recs, path):
    """CSV, one row per run; list values (per-flow metrics) as JSON."""
    cols = _columns_of(recs)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for rec in recs:
            w.writerow(["" if rec.get(c) is None else
                        json.dumps(rec[c]) if isinstance(rec[c], (list, dict)) else rec[c]
                        for c in cols])
    return len(recs)


def dataframe(db_or_path, ids=None):
    """The runs as a pandas DataFrame (one row per run; columns as ``records``)."""
    import pandas as pd
    db = sqlite3.connect(db_or_path) if isinstance(db_or_path, (str, Path)) else db_or_path
    recs = records(db, ids)
    return pd.DataFrame.from_records(recs, columns=_columns_of(recs))
