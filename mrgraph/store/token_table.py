"""Ranked token search of the embedded store over its file's `tokens` table.

The table holds one row per (label, token, node id) with the node's secondary sort key (Episode:
date; Cue: name; Tag, Topic: label), written with the node. A search reads the postings of the
query's tokens only, and keeps them in memory for the next search (dropped when a write touches
the token), so nothing is built at open and a cold search costs what its tokens hold, not what
the store holds.

Score of a node = round(sum of the query weights of the tokens it holds, 6), summed in ascending
token order (as the other backends sum); order: score desc, secondary key asc, id asc.

A search over many postings scores with numpy (one bincount); one over few (a question on a
conversation-sized store) sums in Python, which is faster there than numpy's fixed costs and
spares a one-shot `mrgraph ask` numpy's import (~0.1 s). Both add the same floats in the same
order, so they give the same scores (tests/unit/test_token_table.py).
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Callable, TypeAlias

from mrgraph.store.persist import Database

Attrs = dict[str, Any]
Slots: TypeAlias = "array[int]"  # int64 ('q'): a posting's slots, read by numpy without a copy
_CACHED_TOKENS = 50_000
# postings in one search from which numpy scores: below it Python's sum is faster (1,000
# postings: 0.65 vs 1.6 ms; 10,000: 5.5 vs 1.0 ms, 2026-12-02) and numpy is not imported
NUMPY_FROM = 3_000


def tokens_of(attrs: Attrs) -> list[str]:
    """The distinct search tokens a node holds: its `tokens` property split on spaces."""
    value = attrs.get("tokens")
    if isinstance(value, str):
        return list(dict.fromkeys(value.split()))
    if isinstance(value, (list, tuple)):
        return list(dict.fromkeys(str(t) for t in value))
    return []


# a row's key (label, token, id): C code, called for every row a flush sorts
_row_key = itemgetter(0, 1, 2)


class TokenTable:
    """The token postings of one label.

    In memory, a node read in any posting gets a slot (its id and secondary key by position), and
    a cached posting is an array of slots, so a big search scores with one bincount."""

    def __init__(self, db: Database, label: str, secondary: Callable[[Attrs], str]) -> None:
        self._db = db
        self._label = label
        self._secondary = secondary
        self._postings: dict[str, Slots] = {}
        self._slot: dict[str, int] = {}
        self._ids: list[str] = []
        self._sec: list[str] = []
        self._pending: list[tuple[str, str, str, str]] = []  # rows add() has not written yet

    def postings(self, token: str) -> Slots:
        found = self._postings.get(token)
        if found is None:
            self.flush()
            slots = []
            for node_id, key in self._db.rows(
                    "SELECT id, sec FROM tokens WHERE label = ? AND token = ?",
                    (self._label, token)):
                slot = self._slot.get(node_id)
                if slot is None:
                    slot = self._slot[node_id] = len(self._ids)
                    self._ids.append(node_id)
                    self._sec.append(key)
                else:
                    self._sec[slot] = key  # a re-read posting: the key may have changed
                slots.append(slot)
            found = self._postings[token] = array("q", slots)
        return found

    def df(self, token: str) -> int:
        self._room()
        return len(self.postings(token))

    def _room(self) -> None:
        """Bound the memory a long-lived reader spends on postings (before a search, never
        during one: its arrays hold slots of this table)."""
        if len(self._postings) >= _CACHED_TOKENS:
            self._postings.clear()
            self._slot.clear()
            self._ids.clear()
            self._sec.clear()

    def top(self, weights: Mapping[str, float], limit: int,
            keep: Callable[[str], bool] | None = None) -> list[tuple[str, float]]:
        """The `limit` best (node id, score), best first; with `keep`, among the nodes it
        keeps (asked of every node holding a token, before the cut)."""
        if limit <= 0:
            return []
        self._room()
        tokens = sorted(weights)
        arrays = [self.postings(t) for t in tokens]
        per_token = [float(weights[t]) for t in tokens]
        held = sum(len(a) for a in arrays)
        if not held:
            return []
        kept = None if keep is None else (lambda slot: keep(self._ids[slot]))
        scored: Iterable[tuple[int, float]]
        if held < NUMPY_FROM:
            scored = summed(arrays, per_token, kept)
        else:
            scored = summed_numpy(arrays, per_token, kept, len(self._ids), limit)
        return best(scored, limit, self._ids, self._sec)

    # -------------------------------------------------------------- writes (inside a unit)

    def add(self, node_id: str, attrs: Attrs) -> None:
        """Queue the node's postings: written by flush() (a batch's in one statement)."""
        key = self._secondary(attrs)
        tokens = tokens_of(attrs)
        self._pending += [(self._label, t, node_id, key) for t in tokens]
        self._forget(tokens)

    def flush(self) -> None:
        if self._pending:
            assert self._db.conn is not None
            # in key order: B-tree inserts in order touch each page once (the sort is stable, so
            # of two rows with one key the later still wins)
            self._pending.sort(key=_row_key)
            self._db.conn.executemany("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?, ?)",
                                      self._pending)
            self._pending = []

    def remove(self, node_id: str, attrs: Attrs) -> None:
        self.flush()
        tokens = tokens_of(attrs)
        assert self._db.conn is not None
        self._db.conn.executemany(
            "DELETE FROM tokens WHERE label = ? AND token = ? AND id = ?",
            [(self._label, t, node_id) for t in tokens])
        self._forget(tokens)

    def replace(self, node_id: str, old: Attrs, new: Attrs) -> None:
        if tokens_of(old) != tokens_of(new) or self._secondary(old) != self._secondary(new):
            self.remove(node_id, old)
            self.add(node_id, new)

    def _forget(self, tokens: list[str]) -> None:
        if self._postings:  # none read yet (an ingest in a fresh process): nothing to drop
            for token in tokens:
                self._postings.pop(token, None)


# ------------------------------------------------------------------ scoring


def summed(arrays: Sequence[Slots], per_token: Sequence[float],
           kept: Callable[[int], bool] | None) -> list[tuple[int, float]]:
    """(slot, raw score) of every slot the postings hold (and `kept` keeps): each posting's
    weight added in the order of `arrays`, as numpy's bincount adds them."""
    raw: dict[int, float] = {}
    for posting, weight in zip(arrays, per_token):
        for slot in posting:
            raw[slot] = raw.get(slot, 0.0) + weight
    return [(slot, score) for slot, score in raw.items() if kept is None or kept(slot)]


def summed_numpy(arrays: Sequence[Slots], per_token: Sequence[float],
                 kept: Callable[[int], bool] | None, slots: int,
                 limit: int) -> Iterable[tuple[int, float]]:
    """summed() with numpy, cut to the `limit` best scores and every slot tied with the last
    (so the caller's sort decides the order among them)."""
    import numpy as np

    postings = [np.frombuffer(a, dtype=np.int64) for a in arrays]
    idx = np.concatenate(postings)
    # bincount adds each slot's weights in the order of idx: the order of `arrays`
    weights = np.array(per_token, dtype=np.float64).repeat([p.size for p in postings])
    raw = np.bincount(idx, weights=weights, minlength=slots)
    held = np.zeros(raw.size, dtype=bool)
    held[idx] = True
    found = np.flatnonzero(held)
    if kept is not None:
        found = np.array([s for s in found.tolist() if kept(s)], dtype=np.int64)
    scaled = np.rint(raw[found] * 1e6)  # the score at 6 decimals, as an integral float
    if found.size > limit:  # keep the `limit` best scores and everything tied with the last
        cut = np.partition(scaled, found.size - limit)[found.size - limit]
        found = found[scaled >= cut]
    return zip(found.tolist(), raw[found].tolist())


def best(scored: Iterable[tuple[int, float]], limit: int, ids: Sequence[str],
         sec: Sequence[str]) -> list[tuple[str, float]]:
    """The `limit` best (node id, score) of (slot, raw score): score desc (at 6 decimals),
    secondary key asc, id asc."""
    ranked = heapq.nsmallest(limit, ((-round(raw * 1e6), sec[slot], ids[slot], slot, raw)
                                     for slot, raw in scored))
    return [(node_id, round(raw, 6)) for _, _, node_id, _, raw in ranked]
