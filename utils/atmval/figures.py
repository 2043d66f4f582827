# SPDX-License-Identifier: GPL-2.0-only
"""Figure helpers shared by the family modules (each target draws its own figure through the
``figure`` function its data file names; the report calls it and saves the result)."""

from statistics import mean


def pyplot():
    """matplotlib.pyplot on the Agg backend (no display)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save(fig, path, plt):
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def spread(values_per_point):
    """Min-max error bars around the means: (means, [[below], [above]])."""
    mu = [mean(v) if v else float("nan") for v in values_per_point]
    return mu, [[m - min(v) if v else 0 for m, v in zip(mu, values_per_point)],
                [max(v) - m if v else 0 for m, v in zip(mu, values_per_point)]]


def errorbars(ax, xs, values_per_point, fmt, **kw):
    """Means with min-max bars over the seeds; points without values are left out."""
    pts = [(x, v) for x, v in zip(xs, values_per_point) if v]
    if not pts:
        return
    mu, err = spread([v for _, v in pts])
    ax.errorbar([x for x, _ in pts], mu, yerr=err, fmt=fmt, **kw)


def bars(ax, groups, published, simulated, title, ylabel):
    """Grouped bars: published (hatched) next to simulated (min-max error bar) per group."""
    x = range(len(groups))
    w = 0.38
    ax.bar([i - w / 2 for i in x], published, w, label="published", color="#bbbbbb",
           edgecolor="black", hatch="//")
    mu, err = spread(simulated)
    ax.bar([i + w / 2 for i in x], mu, w, yerr=err, capsize=3, label="simulated",
           color="#3b75af", edgecolor="black")
    ax.set_xticks(list(x))
    ax.set_xticklabels(groups, rotation=30, ha="right", fontsize=8)
    ax.set_title(title, fontsize=10)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)


POLICY_STYLE = {"UBR": ("#c44e52", "o"), "EPD": ("#dd8452", "s"), "SD": ("#3b75af", "^")}


def pub_sim(ax, xs, published, simulated, policy, xlabels=None):
    """One drop policy on one panel: published (dashed, open markers) and simulated (solid,
    filled, min-max bar over seeds) against x positions; missing runs are left out."""
    color, marker = POLICY_STYLE[policy]
    pts = [(x, p) for x, p in zip(xs, published) if p is not None]
    if pts:
        ax.plot([x for x, _ in pts], [p for _, p in pts], ls="--", marker=marker, color=color,
                mfc="none", label=f"{policy} published")
    errorbars(ax, xs, simulated, "", ls="-", marker=marker, color=color, capsize=2,
              label=f"{policy} simulated")
    ax.set_xticks(list(xs))
    if xlabels:
        ax.set_xticklabels(xlabels)
    ax.set_ylim(-0.02, 1.05)
    ax.grid(alpha=0.3)
