"""Contract: the toolkit reads — records, scores and orders exactly as base.py documents them."""

from __future__ import annotations

import pytest

from mrgraph.store.base import (
    CueHit,
    EventRecord,
    GraphStore,
    KeywordRecord,
    TagCount,
    TimeRecord,
    TopicHit,
    TurnRecord,
)
from mrgraph.types import GraphBatch
from tests.contract.conftest import MENTIONS, SESSIONS, World, mentioned, turn_text


def event(world: World, name: str, score: float = 0.0) -> EventRecord:
    cid, spec = world.episode_spec(name)
    mentions = tuple(MENTIONS[(cid, spec.session, i)][1] for i in spec.turns
                     if (cid, spec.session, i) in MENTIONS)
    return EventRecord(world.ep(name), cid, spec.session, spec.date,
                       f"summary of {name}", "Career change" if spec.tag == "career change"
                       else spec.tag, world.dia_ids(name), score, mentions)


def by_date(world: World, *names: str) -> list[str]:
    """Episode names in (date, id) order."""
    return sorted(names, key=lambda n: (world.episode_spec(n)[1].date, world.ep(n)))


# ------------------------------------------------------------------ cues and tags


def test_search_cues_returns_cues_and_tags_by_score_then_name(loaded: GraphStore,
                                                              world: World) -> None:
    assert loaded.search_cues({"paint": 1.0}, 10) == [
        CueHit(world.cue("paint"), "paint", "keyword", 1.0, 3),
        CueHit(world.cue("paint class"), "paint class", "keyword", 1.0, 1),
        CueHit(world.tag("painting"), "painting", "tag", 1.0, 3),
    ]
    assert loaded.search_cues({"class": 0.5, "paint": 1.0}, 2) == [
        CueHit(world.cue("paint class"), "paint class", "keyword", 1.5, 1),
        CueHit(world.cue("paint"), "paint", "keyword", 1.0, 3),
    ]


def test_search_cues_rounds_scores_to_six_decimals(loaded: GraphStore, world: World) -> None:
    assert loaded.search_cues({"career": 0.1, "change": 0.2}, 10) == [
        CueHit(world.tag("career change"), "Career change", "tag", 0.3, 3)]
    assert loaded.search_cues({"alice": 1 / 3}, 10) == [
        CueHit(world.cue("alice"), "Alice", "entity", 0.333333, 4)]


def test_search_cues_breaks_name_ties_by_id(store: GraphStore, world: World) -> None:
    a = world.lone("Cue", "same a", name="same", key="same a", kind="keyword", tokens="same")
    b = world.lone("Cue", "same b", name="same", key="same b", kind="keyword", tokens="same")
    store.write_batch(GraphBatch("c", (a, b), ()))
    hits = store.search_cues({"same": 1.0}, 10)
    assert [h.id for h in hits] == sorted([a.id, b.id])
    assert [h.episodes for h in hits] == [0, 0]


def test_search_cues_without_matches_or_limit(loaded: GraphStore) -> None:
    assert loaded.search_cues({"zzz": 1.0}, 10) == []
    assert loaded.search_cues({}, 10) == []
    assert loaded.search_cues({"paint": 1.0}, 0) == []


def test_find_cues_matches_the_normalised_key_only(loaded: GraphStore, world: World) -> None:
    assert loaded.find_cues("alice") == [CueHit(world.cue("alice"), "Alice", "entity", 1.0, 4)]
    assert loaded.find_cues("2023 05") == [CueHit(world.cue("2023 05"), "2023-05", "date", 1.0, 2)]
    assert loaded.find_cues("paint class") == [
        CueHit(world.cue("paint class"), "paint class", "keyword", 1.0, 1)]
    assert loaded.find_cues("painting") == []  # a tag, not a cue
    assert loaded.find_cues("nobody") == []


def test_cue_tags_counts_episodes_per_tag(loaded: GraphStore, world: World) -> None:
    assert loaded.cue_tags(world.cue("alice"), 10) == [TagCount("Career change", 3),
                                                       TagCount("painting", 1)]
    assert loaded.cue_tags(world.cue("alice"), 1) == [TagCount("Career change", 3)]
    assert loaded.cue_tags(world.cue("paint"), 10) == [TagCount("painting", 3)]
    # equal counts: tag ascending ("C" sorts before "p")
    assert loaded.cue_tags(world.cue("2023 05"), 10) == [TagCount("Career change", 1),
                                                         TagCount("painting", 1)]
    assert loaded.cue_tags("cue-0000000000000000", 10) == []


def test_tag_events_orders_by_date_then_id(loaded: GraphStore, world: World) -> None:
    expected = [event(world, n) for n in by_date(world, "e11", "e13", "e31")]
    assert loaded.tag_events(world.cue("alice"), "Career change", 10) == expected
    assert loaded.tag_events(world.cue("alice"), "Career change", 2) == expected[:2]
    assert loaded.tag_events(world.cue("alice"), "painting", 10) == [event(world, "e12")]
    assert loaded.tag_events(world.cue("alice"), "nope", 10) == []
    assert loaded.tag_events("cue-0000000000000000", "painting", 10) == []


def test_event_keywords_is_the_reverse_hop(loaded: GraphStore, world: World) -> None:
    assert loaded.event_keywords(world.ep("e12")) == [
        KeywordRecord(world.cue("2023 05"), "2023-05", "date", "painting"),
        KeywordRecord(world.cue("alice"), "Alice", "entity", "painting"),
        KeywordRecord(world.cue("bob"), "Bob", "entity", "painting"),
        KeywordRecord(world.cue("paint"), "paint", "keyword", "painting"),
    ]
    assert loaded.event_keywords("ep-0000000000000000") == []


# ------------------------------------------------------------------ episodes and turns


def turns(cid: str, session: int, indexes: range, own: set[int]) -> list[TurnRecord]:
    speakers = ("Alice", "Bob") if cid == "c1" else ("Alice", "Carol")
    date = SESSIONS[cid][session][1]
    return [TurnRecord(f"D{session}:{i + 1}", speakers[i % 2],
                       turn_text(cid, f"D{session}:{i + 1}")[0], session, i, date, i in own,
                       turn_text(cid, f"D{session}:{i + 1}")[1] or "", cid,
                       dates=mentioned(cid, session, i))
            for i in indexes]


@pytest.mark.parametrize(("name", "window", "cid", "session", "indexes", "own"), [
    ("e12", 1, "c1", 1, range(2, 6), {3, 4}),
    ("e12", 0, "c1", 1, range(3, 5), {3, 4}),
    ("e12", 99, "c1", 1, range(0, 6), {3, 4}),
    ("e11", 2, "c1", 1, range(0, 4), {0, 1}),
    ("e21", 1, "c1", 2, range(0, 4), {0, 1, 2}),
    ("e31", 0, "c2", 1, range(0, 2), {0, 1}),  # c2's D1:1, not c1's
])
def test_event_context_is_the_episode_turns_and_a_window(
        loaded: GraphStore, world: World, name: str, window: int, cid: str, session: int,
        indexes: range, own: set[int]) -> None:
    assert loaded.event_context(world.ep(name), window) == turns(cid, session, indexes, own)


def test_event_context_of_a_missing_episode_is_empty(loaded: GraphStore) -> None:
    assert loaded.event_context("ep-0000000000000000", 2) == []


def test_conversation_time(loaded: GraphStore, world: World) -> None:
    """When an episode was said (its session) and what its turns mention, in turn order."""
    assert loaded.conversation_time(world.ep("e12")) == TimeRecord(
        world.ep("e12"), "2023-05-08T13:56:00", "2023-05-08", mentioned("c1", 1, 3))
    assert loaded.conversation_time(world.ep("e21")) == TimeRecord(
        world.ep("e21"), "2023-06-10T09:00:00", "2023-06-10", ())
    assert loaded.conversation_time("ep-0000000000000000") is None


def test_get_events_keeps_the_order_asked_and_skips_missing(loaded: GraphStore,
                                                            world: World) -> None:
    asked = [world.ep("e21"), "ep-0000000000000000", world.ep("e11"), world.cue("alice")]
    assert loaded.get_events(asked) == [event(world, "e21"), event(world, "e11")]
    assert loaded.get_events([]) == []


# ------------------------------------------------------------------ topics


def test_search_topics_by_score_then_label(loaded: GraphStore, world: World) -> None:
    art = TopicHit(world.topic("t1"), "Art", "Bob and Alice paint", 1.0, 2)
    work = TopicHit(world.topic("t2"), "Work", "Jobs and careers", 1.0, 1)
    assert loaded.search_topics({"paint": 1.0}, 10) == [art]
    assert loaded.search_topics({"job": 1.0, "art": 1.0}, 10) == [art, work]
    assert loaded.search_topics({"job": 2.0, "art": 1.0}, 1) == [
        TopicHit(work.id, "Work", "Jobs and careers", 2.0, 1)]
    assert loaded.search_topics({"zzz": 1.0}, 10) == []


def test_topic_events_by_date(loaded: GraphStore, world: World) -> None:
    assert loaded.topic_events(world.topic("t1"), 10) == [event(world, "e12"),
                                                          event(world, "e21")]
    assert loaded.topic_events(world.topic("t1"), 1) == [event(world, "e12")]
    assert loaded.topic_events("topic-0000000000000000", 10) == []


# ------------------------------------------------------------------ timeline and search


@pytest.mark.parametrize(("start", "end", "cue", "limit", "names"), [
    ("2023-05-05", "2023-05-08", None, 10, ("e12", "e11", "e13")),  # session days
    ("2023-05-09", "2023-05-31", None, 10, ()),  # no session, no date mentioned
    ("2023-04-01", "2023-05-01", None, 10, ("e12",)),  # e12 mentions 1-7 May: inclusive
    ("2023-05-07", "2023-05-07", None, 10, ("e12",)),  # ... whatever its session's day
    ("2022-03-01", "2022-03-31", None, 10, ("e32",)),  # e32 mentions "last year" (2022)
    ("2022-01-01", "2022-12-31", "carol", 10, ("e32",)),  # so does a cue's timeline
    ("2022-01-01", "2022-12-31", "bob", 10, ()),
    ("2023-01-01", "2023-12-31", None, 10, ("e12", "e11", "e13", "e21", "e31", "e32")),
    ("2023-01-01", "2023-12-31", None, 3, ("e12", "e11", "e13")),
    ("2023-01-01", "2023-12-31", "bob", 10, ("e12", "e21")),
    ("2023-01-01", "2023-12-31", "carol", 10, ("e31", "e32")),
    ("2023-05-02", "2023-06-30", "alice", 10, ("e12", "e11", "e13")),
    ("2023-05-02", "2023-06-30", "alice", 1, ("e12", "e11", "e13")),
    ("2024-01-01", "2024-12-31", None, 10, ()),
])
def test_timeline_overlaps_and_orders_by_date_then_id(
        loaded: GraphStore, world: World, start: str, end: str, cue: str | None, limit: int,
        names: tuple[str, ...]) -> None:
    expected = by_date(world, *names)[:limit]
    got = loaded.timeline(start, end, world.cue(cue) if cue else None, limit)
    assert got == [event(world, n) for n in expected]


def test_timeline_of_an_unknown_cue_is_empty(loaded: GraphStore) -> None:
    assert loaded.timeline("2023-01-01", "2023-12-31", "cue-0000000000000000", 10) == []


def test_search_events_by_score_then_date_then_id(loaded: GraphStore, world: World) -> None:
    alice = by_date(world, "e11", "e12", "e13", "e31")
    assert loaded.search_events({"alice": 1.0}, 10) == [event(world, n, 1.0) for n in alice]
    assert loaded.search_events({"paint": 1.0, "bob": 1.0}, 10) == [
        event(world, "e12", 2.0), event(world, "e21", 2.0), event(world, "e32", 1.0)]
    assert loaded.search_events({"paint": 1.0, "bob": 1.0}, 1) == [event(world, "e12", 2.0)]


def test_search_events_rounds_the_summed_weights(loaded: GraphStore, world: World) -> None:
    found = loaded.search_events({"job": 0.1, "alice": 0.2}, 10)
    assert found == ([event(world, n, 0.3) for n in by_date(world, "e11", "e13", "e31")]
                     + [event(world, "e12", 0.2)])
    assert loaded.search_events({"zzz": 1.0}, 10) == []


# ------------------------------------------------------------------ searches with many tokens


def _padded(weights: dict[str, float], count: int) -> dict[str, float]:
    """`weights` plus `count` tokens no node holds (as a kind word bridged to its members
    brings), in a query long enough for Neo4j to read the nodes instead of full-text queries."""
    return {**weights, **{f"unheld{n:05d}": 0.5 for n in range(count)}}


@pytest.mark.parametrize("count", [0, 600, 1300])
def test_searches_with_many_tokens_match_the_short_ones(loaded: GraphStore, world: World,
                                                        count: int) -> None:
    alice = by_date(world, "e11", "e12", "e13", "e31")
    assert loaded.search_events(_padded({"alice": 1.0}, count), 10) == [
        event(world, n, 1.0) for n in alice]
    assert loaded.search_events(_padded({"job": 0.1, "alice": 0.2}, count), 2) == [
        event(world, n, 0.3) for n in by_date(world, "e11", "e13", "e31")[:2]]
    assert loaded.search_cues(_padded({"class": 0.5, "paint": 1.0}, count), 2) == [
        CueHit(world.cue("paint class"), "paint class", "keyword", 1.5, 1),
        CueHit(world.cue("paint"), "paint", "keyword", 1.0, 3)]
    art = TopicHit(world.topic("t1"), "Art", "Bob and Alice paint", 1.0, 2)
    assert loaded.search_topics(_padded({"paint": 1.0}, count), 10) == [art]
    assert loaded.search_events(_padded({}, count), 10) == []
