# SPDX-License-Identifier: GPL-2.0-only
"""BON-GFR: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
guaranteed bandwidth", PhD thesis, Université de Liège, 1998, chapters 7 and 8: TCP over GFR in
the workstation scenario (atm-gfr-workstation): one privileged and nine background
workstations send on/off 10 MB transfers over GFR VCs that share one NNI; Double-EPD with
adapter tagging, per-VC thresholds with Virtual Spacing, the simple GFR shaper and TBA.

BON ran 4.4BSD-Lite Reno (TCP_default, TCP_fast) and a NetBSD SACK inside its simulator, so
the orderings and bounds the thesis draws its conclusions from are hard checks and its numbers
soft (±35 %, tagged fractions ±10 points). Published values, tolerances and checks:
data/bon-gfr.toml; write-ups: doc/validation/bon-gfr.rst."""

import math
from statistics import mean

from ..core import Family, Run, make_label
from ..figures import bars

fam = Family("bon-gfr")

LAN = {"uniDelay": "10us", "nniDelay": "100us"}
WAN = {"uniDelay": "2.5ms", "nniDelay": "10ms"}


def ws_options(t, **kw):
    """The workstation scenario's options: the target's defaults, then the run's."""
    o = {"duration": f"{t['duration']}s"}
    o.update(LAN if t.get("network", "LAN") == "LAN" else WAN)
    o.update({k: str(v).lower() if isinstance(v, bool) else v
              for k, v in t.get("options", {}).items()})
    o.update({k: str(v).lower() if isinstance(v, bool) else v for k, v in kw.items()})
    return o


@fam.runs
def sweep_runs(t):
    """One run per combination of the target's ``sweep`` table (param -> values; each value
    goes to the option of the same name) and, if the target has a ``variants`` table (name ->
    options), of its variants (param ``variant``)."""
    combos = [{}]
    for k in t["sweep"]:
        combos = [dict(c, **{k: v}) for c in combos for v in t["sweep"][k]]
    variants = t.get("variants", {"": {}})
    runs = []
    for c in combos:
        for name, extra in variants.items():
            p = dict(c, variant=name) if name else c
            runs.append(Run(p, ws_options(t, **extra, **c)))
    return runs


@fam.runs
def share_runs(t):
    """atm-scheduler-share: one run per variant (name -> options) with the target's options."""
    runs = []
    for name, extra in t["variants"].items():
        o = {"duration": f"{t['duration']}s"}
        o.update(t.get("options", {}))
        o.update(extra)
        runs.append(Run({"variant": name}, o))
    return runs


# ---- what a run measured ---------------------------------------------------------------------


def privileged(m, key="goodputMbps"):
    return m["stations"][0][key]


def background(m, key="goodputMbps"):
    return mean(s[key] for s in m["stations"][1:])


def over_background(m):
    """The privileged goodput over the mean background goodput (1: fair)."""
    b = background(m)
    return privileged(m) / b if b > 0 else math.inf


def reservation_fraction(m):
    """The privileged workstation's goodput over its MCR as goodput."""
    return privileged(m) / privileged(m, "mcrMbps")


def _mcr(p, ms):
    """The run's privileged MCR: a swept param, else what the run reported (a target option)."""
    if "privilegedMcr" in p:
        return p["privilegedMcr"]
    return int(round(ms[0]["privilegedMcr"])) if "privilegedMcr" in ms[0] else None


def _label(spec, p):
    return make_label(p, spec.get("quantity", ", ".join(f"{k}={{{k}}}" for k in p)))


def _per_run(res, spec, value, published, ok, unit="", **sel):
    """One report row per run matching ``sel``: value(metrics) over the seeds."""
    rows = []
    for p, ms in res.select(**sel):
        v = [value(m) for m in ms]
        rows.append(spec.row(_label(spec, p), published(p), v, ok(mean(v), p), unit))
    return rows


# ---- checks ----------------------------------------------------------------------------------


@fam.check
def privileged_below_reservation(res, spec):
    """Double-EPD: the privileged workstation stays below a fraction of its reservation."""
    return _per_run(res, spec, reservation_fraction, lambda p: spec["published"],
                    lambda x, p: spec.tol.ok(x), "× MCR", **spec.get("where", {}))


def _per_mcr(res, spec, key, unit=""):
    """One report row per run whose privileged MCR has a published value (``published``: MCR ->
    value): the privileged workstation's metric ``key`` over the seeds."""
    pub = {int(k): v for k, v in spec["published"].items()}
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        if _mcr(p, ms) in pub:
            v = [privileged(m, key) for m in ms]
            x = pub[_mcr(p, ms)]
            rows.append(spec.row(_label(spec, p), f"{x:g}", v, spec.tol.ok(mean(v), x), unit))
    return rows


@fam.check
def privileged_goodput(res, spec):
    """A published goodput of the privileged workstation, per privileged MCR."""
    return _per_mcr(res, spec, "goodputMbps", "Mb/s")


@fam.check
def privileged_tagged(res, spec):
    """A published tagged fraction of the privileged workstation, per privileged MCR."""
    return _per_mcr(res, spec, "taggedFraction")


@fam.check
def no_cell_loss(res, spec):
    """No cell lost at the NNI port, every run."""
    return _per_run(res, spec, lambda m: m["cellLossRatio"], lambda p: "0",
                    lambda x, p: spec.tol.ok(x), **spec.get("where", {}))


@fam.check
def mcr_proportional(res, spec):
    """Lossless per-VC sharing: privileged / background goodput against the MCR ratio."""
    return _per_run(res, spec,
                    lambda m: privileged(m) / background(m) / (m["privilegedMcr"]
                                                               / m["backgroundMcr"]),
                    lambda p: "1 (goodput ∝ MCR)", lambda x, p: spec.tol.ok(x, 1.0),
                    "ratio", **spec.get("where", {}))


@fam.check
def privileged_share(res, spec):
    """The privileged workstation's part of the total goodput."""
    return _per_run(res, spec, lambda m: privileged(m) / sum(m["goodputMbps"]),
                    lambda p: spec["published"], lambda x, p: spec.tol.ok(x),
                    **spec.get("where", {}))


@fam.check
def collapse_per_source(res, spec):
    """LBO = 0: every workstation's goodput near BON's three segments per 800 ms."""
    return _per_run(res, spec, lambda m: mean(m["goodputMbps"]),
                    lambda p: f"{spec['published']:g}", lambda x, p: spec.tol.ok(x, spec["published"]),
                    "Mb/s", **spec.get("where", {}))


@fam.check
def egress_used(res, spec):
    """UBR reference: every workstation uses its egress link (its MCR as goodput)."""
    return _per_run(res, spec,
                    lambda m: min(s["goodputMbps"] / s["mcrMbps"] for s in m["stations"]),
                    lambda p: "≈ 1 (fully used)", lambda x, p: spec.tol.ok(x),
                    "× egress", **spec.get("where", {}))


@fam.check
def variant_ordering(res, spec):
    """The privileged goodput of variant ``better`` above that of variant ``worse``, for every
    combination of the other params (optionally restricted by ``where``). With ``measure =
    "share"`` the quantity compared is the privileged goodput over the mean background goodput
    (for orderings of fairness, "fair" against "very unfair")."""
    rows = []
    where = spec.get("where", {})
    share = spec.get("measure", "goodput") == "share"
    value = over_background if share else privileged
    for p, ms in res.select(variant=spec["better"], **where):
        rest = {k: v for k, v in p.items() if k != "variant"}
        b = res.get(variant=spec["worse"], **rest)
        if not b:
            continue
        a = mean(value(m) for m in ms)
        w = mean(value(m) for m in b)
        label = ", ".join(f"{k}={v}" for k, v in rest.items())
        what = "privileged / mean background goodput" if share else "privileged goodput"
        rows.append(spec.row(f"{label}: {what}, {spec['better']} > {spec['worse']}",
                             spec["published"], [a, w], a > w, "ratio" if share else "Mb/s"))
    return rows


@fam.check
def mss_ordering(res, spec):
    """The privileged workstation nearer its reservation with MSS 1460 than with 9140 (both
    workstations' MSS alike)."""
    where = spec.get("where", {})
    small = [reservation_fraction(m) for m in res.get(mss=1460, privilegedMss=1460, **where)]
    large = [reservation_fraction(m) for m in res.get(mss=9140, privilegedMss=9140, **where)]
    if not (small and large):
        return []
    return [spec.row("privileged goodput / its MCR: MSS 1460 > MSS 9140", spec["published"],
                     [mean(small), mean(large)], mean(small) > mean(large), "× MCR")]


@fam.check
def lbo_similar(res, spec):
    """Each LBO's privileged goodput against the reference LBO's."""
    ref = [privileged(m) for m in res.get(lbo=spec["reference"])]
    if not ref:
        return []
    rows = []
    for p, ms in res.select():
        if p["lbo"] != spec["reference"]:
            v = [privileged(m) for m in ms]
            rows.append(spec.row(f"LBO {p['lbo']}: privileged goodput against LBO "
                                 f"{spec['reference']}'s", spec["published"], v,
                                 spec.tol.ok(mean(v), mean(ref)), "Mb/s"))
    return rows


@fam.check
def reservation_fraction_bound(res, spec):
    """The privileged goodput over its reservation against a bound (a soft or hard tol)."""
    return _per_run(res, spec, reservation_fraction, lambda p: spec["published"],
                    lambda x, p: spec.tol.ok(x), "× MCR", **spec.get("where", {}))


@fam.check
def param_ratio(res, spec):
    """The privileged goodput of the run with ``param`` = ``numerator`` (one value or a list)
    over that of the run with ``param`` = ``denominator`` and the same other params (optionally
    restricted by ``where``): "slightly below", "similar", "almost independent of"."""
    param, den = spec["param"], spec["denominator"]
    nums = spec["numerator"] if isinstance(spec["numerator"], list) else [spec["numerator"]]
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        if p.get(param) not in nums:
            continue
        rest = {k: v for k, v in p.items() if k != param}
        ref = res.get(**{param: den}, **rest)
        if not ref:
            continue
        x = mean(privileged(m) for m in ms) / mean(privileged(m) for m in ref)
        label = ", ".join(f"{k}={v}" for k, v in rest.items())
        rows.append(spec.row(f"{label + ': ' if label else ''}privileged goodput, {param} "
                             f"{p[param]} / {param} {den}", spec["published"], [x],
                             spec.tol.ok(x, 1.0), "ratio"))
    return rows


@fam.check
def privileged_over_background(res, spec):
    """The privileged goodput over the mean background goodput ("fair", "hardly above")."""
    return _per_run(res, spec, over_background,
                    lambda p: spec["published"], lambda x, p: spec.tol.ok(x, 1.0), "ratio",
                    **spec.get("where", {}))


@fam.check
def privileged_rtt(res, spec):
    """The privileged TCP's mean RTT (segments not retransmitted)."""
    return _per_run(res, spec, lambda m: privileged(m, "meanRttMs"),
                    lambda p: f"{spec['published']:g}",
                    lambda x, p: spec.tol.ok(x, spec["published"]), "ms",
                    **spec.get("where", {}))


def timeouts_per_10mb(m):
    """The privileged TCP's retransmission timeouts per 10 MB it delivered."""
    seconds = m["durationS"] - m.get("warmupS", 0)
    delivered = privileged(m) * 1e6 / 8 * seconds
    return privileged(m, "timeouts") / (delivered / 1e7) if delivered > 0 else float("inf")


@fam.check
def privileged_timeouts(res, spec):
    """Retransmission timeouts of the privileged TCP per 10 MB delivered."""
    return _per_run(res, spec, timeouts_per_10mb, lambda p: spec["published"],
                    lambda x, p: spec.tol.ok(x), "per 10 MB", **spec.get("where", {}))


@fam.check
def vc_rates(res, spec):
    """Each VC's cell rate at the port against the rate the scheduler's defining equation gives
    for greedy sources (``expected``: cells/s per VC, in source order)."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        for i, x in enumerate(spec["expected"]):
            v = [m["cellsPerSecond"][i] for m in ms]
            rows.append(spec.row(f"{p['variant']}: VC {i} cells/s", f"{x:.0f}", v,
                                 spec.tol.ok(mean(v), x), "cells/s"))
    return rows


@fam.figure
def share_figure(res, plt, t):
    runs = res.select()
    if not runs:
        return None
    fig, ax = plt.subplots(figsize=(9, 4))
    expected = {c["where"]["variant"]: c["expected"] for c in t["checks"]
                if c["check"] == "vc_rates"}
    width = 0.8 / max(1, len(runs))
    for k, (p, ms) in enumerate(runs):
        rates = ms[0]["cellsPerSecond"]
        xs = [i + k * width for i in range(len(rates))]
        ax.bar(xs, rates, width, label=f"{p['variant']} (measured)")
        if p["variant"] in expected:
            ax.plot(xs, expected[p["variant"]], "k_", markersize=14)
    n = max(len(ms[0]["cellsPerSecond"]) for _, ms in runs)
    ax.set_xticks([i + width * (len(runs) - 1) / 2 for i in range(n)])
    ax.set_xticklabels([f"VC {i}" for i in range(n)])
    ax.set_xlabel("VC (source order); black marks: the equation's rate")
    ax.set_ylabel("cells/s")
    ax.legend(fontsize=8)
    fig.suptitle(f"{t.id}: {t.title}", fontsize=10)
    return fig


# ---- figure ----------------------------------------------------------------------------------


@fam.figure
def workstation_figure(res, plt, t):
    runs = res.select()
    if not runs:
        return None
    fig, axs = plt.subplots(1, 2, figsize=(max(9, 1.1 * len(runs) + 4), 4))
    labels = [make_label(p, t["label"]) if t.get("label") else str(p) for p, _ in runs]
    bars(axs[0], labels, [float("nan")] * len(runs),
         [[reservation_fraction(m) for m in ms] for _, ms in runs],
         "privileged goodput / its MCR", "× MCR")
    axs[0].axhline(1, color="k", ls=":", lw=1)
    bars(axs[1], labels, [float("nan")] * len(runs),
         [[background(m) for m in ms] for _, ms in runs],
         "background goodput (mean)", "Mb/s")
    axs[0].legend(fontsize=8)
    fig.suptitle(f"{t.id}: {t.title}", fontsize=10)
    return fig
