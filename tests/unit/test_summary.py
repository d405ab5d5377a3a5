"""Episode summaries (mrgraph.ingest.summary): extractive, one sentence per thing the episode is
about, each naming who. Conversations invented for these tests."""

from __future__ import annotations

from datetime import date

from mrgraph.ingest.preprocess import resolve_turn
from mrgraph.ingest.salience import keyword_weights
from mrgraph.ingest.summary import summarize
from mrgraph.types import Turn
from tests.unit.marks import needs_wordnet

PAIR = ("Ana", "Ben")


def _summary(lines: list[tuple[str, str]]) -> str:
    turns = [resolve_turn(Turn(f"D1:{i + 1}", who, text, i), PAIR, date(2023, 5, 8))
             for i, (who, text) in enumerate(lines)]
    weights = keyword_weights([t for turn in turns for t in turn.tokens], {}, frozenset())
    return summarize(turns, weights)


@needs_wordnet
def test_each_sub_topic_gets_a_sentence_naming_who() -> None:
    summary = _summary([
        ("Ana", "I restored an old sailboat over the winter, sanding every plank by hand."),
        ("Ben", "Wow, a sailboat! Sanding planks sounds exhausting."),
        ("Ana", "It was! Anyway, how is the bakery going?"),
        ("Ben", "The bakery finally turned a profit, and my sourdough sold out twice."),
        ("Ana", "Amazing. Oh, and my cousin is getting married in Lisbon in June."),
    ])
    assert "sailboat" in summary and "Ana" in summary
    assert "bakery" in summary or "sourdough" in summary
    assert "married" in summary
    assert "Ben's sourdough" in summary or "Ben:" in summary  # who sold out twice


def test_questions_and_small_talk_are_not_summaries() -> None:
    summary = _summary([
        ("Ana", "Good luck!"),
        ("Ben", "Thanks! Did you go?"),
        ("Ana", "I repaired the greenhouse roof with new glass panels."),
    ])
    assert summary == "Ana repaired the greenhouse roof with new glass panels."


def test_a_sentence_that_names_no_one_is_said_by_its_speaker() -> None:
    summary = _summary([("Ben", "The harbour festival fireworks were spectacular this year."),
                        ("Ana", "Good luck!")])
    assert summary.startswith("Ben: The harbour festival fireworks")


def test_nothing_to_say_gives_no_summary() -> None:
    assert _summary([("Ana", "Hi!"), ("Ben", "Hey!")]) == ""
