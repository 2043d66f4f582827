# SPDX-License-Identifier: GPL-2.0-only
"""The framework of the validation runner, independent of any study.

- ``Run``: one configuration of an example program: its *params* (the grid point, in the study's
  words: ``n``, ``k``, ``policy`` ...), the program *options* derived from them (what the program
  is given, ``--name=value``), the sets (quick, full) it belongs to and a label made from the
  params by the target's label format (never parsed back).
- ``run_key``: the identity of a configuration in the database: canonical JSON of the program
  name and its options as the program sees them (strings), keys sorted, so the order in which
  options were written does not matter. A stored run is (key, seed = RngRun).
- ``grid``: the product of a dict of lists (SEM's ``list_param_combinations``).
- ``Results``: the metrics of every run of one target, selected by params
  (``res.select(policy="EPD", n=5)``, ``res.values("efficiency", policy="EPD", n=5)``).
- ``Tolerance``: a tolerance read from a data file (``{rel = 0.03}``, ``{abs = 0.10}``,
  ``{min = 0.99}``, ...) with the text the report shows.
- ``Check``: one row of the report; ``CheckSpec``: one check entry of a data file (the Python
  function it names, hard or soft, the tolerance, published values and arguments).
- ``Family`` and ``load_family``: a family module (``targets/<family>.py``) registers its run,
  check and figure functions; ``data/<family>.toml`` lists its targets, published values and
  checks by function name. Loading fails with the file and the name when a named function does
  not exist.
"""

import itertools
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Callable

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11: the tomli backport (python3-tomli, pip install tomli)
    try:
        import tomli as tomllib
    except ModuleNotFoundError:
        tomllib = None

DATA = Path(__file__).resolve().parent / "data"
DOC = Path(__file__).resolve().parents[2] / "doc" / "validation"


class DataError(Exception):
    """A data file that names something that does not exist, or is malformed."""


# ---- runs, keys, labels, grids -----------------------------------------------------------------


def option_text(value):
    """A value as the program receives it on its command line (``--name=<text>``)."""
    return f"{value}"


def run_key(program, options):
    """The database key of one configuration: canonical JSON of the program and its options as
    strings, sorted by option name (order-independent). The seed (RngRun) is stored beside it."""
    return json.dumps({"options": {k: option_text(v) for k, v in options.items()},
                       "program": program}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def grid(axes=None, **more):
    """Every combination of the values of a dict of lists, first key varying slowest (SEM's
    ``list_param_combinations``): grid({"n": [5, 15], "k": [1000]}) -> [{n: 5, k: 1000},
    {n: 15, k: 1000}]. A value that is not a list is held fixed."""
    axes = dict(axes or {}, **more)
    names = list(axes)
    lists = [v if isinstance(v, (list, tuple)) else [v] for v in axes.values()]
    return [dict(zip(names, combo)) for combo in itertools.product(*lists)]


def _fmt_param(v):
    if isinstance(v, float):
        return f"{v:g}"
    return f"{v}"


class _LabelParams(dict):
    """str.format mapping: a param the run does not have formats as '-'."""

    def __missing__(self, key):
        return "-"


def make_label(params, fmt=None):
    """A run's label from its params: the target's format string (``"N={n} K={k} {policy}"``,
    floats with :g by default) or ``name=value`` pairs."""
    if fmt:
        return fmt.format_map(_LabelParams({k: (_fmt_param(v) if isinstance(v, float) else v)
                                            for k, v in params.items()}))
    return " ".join(f"{k}={_fmt_param(v)}" for k, v in params.items())


@dataclass
class Run:
    """One configuration of a target: params (selection, label), options (the program's)."""

    params: dict
    options: dict
    sets: tuple = ()
    label: str = ""

    def key(self, program):
        return run_key(program, self.options)


# ---- results -------------------------------------------------------------------------------------


def _matches(params, sel):
    return all(k in params and params[k] == v for k, v in sel.items())


class Results:
    """The completed runs of one target: (params, [metrics per seed]) in the target's run
    order. Selection is by params; a run that did not complete has no entry."""

    def __init__(self, entries=()):
        self.entries = []  # [(params, label, [metrics, ...])]
        for params, label, metrics in entries:
            self.add(params, label, metrics)

    def add(self, params, label, metrics):
        for p, lb, ms in self.entries:
            if p == params:
                ms.append(metrics)
                return
        self.entries.append((dict(params), label, [metrics]))

    def __bool__(self):
        return any(ms for _, _, ms in self.entries)

    def __len__(self):
        return len(self.entries)

    def select(self, **sel):
        """[(params, metrics per seed)] of the runs whose params include these values."""
        return [(p, ms) for p, _, ms in self.entries if ms and _matches(p, sel)]

    def get(self, **sel):
        """The metrics per seed of the one run matching ``sel`` ([] if none; error if several)."""
        found = self.select(**sel)
        if len(found) > 1:
            raise KeyError(f"{sel} selects {len(found)} runs, not one")
        return found[0][1] if found else []

    def has(self, **sel):
        return bool(self.get(**sel))

    def values(self, metric, **sel):
        """Per-seed values of one numeric metric of the one run matching ``sel``."""
        return [r[metric] for r in self.get(**sel) if isinstance(r.get(metric), (int, float))]

    def mean(self, metric, **sel):
        v = self.values(metric, **sel)
        return mean(v) if v else float("nan")

    def params(self, name, **sel):
        """The distinct values of one param among the completed runs matching ``sel``, in run
        order."""
        out = []
        for p, ms in self.select(**sel):
            if name in p and p[name] not in out:
                out.append(p[name])
        return out

    def first(self, **sel):
        """The first seed's metrics of the first completed run matching ``sel`` (None if none)."""
        found = self.select(**sel)
        return found[0][1][0] if found else None

    def all_metrics(self, metric, **sel):
        """Every seed's value of one metric over every run matching ``sel``."""
        return [r[metric] for _, ms in self.select(**sel) for r in ms if metric in r]


# ---- tolerances and checks -------------------------------------------------------------------


def within(x, ref, rel):
    """|x - ref| <= rel |ref|."""
    return abs(x - ref) <= rel * abs(ref)


def _g(x):
    return f"{x:g}"


class Tolerance:
    """A tolerance from a data file. Kinds: ``rel`` (|x - ref| <= rel |ref|), ``abs``
    (|x - ref| <= abs), ``min`` (x >= min), ``max`` (x <= max), ``below`` (x < v), ``above``
    (x > v), ``eq`` (x == v), ``range`` ([lo, hi]), ``ordering`` (the check function compares;
    ``slack`` a relative allowance). ``text`` replaces the generated wording; ``each`` says that
    every value must pass."""

    KINDS = ("rel", "abs", "min", "max", "below", "above", "eq", "range", "ordering")

    def __init__(self, spec):
        if not isinstance(spec, dict):
            raise DataError(f"tolerance must be a table, not {spec!r}")
        kinds = [k for k in self.KINDS if k in spec]
        unknown = set(spec) - set(self.KINDS) - {"text", "each", "slack"}
        if unknown or len(kinds) > 1:
            raise DataError(f"tolerance {spec!r}: one of {', '.join(self.KINDS)} "
                            "(plus text, each, slack)")
        self.kind = kinds[0] if kinds else None
        self.value = spec.get(self.kind) if self.kind else None
        self.slack = spec.get("slack", 0.0)
        self.each = spec.get("each", False)
        self._text = spec.get("text")
        if self.kind is None and self._text is None:
            raise DataError(f"tolerance {spec!r} has neither a kind nor a text")

    @property
    def text(self):
        if self._text is not None:
            return self._text
        k, v = self.kind, self.value
        t = {"rel": lambda: f"±{_g(100 * v)} %",
             "abs": lambda: f"±{v:.2f}" if v >= 0.01 else f"±{_g(v)}",
             "min": lambda: f"≥ {_g(v)}", "max": lambda: f"≤ {_g(v)}",
             "below": lambda: f"< {_g(v)}", "above": lambda: f"> {_g(v)}",
             "eq": lambda: f"= {_g(v)}", "range": lambda: f"{_g(v[0])}–{_g(v[1])}",
             "ordering": lambda: "ordering" + (f", {_g(100 * self.slack)} %" if self.slack else
                                               "")}[k]()
        return t + (" each" if self.each else "")

    def ok(self, x, ref=None):
        """Whether one value passes (ref: the published or predicted value for rel/abs)."""
        k, v = self.kind, self.value
        if isinstance(x, float) and math.isnan(x):
            return False
        if k == "rel":
            return abs(x - ref) <= v * abs(ref)
        if k == "abs":
            return abs(x - ref) <= v
        if k == "min":
            return x >= v
        if k == "max":
            return x <= v
        if k == "below":
            return x < v
        if k == "above":
            return x > v
        if k == "eq":
            return x == v
        if k == "range":
            return v[0] <= x <= v[1]
        raise DataError(f"tolerance '{self.text}' cannot judge one value (the check function "
                        "must compare)")

    def all_ok(self, xs, ref=None):
        return bool(xs) and all(self.ok(x, ref) for x in xs)

    def non_decreasing(self, xs):
        """Each value at least (1 - slack) times the one before."""
        return all(b >= (1 - self.slack) * a for a, b in zip(xs, xs[1:]))


@dataclass
class Check:
    """One row of the report."""

    quantity: str
    published: str
    values: list  # simulated value per seed (or a single derived value)
    tolerance: str
    hard: bool
    ok: bool
    unit: str = ""


@dataclass
class CheckSpec:
    """One check entry of a data file: ``check`` names the function; ``hard``; ``tol``; any
    other key is an argument the function reads with ``spec[name]`` / ``spec.get(name)``."""

    fn: Callable
    name: str
    hard: bool
    tol: Tolerance
    args: dict
    target: "Target" = None
    family: "Family" = None

    def __getitem__(self, name):
        if name not in self.args:
            raise DataError(f"check '{self.name}' of {self.target.id if self.target else '?'}: "
                            f"the data file gives no '{name}'")
        return self.args[name]

    def get(self, name, default=None):
        return self.args.get(name, default)

    def table(self, name=None):
        """A published table of the family's data file (``[tables.<name>]``), by the entry's
        ``table`` argument or by name."""
        return self.family.table(name or self["table"])

    def row(self, quantity, published, values, ok, unit="", tolerance=None):
        """A report row with this entry's hard flag and tolerance text."""
        return Check(quantity, published, list(values), tolerance or self.tol.text, self.hard,
                     bool(ok), unit)


@dataclass
class Target:
    """One reproduction target (a table of a family's data file plus the family's functions)."""

    id: str
    title: str
    source: str  # the study and its table/figure/section
    sets: tuple
    program: str
    runs: list = field(default_factory=list)  # [Run]
    checks: list = field(default_factory=list)  # [CheckSpec]
    figure: Callable = None  # (Results, plt, Target) -> a matplotlib Figure or None
    report: Callable = None  # (Results, Target) -> markdown lines for the report, or None
    max_seeds: int = 0  # 1: a deterministic model (one seed); 0: no limit
    family: "Family" = None
    data: dict = field(default_factory=dict)  # the target's table in the data file
    doc: str = ""  # the rst file (doc/validation/<family>.rst) holding the write-up

    def check(self, res):
        rows = []
        for spec in self.checks:
            rows += spec.fn(res, spec)
        return rows

    def draw(self, res, plt):
        return self.figure(res, plt, self) if self.figure else None

    def report_lines(self, res):
        """The target's own lines in its section of the report (its ``report`` function)."""
        return list(self.report(res, self) or []) if self.report else []

    def deviations(self):
        """The target's write-up from its rst file (the section titled with its id)."""
        return rst_section(DOC / self.doc, self.id) if self.doc else ""

    def __getitem__(self, name):
        if name not in self.data:
            raise DataError(f"{self.id}: the data file gives no '{name}'")
        return self.data[name]

    def get(self, name, default=None):
        return self.data.get(name, default)


# ---- checks any family's data file can name ----------------------------------------------------

GENERIC_CHECKS = {}


def generic_check(fn):
    GENERIC_CHECKS[fn.__name__] = fn
    return fn


def _published_text(spec):
    p = spec.get("published_text", spec.get("published"))
    return p if isinstance(p, str) else _g(p)


@generic_check
def each_value(res, spec):
    """Every seed's value of ``metric`` over the runs matching ``where`` (times ``scale``) must
    pass the tolerance (against ``published`` for rel/abs)."""
    v = [spec.get("scale", 1) * x for x in res.all_metrics(spec["metric"], **spec.get("where", {}))]
    if not v:
        return []
    ref = spec.get("published")
    return [spec.row(spec["quantity"], _published_text(spec), v,
                     spec.tol.all_ok(v, ref if not isinstance(ref, str) else None),
                     spec.get("unit", ""))]


@generic_check
def mean_value(res, spec):
    """The mean over seeds of ``metric`` of the one run matching ``where`` (times ``scale``)
    against ``published``."""
    v = [spec.get("scale", 1) * x for x in res.values(spec["metric"], **spec.get("where", {}))]
    if not v:
        return []
    ref = spec.get("published")
    return [spec.row(spec["quantity"], _published_text(spec), v,
                     spec.tol.ok(mean(v), ref if not isinstance(ref, str) else None),
                     spec.get("unit", ""))]


@generic_check
def mean_non_decreasing(res, spec):
    """The mean over seeds of ``metric`` must not decrease along the run param ``over`` (its
    values in run order) among the runs matching ``where``: one row, or with ``by`` one row per
    value of that param. ``quantity`` may name ``{over}`` (the values of ``over``) and the
    params of the row's selection (``where`` and ``by``), e.g. ``"{path}: aggregate non-decreasing in k = {over}"``."""
    where = spec.get("where", {})
    by = spec.get("by")
    rows = []
    for group in res.params(by, **where) if by else [None]:
        sel = dict(where, **({by: group} if by else {}))
        xs = res.params(spec["over"], **sel)
        if not xs:
            continue
        v = [res.mean(spec["metric"], **sel, **{spec["over"]: x}) for x in xs]
        names = {"over": xs, **sel}
        rows.append(spec.row(spec["quantity"].format(**names), _published_text(spec), v,
                             spec.tol.non_decreasing(v), spec.get("unit", "")))
    return rows


def option_of(target, name, **sel):
    """The value of one program option of the first run of ``target`` whose params match."""
    for r in target.runs:
        if _matches(r.params, sel) and name in r.options:
            return r.options[name]
    raise DataError(f"{target.id}: no run with {sel} has the option '{name}'")


# ---- families -----------------------------------------------------------------------------


class Family:
    """The functions of one family module, registered by decorator and named in its data file:
    ``@fam.runs`` (target -> [Run]), ``@fam.check`` ((Results, CheckSpec) -> [Check]),
    ``@fam.figure`` ((Results, plt, Target) -> Figure) and, optionally, ``@fam.report``
    ((Results, Target) -> markdown lines for the target's section of the report, after its
    checks: e.g. an ANOVA table, atmval.anova.table_lines)."""

    def __init__(self, name):
        self.name = name
        self.functions = {"runs": {}, "check": {}, "figure": {}, "report": {}}
        self.data = None
        self.path = DATA / f"{name}.toml"

    def _register(self, kind):
        def deco(fn):
            self.functions[kind][fn.__name__] = fn
            return fn
        return deco

    @property
    def runs(self):
        return self._register("runs")

    @property
    def check(self):
        return self._register("check")

    @property
    def figure(self):
        return self._register("figure")

    @property
    def report(self):
        return self._register("report")

    def function(self, kind, name, where):
        if kind == "check" and name not in self.functions[kind] and name in GENERIC_CHECKS:
            return GENERIC_CHECKS[name]
        if name not in self.functions[kind]:
            known = ", ".join(sorted(self.functions[kind])) or "none"
            raise DataError(f"{self.path}: {where} names the {kind} function '{name}', which "
                            f"targets/{self.name}.py does not define (its {kind} functions: "
                            f"{known})")
        return self.functions[kind][name]

    def table(self, name):
        tables = self.data.get("tables", {})
        if name not in tables:
            raise DataError(f"{self.path}: no [tables.{name}]")
        return tables[name]


def load_toml(path):
    if tomllib is None:
        raise DataError("reading the data files needs Python 3.11 (tomllib) or the tomli "
                        "package: apt-get install python3-tomli, or pip install tomli")
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{path}: {e}") from None


TARGET_KEYS = {"title", "source", "sets", "program", "runs", "figure", "checks", "max_seeds",
               "doc", "label", "report"}


def load_family(fam):
    """The targets of one family: its data file's [targets.<ID>] tables, in file order, with
    the named functions bound. Raises DataError naming the file and the missing name."""
    fam.data = load_toml(fam.path)
    targets = []
    for tid, t in fam.data.get("targets", {}).items():
        where = f"[targets.{tid}]"
        for req in ("title", "source", "sets", "program", "runs", "figure"):
            if req not in t:
                raise DataError(f"{fam.path}: {where} has no '{req}'")
        tg = Target(id=tid, title=t["title"], source=t["source"], sets=tuple(t["sets"]),
                    program=t["program"], max_seeds=t.get("max_seeds", 0), family=fam, data=t,
                    doc=t.get("doc", f"{fam.name}.rst"))
        tg.figure = fam.function("figure", t["figure"], where)
        if "report" in t:
            tg.report = fam.function("report", t["report"], where)
        for i, c in enumerate(t.get("checks", [])):
            cw = f"{where} check {i + 1}"
            if "check" not in c or "hard" not in c or "tol" not in c:
                raise DataError(f"{fam.path}: {cw} needs check (a function name), hard and tol")
            args = {k: v for k, v in c.items() if k not in ("check", "hard", "tol")}
            try:
                tol = Tolerance(c["tol"])
            except DataError as e:
                raise DataError(f"{fam.path}: {cw}: {e}") from None
            tg.checks.append(CheckSpec(fam.function("check", c["check"], cw), c["check"],
                                       bool(c["hard"]), tol, args, tg, fam))
        runs = fam.function("runs", t["runs"], where)(tg)
        for r in runs:
            r.sets = tuple(r.sets) or tg.sets
            r.label = r.label or make_label(r.params, t.get("label"))
        keys = [r.key(tg.program) for r in runs]
        if len(set(keys)) != len(keys):
            raise DataError(f"{fam.path}: {where}: two runs have the same options")
        tg.runs = runs
        targets.append(tg)
    return targets


# ---- the rst write-ups -------------------------------------------------------------------------


def rst_section(path, title):
    """The body of the section titled ``title`` in an rst file (up to the next title of the
    same or a higher level), as plain text for the markdown report."""
    if not Path(path).exists():
        return ""
    lines = Path(path).read_text().splitlines()
    adorn = re.compile(r"^([=\-+~^*#\"'`:.])\1{3,}\s*$")
    start = None
    for i, line in enumerate(lines[:-1]):
        m = adorn.match(lines[i + 1])
        if m and line.strip() == title and len(lines[i + 1].strip()) >= len(line.strip()):
            start = i + 2
            break
    if start is None:
        return ""
    body = []
    for i in range(start, len(lines)):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        m = adorn.match(nxt)
        if m and lines[i].strip() and len(nxt.strip()) >= len(lines[i].strip()):
            break
        body.append(lines[i])
    return "\n".join(_without_directives(body)).strip()


def _without_directives(lines):
    """The lines with each rst directive block (``.. name::`` and its indented body) left out;
    a figure becomes one line naming its file, which lives with the manual, not the report."""
    out, skipping = [], False
    for line in lines:
        m = re.match(r"^\.\. ([\w-]+)::\s*(.*)$", line)
        if m:
            skipping = True
            if m.group(1) == "figure":
                out.append(f"(Figure in the manual: `doc/validation/{m.group(2).strip()}`.)")
            continue
        if skipping and (not line.strip() or line[:1].isspace()):
            continue
        skipping = False
        out.append(line)
    return out
