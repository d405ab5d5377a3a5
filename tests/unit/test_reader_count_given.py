"""count_given: a count cut off before the noun "how many" counts, ending with a word of the
question that only describes it ("all *nine* spare | chairs" for "How many spare chairs"),
is a fragment: the number alone answers; the noun said stays ("three rooms"), so does a unit
the question does not say ("3 kilos 400 grams")."""

from __future__ import annotations

from mrgraph.reader.phrases import phrase
from mrgraph.reader.tally import unsaid
from mrgraph.reader.question import analyse

SPEAKERS = ("Zofia", "Omar")


def test_the_number_alone_when_the_question_names_the_thing() -> None:
    q = analyse("How many spare keys did Omar hide in the garden?", SPEAKERS)
    assert phrase("I hid three spare keys under the pots in the garden.", q)[0] == "three"
    q = analyse("How many picnic blankets did Zofia buy?", SPEAKERS)
    assert phrase("Yesterday I bought six picnic blankets at the fair.", q)[0] == "six"
    q = analyse("How many guest rooms does the inn have?", SPEAKERS)
    assert phrase("The inn has 14 guest rooms, all with a view.", q)[0] == "14"


def test_a_unit_or_thing_the_question_does_not_say_stays() -> None:
    assert unsaid(["3", "kilos", "400", "grams"], frozenset({"baby", "weigh"}), None) == 4
    assert unsaid(["nine", "spare"], frozenset({"spare", "chair"}), "chair") == 1
    assert unsaid(["three", "rooms"], frozenset({"room", "flat"}), "room") == 2
    assert unsaid(["20", "jars"], frozenset({"sell", "jam"}), "jam") == 2


def test_switched_off_the_words_after_the_number_stay() -> None:
    q = analyse("How many spare keys did Omar hide in the garden?", SPEAKERS,
                frozenset({"count_given"}))
    assert phrase("I hid three spare keys under the pots in the garden.", q)[0] != "three"
