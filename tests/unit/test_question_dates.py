"""Questions that name a time: what counts (mrgraph.policies.question_dates), how the active
policy uses it (an entry timeline call, a relevance bonus), and "when" answers taken from the
turn that says when (tests/fixtures/dated.txt)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.policies.base import Budget
from mrgraph.policies.question_dates import QuestionTime, question_time
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from tests.unit.conftest import ingested

FIXTURE = Path(__file__).parent.parent / "fixtures" / "dated.txt"
BAKED = "What did Nora bake with her neighbour in March 2023?"
BOOK_CLUB = "When did Nora go to the book club?"


@pytest.mark.parametrize(("question", "ranges", "months"), [
    ("Who did Petra have dinner with on May 3, 2023?", (("2023-05-03", "2023-05-03"),), ()),
    ("What did Vera find on 1 February, 2023?", (("2023-02-01", "2023-02-01"),), ()),
    ("What did she donate in December 2023?", (("2023-12-01", "2023-12-31"),), ()),
    ("How often did he go to the beach in 2022?", (("2022-01-01", "2022-12-31"),), ()),
    ("When did Ingrid attend a kite festival in August?", (), (8,)),
    ("What did they plan during June?", (), (6,)),
])
def test_absolute_times_and_months_count(question: str, ranges: tuple[tuple[str, str], ...],
                                         months: tuple[int, ...]) -> None:
    assert question_time(question) == QuestionTime(ranges, frozenset(months))


@pytest.mark.parametrize("question", [
    "What did Ivo do last weekend?",  # relative: a question has no session to anchor it
    "Where did he go yesterday?",
    "What happened on May 3?",  # no year: which one depends on the anchor
    "Where did Ivo wander on a bike tour last year?",
    "What may happen next?",  # "may" the verb
    "When did Marta paint a sunrise?",
])
def test_relative_or_missing_times_do_not(question: str) -> None:
    assert not question_time(question)


def test_fits_overlaps_and_holds_contains() -> None:
    march = question_time("in March 2023")
    assert march.fits("2023-03-14")
    assert march.fits("2023-02-20", "2023-03-02")  # a range overlapping it
    assert march.fits("2023-02-20")  # a session up to TOLD days before: still named by it
    assert not march.fits("2023-02-14")
    assert not march.fits("2023-02-01")
    # a date a turn mentions counts only when at least as precise as the question
    assert march.holds("2023-03-06", "2023-03-12")  # a week of March
    assert not march.holds("2023-01-01", "2023-12-31")  # the year 2023
    assert not march.holds("2023-02-27", "2023-03-05")  # a week reaching into February
    day = question_time("on 16 June, 2023")
    assert day.holds("2023-06-16", "2023-06-16") and not day.holds("2023-06-01", "2023-06-30")
    assert not march.fits("2023-04-01")
    assert not march.fits("")
    august = question_time("in August")
    assert august.fits("2021-08-30") and august.fits("2023-08-01")
    assert not august.fits("2023-07-31")
    assert august.holds("2022-08-01", "2022-08-31") and not august.holds("2022-06-01",
                                                                          "2022-08-31")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with ingested(tmp_path_factory, FIXTURE, "dated") as s:
        yield s


def test_the_named_month_decides_between_episodes(store: GraphStore) -> None:
    budget = Budget(max_evidence=1)
    active = ask(store, BAKED, "active", budget=budget)
    assert active.supports == ("D1:1",)
    assert set(active.evidence) <= {"D1:1", "D1:2", "D1:3", "D1:4"}
    # word similarity alone ranks another episode first (August's repeats the words)
    assert "D1:1" not in ask(store, BAKED, "topk", budget=budget).evidence


def test_the_named_time_is_an_entry_timeline_call(store: GraphStore) -> None:
    trace = ask(store, BAKED, "active").trace
    first = [s for s in trace if s.round == 1]
    assert [s.arguments for s in first if s.tool == "timeline"] == [
        {"start": "2023-03-01", "end": "2023-03-31", "limit": 10}]
    undated = ask(store, "What did Nora bake with her neighbour?", "active").trace
    assert not [s for s in undated if s.round == 1 and s.tool == "timeline"]


@pytest.mark.parametrize("mode", ["active", "topk"])
def test_when_answers_come_from_the_turn_that_says_when(store: GraphStore, mode: str) -> None:
    # D4:1 holds more of the question's words; D2:1 says "yesterday" (the day before 9 May)
    result = ask(store, BOOK_CLUB, mode)
    assert result.answer == "8 May 2023"
    assert result.supports == ("D2:1",)
