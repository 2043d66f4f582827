# SPDX-License-Identifier: GPL-2.0-only
"""JAIN: R. Jain et al., "Design Issues for Traffic Management for the ATM UBR+ Service for TCP
over Satellite Networks", NASA/CR-1999-209158 (1999), and the papers it collects: ICCCN'97
("TCP Selective Acknowledgments and UBR Drop Policies"), IMP ("Improving the Performance of
TCP/IP over Satellite-ATM Networks"), ATM Forum 97-0616 (UBR buffer requirements) and 97-0424
("Guaranteed Rate for Improving TCP Performance on UBR+"). N TCP sources over one congested
link (atm-n-source): drop policies (UBR tail drop, EPD, Selective Drop), TCP variants, buffer
requirements over satellites, a VBR background and a guaranteed rate for UBR; and the buffer
requirement of TCP over ABR with ERICA+ (Kalyanaraman et al., IEEE ATM'96 Workshop).

Published tables, tolerances and check lists are in data/jain.toml; every target table there
gives its configuration (config, tcp, duration, ...) to the run functions below. Write-ups:
doc/validation/jain.rst."""

from statistics import mean
from textwrap import fill

from ..core import Family, Run, grid, make_label
from ..figures import bars, errorbars, pub_sim

fam = Family("jain")

POLICIES = {"UBR": "tail", "EPD": "epd", "SD": "sd"}  # the papers' names -> --policy
COLUMNS = list(POLICIES)  # the published tables' column order
TCPS = ("sack", "reno", "vanilla")  # the variants of the papers' tables
TCP_ORDER = ("sack", "sack1997", "reno", "vanilla")  # figure order of every variant run
GR_VALUES = (0.0, 0.1, 0.5)
WINDOW = {"LAN": 65535, "WAN": 600000, "GEO": 8704000}
# One-way access delay of each preset the VBR runs use: the VBR cells reach s0's trunk port
# that much after the source emits them.
ACCESS_DELAY_S = {"LAN": 5e-6, "WAN": 5e-3, "GEO": 5e-6}


def _rows(t, table):
    return t.family.table(table)["rows"]


def _cell_params(row):
    return {k: v for k, v in row.items() if k not in ("efficiency", "fairness")}


# ---- options -----------------------------------------------------------------------------------


def icccn_options(config, tcp, n, k, policy, duration, tick_phase=None, mss=512):
    """mss: ICCCN'97's 512 bytes; JAIN-LEO-MSS9180 runs the same configuration with IMP's 9180."""
    o = {"nSources": n, "linkRate": "OC3cRaw", "delays": config.lower(), "tcp": tcp,
         "source": "jain", "mss": mss, "bufferCells": k, "policy": POLICIES[policy],
         "window": WINDOW[config], "duration": f"{duration}s"}
    if tick_phase:
        o["tickPhase"] = tick_phase
    return o


def geo_options(tcp, k, policy, duration, ssthresh=None):
    """ssthresh: the initial slow-start threshold in bytes (None: the jain preset's 65,535)."""
    o = {"nSources": 5, "linkRate": "OC3cRaw", "delays": "geo", "tcp": tcp, "source": "jain",
         "mss": 9180, "window": WINDOW["GEO"], "bufferCells": k, "policy": POLICIES[policy],
         "duration": f"{duration}s"}
    if ssthresh:
        o["initialSsthresh"] = ssthresh
    return o


def buf_options(b, n, k, ssthresh=None, tick_phase=None):
    """One JAIN-BUF run: N SACK sources with Selective Drop over the orbit of table row ``b``
    (its delays, window and duration; see [tables.buffers.*] in data/jain.toml), K cells."""
    o = {"nSources": n, "linkRate": "OC3c", "tcp": "sack", "source": "jain", "mss": 9180,
         "policy": "sd", "bufferCells": k, "delays": b["delays"],
         "accessDelay": f"{b['access_delay_ms']}ms", "trunkDelay": f"{b['trunk_delay_ms']}ms",
         "window": b["window"], "duration": f"{b['duration']}s"}
    if ssthresh:
        o["initialSsthresh"] = ssthresh
    if tick_phase:
        o["tickPhase"] = tick_phase
    return o


def vbr_options(config, n, k, tcp, policy, gr, period, duration, ssthresh=None):
    """One AF-424 run: N sources (JAIN's LAN, WAN or GEO configuration), the on/off VBR source
    of ``period`` ms ON and OFF, and the UBR class's guaranteed rate GR."""
    o = {"nSources": n, "linkRate": "OC3cRaw", "delays": config.lower(), "tcp": tcp,
         "source": "jain", "mss": 9180 if config == "GEO" else 512, "bufferCells": k,
         "policy": POLICIES[policy], "window": WINDOW[config], "duration": f"{duration}s",
         "vbrOnTime": f"{period}ms", "gr": gr}
    if ssthresh:
        o["initialSsthresh"] = ssthresh
    return o


# ---- runs --------------------------------------------------------------------------------------


@fam.runs
def icccn_runs(t):
    """ICCCN Tables 1-2 grid of one network configuration and TCP variant."""
    runs = []
    for row in _rows(t, "icccn"):
        if row["config"] != t["config"]:
            continue
        for policy in COLUMNS:
            p = {"config": t["config"], "tcp": t["tcp"], "n": row["n"], "k": row["k"],
                 "policy": policy}
            runs.append(Run(p, icccn_options(t["config"], t["tcp"], row["n"], row["k"], policy,
                                             t["duration"], t.get("tick_phase"))))
    return runs


@fam.runs
def geo_runs(t):
    return [Run({"tcp": row["tcp"], "k": row["k"], "policy": policy},
                geo_options(row["tcp"], row["k"], policy, t["duration"],
                            t.get("initial_ssthresh")))
            for row in _rows(t, "geo") for policy in COLUMNS]


@fam.runs
def leo_runs(t):
    """IMP Table 1, LEO columns: 5 sources of each TCP in ICCCN'97's WAN configuration (three
    5 ms links, RTT 30 ms, 600,000-byte windows), both buffers, the table's policies (EPD, SD),
    the target's MSS."""
    leo = t.family.table("leo")
    return [Run({"tcp": row["tcp"], "k": row["k"], "policy": policy},
                icccn_options("WAN", row["tcp"], 5, row["k"], policy, t["duration"],
                              mss=t["mss"]))
            for row in leo["rows"] for policy in leo["columns"]]


@fam.runs
def buf_runs(t):
    """The target's orbits, each over its table's buffers and sources (or the target's
    ``sources`` for that orbit, a sensitivity run's subset)."""
    runs = []
    for orbit, b in t.family.table("buffers").items():
        if orbit not in t["orbits"]:
            continue
        sources = t.get("sources", {}).get(orbit, b["sources"])
        for p in grid(orbit=orbit, n=sources, k=b["buffers"]):
            runs.append(Run(p, buf_options(b, p["n"], p["k"], t.get("initial_ssthresh"),
                                           t.get("tick_phase"))))
    return runs


def abr_buf_options(fd_ms, n, erica_attributes, duration):
    """One run of the ABR buffer sweep: N SACK sources with 600,000-byte windows (JAIN's WAN
    runs) over ABR with ERICA+ at s0's trunk port. The feedback delay of that port is the
    round trip to the sources, twice the access delay; the trunk keeps WAN's 5 ms. The initial
    ssthresh is the window, so the windows open within the run and the queue the switch must
    absorb is the ABR loop's, not limited by TCP's congestion avoidance; the buffer (a million
    cells) never fills."""
    o = {"nSources": n, "linkRate": "OC3cRaw", "delays": "wan", "accessDelay": f"{fd_ms / 2:g}ms",
         "service": "abr", "abrSwitch": "erica+", "tcp": "sack", "source": "jain", "mss": 512,
         "window": 600000, "initialSsthresh": 600000, "bufferCells": 1000000,
         "duration": f"{duration}s"}
    o.update(erica_attributes)
    return o


def vsvd_options(n, vsvd, erica_attributes, duration):
    """One run of JAIN-VSVD: atm-abr-vsvd's defaults (CM Fig. 3's loops: 21.8 ms satellite and
    4.1 ms terrestrial hop one way at the 155.52 Mb/s bottleneck; SACK, 512-byte segments,
    600,000-byte windows and initial ssthresh; ERICA+ at S) with N sources, VS/VD on or off."""
    o = {"nSources": n, "vsvd": "true" if vsvd else "false", "duration": f"{duration}s"}
    o.update(erica_attributes)
    return o


@fam.runs
def vsvd_runs(t):
    b = t.family.table("vsvd")
    return [Run(p, vsvd_options(p["n"], p["vsvd"], t["ericas"][p["erica"]], t["duration"]))
            for p in grid(erica=list(t["ericas"]), n=b["sources"], vsvd=[False, True])]


@fam.runs
def abr_buf_runs(t):
    b = t.family.table("abr_buffer")
    return [Run(p, abr_buf_options(p["fd"], p["n"], t["ericas"][p["erica"]], t["duration"]))
            for p in grid(erica=list(t["ericas"]), fd=b["feedback_delays_ms"], n=b["sources"])]

def _vbr_run(t, config, tcp, n, k, policy, gr, period, ssthresh=None):
    p = {"config": config, "tcp": tcp, "n": n, "k": k, "period": period, "gr": gr,
         "policy": policy}
    return Run(p, vbr_options(config, n, k, tcp, policy, gr, period, t["duration"], ssthresh))


@fam.runs
def vbr_runs(t):
    """AF-424 Tables 1-2: 5 SACK sources + the VBR source at strict priority (GR 0), three VBR
    periods, both buffers, three policies."""
    return [_vbr_run(t, t["config"], "sack", 5, row["k"], policy, 0.0, row["period"])
            for row in _rows(t, "vbr") if row["config"] == t["config"] for policy in COLUMNS]


@fam.runs
def gr_runs(t):
    """AF-424 Tables 3-6: TCP x N x buffer x GR x policy, VBR 300 ms."""
    cfg = t["config"]
    rows = [r for r in _rows(t, "gr") if r["config"] == cfg]
    runs = []
    for tcp in TCPS:
        for n in sorted({r["n"] for r in rows}):
            for k in sorted({r["k"] for r in rows}):
                for gr in GR_VALUES:
                    for policy in COLUMNS:
                        runs.append(_vbr_run(t, cfg, tcp, n, k, policy, gr, 300))
    return runs


@fam.runs
def sat_runs(t):
    """AF-424 Tables 7-9: 5 sources over the 275 ms GEO hop, VBR 300 ms, GR, policies."""
    rows = sorted(_rows(t, "sat"), key=lambda r: (TCPS.index(r["tcp"]), r["k"], r["gr"]))
    return [_vbr_run(t, "GEO", r["tcp"], 5, r["k"], policy, r["gr"], 300,
                     t.get("initial_ssthresh"))
            for r in rows for policy in COLUMNS]


@fam.runs
def gr_quick_runs(t):
    """The quick set's AF-424 probe: LAN, 5 SACK sources, 1000 cells, SD, VBR 300 ms."""
    return [_vbr_run(t, "LAN", "sack", 5, 1000, "SD", gr, 300) for gr in GR_VALUES]


def thresh15_options(thresholds, duration):
    """GFRJ section 3: 15 SACK TCPs (WAN delays, 30 ms RTT), r_i per group of three."""
    return {"nSources": 15, "linkRate": "OC3cRaw", "delays": "wan", "tcp": "sack",
            "source": "jain", "mss": 1024, "window": WINDOW["WAN"], "bufferCells": 48000,
            "policy": "vc-threshold",
            "vcThresholds": ",".join(str(r) for r in thresholds for _ in range(3)),
            "duration": f"{duration}s"}


@fam.runs
def thresh15_runs(t):
    rows = {r["exp"]: r for r in _rows(t, "thresh15")}
    return [Run({"exp": e}, thresh15_options(rows[e]["thresholds"], t["duration"]))
            for e in t["experiments"]]


# ---- the published tables ----------------------------------------------------------------------


@fam.check
def table_cells(res, spec):
    """Each cell of a published table (rows of params, one value per policy column) against
    the mean over seeds of the run with those params; the policy columns are the table's
    ``columns`` if it gives them (IMP Table 1: EPD and SD), else UBR, EPD and SD."""
    metric = spec["metric"]
    rows = []
    for row in spec.table()["rows"]:
        for i, policy in enumerate(spec.table().get("columns", COLUMNS)):
            sel = dict(_cell_params(row), policy=policy)
            v = res.values(metric, **sel)
            if not v:
                continue
            pub = row[metric][i]
            rows.append(spec.row(make_label(sel, spec["quantity"]), f"{pub:.2f}", v,
                                 spec.tol.ok(mean(v), pub)))
    return rows


@fam.check
def policy_average(res, spec):
    """The papers' 'avg' rows: per policy, the mean over the target's configurations."""
    metric = spec["metric"]
    rows = []
    for row in spec.table()["rows"]:
        sel = _cell_params(row)
        for i, policy in enumerate(COLUMNS):
            runs = res.select(policy=policy, **sel)
            if not runs:
                continue
            x = mean(mean(r[metric] for r in ms) for _, ms in runs)
            rows.append(spec.row(f"{sel['tcp']} average {policy} {metric} ({len(runs)} configs)",
                                 f"{row[metric][i]:.2f}", [x],
                                 spec.tol.ok(x, row[metric][i])))
    return rows


def _pub(spec, **sel):
    for row in spec.table()["rows"]:
        if all(row.get(k) == v for k, v in sel.items()):
            return row
    return None


@fam.check
def lan_fairness_ordering(res, spec):
    """ICCCN: at 1000 cells fairness SD >= EPD >= UBR (N = 5 and 15)."""
    rows = []
    for n in spec["sources"]:
        sel = {"config": "LAN", "tcp": "sack", "n": n, "k": spec["k"]}
        if not all(res.has(policy=p, **sel) for p in COLUMNS):
            continue
        f = {p: res.mean("fairness", policy=p, **sel) for p in COLUMNS}
        pub = _pub(spec, **sel)["fairness"]
        rows.append(spec.row(f"N={n} K={spec['k']} fairness SD ≥ EPD ≥ UBR",
                             " ≥ ".join(f"{v:.2f}" for v in pub[::-1]),
                             [f["SD"], f["EPD"], f["UBR"]], f["SD"] >= f["EPD"] >= f["UBR"]))
    return rows


@fam.check
def lan_efficiency_ordering(res, spec):
    """ICCCN: at 1000 cells efficiency SD > UBR."""
    rows = []
    for n in spec["sources"]:
        sel = {"config": "LAN", "tcp": "sack", "n": n, "k": spec["k"]}
        if not all(res.has(policy=p, **sel) for p in COLUMNS):
            continue
        e = {p: res.mean("efficiency", policy=p, **sel) for p in COLUMNS}
        pub = _pub(spec, **sel)["efficiency"]
        rows.append(spec.row(f"N={n} K={spec['k']} efficiency SD > UBR",
                             f"{pub[2]:.2f} > {pub[0]:.2f}", [e["SD"], e["UBR"]],
                             e["SD"] > e["UBR"]))
    return rows


# ---- GEO -----------------------------------------------------------------------------------


def _geo_tcp_efficiency(res, k):
    """Mean over the policies of each TCP's efficiency at buffer k (all three TCPs or None)."""
    e = {}
    for tcp in TCPS:
        v = [res.mean("efficiency", tcp=tcp, k=k, policy=p) for p in COLUMNS
             if res.has(tcp=tcp, k=k, policy=p)]
        if v:
            e[tcp] = mean(v)
    return e if len(e) == 3 else None


@fam.check
def geo_tcp_efficiency(res, spec):
    e = _geo_tcp_efficiency(res, spec["k"])
    if not e:
        return []
    x = e[spec["tcp"]]
    return [spec.row(spec["quantity"], spec["published"], [x], spec.tol.ok(x))]


@fam.check
def geo_tcp_ordering(res, spec):
    """SACK > Vanilla > Reno at the large buffer (mean of the policies)."""
    e = _geo_tcp_efficiency(res, spec["k"])
    if not e:
        return []
    pub = {r["tcp"]: mean(r["efficiency"]) for r in spec.table()["rows"] if r["k"] == spec["k"]}
    return [spec.row(spec["quantity"], " > ".join(f"{pub[t]:.2f}" for t
                                                  in ("sack", "vanilla", "reno")),
                     [e["sack"], e["vanilla"], e["reno"]],
                     e["sack"] > e["vanilla"] > e["reno"])]


# ---- IMP's LEO columns --------------------------------------------------------------------


def _leo_tcp_efficiency(res, leo):
    """Per TCP, the mean over the table's cells (buffers x policies) of the simulated and of
    the published efficiency; only TCPs with every cell run."""
    sim, pub = {}, {}
    for tcp in TCPS:
        cells = [(row, i, policy) for row in leo["rows"] if row["tcp"] == tcp
                 for i, policy in enumerate(leo["columns"])]
        if not cells or not all(res.has(tcp=tcp, k=r["k"], policy=p) for r, _, p in cells):
            continue
        sim[tcp] = mean(res.mean("efficiency", tcp=tcp, k=r["k"], policy=p) for r, _, p in cells)
        pub[tcp] = mean(r["efficiency"][i] for r, i, _ in cells)
    return sim, pub


@fam.check
def leo_tcp_ordering(res, spec):
    """IMP Table 1 (LEO): the mean efficiency of TCP ``better`` over both buffers and both
    policies at least that of TCP ``worse``."""
    sim, pub = _leo_tcp_efficiency(res, spec.table())
    a, b = spec["better"], spec["worse"]
    if a not in sim or b not in sim:
        return []
    return [spec.row(f"mean efficiency {a} ≥ {b} (2 buffers × 2 policies)",
                     f"{pub[a]:.2f} ≥ {pub[b]:.2f}", [sim[a], sim[b]], sim[a] >= sim[b])]


# ---- JAIN-BUF --------------------------------------------------------------------------------


@fam.check
def buffer_half_rtt(res, spec):
    """Efficiency at least the tolerance for every buffer of half a round trip or more."""
    rows = []
    for orbit, b in spec.table().items():
        one_rtt = b["rtt_cells"]
        for n in b["sources"]:
            big = [k for k in b["buffers"] if k >= 0.5 * one_rtt and res.has(orbit=orbit, n=n,
                                                                               k=k)]
            if big:
                e = [res.mean("efficiency", orbit=orbit, n=n, k=k) for k in big]
                rows.append(spec.row(f"{orbit} N={n}: efficiency at ≥ 0.5 RTT of buffer",
                                     spec["published"], e, spec.tol.all_ok(e)))
    return rows


@fam.check
def buffer_small_loss(res, spec):
    """E(large) - E(small) for every orbit and number of sources of at least ``min_sources``:
    the buffers ``large`` and ``small`` times the papers' rounded round trip (0.5 and 1/16:
    6000 and 750 cells for the single LEO hop, 25,000 and 3125 multi-hop, 100,000 and 12,500
    GEO)."""
    rows = []
    for orbit, b in spec.table().items():
        k_large = round(spec["large"] * b["rtt_nominal"])
        k_small = round(spec["small"] * b["rtt_nominal"])
        for n in b["sources"]:
            a = dict(orbit=orbit, n=n, k=k_large)
            s = dict(orbit=orbit, n=n, k=k_small)
            if n < spec["min_sources"] or not (res.has(**a) and res.has(**s)):
                continue
            d = res.mean("efficiency", **a) - res.mean("efficiency", **s)
            rows.append(spec.row(f"{orbit} N={n}: E({k_large} cells, {spec['large']:g} RTT) − "
                                 f"E({k_small} cells, {spec['small']:g} RTT)", "large", [d],
                                 spec.tol.ok(d)))
    return rows


# ---- JAIN-ABR-BUF ----------------------------------------------------------------------------


def _abr_queue(res, erica, fd, n):
    return res.values("trunkMaxQueueCells", erica=erica, fd=fd, n=n)


@fam.check
def abr_buf_sources(res, spec):
    """The largest trunk queue with the most sources over that with the fewest, per feedback
    delay (means over seeds)."""
    b = spec.table("abr_buffer")
    lo, hi = min(b["sources"]), max(b["sources"])
    rows = []
    for fd in b["feedback_delays_ms"]:
        q_lo, q_hi = _abr_queue(res, spec["erica"], fd, lo), _abr_queue(res, spec["erica"], fd, hi)
        if q_lo and q_hi:
            r = mean(q_hi) / mean(q_lo)
            rows.append(spec.row(f"{spec['erica']}, FD {fd} ms: largest queue N={hi} / N={lo}",
                                 spec["published"], [r], spec.tol.ok(r)))
    return rows


@fam.check
def abr_buf_delays(res, spec):
    """The largest trunk queue at the longest feedback delay over that at the shortest, per
    number of sources, against the ratio of the delays (proportionality)."""
    b = spec.table("abr_buffer")
    short, long_ = min(b["feedback_delays_ms"]), max(b["feedback_delays_ms"])
    rows = []
    for n in b["sources"]:
        q_s, q_l = _abr_queue(res, spec["erica"], short, n), _abr_queue(res, spec["erica"], long_, n)
        if q_s and q_l:
            r = mean(q_l) / mean(q_s)
            rows.append(spec.row(f"{spec['erica']}, N={n}: largest queue FD {long_} ms / {short} ms",
                                 f"{long_ / short:g} (proportional)", [r], spec.tol.ok(r)))
    return rows


@fam.check
def abr_buf_per_delay(res, spec):
    """Each seed's largest trunk queue over one feedback delay's worth of the link (JAIN: about
    3670 cells per 10 ms, i.e. 1)."""
    b = spec.table("abr_buffer")
    rows = []
    for fd in b["feedback_delays_ms"]:
        for n in b["sources"]:
            q = _abr_queue(res, spec["erica"], fd, n)
            if q:
                x = [v / (b["link_cells_per_s"] * fd * 1e-3) for v in q]
                rows.append(spec.row(f"{spec['erica']}, FD {fd} ms, N={n}: largest queue / "
                                     f"(FD × link rate)",
                                     f"≈ 1 ({b['cells_per_10ms']} cells per 10 ms)", x,
                                     spec.tol.all_ok(x)))
    return rows


# ---- JAIN-VSVD ---------------------------------------------------------------------------------


def _per_loop(res, metric, loop, **sel):
    """Each seed's ``metric`` over that run's ``loop`` (a feedback delay x bandwidth in cells the
    program reports beside it)."""
    return [r[metric] / r[loop] for r in res.get(**sel) if r.get(loop)]


@fam.check
def vsvd_own_loop(res, spec):
    """With VS/VD, each seed's largest queue at S over S's own (terrestrial) loop."""
    b = spec.table("vsvd")
    rows = []
    for n in b["sources"]:
        x = _per_loop(res, "sw1MaxQueueCells", "terrestrialLoopCells", erica=spec["erica"], n=n,
                      vsvd=True)
        if x:
            rows.append(spec.row(f"{spec['erica']}, N={n}, VS/VD: S's largest queue / its own "
                                 "loop's FD × BW", f"≈ 1 (≈ {b['terrestrial_loop_cells']} cells)",
                                 x, spec.tol.all_ok(x)))
    return rows


@fam.check
def vsvd_ratio(res, spec):
    """S's largest queue without VS/VD over that with it (means over seeds)."""
    b = spec.table("vsvd")
    whole = b["satellite_loop_cells"] + b["terrestrial_loop_cells"]
    rows = []
    for n in b["sources"]:
        off = res.values("sw1MaxQueueCells", erica=spec["erica"], n=n, vsvd=False)
        on = res.values("sw1MaxQueueCells", erica=spec["erica"], n=n, vsvd=True)
        if off and on:
            r = mean(off) / mean(on)
            rows.append(spec.row(f"{spec['erica']}, N={n}: S's largest queue without VS/VD / "
                                 "with VS/VD",
                                 f"whole loop / own loop = {whole / b['terrestrial_loop_cells']:.1f}",
                                 [r], spec.tol.ok(r)))
    return rows


@fam.check
def vsvd_whole_loop(res, spec):
    """Without VS/VD, each seed's largest queue at S over the whole loop (satellite included)."""
    b = spec.table("vsvd")
    whole = b["satellite_loop_cells"] + b["terrestrial_loop_cells"]
    rows = []
    for n in b["sources"]:
        x = _per_loop(res, "sw1MaxQueueCells", "wholeLoopCells", erica=spec["erica"], n=n,
                      vsvd=False)
        if x:
            rows.append(spec.row(f"{spec['erica']}, N={n}, end to end: S's largest queue / the "
                                 "whole loop's FD × BW", f"up to 1 (≈ {whole} cells)", x,
                                 spec.tol.all_ok(x)))
    return rows


@fam.check
def vsvd_ground_switch(res, spec):
    """With VS/VD, each seed's largest queue at the ground switch (its port onto the terrestrial
    link) over the satellite loop, the loop it closes as virtual destination."""
    b = spec.table("vsvd")
    rows = []
    for n in b["sources"]:
        x = _per_loop(res, "sw0MaxQueueCells", "satelliteLoopCells", erica=spec["erica"], n=n,
                      vsvd=True)
        if x:
            rows.append(spec.row(f"{spec['erica']}, N={n}, VS/VD: the ground switch's largest "
                                 "queue / the satellite loop's FD × BW",
                                 f"at most its own loop's (≈ {b['satellite_loop_cells']} cells)",
                                 x, spec.tol.all_ok(x)))
    return rows


# ---- the VBR source and the guaranteed rate (AF-424) -------------------------------------------


def vbr_share_fluid(gr, period_ms, duration, offset=0.0):
    """The VBR share of the trunk's slots over [0, duration] if the UBR class is never empty: the
    source offers the whole link during each ON period (ON = OFF = period, first ON at
    ``offset``, its access delay), and the port serves it at (1 - GR) of the link while its
    queue holds cells (GR 0: everything it offers, at once)."""
    on = period_ms / 1000.0
    rate = 1.0 - gr  # VBR service rate while backlogged, in link rates
    t, q, served = 0.0, 0.0, 0.0
    edges = []
    x = offset
    while x < duration:
        edges += [(x, 1.0), (min(x + on, duration), 0.0)]
        x += 2 * on
    arrival = 0.0
    for nxt, new_arrival in edges + [(duration, 0.0)]:
        nxt = min(nxt, duration)
        dt = nxt - t
        if dt > 0:
            if arrival >= rate:  # the queue grows (or stays empty at GR 0)
                served += rate * dt
                q += (arrival - rate) * dt
            else:  # the queue drains at rate - arrival until empty, then follows the arrivals
                drain = min(dt, q / (rate - arrival)) if q > 0 else 0.0
                served += rate * drain + arrival * (dt - drain)
                q -= (rate - arrival) * drain
        t = nxt
        arrival = new_arrival
    return served / duration


def _fluid(p, duration, gr=None):
    return vbr_share_fluid(p["gr"] if gr is None else gr, p["period"], duration,
                           ACCESS_DELAY_S[p["config"]])


@fam.check
def vbr_cells_lost(res, spec):
    """No VBR cell lost in its class buffer of 10^6 cells, every run."""
    lost = res.all_metrics("vbrCellsDropped")
    if not lost:
        return []
    return [spec.row(spec["quantity"], "0", lost, spec.tol.all_ok(lost), "cells")]


@fam.check
def vbr_share(res, spec):
    """The VBR source's share of the trunk, which does not depend on TCP. ``exact``: the UBR
    class is never empty during ON (small LAN buffers, greedy SACK), so the share is the fluid
    model's at the run's GR; otherwise (TCP idle after timeouts) VBR may get more than 1 - GR
    during ON, never less, and never more than it offers (the model at GR 0)."""
    d = spec.target["duration"]
    slack = spec["slack"]
    dev, bad = [], False
    for p, ms in res.select():
        lo, hi = _fluid(p, d), _fluid(p, d, 0.0)
        for r in ms:
            share = r["vbrShare"]
            dev.append(share - lo)
            ok = abs(share - lo) <= slack if spec["exact"] else lo - slack <= share <= hi + slack
            bad = bad or not ok
    if not dev:
        return []
    if spec["exact"]:
        return [spec.row("VBR share of the trunk − fluid model (VBR served at 1 − GR during ON), "
                         "every run", "0", dev, not bad)]
    return [spec.row("VBR share of the trunk between the fluid model at its GR (served at 1 − GR "
                     "while UBR is backlogged) and at GR 0 (all it offers), every run: share − "
                     "lower bound", "≥ 0", dev, not bad)]


@fam.check
def vbr_period_ordering(res, spec):
    """Strict priority in the WAN: efficiency with short VBR periods >= with long ones
    (average of the policies) at the large buffer."""
    k, short, long_ = spec["k"], spec["periods"][0], spec["periods"][1]
    e = {per: [res.mean("efficiency", k=k, period=per, policy=p) for p in COLUMNS
               if res.has(k=k, period=per, policy=p)] for per in (short, long_)}
    if not all(len(v) == 3 for v in e.values()):
        return []
    pub = {per: mean(_pub(spec, config="WAN", k=k, period=per)["efficiency"])
           for per in (short, long_)}
    return [spec.row(f"K={k}: efficiency with {short} ms VBR periods ≥ with {long_} ms "
                     "(average of UBR, EPD, SD)", f"{pub[short]:.2f} ≥ {pub[long_]:.2f}",
                     [mean(e[short]), mean(e[long_])], mean(e[short]) >= mean(e[long_]))]


@fam.check
def gr_share_model(res, spec):
    """GR-QUICK: the VBR share of each run against the fluid model."""
    rows = []
    d = spec.target["duration"]
    for p, ms in res.select():
        share = [r["vbrShare"] for r in ms]
        expect = _fluid(p, d)
        gr = p["gr"]
        what = ("its whole ON period (GR 0)" if gr == 0 else
                f"{1 - gr:g} of the link during ON, the backlog after it")
        rows.append(spec.row(f"GR={gr:g}: VBR share of the trunk = {what}",
                             f"{expect:.4f} (model)", share, spec.tol.all_ok(share, expect)))
    return rows


@fam.check
def gr_ubr_rest(res, spec):
    """GR-QUICK: UBR takes the slots VBR leaves (work conserving)."""
    rows = []
    d = spec.target["duration"]
    for p, ms in res.select():
        expect = _fluid(p, d)
        ubr = [r["rawUtilization"] - r["vbrShare"] for r in ms]
        rows.append(spec.row(f"GR={p['gr']:g}: UBR share of the trunk = the rest (work "
                             "conserving)", f"{1 - expect:.4f}", ubr,
                             all(x >= 1 - expect - spec["slack"] for x in ubr)))
    return rows


@fam.check
def gr_timeouts_ordering(res, spec):
    """At GR 0 UBR is starved for each 300 ms ON period, longer than the 2-3-tick RTO: the
    TCPs time out in most periods; a guaranteed rate keeps their ACK clock running."""
    if not all(res.has(gr=g) for g in GR_VALUES):
        return []
    t = [res.mean("timeouts", gr=g) for g in GR_VALUES]
    return [spec.row("TCP timeouts per run: GR 0 > GR 0.1 > GR 0.5 (starvation during ON)",
                     "timeouts at GR 0 (AF-424 text)", t, t[0] > t[1] > t[2])]


@fam.check
def gr_efficiency_ordering(res, spec):
    if not all(res.has(gr=g) for g in GR_VALUES):
        return []
    e = [res.mean("efficiency", gr=g) for g in GR_VALUES]
    pub = {r["gr"]: r["efficiency"][2] for r in spec.table()["rows"]
           if (r["config"], r["n"], r["k"], r["tcp"]) == ("LAN", 5, 1000, "sack")}
    return [spec.row("efficiency non-decreasing in GR (0 ≤ 0.1 ≤ 0.5)",
                     " / ".join(f"{pub[g]:.2f}" for g in GR_VALUES) + " (JAIN: monotone in the "
                     "WAN only)", e, e[0] <= e[1] <= e[2])]


@fam.check
def gr_tcp_average(res, spec):
    """Per TCP and GR, the mean efficiency over N, buffer and policy (what IMP Figs 2-5 plot)."""
    rows = []
    for tcp in TCPS:
        for gr in GR_VALUES:
            sim, pub = [], []
            for row in spec.table()["rows"]:
                if row["config"] != spec.target["config"] or row["tcp"] != tcp or row["gr"] != gr:
                    continue
                for i, policy in enumerate(COLUMNS):
                    sel = dict(_cell_params(row), policy=policy)
                    if res.has(**sel):
                        sim.append(res.mean("efficiency", **sel))
                        pub.append(row["efficiency"][i])
            if sim:
                rows.append(spec.row(f"{tcp} GR={gr:g}: average efficiency ({len(sim)} runs)",
                                     f"{mean(pub):.2f}", [mean(sim)],
                                     spec.tol.ok(mean(sim), mean(pub))))
    return rows


@fam.check
def gr_sack_monotone(res, spec):
    """WAN: SACK's average efficiency non-decreasing in GR (only with every run of the grid)."""
    cfg = spec.target["config"]
    cells = [r for r in spec.table()["rows"] if r["config"] == cfg and r["tcp"] == "sack"]
    e, p = [], []
    for gr in GR_VALUES:
        sel = [(dict(_cell_params(r), policy=pol), r["efficiency"][i])
               for r in cells if r["gr"] == gr for i, pol in enumerate(COLUMNS)]
        if not all(res.has(**s) for s, _ in sel):
            return []
        e.append(mean(res.mean("efficiency", **s) for s, _ in sel))
        p.append(mean(v for _, v in sel))
    return [spec.row("SACK average efficiency non-decreasing in GR (0 ≤ 0.1 ≤ 0.5)",
                     " ≤ ".join(f"{x:.2f}" for x in p), e, e[0] <= e[1] <= e[2])]


@fam.check
def gr_cell_bound(res, spec):
    """One published cell per policy that must reach the tolerance (e.g. WAN SACK N = 5,
    12,000 cells, GR 0.5 >= 0.9)."""
    rows = []
    where = spec["where"]
    row = _pub(spec, **where)
    for i, policy in enumerate(COLUMNS):
        e = res.values("efficiency", policy=policy, **where)
        if e:
            rows.append(spec.row(make_label(dict(where, policy=policy), spec["quantity"]),
                                 f"{row['efficiency'][i]:.2f}", e, spec.tol.ok(mean(e))))
    return rows


@fam.check
def lan_policy_dominates(res, spec):
    """AF-424's LAN conclusion: the drop policy dominates, SD best (mean over every run)."""
    sd = [res.mean("efficiency", **p) for p, _ in res.select(policy="SD")]
    ubr = [res.mean("efficiency", **p) for p, _ in res.select(policy="UBR")]
    if not (sd and ubr):
        return []
    lan = [r for r in spec.table()["rows"] if r["config"] == "LAN"]
    pub_sd = mean(r["efficiency"][2] for r in lan)
    pub_ubr = mean(r["efficiency"][0] for r in lan)
    return [spec.row("average efficiency SD > UBR (the drop policy dominates in the LAN)",
                     f"{pub_sd:.2f} > {pub_ubr:.2f}", [mean(sd), mean(ubr)], mean(sd) > mean(ubr))]


def _policy_avg(res, **sel):
    v = [res.mean("efficiency", policy=p, **sel) for p in COLUMNS if res.has(policy=p, **sel)]
    return mean(v) if v else None


@fam.check
def sat_sack_bound(res, spec):
    """GEO 600k: SACK with EPD and SD at the tolerance, every GR."""
    rows = []
    for gr in GR_VALUES:
        row = _pub(spec, tcp="sack", k=spec["k"], gr=gr)
        for i, policy in enumerate(COLUMNS):
            if policy not in spec["policies"]:
                continue
            e = res.values("efficiency", tcp="sack", k=spec["k"], gr=gr, policy=policy)
            if e:
                rows.append(spec.row(f"600k: SACK {policy} GR={gr:g} efficiency",
                                     f"{row['efficiency'][i]:.2f}", e, spec.tol.ok(mean(e))))
    return rows


@fam.check
def sat_tcp_ordering(res, spec):
    """GEO 600k: Reno < Vanilla < SACK at every GR (average of the policies)."""
    rows = []
    order = ("reno", "vanilla", "sack")
    for gr in GR_VALUES:
        e = {t: _policy_avg(res, tcp=t, k=spec["k"], gr=gr) for t in order}
        if any(v is None for v in e.values()):
            continue
        pub = {t: mean(_pub(spec, tcp=t, k=spec["k"], gr=gr)["efficiency"]) for t in order}
        rows.append(spec.row(f"600k GR={gr:g}: Reno < Vanilla < SACK (average of the policies)",
                             " < ".join(f"{pub[t]:.2f}" for t in order), [e[t] for t in order],
                             e["reno"] < e["vanilla"] < e["sack"]))
    return rows


def _thresh15_groups(metrics):
    """One run's five group averages (Mb/s), each over its three TCPs, and the run's total."""
    g = metrics["goodputMbps"]
    return [mean(g[3 * i:3 * i + 3]) for i in range(5)], sum(g)


def _thresh15_ratios(metrics, thresholds):
    """Each group's throughput over mu x r_i / r, mu = the run's total (GFRJ's mu_i / mu_i^e)."""
    groups, total = _thresh15_groups(metrics)
    r = 3 * sum(thresholds)
    return [x / (total * ri / r) for x, ri in zip(groups, thresholds)]


@fam.check
def thresh15_ratio(res, spec):
    """GFRJ: each group gets mu x r_i / r of the throughput mu, within the paper's margin."""
    rows = []
    for row in spec.table()["rows"]:
        if row["exp"] not in spec["exps"] or not res.has(exp=row["exp"]):
            continue
        per_seed = [_thresh15_ratios(m, row["thresholds"]) for m in res.get(exp=row["exp"])]
        pub_ratio = [x / e for x, e in zip(row["throughput"], spec.table()["expected"])]
        for i, ri in enumerate(row["thresholds"]):
            v = [s[i] for s in per_seed]
            rows.append(spec.row(f"Exp {row['exp']} group {i + 1} (r_i = {ri}): "
                                 f"throughput / (mu r_i / r)", f"{pub_ratio[i]:.2f}", v,
                                 spec.tol.ok(mean(v), 1.0), "ratio",
                                 tolerance=f"1 {spec.tol.text}"))
    return rows


@fam.check
def thresh15_ordering(res, spec):
    """GFRJ: in every experiment the throughput per TCP rises with its VC's threshold."""
    rows = []
    for row in spec.table()["rows"]:
        if res.has(exp=row["exp"]):
            g = [mean(s[i] for s in (_thresh15_groups(m)[0] for m in res.get(exp=row["exp"])))
                 for i in range(5)]
            rows.append(spec.row(f"Exp {row['exp']}: throughput per TCP rises with r_i",
                                 " < ".join(f"{x:.2f}" for x in row["throughput"]), g,
                                 all(a < b for a, b in zip(g, g[1:])), "Mb/s"))
    return rows


@fam.check
def thresh15_groups(res, spec):
    """The published group averages (Mb/s per TCP) against the simulated ones."""
    rows = []
    for row in spec.table()["rows"]:
        if not res.has(exp=row["exp"]):
            continue
        per_seed = [_thresh15_groups(m)[0] for m in res.get(exp=row["exp"])]
        for i, pub in enumerate(row["throughput"]):
            v = [s[i] for s in per_seed]
            rows.append(spec.row(f"Exp {row['exp']} group {i + 1} throughput per TCP",
                                 f"{pub:.2f}", v, spec.tol.ok(mean(v), pub), "Mb/s"))
    return rows


@fam.check
def thresh15_total(res, spec):
    """The published total throughput mu of each experiment."""
    rows = []
    for row in spec.table()["rows"]:
        if res.has(exp=row["exp"]):
            v = [_thresh15_groups(m)[1] for m in res.get(exp=row["exp"])]
            rows.append(spec.row(f"Exp {row['exp']} total throughput mu", f"{row['total']:.2f}",
                                 v, spec.tol.ok(mean(v), row["total"]), "Mb/s"))
    return rows


# ---- figures -----------------------------------------------------------------------------------


def _policy_bars(res, plt, t, groups_of):
    """Published and simulated efficiency and fairness per run, grouped bars."""
    rows = []
    table = {}
    published = t.family.table(groups_of["table"])
    columns = published.get("columns", COLUMNS)  # a table without UBR (IMP Table 1) names them
    for row in published["rows"]:
        table[tuple(sorted(_cell_params(row).items()))] = row
    nan = float("nan")
    for p, ms in sorted(res.select(), key=lambda x: (x[0].get("n", 5), x[0]["k"],
                                                      TCP_ORDER.index(x[0]["tcp"]),
                                                      COLUMNS.index(x[0]["policy"]))):
        i = columns.index(p["policy"])
        pub = None
        for key, row in table.items():
            if all(p.get(k) == v for k, v in key):
                pub = row
        rows.append((groups_of["label"](p), pub["efficiency"][i] if pub else nan,
                     pub["fairness"][i] if pub and "fairness" in pub else nan,
                     [r["efficiency"] for r in ms], [r["fairness"] for r in ms]))
    fig, axs = plt.subplots(2, 1, figsize=(max(8, 0.55 * len(rows)), 7))
    bars(axs[0], [r[0] for r in rows], [r[1] for r in rows], [r[3] for r in rows], "efficiency",
         "E = Σx/C")
    bars(axs[1], [r[0] for r in rows], [r[2] for r in rows], [r[4] for r in rows], "fairness",
         "Jain index")
    axs[0].legend(fontsize=8)
    fig.suptitle(f"{t.id}: {t.title}", fontsize=10)
    return fig


@fam.figure
def icccn_figure(res, plt, t):
    return _policy_bars(res, plt, t, {"table": "icccn",
                                      "label": lambda p: f"N={p['n']} K={p['k']} {p['policy']}"})


@fam.figure
def geo_figure(res, plt, t):
    return _policy_bars(res, plt, t, {"table": "geo", "label": lambda p: f"{p['tcp']} "
                                      f"{p['k'] // 1000}k {p['policy']}"})


@fam.figure
def leo_figure(res, plt, t):
    # IMP Table 1 gives no fairness: the lower panel shows the simulated fairness alone.
    fig = _policy_bars(res, plt, t, {"table": "leo", "label": lambda p: f"{p['tcp']} "
                                     f"{p['k'] // 1000}k {p['policy']}"})
    fig.axes[1].set_title("fairness (simulated; IMP Table 1 gives none)", fontsize=10)
    fig.suptitle(fill(f"{t.id}: {t.title}", 110), fontsize=10)  # the long title on two lines
    return fig


@fam.figure
def buf_figure(res, plt, t):
    """One panel per orbit of the target (LEO, multi-hop LEO, GEO), a line per N."""
    orbits = [(o, b) for o, b in t.family.table("buffers").items() if o in t["orbits"]]
    fig, axs = plt.subplots(1, len(orbits), figsize=(5.5 * len(orbits), 3.8), squeeze=False)
    for ax, (orbit, b) in zip(axs[0], orbits):
        for n in b["sources"]:
            pts = [(k / b["rtt_cells"], res.values("efficiency", orbit=orbit, n=n, k=k))
                   for k in b["buffers"] if res.has(orbit=orbit, n=n, k=k)]
            if pts:
                ax.plot([p for p, _ in pts], [mean(v) for _, v in pts], "o-", label=f"N={n}")
        ax.set_xscale("log")
        ax.set_xlabel("buffer (fraction of RTT × link rate)")
        ax.set_ylabel("efficiency")
        ax.axvline(0.5, color="k", ls=":", lw=1)
        ax.axhline(0.98, color="grey", ls="--", lw=1)
        ax.set_title(f"{orbit} (RTT {b['rtt_ms']} ms), SACK + SD", fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    return fig


@fam.figure
def abr_buf_figure(res, plt, t):
    b = t.family.table("abr_buffer")
    fds = b["feedback_delays_ms"]
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    styles = ["o-", "s--", "^-", "v--"]
    i = 0
    for erica in t["ericas"]:
        for n in b["sources"]:
            errorbars(ax, fds, [_abr_queue(res, erica, fd, n) for fd in fds], styles[i % 4],
                      label=f"{erica}, N={n}", capsize=3)
            i += 1
    ax.plot(fds, [b["link_cells_per_s"] * fd * 1e-3 for fd in fds], "k:",
            label=f"published: {b['cells_per_10ms']} cells per 10 ms")
    ax.set_xlabel("feedback delay of the trunk port (ms)")
    ax.set_ylabel("largest trunk queue (cells)")
    ax.set_title("TCP over ABR, ERICA+ at the trunk (SACK, 600 KB windows)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return fig

@fam.figure
def vsvd_figure(res, plt, t):
    b = t.family.table("vsvd")
    groups = [(e, n) for e in t["ericas"] for n in b["sources"]]
    series = [("S, end to end", "sw1MaxQueueCells", False, "#c44e52"),
              ("S, VS/VD", "sw1MaxQueueCells", True, "#3b75af"),
              ("ground switch, VS/VD", "sw0MaxQueueCells", True, "#8da0cb")]
    fig, ax = plt.subplots(figsize=(7, 4))
    w = 0.26
    for j, (name, metric, vsvd, color) in enumerate(series):
        vals = [res.values(metric, erica=e, n=n, vsvd=vsvd) for e, n in groups]
        mu = [mean(v) if v else 0 for v in vals]
        err = [[m - min(v) if v else 0 for m, v in zip(mu, vals)],
               [max(v) - m if v else 0 for m, v in zip(mu, vals)]]
        ax.bar([i + (j - 1) * w for i in range(len(groups))], mu, w, yerr=err, capsize=3,
               color=color, edgecolor="black", label=name)
    whole = b["satellite_loop_cells"] + b["terrestrial_loop_cells"]
    ax.axhline(whole, color="k", ls="--", lw=1,
               label=f"published: whole loop ≈ {whole} cells (S, end to end)")
    ax.axhline(b["terrestrial_loop_cells"], color="k", ls=":", lw=1,
               label=f"published: own loop ≈ {b['terrestrial_loop_cells']} cells (S, VS/VD)")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{e}\nN={n}" for e, n in groups], fontsize=8)
    ax.set_ylabel("largest queue (cells)")
    ax.set_title("JAIN-VSVD: TCP over ABR across a satellite hop, ERICA+ at S", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    ax.set_ylim(0, 1.45 * max([whole] + [b.get_height() for b in ax.patches]))
    ax.legend(fontsize=7, ncol=2, loc="upper left")
    return fig


@fam.figure
def gr_quick_figure(res, plt, t):
    grs = [g for g in GR_VALUES if res.has(gr=g)]
    if not grs:
        return None
    pub = {r["gr"]: r for r in t.family.table("gr")["rows"]
           if (r["config"], r["n"], r["k"], r["tcp"]) == ("LAN", 5, 1000, "sack")}
    d = t["duration"]
    fig, axs = plt.subplots(1, 3, figsize=(13, 3.8))
    bars(axs[0], [f"GR={g:g}" for g in grs],
         [vbr_share_fluid(g, 300, d, ACCESS_DELAY_S["LAN"]) for g in grs],
         [res.values("vbrShare", gr=g) for g in grs],
         "VBR share of the trunk (published: fluid model)", "fraction of slots")
    axs[0].set_ylim(0.45, 0.55)
    axs[0].legend(["fluid model", "simulated"], fontsize=8)
    for ax, key in ((axs[1], "efficiency"), (axs[2], "fairness")):
        pub_sim(ax, grs, [pub[g][key][2] for g in grs], [res.values(key, gr=g) for g in grs],
                "SD")
        ax.set_xlabel("GR")
        ax.set_title(f"SD {key}", fontsize=10)
    axs[1].legend(fontsize=8)
    fig.suptitle("JAIN-GR-QUICK: LAN, 5 SACK sources, 1000 cells, SD, VBR 300 ms on/off",
                 fontsize=11)
    return fig


@fam.figure
def vbr_figure(res, plt, t):
    cfg = t["config"]
    table = [r for r in t.family.table("vbr")["rows"] if r["config"] == cfg]
    buffers = sorted({r["k"] for r in table})
    periods = []
    for r in table:
        if r["period"] not in periods:
            periods.append(r["period"])
    pub = {(r["k"], r["period"]): r for r in table}
    fig, axs = plt.subplots(2, len(buffers), figsize=(5.5 * len(buffers), 7), squeeze=False)
    for j, k in enumerate(buffers):
        for row, key in enumerate(("efficiency", "fairness")):
            ax = axs[row][j]
            for i, p in enumerate(COLUMNS):
                pub_sim(ax, range(len(periods)), [pub[(k, per)][key][i] for per in periods],
                        [res.values(key, k=k, period=per, policy=p) for per in periods], p,
                        [f"{per} ms" for per in periods])
            ax.set_title(f"{cfg} K={k}: {key}", fontsize=10)
            ax.set_xlabel("VBR ON = OFF period")
    axs[0][0].legend(fontsize=7)
    fig.suptitle(f"{t.id}: 5 SACK sources, VBR with strict priority (AF-424 Tables 1–2)",
                 fontsize=11)
    return fig


@fam.figure
def gr_figure(res, plt, t):
    cfg = t["config"]
    table = {(r["n"], r["k"], r["tcp"], r["gr"]): r for r in t.family.table("gr")["rows"]
             if r["config"] == cfg}
    ns = sorted({n for n, _, _, _ in table})
    buffers = sorted({k for _, k, _, _ in table})
    combos = [(n, k) for n in ns for k in buffers]
    grs = list(GR_VALUES)
    fig, axs = plt.subplots(len(TCPS) + 1, len(combos), figsize=(4.2 * len(combos), 13),
                            squeeze=False)
    for j, (n, k) in enumerate(combos):
        for r, tcp in enumerate(TCPS):
            ax = axs[r][j]
            for i, p in enumerate(COLUMNS):
                pub_sim(ax, grs, [table[(n, k, tcp, g)]["efficiency"][i] for g in grs],
                        [res.values("efficiency", tcp=tcp, n=n, k=k, gr=g, policy=p)
                         for g in grs], p)
            ax.set_title(f"{tcp} N={n} K={k}: efficiency", fontsize=9)
        ax = axs[len(TCPS)][j]
        for i, p in enumerate(COLUMNS):
            pub, sim = [], []
            for g in grs:
                pub.append(mean(table[(n, k, tcp, g)]["fairness"][i] for tcp in TCPS))
                v = [res.mean("fairness", tcp=tcp, n=n, k=k, gr=g, policy=p) for tcp in TCPS
                     if res.has(tcp=tcp, n=n, k=k, gr=g, policy=p)]
                sim.append([mean(v)] if v else [])
            pub_sim(ax, grs, pub, sim, p)
        ax.set_title(f"N={n} K={k}: fairness, mean of the TCPs", fontsize=9)
        ax.set_xlabel("GR (UBR guaranteed fraction)")
    axs[0][0].legend(fontsize=7)
    fig.suptitle(f"{t.id}: efficiency against GR, VBR 300 ms on/off (AF-424 Tables 3–6)",
                 fontsize=11)
    return fig


@fam.figure
def sat_figure(res, plt, t):
    table = {(r["tcp"], r["k"], r["gr"]): r for r in t.family.table("sat")["rows"]}
    buffers = sorted({k for _, k, _ in table})
    grs = list(GR_VALUES)
    fig, axs = plt.subplots(4, len(TCPS), figsize=(13, 13), squeeze=False)
    for j, tcp in enumerate(TCPS):
        for b, k in enumerate(buffers):
            for row, key in enumerate(("efficiency", "fairness")):
                ax = axs[2 * row + b][j]
                for i, p in enumerate(COLUMNS):
                    pub_sim(ax, grs, [table[(tcp, k, g)][key][i] for g in grs],
                            [res.values(key, tcp=tcp, k=k, gr=g, policy=p) for g in grs], p)
                ax.set_title(f"{tcp} K={k // 1000}k: {key}", fontsize=9)
        axs[3][j].set_xlabel("GR (UBR guaranteed fraction)")
    axs[0][0].legend(fontsize=7)
    fig.suptitle(f"{t.id}: 5 sources over GEO (550 ms), VBR 300 ms (AF-424 Tables 7–9)",
                 fontsize=11)
    return fig


@fam.figure
def thresh15_figure(res, plt, t):
    rows = [r for r in t.family.table("thresh15")["rows"] if res.has(exp=r["exp"])]
    if not rows:
        return None
    fig, axs = plt.subplots(1, len(rows), figsize=(4 * len(rows), 3.8), squeeze=False)
    for ax, row in zip(axs[0], rows):
        sims = [[_thresh15_groups(m)[0][i] for m in res.get(exp=row["exp"])] for i in range(5)]
        bars(ax, [f"r={r}" for r in row["thresholds"]], row["throughput"], sims,
             f"Exp {row['exp']}", "Mb/s per TCP")
        total = mean(_thresh15_groups(m)[1] for m in res.get(exp=row["exp"]))
        r = 3 * sum(row["thresholds"])
        ax.plot(range(5), [total * ri / r for ri in row["thresholds"]], "k_", ms=18, mew=2,
                label="mu r_i / r (simulated mu)")
    axs[0][0].legend(fontsize=7)
    fig.suptitle(f"{t.id}: per-VC single-drop thresholds, throughput per TCP by group",
                 fontsize=10)
    return fig
