"""The embedded store's index of the dates turns mention (mrgraph.store.mention_index): which
episodes a range of days reaches through a mention, first by the episode's own day."""

from __future__ import annotations

import random

from mrgraph.store.mention_index import MentionIndex

DAYS = {"ep-a": "2023-05-01", "ep-b": "2023-03-10", "ep-c": "2023-03-10", "ep-d": "2024-01-02"}
ROWS = [
    ("2022-01-01", "ep-a", "2022-12-31"),  # "last year", said on 2023-05-01
    ("2023-04-30", "ep-a", "2023-04-30"),  # "yesterday"
    ("2023-06-01", "ep-b", "2023-06-30"),  # "in June", said in March
    ("2022-07-01", "ep-c", "2022-07-31"),
    ("2023-12-25", "ep-d", "2023-12-25"),
    ("2022-12-31", "ep-x", "2022-12-31"),  # an episode without a day of its own
]


def index() -> MentionIndex:
    return MentionIndex(list(ROWS), DAYS.get)


def test_a_range_reaches_the_episodes_whose_mentions_overlap_it_by_their_own_day() -> None:
    # ep-x has no day: first, as a node without a date sorts; then ep-c (its day before ep-a's)
    assert index().first("2022-07-15", "2022-12-31", None, 10) == ["ep-x", "ep-c", "ep-a"]
    assert index().first("2023-06-30", "2023-06-30", None, 10) == ["ep-b"]  # the last day counts
    assert index().first("2023-07-01", "2023-12-24", None, 10) == []


def test_ties_on_the_day_go_by_id_and_the_limit_takes_the_first() -> None:
    same_day = [("2023-01-05", "ep-c", "2023-01-05"), ("2023-01-05", "ep-b", "2023-01-05")]
    both = MentionIndex(same_day, DAYS.get)
    assert both.first("2023-01-01", "2023-01-31", None, 10) == ["ep-b", "ep-c"]
    assert index().first("2022-01-01", "2023-12-31", None, 2) == ["ep-x", "ep-b"]
    assert index().first("2022-01-01", "2023-12-31", None, 0) == []


def test_an_episode_reached_by_several_mentions_comes_once_and_allowed_filters() -> None:
    assert index().first("2022-12-31", "2023-04-30", None, 10) == ["ep-x", "ep-a"]
    assert index().first("2022-01-01", "2023-12-31", {"ep-a", "ep-d", "ep-zz"}, 10) == \
        ["ep-a", "ep-d"]
    assert index().first("2022-01-01", "2023-12-31", set(), 10) == []
    assert MentionIndex([], DAYS.get).first("2022-01-01", "2023-12-31", None, 10) == []


def test_the_same_as_checking_every_mention() -> None:
    rng = random.Random(7)
    days = [f"2023-{m:02d}-{d:02d}" for m in range(1, 13) for d in (1, 9, 17, 25)]
    own = {f"ep-{n:03d}": rng.choice(days) for n in range(60)}
    rows = []
    for episode in own:
        for _ in range(rng.randint(0, 3)):
            a, b = sorted(rng.sample(days, 2))
            rows.append((a, episode, rng.choice([a, b])))
    built = MentionIndex(rows, own.get)
    for _ in range(200):
        start, end = sorted(rng.sample(days, 2))
        limit = rng.randint(1, 12)
        allowed = set(rng.sample(sorted(own), 30)) if rng.random() < 0.5 else None
        reached = {e for s, e, t in rows if s <= end and t >= start
                   and (allowed is None or e in allowed)}
        assert built.first(start, end, allowed, limit) == \
            sorted(reached, key=lambda e: (own[e], e))[:limit]
