# SPDX-License-Identifier: GPL-2.0-only
"""JAIN-DFBA: R. Goyal, R. Jain et al., "Buffer Management for the GFR Service", ATM Forum
contribution 98-0405, 1998, and its journal version "Buffer Management for TCP over the ATM
GFR Service" (section 5), both in R. Jain et al., NASA/CR-1999-209158, 1999: five IP/ATM edge
pairs, each aggregating 10 or 20 TCP SACK connections on one GFR VC, across an OC-3 backbone
whose first switch runs DFBA (atm-router-bundle --topology=jain-dfba).
Published values, tolerances and checks: data/jain-dfba.toml; write-ups:
doc/validation/jain-dfba.rst. The runs, the per-router checks and the figure are those of the
router family (targets/bon_routers.py)."""

from statistics import mean, pstdev

from ..core import Family
from . import bon_routers
from .bon_routers import _label, _per_router, router

fam = Family("jain-dfba")
for _kind in ("runs", "check", "figure"):
    fam.functions[_kind].update(bon_routers.fam.functions[_kind])

#: JAIN states rates as cells/s x 384 bits (the cells' payload): 20 kcells/s = 7.68 Mb/s.
PAYLOAD_BITS = 384


def mcr_payload(m, i):
    """Router i's MCR in JAIN's Mb/s (cells/s x 384 bits)."""
    return router(m, i, "mcrCellsPerSecond") * PAYLOAD_BITS / 1e6


def excess_over_mcr(m, i):
    """JAIN's Excess / MCR: (achieved - MCR) / MCR, both in JAIN's Mb/s."""
    return (router(m, i) - mcr_payload(m, i)) / mcr_payload(m, i)


@fam.check
def router_mcr_payload_fraction(res, spec):
    """A router's goodput over its MCR in JAIN's Mb/s (cells/s x 384 bits)."""
    return _per_router(res, spec, lambda m, i: router(m, i) / mcr_payload(m, i), "× MCR")


@fam.check
def router_mcr_goodput_fraction(res, spec):
    """A router's goodput over its MCR as TCP goodput (the MCR's cells carrying whole
    segments): above 1 when the VC gets more cells than its MCR."""
    return _per_router(res, spec, lambda m, i: router(m, i) / router(m, i, "mcrGoodputMbps"),
                       "× MCR")


@fam.check
def router_excess_ratio(res, spec):
    """JAIN's Excess / MCR of a router."""
    return _per_router(res, spec, excess_over_mcr, "")


@fam.check
def total_optimum_fraction(res, spec):
    """The routers' total goodput over the backbone's capacity as TCP goodput (the sum of the
    optima: physics, the cells' rate times the segment's share of its cells)."""
    rows = []
    for p, ms in res.select(**spec.get("where", {})):
        v = [sum(r["goodputMbps"] for r in m["routers"]) /
             sum(r["optimumMbps"] for r in m["routers"]) for m in ms]
        rows.append(spec.row(_label(spec, p), spec["published"], v, spec.tol.ok(mean(v)),
                             "× capacity"))
    return rows


def _excess_spread(ms):
    """The coefficient of variation of Excess / MCR over the routers (seed means)."""
    n = len(ms[0]["routers"])
    e = [mean(excess_over_mcr(m, i) for m in ms) for i in range(n)]
    return pstdev(e) / abs(mean(e))


@fam.check
def excess_spread_ordering(res, spec):
    """The spread of Excess / MCR over the routers (coefficient of variation) under variant
    ``better`` below that under ``worse``: excess closer to proportional to the MCRs."""
    rows = []
    for label, ms, other in bon_routers._variant_pairs(res, spec):
        a, b = _excess_spread(ms), _excess_spread(other)
        rows.append(spec.row(f"{label}spread of Excess / MCR, {spec['better']} < "
                             f"{spec['worse']}", spec["published"], [a, b], a < b, ""))
    return rows
