"""A length of time nobody said, worked out from two dates: "How many weeks passed between
the move and the wedding?" is the time from the date of one to the date of the other, and
"How long has she been knitting?" the time from when she started to when she said so. A
length worked out is said in words up to twelve ("seven weeks"), as people write one they
counted; a span said in a turn is answered as it was said (reader.forms). `answer_dated` answers
a "when" or "how long" question: a length worked out or said, else the date (reader.when).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from functools import partial

from mrgraph.dates import DateValue, render
from mrgraph.found import Found
from mrgraph.reader.dates import stated
from mrgraph.reader.evidence import REACH, Sentence, content_share, sentences, speakers
from mrgraph.reader.forms import duration, years_in
from mrgraph.reader.question import Question, analyse
from mrgraph.reader.when import answer_when, date_of, middle
from mrgraph.reader.words import CARDINALS

_BETWEEN = re.compile(r"\bbetween (.+?) and (.+?)[?.!\s]*$", re.IGNORECASE)
# the second thing asked "between A and B" pointing back to the first: "his first swim after
# *it*", "their second *one* *there*"; a pronoun, not "a one-day course", "no one", "the trip
# that she booked" (a relative "that"), nor "there" inside the clause
_REFERS_BACK = re.compile(r"\b(?:(?:after|since|before) (?:it\b|that$)|(?:first|second|third|"
                          r"next|last|other|another|that|same|new|the) one\b(?!-)|\bit$|there$)",
                          re.IGNORECASE)
_SINCE = re.compile(r"\bhow long (?:has|have)\b.*\bbeen\b", re.IGNORECASE)
_ONGOING = re.compile(r"\bhow long (?:has|have)\b", re.IGNORECASE)
_SO_FAR = re.compile(r"\bhow long (?:has|have|had)\b", re.IGNORECASE)  # up to a day, not "did"
# a length of days or more, asked of the past or up to now: "how long did / has / was ...",
# "how many weeks passed"; not "how many hours", nor a habit ("how long does her drive take",
# "how many days a week is she in the office", "how many hours do they") - by the verb after
# "how long / many <unit>", not any "is" later ("... the boat, which is wooden?")
_STORY_ASKED = re.compile(r"\bhow (?:long|many (?:days|weeks|months|years))\b(?! (?:a|an|per|"
                          r"each|every) (?:day|week|month|year)\b)(?! (?:\w+ )?(?:do|does|is|are|"
                          r"am|can|will)\b)", re.IGNORECASE)  # the verb right after: a habit
_UNIT_ASKED = re.compile(r"\bhow many (day|week|month|year)s\b", re.IGNORECASE)
_DAYS = {"day": 1.0, "week": 7.0, "month": 30.44, "year": 365.25}
_WHOLE = {"week": 2, "month": 2, "year": 1}  # "10 days", "6 weeks", "1 year"
_AGO = re.compile(r"\bhow long ago\b", re.IGNORECASE)  # "ten years ago", not a date
_AGO_END = re.compile(r"\s+ago$", re.IGNORECASE)


def answer_dated(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]]:
    """when / duration: between two things asked about, the length worked out from their
    dates (`length`: a span said in a turn is rarely the time between two others);
    else the span of time said; else (duration) the length worked out from the start of what
    was asked, else from the dates of the sentences telling it (a "how long" question is
    never answered by a date when a length can be worked out); else the date the best
    sentence rests on."""
    lengths = question.kind == "duration" and question.on("lengths")
    between = lengths and _BETWEEN.search(question.text) is not None
    if between and (worked := length(state, question)):
        return worked
    if question.on("span") and (question.kind == "duration" or _AGO.search(question.text)):
        freq = not question.on("span_freq")
        span = next(((d, s) for s in found[:REACH] if (d := duration(s.text, freq))), None)
        if span:
            # "how long" asks for a length: "ago" only places it ("two weeks ago" -> two weeks)
            if _AGO.search(question.text):
                return span[0], (span[1].dia_id,)
            bare = _AGO_END.sub("", span[0])
            return since(bare, span[1].said, question.text), (span[1].dia_id,)
        if lengths and not between and (worked := length(state, question)):
            return worked  # nobody said how long: from the dates of what was asked
        if lengths and question.on("story_span") and \
                (worked := story_length(state, question, found, REACH)):
            return worked
    return answer_when(state, question, found)


def length(state: Found, question: Question) -> tuple[str, tuple[str, ...]] | None:
    """The time between the two things a question names ("between A and B"), or from the
    start of what it asks about to the day that was said ("how long has ... been"), in the
    unit it asks for ("how many weeks") or the largest that counts it whole ("three months");
    None when it asks neither, or a date is missing. A second thing pointing back to the first
    ("his first swim after *it*", "their second *one* *there*") takes its words, and is
    dated by a turn other than the first's (refers_back)."""
    between = _BETWEEN.search(question.text)
    if between is not None:
        one, other = between.groups()
        refers = question.on("refers_back") and _REFERS_BACK.search(other) is not None
        if refers:
            other = f"{other} {one}"  # "their second one there": the first thing's words
        first, second = (dated_part(state, question, part) for part in (one, other))
        if first is None or second is None:
            return None
        if first[1] == second[1] and question.on("refers_back") and \
                (refers or first[0] == second[0]):  # one turn dating both alike answers nothing
            # a second thing pointing back to the first is told after it, in another turn: its
            # best turn other than the first's (a turn telling two things dates each itself)
            second = dated_part(state, question, other, first[1])
            if second is None:
                return None
        days = abs((middle(second[0]) - middle(first[0])).days)
        supports = tuple(dict.fromkeys((first[1], second[1])))
    elif _SINCE.search(question.text):
        start = dated_part(state, question, "")
        if start is None or not start[0].said:
            return None
        days = (date.fromisoformat(start[0].said[:10]) - date.fromisoformat(start[0].start)).days
        supports = (start[1],)
    else:
        return None
    return (_in_units(days, question.text), supports) if days > 0 else None


def story_length(state: Found, question: Question, found: list[Sentence], reach: int) -> \
        tuple[str, tuple[str, ...]] | None:
    """How long what was asked lasted when nobody said it, worked out from the sentences
    telling it (the best `reach` holding some of the question, the person's when it names
    one), each dated by the date it states (a plan's too: "I fly to Lisbon on 3 June"), else
    the day it was said: from the date the question rests on (reader.when.date_of) to the
    one of them farthest from it ("I started building a boat in February." ... "The boat is
    finished!" said in August -> "six months"); for "how long has / have" to the last day it
    was told, still so; for "how long has / have / had" with its start stated, since then as
    well ("five months, since March 2023"). None when no other day is told."""
    told = [s for s in found[:reach] if s.q > 0 and _is_day(s.said) and question.said_by(s.speaker)]
    if not told or not _STORY_ASKED.search(question.text):
        return None
    fit = partial(content_share, state, question)
    value, day, sentence = date_of(state, question, found)
    if value is None and not _is_day(day):
        return None  # the question's event has no day to count from
    anchor = (value or _day(day), sentence)
    if _ONGOING.search(question.text):
        latest = max(told, key=lambda s: s.said[:10])
        first, last = anchor, (_day(latest.said), latest)
    else:
        dated = [(stated(s.text, s.turn, s.said, fit, None) or _day(s.said), s)
                 for s in told]
        other = max(dated, key=lambda d: abs((middle(d[0]) - middle(anchor[0])).days))
        first, last = sorted((anchor, other), key=lambda d: d[0].start)
    days = (middle(last[0]) - middle(first[0])).days
    if days <= 0:
        return None
    said = _in_units(days, question.text)
    if _SO_FAR.search(question.text) and first[0].source != "session":
        said = f"{said}, since {render(first[0])}"
    return said, tuple(dict.fromkeys((first[1].dia_id, last[1].dia_id)))


def _day(said: str) -> DateValue:
    day = said[:10]
    return DateValue(day, "day", "session", day, day, said=day)


def since(span: str, said: str, question: str) -> str:
    """A span of years said of something still going on, with the year it began: "How long
    has she been painting?" - "Nine years now." (said in 2023) -> "nine years, since 2014":
    a length and its start both answer "how long has"; the span as said otherwise (a past
    perfect's "how long had", "two weeks", "since 2019", a day unknown)."""
    count = years_in(span) if not span.lower().endswith("ago") else None
    if not count or not _ONGOING.search(question) or not said[:4].isdigit():
        return span
    return f"{span}, since {int(said[:4]) - count}"


def dated_part(state: Found, question: Question, part: str, besides: str = "") -> \
        tuple[DateValue, str] | None:
    """The date of `part` of the question (the whole question for ""): its own "when"
    question, about the same person when it names none, of sentences not of the turn
    `besides`; the session day when no sentence states one."""
    people = speakers(state.evidence.turns.values())
    asked = question if not part else analyse(f"When did {part}?", people, question.off)
    if asked.person is None and question.person is not None:
        asked = replace(asked, person=question.person)
    found = [s for s in sentences(state, asked) if s.dia_id != besides]
    if not found or found[0].q <= 0:
        return None
    value, said, sentence = date_of(state, asked, found)
    if value is None:
        if not said:
            return None
        day = said[:10]
        value = DateValue(day, "day", "session", day, day, said=day)
    return value, sentence.dia_id


def _is_day(said: str) -> bool:
    """Whether `said` begins with an ISO day (a turn of a session without a time has none)."""
    try:
        date.fromisoformat(said[:10])
    except ValueError:
        return False
    return True


def _in_units(days: int, question: str) -> str:
    asked = _UNIT_ASKED.search(question)
    unit = asked.group(1).lower() if asked else next(
        (u for u in ("year", "month", "week") if days >= _WHOLE[u] * _DAYS[u] - 1), "day")
    count = max(1, round(days / _DAYS[unit]))
    return f"{CARDINALS.get(count, str(count))} {unit}" + ("s" if count != 1 else "")
