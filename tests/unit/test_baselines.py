"""The passive baselines: top-k similarity (BM25 or the store's search) and seeds + N-hop,
with the same unit budget as the active loop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.baselines import Bm25Index, bm25_index, graph_expand, topk
from mrgraph.bm25 import Bm25
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import forget_conversation, ingest_file
from mrgraph.llm.scripted import ScriptedLLM
from mrgraph.policies.base import Budget
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.types import NOT_MENTIONED
from tests.unit.conftest import ingested

FIXTURE = Path(__file__).parent.parent / "fixtures" / "reverse_hop.txt"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with ingested(tmp_path_factory, FIXTURE, "bl") as s:
        yield s


def sessions(dia_ids: tuple[str, ...]) -> set[str]:
    return {d.split(":")[0] for d in dia_ids}


def test_topk_bm25_keeps_the_k_most_similar_episodes(store: GraphStore) -> None:
    budget = Budget(max_evidence=3, read_episodes=2, context_window=0)
    answer = topk(store, "Which pottery class did Marta sign up for?", budget)
    first = answer.trace[0]
    assert first.tool == "bm25" and len(first.result_ids) == 3
    assert [s.tool for s in answer.trace[1:]] == ["event_context", "event_context"]
    assert answer.tool_calls == 3 and answer.rounds == 1 and answer.tokens == 0
    assert {"D1:1", "D1:2", "D1:3", "D1:4"} <= set(answer.evidence)  # the pottery class episode
    assert answer.supports == ("D1:2",)  # the reader answers from the pottery class turn


def test_topk_can_rank_with_the_stores_own_search(store: GraphStore) -> None:
    answer = topk(store, "pottery", Budget(max_evidence=2), scorer="search")
    assert answer.trace[0].tool == "search_events" and len(answer.trace[0].result_ids) == 2
    assert sessions(answer.evidence) <= {"D1", "D3", "D4"}


def test_topk_with_nothing_similar_is_not_mentioned(store: GraphStore) -> None:
    answer = topk(store, "submarine volcanoes")
    assert (answer.answer, answer.evidence, answer.tool_calls) == (NOT_MENTIONED, (), 1)


def test_graph_expansion_reaches_timeline_neighbours_of_its_seeds(store: GraphStore) -> None:
    answer = graph_expand(store, "When did Ingrid repaint the kitchen cabinets?",
                          Budget(max_evidence=3, read_episodes=1))
    tools = [s.tool for s in answer.trace]
    assert tools[0] == "search_events" and "next" in tools and "tag_events" in tools
    # the seed (D5:1-2) and at least one NEXT neighbour (D4:9-10 before it, D5:3-4 after)
    assert {"D5:1", "D5:2"} <= set(answer.evidence)
    assert {"D5:3", "D4:9"} & set(answer.evidence)
    assert answer.answer == "12 July 2023"


def test_graph_expansion_stays_within_the_call_budget(store: GraphStore) -> None:
    budget = Budget(max_calls=6, max_evidence=8, read_episodes=2)
    answer = graph_expand(store, "pottery friend play race", budget)
    assert answer.tool_calls <= 6
    assert [s.tool for s in answer.trace][-2:] == ["event_context", "event_context"]


def test_the_bm25_index_is_rebuilt_when_the_store_changes(tmp_path: Path) -> None:
    s = MemoryStore(tmp_path / "graph", "idx")
    assert bm25_index(s).top("pottery", 5) == []  # an empty store
    ingest_file(s, FIXTURE, HeuristicExtractor())
    index = bm25_index(s)
    assert index.size == 18 and bm25_index(s) is index
    assert len(index.top("pottery", 5)) == 3
    forget_conversation(s, "reverse_hop")
    assert bm25_index(s).size == 0
    s.close()


def test_bm25_ties_follow_the_stores_order_date_then_id() -> None:
    docs = [["paint"], ["paint"], ["hike"], ["swim"], ["run"]]
    index = Bm25Index(("ep-c", "ep-b", "ep-d", "ep-e", "ep-f"),
                      (("2023-01-02", "ep-c"), ("2023-01-02", "ep-b"), ("2023-01-01", "ep-d"),
                       ("2023-01-01", "ep-e"), ("2023-01-01", "ep-f")), Bm25.build(docs), 5)
    assert index.top("painting", 5) == ["ep-b", "ep-c"]
    assert index.top("the", 5) == []  # no search token


def test_baselines_read_the_session_time_for_when_questions(store: GraphStore) -> None:
    for run in (topk, graph_expand):
        answer = run(store, "When did Marta run the charity race?", Budget(max_evidence=3))
        read = [s.arguments["event_id"] for s in answer.trace if s.tool == "event_context"]
        timed = [s.arguments["event_id"] for s in answer.trace if s.tool == "conversation_time"]
        assert timed == read and answer.trace[-1].tool == "conversation_time"
        assert answer.tool_calls == len(answer.trace)
        assert answer.answer == "the Sunday before 25 May 2023"  # "last Sunday", said 25 May


@pytest.mark.parametrize("mode", [topk, graph_expand])
def test_with_an_llm_the_baselines_retrieve_then_reason(store: GraphStore, mode: object) -> None:
    question = "Which pottery class did Marta sign up for?"
    budget = Budget(max_evidence=3, read_episodes=2)
    extractive = mode(store, question, budget)  # type: ignore[operator]
    reply = {"answer": "a pottery class", "supports": ["D1:2", "D9:99"], "confidence": 0.7}
    llm = ScriptedLLM([reply])
    answered = mode(store, question, budget, llm=llm)  # type: ignore[operator]
    assert answered.answer == "a pottery class" and answered.confidence == 0.7
    assert answered.supports == ("D1:2",)  # a support outside the evidence is dropped
    # one answer call over the same evidence, its tokens counted; retrieval unchanged
    (call,) = llm.calls
    assert call.purpose == "answer" and answered.tokens > 0
    assert answered.evidence == extractive.evidence
    assert answered.tool_calls == extractive.tool_calls
    prompt = call.messages[-1].content or ""
    assert question in prompt and "D1:2" in prompt
