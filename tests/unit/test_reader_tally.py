"""A running count (reader.tally): "how many X had she done by <date>" by the total said so
far, or by the ordinal of the latest one."""

from __future__ import annotations

from mrgraph.reader.question import analyse
from mrgraph.reader.tally import counted_noun, ordinal_of
from tests.unit.test_reader import state
from tests.unit.walked import read

SPEAKERS = ("Omar", "Priya")


def _answer(question: str, turns: list[tuple[str, str, str]]) -> str:
    return read(state(question, turns)).answer


def test_the_noun_counted() -> None:
    assert counted_noun(analyse("How many pottery classes had Priya taken by May?",
                                SPEAKERS)) == "class"
    assert counted_noun(analyse("How many guided walks has Omar led?", SPEAKERS)) == "walk"
    assert counted_noun(analyse("How many times did Omar swim?", SPEAKERS)) == "time"


def test_a_total_so_far_answers() -> None:
    turns = [("D1:1", "Omar", "I lead canal walks now, ninety minutes each, Fridays."),
             ("D1:2", "Omar", "I've done five so far and nobody got lost.")]
    assert _answer("How many canal walks had Omar led by 9 May 2023?", turns) == "five"
    turns = [("D1:1", "Priya", "The shelter is great, I've fostered 3 puppies in total.")]
    assert _answer("How many puppies had Priya fostered by May 2023?", turns) == "three"
    turns = [("D1:1", "Omar", "Marathons are my thing: two altogether, both in the rain.")]
    assert _answer("How many marathons had Omar run by 2023?", turns) == "two"


def test_the_ordinal_of_the_latest_counts() -> None:
    assert ordinal_of("That was our third pottery class together!", "class") == 3
    assert ordinal_of("My second trip abroad this year.", "trip") == 2
    assert ordinal_of("My first trip abroad this year.", "trip") is None  # a first time
    assert ordinal_of("The second half was better.", "class") is None
    turns = [("D1:1", "Priya", "Our fourth dance workshop, and the best one yet!")]
    assert _answer("How many dance workshops had Priya and Omar done by June 2023?",
                   turns) == "four"


def test_what_was_done_without_its_time() -> None:
    from mrgraph.reader.forms import untimed
    assert untimed("drove up to the coast on Friday and swam for an hour") == \
        "drove up to the coast and swam"
    assert untimed("went camping last weekend with my kids") == "went camping with my kids"
    assert untimed("saw a play in June 12 at the Globe") == "saw a play at the Globe"
    assert untimed("left yesterday") == "left yesterday"  # nothing left but the verb
    turns = [("D1:1", "Omar", "My niece was born on Monday!"),
             ("D1:2", "Omar", "I took the train on Tuesday and held her for about two hours.")]
    assert _answer("What did Omar do the day after his niece was born?", turns) == \
        "took the train and held her"


def test_what_was_done_without_its_opening_adverb() -> None:
    from mrgraph.reader.forms import untimed
    assert untimed("finally repainted the kitchen") == "repainted the kitchen"
    assert untimed("actually just signed up for a pottery course") == \
        "signed up for a pottery course"
    assert untimed("finally left") == "finally left"  # the act alone stays whole
    turns = [("D1:1", "Omar", "Yesterday I finally repainted the kitchen, took all day.")]
    assert _answer("What did Omar do on 6 May 2023?", turns) == "repainted the kitchen"

