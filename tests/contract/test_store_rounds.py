"""Contract: a round of toolkit calls handed to the store at once (GraphStore.run_calls) returns
exactly what each call returns on its own, on every store. On Neo4j the round's reads travel
together (mrgraph.store.neo4j_batch), so this is what proves the batched statements equal the
per-call reads."""

from __future__ import annotations

import functools
import threading
from pathlib import Path

import pytest

from mrgraph.errors import StoreError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from mrgraph.toolkit import ToolResult, run_tool

Call = tuple[str, dict[str, object]]


@pytest.fixture
def sample(store: GraphStore) -> GraphStore:
    ingest_file(store, sample_path(), HeuristicExtractor())
    return store


def _calls(store: GraphStore) -> list[Call]:
    """A round touching every tool, with arguments drawn from the graph itself: ids of cues,
    episodes and topics, names (resolved by the tool), a person with beliefs, misses."""
    events = run_tool(store, "search_events", {"text": "move job painting hiking", "limit": 6})
    cues = run_tool(store, "search_cues", {"text": "Maya Denver job", "limit": 6})
    topics = run_tool(store, "search_topics", {"text": "work move", "limit": 3})
    assert events.ids and cues.ids, "the sample must give the round something to read"
    person = next(str(r["name"]) for r in cues.records if r["kind"] == "entity")
    aspects = run_tool(store, "personal_aspects", {"entity": person})
    calls: list[Call] = [
        ("search_events", {"text": "where did she move", "limit": 5}),
        ("search_events", {"text": "hiking trip", "limit": 3}),
        ("search_cues", {"text": "job new city", "limit": 8}),
        ("search_topics", {"text": "moving", "limit": 4}),
        ("personal_aspects", {"entity": person, "query": "where does she live now"}),
        ("timeline", {"start": "2020", "end": "2030", "limit": 7}),
        ("timeline", {"start": "1999-01-01", "end": "1999-12-31", "limit": 7}),
        ("cue_tags", {"cue": "no such cue anywhere", "limit": 5}),
        ("event_keywords", {"event_id": "ep-0000000000000000"}),
    ]
    for record in events.records[:4]:
        calls += [("event_keywords", {"event_id": record["id"]}),
                  ("event_context", {"event_id": record["id"], "window": 2}),
                  ("conversation_time", {"event_id": record["id"]})]
    for record in cues.records[:3]:
        calls += [("cue_tags", {"cue": record["id"], "limit": 4}),
                  ("timeline", {"start": "2000", "end": "2100", "cue": record["id"],
                                "limit": 5})]
    for record in cues.records[:2]:
        tags = run_tool(store, "cue_tags", {"cue": record["id"], "limit": 2})
        calls += [("tag_events", {"cue": str(record["name"]), "tag": str(t["tag"]),
                                  "limit": 3}) for t in tags.records]
    calls += [("topic_events", {"topic": str(t["id"]), "limit": 4}) for t in topics.records]
    calls += [("personal_aspect", {"entity": person, "aspect": str(a["aspect"])})
              for a in aspects.records[:3]]
    return calls


def _run(name: str, args: dict[str, object], store: GraphStore) -> ToolResult:
    return run_tool(store, name, args)


def test_a_round_returns_what_each_call_returns_alone(sample: GraphStore) -> None:
    calls = _calls(sample)
    alone = [run_tool(sample, name, args) for name, args in calls]
    together = sample.run_calls([functools.partial(_run, n, a) for n, a in calls], 4)
    assert together == alone
    assert any(r.records for r in alone) and any(not r.records for r in alone)


def test_rounds_in_parallel_threads_do_not_mix_their_answers(sample: GraphStore) -> None:
    calls = _calls(sample)
    alone = [run_tool(sample, name, args) for name, args in calls]
    got: list[object] = [None] * 3

    def work(n: int) -> None:  # each thread asks the calls in another order
        order = calls[n:] + calls[:n]
        found = sample.run_calls([functools.partial(_run, c, a) for c, a in order], 4)
        got[n] = found[len(calls) - n:] + found[:len(calls) - n]

    threads = [threading.Thread(target=work, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == [alone] * 3


def test_an_error_in_one_call_reaches_the_caller_after_the_round(sample: GraphStore) -> None:
    ran: list[str] = []

    def fine(store: GraphStore) -> int:
        count, _ = store.token_df("Episode", ["job"])
        ran.append("fine")
        return count

    def broken(store: GraphStore) -> int:
        store.token_df("NoSuchLabel", ["job"])
        return 0

    with pytest.raises(StoreError, match="NoSuchLabel"):
        sample.run_calls([fine, broken], 4)
    assert sample.run_calls([fine, fine], 4) == [fine(sample)] * 2


def test_a_whole_ask_is_the_same_on_every_store(sample: GraphStore,
                                                       tmp_path: Path) -> None:
    """The loop hands each round to run_calls (the baselines their final reads): the answer,
    its evidence and trace must be those of the embedded store, call for call (latencies
    aside)."""
    from mrgraph.store.memory import MemoryStore

    reference = MemoryStore(tmp_path / "reference", sample.ns)
    ingest_file(reference, sample_path(), HeuristicExtractor())
    for question, mode in (("Where did Maya move to?", "active"),
                           ("When did Maya start her new job?", "active"),
                           ("What does Maya do on weekends?", "active"),
                           ("When did Maya start her new job?", "topk"),
                           ("What does Maya do on weekends?", "graph")):
        got, want = ask(sample, question, mode), ask(reference, question, mode)
        assert got.tool_calls > 3 and (got.rounds > 1 or mode != "active")
        assert (got.answer, got.evidence, got.supports) == (want.answer, want.evidence,
                                                            want.supports)
        assert [(s.round, s.tool, s.arguments, s.result_ids, s.kept_ids, s.error)
                for s in got.trace] == [(s.round, s.tool, s.arguments, s.result_ids,
                                         s.kept_ids, s.error) for s in want.trace]


def test_a_round_inside_a_write_unit_sees_the_units_writes(sample: GraphStore) -> None:
    """Calls made while a write unit is open (e.g. searches during an ingest) read what the unit
    wrote but did not commit yet, as single reads do."""
    from mrgraph.ingest.pipeline import forget_conversation

    conversation = sample.conversations()[0]
    with pytest.raises(RuntimeError, match="roll back"), sample.writing():
        forget_conversation(sample, conversation)
        alone = [run_tool(sample, "search_events", {"text": "job move", "limit": 5}),
                 run_tool(sample, "timeline", {"start": "2000", "end": "2100", "limit": 9})]
        together = sample.run_calls([
            functools.partial(_run, "search_events", {"text": "job move", "limit": 5}),
            functools.partial(_run, "timeline", {"start": "2000", "end": "2100", "limit": 9})], 4)
        assert together == alone
        assert all(r["conversation"] != conversation for t in together for r in t.records)
        raise RuntimeError("roll back")  # leave the store as it was
    assert conversation in sample.conversations()


class _CountReads:
    """The store as a question's calls see it, recording every token_df that reaches it (the
    calls of a round included: run_calls hands them this view of the store it gives them)."""

    def __init__(self, store: GraphStore, seen: list[tuple[str, str]]) -> None:
        self._store, self.seen = store, seen

    def token_df(self, label: str, tokens: list[str]) -> object:
        self.seen.extend((label, t) for t in tokens)
        return self._store.token_df(label, tokens)

    def run_calls(self, calls: list[functools.partial[object]], workers: int) -> list[object]:
        return self._store.run_calls([functools.partial(_counted, c, self.seen)
                                      for c in calls], workers)

    def __getattr__(self, name: str) -> object:
        return getattr(self._store, name)


def _counted(call: functools.partial[object], seen: list[tuple[str, str]],
             store: GraphStore) -> object:
    return call(_CountReads(store, seen))


def test_an_ask_reads_each_token_count_once(sample: GraphStore, tmp_path: Path) -> None:
    """State.start reads the question's counts (episodes, cues, tags) in one go and the loop
    remembers them (QuestionView): the first searches, of the same words, read none again (on
    Neo4j a step of dependent reads less), and the answer is the one without the memo."""
    from mrgraph.store.memory import MemoryStore

    reference = MemoryStore(tmp_path / "reference", sample.ns)
    ingest_file(reference, sample_path(), HeuristicExtractor())
    for question in ("Where did Maya move to?", "What does Maya do on weekends?"):
        seen: list[tuple[str, str]] = []
        got = ask(_CountReads(sample, seen), question)  # type: ignore[arg-type]
        assert len(seen) == len(set(seen)) and ("Cue", "maya") in seen
        want = ask(reference, question)
        assert (got.answer, got.evidence, [(s.tool, s.result_ids) for s in got.trace]) == \
            (want.answer, want.evidence, [(s.tool, s.result_ids) for s in want.trace])
