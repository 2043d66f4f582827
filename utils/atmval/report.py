# SPDX-License-Identifier: GPL-2.0-only
"""Markdown report, summary.json and the figures (each target draws its own through the
figure function its data file names; the runner adds each target's time-series figure, drawn
from one traced run)."""

import json
import math
from pathlib import Path
from statistics import mean, pstdev

from .figures import pyplot, save


def _fmt(x):
    if isinstance(x, (int,)) and not isinstance(x, bool):
        return f"{x}"
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    ax = abs(x)
    return f"{x:.3f}" if ax < 10 else f"{x:.2f}" if ax < 1000 else f"{x:.0f}"


def _stats(values):
    v = [float(x) for x in values]
    if not v:
        return float("nan"), "–"
    if len(v) == 1:
        return v[0], "–"
    return mean(v), f"sd {_fmt(pstdev(v))}, {_fmt(min(v))}–{_fmt(max(v))}"


def draw(t, res, figdir):
    """The target's figure as figures/<id>.png (None if it has nothing to draw)."""
    if not res:
        return None
    plt = pyplot()
    fig = t.draw(res, plt)
    if fig is None:
        return None
    name = f"{t.id.lower()}.png"
    save(fig, Path(figdir) / name, plt)
    return name


def trace_lines(t, info):
    """The report lines of a target's time series: the traced run's command line and what was
    changed in it, then the figure's link (or why there is none). ``info`` holds ``shown`` (the
    command as run), ``note`` (what differs from the target's run, "" if nothing), ``figure``
    (the file name in figures/, None if none) and ``error``."""
    how = "the target's first run, seed 1" + (f"; {info['note']}" if info.get("note") else "")
    lines = [f"Time series of one run: `{info['shown']}` ({how}).", ""]
    if info.get("figure"):
        lines += [f"![{t.id}: time series of one run](figures/{info['figure']})", ""]
    else:
        lines += [f"No time-series figure: {info.get('error') or 'none was drawn'}.", ""]
    return lines


def _traces_meta_line(tm):
    if tm.get("off"):
        return f"- time series: none ({tm['off']})"
    return (f"- time series: each target's first run (seed 1) once more with `--traceDir` "
            f"(`traces/<target>/`), at most {tm['cap']:g} s of simulated time: {tm['runs']} "
            f"run{'s' if tm['runs'] != 1 else ''} ({tm['reused']} reused), "
            f"{tm['cpu']:.0f} s of simulation processes; "
            f"`--no-traces` leaves them out")


def write(out, meta, chosen, results, failed, traces=None):
    """Write report.md, summary.json and figures/; return True if a hard check failed.
    ``traces``: per target id, the time series of one traced run (trace_lines())."""
    out = Path(out)
    figdir = out / "figures"
    figdir.mkdir(parents=True, exist_ok=True)
    lines = [
        "# atm validation report",
        "",
        f"- date {meta['date']}, module commit `{meta['commit']}`, ns-3 {meta['ns3']}",
        f"- set **{meta['set']}**, {meta['seeds']} seeds (RngRun 1..{meta['seeds']}), "
        f"{meta['runs']} runs ({meta['reused']} reused from the database), {meta['jobs']} in "
        f"parallel, {meta['wall']:.0f} s wall, {meta['cpu']:.0f} s of simulation processes"
        + (f", durations scaled by {meta['durationScale']}" if meta["durationScale"] != 1 else ""),
        f"- re-run: `{meta['command']}`; every run is in `runs.sqlite` (table `runs`)",
    ] + ([_traces_meta_line(meta["traces"])] if meta.get("traces") else []) + [
        "",
        "Hard checks are the robust results the model must reproduce (PASS/FAIL); soft checks "
        "compare with the published numbers within the suggested tolerance (ok/off). "
        "Simulated values are means over seeds with their spread. The published values, "
        "tolerances and checks are in `utils/atmval/data/*.toml`, the deviations in "
        "`doc/validation/*.rst`.",
        "",
    ]
    summary = {"meta": meta, "targets": []}
    hard_failed = False
    overview = []
    body = []
    for t, runs in chosen:
        res = results.get(t.id)
        checks = t.check(res) if res else []
        nh = sum(1 for c in checks if c.hard)
        nh_ok = sum(1 for c in checks if c.hard and c.ok)
        ns = sum(1 for c in checks if not c.hard)
        ns_ok = sum(1 for c in checks if not c.hard and c.ok)
        hard_failed |= nh_ok < nh
        overview.append(f"| {t.id} | {nh_ok}/{nh} | {ns_ok}/{ns} | {len(runs)} |")
        nseeds = meta.get("targetSeeds", {}).get(t.id, meta["seeds"])
        body += [f"## {t.id}", "", f"{t.title} ({t.source}).", "",
                 f"{len(runs)} runs of `{t.program}` × {nseeds} seed{'s' if nseeds != 1 else ''}"
                 + (" (deterministic)" if t.max_seeds == 1 else "") + ".", ""]
        if checks:
            body += ["| quantity | published | simulated | spread over seeds | tolerance | kind "
                     "| result |", "|---|---|---|---|---|---|---|"]
            for c in checks:
                mu, spread = _stats(c.values)
                if len(c.values) > 1 and c.tolerance.startswith("ordering"):
                    sim = " / ".join(_fmt(float(v)) for v in c.values)
                    spread = "–"
                else:
                    sim = _fmt(mu)
                unit = f" {c.unit}" if c.unit else ""
                result = ("PASS" if c.ok else "**FAIL**") if c.hard else ("ok" if c.ok else "off")
                q = c.quantity.replace("|", "\\|")
                body.append(f"| {q} | {c.published}{unit} | {sim}{unit} | {spread} | "
                            f"{c.tolerance} | {'hard' if c.hard else 'soft'} | {result} |")
            body.append("")
        else:
            body += ["No completed runs.", ""]
        if res:
            body += t.report_lines(res)
        fig = draw(t, res, figdir)
        if fig:
            body += [f"![{t.id}](figures/{fig})", ""]
        trace = (traces or {}).get(t.id)
        if trace:
            body += trace_lines(t, trace)
        text = t.deviations()
        if text:
            body += [f"Configuration and known deviations (`doc/validation/{t.doc}`, section "
                     f"{t.id}):", "", text, ""]
        entry = {"id": t.id, "checks": [{"quantity": c.quantity, "published": c.published,
                                         "values": [float(v) for v in c.values],
                                         "tolerance": c.tolerance, "hard": c.hard, "ok": c.ok}
                                        for c in checks]}
        if trace:
            entry["traces"] = {"command": trace["shown"], "note": trace.get("note", ""),
                               "figure": f"figures/{trace['figure']}" if trace.get("figure")
                               else None}
        summary["targets"].append(entry)
    lines += ["| target | hard checks passed | soft checks ok | runs |", "|---|---|---|---|"]
    lines += overview + [""]
    if failed:
        lines += ["## Failed runs", ""]
        for j in failed:
            lines.append(f"- {j['target']} {j['label']} seed {j['seed']}: exit {j['rc']}: "
                         f"`{' '.join(j['cmd'])}`\n\n  ```\n  {j['stderr'].strip()[-600:]}\n  ```")
        lines.append("")
    (out / "report.md").write_text("\n".join(lines + body) + "\n")
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return hard_failed
