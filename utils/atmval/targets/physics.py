# SPDX-License-Identifier: GPL-2.0-only
"""Physics predictions shared by the CBR/VBR families (BON, TEN34, CRC), where a study gives
trends or no numbers at all: the window-limited goodput of one TCP connection and the goodput
ceiling C at a cell rate."""


def window_prediction(r):
    """Window-limited goodput (Mb/s) of one connection, from physics only: a BSD sender sends
    whole segments (SWS avoidance and Nagle), n = floor(W / S) of S bytes per cycle of one round
    trip plus one segment's cells at the source's rate (the first segment must be sent before
    its ACK can come back), bounded by the goodput ceiling C (payload per cell times the cell
    rate). The window W, the segment S, the RTT and the cell counts are the run's configuration
    (its JSON echoes them); nothing here depends on how the model behaves. Delayed ACKs make a
    receiver hold the ACK of an odd last segment of a flight, which this bound ignores: the
    reproductions explain that shortfall."""
    s = r["mss"]
    n = max(1, r["window"] // s)
    cycle = r["rttMs"] / 1e3 + r["cellsPerSegment"] / r["ceilingCellsPerSec"]
    return min(r["maxGoodputMbps"], n * s * 8 / cycle / 1e6)


def c_at(r, cells):
    """The goodput ceiling C (Mb/s) at a cell rate, with the run's segment and its cells."""
    return cells * 8 * r["mss"] / r["cellsPerSegment"] / 1e6
