"""ph_adverb_end: a phrase answering "what" does not end with how or when it was done - a
word WordNet knows only as an adverb ("again", "recently"), or "together", which says the
doers were joined, not what they did ("a convention *together*")."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.question import analyse

SPEAKERS = ("Priya", "Omar")
OFF = frozenset({"ph_adverb_end"})


def test_together_or_an_adverb_at_the_end_is_cut() -> None:
    q = analyse("What did Omar visit with his brother in May?", SPEAKERS)
    assert phrase("My brother and I visited an old lighthouse together.", q)[0] == \
        "old lighthouse"
    q = analyse("What did Priya bake for the fair?", SPEAKERS)
    assert phrase("For the fair I baked a lemon cake again.", q)[0] == "lemon cake"
    q = analyse("What did Omar fix last weekend?", SPEAKERS)
    assert phrase("Last weekend I fixed the garden gate afterwards.", q)[0] == "garden gate"


def test_a_word_that_is_more_than_an_adverb_stays() -> None:
    q = analyse("What did Priya buy at the market?", SPEAKERS)
    assert phrase("At the market I bought a fresh loaf.", q)[0].endswith("fresh loaf")


def test_switched_off_the_adverb_stays() -> None:
    q = analyse("What did Omar visit with his brother in May?", SPEAKERS, OFF)
    assert phrase("My brother and I visited an old lighthouse together.", q)[0].endswith(
        "together")
