# SPDX-License-Identifier: GPL-2.0-only
"""Compare the metrics of two run databases per (target, key, seed):

    python3 utils/atmval/compare_runs.py A.sqlite B.sqlite [--targets ID,...]

Either file may be of the first format: it is migrated in a temporary copy (the file itself is
not changed), so a database of the old runner compares with one of this runner, key for key.
The newest successful run of each (target, key, seed) is compared. Exit 0 if every common run
has identical metrics, 1 otherwise."""

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from atmval import store  # noqa: E402
from atmval.targets import all_targets  # noqa: E402


def load(path, catalogue, tmp):
    copy = Path(tmp) / (Path(path).name + ".copy")
    shutil.copy2(path, copy)
    db = store.open_db(copy, catalogue, lambda m: print(
        f"[compare] {path}: first database format, read through a migrated temporary copy",
        file=sys.stderr))
    out = {}
    for target, label, key, seed, metrics in db.execute(
            "SELECT target, label, key, seed, metrics FROM runs WHERE exit_code = 0 AND "
            "metrics IS NOT NULL ORDER BY id"):
        out[(target, key, seed)] = (label, json.loads(metrics))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--targets", help="comma-separated target ids (default: all)")
    a = p.parse_args(argv)
    catalogue = all_targets()
    with tempfile.TemporaryDirectory() as tmp:
        A, B = load(a.a, catalogue, tmp), load(a.b, catalogue, tmp)
    if a.targets:
        keep = set(a.targets.split(","))
        A = {k: v for k, v in A.items() if k[0] in keep}
        B = {k: v for k, v in B.items() if k[0] in keep}
    common = sorted(set(A) & set(B))
    same, diff = 0, []
    for k in common:
        (la, ma), (_, mb) = A[k], B[k]
        d = sorted(m for m in set(ma) | set(mb) if ma.get(m) != mb.get(m))
        if d:
            diff.append((k[0], la, k[2], d))
        else:
            same += 1
    per_target = {}
    for k in common:
        per_target[k[0]] = per_target.get(k[0], 0) + 1
    print(f"runs: {len(A)} in {a.a}, {len(B)} in {a.b}, {len(common)} in both")
    for t, n in per_target.items():
        print(f"  {t}: {n}")
    print(f"identical metrics: {same}; different: {len(diff)}")
    for target, label, seed, d in diff[:20]:
        print(f"  {target} {label} seed {seed}: {', '.join(d[:8])}")
    for name, only in ((a.a, set(A) - set(B)), (a.b, set(B) - set(A))):
        if only:
            print(f"only in {name}: {len(only)} runs, e.g. "
                  + "; ".join(f"{t} {(A.get((t, k, s)) or B.get((t, k, s)))[0]} seed {s}"
                              for t, k, s in sorted(only)[:5]))
    return 0 if not diff and common else 1


if __name__ == "__main__":
    sys.exit(main())
