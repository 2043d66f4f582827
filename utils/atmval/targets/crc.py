# SPDX-License-Identifier: GPL-2.0-only
"""CRC: L. Lamont, I. Miloucheva, W. Stering, "Transport Flow Control and Connection Admission
Policies for Reliable Applications [over ATM WAN]", CRC Report No. 96-007, Communications
Research Centre, Ottawa, 1996. xtcp over the Berlin-Ottawa 10 Mb/s CBR PVC against the window
(Figs 12-14, atm-cbr-window): CRC gives no reference values for this experiment, the runs are
compared with W per round trip. SPIMS request/response over the same PVC (Table 11, Figs 18/19,
atm-spims). Tolerances and checks: data/crc.toml; write-ups: doc/validation/crc.rst."""

from statistics import mean

from ..core import Family, Run
from .physics import window_prediction

fam = Family("crc")

WINDOWS = [4096, 8192, 16384, 32768, 49152, 51200]
CONV = {"line": "10Mbps", "payload": "10Mbps@payload"}
MSS = 9188 - 40
RTT_S = 0.1


def options(w, conv):
    o = {"pcr": CONV[conv], "trunkRate": "DS3", "accessRate": "OC3c", "rtt": "100ms",
         "mtu": 9188, "window": w, "tsdu": 9000, "source": "crc", "shaping": "true",
         "cdvt": "100us", "duration": "30s", "warmup": "5s"}
    if w < MSS:
        # A BSD sender with a window below one segment sends window-sized segments.
        o["mss"] = w
    if min(w, MSS) >= w / 2:
        # BSD's receiver acknowledges at once when reading opens the window by half the
        # buffer, i.e. every segment here; ns-3 has no such rule, so no delayed ACKs.
        o["delayedAck"] = 0
    return o


@fam.runs
def window_runs(t):
    return [Run({"conv": conv, "window": w}, options(w, conv)) for conv in CONV
            for w in WINDOWS]


def _ws(res, conv):
    return [w for w in WINDOWS if res.has(conv=conv, window=w)]


@fam.check
def non_decreasing(res, spec):
    rows = []
    for conv in CONV:
        ws = _ws(res, conv)
        if ws:
            g = [res.mean("goodputMbps", conv=conv, window=w) for w in ws]
            rows.append(spec.row(f"{conv}: throughput non-decreasing in the window", "(physics)",
                                 g, spec.tol.non_decreasing(g), "Mb/s"))
    return rows


@fam.check
def window_limited(res, spec):
    rows = []
    for conv in CONV:
        ws = _ws(res, conv)
        if ws:
            g = [res.mean("goodputMbps", conv=conv, window=w) for w in ws]
            c = res.get(conv=conv, window=ws[0])[0]["maxGoodputMbps"]
            rows.append(spec.row(f"{conv}: window-limited at every window (below C = {c:.2f})",
                                 "all windows give W/RTT below the PVC rate", [x / c for x in g],
                                 max(g) < c, "× C"))
    return rows


@fam.check
def window_physics(res, spec):
    rows = []
    for conv in CONV:
        for w in _ws(res, conv):
            ms = res.get(conv=conv, window=w)
            pred = mean(window_prediction(r) for r in ms)
            g = res.values("goodputMbps", conv=conv, window=w)
            rows.append(spec.row(f"{conv} W = {w} B: vs n = floor(W/MSS) whole segments per RTT (physics; W/RTT = "
                                 f"{w * 8 / RTT_S / 1e6:.2f})", f"{pred:.3f}", g,
                                 spec.tol.ok(mean(g), pred), "Mb/s"))
    return rows


@fam.check
def conventions_equal(res, spec):
    pairs = [w for w in WINDOWS if res.has(conv="line", window=w)
             and res.has(conv="payload", window=w)]
    if not pairs:
        return []
    d = [res.mean("goodputMbps", conv="payload", window=w)
         / res.mean("goodputMbps", conv="line", window=w) - 1 for w in pairs
         if res.mean("goodputMbps", conv="line", window=w) > 0]
    return [spec.row("line vs payload convention (window-limited: the same)", "≈ equal", d,
                     spec.tol.all_ok(d, 0.0), "rel.")]


@fam.figure
def window_figure(res, plt, t):
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    for conv, style in (("line", "o-"), ("payload", "s--")):
        ws = _ws(res, conv)
        if ws:
            ax.plot([w / 1024 for w in ws],
                    [res.mean("goodputMbps", conv=conv, window=w) for w in ws], style,
                    label=f"simulated, 10 Mb/s {conv} convention")
            ax.plot([w / 1024 for w in ws],
                    [mean(window_prediction(r) for r in res.get(conv=conv, window=w))
                     for w in ws],
                    "x:", label=f"n = ⌊W/MSS⌋ segments per RTT, physics ({conv})")
    xs = [x / 1024 for x in range(2048, 53248, 1024)]
    ax.plot(xs, [x * 1024 * 8 / RTT_S / 1e6 for x in xs], "k:", label="W/RTT")
    ax.set_xlabel("window (KB)")
    ax.set_ylabel("TCP throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CRC-WAN-WINDOW: 10 Mb/s CBR PVC, RTT 100 ms, MTU 9188, SunOS-like TCP",
                 fontsize=10)
    return fig


# ---- CRC-RR --------------------------------------------------------------------------------


def rr_options(request, table):
    """One row of Table 11: atm-spims's defaults are the report's WAN PVC (10 Mb/s CBR shaped
    and policed, T3, RTT 100 ms, MTU 9188, SunOS TCP) and its rr parameters."""
    return {"requestBytes": request, "responseBytes": 1024,
            "transactions": table["transactions"], "window": table["window"]}


@fam.runs
def rr_runs(t):
    table = t.family.table("rr_wan")
    return [Run({"request": row[0]}, rr_options(row[0], table)) for row in table["rows"]]


def _rr_ms(res, request):
    """Each seed's mean transaction time (ms) of one request size."""
    return res.values("transactionTimeMs", request=request)


@fam.check
def rr_small(res, spec):
    """Single-segment requests: the mean transaction time against one round trip."""
    rtt = spec.table("rr_wan")["rtt_ms"]
    rows = []
    for size in spec["sizes"]:
        x = _rr_ms(res, size)
        if x:
            rows.append(spec.row(f"request {size} B: mean transaction time", f"≈ RTT = {rtt}",
                                 x, spec.tol.all_ok(x, rtt), "ms"))
    return rows


def _slope_ms_per_window(points, window):
    """Least-squares slope of (request bytes, ms) times the window."""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    return sxy / sxx * window


@fam.check
def rr_slope(res, spec):
    """Requests of at least ``from`` bytes: the growth of the transaction time per window of
    request, simulated and published (a least-squares line through the rows), against one
    round trip."""
    table = spec.table("rr_wan")
    rtt, window, count = table["rtt_ms"], table["window"], table["transactions"]
    rows_in = [r for r in table["rows"] if r[0] >= spec["from"]]
    sim = [(r[0], mean(_rr_ms(res, r[0]))) for r in rows_in if _rr_ms(res, r[0])]
    if len(sim) < 2:
        return []
    published = _slope_ms_per_window([(r[0], r[2] / count * 1e3) for r in rows_in], window)
    s = _slope_ms_per_window(sim, window)
    return [spec.row(f"requests ≥ {spec['from']} B: transaction time added per {window} B of "
                     "request", f"≈ 1 RTT = {rtt} (the table's rows: {published:.0f})",
                     [s], spec.tol.ok(s, rtt), "ms")]


@fam.check
def rr_rows(res, spec):
    """Each row of Table 11: the time of the 50 transactions."""
    table = spec.table("rr_wan")
    rows = []
    for request, _, seconds in table["rows"]:
        x = [v * table["transactions"] / 1e3 for v in _rr_ms(res, request)]
        if x:
            rows.append(spec.row(f"request {request} B: time of {table['transactions']} "
                                 "transactions", f"{seconds:g}", x, spec.tol.all_ok(x, seconds),
                                 "s"))
    return rows


@fam.figure
def rr_figure(res, plt, t):
    table = t.family.table("rr_wan")
    count = table["transactions"]
    sizes = [r[0] for r in table["rows"]]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([s / 1000 for s in sizes], [r[2] for r in table["rows"]], "o--", mfc="none",
            color="#c44e52", label="published (CRC Table 11)")
    pts = [(s, mean(_rr_ms(res, s)) * count / 1e3) for s in sizes if _rr_ms(res, s)]
    ax.plot([p[0] / 1000 for p in pts], [p[1] for p in pts], "s-", color="#3b75af",
            label="simulated")
    rtt_s = table["rtt_ms"] / 1e3
    ax.plot([0, sizes[-1] / 1000], [count * rtt_s, count * rtt_s * (1 + sizes[-1] / table["window"])],
            "k:", label="1 RTT per transaction + 1 RTT per window (physics)")
    ax.set_xlabel("request size (KB = 1000 bytes)")
    ax.set_ylabel(f"time of {count} transactions (s)")
    ax.set_title("CRC-RR: request/response over the 10 Mb/s WAN PVC, 32 KB windows",
                 fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return fig
