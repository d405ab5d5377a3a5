"""An item of a list answer names the thing: a past form's object without a determiner when
it ends in a plural noun ("planted onion bulbs" -> "onion bulbs"; not "took ages"), past an
object pronoun ("gave me some chairs" -> "chairs"), and without a leading ordinal ("first
plums" -> "plums"; not "first aid kit", "Second City", "first date") (reader.items.thing_of,
unranked; family item_trim); a measure of a thing is the thing ("two jars of jam" -> "jam":
measured, family item_measure; not "a lot of them")."""

from __future__ import annotations

import pytest

from mrgraph.reader.items import things
from tests.unit.marks import needs_wordnet


def _on(family: str) -> bool:
    return True


def _off(family: str) -> bool:
    return family != "item_trim"


@needs_wordnet
@pytest.mark.parametrize(("phrase", "thing"), [
    ("planted onion bulbs", "onion bulbs"),  # a bare plural object
    ("baked scones", "scones"),
    ("gave me some folding chairs", "folding chairs"),  # past the object pronoun
    ("sent us a parcel", "parcel"),
    ("first plums", "plums"),  # no ordinal
    ("second quilt", "quilt")])
def test_an_item_names_the_thing(phrase: str, thing: str) -> None:
    assert things(phrase, _on) == [thing]
    assert things(phrase, _off) != [thing]  # the rule's


@needs_wordnet
@pytest.mark.parametrize("phrase", ["went camping", "playing my violin", "plan events",
                                    "first", "finished reading", "took ages", "waited hours",
                                    "spent weeks"])
def test_what_is_no_object_stays(phrase: str) -> None:
    assert things(phrase, _on) == things(phrase, _off)


@needs_wordnet
@pytest.mark.parametrize("phrase", [
    "first aid kit", "second hand bike",  # WordNet knows the two words as one
    "first date", "second week at the bakery",  # a time: which occasion
    "Second City", "First Nations",  # a name: a capitalised word after the ordinal
    "first aid kits"])
def test_an_ordinal_of_a_name_stays(phrase: str) -> None:
    assert things(phrase, _on) == [phrase]


def _no_measure(family: str) -> bool:
    return family != "item_measure"


@needs_wordnet
@pytest.mark.parametrize(("phrase", "thing"), [
    ("four jars of plum jam", "plum jam"),  # a number and a container
    ("a lot of patience", "patience"),  # a quantity
    ("plenty of garden photos", "garden photos"),
    ("a couple of the neighbours", "neighbours")])
def test_a_measure_of_a_thing_is_the_thing(phrase: str, thing: str) -> None:
    assert things(phrase, _on) == [thing]
    assert things(phrase, _no_measure) != [thing]  # the rule's


@needs_wordnet
@pytest.mark.parametrize("phrase", ["end of the road", "huge part of my week", "lots",
                                    "a lot of them", "six jars of it", "a bunch of those"])
def test_no_measure_word_no_cut(phrase: str) -> None:
    assert things(phrase, _on) == [phrase]
