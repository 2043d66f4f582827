# SPDX-License-Identifier: GPL-2.0-only
"""TEN34 UDP and policing: TEN-34 project, Deliverable D11.3 "Results of Phase 1 Test
Programme" (1997), Fig. 10 (a host VC whose PCR is slightly above the VP allocation), Fig. 11
(UDP datagram sizes 1 ... 9152 bytes for several VC PCRs) and section 5.2 (UBR VCs at line rate
into a policed 2 Mb/s CBR VP, unshaped or shaped per VP): atm-udp, and atm-vp-split for TCP.

TEN34 gives trends and one number (about 120 bytes); the checks are those trends and the cell
physics (a burst through an idle GCRA, PCR x payload per cell). Tolerances and checks:
data/ten34_udp.toml; write-ups: doc/validation/ten34-udp.rst."""

import math
from statistics import mean

from ..core import Family, Run

fam = Family("ten34_udp")

MTU = 9180
LARGEST = 9152  # the largest unfragmented UDP payload at MTU 9180 (TEN34 Fig. 11)


def cells_per_datagram(size, mtu=MTU):
    """Cells of one UDP datagram with LLC/SNAP: ceil((S + 8 + 20 + 8 + 8) / 48) up to the MTU
    (AtmUdpStreamSender::GetCellsPerDatagram; fragments beyond)."""
    data = size + 8
    if data + 20 <= mtu:
        return math.ceil((data + 36) / 48)
    per = (mtu - 20) // 8 * 8
    total = 0
    while data > 0:
        piece = min(per, data)
        total += math.ceil((piece + 36) / 48)
        data -= piece
    return total


def burst_cells(vp_cells, cdvt_us, delta_us):
    """N = 1 + floor(tau / (T - delta)): the longest burst of cells spaced delta that an idle
    GCRA(T = 1 / VP rate, tau = CDVT) accepts (None: every burst conforms)."""
    t = 1e6 / vp_cells
    if delta_us >= t:
        return None
    return 1 + math.floor(cdvt_us / (t - delta_us) + 1e-12)


# ---- TEN34-UBR-VP (section 5.2) ----------------------------------------------------------------

UBR_VP_CELLS = 2e6 / 384  # "2 Mb/s" (payload convention): 5208.3 cells/s, T = 192 us
E3_CELL_US = 12.5  # the trunk into the policer: the burst's spacing there
UBR_CDVT_US = {"quick": [400, 5000], "full": [400, 5000, 40000]}


def ubr_sizes(cdvt_us):
    """Datagram sizes around the predicted limit (both sides of it, to the byte) and a sweep up
    to 9152 bytes: 48 n - 44 is the largest datagram of n cells (IP 48 n - 16)."""
    n = burst_cells(UBR_VP_CELLS, cdvt_us, E3_CELL_US)
    counts = {1, 2, 4, 16, 64, 192}
    if n is not None:
        counts |= {c for c in (n - 1, n, n + 1) if c >= 1}
    sizes = {min(48 * c - 44, LARGEST) for c in counts if c >= 1}
    sizes.discard(0)
    if n is not None and 48 * n - 43 <= LARGEST:
        sizes.add(48 * n - 43)  # one byte above the limit: one cell more
    return sorted(s for s in sizes if s >= 1)


@fam.runs
def ubr_runs(t):
    runs = []
    for cdvt in UBR_CDVT_US["full"]:
        sets = ("quick", "full") if cdvt in UBR_CDVT_US["quick"] else ("full",)
        for shaped in (False, True):
            for size in ubr_sizes(cdvt):
                p = {"cdvt": cdvt, "shaped": shaped, "size": size}
                o = {"vpRate": "2Mbps@payload", "cdvt": f"{cdvt}us", "contract": "ubr",
                     "vpShaping": "true" if shaped else "false", "size": size,
                     "interval": "50ms", "datagrams": 20, "duration": "2s"}
                runs.append(Run(p, o, sets,
                                f"CDVT {cdvt} us {'shaped' if shaped else 'unshaped'} "
                                f"S={size}"))
    return runs


def _loss_free(r):
    return r["upcDiscarded"] == 0 and r["datagramsReceived"] == r["datagramsSent"] > 0


def _ubr_sweep(res, cdvt, shaped):
    """[(size, loss-free on every seed, first run)] in size order."""
    out = []
    for p, ms in res.select(cdvt=cdvt, shaped=shaped):
        out.append((p["size"], all(_loss_free(r) for r in ms), ms[0]))
    return sorted(out, key=lambda x: x[0])


def _largest_loss_free(sweep):
    """The largest tested datagram below which every tested size was loss-free, and the
    smallest lossy one (None if none)."""
    largest, lossy = None, None
    for size, ok, _ in sweep:
        if not ok:
            lossy = size
            break
        largest = size
    return largest, lossy


def _cdvts(res):
    return sorted({p["cdvt"] for p, _ in res.select()})


@fam.check
def ubr_largest_exact(res, spec):
    rows = []
    for cdvt in _cdvts(res):
        sweep = _ubr_sweep(res, cdvt, False)
        if not sweep:
            continue
        r0 = sweep[0][2]
        pred_ip = r0["largestLossFreeIpBytes"]
        largest, lossy = _largest_loss_free(sweep)
        if pred_ip < 0 or pred_ip - 28 >= LARGEST:
            ok = lossy is None
            rows.append(spec.row(f"CDVT {cdvt} us, unshaped: largest loss-free IP packet "
                                 f"(every burst up to {LARGEST + 28} B conforms)",
                                 f"> {LARGEST + 28} (physics)",
                                 [largest + 28 if largest else 0], ok, "bytes"))
            continue
        measured = largest + 28 if largest else 0
        first_lossy = lossy + 28 if lossy else None
        ok = measured == pred_ip and first_lossy == pred_ip + 1
        rows.append(spec.row(f"CDVT {cdvt} us, unshaped: largest loss-free IP packet "
                             f"(N = {r0['burstCells']} cells; the next byte is lost)",
                             f"48 N - 16 = {pred_ip} (physics)", [measured], ok, "bytes"))
    return rows


@fam.check
def ubr_lossy_above(res, spec):
    """Above the limit every burst loses at least one cell, so every datagram is lost."""
    rows = []
    for cdvt in _cdvts(res):
        sweep = _ubr_sweep(res, cdvt, False)
        if not sweep:
            continue
        pred_ip = sweep[0][2]["largestLossFreeIpBytes"]
        above = [r["datagramLoss"] for size, _, r in sweep if 0 <= pred_ip < size + 28]
        if not above:
            continue
        rows.append(spec.row(f"CDVT {cdvt} us, unshaped: datagram loss above the limit",
                             "1 (every burst loses a cell; physics)", above,
                             spec.tol.all_ok(above)))
    return rows


@fam.check
def ubr_shaped_lossless(res, spec):
    rows = []
    for cdvt in _cdvts(res):
        sweep = _ubr_sweep(res, cdvt, True)
        if not sweep:
            continue
        lost = [r["upcDiscarded"] + r["datagramsSent"] - r["datagramsReceived"]
                for _, _, r in sweep]
        rows.append(spec.row(f"CDVT {cdvt} us, shaped per VP at s0: cells policed + datagrams "
                             f"lost, sizes {sweep[0][0]} ... {sweep[-1][0]}",
                             "0: the limit disappears", lost, spec.tol.all_ok(lost)))
    return rows


@fam.check
def ubr_published_limit(res, spec):
    cdvt = spec["cdvt"]
    sweep = _ubr_sweep(res, cdvt, False)
    if not sweep:
        return []
    largest, _ = _largest_loss_free(sweep)
    measured = largest + 28 if largest else 0
    return [spec.row(f"the tight link (CDVT {cdvt} us): largest loss-free IP packet",
                     spec["published"], [measured], spec.tol.ok(measured), "bytes")]


@fam.figure
def ubr_figure(res, plt, t):
    cdvts = _cdvts(res)
    if not cdvts:
        return None
    fig, ax = plt.subplots(1, 1, figsize=(8, 4.2))
    for k, cdvt in enumerate(cdvts):
        for shaped, style in ((False, "o-"), (True, "s--")):
            sweep = _ubr_sweep(res, cdvt, shaped)
            if not sweep:
                continue
            ax.plot([s + 28 for s, _, _ in sweep], [r["datagramLoss"] for _, _, r in sweep],
                    style, color=f"C{k}",
                    label=f"CDVT {cdvt} us, {'shaped per VP' if shaped else 'unshaped'}")
        pred = _ubr_sweep(res, cdvt, False)
        if pred and pred[0][2]["largestLossFreeIpBytes"] > 0:
            ax.axvline(pred[0][2]["largestLossFreeIpBytes"], color=f"C{k}", ls=":", lw=1)
    ax.axvline(120, color="k", ls="-.", lw=1, label="TEN34: ≈ 120 bytes (tight link)")
    ax.set_xscale("log")
    ax.set_xlabel("IP packet size (bytes)")
    ax.set_ylabel("datagram loss")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("TEN34-UBR-VP: UBR at line rate into a 2 Mb/s VP, E3 trunk; dotted: "
                 "48 N − 16 (physics)", fontsize=10)
    return fig


# ---- TEN34-UDP (Fig. 11) ------------------------------------------------------------------------

UDP_VP = 36000
UDP_PCRS = {"quick": [12000, 24000, 36000], "full": [6000, 12000, 18000, 24000, 30000, 36000]}
UDP_SIZES = [1, 16, 64, 256, 1024, 4096, 9152]


def udp_options(pcr, size, duration="3s", warmup="0.5s"):
    return {"vpRate": UDP_VP, "cdvt": "100us", "contract": "cbr", "pcr": pcr, "size": size,
            "duration": duration, "warmup": warmup}


@fam.runs
def udp_runs(t):
    runs = []
    for pcr in UDP_PCRS["full"]:
        sets = ("quick", "full") if pcr in UDP_PCRS["quick"] else ("full",)
        for size in UDP_SIZES:
            runs.append(Run({"pcr": pcr, "size": size}, udp_options(pcr, size), sets))
    return runs


def _pcrs(res):
    return sorted({p["pcr"] for p, _ in res.select()})


def _sizes(res, **sel):
    return sorted(p["size"] for p, _ in res.select(**sel))


@fam.check
def udp_pcr_physics(res, spec):
    rows = []
    for pcr in _pcrs(res):
        x = []
        for size in _sizes(res, pcr=pcr):
            pred = res.get(pcr=pcr, size=size)[0]["pcrGoodputMbps"]
            x += [v / pred for v in res.values("goodputReceiverMbps", pcr=pcr, size=size)]
        rows.append(spec.row(f"PCR {pcr} cells/s, sizes {UDP_SIZES[0]} ... {UDP_SIZES[-1]}: "
                             "receiver goodput / (PCR × 8 S / cells(S))", "1 (physics)",
                             [round(v, 4) for v in x], spec.tol.all_ok(x, 1.0), "×"))
    return rows


@fam.check
def udp_bound(res, spec):
    x = []
    for p, ms in res.select():
        for r in ms:
            bound = min(r["pcrCellsPerSec"], r["vpCellsPerSec"]) * 384 / 1e6
            x.append(r["goodputReceiverMbps"] / bound)
    if not x:
        return []
    return [spec.row("goodput never above min(PCR, VP) × 384 bit (every run)", "(physics bound)",
                     [round(max(x), 4)], spec.tol.all_ok(x), "× bound (max)")]


@fam.check
def udp_lossless(res, spec):
    lost = [r["upcDiscarded"] + r["datagramsSent"] - r["datagramsReceived"]
            for _, ms in res.select() for r in ms]
    if not lost:
        return []
    return [spec.row("PCR ≤ VP: cells policed + datagrams lost (every run)", "0", lost,
                     spec.tol.all_ok(lost))]


@fam.check
def udp_size_independent(res, spec):
    """Max / min goodput over the sizes from ``min_size`` on, one value per PCR."""
    ratios = []
    for pcr in _pcrs(res):
        g = [res.mean("goodputReceiverMbps", pcr=pcr, size=s)
             for s in _sizes(res, pcr=pcr) if s >= spec.get("min_size", 1)]
        if g:
            ratios.append(max(g) / min(g) if min(g) > 0 else float("inf"))
    if not ratios:
        return []
    lo = spec.get("min_size", 1)
    return [spec.row(f"max / min goodput over the sizes {lo} ... {LARGEST}, per PCR "
                     f"({', '.join(str(p) for p in _pcrs(res))} cells/s)", spec["published"],
                     [round(x, 2) for x in ratios], spec.tol.all_ok(ratios), "×")]


@fam.figure
def udp_figure(res, plt, t):
    pcrs = _pcrs(res)
    if not pcrs:
        return None
    fig, ax = plt.subplots(1, 1, figsize=(8, 4.2))
    for k, pcr in enumerate(pcrs):
        sizes = _sizes(res, pcr=pcr)
        ax.plot(sizes, [res.mean("goodputReceiverMbps", pcr=pcr, size=s) for s in sizes], "o-",
                color=f"C{k}", label=f"PCR {pcr} cells/s, receiver")
        xs = sorted(set(range(1, 9153, 37)) | set(sizes))
        ax.plot(xs, [pcr * 8 * s / cells_per_datagram(s) / 1e6 for s in xs], ":",
                color=f"C{k}", lw=0.8)
        ax.axhline(pcr * 384 / 1e6, color=f"C{k}", lw=0.5)
    ax.set_xscale("log")
    ax.set_xlabel("UDP datagram size (bytes)")
    ax.set_ylabel("UDP goodput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("TEN34-UDP: back-to-back UDP on a CBR VC shaped at its PCR (VP 36,000 "
                 "cells/s); dotted: PCR × 8 S / cells(S)", fontsize=9)
    return fig


# ---- TEN34-PCR-OVER (Fig. 10): TCP (atm-vp-split) and UDP (atm-udp) ---------------------------

OVER_B = 36000
OVER_FACTORS = {"quick": [0.95, 1.0, 1.01, 1.02, 1.05], "full": [0.9, 0.95, 0.98, 1.0, 1.005,
                                                                  1.01, 1.02, 1.05, 1.1]}
OVER_UDP_SIZES = [64, 1024, 9152]


def _pcr(f):
    return round(OVER_B * f)


@fam.runs
def over_tcp_runs(t):
    runs = []
    for f in OVER_FACTORS["full"]:
        sets = ("quick", "full") if f in OVER_FACTORS["quick"] else ("full",)
        o = {"vcPcr": _pcr(f), "k": 1, "k1": 0, "window": 262144, "shaperTolerance": "3us",
             "startJitter": "0s", "duration": "20s", "warmup": "5s"}
        runs.append(Run({"factor": f}, o, sets, f"PCR = {f:g} b"))
    return runs


def _factors(res):
    return sorted({p["factor"] for p, _ in res.select()})


@fam.check
def over_tcp_lossless(res, spec):
    fs = [f for f in _factors(res) if f <= 1.0]
    lost = [x for f in fs for x in res.values("upcDiscarded", factor=f)]
    if not lost:
        return []
    return [spec.row(f"PCR ≤ b ({', '.join(f'{f:g}' for f in fs)} b): cells discarded by the "
                     "VP policer", "0", lost, spec.tol.all_ok(lost))]


@fam.check
def over_tcp_full_rate(res, spec):
    fs = [f for f in _factors(res) if f <= 1.0]
    x = []
    for f in fs:
        c = res.get(factor=f)[0]["maxGoodputMbps"] * f  # C at the PCR
        x += [v / c for v in res.values("goodputMbps", factor=f)]
    if not x:
        return []
    return [spec.row("PCR ≤ b: TCP goodput / C(PCR)", "≈ 1 (the full rate)",
                     [round(v, 3) for v in x], spec.tol.all_ok(x), "×")]


@fam.check
def over_tcp_fall(res, spec):
    if not res.has(factor=1.0):
        return []
    at_b = res.mean("goodputMbps", factor=1.0)
    fs = [f for f in _factors(res) if f > 1.0]
    if not fs:
        return []
    x = [res.mean("goodputMbps", factor=f) / at_b for f in fs]
    drops = [min(res.values("upcDiscarded", factor=f)) for f in fs]
    ok = spec.tol.all_ok(x) and all(d > 0 for d in drops)
    return [spec.row(f"PCR above b ({', '.join(f'{f:g}' for f in fs)} b): goodput / goodput at "
                     "PCR = b, with cells discarded", "immediate decrease (Fig. 10)",
                     [round(v, 3) for v in x], ok, "×")]


def segment_threshold(r, cdvt_us=100.0):
    """The PCR factor above which not even one full segment (c cells at the PCR, from an idle
    policer) passes GCRA(1/b, tau): (c - 1)(1/b - 1/PCR) <= tau, i.e. PCR / b <=
    1 / (1 - tau b / (c - 1)); every segment is an MTU datagram, c = ceil((MTU + 16) / 48)."""
    c = math.ceil((r.get("mtu", MTU) + 16) / 48)
    return 1 / (1 - cdvt_us * 1e-6 * OVER_B / (c - 1)), c


@fam.check
def over_tcp_stall(res, spec):
    fs = _factors(res)
    if not fs:
        return []
    limit, c = segment_threshold(res.get(factor=fs[0])[0])
    above = [f for f in fs if f > limit]
    if not above:
        return []
    g = [x for f in above for x in res.values("goodputMbps", factor=f)]
    return [spec.row(f"PCR above {limit:.4f} b ({', '.join(f'{f:g}' for f in above)} b): no "
                     f"{c}-cell segment passes the idle policer, goodput", "0 (physics)", g,
                     spec.tol.all_ok(g), "Mb/s")]


@fam.figure
def over_tcp_figure(res, plt, t):
    fs = _factors(res)
    if not fs:
        return None
    fig, ax = plt.subplots(1, 1, figsize=(7, 4.2))
    ax.plot(fs, [res.mean("goodputMbps", factor=f) for f in fs], "o-", label="TCP goodput")
    c = res.get(factor=fs[0])[0]["maxGoodputMbps"]
    ax.plot([f for f in fs if f <= 1], [c * f for f in fs if f <= 1], "k:", label="C(PCR)")
    ax.axvline(1.0, color="gray", lw=1)
    ax.set_xlabel("VC PCR / VP allocation b (36,000 cells/s)")
    ax.set_ylabel("TCP goodput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("TEN34-PCR-OVER: one TCP (window 256 KB, RTT 63 ms) on a VC in a policed VP",
                 fontsize=10)
    return fig


@fam.runs
def over_udp_runs(t):
    runs = []
    for f in OVER_FACTORS["full"]:
        sets = ("quick", "full") if f in OVER_FACTORS["quick"] else ("full",)
        for size in OVER_UDP_SIZES:
            runs.append(Run({"factor": f, "size": size}, udp_options(_pcr(f), size, "3s"),
                            sets, f"PCR = {f:g} b S={size}"))
    return runs


@fam.check
def over_udp_sender(res, spec):
    x = []
    for p, ms in res.select():
        x += [r["goodputSenderMbps"] / r["pcrGoodputMbps"] for r in ms]
    if not x:
        return []
    return [spec.row("goodput at the sender / (PCR × 8 S / cells(S)), every PCR and size",
                     "cell drops do not affect it (Fig. 11)", [round(min(x), 4), round(max(x), 4)],
                     spec.tol.all_ok(x, 1.0), "× (min, max)")]


@fam.check
def over_udp_lossless(res, spec):
    lost = [r["datagramLoss"] for p, ms in res.select() if p["factor"] <= 1.0 for r in ms]
    if not lost:
        return []
    return [spec.row("PCR ≤ b: datagram loss", "0", lost, spec.tol.all_ok(lost))]


@fam.check
def over_udp_grows(res, spec):
    rows = []
    for f in [f for f in _factors(res) if f > 1.0]:
        sizes = _sizes(res, factor=f)
        loss = [res.mean("datagramLoss", factor=f, size=s) for s in sizes]
        ok = spec.tol.non_decreasing(loss) and loss[-1] > 0
        rows.append(spec.row(f"PCR = {f:g} b: datagram loss at S = "
                             f"{', '.join(str(s) for s in sizes)}", "grows with the size",
                             [round(v, 3) for v in loss], ok))
    return rows


@fam.check
def over_udp_physics(res, spec):
    """A fraction f = 1 - b / PCR of the cells is discarded in the steady state, spread out;
    each discard loses its datagram, and a discarded last cell (probability 1 / c) merges the
    rest of it with the next datagram, which is lost too: about min(1, f (c + 1))."""
    dev = []
    for p, ms in res.select():
        if p["factor"] <= 1.0:
            continue
        r = ms[0]
        frac = 1 - r["vpCellsPerSec"] / r["pcrCellsPerSec"]
        pred = min(1.0, (r["cellsPerDatagram"] + 1) * frac)
        dev.append(mean(x["datagramLoss"] for x in ms) - pred)
    if not dev:
        return []
    return [spec.row("PCR > b: datagram loss − min(1, (cells(S) + 1)(1 − b / PCR))",
                     "0 (physics)",
                     [round(v, 3) for v in dev], spec.tol.all_ok(dev, 0.0))]


@fam.figure
def over_udp_figure(res, plt, t):
    fs = _factors(res)
    if not fs:
        return None
    fig, axs = plt.subplots(1, 2, figsize=(12, 4))
    for k, size in enumerate(OVER_UDP_SIZES):
        pts = [f for f in fs if res.has(factor=f, size=size)]
        if not pts:
            continue
        axs[0].plot(pts, [res.mean("datagramLoss", factor=f, size=size) for f in pts], "o-",
                    color=f"C{k}", label=f"S = {size}")
        axs[1].plot(pts, [res.mean("goodputSenderMbps", factor=f, size=size) for f in pts],
                    "s--", color=f"C{k}", label=f"S = {size}, sender")
        axs[1].plot(pts, [res.mean("goodputReceiverMbps", factor=f, size=size) for f in pts],
                    "o-", color=f"C{k}", label=f"S = {size}, receiver")
    axs[0].set_ylabel("datagram loss")
    axs[1].set_ylabel("UDP goodput (Mb/s)")
    for ax in axs:
        ax.axvline(1.0, color="gray", lw=1)
        ax.set_xlabel("VC PCR / VP allocation b (36,000 cells/s)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle("TEN34-PCR-OVER-UDP: back-to-back UDP on a VC shaped at its PCR in a policed "
                 "VP", fontsize=10)
    return fig
