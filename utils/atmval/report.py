# SPDX-License-Identifier: GPL-2.0-only
"""Markdown report, summary.json and the paper-style figures."""

import json
import math
from pathlib import Path
from statistics import mean, pstdev

from . import targets as T


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


def write(out, meta, chosen, results, failed):
    """Write report.md, summary.json and figures/; return True if a hard check failed."""
    out = Path(out)
    figdir = out / "figures"
    figdir.mkdir(parents=True, exist_ok=True)
    lines = [
        "# atm validation report",
        "",
        f"- date {meta['date']}, module commit `{meta['commit']}`, ns-3 {meta['ns3']}",
        f"- set **{meta['set']}**, {meta['seeds']} seeds (RngRun 1..{meta['seeds']}), "
        f"{meta['runs']} runs ({meta['reused']} reused from the database), {meta['jobs']} in parallel, "
        f"{meta['wall']:.0f} s wall, {meta['cpu']:.0f} s of simulation processes"
        + (f", durations scaled by {meta['durationScale']}" if meta["durationScale"] != 1 else ""),
        f"- re-run: `{meta['command']}`; every run is in `runs.sqlite` (table `runs`)",
        "",
        "Hard checks are the robust results the model must reproduce (PASS/FAIL); soft checks "
        "compare with the published numbers within the suggested tolerance (ok/off). "
        "Simulated values are means over seeds with their spread.",
        "",
    ]
    summary = {"meta": meta, "targets": []}
    hard_failed = False
    overview = []
    body = []
    for t, runs in chosen:
        res = results.get(t.id, {})
        checks = t.check(res) if (t.check and res) else []
        nh = sum(1 for c in checks if c.hard)
        nh_ok = sum(1 for c in checks if c.hard and c.ok)
        ns = sum(1 for c in checks if not c.hard)
        ns_ok = sum(1 for c in checks if not c.hard and c.ok)
        hard_failed |= nh_ok < nh
        overview.append(f"| {t.id} | {nh_ok}/{nh} | {ns_ok}/{ns} | {len(runs)} |")
        nseeds = meta.get("targetSeeds", {}).get(t.id, meta["seeds"])
        body += [f"## {t.id}", "", f"{t.title} ({t.spec}).", "",
                 f"{len(runs)} runs of `{t.program}` × {nseeds} seed{'s' if nseeds != 1 else ''}"
                 + (" (deterministic)" if t.max_seeds == 1 else "") + ".", ""]
        if checks:
            body += ["| quantity | published | simulated | spread over seeds | tolerance | kind | result |",
                     "|---|---|---|---|---|---|---|"]
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
        fig = draw(t, res, figdir)
        if fig:
            body += [f"![{t.id}](figures/{fig})", ""]
        if t.deviations:
            body += [f"Known deviations: {t.deviations}", ""]
        summary["targets"].append({
            "id": t.id, "checks": [{"quantity": c.quantity, "published": c.published,
                                    "values": [float(v) for v in c.values], "tolerance": c.tolerance,
                                    "hard": c.hard, "ok": c.ok} for c in checks]})
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


# ---- figures ---------------------------------------------------------------------------------

def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _bars(ax, groups, published, simulated, title, ylabel):
    """Grouped bars: published (hatched) next to simulated (min-max error bar) per group."""
    x = range(len(groups))
    w = 0.38
    ax.bar([i - w / 2 for i in x], published, w, label="published", color="#bbbbbb",
           edgecolor="black", hatch="//")
    mu = [mean(v) if v else float("nan") for v in simulated]
    err = [[m - min(v) if v else 0 for m, v in zip(mu, simulated)],
           [max(v) - m if v else 0 for m, v in zip(mu, simulated)]]
    ax.bar([i + w / 2 for i in x], mu, w, yerr=err, capsize=3, label="simulated",
           color="#3b75af", edgecolor="black")
    ax.set_xticks(list(x))
    ax.set_xticklabels(groups, rotation=30, ha="right", fontsize=8)
    ax.set_title(title, fontsize=10)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)



_POLICY_STYLE = {"UBR": ("#c44e52", "o"), "EPD": ("#dd8452", "s"), "SD": ("#3b75af", "^")}


def _pub_sim(ax, xs, published, simulated, policy, xlabels=None):
    """One policy on one panel: published (dashed, open markers) and simulated (solid, filled,
    min-max bar over seeds) against x positions; missing runs are left out."""
    color, marker = _POLICY_STYLE[policy]
    pts = [(x, p) for x, p in zip(xs, published) if p is not None]
    if pts:
        ax.plot([x for x, _ in pts], [p for _, p in pts], ls="--", marker=marker, color=color,
                mfc="none", label=f"{policy} published")
    pts = [(x, v) for x, v in zip(xs, simulated) if v]
    if pts:
        mu = [mean(v) for _, v in pts]
        ax.errorbar([x for x, _ in pts], mu,
                    yerr=[[a - min(v) for a, (_, v) in zip(mu, pts)],
                          [max(v) - a for a, (_, v) in zip(mu, pts)]],
                    ls="-", marker=marker, color=color, capsize=2, label=f"{policy} simulated")
    ax.set_xticks(list(xs))
    if xlabels:
        ax.set_xticklabels(xlabels)
    ax.set_ylim(-0.02, 1.05)
    ax.grid(alpha=0.3)


def _draw_vbr_gr(t, res, plt):
    """AF-424 figures: efficiency (and fairness) against the VBR period or the GR, published
    dashed and simulated solid, one line per drop policy."""
    pols = [p for p, _ in T.POLICIES]
    if t.id == "JAIN-GR-QUICK":
        grs = [g for g in T.GR_VALUES if res.get(T.gr_label(g))]
        if not grs:
            return None
        pub = T.GR_PUB[("LAN", 5, 1000, "sack")]
        fig, axs = plt.subplots(1, 3, figsize=(13, 3.8))
        d = T.DURATION["lan-quick"]
        _bars(axs[0], [T.gr_label(g) for g in grs],
              [T.vbr_share_fluid(g, 300, d, T.ACCESS_DELAY_S["lan"]) for g in grs],
              [T.m(res, T.gr_label(g), "vbrShare") for g in grs],
              "VBR share of the trunk (published: fluid model)", "fraction of slots")
        axs[0].set_ylim(0.45, 0.55)
        axs[0].legend(["fluid model", "simulated"], fontsize=8)
        for ax, key, i in ((axs[1], "efficiency", 0), (axs[2], "fairness", 1)):
            _pub_sim(ax, grs, [pub[g][i][2] for g in grs],
                     [T.m(res, T.gr_label(g), key) for g in grs], "SD")
            ax.set_xlabel("GR")
            ax.set_title(f"SD {key}", fontsize=10)
        axs[1].legend(fontsize=8)
        fig.suptitle("JAIN-GR-QUICK: LAN, 5 SACK sources, 1000 cells, SD, VBR 300 ms on/off",
                     fontsize=11)
        return fig
    if t.id.startswith("JAIN-VBR"):
        cfg = t.id.split("-")[-1]
        buffers = sorted({k for (c, k, _) in T.VBR_PUB if c == cfg})
        periods = list(T.VBR_PERIODS)
        fig, axs = plt.subplots(2, len(buffers), figsize=(5.5 * len(buffers), 7), squeeze=False)
        for j, k in enumerate(buffers):
            for row, key in enumerate(("efficiency", "fairness")):
                ax = axs[row][j]
                for i, p in enumerate(pols):
                    _pub_sim(ax, range(len(periods)),
                             [T.VBR_PUB[(cfg, k, per)][row][i] for per in periods],
                             [T.m(res, f"{cfg} P={per} K={k} {p}", key) for per in periods], p,
                             [f"{per} ms" for per in periods])
                ax.set_title(f"{cfg} K={k}: {key}", fontsize=10)
                ax.set_xlabel("VBR ON = OFF period")
        axs[0][0].legend(fontsize=7)
        fig.suptitle(f"{t.id}: 5 SACK sources, VBR with strict priority (AF-424 Tables 1–2)",
                     fontsize=11)
        return fig
    if t.id in ("JAIN-GR-LAN", "JAIN-GR-WAN"):
        cfg = t.id.split("-")[-1]
        ns, buffers = T.GR_CONFIGS[cfg]
        combos = [(n, k) for n in ns for k in buffers]
        tcps = ("sack", "reno", "vanilla")
        fig, axs = plt.subplots(len(tcps) + 1, len(combos), figsize=(4.2 * len(combos), 13),
                                squeeze=False)
        grs = list(T.GR_VALUES)
        for j, (n, k) in enumerate(combos):
            for r, tcp in enumerate(tcps):
                ax = axs[r][j]
                for i, p in enumerate(pols):
                    _pub_sim(ax, grs, [T.GR_PUB[(cfg, n, k, tcp)][g][0][i] for g in grs],
                             [T.m(res, f"{cfg} {tcp} N={n} K={k} {T.gr_label(g)} {p}",
                                  "efficiency") for g in grs], p)
                ax.set_title(f"{tcp} N={n} K={k}: efficiency", fontsize=9)
            ax = axs[len(tcps)][j]
            for i, p in enumerate(pols):
                pub, sim = [], []
                for g in grs:
                    pub.append(mean(T.GR_PUB[(cfg, n, k, tcp)][g][1][i] for tcp in tcps))
                    v = [mean(T.m(res, lab, "fairness")) for tcp in tcps
                         for lab in [f"{cfg} {tcp} N={n} K={k} {T.gr_label(g)} {p}"]
                         if res.get(lab)]
                    sim.append([mean(v)] if v else [])
                _pub_sim(ax, grs, pub, sim, p)
            ax.set_title(f"N={n} K={k}: fairness, mean of the TCPs", fontsize=9)
            ax.set_xlabel("GR (UBR guaranteed fraction)")
        axs[0][0].legend(fontsize=7)
        fig.suptitle(f"{t.id}: efficiency against GR, VBR 300 ms on/off (AF-424 Tables 3–6)",
                     fontsize=11)
        return fig
    if t.id.startswith("JAIN-GR-SAT"):
        tcps = ("sack", "reno", "vanilla")
        buffers = (200000, 600000)
        grs = list(T.GR_VALUES)
        fig, axs = plt.subplots(4, len(tcps), figsize=(13, 13), squeeze=False)
        for j, tcp in enumerate(tcps):
            for b, k in enumerate(buffers):
                for row, key in enumerate(("efficiency", "fairness")):
                    ax = axs[2 * row + b][j]
                    for i, p in enumerate(pols):
                        _pub_sim(ax, grs, [T.SAT_PUB[(tcp, k, g)][row][i] for g in grs],
                                 [T.m(res, f"GEO {tcp} K={k} {T.gr_label(g)} {p}", key)
                                  for g in grs], p)
                    ax.set_title(f"{tcp} K={k // 1000}k: {key}", fontsize=9)
            axs[3][j].set_xlabel("GR (UBR guaranteed fraction)")
        axs[0][0].legend(fontsize=7)
        fig.suptitle(f"{t.id}: 5 sources over GEO (550 ms), VBR 300 ms (AF-424 Tables 7–9)",
                     fontsize=11)
        return fig
    return None


def draw(t, res, figdir):
    if not res:
        return None
    plt = _plt()
    name = f"{t.id.lower()}.png"
    if t.figure:
        fig = t.figure(res, plt)
    elif t.id == "SANDIA-SEL":
        schemes = [s for s in T.SANDIA_SCHEMES if res.get(s)]
        fig, axs = plt.subplots(1, 4, figsize=(15, 3.8))
        _bars(axs[0], schemes, [T.SANDIA_PUBLISHED[s][0] for s in schemes],
              [T.per_session(res, s) for s in schemes], "throughput per session", "Mb/s")
        _bars(axs[1], schemes, [T.SANDIA_PUBLISHED[s][1] for s in schemes],
              [[100 * r["cellLossRatio"] for r in res[s]] for s in schemes], "cell loss", "%")
        _bars(axs[2], schemes, [T.SANDIA_PUBLISHED[s][2] for s in schemes],
              [T.m(res, s, "retransmissionPercent") for s in schemes], "TCP retransmissions", "%")
        pub_eff = {"fc": 1.0, "simple": 0.63, "drop-tail": float("nan"), "drop-whole": float("nan")}
        _bars(axs[3], schemes, [pub_eff[s] for s in schemes],
              [T.m(res, s, "effectiveUtilization") for s in schemes],
              "effective utilisation (raw: dots)", "fraction")
        for i, s in enumerate(schemes):
            axs[3].plot([i + 0.19], [mean(T.m(res, s, "rawUtilization"))], "ko", ms=4)
        axs[0].legend(fontsize=8)
        fig.suptitle("SANDIA-SEL: 6 sessions, 256-cell per-VC queues vs AN2 credits", fontsize=11)
    elif t.id == "SANDIA-FAIR":
        if not res.get("mixed"):
            return None
        pub = [0.754, 27.95, 28.19, 27.79, 28.15, 27.88]
        sim = [[r["goodputMbps"][i] for r in res["mixed"]] for i in range(6)]
        fig, axs = plt.subplots(1, 2, figsize=(10, 3.8), gridspec_kw={"width_ratios": [1, 5]})
        _bars(axs[0], ["64 B"], [pub[0]], [sim[0]], "64-byte session", "Mb/s")
        _bars(axs[1], [f"8 KB #{i}" for i in range(1, 6)], pub[1:], sim[1:], "8 KB sessions", "Mb/s")
        axs[0].legend(fontsize=8)
        fig.suptitle("SANDIA-FAIR (Table 2): AN2 credits, one 64-byte-MSS session", fontsize=11)
    elif t.id == "SANDIA-N":
        ns = sorted({int(k.split("N=")[1]) for k in res})
        fig, axs = plt.subplots(1, 2, figsize=(10, 3.8))
        for s, style in (("fc", "o-"), ("simple", "s--")):
            pts = [(n, T.per_session(res, f"{s} N={n}")) for n in ns if res.get(f"{s} N={n}")]
            if pts:
                axs[0].errorbar([n for n, _ in pts], [mean(v) for _, v in pts],
                                yerr=[[mean(v) - min(v) for _, v in pts], [max(v) - mean(v) for _, v in pts]],
                                fmt=style, capsize=3, label="credit FC" if s == "fc" else "simple drop")
        c = next(iter(res.values()))[0]["maxGoodputMbps"]
        axs[0].plot(ns, [c / n for n in ns], "k:", label="C/N")
        axs[0].set_xlabel("sessions N")
        axs[0].set_ylabel("average throughput per session (Mb/s)")
        axs[0].legend(fontsize=8)
        pts = [(n, T.m(res, f"fc N={n}", "meanRttMs")) for n in ns if res.get(f"fc N={n}")]
        axs[1].plot([n for n, _ in pts], [mean(v) for _, v in pts], "o-", label="credit FC, simulated")
        w_over_c = 65536 * 8 / (c * 1e6) * 1e3
        axs[1].plot(ns, [n * w_over_c for n in ns], "k:", label="N·W/C")
        pts = [(n, T.m(res, f"simple N={n}", "meanRttMs")) for n in ns if res.get(f"simple N={n}")]
        axs[1].plot([n for n, _ in pts], [mean(v) for _, v in pts], "s--", label="simple drop")
        axs[1].set_xlabel("sessions N")
        axs[1].set_ylabel("TCP RTT (ms)")
        axs[1].legend(fontsize=8)
        fig.suptitle("SANDIA-N: throughput and RTT against the number of sessions", fontsize=11)
        for ax in axs:
            ax.grid(alpha=0.3)
    elif t.id.startswith("JAIN-VBR") or t.id.startswith("JAIN-GR"):
        fig = _draw_vbr_gr(t, res, plt)
        if fig is None:
            return None
    elif t.id.startswith("JAIN-ICCCN") or t.id.startswith("JAIN-GEO"):
        rows = []
        def n_of(label):  # GEO labels name no N: five sources
            return int(label.split("N=")[1].split()[0]) if "N=" in label else 5

        for label in sorted(res, key=lambda l: (n_of(l), int(l.split("K=")[1].split()[0]),
                                                l.split()[-1])):
            parts = label.split()
            pol = parts[-1]
            i = [p for p, _ in T.POLICIES].index(pol)
            n = n_of(label)
            k = int(label.split("K=")[1].split()[0])
            if t.id.startswith("JAIN-GEO"):
                pub = T.GEO_PUB.get((parts[1], k))
                group = f"{parts[1]} {k // 1000}k {pol}"
            else:
                pub = T.ICCCN.get((parts[0], n, k)) if parts[1] == "sack" else None
                group = f"N={n} K={k} {pol}"
            rows.append((group, pub[0][i] if pub else float("nan"), pub[1][i] if pub else float("nan"),
                         T.m(res, label, "efficiency"), T.m(res, label, "fairness")))
        fig, axs = plt.subplots(2, 1, figsize=(max(8, 0.55 * len(rows)), 7))
        _bars(axs[0], [r[0] for r in rows], [r[1] for r in rows], [r[3] for r in rows],
              "efficiency", "E = Σx/C")
        _bars(axs[1], [r[0] for r in rows], [r[2] for r in rows], [r[4] for r in rows],
              "fairness", "Jain index")
        axs[0].legend(fontsize=8)
        fig.suptitle(f"{t.id}: {t.title}", fontsize=10)
    elif t.id.startswith("JAIN-BUF"):
        fig, axs = plt.subplots(1, 2, figsize=(11, 3.8))
        for ax, orbit in zip(axs, T.BUF_LISTS):
            rtt_cells = 10596 if orbit == "LEO" else 201328
            for n in T.BUF_LISTS[orbit][2]:
                pts = [(k / rtt_cells, T.m(res, f"{orbit} N={n} K={k}", "efficiency"))
                       for k in T.BUF_LISTS[orbit][1] if res.get(f"{orbit} N={n} K={k}")]
                if pts:
                    ax.plot([p for p, _ in pts], [mean(v) for _, v in pts], "o-", label=f"N={n}")
            ax.set_xscale("log")
            ax.set_xlabel("buffer (fraction of RTT × link rate)")
            ax.set_ylabel("efficiency")
            ax.axvline(0.5, color="k", ls=":", lw=1)
            ax.set_title(f"{orbit}, SACK + SD", fontsize=10)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
    else:
        return None
    fig.tight_layout()
    fig.savefig(figdir / name, dpi=110)
    plt.close(fig)
    return name
