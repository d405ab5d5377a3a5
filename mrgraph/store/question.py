"""QuestionView: a GraphStore view for one question, reading each token count once and keeping
the answers of reads read ahead.

Nothing writes while a question is answered, so the view may keep what it read:
  * token counts. The toolkit weighs search tokens by idf from `token_df`
    (mrgraph.weights.search_weights), and one question asks for the same counts again and
    again: State.start for the question's words, then the first searches for the same words.
    The view keeps every (label, token) count and each label's total, and answers a token_df
    whose tokens it all knows without a read (a token's count does not depend on the other
    tokens asked with it). On Neo4j that removes a step of dependent reads from each round
    whose searches it serves.
  * the reads of some kinds (an episode's turns and session time, a person's beliefs, the cues
    of a name). On a store where each step of reads costs a round trip (GraphStore.prefetches)
    the loop reads ahead, beside a round's own calls, what the policy expects to call next
    (reconstruct: PolicyRun.prefetch, ReadAhead); when the policy then makes the call, the
    view answers its reads from what it kept: on Neo4j the final read of an ask mostly costs
    no round trip of its own, and the semantic round one instead of two.
The answers are the store's own. Every other method is the store's own; the calls of a round
(`run_calls`) see the view too.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mrgraph.store.base import (BeliefEdge, CueHit, GraphStore, ReadAhead, TimeRecord,
                                TurnRecord)

T = TypeVar("T")


@dataclass(eq=False)
class _Kept:
    totals: dict[str, int] = field(default_factory=dict)  # label -> nodes of the label
    dfs: dict[tuple[str, str], int] = field(default_factory=dict)  # (label, token) -> df
    reads: dict[tuple[str, tuple[Hashable, ...]], Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)  # a round's calls are threads


class QuestionView:
    """`store` for the span of one question (the graph must not change meanwhile)."""

    def __init__(self, store: GraphStore, kept: _Kept | None = None) -> None:
        self._store = store
        self._kept = kept if kept is not None else _Kept()

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        kept = self._kept
        with kept.lock:
            missing = [t for t in dict.fromkeys(tokens) if (label, t) not in kept.dfs]
            known = label in kept.totals
        if missing or not known:
            total, found = self._store.token_df(label, missing)
            with kept.lock:
                kept.totals[label] = total
                kept.dfs.update(((label, t), int(found.get(t, 0))) for t in missing)
        with kept.lock:
            return kept.totals[label], {t: kept.dfs[(label, t)] for t in tokens}

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        return list(self._kept_read("event_context", event_id, window))

    def conversation_time(self, event_id: str) -> TimeRecord | None:
        found: TimeRecord | None = self._kept_read("conversation_time", event_id)
        return found

    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        return list(self._kept_read("entity_beliefs", entity, aspect))

    def find_cues(self, key: str) -> list[CueHit]:
        return list(self._kept_read("find_cues", key))

    def _kept_read(self, method: str, *args: Hashable) -> Any:
        """The store's answer to `method(*args)`, read once a question (answers are frozen
        records; a list is handed out as a copy)."""
        kept, key = self._kept, (method, args)
        with kept.lock:
            if key in kept.reads:
                return kept.reads[key]
        answer = getattr(self._store, method)(*args)
        with kept.lock:
            kept.reads[key] = answer
        return answer

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        return self._store.run_calls([_kept_through(call, self._kept) for call in calls], workers)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def __repr__(self) -> str:
        return f"QuestionView({self._store!r})"


def _kept_through(call: Callable[[GraphStore], T], kept: _Kept) -> Callable[[GraphStore], T]:
    through = functools.partial(_through, call.call if isinstance(call, ReadAhead) else call, kept)
    return ReadAhead(through) if isinstance(call, ReadAhead) else through


def _through(call: Callable[[GraphStore], T], kept: _Kept, store: GraphStore) -> T:
    """A round's call, on the view of the store the round hands it (on Neo4j its RoundReader)."""
    return call(QuestionView(store, kept))
