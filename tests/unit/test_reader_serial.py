"""A list written with the serial comma ("yoga, judo, and tai chi"; "A, B, or C") is one list
segment like "A, B and C" (reader.phrases, family ph_serial), and its items are each thing it
names (reader.items.split_and)."""

from __future__ import annotations

from mrgraph.reader.items import split_and
from mrgraph.reader.phrases import segments
from mrgraph.reader.question import analyse
from tests.unit.test_reader import SPEAKERS

OFF = frozenset({"ph_serial"})
CASES = [
    ("What sports does Omar practise?", "At the club I do yoga, judo, and tai chi most weeks.",
     "yoga, judo, and tai chi"),
    ("What does Priya grow in her plot?",
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
    assert split_and("love, faith and strength") == ["love", "faith", "strength"]
    assert split_and("Pip and Moss") == ["Pip", "Moss"]
