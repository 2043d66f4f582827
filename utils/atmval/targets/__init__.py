# SPDX-License-Identifier: GPL-2.0-only
"""The reproduction targets, one module per source family. Each module registers its run,
check and figure functions on a ``Family``; ``data/<family>.toml`` lists the family's targets,
published values, tolerances and checks by function name (see utils/atmval/README.md)."""

if __name__ == "targets":
    # ``python3 -m unittest discover -s utils/atmval`` imports this folder as a top-level
    # package while it looks for tests (there are none here): nothing to load then.
    FAMILIES = ()
else:
    from ..core import load_family
    from . import bon, bon_gfr, bon_routers, crc, jain, jain_dfba, sandia, ten34
    from . import jain_www, ten34_udp

    FAMILIES = (sandia, jain, jain_dfba, bon, bon_gfr, bon_routers, ten34, crc)
    FAMILIES += (ten34_udp, jain_www)


def all_targets():
    """Every target of every family, in family and data-file order."""
    out = []
    for module in FAMILIES:
        out += load_family(module.fam)
    return out
