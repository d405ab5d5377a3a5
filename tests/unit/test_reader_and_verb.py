"""ph_and_verb: in a "where" answer the place ends before "and" + a verb + its object's
determiner - the subject's second act ("the Lake District *and climbed a* hill"), not a part
of the place ("the shops and cafes")."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Priya", "Omar")


def test_the_place_ends_before_a_second_act() -> None:
    q = analyse("Where did Omar hike in April?", SPEAKERS)
    assert phrase("We hiked in the Lake District and climbed a few hills.", q)[0] == \
        "Lake District"
    q = analyse("Where did Priya travel last summer?", SPEAKERS)
    assert phrase("I travelled around Northern Portugal and visited my old school.", q)[0] \
        == "Northern Portugal"
    q = analyse("Where did Omar stay in Rome?", SPEAKERS)
    assert phrase("We stayed near Campo Fiori and ate some amazing pasta.", q)[0] == \
        "Campo Fiori"


def test_a_place_joined_by_and_stays_whole() -> None:
    q = analyse("Where did Priya spend the afternoon?", SPEAKERS)
    assert "shops and cafes" in phrase("I spent the afternoon in the shops and cafes downtown.",
                                       q)[0]


def test_switched_off_the_run_goes_on() -> None:
    q = analyse("Where did Omar hike in April?", SPEAKERS, frozenset({"ph_and_verb"}))
    assert "climbed" in phrase("We hiked in the Lake District and climbed a few hills.", q)[0]
