"""Ranked token search over the nodes of one label (the embedded store's full-text index).

Score of a node = round(sum of the query weights of the tokens it holds, 6); order: score desc,
then a per-label secondary key (Episode: date; Cue: name; Tag, Topic: label), then id.

Layout, chosen for 1M-turn graphs: every indexed node has an integer slot; a token's postings
are an `array('i')` of slots (4 bytes each, append-only), so a query is a numpy bincount over the
concatenated postings instead of a Python loop over every matching node. A removed node's slot is
only marked dead (postings are never rewritten); a node whose tokens or secondary key change gets
a new slot. The caller rebuilds the index when dead slots outnumber live ones.

Sums are accumulated in ascending token order (bincount adds the concatenated postings in
order), exactly as a reduce over the node's sorted `tokens` would, so both stores compute the same
float before rounding.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any, Callable

import numpy as np
import numpy.typing as npt

Attrs = dict[str, Any]
IntArray = npt.NDArray[np.int64]


def tokens_of(attrs: Attrs) -> list[str]:
    """The distinct search tokens a node holds: its `tokens` property split on spaces."""
    value = attrs.get("tokens")
    if isinstance(value, str):
        return list(dict.fromkeys(value.split()))
    if isinstance(value, (list, tuple)):
        return list(dict.fromkeys(str(t) for t in value))
    return []


class TokenIndex:
    def __init__(self, secondary: Callable[[Attrs], str]) -> None:
        self._secondary = secondary
        self._ids: list[str | None] = []  # slot -> node id; None once the node left the slot
        self._sec: list[str] = []  # slot -> secondary sort key
        self._slot: dict[str, int] = {}
        self._alive = bytearray()
        self._postings: dict[str, array[int]] = {}
        self._df: dict[str, int] = {}
        self._rank: IntArray | None = None  # slot -> position in (secondary, id) order
        self.dead = 0

    def add(self, node_id: str, attrs: Attrs) -> None:
        slot = len(self._ids)
        self._ids.append(node_id)
        self._sec.append(self._secondary(attrs))
        self._slot[node_id] = slot
        self._alive.append(1)
        for token in tokens_of(attrs):
            postings = self._postings.get(token)
            if postings is None:
                postings = self._postings[token] = array("i")
            postings.append(slot)
            self._df[token] = self._df.get(token, 0) + 1
        self._rank = None

    def remove(self, node_id: str, attrs: Attrs) -> None:
        slot = self._slot.pop(node_id)
        self._ids[slot] = None
        self._alive[slot] = 0
        self.dead += 1
        for token in tokens_of(attrs):
            left = self._df[token] - 1
            if left:
                self._df[token] = left
            else:
                del self._df[token]
        self._rank = None

    def replace(self, node_id: str, old: Attrs, new: Attrs) -> None:
        """A node's properties changed; re-slot it only if what the index holds changed."""
        if tokens_of(old) != tokens_of(new) or self._secondary(old) != self._secondary(new):
            self.remove(node_id, old)
            self.add(node_id, new)

    def df(self, token: str) -> int:
        return self._df.get(token, 0)

    @property
    def live(self) -> int:
        return len(self._slot)

    def top(self, weights: Mapping[str, float], limit: int) -> list[tuple[str, float]]:
        """The `limit` best (node id, score), best first."""
        tokens = [t for t in sorted(weights) if t in self._postings]
        if limit <= 0 or not tokens:
            return []
        arrays = [np.frombuffer(self._postings[t], dtype=np.int32) for t in tokens]
        idx = np.concatenate(arrays) if len(arrays) > 1 else arrays[0]
        size = len(self._ids)
        per_token = np.array([float(weights[t]) for t in tokens])
        raw = np.bincount(idx, weights=np.repeat(per_token, [len(a) for a in arrays]),
                          minlength=size).astype(np.float64, copy=False)
        held = np.zeros(size, dtype=bool)
        held[idx] = True
        held &= np.frombuffer(self._alive, dtype=bool)
        found = np.flatnonzero(held)
        if found.size == 0:
            return []
        best = found[self._order(raw[found], self._ranks()[found], limit)]
        return [(str(self._ids[s]), round(float(raw[s]), 6)) for s in best]

    def _order(self, raw: npt.NDArray[np.float64], rank: IntArray, limit: int) -> IntArray:
        """Positions of the `limit` best by (rounded score desc, rank asc), best first."""
        scaled = np.rint(raw * 1e6)  # the score at 6 decimals, as an integral float
        span = float(len(self._ids) + 1)
        if float(np.abs(scaled).max(initial=0.0)) * span < 2.0 ** 62:
            key = -scaled.astype(np.int64) * np.int64(span) + rank  # one int: score, then rank
            k = min(limit, key.size)
            part = np.argpartition(key, k - 1)[:k] if k < key.size else np.arange(key.size)
            return part[np.argsort(key[part], kind="stable")]
        return np.lexsort((rank, -scaled))[:limit]  # huge weights: no room for a packed key

    def _ranks(self) -> IntArray:
        rank = self._rank
        if rank is None:
            slots = sorted((s for s in self._slot.values()),
                           key=lambda s: (self._sec[s], str(self._ids[s])))
            rank = np.zeros(len(self._ids), dtype=np.int64)
            rank[np.array(slots, dtype=np.int64)] = np.arange(len(slots), dtype=np.int64)
            self._rank = rank
        return rank
