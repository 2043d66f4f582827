# SPDX-License-Identifier: GPL-2.0-only
"""Figure of the time series an example run writes with --traceDir (AtmFlowTracer; atm-first,
atm-faults, atm-n-source, atm-cbr-window, atm-vbr-police, atm-vp-split):

- ``tcp.csv`` (``time_s,flow,metric,value``): per TCP sender ``cwnd_bytes``, ``ssthresh_bytes``,
  ``rtt_ms``, ``srtt_ms``, ``rto_ms``, ``bytes_acked``, ``cong_state`` at each change and one
  ``timeout`` row per retransmission timeout (value: the back-off count);
- ``ports.csv`` (``time_s,port,metric,value``): per switch port, every sampling interval,
  ``queue_cells``, ``queue_max_cells`` and, for reasons with drops in the interval,
  ``drop_<reason>_cells`` and ``frame_drop_<reason>``.

``plot(trace_dir, out)`` draws one figure: a panel per flow with cwnd and ssthresh against time
(steps), its timeouts as markers on the cwnd curve and the data acknowledged so far (right
axis: the ACK clock), and a bottom panel with each port's queue
occupancy and its drops as markers. ``utils/atm-validation --plot TRACEDIR [--out FILE.png]`` is
its command line; the validation runner draws one run per target with it (the report's time
series)."""

from pathlib import Path

from .figures import pyplot, save

TCP_FILE = "tcp.csv"
PORTS_FILE = "ports.csv"
TCP_HEADER = ["time_s", "flow", "metric", "value"]
PORTS_HEADER = ["time_s", "port", "metric", "value"]
DEFAULT_FIGURE = "traces.png"


class TraceError(Exception):
    """A trace directory that cannot be read (missing, no tcp.csv, a foreign file)."""


def _read_csv(path, header, key_type):
    import pandas as pd
    try:
        df = pd.read_csv(path, dtype={header[1]: key_type, "metric": str})
    except (OSError, ValueError) as e:
        raise TraceError(f"{path}: cannot read it ({e})")
    if list(df.columns) != header:
        raise TraceError(f"{path}: header {','.join(map(str, df.columns))}, expected "
                         f"{','.join(header)} (a trace written by an example's --traceDir)")
    return df


def check_dir(trace_dir):
    """Raise TraceError unless ``trace_dir`` is a directory holding tcp.csv."""
    d = Path(trace_dir)
    if not d.exists():
        raise TraceError(f"{d}: no such directory (give the --traceDir of an example's run)")
    if not d.is_dir():
        raise TraceError(f"{d}: not a directory (give the --traceDir of an example's run)")
    if not (d / TCP_FILE).is_file():
        raise TraceError(f"{d}: no {TCP_FILE} in it (give the --traceDir of an example's run)")


def read(trace_dir):
    """The traces of ``trace_dir`` as two pandas DataFrames (tcp, ports), sorted by time (stable:
    rows of one instant keep their order); ports is empty when ports.csv is missing."""
    import pandas as pd
    check_dir(trace_dir)
    d = Path(trace_dir)
    tcp = _read_csv(d / TCP_FILE, TCP_HEADER, "int64")
    if (d / PORTS_FILE).is_file():
        ports = _read_csv(d / PORTS_FILE, PORTS_HEADER, str)
    else:
        ports = pd.DataFrame({c: [] for c in PORTS_HEADER})
    return (tcp.sort_values("time_s", kind="stable").reset_index(drop=True),
            ports.sort_values("time_s", kind="stable").reset_index(drop=True))


def _series(df, key_column, key, metric):
    s = df[(df[key_column] == key) & (df["metric"] == metric)]
    return s["time_s"].to_numpy(), s["value"].to_numpy()


def _value_at(times, values, at, before=False):
    """The step function (times, values) at each instant of ``at`` (``before``: just before the
    changes of that instant; its first value before the first change)."""
    import numpy as np
    if len(times) == 0:
        return np.zeros(len(at))
    i = np.searchsorted(times, at, side="left" if before else "right") - 1
    return values[np.clip(i, 0, len(values) - 1)]


def _drop_totals(ports, port):
    """(time, cells) of the samples of ``port`` with drops, all reasons together."""
    d = ports[(ports["port"] == port) & ports["metric"].str.startswith("drop_")
              & ports["metric"].str.endswith("_cells")]
    g = d.groupby("time_s", sort=True)["value"].sum()
    return g.index.to_numpy(), g.to_numpy()


def _window(df, key_column, t0, t1):
    """The rows of ``df`` with t0 <= time_s <= t1, plus per (key, metric) the last row before
    t0 moved to t0 (so that a step curve starts at the level it had)."""
    import pandas as pd
    inside = df[(df["time_s"] >= t0) & (df["time_s"] <= t1)]
    before = df[df["time_s"] < t0]
    if len(before):
        before = before.groupby([key_column, "metric"], sort=False).tail(1).copy()
        before = before[~before["metric"].str.startswith("drop_")
                        & ~before["metric"].str.startswith("frame_drop_")
                        & (before["metric"] != "timeout")]
        before["time_s"] = t0
        inside = pd.concat([before, inside])
    # Each level series ends at t1, so that a step curve reaches the end of the window.
    levels = inside[~inside["metric"].str.startswith("drop_")
                    & ~inside["metric"].str.startswith("frame_drop_")
                    & (inside["metric"] != "timeout")]
    last = levels.groupby([key_column, "metric"], sort=False).tail(1).copy()
    last["time_s"] = t1
    return pd.concat([inside, last]).reset_index(drop=True)


def plot(trace_dir, out=None, title=None, time_range=None):
    """Draw the figure of ``trace_dir`` into ``out`` (default ``<trace_dir>/traces.png``) and
    return its path. Ports whose queue never holds more than one cell and that drop nothing
    are left out of the bottom panel (all are drawn if none is busier). ``time_range``
    ``(t0, t1)`` keeps the rows of simulated times t0 to t1 only (each series' last value
    before t0 is kept too, so steps start at their true level)."""
    tcp, ports = read(trace_dir)
    if time_range:
        tcp, ports = _window(tcp, "flow", *time_range), _window(ports, "port", *time_range)
    out = Path(out) if out else Path(trace_dir) / DEFAULT_FIGURE
    flows = sorted(tcp["flow"].unique())
    names = list(dict.fromkeys(ports["port"])) if len(ports) else []
    busy = []
    for name in names:
        q = ports[(ports["port"] == name) & (ports["metric"] == "queue_max_cells")]["value"]
        if (len(q) and q.max() > 1) or len(_drop_totals(ports, name)[0]):
            busy.append(name)
    shown = busy or names

    plt = pyplot()
    rows = max(1, len(flows)) + (1 if shown else 0)
    fig, axes = plt.subplots(rows, 1, sharex=True, squeeze=False,
                             figsize=(9, 1.7 * max(1, len(flows)) + (2.6 if shown else 0)),
                             gridspec_kw={"height_ratios": [1] * max(1, len(flows))
                                          + ([1.5] if shown else [])})
    axes = axes[:, 0]
    if not flows:
        axes[0].text(0.5, 0.5, "no TCP sender in tcp.csv", ha="center", va="center",
                     transform=axes[0].transAxes)
    for ax, flow in zip(axes, flows):
        ct, cv = _series(tcp, "flow", flow, "cwnd_bytes")
        st, sv = _series(tcp, "flow", flow, "ssthresh_bytes")
        tt, tv = _series(tcp, "flow", flow, "timeout")
        at, av = _series(tcp, "flow", flow, "bytes_acked")
        if len(ct):
            ax.step(ct, cv / 1e3, where="post", color="#3b75af", lw=0.9, label="cwnd")
        if len(st):
            ax.step(st, sv / 1e3, where="post", color="#dd8452", lw=0.9, ls="--",
                    label="ssthresh")
        if len(tt):
            ax.plot(tt, _value_at(ct, cv, tt, before=True) / 1e3, "x", color="#c44e52", ms=6,
                    mew=1.5, label=f"timeout ({len(tt)})")
        # ssthresh starts huge when the preset leaves ns-3's default: keep cwnd readable.
        top = max([cv.max() if len(cv) else 0]
                  + [v for v in sv if len(cv) and v <= 3 * cv.max()])
        if top > 0:
            ax.set_ylim(0, 1.1 * top / 1e3)
        ax.set_ylabel(f"flow {flow}\nkB", fontsize=8)
        ax.grid(alpha=0.3)
        handles, labels = ax.get_legend_handles_labels()
        if len(at):
            # The data acknowledged so far, on its own axis: the ACK clock, step by step.
            acked = ax.twinx()
            line = acked.step(at, av / 1e3, where="post", color="#55a868", lw=0.9,
                              label="acked")[0]
            acked.set_ylabel("acked\nkB", fontsize=8, color="#55a868")
            acked.tick_params(axis="y", labelsize=7, colors="#55a868")
            handles, labels = handles + [line], labels + ["acked (right)"]
        ax.legend(handles, labels, loc="upper left", fontsize=7, ncol=4)
    if shown:
        ax = axes[-1]
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        for i, name in enumerate(shown):
            color = colors[i % len(colors)]
            qt, qv = _series(ports, "port", name, "queue_cells")
            ax.plot(qt, qv, color=color, lw=0.8, label=name)
            dt, dv = _drop_totals(ports, name)
            if len(dt):
                ax.plot(dt, _value_at(qt, qv, dt), "v", color=color, ms=4,
                        label=f"{name} drops ({int(dv.sum())} cells)")
        ax.set_ylabel("queue\ncells", fontsize=8)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize=7, ncol=2)
    axes[-1].set_xlabel("time (s)")
    axes[0].set_title(title or f"{Path(trace_dir).resolve().name}: cwnd, ssthresh, timeouts and "
                      f"acknowledged data per flow; switch port queues and drops", fontsize=10)
    out.parent.mkdir(parents=True, exist_ok=True)
    save(fig, out, plt)
    return out
