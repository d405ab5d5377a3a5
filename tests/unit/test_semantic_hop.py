"""The heuristic policy's hop into the semantic layer (mrgraph.policies.semantic): a person the
question names -> their aspects ranked by the question -> the belief distribution, which the
answer rests on when it covers the question (tests/fixtures/moves.txt: Lena lives in Lisbon,
then Berlin, then Oslo)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.beliefs import is_negative
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.policies.base import Evidence
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool
from mrgraph.types import Answer, Source
from tests.unit.conftest import ingested

FIXTURE = Path(__file__).parent.parent / "fixtures" / "moves.txt"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with ingested(tmp_path_factory, FIXTURE, "moves") as s:
        yield s


def calls(answer: Answer, tool: str) -> list[tuple[int, dict[str, object]]]:
    return [(s.round, dict(s.arguments)) for s in answer.trace if s.tool == tool]


def test_the_current_belief_answers_where_someone_lives(store: GraphStore) -> None:
    question = "Where does Lena live?"
    result = ask(store, question)
    assert result.answer == "Oslo"  # not Lisbon, which a turn says first
    assert 0.0 < result.confidence < 0.99  # the reader's fitted P(correct), not p(belief)
    assert result.supports == ("S3:1",)  # where Lena says it, of her belief's episode's turns
    assert set(result.supports) <= set(result.evidence)  # its episode was kept in H
    assert calls(result, "personal_aspects") == [(2, {"entity": "Lena", "query": question})]
    assert (3, {"entity": "Lena", "aspect": "location"}) in calls(result, "personal_aspect")


def test_the_job_question_reads_the_job_aspect(store: GraphStore) -> None:
    result = ask(store, "What is Lena's job?")
    assert result.answer == "software engineer"  # of "Lena works as a software engineer"
    assert (3, {"entity": "Lena", "aspect": "job"}) in calls(result, "personal_aspect")


@pytest.mark.parametrize("question", ["Where did Lena live before Berlin?",
                                      "Where did Lena live first?"])
def test_questions_about_an_earlier_state_are_not_answered_by_the_current_belief(
        store: GraphStore, question: str) -> None:
    assert "Oslo" not in ask(store, question).answer


def test_no_semantic_hop_without_a_named_person_or_for_when_questions(store: GraphStore) -> None:
    assert not calls(ask(store, "Where is the bank?"), "personal_aspects")
    assert not calls(ask(store, "When did Lena move to Berlin?"), "personal_aspects")


def test_personal_aspect_returns_the_episodes_each_belief_rests_on(store: GraphStore) -> None:
    result = run_tool(store, "personal_aspect", {"entity": "Lena", "aspect": "location"})
    assert len(result.records) >= 3  # the whole distribution: Lisbon, Berlin, Oslo
    for belief in result.records:
        episodes = belief["episodes"]
        assert [e["id"] for e in episodes] == list(belief["episode_ids"])
        assert set(belief["dia_ids"]) == {d for e in episodes for d in e["dia_ids"]}


def test_belief_turns_count_as_evidence_only_through_kept_episodes() -> None:
    evidence = Evidence()
    evidence.beliefs["f1"] = {"dia_ids": ["S3:1"]}
    evidence.events["e1"] = {"dia_ids": ["S1:1", "S1:2"], "relevance": 1.0}
    assert evidence.dia_ids() == ("S1:1", "S1:2")  # the episode budget holds for every mode
    assert evidence.citable() == {"S1:1", "S1:2", "S3:1"}  # an answer may still cite it


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with ingested(tmp_path_factory, sample_path(), "sample") as s:
        yield s


@pytest.mark.parametrize(("question", "expected"), [
    # two candidates at 0.8: the affirmation answers "where", the denial answers "still in"
    # the answer phrase of the belief's statement: "Maya lives in Denver now", "Maya no
    # longer lives in Boise", "Maya works at Denver Children's Hospital" (not the nurse job)
    ("Where does Maya live now?", "Denver"),
    ("Does Maya still live in Boise?", "No"),
    ("What is Maya's job?", "Denver Children's Hospital"),
])
def test_the_demo_questions_rest_on_the_belief_distribution(sample: GraphStore, question: str,
                                                            expected: str) -> None:
    assert ask(sample, question).answer == expected


def test_anymore_asks_about_now(sample: GraphStore) -> None:
    # the belief's denial, or the turn saying it better ("I don't live in Boise anymore")
    result = ask(sample, "Does Maya live in Boise anymore?")
    assert result.answer == "No" and result.supports
    assert any("Boise" in s.text for s in result.sources if s.text)


def test_is_negative() -> None:
    assert is_negative("Maya no longer lives in Boise")
    assert is_negative("Lena doesn't eat meat")
    assert not is_negative("Maya lives in Denver now")


def test_turns_sharing_a_dia_id_stay_apart_and_sources_say_where_they_come_from() -> None:
    evidence = Evidence()
    evidence.add_turns([{"dia_id": "S1:1", "speaker": "Ana", "text": "lake", "date": "d1"}],
                       "transcript", 0.5)
    evidence.add_turns([{"dia_id": "S1:1", "speaker": "Lena", "text": "Lisbon", "date": "d2"}],
                       "moves", 0.4)
    assert len(evidence.turns) == 2 and evidence.dia_ids() == ("S1:1",)
    assert evidence.sources(["S1:1"]) == (Source("S1:1", "transcript", "d1", "Ana", "lake"),
                                          Source("S1:1", "moves", "d2", "Lena", "Lisbon"))


def test_in_a_namespace_of_several_transcripts_sources_name_the_right_one(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "graph", "two")
    for name in ("transcript.txt", "moves.txt"):  # both number their turns S1:1, S1:2, ...
        ingest_file(store, FIXTURE.parent / name, HeuristicExtractor())
    result = ask(store, "Where does Lena live?")
    assert result.sources and {s.conversation for s in result.sources} == {"moves"}
    assert [s.dia_id for s in result.sources] == list(result.supports)
    store.close()


def test_the_people_a_question_seems_to_name_are_guessed_for_reading_ahead(
        store: GraphStore) -> None:
    """Before the entry search, the capitalised words that are not stop words stand for the
    people round 2 may ask about (read ahead on Neo4j only; a wrong guess costs a read)."""
    from mrgraph.policies.base import Budget, State
    from mrgraph.policies.semantic import guessed_aspect_calls

    question = "What did Lena and Omar Haddad do in Berlin when it rained?"
    state = State.start(store, question, Budget())
    calls = guessed_aspect_calls(state)
    assert [c.arguments["entity"] for c in calls] == ["Lena", "Omar", "Haddad", "Berlin"]
    assert {c.tool for c in calls} == {"personal_aspects"}
    assert {c.arguments["query"] for c in calls} == {question}
    answer = ask(store, "Where does Lena live?")  # the guess is what round 2 then asks for
    assert ("personal_aspects", {"entity": "Lena", "query": "Where does Lena live?"}) in [
        (s.tool, dict(s.arguments)) for s in answer.trace]
