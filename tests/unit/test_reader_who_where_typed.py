"""who_person: a "who" answer is a person (reader.persons, reader.phrases)."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar")


def test_who_takes_a_person_not_a_place_or_a_date() -> None:
    q = analyse("Who taught Omar to sail?", SPEAKERS)
    assert phrase("We sailed out of Kestrel Bay and my uncle Anselm showed me the ropes.",
                  q)[0] == "uncle Anselm"
    q = analyse("Who did Zofia meet at the market on Easter Monday?", SPEAKERS)
    assert phrase("On Easter Monday I met Marit at the market.", q)[0] == "Marit"
    q = analyse("Who lent Omar the ladder?", SPEAKERS)
    assert phrase("The ladder came from Quarry Lane, the caretaker lent it.", q)[0] == \
        "caretaker"


def test_who_cuts_the_phrase_to_the_person() -> None:
    q = analyse("Who did Omar take to the wedding?", SPEAKERS)
    assert phrase("I'm bringing a fruit salad and Ravi.", q)[0] == "Ravi"
    q = analyse("Who got Zofia into archery?", SPEAKERS)
    assert phrase("My colleague Bettina dragged me along one evening.", q)[0] == \
        "colleague Bettina"
    q = analyse("Who encouraged Zofia to apply?", SPEAKERS)
    assert phrase("Honestly my godmother pushed me to apply.", q)[0] == "godmother"


def test_who_switched_off_keeps_the_named_place() -> None:
    q = analyse("Who taught Omar to sail?", SPEAKERS, frozenset({"who_person"}))
    assert phrase("We sailed out of Kestrel Bay and my uncle Anselm showed me the ropes.",
                  q)[0] != "uncle Anselm"


def test_who_a_persons_place_names_the_person() -> None:
    q = analyse("Whose party did Omar go to?", SPEAKERS)
    assert phrase("We danced at my cousin's party in a lovely old barn.", q)[0] == "cousin's"
