"""ph_one: "one" after a definite determiner and a run stands for the noun "which / what"
asks for, so the run says which: "Which ferry ...?" - "The Norwegian one." -> "Norwegian
ferry"; "a better one" says no which."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar")


def test_the_run_before_one_names_which() -> None:
    q = analyse("Which ferry did Omar take to the island?", SPEAKERS)
    assert phrase("The Norwegian one, it was cheaper.", q)[0] == "Norwegian ferry"
    q = analyse("Which jacket did Zofia buy in the end?", SPEAKERS)
    assert phrase("That waterproof one we saw.", q)[0] == "waterproof jacket"
    q = analyse("Which train did Omar catch on Friday?", SPEAKERS)
    assert phrase("Honestly, the slow one.", q)[0] == "slow train"


def test_a_kind_asked_for_is_said_as_the_thing() -> None:
    """"What kind of X?" - "The scruffy one": a scruffy X, not "scruffy kind of X"."""
    q = analyse("What kind of dog did Omar adopt?", SPEAKERS)
    assert phrase("The scruffy one, from the rescue.", q)[0] == "scruffy dog"
    q = analyse("What type of tent did Omar buy?", SPEAKERS)
    assert phrase("That orange one from the sale.", q)[0] == "orange tent"
    q = analyse("What sort of cake did Zofia bake?", SPEAKERS)
    assert phrase("The lemon one, again.", q)[0] == "lemon cake"


def test_an_indefinite_one_or_one_of_names_none() -> None:
    q = analyse("Which novel did Zofia recommend?", SPEAKERS)
    assert phrase("I'd love a better one, honestly.", q)[0] != "better novel"
    q = analyse("Which ferry did Omar take to the island?", SPEAKERS)
    assert phrase("The last one of the day.", q)[0] != "last ferry"


def test_the_one_denied_is_not_which() -> None:
    """"Not the red one, the blue one": the one denied is not the answer."""
    q = analyse("Which jacket did Omar buy?", SPEAKERS)
    assert phrase("Not the red one, the blue one.", q)[0] == "blue jacket"
    assert phrase("The blue one, not the red one.", q)[0] == "blue jacket"
    q = analyse("Which ferry did Zofia take?", SPEAKERS)
    assert phrase("Honestly not the fast one - the old one.", q)[0] == "old ferry"


def test_switched_off_the_run_alone() -> None:
    q = analyse("Which ferry did Omar take to the island?", SPEAKERS, frozenset({"ph_one"}))
    assert phrase("The Norwegian one, it was cheaper.", q)[0] != "Norwegian ferry"
