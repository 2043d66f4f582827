# SPDX-License-Identifier: GPL-2.0-only
"""SANDIA: C. Fang, H. Chen, J. Hutchins, "A Simulation Study of TCP Performance in ATM
Networks" (Sandia National Laboratories, c. 1994): six TCP sessions over one congested OC-3c
link, AN2 credit flow control against cell drop schemes on per-VC queues (atm-n-source).

Runs and checks of SANDIA-SEL, SANDIA-FAIR, SANDIA-N, SANDIA-1 and SANDIA-BUF; published values,
tolerances and the check list are in data/sandia.toml, the write-ups in
doc/validation/sandia.rst."""

from statistics import mean

from ..core import Family, Run, option_of
from ..figures import bars, errorbars, spread

fam = Family("sandia")

# Simulated durations (s): the source states none.
DURATION = {"SANDIA-SEL": 5, "SANDIA-FAIR": 5, "SANDIA-N": 3, "SANDIA-1": 5, "SANDIA-BUF": 5}

# SANDIA Table 1: OC-3c links with 2.75 us cells, 64 KB windows, 8 KB packets, 300 us of host
# processing per packet. MSS 8152 = IP 8192 with LLC/SNAP: 171 cells, the source's 8 KB packet.
BASE = {
    "source": "sandia",
    "linkRate": "Sandia",
    "delays": "sandia",
    "tcp": "reno",
    "mss": 8152,
    "window": 65536,
    "hostDelay": "300us",
}

# AN2 credits (5 cells per VC per hop) or 256-cell per-VC queues with one of the drop schemes.
SCHEMES = {
    "fc": {"credits": 5, "bufferCells": 100000},
    "simple": {"perVcQueues": 1, "policy": "vc-tail", "perVcBufferCells": 256},
    "drop-tail": {"perVcQueues": 1, "policy": "drop-tail", "perVcBufferCells": 256},
    "drop-whole": {"perVcQueues": 1, "policy": "drop-whole", "perVcBufferCells": 256},
}

N_LIST = {"quick": [1, 2, 4, 6, 8], "full": list(range(1, 13))}

# SANDIA-BUF: one 64 KB window in cells. 65536 bytes in 8 KB packets are 8 packets: the window's
# 65536 payload bytes hold 8 whole 8152-byte segments (65216 bytes; the 320 bytes left are never
# sent while data is outstanding, Nagle and ns-3's silly-window avoidance); each segment is an
# 8152 + 40 (TCP/IP) = 8192-byte IP packet, + 8 (LLC/SNAP) + 8 (AAL5 trailer) = 8208 bytes =
# 171 cells of 48 bytes (exactly). 8 x 171 = 1368 cells: a per-VC queue that large holds a
# session's whole window.
AAL5_OVERHEAD = 40 + 8 + 8  # TCP/IP headers, LLC/SNAP, AAL5 trailer (bytes)
PACKET_CELLS = -(-(BASE["mss"] + AAL5_OVERHEAD) // 48)  # 171
WINDOW_CELLS = BASE["window"] // BASE["mss"] * PACKET_CELLS  # 8 x 171 = 1368
# The sizes the study names (256, 512, one window) and the ones that fill in the sweep.
BUF_SIZES = [192, 256, 384, 512, 768, 1024, WINDOW_CELLS]
BUF_SCHEMES = ("simple", "drop-tail", "drop-whole")


def options(scheme, n, duration, **extra):
    o = dict(BASE)
    o.update(SCHEMES[scheme])
    o["nSources"] = n
    if scheme != "fc":
        o["bufferCells"] = 256 * n
    o["duration"] = f"{duration}s"
    o.update(extra)
    return o


def per_session(res, **sel):
    """Average per-session goodput (Mb/s) of each seed."""
    return [r["totalGoodputMbps"] / r["nSources"] for r in res.get(**sel)]


def _published(spec):
    return {row["scheme"]: row for row in spec.table("schemes")["rows"]}


# ---- runs --------------------------------------------------------------------------------------


@fam.runs
def sel_runs(t):
    return [Run({"scheme": s}, options(s, 6, DURATION[t.id])) for s in SCHEMES]


@fam.runs
def fair_runs(t):
    d = DURATION[t.id]
    return [Run({"case": "mixed"}, options("fc", 6, d, firstMss=64)),
            Run({"case": "alone"}, options("fc", 1, d, mss=64))]


@fam.runs
def n_runs(t):
    runs = []
    for n in N_LIST["full"]:
        for s in ("fc", "simple"):
            sets = ("quick", "full") if n in N_LIST["quick"] else ("full",)
            runs.append(Run({"scheme": s, "n": n}, options(s, n, DURATION[t.id]), sets))
    return runs


@fam.runs
def single_runs(t):
    """SANDIA-1: one session (VC1) alone, simple cell drop on its 256-cell per-VC queue and AN2
    credits."""
    return [Run({"scheme": s}, options(s, 1, DURATION[t.id])) for s in ("fc", "simple")]


@fam.runs
def buf_runs(t):
    """SANDIA-BUF: six sessions, per-VC queues of V cells (the port's buffer 6 V, so that only
    the per-VC limit binds) under the three drop schemes."""
    return [Run({"scheme": s, "v": v}, options(s, 6, DURATION[t.id], perVcBufferCells=v,
                                               bufferCells=6 * v))
            for s in BUF_SCHEMES for v in BUF_SIZES]


# ---- SANDIA-SEL checks -------------------------------------------------------------------------


@fam.check
def fc_fair_share(res, spec):
    """Every credit-controlled flow of every seed at C/N."""
    fc = res.get(scheme="fc")
    if not fc:
        return []
    c = fc[0]["maxGoodputMbps"]
    n = spec["sessions"]
    flows = [x for r in fc for x in r["goodputMbps"]]
    return [spec.row(spec["quantity"], f"C/{n} = {c / n:.2f}", flows,
                     spec.tol.all_ok(flows, c / n), "Mb/s")]


@fam.check
def throughput_ordering(res, spec):
    """Per-session throughput simple < drop-tail < drop-whole <= FC."""
    pub = _published(spec)
    order = ("simple", "drop-tail", "drop-whole", "fc")
    if not all(res.has(scheme=s) for s in order):
        return []
    x = [mean(per_session(res, scheme=s)) for s in order]
    text = " < ".join(f"{pub[s]['throughput']:g}" for s in order[:3]) + \
        f" ≤ {pub['fc']['throughput']:g}"
    return [spec.row("throughput simple < drop-tail < drop-whole ≤ FC", text, x,
                     x[0] < x[1] < x[2] <= x[3], "Mb/s")]


@fam.check
def retransmission_ordering(res, spec):
    """TCP retransmission % simple > drop-tail > drop-whole."""
    pub = _published(spec)
    order = ("simple", "drop-tail", "drop-whole")
    if not all(res.has(scheme=s) for s in order + ("fc",)):
        return []
    r = [res.mean("retransmissionPercent", scheme=s) for s in order]
    return [spec.row("retransmission % simple > drop-tail > drop-whole",
                     " > ".join(f"{pub[s]['retransmissions']:g}" for s in order), r,
                     r[0] > r[1] > r[2], "%")]


@fam.check
def drop_whole_loss_vs_retx(res, spec):
    """Drop-whole drops whole packets: its cell loss % is its retransmission %."""
    pub = _published(spec)["drop-whole"]
    if not all(res.has(scheme=s) for s in SCHEMES):
        return []
    d = abs(100 * res.mean("cellLossRatio", scheme="drop-whole")
            - res.mean("retransmissionPercent", scheme="drop-whole"))
    return [spec.row("drop-whole |cell loss % − retx %|",
                     f"{pub['cell_loss']:g} vs {pub['retransmissions']:g} "
                     f"(≈ {abs(pub['cell_loss'] - pub['retransmissions']):g})", [d],
                     spec.tol.ok(d), "points")]


@fam.check
def drop_whole_vs_fc(res, spec):
    pub = _published(spec)
    if not all(res.has(scheme=s) for s in SCHEMES):
        return []
    x = mean(per_session(res, scheme="drop-whole")) / mean(per_session(res, scheme="fc"))
    return [spec.row("drop-whole / FC throughput",
                     f"{pub['drop-whole']['throughput'] / pub['fc']['throughput']:.2f}", [x],
                     spec.tol.ok(x))]


@fam.check
def scheme_value(res, spec):
    """One scheme's throughput per session, cell loss or retransmissions against the
    published number."""
    s, what = spec["scheme"], spec["quantity"]
    if not res.has(scheme=s):
        return []
    pub = _published(spec)[s]
    if what == "throughput":
        v, name, unit = per_session(res, scheme=s), "per-session throughput", "Mb/s"
    elif what == "cell_loss":
        v, name, unit = [100 * r["cellLossRatio"] for r in res.get(scheme=s)], "cell loss", "%"
    else:
        v, name, unit = res.values("retransmissionPercent", scheme=s), "TCP retransmissions", "%"
    return [spec.row(f"{s} {name}", f"{pub[what]}", v, spec.tol.ok(mean(v), pub[what]), unit)]


# ---- SANDIA-FAIR checks ------------------------------------------------------------------------


def _fair(spec):
    return spec.table("fair")


@fam.check
def small_session_share(res, spec):
    if not (res.has(case="mixed") and res.has(case="alone")):
        return []
    pub = _fair(spec)
    small = [r["goodputMbps"][0] for r in res.get(case="mixed")]
    alone = [r["goodputMbps"][0] for r in res.get(case="alone")]
    x = mean(small) / mean(alone)
    return [spec.row("64-byte session with 5 others / standalone",
                     f"{pub['mixed'][0]:g} / {pub['alone']:g} = "
                     f"{pub['mixed'][0] / pub['alone']:.3f}", [x], spec.tol.ok(x))]


@fam.check
def large_sessions_share(res, spec):
    """Each 8 KB session at (C - x)/5, x the 64-byte session's goodput."""
    if not (res.has(case="mixed") and res.has(case="alone")):
        return []
    pub = _fair(spec)["mixed"][1:]
    mixed = res.get(case="mixed")
    ok, big = True, []
    for r in mixed:
        share = (r["maxGoodputMbps"] - r["goodputMbps"][0]) / 5
        for x in r["goodputMbps"][1:]:
            big.append(x)
            ok = ok and spec.tol.ok(x, share)
    c = mixed[0]["maxGoodputMbps"]
    small = mean(r["goodputMbps"][0] for r in mixed)
    return [spec.row("each 8 KB session",
                     f"{min(pub):.1f}–{max(pub):.1f} ((C − x)/5 = {(c - small) / 5:.2f})", big,
                     ok, "Mb/s")]


@fam.check
def alone_session(res, spec):
    if not (res.has(case="mixed") and res.has(case="alone")):
        return []
    pub = _fair(spec)["alone"]
    alone = [r["goodputMbps"][0] for r in res.get(case="alone")]
    return [spec.row("64-byte session standalone (300 µs host model)", f"{pub:g}", alone,
                     spec.tol.ok(mean(alone), pub), "Mb/s")]


# ---- SANDIA-N checks ---------------------------------------------------------------------------


def _ns(res):
    return sorted(res.params("n", scheme="fc"))


@fam.check
def rtt_slope(res, spec):
    """With credits the RTT grows by W/C per session (least-squares slope of RTT against N)."""
    ns = _ns(res)
    if not ns:
        return []
    c = res.get(scheme="fc", n=ns[0])[0]["maxGoodputMbps"]
    w = option_of(spec.target, "window", scheme="fc")
    w_over_c = w * 8 / (c * 1e6) * 1e3  # ms
    pts = [(n, res.mean("meanRttMs", scheme="fc", n=n)) for n in ns]
    mn = mean(n for n, _ in pts)
    mr = mean(r for _, r in pts)
    slope = sum((n - mn) * (r - mr) for n, r in pts) / max(1e-12, sum((n - mn) ** 2
                                                                      for n, _ in pts))
    return [spec.row("FC RTT slope vs N", f"W/C = {w_over_c:.2f} ms per session", [slope],
                     spec.tol.ok(slope, w_over_c), "ms")]


@fam.check
def fc_share_per_n(res, spec):
    ns = _ns(res)
    if not ns:
        return []
    c = res.get(scheme="fc", n=ns[0])[0]["maxGoodputMbps"]
    shared = [n for n in ns if n >= 2]
    ok = all(spec.tol.ok(x, c / n) for n in shared for r in res.get(scheme="fc", n=n)
             for x in r["goodputMbps"])
    return [spec.row("FC per-session throughput = C/N (N ≥ 2)", "link bandwidth / N",
                     [mean(per_session(res, scheme="fc", n=n)) / (c / n) for n in shared], ok,
                     "× C/N")]


@fam.check
def host_limited_single(res, spec):
    """One session is limited by its host: 300 us to send each segment and 300 us to process
    each ACK on the sender's CPU (no delayed ACKs): MSS x 8 / 600 us."""
    if 1 not in _ns(res):
        return []
    mss = option_of(spec.target, "mss", scheme="fc", n=1)
    host_s = 2 * float(option_of(spec.target, "hostDelay", scheme="fc", n=1).rstrip("us")) / 1e6
    host = mss * 8 / host_s / 1e6
    v = per_session(res, scheme="fc", n=1)
    return [spec.row("FC N=1: host-limited throughput", f"MSS·8/600 µs = {host:.1f}", v,
                     spec.tol.ok(mean(v), host), "Mb/s")]


@fam.check
def simple_below_fc(res, spec):
    ns = _ns(res)
    if not ns:
        return []
    below = [n for n in ns if n >= 2 and res.has(scheme="simple", n=n)]
    ok = all(mean(per_session(res, scheme="simple", n=n)) < mean(per_session(res, scheme="fc",
                                                                             n=n))
             for n in below)
    return [spec.row("simple-drop average below FC (N ≥ 2)", "clearly below",
                     [mean(per_session(res, scheme="simple", n=n)) for n in below], ok, "Mb/s")]


# ---- SANDIA-1 checks ---------------------------------------------------------------------------


@fam.check
def single_same_goodput(res, spec):
    """One session, no congestion: credits and simple drop give the same goodput, seed by seed
    (the same seed gives both the same start and tick phase)."""
    fc, simple = res.get(scheme="fc"), res.get(scheme="simple")
    if not (fc and simple):
        return []
    x = [a["totalGoodputMbps"] / b["totalGoodputMbps"] for a, b in zip(fc, simple)]
    return [spec.row("credit / simple-drop goodput, each seed (identical curves)", "1", x,
                     spec.tol.all_ok(x, 1.0), "× simple")]


@fam.check
def single_ceiling(res, spec):
    """One session's goodput at the path's ceiling, min(host, C): the sender's CPU spends 300 us
    on each segment and 300 us on each ACK (no delayed ACKs), MSS x 8 / 600 us; C is the OC-3c
    payload rate. The 64 KB window does not bind (doc/validation/sandia.rst)."""
    if not res:
        return []
    r0 = res.first()
    mss = option_of(spec.target, "mss")
    host_s = 2 * float(str(option_of(spec.target, "hostDelay")).rstrip("us")) / 1e6
    host = mss * 8 / host_s / 1e6
    c = r0["maxGoodputMbps"]
    ceiling = min(host, c)
    v = res.all_metrics("totalGoodputMbps")
    which = "host" if host <= c else "C"
    return [spec.row(f"one session's goodput, both schemes, against min(MSS·8/600 µs = "
                     f"{host:.1f}, C = {c:.1f}): {which}-limited (physics, not published)",
                     f"{ceiling:.1f}", v, spec.tol.ok(mean(v), ceiling), "Mb/s")]


# ---- SANDIA-BUF checks -------------------------------------------------------------------------


def _vs(res, scheme):
    return sorted(res.params("v", scheme=scheme))


def _buf_goodput(res, scheme, v):
    return mean(per_session(res, scheme=scheme, v=v))


@fam.check
def buffer_non_decreasing(res, spec):
    """Per scheme, the per-session goodput (mean over seeds) does not decrease with V."""
    rows = []
    for s in BUF_SCHEMES:
        vs = _vs(res, s)
        if len(vs) < 2:
            continue
        g = [_buf_goodput(res, s, v) for v in vs]
        rows.append(spec.row(f"{s}: per-session goodput non-decreasing in V "
                             f"({vs[0]}…{vs[-1]} cells)",
                             "improves with the per-VC buffer", g, spec.tol.non_decreasing(g),
                             "Mb/s"))
    return rows


@fam.check
def window_buffer_lossless(res, spec):
    """At V = one 64 KB window in cells no cell is lost: a session never has more than its
    window in flight, so its per-VC queue cannot overflow (physics)."""
    v = [r["cellsDropped"] for s in BUF_SCHEMES for r in res.get(scheme=s, v=WINDOW_CELLS)]
    if not v:
        return []
    return [spec.row(f"cells lost at V = {WINDOW_CELLS} (one 64 KB window), every scheme and seed",
                     f"0 (physics: {BASE['window'] // BASE['mss']} × {PACKET_CELLS} = "
                     f"{WINDOW_CELLS} cells hold a window)", v, spec.tol.all_ok(v), "cells")]


@fam.check
def gain_256_512(res, spec):
    """The relative gain from V = 256 to 512 cells is larger for simple drop and drop-tail than
    for drop-whole ("especially for drop-tail and simple drop")."""
    if not all(res.has(scheme=s, v=v) for s in BUF_SCHEMES for v in (256, 512)):
        return []
    gain = [_buf_goodput(res, s, 512) / _buf_goodput(res, s, 256) - 1 for s in BUF_SCHEMES]
    return [spec.row("gain 256 → 512 cells: simple, drop-tail > drop-whole",
                     "larger for drop-tail and simple drop", [100 * g for g in gain],
                     gain[0] > gain[2] and gain[1] > gain[2], "%")]


# ---- figures -----------------------------------------------------------------------------------


@fam.figure
def sel_figure(res, plt, t):
    pub = {row["scheme"]: row for row in t.family.table("schemes")["rows"]}
    schemes = [s for s in SCHEMES if res.has(scheme=s)]
    fig, axs = plt.subplots(1, 4, figsize=(15, 3.8))
    bars(axs[0], schemes, [pub[s]["throughput"] for s in schemes],
         [per_session(res, scheme=s) for s in schemes], "throughput per session", "Mb/s")
    bars(axs[1], schemes, [pub[s]["cell_loss"] for s in schemes],
         [[100 * r["cellLossRatio"] for r in res.get(scheme=s)] for s in schemes], "cell loss",
         "%")
    bars(axs[2], schemes, [pub[s]["retransmissions"] for s in schemes],
         [res.values("retransmissionPercent", scheme=s) for s in schemes],
         "TCP retransmissions", "%")
    bars(axs[3], schemes, [pub[s].get("effective_utilization", float("nan")) for s in schemes],
         [res.values("effectiveUtilization", scheme=s) for s in schemes],
         "effective utilisation (raw: dots)", "fraction")
    for i, s in enumerate(schemes):
        axs[3].plot([i + 0.19], [res.mean("rawUtilization", scheme=s)], "ko", ms=4)
    axs[0].legend(fontsize=8)
    fig.suptitle("SANDIA-SEL: 6 sessions, 256-cell per-VC queues vs AN2 credits", fontsize=11)
    return fig


@fam.figure
def fair_figure(res, plt, t):
    if not res.has(case="mixed"):
        return None
    pub = t.family.table("fair")["mixed"]
    mixed = res.get(case="mixed")
    sim = [[r["goodputMbps"][i] for r in mixed] for i in range(6)]
    fig, axs = plt.subplots(1, 2, figsize=(10, 3.8), gridspec_kw={"width_ratios": [1, 5]})
    bars(axs[0], ["64 B"], [pub[0]], [sim[0]], "64-byte session", "Mb/s")
    bars(axs[1], [f"8 KB #{i}" for i in range(1, 6)], pub[1:], sim[1:], "8 KB sessions", "Mb/s")
    axs[0].legend(fontsize=8)
    fig.suptitle("SANDIA-FAIR (Table 2): AN2 credits, one 64-byte-MSS session", fontsize=11)
    return fig


@fam.figure
def n_figure(res, plt, t):
    ns = sorted(set(res.params("n")))
    fig, axs = plt.subplots(1, 2, figsize=(10, 3.8))
    for s, style in (("fc", "o-"), ("simple", "s--")):
        errorbars(axs[0], ns, [per_session(res, scheme=s, n=n) for n in ns], style, capsize=3,
                  label="credit FC" if s == "fc" else "simple drop")
    c = res.first()["maxGoodputMbps"]
    axs[0].plot(ns, [c / n for n in ns], "k:", label="C/N")
    axs[0].set_xlabel("sessions N")
    axs[0].set_ylabel("average throughput per session (Mb/s)")
    axs[0].legend(fontsize=8)
    pts = [(n, res.mean("meanRttMs", scheme="fc", n=n)) for n in ns if res.has(scheme="fc", n=n)]
    axs[1].plot([n for n, _ in pts], [v for _, v in pts], "o-", label="credit FC, simulated")
    w = option_of(t, "window", scheme="fc")
    w_over_c = w * 8 / (c * 1e6) * 1e3
    axs[1].plot(ns, [n * w_over_c for n in ns], "k:", label="N·W/C")
    pts = [(n, res.mean("meanRttMs", scheme="simple", n=n)) for n in ns
           if res.has(scheme="simple", n=n)]
    axs[1].plot([n for n, _ in pts], [v for _, v in pts], "s--", label="simple drop")
    axs[1].set_xlabel("sessions N")
    axs[1].set_ylabel("TCP RTT (ms)")
    axs[1].legend(fontsize=8)
    fig.suptitle("SANDIA-N: throughput and RTT against the number of sessions", fontsize=11)
    for ax in axs:
        ax.grid(alpha=0.3)
    return fig


@fam.figure
def single_figure(res, plt, t):
    """SANDIA-1: the session's goodput and RTT with credits and with simple drop, and the
    ceilings (the runs print no goodput series; the report's time series of the first run shows
    its window and RTT over time)."""
    schemes = [s for s in ("fc", "simple") if res.has(scheme=s)]
    if not schemes:
        return None
    names = {"fc": "AN2 credits", "simple": "simple drop"}
    fig, axs = plt.subplots(1, 2, figsize=(9, 3.8))
    mu, err = spread([res.values("totalGoodputMbps", scheme=s) for s in schemes])
    axs[0].bar(range(len(schemes)), mu, 0.5, yerr=err, capsize=3, color="#3b75af",
               edgecolor="black", label="simulated")
    mss = option_of(t, "mss")
    host = mss * 8 / (2 * float(str(option_of(t, "hostDelay")).rstrip("us")) / 1e6) / 1e6
    c = res.first()["maxGoodputMbps"]
    axs[0].axhline(host, color="k", ls=":", label=f"host MSS·8/600 µs = {host:.1f}")
    axs[0].axhline(c, color="k", ls="--", label=f"C = {c:.1f}")
    axs[0].set_ylabel("goodput (Mb/s)")
    axs[0].set_title("one session's goodput", fontsize=10)
    mu, err = spread([res.values("meanRttMs", scheme=s) for s in schemes])
    axs[1].bar(range(len(schemes)), mu, 0.5, yerr=err, capsize=3, color="#dd8452",
               edgecolor="black")
    axs[1].set_ylabel("TCP RTT (ms)")
    axs[1].set_title("mean RTT", fontsize=10)
    for ax in axs:
        ax.set_xticks(range(len(schemes)))
        ax.set_xticklabels([names[s] for s in schemes], fontsize=8)
        ax.grid(axis="y", alpha=0.3)
    axs[0].set_ylim(0, 1.15 * c)
    axs[0].legend(fontsize=7, loc="lower right")
    fig.suptitle("SANDIA-1: one session, AN2 credits vs simple cell drop", fontsize=11)
    return fig


@fam.figure
def buf_figure(res, plt, t):
    pub = {row["scheme"]: row for row in t.family.table("schemes")["rows"]}
    style = {"simple": ("s--", "#c44e52"), "drop-tail": ("^-.", "#dd8452"),
             "drop-whole": ("o-", "#3b75af")}
    fig, axs = plt.subplots(1, 3, figsize=(15, 3.8))
    for s in BUF_SCHEMES:
        vs = _vs(res, s)
        if not vs:
            continue
        fmt, color = style[s]
        errorbars(axs[0], vs, [per_session(res, scheme=s, v=v) for v in vs], fmt, color=color,
                  capsize=3, label=s)
        axs[0].plot([256], [pub[s]["throughput"]], marker=fmt[0], color=color, mfc="none",
                    ms=9, ls="none", label=f"{s} published (SANDIA-SEL, 256)")
        errorbars(axs[1], vs, [[100 * r["cellLossRatio"] for r in res.get(scheme=s, v=v)]
                               for v in vs], fmt, color=color, capsize=3, label=s)
        errorbars(axs[2], vs, [res.values("retransmissionPercent", scheme=s, v=v) for v in vs],
                  fmt, color=color, capsize=3, label=s)
    first = res.first()
    if first:
        axs[0].axhline(first["maxGoodputMbps"] / 6, color="k", ls=":", label="C/6")
    for ax, ylabel in zip(axs, ("throughput per session (Mb/s)", "cell loss (%)",
                                "TCP retransmissions (%)")):
        ax.axvline(WINDOW_CELLS, color="grey", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xticks(BUF_SIZES)
        ax.set_xticklabels([str(v) for v in BUF_SIZES], fontsize=8)
        ax.minorticks_off()
        ax.set_xlabel(f"per-VC buffer V (cells; {WINDOW_CELLS} = one 64 KB window)")
        ax.set_ylabel(ylabel)
        ax.grid(alpha=0.3)
    axs[0].legend(fontsize=7)
    fig.suptitle("SANDIA-BUF: 6 sessions, per-VC buffer sweep", fontsize=11)
    return fig
