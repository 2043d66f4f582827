# SPDX-License-Identifier: GPL-2.0-only
"""TEN34: TEN-34 project, Deliverable D11.3 "Results of Phase 1 Test Programme" (1997), JAMES
European ATM network measurements: TCP over a CBR VP against the window (atm-cbr-window), a
Cisco shaper into a FORE dual-GCRA UPC (section 5.8, atm-vbr-police), and two bunches of TCP
connections in one policed VP (atm-vp-split).

TEN34 gives trends or no numbers at all: the checks are its trends and the physics (W per
round trip, the VP payload rate, the dual GCRA). Tolerances and checks: data/ten34.toml;
write-ups: doc/validation/ten34.rst."""

from statistics import mean

from ..core import Family, Run
from ..figures import errorbars
from .physics import c_at, window_prediction

fam = Family("ten34")

# ---- TEN34-WINDOW: NO-ES, a VP of 36,000 cells/s, RTT 63 ms, window scaling -----------------

WINDOWS = [16384, 32768, 49152, 65536, 98304, 131072, 196608, 262144]
SOLARIS = {"source": "solaris"}


@fam.runs
def window_runs(t):
    runs = []
    for w in WINDOWS:
        o = {"pcr": "13.824Mbps@payload", "vp": "true", "cdvt": "100us", "trunkRate": "E3",
             "accessRate": "OC3c", "rtt": "63ms", "mtu": 9180, "window": w, "tsdu": w,
             "shaping": "true", "shaperTolerance": "3us", "duration": "20s", "warmup": "3s"}
        o.update(SOLARIS)
        runs.append(Run({"window": w}, o))
    return runs


def _ws(res):
    return [w for w in WINDOWS if res.has(window=w)]


def _vp(r0):
    return r0["pcrCellsPerSec"] * 384 / 1e6


@fam.check
def window_bound(res, spec):
    ws = _ws(res)
    if not ws:
        return []
    g = [res.mean("goodputMbps", window=w) for w in ws]
    r0 = res.get(window=ws[0])[0]
    bound = [min(w * 8 / (r0["rttMs"] / 1e3) / 1e6, _vp(r0)) for w in ws]
    x = [a / b for a, b in zip(g, bound)]
    return [spec.row("never above min(W/RTT, VP payload rate)", "(physics bound)", x,
                     spec.tol.all_ok(x), "× bound")]


@fam.check
def window_full_rate(res, spec):
    ws = _ws(res)
    if not ws:
        return []
    vp = _vp(res.get(window=ws[0])[0])
    top = ws[-1]
    return [spec.row(f"window {top} B: share of the VP payload rate ({vp:.3f} Mb/s)",
                     "≈ 1 (full available rate)",
                     [x / vp for x in res.values("goodputMbps", window=top)],
                     spec.tol.ok(res.mean("goodputMbps", window=top) / vp))]


@fam.check
def window_physics(res, spec):
    rows = []
    for w in _ws(res):
        pred = mean(window_prediction(r) for r in res.get(window=w))
        rows.append(spec.row(f"W = {w} B: vs n = floor(W/MSS) whole segments per RTT (physics)",
                             f"{pred:.2f}", res.values("goodputMbps", window=w),
                             spec.tol.ok(res.mean("goodputMbps", window=w), pred), "Mb/s"))
    return rows


@fam.figure
def window_figure(res, plt, t):
    ws = _ws(res)
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    g = [res.values("goodputMbps", window=w) for w in ws]
    ax.plot([w / 1024 for w in ws], [mean(v) for v in g], "o-", label="simulated")
    r0 = res.get(window=ws[0])[0]
    vp = _vp(r0)
    xs = [w / 1024 for w in range(8192, 270000, 4096)]
    ax.plot(xs, [min(x * 1024 * 8 / (r0["rttMs"] / 1e3) / 1e6, vp) for x in xs], "k:",
            label="min(W/RTT, VP payload rate)")
    ax.plot([w / 1024 for w in ws],
            [mean(window_prediction(r) for r in res.get(window=w)) for w in ws],
            "x--", label="n = ⌊W/MSS⌋ segments per RTT (physics)")
    ax.axhline(vp, color="gray", lw=1)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("socket buffer = window (KB)")
    ax.set_ylabel("TCP throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("TEN34-WINDOW NO–ES: VP 36,000 cells/s, RTT 63 ms, MSS 9140", fontsize=10)
    return fig


# ---- TEN34-WINDOW, IT-SE: a VP of 24 Mb/s, RTT 40 ms, no window scaling; the message size swept --

ITSE_SIZES = [64, 512, 4096, 9140, 16384, 65536, 262144]


@fam.runs
def itse_runs(t):
    runs = []
    for m in ITSE_SIZES:
        o = {"pcr": "24Mbps@payload", "vp": "true", "cdvt": "100us", "trunkRate": "E3",
             "accessRate": "OC3c", "rtt": "40ms", "mtu": 9180, "window": 65535, "tsdu": m,
             "shaping": "true", "shaperTolerance": "3us", "duration": "20s", "warmup": "3s"}
        o.update(SOLARIS)
        runs.append(Run({"size": m}, o))
    return runs


def _sizes(res):
    return [m for m in ITSE_SIZES if res.has(size=m)]


@fam.check
def itse_size_flat(res, spec):
    ms = _sizes(res)
    if not ms:
        return []
    g = [res.mean("goodputMbps", size=m) for m in ms]
    avg = mean(g)
    return [spec.row(f"message sizes {ms[0]} ... {ms[-1]} B: goodput / its mean over the sizes",
                     "(physics: a 64 KB window limits; writes cost the host nothing here)",
                     [x / avg for x in g], spec.tol.all_ok([x / avg for x in g], 1.0), "×")]


@fam.check
def itse_window_limited(res, spec):
    ms = _sizes(res)
    if not ms:
        return []
    r0 = res.get(size=ms[0])[0]
    bound = min(r0["window"] * 8 / (r0["rttMs"] / 1e3) / 1e6, _vp(r0))
    x = [res.mean("goodputMbps", size=m) / bound for m in ms]
    return [spec.row(f"never above min(W/RTT, VP payload rate) = {bound:.2f} Mb/s, W = "
                     f"{r0['window']} B", "(physics bound)", x, spec.tol.all_ok(x), "× bound")]


@fam.check
def itse_physics(res, spec):
    rows = []
    for m in _sizes(res):
        pred = mean(window_prediction(r) for r in res.get(size=m))
        rows.append(spec.row(f"message {m} B: vs 7 whole segments of 9140 B per RTT (physics)",
                             f"{pred:.2f}", res.values("goodputMbps", size=m),
                             spec.tol.ok(res.mean("goodputMbps", size=m), pred), "Mb/s"))
    return rows


@fam.figure
def itse_figure(res, plt, t):
    ms = _sizes(res)
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    ax.plot(ms, [res.mean("goodputMbps", size=m) for m in ms], "o-", label="simulated")
    ax.plot(ms, [mean(window_prediction(r) for r in res.get(size=m)) for m in ms], "x--",
            label="7 segments per RTT (physics)")
    if ms:
        r0 = res.get(size=ms[0])[0]
        ax.axhline(_vp(r0), color="gray", lw=1, label="VP payload rate")
        ax.axhline(r0["window"] * 8 / (r0["rttMs"] / 1e3) / 1e6, color="k", ls=":", lw=1,
                   label="W / RTT")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message (write) size (bytes)")
    ax.set_ylabel("TCP throughput (Mb/s)")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("TEN34-WINDOW-ITSE: VP 24 Mb/s, RTT 40 ms, 64 KB socket buffers, no scaling",
                 fontsize=10)
    return fig


# ---- TEN34-VBR-POLICE (section 5.8) ------------------------------------------------------------

POLICE_CBR = [2000, 2200, 2400, 2500, 3000, 4000, 5000, 6000, 6600, 7000]
POLICE_CONV = ["line424", "payload384"]
POLICE_BURSTS = [1, 2, 3, 4, 5, 6, 7]


def police_options(**extra):
    o = {"pcr": 15625, "scr": 5208, "cdvt": "700us", "accessRate": "OC3c", "trunkRate": "E3",
         "rtt": "1ms", "mtu": 4352, "window": 65535, "tsdu": 4312, "source": "bsd",
         "bufferCells": 256, "duration": "20s", "warmup": "2s"}
    o.update(extra)
    return o


def police(shaper, rate, conv, action, mbs, scr=None, burst=None):
    """The params of one run: a CBR shaper at ``rate`` kb/s, or a VBR shaper with peak
    ``rate``, sustained ``scr`` kb/s and ``burst`` (Cisco units of 32 cells); the UPC's
    action and MBS."""
    return {"shaper": shaper, "rate": rate, "scr": scr, "burst": burst, "conv": conv,
            "action": action, "mbs": mbs}


def police_label(p):
    if p["shaper"] == "CBR":
        return f"CBR {p['rate']} {p['conv']} {p['action']} MBS={p['mbs']}"
    return f"VBR {p['rate']}/{p['scr']} B={p['burst']} {p['conv']} {p['action']} MBS={p['mbs']}"


def _police_run(p, sets):
    extra = dict(shaperRate=p["rate"])
    if p["shaper"] == "VBR":
        extra.update(shaperScr=p["scr"], shaperMbs=32 * p["burst"])
    extra.update(shaperConvention=p["conv"], action=p["action"], mbs=p["mbs"])
    return Run(p, police_options(**extra), sets, police_label(p))


@fam.runs
def police_runs(t):
    runs = []
    both, full = ("quick", "full"), ("full",)
    for conv in POLICE_CONV:
        for act in ("drop", "tag"):
            for r in POLICE_CBR:
                runs.append(_police_run(police("CBR", r, conv, act, 30), both))
        for mbs in (30, 192):
            for b in POLICE_BURSTS:
                runs.append(_police_run(police("VBR", 6000, conv, "drop", mbs, 2000, b), both))
        for b in (58, 60, 61):
            runs.append(_police_run(police("VBR", 6000, conv, "drop", 1920, 2000, b), both))
        for s in (2100, 2200):
            runs.append(_police_run(police("VBR", 6000, conv, "drop", 192, s, 6), both))
        for act in ("drop", "tag"):
            runs.append(_police_run(police("CBR", 3000, conv, act, 255), full))
            runs.append(_police_run(police("VBR", 6000, conv, act, 255, 2000, 8), full))
    return runs


@fam.check
def police_discard_prediction(res, spec):
    """drop: the UPC discards iff the greedy shaped stream exceeds the dual GCRA (the
    example's conformingPackets from idle: -1 = every burst conforms)."""
    drops = res.select(action="drop")
    if not drops:
        return []
    disagree = 0
    for p, ms in drops:
        predicted_ok = ms[0]["conformingPackets"] < 0
        discarded = max(r["upcDiscarded"] for r in ms) > 0
        disagree += predicted_ok == discarded
    return [spec.row("drop: discards iff the greedy shaped stream exceeds the dual GCRA "
                     "(eq. 3.1/6.1 from idle; runs that agree)",
                     f"{len(drops)} of {len(drops)} (physics)", [len(drops) - disagree],
                     disagree == 0, "runs")]


def _cbr_drop(res):
    low, high = [], []
    for conv in POLICE_CONV:
        for rate in POLICE_CBR:
            p = police("CBR", rate, conv, "drop", 30)
            if not res.has(**p):
                continue
            r = res.get(**p)[0]
            x = res.mean("goodputMbps", **p)
            if r["sourceCellsPerSec"] <= r["scrCellsPerSec"]:
                low.append(x / c_at(r, r["sourceCellsPerSec"]))
            else:
                high.append(x / r["scrGoodputMbps"])
    return low, high


@fam.check
def police_cbr_below_scr(res, spec):
    low, _ = _cbr_drop(res)
    if not low:
        return []
    return [spec.row("CBR shaper at or below the SCR, drop: goodput / C(shaper rate)", "≈ 1",
                     low, spec.tol.all_ok(low), "×")]


@fam.check
def police_cbr_above_scr(res, spec):
    _, high = _cbr_drop(res)
    if not high:
        return []
    return [spec.row("CBR shaper above the SCR, drop: goodput / C(SCR)", "collapse", high,
                     spec.tol.all_ok(high), "×")]


def _tag(res):
    tag = res.select(shaper="CBR", action="tag")
    within = [(p, ms) for p, ms in tag if ms[0]["sourceCellsPerSec"] <= ms[0]["pcrCellsPerSec"]]
    above = [(p, ms) for p, ms in tag if ms[0]["sourceCellsPerSec"] > ms[0]["pcrCellsPerSec"]]
    return within, above


@fam.check
def police_tag_lossless(res, spec):
    within, _ = _tag(res)
    if not within:
        return []
    lost = [r["cellsLost"] for _, ms in within for r in ms]
    return [spec.row("tag (VBR.3), shaper rate up to the PCR: cells lost",
                     "0 (no downstream congestion)", lost, spec.tol.all_ok(lost))]


@fam.check
def police_tag_efficiency(res, spec):
    within, _ = _tag(res)
    if not within:
        return []
    eff = [mean(r["goodputMbps"] for r in ms) / c_at(ms[0], ms[0]["sourceCellsPerSec"])
           for _, ms in within]
    return [spec.row("tag, shaper rate up to the PCR: goodput / C(shaper rate)", "≈ 1", eff,
                     spec.tol.all_ok(eff), "×")]


@fam.check
def police_tagged_fraction(res, spec):
    within, _ = _tag(res)
    if not within:
        return []
    dev = []
    for _, ms in within:
        r = ms[0]
        expect = max(0.0, 1 - r["scrCellsPerSec"] / r["sourceCellsPerSec"])
        dev.append(mean(x["taggedFraction"] for x in ms) - expect)
    return [spec.row("tag: tagged fraction − (1 − SCR / shaper rate)", "0", dev,
                     spec.tol.all_ok(dev, 0.0))]


@fam.check
def police_tag_above_pcr(res, spec):
    _, above = _tag(res)
    if not above:
        return []
    x = [mean(r["goodputMbps"] for r in ms) / ms[0]["scrGoodputMbps"] for _, ms in above]
    return [spec.row("tag, shaper rate above the PCR (PCR failures are discarded): goodput / "
                     "C(SCR)", "collapse", x, spec.tol.all_ok(x), "×")]


@fam.check
def police_convention(res, spec):
    a = police("CBR", 2200, "line424", "drop", 30)
    b = police("CBR", 2200, "payload384", "drop", 30)
    if not (res.has(**a) and res.has(**b)):
        return []
    ga, gb = res.mean("goodputMbps", **a), res.mean("goodputMbps", **b)
    return [spec.row("2200 kb/s: line424 (5189 cells/s) conforms, payload384 (5729) does not",
                     "(convention matters)", [ga, gb], ga > spec["factor"] * gb, "Mb/s")]


@fam.figure
def police_figure(res, plt, t):
    fig, axs = plt.subplots(1, 3, figsize=(16, 4))
    ax = axs[0]
    for conv, act, style in (("line424", "drop", "o-"), ("payload384", "drop", "s-"),
                             ("line424", "tag", "o--"), ("payload384", "tag", "s--")):
        pts = [(r, res.mean("goodputMbps", **police("CBR", r, conv, act, 30)))
               for r in POLICE_CBR if res.has(**police("CBR", r, conv, act, 30))]
        if pts:
            ax.plot([x for x, _ in pts], [y for _, y in pts], style, label=f"{act}, {conv}")
    any_run = res.first(shaper="CBR")
    if any_run:
        ax.axhline(any_run["scrGoodputMbps"], color="k", ls=":", lw=1, label="C at SCR 5208")
    ax.set_xlabel("CBR shaper rate (kb/s)")
    ax.set_ylabel("TCP goodput (Mb/s)")
    ax.set_title("CBR shaper into PCR 15625 / SCR 5208 / MBS 30", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    for ax, mbs in zip(axs[1:], (30, 192)):
        for conv, style in (("line424", "o-"), ("payload384", "s-")):
            sel = [police("VBR", 6000, conv, "drop", mbs, 2000, b) for b in POLICE_BURSTS]
            pts = [(p["burst"], res.mean("discardedFraction", **p)) for p in sel if res.has(**p)]
            if pts:
                ax.plot([32 * x for x, _ in pts], [100 * y for _, y in pts], style, label=conv)
        ax.axvline(mbs, color="k", ls=":", lw=1)
        ax.set_xlabel("shaper burst (cells; Cisco burst × 32)")
        ax.set_ylabel("cells discarded by the UPC (%)")
        ax.set_title(f"VBR shaper 6000/2000 kb/s into MBS {mbs}, drop", fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("TEN34-VBR-POLICE: TCP through a Cisco-like shaper and a FORE dual-GCRA UPC",
                 fontsize=11)
    return fig


# ---- TEN34-VP-SPLIT ----------------------------------------------------------------------------

SPLIT_K = [1, 2, 3, 4, 5]


def split(case, k, lone=False):
    return {"case": case, "k": k, "lone": lone}


def split_label(p):
    return f"case {p['case']} lone VC k={p['k']}" if p["lone"] else f"case {p['case']} k={p['k']}"


@fam.runs
def split_runs(t):
    runs = []
    for case in ("A", "B"):
        for k in SPLIT_K:
            p = split(case, k)
            runs.append(Run(p, {"case": case, "k": k, "duration": "30s", "warmup": "5s"},
                            ("quick", "full") if k in (1, 5) else ("full",), split_label(p)))
        p = split(case, 3, True)
        runs.append(Run(p, {"case": case, "k": 3, "k1": 0, "duration": "30s", "warmup": "5s"},
                        ("full",), split_label(p)))
    return runs


def _sg(res, case, k, lone=False):
    return res.mean("goodputMbps", **split(case, k, lone))


@fam.check
def split_b_above_a(res, spec):
    k = spec["k"]
    if not (res.has(**split("A", k)) and res.has(**split("B", k))):
        return []
    return [spec.row(f"case B aggregate > case A at {k} + {k} streams", "B > A",
                     [_sg(res, "B", k), _sg(res, "A", k)], _sg(res, "B", k) > _sg(res, "A", k),
                     "Mb/s")]


@fam.check
def split_b_fair(res, spec):
    bs = [k for k in SPLIT_K if res.has(**split("B", k))]
    if not bs:
        return []
    f = [x for k in bs for x in res.values("vcFairness", **split("B", k))]
    return [spec.row("case B: split ≈ 50/50 between the VCs (Jain, every k and seed)", "≥ 0.9",
                     f, spec.tol.all_ok(f))]


@fam.check
def split_b_increasing(res, spec):
    bs = [k for k in SPLIT_K if res.has(**split("B", k))]
    if not bs:
        return []
    agg = [_sg(res, "B", k) for k in bs]
    return [spec.row("case B: aggregate increases with the streams", "increasing", agg,
                     spec.tol.non_decreasing(agg), "Mb/s")]


@fam.check
def split_a_decreasing(res, spec):
    ks = [k for k in SPLIT_K if res.has(**split("A", k))]
    if len(ks) < 3:
        return []
    agg = [_sg(res, "A", k) for k in ks]
    peak = max(agg)
    return [spec.row("case A: aggregate decreasing for large k (k = 5 below the peak)",
                     "fluctuates, then decreases", agg, agg[-1] < spec["below_peak"] * peak,
                     "Mb/s")]


@fam.check
def split_a_vp_lost(res, spec):
    ms = res.get(**split("A", spec["k"]))
    if not ms:
        return []
    vp = ms[0]["vpPayloadMbps"]
    lost = [vp - x for x in res.values("goodputMbps", **split("A", spec["k"]))]
    return [spec.row(f"case A, {spec['k']} + {spec['k']}: VP bandwidth lost", "more than half",
                     [x / vp for x in lost], spec.tol.ok(mean(lost) / vp), "× VP")]


@fam.check
def split_a_starved(res, spec):
    ac = [split("A", k) for k in SPLIT_K if res.has(**split("A", k))]
    if not ac:
        return []
    share = [min(r["vcGoodputMbps"]) / max(1e-9, sum(r["vcGoodputMbps"]))
             for p in ac for r in res.get(**p)]
    return [spec.row("case A: the weaker VC's share (every k and seed)",
                     "one VC can be starved to zero", share, min(share) < spec["below"], "×")]


@fam.check
def split_b_lone(res, spec):
    ms = res.get(**split("B", 3, True))
    if not ms:
        return []
    half = ms[0]["maxGoodputMbps"] / 2
    v = res.values("goodputMbps", **split("B", 3, True))
    return [spec.row("case B, one VC active: gets only b/2", f"C(b)/2 = {half:.2f}", v,
                     spec.tol.ok(mean(v), half), "Mb/s")]


@fam.check
def split_a_lone(res, spec):
    ms = res.get(**split("A", 3, True))
    if not ms:
        return []
    c = ms[0]["maxGoodputMbps"]
    v = res.values("goodputMbps", **split("A", 3, True))
    return [spec.row("case A, one VC active: the whole VP", f"C(b) = {c:.2f}", v,
                     mean(v) >= spec["fraction_of_c"] * c, "Mb/s")]


@fam.figure
def split_figure(res, plt, t):
    fig, axs = plt.subplots(1, 2, figsize=(12, 4))
    ax = axs[0]
    vp = None
    for case, style in (("A", "o-"), ("B", "s-")):
        ks = [k for k in SPLIT_K if res.has(**split(case, k))]
        if ks:
            errorbars(ax, ks, [res.values("goodputMbps", **split(case, k)) for k in ks], style,
                      capsize=3, label=f"case {case}: PCR = {'b' if case == 'A' else 'b/2'}")
            vp = res.get(**split(case, ks[0]))[0]["vpPayloadMbps"]
    if vp:
        ax.axhline(vp, color="k", ls=":", lw=1, label="VP payload rate")
        ax.set_ylim(0, 1.08 * vp)
    ax.set_xlabel("connections per sender k")
    ax.set_ylabel("aggregate goodput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("aggregate of 2 × k connections", fontsize=10)
    ax = axs[1]
    x = 0
    ticks = []
    for case in ("A", "B"):
        for k in SPLIT_K:
            ms = res.get(**split(case, k))
            if ms:
                v0 = mean(r["vcGoodputMbps"][0] for r in ms)
                v1 = mean(r["vcGoodputMbps"][1] for r in ms)
                ax.bar([x], [v0], 0.8, color="#3b75af")
                ax.bar([x], [v1], 0.8, bottom=[v0], color="#f28e2b")
                ticks.append((x, f"{case} k={k}"))
                x += 1
        x += 1
    ax.set_xticks([tk for tk, _ in ticks])
    ax.set_xticklabels([s for _, s in ticks], rotation=45, fontsize=8)
    ax.set_ylabel("goodput per VC (Mb/s), mean over seeds")
    ax.set_title("split between the two VCs (blue: sender 0, orange: sender 1)", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.suptitle("TEN34-VP-SPLIT: two bunches in one VP of 36,000 cells/s policed per VP",
                 fontsize=11)
    return fig


# ---- TEN34-PARALLEL / -DUPLEX: bunches of k connections between one host pair on one VC --------

# The two paths of TEN34's bunch tests. NO-ES: the VP of 36,000 cells/s (13.824 Mb/s payload),
# RTT 63 ms, window scaling on; the window per connection is not stated: 256 KB, the largest
# socket buffer of the single-connection tests (it alone fills the VP). IT-SE: a VP of 24 Mb/s
# (payload convention, as NO-ES's), RTT 40 ms, no window scaling (64 KB per connection, window
# limited: 7 segments of 9140 bytes per round trip, 12.8 Mb/s). The adapters shape at exactly
# the VC's PCR (a tolerance of one OC-3c cell time, as TEN34-WINDOW's).
BUNCH_PATHS = {
    "NO-ES": {"vpRate": "36000", "vcPcr": "36000", "rtt": "63ms", "window": 262144},
    "IT-SE": {"vpRate": "24Mbps@payload", "vcPcr": "24Mbps@payload", "rtt": "40ms",
              "window": 65535},
}
PARALLEL_K = [1, 2, 3, 5, 8, 10, 15]
PARALLEL_QUICK_K = (1, 2, 5, 15)
DUPLEX_K = [1, 2, 5, 10]


def bunch(path, k, kr=0):
    return {"path": path, "k": k, "kr": kr}


def bunch_label(p):
    return f"{p['path']} k={p['k']}" + (f" + {p['kr']} back" if p["kr"] else "")


def _bunch_run(p, sets):
    o = {"k": p["k"], "k1": 0, "kr": p["kr"], "shaperTolerance": "3us", "duration": "25s",
         "warmup": "5s"}
    o.update(BUNCH_PATHS[p["path"]])
    return Run(p, o, sets, bunch_label(p))


@fam.runs
def parallel_runs(t):
    return [_bunch_run(bunch(path, k), ("quick", "full") if k in PARALLEL_QUICK_K else ("full",))
            for path in BUNCH_PATHS for k in PARALLEL_K]


@fam.runs
def duplex_runs(t):
    runs = []
    for path in BUNCH_PATHS:
        for k in DUPLEX_K:
            for kr in (0, k):
                runs.append(_bunch_run(bunch(path, k, kr), ("full",)))
    return runs


def _bks(res, path, kr=None):
    ks = PARALLEL_K if kr is None else DUPLEX_K
    return [k for k in ks if res.has(**bunch(path, k, 0 if kr is None else kr * k))]


def bunch_prediction(r, k):
    """The aggregate of k window-limited connections (physics): k times one connection's
    n = floor(W / S) segments per round trip plus one segment's cells at the VC's PCR, at most
    the goodput ceiling C of the VP (payload per cell times b)."""
    s = r["mss"]
    cells = -(-(s + 40 + 8 + 8) // 48)  # TCP/IP headers, LLC/SNAP, AAL5 trailer
    one = max(1, r["window"] // s) * s * 8 / (r["rttMs"] / 1e3 + cells / r["vcPcrCellsPerSec"])
    return min(r["maxGoodputMbps"], k * one / 1e6)


@fam.check
def parallel_saturates(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        ks = _bks(res, path)
        if ks:
            top = ks[-1]
            vp = res.get(**bunch(path, top))[0]["vpPayloadMbps"]
            x = [g / vp for g in res.values("goodputMbps", **bunch(path, top))]
            rows.append(spec.row(f"{path}, k = {top}: aggregate / VP payload rate ({vp:.2f} Mb/s)",
                                 "≈ the full available rate", x, spec.tol.all_ok(x), "× VP"))
    return rows


@fam.check
def parallel_fair(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        f = [x for k in _bks(res, path) if k > 1
             for x in res.values("fairness", **bunch(path, k))]
        if f:
            rows.append(spec.row(f"{path}: Jain's index over the k connections (every k > 1 "
                                 "and seed)", "fairly distributed", f, spec.tol.all_ok(f)))
    return rows


@fam.check
def parallel_physics(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        for k in _bks(res, path):
            r = res.get(**bunch(path, k))[0]
            pred = bunch_prediction(r, k)
            rows.append(spec.row(f"{path}, k = {k}: vs min(k n S / cycle, C) (physics)",
                                 f"{pred:.2f}", res.values("goodputMbps", **bunch(path, k)),
                                 spec.tol.ok(res.mean("goodputMbps", **bunch(path, k)), pred),
                                 "Mb/s"))
    return rows


@fam.check
def parallel_itse_growth(res, spec):
    lo, hi = spec["from_k"], spec["to_k"]
    if not (res.has(**bunch("IT-SE", lo)) and res.has(**bunch("IT-SE", hi))):
        return []
    ratio = res.mean("goodputMbps", **bunch("IT-SE", hi)) / res.mean("goodputMbps",
                                                                     **bunch("IT-SE", lo))
    return [spec.row(f"IT-SE: aggregate at k = {hi} / at k = {lo}",
                     "grows up to about ten connections (host-limited testbed)", [ratio],
                     spec.tol.ok(ratio), "×")]


def _duplex_ratios(res, path):
    """[(k, [two-way aggregate / (2 x one-way aggregate) per seed])] of one path."""
    out = []
    for k in _bks(res, path, kr=1):
        if res.has(**bunch(path, k)):
            one = res.mean("goodputMbps", **bunch(path, k))
            out.append((k, [(r["goodputMbps"] + r["reverseGoodputMbps"]) / (2 * one)
                            for r in res.get(**bunch(path, k, k))]))
    return out


def duplex_floor(r, k):
    """The least goodput (Mb/s) of one direction of k + k connections (physics): a window of
    W = k x window bytes each way is in flight or queued, its data waits at most W / C in its
    own adapter's shaper queue and its ACKs at most W / C behind the other direction's data,
    so one round trip takes at most RTT + 50 ms (the preset's delayed-ACK timer) + 2 W / C and
    the direction runs at least at W / that."""
    c = r["maxGoodputMbps"] * 1e6
    w = 8 * k * r["window"]
    return w / (r["rttMs"] / 1e3 + 0.05 + 2 * w / c) / 1e6


@fam.check
def duplex_bounds(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        x = []
        for k in _bks(res, path, kr=1):
            for r in res.get(**bunch(path, k, k)):
                lo, c = duplex_floor(r, k), r["maxGoodputMbps"]
                x += [(g - lo) / (c - lo) for g in (r["goodputMbps"], r["reverseGoodputMbps"])]
        if x:
            rows.append(spec.row(f"{path}: each direction between the floor W / (RTT + 50 ms + "
                                 "2 W / C) (0) and C (1), every k and seed", "(physics bounds)", x,
                                 spec.tol.all_ok(x), "of the range"))
    return rows


@fam.check
def duplex_saturated(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        r = _duplex_ratios(res, path)
        if r:
            k, x = r[-1]
            rows.append(spec.row(f"{path}, {k} + {k} connections: two-way / (2 × one-way)",
                                 "≈ 1 less the ACKs' cells once both ways are backlogged", x,
                                 spec.tol.all_ok(x), "×"))
    return rows


@fam.check
def duplex_shortfall(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        r = _duplex_ratios(res, path)
        if r:
            worst = min(mean(x) for _, x in r)
            rows.append(spec.row(f"{path}: the lowest two-way / (2 × one-way) over k = "
                                 f"{[k for k, _ in r]}", "only part of the two-way capacity",
                                 [worst], spec.tol.ok(worst), "×"))
    return rows


@fam.check
def duplex_symmetric(res, spec):
    rows = []
    for path in BUNCH_PATHS:
        x = [r["reverseGoodputMbps"] / r["goodputMbps"] for k in _bks(res, path, kr=1)
             for r in res.get(**bunch(path, k, k))]
        if x:
            rows.append(spec.row(f"{path}: reverse / forward aggregate (every k and seed)",
                                 "≈ 1 (a symmetric path; the phases decide)", x, spec.tol.all_ok(x, 1.0), "×"))
    return rows


@fam.figure
def parallel_figure(res, plt, t):
    fig, axs = plt.subplots(1, 2, figsize=(12, 4))
    for ax, path in zip(axs, BUNCH_PATHS):
        ks = _bks(res, path)
        if ks:
            errorbars(ax, ks, [res.values("goodputMbps", **bunch(path, k)) for k in ks], "o-",
                      capsize=3, label="aggregate, simulated")
            r0 = res.get(**bunch(path, ks[0]))[0]
            xs = list(range(1, max(ks) + 1))
            ax.plot(xs, [bunch_prediction(r0, k) for k in xs], "k:",
                    label="min(k n S / cycle, C) (physics)")
            ax.axhline(r0["vpPayloadMbps"], color="gray", lw=1, label="VP payload rate")
            ax.set_ylim(0, 1.1 * r0["vpPayloadMbps"])
        ax.set_xlabel("connections k (one host pair, one VC)")
        ax.set_ylabel("goodput (Mb/s)")
        ax.set_title(f"{path}: {BUNCH_PATHS[path]['rtt']} RTT, {BUNCH_PATHS[path]['window']} B "
                     "windows", fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("TEN34-PARALLEL: bunches of k TCP connections on one CBR VC in a policed VP",
                 fontsize=11)
    return fig


@fam.figure
def duplex_figure(res, plt, t):
    fig, axs = plt.subplots(1, 2, figsize=(12, 4))
    for ax, path in zip(axs, BUNCH_PATHS):
        ks = _bks(res, path, kr=1)
        if ks:
            ax.plot(ks, [res.mean("goodputMbps", **bunch(path, k)) for k in ks], "o-",
                    label="one-way aggregate")
            ax.plot(ks, [res.mean("goodputMbps", **bunch(path, k, k)) for k in ks], "s--",
                    label="two-way: forward")
            ax.plot(ks, [res.mean("reverseGoodputMbps", **bunch(path, k, k)) for k in ks], "^--",
                    label="two-way: reverse")
            ax.plot(ks, [res.mean("goodputMbps", **bunch(path, k, k))
                         + res.mean("reverseGoodputMbps", **bunch(path, k, k)) for k in ks],
                    "D-", label="two-way: both")
            ax.axhline(res.get(**bunch(path, ks[0]))[0]["vpPayloadMbps"], color="gray", lw=1)
        ax.set_xlabel("connections each way k")
        ax.set_ylabel("goodput (Mb/s)")
        ax.set_title(path, fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("TEN34-DUPLEX: k connections each way between one host pair on one VC",
                 fontsize=11)
    return fig


# ---- TEN34-CDV (section 5.7): CDV of a periodic cell stream across 7 or 12 switches -------------

CDV_CONFIGS = [("long", "1.1"), ("long", "1.6"), ("long", "0.5"), ("short", "1.1"),
               ("short", "1.6")]
CDV_INTERVAL_MS = {"1.1": 0.381, "1.6": 0.254, "0.5": 0.7625}


@fam.runs
def cdv_runs(t):
    return [Run({"path": p, "rate": r}, {"path": p, "rate": r, "cells": 10000})
            for p, r in CDV_CONFIGS]


def _cdv_configs(res):
    return [(p, r) for p, r in CDV_CONFIGS if res.has(path=p, rate=r)]


def _per_point(res, metric, p, r):
    """The metric's mean over the seeds at each measurement point of one configuration."""
    per_seed = [m[metric] for m in res.get(path=p, rate=r)]
    return [mean(v[k] for v in per_seed) for k in range(len(per_seed[0]))]


@fam.check
def cdv_source_spread(res, spec):
    xs = [x for p, r in _cdv_configs(res) for m in res.get(path=p, rate=r)
          for x in m["iatSpreadUs"][:1]]
    if not xs:
        return []
    return [spec.row("IAT spread at UT1, the source's access link (us; one OC-3c slot = 2.83)",
                     spec["published"], xs, spec.tol.all_ok(xs))]


@fam.check
def cdv_mean_iat(res, spec):
    rows = []
    for p, r in _cdv_configs(res):
        ratios = [x / CDV_INTERVAL_MS[r] for m in res.get(path=p, rate=r) for x in m["meanIatMs"]]
        rows.append(spec.row(f"{p} {r} Mb/s: mean IAT / nominal at every point",
                             spec["published"], ratios, spec.tol.all_ok(ratios, 1.0)))
    return rows


@fam.check
def cdv_lossless(res, spec):
    lost = [m["cellsLost"] for p, r in _cdv_configs(res) for m in res.get(path=p, rate=r)]
    if not lost:
        return []
    return [spec.row("CBR stream: cells lost", "0", lost, spec.tol.all_ok(lost))]


@fam.check
def cdv_growth(res, spec):
    rows = []
    for p, r in _cdv_configs(res):
        lmin = _per_point(res, "lMinMs", p, r)
        spread = _per_point(res, "iatSpreadUs", p, r)
        g = [lmin[-1] / lmin[0], spread[-1] / spread[0]]
        rows.append(spec.row(f"{p} {r} Mb/s: L and spread at RUS / at UT1",
                             "grow with the switches", g, spec.tol.all_ok(g)))
    return rows


@fam.check
def cdv_monotone(res, spec):
    rows = []
    for p, r in _cdv_configs(res):
        lmin = _per_point(res, "lMinMs", p, r)
        rows.append(spec.row(f"{p} {r} Mb/s: L (ms) point by point", "non-decreasing",
                             [round(x, 4) for x in lmin], spec.tol.non_decreasing(lmin)))
    return rows


@fam.check
def cdv_published(res, spec):
    rows = []
    scale = 1.0
    for row in spec.table()["rows"]:
        p, r = row["path"], row["rate"]
        if not res.has(path=p, rate=r):
            continue
        sim = _per_point(res, spec["metric"], p, r)
        pub = row[spec["column"]]
        ratios = [s / (q * scale) for s, q in zip(sim, pub)]
        rows.append(spec.row(f"{p} {r} Mb/s (trial {row['trial']}), {spec['quantity']} at "
                             f"{', '.join(row['points'])}: simulated / published",
                             " / ".join(f"{q:g}" for q in pub), [round(x, 2) for x in ratios],
                             spec.tol.all_ok(ratios)))
    return rows


@fam.check
def cdv_reversal(res, spec):
    if not res.has(path="long", rate="1.1"):
        return []
    above = _per_point(res, "fractionAbove", "long", "1.1")
    return [spec.row("long 1.1 Mb/s: fraction of IATs above the mean, UT1 and RUS",
                     ".673 / .392 (trial 11)", [round(above[0], 3), round(above[-1], 3)],
                     above[0] > 0.5 > above[-1])]


@fam.figure
def cdv_figure(res, plt, t):
    configs = _cdv_configs(res)
    if not configs:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    table = {(row["path"], row["rate"]): row for row in t.family.table("cdv")["rows"]}
    for k, (p, r) in enumerate(configs):
        color = f"C{k}"
        first = res.get(path=p, rate=r)[0]
        xs = first["switchesBefore"]
        for ax, metric, column, scale in ((axes[0], "iatSpreadUs", "spread", 1.0),
                                          (axes[1], "lMinMs", "lmin", 1e3)):
            sim = _per_point(res, metric, p, r)
            ax.plot(xs, [v * scale for v in sim], "o-", color=color, label=f"{p} {r} simulated")
            if (p, r) in table:
                ax.plot(xs, [v * scale for v in table[(p, r)][column]], "x--", color=color,
                        label=f"trial {table[(p, r)]['trial']} (TEN34)")
    axes[0].set_ylabel("IAT spread, max − min (µs)")
    axes[1].set_ylabel("zero-violation CDVT L at the nominal IAT (µs)")
    for ax in axes:
        ax.set_xlabel("switches between the source and the measurement point")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle("TEN34-CDV: a periodic CBR cell stream, cross traffic 10 % per switch "
                 "(our assumption), published Tables 3 and 5", fontsize=10)
    return fig


CDV_LOADS = [0.05, 0.1, 0.2, 0.3]
CDV_BURSTS = [1, 13]


@fam.runs
def cdv_background_runs(t):
    return [Run({"load": load, "burst": burst},
                {"path": "long", "rate": "1.1", "cells": 10000, "crossLoad": load,
                 "crossBurst": burst})
            for burst in CDV_BURSTS for load in CDV_LOADS]


def _rus_lmin(res, load, burst):
    return mean(m["lMinMs"][-1] for m in res.get(load=load, burst=burst))


@fam.check
def cdv_background_grows(res, spec):
    rows = []
    for burst in CDV_BURSTS:
        loads = [x for x in CDV_LOADS if res.has(load=x, burst=burst)]
        lmin = [_rus_lmin(res, x, burst) for x in loads]
        if len(lmin) >= 2:
            rows.append(spec.row(f"bursts of {burst}: L at RUS (ms) at cross loads "
                                 f"{', '.join(f'{x:g}' for x in loads)}", "(physics)",
                                 [round(x, 4) for x in lmin], spec.tol.non_decreasing(lmin)))
    return rows


@fam.check
def cdv_background_published(res, spec):
    row = next(r for r in spec.table()["rows"] if r["path"] == "long" and r["rate"] == "1.1")
    rows = []
    for burst in CDV_BURSTS:
        for load in CDV_LOADS:
            if not res.has(load=load, burst=burst):
                continue
            sim = [mean(m["lMinMs"][k] for m in res.get(load=load, burst=burst))
                   for k in range(len(row["lmin"]))]
            ratios = [s / p for s, p in zip(sim, row["lmin"])]
            rows.append(spec.row(f"load {load:g}, bursts of {burst}: L / Table 5 (trial 11) at "
                                 f"{', '.join(row['points'])}",
                                 " / ".join(f"{p:g}" for p in row["lmin"]),
                                 [round(x, 2) for x in ratios], spec.tol.all_ok(ratios)))
    return rows


@fam.figure
def cdv_background_figure(res, plt, t):
    row = next(r for r in t.family.table("cdv")["rows"]
               if r["path"] == "long" and r["rate"] == "1.1")
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    drawn = False
    for k, burst in enumerate(CDV_BURSTS):
        for j, load in enumerate(CDV_LOADS):
            if not res.has(load=load, burst=burst):
                continue
            first = res.get(load=load, burst=burst)[0]
            sim = [mean(m["lMinMs"][i] for m in res.get(load=load, burst=burst)) * 1e3
                   for i in range(len(first["lMinMs"]))]
            ax.plot(first["switchesBefore"], sim, "o-" if burst == 1 else "s--",
                    color=f"C{j}", label=f"load {load:g}, bursts of {burst}")
            drawn = True
    if not drawn:
        return None
    ax.plot([0, 1, 5, 9, 12], [v * 1e3 for v in row["lmin"]], "kx:", ms=9,
            label="trial 11 (TEN34 Table 5)")
    ax.set_xlabel("switches between the source and the measurement point")
    ax.set_ylabel("zero-violation CDVT L at 0.381 ms (µs)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    ax.set_title("TEN34-CDV-BACKGROUND: long path, 1.1 Mb/s, our cross traffic varied",
                 fontsize=10)
    return fig
