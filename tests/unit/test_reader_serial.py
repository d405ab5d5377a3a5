"""A list written with the serial comma ("yoga, judo, and tai chi"; "A, B, or C") is one list
segment like "A, B and C" (reader.phrases, family ph_serial), and its items are each thing it
names (reader.items.split_and, its commas only with ph_serial: not a number's). After one
item, ", and" / ", or" before a clause's subject joins two clauses, not a list."""

from __future__ import annotations

from mrgraph.policies.turns import found
from mrgraph.reader.items import split_and
from mrgraph.reader.phrases import segments
from mrgraph.reader.question import analyse
from mrgraph.reader.read import read
from tests.unit.marks import needs_wordnet
from tests.unit.test_reader import SPEAKERS, state

OFF = frozenset({"ph_serial"})
CASES = [
    ("What sports does Omar practise?", "At the club I do yoga, judo, and tai chi most weeks.",
     "yoga, judo, and tai chi"),
    ("What does Zofia grow in her plot?",
     "This year it's courgettes, broad beans, and sweet peas along the fence.",
     "courgettes, broad beans, and sweet peas"),
    ("What does Omar do on a slow Sunday?",
     "Usually baking, crosswords, or long walks with the dog.",
     "baking, crosswords, or long walks"),
]


def _phrases(question: str, sentence: str, off: frozenset[str] = frozenset()) -> list[str]:
    asked = analyse(question, SPEAKERS, off)
    return [" ".join(s.words) for s in segments(sentence, asked)]


def test_a_serial_comma_list_is_one_segment() -> None:
    for question, sentence, listed in CASES:
        assert listed in _phrases(question, sentence), sentence
        assert listed not in _phrases(question, sentence, OFF), sentence  # the rule's


def test_a_serial_comma_list_gives_each_thing() -> None:
    assert split_and("yoga, judo, and tai chi") == ["yoga", "judo", "tai chi"]
    assert split_and("baking, crosswords, or long walks") == ["baking", "crosswords",
                                                              "long walks"]
    assert split_and("a torch, maps and rope") == ["a torch", "maps", "rope"]
    assert split_and("Pip and Moss") == ["Pip", "Moss"]


def test_a_number_keeps_its_comma() -> None:
    """Three shapes: a price, a count before a list, two amounts joined by "and"."""
    assert split_and("a £1,200 bike") == ["a £1,200 bike"]
    assert split_and("1,200 tulips, 300 roses and some ferns") == ["1,200 tulips", "300 roses",
                                                                   "some ferns"]
    assert split_and("2,000 pounds and 1,500 pounds") == ["2,000 pounds", "1,500 pounds"]


@needs_wordnet
def test_a_list_answer_keeps_a_number_whole() -> None:
    """Three shapes: a price in a list, two amounts, a count; each number whole."""
    cases = [
        ("What items did Omar sell?",
         "I sold my £1,500 bike and my old camera to fund the trip.", "£1,500 bike"),
        ("What amounts has Omar raised?",
         "We raised 2,000 pounds and 1,500 pounds at the two bake sales.", "2,000 pounds"),
        ("What flowers are in Omar's garden?",
         "My garden has 1,200 tulips, 300 roses and some ferns.", "1,200 tulips"),
    ]
    for question, sentence, whole in cases:
        answer = read(found(state(question, [("D1:1", "Omar", sentence)]), False)).answer
        assert whole in answer, answer


def test_without_the_family_only_and_parts_a_phrase() -> None:
    assert split_and("yoga, judo, and tai chi", serial=False) == ["yoga, judo,", "tai chi"]
    assert split_and("a torch, maps and rope", serial=False) == ["a torch, maps", "rope"]
    assert split_and("Pip and Moss", serial=False) == ["Pip", "Moss"]


TWO = [  # a comma, "and" / "or", then a new clause: one thing, no list
    ("What did Omar buy?", "I bought bread, and milk was sold out.", "bread"),
    ("Where did Zofia travel?", "We went to Lisbon, and Porto was next.", "Lisbon"),
    ("What pet did Omar adopt?", "I adopted a ferret, or my sister did.", "ferret"),
]


def test_two_items_and_a_serial_comma_make_no_list() -> None:
    for question, sentence, first in TWO:
        found = _phrases(question, sentence)
        assert not any("," in p for p in found), sentence
        assert first in found, sentence
