"""QuestionView: a question's view of the store that reads each token count once and keeps
the reads read ahead; the loop's read-ahead on a store that asks for it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar
from pathlib import Path

import pytest

from mrgraph.errors import StoreError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore, TimeRecord, TurnRecord
from mrgraph.store.question import QuestionView
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool
from mrgraph.weights import search_weights
from tests.contract.conftest import World

NS = "cm"
T = TypeVar("T")


class _Counting(MemoryStore):
    """A real embedded store that records the tokens each token_df call asked for."""

    asked: list[tuple[str, tuple[str, ...]]]

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        self.asked.append((label, tuple(tokens)))
        return super().token_df(label, tokens)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Counting]:
    s = _Counting(tmp_path_factory.mktemp("counts") / "graph", NS)
    World(NS).write_into(s, beliefs=True)
    s.asked = []
    yield s
    s.close()


def test_counts_are_the_stores_and_only_unknown_tokens_are_read(store: _Counting) -> None:
    store.asked = []
    memo = QuestionView(store)
    calls = [("Episode", ["alic", "teacher", "nosuchtoken"]), ("Episode", ["teacher", "school"]),
             ("Episode", ["alic"]), ("Cue", [])]
    got = [memo.token_df(label, tokens) for label, tokens in calls]
    assert store.asked == [("Episode", ("alic", "teacher", "nosuchtoken")),
                           ("Episode", ("school",)), ("Cue", ())]
    assert got == [store.token_df(label, tokens) for label, tokens in calls]


def test_a_rounds_calls_see_the_memo(store: _Counting) -> None:
    memo = QuestionView(store)
    weights = search_weights(memo, ("Cue", "Tag"), "Alice teacher")
    store.asked = []
    got = memo.run_calls([lambda s: search_weights(s, ("Cue", "Tag"), "Alice teacher"),
                          lambda s: run_tool(s, "search_cues", {"text": "teacher Alice"})], 2)
    assert store.asked == [] and got[0] == weights
    assert got[1] == run_tool(store, "search_cues", {"text": "teacher Alice"})


def test_a_bad_label_is_the_stores_error(store: _Counting) -> None:
    with pytest.raises(StoreError, match="NoSuchLabel"):
        QuestionView(store).token_df("NoSuchLabel", ["a"])


def test_everything_else_is_the_stores_own(store: _Counting, tmp_path: Path) -> None:
    memo: GraphStore = QuestionView(store)
    assert memo.ns == NS and memo.stats() == store.stats()
    assert memo.conversations() == store.conversations()


def test_an_episodes_turns_and_time_are_read_once_and_are_the_stores(store: _Counting) -> None:
    event = store.timeline("1900-01-01", "2999-12-31", None, 1)[0].id
    read: list[tuple[str, str]] = []
    view = QuestionView(_Reads(store, read))
    first = view.event_context(event, 1)
    first.clear()  # a caller's list is its own
    assert view.event_context(event, 1) == store.event_context(event, 1) != []
    assert view.conversation_time(event) == view.conversation_time(event) \
        == store.conversation_time(event)
    assert view.event_context(event, 0) == store.event_context(event, 0)
    assert read == [("event_context", event), ("conversation_time", event),
                    ("event_context", event)]


class _Reads:
    """A store recording its episode reads, and saying it wants reads ahead or not."""

    def __init__(self, store: GraphStore, read: list[tuple[str, str]],
                 prefetches: bool = False) -> None:
        self._store, self.read, self.prefetches = store, read, prefetches
        self.rounds = 0

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        self.read.append(("event_context", event_id))
        return self._store.event_context(event_id, window)

    def conversation_time(self, event_id: str) -> TimeRecord | None:
        self.read.append(("conversation_time", event_id))
        return self._store.conversation_time(event_id)

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        self.rounds += 1
        self.read.append(("round", str(self.rounds)))
        return [call(self) for call in calls]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemoryStore]:
    s = MemoryStore(tmp_path_factory.mktemp("sample") / "graph", "sample")
    ingest_file(s, sample_path(), HeuristicExtractor())
    yield s
    s.close()


@pytest.mark.parametrize("question", ["Where did Maya move to?",
                                      "When did Maya start her new job?"])
def test_the_final_read_is_read_ahead_where_the_store_asks_for_it(
        sample: MemoryStore, question: str) -> None:
    """On a store that wants reads ahead (Neo4j), the heuristic's final read goes with the
    round before it: the last round reads nothing itself. Answer, evidence and trace are
    the same as without."""
    plain_reads: list[tuple[str, str]] = []
    ahead_reads: list[tuple[str, str]] = []
    plain = ask(_Reads(sample, plain_reads), question)
    ahead = ask(_Reads(sample, ahead_reads, prefetches=True), question)
    assert ahead == replace(plain, latency_ms=ahead.latency_ms, trace=ahead.trace)
    assert [replace(s, ms=0.0) for s in ahead.trace] == [replace(s, ms=0.0) for s in plain.trace]
    final = [s for s in plain.trace if s.round == plain.rounds]
    assert final and {s.tool for s in final} <= {"event_context", "conversation_time"}
    last = max(i for i, r in enumerate(plain_reads) if r[0] == "round")
    assert len(plain_reads[last + 1:]) == len(final)  # without: the last round reads them
    last = max(i for i, r in enumerate(ahead_reads) if r[0] == "round")
    assert ahead_reads[last + 1:] == []  # with: it reads nothing
    assert set(plain_reads) - {r for r in plain_reads if r[0] == "round"} <= set(ahead_reads)


class _Workers(MemoryStore):
    """A real embedded store recording the workers each round is given."""

    given: list[int]

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        self.given.append(workers)
        return super().run_calls(calls, workers)


def test_a_round_uses_threads_only_when_a_call_may_wait_on_the_embedder(
        tmp_path: Path) -> None:
    """The store's own reads hold the GIL: threads started each round only cost (~9% of an
    embedded ask); with an embedder a call may wait on it, and the budget's workers apply."""
    from mrgraph.llm import HashEmbedder
    from mrgraph.policies.base import Budget

    store = _Workers(tmp_path / "graph", "w")
    ingest_file(store, sample_path(), HeuristicExtractor())
    store.given = []
    plain = ask(store, "Where did Maya move to?")
    assert store.given and set(store.given) == {1}
    store.given = []
    hybrid = ask(store, "Where did Maya move to?", embedder=HashEmbedder(16))
    assert Budget().workers in store.given and Budget().workers > 1
    assert plain.answer and hybrid.answer
    store.given = []
    for mode in ("topk", "graph"):  # the baselines' final reads only read the store
        assert ask(store, "Where did Maya move to?", mode).answer
    assert store.given and set(store.given) == {1}
