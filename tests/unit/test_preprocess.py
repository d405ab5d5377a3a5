"""Preprocessing: pronouns -> speakers, inline dates, and episodic segmentation."""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates
from mrgraph.ingest.preprocess import (
    ResolvedTurn,
    annotate_dates,
    boundary_scores,
    resolve_turn,
    segment,
    split_sentences,
)
from mrgraph.ingest.rewrite import resolve_pronouns
from mrgraph.text import tokenize
from mrgraph.types import Turn

PAIR = ("Odile", "Tomas")
ANCHOR = date(2023, 5, 8)


def test_pronouns_are_resolved_by_ingest_rewrite() -> None:
    """tests/unit/test_rewrite.py has the rules; here: a turn's resolved text uses them."""
    assert resolve_pronouns("I'm swamped with my kids.", "Odile", PAIR) == \
        "Odile is swamped with Odile's kids."


def test_annotate_dates() -> None:
    text = "I went yesterday and will go next week."
    annotated = annotate_dates(text, find_dates(text, ANCHOR))
    assert annotated == ("I went yesterday [2023-05-07] and will go next week "
                         "[2023-W20].")  # a week, not its first day


def test_resolve_turn_dates_then_pronouns() -> None:
    turn = Turn("D1:3", "Odile", "I went to a chess club meeting yesterday!", 2,
                blip_caption="a carved knight")
    resolved = resolve_turn(turn, PAIR, ANCHOR)
    assert resolved.text == "Odile went to a chess club meeting yesterday [2023-05-07]!"
    assert [m.iso for m in resolved.mentions] == ["2023-05-07"]
    assert "knight" in resolved.tokens and "chess" in resolved.tokens  # caption included
    assert not set(tokenize("Odile")) & set(resolved.tokens)  # tokens: the original text's
    [sentence] = resolved.sentences
    assert sentence.text == resolved.text and sentence.source == turn.text


def test_split_sentences() -> None:
    assert split_sentences("Hi! How are you?  Fine. ") == ["Hi!", "How are you?", "Fine."]


# ------------------------------------------------------------------ segmentation

PAINTING_THEN_CAMPING = [
    ("Tomas", "I painted a sunrise over the lake last week."),
    ("Odile", "A lake sunrise painting sounds lovely, what colours did you use?"),
    ("Tomas", "Mostly orange and pink, the lake looked like fire."),
    ("Odile", "Orange and pink on a lake, I would love to see the painting."),
    ("Tomas", "By the way, we are going hiking in the desert next month."),
    ("Odile", "Hiking in the desert! Which trail?"),
    ("Tomas", "A campsite near the river, the kids love the tents."),
    ("Odile", "Tents by a river in the mountains sounds perfect."),
]


def _turns(lines: list[tuple[str, str]]) -> list[ResolvedTurn]:
    return [resolve_turn(Turn(f"D1:{i + 1}", speaker, text, i), PAIR, ANCHOR)
            for i, (speaker, text) in enumerate(lines)]


def _ids(episodes: list[tuple[ResolvedTurn, ...]]) -> list[list[str]]:
    return [[t.turn.dia_id for t in episode] for episode in episodes]


def test_segment_cuts_at_a_topic_shift_cue() -> None:
    episodes = segment(_turns(PAINTING_THEN_CAMPING))
    assert _ids(episodes) == [[f"D1:{i}" for i in range(1, 5)], [f"D1:{i}" for i in range(5, 9)]]


def test_boundary_scores_favour_the_shift() -> None:
    scores = boundary_scores(_turns(PAINTING_THEN_CAMPING))
    assert scores[0] == 0.0
    assert max(range(len(scores)), key=scores.__getitem__) == 4


def test_new_subject_question_counts_as_a_shift() -> None:
    lines = [("A", "My garden tomatoes are finally red."), ("B", "Red tomatoes, lovely garden."),
             ("A", "The garden basil grows too."),
             ("B", "What happened with your car insurance claim?"),
             ("A", "The insurance claim for the car was approved."), ("B", "Great, approved!")]
    scores = boundary_scores(_turns(lines))
    assert scores[3] == max(scores)


def test_segment_respects_sizes() -> None:
    lines = [("A" if i % 2 else "B", f"Sentence number {i} about topic{i} and thing{i}.")
             for i in range(23)]
    episodes = segment(_turns(lines), min_size=2, max_size=8)
    sizes = [len(e) for e in episodes]
    assert sum(sizes) == 23
    assert all(2 <= size <= 8 for size in sizes)
    assert _ids(episodes) == _ids(segment(_turns(lines), min_size=2, max_size=8))  # deterministic


def test_segment_small_sessions() -> None:
    assert segment([]) == []
    one = _turns([("A", "Hello there.")])
    assert _ids(segment(one)) == [["D1:1"]]
    three = _turns([("A", "hi"), ("B", "By the way, hello"), ("A", "hey")])
    assert [len(e) for e in segment(three)] == [3]  # a cut would leave an episode too short


def test_short_tail_joins_or_borrows() -> None:
    # A cue right before the last turn would leave a 1-turn tail: it joins the episode before.
    lines = [("A", "We talked about cars."), ("B", "Cars are fast."), ("A", "Fast cars, yes."),
             ("B", "Anyway, the weather is nice.")]
    assert [len(e) for e in segment(_turns(lines))] == [4]
