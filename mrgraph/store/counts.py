"""CountsMemo: a GraphStore view for one question, reading each token count once.

The toolkit weighs search tokens by idf from `token_df` (mrgraph.weights.search_weights), and one
question asks for the same counts again and again: State.start for the question's words, then
the first searches for the same words. Nothing writes while a question is answered, so the view
keeps every (label, token) count and each label's total, and answers a token_df whose tokens it
all knows without a read. On Neo4j that removes a step of dependent reads (a round trip) from
each round whose searches it serves. The answers are the store's own: a token's count does not
depend on the other tokens asked with it.

Every other method is the store's own; the calls of a round (`run_calls`) see the view too.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mrgraph.store.base import GraphStore

T = TypeVar("T")


@dataclass(eq=False)
class _Counts:
    totals: dict[str, int] = field(default_factory=dict)  # label -> nodes of the label
    dfs: dict[tuple[str, str], int] = field(default_factory=dict)  # (label, token) -> df
    lock: threading.Lock = field(default_factory=threading.Lock)  # a round's calls are threads


class CountsMemo:
    """`store` for the span of one question (the graph must not change meanwhile)."""

    def __init__(self, store: GraphStore, counts: _Counts | None = None) -> None:
        self._store = store
        self._counts = counts if counts is not None else _Counts()

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        counts = self._counts
        with counts.lock:
            missing = [t for t in dict.fromkeys(tokens) if (label, t) not in counts.dfs]
            known = label in counts.totals
        if missing or not known:
            total, found = self._store.token_df(label, missing)
            with counts.lock:
                counts.totals[label] = total
                counts.dfs.update(((label, t), int(found.get(t, 0))) for t in missing)
        with counts.lock:
            return counts.totals[label], {t: counts.dfs[(label, t)] for t in tokens}

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        return self._store.run_calls(
            [functools.partial(_through, call, self._counts) for call in calls], workers)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def __repr__(self) -> str:
        return f"CountsMemo({self._store!r})"


def _through(call: Callable[[GraphStore], T], counts: _Counts, store: GraphStore) -> T:
    """A round's call, on the view of the store the round hands it (on Neo4j its RoundReader)."""
    return call(CountsMemo(store, counts))
