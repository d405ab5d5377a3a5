"""Ranked token search of the embedded store over its file's `tokens` table.

The table holds one row per (label, token, node id) with the node's secondary sort key (Episode:
date; Cue: name; Tag, Topic: label), written with the node. A search reads the postings of the
query's tokens only, and keeps them in memory for the next search (dropped when a write touches
the token), so nothing is built at open and a cold search costs what its tokens hold, not what
the store holds.

Score of a node = round(sum of the query weights of the tokens it holds, 6), summed in ascending
token order (as the other backends sum); order: score desc, secondary key asc, id asc.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any, Callable

from mrgraph.store.persist import Database
from mrgraph.store.token_index import tokens_of

Attrs = dict[str, Any]
Postings = list[tuple[str, str]]  # (node id, secondary key)
_CACHED_TOKENS = 50_000


class TokenTable:
    """The token postings of one label."""

    def __init__(self, db: Database, label: str, secondary: Callable[[Attrs], str]) -> None:
        self._db = db
        self._label = label
        self._secondary = secondary
        self._postings: dict[str, Postings] = {}

    def postings(self, token: str) -> Postings:
        found = self._postings.get(token)
        if found is None:
            found = [(r[0], r[1]) for r in self._db.rows(
                "SELECT id, sec FROM tokens WHERE label = ? AND token = ?", (self._label, token))]
            if len(self._postings) >= _CACHED_TOKENS:
                self._postings.clear()
            self._postings[token] = found
        return found

    def df(self, token: str) -> int:
        return len(self.postings(token))

    def top(self, weights: Mapping[str, float], limit: int) -> list[tuple[str, float]]:
        """The `limit` best (node id, score), best first."""
        if limit <= 0:
            return []
        raw: dict[str, float] = {}
        sec: dict[str, str] = {}
        for token in sorted(weights):
            weight = float(weights[token])
            for node_id, key in self.postings(token):
                raw[node_id] = raw.get(node_id, 0.0) + weight
                sec[node_id] = key
        best = heapq.nsmallest(limit, ((-round(s, 6), sec[n], n) for n, s in raw.items()))
        return [(n, -score + 0.0) for score, _, n in best]

    # -------------------------------------------------------------- writes (inside a unit)

    def add(self, node_id: str, attrs: Attrs) -> None:
        key = self._secondary(attrs)
        tokens = tokens_of(attrs)
        assert self._db.conn is not None
        self._db.conn.executemany("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?, ?)",
                                  [(self._label, t, node_id, key) for t in tokens])
        self._forget(tokens)

    def remove(self, node_id: str, attrs: Attrs) -> None:
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
        for token in tokens:
            self._postings.pop(token, None)
