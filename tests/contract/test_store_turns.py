"""Contract: the reads agents use beside the hops (search over turn text with speakers, quoted
phrases and session days, the turns answering others, turns by id with a window, a session's
range, a cue's episodes, speakers, namespaces): records and orders exactly as base.py documents
them, on every store."""

from __future__ import annotations

import functools
from typing import Any

from mrgraph.ids import node_id
from mrgraph.store.base import GraphStore, NamespaceCount, SpeakerRecord, TurnRecord
from mrgraph.text import token_set
from tests.contract.conftest import SESSIONS, Backend, World, _Builder, mentioned, turn_text
from tests.contract.test_store_reads import event


def turn(world: World, cid: str, dia: str, in_event: bool = True, episode: str = "",
         score: float = 0.0) -> TurnRecord:
    session, number = (int(x) for x in dia[1:].split(":"))
    speakers = ("Alice", "Bob") if cid == "c1" else ("Alice", "Carol")
    text, caption = turn_text(cid, dia)
    return TurnRecord(dia, speakers[(number - 1) % 2], text, session, number - 1,
                      SESSIONS[cid][session][1], in_event, caption or "", cid,
                      world.ep(episode) if episode else "", score,
                      mentioned(cid, session, number - 1))


def turn_id(world: World, cid: str, dia: str) -> str:
    return node_id(world.ns, "Turn", cid, dia)


# ------------------------------------------------------------------ search_turns


def test_search_turns_ranks_by_score_then_date(loaded: GraphStore, world: World) -> None:
    assert loaded.search_turns({"paint": 1.0}, 10, None, ()) == [
        turn(world, "c1", "D1:4", episode="e12", score=1.0),
        turn(world, "c2", "D1:1", episode="e31", score=1.0)]
    assert loaded.search_turns({"paint": 1.0, "lighthous": 0.5}, 1, None, ()) == [
        turn(world, "c1", "D1:4", episode="e12", score=1.5)]
    tied = sorted(["D1:4", "D1:5"], key=lambda dia: turn_id(world, "c1", dia))  # same date
    assert loaded.search_turns({"lighthous": 1 / 3}, 10, None, ()) == [
        turn(world, "c1", dia, episode="e12", score=0.333333) for dia in tied]
    assert loaded.search_turns({"zzz": 1.0}, 10, None, ()) == []
    assert loaded.search_turns({"paint": 1.0}, 0, None, ()) == []


def test_search_turns_matches_image_captions(loaded: GraphStore, world: World) -> None:
    # "garden" is only in the caption of c2's D1:2
    assert loaded.search_turns({"garden": 1.0}, 10, None, ()) == [
        turn(world, "c2", "D1:2", episode="e31", score=1.0)]


def test_search_turns_keeps_only_the_speakers_asked(loaded: GraphStore, world: World) -> None:
    assert loaded.search_turns({"paint": 1.0}, 10, ["Alice"], ()) == [
        turn(world, "c2", "D1:1", episode="e31", score=1.0)]
    assert loaded.search_turns({"paint": 1.0}, 10, ["Bob", "Carol"], ()) == [
        turn(world, "c1", "D1:4", episode="e12", score=1.0)]
    assert loaded.search_turns({"paint": 1.0}, 10, [], ()) == []
    assert loaded.search_turns({"paint": 1.0}, 10, ["alice"], ()) == []  # exact names only


def test_search_turns_keeps_only_turns_holding_the_phrases(loaded: GraphStore,
                                                            world: World) -> None:
    weights = {"lighthous": 1.0, "paint": 1.0}
    assert loaded.search_turns(weights, 10, None, ["Lighthouse painting"]) == [
        turn(world, "c1", "D1:4", episode="e12", score=2.0)]
    assert loaded.search_turns(weights, 10, None, ["painting lighthouse"]) == []
    # a phrase of the caption; the phrase needs its words in order, not just present
    assert loaded.search_turns({"fenc": 1.0}, 10, None, ["white fence"]) == [
        turn(world, "c2", "D1:2", episode="e31", score=1.0)]
    assert loaded.search_turns({"fenc": 1.0}, 10, ["Alice"], ["white fence"]) == []
    # the limit applies after the phrases: a phrase-holding turn is not cut by better ones
    assert loaded.search_turns({"paint": 5.0, "fenc": 1.0}, 1, None, ["the fence now"]) == [
        turn(world, "c2", "D1:2", episode="e31", score=1.0)]


def test_search_turns_keeps_only_turns_said_in_the_days_asked(loaded: GraphStore,
                                                              world: World) -> None:
    may, july = ("2023-05-01", "2023-05-31"), ("2023-07-01", "2023-07-01")
    assert loaded.search_turns({"paint": 1.0}, 10, None, (), may) == [
        turn(world, "c1", "D1:4", episode="e12", score=1.0)]
    assert loaded.search_turns({"paint": 1.0}, 10, None, (), july) == [
        turn(world, "c2", "D1:1", episode="e31", score=1.0)]
    assert loaded.search_turns({"paint": 1.0}, 10, None, (), ("2024-01-01", "2024-12-31")) == []
    assert loaded.search_turns({"paint": 1.0}, 10, ["Bob"], (), july) == []
    # the limit applies after the days: a better turn of another day does not crowd one out
    assert loaded.search_turns({"lighthous": 5.0, "garden": 1.0}, 1, None, (), july) == [
        turn(world, "c2", "D1:2", episode="e31", score=1.0)]
    assert loaded.search_turns({"fenc": 1.0}, 10, None, ["white fence"], july) == [
        turn(world, "c2", "D1:2", episode="e31", score=1.0)]
    assert loaded.search_turns({"fenc": 1.0}, 10, None, ["white fence"], may) == []


def test_replies_are_the_next_turns_by_another_speaker(loaded: GraphStore,
                                                       world: World) -> None:
    asked = turn_id(world, "c1", "D1:5")  # Alice asks; Bob's D1:6 follows
    assert loaded.replies([asked, "turn-missing"], 1) == {
        asked: turn(world, "c1", "D1:6", False, episode="e13")}
    last = turn_id(world, "c1", "D1:6")  # the last turn of session 1: D2:1 is another session
    other = turn_id(world, "c2", "D1:1")
    assert list(loaded.replies([other, last, asked], 3)) == [other, asked]
    assert loaded.replies([other], 3)[other] == turn(world, "c2", "D1:2", False, episode="e31")
    assert loaded.replies([], 1) == {} and loaded.replies([asked], 0) == {}


def test_a_reply_skips_the_askers_own_next_turns(backend: Backend) -> None:
    store = backend.open("replies")
    b = _Builder(store.ns, "c9")
    conv = b.node("Conversation", ("c9",), conversation_id="c9", speakers=("Ann", "Ben"))
    said = {1: [("Ann", "Any news?"), ("Ann", "Tell me when you hear."), ("Ben", "Next month."),
                ("Ben", "Why ask?")], 2: [("Ann", "Because.")]}
    ids: dict[str, str] = {}
    for number, turns in said.items():
        ses = b.node("Session", ("c9", number), conversation_id="c9", number=number,
                     started_at=f"2023-0{number}-01T10:00:00", date=f"2023-0{number}-01")
        b.edge("HAS_SESSION", conv, ses)
        for index, (speaker, text) in enumerate(turns):
            dia = f"D{number}:{index + 1}"
            ids[dia] = b.node("Turn", ("c9", dia), conversation_id="c9", dia_id=dia,
                              speaker=speaker, text=text, session=number, index=index,
                              date=f"2023-0{number}-01", tokens=" ".join(token_set(text)))
            b.edge("HAS_TURN", ses, ids[dia])
    store.write_batch(b.batch())
    assert store.replies([ids["D1:1"]], 1) == {}  # Ann speaks on; Ben answers two turns on
    assert [t.dia_id for t in store.replies([ids["D1:1"]], 2).values()] == ["D1:3"]
    assert [t.dia_id for t in store.replies([ids["D1:2"]], 5).values()] == ["D1:3"]
    assert store.replies([ids["D1:4"]], 5) == {}  # nobody answers within its session


# ------------------------------------------------------------------ reading turns


def test_turns_around_returns_the_turns_asked_and_their_window(loaded: GraphStore,
                                                               world: World) -> None:
    asked = [turn_id(world, "c2", "D1:1"), "turn-missing", turn_id(world, "c1", "D1:4")]
    assert loaded.turns_around(asked, 1) == [
        turn(world, "c1", "D1:3", False),
        turn(world, "c1", "D1:4", episode="e12"),
        turn(world, "c1", "D1:5", False, episode="e12"),
        turn(world, "c2", "D1:1", episode="e31"),
        turn(world, "c2", "D1:2", False, episode="e31"),
    ]
    assert loaded.turns_around([turn_id(world, "c1", "D1:4")], 0) == [
        turn(world, "c1", "D1:4", episode="e12")]
    # two asked turns next to each other: each is asked, neither is context
    both = [turn_id(world, "c1", "D1:5"), turn_id(world, "c1", "D1:4")]
    assert [t.in_event for t in loaded.turns_around(both, 1)] == [False, True, True, False]
    assert loaded.turns_around([], 3) == []


def test_session_turns_reads_a_range(loaded: GraphStore, world: World) -> None:
    assert loaded.session_turns("c1", 1, 2, 3) == [turn(world, "c1", "D1:3"),
                                                  turn(world, "c1", "D1:4", episode="e12")]
    assert loaded.session_turns("c1", 2, 0, 99) == [
        turn(world, "c1", f"D2:{i}", episode="e21") for i in (1, 2, 3)] + [
        turn(world, "c1", "D2:4")]
    assert loaded.session_turns("c1", 3, 0, 99) == []
    assert loaded.session_turns("c9", 1, 0, 99) == []
    assert loaded.session_turns("c1", 1, 4, 2) == []


# ------------------------------------------------------------------ cues, speakers, namespaces


def test_cue_events_lists_a_cue_without_dates(loaded: GraphStore, world: World) -> None:
    assert loaded.cue_events(world.cue("paint"), 10) == [
        event(world, "e12"), event(world, "e21"), event(world, "e32")]
    assert loaded.cue_events(world.cue("paint"), 2) == [event(world, "e12"), event(world, "e21")]
    assert loaded.cue_events("cue-0000000000000000", 10) == []


def test_speakers_of_every_conversation(loaded: GraphStore) -> None:
    assert loaded.speakers() == [SpeakerRecord("c1", "Alice"), SpeakerRecord("c1", "Bob"),
                                 SpeakerRecord("c2", "Alice"), SpeakerRecord("c2", "Carol")]


def test_namespaces_lists_those_holding_conversations(backend: Backend, world: World) -> None:
    main = backend.open("main")
    world.write_into(main)
    other = backend.open("other")
    other.write_batch(World(other.ns).c2())
    backend.open("empty").conversations()
    mine = [n for n in main.namespaces() if n.ns.startswith(backend.ns(""))]
    assert mine == [NamespaceCount(backend.ns("main"), 2, 6, 13),
                    NamespaceCount(backend.ns("other"), 1, 2, 3)]


def test_a_round_of_turn_reads_equals_the_reads_alone(loaded: GraphStore, world: World) -> None:
    """On Neo4j a round's reads travel together (neo4j_batch): same answers as one by one."""
    reads: list[tuple[str, tuple[Any, ...]]] = [
        ("search_turns", ({"paint": 1.0}, 5, None, ())),
        ("search_turns", ({"fenc": 1.0}, 5, ("Alice",), ("the fence",))),
        ("search_turns", ({"paint": 1.0}, 5, None, (), ("2023-07-01", "2023-07-31"))),
        ("replies", ((turn_id(world, "c1", "D1:5"), turn_id(world, "c2", "D1:1")), 2)),
        ("turns_around", ((turn_id(world, "c1", "D1:4"),), 2)),
        ("session_turns", ("c2", 1, 0, 9)),
        ("cue_events", (world.cue("bob"), 5)),
        ("speakers", ()),
    ]
    alone = [getattr(loaded, name)(*args) for name, args in reads]
    together = loaded.run_calls([functools.partial(_call, name, args) for name, args in reads], 4)
    assert together == alone and all(alone[:7])


def _call(name: str, args: tuple[Any, ...], store: GraphStore) -> Any:
    return getattr(store, name)(*args)
