"""An irregular past ("rode", "slept", "forgot") dates a weekday said without "last" the way
an -ed past does (mrgraph.dates.tense): back, not ahead. A form that is also a noun or an
adjective ("spoke", "rose") is a past only right after its subject; "be" has no tense of its
own ("it's been").

Expected values worked out by hand from a calendar: Wed 2023-05-10 (the Monday before it is
8 May, the Friday before 5 May, the Tuesday before 9 May; the Friday after 12 May, the Monday
after 15 May).
"""

from __future__ import annotations

from datetime import date

import pytest

from mrgraph.dates import find_dates
from mrgraph.dates.tense import tense

WED = date(2023, 5, 10)


def _dates(text: str) -> list[tuple[str, str]]:
    return [(m.text, m.value.value) for m in find_dates(text, WED)]


@pytest.mark.parametrize("text, phrase, value", [
    ("I rode my bike to the coast on Tuesday.", "on Tuesday", "2023-05-09"),  # pronoun + past
    ("The kids slept through the storm on Monday.", "on Monday", "2023-05-08"),  # noun subject
    ("On Friday we stood in the rain for an hour.", "On Friday", "2023-05-05"),  # day first
    ("My phone? Forgot it at the gym Monday.", "Monday", "2023-05-08"),  # subject left out
    ("I spoke to the landlord on Tuesday.", "on Tuesday", "2023-05-09"),  # a homograph after I
    ("I rode to the lake and back on Tuesday.", "on Tuesday", "2023-05-09"),  # "and" + no subject
])
def test_an_irregular_past_looks_back(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value)]


@pytest.mark.parametrize("text, phrase, value", [
    ("Our old neighbour died on Monday.", "on Monday", "2023-05-08"),  # short: "died"
    ("We agreed on Friday to split the bill.", "on Friday", "2023-05-05"),  # "-eed", not "need"
    ("I used the gift card on Tuesday.", "on Tuesday", "2023-05-09"),  # an adjective too
])
def test_a_short_or_eed_past_looks_back(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value)]


@pytest.mark.parametrize("text, phrase, value", [
    ("I need the van on Friday.", "on Friday", "2023-05-12"),  # "need" is its own base
    ("A used bike sale is on Friday.", "on Friday", "2023-05-12"),  # an adjective, no subject
    ("The rose show is on Friday.", "on Friday", "2023-05-12"),  # a noun: the schedule stands
    ("It's been a long week, the party is on Friday.", "on Friday", "2023-05-12"),
    ("We are off on Monday.", "on Monday", "2023-05-15"),
])
def test_a_homograph_or_be_is_no_past(text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value)]


@pytest.mark.parametrize("text, looks", [
    ("She drew the plans on Monday.", "past"),
    ("He hid the keys on Monday.", "past"),
    ("The spoke on my wheel needs a fix on Monday.", None),  # a noun: no past
    ("I've just seen the quote on Monday.", "past"),  # a participle after "have"
    ("I'm gone on Monday, back on Friday.", None),  # a participle after "be": no past
    ("We lay the tiles on Monday.", None),  # a verb's base too: a present as well
])
def test_the_tense_of_a_sentence(text: str, looks: str | None) -> None:
    at = text.index("Monday")
    assert tense(text, at, at + len("Monday")) == looks


@pytest.mark.parametrize("text, phrase, value", [
    # a past in another clause says what was, of what is ahead
    ("I forgot to mention, the party is on Friday.", "on Friday", "2023-05-12"),
    ("I've seen the flyer, the fair is on Friday.", "on Friday", "2023-05-12"),
    ("We've begun packing, the move is on Monday.", "on Monday", "2023-05-15"),
    ("I forgot my keys and we leave on Friday.", "on Friday", "2023-05-12"),  # "and" + subject
    # a participle after an object or "get" is no perfect: what is to be done
    ("I'll get it done on Friday.", "on Friday", "2023-05-12"),
    ("We'll have it done on Monday, I promise.", "on Monday", "2023-05-15"),
])
def test_a_past_of_another_clause_or_a_passive_leaves_a_plan_ahead(
        text: str, phrase: str, value: str) -> None:
    assert _dates(text) == [(phrase, value)]


@pytest.mark.parametrize("text", ["Are you done on Friday?", "Let's get it done on Monday.",
                                  "The new episode gets shown on Friday."])
def test_a_participle_that_is_no_perfect_dates_nothing_back(text: str) -> None:
    assert all(value >= "2023-05-10" for _, value in _dates(text))


@pytest.mark.parametrize("text, found", [
    ("We used to meet for coffee on Friday.", []),  # a past habit: no one day
    ("I used to run on Sunday, now I swim.", []),
    ("I got used to the new desk on Monday.", [("on Monday", "2023-05-08")]),  # used to a thing
    ("The bike I used to ride broke on Monday.", [("on Monday", "2023-05-08")]),  # another's
    ("They used to live here, but they moved out on Tuesday.", [("on Tuesday", "2023-05-09")]),
    ("The van was used to move the sofa on Monday.", [("on Monday", "2023-05-08")]),  # passive
])
def test_used_to_is_a_habit(text: str, found: list[tuple[str, str]]) -> None:
    assert _dates(text) == found
