# SPDX-License-Identifier: GPL-2.0-only
"""BON-ROUTERS: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with
minimum guaranteed bandwidth", PhD thesis, Université de Liège, 1998, chapters 6.4 and 7.6 and
App. B: IP routers that carry the traffic of 20 hosts each on one VC (VC-merge), 1 MB files
back to back, across one E3 backbone (atm-router-bundle). Published values, tolerances and
checks: data/bon-routers.toml; write-ups: doc/validation/bon-routers.rst."""

import textwrap
from statistics import mean

from ..core import Family, Run, make_label
from ..figures import spread

fam = Family("bon-routers")


@fam.runs
def sweep_runs(t):
    """One run per combination of the target's ``sweep`` table (param -> values; each value
    goes to the option of the same name) and, if the target has a ``variants`` table (name ->
    options), of its variants (param ``variant``)."""
    combos = [{}]
    for k in t.get("sweep", {}):
        combos = [dict(c, **{k: v}) for c in combos for v in t["sweep"][k]]
    variants = t.get("variants", {"": {}})
    runs = []
    for c in combos:
        for name, extra in variants.items():
            o = {"duration": f"{t['duration']}s"}
            for src in (t.get("options", {}), extra, c):
                o.update({k: str(v).lower() if isinstance(v, bool) else v
                          for k, v in src.items()})
            runs.append(Run(dict(c, variant=name) if name else dict(c), o))
    return runs


# ---- what a run measured ---------------------------------------------------------------------


def router(m, i, key="goodputMbps"):
    return m["routers"][i][key]


def _label(spec, p, **extra):
    return make_label(dict(p, **extra), spec["quantity"]) if spec.get("quantity") else str(p)


def _per_router(res, spec, value, unit):
    """One row per run matching ``where`` and router in ``routers`` (default all):
    value(metrics, router) over the seeds, against the tolerance (``published`` per router
    index, or one value for all)."""
    rows = []
    pub = spec.get("published")
    for p, ms in res.select(**spec.get("where", {})):
        n = len(ms[0]["routers"])
        for i in spec.get("routers", range(n)):
            ref = pub[str(i)] if isinstance(pub, dict) else pub
            v = [value(m, i) for m in ms]
            ok = spec.tol.ok(mean(v), ref if isinstance(ref, (int, float)) else None)
            rows.append(spec.row(_label(spec, p, router=i + 1), ref, v, ok, unit))
    return rows


# ---- checks ----------------------------------------------------------------------------------


@fam.check
def router_optimum_fraction(res, spec):
    """Each router's goodput over its optimum (its fair share as TCP goodput)."""
    return _per_router(res, spec, lambda m, i: router(m, i) / router(m, i, "optimumMbps"),
                       "× optimum")


@fam.check
def router_weighted_optimum_fraction(res, spec):
    """Each router's goodput over its weighted fair share: the backbone's capacity as TCP
    goodput (the sum of the optima) shared in proportion to the MCRs, what a scheduler that
    spaces each VC at its MCR's share (Virtual Spacing) gives a router that uses it (physics)."""
    def value(m, i):
        capacity = sum(r["optimumMbps"] for r in m["routers"])
        mcrs = sum(r["mcrCellsPerSecond"] for r in m["routers"])
        return router(m, i) / (capacity * router(m, i, "mcrCellsPerSecond") / mcrs)
    return _per_router(res, spec, value, "× weighted share")


@fam.check
def router_reservation_fraction(res, spec):
    """Each router's goodput over its MCR as TCP goodput."""
    return _per_router(res, spec, lambda m, i: router(m, i) / router(m, i, "mcrGoodputMbps"),
                       "× MCR")


@fam.check
def router_mcr_proportional(res, spec):
    """Each router's share of the routers' total goodput over its share of the MCRs (1: the
    whole capacity, excess included, shared in proportion to the MCRs)."""
    def value(m, i):
        total = sum(r["goodputMbps"] for r in m["routers"])
        mcrs = sum(r["mcrCellsPerSecond"] for r in m["routers"])
        return (router(m, i) / total) / (router(m, i, "mcrCellsPerSecond") / mcrs)
    return _per_router(res, spec, value, "× MCR share")


@fam.check
def router_goodput(res, spec):
    """A router's goodput (Mb/s)."""
    return _per_router(res, spec, lambda m, i: router(m, i), "Mb/s")


@fam.check
def router_tagged(res, spec):
    """A router's tagged fraction of the cells reaching the backbone."""
    return _per_router(res, spec, lambda m, i: router(m, i, "taggedFraction"), "")


@fam.check
def clp0_share(res, spec):
    """The CLP = 0 share of the cells reaching the backbone port."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        v = [m["clp0Share"] for m in ms]
        rows.append(spec.row(_label(spec, p), spec["published"], v,
                             spec.tol.ok(mean(v), spec["published"]), ""))
    return rows


def _variant_pairs(res, spec):
    """(label of the other params, runs of variant ``better``, runs of variant ``worse``) for
    every combination of the other params that has both."""
    for p, ms in res.select(variant=spec["better"], **spec.get("where", {})):
        rest = {k: v for k, v in p.items() if k != "variant"}
        other = res.get(variant=spec["worse"], **rest)
        if other:
            label = ", ".join(f"{k}={v}" for k, v in rest.items())
            yield (label + ": " if label else ""), ms, other


def _measure(spec):
    """metrics -> the value a variant check compares: router ``router``'s ``key`` (default its
    goodput), or with ``backbone`` that metric of the backbone port."""
    if spec.get("backbone"):
        return lambda m: m[spec["backbone"]], f"backbone {spec['backbone']}", ""
    i, key = spec["router"], spec.get("key", "goodputMbps")
    name = "goodput" if key == "goodputMbps" else key
    return (lambda m: router(m, i, key), f"router {i + 1} {name}",
            "Mb/s" if key.endswith("Mbps") else "")


@fam.check
def router_variant_ordering(res, spec):
    """The measure (_measure) under variant ``better`` above that under ``worse``, for every
    combination of the other params."""
    f, what, unit = _measure(spec)
    rows = []
    for label, ms, other in _variant_pairs(res, spec):
        a, b = mean(f(m) for m in ms), mean(f(m) for m in other)
        rows.append(spec.row(f"{label}{what}, {spec['better']} > {spec['worse']}",
                             spec["published"], [a, b], a > b, unit))
    return rows


@fam.check
def router_variant_ratio(res, spec):
    """The measure (_measure) under variant ``better`` over that under ``worse``."""
    f, what, _ = _measure(spec)
    rows = []
    for label, ms, other in _variant_pairs(res, spec):
        r = mean(f(m) for m in ms) / mean(f(m) for m in other)
        rows.append(spec.row(f"{label}{what}, {spec['better']} / {spec['worse']}",
                             spec["published"], [r], spec.tol.ok(r), ""))
    return rows


def _spread(ms, routers):
    """(max - min) / mean of the mean goodputs of ``routers``."""
    g = [mean(router(m, i) for m in ms) for i in routers]
    return (max(g) - min(g)) / mean(g)


@fam.check
def router_spread_ordering(res, spec):
    """The spread ((max - min) / mean) of the goodputs of ``routers`` under variant ``better``
    (the larger one) above that under ``worse``."""
    rows = []
    for label, ms, other in _variant_pairs(res, spec):
        a, b = _spread(ms, spec["routers"]), _spread(other, spec["routers"])
        rows.append(spec.row(f"{label}goodput spread of routers "
                             f"{', '.join(str(i + 1) for i in spec['routers'])}, "
                             f"{spec['better']} > {spec['worse']}",
                             spec["published"], [a, b], a > b, ""))
    return rows


@fam.check
def router_pair_ordering(res, spec):
    """Within each run matching ``where``: router a's goodput above router b's, for each
    [a, b] of ``pairs`` (e.g. GFR.1 above GFR.2 at equal MCR)."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        for a, b in spec["pairs"]:
            x, y = mean(router(m, a) for m in ms), mean(router(m, b) for m in ms)
            rows.append(spec.row(_label(spec, p, router=a + 1, other=b + 1), spec["published"],
                                 [x, y], x > y, "Mb/s"))
    return rows


@fam.check
def router_backbone_rate(res, spec):
    """A router's cells reaching the backbone port, Mb/s (cells x 424 bits)."""
    return _per_router(res, spec, lambda m, i: router(m, i, "backboneMbps"), "Mb/s")


@fam.check
def router_corrupted(res, spec):
    """Corrupted PDUs per second reaching one destination host of a router (the router's
    corrupted PDUs per second over its hosts: it forwards them to all of them)."""
    return _per_router(res, spec, lambda m, i: router(m, i, "corruptedPdusPerSecond") /
                       m["sourcesPerRouter"], "PDU/s")


@fam.check
def router_correct_pdus(res, spec):
    """Correct PDUs (full segments) per second reaching one destination host of a router."""
    return _per_router(res, spec, lambda m, i: router(m, i) * 1e6 / 8 / m["mss"] /
                       m["sourcesPerRouter"], "PDU/s")


@fam.check
def router_acr(res, spec):
    """A router's mean ACR after the warm-up, Mb/s of cells (cells/s x 424 bits)."""
    return _per_router(res, spec, lambda m, i: router(m, i, "acrMbps"), "Mb/s")


@fam.check
def router_acr_ratio(res, spec):
    """Within each run matching ``where``: router a's mean ACR over router b's, for each [a, b]
    of ``pairs`` (a misbehaving source against the others)."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        for a, b in spec["pairs"]:
            v = [router(m, a, "acrMbps") / router(m, b, "acrMbps") for m in ms]
            rows.append(spec.row(_label(spec, p, router=a + 1, other=b + 1), spec["published"],
                                 v, spec.tol.ok(mean(v)), "×"))
    return rows


@fam.check
def switch_cells_dropped(res, spec):
    """Cells the backbone port dropped after the warm-up."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        v = [m["cellsDropped"] for m in ms]
        rows.append(spec.row(_label(spec, p), spec["published"], v,
                             spec.tol.all_ok(v, spec["published"]), "cells"))
    return rows


# ---- figure ----------------------------------------------------------------------------------


@fam.figure
def routers_figure(res, plt, t):
    runs = res.select()
    if not runs:
        return None
    n = len(runs[0][1][0]["routers"])
    fig, axs = plt.subplots(1, len(runs), figsize=(max(6, 3.2 * len(runs)), 3.6), squeeze=False)
    for ax, (p, ms) in zip(axs[0], runs):
        x = list(range(n))
        mu, err = spread([[router(m, i) for m in ms] for i in x])
        ax.bar(x, mu, 0.6, yerr=err, capsize=3, color="#3b75af", edgecolor="black",
               label="simulated goodput")
        # The optimum is the model's fair share (physics), not a published value.
        ax.scatter(x, [mean(router(m, i, "optimumMbps") for m in ms) for i in x], marker="_",
                   s=400, color="black", label="optimum (fair share)", zorder=3)
        ax.set_xticks(x)
        ax.set_xticklabels([f"R{i + 1}" for i in x], fontsize=8)
        ax.set_title(make_label(p, t["label"]) if t.get("label") else str(p), fontsize=10)
        ax.set_ylabel("Mb/s")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(textwrap.fill(f"{t.id}: {t.title}", int(14 * fig.get_figwidth())), fontsize=9)
    fig.tight_layout()
    return fig


@fam.figure
def abr_figure(res, plt, t):
    """ACR over time of every router (the first seed of each run), one panel per run, with the
    published sending rates as dashed lines where the target gives them (``acr_published``:
    variant -> [rate, ...] per router)."""
    runs = res.select()
    if not runs:
        return None
    fig, axs = plt.subplots(1, len(runs), figsize=(max(6, 4.2 * len(runs)), 3.6), squeeze=False)
    published = t.get("acr_published", {})
    for ax, (p, ms) in zip(axs[0], runs):
        m = ms[0]
        dt = m["acrSeriesIntervalS"]
        for i, r in enumerate(m["routers"]):
            ys = r["acrSeriesMbps"]
            ax.plot([k * dt for k in range(len(ys))], ys, lw=1,
                    label=f"R{i + 1}" + (f" (M = {r['mFactor']:g})" if r["mFactor"] != 1 else ""))
        for y in sorted(set(published.get(p.get("variant", ""), []))):
            ax.axhline(y, color="black", ls="--", lw=0.8)
        ax.set_title(make_label(p, t["label"]) if t.get("label") else str(p), fontsize=10)
        ax.set_xlabel("s")
        ax.set_ylabel("ACR, Mb/s of cells")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(textwrap.fill(f"{t.id}: {t.title} (dashed: BON's rates)",
                               int(14 * fig.get_figwidth())), fontsize=9)
    fig.tight_layout()
    return fig
