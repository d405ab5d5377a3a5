"""who_person: a "who" answer is a person (reader.persons, reader.phrases)."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar")


def test_who_takes_a_person_not_a_place_or_a_date() -> None:
    q = analyse("Who fed Omar's parrot while he was away in Spain?", SPEAKERS)
    assert phrase("We flew to Valencia and my cousin Petra fed the parrot.", q)[0] == \
        "cousin Petra"
    q = analyse("Who did Zofia meet on Easter Monday?", SPEAKERS)
    assert phrase("On Easter Monday I met Ilse at the market.", q)[0] == "Ilse"
    q = analyse("Who lent Omar the tent?", SPEAKERS)
    assert phrase("The tent came from Harbour Street, my neighbour lent it.", q)[0] == \
        "neighbour"


def test_who_cuts_the_phrase_to_the_person() -> None:
    q = analyse("Who did Omar take to the wedding?", SPEAKERS)
    assert phrase("I'm taking lemon cake and Ravi.", q)[0] == "Ravi"
    q = analyse("Who got Zofia into pottery?", SPEAKERS)
    assert phrase("My colleague Bettina dragged me along one evening.", q)[0] == \
        "colleague Bettina"
    q = analyse("Who encouraged Zofia to apply?", SPEAKERS)
    assert phrase("Honestly my auntie pushed me to apply.", q)[0] == "auntie"


def test_who_switched_off_keeps_the_named_place() -> None:
    q = analyse("Who fed Omar's parrot while he was away in Spain?", SPEAKERS,
                frozenset({"who_person"}))
    assert phrase("We flew to Valencia and my cousin Petra fed the parrot.", q)[0] == \
        "Valencia and my cousin Petra"


def test_who_a_persons_place_names_the_person() -> None:
    q = analyse("Whose party did Omar go to?", SPEAKERS)
    assert phrase("We danced at my cousin's party in a lovely old barn.", q)[0] == "cousin's"
