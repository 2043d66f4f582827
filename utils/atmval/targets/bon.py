# SPDX-License-Identifier: GPL-2.0-only
"""BON: O. Bonaventure, "Integration of ATM under TCP/IP to provide services with minimum
guaranteed bandwidth", PhD thesis, Université de Liège, 1998. TCP over a CBR VP of the
European ATM Pilot (chapter 4, atm-cbr-window) and through a VBR UPC in a LAN (chapter 6.3,
atm-vbr-police).

BON ran 4.4BSD-Lite Reno inside its simulator and SunOS on its hosts; ns-3's TCP differs, so
the orderings are the hard checks and the absolute numbers soft. Published values, tolerances
and checks: data/bon.toml; write-ups: doc/validation/bon.rst."""

from statistics import mean

from ..core import Family, Run
from ..figures import errorbars
from .physics import window_prediction

fam = Family("bon")

# ---- BON-CBR-PILOT and BON-CBR-PILOT-C1 (chapter 4, campaigns 2 and 1) --------------------------


class Pilot:
    """One measurement campaign of the pilot network: the target's ``pilot`` table in the data
    file (``[targets.<id>.pilot]``): the program's options, the windows, the MTUs with their
    inter-PDU gap I, the spacings R (the conforming one first), the quick set's subset, and
    optionally the TSDUs (a param of each run then; the checks read the reference TSDU) and the
    STCP variants."""

    def __init__(self, t):
        c = t["pilot"]
        self.options = c["options"]
        self.windows = c["windows"]  # label -> bytes, largest first
        self.gap = {int(m): g for m, g in c["gap"].items()}
        self.mtus = list(self.gap)
        self.spacings = c["spacings"]
        self.conforming = c["conforming"]
        self.upc_interval = c["upc_interval_us"]
        self.tsdus = c.get("tsdu")
        self.tsdu_reference = c.get("tsdu_reference")
        q = c["quick"]
        self.quick_windows = q["windows"]
        self.quick_tsdus = q.get("tsdu", self.tsdus)
        self.quick_spacings = {int(m): r for m, r in q["spacings"].items()}
        self.variants = c.get("variants", {})
        self.variant_spacings = c.get("variant_spacings", [])
        self.figure_title = c.get("figure_title", t["title"])

    def run_options(self, mtu, win, r=None, tsdu=None, **extra):
        o = dict(self.options, window=self.windows[win], mtu=mtu)
        if tsdu is not None:
            o["tsdu"] = tsdu
        if r is not None:
            o.update(spacing=f"{r}us", gap=self.gap[mtu])
        o.update(extra)
        return o

    def params(self, mtu, win, r=None, variant=None, tsdu=None):
        """The params of one run (spacing None: unshaped; variant None: bon-default); a
        campaign with TSDUs has the TSDU as a param as well."""
        p = {"mtu": mtu, "window": win, "spacing": r, "variant": variant}
        if self.tsdus:
            p["tsdu"] = tsdu
        return p

    def sel(self, mtu, win, r=None, variant=None, tsdu=None):
        """The selection of one run for the checks and figures: at the reference TSDU unless
        another is given."""
        return self.params(mtu, win, r, variant, tsdu or self.tsdu_reference)


def pilot_label(p):
    s = f"MTU={p['mtu']} W={p['window']} "
    if p.get("tsdu"):
        s += f"TSDU={p['tsdu'] // 1024}K "
    s += "unshaped" if p["spacing"] is None else f"R={p['spacing']:.2f}"
    return s + (f" {p['variant']}" if p["variant"] else "")


@fam.runs
def pilot_runs(t):
    c = Pilot(t)
    runs = []
    for mtu in c.mtus:
        for win in c.windows:
            for tsdu in c.tsdus or [None]:
                for r in [None] + c.spacings:
                    quick = (win in c.quick_windows and mtu in c.quick_spacings
                             and (tsdu is None or tsdu in c.quick_tsdus)
                             and (r is None or r in c.quick_spacings[mtu]))
                    p = c.params(mtu, win, r, tsdu=tsdu)
                    runs.append(Run(p, c.run_options(mtu, win, r, tsdu),
                                    ("quick", "full") if quick else ("full",), pilot_label(p)))
    for v, extra in c.variants.items():
        for r in c.variant_spacings:
            p = c.params(9188, "48K", r, v)
            runs.append(Run(p, c.run_options(9188, "48K", r, **extra), ("full",),
                            pilot_label(p)))
    return runs


def _g(res, **p):
    return res.mean("goodputMbps", **p)


@fam.check
def pilot_unshaped(res, spec):
    """Unshaped, line-rate bursts of MTU 9188 are never conforming: no data transfer."""
    c = Pilot(spec.target)
    rows = []
    for win in c.windows:
        ms = res.get(**c.sel(9188, win))
        if ms:
            cmax = ms[0]["maxGoodputMbps"]
            v = res.values("goodputMbps", **c.sel(9188, win))
            rows.append(spec.row(f"unshaped, MTU 9188, {win}: no data transfer", "no transfer", v,
                                 max(v) < spec["fraction_of_c"] * cmax, "Mb/s"))
    return rows


@fam.check
def pilot_window_ordering(res, spec):
    c = Pilot(spec.target)
    rows = []
    for mtu in c.mtus:
        ps = [c.sel(mtu, win, c.conforming) for win in c.windows]
        if all(res.has(**p) for p in ps):
            g = [_g(res, **p) for p in ps]
            rows.append(spec.row(f"conforming spacing, MTU {mtu}: window-limited, "
                                 + " > ".join(c.windows), "larger window → higher throughput",
                                 g, all(a > b for a, b in zip(g, g[1:])), "Mb/s"))
    return rows


@fam.check
def pilot_conforming_lossless(res, spec):
    c = Pilot(spec.target)
    rows = []
    for mtu in c.mtus:
        for win in c.windows:
            lost = res.values("cellsLost", **c.sel(mtu, win, c.conforming))
            if lost:
                rows.append(spec.row(f"conforming spacing, MTU {mtu}, {win}: cells lost", "0",
                                     lost, spec.tol.all_ok(lost)))
    return rows


@fam.check
def pilot_conforming_physics(res, spec):
    c = Pilot(spec.target)
    rows = []
    for mtu in c.mtus:
        for win in c.windows:
            p = c.sel(mtu, win, c.conforming)
            ms = res.get(**p)
            if ms:
                pred = mean(window_prediction(r) for r in ms)
                g = res.values("goodputMbps", **p)
                rows.append(spec.row(f"conforming spacing, MTU {mtu}, {win}: goodput vs W per "
                                     "round trip (physics)", f"{pred:.2f}", g,
                                     spec.tol.ok(mean(g), pred), "Mb/s"))
    return rows


@fam.check
def pilot_collapse(res, spec):
    """Spacing 0.4-1.4 us below the contract interval collapses throughput: the worst of those
    spacings (or, with the tolerance's ``each``, every one) against the conforming spacing, MTU
    9188, for the entry's windows (default 48K)."""
    c = Pilot(spec.target)
    lo, hi = spec["spacings"]
    rows = []
    for win in spec.get("windows", ["48K"]):
        ref = c.sel(9188, win, c.conforming)
        below = [c.sel(9188, win, r) for r in c.spacings if lo < r < hi]
        below = [p for p in below if res.has(**p)]
        if not (res.has(**ref) and below):
            continue
        g = _g(res, **ref)
        if spec.tol.each:
            x = [_g(res, **p) / g if g else 0 for p in below]
            rows.append(spec.row(f"MTU 9188, {win}: each spacing below the contract interval ("
                                 + ", ".join(f"{p['spacing']:.2f}" for p in below)
                                 + " µs) vs conforming", "collapse by > 10×", x,
                                 g > 0 and spec.tol.all_ok(x), "× conforming"))
        else:
            worst = min(_g(res, **p) for p in below)
            rows.append(spec.row(f"MTU 9188, {win}: spacing 0.4–1.4 µs below the contract "
                                 "interval (worst) vs conforming", "collapse by > 10×",
                                 [worst / g if g else 0], g > 0 and spec.tol.ok(worst / g),
                                 "× conforming"))
    return rows


def _pilot_relative(res, c, a, b):
    """Mean goodput below the contract interval relative to the conforming spacing, for two
    (MTU, window) curves over the spacings both have (the quick set runs fewer)."""
    rs = [r for r in c.spacings if r < c.upc_interval
          and all(res.has(**c.sel(mtu, win, r)) for mtu, win in (a, b))]
    out = []
    for mtu, win in (a, b):
        ref = _g(res, **c.sel(mtu, win, c.conforming))
        if not rs or not ref > 0:
            return None
        out.append(mean(_g(res, **c.sel(mtu, win, r)) for r in rs) / ref)
    return out, rs


@fam.check
def pilot_worst_for(res, spec):
    """Worst for large MTUs and for large windows (relative to each curve's conforming
    point)."""
    c = Pilot(spec.target)
    rows = []
    for (a, b, what) in (((9188, "48K"), (552, "48K"), "large MTUs: 9188 < 552 (48K)"),
                         ((9188, "48K"), (9188, "16K"), "large windows: 48K < 16K (MTU 9188)")):
        rel = _pilot_relative(res, c, a, b)
        if rel:
            (x, y), rs = rel
            rows.append(spec.row(f"worst for {what}: goodput below the contract interval "
                                 f"relative to the conforming spacing ({len(rs)} spacings)",
                                 what.split(":")[1].split("(")[0].strip(), [x, y], x < y))
    return rows


@fam.check
def pilot_short_bursts(res, spec):
    """TCP performs badly whenever the longest conforming burst (eq. 4.3) is at most 3
    segments and shorter than the window's burst of whole segments."""
    c = Pilot(spec.target)
    bad, ok_all = [], True
    for mtu in c.mtus:
        for win in c.windows:
            g_ref = _g(res, **c.sel(mtu, win, c.conforming))
            for r in c.spacings[1:]:
                ms = res.get(**c.sel(mtu, win, r))
                if not ms or not g_ref > 0:
                    continue
                burst = ms[0]["conformingPackets"]
                window_segments = ms[0]["window"] // ms[0]["mss"]
                if 0 <= burst <= spec["max_burst"] and burst < window_segments:
                    bad.append(_g(res, **c.sel(mtu, win, r)) / g_ref)
                    ok_all = ok_all and spec.tol.ok(bad[-1])
    if not bad:
        return []
    return [spec.row(f"eq. 4.3 burst ≤ {spec['max_burst']} segments and below the window "
                     f"({len(bad)} runs): goodput / conforming", "TCP performs badly", bad,
                     ok_all, "×")]


@fam.check
def pilot_variants(res, spec):
    """The STCP re-simulation variants: no significant improvement below the interval."""
    c = Pilot(spec.target)
    rows = []
    for v in c.variants:
        pairs = [(c.sel(9188, "48K", r, v), c.sel(9188, "48K", r)) for r in c.variant_spacings
                 if r < c.upc_interval]
        pairs = [(a, b) for a, b in pairs if res.has(**a) and res.has(**b)]
        if pairs:
            x = mean(_g(res, **a) for a, _ in pairs)
            y = mean(_g(res, **b) for _, b in pairs)
            rows.append(spec.row(f"STCP variant {v} vs bon-default below the contract interval "
                                 "(MTU 9188, 48K)", "no significant improvement",
                                 [x / y if y else float("inf")], y > 0 and x <= spec["ratio"] * y,
                                 "×"))
    return rows


@fam.check
def pilot_conforming_burst(res, spec):
    """The longest burst of back-to-back MTU-9188 segments that conforms from idle at one
    spacing (eq. 4.3 on the run's configuration, the program's conformingPackets) against the
    number BON observed."""
    c = Pilot(spec.target)
    ms = res.get(**c.sel(9188, next(iter(c.windows)), spec["spacing"]))
    if not ms:
        return []
    return [spec.row(f"R = {spec['spacing']:.2f} µs, MTU 9188: segments conforming back to back "
                     "(eq. 4.3)", f"{spec['published']}", [ms[0]["conformingPackets"]],
                     spec.tol.ok(ms[0]["conformingPackets"]), "segments")]


@fam.check
def pilot_tsdu(res, spec):
    """The TSDU (the application's write size) against the reference TSDU, per window and
    spacing with a transfer: physics says none, as TCP sends whole segments whatever the write
    size (Nagle, the socket buffer kept full) and the model has no per-write host cost."""
    c = Pilot(spec.target)
    rows = []
    for win in c.windows:
        for r in [c.conforming] + c.spacings[1:]:
            ref = c.sel(9188, win, r)
            others = [c.sel(9188, win, r, tsdu=s) for s in c.tsdus if s != c.tsdu_reference]
            others = [p for p in others if res.has(**p)]
            if not (res.has(**ref) and others and _g(res, **ref) > 0.01 * res.get(**ref)[0][
                    "maxGoodputMbps"]):
                continue
            g = _g(res, **ref)
            x = [_g(res, **p) / g for p in others]
            rows.append(spec.row(f"MTU 9188, {win}, R = {r:.2f} µs: goodput at TSDU "
                                 + ", ".join(f"{p['tsdu'] // 1024}" for p in others)
                                 + f" KB / at {c.tsdu_reference // 1024} KB (physics)",
                                 "1 (no host cost modelled)", x, spec.tol.all_ok(x, 1.0), "×"))
    return rows


@fam.figure
def pilot_figure(res, plt, t):
    c = Pilot(t)
    fig, axs = plt.subplots(2, len(c.windows), figsize=(6 * len(c.windows), 7), sharex=True,
                            squeeze=False)
    for col, win in enumerate(c.windows):
        ax, bx = axs[0][col], axs[1][col]
        for mtu, style in zip(c.mtus, ("o-", "s-", "^-", "v-")):
            rs = [r for r in c.spacings if res.has(**c.sel(mtu, win, r))]
            if rs:
                errorbars(ax, rs, [res.values("goodputMbps", **c.sel(mtu, win, r)) for r in rs],
                          style, capsize=2, ms=4, label=f"MTU {mtu}")
                un = res.values("goodputMbps", **c.sel(mtu, win))
                if un:
                    ax.plot([11.0], [mean(un)], style[0], mfc="none", color="k", ms=5)
                cp = [(r, res.get(**c.sel(mtu, win, r))[0]["conformingPackets"]) for r in rs]
                bx.plot([r for r, _ in cp], [64 if p < 0 else p for _, p in cp], style,
                        ms=4, label=f"MTU {mtu}")
        ax.axvline(c.upc_interval, color="k", ls=":", lw=1)
        ax.set_title(f"window {win}: goodput (open markers at 11 µs: unshaped)", fontsize=10)
        ax.set_ylabel("goodput (Mb/s)")
        ax.grid(alpha=0.3)
        bx.axvline(c.upc_interval, color="k", ls=":", lw=1)
        bx.axhline(3, color="r", ls="--", lw=1)
        bx.set_yscale("symlog", linthresh=4)
        bx.set_ylim(-0.3, 80)
        bx.set_ylabel("conforming back-to-back packets\n(eq. 4.3; 64 = unbounded)")
        bx.set_xlabel(f"cell spacing R (µs); UPC {c.upc_interval:g} µs")
        bx.grid(alpha=0.3)
    axs[0][0].legend(fontsize=8)
    axs[0][0].invert_xaxis()
    fig.suptitle(c.figure_title, fontsize=11)
    return fig


@fam.figure
def pilot_c1_figure(res, plt, t):
    """Campaign 1 (MTU 9188): goodput against R per window with the window-per-round-trip
    physics, eq. 4.3's longest conforming burst with BON's observation, and the TSDU."""
    c = Pilot(t)
    fig, (ax, bx, cx) = plt.subplots(1, 3, figsize=(16, 4.5))
    styles = dict(zip(c.windows, ("o-", "s-", "^-")))
    unshaped_x = c.spacings[-1] - 0.25
    for i, (win, style) in enumerate(styles.items()):
        colour = f"C{i}"
        rs = [r for r in c.spacings if res.has(**c.sel(9188, win, r))]
        if not rs:
            continue
        errorbars(ax, rs, [res.values("goodputMbps", **c.sel(9188, win, r)) for r in rs],
                  style, capsize=2, ms=5, color=colour, label=f"{win}")
        un = res.values("goodputMbps", **c.sel(9188, win))
        if un:
            ax.plot([unshaped_x], [mean(un)], style[0], mfc="none", color=colour, ms=6)
        ms = res.get(**c.sel(9188, win, c.conforming))
        if ms:
            ax.axhline(mean(window_prediction(r) for r in ms), color=colour, ls="--", lw=0.8)
        for tsdu_r, ls in ((c.conforming, "-"), (c.spacings[1], "--")):
            pts = [(s, res.values("goodputMbps", **c.sel(9188, win, tsdu_r, tsdu=s)))
                   for s in c.tsdus or [] if res.has(**c.sel(9188, win, tsdu_r, tsdu=s))]
            if len(pts) > 1:
                cx.plot([s / 1024 for s, _ in pts], [mean(v) for _, v in pts], style[0] + ls,
                        color=colour, ms=5, label=f"{win}, R = {tsdu_r:.2f} µs")
    ax.axvline(c.upc_interval, color="k", ls=":", lw=1)
    ax.invert_xaxis()
    ax.set_xlabel(f"cell spacing R (µs); UPC {c.upc_interval:g} µs; open markers: unshaped")
    ax.set_ylabel("goodput (Mb/s)")
    ax.set_title(f"goodput, TSDU {c.tsdu_reference // 1024} KB (dashed: W per round trip)",
                 fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, title="window", title_fontsize=8)
    rs = [r for r in c.spacings if res.has(**c.sel(9188, next(iter(c.windows)), r))]
    if rs:
        ms = res.get(**c.sel(9188, next(iter(c.windows)), rs[0]))
        cp = [res.get(**c.sel(9188, next(iter(c.windows)), r))[0]["conformingPackets"]
              for r in rs]
        bx.plot(rs, [8 if p < 0 else p for p in cp], "ko-", label="eq. 4.3 (8 = unbounded)")
        for i, win in enumerate(styles):
            bx.axhline(c.windows[win] // ms[0]["mss"], ls=":", lw=1, color=f"C{i}",
                       label=f"whole segments in {win}")
    for chk in t.checks:
        if chk.name == "pilot_conforming_burst":
            bx.plot([chk["spacing"]], [chk["published"]], "r*", ms=12,
                    label=f"BON: {chk['published']} conform at {chk['spacing']:.2f} µs")
    bx.axvline(c.upc_interval, color="k", ls=":", lw=1)
    bx.invert_xaxis()
    bx.set_ylim(-0.3, 8.5)
    bx.set_xlabel("cell spacing R (µs)")
    bx.set_ylabel("back-to-back segments conforming from idle")
    bx.set_title("eq. 4.3, MTU 9188, I = 52 µs, CDVT 101 µs", fontsize=10)
    bx.grid(alpha=0.3)
    bx.legend(fontsize=8)
    cx.set_xscale("log", base=2)
    cx.set_xticks([s / 1024 for s in c.tsdus or []], [f"{s // 1024}" for s in c.tsdus or []])
    cx.set_xlabel("TSDU (KB)")
    cx.set_ylabel("goodput (Mb/s)")
    cx.set_title("goodput against the TSDU" if cx.lines else "TSDU: the full set only",
                 fontsize=10)
    cx.grid(alpha=0.3)
    if cx.lines:
        cx.legend(fontsize=7)
    fig.suptitle(c.figure_title, fontsize=11)
    return fig


# ---- BON-VBR-LAN (chapter 6.3) -----------------------------------------------------------------

VBR_LAN_MTU = [552, 1500, 4832, 9188]
VBR_LAN_GAP = {552: "0us", 1500: "0us", 4832: "324us", 9188: "376us"}  # I_p, BON 6.3
VBR_LAN_MBS = [1000, 2000, 4000]
VBR_LAN_TCP = {  # the three timer settings BON measured
    "rto500": {"source": "bsd"},
    "rto200": {"source": "solaris"},  # Solaris 2.x: 200 ms ticks, 50 ms per-connection delayed ACK
    "rto10": {"source": "bsd", "timerTick": "10ms", "delayedAck": 0},
}
TIMER_TITLE = {"rto500": "500 ms RTO", "rto200": "200 ms RTO + 50 ms delayed ACK",
               "rto10": "10 ms RTO, no delayed ACK"}


def vbr_lan_options(mtu, mbs, tcp, shaped=False, **extra):
    o = {"accessRate": "OC3cRaw", "trunkRate": "OC3cRaw", "pcr": "OC3cRaw", "cdvt": "0us",
         "scr": "10Mbps", "mbs": mbs, "action": "drop", "window": 49152, "rtt": "1.8ms",
         "mtu": mtu, "tsdu": 16384, "maxBytes": 4194304, "duration": "120s",
         "startJitter": "500ms"}
    o.update(VBR_LAN_TCP[tcp])
    if shaped:
        # Shaped to the SCR exactly (Tolerance one cell time: the exact long-run rate).
        o.update(shaperRate=10000, shaperConvention="line424", shaperTolerance="3us")
    elif VBR_LAN_GAP[mtu] != "0us":
        o["gap"] = VBR_LAN_GAP[mtu]
    o.update(extra)
    return o


@fam.runs
def vbr_lan_runs(t):
    """params: variant (a timer setting rto500/rto200/rto10, dupack2 = rto200 with a dupACK
    threshold of 2, shaped = rto500 shaped to the SCR), mtu, mbs."""
    runs = []
    for tcp in VBR_LAN_TCP:
        for mtu in VBR_LAN_MTU:
            for mbs in VBR_LAN_MBS:
                runs.append(Run({"variant": tcp, "mtu": mtu, "mbs": mbs},
                                vbr_lan_options(mtu, mbs, tcp), ("quick", "full")))
    for mbs in VBR_LAN_MBS:
        runs.append(Run({"variant": "dupack2", "mtu": 9188, "mbs": mbs},
                        vbr_lan_options(9188, mbs, "rto200", dupAckThreshold=2), ("full",)))
    for mtu in (1500, 4832, 9188):
        runs.append(Run({"variant": "shaped", "mtu": mtu, "mbs": 1000},
                        vbr_lan_options(mtu, 1000, "rto500", True), ("quick", "full")))
    return runs


def _v(variant, mtu, mbs):
    return {"variant": variant, "mtu": mtu, "mbs": mbs}


@fam.check
def vbr_lan_rto500_low(res, spec):
    rows = []
    for mbs in spec["mbs"]:
        for mtu in spec["mtu"]:
            p = _v("rto500", mtu, mbs)
            if res.has(**p):
                rows.append(spec.row(f"500 ms RTO, MTU {mtu}, MBS {mbs}", spec["published"],
                                     res.values("goodputMbps", **p), spec.tol.ok(_g(res, **p)),
                                     "Mb/s"))
    return rows


@fam.check
def vbr_lan_small_mtu_higher(res, spec):
    a, b = _v("rto500", 552, 1000), _v("rto500", 9188, 1000)
    if not (res.has(**a) and res.has(**b)):
        return []
    return [spec.row("500 ms RTO, MBS 1000: 552 slightly higher than 9188", "552 > 9188",
                     [_g(res, **a), _g(res, **b)], _g(res, **a) > _g(res, **b), "Mb/s")]


def _rto_ratios(res):
    return [_g(res, **_v("rto200", mtu, mbs)) / _g(res, **_v("rto500", mtu, mbs))
            for mtu in VBR_LAN_MTU for mbs in VBR_LAN_MBS
            if res.has(**_v("rto200", mtu, mbs)) and res.has(**_v("rto500", mtu, mbs))
            and _g(res, **_v("rto500", mtu, mbs)) > 0]


@fam.check
def vbr_lan_rto200_double(res, spec):
    ratios = _rto_ratios(res)
    if not ratios:
        return []
    return [spec.row("200 ms RTO + 50 ms delayed ACK / 500 ms RTO (every MTU, MBS)",
                     "almost double", [mean(ratios)], spec.tol.ok(mean(ratios)), "×")]


@fam.check
def vbr_lan_rto200_higher(res, spec):
    ratios = _rto_ratios(res)
    if not ratios:
        return []
    return [spec.row("200 ms RTO > 500 ms RTO (every MTU, MBS)", "higher", ratios,
                     min(ratios) > 1.0, "×")]


@fam.check
def vbr_lan_published_goodput(res, spec):
    rows = []
    for pt in spec.table("goodput")["rows"]:
        p = _v("rto200", pt["mtu"], pt["mbs"])
        if res.has(**p):
            rows.append(spec.row(f"200 ms RTO, MTU {pt['mtu']}, MBS {pt['mbs']}",
                                 f"≈ {pt['goodput']:g}", res.values("goodputMbps", **p),
                                 spec.tol.ok(_g(res, **p), pt["goodput"]), "Mb/s"))
    return rows


@fam.check
def vbr_lan_large_mtu_low(res, spec):
    big = [_v("rto200", mtu, mbs) for mtu in spec["mtu"] for mbs in VBR_LAN_MBS]
    big = [p for p in big if res.has(**p)]
    if not big:
        return []
    return [spec.row("200 ms RTO, larger MTUs (1500–9188, every MBS)", spec["published"],
                     [_g(res, **p) for p in big], spec.tol.all_ok([_g(res, **p) for p in big]),
                     "Mb/s")]


@fam.check
def vbr_lan_rto10_higher(res, spec):
    pairs = [(_v("rto10", mtu, mbs), _v("rto200", mtu, mbs))
             for mtu in VBR_LAN_MTU for mbs in VBR_LAN_MBS]
    pairs = [(a, b) for a, b in pairs if res.has(**a) and res.has(**b)]
    if not pairs:
        return []
    g = lambda p: _g(res, **p)  # noqa: E731
    return [spec.row("10 ms RTO > 200 ms RTO (every MTU, MBS)", "much higher",
                     [g(a) / g(b) if g(b) > 0 else float("inf") for a, b in pairs],
                     all(g(a) > g(b) for a, b in pairs), "×")]


@fam.check
def vbr_lan_retransmitted(res, spec):
    rows = []
    for pt in spec.table("retransmitted")["rows"]:
        p = _v(pt["variant"], pt["mtu"], pt["mbs"])
        if res.has(**p):
            rows.append(spec.row(f"{pt['variant'][3:]} ms RTO, MTU {pt['mtu']}, MBS {pt['mbs']}: "
                                 "retransmitted", f"{pt['percent']}",
                                 res.values("retransmissionPercent", **p),
                                 spec.tol.ok(res.mean("retransmissionPercent", **p),
                                             pt["percent"]), "%"))
    return rows


@fam.check
def vbr_lan_retransmitted_ordering(res, spec):
    pts = spec.table("retransmitted")["rows"][:3]
    ps = [_v(pt["variant"], pt["mtu"], pt["mbs"]) for pt in pts]
    if not all(res.has(**p) for p in ps):
        return []
    r = [res.mean("retransmissionPercent", **p) for p in ps]
    return [spec.row("retransmitted %, MTU 9188: 10 ms MBS 1000 > 10 ms MBS 4000 > 500 ms "
                     "MBS 4000", " > ".join(f"{pt['percent']}" for pt in pts), r,
                     r[0] > r[1] > r[2], "%")]


@fam.check
def vbr_lan_dupack(res, spec):
    pairs = [(_v("dupack2", 9188, mbs), _v("rto200", 9188, mbs)) for mbs in VBR_LAN_MBS]
    pairs = [(a, b) for a, b in pairs if res.has(**a) and res.has(**b)]
    if not pairs:
        return []
    x = [_g(res, **a) / _g(res, **b) if _g(res, **b) > 0 else float("inf") for a, b in pairs]
    return [spec.row("dupACK threshold 2 vs 3 (200 ms RTO, MTU 9188)", "no help", x,
                     spec.tol.all_ok(x), "×")]


def _shaped(res):
    return [_v("shaped", mtu, 1000) for mtu in (1500, 4832, 9188)
            if res.has(**_v("shaped", mtu, 1000))]


@fam.check
def vbr_lan_shaped_lossless(res, spec):
    shaped = _shaped(res)
    if not shaped:
        return []
    lost = [x for p in shaped for x in res.values("cellsLost", **p)]
    return [spec.row("shaped to the SCR (1500, 4832, 9188): cells lost", "no losses", lost,
                     spec.tol.all_ok(lost))]


@fam.check
def vbr_lan_shaped_efficiency(res, spec):
    shaped = _shaped(res)
    if not shaped:
        return []
    frac = [_g(res, **p) / res.get(**p)[0]["scrGoodputMbps"] for p in shaped]
    return [spec.row("shaped to the SCR: goodput / theoretical max (C at the SCR)",
                     spec["published"], frac, spec.tol.all_ok(frac), "×")]


@fam.figure
def vbr_lan_figure(res, plt, t):
    fig, axs = plt.subplots(1, 4, figsize=(16, 3.8))
    for ax, tcp in zip(axs[:3], VBR_LAN_TCP):
        for mtu, style in zip(VBR_LAN_MTU, ("o-", "s-", "^-", "v-")):
            pts = [(mbs, res.values("goodputMbps", **_v(tcp, mtu, mbs))) for mbs in VBR_LAN_MBS
                   if res.has(**_v(tcp, mtu, mbs))]
            if pts:
                ax.plot([x for x, _ in pts], [mean(v) for _, v in pts], style, label=f"MTU {mtu}")
        ax.set_title(TIMER_TITLE[tcp], fontsize=10)
        ax.set_xlabel("MBS (cells)")
        ax.set_ylabel("goodput (Mb/s)")
        ax.grid(alpha=0.3)
    axs[0].legend(fontsize=8)
    gp = t.family.table("goodput")["rows"]
    axs[1].plot([r["mbs"] for r in gp], [r["goodput"] for r in gp], "k*", ms=10,
                label="published, MTU 552")
    axs[1].legend(fontsize=8)
    ax = axs[3]
    for tcp, style in (("rto500", "o-"), ("rto200", "s-"), ("rto10", "^-")):
        pts = [(mbs, res.values("retransmissionPercent", **_v(tcp, 9188, mbs)))
               for mbs in VBR_LAN_MBS if res.has(**_v(tcp, 9188, mbs))]
        if pts:
            ax.plot([x for x, _ in pts], [mean(v) for _, v in pts], style, label=tcp)
    rt = t.family.table("retransmitted")["rows"][:3]
    ax.plot([r["mbs"] for r in rt], [r["percent"] for r in rt], "k*", ms=10, label="published")
    ax.set_title("MTU 9188: retransmitted segments", fontsize=10)
    ax.set_xlabel("MBS (cells)")
    ax.set_ylabel("%")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle("BON-VBR-LAN: TCP through a VBR UPC (PCR 155 Mb/s, SCR 10 Mb/s, discard), "
                 "4 MB ttcp", fontsize=11)
    return fig
