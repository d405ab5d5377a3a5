"""where_prep: one place asked by "where" is answered as it is said - a common noun's place
with the preposition placing it ("*at* the old boathouse", "*inside* my boot"); a name alone
("Ghent": a name says where by itself), and not when the question says its preposition
("where ... from?") or asks for several places."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar")


def test_a_common_noun_place_keeps_its_preposition() -> None:
    q = analyse("Where did Omar propose to Lena?", SPEAKERS)
    assert phrase("I proposed to Lena at the old boathouse, on one knee.", q)[0] == \
        "at the old boathouse"
    q = analyse("Where did Zofia's cat hide the sock?", SPEAKERS)
    assert phrase("The cat hid the sock inside my boot.", q)[0] == "inside my boot"
    q = analyse("Where was the stray puppy sleeping?", SPEAKERS)
    assert phrase("They found the puppy sleeping in a laundry basket.", q)[0] == \
        "in a laundry basket"


def test_a_name_or_a_question_with_its_own_preposition_takes_none() -> None:
    q = analyse("Where did Omar spend his sabbatical?", SPEAKERS)
    assert phrase("I spent my sabbatical in Ghent, mostly reading.", q)[0] == "Ghent"
    q = analyse("Where did Zofia adopt her dog from?", SPEAKERS)
    assert not phrase("I adopted him from a shelter near the station.", q)[0].startswith("from")
    q = analyse("Where has Zofia camped?", SPEAKERS)  # several places: a list
    assert not phrase("We camped in the mountains once.", q)[0].startswith("in")


def test_switched_off_the_place_is_said_bare() -> None:
    q = analyse("Where did Omar propose to Lena?", SPEAKERS, frozenset({"where_prep"}))
    assert phrase("I proposed to Lena at the old boathouse, on one knee.", q)[0] == \
        "old boathouse"
