"""How long a thing lasted: the period of a frequency is no span ("twice a week", family
span_freq)."""

from __future__ import annotations

from mrgraph.reader.forms import duration


def test_the_period_of_a_frequency_is_no_span() -> None:
    """"twice a week" says how often; a span elsewhere in the sentence still counts."""
    assert duration("Twice a week, I'm doing laps now.", often=False) is None
    assert duration("I go three times a month to the pool.", often=False) is None
    assert duration("Once a week for two years now.", often=False) == "two years"
    assert duration("Twice a week.") == "a week"  # the family off: as before
