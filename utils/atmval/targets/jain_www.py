# SPDX-License-Identifier: GPL-2.0-only
"""JAIN-WWW: R. Jain et al., "Performance Analysis of TCP Enhancements for WWW Traffic using
UBR+ with Limited Buffers over Satellite Links", ATM Forum contribution 98-0876R1, 1998: 100
HTTP/1.1 clients and 100 servers (persistent connections, pipelined requests) across a 45 Mb/s
T3 between two ATM switches, WAN (5 ms), MEO (100 ms) and GEO (275 ms) one way; factors TCP
(Vanilla, Reno, NewReno, SACK) x drop policy (EPD, Selective Drop) x buffer (0.5, 1, 2 RTT x
bandwidth, the paper's Table 2), 24 runs per delay (atm-www).

The paper publishes no table of values that a run could be compared with: the checks are
physics (efficiency at most 1, the T3 overloaded by the traffic laws, no client receives more
than its server scheduled, no queue above the buffer, losses only at the T3's port) and the
completeness of the factorial design its analysis of variation needs. Tolerances and checks:
data/jain-www.toml; write-ups: doc/validation/jain-www.rst."""

from statistics import mean

from .. import anova
from ..core import Family, Run, grid

fam = Family("jain-www")

DELAYS = ["WAN", "MEO", "GEO"]
TCPS = ["vanilla", "reno", "newreno", "sack"]
POLICIES = ["EPD", "SD"]
BUFFERS = [0.5, 1, 2]


def www_options(delay, tcp, policy, buffer, duration, clients=100):
    """atm-www's options for one run: the paper's configuration for the delay (MSS, window,
    Table 2 buffers and NewReno's initial ssthresh are the program's per-delay defaults)."""
    return {"clients": clients, "delay": delay.lower(), "tcp": tcp, "policy": policy.lower(),
            "bufferRtt": f"{buffer:g}", "duration": f"{duration:g}s"}


@fam.runs
def www_runs(t):
    """The full factorial over the target's axes (default: the paper's 3 x 4 x 2 x 3)."""
    axes = t.get("axes", {})
    runs = []
    for p in grid(delay=axes.get("delay", DELAYS), tcp=axes.get("tcp", TCPS),
                  policy=axes.get("policy", POLICIES), buffer=axes.get("buffer", BUFFERS)):
        runs.append(Run(p, www_options(p["delay"], p["tcp"], p["policy"], p["buffer"],
                                       t["duration"], t.get("clients", 100))))
    return runs


def _runs(res, spec):
    return res.select(**spec.get("where", {}))


def _label(p):
    return f"{p['delay']} {p['tcp']} {p['policy']} {p['buffer']:g} RTT"


@fam.check
def efficiency_bound(res, spec):
    """Every run's efficiency (total throughput / C at the T3's cell rate) at most 1: physics."""
    x = [m["efficiency"] for _, ms in _runs(res, spec) for m in ms]
    if not x:
        return []
    return [spec.row(f"largest efficiency (total / C) of the {len(x)} runs", "≤ 1 (physics)",
                     [max(x)], spec.tol.all_ok(x))]


@fam.check
def law_overload(res, spec):
    """The offered load the traffic laws imply (N x E[GETs] x E[file] x 8 / 10 s) above C, the
    TCP goodput the T3 can carry: the paper's premise that the T3 is the bottleneck."""
    rows = []
    for delay in res.params("delay", **spec.get("where", {})):
        m = res.first(delay=delay)
        ratio = m["lawOfferedLoadMbps"] / m["maxGoodputMbps"]
        rows.append(spec.row(f"{delay}: offered load of the laws / C ({m['lawOfferedLoadMbps']:.2f}"
                             f" / {m['maxGoodputMbps']:.2f} Mb/s)",
                             "> 1 (the paper: 48 Mb/s offered to a 45 Mb/s T3)", [ratio],
                             spec.tol.ok(ratio), "× C"))
    return rows


@fam.check
def measured_overload(res, spec):
    """The offered load the servers scheduled (sum of S_i) against C, per delay (mean over the
    delay's runs and seeds): random, one draw of the laws per run."""
    rows = []
    for delay in res.params("delay", **spec.get("where", {})):
        x = [m["offeredLoadMbps"] / m["maxGoodputMbps"]
             for _, ms in res.select(delay=delay, **spec.get("where", {})) for m in ms]
        rows.append(spec.row(f"{delay}: offered load scheduled / C (mean of {len(x)})",
                             "> 1 (the paper's premise)", [mean(x)], spec.tol.ok(mean(x)),
                             "× C"))
    return rows


@fam.check
def within_demand(res, spec):
    """No client receives more than its server scheduled (x_i <= S_i), no byte beyond those
    asked for: the byte accounting of the model."""
    worst = []
    unexpected = 0
    for _, ms in _runs(res, spec):
        for m in ms:
            worst.append(max(x - s for x, s in zip(m["throughputMbps"], m["demandMbps"])))
            unexpected += m["unexpectedBytes"]
    if not worst:
        return []
    return [spec.row(f"largest x_i - S_i over the clients of the {len(worst)} runs",
                     "≤ 0 (physics)", [max(worst)], spec.tol.ok(max(worst)), "Mb/s"),
            spec.row("bytes received beyond those requested", "0", [unexpected],
                     unexpected == 0, "bytes", tolerance="= 0")]


@fam.check
def buffer_arithmetic(res, spec):
    """Losses only where the buffer is exceeded: the T3 port's queue never above its buffer,
    and no cell lost at any other port (the clients' links are faster than the T3)."""
    over = 0
    elsewhere = 0
    n = 0
    for _, ms in _runs(res, spec):
        for m in ms:
            n += 1
            over += m["trunkMaxQueueCells"] > m["bufferCells"]
            elsewhere += m["cellsDropped"] - m["trunkCellsDropped"]
    if not n:
        return []
    return [spec.row(f"runs whose T3 queue exceeded the buffer (of {n})", "0 (physics)", [over],
                     spec.tol.ok(over)),
            spec.row(f"cells lost off the T3 port ({n} runs)", "0 (physics)", [elsewhere],
                     spec.tol.ok(elsewhere), "cells")]


@fam.check
def ledgers(res, spec):
    """Every PVC's cell ledger balances in both directions in every run."""
    v = [bool(m["ledgersHold"]) for _, ms in _runs(res, spec) for m in ms]
    if not v:
        return []
    return [spec.row(f"runs whose PVC cell ledgers all balance (of {len(v)})", f"{len(v)}",
                     [sum(v)], all(v))]


# ---- the factorial design, for the analysis of variation ---------------------------------------


def factorial_rows(res, delay, metric="efficiency"):
    """The 24 runs of one delay as rows for a full-factorial analysis of variation (R. Jain,
    The Art of Computer Systems Performance Analysis, Wiley, 1991; the paper's analysis): one row
    per (tcp, drop, buffer) with the factor levels and the response, the metric's mean over the
    run's seeds, in the order TCPS x POLICIES x BUFFERS. Runs missing from the results are left
    out (the caller sees fewer than 24 rows).

    www_anova analyses these rows (factors "tcp" (4), "drop" (2), "buffer" (3), response "y")."""
    rows = []
    for tcp in TCPS:
        for policy in POLICIES:
            for buffer in BUFFERS:
                v = res.values(metric, delay=delay, tcp=tcp, policy=policy, buffer=buffer)
                if v:
                    rows.append({"tcp": tcp, "drop": policy, "buffer": buffer, "y": mean(v)})
    return rows


def seed_rows(res, delay, metric="efficiency"):
    """One row per run and seed of one delay (factor levels and the response "y"): the
    replications of a smaller design, whose error is then the seed-to-seed variation."""
    return [{"tcp": p["tcp"], "drop": p["policy"], "buffer": p["buffer"], "y": m[metric]}
            for p, ms in res.select(delay=delay) for m in ms]


@fam.report
def www_anova(res, t):
    """The paper's analysis of variation per delay (R. Jain 1991, the full factorial design with
    main effects and two-factor interactions, the three-factor interaction as the error: 6 + 11
    + 6 degrees of freedom over 24 runs), of the efficiency, by utils/atmval/anova.py. With all
    24 runs of a delay the response is each run's mean over its seeds, as the paper has one run
    per combination; a smaller design (the quick set) is analysed over the factors it varies,
    with its seeds as replications."""
    lines = []
    for delay in res.params("delay"):
        full = factorial_rows(res, delay)
        if len(full) == len(TCPS) * len(POLICIES) * len(BUFFERS):
            rows, how = full, "one run per combination (the mean over its seeds)"
        else:
            rows, how = seed_rows(res, delay), "the seeds as replications"
        factors = [f for f in ("tcp", "drop", "buffer") if len({r[f] for r in rows}) > 1]
        if not factors or len(rows) < 2:
            continue
        try:
            r = anova.anova(rows, factors, "y")
        except anova.AnovaError as e:
            lines += [f"ANOVA of the efficiency, {delay}: not computed ({e})", ""]
            continue
        lines += anova.table_lines(r, title=f"**ANOVA of the efficiency, {delay}** "
                                   f"({' x '.join(factors)}, {how}; R. Jain 1991):",
                                   response="efficiency")
        lines += [""] + anova.effect_lines(r) + [""]
    return lines


@fam.check
def factorial_complete(res, spec):
    """Each delay's 24 runs present (4 TCPs x 2 policies x 3 buffers): what the paper's
    analysis of variation (factorial_rows) needs."""
    rows = []
    for delay in res.params("delay", **spec.get("where", {})):
        n = len(factorial_rows(res, delay, spec.get("metric", "efficiency")))
        rows.append(spec.row(f"{delay}: runs of the factorial design", "24", [n],
                             spec.tol.ok(n), "runs"))
    return rows


@fam.check
def response_table(res, spec):
    """The metric per delay, TCP and policy (mean over buffers and seeds), reported: the paper
    gives no values (soft, no tolerance to meet beyond the stated range)."""
    metric = spec["metric"]
    rows = []
    for delay in res.params("delay", **spec.get("where", {})):
        for tcp in TCPS:
            for policy in POLICIES:
                v = [x for _, ms in res.select(delay=delay, tcp=tcp, policy=policy)
                     for x in (m[metric] for m in ms)]
                if v:
                    rows.append(spec.row(f"{delay} {tcp} {policy}: {metric} (mean over buffers)",
                                         "no reference values", [mean(v)],
                                         spec.tol.ok(mean(v)), ""))
    return rows


@fam.figure
def www_figure(res, plt, t):
    delays = [d for d in DELAYS if res.select(delay=d)]
    fig, axes = plt.subplots(2, len(delays), figsize=(4.2 * len(delays), 6.4), squeeze=False)
    for col, delay in enumerate(delays):
        for row, metric in enumerate(("efficiency", "fairness")):
            ax = axes[row][col]
            for tcp in TCPS:
                for policy, style in zip(POLICIES, ("o-", "s--")):
                    bs = [b for b in BUFFERS
                          if res.select(delay=delay, tcp=tcp, policy=policy, buffer=b)]
                    if not bs:
                        continue
                    ys = [mean(m[metric] for _, ms in
                               res.select(delay=delay, tcp=tcp, policy=policy, buffer=b)
                               for m in ms) for b in bs]
                    ax.plot(bs, ys, style, label=f"{tcp} {policy}")
            ax.set_xscale("log", base=2)
            ax.set_xticks(BUFFERS)
            ax.set_xticklabels([f"{b:g}" for b in BUFFERS])
            ax.set_xlabel("buffer (RTT × bandwidth)")
            ax.set_ylabel(metric)
            ax.set_title(f"{delay}: {metric}", fontsize=10)
            ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7, ncol=2)
    fig.suptitle("JAIN-WWW: 100 WWW client/server pairs over a T3 (no published values)",
                 fontsize=10)
    fig.tight_layout()
    return fig
