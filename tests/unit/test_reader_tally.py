"""The noun "how many" counts (reader.tally.counted_noun)."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.reader.tally import counted_noun

SPEAKERS = ("Omar", "Zofia")


def test_the_noun_counted() -> None:
    assert counted_noun(analyse("How many sewing classes had Zofia taken by May?",
                                SPEAKERS)) == "class"
    assert counted_noun(analyse("How many guided walks has Omar led?", SPEAKERS)) == "walk"
    assert counted_noun(analyse("How many times did Omar swim?", SPEAKERS)) == "time"
