"""Where the answer's path is drawn: one row per hop, top to bottom (the question on top), each
node under the node it came from when that place is free; rows far enough apart for their
labels. Positions are model pixels of cytoscape.js at zoom 1 (the page's label font is 14 px,
wrapped at 290 px: trace.js)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from mrgraph.serve.tracepath import PathEdge

SLOT = 340.0  # px between nodes side by side (a label is at most 290 px wide)
ROW = 84.0  # px between rows, at least
GAP = 22.0  # px between the labels of two rows, at least
MAX_COLUMNS = 3  # nodes side by side in a row; more wrap to another row
WRAP_PX = 290.0  # the labels' wrapping width (trace.js: text-max-width)
CHAR_PX = 7.6  # an average character of the 14 px label font, bold included
LINE_PX = 17.0  # a line of a label


def ranks(nodes: Iterable[str], edges: Iterable[PathEdge]) -> dict[str, int]:
    """Each node's row: the length of the longest chain of edges leading to it (the question
    is row 0). The path's edges always point from an earlier step of the walk to a later one;
    the pass limit only guards against a cycle."""
    rank = {n: 0 for n in nodes}
    pairs = [(e.source, e.target) for e in edges if e.source in rank and e.target in rank]
    for _ in range(len(rank)):
        changed = False
        for source, target in pairs:
            if rank[target] < rank[source] + 1:
                rank[target] = rank[source] + 1
                changed = True
        if not changed:
            break
    return rank


def place(keys: Sequence[str], edges: Sequence[PathEdge],
          labels: Mapping[str, str]) -> dict[str, tuple[float, float]]:
    """(x, y) of each key: rows by rank; in a row each node under its first parent when that
    column is free, else the nearest free one to its right (then left); more than
    MAX_COLUMNS wrap to another row."""
    lines = _lines(keys, edges)
    places: dict[str, tuple[float, float]] = {}
    y, above = 0.0, 0.0
    for n, line in enumerate(lines):
        height = max(label_height(labels.get(key, "")) for key, _ in line)
        if n:
            y += max(ROW, (above + height) / 2 + GAP)
        for key, col in line:
            places[key] = (col * SLOT, y)
        above = height
    return places


def _lines(keys: Sequence[str], edges: Sequence[PathEdge]) -> list[list[tuple[str, int]]]:
    """The rows of the picture, top to bottom: (key, column) pairs."""
    rank = ranks(keys, edges)
    parents: dict[str, list[str]] = {k: [] for k in keys}
    for edge in edges:
        if edge.target in parents:
            parents[edge.target].append(edge.source)
    column: dict[str, int] = {}
    lines: list[list[tuple[str, int]]] = []
    for row in sorted(set(rank.values())):
        line: list[tuple[str, int]] = []
        for key in [k for k in keys if rank[k] == row]:
            want = min((column[p] for p in parents[key] if p in column), default=0)
            free = [c for c in range(MAX_COLUMNS) if c not in {col for _, col in line}]
            if not free:
                lines.append(line)
                line, free = [], list(range(MAX_COLUMNS))
            col = min(free, key=lambda c: (c < want, abs(c - want)))
            column[key] = col
            line.append((key, col))
        lines.append(line)
    return lines


def label_height(label: str) -> float:
    """About how tall a label is drawn: its lines, each wrapped at WRAP_PX."""
    lines = sum(max(1, math.ceil(len(line) * CHAR_PX / WRAP_PX)) for line in label.split("\n"))
    return lines * LINE_PX


__all__: Sequence[str] = ["place", "ranks", "label_height", "SLOT"]
