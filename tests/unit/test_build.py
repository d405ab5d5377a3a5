"""build_batch: the exact graph of docs/graph-model.md, deterministic, with its edge cases."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from mrgraph.errors import MrGraphError
from mrgraph.ids import node_id
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.store.current import MODEL_VERSION
from mrgraph.text import token_set
from mrgraph.ingest.drafts import (
    CueRef,
    EpisodeDraft,
    Extraction,
    FactDraft,
    SessionExtraction,
    TopicDraft,
)
from mrgraph.types import Conversation, EdgeRecord, GraphBatch, NodeRecord, Session, Turn

NS = "test"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

CONV = Conversation(
    id="c1", speakers=("Ana", "Ben"), source="c1.txt",
    sessions=(
        Session(1, "2023-05-08T13:56:00", (
            Turn("D1:1", "Ana", "I live in Lisbon.", 0),
            Turn("D1:2", "Ben", "Lisbon is lovely.", 1, blip_caption="a tram"),
            Turn("D1:3", "Ana", "Anyway, painting! I started it last week - so calm.", 2),
        )),
        Session(2, "2023-06-01T09:00:00", (
            Turn("D2:1", "Ana", "Still in Lisbon.", 0),
            Turn("D2:2", "Ben", "Good.", 1),
        )),
    ),
)
EXTRACTION = Extraction(
    conversation_id="c1",
    sessions=(
        SessionExtraction(1, (
            EpisodeDraft(0, ("D1:1", "D1:2"), "Ana: Ana lives in Lisbon.\nBen: Lisbon is lovely.",
                         "Ana lives in Lisbon.", "lives Lisbon",
                         (CueRef("Ana", "entity"), CueRef("lisbon", "keyword"),
                          CueRef("Lisbon", "entity"))),
            EpisodeDraft(1, ("D1:3", "D9:9"), "Ana: Anyway, painting!", "Painting.",
                         "painting", (CueRef("Ana", "entity"), CueRef("painting", "keyword"))),
        ), (
            FactDraft("Ana", "location", "Ana lives in Lisbon", 0, confidence=0.8),
            FactDraft("Ana", "activities", "Ana is into painting", 1, dia_id="D1:3",
                      clause="I started it last week"),
        )),
        SessionExtraction(2, (
            EpisodeDraft(0, ("D2:1", "D2:2"), "Ana: Still in Lisbon.\nBen: Good.", "Still.",
                         "!!!", (CueRef("Ben", "entity"),)),
        ), (
            FactDraft("Ana", "location", "Ana  lives in LISBON", 0, confidence=None,
                      contradicts=False),
            FactDraft("Ben", "job", "Ben works as a chef", 0, negated=True),
        )),
    ),
    topics=(TopicDraft("Lisbon", "Ana and Ben talk about Lisbon.", ((1, 0), (2, 0))),),
)


@pytest.fixture(scope="module")
def batch() -> GraphBatch:
    return build_batch(CONV, EXTRACTION, NS)


def _nodes(batch: GraphBatch, label: str) -> list[NodeRecord]:
    return [n for n in batch.nodes if n.label == label]


def _edges(batch: GraphBatch, etype: str) -> list[EdgeRecord]:
    return [e for e in batch.edges if e.type == etype]


def _node(batch: GraphBatch, nid: str) -> NodeRecord:
    return next(n for n in batch.nodes if n.id == nid)


def _strings(value: object) -> tuple[str, ...]:
    assert isinstance(value, tuple)
    return tuple(str(v) for v in value)


def test_counts(batch: GraphBatch) -> None:
    assert batch.conversation_id == "c1"
    assert Counter(n.label for n in batch.nodes) == {
        "Conversation": 1, "Session": 2, "Turn": 5, "Episode": 3, "Tag": 2,
        "Cue": 5, "Fact": 3, "Topic": 1, "DateMention": 1}
    assert Counter(e.type for e in batch.edges) == {
        "HAS_SESSION": 2, "HAS_TURN": 5, "HAS_EPISODE": 3, "FROM_TURN": 5, "NEXT": 2,
        "CUE_OF": 6, "HAS_TAG": 5, "TAGS": 2, "FROM_EPISODE": 4, "GROUPS": 2,
        "MENTIONS_DATE": 1}
    assert not _edges(batch, "BELIEF")


def test_every_edge_joins_batch_nodes_and_ids_are_unique(batch: GraphBatch) -> None:
    ids = [n.id for n in batch.nodes]
    assert len(ids) == len(set(ids))
    assert all(e.src in ids and e.dst in ids for e in batch.edges)
    keys = [(e.src, e.type, e.dst) for e in batch.edges]
    assert len(keys) == len(set(keys))


def test_properties_are_primitives_or_tuples(batch: GraphBatch) -> None:
    records: list[NodeRecord | EdgeRecord] = [*batch.nodes, *batch.edges]
    for record in records:
        for value in record.props.values():
            assert value is not None
            assert isinstance(value, (str, int, float, bool)) or (
                isinstance(value, tuple) and all(isinstance(v, (str, int, float)) for v in value))


def test_transcript_nodes(batch: GraphBatch) -> None:
    conv = _node(batch, node_id(NS, "Conversation", "c1"))
    assert conv.props == {"conversation_id": "c1", "model_version": MODEL_VERSION, "speakers": ("Ana", "Ben"),
                          "source": "c1.txt"}
    session = _node(batch, node_id(NS, "Session", "c1", 2))
    assert session.props == {"conversation_id": "c1", "number": 2,
                             "started_at": "2023-06-01T09:00:00", "date": "2023-06-01",
                             "date_precision": "day", "date_source": "session"}
    turn = _node(batch, node_id(NS, "Turn", "c1", "D1:2"))
    assert turn.props == {"conversation_id": "c1", "dia_id": "D1:2", "speaker": "Ben",
                          "text": "Lisbon is lovely.", "session": 1, "index": 1,
                          "date": "2023-05-08", "date_precision": "day",
                          "date_source": "session", "blip_caption": "a tram",
                          # search_turns' tokens: the text's words and the caption's
                          "tokens": " ".join(token_set("Lisbon is lovely. a tram"))}
    assert "blip_caption" not in _node(batch, node_id(NS, "Turn", "c1", "D1:1")).props


def test_episode_nodes(batch: GraphBatch) -> None:
    first = _node(batch, node_id(NS, "Episode", "c1", 1, 0))
    draft = EXTRACTION.sessions[0].episodes[0]
    assert first.props == {
        "conversation_id": "c1", "session": 1, "index": 0, "seq": 0, "text": draft.text,
        "original": "Ana: I live in Lisbon.\nBen: Lisbon is lovely.",  # as said, beside it
        "summary": draft.summary, "tag": "lives Lisbon", "date": "2023-05-08",
        "date_precision": "day", "date_source": "session", "dia_ids": ("D1:1", "D1:2"),
        "tokens": " ".join(token_set(" ".join(
            [draft.text, draft.summary, draft.tag, "Ana", "lisbon", "Lisbon"]))),
    }
    # an episode is dated by its session, whatever its turns mention ("last week")
    second = _node(batch, node_id(NS, "Episode", "c1", 1, 1))
    assert (second.props["date"], second.props["mentions"]) == ("2023-05-08", ("2023-W18",))
    assert "date_end" not in second.props and "dates" not in second.props
    assert second.props["dia_ids"] == ("D1:3",)  # D9:9 names no turn: dropped
    assert _node(batch, node_id(NS, "Episode", "c1", 2, 0)).props["seq"] == 2


def test_date_mentions(batch: GraphBatch) -> None:
    """Each time expression of a turn is a node of its own, linked from the turn, with the
    clause that says it and its speaker; "last week" is a week, said relative to the session."""
    mention = _node(batch, node_id(NS, "DateMention", "c1", "D1:3", 0))
    assert mention.props == {
        "conversation_id": "c1", "session": 1, "index": 0, "value": "2023-W18",
        "precision": "week", "source": "relative", "start": "2023-05-01", "end": "2023-05-07",
        "phrase": "last week", "said": "2023-05-08", "approximate": False, "dia_id": "D1:3",
        "speaker": "Ana", "statement": "I started it last week", "when":
        "the week before 8 May 2023"}
    assert [(e.src, e.dst) for e in _edges(batch, "MENTIONS_DATE")] == [
        (node_id(NS, "Turn", "c1", "D1:3"), mention.id)]


def test_structure_edges(batch: GraphBatch) -> None:
    ep = [node_id(NS, "Episode", "c1", s, i) for s, i in ((1, 0), (1, 1), (2, 0))]
    assert [(e.src, e.dst) for e in _edges(batch, "NEXT")] == [(ep[0], ep[1]), (ep[1], ep[2])]
    from_turn = {(e.src, e.dst) for e in _edges(batch, "FROM_TURN")}
    assert (ep[1], node_id(NS, "Turn", "c1", "D1:3")) in from_turn
    assert (node_id(NS, "Session", "c1", 1), ep[0]) in {
        (e.src, e.dst) for e in _edges(batch, "HAS_EPISODE")}


def test_cues_one_per_key_entity_wins(batch: GraphBatch) -> None:
    lisbon = _node(batch, node_id(NS, "Cue", "lisbon"))
    assert lisbon.props == {"name": "Lisbon", "key": "lisbon", "kind": "entity",
                            "tokens": "lisbon"}
    # date cues are named by what the turns mention, at its precision (a week, not a day)
    date_cue = _node(batch, node_id(NS, "Cue", "2023 w18"))
    assert date_cue.props["kind"] == "date" and date_cue.props["name"] == "2023-W18"
    cue_of = {(e.src, e.dst): e.props for e in _edges(batch, "CUE_OF")}
    assert (date_cue.id, node_id(NS, "Episode", "c1", 1, 1)) in cue_of
    ep = node_id(NS, "Episode", "c1", 1, 0)
    assert cue_of[(lisbon.id, ep)] == {"tag": "lives Lisbon"}


def test_tags(batch: GraphBatch) -> None:
    tag = _node(batch, node_id(NS, "Tag", "lives lisbon"))
    assert tag.props == {"label": "lives Lisbon", "key": "lives lisbon", "tokens": "lisbon live"}
    assert (node_id(NS, "Cue", "ana"), tag.id) in {(e.src, e.dst) for e in _edges(batch, "HAS_TAG")}
    # "!!!" normalises to nothing: that episode has no Tag, but keeps its CUE_OF edge
    ep = node_id(NS, "Episode", "c1", 2, 0)
    assert ep not in {e.dst for e in _edges(batch, "TAGS")}
    assert (node_id(NS, "Cue", "ben"), ep) in {(e.src, e.dst) for e in _edges(batch, "CUE_OF")}


def test_facts(batch: GraphBatch) -> None:
    lives = _node(batch, node_id(NS, "Fact", "ana", "location", "ana lives in lisbon"))
    assert lives.props == {"entity": "Ana", "aspect": "location",
                           "statement": "Ana lives in Lisbon"}  # the first wording met
    provenance = {e.dst: e.props for e in _edges(batch, "FROM_EPISODE") if e.src == lives.id}
    day = {"date_precision": "day", "date_source": "session"}
    assert provenance == {
        node_id(NS, "Episode", "c1", 1, 0): {"date": "2023-05-08", **day, "confidence": 0.8,
                                             "negated": False},
        node_id(NS, "Episode", "c1", 2, 0): {"date": "2023-06-01", **day, "negated": False,
                                             "contradicts": False},
    }
    # a fact whose clause mentions a date carries it: when it happened, beside when it was said
    painting = _node(batch, node_id(NS, "Fact", "ana", "activities", "ana is into painting"))
    [edge] = [e for e in _edges(batch, "FROM_EPISODE") if e.src == painting.id]
    assert edge.props == {"date": "2023-05-08", **day, "negated": False,
                          "event_value": "2023-W18", "event_precision": "week",
                          "event_source": "relative", "event_start": "2023-05-01",
                          "event_end": "2023-05-07"}
    chef = _node(batch, node_id(NS, "Fact", "ben", "job", "ben works as a chef"))
    [edge] = [e for e in _edges(batch, "FROM_EPISODE") if e.src == chef.id]
    assert edge.props["negated"] is True
    assert _node(batch, node_id(NS, "Cue", "ben")).props["kind"] == "entity"


def test_topics(batch: GraphBatch) -> None:
    topic = _node(batch, node_id(NS, "Topic", "c1", "lisbon"))
    assert topic.props == {"conversation_id": "c1", "label": "Lisbon", "key": "lisbon",
                           "summary": "Ana and Ben talk about Lisbon.",
                           "tokens": " ".join(token_set("Lisbon Ana and Ben talk about Lisbon."))}
    assert {e.dst for e in _edges(batch, "GROUPS")} == {
        node_id(NS, "Episode", "c1", 1, 0), node_id(NS, "Episode", "c1", 2, 0)}


def test_deterministic_and_namespaced(batch: GraphBatch) -> None:
    assert build_batch(CONV, EXTRACTION, NS) == batch
    other = build_batch(CONV, EXTRACTION, "other")
    assert {n.id for n in other.nodes}.isdisjoint({n.id for n in batch.nodes})


def test_fact_entity_gets_a_cue_even_without_episodes() -> None:
    extraction = replace(EXTRACTION, sessions=(
        replace(EXTRACTION.sessions[0], facts=(FactDraft("Zoe", "likes", "Zoe likes tea", 0),)),
        EXTRACTION.sessions[1]))
    zoe = _node(build_batch(CONV, extraction, NS), node_id(NS, "Cue", "zoe"))
    assert zoe.props["kind"] == "entity"


@pytest.mark.parametrize(("extraction", "message"), [
    (replace(EXTRACTION, conversation_id="other"), "extraction of 'other'"),
    (replace(EXTRACTION, sessions=(SessionExtraction(9, ()),)), "session 9"),
    (replace(EXTRACTION, topics=(TopicDraft("x", "y", ((1, 7),)),)), "episode 7 of session 1"),
    (replace(EXTRACTION, sessions=(replace(EXTRACTION.sessions[0], facts=(
        FactDraft("Ana", "likes", "Ana likes tea", 5),)),)), "episode 5 of session 1"),
    (replace(EXTRACTION, sessions=(replace(EXTRACTION.sessions[0], episodes=(
        EXTRACTION.sessions[0].episodes[0], EXTRACTION.sessions[0].episodes[0])),)),
     "two episodes 0"),
])
def test_inconsistent_extractions_are_refused(extraction: Extraction, message: str) -> None:
    with pytest.raises(MrGraphError, match=message):
        build_batch(CONV, extraction, NS)


def test_heuristic_batch_on_a_fixture_is_complete_and_stable() -> None:
    [conv] = load(FIXTURES / "transcript.txt")
    extraction = HeuristicExtractor().extract(conv)
    batch = build_batch(conv, extraction, NS)
    turns = {str(n.props["dia_id"]) for n in _nodes(batch, "Turn")}
    assert turns == {t.dia_id for s in conv.sessions for t in s.turns}
    covered = [str(d) for n in _nodes(batch, "Episode") for d in _strings(n.props["dia_ids"])]
    assert sorted(covered) == sorted(turns)
    assert build_batch(conv, HeuristicExtractor().extract(conv), NS) == batch


def test_batch_is_accepted_by_the_embedded_store(tmp_path: Path, batch: GraphBatch) -> None:
    from mrgraph.store.memory import MemoryStore

    store = MemoryStore(tmp_path / "graph", NS)
    with store.writing():
        first = store.write_batch(batch)
    with store.writing():
        store.write_batch(batch)  # idempotent
    nodes, edges = store.export()
    assert (len(nodes), len(edges)) == (len(batch.nodes), len(batch.edges))
    assert first.nodes == len(batch.nodes)
