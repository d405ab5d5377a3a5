"""The wrong-person test over whole turns keeps, for a date or a length asked, the margin it
keeps over sentences (reader.whose, family `wp_dated_turns`): a date rests on the episode more
than on who says it, so the other speaker's turn echoing a little more of the question does not
make the person's dated turn someone else's. Invented turns."""

from __future__ import annotations

import pytest

from tests.unit.test_reader_when import _answer


@pytest.mark.parametrize("question,own,other,expected", [
    ("When did Ilse repaint the old garden shed?",
     "I repainted the old shed on Saturday.",
     "The old garden shed I repainted for my dad looks great.",
     "the Saturday before 8 May 2024"),
    ("Which year did Ilse open the corner bike shop?",
     "I opened the bike shop on the corner in 2019.",
     "The corner bike shop opened the year I moved here.", "2019"),
    ("How long has Ilse played the bass guitar in bands?",
     "I've played the bass guitar for ten years now.",
     "I played bass guitar in two bands at school.", "ten years, since 2014"),
])
def test_a_dated_turn_of_the_person_answers_beside_a_closer_echo(
        question: str, own: str, other: str, expected: str) -> None:
    turns = [("D1:1", "Bo", other, "2024-05-08"), ("D1:2", "Ilse", own, "2024-05-08")]
    assert _answer(question, turns) == (expected, ("D1:2",))
    assert _answer(question, turns, frozenset({"wp_dated_turns"}))[0] == \
        "Not mentioned in the conversation"


def test_the_other_speakers_own_story_still_is_theirs() -> None:
    """Swapped person: only the other tells it, the person's turn holds nearly none of it."""
    turns = [("D1:1", "Bo", "I repainted the old garden shed on Saturday.", "2024-05-08"),
             ("D1:2", "Ilse", "Nice, the old one?", "2024-05-08")]
    answer = _answer("When did Ilse repaint the old garden shed?", turns)
    assert answer[0] == "Not mentioned in the conversation"
