"""An item of a list answer names the thing: a past form's object without a determiner when
it ends in a plural noun ("planted onion bulbs" -> "onion bulbs"), past an object pronoun
("gave me some chairs" -> "chairs"), and without a leading ordinal ("first plums" -> "plums")
(reader.items.thing_of, unranked; family item_trim)."""

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
                                    "first", "finished reading"])
def test_what_is_no_object_stays(phrase: str) -> None:
    assert things(phrase, _on) == things(phrase, _off)
