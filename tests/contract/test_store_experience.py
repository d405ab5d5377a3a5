"""Experiential memory in every store: practice writes the same Experience, Proposal and
PracticeRound nodes (and their edges) in the embedded store and in Neo4j, reads them back,
and resumes after the last finished round."""

from __future__ import annotations

from pathlib import Path

from mrgraph.experience.loop import PracticeOptions, practice
from mrgraph.experience.records import Experience, RoundRecord
from mrgraph.experience.storage import load_pool, save_round
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from tests.contract.conftest import Backend

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "practice.txt"
QUESTIONS = 2  # question items asked per round (each several times): enough to exercise them


def _practised(backend: Backend, name: str, rounds: int) -> GraphStore:
    store = backend.open(name)
    ingest_file(store, FIXTURE, HeuristicExtractor())
    practice(store, PracticeOptions(rounds=rounds, max_questions=QUESTIONS))
    return store


def test_a_written_round_reads_back_whole(store: GraphStore) -> None:
    exp = Experience("calibration", "calibration|when|context_window=2", "when",
                     "context_window=2", "For 'when' questions, read 2 turn(s) around each.",
                     3, 1, "active", ("D1:1",), ("c1",), 1, 14)
    record = RoundRecord(1, "c1", 10, 4, 3, 1, 0, 1, 14, 800)
    save_round(store, record, [exp], [], {}, {})
    pool = load_pool(store)
    assert pool.experiences == (exp,) and pool.rounds == (record,) and pool.proposals == ()
    assert [r.label for r in store.experience_records(("Experience", "PracticeRound"))] == \
        ["Experience", "PracticeRound"]
    assert [r.label for r in store.experience_records(("PracticeRound",))] == ["PracticeRound"]
    assert store.stats().nodes["Experience"] == 1


def test_practice_gives_the_same_memory_in_every_store(backend: Backend,
                                                      tmp_path: Path) -> None:
    store = _practised(backend, "practice", rounds=1)
    pool = load_pool(store)
    adopted = [e for e in pool.experiences if e.status == "active"]
    assert {e.subject for e in adopted if e.kind == "pattern"} == {"Iris", "Omar"}
    for exp in adopted:  # every adopted experience rests on >= 3 reviewed proposals
        backing = {p.item for p in pool.proposals
                   if p.key == exp.key and p.op == "add" and p.grounded and p.general}
        assert exp.support >= 3 and len(backing) >= 3
    nodes, edges = store.export()
    by_id = {n.id: n for n in nodes}
    hangs = [(by_id[e.src].props["name"], by_id[e.dst].props["rule"]) for e in edges
             if e.type == "HAS_EXPERIENCE"]
    assert ("Iris", "garden") in hangs and ("Omar", "bicycl") in hangs
    cited = {by_id[e.dst].props["dia_id"] for e in edges if e.type == "EXPERIENCE_FROM"}
    assert cited and cited <= {d for e in adopted for d in e.dia_ids}
    assert sum(e.type == "SUPPORTS" for e in edges) >= 3 * len(adopted)
    reference = MemoryStore(tmp_path / "reference", "reference")  # embedded, another ns
    ingest_file(reference, FIXTURE, HeuristicExtractor())
    practice(reference, PracticeOptions(rounds=1, max_questions=QUESTIONS))
    assert sorted((e.key, e.support, e.statement) for e in load_pool(reference).experiences) == \
        sorted((e.key, e.support, e.statement) for e in pool.experiences)


def test_practice_resumes_after_the_last_round(backend: Backend) -> None:
    store = _practised(backend, "resume", rounds=1)
    first = load_pool(store)
    more = practice(store, PracticeOptions(rounds=1, max_questions=QUESTIONS))
    assert [r.round for r in more] == [2]
    pool = load_pool(store)
    assert [r.round for r in pool.rounds] == [1, 2]
    assert len(pool.proposals) >= len(first.proposals)  # the pool is kept
    assert pool.rounds[1].hits > pool.rounds[0].hits  # the patterns now predict what comes
