# SPDX-License-Identifier: GPL-2.0-only
"""Physics predictions shared by the CBR/VBR families (BON, TEN34, CRC), where a study gives
trends or no numbers at all: the window-limited goodput of one TCP connection and the goodput
ceiling C at a cell rate."""


def window_prediction(r, delayed_ack, delack_timeout=0.0):
    """Window-limited goodput (Mb/s) of one connection from the run's own JSON: n whole segments
    of S bytes (BSD's sender sends whole segments: SWS avoidance and Nagle) per cycle of
    RTT + k c / R, the segment's cells at the source's rate (k = 2 with delayed ACKs: the ACK
    waits for the second segment; a one-segment window waits for the delayed-ACK timer instead),
    n = floor(W / S); bounded by the goodput ceiling C (payload per cell times the cell rate).
    Odd n > 1 are partly paced by the delayed-ACK timer as well, which the prediction
    ignores."""
    s = r["mss"]
    n = max(1, r["window"] // s)
    cell_time = 1.0 / r["ceilingCellsPerSec"]
    k = 2 if delayed_ack and n > 1 else 1
    cycle = r["rttMs"] / 1e3 + k * r["cellsPerSegment"] * cell_time
    if delayed_ack and n == 1:
        cycle += delack_timeout
    return min(r["maxGoodputMbps"], n * s * 8 / cycle / 1e6)


def c_at(r, cells):
    """The goodput ceiling C (Mb/s) at a cell rate, with the run's segment and its cells."""
    return cells * 8 * r["mss"] / r["cellsPerSegment"] / 1e6
