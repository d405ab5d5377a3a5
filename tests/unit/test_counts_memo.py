"""CountsMemo: a question's view of the store that reads each token count once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest

from mrgraph.errors import StoreError
from mrgraph.store.base import GraphStore
from mrgraph.store.counts import CountsMemo
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool
from mrgraph.weights import search_weights
from tests.contract.conftest import World

NS = "cm"


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
    memo = CountsMemo(store)
    calls = [("Episode", ["alic", "teacher", "nosuchtoken"]), ("Episode", ["teacher", "school"]),
             ("Episode", ["alic"]), ("Cue", [])]
    got = [memo.token_df(label, tokens) for label, tokens in calls]
    assert store.asked == [("Episode", ("alic", "teacher", "nosuchtoken")),
                           ("Episode", ("school",)), ("Cue", ())]
    assert got == [store.token_df(label, tokens) for label, tokens in calls]


def test_a_rounds_calls_see_the_memo(store: _Counting) -> None:
    memo = CountsMemo(store)
    weights = search_weights(memo, ("Cue", "Tag"), "Alice teacher")
    store.asked = []
    got = memo.run_calls([lambda s: search_weights(s, ("Cue", "Tag"), "Alice teacher"),
                          lambda s: run_tool(s, "search_cues", {"text": "teacher Alice"})], 2)
    assert store.asked == [] and got[0] == weights
    assert got[1] == run_tool(store, "search_cues", {"text": "teacher Alice"})


def test_a_bad_label_is_the_stores_error(store: _Counting) -> None:
    with pytest.raises(StoreError, match="NoSuchLabel"):
        CountsMemo(store).token_df("NoSuchLabel", ["a"])


def test_everything_else_is_the_stores_own(store: _Counting, tmp_path: Path) -> None:
    memo: GraphStore = CountsMemo(store)
    assert memo.ns == NS and memo.stats() == store.stats()
    assert memo.conversations() == store.conversations()
