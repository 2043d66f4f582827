# SPDX-License-Identifier: GPL-2.0-only
"""CRC: L. Lamont, I. Miloucheva, W. Stering, "Transport Flow Control and Connection Admission
Policies for Reliable Applications [over ATM WAN]", CRC Report No. 96-007, Communications
Research Centre, Ottawa, 1996. xtcp over the Berlin-Ottawa 10 Mb/s CBR PVC and the CRC LAN
against the window and the write size (Figs 12-17, atm-cbr-window): CRC gives no reference
values for these experiments, the runs are compared with W per round trip. SPIMS request/response over the same PVC (Table 11, Figs 18/19,
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


# ---- CRC-LAN-WINDOW and the write-size sweeps (Figs 12-17) ------------------------------------

# The CRC LAN: two SparcStations through the Newbridge switch on a 155 Mb/s CBR PVC (the whole
# OC-3c link here), RTT 2 ms (Fig 25's), MTU 9180.
LAN_WINDOWS = [4096, 8192, 16384, 32768, 51200]


def lan_options(w, tsdu=9000):
    o = options(w, "line")
    o.update({"pcr": "OC3c", "trunkRate": "OC3c", "rtt": "2ms", "mtu": 9180, "tsdu": tsdu,
              "duration": "10s", "warmup": "2s"})
    if w < 9180 - 40:
        o["mss"] = w
    return o


@fam.runs
def lan_window_runs(t):
    return [Run({"window": w}, lan_options(w)) for w in LAN_WINDOWS]


def _lws(res):
    return [w for w in LAN_WINDOWS if res.has(window=w)]


@fam.check
def lan_bound(res, spec):
    ws = _lws(res)
    if not ws:
        return []
    x = [res.mean("goodputMbps", window=w)
         / min(res.first(window=w)["windowLimitMbps"], res.first(window=w)["maxGoodputMbps"])
         for w in ws]
    return [spec.row("LAN: never above min(W/RTT, C)", "(physics bound)", x, spec.tol.all_ok(x),
                     "× bound")]


@fam.check
def lan_physics(res, spec):
    rows = []
    for w in _lws(res):
        pred = mean(window_prediction(r) for r in res.get(window=w))
        rows.append(spec.row(f"LAN W = {w} B: vs n = floor(W/MSS) whole segments per RTT "
                             "(physics)", f"{pred:.1f}", res.values("goodputMbps", window=w),
                             spec.tol.ok(res.mean("goodputMbps", window=w), pred), "Mb/s"))
    return rows


@fam.figure
def lan_window_figure(res, plt, t):
    ws = _lws(res)
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    ax.plot([w / 1024 for w in ws], [res.mean("goodputMbps", window=w) for w in ws], "o-",
            label="simulated")
    ax.plot([w / 1024 for w in ws], [mean(window_prediction(r) for r in res.get(window=w))
                                     for w in ws], "x:", label="n = ⌊W/MSS⌋ segments per RTT")
    if ws:
        r0 = res.first(window=ws[0])
        xs = [x / 1024 for x in range(2048, 53248, 1024)]
        ax.plot(xs, [min(x * 1024 * 8 / (r0["rttMs"] / 1e3) / 1e6, r0["maxGoodputMbps"])
                     for x in xs], "k:", lw=1, label="min(W/RTT, C)")
    ax.set_xlabel("window (KB)")
    ax.set_ylabel("TCP throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CRC-LAN-WINDOW: 155 Mb/s CBR PVC, RTT 2 ms, MTU 9180, SunOS-like TCP",
                 fontsize=10)
    return fig


# The write (TSDU) sizes of Figs 12/13 (WAN) and a spread of Figs 15-17's 56 LAN sizes, among
# them 5125 and 33797 = k x 4096 + 1029, where the SunOS hosts showed sharp dips.
WAN_TSDUS = [50, 100, 200, 500, 900, 1024, 2048, 4096, 9000, 16384, 32768, 65536, 80000]
LAN_TSDUS = [1000, 5125, 8192, 9000, 16384, 33797, 65536, 131072, 218177]
TSDU_WINDOWS = [8192, 32768]


@fam.runs
def tsdu_runs(t):
    runs = []
    for w in TSDU_WINDOWS:
        for m in WAN_TSDUS:
            o = options(w, "line")
            o["tsdu"] = m
            runs.append(Run({"path": "WAN", "window": w, "tsdu": m}, o))
        for m in LAN_TSDUS:
            runs.append(Run({"path": "LAN", "window": w, "tsdu": m}, lan_options(w, m)))
    return runs


@fam.check
def tsdu_flat(res, spec):
    rows = []
    for path in ("WAN", "LAN"):
        for w in spec["windows"]:
            sel = [(p["tsdu"], ms) for p, ms in res.select(path=path, window=w)]
            if sel:
                g = [mean(r["goodputMbps"] for r in ms) for _, ms in sel]
                avg = mean(g)
                rows.append(spec.row(f"{path} W = {w} B: goodput / its mean over the write sizes "
                                     f"{sel[0][0]} ... {sel[-1][0]} B",
                                     spec["published"],
                                     [x / avg for x in g],
                                     spec.tol.all_ok([x / avg for x in g], 1.0), "×"))
    return rows


@fam.figure
def tsdu_figure(res, plt, t):
    fig, axs = plt.subplots(1, 2, figsize=(12, 4))
    for ax, path in zip(axs, ("WAN", "LAN")):
        for w, style in zip(TSDU_WINDOWS, ("o-", "s-")):
            sel = [(p["tsdu"], ms) for p, ms in res.select(path=path, window=w)]
            if sel:
                ax.plot([m for m, _ in sel], [mean(r["goodputMbps"] for r in ms) for _, ms in sel],
                        style, label=f"window {w // 1024} KB")
        ax.set_xscale("log")
        ax.set_ylim(bottom=0)
        ax.set_xlabel("write size TSDU (bytes)")
        ax.set_ylabel("TCP throughput (Mb/s)")
        ax.set_title(f"{path}", fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("CRC-TSDU: throughput against the write size (Figs 12-17)", fontsize=11)
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


# ---- CRC-BUNDLE and CRC-BUNDLE-BIDIR (section 5, Figs 20-25): connections on one PVC ----------

BUNDLE_N = [1, 2, 5, 10, 20]
INTENSIVE_N = [1, 5, 20]
BUNDLE_COUNT = 50  # messages per connection; the report ran 250 (the shapes are steady-state)
BIDIR_N = [2, 6, 12, 20]


@fam.runs
def bundle_runs(t):
    return ([Run({"mix": "homogeneous", "n": n},
                 {"connections": n, "mix": "homogeneous", "count": BUNDLE_COUNT})
             for n in BUNDLE_N] +
            [Run({"mix": "intensive", "n": n},
                 {"connections": n, "mix": "intensive", "count": BUNDLE_COUNT})
             for n in INTENSIVE_N])


def _per_conn(res, mix, n):
    """Mean over seeds of the mean per-connection GET throughput (KB/s)."""
    return mean(mean(m["getKBps"]) for m in res.get(mix=mix, n=n))


def _pvc_kbps(m):
    """The PVC's payload rate in KB/s (48 bytes per cell): the physical bound of the aggregate."""
    return m["pcrCellsPerSecond"] * 48 / 1000


def _saturated(res):
    """The homogeneous Ns whose offered load N x (the N = 1 throughput) exceeds the PVC."""
    one = _per_conn(res, "homogeneous", 1)
    m = res.first(mix="homogeneous", n=1)
    return [n for n in BUNDLE_N if res.has(mix="homogeneous", n=n) and n * one > _pvc_kbps(m)]


@fam.check
def bundle_two_alike(res, spec):
    if not (res.has(mix="homogeneous", n=1) and res.has(mix="homogeneous", n=2)):
        return []
    one = _per_conn(res, "homogeneous", 1)
    two = _per_conn(res, "homogeneous", 2)
    return [spec.row(f"homogeneous N=2: per-connection KB/s (N=1: {one:.1f})",
                     "≈ the single-connection value", [two], spec.tol.ok(two, one))]


@fam.check
def bundle_conserved(res, spec):
    ns = _saturated(res)
    if len(ns) < 2:
        return []
    agg = [mean(res.values("aggregateKBps", mix="homogeneous", n=n)) for n in ns]
    ratio = max(agg) / min(agg)
    return [spec.row(f"homogeneous, saturated N = {', '.join(map(str, ns))}: aggregate max / min "
                     f"({', '.join(f'{a:.0f}' for a in agg)} KB/s)",
                     "aggregate conserved", [ratio], spec.tol.ok(ratio))]


@fam.check
def bundle_inverse_n(res, spec):
    rows = []
    for n in _saturated(res):
        share = [min(m["getKBps"]) / (m["aggregateKBps"] / n) for m in res.get(mix="homogeneous", n=n)]
        share += [max(m["getKBps"]) / (m["aggregateKBps"] / n)
                  for m in res.get(mix="homogeneous", n=n)]
        rows.append(spec.row(f"homogeneous N={n}: each connection / (aggregate / N), min and max",
                             "≈ 1/N each, all alike", share, spec.tol.all_ok(share, 1.0)))
    return rows


@fam.check
def bundle_pvc_bound(res, spec):
    xs = [m["aggregateKBps"] / _pvc_kbps(m) for mix, n in
          [("homogeneous", n) for n in BUNDLE_N] + [("intensive", n) for n in INTENSIVE_N]
          if res.has(mix=mix, n=n) for m in res.get(mix=mix, n=n)]
    if not xs:
        return []
    return [spec.row("aggregate / PVC payload rate (PCR x 48 bytes), every run", "≤ 1 (physics)",
                     xs, spec.tol.all_ok(xs))]


@fam.check
def bundle_intensive_slower(res, spec):
    top = max([n for n in INTENSIVE_N if res.has(mix="intensive", n=n) and
               res.has(mix="homogeneous", n=n)], default=None)
    if top is None or top == 1:
        return []
    homo = _per_conn(res, "homogeneous", top) / _per_conn(res, "homogeneous", 1)
    first = (mean(m["firstKBps"] for m in res.get(mix="intensive", n=top)) /
             mean(m["firstKBps"] for m in res.get(mix="intensive", n=1)))
    return [spec.row(f"N={top} / N=1: the intensive connection among low-intensity ones vs a "
                     "homogeneous connection", "falls much more slowly", [first, homo],
                     first > 2 * homo)]


@fam.figure
def bundle_figure(res, plt, t):
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    ns = [n for n in BUNDLE_N if res.has(mix="homogeneous", n=n)]
    if not ns:
        return None
    ax.plot(ns, [_per_conn(res, "homogeneous", n) for n in ns], "o-",
            label="homogeneous: per connection")
    ax.plot(ns, [mean(res.values("aggregateKBps", mix="homogeneous", n=n)) for n in ns], "s--",
            label="homogeneous: aggregate")
    ins = [n for n in INTENSIVE_N if res.has(mix="intensive", n=n)]
    ax.plot(ins, [mean(m["firstKBps"] for m in res.get(mix="intensive", n=n)) for n in ins],
            "^-", label="the intensive one among low-intensity connections")
    m = res.first(mix="homogeneous", n=ns[0])
    ax.axhline(_pvc_kbps(m), color="gray", lw=1, label="PVC payload rate (physics)")
    ax.set_xlabel("connections on the PVC (N)")
    ax.set_ylabel("throughput (KB/s, KB = 1000 bytes)")
    ax.set_xscale("log")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CRC-BUNDLE WAN: bulk_get 70000 x 50 per connection, 32 KB windows, RTT 100 ms",
                 fontsize=10)
    return fig


@fam.runs
def bidir_runs(t):
    return [Run({"mix": mix, "n": n}, {"connections": n, "mix": mix, "count": BUNDLE_COUNT})
            for mix in ("bidir", "bidir-small") for n in BIDIR_N]


def _get(res, mix, n):
    return mean(mean(m["getKBps"]) for m in res.get(mix=mix, n=n))


@fam.check
def bidir_get_falls(res, spec):
    rows = []
    for mix in ("bidir", "bidir-small"):
        ns = [n for n in BIDIR_N if res.has(mix=mix, n=n)]
        g = [_get(res, mix, n) for n in ns]
        if len(g) >= 2:
            rows.append(spec.row(f"{mix}: GET KB/s per connection at N = {', '.join(map(str, ns))}",
                                 "falls as pairs are added", [round(x, 1) for x in g],
                                 all(b <= (1 + spec.tol.slack) * a for a, b in zip(g, g[1:]))))
    return rows


@fam.check
def bidir_big_puts_lower(res, spec):
    ns = [n for n in BIDIR_N if res.has(mix="bidir", n=n) and res.has(mix="bidir-small", n=n)]
    if not ns:
        return []
    big = [_get(res, "bidir", n) for n in ns]
    small = [_get(res, "bidir-small", n) for n in ns]
    return [spec.row(f"GET KB/s with 70 KB PUTs / with small PUTs, N = {', '.join(map(str, ns))}",
                     "< 1 (faster decline with 70 KB PUTs)",
                     [round(b / s, 3) for b, s in zip(big, small)],
                     all(b < s for b, s in zip(big[1:], small[1:])))]


@fam.figure
def bidir_figure(res, plt, t):
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    for mix, style, put_style in (("bidir", "o-", "o:"), ("bidir-small", "s--", "s:")):
        ns = [n for n in BIDIR_N if res.has(mix=mix, n=n)]
        if ns:
            ax.plot(ns, [_get(res, mix, n) for n in ns], style,
                    label=f"{mix}: GET per connection")
            ax.plot(ns, [mean(mean(m["putKBps"]) for m in res.get(mix=mix, n=n)) for n in ns],
                    put_style, label=f"{mix}: PUT per connection")
    ax.set_xlabel("connections (GET + PUT pairs)")
    ax.set_ylabel("throughput (KB/s, KB = 1000 bytes)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CRC-BUNDLE-BIDIR WAN: bulk_get 70000 x 50 + bulk_put per pair", fontsize=10)
    return fig


# ---- CRC-RR-BULK (section 5, Figs 26/27, Table 19): rr beside bulk flows on the PVC -----------

RR_BULK_N = [0, 1, 2, 3, 4, 5]
RR_BULK_TRANSACTIONS = 20  # per run; the report ran 50 (the mean is steady after a few)


@fam.runs
def rr_bulk_runs(t):
    return [Run({"bulk": n}, {"connections": n + 1, "mix": "rr-bulk", "window": 51200,
                              "count": RR_BULK_TRANSACTIONS}) for n in RR_BULK_N]


def _rr_bulk_ms(res):
    ns = [n for n in RR_BULK_N if res.has(bulk=n)]
    return ns, [mean(res.values("firstTransactionMs", bulk=n)) for n in ns]


@fam.check
def rr_bulk_monotone(res, spec):
    ns, ms = _rr_bulk_ms(res)
    if len(ns) < 2:
        return []
    return [spec.row(f"rr transaction time (ms) with {', '.join(map(str, ns))} bulk flows",
                     "grows with the bulk flows", [round(x, 1) for x in ms],
                     spec.tol.non_decreasing(ms))]


@fam.check
def rr_bulk_ratio(res, spec):
    if not (res.has(bulk=0) and res.has(bulk=5)):
        return []
    ratio = mean(res.values("firstTransactionMs", bulk=5)) / mean(
        res.values("firstTransactionMs", bulk=0))
    return [spec.row("T(5 bulk flows) / T(0)", spec["published"], [ratio], spec.tol.ok(ratio))]


@fam.check
def rr_bulk_slope(res, spec):
    ns, ms = _rr_bulk_ms(res)
    if len(ns) < 2:
        return []
    # least-squares slope of T against N
    mn, mt = mean(ns), mean(ms)
    slope = sum((n - mn) * (t - mt) for n, t in zip(ns, ms)) / sum((n - mn) ** 2 for n in ns)
    return [spec.row("added transaction time per bulk flow (ms, least squares)", spec["published"],
                     [slope], spec.tol.ok(slope, 80.0))]


@fam.figure
def rr_bulk_figure(res, plt, t):
    ns, ms = _rr_bulk_ms(res)
    if not ns:
        return None
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    ax.plot(ns, ms, "o-", label="simulated")
    if 0 in ns:
        ax.plot(ns, [ms[0] + 80 * n for n in ns], "k:", label="T(0) + 80 ms per flow (CRC)")
        ax.plot([5], [1.91 * ms[0]], "x", color="C3", ms=10, label="1.91 x T(0) at N = 5 (Table 19)")
    ax.set_xlabel("bulk flows beside the request/response connection")
    ax.set_ylabel("transaction time (ms)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CRC-RR-BULK WAN: 70 KB requests, 1 KB responses, 50 KB windows", fontsize=10)
    return fig
