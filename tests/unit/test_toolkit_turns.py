"""The toolkit's reads for agents (search_turns, read_turns, cue_events, speakers on searches
and the timeline) and the records an agent reads (mrgraph.toolview), on the embedded store
holding the contract tests' hand-built graph."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mrgraph.errors import ToolArgumentError
from mrgraph.llm.tokens import count_tokens
from mrgraph.store.base import GraphStore, TurnRecord
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import TOOL_NAMES, ToolResult, run_tool
from mrgraph.toolkit_turns import asks
from mrgraph.toolview import EVENT_TOOLS, compact, compact_event, dia_span, reply
from tests.contract.conftest import World

NS = "tt"
W = World(NS)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("turns") / "graph"


@pytest.fixture(scope="module")
def store(root: Path) -> Iterator[GraphStore]:
    s = MemoryStore(root, NS)
    W.write_into(s, beliefs=True)
    yield s
    s.close()


def run(store: GraphStore, tool: str, **args: Any) -> ToolResult:
    return run_tool(store, tool, args)


# ------------------------------------------------------------------ search_turns


def test_search_turns_finds_words_phrases_and_captions(store: GraphStore) -> None:
    found = run(store, "search_turns", text="lighthouse painting")
    assert [r["dia_id"] for r in found.records][:1] == ["D1:4"]
    assert found.records[0]["caption"] == "a painting of a lighthouse at dusk"
    assert found.records[0]["event_id"] == W.ep("e12")
    phrase = run(store, "search_turns", text='the "white fence"')
    assert [(r["conversation"], r["dia_id"]) for r in phrase.records] == [("c2", "D1:2")]
    curly = run(store, "search_turns", text="\u201cwhite fence\u201d")
    assert curly.records == phrase.records


def test_search_turns_keeps_a_speakers_turns(store: GraphStore) -> None:
    assert [r["speaker"] for r in run(store, "search_turns", text="painting",
                                      speaker="alice").records] == ["Alice"]
    short = run(store, "search_turns", text="fence", speaker="Car")  # Carol, by its start
    assert [r["dia_id"] for r in short.records] == ["D1:2"] and short.records[0]["speaker"] == \
        "Carol"
    unknown = run(store, "search_turns", text="painting", speaker="Zed")
    assert unknown.records == () and unknown.note == \
        "no speaker named 'Zed'; known: Alice, Bob, Carol"


def test_a_hit_asking_something_carries_its_reply(store: GraphStore) -> None:
    found = run(store, "search_turns", text="lighthouse harbour")
    by_dia = {r["dia_id"]: r for r in found.records}
    assert by_dia["D1:5"]["reply"]["dia_id"] == "D1:6"  # "Lighthouse? ..." -> Bob's next turn
    assert by_dia["D1:5"]["reply"]["speaker"] == "Bob" and not by_dia["D1:5"]["reply"]["in_event"]
    assert "reply" not in by_dia["D1:4"]  # says something: nothing to answer
    assert found.ids == ("D1:5", "D1:4")  # the hits only
    shown = {r["dia_id"]: r for r in compact("search_turns", found.records)}
    assert shown["D1:5"]["reply"] == {"dia_id": "D1:6", "said": "Bob: c1 turn D1:6"}


@pytest.mark.parametrize(("text", "asking"), [
    ("Lighthouse? The one by the harbour.", True), ("Great! When do you start?", True),
    ("You went where?!", True), ("It was fun!", False), ("", False)])
def test_a_turn_asks_when_it_holds_a_question_mark(text: str, asking: bool) -> None:
    assert asks(TurnRecord("D1:1", "A", text, 1, 0, "2023-01-01", True)) is asking


def test_a_reply_that_is_a_hit_is_only_named() -> None:
    asked = {"dia_id": "D1:1", "speaker": "A", "text": "Where?", "conversation": "c",
             "reply": {"dia_id": "D1:2", "speaker": "B", "text": "Up north."}}
    answer = {"dia_id": "D1:2", "speaker": "B", "text": "Up north.", "conversation": "c"}
    other = {**answer, "conversation": "d"}
    assert compact("search_turns", [asked, answer])[0]["reply"] == {"dia_id": "D1:2"}
    assert compact("search_turns", [asked, other])[0]["reply"] == {"dia_id": "D1:2",
                                                                   "said": "B: Up north."}


def test_search_turns_keeps_the_turns_said_on_the_days_asked(store: GraphStore) -> None:
    def said(**days: str) -> list[tuple[str, str]]:
        found = run(store, "search_turns", text="painting", **days).records
        return [(r["conversation"], r["dia_id"]) for r in found]

    assert said() == [("c1", "D1:4"), ("c2", "D1:1")]
    assert said(said_start="2023-07") == [("c2", "D1:1")]
    assert said(said_end="2023-05") == [("c1", "D1:4")]
    assert said(said_start="2023-05-08", said_end="2023-05-08") == [("c1", "D1:4")]
    assert said(said_start="2023", said_end="2023") == said()
    none = run(store, "search_turns", text="painting", said_start="2024")
    assert none.records == () and none.note == \
        "no turn of a session held on those days holds these words"
    with pytest.raises(ToolArgumentError, match="said_start 2023-07 is after said_end 2023-06"):
        run(store, "search_turns", text="painting", said_start="2023-07", said_end="2023-06")
    with pytest.raises(ToolArgumentError, match="'said_end' must be an ISO date"):
        run(store, "search_turns", text="painting", said_end="last May")


def test_search_turns_without_a_known_word_says_so(store: GraphStore) -> None:
    result = run(store, "search_turns", text="the and of zebra")
    assert result.records == () and result.note == "no turn holds any of these words"


# ------------------------------------------------------------------ read_turns


def test_read_turns_names_the_conversation_only_when_the_dia_ids_are_ambiguous(
        store: GraphStore, tmp_path: Path) -> None:
    with pytest.raises(ToolArgumentError, match=r"several conversations with these dia_ids: "
                       r"name one as `conversation` \(c1, c2\)"):
        run(store, "read_turns", dia_ids=["D1:1"], window=0)
    only_c1 = run(store, "read_turns", dia_ids=["D2:1"], window=0)  # c2 has no session 2
    assert [(r["conversation"], r["dia_id"]) for r in only_c1.records] == [("c1", "D2:1")]
    one = run(store, "read_turns", dia_ids="D1:1", conversation="c2", window=1)
    assert [(r["dia_id"], r["in_event"]) for r in one.records] == [("D1:1", True),
                                                                   ("D1:2", False)]
    missing = run(store, "read_turns", dia_ids=["D1:1", "D9:9"], conversation="c2", window=0)
    assert missing.note == "no turn D9:9 in conversation 'c2'"
    single = MemoryStore(tmp_path / "graph", "single")  # one conversation: nothing to name
    try:
        single.write_batch(World(single.ns).c2())
        alone = run(single, "read_turns", dia_ids=["D1:1"], window=1)
        assert [(r["conversation"], r["dia_id"]) for r in alone.records] == [
            ("c2", "D1:1"), ("c2", "D1:2")]
        assert run(single, "read_turns", session=1, last=0).ids == ("D1:1",)
    finally:
        single.close()


def test_read_turns_reads_a_sessions_range(store: GraphStore) -> None:
    ranged = run(store, "read_turns", session=1, conversation="c1", first=1, last=3)
    assert [r["dia_id"] for r in ranged.records] == ["D1:2", "D1:3", "D1:4"]
    assert run(store, "read_turns", session=2, conversation="c1").ids == (
        "D2:1", "D2:2", "D2:3", "D2:4")  # default: 20 turns from the first
    empty = run(store, "read_turns", session=7, conversation="c1")
    assert empty.records == () and "no turns in session 7" in empty.note


@pytest.mark.parametrize(("args", "message"), [
    ({}, "give dia_ids or a session, not both"),
    ({"dia_ids": ["D1:1"], "session": 1}, "give dia_ids or a session"),
    ({"session": 1}, "name the conversation of the session (one of c1, c2)"),
    ({"dia_ids": []}, "a list of 1 to 20 dia_ids"),
    ({"dia_ids": ["x" * 33]}, "at most 32 characters"),
    ({"dia_ids": [3]}, "each dia_id is a non-empty string"),
    ({"session": -1, "conversation": "c1"}, "'session' must be between 0 and"),
    ({"session": True, "conversation": "c1"}, "'session' must be an integer"),
])
def test_read_turns_arguments_are_checked(store: GraphStore, args: dict[str, Any],
                                          message: str) -> None:
    with pytest.raises(ToolArgumentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        run_tool(store, "read_turns", args)


# ------------------------------------------------------------------ hops with names, speakers


def test_cue_events_and_cue_tags_name_the_cue(store: GraphStore) -> None:
    assert run(store, "cue_events", cue="Paint").ids == (W.ep("e12"), W.ep("e21"), W.ep("e32"))
    tags = run(store, "cue_tags", cue="carol")
    assert {r["cue_name"] for r in tags.records} == {"Carol"}
    assert run(store, "cue_events", cue="nobody").note == "no cue named 'nobody'"


def test_search_events_with_a_speaker_ranks_what_they_said(store: GraphStore) -> None:
    alice = run(store, "search_events", text="painting", speaker="Alice")
    assert alice.ids == (W.ep("e31"),)  # Alice said "Painting the fence", in c2's e31
    bob = run(store, "search_events", text="painting lighthouse", speaker="Bob")
    assert bob.ids == (W.ep("e12"),) and bob.records[0]["score"] > 0


def test_timeline_with_a_speaker_keeps_their_episodes(store: GraphStore) -> None:
    carol = run(store, "timeline", start="2023", end="2023", speaker="Carol")
    assert carol.ids == tuple(sorted([W.ep("e31"), W.ep("e32")]))  # one date: by id
    with pytest.raises(ToolArgumentError, match="a cue or a speaker, not both"):
        run(store, "timeline", start="2023", end="2023", speaker="Carol", cue="paint")


def test_event_context_says_when_the_session_shortens_the_window(store: GraphStore) -> None:
    first = run(store, "event_context", event_id=W.ep("e11"), window=2)
    assert first.note == "0 of 2 turns before (the session starts there)"
    last = run(store, "event_context", event_id=W.ep("e13"), window=3)  # D1:6 ends session 1
    assert last.note == "0 of 3 turns after (the session ends there)"
    middle = run(store, "event_context", event_id=W.ep("e12"), window=1)
    assert middle.note == ""


# ------------------------------------------------------------------ what an agent reads


def _without_mentions(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "mentions"} for r in records]


def test_a_compact_episode_of_several_turns_is_smaller_and_its_dates_said() -> None:
    full = {"id": "ep-0123456789abcdef", "conversation": "c9", "session": 3,
            "date": "2023-05-08", "tag": "a tag", "summary": "a summary",
            "dia_ids": [f"D3:{i}" for i in range(4, 12)], "mentions": ["2023-W18", "2022"]}
    small = compact_event(full)
    assert small["said_on"] == "2023-05-08" and small["turns"] == "D3:4-11"
    assert small["mentions"] == ["1-7 May 2023", "2022"]
    assert count_tokens(json.dumps(small)) < count_tokens(json.dumps(full))


def test_every_tools_compact_records_are_smaller_and_keep_the_handles(store: GraphStore) -> None:
    calls: dict[str, dict[str, Any]] = {
        "search_turns": {"text": "painting"}, "search_events": {"text": "paint job"},
        "search_cues": {"text": "paint"}, "search_topics": {"text": "art"},
        "timeline": {"start": "2023", "end": "2023"}, "cue_tags": {"cue": "Alice"},
        "tag_events": {"cue": "Alice", "tag": "painting"}, "cue_events": {"cue": "paint"},
        "topic_events": {"topic": "Art"}, "event_keywords": {"event_id": W.ep("e12")},
        "event_context": {"event_id": W.ep("e12")}, "read_turns": {"dia_ids": ["D1:4"]},
        "conversation_time": {"event_id": W.ep("e12")},
        "personal_aspects": {"entity": "Alice"},
        "personal_aspect": {"entity": "Alice", "aspect": "job"}}
    assert set(calls) == set(TOOL_NAMES)
    for tool, args in calls.items():
        full = reply(store, tool, args, detail=True)["records"]
        small = reply(store, tool, args)["records"]
        assert full and len(small) == len(full), tool
        if tool in EVENT_TOOLS:
            # an episode's compact record labels its date (`said_on`) and says its mentions
            # for reading ("1-7 May 2023" for "2023-W18"); with the world's two-turn episodes
            # the turn span only pays for the label (a longer episode: below)
            assert count_tokens(json.dumps(_without_mentions(small))) <= \
                count_tokens(json.dumps(_without_mentions(full))), tool
        else:
            assert count_tokens(json.dumps(small)) < count_tokens(json.dumps(full)), tool
        assert all("score" not in r and "dia_ids" not in r for r in small), tool
    event = compact("tag_events", run(store, "tag_events", cue="Alice", tag="painting").records)
    assert event[0] == {"id": W.ep("e12"), "conversation": "c1", "session": 1,
                        "said_on": "2023-05-08", "mentions": ["1-7 May 2023"],
                        "tag": "painting",
                        "summary": "summary of e12", "turns": "D1:4, D1:5"}
    turn = compact("search_turns", run(store, "search_turns", text="lighthouse",
                                       limit=1).records)[0]
    assert turn["said"].startswith("Bob: I finished the lighthouse painting") and \
        turn["said"].endswith("[photo: a painting of a lighthouse at dusk]")
    assert turn["said_on"] == "2023-05-08" and turn["episode"] == W.ep("e12")
    # the date it mentions, as precise as it was said, relative to the day it was said on
    assert turn["dates"] == [{"when": "the week before 8 May 2023", "precision": "week",
                              "phrase": "last week"}]
    context = compact("event_context", run(store, "event_context", event_id=W.ep("e12"),
                                           window=1).records)
    assert [r.get("context", False) for r in context] == [True, False, False, True]
    assert "episode" not in context[0]


def test_one_conversations_records_do_not_repeat_its_id(store: GraphStore) -> None:
    records = run(store, "search_turns", text="painting").records
    assert all("conversation" in r for r in compact("search_turns", records))
    assert all("conversation" not in r for r in compact("search_turns", records,
                                                        one_conversation=True))


def test_dia_spans() -> None:
    assert dia_span(["D1:1", "D1:2"]) == "D1:1, D1:2"
    assert dia_span([f"D2:{i}" for i in range(3, 10)]) == "D2:3-9"
    assert dia_span(["S1:9", "S1:10", "S2:1", "S2:2"]) == "S1:9..S2:2"
    assert dia_span(["a", "b", "c", "d"]) == "a..d"
    assert dia_span([]) == ""


def test_an_empty_namespace_is_flagged_in_every_reply(store: GraphStore, root: Path) -> None:
    empty = MemoryStore(root, "nothing-here")
    try:
        body = reply(empty, "search_events", {"text": "painting"})
        assert list(body)[0] == "warning" and body["records"] == []
        assert body["warning"] == ("namespace 'nothing-here' is empty (no conversation); "
                                   f"namespaces holding some: {NS} (2 conversations)")
        assert "warning" not in reply(store, "search_events", {"text": "painting"})
    finally:
        empty.close()
