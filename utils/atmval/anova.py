# SPDX-License-Identifier: GPL-2.0-only
"""The analysis of variance of a full factorial experiment over a target's runs (R. Jain, "The
Art of Computer Systems Performance Analysis", Wiley 1991, chapters 21-23; ATM Forum 98-0876R1
applies it to TCP x drop policy x buffer, 24 runs per delay), computed by the module's
``examples/atm-anova`` (AtmFactorialAnova, with GSL's t and F quantiles) and formatted for the
report.

- ``anova(rows, factors, response, build)``: run the tool on a table of runs and return its
  result (``parse``); ``rows`` are mappings (``{"tcp": "Reno", "drop": "EPD", "buffer": 0.5,
  "efficiency": 0.93}``) or sequences (the factors' levels in ``factors`` order, then the
  response). Levels are text to the tool (``0.5`` and ``"0.5"`` are the same level).
- ``parse(text)``: the tool's JSON line as a dict, checked; absent values (no error degrees of
  freedom, F with SSE = 0) are ``None``.
- ``term(result, name)``, ``effect(result, name, *levels)``: look-ups in a result.
- ``table_lines(result)``: the classic ANOVA table (Jain's: component, sum of squares, % of
  variation, degrees of freedom, mean square, F computed, F from the table) as markdown lines
  for ``report.md``, with a line on s_e, t and what was pooled into the error;
  ``effect_lines(result)``: the effects with their confidence intervals.

The build directory is the ``build`` argument, else ``DEFAULT_BUILD`` (the runner sets it to
its ``--build``), else the environment variable ``ATM_BUILD_DIR``.
"""

import csv
import io
import json
import math
import os
import subprocess
from pathlib import Path

PROGRAM = "atm-anova"
DEFAULT_BUILD = None  # set by runner.main to its --build

_RESULT_KEYS = ("runs", "replications", "factors", "order", "confidence", "mean", "ssy", "ss0",
                "sst", "t", "terms", "error", "percentTotal")
_TERM_KEYS = ("term", "factors", "order", "dof", "ss", "percent", "ms", "F", "fCritical", "p",
              "sEffect", "effects")
_ERROR_KEYS = ("dof", "ss", "percent", "ms", "se", "pooled")


class AnovaError(Exception):
    """The tool is missing, refused the table, or printed something that is not its result."""


def build_dir(build=None):
    """The build directory holding examples/atm-anova: ``build``, DEFAULT_BUILD or
    $ATM_BUILD_DIR (None if none is given)."""
    b = build or DEFAULT_BUILD or os.environ.get("ATM_BUILD_DIR")
    return Path(b) if b else None


def program(build=None):
    """The path of examples/atm-anova in the build directory."""
    b = build_dir(build)
    if b is None:
        raise AnovaError("no build directory: pass build=, or set ATM_BUILD_DIR")
    return b / "examples" / PROGRAM


def _level(v):
    if isinstance(v, float) and v.is_integer():
        return f"{v:g}"
    return f"{v}"


def to_csv(rows, factors, response):
    """The table the tool reads: a header (the factors, then the response), one line per run."""
    factors = list(factors)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(factors + [response])
    for i, row in enumerate(rows):
        if isinstance(row, dict):
            missing = [k for k in factors + [response] if k not in row]
            if missing:
                raise AnovaError(f"run {i + 1} has no {', '.join(missing)}")
            levels, y = [row[f] for f in factors], row[response]
        else:
            row = list(row)
            if len(row) != len(factors) + 1:
                raise AnovaError(f"run {i + 1} has {len(row)} values; expected "
                                 f"{len(factors) + 1} (the factors' levels, then {response})")
            levels, y = row[:-1], row[-1]
        if not isinstance(y, (int, float)) or isinstance(y, bool) or not math.isfinite(y):
            raise AnovaError(f"run {i + 1}: {response} = {y!r} is not a finite number")
        w.writerow([_level(v) for v in levels] + [repr(float(y))])
    return out.getvalue()


def anova(rows, factors, response, build=None, order=2, confidence=0.90, timeout=60):
    """The ANOVA of ``rows`` (mappings or sequences, see the module's doc) with the given factor
    columns and response, by examples/atm-anova of ``build``: terms up to ``order`` (2: main
    effects and two-factor interactions; higher ones pooled into the error), intervals and F
    quantiles at ``confidence``. Returns parse()'s dict; raises AnovaError with the tool's
    message if it refuses the table (ragged, a factor with one level, a missing combination of
    levels, fewer runs than parameters, a constant response)."""
    binary = program(build)
    if not binary.exists():
        raise AnovaError(f"{binary} not found: build the module (it needs GSL, libgsl-dev)")
    factors = list(factors)
    if not factors:
        raise AnovaError("no factors")
    text = to_csv(rows, factors, response)
    cmd = [str(binary), f"--response={response}", f"--factors={','.join(factors)}",
           f"--order={order}", f"--confidence={confidence}"]
    try:
        p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AnovaError(f"{PROGRAM} gave no answer within {timeout} s") from None
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or [f"exit code {p.returncode}"])[0]
        raise AnovaError(first)
    return parse(p.stdout)


def parse(text):
    """The tool's output (its last non-empty line, a JSON object) as a dict, checked for the
    keys the report uses; raises AnovaError if it is not an atm-anova result."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise AnovaError(f"{PROGRAM} printed nothing")
    try:
        r = json.loads(lines[-1])
    except json.JSONDecodeError as e:
        raise AnovaError(f"{PROGRAM}'s output is not JSON: {e}") from None
    if not isinstance(r, dict) or r.get("program") != PROGRAM:
        raise AnovaError(f"not a result of {PROGRAM}: {lines[-1][:80]}")
    parts = [(_RESULT_KEYS, r, "the result")]
    parts += [(_TERM_KEYS, t, f"term {t.get('term', '?')}") for t in r.get("terms", [])]
    parts += [(_ERROR_KEYS, r.get("error", {}), "the error")]
    for keys, obj, what in parts:
        missing = [k for k in keys if k not in obj]
        if missing:
            raise AnovaError(f"{PROGRAM}'s result: {what} has no {', '.join(missing)}")
    return r


def term(result, name):
    """The term called ``name`` ("tcp", "tcp:drop"); KeyError naming the terms if none."""
    for t in result["terms"]:
        if t["term"] == name:
            return t
    raise KeyError(f"no term {name!r}; the terms: {', '.join(t['term'] for t in result['terms'])}")


def effect(result, name, *levels):
    """The effect dict (levels, effect, ci, significant) of ``levels`` in term ``name``."""
    want = [_level(v) for v in levels]
    for e in term(result, name)["effects"]:
        if e["levels"] == want:
            return e
    raise KeyError(f"term {name!r} has no effect at {want}")


def _num(x, digits=4):
    """A number for the table: None as a dash, otherwise ``digits`` significant digits (at
    least the integer part)."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if isinstance(x, int) and not isinstance(x, bool):
        return f"{x}"
    if x == 0:
        return "0"
    ax = abs(x)
    if ax >= 1e6 or ax < 1e-4:
        return f"{x:.{digits - 1}e}"
    decimals = max(0, digits - 1 - int(math.floor(math.log10(ax))))
    return f"{x:.{decimals}f}"


def _p(x):
    if x is None:
        return "–"
    return "< 0.0001" if x < 1e-4 else f"{x:.4f}"


def table_lines(result, title=None, response=None):
    """The classic ANOVA table of a result as markdown lines (Jain 1991: component, sum of
    squares, % of variation, degrees of freedom, mean square, F computed and F from the table
    at the result's confidence, plus the p-value), then s_e, t and the terms pooled into the
    error. ``title``: a line before the table; ``response``: its name in the first rows."""
    y = response or "y"
    conf = result["confidence"]
    err = result["error"]
    n = result["runs"]
    lines = ([title, ""] if title else []) + [
        f"| component | sum of squares | % of variation | dof | mean square | F computed | "
        f"F[{conf:g}] | p |",
        "|---|---|---|---|---|---|---|---|",
        f"| {y} | {_num(result['ssy'])} | | {n} | | | | |",
        f"| mean of {y} | {_num(result['ss0'])} | | 1 | | | | |",
        f"| {y} − mean (total) | {_num(result['sst'])} | 100 | {n - 1} | | | | |",
    ]
    for t in result["terms"]:
        name = t["term"].replace(":", " × ")
        lines.append(f"| {name} | {_num(t['ss'])} | {_num(t['percent'])} | {t['dof']} | "
                     f"{_num(t['ms'])} | {_num(t['F'])} | {_num(t['fCritical'])} | "
                     f"{_p(t['p'])} |")
    pooled = ", ".join(f"{p['term'].replace(':', ' × ')} ({p['dof']} dof)"
                       for p in err["pooled"])
    lines.append(f"| error | {_num(err['ss'])} | {_num(err['percent'])} | {err['dof']} | "
                 f"{_num(err['ms'])} | | | |")
    lines.append("")
    reps = result["replications"]
    notes = [f"{n} runs, {reps} replication{'s' if reps != 1 else ''}"]
    if err["dof"] > 0:
        notes.append(f"s_e = {_num(err['se'])}, t[{1 - (1 - conf) / 2:g}; {err['dof']}] = "
                     f"{_num(result['t'])}")
    else:
        notes.append("no error degrees of freedom: no s_e, intervals or F-tests")
    if pooled:
        notes.append(f"pooled into the error: {pooled}")
    if reps > 1:
        notes.append("the error includes the variation within each combination of levels")
    lines += ["; ".join(notes) + ".", ""]
    return lines


def effect_lines(result, names=None):
    """The effects of the terms ``names`` (default: every term) with their confidence intervals
    as one markdown table; a star marks an interval that excludes zero."""
    conf = result["confidence"]
    lines = [f"| term | levels | effect | {conf * 100:g} % interval | s |", "|---|---|---|---|---|",
             f"| mean | | {_num(result['mean'])} | "
             f"{_ci(result.get('meanCi'))} | {_num(result.get('sMean'))} |"]
    for t in result["terms"]:
        if names is not None and t["term"] not in names:
            continue
        for e in t["effects"]:
            star = " *" if e["significant"] else ""
            lines.append(f"| {t['term'].replace(':', ' × ')} | {', '.join(e['levels'])} | "
                         f"{_num(e['effect'])}{star} | {_ci(e['ci'])} | {_num(t['sEffect'])} |")
    lines.append("")
    return lines


def _ci(ci):
    if not ci or ci[0] is None or ci[1] is None:
        return "–"
    return f"({_num(ci[0])}, {_num(ci[1])})"
