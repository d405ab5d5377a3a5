"""The typed toolkit on the embedded store holding the contract tests' hand-built graph."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import pytest

from mrgraph.errors import ToolArgumentError
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import TOOL_NAMES, ToolResult, run_tool, tool_specs
from mrgraph.weights import BROAD_KIND, KIND_SHARE, kind_share, search_weights
from tests.contract.conftest import World

NS = "tk"


@pytest.fixture(scope="module")
def world() -> World:
    return World(NS)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, world: World) -> Iterator[GraphStore]:
    s = MemoryStore(tmp_path_factory.mktemp("toolkit") / "graph", NS)
    world.write_into(s, beliefs=True)
    yield s
    s.close()


class Untouchable:
    """A store that fails the test if anything reaches it."""

    ns = NS

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the store was reached ({name}) despite invalid arguments")


def run(store: GraphStore, tool: str, **args: Any) -> ToolResult:
    return run_tool(store, tool, args)


# ------------------------------------------------------------------ the table and schemas


def test_every_spec_tool_is_offered_with_a_closed_schema() -> None:
    assert TOOL_NAMES == (  # entry points, hops, reading, people: the order they are offered
        "search_turns", "search_events", "search_cues", "search_topics", "timeline",
        "cue_tags", "tag_events", "cue_events", "topic_events", "event_keywords",
        "event_context", "read_turns", "conversation_time", "personal_aspects",
        "personal_aspect")
    specs = {s.name: s for s in tool_specs()}
    assert set(specs) == set(TOOL_NAMES)
    timeline = specs["timeline"].parameters
    assert timeline["required"] == ["start", "end"]
    assert timeline["additionalProperties"] is False
    assert timeline["properties"]["limit"] == {
        "type": "integer", "minimum": 1, "maximum": 50, "description": "maximum results (1-50)"}
    assert specs["event_context"].parameters["properties"]["window"]["maximum"] == 10
    assert specs["search_events"].parameters["properties"]["text"]["maxLength"] == 500
    assert "pattern" in specs["event_keywords"].parameters["properties"]["event_id"]
    assert all(s.description for s in specs.values())


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(("tool", "args", "message"), [
    ("drop_everything", {}, "unknown tool 'drop_everything'"),
    ("search_events", {"text": "job", "query": "x"}, "unknown argument(s) query"),
    ("search_events", {}, "missing required argument 'text'"),
    ("search_events", {"text": "   "}, "'text' must be a non-empty string"),
    ("search_events", {"text": 5}, "'text' must be a non-empty string"),
    ("search_events", {"text": "x" * 501}, "'text' is longer than 500 characters"),
    ("search_events", {"text": "job", "limit": 0}, "'limit' must be between 1 and 50, got 0"),
    ("search_events", {"text": "job", "limit": 51}, "between 1 and 50"),
    ("search_events", {"text": "job", "limit": "5"}, "'limit' must be an integer"),
    ("search_events", {"text": "job", "limit": True}, "'limit' must be an integer"),
    ("cue_tags", {"cue": "a" * 201}, "'cue' is longer than 200 characters"),
    ("event_context", {"event_id": "ep-1234", "window": 1}, "must be an episode id"),
    ("event_context", {"event_id": "ep-0123456789abcdef", "window": 11}, "between 0 and 10"),
    ("event_context", {"event_id": "ep-0123456789abcdef", "reply": "yes"},
     "'reply' must be true or false"),
    ("event_keywords", {"event_id": "MATCH (n) DETACH DELETE n"}, "must be an episode id"),
    ("timeline", {"start": "2023-02-30", "end": "2023-03-01"}, "'start' must be an ISO date"),
    ("timeline", {"start": "last week", "end": "2023-03-01"}, "'start' must be an ISO date"),
    ("timeline", {"start": "2023-06-01", "end": "2023-05-01"}, "start 2023-06-01 is after end"),
    ("personal_aspect", {"entity": "Alice", "aspect": "job", "as_of": "yesterday"},
     "'as_of' must be an ISO date"),
])
def test_bad_arguments_never_reach_the_store(tool: str, args: dict[str, Any],
                                             message: str) -> None:
    with pytest.raises(ToolArgumentError) as caught:
        run_tool(Untouchable(), tool, args)
    assert message in str(caught.value)


def test_json_numbers_and_nulls_are_accepted_as_a_model_sends_them(store: GraphStore) -> None:
    result = run_tool(store, "timeline", {"start": "2023-05", "end": "2023", "cue": None,
                                          "limit": 3.0})
    assert len(result.records) == 3


# ------------------------------------------------------------------ weights


def test_search_weights_are_idf_over_the_label(store: GraphStore) -> None:
    # 6 episodes; "job" is held by e11, e13 and e31; "unheard" by none (dropped)
    weights = search_weights(store, ("Episode",), "Jobs unheard of")
    assert weights == {"job": pytest.approx(math.log(1 + 6 / 3))}
    assert search_weights(store, ("Episode",), "the and of") == {}


# ------------------------------------------------------------------ each tool


def test_search_events_returns_compact_records_with_ids_dates_and_dia_ids(
        store: GraphStore, world: World) -> None:
    result = run(store, "search_events", text="Alice's job", limit=10)
    assert result.tool == "search_events"
    assert result.ids[:3] == (world.ep("e11"), world.ep("e13"), world.ep("e31"))
    first = result.records[0]
    assert first["date"] == "2023-05-08"
    assert first["dia_ids"] == ["D1:1", "D1:2"]
    assert first["summary"] == "summary of e11" and first["tag"] == "Career change"
    assert first["score"] > 0
    json.dumps(result.records)  # plain data, ready for a prompt


def test_search_cues_finds_cues_and_tags(store: GraphStore, world: World) -> None:
    result = run(store, "search_cues", text="painting class")
    kinds = {r["name"]: r["kind"] for r in result.records}
    assert kinds["paint class"] == "keyword" and kinds["painting"] == "tag"
    assert world.cue("paint class") == result.ids[0]


def test_cue_tags_and_tag_events_take_a_name_or_an_id(store: GraphStore, world: World) -> None:
    by_name = run(store, "cue_tags", cue="ALICE")
    by_id = run(store, "cue_tags", cue=world.cue("alice"))
    # rows name the cue (as resolved from a name; an id given is not looked up: no read)
    assert [{**r, "cue_name": ""} for r in by_name.records] == \
        [{**r, "cue_name": ""} for r in by_id.records]
    assert by_name.records[0] == {"cue": world.cue("alice"), "cue_name": "Alice",
                                  "tag": "Career change", "count": 3}
    events = run(store, "tag_events", cue="alice", tag="Career change")
    assert events.ids == (world.ep("e11"), world.ep("e13"), world.ep("e31"))


def test_an_unknown_cue_is_an_empty_result_with_a_note(store: GraphStore) -> None:
    result = run(store, "cue_tags", cue="zebra")
    assert result.records == () and result.note == "no cue named 'zebra'"


def test_event_keywords_is_the_reverse_hop(store: GraphStore, world: World) -> None:
    result = run(store, "event_keywords", event_id=world.ep("e12"))
    assert {(r["name"], r["kind"], r["tag"]) for r in result.records} == {
        ("Alice", "entity", "painting"), ("Bob", "entity", "painting"),
        ("paint", "keyword", "painting"), ("2023-05", "date", "painting")}
    assert all(r["event_id"] == world.ep("e12") for r in result.records)


def test_event_context_reads_turns_with_a_window(store: GraphStore, world: World) -> None:
    result = run(store, "event_context", event_id=world.ep("e11"), window=1)
    assert result.ids == ("D1:1", "D1:2", "D1:3")
    assert [r["in_event"] for r in result.records] == [True, True, False]
    assert result.records[0]["date"] == "2023-05-08"


def test_event_context_reads_the_reply_to_a_question_it_ends_on(store: GraphStore,
                                                                 world: World) -> None:
    # e12 ends on Alice's "Lighthouse? The one by the harbour?"; Bob speaks next (e13)
    plain = run(store, "event_context", event_id=world.ep("e12"), window=0)
    result = run(store, "event_context", event_id=world.ep("e12"), window=0, reply=True)
    assert plain.ids == ("D1:4", "D1:5") and result.ids == ("D1:4", "D1:5", "D1:6")
    assert result.records[-1]["event_id"] == world.ep("e12")
    assert result.records[-1]["in_event"] is False and result.note == plain.note
    # a read ending on a statement is the same with it
    assert run(store, "event_context", event_id=world.ep("e11"), window=0, reply=True).ids \
        == ("D1:1", "D1:2")
    # the read is one turn wider on both sides, then cut back: the window holds as asked
    for event, window in (("e12", 1), ("e11", 1), ("e13", 0), ("e13", 2)):
        narrow = run(store, "event_context", event_id=world.ep(event), window=window)
        wide = run(store, "event_context", event_id=world.ep(event), window=window, reply=True)
        assert wide.ids[:len(narrow.ids)] == narrow.ids and len(wide.ids) - len(narrow.ids) <= 1
        assert wide.note == narrow.note


def test_conversation_time(store: GraphStore, world: World) -> None:
    """The session date and each date a turn mentions, labelled: as said, its value,
    precision, source, phrase, the turn and speaker, and the clause it belongs to."""
    result = run(store, "conversation_time", event_id=world.ep("e12"))
    assert result.records == ({
        "event_id": world.ep("e12"), "session_started_at": "2023-05-08T13:56:00",
        "date": "2023-05-08",
        "session_date": {"when": "8 May 2023", "value": "2023-05-08", "precision": "day",
                         "source": "session", "start": "2023-05-08", "end": "2023-05-08",
                         "said": "2023-05-08"},
        "mentions": [{"when": "the week before 8 May 2023", "value": "2023-W18",
                      "precision": "week", "source": "relative", "start": "2023-05-01",
                      "end": "2023-05-07", "phrase": "last week", "said": "2023-05-08",
                      "dia_id": "D1:4", "speaker": "Bob",
                      "statement": "I finished the lighthouse painting last week!"}]},)


def test_event_context_turns_carry_the_dates_they_mention(store: GraphStore,
                                                           world: World) -> None:
    result = run(store, "event_context", event_id=world.ep("e12"), window=0)
    said = {r["dia_id"]: [d["when"] for d in r.get("dates", ())] for r in result.records}
    assert said == {"D1:4": ["the week before 8 May 2023"], "D1:5": []}


def test_personal_aspect_returns_the_whole_distribution(store: GraphStore, world: World) -> None:
    aspects = run(store, "personal_aspects", entity="alice")
    assert aspects.ids == ("job",) and aspects.records[0]["candidates"] == 2
    result = run(store, "personal_aspect", entity="Alice", aspect="job")
    teacher, nurse = result.records
    assert teacher["statement"] == "Alice works as a teacher" and teacher["status"] == "active"
    assert teacher["confidence"] == pytest.approx(0.9) and teacher["support"] == 2
    assert teacher["dia_ids"] == ["D1:1", "D1:2"]  # both conversations' D1:1-2
    assert nurse["status"] == "superseded" and nurse["confidence"] == pytest.approx(0.25)
    assert [v["reason"] for v in nurse["history"]] == ["add", "contradict"]
    assert result.ids == (world.fact("f1"), world.fact("f2"))


def test_personal_aspect_as_of_a_date(store: GraphStore, world: World) -> None:
    # beliefs are dated by the sessions that said them: nothing before the first one
    before = run(store, "personal_aspect", entity="Alice", aspect="job", as_of="2023-05-07")
    assert before.records == ()
    first = run(store, "personal_aspect", entity="Alice", aspect="job", as_of="2023-05-08")
    assert {r["statement"] for r in first.records} == {"Alice works as a teacher",
                                                       "Alice works as a nurse"}
    june = run(store, "personal_aspect", entity="Alice", aspect="job", as_of="2023-06")
    teacher = next(r for r in june.records if r["fact_id"] == world.fact("f1"))
    assert teacher["support"] == 1 and teacher["episode_ids"] == [world.ep("e11")]
    assert teacher["dia_ids"] == ["D1:1", "D1:2"]


def test_topics(store: GraphStore, world: World) -> None:
    found = run(store, "search_topics", text="art")
    assert found.ids == (world.topic("t1"),)
    by_label = run(store, "topic_events", topic="Art")
    assert by_label == run(store, "topic_events", topic=world.topic("t1"))
    assert by_label.ids == (world.ep("e12"), world.ep("e21"))
    assert run(store, "topic_events", topic="nothing like it").note


def test_timeline_by_month_and_cue(store: GraphStore, world: World) -> None:
    may = run(store, "timeline", start="2023-05", end="2023-05")
    assert may.ids == (world.ep("e12"), world.ep("e11"), world.ep("e13"))
    bob = run(store, "timeline", start="2023-01-01", end="2023-12-31", cue="Bob")
    assert bob.ids == (world.ep("e12"), world.ep("e21"))


def test_a_broad_kinds_members_hold_less_of_its_weight() -> None:
    # a kind with thousands of members (WordNet's "activity") is held by nearly any episode
    assert kind_share(["violin", "cello"]) == KIND_SHARE
    assert kind_share([f"m{i}" for i in range(BROAD_KIND)]) == KIND_SHARE
    assert kind_share([f"m{i}" for i in range(4 * BROAD_KIND)]) == KIND_SHARE / 4
