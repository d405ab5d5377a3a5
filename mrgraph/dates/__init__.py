"""Dates as values with a precision and a source (a base module: every layer may import it).

    from mrgraph.dates import find_dates, mentions, render, session_value

* `timestamps`: session timestamps to ISO ("1:56 pm on 8 May, 2023" -> "2023-05-08T13:56:00").
* `rules`: time expressions in a turn resolved against its session's day, with their precision
  ("last year" -> the year 2022, never 1 January 2022).
  `named` adds days and months named within another period and holidays ("since November last
  year", "Christmas 2022"); `resolved` is what a rule resolves to (first and last day covered,
  precision); `spoken` adds everyday phrases ("over the weekend", "a fortnight ago", "three
  days back", "a week or so ago"); `weekday` a weekday said bare ("Collected the sofa Thursday.");
  `days` a day with its month, alone or as a run ("from 8 to 10 October", "8-10 October 2024");
  `around` a time said around a stated day, as `render` writes one ("the week before 9 June
  2023", "two days after May 5, 2023").
* `value`: the frozen `DateValue` (value, precision, source, start/end days, phrase, the turn,
  speaker and clause that said it) and its stored form.
* `clauses`: the clause of a turn a date belongs to ("I sold the car last month, *the new one
  comes next week*").
* `render`: the value as people say it, following its precision ("2022", "May 2023", "the
  week before 9 June 2023").

An episode is dated by its session (`session_value`); what its turns say happened is kept per
mention (`mentions`), with the clause it belongs to.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from mrgraph.dates.clauses import clause_at
from mrgraph.dates.render import format_day, format_month, render, render_span, render_value
from mrgraph.dates.rules import find_dates
from mrgraph.dates.timestamps import ambiguous_reading, anchor_date, parse_timestamp, session_iso
from mrgraph.dates.value import (PRECISIONS, SOURCES, DateMention, DateValue, Precision, Source,
                                 from_props, session_value, to_props, value_bounds)
from mrgraph.dates.weekday import tensed_weekday

__all__ = [
    "PRECISIONS", "SOURCES", "DateMention", "DateValue", "Precision", "Source",
    "ambiguous_reading", "anchor_date", "clause_at", "date_record", "find_dates", "format_day",
    "format_month", "from_props", "mentions", "parse_timestamp", "render", "render_span",
    "render_value",
    "session_iso", "session_value", "tensed_weekday", "to_props", "value_bounds",
]

def mentions(text: str, anchor: date, *, dia_id: str = "", speaker: str = "") -> list[DateValue]:
    """The dates `text` mentions (`find_dates`), each with the clause that says it, the turn's
    dia_id and its speaker."""
    return [replace(m.value, statement=clause_at(text, *m.span), dia_id=dia_id,
                    speaker=speaker) for m in find_dates(text, anchor)]


def date_record(value: DateValue) -> dict[str, str | bool]:
    """The labelled record a tool shows for a date: `when` (as people say it), value,
    precision, source and, where known, the phrase, the day it was said on, the turn, its
    speaker and the clause that said it (empty fields left out)."""
    record: dict[str, str | bool] = {"when": render(value)}
    for key, held in to_props(value).items():
        if held or key in ("precision", "source"):
            record[key] = held
    return record
